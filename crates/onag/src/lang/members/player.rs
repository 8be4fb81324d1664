//! Members of the players `Left` and `Right`.

use crate::lang::runtime::table::{Table, member};
use crate::lang::value::{Player, Value};

/// The members of `Left` and `Right`.
pub(crate) const TABLE: Table<Player> = Table {
    on: "player",
    members: &[
        member("Opponent", 0, "the other player", "Left.Opponent", |_, p, _, _| {
            Ok(Value::Player(match p {
                Player::Left => Player::Right,
                Player::Right => Player::Left,
            }))
        }),
        member("Sign", 0, "1 for Left, -1 for Right", "Right.Sign", |_, p, _, _| {
            Ok(Value::int(if *p == Player::Left { 1 } else { -1 }))
        }),
        member("Ordinal", 0, "1 for Left, 2 for Right", "Right.Ordinal", |_, p, _, _| {
            Ok(Value::int(if *p == Player::Left { 1 } else { 2 }))
        }),
    ],
};

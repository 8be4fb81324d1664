//! Members of positions of the ruleset catalog
//! (`game.grid.Domineering("..|..").LeftOptions`): the moves, in the
//! ruleset's order, and the nim value; every other game member goes through
//! the position's canonical form.

use super::super::partizan;
use super::table::{Table, member};
use crate::ruleset::{AnyPosition, Player};

/// The members a ruleset position answers itself.
pub(crate) const TABLE: Table<dyn AnyPosition> = Table {
    on: "ruleset position",
    members: &[
        member(
            "LeftOptions",
            0,
            "the positions Left can move to, in the ruleset's order",
            "game.grid.Domineering(\"..|..\").LeftOptions",
            |_, p, _, _| Ok(partizan::moves(p, Some(Player::Left))),
        ),
        member(
            "RightOptions",
            0,
            "the positions Right can move to, in the ruleset's order",
            "game.grid.Domineering(\"..|..\").RightOptions",
            |_, p, _, _| Ok(partizan::moves(p, Some(Player::Right))),
        ),
        member(
            "Options",
            0,
            "every move of either player: LeftOptions then RightOptions",
            "game.grid.Cram(\"...\").Options",
            |_, p, _, _| Ok(partizan::moves(p, None)),
        ),
        member(
            "NimValue",
            0,
            "the nim value, by Sprague-Grundy on the position's regions",
            "game.grid.Cram(\"....|....\").NimValue",
            |ev, p, _, s| partizan::nim_value(ev, p, s),
        ),
    ],
};

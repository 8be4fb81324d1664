//! Members of positions of the ruleset catalog
//! (`game.grid.Domineering("..|..").LeftOptions`): the moves, in the
//! ruleset's order; the nim value; for impartial rulesets the misère
//! canonical form, misère nim value and genus. Every other game member goes
//! through the position's canonical form.

use super::super::context::Eval;
use super::super::lexer::Span;
use super::super::partizan;
use super::super::value::{self, Value};
use super::table::{Args, Table, member, member_optional, player};
use crate::error::{ErrorKind, Result};
use crate::impartial::misere::FormId;
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
            "Followers",
            0,
            "every position reachable by moves of either player, the position included, as positions",
            "game.grid.Domineering(\"..|..\").Followers",
            followers,
        ),
        member(
            "FollowerCount",
            0,
            "how many positions are reachable by moves of either player, the position included",
            "game.grid.Amazons(\"x...|o...\").FollowerCount",
            |ev, p, _, s| Ok(Value::int(reachable(ev, p, s)?.len())),
        ),
        member_optional(
            "Options",
            0,
            1,
            "the moves (impartial rulesets); Options(Left): one player's; partizan Options: Left's then Right's",
            "game.grid.Cram(\"...\").Options",
            options,
        ),
        member(
            "NimValue",
            0,
            "the nim value, by Sprague-Grundy on the position's regions",
            "game.grid.Cram(\"....|....\").NimValue",
            |ev, p, _, s| partizan::nim_value(ev, p, s),
        ),
        member(
            "MisereCanonicalForm",
            0,
            "the misère canonical form of an impartial position",
            "game.grid.Cram(\".........|##.######\").MisereCanonicalForm",
            |ev, p, _, s| misere_form(ev, p, s).map(Value::Misere),
        ),
        member(
            "MisereOutcomeClass",
            0,
            "the outcome class when the player unable to move wins, from the position's own moves",
            "game.grid.Domineering(\"....|....\").MisereOutcomeClass",
            |ev, p, _, s| {
                if p.ruleset().impartial {
                    let g = misere_form(ev, p, s)?;
                    let v = ev.state.misere.forms().misere_value(g);
                    return Ok(super::misere::outcome_of_misere_value(v));
                }
                partizan::misere_outcome(ev, p, s).map(Value::Outcome)
            },
        ),
        member(
            "MisereNimValue",
            0,
            "the misère nim value of an impartial position",
            "game.grid.Cram(\"....|....\").MisereNimValue",
            |ev, p, _, s| {
                let g = misere_form(ev, p, s)?;
                Ok(Value::int(ev.state.misere.forms().misere_value(g)))
            },
        ),
        member(
            "Genus",
            0,
            "the genus of an impartial position",
            "game.grid.Cram(\"...|...\").Genus",
            |ev, p, _, s| {
                let g = misere_form(ev, p, s)?;
                let budget = ev.budget;
                let genus = ev.state.misere.genus(g, budget).map_err(|e| ev.locate(e, s))?;
                Ok(Value::Genus(genus.to_string()))
            },
        ),
    ],
};

/// Every position reachable from `p` by moves of either player, `p`
/// first, then in the order a breadth-first walk meets them (positions that
/// print the same are one). Counts against the input's position limit.
fn reachable(ev: &Eval<'_>, p: &dyn AnyPosition, span: Span) -> Result<Vec<Box<dyn AnyPosition>>> {
    let mut seen = rustc_hash::FxHashSet::default();
    seen.insert(p.notation());
    let mut found = vec![p.clone_box()];
    let mut next = 0;
    while next < found.len() {
        let players: &[Player] =
            if p.ruleset().impartial { &[Player::Left] } else { &[Player::Left, Player::Right] };
        for &player in players {
            for option in found[next].options(player) {
                if seen.insert(option.notation()) {
                    found.push(option);
                }
            }
        }
        next += 1;
        if next % 1024 == 0 {
            ev.budget.check(found.len() as u64).map_err(|e| ev.locate(e, span))?;
        }
    }
    Ok(found)
}

fn followers(ev: &mut Eval<'_>, p: &dyn AnyPosition, _: Args<'_>, span: Span) -> Result<Value> {
    let all = reachable(ev, p, span)?;
    Ok(Value::Set(all.into_iter().map(Value::Position).collect()))
}

/// `Options` and `Options(player)`.
fn options(ev: &mut Eval<'_>, p: &dyn AnyPosition, args: Args<'_>, _: Span) -> Result<Value> {
    if args.is_empty() {
        let both = if p.ruleset().impartial { Some(Player::Left) } else { None };
        return Ok(partizan::moves(p, both));
    }
    let side = match player(ev, "Options", args, 0)? {
        value::Player::Left => Player::Left,
        value::Player::Right => Player::Right,
    };
    Ok(partizan::moves(p, Some(side)))
}

/// The misère canonical form of an impartial position, in the session's
/// misère games.
fn misere_form(ev: &mut Eval<'_>, p: &dyn AnyPosition, span: Span) -> Result<FormId> {
    let budget = ev.budget.clone();
    let session = &mut *ev.state;
    session.solvers.set_budget(budget);
    match p.misere_form(&mut session.solvers, &mut session.misere) {
        Ok(Some(g)) => Ok(g),
        Ok(None) => Err(ev.error(
            span,
            ErrorKind::InvalidInput,
            format!("{} is not impartial: misère values need an impartial game", p.ruleset().name),
        )),
        Err(e) => Err(ev.locate(e, span)),
    }
}

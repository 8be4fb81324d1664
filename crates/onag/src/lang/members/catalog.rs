//! Members of positions of the ruleset catalog
//! (`game.grid.Domineering("..|..").LeftOptions`): the moves, in the
//! ruleset's order; the nim value; for impartial rulesets the misère
//! canonical form, misère nim value and genus; the outcome class by the
//! outcome search. Every other game member goes through the position's
//! canonical form.

use crate::error::{ErrorKind, Result};
use crate::impartial::misere::FormId;
use crate::lang::classes::catalog as partizan;
use crate::lang::runtime::context::Eval;
use crate::lang::runtime::table::{Args, Table, member, member_optional, player};
use crate::lang::syntax::lexer::Span;
use crate::lang::value::{self, Value};
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
            "SensibleLeftOptions",
            0,
            "for each canonical Left option K, the first move to a position of value ≥ K (the moves that matter)",
            "game.grid.Domineering(\"...|...|...\").SensibleLeftOptions",
            |ev, p, _, s| sensible_options(ev, p, Player::Left, s),
        ),
        member(
            "SensibleRightOptions",
            0,
            "for each canonical Right option K, the first move to a position of value ≤ K",
            "game.grid.Domineering(\"...|...|...\").SensibleRightOptions",
            |ev, p, _, s| sensible_options(ev, p, Player::Right, s),
        ),
        member(
            "SensibleOptions",
            1,
            "SensibleOptions(Left) or SensibleOptions(Right)",
            "game.grid.Domineering(\"...|...|...\").SensibleOptions(Left)",
            |ev, p, a, s| {
                let side = to_player(player(ev, "SensibleOptions", a, 0)?);
                sensible_options(ev, p, side, s)
            },
        ),
        member(
            "SensibleLines",
            1,
            "for each canonical option K of the player, a line of play: moves and replies that revert to the position, ending at a position of value K",
            "game.grid.Domineering(\"....|....\").SensibleLines(Left)",
            |ev, p, a, s| {
                let side = to_player(player(ev, "SensibleLines", a, 0)?);
                sensible_lines(ev, p, side, s)
            },
        ),
        member(
            "Decomposition",
            0,
            "the independent regions the position is the sum of (parts no move can touch left out)",
            "game.grid.Domineering(\"..#..|..#..\").Decomposition",
            |_, p, _, _| {
                Ok(Value::List(p.decomposition().into_iter().map(Value::Position).collect()))
            },
        ),
        member(
            "DicoticVariant",
            0,
            "the dicotic variant played on the position's own moves (0 once either player cannot move)",
            "game.grid.Domineering(\"...|...\").DicoticVariant",
            |ev, p, _, s| variant(ev, p, crate::game::Variant::Dicotic, s),
        ),
        member(
            "ImpartialVariant",
            0,
            "the impartial variant: either player makes any move of the position",
            "game.grid.Domineering(\"...|...\").ImpartialVariant",
            |ev, p, _, s| variant(ev, p, crate::game::Variant::Impartial, s),
        ),
        member(
            "TwistedVariant",
            0,
            "the twisted variant: the players swap roles after every move",
            "game.grid.Domineering(\"...|...\").TwistedVariant",
            |ev, p, _, s| variant(ev, p, crate::game::Variant::Twisted, s),
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
            "OutcomeClass",
            0,
            "L, R, P or N: by the outcome search (no canonical form is built), or from the value when it is known",
            "game.grid.Domineering(\"....|....|....\").OutcomeClass",
            |ev, p, _, s| partizan::outcome(ev, p, s).map(Value::Outcome),
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
                    return Ok(crate::lang::members::misere::outcome_of_misere_value(v));
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

/// A catalog ruleset with its parameters (`None`: the defaults).
pub(crate) type CatalogRuleset =
    (&'static crate::ruleset::Ruleset, Option<crate::ruleset::catalog::Params>);

/// The members of a catalog ruleset (`game.heap.Cutcake`).
pub(crate) const RULESET_TABLE: Table<CatalogRuleset> = Table {
    on: "catalog ruleset",
    members: &[
        member(
            "GameValueSequence",
            1,
            "the canonical forms of R(1), R(2), …, R(n), for a ruleset of heaps",
            "game.heap.PartizanSubtraction([1],[2]).GameValueSequence(6)",
            |ev, r, a, s| {
                let n = size(ev, "GameValueSequence", &a[0])?;
                let mut out = Vec::with_capacity(n);
                for k in 1..=n {
                    ev.tick(s)?;
                    let arg = crate::ruleset::catalog::Arg::Int(k.into());
                    out.push(catalog_value(ev, r, &arg, "GameValueSequence", s)?);
                }
                Ok(Value::List(out))
            },
        ),
        member(
            "GameValueTable",
            2,
            "the table of canonical forms of R((m, n)) for m from 1 to rows, n from 1 to columns, for a ruleset of pairs",
            "game.heap.Cutcake.GameValueTable(3, 4)",
            |ev, r, a, s| {
                let rows = size(ev, "GameValueTable", &a[0])?;
                let columns = size(ev, "GameValueTable", &a[1])?;
                let mut table = Vec::with_capacity(rows);
                for m in 1..=rows {
                    let mut row = Vec::with_capacity(columns);
                    for n in 1..=columns {
                        ev.tick(s)?;
                        use crate::ruleset::catalog::Arg;
                        let arg =
                            Arg::Pair(Box::new(Arg::Int(m.into())), Box::new(Arg::Int(n.into())));
                        row.push(catalog_value(ev, r, &arg, "GameValueTable", s)?);
                    }
                    table.push(row);
                }
                Ok(Value::Table(table))
            },
        ),
    ],
};

/// A non-negative size argument of at most a million.
fn size(ev: &Eval<'_>, name: &str, arg: &(Value, Span)) -> Result<usize> {
    arg.0.as_usize().filter(|&n| n <= 1_000_000).ok_or_else(|| {
        ev.error(
            arg.1,
            ErrorKind::InvalidInput,
            format!("{name} needs a size from 0 to 1000000, not {}", arg.0.describe()),
        )
    })
}

/// The canonical form (a nimber for an impartial ruleset) of the position
/// `arg` of a catalog ruleset, as a calculator value.
fn catalog_value(
    ev: &mut Eval<'_>,
    (r, params): &CatalogRuleset,
    arg: &crate::ruleset::catalog::Arg,
    name: &str,
    span: Span,
) -> Result<Value> {
    let params = match params {
        Some(p) => p.clone(),
        None => r.params(&[], &[]).map_err(|e| ev.locate(e, span))?,
    };
    let position = r
        .position(&params, arg)
        .map_err(|e| ev.error(span, e.kind(), format!("{name}: {}: {}", r.name, e.message())))?;
    let g = partizan::value_of(ev, position.as_ref(), span)?;
    Ok(ev.game_value(g))
}

/// A variant of a position, valued on its own moves.
fn variant(
    ev: &mut Eval<'_>,
    p: &dyn AnyPosition,
    which: crate::game::Variant,
    span: Span,
) -> Result<Value> {
    let budget = ev.budget.clone();
    let g = crate::ruleset::variant::position_variant(p, which, &mut ev.state.arena, &budget)
        .map_err(|e| ev.locate(e, span))?;
    Ok(ev.game_value(g))
}

fn to_player(p: value::Player) -> Player {
    match p {
        value::Player::Left => Player::Left,
        value::Player::Right => Player::Right,
    }
}

/// The canonical options of `p`'s value for `side`, in CGSuite's order.
fn canonical_options(
    ev: &mut Eval<'_>,
    p: &dyn AnyPosition,
    side: Player,
    span: Span,
) -> Result<(crate::game::GameId, Vec<crate::game::GameId>)> {
    let g = partizan::value_of(ev, p, span)?;
    let mut options = ev.arena(span, |a| match side {
        Player::Left => a.left_options(g),
        Player::Right => a.right_options(g),
    })?;
    ev.arena(span, |a| a.sort_for_display(&mut options))?;
    Ok((g, options))
}

/// The first of `moves` whose value is ≥ `k` (for Left; ≤ for Right).
fn first_reaching(
    ev: &mut Eval<'_>,
    moves: Vec<Box<dyn AnyPosition>>,
    k: crate::game::GameId,
    side: Player,
    span: Span,
) -> Result<Option<Box<dyn AnyPosition>>> {
    for m in moves {
        let v = partizan::value_of(ev, m.as_ref(), span)?;
        let reaches = ev.arena(span, |a| match side {
            Player::Left => a.leq(k, v),
            Player::Right => a.leq(v, k),
        })?;
        if reaches {
            return Ok(Some(m));
        }
    }
    Ok(None)
}

/// CGSuite's `SensibleOptions(player)`: for each canonical option `K` of
/// the position's value, the first move (in the ruleset's order) to a
/// position at least as good as `K` for the mover.
fn sensible_options(
    ev: &mut Eval<'_>,
    p: &dyn AnyPosition,
    side: Player,
    span: Span,
) -> Result<Value> {
    let (_, canonical) = canonical_options(ev, p, side, span)?;
    let mut out = Vec::with_capacity(canonical.len());
    for k in canonical {
        if let Some(m) = first_reaching(ev, p.options(side), k, side, span)? {
            out.push(Value::Position(m));
        }
    }
    Ok(Value::List(out))
}

/// CGSuite's `SensibleLines(player)`: for each canonical option `K`, the
/// line from the position: a move to a position at least as good as `K`,
/// and while its value is not `K`, the opponent's reply that reverts it
/// (a position no better than the start for the player), then again.
fn sensible_lines(
    ev: &mut Eval<'_>,
    p: &dyn AnyPosition,
    side: Player,
    span: Span,
) -> Result<Value> {
    let (g, canonical) = canonical_options(ev, p, side, span)?;
    let other = match side {
        Player::Left => Player::Right,
        Player::Right => Player::Left,
    };
    let lost = |ev: &Eval<'_>, what: &str| {
        ev.error(span, ErrorKind::InvalidInput, format!("SensibleLines: no {what} found"))
    };
    let mut lines = Vec::with_capacity(canonical.len());
    for k in canonical {
        let mut line = Vec::new();
        let mut current = p.clone_box();
        loop {
            ev.tick(span)?;
            let step = first_reaching(ev, current.options(side), k, side, span)?
                .ok_or_else(|| lost(ev, "sensible move"))?;
            let v = partizan::value_of(ev, step.as_ref(), span)?;
            line.push(Value::Position(step.clone_box()));
            if v == k {
                break;
            }
            // A reply that reverts the move: no better than the start for
            // the player.
            let mut reply = None;
            for r in step.options(other) {
                let w = partizan::value_of(ev, r.as_ref(), span)?;
                let reverts = ev.arena(span, |a| match side {
                    Player::Left => a.leq(w, g),
                    Player::Right => a.leq(g, w),
                })?;
                if reverts {
                    reply = Some(r);
                    break;
                }
            }
            let reply = reply.ok_or_else(|| lost(ev, "reverting reply"))?;
            line.push(Value::Position(reply.clone_box()));
            current = reply;
        }
        lines.push(Value::List(line));
    }
    Ok(Value::List(lines))
}

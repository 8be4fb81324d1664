//! Rulesets of the catalog ([`crate::ruleset::catalog`]) in the calculator:
//! `game.grid.Domineering("..|..")`, `game.strip.GenToadsAndFrogs(maxJump =>
//! 2)("tttt..fff")`, `game.heap.Cutcake((8,3))`.
//!
//! Calling a ruleset gives a position ([`Value::Position`]), or, for a ruleset
//! with parameters, the ruleset with its parameters filled in
//! ([`Value::PartizanRuleset`]), which is then called with a position. A
//! position answers `LeftOptions`, `RightOptions` and `Options` with positions
//! in the ruleset's order (as CGSuite lists them), `NimValue` when the ruleset
//! is impartial, and every other game member through its canonical form. The
//! session's [`Solvers`](crate::ruleset::Solvers) keep each region's value for
//! the whole session.

use crate::error::{ErrorKind, Result};
use crate::game::GameId;
use crate::lang::runtime::context::Eval;
use crate::lang::syntax::lexer::Span;
use crate::lang::value::Value;
use crate::ruleset::catalog::{self, Arg, Params, Ruleset};
use crate::ruleset::{AnyPosition, Player};

/// Arguments of a call: an optional name, the value, where it is written.
type Args = Vec<(Option<String>, Value, Span)>;

/// The catalog's ruleset with exactly this CGSuite name.
pub(crate) fn find(name: &str) -> Option<&'static Ruleset> {
    catalog::rulesets().find(|r| r.name == name)
}

/// How a ruleset value prints: its path, and its parameters when they are
/// not all defaults (`game.strip.GenToadsAndFrogs(maxJump => 2)`).
pub(crate) fn ruleset_name(r: &Ruleset, params: Option<&Params>) -> String {
    let mut out = r.path();
    let Some(params) = params else { return out };
    let mut shown = Vec::new();
    for (spec, (name, value)) in r.params.iter().zip(params.iter()) {
        match spec.default {
            None => shown.push(value.to_string()),
            Some(default) => {
                let is_default = Arg::from_text(default, spec.kind).is_ok_and(|d| d == *value);
                if !is_default {
                    shown.push(format!("{name} => {value}"));
                }
            }
        }
    }
    out.push('(');
    out.push_str(&shown.join(", "));
    out.push(')');
    out
}

/// A calculator value as an argument of a ruleset.
fn to_arg(ev: &Eval<'_>, value: &Value, span: Span) -> Result<Arg> {
    match value {
        Value::Number(_) => match value.as_integer() {
            Some(n) => Ok(Arg::Int(n.into_owned())),
            None => Err(ev.error(span, ErrorKind::InvalidInput, "a ruleset needs integers here")),
        },
        Value::Str(s) => Ok(Arg::Str(s.clone())),
        Value::Bool(b) => Ok(Arg::Bool(*b)),
        Value::List(items) => {
            items.iter().map(|v| to_arg(ev, v, span)).collect::<Result<_>>().map(Arg::List)
        }
        Value::Pair(a, b) => {
            Ok(Arg::Pair(Box::new(to_arg(ev, a, span)?), Box::new(to_arg(ev, b, span)?)))
        }
        other => Err(ev.error(
            span,
            ErrorKind::InvalidInput,
            format!("a ruleset cannot take {} as an argument", other.kind_name()),
        )),
    }
}

/// A calculator value as a parameter of a ruleset: as [`to_arg`], and a
/// heap ruleset given for a code (`GenCutcake(TakeAndBreak("4.0"), …)`,
/// as CGSuite writes it) is its take-and-break code.
fn to_param(ev: &Eval<'_>, value: &Value, span: Span) -> Result<Arg> {
    match crate::lang::classes::heap::ruleset_code(value) {
        Some(code) => Ok(Arg::Str(code)),
        None => to_arg(ev, value, span),
    }
}

/// `R(args)`: a position, or `R` with its parameters.
pub(crate) fn call(
    ev: &mut Eval<'_>,
    r: &'static Ruleset,
    params: Option<Params>,
    args: Args,
    span: Span,
) -> Result<Value> {
    let named = args.iter().any(|a| a.0.is_some());
    // A ruleset whose parameters all have defaults takes a position at once,
    // unless the call names parameters or gives none (`GenClobber()`).
    let configure = params.is_none()
        && !r.params.is_empty()
        && (named || args.is_empty() || r.params.iter().any(|p| p.default.is_none()));
    if configure {
        let mut given = Vec::new();
        let mut by_name = Vec::new();
        for (name, value, at) in &args {
            let arg = to_param(ev, value, *at)?;
            match name {
                Some(n) => by_name.push((n.clone(), arg)),
                None => given.push(arg),
            }
        }
        let params = r.params(&given, &by_name).map_err(|e| ev.locate(e, span))?;
        return Ok(Value::PartizanRuleset(r, Some(params)));
    }
    let params = match params {
        Some(p) => p,
        None => r.params(&[], &[]).map_err(|e| ev.locate(e, span))?,
    };
    let [(None, value, at)] = args.as_slice() else {
        return Err(ev.error(
            span,
            ErrorKind::InvalidInput,
            match r.argument {
                catalog::ArgKind::Text => {
                    format!("{} takes one position, e.g. {}(\"{}\")", r.name, r.name, r.example)
                }
                _ => format!("{} takes one position, e.g. {}({})", r.name, r.name, r.example),
            },
        ));
    };
    let arg = match value {
        // A grid is written with the ruleset's character map.
        Value::Grid(g) if r.family == catalog::Family::Grid => {
            let map: Vec<char> = crate::lang::classes::grid::char_map(r).chars().collect();
            let text = g.write(&map).ok_or_else(|| {
                ev.error(
                    *at,
                    ErrorKind::InvalidInput,
                    format!(
                        "{}: the grid holds a value past its character map \"{}\"",
                        r.name,
                        crate::lang::classes::grid::char_map(r)
                    ),
                )
            })?;
            Arg::Str(text)
        }
        // A strip likewise.
        Value::Strip(cells) if r.family == catalog::Family::Strip => {
            let map = crate::lang::classes::strip::char_map(r);
            let text = crate::lang::classes::strip::write(cells, map).ok_or_else(|| {
                ev.error(
                    *at,
                    ErrorKind::InvalidInput,
                    format!("{}: the strip holds a value past its character map \"{map}\"", r.name),
                )
            })?;
            Arg::Str(text)
        }
        // A graph is written in CGSuite's notation, its labels as they print.
        Value::Graph(g) if r.family == catalog::Family::Graph => {
            Arg::Str(crate::lang::classes::graph::write(ev, g, None, None, *at)?)
        }
        _ => to_arg(ev, value, *at)?,
    };
    let position = r.position(&params, &arg).map_err(|e| {
        // A located error is a column in the string: count from its quote.
        let offset = at.start + e.location().map_or(0, |l| l.column);
        ev.error(Span::new(offset, offset), e.kind(), format!("{}: {}", r.name, e.message()))
    })?;
    Ok(Value::Position(position))
}

/// The canonical form of a position, in the session's arena.
pub(crate) fn value_of(ev: &mut Eval<'_>, p: &dyn AnyPosition, span: Span) -> Result<GameId> {
    let budget = ev.budget.clone();
    let session = &mut *ev.state;
    session.solvers.set_budget(budget);
    p.value(&mut session.arena, &mut session.solvers).map_err(|e| ev.locate(e, span))
}

/// The outcome class of a position: from its canonical form when the
/// session knows it, else by the outcome search (within the input's
/// budget), which builds no canonical form of the whole position.
pub(crate) fn outcome(
    ev: &mut Eval<'_>,
    p: &dyn AnyPosition,
    span: Span,
) -> Result<crate::game::PartizanOutcome> {
    let budget = ev.budget.clone();
    let known = if cfg!(target_family = "wasm") {
        // No threads for the search: the canonical form answers.
        Some(value_of(ev, p, span)?)
    } else {
        let session = &mut *ev.state;
        session.solvers.set_budget(budget.clone());
        let known = p.known_value(&mut session.arena, &mut session.solvers);
        known.map_err(|e| ev.locate(e, span))?
    };
    if let Some(g) = known {
        return ev.arena(span, |a| a.outcome(g));
    }
    let search = crate::ruleset::outcome::OutcomeSearch::new().with_budget(budget);
    let solution = p.solve_outcome(&[p.clone_box()], &search).map_err(|e| ev.locate(e, span))?;
    Ok(solution.outcome())
}

/// The nim value of an impartial ruleset's position, by Sprague-Grundy on
/// its regions.
pub(crate) fn nim_value(ev: &mut Eval<'_>, p: &dyn AnyPosition, span: Span) -> Result<Value> {
    if !p.ruleset().impartial {
        // A partizan ruleset's position has a nim value when its canonical
        // form is a nimber.
        let g = value_of(ev, p, span)?;
        return match ev.state.arena.nim_value(g) {
            Some(n) => Ok(Value::int(n)),
            None => {
                Err(ev.error(span, ErrorKind::InvalidInput, "NimValue needs an impartial game"))
            }
        };
    }
    let budget = ev.budget.clone();
    ev.state.solvers.set_budget(budget);
    match p.nim_value(&mut ev.state.solvers) {
        Ok(Some(n)) => Ok(Value::int(n)),
        Ok(None) => Err(ev.error(
            span,
            ErrorKind::InvalidInput,
            format!("NimValue: {} is not impartial", p.ruleset().name),
        )),
        Err(e) => Err(ev.locate(e, span)),
    }
}

/// The moves of `player` (both players' when `None`), as positions in the
/// ruleset's order.
pub(crate) fn moves(p: &dyn AnyPosition, player: Option<Player>) -> Value {
    let moves = match player {
        Some(player) => p.options(player),
        None => {
            let mut all = p.options(Player::Left);
            all.extend(p.options(Player::Right));
            all
        }
    };
    Value::List(moves.into_iter().map(Value::Position).collect())
}

/// The misère outcome class of a position, by a search of its game tree
/// (a misère outcome depends on the form, not only on the value, so the
/// canonical form cannot answer it): a player unable to move wins.
/// Positions are remembered by their notation.
pub(crate) fn misere_outcome(
    ev: &mut Eval<'_>,
    p: &dyn AnyPosition,
    span: Span,
) -> Result<crate::game::PartizanOutcome> {
    use crate::game::PartizanOutcome;
    let mut memo: rustc_hash::FxHashMap<(String, bool), bool> = rustc_hash::FxHashMap::default();
    let left_first = wins_misere(ev, p, Player::Left, &mut memo, span)?;
    let right_first = wins_misere(ev, p, Player::Right, &mut memo, span)?;
    Ok(match (left_first, right_first) {
        (true, true) => PartizanOutcome::N,
        (true, false) => PartizanOutcome::L,
        (false, true) => PartizanOutcome::R,
        (false, false) => PartizanOutcome::P,
    })
}

/// Whether `player`, to move in `p`, wins misère play.
fn wins_misere(
    ev: &mut Eval<'_>,
    p: &dyn AnyPosition,
    player: Player,
    memo: &mut rustc_hash::FxHashMap<(String, bool), bool>,
    span: Span,
) -> Result<bool> {
    let key = (p.notation(), player == Player::Left);
    if let Some(&w) = memo.get(&key) {
        return Ok(w);
    }
    ev.budget.check(memo.len() as u64).map_err(|e| ev.locate(e, span))?;
    let options = p.options(player);
    let mut wins = options.is_empty();
    for o in &options {
        if !wins_misere(ev, o.as_ref(), player.opponent(), memo, span)? {
            wins = true;
            break;
        }
    }
    memo.insert(key, wins);
    Ok(wins)
}

/// A ruleset that a name stands for without arguments, as its value
/// (`game.heap.Mem`, `game.heap.FibonacciNim`, `game.heap.Cutcake`), so
/// that its members are those of every ruleset of its kind; any other
/// name as it is.
pub(crate) fn ruleset_constant(path: String) -> Value {
    use crate::impartial::heap::memory::MemoryRule;
    use crate::lang::value::rules::ClassicRuleset;
    let short = path.rsplit('.').next().unwrap_or(&path);
    match short {
        "Mem" => Value::ClassicRuleset(ClassicRuleset::Memory(MemoryRule::Mem)),
        "FibonacciNim" => Value::ClassicRuleset(ClassicRuleset::Memory(MemoryRule::TakeAway(2, 1))),
        _ => match find(short) {
            Some(r) if r.params.is_empty() => Value::PartizanRuleset(r, None),
            _ => Value::Builtin(path),
        },
    }
}

//! Misère canonical games in the calculator: `*[...]` literals, sums and
//! printing, on the session's [`MisereGames`](crate::impartial::misere::MisereGames).
//!
//! `*` applied to a list builds a misère game: a list of one element is
//! that element (`*[3]` is the nim heap 3), any other list the game whose
//! options are its elements; inside, an integer `n` is the nim heap `n`
//! and a list is the game of its elements (`*[[2]]` has the one option
//! `*[2]`).

use num_traits::Signed;

use crate::error::{ErrorKind, Result};
use crate::impartial::misere::FormId;
use crate::lang::runtime::context::Eval;
use crate::lang::syntax::lexer::Span;
use crate::lang::value::Value;

/// Deepest nesting of lists in a misère literal.
const MAX_DEPTH: usize = 256;

/// `*list`.
pub(crate) fn literal(ev: &mut Eval<'_>, items: &[Value], span: Span) -> Result<Value> {
    let g =
        if let [one] = items { element(ev, one, 0, span)? } else { game_of(ev, items, 0, span)? };
    Ok(Value::Misere(g))
}

fn game_of(ev: &mut Eval<'_>, items: &[Value], depth: usize, span: Span) -> Result<FormId> {
    let mut options = Vec::with_capacity(items.len());
    for item in items {
        options.push(element(ev, item, depth + 1, span)?);
    }
    Ok(ev.state.misere.from_options(options))
}

fn element(ev: &mut Eval<'_>, v: &Value, depth: usize, span: Span) -> Result<FormId> {
    if depth > MAX_DEPTH {
        return Err(ev.error(
            span,
            ErrorKind::InvalidInput,
            format!("a misère game nests lists at most {MAX_DEPTH} deep"),
        ));
    }
    match v {
        Value::Misere(g) => Ok(*g),
        Value::List(items) => game_of(ev, items, depth, span),
        _ => {
            let heap = v.as_integer().filter(|n| !n.is_negative()).and_then(|n| {
                use num_traits::ToPrimitive;
                n.to_usize()
            });
            match heap {
                Some(n) if n <= crate::impartial::misere::MAX_NIM_HEAP => {
                    Ok(ev.state.misere.nim_heap(n))
                }
                _ => Err(ev.error(
                    span,
                    ErrorKind::InvalidInput,
                    format!(
                        "a misère game is written with lists of nim heaps (0 to {}) and misère games, not {}",
                        crate::impartial::misere::MAX_NIM_HEAP,
                        v.kind_name()
                    ),
                )),
            }
        }
    }
}

/// `a + b` of two misère games, and `==`/`!=` (equal simplest forms); a
/// misère game plus or minus a normal-play game is kept as written.
pub(crate) fn binary(
    ev: &mut Eval<'_>,
    op: &crate::lang::syntax::ast::BinOp,
    a: &Value,
    b: &Value,
    span: Span,
) -> Option<Result<Value>> {
    use crate::lang::syntax::ast::BinOp;
    let (x, y) = match (a, b) {
        (Value::Misere(x), Value::Misere(y)) => (*x, *y),
        (Value::Misere(_), other) | (other, Value::Misere(_))
            if matches!(op, BinOp::Add | BinOp::Sub)
                && (matches!(other, Value::Number(_) | Value::Game(_) | Value::Explicit(_))
                    || crate::lang::classes::explicit::is_position(other)) =>
        {
            // With a normal-play game, a misère game is a game form: the
            // sum is kept as written, and its CanonicalForm is normal play.
            return Some(crate::lang::classes::explicit::sum_with(
                ev,
                a,
                b,
                *op == BinOp::Sub,
                span,
            ));
        }
        (Value::Misere(_), _) | (_, Value::Misere(_)) => {
            return Some(Err(ev.error(
                span,
                ErrorKind::InvalidInput,
                format!(
                    "a misère game compares only with misère games, not {}; it adds to normal-play games as a game form",
                    if matches!(a, Value::Misere(_)) { b.kind_name() } else { a.kind_name() }
                ),
            )));
        }
        _ => return None,
    };
    Some(match op {
        BinOp::Add => {
            let budget = ev.budget;
            ev.state.misere.add(x, y, budget).map(Value::Misere).map_err(|e| ev.locate(e, span))
        }
        BinOp::Eq => Ok(Value::Bool(x == y)),
        BinOp::Ne => Ok(Value::Bool(x != y)),
        _ => Err(ev.error(
            span,
            ErrorKind::InvalidInput,
            "misère games have only '+', '==' and '!=' (subtract with MisereMinus)",
        )),
    })
}

/// `game.misere.MisereCanonicalGame.DayN(maxBirthday, maxGames ? 1000000,
/// maxOptions ? 1000000)`: the even games born by a day, in canonical
/// order. Past `maxGames` this is an error (CGSuite returns some of them).
pub(crate) fn day_n(
    ev: &mut Eval<'_>,
    args: &[(Option<String>, Value, Span)],
    span: Span,
) -> Result<Value> {
    const NAMES: [&str; 3] = ["maxBirthday", "maxGames", "maxOptions"];
    let mut given: [Option<(usize, Span)>; 3] = [None; 3];
    for (i, (name, value, at)) in args.iter().enumerate() {
        let slot = match name {
            Some(n) => NAMES.iter().position(|m| m == n).ok_or_else(|| {
                ev.error(*at, ErrorKind::InvalidInput, format!("DayN has no argument named '{n}'"))
            })?,
            None if i < 3 => i,
            None => {
                return Err(ev.error(span, ErrorKind::InvalidInput, "DayN takes 1 to 3 arguments"));
            }
        };
        let n = value.as_integer().filter(|n| !n.is_negative()).and_then(|n| {
            use num_traits::ToPrimitive;
            n.to_usize()
        });
        let Some(n) = n else {
            return Err(ev.error(
                *at,
                ErrorKind::InvalidInput,
                format!("DayN: {} must be a non-negative integer", NAMES[slot]),
            ));
        };
        given[slot] = Some((n, *at));
    }
    let Some((day, at)) = given[0] else {
        return Err(ev.error(span, ErrorKind::InvalidInput, "DayN needs maxBirthday"));
    };
    let day = u32::try_from(day)
        .map_err(|_| ev.error(at, ErrorKind::InvalidInput, "DayN: maxBirthday is too large"))?;
    let limits = crate::impartial::misere::DayLimits {
        max_games: given[1].map_or(1_000_000, |g| g.0),
        max_options: given[2].map_or(1_000_000, |g| g.0),
    };
    let budget = ev.budget;
    let list = ev.state.misere.born_by(day, limits, budget).map_err(|e| ev.locate(e, span))?;
    Ok(Value::List(list.into_iter().map(Value::Misere).collect()))
}

/// Deepest chain of moves [`form_of`] follows.
const MAX_FORM_DEPTH: usize = 20_000;

/// The misère canonical form of an impartial value: a misère game, a heap
/// or catalog position, a nimber (its nim heap), a position of a classic
/// or user ruleset (from its options, each position once), or a sum of
/// those kept as written.
pub(crate) fn form_of(ev: &mut Eval<'_>, v: &Value, span: Span) -> Result<FormId> {
    let mut memo = rustc_hash::FxHashMap::default();
    form_in(ev, v, &mut memo, 0, span)
}

fn form_in(
    ev: &mut Eval<'_>,
    v: &Value,
    memo: &mut rustc_hash::FxHashMap<String, FormId>,
    depth: usize,
    span: Span,
) -> Result<FormId> {
    if depth > MAX_FORM_DEPTH {
        return Err(ev.error(
            span,
            ErrorKind::LimitExceeded,
            format!("a misère form follows at most {MAX_FORM_DEPTH} moves in a row"),
        ));
    }
    match v {
        Value::Misere(g) => Ok(*g),
        Value::Heap(h) => {
            match crate::lang::classes::heap::misere(
                ev,
                &h.0,
                &h.1,
                crate::lang::classes::heap::MisereWant::Form,
                span,
            )? {
                Value::Misere(g) => Ok(g),
                _ => Err(ev.error(span, ErrorKind::InvalidInput, "a heap without a misère form")),
            }
        }
        Value::Position(p) => {
            let budget = ev.budget.clone();
            let session = &mut *ev.state;
            session.solvers.set_budget(budget);
            match p.misere_form(&mut session.solvers, &mut session.misere) {
                Ok(Some(g)) => Ok(g),
                Ok(None) => Err(not_impartial(ev, v, span)),
                Err(e) => Err(ev.locate(e, span)),
            }
        }
        Value::Number(_) | Value::Game(_) => {
            let g = ev.game_of(v, span, "a misère form")?;
            let n = ev.state.arena.nim_value(g).ok_or_else(|| not_impartial(ev, v, span))?;
            match usize::try_from(n).ok().filter(|&n| n <= crate::impartial::misere::MAX_NIM_HEAP) {
                Some(n) => Ok(ev.state.misere.nim_heap(n)),
                None => Err(ev.error(span, ErrorKind::LimitExceeded, "a nim heap too large")),
            }
        }
        Value::Explicit(e) => match &**e {
            // An impartial form: the same options for both players.
            crate::lang::value::explicit::Explicit::Game(l, r) if l == r => {
                let mut forms = Vec::with_capacity(l.len());
                for o in l {
                    forms.push(form_in(ev, o, memo, depth + 1, span)?);
                }
                Ok(ev.state.misere.from_options(forms))
            }
            crate::lang::value::explicit::Explicit::Sum(a, b) => {
                let x = form_in(ev, a, memo, depth, span)?;
                let y = form_in(ev, b, memo, depth, span)?;
                let budget = ev.budget;
                ev.state.misere.add(x, y, budget).map_err(|e| ev.locate(e, span))
            }
            _ => Err(not_impartial(ev, v, span)),
        },
        Value::Classic(p) => {
            let key = p.name();
            if let Some(&g) = memo.get(&key) {
                return Ok(g);
            }
            ev.budget.check(memo.len() as u64).map_err(|e| ev.locate(e, span))?;
            let Value::List(options) = crate::lang::classes::heap::classic::options(ev, p, span)?
            else {
                return Err(not_impartial(ev, v, span));
            };
            let mut forms = Vec::with_capacity(options.len());
            for o in &options {
                forms.push(form_in(ev, o, memo, depth + 1, span)?);
            }
            let g = ev.state.misere.from_options(forms);
            memo.insert(key, g);
            Ok(g)
        }
        _ => Err(not_impartial(ev, v, span)),
    }
}

fn not_impartial(ev: &Eval<'_>, v: &Value, span: Span) -> crate::Error {
    ev.error(
        span,
        ErrorKind::InvalidInput,
        format!("misère play needs an impartial game, not {}", v.kind_name()),
    )
}

//! Explicit games `'{L|R}'` (CGSuite's explicit game forms): a game kept as
//! written, not simplified, and the compound games built from one with
//! `+`, `-`, `:` and an integer `*`, kept symbolic and printed as CGSuite
//! prints them (`'{0|}' + 1`, `'{-1|1}' : 1`, `-2 * '{|-1}'`).
//!
//! Negation goes inside: `−'{L|R}'` is `'{−R|−L}'`, `−(a + b)` is
//! `−a + −b`, `−(a : b)` is `−a : −b` and `−(n * g)` is `(−n) * g`.
//! `CanonicalForm` (and every game member but the options) works on the
//! canonical form; comparisons too.
//!
//! A game in braces with a ruleset position among its options is kept as
//! written too, as CGSuite keeps it: `{1|game.grid.Domineering("..")}`
//! prints `'{1|Domineering.Position("..")}'`. The options of a heap
//! position that leave several heaps are such sums, kept as written.

pub(crate) mod compound;

use std::sync::Arc;

use crate::error::{ErrorKind, Result};
use crate::game::GameId;
use crate::lang::runtime::context::Eval;
use crate::lang::syntax::lexer::Span;
use crate::lang::value::Value;
use crate::lang::value::explicit::Explicit;

/// Whether `v` is an explicit or compound game.
pub(crate) fn is_explicit(v: &Value) -> bool {
    matches!(v, Value::Explicit(_))
}

/// Whether operations on `v` are kept as written: `v` is explicit, or a
/// misère game (a game form to normal-play operations).
pub(crate) fn is_form(v: &Value) -> bool {
    matches!(v, Value::Explicit(_) | Value::Misere(_))
}

/// Whether `v` is a position of a ruleset (a heap, a classic or a catalog
/// position): a game that is not in canonical form.
pub(crate) fn is_position(v: &Value) -> bool {
    matches!(v, Value::Heap(..) | Value::Classic(_) | Value::Position(_))
        || crate::lang::value::is_game_object(v)
}

/// Whether a game with `v` among its options is kept as written, as
/// CGSuite keeps `{1|game.grid.Domineering("..")}`: `v` is explicit, a
/// misère game (a game form) or a ruleset position.
pub(crate) fn keeps_braces(v: &Value) -> bool {
    is_form(v) || is_position(v)
}

/// The sum `parts[0] + parts[1] + …` kept as written (`0` for no parts,
/// the part itself for one).
pub(crate) fn sum_of(parts: Vec<Value>) -> Value {
    let mut parts = parts.into_iter();
    let Some(first) = parts.next() else { return Value::int(0) };
    parts.fold(first, |acc, v| explicit(Explicit::Sum(acc, v)))
}

pub(crate) fn explicit(e: Explicit) -> Value {
    Value::Explicit(Arc::new(e))
}

/// `'{left|right}'` from evaluated options.
pub(crate) fn game(
    ev: &Eval<'_>,
    left: Vec<Value>,
    right: Vec<Value>,
    span: Span,
) -> Result<Value> {
    for v in left.iter().chain(&right) {
        part(ev, v, span)?;
    }
    Ok(explicit(Explicit::Game(left, right)))
}

/// Checks that `v` can be part of an explicit game.
fn part(ev: &Eval<'_>, v: &Value, span: Span) -> Result<()> {
    match v {
        Value::Number(q) if crate::lang::value::is_dyadic(&q.to_big()) => Ok(()),
        Value::Game(_) | Value::Explicit(_) | Value::Loopy(_) | Value::Misere(_) => Ok(()),
        v if is_position(v) => Ok(()),
        other => Err(ev.error(
            span,
            ErrorKind::InvalidInput,
            format!("an explicit game is made of games, not {}", other.kind_name()),
        )),
    }
}

/// `−v` for a part of an explicit game.
pub(crate) fn negate(ev: &mut Eval<'_>, v: &Value, span: Span) -> Result<Value> {
    if let Value::Misere(_) = v {
        // An impartial game is its own negative.
        return Ok(v.clone());
    }
    let Value::Explicit(e) = v else {
        return ev.negate(v.clone(), span);
    };
    let neg_all = |ev: &mut Eval<'_>, vs: &[Value]| -> Result<Vec<Value>> {
        vs.iter().map(|x| negate(ev, x, span)).collect()
    };
    Ok(explicit(match &**e {
        Explicit::Game(l, r) => Explicit::Game(neg_all(ev, r)?, neg_all(ev, l)?),
        Explicit::Sum(a, b) => Explicit::Sum(negate(ev, a, span)?, negate(ev, b, span)?),
        Explicit::Ordinal(a, b) => Explicit::Ordinal(negate(ev, a, span)?, negate(ev, b, span)?),
        Explicit::Compound(kind, a, b) if kind.negates_parts() => {
            Explicit::Compound(*kind, negate(ev, a, span)?, negate(ev, b, span)?)
        }
        Explicit::Negative(g) => return Ok(g.clone()),
        Explicit::Multiple(..) | Explicit::Compound(..) => Explicit::Negative(v.clone()),
    }))
}

/// `a op b` when either is explicit: `+`, `-`, `*` by an integer stay
/// symbolic; comparisons and equality use the canonical forms. `None` when
/// neither is explicit.
pub(crate) fn binary(
    ev: &mut Eval<'_>,
    op: &crate::lang::syntax::ast::BinOp,
    a: &Value,
    b: &Value,
    span: Span,
) -> Option<Result<Value>> {
    use crate::lang::syntax::ast::BinOp;
    if !is_explicit(a) && !is_explicit(b) {
        return None;
    }
    Some((|| match op {
        BinOp::Add => sum_with(ev, a, b, false, span),
        BinOp::Sub => sum_with(ev, a, b, true, span),
        BinOp::Mul => {
            let (n, g) = match (a.as_integer(), b.as_integer()) {
                (Some(n), _) => (n.into_owned(), b),
                (_, Some(n)) => (n.into_owned(), a),
                _ => {
                    return Err(ev.error(
                        span,
                        ErrorKind::InvalidInput,
                        "'*' multiplies a game by an integer (Norton multiplication)",
                    ));
                }
            };
            Ok(explicit(Explicit::Multiple(n, g.clone())))
        }
        _ => {
            let x = value(ev, a, span)?;
            let y = value(ev, b, span)?;
            ev.binary(op, x, y, span)
        }
    })())
}

/// `a + b` (`a − b` when `minus`) kept as written.
pub(crate) fn sum_with(
    ev: &mut Eval<'_>,
    a: &Value,
    b: &Value,
    minus: bool,
    span: Span,
) -> Result<Value> {
    part(ev, a, span)?;
    part(ev, b, span)?;
    let b = if minus { negate(ev, b, span)? } else { b.clone() };
    Ok(explicit(Explicit::Sum(a.clone(), b)))
}

/// `a : b` when either is explicit.
pub(crate) fn ordinal(ev: &mut Eval<'_>, a: &Value, b: &Value, span: Span) -> Result<Value> {
    part(ev, a, span)?;
    part(ev, b, span)?;
    Ok(explicit(Explicit::Ordinal(a.clone(), b.clone())))
}

/// Whether `v` has a loopy game among its parts, at any depth.
fn holds_loopy(v: &Value) -> bool {
    match v {
        Value::Loopy(_) => true,
        Value::Explicit(e) => match &**e {
            Explicit::Game(l, r) => l.iter().chain(r).any(holds_loopy),
            Explicit::Sum(a, b) | Explicit::Ordinal(a, b) => holds_loopy(a) || holds_loopy(b),
            Explicit::Multiple(_, g) | Explicit::Negative(g) => holds_loopy(g),
            Explicit::Compound(_, a, b) => holds_loopy(a) || holds_loopy(b),
        },
        _ => false,
    }
}

/// Most copies `n * g` of a loopy game adds (each copy is a graph sum).
const MAX_LOOPY_COPIES: u32 = 64;

/// The value of an explicit game: its canonical form, or for one with
/// loopy parts the loopy value (a short game again when it is one).
pub(crate) fn value(ev: &mut Eval<'_>, v: &Value, span: Span) -> Result<Value> {
    use crate::lang::syntax::ast::BinOp;
    if !holds_loopy(v) {
        return match v {
            Value::Explicit(_) => canonical(ev, v, span).map(|g| ev.game_value(g)),
            other => Ok(other.clone()),
        };
    }
    let Value::Explicit(e) = v else { return Ok(v.clone()) };
    let e = e.clone();
    match &*e {
        Explicit::Game(l, r) => {
            let left = l.iter().map(|x| value(ev, x, span)).collect::<Result<Vec<_>>>()?;
            let right = r.iter().map(|x| value(ev, x, span)).collect::<Result<Vec<_>>>()?;
            match crate::lang::classes::loopy::game_from_options(ev, &left, &right, span) {
                Some(result) => result,
                None => crate::lang::classes::game::game_from_options(ev, left, right, span),
            }
        }
        Explicit::Sum(a, b) => {
            let (x, y) = (value(ev, a, span)?, value(ev, b, span)?);
            ev.binary(&BinOp::Add, x, y, span)
        }
        Explicit::Multiple(n, g) => {
            let copies = n.magnitude().to_u32_digits();
            let count = match copies.as_slice() {
                [] => 0,
                [c] if *c <= MAX_LOOPY_COPIES => *c,
                _ => {
                    return Err(ev.error(
                        span,
                        ErrorKind::LimitExceeded,
                        format!("at most {MAX_LOOPY_COPIES} copies of a loopy game are added"),
                    ));
                }
            };
            let one = value(ev, g, span)?;
            let one = if n.sign() == num_bigint::Sign::Minus { ev.negate(one, span)? } else { one };
            let mut total = Value::int(0);
            for _ in 0..count {
                total = ev.binary(&BinOp::Add, total, one.clone(), span)?;
            }
            Ok(total)
        }
        Explicit::Compound(kind, ..) => Err(ev.error(
            span,
            ErrorKind::InvalidInput,
            format!("{} of loopy games is not available", kind.name()),
        )),
        Explicit::Negative(g) => {
            let g = value(ev, g, span)?;
            ev.negate(g, span)
        }
        Explicit::Ordinal(a, b) => {
            if holds_loopy(a) {
                return Err(ev.error(
                    span,
                    ErrorKind::InvalidInput,
                    "an ordinal sum needs a short base; this one is loopy",
                ));
            }
            let (bl, br) = base_options(ev, a, span)?;
            let Value::Loopy(h) = value(ev, b, span)? else {
                return Err(ev.error(
                    span,
                    ErrorKind::InvalidInput,
                    "a loopy exponent was expected",
                ));
            };
            let budget = ev.budget;
            let sum = crate::loopy::partizan::ordinal::ordinal_sum(
                &mut ev.state.arena,
                &bl,
                &br,
                &h.onside,
            )
            .and_then(|g| crate::loopy::partizan::SidedValue::of(&g, budget))
            .map_err(|e| ev.locate(e, span))?;
            crate::lang::classes::loopy::of_sided(ev, sum, span)
        }
    }
}

/// The canonical form of a part of an explicit game.
pub(crate) fn canonical(ev: &mut Eval<'_>, v: &Value, span: Span) -> Result<GameId> {
    if holds_loopy(v) {
        return Err(ev.error(
            span,
            ErrorKind::InvalidInput,
            "this game has loopy parts: it has no short canonical form",
        ));
    }
    if let Value::Misere(g) = v {
        // As a game form in normal play, a misère game is the nim heap of
        // its normal-play Grundy value.
        let n = ev.state.misere.forms().nim_value(*g);
        return ev.arena(span, |ar| ar.nimber(u64::from(n)));
    }
    let Value::Explicit(e) = v else { return ev.game_of(v, span, "an explicit game") };
    let e = e.clone();
    match &*e {
        Explicit::Game(l, r) => {
            let left = l.iter().map(|x| canonical(ev, x, span)).collect::<Result<Vec<_>>>()?;
            let right = r.iter().map(|x| canonical(ev, x, span)).collect::<Result<Vec<_>>>()?;
            ev.arena(span, |ar| ar.from_options(&left, &right))
        }
        Explicit::Sum(a, b) => {
            let (g, h) = (canonical(ev, a, span)?, canonical(ev, b, span)?);
            ev.arena(span, |ar| ar.add(g, h))
        }
        Explicit::Ordinal(a, b) => {
            // The ordinal sum depends on the forms: the base's options as
            // written, and the exponent's.
            let (al, ar) = written_options(ev, a, span)?;
            let base = (canonical_all(ev, &al, span)?, canonical_all(ev, &ar, span)?);
            ordinal_form(ev, &base, b, span)
        }
        Explicit::Multiple(n, g) => {
            let g = canonical(ev, g, span)?;
            ev.arena(span, |ar| ar.norton_multiply(g, n))
        }
        Explicit::Compound(kind, a, b) => {
            crate::lang::classes::explicit::compound::canonical(ev, *kind, a, b, span)
        }
        Explicit::Negative(g) => {
            let g = canonical(ev, g, span)?;
            ev.arena(span, |ar| ar.neg(g))
        }
    }
}

fn canonical_all(ev: &mut Eval<'_>, vs: &[Value], span: Span) -> Result<Vec<GameId>> {
    vs.iter().map(|v| canonical(ev, v, span)).collect()
}

/// The options of `v`: as written for `'{L|R}'`, those of the canonical
/// form for anything else.
pub(crate) fn written_options(
    ev: &mut Eval<'_>,
    v: &Value,
    span: Span,
) -> Result<(Vec<Value>, Vec<Value>)> {
    if let Value::Explicit(e) = v
        && let Explicit::Game(l, r) = &**e
    {
        return Ok((l.clone(), r.clone()));
    }
    if let Value::Misere(g) = v {
        let options: Vec<Value> =
            ev.state.misere.forms().options(*g).iter().map(|&o| Value::Misere(o)).collect();
        return Ok((options.clone(), options));
    }
    let g = canonical(ev, v, span)?;
    let l = ev.arena(span, |ar| ar.left_options(g))?;
    let r = ev.arena(span, |ar| ar.right_options(g))?;
    Ok((l.into_iter().map(Value::Game).collect(), r.into_iter().map(Value::Game).collect()))
}

/// The canonical form of `base : h`, the base given by its options:
/// `{base's Left options, base : hL | base's Right options, base : hR}`.
fn ordinal_form(
    ev: &mut Eval<'_>,
    base: &(Vec<GameId>, Vec<GameId>),
    h: &Value,
    span: Span,
) -> Result<GameId> {
    let (hl, hr) = written_options(ev, h, span)?;
    let mut left = base.0.clone();
    for x in &hl {
        left.push(ordinal_form(ev, base, x, span)?);
    }
    let mut right = base.1.clone();
    for x in &hr {
        right.push(ordinal_form(ev, base, x, span)?);
    }
    ev.arena(span, |ar| ar.from_options(&left, &right))
}

/// The options of `'{L|R}'` as written (`left` for Left's); an error for a
/// compound game, whose options are not kept.
pub(crate) fn options(ev: &Eval<'_>, e: &Explicit, left: bool, span: Span) -> Result<Value> {
    match e {
        Explicit::Game(l, r) => Ok(Value::List(if left { l.clone() } else { r.clone() })),
        _ => Err(ev.error(
            span,
            ErrorKind::InvalidInput,
            "the options of a compound game are not kept: ask its CanonicalForm",
        )),
    }
}

/// How binding a part prints: an explicit game, a number or a negative
/// product binds tightest, then `*`, `:`, `+` (with `ConjunctiveSum` and
/// `SelectiveSum`), then `OrdinalProduct` (CGSuite's precedences).
fn level(v: &Value) -> u8 {
    match v {
        Value::Explicit(e) => match &**e {
            Explicit::Game(..) | Explicit::Negative(_) => 4,
            Explicit::Multiple(..) => 3,
            Explicit::Ordinal(..) => 2,
            Explicit::Sum(..) => 1,
            Explicit::Compound(kind, ..) => kind.level(),
        },
        _ => 4,
    }
}

/// Writes `e` as CGSuite prints it; `show` prints the parts that are not
/// explicit.
pub(crate) fn write(
    out: &mut String,
    e: &Explicit,
    show: &mut dyn FnMut(&Value, &mut String) -> Result<()>,
) -> Result<()> {
    fn part(
        out: &mut String,
        v: &Value,
        min: u8,
        show: &mut dyn FnMut(&Value, &mut String) -> Result<()>,
    ) -> Result<()> {
        let paren = level(v) < min;
        if paren {
            out.push('(');
        }
        match v {
            Value::Explicit(inner) => write(out, inner, show)?,
            other => show(other, out)?,
        }
        if paren {
            out.push(')');
        }
        Ok(())
    }
    match e {
        Explicit::Game(l, r) => {
            out.push_str("'{");
            for (i, v) in l.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                part(out, v, 0, show)?;
            }
            out.push('|');
            for (i, v) in r.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                part(out, v, 0, show)?;
            }
            out.push_str("}'");
        }
        Explicit::Sum(a, b) => {
            part(out, a, 1, show)?;
            out.push_str(" + ");
            part(out, b, 2, show)?;
        }
        Explicit::Ordinal(a, b) => {
            part(out, a, 2, show)?;
            out.push_str(" : ");
            part(out, b, 3, show)?;
        }
        Explicit::Multiple(n, g) => {
            out.push_str(&n.to_string());
            out.push_str(" * ");
            part(out, g, 4, show)?;
        }
        Explicit::Compound(kind, a, b) => {
            part(out, a, kind.level(), show)?;
            out.push(' ');
            out.push_str(kind.symbol(a));
            out.push(' ');
            part(out, b, kind.level(), show)?;
        }
        Explicit::Negative(g) => {
            out.push_str("-(");
            part(out, g, 0, show)?;
            out.push(')');
        }
    }
    Ok(())
}

/// `g.Subordinate(base)`: the game `h` with `g = base : h`. The base's
/// options are taken as written (`'{*|*}'` is not `0` here). `h` keeps
/// every option of `g` (at every depth) that is not one of the base's on
/// that side; the answer is checked by forming `base : h` again, and when
/// that is not `g` no `h` exists.
pub(crate) fn subordinate(ev: &mut Eval<'_>, g: GameId, base: &Value, span: Span) -> Result<Value> {
    let base_options = base_options(ev, base, span)?;
    match subordinate_on(ev, g, &base_options, span)? {
        Some(h) => Ok(ev.game_value(h)),
        None => Err(ev.error(
            span,
            ErrorKind::InvalidInput,
            "That game cannot be subordinated to the specified base.",
        )),
    }
}

/// The canonical forms of the options of `base` as written (`'{*|*}'` has
/// the options `*` and `*`, though it is `0`): what an ordinal sum on it
/// depends on.
pub(crate) fn base_options(
    ev: &mut Eval<'_>,
    base: &Value,
    span: Span,
) -> Result<(Vec<GameId>, Vec<GameId>)> {
    if matches!(base, Value::Loopy(_)) {
        return Err(ev.error(span, ErrorKind::InvalidInput, "the base must be a short game"));
    }
    let (bl, br) = written_options(ev, base, span)?;
    Ok((canonical_all(ev, &bl, span)?, canonical_all(ev, &br, span)?))
}

/// The game `h` with `g = B : h` for the base `B` given by its options,
/// or `None` when there is none.
pub(crate) fn subordinate_on(
    ev: &mut Eval<'_>,
    g: GameId,
    base: &(Vec<GameId>, Vec<GameId>),
    span: Span,
) -> Result<Option<GameId>> {
    let mut memo = rustc_hash::FxHashMap::default();
    let h = subordinate_of(ev, g, base, &mut memo, span)?;
    let again = ev.arena(span, |a| a.ordinal_sum_on(&base.0, &base.1, h))?;
    Ok((again == g).then_some(h))
}

/// `{sub(xL) for xL not a base Left option | sub(xR) for xR not a base
/// Right option}` for every follower, children first on an explicit stack
/// (games can be deep: an integer `n` is `n` moves deep).
fn subordinate_of(
    ev: &mut Eval<'_>,
    x: GameId,
    base: &(Vec<GameId>, Vec<GameId>),
    memo: &mut rustc_hash::FxHashMap<GameId, GameId>,
    span: Span,
) -> Result<GameId> {
    let mut stack = vec![x];
    while let Some(&y) = stack.last() {
        if memo.contains_key(&y) {
            stack.pop();
            continue;
        }
        let yl = ev.arena(span, |a| a.left_options(y))?;
        let yr = ev.arena(span, |a| a.right_options(y))?;
        let kept_l: Vec<GameId> = yl.into_iter().filter(|o| !base.0.contains(o)).collect();
        let kept_r: Vec<GameId> = yr.into_iter().filter(|o| !base.1.contains(o)).collect();
        let missing: Vec<GameId> =
            kept_l.iter().chain(&kept_r).copied().filter(|o| !memo.contains_key(o)).collect();
        if !missing.is_empty() {
            stack.extend(missing);
            continue;
        }
        let left: Vec<GameId> = kept_l.iter().map(|o| memo[o]).collect();
        let right: Vec<GameId> = kept_r.iter().map(|o| memo[o]).collect();
        let h = ev.arena(span, |a| a.from_options(&left, &right))?;
        memo.insert(y, h);
        stack.pop();
    }
    Ok(memo[&x])
}

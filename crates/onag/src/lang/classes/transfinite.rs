//! Transfinite numbers in the calculator: `omega` and the generalized
//! ordinals built from it (`omega + 5`, `omega^omega - 5*omega^19`, CGSuite's
//! `game.GeneralizedOrdinal`), and transfinite nimbers (`*omega`, CGSuite's
//! `game.TransfiniteNimber`). The arithmetic is
//! [`crate::number::ordinal`]'s.
//!
//! Ratios of them are surreal numbers too (`1/omega`, `(omega+7)/(omega*7)`,
//! `omega/2`: CGSuite's `game.SurrealNumber`), kept in lowest terms
//! ([`crate::number::surreal`]).
//!
//! A value that turns out finite is a rational again (`(omega + 5) - omega`
//! is `5`, `*(omega - omega)` is `0`), so [`Value::Transfinite`] and
//! [`Value::TransfiniteNimber`] never hold a rational.

use std::sync::Arc;

use num_bigint::BigInt;
use num_traits::{One, Signed, ToPrimitive};

use crate::error::{ErrorKind, Result};
use crate::lang::runtime::context::Eval;
use crate::lang::syntax::ast::BinOp;
use crate::lang::syntax::lexer::Span;
use crate::lang::value::Value;
use crate::number::ordinal::GeneralizedOrdinal;
use crate::number::surreal::Surreal;

/// The value of a surreal number: a rational when it is one.
pub(crate) fn value(x: Surreal) -> Value {
    match x.as_rational() {
        Some(q) => Value::number(q),
        None => Value::Transfinite(Arc::new(x)),
    }
}

/// [`value`], refused past the bounds on size of transfinite numbers.
fn checked(ev: &Eval<'_>, x: Surreal, span: Span) -> Result<Value> {
    x.numerator()
        .check_size()
        .and_then(|()| x.denominator().check_size())
        .map_err(|e| ev.locate(e, span))?;
    Ok(value(x))
}

/// The value of a generalized ordinal: an integer when it is finite.
pub(crate) fn ordinal_value(x: GeneralizedOrdinal) -> Value {
    value(Surreal::from_ordinal(x))
}

/// The transfinite nimber `*x` of an ordinal: a nimber when it is finite.
pub(crate) fn nimber_value(ev: &mut Eval<'_>, x: GeneralizedOrdinal, span: Span) -> Result<Value> {
    match x.as_integer() {
        Some(n) => crate::lang::classes::game::star(ev, &Value::Number(n.into()), span),
        None => Ok(Value::TransfiniteNimber(Arc::new(x))),
    }
}

/// `omega`.
pub(crate) fn omega() -> Value {
    ordinal_value(GeneralizedOrdinal::omega())
}

/// A value as a surreal number: a rational or a transfinite number.
pub(crate) fn as_surreal(v: &Value) -> Option<Surreal> {
    match v {
        Value::Transfinite(x) => Some((**x).clone()),
        Value::Number(q) => Some(Surreal::from_rational(&q.to_big())),
        _ => None,
    }
}

/// A value as a generalized ordinal: an integer or a transfinite number
/// with denominator 1.
pub(crate) fn as_ordinal(v: &Value) -> Option<GeneralizedOrdinal> {
    match v {
        Value::Transfinite(x) => x.as_ordinal().cloned(),
        _ => v.as_integer().map(|n| GeneralizedOrdinal::integer(n.into_owned())),
    }
}

/// The nim value of a nimber game or a transfinite nimber.
pub(crate) fn nim_value_of(ev: &Eval<'_>, v: &Value) -> Option<GeneralizedOrdinal> {
    match v {
        Value::TransfiniteNimber(x) => Some((**x).clone()),
        Value::Number(q) if q.is_zero() => Some(GeneralizedOrdinal::zero()),
        Value::Game(g) => {
            ev.state.arena.as_nimber(*g).map(|n| GeneralizedOrdinal::integer(BigInt::from(n)))
        }
        _ => None,
    }
}

fn error(ev: &Eval<'_>, span: Span, message: impl Into<String>) -> crate::Error {
    ev.error(span, ErrorKind::InvalidInput, message.into())
}

/// `*x` for a transfinite `x`; `None` when `x` is not one.
pub(crate) fn star(ev: &mut Eval<'_>, x: &Value, span: Span) -> Option<Result<Value>> {
    let Value::Transfinite(x) = x else { return None };
    match x.as_ordinal() {
        Some(o) if o.is_ordinal() => Some(nimber_value(ev, o.clone(), span)),
        _ => Some(Err(error(ev, span, format!("'*' needs an ordinal, not {x}")))),
    }
}

/// `-x` for a transfinite `x`; `None` when `x` is not one.
pub(crate) fn negate(x: &Value) -> Option<Value> {
    match x {
        Value::Transfinite(x) => Some(value(x.neg())),
        // A nimber is its own negative.
        Value::TransfiniteNimber(_) => Some(x.clone()),
        _ => None,
    }
}

/// `a op b` when either is transfinite; `None` when neither is.
pub(crate) fn binary(
    ev: &mut Eval<'_>,
    op: &BinOp,
    a: &Value,
    b: &Value,
    span: Span,
) -> Option<Result<Value>> {
    let transfinite = |v: &Value| matches!(v, Value::Transfinite(_) | Value::TransfiniteNimber(_));
    if !transfinite(a) && !transfinite(b) {
        return None;
    }
    if matches!(op, BinOp::Named(_) | BinOp::Is | BinOp::Range) {
        return None;
    }
    if matches!(a, Value::TransfiniteNimber(_)) || matches!(b, Value::TransfiniteNimber(_)) {
        return Some(nimber_binary(ev, op, a, b, span));
    }
    Some(surreal_binary(ev, op, a, b, span))
}

/// Comparison operators as the truth of an ordering (`None` for others).
fn compare(op: &BinOp, order: std::cmp::Ordering) -> Option<bool> {
    Some(match op {
        BinOp::Eq => order.is_eq(),
        BinOp::Ne => order.is_ne(),
        BinOp::Lt | BinOp::LessOrConfused => order.is_lt(),
        BinOp::Le => order.is_le(),
        BinOp::Gt | BinOp::GreaterOrConfused => order.is_gt(),
        BinOp::Ge => order.is_ge(),
        BinOp::Confused => false,
        _ => return None,
    })
}

fn surreal_binary(
    ev: &mut Eval<'_>,
    op: &BinOp,
    a: &Value,
    b: &Value,
    span: Span,
) -> Result<Value> {
    let (x, y) = match (as_surreal(a), as_surreal(b)) {
        (Some(x), Some(y)) => (x, y),
        _ => return mixed(ev, op, a, b, span),
    };
    let located =
        |r: Result<Surreal>| r.map_err(|e| ev.locate(e, span)).and_then(|x| checked(ev, x, span));
    match op {
        BinOp::Add => located(x.add(&y)),
        BinOp::Sub => located(x.sub(&y)),
        BinOp::Mul => located(x.mul(&y)),
        BinOp::Div => match x.div(&y).map_err(|e| ev.locate(e, span))? {
            Some(q) => checked(ev, q, span),
            // CGSuite's x/0: an infinite rational of x's sign.
            None => Ok(Value::Infinity(x.sign() < 0)),
        },
        BinOp::Pow => power(ev, &x, &y, span),
        _ => {
            let order = x.compare(&y).map_err(|e| ev.locate(e, span))?;
            match compare(op, order) {
                Some(truth) => Ok(Value::Bool(truth)),
                None => Err(error(ev, span, "this operator does not apply to transfinite numbers")),
            }
        }
    }
}

/// A transfinite number with a value that is not a number: only
/// comparisons with a short game are defined, for an infinite number,
/// which lies beyond every short game.
fn mixed(ev: &mut Eval<'_>, op: &BinOp, a: &Value, b: &Value, span: Span) -> Result<Value> {
    let (x, other, flipped) = match (a, b) {
        (Value::Transfinite(x), other) => (x, other, false),
        (other, Value::Transfinite(x)) => (x, other, true),
        _ => return Err(error(ev, span, "this operator does not apply to transfinite numbers")),
    };
    // A transfinite number equals no value of another kind.
    match op {
        BinOp::Eq => return Ok(Value::Bool(false)),
        BinOp::Ne => return Ok(Value::Bool(true)),
        _ => {}
    }
    let order = x.sign().cmp(&0);
    let order = if flipped { order.reverse() } else { order };
    match compare(op, order) {
        Some(truth) if matches!(other, Value::Game(_)) && x.is_infinite() => Ok(Value::Bool(truth)),
        _ => Err(error(
            ev,
            span,
            format!("a transfinite number does not combine with {}", other.kind_name()),
        )),
    }
}

/// `x ^ y`: `omega ^ α` for a generalized ordinal α (`omega^(-1)` is
/// `1/omega`), or any surreal number to an integer power.
fn power(ev: &Eval<'_>, x: &Surreal, y: &Surreal, span: Span) -> Result<Value> {
    let omega = GeneralizedOrdinal::omega();
    if x.as_ordinal() == Some(&omega) {
        let Some(e) = y.as_ordinal() else {
            return Err(error(
                ev,
                span,
                "omega's exponent must be an integer or a generalized ordinal",
            ));
        };
        return omega_power(e).map_err(|e| ev.locate(e, span));
    }
    match y.as_ordinal().and_then(GeneralizedOrdinal::as_integer) {
        Some(n) => {
            let n = n.to_i64().ok_or_else(|| {
                ev.error(
                    span,
                    ErrorKind::Overflow,
                    "that power of a transfinite number is too large",
                )
            })?;
            match x.pow(n).map_err(|e| ev.locate(e, span))? {
                Some(p) => checked(ev, p, span),
                None => Err(ev.error(span, ErrorKind::Undefined, "a negative power of 0")),
            }
        }
        None => Err(error(ev, span, "only omega can be raised to a transfinite power")),
    }
}

/// `ω^e` for a generalized ordinal `e`: `ω^(positive part) / ω^(negated
/// negative part)` (one term over another).
pub(crate) fn omega_power(e: &GeneralizedOrdinal) -> Result<Value> {
    let (positive, negative): (Vec<_>, Vec<_>) =
        e.terms().iter().cloned().partition(|t| t.coefficient.is_positive());
    let up = GeneralizedOrdinal::from_terms(positive).checked_omega_power()?;
    let negated = negative
        .into_iter()
        .map(|mut t| {
            t.coefficient = -t.coefficient;
            t
        })
        .collect();
    let down = GeneralizedOrdinal::from_terms(negated).checked_omega_power()?;
    match Surreal::new(up, down)? {
        Some(x) => Ok(value(x)),
        None => Ok(Value::int(0)),
    }
}

fn nimber_binary(ev: &mut Eval<'_>, op: &BinOp, a: &Value, b: &Value, span: Span) -> Result<Value> {
    let (Some(x), Some(y)) = (nim_value_of(ev, a), nim_value_of(ev, b)) else {
        // A transfinite nimber equals no value that is not a nimber.
        match op {
            BinOp::Eq => return Ok(Value::Bool(false)),
            BinOp::Ne => return Ok(Value::Bool(true)),
            _ => {}
        }
        let other = if nim_value_of(ev, a).is_none() { a } else { b };
        return Err(error(
            ev,
            span,
            format!("a transfinite nimber combines only with nimbers, not {}", other.kind_name()),
        ));
    };
    match op {
        BinOp::Add | BinOp::Sub => {
            let sum = x.nim_sum(&y).unwrap_or_default();
            nimber_value(ev, sum, span)
        }
        BinOp::Eq => Ok(Value::Bool(x == y)),
        BinOp::Ne => Ok(Value::Bool(x != y)),
        // Two different nimbers are confused with each other.
        BinOp::Confused => Ok(Value::Bool(x != y)),
        BinOp::Le | BinOp::Ge => Ok(Value::Bool(x == y)),
        BinOp::LessOrConfused | BinOp::GreaterOrConfused => Ok(Value::Bool(x != y)),
        BinOp::Lt | BinOp::Gt => Ok(Value::Bool(false)),
        _ => Err(error(ev, span, "this operator does not apply to transfinite nimbers")),
    }
}

/// Writes a transfinite nimber as CGSuite does: `*ω`, `*ω^2`, `*(ω+5)`,
/// `*(ω×5)`.
pub(crate) fn show_nimber(x: &GeneralizedOrdinal) -> String {
    let head = &x.terms()[0];
    let parens = x.terms().len() > 1 || (!head.exponent.is_zero() && !head.coefficient.is_one());
    if parens { format!("*({x})") } else { format!("*{x}") }
}

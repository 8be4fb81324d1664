//! `inf` and `-inf` (CGSuite's infinite rationals `1/0` and `-1/0`): `17/0`
//! is `inf`, `(0).Reciprocal` is `inf`, and `inf` takes part in the
//! arithmetic and comparisons of numbers. `inf - inf`, `0 * inf` and `0/0`
//! are undefined (errors), as are members that need a finite number
//! (`Floor`, `Birthday`).

use num_rational::BigRational;
use num_traits::{Signed, Zero};

use crate::error::{ErrorKind, Result};
use crate::lang::runtime::context::Eval;
use crate::lang::syntax::ast::BinOp;
use crate::lang::syntax::lexer::Span;
use crate::lang::value::Value;

/// The sign of a value as an extended number: `Some(Ok(x))` for a number,
/// `Some(Err(negative))` for `±inf`, `None` for anything else.
fn extended(v: &Value) -> Option<std::result::Result<std::borrow::Cow<'_, BigRational>, bool>> {
    match v {
        Value::Number(q) => Some(Ok(q.to_big())),
        Value::Infinity(negative) => Some(Err(*negative)),
        _ => None,
    }
}

/// `x / 0` for a number `x ≠ 0`: `inf` or `-inf` (`None` for `0/0`).
pub(crate) fn over_zero(x: &BigRational) -> Option<Value> {
    (!x.is_zero()).then(|| Value::Infinity(x.is_negative()))
}

/// `a op b` when either is `±inf`; `None` when neither is.
pub(crate) fn binary(
    ev: &Eval<'_>,
    op: &BinOp,
    a: &Value,
    b: &Value,
    span: Span,
) -> Option<Result<Value>> {
    if !matches!(a, Value::Infinity(_)) && !matches!(b, Value::Infinity(_)) {
        return None;
    }
    let undefined =
        |what: &str| Err(ev.error(span, ErrorKind::Undefined, format!("{what} is undefined")));
    let (Some(x), Some(y)) = (extended(a), extended(b)) else {
        return Some(Err(ev.error(
            span,
            ErrorKind::InvalidInput,
            format!(
                "inf combines only with numbers, not {}",
                if extended(a).is_none() { a.kind_name() } else { b.kind_name() }
            ),
        )));
    };
    let (x, y) = (
        x.as_ref().map(|q| q.as_ref()).map_err(|&n| n),
        y.as_ref().map(|q| q.as_ref()).map_err(|&n| n),
    );
    // Order: -inf < every number < inf.
    let rank = |v: std::result::Result<&BigRational, bool>| match v {
        Err(true) => (0, None),
        Ok(q) => (1, Some(q.clone())),
        Err(false) => (2, None),
    };
    let ordering = rank(x).cmp(&rank(y));
    let sign = |v: std::result::Result<&BigRational, bool>| match v {
        Ok(q) if q.is_zero() => 0,
        Ok(q) if q.is_negative() => -1,
        Ok(_) | Err(false) => 1,
        Err(true) => -1,
    };
    let result = match op {
        BinOp::Add | BinOp::Sub => {
            let y_negative = |n: bool| if *op == BinOp::Sub { !n } else { n };
            match (x, y) {
                (Err(p), Err(q)) if p != y_negative(q) => return Some(undefined("inf - inf")),
                (Err(p), _) => Value::Infinity(p),
                (_, Err(q)) => Value::Infinity(y_negative(q)),
                (Ok(_), Ok(_)) => return None,
            }
        }
        BinOp::Mul => match sign(x) * sign(y) {
            0 => return Some(undefined("0 * inf")),
            s => Value::Infinity(s < 0),
        },
        BinOp::Div => match (x, y) {
            (Ok(_), Err(_)) => Value::int(0),
            (Err(_), Err(_)) => return Some(undefined("inf / inf")),
            (Err(p), Ok(q)) if !q.is_zero() => Value::Infinity(p != q.is_negative()),
            _ => return Some(undefined("inf / 0")),
        },
        BinOp::Eq => Value::Bool(ordering.is_eq()),
        BinOp::Ne => Value::Bool(ordering.is_ne()),
        BinOp::Lt | BinOp::LessOrConfused => Value::Bool(ordering.is_lt()),
        BinOp::Le => Value::Bool(ordering.is_le()),
        BinOp::Gt | BinOp::GreaterOrConfused => Value::Bool(ordering.is_gt()),
        BinOp::Ge => Value::Bool(ordering.is_ge()),
        BinOp::Confused => Value::Bool(false),
        _ => {
            return Some(Err(ev.error(
                span,
                ErrorKind::InvalidInput,
                "this operator does not apply to inf",
            )));
        }
    };
    Some(Ok(result))
}

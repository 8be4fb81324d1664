//! Game values in the calculator: conversions between numbers, positions and
//! games, game literals and the operators on games (all computed by
//! [`crate::game`]). The game members are in the `members` module.
//!
//! A dyadic number is a game; a non-dyadic rational is not (`{1/3|}` is an
//! error). A game that is a number comes back as a number value, so number
//! members and exact rational arithmetic apply to it.

use std::cmp::Ordering;

use num_bigint::BigInt;
use num_traits::{Signed, ToPrimitive};

use crate::error::{Error, ErrorKind, Result};
use crate::game::GameId;
use crate::lang::runtime::context::Eval;
use crate::lang::syntax::ast::{BinOp, UpKind};
use crate::lang::syntax::lexer::Span;
use crate::lang::value::Value;

/// Whether a value takes part in game arithmetic (a game, or a number).
pub(crate) fn is_gamey(v: &Value) -> bool {
    matches!(v, Value::Game(_) | Value::Number(_))
}

fn overflow() -> Error {
    Error::new(ErrorKind::Overflow, "Overflow.")
}

/// An up literal: n·↑, ↑ⁿ or ↑+…+↑ⁿ (negated for downs).
pub(crate) fn up_literal(ev: &mut Eval<'_>, kind: UpKind, n: &BigInt, span: Span) -> Result<Value> {
    let g = match kind {
        UpKind::Multiple => {
            let n = n.to_i64().ok_or_else(|| ev.locate(overflow(), span))?;
            ev.arena(span, |a| a.up_multiple(n))?
        }
        UpKind::Power | UpKind::PowerSum => {
            let k = n.abs().to_u64().ok_or_else(|| ev.locate(overflow(), span))?;
            if k == 0 {
                return Err(ev.error(
                    span,
                    ErrorKind::InvalidInput,
                    "the exponent of ^<n> and ^[n] must be at least 1",
                ));
            }
            let g = ev.arena(span, |a| {
                if kind == UpKind::Power { a.up_power(k) } else { a.up_power_sum(k) }
            })?;
            if n.is_negative() { ev.arena(span, |a| a.neg(g))? } else { g }
        }
    };
    Ok(ev.game_value(g))
}

/// `*n`.
pub(crate) fn star(ev: &mut Eval<'_>, n: &Value, span: Span) -> Result<Value> {
    let Some(k) = n.as_integer().filter(|k| !k.is_negative()) else {
        return Err(ev.error(
            span,
            ErrorKind::InvalidInput,
            match n.as_integer() {
                Some(k) => format!("'*' needs a non-negative integer, not {k}"),
                None => format!("'*' needs a non-negative integer, not {}", n.kind_name()),
            },
        ));
    };
    let k = k.to_u64().ok_or_else(|| ev.locate(overflow(), span))?;
    let g = ev.arena(span, |a| a.nimber(k))?;
    Ok(ev.game_value(g))
}

/// `{L|R}`.
pub(crate) fn game_from_options(
    ev: &mut Eval<'_>,
    left: Vec<Value>,
    right: Vec<Value>,
    span: Span,
) -> Result<Value> {
    let left = ev.game_list(&left, span, "a game option")?;
    let right = ev.game_list(&right, span, "a game option")?;
    let g = ev.arena(span, |a| a.from_options(&left, &right))?;
    Ok(ev.game_value(g))
}

/// `-G`.
pub(crate) fn negate(ev: &mut Eval<'_>, g: GameId, span: Span) -> Result<Value> {
    let n = ev.arena(span, |a| a.neg(g))?;
    Ok(ev.game_value(n))
}

/// Whether `a` and `b` are equal games (numbers count as games).
pub(crate) fn equal(ev: &mut Eval<'_>, a: &Value, b: &Value, span: Span) -> Result<bool> {
    if let (Value::Number(x), Value::Number(y)) = (a, b) {
        return Ok(x == y);
    }
    let (Ok(g), Ok(h)) = (ev.game_of(a, span, "=="), ev.game_of(b, span, "==")) else {
        return Ok(false);
    };
    Ok(g == h)
}

/// A binary operator with at least one game operand; `None` when the operator
/// does not apply to games.
pub(crate) fn binary(
    ev: &mut Eval<'_>,
    op: &BinOp,
    a: &Value,
    b: &Value,
    span: Span,
) -> Option<Result<Value>> {
    if !(is_gamey(a) && is_gamey(b)) {
        return None;
    }
    let result = (|| -> Result<Value> {
        match op {
            BinOp::Mul => {
                let (n, g) = match (a.as_integer(), b.as_integer()) {
                    (Some(n), _) => (n.clone(), b),
                    (None, Some(n)) => (n.clone(), a),
                    (None, None) => {
                        return Err(ev.error(
                            span,
                            ErrorKind::InvalidInput,
                            "'*' multiplies a game by an integer (Norton multiplication); use ConwayProduct for other products",
                        ));
                    }
                };
                let g = ev.game_of(g, span, "'*'")?;
                let p = ev.arena(span, |ar| ar.norton_multiply(g, &n))?;
                Ok(ev.game_value(p))
            }
            BinOp::Add | BinOp::Sub | BinOp::PlusMinus => {
                let g = ev.game_of(a, span, "this operator")?;
                let h = ev.game_of(b, span, "this operator")?;
                let r = ev.arena(span, |ar| match op {
                    BinOp::Add => ar.add(g, h),
                    BinOp::Sub => ar.sub(g, h),
                    _ => ar.plus_minus(g, h),
                })?;
                Ok(ev.game_value(r))
            }
            BinOp::Lt
            | BinOp::Le
            | BinOp::Gt
            | BinOp::Ge
            | BinOp::Confused
            | BinOp::LessOrConfused
            | BinOp::GreaterOrConfused => {
                let g = ev.game_of(a, span, "a comparison")?;
                let h = ev.game_of(b, span, "a comparison")?;
                let c = ev.arena(span, |ar| ar.compare(g, h))?;
                let truth = match op {
                    BinOp::Lt => c == Some(Ordering::Less),
                    BinOp::Le => matches!(c, Some(Ordering::Less | Ordering::Equal)),
                    BinOp::Gt => c == Some(Ordering::Greater),
                    BinOp::Ge => matches!(c, Some(Ordering::Greater | Ordering::Equal)),
                    BinOp::Confused => c.is_none(),
                    BinOp::LessOrConfused => matches!(c, None | Some(Ordering::Less)),
                    _ => matches!(c, None | Some(Ordering::Greater)),
                };
                Ok(Value::Bool(truth))
            }
            _ => Err(ev.error(
                span,
                ErrorKind::InvalidInput,
                "this operator does not apply to games",
            )),
        }
    })();
    Some(result)
}

//! The operators on values: unary `-`, `+`, `+-`, binary arithmetic,
//! comparisons and equality. Numbers are exact rationals; positions take
//! part as the games they are worth; everything else is a game operation of
//! [`super::games`]. Named infix operators (`a Max b`) are members.

use num_traits::Zero;

use super::arith;
use super::ast::BinOp;
use super::context::Eval;
use super::games;
use super::heap::plain_ruleset;
use super::infinity;
use super::lexer::Span;
use super::loopy;
use super::rules::Ruleset;
use super::value::Value;
use crate::error::{ErrorKind, Result};

pub(crate) fn unary_plus(ev: &mut Eval<'_>, x: Value, span: Span) -> Result<Value> {
    match games::as_game(ev, x, span)? {
        x @ (Value::Game(_) | Value::Number(_)) => Ok(x),
        other => Err(type_error(ev, "'+'", &other, span)),
    }
}

/// The ruleset a value names: `game.heap.Kayles` or a built ruleset.
fn ruleset_of(v: &Value) -> Option<Ruleset> {
    match v {
        Value::Ruleset(rules) => Some(rules.clone()),
        Value::Builtin(path) => plain_ruleset(path.rsplit('.').next().unwrap_or(path)),
        _ => None,
    }
}

/// `-x`.
pub(crate) fn negate(ev: &mut Eval<'_>, x: Value, span: Span) -> Result<Value> {
    if let Value::Loopy(v) = &x {
        return loopy::negate(ev, v, span);
    }
    if let Value::Infinity(negative) = x {
        return Ok(Value::Infinity(!negative));
    }
    if let Some(negative) = super::transfinite::negate(&x) {
        return Ok(negative);
    }
    if let Value::Explicit(_) = &x {
        return super::explicit::negate(ev, &x, span);
    }
    let x = games::as_game(ev, x, span)?;
    match x {
        Value::Number(q) => Ok(Value::Number(-q)),
        Value::Game(g) => games::negate(ev, g, span),
        other => Err(type_error(ev, "'-'", &other, span)),
    }
}

fn type_error(ev: &Eval<'_>, what: &str, x: &Value, span: Span) -> crate::Error {
    ev.error(
        span,
        ErrorKind::InvalidInput,
        format!("{what} cannot be applied to {}", x.kind_name()),
    )
}

/// Whether two values are equal (`==`): games (positions by their value) as
/// games, rulesets as the same game, lists element by element.
pub(crate) fn equal(ev: &mut Eval<'_>, a: &Value, b: &Value, span: Span) -> Result<bool> {
    if let (Some(r), Some(s)) = (ruleset_of(a), ruleset_of(b)) {
        return Ok(r.same_rules(&s));
    }
    // A ruleset's name and the ruleset as a value (`EnclosingObject`) are
    // the same ruleset.
    if let (Value::Builtin(path), Value::PartizanRuleset(..) | Value::ClassicRuleset(_))
    | (Value::PartizanRuleset(..) | Value::ClassicRuleset(_), Value::Builtin(path)) = (a, b)
    {
        let named = super::members::ruleset_constant(path.clone());
        let other = if matches!(a, Value::Builtin(_)) { b } else { a };
        return Ok(named == *other);
    }
    if let (Value::Heap(r, n), Value::Heap(s, m)) = (a, b)
        && n == m
        && r.same_rules(s)
    {
        return Ok(true);
    }
    if let (Value::Mutable(x), Value::Mutable(y)) = (a, b) {
        if std::sync::Arc::ptr_eq(x, y) {
            return Ok(true);
        }
        let (x, y) = (x.snapshot(), y.snapshot());
        if x.class_name() != y.class_name() {
            return Ok(false);
        }
        return equal(ev, &x.frozen(), &y.frozen(), span);
    }
    if let (Value::List(x), Value::List(y)) = (a, b) {
        if x.len() != y.len() {
            return Ok(false);
        }
        for (p, q) in x.iter().zip(y) {
            if !equal(ev, p, q, span)? {
                return Ok(false);
            }
        }
        return Ok(true);
    }
    let a = games::as_game(ev, a.clone(), span)?;
    let b = games::as_game(ev, b.clone(), span)?;
    if games::is_gamey(&a) && games::is_gamey(&b) {
        return games::equal(ev, &a, &b, span);
    }
    Ok(a == b)
}

/// A binary operator on values that are not both numbers.
fn games_binary(ev: &mut Eval<'_>, op: &BinOp, a: Value, b: Value, span: Span) -> Result<Value> {
    let symbol = match op {
        BinOp::Add => "+",
        BinOp::Sub => "-",
        BinOp::PlusMinus => "+-",
        BinOp::Mul => "*",
        BinOp::Div => "/",
        BinOp::Mod => "%",
        BinOp::Pow => "^",
        BinOp::Lt => "<",
        BinOp::Le => "<=",
        BinOp::Gt => ">",
        BinOp::Ge => ">=",
        BinOp::Confused => "<>",
        BinOp::LessOrConfused => "<|",
        BinOp::GreaterOrConfused => "|>",
        BinOp::Sided => "&",
        BinOp::Range => "..",
        BinOp::Is => "is",
        BinOp::Eq => "==",
        BinOp::Ne => "!=",
        BinOp::Named(name) => name.as_str(),
    };
    let a = games::as_game(ev, a, span)?;
    let b = games::as_game(ev, b, span)?;
    if let Some(result) = games::binary(ev, op, &a, &b, span) {
        return result;
    }
    Err(ev.error(
        span,
        ErrorKind::InvalidInput,
        format!("'{symbol}' cannot combine {} and {}", a.kind_name(), b.kind_name()),
    ))
}

/// `a op b`: exact arithmetic and comparison when both are numbers, named
/// operators as members, the rest on games.
pub(crate) fn binary(
    ev: &mut Eval<'_>,
    op: &BinOp,
    a: Value,
    b: Value,
    span: Span,
) -> Result<Value> {
    if matches!(op, BinOp::Range) {
        return super::range::make(ev, a, b, span);
    }
    // A range is a list to every other operator (`1..4 == [1,2,3,4]`).
    let a = super::range::expand(ev, a, span)?;
    let b = super::range::expand(ev, b, span)?;
    if let Some(result) = infinity::binary(ev, op, &a, &b, span) {
        return result;
    }
    if let Some(result) = super::transfinite::binary(ev, op, &a, &b, span) {
        return result;
    }
    if let Some(result) = super::coordinates::binary(ev, op, &a, &b, span) {
        return result;
    }
    if let Some(result) = super::explicit::binary(ev, op, &a, &b, span) {
        return result;
    }
    if let Some(result) = super::misere::binary(ev, op, &a, &b, span) {
        return result;
    }
    if let (BinOp::Div, Value::Number(x), Value::Number(y)) = (op, &a, &b)
        && y.is_zero()
        && let Some(inf) = infinity::over_zero(x)
    {
        return Ok(inf);
    }
    if let (Value::Number(x), Value::Number(y)) = (&a, &b) {
        let q = match op {
            BinOp::Add => Some(arith::add(x, y)),
            BinOp::Sub => Some(arith::sub(x, y)),
            BinOp::Mul => Some(arith::mul(x, y)),
            BinOp::Div => Some(arith::div(x, y)),
            BinOp::Mod => Some(arith::modulo(x, y)),
            BinOp::Pow => {
                let Some(e) = b.as_integer() else {
                    return Err(ev.error(
                        span,
                        ErrorKind::InvalidInput,
                        "the exponent of '^' must be an integer",
                    ));
                };
                Some(arith::pow(x, e))
            }
            _ => None,
        };
        if let Some(q) = q {
            return q.map(Value::Number).map_err(|e| ev.locate(e, span));
        }
        let ordering = x.cmp(y);
        let truth = match op {
            BinOp::Eq => Some(ordering.is_eq()),
            BinOp::Ne => Some(ordering.is_ne()),
            BinOp::Lt | BinOp::LessOrConfused => Some(ordering.is_lt()),
            BinOp::Le => Some(ordering.is_le()),
            BinOp::Gt | BinOp::GreaterOrConfused => Some(ordering.is_gt()),
            BinOp::Ge => Some(ordering.is_ge()),
            BinOp::Confused => Some(false),
            _ => None,
        };
        if let Some(truth) = truth {
            return Ok(Value::Bool(truth));
        }
    }
    if *op == BinOp::Sided {
        return loopy::sided(ev, &a, &b, span);
    }
    if let Some(result) = loopy::binary(ev, op, &a, &b, span) {
        return result;
    }
    if let (BinOp::Add, Value::Str(x), Value::Str(y)) = (op, &a, &b) {
        return Ok(Value::Str(format!("{x}{y}")));
    }
    match op {
        BinOp::Eq | BinOp::Ne => {
            let equal = equal(ev, &a, &b, span)?;
            Ok(Value::Bool(equal == (*op == BinOp::Eq)))
        }
        _ => games_binary(ev, op, a, b, span),
    }
}

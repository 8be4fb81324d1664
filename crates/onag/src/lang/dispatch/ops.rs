//! The operators on values: unary `-`, `+`, `+-`, binary arithmetic,
//! comparisons and equality. Numbers are exact rationals; positions take
//! part as the games they are worth; everything else is a game operation of
//! [`crate::lang::classes::game`]. Named infix operators (`a Max b`) are members.

use crate::lang::value::number::Number;
use num_traits::{Signed, Zero};

use crate::error::{ErrorKind, Result};
use crate::lang::classes::game as games;
use crate::lang::classes::heap::ruleset_of;
use crate::lang::classes::infinity;
use crate::lang::classes::loopy;
use crate::lang::runtime::context::Eval;
use crate::lang::syntax::ast::BinOp;
use crate::lang::syntax::lexer::Span;
use crate::lang::value::arith;
use crate::lang::value::{Value, is_game_object};

pub(crate) fn unary_plus(ev: &mut Eval<'_>, x: Value, span: Span) -> Result<Value> {
    match ev.as_game(x, span)? {
        x @ (Value::Game(_) | Value::Number(_)) => Ok(x),
        other => Err(type_error(ev, "'+'", &other, span)),
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
    if let Some(negative) = crate::lang::classes::transfinite::negate(&x) {
        return Ok(negative);
    }
    if let Value::Explicit(_) = &x {
        return crate::lang::classes::explicit::negate(ev, &x, span);
    }
    let x = ev.as_game(x, span)?;
    match x {
        Value::Number(q) => Ok(Value::Number(q.neg())),
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
    // Instances of classes declared in CGScript are equal when their class,
    // enclosing instance and fields are (CGSuite's equality of objects).
    if matches!(a, Value::Object(_) | Value::ClassRef(_))
        || matches!(b, Value::Object(_) | Value::ClassRef(_))
    {
        return Ok(a == b);
    }
    if let (Some(r), Some(s)) = (ruleset_of(a), ruleset_of(b)) {
        return Ok(r.same_rules(&s));
    }
    // A ruleset's name and the ruleset as a value (`EnclosingObject`) are
    // the same ruleset.
    if let (Value::Builtin(path), Value::PartizanRuleset(..) | Value::ClassicRuleset(_))
    | (Value::PartizanRuleset(..) | Value::ClassicRuleset(_), Value::Builtin(path)) = (a, b)
    {
        let named = crate::lang::classes::catalog::ruleset_constant(path.clone());
        let other = if matches!(a, Value::Builtin(_)) { b } else { a };
        return Ok(named == *other);
    }
    if let (Value::Heap(x), Value::Heap(y)) = (a, b)
        && x.1 == y.1
        && x.0.same_rules(&y.0)
    {
        return Ok(true);
    }
    if let (Value::Mutable(x), Value::Mutable(y)) = (a, b) {
        if std::sync::Arc::ptr_eq(x, y) {
            return Ok(true);
        }
        let (x, y) = (ev.contents(x, span)?, ev.contents(y, span)?);
        if x.class_name() != y.class_name() {
            return Ok(false);
        }
        let as_sorted = &mut |all| Ok(all);
        return equal(ev, &x.frozen(as_sorted)?, &y.frozen(as_sorted)?, span);
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
    let a = ev.as_game(a.clone(), span)?;
    let b = ev.as_game(b.clone(), span)?;
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
    let a = ev.as_game(a, span)?;
    let b = ev.as_game(b, span)?;
    if let Some(result) = games::binary(ev, op, &a, &b, span) {
        return result;
    }
    Err(ev.error(
        span,
        ErrorKind::InvalidInput,
        format!("'{symbol}' cannot combine {} and {}", a.kind_name(), b.kind_name()),
    ))
}

/// `x op y` on two numbers: exact arithmetic and comparison; `None` for
/// an operator that is not one of those, and for a nonzero number divided
/// by zero (which is infinite).
fn numbers(ev: &Eval<'_>, op: &BinOp, x: &Number, y: &Number, span: Span) -> Option<Result<Value>> {
    let word = match op {
        BinOp::Add => x.checked_add(y),
        BinOp::Sub => x.checked_sub(y),
        BinOp::Mul => x.checked_mul(y),
        _ => None,
    };
    if let Some(n) = word {
        return Some(Ok(Value::Number(n)));
    }
    let compared = match op {
        BinOp::Eq => Some(x == y),
        BinOp::Ne => Some(x != y),
        BinOp::Lt | BinOp::LessOrConfused => Some(x < y),
        BinOp::Le => Some(x <= y),
        BinOp::Gt | BinOp::GreaterOrConfused => Some(x > y),
        BinOp::Ge => Some(x >= y),
        BinOp::Confused => Some(false),
        _ => None,
    };
    if let Some(truth) = compared {
        return Some(Ok(Value::Bool(truth)));
    }
    let (x, y) = (&*x.to_big(), &*y.to_big());
    let q = match op {
        BinOp::Add => arith::add(x, y),
        BinOp::Sub => arith::sub(x, y),
        BinOp::Mul => arith::mul(x, y),
        // `x / 0` is infinite (below), but `0 / 0` is undefined.
        BinOp::Div if y.is_zero() && !x.is_zero() => return None,
        BinOp::Div => arith::div(x, y),
        BinOp::Mod => arith::modulo(x, y),
        BinOp::Pow => {
            let Some(e) = y.is_integer().then(|| y.numer()) else {
                return Some(Err(ev.error(
                    span,
                    ErrorKind::InvalidInput,
                    "the exponent of '^' must be an integer",
                )));
            };
            arith::pow(x, e)
        }
        _ => return None,
    };
    Some(q.map(Value::number).map_err(|e| ev.locate(e, span)))
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
    if let (Value::Number(x), Value::Number(y)) = (&a, &b)
        && let Some(result) = numbers(ev, op, x, y, span)
    {
        return result;
    }
    if matches!(op, BinOp::Range) {
        return crate::lang::classes::range::make(ev, a, b, span);
    }
    // A sum with a position of a game declared in CGScript is kept as
    // written, so that the engine values its parts (`Sum(...)` starts
    // from 0, which it leaves out).
    if *op == BinOp::Add && (is_game_object(&a) || is_game_object(&b)) {
        let zero = |v: &Value| matches!(v, Value::Number(q) if q.is_zero());
        return Ok(if zero(&a) {
            b
        } else if zero(&b) {
            a
        } else {
            let sum = crate::lang::value::explicit::Explicit::Sum(a, b);
            Value::Explicit(std::sync::Arc::new(sum))
        });
    }
    // A range is a list to every other operator (`1..4 == [1,2,3,4]`).
    let a = crate::lang::classes::range::expand(ev, a, span)?;
    let b = crate::lang::classes::range::expand(ev, b, span)?;
    if let Some(result) = infinity::binary(ev, op, &a, &b, span) {
        return result;
    }
    if let Some(result) = crate::lang::classes::transfinite::binary(ev, op, &a, &b, span) {
        return result;
    }
    if let Some(result) = crate::lang::classes::coordinates::binary(ev, op, &a, &b, span) {
        return result;
    }
    if let Some(result) = crate::lang::classes::explicit::binary(ev, op, &a, &b, span) {
        return result;
    }
    if let Some(result) = crate::lang::classes::misere::binary(ev, op, &a, &b, span) {
        return result;
    }
    if let (BinOp::Div, Value::Number(x), Value::Number(y)) = (op, &a, &b)
        && y.is_zero()
        && let Some(inf) = infinity::over_zero(&x.to_big())
    {
        return Ok(inf);
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

/// `+-{a,b}` = {a,b | −a,−b}.
pub(crate) fn plus_minus_set(ev: &mut Eval<'_>, options: Vec<Value>, span: Span) -> Result<Value> {
    if options.iter().any(|v| matches!(v, Value::Loopy(_))) {
        let mut right = Vec::with_capacity(options.len());
        for v in &options {
            right.push(crate::lang::dispatch::ops::negate(ev, v.clone(), span)?);
        }
        if let Some(value) =
            crate::lang::classes::loopy::game_from_options(ev, &options, &right, span)
        {
            return value;
        }
    }
    let left = ev.game_list(&options, span, "'+-'")?;
    let right = left.iter().map(|&g| ev.arena(span, |a| a.neg(g))).collect::<Result<Vec<_>>>()?;
    let g = ev.arena(span, |a| a.from_options(&left, &right))?;
    Ok(ev.game_value(g))
}

/// `+-x` = {x | −x}.
pub(crate) fn switch(ev: &mut Eval<'_>, x: Value, span: Span) -> Result<Value> {
    if matches!(x, Value::Loopy(_)) {
        return plus_minus_set(ev, vec![x], span);
    }
    let g = ev.game_of(&x, span, "'+-'")?;
    let s = ev.arena(span, |a| a.switch(g))?;
    Ok(ev.game_value(s))
}

/// `target[index]`: a list's element (counted from 1) or a map's value
/// (`Nothing` for a missing key).
pub(crate) fn index(ev: &mut Eval<'_>, target: Value, index: Value, span: Span) -> Result<Value> {
    if let Value::Mutable(m) = &target
        && let Some(found) = crate::lang::members::mutable::index_in_place(m, &index)
    {
        return Ok(found);
    }
    let target = ev.frozen(target, span)?;
    if let Value::Strip(s) = &target {
        return crate::lang::classes::strip::at(ev, s, &index, span);
    }
    if let Value::Graph(g) = &target {
        return crate::lang::members::graph::vertex_at(ev, g, &index, span);
    }
    // An instance whose class declares `def op[](index)`.
    if let Value::Object(o) = &target
        && !o.class.methods(crate::lang::syntax::parser::INDEX_METHOD).is_empty()
    {
        let args = vec![(None, index, span)];
        return ev.member(target, crate::lang::syntax::parser::INDEX_METHOD, span, Some(args));
    }
    if let Value::Grid(g) = &target {
        // As CGSuite reads a grid: a cell off the grid is `Nothing`
        // (`grid[c + d] == 0` is false there).
        let Some((r, c)) = crate::lang::classes::grid::coordinates(&index) else {
            return Err(ev.error(
                span,
                ErrorKind::InvalidInput,
                format!(
                    "a grid's cell is given by coordinates (row, col), not {}",
                    index.describe()
                ),
            ));
        };
        return Ok(g.get(r, c).map_or(Value::Nothing, |x| Value::small(x.into())));
    }
    if let Value::Range(r) = &target {
        let len = r.len();
        return match index.as_integer() {
            Some(i) if i.is_positive() && *i <= len => {
                Ok(Value::int(&r.start + (i.into_owned() - 1) * &r.step))
            }
            _ => Err(ev.error(
                span,
                ErrorKind::InvalidInput,
                format!(
                    "the range {} of {len} elements has no element {}",
                    r.notation(),
                    index.describe()
                ),
            )),
        };
    }
    match target {
        Value::List(items) => {
            let len = items.len();
            let i = index.as_usize();
            match i {
                Some(i) if (1..=len).contains(&i) => {
                    Ok(items.into_iter().nth(i - 1).unwrap_or(Value::Nothing))
                }
                _ => Err(ev.error(
                    span,
                    ErrorKind::InvalidInput,
                    format!("a list of {len} elements has no element {}", index.describe()),
                )),
            }
        }
        Value::Str(text) => {
            let chars: Vec<char> = text.chars().collect();
            let i = index.as_usize();
            match i {
                Some(i) if (1..=chars.len()).contains(&i) => {
                    Ok(Value::Str(chars[i - 1].to_string()))
                }
                _ => Err(ev.error(
                    span,
                    ErrorKind::InvalidInput,
                    format!(
                        "a string of {} characters has no character {}",
                        chars.len(),
                        index.describe()
                    ),
                )),
            }
        }
        Value::Map(entries) => {
            if let Some(v) = entries.get(&index, &mut |a, b| equal(ev, a, b, span))? {
                return Ok(v.clone());
            }
            // CGSuite's error, with the key as written.
            let mut key = String::new();
            match &index {
                Value::Number(q) => crate::lang::value::write_number(&mut key, &q.to_big()),
                Value::Str(s) => key.push_str(s),
                Value::Bool(b) => key.push_str(if *b { "true" } else { "false" }),
                Value::Game(g) => match ev.state.arena.print(*g) {
                    Ok(text) => key = text,
                    Err(_) => key.push_str(index.kind_name()),
                },
                other => key.push_str(other.kind_name()),
            }
            Err(ev.error(span, ErrorKind::InvalidInput, format!("Key not found: {key}")))
        }
        other => Err(ev.error(
            span,
            ErrorKind::InvalidInput,
            format!("'[...]' needs a list, a string or a map, not {}", other.kind_name()),
        )),
    }
}

//! Loopy partizan games in the calculator (CALCULATOR.md, "Loopy games"):
//! literals with `pass` or named nodes (read by the library's loopy parser
//! from the literal's text), the names `on`, `off`, `over`, `under`, `dud`,
//! `upon`, `uponth`, and the operators `+`, `-`, unary `-`, comparisons and
//! equality on loopy values. Every value is computed by
//! [`crate::loopy::partizan`]; a loopy literal whose value is a short game
//! comes back as that game (or number).

use super::ast::{BinOp, Expr, ExprKind};
use super::context::Eval;
use super::lexer::Span;
use super::value::Value;
use crate::error::{Error, ErrorKind, Location, Result};
use crate::loopy::partizan::parse::{Literal, MAX_SUM_NODES, parse_literal};
use crate::loopy::partizan::print::{print_value, short_values};
use crate::loopy::partizan::{LoopyGame, SidedValue};

/// Whether a brace literal is loopy: it holds `pass` or a named node.
pub(crate) fn is_loopy_literal(expr: &Expr) -> bool {
    match &expr.kind {
        ExprKind::Var(name) => name == "pass",
        ExprKind::Loopy => true,
        _ => expr.kind.children().any(is_loopy_literal),
    }
}

/// The loopy literal written at `span`, read from the source text.
pub(crate) fn literal(ev: &mut Eval<'_>, span: Span) -> Result<Value> {
    let text = ev.source.get(span.start..span.end).unwrap_or("");
    let parsed = parse_literal(text, &mut ev.state.arena, ev.budget);
    let literal = parsed.map_err(|e| shift(ev, e, span))?;
    let value = match literal {
        Literal::Game(g) => SidedValue::of(&g, ev.budget).map_err(|e| ev.locate(e, span))?,
        Literal::Sided(v) => v,
    };
    of_sided(ev, value, span)
}

/// An error of the loopy parser (located in the literal's own text) located
/// in the whole input.
fn shift(ev: &Eval<'_>, e: Error, span: Span) -> Error {
    let column = e.location().map_or(1, |l| l.column);
    let before = ev.source.get(..span.start).unwrap_or("");
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let offset = before.len() - line_start;
    let line = before.matches('\n').count() + 1;
    let message = e.message().to_string();
    let mut loc = Location::of_offset(&ev.source, span.start);
    loc.line = line;
    loc.column = offset + column;
    Error::new(e.kind(), message).at(loc)
}

/// The loopy game a name stands for: `on`, `off`, `over`, `under`, `dud`,
/// `upon`, `uponth`.
pub(crate) fn named(ev: &mut Eval<'_>, name: &str, span: Span) -> Option<Result<Value>> {
    let g = match name {
        "on" => LoopyGame::on(),
        "off" => LoopyGame::off(),
        "over" => LoopyGame::over(),
        "under" => LoopyGame::under(),
        "dud" => LoopyGame::dud(),
        "upon" => LoopyGame::upon(),
        "uponth" => LoopyGame::uponth(),
        _ => return None,
    };
    Some(SidedValue::of(&g, ev.budget).map_err(|e| ev.locate(e, span)).map(loopy))
}

fn loopy(v: SidedValue) -> Value {
    Value::Loopy(Box::new(v))
}

/// A value as a loopy value: the value itself, or a short game or number
/// as the stopper it is. `None` for other kinds of value.
pub(crate) fn sided_of(ev: &mut Eval<'_>, v: &Value, span: Span) -> Option<Result<SidedValue>> {
    match v {
        Value::Loopy(s) => Some(Ok((**s).clone())),
        Value::Game(_) | Value::Number(_) => Some((|| {
            let g = ev.game_of(v, span, "a loopy game")?;
            let l =
                LoopyGame::from_short(&mut ev.state.arena, g).map_err(|e| ev.locate(e, span))?;
            // A canonical short game is its own canonical stopper.
            Ok(SidedValue { onside: l.clone(), offside: l })
        })()),
        _ => None,
    }
}

/// A loopy value as a calculator value: the short game (a number when it is
/// one) when it is a loopfree stopper, else a loopy value.
pub(crate) fn of_sided(ev: &mut Eval<'_>, v: SidedValue, span: Span) -> Result<Value> {
    if v.onside == v.offside && v.onside.is_loopfree() {
        let ids = short_values(&v.onside, &mut ev.state.arena).map_err(|e| ev.locate(e, span))?;
        if let Some(Some(g)) = ids.first() {
            return Ok(ev.game_value(*g));
        }
    }
    Ok(loopy(v))
}

/// `-x` of a loopy value.
pub(crate) fn negate(ev: &mut Eval<'_>, v: &SidedValue, span: Span) -> Result<Value> {
    of_sided(ev, v.negative(), span)
}

/// `a op b` when either is a loopy value; `None` otherwise.
pub(crate) fn binary(
    ev: &mut Eval<'_>,
    op: &BinOp,
    a: &Value,
    b: &Value,
    span: Span,
) -> Option<Result<Value>> {
    if !matches!(a, Value::Loopy(_)) && !matches!(b, Value::Loopy(_)) {
        return None;
    }
    let x = sided_of(ev, a, span)?;
    let y = sided_of(ev, b, span)?;
    Some(x.and_then(|x| y.and_then(|y| loopy_binary(ev, op, &x, &y, span))))
}

fn loopy_binary(
    ev: &mut Eval<'_>,
    op: &BinOp,
    x: &SidedValue,
    y: &SidedValue,
    span: Span,
) -> Result<Value> {
    let budget = ev.budget;
    let le = |p: &SidedValue, q: &SidedValue| p.leq(q, budget).map_err(|e| ev.locate(e, span));
    let truth = match op {
        BinOp::Add | BinOp::Sub => {
            let y = if *op == BinOp::Add { y.clone() } else { y.negative() };
            let s = x.sum(&y, MAX_SUM_NODES, budget).map_err(|e| ev.locate(e, span))?;
            return of_sided(ev, s, span);
        }
        BinOp::Eq => le(x, y)? && le(y, x)?,
        BinOp::Ne => !(le(x, y)? && le(y, x)?),
        BinOp::Le => le(x, y)?,
        BinOp::Ge => le(y, x)?,
        BinOp::Lt => le(x, y)? && !le(y, x)?,
        BinOp::Gt => le(y, x)? && !le(x, y)?,
        BinOp::Confused => !le(x, y)? && !le(y, x)?,
        BinOp::LessOrConfused => !le(y, x)?,
        BinOp::GreaterOrConfused => !le(x, y)?,
        _ => {
            return Err(ev.error(
                span,
                ErrorKind::InvalidInput,
                "this operator does not apply to loopy games",
            ));
        }
    };
    Ok(Value::Bool(truth))
}

/// A loopy value in CGSuite's notation.
pub(crate) fn show(
    arena: &mut crate::game::Arena,
    v: &SidedValue,
    budget: &crate::Budget,
) -> Result<String> {
    print_value(v, arena, budget)
}

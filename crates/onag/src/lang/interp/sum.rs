//! Sums as written (`A + B - C`, `-A`): the values of their terms, for the
//! outcome search, which answers who wins a sum of positions without the
//! canonical form of any of them ([`solve_terms`]).
//!
//! [`leaves`] evaluates the terms of a sum in the order the evaluator
//! would, and [`fold`] adds them up exactly as the evaluator would have, so
//! a caller that finds the terms are not for a search (a list, a loopy
//! game) gives the sum's ordinary value or error. `G.OutcomeClass` on a sum
//! of positions whose values are not known is answered by the search
//! ([`outcome_class`]); `onag solve` takes its terms ([`terms`]).

use crate::error::{ErrorKind, Result};
use crate::game::PartizanOutcome;
use crate::lang::dispatch::ops;
use crate::lang::interp::eval::Walk;
use crate::lang::runtime::context::Eval;
use crate::lang::syntax::ast::{BinOp, Expr, ExprKind, UnOp};
use crate::lang::syntax::lexer::Span;
use crate::lang::value::Value;
use crate::ruleset::outcome::mixed::{Term, solve_terms};
use crate::ruleset::outcome::{OutcomeSearch, Solution};

/// One term of a sum: its value, whether it is subtracted, where it is
/// written.
pub(crate) struct Leaf {
    /// The term's value.
    pub value: Value,
    /// Whether the sum has the term's negative.
    pub negated: bool,
    /// The term's text.
    pub span: Span,
}

/// Whether `expr` is a sum, a difference or a negative: an expression
/// with terms of its own.
pub(crate) fn is_sum(expr: &Expr) -> bool {
    matches!(
        expr.kind,
        ExprKind::Binary(BinOp::Add | BinOp::Sub, ..) | ExprKind::Unary(UnOp::Neg, _)
    )
}

/// The terms of `expr`, evaluated left to right (a single term when
/// `expr` is no sum).
pub(crate) fn leaves(ev: &mut Eval<'_>, expr: &Expr) -> Result<Vec<Leaf>> {
    let mut out = Vec::new();
    collect(ev, expr, false, &mut out)?;
    Ok(out)
}

fn collect(ev: &mut Eval<'_>, expr: &Expr, negated: bool, out: &mut Vec<Leaf>) -> Result<()> {
    match &expr.kind {
        ExprKind::Binary(op @ (BinOp::Add | BinOp::Sub), left, right) => {
            collect(ev, left, negated, out)?;
            collect(ev, right, negated != (*op == BinOp::Sub), out)
        }
        ExprKind::Unary(UnOp::Neg, operand) => collect(ev, operand, !negated, out),
        _ => {
            let value = ev.eval(expr)?;
            out.push(Leaf { value, negated, span: expr.span });
            Ok(())
        }
    }
}

/// The value of `expr` from the values of its terms (as [`leaves`] gave
/// them), computed as the evaluator computes the sum.
pub(crate) fn fold(ev: &mut Eval<'_>, expr: &Expr, leaves: Vec<Leaf>) -> Result<Value> {
    let mut values = leaves.into_iter().map(|l| l.value);
    fold_next(ev, expr, &mut values)
}

fn fold_next(
    ev: &mut Eval<'_>,
    expr: &Expr,
    values: &mut impl Iterator<Item = Value>,
) -> Result<Value> {
    match &expr.kind {
        ExprKind::Binary(op @ (BinOp::Add | BinOp::Sub), left, right) => {
            let a = fold_next(ev, left, values)?;
            let b = fold_next(ev, right, values)?;
            // The operator's column, as the evaluator gives it.
            let rest = ev.source.get(left.span.end..right.span.start).unwrap_or("");
            let gap = rest.len() - rest.trim_start().len();
            let at = left.span.end + gap;
            ops::binary(ev, op, a, b, Span::new(at, at))
        }
        ExprKind::Unary(UnOp::Neg, operand) => {
            let v = fold_next(ev, operand, values)?;
            ops::negate(ev, v, expr.span)
        }
        _ => values
            .next()
            .ok_or_else(|| ev.error(expr.span, ErrorKind::InvalidInput, "a term went missing")),
    }
}

/// The terms of a sum for the outcome search: a ruleset position as
/// itself, any other game as its canonical form; `what` names the caller
/// in the error for a term that is no short game.
pub(crate) fn terms(ev: &mut Eval<'_>, leaves: &[Leaf], what: &str) -> Result<Vec<Term>> {
    let mut out = Vec::with_capacity(leaves.len());
    for leaf in leaves {
        let term = match &leaf.value {
            Value::Position(p) => Term::position(p.clone_box()),
            Value::Loopy(_) | Value::LoopyOutcome(_) => {
                return Err(ev.error(
                    leaf.span,
                    ErrorKind::InvalidInput,
                    format!("{what} needs short games, and this term is a loopy game"),
                ));
            }
            other => {
                let g = ev.game_of(other, leaf.span, what)?;
                let arena = &mut ev.state.arena;
                Term::value(arena, g).map_err(|e| ev.locate(e, leaf.span))?
            }
        };
        let term = if leaf.negated {
            term.negated(&mut ev.state.arena).map_err(|e| ev.locate(e, leaf.span))?
        } else {
            term
        };
        out.push(term);
    }
    Ok(out)
}

/// Whether the outcome of a sum with these terms is better found by search:
/// some term is a ruleset position whose value the session does not know,
/// and every term is a short game.
fn for_search(ev: &mut Eval<'_>, leaves: &[Leaf]) -> Result<bool> {
    if cfg!(target_family = "wasm") {
        // No threads for the search: the canonical form answers.
        return Ok(false);
    }
    let mut unknown = false;
    for leaf in leaves {
        match &leaf.value {
            Value::Position(p) => {
                let state = &mut *ev.state;
                state.solvers.set_budget(ev.budget.clone());
                let known = p
                    .known_value(&mut state.arena, &mut state.solvers)
                    .map_err(|e| ev.locate(e, leaf.span))?;
                unknown |= known.is_none();
            }
            Value::Game(_) | Value::Heap(..) | Value::Classic(_) => {}
            Value::Number(q) if crate::lang::value::is_dyadic(&q.to_big()) => {}
            _ => return Ok(false),
        }
    }
    Ok(unknown)
}

/// The outcome class of the sum of `terms`, by search within the input's
/// budget.
pub(crate) fn search_outcome(ev: &Eval<'_>, terms: &[Term], span: Span) -> Result<PartizanOutcome> {
    let search = OutcomeSearch::new().with_budget(ev.budget.clone());
    let solution = solve_terms(terms, &search).map_err(|e| ev.locate(e, span))?;
    Ok(solution.outcome())
}

/// `expr.OutcomeClass` when `expr` is a sum that the search answers: its
/// terms are short games and one is a position whose value is not known;
/// `None` when it is not such a sum (then `expr` is evaluated as usual).
/// A sum whose terms the search does not take is added up as the
/// evaluator adds it, and `OutcomeClass` asked of that.
pub(crate) fn outcome_class(
    ev: &mut Eval<'_>,
    expr: &Expr,
    name_span: Span,
) -> Option<Result<Value>> {
    if !is_sum(expr) {
        return None;
    }
    Some((|| {
        let leaves = leaves(ev, expr)?;
        if for_search(ev, &leaves)? {
            let terms = terms(ev, &leaves, "OutcomeClass")?;
            return search_outcome(ev, &terms, name_span).map(Value::Outcome);
        }
        let value = fold(ev, expr, leaves)?;
        crate::lang::dispatch::members::member(ev, value, "OutcomeClass", name_span, None)
    })())
}

/// The answer of [`Session::solve`](crate::lang::Session::solve): the
/// terms of the sum and who wins it.
#[derive(Clone, Debug)]
pub struct Solved {
    /// The terms as the calculator writes them (a position as
    /// `Domineering.Position("..|..")`, a value as its canonical form), a
    /// subtracted position with a leading `-`.
    pub terms: Vec<String>,
    /// Who wins; each winning move is the term moved in (0-based) and that
    /// term after the move, written as the terms are.
    pub solution: Solution<String>,
}

/// A term as the calculator writes it.
fn show_term(ev: &mut Eval<'_>, term: &Term, span: Span) -> Result<String> {
    if let Some((p, negated)) = term.as_position() {
        return Ok(format!("{}{}", if negated { "-" } else { "" }, p.cgsuite()));
    }
    let g = term.as_value().unwrap_or(ev.state.arena.zero());
    ev.arena(span, |a| a.print(g))
}

/// Who wins the sum `expr` (the last statement of an input; those before
/// it are run first), each term a short game, by `search`.
pub(crate) fn solve(ev: &mut Eval<'_>, expr: &Expr, search: &OutcomeSearch) -> Result<Solved> {
    let sum = match &expr.kind {
        ExprKind::Seq(statements, trailing) => {
            let Some((last, before)) = statements.split_last().filter(|_| !*trailing) else {
                return Err(ev.error(
                    expr.span,
                    ErrorKind::InvalidInput,
                    "the input ends with ';': nothing is left to solve",
                ));
            };
            for statement in before {
                ev.eval(statement)?;
                ev.stray_jump()?;
            }
            last
        }
        _ => expr,
    };
    let leaves = leaves(ev, sum)?;
    ev.stray_jump()?;
    let terms = terms(ev, &leaves, "solve")?;
    let mut shown = Vec::with_capacity(terms.len());
    for (term, leaf) in terms.iter().zip(&leaves) {
        shown.push(show_term(ev, term, leaf.span)?);
    }
    let solution = solve_terms(&terms, search)?;
    let mut failed = None;
    let solution = solution.map(|t| match show_term(ev, &t, sum.span) {
        Ok(text) => text,
        Err(e) => {
            failed = Some(e);
            String::new()
        }
    });
    if let Some(e) = failed {
        return Err(e);
    }
    Ok(Solved { terms: shown, solution })
}

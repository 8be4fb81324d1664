//! The calculator's evaluator: walks the syntax tree, and only that.
//!
//! Each node is evaluated here; what a value does is elsewhere: literals and
//! game forms in [`super::games`], operators in [`super::ops`], members in
//! [`super::members`] (one table per kind of value), calls and names in
//! [`super::builtins`]. Errors carry the location of the sub-expression that
//! failed. Long work (comprehensions over big ranges) checks the input's
//! budget, so limits, timeouts and Ctrl-C stop it cleanly. The tree's height
//! is bounded by the parser, so the recursion here is bounded too.

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::ToPrimitive;

use super::arith;
use super::ast::{Arg, BinOp, Expr, ExprKind, Source, UnOp};
use super::builtins;
use super::context::{Eval, MAX_LIST};
use super::games;
use super::lexer::Span;
use super::loopy;
use super::members;
use super::ops;
use super::value::Value;
use crate::error::{ErrorKind, Result};

/// Names that evaluate to themselves as callables or namespaces.
const BUILTINS: &[&str] = &["Tiny", "Miny", "game"];

impl Eval<'_> {
    /// Evaluates a whole input: the value of its last statement, or `None`
    /// when it ends with `;` or is empty.
    pub(crate) fn program(&mut self, expr: &Expr) -> Result<Option<Value>> {
        if let ExprKind::Seq(statements, trailing) = &expr.kind {
            let mut last = None;
            for statement in statements {
                last = Some(self.eval(statement)?);
            }
            return Ok(if *trailing { None } else { last });
        }
        self.eval(expr).map(Some)
    }

    fn eval(&mut self, expr: &Expr) -> Result<Value> {
        let span = expr.span;
        match &expr.kind {
            ExprKind::Int(n) => Ok(Value::int(n.clone())),
            ExprKind::Fraction(a, b) => {
                let q = arith::div(
                    &BigRational::from_integer(a.clone()),
                    &BigRational::from_integer(b.clone()),
                )
                .map_err(|e| self.locate(e, span))?;
                Ok(Value::Number(q))
            }
            ExprKind::Str(s) => Ok(Value::Str(s.clone())),
            ExprKind::Bool(b) => Ok(Value::Bool(*b)),
            ExprKind::Var(name) => self.variable(name, span),
            ExprKind::Up(kind, n) => games::up_literal(self, *kind, n, span),
            ExprKind::Star(operand) => {
                let n = self.eval(operand)?;
                games::star(self, &n, span)
            }
            ExprKind::Game(..) if loopy::is_loopy_literal(expr) => loopy::literal(self, span),
            ExprKind::Game(left, right) => {
                let left = self.eval_all(left)?;
                let right = self.eval_all(right)?;
                games::game_from_options(self, left, right, span)
            }
            ExprKind::PlusMinusSet(options) => {
                let options = self.eval_all(options)?;
                games::plus_minus_set(self, options, span)
            }
            ExprKind::List(items) => Ok(Value::List(self.eval_all(items)?)),
            ExprKind::Pair(a, b) => {
                let a = self.eval(a)?;
                let b = self.eval(b)?;
                Ok(Value::Pair(Box::new(a), Box::new(b)))
            }
            ExprKind::Comprehension { body, var, source } => {
                self.comprehension(body, var, source, span)
            }
            ExprKind::Unary(op, operand) => {
                let value = self.eval(operand)?;
                match op {
                    UnOp::Plus => match value {
                        Value::Number(_) => Ok(value),
                        other => ops::unary_plus(self, other, span),
                    },
                    UnOp::Neg => ops::negate(self, value, span),
                    UnOp::PlusMinus => games::switch(self, value, span),
                }
            }
            ExprKind::Binary(op, left, right) => {
                let a = self.eval(left)?;
                let b = self.eval(right)?;
                // Errors point at the operator: the first character after the
                // left operand that is not white space (compact literals such
                // as `6^*` have none, and point at their suffix).
                let rest = self.source.get(left.span.end..right.span.start).unwrap_or("");
                let gap = rest.len() - rest.trim_start().len();
                let at = left.span.end + gap;
                let at = Span::new(at, at);
                match op {
                    BinOp::Named(name) => {
                        members::member(self, a, name, at, Some(vec![(None, b, at)]))
                    }
                    _ => ops::binary(self, op, a, b, at),
                }
            }
            ExprKind::Member { target, name, name_span, args } => {
                let target = self.eval(target)?;
                let args = match args {
                    Some(args) => Some(self.eval_args(args)?),
                    None => None,
                };
                members::member(self, target, name, *name_span, args)
            }
            ExprKind::Call(callee, args) => {
                let callee_value = self.eval(callee)?;
                let args = self.eval_args(args)?;
                builtins::call(self, callee_value, args, span)
            }
            ExprKind::Assign(name, value) => {
                let value = self.eval(value)?;
                self.state.vars.insert(name.clone(), value.clone());
                Ok(value)
            }
            ExprKind::Loopy => loopy::literal(self, span),
            ExprKind::Seq(statements, _) => {
                let mut last = Value::Nothing;
                for statement in statements {
                    last = self.eval(statement)?;
                }
                Ok(last)
            }
        }
    }

    fn eval_all(&mut self, exprs: &[Expr]) -> Result<Vec<Value>> {
        exprs.iter().map(|e| self.eval(e)).collect()
    }

    fn eval_args(&mut self, args: &[Arg]) -> Result<Vec<(Option<String>, Value, Span)>> {
        args.iter().map(|a| Ok((a.name.clone(), self.eval(&a.value)?, a.value.span))).collect()
    }

    fn variable(&mut self, name: &str, span: Span) -> Result<Value> {
        if let Some(value) = self.state.vars.get(name) {
            return Ok(value.clone());
        }
        if let Some(value) = loopy::named(self, name, span) {
            return value;
        }
        if name == "pass" {
            return Err(self.error(span, ErrorKind::InvalidInput, "Unexpected pass."));
        }
        if BUILTINS.contains(&name) || builtins::is_ruleset(name) {
            return Ok(Value::Builtin(name.to_string()));
        }
        Err(self.error(span, ErrorKind::InvalidInput, format!("unknown name '{name}'")))
    }

    fn comprehension(
        &mut self,
        body: &Expr,
        var: &str,
        source: &Source,
        span: Span,
    ) -> Result<Value> {
        let items: Vec<Value> = match source {
            Source::Range(from, to) => {
                let a = self.eval(from)?;
                let b = self.eval(to)?;
                let (Some(a), Some(b)) = (a.as_integer(), b.as_integer()) else {
                    return Err(self.error(
                        span,
                        ErrorKind::InvalidInput,
                        "'from … to' needs integer bounds",
                    ));
                };
                let count = if b < a { BigInt::from(0) } else { b - a + 1 };
                let count = count.to_u64().filter(|&c| c <= MAX_LIST).ok_or_else(|| {
                    self.error(
                        span,
                        ErrorKind::LimitExceeded,
                        format!("a list of more than {MAX_LIST} elements is too long"),
                    )
                })?;
                self.budget.check_positions(count).map_err(|e| self.locate(e, span))?;
                let a = a.clone();
                (0..count).map(|i| Value::int(&a + i)).collect()
            }
            Source::In(list) => match self.eval(list)? {
                Value::List(items) | Value::Set(items) => items,
                Value::GameSet(games) => games.into_iter().map(|g| self.game_value(g)).collect(),
                other => {
                    return Err(self.error(
                        list.span,
                        ErrorKind::InvalidInput,
                        format!("'in' needs a list, not {}", other.kind_name()),
                    ));
                }
            },
        };
        let saved = self.state.vars.remove(var);
        let mut out = Vec::with_capacity(items.len());
        let mut result = Ok(());
        for item in items {
            if let Err(e) = self.step(span) {
                result = Err(e);
                break;
            }
            self.state.vars.insert(var.to_string(), item);
            match self.eval(body) {
                Ok(v) => out.push(v),
                Err(e) => {
                    result = Err(e);
                    break;
                }
            }
        }
        match saved {
            Some(v) => self.state.vars.insert(var.to_string(), v),
            None => self.state.vars.remove(var),
        };
        result.map(|()| Value::List(out))
    }
}

//! The calculator's evaluator: walks the syntax tree in a session.
//!
//! A [`Session`] owns the variables (and the game arena) for the length of a
//! REPL session or a batch; [`Session::run`] evaluates one input. Errors carry
//! the location of the sub-expression that failed. Long work (comprehensions
//! over big ranges, big games) checks the caller's [`Budget`], so limits,
//! timeouts and Ctrl-C stop it cleanly. The tree's height is bounded by the
//! parser, so the recursion here is bounded too.

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{Signed, ToPrimitive};
use rustc_hash::FxHashMap;

use super::arith;
use super::ast::{Arg, BinOp, Expr, ExprKind, Source, UnOp};
use super::lexer::Span;
use super::members;
use super::parser::parse;
use super::value::{Value, write_number, write_string};
use crate::budget::Budget;
use crate::error::{Error, ErrorKind, Location, Result};
use crate::game::Arena;

/// The longest list the calculator builds.
pub const MAX_LIST: u64 = 10_000_000;

/// Names that evaluate to themselves as callables or namespaces.
const BUILTINS: &[&str] = &["Tiny", "Miny", "game"];

/// Variables and values that live for one calculator session.
#[derive(Debug, Default)]
pub struct Session {
    vars: FxHashMap<String, Value>,
    /// The games of this session; every [`Value::Game`] is an id in it.
    pub(crate) arena: Arena,
    /// The ruleset solvers of this session, whose tables hold ids of `arena`.
    pub(crate) solvers: crate::ruleset::Solvers,
    /// Whether the budgets' position limit is the user's own choice; when it
    /// is not, misère searches keep to their smaller defaults.
    position_limit_given: bool,
}

impl Session {
    /// A fresh session with no variables.
    pub fn new() -> Self {
        Session::default()
    }

    /// Parses and evaluates one input (statements separated by `;`). Returns
    /// the value to show, or `None` when the input ends with `;` or is empty.
    /// Errors are located in `source` (line and column).
    ///
    /// Each input has the whole of `budget` to itself: positions the session
    /// holds from earlier inputs do not count against its position limit,
    /// and an input that runs out of budget (or is interrupted) leaves the
    /// session as the earlier inputs left it, so the next input starts fresh.
    pub fn run(&mut self, source: &str, budget: &Budget) -> Result<Option<Value>> {
        let result = self.run_unguarded(source, budget);
        self.recover(&result);
        result
    }

    fn run_unguarded(&mut self, source: &str, budget: &Budget) -> Result<Option<Value>> {
        let expr = parse(source)?;
        self.arena.set_budget(self.line_budget(budget));
        let mut eval = Eval { session: self, source, budget, steps: 0 };
        if let ExprKind::Seq(statements, trailing) = &expr.kind {
            let mut last = None;
            for statement in statements {
                last = Some(eval.eval(statement)?);
            }
            return Ok(if *trailing { None } else { last });
        }
        eval.eval(&expr).map(Some)
    }

    /// The arena's budget for one input: `budget` with its position limit
    /// counted from the games the arena holds already.
    fn line_budget(&self, budget: &Budget) -> Budget {
        match budget.max_positions() {
            Some(max) => {
                budget.clone().with_max_positions(max.saturating_add(self.arena.len() as u64))
            }
            None => budget.clone(),
        }
    }

    /// After an input that ran out of budget or was interrupted, drops what
    /// it built: a fresh arena holding only the games of the variables, and
    /// fresh ruleset solvers (their tables are caches).
    fn recover<T>(&mut self, result: &Result<T>) {
        let Err(err) = result else { return };
        if !matches!(err.kind(), ErrorKind::LimitExceeded | ErrorKind::Cancelled) {
            return;
        }
        let mut fresh = Arena::new();
        let mut vars = std::mem::take(&mut self.vars);
        let copied =
            vars.values_mut().try_for_each(|v| v.map_games(&mut |g| fresh.import(&self.arena, g)));
        match copied {
            Ok(()) => {
                self.vars = vars;
                self.arena = fresh;
            }
            // The copy cannot run out of budget (the fresh arena has none);
            // should it fail anyway, the session keeps its arena as it is.
            Err(_) => self.vars = vars,
        }
        self.solvers = crate::ruleset::Solvers::new();
    }

    /// Evaluates `source` and renders the result as the calculator prints it
    /// (an empty string when nothing is shown).
    pub fn run_to_string(&mut self, source: &str, budget: &Budget) -> Result<String> {
        let result = match self.run_unguarded(source, budget) {
            Ok(Some(value)) => self.show(&value),
            Ok(None) => Ok(String::new()),
            Err(e) => Err(e),
        };
        self.recover(&result);
        result
    }

    /// Says whether the position limit of the budgets passed to
    /// [`Session::run`] was set by the user (`--max-positions`). When it was
    /// not (the default), `MisereNimValue` and `Genus` search at most
    /// [`DEFAULT_MISERE_POSITIONS`](super::rulesets::DEFAULT_MISERE_POSITIONS)
    /// and [`DEFAULT_GENUS_POSITIONS`](super::rulesets::DEFAULT_GENUS_POSITIONS)
    /// positions, as `onag octal` does, since an unbounded misère search soon
    /// exhausts memory; when it was, the budget's limit alone applies.
    pub fn set_position_limit_given(&mut self, given: bool) {
        self.position_limit_given = given;
    }

    /// Whether the budgets' position limit was set by the user.
    pub fn position_limit_given(&self) -> bool {
        self.position_limit_given
    }

    /// The value of variable `name`, if assigned.
    pub fn var(&self, name: &str) -> Option<&Value> {
        self.vars.get(name)
    }

    /// The session's game arena.
    pub fn arena(&mut self) -> &mut Arena {
        &mut self.arena
    }

    /// Renders `value` in CGSuite's plain-text notation. Printing a game can
    /// run into the budget set by the last [`Session::run`].
    pub fn show(&mut self, value: &Value) -> Result<String> {
        let mut out = String::new();
        self.write(&mut out, value)?;
        Ok(out)
    }

    fn write(&mut self, out: &mut String, value: &Value) -> Result<()> {
        match value {
            Value::Game(g) => out.push_str(&self.arena.print(*g)?),
            Value::GameSet(games) => out.push_str(&self.arena.print_set(games)?),
            Value::Outcome(o) => out.push_str(&o.to_string()),
            Value::Number(q) => write_number(out, q),
            Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            Value::Str(s) => write_string(out, s),
            Value::List(items) | Value::Set(items) => {
                let (open, close) =
                    if matches!(value, Value::List(_)) { ('[', ']') } else { ('{', '}') };
                out.push(open);
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    self.write(out, item)?;
                }
                out.push(close);
            }
            Value::Pair(a, b) => {
                out.push('(');
                self.write(out, a)?;
                out.push(',');
                self.write(out, b)?;
                out.push(')');
            }
            Value::Position(p) => out.push_str(&p.cgsuite()),
            Value::PartizanRuleset(r, params) => {
                out.push_str(&super::partizan::ruleset_name(r, params.as_ref()))
            }
            Value::Builtin(path) => out.push_str(path),
            Value::Ruleset(rules) => out.push_str(&rules.name()),
            Value::Heap(rules, n) => out.push_str(&format!("{}({n})", rules.name())),
            Value::Classic(position) => out.push_str(&position.name()),
            Value::Periodicity { period, preperiod, saltus } => out.push_str(&format!(
                "Periodicity(Period => {period}, Preperiod => {preperiod}, Saltus => {saltus})"
            )),
            Value::Genus(text) => out.push_str(text),
            Value::Turning(rule) => {
                out.push_str("game.strip.Turning(");
                write_string(out, rule.text());
                out.push(')');
            }
            Value::Thermograph(t) => out.push_str(&t.to_string()),
            Value::Nothing => out.push_str("Nothing"),
        }
        Ok(())
    }
}

/// One evaluation: the session, the source (for error locations) and the budget.
pub(crate) struct Eval<'a> {
    pub(crate) session: &'a mut Session,
    source: &'a str,
    pub(crate) budget: &'a Budget,
    steps: u64,
}

impl Eval<'_> {
    /// An error of `kind` located at the start of `span`.
    pub(crate) fn error(&self, span: Span, kind: ErrorKind, message: impl Into<String>) -> Error {
        Error::new(kind, message).at(Location::of_offset(self.source, span.start))
    }

    /// Locates an error that has no location yet at `span`.
    pub(crate) fn locate(&self, err: Error, span: Span) -> Error {
        if err.location().is_some() {
            err
        } else {
            err.at(Location::of_offset(self.source, span.start))
        }
    }

    /// Counts one unit of work against the budget.
    pub(crate) fn step(&mut self, span: Span) -> Result<()> {
        self.steps += 1;
        self.budget.check(self.steps).map_err(|e| self.locate(e, span))
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
            ExprKind::Up(kind, n) => members::up_literal(self, *kind, n, span),
            ExprKind::Star(operand) => {
                let n = self.eval(operand)?;
                members::star(self, &n, span)
            }
            ExprKind::Game(left, right) => {
                let left = self.eval_all(left)?;
                let right = self.eval_all(right)?;
                members::game_from_options(self, left, right, span)
            }
            ExprKind::PlusMinusSet(options) => {
                let options = self.eval_all(options)?;
                members::plus_minus_set(self, options, span)
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
                        other => members::unary_plus(self, other, span),
                    },
                    UnOp::Neg => members::negate(self, value, span),
                    UnOp::PlusMinus => members::switch(self, value, span),
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
                self.binary(op, a, b, Span::new(at, at))
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
                members::call(self, callee_value, args, span)
            }
            ExprKind::Assign(name, value) => {
                let value = self.eval(value)?;
                self.session.vars.insert(name.clone(), value.clone());
                Ok(value)
            }
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
        if let Some(value) = self.session.vars.get(name) {
            return Ok(value.clone());
        }
        if BUILTINS.contains(&name) || members::is_ruleset(name) {
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
        let saved = self.session.vars.remove(var);
        let mut out = Vec::with_capacity(items.len());
        let mut result = Ok(());
        for item in items {
            if let Err(e) = self.step(span) {
                result = Err(e);
                break;
            }
            self.session.vars.insert(var.to_string(), item);
            match self.eval(body) {
                Ok(v) => out.push(v),
                Err(e) => {
                    result = Err(e);
                    break;
                }
            }
        }
        match saved {
            Some(v) => self.session.vars.insert(var.to_string(), v),
            None => self.session.vars.remove(var),
        };
        result.map(|()| Value::List(out))
    }

    fn binary(&mut self, op: &BinOp, a: Value, b: Value, span: Span) -> Result<Value> {
        if let (Value::Number(x), Value::Number(y)) = (&a, &b) {
            let q = match op {
                BinOp::Add => Some(arith::add(x, y)),
                BinOp::Sub => Some(arith::sub(x, y)),
                BinOp::Mul => Some(arith::mul(x, y)),
                BinOp::Div => Some(arith::div(x, y)),
                BinOp::Mod => Some(arith::modulo(x, y)),
                BinOp::Pow => {
                    let Some(e) = b.as_integer() else {
                        return Err(self.error(
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
                return q.map(Value::Number).map_err(|e| self.locate(e, span));
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
        match op {
            BinOp::Named(name) => {
                let b_span = span;
                members::member(self, a, name, span, Some(vec![(None, b, b_span)]))
            }
            BinOp::Eq | BinOp::Ne => {
                let equal = members::equal(self, &a, &b, span)?;
                Ok(Value::Bool(equal == (*op == BinOp::Eq)))
            }
            _ => members::binary(self, op, a, b, span),
        }
    }
}

/// The sign of an integer as -1, 0 or 1.
pub(crate) fn sign(n: &BigRational) -> i64 {
    if n.is_positive() {
        1
    } else if n.is_negative() {
        -1
    } else {
        0
    }
}

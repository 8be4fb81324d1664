//! The calculator's evaluator: walks the syntax tree, and only that.
//!
//! Each node is evaluated here; what a value does is elsewhere: literals and
//! game forms in [`crate::lang::classes::game`], operators in [`crate::lang::dispatch::ops`], members in
//! [`crate::lang::dispatch::members`] (one table per kind of value), calls and names in
//! [`crate::lang::dispatch::names`]. Errors carry the location of the sub-expression that
//! failed. Long work (comprehensions over big ranges) checks the input's
//! budget, so limits, timeouts and Ctrl-C stop it cleanly. The tree's height
//! is bounded by the parser, so the recursion here is bounded too.

use num_rational::BigRational;

use crate::error::{ErrorKind, Result};
use crate::lang::classes::explicit;
use crate::lang::classes::game as games;
use crate::lang::classes::loopy;
use crate::lang::dispatch::members;
use crate::lang::dispatch::names as builtins;
use crate::lang::dispatch::ops;
use crate::lang::interp::object;
use crate::lang::interp::script::Script;
use crate::lang::interp::sum;
use crate::lang::runtime::context::Args;
use crate::lang::runtime::context::{Eval, Flow};
use crate::lang::syntax::ast::{Arg, BinOp, Expr, ExprKind, Logic, UnOp};
use crate::lang::syntax::lexer::Span;
use crate::lang::value::arith;
use crate::lang::value::{Player, Value};

/// Names that evaluate to themselves as callables or namespaces.
const BUILTINS: &[&str] = &[
    "Tiny", "Miny", "game", "listof", "setof", "sumof", "Table", "Max", "Min", "Sum", "Mex",
    "Player", "error", "cgsuite",
];

/// The builtins that collect a comprehension: `listof(e for …)`,
/// `Table(row for …)`.
const COLLECTORS: &[&str] = &["listof", "setof", "sumof", "Table"];

/// The tree walker's steps, as methods of the evaluation context (the
/// trait is imported where they are used, so the layers stay visible).
pub(crate) trait Walk {
    /// Evaluates a whole input: the value of its last statement, or `None`
    /// when it ends with `;` or is empty.
    fn program(&mut self, expr: &Expr) -> Result<Option<Value>>;

    /// The error for a `break`, `continue` or `return` that reached the top
    /// of an input (or, for `break` and `continue`, a function's body)
    /// without a loop or function to take it.
    fn stray_jump(&mut self) -> Result<()>;

    /// Evaluates one expression (the stack it may use is bounded: deep
    /// recursion of a user's function is an error, never an overflow).
    fn eval(&mut self, expr: &Expr) -> Result<Value>;

    /// Statements in order, stopping at a `break`, `continue` or `return`:
    /// the last one's value.
    fn statements(&mut self, statements: &[Expr]) -> Result<Value>;

    fn eval_all(&mut self, exprs: &[Expr]) -> Result<Vec<Value>>;

    fn eval_args(&mut self, args: &[Arg]) -> Result<Vec<(Option<String>, Value, Span)>>;

    /// Options of a game literal with each list, set or range among them
    /// replaced by its elements, as CGSuite reads them: `L := [0, *];
    /// {L|L}` is `{0,*|0,*}`, `{G.LeftOptions|}` has G's Left options.
    fn spliced(&mut self, options: Vec<Value>, span: Span) -> Result<Vec<Value>>;

    fn variable(&mut self, name: &str, span: Span) -> Result<Value>;

    /// `callee(args)` with both evaluated.
    fn call_evaluated(&mut self, callee: Value, args: Args, span: Span) -> Result<Value>;
}

impl Walk for Eval<'_> {
    fn program(&mut self, expr: &Expr) -> Result<Option<Value>> {
        if let ExprKind::Seq(statements, trailing) = &expr.kind {
            let mut last = None;
            for statement in statements {
                let value = self.eval(statement)?;
                self.stray_jump()?;
                last = Some(value);
            }
            return Ok(if *trailing { None } else { last });
        }
        let value = self.eval(expr)?;
        self.stray_jump()?;
        // Every statement shows its value, as in CGSuite: `var h := 5`
        // shows 5 and a `do` loop shows Nothing.
        Ok(Some(value))
    }

    fn stray_jump(&mut self) -> Result<()> {
        let Some((flow, span)) = self.flow.take() else { return Ok(()) };
        let message = match flow {
            Flow::Break => "'break' outside a loop",
            Flow::Continue => "'continue' outside a loop",
            Flow::Return(_) => "'return' outside a function",
        };
        Err(self.error(span, ErrorKind::InvalidInput, message))
    }

    fn eval(&mut self, expr: &Expr) -> Result<Value> {
        if self.stack_used() > self.stack_limit() {
            return Err(self.error(
                expr.span,
                ErrorKind::LimitExceeded,
                format!(
                    "recursion too deep ({} nested calls): does every call reach a case \
                     that does not call again?",
                    self.frames.len()
                ),
            ));
        }
        let span = expr.span;
        match &expr.kind {
            ExprKind::Int(n) => Ok(num_traits::ToPrimitive::to_i64(n)
                .map_or_else(|| Value::int(n.clone()), Value::small)),
            ExprKind::Fraction(a, b) => {
                let q = arith::div(
                    &BigRational::from_integer(a.clone()),
                    &BigRational::from_integer(b.clone()),
                )
                .map_err(|e| self.locate(e, span))?;
                Ok(Value::number(q))
            }
            ExprKind::Str(s) => Ok(Value::Str(s.clone())),
            ExprKind::Bool(b) => Ok(Value::Bool(*b)),
            ExprKind::Var(name) => self.variable(name, span),
            ExprKind::Up(kind, n) => games::up_literal(self, *kind, n, span),
            ExprKind::Star(operand) => {
                let n = self.eval(operand)?;
                if let Value::List(items) = &n {
                    return crate::lang::classes::misere::literal(self, items, span);
                }
                if let Some(nimber) = crate::lang::classes::transfinite::star(self, &n, span) {
                    return nimber;
                }
                games::star(self, &n, span)
            }
            ExprKind::Game(..) if loopy::is_loopy_literal(expr) => loopy::literal(self, span),
            ExprKind::Game(left, right) => {
                let left = self.eval_all(left)?;
                let left = self.spliced(left, span)?;
                let right = self.eval_all(right)?;
                let right = self.spliced(right, span)?;
                if let Some(value) = loopy::game_from_options(self, &left, &right, span) {
                    return value;
                }
                if left.iter().chain(&right).any(explicit::keeps_braces) {
                    return explicit::game(self, left, right, span);
                }
                games::game_from_options(self, left, right, span)
            }
            ExprKind::PlusMinusSet(options) => {
                let options = self.eval_all(options)?;
                ops::plus_minus_set(self, options, span)
            }
            ExprKind::List(items) => Ok(Value::List(self.eval_all(items)?)),
            ExprKind::Pair(a, b) => {
                let a = self.eval(a)?;
                let b = self.eval(b)?;
                // Coordinates are of integers, as in CGScript.
                if let Some(other) = [&a, &b].into_iter().find(|v| !v.is_integer()) {
                    return Err(self.error(
                        span,
                        ErrorKind::InvalidInput,
                        format!("coordinates (a, b) need integers, not {}", other.kind_name()),
                    ));
                }
                Ok(Value::Pair(Box::new(a), Box::new(b)))
            }
            ExprKind::Set(items) => {
                let items = self.eval_all(items)?;
                self.make_set(items, span)
            }
            ExprKind::Map(entries) => {
                let mut pairs = Vec::with_capacity(entries.len());
                for (k, v) in entries {
                    let k = self.eval(k)?;
                    let v = self.eval(v)?;
                    pairs.push((k, v));
                }
                self.make_map(pairs, span)
            }
            ExprKind::Loop { clauses, body, collect } => {
                self.run_loop(clauses, body, *collect, span)
            }
            ExprKind::If(branches, otherwise) => {
                for (cond, body) in branches {
                    if self.truth(cond, "if")? {
                        return self.eval(body);
                    }
                }
                match otherwise {
                    Some(body) => self.eval(body),
                    None => Ok(Value::Nothing),
                }
            }
            ExprKind::Block(statements) => {
                // `var`s declared inside end with the block.
                self.blocks.push(Vec::new());
                let result = self.statements(statements);
                for (name, saved) in self.blocks.pop().unwrap_or_default().into_iter().rev() {
                    self.restore(&name, saved);
                }
                result
            }
            ExprKind::Declare(name, value) => {
                let value = match value {
                    Some(e) => self.eval(e)?,
                    None => Value::Nothing,
                };
                self.declare_in_block(name, value.clone());
                Ok(value)
            }
            ExprKind::Function(def) => {
                let closure = self.closure(def);
                if let Some(name) = &def.name {
                    self.assign(name, closure.clone());
                }
                Ok(closure)
            }
            ExprKind::Index(target, index) => {
                let target = self.eval(target)?;
                let index = self.eval(index)?;
                ops::index(self, target, index, span)
            }
            ExprKind::Logic(logic, a, b) => {
                let word = if *logic == Logic::And { "and" } else { "or" };
                let a = self.truth(a, word)?;
                if a == (*logic == Logic::Or) {
                    return Ok(Value::Bool(a));
                }
                self.truth(b, word).map(Value::Bool)
            }
            ExprKind::Not(a) => self.truth(a, "not").map(|b| Value::Bool(!b)),
            ExprKind::Unary(op, operand) => {
                let value = self.eval(operand)?;
                match op {
                    UnOp::Plus => match value {
                        Value::Number(_) => Ok(value),
                        other => ops::unary_plus(self, other, span),
                    },
                    UnOp::Neg => ops::negate(self, value, span),
                    UnOp::PlusMinus => ops::switch(self, value, span),
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
                    BinOp::Named(name)
                        if name == "OrdinalSum"
                            && (explicit::is_form(&a) || explicit::is_form(&b)) =>
                    {
                        explicit::ordinal(self, &a, &b, at)
                    }
                    BinOp::Named(name) => {
                        members::member(self, a, name, at, Some(vec![(None, b, at)]))
                    }
                    BinOp::Is => crate::lang::members::object::is_instance(self, &a, &b, at),
                    _ => ops::binary(self, op, a, b, at),
                }
            }
            ExprKind::Member { target, name, name_span, args } => {
                // A sum of positions is answered by the outcome search, and
                // not through the canonical forms of its terms.
                if name == "OutcomeClass"
                    && args.as_ref().is_none_or(Vec::is_empty)
                    && let Some(result) = sum::outcome_class(self, target, *name_span)
                {
                    return result;
                }
                let target = self.eval(target)?;
                let args = match args {
                    Some(args) => Some(self.eval_args(args)?),
                    None => None,
                };
                members::member(self, target, name, *name_span, args)
            }
            ExprKind::Call(callee, args) => {
                if let ExprKind::Var(name) = &callee.kind
                    && self.this().is_some()
                    && self.local(name).is_none()
                {
                    let args = self.eval_args(args)?;
                    if let Some(result) = object::call_name(self, name, &args, span) {
                        return result;
                    }
                    let callee_value = self.eval(callee)?;
                    return self.call_evaluated(callee_value, args, span);
                }
                let callee_value = self.eval(callee)?;
                let args = self.eval_args(args)?;
                self.call_evaluated(callee_value, args, span)
            }
            ExprKind::This => object::this(self, span),
            ExprKind::Assign(name, value) => {
                if crate::lang::members::object::class_by_short_name(name).is_some() {
                    let message = format!("cannot assign to '{name}': it names a class");
                    return Err(self.error(span, ErrorKind::InvalidInput, message));
                }
                let value = self.eval(value)?;
                if let Value::ClassicRuleset(rules) = &value
                    && let Some(f) = rules.function()
                {
                    // `R := game.heap.HeapRuleset(...)`: positions print as `R(9)`.
                    f.bound_name.set(name);
                }
                self.assign(name, value.clone());
                Ok(value)
            }
            ExprKind::Loopy => loopy::literal(self, span),
            ExprKind::Seq(statements, _) => self.statements(statements),
            ExprKind::Explicit(inner) => {
                let ExprKind::Game(left, right) = &inner.kind else {
                    return Err(self.error(
                        span,
                        ErrorKind::InvalidInput,
                        "an explicit game is '{L|R}'",
                    ));
                };
                let left = self.eval_all(left)?;
                let right = self.eval_all(right)?;
                explicit::game(self, left, right, span)
            }
            ExprKind::Yields(parts) => self.statements(parts),
            ExprKind::Break => {
                self.flow = Some((Flow::Break, span));
                Ok(Value::Nothing)
            }
            ExprKind::Continue => {
                self.flow = Some((Flow::Continue, span));
                Ok(Value::Nothing)
            }
            ExprKind::Return(value) => {
                let value = match value {
                    Some(e) => self.eval(e)?,
                    None => Value::Nothing,
                };
                if self.flow.is_none() {
                    self.flow = Some((Flow::Return(value), span));
                }
                Ok(Value::Nothing)
            }
        }
    }

    fn statements(&mut self, statements: &[Expr]) -> Result<Value> {
        let mut last = Value::Nothing;
        for statement in statements {
            last = self.eval(statement)?;
            if self.flow.is_some() {
                break;
            }
        }
        Ok(last)
    }

    fn eval_all(&mut self, exprs: &[Expr]) -> Result<Vec<Value>> {
        exprs.iter().map(|e| self.eval(e)).collect()
    }

    fn eval_args(&mut self, args: &[Arg]) -> Result<Vec<(Option<String>, Value, Span)>> {
        args.iter().map(|a| Ok((a.name.clone(), self.eval(&a.value)?, a.value.span))).collect()
    }

    fn spliced(&mut self, options: Vec<Value>, span: Span) -> Result<Vec<Value>> {
        let collection = |v: &Value| {
            matches!(
                v,
                Value::List(_)
                    | Value::Set(_)
                    | Value::GameSet(_)
                    | Value::Range(_)
                    | Value::Mutable(_)
            )
        };
        if !options.iter().any(collection) {
            return Ok(options);
        }
        let mut out = Vec::with_capacity(options.len());
        for v in options {
            let v = crate::lang::classes::range::expand(self, v, span)?;
            match self.frozen(v, span)? {
                Value::List(items) | Value::Set(items) => out.extend(items),
                Value::GameSet(ids) => out.extend(ids.into_iter().map(|g| self.game_value(g))),
                other => out.push(other),
            }
        }
        Ok(out)
    }

    fn call_evaluated(&mut self, callee: Value, args: Args, span: Span) -> Result<Value> {
        match callee {
            Value::Function(f) => self.apply(&f, args, span),
            Value::Object(_) | Value::ClassRef(_) => object::call_value(self, callee, args, span),
            Value::Builtin(name) if COLLECTORS.contains(&name.as_str()) => {
                let args = crate::lang::classes::range::plain_args(self, args)?;
                self.collection_of(&name, args, span)
            }
            other => {
                let args = crate::lang::classes::range::plain_args(self, args)?;
                builtins::call(self, other, args, span)
            }
        }
    }

    fn variable(&mut self, name: &str, span: Span) -> Result<Value> {
        if let Some(value) = self.frames.last().and_then(|f| f.vars.get(name)) {
            return Ok(value.clone());
        }
        if self.this().is_some()
            && let Some(value) = object::name(self, name, span)
        {
            return value;
        }
        if let Some(value) = self.state.vars.get(name) {
            return Ok(value.clone());
        }
        if let Some(value) = loopy::named(self, name, span) {
            return value;
        }
        if name == "pass" {
            return Err(self.error(span, ErrorKind::InvalidInput, "Unexpected pass."));
        }
        match name {
            "inf" => return Ok(Value::Infinity(false)),
            "omega" => return Ok(crate::lang::classes::transfinite::omega()),
            "Left" => return Ok(Value::Player(Player::Left)),
            "Right" => return Ok(Value::Player(Player::Right)),
            "Nothing" => return Ok(Value::Nothing),
            _ => {}
        }
        if BUILTINS.contains(&name) || builtins::is_ruleset(name) {
            return Ok(Value::Builtin(name.to_string()));
        }
        if let Some(class) = crate::lang::members::object::class_by_short_name(name) {
            return Ok(Value::Class(class));
        }
        // A class or package of the library path, or a class of a default
        // package by its short name (`Icon` is `cgsuite.util.Icon`).
        let library = &mut self.state.library;
        let found = match library.class(name) {
            Ok(None) if !name.contains('.') => library.short(name),
            found => found,
        };
        if let Some(class) = found.map_err(|e| self.locate(e, span))? {
            return object::class_value(self, class, None);
        }
        if self.state.library.is_package(name) {
            return Ok(Value::Builtin(name.to_string()));
        }
        Err(self.error(span, ErrorKind::InvalidInput, format!("unknown name '{name}'")))
    }
}

//! The script part of the evaluator: scopes, functions, loops, conditions,
//! sets and maps (CGScript's `if`, `for`, `while`, `def`, `x -> e`, …).
//!
//! Scopes: outside any function the variables are the session's; each
//! function call has a scope of its own (its parameters, the variables its
//! lambda captured, its `var`s and the names it assigns that are not the
//! session's). A lambda captures the scope it is made in. Every loop
//! iteration and every call counts against the input's budget, so a
//! timeout or Ctrl-C stops an endless `while` or recursion; the stack
//! evaluation uses is bounded (see [`Eval::eval`]).

use std::cmp::Ordering;
use std::sync::Arc;

use num_rational::BigRational;

use crate::lang::value::number::Number;
use num_traits::{One, Signed, ToPrimitive, Zero};
use rustc_hash::FxHashMap;

use crate::error::{ErrorKind, Result};
use crate::lang::dispatch::names::Args;
use crate::lang::dispatch::ops;
use crate::lang::interp::eval::Walk;
use crate::lang::runtime::args::{Slot, place};
use crate::lang::runtime::context::{Eval, Flow, Frame, MAX_LIST};
use crate::lang::syntax::ast::{BinOp, Collect, Expr, ExprKind, FunctionDef, LoopClause, Source};
use crate::lang::syntax::lexer::Span;
use crate::lang::value::arith;
use crate::lang::value::{Closure, Value};

/// Where a loop puts its values.
pub(crate) enum Sink {
    /// A `do` loop keeps nothing.
    Discard,
    /// A yielding loop keeps every value of its body.
    Keep(Vec<Value>),
}

/// Calls function `f` with `args`.
pub(crate) fn apply(ev: &mut Eval<'_>, f: &Closure, args: Args, span: Span) -> Result<Value> {
    call(ev, f, f.this.clone(), args, span)
}

/// Calls `f` with `args`, with `this` the instance (or class) whose method
/// it is.
pub(crate) fn call(
    ev: &mut Eval<'_>,
    f: &Closure,
    this: Option<Value>,
    args: Args,
    span: Span,
) -> Result<Value> {
    let who = f.def.name.as_deref().unwrap_or("the function");
    let slots = place(ev, &f.def.params, args, who, span)?;
    ev.tick(span)?;
    let mut frame: FxHashMap<String, Value> = f.captured.iter().cloned().collect();
    let mut defaults = Vec::new();
    for (param, slot) in f.def.params.iter().zip(slots) {
        let value = match slot {
            Slot::Given(value, _) => value,
            Slot::Rest(values) => Value::List(values),
            Slot::Default(None) => Value::Nothing,
            Slot::Default(Some(default)) => {
                defaults.push((param.name.clone(), default));
                continue;
            }
        };
        frame.insert(param.name.clone(), value);
    }
    ev.frames.push(Frame { vars: frame, this });
    let caller_source = std::mem::replace(&mut ev.source, f.source.clone());
    let outer_flow = ev.flow.take();
    // A default is worth what its expression is in the callee, where the
    // parameters before it are bound.
    let mut result = Ok(Value::Nothing);
    for (name, default) in defaults {
        match ev.eval(default) {
            Ok(value) => ev.declare(&name, value),
            Err(e) => {
                result = Err(e);
                break;
            }
        }
    }
    if result.is_ok() {
        result = ev.eval(&f.def.body);
    }
    if let Some((Flow::Return(value), _)) = &ev.flow {
        result = Ok(value.clone());
        ev.flow = None;
    }
    if result.is_ok() {
        result = ev.stray_jump().and(result);
    }
    ev.flow = outer_flow;
    ev.source = caller_source;
    ev.frames.pop();
    // An error inside the body is located in the text that defined it;
    // one from a different input says where the call was too.
    result.map_err(|e| {
        if Arc::ptr_eq(&f.source, &ev.source) {
            e
        } else if let Some(file) = &f.file {
            from_file(ev, e, file, span)
        } else {
            let at = crate::error::Location::of_offset(&ev.source, span.start);
            crate::Error::new(
                e.kind(),
                match e.location() {
                    Some(l) => format!(
                        "{} (inside the function, at {}:{})",
                        e.message(),
                        l.line + f.line_offset,
                        l.column
                    ),
                    None => e.message().to_string(),
                },
            )
            .at(at)
        }
    })
}

/// An error raised in the file `file` (a class's), as the caller sees it:
/// located where the call is, and saying where in the file it happened.
pub(crate) fn from_file(ev: &Eval<'_>, e: crate::Error, file: &str, span: Span) -> crate::Error {
    let at = crate::error::Location::of_offset(&ev.source, span.start);
    let message = match e.location() {
        Some(l) if l.source.is_some() => format!("{} (at {l})", e.message()),
        Some(l) => format!("{} (at {file}:{}:{})", e.message(), l.line, l.column),
        None => e.message().to_string(),
    };
    crate::Error::new(e.kind(), message).at(at)
}

/// The statements of scripts (conditions, functions, loops, collections),
/// as methods of the evaluation context.
pub(crate) trait Script {
    /// Evaluates a condition of `what` (`if`, `while`, `and`): a boolean.
    fn truth(&mut self, cond: &Expr, what: &str) -> Result<bool>;

    /// The function value of `def` made here: it captures the current
    /// function scope.
    fn closure(&self, def: &Arc<FunctionDef>) -> Value;

    /// Runs a loop and gives what it collects.
    fn run_loop(
        &mut self,
        clauses: &[LoopClause],
        body: &Expr,
        collect: Collect,
        span: Span,
    ) -> Result<Value>;

    /// Runs the first clause of a loop, the rest inside it, the body inside all.
    fn clause(
        &mut self,
        clauses: &[LoopClause],
        body: &Expr,
        collect: Collect,
        sink: &mut Sink,
        span: Span,
    ) -> Result<()>;

    fn iterate(
        &mut self,
        clause: &LoopClause,
        inner: &[LoopClause],
        body: &Expr,
        collect: Collect,
        sink: &mut Sink,
        span: Span,
    ) -> Result<()>;

    /// One iteration: binds the variable, checks `while` (false: `Ok(false)`,
    /// the loop ends) and `where`, runs the rest.
    #[allow(clippy::too_many_arguments)]
    fn step_once(
        &mut self,
        clause: &LoopClause,
        value: Value,
        inner: &[LoopClause],
        body: &Expr,
        collect: Collect,
        sink: &mut Sink,
        span: Span,
    ) -> Result<bool>;

    /// Runs a loop's body once; a yielding body that is itself a yielding
    /// loop adds its values to the same collection (as CGScript does).
    fn body(&mut self, body: &Expr, collect: Collect, sink: &mut Sink, span: Span) -> Result<()>;

    /// Before a yielding loop `from a to b by c` builds anything: its
    /// length must be within [`MAX_LIST`] and the budget's position limit
    /// (each element may be a new game).
    fn check_length(
        &self,
        from: &BigRational,
        to: &BigRational,
        by: &BigRational,
        span: Span,
    ) -> Result<()>;

    /// A loop bound: a number.
    fn loop_number(&mut self, e: &Expr, what: &str) -> Result<Number>;

    /// `listof(…)`, `setof(…)`, `sumof(…)` of one list (a comprehension
    /// `e for x in L` written as the argument).
    fn collection_of(&mut self, name: &str, args: Args, span: Span) -> Result<Value>;
}

impl Script for Eval<'_> {
    fn truth(&mut self, cond: &Expr, what: &str) -> Result<bool> {
        match self.eval(cond)? {
            Value::Bool(b) => Ok(b),
            other => Err(self.error(
                cond.span,
                ErrorKind::InvalidInput,
                format!("'{what}' needs true or false, not {}", other.kind_name()),
            )),
        }
    }

    fn closure(&self, def: &Arc<FunctionDef>) -> Value {
        let mut captured: Vec<(String, Value)> = self
            .frames
            .last()
            .map(|f| f.vars.iter().map(|(k, v)| (k.clone(), v.clone())).collect())
            .unwrap_or_default();
        captured.sort_by(|a, b| a.0.cmp(&b.0));
        // As CGSuite prints a function: written out again from its tree
        // (`x->x+1` is `x -> x + 1`; `def f(x) := x + 1` the same).
        let text = crate::lang::syntax::unparse::function_text(def, &self.source);
        Value::Function(Arc::new(Closure {
            def: def.clone(),
            captured,
            source: self.source.clone(),
            line_offset: self.state.line_offset,
            text,
            file: None,
            this: self.this().cloned(),
            bound_name: Default::default(),
        }))
    }

    fn run_loop(
        &mut self,
        clauses: &[LoopClause],
        body: &Expr,
        collect: Collect,
        span: Span,
    ) -> Result<Value> {
        let mut sink = match collect {
            Collect::Nothing => Sink::Discard,
            _ => Sink::Keep(Vec::new()),
        };
        self.clause(clauses, body, collect, &mut sink, span)?;
        if matches!(self.flow, Some((Flow::Break, _))) {
            self.flow = None;
        }
        let Sink::Keep(items) = sink else { return Ok(Value::Nothing) };
        match collect {
            Collect::Nothing => Ok(Value::Nothing),
            Collect::List => Ok(Value::List(items)),
            Collect::Set => self.make_set(items, span),
            Collect::Map => {
                let mut pairs = Vec::with_capacity(items.len());
                for item in items {
                    match item {
                        Value::Pair(k, v) => pairs.push((*k, *v)),
                        other => pairs.push((other, Value::Nothing)),
                    }
                }
                self.make_map(pairs, span)
            }
        }
    }

    fn clause(
        &mut self,
        clauses: &[LoopClause],
        body: &Expr,
        collect: Collect,
        sink: &mut Sink,
        span: Span,
    ) -> Result<()> {
        let Some((clause, inner)) = clauses.split_first() else {
            return self.body(body, collect, sink, span);
        };
        let saved = clause.var.as_ref().and_then(|v| self.local(v).cloned());
        let result = self.iterate(clause, inner, body, collect, sink, span);
        if let Some(var) = &clause.var {
            self.restore(var, saved);
        }
        result
    }

    fn iterate(
        &mut self,
        clause: &LoopClause,
        inner: &[LoopClause],
        body: &Expr,
        collect: Collect,
        sink: &mut Sink,
        span: Span,
    ) -> Result<()> {
        match &clause.source {
            Source::Range { from, to, by } => {
                let mut counter = self.loop_number(from, "from")?;
                let by = match by {
                    Some(e) => self.loop_number(e, "by")?,
                    None => Number::small(1),
                };
                let up = by >= Number::small(0);
                // `to inf` counting up (`to -inf` counting down) has no end.
                let to = match to {
                    Some(e) => match self.eval(e)? {
                        Value::Infinity(negative) if negative != up => None,
                        Value::Number(q) => Some(q),
                        other => {
                            return Err(self.error(
                                e.span,
                                ErrorKind::InvalidInput,
                                format!("'to' needs a number, not {}", other.kind_name()),
                            ));
                        }
                    },
                    None => None,
                };
                if let (Some(to), Sink::Keep(_)) = (&to, &*sink) {
                    self.check_length(&counter.to_big(), &to.to_big(), &by.to_big(), span)?;
                }
                loop {
                    self.tick(span)?;
                    if let Some(to) = &to {
                        let past = match counter.cmp(to) {
                            Ordering::Greater => up,
                            Ordering::Less => !up,
                            Ordering::Equal => false,
                        };
                        if past {
                            return Ok(());
                        }
                    }
                    if !self.step_once(
                        clause,
                        Value::Number(counter.clone()),
                        inner,
                        body,
                        collect,
                        sink,
                        span,
                    )? {
                        return Ok(());
                    }
                    counter = match counter.checked_add(&by) {
                        Some(next) => next,
                        None => Number::from_big(
                            arith::add(&counter.to_big(), &by.to_big())
                                .map_err(|e| self.locate(e, span))?,
                        ),
                    };
                }
            }
            Source::In(list) => {
                // A mutable collection is walked as it is when the loop starts.
                let source = self.eval(list)?;
                let source = self.frozen(source, list.span)?;
                if let Value::Range(r) = &source {
                    // Counted, not listed: `for x in 1..10^9 while ...` holds
                    // one element at a time.
                    if let Sink::Keep(_) = &*sink {
                        crate::lang::classes::range::check_len(self, r, span)?;
                    }
                    for x in r.iter() {
                        self.tick(span)?;
                        if !self.step_once(
                            clause,
                            Value::int(x),
                            inner,
                            body,
                            collect,
                            sink,
                            span,
                        )? {
                            return Ok(());
                        }
                    }
                    return Ok(());
                }
                let items: Vec<Value> = match source {
                    Value::List(items) | Value::Set(items) => items,
                    Value::GameSet(games) => {
                        games.into_iter().map(|g| self.game_value(g)).collect()
                    }
                    Value::Map(entries) => self
                        .sorted_entries(&entries, list.span)?
                        .into_iter()
                        .map(|(k, v)| Value::Pair(Box::new(k), Box::new(v)))
                        .collect(),
                    other => {
                        return Err(self.error(
                            list.span,
                            ErrorKind::InvalidInput,
                            format!("'in' needs a list, a set or a map, not {}", other.kind_name()),
                        ));
                    }
                };
                for item in items {
                    self.tick(span)?;
                    if !self.step_once(clause, item, inner, body, collect, sink, span)? {
                        break;
                    }
                }
                Ok(())
            }
            Source::Repeat => loop {
                self.tick(span)?;
                if !self.step_once(clause, Value::Nothing, inner, body, collect, sink, span)? {
                    return Ok(());
                }
            },
        }
    }

    fn step_once(
        &mut self,
        clause: &LoopClause,
        value: Value,
        inner: &[LoopClause],
        body: &Expr,
        collect: Collect,
        sink: &mut Sink,
        span: Span,
    ) -> Result<bool> {
        if let Some(var) = &clause.var {
            self.declare(var, value);
        }
        if let Some(cond) = &clause.while_cond
            && !self.truth(cond, "while")?
        {
            return Ok(false);
        }
        if let Some(cond) = &clause.where_cond
            && !self.truth(cond, "where")?
        {
            return Ok(true);
        }
        self.clause(inner, body, collect, sink, span)?;
        match self.flow {
            // The next iteration of this, the innermost, clause.
            Some((Flow::Continue, _)) => {
                self.flow = None;
                Ok(true)
            }
            // Out of every clause of the loop statement (the loop clears a
            // `break`; a `return` goes on to the function).
            Some(_) => Ok(false),
            None => Ok(true),
        }
    }

    fn body(&mut self, body: &Expr, collect: Collect, sink: &mut Sink, span: Span) -> Result<()> {
        if let ExprKind::Yields(parts) = &body.kind {
            for part in parts {
                self.body(part, collect, sink, span)?;
                if self.flow.is_some() {
                    break;
                }
            }
            return Ok(());
        }
        if let Sink::Keep(_) = sink
            && let ExprKind::Block(statements) = &body.kind
            && let [only] = statements.as_slice()
            && let ExprKind::Loop { clauses, body: inner, collect: c } = &only.kind
            && *c == Collect::List
        {
            return self.clause(clauses, inner, collect, sink, span);
        }
        let value = match (&body.kind, collect) {
            // A map's entry `k => v`: a key and a value of any kinds (not
            // coordinates, which are of integers).
            (ExprKind::Pair(k, v), Collect::Map) => {
                let k = self.eval(k)?;
                let v = self.eval(v)?;
                Value::Pair(Box::new(k), Box::new(v))
            }
            _ => self.eval(body)?,
        };
        if self.flow.is_some() {
            // `break`, `continue` and `return` yield nothing.
            return Ok(());
        }
        if let Sink::Keep(items) = sink {
            if items.len() as u64 >= MAX_LIST {
                return Err(self.error(
                    span,
                    ErrorKind::LimitExceeded,
                    format!("a list of more than {MAX_LIST} elements is too long"),
                ));
            }
            items.push(value);
        }
        Ok(())
    }

    fn check_length(
        &self,
        from: &BigRational,
        to: &BigRational,
        by: &BigRational,
        span: Span,
    ) -> Result<()> {
        // Small integer bounds, the usual case, are counted in machine words.
        let small = |q: &BigRational| q.is_integer().then(|| q.numer().to_i64()).flatten();
        if let (Some(a), Some(b), Some(step)) = (small(from), small(to), small(by))
            && step != 0
        {
            let count = match (b.checked_sub(a), step) {
                (Some(d), s) if d.signum() * s.signum() < 0 => return Ok(()),
                (Some(d), s) => d.checked_div(s).map(|q| q.unsigned_abs() + 1),
                (None, _) => None,
            };
            if let Some(count) = count {
                if count > MAX_LIST {
                    return Err(self.error(
                        span,
                        ErrorKind::LimitExceeded,
                        format!("a list of more than {MAX_LIST} elements is too long"),
                    ));
                }
                return self.budget.check_positions(count).map_err(|e| self.locate(e, span));
            }
        }
        if by.is_zero() || (to - from).signum() * by.signum() == -BigRational::one() {
            return Ok(());
        }
        let count: num_bigint::BigInt = ((to - from) / by).floor().to_integer() + 1;
        let count = count.to_u64().filter(|&c| c <= MAX_LIST).ok_or_else(|| {
            self.error(
                span,
                ErrorKind::LimitExceeded,
                format!("a list of more than {MAX_LIST} elements is too long"),
            )
        })?;
        self.budget.check_positions(count).map_err(|e| self.locate(e, span))
    }

    fn loop_number(&mut self, e: &Expr, what: &str) -> Result<Number> {
        match self.eval(e)? {
            Value::Number(q) => Ok(q),
            other => Err(self.error(
                e.span,
                ErrorKind::InvalidInput,
                format!("'{what}' needs a number, not {}", other.kind_name()),
            )),
        }
    }

    fn collection_of(&mut self, name: &str, args: Args, span: Span) -> Result<Value> {
        let items = match <[_; 1]>::try_from(args) {
            Ok([(None, Value::List(items), _)]) => items,
            Ok([(_, other, at)]) => {
                return Err(self.error(
                    at,
                    ErrorKind::InvalidInput,
                    format!("{name} needs a list or 'e for x in L', not {}", other.kind_name()),
                ));
            }
            Err(args) => {
                return Err(self.error(
                    span,
                    ErrorKind::InvalidInput,
                    format!("{name} takes 1 argument, not {}", args.len()),
                ));
            }
        };
        match name {
            "setof" => self.make_set(items, span),
            "Table" => crate::lang::classes::table::of_rows(self, items, span),
            "sumof" => {
                let mut sum = Value::number(BigRational::zero());
                for item in items {
                    sum = ops::binary(self, &BinOp::Add, sum, item, span)?;
                }
                Ok(sum)
            }
            _ => Ok(Value::List(items)),
        }
    }
}

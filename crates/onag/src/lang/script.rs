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
use num_traits::{One, Signed, ToPrimitive, Zero};
use rustc_hash::FxHashMap;

use super::arith;
use super::ast::{BinOp, Collect, Expr, ExprKind, FunctionDef, LoopClause, Source};
use super::builtins::Args;
use super::context::{Eval, Flow, MAX_LIST};
use super::lexer::Span;
use super::ops;
use super::value::{Closure, Value};
use crate::error::{ErrorKind, Result};

/// Where a loop puts its values.
enum Sink {
    /// A `do` loop keeps nothing.
    Discard,
    /// A yielding loop keeps every value of its body.
    Keep(Vec<Value>),
}

impl Eval<'_> {
    /// Checks the budget's clock and cancel flag: once per loop iteration
    /// and function call.
    pub(crate) fn tick(&mut self, span: Span) -> Result<()> {
        self.steps += 1;
        self.budget.check(0).map_err(|e| self.locate(e, span))
    }

    /// Evaluates a condition of `what` (`if`, `while`, `and`): a boolean.
    pub(crate) fn truth(&mut self, cond: &Expr, what: &str) -> Result<bool> {
        match self.eval(cond)? {
            Value::Bool(b) => Ok(b),
            other => Err(self.error(
                cond.span,
                ErrorKind::InvalidInput,
                format!("'{what}' needs true or false, not {}", other.kind_name()),
            )),
        }
    }

    /// The variable `name` of the current scope, if it has one.
    fn local(&self, name: &str) -> Option<&Value> {
        match self.frames.last() {
            Some(frame) => frame.get(name),
            None => self.state.vars.get(name),
        }
    }

    /// `var name := value` in a block: a variable of that block (what the
    /// name held before comes back when the block ends).
    pub(crate) fn declare_in_block(&mut self, name: &str, value: Value) {
        let saved = self.local(name).cloned();
        if let Some(block) = self.blocks.last_mut()
            && !block.iter().any(|(n, _)| n == name)
        {
            block.push((name.to_string(), saved));
        }
        self.declare(name, value);
    }

    /// `var name := value`: a variable of the current scope.
    pub(crate) fn declare(&mut self, name: &str, value: Value) {
        match self.frames.last_mut() {
            Some(frame) => frame.insert(name.to_string(), value),
            None => self.state.vars.insert(name.to_string(), value),
        };
    }

    /// `name := value`: the current scope's variable if it has one, else
    /// the session's if it has one, else a new variable of the current scope.
    pub(crate) fn assign(&mut self, name: &str, value: Value) {
        match self.frames.last_mut() {
            Some(frame) if frame.contains_key(name) || !self.state.vars.contains_key(name) => {
                frame.insert(name.to_string(), value);
            }
            _ => {
                self.state.vars.insert(name.to_string(), value);
            }
        }
    }

    /// Removes a loop variable, or puts back what it held before the loop.
    pub(crate) fn restore(&mut self, name: &str, saved: Option<Value>) {
        let scope = match self.frames.last_mut() {
            Some(frame) => frame,
            None => &mut self.state.vars,
        };
        match saved {
            Some(v) => scope.insert(name.to_string(), v),
            None => scope.remove(name),
        };
    }

    /// The function value of `def` made here: it captures the current
    /// function scope.
    pub(crate) fn closure(&self, def: &Arc<FunctionDef>) -> Value {
        let mut captured: Vec<(String, Value)> = self
            .frames
            .last()
            .map(|f| f.iter().map(|(k, v)| (k.clone(), v.clone())).collect())
            .unwrap_or_default();
        captured.sort_by(|a, b| a.0.cmp(&b.0));
        // As CGSuite prints a function: written out again from its tree
        // (`x->x+1` is `x -> x + 1`; `def f(x) := x + 1` the same).
        let text = super::unparse::function_text(def, &self.source);
        Value::Function(Arc::new(Closure {
            def: def.clone(),
            captured,
            source: self.source.clone(),
            line_offset: self.state.line_offset,
            text,
        }))
    }

    /// The arguments of a call of `f` in the order of its parameters: the
    /// positional ones first, then each named one (`f(y => 3, x => 4)`) in
    /// its parameter's place. A name that is not a parameter, or one given
    /// twice, is an error at that argument.
    fn place_named(&self, f: &Closure, args: Args) -> Result<Args> {
        if args.iter().all(|a| a.0.is_none()) {
            return Ok(args);
        }
        let params = &f.def.params;
        let mut placed: Vec<Option<(Option<String>, Value, Span)>> = vec![None; params.len()];
        let mut extra = Vec::new();
        let mut named = false;
        for (i, (name, value, at)) in args.into_iter().enumerate() {
            if name.is_none() && named {
                return Err(self.error(
                    at,
                    ErrorKind::InvalidInput,
                    "an argument without a name must come before the named ones",
                ));
            }
            named |= name.is_some();
            let slot = match &name {
                None if i < params.len() => i,
                None => {
                    extra.push((None, value, at));
                    continue;
                }
                Some(n) => params.iter().position(|p| p == n).ok_or_else(|| {
                    let who = f.def.name.as_deref().unwrap_or("the function");
                    self.error(at, ErrorKind::InvalidInput, format!("{who} has no parameter '{n}'"))
                })?,
            };
            if placed[slot].is_some() {
                return Err(self.error(
                    at,
                    ErrorKind::InvalidInput,
                    format!("the parameter '{}' is given twice", params[slot]),
                ));
            }
            placed[slot] = Some((None, value, at));
        }
        // A parameter left out makes the count wrong, which `apply` reports.
        Ok(placed.into_iter().flatten().chain(extra).collect())
    }

    /// Calls function `f` with `args`.
    pub(crate) fn apply(&mut self, f: &Closure, args: Args, span: Span) -> Result<Value> {
        let args = self.place_named(f, args)?;
        let params = &f.def.params;
        if args.len() != params.len() {
            let name = f.def.name.as_deref().unwrap_or("the function");
            let plural = if params.len() == 1 { "" } else { "s" };
            return Err(self.error(
                span,
                ErrorKind::InvalidInput,
                format!("{name} takes {} argument{plural}, not {}", params.len(), args.len()),
            ));
        }
        self.tick(span)?;
        let mut frame: FxHashMap<String, Value> = f.captured.iter().cloned().collect();
        for (param, (_, value, _)) in params.iter().zip(args) {
            frame.insert(param.clone(), value);
        }
        self.frames.push(frame);
        let caller_source = std::mem::replace(&mut self.source, f.source.clone());
        let outer_flow = self.flow.take();
        let mut result = self.eval(&f.def.body);
        if let Some((Flow::Return(value), _)) = &self.flow {
            result = Ok(value.clone());
            self.flow = None;
        }
        if result.is_ok() {
            result = self.stray_jump().and(result);
        }
        self.flow = outer_flow;
        self.source = caller_source;
        self.frames.pop();
        // An error inside the body is located in the text that defined it;
        // one from a different input says where the call was too.
        result.map_err(|e| {
            if Arc::ptr_eq(&f.source, &self.source) {
                e
            } else {
                let at = crate::error::Location::of_offset(&self.source, span.start);
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

    /// Runs a loop and gives what it collects.
    pub(crate) fn run_loop(
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

    /// Runs the first clause of a loop, the rest inside it, the body inside all.
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
                    None => BigRational::one(),
                };
                let up = !by.is_negative();
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
                    self.check_length(&counter, to, &by, span)?;
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
                    counter = arith::add(&counter, &by).map_err(|e| self.locate(e, span))?;
                }
            }
            Source::In(list) => {
                // A mutable collection is walked as it is when the loop starts.
                let source = super::mutable::frozen(self.eval(list)?);
                if let Value::Range(r) = &source {
                    // Counted, not listed: `for x in 1..10^9 while ...` holds
                    // one element at a time.
                    if let Sink::Keep(_) = &*sink {
                        super::range::check_len(self, r, span)?;
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
                    Value::Map(entries) => entries
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

    /// Runs a loop's body once; a yielding body that is itself a yielding
    /// loop adds its values to the same collection (as CGScript does).
    fn body(&mut self, body: &Expr, collect: Collect, sink: &mut Sink, span: Span) -> Result<()> {
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

    /// Before a yielding loop `from a to b by c` builds anything: its
    /// length must be within [`MAX_LIST`] and the budget's position limit
    /// (each element may be a new game).
    fn check_length(
        &self,
        from: &BigRational,
        to: &BigRational,
        by: &BigRational,
        span: Span,
    ) -> Result<()> {
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

    /// A loop bound: a number.
    fn loop_number(&mut self, e: &Expr, what: &str) -> Result<BigRational> {
        match self.eval(e)? {
            Value::Number(q) => Ok(q),
            other => Err(self.error(
                e.span,
                ErrorKind::InvalidInput,
                format!("'{what}' needs a number, not {}", other.kind_name()),
            )),
        }
    }

    /// A set of `items`: duplicates dropped; games (numbers among them)
    /// become a set of games, printed in CGSuite's order; other sets keep
    /// numbers first, in increasing order, then the rest as given.
    pub(crate) fn make_set(&mut self, items: Vec<Value>, span: Span) -> Result<Value> {
        let all_games = items.iter().all(|v| match v {
            Value::Number(q) => super::value::is_dyadic(q),
            Value::Game(_) => true,
            _ => false,
        });
        if all_games && !items.is_empty() {
            let mut ids = Vec::with_capacity(items.len());
            for item in items {
                ids.push(self.game_of(&item, span, "a set")?);
            }
            ids.sort_unstable();
            ids.dedup();
            self.arena(span, |a| a.sort_for_display(&mut ids))?;
            return Ok(Value::GameSet(ids));
        }
        let mut numbers: Vec<BigRational> = Vec::new();
        let mut rest: Vec<Value> = Vec::new();
        // Transfinite numbers are kept in lowest terms: equal ones are
        // equal as written.
        let mut transfinite = rustc_hash::FxHashSet::default();
        for item in items {
            match item {
                Value::Number(q) => numbers.push(q),
                Value::Transfinite(x) => {
                    if transfinite.insert(x.clone()) {
                        rest.push(Value::Transfinite(x));
                    }
                }
                other => {
                    let mut seen = false;
                    for r in &rest {
                        if ops::equal(self, r, &other, span)? {
                            seen = true;
                            break;
                        }
                    }
                    if !seen {
                        rest.push(other);
                    }
                }
            }
        }
        numbers.sort();
        numbers.dedup();
        rest.extend(numbers.into_iter().map(Value::Number));
        Ok(Value::Set(self.universal_order(rest, span)?))
    }

    /// A map of `pairs`: a later entry with an equal key replaces an earlier one.
    pub(crate) fn make_map(&mut self, pairs: Vec<(Value, Value)>, span: Span) -> Result<Value> {
        let mut entries: Vec<(Value, Value)> = Vec::with_capacity(pairs.len());
        for (k, v) in pairs {
            let mut found = None;
            for (i, (key, _)) in entries.iter().enumerate() {
                if ops::equal(self, key, &k, span)? {
                    found = Some(i);
                    break;
                }
            }
            match found {
                Some(i) => entries[i].1 = v,
                None => entries.push((k, v)),
            }
        }
        // Entries are kept in the order CGSuite prints them: by key.
        let keys: Vec<Value> = entries.iter().map(|(k, _)| k.clone()).collect();
        let order = self.universal_order(keys, span)?;
        let mut sorted = Vec::with_capacity(entries.len());
        for key in order {
            if let Some(i) = entries.iter().position(|(k, _)| *k == key) {
                sorted.push(entries.swap_remove(i));
            }
        }
        sorted.append(&mut entries);
        Ok(Value::Map(sorted))
    }

    /// Distinct values in CGSuite's universal order, as far as onag has it:
    /// `Nothing`, numbers (increasing, transfinite ones among them), games (in CGSuite's display order),
    /// loopy pseudonumbers (increasing), other loopy games as given, then
    /// the other values by their class in CGSuite's order of classes:
    /// booleans (`true` first, as CGSuite's hash codes put it), strings
    /// (alphabetical), then coordinates, lists, sets and maps as given.
    /// (CGSuite orders loopy games by class and then by hash codes, and
    /// coordinates, lists and sets element by element, which onag does not
    /// copy.)
    pub(crate) fn universal_order(&mut self, values: Vec<Value>, span: Span) -> Result<Vec<Value>> {
        let mut nothing = Vec::new();
        let mut numbers: Vec<BigRational> = Vec::new();
        let mut transfinite = Vec::new();
        let mut games = Vec::new();
        let mut pseudonumbers = Vec::new();
        let mut loopy = Vec::new();
        let mut booleans = Vec::new();
        let mut strings: Vec<String> = Vec::new();
        let mut rest = Vec::new();
        for v in values {
            match v {
                Value::Nothing => nothing.push(Value::Nothing),
                Value::Bool(b) => booleans.push(b),
                Value::Number(q) => numbers.push(q),
                Value::Transfinite(x) => transfinite.push((*x).clone()),
                Value::Game(g) => games.push(g),
                Value::Loopy(sided) => {
                    if super::members::loopy_class(self, &sided, span)? == "game.Pseudonumber" {
                        let stops = crate::loopy::partizan::stops::stops(
                            &sided.onside,
                            &mut self.state.arena,
                        )
                        .map_err(|e| self.locate(e, span))?;
                        pseudonumbers.push((stops.left, Value::Loopy(sided)));
                    } else {
                        loopy.push(Value::Loopy(sided));
                    }
                }
                Value::Str(s) => strings.push(s),
                other => rest.push(other),
            }
        }
        numbers.sort();
        let numbers = self.with_transfinite(numbers, transfinite, span)?;
        self.arena(span, |a| a.sort_for_display(&mut games))?;
        // A pseudonumber is its own stop, and stops are ordered as games.
        pseudonumbers.sort_by(|a, b| a.0.cmp(&b.0));
        strings.sort();
        booleans.sort_by(|a, b| b.cmp(a));
        // A class's place in CGSuite's order (coordinates before lists).
        let class_rank = |v: &Value| match v {
            Value::Pair(..) => 0,
            Value::List(_) | Value::Range(_) => 1,
            Value::Set(_) | Value::GameSet(_) => 2,
            Value::Map(_) => 3,
            Value::Mutable(_) => 4,
            _ => 5,
        };
        rest.sort_by_key(class_rank);
        Ok(nothing
            .into_iter()
            .chain(numbers)
            .chain(games.into_iter().map(Value::Game))
            .chain(pseudonumbers.into_iter().map(|(_, v)| v))
            .chain(loopy)
            .chain(booleans.into_iter().map(Value::Bool))
            .chain(strings.into_iter().map(Value::Str))
            .chain(rest)
            .collect())
    }

    /// Sorted numbers merged with transfinite numbers in the order of
    /// surreal numbers.
    fn with_transfinite(
        &self,
        numbers: Vec<BigRational>,
        transfinite: Vec<crate::number::surreal::Surreal>,
        span: Span,
    ) -> Result<Vec<Value>> {
        if transfinite.is_empty() {
            return Ok(numbers.into_iter().map(Value::Number).collect());
        }
        let mut all: Vec<crate::number::surreal::Surreal> = numbers
            .iter()
            .map(crate::number::surreal::Surreal::from_rational)
            .chain(transfinite)
            .collect();
        // Insertion by binary search: a comparison can fail (past the
        // bounds on size), which a sort's comparator cannot report.
        let mut sorted: Vec<crate::number::surreal::Surreal> = Vec::with_capacity(all.len());
        for x in all.drain(..) {
            let (mut lo, mut hi) = (0, sorted.len());
            while lo < hi {
                let mid = (lo + hi) / 2;
                if sorted[mid].compare(&x).map_err(|e| self.locate(e, span))?.is_le() {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            sorted.insert(lo, x);
        }
        Ok(sorted.into_iter().map(super::transfinite::value).collect())
    }

    /// The elements of a list or set (literal, of games, or mutable, as it
    /// is now); `None` for any other value.
    pub(crate) fn collection_items(&self, v: &Value) -> Option<Vec<Value>> {
        match v {
            Value::List(items) | Value::Set(items) => Some(items.clone()),
            Value::GameSet(ids) => Some(ids.iter().map(|&g| self.game_value(g)).collect()),
            Value::Mutable(m) => match m.snapshot() {
                super::mutable::Contents::List(items) | super::mutable::Contents::Set(items) => {
                    Some(items)
                }
                super::mutable::Contents::Map(_) => None,
            },
            _ => None,
        }
    }

    /// `target[index]`: a list's element (counted from 1) or a map's value
    /// (`Nothing` for a missing key).
    pub(crate) fn index(&mut self, target: Value, index: Value, span: Span) -> Result<Value> {
        let target = super::mutable::frozen(target);
        if let Value::Strip(s) = &target {
            return super::strip::at(self, s, &index, span);
        }
        if let Value::Grid(g) = &target {
            let cell = super::grid::coordinates(&index).and_then(|(r, c)| g.get(r, c));
            return match cell {
                Some(v) => Ok(Value::int(v)),
                None => Err(self.error(
                    span,
                    ErrorKind::InvalidInput,
                    format!(
                        "a grid of {} rows and {} columns has no cell {}",
                        g.rows(),
                        g.cols(),
                        index.describe()
                    ),
                )),
            };
        }
        if let Value::Range(r) = &target {
            let len = r.len();
            return match index.as_integer() {
                Some(i) if i.is_positive() && *i <= len => {
                    Ok(Value::int(&r.start + (i - 1) * &r.step))
                }
                _ => Err(self.error(
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
                let i = index.as_integer().and_then(ToPrimitive::to_usize);
                match i {
                    Some(i) if (1..=len).contains(&i) => {
                        Ok(items.into_iter().nth(i - 1).unwrap_or(Value::Nothing))
                    }
                    _ => Err(self.error(
                        span,
                        ErrorKind::InvalidInput,
                        format!("a list of {len} elements has no element {}", index.describe()),
                    )),
                }
            }
            Value::Str(text) => {
                let chars: Vec<char> = text.chars().collect();
                let i = index.as_integer().and_then(ToPrimitive::to_usize);
                match i {
                    Some(i) if (1..=chars.len()).contains(&i) => {
                        Ok(Value::Str(chars[i - 1].to_string()))
                    }
                    _ => Err(self.error(
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
                for (k, v) in entries {
                    if ops::equal(self, &k, &index, span)? {
                        return Ok(v);
                    }
                }
                // CGSuite's error, with the key as written.
                let mut key = String::new();
                match &index {
                    Value::Number(q) => super::value::write_number(&mut key, q),
                    Value::Str(s) => key.push_str(s),
                    Value::Bool(b) => key.push_str(if *b { "true" } else { "false" }),
                    Value::Game(g) => match self.state.arena.print(*g) {
                        Ok(text) => key = text,
                        Err(_) => key.push_str(index.kind_name()),
                    },
                    other => key.push_str(other.kind_name()),
                }
                Err(self.error(span, ErrorKind::InvalidInput, format!("Key not found: {key}")))
            }
            other => Err(self.error(
                span,
                ErrorKind::InvalidInput,
                format!("'[...]' needs a list, a string or a map, not {}", other.kind_name()),
            )),
        }
    }

    /// `listof(…)`, `setof(…)`, `sumof(…)` of one list (a comprehension
    /// `e for x in L` written as the argument).
    pub(crate) fn collection_of(&mut self, name: &str, args: Args, span: Span) -> Result<Value> {
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
            "Table" => super::table::of_rows(self, items, span),
            "sumof" => {
                let mut sum = Value::Number(BigRational::zero());
                for item in items {
                    sum = ops::binary(self, &BinOp::Add, sum, item, span)?;
                }
                Ok(sum)
            }
            _ => Ok(Value::List(items)),
        }
    }
}

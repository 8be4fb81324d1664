//! What evaluation works in: the session's state and one input's context.
//!
//! [`State`] holds what lives for a whole session (variables, the game arena,
//! the ruleset solvers); [`Eval`] is one input's view of it, with the source
//! text (to locate errors) and the input's budget. Every other part of the
//! calculator (the tree walker, the member tables, the operators) works
//! through an `Eval`, and this module imports none of them.

use rustc_hash::FxHashMap;

use crate::budget::Budget;
use crate::error::{Error, ErrorKind, Location, Result};
use crate::game::{Arena, GameId};
use crate::lang::runtime::hooks::Hooks;
use crate::lang::syntax::lexer::Span;
use crate::lang::value::Value;

/// The longest list the calculator builds.
pub const MAX_LIST: u64 = 10_000_000;

/// What lives for one calculator session.
#[derive(Debug, Default)]
pub(crate) struct State {
    /// The variables.
    pub(crate) vars: FxHashMap<String, Value>,
    /// The games of this session; every [`Value::Game`] is an id in it.
    pub(crate) arena: Arena,
    /// The misère canonical games of this session; every
    /// [`Value::Misere`] is an id in it.
    pub(crate) misere: crate::impartial::misere::MisereGames,
    /// The ruleset solvers of this session, whose tables hold ids of `arena`.
    pub(crate) solvers: crate::ruleset::Solvers,
    /// The values of spawning games computed so far, by the rule's code:
    /// heaps `0..len`, so a later heap or sum extends them instead of
    /// starting again.
    pub(crate) spawning: FxHashMap<String, Vec<u32>>,
    /// Whether the budgets' position limit is the user's own choice; when it
    /// is not, misère searches keep to their smaller defaults.
    pub(crate) position_limit_given: bool,
    /// How many bytes of stack evaluation may use (0: [`DEFAULT_STACK`]).
    pub(crate) stack: usize,
    /// The line of the user's file or stream where the input being run
    /// starts, less one (0 when each input counts its own lines).
    pub(crate) line_offset: usize,
    /// The classes declared in CGScript files and where they are read from.
    pub(crate) library: crate::lang::runtime::library::Library,
    /// The positions of games declared in CGScript met so far.
    pub(crate) user_games: UserGames,
}

/// The positions of games declared in CGScript met in a session.
///
/// Invariant: `values[n]` is what node `n` of `graph` stands for, and
/// `index` holds each node once, found by the hash of its value (the
/// values are stored once, in `values`).
#[derive(Debug)]
pub(crate) struct UserGames {
    /// Every position met, as a node.
    pub(crate) graph: std::sync::Arc<crate::ruleset::user::GameGraph>,
    /// The nodes, by the hash of what they stand for.
    index: hashbrown::HashTable<crate::ruleset::user::NodeId>,
    /// What each node stands for: the position, or the game value.
    pub(crate) values: Vec<Value>,
    /// The heap bytes the values hold, about ([`Value::heap_bytes`]).
    held: u64,
}

impl Default for UserGames {
    fn default() -> Self {
        UserGames {
            graph: crate::ruleset::user::GameGraph::new(),
            index: hashbrown::HashTable::new(),
            values: Vec::new(),
            held: 0,
        }
    }
}

impl UserGames {
    /// The node of `v`, if it has one.
    pub(crate) fn node_of(&self, v: &Value) -> Option<crate::ruleset::user::NodeId> {
        let values = &self.values;
        self.index.find(hash_of(v), |&n| values[n as usize] == *v).copied()
    }

    /// A new node for `v` (which has none), recorded as `node`.
    pub(crate) fn add(
        &mut self,
        v: Value,
        node: crate::ruleset::user::Node,
    ) -> crate::ruleset::user::NodeId {
        let id = self.graph.push(node);
        let hash = hash_of(&v);
        self.held += v.heap_bytes() as u64;
        self.values.push(v);
        let values = &self.values;
        self.index.insert_unique(hash, id, |&n| hash_of(&values[n as usize]));
        id
    }

    /// Bytes held, for the memory limit (positions are counted at the size
    /// of their record; the values they hold are shared).
    pub(crate) fn bytes(&self) -> u64 {
        self.graph.bytes()
            + (self.index.capacity() * (std::mem::size_of::<crate::ruleset::user::NodeId>() + 1))
                as u64
            + (self.values.capacity() * std::mem::size_of::<Value>()) as u64
            + self.held
    }
}

/// The hash a value is interned by.
fn hash_of(v: &Value) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = rustc_hash::FxHasher::default();
    v.hash(&mut h);
    h.finish()
}

/// The stack evaluation may use unless told otherwise: it fits in the
/// 2 MiB stack of a spawned thread with room to spare.
pub const DEFAULT_STACK: usize = 1 << 20;

/// One evaluation: the session's state, the source (for error locations),
/// the budget and the generic operations.
///
/// Invariant: `frames` holds one scope per function call under way
/// (innermost last); outside any call, variables are the session's.
pub(crate) struct Eval<'a> {
    /// The session's state.
    pub(crate) state: &'a mut State,
    /// The text being evaluated: the input's, or inside a function the text
    /// of the input that defined it.
    pub(crate) source: std::sync::Arc<str>,
    /// The input's budget.
    pub(crate) budget: &'a Budget,
    /// Units of work done so far.
    pub(crate) steps: u64,
    /// The local variables of the function calls under way, innermost last.
    pub(crate) frames: Vec<Frame>,
    /// Where the stack was when evaluation began (an address, compared with
    /// later ones to bound the stack evaluation uses).
    pub(crate) stack_base: usize,
    /// A `break`, `continue` or `return` under way, and where it is written:
    /// statement sequences stop while one is set, loops and function calls
    /// take theirs.
    pub(crate) flow: Option<(Flow, Span)>,
    /// The blocks under way, innermost last: each holds the variables its
    /// `var`s declared and what those names held before, put back when
    /// the block ends.
    pub(crate) blocks: Vec<Vec<(String, Option<Value>)>>,
    /// The generic operations (see [`Hooks`]).
    pub(crate) hooks: &'static Hooks,
    /// How many positions of games declared in CGScript the session held
    /// when this input began (its position limit counts those it adds).
    pub(crate) user_positions_before: usize,
}

/// The arguments of a call as evaluated: each with its name when written
/// `name => value`, and where it is written.
pub(crate) type Args = Vec<(Option<String>, Value, Span)>;

/// The scope of one function or method call.
#[derive(Debug, Default)]
pub(crate) struct Frame {
    /// Its local variables.
    pub(crate) vars: FxHashMap<String, Value>,
    /// The instance whose method is running (`this`), or for a static
    /// method the class.
    pub(crate) this: Option<Value>,
}

/// A jump out of the normal order of evaluation.
#[derive(Debug, Clone)]
pub(crate) enum Flow {
    /// `break`.
    Break,
    /// `continue`.
    Continue,
    /// `return`, with the function's value.
    Return(Value),
}

impl<'a> Eval<'a> {
    /// An evaluation of `source` in `state` under `budget`.
    pub(crate) fn new(
        state: &'a mut State,
        source: &str,
        budget: &'a Budget,
        hooks: &'static Hooks,
    ) -> Self {
        let marker = 0u8;
        let stack_base = std::ptr::addr_of!(marker) as usize;
        let user_positions_before = state.user_games.values.len();
        Eval {
            state,
            source: source.into(),
            budget,
            steps: 0,
            frames: Vec::new(),
            stack_base,
            flow: None,
            user_positions_before,
            blocks: Vec::new(),
            hooks,
        }
    }

    /// How many bytes of stack evaluation uses at this point.
    pub(crate) fn stack_used(&self) -> usize {
        let marker = 0u8;
        (std::ptr::addr_of!(marker) as usize).abs_diff(self.stack_base)
    }

    /// The stack evaluation may use.
    pub(crate) fn stack_limit(&self) -> usize {
        if self.state.stack == 0 { DEFAULT_STACK } else { self.state.stack }
    }
}

impl Eval<'_> {
    /// An error of `kind` located at the start of `span`.
    pub(crate) fn error(&self, span: Span, kind: ErrorKind, message: impl Into<String>) -> Error {
        Error::new(kind, message).at(Location::of_offset(&self.source, span.start))
    }

    /// Locates an error that has no location yet at `span`.
    pub(crate) fn locate(&self, err: Error, span: Span) -> Error {
        if err.location().is_some() {
            err
        } else {
            err.at(Location::of_offset(&self.source, span.start))
        }
    }

    /// Counts one unit of work against the budget.
    pub(crate) fn step(&mut self, span: Span) -> Result<()> {
        self.steps += 1;
        self.budget.check(self.steps).map_err(|e| self.locate(e, span))
    }

    /// Runs an arena operation, locating its error at `span`.
    pub(crate) fn arena<T>(
        &mut self,
        span: Span,
        f: impl FnOnce(&mut Arena) -> Result<T>,
    ) -> Result<T> {
        f(&mut self.state.arena).map_err(|e| self.locate(e, span))
    }

    /// The value of game `g`: a number value when `g` is a number.
    pub(crate) fn game_value(&self, g: GameId) -> Value {
        match self.state.arena.as_number(g) {
            Some(x) => Value::number(x.to_rational()),
            None => Value::Game(g),
        }
    }

    /// Checks the budget's clock and cancel flag: once per loop iteration
    /// and function call.
    pub(crate) fn tick(&mut self, span: Span) -> Result<()> {
        self.steps += 1;
        self.budget.check(0).map_err(|e| self.locate(e, span))
    }

    /// The variable `name` of the current scope, if it has one.
    pub(crate) fn local(&self, name: &str) -> Option<&Value> {
        match self.frames.last() {
            Some(frame) => frame.vars.get(name),
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
        let scope = match self.frames.last_mut() {
            Some(frame) => &mut frame.vars,
            None => &mut self.state.vars,
        };
        // Loops declare their variable at every step: no new key then.
        match scope.get_mut(name) {
            Some(slot) => *slot = value,
            None => {
                scope.insert(name.to_string(), value);
            }
        }
    }

    /// `name := value`: the current scope's variable if it has one, else
    /// the session's if it has one, else a new variable of the current scope.
    pub(crate) fn assign(&mut self, name: &str, value: Value) {
        match self.frames.last_mut() {
            Some(frame) if frame.vars.contains_key(name) || !self.state.vars.contains_key(name) => {
                frame.vars.insert(name.to_string(), value);
            }
            _ => {
                self.state.vars.insert(name.to_string(), value);
            }
        }
    }

    /// Removes a loop variable, or puts back what it held before the loop.
    pub(crate) fn restore(&mut self, name: &str, saved: Option<Value>) {
        let scope = match self.frames.last_mut() {
            Some(frame) => &mut frame.vars,
            None => &mut self.state.vars,
        };
        match saved {
            Some(v) => scope.insert(name.to_string(), v),
            None => scope.remove(name),
        };
    }

    /// The elements of a list or set (literal, of games, or mutable, as it
    /// is now); `None` for any other value.
    pub(crate) fn collection_items(&self, v: &Value) -> Option<Vec<Value>> {
        match v {
            Value::List(items) | Value::Set(items) => Some(items.clone()),
            Value::GameSet(ids) => Some(ids.iter().map(|&g| self.game_value(g)).collect()),
            // A mutable set's elements added since it was last sorted come
            // last, in the order added.
            Value::Mutable(m) => m.change(|c| match c {
                crate::lang::value::mutable::Contents::List(items) => Some(items.clone()),
                crate::lang::value::mutable::Contents::Set(items) => {
                    Some(items.iter().cloned().collect())
                }
                crate::lang::value::mutable::Contents::Map(_) => None,
            }),
            _ => None,
        }
    }

    /// The value of the variable `name` in scope, if one is bound.
    pub(crate) fn bound(&self, name: &str) -> Option<Value> {
        self.frames
            .last()
            .and_then(|f| f.vars.get(name))
            .or_else(|| self.state.vars.get(name))
            .cloned()
    }

    /// The instance whose method is running, if any (`this`).
    pub(crate) fn this(&self) -> Option<&Value> {
        self.frames.last().and_then(|f| f.this.as_ref())
    }
}

//! A calculator session: variables and games that live from one input to
//! the next, and the public entry points ([`Session::run`],
//! [`Session::run_to_string`], [`Session::show`], [`Session::solve`]).

use crate::budget::Budget;
use crate::error::{ErrorKind, Result};
use crate::game::Arena;
use crate::lang::interp::HOOKS;
use crate::lang::interp::eval::Walk;
use crate::lang::interp::sum::{self, Solved};
use crate::lang::runtime::context::{Eval, State};
use crate::lang::syntax::parser::parse;
use crate::lang::value::Value;
use crate::ruleset::outcome::OutcomeSearch;

/// Variables and values that live for one calculator session.
#[derive(Debug, Default)]
pub struct Session {
    state: State,
    /// How many games the arena held after its last compaction.
    compacted: u64,
    /// Never compact: every game id handed out stays valid (see
    /// [`Session::set_keep_games`]).
    keep_games: bool,
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
    /// Each input has `budget` to itself: games left over from earlier
    /// inputs are dropped before they take up half of its position limit
    /// (only the variables' games are kept), and an input that runs out of
    /// budget (or is interrupted) leaves nothing behind, so the next input
    /// starts fresh. A game in the returned value is an id in the session's
    /// arena: show it ([`Session::show`]) or store it in a variable before
    /// the next input, which may compact the arena.
    pub fn run(&mut self, source: &str, budget: &Budget) -> Result<Option<Value>> {
        let result = self.run_unguarded(source, budget);
        self.recover(&result);
        result
    }

    fn run_unguarded(&mut self, source: &str, budget: &Budget) -> Result<Option<Value>> {
        let expr = parse(source)?;
        self.make_room(budget);
        let budget = &budget.counting_from_now();
        self.state.arena.set_budget(budget.clone());
        self.state.library.new_input();
        Eval::new(&mut self.state, source, budget, &HOOKS).program(&expr)
    }

    /// Makes room for one input: when the arena holds more than half of
    /// the position limit, and at least twice what it held after the last
    /// compaction, it is compacted to the games the variables hold (the
    /// rest are left over from earlier inputs). So each input has the
    /// budget's positions to itself but for the variables' games.
    fn make_room(&mut self, budget: &Budget) {
        if self.keep_games {
            return;
        }
        let Some(max) = budget.max_positions() else { return };
        let held = self.state.arena.len() as u64;
        if held > max / 2 && held > 2 * self.compacted {
            self.compact();
        }
    }

    /// After an input that ran out of budget or was interrupted, drops what
    /// it built (see [`Session::compact`]).
    fn recover<T>(&mut self, result: &Result<T>) {
        if self.keep_games {
            return;
        }
        if let Err(err) = result
            && matches!(err.kind(), ErrorKind::LimitExceeded | ErrorKind::Cancelled)
        {
            self.compact();
        }
    }

    /// Keeps only the games the variables hold: a fresh arena with them
    /// copied in, and fresh ruleset solvers (their tables are caches).
    fn compact(&mut self) {
        let mut fresh = Arena::new();
        let mut vars = std::mem::take(&mut self.state.vars);
        let old = &self.state.arena;
        // One pass over every variable: a mutable collection shared by
        // several of them is moved once.
        let mut seen = Vec::new();
        let copied = vars
            .values_mut()
            .try_for_each(|v| v.map_games_seen(&mut |g| fresh.import(old, g), &mut seen));
        self.state.vars = vars;
        // The copy cannot run out of budget (the fresh arena has none);
        // should it fail anyway, the session keeps its arena as it is.
        if copied.is_ok() {
            self.state.arena = fresh;
            self.state.solvers = crate::ruleset::Solvers::new();
            self.state.library.forget_instances();
            self.state.user_games = Default::default();
        }
        self.compacted = self.state.arena.len() as u64;
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

    /// Who wins the sum `source` (written as an input: `Domineering("...")
    /// + Clobber("xo|ox") + *2`, statements before it run first) with each
    /// player moving first, by `search`, without the canonical form of any
    /// position in it: ruleset positions are searched (of any rulesets,
    /// subtracted ones negated), every other term is a short game valued
    /// as its canonical form. The terms are evaluated within `budget`;
    /// the search has the limits `search` was given.
    pub fn solve(
        &mut self,
        source: &str,
        budget: &Budget,
        search: &OutcomeSearch,
    ) -> Result<Solved> {
        let result = (|| {
            let expr = parse(source)?;
            self.make_room(budget);
            let budget = &budget.counting_from_now();
            self.state.arena.set_budget(budget.clone());
            self.state.library.new_input();
            let mut ev = Eval::new(&mut self.state, source, budget, &HOOKS);
            sum::solve(&mut ev, &expr, search)
        })();
        self.recover(&result);
        result
    }

    /// Keeps every game the session's arena ever held (`true`) instead of
    /// dropping those left over from earlier inputs: for a caller that holds
    /// game ids across inputs (a library binding whose objects refer to the
    /// arena). The arena then only grows, and an input's position limit
    /// counts every game built before it.
    pub fn set_keep_games(&mut self, keep: bool) {
        self.keep_games = keep;
    }

    /// Says whether the position limit of the budgets passed to
    /// [`Session::run`] was set by the user (`--max-positions`). When it was
    /// not (the default), `MisereNimValue` and `Genus` search at most
    /// [`DEFAULT_MISERE_POSITIONS`](crate::lang::classes::heap::DEFAULT_MISERE_POSITIONS)
    /// and [`DEFAULT_GENUS_POSITIONS`](crate::lang::classes::heap::DEFAULT_GENUS_POSITIONS)
    /// positions, as `onag octal` does, since an unbounded misère search soon
    /// exhausts memory; when it was, the budget's limit alone applies.
    pub fn set_position_limit_given(&mut self, given: bool) {
        self.state.position_limit_given = given;
    }

    /// Lets evaluation use up to `bytes` of the calling thread's stack
    /// (default [`DEFAULT_STACK`](crate::lang::runtime::context::DEFAULT_STACK), 1 MiB):
    /// a recursion deeper than fits is the error "recursion too deep". Give
    /// more only on a thread whose stack is that much larger.
    pub fn set_stack_limit(&mut self, bytes: usize) {
        self.state.stack = bytes;
    }

    /// Says that the next inputs start on line `line` of the user's file or
    /// stream (default 1), so an error inside a function they define names
    /// that line when a later input calls it.
    pub fn set_first_line(&mut self, line: usize) {
        self.state.line_offset = line.saturating_sub(1);
    }

    /// The folders where the classes of CGScript files are found, in order
    /// (see [`library_path`](crate::lang::library_path)). A class file read
    /// before is read again when it changes on disk.
    pub fn set_library_path(&mut self, dirs: Vec<std::path::PathBuf>) {
        self.state.library.set_dirs(dirs);
    }

    /// The folders where the classes of CGScript files are found.
    pub fn library_path(&self) -> &[std::path::PathBuf] {
        self.state.library.dirs()
    }

    /// Whether the budgets' position limit was set by the user.
    pub fn position_limit_given(&self) -> bool {
        self.state.position_limit_given
    }

    /// The value of variable `name`, if assigned.
    pub fn var(&self, name: &str) -> Option<&Value> {
        self.state.vars.get(name)
    }

    /// The session's game arena.
    pub fn arena(&mut self) -> &mut Arena {
        &mut self.state.arena
    }

    /// Renders `value` in CGSuite's plain-text notation. Printing a game can
    /// run into the budget set by the last [`Session::run`].
    pub fn show(&mut self, value: &Value) -> Result<String> {
        let budget = self.state.arena.budget().clone();
        Eval::new(&mut self.state, "", &budget, &HOOKS).show(value)
    }
}

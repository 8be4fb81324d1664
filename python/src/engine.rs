//! The process's games: one calculator session whose arena holds every
//! `onag.Game`, and the ruleset solvers whose tables hold ids of that arena.
//!
//! Invariant: every `GameId` held by a Python object is an id of this
//! session's arena, which only grows, so equal games have equal ids for the
//! life of the process.

use std::sync::{LazyLock, Mutex, MutexGuard};

use onag::Budget;
use onag::game::{Arena, GameId, PartizanOutcome};
use onag::lang::{Session, Value};
use onag::number::Dyadic;
use onag::ruleset::AnyPosition;
use onag::ruleset::any::Solvers;
use onag::ruleset::outcome::OutcomeSearch;
use rustc_hash::FxHashMap;

use crate::limits::DEFAULT_MAX_POSITIONS;

/// The session and solvers behind every `onag.Game`.
#[derive(Default)]
pub struct Engine {
    /// Parses game notation; its arena holds the games.
    pub session: Session,
    /// Tables of the rulesets' solvers, keyed by ids of the session's arena.
    pub solvers: Solvers,
    /// Texts already read and their games. Sound because the session never
    /// holds variables (`Game` refuses assignments), so a text's game
    /// depends on the text alone.
    pub parsed: FxHashMap<String, GameId>,
}

/// How many texts [`Engine::parsed`] remembers before it starts over.
pub const PARSED_CAPACITY: usize = 1 << 16;

static ENGINE: LazyLock<Mutex<Engine>> = LazyLock::new(|| {
    let mut engine = Engine::default();
    // Python objects hold ids of this arena: it must never be compacted.
    engine.session.set_keep_games(true);
    Mutex::new(engine)
});

/// The engine, locked. A computation that failed half-way leaves the arena
/// consistent (it only interns finished games), so a poisoned lock is taken.
pub fn lock() -> MutexGuard<'static, Engine> {
    ENGINE.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The budget of short operations (sums, comparisons, printing): the
/// calculator's default position limit, no deadline.
pub fn quick_budget() -> Budget {
    Budget::unlimited()
        .with_max_positions(DEFAULT_MAX_POSITIONS)
        .naming_limits(crate::limits::NAMES)
}

impl Engine {
    /// The arena, with `budget` installed for the operations that follow.
    pub fn arena(&mut self, budget: &Budget) -> &mut Arena {
        let arena = self.session.arena();
        arena.set_budget(budget.clone());
        arena
    }

    /// Evaluates calculator text to a game of the arena: a game, a number,
    /// or a ruleset position (its canonical form).
    pub fn game(&mut self, text: &str, budget: &Budget) -> onag::Result<GameId> {
        if let Some(&g) = self.parsed.get(text) {
            return Ok(g);
        }
        if let Some(at) = text.find(":=") {
            let column = text[..at].chars().count() + 1;
            return Err(onag::Error::invalid(format!(
                "1:{column}: a game is an expression; assignments belong in a Calculator session"
            )));
        }
        let value = self.session.run(text, budget)?;
        let g = match value {
            Some(value) => self.value_game(value, budget)?,
            None => return Err(onag::Error::invalid(format!("'{text}' has no value"))),
        };
        if self.parsed.len() >= PARSED_CAPACITY {
            self.parsed.clear();
        }
        self.parsed.insert(text.to_owned(), g);
        Ok(g)
    }

    /// The game a calculator value stands for.
    pub fn value_game(&mut self, value: Value, budget: &Budget) -> onag::Result<GameId> {
        match value {
            Value::Game(g) => Ok(g),
            Value::Number(q) => match Dyadic::from_rational(&q.to_big()) {
                Some(d) => self.arena(budget).dyadic(&d),
                None => Err(onag::Error::invalid(format!(
                    "{q} is not a dyadic rational, so not a short game"
                ))),
            },
            Value::Position(p) => self.position_value(p.as_ref(), budget),
            other => Err(onag::Error::invalid(format!("{} is not a game", other.kind_name()))),
        }
    }

    /// The arena and the rulesets' solvers, both with `budget` installed.
    fn ruleset_engine(&mut self, budget: &Budget) -> (&mut Arena, &mut Solvers) {
        self.solvers.set_budget(budget.clone());
        let Engine { session, solvers, .. } = self;
        let arena = session.arena();
        arena.set_budget(budget.clone());
        (arena, solvers)
    }

    /// The canonical form of a ruleset position.
    pub fn position_value(
        &mut self,
        position: &dyn AnyPosition,
        budget: &Budget,
    ) -> onag::Result<GameId> {
        let (arena, solvers) = self.ruleset_engine(budget);
        position.value(arena, solvers)
    }

    /// The outcome class of a ruleset position: from its value when the
    /// solvers know it, else by the outcome search (no canonical form is
    /// built).
    pub fn position_outcome(
        &mut self,
        position: &dyn AnyPosition,
        budget: &Budget,
    ) -> onag::Result<PartizanOutcome> {
        let (arena, solvers) = self.ruleset_engine(budget);
        if let Some(v) = position.known_value(arena, solvers)? {
            return arena.outcome(v);
        }
        let search = OutcomeSearch::new().with_budget(budget.clone());
        Ok(position.solve_outcome(&[position.clone_box()], &search)?.outcome())
    }

    /// The value, outcome and winning moves of a ruleset position.
    pub fn position_analysis(
        &mut self,
        position: &dyn AnyPosition,
        budget: &Budget,
    ) -> onag::Result<onag::ruleset::analysis::Analysis> {
        let (arena, solvers) = self.ruleset_engine(budget);
        onag::ruleset::analysis::analyse(&[position.clone_box()], arena, solvers)
    }
}

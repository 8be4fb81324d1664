//! Who wins a position (or a sum of positions) of any ruleset, and with
//! which first move, by search: for boards whose canonical forms are out of
//! reach.
//!
//! The search walks sums. After each move the region moved in
//! is split into its regions again; a region small enough is replaced by its
//! canonical form (valued once by the ruleset's [`Solver`], a database built
//! as the search meets regions), and the search goes on in the values as in
//! games of their own, so a node whose regions are all small is settled by
//! its value alone. Move bounds settle nodes where one player has more
//! moves that cannot be taken away than the other can make at all, and a
//! transposition table bounded in bytes holds what was proved.
//!
//! The two questions, Left moving first and Right moving first, are two
//! searches with tables of their own, run on two threads when there are
//! two. Each is deterministic, so the answer, the winning moves found and
//! the node counts are the same on any number of threads.
//!
//! [`Solver`]: super::Solver

pub mod domineering;
pub mod mixed;
mod search;
mod sum;
mod values;

use std::sync::atomic::AtomicU64;
use std::time::{Duration, Instant};

use self::search::{Search, Settings, Standing};
use crate::budget::Budget;
use crate::error::{Error, Result};
use crate::game::PartizanOutcome;
use crate::ruleset::position::{PartizanPosition, Player};

/// A move in a sum: the component it is made in and that component after
/// it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move<P> {
    /// Which position of the sum (0-based) the move is made in.
    pub component: usize,
    /// That position after the move.
    pub position: P,
}

/// Who wins with one player moving first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FirstMover<P> {
    /// Whether the player moving first wins.
    pub wins: bool,
    /// A winning first move, when the player wins (the first one found in
    /// the search's order).
    pub winning_move: Option<Move<P>>,
    /// Nodes this question's search visited.
    pub nodes: u64,
}

/// The answer of an outcome search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution<P> {
    /// Left moving first.
    pub left_first: FirstMover<P>,
    /// Right moving first.
    pub right_first: FirstMover<P>,
    /// Wall-clock time of the search.
    pub elapsed: Duration,
}

impl<P> Solution<P> {
    /// The outcome class.
    pub fn outcome(&self) -> PartizanOutcome {
        match (self.left_first.wins, self.right_first.wins) {
            (true, false) => PartizanOutcome::L,
            (false, true) => PartizanOutcome::R,
            (true, true) => PartizanOutcome::N,
            (false, false) => PartizanOutcome::P,
        }
    }

    /// Nodes both searches visited.
    pub fn nodes(&self) -> u64 {
        self.left_first.nodes + self.right_first.nodes
    }

    /// The same answer with each winning move's position mapped by `f`
    /// (to print it, or to hold it as another type).
    pub fn map<Q>(self, mut f: impl FnMut(P) -> Q) -> Solution<Q> {
        let mut first = |m: FirstMover<P>| FirstMover {
            wins: m.wins,
            winning_move: m
                .winning_move
                .map(|m| Move { component: m.component, position: f(m.position) }),
            nodes: m.nodes,
        };
        let left_first = first(self.left_first);
        let right_first = first(self.right_first);
        Solution { left_first, right_first, elapsed: self.elapsed }
    }

    /// The answer for `player` moving first.
    pub fn first(&self, player: Player) -> &FirstMover<P> {
        match player {
            Player::Left => &self.left_first,
            Player::Right => &self.right_first,
        }
    }
}

/// How an outcome search runs: its limits and the sizes it works with.
#[derive(Clone, Debug)]
pub struct OutcomeSearch {
    budget: Budget,
    small: Option<usize>,
    table_bytes: Option<u64>,
    threads: usize,
}

/// The stack of a search thread: the search recurses once per move.
const SEARCH_STACK: usize = 256 << 20;

/// The transposition tables' bytes (both together) when no memory limit is
/// set.
pub const DEFAULT_TABLE_BYTES: u64 = 1 << 30;

impl Default for OutcomeSearch {
    fn default() -> Self {
        OutcomeSearch {
            budget: Budget::unlimited(),
            small: None,
            table_bytes: None,
            threads: rayon::current_num_threads().clamp(1, 2),
        }
    }
}

impl OutcomeSearch {
    /// A search with an unlimited budget, on two threads (one where the
    /// library's thread pool has one).
    pub fn new() -> Self {
        Self::default()
    }

    /// Limits (nodes count as positions), a cancel flag and progress
    /// reports (the nodes visited).
    pub fn with_budget(mut self, budget: Budget) -> Self {
        self.budget = budget;
        self
    }

    /// Regions with at most `moves` options are valued as canonical forms
    /// (0: none is; by default the ruleset's
    /// [`VALUED_REGION_MOVES`](PartizanPosition::VALUED_REGION_MOVES)).
    pub fn with_small_regions(mut self, moves: usize) -> Self {
        self.small = Some(moves);
        self
    }

    /// The transposition tables may hold `bytes` in all (by default half
    /// the memory limit, or [`DEFAULT_TABLE_BYTES`] without one).
    pub fn with_table_bytes(mut self, bytes: u64) -> Self {
        self.table_bytes = Some(bytes);
        self
    }

    /// Run the two questions on at most `threads` threads (1 or 2).
    pub fn with_threads(mut self, threads: usize) -> Self {
        self.threads = threads.clamp(1, 2);
        self
    }

    /// The bytes the transposition tables may hold in all.
    fn table_bytes(&self) -> u64 {
        self.table_bytes
            .unwrap_or_else(|| self.budget.max_memory().map_or(DEFAULT_TABLE_BYTES, |m| m / 2))
    }

    /// Who wins the sum of `positions` with each player moving first, and
    /// a winning first move for each player who has one.
    ///
    /// Domineering boards are searched by [`domineering::solve`], the
    /// search made for them.
    pub fn solve<P: PartizanPosition + 'static>(&self, positions: &[P]) -> Result<Solution<P>> {
        if let Some(solution) = domineering::solve_if_domineering(positions, self)? {
            return Ok(solution);
        }
        self.solve_generally(positions)
    }

    /// [`OutcomeSearch::solve`] by the search for every ruleset, on
    /// Domineering boards too.
    pub fn solve_generally<P: PartizanPosition>(&self, positions: &[P]) -> Result<Solution<P>> {
        let start = Instant::now();
        let settings = Settings {
            small: self.small.unwrap_or(P::VALUED_REGION_MOVES),
            table_bytes: self.table_bytes() / 2,
        };
        let nodes = AtomicU64::new(0);
        let ask = |player| self.first_mover(positions, player, &settings, &nodes);
        let (left_first, right_first) = std::thread::scope(|scope| {
            if self.threads >= 2 {
                let left = spawn(scope, "outcome: Left first", || ask(Player::Left))?;
                let right = spawn(scope, "outcome: Right first", || ask(Player::Right))?;
                let (left, right) = (join(left), join(right));
                Ok::<_, Error>((left?, right?))
            } else {
                let left = join(spawn(scope, "outcome: Left first", || ask(Player::Left))?)?;
                let right = join(spawn(scope, "outcome: Right first", || ask(Player::Right))?)?;
                Ok((left, right))
            }
        })?;
        Ok(Solution { left_first, right_first, elapsed: start.elapsed() })
    }

    /// The search of one question, from the positions as given: each first
    /// move is tried in the search's order until one wins.
    fn first_mover<P: PartizanPosition>(
        &self,
        positions: &[P],
        player: Player,
        settings: &Settings,
        nodes: &AtomicU64,
    ) -> Result<FirstMover<P>> {
        let mut search = Search::new(settings.clone(), self.budget.clone(), nodes);
        let mut moves = Vec::new();
        let mut options = Vec::new();
        for (i, p) in positions.iter().enumerate() {
            options.clear();
            p.options(player, &mut options);
            let before = Standing::of(p, player);
            for o in options.drain(..) {
                let score = before.score(&Standing::of(&o, player));
                let others = positions.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, q)| q);
                let sum = search.sum_of(others.chain(std::iter::once(&o)))?;
                moves.push((score, Move { component: i, position: o }, sum));
            }
        }
        moves.sort_by_key(|(score, _, _)| *score);
        let mut winning_move = None;
        for (_, m, sum) in moves {
            if !search.wins(&sum, player.opponent())? {
                winning_move = Some(m);
                break;
            }
        }
        search.flush();
        Ok(FirstMover { wins: winning_move.is_some(), winning_move, nodes: search.own_nodes() })
    }
}

/// Starts `job` on a thread of its own with a stack for deep searches.
fn spawn<'scope, T: Send + 'scope>(
    scope: &'scope std::thread::Scope<'scope, '_>,
    name: &str,
    job: impl FnOnce() -> Result<T> + Send + 'scope,
) -> Result<std::thread::ScopedJoinHandle<'scope, Result<T>>> {
    std::thread::Builder::new()
        .name(name.into())
        .stack_size(SEARCH_STACK)
        .spawn_scoped(scope, job)
        .map_err(|e| Error::invalid(format!("could not start a search thread: {e}")))
}

/// The result of a search thread.
fn join<T>(handle: std::thread::ScopedJoinHandle<'_, Result<T>>) -> Result<T> {
    handle.join().map_err(|_| Error::invalid("a search thread stopped unexpectedly"))?
}

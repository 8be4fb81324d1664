//! The search: who wins a [`Sum`] with a given player to move.
//!
//! A node is won by the player to move when some move leads to a sum the
//! opponent, moving first there, loses. Before its moves are tried a node
//! is settled, where it can be, by
//!
//! - the exact value, once no region is left to search: the sum of the
//!   values (canonical forms) against 0;
//! - move bounds ([`MoveBounds`]): the player to move wins with more safe
//!   moves than the opponent can make at most, and loses when the
//!   opponent's safe moves cover every move the player can make;
//! - the transposition table, which holds both answers of each sum.
//!
//! Moves are tried in order of a score: in a region, the change the move
//! makes to the opponent's mobility less the change to the mover's (the
//! least first); in a value, after the regions; in the number, last (a
//! number is the worst place to move unless everything else is a number).

use std::sync::atomic::{AtomicU64, Ordering};

use rustc_hash::FxHashMap;

use super::sum::{Region, Sum, split};
use super::values::{ValueBounds, index};
use crate::budget::Budget;
use crate::error::Result;
use crate::game::{Arena, GameId};
use crate::ruleset::position::{PartizanPosition, Player};
use crate::ruleset::solver::Solver;

/// Nodes between two looks at the budget.
const CHECK_EVERY: u64 = 1 << 10;

/// A search's settings.
#[derive(Clone, Debug)]
pub(super) struct Settings {
    /// A region with at most this many options (both players' together) is
    /// replaced by its canonical form.
    pub small: usize,
    /// The most bytes the transposition table may hold; it is emptied when
    /// it would hold more.
    pub table_bytes: u64,
}

/// Answers of one sum: whether the player to move wins, Left and Right.
type Answers = [Option<bool>; 2];

/// One search's tables. Searches on different threads share nothing but
/// the budget and the node count.
pub(super) struct Search<'a, P: PartizanPosition> {
    arena: Arena,
    values: Solver<P>,
    settings: Settings,
    table: FxHashMap<Sum<P>, Answers>,
    /// Bytes the table's entries hold (an estimate kept as they go in).
    table_bytes: u64,
    /// Canonical forms of the small regions met, by normal form (the
    /// solver's table holds them too: this skips its splitting).
    small_values: FxHashMap<P, GameId>,
    /// Move bounds of values.
    value_bounds: ValueBounds,
    /// Nodes of this search not yet added to `nodes`.
    pending: u64,
    /// Nodes this search visited.
    own: u64,
    /// Nodes of every search of one question.
    nodes: &'a AtomicU64,
    budget: Budget,
}

impl<'a, P: PartizanPosition> Search<'a, P> {
    /// A search with empty tables.
    pub fn new(settings: Settings, budget: Budget, nodes: &'a AtomicU64) -> Self {
        Search {
            arena: Arena::new().with_budget(budget.clone()),
            values: Solver::new().with_budget(budget.clone()),
            settings,
            table: FxHashMap::default(),
            table_bytes: 0,
            small_values: FxHashMap::default(),
            value_bounds: ValueBounds::default(),
            pending: 0,
            own: 0,
            nodes,
            budget,
        }
    }

    /// The sum of `positions`.
    pub fn sum_of<'p>(&mut self, positions: impl IntoIterator<Item = &'p P>) -> Result<Sum<P>>
    where
        P: 'p,
    {
        let mut sum = Sum::empty(self.arena.zero());
        let mut regions = Vec::new();
        for p in positions {
            split(p, false, &mut regions);
        }
        for r in regions {
            self.add_region(&mut sum, r)?;
        }
        Ok(sum)
    }

    /// Adds `region` to `sum`: left out if nobody can move in it, as its
    /// canonical form if it is small (or a value already), else as a region
    /// to search.
    fn add_region(&mut self, sum: &mut Sum<P>, region: Region<P>) -> Result<()> {
        let p = &region.position;
        let moves = p.mobility(Player::Left) + p.mobility(Player::Right);
        if moves == 0 {
            return Ok(());
        }
        if moves > self.settings.small && !p.is_value() {
            sum.insert_region(region);
            return Ok(());
        }
        let mut v = match self.small_values.get(p) {
            Some(&v) => v,
            None => {
                let v = self.values.value(&mut self.arena, p)?;
                self.small_values.insert(p.clone(), v);
                v
            }
        };
        if region.negated {
            v = self.arena.neg(v)?;
        }
        self.add_value(sum, v)
    }

    /// Adds the canonical form `v` to `sum`: into its number, or cancelling
    /// a value `−v` already there, or as a value of its own.
    fn add_value(&mut self, sum: &mut Sum<P>, v: GameId) -> Result<()> {
        if v == self.arena.zero() {
            return Ok(());
        }
        if self.arena.is_number(v) {
            sum.number = self.arena.add(sum.number, v)?;
            return Ok(());
        }
        let minus = self.arena.neg(v)?;
        match sum.values.iter().position(|&w| w == minus) {
            Some(i) => {
                sum.remove_value(i);
            }
            None => sum.insert_value(v),
        }
        Ok(())
    }

    /// Counts a node and looks at the budget every [`CHECK_EVERY`] nodes.
    fn tick(&mut self) -> Result<()> {
        self.pending += 1;
        self.own += 1;
        if self.pending < CHECK_EVERY {
            return Ok(());
        }
        let total = self.nodes.fetch_add(self.pending, Ordering::Relaxed) + self.pending;
        self.pending = 0;
        self.budget.check(total)?;
        self.budget.check_memory(self.memory_bytes())?;
        if self.budget.reports_progress() {
            self.budget.progress("nodes searched", total, None);
        }
        Ok(())
    }

    /// Adds the nodes not yet counted to the shared count.
    pub fn flush(&mut self) {
        self.nodes.fetch_add(self.pending, Ordering::Relaxed);
        self.pending = 0;
    }

    /// Nodes this search visited.
    pub fn own_nodes(&self) -> u64 {
        self.own
    }

    /// Bytes of this search's tables.
    fn memory_bytes(&self) -> u64 {
        self.table_bytes
            + (self.small_values.capacity() * (std::mem::size_of::<(P, GameId)>() + 1)) as u64
            + self.values.memory_bytes()
            + self.arena.memory_bytes()
    }

    /// Whether `player`, moving first in `sum`, wins.
    pub fn wins(&mut self, sum: &Sum<P>, player: Player) -> Result<bool> {
        self.tick()?;
        if sum.regions.is_empty() {
            return self.exact(sum, player);
        }
        if let Some(settled) = self.by_bounds(sum, player)? {
            return Ok(settled);
        }
        if let Some(answer) = self.table.get(sum).and_then(|a| a[index(player)]) {
            return Ok(answer);
        }
        let children = self.children(sum, player)?;
        // A child the table already knows the opponent loses settles the node.
        let opponent = index(player.opponent());
        if children.iter().any(|c| self.table.get(c).and_then(|a| a[opponent]) == Some(false)) {
            self.remember(sum, player, true);
            return Ok(true);
        }
        let mut won = false;
        for child in children {
            if !self.wins(&child, player.opponent())? {
                won = true;
                break;
            }
        }
        self.remember(sum, player, won);
        Ok(won)
    }

    /// Records an answer, emptying the table first when it is full.
    fn remember(&mut self, sum: &Sum<P>, player: Player, won: bool) {
        if let Some(answers) = self.table.get_mut(sum) {
            answers[index(player)] = Some(won);
            return;
        }
        let bytes = entry_bytes(sum);
        if self.table_bytes + bytes > self.settings.table_bytes {
            self.table.clear();
            self.table_bytes = 0;
        }
        self.table_bytes += bytes;
        let mut answers = [None; 2];
        answers[index(player)] = Some(won);
        self.table.insert(sum.clone(), answers);
    }

    /// Who wins a sum of values only, from its canonical form.
    fn exact(&mut self, sum: &Sum<P>, player: Player) -> Result<bool> {
        let mut total = sum.number;
        for &v in &sum.values {
            total = self.arena.add(total, v)?;
        }
        let zero = self.arena.zero();
        // Left moving first loses exactly when the sum is ≤ 0.
        Ok(match player {
            Player::Left => !self.arena.leq(total, zero)?,
            Player::Right => !self.arena.leq(zero, total)?,
        })
    }

    /// The answer move bounds give, if they give one.
    fn by_bounds(&mut self, sum: &Sum<P>, player: Player) -> Result<Option<bool>> {
        let mut safe = [0u64; 2];
        let mut most = [0u64; 2];
        for r in &sum.regions {
            for p in Player::BOTH {
                let Some(b) = r.position.move_bounds(r.mover(p)) else { return Ok(None) };
                safe[index(p)] += u64::from(b.safe);
                most[index(p)] += u64::from(b.most);
            }
        }
        for v in sum.values.iter().copied().chain([sum.number]) {
            let b = self.value_bounds.of(&mut self.arena, v)?;
            for p in Player::BOTH {
                safe[index(p)] += u64::from(b[index(p)].safe);
                most[index(p)] += u64::from(b[index(p)].most);
            }
        }
        let (me, them) = (index(player), index(player.opponent()));
        if safe[me] > most[them] {
            return Ok(Some(true));
        }
        if safe[them] >= most[me] {
            return Ok(Some(false));
        }
        Ok(None)
    }

    /// The sums `player` can move to, best first.
    pub fn children(&mut self, sum: &Sum<P>, player: Player) -> Result<Vec<Sum<P>>> {
        let mut scored: Vec<(i64, Sum<P>)> = Vec::new();
        let mut options = Vec::new();
        let mut parts = Vec::new();
        for (i, r) in sum.regions.iter().enumerate() {
            let mover = r.mover(player);
            let before = Standing::of(&r.position, mover);
            options.clear();
            r.position.options(mover, &mut options);
            let mut rest = sum.clone();
            rest.regions.remove(i);
            for o in &options {
                let score = before.score(&Standing::of(o, mover));
                let mut child = rest.clone();
                parts.clear();
                split(o, r.negated, &mut parts);
                for part in parts.drain(..) {
                    self.add_region(&mut child, part)?;
                }
                scored.push((score, child));
            }
        }
        for (i, &v) in sum.values.iter().enumerate() {
            if i > 0 && sum.values[i - 1] == v {
                continue;
            }
            let moves = match player {
                Player::Left => self.arena.left_options(v)?,
                Player::Right => self.arena.right_options(v)?,
            };
            for o in moves {
                let mut child = sum.clone();
                child.remove_value(i);
                self.add_value(&mut child, o)?;
                scored.push((i64::MAX - 1, child));
            }
        }
        let moves = match player {
            Player::Left => self.arena.left_options(sum.number)?,
            Player::Right => self.arena.right_options(sum.number)?,
        };
        for o in moves {
            let mut child = sum.clone();
            child.number = o;
            scored.push((i64::MAX, child));
        }
        scored.sort_by_key(|(score, _)| *score);
        Ok(scored.into_iter().map(|(_, s)| s).collect())
    }
}

/// What a safe move counts for in [`Standing::score`], against one option.
/// Measured on Domineering 6×7: 0 takes 498 k nodes, 1 or 2 about 265 k,
/// more no fewer (and counting the most moves as well changes under 1%).
const SAFE_WEIGHT: i64 = 2;

/// What a move is scored by, for the mover and the opponent: their options
/// and (where the ruleset counts them) their safe moves.
#[derive(Clone, Copy)]
pub(super) struct Standing {
    mover: i64,
    opponent: i64,
    safe: Option<(i64, i64)>,
}

impl Standing {
    /// `position` as `mover` sees it.
    pub fn of<P: PartizanPosition>(position: &P, mover: Player) -> Self {
        let them = mover.opponent();
        let safe = match (position.move_bounds(mover), position.move_bounds(them)) {
            (Some(m), Some(o)) => Some((i64::from(m.safe), i64::from(o.safe))),
            _ => None,
        };
        Standing {
            mover: position.mobility(mover) as i64,
            opponent: position.mobility(them) as i64,
            safe,
        }
    }

    /// How good the move from `self` to `after` looks for the mover (less
    /// is better): the change it makes to the opponent's options less the
    /// change to the mover's, and the same of safe moves, weighted.
    pub fn score(&self, after: &Standing) -> i64 {
        let mut score = (after.opponent - self.opponent) - (after.mover - self.mover);
        if let (Some((m0, o0)), Some((m1, o1))) = (self.safe, after.safe) {
            score += SAFE_WEIGHT * ((o1 - o0) - (m1 - m0));
        }
        score
    }
}

/// An estimate of the bytes a table entry for `sum` holds.
fn entry_bytes<P: PartizanPosition>(sum: &Sum<P>) -> u64 {
    let slot = std::mem::size_of::<(Sum<P>, Answers)>() + 8;
    let regions = sum.regions.capacity() * std::mem::size_of::<Region<P>>();
    let values = sum.values.capacity() * std::mem::size_of::<GameId>();
    let heap: usize = sum.regions.iter().map(|r| r.position.heap_bytes()).sum();
    (slot + regions + values + heap) as u64
}

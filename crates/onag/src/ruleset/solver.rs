//! The engine every ruleset shares: canonical forms and nim values of
//! positions given through [`PartizanPosition`].
//!
//! A position is split into [`regions`](PartizanPosition::regions), each
//! region is mapped to its symmetry class's representative
//! ([`normalize`](PartizanPosition::normalize)), and each representative is
//! valued once into a transposition table. A region's value is built from its
//! options: every option is again split and normalised, so an option's value
//! is a sum of table entries (negated where the normal form is a negative),
//! and the region's canonical form is [`Arena::from_options`] of those sums.
//!
//! The search is a depth-first walk on an explicit stack of frames (no
//! recursion on game depth). A frame holds the normalised regions of all its
//! options, flat, and the index of the next one to look up; a region not yet
//! in the table is marked in progress and gets a frame of its own. Finding a
//! region in progress means a position is reachable from itself, which a short
//! game cannot be: that is an [`ErrorKind::Cycle`] error.
//!
//! The table's values are ids of one [`Arena`]: a solver must always be used
//! with the arena it first valued into. Its size counts against the
//! budget's position limit, and its bytes plus the arena's against the memory
//! limit; the budget is checked every [`CHECK_EVERY`] new regions.
//!
//! The table maps a region to an index; the canonical forms are built by a
//! [`Finisher`] in the order regions are finished, on a second thread once a
//! search is large: one thread generates and normalises regions while the
//! other adds and compares games. A position made of two or more regions not
//! yet in the table has them valued in parallel, each in a solver and arena
//! of its own (regions are independent, so nothing is shared but the
//! budget), and the values are copied into the caller's arena. Canonical
//! forms are unique, so the answer is the same on any number of threads.
//!
//! Impartial rulesets ([`IMPARTIAL`](PartizanPosition::IMPARTIAL)) generate
//! options once for both players, and [`Solver::nim_value`] values them by
//! Sprague–Grundy (the nim-sum of the regions' values, the mex over options)
//! in a table of its own, without building canonical forms, and
//! [`Solver::misere_form`] gives their misère canonical forms the same way
//! (regions valued once, added in an arena of misère forms).

use std::cell::RefCell;

use rayon::prelude::*;

use super::finisher::{Finisher, SPLIT_AFTER, Shared, region_index};
use super::position::{PartizanPosition, Player};
use super::table::RegionTable;
use crate::budget::Budget;
use crate::error::{Error, ErrorKind, Result};
use crate::game::{Arena, GameId};
use crate::impartial::mex;
use crate::impartial::misere::{FormId, MisereForms};

/// New table entries between two budget checks.
const CHECK_EVERY: usize = 1 << 12;

/// Terms of newly expanded frames between two budget checks.
const CHECK_TERMS: usize = 1 << 16;

/// Equal terms from this many on are added as one Norton multiple (fewer
/// are faster added one by one through the arena's sum memo).
const DOUBLE_FROM: usize = 8;

/// One normalised region of an option: the representative and whether the
/// option holds its negative.
type Term<P> = (P, bool);

/// A region being valued: the regions of all its options, flat, and the
/// values of those looked up so far.
struct Frame<P, V> {
    key: P,
    terms: Vec<Term<P>>,
    /// `values[i]` is the table's value of `terms[i]`, for `i < next`.
    values: Vec<V>,
    /// `ends[i]` is where option i's terms end; Left's options come first.
    ends: Vec<u32>,
    left_count: usize,
    next: usize,
}

/// The reusable buffers of option generation.
struct Expander<P, V> {
    spare: Vec<Frame<P, V>>,
    scratch: Vec<P>,
    regions: Vec<P>,
}

impl<P: PartizanPosition, V> Expander<P, V> {
    /// The frame of a region: its options' normalised regions.
    fn expand(&mut self, key: P) -> Frame<P, V> {
        let mut frame = self.spare.pop().unwrap_or_else(|| Frame {
            key: key.clone(),
            terms: Vec::new(),
            values: Vec::new(),
            ends: Vec::new(),
            left_count: 0,
            next: 0,
        });
        frame.key = key;
        frame.terms.clear();
        frame.values.clear();
        frame.ends.clear();
        frame.next = 0;
        let players: &[Player] = if P::IMPARTIAL { &[Player::Left] } else { &Player::BOTH };
        for &player in players {
            self.scratch.clear();
            frame.key.options(player, &mut self.scratch);
            for option in &self.scratch {
                self.regions.clear();
                option.regions(&mut self.regions);
                for region in &self.regions {
                    frame.terms.push(region.normalize());
                }
                frame.ends.push(frame.terms.len() as u32);
            }
            if player == Player::Left {
                frame.left_count = frame.ends.len();
            }
        }
        frame
    }
}

/// A transposition table: a value per normalised region, `None` while the
/// region is being valued.
type Table<P, V> = RegionTable<P, V>;

/// Values `root` and every region below it into `table`, depth first on an
/// explicit stack. `finish` values a frame whose terms are all in the table;
/// `check` is called with the table and the bytes of the stack's frames
/// every [`CHECK_EVERY`] new regions, whenever the frames expanded since the
/// last check hold [`CHECK_TERMS`] terms (a ruleset whose regions have
/// thousands of options fills memory on the stack long before the table),
/// and at once when the table passes `max_regions`.
///
/// When it stops on an error (a limit, a cycle) the regions it left in
/// progress are removed, so the table holds values only and a later search
/// (with a larger limit) starts afresh instead of meeting them as a cycle.
fn search<P: PartizanPosition, V: Copy>(
    table: &mut Table<P, V>,
    expander: &mut Expander<P, V>,
    root: P,
    finish: impl FnMut(&Frame<P, V>) -> Result<V>,
    check: impl FnMut(&Table<P, V>, u64) -> Result<()>,
    max_regions: Option<u64>,
) -> Result<()> {
    let result = search_from(table, expander, root, finish, check, max_regions);
    if result.is_err() {
        table.retain_valued();
    }
    result
}

/// [`search`], leaving regions in progress in the table when it fails.
fn search_from<P: PartizanPosition, V: Copy>(
    table: &mut Table<P, V>,
    expander: &mut Expander<P, V>,
    root: P,
    mut finish: impl FnMut(&Frame<P, V>) -> Result<V>,
    mut check: impl FnMut(&Table<P, V>, u64) -> Result<()>,
    max_regions: Option<u64>,
) -> Result<()> {
    if matches!(table.get(&root), Some(Some(_))) {
        return Ok(());
    }
    table.insert(root.clone(), None);
    let mut stack = vec![expander.expand(root)];
    let mut since_check = 0;
    let mut terms_since_check = 0;
    let mut stack_terms = stack[0].terms.len();
    let limit = max_regions.unwrap_or(u64::MAX) as usize;
    while let Some(top) = stack.last_mut() {
        let mut pending = None;
        while top.next < top.terms.len() {
            let key = &top.terms[top.next].0;
            match table.get(key) {
                Some(&Some(v)) => {
                    top.values.push(v);
                    top.next += 1;
                }
                Some(None) => return Err(cycle_error()),
                None => {
                    pending = Some(key.clone());
                    break;
                }
            }
        }
        if let Some(key) = pending {
            table.insert(key.clone(), None);
            let frame = expander.expand(key);
            since_check += 1;
            terms_since_check += frame.terms.len();
            stack_terms += frame.terms.len();
            stack.push(frame);
            if since_check >= CHECK_EVERY || terms_since_check >= CHECK_TERMS || table.len() > limit
            {
                since_check = 0;
                terms_since_check = 0;
                check(table, (stack_terms * std::mem::size_of::<Term<P>>()) as u64)?;
            }
            continue;
        }
        let Some(frame) = stack.pop() else { break };
        stack_terms -= frame.terms.len();
        let value = finish(&frame)?;
        table.insert(frame.key.clone(), Some(value));
        expander.spare.push(frame);
    }
    Ok(())
}

/// Values positions of one ruleset, keeping every region it has valued.
pub struct Solver<P: PartizanPosition> {
    /// The index of each valued region's canonical form in `ids`.
    values: Table<P, u32>,
    /// Canonical forms of regions, by index (see [`Finisher`]).
    ids: Vec<GameId>,
    nim_values: Table<P, u32>,
    /// Misère canonical forms of regions, ids of `misere`.
    misere_values: Table<P, FormId>,
    misere: MisereForms,
    budget: Budget,
    expander: Expander<P, u32>,
    nim_expander: Expander<P, u32>,
    misere_expander: Expander<P, FormId>,
    /// Regions a search values on its own thread before a second thread
    /// builds the canonical forms ([`SPLIT_AFTER`]; lowered in tests).
    split_after: u32,
}

impl<P: PartizanPosition> Default for Solver<P> {
    fn default() -> Self {
        Solver {
            values: RegionTable::default(),
            ids: Vec::new(),
            nim_values: RegionTable::default(),
            misere_values: RegionTable::default(),
            misere: MisereForms::new(),
            budget: Budget::unlimited(),
            expander: Expander { spare: Vec::new(), scratch: Vec::new(), regions: Vec::new() },
            nim_expander: Expander { spare: Vec::new(), scratch: Vec::new(), regions: Vec::new() },
            misere_expander: Expander {
                spare: Vec::new(),
                scratch: Vec::new(),
                regions: Vec::new(),
            },
            split_after: SPLIT_AFTER,
        }
    }
}

impl<P: PartizanPosition> std::fmt::Debug for Solver<P> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Solver")
            .field("regions", &self.values.len())
            .field("nim_regions", &self.nim_values.len())
            .finish()
    }
}

impl<P: PartizanPosition> Solver<P> {
    /// A solver with empty tables and an unlimited budget.
    pub fn new() -> Self {
        Self::default()
    }

    /// The same solver with `budget` for its later searches.
    pub fn with_budget(mut self, budget: Budget) -> Self {
        self.budget = budget;
        self
    }

    /// Installs `budget` for later searches.
    pub fn set_budget(&mut self, budget: Budget) {
        self.budget = budget;
    }

    /// How many regions have a canonical form in the table.
    pub fn known(&self) -> usize {
        self.values.len()
    }

    /// How many regions have a nim value in the table.
    pub fn known_nim_values(&self) -> usize {
        self.nim_values.len()
    }

    /// An estimate of the bytes the solver's tables hold.
    pub fn memory_bytes(&self) -> u64 {
        self.values.bytes()
            + (self.ids.capacity() * std::mem::size_of::<GameId>()) as u64
            + self.nim_values.bytes()
            + self.misere_values.bytes()
            + self.misere.bytes()
    }

    /// The canonical form of `position` in `arena` (for an impartial game,
    /// the nimber of its nim value).
    pub fn value(&mut self, arena: &mut Arena, position: &P) -> Result<GameId> {
        if P::IMPARTIAL {
            let n = self.nim_value(position)?;
            return arena.nimber(n);
        }
        let mut regions = Vec::new();
        position.regions(&mut regions);
        let terms: Vec<Term<P>> = regions.iter().map(PartizanPosition::normalize).collect();
        self.value_in_parallel(arena, &terms)?;
        let mut values = Vec::with_capacity(terms.len());
        let mut negated = Vec::with_capacity(terms.len());
        for (key, flag) in terms {
            self.value_region(arena, key.clone())?;
            values.push(self.id_of(&key)?);
            negated.push(flag);
        }
        sum_values(arena, &values, &negated)
    }

    /// The canonical form of `position` when every region of it is in the
    /// table already (valued before), without valuing anything; `None`
    /// otherwise. For an impartial game, the nimber of its nim value.
    pub fn known_value(&self, arena: &mut Arena, position: &P) -> Result<Option<GameId>> {
        let mut regions = Vec::new();
        position.regions(&mut regions);
        if P::IMPARTIAL {
            let mut n = 0u64;
            for r in &regions {
                match self.nim_values.get(&r.normalize().0) {
                    Some(&Some(v)) => n ^= u64::from(v),
                    _ => return Ok(None),
                }
            }
            return arena.nimber(n).map(Some);
        }
        let mut values = Vec::with_capacity(regions.len());
        let mut negated = Vec::with_capacity(regions.len());
        for r in &regions {
            let (key, flag) = r.normalize();
            match self.values.get(&key) {
                Some(&Some(i)) => values.push(self.ids[i as usize]),
                _ => return Ok(None),
            }
            negated.push(flag);
        }
        sum_values(arena, &values, &negated).map(Some)
    }

    /// Records `value` (an id of the arena this solver values into) as the
    /// canonical form of the normalised region `key`, whose options the
    /// solver then never asks for: a region whose value its caller knows (a
    /// game a user's ruleset gives by its value). A region already valued
    /// keeps its value.
    pub fn insert_value(&mut self, key: P, value: GameId) -> Result<()> {
        if matches!(self.values.get(&key), Some(Some(_))) {
            return Ok(());
        }
        let index = region_index(self.ids.len())?;
        self.values.insert(key, Some(index));
        self.ids.push(value);
        Ok(())
    }

    /// Records `value` as the nim value of the normalised region `key` of
    /// an impartial game (see [`Solver::insert_value`]).
    pub fn insert_nim_value(&mut self, key: P, value: u64) -> Result<()> {
        let value = u32::try_from(value)
            .map_err(|_| Error::new(ErrorKind::Overflow, "a nim value above 2^32 - 1"))?;
        if !matches!(self.nim_values.get(&key), Some(Some(_))) {
            self.nim_values.insert(key, Some(value));
        }
        Ok(())
    }

    /// The canonical forms of the options of `position` for `player`, in the
    /// order the ruleset lists them, each with the position it is the value of.
    pub fn option_values(
        &mut self,
        arena: &mut Arena,
        position: &P,
        player: Player,
    ) -> Result<Vec<(P, GameId)>> {
        let mut options = Vec::new();
        position.options(player, &mut options);
        let mut valued = Vec::with_capacity(options.len());
        for option in options {
            let v = self.value(arena, &option)?;
            valued.push((option, v));
        }
        Ok(valued)
    }

    /// Values the regions of `terms` that are not in the table yet, when
    /// there are two or more of them, each in a solver and arena of its own on
    /// the thread pool; their values are then copied into `arena`. Each
    /// worker gets an equal share of the memory limit.
    fn value_in_parallel(&mut self, arena: &mut Arena, terms: &[Term<P>]) -> Result<()> {
        let mut missing: Vec<&P> = Vec::new();
        for (key, _) in terms {
            if !matches!(self.values.get(key), Some(Some(_))) && !missing.contains(&key) {
                missing.push(key);
            }
        }
        if missing.len() < 2 || rayon::current_num_threads() < 2 {
            return Ok(());
        }
        let mut budget = self.budget.clone();
        if let Some(max) = budget.max_memory() {
            budget = budget.with_max_memory(max / missing.len() as u64);
        }
        let solved: Vec<Result<(Arena, GameId)>> = missing
            .par_iter()
            .map(|&key| {
                let mut worker = Arena::new().with_budget(budget.clone());
                let mut solver = Solver::new().with_budget(budget.clone());
                solver.value_region(&mut worker, key.clone())?;
                let v = solver.id_of(key)?;
                Ok((worker, v))
            })
            .collect();
        for (key, result) in missing.into_iter().zip(solved) {
            let (worker, v) = result?;
            let id = arena.import(&worker, v)?;
            let index = region_index(self.ids.len())?;
            self.values.insert(key.clone(), Some(index));
            self.ids.push(id);
        }
        Ok(())
    }

    /// The canonical form of a valued region.
    fn id_of(&self, key: &P) -> Result<GameId> {
        match self.values.get(key) {
            Some(&Some(i)) => Ok(self.ids[i as usize]),
            _ => Err(Error::invalid("a region was not valued")),
        }
    }

    /// Values a normalised region and every region below it, the canonical
    /// forms built by a [`Finisher`] (on a second thread once the search is
    /// large).
    fn value_region(&mut self, arena: &mut Arena, root: P) -> Result<()> {
        if matches!(self.values.get(&root), Some(Some(_))) {
            return Ok(());
        }
        let budget = &self.budget;
        let nim_bytes = self.nim_values.bytes();
        let split_after = self.split_after;
        let expander = &mut self.expander;
        // Until the search has succeeded, the guard drops the regions in
        // progress and those whose value was queued but not built, on an
        // error and on a panic alike: the table holds values only.
        let mut guard = ValuedOnly { table: &mut self.values, ids: &mut self.ids, done: false };
        let (table, ids) = (&mut *guard.table, &mut *guard.ids);
        let shared = Shared::default();
        let result = std::thread::scope(|scope| {
            let finisher = RefCell::new(Finisher::new(scope, arena, ids, &shared, split_after));
            let searched = search_from(
                table,
                expander,
                root,
                |frame| {
                    let terms = frame.values.iter().zip(&frame.terms).map(|(&i, t)| (i, t.1));
                    finisher.borrow_mut().finish(terms, &frame.ends, frame.left_count)
                },
                |table, stack_bytes| {
                    let ids_bytes = table.len() * std::mem::size_of::<GameId>();
                    let bytes = table.bytes()
                        + nim_bytes
                        + stack_bytes
                        + ids_bytes as u64
                        + finisher.borrow().bytes();
                    check(budget, table.len(), bytes, table.growth_bytes())
                },
                budget.max_positions(),
            );
            finisher.into_inner().close(searched)
        });
        guard.done = result.is_ok();
        result
    }

    /// The nim value of an impartial `position` (Sprague–Grundy: regions
    /// add by nim-sum, a region is the mex of its options). Only Left's
    /// options are generated; for a game that is not impartial this is an
    /// error.
    pub fn nim_value(&mut self, position: &P) -> Result<u64> {
        if !P::IMPARTIAL {
            return Err(Error::invalid("nim values are defined for impartial games only"));
        }
        let mut regions = Vec::new();
        position.regions(&mut regions);
        let mut total = 0u64;
        for region in regions {
            let (key, _) = region.normalize();
            let budget = &self.budget;
            let value_bytes = self.values.bytes();
            search(
                &mut self.nim_values,
                &mut self.nim_expander,
                key.clone(),
                nim_finish,
                |table, stack_bytes| {
                    let bytes = table.bytes() + value_bytes + stack_bytes;
                    check(budget, table.len(), bytes, table.growth_bytes())
                },
                budget.max_positions(),
            )?;
            match self.nim_values.get(&key) {
                Some(&Some(v)) => total ^= v as u64,
                _ => return Err(Error::invalid("a region was not valued")),
            }
        }
        Ok(total)
    }
}

impl<P: PartizanPosition> Solver<P> {
    /// The misère canonical form of an impartial `position`, in the
    /// solver's arena of forms ([`Solver::misere_forms`]). Regions are
    /// valued once each and added: misère canonical forms add like the
    /// games they stand for. For a game that is not impartial this is an
    /// error.
    pub fn misere_form(&mut self, position: &P) -> Result<FormId> {
        if !P::IMPARTIAL {
            return Err(Error::invalid("misère forms are defined for impartial games only"));
        }
        let mut regions = Vec::new();
        position.regions(&mut regions);
        let mut total: FormId = 0;
        for region in regions {
            // An impartial game is its own negative: the flag is ignored.
            let (key, _) = region.normalize();
            let budget = &self.budget;
            let forms = &mut self.misere;
            let other_bytes = self.values.bytes() + self.nim_values.bytes();
            search(
                &mut self.misere_values,
                &mut self.misere_expander,
                key.clone(),
                |frame| misere_finish(forms, frame, budget),
                |table, stack_bytes| {
                    let bytes = table.bytes() + other_bytes + stack_bytes;
                    check(budget, table.len(), bytes, table.growth_bytes())
                },
                budget.max_positions(),
            )?;
            let value = match self.misere_values.get(&key) {
                Some(&Some(v)) => v,
                _ => return Err(Error::invalid("a region was not valued")),
            };
            total = self.misere.add(total, value, &self.budget)?;
        }
        Ok(total)
    }

    /// The arena of the forms [`Solver::misere_form`] returns.
    pub fn misere_forms(&self) -> &MisereForms {
        &self.misere
    }
}

/// Keeps a region table to regions with a built value when it is dropped
/// before `done` is set (a search stopped by an error or a panic).
struct ValuedOnly<'a, P: PartizanPosition> {
    table: &'a mut Table<P, u32>,
    ids: &'a mut Vec<GameId>,
    done: bool,
}

impl<P: PartizanPosition> Drop for ValuedOnly<'_, P> {
    fn drop(&mut self) {
        if !self.done {
            let valued = self.ids.len();
            self.table.retain(|v| matches!(v, Some(i) if (*i as usize) < valued));
        }
    }
}

/// The misère canonical form of a frame whose terms are all valued: the
/// simplest game whose options are the sums of each option's regions.
fn misere_finish<P: PartizanPosition>(
    forms: &mut MisereForms,
    frame: &Frame<P, FormId>,
    budget: &Budget,
) -> Result<FormId> {
    let mut start = 0;
    let mut options = Vec::with_capacity(frame.ends.len());
    for &end in &frame.ends {
        let end = end as usize;
        let mut sum: FormId = 0;
        for &v in &frame.values[start..end] {
            sum = forms.add(sum, v, budget)?;
        }
        options.push(sum);
        start = end;
    }
    budget.check_memory(forms.bytes())?;
    Ok(forms.from_options(options))
}

/// The sum of values, each negated where flagged.
///
/// - Ids are added in increasing order, so equal multisets share the arena's
///   sum memo, and `k ≥` [`DOUBLE_FROM`] copies of one id are added as `k.G`
///   by doubling (a Maundy Cake cut into a thousand equal pieces is ten
///   additions, not a thousand).
/// - A sum and its negative are computed once: the terms are added with the
///   signs that make most of them positive (on a tie, the one that makes the
///   least id positive), and the total is negated back if that flipped them.
///   So the options of a ruleset whose colour swap negates (Right's moves
///   mirror Left's) reuse every sum Left's options needed.
pub(super) fn sum_values(arena: &mut Arena, values: &[GameId], negated: &[bool]) -> Result<GameId> {
    let mut ids = Vec::with_capacity(values.len());
    let flip = sum_terms(arena, values, negated, &mut ids)?;
    add_terms(arena, &ids, flip)
}

/// The first half of [`sum_values`]: appends to `ids` the terms to add, in
/// increasing order, and tells whether their total is to be negated.
pub(super) fn sum_terms(
    arena: &mut Arena,
    values: &[GameId],
    negated: &[bool],
    ids: &mut Vec<GameId>,
) -> Result<bool> {
    // Most options are one region: its value, or its negative.
    if let ([v], [n]) = (values, negated) {
        ids.push(if *n { arena.neg(*v)? } else { *v });
        return Ok(false);
    }
    let start = ids.len();
    let negatives = negated.iter().filter(|&&n| n).count();
    // The least id decides a tie: the sign it has among the sorted terms.
    let least_negated =
        values.iter().zip(negated).min_by_key(|&(&v, &n)| (v, n)).is_some_and(|(_, &n)| n);
    let flip = 2 * negatives > values.len() || (2 * negatives == values.len() && least_negated);
    for (&v, &n) in values.iter().zip(negated) {
        ids.push(if n != flip { arena.neg(v)? } else { v });
    }
    ids[start..].sort_unstable();
    Ok(flip)
}

/// The second half of [`sum_values`]: the total of `ids` (sorted), negated
/// when `flip`.
pub(super) fn add_terms(arena: &mut Arena, ids: &[GameId], flip: bool) -> Result<GameId> {
    let mut sum = match ids {
        [] => arena.zero(),
        [v] => *v,
        _ => {
            let mut sum = arena.zero();
            for run in ids.chunk_by(|a, b| a == b) {
                if run.len() < DOUBLE_FROM {
                    for &id in run {
                        sum = arena.add(sum, id)?;
                    }
                } else {
                    let copies =
                        arena.norton_multiply(run[0], &num_bigint::BigInt::from(run.len()))?;
                    sum = arena.add(sum, copies)?;
                }
            }
            sum
        }
    };
    if flip {
        sum = arena.neg(sum)?;
    }
    Ok(sum)
}

/// The nim value of a frame whose terms are all valued: the mex over options
/// of the nim-sum of their regions.
fn nim_finish<P: PartizanPosition>(frame: &Frame<P, u32>) -> Result<u32> {
    let mut start = 0;
    let mut option_values = Vec::with_capacity(frame.ends.len());
    for &end in &frame.ends {
        let end = end as usize;
        let x = frame.values[start..end].iter().fold(0u64, |x, &v| x ^ v as u64);
        option_values.push(x);
        start = end;
    }
    u32::try_from(mex(option_values))
        .map_err(|_| Error::new(ErrorKind::Overflow, "a nim value past 2^32"))
}

/// Checks the budget: regions valued, bytes of tables, the memory the
/// table's next doubling takes (`growth`), time; reports progress.
fn check(budget: &Budget, regions: usize, bytes: u64, growth: u64) -> Result<()> {
    budget.check(regions as u64)?;
    budget.check_memory(bytes)?;
    if growth > 0 {
        budget.reserve(growth)?;
    }
    budget.progress("valuing regions", regions as u64, None);
    Ok(())
}

fn cycle_error() -> Error {
    Error::new(ErrorKind::Cycle, "a position is reachable from itself: the game must end")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ruleset::grid::Domineering;

    /// Boards valued one after another by one solver: rooms, a corridor, a
    /// full rectangle, and one whose regions the earlier ones already hold.
    const BOARDS: [&str; 5] = [
        "....|....|....",
        "#...|....|...#|.#..",
        ".....|..#..|.....|.....",
        "....#....|....#....",
        "....|....|....|....",
    ];

    /// Each board's value and id, valued on `threads` threads with a second
    /// thread taking over after `split_after` regions of each search.
    fn values(threads: usize, split_after: u32) -> Vec<(String, GameId)> {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
        pool.install(|| {
            let mut arena = Arena::new();
            let mut solver = Solver::<Domineering>::new();
            solver.split_after = split_after;
            BOARDS
                .iter()
                .map(|b| {
                    let v = solver.value(&mut arena, &Domineering::parse(b).unwrap()).unwrap();
                    (arena.print(v).unwrap(), v)
                })
                .collect()
        })
    }

    #[test]
    fn a_second_thread_builds_the_same_arena_as_one() {
        let one = values(1, 1);
        for split_after in [1, 2, 7, 100] {
            assert_eq!(values(2, split_after), one, "split after {split_after}");
        }
    }

    #[test]
    fn a_limit_met_after_the_split_leaves_the_solver_usable() {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
        pool.install(|| {
            let board = Domineering::parse(".....|.....|.....|.....").unwrap();
            let mut arena = Arena::new();
            let mut solver = Solver::new().with_budget(Budget::unlimited().with_max_positions(600));
            solver.split_after = 50;
            let err = solver.value(&mut arena, &board).unwrap_err();
            assert_eq!(err.kind(), ErrorKind::LimitExceeded, "{err}");
            assert!(solver.values.len() <= solver.ids.len(), "only valued regions are kept");
            solver.set_budget(Budget::unlimited());
            let again = solver.value(&mut arena, &board).unwrap();
            let fresh = Solver::new().value(&mut arena, &board).unwrap();
            assert_eq!(again, fresh);
        });
    }

    #[test]
    fn a_search_on_two_threads_is_measured_with_its_queued_batches() {
        // The memory check counts the batches on their way to the second
        // thread: a miscount (one batch subtracted twice) would wrap and
        // fail a generous limit.
        let pool = rayon::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
        pool.install(|| {
            let board = Domineering::parse(".....|.....|.....|.....|.....").unwrap();
            let mut arena = Arena::new();
            let budget = Budget::unlimited().with_max_memory(1 << 30);
            let mut solver = Solver::new().with_budget(budget);
            solver.split_after = 1;
            let v = solver.value(&mut arena, &board).unwrap();
            assert_eq!(v, Solver::new().value(&mut arena, &board).unwrap());
        });
    }

    /// While set, [`Fragile`] counts the positions it expands and panics on
    /// the 300th.
    static FRAGILE: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);
    static EXPANDED: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

    /// Domineering whose move generation panics once a search has gone some
    /// way while [`FRAGILE`] is set: a ruleset with a bug.
    #[derive(Clone, PartialEq, Eq, Hash, Debug)]
    struct Fragile(Domineering);

    impl PartizanPosition for Fragile {
        fn options(&self, player: Player, out: &mut Vec<Self>) {
            use std::sync::atomic::Ordering::Relaxed;
            if FRAGILE.load(Relaxed)
                && player == Player::Left
                && EXPANDED.fetch_add(1, Relaxed) == 300
            {
                panic!("a ruleset with a bug");
            }
            let mut options = Vec::new();
            self.0.options(player, &mut options);
            out.extend(options.into_iter().map(Fragile));
        }

        fn regions(&self, out: &mut Vec<Self>) {
            let mut regions = Vec::new();
            self.0.regions(&mut regions);
            out.extend(regions.into_iter().map(Fragile));
        }

        fn normalize(&self) -> (Self, bool) {
            let (p, negated) = self.0.normalize();
            (Fragile(p), negated)
        }
    }

    #[test]
    fn a_panic_after_the_split_leaves_only_built_values_in_the_table() {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
        pool.install(|| {
            let board = Fragile(Domineering::parse(".....|.....|.....|.....").unwrap());
            let mut arena = Arena::new();
            let mut solver = Solver::<Fragile>::new();
            solver.split_after = 10;
            FRAGILE.store(true, std::sync::atomic::Ordering::Relaxed);
            let panicked = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                solver.value(&mut arena, &board)
            }));
            FRAGILE.store(false, std::sync::atomic::Ordering::Relaxed);
            assert!(panicked.is_err());
            assert!(solver.known() > 0 && solver.known() <= solver.ids.len());
            let again = solver.value(&mut arena, &board).unwrap();
            let fresh = Solver::new().value(&mut arena, &board).unwrap();
            assert_eq!(again, fresh);
        });
    }

    #[test]
    fn an_error_on_the_second_thread_is_reported_and_leaves_the_solver_usable() {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(2).build().unwrap();
        pool.install(|| {
            let board = Domineering::parse(".....|.....|.....|.....").unwrap();
            // The arena's own limit stops the thread that builds forms.
            let mut arena = Arena::new().with_budget(Budget::unlimited().with_max_positions(300));
            let mut solver = Solver::new();
            solver.split_after = 20;
            let err = solver.value(&mut arena, &board).unwrap_err();
            assert_eq!(err.kind(), ErrorKind::LimitExceeded, "{err}");
            arena.set_budget(Budget::unlimited());
            let again = solver.value(&mut arena, &board).unwrap();
            let fresh = Solver::new().value(&mut arena, &board).unwrap();
            assert_eq!(again, fresh);
        });
    }
}

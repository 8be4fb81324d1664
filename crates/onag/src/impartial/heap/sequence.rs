//! Grundy sequences of heap games, computed heap by heap, with periods
//! certified on the way: once the octal periodicity theorem certifies a
//! period, the remaining values follow from it without search.
//!
//! Two algorithms: the plain one (every option of every heap, `O(n²)` for
//! octal games; any [`HeapRuleset`]) and the sparse-space one for
//! take-and-break codes whose moves leave at most two heaps (see
//! `super::sparse`), chosen automatically by [`TakeAndBreak::sequence`].
//! Values are stored as `u32`: four bytes a heap.

use std::ops::ControlFlow;

use serde::Serialize;

use crate::budget::Budget;
use crate::error::{Error, ErrorKind, Result};
use crate::impartial::heap::code::MAX_WIDE_OPTIONS;
use crate::impartial::heap::period::{self, Periodicity};
use crate::impartial::heap::{HeapRuleset, TakeAndBreak, blocks, sparse};

/// The largest heap a sequence may reach (values are indexed by `u32`).
pub const MAX_HEAP: usize = (u32::MAX - 2) as usize;

/// How many of the values a search continues from are checked against the
/// game's own (see [`TakeAndBreak::search_from`]).
pub const CHECKED_ON_RESUME: usize = 1024;

/// How the values were computed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Algorithm {
    /// Every option of every heap.
    Plain,
    /// The rare/common (sparse-space) split.
    Sparse,
}

/// How many threads the sparse-space algorithm may use (see
/// [`TakeAndBreak::sequence_threads`]). Every choice gives the same sequence.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Threads {
    /// Two threads where the work per heap pays for sharing it (large heaps,
    /// a machine with two cores or more), else one.
    #[default]
    Auto,
    /// One thread.
    One,
    /// Two threads from the smallest heaps on (for checks and measurements).
    Two,
}

/// A Grundy sequence `g(0..=upto)` and what is known about its periodicity.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GrundySequence {
    /// `values[n]` is the Grundy value of a heap of `n`.
    pub values: Vec<u32>,
    /// The period certified by the octal periodicity theorem, if any.
    pub certified: Option<Periodicity>,
    /// The number of values computed by search before the certificate (the
    /// rest follow from the period); `values.len()` when none.
    pub searched: usize,
    /// A pattern seen in the last half of the values but not certified.
    pub apparent: Option<Periodicity>,
    /// The algorithm used.
    pub algorithm: Algorithm,
    /// The rare/common mask of the sparse algorithm (values `v` with an even
    /// number of bits in `v & mask` are rare), when it was used.
    pub rare_mask: Option<u32>,
    /// How many computed heaps had rare values under that mask, heap 0
    /// (value 0, always rare) included, as in the split by powers of two.
    pub rare_count: Option<usize>,
    /// The least period of the last half of the searched values, with what
    /// certifying it needs, when no period is certified.
    pub candidate: Option<period::Candidate>,
    /// Why search stopped before `upto` without a certificate (time limit,
    /// position or memory limit, interruption), for [`TakeAndBreak::search`].
    pub stopped: Option<String>,
}

/// The rare/common split and the largest value of the heaps below a power
/// of two, as the published tables give them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Milestone {
    /// The heaps counted are `0..heaps` (`heaps` a power of two).
    pub heaps: usize,
    /// How many of them have rare values (under [`GrundySequence::rare_mask`];
    /// every value is rare under the mask 0).
    pub rare: usize,
    /// How many have common values.
    pub common: usize,
    /// The largest value among them.
    pub largest: u32,
}

impl GrundySequence {
    /// The largest value.
    pub fn max_value(&self) -> u32 {
        self.values.iter().copied().max().unwrap_or(0)
    }

    /// The rare and common counts and the largest value of the heaps below
    /// each power of two up to the searched values (and of all of them, when
    /// their number is not a power of two), under the final rare mask. One
    /// pass over the values.
    pub fn milestones(&self) -> Vec<Milestone> {
        let mask = self.rare_mask.unwrap_or(0);
        let searched = &self.values[..self.searched.min(self.values.len())];
        let mut out = Vec::new();
        let (mut rare, mut largest) = (0usize, 0u32);
        let mut next = 1usize;
        for (n, &v) in searched.iter().enumerate() {
            rare += usize::from((v & mask).count_ones() % 2 == 0);
            largest = largest.max(v);
            if n + 1 == next || n + 1 == searched.len() {
                out.push(Milestone { heaps: n + 1, rare, common: n + 1 - rare, largest });
                next = next.saturating_mul(2);
            }
        }
        out
    }

    /// The value of a heap of `n`, of any size: read from the table, or from
    /// the certified period beyond it (`g(n) = g(pp + (n − pp) mod p) +
    /// saltus·⌊(n − pp) / p⌋`). `None` when `n` lies beyond the table and no
    /// period is certified, or the value overflows `u32`.
    pub fn value(&self, n: u64) -> Option<u32> {
        if let Some(&v) = usize::try_from(n).ok().and_then(|i| self.values.get(i)) {
            return Some(v);
        }
        let c = self.certified?;
        let (pp, p) = (c.preperiod as u64, c.period as u64);
        let offset = n.checked_sub(pp)?;
        let base = *self.values.get(usize::try_from(pp + offset % p).ok()?)?;
        if c.saltus == 0 {
            return Some(base);
        }
        let grown = u64::from(c.saltus).checked_mul(offset / p)?.checked_add(u64::from(base))?;
        u32::try_from(grown).ok()
    }

    /// `g(n)` like [`Self::value`], in a type wide enough for every heap of
    /// a certified arithmetic period (`saltus · n / p` can pass 2^32 − 1).
    pub fn wide_value(&self, n: u64) -> Option<u128> {
        if let Some(&v) = usize::try_from(n).ok().and_then(|i| self.values.get(i)) {
            return Some(u128::from(v));
        }
        let c = self.certified?;
        let (pp, p) = (c.preperiod as u64, c.period as u64);
        let offset = n.checked_sub(pp)?;
        let base = *self.values.get(usize::try_from(pp + offset % p).ok()?)?;
        // At most (2^32 − 1) · 2^64 + 2^32: always fits.
        Some(u128::from(c.saltus) * u128::from(offset / p) + u128::from(base))
    }

    /// Extends the table to `g(0..=upto)` from the certified period. Errors
    /// when the table is shorter and no period is certified.
    pub fn fill_to(&mut self, upto: usize) -> Result<()> {
        while self.values.len() <= upto {
            let n = self.values.len() as u64;
            let v = self.value(n).ok_or_else(|| {
                Error::invalid(format!("heap {n} lies beyond the computed values"))
            })?;
            self.values.push(v);
        }
        Ok(())
    }
}

/// One algorithm: computes `g(n)` for `n = values.len()` from the values before.
pub(crate) trait Step {
    /// The value of the next heap; `budget` may stop a heap that takes long.
    fn step(&mut self, values: &[u32], budget: &Budget) -> Result<u32>;
    /// Appends the values of heaps `values.len()..end`.
    fn steps(&mut self, values: &mut Vec<u32>, end: usize, budget: &Budget) -> Result<()> {
        while values.len() < end {
            let v = self.step(values, budget)?;
            values.push(v);
        }
        Ok(())
    }
    /// The algorithm's name.
    fn algorithm(&self) -> Algorithm;
    /// The rare mask and count, for the sparse algorithm.
    fn rare(&self) -> Option<(u32, usize)> {
        None
    }
    /// Takes `values` (this game's first values, none computed by this
    /// stepper) as if it had computed them: its state afterwards is the one
    /// it would have after computing them itself. Fails on a value it
    /// cannot hold.
    fn resume(&mut self, _values: &[u32]) -> Result<()> {
        Ok(())
    }
}

/// The plain algorithm over any ruleset: every option, XOR of its heaps' values, mex.
pub(crate) struct Plain<'a> {
    rule: &'a dyn HeapRuleset,
    /// The same rule when blocks of heaps may be opened on several threads.
    shared: Option<&'a (dyn HeapRuleset + Sync)>,
    /// How many threads (with `shared`).
    threads: Threads,
    /// Moves may leave three heaps or more.
    wide: bool,
    /// The working tables of the calling thread.
    scratch: PlainScratch,
    /// The working tables of a block's heaps (kept between blocks).
    pub(super) pool: Vec<PlainScratch>,
}

/// The tables one thread needs for one heap of the plain algorithm.
#[derive(Default)]
pub(super) struct PlainScratch {
    /// `seen[v] == stamp` when `v` is an option value (stamp `n + 1` for heap `n`).
    seen: Vec<u32>,
    /// Options with a heap not yet known when the heap was opened: each is
    /// its number of heaps followed by the heaps.
    later: Vec<usize>,
    /// A heap of an option outside `1..n`, if any.
    bad: Option<usize>,
    /// Why listing the options stopped early: the budget, or too many options.
    stop: Option<Error>,
}

/// How many options a heap lists between two looks at the budget: a heap
/// with millions of options (a code leaving many heaps) stops within a
/// fraction of a second of a time limit or an interruption.
const OPTIONS_PER_CHECK: u64 = 1 << 14;

impl<'a> Plain<'a> {
    pub(crate) fn new(rule: &'a dyn HeapRuleset) -> Self {
        Plain {
            rule,
            shared: None,
            threads: Threads::One,
            wide: false,
            scratch: PlainScratch::default(),
            pool: Vec::new(),
        }
    }

    /// The plain algorithm over a code, whose heaps may be opened in parallel blocks.
    pub(crate) fn shared(rule: &'a TakeAndBreak, threads: Threads) -> Self {
        let threads = match threads {
            Threads::Auto if !blocks::two_cores() => Threads::One,
            t => t,
        };
        Plain { shared: Some(rule), threads, wide: rule.max_heaps() > 2, ..Plain::new(rule) }
    }

    /// Marks the options of heap `n ≥ values.len()` whose heaps are all
    /// known; keeps the others for [`Plain::close`]. Every
    /// [`OPTIONS_PER_CHECK`] options it looks at `budget`, and it stops past
    /// [`MAX_WIDE_OPTIONS`] options that leave three heaps or more; close
    /// reports why.
    pub(super) fn open(
        rule: &dyn HeapRuleset,
        scratch: &mut PlainScratch,
        values: &[u32],
        n: usize,
        budget: &Budget,
    ) {
        let stamp = n as u32 + 1;
        let PlainScratch { seen, later, bad, stop } = scratch;
        later.clear();
        *bad = None;
        *stop = None;
        let (mut count, mut wide) = (0u64, 0u64);
        rule.for_each_option(n, &mut |parts| {
            count += 1;
            wide += u64::from(parts.len() > 2);
            if count % OPTIONS_PER_CHECK == 0 {
                let checked = if wide > MAX_WIDE_OPTIONS {
                    Err(Error::new(
                        ErrorKind::LimitExceeded,
                        format!(
                            "a heap of {n} under {} has more than {MAX_WIDE_OPTIONS} options, too \
                             many to list one by one",
                            rule.name()
                        ),
                    ))
                } else {
                    budget.check(n as u64)
                };
                if let Err(e) = checked {
                    *stop = Some(e);
                    return ControlFlow::Break(());
                }
            }
            let mut x = 0u32;
            for &p in parts {
                match values.get(p) {
                    Some(&v) if p > 0 => x ^= v,
                    _ => {
                        if let Some(&p) = parts.iter().find(|&&p| p == 0 || p >= n) {
                            *bad = Some(p);
                            return ControlFlow::Break(());
                        }
                        later.push(parts.len());
                        later.extend_from_slice(parts);
                        return ControlFlow::Continue(());
                    }
                }
            }
            mark(seen, x, stamp);
            ControlFlow::Continue(())
        });
    }

    /// Finishes heap `n = values.len()`: marks the options kept by
    /// [`Plain::open`] and returns the mex.
    pub(super) fn close(&self, scratch: &mut PlainScratch, values: &[u32]) -> Result<u32> {
        let n = values.len();
        if let Some(e) = scratch.stop.take() {
            return Err(e);
        }
        if let Some(p) = scratch.bad {
            return Err(Error::invalid(format!(
                "ruleset {}: heap {n} has an option with a heap of {p} (heaps must be 1..{n})",
                self.rule.name(),
            )));
        }
        let stamp = n as u32 + 1;
        let mut rest = &scratch.later[..];
        while let Some((&len, tail)) = rest.split_first() {
            let x = tail[..len].iter().fold(0, |x, &p| x ^ values[p]);
            mark(&mut scratch.seen, x, stamp);
            rest = &tail[len..];
        }
        let seen = &scratch.seen;
        let mex = seen.iter().position(|&s| s != stamp).unwrap_or(seen.len());
        u32::try_from(mex).map_err(|_| Error::new(ErrorKind::Overflow, "Grundy value beyond 2^32"))
    }
}

/// Sets `seen[x] = stamp`, growing the table to a power of two when needed.
fn mark(seen: &mut Vec<u32>, x: u32, stamp: u32) {
    let x = x as usize;
    if x >= seen.len() {
        seen.resize((x + 1).next_power_of_two(), 0);
    }
    seen[x] = stamp;
}

impl Step for Plain<'_> {
    fn step(&mut self, values: &[u32], budget: &Budget) -> Result<u32> {
        Plain::open(self.rule, &mut self.scratch, values, values.len(), budget);
        let mut scratch = std::mem::take(&mut self.scratch);
        let v = self.close(&mut scratch, values);
        self.scratch = scratch;
        v
    }

    fn steps(&mut self, values: &mut Vec<u32>, end: usize, budget: &Budget) -> Result<()> {
        if end > values.len() {
            self.rule.check_heap(end - 1)?;
        }
        while values.len() < end {
            let n = values.len();
            let len = blocks::plain_block(self.threads, self.wide, n, end);
            match self.shared {
                Some(rule) if len > 0 => blocks::run_plain(self, rule, values, n + len, budget)?,
                _ => {
                    let v = self.step(values, budget)?;
                    values.push(v);
                }
            }
        }
        Ok(())
    }

    fn algorithm(&self) -> Algorithm {
        Algorithm::Plain
    }
}

/// Computes `g(0..=upto)` of `rule` by the plain algorithm, certifying a
/// period when the rule allows it (then the rest follows from the period).
pub fn compute(rule: &dyn HeapRuleset, upto: usize, budget: &Budget) -> Result<GrundySequence> {
    drive(&mut Plain::new(rule), rule.periodicity_criterion(), upto, budget, true)
}

/// Computes `g(0..=upto)` of `rule` by the plain algorithm, without
/// periodicity shortcuts: every value by search (the independent check).
pub fn compute_plain(
    rule: &dyn HeapRuleset,
    upto: usize,
    budget: &Budget,
) -> Result<GrundySequence> {
    drive(&mut Plain::new(rule), None, upto, budget, false)
}

impl TakeAndBreak {
    /// The Grundy sequence `g(0..=upto)`, by the sparse-space algorithm when
    /// the code is finite and leaves at most two heaps, else the plain one;
    /// search stops once a period is certified.
    pub fn sequence(&self, upto: usize, budget: &Budget) -> Result<GrundySequence> {
        self.sequence_with(upto, budget, true)
    }

    /// The Grundy sequence searched only as far as needed to know every heap
    /// up to `upto`: until a period is certified (then
    /// [`GrundySequence::value`] answers for heaps of any size) or up to
    /// `upto`. Without a certificate the table is bounded by the budget's
    /// position limit, checked before it grows past it.
    pub fn sequence_until(&self, upto: u64, budget: &Budget) -> Result<GrundySequence> {
        let criterion = self.periodicity_criterion();
        let target = usize::try_from(upto).unwrap_or(MAX_HEAP).min(MAX_HEAP);
        if criterion.is_none() {
            budget.check_positions(upto.saturating_add(1))?;
        }
        let mode = Mode { analyse: true, fill: false, partial: false };
        let seq = match sparse::Sparse::new(self, Threads::Auto) {
            Some(mut fast) => drive_with(&mut fast, criterion, target, budget, mode)?,
            None => drive_with(
                &mut Plain::shared(self, Threads::Auto),
                criterion,
                target,
                budget,
                mode,
            )?,
        };
        if seq.certified.is_none() && upto > MAX_HEAP as u64 {
            return Err(Error::invalid(format!(
                "heap {upto}: no period certified, and heaps without one are limited to {MAX_HEAP}"
            )));
        }
        Ok(seq)
    }

    /// Searches values until a period is certified, or heap `limit` is
    /// reached, or the budget stops it (time limit, position or memory
    /// limit, interruption): then the values searched come back with
    /// [`GrundySequence::stopped`] saying why, the best candidate period and
    /// the rare/common counts, rather than an error. The table grows as
    /// search goes (about four bytes a value); `limit` above [`MAX_HEAP`] is
    /// an error before anything is allocated.
    pub fn search(&self, limit: usize, budget: &Budget) -> Result<GrundySequence> {
        self.search_from(Vec::new(), limit, budget, &mut |_| Ok(()))
    }

    /// Like [`search`](Self::search), continuing from `known`, values of
    /// heaps `0..known.len()` found by an earlier search (values past
    /// `limit` are dropped), and handing every value found after them to
    /// `found`, in order, as search goes (a batch at a time): a long search
    /// kept in a file survives an interruption. The result is the one of a
    /// search from nothing, except that search may have gone further
    /// ([`GrundySequence::searched`]). The first [`CHECKED_ON_RESUME`] known
    /// values are checked against this game's, so values of another game
    /// are an error; an error of `found` ends search with that error.
    pub fn search_from(
        &self,
        known: Vec<u32>,
        limit: usize,
        budget: &Budget,
        found: &mut dyn FnMut(&[u32]) -> Result<()>,
    ) -> Result<GrundySequence> {
        if limit > MAX_HEAP {
            return Err(Error::invalid(format!(
                "limit {limit}: heaps are limited to {MAX_HEAP} (values are indexed by u32)"
            )));
        }
        self.check_known(&known)?;
        let criterion = self.periodicity_criterion();
        let mode = Mode { analyse: true, fill: false, partial: true };
        let carry = Carry { known, found: Some(found) };
        match sparse::Sparse::new(self, Threads::Auto) {
            Some(mut fast) => drive_from(&mut fast, criterion, limit, budget, mode, carry),
            None => drive_from(
                &mut Plain::shared(self, Threads::Auto),
                criterion,
                limit,
                budget,
                mode,
                carry,
            ),
        }
    }

    /// Checks the first [`CHECKED_ON_RESUME`] of `known` against this game's values.
    fn check_known(&self, known: &[u32]) -> Result<()> {
        let check = known.len().min(CHECKED_ON_RESUME);
        if check == 0 {
            return Ok(());
        }
        let own = self.sequence_with(check - 1, &Budget::unlimited(), false)?;
        match (0..check).find(|&n| own.values[n] != known[n]) {
            None => Ok(()),
            Some(n) => Err(Error::invalid(format!(
                "the known values are not those of {self}: heap {n} has value {}, not {}",
                own.values[n], known[n]
            ))),
        }
    }

    /// Like [`sequence`](Self::sequence), choosing whether to stop search at
    /// a certified period (`false`: every value by search).
    pub fn sequence_with(
        &self,
        upto: usize,
        budget: &Budget,
        use_period: bool,
    ) -> Result<GrundySequence> {
        self.sequence_threads(upto, budget, use_period, Threads::Auto)
    }

    /// Like [`sequence_with`](Self::sequence_with), choosing how many threads
    /// the sparse-space algorithm uses (the plain one uses one).
    pub fn sequence_threads(
        &self,
        upto: usize,
        budget: &Budget,
        use_period: bool,
        threads: Threads,
    ) -> Result<GrundySequence> {
        let criterion = if use_period { self.periodicity_criterion() } else { None };
        match sparse::Sparse::new(self, threads) {
            Some(mut fast) => drive(&mut fast, criterion, upto, budget, use_period),
            None => drive(&mut Plain::shared(self, threads), criterion, upto, budget, use_period),
        }
    }
}

fn drive(
    step: &mut dyn Step,
    criterion: Option<(u32, usize)>,
    upto: usize,
    budget: &Budget,
    analyse: bool,
) -> Result<GrundySequence> {
    drive_with(step, criterion, upto, budget, Mode { analyse, fill: true, partial: false })
}

/// How [`drive_with`] runs.
#[derive(Clone, Copy)]
struct Mode {
    /// Look for an apparent (uncertified) pattern at the end.
    analyse: bool,
    /// Extend the table to `upto` from a certified period (else it ends
    /// where search stopped).
    fill: bool,
    /// A time limit, a position or memory limit, or an interruption ends
    /// search with what was found (`stopped`) instead of an error.
    partial: bool,
}

/// Whether `e` is the budget stopping a search (rather than a failure).
fn is_stop(e: &Error) -> bool {
    matches!(e.kind(), ErrorKind::LimitExceeded | ErrorKind::Cancelled)
}

/// The progress line of a search: heaps, rare and common counts, the
/// candidate period.
fn progress_task(rare: Option<(u32, usize)>, n: usize, cand: Option<period::Candidate>) -> String {
    let mut task = String::from("Grundy values");
    if let Some((_, count)) = rare.filter(|r| r.0 != 0) {
        task += &format!(" ({count} rare, {} common)", n.saturating_sub(count + 1));
    }
    if let Some(c) = cand {
        task += &format!(
            "; candidate period {} from {} (certified at {})",
            c.period, c.preperiod, c.needed
        );
    }
    task
}

/// Receives the values a search finds, a batch at a time.
type Found<'f> = dyn FnMut(&[u32]) -> Result<()> + 'f;

/// Values a search starts from, and where the values it finds go (see
/// [`TakeAndBreak::search_from`]).
#[derive(Default)]
struct Carry<'f> {
    /// Values of heaps `0..known.len()`, already found.
    known: Vec<u32>,
    /// Receives each batch of values found.
    found: Option<&'f mut Found<'f>>,
}

/// [`drive_from`] with nothing known.
fn drive_with(
    step: &mut dyn Step,
    criterion: Option<(u32, usize)>,
    upto: usize,
    budget: &Budget,
    mode: Mode,
) -> Result<GrundySequence> {
    drive_from(step, criterion, upto, budget, mode, Carry::default())
}

/// Searches values until `upto` or a certified period (see [`Mode`]),
/// from the values `carry` knows. Without `fill` and with a criterion, the
/// table grows as search goes and the position limit is checked before
/// every growth past it.
fn drive_from(
    step: &mut dyn Step,
    criterion: Option<(u32, usize)>,
    upto: usize,
    budget: &Budget,
    mode: Mode,
    carry: Carry<'_>,
) -> Result<GrundySequence> {
    if upto > MAX_HEAP {
        return Err(Error::invalid(format!("heaps are limited to {MAX_HEAP}")));
    }
    let total = upto as u64 + 1;
    let grow = !mode.fill && criterion.is_some();
    let Carry { known: mut values, mut found } = carry;
    values.truncate(upto + 1);
    step.resume(&values)?;
    if !grow {
        budget.check_positions(total)?;
        budget.check_memory(total * 4)?;
        values.try_reserve_exact(upto + 1 - values.len()).map_err(|_| {
            Error::new(ErrorKind::LimitExceeded, format!("cannot allocate {total} values"))
        })?;
    }
    // The table size at which the limits must be checked again (growing mode).
    let limit = if grow {
        let by_memory = budget.max_memory().map_or(u64::MAX, |m| m / 4);
        budget.max_positions().unwrap_or(u64::MAX).min(by_memory)
    } else {
        u64::MAX
    };
    let mut next_check = 64usize;
    while next_check < values.len() {
        next_check += (next_check / 16).max(64);
    }
    let mut certified = None;
    let mut cand = None;
    let mut stopped = None;
    let mut last_check = 0;
    let verbose = budget.reports_progress();
    let mut search = || -> Result<()> {
        while values.len() <= upto {
            let n = values.len();
            if n % 4096 == 0 && n > 0 {
                budget.check(n as u64)?;
                if verbose {
                    budget.progress(&progress_task(step.rare(), n, cand), n as u64, Some(total));
                }
            }
            // One batch up to the next check of the budget, the limits or the period.
            let mut end = (n / 4096 + 1) * 4096;
            if n as u64 >= limit {
                budget.check_positions(total)?;
                budget.check_memory(total.saturating_mul(4))?;
                end = n + 1;
            } else {
                end = end.min(usize::try_from(limit).unwrap_or(usize::MAX));
            }
            if criterion.is_some() {
                end = end.min(next_check);
            }
            // Growing: an eighth more at a time rather than doubling, so the
            // table stays near 4 bytes per value (large reallocations move pages
            // rather than copying).
            let batch_end = end.min(upto + 1);
            if grow && batch_end > values.capacity() {
                let want = (values.len() / 8).max(1 << 16).max(batch_end - values.len());
                values.try_reserve_exact(want.min(upto + 1 - values.len())).map_err(|_| {
                    Error::new(
                        ErrorKind::LimitExceeded,
                        format!("cannot allocate {batch_end} values"),
                    )
                })?;
            }
            let before = values.len();
            step.steps(&mut values, batch_end, budget)?;
            if let Some(found) = found.as_mut() {
                found(&values[before..])?;
            }
            if let Some((h, k)) = criterion
                && (values.len() == next_check || values.len() == upto + 1)
            {
                next_check += (next_check / 16).max(64);
                last_check = values.len();
                cand = None;
                match period::candidate(&values, h, k) {
                    Some((p, needed)) if needed <= values.len() => {
                        certified = Some(p);
                        return Ok(());
                    }
                    // The pattern holds so far: check again exactly when it would be certified.
                    Some((p, needed)) => {
                        next_check = next_check.min(needed);
                        cand = Some(period::Candidate {
                            period: p.period,
                            preperiod: p.preperiod,
                            needed,
                        });
                    }
                    None => {}
                }
            }
        }
        Ok(())
    };
    match search() {
        Ok(()) => {}
        Err(e) if mode.partial && is_stop(&e) => stopped = Some(e.message().to_string()),
        Err(e) => return Err(e),
    }
    let searched = values.len();
    // A stop between checks: the candidate of the values searched.
    if let Some((h, k)) = criterion
        && certified.is_none()
        && last_check != searched
    {
        cand = period::candidate(&values, h, k).map(|(p, needed)| period::Candidate {
            period: p.period,
            preperiod: p.preperiod,
            needed,
        });
    }
    if let Some(p) = certified.filter(|_| mode.fill) {
        for n in values.len()..=upto {
            let v = values[n - p.period];
            values.push(v);
        }
    }
    let apparent =
        if mode.analyse && certified.is_none() { period::apparent(&values) } else { None };
    let rare = step.rare();
    Ok(GrundySequence {
        values,
        certified,
        searched,
        apparent,
        algorithm: step.algorithm(),
        rare_mask: rare.map(|r| r.0),
        // The sparse algorithm lists the rare heaps from 1; heap 0 is rare too.
        rare_count: rare.map(|r| r.1 + 1),
        candidate: cand.filter(|_| certified.is_none()),
        stopped,
    })
}

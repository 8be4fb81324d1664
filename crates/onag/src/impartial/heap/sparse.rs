//! The sparse-space (rare/common) algorithm for take-and-break codes whose
//! moves leave at most two heaps.
//!
//! A mask `w` splits values into *rare* ones (an even number of bits in
//! `v & w`: a subgroup under XOR) and *common* ones (odd). Rare ⊕ rare and
//! common ⊕ common are rare; rare ⊕ common is common. In most octal games a
//! good mask makes rare values rare indeed, so for heap `n`:
//!
//! 1. every option with a rare heap is visited (few): this finds every
//!    common value among the options, hence `c`, the least common value that
//!    is not an option;
//! 2. the rare values below `c` that are not yet options are looked for
//!    among pairs of common heaps, stopping as soon as all are found (then
//!    `g(n) = c`); otherwise the least one never found is `g(n)`.
//!
//! The mask is chosen by a Walsh–Hadamard transform of the value histogram
//! (the mask with the fewest rare values), re-chosen as the sequence doubles.
//! The plain algorithm in [`super::sequence`] is the independent check.
//!
//! Several cores: almost all of heap `n`'s work needs only the values
//! known when it starts, so a block of heaps can be started together (see
//! [`super::blocks`]). The per-heap work is therefore split into
//! [`Sparse::open`] (the options whose heaps are all known, the candidate
//! and the pair scan) and [`Sparse::close`] (the options with the heaps
//! computed since, then the scan resumed if they moved the candidate); one
//! thread alone opens and closes each heap with every value known.

use crate::budget::Budget;
use crate::error::{Error, Result};
use crate::impartial::heap::blocks;
use crate::impartial::heap::code::{Constraint, TakeAndBreak};
use crate::impartial::heap::sequence::{Algorithm, Step, Threads};

/// Below this many heaps, and while no mask pays, every pair is visited.
const FIRST_SELECTION: usize = 256;

/// The values the tables hold are below this: a value of `2^30` would need
/// tables of 2^31 entries (and the growth step a shift that wraps past 31).
const MAX_VALUE: u32 = 1 << 30;

pub(crate) struct Sparse {
    /// `j` such that removing `j` tokens may leave nothing.
    pub(super) zero: Vec<usize>,
    /// `j ≥ 1` such that removing `j` tokens may leave one heap.
    pub(super) one: Vec<usize>,
    /// `(j, constraint)` such that removing `j` tokens may leave two heaps.
    pub(super) two: Vec<(usize, Constraint)>,
    /// The working tables of the calling thread.
    pub(super) scratch: Scratch,
    /// The working tables of the heaps of a block opened together (kept between blocks).
    pub(super) pool: Vec<Scratch>,
    /// Every value so far is below `2^bits`.
    pub(super) bits: u32,
    /// Count of each value so far (length `2^bits`).
    hist: Vec<u64>,
    /// The rare mask; 0 means visit every pair.
    pub(super) mask: u32,
    /// Heaps `a ≥ 1` whose values are rare, ascending.
    pub(super) rare: Vec<u32>,
    /// Heap count at which the mask is chosen again.
    pub(super) next_selection: usize,
    /// Choose the mask before the next heap.
    pub(super) pending: bool,
    /// `common[v]` is 1 when `v` is common under the mask, else 0 (length
    /// `2^(bits+1) + 1`, like every `seen` table).
    pub(super) common: Vec<u8>,
    /// Whether batches of heaps may be shared with a second thread.
    pub(super) threads: Threads,
    /// The automatic choice, with `Threads::Auto`.
    chooser: blocks::Chooser,
}

/// The tables one thread needs to compute a heap's value.
#[derive(Default)]
pub(super) struct Scratch {
    /// `seen[v] == stamp` when `v` is an option value of the current heap
    /// (stamp `n + 1` for heap `n`, so the table is never cleared). Length
    /// `2^(bits+1) + 1`: values below `2^(bits+1)` and a spare slot.
    pub(super) seen: Vec<u32>,
    /// Rare values below the candidate not yet found among the options, ascending.
    missing: Vec<u32>,
    /// The candidate `c`: the least common value that is not an option.
    candidate: usize,
    /// Where the pair scan of step 2 stands.
    scan: Scan,
    /// Pairs visited with these tables so far (the automatic choice of threads).
    pairs: u64,
}

/// A resumable position in the pair scan of step 2.
#[derive(Debug, Clone, Copy, Default)]
struct Scan {
    /// Index into `two` of the digit being scanned.
    digit: usize,
    /// The next `a` of the pairs `(a, m − a)`; 0 before the digit is entered.
    a: usize,
    /// Pairs marked before the missing values are checked again.
    block: usize,
    /// Every pair has been visited: the options are all known.
    done: bool,
}

fn parity(x: u32) -> bool {
    x.count_ones() & 1 == 1
}

/// `(m, strict)` for a two-heap digit `(j, c)` at heap `n`: the heaps left
/// add up to `m` and must differ when `strict`. `None` when no pair of heaps
/// `≥ 1` remains or the digit is `=` (its only option, two equal heaps, has
/// value 0 and is marked on its own).
fn pair_sum(n: usize, j: usize, c: Constraint) -> Option<(usize, bool)> {
    let m = n.checked_sub(j).filter(|&m| m >= 2)?;
    (c != Constraint::Equal).then_some((m, c != Constraint::Any))
}

impl Sparse {
    /// The sparse stepper for `rule`, if its code is finite and leaves at most two heaps.
    pub(crate) fn new(rule: &TakeAndBreak, threads: Threads) -> Option<Sparse> {
        if !rule.is_finite() || rule.max_heaps() > 2 {
            return None;
        }
        let mut s = Sparse {
            zero: Vec::new(),
            one: Vec::new(),
            two: Vec::new(),
            scratch: Scratch { seen: vec![0; 3], ..Scratch::default() },
            pool: Vec::new(),
            bits: 0,
            hist: vec![0; 1],
            mask: 0,
            rare: Vec::new(),
            next_selection: FIRST_SELECTION,
            pending: false,
            common: vec![0; 3],
            chooser: blocks::Chooser::default(),
            threads: match threads {
                Threads::Auto if !blocks::two_cores() => Threads::One,
                t => t,
            },
        };
        for (j, d) in rule.digits().iter().enumerate() {
            if d.heaps & 1 != 0 {
                s.zero.push(j);
            }
            // The first digit never leaves one heap (a move removes a token or splits).
            if d.heaps & 2 != 0 && j > 0 {
                s.one.push(j);
            }
            if d.heaps & 4 != 0 {
                s.two.push((j, d.constraint));
            }
        }
        Some(s)
    }

    /// Whether the value `v` is rare under the mask.
    pub(super) fn is_rare(&self, v: u32) -> bool {
        !parity(v & self.mask)
    }

    /// Chooses the mask with the fewest rare values among `values[1..]`.
    fn select(&mut self, values: &[u32]) {
        let size = self.hist.len();
        let mut h: Vec<i64> = self.hist.iter().map(|&c| c as i64).collect();
        h[values[0] as usize] -= 1;
        let total = values.len() as i64 - 1;
        let mut len = 1;
        while len < size {
            for start in (0..size).step_by(2 * len) {
                for i in start..start + len {
                    let (a, b) = (h[i], h[i + len]);
                    h[i] = a + b;
                    h[i + len] = a - b;
                }
            }
            len *= 2;
        }
        // rare(w) = (total + h[w]) / 2
        let best = (1..size).min_by_key(|&w| h[w]);
        let mask = match best {
            Some(w) if (total + h[w]) / 2 * 4 <= total => w as u32,
            _ => 0,
        };
        if mask != self.mask {
            self.mask = mask;
            self.classify();
            self.rare = (1..values.len())
                .filter(|&a| !parity(values[a] & mask))
                .map(|a| a as u32)
                .collect();
        }
    }

    fn grow(&mut self, v: u32) {
        // (Bounded: a shift by 32 would wrap, and the loop never end.)
        while self.bits < 31 && v >> self.bits != 0 {
            self.bits += 1;
        }
        let size = 1usize << self.bits;
        if self.hist.len() < size {
            self.hist.resize(size, 0);
            self.scratch.seen.resize(2 * size + 1, 0);
            self.classify();
        }
    }

    /// Recomputes the class of every tracked value under the mask.
    fn classify(&mut self) {
        let mask = self.mask;
        let len = (2u32 << self.bits) + 1;
        self.common = (0..len).map(|x| u8::from(parity(x & mask))).collect();
    }

    /// Records `g(n) = v` (`n` the heap just computed): histogram, rare
    /// heaps, table sizes and when to choose the mask again.
    pub(super) fn record(&mut self, n: usize, v: u32) {
        let grew = v >> self.bits != 0;
        self.grow(v);
        self.hist[v as usize] += 1;
        if n > 0 && self.mask != 0 && self.is_rare(v) {
            self.rare.push(n as u32);
        }
        if n + 1 >= self.next_selection || (grew && n + 1 >= FIRST_SELECTION) {
            if n + 1 >= self.next_selection {
                self.next_selection *= 2;
            }
            self.pending = true;
        }
    }

    /// Starts heap `n ≥ values.len()` from the values known so far (all
    /// recorded): marks every option whose heaps are all known, finds the
    /// candidate and scans at most `pairs` pairs for the missing rare values.
    /// The value follows from [`Sparse::close`] once `values` reaches `n`.
    ///
    /// With heaps unknown, a missing value may be an option with one of
    /// them: the scan would never find it and visit every pair, so it stops
    /// after `pairs` and leaves the rest to [`Sparse::close`].
    pub(super) fn open(&self, scratch: &mut Scratch, values: &[u32], n: usize, pairs: usize) {
        let k = values.len();
        let stamp = n as u32 + 1;
        let seen = &mut scratch.seen[..];
        for &j in &self.zero {
            if j == n {
                seen[0] = stamp;
            }
        }
        for &j in &self.one {
            if let Some(&v) = n.checked_sub(j).filter(|&h| h > 0).and_then(|h| values.get(h)) {
                seen[v as usize] = stamp;
            }
        }
        scratch.scan = Scan { block: 32, ..Scan::default() };
        for &(j, c) in &self.two {
            if c == Constraint::Equal && n >= j + 2 && (n - j) % 2 == 0 {
                seen[0] = stamp;
            }
            let Some((m, strict)) = pair_sum(n, j, c) else { continue };
            // Pairs `(a, m − a)` of known heaps: `m − a < k`.
            let low = (m + 1).saturating_sub(k).max(1);
            if self.mask == 0 {
                // No mask: step 1 visits every pair.
                let hi = if strict && m % 2 == 0 { m / 2 - 1 } else { m / 2 };
                if low <= hi {
                    scratch.pairs += (hi + 1 - low) as u64;
                    mark_pairs(
                        &mut seen[..1 << self.bits],
                        &values[low..=hi],
                        &values[m - hi..=m - low],
                        stamp,
                    );
                }
                continue;
            }
            // 1. Pairs with a rare heap `a < m` (both orders), without `a = m / 2` when strict.
            let from = self.rare.partition_point(|&a| (a as usize) < low);
            let to = self.rare.partition_point(|&a| (a as usize) < m);
            scratch.pairs += (to - from) as u64;
            let window = &values[..m.min(k)];
            for &a in &self.rare[from..to] {
                let a = a as usize;
                if strict && 2 * a == m {
                    continue;
                }
                seen[(values[a] ^ window[m - a]) as usize] = stamp;
            }
        }
        if self.mask == 0 {
            scratch.scan.done = true;
            return;
        }
        scratch.missing.clear();
        scratch.candidate = 0;
        self.candidate(scratch, stamp);
        if !scratch.missing.is_empty() {
            self.scan(scratch, values, n, stamp, pairs);
        }
    }

    /// Finishes heap `n = values.len()` opened when `from ≤ n` values were
    /// known: marks the options with a heap in `from..n` (none when `from =
    /// n`), moves the candidate, resumes the pair scan if missing values
    /// remain, and returns `g(n)`.
    pub(super) fn close(&self, scratch: &mut Scratch, values: &[u32], from: usize) -> u32 {
        let n = values.len();
        let stamp = n as u32 + 1;
        let extra = from < n;
        if extra {
            let seen = &mut scratch.seen[..];
            for &j in &self.one {
                if let Some(h) = n.checked_sub(j).filter(|&h| h >= from && h > 0) {
                    seen[values[h] as usize] = stamp;
                }
            }
            for &(j, c) in &self.two {
                // Pairs (a, m − a), a ≤ m − a, whose larger heap is at least `from`.
                let Some((m, strict)) = pair_sum(n, j, c) else { continue };
                let hi = if strict && m % 2 == 0 { m / 2 - 1 } else { m / 2 };
                for a in 1..=hi.min(m.saturating_sub(from)) {
                    seen[(values[a] ^ values[m - a]) as usize] = stamp;
                }
            }
        }
        if self.mask == 0 {
            let limit = scratch.seen.len() - 1;
            return scratch.seen[..limit].iter().position(|&s| s != stamp).unwrap_or(limit) as u32;
        }
        if extra {
            // The new options may cover the candidate or missing rare values.
            if scratch.seen[scratch.candidate] == stamp {
                scratch.candidate += 1;
                self.candidate(scratch, stamp);
            }
            let seen = &scratch.seen;
            scratch.missing.retain(|&r| seen[r as usize] != stamp);
        }
        // The scan of an opened heap may have stopped short.
        if !scratch.missing.is_empty() && !scratch.scan.done {
            self.scan(scratch, values, n, stamp, usize::MAX);
        }
        match scratch.missing.first() {
            Some(&r) => r,
            None => scratch.candidate as u32,
        }
    }

    /// Moves the candidate up from `scratch.candidate` to the least common
    /// value that is not an option, collecting the rare values passed that
    /// are not options (one exists below `2^(bits+1)`, the spare slot ends
    /// the search otherwise).
    fn candidate(&self, scratch: &mut Scratch, stamp: u32) {
        let limit = scratch.seen.len() - 1;
        let mut x = scratch.candidate;
        while x < limit {
            if scratch.seen[x] != stamp {
                if self.common[x] == 1 {
                    break;
                }
                scratch.missing.push(x as u32);
            }
            x += 1;
        }
        scratch.candidate = x;
    }

    /// Step 2: pairs of known heaps (all of them, from where the scan stands)
    /// give rare values; stops once every missing value is found. Every pair is
    /// marked, whatever its class: each one is an option, and none has the
    /// common candidate (a common option value needs exactly one rare heap,
    /// all visited in step 1), so marking the rest only adds true options and
    /// keeps the loop free of class tests. Every known value is below
    /// `2^bits`, so is every XOR of two. Blocks start small (the missing
    /// values are usually found within a few dozen pairs) and double up to
    /// 1024 pairs. Stops after `pairs` pairs, resumable.
    fn scan(&self, scratch: &mut Scratch, values: &[u32], n: usize, stamp: u32, pairs: usize) {
        let k = values.len();
        let seen = &mut scratch.seen[..1usize << self.bits];
        let missing = &mut scratch.missing;
        let at = &mut scratch.scan;
        let mut left = pairs;
        while let Some(&(j, c)) = self.two.get(at.digit) {
            if let Some((m, strict)) = pair_sum(n, j, c) {
                let hi = if strict && m % 2 == 0 { m / 2 - 1 } else { m / 2 };
                if at.a == 0 {
                    at.a = (m + 1).saturating_sub(k).max(1);
                }
                while at.a <= hi {
                    if left == 0 {
                        return;
                    }
                    let a = at.a;
                    let end = (a + at.block.min(left)).min(hi + 1);
                    left -= end - a;
                    scratch.pairs += (end - a) as u64;
                    mark_pairs(seen, &values[a..end], &values[m + 1 - end..=m - a], stamp);
                    at.a = end;
                    at.block = (at.block * 2).min(1024);
                    missing.retain(|&r| seen.get(r as usize) != Some(&stamp));
                    if missing.is_empty() {
                        return;
                    }
                }
            }
            at.digit += 1;
            at.a = 0;
        }
        at.done = true;
    }

    /// Pairs visited so far by every table.
    fn pairs(&self) -> u64 {
        self.scratch.pairs + self.pool.iter().map(|s| s.pairs).sum::<u64>()
    }

    /// The length of every `seen` table.
    pub(super) fn table_len(&self) -> usize {
        (2 << self.bits) + 1
    }
}

/// Marks `seen[low[i] ^ high[high.len() - 1 - i]]` for every `i`. Every
/// value in `low` and `high` is below `seen.len()`, a power of two, so the
/// XOR is too; fixed-size views let the index be masked instead of checked.
fn mark_pairs(seen: &mut [u32], low: &[u32], high: &[u32], stamp: u32) {
    fn fixed<const N: usize>(seen: &mut [u32; N], low: &[u32], high: &[u32], stamp: u32) {
        for (&ga, &gb) in low.iter().zip(high.iter().rev()) {
            seen[(ga ^ gb) as usize & (N - 1)] = stamp;
        }
    }
    if let Ok(s) = <&mut [u32; 512]>::try_from(&mut *seen) {
        fixed(s, low, high, stamp);
    } else if let Ok(s) = <&mut [u32; 256]>::try_from(&mut *seen) {
        fixed(s, low, high, stamp);
    } else {
        for (&ga, &gb) in low.iter().zip(high.iter().rev()) {
            seen[(ga ^ gb) as usize] = stamp;
        }
    }
}

impl Step for Sparse {
    fn step(&mut self, values: &[u32], _budget: &Budget) -> Result<u32> {
        let n = values.len();
        if self.pending {
            self.pending = false;
            self.select(values);
        }
        let mut scratch = std::mem::take(&mut self.scratch);
        self.open(&mut scratch, values, n, usize::MAX);
        let v = self.close(&mut scratch, values, n);
        self.scratch = scratch;
        self.record(n, v);
        Ok(v)
    }

    fn steps(&mut self, values: &mut Vec<u32>, end: usize, budget: &Budget) -> Result<()> {
        let start = values.len();
        let parallel = match self.threads {
            Threads::One => false,
            Threads::Two => true,
            Threads::Auto => self.chooser.blocks(start),
        };
        let before = self.pairs();
        while values.len() < end {
            let n = values.len();
            let block = if self.pending || !parallel { 0 } else { blocks::block(self, n, end) };
            if block > 0 {
                blocks::run(self, values, n + block);
            } else {
                let v = self.step(values, budget)?;
                values.push(v);
            }
        }
        if self.threads == Threads::Auto {
            let pairs = self.pairs() - before;
            self.chooser.counted(values.len() - start, pairs);
        }
        Ok(())
    }

    fn algorithm(&self) -> Algorithm {
        Algorithm::Sparse
    }

    fn rare(&self) -> Option<(u32, usize)> {
        Some((self.mask, self.rare.len()))
    }

    /// Replays [`Step::step`]'s bookkeeping (mask choices and records) over
    /// `values`, so the mask and the rare heaps are those of computing them.
    fn resume(&mut self, values: &[u32]) -> Result<()> {
        for (n, &v) in values.iter().enumerate() {
            if v >= MAX_VALUE {
                return Err(Error::invalid(format!(
                    "heap {n} has value {v}: the values of a sparse-space search are below 2^30"
                )));
            }
            if self.pending {
                self.pending = false;
                self.select(&values[..n]);
            }
            self.record(n, v);
        }
        Ok(())
    }
}

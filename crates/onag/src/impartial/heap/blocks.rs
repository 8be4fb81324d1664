//! The sparse-space algorithm on several cores: heaps opened in blocks.
//!
//! `g(n)` needs every value before it, but almost all of heap `n`'s work
//! (the options whose heaps are all known, the candidate and the pair scan)
//! needs only the values known when it starts. So a block of heaps
//! `n0..n0 + len` is *opened* in parallel from `g(0..n0)` (rayon), then
//! *closed* in order on the calling thread: each heap marks its few options
//! with a heap in `n0..n` and resumes its scan only when those moved the
//! candidate. One hand-off per block instead of one per heap, so a core
//! taken by another process delays a block, not every heap.
//!
//! A block stops after a value that widens the tables, and never crosses a
//! choice of the mask, so the values, the mask and the rare heaps are those
//! of the one-thread path, bit for bit.

use rayon::prelude::*;

use crate::budget::Budget;
use crate::error::Result;
use crate::impartial::heap::HeapRuleset;
use crate::impartial::heap::sequence::{Plain, PlainScratch, Threads};
use crate::impartial::heap::sparse::{Scratch, Sparse};

/// Below this heap the automatic choice stays on one thread: the work per
/// heap is too small to pay for the hand-offs.
const AUTO_FROM: usize = 1 << 14;

/// The automatic choice opens blocks only when the heaps of the last batch
/// visited at least this many pairs each (about a nanosecond a pair): below,
/// rayon's hand-offs and the options marked when closing cost more than the
/// second core brings. Counted, not timed, so the choice does not depend on
/// the machine's load and runs are reproducible.
const AUTO_PAIRS: u64 = 2000;

/// Batches shorter than this are not counted.
const COUNTED: usize = 256;

/// The most heaps opened together: the options a block's heaps have with
/// one another are marked in order, so longer blocks move work back to one
/// thread.
const MAX_BLOCK: usize = 256;

/// The most pairs a heap's scan visits while opened in a block (the rest,
/// rarely needed, when it is closed): a missing value may be an option
/// with a heap of the block, which no pair of known heaps gives. Small
/// heaps get a quarter of their pairs, so the resumed scans are exercised
/// by small checks too.
fn open_pairs(n: usize) -> usize {
    (n / 4).clamp(16, 1 << 14)
}

/// The automatic choice between one thread and blocks, by the pairs a heap
/// of the last batch visited.
#[derive(Debug, Default)]
pub(super) struct Chooser {
    /// Pairs a heap of the last counted batch visited.
    pairs: u64,
}

impl Chooser {
    /// Whether the batch starting at heap `n` opens blocks.
    pub(super) fn blocks(&self, n: usize) -> bool {
        n >= AUTO_FROM && self.pairs >= AUTO_PAIRS
    }

    /// Records that a batch of `heaps` heaps visited `pairs` pairs.
    pub(super) fn counted(&mut self, heaps: usize, pairs: u64) {
        if heaps >= COUNTED {
            self.pairs = pairs / heaps as u64;
        }
    }
}

/// How many heaps from `n` (below `end`) to open together now; 0 means one
/// heap on the calling thread.
pub(super) fn block(s: &Sparse, n: usize, end: usize) -> usize {
    let len = end.min(s.next_selection).saturating_sub(n).min(MAX_BLOCK);
    if n >= 2 && len >= 2 { len } else { 0 }
}

/// Whether the automatic choice may use a second thread on this machine.
pub(super) fn two_cores() -> bool {
    std::thread::available_parallelism().is_ok_and(|p| p.get() >= 2)
}

/// Computes heaps `values.len()..end` (`values.len() ≥ 2`), or fewer when a
/// value widens the tables or calls for a new mask (the caller continues).
pub(super) fn run(s: &mut Sparse, values: &mut Vec<u32>, end: usize) {
    let n0 = values.len();
    let len = end - n0;
    let mut pool = std::mem::take(&mut s.pool);
    if pool.len() < len {
        pool.resize_with(len, Scratch::default);
    }
    let table = s.table_len();
    for scratch in &mut pool[..len] {
        if scratch.seen.len() != table {
            scratch.seen.resize(table, 0);
        }
    }
    {
        let this: &Sparse = s;
        let known: &[u32] = values;
        pool[..len]
            .par_iter_mut()
            .enumerate()
            .for_each(|(i, scratch)| this.open(scratch, known, n0 + i, open_pairs(n0 + i)));
    }
    for (i, scratch) in pool[..len].iter_mut().enumerate() {
        let n = n0 + i;
        let v = s.close(scratch, values, n0);
        values.push(v);
        let grows = v >> s.bits != 0;
        s.record(n, v);
        if grows || s.pending {
            break;
        }
    }
    s.pool = pool;
}

/// The plain algorithm, moves that leave three heaps or more (`O(n²)`
/// options a heap and more): below this heap the automatic choice stays on
/// one thread.
const PLAIN_WIDE_FROM: usize = 1024;

/// The plain algorithm, moves that leave at most two heaps (`O(n)` options
/// a heap, infinite codes): below this heap the automatic choice stays on
/// one thread.
const PLAIN_NARROW_FROM: usize = 1 << 15;

/// How many heaps from `n` (below `end`) the plain algorithm opens
/// together: a small share of `n`, so the options kept for closing (those
/// with a heap of the block) stay a small share of the work.
pub(super) fn plain_block(threads: Threads, wide: bool, n: usize, end: usize) -> usize {
    let len = end.saturating_sub(n).min((n / 128).clamp(2, 64));
    let from = match threads {
        Threads::One => return 0,
        Threads::Two => 2,
        Threads::Auto if wide => PLAIN_WIDE_FROM,
        Threads::Auto => PLAIN_NARROW_FROM,
    };
    if n >= from && len >= 2 { len } else { 0 }
}

/// Computes heaps `values.len()..end` of the plain algorithm: opened in
/// parallel, closed in order.
pub(super) fn run_plain(
    plain: &mut Plain<'_>,
    rule: &(dyn HeapRuleset + Sync),
    values: &mut Vec<u32>,
    end: usize,
    budget: &Budget,
) -> Result<()> {
    let n0 = values.len();
    let len = end - n0;
    let mut pool = std::mem::take(&mut plain.pool);
    if pool.len() < len {
        pool.resize_with(len, PlainScratch::default);
    }
    {
        let known: &[u32] = values;
        pool[..len]
            .par_iter_mut()
            .enumerate()
            .for_each(|(i, scratch)| Plain::open(rule, scratch, known, n0 + i, budget));
    }
    let mut result = Ok(());
    for scratch in &mut pool[..len] {
        match plain.close(scratch, values) {
            Ok(v) => values.push(v),
            Err(e) => {
                result = Err(e);
                break;
            }
        }
    }
    plain.pool = pool;
    result
}

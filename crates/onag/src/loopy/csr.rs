//! Predecessor lists built from a successor-only game, in compressed sparse rows.
//!
//! The build keeps every random memory access inside a cache-sized window,
//! which is what makes 10^8 positions feasible. Positions are grouped in
//! blocks of 2^16 by their number. Two passes over the game's moves:
//!
//! 1. count every position's moves (its out-degree, which becomes the solver's
//!    counter) and how many moves go into each block;
//! 2. append each move `p → s` to its target's block: `p` into the final
//!    sources array (the block's region of it), the low 16 bits of `s` into a
//!    side array (2 bytes per move, freed at the end).
//!
//! Then each block is sorted into rows by a counting sort on the low bits,
//! touching only that block's offsets (256 KiB) and region. Rows are addressed
//! by `u32` offsets while the graph has fewer than 2^32 moves and by `u64`
//! offsets beyond. The finished lists cost 4 bytes per position plus 4 bytes
//! per move (8 per position past 2^32 moves); the build peaks at 2 more bytes
//! per move.

use crate::budget::Budget;
use crate::error::{Error, ErrorKind, Result};

use super::game::SuccessorGame;

/// Row starts, in the narrowest width that holds the number of moves.
#[derive(Debug, Clone)]
enum Offsets {
    Narrow(Vec<u32>),
    Wide(Vec<u64>),
}

/// The predecessor lists of a game: for each position, the positions that move
/// into it (once per move).
#[derive(Debug, Clone)]
pub struct PredecessorLists {
    /// `n + 1` row starts; row `s` is `sources[start(s)..start(s + 1)]`.
    offsets: Offsets,
    /// Every move's source position, grouped by target.
    sources: Vec<u32>,
}

/// How often (in positions) long loops check the budget.
const CHECK_EVERY: u32 = 1 << 14;
/// Positions per block: `s >> BLOCK_BITS` is `s`'s block.
const BLOCK_BITS: u32 = 16;

/// An offset type: `u32` or `u64`.
trait Offset: Copy + Default + TryFrom<u64> + Into<u64> {}
impl Offset for u32 {}
impl Offset for u64 {}

fn narrow<O: Offset>(x: u64) -> O {
    // Callers choose `O` wide enough for every value they pass.
    O::try_from(x).unwrap_or_default()
}

impl PredecessorLists {
    /// The number of moves.
    pub fn num_moves(&self) -> u64 {
        self.sources.len() as u64
    }

    /// The bytes held by the lists.
    pub fn bytes(&self) -> u64 {
        let offsets = match &self.offsets {
            Offsets::Narrow(v) => v.len() as u64 * 4,
            Offsets::Wide(v) => v.len() as u64 * 8,
        };
        offsets + self.sources.len() as u64 * 4
    }

    /// The positions that move into `s`, once per move.
    #[inline]
    pub fn row(&self, s: u32) -> &[u32] {
        let s = s as usize;
        let (start, end) = match &self.offsets {
            Offsets::Narrow(v) => (v[s] as usize, v[s + 1] as usize),
            Offsets::Wide(v) => (v[s] as usize, v[s + 1] as usize),
        };
        &self.sources[start..end]
    }

    /// Builds the predecessor lists of `game` and returns them with every
    /// position's out-degree (0 for declared positions, whose moves are
    /// ignored).
    ///
    /// Fails on a successor out of range, a position with 2^32 or more moves,
    /// a game whose moves differ between the two passes, or when the budget
    /// runs out.
    pub fn build<G: SuccessorGame>(game: &G, budget: &Budget) -> Result<(Self, Vec<u32>)> {
        Self::build_with(game, budget, false)
    }

    /// [`build`](Self::build), with `u64` offsets even for few moves when
    /// `wide` (so tests reach that path).
    fn build_with<G: SuccessorGame>(
        game: &G,
        budget: &Budget,
        wide: bool,
    ) -> Result<(Self, Vec<u32>)> {
        let n = game.num_positions();
        let len = n as usize;
        budget.check_positions(u64::from(n))?;
        budget.check_memory(u64::from(n) * 8 + 4)?;
        let blocks = (len >> BLOCK_BITS) + 1;
        let mut degrees = vec![0u32; len];
        let mut block_moves = vec![0u64; blocks];
        let mut bad: Option<Error> = None;
        for p in 0..n {
            if p % CHECK_EVERY == 0 {
                budget.check(u64::from(n))?;
                budget.progress("counting moves", u64::from(p), Some(u64::from(n)));
            }
            if game.declared(p).is_some() {
                continue;
            }
            let mut degree = 0u32;
            game.for_each_successor(p, |s| {
                if bad.is_some() {
                    return;
                }
                if s >= n {
                    bad = Some(out_of_range(p, s, n));
                    return;
                }
                match degree.checked_add(1) {
                    Some(d) => {
                        degree = d;
                        block_moves[(s >> BLOCK_BITS) as usize] += 1;
                    }
                    None => bad = Some(too_many_moves(p)),
                }
            });
            if let Some(err) = bad {
                return Err(err);
            }
            degrees[p as usize] = degree;
        }
        let total: u64 = block_moves.iter().sum();
        budget.check_memory(u64::from(n) * 8 + total * 6)?;
        let total_len = usize::try_from(total)
            .map_err(|_| Error::new(ErrorKind::LimitExceeded, "too many moves for this machine"))?;
        if u32::try_from(total).is_ok() && !wide {
            let (offsets, sources) =
                Self::scatter::<G, u32>(game, budget, &degrees, &block_moves, total_len)?;
            Ok((PredecessorLists { offsets: Offsets::Narrow(offsets), sources }, degrees))
        } else {
            let (offsets, sources) =
                Self::scatter::<G, u64>(game, budget, &degrees, &block_moves, total_len)?;
            Ok((PredecessorLists { offsets: Offsets::Wide(offsets), sources }, degrees))
        }
    }

    /// Pass 2 and the per-block sort, with offsets of type `O` (wide enough
    /// for `total_len`).
    fn scatter<G: SuccessorGame, O: Offset>(
        game: &G,
        budget: &Budget,
        degrees: &[u32],
        block_moves: &[u64],
        total_len: usize,
    ) -> Result<(Vec<O>, Vec<u32>)> {
        let n = game.num_positions();
        let len = n as usize;
        // Where each block's region starts, and (during the pass) its tail.
        let mut block_start = Vec::with_capacity(block_moves.len() + 1);
        let mut running = 0u64;
        for &m in block_moves {
            block_start.push(running);
            running += m;
        }
        block_start.push(running);
        let mut tail: Vec<usize> = block_start.iter().map(|&x| x as usize).collect();
        let mut sources = vec![0u32; total_len];
        let mut lows = vec![0u16; total_len];
        let mut bad = false;
        for p in 0..n {
            if p % CHECK_EVERY == 0 {
                budget.check(u64::from(n))?;
                budget.progress("building predecessors", u64::from(p), Some(u64::from(n)));
            }
            if degrees[p as usize] == 0 {
                continue;
            }
            game.for_each_successor(p, |s| {
                if bad || s >= n {
                    bad = true;
                    return;
                }
                let b = (s >> BLOCK_BITS) as usize;
                let i = tail[b];
                if i as u64 >= block_start[b + 1] {
                    bad = true;
                    return;
                }
                sources[i] = p;
                lows[i] = s as u16;
                tail[b] = i + 1;
            });
            if bad {
                return Err(unstable());
            }
        }
        if tail.iter().zip(&block_start[1..]).any(|(&t, &end)| t as u64 != end) {
            return Err(unstable());
        }
        drop(tail);
        // Sort each block's region into rows: counts, then running ends, then
        // one decrement per placed move, which leaves each row's start.
        let mut offsets: Vec<O> = vec![O::default(); len + 1];
        let mut scratch: Vec<u32> = Vec::new();
        for (b, window) in offsets[..len].chunks_mut(1 << BLOCK_BITS).enumerate() {
            if b % 64 == 0 {
                budget.check(u64::from(n))?;
                budget.progress("sorting predecessors", (b as u64) << BLOCK_BITS, Some(len as u64));
            }
            let (lo, hi) = (block_start[b] as usize, block_start[b + 1] as usize);
            for &l in &lows[lo..hi] {
                let slot = &mut window[l as usize];
                *slot = narrow((*slot).into() + 1);
            }
            let mut end = lo as u64;
            for slot in window.iter_mut() {
                end += (*slot).into();
                *slot = narrow(end);
            }
            scratch.clear();
            scratch.extend_from_slice(&sources[lo..hi]);
            for (&p, &l) in scratch.iter().zip(&lows[lo..hi]) {
                let at: u64 = window[l as usize].into() - 1;
                window[l as usize] = narrow(at);
                sources[at as usize] = p;
            }
        }
        offsets[len] = narrow(total_len as u64);
        Ok((offsets, sources))
    }
}

fn out_of_range(p: u32, s: u32, n: u32) -> Error {
    Error::invalid(format!("position {p} has a move to {s}, but there are only {n} positions"))
}

fn too_many_moves(p: u32) -> Error {
    Error::new(ErrorKind::LimitExceeded, format!("position {p} has 2^32 moves or more"))
}

fn unstable() -> Error {
    Error::invalid("the game listed different moves on two passes over the same position")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::loopy::ExplicitGraph;

    #[test]
    fn rows_list_sources_once_per_move() {
        let g = ExplicitGraph::impartial(&[vec![1, 2, 2], vec![0], vec![]]).unwrap();
        let (lists, degrees) = PredecessorLists::build(&g, &Budget::unlimited()).unwrap();
        assert_eq!(degrees, vec![3, 1, 0]);
        assert_eq!(lists.row(0), &[1]);
        assert_eq!(lists.row(1), &[0]);
        assert_eq!(lists.row(2), &[0, 0]);
        assert_eq!(lists.num_moves(), 4);
    }

    /// A graph of several blocks with pseudo-random moves.
    struct Scattered {
        n: u32,
    }

    impl SuccessorGame for Scattered {
        fn num_positions(&self) -> u32 {
            self.n
        }
        fn for_each_successor(&self, p: u32, mut f: impl FnMut(u32)) {
            let mut x = u64::from(p).wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
            for _ in 0..p % 5 {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                f((x % u64::from(self.n)) as u32);
            }
        }
    }

    #[test]
    fn blocks_sort_into_rows_in_both_widths() {
        let g = Scattered { n: 3 * (1 << BLOCK_BITS) + 123 };
        let mut naive = vec![Vec::new(); g.n as usize];
        for p in 0..g.n {
            g.for_each_successor(p, |s| naive[s as usize].push(p));
        }
        for wide in [false, true] {
            let (lists, degrees) =
                PredecessorLists::build_with(&g, &Budget::unlimited(), wide).unwrap();
            assert_eq!(matches!(lists.offsets, Offsets::Wide(_)), wide);
            for s in 0..g.n {
                let mut row = lists.row(s).to_vec();
                row.sort_unstable();
                assert_eq!(row, naive[s as usize], "row {s}");
            }
            assert_eq!(degrees.iter().map(|&d| u64::from(d)).sum::<u64>(), lists.num_moves());
        }
    }

    #[test]
    fn successor_out_of_range_is_an_error() {
        struct Bad;
        impl SuccessorGame for Bad {
            fn num_positions(&self) -> u32 {
                2
            }
            fn for_each_successor(&self, p: u32, mut f: impl FnMut(u32)) {
                f(p + 5);
            }
        }
        let err = PredecessorLists::build(&Bad, &Budget::unlimited()).unwrap_err();
        assert!(err.message().contains("move to 5"), "{err}");
    }
}

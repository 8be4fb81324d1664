//! Predecessor lists built from a successor-only game, in compressed sparse rows.
//!
//! Two passes over the game's moves: the first counts every position's moves
//! (its out-degree, which becomes the solver's counter) and in-degree, the
//! second scatters each move `p → s` into `s`'s row. Rows are addressed by
//! `u32` offsets while the graph has fewer than 2^32 moves and by `u64`
//! offsets beyond, so the layout costs 4 bytes per position plus 4 bytes per
//! move (8 per position past 2^32 moves). The offsets array is filled in place:
//! in-degrees, then running sums, then decremented once per scattered move,
//! which leaves each row's start; no second array is needed.

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
        let n = game.num_positions();
        let len = n as usize;
        budget.check_positions(u64::from(n))?;
        budget.check_memory(u64::from(n) * 8 + 4)?;
        let mut degrees = vec![0u32; len];
        let mut counts = vec![0u32; len + 1];
        let mut bad: Option<Error> = None;
        for p in 0..n {
            if p % CHECK_EVERY == 0 {
                budget.check(u64::from(p))?;
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
                match (degree.checked_add(1), counts[s as usize].checked_add(1)) {
                    (Some(d), Some(c)) => {
                        degree = d;
                        counts[s as usize] = c;
                    }
                    _ => bad = Some(too_many_moves(p, s)),
                }
            });
            if let Some(err) = bad {
                return Err(err);
            }
            degrees[p as usize] = degree;
        }
        let total: u64 = counts.iter().map(|&c| u64::from(c)).sum();
        budget.check_memory(u64::from(n) * 8 + total * 4)?;
        let total_len = usize::try_from(total)
            .map_err(|_| Error::new(ErrorKind::LimitExceeded, "too many moves for this machine"))?;
        let mut sources = vec![0u32; total_len];
        let offsets = if u32::try_from(total).is_ok() {
            let mut running = 0u32;
            for c in counts.iter_mut().take(len) {
                running += *c;
                *c = running;
            }
            counts[len] = running;
            Offsets::Narrow(counts)
        } else {
            let mut wide = Vec::with_capacity(len + 1);
            let mut running = 0u64;
            for &c in counts.iter().take(len) {
                running += u64::from(c);
                wide.push(running);
            }
            wide.push(running);
            drop(counts);
            Offsets::Wide(wide)
        };
        let mut offsets = offsets;
        let mut scattered = 0u64;
        for p in 0..n {
            if p % CHECK_EVERY == 0 {
                budget.check(u64::from(p))?;
                budget.progress("building predecessors", u64::from(p), Some(u64::from(n)));
            }
            if degrees[p as usize] == 0 {
                continue;
            }
            game.for_each_successor(p, |s| {
                if bad.is_some() {
                    return;
                }
                let slot = if s >= n {
                    None
                } else {
                    match &mut offsets {
                        Offsets::Narrow(v) => v[s as usize].checked_sub(1).map(|o| {
                            v[s as usize] = o;
                            o as usize
                        }),
                        Offsets::Wide(v) => v[s as usize].checked_sub(1).map(|o| {
                            v[s as usize] = o;
                            o as usize
                        }),
                    }
                };
                match slot {
                    Some(i) => {
                        sources[i] = p;
                        scattered += 1;
                    }
                    None => bad = Some(unstable()),
                }
            });
            if let Some(err) = bad {
                return Err(err);
            }
        }
        if scattered != total {
            return Err(unstable());
        }
        Ok((PredecessorLists { offsets, sources }, degrees))
    }
}

fn out_of_range(p: u32, s: u32, n: u32) -> Error {
    Error::invalid(format!("position {p} has a move to {s}, but there are only {n} positions"))
}

fn too_many_moves(p: u32, s: u32) -> Error {
    Error::new(
        ErrorKind::LimitExceeded,
        format!("too many moves from {p} or into {s} (2^32 or more)"),
    )
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

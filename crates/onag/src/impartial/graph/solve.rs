//! Sprague–Grundy values of every position of an acyclic game graph.
//!
//! One iterative depth-first search (an explicit stack of `(position, next
//! move)` frames, so a path of 10^7 positions needs no call stack) finishes each
//! position after all its options and computes its value from theirs. A move to
//! a position still on the stack closes a cycle: the search stops with an
//! [`ErrorKind::Cycle`] error naming a position on it and the cycle itself.
//!
//! The same search computes the other per-position values the crate needs
//! (misère values in [`super::misere`], Every-SG steps in
//! [`super::every_sg`]) through a `combine` function.

use super::{GameGraph, PositionId};
use crate::budget::Budget;
use crate::error::{Error, ErrorKind, Result};
use crate::impartial::Outcome;

/// Values reserved in the value table while the search runs.
const UNSEEN: u32 = u32::MAX;
const ON_STACK: u32 = u32::MAX - 1;

/// How many positions are finished between two budget checks.
const CHECK_EVERY: u64 = 1 << 14;

/// Computes `combine(moves, values)` for every position, options first.
///
/// `combine` sees the position's moves and the value table, in which every
/// move's value is final; it must return a value below `u32::MAX - 1`.
pub(crate) fn solve_acyclic<F>(
    graph: &GameGraph,
    budget: &Budget,
    task: &str,
    mut combine: F,
) -> Result<Vec<u32>>
where
    F: FnMut(&[PositionId], &[u32]) -> u32,
{
    let n = graph.len();
    budget.check_positions(n as u64)?;
    let offsets = graph.offsets();
    let targets = graph.targets();
    let mut values = vec![UNSEEN; n];
    let mut stack: Vec<(u32, usize)> = Vec::new();
    let mut done: u64 = 0;
    let total = Some(n as u64);
    let report = budget.reports_progress();
    for root in 0..n {
        if values[root] != UNSEEN {
            continue;
        }
        values[root] = ON_STACK;
        stack.push((root as u32, offsets[root]));
        while let Some(top) = stack.last_mut() {
            let v = top.0 as usize;
            let end = offsets[v + 1];
            let mut cursor = top.1;
            let mut descended = false;
            if cursor == offsets[v] {
                prefetch_children(&targets[cursor..end], &values, offsets);
            }
            while cursor < end {
                let w = targets[cursor].index();
                match values[w] {
                    UNSEEN => {
                        top.1 = cursor + 1;
                        values[w] = ON_STACK;
                        stack.push((w as u32, offsets[w]));
                        descended = true;
                        break;
                    }
                    ON_STACK => return Err(cycle_error(graph, &stack, PositionId(w as u32))),
                    _ => cursor += 1,
                }
            }
            if descended {
                continue;
            }
            let value = combine(&targets[offsets[v]..end], &values);
            debug_assert!(value < ON_STACK);
            values[v] = value;
            stack.pop();
            done += 1;
            if done % CHECK_EVERY == 0 {
                budget.check(done)?;
                if report {
                    budget.progress(task, done, total);
                }
            }
        }
    }
    if report {
        budget.progress(task, done, total);
    }
    Ok(values)
}

/// Asks the processor to start loading the value and move offset of every
/// option at once (the loads of a depth-first search are otherwise one
/// cache miss after another on a large graph).
#[inline]
fn prefetch_children(children: &[PositionId], values: &[u32], offsets: &[usize]) {
    for w in children {
        crate::prefetch::prefetch(values, w.index());
        crate::prefetch::prefetch(offsets, w.index());
    }
}

/// The error for a move from the top of `stack` to `w`, which is on the stack.
fn cycle_error(graph: &GameGraph, stack: &[(u32, usize)], w: PositionId) -> Error {
    const SHOWN: usize = 8;
    let from = stack.iter().rposition(|&(v, _)| v == w.0).unwrap_or(0);
    let cycle: Vec<PositionId> = stack[from..].iter().map(|&(v, _)| PositionId(v)).collect();
    let mut path: Vec<&str> = cycle.iter().take(SHOWN).map(|&p| graph.name(p)).collect();
    if cycle.len() > SHOWN {
        path.push("...");
    }
    path.push(graph.name(w));
    Error::new(
        ErrorKind::Cycle,
        format!(
            "cycle through position `{}` ({}; {} positions): the game must end, \
             so no position may be reachable from itself",
            graph.name(w),
            path.join(" -> "),
            cycle.len()
        ),
    )
    .at(graph.location(w))
}

/// The minimum excludant of the options' values, with a reusable scratch
/// buffer of stamps (no clearing between positions).
#[derive(Debug, Default)]
pub(crate) struct MexScratch {
    seen: Vec<u32>,
    stamp: u32,
}

impl MexScratch {
    /// `mex { values[w] : w in moves }`.
    pub(crate) fn mex(&mut self, moves: &[PositionId], values: &[u32]) -> u32 {
        let d = moves.len();
        if self.seen.len() <= d {
            self.seen.resize(d + 1, 0);
        }
        if self.stamp == u32::MAX {
            self.seen.fill(0);
            self.stamp = 0;
        }
        self.stamp += 1;
        let stamp = self.stamp;
        for w in moves {
            let g = values[w.index()] as usize;
            if g <= d {
                self.seen[g] = stamp;
            }
        }
        // The mex of d values is at most d, so the search stops by index d.
        self.seen[..=d].iter().position(|&s| s != stamp).unwrap_or(d) as u32
    }
}

/// The Grundy value of every position of a graph.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GrundyValues {
    values: Vec<u32>,
}

impl GrundyValues {
    /// The Grundy value of `p`.
    pub fn grundy(&self, p: PositionId) -> u64 {
        u64::from(self.values[p.index()])
    }

    /// P if `p` has value 0 (the player to move loses), N otherwise.
    pub fn outcome(&self, p: PositionId) -> Outcome {
        Outcome::from_zero(self.values[p.index()] == 0)
    }

    /// The moves from `p` to a position of value 0, in the order written.
    pub fn winning_moves(&self, graph: &GameGraph, p: PositionId) -> Vec<PositionId> {
        graph.moves(p).iter().copied().filter(|q| self.values[q.index()] == 0).collect()
    }

    /// The values of all positions, indexed by id.
    pub fn as_slice(&self) -> &[u32] {
        &self.values
    }
}

/// The Grundy value of every position of the acyclic graph `graph`
/// (normal play: a position with no moves has value 0).
///
/// Fails with [`ErrorKind::Cycle`] on a cycle, or when the budget runs out.
pub fn grundy_values(graph: &GameGraph, budget: &Budget) -> Result<GrundyValues> {
    let mut scratch = MexScratch::default();
    let values =
        solve_acyclic(graph, budget, "solving graph", |moves, values| scratch.mex(moves, values))?;
    Ok(GrundyValues { values })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::graph::parse_text;

    #[test]
    fn seed_subtraction_1_2_3() {
        // Seed 004: S = {1, 2, 3}, g(x) = x mod 4.
        let mut text = String::from("10: 9 8 7\n");
        for x in (0..10).rev() {
            let moves: Vec<String> =
                (1..=3).filter(|&s| s <= x).map(|s| (x - s).to_string()).collect();
            text.push_str(&format!("{x}: {}\n", moves.join(" ")));
        }
        let g = parse_text(&text, "").unwrap();
        let v = grundy_values(&g, &Budget::unlimited()).unwrap();
        for x in 0..=10u64 {
            assert_eq!(v.grundy(g.find(&x.to_string()).unwrap()), x % 4);
        }
        let winning: Vec<&str> =
            v.winning_moves(&g, g.start()).iter().map(|&q| g.name(q)).collect();
        assert_eq!(winning, ["8"]);
    }

    #[test]
    fn cycles_are_errors_naming_a_position() {
        let g = parse_text("a: b\nb: c\nc: b d\nd:\n", "g.txt").unwrap();
        let err = grundy_values(&g, &Budget::unlimited()).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::Cycle);
        assert!(err.to_string().starts_with("g.txt:2:1: cycle through position `b` (b -> c -> b;"));
        let g = parse_text("a: a\n", "").unwrap();
        assert_eq!(grundy_values(&g, &Budget::unlimited()).unwrap_err().kind(), ErrorKind::Cycle);
    }

    #[test]
    fn long_paths_need_no_recursion() {
        let n = 200_000u32;
        let names: Vec<String> = (0..n).map(|i| i.to_string()).collect();
        let moves: Vec<Vec<u32>> =
            (0..n).map(|i| if i + 1 < n { vec![i + 1] } else { vec![] }).collect();
        let g = GameGraph::from_moves(&names, &moves).unwrap();
        let v = grundy_values(&g, &Budget::unlimited()).unwrap();
        assert_eq!(v.grundy(PositionId(0)), u64::from((n - 1) % 2));
    }

    #[test]
    fn budget_limits_stop_the_search() {
        let g = parse_text("a: b\nb:\n", "").unwrap();
        let budget = Budget::unlimited().with_max_positions(1);
        assert_eq!(grundy_values(&g, &budget).unwrap_err().kind(), ErrorKind::LimitExceeded);
    }
}

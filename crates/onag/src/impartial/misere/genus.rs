//! The genus of sums of heaps, with a proved point from which its `γ`
//! sequence repeats (not a guess from a few alternating values).
//!
//! Write `γk(X, e)` for the misère value of `X + e·*1 + k·*2` (`e` is 0 or
//! 1: in misère play `*1 + *1 = 0`, so more `*1`s are never needed). Its
//! options are the moves in `X`, removing the `*1`, and turning one `*2`
//! into `*1` or `0`, so for `k ≥ 1`
//!
//! - `γk(X, 0) = mex({γk(X′, 0)} ∪ {γk−1(X, 0), γk−1(X, 1)})`,
//! - `γk(X, 1) = mex({γk(X′, 1)} ∪ {γk(X, 0), γk−1(X, 0), γk−1(X, 1)})`,
//!
//! over the options `X′` of `X` (for `k = 0` the `*2` terms are absent, and
//! a position with no move at all has misère value 1).
//!
//! **Settling rule.** Suppose every option `X′` has `γk+2(X′, e) = γk(X′, e)`
//! for all `k ≥ m` and both `e`. Then for `k ≥ K = max(m, 1)` the pair
//! `Pk = (γk(X, 0), γk(X, 1))` is `F(k mod 2)(Pk−1)` for two fixed maps.
//! So if `Pt = Pt+2` for some `t ≥ K − 1`, induction gives
//! `Pk+2 = F(Pk+1) = F(Pk−1) = Pk` for every `k ≥ t`: the position settles
//! from `t`. Positions are computed options first (an explicit stack), so
//! each one's `m` is known, and the sequence is extended only until that
//! proved point. The genus is `γk(X, 0)` up to the start of its 2-cycle.

use std::ops::ControlFlow;

use rustc_hash::FxHashMap;

use crate::budget::Budget;
use crate::error::{Error, ErrorKind, Result};
use crate::impartial::heap::HeapRuleset;

/// How far past its options' settling point a position's sequence may run
/// before the search gives up (the theory says it settles within a few steps).
const MAX_EXTRA_STEPS: usize = 4096;

/// The `γ` sequences of one position, with and without an extra `*1`.
///
/// Invariant: both vectors have length `settled + 2`, and for every
/// `k ≥ settled` the sequences satisfy `γk+2 = γk`.
#[derive(Debug, Clone)]
pub(super) struct Record {
    gammas: [Vec<u32>; 2],
    settled: usize,
}

impl Record {
    /// `γk` with `e` extra `*1`s, for any `k`.
    fn at(&self, e: usize, k: usize) -> u32 {
        let v = &self.gammas[e];
        if k < v.len() { v[k] } else { v[self.settled + (k - self.settled) % 2] }
    }

    /// `γ0, γ1, …` of the position itself (no `*1`), up to one full 2-cycle.
    pub(super) fn sequence(&self) -> &[u32] {
        &self.gammas[0]
    }

    /// The index from which both sequences repeat with period 2.
    pub(super) fn settled(&self) -> usize {
        self.settled
    }
}

/// Memoised `γ` sequences of sums of heaps of one ruleset.
pub(super) struct GenusTable {
    memo: FxHashMap<Vec<u32>, Record>,
}

fn mex(values: &mut Vec<u32>) -> u32 {
    values.sort_unstable();
    values.dedup();
    values.iter().enumerate().find(|&(i, &v)| v != i as u32).map_or(values.len(), |(i, _)| i) as u32
}

impl GenusTable {
    pub(super) fn new() -> Self {
        GenusTable { memo: FxHashMap::default() }
    }

    pub(super) fn len(&self) -> usize {
        self.memo.len()
    }

    /// The record of the position `key` (sorted heaps that have moves),
    /// computing it and every position below it that is still unknown.
    /// `options(key)` lists the options of a position as keys.
    pub(super) fn record(
        &mut self,
        root: Vec<u32>,
        options: &mut dyn FnMut(&[u32]) -> Vec<Vec<u32>>,
        budget: &Budget,
    ) -> Result<&Record> {
        // A position waiting for its options keeps their list, so it is
        // generated once.
        type Pending = (Vec<u32>, Option<Vec<Vec<u32>>>);
        let mut stack: Vec<Pending> = vec![(root.clone(), None)];
        let mut steps = 0u64;
        while let Some((key, known)) = stack.pop() {
            if self.memo.contains_key(&key) {
                continue;
            }
            steps += 1;
            if steps % 256 == 0 {
                budget.check(self.memo.len() as u64)?;
                budget.progress("genus positions", self.memo.len() as u64, budget.max_positions());
            }
            let opts = match known {
                Some(opts) => opts,
                None => {
                    let opts = options(&key);
                    let missing: Vec<Vec<u32>> =
                        opts.iter().filter(|o| !self.memo.contains_key(*o)).cloned().collect();
                    if !missing.is_empty() {
                        if missing.len() >= 1024 {
                            budget.check((self.memo.len() + stack.len() + missing.len()) as u64)?;
                        }
                        stack.push((key, Some(opts)));
                        stack.extend(missing.into_iter().map(|k| (k, None)));
                        continue;
                    }
                    opts
                }
            };
            let record = {
                let records: Vec<&Record> = opts.iter().map(|o| &self.memo[o]).collect();
                settle(&records)?
            };
            self.memo.insert(key, record);
        }
        Ok(&self.memo[&root])
    }
}

/// The sequences of a position whose options have the records `options`,
/// extended until the settling rule proves them periodic.
fn settle(options: &[&Record]) -> Result<Record> {
    let m = options.iter().map(|r| r.settled).max().unwrap_or(0);
    let start = m.max(1);
    let mut seen = Vec::with_capacity(options.len() + 3);
    let (mut g0, mut g1) = (Vec::new(), Vec::new());
    // k = 0.
    seen.extend(options.iter().map(|r| r.at(0, 0)));
    let a = if options.is_empty() { 1 } else { mex(&mut seen) };
    seen.clear();
    seen.extend(options.iter().map(|r| r.at(1, 0)));
    seen.push(a);
    let b = mex(&mut seen);
    g0.push(a);
    g1.push(b);
    let mut k = 1;
    loop {
        let (p0, p1) = (g0[k - 1], g1[k - 1]);
        seen.clear();
        seen.extend(options.iter().map(|r| r.at(0, k)));
        seen.extend([p0, p1]);
        let a = mex(&mut seen);
        seen.clear();
        seen.extend(options.iter().map(|r| r.at(1, k)));
        seen.extend([a, p0, p1]);
        let b = mex(&mut seen);
        g0.push(a);
        g1.push(b);
        // t = k − 2 must be at least start − 1.
        if k >= 2 && k > start && g0[k - 2] == a && g1[k - 2] == b {
            let settled = k - 2;
            g0.truncate(settled + 2);
            g1.truncate(settled + 2);
            return Ok(Record { gammas: [g0, g1], settled });
        }
        if k > start + MAX_EXTRA_STEPS {
            return Err(Error::new(
                ErrorKind::Overflow,
                format!("the genus sequence did not repeat within {MAX_EXTRA_STEPS} steps"),
            ));
        }
        k += 1;
    }
}

/// The options of the sum of the sorted heaps `heaps` as sorted keys of
/// heaps that have moves (`has_moves` tells which do).
pub(super) fn sum_options(
    rule: &dyn HeapRuleset,
    heaps: &[u32],
    has_moves: &mut dyn FnMut(usize) -> bool,
) -> Vec<Vec<u32>> {
    let mut out = Vec::new();
    for i in 0..heaps.len() {
        if i > 0 && heaps[i] == heaps[i - 1] {
            continue;
        }
        let mut parts_list: Vec<Vec<usize>> = Vec::new();
        rule.for_each_option(heaps[i] as usize, &mut |parts| {
            parts_list.push(parts.to_vec());
            ControlFlow::Continue(())
        });
        for parts in parts_list {
            let mut key: Vec<u32> = heaps
                .iter()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .map(|(_, &h)| h)
                .chain(parts.into_iter().filter(|&h| has_moves(h)).map(|h| h as u32))
                .collect();
            key.sort_unstable();
            out.push(key);
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

//! The genus of a game (computed on its misère canonical form), with a
//! proved point from which its `γ` sequence repeats (not a guess from a few alternating values).
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

use rustc_hash::FxHashMap;

use crate::budget::Budget;
use crate::error::{Error, ErrorKind, Result};
use crate::impartial::misere::canonical::{FormId, MisereForms};

/// How far past its options' settling point a position's sequence may run
/// before the search gives up (the theory says it settles within a few steps).
const MAX_EXTRA_STEPS: usize = 4096;

/// Bytes a record takes in the memo (two short vectors and a map slot).
const RECORD_BYTES: u64 = 128;

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

/// Memoised `γ` sequences of misère canonical forms. The genus is a
/// property of a game's misère value (deleting a reversible option changes
/// no misère Grundy value: see `canonical.rs`), so it is computed on the
/// simplest form, which has far fewer followers than the position it came from.
pub(super) struct GenusTable {
    memo: FxHashMap<FormId, Record>,
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

    /// The record of the form `root`, computing it and every follower
    /// that is still unknown (an explicit stack).
    pub(super) fn record(
        &mut self,
        root: FormId,
        forms: &MisereForms,
        budget: &Budget,
    ) -> Result<&Record> {
        let mut stack: Vec<FormId> = vec![root];
        let mut steps = 0u64;
        while let Some(&g) = stack.last() {
            if self.memo.contains_key(&g) {
                stack.pop();
                continue;
            }
            steps += 1;
            if steps % 256 == 0 {
                budget.check((self.memo.len() + forms.len()) as u64)?;
                budget.check_memory(forms.bytes() + RECORD_BYTES * self.memo.len() as u64)?;
            }
            let before = stack.len();
            stack.extend(forms.options(g).iter().filter(|o| !self.memo.contains_key(*o)));
            if stack.len() > before {
                continue;
            }
            stack.pop();
            let record = {
                let records: Vec<&Record> =
                    forms.options(g).iter().map(|o| &self.memo[o]).collect();
                settle(&records)?
            };
            self.memo.insert(g, record);
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

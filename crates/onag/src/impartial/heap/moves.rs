//! Winning moves of sums of heaps of any size (up to `2^64 − 1` tokens) for
//! take-and-break codes whose Grundy sequence has a certified period.
//!
//! A big heap has too many options to list one by one, but once the values
//! repeat with period `p` from `pp` on, a split of `m` tokens into `a + b`
//! with `pp ≤ a ≤ b` has value `g(a) ⊕ g(b)` depending only on `a mod p`
//! (for fixed `m`). So the winning splits are counted residue by residue,
//! with the irregular part `a < pp` searched directly, and the first few are
//! listed in order. Small heaps (below `2·(pp + p)` tokens after the
//! removal) are searched directly.

use num_bigint::BigUint;
use serde::Serialize;

use crate::error::{Error, Result};
use crate::impartial::heap::{GrundySequence, HeapRuleset, TakeAndBreak};

/// How many winning moves [`winning_moves_of_sum`] lists unless told otherwise.
pub const DEFAULT_LISTED: usize = 20;

/// One move in a sum of heaps: heap number `heap` (0-based), of `from`
/// tokens, becomes the heaps `to` (non-decreasing; empty when nothing is left).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct HeapMove {
    /// The index of the heap moved in.
    pub heap: usize,
    /// Its size.
    pub from: u64,
    /// The heaps it becomes.
    pub to: Vec<u64>,
}

/// The winning moves of a sum: how many there are and the first ones.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct WinningMoves {
    /// The number of winning moves (options of value 0), counting a split
    /// into the same sizes once.
    #[serde(serialize_with = "crate::number::serde_decimal::serialize")]
    pub count: BigUint,
    /// The first winning moves, in the order: heap, tokens removed, heaps
    /// left, smallest part.
    pub listed: Vec<HeapMove>,
}

struct Collector {
    count: BigUint,
    listed: Vec<HeapMove>,
    limit: usize,
    heap: usize,
    from: u64,
}

impl Collector {
    fn found(&mut self, to: Vec<u64>) {
        self.count += 1u32;
        if self.listed.len() < self.limit {
            self.listed.push(HeapMove { heap: self.heap, from: self.from, to });
        }
    }

    fn full(&self) -> bool {
        self.listed.len() >= self.limit
    }
}

fn value(seq: &GrundySequence, n: u64) -> Result<u32> {
    seq.value(n).ok_or_else(|| match seq.wide_value(n) {
        Some(v) => Error::invalid(format!(
            "heap {n}: its value {v} passes 2^32 - 1, beyond what winning moves are searched for"
        )),
        None => Error::invalid(format!(
            "heap {n}: its value lies beyond the computed table and no period is certified"
        )),
    })
}

/// The winning moves (normal play) of the sum of `heaps` of `rule`, whose
/// Grundy sequence is `seq`: all of them counted, the first `limit` listed.
/// Heaps of any size are answered when `seq` has a certified period of
/// saltus 0 and the code leaves at most two heaps; otherwise every heap must
/// lie within the table. Empty when the sum is a P-position.
pub fn winning_moves_of_sum(
    rule: &TakeAndBreak,
    seq: &GrundySequence,
    heaps: &[u64],
    limit: usize,
) -> Result<WinningMoves> {
    let mut total = 0u32;
    for &h in heaps {
        total ^= value(seq, h)?;
    }
    let mut out =
        Collector { count: BigUint::from(0u32), listed: Vec::new(), limit, heap: 0, from: 0 };
    if total == 0 {
        return Ok(WinningMoves { count: out.count, listed: out.listed });
    }
    for (i, &h) in heaps.iter().enumerate() {
        out.heap = i;
        out.from = h;
        let want = total ^ value(seq, h)?;
        heap_moves(rule, seq, h, want, &mut out)?;
    }
    Ok(WinningMoves { count: out.count, listed: out.listed })
}

/// Every option of a heap of `h` tokens with value `want`, into `out`.
fn heap_moves(
    rule: &TakeAndBreak,
    seq: &GrundySequence,
    h: u64,
    want: u32,
    out: &mut Collector,
) -> Result<()> {
    let periodic = seq.certified.filter(|c| c.saltus == 0);
    let in_table = usize::try_from(h).ok().filter(|&n| n < seq.values.len());
    let (k, max_heaps) = match rule.periodicity_criterion() {
        Some(c) => (c.1, c.0),
        None => (usize::MAX, u32::MAX),
    };
    // Heaps within the table with a rule beyond the counting below: list every option.
    if let Some(n) = in_table
        && (max_heaps > 2 || k == usize::MAX)
    {
        let mut bad = None;
        let _ = rule.for_each_option(n, |parts| {
            let mut x = 0;
            for &p in parts {
                match seq.values.get(p) {
                    Some(&v) => x ^= v,
                    None => {
                        bad = Some(p);
                        return std::ops::ControlFlow::Break(());
                    }
                }
            }
            if x == want {
                out.found(parts.iter().map(|&p| p as u64).collect());
            }
            std::ops::ControlFlow::Continue(())
        });
        return match bad {
            Some(p) => Err(Error::invalid(format!("heap {p} lies beyond the computed table"))),
            None => Ok(()),
        };
    }
    if in_table.is_none() && periodic.is_none() {
        return Err(Error::invalid(format!(
            "heap {h}: winning moves of heaps beyond the table need a certified period \
             without saltus"
        )));
    }
    if max_heaps > 2 || k == usize::MAX {
        return Err(Error::invalid(format!(
            "heap {h}: winning moves of heaps beyond the table are listed only for finite \
             codes leaving at most two heaps without constraints ({} is not one)",
            rule
        )));
    }
    for t in 0..=(k as u64).min(h) {
        let digit = rule.digit(t as usize);
        let m = h - t;
        if digit.heaps & 1 != 0 && m == 0 && want == 0 {
            out.found(Vec::new());
        }
        if digit.heaps & 2 != 0 && m >= 1 && value(seq, m)? == want {
            out.found(vec![m]);
        }
        if digit.heaps & 4 != 0 && m >= 2 {
            splits(seq, periodic, m, want, out)?;
        }
    }
    Ok(())
}

/// The splits `a + b = m` (`1 ≤ a ≤ b`) with `g(a) ⊕ g(b) = want`.
fn splits(
    seq: &GrundySequence,
    periodic: Option<crate::impartial::heap::Periodicity>,
    m: u64,
    want: u32,
    out: &mut Collector,
) -> Result<()> {
    let half = m / 2;
    let (pp, p) = match periodic {
        Some(c) => (c.preperiod as u64, c.period as u64),
        None => (u64::MAX, 1),
    };
    // Directly: small heaps, and the irregular parts a < pp of big ones.
    let direct_end =
        if m < pp.saturating_add(p).saturating_mul(2) { half } else { pp.saturating_sub(1) };
    let mut a = 1;
    while a <= direct_end.min(half) {
        if value(seq, a)? ^ value(seq, m - a)? == want {
            out.found(vec![a, m - a]);
        }
        a += 1;
    }
    if direct_end >= half {
        return Ok(());
    }
    // a = pp + x with 0 ≤ x ≤ last; b = m − a ≥ m − half ≥ pp (as m ≥ 2·pp).
    let last = half - pp;
    let table = &seq.values;
    let base = usize::try_from(pp).map_err(|_| Error::invalid("preperiod too large"))?;
    let p_us = usize::try_from(p).map_err(|_| Error::invalid("period too large"))?;
    let shift = ((m - 2 * pp) % p) as usize;
    let mut residues = Vec::new();
    for r in 0..p_us {
        let b_residue = (shift + p_us - r) % p_us;
        let (ga, gb) = (table.get(base + r), table.get(base + b_residue));
        match (ga, gb) {
            (Some(&ga), Some(&gb)) if ga ^ gb == want => residues.push(r as u64),
            (Some(_), Some(_)) => {}
            _ => return Err(Error::invalid("the certified period lies beyond the table")),
        }
    }
    for &r in &residues {
        if r <= last {
            out.count += BigUint::from((last - r) / p) + 1u32;
        }
    }
    // The first few, in order of a.
    let mut block = 0u64;
    'list: while !out.full() && !residues.is_empty() {
        for &r in &residues {
            let x = match block.checked_mul(p).and_then(|b| b.checked_add(r)) {
                Some(x) if x <= last => x,
                _ => break 'list,
            };
            if out.full() {
                break 'list;
            }
            let a = pp + x;
            out.listed.push(HeapMove { heap: out.heap, from: out.from, to: vec![a, m - a] });
        }
        block += 1;
    }
    Ok(())
}

//! Certified arithmetic periodicity of take-and-break codes: a proof,
//! checked on a finite stretch of the sequence, that
//! `g(n + p) = g(n) + s` for every `n ≥ pp`.
//!
//! **Theorem.** Let a finite code without constraints remove at most `k`
//! tokens, let `s = 2^m ≥ 1`, `p ≥ 1`, and `pp ≥ 1`, or `pp = 0` if (Z)
//! every move that may leave `j ≥ 1` heaps may also leave `j − 1`; let `f` be the
//! sequence with `f(n) = g(n)` for `n < pp + p` and `f(n) = f(n − p) + s`
//! beyond. Write `q(a) = ⌊(a − pp) / p⌋` for `a ≥ pp` (0 below), so that
//! `f(a) = s·q(a) + b(a)` with `b(a) < s`, and the value of a split is
//! `s·(⊕ q) + (⊕ b)`. Suppose
//!
//! - (S) `g(n) < s` for every `n < pp + p`;
//! - (X) `t + (j − i) + (i − 1)·pp ≥ p` for every move "remove `t`, leave
//!   `j ≥ 2` heaps" and every `2 ≤ i ≤ j`;
//! - (V) `g = f` on `0 ≤ n < N + 2p` for some `N ≥ pp + p`, and for every
//!   `N ≤ n < N + 2p` the property Π(n) below holds.
//!
//! Then `g = f` everywhere. Call an option of `n` of value `v` *led* if some
//! heap `a ≥ pp` in it has `q(a)` equal to the XOR of all the heaps' `q`
//! (the others' `q` cancel), and *twinned* if besides that lead two other
//! heaps `≥ pp` have the same `q`. Π(n): every `v < s` is the value of a led
//! and twinned option of `n`, and every `s ≤ v < f(n)` of a led one.
//!
//! *Proof*, by induction on `n ≥ N + 2p`. Growing the lead of a led option
//! of `n − p` by `p` gives a led option of `n` worth `s` more; growing both
//! twins of a twinned option of `n − 2p` by `p` gives a twinned option of
//! `n` of the same value. So Π(n − p) and Π(n − 2p) give Π(n), and Π(n)
//! puts every value below `f(n)` among the options of `n`. No option of `n`
//! is worth `f(n)`: one whose heaps all have `q = 0` is worth less than
//! `s ≤ f(n)`; one with a single heap of `q ≥ 1` shrinks (that heap by `p`,
//! still `≥ pp`; when it vanishes, `pp = 0`, the move is allowed by (Z)) to
//! an option of `n − p` worth `s` less, and `f(n − p)`
//! is not among those; one with `i ≥ 2` heaps of `q ≥ 1` has
//! `⊕ q ≤ Σ q ≤ (n − t − (j − i) − i·pp) / p ≤ q(n) − 1` by (X), so it is
//! worth less than `s·q(n) ≤ f(n)`. Hence `g(n) = mex = f(n)`.
//!
//! Where the conditions fail (a saltus that is not a power of two, a
//! preperiod whose values reach the saltus, a code with a
//! repeating part or constraints) the pattern is reported as apparent only.

use std::ops::ControlFlow;

use crate::impartial::heap::period::Periodicity;
use crate::impartial::heap::{GrundySequence, HeapRuleset, TakeAndBreak};

/// How many heaps past `pp + p` the search for a window where Π holds looks.
const MAX_WINDOW_SEARCH: usize = 600;

/// Certifies an arithmetic period of `rule` from its values, when the
/// theorem above applies to the pattern `apparent` (with `saltus > 0`).
/// Returns the periodicity (with the least preperiod) and the heap below
/// which the values were used, `N + 2p`.
pub fn certify(
    rule: &TakeAndBreak,
    values: &[u32],
    apparent: Periodicity,
) -> Option<(Periodicity, usize)> {
    let (s, p) = (apparent.saltus, apparent.period);
    if s == 0 || !s.is_power_of_two() || p == 0 {
        return None;
    }
    let (_, k) = rule.periodicity_criterion()?;
    let moves: Vec<(usize, u32)> = (0..=k)
        .flat_map(|t| {
            let heaps = rule.digit(t).heaps;
            (2..64).filter(move |j| heaps >> j & 1 == 1).map(move |j| (t, j))
        })
        .collect();
    let len = values.len();
    // The pattern must hold from its least preperiod to the end of the table.
    let least = apparent.preperiod;
    if (least..len.checked_sub(p)?).any(|n| values[n].checked_add(s) != Some(values[n + p])) {
        return None;
    }
    // (Z): every move leaving j ≥ 1 heaps may also leave j − 1.
    let fewer_ok = (0..=k).all(|t| {
        let h = rule.digit(t).heaps;
        (1..64).all(|j| h >> j & 1 == 0 || h >> (j - 1) & 1 == 1)
    });
    // The smallest pp ≥ least (at least 1 unless (Z) holds) meeting (S) and (X).
    let mut pp = if fewer_ok { least } else { least.max(1) };
    loop {
        if pp + p > len || values[..pp + p].iter().any(|&v| v >= s) {
            return None;
        }
        let spread_ok = moves.iter().all(|&(t, j)| {
            let j = j as usize;
            (2..=j).all(|i| t + (j - i) + (i - 1) * pp >= p)
        });
        if spread_ok {
            break;
        }
        pp += 1;
    }
    let start = pp + p;
    let end = (start + MAX_WINDOW_SEARCH + 2 * p).min(len);
    let mut run = 0;
    for n in start..end {
        if holds(rule, values, n, pp, p, s) {
            run += 1;
            if run == 2 * p {
                return Some((Periodicity { period: p, preperiod: least, saltus: s }, n + 1));
            }
        } else {
            run = 0;
        }
    }
    None
}

/// Property Π(n) of the theorem, from the true values below `n`.
fn holds(rule: &TakeAndBreak, values: &[u32], n: usize, pp: usize, p: usize, s: u32) -> bool {
    let q = |a: usize| if a >= pp { ((a - pp) / p) as u64 } else { 0 };
    let target = values[n] as usize;
    let mut led = vec![false; target];
    let mut twinned = vec![false; (s as usize).min(target)];
    let _ = rule.for_each_option(n, |parts| {
        let v = parts.iter().fold(0u32, |x, &a| x ^ values[a]) as usize;
        if v >= target {
            return ControlFlow::Continue(());
        }
        let all = parts.iter().fold(0u64, |x, &a| x ^ q(a));
        for (i, &a) in parts.iter().enumerate() {
            if a < pp || q(a) != all {
                continue;
            }
            led[v] = true;
            if v < twinned.len() && !twinned[v] {
                // Two other heaps ≥ pp with equal q (parts are sorted, so
                // equal q are neighbours once the lead is left out).
                let rest: Vec<usize> =
                    parts.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, &b)| b).collect();
                if rest.windows(2).any(|w| w[0] >= pp && q(w[0]) == q(w[1])) {
                    twinned[v] = true;
                }
            }
        }
        ControlFlow::Continue(())
    });
    led.iter().all(|&l| l) && twinned.iter().all(|&t| t)
}

/// Certifies an arithmetic period of `seq` (values of `rule`) in place when
/// none is certified and the theorem applies to its apparent pattern; the
/// certificate then lets [`GrundySequence::value`] answer beyond the table.
/// Returns the heap below which the values were used (`N + 2p`) when it did.
pub fn certify_sequence(rule: &TakeAndBreak, seq: &mut GrundySequence) -> Option<usize> {
    if seq.certified.is_some() {
        return None;
    }
    let apparent = seq.apparent.filter(|a| a.saltus > 0)?;
    let (per, used) = certify(rule, &seq.values, apparent)?;
    seq.certified = Some(per);
    seq.apparent = None;
    Some(used)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::budget::Budget;

    fn pattern(code: &str, upto: usize) -> (TakeAndBreak, Vec<u32>, Periodicity) {
        let rule = TakeAndBreak::parse(code).unwrap();
        let seq = rule.sequence(upto, &Budget::unlimited()).unwrap();
        let apparent = seq.apparent.unwrap();
        (rule, seq.values, apparent)
    }

    #[test]
    fn certifies_only_what_the_conditions_allow() {
        let (rule, values, apparent) = pattern("0.8", 200);
        let (per, used) = certify(&rule, &values, apparent).unwrap();
        assert_eq!((per.period, per.preperiod, per.saltus, used), (3, 1, 1, 10));
        // Too few values for the window.
        assert_eq!(certify(&rule, &values[..8], apparent), None);
        // A saltus that is not a power of two.
        let (rule, values, apparent) = pattern("0.3F", 120);
        assert_eq!(apparent.saltus, 3);
        assert_eq!(certify(&rule, &values, apparent), None);
        // 0.0F: value 0 at heaps 4k + 2 is reached only by two heaps of equal
        // value with nothing left to grow, so the window never holds.
        let (rule, values, apparent) = pattern("0.0F", 200);
        assert!(!(2..12).step_by(4).any(|n| holds(&rule, &values, n, 0, 2, 1)));
        assert_eq!(certify(&rule, &values, apparent), None);
    }
}

//! Periods of Grundy sequences: certified by the octal periodicity theorem,
//! or merely apparent (with saltus, for arithmetic periodicity; `arith.rs`
//! certifies those where its theorem applies).
//!
//! The theorem, for a rule whose moves remove at most `k` tokens and leave at
//! most `h` heaps of any sizes: if `g(n + p) = g(n)` for all
//! `pp ≤ n < N`, where `N = h·pp + (h−1)·p + k` (for `h ≥ 2`; `pp + k` for
//! `h ≤ 1`), then `g(n + p) = g(n)` for every `n ≥ pp`. For octal games
//! (`h = 2`) this is the familiar bound `2·pp + p + k`. Proof sketch, by
//! induction on `n ≥ N`: an option of `n + p` leaves heaps summing to at least
//! `h·(pp + p)`, so its largest heap is at least `pp + p` and shrinking it by
//! `p` gives an option of `n` of the same value; an option of `n` leaves
//! heaps summing to at least `h·pp`, and growing its largest heap by `p`
//! gives an option of `n + p` of the same value.

use serde::Serialize;

/// `g(n + period) = g(n) + saltus` for every `n ≥ preperiod`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Periodicity {
    /// The period.
    pub period: usize,
    /// The first heap from which the pattern holds.
    pub preperiod: usize,
    /// The growth per period (0 for ordinary periodicity).
    pub saltus: u32,
}

/// The heap below which `g(n + p) = g(n)` must have been checked for the
/// theorem to certify period `p` from `pp`, for a rule with at most `h`
/// heaps left and `k` tokens removed. `None` on overflow.
pub fn certificate_bound(h: u32, k: usize, pp: usize, p: usize) -> Option<usize> {
    let h = h.max(1) as usize;
    if h == 1 {
        return pp.checked_add(k);
    }
    h.checked_mul(pp)?.checked_add((h - 1).checked_mul(p)?)?.checked_add(k)
}

/// The least `pp` with `values[n + p] == values[n]` for all `n ≥ pp` in range.
fn preperiod(values: &[u32], p: usize) -> usize {
    let mut n = values.len() - p;
    while n > 0 && values[n - 1] == values[n - 1 + p] {
        n -= 1;
    }
    n
}

/// The Z-function of the reversed last `len` entries of `values`: `z[i]` is
/// the length of the longest common prefix of the reversal and its suffix
/// from `i`.
fn reversed_z(values: &[u32], len: usize) -> Vec<u32> {
    let last = values.len() - 1;
    let at = |i: usize| values[last - i];
    let mut z = vec![0u32; len];
    let (mut l, mut r) = (0usize, 0usize);
    for i in 1..len {
        let mut k = if i < r { (z[i - l] as usize).min(r - i) } else { 0 };
        while i + k < len && at(k) == at(i + k) {
            k += 1;
        }
        z[i] = k as u32;
        if i + k > r {
            l = i;
            r = i + k;
        }
    }
    if len > 0 {
        z[0] = len as u32;
    }
    z
}

/// The period certified by the octal periodicity theorem from `values`, for
/// a rule leaving at most `h` heaps and removing at most `k` tokens: the
/// smallest period the last half of the sequence shows, with its least
/// preperiod, when the computed values reach the theorem's bound.
pub fn certify(values: &[u32], h: u32, k: usize) -> Option<Periodicity> {
    let (p, needed) = candidate(values, h, k)?;
    (values.len() >= needed).then_some(p)
}

/// The smallest period the last half of `values` shows, with its least
/// preperiod, and how many values the theorem needs to certify it (it is
/// certified when `values.len()` reaches that many and the pattern holds).
pub fn candidate(values: &[u32], h: u32, k: usize) -> Option<(Periodicity, usize)> {
    let len = values.len();
    let half = len / 2;
    if half < 2 {
        return None;
    }
    let z = reversed_z(values, half);
    let p = (1..half).find(|&p| z[p] as usize >= half - p)?;
    let pp = preperiod(values, p);
    let needed = certificate_bound(h, k, pp, p)?.checked_add(p)?;
    Some((Periodicity { period: p, preperiod: pp, saltus: 0 }, needed))
}

/// How many of the last values [`apparent`] looks at, at most: its work
/// tables then stay a few megabytes however long the sequence is.
pub const APPARENT_WINDOW: usize = 1 << 20;

/// An uncertified pattern in the last half of `values` (at most the last
/// [`APPARENT_WINDOW`] values): the smallest period `p` of the differences
/// `g(n+1) − g(n)` there, repeating at least three times, with
/// `saltus = g(n + p) − g(n) ≥ 0` and the least preperiod.
pub fn apparent(values: &[u32]) -> Option<Periodicity> {
    let len = values.len();
    let half = (len / 2).min(APPARENT_WINDOW);
    if half < 6 {
        return None;
    }
    // Differences over the last half as wrapping u32 (equality is all we need).
    let start = len - 1 - half;
    let diffs: Vec<u32> = (start..len - 1).map(|i| values[i + 1].wrapping_sub(values[i])).collect();
    let z = reversed_z(&diffs, half);
    drop(diffs);
    let p = (1..=half / 3).find(|&p| z[p] as usize >= half - p)?;
    let saltus = values[len - 1].checked_sub(values[len - 1 - p])?;
    let mut n = len - p;
    while n > 0 && values[n - 1].checked_add(saltus) == Some(values[n - 1 + p]) {
        n -= 1;
    }
    Some(Periodicity { period: p, preperiod: n, saltus })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_period_and_preperiod() {
        let mut v = vec![5, 4];
        for n in 0..200 {
            v.push([0, 1, 2][n % 3]);
        }
        let p = certify(&v, 2, 1).unwrap();
        assert_eq!((p.period, p.preperiod), (3, 2));
        assert_eq!(certify(&v[..9], 2, 1), None);
    }

    #[test]
    fn finds_saltus() {
        let v: Vec<u32> = (0..100).map(|n| 2 * (n / 3) + [0, 1, 1][n as usize % 3]).collect();
        let p = apparent(&v).unwrap();
        assert_eq!((p.period, p.saltus, p.preperiod), (3, 2, 0));
    }
}

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
//!
//! The search ([`candidate`]) looks at every period `p` below half the
//! values computed: the least `p` with which the last half repeats, found
//! by Karp–Rabin fingerprints of its prefixes and suffixes in one pass
//! ([`least_period`]: `O(n)` modular steps, `O(1)` extra memory, every
//! fingerprint match confirmed by an exact comparison), then its least
//! preperiod by reading back from the end (`O(n − pp)`). A sequence search
//! calls it each time the table has grown by a sixteenth, and once more
//! exactly where a pattern seen would be certified, so the whole cost stays
//! a constant times the number of values. Any period certified this way is
//! also the least one of the infinite sequence: a smaller period of the
//! tail would be a period of the last half, which is searched from `p = 1`.

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

/// A period seen in the values computed so far and not yet certified: the
/// last half of the values repeats with it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Candidate {
    /// The least period of the last half of the values.
    pub period: usize,
    /// Its least preperiod among the values computed.
    pub preperiod: usize,
    /// How many values `g(0..needed)` the theorem must read to certify it.
    pub needed: usize,
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
/// from `i`. Used by [`apparent`] on a window of at most [`APPARENT_WINDOW`].
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

/// The smallest period the last half of `values` shows (any length below
/// half the values, found by [`least_period`]), with its least preperiod,
/// and how many values the theorem needs to certify it (it is certified
/// when `values.len()` reaches that many and the pattern holds).
///
/// Cost: `O(n)` time and `O(1)` memory besides `values` (see [`least_period`]
/// and the preperiod scan, which reads the values back from the end).
pub fn candidate(values: &[u32], h: u32, k: usize) -> Option<(Periodicity, usize)> {
    let len = values.len();
    let half = len / 2;
    if half < 2 {
        return None;
    }
    let p = least_period(&values[len - half..])?;
    let pp = preperiod(values, p);
    let needed = certificate_bound(h, k, pp, p)?.checked_add(p)?;
    Some((Periodicity { period: p, preperiod: pp, saltus: 0 }, needed))
}

/// The Mersenne prime `2^61 − 1`, the modulus of the fingerprints.
const MERSENNE_61: u64 = (1 << 61) - 1;
/// The fingerprints' base (any residue of order large enough will do: a
/// collision only costs one exact comparison).
const BASE: u64 = 0x0F1E_2D3C_4B5A_6978 % MERSENNE_61;

/// `a · b mod 2^61 − 1` for `a, b < 2^61 − 1`.
fn mul_mod(a: u64, b: u64) -> u64 {
    let x = u128::from(a) * u128::from(b);
    let folded = (x as u64 & MERSENNE_61) + (x >> 61) as u64;
    let folded = (folded & MERSENNE_61) + (folded >> 61);
    if folded >= MERSENNE_61 { folded - MERSENNE_61 } else { folded }
}

/// `a − b mod 2^61 − 1` for `a, b < 2^61 − 1`.
fn sub_mod(a: u64, b: u64) -> u64 {
    if a >= b { a - b } else { a + MERSENNE_61 - b }
}

/// `b^e mod 2^61 − 1`.
fn pow_mod(mut b: u64, mut e: u64) -> u64 {
    let mut r = 1;
    while e > 0 {
        if e & 1 == 1 {
            r = mul_mod(r, b);
        }
        b = mul_mod(b, b);
        e >>= 1;
    }
    r
}

/// The least `p` in `1..s.len()` with `s[i] == s[i + p]` for every `i`
/// (`s` has period `p`: its prefix of length `len − p` equals its suffix of
/// that length), or `None` when there is none.
///
/// Method: Karp–Rabin fingerprints `F(x) = Σ x_i·b^i mod 2^61 − 1` of the
/// prefix `s[..len − p]` and the suffix `s[p..]`, both updated in `O(1)`
/// when `p` grows by one (drop the prefix's last term; subtract the
/// suffix's first term and divide by `b`). Every `p` whose fingerprints
/// agree is confirmed by an exact comparison (word-wide, `memcmp`), so a
/// collision costs time, never a wrong answer; a true period always has
/// equal fingerprints, so none is missed.
///
/// Cost: one pass of `len` modular steps for the fingerprint of `s`, then
/// three per `p` tried, up to the answer; `O(1)` memory. (A table of
/// border lengths or a Z-function would need four bytes per value.)
pub fn least_period(s: &[u32]) -> Option<usize> {
    let len = s.len();
    if len < 2 {
        return None;
    }
    let inverse = pow_mod(BASE, MERSENNE_61 - 2);
    // F(s), by Horner's rule from the end.
    let whole = s.iter().rev().fold(0, |h, &x| {
        let h = mul_mod(h, BASE) + u64::from(x);
        if h >= MERSENNE_61 { h - MERSENNE_61 } else { h }
    });
    // prefix = F(s[..len − p]), suffix = F(s[p..]); power = b^(len − p − 1).
    let (mut prefix, mut suffix) = (whole, whole);
    let mut power = pow_mod(BASE, len as u64 - 1);
    for p in 1..len {
        prefix = sub_mod(prefix, mul_mod(u64::from(s[len - p]), power));
        power = mul_mod(power, inverse);
        suffix = mul_mod(sub_mod(suffix, u64::from(s[p - 1])), inverse);
        if prefix == suffix && s[..len - p] == s[p..] {
            return Some(p);
        }
    }
    None
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

    /// The least period by the definition: every shift compared in full.
    fn plain_least_period(s: &[u32]) -> Option<usize> {
        (1..s.len()).find(|&p| (0..s.len() - p).all(|i| s[i] == s[i + p]))
    }

    #[test]
    fn modular_arithmetic_is_exact() {
        let m = MERSENNE_61;
        for (a, b) in [(m - 1, m - 1), (m - 1, 2), (1 << 60, 1 << 60), (12345, 0)] {
            let want = (u128::from(a) * u128::from(b) % u128::from(m)) as u64;
            assert_eq!(mul_mod(a, b), want);
        }
        assert_eq!(mul_mod(BASE, pow_mod(BASE, m - 2)), 1);
        assert_eq!(sub_mod(3, 5), m - 2);
    }

    proptest::proptest! {
        #[test]
        fn least_period_is_the_plain_one(
            s in proptest::collection::vec(0u32..3, 0..200),
            block in proptest::collection::vec(0u32..3, 1..20),
            repeats in 0usize..12,
        ) {
            let mut t = s.clone();
            for _ in 0..repeats {
                t.extend_from_slice(&block);
            }
            proptest::prop_assert_eq!(least_period(&t), plain_least_period(&t));
            proptest::prop_assert_eq!(least_period(&s), plain_least_period(&s));
        }
    }

    #[test]
    fn finds_saltus() {
        let v: Vec<u32> = (0..100).map(|n| 2 * (n / 3) + [0, 1, 1][n as usize % 3]).collect();
        let p = apparent(&v).unwrap();
        assert_eq!((p.period, p.saltus, p.preperiod), (3, 2, 0));
    }
}

//! Lenstra's excesses `α_p`: the ordinals with `κ_p^p = α_p`, computed.
//!
//! For an odd prime `p`, the ordinals below `κ_p` form a field `K` (the
//! union of the finite fields `F_{2^n}` whose degree `n` has only prime
//! factors below `p`), and `α_p` is the least ordinal of `K` that is not a
//! `p`-th power in `K` (Lenstra, after Conway's *On Numbers and Games*,
//! ch. 6). It is found here by a search that is short because of three
//! facts:
//!
//! 1. Let `f` be the order of 2 modulo `p`. An element of `F_{2^n}` is a
//!    `p`-th power in `K` unless `f` divides `n`: otherwise `p` does not
//!    divide `2^n − 1`, and taking `p`-th powers permutes `F_{2^n}`.
//! 2. When `f` divides `n`, the powers of `p` dividing `2^n − 1` are those
//!    dividing `2^f − 1` for every such `n` in `K` (lifting the exponent: `n/f`
//!    has no factor `p`). So `x` of degree `n` is a `p`-th power in `K` exactly
//!    when `x^((2^n − 1)/p) = 1`, a computation in `F_{2^n}`.
//! 3. The ordinals below `κ_{r^a}` (`r` odd) form a field whose degrees have
//!    an `r`-part below `r^a`; those below `2^(2^(a−1))` have a 2-part below
//!    `2^a`. So the least ordinal whose degree is divisible by every prime
//!    power `r^a` of `f` is the sum of the `κ_{r^a}` taken from the largest
//!    down, each one only when the degrees of those before it do not
//!    already have its part, and of the least finite ordinal with the 2-part
//!    still missing. Every smaller ordinal is a `p`-th power by (1).
//!
//! From that least ordinal `L`, the candidates `L, L + 1, L + 2, ...` (the
//! next ordinals in order, all with the degree parts of `L`) are tested by
//! (2); the first that is not a `p`-th power is `α_p`. The published values
//! come out: `α_3 = 2`, `α_5 = 4`, `α_7 = ω + 1` (Lenstra), `α_11 = ω^ω + 1`.
//!
//! The tests of (2) compute in `F_{2^n}`; fields of more than
//! [`MAX_DEGREE`] are refused (an error), which leaves out primes such as
//! 47, whose `α_47` lies in a field of degree 5,060.

use std::sync::Mutex;

use num_bigint::{BigInt, BigUint};
use num_traits::{One, Zero};
use rustc_hash::FxHashMap;

use super::ordinal::{GeneralizedOrdinal, Term};
use super::ordinal_nim::{components, nim_product_unbounded};
use crate::error::{Error, ErrorKind, Result};

/// The largest degree over `F_2` of a field the search computes in.
pub const MAX_DEGREE: u64 = 256;

/// The most odd primes whose `κ`'s are supported: `κ_p` for the `k`-th
/// odd prime is `ω^(ω^k)`, so exponents below `ω^MAX_PRIMES`.
pub const MAX_PRIMES: usize = 64;

/// The most candidates tried from the least one (the published excesses
/// need at most the fifth).
const MAX_TRIES: u64 = 64;

/// The first [`MAX_PRIMES`] odd primes, ascending (computed at compile
/// time: nim products look them up on every carry).
const ODD_PRIMES: [u64; MAX_PRIMES] = {
    let mut primes = [0u64; MAX_PRIMES];
    let mut count = 0;
    let mut n = 3u64;
    while count < MAX_PRIMES {
        let mut d = 3;
        let mut prime = true;
        while d * d <= n {
            if n % d == 0 {
                prime = false;
            }
            d += 2;
        }
        if prime {
            primes[count] = n;
            count += 1;
        }
        n += 2;
    }
    primes
};

/// The `k`-th odd prime (`k = 0` is 3), for `k < MAX_PRIMES`.
pub fn odd_prime(k: usize) -> Option<u64> {
    ODD_PRIMES.get(k).copied()
}

/// The index `k` of the odd prime `p` (`odd_prime(k) == Some(p)`); `p` is
/// one of [`ODD_PRIMES`] or a prime factor of an order of 2 below one.
fn prime_index(p: u64) -> usize {
    ODD_PRIMES.partition_point(|&q| q < p)
}

/// The order of 2 modulo the odd prime `p`.
fn order_of_two(p: u64) -> u64 {
    let mut x = 2 % p;
    let mut n = 1;
    while x != 1 {
        x = x * 2 % p;
        n += 1;
    }
    n
}

/// The prime factorisation of `n ≥ 1`: `(prime, exponent)`, primes ascending.
fn factor(mut n: u64) -> Vec<(u64, u32)> {
    let mut out = Vec::new();
    let mut d = 2;
    while d * d <= n {
        let mut a = 0;
        while n % d == 0 {
            n /= d;
            a += 1;
        }
        if a > 0 {
            out.push((d, a));
        }
        d += 1;
    }
    if n > 1 {
        out.push((n, 1));
    }
    out
}

/// The exponent of `r` in `n`.
fn valuation(mut n: u64, r: u64) -> u32 {
    let mut a = 0;
    while n > 0 && n % r == 0 {
        n /= r;
        a += 1;
    }
    a
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

fn lcm(a: u64, b: u64) -> Result<u64> {
    (a / gcd(a, b)).checked_mul(b).ok_or_else(|| field_too_large(u64::MAX))
}

fn field_too_large(degree: u64) -> Error {
    Error::new(
        ErrorKind::Overflow,
        format!(
            "NimProduct out of range: Lenstra's excess needed here lies in a field of degree {} over F_2, and at most {MAX_DEGREE} are searched",
            if degree == u64::MAX { "past 2^64".to_string() } else { degree.to_string() }
        ),
    )
}

/// `α_p` and the degree of `κ_p` over `F_2`, by prime.
static EXCESSES: Mutex<Option<FxHashMap<u64, (GeneralizedOrdinal, u64)>>> = Mutex::new(None);

/// `α_p` and the degree of `κ_p` for the `k`-th odd prime `p`, computed on
/// first use and kept. The lock is not held while computing (the search
/// needs the excesses of smaller primes); two threads computing the same
/// one get the same answer.
fn excess(p: u64) -> Result<(GeneralizedOrdinal, u64)> {
    let known = {
        let table = EXCESSES.lock();
        table.ok().and_then(|t| t.as_ref().and_then(|t| t.get(&p).cloned()))
    };
    if let Some(known) = known {
        return Ok(known);
    }
    let found = search(p)?;
    if let Ok(mut table) = EXCESSES.lock() {
        table.get_or_insert_with(FxHashMap::default).insert(p, found.clone());
    }
    Ok(found)
}

/// `α_p` for the `k`-th odd prime `p`.
pub fn alpha(k: usize) -> Result<GeneralizedOrdinal> {
    let p = odd_prime(k).ok_or_else(exponent_out_of_range)?;
    Ok(excess(p)?.0)
}

/// The error for an exponent past the supported primes.
pub fn exponent_out_of_range() -> Error {
    Error::new(
        ErrorKind::Overflow,
        format!(
            "NimProduct out of range: ordinals with exponents below ω^{MAX_PRIMES} are supported"
        ),
    )
}

/// `κ_{r^a}` for an odd prime `r`: `ω^(ω^k · r^(a−1))`.
fn kappa(r: u64, a: u32) -> GeneralizedOrdinal {
    let k = GeneralizedOrdinal::integer(BigInt::from(prime_index(r)));
    let inner = GeneralizedOrdinal::from_terms(vec![Term {
        exponent: k,
        coefficient: BigInt::from(r).pow(a - 1),
    }]);
    GeneralizedOrdinal::from_terms(vec![Term { exponent: inner, coefficient: BigInt::one() }])
}

/// The degree over `F_2` of `κ_{r^a}` (`r` odd): `r^a` times that of `α_r`.
fn kappa_degree(r: u64, a: u32) -> Result<u64> {
    let (_, degree) = excess(r)?;
    r.checked_pow(a - 1)
        .and_then(|q| q.checked_mul(degree))
        .ok_or_else(|| field_too_large(u64::MAX))
}

/// The degree over `F_2` of the finite nimber `c`: the least `2^j` with
/// `c < 2^(2^j)`.
fn finite_degree(c: &BigInt) -> u64 {
    let bits = c.bits();
    let mut j = 0u32;
    while (1u64 << j) < bits {
        j += 1;
    }
    if bits <= 1 { 1 } else { 1 << j }
}

/// A multiple of the degree of `x`: the lcm of those of its terms' factors.
fn degree_bound(x: &GeneralizedOrdinal) -> Result<u64> {
    let mut m = 1;
    for term in x.terms() {
        m = lcm(m, finite_degree(&term.coefficient))?;
        for c in components(term)? {
            let r = odd_prime(c.k).ok_or_else(exponent_out_of_range)?;
            m = lcm(m, kappa_degree(r, c.i + 1)?)?;
        }
    }
    Ok(m)
}

/// The degree of `x` over `F_2`: the least `m` with `x^(2^m) = x`, a divisor
/// of [`degree_bound`] (the squares `x^(2^m)` are taken one after another).
fn degree(x: &GeneralizedOrdinal) -> Result<u64> {
    let bound = degree_bound(x)?;
    if bound > MAX_DEGREE {
        return Err(field_too_large(bound));
    }
    let mut y = x.clone();
    for m in 1..bound {
        y = nim_product_unbounded(&y, &y)?;
        if bound % m == 0 && y == *x {
            return Ok(m);
        }
    }
    Ok(bound)
}

/// `x^e` under nim multiplication.
fn power(x: &GeneralizedOrdinal, e: &BigUint) -> Result<GeneralizedOrdinal> {
    let mut result = GeneralizedOrdinal::integer(BigInt::one());
    let mut base = x.clone();
    for i in 0..e.bits() {
        if e.bit(i) {
            result = nim_product_unbounded(&result, &base)?;
        }
        if i + 1 < e.bits() {
            base = nim_product_unbounded(&base, &base)?;
        }
    }
    Ok(result)
}

/// Searches `α_p` (see the module documentation); gives it with the degree
/// of `κ_p`, `p` times its own.
fn search(p: u64) -> Result<(GeneralizedOrdinal, u64)> {
    let f = order_of_two(p);
    let parts = factor(f);
    // The least ordinal whose degree has every prime power of f: the κ's
    // from the largest prime down, then the least finite part still needed.
    let mut least = GeneralizedOrdinal::zero();
    let mut covered = 1u64;
    for &(r, a) in parts.iter().rev().filter(|(r, _)| *r != 2) {
        if valuation(covered, r) >= a {
            continue;
        }
        least = least.add(&kappa(r, a));
        covered = lcm(covered, kappa_degree(r, a)?)?;
    }
    let twos = valuation(f, 2);
    let finite = if valuation(covered, 2) < twos {
        BigInt::one() << (1u64 << (twos - 1))
    } else {
        BigInt::zero()
    };
    for t in 0..MAX_TRIES {
        let candidate = least.add(&GeneralizedOrdinal::integer(&finite + t));
        let n = degree(&candidate)?;
        debug_assert_eq!(n % f, 0, "the candidate's degree has f's prime powers");
        // Not a p-th power: x^((2^n − 1)/p) ≠ 1.
        let e = ((BigUint::one() << n) - 1u32) / p;
        if power(&candidate, &e)? != GeneralizedOrdinal::integer(BigInt::one()) {
            let degree = n.checked_mul(p).ok_or_else(|| field_too_large(u64::MAX))?;
            return Ok((candidate, degree));
        }
    }
    Err(Error::new(
        ErrorKind::Overflow,
        format!(
            "NimProduct out of range: no excess found for the prime {p} among {MAX_TRIES} candidates"
        ),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn primes_orders_and_factors() {
        assert_eq!(odd_prime(0), Some(3));
        assert_eq!(odd_prime(3), Some(11));
        assert_eq!(odd_prime(42), Some(193));
        assert_eq!(prime_index(193), 42);
        assert_eq!(order_of_two(7), 3);
        assert_eq!(order_of_two(193), 96);
        assert_eq!(factor(96), vec![(2, 5), (3, 1)]);
        assert_eq!(finite_degree(&BigInt::from(1)), 1);
        assert_eq!(finite_degree(&BigInt::from(3)), 2);
        assert_eq!(finite_degree(&BigInt::from(4)), 4);
        assert_eq!(finite_degree(&BigInt::from(65536)), 32);
    }

    /// The search finds the published excesses of the primes 3 to 43
    /// (Conway: `α_3 = 2`; Lenstra's table for the others; each is `κ_f`
    /// plus the small `m_p` of OEIS A380496); `α_11`'s sixth power is
    /// CGSuite's `κ_11^66`.
    #[test]
    fn the_published_excesses_are_found() {
        let published = [
            (3, "2"),
            (5, "4"),
            (7, "ω+1"),
            (11, "ω^ω+1"),
            (13, "ω+4"),
            (17, "16"),
            (19, "ω^3+4"),
            (23, "ω^ω^3+1"),
            (29, "ω^ω^2+4"),
            (31, "ω^ω+1"),
            (37, "ω^3+4"),
            (41, "ω^ω+1"),
            (43, "ω^ω^2+1"),
        ];
        for (k, (p, alpha_p)) in published.into_iter().enumerate() {
            assert_eq!(odd_prime(k), Some(p));
            assert_eq!(alpha(k).unwrap().to_string(), alpha_p, "α_{p}");
        }
        assert_eq!(excess(3).unwrap().1, 6);
        assert_eq!(excess(7).unwrap().1, 42);
        // α_47 lies in a field of degree 23 · 220.
        assert!(alpha(13).unwrap_err().to_string().contains("degree 5060"));
    }
}

//! Multivariate polynomials with integer coefficients, and their greatest
//! common divisors: what keeps ratios of generalized ordinals in lowest
//! terms ([`super::surreal`]).
//!
//! A polynomial is a map from monomials (exponent vectors, all of one
//! length) to nonzero coefficients. Maps order vectors lexicographically,
//! which is a monomial order, so the last entry is the leading term and
//! exact division is long division by leading terms.
//!
//! The gcd is the classical recursive one: viewed as a polynomial in one
//! variable with coefficients in the others, a polynomial is its content
//! (the gcd of its coefficients, found recursively) times a primitive part,
//! and the gcd of primitive parts is the primitive part of the last nonzero
//! pseudo-remainder of the sequence they start (primitive parts taken at
//! every step, so coefficients stay small). It is meant for the small
//! polynomials a calculator meets.

use std::collections::BTreeMap;
use std::collections::btree_map::Entry;

use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, Zero};

use crate::error::{Error, ErrorKind, Result};

/// The most term operations one gcd may spend (products count the pairs
/// of terms they touch, weighted by the coefficients' length in words)
/// before it gives up.
pub const MAX_GCD_WORK: u64 = 4_000_000;

/// Work left for one gcd.
struct Meter {
    left: u64,
}

impl Meter {
    /// Spends `n` units; an error once the gcd's allowance is used up.
    fn charge(&mut self, n: usize) -> Result<()> {
        self.left = self.left.checked_sub(n as u64).ok_or_else(|| {
            Error::new(
                ErrorKind::LimitExceeded,
                "a ratio of transfinite numbers too large to reduce to lowest terms",
            )
        })?;
        Ok(())
    }
}

/// A monomial: the exponent of each variable.
pub type Monomial = Vec<u32>;

/// A polynomial in a fixed number of variables with integer coefficients.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Polynomial {
    vars: usize,
    terms: BTreeMap<Monomial, BigInt>,
}

impl Polynomial {
    /// Zero, in `vars` variables.
    pub fn zero(vars: usize) -> Self {
        Polynomial { vars, terms: BTreeMap::new() }
    }

    /// The polynomial of `terms` (coefficients of equal monomials added,
    /// zeros dropped); every monomial must have `vars` exponents.
    pub fn from_terms(vars: usize, terms: impl IntoIterator<Item = (Monomial, BigInt)>) -> Self {
        let mut p = Self::zero(vars);
        for (m, c) in terms {
            debug_assert_eq!(m.len(), vars);
            p.add_term(m, c);
        }
        p
    }

    /// The terms, leading term last.
    pub fn terms(&self) -> impl Iterator<Item = (&Monomial, &BigInt)> {
        self.terms.iter()
    }

    /// Whether this is zero.
    pub fn is_zero(&self) -> bool {
        self.terms.is_empty()
    }

    fn constant(vars: usize, c: BigInt) -> Self {
        Self::from_terms(vars, [(vec![0; vars], c)])
    }

    fn add_term(&mut self, m: Monomial, c: BigInt) {
        if c.is_zero() {
            return;
        }
        match self.terms.entry(m) {
            Entry::Vacant(e) => {
                e.insert(c);
            }
            Entry::Occupied(mut e) => {
                *e.get_mut() += c;
                if e.get().is_zero() {
                    e.remove();
                }
            }
        }
    }

    /// `self + other`.
    pub fn add(&self, other: &Self) -> Self {
        let mut out = self.clone();
        for (m, c) in &other.terms {
            out.add_term(m.clone(), c.clone());
        }
        out
    }

    /// `−self`.
    pub fn neg(&self) -> Self {
        Polynomial {
            vars: self.vars,
            terms: self.terms.iter().map(|(m, c)| (m.clone(), -c)).collect(),
        }
    }

    /// `self − other`.
    pub fn sub(&self, other: &Self) -> Self {
        self.add(&other.neg())
    }

    /// `self × other`.
    pub fn mul(&self, other: &Self) -> Self {
        let mut out = Self::zero(self.vars);
        for (m, c) in &self.terms {
            for (n, d) in &other.terms {
                let product: Monomial = m.iter().zip(n).map(|(a, b)| a + b).collect();
                out.add_term(product, c * d);
            }
        }
        out
    }

    /// The leading term.
    fn leading(&self) -> Option<(&Monomial, &BigInt)> {
        self.terms.iter().next_back()
    }

    /// `self / d` when `d` divides it exactly; `None` otherwise or when
    /// `d` is zero.
    pub fn divide_exact(&self, d: &Self) -> Option<Self> {
        let (dm, dc) = d.leading()?;
        let (dm, dc) = (dm.clone(), dc.clone());
        let mut rest = self.clone();
        let mut quotient = Self::zero(self.vars);
        while let Some((m, c)) = rest.leading() {
            if m.iter().zip(&dm).any(|(a, b)| a < b) || !(c % &dc).is_zero() {
                return None;
            }
            let tm: Monomial = m.iter().zip(&dm).map(|(a, b)| a - b).collect();
            let t = Self::from_terms(self.vars, [(tm, c / &dc)]);
            rest = rest.sub(&t.mul(d));
            quotient = quotient.add(&t);
        }
        Some(quotient)
    }

    /// The degree in variable `v` (0 for zero).
    fn degree(&self, v: usize) -> u32 {
        self.terms.keys().map(|m| m[v]).max().unwrap_or(0)
    }

    /// The coefficient of `x_v^k`, a polynomial without `x_v`.
    fn coefficient(&self, v: usize, k: u32) -> Self {
        let terms = self.terms.iter().filter(|(m, _)| m[v] == k).map(|(m, c)| {
            let mut m = m.clone();
            m[v] = 0;
            (m, c.clone())
        });
        Self::from_terms(self.vars, terms)
    }

    /// `self × x_v^k`.
    fn shifted(&self, v: usize, k: u32) -> Self {
        let terms = self.terms.iter().map(|(m, c)| {
            let mut m = m.clone();
            m[v] += k;
            (m, c.clone())
        });
        Self::from_terms(self.vars, terms)
    }

    /// The gcd of the coefficients of `self` as a polynomial in `x_v`.
    fn content(&self, v: usize, meter: &mut Meter) -> Result<Self> {
        let mut g = Self::zero(self.vars);
        for k in 0..=self.degree(v) {
            meter.charge(self.terms.len())?;
            let c = self.coefficient(v, k);
            if !c.is_zero() {
                g = g.gcd_within(&c, meter)?;
            }
        }
        Ok(g)
    }

    /// `self` divided by its content in `x_v`.
    fn primitive(&self, v: usize, meter: &mut Meter) -> Result<Self> {
        let c = self.content(v, meter)?;
        meter.charge(self.terms.len().saturating_mul(c.terms.len()))?;
        Ok(self.divide_exact(&c).unwrap_or_else(|| self.clone()))
    }

    /// The pseudo-remainder of `self` by `d` in `x_v` (`deg_v d ≥ 1`):
    /// `lc(d)^k · self` reduced below `d`'s degree.
    fn pseudo_remainder(&self, d: &Self, v: usize, meter: &mut Meter) -> Result<Self> {
        let dd = d.degree(v);
        let lc = d.coefficient(v, dd);
        let mut r = self.clone();
        while !r.is_zero() && r.degree(v) >= dd {
            let rd = r.degree(v);
            let lr = r.coefficient(v, rd);
            // Products of big coefficients cost by their length in words.
            let words = 1 + r.terms.values().map(|c| c.bits()).max().unwrap_or(0) as usize / 64;
            let work = lc.terms.len() * r.terms.len() + lr.terms.len() * d.terms.len();
            meter.charge(work.saturating_mul(words))?;
            r = lc.mul(&r).sub(&lr.mul(&d.shifted(v, rd - dd)));
        }
        Ok(r)
    }

    /// The greatest common divisor, with a positive leading coefficient
    /// (0 only when both are 0); an error past [`MAX_GCD_WORK`].
    pub fn gcd(&self, other: &Self) -> Result<Self> {
        self.gcd_within(other, &mut Meter { left: MAX_GCD_WORK })
    }

    fn gcd_within(&self, other: &Self, meter: &mut Meter) -> Result<Self> {
        if self.is_zero() {
            return Ok(other.normalized_sign());
        }
        if other.is_zero() {
            return Ok(self.normalized_sign());
        }
        let Some(v) = (0..self.vars).find(|&v| self.degree(v) > 0 || other.degree(v) > 0) else {
            // Two integers.
            let a = self.leading().map(|t| t.1.clone()).unwrap_or_default();
            let b = other.leading().map(|t| t.1.clone()).unwrap_or_default();
            // A binary gcd costs about the product of the lengths in words.
            let words = |x: &BigInt| 1 + x.bits() as usize / 64;
            meter.charge(words(&a).saturating_mul(words(&b)))?;
            return Ok(Self::constant(self.vars, a.gcd(&b)));
        };
        let content = self.content(v, meter)?.gcd_within(&other.content(v, meter)?, meter)?;
        let (mut p, mut q) = (self.primitive(v, meter)?, other.primitive(v, meter)?);
        if p.degree(v) < q.degree(v) {
            std::mem::swap(&mut p, &mut q);
        }
        let g = loop {
            if q.degree(v) == 0 {
                // A nonzero primitive polynomial without x_v is a unit here.
                break Self::constant(self.vars, BigInt::one());
            }
            let r = p.pseudo_remainder(&q, v, meter)?;
            if r.is_zero() {
                break q.primitive(v, meter)?;
            }
            p = q;
            q = r.primitive(v, meter)?;
        };
        meter.charge(content.terms.len().saturating_mul(g.terms.len()))?;
        Ok(content.mul(&g).normalized_sign())
    }

    /// `self` or `−self`, whichever has a positive leading coefficient.
    fn normalized_sign(&self) -> Self {
        match self.leading() {
            Some((_, c)) if c.is_negative() => self.neg(),
            _ => self.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A polynomial in x and y from `(i, j, c)` for `c x^i y^j`.
    fn p(terms: &[(u32, u32, i64)]) -> Polynomial {
        Polynomial::from_terms(2, terms.iter().map(|&(i, j, c)| (vec![i, j], BigInt::from(c))))
    }

    #[test]
    fn gcds_of_products_recover_the_common_factor() {
        // (x − 1)(y + 2)·A and (x − 1)(y + 2)·B for coprime A, B.
        let common = p(&[(1, 0, 1), (0, 0, -1)]).mul(&p(&[(0, 1, 1), (0, 0, 2)]));
        let a = p(&[(2, 0, 1), (0, 1, 3), (0, 0, 1)]);
        let b = p(&[(1, 1, 2), (0, 0, -5)]);
        let g = common.mul(&a).gcd(&common.mul(&b)).unwrap();
        assert_eq!(g, common);
        // Integer content: gcd(6x + 4, 9x + 6) = 3x + 2.
        assert_eq!(
            p(&[(1, 0, 6), (0, 0, 4)]).gcd(&p(&[(1, 0, 9), (0, 0, 6)])).unwrap(),
            p(&[(1, 0, 3), (0, 0, 2)])
        );
        assert_eq!(a.gcd(&b).unwrap(), p(&[(0, 0, 1)]));
    }

    #[test]
    fn a_gcd_past_its_allowance_is_an_error() {
        // (x + 1)^200 + 1 over (x + 2)^199 + 3: coprime, with coefficients
        // that grow through the remainder sequence.
        let power =
            |base: &Polynomial, n: u32| (0..n).fold(p(&[(0, 0, 1)]), |acc, _| acc.mul(base));
        let a = power(&p(&[(1, 0, 1), (0, 0, 1)]), 200).add(&p(&[(0, 0, 1)]));
        let b = power(&p(&[(1, 0, 1), (0, 0, 2)]), 199).add(&p(&[(0, 0, 3)]));
        let err = a.gcd(&b).unwrap_err();
        assert!(err.to_string().contains("too large to reduce"));
    }

    #[test]
    fn exact_division_inverts_multiplication() {
        let a = p(&[(3, 1, 2), (1, 0, -7), (0, 2, 1)]);
        let b = p(&[(1, 1, 1), (0, 0, 4)]);
        assert_eq!(a.mul(&b).divide_exact(&b), Some(a.clone()));
        assert_eq!(a.divide_exact(&b), None);
        assert_eq!(a.divide_exact(&Polynomial::zero(2)), None);
    }

    proptest::proptest! {
        /// The gcd divides both, and dividing both by it leaves coprime
        /// quotients; multiplying both by a common factor multiplies the
        /// gcd by it (up to sign).
        #[test]
        fn gcds_divide_and_leave_coprime_quotients(
            a in proptest::collection::vec((0u32..3, 0u32..3, -4i64..=4), 0..4),
            b in proptest::collection::vec((0u32..3, 0u32..3, -4i64..=4), 0..4),
            c in proptest::collection::vec((0u32..2, 0u32..2, -3i64..=3), 1..3),
        ) {
            let (a, b, c) = (p(&a), p(&b), p(&c));
            proptest::prop_assume!(!a.is_zero() && !b.is_zero() && !c.is_zero());
            let g = a.gcd(&b).unwrap();
            let qa = a.divide_exact(&g);
            let qb = b.divide_exact(&g);
            proptest::prop_assert!(qa.is_some() && qb.is_some());
            let unit = p(&[(0, 0, 1)]);
            proptest::prop_assert_eq!(qa.unwrap().gcd(&qb.unwrap()).unwrap(), unit);
            let scaled = a.mul(&c).gcd(&b.mul(&c)).unwrap();
            proptest::prop_assert_eq!(scaled, g.mul(&c).normalized_sign());
        }
    }
}

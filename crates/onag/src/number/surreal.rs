//! Surreal numbers that are ratios of generalized ordinals: `1/ω`,
//! `(ω+7)/ω×7`, `ω/2`. Generalized ordinals are polynomials in the powers
//! `ω^(ω^f)` (one variable per exponent-of-exponent `f`; `ω^(ω+1)` is the
//! monomial `ω^ω · ω`), so a ratio is kept in lowest terms by the gcd of
//! two such polynomials ([`super::polynomial`]).
//!
//! Invariants: the denominator is positive and the numerator and
//! denominator have no common factor but units; so equal numbers have equal
//! representations.

use std::cmp::Ordering;
use std::fmt;

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, ToPrimitive, Zero};

use super::ordinal::{GeneralizedOrdinal, Term};
use super::polynomial::Polynomial;
use crate::error::{Error, ErrorKind, Result};

/// The largest exponent of one variable in a ratio that is reduced by a
/// polynomial gcd (a ratio of single terms is reduced at any size).
pub const MAX_DEGREE: u32 = 256;

/// A ratio of generalized ordinals in lowest terms (see the module
/// documentation).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Surreal {
    numerator: GeneralizedOrdinal,
    denominator: GeneralizedOrdinal,
}

/// The polynomials of generalized ordinals over shared variables.
struct Variables {
    /// The exponents-of-exponents `f`, one variable each.
    keys: Vec<GeneralizedOrdinal>,
}

impl Variables {
    fn of(values: &[&GeneralizedOrdinal]) -> Self {
        let mut keys: Vec<GeneralizedOrdinal> = values
            .iter()
            .flat_map(|x| x.terms().iter())
            .flat_map(|t| t.exponent.terms().iter().map(|e| e.exponent.clone()))
            .collect();
        keys.sort();
        keys.dedup();
        Variables { keys }
    }

    fn polynomial(&self, x: &GeneralizedOrdinal) -> Result<Polynomial> {
        let mut terms = Vec::with_capacity(x.terms().len());
        for t in x.terms() {
            let mut monomial = vec![0u32; self.keys.len()];
            for e in t.exponent.terms() {
                let Ok(i) = self.keys.binary_search(&e.exponent) else {
                    return Err(Error::invalid("internal error: a variable is missing"));
                };
                monomial[i] = e.coefficient.to_u32().filter(|&k| k <= MAX_DEGREE).ok_or_else(
                    || {
                        Error::new(
                            ErrorKind::Overflow,
                            format!("a ratio with a power of omega past ω^{MAX_DEGREE}: too large to reduce"),
                        )
                    },
                )?;
            }
            terms.push((monomial, t.coefficient.clone()));
        }
        Ok(Polynomial::from_terms(self.keys.len(), terms))
    }

    fn ordinal(&self, p: &Polynomial) -> GeneralizedOrdinal {
        let terms = p.terms().map(|(m, c)| {
            let exponent = GeneralizedOrdinal::from_terms(
                m.iter()
                    .zip(&self.keys)
                    .filter(|(k, _)| **k > 0)
                    .map(|(k, f)| Term { exponent: f.clone(), coefficient: BigInt::from(*k) })
                    .collect(),
            );
            Term { exponent, coefficient: c.clone() }
        });
        GeneralizedOrdinal::from_terms(terms.collect())
    }
}

impl Surreal {
    /// `numerator / denominator` in lowest terms; `None` when the
    /// denominator is zero.
    pub fn new(
        numerator: GeneralizedOrdinal,
        denominator: GeneralizedOrdinal,
    ) -> Result<Option<Self>> {
        if denominator.is_zero() {
            return Ok(None);
        }
        let (mut n, mut d) = if numerator.is_zero() {
            (numerator, GeneralizedOrdinal::integer(BigInt::one()))
        } else if numerator.as_integer().is_some() || denominator.as_integer().is_some() {
            // An integer on either side: only an integer factor can be common.
            let g = numerator
                .terms()
                .iter()
                .chain(denominator.terms())
                .fold(BigInt::zero(), |g, t| num_integer::Integer::gcd(&g, &t.coefficient));
            match (numerator.divide_exact(&g), denominator.divide_exact(&g)) {
                (Some(n), Some(d)) => (n, d),
                _ => return Err(Error::invalid("internal error: a gcd does not divide")),
            }
        } else if numerator.terms().len() == 1 && denominator.terms().len() == 1 {
            // Single terms: cancel the common power of omega and integer factor.
            reduce_terms(&numerator, &denominator)
        } else {
            let vars = Variables::of(&[&numerator, &denominator]);
            let (p, q) = (vars.polynomial(&numerator)?, vars.polynomial(&denominator)?);
            let g = p.gcd(&q)?;
            match (p.divide_exact(&g), q.divide_exact(&g)) {
                (Some(p), Some(q)) => (vars.ordinal(&p), vars.ordinal(&q)),
                _ => return Err(Error::invalid("internal error: a gcd does not divide")),
            }
        };
        if d.sign() < 0 {
            (n, d) = (n.neg(), d.neg());
        }
        Ok(Some(Surreal { numerator: n, denominator: d }))
    }

    /// The generalized ordinal `x`.
    pub fn from_ordinal(x: GeneralizedOrdinal) -> Self {
        Surreal { numerator: x, denominator: GeneralizedOrdinal::integer(BigInt::one()) }
    }

    /// The rational `q`.
    pub fn from_rational(q: &BigRational) -> Self {
        Surreal {
            numerator: GeneralizedOrdinal::integer(q.numer().clone()),
            denominator: GeneralizedOrdinal::integer(q.denom().clone()),
        }
    }

    /// The numerator.
    pub fn numerator(&self) -> &GeneralizedOrdinal {
        &self.numerator
    }

    /// The denominator (positive).
    pub fn denominator(&self) -> &GeneralizedOrdinal {
        &self.denominator
    }

    /// The generalized ordinal this is, when its denominator is 1.
    pub fn as_ordinal(&self) -> Option<&GeneralizedOrdinal> {
        (self.denominator.as_integer() == Some(BigInt::one())).then_some(&self.numerator)
    }

    /// The rational this is, when it is finite.
    pub fn as_rational(&self) -> Option<BigRational> {
        Some(BigRational::new(self.numerator.as_integer()?, self.denominator.as_integer()?))
    }

    /// Whether this is infinite: beyond every integer (the numerator's
    /// leading power of ω above the denominator's).
    pub fn is_infinite(&self) -> bool {
        match (self.numerator.terms().first(), self.denominator.terms().first()) {
            (Some(n), Some(d)) => n.exponent > d.exponent,
            _ => false,
        }
    }

    /// The sign: -1, 0 or 1.
    pub fn sign(&self) -> i32 {
        self.numerator.sign()
    }

    /// `−self`.
    pub fn neg(&self) -> Self {
        Surreal { numerator: self.numerator.neg(), denominator: self.denominator.clone() }
    }

    /// `|self|`.
    pub fn abs(&self) -> Self {
        if self.sign() < 0 { self.neg() } else { self.clone() }
    }

    /// `self + other`.
    pub fn add(&self, other: &Self) -> Result<Self> {
        let n =
            self.numerator.mul(&other.denominator)?.add(&self.denominator.mul(&other.numerator)?);
        Self::nonzero(n, self.denominator.mul(&other.denominator)?)
    }

    /// `self − other`.
    pub fn sub(&self, other: &Self) -> Result<Self> {
        self.add(&other.neg())
    }

    /// `self × other`.
    pub fn mul(&self, other: &Self) -> Result<Self> {
        Self::nonzero(
            self.numerator.mul(&other.numerator)?,
            self.denominator.mul(&other.denominator)?,
        )
    }

    /// `self / other`; `None` when `other` is zero.
    pub fn div(&self, other: &Self) -> Result<Option<Self>> {
        Self::new(self.numerator.mul(&other.denominator)?, self.denominator.mul(&other.numerator)?)
    }

    /// `self^n` for any integer `n` (`None` for a negative power of zero).
    pub fn pow(&self, n: i64) -> Result<Option<Self>> {
        let k = n.unsigned_abs();
        let (p, q) = (self.numerator.pow(k)?, self.denominator.pow(k)?);
        if n < 0 { Self::new(q, p) } else { Self::new(p, q) }
    }

    /// A ratio whose denominator is known to be nonzero.
    fn nonzero(n: GeneralizedOrdinal, d: GeneralizedOrdinal) -> Result<Self> {
        Self::new(n, d)?.ok_or_else(|| Error::invalid("internal error: a zero denominator"))
    }
}

/// Cancels the common factor of two single terms `a·ω^e / b·ω^f`: the
/// integer gcd, and `ω^min(e, f)` when one exponent is below the other in
/// every variable (exponents are ordinals, so the smaller is subtracted
/// term by term where it fits).
fn reduce_terms(
    n: &GeneralizedOrdinal,
    d: &GeneralizedOrdinal,
) -> (GeneralizedOrdinal, GeneralizedOrdinal) {
    use num_integer::Integer;
    let (a, b) = (&n.terms()[0], &d.terms()[0]);
    let g = a.coefficient.gcd(&b.coefficient);
    // Per variable f, the smaller of the two powers of ω^(ω^f).
    let common: Vec<Term> = a
        .exponent
        .terms()
        .iter()
        .filter_map(|x| {
            let y = b.exponent.terms().iter().find(|y| y.exponent == x.exponent)?;
            let k = (&x.coefficient).min(&y.coefficient).clone();
            Some(Term { exponent: x.exponent.clone(), coefficient: k })
        })
        .collect();
    let common = GeneralizedOrdinal::from_terms(common);
    let term = |t: &Term| {
        GeneralizedOrdinal::from_terms(vec![Term {
            exponent: t.exponent.sub(&common),
            coefficient: &t.coefficient / &g,
        }])
    };
    (term(a), term(b))
}

impl Surreal {
    /// The order of two numbers: the sign of `a·d − b·c` for `a/b` and
    /// `c/d` (denominators are positive). Refused past the bounds on the
    /// size of the products.
    pub fn compare(&self, other: &Self) -> Result<Ordering> {
        let left = self.numerator.mul(&other.denominator)?;
        let right = other.numerator.mul(&self.denominator)?;
        Ok(left.cmp(&right))
    }
}

/// CGSuite's notation: the numerator, `/`, the denominator, each in
/// parentheses when it has more than one term (`(ω+7)/ω×7`).
impl fmt::Display for Surreal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.as_ordinal().is_some() {
            return write!(f, "{}", self.numerator);
        }
        let part = |x: &GeneralizedOrdinal| {
            if x.terms().len() > 1 { format!("({x})") } else { x.to_string() }
        };
        write!(f, "{}/{}", part(&self.numerator), part(&self.denominator))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `Σ c·ω^e` over finite exponents, and `ω^ω` for exponent 9.
    fn ordinal(terms: &[(u32, i64)]) -> GeneralizedOrdinal {
        let omega = GeneralizedOrdinal::omega();
        let mut x = GeneralizedOrdinal::zero();
        for &(e, c) in terms {
            let power = if e == 9 {
                omega.checked_omega_power().unwrap()
            } else {
                GeneralizedOrdinal::integer(BigInt::from(e)).checked_omega_power().unwrap()
            };
            x = x.add(&power.mul(&GeneralizedOrdinal::integer(BigInt::from(c))).unwrap());
        }
        x
    }

    fn ratio(n: &[(u32, i64)], d: &[(u32, i64)]) -> Option<Surreal> {
        Surreal::new(ordinal(n), ordinal(d)).unwrap()
    }

    #[test]
    fn ratios_are_in_lowest_terms() {
        // (ω² − 1)/(ω + 1) = ω − 1; (2ω + 4)/(6ω) = (ω + 2)/3ω.
        let x = ratio(&[(2, 1), (0, -1)], &[(1, 1), (0, 1)]).unwrap();
        assert_eq!(x.to_string(), "ω-1");
        let y = ratio(&[(1, 2), (0, 4)], &[(1, 6)]).unwrap();
        assert_eq!(y.to_string(), "(ω+2)/ω×3");
        // A negative denominator moves its sign up.
        let z = ratio(&[(0, 1)], &[(1, -1)]).unwrap();
        assert_eq!(z.to_string(), "-1/ω");
        assert!(ratio(&[(1, 1)], &[]).is_none());
        assert!(z.sign() < 0 && !z.is_infinite());
        assert!(x.is_infinite());
    }

    type Terms = Vec<(u32, i64)>;

    fn terms() -> impl proptest::strategy::Strategy<Value = Terms> {
        proptest::collection::vec(
            (proptest::prop_oneof![0u32..3, proptest::strategy::Just(9)], -3i64..=3),
            1..3,
        )
    }

    proptest::proptest! {
        /// Field laws on ratios: subtraction undoes addition, division
        /// undoes multiplication, and the order agrees with the sign of
        /// the difference.
        #[test]
        fn ratios_form_an_ordered_field(a in terms(), b in terms(), c in terms(), d in terms()) {
            let (Some(x), Some(y)) = (ratio(&a, &b), ratio(&c, &d)) else { return Ok(()); };
            let sum = x.add(&y).unwrap();
            proptest::prop_assert_eq!(sum.sub(&y).unwrap(), x.clone());
            let product = x.mul(&y).unwrap();
            if y.sign() != 0 {
                proptest::prop_assert_eq!(product.div(&y).unwrap().unwrap(), x.clone());
            }
            let difference = x.sub(&y).unwrap();
            proptest::prop_assert_eq!(x.compare(&y).unwrap(), difference.sign().cmp(&0));
            proptest::prop_assert_eq!(x.add(&y).unwrap(), y.add(&x).unwrap());
        }
    }
}

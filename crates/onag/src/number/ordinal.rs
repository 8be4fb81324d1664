//! Generalized ordinals: the surreal numbers `Σ cᵢ·ω^αᵢ`, finitely many
//! terms, each coefficient `cᵢ` a nonzero integer and each exponent `αᵢ` an
//! ordinal (a generalized ordinal whose coefficients are all positive).
//! `ω + 5`, `ω^ω − ω^19×5 + 1` and `−ω` are generalized ordinals; the
//! ordinals among them are those with positive coefficients only.
//!
//! They add and multiply as polynomials in powers of `ω` (exponents add by
//! the natural sum, which is how surreal numbers multiply), and compare
//! lexicographically from the largest exponent down: the first term where
//! two of them differ decides, by the sign of the difference there.
//!
//! Invariants: terms are in strictly decreasing order of exponent, no
//! coefficient is zero, every exponent is an ordinal, and exponents nest at
//! most [`MAX_HEIGHT`] deep (so every recursive walk here is bounded).

use std::cmp::Ordering;
use std::fmt;

use num_bigint::BigInt;
use num_traits::{One, Signed, Zero};

use crate::error::{Error, ErrorKind, Result};

/// The deepest tower of exponents a value may hold (`ω^ω^ω` is 3 deep).
pub const MAX_HEIGHT: usize = 64;

/// The most terms a product or power may have before it is refused (a
/// power of a sum grows like a binomial expansion).
pub const MAX_TERMS: usize = 100_000;

/// The most pairs of terms one product may multiply.
const MAX_PAIRS: usize = 4_000_000;

/// The largest [`size`](GeneralizedOrdinal::size) a product may have:
/// terms counted at every level of exponents.
pub const MAX_SIZE: usize = 100_000;

/// The most bits a coefficient may have (as for the calculator's integers).
pub const MAX_COEFFICIENT_BITS: u64 = crate::number::MAX_POWER_BITS;

/// One term `coefficient · ω^exponent`.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Term {
    /// The exponent, an ordinal.
    pub exponent: GeneralizedOrdinal,
    /// The coefficient, never zero.
    pub coefficient: BigInt,
}

/// A generalized ordinal (see the module documentation).
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct GeneralizedOrdinal {
    terms: Vec<Term>,
}

impl GeneralizedOrdinal {
    /// Zero.
    pub fn zero() -> Self {
        GeneralizedOrdinal { terms: Vec::new() }
    }

    /// The integer `n`.
    pub fn integer(n: BigInt) -> Self {
        if n.is_zero() {
            return Self::zero();
        }
        GeneralizedOrdinal { terms: vec![Term { exponent: Self::zero(), coefficient: n }] }
    }

    /// `ω`.
    pub fn omega() -> Self {
        Self::integer(BigInt::one()).omega_power().unwrap_or_default()
    }

    /// The terms, largest exponent first.
    pub fn terms(&self) -> &[Term] {
        &self.terms
    }

    /// Whether this is zero.
    pub fn is_zero(&self) -> bool {
        self.terms.is_empty()
    }

    /// The integer this is, when it is finite.
    pub fn as_integer(&self) -> Option<BigInt> {
        match self.terms.as_slice() {
            [] => Some(BigInt::zero()),
            [t] if t.exponent.is_zero() => Some(t.coefficient.clone()),
            _ => None,
        }
    }

    /// Whether this is an ordinal: every coefficient positive.
    pub fn is_ordinal(&self) -> bool {
        self.terms.iter().all(|t| t.coefficient.is_positive())
    }

    /// The sign: -1, 0 or 1 (that of the leading coefficient).
    pub fn sign(&self) -> i32 {
        match self.terms.first() {
            None => 0,
            Some(t) if t.coefficient.is_negative() => -1,
            Some(_) => 1,
        }
    }

    /// How deep exponents nest: 0 for an integer, 1 for `ω + 5`, 2 for
    /// `ω^ω`.
    pub fn height(&self) -> usize {
        self.terms
            .iter()
            .map(|t| if t.exponent.is_zero() { 0 } else { 1 + t.exponent.height() })
            .max()
            .unwrap_or(0)
    }

    /// The number of terms at every level: each term counts 1 plus the
    /// size of its exponent (an integer has size 1, `ω^ω + 1` has 3).
    pub fn size(&self) -> usize {
        self.terms.iter().map(|t| 1 + t.exponent.size()).sum()
    }

    /// An error when the value is past [`MAX_SIZE`] or has a coefficient
    /// past [`MAX_COEFFICIENT_BITS`].
    pub fn check_size(&self) -> Result<()> {
        if self.size() > MAX_SIZE {
            return Err(too_many_terms());
        }
        if self.terms.iter().any(|t| t.coefficient.bits() > MAX_COEFFICIENT_BITS) {
            return Err(coefficient_too_large());
        }
        Ok(())
    }

    /// `ω^self`; `None` unless this is an ordinal (`ω^(−1)` is not a
    /// generalized ordinal).
    pub fn omega_power(&self) -> Option<Self> {
        self.is_ordinal().then(|| GeneralizedOrdinal {
            terms: vec![Term { exponent: self.clone(), coefficient: BigInt::one() }],
        })
    }

    /// [`omega_power`](Self::omega_power), refusing a tower of exponents
    /// more than [`MAX_HEIGHT`] deep.
    pub fn checked_omega_power(&self) -> Result<Self> {
        if self.height() >= MAX_HEIGHT {
            return Err(Error::new(
                ErrorKind::Overflow,
                format!("a tower of exponents more than {MAX_HEIGHT} deep"),
            ));
        }
        if self.size() >= MAX_SIZE {
            return Err(too_many_terms());
        }
        self.omega_power().ok_or_else(|| {
            Error::invalid(format!(
                "ω^({self}) is not a generalized ordinal: the exponent must be an ordinal"
            ))
        })
    }

    /// The sum of `terms` (in any order, coefficients of equal exponents
    /// added). Every exponent must be an ordinal.
    pub(crate) fn from_terms(terms: Vec<Term>) -> Self {
        debug_assert!(terms.iter().all(|t| t.exponent.is_ordinal()));
        Self::normalized(terms)
    }

    /// Sorts terms by decreasing exponent, adds coefficients of equal
    /// exponents and drops zeros: restores the invariants.
    fn normalized(mut terms: Vec<Term>) -> Self {
        terms.sort_by(|a, b| b.exponent.cmp(&a.exponent));
        let mut out: Vec<Term> = Vec::with_capacity(terms.len());
        for t in terms {
            match out.last_mut() {
                Some(last) if last.exponent == t.exponent => last.coefficient += t.coefficient,
                _ => {
                    if out.last().is_some_and(|l| l.coefficient.is_zero()) {
                        out.pop();
                    }
                    out.push(t);
                }
            }
        }
        if out.last().is_some_and(|l| l.coefficient.is_zero()) {
            out.pop();
        }
        GeneralizedOrdinal { terms: out }
    }

    /// `self + other`.
    pub fn add(&self, other: &Self) -> Self {
        Self::normalized(self.terms.iter().chain(&other.terms).cloned().collect())
    }

    /// `−self`.
    pub fn neg(&self) -> Self {
        GeneralizedOrdinal {
            terms: self
                .terms
                .iter()
                .map(|t| Term { exponent: t.exponent.clone(), coefficient: -&t.coefficient })
                .collect(),
        }
    }

    /// `self − other`.
    pub fn sub(&self, other: &Self) -> Self {
        self.add(&other.neg())
    }

    /// `self × other`: every pair of terms multiplied (exponents added);
    /// refused past [`MAX_TERMS`] terms or [`MAX_HEIGHT`] levels.
    pub fn mul(&self, other: &Self) -> Result<Self> {
        let (m, n) = (self.terms.len(), other.terms.len());
        if m.saturating_mul(n) > MAX_PAIRS {
            return Err(too_many_terms());
        }
        // Each product's exponent is the sum of two exponents: a bound on
        // the size of the result, checked before any work.
        let bound = (m * n)
            .saturating_add(self.size().saturating_mul(n))
            .saturating_add(other.size().saturating_mul(m));
        if bound > MAX_SIZE {
            return Err(too_many_terms());
        }
        let bits = |x: &Self| x.terms.iter().map(|t| t.coefficient.bits()).max().unwrap_or(0);
        if bits(self) + bits(other) > MAX_COEFFICIENT_BITS {
            return Err(coefficient_too_large());
        }
        let mut terms = Vec::with_capacity(self.terms.len() * other.terms.len());
        for a in &self.terms {
            for b in &other.terms {
                terms.push(Term {
                    exponent: a.exponent.add(&b.exponent),
                    coefficient: &a.coefficient * &b.coefficient,
                });
            }
        }
        let product = Self::normalized(terms);
        if product.terms.len() > MAX_TERMS {
            return Err(too_many_terms());
        }
        Ok(product)
    }

    /// `self^n` by repeated squaring.
    pub fn pow(&self, n: u64) -> Result<Self> {
        let mut result = Self::integer(BigInt::one());
        let mut base = self.clone();
        let mut n = n;
        while n > 0 {
            if n & 1 == 1 {
                result = result.mul(&base)?;
            }
            n >>= 1;
            if n > 0 {
                base = base.mul(&base)?;
            }
        }
        Ok(result)
    }

    /// `self / d` when the integer `d` divides every coefficient; `None`
    /// otherwise (and for `d = 0`).
    pub fn divide_exact(&self, d: &BigInt) -> Option<Self> {
        if d.is_zero() || self.terms.iter().any(|t| !(&t.coefficient % d).is_zero()) {
            return None;
        }
        let terms = self
            .terms
            .iter()
            .map(|t| Term { exponent: t.exponent.clone(), coefficient: &t.coefficient / d })
            .collect();
        Some(GeneralizedOrdinal { terms })
    }

    /// `|self|`.
    pub fn abs(&self) -> Self {
        if self.sign() < 0 { self.neg() } else { self.clone() }
    }

    /// The birthday: the ordinal with every coefficient made positive
    /// (`ω − 5` is born on day `ω + 5`).
    pub fn birthday(&self) -> Self {
        GeneralizedOrdinal {
            terms: self
                .terms
                .iter()
                .map(|t| Term { exponent: t.exponent.clone(), coefficient: t.coefficient.abs() })
                .collect(),
        }
    }

    /// The nim sum of two ordinals: coefficients of equal powers of `ω`
    /// added as nim heaps (bitwise exclusive or); `None` unless both are
    /// ordinals.
    pub fn nim_sum(&self, other: &Self) -> Option<Self> {
        if !self.is_ordinal() || !other.is_ordinal() {
            return None;
        }
        let mut terms: Vec<Term> = Vec::with_capacity(self.terms.len() + other.terms.len());
        let (mut i, mut j) = (0, 0);
        while i < self.terms.len() || j < other.terms.len() {
            let order = match (self.terms.get(i), other.terms.get(j)) {
                (Some(a), Some(b)) => a.exponent.cmp(&b.exponent),
                (Some(_), None) => Ordering::Greater,
                _ => Ordering::Less,
            };
            match order {
                Ordering::Greater => {
                    terms.push(self.terms[i].clone());
                    i += 1;
                }
                Ordering::Less => {
                    terms.push(other.terms[j].clone());
                    j += 1;
                }
                Ordering::Equal => {
                    let c = &self.terms[i].coefficient ^ &other.terms[j].coefficient;
                    if !c.is_zero() {
                        terms.push(Term {
                            exponent: self.terms[i].exponent.clone(),
                            coefficient: c,
                        });
                    }
                    i += 1;
                    j += 1;
                }
            }
        }
        Some(GeneralizedOrdinal { terms })
    }

    /// Writes the value as CGSuite writes it: `ω^(ω^2×6)+ω×3-5`.
    fn write(&self, out: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.terms.is_empty() {
            return out.write_str("0");
        }
        for (i, t) in self.terms.iter().enumerate() {
            if t.coefficient.is_negative() {
                out.write_str("-")?;
            } else if i > 0 {
                out.write_str("+")?;
            }
            let magnitude = t.coefficient.abs();
            if t.exponent.is_zero() {
                write!(out, "{magnitude}")?;
                continue;
            }
            out.write_str("ω")?;
            if t.exponent != Self::integer(BigInt::one()) {
                let e = &t.exponent.terms;
                let parens =
                    e.len() > 1 || (!e[0].coefficient.is_one() && !e[0].exponent.is_zero());
                out.write_str("^")?;
                if parens {
                    out.write_str("(")?;
                }
                t.exponent.write(out)?;
                if parens {
                    out.write_str(")")?;
                }
            }
            if !magnitude.is_one() {
                write!(out, "×{magnitude}")?;
            }
        }
        Ok(())
    }
}

fn too_many_terms() -> Error {
    Error::new(
        ErrorKind::Overflow,
        format!(
            "a transfinite number of more than {MAX_SIZE} terms, counting those of its exponents"
        ),
    )
}

fn coefficient_too_large() -> Error {
    Error::new(
        ErrorKind::Overflow,
        format!("a transfinite number with a coefficient of more than {MAX_COEFFICIENT_BITS} bits"),
    )
}

/// The order of surreal numbers: lexicographic from the largest exponent.
impl Ord for GeneralizedOrdinal {
    fn cmp(&self, other: &Self) -> Ordering {
        let n = self.terms.len().max(other.terms.len());
        for i in 0..n {
            let order = match (self.terms.get(i), other.terms.get(i)) {
                (Some(a), Some(b)) if a == b => continue,
                (Some(a), Some(b)) => match a.exponent.cmp(&b.exponent) {
                    // self − other has the term a here: its sign decides.
                    Ordering::Greater => a.coefficient.sign().cmp(&num_bigint::Sign::NoSign),
                    Ordering::Less => num_bigint::Sign::NoSign.cmp(&b.coefficient.sign()),
                    Ordering::Equal => a.coefficient.cmp(&b.coefficient),
                },
                (Some(a), None) => a.coefficient.sign().cmp(&num_bigint::Sign::NoSign),
                (None, Some(b)) => num_bigint::Sign::NoSign.cmp(&b.coefficient.sign()),
                (None, None) => Ordering::Equal,
            };
            if order != Ordering::Equal {
                return order;
            }
        }
        Ordering::Equal
    }
}

impl PartialOrd for GeneralizedOrdinal {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for GeneralizedOrdinal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn int(n: i64) -> GeneralizedOrdinal {
        GeneralizedOrdinal::integer(BigInt::from(n))
    }

    fn w() -> GeneralizedOrdinal {
        GeneralizedOrdinal::omega()
    }

    /// `ω^e`.
    fn wp(e: &GeneralizedOrdinal) -> GeneralizedOrdinal {
        e.omega_power().unwrap()
    }

    #[test]
    fn prints_as_cgsuite() {
        assert_eq!(w().to_string(), "ω");
        assert_eq!(w().add(&int(5)).to_string(), "ω+5");
        assert_eq!(int(5).sub(&w()).to_string(), "-ω+5");
        assert_eq!(w().mul(&int(5)).unwrap().to_string(), "ω×5");
        // ω^(ω^2+ω) − ω^20×9 + ω×3, CGSuite's own example.
        let e = wp(&int(2)).add(&w());
        let x = w()
            .mul(&int(3))
            .unwrap()
            .add(&wp(&e))
            .sub(&wp(&int(19)).mul(&int(9)).unwrap().mul(&w()).unwrap());
        assert_eq!(x.to_string(), "ω^(ω^2+ω)-ω^20×9+ω×3");
        assert_eq!(wp(&wp(&int(2)).mul(&int(6)).unwrap()).to_string(), "ω^(ω^2×6)");
        assert_eq!(wp(&wp(&int(2))).to_string(), "ω^ω^2");
    }

    #[test]
    fn arithmetic_is_that_of_polynomials() {
        // (ω^ω^2 + 1)^6 has the binomial coefficients.
        let x = wp(&wp(&int(2))).add(&int(1)).pow(6).unwrap();
        assert_eq!(
            x.to_string(),
            "ω^(ω^2×6)+ω^(ω^2×5)×6+ω^(ω^2×4)×15+ω^(ω^2×3)×20+ω^(ω^2×2)×15+ω^ω^2×6+1"
        );
        assert_eq!(w().add(&int(5)).sub(&w()), int(5));
        assert!(w().sub(&w()).is_zero());
        // Multiplication distributes and commutes.
        let a = w().add(&int(2));
        let b = wp(&w()).sub(&int(3));
        let c = w().mul(&int(7)).unwrap();
        assert_eq!(a.mul(&b).unwrap(), b.mul(&a).unwrap());
        assert_eq!(a.mul(&b.add(&c)).unwrap(), a.mul(&b).unwrap().add(&a.mul(&c).unwrap()));
    }

    #[test]
    fn order_is_lexicographic_from_the_top() {
        let mut xs = vec![
            w(),
            int(-3),
            w().neg(),
            w().sub(&int(1)),
            int(10_i64.pow(12)),
            wp(&w()),
            w().mul(&int(2)).unwrap(),
            int(0),
            int(5).sub(&w()),
        ];
        xs.sort();
        let shown: Vec<String> = xs.iter().map(ToString::to_string).collect();
        assert_eq!(shown, ["-ω", "-ω+5", "-3", "0", "1000000000000", "ω-1", "ω", "ω×2", "ω^ω"]);
        assert_eq!(w().neg().sign(), -1);
        assert!(!w().sub(&int(5)).is_ordinal());
        assert_eq!(w().sub(&int(5)).birthday(), w().add(&int(5)));
        assert_eq!(w().neg().abs(), w());
    }

    #[test]
    fn nim_sums_add_coefficients_as_nim_heaps() {
        // (ω^ω×4 + ω^3×9 + 11) ⊕ (ω^ω×6 + ω^3×5 + ω) = ω^ω×2 + ω^3×12 + ω + 11.
        let a =
            wp(&w()).mul(&int(4)).unwrap().add(&wp(&int(3)).mul(&int(9)).unwrap()).add(&int(11));
        let b = wp(&w()).mul(&int(6)).unwrap().add(&wp(&int(3)).mul(&int(5)).unwrap()).add(&w());
        assert_eq!(a.nim_sum(&b).unwrap().to_string(), "ω^ω×2+ω^3×12+ω+11");
        assert!(a.nim_sum(&a).unwrap().is_zero());
        assert!(w().sub(&int(1)).nim_sum(&int(2)).is_none());
    }

    #[test]
    fn towers_and_products_are_bounded() {
        let mut x = w();
        for _ in 0..MAX_HEIGHT + 2 {
            match x.checked_omega_power() {
                Ok(y) => x = y,
                Err(e) => {
                    assert!(e.to_string().contains("deep"));
                    return;
                }
            }
        }
        panic!("a tower past the bound was built");
    }

    #[test]
    fn heights_count_levels_of_exponents() {
        assert_eq!(int(7).height(), 0);
        assert_eq!(w().add(&int(1)).height(), 1);
        assert_eq!(wp(&w()).height(), 2);
        assert!(w().add(&int(1)).pow(200).is_ok());
        assert!(w().add(&int(1)).pow(1_000_000).is_err());
    }

    /// A polynomial in ω with finite exponents, from coefficients of
    /// `ω^0, ω^1, …`.
    fn poly(coefficients: &[i64]) -> GeneralizedOrdinal {
        let mut x = GeneralizedOrdinal::zero();
        for (e, &c) in coefficients.iter().enumerate() {
            x = x.add(&wp(&int(e as i64)).mul(&int(c)).unwrap());
        }
        x
    }

    /// The polynomial's value at the integer `n` (ω replaced by n).
    fn at(coefficients: &[i64], n: i64) -> BigInt {
        coefficients.iter().rev().fold(BigInt::zero(), |acc, &c| acc * n + c)
    }

    proptest::proptest! {
        /// With finite exponents a generalized ordinal is a polynomial in
        /// ω: sums and products agree with those of the polynomials' values
        /// at an integer, and the order with that of the values at an
        /// integer larger than every ratio of coefficients.
        #[test]
        fn polynomials_in_omega_agree_with_their_values(
            a in proptest::collection::vec(-20i64..=20, 0..5),
            b in proptest::collection::vec(-20i64..=20, 0..5),
        ) {
            let (x, y) = (poly(&a), poly(&b));
            let sum: Vec<i64> = (0..5)
                .map(|i| a.get(i).copied().unwrap_or(0) + b.get(i).copied().unwrap_or(0))
                .collect();
            proptest::prop_assert_eq!(x.add(&y), poly(&sum));
            let mut product = vec![0i64; 9];
            for (i, &p) in a.iter().enumerate() {
                for (j, &q) in b.iter().enumerate() {
                    product[i + j] += p * q;
                }
            }
            proptest::prop_assert_eq!(x.mul(&y).unwrap(), poly(&product));
            // |coefficients| ≤ 800 after a subtraction: 10^4 is past every
            // ratio, so the sign of the value is the sign of the leading term.
            proptest::prop_assert_eq!(x.cmp(&y), at(&a, 10_000).cmp(&at(&b, 10_000)));
        }
    }
}

//! Dyadic rationals m/2^k: the numbers of short games.
//!
//! A [`Dyadic`] is kept normalised (the numerator is odd unless the exponent is
//! 0), so equal values have equal representations and `==`/`Hash` are exact.
//! The numerator lives in a machine word while it fits and in a [`BigInt`]
//! beyond (invariant: the big form never holds a value that fits in `i64`).
//! Additions and comparisons of small values run in `i128`; anything that could
//! overflow goes to big integers. The only way to fail is an exponent beyond
//! `u32::MAX` (a denominator with more than four billion bits), which returns
//! [`ErrorKind::Overflow`].

use std::cmp::Ordering;
use std::fmt;
use std::ops::{Add, Neg, Sub};

use num_bigint::{BigInt, BigUint, Sign};
use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive, Zero};

use crate::error::{Error, ErrorKind, Result};

/// The numerator: a machine word when it fits, a big integer otherwise.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
enum Num {
    Small(i64),
    Big(BigInt),
}

/// An exact dyadic rational `numerator / 2^exponent`, normalised.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Dyadic {
    num: Num,
    exp: u32,
}

fn overflow() -> Error {
    Error::new(ErrorKind::Overflow, "Overflow.")
}

impl Dyadic {
    /// Zero.
    pub fn zero() -> Self {
        Dyadic { num: Num::Small(0), exp: 0 }
    }

    /// The integer `n`.
    pub fn from_i64(n: i64) -> Self {
        Dyadic { num: Num::Small(n), exp: 0 }
    }

    /// The integer `n`.
    pub fn from_bigint(n: &BigInt) -> Self {
        Self::from_big_parts(n.clone(), 0)
    }

    /// `num / 2^exp`, normalised.
    pub fn new(num: i64, exp: u32) -> Self {
        Self::from_i128(num as i128, exp)
    }

    /// `num / 2^exp` for a big numerator, normalised.
    pub fn from_big_parts(num: BigInt, exp: u32) -> Self {
        if num.is_zero() {
            return Self::zero();
        }
        let tz = num.trailing_zeros().unwrap_or(0).min(exp as u64) as u32;
        let num = if tz > 0 { num >> tz } else { num };
        let exp = exp - tz;
        match num.to_i64() {
            Some(n) => Dyadic { num: Num::Small(n), exp },
            None => Dyadic { num: Num::Big(num), exp },
        }
    }

    fn from_i128(num: i128, exp: u32) -> Self {
        if num == 0 {
            return Self::zero();
        }
        let tz = num.trailing_zeros().min(exp);
        let num = num >> tz;
        let exp = exp - tz;
        match i64::try_from(num) {
            Ok(n) => Dyadic { num: Num::Small(n), exp },
            Err(_) => Dyadic { num: Num::Big(BigInt::from(num)), exp },
        }
    }

    /// The numerator (odd unless the value is an integer).
    pub fn numerator(&self) -> BigInt {
        match &self.num {
            Num::Small(n) => BigInt::from(*n),
            Num::Big(n) => n.clone(),
        }
    }

    /// The numerator, if it fits in a machine word.
    pub fn small_numerator(&self) -> Option<i64> {
        match &self.num {
            Num::Small(n) => Some(*n),
            Num::Big(_) => None,
        }
    }

    /// The exponent k of the denominator 2^k.
    pub fn exponent(&self) -> u32 {
        self.exp
    }

    /// The denominator 2^k.
    pub fn denominator(&self) -> BigInt {
        BigInt::one() << self.exp
    }

    /// Whether this is 0.
    pub fn is_zero(&self) -> bool {
        matches!(self.num, Num::Small(0))
    }

    /// Whether this is an integer.
    pub fn is_integer(&self) -> bool {
        self.exp == 0
    }

    /// -1, 0 or 1.
    pub fn signum(&self) -> i32 {
        match &self.num {
            Num::Small(n) => n.signum() as i32,
            Num::Big(n) => match n.sign() {
                Sign::Minus => -1,
                Sign::NoSign => 0,
                Sign::Plus => 1,
            },
        }
    }

    /// The largest integer not above this value.
    pub fn floor(&self) -> BigInt {
        match &self.num {
            Num::Small(n) if self.exp < 64 => BigInt::from(n >> self.exp),
            Num::Small(n) => BigInt::from(if *n < 0 { -1 } else { 0 }),
            Num::Big(n) => n >> self.exp,
        }
    }

    /// The smallest integer not below this value.
    pub fn ceil(&self) -> BigInt {
        -(-self).floor()
    }

    /// The value as an integer, if it is one and fits in `i64`.
    pub fn to_i64(&self) -> Option<i64> {
        match (&self.num, self.exp) {
            (Num::Small(n), 0) => Some(*n),
            _ => None,
        }
    }

    /// The value as a general rational.
    pub fn to_rational(&self) -> BigRational {
        BigRational::new(self.numerator(), self.denominator())
    }

    /// The value of `r`, if its denominator is a power of two.
    pub fn from_rational(r: &BigRational) -> Option<Self> {
        let den = r.denom();
        if !den.is_positive() {
            return None;
        }
        let tz = den.trailing_zeros().unwrap_or(0);
        if (den >> tz) != BigInt::one() {
            return None;
        }
        let exp = u32::try_from(tz).ok()?;
        Some(Self::from_big_parts(r.numer().clone(), exp))
    }

    /// The product, or an overflow error when the denominator exponent would
    /// exceed `u32::MAX`.
    pub fn checked_mul(&self, other: &Dyadic) -> Result<Dyadic> {
        let exp = self.exp.checked_add(other.exp).ok_or_else(overflow)?;
        match (&self.num, &other.num) {
            (Num::Small(a), Num::Small(b)) => Ok(Self::from_i128(*a as i128 * *b as i128, exp)),
            _ => Ok(Self::from_big_parts(self.numerator() * other.numerator(), exp)),
        }
    }

    /// This value divided by 2^k.
    pub fn div_pow2(&self, k: u32) -> Result<Dyadic> {
        if self.is_zero() {
            return Ok(Self::zero());
        }
        let exp = self.exp.checked_add(k).ok_or_else(overflow)?;
        Ok(Dyadic { num: self.num.clone(), exp })
    }

    /// Half of this value.
    pub fn halve(&self) -> Result<Dyadic> {
        self.div_pow2(1)
    }

    /// This value times 2^k.
    pub fn mul_pow2(&self, k: u32) -> Dyadic {
        if k <= self.exp {
            return Dyadic { num: self.num.clone(), exp: self.exp - k };
        }
        let shift = k - self.exp;
        Self::from_big_parts(self.numerator() << shift, 0)
    }

    /// Both numerators scaled to the common exponent, as big integers.
    fn aligned_big(&self, other: &Dyadic) -> (BigInt, BigInt, u32) {
        let exp = self.exp.max(other.exp);
        (self.numerator() << (exp - self.exp), other.numerator() << (exp - other.exp), exp)
    }

    /// Both numerators scaled to the common exponent, when that fits in i128
    /// with room for one addition.
    fn aligned_small(&self, other: &Dyadic) -> Option<(i128, i128, u32)> {
        let (Num::Small(a), Num::Small(b)) = (&self.num, &other.num) else { return None };
        let exp = self.exp.max(other.exp);
        let (sa, sb) = (exp - self.exp, exp - other.exp);
        if sa > 62 || sb > 62 {
            return None;
        }
        Some(((*a as i128) << sa, (*b as i128) << sb, exp))
    }

    /// The exact sum.
    fn add_ref(&self, other: &Dyadic) -> Dyadic {
        if let Some((a, b, exp)) = self.aligned_small(other) {
            return Self::from_i128(a + b, exp);
        }
        let (a, b, exp) = self.aligned_big(other);
        Self::from_big_parts(a + b, exp)
    }
}

impl Ord for Dyadic {
    fn cmp(&self, other: &Self) -> Ordering {
        if let Some((a, b, _)) = self.aligned_small(other) {
            return a.cmp(&b);
        }
        let (a, b, _) = self.aligned_big(other);
        a.cmp(&b)
    }
}

impl PartialOrd for Dyadic {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Default for Dyadic {
    fn default() -> Self {
        Self::zero()
    }
}

impl From<i64> for Dyadic {
    fn from(n: i64) -> Self {
        Self::from_i64(n)
    }
}

impl Neg for &Dyadic {
    type Output = Dyadic;
    fn neg(self) -> Dyadic {
        match &self.num {
            Num::Small(n) => match n.checked_neg() {
                Some(m) => Dyadic { num: Num::Small(m), exp: self.exp },
                None => Dyadic { num: Num::Big(-BigInt::from(*n)), exp: self.exp },
            },
            Num::Big(n) => Dyadic::from_big_parts(-n, self.exp),
        }
    }
}

impl Neg for Dyadic {
    type Output = Dyadic;
    fn neg(self) -> Dyadic {
        -&self
    }
}

impl Add for &Dyadic {
    type Output = Dyadic;
    fn add(self, other: &Dyadic) -> Dyadic {
        self.add_ref(other)
    }
}

impl Add for Dyadic {
    type Output = Dyadic;
    fn add(self, other: Dyadic) -> Dyadic {
        self.add_ref(&other)
    }
}

impl Sub for &Dyadic {
    type Output = Dyadic;
    fn sub(self, other: &Dyadic) -> Dyadic {
        self.add_ref(&-other)
    }
}

impl Sub for Dyadic {
    type Output = Dyadic;
    fn sub(self, other: Dyadic) -> Dyadic {
        self.add_ref(&-other)
    }
}

impl fmt::Display for Dyadic {
    /// CGSuite's form: `5`, `-1/2`, `25/16`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.num {
            Num::Small(n) => write!(f, "{n}")?,
            Num::Big(n) => write!(f, "{n}")?,
        }
        if self.exp > 0 {
            if self.exp < 63 {
                write!(f, "/{}", 1u64 << self.exp)?;
            } else {
                write!(f, "/{}", self.denominator())?;
            }
        }
        Ok(())
    }
}

/// The simplest number (the one born first) strictly between `lo` and `hi`;
/// a missing bound is no bound. This is the simplicity theorem: `{lo | hi}`
/// equals this number. Returns `None` when `lo >= hi`.
pub fn simplest_in(lo: Option<&Dyadic>, hi: Option<&Dyadic>) -> Option<Dyadic> {
    if let (Some(a), Some(b)) = (lo, hi)
        && a >= b
    {
        return None;
    }
    let zero = Dyadic::zero();
    let above_zero = lo.is_some_and(|a| *a >= zero);
    let below_zero = hi.is_some_and(|b| *b <= zero);
    if !above_zero && !below_zero {
        return Some(zero);
    }
    if below_zero {
        // Mirror the problem into the positive numbers.
        let (nlo, nhi) = (hi.map(|b| -b), lo.map(|a| -a));
        return simplest_in(nlo.as_ref(), nhi.as_ref()).map(|x| -x);
    }
    // Now 0 <= lo.
    let lo = lo?;
    let n = Dyadic::from_bigint(&(lo.floor() + 1));
    if hi.is_none_or(|b| n < *b) {
        return Some(n);
    }
    let hi = hi?;
    // No integer strictly between: the first k with a multiple of 2^-k strictly
    // between gives the simplest number, and that multiple is unique.
    let mut k = 1u32;
    loop {
        let scaled = lo.mul_pow2(k).floor() + 1;
        let candidate = Dyadic::from_big_parts(scaled, k);
        if candidate < *hi {
            return Some(candidate);
        }
        k = k.checked_add(1)?;
    }
}

/// The simplest number strictly between `a` and `b` (seed 003's δ applied to
/// the interval), or `None` when `a >= b`.
pub fn simplest_between(a: &Dyadic, b: &Dyadic) -> Option<Dyadic> {
    simplest_in(Some(a), Some(b))
}

/// The birthday of a number: `|n|` for an integer, `|⌊x⌋| + 1 + k` for a
/// non-integer `x = j/2^k ≥ 0` (and that of `-x` for negative `x`).
pub fn birthday(x: &Dyadic) -> BigUint {
    let x = if x.signum() < 0 { -x } else { x.clone() };
    let whole = x.floor().magnitude().clone();
    if x.is_integer() { whole } else { whole + 1u32 + BigUint::from(x.exponent()) }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(n: i64, k: u32) -> Dyadic {
        Dyadic::new(n, k)
    }

    #[test]
    fn normalises_and_prints() {
        assert_eq!(d(4, 3), d(1, 1));
        assert_eq!(d(4, 3).to_string(), "1/2");
        assert_eq!(d(-25, 4).to_string(), "-25/16");
        assert_eq!(d(5, 0).to_string(), "5");
        assert_eq!(Dyadic::zero().to_string(), "0");
    }

    #[test]
    fn overflowing_words_promote() {
        let big = Dyadic::from_i64(i64::MAX) + Dyadic::from_i64(i64::MAX);
        assert_eq!(big.to_string(), "18446744073709551614");
        let tiny = Dyadic::new(1, 62) + Dyadic::new(1, 0);
        assert_eq!(tiny - Dyadic::from_i64(1), Dyadic::new(1, 62));
        assert_eq!(-Dyadic::from_i64(i64::MIN), Dyadic::from_i64(i64::MAX) + Dyadic::from_i64(1));
    }

    #[test]
    fn simplest_numbers() {
        let s = |a: Option<Dyadic>, b: Option<Dyadic>| simplest_in(a.as_ref(), b.as_ref()).unwrap();
        assert_eq!(s(None, None), d(0, 0));
        assert_eq!(s(Some(d(0, 0)), None), d(1, 0));
        assert_eq!(s(None, Some(d(0, 0))), d(-1, 0));
        assert_eq!(s(Some(d(0, 0)), Some(d(1, 0))), d(1, 1));
        assert_eq!(s(Some(d(3, 1)), Some(d(13, 3))), d(25, 4));
        assert_eq!(s(Some(d(3, 1)), Some(d(5, 1))), d(2, 0));
        assert_eq!(s(Some(d(1, 1)), Some(d(1, 0))), d(3, 2));
        assert_eq!(s(Some(d(-7, 0)), Some(d(-5, 0))), d(-6, 0));
        assert_eq!(s(Some(d(-1, 0)), Some(d(5, 0))), d(0, 0));
        assert_eq!(s(None, Some(d(-5, 1))), d(-3, 0));
        assert_eq!(simplest_between(&d(1, 0), &d(1, 0)), None);
    }

    #[test]
    fn birthdays() {
        assert_eq!(birthday(&d(25, 4)), BigUint::from(6u32));
        assert_eq!(birthday(&d(-1, 1)), BigUint::from(2u32));
        assert_eq!(birthday(&d(73, 4)), BigUint::from(9u32));
        assert_eq!(birthday(&d(-5, 0)), BigUint::from(5u32));
    }
}

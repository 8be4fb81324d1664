//! The calculator's rational numbers: a machine word for the integers
//! programs mostly count with (loop variables, coordinates, heap sizes),
//! a shared big rational for every other number.
//!
//! Invariant: a [`Number`] is `Small` exactly when it is an integer that
//! fits an `i64`; so each number has one representation, and the derived
//! equality and hash are those of the numbers. Arithmetic on two `Small`s
//! is checked and falls back to big rationals when it would overflow.

use std::borrow::Cow;
use std::sync::Arc;

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, ToPrimitive, Zero};

/// An exact rational number (see the module doc for its invariant).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Number {
    /// An integer that fits an `i64`.
    Small(i64),
    /// Any other rational (never an integer that fits an `i64`).
    Big(Arc<BigRational>),
}

impl Number {
    /// The integer `n`.
    pub fn small(n: i64) -> Number {
        Number::Small(n)
    }

    /// The number `q`, in its one representation.
    pub fn from_big(q: BigRational) -> Number {
        if q.is_integer()
            && let Some(n) = q.numer().to_i64()
        {
            return Number::Small(n);
        }
        Number::Big(Arc::new(q))
    }

    /// The integer `n`.
    pub fn from_integer(n: BigInt) -> Number {
        match n.to_i64() {
            Some(n) => Number::Small(n),
            None => Number::Big(Arc::new(BigRational::from_integer(n))),
        }
    }

    /// The number as a big rational (borrowed when it is one).
    pub fn to_big(&self) -> Cow<'_, BigRational> {
        match self {
            Number::Small(n) => Cow::Owned(BigRational::from_integer(BigInt::from(*n))),
            Number::Big(q) => Cow::Borrowed(q),
        }
    }

    /// The number as an owned big rational.
    pub fn into_big(self) -> BigRational {
        match self {
            Number::Small(n) => BigRational::from_integer(BigInt::from(n)),
            Number::Big(q) => Arc::try_unwrap(q).unwrap_or_else(|q| (*q).clone()),
        }
    }

    /// The number, when it is an integer that fits an `i64`.
    pub fn as_i64(&self) -> Option<i64> {
        match self {
            Number::Small(n) => Some(*n),
            Number::Big(_) => None,
        }
    }

    /// The number, when it is an integer.
    pub fn integer(&self) -> Option<Cow<'_, BigInt>> {
        match self {
            Number::Small(n) => Some(Cow::Owned(BigInt::from(*n))),
            Number::Big(q) => q.is_integer().then(|| Cow::Borrowed(q.numer())),
        }
    }

    /// Whether it is an integer.
    pub fn is_integer(&self) -> bool {
        match self {
            Number::Small(_) => true,
            Number::Big(q) => q.is_integer(),
        }
    }

    /// Whether it is 0.
    pub fn is_zero(&self) -> bool {
        matches!(self, Number::Small(0))
    }

    /// `self + other`, exactly, when both are words and the sum is one.
    pub fn checked_add(&self, other: &Number) -> Option<Number> {
        Some(Number::Small(self.as_i64()?.checked_add(other.as_i64()?)?))
    }

    /// `self - other`, exactly, when both are words and the difference is one.
    pub fn checked_sub(&self, other: &Number) -> Option<Number> {
        Some(Number::Small(self.as_i64()?.checked_sub(other.as_i64()?)?))
    }

    /// `self * other`, exactly, when both are words and the product is one.
    pub fn checked_mul(&self, other: &Number) -> Option<Number> {
        Some(Number::Small(self.as_i64()?.checked_mul(other.as_i64()?)?))
    }

    /// `-self`.
    pub fn neg(&self) -> Number {
        match self.as_i64().and_then(i64::checked_neg) {
            Some(n) => Number::Small(n),
            None => Number::from_big(-self.to_big().into_owned()),
        }
    }
}

impl std::fmt::Display for Number {
    /// As CGSuite writes numbers: `5`, `-1/2`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Number::Small(n) => write!(f, "{n}"),
            Number::Big(q) if q.is_integer() => write!(f, "{}", q.numer()),
            Number::Big(q) => write!(f, "{}/{}", q.numer(), q.denom()),
        }
    }
}

impl PartialOrd for Number {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Number {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        match (self, other) {
            (Number::Small(a), Number::Small(b)) => a.cmp(b),
            _ => self.to_big().cmp(&other.to_big()),
        }
    }
}

impl From<BigRational> for Number {
    fn from(q: BigRational) -> Number {
        Number::from_big(q)
    }
}

impl From<BigInt> for Number {
    fn from(n: BigInt) -> Number {
        Number::from_integer(n)
    }
}

impl Zero for Number {
    fn zero() -> Number {
        Number::Small(0)
    }

    fn is_zero(&self) -> bool {
        Number::is_zero(self)
    }
}

impl std::ops::Add for Number {
    type Output = Number;

    fn add(self, other: Number) -> Number {
        self.checked_add(&other).unwrap_or_else(|| {
            Number::from_big(self.to_big().into_owned() + other.to_big().as_ref())
        })
    }
}

impl One for Number {
    fn one() -> Number {
        Number::Small(1)
    }
}

impl std::ops::Mul for Number {
    type Output = Number;

    fn mul(self, other: Number) -> Number {
        self.checked_mul(&other).unwrap_or_else(|| {
            Number::from_big(self.to_big().into_owned() * other.to_big().as_ref())
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn big(a: i64, b: i64) -> BigRational {
        BigRational::new(a.into(), b.into())
    }

    #[test]
    fn each_number_has_one_representation() {
        assert_eq!(Number::from_big(big(6, 3)), Number::Small(2));
        assert!(matches!(Number::from_big(big(1, 2)), Number::Big(_)));
        let huge: BigInt = BigInt::from(i64::MAX) + BigInt::one();
        assert!(matches!(Number::from_integer(huge.clone()), Number::Big(_)));
        assert_eq!(Number::from_integer(huge - 1), Number::Small(i64::MAX));
    }

    #[test]
    fn word_arithmetic_overflows_into_big_rationals() {
        let max = Number::Small(i64::MAX);
        assert_eq!(max.checked_add(&Number::Small(1)), None);
        let sum = max.clone() + Number::Small(1);
        assert_eq!(
            sum.to_big().into_owned(),
            BigRational::from_integer(BigInt::from(i64::MAX) + 1)
        );
        assert_eq!(Number::Small(i64::MIN).neg().to_big().into_owned(), -big(i64::MIN, 1));
    }

    proptest! {
        /// Order, sums and products agree with big rationals.
        #[test]
        fn agrees_with_big_rationals(a in any::<i64>(), b in any::<i64>(), d in 1i64..5) {
            let (x, y) = (Number::from_big(big(a, d)), Number::from_big(big(b, 1)));
            prop_assert_eq!(x.cmp(&y), big(a, d).cmp(&big(b, 1)));
            prop_assert_eq!((x.clone() + y.clone()).into_big(), big(a, d) + big(b, 1));
            prop_assert_eq!((x * y).into_big(), big(a, d) * big(b, 1));
        }
    }
}

//! Exact arithmetic on the calculator's rational numbers.
//!
//! Everything is exact; a result too large to hold (more than [`MAX_BITS`]
//! bits) is an overflow error naming that limit instead of an attempt to
//! allocate it, and
//! division by zero is an error, never a panic.

use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, Signed, ToPrimitive, Zero};

use crate::error::{Error, ErrorKind, Result};

/// The largest number of bits a numerator or denominator may have.
pub const MAX_BITS: u64 = 1 << 18;

/// The error for a result too large to hold.
pub fn overflow() -> Error {
    Error::new(
        ErrorKind::Overflow,
        format!(
            "Overflow: the result would have more than {MAX_BITS} bits; numbers here are exact, \
             with numerator and denominator below 2^{MAX_BITS} (about 78,900 digits)"
        ),
    )
}

/// The error for division by zero.
pub fn division_by_zero() -> Error {
    Error::new(ErrorKind::Undefined, "Division by zero.")
}

fn check_size(q: BigRational) -> Result<BigRational> {
    if q.numer().bits() > MAX_BITS || q.denom().bits() > MAX_BITS {
        return Err(overflow());
    }
    Ok(q)
}

/// Both integers: the fast path that skips the gcd of rational arithmetic.
fn integers<'a>(a: &'a BigRational, b: &'a BigRational) -> Option<(&'a BigInt, &'a BigInt)> {
    (a.is_integer() && b.is_integer()).then(|| (a.numer(), b.numer()))
}

/// `a + b`.
pub fn add(a: &BigRational, b: &BigRational) -> Result<BigRational> {
    if let Some((x, y)) = integers(a, b) {
        return check_size(BigRational::from_integer(x + y));
    }
    check_size(a + b)
}

/// `a - b`.
pub fn sub(a: &BigRational, b: &BigRational) -> Result<BigRational> {
    if let Some((x, y)) = integers(a, b) {
        return check_size(BigRational::from_integer(x - y));
    }
    check_size(a - b)
}

/// `a * b`.
pub fn mul(a: &BigRational, b: &BigRational) -> Result<BigRational> {
    if a.numer().bits() + b.numer().bits() > MAX_BITS + 1 {
        return Err(overflow());
    }
    if let Some((x, y)) = integers(a, b) {
        return check_size(BigRational::from_integer(x * y));
    }
    check_size(a * b)
}

/// `a / b`; fails on division by zero.
pub fn div(a: &BigRational, b: &BigRational) -> Result<BigRational> {
    if b.is_zero() {
        return Err(division_by_zero());
    }
    check_size(a / b)
}

/// `a % b`: the remainder `a − b·⌊a/b⌋`, with the sign of `b`.
pub fn modulo(a: &BigRational, b: &BigRational) -> Result<BigRational> {
    if b.is_zero() {
        return Err(division_by_zero());
    }
    if let Some((x, y)) = integers(a, b) {
        return Ok(BigRational::from_integer(x.mod_floor(y)));
    }
    let quotient = (a / b).floor();
    check_size(a - b * quotient)
}

/// `base ^ exponent` for an integer exponent (negative ones invert the base).
pub fn pow(base: &BigRational, exponent: &BigInt) -> Result<BigRational> {
    if exponent.is_negative() {
        if base.is_zero() {
            return Err(division_by_zero());
        }
        return pow(&base.recip(), &-exponent);
    }
    if exponent.is_zero() {
        return Ok(BigRational::one());
    }
    let magnitude = base.numer().abs();
    let trivial = base.denom().is_one() && (magnitude.is_zero() || magnitude.is_one());
    if trivial {
        let negative = base.is_negative() && exponent.is_odd();
        let value = if magnitude.is_zero() {
            BigInt::zero()
        } else if negative {
            -BigInt::one()
        } else {
            BigInt::one()
        };
        return Ok(BigRational::from_integer(value));
    }
    let e = exponent.to_u64().ok_or_else(overflow)?;
    let bits = base.numer().bits().max(base.denom().bits());
    if bits.saturating_sub(1).saturating_mul(e) > MAX_BITS {
        return Err(overflow());
    }
    let e = u32::try_from(e).map_err(|_| overflow())?;
    check_size(num_traits::pow::Pow::pow(base, e))
}

/// `⌊q⌋`.
pub fn floor(q: &BigRational) -> BigInt {
    q.floor().to_integer()
}

/// `⌊√n⌋` of a non-negative integer.
pub fn isqrt(n: &BigInt) -> Result<BigInt> {
    if n.is_negative() {
        return Err(Error::invalid("Isqrt of a negative integer"));
    }
    Ok(n.sqrt())
}

/// `⌊log₂ n⌋` of a positive integer.
pub fn lb(n: &BigInt) -> Result<BigInt> {
    if !n.is_positive() {
        return Err(Error::invalid("Lb of an integer that is not positive"));
    }
    Ok(BigInt::from(n.bits() - 1))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(a: i64, b: i64) -> BigRational {
        BigRational::new(a.into(), b.into())
    }

    #[test]
    fn powers() {
        assert_eq!(pow(&q(3, 1), &16.into()).unwrap(), q(43_046_721, 1));
        assert_eq!(pow(&q(2, 3), &(-2).into()).unwrap(), q(9, 4));
        assert_eq!(pow(&q(-1, 1), &BigInt::from(10).pow(30)).unwrap(), q(1, 1));
        assert_eq!(pow(&q(0, 1), &0.into()).unwrap(), q(1, 1));
        let huge = BigInt::from(2).pow(100);
        assert!(pow(&q(2, 1), &huge).unwrap_err().message().starts_with("Overflow: "));
        assert_eq!(pow(&q(0, 1), &(-1).into()).unwrap_err().message(), "Division by zero.");
    }

    #[test]
    fn modulo_has_the_sign_of_the_divisor() {
        assert_eq!(modulo(&q(-7, 1), &q(3, 1)).unwrap(), q(2, 1));
        assert_eq!(modulo(&q(7, 1), &q(-3, 1)).unwrap(), q(-2, 1));
        assert_eq!(modulo(&q(7, 2), &q(1, 1)).unwrap(), q(1, 2));
        assert!(modulo(&q(1, 1), &q(0, 1)).is_err());
    }

    #[test]
    fn integer_functions() {
        assert_eq!(isqrt(&BigInt::from(17)).unwrap(), 4.into());
        assert_eq!(lb(&BigInt::from(17)).unwrap(), 4.into());
        assert!(lb(&BigInt::from(0)).is_err());
        assert_eq!(floor(&q(-1, 2)), (-1).into());
    }
}

//! Exact numbers: the integer types every other module computes with.
//!
//! Game values are never floating point. Machine words are the fast path;
//! where a value can outgrow them, code uses the big types re-exported here, so
//! that the choice of big-integer crate stays local to this module.

pub use num_bigint::{BigInt, BigUint, ParseBigIntError};

pub mod dyadic;
pub mod excess;
pub mod ordinal;
pub mod ordinal_nim;
pub mod polynomial;
pub mod surreal;

pub use dyadic::{Dyadic, birthday, simplest_between, simplest_in};

/// General exact rationals (`2/3`), for the calculator; the dyadic ones convert
/// to game values with [`Dyadic::from_rational`].
pub type Rational = num_rational::BigRational;

/// The largest number [`parse_natural`] builds from a power `A^B`, in bits.
///
/// A power is computed in full, so this bound keeps `10^999999999` from
/// allocating gigabytes or running for minutes.
pub const MAX_POWER_BITS: u64 = 1 << 20;

/// Parses a non-negative integer of any size: plain decimal digits (`"0"`,
/// `"123…"`) or a power `A^B` of two such numbers (`"10^30"`, `"2^64"`).
///
/// Leading `+`, signs, spaces, underscores and empty strings are rejected with a
/// message naming the text; a power with more than [`MAX_POWER_BITS`] bits is
/// refused as too large.
pub fn parse_natural(text: &str) -> crate::Result<BigUint> {
    let invalid = |what: &str| crate::Error::invalid(format!("'{text}' {what}"));
    if text.starts_with('-') && text.len() > 1 {
        return Err(invalid("must not be negative"));
    }
    let digits = |part: &str| -> crate::Result<BigUint> {
        if part.is_empty() || !part.bytes().all(|b| b.is_ascii_digit()) {
            return Err(invalid("is not a non-negative integer"));
        }
        part.parse::<BigUint>().map_err(|e| crate::Error::invalid(format!("'{text}': {e}")))
    };
    let Some((base, exponent)) = text.split_once('^') else {
        return digits(text);
    };
    let (base, exponent) = (digits(base)?, digits(exponent)?);
    let too_large = || invalid(&format!("is too large (more than {MAX_POWER_BITS} bits)"));
    let one = BigUint::from(1u32);
    if base <= one || exponent == BigUint::default() {
        // 0^0 is 1, as in every combinatorial count.
        return Ok(if exponent == BigUint::default() { one } else { base });
    }
    // base >= 2, so the power has at least exponent * (bits(base) - 1) + 1 bits.
    let exponent = u64::try_from(&exponent).map_err(|_| too_large())?;
    let least_bits = exponent.checked_mul(base.bits() - 1).ok_or_else(too_large)?;
    if least_bits >= MAX_POWER_BITS {
        return Err(too_large());
    }
    let exponent = u32::try_from(exponent).map_err(|_| too_large())?;
    let power = num_traits::Pow::pow(&base, exponent);
    if power.bits() > MAX_POWER_BITS {
        return Err(too_large());
    }
    Ok(power)
}

/// Serde helpers that write big integers as JSON numbers when they fit in 64
/// bits and as decimal strings beyond, so no JSON reader loses precision
/// silently on ordinary values.
pub mod serde_decimal {
    use num_traits::ToPrimitive;
    use serde::Serializer;

    use super::{BigInt, BigUint};

    /// Serializes a [`BigUint`]: a number if it fits in `u64`, else a decimal string.
    pub fn serialize<S: Serializer>(value: &BigUint, serializer: S) -> Result<S::Ok, S::Error> {
        match value.to_u64() {
            Some(v) => serializer.serialize_u64(v),
            None => serializer.serialize_str(&value.to_string()),
        }
    }

    /// Serializes a [`BigInt`]: a number if it fits in `i64`, else a decimal string.
    pub fn serialize_signed<S: Serializer>(
        value: &BigInt,
        serializer: S,
    ) -> Result<S::Ok, S::Error> {
        match value.to_i64() {
            Some(v) => serializer.serialize_i64(v),
            None => serializer.serialize_str(&value.to_string()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn naturals_parse_exactly() {
        let big = "123456789012345678901234567890";
        assert_eq!(parse_natural(big).unwrap().to_string(), big);
        assert_eq!(parse_natural("0").unwrap(), BigUint::default());
    }

    #[test]
    fn bad_naturals_are_rejected() {
        for bad in ["", "-3", "+3", "1_000", "x", " 1", "1.5"] {
            assert!(parse_natural(bad).is_err(), "{bad}");
        }
        assert_eq!(parse_natural("-3").unwrap_err().to_string(), "'-3' must not be negative");
    }

    #[test]
    fn powers_parse_exactly() {
        let ten30 = "1000000000000000000000000000000";
        assert_eq!(parse_natural("10^30").unwrap().to_string(), ten30);
        assert_eq!(parse_natural("2^64").unwrap().to_string(), "18446744073709551616");
        assert_eq!(parse_natural("7^1").unwrap(), BigUint::from(7u32));
        assert_eq!(parse_natural("5^0").unwrap(), BigUint::from(1u32));
        assert_eq!(parse_natural("0^0").unwrap(), BigUint::from(1u32));
        assert_eq!(parse_natural("0^5").unwrap(), BigUint::default());
        assert_eq!(parse_natural("1^99999999999999999999999").unwrap(), BigUint::from(1u32));
        let repeated: BigUint = (0..30).fold(BigUint::from(1u32), |acc, _| acc * 10u32);
        assert_eq!(parse_natural("10^30").unwrap(), repeated);
        // Exactly at the bound: 2^(2^20 - 1) has 2^20 bits.
        assert_eq!(parse_natural("2^1048575").unwrap().bits(), MAX_POWER_BITS);
    }

    #[test]
    fn huge_powers_are_refused_quickly() {
        for huge in ["2^1048576", "10^1000000", "10^99999999999999999999", "3^4294967296"] {
            let message = parse_natural(huge).unwrap_err().to_string();
            assert!(message.contains("is too large"), "{huge}: {message}");
        }
    }

    #[test]
    fn malformed_powers_are_rejected() {
        for bad in ["^", "10^", "^3", "2^^3", "2^3^4", "2^-1", "-2^3", "2 ^3", "2^+3"] {
            assert!(parse_natural(bad).is_err(), "{bad}");
        }
        assert_eq!(parse_natural("-2^3").unwrap_err().to_string(), "'-2^3' must not be negative");
    }
}

//! Exact numbers: the integer types every other module computes with.
//!
//! Game values are never floating point. Machine words are the fast path;
//! where a value can outgrow them, code uses the big types re-exported here, so
//! that the choice of big-integer crate stays local to this module.

pub use num_bigint::{BigInt, BigUint, ParseBigIntError};

pub mod dyadic;

pub use dyadic::{Dyadic, birthday, simplest_between, simplest_in};

/// General exact rationals (`2/3`), for the calculator; the dyadic ones convert
/// to game values with [`Dyadic::from_rational`].
pub type Rational = num_rational::BigRational;

/// Parses a non-negative decimal integer of any size (`"0"`, `"123…"`).
///
/// Leading `+`, signs, spaces, underscores and empty strings are rejected with a
/// message naming the text.
pub fn parse_natural(text: &str) -> crate::Result<BigUint> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        let what = if text.starts_with('-') && text.len() > 1 {
            "must not be negative"
        } else {
            "is not a non-negative integer"
        };
        return Err(crate::Error::invalid(format!("'{text}' {what}")));
    }
    text.parse::<BigUint>().map_err(|e| crate::Error::invalid(format!("'{text}': {e}")))
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
}

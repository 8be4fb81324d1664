//! `Nimber64` and `Nimber128`: nimbers as values with operators.
//!
//! `+` and `-` are the nim-sum (XOR; every nimber is its own negative), `*` the
//! nim product, `/` the quotient. Each type is a field: GF(2^64) and GF(2^128).
//! `/` by zero panics like integer division; [`Nimber64::checked_div`] and
//! [`Nimber64::inverse`] return `None` instead.

use std::fmt;
use std::ops::{Add, AddAssign, Div, Mul, MulAssign, Sub, SubAssign};

use super::inverse::{inverse64, inverse128};
use super::power::{pow64, pow128};
use super::product::{mul64, mul128};
use super::sqrt::{sqrt64, sqrt128};

macro_rules! nimber_type {
    ($name:ident, $word:ty, $mul:ident, $inv:ident, $pow:ident, $sqrt:ident, $doc:literal) => {
        #[doc = $doc]
        #[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(pub $word);

        impl $name {
            /// The additive identity, `*0`.
            pub const ZERO: Self = $name(0);
            /// The multiplicative identity, `*1`.
            pub const ONE: Self = $name(1);

            /// The multiplicative inverse, or `None` for zero.
            pub fn inverse(self) -> Option<Self> {
                $inv(self.0).map($name)
            }

            /// `self ⊗ rhs⁻¹`, or `None` when `rhs` is zero.
            pub fn checked_div(self, rhs: Self) -> Option<Self> {
                rhs.inverse().map(|i| self * i)
            }

            /// `self` to the nim power `e` (`0^0 = 1`).
            pub fn pow(self, e: $word) -> Self {
                $name($pow(self.0, e))
            }

            /// The unique square root.
            pub fn sqrt(self) -> Self {
                $name($sqrt(self.0))
            }
        }

        #[allow(clippy::suspicious_arithmetic_impl, reason = "the nim-sum is XOR")]
        impl Add for $name {
            type Output = Self;
            fn add(self, rhs: Self) -> Self {
                $name(self.0 ^ rhs.0)
            }
        }

        #[allow(clippy::suspicious_arithmetic_impl, reason = "the nim-sum is XOR")]
        impl Sub for $name {
            type Output = Self;
            fn sub(self, rhs: Self) -> Self {
                $name(self.0 ^ rhs.0)
            }
        }

        impl Mul for $name {
            type Output = Self;
            fn mul(self, rhs: Self) -> Self {
                $name($mul(self.0, rhs.0))
            }
        }

        impl Div for $name {
            type Output = Self;
            /// # Panics
            /// When `rhs` is zero.
            fn div(self, rhs: Self) -> Self {
                match self.checked_div(rhs) {
                    Some(q) => q,
                    None => panic!("nimber division by zero"),
                }
            }
        }

        #[allow(clippy::suspicious_op_assign_impl, reason = "the nim-sum is XOR")]
        impl AddAssign for $name {
            fn add_assign(&mut self, rhs: Self) {
                self.0 ^= rhs.0;
            }
        }

        #[allow(clippy::suspicious_op_assign_impl, reason = "the nim-sum is XOR")]
        impl SubAssign for $name {
            fn sub_assign(&mut self, rhs: Self) {
                self.0 ^= rhs.0;
            }
        }

        impl MulAssign for $name {
            fn mul_assign(&mut self, rhs: Self) {
                *self = *self * rhs;
            }
        }

        impl From<$word> for $name {
            fn from(x: $word) -> Self {
                $name(x)
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "*{}", self.0)
            }
        }
    };
}

nimber_type!(
    Nimber64,
    u64,
    mul64,
    inverse64,
    pow64,
    sqrt64,
    "A nimber below 2^64, an element of the field GF(2^64)."
);
nimber_type!(
    Nimber128,
    u128,
    mul128,
    inverse128,
    pow128,
    sqrt128,
    "A nimber below 2^128, an element of the field GF(2^128)."
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn operators() {
        let (a, b) = (Nimber64(8), Nimber64(4));
        assert_eq!(a * b, Nimber64(11));
        assert_eq!(a + b, Nimber64(12));
        assert_eq!((a * b) / b, a);
        assert_eq!(Nimber64(5).checked_div(Nimber64::ZERO), None);
        assert_eq!(Nimber128(3).sqrt() * Nimber128(3).sqrt(), Nimber128(3));
        assert_eq!(Nimber64(2).to_string(), "*2");
    }
}

//! Powers of nimbers by square-and-multiply.
//!
//! The multiplicative group of GF(2^w) has order `2^w − 1`, so a nonzero base
//! satisfies `x^(2^w − 1) = 1` and exponents reduce modulo `2^w − 1` first.
//! `0^0 = 1` and `0^e = 0` for `e > 0`.

use super::product::{mul64, mul128};

/// `x ⊗ x ⊗ … ⊗ x` (`e` factors) for `x < 2^64`.
pub fn pow64(x: u64, e: u64) -> u64 {
    if e == 0 {
        return 1;
    }
    if x == 0 {
        return 0;
    }
    let mut e = e % u64::MAX;
    let (mut base, mut result) = (x, 1u64);
    while e != 0 {
        if e & 1 == 1 {
            result = mul64(result, base);
        }
        base = mul64(base, base);
        e >>= 1;
    }
    result
}

/// `x` to the `e`-th nim power for `x < 2^128`.
pub fn pow128(x: u128, e: u128) -> u128 {
    if e == 0 {
        return 1;
    }
    if x == 0 {
        return 0;
    }
    let mut e = e % u128::MAX;
    let (mut base, mut result) = (x, 1u128);
    while e != 0 {
        if e & 1 == 1 {
            result = mul128(result, base);
        }
        base = mul128(base, base);
        e >>= 1;
    }
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_powers() {
        assert_eq!(pow64(2, 2), 3);
        assert_eq!(pow64(2, 3), 1);
        assert_eq!(pow64(0, 0), 1);
        assert_eq!(pow64(0, 5), 0);
        assert_eq!(pow64(12345, u64::MAX), 1);
        assert_eq!(pow128(7, u128::MAX), 1);
        assert_eq!(pow128(2, 3), 1);
    }
}

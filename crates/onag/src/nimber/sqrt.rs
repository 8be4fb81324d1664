//! Square roots of nimbers.
//!
//! In a field of characteristic 2 squaring is GF(2)-linear and bijective (the
//! Frobenius map), so the square root is linear too: its images of the 64 bits,
//! found by inverting the squaring matrix, go into 8 byte tables, and a 64-bit
//! square root is 8 lookups. A 128-bit root splits at `P = 2^64`: from
//! `(s1·P ⊕ s0)² = s1²·P ⊕ s1²⊗(P/2) ⊕ s0²` the root of `a1·P ⊕ a0` is
//! `√a1·P ⊕ √(a0 ⊕ a1⊗2^63)`.

use std::sync::OnceLock;

use super::linear::{ByteMap64, invert};
use super::product::{mul64, times_half64};

static SQRT: OnceLock<Box<ByteMap64>> = OnceLock::new();

fn build() -> Box<ByteMap64> {
    let squares: [u64; 64] = std::array::from_fn(|i| mul64(1 << i, 1 << i));
    // Squaring is injective in a field, so the matrix is invertible; the
    // identity fallback is unreachable and only avoids a panic path.
    let roots = invert(&squares).unwrap_or(std::array::from_fn(|i| 1 << i));
    ByteMap64::from_images(&roots)
}

/// The nim square root of `x < 2^64`: the unique `s` with `s ⊗ s = x`.
#[inline]
pub fn sqrt64(x: u64) -> u64 {
    SQRT.get_or_init(build).apply(x)
}

/// The nim square root of `x < 2^128`.
#[inline]
pub fn sqrt128(x: u128) -> u128 {
    let (a1, a0) = ((x >> 64) as u64, x as u64);
    (u128::from(sqrt64(a1)) << 64) | u128::from(sqrt64(a0 ^ times_half64(a1)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::nimber::product::mul128;

    #[test]
    fn roots_square_back() {
        for x in [0u64, 1, 2, 3, 8, 255, 1 << 40, u64::MAX, 0x0123_4567_89ab_cdef] {
            let s = sqrt64(x);
            assert_eq!(mul64(s, s), x);
        }
        // 2 ⊗ 2 = 3, so √3 = 2.
        assert_eq!(sqrt64(3), 2);
        let x = (u128::from(u64::MAX) << 64) | 12345;
        let s = sqrt128(x);
        assert_eq!(mul128(s, s), x);
    }
}

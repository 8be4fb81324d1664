//! Inverses and quotients of nimbers.
//!
//! The subfield norm does the work. With `P` the Fermat 2-power splitting
//! `a = a1·P ⊕ a0`, the conjugate of `a` over the half-size field is
//! `a1·P ⊕ (a0 ⊕ a1)`, and the norm `N = a ⊗ conj(a) = a0⊗(a0 ⊕ a1) ⊕ a1²⊗(P/2)`
//! lies in the half-size field, so `a⁻¹ = conj(a) ⊗ N⁻¹` needs one half-size
//! inverse. Recursion 128 → 64 → 32 → 16 bits ends in a table of inverses in
//! GF(2^16), built from its logarithm and exponential tables with the
//! primitive root 258 (the least one).

use std::sync::OnceLock;

use super::linear::ByteMap64;
use super::product::{mul64, mul128, times_half64};

/// The least primitive root of GF(2^16) (the nimbers below 65536).
pub const GF16_PRIMITIVE_ROOT: u16 = 258;

struct InverseTables {
    /// `log[x]` to the base 258 for `0 < x < 2^16`.
    log: Vec<u16>,
    /// `exp[i] = 258^(i mod 65535)` for `i < 3·65535`, so sums of up to three
    /// logarithms index it without a reduction.
    exp: Vec<u16>,
    /// `x ↦ x² ⊗ 2^31` for `x < 2^32`.
    square_half32: Box<ByteMap64>,
}

static TABLES: OnceLock<InverseTables> = OnceLock::new();

/// The logarithm and exponential tables of GF(2^16) to the base 258:
/// `exp[i] = 258^i` for `i < 65535` and `log[exp[i]] = i` (`log[0]` is 0 and
/// meaningless).
pub fn gf16_log_exp() -> (Vec<u16>, Vec<u16>) {
    let times_root: [u64; 64] =
        std::array::from_fn(
            |i| {
                if i < 16 { mul64(1 << i, u64::from(GF16_PRIMITIVE_ROOT)) } else { 0 }
            },
        );
    let times_root = ByteMap64::from_images(&times_root);
    let mut exp = vec![0u16; 65535];
    let mut log = vec![0u16; 65536];
    let mut x = 1u64;
    for (i, e) in exp.iter_mut().enumerate() {
        *e = x as u16;
        log[x as usize] = i as u16;
        x = times_root.apply(x);
    }
    (log, exp)
}

fn build() -> InverseTables {
    let (log, exp) = gf16_log_exp();
    let exp: Vec<u16> = exp.iter().copied().cycle().take(3 * 65535).collect();
    let images: [u64; 64] =
        std::array::from_fn(|i| if i < 32 { mul64(mul64(1 << i, 1 << i), 1 << 31) } else { 0 });
    InverseTables { log, exp, square_half32: ByteMap64::from_images(&images) }
}

/// The logarithm of `2^15` to the base 258, looked up once.
fn log_half16(t: &InverseTables) -> usize {
    usize::from(t.log[1 << 15])
}

/// Inverse of a nonzero `n < 2^32`, all in GF(2^16) logarithms: with
/// `n = n1·2^16 ⊕ n0`, the norm `n0⊗(n0 ⊕ n1) ⊕ n1²⊗2^15` is in GF(2^16) and
/// `n⁻¹ = (n1·2^16 ⊕ (n0 ⊕ n1)) ⊗ norm⁻¹`.
fn inverse32(t: &InverseTables, n: u64) -> u64 {
    let log = |x: u64| usize::from(t.log[x as usize]);
    let exp = |i: usize| u64::from(t.exp[i]);
    let (n1, n0) = (n >> 16, n & 0xffff);
    if n1 == 0 {
        return exp(65535 - log(n0));
    }
    let s = n0 ^ n1;
    let mut norm = exp(2 * log(n1) + log_half16(t));
    if n0 != 0 && s != 0 {
        norm ^= exp(log(n0) + log(s));
    }
    let inv_log = 65535 - log(norm);
    let high = exp(log(n1) + inv_log);
    let low = if s == 0 { 0 } else { exp(log(s) + inv_log) };
    (high << 16) | low
}

/// The nim inverse of `a < 2^64`, or `None` for 0.
pub fn inverse64(a: u64) -> Option<u64> {
    if a == 0 {
        return None;
    }
    let t = TABLES.get_or_init(build);
    if a < 1 << 32 {
        return Some(inverse32(t, a));
    }
    let (a1, a0) = (a >> 32, a & 0xffff_ffff);
    let norm = mul64(a0, a0 ^ a1) ^ t.square_half32.apply(a1);
    Some(mul64((a1 << 32) | (a0 ^ a1), inverse32(t, norm)))
}

/// The nim inverse of `a < 2^128`, or `None` for 0.
pub fn inverse128(a: u128) -> Option<u128> {
    let (a1, a0) = ((a >> 64) as u64, a as u64);
    if a1 == 0 {
        return inverse64(a0).map(u128::from);
    }
    let square = mul64(a1, a1);
    let norm = mul64(a0, a0 ^ a1) ^ times_half64(square);
    let norm_inverse = inverse64(norm)?;
    let conjugate = (u128::from(a1) << 64) | u128::from(a0 ^ a1);
    Some(mul128(conjugate, u128::from(norm_inverse)))
}

/// `a ⊘ b = a ⊗ b⁻¹` for 64-bit nimbers, or `None` when `b` is 0.
pub fn div64(a: u64, b: u64) -> Option<u64> {
    inverse64(b).map(|i| mul64(a, i))
}

/// `a ⊘ b = a ⊗ b⁻¹` for 128-bit nimbers, or `None` when `b` is 0.
pub fn div128(a: u128, b: u128) -> Option<u128> {
    inverse128(b).map(|i| mul128(a, i))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inverses_multiply_to_one() {
        assert_eq!(inverse64(0), None);
        assert_eq!(inverse64(1), Some(1));
        // 2 ⊗ 3 = 1 in GF(4).
        assert_eq!(inverse64(2), Some(3));
        for a in [5u64, 1 << 20, (1 << 32) + 7, u64::MAX, 0xfeed_face_cafe_beef] {
            assert_eq!(mul64(a, inverse64(a).unwrap()), 1, "{a}");
        }
        for a in [1u128 << 64, u128::MAX, (3u128 << 100) | 99] {
            assert_eq!(mul128(a, inverse128(a).unwrap()), 1);
        }
        assert_eq!(div64(11, 4), Some(8));
        assert_eq!(div128(5, 0), None);
    }
}

//! Fast nim products of 64- and 128-bit nimbers.
//!
//! The nimbers below `2^64` form the field GF(2^64). Any element `α ≥ 2^32`
//! lies in no proper subfield, so `1, α, …, α^63` is a basis (the polynomial
//! basis of `α`'s minimal polynomial). In that basis the product is a
//! carry-less multiplication of two 64-bit words followed by a reduction, and
//! both basis changes are GF(2)-linear. So a product is: map both factors to
//! the polynomial basis (8 byte-table lookups each), carry-less multiply
//! (`pclmulqdq` on x86_64 when the CPU has it, a portable shift-and-XOR loop
//! otherwise), and map the 127-bit polynomial back by sending `x^k` to `α^k`
//! (16 lookups), which reduces and changes basis in one step. With hardware
//! carry-less multiplication the 127-bit product is first reduced modulo the
//! minimal polynomial by Barrett's method (two more carry-less products), and
//! only 8 lookups map it back.
//!
//! 128-bit products use the Karatsuba-like split at the Fermat 2-power
//! `P = 2^64`: with `P⊗P = P ⊕ P/2`, `a⊗b` takes three 64-bit products and one
//! product by `P/2 = 2^63` (a linear map, folded into the last basis change).
//!
//! The tables (about 56 KiB) are built once, on first use, from the reference
//! product in [`super::reference`]; nothing here is trusted without the
//! comparison tests against that reference and against the mex definition.

use std::sync::OnceLock;

use super::linear::{ByteMap64, invert};
use super::reference::mul_halves;

/// The tables behind the fast product.
pub(crate) struct ProductTables {
    /// Nimber basis → polynomial basis of `alpha`.
    to_poly: Box<ByteMap64>,
    /// Polynomial bits 0..64 → `alpha^k` in the nimber basis.
    from_low: Box<ByteMap64>,
    /// Polynomial bits 64..128 → `alpha^(64+k)` in the nimber basis.
    from_high: Box<ByteMap64>,
    /// `x ↦ x ⊗ 2^63` for `x < 2^64`.
    times_half: Box<ByteMap64>,
    /// Polynomial bits 0..64 → `alpha^k ⊗ 2^63` in the nimber basis.
    #[cfg_attr(
        not(target_arch = "x86_64"),
        allow(dead_code, reason = "read by the pclmulqdq path only")
    )]
    from_low_half: Box<ByteMap64>,
    /// The minimal polynomial of `alpha` without its `x^64` term.
    #[cfg_attr(
        not(target_arch = "x86_64"),
        allow(dead_code, reason = "read by the pclmulqdq path only")
    )]
    modulus_low: u64,
    /// `⌊x^128 / modulus⌋` without its `x^64` term (for Barrett reduction).
    #[cfg_attr(
        not(target_arch = "x86_64"),
        allow(dead_code, reason = "read by the pclmulqdq path only")
    )]
    barrett_low: u64,
    /// Whether the CPU multiplies carry-less in hardware.
    #[cfg_attr(
        not(target_arch = "x86_64"),
        allow(dead_code, reason = "read by the pclmulqdq path only")
    )]
    clmul: bool,
}

/// `⌊x^128 / (x^64 + low)⌋ − x^64` over GF(2), by long division.
fn barrett_quotient(low: u64) -> u64 {
    // Divide x^128 by m = x^64 + low, one quotient bit at a time.
    let m = (1u128 << 64) | u128::from(low);
    // rem starts as x^128 which does not fit: start from x^127 * x instead.
    // Track the remainder as a 129-bit number split into (top bit, u128).
    let mut quotient = 0u128;
    let mut rem_top = true; // coefficient of x^128
    let mut rem = 0u128;
    for shift in (0..=64u32).rev() {
        // Leading term of the current remainder at degree 64 + shift?
        let lead = if shift == 64 { rem_top } else { rem >> (64 + shift) & 1 == 1 };
        if lead {
            quotient |= 1u128 << shift;
            if shift == 64 {
                rem_top = false;
                rem ^= u128::from(low) << 64;
            } else {
                rem ^= m << shift;
            }
        }
    }
    quotient as u64
}

static TABLES: OnceLock<ProductTables> = OnceLock::new();

fn build() -> ProductTables {
    // The powers of a generator of GF(2^64) over GF(2). Every alpha >= 2^32 is
    // one, so the first candidate succeeds; the loop only makes that a checked
    // fact instead of an assumption.
    let mut alpha = 1u64 << 32;
    loop {
        let mut powers = [0u64; 128];
        let mut p = 1u128;
        for slot in powers.iter_mut() {
            *slot = p as u64;
            p = mul_halves(p, u128::from(alpha), 64);
        }
        let low: [u64; 64] = std::array::from_fn(|k| powers[k]);
        let high: [u64; 64] = std::array::from_fn(|k| powers[64 + k]);
        if let Some(to_poly) = invert(&low) {
            let half: [u64; 64] =
                std::array::from_fn(|i| mul_halves(1u128 << i, 1u128 << 63, 64) as u64);
            return ProductTables {
                to_poly: ByteMap64::from_images(&to_poly),
                from_low: ByteMap64::from_images(&low),
                from_high: ByteMap64::from_images(&high),
                modulus_low: ByteMap64::from_images(&to_poly).apply(powers[64]),
                barrett_low: barrett_quotient(ByteMap64::from_images(&to_poly).apply(powers[64])),
                times_half: ByteMap64::from_images(&half),
                from_low_half: ByteMap64::from_images(&std::array::from_fn(|k| {
                    mul_halves(u128::from(low[k]), 1u128 << 63, 64) as u64
                })),
                clmul: hardware_clmul(),
            };
        }
        alpha += 1;
    }
}

fn hardware_clmul() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::arch::is_x86_feature_detected!("pclmulqdq")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

#[inline(always)]
pub(crate) fn tables() -> &'static ProductTables {
    TABLES.get_or_init(build)
}

/// Carry-less product of two 64-bit words, without special instructions.
#[inline]
fn clmul_portable(a: u64, b: u64) -> (u64, u64) {
    let b = u128::from(b);
    let mut r = 0u128;
    let mut x = a;
    while x != 0 {
        let i = x.trailing_zeros();
        x &= x - 1;
        r ^= b << i;
    }
    (r as u64, (r >> 64) as u64)
}

#[inline(always)]
fn mul64_with(t: &ProductTables, a: u64, b: u64, clmul: impl Fn(u64, u64) -> (u64, u64)) -> u64 {
    let (lo, hi) = clmul(t.to_poly.apply(a), t.to_poly.apply(b));
    t.from_low.apply(lo) ^ t.from_high.apply(hi)
}

#[inline(always)]
fn mul128_with(
    t: &ProductTables,
    a: u128,
    b: u128,
    clmul: impl Fn(u64, u64) -> (u64, u64) + Copy,
) -> u128 {
    let (a1, a0) = ((a >> 64) as u64, a as u64);
    let (b1, b0) = ((b >> 64) as u64, b as u64);
    let high_high = mul64_with(t, a1, b1, clmul);
    let low_low = mul64_with(t, a0, b0, clmul);
    let middle = mul64_with(t, a0 ^ a1, b0 ^ b1, clmul);
    let high = middle ^ low_low;
    let low = low_low ^ t.times_half.apply(high_high);
    (u128::from(high) << 64) | u128::from(low)
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    //! The product with the x86_64 carry-less multiply instruction, issued
    //! through inline assembly: it needs no `target_feature` on the caller,
    //! so the whole product inlines into ordinary code. Every function here
    //! is `unsafe`: the CPU must support `pclmulqdq` (callers check once, at
    //! table construction).

    use std::arch::x86_64::{_mm_cvtsi64_si128, _mm_cvtsi128_si64, _mm_unpackhi_epi64};

    use super::ProductTables;

    /// Carry-less product of two 64-bit words as (low, high) halves.
    ///
    /// # Safety
    /// The CPU must support `pclmulqdq`.
    #[inline(always)]
    unsafe fn clmul(a: u64, b: u64) -> (u64, u64) {
        // SAFETY: the SSE2 moves are baseline on x86_64; the caller
        // guarantees `pclmulqdq`, which reads and writes only the two
        // registers named.
        unsafe {
            let mut x = _mm_cvtsi64_si128(a as i64);
            let y = _mm_cvtsi64_si128(b as i64);
            std::arch::asm!(
                "pclmulqdq {x}, {y}, 0",
                x = inout(xmm_reg) x,
                y = in(xmm_reg) y,
                options(pure, nomem, nostack, preserves_flags)
            );
            (_mm_cvtsi128_si64(x) as u64, _mm_cvtsi128_si64(_mm_unpackhi_epi64(x, x)) as u64)
        }
    }

    /// Reduces the 127-bit product `hi·x^64 + lo` modulo the minimal
    /// polynomial by Barrett's method (two carry-less products).
    ///
    /// # Safety
    /// The CPU must support `pclmulqdq`.
    #[inline(always)]
    unsafe fn reduce(t: &ProductTables, lo: u64, hi: u64) -> u64 {
        // SAFETY: forwarded from the caller.
        unsafe {
            let q = hi ^ clmul(hi, t.barrett_low).1;
            lo ^ clmul(q, t.modulus_low).0
        }
    }

    /// The 64-bit product.
    ///
    /// # Safety
    /// The CPU must support `pclmulqdq`.
    #[inline(always)]
    pub(super) unsafe fn mul64(t: &ProductTables, a: u64, b: u64) -> u64 {
        // SAFETY: forwarded from the caller.
        unsafe {
            let (lo, hi) = clmul(t.to_poly.apply(a), t.to_poly.apply(b));
            t.from_low.apply(reduce(t, lo, hi))
        }
    }

    /// The Karatsuba-like split with the basis changes shared: four maps in,
    /// three carry-less products, three maps out (`P/2` folded into one).
    ///
    /// # Safety
    /// The CPU must support `pclmulqdq`.
    #[inline(always)]
    pub(super) unsafe fn mul128(t: &ProductTables, a: u128, b: u128) -> u128 {
        let (pa1, pa0) = (t.to_poly.apply((a >> 64) as u64), t.to_poly.apply(a as u64));
        let (pb1, pb0) = (t.to_poly.apply((b >> 64) as u64), t.to_poly.apply(b as u64));
        // SAFETY: forwarded from the caller.
        let (low_low, high_high, middle) = unsafe {
            let (l0, l1) = clmul(pa0, pb0);
            let (h0, h1) = clmul(pa1, pb1);
            let (m0, m1) = clmul(pa0 ^ pa1, pb0 ^ pb1);
            (reduce(t, l0, l1), reduce(t, h0, h1), reduce(t, m0, m1))
        };
        let high = t.from_low.apply(middle ^ low_low);
        let low = t.from_low.apply(low_low) ^ t.from_low_half.apply(high_high);
        (u128::from(high) << 64) | u128::from(low)
    }
}

/// The nim product `a ⊗ b` of two nimbers below `2^64`.
#[inline]
pub fn mul64(a: u64, b: u64) -> u64 {
    let t = tables();
    #[cfg(target_arch = "x86_64")]
    if t.clmul {
        // SAFETY: `t.clmul` is true only if the CPU reported `pclmulqdq`.
        return unsafe { x86::mul64(t, a, b) };
    }
    mul64_with(t, a, b, clmul_portable)
}

/// The nim product `a ⊗ b` of two nimbers below `2^128`.
#[inline]
pub fn mul128(a: u128, b: u128) -> u128 {
    let t = tables();
    #[cfg(target_arch = "x86_64")]
    if t.clmul {
        // SAFETY: `t.clmul` is true only if the CPU reported `pclmulqdq`.
        return unsafe { x86::mul128(t, a, b) };
    }
    mul128_with(t, a, b, clmul_portable)
}

/// Element-wise nim products: `out[i] = a[i] ⊗ b[i]` for every `i` below the
/// shortest of the three lengths.
pub fn mul64_slice(a: &[u64], b: &[u64], out: &mut [u64]) {
    let t = tables();
    #[cfg(target_arch = "x86_64")]
    if t.clmul {
        for ((o, &x), &y) in out.iter_mut().zip(a).zip(b) {
            // SAFETY: `t.clmul` is true only if the CPU reported `pclmulqdq`.
            *o = unsafe { x86::mul64(t, x, y) };
        }
        return;
    }
    for ((o, &x), &y) in out.iter_mut().zip(a).zip(b) {
        *o = mul64_with(t, x, y, clmul_portable);
    }
}

/// `x ⊗ 2^63` for `x < 2^64` (the `P/2` of the 128-bit split).
#[inline]
pub(crate) fn times_half64(x: u64) -> u64 {
    tables().times_half.apply(x)
}

/// The portable product, whatever the CPU: for tests of the fallback path.
pub fn mul64_portable(a: u64, b: u64) -> u64 {
    mul64_with(tables(), a, b, clmul_portable)
}

/// The portable 128-bit product, whatever the CPU: for tests of the fallback path.
pub fn mul128_portable(a: u128, b: u128) -> u128 {
    mul128_with(tables(), a, b, clmul_portable)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seed_examples() {
        assert_eq!(mul64(8, 4), 11);
        let row2: Vec<u64> = (0..16).map(|b| mul64(2, b)).collect();
        assert_eq!(row2, [0, 2, 3, 1, 8, 10, 11, 9, 12, 14, 15, 13, 4, 6, 7, 5]);
        assert_eq!(mul128(8, 4), 11);
    }

    #[test]
    fn fast_and_portable_agree_with_reference() {
        let mut s = 0x1234_5678_9abc_def0u64;
        for _ in 0..200 {
            s = s.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let a = s;
            s = s.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let b = s >> (s % 64);
            let r = mul_halves(u128::from(a), u128::from(b), 64) as u64;
            assert_eq!(mul64(a, b), r);
            assert_eq!(mul64_portable(a, b), r);
            let (a2, b2) = ((u128::from(a) << 64) | u128::from(b), u128::from(a ^ b) << 3);
            let r2 = mul_halves(a2, b2, 128);
            assert_eq!(mul128(a2, b2), r2);
            assert_eq!(mul128_portable(a2, b2), r2);
        }
    }
}

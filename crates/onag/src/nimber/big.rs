//! Nimbers of any width, on top of the 64- and 128-bit fields.
//!
//! A nimber below `2^(64·n)` (`n` a power of two) splits at the Fermat 2-power
//! `P = 2^(32·n)` into halves, and the same identities as in the fixed widths
//! apply: products by the Karatsuba-like split (`P⊗P = P ⊕ P/2`), square roots
//! by `√(a1·P ⊕ a0) = √a1·P ⊕ √(a0 ⊕ a1⊗(P/2))`, inverses by the subfield norm.
//! The recursion ends in [`super::mul128`] and friends. Costs grow like
//! `4^log2(n)` 128-bit products per product: fine up to a few thousand bits.

use num_bigint::BigUint;

use super::inverse::{inverse64, inverse128};
use super::product::{mul64, mul128};
use super::sqrt::{sqrt64, sqrt128};

/// A nimber of any size. Invariant: no trailing zero limbs.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct NimberBig {
    limbs: Vec<u64>,
}

fn to_u128(a: &[u64]) -> u128 {
    (u128::from(a[1]) << 64) | u128::from(a[0])
}

fn from_u128(x: u128) -> Vec<u64> {
    vec![x as u64, (x >> 64) as u64]
}

fn xor(a: &[u64], b: &[u64]) -> Vec<u64> {
    a.iter().zip(b).map(|(x, y)| x ^ y).collect()
}

/// `2^(64·n − 1)`: the `P/2` of a split of `2n`-limb numbers, as `n` limbs.
fn half_top(n: usize) -> Vec<u64> {
    let mut v = vec![0; n];
    v[n - 1] = 1 << 63;
    v
}

/// Product of two `n`-limb nimbers, `n` a power of two.
fn mul_n(a: &[u64], b: &[u64]) -> Vec<u64> {
    let n = a.len();
    match n {
        1 => vec![mul64(a[0], b[0])],
        2 => from_u128(mul128(to_u128(a), to_u128(b))),
        _ => {
            let h = n / 2;
            let (a0, a1) = a.split_at(h);
            let (b0, b1) = b.split_at(h);
            let high_high = mul_n(a1, b1);
            let low_low = mul_n(a0, b0);
            let middle = mul_n(&xor(a0, a1), &xor(b0, b1));
            let mut out = xor(&low_low, &mul_n(&high_high, &half_top(h)));
            out.extend(xor(&middle, &low_low));
            out
        }
    }
}

fn sqrt_n(a: &[u64]) -> Vec<u64> {
    let n = a.len();
    match n {
        1 => vec![sqrt64(a[0])],
        2 => from_u128(sqrt128(to_u128(a))),
        _ => {
            let h = n / 2;
            let (a0, a1) = a.split_at(h);
            let mut out = sqrt_n(&xor(a0, &mul_n(a1, &half_top(h))));
            out.extend(sqrt_n(a1));
            out
        }
    }
}

/// Inverse of a nonzero `n`-limb nimber.
fn inverse_n(a: &[u64]) -> Vec<u64> {
    let n = a.len();
    match n {
        1 => vec![inverse64(a[0]).unwrap_or(0)],
        2 => from_u128(inverse128(to_u128(a)).unwrap_or(0)),
        _ => {
            let h = n / 2;
            let (a0, a1) = a.split_at(h);
            let a01 = xor(a0, a1);
            let norm = xor(&mul_n(a0, &a01), &mul_n(&mul_n(a1, a1), &half_top(h)));
            let norm_inverse = inverse_n(&norm);
            let mut out = mul_n(&a01, &norm_inverse);
            out.extend(mul_n(a1, &norm_inverse));
            out
        }
    }
}

impl NimberBig {
    /// The nimber `*x`.
    pub fn from_biguint(x: &BigUint) -> Self {
        Self::from_limbs(x.to_u64_digits())
    }

    fn from_limbs(mut limbs: Vec<u64>) -> Self {
        while limbs.last() == Some(&0) {
            limbs.pop();
        }
        NimberBig { limbs }
    }

    /// The number `x` with `self = *x`.
    pub fn to_biguint(&self) -> BigUint {
        let digits: Vec<u32> =
            self.limbs.iter().flat_map(|&l| [l as u32, (l >> 32) as u32]).collect();
        BigUint::new(digits)
    }

    /// Whether this is `*0`.
    pub fn is_zero(&self) -> bool {
        self.limbs.is_empty()
    }

    /// The number of 64-bit limbs of the smallest field GF(2^(64·n)) holding
    /// both `self` and `other`.
    fn field_limbs(&self, other: &Self) -> usize {
        self.limbs.len().max(other.limbs.len()).max(1).next_power_of_two()
    }

    fn padded(&self, n: usize) -> Vec<u64> {
        let mut v = self.limbs.clone();
        v.resize(n, 0);
        v
    }

    /// The nim-sum `self ⊕ other`.
    pub fn add(&self, other: &Self) -> Self {
        let n = self.limbs.len().max(other.limbs.len());
        Self::from_limbs(xor(&self.padded(n), &other.padded(n)))
    }

    /// The nim product `self ⊗ other`.
    pub fn mul(&self, other: &Self) -> Self {
        let n = self.field_limbs(other);
        Self::from_limbs(mul_n(&self.padded(n), &other.padded(n)))
    }

    /// The nim square root.
    pub fn sqrt(&self) -> Self {
        let n = self.field_limbs(self);
        Self::from_limbs(sqrt_n(&self.padded(n)))
    }

    /// The inverse, or `None` for zero.
    pub fn inverse(&self) -> Option<Self> {
        if self.is_zero() {
            return None;
        }
        let n = self.field_limbs(self);
        Some(Self::from_limbs(inverse_n(&self.padded(n))))
    }

    /// `self ⊗ other⁻¹`, or `None` when `other` is zero.
    pub fn div(&self, other: &Self) -> Option<Self> {
        other.inverse().map(|i| self.mul(&i))
    }

    /// `self` to the nim power `e` (`0^0 = 1`).
    pub fn pow(&self, e: &BigUint) -> Self {
        if e.bits() == 0 {
            return Self::from_limbs(vec![1]);
        }
        if self.is_zero() {
            return Self::default();
        }
        let n = self.field_limbs(self);
        // The multiplicative group of GF(2^(64n)) has order 2^(64n) - 1.
        let order = (BigUint::from(1u8) << (64 * n)) - 1u8;
        let e = e % &order;
        let mut result = vec![0u64; n];
        result[0] = 1;
        let base = self.padded(n);
        for i in (0..e.bits()).rev() {
            result = mul_n(&result, &result);
            if e.bit(i) {
                result = mul_n(&result, &base);
            }
        }
        Self::from_limbs(result)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn big(x: u128) -> NimberBig {
        NimberBig::from_biguint(&BigUint::from(x))
    }

    #[test]
    fn agrees_with_fixed_widths_and_fermat_rules() {
        assert_eq!(big(8).mul(&big(4)), big(11));
        let f = NimberBig::from_biguint(&(BigUint::from(1u8) << 256u32));
        // F ⊗ F = 3F/2 for the Fermat 2-power F = 2^256.
        let three_halves = NimberBig::from_biguint(&((BigUint::from(3u8) << 256u32) >> 1u32));
        assert_eq!(f.mul(&f), three_halves);
        let x = NimberBig::from_biguint(&((BigUint::from(1u8) << 200u32) + 12345u32));
        let s = x.sqrt();
        assert_eq!(s.mul(&s), x);
        assert_eq!(x.mul(&x.inverse().unwrap()), big(1));
        assert_eq!(x.pow(&BigUint::from(3u8)), x.mul(&x).mul(&x));
        assert_eq!(big(0).inverse(), None);
    }
}

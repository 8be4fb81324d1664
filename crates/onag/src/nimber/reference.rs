//! Reference nim products: slow and plain, written straight from the field
//! structure, so the fast code has something independent to be checked against.
//!
//! [`mul_halves`] splits both factors at a Fermat 2-power `P` and multiplies
//! the halves with four half-size products and one product by `P/2`
//! (`P⊗P = P ⊕ P/2`), down to single bits. [`BitProducts`] multiplies bit by
//! bit: the nim product of every pair of set bits, XORed together, with the
//! 128×128 products of powers of two computed once by [`mul_halves`].

/// The nim product of `a` and `b`, both below `2^width`, where `width` is a
/// power of two at most 128. Uses no tables; each call costs thousands of
/// operations.
pub fn mul_halves(a: u128, b: u128, width: u32) -> u128 {
    if a == 0 || b == 0 {
        return 0;
    }
    if width <= 1 {
        return a & b & 1;
    }
    let half = width / 2;
    let mask = (1u128 << half) - 1;
    let (a1, a0) = (a >> half, a & mask);
    let (b1, b0) = (b >> half, b & mask);
    let high_high = mul_halves(a1, b1, half);
    let cross = mul_halves(a1, b0, half) ^ mul_halves(a0, b1, half);
    let low = mul_halves(a0, b0, half) ^ mul_halves(high_high, 1u128 << (half - 1), half);
    ((high_high ^ cross) << half) | low
}

/// The nim products `2^i ⊗ 2^j` for `i, j < 128`, for bit-by-bit products.
#[derive(Debug, Clone)]
pub struct BitProducts {
    table: Vec<u128>,
}

impl Default for BitProducts {
    fn default() -> Self {
        Self::new()
    }
}

impl BitProducts {
    /// Computes all 128×128 products of powers of two with [`mul_halves`].
    pub fn new() -> Self {
        let mut table = vec![0u128; 128 * 128];
        for i in 0..128 {
            for j in 0..=i {
                let p = mul_halves(1u128 << i, 1u128 << j, 128);
                table[i * 128 + j] = p;
                table[j * 128 + i] = p;
            }
        }
        BitProducts { table }
    }

    /// `2^i ⊗ 2^j`, for `i, j < 128`.
    pub fn power_product(&self, i: u32, j: u32) -> u128 {
        self.table[i as usize * 128 + j as usize]
    }

    /// The nim product of `a` and `b` by XORing the products of their set bits.
    pub fn mul(&self, a: u128, b: u128) -> u128 {
        let mut result = 0;
        let mut x = a;
        while x != 0 {
            let i = x.trailing_zeros() as usize;
            x &= x - 1;
            let row = &self.table[i * 128..i * 128 + 128];
            let mut y = b;
            while y != 0 {
                let j = y.trailing_zeros() as usize;
                y &= y - 1;
                result ^= row[j];
            }
        }
        result
    }
}

/// The nim products `a ⊗ b` for all `a, b < n` straight from the game
/// definition `a⊗b = mex{a'⊗b ⊕ a⊗b' ⊕ a'⊗b' : a' < a, b' < b}`, as a row-major
/// `n × n` table. Takes time `O(n^4)`: meant for `n ≤ 256`, with `n` a Fermat
/// 2-power (2, 4, 16, 256) so that every value stays below `n`.
pub fn mex_table(n: usize) -> Vec<u16> {
    let mut t = vec![0u16; n * n];
    let mut seen = vec![0u32; n + 1];
    let mut stamp = 0u32;
    for a in 0..n {
        for b in 0..=a {
            stamp += 1;
            for a2 in 0..a {
                let left = t[a2 * n + b];
                let row_a = &t[a * n..a * n + b];
                let row_a2 = &t[a2 * n..a2 * n + b];
                for (&x, &y) in row_a.iter().zip(row_a2) {
                    let v = (left ^ x ^ y) as usize;
                    if v <= n {
                        seen[v] = stamp;
                    }
                }
            }
            let m = seen.iter().position(|&s| s != stamp).unwrap_or(n) as u16;
            t[a * n + b] = m;
            t[b * n + a] = m;
        }
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_products_match_the_seed() {
        assert_eq!(mul_halves(8, 4, 8), 11);
        assert_eq!(mul_halves(2, 2, 2), 3);
        let row2: Vec<u128> = (0..16).map(|b| mul_halves(2, b, 4)).collect();
        assert_eq!(row2, [0, 2, 3, 1, 8, 10, 11, 9, 12, 14, 15, 13, 4, 6, 7, 5]);
    }

    #[test]
    fn mex_definition_agrees_on_16() {
        let t = mex_table(16);
        for a in 0..16 {
            for b in 0..16 {
                assert_eq!(t[a * 16 + b] as u128, mul_halves(a as u128, b as u128, 16));
            }
        }
    }
}

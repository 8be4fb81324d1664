//! GF(2)-linear maps on 64-bit words as byte tables, and their inverses.
//!
//! Many nimber operations are linear over GF(2): squaring and square roots
//! (the Frobenius map and its inverse), multiplication by a constant, and the
//! change between the nimber basis and a polynomial basis. A linear map of a
//! 64-bit word is stored as 8 tables of 256 images, one per input byte, so
//! applying it costs 8 lookups and 7 XORs. Invariant: `table[j][v]` is the image
//! of `v << 8j`.

/// A GF(2)-linear map from 64-bit words to 64-bit words, as 8 byte tables.
#[derive(Clone)]
pub(crate) struct ByteMap64 {
    table: [[u64; 256]; 8],
}

impl ByteMap64 {
    /// The map that sends bit `i` to `images[i]`.
    pub(crate) fn from_images(images: &[u64; 64]) -> Box<Self> {
        let mut map = Box::new(ByteMap64 { table: [[0; 256]; 8] });
        for (j, table) in map.table.iter_mut().enumerate() {
            for v in 1..256usize {
                let low = v.trailing_zeros() as usize;
                table[v] = table[v & (v - 1)] ^ images[8 * j + low];
            }
        }
        map
    }

    /// The image of `x`.
    #[inline(always)]
    pub(crate) fn apply(&self, x: u64) -> u64 {
        let t = &self.table;
        (t[0][(x & 0xff) as usize] ^ t[1][((x >> 8) & 0xff) as usize])
            ^ (t[2][((x >> 16) & 0xff) as usize] ^ t[3][((x >> 24) & 0xff) as usize])
            ^ ((t[4][((x >> 32) & 0xff) as usize] ^ t[5][((x >> 40) & 0xff) as usize])
                ^ (t[6][((x >> 48) & 0xff) as usize] ^ t[7][(x >> 56) as usize]))
    }
}

/// The inverse of the linear map sending bit `i` to `images[i]`, as images of
/// bits, or `None` if the map is not invertible. Gauss–Jordan elimination over
/// GF(2).
pub(crate) fn invert(images: &[u64; 64]) -> Option<[u64; 64]> {
    // Each row pairs an image with the combination of input bits producing it.
    let mut rows: Vec<(u64, u64)> = (0..64).map(|i| (images[i], 1u64 << i)).collect();
    for bit in 0..64 {
        let pivot = (bit..64).find(|&r| rows[r].0 >> bit & 1 == 1)?;
        rows.swap(bit, pivot);
        let (pv, pc) = rows[bit];
        for (r, row) in rows.iter_mut().enumerate() {
            if r != bit && row.0 >> bit & 1 == 1 {
                row.0 ^= pv;
                row.1 ^= pc;
            }
        }
    }
    // Now rows[bit].0 == 1 << bit, produced by input combination rows[bit].1.
    let mut inverse = [0u64; 64];
    for (bit, row) in rows.iter().enumerate() {
        inverse[bit] = row.1;
    }
    Some(inverse)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inverse_undoes_the_map() {
        let mut images = [0u64; 64];
        let mut s = 0x9e37_79b9_7f4a_7c15u64;
        for (i, im) in images.iter_mut().enumerate() {
            s = s.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            // Unit lower-triangular plus noise above: always invertible.
            *im = (1u64 << i) | (s & ((u64::MAX << i) << 1));
        }
        let inv = invert(&images).unwrap();
        let map = ByteMap64::from_images(&images);
        let back = ByteMap64::from_images(&inv);
        for x in [0u64, 1, 0xdead_beef, u64::MAX, 1 << 63] {
            assert_eq!(back.apply(map.apply(x)), x);
        }
        let mut singular = images;
        singular[5] = singular[3];
        assert!(invert(&singular).is_none());
    }
}

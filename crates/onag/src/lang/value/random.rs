//! Pseudorandom integers (`Random(1474)`), CGSuite's `cgsuite.util.Random`.
//!
//! A seed gives the same stream as CGSuite gives for it: the 48-bit linear
//! congruential generator of the Java platform, drawn the way a
//! `BigInteger` of `b` random bits is drawn from it, and rejected until it
//! falls below the bound.

use std::sync::Mutex;

use num_bigint::{BigInt, BigUint, Sign};
use num_traits::{One, Signed};

/// The generator's multiplier.
const MULTIPLIER: u64 = 0x5_DEEC_E66D;
/// The generator's increment.
const INCREMENT: u64 = 0xB;
/// The generator keeps 48 bits of state.
const MASK: u64 = (1 << 48) - 1;

/// A pseudorandom stream. Every copy of the value draws from the same
/// stream (CGSuite's `Random` is a mutable object).
#[derive(Debug)]
pub struct Random {
    /// The seed it was made with, as `Random(seed)` prints it.
    seed: i64,
    /// The generator's state; only its low 48 bits are ever set.
    state: Mutex<u64>,
}

/// Two streams are equal only when they are the same object, as in CGSuite.
impl PartialEq for Random {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self, other)
    }
}

impl Eq for Random {}

impl Random {
    /// The stream of `seed`; `None` when the seed is outside
    /// `-2^63 <= seed < 2^63`.
    pub fn new(seed: &BigInt) -> Option<Random> {
        let seed = i64::try_from(seed).ok()?;
        Some(Random { seed, state: Mutex::new((seed as u64 ^ MULTIPLIER) & MASK) })
    }

    /// The seed, for printing.
    pub fn seed(&self) -> i64 {
        self.seed
    }

    /// The next `bits` (at most 32) bits of the stream, as the generator's
    /// `next(bits)` gives them.
    fn next(state: &mut u64, bits: u32) -> u32 {
        *state = (state.wrapping_mul(MULTIPLIER).wrapping_add(INCREMENT)) & MASK;
        (*state >> (48 - bits)) as u32
    }

    /// A uniform integer of `bits` random bits: bytes drawn four to a word,
    /// low byte first, read as a big-endian number with the excess high
    /// bits of the first byte cleared.
    fn draw(state: &mut u64, bits: u64) -> BigUint {
        let count = bits.div_ceil(8) as usize;
        let mut bytes = Vec::with_capacity(count);
        while bytes.len() < count {
            let mut word = Self::next(state, 32);
            for _ in 0..(count - bytes.len()).min(4) {
                bytes.push(word as u8);
                word >>= 8;
            }
        }
        if let Some(first) = bytes.first_mut() {
            let excess = 8 * count as u64 - bits;
            *first &= ((1u16 << (8 - excess)) - 1) as u8;
        }
        BigUint::from_bytes_be(&bytes)
    }

    /// An integer `n` with `0 <= n < bound`, uniformly distributed; `None`
    /// when `bound < 1`.
    pub fn next_integer(&self, bound: &BigInt) -> Option<BigInt> {
        if !bound.is_positive() {
            return None;
        }
        let bits = (bound - BigInt::one()).bits();
        // A poisoned lock still holds a valid state.
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        loop {
            let n = BigInt::from_biguint(Sign::Plus, Self::draw(&mut state, bits));
            if &n < bound {
                return Some(n);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stream_of_a_seed_is_cgsuites() {
        // CGSuite's own test of `Random(1474)`.
        let r = Random::new(&BigInt::from(1474)).unwrap();
        let drawn: Vec<BigInt> =
            (0..20).map(|_| r.next_integer(&BigInt::from(100)).unwrap()).collect();
        let expected =
            [64, 92, 17, 25, 63, 58, 88, 49, 0, 30, 85, 46, 58, 24, 72, 31, 98, 61, 61, 69];
        assert_eq!(drawn, expected.map(BigInt::from));
    }

    #[test]
    fn the_generator_matches_its_published_first_output() {
        // `new Random(0).nextInt()` is -1155484576 on the Java platform;
        // the seed 0 scrambles to the multiplier itself.
        let mut state = MULTIPLIER & MASK;
        assert_eq!(Random::next(&mut state, 32) as i32, -1_155_484_576);
    }

    #[test]
    fn seeds_and_bounds_outside_the_range_are_refused() {
        let two = BigInt::from(2);
        assert!(Random::new(&two.pow(63)).is_none());
        assert!(Random::new(&-two.pow(63)).is_some());
        let r = Random::new(&BigInt::from(5)).unwrap();
        assert!(r.next_integer(&BigInt::from(0)).is_none());
        assert_eq!(r.next_integer(&BigInt::from(1)), Some(BigInt::from(0)));
        // A bound past a machine word draws many bytes and stays below it.
        let big = two.pow(200) + 7;
        for _ in 0..50 {
            let n = r.next_integer(&big).unwrap();
            assert!(!n.is_negative() && n < big);
        }
    }
}

//! Strips as two bit planes in one machine word each (`u64` up to 64 cells,
//! `u128` up to 128), for the strip rulesets.
//!
//! Cell `i` (counted from the left end, as the string is written) is bit `i`
//! of each plane, and bits past the strip's length are always clear. A
//! position is then a small `Copy` value that hashes in a few multiplies, and
//! its moves and regions are shifts and masks. Strips of up to 64 cells (every
//! strip whose game tree is within reach) use `u64` planes, which keeps the
//! solver's table entries at 24 bytes; longer ones use `u128`. What a plane
//! means is the ruleset's choice (toads and frogs; Left's and Right's
//! dominoes, both set for a green one).

use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{BitAnd, BitOr, Not, Shl, Shr};

use crate::error::{Error, Location, Result};

/// The most cells a strip may have.
pub const MAX_CELLS: usize = 128;

/// A machine word holding one bit per cell: `u64` or `u128`.
pub trait Word:
    Copy
    + Eq
    + Ord
    + Hash
    + Debug
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + Not<Output = Self>
    + Shl<usize, Output = Self>
    + Shr<usize, Output = Self>
{
    /// Cells a word holds.
    const BITS: usize;
    /// No cell.
    const ZERO: Self;
    /// Cell 0.
    const ONE: Self;
    /// Every cell.
    const MAX: Self;
    /// The lowest cell set (`BITS` when none is).
    fn lowest(self) -> usize;
    /// One past the highest cell set (0 when none is).
    fn end(self) -> usize;
    /// How many cells are set.
    fn count(self) -> usize;
    /// The word with its bits in reverse order.
    fn reversed(self) -> Self;
    /// The word's bits as a `u128`.
    fn wide(self) -> u128;
    /// The low bits of a `u128`.
    fn narrow(bits: u128) -> Self;
}

macro_rules! word {
    ($t:ty) => {
        impl Word for $t {
            const BITS: usize = <$t>::BITS as usize;
            const ZERO: Self = 0;
            const ONE: Self = 1;
            const MAX: Self = <$t>::MAX;
            fn lowest(self) -> usize {
                self.trailing_zeros() as usize
            }
            fn end(self) -> usize {
                <Self as Word>::BITS - self.leading_zeros() as usize
            }
            fn count(self) -> usize {
                self.count_ones() as usize
            }
            fn reversed(self) -> Self {
                self.reverse_bits()
            }
            fn wide(self) -> u128 {
                self as u128
            }
            fn narrow(bits: u128) -> Self {
                bits as $t
            }
        }
    };
}

word!(u64);
word!(u128);

/// A mask of the low `n` bits.
#[inline]
pub(crate) fn low<W: Word>(n: usize) -> W {
    if n >= W::BITS { W::MAX } else { !(W::MAX << n) }
}

/// `bits` shifted towards lower cells by `k` (no cell when `k` is past the word).
#[inline]
pub(crate) fn down<W: Word>(bits: W, k: usize) -> W {
    if k >= W::BITS { W::ZERO } else { bits >> k }
}

/// `bits` shifted towards higher cells by `k` (no cell when `k` is past the word).
#[inline]
pub(crate) fn up<W: Word>(bits: W, k: usize) -> W {
    if k >= W::BITS { W::ZERO } else { bits << k }
}

/// The `n` low bits of `bits` in reverse order (cell `i` becomes `n - 1 - i`).
#[inline]
pub(crate) fn reverse<W: Word>(bits: W, n: usize) -> W {
    if n == 0 { W::ZERO } else { bits.reversed() >> (W::BITS - n) }
}

/// Cells `from..to` of `bits`, moved down to start at cell 0.
#[inline]
pub(crate) fn slice<W: Word>(bits: W, from: usize, to: usize) -> W {
    down(bits, from) & low(to - from)
}

/// Whether cell `i` of `bits` is set.
#[inline]
pub(crate) fn has<W: Word>(bits: W, i: usize) -> bool {
    (bits >> i) & W::ONE != W::ZERO
}

/// The bits of `bits` that lie in `mask`, packed into the low bits in order
/// (cell by cell; strips are short, so no bit tricks are needed).
pub(crate) fn pack<W: Word>(bits: W, mask: W) -> W {
    let mut out = W::ZERO;
    for (k, i) in cells(mask).enumerate() {
        if has(bits, i) {
            out = out | (W::ONE << k);
        }
    }
    out
}

/// The cells of a mask, lowest first.
#[inline]
pub(crate) fn cells<W: Word>(mut bits: W) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (bits != W::ZERO).then(|| {
            let i = bits.lowest();
            bits = bits & !(W::ONE << i);
            i
        })
    })
}

/// Reads a strip of at most `max` cells: one character per cell, lower-cased
/// first as CGSuite does (`TTF` is `ttf`). `symbol` gives a character's bit
/// in each plane, or `None` for a character the ruleset does not use;
/// `alphabet` lists the characters for the error message. Returns the length
/// and the planes.
pub(crate) fn parse(
    text: &str,
    max: usize,
    alphabet: &str,
    symbol: impl Fn(char) -> Option<[bool; 2]>,
) -> Result<(usize, [u128; 2])> {
    let n = text.chars().count();
    if n > max {
        return Err(Error::invalid(format!(
            "a strip of {n} cells: at most {max} cells are supported"
        )));
    }
    let mut planes = [0u128; 2];
    for (cell, (offset, ch)) in text.char_indices().enumerate() {
        let Some(bits) = symbol(ch.to_ascii_lowercase()) else {
            let allowed: Vec<String> = alphabet.chars().map(|c| format!("'{c}'")).collect();
            return Err(Error::syntax(
                Location::of_offset(text, offset),
                format!("unexpected '{ch}' in a strip (cells are {})", allowed.join(", ")),
            ));
        };
        for (plane, on) in planes.iter_mut().zip(bits) {
            if on {
                *plane |= 1u128 << cell;
            }
        }
    }
    Ok((n, planes))
}

/// Writes a strip of `n` cells, `symbol` naming each cell from its bit in
/// each plane.
pub(crate) fn write<W: Word>(
    n: usize,
    planes: [W; 2],
    symbol: impl Fn([bool; 2]) -> char,
) -> String {
    (0..n).map(|i| symbol(planes.map(|p| has(p, i)))).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks_shifts_and_reversal() {
        assert_eq!(low::<u64>(0), 0);
        assert_eq!(low::<u64>(3), 0b111);
        assert_eq!(low::<u64>(64), u64::MAX);
        assert_eq!(low::<u128>(128), u128::MAX);
        assert_eq!(low::<u128>(64), u64::MAX as u128);
        assert_eq!(down(0b1100u64, 2), 0b11);
        assert_eq!(down(1u64, 64), 0);
        assert_eq!(up(1u128, 128), 0);
        assert_eq!(reverse(0b001u64, 3), 0b100);
        assert_eq!(reverse(1u128, 128), 1u128 << 127);
        assert_eq!(reverse(1u64, 64), 1u64 << 63);
        assert_eq!(reverse(0u64, 0), 0);
        assert_eq!(slice(0b110110u64, 1, 4), 0b011);
        assert_eq!(pack(0b1010u64, 0b1110), 0b101);
        assert_eq!(cells(0b1010u128).collect::<Vec<_>>(), [1, 3]);
        assert_eq!((0b1000u64.lowest(), 0b1000u64.end(), 0u64.end()), (3, 4, 0));
    }

    #[test]
    fn parse_and_write_round_trip() {
        let symbol = |c| match c {
            '.' => Some([false, false]),
            'a' => Some([true, false]),
            'b' => Some([false, true]),
            _ => None,
        };
        let (n, planes) = parse("A.b", 64, ".ab", symbol).unwrap();
        assert_eq!((n, planes), (3, [0b001, 0b100]));
        let text = write(n, planes, |[a, b]| match (a, b) {
            (true, _) => 'a',
            (_, true) => 'b',
            _ => '.',
        });
        assert_eq!(text, "a.b");
        let err = parse("a.x", 64, ".ab", symbol).unwrap_err().to_string();
        assert!(err.contains("1:3") && err.contains("'.', 'a', 'b'"), "{err}");
        let err = parse(&".".repeat(129), 128, ".ab", symbol).unwrap_err().to_string();
        assert!(err.contains("at most 128 cells"), "{err}");
        assert_eq!(parse("", 64, ".ab", symbol).unwrap(), (0, [0, 0]));
    }
}

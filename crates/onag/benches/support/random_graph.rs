//! A pseudo-random position graph with cycles, generated on the fly for the
//! loopy benches and the `loopy_random` example: nothing is stored, so the
//! memory measured is the solver's own.

use onag::loopy::SuccessorGame;

/// Position `p` has `hash(p) % spread` moves, to positions `hash(p, i) % n`
/// (mean out-degree `(spread − 1) / 2`). The same `n` and `spread` always give
/// the same graph.
pub struct RandomGraph {
    n: u32,
    spread: u64,
}

impl RandomGraph {
    /// A graph of `n` positions whose mean out-degree is `mean`.
    pub fn new(n: u32, mean: u64) -> Self {
        RandomGraph { n, spread: 2 * mean + 1 }
    }
}

/// SplitMix64's finaliser: a fast, well-mixed 64-bit hash.
fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

impl SuccessorGame for RandomGraph {
    fn num_positions(&self) -> u32 {
        self.n
    }

    fn for_each_successor(&self, p: u32, mut f: impl FnMut(u32)) {
        let h = mix(u64::from(p));
        for i in 0..h % self.spread {
            f((mix(h ^ (i + 1).wrapping_mul(0xD6E8_FEB8_6659_FD93)) % u64::from(self.n)) as u32);
        }
    }
}

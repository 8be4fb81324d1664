//! The sparse-space (rare/common) algorithm for take-and-break codes whose
//! moves leave at most two heaps.
//!
//! A mask `w` splits values into *rare* ones (an even number of bits in
//! `v & w`: a subgroup under XOR) and *common* ones (odd). Rare ⊕ rare and
//! common ⊕ common are rare; rare ⊕ common is common. In most octal games a
//! good mask makes rare values rare indeed, so for heap `n`:
//!
//! 1. every option with a rare heap is visited (few): this finds every
//!    common value among the options, hence `c`, the least common value that
//!    is not an option;
//! 2. the rare values below `c` that are not yet options are looked for
//!    among pairs of common heaps, stopping as soon as all are found (then
//!    `g(n) = c`); otherwise the least one never found is `g(n)`.
//!
//! The mask is chosen by a Walsh–Hadamard transform of the value histogram
//! (the mask with the fewest rare values), re-chosen as the sequence doubles.
//! The plain algorithm in [`super::sequence`] is the independent check.

use crate::error::Result;
use crate::impartial::heap::code::{Constraint, TakeAndBreak};
use crate::impartial::heap::sequence::{Algorithm, Step};

/// Below this many heaps, and while no mask pays, every pair is visited.
const FIRST_SELECTION: usize = 256;

pub(crate) struct Sparse {
    /// `j` such that removing `j` tokens may leave nothing.
    zero: Vec<usize>,
    /// `j` such that removing `j` tokens may leave one heap.
    one: Vec<usize>,
    /// `(j, constraint)` such that removing `j` tokens may leave two heaps.
    two: Vec<(usize, Constraint)>,
    /// `seen[v] == stamp` when `v` is an option value of the current heap.
    /// Length `2^(bits+1) + 1`: values below `2^(bits+1)` and a spare slot.
    seen: Vec<u32>,
    /// Every value so far is below `2^bits`.
    bits: u32,
    /// Count of each value so far (length `2^bits`).
    hist: Vec<u64>,
    /// The rare mask; 0 means visit every pair.
    mask: u32,
    /// Heaps `a ≥ 1` whose values are rare, ascending.
    rare: Vec<u32>,
    /// Heap count at which the mask is chosen again.
    next_selection: usize,
    /// Choose the mask before the next heap.
    pending: bool,
    /// `common[v]` is 1 when `v` is common under the mask, else 0 (length of `seen`).
    common: Vec<u8>,
    /// Rare values below the candidate not yet found (scratch).
    missing: Vec<u32>,
}

fn parity(x: u32) -> bool {
    x.count_ones() & 1 == 1
}

impl Sparse {
    /// The sparse stepper for `rule`, if its code is finite and leaves at most two heaps.
    pub(crate) fn new(rule: &TakeAndBreak) -> Option<Sparse> {
        if !rule.is_finite() || rule.max_heaps() > 2 {
            return None;
        }
        let mut s = Sparse {
            zero: Vec::new(),
            one: Vec::new(),
            two: Vec::new(),
            seen: vec![0; 3],
            bits: 0,
            hist: vec![0; 1],
            mask: 0,
            rare: Vec::new(),
            next_selection: FIRST_SELECTION,
            pending: false,
            common: vec![0; 3],
            missing: Vec::new(),
        };
        for (j, d) in rule.digits().iter().enumerate() {
            if d.heaps & 1 != 0 {
                s.zero.push(j);
            }
            if d.heaps & 2 != 0 {
                s.one.push(j);
            }
            if d.heaps & 4 != 0 {
                s.two.push((j, d.constraint));
            }
        }
        Some(s)
    }

    fn is_rare(&self, v: u32) -> bool {
        !parity(v & self.mask)
    }

    /// Chooses the mask with the fewest rare values among `values[1..]`.
    fn select(&mut self, values: &[u32]) {
        let size = self.hist.len();
        let mut h: Vec<i64> = self.hist.iter().map(|&c| c as i64).collect();
        h[values[0] as usize] -= 1;
        let total = values.len() as i64 - 1;
        let mut len = 1;
        while len < size {
            for start in (0..size).step_by(2 * len) {
                for i in start..start + len {
                    let (a, b) = (h[i], h[i + len]);
                    h[i] = a + b;
                    h[i + len] = a - b;
                }
            }
            len *= 2;
        }
        // rare(w) = (total + h[w]) / 2
        let best = (1..size).min_by_key(|&w| h[w]);
        let mask = match best {
            Some(w) if (total + h[w]) / 2 * 4 <= total => w as u32,
            _ => 0,
        };
        if mask != self.mask {
            self.mask = mask;
            self.classify();
            self.rare = (1..values.len())
                .filter(|&a| !parity(values[a] & mask))
                .map(|a| a as u32)
                .collect();
        }
    }

    fn grow(&mut self, v: u32) {
        while v >> self.bits != 0 {
            self.bits += 1;
        }
        let size = 1usize << self.bits;
        if self.hist.len() < size {
            self.hist.resize(size, 0);
            self.seen.resize(2 * size + 1, 0);
            self.classify();
        }
    }

    fn plain_pairs(&mut self, values: &[u32], stamp: u32) {
        let n = values.len();
        for &(j, c) in &self.two {
            let Some(m) = n.checked_sub(j) else { continue };
            if m < 2 {
                continue;
            }
            if c == Constraint::Equal {
                if m % 2 == 0 {
                    self.seen[0] = stamp;
                }
                continue;
            }
            let strict = c != Constraint::Any;
            for a in 1..=m / 2 {
                if strict && 2 * a == m {
                    continue;
                }
                self.seen[(values[a] ^ values[m - a]) as usize] = stamp;
            }
        }
    }

    fn sparse_value(&mut self, values: &[u32], stamp: u32) -> u32 {
        let n = values.len();
        // 1. Pairs with a rare heap: every common option value, some rare ones.
        for &(j, c) in &self.two {
            let Some(m) = n.checked_sub(j) else { continue };
            if m < 2 {
                continue;
            }
            if c == Constraint::Equal {
                if m % 2 == 0 {
                    self.seen[0] = stamp;
                }
                continue;
            }
            // Rare heaps `a < m`, without `a = m / 2` when the heaps must differ.
            let cut = self.rare.partition_point(|&a| (a as usize) < m);
            let window = &values[..m];
            let seen = &mut self.seen[..];
            for &a in &self.rare[..cut] {
                let a = a as usize;
                if c != Constraint::Any && 2 * a == m {
                    continue;
                }
                seen[(values[a] ^ window[m - a]) as usize] = stamp;
            }
        }
        // The least common value that is not an option (exists below 2^(bits+1)).
        // One pass: rare values that are not options are collected until the
        // first common value that is not an option.
        let limit = self.limit();
        self.missing.clear();
        let mut c = limit;
        for x in 0..limit {
            if self.seen[x] != stamp {
                if self.common[x] == 1 {
                    c = x;
                    break;
                }
                self.missing.push(x as u32);
            }
        }
        if self.missing.is_empty() {
            return c as u32;
        }
        // 2. Pairs of common heaps give rare values; stop once all below c are
        // found. Every pair is marked, whatever its class: each one is an
        // option, and none has the common value `c` (a common option value
        // needs exactly one rare heap, all visited in step 1), so marking the
        // rest only adds true options and keeps the loop free of class tests.
        // Every value is below `2^bits`, so is every XOR of two.
        // Blocks start small (the missing values are usually found within a
        // few dozen pairs) and double up to 1024 pairs.
        let seen = &mut self.seen[..1usize << self.bits];
        let missing = &mut self.missing;
        let mut block = 32;
        for &(j, con) in &self.two {
            let Some(m) = n.checked_sub(j) else { continue };
            if m < 2 || con == Constraint::Equal {
                continue;
            }
            let hi = if con != Constraint::Any && m % 2 == 0 { m / 2 - 1 } else { m / 2 };
            let mut a = 1;
            while a <= hi {
                let end = (a + block).min(hi + 1);
                let low = &values[a..end];
                let high = &values[m + 1 - end..=m - a];
                mark_pairs(seen, low, high, stamp);
                missing.retain(|&r| seen.get(r as usize) != Some(&stamp));
                if missing.is_empty() {
                    return c as u32;
                }
                a = end;
                block = (block * 2).min(1024);
            }
        }
        self.missing[0]
    }

    /// The values `0..limit` are tracked; `seen[limit]` is a spare slot.
    fn limit(&self) -> usize {
        self.seen.len() - 1
    }

    /// Recomputes the class of every tracked value under the mask.
    fn classify(&mut self) {
        let mask = self.mask;
        self.common = (0..self.seen.len() as u32).map(|x| u8::from(parity(x & mask))).collect();
    }
}

/// Marks `seen[low[i] ^ high[high.len() - 1 - i]]` for every `i`. Every
/// value in `low` and `high` is below `seen.len()`, a power of two, so the
/// XOR is too; fixed-size views let the index be masked instead of checked.
fn mark_pairs(seen: &mut [u32], low: &[u32], high: &[u32], stamp: u32) {
    fn fixed<const N: usize>(seen: &mut [u32; N], low: &[u32], high: &[u32], stamp: u32) {
        for (&ga, &gb) in low.iter().zip(high.iter().rev()) {
            seen[(ga ^ gb) as usize & (N - 1)] = stamp;
        }
    }
    if let Ok(s) = <&mut [u32; 512]>::try_from(&mut *seen) {
        fixed(s, low, high, stamp);
    } else if let Ok(s) = <&mut [u32; 256]>::try_from(&mut *seen) {
        fixed(s, low, high, stamp);
    } else {
        for (&ga, &gb) in low.iter().zip(high.iter().rev()) {
            seen[(ga ^ gb) as usize] = stamp;
        }
    }
}

impl Step for Sparse {
    fn step(&mut self, values: &[u32]) -> Result<u32> {
        let n = values.len();
        if self.pending {
            self.pending = false;
            self.select(values);
        }
        let stamp = n as u32 + 1;
        for &j in &self.zero {
            if j == n {
                self.seen[0] = stamp;
            }
        }
        for &j in &self.one {
            if n > j {
                self.seen[values[n - j] as usize] = stamp;
            }
        }
        let v = if self.mask == 0 {
            self.plain_pairs(values, stamp);
            (0..self.limit()).find(|&x| self.seen[x] != stamp).unwrap_or(self.limit()) as u32
        } else {
            self.sparse_value(values, stamp)
        };
        let grew = v >> self.bits != 0;
        self.grow(v);
        self.hist[v as usize] += 1;
        if n > 0 && self.mask != 0 && self.is_rare(v) {
            self.rare.push(n as u32);
        }
        if n + 1 >= self.next_selection || (grew && n + 1 >= FIRST_SELECTION) {
            if n + 1 >= self.next_selection {
                self.next_selection *= 2;
            }
            self.pending = true;
        }
        Ok(v)
    }

    fn algorithm(&self) -> Algorithm {
        Algorithm::Sparse
    }

    fn rare(&self) -> Option<(u32, usize)> {
        Some((self.mask, self.rare.len()))
    }
}

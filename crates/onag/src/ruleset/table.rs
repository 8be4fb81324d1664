//! The solver's transposition table: a value (or "in progress") for each
//! normalised region.
//!
//! A board search looks a region up for every option of every region it
//! values, in a table far larger than the cache, so a lookup's cost is its
//! cache misses. The table uses open addressing with linear probing and
//! keeps each key beside its value: a lookup usually reads one cache line
//! (a SwissTable reads its control bytes and its slot, two lines apart).
//!
//! Invariants: the number of slots is 0 or a power of two; at most 7/10 of
//! them are full; entries are never removed one by one (only
//! [`retain_valued`](RegionTable::retain_valued) rebuilds the table), so a
//! probe may stop at the first empty slot.

use std::hash::{BuildHasher, Hash};

use rustc_hash::FxBuildHasher;

/// A map from regions `P` to `Option<V>`: `Some` once valued, `None` while
/// the region is being valued.
pub(crate) struct RegionTable<P, V> {
    slots: Vec<Option<(P, Option<V>)>>,
    len: usize,
}

impl<P, V> Default for RegionTable<P, V> {
    fn default() -> Self {
        RegionTable { slots: Vec::new(), len: 0 }
    }
}

impl<P: Hash + Eq, V: Copy> RegionTable<P, V> {
    /// The slot where a probe for `key` starts: the hash's top bits, after a
    /// Fibonacci multiplication spreads them (the table's size is a power
    /// of two).
    fn home(&self, key: &P) -> usize {
        let bits = self.slots.len().trailing_zeros();
        let h = FxBuildHasher.hash_one(key).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        (h >> (64 - bits)) as usize
    }

    /// What the table holds for `key`.
    #[inline]
    pub(crate) fn get(&self, key: &P) -> Option<&Option<V>> {
        if self.slots.is_empty() {
            return None;
        }
        let mask = self.slots.len() - 1;
        let mut i = self.home(key);
        loop {
            match &self.slots[i] {
                Some((k, v)) if k == key => return Some(v),
                Some(_) => i = (i + 1) & mask,
                None => return None,
            }
        }
    }

    /// Sets what the table holds for `key`.
    pub(crate) fn insert(&mut self, key: P, value: Option<V>) {
        if (self.len + 1) * 10 > self.slots.len() * 7 {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut i = self.home(&key);
        loop {
            match &mut self.slots[i] {
                Some((k, v)) if *k == key => {
                    *v = value;
                    return;
                }
                Some(_) => i = (i + 1) & mask,
                slot @ None => {
                    *slot = Some((key, value));
                    self.len += 1;
                    return;
                }
            }
        }
    }

    fn grow(&mut self) {
        let size = (self.slots.len() * 2).max(16);
        self.rebuild(size, |_| true);
    }

    /// Moves the entries `keep` accepts into a table of `size` slots.
    fn rebuild(&mut self, size: usize, mut keep: impl FnMut(&Option<V>) -> bool) {
        let mut fresh = Vec::new();
        fresh.resize_with(size, || None);
        let old = std::mem::replace(&mut self.slots, fresh);
        self.len = 0;
        let mask = size - 1;
        for (k, v) in old.into_iter().flatten() {
            if !keep(&v) {
                continue;
            }
            let mut i = self.home(&k);
            while self.slots[i].is_some() {
                i = (i + 1) & mask;
            }
            self.slots[i] = Some((k, v));
            self.len += 1;
        }
    }

    /// Drops the regions left in progress (after a search stopped early).
    pub(crate) fn retain_valued(&mut self) {
        self.retain(Option::is_some);
    }

    /// Keeps only the entries `keep` accepts.
    pub(crate) fn retain(&mut self, keep: impl FnMut(&Option<V>) -> bool) {
        if self.slots.is_empty() {
            return;
        }
        self.rebuild(self.slots.len(), keep);
    }

    /// How many regions the table holds.
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// Bytes the next doubling of the table allocates, while the table is
    /// close to it (more than 60% full; it doubles at 70%), else 0: a search
    /// asks its budget for them (`Budget::reserve`) before the insert that
    /// doubles the table, while the old slots are still held.
    pub(crate) fn growth_bytes(&self) -> u64 {
        if self.len * 10 >= self.slots.len() * 6 { 2 * self.bytes() } else { 0 }
    }

    /// Bytes of the slots (each holds a region and its value).
    pub(crate) fn bytes(&self) -> u64 {
        (self.slots.capacity() * std::mem::size_of::<Option<(P, Option<V>)>>()) as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rustc_hash::FxHashMap;

    #[test]
    fn agrees_with_a_hash_map_and_drops_regions_in_progress() {
        let mut table = RegionTable::<(u8, u64), u32>::default();
        let mut plain = FxHashMap::default();
        for i in 0..3000u64 {
            let key = ((i % 7) as u8, i.wrapping_mul(0x2545_F491_4F6C_DD1D) % 1500);
            let value = (i % 5 != 0).then_some(i as u32);
            table.insert(key, value);
            plain.insert(key, value);
        }
        assert_eq!(table.len(), plain.len());
        for (k, v) in &plain {
            assert_eq!(table.get(k), Some(v));
        }
        assert_eq!(table.get(&(9, 0)), None);
        table.retain_valued();
        plain.retain(|_, v| v.is_some());
        assert_eq!(table.len(), plain.len());
        for (k, v) in &plain {
            assert_eq!(table.get(k), Some(v));
        }
    }
}

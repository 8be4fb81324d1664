//! The arena's memo tables: answers keyed by one id or an ordered pair of
//! ids packed in a `u64` ([`key`](super::arena::key)).
//!
//! A board search asks millions of questions of tables far larger than the
//! cache, so a lookup's cost is its cache misses. These tables keep each key
//! beside its value, so a lookup usually reads one cache line (a SwissTable
//! reads its control bytes and its slot, two lines apart).
//!
//! - [`IdMemo`] maps keys to small values (sums, negatives), by open
//!   addressing with linear probing. Invariants: the capacity is 0 or a
//!   power of two, at most 7/10 of the slots are full (probe runs stay
//!   short), and no entry is ever removed (so a probe may stop at the first
//!   empty slot).
//! - [`FlagCache`] maps keys to one bit (comparisons), packed into the key's
//!   slot: 8 bytes an entry, in buckets of one cache line. It is a cache,
//!   not a map: a full bucket drops its oldest entry, and past
//!   [`FLAG_CACHE_SLOTS`] slots it stops growing, since a comparison can
//!   always be asked again, and a board search's comparisons would
//!   otherwise fill more memory than everything else the arena holds
//!   (fresh memory costs the first write to each page, which is slower
//!   than asking again).

/// The slot key that marks an empty slot. No stored key equals it: a key
/// holds two ids below `u32::MAX` (the pending game `u32::MAX` is never
/// stored in these tables).
const EMPTY: u64 = u64::MAX;

/// The slot of `key` in a table with `mask + 1` slots: the splitmix64
/// finaliser spreads consecutive ids over all bits.
fn home(key: u64, mask: usize) -> usize {
    mix(key) as usize & mask
}

/// The splitmix64 finaliser: it spreads consecutive ids over all bits, which
/// probing needs (a plain multiplicative hash of small pairs collides).
pub(super) fn mix(key: u64) -> u64 {
    let mut z = key.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Asks the processor to bring the slot where a lookup of `key` in `slots`
/// starts into cache (a hint: nothing is read).
#[inline]
fn prefetch_home<T>(slots: &[T], key: u64) {
    if !slots.is_empty() {
        crate::prefetch::prefetch(slots, home(key, slots.len() - 1));
    }
}

/// Whether a table of `slots` slots is full enough to grow before one more
/// entry.
fn must_grow(len: usize, slots: usize) -> bool {
    (len + 1) * 10 > slots * 7
}

/// A map from id keys to `Copy` values.
#[derive(Clone, Default)]
pub(crate) struct IdMemo<V> {
    slots: Vec<(u64, V)>,
    len: usize,
}

impl<V: Copy + Default> IdMemo<V> {
    /// The value stored for `key`.
    #[inline]
    pub(crate) fn get(&self, key: u64) -> Option<V> {
        if self.slots.is_empty() {
            return None;
        }
        let mask = self.slots.len() - 1;
        let mut i = home(key, mask);
        loop {
            let (k, v) = self.slots[i];
            if k == key {
                return Some(v);
            }
            if k == EMPTY {
                return None;
            }
            i = (i + 1) & mask;
        }
    }

    /// Whether `key` has a value.
    #[inline]
    pub(crate) fn contains_key(&self, key: u64) -> bool {
        self.get(key).is_some()
    }

    /// Asks the processor to bring the slot where a lookup of `key` starts
    /// into cache (a hint: nothing is read).
    #[inline]
    pub(crate) fn prefetch(&self, key: u64) {
        prefetch_home(&self.slots, key);
    }

    /// Stores `value` for `key`, replacing an earlier value.
    pub(crate) fn insert(&mut self, key: u64, value: V) {
        debug_assert_ne!(key, EMPTY);
        if must_grow(self.len, self.slots.len()) {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut i = home(key, mask);
        loop {
            let k = self.slots[i].0;
            if k == key || k == EMPTY {
                if k == EMPTY {
                    self.len += 1;
                }
                self.slots[i] = (key, value);
                return;
            }
            i = (i + 1) & mask;
        }
    }

    fn grow(&mut self) {
        let size = (self.slots.len() * 2).max(16);
        let old = std::mem::replace(&mut self.slots, vec![(EMPTY, V::default()); size]);
        let mask = size - 1;
        for (k, v) in old {
            if k != EMPTY {
                let mut i = home(k, mask);
                while self.slots[i].0 != EMPTY {
                    i = (i + 1) & mask;
                }
                self.slots[i] = (k, v);
            }
        }
    }

    /// How many keys have values.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// Bytes of the slots.
    pub(crate) fn bytes(&self) -> usize {
        self.slots.capacity() * std::mem::size_of::<(u64, V)>()
    }
}

/// The bit of a [`FlagCache`] slot that holds the value.
const VALUE_BIT: u64 = 1 << 63;

/// Slots per [`FlagCache`] bucket: one cache line.
const BUCKET: usize = 8;

/// The most slots a [`FlagCache`] grows to: 2^24 slots, 128 MiB.
pub(crate) const FLAG_CACHE_SLOTS: usize = 1 << 24;

/// One cache line of [`FlagCache`] slots: the entries first, oldest
/// first, then empty slots.
#[derive(Clone, Copy)]
#[repr(align(64))]
struct Bucket([u64; BUCKET]);

const EMPTY_BUCKET: Bucket = Bucket([EMPTY; BUCKET]);

/// A bounded map from id keys to booleans, each entry one `u64`: the value
/// rides in bit 63 of the key, which is free while the first id is below
/// 2^31. Keys whose first id is larger are not stored (a lookup of them
/// answers `None`), which costs only speed: the arena would need two
/// billion games to meet one.
///
/// A key lives in one bucket, chosen by its hash; a key stored in a full
/// bucket pushes out that bucket's oldest entry. Below its largest size the
/// cache doubles when it is half full, so it seldom forgets (a bucket then
/// holds 4 keys on average, and more than 8 with odds of 2 %); at its
/// largest it keeps the newest entries of each bucket. A lookup answers
/// either `None` or the value last stored for the key, never another.
#[derive(Clone)]
pub(crate) struct FlagCache {
    buckets: Vec<Bucket>,
    /// Entries stored and not pushed out.
    len: usize,
    /// The most buckets the cache grows to (a power of two).
    max_buckets: usize,
}

impl Default for FlagCache {
    fn default() -> Self {
        Self::with_max_slots(FLAG_CACHE_SLOTS)
    }
}

impl FlagCache {
    /// An empty cache that grows to at most `slots` slots (rounded up to a
    /// power of two buckets).
    pub(crate) fn with_max_slots(slots: usize) -> Self {
        let max_buckets = slots.div_ceil(BUCKET).max(1).next_power_of_two();
        FlagCache { buckets: Vec::new(), len: 0, max_buckets }
    }

    /// The bucket of `key` (the cache must have buckets).
    #[inline]
    fn bucket_of(&self, key: u64) -> usize {
        mix(key) as usize & (self.buckets.len() - 1)
    }

    /// The value stored for `key`, if the cache still holds it.
    #[inline]
    pub(crate) fn get(&self, key: u64) -> Option<bool> {
        if self.buckets.is_empty() || key & VALUE_BIT != 0 {
            return None;
        }
        for &k in &self.buckets[self.bucket_of(key)].0 {
            if k == EMPTY {
                return None;
            }
            if k & !VALUE_BIT == key {
                return Some(k & VALUE_BIT != 0);
            }
        }
        None
    }

    /// Asks the processor to bring the bucket of `key` into cache (a hint:
    /// nothing is read).
    #[inline]
    pub(crate) fn prefetch(&self, key: u64) {
        if !self.buckets.is_empty() {
            crate::prefetch::prefetch(&self.buckets, self.bucket_of(key));
        }
    }

    /// Stores `value` for `key` (nothing when the key's first id is 2^31 or
    /// more).
    pub(crate) fn insert(&mut self, key: u64, value: bool) {
        if key & VALUE_BIT != 0 {
            return;
        }
        if self.buckets.len() < self.max_buckets && (self.len + 1) * 2 > self.buckets.len() * BUCKET
        {
            self.grow();
        }
        let entry = if value { key | VALUE_BIT } else { key };
        let i = self.bucket_of(key);
        let bucket = &mut self.buckets[i].0;
        for slot in bucket.iter_mut() {
            if *slot == EMPTY {
                self.len += 1;
                *slot = entry;
                return;
            }
            if *slot & !VALUE_BIT == key {
                *slot = entry;
                return;
            }
        }
        // A full bucket: its oldest entry makes way.
        bucket.copy_within(1.., 0);
        bucket[BUCKET - 1] = entry;
    }

    /// Doubles the buckets. Every entry finds room: the entries of an old
    /// bucket go to the new buckets with the same low bits, so a new bucket
    /// takes entries from one old bucket only.
    fn grow(&mut self) {
        let size = (self.buckets.len() * 2).max(1);
        let old = std::mem::replace(&mut self.buckets, vec![EMPTY_BUCKET; size]);
        let mask = size - 1;
        // Entries keep their order (oldest first) in their new buckets.
        let mut fill = vec![0u8; size];
        for bucket in old {
            for k in bucket.0 {
                if k == EMPTY {
                    break;
                }
                let i = mix(k & !VALUE_BIT) as usize & mask;
                self.buckets[i].0[fill[i] as usize] = k;
                fill[i] += 1;
            }
        }
    }

    /// How many keys have values.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// Bytes of the slots.
    pub(crate) fn bytes(&self) -> usize {
        self.buckets.capacity() * std::mem::size_of::<Bucket>()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rustc_hash::FxHashMap;

    fn pair(g: u32, h: u32) -> u64 {
        ((g as u64) << 32) | h as u64
    }

    #[test]
    fn id_memo_agrees_with_a_hash_map() {
        let mut memo = IdMemo::<u32>::default();
        let mut plain = FxHashMap::default();
        for i in 0..5000u32 {
            let k = pair(i % 97, i.wrapping_mul(2_654_435_761) % 1013);
            memo.insert(k, i);
            plain.insert(k, i);
        }
        assert_eq!(memo.len(), plain.len());
        for g in 0..100 {
            for h in 0..1013 {
                let k = pair(g, h);
                assert_eq!(memo.get(k), plain.get(&k).copied());
            }
        }
    }

    #[test]
    fn flag_cache_below_its_largest_size_keeps_nearly_everything() {
        let mut memo = FlagCache::default();
        let mut plain = FxHashMap::default();
        for i in 0..5000u32 {
            let k = pair(i % 89, i.wrapping_mul(40_503) % 997);
            let v = i % 3 == 0;
            memo.insert(k, v);
            plain.insert(k, v);
        }
        let mut kept = 0;
        for g in 0..100 {
            for h in 0..997 {
                let k = pair(g, h);
                match (memo.get(k), plain.get(&k)) {
                    (Some(c), Some(&v)) => {
                        assert_eq!(c, v);
                        kept += 1;
                    }
                    (Some(_), None) => panic!("a key never stored: {k:#x}"),
                    (None, _) => {}
                }
            }
        }
        assert_eq!(kept, memo.len());
        assert!(kept * 100 >= plain.len() * 99, "{kept} of {}", plain.len());
        // At most half full after a doubling: 32 bytes an entry or fewer.
        assert!(memo.bytes() <= 32 * plain.len(), "{} bytes", memo.bytes());
    }

    #[test]
    fn a_full_flag_cache_forgets_but_never_lies() {
        let mut cache = FlagCache::with_max_slots(64);
        let mut plain = FxHashMap::default();
        for i in 0..20_000u32 {
            let k = pair(i % 131, i.wrapping_mul(40_503) % 1009);
            let v = i % 5 < 2;
            cache.insert(k, v);
            plain.insert(k, v);
            // The entry just stored is always there.
            assert_eq!(cache.get(k), Some(v));
        }
        assert_eq!(cache.bytes(), 64 * 8);
        let mut kept = 0;
        for (&k, &v) in &plain {
            if let Some(c) = cache.get(k) {
                assert_eq!(c, v, "key {k:#x}");
                kept += 1;
            }
        }
        assert_eq!(kept, 64, "a full cache holds an entry in every slot");
        assert_eq!(cache.len(), 64);
    }

    #[test]
    fn flag_cache_skips_keys_it_cannot_pack() {
        let mut memo = FlagCache::default();
        let big = pair(1 << 31, 5);
        memo.insert(big, true);
        assert_eq!(memo.get(big), None);
        assert_eq!(memo.len(), 0);
        // The largest packable key, and its neighbour with value false.
        let top = pair((1 << 31) - 1, u32::MAX - 1);
        memo.insert(top, true);
        memo.insert(top - 1, false);
        assert_eq!(memo.get(top), Some(true));
        assert_eq!(memo.get(top - 1), Some(false));
    }
}

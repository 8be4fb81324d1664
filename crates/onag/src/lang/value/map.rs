//! The entries of a map (`{k => v}`, `Map.Updated`, `MutableMap`): keys
//! found by hashing where the language's `==` allows it, and persistent, so
//! `m := m.Updated(k, v)` and `m.Put(k, v)` take time independent of the
//! size of the map (CGSuite's maps are hash maps too).
//!
//! Invariants:
//! - Keys are distinct under the language's `==`, with the rule
//!   [`same_key`] states: two plain keys (see [`is_plain`]) are the same
//!   when they are equal as held, two other keys when `==` says so, a
//!   plain key and another never.
//! - A map of at most [`SMALL`] entries is a vector in the order the keys
//!   were first put (a few coordinates given to `grid Updated {…}` cost no
//!   hashing); a larger one keeps its plain keys and its games (a game is
//!   canonical, so games are equal exactly when their ids are) in a hash
//!   trie and its other keys in a vector.
//! - The order of the entries held is not the order CGSuite prints: the
//!   printer and every member that exposes an order sort the keys
//!   (`dispatch::collections::sorted_entries`), as CGSuite does.

use std::hash::{BuildHasher, Hash, Hasher};

use rustc_hash::FxBuildHasher;

use crate::lang::value::{Value, is_plain};

/// How many entries a map holds in a vector before it hashes its keys.
pub const SMALL: usize = 8;

/// The language's `==` on two keys that are not both plain, as the caller
/// evaluates it.
pub type KeyEq<'a> = dyn FnMut(&Value, &Value) -> crate::error::Result<bool> + 'a;

/// Whether `a` and `b` are the same key: equal as held when both are
/// plain, `eq` of them when neither is, never otherwise.
pub fn same_key(a: &Value, b: &Value, eq: &mut KeyEq<'_>) -> crate::error::Result<bool> {
    match (is_plain(a), is_plain(b)) {
        (true, true) => Ok(a == b),
        (false, false) => {
            if let (Value::Game(x), Value::Game(y)) = (a, b) {
                return Ok(x == y);
            }
            eq(a, b)
        }
        _ => Ok(false),
    }
}

/// Whether `key` goes in the hash trie of a large map: a plain value or
/// a game.
fn hashed(key: &Value) -> bool {
    matches!(key, Value::Game(_)) || is_plain(key)
}

type Trie = rpds::HashTrieMapSync<Value, Value, FxBuildHasher>;

/// The entries of a map: distinct keys, each with its value.
#[derive(Clone)]
pub struct MapEntries {
    repr: Repr,
}

impl std::fmt::Debug for MapEntries {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_map().entries(self.iter()).finish()
    }
}

#[derive(Clone)]
enum Repr {
    /// At most [`SMALL`] entries, in the order their keys were first put.
    Small(Vec<(Value, Value)>),
    /// The entries whose keys are plain or games, found by hashing, and
    /// the others.
    Large(Box<Large>),
}

/// A map past [`SMALL`] entries (boxed, so a map is two words).
#[derive(Clone)]
struct Large {
    /// The entries whose keys are plain or games.
    trie: Trie,
    /// How many of the trie's keys are games.
    games: usize,
    /// The other entries.
    others: Vec<(Value, Value)>,
}

/// Where a key was found.
enum Slot {
    Small(usize),
    Trie(Value),
    Other(usize),
}

impl Default for MapEntries {
    fn default() -> Self {
        MapEntries { repr: Repr::Small(Vec::new()) }
    }
}

impl MapEntries {
    /// A map with no entries.
    pub fn new() -> MapEntries {
        MapEntries::default()
    }

    /// The map of `pairs` whose keys are already distinct (the caller
    /// checked, as for keys read from another map).
    pub fn from_distinct(pairs: Vec<(Value, Value)>) -> MapEntries {
        let mut map = MapEntries::new();
        for (k, v) in pairs {
            map.push_new(k, v);
        }
        map
    }

    /// How many entries.
    pub fn len(&self) -> usize {
        match &self.repr {
            Repr::Small(entries) => entries.len(),
            Repr::Large(l) => l.trie.size() + l.others.len(),
        }
    }

    /// Whether the map has no entries.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The entries, in no particular order (the same order on every run).
    pub fn iter(&self) -> Box<dyn Iterator<Item = (&Value, &Value)> + '_> {
        match &self.repr {
            Repr::Small(entries) => Box::new(entries.iter().map(|(k, v)| (k, v))),
            Repr::Large(l) => Box::new(l.trie.iter().chain(l.others.iter().map(|(k, v)| (k, v)))),
        }
    }

    /// `f` of every key and value (which must keep distinct keys distinct,
    /// as moving games to another arena does).
    pub fn try_map(
        &self,
        f: &mut dyn FnMut(&Value) -> crate::error::Result<Value>,
    ) -> crate::error::Result<MapEntries> {
        let mut pairs = Vec::with_capacity(self.len());
        for (k, v) in self.iter() {
            pairs.push((f(k)?, f(v)?));
        }
        Ok(MapEntries::from_distinct(pairs))
    }

    /// The keys, in the order of [`MapEntries::iter`].
    pub fn keys(&self) -> impl Iterator<Item = &Value> {
        self.iter().map(|(k, _)| k)
    }

    /// The value of the key that is `key` (see [`same_key`]).
    pub fn get(&self, key: &Value, eq: &mut KeyEq<'_>) -> crate::error::Result<Option<&Value>> {
        Ok(match self.find(key, eq)? {
            None => None,
            Some(Slot::Small(i)) => match &self.repr {
                Repr::Small(entries) => Some(&entries[i].1),
                Repr::Large(_) => None,
            },
            Some(Slot::Trie(k)) => match &self.repr {
                Repr::Large(l) => l.trie.get(&k),
                Repr::Small(_) => None,
            },
            Some(Slot::Other(i)) => match &self.repr {
                Repr::Large(l) => Some(&l.others[i].1),
                Repr::Small(_) => None,
            },
        })
    }

    /// The value of `key` when finding it needs no `==` but equality as
    /// held (a plain key, or a game in a map without other keys); `None`
    /// when it may need one.
    pub fn get_hashed(&self, key: &Value) -> Option<Option<&Value>> {
        let mut asked = false;
        let found = self.get(key, &mut |_: &Value, _: &Value| {
            asked = true;
            Ok(false)
        });
        if asked { None } else { found.ok() }
    }

    /// Sets `key` to `value`: the entry of the same key, if there is one,
    /// keeps its key and takes the value.
    pub fn insert(
        &mut self,
        key: Value,
        value: Value,
        eq: &mut KeyEq<'_>,
    ) -> crate::error::Result<()> {
        match self.find(&key, eq)? {
            None => self.push_new(key, value),
            Some(Slot::Small(i)) => {
                if let Repr::Small(entries) = &mut self.repr {
                    entries[i].1 = value;
                }
            }
            Some(Slot::Trie(k)) => {
                if let Repr::Large(l) = &mut self.repr {
                    l.trie.insert_mut(k, value);
                }
            }
            Some(Slot::Other(i)) => {
                if let Repr::Large(l) = &mut self.repr {
                    l.others[i].1 = value;
                }
            }
        }
        Ok(())
    }

    /// Removes the entry whose key is `key`, if there is one.
    pub fn remove(&mut self, key: &Value, eq: &mut KeyEq<'_>) -> crate::error::Result<()> {
        match self.find(key, eq)? {
            None => {}
            Some(Slot::Small(i)) => {
                if let Repr::Small(entries) = &mut self.repr {
                    entries.remove(i);
                }
            }
            Some(Slot::Trie(k)) => {
                if let Repr::Large(l) = &mut self.repr {
                    if matches!(k, Value::Game(_)) {
                        l.games -= 1;
                    }
                    l.trie.remove_mut(&k);
                }
            }
            Some(Slot::Other(i)) => {
                if let Repr::Large(l) = &mut self.repr {
                    l.others.remove(i);
                }
            }
        }
        Ok(())
    }

    /// Adds an entry whose key is not in the map.
    fn push_new(&mut self, key: Value, value: Value) {
        if let Repr::Small(entries) = &mut self.repr {
            if entries.len() < SMALL {
                entries.push((key, value));
                return;
            }
            let mut large = Repr::Large(Box::new(Large {
                trie: Trie::new_with_hasher_and_ptr_kind(FxBuildHasher),
                games: 0,
                others: Vec::new(),
            }));
            for (k, v) in std::mem::take(entries) {
                push_large(&mut large, k, v);
            }
            self.repr = large;
        }
        push_large(&mut self.repr, key, value);
    }

    /// Where the key that is `key` is held, if it is.
    fn find(&self, key: &Value, eq: &mut KeyEq<'_>) -> crate::error::Result<Option<Slot>> {
        match &self.repr {
            Repr::Small(entries) => {
                for (i, (k, _)) in entries.iter().enumerate() {
                    if same_key(k, key, eq)? {
                        return Ok(Some(Slot::Small(i)));
                    }
                }
                Ok(None)
            }
            Repr::Large(l) => {
                let Large { trie, games, others } = &**l;
                if hashed(key) {
                    if let Some((k, _)) = trie.get_key_value(key) {
                        return Ok(Some(Slot::Trie(k.clone())));
                    }
                    if is_plain(key) {
                        return Ok(None);
                    }
                } else if *games > 0 {
                    // A key that is neither plain nor a game (a position)
                    // may equal one of the games.
                    for (k, _) in trie.iter() {
                        if matches!(k, Value::Game(_)) && eq(k, key)? {
                            return Ok(Some(Slot::Trie(k.clone())));
                        }
                    }
                }
                for (i, (k, _)) in others.iter().enumerate() {
                    if same_key(k, key, eq)? {
                        return Ok(Some(Slot::Other(i)));
                    }
                }
                Ok(None)
            }
        }
    }
}

/// Adds an entry whose key is not in the large map `repr`.
fn push_large(repr: &mut Repr, key: Value, value: Value) {
    if let Repr::Large(l) = repr {
        let Large { trie, games, others } = &mut **l;
        if hashed(&key) {
            if matches!(key, Value::Game(_)) {
                *games += 1;
            }
            trie.insert_mut(key, value);
        } else {
            others.push((key, value));
        }
    }
}

/// Two maps are equal when they have the same keys (equal as held) with
/// equal values, in whatever order they were put.
impl PartialEq for MapEntries {
    fn eq(&self, other: &Self) -> bool {
        self.len() == other.len()
            && self.iter().all(|(k, v)| other.get_as_held(k).is_some_and(|w| w == v))
    }
}

impl Eq for MapEntries {}

impl MapEntries {
    /// The value of the key equal as held to `key` (no `==` of the
    /// language asked: how a key read from this map finds its value).
    pub fn get_as_held(&self, key: &Value) -> Option<&Value> {
        match &self.repr {
            Repr::Small(entries) => entries.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            Repr::Large(l) => {
                let Large { trie, others, .. } = &**l;
                if hashed(key) {
                    trie.get(key)
                } else {
                    others.iter().find(|(k, _)| k == key).map(|(_, v)| v)
                }
            }
        }
    }
}

/// Equal maps hash alike: the hash of the entries does not depend on
/// their order.
impl Hash for MapEntries {
    fn hash<H: Hasher>(&self, state: &mut H) {
        let mut sum: u64 = 0;
        for entry in self.iter() {
            sum = sum.wrapping_add(FxBuildHasher.hash_one(entry));
        }
        self.len().hash(state);
        sum.hash(state);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn never(_: &Value, _: &Value) -> crate::error::Result<bool> {
        Ok(false)
    }

    #[test]
    fn grows_from_a_vector_to_a_trie_and_finds_every_key() {
        let mut map = MapEntries::new();
        for i in 0..100 {
            map.insert(Value::int(i), Value::int(i * i), &mut never).unwrap();
        }
        for i in 0..100 {
            map.insert(Value::int(i), Value::int(-i), &mut never).unwrap();
        }
        assert_eq!(map.len(), 100);
        for i in 0..100 {
            assert_eq!(map.get_hashed(&Value::int(i)), Some(Some(&Value::int(-i))));
        }
        assert_eq!(map.get_hashed(&Value::int(100)), Some(None));
        map.remove(&Value::int(7), &mut never).unwrap();
        assert_eq!(map.len(), 99);
        assert_eq!(map.get_hashed(&Value::int(7)), Some(None));
    }

    #[test]
    fn equality_and_hash_ignore_the_order_of_insertion() {
        let mut a = MapEntries::new();
        let mut b = MapEntries::new();
        for i in 0..20 {
            a.insert(Value::int(i), Value::Bool(i % 2 == 0), &mut never).unwrap();
            b.insert(Value::int(19 - i), Value::Bool(i % 2 == 1), &mut never).unwrap();
        }
        assert_eq!(a, b);
        assert_eq!(FxBuildHasher.hash_one(&a), FxBuildHasher.hash_one(&b));
        b.insert(Value::int(3), Value::Bool(true), &mut never).unwrap();
        assert_ne!(a, b);
    }

    #[test]
    fn an_updated_copy_leaves_the_original_alone() {
        let mut a = MapEntries::new();
        for i in 0..50 {
            a.insert(Value::int(i), Value::int(i), &mut never).unwrap();
        }
        let mut b = a.clone();
        b.insert(Value::int(0), Value::int(99), &mut never).unwrap();
        assert_eq!(a.get_hashed(&Value::int(0)), Some(Some(&Value::int(0))));
        assert_eq!(b.get_hashed(&Value::int(0)), Some(Some(&Value::int(99))));
    }

    /// A key of a few kinds, from a small range (so keys repeat).
    fn key(k: u8) -> Value {
        match k % 3 {
            0 => Value::int(k / 3),
            1 => Value::Str(format!("k{}", k / 3)),
            _ => Value::Pair(Box::new(Value::int(k / 3)), Box::new(Value::Bool(k % 2 == 0))),
        }
    }

    proptest::proptest! {
        /// Any sequence of puts and removals leaves the entries a vector of
        /// pairs searched linearly would hold, and a map equal (with the
        /// same hash) to one built from those pairs in another order.
        #[test]
        fn agrees_with_a_list_of_pairs(ops in proptest::collection::vec((0u8..60, 0i64..5, proptest::bool::ANY), 0..200)) {
            let mut map = MapEntries::new();
            let mut model: Vec<(Value, Value)> = Vec::new();
            for (k, v, put) in ops {
                let (k, v) = (key(k), Value::int(v));
                if put {
                    map.insert(k.clone(), v.clone(), &mut never).unwrap();
                    match model.iter_mut().find(|(x, _)| *x == k) {
                        Some(entry) => entry.1 = v,
                        None => model.push((k, v)),
                    }
                } else {
                    map.remove(&k, &mut never).unwrap();
                    model.retain(|(x, _)| *x != k);
                }
            }
            proptest::prop_assert_eq!(map.len(), model.len());
            for k in (0..60).map(key) {
                let expected = model.iter().find(|(x, _)| *x == k).map(|(_, v)| v);
                proptest::prop_assert_eq!(map.get_hashed(&k), Some(expected));
                proptest::prop_assert_eq!(map.get_as_held(&k), expected);
            }
            let rebuilt = MapEntries::from_distinct(model.into_iter().rev().collect());
            proptest::prop_assert_eq!(&rebuilt, &map);
            proptest::prop_assert_eq!(FxBuildHasher.hash_one(&rebuilt), FxBuildHasher.hash_one(&map));
        }
    }
}

//! Mutable collections (`MutableList`, `MutableSet`, `MutableMap`): one
//! collection shared by every value that holds it, changed in place by
//! members such as `Add` and `Put` (their table is `members::mutable`).
//!
//! Invariants:
//! - A collection never holds itself, directly or through other
//!   collections or the variables a function captured: `reaches` is
//!   checked before every insertion, so printing, comparing and copying a
//!   value always end.
//! - Collections nest at most `MAX_NESTING` deep (`too_deep` is checked
//!   before every insertion and construction), so the recursion of printing,
//!   comparing and dropping stays far inside the stack.
//! - The lock is held only while the contents are read or changed, never
//!   while anything is evaluated (a comparator may read the list it sorts).
//! - A set's elements are distinct and a map's keys are distinct when they
//!   are put in. A mutable collection put in a set (or as a key) and
//!   changed afterwards may equal another element, as in CGSuite.
//! - A set's elements added by hashing wait, unsorted, until something
//!   reads the set in order ([`SetItems::settled`]), so adding n elements
//!   one by one takes time linear in n.

use std::sync::{Arc, Mutex, MutexGuard};

use crate::game::GameId;
use crate::lang::value::Value;

/// What kind of mutable collection, with its elements.
#[derive(Debug, Clone)]
pub enum Contents {
    /// `MutableList(…)`: elements in order, repeats allowed.
    List(Vec<Value>),
    /// `MutableSet(…)`: distinct elements.
    Set(SetItems),
    /// `MutableMap(…)`: entries with distinct keys, in CGSuite's order.
    Map(crate::lang::value::map::MapEntries),
}

impl Contents {
    /// CGSuite's class name: `MutableList`, `MutableSet` or `MutableMap`.
    pub fn class_name(&self) -> &'static str {
        match self {
            Contents::List(_) => "MutableList",
            Contents::Set(_) => "MutableSet",
            Contents::Map(_) => "MutableMap",
        }
    }

    /// The same elements as an immutable list, set or map (a set's in
    /// the order [`SetItems::settled`] gives).
    pub fn frozen(&self, order: &mut Order<'_>) -> crate::error::Result<Value> {
        Ok(match self {
            Contents::List(items) => Value::List(items.clone()),
            Contents::Set(items) => Value::Set(items.settled(order)?),
            Contents::Map(entries) => Value::Map(entries.clone()),
        })
    }
}

/// CGSuite's order on distinct values, as the caller evaluates it.
pub type Order<'a> = dyn FnMut(Vec<Value>) -> crate::error::Result<Vec<Value>> + 'a;

/// Whether an element is found by hashing: a plain value or a game.
fn hashed(x: &Value) -> bool {
    matches!(x, Value::Game(_)) || crate::lang::value::is_plain(x)
}

/// A mutable set's elements: those in CGSuite's order, and those added by
/// hashing since the set was last read in order.
#[derive(Debug, Clone, Default)]
pub struct SetItems {
    /// Distinct elements in CGSuite's order.
    sorted: Vec<Value>,
    /// Elements added since, in the order added: distinct from each other
    /// and from `sorted`, each a plain value or a game.
    added: Vec<Value>,
    /// Every element that is a plain value or a game, of both parts.
    hashes: rustc_hash::FxHashSet<Value>,
    /// How many elements are neither (a game may equal one of them).
    others: usize,
}

impl SetItems {
    /// The set of `sorted`: distinct elements, in CGSuite's order.
    #[allow(clippy::mutable_key_type, reason = "only plain values and games are hashed")]
    pub fn from_sorted(sorted: Vec<Value>) -> SetItems {
        let hashes = sorted.iter().filter(|x| hashed(x)).cloned().collect();
        let others = sorted.iter().filter(|x| !hashed(x)).count();
        SetItems { sorted, added: Vec::new(), hashes, others }
    }

    /// How many elements.
    pub fn len(&self) -> usize {
        self.sorted.len() + self.added.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Every element, in no particular order.
    pub fn iter(&self) -> impl Iterator<Item = &Value> {
        self.sorted.iter().chain(&self.added)
    }

    /// Whether `x` is an element, when hashing can tell (a plain value, or
    /// a game in a set of plain values and games); `None` when the
    /// language's `==` must be asked.
    pub fn contains_hashed(&self, x: &Value) -> Option<bool> {
        if crate::lang::value::is_plain(x) || (matches!(x, Value::Game(_)) && self.others == 0) {
            Some(self.hashes.contains(x))
        } else {
            None
        }
    }

    /// Adds `x` when hashing can tell whether it is already there (see
    /// [`SetItems::contains_hashed`]); `false` when it cannot, and the set
    /// is unchanged.
    pub fn add_hashed(&mut self, x: Value) -> bool {
        match self.contains_hashed(&x) {
            Some(true) => true,
            Some(false) => {
                self.hashes.insert(x.clone());
                self.added.push(x);
                true
            }
            None => false,
        }
    }

    /// The elements in CGSuite's order, as `order` sorts them; the set keeps
    /// them so (the next read sorts nothing).
    pub fn settle(&mut self, order: &mut Order<'_>) -> crate::error::Result<&[Value]> {
        if !self.added.is_empty() {
            let mut all = std::mem::take(&mut self.sorted);
            all.append(&mut self.added);
            self.sorted = order(all)?;
        }
        Ok(&self.sorted)
    }

    /// The elements in CGSuite's order, as `order` sorts them.
    pub fn settled(&self, order: &mut Order<'_>) -> crate::error::Result<Vec<Value>> {
        if self.added.is_empty() {
            return Ok(self.sorted.clone());
        }
        order(self.iter().cloned().collect())
    }
}

/// A mutable collection: its contents behind a lock, shared by every
/// [`Value::Mutable`] cloned from one constructor call.
#[derive(Debug)]
pub struct Shared {
    contents: Mutex<Contents>,
}

/// Two handles are equal when they are the same collection (`==` in the
/// language compares contents; see `ops::equal`).
impl PartialEq for Shared {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self, other)
    }
}

impl Eq for Shared {}

impl Shared {
    /// A new collection holding `contents`.
    pub fn new(contents: Contents) -> Arc<Shared> {
        Arc::new(Shared { contents: Mutex::new(contents) })
    }

    fn lock(&self) -> MutexGuard<'_, Contents> {
        // Nothing panics while the lock is held, so it is never poisoned;
        // if it were, the contents are still whole.
        self.contents.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// A copy of the contents.
    pub fn snapshot(&self) -> Contents {
        self.lock().clone()
    }

    /// Replaces the contents.
    pub fn replace(&self, contents: Contents) {
        *self.lock() = contents;
    }

    /// Changes the contents in place with `f`, which must not evaluate
    /// anything (the lock is held while it runs).
    pub(crate) fn change<R>(&self, f: impl FnOnce(&mut Contents) -> R) -> R {
        f(&mut self.lock())
    }

    /// The class name of the collection (`MutableList`).
    pub fn class_name(&self) -> &'static str {
        self.lock().class_name()
    }

    /// Replaces every game id in the contents by `f` of it, as
    /// [`Value::map_games`] does; `seen` holds the collections already
    /// mapped, so one shared by several values is mapped once.
    pub(crate) fn map_games(
        self: &Arc<Self>,
        f: &mut dyn FnMut(GameId) -> crate::error::Result<GameId>,
        seen: &mut Vec<*const Shared>,
    ) -> crate::error::Result<()> {
        let me = Arc::as_ptr(self);
        if seen.contains(&me) {
            return Ok(());
        }
        seen.push(me);
        // Taken out of the lock while it is mapped: a value inside cannot
        // reach this collection (no cycles), but keeping the lock free is
        // the rule.
        let mut contents = self.snapshot();
        match &mut contents {
            Contents::List(items) => {
                for item in items {
                    item.map_games_seen(f, seen)?;
                }
            }
            Contents::Set(items) => {
                // Moving games keeps distinct elements distinct and their
                // order.
                let mut sorted = std::mem::take(&mut items.sorted);
                sorted.append(&mut items.added);
                for item in &mut sorted {
                    item.map_games_seen(f, seen)?;
                }
                *items = SetItems::from_sorted(sorted);
            }
            Contents::Map(entries) => {
                *entries = entries.try_map(&mut |x| {
                    let mut x = x.clone();
                    x.map_games_seen(f, seen)?;
                    Ok(x)
                })?;
            }
        }
        self.replace(contents);
        Ok(())
    }
}

/// Whether `value` holds the collection `target`, directly or inside
/// lists, sets, maps, coordinates, tables, other mutable collections or
/// the variables a function captured.
pub(crate) fn reaches(value: &Value, target: &Arc<Shared>) -> bool {
    match value {
        Value::Mutable(m) => {
            Arc::ptr_eq(m, target)
                || match &*m.lock() {
                    Contents::List(items) => items.iter().any(|v| reaches(v, target)),
                    Contents::Set(items) => items.iter().any(|v| reaches(v, target)),
                    Contents::Map(entries) => {
                        entries.iter().any(|(k, v)| reaches(k, target) || reaches(v, target))
                    }
                }
        }
        Value::List(items) | Value::Set(items) => items.iter().any(|v| reaches(v, target)),
        Value::Map(entries) => {
            entries.iter().any(|(k, v)| reaches(k, target) || reaches(v, target))
        }
        Value::Pair(a, b) => reaches(a, target) || reaches(b, target),
        Value::Entry(e) => reaches(&e.0, target) || reaches(&e.1, target),
        Value::Table(rows) => rows.iter().flatten().any(|v| reaches(v, target)),
        Value::Function(f) => f.captured.iter().any(|(_, v)| reaches(v, target)),
        _ => false,
    }
}

/// How deep collections may nest inside a mutable collection.
pub const MAX_NESTING: usize = 1000;

/// Whether `value` holds collections nested more than `limit` deep (a
/// list in a list is 2).
pub(crate) fn too_deep(value: &Value, limit: usize) -> bool {
    if limit == 0 {
        return true;
    }
    let below = |v: &Value| too_deep(v, limit - 1);
    match value {
        Value::Mutable(m) => match &*m.lock() {
            Contents::List(items) => items.iter().any(below),
            Contents::Set(items) => items.iter().any(below),
            Contents::Map(entries) => entries.iter().any(|(k, v)| below(k) || below(v)),
        },
        Value::List(items) | Value::Set(items) => items.iter().any(below),
        Value::Map(entries) => entries.iter().any(|(k, v)| below(k) || below(v)),
        Value::Pair(a, b) => below(a) || below(b),
        Value::Entry(e) => below(&e.0) || below(&e.1),
        Value::Table(rows) => rows.iter().flatten().any(below),
        Value::Function(f) => f.captured.iter().any(|(_, v)| below(v)),
        _ => false,
    }
}

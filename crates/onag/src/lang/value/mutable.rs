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
//! - A set's elements are distinct and a map's keys are distinct, both in
//!   CGSuite's order, when they are put in. A mutable collection put in a
//!   set (or as a key) and changed afterwards may equal another element, as
//!   in CGSuite.

use std::sync::{Arc, Mutex, MutexGuard};

use crate::game::GameId;
use crate::lang::value::Value;

/// What kind of mutable collection, with its elements.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Contents {
    /// `MutableList(…)`: elements in order, repeats allowed.
    List(Vec<Value>),
    /// `MutableSet(…)`: distinct elements in CGSuite's order.
    Set(Vec<Value>),
    /// `MutableMap(…)`: entries with distinct keys, in CGSuite's order.
    Map(Vec<(Value, Value)>),
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

    /// The same elements as an immutable list, set or map.
    pub fn frozen(&self) -> Value {
        match self {
            Contents::List(items) => Value::List(items.clone()),
            Contents::Set(items) => Value::Set(items.clone()),
            Contents::Map(entries) => Value::Map(entries.clone()),
        }
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
            Contents::List(items) | Contents::Set(items) => {
                for item in items {
                    item.map_games_seen(f, seen)?;
                }
            }
            Contents::Map(entries) => {
                for (k, v) in entries {
                    k.map_games_seen(f, seen)?;
                    v.map_games_seen(f, seen)?;
                }
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
                    Contents::List(items) | Contents::Set(items) => {
                        items.iter().any(|v| reaches(v, target))
                    }
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
            Contents::List(items) | Contents::Set(items) => items.iter().any(below),
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

/// `value` with a mutable collection replaced by an immutable copy of its
/// contents (other values as they are): what members of lists, sets and
/// maps read.
pub(crate) fn frozen(value: Value) -> Value {
    match value {
        Value::Mutable(m) => m.snapshot().frozen(),
        other => other,
    }
}

//! Members of maps `{k => v}`.

use crate::error::{ErrorKind, Result};
use crate::lang::runtime::table::{Table, member, member_optional};
use crate::lang::value::Value;
use crate::lang::value::map::MapEntries;

type Entries = MapEntries;

/// The members of maps.
pub(crate) const TABLE: Table<Entries> = Table {
    on: "map",
    members: &[
        member("Keys", 0, "the set of keys", "{1 => 2, 3 => 4}.Keys", |ev, m, _, span| {
            ev.make_set(m.iter().map(|(k, _)| k.clone()).collect(), span)
        }),
        member("Values", 0, "the set of values", "{1 => 2, 3 => 2}.Values", |ev, m, _, span| {
            ev.make_set(m.iter().map(|(_, v)| v.clone()).collect(), span)
        }),
        member(
            "ContainsKey",
            1,
            "whether the key is in the map",
            "{1 => 2}.ContainsKey(1)",
            |ev, m, args, span| -> Result<Value> {
                let found = m.get(&args[0].0, &mut |a, b| ev.equal(a, b, span))?;
                Ok(Value::Bool(found.is_some()))
            },
        ),
        member(
            "Entries",
            0,
            "the set of entries k => v, by key",
            "{7 => true, 1/2 => ^^*}.Entries",
            |ev, m, _, span| {
                let entries = ev.sorted_entries(m, span)?;
                Ok(Value::Set(entries.into_iter().map(|e| Value::Entry(Box::new(e))).collect()))
            },
        ),
        member("Size", 0, "the number of entries", "{1 => 2, 3 => 4}.Size", |_, m, _, _| {
            Ok(Value::int(m.len()))
        }),
        member(
            "Reversed",
            0,
            "the map from each value to its key (a later entry wins a shared value)",
            "{7 => true, 1/2 => ^^*}.Reversed",
            |ev, m, _, span| {
                let entries = ev.sorted_entries(m, span)?;
                ev.make_map(entries.into_iter().map(|(k, v)| (v, k)).collect(), span)
            },
        ),
        member_optional(
            "Updated",
            1,
            1,
            "Updated(key, value): the map with that entry set; Updated(map): merged with another map",
            "{7 => true, 1/2 => ^^*}.Updated(6, 19)",
            |ev, m, args, span| {
                // The new map shares all but a path of the old one.
                let mut out = m.clone();
                let mut put = |out: &mut MapEntries, k: &Value, v: &Value| {
                    out.insert(k.clone(), v.clone(), &mut |a, b| ev.equal(a, b, span))
                };
                match args {
                    [(Value::Map(other), _)] => {
                        for (k, v) in other.iter() {
                            put(&mut out, k, v)?;
                        }
                    }
                    [(k, _), (v, _)] => put(&mut out, k, v)?,
                    _ => {
                        return Err(ev.error(
                            span,
                            ErrorKind::InvalidInput,
                            "Updated needs a map, or a key and a value",
                        ));
                    }
                }
                Ok(Value::Map(out))
            },
        ),
    ],
};

/// The members of a map's entries (`m.Entries`).
pub(crate) const ENTRY_TABLE: Table<(Value, Value)> = Table {
    on: "map entry",
    members: &[
        member(
            "Key",
            0,
            "the entry's key",
            "[e.Key for e in {7 => true}.Entries]",
            |_, e, _, _| Ok(e.0.clone()),
        ),
        member(
            "Value",
            0,
            "the entry's value",
            "[e.Value for e in {7 => true}.Entries]",
            |_, e, _, _| Ok(e.1.clone()),
        ),
    ],
};

//! Members of maps `{k => v}`.

use super::super::value::Value;
use super::table::{Table, member};
use crate::error::Result;

type Entries = [(Value, Value)];

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
                for (k, _) in m {
                    if super::super::ops::equal(ev, k, &args[0].0, span)? {
                        return Ok(Value::Bool(true));
                    }
                }
                Ok(Value::Bool(false))
            },
        ),
        member("Size", 0, "the number of entries", "{1 => 2, 3 => 4}.Size", |_, m, _, _| {
            Ok(Value::int(m.len()))
        }),
    ],
};

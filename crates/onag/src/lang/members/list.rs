//! Members of lists, sets and strings.

use super::super::value::Value;
use super::table::{Table, member};

/// The members of lists and sets.
pub(crate) const LIST_TABLE: Table<[Value]> = Table {
    on: "list or set",
    members: &[member(
        "Length",
        0,
        "the number of elements",
        "[1,2,3].Length",
        |_, items, _, _| Ok(Value::int(items.len())),
    )],
};

/// The members of strings.
pub(crate) const STRING_TABLE: Table<str> = Table {
    on: "string",
    members: &[member("Length", 0, "the number of characters", "\"abc\".Length", |_, s, _, _| {
        Ok(Value::int(s.chars().count()))
    })],
};

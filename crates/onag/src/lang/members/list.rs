//! Members of lists, sets and strings.

use super::super::value::Value;
use super::table::{Table, member};
use crate::error::ErrorKind;

/// The members of lists and sets.
pub(crate) const LIST_TABLE: Table<[Value]> = Table {
    on: "list or set",
    members: &[
        member("Length", 0, "the number of elements", "[1,2,3].Length", |_, items, _, _| {
            Ok(Value::int(items.len()))
        }),
        member(
            "Apply",
            1,
            "the list of f(x) for each element x",
            "[1,2,3].Apply(x -> x^2)",
            |ev, items, args, span| {
                let (f, at) = &args[0];
                let Value::Function(f) = f else {
                    return Err(ev.error(
                        *at,
                        ErrorKind::InvalidInput,
                        format!("Apply needs a function such as x -> x + 1, not {}", f.kind_name()),
                    ));
                };
                let mut out = Vec::with_capacity(items.len());
                for item in items {
                    out.push(ev.apply(f, vec![(None, item.clone(), *at)], span)?);
                }
                Ok(Value::List(out))
            },
        ),
    ],
};

/// The members of strings.
pub(crate) const STRING_TABLE: Table<str> = Table {
    on: "string",
    members: &[member("Length", 0, "the number of characters", "\"abc\".Length", |_, s, _, _| {
        Ok(Value::int(s.chars().count()))
    })],
};

//! Members of coordinates `(row, col)`.

use crate::lang::runtime::table::{Table, member};
use crate::lang::value::Value;

/// A pair: its row and its column.
type Pair = (Value, Value);

/// The members of coordinates.
pub(crate) const TABLE: Table<Pair> = Table {
    on: "coordinates",
    members: &[
        member("Row", 0, "the first part", "(3,5).Row", |_, (r, _), _, _| Ok(r.clone())),
        member("Col", 0, "the second part", "(3,5).Col", |_, (_, c), _, _| Ok(c.clone())),
        member("Swap", 0, "the parts exchanged", "(3,5).Swap", |_, (r, c), _, _| {
            Ok(Value::Pair(Box::new(c.clone()), Box::new(r.clone())))
        }),
        member(
            "IsUnit",
            0,
            "whether both parts are -1, 0 or 1 (a step to a neighbour, or none)",
            "(1,-1).IsUnit",
            |_, (r, c), _, _| {
                let unit = |v: &Value| v.as_i64().is_some_and(|n| (-1..=1).contains(&n));
                Ok(Value::Bool(unit(r) && unit(c)))
            },
        ),
    ],
};

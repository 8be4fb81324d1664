//! Members of ranges (`1..10`): those a range answers without listing its
//! elements. Every other list member applies to the elements.

use crate::lang::runtime::table::{Table, member};
use crate::lang::value::Value;
use crate::lang::value::range::IntRange;

/// The members only ranges have, or that they answer without listing their
/// elements; every other list member applies to the elements.
pub(crate) const TABLE: Table<IntRange> = Table {
    on: "range",
    members: &[
        member("Start", 0, "the first integer", "(3..12..3).Start", |_, r, _, _| {
            Ok(Value::int(r.start.clone()))
        }),
        member("End", 0, "the bound no element passes", "(3..12..3).End", |_, r, _, _| {
            Ok(Value::int(r.end.clone()))
        }),
        member(
            "Step",
            0,
            "the difference of consecutive elements",
            "(3..12..3).Step",
            |_, r, _, _| Ok(Value::int(r.step.clone())),
        ),
        member("Contains", 1, "whether x is an element", "(1..10..2).Contains(9)", |_, r, a, _| {
            Ok(Value::Bool(a[0].0.as_integer().is_some_and(|n| r.contains(&n))))
        }),
        member("IsEmpty", 0, "whether there is no element", "(1..0).IsEmpty", |_, r, _, _| {
            Ok(Value::Bool(r.is_empty()))
        }),
        member("Length", 0, "the number of elements", "(1..10).Length", |_, r, _, _| {
            Ok(Value::int(r.len()))
        }),
        member("Size", 0, "the number of elements", "(3..12..3).Size", |_, r, _, _| {
            Ok(Value::int(r.len()))
        }),
        member(
            "ToList",
            0,
            "the range itself: a range is a list",
            "(1..10).ToList",
            |_, r, _, _| Ok(Value::Range(Box::new(r.clone()))),
        ),
    ],
};

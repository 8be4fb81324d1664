//! Members of strips (`cgsuite.util.Strip`).

use crate::error::ErrorKind;
use crate::lang::classes::strip::{self, decomposition, span_of, updated};
use crate::lang::runtime::table::{Table, member, member_optional};
use crate::lang::value::Value;

/// The members of strips.
pub(crate) const TABLE: Table<[i8]> = Table {
    on: "strip",
    members: &[
        member("Length", 0, "the number of cells", "Strip.Empty(8).Length", |_, s, _, _| {
            Ok(Value::int(s.len()))
        }),
        member(
            "FindAll",
            1,
            "the positions (from 1) holding v",
            "Strip.Parse(\".abbd.\", \".abcd\").FindAll(2)",
            |ev, s, a, _| {
                let v: i64 = crate::lang::runtime::table::integer(ev, "FindAll", a, 0)?
                    .try_into()
                    .unwrap_or(i64::MAX);
                let found = s.iter().enumerate().filter(|&(_, &x)| i64::from(x) == v);
                Ok(Value::List(found.map(|(i, _)| Value::int(i + 1)).collect()))
            },
        ),
        member(
            "Decomposition",
            1,
            "the parts between the cells holding v (empty parts left out)",
            "Strip.Parse(\".abbd.\", \".abcd\").Decomposition(2)",
            |ev, s, a, _| {
                let v: i64 = crate::lang::runtime::table::integer(ev, "Decomposition", a, 0)?
                    .try_into()
                    .unwrap_or(i64::MAX);
                Ok(decomposition(s, v))
            },
        ),
        member(
            "Substrip",
            2,
            "the cells from position a to b, both included (none when b < a)",
            "Strip.Parse(\".abbd.\", \".abcd\").Substrip(2, 5)",
            |_, s, a, _| Ok(strip::strip(s[span_of(s, &a[0].0, &a[1].0)].to_vec())),
        ),
        member_optional(
            "ToString",
            0,
            1,
            "ToString(charMap): the strip written with a character map; without one, as it prints",
            "Strip.Parse(\".abbd.\", \".abcd\").ToString(\".abcd\")",
            |ev, s, a, span| {
                let Some((arg, _)) = a.first() else {
                    return Ok(Value::Str(strip::show(s)));
                };
                let Value::Str(map) = arg else {
                    return Err(ev.error(
                        span,
                        ErrorKind::InvalidInput,
                        "ToString takes a character map, e.g. \".tf\"",
                    ));
                };
                strip::write(s, map).map(Value::Str).ok_or_else(|| {
                    ev.error(
                        span,
                        ErrorKind::InvalidInput,
                        "the strip holds a value the character map has no character for",
                    )
                })
            },
        ),
        member_optional(
            "Updated",
            1,
            1,
            "Updated(i, v), or Updated({i => v, …}): the strip with those cells changed",
            "Strip.Empty(4).Updated(2, 3)",
            |ev, s, a, span| match a {
                [(Value::Map(entries), _)] => updated(ev, s, &mut entries.iter(), span),
                [(i, _), (v, _)] => updated(ev, s, &mut std::iter::once((i, v)), span),
                _ => Err(ev.error(
                    span,
                    ErrorKind::InvalidInput,
                    "Updated takes a position and a value, or a map",
                )),
            },
        ),
        member(
            "UpdatedRange",
            3,
            "the strip with the cells from a to b (clipped to it) set to v",
            "Strip.Empty(6).UpdatedRange(2, 4, 5)",
            |ev, s, a, span| {
                let v = crate::lang::classes::grid::cell(ev, &a[2].0, span)?;
                let mut out = s.to_vec();
                for x in &mut out[span_of(s, &a[0].0, &a[1].0)] {
                    *x = v;
                }
                Ok(strip::strip(out))
            },
        ),
    ],
};

//! Members every value has (CGSuite's `Object`).

use super::super::session::write;
use super::super::value::Value;
use super::table::{Table, member};

/// The members of every value.
pub(crate) const TABLE: Table<Value> = Table {
    on: "any value",
    members: &[member(
        "ToString",
        0,
        "the value as it prints, as a string",
        "\"heap \" + 7.ToString",
        |ev, v, _, _| {
            if let Value::Str(_) = v {
                return Ok(v.clone());
            }
            let mut out = String::new();
            write(ev.state, &mut out, v)?;
            Ok(Value::Str(out))
        },
    )],
};

//! Members of pseudorandom streams (`cgsuite.util.Random`).

use crate::error::{ErrorKind, Result};
use crate::lang::runtime::context::Eval;
use crate::lang::runtime::table::{Table, member};
use crate::lang::syntax::lexer::Span;
use crate::lang::value::Value;
use crate::lang::value::random::Random;

/// The members of random streams.
pub(crate) const TABLE: Table<Random> = Table {
    on: "random stream",
    members: &[member(
        "NextInteger",
        1,
        "the next integer n of the stream with 0 <= n < bound, uniformly distributed",
        "r := Random(1474); [r.NextInteger(100) for n from 1 to 5]",
        |ev, r, a, _| {
            let bound = crate::lang::runtime::table::integer(ev, "NextInteger", a, 0)?;
            match r.next_integer(&bound) {
                Some(n) => Ok(Value::Number(n.into())),
                None => Err(ev.error(
                    a[0].1,
                    ErrorKind::InvalidInput,
                    format!("NextInteger needs a bound of at least 1, not {bound}"),
                )),
            }
        },
    )],
};

/// `Random(seed)`: a stream whose seed satisfies `-2^63 <= seed < 2^63`.
pub(crate) fn construct(ev: &Eval<'_>, seed: &(Value, Span), span: Span) -> Result<Value> {
    let (value, at) = seed;
    let Some(seed) = value.as_integer() else {
        return Err(ev.error(
            *at,
            ErrorKind::InvalidInput,
            format!("Random needs an integer seed, not {}", value.kind_name()),
        ));
    };
    match Random::new(&seed) {
        Some(r) => Ok(Value::Random(std::sync::Arc::new(r))),
        None => Err(ev.error(
            span,
            ErrorKind::Overflow,
            "Random's seed overflows: it must satisfy -2^63 <= seed < 2^63",
        )),
    }
}

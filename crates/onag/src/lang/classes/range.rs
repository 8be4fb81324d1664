//! Ranges of integers, CGScript's `a..b` and `a..b..step`.
//!
//! A range is a list (CGScript's `Range` extends `List`): every list member
//! applies, `1..4 == [1,2,3,4]`, and `for x in 1..10` counts without
//! building the list. It stays a range until something needs its elements,
//! so it prints as written (`3..12..3`) and `Start`, `End`, `Step`,
//! `Contains` and `Size` answer in constant time.
//!
//! Invariant: the step is never 0. The elements are `start + k·step` for
//! `k = 0, 1, …` as long as they do not pass `end` (an empty range, such as
//! `1..0`, has none).

use num_bigint::BigInt;
use num_traits::{One, ToPrimitive, Zero};

use crate::error::{ErrorKind, Result};
use crate::lang::runtime::context::Args;
use crate::lang::runtime::context::{Eval, MAX_LIST};
use crate::lang::syntax::lexer::Span;
use crate::lang::value::Value;
use crate::lang::value::range::IntRange;

/// `a .. b`: the range from integer `a` to integer `b`, or, when `a` is
/// already a range, that range with step `b` (`3..12..3`).
pub(crate) fn make(ev: &Eval<'_>, a: Value, b: Value, span: Span) -> Result<Value> {
    let Some(bound) = b.as_integer().map(std::borrow::Cow::into_owned) else {
        return Err(ev.error(
            span,
            ErrorKind::InvalidInput,
            format!("'..' needs integers, not {}", b.kind_name()),
        ));
    };
    match a {
        Value::Range(r) => {
            if bound.is_zero() {
                return Err(ev.error(span, ErrorKind::InvalidInput, "a range's step cannot be 0"));
            }
            Ok(Value::Range(Box::new(IntRange { step: bound, ..*r })))
        }
        a => match a.as_integer().map(std::borrow::Cow::into_owned) {
            Some(start) => {
                Ok(Value::Range(Box::new(IntRange { start, end: bound, step: BigInt::one() })))
            }
            None => Err(ev.error(
                span,
                ErrorKind::InvalidInput,
                format!("'..' needs integers, not {}", a.kind_name()),
            )),
        },
    }
}

/// The elements of `r` as a list, or an error when it would be longer than
/// [`MAX_LIST`] or than the position limit allows.
pub(crate) fn elements(ev: &Eval<'_>, r: &IntRange, span: Span) -> Result<Vec<Value>> {
    check_len(ev, r, span)?;
    Ok(r.iter().map(Value::int).collect())
}

/// An error when the elements of `r` would make a list longer than
/// [`MAX_LIST`] or than the position limit allows.
pub(crate) fn check_len(ev: &Eval<'_>, r: &IntRange, span: Span) -> Result<()> {
    let len = r.len().to_u64().filter(|&n| n <= MAX_LIST).ok_or_else(|| {
        ev.error(
            span,
            ErrorKind::LimitExceeded,
            format!("the range {} has more than {MAX_LIST} elements", r.notation()),
        )
    })?;
    ev.budget.check_positions(len).map_err(|e| ev.locate(e, span))
}

/// Arguments of a call, each range replaced by the list of its elements:
/// built-in functions and members of other values take ranges as lists.
pub(crate) fn expand_args(ev: &Eval<'_>, args: Args) -> Result<Args> {
    args.into_iter().map(|(name, v, at)| Ok((name, expand(ev, v, at)?, at))).collect()
}

/// `value`, with a range replaced by the list of its elements (and any
/// other value as it is).
pub(crate) fn expand(ev: &Eval<'_>, value: Value, span: Span) -> Result<Value> {
    match value {
        Value::Range(r) => elements(ev, &r, span).map(Value::List),
        other => Ok(other),
    }
}

/// Arguments of a built-in function or of a member of a value that is not
/// a mutable collection: ranges listed ([`expand_args`]) and mutable
/// collections copied, so every built-in that takes a list, set or map
/// takes them too (`Max(x)`, `Subtraction(x)`).
pub(crate) fn plain_args(ev: &mut Eval<'_>, args: Args) -> Result<Args> {
    args.into_iter()
        .map(|(name, v, at)| {
            let v = expand(ev, v, at)?;
            Ok((name, ev.frozen(v, at)?, at))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn range(start: i64, end: i64, step: i64) -> IntRange {
        IntRange { start: start.into(), end: end.into(), step: step.into() }
    }

    /// The elements by counting, from the definition.
    fn counted(start: i64, end: i64, step: i64) -> Vec<i64> {
        let mut out = Vec::new();
        let mut x = start;
        while (step > 0 && x <= end) || (step < 0 && x >= end) {
            out.push(x);
            x += step;
        }
        out
    }

    #[test]
    fn length_membership_and_elements_agree_with_counting() {
        for start in -6..=6 {
            for end in -6..=6 {
                for step in [-4, -3, -2, -1, 1, 2, 3, 5] {
                    let r = range(start, end, step);
                    let want = counted(start, end, step);
                    let got: Vec<i64> = r.iter().map(|x| x.to_i64().unwrap()).collect();
                    assert_eq!(got, want, "{}", r.notation());
                    assert_eq!(r.len(), BigInt::from(want.len()), "{}", r.notation());
                    for n in -8..=8 {
                        assert_eq!(
                            r.contains(&n.into()),
                            want.contains(&n),
                            "{} {n}",
                            r.notation()
                        );
                    }
                }
            }
        }
    }
}

//! Members of `inf` and `-inf` (CGSuite's rationals with denominator 0).
//! Members that need a finite number (`Floor`, `Birthday`) are not here, so
//! asking for them is an error.

use crate::error::{ErrorKind, Result};
use crate::game::PartizanOutcome;
use crate::lang::runtime::context::Eval;
use crate::lang::runtime::table::{Args, Table, member};
use crate::lang::syntax::lexer::Span;
use crate::lang::value::Value;

/// `Max` (`max` true) or `Min` of `±inf` and a number or `±inf`.
fn pick(ev: &Eval<'_>, negative: bool, args: Args<'_>, max: bool, span: Span) -> Result<Value> {
    let me = Value::Infinity(negative);
    match &args[0].0 {
        Value::Number(_) => Ok(if negative != max { me } else { args[0].0.clone() }),
        Value::Infinity(other) => {
            Ok(Value::Infinity(if max { negative && *other } else { negative || *other }))
        }
        other => Err(ev.error(
            span,
            ErrorKind::InvalidInput,
            format!("inf compares only with numbers, not {}", other.kind_name()),
        )),
    }
}

/// The members of `inf` and `-inf`.
pub(crate) const TABLE: Table<bool> = Table {
    on: "inf",
    members: &[
        member("Abs", 0, "inf", "(-inf).Abs", |_, _, _, _| Ok(Value::Infinity(false))),
        member("Reciprocal", 0, "0", "inf.Reciprocal", |_, _, _, _| Ok(Value::int(0))),
        member("Numerator", 0, "1 for inf, -1 for -inf", "(-17/0).Numerator", |_, &n, _, _| {
            Ok(Value::int(if n { -1 } else { 1 }))
        }),
        member("Denominator", 0, "0", "inf.Denominator", |_, _, _, _| Ok(Value::int(0))),
        member("Sign", 0, "1 for inf, -1 for -inf", "(-inf).Sign", |_, &n, _, _| {
            Ok(Value::int(if n { -1 } else { 1 }))
        }),
        member("IsDyadic", 0, "false", "inf.IsDyadic", |_, _, _, _| Ok(Value::Bool(false))),
        member("IsFinite", 0, "false", "inf.IsFinite", |_, _, _, _| Ok(Value::Bool(false))),
        member("IsInteger", 0, "false", "inf.IsInteger", |_, _, _, _| Ok(Value::Bool(false))),
        member("OutcomeClass", 0, "L for inf, R for -inf", "(-inf).OutcomeClass", |_, &n, _, _| {
            Ok(Value::Outcome(if n { PartizanOutcome::R } else { PartizanOutcome::L }))
        }),
        member("Max", 1, "the larger (also `inf Max 6`)", "inf.Max(6)", |ev, &n, a, s| {
            pick(ev, n, a, true, s)
        }),
        member("Min", 1, "the smaller (also `inf Min 6`)", "inf.Min(6)", |ev, &n, a, s| {
            pick(ev, n, a, false, s)
        }),
    ],
};

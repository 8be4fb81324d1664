//! Members of transfinite numbers (`game.GeneralizedOrdinal`: `omega + 5`;
//! `game.SurrealNumber`: `1/omega`) and transfinite nimbers
//! (`game.TransfiniteNimber`: `*omega`).

use crate::error::{ErrorKind, Result};
use crate::game::PartizanOutcome;
use crate::lang::classes::transfinite::{
    as_ordinal, as_surreal, omega_power, ordinal_value, value,
};
use crate::lang::runtime::context::Eval;
use crate::lang::runtime::table::{Args, Table, member};
use crate::lang::syntax::lexer::Span;
use crate::lang::value::Value;
use crate::number::ordinal::GeneralizedOrdinal;
use crate::number::surreal::Surreal;

/// Argument 0 as a generalized ordinal (an integer or a transfinite
/// number), or an error naming the member.
fn ordinal_argument(ev: &Eval<'_>, name: &str, args: Args<'_>) -> Result<GeneralizedOrdinal> {
    let (v, at) = &args[0];
    as_ordinal(v).ok_or_else(|| {
        ev.error(
            *at,
            ErrorKind::InvalidInput,
            format!("{name} needs an integer or a generalized ordinal, not {}", v.describe()),
        )
    })
}

/// The generalized ordinal `x` is, or an error saying `name` needs one.
fn need_ordinal<'a>(
    ev: &Eval<'_>,
    name: &str,
    x: &'a Surreal,
    span: Span,
) -> Result<&'a GeneralizedOrdinal> {
    x.as_ordinal().ok_or_else(|| {
        ev.error(
            span,
            ErrorKind::InvalidInput,
            format!("{name} needs a generalized ordinal, not the ratio {x}"),
        )
    })
}

/// `x NimSum y` of two ordinals (integers or transfinite).
pub(crate) fn nim_sum(
    ev: &Eval<'_>,
    x: &GeneralizedOrdinal,
    args: Args<'_>,
    span: Span,
) -> Result<Value> {
    let y = ordinal_argument(ev, "NimSum", args)?;
    x.nim_sum(&y)
        .map(ordinal_value)
        .ok_or_else(|| ev.error(span, ErrorKind::InvalidInput, "NimSum applies only to ordinals"))
}

/// `x NimProduct y` of two ordinals (integers or transfinite), by
/// Lenstra's rules below `ω^(ω^64)` (see [`crate::number::excess`]).
pub(crate) fn nim_product(
    ev: &Eval<'_>,
    x: &GeneralizedOrdinal,
    args: Args<'_>,
    span: Span,
) -> Result<Value> {
    let y = ordinal_argument(ev, "NimProduct", args)?;
    match crate::number::ordinal_nim::nim_product(x, &y).map_err(|e| ev.locate(e, span))? {
        Some(p) => Ok(ordinal_value(p)),
        None => Err(ev.error(span, ErrorKind::InvalidInput, "NimProduct applies only to ordinals")),
    }
}

/// `Max` (`max` true) or `Min` of a transfinite number and the number
/// `args[0]`.
fn pick(ev: &Eval<'_>, x: &Surreal, args: Args<'_>, max: bool, span: Span) -> Result<Value> {
    let (v, at) = &args[0];
    let Some(y) = as_surreal(v) else {
        return Err(ev.error(
            *at,
            ErrorKind::InvalidInput,
            format!("a transfinite number compares with numbers only, not {}", v.kind_name()),
        ));
    };
    larger_or_smaller(ev, x, y, max, span)
}

/// The larger (`max` true) or smaller of two surreal numbers.
pub(crate) fn larger_or_smaller(
    ev: &Eval<'_>,
    x: &Surreal,
    y: Surreal,
    max: bool,
    span: Span,
) -> Result<Value> {
    let larger = x.compare(&y).map_err(|e| ev.locate(e, span))?.is_ge();
    Ok(value(if larger == max { x.clone() } else { y }))
}

/// The members of transfinite numbers.
pub(crate) const TABLE: Table<Surreal> = Table {
    on: "transfinite number",
    members: &[
        member("Abs", 0, "the absolute value", "(5 - omega).Abs", |_, x, _, _| Ok(value(x.abs()))),
        member(
            "Birthday",
            0,
            "the birthday of a generalized ordinal: every coefficient made positive",
            "(omega - 5).Birthday",
            |ev, x, _, s| Ok(ordinal_value(need_ordinal(ev, "Birthday", x, s)?.birthday())),
        ),
        member("Sign", 0, "1 or -1", "(5 - omega).Sign", |_, x, _, _| Ok(Value::int(x.sign()))),
        member(
            "IsOrdinal",
            0,
            "whether it is an ordinal: a generalized ordinal with positive coefficients",
            "(omega - 5).IsOrdinal",
            |_, x, _, _| Ok(Value::Bool(x.as_ordinal().is_some_and(|o| o.is_ordinal()))),
        ),
        member("IsNumber", 0, "true", "omega.IsNumber", |_, _, _, _| Ok(Value::Bool(true))),
        member("IsInteger", 0, "false", "omega.IsInteger", |_, _, _, _| Ok(Value::Bool(false))),
        member("IsFinite", 0, "false", "omega.IsFinite", |_, _, _, _| Ok(Value::Bool(false))),
        member("IsDyadic", 0, "false", "omega.IsDyadic", |_, _, _, _| Ok(Value::Bool(false))),
        member(
            "Numerator",
            0,
            "the numerator",
            "((omega + 7)/(omega*7)).Numerator",
            |_, x, _, _| Ok(ordinal_value(x.numerator().clone())),
        ),
        member(
            "Denominator",
            0,
            "the denominator (positive)",
            "((omega + 7)/(omega*7)).Denominator",
            |_, x, _, _| Ok(ordinal_value(x.denominator().clone())),
        ),
        member("Reciprocal", 0, "1 divided by it", "(omega + 1).Reciprocal", |ev, x, _, s| {
            let one = Surreal::from_ordinal(GeneralizedOrdinal::integer(1.into()));
            match one.div(x).map_err(|e| ev.locate(e, s))? {
                Some(r) => Ok(value(r)),
                None => Err(ev.error(s, ErrorKind::Undefined, "the reciprocal of 0")),
            }
        }),
        member(
            "OutcomeClass",
            0,
            "L when positive, R when negative",
            "(-omega).OutcomeClass",
            |_, x, _, _| {
                Ok(Value::Outcome(if x.sign() > 0 {
                    PartizanOutcome::L
                } else {
                    PartizanOutcome::R
                }))
            },
        ),
        member(
            "OmegaPower",
            0,
            "omega to the power of this generalized ordinal",
            "(omega + 1).OmegaPower",
            |ev, x, _, s| {
                omega_power(need_ordinal(ev, "OmegaPower", x, s)?).map_err(|e| ev.locate(e, s))
            },
        ),
        member(
            "NimSum",
            1,
            "the nim sum of two ordinals: coefficients of each power of omega nim-added",
            "(omega*3 + 5) NimSum (omega*6 + 1)",
            |ev, x, a, s| nim_sum(ev, need_ordinal(ev, "NimSum", x, s)?, a, s),
        ),
        member(
            "NimProduct",
            1,
            "the nim product of two ordinals (exponents below omega^3)",
            "omega NimProduct omega^2",
            |ev, x, a, s| nim_product(ev, need_ordinal(ev, "NimProduct", x, s)?, a, s),
        ),
        member(
            "NimExp",
            1,
            "the n-th nim power of an ordinal (exponents below omega^3)",
            "omega NimExp 3",
            |ev, x, a, s| {
                let x = need_ordinal(ev, "NimExp", x, s)?;
                let n = crate::lang::runtime::table::integer(ev, "NimExp", a, 0)?;
                let Some(n) = n.to_biguint() else {
                    return Err(ev.error(
                        a[0].1,
                        ErrorKind::InvalidInput,
                        "the exponent of NimExp must be a non-negative integer",
                    ));
                };
                match crate::number::ordinal_nim::nim_power(x, &n).map_err(|e| ev.locate(e, s))? {
                    Some(p) => Ok(ordinal_value(p)),
                    None => {
                        Err(ev.error(s, ErrorKind::InvalidInput, "NimExp applies only to ordinals"))
                    }
                }
            },
        ),
        member("Max", 1, "the larger", "omega.Max(omega - 1)", |ev, x, a, s| {
            pick(ev, x, a, true, s)
        }),
        member("Min", 1, "the smaller", "omega.Min(1/omega)", |ev, x, a, s| {
            pick(ev, x, a, false, s)
        }),
    ],
};

/// The members of transfinite nimbers.
pub(crate) const NIMBER_TABLE: Table<GeneralizedOrdinal> = Table {
    on: "transfinite nimber",
    members: &[
        member("NimValue", 0, "the ordinal α of *α", "(*(omega + 5)).NimValue", |_, x, _, _| {
            Ok(ordinal_value(x.clone()))
        }),
        member("OutcomeClass", 0, "N", "(*omega).OutcomeClass", |_, _, _, _| {
            Ok(Value::Outcome(PartizanOutcome::N))
        }),
        member(
            "ConwayProduct",
            1,
            "the nimber of the nim product of the nim values",
            "(*omega) ConwayProduct *(omega^2)",
            |ev, x, a, s| {
                let (v, at) = &a[0];
                let y = match v {
                    Value::TransfiniteNimber(y) => (**y).clone(),
                    _ => match crate::lang::classes::transfinite::nim_value_of(ev, v) {
                        Some(y) => y,
                        None => {
                            return Err(ev.error(
                                *at,
                                ErrorKind::InvalidInput,
                                format!("ConwayProduct needs a nimber, not {}", v.kind_name()),
                            ));
                        }
                    },
                };
                let p = crate::number::ordinal_nim::nim_product(x, &y)
                    .map_err(|e| ev.locate(e, s))?
                    .unwrap_or_default();
                crate::lang::classes::transfinite::nimber_value(ev, p, s)
            },
        ),
        member("IsNimber", 0, "true", "(*omega).IsNimber", |_, _, _, _| Ok(Value::Bool(true))),
        member("IsNumber", 0, "false", "(*omega).IsNumber", |_, _, _, _| Ok(Value::Bool(false))),
        member("IsInfinitesimal", 0, "true", "(*omega).IsInfinitesimal", |_, _, _, _| {
            Ok(Value::Bool(true))
        }),
    ],
};

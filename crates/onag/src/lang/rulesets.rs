//! Impartial members and heap rulesets in the calculator, wired to the
//! library: nim arithmetic on integers ([`crate::nimber`]) and heap games
//! ([`crate::impartial::heap`]).
//!
//! `game.heap.Nim` is the subtraction game "all but nothing" (remove any
//! number), so Nim and `Subtraction(...)` share one engine: a Grundy table with
//! a proved periodicity. A heap position `R(n)` answers `NimValue` from the
//! table, or through the periodicity for heaps beyond it.

use num_bigint::{BigInt, BigUint, Sign};
use num_traits::ToPrimitive;

use super::eval::{Eval, MAX_LIST};
use super::lexer::Span;
use super::value::Value;
use crate::error::{ErrorKind, Result};
use crate::impartial::heap::subtraction::{self, Analysis, SubtractionSet};
use crate::nimber::NimberBig;

/// How many heap values `NimValue` computes before relying on a period.
const SEARCH: u64 = 100_000;

/// A heap ruleset the calculator can compute with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ruleset {
    /// Nim: remove any number of stones.
    Nim,
    /// A subtraction game.
    Subtraction(SubtractionSet),
}

impl Ruleset {
    fn set(&self) -> SubtractionSet {
        match self {
            Ruleset::Nim => SubtractionSet::AllBut(Vec::new()),
            Ruleset::Subtraction(set) => set.clone(),
        }
    }

    /// How the ruleset is written in the calculator.
    pub fn name(&self) -> String {
        let list = |v: &[u64]| v.iter().map(u64::to_string).collect::<Vec<_>>().join(",");
        match self {
            Ruleset::Nim => "game.heap.Nim".to_string(),
            Ruleset::Subtraction(SubtractionSet::Finite(s)) => {
                format!("game.heap.Subtraction([{}])", list(s))
            }
            Ruleset::Subtraction(SubtractionSet::AllBut(s)) => {
                format!("game.heap.Subtraction([{}], allbut => true)", list(s))
            }
            Ruleset::Subtraction(SubtractionSet::Rule(r)) => {
                format!("game.heap.Subtraction(\"{}\")", r.name())
            }
        }
    }
}

fn non_negative(ev: &Eval<'_>, name: &str, v: &Value, span: Span) -> Result<BigUint> {
    match v.as_integer() {
        Some(n) if n.sign() != Sign::Minus => Ok(n.magnitude().clone()),
        _ => Err(ev.error(
            span,
            ErrorKind::InvalidInput,
            format!("{name} needs a non-negative integer, not {}", describe(v)),
        )),
    }
}

fn describe(v: &Value) -> String {
    match v.as_integer() {
        Some(n) => n.to_string(),
        None => v.kind_name().to_string(),
    }
}

/// `a NimProduct b`, `a NimDiv b`, `a.NimInverse` on non-negative integers.
pub(crate) fn nim_arithmetic(
    ev: &mut Eval<'_>,
    name: &str,
    a: &Value,
    b: Option<&Value>,
    span: Span,
) -> Result<Value> {
    let x = NimberBig::from_biguint(&non_negative(ev, name, a, span)?);
    let y = match b {
        Some(b) => Some(NimberBig::from_biguint(&non_negative(ev, name, b, span)?)),
        None => None,
    };
    let result = match (name, y) {
        ("NimProduct", Some(y)) => Some(x.mul(&y)),
        ("NimDiv", Some(y)) => x.div(&y),
        ("NimInverse", None) => x.inverse(),
        _ => {
            return Err(ev.error(
                span,
                ErrorKind::InvalidInput,
                format!("{name}: wrong arguments"),
            ));
        }
    };
    match result {
        Some(r) => Ok(Value::int(BigInt::from(r.to_biguint()))),
        None => Err(ev.error(span, ErrorKind::Undefined, "Division by zero.")),
    }
}

/// The ruleset a builtin path names with no arguments (`game.heap.Nim`).
pub(crate) fn plain_ruleset(short: &str) -> Option<Ruleset> {
    (short == "Nim").then_some(Ruleset::Nim)
}

/// `Subtraction([1,3,4])`, `Subtraction([2,3,7], allbut => true)`.
pub(crate) fn subtraction(
    ev: &mut Eval<'_>,
    args: &[(Option<String>, Value, Span)],
    span: Span,
) -> Result<Value> {
    let mut members = None;
    let mut all_but = false;
    for (name, value, at) in args {
        match (name.as_deref(), value) {
            (None, Value::List(items)) if members.is_none() => {
                let mut set = Vec::with_capacity(items.len());
                for item in items {
                    let k = non_negative(ev, "Subtraction", item, *at)?;
                    set.push(k.to_u64().ok_or_else(|| {
                        ev.error(
                            *at,
                            ErrorKind::InvalidInput,
                            "subtraction amounts must be below 2^64",
                        )
                    })?);
                }
                members = Some(set);
            }
            (Some("allbut"), Value::Bool(b)) => all_but = *b,
            _ => {
                return Err(ev.error(
                    *at,
                    ErrorKind::InvalidInput,
                    "Subtraction takes a list of amounts and optionally allbut => true",
                ));
            }
        }
    }
    let Some(members) = members else {
        return Err(ev.error(span, ErrorKind::InvalidInput, "Subtraction needs a list of amounts"));
    };
    let set =
        if all_but { SubtractionSet::all_but(members) } else { SubtractionSet::finite(members) };
    let set = set.map_err(|e| ev.locate(e, span))?;
    Ok(Value::Ruleset(Ruleset::Subtraction(set)))
}

fn analyze(
    ev: &mut Eval<'_>,
    rules: &Ruleset,
    upto: u64,
    search: u64,
    span: Span,
) -> Result<Analysis> {
    subtraction::analyze(&rules.set(), upto, search, ev.budget).map_err(|e| ev.locate(e, span))
}

fn count_arg(ev: &Eval<'_>, name: &str, args: &[(Value, Span)], span: Span) -> Result<u64> {
    let [(v, at)] = args else {
        return Err(ev.error(span, ErrorKind::InvalidInput, format!("{name} takes 1 argument")));
    };
    non_negative(ev, name, v, *at)?.to_u64().filter(|&n| n <= MAX_LIST).ok_or_else(|| {
        ev.error(
            *at,
            ErrorKind::LimitExceeded,
            format!("{name}: the count is larger than {MAX_LIST}"),
        )
    })
}

/// Members of a ruleset: `NimValueSequence(n)`, `CheckPeriodicity(n)`.
pub(crate) fn ruleset_member(
    ev: &mut Eval<'_>,
    rules: &Ruleset,
    name: &str,
    args: &[(Value, Span)],
    span: Span,
) -> Option<Result<Value>> {
    let result = match name {
        "NimValueSequence" => (|| {
            let n = count_arg(ev, name, args, span)?;
            let analysis = analyze(ev, rules, n, 0, span)?;
            let values = analysis.table.iter().skip(1).take(n as usize).map(|&g| Value::int(g));
            Ok(Value::List(values.collect()))
        })(),
        "CheckPeriodicity" => (|| {
            let n = count_arg(ev, name, args, span)?;
            let analysis = analyze(ev, rules, n, n, span)?;
            Ok(match analysis.periodicity {
                Some(p) => Value::Periodicity {
                    period: p.period,
                    preperiod: p.preperiod,
                    saltus: p.saltus,
                },
                _ => Value::Nothing,
            })
        })(),
        _ => return None,
    };
    Some(result)
}

/// Members of a heap position `R(n)`: `NimValue`.
pub(crate) fn position_member(
    ev: &mut Eval<'_>,
    rules: &Ruleset,
    heap: &BigUint,
    name: &str,
    span: Span,
) -> Option<Result<Value>> {
    if name != "NimValue" {
        return None;
    }
    let result = (|| {
        let upto = heap.to_u64().filter(|&h| h <= SEARCH).unwrap_or(0);
        let analysis = analyze(ev, rules, upto, SEARCH, span)?;
        match analysis.value(heap) {
            Some(v) => Ok(Value::int(BigInt::from(v))),
            None => Err(ev.error(
                span,
                ErrorKind::LimitExceeded,
                format!(
                    "no period found in the first {SEARCH} values: heap {heap} is out of reach"
                ),
            )),
        }
    })();
    Some(result)
}

/// `game.graph.Hackenbush("e(ee;e)")`: a Green Hackenbush picture (CGSuite's
/// string syntax) is worth its canonical form, the nimber of
/// [`crate::impartial::hackenbush`]. Pictures with blue or red edges need
/// partizan Hackenbush, which the library does not have yet.
pub(crate) fn hackenbush(
    ev: &mut Eval<'_>,
    args: &[(Option<String>, Value, Span)],
    span: Span,
) -> Result<Value> {
    let [(None, Value::Str(text), at)] = args else {
        return Err(ev.error(
            span,
            ErrorKind::InvalidInput,
            "Hackenbush takes one string, e.g. Hackenbush(\"e(ee;e)\")",
        ));
    };
    if text.contains(['l', 'r', 'L', 'R']) {
        return Err(ev.error(
            *at,
            ErrorKind::InvalidInput,
            "Blue-Red Hackenbush is not available yet",
        ));
    }
    let picture = crate::impartial::hackenbush::parse_strings(&[text.as_str()]).map_err(|e| {
        // The string's own column, counted from the opening quote.
        let column = e.location().map_or(0, |l| l.column);
        let offset = at.start + column;
        ev.error(Span::new(offset, offset), e.kind(), format!("Hackenbush: {}", e.message()))
    })?;
    let n = picture.value();
    let g = ev.arena(span, |a| a.nimber(n))?;
    Ok(ev.game_value(g))
}

//! Wythoff's game and Fibonacci Nim in the calculator, wired to
//! [`crate::impartial::classic`]: positions that are not a single heap of an
//! octal or subtraction game, so they have their own value and members.
//!
//! `game.heap.Wythoff(a, b)` is the position with heaps `a` and `b`:
//! `OutcomeClass` comes from the closed form of the P-positions (any size),
//! `NimValue` from the library's Grundy search, which fills the square table
//! up to the larger heap (bounded by [`WYTHOFF_SIDE`] and the budget).
//!
//! `game.heap.FibonacciNim(n)` is a heap of `n` before the first move:
//! `OutcomeClass` comes from the Zeckendorf closed form (P exactly for
//! Fibonacci numbers). The library knows only the outcome, so `NimValue`
//! answers with an error that says so rather than a value.

use num_bigint::{BigInt, BigUint, Sign};
use num_traits::ToPrimitive;

use super::context::Eval;
use super::lexer::Span;
use super::rules::ClassicPosition;
use super::value::Value;
use crate::error::{ErrorKind, Result};
use crate::game::PartizanOutcome;
use crate::impartial::Outcome;
use crate::impartial::classic::{fibonacci_nim, wythoff};

/// `NimValue` of a Wythoff position needs both heaps below this: the search
/// fills a square table of this side at most.
pub const WYTHOFF_SIDE: u64 = 4096;

type Args = [(Option<String>, Value, Span)];

/// The heap sizes of a call `Name(n, ...)`, exactly `count` of them.
fn heaps(ev: &Eval<'_>, name: &str, args: &Args, count: usize, span: Span) -> Result<Vec<BigUint>> {
    let example = if count == 2 { "(3,5)" } else { "(10)" };
    if args.len() != count || args.iter().any(|a| a.0.is_some()) {
        let what = if count == 2 { "two heap sizes" } else { "one heap size" };
        return Err(ev.error(
            span,
            ErrorKind::InvalidInput,
            format!("{name} takes {what}, e.g. game.heap.{name}{example}"),
        ));
    }
    args.iter()
        .map(|(_, v, at)| match v.as_integer() {
            Some(n) if n.sign() != Sign::Minus => Ok(n.magnitude().clone()),
            _ => Err(ev.error(
                *at,
                ErrorKind::InvalidInput,
                "a heap size must be a non-negative integer",
            )),
        })
        .collect()
}

/// `Wythoff(a, b)` and `FibonacciNim(n)`; `None` for other names.
pub(crate) fn call(ev: &Eval<'_>, short: &str, args: &Args, span: Span) -> Option<Result<Value>> {
    let position = match short {
        "Wythoff" => heaps(ev, short, args, 2, span).map(|h| {
            let [a, b]: [BigUint; 2] = h.try_into().unwrap_or_default();
            ClassicPosition::Wythoff(a, b)
        }),
        "FibonacciNim" => heaps(ev, short, args, 1, span)
            .map(|h| ClassicPosition::FibonacciNim(h.into_iter().next().unwrap_or_default())),
        _ => return None,
    };
    Some(position.map(Value::Classic))
}

fn outcome(o: Outcome) -> Value {
    Value::Outcome(match o {
        Outcome::P => PartizanOutcome::P,
        Outcome::N => PartizanOutcome::N,
    })
}

/// The Grundy value of the Wythoff position `(a, b)` by the library's search.
fn wythoff_nim_value(ev: &Eval<'_>, a: &BigUint, b: &BigUint, span: Span) -> Result<Value> {
    let small = |n: &BigUint| n.to_u64().filter(|&n| n < WYTHOFF_SIDE);
    let (Some(x), Some(y)) = (small(a), small(b)) else {
        return Err(ev.error(
            span,
            ErrorKind::LimitExceeded,
            format!(
                "NimValue of Wythoff searches positions with both heaps below {WYTHOFF_SIDE} \
                 (Wythoff's Grundy values have no known closed form; OutcomeClass works for any size)"
            ),
        ));
    };
    let g = wythoff::grundy_value(x, y, ev.budget).map_err(|e| ev.locate(e, span))?;
    Ok(Value::int(BigInt::from(g)))
}

/// The Grundy value of a fresh Fibonacci Nim heap, by the library's search
/// (quadratic in the heap).
fn fibonacci_nim_value(ev: &Eval<'_>, n: &BigUint, span: Span) -> Result<Value> {
    let too_large = || {
        ev.error(
            span,
            ErrorKind::LimitExceeded,
            "NimValue of FibonacciNim searches heaps up to 23,168 (OutcomeClass works up to 4096 bits)",
        )
    };
    let n = n.to_u64().ok_or_else(too_large)?;
    let table = fibonacci_nim::GrundyTable::new(n, ev.budget).map_err(|e| ev.locate(e, span))?;
    let g = table.start_value(n).ok_or_else(too_large)?;
    Ok(Value::int(BigInt::from(g)))
}

/// The nim value of a classic position.
pub(crate) fn nim_value(ev: &Eval<'_>, position: &ClassicPosition, span: Span) -> Result<Value> {
    match position {
        ClassicPosition::Wythoff(a, b) => wythoff_nim_value(ev, a, b, span),
        ClassicPosition::FibonacciNim(n) => fibonacci_nim_value(ev, n, span),
    }
}

/// The outcome class of a classic position, from its closed form.
pub(crate) fn outcome_class(
    ev: &Eval<'_>,
    position: &ClassicPosition,
    span: Span,
) -> Result<Value> {
    match position {
        ClassicPosition::Wythoff(a, b) => wythoff::is_p_position(a, b, 0)
            .map(|p| outcome(if p { Outcome::P } else { Outcome::N }))
            .map_err(|e| ev.locate(e, span)),
        ClassicPosition::FibonacciNim(n) => fibonacci_nim::solve(n, None)
            .map(|s| outcome(s.outcome))
            .map_err(|e| ev.locate(e, span)),
    }
}

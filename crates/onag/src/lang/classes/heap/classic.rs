//! Wythoff's game and Fibonacci Nim in the calculator, wired to
//! [`crate::impartial::classic`]: positions that are not a single heap of an
//! octal or subtraction game, so they have their own value and members.
//!
//! `game.heap.Wythoff(a, b)` is the position with heaps `a` and `b`:
//! `OutcomeClass` comes from the closed form of the P-positions (any size),
//! `NimValue` from the library's Grundy search, which fills the square table
//! up to the larger heap (bounded by [`WYTHOFF_SIDE`] and the budget).
//!
//! Memory games (`game.heap.Mem((n, m))`, `game.heap.TakeAway(k)((n, m))`,
//! `game.heap.FibonacciNim((n, m))`: a heap of `n` after a move that took
//! `m`) take their values from [`crate::impartial::heap::memory`], and a
//! user's `HeapRuleset(f)` and `CoordinateRuleset(f)` from
//! [`crate::lang::classes::heap::user_rules`].
//!
//! `game.heap.FibonacciNim(n)` is a heap of `n` before the first move:
//! `OutcomeClass` comes from the Zeckendorf closed form (P exactly for
//! Fibonacci numbers). The library knows only the outcome, so `NimValue`
//! answers with an error that says so rather than a value.

use num_bigint::{BigInt, BigUint, Sign};
use num_traits::ToPrimitive;

use crate::error::{ErrorKind, Result};
use crate::game::PartizanOutcome;
use crate::impartial::Outcome;
use crate::impartial::classic::{fibonacci_nim, wythoff};
use crate::impartial::heap::memory::{MemoryRule, MemoryTable};
use crate::lang::runtime::context::Eval;
use crate::lang::syntax::lexer::Span;
use crate::lang::value::Value;
use crate::lang::value::rules::{ClassicPosition, ClassicRuleset};

/// `NimValue` of a Wythoff position needs both heaps below this: the search
/// fills a square table of this side at most.
pub const WYTHOFF_SIDE: u64 = 4096;

type Args = [(Option<String>, Value, Span)];

/// What a position of a classic ruleset is written with.
#[derive(Clone, Copy)]
enum Sizes {
    /// One heap: `R(10)`.
    Heap,
    /// Two heaps: `R((3,5))`.
    Heaps,
    /// A heap and what the last move took: `R((10,3))`.
    Memory,
}

impl Sizes {
    fn count(self) -> usize {
        match self {
            Sizes::Heap => 1,
            Sizes::Heaps | Sizes::Memory => 2,
        }
    }

    /// How a call should read, for errors: what it takes and an example.
    fn help(self) -> (&'static str, &'static str) {
        match self {
            Sizes::Heap => ("one heap size", "(10)"),
            Sizes::Heaps => ("two heap sizes", "((3,5))"),
            Sizes::Memory => ("a heap size and the size of the last move", "((10,3))"),
        }
    }
}

/// The sizes of a call `Name(n, ...)`, exactly as many as `sizes` says.
fn heaps(ev: &Eval<'_>, name: &str, args: &Args, sizes: Sizes, span: Span) -> Result<Vec<BigUint>> {
    if args.len() != sizes.count() || args.iter().any(|a| a.0.is_some()) {
        let (what, example) = sizes.help();
        return Err(ev.error(
            span,
            ErrorKind::InvalidInput,
            format!("{name} takes {what}, e.g. {name}{example}"),
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

/// The coordinates `(m, n)` of a call `R((m, n))` or `R(m, n)`.
fn coordinates(
    ev: &Eval<'_>,
    name: &str,
    args: &Args,
    sizes: Sizes,
    span: Span,
) -> Result<(BigUint, BigUint)> {
    let h = if let [(None, Value::Pair(a, b), at)] = args {
        let pair = [(None, (**a).clone(), *at), (None, (**b).clone(), *at)];
        heaps(ev, name, &pair, sizes, span)?
    } else {
        heaps(ev, name, args, sizes, span)?
    };
    let [m, n]: [BigUint; 2] = h.try_into().unwrap_or_default();
    Ok((m, n))
}

/// `TakeAway(p/q)`: the limit as a positive fraction of machine words;
/// `TakeAway(f)`: the limit a function of the last move.
fn take_away(ev: &Eval<'_>, args: &Args, span: Span) -> Result<Value> {
    if let [(None, Value::Function(f), _)] = args {
        return Ok(Value::ClassicRuleset(ClassicRuleset::TakeAwayBy(own(f))));
    }
    let limit = match args {
        [(None, Value::Number(q), _)] if q.to_big().numer().sign() == Sign::Plus => {
            let q = q.to_big();
            q.numer().to_u64().zip(q.denom().to_u64())
        }
        _ => None,
    };
    let Some((p, q)) = limit else {
        return Err(ev.error(
            span,
            ErrorKind::InvalidInput,
            "TakeAway takes a positive number k (numerator and denominator below 2^64): a move may take at most k times the last move; or a function f: at most f(last move)",
        ));
    };
    Ok(Value::ClassicRuleset(ClassicRuleset::Memory(MemoryRule::TakeAway(p, q))))
}

/// `HeapRuleset(f)` and `CoordinateRuleset(f)` from a function.
fn user_ruleset(ev: &Eval<'_>, short: &str, args: &Args, span: Span) -> Result<Value> {
    let [(None, Value::Function(f), _)] = args else {
        let example = match short {
            "HeapRuleset" => "n -> [[k] for k from 0 to n - 1]",
            "GenMem" => "(memory, j) -> j != memory",
            "GenWythoff" => "k -> k + 2",
            _ => "(m, n) -> [(m - 1, n)]",
        };
        return Err(ev.error(
            span,
            ErrorKind::InvalidInput,
            format!(
                "{short} takes a function listing a position's options, e.g. {short}({example})"
            ),
        ));
    };
    let f = own(f);
    Ok(Value::ClassicRuleset(match short {
        "HeapRuleset" => ClassicRuleset::UserHeap(f),
        "GenMem" => ClassicRuleset::GenMem(f),
        "GenWythoff" => ClassicRuleset::GenWythoff(f),
        _ => ClassicRuleset::UserCoordinate(f),
    }))
}

/// The ruleset's own copy of the function, so that the variable it is
/// assigned to names it alone (`R := HeapRuleset(f); S := HeapRuleset(f)`).
fn own(
    f: &std::sync::Arc<crate::lang::value::Closure>,
) -> std::sync::Arc<crate::lang::value::Closure> {
    std::sync::Arc::new(crate::lang::value::Closure {
        bound_name: Default::default(),
        ..(**f).clone()
    })
}

/// `R(position)` for a ruleset of classic positions.
pub(crate) fn call_ruleset(
    ev: &Eval<'_>,
    rules: &ClassicRuleset,
    args: &Args,
    span: Span,
) -> Result<Value> {
    let name = rules.name();
    let position = match rules {
        ClassicRuleset::Memory(rule) => {
            let (n, m) = coordinates(ev, &name, args, Sizes::Memory, span)?;
            ClassicPosition::Memory(*rule, n, m)
        }
        ClassicRuleset::UserHeap(_) => {
            ClassicPosition::User(rules.clone(), heaps(ev, &name, args, Sizes::Heap, span)?)
        }
        ClassicRuleset::UserCoordinate(_)
        | ClassicRuleset::TakeAwayBy(_)
        | ClassicRuleset::GenMem(_)
        | ClassicRuleset::GenWythoff(_)
        | ClassicRuleset::Product(..) => {
            let sizes = match rules {
                ClassicRuleset::TakeAwayBy(_) | ClassicRuleset::GenMem(_) => Sizes::Memory,
                _ => Sizes::Heaps,
            };
            let (m, n) = coordinates(ev, &name, args, sizes, span)?;
            ClassicPosition::User(rules.clone(), vec![m, n])
        }
    };
    Ok(Value::classic(position))
}

/// `Wythoff(a, b)`, `Wythoff((a, b))`, `FibonacciNim(n)`,
/// `FibonacciNim((n, m))`, `Mem((n, m))`, `TakeAway(k)`, `HeapRuleset(f)`
/// and `CoordinateRuleset(f)`; `None` for other names.
pub(crate) fn call(ev: &Eval<'_>, short: &str, args: &Args, span: Span) -> Option<Result<Value>> {
    let pair = matches!(args, [(None, Value::Pair(..), _)]);
    let path = format!("game.heap.{short}");
    let position = match short {
        "Wythoff" if pair => coordinates(ev, &path, args, Sizes::Heaps, span)
            .map(|(a, b)| ClassicPosition::Wythoff(a, b)),
        "FibonacciNim" if pair => coordinates(ev, &path, args, Sizes::Memory, span)
            .map(|(n, m)| ClassicPosition::Memory(MemoryRule::TakeAway(2, 1), n, m)),
        "Mem" => coordinates(ev, &path, args, Sizes::Memory, span)
            .map(|(n, m)| ClassicPosition::Memory(MemoryRule::Mem, n, m)),
        "TakeAway" => return Some(take_away(ev, args, span)),
        "HeapRuleset" | "CoordinateRuleset" | "GenMem" | "GenWythoff" => {
            return Some(user_ruleset(ev, short, args, span));
        }
        "Wythoff" => heaps(ev, &path, args, Sizes::Heaps, span).map(|h| {
            let [a, b]: [BigUint; 2] = h.try_into().unwrap_or_default();
            ClassicPosition::Wythoff(a, b)
        }),
        "FibonacciNim" => heaps(ev, &path, args, Sizes::Heap, span)
            .map(|h| ClassicPosition::FibonacciNim(h.into_iter().next().unwrap_or_default())),
        _ => return None,
    };
    Some(position.map(Value::classic))
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

/// The Grundy value of `(n, m)` in a memory game, from a table of the
/// heaps up to `n` (quadratic in `n`).
fn memory_nim_value(
    ev: &Eval<'_>,
    rule: MemoryRule,
    n: &BigUint,
    m: &BigUint,
    span: Span,
) -> Result<Value> {
    let n = n.to_u64().filter(|&n| n <= MAX_MEMORY_HEAP).ok_or_else(|| {
        ev.error(
            span,
            ErrorKind::LimitExceeded,
            format!("NimValue of a memory game fills a table quadratic in the heap: heaps up to {MAX_MEMORY_HEAP}"),
        )
    })?;
    let m = m.to_u64().unwrap_or(u64::MAX);
    let table = MemoryTable::new(rule, n, ev.budget).map_err(|e| ev.locate(e, span))?;
    let g = table.value(n, m).unwrap_or(0);
    Ok(Value::int(BigInt::from(g)))
}

/// The largest heap whose memory-game table the calculator builds.
pub const MAX_MEMORY_HEAP: u64 = 1 << 14;

/// The nim value of a classic position.
pub(crate) fn nim_value(
    ev: &mut Eval<'_>,
    position: &ClassicPosition,
    span: Span,
) -> Result<Value> {
    match position {
        ClassicPosition::Wythoff(a, b) => wythoff_nim_value(ev, a, b, span),
        ClassicPosition::FibonacciNim(n) => fibonacci_nim_value(ev, n, span),
        ClassicPosition::Memory(rule, n, m) => memory_nim_value(ev, *rule, n, m, span),
        ClassicPosition::User(rule, at) => {
            crate::lang::classes::heap::user_rules::nim_value(ev, rule, at, span)
                .map(|g| Value::int(BigInt::from(g)))
        }
    }
}

/// The options of a classic position, each a position (Wythoff, Fibonacci
/// Nim and memory games), or for a user's ruleset `0`, a position or a sum
/// of positions.
pub(crate) fn options(ev: &mut Eval<'_>, position: &ClassicPosition, span: Span) -> Result<Value> {
    let small = |n: &BigUint| n.to_u64().filter(|&n| n <= MAX_LISTED_HEAP);
    let too_many = |ev: &Eval<'_>| {
        ev.error(
            span,
            ErrorKind::LimitExceeded,
            format!("Options lists positions with heaps up to {MAX_LISTED_HEAP}"),
        )
    };
    let out: Vec<ClassicPosition> = match position {
        ClassicPosition::Wythoff(a, b) => {
            let (Some(x), Some(y)) = (small(a), small(b)) else { return Err(too_many(ev)) };
            let w = |i: u64, j: u64| ClassicPosition::Wythoff(i.into(), j.into());
            (0..x)
                .map(|i| w(i, y))
                .chain((0..y).map(|j| w(x, j)))
                .chain((1..=x.min(y)).map(|k| w(x - k, y - k)))
                .collect()
        }
        ClassicPosition::FibonacciNim(n) => {
            let Some(n) = small(n) else { return Err(too_many(ev)) };
            (1..n)
                .map(|a| {
                    ClassicPosition::Memory(MemoryRule::TakeAway(2, 1), (n - a).into(), a.into())
                })
                .collect()
        }
        ClassicPosition::Memory(rule, n, m) => {
            let Some(n) = small(n) else { return Err(too_many(ev)) };
            let m = m.to_u64().unwrap_or(u64::MAX);
            rule.options(n, m)
                .into_iter()
                .map(|(r, a)| ClassicPosition::Memory(*rule, r.into(), a.into()))
                .collect()
        }
        ClassicPosition::User(rule, at) => return user_options(ev, rule, at, span),
    };
    Ok(Value::List(out.into_iter().map(Value::classic).collect()))
}

/// The options of a position of a user's ruleset, in the order its
/// function lists them: `0` for nothing left, a position, or a sum of
/// positions kept as written.
fn user_options(
    ev: &mut Eval<'_>,
    rule: &ClassicRuleset,
    at: &[BigUint],
    span: Span,
) -> Result<Value> {
    let (source, key) = crate::lang::classes::heap::user_rules::start(ev, rule, at, span)?;
    let options = crate::lang::classes::heap::user_rules::call(ev, &source, key, span)?;
    let heap = source.is_heap();
    let position = |(m, n): (u64, u64)| {
        let at = if heap { vec![m.into()] } else { vec![m.into(), n.into()] };
        Value::classic(ClassicPosition::User(rule.clone(), at))
    };
    Ok(Value::List(
        options
            .into_iter()
            .map(|parts| {
                crate::lang::classes::explicit::sum_of(parts.into_iter().map(position).collect())
            })
            .collect(),
    ))
}

/// The largest heap whose options `Options` lists.
pub const MAX_LISTED_HEAP: u64 = 100_000;

/// The outcome class of a classic position, from its closed form.
pub(crate) fn outcome_class(
    ev: &mut Eval<'_>,
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
        ClassicPosition::Memory(..) | ClassicPosition::User(..) => {
            let g = nim_value(ev, position, span)?;
            let zero = g.as_integer().is_some_and(|n| n.sign() == Sign::NoSign);
            Ok(outcome(if zero { Outcome::P } else { Outcome::N }))
        }
    }
}

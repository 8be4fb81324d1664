//! Nim values of a user's heap ruleset (`game.heap.HeapRuleset(n -> ...)`)
//! and coordinate ruleset (`game.heap.CoordinateRuleset((m, n) -> ...)`).
//!
//! The user's function lists the options of a position: for a heap
//! ruleset, each option is a list of heap sizes (a single size for one
//! heap; `[]` for nothing left); for a coordinate ruleset, each option is
//! coordinates `(a, b)` or a list of them. A position's nim value is the mex
//! of the options' values, an option's value the XOR of its parts'. The
//! positions are visited depth first with an explicit stack, each valued
//! once (the function is called once per position); a position that can be
//! reached from itself is an error, since the game would not end.

use num_bigint::BigUint;
use num_traits::ToPrimitive;
use std::sync::Arc;

use rustc_hash::{FxHashMap, FxHashSet};

use crate::error::{ErrorKind, Result};
use crate::lang::runtime::context::Eval;
use crate::lang::syntax::lexer::Span;
use crate::lang::value::rules::{ClassicRuleset, ProductKind, Ruleset};
use crate::lang::value::{Closure, Value};

/// A position: a heap `(n, 0)` or coordinates `(m, n)`.
pub(crate) type Key = (u64, u64);

/// How a user's function gives a position's options.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum UserKind {
    /// `HeapRuleset(f)`: `f(n)` lists options, each a list of heaps.
    Heap,
    /// `CoordinateRuleset(f)`: `f(m, n)` lists options, each coordinates
    /// or a list of them.
    Coordinate,
    /// `TakeAway(f)`: from a heap of `n` whose last move took `m`, a move
    /// takes `a` with `1 ≤ a ≤ f(m)`, to `(n − a, a)`.
    TakeAway,
    /// `GenMem(p)`: from `(n, m)`, a move takes `a` with `p(m, a)`, to
    /// `(n − a, a)`.
    GenMem,
    /// `GenWythoff(f)`: from `(m, n)`, take from one heap, or `k` and `l`
    /// from the two with `0 < k ≤ l < f(k)` (either way round).
    GenWythoff,
}

/// Where a ruleset's options come from: a user's function, or the two
/// heap rulesets of a product.
pub(crate) enum Source {
    /// A user's function and how it gives options.
    Function(Arc<Closure>, UserKind),
    /// An instance of a class declared in CGScript that extends
    /// `game.heap.HeapRuleset` (its `HeapOptions(n)`, `UserKind::Heap`) or
    /// `game.heap.CoordinateRuleset` (`CoordinateOptions((m, n))`).
    Method(Value, UserKind),
    /// `R.AcrosticProduct(S)` or `R.DirectProduct(S)`.
    Product(ProductKind, Ruleset, Ruleset),
}

impl Source {
    /// Whether positions are single heaps (else pairs).
    pub(crate) fn is_heap(&self) -> bool {
        matches!(self, Source::Function(_, UserKind::Heap) | Source::Method(_, UserKind::Heap))
    }
}

/// Where the options of `rule` come from.
fn source_of(ev: &Eval<'_>, rule: &ClassicRuleset, span: Span) -> Result<Source> {
    let function = |f: &Arc<Closure>, kind| Source::Function(f.clone(), kind);
    Ok(match rule {
        ClassicRuleset::UserHeap(f) => function(f, UserKind::Heap),
        ClassicRuleset::UserCoordinate(f) => function(f, UserKind::Coordinate),
        ClassicRuleset::TakeAwayBy(f) => function(f, UserKind::TakeAway),
        ClassicRuleset::GenMem(f) => function(f, UserKind::GenMem),
        ClassicRuleset::GenWythoff(f) => function(f, UserKind::GenWythoff),
        ClassicRuleset::Product(kind, factors) => {
            Source::Product(*kind, factors.0.clone(), factors.1.clone())
        }
        ClassicRuleset::Memory(_) => {
            return Err(ev.error(span, ErrorKind::InvalidInput, "not a user's ruleset"));
        }
    })
}

/// Where the options of `rule` come from, and the position `at` as a key.
pub(crate) fn start(
    ev: &Eval<'_>,
    rule: &ClassicRuleset,
    at: &[BigUint],
    span: Span,
) -> Result<(Source, Key)> {
    let source = source_of(ev, rule, span)?;
    let coordinate = |n: &BigUint| {
        n.to_u64().ok_or_else(|| {
            ev.error(span, ErrorKind::Overflow, "Overflow: a position too large to value")
        })
    };
    let key: Key = match at {
        [n] => (coordinate(n)?, 0),
        [m, n] => (coordinate(m)?, coordinate(n)?),
        _ => return Err(ev.error(span, ErrorKind::InvalidInput, "a position is a heap or (m, n)")),
    };
    Ok((source, key))
}

/// The nim value of the position `at` of the user's ruleset `rule`.
pub(crate) fn nim_value(
    ev: &mut Eval<'_>,
    rule: &ClassicRuleset,
    at: &[BigUint],
    span: Span,
) -> Result<u64> {
    let (source, start) = start(ev, rule, at, span)?;
    let mut memo = FxHashMap::default();
    value_into(ev, &source, start, &mut memo, span)
}

/// The nim values of `R((m, n))` for `m` in `0..=rows` and `n` in
/// `0..=columns`, row by row, for a ruleset of pairs; every position is
/// valued once for the whole table.
pub(crate) fn nim_value_table(
    ev: &mut Eval<'_>,
    rule: &ClassicRuleset,
    rows: u64,
    columns: u64,
    span: Span,
) -> Result<Vec<Vec<u64>>> {
    let source = source_of(ev, rule, span)?;
    let mut memo = FxHashMap::default();
    let mut table = Vec::new();
    for m in 0..=rows {
        let mut row = Vec::new();
        for n in 0..=columns {
            row.push(value_into(ev, &source, (m, n), &mut memo, span)?);
        }
        table.push(row);
    }
    Ok(table)
}

/// The nim values of heaps `from..=to` of a class declared in CGScript
/// that extends `game.heap.HeapRuleset` (its `HeapOptions`), in one memo.
pub(crate) fn heap_class_values(
    ev: &mut Eval<'_>,
    ruleset: &Value,
    from: u64,
    to: u64,
    span: Span,
) -> Result<Vec<u64>> {
    let source = Source::Method(ruleset.clone(), UserKind::Heap);
    let mut memo = FxHashMap::default();
    (from..=to).map(|n| value_into(ev, &source, (n, 0), &mut memo, span)).collect()
}

/// The nim values of heaps `1..=count` of a user's heap ruleset, in one
/// memo.
pub(crate) fn nim_value_sequence(
    ev: &mut Eval<'_>,
    rule: &ClassicRuleset,
    count: u64,
    span: Span,
) -> Result<Vec<u64>> {
    let source = source_of(ev, rule, span)?;
    let mut memo = FxHashMap::default();
    (1..=count).map(|n| value_into(ev, &source, (n, 0), &mut memo, span)).collect()
}

/// The nim values of heaps 0 to `upto` of a user's heap ruleset.
pub(crate) fn nim_values_from_zero(
    ev: &mut Eval<'_>,
    rule: &ClassicRuleset,
    upto: u64,
    span: Span,
) -> Result<Vec<u64>> {
    let source = source_of(ev, rule, span)?;
    let mut memo = FxHashMap::default();
    (0..=upto).map(|n| value_into(ev, &source, (n, 0), &mut memo, span)).collect()
}

/// A rough count of the bytes one position met takes in the search's
/// tables (its key, its options, the stack), for the memory limit.
const BYTES_PER_POSITION: u64 = 96;

/// The nim value of `start`, valuing into `memo` every position below it
/// not there yet.
fn value_into(
    ev: &mut Eval<'_>,
    source: &Source,
    start: Key,
    memo: &mut FxHashMap<Key, u64>,
    span: Span,
) -> Result<u64> {
    let mut options_of: FxHashMap<Key, Vec<Vec<Key>>> = FxHashMap::default();
    let mut on_stack: FxHashSet<Key> = FxHashSet::default();
    let mut stack: Vec<Key> = vec![start];
    while let Some(&k) = stack.last() {
        if memo.contains_key(&k) {
            stack.pop();
            continue;
        }
        // Positions met but not valued count too: a ruleset whose heaps
        // grow forever values nothing, and must still meet the limits.
        let met = (memo.len() + options_of.len()) as u64;
        ev.budget.check(met).map_err(|e| ev.locate(e, span))?;
        ev.budget
            .check_memory(met.saturating_mul(BYTES_PER_POSITION))
            .map_err(|e| ev.locate(e, span))?;
        if let std::collections::hash_map::Entry::Vacant(slot) = options_of.entry(k) {
            slot.insert(call(ev, source, k, span)?);
        }
        let options = &options_of[&k];
        let missing: Vec<Key> =
            options.iter().flatten().copied().filter(|p| !memo.contains_key(p)).collect();
        if missing.is_empty() {
            let mut values: Vec<u64> =
                options.iter().map(|o| o.iter().fold(0, |acc, p| acc ^ memo[p])).collect();
            values.sort_unstable();
            values.dedup();
            let mex = values
                .iter()
                .enumerate()
                .find(|&(i, &v)| v != i as u64)
                .map_or(values.len(), |(i, _)| i);
            memo.insert(k, mex as u64);
            on_stack.remove(&k);
            stack.pop();
            continue;
        }
        on_stack.insert(k);
        for p in missing {
            if on_stack.contains(&p) {
                let shown = if source.is_heap() {
                    format!("{}", p.0)
                } else {
                    format!("({},{})", p.0, p.1)
                };
                return Err(ev.error(
                    span,
                    ErrorKind::InvalidInput,
                    format!("position {shown} can be reached from itself: the ruleset's play would not end"),
                ));
            }
            stack.push(p);
        }
    }
    memo.get(&start)
        .copied()
        .ok_or_else(|| ev.error(span, ErrorKind::InvalidInput, "a position was not valued"))
}

/// The options of `k`, each a list of positions, from the user's function.
pub(crate) fn call(
    ev: &mut Eval<'_>,
    source: &Source,
    k: Key,
    span: Span,
) -> Result<Vec<Vec<Key>>> {
    match source {
        Source::Function(f, kind) => call_function(ev, f, *kind, k, span),
        Source::Method(ruleset, kind) => {
            let heap = *kind == UserKind::Heap;
            let (name, arg) = if heap {
                ("HeapOptions", Value::int(k.0))
            } else {
                (
                    "CoordinateOptions",
                    Value::Pair(Box::new(Value::int(k.0)), Box::new(Value::int(k.1))),
                )
            };
            let listed = ev.member(ruleset.clone(), name, span, Some(vec![(None, arg, span)]))?;
            options_of(ev, listed, heap, k, span)
        }
        Source::Product(kind, r, s) => product_options(ev, *kind, r, s, k, span),
    }
}

/// The options of `(m, n)` in a product of heap rulesets `r` and `s`.
fn product_options(
    ev: &Eval<'_>,
    kind: ProductKind,
    r: &Ruleset,
    s: &Ruleset,
    (m, n): Key,
    span: Span,
) -> Result<Vec<Vec<Key>>> {
    let row = crate::lang::classes::heap::heap_options(ev, r, &BigUint::from(m), span)?;
    let column = crate::lang::classes::heap::heap_options(ev, s, &BigUint::from(n), span)?;
    let mut options = Vec::new();
    match kind {
        ProductKind::Acrostic => {
            for o in &row {
                options.push(o.iter().map(|&a| (a as u64, n)).collect());
            }
            for o in &column {
                options.push(o.iter().map(|&b| (m, b as u64)).collect());
            }
        }
        ProductKind::Direct => {
            if (row.len() as u64).saturating_mul(column.len() as u64)
                > crate::lang::runtime::context::MAX_LIST
            {
                return Err(ev.error(
                    span,
                    ErrorKind::LimitExceeded,
                    format!(
                        "({m}, {n}) has {} x {} options, more than {}",
                        row.len(),
                        column.len(),
                        crate::lang::runtime::context::MAX_LIST
                    ),
                ));
            }
            for ro in &row {
                // Each move of the first ruleset pairs with every move of
                // the second: the clock is read once a row.
                ev.budget.check(0).map_err(|e| ev.locate(e, span))?;
                for co in &column {
                    let mut option: Vec<Key> = ro.iter().map(|&a| (a as u64, n)).collect();
                    option.extend(co.iter().map(|&b| (m, b as u64)));
                    for &a in ro {
                        option.extend(co.iter().map(|&b| (a as u64, b as u64)));
                    }
                    options.push(option);
                }
            }
        }
    }
    if options.len() as u64 > crate::lang::runtime::context::MAX_LIST {
        return Err(ev.error(span, ErrorKind::LimitExceeded, "a position with too many options"));
    }
    Ok(options)
}

/// The options of `k` as the user's function `f` lists them.
fn call_function(
    ev: &mut Eval<'_>,
    f: &Closure,
    kind: UserKind,
    k: Key,
    span: Span,
) -> Result<Vec<Vec<Key>>> {
    match kind {
        UserKind::TakeAway => return take_away(ev, f, k, span),
        UserKind::GenMem => return gen_mem(ev, f, k, span),
        UserKind::GenWythoff => return gen_wythoff(ev, f, k, span),
        UserKind::Heap | UserKind::Coordinate => {}
    }
    let heap = kind == UserKind::Heap;
    let args = if heap {
        vec![(None, Value::int(k.0), span)]
    } else {
        vec![(None, Value::int(k.0), span), (None, Value::int(k.1), span)]
    };
    let result = ev.apply(f, args, span)?;
    options_of(ev, result, heap, k, span)
}

/// The options of `k` from what the ruleset listed: each a list of heap
/// sizes (`heap`) or of coordinates.
fn options_of(
    ev: &mut Eval<'_>,
    result: Value,
    heap: bool,
    k: Key,
    span: Span,
) -> Result<Vec<Vec<Key>>> {
    let result = ev.frozen(result, span)?;
    let bad = |ev: &Eval<'_>, what: &str| {
        let expected = if heap {
            "a list of options, each a list of heap sizes (e.g. [[1, 2], [3]])"
        } else {
            "a list of options, each coordinates (a, b) or a list of them"
        };
        ev.error(
            span,
            ErrorKind::InvalidInput,
            format!("the ruleset's function gave {what}; it must give {expected}"),
        )
    };
    let (Value::List(items) | Value::Set(items)) = &result else {
        return Err(bad(ev, result.kind_name()));
    };
    let position = if heap { format!("heap {}", k.0) } else { format!("({}, {})", k.0, k.1) };
    let size = |ev: &Eval<'_>, v: &Value| -> Result<u64> {
        match v.as_integer() {
            Some(n) if n.sign() == num_bigint::Sign::Minus => Err(ev.error(
                span,
                ErrorKind::InvalidInput,
                format!("the ruleset's function gave the negative size {n} for {position}"),
            )),
            Some(n) => n.to_u64().ok_or_else(|| {
                ev.error(
                    span,
                    ErrorKind::LimitExceeded,
                    format!("the ruleset's function gave the size {n} for {position}: too large"),
                )
            }),
            None => Err(bad(ev, &format!("{} as a size", v.kind_name()))),
        }
    };
    let mut options = Vec::with_capacity(items.len());
    for item in items {
        let parts: Vec<Key> = match (heap, item) {
            (true, Value::List(heaps) | Value::Set(heaps)) => {
                heaps.iter().map(|h| size(ev, h).map(|n| (n, 0))).collect::<Result<_>>()?
            }
            (true, n) => vec![(size(ev, n)?, 0)],
            (false, Value::Pair(a, b)) => vec![(size(ev, a)?, size(ev, b)?)],
            (false, Value::List(coords) | Value::Set(coords)) => coords
                .iter()
                .map(|c| match c {
                    Value::Pair(a, b) => Ok((size(ev, a)?, size(ev, b)?)),
                    other => Err(bad(ev, other.kind_name())),
                })
                .collect::<Result<_>>()?,
            (false, other) => return Err(bad(ev, other.kind_name())),
        };
        options.push(parts);
    }
    Ok(options)
}

/// The options of `(n, m)` in `TakeAway(f)`: take `a` tokens, `1 ≤ a ≤
/// min(n, f(m))`, to `(n − a, a)`.
fn take_away(ev: &mut Eval<'_>, f: &Closure, (n, m): Key, span: Span) -> Result<Vec<Vec<Key>>> {
    let limit = ev.apply(f, vec![(None, Value::int(m), span)], span)?;
    let most = match &limit {
        Value::Number(q) => q.to_big().floor().to_integer(),
        Value::Infinity(false) => num_bigint::BigInt::from(n),
        other => {
            return Err(ev.error(
                span,
                ErrorKind::InvalidInput,
                format!(
                    "TakeAway's function gave {}; it must give the most a move may take (a number)",
                    other.kind_name()
                ),
            ));
        }
    };
    let most = most
        .to_u64()
        .map_or(if most.sign() == num_bigint::Sign::Minus { 0 } else { n }, |x| x.min(n));
    Ok((1..=most).map(|a| vec![(n - a, a)]).collect())
}

/// `p(args…)` of a user's function, which must give true or false.
fn predicate(ev: &mut Eval<'_>, f: &Closure, args: &[u64], name: &str, span: Span) -> Result<bool> {
    let args = args.iter().map(|&a| (None, Value::int(a), span)).collect();
    match ev.apply(f, args, span)? {
        Value::Bool(b) => Ok(b),
        other => Err(ev.error(
            span,
            ErrorKind::InvalidInput,
            format!("{name}'s function gave {}; it must give true or false", other.kind_name()),
        )),
    }
}

/// The options of `(n, m)` in `GenMem(p)`: take `a`, `1 ≤ a ≤ n`, when
/// `p(m, a)`, to `(n − a, a)`.
fn gen_mem(ev: &mut Eval<'_>, f: &Closure, (n, m): Key, span: Span) -> Result<Vec<Vec<Key>>> {
    let mut out = Vec::new();
    for a in 1..=n {
        if predicate(ev, f, &[m, a], "GenMem", span)? {
            out.push(vec![(n - a, a)]);
        }
    }
    Ok(out)
}

/// The options of `(m, n)` in `GenWythoff(f)`, in CGSuite's order: from
/// the first heap, from the second, then `k` from the first and `l ≥ k`
/// from the second with `l < f(k)`, then `l` from the second and `k > l`
/// from the first with `k < f(l)`.
fn gen_wythoff(ev: &mut Eval<'_>, f: &Closure, (m, n): Key, span: Span) -> Result<Vec<Vec<Key>>> {
    let mut bounds: FxHashMap<u64, i128> = FxHashMap::default();
    let mut bound = |ev: &mut Eval<'_>, k: u64| -> Result<i128> {
        if let Some(&b) = bounds.get(&k) {
            return Ok(b);
        }
        let v = ev.apply(f, vec![(None, Value::int(k), span)], span)?;
        let b = v.as_integer().and_then(|n| num_traits::ToPrimitive::to_i128(&*n)).ok_or_else(
            || {
                ev.error(
                    span,
                    ErrorKind::InvalidInput,
                    format!(
                        "GenWythoff's function gave {}; it must give an integer",
                        v.kind_name()
                    ),
                )
            },
        )?;
        bounds.insert(k, b);
        Ok(b)
    };
    let diag = m.min(n);
    let mut out: Vec<Vec<Key>> = (1..=m).map(|a| vec![(m - a, n)]).collect();
    out.extend((1..=n).map(|b| vec![(m, n - b)]));
    for k in 1..=diag {
        let top = (bound(ev, k)? - 1).min(i128::from(n));
        let mut l = i128::from(k);
        while l <= top {
            out.push(vec![(m - k, n - l as u64)]);
            l += 1;
        }
    }
    for l in 1..=diag {
        let top = (bound(ev, l)? - 1).min(i128::from(m));
        let mut k = i128::from(l) + 1;
        while k <= top {
            out.push(vec![(m - k as u64, n - l)]);
            k += 1;
        }
    }
    Ok(out)
}

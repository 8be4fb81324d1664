//! Sets and maps of values of any class, and CGSuite's order on values
//! (what a set's elements and a sorted list follow): what
//! [`Eval::make_set`], [`Eval::make_map`] and [`Eval::universal_order`]
//! answer.

use num_rational::BigRational;

use crate::error::Result;
use crate::lang::runtime::context::Eval;
use crate::lang::syntax::lexer::Span;
use crate::lang::value::map::MapEntries;
use crate::lang::value::{Value, is_plain};

/// A set of `items`: duplicates dropped; games (numbers among them)
/// become a set of games, printed in CGSuite's order; other sets keep
/// numbers first, in increasing order, then the rest as given.
pub(crate) fn make_set(ev: &mut Eval<'_>, items: Vec<Value>, span: Span) -> Result<Value> {
    let all_games = items.iter().all(|v| match v {
        Value::Number(q) => crate::lang::value::is_dyadic(&q.to_big()),
        Value::Game(_) => true,
        _ => false,
    });
    if all_games && !items.is_empty() {
        let mut ids = Vec::with_capacity(items.len());
        for item in items {
            ids.push(ev.game_of(&item, span, "a set")?);
        }
        ids.sort_unstable();
        ids.dedup();
        ev.arena(span, |a| a.sort_for_display(&mut ids))?;
        return Ok(Value::GameSet(ids));
    }
    let mut numbers: Vec<BigRational> = Vec::new();
    let mut rest: Vec<Value> = Vec::new();
    // Transfinite numbers are kept in lowest terms: equal ones are
    // equal as written.
    let mut transfinite = rustc_hash::FxHashSet::default();
    // Values whose `==` is their equality as held are found by hashing.
    #[allow(clippy::mutable_key_type, reason = "plain values hold nothing mutable")]
    let mut plain: rustc_hash::FxHashSet<Value> = rustc_hash::FxHashSet::default();
    for item in items {
        match item {
            Value::Number(q) => numbers.push(q.to_big().into_owned()),
            Value::Transfinite(x) => {
                if transfinite.insert(x.clone()) {
                    rest.push(Value::Transfinite(x));
                }
            }
            other if is_plain(&other) => {
                if plain.insert(other.clone()) {
                    rest.push(other);
                }
            }
            other => {
                let mut seen = false;
                for r in rest.iter().filter(|r| !is_plain(r)) {
                    if ev.equal(r, &other, span)? {
                        seen = true;
                        break;
                    }
                }
                if !seen {
                    rest.push(other);
                }
            }
        }
    }
    numbers.sort();
    numbers.dedup();
    rest.extend(numbers.into_iter().map(Value::number));
    Ok(Value::Set(ev.universal_order(rest, span)?))
}

/// A map of `pairs`: a later entry with an equal key replaces an earlier
/// one's value.
pub(crate) fn make_map(ev: &mut Eval<'_>, pairs: Vec<(Value, Value)>, span: Span) -> Result<Value> {
    let mut map = MapEntries::new();
    for (k, v) in pairs {
        map.insert(k, v, &mut |a, b| ev.equal(a, b, span))?;
    }
    Ok(Value::Map(map))
}

/// Distinct values in CGSuite's universal order, as far as onag has it:
/// `Nothing`, numbers (increasing, transfinite ones among them), games (in CGSuite's display order),
/// loopy pseudonumbers (increasing), other loopy games as given, then
/// the other values by their class in CGSuite's order of classes:
/// booleans (`true` first, as CGSuite's hash codes put it), strings
/// (alphabetical), then coordinates, lists, sets and maps as given, an
/// enum's elements in the enum's order.
/// (CGSuite orders loopy games by class and then by hash codes, and
/// coordinates, lists and sets element by element, which onag does not
/// copy.)
pub(crate) fn universal_order(
    ev: &mut Eval<'_>,
    values: Vec<Value>,
    span: Span,
) -> Result<Vec<Value>> {
    let mut nothing = Vec::new();
    let mut numbers: Vec<BigRational> = Vec::new();
    let mut transfinite = Vec::new();
    let mut games = Vec::new();
    let mut pseudonumbers = Vec::new();
    let mut loopy = Vec::new();
    let mut booleans = Vec::new();
    let mut strings: Vec<String> = Vec::new();
    let mut rest = Vec::new();
    for v in values {
        match v {
            Value::Nothing => nothing.push(Value::Nothing),
            Value::Bool(b) => booleans.push(b),
            Value::Number(q) => numbers.push(q.to_big().into_owned()),
            Value::Transfinite(x) => transfinite.push((*x).clone()),
            Value::Game(g) => games.push(g),
            Value::Loopy(sided) => {
                if crate::lang::members::loopy::class(ev, &sided, span)? == "game.Pseudonumber" {
                    let stops =
                        crate::loopy::partizan::stops::stops(&sided.onside, &mut ev.state.arena)
                            .map_err(|e| ev.locate(e, span))?;
                    pseudonumbers.push((stops.left, Value::Loopy(sided)));
                } else {
                    loopy.push(Value::Loopy(sided));
                }
            }
            Value::Str(s) => strings.push(s),
            other => rest.push(other),
        }
    }
    numbers.sort();
    let numbers = with_transfinite(ev, numbers, transfinite, span)?;
    ev.arena(span, |a| a.sort_for_display(&mut games))?;
    // A pseudonumber is its own stop, and stops are ordered as games.
    pseudonumbers.sort_by(|a, b| a.0.cmp(&b.0));
    strings.sort();
    booleans.sort_by(|a, b| b.cmp(a));
    // A class's place in CGSuite's order (coordinates before lists).
    let class_rank = |v: &Value| match v {
        Value::Pair(..) => 0,
        Value::List(_) | Value::Range(_) => 1,
        Value::Set(_) | Value::GameSet(_) => 2,
        Value::Map(_) => 3,
        Value::Mutable(_) => 4,
        _ => 5,
    };
    // An enum's elements in the order the enum lists them.
    let element = |v: &Value| match v {
        Value::Object(o) if !o.class.elements.is_empty() => {
            Some((o.class.id, o.fields.first().and_then(Value::as_usize)))
        }
        _ => None,
    };
    rest.sort_by_key(|v| (class_rank(v), element(v)));
    Ok(nothing
        .into_iter()
        .chain(numbers)
        .chain(games.into_iter().map(Value::Game))
        .chain(pseudonumbers.into_iter().map(|(_, v)| v))
        .chain(loopy)
        .chain(booleans.into_iter().map(Value::Bool))
        .chain(strings.into_iter().map(Value::Str))
        .chain(rest)
        .collect())
}

/// Sorted numbers merged with transfinite numbers in the order of
/// surreal numbers.
fn with_transfinite(
    ev: &Eval<'_>,
    numbers: Vec<BigRational>,
    transfinite: Vec<crate::number::surreal::Surreal>,
    span: Span,
) -> Result<Vec<Value>> {
    if transfinite.is_empty() {
        return Ok(numbers.into_iter().map(Value::number).collect());
    }
    let mut all: Vec<crate::number::surreal::Surreal> = numbers
        .iter()
        .map(crate::number::surreal::Surreal::from_rational)
        .chain(transfinite)
        .collect();
    // Insertion by binary search: a comparison can fail (past the
    // bounds on size), which a sort's comparator cannot report.
    let mut sorted: Vec<crate::number::surreal::Surreal> = Vec::with_capacity(all.len());
    for x in all.drain(..) {
        let (mut lo, mut hi) = (0, sorted.len());
        while lo < hi {
            let mid = (lo + hi) / 2;
            if sorted[mid].compare(&x).map_err(|e| ev.locate(e, span))?.is_le() {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        sorted.insert(lo, x);
    }
    Ok(sorted.into_iter().map(crate::lang::classes::transfinite::value).collect())
}

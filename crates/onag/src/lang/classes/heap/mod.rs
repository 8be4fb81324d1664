//! Impartial members and heap rulesets in the calculator, wired to the
//! library: nim arithmetic on integers ([`crate::nimber`]) and heap games
//! ([`crate::impartial::heap`]).
//!
//! `game.heap.Nim` is the subtraction game "all but nothing" (remove any
//! number), so Nim and `Subtraction(...)` share one engine: a Grundy table with
//! a proved periodicity. Kayles (`0.77`), Dawson's Kayles (`0.07`) and
//! `TakeAndBreak("code")` use the take-and-break engine, whose periods are
//! certified by the octal periodicity theorem. A heap position `R(n)` answers
//! `NimValue` from the table up to its heap (at most [`MAX_LIST`] values, and
//! the budget), or through a certified period for heaps beyond it, and
//! `MisereNimValue` and `Genus` by the misère search, bounded by
//! [`DEFAULT_MISERE_POSITIONS`] and [`DEFAULT_GENUS_POSITIONS`] unless the
//! user set a position limit. In normal play a heap position is an impartial
//! game worth the nimber of its nim value, which is how it takes part in sums
//! and comparisons ([`nimber_of_position`]).
//!
//! Rulesets are equal when they are the same game: CGSuite defines Nim and
//! subtraction games as take-and-break codes, so they compare by normalised
//! code (`TakeAndBreak("0.77") == game.heap.Kayles`), and codes print
//! normalised (`TakeAndBreak("04.30")` prints `game.heap.TakeAndBreak("4.3")`).

pub(crate) mod classic;
pub(crate) mod user_rules;

use num_bigint::{BigInt, BigUint, Sign};
use num_traits::{CheckedSub, ToPrimitive};

use crate::error::{ErrorKind, Result};
use crate::lang::runtime::context::{Eval, MAX_LIST};
use crate::lang::syntax::lexer::Span;
use crate::lang::value::Value;
use crate::lang::value::rules::Ruleset;
use std::ops::ControlFlow;

use crate::impartial::heap::spawning::Spawning;
use crate::impartial::heap::subtraction::{self, Analysis, SubtractionSet};
use crate::impartial::heap::{HeapRuleset, TakeAndBreak};
use crate::impartial::misere::MisereSolver;
use crate::nimber::NimberBig;

/// How many heap values a subtraction game's `NimValue` searches for a period
/// before it computes the table up to the heap.
const SEARCH: u64 = 100_000;

/// The first stage of a heap's search for its value (see [`heap_value`]).
const FIRST_STAGE: u64 = 1 << 10;

/// The position limit of a misère value search when the user set none (the
/// same as `onag octal --sum`): misère positions are multisets of heaps, so an
/// unbounded search soon exhausts memory.
pub const DEFAULT_MISERE_POSITIONS: u64 = 300_000;

/// The position limit of a genus computation when the user set none (the same
/// as `onag octal --genus`).
pub const DEFAULT_GENUS_POSITIONS: u64 = 2_000_000;

/// A subtraction game seen as a heap ruleset (for the misère search).
struct SubtractionRule<'a>(&'a SubtractionSet);

impl HeapRuleset for SubtractionRule<'_> {
    fn for_each_option(&self, heap: usize, f: &mut dyn FnMut(&[usize]) -> ControlFlow<()>) {
        for k in 1..=heap {
            if self.0.contains(k as u64) {
                let left = heap - k;
                let option: &[usize] = if left == 0 { &[] } else { &[left] };
                if f(option).is_break() {
                    return;
                }
            }
        }
    }

    fn name(&self) -> String {
        "subtraction game".to_string()
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
    let code = |code: &str| {
        TakeAndBreak::parse(code)
            .ok()
            .map(|t| Ruleset::TakeAndBreak(t, format!("game.heap.{short}")))
    };
    match short {
        "Nim" => Some(Ruleset::Nim),
        "Kayles" => code("0.77"),
        "DawsonsKayles" => code("0.07"),
        "GrundysGame" => code("4!.0"),
        _ => None,
    }
}

/// `TakeAndBreak("0.137")`.
pub(crate) fn take_and_break(
    ev: &mut Eval<'_>,
    args: &[(Option<String>, Value, Span)],
    span: Span,
) -> Result<Value> {
    let [(None, Value::Str(text), at)] = args else {
        return Err(ev.error(
            span,
            ErrorKind::InvalidInput,
            "TakeAndBreak takes one code string, e.g. TakeAndBreak(\"0.137\")",
        ));
    };
    let code = TakeAndBreak::parse(text).map_err(|e| {
        let column = e.location().map_or(0, |l| l.column);
        let offset = at.start + column;
        ev.error(Span::new(offset, offset), e.kind(), format!("TakeAndBreak: {}", e.message()))
    })?;
    Ok(Value::ruleset(code_ruleset(code)))
}

/// The heap ruleset of a take-and-break code, named as CGSuite writes it
/// (`game.heap.TakeAndBreak("0.77")`).
pub(crate) fn code_ruleset(code: TakeAndBreak) -> Ruleset {
    let mut name = String::from("game.heap.TakeAndBreak(");
    crate::lang::value::write_string(&mut name, &code.to_string());
    name.push(')');
    Ruleset::TakeAndBreak(code, name)
}

/// `game.heap.TakeAndBreak.FromSubtractionSet(set, digit ? "3", allbut ?
/// false)`: `digit` at each position of the set (at every other with
/// `allbut`).
pub(crate) fn from_subtraction_set(
    ev: &mut Eval<'_>,
    args: &[(Option<String>, Value, Span)],
    span: Span,
) -> Result<Value> {
    let usage = "FromSubtractionSet(set, digit ? \"3\", allbut ? false), e.g. \
                 game.heap.TakeAndBreak.FromSubtractionSet([2,3,5,9], \"3\")";
    let mut set = None;
    let mut digit = String::from("3");
    let mut all_but = false;
    for (i, (name, value, at)) in args.iter().enumerate() {
        match (
            name.as_deref()
                .unwrap_or(["subtset", "codeDigit", "allbut"].get(i).copied().unwrap_or("")),
            value,
        ) {
            ("subtset", v) => {
                let Some(items) = ev.collection_items(v) else {
                    return Err(ev.error(*at, ErrorKind::InvalidInput, usage));
                };
                let numbers: Option<Vec<usize>> = items.iter().map(|x| x.as_usize()).collect();
                set = Some(numbers.ok_or_else(|| ev.error(*at, ErrorKind::InvalidInput, usage))?);
            }
            ("codeDigit", Value::Str(d)) => digit = d.clone(),
            ("allbut", Value::Bool(b)) => all_but = *b,
            _ => return Err(ev.error(*at, ErrorKind::InvalidInput, usage)),
        }
    }
    let Some(set) = set else {
        return Err(ev.error(span, ErrorKind::InvalidInput, usage));
    };
    let bad = |ev: &Eval<'_>, message: String| ev.error(span, ErrorKind::InvalidInput, message);
    // One digit exactly: followed by a 1, it makes a code of three digits.
    let single = TakeAndBreak::parse(&format!("0.{digit}1"))
        .ok()
        .filter(|c| c.digits().len() == 3 && c.repeat_from().is_none())
        .map(|c| c.digit(1))
        .ok_or_else(|| bad(ev, format!("FromSubtractionSet: \"{digit}\" is not one code digit")))?;
    let code = TakeAndBreak::from_set_with_digit(&set, single, all_but)
        .map_err(|e| bad(ev, format!("FromSubtractionSet: {}", e.message())))?;
    Ok(Value::ruleset(code_ruleset(code)))
}

/// `Spawning("1-3")`: the heap form of a coin-turning rule.
pub(crate) fn spawning(
    ev: &mut Eval<'_>,
    args: &[(Option<String>, Value, Span)],
    span: Span,
) -> Result<Value> {
    let [(None, Value::Str(text), at)] = args else {
        return Err(ev.error(
            span,
            ErrorKind::InvalidInput,
            "Spawning takes one turning code, e.g. Spawning(\"1-3\")",
        ));
    };
    let rule = crate::impartial::coins::CoinRule::parse(text).map_err(|e| {
        let column = e.location().map_or(0, |l| l.column);
        let offset = at.start + column;
        ev.error(Span::new(offset, offset), e.kind(), format!("Spawning: {}", e.message()))
    })?;
    Ok(Value::ruleset(Ruleset::Spawning(rule)))
}

/// The heap values `g(0..=upto)` of a spawning game.
fn spawning_values(
    ev: &mut Eval<'_>,
    rule: &crate::impartial::coins::CoinRule,
    upto: u64,
    span: Span,
) -> Result<Vec<u32>> {
    let upto = usize::try_from(upto)
        .map_err(|_| ev.error(span, ErrorKind::LimitExceeded, "the heap is too large"))?;
    if let Some(known) = ev.state.spawning.get(rule.code())
        && known.len() > upto
    {
        return Ok(known[..=upto].to_vec());
    }
    let values = Spawning::new(rule.clone(), ev.budget.clone())
        .values(upto, ev.budget)
        .map_err(|e| ev.locate(e, span))?;
    ev.state.spawning.insert(rule.code().to_string(), values.clone());
    Ok(values)
}

/// The heap values `g(0..=upto)` of a take-and-break game, with its certified period.
fn code_sequence(
    ev: &mut Eval<'_>,
    code: &TakeAndBreak,
    upto: u64,
    span: Span,
) -> Result<crate::impartial::heap::GrundySequence> {
    let upto = usize::try_from(upto)
        .map_err(|_| ev.error(span, ErrorKind::LimitExceeded, "the heap is too large"))?;
    let mut sequence = code.sequence(upto, ev.budget).map_err(|e| ev.locate(e, span))?;
    crate::impartial::heap::arith::certify_sequence(code, &mut sequence);
    Ok(sequence)
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
        let items =
            if name.is_none() && members.is_none() { ev.collection_items(value) } else { None };
        match (name.as_deref(), value) {
            (None, _) if items.is_some() => {
                let items = items.unwrap_or_default();
                let mut set = Vec::with_capacity(items.len());
                for item in &items {
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
    Ok(Value::ruleset(Ruleset::Subtraction(set)))
}

fn analyze(
    ev: &mut Eval<'_>,
    set: &SubtractionSet,
    upto: u64,
    search: u64,
    span: Span,
) -> Result<Analysis> {
    subtraction::analyze(set, upto, search, ev.budget).map_err(|e| ev.locate(e, span))
}

fn count_arg(ev: &Eval<'_>, name: &str, args: &[(Value, Span)], span: Span) -> Result<u64> {
    let [(v, at)] = args else {
        return Err(ev.error(span, ErrorKind::InvalidInput, format!("{name} takes 1 argument")));
    };
    // Heaps 0..=n: n + 1 values, at most MAX_LIST of them.
    non_negative(ev, name, v, *at)?.to_u64().filter(|&n| n < MAX_LIST).ok_or_else(|| {
        ev.error(
            *at,
            ErrorKind::LimitExceeded,
            format!(
                "{name}: the count is larger than {} (heaps 0 to n need n + 1 values, at most {MAX_LIST})",
                MAX_LIST - 1
            ),
        )
    })
}

/// `R.NimValueSequence(n)`: the nim values of heaps 1..n.
pub(crate) fn nim_value_sequence(
    ev: &mut Eval<'_>,
    rules: &Ruleset,
    args: &[(Value, Span)],
    span: Span,
) -> Result<Value> {
    let n = count_arg(ev, "NimValueSequence", args, span)?;
    let table: Vec<u32> = match (rules.set(), rules) {
        (Some(set), _) => analyze(ev, &set, n, 0, span)?.table,
        (None, Ruleset::TakeAndBreak(code, _)) => code_sequence(ev, code, n, span)?.values,
        (None, Ruleset::Spawning(rule)) => spawning_values(ev, rule, n, span)?,
        _ => Vec::new(),
    };
    let values = table.iter().skip(1).take(n as usize).map(|&g| Value::int(g));
    Ok(Value::List(values.collect()))
}

/// `R.CheckPeriodicity(n)`: the period certified among heaps 0..n, or `Nothing`.
pub(crate) fn check_periodicity(
    ev: &mut Eval<'_>,
    rules: &Ruleset,
    args: &[(Value, Span)],
    span: Span,
) -> Result<Value> {
    let n = count_arg(ev, "CheckPeriodicity", args, span)?;
    let found = match (rules.set(), rules) {
        (Some(set), _) => {
            analyze(ev, &set, n, n, span)?.periodicity.map(|p| (p.period, p.preperiod, p.saltus))
        }
        (None, Ruleset::TakeAndBreak(code, _)) => code_sequence(ev, code, n, span)?
            .certified
            .map(|p| (p.period as u64, p.preperiod as u64, u64::from(p.saltus))),
        (None, Ruleset::Spawning(_)) => {
            return Err(ev.error(
                span,
                ErrorKind::InvalidInput,
                "CheckPeriodicity: only subtraction and take-and-break games have certified periods",
            ));
        }
        _ => None,
    };
    Ok(match found {
        Some((period, preperiod, saltus)) => Value::Periodicity { period, preperiod, saltus },
        None => Value::Nothing,
    })
}

/// How many values a heap table may hold: [`MAX_LIST`], or fewer under the budget.
fn table_cap(ev: &Eval<'_>) -> u64 {
    ev.budget.max_positions().map_or(MAX_LIST, |max| max.min(MAX_LIST))
}

fn out_of_reach(ev: &Eval<'_>, heap: &BigUint, searched: u64, span: Span) -> crate::Error {
    let hint = if searched < MAX_LIST {
        "raise --max-positions to search further".to_string()
    } else {
        format!("heaps beyond {} need a period", MAX_LIST - 1)
    };
    ev.error(
        span,
        ErrorKind::LimitExceeded,
        format!(
            "no period found in the first {searched} values: heap {heap} is out of reach ({hint})"
        ),
    )
}

/// The values of a take-and-break game up to `upto`, or up to a certified
/// (possibly arithmetic) period, whichever comes first.
fn code_sequence_until(
    ev: &mut Eval<'_>,
    code: &TakeAndBreak,
    upto: u64,
    span: Span,
) -> Result<crate::impartial::heap::GrundySequence> {
    let mut sequence = code.sequence_until(upto, ev.budget).map_err(|e| ev.locate(e, span))?;
    crate::impartial::heap::arith::certify_sequence(code, &mut sequence);
    Ok(sequence)
}

/// The value of a heap of any size: from the table, or through the certified period.
fn sequence_value(
    sequence: &crate::impartial::heap::GrundySequence,
    heap: &BigUint,
) -> Option<BigUint> {
    if let Some(&g) = heap.to_usize().and_then(|n| sequence.values.get(n)) {
        return Some(BigUint::from(g));
    }
    let p = sequence.certified?;
    let offset = heap.checked_sub(&BigUint::from(p.preperiod))?;
    let index = (&offset % p.period).to_usize()? + p.preperiod;
    let base = *sequence.values.get(index)?;
    Some(BigUint::from(base) + (offset / p.period) * p.saltus)
}

/// The normal-play value of a heap of `heap`: from the table of heaps up to it
/// when it fits (fewer than [`MAX_LIST`] values and the budget), else through
/// a period found among the values the table may hold.
pub(crate) fn heap_value(
    ev: &mut Eval<'_>,
    rules: &Ruleset,
    heap: &BigUint,
    span: Span,
) -> Result<BigUint> {
    let cap = table_cap(ev);
    let within = heap.to_u64().filter(|&h| h < MAX_LIST);
    match (rules.set(), rules) {
        (Some(set), _) => {
            let analysis = match within {
                Some(h) => analyze(ev, &set, h, SEARCH.min(cap), span)?,
                None => analyze(ev, &set, 0, cap, span)?,
            };
            analysis.value(heap).ok_or_else(|| out_of_reach(ev, heap, cap, span))
        }
        (None, Ruleset::TakeAndBreak(code, _)) => {
            // Search in stages, each eight times longer, so that a period
            // certified early (an arithmetic one only afterwards, from the
            // values) answers before the whole table is computed.
            let last = within.unwrap_or(cap.saturating_sub(1));
            let mut upto = last.min(FIRST_STAGE);
            loop {
                let sequence = code_sequence_until(ev, code, upto, span)?;
                if let Some(value) = sequence_value(&sequence, heap) {
                    return Ok(value);
                }
                if upto >= last {
                    return Err(out_of_reach(ev, heap, cap, span));
                }
                let next = upto.saturating_mul(8);
                upto = if next >= last / 2 { last } else { next };
            }
        }
        (None, Ruleset::Spawning(rule)) => {
            let h = within.filter(|&h| h < cap).ok_or_else(|| {
                ev.error(
                    span,
                    ErrorKind::LimitExceeded,
                    format!(
                        "heap {heap}: spawning games are computed heap by heap, up to {}",
                        cap.saturating_sub(1)
                    ),
                )
            })?;
            Ok(BigUint::from(spawning_values(ev, rule, h, span)?[h as usize]))
        }
        _ => Err(out_of_reach(ev, heap, 0, span)),
    }
}

/// The budget of a misère search: the user's position limit, or `default`.
fn misere_budget(ev: &Eval<'_>, default: u64) -> crate::Budget {
    if ev.state.position_limit_given {
        return ev.budget.clone();
    }
    let max = ev.budget.max_positions().map_or(default, |m| m.min(default));
    ev.budget.clone().with_max_positions(max)
}

/// What a misère member of a heap position asks for.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum MisereWant {
    /// `MisereNimValue`.
    Value,
    /// `Genus`.
    Genus,
    /// `MisereCanonicalForm`.
    Form,
}

/// `MisereNimValue`, `Genus` or `MisereCanonicalForm` of a heap position
/// `R(n)`, by the misère search.
pub(crate) fn misere(
    ev: &mut Eval<'_>,
    rules: &Ruleset,
    heap: &BigUint,
    want: MisereWant,
    span: Span,
) -> Result<Value> {
    let name = match want {
        MisereWant::Value => "MisereNimValue",
        MisereWant::Genus => "Genus",
        MisereWant::Form => "MisereCanonicalForm",
    };
    let n = heap.to_usize().filter(|&n| n as u64 <= SEARCH).ok_or_else(|| {
        ev.error(span, ErrorKind::LimitExceeded, format!("{name} searches heaps up to {SEARCH}"))
    })?;
    let default =
        if want == MisereWant::Value { DEFAULT_MISERE_POSITIONS } else { DEFAULT_GENUS_POSITIONS };
    let budget = misere_budget(ev, default);
    let Some(moves) = Moves::of(rules, &budget) else {
        return Err(out_of_reach(ev, heap, 0, span));
    };
    // Name the member in a limit's message: "MisereNimValue: 300001 positions exceed ...".
    let named = |e: crate::Error| crate::Error::new(e.kind(), format!("{name}: {}", e.message()));
    let value = moves.with(|rule| {
        let mut solver = MisereSolver::new(rule);
        match want {
            MisereWant::Value => solver.misere_value(&[n], &budget).map(Value::int),
            MisereWant::Genus => solver.genus(&[n], &budget).map(|g| Value::Genus(g.to_string())),
            MisereWant::Form => solver
                .canonical_form(&[n], &budget)
                .map(|f| Value::Misere(ev.state.misere.import(solver.forms(), f))),
        }
    });
    // An option list cut short by the budget would give a wrong answer.
    if let Some(e) = moves.cut_short() {
        return Err(ev.locate(named(e), span));
    }
    value.map_err(|e| ev.locate(named(e), span))
}

/// The moves of a heap ruleset, for the searches that walk them.
enum Moves {
    Subtraction(SubtractionSet),
    Code(TakeAndBreak),
    Spawning(Box<Spawning>),
}

impl Moves {
    /// The moves of `rules`; a spawning game's lists are bounded by `budget`.
    fn of(rules: &Ruleset, budget: &crate::Budget) -> Option<Moves> {
        if let Some(set) = rules.set() {
            return Some(Moves::Subtraction(set));
        }
        match rules {
            Ruleset::TakeAndBreak(code, _) => Some(Moves::Code(code.clone())),
            Ruleset::Spawning(rule) => {
                Some(Moves::Spawning(Box::new(Spawning::new(rule.clone(), budget.clone()))))
            }
            _ => None,
        }
    }

    /// Runs `f` on the moves as a [`HeapRuleset`].
    fn with<T>(&self, f: impl FnOnce(&dyn HeapRuleset) -> T) -> T {
        match self {
            Moves::Subtraction(set) => f(&SubtractionRule(set)),
            Moves::Code(code) => f(code),
            Moves::Spawning(s) => f(s.as_ref()),
        }
    }

    /// The error that cut an option list short, if any.
    fn cut_short(&self) -> Option<crate::Error> {
        match self {
            Moves::Spawning(s) => s.take_error(),
            _ => None,
        }
    }
}

/// Heaps up to which `Options` lists a heap position's moves.
const OPTIONS_HEAP: u64 = 10_000_000;

/// The options of a heap of `n` in `rules`, each the list of heaps it
/// leaves (empty heaps dropped, sizes ascending), as CGSuite lists a
/// take-and-break game's: by tokens removed (fewest first), then by number
/// of heaps left, then by the heaps in increasing order; each once.
pub(crate) fn heap_options(
    ev: &Eval<'_>,
    rules: &Ruleset,
    heap: &BigUint,
    span: Span,
) -> Result<Vec<Vec<usize>>> {
    let n = heap.to_usize().filter(|&n| n as u64 <= OPTIONS_HEAP).ok_or_else(|| {
        ev.error(
            span,
            ErrorKind::LimitExceeded,
            format!("Options lists the moves of heaps up to {OPTIONS_HEAP}"),
        )
    })?;
    let budget = ev.budget.clone();
    let Some(moves) = Moves::of(rules, &budget) else {
        return Err(out_of_reach(ev, heap, 0, span));
    };
    let mut found: Vec<(i128, Vec<usize>)> = Vec::new();
    let mut error = None;
    moves.with(|rule| {
        rule.for_each_option(n, &mut |heaps| {
            if found.len() as u64 >= MAX_LIST {
                error = Some(crate::Error::new(
                    ErrorKind::LimitExceeded,
                    format!("Options: more than {MAX_LIST} moves"),
                ));
                return ControlFlow::Break(());
            }
            if let Err(e) = budget.check(found.len() as u64) {
                error = Some(e);
                return ControlFlow::Break(());
            }
            let mut left: Vec<usize> = heaps.iter().copied().filter(|&h| h > 0).collect();
            left.sort_unstable();
            let removed = n as i128 - left.iter().map(|&h| h as i128).sum::<i128>();
            found.push((removed, left));
            ControlFlow::Continue(())
        })
    });
    if let Some(e) = error.or_else(|| moves.cut_short()) {
        return Err(ev.locate(e, span));
    }
    found.sort_unstable_by(|a, b| (a.0, a.1.len(), &a.1).cmp(&(b.0, b.1.len(), &b.1)));
    found.dedup();
    Ok(found.into_iter().map(|(_, heaps)| heaps).collect())
}

/// `R(n).Options`: the positions a move leads to, in [`heap_options`]'
/// order. A move that leaves nothing is `0`, one heap is a position,
/// several a sum kept as written.
pub(crate) fn options(
    ev: &mut Eval<'_>,
    rules: &Ruleset,
    heap: &BigUint,
    span: Span,
) -> Result<Value> {
    let options = heap_options(ev, rules, heap, span)?
        .into_iter()
        .map(|heaps| {
            let parts = heaps.into_iter().map(|h| Value::heap(rules.clone(), BigUint::from(h)));
            crate::lang::classes::explicit::sum_of(parts.collect())
        })
        .collect();
    Ok(Value::List(options))
}

/// The nimber `*g` a heap or classic position is worth in normal play, `g`
/// its nim value: how positions take part in sums, comparisons and
/// `CanonicalForm` (CGSuite: an impartial game's canonical form is `*NimValue`).
pub(crate) fn nimber_of_position(
    ev: &mut Eval<'_>,
    position: &Value,
    span: Span,
) -> Result<Option<crate::game::GameId>> {
    let value = match position {
        Value::Heap(h) => heap_value(ev, &h.0, &h.1, span)?,
        Value::Classic(p) => {
            let v = crate::lang::classes::heap::classic::nim_value(ev, p, span)?;
            match v.as_integer().and_then(|n| n.to_biguint()) {
                Some(g) => g,
                None => return Err(ev.error(span, ErrorKind::InvalidInput, "no nim value")),
            }
        }
        _ => return Ok(None),
    };
    let g = value.to_u64().ok_or_else(|| {
        ev.error(
            span,
            ErrorKind::Overflow,
            format!(
                "Overflow: the nim value {value} is beyond the nimbers of games (at most {})",
                u64::MAX
            ),
        )
    })?;
    ev.arena(span, |a| a.nimber(g)).map(Some)
}

/// `game.strip.Turning("1-3")`: a coin-turning rule (a name or turning code
/// that [`crate::impartial::coins::CoinRule`] reads).
pub(crate) fn turning(
    ev: &mut Eval<'_>,
    args: &[(Option<String>, Value, Span)],
    span: Span,
) -> Result<Value> {
    let [(None, Value::Str(text), at)] = args else {
        return Err(ev.error(
            span,
            ErrorKind::InvalidInput,
            "Turning takes one rule string, e.g. Turning(\"1-3\")",
        ));
    };
    let rule = crate::impartial::coins::CoinRule::parse(text).map_err(|e| {
        let column = e.location().map_or(0, |l| l.column);
        let offset = at.start + column;
        ev.error(Span::new(offset, offset), e.kind(), format!("Turning: {}", e.message()))
    })?;
    Ok(Value::Turning(Box::new(rule)))
}

/// `Turning("1-3")("htth")`: a row of coins (`h` heads, `t` tails) is worth
/// its canonical form, the nimber of the nim-sum of its heads coins' values.
pub(crate) fn coin_row(
    ev: &mut Eval<'_>,
    rule: &crate::impartial::coins::CoinRule,
    args: &[(Option<String>, Value, Span)],
    span: Span,
) -> Result<Value> {
    let [(None, Value::Str(text), at)] = args else {
        return Err(ev.error(
            span,
            ErrorKind::InvalidInput,
            "a coin-turning rule takes one row of coins, e.g. (\"htth\")",
        ));
    };
    let heads = crate::impartial::coins::parse_strip(text).map_err(|e| {
        let column = e.location().map_or(0, |l| l.column);
        let offset = at.start + column;
        ev.error(Span::new(offset, offset), e.kind(), format!("Turning: {}", e.message()))
    })?;
    let solution = crate::impartial::coins::solve_strip(rule, &heads, ev.budget)
        .map_err(|e| ev.locate(e, span))?;
    let g = ev.arena(span, |a| a.nimber(solution.value))?;
    Ok(ev.game_value(g))
}

/// The ruleset a builtin path or ruleset value names.
pub(crate) fn ruleset_of(target: &Value) -> Option<Ruleset> {
    match target {
        Value::Builtin(path) => plain_ruleset(path.rsplit('.').next().unwrap_or(path)),
        Value::Ruleset(rules) => Some((**rules).clone()),
        _ => None,
    }
}

/// The take-and-break code of a heap ruleset value, as text.
pub(crate) fn ruleset_code(v: &Value) -> Option<String> {
    ruleset_of(v)?.code().map(|c| c.to_string())
}

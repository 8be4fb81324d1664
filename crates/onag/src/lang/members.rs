//! Members (`x.Name(args)`), operators on non-number values, and calls.
//!
//! Each member is backed by a library function of the same meaning. A member
//! that CALCULATOR.md names but no library module provides yet answers with
//! the error "`Name` is not available yet", never a wrong value. [`MEMBERS`]
//! documents every member that works, with an example, and [`RULESET_DOCS`]
//! every ruleset that works (the REPL's `:help` is generated from both);
//! [`known_members`] gathers the names the evaluator answers, so a test can
//! hold the documentation to them.

use num_bigint::{BigInt, Sign};
use num_rational::BigRational;
use num_traits::{One, Signed, Zero};

use super::arith;
use super::ast::{BinOp, UpKind};
use super::classic;
use super::eval::{Eval, sign};
use super::games;
use super::lexer::Span;
use super::rulesets::{self, Ruleset};
use super::value::Value;
use crate::error::{ErrorKind, Result};

/// One member's documentation: name, what it applies to, an example, a summary.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MemberDoc {
    /// The member's name.
    pub name: &'static str,
    /// What kind of value it applies to.
    pub on: &'static str,
    /// An input that uses it.
    pub example: &'static str,
    /// What it computes.
    pub summary: &'static str,
}

const fn doc(
    name: &'static str,
    on: &'static str,
    example: &'static str,
    summary: &'static str,
) -> MemberDoc {
    MemberDoc { name, on, example, summary }
}

/// Every member and named operator that works, with an example.
pub const MEMBERS: &[MemberDoc] = &[
    doc("Floor", "number", "(7/2).Floor", "the largest integer not above it"),
    doc("Reciprocal", "number", "(2/3).Reciprocal", "1 divided by it"),
    doc("Max", "number", "3.Max(5)", "the larger of two numbers (also `3 Max 5`)"),
    doc("Min", "number", "3.Min(5)", "the smaller of two numbers (also `3 Min 5`)"),
    doc("Sign", "number", "(-5).Sign", "-1, 0 or 1"),
    doc("IsInteger", "number", "(6/3).IsInteger", "whether it is an integer"),
    doc("Div", "integer", "17.Div(5)", "integer quotient, rounded down"),
    doc("Isqrt", "integer", "17.Isqrt", "the integer square root, rounded down"),
    doc("Lb", "integer", "17.Lb", "the base-2 logarithm, rounded down"),
    doc("IsTwoPower", "integer", "64.IsTwoPower", "whether it is a power of two"),
    doc("IsEvil", "integer", "5.IsEvil", "whether its binary expansion has an even number of 1s"),
    doc(
        "IsOdious",
        "integer",
        "7.IsOdious",
        "whether its binary expansion has an odd number of 1s",
    ),
    doc("IsEven", "integer", "6.IsEven", "whether it is even"),
    doc("IsOdd", "integer", "7.IsOdd", "whether it is odd"),
    doc(
        "NimSum",
        "integer",
        "5 NimSum 3",
        "nim-sum (bitwise exclusive or) of non-negative integers",
    ),
    doc(
        "NimProduct",
        "integer",
        "8 NimProduct 3",
        "nim product of non-negative integers (also 8.NimProduct(3))",
    ),
    doc(
        "NimDiv",
        "integer",
        "12 NimDiv 3",
        "nim quotient: a NimDiv b is a nim-times b's nim inverse",
    ),
    doc("NimInverse", "integer", "2.NimInverse", "the nim inverse of a positive integer"),
    doc("Length", "list or string", "[1,2,3].Length", "the number of elements or characters"),
    doc("CanonicalForm", "game", "{1|1}.CanonicalForm", "the canonical form"),
    doc("LeftOptions", "game", "{3||2|1}.LeftOptions", "the Left options of the canonical form"),
    doc(
        "LeftOptions",
        "ruleset position",
        "game.grid.Domineering(\"..|..\").LeftOptions",
        "the positions Left can move to, in the ruleset's order",
    ),
    doc(
        "Options",
        "ruleset position",
        "game.grid.Cram(\"...\").Options",
        "every move of either player: LeftOptions then RightOptions",
    ),
    doc(
        "NimValue",
        "impartial ruleset position",
        "game.grid.Cram(\"....|....\").NimValue",
        "the nim value, by Sprague-Grundy on the position's regions",
    ),
    doc("RightOptions", "game", "{3||2|1}.RightOptions", "the Right options of the canonical form"),
    doc("Followers", "game", "^.Followers", "every position reachable, the game included"),
    doc("FollowerCount", "game", "^.FollowerCount", "how many followers"),
    doc("Birthday", "game", "{1|0}.Birthday", "the birthday of the canonical form"),
    doc("OutcomeClass", "game", "{1|0}.OutcomeClass", "L, R, P or N"),
    doc("LeftStop", "game", "{3|-1}.LeftStop", "the Left stop"),
    doc("RightStop", "game", "{3|-1}.RightStop", "the Right stop"),
    doc("Pow", "game {0|H}", "^.Pow(3)", "G^n (^.Pow(n) is ^<n>)"),
    doc("PowTo", "game {0|H}", "^.PowTo(3)", "G^->n (^.PowTo(n) is ^[n])"),
    doc("IsZero", "game", "(*+*).IsZero", "whether it equals 0"),
    doc("IsNumber", "game", "{0|1}.IsNumber", "whether it is a number"),
    doc("IsNimber", "game", "(*2+*3).IsNimber", "whether it is a nimber"),
    doc("IsNumberish", "game", "(1+^).IsNumberish", "whether it is a number plus an infinitesimal"),
    doc(
        "IsInfinitesimal",
        "game",
        "^*.IsInfinitesimal",
        "whether it lies strictly between all negative and all positive numbers",
    ),
    doc(
        "IsAllSmall",
        "game",
        "{0|^}.IsAllSmall",
        "whether every follower with options on both sides is infinitesimal",
    ),
    doc("IsSwitch", "game", "(+-1).IsSwitch", "whether it equals its negative"),
    doc("Mean", "game", "{3||2*|1*}.Mean", "the mean value (mast value of the thermograph)"),
    doc(
        "Temperature",
        "game",
        "{3||2*|1*}.Temperature",
        "the temperature (-1/2^k for a number m/2^k, 0 for other number-up-stars)",
    ),
    doc(
        "Thermograph",
        "game",
        "(+-1).Thermograph",
        "the left and right walls: mast value, critical points, slopes",
    ),
    doc("Cool", "game", "{4|1}.Cool(3/2)", "cooled by a dyadic t > -1 (also `G Cool t`)"),
    doc("Heat", "game", "* Heat 1", "heated by a game t (also `G.Heat(t)`)"),
    doc("Overheat", "game", "1.Overheat(*, 1)", "overheated from s by t"),
    doc(
        "IsEvenTempered",
        "game",
        "3.IsEvenTempered",
        "numbers, and games whose options are all odd-tempered",
    ),
    doc(
        "IsOddTempered",
        "game",
        "(+-1).IsOddTempered",
        "x*, and games whose options are all even-tempered",
    ),
    doc(
        "IsNumberTiny",
        "game",
        "{0||0|-1}.IsNumberTiny",
        "whether it prints as xTiny(y) or xMiny(y) (true of numbers, as in CGSuite)",
    ),
    doc("StopCount", "game", "*3.StopCount", "the number of lines of play that end at a number"),
    doc(
        "IsUptimal",
        "game",
        "{0|v*}.IsUptimal",
        "whether it is x + *m + a1.^ + a2.^<2> + ... (an uptimal)",
    ),
    doc("IsOrdinal", "game", "5.IsOrdinal", "whether it is an ordinal (a non-negative integer)"),
    doc(
        "NortonMultiply",
        "game",
        "(1/2).NortonMultiply(^)",
        "Norton product G.U: G copies of U for an integer G, else {GL.U+U+D | GR.U-U-D} over U's incentives D",
    ),
    doc(
        "ConwayProduct",
        "game",
        "*4 ConwayProduct *4",
        "Conway's product on canonical forms (also .ConwayProduct(h)): times on numbers, nim product on nimbers",
    ),
    doc(
        "OrdinalSum",
        "game",
        "* : 1",
        "the ordinal sum G:H = {G^L, G:H^L | G^R, G:H^R} of the canonical forms (also .OrdinalSum(h))",
    ),
    doc("NimValue", "impartial game", "(*3+*5).NimValue", "the nim value"),
    doc(
        "NimValue",
        "heap position",
        "game.heap.GrundysGame(100001).NimValue",
        "the nim value, from the table of heaps up to it (below 10^7) or a certified period",
    ),
    doc(
        "CanonicalForm",
        "heap position",
        "game.heap.Kayles(5).CanonicalForm",
        "*NimValue: in sums and comparisons a heap position is that nimber",
    ),
    doc(
        "NimValueSequence",
        "heap ruleset",
        "game.heap.Kayles.NimValueSequence(10)",
        "the nim values of heaps 1..n (n below 10^7)",
    ),
    doc(
        "CheckPeriodicity",
        "heap ruleset",
        "game.heap.DawsonsKayles.CheckPeriodicity(2000)",
        "the period certified among heaps 0..n: Periodicity(Period => p, Preperiod => q, Saltus => s), or Nothing",
    ),
    doc(
        "MisereNimValue",
        "heap position",
        "game.heap.Kayles(5).MisereNimValue",
        "the misère nim value (a canonical form forgets misère play: use a heap position)",
    ),
    doc(
        "Genus",
        "heap position",
        "game.heap.Kayles(5).Genus",
        "the misère genus g^(γ0γ1...), printed as CGSuite does: 4^146",
    ),
    doc(
        "AtomicWeight",
        "atomic game",
        "{0|v}.AtomicWeight",
        "how many ups an all-small (or other atomic) infinitesimal is worth",
    ),
    doc("IsAtomic", "game", "{0||0|-1}.IsAtomic", "whether it has an atomic weight"),
    doc(
        "ReducedCanonicalForm",
        "game",
        "{1|^}.ReducedCanonicalForm",
        "the simplest game that differs from it by an infinitesimal",
    ),
    doc(
        "Incentives",
        "game",
        "{2|-1}.Incentives",
        "the undominated incentives G^L-G and G-G^R, as a set",
    ),
    doc(
        "NimValue",
        "Wythoff position",
        "game.heap.Wythoff(3,6).NimValue",
        "the Grundy value of Wythoff's game with heaps a and b (both below 4096)",
    ),
    doc(
        "OutcomeClass",
        "Wythoff position",
        "game.heap.Wythoff(3,5).OutcomeClass",
        "P or N, for heaps of any size",
    ),
    doc(
        "NimValue",
        "Fibonacci Nim heap",
        "game.heap.FibonacciNim(10).NimValue",
        "the Grundy value of a fresh heap (heaps up to 23,168)",
    ),
    doc(
        "OutcomeClass",
        "Fibonacci Nim heap",
        "game.heap.FibonacciNim(13).OutcomeClass",
        "P or N before the first move (P exactly for Fibonacci numbers)",
    ),
];

/// One ruleset's documentation: how it is written, an example, a summary.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RulesetDoc {
    /// The ruleset's short name (`Kayles`).
    pub name: &'static str,
    /// Its CGSuite path with arguments (`game.heap.Kayles`).
    pub path: &'static str,
    /// An input that uses it.
    pub example: &'static str,
    /// What it is.
    pub summary: &'static str,
}

const fn ruleset(
    name: &'static str,
    path: &'static str,
    example: &'static str,
    summary: &'static str,
) -> RulesetDoc {
    RulesetDoc { name, path, example, summary }
}

/// Every ruleset that works, with an example; `R(n)` is a heap of n.
pub const RULESET_DOCS: &[RulesetDoc] = &[
    ruleset("Nim", "game.heap.Nim", "game.heap.Nim(7).NimValue", "remove any number from a heap"),
    ruleset("Kayles", "game.heap.Kayles", "game.heap.Kayles(5) + *4", "the octal game 0.77"),
    ruleset(
        "DawsonsKayles",
        "game.heap.DawsonsKayles",
        "game.heap.DawsonsKayles.CheckPeriodicity(2000)",
        "the octal game 0.07",
    ),
    ruleset(
        "GrundysGame",
        "game.heap.GrundysGame",
        "game.heap.GrundysGame.NimValueSequence(20)",
        "split a heap into two unequal heaps (4!.0)",
    ),
    ruleset(
        "Subtraction",
        "game.heap.Subtraction([a,b,...], allbut => false)",
        "game.heap.Subtraction([2,3,7])(100).NimValue",
        "remove a number in the set (with allbut => true: any number not in it)",
    ),
    ruleset(
        "TakeAndBreak",
        "game.heap.TakeAndBreak(\"code\")",
        "game.heap.TakeAndBreak(\"0.137\").NimValueSequence(10)",
        "an octal or hexadecimal take-and-break code (4!.0, 0.[3], 0.3F; printed normalised)",
    ),
    ruleset(
        "Wythoff",
        "game.heap.Wythoff(a,b)",
        "game.heap.Wythoff(3,5).OutcomeClass",
        "Wythoff's game with heaps a and b",
    ),
    ruleset(
        "FibonacciNim",
        "game.heap.FibonacciNim(n)",
        "game.heap.FibonacciNim(13).OutcomeClass",
        "Fibonacci Nim with a heap of n before the first move",
    ),
    ruleset(
        "Turning",
        "game.strip.Turning(\"rule\")(\"coins\")",
        "game.strip.Turning(\"1-3\")(\"htth\").NimValue",
        "a coin-turning game on a row of coins (h heads, t tails)",
    ),
];

/// Every member name the evaluator answers for some value.
pub fn known_members() -> Vec<&'static str> {
    let mut names: Vec<&'static str> = NUMBER_MEMBERS
        .iter()
        .chain(games::GAME_MEMBERS)
        .chain(rulesets::POSITION_MEMBERS)
        .chain(rulesets::RULESET_MEMBERS)
        .chain(classic::MEMBERS)
        .chain(super::partizan::MEMBERS)
        .chain(LIST_MEMBERS)
        .copied()
        .collect();
    names.sort_unstable();
    names.dedup();
    names
}

/// Rulesets CGSuite has that the calculator does not (they answer "not
/// available yet"), by short name.
pub fn unavailable_rulesets() -> Vec<&'static str> {
    RULESETS
        .iter()
        .copied()
        .filter(|r| !RULESET_DOCS.iter().any(|d| d.name == *r))
        .filter(|r| super::partizan::find(r).is_none())
        .collect()
}

/// Every ruleset of the catalog as the calculator writes it, with an example
/// that values a position: `(path, example, summary)`.
pub fn catalog_docs() -> Vec<(String, String, &'static str)> {
    crate::ruleset::catalog::rulesets()
        .map(|r| {
            let argument = match r.argument {
                crate::ruleset::catalog::ArgKind::Text => format!("\"{}\"", r.example),
                crate::ruleset::catalog::ArgKind::Pair => format!("({})", r.example),
                _ => r.example.to_string(),
            };
            let path = r.path();
            let call = if r.params.iter().any(|p| p.default.is_none()) {
                let params: Vec<String> = r
                    .params
                    .iter()
                    .filter(|p| p.default.is_none())
                    .map(|p| match p.kind {
                        crate::ruleset::catalog::ArgKind::Text => format!("\"{}\"", p.example),
                        _ => p.example.to_string(),
                    })
                    .collect();
                format!("{path}({})({argument})", params.join(", "))
            } else {
                format!("{path}({argument})")
            };
            let example = format!("{call}.CanonicalForm");
            (path, example, r.about)
        })
        .collect()
}

/// Members of lists and strings.
const LIST_MEMBERS: &[&str] = &["Length"];

/// Every member name that CALCULATOR.md lists: names in this list that no
/// value implements yet answer "not available yet".
const SPEC_MEMBERS: &[&str] = &[
    "CanonicalForm",
    "LeftOptions",
    "RightOptions",
    "Birthday",
    "OutcomeClass",
    "LeftStop",
    "RightStop",
    "Mean",
    "Temperature",
    "Thermograph",
    "Cool",
    "Heat",
    "Overheat",
    "AtomicWeight",
    "ReducedCanonicalForm",
    "Incentives",
    "Followers",
    "FollowerCount",
    "StopCount",
    "NortonMultiply",
    "Pow",
    "PowTo",
    "IsZero",
    "IsInteger",
    "IsNumber",
    "IsNimber",
    "IsNumberish",
    "IsInfinitesimal",
    "IsAllSmall",
    "IsSwitch",
    "IsUptimal",
    "IsNumberTiny",
    "IsAtomic",
    "IsEven",
    "IsOdd",
    "IsEvenTempered",
    "IsOddTempered",
    "IsOrdinal",
    "NimValue",
    "MisereNimValue",
    "Genus",
    "NimValueSequence",
    "CheckPeriodicity",
    "Floor",
    "Reciprocal",
    "Max",
    "Min",
    "Sign",
    "Div",
    "Isqrt",
    "Lb",
    "IsTwoPower",
    "NimInverse",
    "IsEvil",
    "IsOdious",
    "NimSum",
    "NimProduct",
    "NimDiv",
    "ConwayProduct",
    "OrdinalSum",
];

/// Rulesets CALCULATOR.md names (short names; `game.heap.` and friends are
/// namespaces in front of them).
const RULESETS: &[&str] = &[
    "Nim",
    "Kayles",
    "DawsonsKayles",
    "GrundysGame",
    "Subtraction",
    "TakeAndBreak",
    "Wythoff",
    "FibonacciNim",
    "Domineering",
    "Cram",
    "Clobber",
    "ToadsAndFrogs",
    "Hackenbush",
    "Turning",
];

const NAMESPACES: &[&str] = &["heap", "grid", "strip", "graph"];

/// Whether `name` is a ruleset's short name.
pub(crate) fn is_ruleset(name: &str) -> bool {
    RULESETS.contains(&name) || super::partizan::find(name).is_some()
}

type Args = Vec<(Option<String>, Value, Span)>;

fn not_available(ev: &Eval<'_>, name: &str, span: Span) -> crate::Error {
    ev.error(span, ErrorKind::InvalidInput, format!("{name} is not available yet"))
}

/// An up literal (`^`, `^<n>`, `^[n]`, downs).
pub(crate) fn up_literal(ev: &mut Eval<'_>, kind: UpKind, n: &BigInt, span: Span) -> Result<Value> {
    games::up_literal(ev, kind, n, span)
}

/// `*n`: the nimber of a non-negative integer.
pub(crate) fn star(ev: &mut Eval<'_>, n: &Value, span: Span) -> Result<Value> {
    games::star(ev, n, span)
}

/// `{L|R}`.
pub(crate) fn game_from_options(
    ev: &mut Eval<'_>,
    left: Vec<Value>,
    right: Vec<Value>,
    span: Span,
) -> Result<Value> {
    games::game_from_options(ev, left, right, span)
}

/// `+-{a,b}`.
pub(crate) fn plus_minus_set(ev: &mut Eval<'_>, options: Vec<Value>, span: Span) -> Result<Value> {
    games::plus_minus_set(ev, options, span)
}

/// `+-x`: the switch {x | −x}.
pub(crate) fn switch(ev: &mut Eval<'_>, x: Value, span: Span) -> Result<Value> {
    games::switch(ev, x, span)
}

/// `+x` on a non-number.
pub(crate) fn unary_plus(ev: &mut Eval<'_>, x: Value, span: Span) -> Result<Value> {
    match as_game(ev, x, span)? {
        x @ (Value::Game(_) | Value::Number(_)) => Ok(x),
        other => Err(type_error(ev, "'+'", &other, span)),
    }
}

/// A heap or classic position as the nimber it is worth in normal play
/// (CGSuite: the canonical form of an impartial game is `*NimValue`); any
/// other value unchanged.
fn as_game(ev: &mut Eval<'_>, x: Value, span: Span) -> Result<Value> {
    if let Value::Position(p) = &x {
        let g = super::partizan::value_of(ev, p.as_ref(), span)?;
        return Ok(ev.game_value(g));
    }
    match rulesets::nimber_of_position(ev, &x, span)? {
        Some(g) => Ok(ev.game_value(g)),
        None => Ok(x),
    }
}

/// Members that a position answers as its nimber: they depend only on its
/// value (CGSuite defines them on any game through its canonical form).
const POSITION_GAME_MEMBERS: &[&str] =
    &["CanonicalForm", "AtomicWeight", "ReducedCanonicalForm", "OutcomeClass"];

/// The ruleset a value names: `game.heap.Kayles` or a built ruleset.
fn ruleset_of(v: &Value) -> Option<Ruleset> {
    match v {
        Value::Ruleset(rules) => Some(rules.clone()),
        Value::Builtin(path) => rulesets::plain_ruleset(path.rsplit('.').next().unwrap_or(path)),
        _ => None,
    }
}

/// `-x`.
pub(crate) fn negate(ev: &mut Eval<'_>, x: Value, span: Span) -> Result<Value> {
    let x = as_game(ev, x, span)?;
    match x {
        Value::Number(q) => Ok(Value::Number(-q)),
        Value::Game(g) => games::negate(ev, g, span),
        other => Err(type_error(ev, "'-'", &other, span)),
    }
}

fn type_error(ev: &Eval<'_>, what: &str, x: &Value, span: Span) -> crate::Error {
    ev.error(
        span,
        ErrorKind::InvalidInput,
        format!("{what} cannot be applied to {}", x.kind_name()),
    )
}

/// Whether two values are equal (`==`): games (positions by their value) as
/// games, rulesets as the same game, lists element by element.
pub(crate) fn equal(ev: &mut Eval<'_>, a: &Value, b: &Value, span: Span) -> Result<bool> {
    if let (Some(r), Some(s)) = (ruleset_of(a), ruleset_of(b)) {
        return Ok(r.same_rules(&s));
    }
    if let (Value::Heap(r, n), Value::Heap(s, m)) = (a, b)
        && n == m
        && r.same_rules(s)
    {
        return Ok(true);
    }
    if let (Value::List(x), Value::List(y)) = (a, b) {
        if x.len() != y.len() {
            return Ok(false);
        }
        for (p, q) in x.iter().zip(y) {
            if !equal(ev, p, q, span)? {
                return Ok(false);
            }
        }
        return Ok(true);
    }
    let a = as_game(ev, a.clone(), span)?;
    let b = as_game(ev, b.clone(), span)?;
    if games::is_gamey(&a) && games::is_gamey(&b) {
        return games::equal(ev, &a, &b, span);
    }
    Ok(a == b)
}

/// A binary operator on values that are not both numbers.
pub(crate) fn binary(
    ev: &mut Eval<'_>,
    op: &BinOp,
    a: Value,
    b: Value,
    span: Span,
) -> Result<Value> {
    let symbol = match op {
        BinOp::Add => "+",
        BinOp::Sub => "-",
        BinOp::PlusMinus => "+-",
        BinOp::Mul => "*",
        BinOp::Div => "/",
        BinOp::Mod => "%",
        BinOp::Pow => "^",
        BinOp::Lt => "<",
        BinOp::Le => "<=",
        BinOp::Gt => ">",
        BinOp::Ge => ">=",
        BinOp::Confused => "<>",
        BinOp::LessOrConfused => "<|",
        BinOp::GreaterOrConfused => "|>",
        BinOp::Eq => "==",
        BinOp::Ne => "!=",
        BinOp::Named(name) => name.as_str(),
    };
    let a = as_game(ev, a, span)?;
    let b = as_game(ev, b, span)?;
    if let Some(result) = games::binary(ev, op, &a, &b, span) {
        return result;
    }
    Err(ev.error(
        span,
        ErrorKind::InvalidInput,
        format!("'{symbol}' cannot combine {} and {}", a.kind_name(), b.kind_name()),
    ))
}

/// `callee(args)`.
pub(crate) fn call(ev: &mut Eval<'_>, callee: Value, args: Args, span: Span) -> Result<Value> {
    if let Value::Ruleset(rules) = callee {
        return heap(ev, rules, args, span);
    }
    if let Value::PartizanRuleset(r, params) = callee {
        return super::partizan::call(ev, r, params, args, span);
    }
    if let Value::Builtin(path) = &callee
        && let Some(r) = super::partizan::find(path.rsplit('.').next().unwrap_or(path))
    {
        return super::partizan::call(ev, r, None, args, span);
    }
    if let Value::Turning(rule) = &callee {
        return rulesets::coin_row(ev, rule, &args, span);
    }
    match &callee {
        Value::Builtin(path) => {
            let short = path.rsplit('.').next().unwrap_or(path);
            if short == "Tiny" || short == "Miny" {
                let a = positional(ev, short, Some(args), 1, span)?;
                let g = ev.game_of(&a[0].0, a[0].1, short)?;
                let t =
                    ev.arena(span, |ar| if short == "Tiny" { ar.tiny(g) } else { ar.miny(g) })?;
                return Ok(ev.game_value(t));
            }
            if short == "Subtraction" {
                return rulesets::subtraction(ev, &args, span);
            }
            if short == "Turning" {
                return rulesets::turning(ev, &args, span);
            }
            if short == "TakeAndBreak" {
                return rulesets::take_and_break(ev, &args, span);
            }
            if let Some(result) = classic::call(ev, short, &args, span) {
                return result;
            }
            if let Some(rules) = rulesets::plain_ruleset(short) {
                return heap(ev, rules, args, span);
            }
            if is_ruleset(short) {
                return Err(not_available(ev, &format!("the ruleset {short}"), span));
            }
            Err(ev.error(span, ErrorKind::InvalidInput, format!("'{path}' cannot be called")))
        }
        other => Err(ev.error(
            span,
            ErrorKind::InvalidInput,
            format!("{} cannot be called", other.kind_name()),
        )),
    }
}

/// `R(n)`: a heap of n stones in ruleset R.
fn heap(ev: &mut Eval<'_>, rules: Ruleset, args: Args, span: Span) -> Result<Value> {
    let a = positional(ev, "a heap ruleset", Some(args), 1, span)?;
    match a[0].0.as_integer() {
        Some(n) if n.sign() != Sign::Minus => Ok(Value::Heap(rules, n.magnitude().clone())),
        _ => Err(ev.error(
            a[0].1,
            ErrorKind::InvalidInput,
            "a heap size must be a non-negative integer",
        )),
    }
}

fn positional(
    ev: &Eval<'_>,
    name: &str,
    args: Option<Args>,
    count: usize,
    span: Span,
) -> Result<Vec<(Value, Span)>> {
    let args = args.unwrap_or_default();
    if let Some((Some(arg), _, at)) = args.iter().find(|a| a.0.is_some()) {
        return Err(ev.error(
            *at,
            ErrorKind::InvalidInput,
            format!("{name} has no argument named '{arg}'"),
        ));
    }
    if args.len() != count {
        let plural = if count == 1 { "" } else { "s" };
        return Err(ev.error(
            span,
            ErrorKind::InvalidInput,
            format!("{name} takes {count} argument{plural}, not {}", args.len()),
        ));
    }
    Ok(args.into_iter().map(|(_, v, s)| (v, s)).collect())
}

fn integer_arg(ev: &Eval<'_>, name: &str, arg: &(Value, Span)) -> Result<BigInt> {
    arg.0.as_integer().cloned().ok_or_else(|| {
        ev.error(
            arg.1,
            ErrorKind::InvalidInput,
            format!("{name} needs an integer, not {}", arg.0.kind_name()),
        )
    })
}

fn number_arg(ev: &Eval<'_>, name: &str, arg: &(Value, Span)) -> Result<BigRational> {
    match &arg.0 {
        Value::Number(q) => Ok(q.clone()),
        other => Err(ev.error(
            arg.1,
            ErrorKind::InvalidInput,
            format!("{name} needs a number, not {}", other.kind_name()),
        )),
    }
}

/// `target.name(args)` (and named infix operators).
pub(crate) fn member(
    ev: &mut Eval<'_>,
    target: Value,
    name: &str,
    span: Span,
    args: Option<Args>,
) -> Result<Value> {
    let plain: Vec<(Value, Span)> =
        args.iter().flatten().map(|(_, v, s)| (v.clone(), *s)).collect();
    let ruleset = match &target {
        Value::Builtin(path) => rulesets::plain_ruleset(path.rsplit('.').next().unwrap_or(path)),
        Value::Ruleset(rules) => Some(rules.clone()),
        _ => None,
    };
    if let Some(rules) = ruleset
        && let Some(result) = rulesets::ruleset_member(ev, &rules, name, &plain, span)
    {
        return result;
    }
    if let Value::Heap(rules, n) = &target
        && let Some(result) = rulesets::position_member(ev, rules, n, name, span)
    {
        return result;
    }
    if let Value::Classic(position) = &target
        && let Some(result) =
            classic::member(ev, position, name, args.as_deref().unwrap_or_default(), span)
    {
        return result;
    }
    if let Value::Position(p) = &target {
        if let Some(result) = super::partizan::member(ev, p.as_ref(), name, span) {
            return result;
        }
        let value = as_game(ev, target, span)?;
        return member(ev, value, name, span, args);
    }
    if matches!(target, Value::Heap(..) | Value::Classic(_)) && games::GAME_MEMBERS.contains(&name)
    {
        if POSITION_GAME_MEMBERS.contains(&name) {
            let value = as_game(ev, target, span)?;
            return member(ev, value, name, span, args);
        }
        let mut shown = String::new();
        match &target {
            Value::Heap(rules, n) => shown = format!("{}({n})", rules.name()),
            Value::Classic(position) => shown.push_str(&position.name()),
            _ => {}
        }
        return Err(ev.error(
            span,
            ErrorKind::InvalidInput,
            format!(
                "{name} is not a member of {}: its canonical form has it, as in \
                 {shown}.CanonicalForm.{name}",
                target.kind_name()
            ),
        ));
    }
    if let Value::Builtin(path) = &target {
        let resolved = namespace_member(ev, path, name, span)?;
        return match args {
            Some(args) => call(ev, resolved, args, span),
            None => Ok(resolved),
        };
    }
    if let Value::Number(q) = &target
        && let Some(result) = number_member(ev, q, name, span, args.clone())
    {
        return result;
    }
    if games::is_gamey(&target) {
        if let Some(result) = games::member(ev, &target, name, span, &plain) {
            return result;
        }
    }
    if let Value::List(items) = &target
        && LIST_MEMBERS.contains(&name)
    {
        positional(ev, name, args, 0, span)?;
        return Ok(Value::int(items.len()));
    }
    if let Value::Str(s) = &target
        && name == "Length"
    {
        positional(ev, name, args, 0, span)?;
        return Ok(Value::int(s.chars().count()));
    }
    if SPEC_MEMBERS.contains(&name) {
        if matches!(name, "MisereNimValue" | "Genus") {
            return Err(ev.error(
                span,
                ErrorKind::InvalidInput,
                format!(
                    "{name} needs a heap position such as game.heap.Kayles(5): {} is a \
                     normal-play value, which does not determine misère play",
                    target.kind_name()
                ),
            ));
        }
        if MEMBERS.iter().any(|m| m.name == name) {
            return Err(ev.error(
                span,
                ErrorKind::InvalidInput,
                format!("{name} cannot be applied to {}", target.kind_name()),
            ));
        }
        return Err(not_available(ev, name, span));
    }
    Err(ev.error(
        span,
        ErrorKind::InvalidInput,
        format!("unknown member '{name}' of {}", target.kind_name()),
    ))
}

fn namespace_member(ev: &mut Eval<'_>, path: &str, name: &str, span: Span) -> Result<Value> {
    if path == "game" && NAMESPACES.contains(&name) {
        return Ok(Value::Builtin(format!("game.{name}")));
    }
    if let Some(r) = super::partizan::find(name)
        && path.starts_with("game.")
    {
        if path != r.family.package() {
            return Err(ev.error(
                span,
                ErrorKind::InvalidInput,
                format!("unknown name '{path}.{name}': {name} is {}", r.path()),
            ));
        }
        return Ok(Value::Builtin(format!("{path}.{name}")));
    }
    if path.starts_with("game.") && is_ruleset(name) {
        return Ok(Value::Builtin(format!("{path}.{name}")));
    }
    let short = path.rsplit('.').next().unwrap_or(path);
    if is_ruleset(short) {
        return Err(not_available(ev, &format!("{name} of the ruleset {short}"), span));
    }
    Err(ev.error(span, ErrorKind::InvalidInput, format!("unknown name '{path}.{name}'")))
}

/// Members of numbers that [`number_member`] answers.
const NUMBER_MEMBERS: &[&str] = &[
    "Floor",
    "Reciprocal",
    "Max",
    "Min",
    "Sign",
    "IsInteger",
    "Div",
    "Isqrt",
    "Lb",
    "IsTwoPower",
    "IsEvil",
    "IsOdious",
    "IsEven",
    "IsOdd",
    "NimSum",
    "NimProduct",
    "NimDiv",
    "NimInverse",
];

fn number_member(
    ev: &mut Eval<'_>,
    q: &BigRational,
    name: &str,
    span: Span,
    args: Option<Args>,
) -> Option<Result<Value>> {
    if !NUMBER_MEMBERS.contains(&name) {
        return None;
    }
    let integer = q.is_integer().then(|| q.numer().clone());
    let result = (|| -> Result<Value> {
        let need_integer = || {
            integer.clone().ok_or_else(|| {
                ev.error(
                    span,
                    ErrorKind::InvalidInput,
                    format!("{name} needs an integer, not a rational number"),
                )
            })
        };
        Ok(match name {
            "Floor" => {
                positional(ev, name, args, 0, span)?;
                Value::int(arith::floor(q))
            }
            "Reciprocal" => {
                positional(ev, name, args, 0, span)?;
                Value::Number(arith::div(&BigRational::one(), q).map_err(|e| ev.locate(e, span))?)
            }
            "Max" | "Min" => {
                let a = positional(ev, name, args, 1, span)?;
                let other = number_arg(ev, name, &a[0])?;
                let pick_max = name == "Max";
                Value::Number(if (other > *q) == pick_max { other } else { q.clone() })
            }
            "Sign" => {
                positional(ev, name, args, 0, span)?;
                Value::int(sign(q))
            }
            "IsInteger" => {
                positional(ev, name, args, 0, span)?;
                Value::Bool(q.is_integer())
            }
            "Div" => {
                let a = positional(ev, name, args, 1, span)?;
                let n = need_integer()?;
                let d = integer_arg(ev, name, &a[0])?;
                if d.is_zero() {
                    return Err(ev.locate(arith::division_by_zero(), span));
                }
                Value::int(num_integer::Integer::div_floor(&n, &d))
            }
            "Isqrt" => {
                positional(ev, name, args, 0, span)?;
                Value::int(arith::isqrt(&need_integer()?).map_err(|e| ev.locate(e, span))?)
            }
            "Lb" => {
                positional(ev, name, args, 0, span)?;
                Value::int(arith::lb(&need_integer()?).map_err(|e| ev.locate(e, span))?)
            }
            "IsTwoPower" => {
                positional(ev, name, args, 0, span)?;
                let n = need_integer()?;
                Value::Bool(n.is_positive() && (&n & (&n - 1u32)).is_zero())
            }
            "IsEvil" | "IsOdious" => {
                positional(ev, name, args, 0, span)?;
                let n = need_integer()?;
                if n.is_negative() {
                    return Err(ev.error(
                        span,
                        ErrorKind::InvalidInput,
                        format!("{name} needs a non-negative integer"),
                    ));
                }
                let ones: u64 =
                    n.magnitude().iter_u64_digits().map(|d| u64::from(d.count_ones())).sum();
                Value::Bool((ones % 2 == 0) == (name == "IsEvil"))
            }
            "IsEven" | "IsOdd" => {
                positional(ev, name, args, 0, span)?;
                let n = need_integer()?;
                Value::Bool(num_integer::Integer::is_even(&n) == (name == "IsEven"))
            }
            "NimProduct" | "NimDiv" => {
                let a = positional(ev, name, args, 1, span)?;
                rulesets::nim_arithmetic(ev, name, &Value::Number(q.clone()), Some(&a[0].0), span)?
            }
            "NimInverse" => {
                positional(ev, name, args, 0, span)?;
                rulesets::nim_arithmetic(ev, name, &Value::Number(q.clone()), None, span)?
            }
            "NimSum" => {
                let a = positional(ev, name, args, 1, span)?;
                let n = need_integer()?;
                let m = integer_arg(ev, name, &a[0])?;
                if n.sign() == Sign::Minus || m.sign() == Sign::Minus {
                    return Err(ev.error(
                        span,
                        ErrorKind::InvalidInput,
                        "NimSum needs non-negative integers",
                    ));
                }
                Value::int(n ^ m)
            }
            _ => {
                return Err(ev.error(
                    span,
                    ErrorKind::InvalidInput,
                    format!("unknown member '{name}'"),
                ));
            }
        })
    })();
    Some(result)
}

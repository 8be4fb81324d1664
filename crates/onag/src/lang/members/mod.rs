//! Members (`x.Name(args)`): one table per kind of value, and the
//! dispatcher that picks the table by the target's kind.
//!
//! Each table (`table::Table`) lists its members with their name, arity,
//! help text and example; `:help` is generated from the tables
//! ([`member_docs`]), and a test runs every example. Adding a member is one
//! entry in one table. A member that CALCULATOR.md names but no library
//! module provides yet answers with the error "`Name` is not available yet",
//! never a wrong value.
//!
//! The dispatcher tries, in order: a heap ruleset's table; a heap
//! position's, a classic position's or a catalog position's own table (and
//! then the game table through the position's value); a namespace
//! (`game.heap`); the number table, then (for dyadic numbers) the game
//! table; the list, string, map and player tables.

mod classic;
mod coordinates;
mod game;
mod grid;
mod heap;
mod infinity;
mod list;
mod loopy;
mod map;
mod misere;
mod mutable;
mod number;
mod object;
mod player;
mod position;
mod random;
mod range;
mod strip;
mod table;
mod transfinite;

use num_bigint::BigUint;

use super::builtins::{self, Args};
use super::context::Eval;
use super::games;
use super::heap::plain_ruleset;
use super::lexer::Span;
use super::rules::Ruleset;
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
    ruleset(
        "Mem",
        "game.heap.Mem((n,m))",
        "game.heap.Mem((10,3)).NimValue",
        "take at least as many as the last move took (m) from a heap of n",
    ),
    ruleset(
        "TakeAway",
        "game.heap.TakeAway(k)((n,m)), game.heap.TakeAway(f)((n,m))",
        "game.heap.TakeAway(k -> 3 * k)((10,3)).NimValue",
        "take at most k times (or f of) what the last move took, m, from a heap of n",
    ),
    ruleset(
        "HeapRuleset",
        "game.heap.HeapRuleset(n -> options)",
        "game.heap.HeapRuleset(n -> [[k] for k from 0 to n - 1])(7).NimValue",
        "a heap game given by a function listing each option's heaps",
    ),
    ruleset(
        "CoordinateRuleset",
        "game.heap.CoordinateRuleset((m, n) -> options)",
        "game.heap.CoordinateRuleset((m, n) -> [(a, n) for a from 0 to m - 1])((3,4)).NimValue",
        "a game on coordinates given by a function listing each option",
    ),
    ruleset(
        "GenMem",
        "game.heap.GenMem((memory, j) -> condition)",
        "game.heap.GenMem((memory, j) -> j != memory)((10,3)).NimValue",
        "take j tokens from a heap when the condition on the last move and j holds",
    ),
    ruleset(
        "GenWythoff",
        "game.heap.GenWythoff(k -> bound)",
        "game.heap.GenWythoff(k -> k + 2)((10,4)).NimValue",
        "Wythoff with k and l taken together when 0 < k <= l < bound(k) (Fraenkel-Tanny)",
    ),
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
        "Splittles",
        "game.heap.Splittles([a,b,...], allbut => false)",
        "game.heap.Splittles([1,2]).NimValueSequence(10)",
        "remove a number in the set and leave the rest as up to two heaps (digit 7 at each)",
    ),
    ruleset(
        "TakeAndBreak",
        "game.heap.TakeAndBreak(\"code\")",
        "game.heap.TakeAndBreak(\"0.137\").NimValueSequence(10)",
        "a take-and-break code: octal, hexadecimal or base 32 (0.77, 0.3F), constraints ! ? = (4!.0), a repeating part (0.[3]), digits listing heap counts ({2,3} is C) or open ones ({2+}=.0 splits into equal parts); printed normalised",
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

/// Rulesets CGSuite has that the calculator does not (they answer "not
/// available yet"), by short name.
pub fn unavailable_rulesets() -> Vec<&'static str> {
    super::builtins::RULESETS
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
    "NortonProduct",
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
    "ConjunctiveSum",
    "SelectiveSum",
    "OrdinalProduct",
    "Subordinate",
];

/// Every member with its documentation ([`member_docs`], computed once).
pub static MEMBERS: std::sync::LazyLock<Vec<MemberDoc>> = std::sync::LazyLock::new(member_docs);

/// Every member with its documentation, table by table, in `:help` order.
pub fn member_docs() -> Vec<MemberDoc> {
    let mut docs: Vec<MemberDoc> = number::TABLE.docs().collect();
    docs.push(doc_of(&number::CONWAY_PRODUCT, "number"));
    docs.extend(game::TABLE.docs());
    docs.extend(heap::RULESET_TABLE.docs());
    docs.extend(heap::POSITION_TABLE.docs());
    docs.extend(heap::PERIODICITY_TABLE.docs());
    docs.extend(classic::TABLE.docs());
    docs.extend(classic::RULESET_TABLE.docs());
    docs.extend(position::TABLE.docs());
    docs.extend(position::RULESET_TABLE.docs());
    docs.extend(loopy::TABLE.docs());
    docs.extend(list::LIST_TABLE.docs());
    docs.extend(range::TABLE.docs());
    docs.extend(list::STRING_TABLE.docs());
    docs.extend(map::TABLE.docs());
    docs.extend(map::ENTRY_TABLE.docs());
    docs.extend(coordinates::TABLE.docs());
    docs.extend(grid::TABLE.docs());
    docs.extend(strip::TABLE.docs());
    docs.extend(random::TABLE.docs());
    docs.extend(transfinite::TABLE.docs());
    docs.extend(transfinite::NIMBER_TABLE.docs());
    docs.extend(mutable::TABLE.docs());
    docs.extend(game::THERMOGRAPH_TABLE.docs());
    docs.extend(infinity::TABLE.docs());
    docs.extend(misere::TABLE.docs());
    docs.extend(player::TABLE.docs());
    docs.extend(object::TABLE.docs());
    docs.extend(object::CLASS_TABLE.docs());
    for (name, example, summary) in [
        (
            "ConjunctiveSum",
            "((1/2) ConjunctiveSum (1/4)).CanonicalForm",
            "G ∧ H: move in both parts; kept as written, .CanonicalForm reduces",
        ),
        (
            "SelectiveSum",
            "((1/2) SelectiveSum (1/4)).CanonicalForm",
            "G ∨ H: move in one part or both; kept as written",
        ),
        (
            "OrdinalProduct",
            "((*5) OrdinalProduct (*6)).CanonicalForm",
            "Conway's ordinal product; kept as written",
        ),
    ] {
        docs.push(MemberDoc { name, on: "game", example, summary });
    }
    for (name, example, summary) in [
        ("Union", "{1,2,3}.Union({3,4})", "the elements of either set"),
        ("Intersection", "{1,2,3}.Intersection({2,3,4})", "the elements of both sets"),
        (
            "Replaced",
            "{1,2,3}.Replaced({1 => 5})",
            "each element that is a key replaced by its value",
        ),
    ] {
        docs.push(MemberDoc { name, on: "set", example, summary });
    }
    for (name, example, summary) in [
        ("North", "Coordinates.North", "(-1,0): a step up (rows grow downwards)"),
        ("Northeast", "Coordinates.Northeast", "(-1,1)"),
        ("East", "Coordinates.East", "(0,1): a step right"),
        ("Southeast", "Coordinates.Southeast", "(1,1)"),
        ("South", "Coordinates.South", "(1,0): a step down"),
        ("Southwest", "Coordinates.Southwest", "(1,-1)"),
        ("West", "Coordinates.West", "(0,-1): a step left"),
        ("Northwest", "Coordinates.Northwest", "(-1,-1)"),
        ("Orthogonal", "Coordinates.Orthogonal", "[North, East, South, West]"),
        ("Diagonal", "Coordinates.Diagonal", "[Northeast, Southeast, Southwest, Northwest]"),
        ("Compass", "Coordinates.Compass", "the eight directions from North clockwise"),
        ("Hexagonal", "Coordinates.Hexagonal", "the six neighbours on a hexagonal board"),
        ("KnightsMove", "Coordinates.KnightsMove", "the eight knight's moves"),
    ] {
        docs.push(MemberDoc { name, on: "cgsuite.lang.Coordinates", example, summary });
    }
    docs.push(MemberDoc {
        name: "Empty",
        on: "cgsuite.util.Grid",
        example: "Grid.Empty(3, 4)",
        summary: "a grid of zeros with that many rows and columns",
    });
    docs.push(MemberDoc {
        name: "Parse",
        on: "cgsuite.util.Grid",
        example: "Grid.Parse(\".abb|.ba.\", \".ab\")",
        summary: "the grid a string writes, each character's value its place in the character map",
    });
    docs.push(MemberDoc {
        name: "Empty",
        on: "cgsuite.util.Strip",
        example: "Strip.Empty(8)",
        summary: "a strip of that many zeros",
    });
    docs.push(MemberDoc {
        name: "Parse",
        on: "cgsuite.util.Strip",
        example: "Strip.Parse(\".abbd.\", \".abcd\")",
        summary: "the strip a string writes, each character's value its place in the character map",
    });
    docs.push(MemberDoc {
        name: "Parse",
        on: "game.Integer",
        example: "Integer.Parse(\"-1474\") + 1",
        summary: "the integer a string writes in decimal",
    });
    docs.push(MemberDoc {
        name: "FromSubtractionSet",
        on: "game.heap.TakeAndBreak",
        example: "game.heap.TakeAndBreak.FromSubtractionSet([2,3,5,9], \"3\", allbut => true)",
        summary: "the code with the digit at each position of the set (allbut: at every other position)",
    });
    docs.push(MemberDoc {
        name: "DayN",
        on: "game.misere.MisereCanonicalGame",
        example: "game.misere.MisereCanonicalGame.DayN(3)",
        summary: "the even misère games born by a day (maxGames, maxOptions: limits), in canonical order",
    });
    docs
}

fn doc_of<T: ?Sized>(m: &table::Member<T>, on: &'static str) -> MemberDoc {
    MemberDoc { name: m.name, on, example: m.example, summary: m.help }
}

/// Every member name the evaluator answers for some value.
pub fn known_members() -> Vec<&'static str> {
    let mut names: Vec<&'static str> = member_docs().iter().map(|d| d.name).collect();
    names.sort_unstable();
    names.dedup();
    names
}

/// Game members a heap or classic position answers as its nimber: they
/// depend only on its value (CGSuite defines them on any game through its
/// canonical form).
const POSITION_GAME_MEMBERS: &[&str] =
    &["CanonicalForm", "AtomicWeight", "ReducedCanonicalForm", "OutcomeClass"];

/// `MutableList(…)`, `MutableSet(…)` or `MutableMap(…)` of the class `path`.
pub(crate) fn construct_mutable(
    ev: &mut Eval<'_>,
    path: &str,
    args: &[(Value, Span)],
    span: Span,
) -> Result<Value> {
    mutable::construct(ev, path, args, span)
}

/// `Random(seed)`.
pub(crate) fn construct_random(ev: &Eval<'_>, seed: &(Value, Span), span: Span) -> Result<Value> {
    random::construct(ev, seed, span)
}

/// The ruleset a builtin path or ruleset value names.
pub(super) fn ruleset_of(target: &Value) -> Option<Ruleset> {
    match target {
        Value::Builtin(path) => plain_ruleset(path.rsplit('.').next().unwrap_or(path)),
        Value::Ruleset(rules) => Some(rules.clone()),
        _ => None,
    }
}

pub(crate) use loopy::class as loopy_class;
pub(crate) use object::{
    class_by_short_name, class_named, class_of_name, is_class_package, is_instance,
};

/// The members of misère play that a game kept as written answers from
/// its form.
const MISERE_OF_FORM: [&str; 4] =
    ["MisereCanonicalForm", "MisereOutcomeClass", "MisereNimValue", "Genus"];

/// The take-and-break code of a heap ruleset value, as text.
pub(crate) fn ruleset_code(v: &Value) -> Option<String> {
    ruleset_of(v)?.code().map(|c| c.to_string())
}

/// The arguments of `target.name(args)` in order: named ones put in their
/// places, for a member whose arguments have names.
fn place_arguments(
    ev: &Eval<'_>,
    target: &Value,
    name: &str,
    args: Args,
    span: Span,
) -> Result<Vec<(Value, Span)>> {
    let Some(first_named) = args.iter().position(|a| a.0.is_some()) else {
        return Ok(args.into_iter().map(|(_, v, s)| (v, s)).collect());
    };
    let names: &[&str] = match ruleset_of(target) {
        Some(_) => heap::RULESET_TABLE.find(name).map_or(&[], |m| m.names),
        None => &[],
    };
    if names.is_empty() {
        return Err(ev.error(
            args[first_named].2,
            ErrorKind::InvalidInput,
            format!("{name} takes no named arguments"),
        ));
    }
    let mut placed: Vec<Option<(Value, Span)>> = vec![None; names.len()];
    for (i, (given, value, at)) in args.into_iter().enumerate() {
        let slot = match &given {
            None if i < first_named && i < names.len() => i,
            None if i < first_named => {
                return Err(ev.error(
                    at,
                    ErrorKind::InvalidInput,
                    format!("{name} takes at most {} arguments", names.len()),
                ));
            }
            None => {
                return Err(ev.error(
                    at,
                    ErrorKind::InvalidInput,
                    "a positional argument cannot follow a named one",
                ));
            }
            Some(n) => names.iter().position(|m| m == n).ok_or_else(|| {
                ev.error(
                    at,
                    ErrorKind::InvalidInput,
                    format!("{name} has no argument named '{n}' (it has {})", names.join(", ")),
                )
            })?,
        };
        if placed[slot].is_some() {
            return Err(ev.error(
                at,
                ErrorKind::InvalidInput,
                format!("{name}: '{}' is given twice", names[slot]),
            ));
        }
        placed[slot] = Some((value, at));
    }
    let given = placed.iter().rposition(Option::is_some).map_or(0, |i| i + 1);
    placed
        .into_iter()
        .take(given)
        .enumerate()
        .map(|(i, a)| {
            a.ok_or_else(|| {
                ev.error(
                    span,
                    ErrorKind::InvalidInput,
                    format!("{name} needs its argument '{}'", names[i]),
                )
            })
        })
        .collect()
}

/// A ruleset that a name stands for without arguments, as its value
/// (`game.heap.Mem`, `game.heap.FibonacciNim`, `game.heap.Cutcake`), so
/// that its members are those of every ruleset of its kind; any other
/// name as it is.
pub(super) fn ruleset_constant(path: String) -> Value {
    use super::rules::ClassicRuleset;
    use crate::impartial::heap::memory::MemoryRule;
    let short = path.rsplit('.').next().unwrap_or(&path);
    match short {
        "Mem" => Value::ClassicRuleset(ClassicRuleset::Memory(MemoryRule::Mem)),
        "FibonacciNim" => Value::ClassicRuleset(ClassicRuleset::Memory(MemoryRule::TakeAway(2, 1))),
        _ => match super::partizan::find(short) {
            Some(r) if r.params.is_empty() => Value::PartizanRuleset(r, None),
            _ => Value::Builtin(path),
        },
    }
}

/// The values of `args` (a class's members take no named arguments).
fn args_without_names(args: &Option<Args>) -> Vec<(Value, Span)> {
    args.iter().flatten().map(|(_, v, s)| (v.clone(), *s)).collect()
}

/// `target.name(args)` (and named infix operators `target name arg`).
pub(crate) fn member(
    ev: &mut Eval<'_>,
    target: Value,
    name: &str,
    span: Span,
    args: Option<Args>,
) -> Result<Value> {
    // A range is a list to every member of another value, and so is a
    // mutable collection but to the members that change one (`x.Add(y)`
    // adds y itself).
    let args = match args {
        Some(args) if matches!(target, Value::Mutable(_)) => {
            Some(super::range::expand_args(ev, args)?)
        }
        Some(args) => Some(super::range::plain_args(ev, args)?),
        None => None,
    };
    // A class's other members are those of its name (`game.misere.MisereCanonicalGame.DayN`).
    if let Value::Class(path) = &target
        && let Some(result) =
            object::CLASS_TABLE.call(ev, path, name, &args_without_names(&args), span)
    {
        return result;
    }
    let target = match target {
        Value::Class(path) if object::TABLE.find(name).is_none() => Value::Builtin(path.into()),
        Value::Builtin(path) if known_members().contains(&name) => ruleset_constant(path),
        other => other,
    };
    if let Value::Builtin(path) = &target
        && plain_ruleset(path.rsplit('.').next().unwrap_or(path)).is_none()
    {
        let resolved = builtins::namespace_member(ev, path, name, span)?;
        return match args {
            Some(args) => builtins::call(ev, resolved, args, span),
            None => Ok(resolved),
        };
    }
    let plain = place_arguments(ev, &target, name, args.unwrap_or_default(), span)?;
    // A grid's own members first: its `ToString(charMap)` is not the
    // `ToString` every value has.
    if let Value::Grid(g) = &target
        && let Some(result) = grid::TABLE.call(ev, g, name, &plain, span)
    {
        return result;
    }
    if let Value::Strip(s) = &target
        && let Some(result) = strip::TABLE.call(ev, s.as_slice(), name, &plain, span)
    {
        return result;
    }
    if let Value::Periodicity { period, preperiod, saltus } = target
        && let Some(result) =
            heap::PERIODICITY_TABLE.call(ev, &(period, preperiod, saltus), name, &plain, span)
    {
        return result;
    }
    if let Value::Random(r) = &target
        && let Some(result) = random::TABLE.call(ev, r, name, &plain, span)
    {
        return result;
    }
    if let Some(result) = object::TABLE.call(ev, &target, name, &plain, span) {
        return result;
    }
    // A range answers its own members; to the others it is the list of its
    // elements.
    let target = match target {
        Value::Range(r) => match range::TABLE.call(ev, &r, name, &plain, span) {
            Some(result) => return result,
            None => super::range::expand(ev, Value::Range(r), span)?,
        },
        // A mutable collection answers the members that change it; to the
        // others it is a copy of its contents.
        Value::Mutable(m) => match mutable::TABLE.call(ev, &m, name, &plain, span) {
            Some(result) => return result,
            None => m.snapshot().frozen(),
        },
        other => other,
    };
    if let Some(result) = own_member(ev, &target, name, &plain, span) {
        return result;
    }
    // The misère members of a game kept as written (a sum with misère
    // parts, an impartial form) follow its form, not its normal-play value.
    if let Value::Explicit(_) = &target
        && MISERE_OF_FORM.contains(&name)
    {
        let g = super::misere::form_of(ev, &target, span)?;
        if let Some(result) = misere::TABLE.call(ev, &g, name, &plain, span) {
            return result;
        }
    }
    if let Some(value) = position_value(ev, &target, name, span)? {
        return member(
            ev,
            value,
            name,
            span,
            Some(plain.into_iter().map(|(v, s)| (None, v, s)).collect()),
        );
    }
    match &target {
        Value::Number(q) => {
            if let Some(result) = number::TABLE.call(ev, q, name, &plain, span) {
                return result;
            }
            if name == "ConwayProduct" {
                return number::CONWAY_PRODUCT.run_checked(ev, q, &plain, span);
            }
            if !super::value::is_dyadic(q)
                && plain.is_empty()
                && let Some(answer) = number::rational_predicate(name)
            {
                return Ok(Value::Bool(answer));
            }
            if game::TABLE.find(name).is_some() {
                let g = ev.game_of(&target, span, name)?;
                if let Some(result) = game::TABLE.call(ev, &g, name, &plain, span) {
                    return result;
                }
            }
        }
        Value::Game(g) => {
            if let Some(result) = game::TABLE.call(ev, g, name, &plain, span) {
                return result;
            }
        }
        _ => {}
    }
    // A short game is a stopper: the members of loopy games apply to it,
    // most of them in closed form (a big integer has a big graph).
    if matches!(target, Value::Game(_) | Value::Number(_))
        && let Some(result) = short_stopper_member(ev, &target, name, &plain, span)
    {
        return result;
    }
    if matches!(target, Value::Game(_) | Value::Number(_)) && loopy::TABLE.find(name).is_some() {
        let v = match super::loopy::sided_of(ev, &target, span) {
            Some(v) => v?,
            None => return Err(unknown(ev, &target, name, span)),
        };
        if let Some(result) = loopy::TABLE.call(ev, &v, name, &plain, span) {
            return result;
        }
    }
    match &target {
        Value::Loopy(v) => {
            if let Some(result) = loopy::sided_member(ev, v, name, &plain, span) {
                return result;
            }
            if let Some(result) = loopy::TABLE.call(ev, v, name, &plain, span) {
                return result;
            }
        }
        Value::Set(items) => {
            if let Some(result) = list::set_member(ev, items, name, &plain, span) {
                return result;
            }
            if let Some(result) = list::LIST_TABLE.call(ev, items, name, &plain, span) {
                return result;
            }
        }
        Value::List(items) => {
            if let Some(result) = list::LIST_TABLE.call(ev, items, name, &plain, span) {
                return result;
            }
        }
        Value::GameSet(games) => {
            let items: Vec<Value> = games.iter().map(|&g| ev.game_value(g)).collect();
            if let Some(result) = list::set_member(ev, &items, name, &plain, span) {
                return result;
            }
            if let Some(result) = list::LIST_TABLE.call(ev, &items, name, &plain, span) {
                return result;
            }
        }
        Value::Str(s) => {
            if let Some(result) = list::STRING_TABLE.call(ev, s, name, &plain, span) {
                return result;
            }
        }
        Value::Map(entries) => {
            if let Some(result) = map::TABLE.call(ev, entries, name, &plain, span) {
                return result;
            }
        }
        Value::Thermograph(t) => {
            if let Some(result) = game::THERMOGRAPH_TABLE.call(ev, t, name, &plain, span) {
                return result;
            }
        }
        Value::Entry(entry) => {
            if let Some(result) = map::ENTRY_TABLE.call(ev, entry, name, &plain, span) {
                return result;
            }
        }
        Value::Pair(a, b) => {
            let parts = ((**a).clone(), (**b).clone());
            if let Some(result) = coordinates::TABLE.call(ev, &parts, name, &plain, span) {
                return result;
            }
        }
        Value::Player(p) => {
            if let Some(result) = player::TABLE.call(ev, p, name, &plain, span) {
                return result;
            }
        }
        Value::Infinity(negative) => {
            if let Some(result) = infinity::TABLE.call(ev, negative, name, &plain, span) {
                return result;
            }
        }
        Value::Transfinite(x) => {
            if let Some(result) = transfinite::TABLE.call(ev, x, name, &plain, span) {
                return result;
            }
        }
        Value::TransfiniteNimber(x) => {
            if let Some(result) = transfinite::NIMBER_TABLE.call(ev, x, name, &plain, span) {
                return result;
            }
        }
        Value::Misere(g) => {
            if let Some(result) = misere::TABLE.call(ev, g, name, &plain, span) {
                return result;
            }
        }
        _ => {}
    }
    Err(unknown(ev, &target, name, span))
}

/// The members of loopy games that have a closed form on a short game
/// `target`: it is its own onside and offside, a loopfree plumtree stopper,
/// a pseudonumber exactly when it is a number, idempotent only as `0`, of
/// variety `0`, and its stops are its Left and Right stops. `None` for
/// other names (or a non-dyadic number, left to the general path's error).
fn short_stopper_member(
    ev: &mut Eval<'_>,
    target: &Value,
    name: &str,
    args: &[(Value, Span)],
    span: Span,
) -> Option<Result<Value>> {
    if let Value::Number(q) = target
        && !super::value::is_dyadic(q)
    {
        return None;
    }
    let arity = match name {
        "Stop" | "StrongStop" => 1,
        "Onside" | "Offside" | "IsLoopfree" | "IsPlumtree" | "IsStopper" | "IsStopperSided"
        | "IsPseudonumber" | "IsIdempotent" | "Variety" | "IsStable" | "IsFinite" => 0,
        _ => return None,
    };
    if args.len() != arity {
        let plural = if arity == 1 { "" } else { "s" };
        return Some(Err(ev.error(
            span,
            ErrorKind::InvalidInput,
            format!("{name} takes {arity} argument{plural}, not {}", args.len()),
        )));
    }
    Some((|| match name {
        "Onside" | "Offside" => Ok(target.clone()),
        "IsLoopfree" | "IsPlumtree" | "IsStopper" | "IsStopperSided" | "IsStable" | "IsFinite" => {
            Ok(Value::Bool(true))
        }
        "Variety" => Ok(Value::int(0)),
        "IsPseudonumber" => {
            let g = ev.game_of(target, span, name)?;
            Ok(Value::Bool(ev.state.arena.is_number(g)))
        }
        "IsIdempotent" => {
            let g = ev.game_of(target, span, name)?;
            Ok(Value::Bool(g == ev.state.arena.zero()))
        }
        _ => {
            let side = match &args[0].0 {
                Value::Player(super::value::Player::Left) => "LeftStop",
                Value::Player(super::value::Player::Right) => "RightStop",
                other => {
                    return Err(ev.error(
                        args[0].1,
                        ErrorKind::InvalidInput,
                        format!("{name} needs Left or Right, not {}", other.kind_name()),
                    ));
                }
            };
            member(ev, target.clone(), side, span, None)
        }
    })())
}

/// A member the target's own table answers: rulesets and positions.
fn own_member(
    ev: &mut Eval<'_>,
    target: &Value,
    name: &str,
    args: &[(Value, Span)],
    span: Span,
) -> Option<Result<Value>> {
    if let Some(rules) = ruleset_of(target) {
        return heap::RULESET_TABLE.call(ev, &rules, name, args, span);
    }
    if let Some(kind) = super::compound::Kind::of_name(name)
        && matches!(
            target,
            Value::Game(_) | Value::Number(_) | Value::Explicit(_) | Value::Misere(_)
        )
        && (kind != super::compound::Kind::ConwayProduct
            || super::explicit::is_form(target)
            || args.iter().any(|(v, _)| super::explicit::is_form(v)))
    {
        let [(other, _)] = args else {
            return Some(Err(ev.error(
                span,
                ErrorKind::InvalidInput,
                format!("{name} takes 1 argument, not {}", args.len()),
            )));
        };
        return Some(super::compound::compound(ev, kind, target.clone(), other.clone(), span));
    }
    match target {
        Value::Heap(rules, n) => {
            let position: (Ruleset, BigUint) = (rules.clone(), n.clone());
            heap::POSITION_TABLE.call(ev, &position, name, args, span)
        }
        Value::Classic(p) => classic::TABLE.call(ev, p, name, args, span),
        Value::ClassicRuleset(r) => classic::RULESET_TABLE.call(ev, r, name, args, span),
        Value::Explicit(e) if name == "LeftOptions" || name == "RightOptions" => {
            Some(super::explicit::options(ev, e, name == "LeftOptions", span))
        }
        Value::Position(p) => position::TABLE.call(ev, p.as_ref(), name, args, span),
        Value::PartizanRuleset(r, params) => {
            position::RULESET_TABLE.call(ev, &(*r, params.clone()), name, args, span)
        }
        _ => None,
    }
}

/// The game a position stands for when `name` is a game member it answers
/// through its value: every game member for a catalog position; the members
/// that depend only on the value for heap and classic positions (others are
/// an error that says how to reach them).
fn position_value(
    ev: &mut Eval<'_>,
    target: &Value,
    name: &str,
    span: Span,
) -> Result<Option<Value>> {
    match target {
        Value::Position(_) | Value::Explicit(_) => {
            games::as_game(ev, target.clone(), span).map(Some)
        }
        Value::Heap(..) | Value::Classic(_) if game::TABLE.find(name).is_some() => {
            if POSITION_GAME_MEMBERS.contains(&name) {
                return games::as_game(ev, target.clone(), span).map(Some);
            }
            let shown = match target {
                Value::Heap(rules, n) => format!("{}({n})", rules.name()),
                Value::Classic(position) => position.name(),
                _ => String::new(),
            };
            Err(ev.error(
                span,
                ErrorKind::InvalidInput,
                format!(
                    "{name} is not a member of {}: its canonical form has it, as in \
                     {shown}.CanonicalForm.{name}",
                    target.kind_name()
                ),
            ))
        }
        _ => Ok(None),
    }
}

/// The error for a member the target does not have.
fn unknown(ev: &Eval<'_>, target: &Value, name: &str, span: Span) -> crate::Error {
    if SPEC_MEMBERS.contains(&name) {
        if matches!(name, "MisereNimValue" | "Genus") {
            return ev.error(
                span,
                ErrorKind::InvalidInput,
                format!(
                    "{name} needs a heap position such as game.heap.Kayles(5): {} is a \
                     normal-play value, which does not determine misère play",
                    target.kind_name()
                ),
            );
        }
        if known_members().contains(&name) {
            return ev.error(
                span,
                ErrorKind::InvalidInput,
                format!("{name} cannot be applied to {}", target.kind_name()),
            );
        }
        return builtins::not_available(ev, name, span);
    }
    ev.error(
        span,
        ErrorKind::InvalidInput,
        format!("unknown member '{name}' of {}", target.kind_name()),
    )
}

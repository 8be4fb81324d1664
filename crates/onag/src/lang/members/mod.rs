//! The member tables: one per class of value, each entry a member's name,
//! arity, help, example and computation (the entry type is
//! `runtime::table`'s). `:help` is generated from them
//! ([`member_docs`]), and a test runs every example. Adding a member is
//! one entry in one table; the dispatcher (`lang::dispatch::members`)
//! picks the table by the target's class.

pub(crate) mod catalog;
pub(crate) mod classic;
pub(crate) mod coordinates;
pub(crate) mod game;
pub(crate) mod graph;
pub(crate) mod grid;
pub(crate) mod heap;
pub(crate) mod infinity;
pub(crate) mod list;
pub(crate) mod loopy;
pub(crate) mod map;
pub(crate) mod misere;
pub(crate) mod mutable;
pub(crate) mod number;
pub(crate) mod object;
pub(crate) mod player;
pub(crate) mod random;
pub(crate) mod range;
pub(crate) mod strip;
pub(crate) mod transfinite;
pub(crate) mod user;

use crate::lang::runtime::table::Member;
pub use crate::lang::runtime::table::MemberDoc;

/// Rulesets CALCULATOR.md names (short names; `game.heap.` and friends are
/// namespaces in front of them).
pub(crate) const RULESETS: &[&str] = &[
    "Nim",
    "Kayles",
    "DawsonsKayles",
    "GrundysGame",
    "Subtraction",
    "Splittles",
    "TakeAndBreak",
    "Spawning",
    "Wythoff",
    "FibonacciNim",
    "Domineering",
    "Cram",
    "Clobber",
    "ToadsAndFrogs",
    "Hackenbush",
    "Turning",
    "FoxAndGeese",
    "BackslidingToadsAndFrogs",
    "Mem",
    "TakeAway",
    "HeapRuleset",
    "CoordinateRuleset",
    "GenMem",
    "GenWythoff",
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
    RULESETS
        .iter()
        .copied()
        .filter(|r| !RULESET_DOCS.iter().any(|d| d.name == *r))
        .filter(|r| crate::lang::classes::catalog::find(r).is_none())
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
    docs.extend(catalog::TABLE.docs());
    docs.extend(catalog::RULESET_TABLE.docs());
    docs.extend(loopy::TABLE.docs());
    docs.extend(list::LIST_TABLE.docs());
    docs.extend(range::TABLE.docs());
    docs.extend(list::STRING_TABLE.docs());
    docs.extend(map::TABLE.docs());
    docs.extend(map::ENTRY_TABLE.docs());
    docs.extend(coordinates::TABLE.docs());
    docs.extend(grid::TABLE.docs());
    docs.extend(graph::TABLE.docs());
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

fn doc_of<T: ?Sized>(m: &Member<T>, on: &'static str) -> MemberDoc {
    MemberDoc { name: m.name, on, example: m.example, summary: m.help }
}

/// Every member name the evaluator answers for some value.
pub fn known_members() -> Vec<&'static str> {
    KNOWN.clone()
}

/// Every member name, sorted (see [`known_members`]), computed once.
static KNOWN: std::sync::LazyLock<Vec<&'static str>> = std::sync::LazyLock::new(|| {
    let mut names: Vec<&'static str> = MEMBERS.iter().map(|d| d.name).collect();
    names.sort_unstable();
    names.dedup();
    names
});

/// Whether some value has a member `name` (see [`known_members`]).
pub fn is_known_member(name: &str) -> bool {
    KNOWN.binary_search(&name).is_ok()
}

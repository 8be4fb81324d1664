//! Members every value has (CGSuite's `Object`): `ToString` and `Class`.

use num_traits::Zero;

use super::super::context::Eval;
use super::super::explicit::Explicit;
use super::super::lexer::Span;
use super::super::rules::{ClassicPosition, ClassicRuleset, Ruleset};
use super::super::show::write;
use super::super::value::{Value, is_dyadic};
use super::table::{Table, member};
use crate::error::{ErrorKind, Result};

/// The members of every value.
pub(crate) const TABLE: Table<Value> = Table {
    on: "any value",
    members: &[
        member(
            "ToString",
            0,
            "the value as it prints, as a string",
            "\"heap \" + 7.ToString",
            |ev, v, _, _| {
                if let Value::Str(_) = v {
                    return Ok(v.clone());
                }
                let mut out = String::new();
                write(ev.state, &mut out, v)?;
                Ok(Value::Str(out))
            },
        ),
        member(
            "Class",
            0,
            "the value's class as CGSuite names it (game.Integer, game.Uptimal, ...); classes compare with ==",
            "(^*).Class == game.Uptimal",
            |ev, v, _, s| class_of(ev, v, s).map(Value::Class),
        ),
    ],
};

/// The classes `x.Class` can give, by CGSuite's paths; each is also a
/// name (`game.Integer`).
pub(crate) const CLASSES: &[&str] = &[
    "game.Zero",
    "game.Integer",
    "game.DyadicRational",
    "game.Rational",
    "game.Nimber",
    "game.Uptimal",
    "game.CanonicalShortGame",
    "game.ExplicitGame",
    "game.CompoundGame",
    "game.Player",
    "game.OutcomeClass",
    "game.misere.MisereCanonicalGame",
    "game.misere.Genus",
    "game.heap.Periodicity",
    "cgsuite.lang.Boolean",
    "cgsuite.lang.String",
    "cgsuite.lang.List",
    "cgsuite.lang.Set",
    "cgsuite.lang.Map",
    "cgsuite.lang.MapEntry",
    "cgsuite.lang.Range",
    "cgsuite.lang.Nothing",
    "cgsuite.lang.Function",
    "cgsuite.lang.Coordinates",
    "cgsuite.lang.Class",
    "cgsuite.util.Table",
    "cgsuite.util.Thermograph",
    "cgsuite.util.Trajectory",
    "cgsuite.util.UptimalExpansion",
    "game.Pseudonumber",
    "game.CanonicalStopper",
    "game.StopperSidedValue",
    "game.heap.TakeAndBreak",
    "game.heap.Spawning",
    "game.heap.GenMem",
    "game.heap.GenWythoff",
    "game.heap.FunctionalHeapRuleset",
    "game.heap.FunctionalCoordinateRuleset",
    "game.heap.HeapRuleset.Position",
    "game.heap.CoordinateRuleset.Position",
];

/// The classes of the catalog's rulesets and of their positions
/// (`game.grid.Domineering`, `game.grid.GenClobber.Position`), each once.
/// Built on first use; the strings live as long as the program, like the
/// catalog they are read from.
fn ruleset_classes() -> &'static [&'static str] {
    static CLASSES: std::sync::LazyLock<Vec<&'static str>> = std::sync::LazyLock::new(|| {
        let mut out: Vec<&'static str> = Vec::new();
        for r in crate::ruleset::catalog::rulesets() {
            for class in [r.class(), r.position_class()] {
                if !out.contains(&class.as_str()) {
                    out.push(Box::leak(class.into_boxed_str()));
                }
            }
        }
        out
    });
    &CLASSES
}

/// Every class `x.Class` can give.
fn all_classes() -> impl Iterator<Item = &'static str> {
    CLASSES.iter().copied().chain(ruleset_classes().iter().copied())
}

/// The class at `path`, when it is one `x.Class` can give.
pub(crate) fn class_named(path: &str) -> Option<&'static str> {
    all_classes().find(|c| *c == path)
}

/// Whether `path` is the package of some class (`cgsuite.lang`).
pub(crate) fn is_class_package(path: &str) -> bool {
    all_classes().any(|c| c.strip_prefix(path).is_some_and(|rest| rest.starts_with('.')))
}

/// The class of the ruleset a name stands for (`game.heap.Kayles`,
/// `game.grid.Clobber`): CGSuite defines the heap games by their codes, by
/// `GenWythoff` and by `GenMem`, and the catalog's by their classes.
pub(crate) fn class_of_name(path: &str) -> Option<&'static str> {
    let short = path.rsplit('.').next().unwrap_or(path);
    Some(match short {
        "Nim" | "Kayles" | "DawsonsKayles" | "GrundysGame" => "game.heap.TakeAndBreak",
        "Wythoff" => "game.heap.GenWythoff",
        "Mem" | "FibonacciNim" => "game.heap.GenMem",
        _ => catalog_class(&crate::ruleset::catalog::find(short)?.class()),
    })
}

/// A catalog class by its path, as [`ruleset_classes`] holds it.
fn catalog_class(path: &str) -> &'static str {
    ruleset_classes().iter().copied().find(|c| *c == path).unwrap_or("game.Game")
}

/// The class of `v`: for a game, the most specific of CGSuite's (a
/// nimber, then an uptimal, then any canonical short game).
fn class_of(ev: &mut Eval<'_>, v: &Value, span: Span) -> Result<&'static str> {
    Ok(match v {
        Value::Number(q) if q.is_zero() => "game.Zero",
        Value::Number(q) if q.is_integer() => "game.Integer",
        Value::Number(q) if is_dyadic(q) => "game.DyadicRational",
        Value::Number(_) | Value::Infinity(_) => "game.Rational",
        Value::Game(g) => {
            let g = *g;
            let nimber = ev.state.arena.nus(g).map(|n| n.number.is_zero() && n.ups == 0);
            match nimber {
                Some(true) => "game.Nimber",
                Some(false) => "game.Uptimal",
                None if ev.arena(span, |a| a.uptimal_expansion(g))?.is_some() => "game.Uptimal",
                None => "game.CanonicalShortGame",
            }
        }
        Value::Explicit(e) => match &**e {
            Explicit::Game(..) => "game.ExplicitGame",
            _ => "game.CompoundGame",
        },
        Value::Misere(_) => "game.misere.MisereCanonicalGame",
        Value::Genus(_) => "game.misere.Genus",
        Value::Periodicity { .. } => "game.heap.Periodicity",
        Value::Player(_) => "game.Player",
        Value::Outcome(_) => "game.OutcomeClass",
        Value::Bool(_) => "cgsuite.lang.Boolean",
        Value::Str(_) => "cgsuite.lang.String",
        Value::List(_) => "cgsuite.lang.List",
        Value::Set(_) | Value::GameSet(_) => "cgsuite.lang.Set",
        Value::Map(_) => "cgsuite.lang.Map",
        Value::Entry(_) => "cgsuite.lang.MapEntry",
        Value::Range(_) => "cgsuite.lang.Range",
        Value::Nothing => "cgsuite.lang.Nothing",
        Value::Function(_) => "cgsuite.lang.Function",
        Value::Pair(..) => "cgsuite.lang.Coordinates",
        Value::Class(_) => "cgsuite.lang.Class",
        Value::Table(_) => "cgsuite.util.Table",
        Value::Thermograph(_) => "cgsuite.util.Thermograph",
        Value::Trajectory(_) => "cgsuite.util.Trajectory",
        Value::Expansion(_) => "cgsuite.util.UptimalExpansion",
        Value::Builtin(path) => match class_of_name(path) {
            Some(class) => class,
            None => return Err(no_class(ev, v, span)),
        },
        Value::Loopy(sided) => super::loopy::class(ev, sided, span)?,
        Value::LoopyOutcome(_) => "game.OutcomeClass",
        Value::Position(p) => catalog_class(&p.ruleset().position_class()),
        Value::PartizanRuleset(r, _) => catalog_class(&r.class()),
        Value::Ruleset(Ruleset::Spawning(_)) => "game.heap.Spawning",
        // CGSuite defines Nim and subtraction games by their codes.
        Value::Ruleset(_) => "game.heap.TakeAndBreak",
        Value::Heap(..) | Value::Classic(ClassicPosition::User(ClassicRuleset::UserHeap(_), _)) => {
            "game.heap.HeapRuleset.Position"
        }
        Value::Classic(_) => "game.heap.CoordinateRuleset.Position",
        Value::ClassicRuleset(r) => match r {
            ClassicRuleset::Memory(_)
            | ClassicRuleset::TakeAwayBy(_)
            | ClassicRuleset::GenMem(_) => "game.heap.GenMem",
            ClassicRuleset::GenWythoff(_) => "game.heap.GenWythoff",
            ClassicRuleset::UserHeap(_) => "game.heap.FunctionalHeapRuleset",
            ClassicRuleset::UserCoordinate(_) | ClassicRuleset::Product(..) => {
                "game.heap.FunctionalCoordinateRuleset"
            }
        },
        other => return Err(no_class(ev, other, span)),
    })
}

/// The error for a value with no class.
fn no_class(ev: &Eval<'_>, v: &Value, span: Span) -> crate::Error {
    ev.error(span, ErrorKind::InvalidInput, format!("Class is not available for {}", v.kind_name()))
}

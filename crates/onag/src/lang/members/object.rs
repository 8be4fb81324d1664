//! Members every value has (CGSuite's `Object`): `ToString`, `Class`, `ToOutput`
//! and `EnclosingObject`.

use crate::error::{ErrorKind, Result};
use crate::lang::runtime::context::Eval;
use crate::lang::runtime::table::{Table, member};
use crate::lang::syntax::lexer::Span;
use crate::lang::value::explicit::Explicit;
use crate::lang::value::rules::{ClassicPosition, ClassicRuleset, Ruleset};
use crate::lang::value::{Value, is_dyadic};

/// The members of every value.
pub(crate) const TABLE: Table<Value> = Table {
    on: "any value",
    members: &[
        member(
            "ToString",
            0,
            "the value as it prints, as a string",
            "\"heap \" + 7.ToString",
            |ev, v, _, _| match v {
                Value::Str(_) => Ok(v.clone()),
                _ => printed(ev, v).map(Value::Str),
            },
        ),
        member(
            "Class",
            0,
            "the value's class as CGSuite names it (game.Integer, game.Uptimal, ...); classes compare with ==",
            "(^*).Class == game.Uptimal",
            |ev, v, _, s| class_of(ev, v, s).map(Value::Class),
        ),
        member(
            "ToOutput",
            0,
            "the value's display, as text that prints as the value does",
            "(^^*).ToOutput",
            |ev, v, _, _| match v {
                Value::Output(_) => Ok(v.clone()),
                _ => printed(ev, v).map(Value::Output),
            },
        ),
        member(
            "EnclosingObject",
            0,
            "the ruleset a position belongs to; Nothing for any other value",
            "game.grid.Domineering(\"..|..\").EnclosingObject",
            |_, v, _, _| Ok(enclosing_object(v)),
        ),
    ],
};

/// `v` as it prints.
fn printed(ev: &mut Eval<'_>, v: &Value) -> Result<String> {
    ev.show(v)
}

/// The ruleset of a position (`EnclosingObject`), or `Nothing`.
fn enclosing_object(v: &Value) -> Value {
    match v {
        Value::Position(p) => {
            let r = p.ruleset();
            let params = (!r.params.is_empty()).then(|| p.params().clone());
            Value::PartizanRuleset(r, params)
        }
        Value::Heap(h) => Value::ruleset(h.0.clone()),
        Value::Classic(position) => match &**position {
            ClassicPosition::Wythoff(..) => {
                crate::lang::classes::catalog::ruleset_constant("game.heap.Wythoff".into())
            }
            ClassicPosition::FibonacciNim(_) => {
                crate::lang::classes::catalog::ruleset_constant("game.heap.FibonacciNim".into())
            }
            ClassicPosition::Memory(rule, ..) => {
                Value::ClassicRuleset(ClassicRuleset::Memory(*rule))
            }
            ClassicPosition::User(rules, _) => Value::ClassicRuleset(rules.clone()),
        },
        _ => Value::Nothing,
    }
}

/// The members of a class (`x.Class.Name`).
pub(crate) const CLASS_TABLE: Table<&'static str> = Table {
    on: "class",
    members: &[
        member(
            "Name",
            0,
            "the class's name without its package: Integer, Domineering.Position",
            "(3).Class.Name",
            |_, path, _, _| Ok(Value::Str(class_name(path).to_string())),
        ),
        member(
            "QualifiedName",
            0,
            "the class's name with its package: game.Integer",
            "(3).Class.QualifiedName",
            |_, path, _, _| Ok(Value::Str(path.to_string())),
        ),
    ],
};

/// A class's name without its package: from its first capitalised part
/// (`game.grid.Domineering.Position` is `Domineering.Position`).
fn class_name(path: &str) -> &str {
    let mut at = 0;
    for part in path.split('.') {
        if part.starts_with(|c: char| c.is_ascii_uppercase()) {
            return &path[at..];
        }
        at += part.len() + 1;
    }
    path
}

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
    "cgsuite.util.MutableList",
    "cgsuite.util.Grid",
    "cgsuite.util.Graph",
    "cgsuite.util.Strip",
    "cgsuite.util.Random",
    "cgsuite.util.Symmetry",
    "cgsuite.util.MutableSet",
    "cgsuite.util.MutableMap",
    "cgsuite.util.Thermograph",
    "cgsuite.util.Trajectory",
    "cgsuite.util.UptimalExpansion",
    "cgsuite.lang.Output",
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
    "game.Game",
    "game.ImpartialGame",
    "game.NormalValue",
    "game.SurrealNumber",
    "game.GeneralizedOrdinal",
    "game.TransfiniteNimber",
    "game.SidedValue",
    "game.Ruleset",
    "cgsuite.lang.Object",
    "cgsuite.lang.Collection",
];

/// Each class with the classes it extends, as CGSuite declares them (a
/// class not listed extends `cgsuite.lang.Object` only; ruleset classes
/// are placed by [`parents`]).
const PARENTS: &[(&str, &[&str])] = &[
    ("game.Zero", &["game.Integer", "game.Nimber"]),
    ("game.Integer", &["game.DyadicRational", "game.GeneralizedOrdinal"]),
    ("game.GeneralizedOrdinal", &["game.SurrealNumber"]),
    ("game.DyadicRational", &["game.Uptimal", "game.Pseudonumber", "game.Rational"]),
    ("game.Rational", &["game.SurrealNumber"]),
    ("game.SurrealNumber", &["game.NormalValue"]),
    ("game.Nimber", &["game.ImpartialGame", "game.Uptimal", "game.TransfiniteNimber"]),
    ("game.TransfiniteNimber", &["game.NormalValue"]),
    ("game.Uptimal", &["game.CanonicalShortGame"]),
    ("game.CanonicalShortGame", &["game.CanonicalStopper"]),
    ("game.Pseudonumber", &["game.CanonicalStopper"]),
    ("game.CanonicalStopper", &["game.StopperSidedValue", "game.Game"]),
    ("game.StopperSidedValue", &["game.SidedValue"]),
    ("game.SidedValue", &["game.NormalValue"]),
    ("game.ImpartialGame", &["game.Game"]),
    ("game.ExplicitGame", &["game.Game"]),
    ("game.CompoundGame", &["game.Game"]),
    ("game.misere.MisereCanonicalGame", &["game.ImpartialGame"]),
    ("game.heap.HeapRuleset.Position", &["game.ImpartialGame"]),
    ("game.heap.CoordinateRuleset.Position", &["game.ImpartialGame"]),
    ("game.variant.ImpartialVariantGame", &["game.ImpartialGame"]),
    ("game.heap.TakeAndBreak", &["game.heap.HeapRuleset"]),
    ("game.heap.Spawning", &["game.heap.HeapRuleset"]),
    ("game.heap.FunctionalHeapRuleset", &["game.heap.HeapRuleset"]),
    ("game.heap.GenMem", &["game.heap.CoordinateRuleset"]),
    ("game.heap.GenWythoff", &["game.heap.CoordinateRuleset"]),
    ("game.heap.FunctionalCoordinateRuleset", &["game.heap.CoordinateRuleset"]),
    ("game.heap.HeapRuleset", &["game.Ruleset"]),
    ("game.heap.CoordinateRuleset", &["game.Ruleset"]),
    ("cgsuite.lang.List", &["cgsuite.lang.Collection"]),
    ("cgsuite.lang.Range", &["cgsuite.lang.List"]),
    ("cgsuite.lang.Set", &["cgsuite.lang.Collection"]),
    ("cgsuite.lang.Map", &["cgsuite.lang.Collection", "cgsuite.lang.Function"]),
    ("cgsuite.util.MutableList", &["cgsuite.lang.Collection"]),
    ("cgsuite.util.MutableSet", &["cgsuite.lang.Collection"]),
    ("cgsuite.util.MutableMap", &["cgsuite.lang.Collection"]),
];

/// The classes `class` extends directly. A catalog ruleset's positions are
/// games (impartial ones are listed above), and a catalog ruleset is a
/// ruleset.
fn parents(class: &str) -> Vec<&'static str> {
    if let Some((_, up)) = PARENTS.iter().find(|(c, _)| *c == class) {
        return up.to_vec();
    }
    if class.ends_with(".Position") {
        return vec!["game.Game"];
    }
    if ruleset_classes().contains(&class) {
        return vec!["game.Ruleset"];
    }
    vec!["cgsuite.lang.Object"]
}

/// Whether `class` is `ancestor` or extends it, directly or not.
fn extends(class: &str, ancestor: &str) -> bool {
    if class == ancestor || ancestor == "cgsuite.lang.Object" {
        return true;
    }
    parents(class).into_iter().any(|p| p != "cgsuite.lang.Object" && extends(p, ancestor))
}

/// `x is C`: whether the value `x` is an instance of the class `C`.
pub(crate) fn is_instance(
    ev: &mut Eval<'_>,
    x: &Value,
    class: &Value,
    span: Span,
) -> Result<Value> {
    // A class declared in CGScript: its instances and those of its
    // subclasses (onag's own base classes, `game.Game`, also hold the
    // values of onag's classes that extend them, below).
    if let Value::ClassRef(bound) = class {
        if let Value::Object(o) = x {
            return Ok(Value::Bool(o.class.extends(&bound.class)));
        }
        return match class_named(&bound.class.path) {
            Some(path) => is_instance(ev, x, &Value::Class(path), span),
            None => Ok(Value::Bool(false)),
        };
    }
    // An instance of a class declared in CGScript, against one of onag's
    // classes: its class's ancestors are what it is.
    if let Value::Object(o) = x {
        let path = match class {
            Value::Class(c) => Some(c.to_string()),
            Value::Builtin(path) => Some(path.clone()),
            _ => None,
        };
        if let Some(path) = path {
            return Ok(Value::Bool(path == "cgsuite.lang.Object" || o.class.is_a(&path)));
        }
    }
    // `game.heap.HeapRuleset` is also a function that makes rulesets, and
    // `game.grid.Domineering` a ruleset.
    let named = match class {
        Value::Builtin(path) => PARENTS
            .iter()
            .flat_map(|(c, up)| std::iter::once(*c).chain(up.iter().copied()))
            .find(|c| c == path)
            .or_else(|| class_named(path)),
        _ => None,
    };
    let Some(ancestor) = named.or(match class {
        Value::Class(c) => Some(*c),
        _ => None,
    }) else {
        return Err(ev.error(
            span,
            ErrorKind::InvalidInput,
            format!(
                "'is' needs a class on its right (such as game.Integer), not {}",
                class.kind_name()
            ),
        ));
    };
    let own = class_of(ev, x, span)?;
    Ok(Value::Bool(extends(own, ancestor)))
}

/// The class a short name stands for (`Integer`, `List`), as CGSuite
/// imports the packages `game`, `cgsuite.lang` and `cgsuite.util`.
pub(crate) fn class_by_short_name(name: &str) -> Option<&'static str> {
    /// Each short name's class, the first of the packages in order.
    static SHORT: std::sync::LazyLock<rustc_hash::FxHashMap<&'static str, &'static str>> =
        std::sync::LazyLock::new(|| {
            let mut map = rustc_hash::FxHashMap::default();
            for package in ["game.", "cgsuite.lang.", "cgsuite.util."] {
                for c in CLASSES {
                    if let Some(short) = c.strip_prefix(package) {
                        map.entry(short).or_insert(*c);
                    }
                }
            }
            map
        });
    SHORT.get(name).copied()
}

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
/// `game.grid.Clobber`): the class of the ruleset's value, and for
/// Wythoff's game, which is only ever a position here, `GenWythoff`.
pub(crate) fn class_of_name(
    ev: &mut Eval<'_>,
    path: &str,
    span: Span,
) -> Result<Option<&'static str>> {
    let short = path.rsplit('.').next().unwrap_or(path);
    if short == "Wythoff" {
        return Ok(Some("game.heap.GenWythoff"));
    }
    let value = match crate::lang::classes::heap::plain_ruleset(short) {
        Some(rules) => Value::ruleset(rules),
        None => crate::lang::classes::catalog::ruleset_constant(path.to_string()),
    };
    match value {
        Value::Builtin(_) => Ok(None),
        v => class_of(ev, &v, span).map(Some),
    }
}

/// A catalog class by its path, as [`ruleset_classes`] holds it.
fn catalog_class(path: &str) -> &'static str {
    ruleset_classes().iter().copied().find(|c| *c == path).unwrap_or("game.Game")
}

/// The class of `v`: for a game, the most specific of CGSuite's (a
/// nimber, then an uptimal, then any canonical short game).
pub(crate) fn class_of(ev: &mut Eval<'_>, v: &Value, span: Span) -> Result<&'static str> {
    Ok(match v {
        Value::Number(q) if q.is_zero() => "game.Zero",
        Value::Number(q) if q.is_integer() => "game.Integer",
        Value::Number(q) if is_dyadic(&q.to_big()) => "game.DyadicRational",
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
        Value::Grid(_) => "cgsuite.util.Grid",
        Value::Graph(_) => "cgsuite.util.Graph",
        Value::Strip(_) => "cgsuite.util.Strip",
        Value::Random(_) => "cgsuite.util.Random",
        Value::Transfinite(x) if x.as_ordinal().is_some() => "game.GeneralizedOrdinal",
        Value::Transfinite(_) => "game.SurrealNumber",
        Value::TransfiniteNimber(_) => "game.TransfiniteNimber",
        Value::Mutable(m) => match m.class_name() {
            "MutableList" => "cgsuite.util.MutableList",
            "MutableSet" => "cgsuite.util.MutableSet",
            _ => "cgsuite.util.MutableMap",
        },
        Value::Thermograph(_) => "cgsuite.util.Thermograph",
        Value::Trajectory(_) => "cgsuite.util.Trajectory",
        Value::Expansion(_) => "cgsuite.util.UptimalExpansion",
        Value::Output(_) => "cgsuite.lang.Output",
        Value::Builtin(path) => match class_of_name(ev, path, span)? {
            Some(class) => class,
            None => return Err(no_class(ev, v, span)),
        },
        Value::Loopy(sided) => crate::lang::members::loopy::class(ev, sided, span)?,
        Value::LoopyOutcome(_) => "game.OutcomeClass",
        Value::Position(p) => catalog_class(&p.ruleset().position_class()),
        Value::PartizanRuleset(r, _) => catalog_class(&r.class()),
        Value::Ruleset(r) if matches!(**r, Ruleset::Spawning(_)) => "game.heap.Spawning",
        // CGSuite defines Nim and subtraction games by their codes.
        Value::Ruleset(_) => "game.heap.TakeAndBreak",
        Value::Heap(..) => "game.heap.HeapRuleset.Position",
        Value::Classic(p)
            if matches!(**p, ClassicPosition::User(ClassicRuleset::UserHeap(_), _)) =>
        {
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

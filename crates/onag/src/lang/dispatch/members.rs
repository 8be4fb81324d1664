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

use crate::lang::members::catalog as position;
use crate::lang::members::classic;
use crate::lang::members::coordinates;
use crate::lang::members::game;
use crate::lang::members::grid;
use crate::lang::members::heap;
use crate::lang::members::infinity;
use crate::lang::members::is_known_member;
use crate::lang::members::list;
use crate::lang::members::loopy;
use crate::lang::members::map;
use crate::lang::members::misere;
use crate::lang::members::mutable;
use crate::lang::members::number;
use crate::lang::members::object;
use crate::lang::members::player;
use crate::lang::members::random;
use crate::lang::members::range;
use crate::lang::members::strip;
use crate::lang::members::transfinite;
use num_bigint::BigUint;

use crate::error::{ErrorKind, Result};
use crate::lang::classes::catalog::ruleset_constant;
use crate::lang::classes::heap::{plain_ruleset, ruleset_of};
use crate::lang::dispatch::names::{self as builtins, Args};
use crate::lang::runtime::context::Eval;
use crate::lang::syntax::lexer::Span;
use crate::lang::value::Value;
use crate::lang::value::rules::Ruleset;

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

/// Game members a heap or classic position answers as its nimber: they
/// depend only on its value (CGSuite defines them on any game through its
/// canonical form).
const POSITION_GAME_MEMBERS: &[&str] =
    &["CanonicalForm", "AtomicWeight", "ReducedCanonicalForm", "OutcomeClass"];

/// The members of misère play that a game kept as written answers from
/// its form.
const MISERE_OF_FORM: [&str; 4] =
    ["MisereCanonicalForm", "MisereOutcomeClass", "MisereNimValue", "Genus"];

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
            Some(crate::lang::classes::range::expand_args(ev, args)?)
        }
        Some(args) => Some(crate::lang::classes::range::plain_args(ev, args)?),
        None => None,
    };
    if matches!(target, Value::Object(_) | Value::ClassRef(_)) {
        if let Some(result) = ev.object_member(&target, name, args.as_ref(), span) {
            return result;
        }
        return object_fallback(ev, target, name, span, args);
    }
    // A class's other members are those of its name (`game.misere.MisereCanonicalGame.DayN`).
    if let Value::Class(path) = &target
        && let Some(result) =
            object::CLASS_TABLE.call(ev, path, name, &args_without_names(&args), span)
    {
        return result;
    }
    let target = match target {
        Value::Class(path) if object::TABLE.find(name).is_none() => Value::Builtin(path.into()),
        Value::Builtin(path) if is_known_member(name) => ruleset_constant(path),
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
    if let Value::Graph(g) = &target
        && let Some(result) = crate::lang::members::graph::TABLE.call(ev, g, name, &plain, span)
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
            None => crate::lang::classes::range::expand(ev, Value::Range(r), span)?,
        },
        // A mutable collection answers the members that change it; to the
        // others it is a copy of its contents.
        Value::Mutable(m) => match mutable::TABLE.call(ev, &m, name, &plain, span) {
            Some(result) => return result,
            None => match mutable::read_in_place(&m, name, &plain) {
                Some(answer) => return Ok(answer),
                None => ev.frozen(Value::Mutable(m), span)?,
            },
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
        let g = crate::lang::classes::misere::form_of(ev, &target, span)?;
        if let Some(result) = misere::TABLE.call(ev, &g, name, &plain, span) {
            return result;
        }
    }
    // A sum of positions of games declared in CGScript may repeat: its
    // value is the engine's, loopy or not.
    if name == "GameValue" && plain.is_empty() && crate::lang::classes::user::is_user_sum(&target) {
        return crate::lang::classes::user::game_value(ev, &target, span);
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
            if let Some(result) = number::TABLE.call(ev, &q.to_big(), name, &plain, span) {
                return result;
            }
            if name == "ConwayProduct" {
                return number::CONWAY_PRODUCT.run_checked(ev, &q.to_big(), &plain, span);
            }
            if !crate::lang::value::is_dyadic(&q.to_big())
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
        let v = match crate::lang::classes::loopy::sided_of(ev, &target, span) {
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

/// A member that a class declared in CGScript does not declare: a class's
/// `Name` and `QualifiedName`; for a game, any member of its canonical
/// form (`Mean`, `Temperature`, ...).
fn object_fallback(
    ev: &mut Eval<'_>,
    target: Value,
    name: &str,
    span: Span,
    args: Option<Args>,
) -> Result<Value> {
    match &target {
        Value::ClassRef(bound) => {
            if let Some(v) = crate::lang::members::user::class_member(&bound.class, name) {
                return Ok(v);
            }
            Err(ev.error(
                span,
                ErrorKind::InvalidInput,
                format!("unknown member '{name}' of the class {}", bound.class.path),
            ))
        }
        Value::Object(o) if o.class.is_a("game.Game") => {
            let value = ev.as_game(target.clone(), span)?;
            member(ev, value, name, span, args)
        }
        Value::Object(o) => Err(ev.error(
            span,
            ErrorKind::InvalidInput,
            format!("unknown member '{name}' of an instance of {}", o.class.path),
        )),
        _ => Err(unknown(ev, &target, name, span)),
    }
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
        && !crate::lang::value::is_dyadic(&q.to_big())
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
                Value::Player(crate::lang::value::Player::Left) => "LeftStop",
                Value::Player(crate::lang::value::Player::Right) => "RightStop",
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
    if let Some(kind) = crate::lang::value::explicit::Kind::of_name(name)
        && matches!(
            target,
            Value::Game(_) | Value::Number(_) | Value::Explicit(_) | Value::Misere(_)
        )
        && (kind != crate::lang::value::explicit::Kind::ConwayProduct
            || crate::lang::classes::explicit::is_form(target)
            || args.iter().any(|(v, _)| crate::lang::classes::explicit::is_form(v)))
    {
        let [(other, _)] = args else {
            return Some(Err(ev.error(
                span,
                ErrorKind::InvalidInput,
                format!("{name} takes 1 argument, not {}", args.len()),
            )));
        };
        return Some(crate::lang::classes::explicit::compound::compound(
            ev,
            kind,
            target.clone(),
            other.clone(),
            span,
        ));
    }
    match target {
        Value::Heap(h) => {
            let position: &(Ruleset, BigUint) = h;
            heap::POSITION_TABLE.call(ev, position, name, args, span)
        }
        Value::Classic(p) => classic::TABLE.call(ev, p, name, args, span),
        Value::ClassicRuleset(r) => classic::RULESET_TABLE.call(ev, r, name, args, span),
        Value::Explicit(e) if name == "LeftOptions" || name == "RightOptions" => {
            Some(crate::lang::classes::explicit::options(ev, e, name == "LeftOptions", span))
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
        Value::Position(_) | Value::Explicit(_) => ev.as_game(target.clone(), span).map(Some),
        Value::Heap(..) | Value::Classic(_) if game::TABLE.find(name).is_some() => {
            if POSITION_GAME_MEMBERS.contains(&name) {
                return ev.as_game(target.clone(), span).map(Some);
            }
            let shown = match target {
                Value::Heap(h) => format!("{}({})", h.0.name(), h.1),
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

/// The mutable class whose instances have the member `name` that changes
/// a collection in place, when `target` is the immutable collection of
/// its kind (`[1].Add(2)`: `MutableList()` has `Add`).
fn mutable_class_with(target: &Value, name: &str) -> Option<&'static str> {
    let (class, members): (&str, &[&str]) = match target {
        Value::List(_) => (
            "MutableList",
            &[
                "Add",
                "AddAll",
                "Remove",
                "RemoveAll",
                "RemoveAt",
                "Update",
                "Sort",
                "SortWith",
                "Clear",
            ],
        ),
        Value::Set(_) | Value::GameSet(_) => {
            ("MutableSet", &["Add", "AddAll", "Remove", "RemoveAll", "Clear"])
        }
        Value::Map(_) => ("MutableMap", &["Put", "PutAll", "Remove", "RemoveAll", "Clear"]),
        _ => return None,
    };
    members.contains(&name).then_some(class)
}

/// The error for a member the target does not have.
fn unknown(ev: &Eval<'_>, target: &Value, name: &str, span: Span) -> crate::Error {
    if let Some(class) = mutable_class_with(target, name) {
        let kind = target.kind_name();
        return ev.error(
            span,
            ErrorKind::InvalidInput,
            format!(
                "{kind} cannot change, so it has no member '{name}': {class}() has it \
                 (x := {class}(); x.{name}(...)), and {class}(c) copies a collection c"
            ),
        );
    }
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
        if is_known_member(name) {
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

//! Calls and names: what `Tiny(1)`, `game.heap.Kayles(5)`,
//! `game.grid.Domineering("..|..")` and `game.heap` evaluate to. Rulesets
//! are found by their short name alone too; a ruleset that CALCULATOR.md
//! names but no library module provides yet answers "not available yet".

use num_bigint::Sign;

use crate::error::{ErrorKind, Result};
use crate::lang::classes::heap as rulesets;
use crate::lang::classes::heap::classic;
use crate::lang::runtime::context::Eval;
use crate::lang::syntax::lexer::Span;
use crate::lang::value::Value;
use crate::lang::value::rules::Ruleset;

/// Arguments of a call: an optional name, the value, where it is written.
pub(crate) use crate::lang::runtime::context::Args;

const NAMESPACES: &[&str] = &["heap", "grid", "strip", "graph", "misere"];

/// Classes whose static members the calculator answers: `(package, class, member)`.
const STATICS: &[(&str, &str, &str)] = &[
    ("game.misere", "MisereCanonicalGame", "DayN"),
    ("game.heap", "TakeAndBreak", "FromSubtractionSet"),
    ("game", "Integer", "Parse"),
    ("cgsuite.util", "Grid", "Empty"),
    ("cgsuite.util", "Grid", "Parse"),
    ("cgsuite.util", "Graph", "Parse"),
    ("cgsuite.util", "Graph", "Path"),
    ("cgsuite.util", "Graph", "Cycle"),
    ("cgsuite.util", "Graph", "Star"),
    ("cgsuite.util", "Graph", "Clique"),
    ("cgsuite.util", "Graph", "Singleton"),
    ("cgsuite.util", "Graph", "FromAdjacencyList"),
    ("cgsuite.util", "Strip", "Empty"),
    ("cgsuite.util", "Strip", "Parse"),
];

/// Whether `name` is a ruleset's short name.
pub(crate) fn is_ruleset(name: &str) -> bool {
    crate::lang::members::RULESETS.contains(&name)
        || crate::lang::classes::catalog::find(name).is_some()
}

pub(crate) fn not_available(ev: &Eval<'_>, name: &str, span: Span) -> crate::Error {
    ev.error(span, ErrorKind::InvalidInput, format!("{name} is not available yet"))
}

/// `callee(args)`.
pub(crate) fn call(ev: &mut Eval<'_>, callee: Value, args: Args, span: Span) -> Result<Value> {
    if matches!(callee, Value::Object(_) | Value::ClassRef(_)) {
        return ev.call_object(callee, args, span);
    }
    if let Value::Ruleset(rules) = callee {
        return heap(ev, *rules, args, span);
    }
    if let Value::PartizanRuleset(r, params) = callee {
        return crate::lang::classes::catalog::call(ev, r, params, args, span);
    }
    if let Value::Builtin(path) = &callee
        && let Some(r) =
            crate::lang::classes::catalog::find(path.rsplit('.').next().unwrap_or(path))
    {
        return crate::lang::classes::catalog::call(ev, r, None, args, span);
    }
    if let Value::ClassicRuleset(rules) = &callee {
        return classic::call_ruleset(ev, rules, &args, span);
    }
    if let Value::Class(path) = &callee
        && path.starts_with("cgsuite.util.Mutable")
    {
        // 0 or 1 arguments: `construct_mutable` says so for any other count.
        let count = args.len();
        let a = positional(ev, path, Some(args), count, span)?;
        return crate::lang::members::mutable::construct(ev, path, &a, span);
    }
    if let Value::Class("cgsuite.util.Graph") = &callee {
        // `Graph("--")`: the graph the string writes.
        return crate::lang::classes::graph::call_with(ev, "Eval", args, span);
    }
    if let Value::Class("cgsuite.util.Random") = &callee {
        let a = positional(ev, "Random", Some(args), 1, span)?;
        return crate::lang::members::random::construct(ev, &a[0], span);
    }
    if let Value::Turning(rule) = &callee {
        return rulesets::coin_row(ev, rule, &args, span);
    }
    match &callee {
        Value::Builtin(path) => {
            let short = path.rsplit('.').next().unwrap_or(path);
            if short == "Tiny" || short == "Miny" {
                let a = positional(ev, short, Some(args), 1, span)?;
                if let Some(value) = crate::lang::classes::loopy::tiny(ev, short, &a[0].0, span) {
                    return value;
                }
                let g = ev.game_of(&a[0].0, a[0].1, short)?;
                let t =
                    ev.arena(span, |ar| if short == "Tiny" { ar.tiny(g) } else { ar.miny(g) })?;
                return Ok(ev.game_value(t));
            }
            if matches!(short, "Max" | "Min" | "Sum" | "Mex") && path == short {
                // `Max(c)` is `c.Max`.
                let a = positional(ev, short, Some(args), 1, span)?;
                let (collection, at) = a.into_iter().next().unwrap_or((Value::Nothing, span));
                if !matches!(collection, Value::List(_) | Value::Set(_) | Value::GameSet(_)) {
                    return Err(ev.error(
                        at,
                        ErrorKind::InvalidInput,
                        format!("{short} needs a list or a set, not {}", collection.kind_name()),
                    ));
                }
                return ev.member(collection, short, span, None);
            }
            if short == "error" && path == short {
                // `error(message)`: stops the input with the message.
                let a = positional(ev, short, Some(args), 1, span)?;
                let message = match &a[0].0 {
                    Value::Str(text) => text.clone(),
                    other => {
                        return Err(ev.error(
                            a[0].1,
                            ErrorKind::InvalidInput,
                            format!("error needs a string, not {}", other.kind_name()),
                        ));
                    }
                };
                return Err(ev.error(span, ErrorKind::InvalidInput, message));
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
            if let Some(name) = path.strip_prefix("cgsuite.util.Grid.") {
                let count = args.len();
                let a = positional(ev, path, Some(args), count, span)?;
                return crate::lang::classes::grid::call(ev, name, &a, span);
            }
            if let Some(name) = path.strip_prefix("cgsuite.util.Graph.") {
                return crate::lang::classes::graph::call_with(ev, name, args, span);
            }
            if let Some(name) = path.strip_prefix("cgsuite.util.Strip.") {
                let count = args.len();
                let a = positional(ev, path, Some(args), count, span)?;
                return crate::lang::classes::strip::call(ev, name, &a, span);
            }
            if path == "game.Integer.Parse" {
                // `Integer.Parse("123")`: the integer the string writes.
                let a = positional(ev, "Integer.Parse", Some(args), 1, span)?;
                let Value::Str(text) = &a[0].0 else {
                    return Err(ev.error(
                        a[0].1,
                        ErrorKind::InvalidInput,
                        format!("Integer.Parse needs a string, not {}", a[0].0.kind_name()),
                    ));
                };
                let digits = text.strip_prefix('-').unwrap_or(text);
                let plain = !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit());
                let parsed = if plain { text.parse::<num_bigint::BigInt>().ok() } else { None };
                return parsed.map(Value::int).ok_or_else(|| {
                    ev.error(
                        a[0].1,
                        ErrorKind::InvalidInput,
                        format!("Integer.Parse: \"{text}\" is not an integer"),
                    )
                });
            }
            if short == "Splittles" {
                // CGSuite's `Splittles(set, allbut)`: digit 7 at each removal
                // in the set (take, and leave up to two heaps).
                let mut args = args;
                let at = args.first().map_or(span, |a| a.2);
                let digit = (Some("codeDigit".to_string()), Value::Str("7".into()), at);
                args.insert(args.len().min(1), digit);
                return crate::lang::classes::heap::from_subtraction_set(ev, &args, span);
            }
            if path == "game.heap.TakeAndBreak.FromSubtractionSet" {
                return crate::lang::classes::heap::from_subtraction_set(ev, &args, span);
            }
            if path == "game.misere.MisereCanonicalGame.DayN" {
                return crate::lang::classes::misere::day_n(ev, &args, span);
            }
            if short == "Spawning" {
                return rulesets::spawning(ev, &args, span);
            }
            if let Some(result) = crate::lang::classes::loopy::ruleset_call(ev, short, &args, span)
            {
                return result;
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
        Some(n) if n.sign() != Sign::Minus => Ok(Value::heap(rules, n.magnitude().clone())),
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

/// The constant `name` of the package `package`: a variable of the
/// singleton class `constants` that the package's folder may declare in
/// `constants.cgs`, as CGSuite's packages declare theirs (`game.grid`'s
/// `FoxAndGeese := GenFoxAndGeese()`); `None` when the folder has no such
/// file or the file declares no such variable.
pub(crate) fn package_constant(
    ev: &mut Eval<'_>,
    package: &str,
    name: &str,
    span: Span,
) -> Result<Option<Value>> {
    use crate::lang::value::object::Symbol;
    let path = format!("{package}.constants");
    let Some(class) = ev.state.library.user_class(&path).map_err(|e| ev.locate(e, span))? else {
        return Ok(None);
    };
    if !class.modifiers.singleton
        || !matches!(class.symbols.get(name), Some(Symbol::Var(_) | Symbol::Static))
    {
        return Ok(None);
    }
    let constants = ev.class_value(class).map_err(|e| ev.locate(e, span))?;
    ev.member(constants, name, span, None).map(Some)
}

pub(crate) fn namespace_member(
    ev: &mut Eval<'_>,
    path: &str,
    name: &str,
    span: Span,
) -> Result<Value> {
    let full = format!("{path}.{name}");
    // A class of the user's own files comes first, even where onag has a
    // ruleset of that name (`game.grid.Domineering` from a folder of
    // CGSuite's ruleset files).
    if let Some(class) = ev.state.library.user_class(&full).map_err(|e| ev.locate(e, span))? {
        return ev.class_value(class).map_err(|e| ev.locate(e, span));
    }
    if let Some(value) = package_constant(ev, path, name, span)? {
        return Ok(value);
    }
    if name == "Class"
        && let Some(class) = crate::lang::members::object::class_of_name(ev, path, span)?
    {
        return Ok(Value::Class(class));
    }
    // The packages of the classes (`cgsuite.lang`, `cgsuite.util`).
    if path == "cgsuite" && crate::lang::members::object::is_class_package(&full) {
        return Ok(Value::Builtin(full));
    }
    if path == "cgsuite.lang.Coordinates"
        && let Some(v) = crate::lang::classes::coordinates::constant(name)
    {
        return Ok(v);
    }
    if path == "cgsuite.util.Symmetry"
        && let Some(v) = crate::lang::classes::grid::symmetry(name)
    {
        return Ok(v);
    }
    if path == "Player" {
        match name {
            "Left" => return Ok(Value::Player(crate::lang::value::Player::Left)),
            "Right" => return Ok(Value::Player(crate::lang::value::Player::Right)),
            _ => {}
        }
    }
    if path == "game" && NAMESPACES.contains(&name) {
        return Ok(Value::Builtin(format!("game.{name}")));
    }
    // A class with statics (`game.misere.MisereCanonicalGame`) is a
    // namespace of them, unless it is a class in its own right
    // (`game.Integer`, whose members come through its class value).
    if STATICS.iter().any(|&(package, class, _)| package == path && class == name)
        && crate::lang::members::object::class_named(&full).is_none()
    {
        return Ok(Value::Builtin(format!("{path}.{name}")));
    }
    if STATICS.iter().any(|&(package, class, member)| {
        path.strip_prefix(package).and_then(|c| c.strip_prefix('.')) == Some(class)
            && member == name
    }) {
        return Ok(Value::Builtin(format!("{path}.{name}")));
    }
    if let Some(r) = crate::lang::classes::catalog::find(name)
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
    // Classes come after rulesets: `game.grid.Domineering` is called.
    if let Some(class) = crate::lang::members::object::class_named(&full) {
        return Ok(Value::Class(class));
    }
    // A class or package of the library path (or onag's base classes).
    if let Some(class) = ev.state.library.class(&full).map_err(|e| ev.locate(e, span))? {
        return ev.class_value(class).map_err(|e| ev.locate(e, span));
    }
    if ev.state.library.is_package(&full) {
        return Ok(Value::Builtin(full));
    }
    let short = path.rsplit('.').next().unwrap_or(path);
    if is_ruleset(short) {
        return Err(not_available(ev, &format!("{name} of the ruleset {short}"), span));
    }
    Err(ev.error(span, ErrorKind::InvalidInput, format!("unknown name '{path}.{name}'")))
}

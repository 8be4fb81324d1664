//! Classes declared in CGScript at work: making instances, calling their
//! methods, and the names a method sees.
//!
//! Inside a method, a name is looked up in this order: the method's local
//! variables; the members of `this` (its fields, its methods with no
//! parameters, which are invoked, its nested classes, its static
//! variables), then those of the instance it was made from, and so
//! outward; the classes of the file's package and imports; then the names
//! every input has. A call `Name(args)` looks for a method or a nested
//! class the same way.
//!
//! A method is chosen among those of its name by its arguments: their
//! number and, for parameters written `x as C`, their classes. A nearer
//! class's method replaces an ancestor's with the same parameters.
//! Calling a class makes an instance (its constructor's parameters are
//! bound by position or by name, superclass parameters of the same name
//! share the slot, then every ancestor's initialisers run, the farthest
//! first), calls its static `Eval`, or for a singleton the instance's
//! `Eval`; calling an instance calls its `Eval`.

use std::sync::Arc;

use rustc_hash::FxHashMap;

use crate::error::{ErrorKind, Result};
use crate::lang::dispatch::names::package_constant;
use crate::lang::interp::eval::Walk;
use crate::lang::interp::script::call;
use crate::lang::runtime::args::{Slot, place};
use crate::lang::runtime::context::{Args, Eval, Frame};
use crate::lang::syntax::ast::{Expr, Param};
use crate::lang::syntax::lexer::Span;
use crate::lang::value::Value;
use crate::lang::value::object::{
    BoundClass, Class, Init, Instance, Method, ORDINAL, ParamClass, Symbol, object,
};

/// `this`.
pub(crate) fn this(ev: &Eval<'_>, span: Span) -> Result<Value> {
    ev.this().cloned().ok_or_else(|| {
        ev.error(span, ErrorKind::InvalidInput, "'this' is only defined inside a class's methods")
    })
}

/// The receiver a method's names are looked up on after `receiver`: the
/// instance it was made from.
fn outer_of(receiver: &Value) -> Option<Value> {
    match receiver {
        Value::Object(o) => o.outer.clone(),
        Value::ClassRef(b) => b.outer.clone(),
        _ => None,
    }
}

/// The class of a receiver.
fn class_of(receiver: &Value) -> Option<&Arc<Class>> {
    match receiver {
        Value::Object(o) => Some(&o.class),
        Value::ClassRef(b) => Some(&b.class),
        _ => None,
    }
}

/// The value of name `name` inside a method (see the module doc), or
/// `None` when no class in scope declares it.
pub(crate) fn name(ev: &mut Eval<'_>, name: &str, span: Span) -> Option<Result<Value>> {
    let mut receiver = ev.this().cloned();
    while let Some(r) = receiver {
        if let Some(result) = symbol(ev, &r, name, None, span) {
            return Some(result);
        }
        receiver = outer_of(&r);
    }
    let class = ev.this().and_then(class_of).cloned()?;
    if class.not_in_package.lock().is_ok_and(|m| m.contains(name)) {
        return None;
    }
    match lexical_class(ev, &class, name) {
        Ok(Some(found)) => return Some(class_value(ev, found, None)),
        Ok(None) => {}
        Err(e) => return Some(Err(e)),
    }
    if !class.package.is_empty() {
        match package_constant(ev, &class.package, name, span) {
            Ok(Some(value)) => return Some(Ok(value)),
            Ok(None) => {}
            Err(e) => return Some(Err(e)),
        }
    }
    if let Ok(mut misses) = class.not_in_package.lock() {
        misses.insert(name.to_string());
    }
    None
}

/// `target.name(args)` (`args` `None`: without parentheses) for an
/// instance or a class declared in CGScript, when its class declares
/// `name`.
pub(crate) fn member(
    ev: &mut Eval<'_>,
    target: &Value,
    name: &str,
    args: Option<&Args>,
    span: Span,
) -> Option<Result<Value>> {
    // A singleton class's members are its instance's.
    if let Value::ClassRef(bound) = target
        && bound.class.modifiers.singleton
    {
        return match singleton(ev, &bound.class, bound.outer.clone()) {
            Ok(instance) => symbol(ev, &instance, name, args, span),
            Err(e) => Some(Err(e)),
        };
    }
    symbol(ev, target, name, args, span)
}

/// `name(args)` inside a method: a method or nested class in scope, or
/// `None` when no class in scope declares `name`.
pub(crate) fn call_name(
    ev: &mut Eval<'_>,
    name: &str,
    args: &Args,
    span: Span,
) -> Option<Result<Value>> {
    let mut receiver = ev.this().cloned();
    while let Some(r) = receiver {
        if let Some(result) = symbol(ev, &r, name, Some(args), span) {
            return Some(result);
        }
        receiver = outer_of(&r);
    }
    None
}

/// A class of the file of `class` by its short name: its package's, or an
/// import's.
fn lexical_class(ev: &mut Eval<'_>, class: &Class, name: &str) -> Result<Option<Arc<Class>>> {
    let mut candidates = Vec::new();
    if !class.package.is_empty() {
        candidates.push(format!("{}.{name}", class.package));
    }
    for import in class.imports.iter() {
        match import.strip_suffix(".*") {
            Some(package) => candidates.push(format!("{package}.{name}")),
            None if import.rsplit('.').next() == Some(name) => candidates.push(import.clone()),
            None => {}
        }
    }
    for path in candidates {
        if let Some(c) = ev.state.library.class(&path)? {
            return Ok(Some(c));
        }
    }
    Ok(None)
}

/// A top-level class as a value (see [`class_value`]).
pub(crate) fn top_class_value(ev: &mut Eval<'_>, class: Arc<Class>) -> Result<Value> {
    class_value(ev, class, None)
}

/// A class as a value: a singleton's instance, any other class itself.
pub(crate) fn class_value(
    ev: &mut Eval<'_>,
    class: Arc<Class>,
    outer: Option<Value>,
) -> Result<Value> {
    if class.modifiers.singleton {
        return singleton(ev, &class, outer);
    }
    Ok(Value::ClassRef(Arc::new(BoundClass { class, outer })))
}

/// What `receiver.name` (`args` `None`) or `receiver.name(args)` is, when
/// the receiver's class declares `name`; `None` otherwise.
fn symbol(
    ev: &mut Eval<'_>,
    receiver: &Value,
    name: &str,
    args: Option<&Args>,
    span: Span,
) -> Option<Result<Value>> {
    // Borrowed from the receiver, not counted: this runs for every name
    // a method reads.
    let class: &Arc<Class> = class_of(receiver)?;
    let is_static = matches!(receiver, Value::ClassRef(_));
    Some(match class.lookup(name)? {
        Symbol::Var(slot) => match receiver {
            Value::Object(o) => {
                let value = o.fields.get(*slot).cloned().unwrap_or(Value::Nothing);
                match args {
                    Some(args) => call_value(ev, value, args.clone(), span),
                    None => Ok(value),
                }
            }
            _ => Err(ev.error(
                span,
                ErrorKind::InvalidInput,
                format!(
                    "'{name}' is a variable of each instance of {}, not of the class",
                    class.path
                ),
            )),
        },
        Symbol::Static => {
            match statics(ev, class).map(|s| s.get(name).cloned().unwrap_or(Value::Nothing)) {
                Ok(value) => match args {
                    Some(args) => call_value(ev, value, args.clone(), span),
                    None => Ok(value),
                },
                Err(e) => Err(e),
            }
        }
        Symbol::Nested(nested) => {
            let outer = if is_static { None } else { Some(receiver.clone()) };
            match args {
                Some(args) => {
                    let bound = BoundClass { class: nested.clone(), outer };
                    call_class(ev, &bound, args.clone(), span)
                }
                None => class_value(ev, nested.clone(), outer),
            }
        }
        Symbol::Methods(_) => {
            let all = class.methods(name);
            let methods: std::borrow::Cow<'_, [Arc<Method>]> = if is_static {
                all.iter().filter(|m| m.modifiers.is_static).cloned().collect()
            } else {
                std::borrow::Cow::Borrowed(all)
            };
            if methods.is_empty() {
                return None;
            }
            match select(ev, &methods, args, class, span) {
                Ok(method) => {
                    invoke(ev, receiver, &method, args.cloned().unwrap_or_default(), span)
                }
                Err(e) => Err(e),
            }
        }
    })
}

/// The method of `methods` that `args` call (`None`: written without
/// parentheses).
fn select(
    ev: &mut Eval<'_>,
    methods: &[Arc<Method>],
    args: Option<&Args>,
    class: &Class,
    span: Span,
) -> Result<Arc<Method>> {
    let Some(args) = args else {
        if let Some(m) = methods.iter().find(|m| m.params.is_none()) {
            return Ok(m.clone());
        }
        if let Some(m) = methods.iter().find(|m| m.parameters().is_empty()) {
            return Ok(m.clone());
        }
        let m = &methods[0];
        return Err(ev.error(
            span,
            ErrorKind::InvalidInput,
            format!("{} takes arguments: write {}(...)", m.qualified_name(), m.name),
        ));
    };
    let callable: Vec<&Arc<Method>> = methods.iter().filter(|m| m.params.is_some()).collect();
    if callable.is_empty() {
        // `x.Name()` of a method declared without parentheses.
        if args.is_empty() {
            return Ok(methods[0].clone());
        }
        let m = &methods[0];
        return Err(ev.error(
            span,
            ErrorKind::InvalidInput,
            format!("{} takes no arguments", m.qualified_name()),
        ));
    }
    // One method: its arguments' classes are checked as they are given.
    if let [only] = callable.as_slice()
        && args.iter().all(|(name, _, _)| name.is_none())
        && args.len() <= only.parameters().len()
    {
        let who = only.qualified_name();
        for (param, (_, value, at)) in only.parameters().iter().zip(args) {
            if let Some(expected) = &param.class {
                check_class(ev, value, expected, class, &param.name, &who, *at)?;
            }
        }
        return Ok((*only).clone());
    }
    let mut first_error = None;
    for m in &callable {
        match fits(ev, m.parameters(), args, class, &m.qualified_name(), span) {
            Ok(()) => return Ok((*m).clone()),
            Err(e) => {
                first_error.get_or_insert(e);
            }
        }
    }
    Err(first_error.unwrap_or_else(|| {
        ev.error(span, ErrorKind::InvalidInput, "no method takes these arguments")
    }))
}

/// Whether `args` fit `params` (their number, names and classes); the
/// error says why not.
fn fits(
    ev: &mut Eval<'_>,
    params: &[Param],
    args: &Args,
    class: &Class,
    who: &str,
    span: Span,
) -> Result<()> {
    let slots = place(ev, params, args.clone(), who, span)?;
    for (param, slot) in params.iter().zip(&slots) {
        if let (Some(expected), Slot::Given(value, at)) = (&param.class, slot) {
            check_class(ev, value, expected, class, &param.name, who, *at)?;
        }
    }
    Ok(())
}

/// Checks that the argument `value` of parameter `param` (declared `as
/// expected`) is an instance of that class.
fn check_class(
    ev: &mut Eval<'_>,
    value: &Value,
    expected: &str,
    context: &Class,
    param: &str,
    who: &str,
    at: Span,
) -> Result<()> {
    if instance_of(ev, value, expected, context, at)? {
        return Ok(());
    }
    let expected_path = class_path(ev, expected, context, at)?;
    let actual = value_class(ev, value, at)?;
    Err(ev.error(
        at,
        ErrorKind::InvalidInput,
        format!(
            "Argument `{param}` (in call to `{who}`) has type `{actual}`, which does not match \
             expected type `{expected_path}`"
        ),
    ))
}

/// The class path of a value as messages give it.
fn value_class(ev: &mut Eval<'_>, value: &Value, span: Span) -> Result<String> {
    match value {
        Value::Object(o) => Ok(o.class.path.clone()),
        Value::ClassRef(_) => Ok("cgsuite.lang.Class".into()),
        _ => crate::lang::members::object::class_of(ev, value, span).map(str::to_string),
    }
}

/// The full path of the class `name` means in the file of `context`.
fn class_path(ev: &mut Eval<'_>, name: &str, context: &Class, span: Span) -> Result<String> {
    if let Some(class) = user_class(ev, name, context)? {
        return Ok(class.path.clone());
    }
    builtin_class(name).map(str::to_string).ok_or_else(|| {
        ev.error(
            span,
            ErrorKind::InvalidInput,
            format!("Unknown class in parameter declaration: `{name}`"),
        )
    })
}

/// The class declared in CGScript (a file of the library path, or onag's
/// own base classes) that `name` means in the file of `context`.
fn user_class(ev: &mut Eval<'_>, name: &str, context: &Class) -> Result<Option<Arc<Class>>> {
    if !name.contains('.') {
        if let Some(Symbol::Nested(nested)) = context.lookup(name) {
            return Ok(Some(nested.clone()));
        }
        if let Some(found) = lexical_class(ev, context, name)? {
            return Ok(Some(found));
        }
        return ev.state.library.short(name);
    }
    ev.state.library.class(name)
}

/// A class of onag's own values (`Integer`, `game.Integer`, `Grid`).
fn builtin_class(name: &str) -> Option<&'static str> {
    crate::lang::members::object::class_named(name)
        .or_else(|| crate::lang::members::object::class_by_short_name(name))
}

/// The class `name` means in the file of `context` (looked up once per
/// class and input).
fn param_class(ev: &mut Eval<'_>, name: &str, context: &Class, span: Span) -> Result<ParamClass> {
    if let Some(found) = context.param_classes.lock().ok().and_then(|m| m.get(name).cloned()) {
        return Ok(found);
    }
    let found = match user_class(ev, name, context)? {
        Some(class) => ParamClass::Declared(class),
        None => match builtin_class(name) {
            Some(path) => ParamClass::Builtin(path),
            None => {
                return Err(ev.error(
                    span,
                    ErrorKind::InvalidInput,
                    format!("Unknown class in parameter declaration: `{name}`"),
                ));
            }
        },
    };
    if let Ok(mut m) = context.param_classes.lock() {
        m.insert(name.to_string(), found.clone());
    }
    Ok(found)
}

/// Whether `value` is an instance of the class `name` means in the file
/// of `context`.
pub(crate) fn instance_of(
    ev: &mut Eval<'_>,
    value: &Value,
    name: &str,
    context: &Class,
    span: Span,
) -> Result<bool> {
    if matches!(name, "Object" | "cgsuite.lang.Object") {
        return Ok(true);
    }
    let class = param_class(ev, name, context, span)?;
    if let Value::Object(o) = value {
        return Ok(match &class {
            ParamClass::Declared(c) => o.class.extends(c),
            ParamClass::Builtin(_) => false,
        });
    }
    // onag's base classes are also classes of its own values (a number
    // is a game).
    let target = match &class {
        ParamClass::Declared(c) => match builtin_class(&c.path) {
            Some(path) => Value::Class(path),
            // onag's base classes that name no class of its values
            // (`game.heap.HeapRuleset`) still have its rulesets as
            // instances.
            None if c.source.is_empty() || c.file.starts_with("<onag>") => {
                Value::Builtin(c.path.clone())
            }
            None => return Ok(false),
        },
        ParamClass::Builtin(path) => {
            if let Some(is) = plainly_of(value, path) {
                return Ok(is);
            }
            Value::Class(path)
        }
    };
    let is = crate::lang::members::object::is_instance(ev, value, &target, span)?;
    Ok(is == Value::Bool(true))
}

/// Whether `value` is of the class `path`, for the classes parameters
/// most often name, without the general search (`None`: ask it).
fn plainly_of(value: &Value, path: &str) -> Option<bool> {
    Some(match path {
        "game.Integer" => value.is_integer(),
        "cgsuite.util.Grid" => matches!(value, Value::Grid(_)),
        "cgsuite.util.Graph" => matches!(value, Value::Graph(_)),
        "cgsuite.util.Strip" => matches!(value, Value::Strip(_)),
        "game.Player" => matches!(value, Value::Player(_)),
        "cgsuite.lang.String" => matches!(value, Value::Str(_)),
        "cgsuite.lang.Boolean" => matches!(value, Value::Bool(_)),
        "cgsuite.lang.Coordinates" => matches!(value, Value::Pair(..)),
        "cgsuite.lang.Function" => matches!(value, Value::Function(_)),
        _ => return None,
    })
}

/// Calls `method` on `receiver` (an instance, or a class for a static
/// method) with `args`.
pub(crate) fn invoke(
    ev: &mut Eval<'_>,
    receiver: &Value,
    method: &Arc<Method>,
    args: Args,
    span: Span,
) -> Result<Value> {
    match &method.body {
        Some(body) => call(ev, body, Some(receiver.clone()), args, span),
        None => {
            let plain: Vec<(Value, Span)> = args.into_iter().map(|(_, v, s)| (v, s)).collect();
            match crate::lang::members::user::external(ev, method, receiver, &plain, span) {
                Some(result) => result,
                None => Err(ev.error(
                    span,
                    ErrorKind::InvalidInput,
                    format!("{} is not available yet", method.qualified_name()),
                )),
            }
        }
    }
}

/// `callee(args)` when the callee is a class or an instance.
pub(crate) fn call_value(
    ev: &mut Eval<'_>,
    callee: Value,
    args: Args,
    span: Span,
) -> Result<Value> {
    match &callee {
        Value::ClassRef(bound) => call_class(ev, bound, args, span),
        Value::Object(o) => {
            // An instance's own `Eval`s first: a static one of the same
            // signature is the class's (`Turning("1-3C")`).
            let all = o.class.methods("Eval");
            let own: Vec<Arc<Method>> =
                all.iter().filter(|m| !m.modifiers.is_static).cloned().collect();
            let methods = if own.is_empty() { all.to_vec() } else { own };
            if methods.is_empty() {
                return Err(ev.error(
                    span,
                    ErrorKind::InvalidInput,
                    format!("No method `Eval` for class: `{}`", o.class.path),
                ));
            }
            let class = o.class.clone();
            let method = select(ev, &methods, Some(&args), &class, span)?;
            invoke(ev, &callee, &method, args, span)
        }
        Value::Function(f) => crate::lang::interp::script::apply(ev, f, args, span),
        other => Err(ev.error(
            span,
            ErrorKind::InvalidInput,
            format!("{} cannot be called", other.kind_name()),
        )),
    }
}

/// `Class(args)`: a static `Eval`, else the constructor, else for a
/// singleton the instance's `Eval`.
fn call_class(ev: &mut Eval<'_>, bound: &BoundClass, args: Args, span: Span) -> Result<Value> {
    let class = &bound.class;
    let statics: Vec<Arc<Method>> =
        class.methods("Eval").iter().filter(|m| m.modifiers.is_static).cloned().collect();
    if !statics.is_empty() {
        // A static `Eval` that fits the arguments; else the constructor, if
        // there is one (Turning's `Eval(code as String)` beside its
        // constructor `Turning(heapRules)`).
        match select(ev, &statics, Some(&args), class, span) {
            Ok(method) => {
                let receiver = Value::ClassRef(Arc::new(bound.clone()));
                return invoke(ev, &receiver, &method, args, span);
            }
            Err(_) if class.params.is_some() => return construct(ev, bound, args, span),
            Err(e) => return Err(e),
        }
    }
    if class.params.is_some() {
        return construct(ev, bound, args, span);
    }
    if class.modifiers.singleton {
        let instance = singleton(ev, class, bound.outer.clone())?;
        return call_value(ev, instance, args, span);
    }
    if class.outer.upgrade().is_some() {
        return Err(ev.error(
            span,
            ErrorKind::InvalidInput,
            format!(
                "The class `{}` has no constructor and cannot be directly instantiated.",
                class.path
            ),
        ));
    }
    Err(ev.error(
        span,
        ErrorKind::InvalidInput,
        format!("No method `Eval` for class: `{}`", class.path),
    ))
}

/// The instance of the singleton `class` (made when first asked for).
fn singleton(ev: &mut Eval<'_>, class: &Arc<Class>, outer: Option<Value>) -> Result<Value> {
    if let Some(v) = class.singleton.lock().ok().and_then(|s| s.clone()) {
        return Ok(v);
    }
    let bound = BoundClass { class: class.clone(), outer };
    let v = make(ev, &bound, Vec::new(), Span::default())?;
    if let Ok(mut s) = class.singleton.lock() {
        *s = Some(v.clone());
    }
    Ok(v)
}

/// `Class(args)` by its constructor.
fn construct(ev: &mut Eval<'_>, bound: &BoundClass, args: Args, span: Span) -> Result<Value> {
    let class = &bound.class;
    let who = class.path.clone();
    let params = class.params.as_deref().unwrap_or(&[]);
    let slots = place(ev, params, args, &who, span)?;
    let mut given = Vec::with_capacity(params.len());
    for (param, slot) in params.iter().zip(slots) {
        let value = match slot {
            Slot::Given(value, at) => {
                if let Some(expected) = &param.class {
                    check_class(ev, &value, expected, class, &param.name, &who, at)?;
                }
                Some(value)
            }
            Slot::Rest(values) => Some(Value::List(values)),
            Slot::Default(None) => Some(Value::Nothing),
            Slot::Default(Some(_)) => None,
        };
        given.push((param.name.clone(), value));
    }
    make(ev, bound, given, span)
}

/// An instance of `bound` with the constructor's arguments `given` (by
/// parameter; `None` for one left to its default): the slots are filled,
/// superclass parameters from their defaults, then the initialisers run.
fn make(
    ev: &mut Eval<'_>,
    bound: &BoundClass,
    given: Vec<(String, Option<Value>)>,
    span: Span,
) -> Result<Value> {
    let class = &bound.class;
    ev.tick(span)?;
    let mut fields: Vec<Option<Value>> = vec![None; class.slots.len()];
    for (name, value) in &given {
        if let (Some(slot), Some(value)) = (class.slot(name), value) {
            fields[slot] = Some(value.clone());
        }
    }
    // Defaults: the class's own first, then its ancestors' for the
    // parameters it does not declare.
    for c in class.lineage() {
        for param in c.params.iter().flatten() {
            let Some(slot) = class.slot(&param.name) else { continue };
            if fields[slot].is_some() {
                continue;
            }
            let value = match &param.default {
                Some(Some(default)) => {
                    let known = known_fields(class, &fields);
                    in_class(ev, c, bound.outer.clone(), known, default, span)?
                }
                _ => Value::Nothing,
            };
            fields[slot] = Some(value);
        }
    }
    let mut fields: Vec<Value> = fields.into_iter().map(|v| v.unwrap_or(Value::Nothing)).collect();
    let lineage: Vec<&Class> = class.lineage().collect();
    for c in lineage.iter().rev().filter(|c| !c.inits.is_empty()) {
        for init in &c.inits {
            let this = object(Instance {
                class: class.clone(),
                outer: bound.outer.clone(),
                fields: fields.clone(),
            });
            match init {
                Init::Var(name, expr) => {
                    let value = in_class(ev, c, Some(this), FxHashMap::default(), expr, span)?;
                    if let Some(slot) = class.slot(name) {
                        fields[slot] = value;
                    }
                }
                Init::Statement(expr) => {
                    in_class(ev, c, Some(this), FxHashMap::default(), expr, span)?;
                }
            }
        }
    }
    Ok(object(Instance { class: class.clone(), outer: bound.outer.clone(), fields }))
}

/// The fields set so far, by name, as local variables.
fn known_fields(class: &Class, fields: &[Option<Value>]) -> FxHashMap<String, Value> {
    class
        .slots
        .iter()
        .zip(fields)
        .filter_map(|(name, v)| v.clone().map(|v| (name.clone(), v)))
        .collect()
}

/// The static variables of `class`, computed when first asked for.
fn statics(ev: &mut Eval<'_>, class: &Arc<Class>) -> Result<FxHashMap<String, Value>> {
    if let Some(values) = class.static_values.lock().ok().and_then(|s| s.clone()) {
        return Ok(values);
    }
    let receiver = Value::ClassRef(Arc::new(BoundClass { class: class.clone(), outer: None }));
    let mut values = FxHashMap::default();
    let bound = BoundClass { class: class.clone(), outer: None };
    for (ordinal, name) in class.elements.iter().enumerate() {
        let given = vec![(ORDINAL.to_string(), Some(Value::small(ordinal as i64)))];
        values.insert(name.clone(), make(ev, &bound, given, Span::default())?);
    }
    for init in &class.statics {
        match init {
            Init::Var(name, expr) => {
                let value = in_class(
                    ev,
                    class,
                    Some(receiver.clone()),
                    values.clone(),
                    expr,
                    Span::default(),
                )?;
                values.insert(name.clone(), value);
            }
            Init::Statement(expr) => {
                in_class(ev, class, Some(receiver.clone()), values.clone(), expr, Span::default())?;
            }
        }
    }
    if let Ok(mut s) = class.static_values.lock() {
        *s = Some(values.clone());
    }
    Ok(values)
}

/// Evaluates `expr`, written in the file of `class`, with `this` and the
/// local variables `vars`; an error in it names the file.
fn in_class(
    ev: &mut Eval<'_>,
    class: &Class,
    this: Option<Value>,
    vars: FxHashMap<String, Value>,
    expr: &Expr,
    span: Span,
) -> Result<Value> {
    ev.frames.push(Frame { vars, this });
    let caller = std::mem::replace(&mut ev.source, class.source.clone());
    let result = ev.eval(expr);
    let same_file = Arc::ptr_eq(&caller, &class.source);
    ev.source = caller;
    ev.frames.pop();
    if same_file {
        return result;
    }
    result.map_err(|e| crate::lang::interp::script::from_file(ev, e, &class.file, span))
}

//! Classes declared in CGScript and their instances, as data.
//!
//! A [`Class`] is what a `.cgs` file declares once it is read and checked
//! (`runtime::library` builds it): its superclasses, already built, the
//! symbols it declares (methods, each name with its overloads; nested
//! classes; variables), and the slots its instances have. An [`Instance`]
//! is immutable: its class, the instance it was made from when its class is
//! nested (a ruleset's `Position` sees its ruleset's parameters), and one
//! value per slot.
//!
//! Invariants:
//! - A class's `slots` are the names of the constructor parameters and the
//!   variables of the class and of every ancestor, each name once (a
//!   subclass's parameter `grid` and its superclass's parameter `grid` are
//!   one slot), and an instance has exactly one field per slot.
//! - `ancestors` lists the class first, then each ancestor once, nearer
//!   ones first (superclasses in the order `extends` names them, each
//!   followed by its own ancestors): the order member lookup follows.
//! - Two instances are equal when their classes are the same class (the
//!   same `id`: a file read again makes a new class), their enclosing
//!   instances are equal and their fields are equal; hashing agrees.

use std::hash::{Hash, Hasher};
use std::sync::{Arc, Mutex, Weak};

use rustc_hash::FxHashMap;

use crate::lang::syntax::ast::{Expr, Modifiers, Param};
use crate::lang::syntax::lexer::Span;
use crate::lang::value::{Closure, Value};

/// The slot of an enum's element that holds its place in the enum (from
/// 0), readable as `x.Ordinal`.
pub const ORDINAL: &str = "Ordinal";

/// A class declared in CGScript.
#[derive(Debug)]
pub struct Class {
    /// Unique among the classes of a process (a class read again from a
    /// changed file gets a new one).
    pub id: u64,
    /// Its name (`Position`).
    pub name: String,
    /// Its full path (`examples.Nim.Position`).
    pub path: String,
    /// `singleton`, `system`, `mutable` as declared.
    pub modifiers: Modifiers,
    /// The constructor's parameters (`None`: it has no constructor).
    pub params: Option<Vec<Param>>,
    /// The superclasses, in the order `extends` names them.
    pub supers: Vec<Arc<Class>>,
    /// Its ancestors in lookup order, nearer first (see the module's
    /// invariants).
    pub ancestors: Vec<Arc<Class>>,
    /// The class this one is declared in, for a nested class.
    pub outer: Weak<Class>,
    /// The symbols it declares itself.
    pub symbols: FxHashMap<String, Symbol>,
    /// The symbols its instances see: each name as the nearest class in
    /// lookup order declares it (see [`visible_symbols`]), computed when
    /// it is built.
    pub visible: FxHashMap<String, Symbol>,
    /// The methods of each name its instances have, its own and its
    /// ancestors' (see [`Class::methods`]), computed when it is built.
    pub methods: FxHashMap<String, Arc<[Arc<Method>]>>,
    /// What runs when an instance is made, in the order written: each
    /// variable's initialiser and each statement of the body.
    pub inits: Vec<Init>,
    /// The `static` blocks and static variables, run once.
    pub statics: Vec<Init>,
    /// The slot names of its instances (see the module's invariants).
    pub slots: Vec<String>,
    /// An `enum`'s elements, in order (empty for a class). Its instances
    /// are exactly these, each made once, when the class is first used,
    /// with its place in the list in slot 0.
    pub elements: Vec<String>,
    /// The package of its file (`mygames`; empty for a file at the top of
    /// a library folder) and the file's imports: what other names in its
    /// methods are read against.
    pub package: String,
    /// The file's `import` lines (`a.b.C`, `a.b.*`).
    pub imports: Arc<[String]>,
    /// The text of the file it is declared in.
    pub source: Arc<str>,
    /// The file's name as errors give it (`mygames/Foo.cgs`).
    pub file: Arc<str>,
    /// The instance of a singleton class, made when first asked for
    /// (cleared when the session's games are compacted, since it may hold
    /// game ids).
    pub singleton: Mutex<Option<Value>>,
    /// The values of its static variables, set when the class is first
    /// used (cleared likewise).
    pub static_values: Mutex<Option<FxHashMap<String, Value>>>,
    /// Names its methods used that are neither a class of its file's
    /// package or imports nor a constant of its package (looked up once
    /// per input: cleared when a new input begins).
    pub not_in_package: Mutex<rustc_hash::FxHashSet<String>>,
    /// The classes its parameters' `as C` name, once looked up (cleared
    /// when a new input begins).
    pub param_classes: Mutex<FxHashMap<String, ParamClass>>,
}

/// What a name declared in a class stands for.
#[derive(Debug, Clone)]
pub enum Symbol {
    /// Methods of that name, in the order declared (overloads differ in
    /// their parameters).
    Methods(Arc<[Arc<Method>]>),
    /// A nested class.
    Nested(Arc<Class>),
    /// An instance variable: its slot.
    Var(usize),
    /// A static variable.
    Static,
}

/// The class a parameter's `as C` names.
#[derive(Debug, Clone)]
pub enum ParamClass {
    /// A class declared in CGScript (onag's own base classes among them).
    Declared(Arc<Class>),
    /// One of onag's classes of values, by its path (`game.Integer`).
    Builtin(&'static str),
}

/// One step of making an instance (or of a class's static part).
#[derive(Debug, Clone)]
pub enum Init {
    /// `var name := value`: the variable's slot gets the value.
    Var(String, Expr),
    /// A statement, run for its effect.
    Statement(Expr),
}

/// A method declared in a class.
#[derive(Debug)]
pub struct Method {
    /// Its name.
    pub name: String,
    /// The path of the class that declares it (`examples.Nim.Position`).
    pub class_path: String,
    /// `override`, `static`, `external` as declared.
    pub modifiers: Modifiers,
    /// Its parameters (`None`: declared without parentheses, invoked when
    /// named).
    pub params: Option<Vec<Param>>,
    /// Its body as a function (`None` for an `external` method, which
    /// onag computes).
    pub body: Option<Arc<Closure>>,
    /// Where it is declared.
    pub span: Span,
}

impl Method {
    /// `Class.Name` as messages write it.
    pub fn qualified_name(&self) -> String {
        format!("{}.{}", self.class_path, self.name)
    }

    /// Its parameters (none for a method declared without parentheses).
    pub fn parameters(&self) -> &[Param] {
        self.params.as_deref().unwrap_or(&[])
    }
}

impl Class {
    /// The class and its ancestors, nearest first.
    pub fn lineage(&self) -> impl Iterator<Item = &Class> + '_ {
        std::iter::once(self).chain(self.ancestors.iter().map(|a| &**a))
    }

    /// Whether this class is `path` or has it as an ancestor.
    pub fn is_a(&self, path: &str) -> bool {
        self.lineage().any(|c| c.path == path)
    }

    /// Whether this class is `other` or has it as an ancestor.
    pub fn extends(&self, other: &Class) -> bool {
        self.lineage().any(|c| c.id == other.id)
    }

    /// The symbol `name` as an instance of this class sees it: what the
    /// first class in lookup order that declares it declares.
    pub fn lookup(&self, name: &str) -> Option<&Symbol> {
        self.visible.get(name)
    }

    /// The methods named `name` an instance of this class has: each
    /// class's own in lookup order, without those a nearer class
    /// overrides (same parameters), and none past a nearer class that
    /// declares `name` as something else.
    pub fn methods(&self, name: &str) -> &[Arc<Method>] {
        self.methods.get(name).map_or(&[], |m| &m[..])
    }

    /// The slot of field `name`.
    pub fn slot(&self, name: &str) -> Option<usize> {
        self.slots.iter().position(|s| s == name)
    }
}

/// The symbols an instance of a class whose own symbols are `own` and
/// whose ancestors are `ancestors` sees (see [`Class::lookup`]).
pub fn visible_symbols(
    own: &FxHashMap<String, Symbol>,
    ancestors: &[Arc<Class>],
) -> FxHashMap<String, Symbol> {
    let mut visible = own.clone();
    for a in ancestors {
        for (name, symbol) in &a.symbols {
            visible.entry(name.clone()).or_insert_with(|| symbol.clone());
        }
    }
    visible
}

/// The methods each name stands for in a class whose own symbols are
/// `own` and whose ancestors are `ancestors` (see [`Class::methods`]).
pub fn method_table(
    own: &FxHashMap<String, Symbol>,
    ancestors: &[Arc<Class>],
) -> FxHashMap<String, Arc<[Arc<Method>]>> {
    let mut names: Vec<&String> = own.keys().collect();
    for a in ancestors {
        names.extend(a.symbols.keys());
    }
    let mut table = FxHashMap::default();
    for name in names {
        if table.contains_key(name) {
            continue;
        }
        let mut found: Vec<Arc<Method>> = Vec::new();
        let lineage = std::iter::once(own).chain(ancestors.iter().map(|a| &a.symbols));
        for symbols in lineage {
            match symbols.get(name) {
                Some(Symbol::Methods(methods)) => {
                    for m in methods.iter() {
                        // A static method hides no instance method, nor
                        // an instance method a static one.
                        let hidden = found.iter().any(|f| {
                            same_signature(f, m) && f.modifiers.is_static == m.modifiers.is_static
                        });
                        if !hidden {
                            found.push(m.clone());
                        }
                    }
                }
                Some(_) => break,
                None => {}
            }
        }
        if !found.is_empty() {
            table.insert(name.clone(), found.into());
        }
    }
    table
}

/// Whether two methods take the same parameters (what overriding means).
pub fn same_signature(a: &Method, b: &Method) -> bool {
    match (&a.params, &b.params) {
        (None, None) => true,
        (Some(p), Some(q)) => {
            p.len() == q.len()
                && p.iter().zip(q).all(|(x, y)| x.class == y.class && x.expand == y.expand)
        }
        _ => false,
    }
}

/// An instance of a class declared in CGScript.
#[derive(Debug)]
pub struct Instance {
    /// Its class.
    pub class: Arc<Class>,
    /// The instance it was made from, when its class is nested.
    pub outer: Option<Value>,
    /// One value per slot of its class.
    pub fields: Vec<Value>,
}

impl Instance {
    /// The value of field `name`.
    pub fn field(&self, name: &str) -> Option<&Value> {
        self.class.slot(name).and_then(|i| self.fields.get(i))
    }
}

impl PartialEq for Instance {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self, other)
            || (self.class.id == other.class.id
                && self.outer == other.outer
                && self.fields == other.fields)
    }
}

impl Eq for Instance {}

impl Hash for Instance {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.class.id.hash(state);
        self.outer.hash(state);
        self.fields.hash(state);
    }
}

/// A class as a value: the class and, for a nested class named from an
/// instance (`Position` inside a ruleset's method), that instance, which
/// the instances it makes are made from.
#[derive(Debug, Clone)]
pub struct BoundClass {
    /// The class.
    pub class: Arc<Class>,
    /// The enclosing instance.
    pub outer: Option<Value>,
}

impl PartialEq for BoundClass {
    fn eq(&self, other: &Self) -> bool {
        self.class.id == other.class.id && self.outer == other.outer
    }
}

impl Eq for BoundClass {}

impl Hash for BoundClass {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.class.id.hash(state);
        self.outer.hash(state);
    }
}

/// A new class id.
pub fn next_class_id() -> u64 {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
    NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
}

/// The instance `obj` as a value.
pub fn object(instance: Instance) -> Value {
    Value::Object(Arc::new(instance))
}

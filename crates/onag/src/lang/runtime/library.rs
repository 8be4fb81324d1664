//! Where classes come from: `.cgs` files on the library path, and onag's
//! own base classes (the prelude: `game.Game`, `game.grid.GridRuleset`,
//! ...), read and checked into [`Class`]es.
//!
//! A file declares one class, named as the file is; each folder is a
//! package (`mygames/Foo.cgs` is `mygames.Foo`). The folders searched are,
//! in order, those the session was given (the current folder, each
//! `--lib DIR`, then `ONAG_PATH`); the prelude's packages come after them.
//! A class read from a file is checked again once per input: when the file
//! (or a superclass's) changed on disk, it is read again, and the next use
//! sees the new class.
//!
//! Names in a class file (`extends GridGame`, `extends game.Game`) are
//! looked up in order: the classes nested in the enclosing classes and
//! their ancestors, the file's own package, its imports, the name as a
//! full path, then the default packages (`game`, `cgsuite.lang`,
//! `cgsuite.util`).

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, Weak};
use std::time::SystemTime;

use rustc_hash::FxHashMap;

use crate::error::{Error, ErrorKind, Location, Result};
use crate::lang::syntax::ast::{ClassDecl, Decl, Modifiers};
use crate::lang::syntax::lexer::Span;
use crate::lang::syntax::parser::parse_class_file;
use crate::lang::value::Closure;
use crate::lang::value::object::{
    Class, Init, Method, ORDINAL, Symbol, method_table, next_class_id, same_signature,
    visible_symbols,
};

/// onag's base classes, by path, with their CGScript text.
const PRELUDE: &[(&str, &str)] = &[
    ("cgsuite.lang.Object", include_str!("../prelude/cgsuite/lang/Object.cgs")),
    ("cgsuite.lang.Enum", include_str!("../prelude/cgsuite/lang/Enum.cgs")),
    ("cgsuite.util.Icon", include_str!("../prelude/cgsuite/util/Icon.cgs")),
    ("cgsuite.util.Edge", include_str!("../prelude/cgsuite/util/Edge.cgs")),
    ("cgsuite.util.Vertex", include_str!("../prelude/cgsuite/util/Vertex.cgs")),
    (
        "cgsuite.util.output.GridOutput",
        include_str!("../prelude/cgsuite/util/output/GridOutput.cgs"),
    ),
    ("game.Ruleset", include_str!("../prelude/game/Ruleset.cgs")),
    ("game.Game", include_str!("../prelude/game/Game.cgs")),
    ("game.ImpartialGame", include_str!("../prelude/game/ImpartialGame.cgs")),
    ("game.grid.GridRuleset", include_str!("../prelude/game/grid/GridRuleset.cgs")),
    ("game.graph.GraphRuleset", include_str!("../prelude/game/graph/GraphRuleset.cgs")),
    ("game.strip.StripRuleset", include_str!("../prelude/game/strip/StripRuleset.cgs")),
    ("game.heap.HeapRuleset", include_str!("../prelude/game/heap/HeapRuleset.cgs")),
    ("game.heap.CoordinateRuleset", include_str!("../prelude/game/heap/CoordinateRuleset.cgs")),
];

/// The class every `enum` extends.
const ENUM: &str = "cgsuite.lang.Enum";

/// The packages whose classes are known by their short names everywhere.
const DEFAULT_PACKAGES: [&str; 3] = ["game", "cgsuite.lang", "cgsuite.util"];

/// The deepest chain of classes that load one another (a superclass in
/// another file, its superclass, ...).
const MAX_LOADING: usize = 64;

/// The classes of a session and where they are read from.
#[derive(Debug, Default)]
pub(crate) struct Library {
    /// The folders searched, in order.
    dirs: Vec<PathBuf>,
    /// Every class read so far, by path.
    loaded: FxHashMap<String, Loaded>,
    /// Counts inputs: a file is checked for changes once per input.
    generation: u64,
    /// The classes being read, innermost last (a class that needs itself
    /// to be read is an error, not an endless loop).
    loading: Vec<String>,
    /// Paths looked up in this input that have no file (so a name in a
    /// loop is looked up on disk once per input).
    missing: rustc_hash::FxHashSet<String>,
    /// Paths looked up in this input that no file of the library path
    /// declares (onag's own base classes may still have them).
    not_in_files: rustc_hash::FxHashSet<String>,
}

/// A class read from a file or the prelude.
#[derive(Debug)]
struct Loaded {
    class: Arc<Class>,
    /// The file and when it was last changed (`None` for the prelude).
    file: Option<(PathBuf, Option<SystemTime>)>,
    /// The input in which the file was last checked.
    checked: u64,
}

impl Library {
    /// The folders to search, in order.
    pub(crate) fn set_dirs(&mut self, dirs: Vec<PathBuf>) {
        if dirs != self.dirs {
            self.dirs = dirs;
            self.loaded.retain(|_, l| l.file.is_none());
            self.missing.clear();
        }
    }

    /// The folders searched.
    pub(crate) fn dirs(&self) -> &[PathBuf] {
        &self.dirs
    }

    /// Forgets every singleton instance and static value made so far (they
    /// may hold ids of games the session is about to drop); they are made
    /// again when next used.
    pub(crate) fn forget_instances(&mut self) {
        for loaded in self.loaded.values() {
            forget(&loaded.class);
        }
    }

    /// A new input begins: files are checked for changes again.
    pub(crate) fn new_input(&mut self) {
        self.generation += 1;
        self.missing.clear();
        self.not_in_files.clear();
        for loaded in self.loaded.values() {
            visit(&loaded.class, &mut |c| {
                if let Ok(mut misses) = c.not_in_package.lock() {
                    misses.clear();
                }
                if let Ok(mut classes) = c.param_classes.lock() {
                    classes.clear();
                }
            });
        }
    }

    /// The class of `path` when a file of the library path declares it
    /// (not onag's own base classes): a user's class, which comes before
    /// onag's built-in names.
    pub(crate) fn user_class(&mut self, path: &str) -> Result<Option<Arc<Class>>> {
        if self.dirs.is_empty() || self.missing.contains(path) || self.not_in_files.contains(path) {
            return Ok(None);
        }
        if let Some(loaded) = self.loaded.get(path)
            && loaded.file.is_none()
        {
            return Ok(None);
        }
        let top = path.split('.').take_while(|p| !p.starts_with(char::is_uppercase)).count();
        let parts: Vec<&str> = path.split('.').collect();
        let file_path = parts[..(top + 1).min(parts.len())].join(".");
        if !self.loaded.contains_key(path) && !self.has_file(&file_path) {
            self.not_in_files.insert(path.to_string());
            return Ok(None);
        }
        self.class(path)
    }

    /// Whether a folder of the library path has the file of `path`.
    fn has_file(&self, path: &str) -> bool {
        let relative: PathBuf = path.split('.').collect::<PathBuf>().with_extension("cgs");
        self.dirs.iter().any(|d| d.join(&relative).is_file())
    }

    /// Whether `path` (`mygames`, `mygames.sub`) is a package: a folder of
    /// the library path, or a package of the prelude.
    pub(crate) fn is_package(&mut self, path: &str) -> bool {
        let key = format!("{path}/");
        if self.missing.contains(&key) {
            return false;
        }
        let relative: PathBuf = path.split('.').collect();
        let found = self.dirs.iter().any(|d| d.join(&relative).is_dir())
            || PRELUDE.iter().any(|(p, _)| p.starts_with(&format!("{path}.")));
        if !found {
            self.missing.insert(key);
        }
        found
    }

    /// The class whose full path is `path` (`mygames.Foo`), read when first
    /// asked for; `None` when no file or prelude class has that path.
    pub(crate) fn class(&mut self, path: &str) -> Result<Option<Arc<Class>>> {
        if !path.split('.').all(is_name) || self.missing.contains(path) {
            return Ok(None);
        }
        if let Some(loaded) = self.loaded.get(path) {
            if loaded.file.is_none() || loaded.checked == self.generation {
                return Ok(Some(loaded.class.clone()));
            }
            if !self.changed(path) {
                let generation = self.generation;
                if let Some(loaded) = self.loaded.get_mut(path) {
                    loaded.checked = generation;
                    return Ok(Some(loaded.class.clone()));
                }
            }
            self.loaded.remove(path);
        }
        let found = self.read(path)?;
        if found.is_none() {
            self.missing.insert(path.to_string());
        }
        Ok(found)
    }

    /// The class a short name stands for in any input: a class of a
    /// default package (`Ruleset` is `game.Ruleset`).
    pub(crate) fn short(&mut self, name: &str) -> Result<Option<Arc<Class>>> {
        for package in DEFAULT_PACKAGES {
            if let Some(class) = self.class(&format!("{package}.{name}"))? {
                return Ok(Some(class));
            }
        }
        Ok(None)
    }

    /// Whether the file of `path`, or of a class it extends, changed since
    /// it was read.
    fn changed(&self, path: &str) -> bool {
        let Some(loaded) = self.loaded.get(path) else { return true };
        if let Some((file, modified)) = &loaded.file
            && std::fs::metadata(file).and_then(|m| m.modified()).ok() != *modified
        {
            return true;
        }
        loaded.class.ancestors.iter().any(|ancestor| {
            let top = top_level(ancestor);
            self.loaded.get(&top.path).is_none_or(|l| l.class.id != top.id)
                || (top.path != path && self.changed(&top.path))
        })
    }

    /// Reads the class of `path` from the first folder that has its file,
    /// else from the prelude; a nested class (`mygames.Foo.Position`) from
    /// its top-level class.
    fn read(&mut self, path: &str) -> Result<Option<Arc<Class>>> {
        let relative: PathBuf = path.split('.').collect::<PathBuf>().with_extension("cgs");
        let found = self.dirs.iter().map(|d| d.join(&relative)).find(|f| f.is_file());
        let (source, file): (Arc<str>, Option<PathBuf>) = match found {
            Some(file) => {
                let text = std::fs::read_to_string(&file).map_err(|e| {
                    Error::new(ErrorKind::Io, format!("cannot read {}: {e}", file.display()))
                })?;
                (text.into(), Some(file))
            }
            None => match PRELUDE.iter().find(|(p, _)| *p == path) {
                Some((_, text)) => ((*text).into(), None),
                None => return self.nested(path),
            },
        };
        if self.loading.contains(&path.to_string()) {
            return Err(Error::invalid(format!(
                "class `{path}` extends itself (through {})",
                self.loading.join(", ")
            )));
        }
        if self.loading.len() >= MAX_LOADING {
            return Err(Error::invalid(format!(
                "classes nest too deeply in one another's files (more than {MAX_LOADING})"
            )));
        }
        let shown: Arc<str> = match &file {
            Some(f) => display_name(f, &self.dirs).into(),
            None => format!("<onag>/{}.cgs", path.replace('.', "/")).into(),
        };
        self.loading.push(path.to_string());
        let built = self.build_file(path, &source, &shown);
        self.loading.pop();
        let class = built?;
        let modified = file.as_ref().and_then(|f| std::fs::metadata(f).ok()?.modified().ok());
        self.loaded.insert(
            path.to_string(),
            Loaded {
                class: class.clone(),
                file: file.map(|f| (f, modified)),
                checked: self.generation,
            },
        );
        Ok(Some(class))
    }

    /// A nested class by its full path, through its top-level class.
    fn nested(&mut self, path: &str) -> Result<Option<Arc<Class>>> {
        let Some((outer, name)) = path.rsplit_once('.') else { return Ok(None) };
        let Some(outer) = self.class(outer)? else { return Ok(None) };
        Ok(match outer.symbols.get(name) {
            Some(Symbol::Nested(class)) => Some(class.clone()),
            _ => None,
        })
    }

    /// Parses and builds the class of a file.
    fn build_file(&mut self, path: &str, source: &Arc<str>, file: &Arc<str>) -> Result<Arc<Class>> {
        let located = |e: Error| match e.location() {
            Some(l) if l.source.is_none() => {
                let l = l.clone().in_source(file.to_string());
                Error::new(e.kind(), e.message()).at(l)
            }
            _ => e,
        };
        let unit = parse_class_file(source).map_err(located)?;
        let (package, expected) = match path.rsplit_once('.') {
            Some((package, name)) => (package.to_string(), name),
            None => (String::new(), path),
        };
        if unit.class.name != expected {
            return Err(located(
                Error::new(
                    ErrorKind::InvalidInput,
                    format!(
                        "Class name does not match filename: `{}` (was expecting `{expected}`)",
                        unit.class.name
                    ),
                )
                .at(Location::of_offset(source, unit.class.name_span.start)),
            ));
        }
        let context = Context {
            package,
            imports: unit.imports.iter().map(|(p, _)| p.clone()).collect::<Vec<_>>().into(),
            source: source.clone(),
            file: file.clone(),
        };
        self.build(&unit.class, path, &context, &mut Vec::new(), Weak::new()).map_err(located)
    }

    /// Builds the class `decl` whose path is `path`, nested in the classes
    /// whose scopes are `enclosing` (outermost first), `outer` the
    /// innermost of them.
    fn build(
        &mut self,
        decl: &ClassDecl,
        path: &str,
        context: &Context,
        enclosing: &mut Vec<Scope>,
        outer: Weak<Class>,
    ) -> Result<Arc<Class>> {
        let at = |span: Span, message: String| {
            Error::new(ErrorKind::InvalidInput, message)
                .at(Location::of_offset(&context.source, span.start))
        };
        let mut supers = Vec::new();
        for (name, span) in &decl.extends {
            let Some(class) = self.resolve(name, context, enclosing)? else {
                return Err(at(*span, format!("Unknown class in extends clause: `{name}`")));
            };
            if class.modifiers.singleton {
                return Err(at(
                    *span,
                    format!("Class `{path}` may not extend singleton class `{}`", class.path),
                ));
            }
            supers.push(class);
        }
        if decl.extends.is_empty() && !is_root(path) {
            // Every class is an object; every enum an `Enum`.
            let base = if decl.elements.is_some() { ENUM } else { "cgsuite.lang.Object" };
            if let Some(object) = self.class(base)? {
                supers.push(object);
            }
        }
        check_modifiers(decl, path, &at)?;
        let ancestors_of_supers = ancestors(&supers);
        let mut slots: Vec<String> = Vec::new();
        if decl.elements.is_some() {
            slots.push(ORDINAL.to_string());
        }
        for p in decl.params.iter().flatten() {
            slots.push(p.name.clone());
        }
        for class in &ancestors_of_supers {
            for name in &class.slots {
                if !slots.contains(name) {
                    slots.push(name.clone());
                }
            }
        }
        let mut inits = Vec::new();
        let mut statics = Vec::new();
        for d in &decl.body {
            match d {
                Decl::Var(modifiers, vars) => {
                    for (name, value, span) in vars {
                        let Some(value) = value else {
                            return Err(at(
                                *span,
                                format!(
                                    "Immutable variable `{name}` must be assigned a value \
                                     (mutable variables are not supported)"
                                ),
                            ));
                        };
                        let init = Init::Var(name.clone(), value.clone());
                        if modifiers.is_static {
                            statics.push(init);
                        } else {
                            if !slots.contains(name) {
                                slots.push(name.clone());
                            }
                            inits.push(init);
                        }
                    }
                }
                Decl::Statement(e) => inits.push(Init::Statement(e.clone())),
                Decl::Static(e) => statics.push(Init::Statement(e.clone())),
                Decl::Class(_) | Decl::Method(_) => {}
            }
        }
        let mut failure = None;
        enclosing.push(Scope { supers: supers.clone(), built: Vec::new() });
        let class = Arc::new_cyclic(|me: &Weak<Class>| {
            let symbols =
                self.symbols(decl, path, context, enclosing, me, &slots).unwrap_or_else(|e| {
                    failure = Some(e);
                    FxHashMap::default()
                });
            let methods = method_table(&symbols, &ancestors_of_supers);
            let visible = visible_symbols(&symbols, &ancestors_of_supers);
            Class {
                id: next_class_id(),
                name: decl.name.clone(),
                path: path.to_string(),
                modifiers: decl.modifiers,
                params: decl.params.clone(),
                supers,
                ancestors: ancestors_of_supers,
                outer,
                symbols,
                visible,
                methods,
                inits,
                statics,
                slots: slots.clone(),
                elements: decl.elements.iter().flatten().map(|(e, _)| e.clone()).collect(),
                package: context.package.clone(),
                imports: context.imports.clone(),
                source: context.source.clone(),
                file: context.file.clone(),
                singleton: Mutex::new(None),
                static_values: Mutex::new(None),
                not_in_package: Mutex::new(Default::default()),
                param_classes: Mutex::new(Default::default()),
            }
        });
        enclosing.pop();
        if let Some(e) = failure {
            return Err(e);
        }
        check_overrides(decl, &class, &at)?;
        Ok(class)
    }

    /// The symbols `decl` declares: its methods, nested classes and
    /// variables, each name once (`me` is the class being built, whose
    /// instances have `slots`).
    fn symbols(
        &mut self,
        decl: &ClassDecl,
        path: &str,
        context: &Context,
        enclosing: &mut Vec<Scope>,
        me: &Weak<Class>,
        slots: &[String],
    ) -> Result<FxHashMap<String, Symbol>> {
        let at = |span: Span, message: String| {
            Error::new(ErrorKind::InvalidInput, message)
                .at(Location::of_offset(&context.source, span.start))
        };
        let duplicate = |name: &str| format!("Duplicate symbol `{name}` in class `{path}`");
        let mut symbols: FxHashMap<String, Symbol> = FxHashMap::default();
        if decl.elements.is_some() {
            symbols.insert(ORDINAL.to_string(), Symbol::Var(0));
        }
        for (name, span) in decl.elements.iter().flatten() {
            if symbols.insert(name.clone(), Symbol::Static).is_some() {
                return Err(at(*span, duplicate(name)));
            }
        }
        for p in decl.params.iter().flatten() {
            let slot = slots.iter().position(|s| *s == p.name).unwrap_or(0);
            symbols.insert(p.name.clone(), Symbol::Var(slot));
        }
        let mut vars: Vec<&str> = Vec::new();
        for d in &decl.body {
            if let Decl::Var(modifiers, declared) = d {
                for (name, _, span) in declared {
                    if vars.contains(&name.as_str())
                        || decl.params.iter().flatten().any(|p| p.name == *name)
                    {
                        return Err(at(
                            *span,
                            format!("Variable `{name}` is declared twice in class `{path}`"),
                        ));
                    }
                    vars.push(name);
                    let symbol = if modifiers.is_static {
                        Symbol::Static
                    } else {
                        Symbol::Var(slots.iter().position(|s| s == name).unwrap_or(0))
                    };
                    symbols.insert(name.clone(), symbol);
                }
            }
        }
        for d in &decl.body {
            match d {
                Decl::Class(nested) => {
                    if symbols.contains_key(&nested.name) {
                        return Err(at(nested.name_span, duplicate(&nested.name)));
                    }
                    let nested_path = format!("{path}.{}", nested.name);
                    let built = self.build(nested, &nested_path, context, enclosing, me.clone())?;
                    if let Some(scope) = enclosing.last_mut() {
                        scope.built.push((nested.name.clone(), built.clone()));
                    }
                    symbols.insert(nested.name.clone(), Symbol::Nested(built));
                }
                Decl::Method(m) => {
                    if m.modifiers.external && m.body.is_some() {
                        return Err(at(
                            m.name_span,
                            "Method is declared `external` but has a method body".into(),
                        ));
                    }
                    if m.modifiers.external && !decl.modifiers.system {
                        return Err(at(
                            m.name_span,
                            format!(
                                "Method is declared `external`, but class `{path}` is not \
                                 declared `system`"
                            ),
                        ));
                    }
                    if !m.modifiers.external && m.body.is_none() {
                        return Err(at(
                            m.name_span,
                            format!("Method `{path}.{}` has no body: write ':= ...;'", m.name),
                        ));
                    }
                    let method = Arc::new(Method {
                        name: m.name.clone(),
                        class_path: path.to_string(),
                        modifiers: m.modifiers,
                        params: m.params.clone(),
                        body: m.body.as_ref().map(|def| {
                            Arc::new(Closure {
                                def: def.clone(),
                                captured: Vec::new(),
                                source: context.source.clone(),
                                line_offset: 0,
                                text: format!("{path}.{}", m.name),
                                file: Some(context.file.clone()),
                                this: None,
                                bound_name: Default::default(),
                            })
                        }),
                        span: m.name_span,
                    });
                    match symbols.get_mut(&m.name) {
                        None => {
                            symbols.insert(m.name.clone(), Symbol::Methods(vec![method].into()));
                        }
                        Some(Symbol::Methods(methods)) => {
                            if methods.iter().any(|o| same_signature(o, &method)) {
                                return Err(at(
                                    m.name_span,
                                    format!("Method `{path}.{}` is declared twice", m.name),
                                ));
                            }
                            let mut all = methods.to_vec();
                            all.push(method);
                            *methods = all.into();
                        }
                        Some(_) => return Err(at(m.name_span, duplicate(&m.name))),
                    }
                }
                Decl::Var(..) | Decl::Statement(_) | Decl::Static(_) => {}
            }
        }
        Ok(symbols)
    }

    /// The class a name in a class file stands for (see the module doc
    /// for the order).
    fn resolve(
        &mut self,
        name: &str,
        context: &Context,
        enclosing: &[Scope],
    ) -> Result<Option<Arc<Class>>> {
        if !name.contains('.') {
            for scope in enclosing.iter().rev() {
                if let Some((_, class)) = scope.built.iter().find(|(n, _)| n == name) {
                    return Ok(Some(class.clone()));
                }
                for s in &scope.supers {
                    if let Some(Symbol::Nested(nested)) = s.lookup(name) {
                        return Ok(Some(nested.clone()));
                    }
                }
            }
            if !context.package.is_empty()
                && let Some(class) = self.class(&format!("{}.{name}", context.package))?
            {
                return Ok(Some(class));
            }
            for import in context.imports.iter() {
                let candidate = match import.strip_suffix(".*") {
                    Some(package) => format!("{package}.{name}"),
                    None if import.rsplit('.').next() == Some(name) => import.clone(),
                    None => continue,
                };
                if let Some(class) = self.class(&candidate)? {
                    return Ok(Some(class));
                }
            }
        }
        if let Some(class) = self.class(name)? {
            return Ok(Some(class));
        }
        if !name.contains('.') {
            return self.short(name);
        }
        Ok(None)
    }
}

/// What an enclosing class shows the classes nested in it: the nested
/// classes of its superclasses and its own nested classes built so far.
struct Scope {
    supers: Vec<Arc<Class>>,
    built: Vec<(String, Arc<Class>)>,
}

/// What names in one file are read against.
struct Context {
    package: String,
    imports: Arc<[String]>,
    source: Arc<str>,
    file: Arc<str>,
}

/// Clears the instances a class and its nested classes made.
fn forget(class: &Arc<Class>) {
    visit(class, &mut |c| {
        if let Ok(mut s) = c.singleton.lock() {
            *s = None;
        }
        if let Ok(mut s) = c.static_values.lock() {
            *s = None;
        }
    });
}

/// Calls `f` on a class and each class nested in it.
fn visit(class: &Class, f: &mut dyn FnMut(&Class)) {
    f(class);
    for symbol in class.symbols.values() {
        if let Symbol::Nested(nested) = symbol {
            visit(nested, f);
        }
    }
}

/// Whether `s` is a name (letters, digits, `_`, not starting with a digit).
fn is_name(s: &str) -> bool {
    s.chars().next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// Whether `path` is the root of every class.
fn is_root(path: &str) -> bool {
    path == "cgsuite.lang.Object"
}

/// The top-level class a (possibly nested) class is declared in.
fn top_level(class: &Arc<Class>) -> Arc<Class> {
    let mut c = class.clone();
    while let Some(outer) = c.outer.upgrade() {
        c = outer;
    }
    c
}

/// A file's name as errors write it: relative to the library folder it
/// was found in.
fn display_name(file: &Path, dirs: &[PathBuf]) -> String {
    for d in dirs {
        if let Ok(rest) = file.strip_prefix(d) {
            return rest.display().to_string();
        }
    }
    file.display().to_string()
}

/// The ancestors of a class with superclasses `supers`: each superclass
/// followed by its ancestors, each class once, nearer first.
fn ancestors(supers: &[Arc<Class>]) -> Vec<Arc<Class>> {
    let mut out: Vec<Arc<Class>> = Vec::new();
    for s in supers {
        for a in std::iter::once(s).chain(s.ancestors.iter()) {
            if !out.iter().any(|o| o.id == a.id) {
                out.push(a.clone());
            }
        }
    }
    out
}

/// The declaration's own modifiers are allowed together.
fn check_modifiers(decl: &ClassDecl, path: &str, at: &dyn Fn(Span, String) -> Error) -> Result<()> {
    if decl.modifiers.singleton && decl.params.is_some() {
        return Err(at(
            decl.name_span,
            format!("Class `{path}` must not have a constructor if declared `singleton`"),
        ));
    }
    if decl.modifiers.mutable {
        return Err(at(decl.name_span, "mutable classes are not supported".into()));
    }
    if decl.modifiers.overrides || decl.modifiers.is_static || decl.modifiers.external {
        return Err(at(
            decl.name_span,
            "a class may be declared `singleton` or `system`, not `override`, `static` or \
             `external`"
                .into(),
        ));
    }
    for d in &decl.body {
        if let Decl::Var(Modifiers { mutable: true, .. }, vars) = d
            && let Some((name, _, span)) = vars.first()
        {
            return Err(at(
                *span,
                format!("Class `{path}` is immutable, but variable `{name}` is declared `mutable`"),
            ));
        }
    }
    Ok(())
}

/// `override` is written exactly where a method replaces one of an
/// ancestor with the same parameters.
fn check_overrides(
    decl: &ClassDecl,
    class: &Arc<Class>,
    at: &dyn Fn(Span, String) -> Error,
) -> Result<()> {
    for d in &decl.body {
        let Decl::Method(m) = d else { continue };
        let Some(Symbol::Methods(own)) = class.symbols.get(&m.name) else { continue };
        let Some(method) = own.iter().find(|o| o.span == m.name_span) else { continue };
        // A static method belongs to its class: it neither overrides an
        // instance method nor is overridden by one (CGSuite's Turning has
        // `static def Eval(code as String)` beside StripRuleset's Eval).
        if method.modifiers.is_static && !m.modifiers.overrides {
            continue;
        }
        let overridden = class.ancestors.iter().find_map(|a| match a.symbols.get(&m.name) {
            Some(Symbol::Methods(ms)) => {
                ms.iter().find(|o| !o.modifiers.is_static && same_signature(o, method)).cloned()
            }
            _ => None,
        });
        match (overridden, m.modifiers.overrides) {
            (Some(base), false) => {
                return Err(at(
                    m.name_span,
                    format!(
                        "Method `{}` must be declared with `override`, since it overrides `{}`",
                        method.qualified_name(),
                        base.qualified_name()
                    ),
                ));
            }
            (None, true) => {
                return Err(at(
                    m.name_span,
                    format!("Method `{}` overrides nothing", method.qualified_name()),
                ));
            }
            _ => {}
        }
    }
    Ok(())
}

//! The calculator language: a subset of CGSuite's CGScript (see CALCULATOR.md).
//!
//! The evaluator has layers, each using only those below it (see
//! ARCHITECTURE.md, "Inside `lang`", and the test that keeps it so):
//! `syntax` (text to a tree, no values), `value` (what a value is),
//! `runtime` (the evaluation context and the generic operations),
//! `classes` (what each class's values do), [`members`] (one member table
//! per class; `:help` is generated from them), `dispatch` (operators,
//! members, names and printing over every class), `interp` (the tree
//! walker) and the [`Session`]. The language is a thin layer: every value
//! and member is computed by the library.
//!
//! ```
//! use onag::Budget;
//! use onag::lang::Session;
//! let mut session = Session::new();
//! let budget = Budget::unlimited();
//! assert_eq!(session.run_to_string("{0|*}", &budget).unwrap(), "^");
//! assert_eq!(session.run_to_string("g := 3+-1; g.LeftOptions", &budget).unwrap(), "{4}");
//! assert_eq!(session.run_to_string("g + g", &budget).unwrap(), "6");
//! let err = session.run_to_string("{3|2|1}", &budget).unwrap_err();
//! assert_eq!(err.location().map(|l| l.column), Some(5));
//! ```

pub(crate) mod classes;
pub(crate) mod dispatch;
pub(crate) mod interp;
pub mod members;
pub(crate) mod runtime;
pub(crate) mod session;
pub(crate) mod syntax;
pub(crate) mod value;

pub use classes::heap::{DEFAULT_GENUS_POSITIONS, DEFAULT_MISERE_POSITIONS};
pub use interp::sum::Solved;
pub use runtime::context::{DEFAULT_STACK, MAX_LIST};
pub use session::Session;
pub use syntax::parser::{is_incomplete, parse, unfinished_block};
pub use value::Value;
pub use value::number::Number;

/// The library path a session searches for class files: the current
/// folder, then `extra` in order, then the folders of `onag_path` (the
/// value of the `ONAG_PATH` environment variable, separated as the
/// platform separates paths: `:` on Unix).
pub fn library_path(
    extra: &[std::path::PathBuf],
    onag_path: Option<&std::ffi::OsStr>,
) -> Vec<std::path::PathBuf> {
    let mut dirs = vec![std::path::PathBuf::from(".")];
    dirs.extend(extra.iter().cloned());
    if let Some(path) = onag_path {
        dirs.extend(std::env::split_paths(path).filter(|p| !p.as_os_str().is_empty()));
    }
    dirs.dedup();
    dirs
}

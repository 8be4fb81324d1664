//! The calculator language: a subset of CGSuite's CGScript (see CALCULATOR.md).
//!
//! Text goes through [`lexer`] (tokens with byte spans) and [`parser`] (a
//! syntax tree, [`ast`]) to the evaluator, which only walks the tree; what
//! values do is in one place per concern (see ARCHITECTURE.md for the
//! layers): [`members`] holds one table per kind of value (name, arity,
//! help, example, computation), `ops` the operators, `builtins` the calls
//! and names, `games` the game literals and conversions, and `heap`,
//! `classic` and `partizan` wire the library's rulesets in. The language is
//! a thin layer: every value and member is computed by the library.
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

pub mod arith;
pub mod ast;
mod builtins;
mod classic;
mod compound;
mod context;
mod coordinates;
mod eval;
mod explicit;
mod games;
mod grid;
mod heap;
mod infinity;
pub mod lexer;
mod loopy;
pub mod members;
mod misere;
pub mod mutable;
pub mod number_forms;
mod ops;
pub mod parser;
mod partizan;
mod pattern;
mod random;
mod range;
pub mod rules;
mod script;
mod session;
mod show;
mod strip;
mod table;
mod transfinite;
mod unparse;
mod user_rules;
pub mod value;

pub use context::{DEFAULT_STACK, MAX_LIST};
pub use heap::{DEFAULT_GENUS_POSITIONS, DEFAULT_MISERE_POSITIONS};
pub use parser::{is_incomplete, parse};
pub use session::Session;
pub use value::Value;

//! The calculator language: a subset of CGSuite's CGScript (see CALCULATOR.md).
//!
//! Text goes through [`lexer`] (tokens with byte spans) and [`parser`] (a
//! syntax tree, [`ast`]) to the evaluator. The language is a thin layer: every
//! value and member is computed by the library modules it names.
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
pub mod classic;
pub mod eval;
pub mod games;
pub mod lexer;
pub mod members;
pub mod number_forms;
pub mod parser;
mod partizan;
pub mod rulesets;
pub mod value;

pub use eval::Session;
pub use parser::parse;
pub use value::Value;

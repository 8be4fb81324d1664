//! The calculator language: a subset of CGSuite's CGScript (see CALCULATOR.md).
//!
//! Text goes through [`lexer`] (tokens with byte spans) and [`parser`] (a
//! syntax tree, [`ast`]) to the evaluator. The language is a thin layer: every
//! value and member is computed by the library modules it names.

pub mod arith;
pub mod ast;
pub mod eval;
pub mod games;
pub mod lexer;
pub mod members;
pub mod parser;
pub mod rulesets;
pub mod value;

pub use eval::Session;
pub use parser::parse;
pub use value::Value;

//! The language's syntax, with no values: text to tokens ([`lexer`]),
//! tokens to a syntax tree ([`parser`], [`ast`]), and a tree back to text
//! as CGSuite prints functions ([`unparse`]).

pub(crate) mod ast;
pub(crate) mod lexer;
pub(crate) mod parser;
pub(crate) mod unparse;

//! What the values of each class do, one module per CGScript class or
//! family (games, loopy games, explicit forms, heap rulesets, grids, ...):
//! their literals, operators and computations, each wired to the library.
//! A class's module uses the classes listed before it in ARCHITECTURE.md
//! and reaches every other class through the runtime's generic operations
//! ([`crate::lang::runtime::hooks`]).

pub(crate) mod catalog;
pub(crate) mod coordinates;
pub(crate) mod explicit;
pub(crate) mod game;
pub(crate) mod graph;
pub(crate) mod grid;
pub(crate) mod heap;
pub(crate) mod infinity;
pub(crate) mod loopy;
pub(crate) mod misere;
pub(crate) mod range;
pub(crate) mod strip;
pub(crate) mod table;
pub(crate) mod transfinite;
pub(crate) mod user;

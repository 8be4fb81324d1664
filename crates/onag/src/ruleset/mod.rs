//! Rulesets: positions of partizan games whose values are canonical forms in a
//! [`crate::game::Arena`].
//!
//! A ruleset implements [`PartizanPosition`] (its moves, and optionally a split
//! into independent regions and a normal form under its symmetries); the
//! [`Solver`] values any of them into the arena. [`board`] holds the bit-plane
//! boards the grid rulesets share. The [`catalog`] names every ruleset for the
//! command line and the calculator, which handle positions of any ruleset as
//! [`AnyPosition`]s.

pub mod analysis;
pub mod any;
pub mod board;
pub mod catalog;
mod finisher;
pub mod graph;
pub mod grid;
pub mod hackenbush;
pub mod heap;
pub mod outcome;
mod position;
mod solver;
pub mod strip;
mod table;
pub mod user;
pub mod variant;

pub use any::{AnyPosition, Notation, Solvers};
pub use catalog::{Arg, Ruleset};
pub use position::{MoveBounds, PartizanPosition, Player};
pub use solver::Solver;

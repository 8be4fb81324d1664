//! Rulesets played on rectangular grids (`game.grid`).

mod dominoes;

pub use dominoes::{Cram, Domineering};

use super::catalog::Ruleset;

/// The grid rulesets, in the order the help lists them.
pub static RULESETS: &[&Ruleset] = &[&dominoes::DOMINEERING, &dominoes::CRAM];

//! Rulesets played on one row of cells (`game.strip`).

use super::catalog::Ruleset;

/// The strip rulesets, in the order the help lists them.
pub static RULESETS: &[&Ruleset] = &[];

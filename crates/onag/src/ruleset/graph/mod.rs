//! Rulesets played on graphs (`game.graph`).

use super::catalog::Ruleset;

/// The graph rulesets, in the order the help lists them.
pub static RULESETS: &[&Ruleset] = &[];

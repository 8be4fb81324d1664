//! Partizan rulesets on heaps and pairs of numbers (`game.heap`).

use super::catalog::Ruleset;

/// The heap rulesets, in the order the help lists them.
pub static RULESETS: &[&Ruleset] = &[];

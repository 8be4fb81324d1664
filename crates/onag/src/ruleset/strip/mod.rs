//! Rulesets played on one row of cells (`game.strip`): Toads and Frogs with
//! its generalisation and Elephants and Rhinos, and Toppling Dominoes.
//!
//! Strips are two bit planes of at most 128 cells (`cells`), so positions
//! are small `Copy` values; each ruleset's module says (and proves) how its
//! positions split into regions and which mirror images keep or negate the
//! value, which is what makes them fast to value.

mod cells;
mod toads;
mod toppling;

pub use cells::MAX_CELLS;
pub use toads::{ToadsAndFrogs, ToadsAndFrogsRules};
pub use toppling::TopplingDominoes;

use super::catalog::Ruleset;

/// The strip rulesets, in the order the help lists them.
pub static RULESETS: &[&Ruleset] = &[
    &toads::TOADS_AND_FROGS,
    &toads::ELEPHANTS_AND_RHINOS,
    &toads::GEN_TOADS_AND_FROGS,
    &toppling::TOPPLING_DOMINOES,
];

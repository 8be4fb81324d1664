//! Partizan rulesets on heaps and pairs of numbers (`game.heap`).
//!
//! Heap games where the players move by different take-and-break rules
//! ([`partizan`]), cakes: pairs of heaps where each player moves on one
//! coordinate ([`cake`]), and Partizan Euclid ([`euclid`]). Heaps and cakes
//! share [`sum`]: a position is a sum of parts that splits into its parts.

pub mod cake;
pub mod euclid;
pub mod partizan;
pub mod sum;

pub use cake::{Cake, CakeRules};
pub use euclid::Euclid;
pub use partizan::{HeapRules, PartizanHeap};
pub use sum::{HeapRule, MAX_SIZE, Parts, Rules, SumPosition};

use super::catalog::Ruleset;

/// The heap rulesets, in the order the help lists them.
pub static RULESETS: &[&Ruleset] = &[
    &partizan::PARTIZAN_SUBTRACTION,
    &partizan::PARTIZAN_SPLITTLES,
    &partizan::PARTIZAN_TAKE_AND_BREAK,
    &cake::CUTCAKE,
    &cake::EATCAKE,
    &cake::MAUNDY_CAKE,
    &cake::TURN_AND_EATCAKE,
    &cake::GEN_CUTCAKE,
    &euclid::PARTIZAN_EUCLID,
];

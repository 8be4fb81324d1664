//! Rulesets played on rectangular grids (`game.grid`).

mod amazons;
mod clobber;
mod dominoes;
mod fission;
mod konane;
mod lines;
mod nogo;

pub use amazons::Amazons;
pub use clobber::{ClobberRules, Directions, GenClobber};
pub use dominoes::{Cram, Domineering};
pub use fission::Fission;
pub use konane::Konane;
pub use nogo::NoGo;

use super::catalog::Ruleset;

/// The grid rulesets, in the order the help lists them.
pub static RULESETS: &[&Ruleset] = &[
    &dominoes::DOMINEERING,
    &dominoes::CRAM,
    &clobber::CLOBBER,
    &clobber::ANTI_CLOBBER,
    &clobber::HOT_CLOBBER,
    &clobber::CANNIBAL_CLOBBER,
    &clobber::KINGS,
    &clobber::KNIGHTS,
    &clobber::ROOKS,
    &clobber::QUEENS,
    &clobber::GEN_CLOBBER,
    &konane::KONANE,
    &amazons::AMAZONS,
    &nogo::NOGO,
    &fission::FISSION,
];

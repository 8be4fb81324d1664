//! Misère play of heap games: misère Grundy values (`MisereNimValue`) and the
//! genus of sums of heaps, by search with memoisation.
//!
//! In misère play the player who makes the last move loses, and the value of
//! a sum is not the XOR of its parts' values, so sums are searched as wholes.
//! The misère Grundy value of a position is 1 if it has no move, otherwise
//! the mex of its options' misère values; the position is a P-position
//! exactly when the value is 0.
//!
//! The genus `g^γ0γ1γ2…` of a position `G` is its normal-play Grundy value
//! `g` with the misère values `γk` of `G + *2 + … + *2` (`k` copies). The
//! sequence `γ` ends in a 2-cycle, found by a proved settling rule (see
//! `genus.rs`); it is printed up to where that cycle starts
//! (as CGSuite prints it: `3^1431`, `6^(1,9,10,8)`), and just `g` when the
//! genus is that of the nim heap `*g` (`0^120`, `1^031`, and `g^(g, g⊕2)` for `g ≥ 2`).

mod genus;
mod search;

pub use search::{Genus, MisereSolver};

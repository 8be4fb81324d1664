//! Misère play of heap games: misère Grundy values (`MisereNimValue`),
//! misère canonical forms, and the genus of sums of heaps.
//!
//! In misère play the player who makes the last move loses, and the value of
//! a sum is not the XOR of its parts' values. The misère Grundy value of a
//! position is 1 if it has no move, otherwise the mex of its options' misère
//! values; the position is a P-position exactly when the value is 0.
//!
//! Games equal in misère play share a unique simplest form
//! (`canonical.rs`), usually far smaller than the position, and their misère
//! values and genus agree. So each heap is reduced to its simplest form once,
//! sums are added in the arena of forms (`search.rs`), and values are read
//! from the result.
//!
//! The genus `g^γ0γ1γ2…` of a position `G` is its normal-play Grundy value
//! `g` with the misère values `γk` of `G + *2 + … + *2` (`k` copies). The
//! sequence `γ` ends in a 2-cycle, found by a proved settling rule (see
//! `genus.rs`). It is printed as CGSuite prints it, by the phylum of the
//! simplest form: `g` for a nim heap, `g^γ0` for tame and restive games
//! (`2^2`, `1^2`), and the terms up to the 2-cycle otherwise (`3^1431`,
//! `3^31`, `6^(1,9,10,8)`).
//!
//! Misère canonical games are also values of their own
//! ([`MisereGames`], the calculator's `*[...]`): parity and CGSuite's
//! canonical order (`games.rs`), parts, differences and partitions
//! (`parts.rs`), CGSuite's notation (`print.rs`), links and distinguishers
//! (`links.rs`), the games born by a day (`days.rs`).

mod canonical;
mod days;
mod games;
mod genus;
mod links;
mod parts;
mod print;
mod search;

pub use canonical::{FormId, MisereForms, Phylum};
pub use days::DayLimits;
pub use games::{MAX_NIM_HEAP, MisereGames};
pub use search::{Genus, MisereSolver};

//! Short partizan games: canonical forms in an arena, sums, comparison,
//! outcome classes, special values and CGSuite notation.
//!
//! A game value is a [`GameId`] in an [`Arena`] that the caller owns (no global
//! state). Equal games have equal ids. Values of the form number + ups + star
//! are packed ([`Nus`]) and computed in closed form; everything else is a
//! record of sorted option slices built by [`Arena::from_options`], which
//! removes dominated options and bypasses reversible ones. Every algorithm on
//! game trees uses explicit stacks and memo tables keyed by ids, and counts its
//! steps against the arena's [`Budget`](crate::Budget): deep or wide games end
//! with a clean error, never a stack overflow.
//!
//! ```
//! use onag::game::Arena;
//! let mut a = Arena::new();
//! let one = a.integer(1).unwrap();
//! let pm1 = a.switch(one).unwrap();
//! let three = a.integer(3).unwrap();
//! let g = a.add(three, pm1).unwrap();
//! assert_eq!(a.print(g).unwrap(), "{4|2}");
//! ```

mod arena;
mod atomic;
mod build;
mod companion;
mod cooling;
mod import;
mod incentives;
mod memo;
mod nus;
mod ops;
mod print;
mod products;
mod query;
mod rcf;
mod thermo;
mod transform;
mod variants;
mod wall;

pub use arena::{Arena, GameId, PartizanOutcome};
pub use nus::Nus;
pub use thermo::Thermograph;
pub use variants::Variant;
pub use wall::Wall;
mod uptimal;

pub use uptimal::Uptimal;

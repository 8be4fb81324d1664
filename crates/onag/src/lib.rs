//! onag — On Numbers And Games: an exact combinatorial game theory engine.
//!
//! Every capability is a library function first; the `onag` command and the
//! calculator are thin layers over it. Modules are usable on their own:
//!
//! - [`number`]: exact integers (machine word fast path, big integers beyond).
//! - [`nimber`]: nim arithmetic in GF(2^64), GF(2^128) and wider fields.
//! - [`game`]: short partizan games in canonical form (sums, comparison, CGSuite notation).
//! - [`impartial`]: impartial games, Sprague–Grundy values, sums and winning moves.
//! - [`ruleset`]: partizan rulesets valued in the arena (Blue-Red-Green Hackenbush trees).
//! - [`loopy`]: games with cycles: win/loss/draw with distances, loopy Grundy values.
//! - [`lang`]: the calculator language (CALCULATOR.md): parser, evaluator, sessions.
//! - [`budget`]: limits (positions, time), cancellation and progress for long work.
//! - [`error`]: the library's error type, with a location for parse errors.
//! - [`memory`]: the bytes the process holds, counted by its allocator, for memory limits.
//! - [`threads`]: the parallel work's thread pool, started with a bounded count.
//!
//! ```
//! use onag::impartial::mex;
//! assert_eq!(mex([0u64, 1, 3]), 2);
//! ```

pub mod budget;
pub mod error;
pub mod game;
pub mod impartial;
pub mod lang;
pub mod loopy;
pub mod memory;
pub mod nimber;
pub mod number;
pub mod picture;
mod prefetch;
pub mod ruleset;
pub mod threads;

pub use budget::{Budget, LimitNames};
pub use error::{Error, ErrorKind, Location, Result};

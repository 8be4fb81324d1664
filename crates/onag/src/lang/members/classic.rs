//! Members of Wythoff and Fibonacci Nim positions, computed by
//! [`super::super::classic`].

use super::super::classic;
use super::super::rules::ClassicPosition;
use super::table::{Table, member};

/// The members a classic position answers itself.
pub(crate) const TABLE: Table<ClassicPosition> = Table {
    on: "Wythoff, Fibonacci Nim, memory game or user ruleset position",
    members: &[
        member(
            "NimValue",
            0,
            "the Grundy value: Wythoff with both heaps below 4096, Fibonacci Nim heaps up to 23,168, memory games up to 16,384",
            "game.heap.Wythoff(3,6).NimValue",
            |ev, p, _, s| classic::nim_value(ev, p, s),
        ),
        member(
            "Options",
            0,
            "the options, each a position (Wythoff, Fibonacci Nim and memory games)",
            "game.heap.Mem((5,2)).Options",
            |ev, p, _, s| classic::options(ev, p, s),
        ),
        member(
            "OutcomeClass",
            0,
            "P or N, from the closed forms (Wythoff: any size; Fibonacci Nim: P exactly for Fibonacci numbers)",
            "game.heap.FibonacciNim(13).OutcomeClass",
            |ev, p, _, s| classic::outcome_class(ev, p, s),
        ),
    ],
};

//! Partizan Euclid: CGSuite's `PartizanEuclid`, a pair `(p,q)` of numbers.
//!
//! When `q` is 0 or divides `p` the game is over. Otherwise Left moves to
//! `(q, p mod q)` and Right to `(q, q − p mod q)`: one move each, so a
//! position is never a sum. After the first move the second number is below
//! the first and shrinks with every move, so even numbers near 2^63 are
//! valued in a few steps per binary digit of `q`.

use std::fmt;

use crate::ruleset::any::{Notation, boxed};
use crate::ruleset::catalog::{ArgKind, Family, Ruleset};
use crate::ruleset::position::{PartizanPosition, Player};

/// A Partizan Euclid position `(p, q)`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Euclid {
    /// The first number.
    pub p: u64,
    /// The second number.
    pub q: u64,
}

impl Euclid {
    /// Whether no one can move: `q` is 0 or divides `p`.
    pub fn is_over(&self) -> bool {
        self.q == 0 || self.p % self.q == 0
    }
}

impl fmt::Display for Euclid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({},{})", self.p, self.q)
    }
}

impl Notation for Euclid {
    fn notation(&self) -> String {
        self.to_string()
    }
}

impl PartizanPosition for Euclid {
    fn options(&self, player: Player, out: &mut Vec<Self>) {
        if self.is_over() {
            return;
        }
        let r = self.p % self.q;
        let next = match player {
            Player::Left => r,
            Player::Right => self.q - r,
        };
        out.push(Euclid { p: self.q, q: next });
    }

    fn regions(&self, out: &mut Vec<Self>) {
        if !self.is_over() {
            out.push(*self);
        }
    }
}

/// `game.heap.PartizanEuclid`.
pub static PARTIZAN_EUCLID: Ruleset = Ruleset {
    name: "PartizanEuclid",
    family: Family::Heap,
    about: "a pair (p,q): unless q divides p, Left moves to (q, p mod q), Right to (q, q - p mod q)",
    params: &[],
    argument: ArgKind::Pair,
    example: "(9,6)",
    output: "PartizanCoordinateRuleset.Position({})",
    impartial: false,
    rectangle: None,
    build: |r, params, a| {
        let (p, q) = a.as_pair("a Partizan Euclid position", 0..=i64::MAX)?;
        Ok(boxed(r, params, Euclid { p: p as u64, q: q as u64 }))
    },
};

//! Toppling Dominoes (`game.strip.TopplingDominoes`): a row of dominoes, `l`
//! Left's, `r` Right's, `e` either player's (green), `.` an empty cell.
//!
//! A player picks a domino of their colour (or a green one) and topples it
//! to the left or to the right: it and every cell on that side become empty.
//! The strip keeps its length, and an empty cell does not stop the toppling.
//!
//! Why a position reduces to its dominoes alone: toppling a domino to one
//! side leaves exactly the dominoes on its other side, wherever the empty
//! cells are. So the game played on a strip is the game played on its
//! dominoes in order, with the empty cells taken out, move for move
//! ([`TopplingDominoes::regions`] gives that one region, or none when no
//! domino is left; the game never splits into a sum, since every toppling
//! reaches an end of the row). Reading the row from the other end keeps every
//! move (left and right topples exchange), so it keeps the value; exchanging
//! the colours exchanges the players and negates it. The normal form is the
//! least of the four images.

use std::fmt;

use super::cells::{self, MAX_CELLS, low, pack, reverse};
use crate::error::Result;
use crate::ruleset::any::{Notation, boxed};
use crate::ruleset::catalog::{ArgKind, Family, Ruleset};
use crate::ruleset::position::{PartizanPosition, Player};

/// `game.strip.TopplingDominoes`.
pub static TOPPLING_DOMINOES: Ruleset = Ruleset {
    name: "TopplingDominoes",
    family: Family::Strip,
    about: "topple a domino of your colour ('l' Left, 'r' Right, 'e' either) and all beyond it to one side ('.' empty)",
    params: &[],
    argument: ArgKind::Text,
    example: "lrrlrrl",
    output: "TopplingDominoes.Position(\"{}\")",
    impartial: false,
    rectangle: None,
    build: |r, p, a| {
        Ok(boxed(r, p, TopplingDominoes::parse(a.as_str("a Toppling Dominoes strip")?)?))
    },
};

/// A position of Toppling Dominoes: the cells with a domino Left may topple
/// and those with one Right may topple (a green domino is in both).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TopplingDominoes {
    len: u8,
    left: u128,
    right: u128,
}

impl TopplingDominoes {
    /// Reads a strip: `l` Left's domino, `r` Right's, `e` green, `.` empty
    /// (either case).
    pub fn parse(text: &str) -> Result<Self> {
        let (n, [left, right]) = cells::parse(text, MAX_CELLS, ".lre", |c| match c {
            '.' => Some([false, false]),
            'l' => Some([true, false]),
            'r' => Some([false, true]),
            'e' => Some([true, true]),
            _ => None,
        })?;
        Ok(TopplingDominoes { len: n as u8, left, right })
    }

    /// The number of cells.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether the strip has no cells.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    fn with(&self, left: u128, right: u128) -> Self {
        TopplingDominoes { len: self.len, left, right }
    }

    fn write(&self) -> String {
        cells::write(self.len(), [self.left, self.right], |[l, r]| match (l, r) {
            (true, true) => 'e',
            (true, false) => 'l',
            (false, true) => 'r',
            (false, false) => '.',
        })
    }
}

impl fmt::Debug for TopplingDominoes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "TopplingDominoes(\"{}\")", self.write())
    }
}

impl fmt::Display for TopplingDominoes {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.write())
    }
}

impl Notation for TopplingDominoes {
    fn notation(&self) -> String {
        self.write()
    }
}

impl PartizanPosition for TopplingDominoes {
    /// CGSuite's order: the player's dominoes from left to right, each
    /// toppled to the left and then to the right (repeats kept).
    fn options(&self, player: Player, out: &mut Vec<Self>) {
        let mine = if player == Player::Left { self.left } else { self.right };
        let all: u128 = low(self.len());
        let mut rest = mine;
        while rest != 0 {
            let i = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            let right_of = all & !low::<u128>(i + 1);
            out.push(self.with(self.left & right_of, self.right & right_of));
            let left_of: u128 = low(i);
            out.push(self.with(self.left & left_of, self.right & left_of));
        }
    }

    /// The dominoes alone, with the empty cells taken out (none left: 0).
    fn regions(&self, out: &mut Vec<Self>) {
        let dominoes = self.left | self.right;
        if dominoes == 0 {
            return;
        }
        out.push(TopplingDominoes {
            len: dominoes.count_ones() as u8,
            left: pack(self.left, dominoes),
            right: pack(self.right, dominoes),
        });
    }

    /// The least of the strip, its reversal (same value), and the two with
    /// colours exchanged (negated).
    fn normalize(&self) -> (Self, bool) {
        let n = self.len();
        let turned = self.with(reverse(self.left, n), reverse(self.right, n));
        let mut best = (*self, false);
        for image in
            [turned, self.with(self.right, self.left), turned.with(turned.right, turned.left)]
                .into_iter()
                .zip([false, true, true])
        {
            if image.0 < best.0 {
                best = image;
            }
        }
        best
    }
}

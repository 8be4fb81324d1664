//! Konane: a stone jumps over an orthogonally adjacent enemy stone onto an
//! empty cell, capturing it, and may go on jumping in the same direction.
//!
//! CGSuite 2 has no Konane; these are the rules of CGSuite 1's
//! `game.grid.Konane`: `x` is Left and `o` Right (`.` empty), every landing
//! of a run of jumps is an option of its own, and options come stone by
//! stone in row-major order, then by direction (north, east, south, west),
//! then by the number of jumps. CGSuite 1 printed positions in its own style;
//! onag prints them as CGSuite 2 prints grid games, `Konane.Position("...")`.
//!
//! Why the engine may split a board: a jump leaves a stone only on a cell
//! next to a stone in line with another, so every cell a stone can ever
//! stand on lies in the closure of the occupied cells under "add `c` when the
//! two cells before it in some direction are in the set". A jump uses three
//! consecutive cells of one orthogonally connected part of that closure, so
//! the parts are independent regions (each on its bounding box). A region
//! where nobody can jump is 0 and is left out. The eight rotations and
//! reflections keep the value and exchanging the colours negates it.

use std::fmt;

use crate::error::Result;
use crate::ruleset::any::{Notation, boxed};
use crate::ruleset::board::{Adjacency, Board, Effect, Symmetries};
use crate::ruleset::catalog::{ArgKind, Family, Ruleset};
use crate::ruleset::position::{PartizanPosition, Player};

use super::lines::{self, Frame, ORTHOGONAL};

/// `game.grid.Konane` (CGSuite 1).
pub static KONANE: Ruleset = Ruleset {
    name: "Konane",
    family: Family::Grid,
    about: "a stone ('x' Left, 'o' Right) jumps over adjacent enemy stones, in one direction, onto empty cells",
    params: &[],
    argument: ArgKind::Text,
    example: "xoxo|oxox|xo..",
    output: "Konane.Position(\"{}\")",
    impartial: false,
    rectangle: None,
    build: |r, p, a| Ok(boxed(r, p, Konane::parse(a.as_str("a Konane board")?)?)),
};

/// A Konane position: plane 0 Left's stones, plane 1 Right's.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Konane(Board<2>);

impl Konane {
    /// Reads a board of `.` (empty), `x` (Left) and `o` (Right), rows
    /// separated by `|`.
    pub fn parse(text: &str) -> Result<Self> {
        lines::parse_board(text, "a Konane board", |c| match c {
            '.' => Some([false, false]),
            'x' => Some([true, false]),
            'o' => Some([false, true]),
            _ => None,
        })
        .map(Konane)
    }

    /// The board.
    pub fn board(&self) -> &Board<2> {
        &self.0
    }

    /// Calls `f(origin, jumped cells, landing)` for each move of `player`
    /// in CGSuite 1's order until it returns false.
    fn each_move(&self, player: Player, mut f: impl FnMut(usize, u64, usize) -> bool) {
        let p = player as usize;
        let (ours, theirs) = (self.0.plane(p), self.0.plane(1 - p));
        let empty = self.0.all() & !(ours | theirs);
        let frame = Frame::of(&self.0);
        let mut stones = ours;
        while stones != 0 {
            let origin = stones.trailing_zeros() as usize;
            stones &= stones - 1;
            for &d in ORTHOGONAL {
                let mut jumped = 0u64;
                let mut k = 1;
                while let (Some(over), Some(to)) =
                    (frame.step(origin, d, k), frame.step(origin, d, k + 1))
                {
                    if theirs & (1 << over) == 0 || empty & (1 << to) == 0 {
                        break;
                    }
                    jumped |= 1 << over;
                    if !f(origin, jumped, to) {
                        return;
                    }
                    k += 2;
                }
            }
        }
    }

    fn has_move(&self, player: Player) -> bool {
        let mut found = false;
        self.each_move(player, |_, _, _| {
            found = true;
            false
        });
        found
    }
}

impl fmt::Display for Konane {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.notation())
    }
}

impl Notation for Konane {
    fn notation(&self) -> String {
        self.0.write(|[x, o]| {
            if x {
                'x'
            } else if o {
                'o'
            } else {
                '.'
            }
        })
    }
}

impl PartizanPosition for Konane {
    fn options(&self, player: Player, out: &mut Vec<Self>) {
        let p = player as usize;
        self.each_move(player, |origin, jumped, to| {
            let mut planes = self.0.planes();
            planes[p] = (planes[p] & !(1 << origin)) | (1 << to);
            planes[1 - p] &= !jumped;
            out.push(Konane(self.0.with_plane(0, planes[0]).with_plane(1, planes[1])));
            true
        });
    }

    fn regions(&self, out: &mut Vec<Self>) {
        let frame = Frame::of(&self.0);
        let stones = self.0.plane(0) | self.0.plane(1);
        // The cells stones can ever stand on.
        let mut reach = stones;
        loop {
            let mut next = reach;
            for &d in ORTHOGONAL {
                next |= frame.shift(reach, d) & frame.shift(reach, (2 * d.0, 2 * d.1));
            }
            if next == reach {
                break;
            }
            reach = next;
        }
        for part in self.0.components(reach, Adjacency::Orthogonal) {
            if part & stones == 0 {
                continue;
            }
            let region = Konane(self.0.restrict(part));
            if region.has_move(Player::Left) || region.has_move(Player::Right) {
                out.push(region);
            }
        }
    }

    fn normalize(&self) -> (Self, bool) {
        let (board, negated) = self.0.normal_form(Symmetries {
            reflection: Effect::Same,
            quarter_turn: Effect::Same,
            colour_swap: Effect::Negates,
        });
        (Konane(board), negated)
    }
}

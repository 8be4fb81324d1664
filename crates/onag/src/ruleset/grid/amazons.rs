//! Amazons: a player moves one of their amazons like a chess queen, then
//! the amazon shoots an arrow like a queen from where it landed; the arrow
//! burns its cell for good.
//!
//! A position is three bit planes: Left's amazons (`x`), Right's (`o`) and
//! the empty cells; a cell in none of them is burned (`#`), so cutting a
//! region out of a board burns the cells around it. Options come in
//! CGSuite's order: amazons row by row, then the queen move (directions in
//! `Coordinates.Compass` order, nearest cell first), then the arrow (the same
//! order from the landing cell; it may fly over or onto the cell just left).
//!
//! Why the engine may split a board: amazons and arrows move only through
//! empty cells, so the parts of the board that burned cells separate (by
//! king steps, since queens move diagonally) never interact: each is a
//! region, and a part with no amazon, or with no empty cell, is 0 and is left
//! out. An amazon that can never move (every neighbour is burned or an
//! amazon that can never move) blocks exactly as a burned cell does, and is
//! burned in the regions. CGSuite does not split Amazons; values are the same, only faster.
//! The eight rotations and reflections keep the value (the moves are a
//! queen's), and exchanging the colours negates it.

use std::fmt;

use crate::error::Result;
use crate::ruleset::any::{Notation, boxed};
use crate::ruleset::board::{Adjacency, Board, Effect, Symmetries};
use crate::ruleset::catalog::{ArgKind, Family, Ruleset};
use crate::ruleset::position::{PartizanPosition, Player};

use super::lines::{self, COMPASS, Frame};

/// `game.grid.Amazons`.
pub static AMAZONS: Ruleset = Ruleset {
    name: "Amazons",
    family: Family::Grid,
    about: "an amazon ('x' Left, 'o' Right) moves like a queen, then shoots an arrow like a queen that burns a cell ('#')",
    params: &[],
    argument: ArgKind::Text,
    example: "x...|o...",
    output: "Amazons.Position(\"{}\")",
    impartial: false,
    rectangle: None,
    build: |r, p, a| Ok(boxed(r, p, Amazons::parse(a.as_str("an Amazons board")?)?)),
};

/// The plane of empty cells.
const EMPTY: usize = 2;

/// An Amazons position: planes of Left's amazons, Right's amazons and empty
/// cells; every other cell is burned.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Amazons(Board<3>);

impl Amazons {
    /// Reads a board of `.` (empty), `x` (Left), `o` (Right) and `#`
    /// (burned), rows separated by `|`.
    pub fn parse(text: &str) -> Result<Self> {
        lines::parse_board(text, "an Amazons board", |c| match c {
            '.' => Some([false, false, true]),
            'x' => Some([true, false, false]),
            'o' => Some([false, true, false]),
            '#' => Some([false, false, false]),
            _ => None,
        })
        .map(Amazons)
    }

    /// The board: planes of Left's amazons, Right's amazons, empty cells.
    pub fn board(&self) -> &Board<3> {
        &self.0
    }
}

impl fmt::Display for Amazons {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.notation())
    }
}

impl Notation for Amazons {
    fn notation(&self) -> String {
        self.0.write(|[x, o, empty]| {
            if x {
                'x'
            } else if o {
                'o'
            } else if empty {
                '.'
            } else {
                '#'
            }
        })
    }
}

impl PartizanPosition for Amazons {
    fn options(&self, player: Player, out: &mut Vec<Self>) {
        let p = player as usize;
        let frame = Frame::of(&self.0);
        let planes = self.0.planes();
        let mut amazons = planes[p];
        while amazons != 0 {
            let from = amazons.trailing_zeros() as usize;
            amazons &= amazons - 1;
            // The amazon's cell is empty once it has moved.
            let empty = planes[EMPTY] | (1 << from);
            for &d in COMPASS {
                let mut k = 1;
                while let Some(to) = frame.step(from, d, k) {
                    if planes[EMPTY] & (1 << to) == 0 {
                        break;
                    }
                    k += 1;
                    let empty = empty & !(1 << to);
                    let mut moved = planes;
                    moved[p] = (moved[p] & !(1 << from)) | (1 << to);
                    for &a in COMPASS {
                        let mut l = 1;
                        while let Some(arrow) = frame.step(to, a, l) {
                            if empty & (1 << arrow) == 0 {
                                break;
                            }
                            l += 1;
                            moved[EMPTY] = empty & !(1 << arrow);
                            out.push(Amazons(lines::with_planes(&self.0, moved)));
                        }
                    }
                }
            }
        }
    }

    fn regions(&self, out: &mut Vec<Self>) {
        let planes = self.0.planes();
        let empty = planes[EMPTY];
        let amazons = planes[0] | planes[1];
        // Amazons that can never move: no neighbour is empty, and every
        // neighbouring amazon can never move either.
        let mut stuck = amazons & !self.0.grow(empty, Adjacency::King);
        loop {
            let next = stuck & !self.0.grow(amazons & !stuck, Adjacency::King);
            if next == stuck {
                break;
            }
            stuck = next;
        }
        let live = amazons & !stuck;
        for part in self.0.components(live | empty, Adjacency::King) {
            if part & live != 0 && part & empty != 0 {
                // Cutting the part out burns every other cell, stuck
                // amazons included.
                out.push(Amazons(self.0.restrict(part)));
            }
        }
    }

    fn normalize(&self) -> (Self, bool) {
        let (board, negated) = self.0.normal_form(Symmetries {
            reflection: Effect::Same,
            quarter_turn: Effect::Same,
            colour_swap: Effect::Negates,
        });
        (Amazons(board), negated)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn regions(text: &str) -> Vec<String> {
        let mut out = Vec::new();
        Amazons::parse(text).unwrap().regions(&mut out);
        out.iter().map(|r| r.notation()).collect()
    }

    #[test]
    fn regions_are_cut_at_burned_cells_and_stuck_amazons() {
        assert_eq!(regions("x.#.o"), ["x.", ".o"]);
        assert_eq!(regions("x.#..|###.o"), ["x.", "..|.o"]);
        // A part with no amazon, or no empty cell, is 0.
        assert_eq!(regions("x.#..|####."), ["x."]);
        assert!(regions("xo#..").is_empty());
        // The x can never move, so it is a burned cell: o's part is alone.
        assert_eq!(regions("x#..|##o."), ["..|o."]);
        // Two amazons that hold each other in.
        assert_eq!(regions("xo#.|###o"), [".|o"]);
        // An amazon next to a mobile one is not stuck.
        assert_eq!(regions("xo.|##."), ["xo.|##."]);
    }
}

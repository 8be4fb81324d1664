//! Fission: a stone splits in two, the halves landing on the empty cells on
//! either side of it.
//!
//! CGSuite has no Fission; these are the rules of MCGS's partizan `fission`:
//! a grid of `.` empty cells, `x` stones (MCGS writes `X`) and `#` cells off
//! the board. The stones belong to nobody. Left takes a stone whose cells
//! above and below are both empty and on the board, and replaces it by
//! stones on those two cells; Right does the same with the cells to the left
//! and right. The stone's own cell becomes empty. Every move adds a stone,
//! so a game on `n` cells lasts fewer than `n` moves. Options come stone by
//! stone in row-major order.
//!
//! Why the engine may split a board. A stone can only ever appear on a cell
//! next to a stone whose opposite neighbour is on the board, so every cell
//! that will ever hold a stone lies in the closure of the stones under "add
//! the cell `c` when `c + d` may hold a stone and `c + 2d` is on the board",
//! for `d` up, down, left and right. A move on a stone uses the stone and
//! its two neighbours along one line, all three in the closure, so each move
//! stays inside one orthogonally connected part of the closure; cells
//! outside the closure stay empty and are never used. The parts are
//! therefore independent regions, each cut out on its bounding box with
//! every other cell off the board, and a part where nobody can move now is
//! 0 (only moves inside it could change that) and is left out. The
//! reflections that keep rows as rows keep the value, and a quarter turn
//! negates it (vertical becomes horizontal), as in Domineering.

use std::fmt;

use crate::error::Result;
use crate::ruleset::any::{Notation, boxed};
use crate::ruleset::board::{Adjacency, Board, Effect, Symmetries};
use crate::ruleset::catalog::{ArgKind, Family, Ruleset};
use crate::ruleset::position::{PartizanPosition, Player};

use super::lines;

/// `game.grid.Fission` (MCGS's Fission; CGSuite has none).
pub static FISSION: Ruleset = Ruleset {
    name: "Fission",
    family: Family::Grid,
    about: "a stone ('x') splits onto the two empty cells beside it: above and below for Left, left and right for Right ('#' off the board)",
    params: &[],
    argument: ArgKind::Text,
    example: ".....|..x..|.....",
    output: "Fission.Position(\"{}\")",
    impartial: false,
    rectangle: None,
    build: |r, p, a| Ok(boxed(r, p, Fission::parse(a.as_str("a Fission board")?)?)),
};

/// The plane of stones.
const STONES: usize = 0;
/// The plane of empty cells.
const EMPTY: usize = 1;

/// A Fission position: planes of stones and of empty cells; a cell in
/// neither is off the board.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Fission(Board<2>);

impl Fission {
    /// Reads a board of `.` (empty), `x` (a stone) and `#` (off the board),
    /// rows separated by `|`.
    pub fn parse(text: &str) -> Result<Self> {
        lines::parse_board(text, "a Fission board", |c| match c {
            '.' => Some([false, true]),
            'x' => Some([true, false]),
            '#' => Some([false, false]),
            _ => None,
        })
        .map(Fission)
    }

    /// The board: planes of stones and of empty cells.
    pub fn board(&self) -> &Board<2> {
        &self.0
    }

    /// The stones `player` can split: both neighbours along the player's
    /// line (vertical for Left) empty.
    fn movable(&self, player: Player) -> u64 {
        let b = &self.0;
        let empty = b.plane(EMPTY);
        let beside = match player {
            Player::Left => b.south(empty) & b.north(empty),
            Player::Right => b.east(empty) & b.west(empty),
        };
        b.plane(STONES) & beside
    }

    /// The two cells beside the stone `stone` along `player`'s line.
    fn halves(&self, player: Player, stone: u64) -> u64 {
        let b = &self.0;
        match player {
            Player::Left => b.north(stone) | b.south(stone),
            Player::Right => b.east(stone) | b.west(stone),
        }
    }
}

impl fmt::Display for Fission {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.notation())
    }
}

impl Notation for Fission {
    fn notation(&self) -> String {
        self.0.write(|[stone, empty]| {
            if stone {
                'x'
            } else if empty {
                '.'
            } else {
                '#'
            }
        })
    }
}

impl PartizanPosition for Fission {
    fn options(&self, player: Player, out: &mut Vec<Self>) {
        let mut stones = self.movable(player);
        while stones != 0 {
            let stone = stones & stones.wrapping_neg();
            stones &= stones - 1;
            let halves = self.halves(player, stone);
            let mut planes = self.0.planes();
            planes[STONES] = (planes[STONES] & !stone) | halves;
            planes[EMPTY] = (planes[EMPTY] & !halves) | stone;
            out.push(Fission(lines::with_planes(&self.0, planes)));
        }
    }

    fn regions(&self, out: &mut Vec<Self>) {
        let b = &self.0;
        let on = b.plane(STONES) | b.plane(EMPTY);
        // The cells that may ever hold a stone.
        let mut reach = b.plane(STONES);
        loop {
            let next = reach
                | (b.south(reach) & b.south(b.south(on)))
                | (b.north(reach) & b.north(b.north(on)))
                | (b.east(reach) & b.east(b.east(on)))
                | (b.west(reach) & b.west(b.west(on)));
            let next = next & on;
            if next == reach {
                break;
            }
            reach = next;
        }
        b.for_each_component(reach, Adjacency::Orthogonal, |part| {
            let region = Fission(b.restrict(part));
            if region.movable(Player::Left) | region.movable(Player::Right) != 0 {
                out.push(region);
            }
        });
    }

    fn mobility(&self, player: Player) -> usize {
        self.movable(player).count_ones() as usize
    }

    fn normalize(&self) -> (Self, bool) {
        let (board, negated) = self.0.normal_form(Symmetries {
            reflection: Effect::Same,
            quarter_turn: Effect::Negates,
            colour_swap: Effect::None,
        });
        (Fission(board), negated)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn regions(text: &str) -> Vec<String> {
        let mut out = Vec::new();
        Fission::parse(text).unwrap().regions(&mut out);
        out.iter().map(|r| r.notation()).collect()
    }

    fn options(text: &str, player: Player) -> Vec<String> {
        let mut out = Vec::new();
        Fission::parse(text).unwrap().options(player, &mut out);
        out.iter().map(|o| o.notation()).collect()
    }

    #[test]
    fn a_stone_splits_onto_the_cells_beside_it() {
        assert_eq!(options("...|.x.|...", Player::Left), [".x.|...|.x."]);
        assert_eq!(options("...|.x.|...", Player::Right), ["...|x.x|..."]);
        // Both halves must be empty and on the board.
        assert!(options(".x.|...", Player::Left).is_empty());
        assert!(options("#x.", Player::Right).is_empty());
        assert!(options("xx.", Player::Right).is_empty());
        assert_eq!(options(".x.x.", Player::Right), ["x.xx.", ".xx.x"]);
    }

    #[test]
    fn regions_are_the_parts_stones_can_reach() {
        // No stone can ever reach the far cells of the row: 0.
        assert!(regions("x....").is_empty());
        // Splitting sideways again and again reaches the whole row.
        assert_eq!(regions(".x...."), [".x...."]);
        // The second row is never reached: no stone has a cell above it.
        assert_eq!(regions(".x.|..."), [".x."]);
        assert_eq!(regions(".x.#.x."), [".x.", ".x."]);
        assert_eq!(regions("#.|.x|#."), [".|x|."]);
    }
}

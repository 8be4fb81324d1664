//! NoGo: players place stones of their colour on empty cells, and no move
//! may leave a group without a liberty.
//!
//! CGSuite has no NoGo; these are the rules of MCGS's `nogo` (a grid of
//! `.` empty cells, `x` Left's stones, `o` Right's and `#` cells off the
//! board; MCGS writes `X` and `O`, which read the same). A group is an
//! orthogonally connected set of stones of one colour, and its liberties are
//! the empty cells orthogonally next to it. Left places an `x`, Right an
//! `o`, on an empty cell, and the move is allowed only if afterwards every
//! group of either colour has a liberty: no suicide, and no capture. A board
//! on which some group already has no liberty is refused (no play can reach
//! it). Options come cell by cell in row-major order.
//!
//! Why the engine may split a board. Call two empty cells linked when they
//! are orthogonal neighbours or are both liberties of one group, and take
//! the classes of the relation's transitive closure; a region is such a
//! class together with every group whose liberties lie in it (all of a
//! group's liberties are linked, so each group belongs to exactly one
//! class, and every group has a liberty). A move on an empty cell `c`
//! depends only on `c`'s neighbours, the groups of the mover that touch `c`
//! (their liberties are linked to `c`) and the opponent's groups that touch
//! `c` (they have `c` as a liberty), so only on `c`'s region; and it only
//! joins `c` to groups of that region, so afterwards every link is between
//! cells of one old region: regions never merge. The board is therefore the
//! sum of its regions, each cut out on its bounding box with every other cell
//! off the board (no cell of a region is next to an empty cell of another,
//! and a group of another region next to it is never touched by its moves).
//! A region where neither player can move now is 0 for good (moves elsewhere
//! never touch it) and is left out. This is the only split: a group whose
//! liberties lie on both sides of a line of stones keeps both sides one
//! region, which is exact if not always the finest split there is. The
//! eight rotations and reflections keep the value and exchanging the colours
//! negates it.

use std::fmt;

use crate::error::{Error, Location, Result};
use crate::ruleset::any::{Notation, boxed};
use crate::ruleset::board::{Adjacency, Board, Effect, Symmetries};
use crate::ruleset::catalog::{ArgKind, Family, Ruleset};
use crate::ruleset::position::{PartizanPosition, Player};

use super::lines;

/// `game.grid.NoGo` (MCGS's NoGo; CGSuite has none).
pub static NOGO: Ruleset = Ruleset {
    name: "NoGo",
    family: Family::Grid,
    about: "players place stones ('x' Left, 'o' Right) on empty cells; no group may be left without a liberty ('#' off the board)",
    params: &[],
    argument: ArgKind::Text,
    example: "...|...|...",
    output: "NoGo.Position(\"{}\")",
    impartial: false,
    rectangle: Some(empty_rectangle),
    build: |r, p, a| Ok(boxed(r, p, NoGo::parse(a.as_str("a NoGo board")?)?)),
};

/// The empty board of `rows` × `columns` cells.
fn empty_rectangle(rows: usize, columns: usize) -> String {
    vec![".".repeat(columns); rows].join("|")
}

/// The plane of empty cells.
const EMPTY: usize = 2;

/// A NoGo position: planes of Left's stones, Right's stones and empty cells;
/// a cell in none of them is off the board. Every group has a liberty.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct NoGo(Board<3>);

/// The cells of `mask` orthogonally connected to `seed` within `mask`.
fn flood<const N: usize>(board: &Board<N>, seed: u64, mask: u64) -> u64 {
    let mut part = seed & mask;
    loop {
        let next = board.grow(part, Adjacency::Orthogonal) & mask;
        if next == part {
            return part;
        }
        part = next;
    }
}

impl NoGo {
    /// Reads a board of `.` (empty), `x` (Left), `o` (Right) and `#` (off
    /// the board), rows separated by `|`. A board where some group has no
    /// liberty is refused, the error naming the group's first cell.
    pub fn parse(text: &str) -> Result<Self> {
        let board = lines::parse_board(text, "a NoGo board", |c| match c {
            '.' => Some([false, false, true]),
            'x' => Some([true, false, false]),
            'o' => Some([false, true, false]),
            '#' => Some([false, false, false]),
            _ => None,
        })?;
        let empty = board.plane(EMPTY);
        for p in 0..2 {
            for group in board.components(board.plane(p), Adjacency::Orthogonal) {
                if board.grow(group, Adjacency::Orthogonal) & empty == 0 {
                    let cell = group.trailing_zeros() as usize;
                    let (r, c) = (cell / board.width(), cell % board.width());
                    // Every character of a valid board is one byte.
                    let offset = r * (board.width() + 1) + c;
                    return Err(Error::syntax(
                        Location::of_offset(text, offset),
                        format!(
                            "the group of '{}' at row {}, column {} has no liberty (no empty cell next to it)",
                            if p == 0 { 'x' } else { 'o' },
                            r + 1,
                            c + 1
                        ),
                    ));
                }
            }
        }
        Ok(NoGo(board))
    }

    /// The board: planes of Left's stones, Right's stones and empty cells.
    pub fn board(&self) -> &Board<3> {
        &self.0
    }

    /// Whether `player` may place a stone on the empty cell `cell`: after it,
    /// the new stone's group and every enemy group next to it still have a
    /// liberty (no other group loses one).
    fn legal(&self, player: Player, cell: u64) -> bool {
        let b = &self.0;
        let p = player as usize;
        let ours = b.plane(p) | cell;
        let theirs = b.plane(1 - p);
        let empty = b.plane(EMPTY) & !cell;
        let group = flood(b, cell, ours);
        if b.grow(group, Adjacency::Orthogonal) & empty == 0 {
            return false;
        }
        let mut touching = b.grow(cell, Adjacency::Orthogonal) & theirs;
        while touching != 0 {
            let enemy = flood(b, touching & touching.wrapping_neg(), theirs);
            if b.grow(enemy, Adjacency::Orthogonal) & empty == 0 {
                return false;
            }
            touching &= !enemy;
        }
        true
    }

    /// Calls `f` with each cell (as a bit) where `player` may play, in
    /// row-major order, until it returns false.
    fn each_move(&self, player: Player, mut f: impl FnMut(u64) -> bool) {
        let mut cells = self.0.plane(EMPTY);
        while cells != 0 {
            let cell = cells & cells.wrapping_neg();
            cells &= cells - 1;
            if self.legal(player, cell) && !f(cell) {
                return;
            }
        }
    }

    fn has_move(&self, player: Player) -> bool {
        let mut found = false;
        self.each_move(player, |_| {
            found = true;
            false
        });
        found
    }
}

impl fmt::Display for NoGo {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.notation())
    }
}

impl Notation for NoGo {
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

impl PartizanPosition for NoGo {
    fn options(&self, player: Player, out: &mut Vec<Self>) {
        let p = player as usize;
        self.each_move(player, |cell| {
            let mut planes = self.0.planes();
            planes[p] |= cell;
            planes[EMPTY] &= !cell;
            out.push(NoGo(lines::with_planes(&self.0, planes)));
            true
        });
    }

    fn regions(&self, out: &mut Vec<Self>) {
        let b = &self.0;
        let empty = b.plane(EMPTY);
        let groups: Vec<u64> =
            (0..2).flat_map(|p| b.components(b.plane(p), Adjacency::Orthogonal)).collect();
        // Empty cells linked through a group's liberties, grown until no
        // group has liberties both inside and outside.
        let mut rest = empty;
        while rest != 0 {
            let mut cells = flood(b, rest & rest.wrapping_neg(), empty);
            let mut stones = 0;
            loop {
                let mut grown = cells;
                for &g in &groups {
                    if b.grow(g, Adjacency::Orthogonal) & cells != 0 {
                        stones |= g;
                        grown |= b.grow(g, Adjacency::Orthogonal) & empty;
                    }
                }
                grown = flood(b, grown, empty);
                if grown == cells {
                    break;
                }
                cells = grown;
            }
            rest &= !cells;
            let region = NoGo(b.restrict(cells | stones));
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
        (NoGo(board), negated)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn regions(text: &str) -> Vec<String> {
        let mut out = Vec::new();
        NoGo::parse(text).unwrap().regions(&mut out);
        out.iter().map(|r| r.notation()).collect()
    }

    #[test]
    fn moves_that_leave_a_group_without_liberty_are_not_options() {
        let options = |text: &str, player| {
            let mut out = Vec::new();
            NoGo::parse(text).unwrap().options(player, &mut out);
            out.iter().map(|o| o.notation()).collect::<Vec<_>>()
        };
        // Left may not fill the o's last liberty, nor its own x's.
        assert_eq!(options("x.o", Player::Left), Vec::<String>::new());
        assert_eq!(options("x..o", Player::Left), ["xx.o"]);
        assert_eq!(options("x..o", Player::Right), ["x.oo"]);
        // A stone with no empty neighbour is suicide, unless its group has one.
        assert_eq!(options(".x.|x.x|.x.", Player::Right), Vec::<String>::new());
        assert_eq!(options("..", Player::Left), ["x.", ".x"]);
    }

    #[test]
    fn regions_split_where_no_group_links_them() {
        // A wall of cells off the board.
        assert_eq!(regions("..#.."), ["..", ".."]);
        // The x's liberties are on both sides: one region.
        assert_eq!(regions("..x.."), ["..x.."]);
        // Each o has liberties on one side only, so the column of stones splits.
        assert_eq!(regions(".x.|.xo|.o.").len(), 1);
        assert_eq!(regions("..x#..|..x#o.|..x#o."), ["..x|..x|..x", "..|o.|o."]);
        // A region where nobody can play is 0.
        assert!(regions("x.o").is_empty());
        assert!(regions("xx|o.").is_empty());
    }

    #[test]
    fn a_group_without_liberty_is_refused_by_place() {
        let err = NoGo::parse("..|xo|ox").unwrap_err().to_string();
        assert!(err.contains("1:8") && err.contains("row 3, column 2"), "{err}");
        assert!(NoGo::parse("x").unwrap_err().to_string().contains("no liberty"));
        assert!(NoGo::parse("x#.").is_err());
        assert!(NoGo::parse("x.").is_ok());
    }
}

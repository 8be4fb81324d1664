//! Domineering and Cram: players place dominoes on empty cells.
//!
//! A position is one bit plane of empty cells (`.` empty, `#` blocked).
//! In Domineering Left places vertical dominoes and Right horizontal ones; in
//! Cram either player places either. A position splits into the orthogonally
//! connected parts of its empty cells (a single cell is dropped: no domino
//! fits). Domineering keeps its value under the reflections that keep rows
//! as rows and is negated by a quarter turn (vertical becomes horizontal);
//! Cram keeps its value under all eight symmetries (regions of at most
//! [`SMALL`] cells are kept as they are).

use std::fmt;

use crate::error::Result;
use crate::ruleset::any::{AnyPosition, Notation, boxed};
use crate::ruleset::board::{Adjacency, Board, Effect, Symmetries};
use crate::ruleset::catalog::{Arg, ArgKind, Family, Params, Ruleset};
use crate::ruleset::outcome::domineering::DomineeringBoard;
use crate::ruleset::position::{MoveBounds, PartizanPosition, Player};

/// `game.grid.Domineering`.
pub static DOMINEERING: Ruleset = Ruleset {
    name: "Domineering",
    family: Family::Grid,
    about: "Left places vertical dominoes, Right horizontal ones, on empty cells ('.' empty, '#' blocked)",
    params: &[],
    argument: ArgKind::Text,
    example: "....|....|....",
    output: "Domineering.Position(\"{}\")",
    impartial: false,
    rectangle: Some(empty_rectangle),
    build: build_domineering,
};

/// A Domineering position from its board: one of more than
/// [`MAX_CELLS`](crate::ruleset::board::MAX_CELLS) cells (up to 128) is held
/// as a [`DomineeringBoard`], whose outcome the search made for Domineering
/// finds.
fn build_domineering(r: &'static Ruleset, p: &Params, a: &Arg) -> Result<Box<dyn AnyPosition>> {
    let text = a.as_str("a Domineering board")?;
    let cells = text.chars().filter(|&c| c != '|').count();
    if cells > crate::ruleset::board::MAX_CELLS {
        return Ok(boxed(r, p, DomineeringBoard::parse(text)?));
    }
    Ok(boxed(r, p, Domineering::parse(text)?))
}

/// `game.grid.Cram`.
pub static CRAM: Ruleset = Ruleset {
    name: "Cram",
    family: Family::Grid,
    about: "either player places a domino either way on empty cells ('.' empty, '#' blocked); impartial",
    params: &[],
    argument: ArgKind::Text,
    example: "...|...|...",
    output: "ImpartialVariantGame(Domineering.Position(\"{}\"))",
    impartial: true,
    rectangle: Some(empty_rectangle),
    build: |r, p, a| Ok(boxed(r, p, Cram::parse(a.as_str("a Cram board")?)?)),
};

/// The empty board of `rows` × `columns` cells.
fn empty_rectangle(rows: usize, columns: usize) -> String {
    vec![".".repeat(columns); rows].join("|")
}

/// Reads a board of `.` (empty) and `#` (blocked) cells (either case).
fn parse_cells(text: &str) -> Result<Board<1>> {
    Board::parse(text, |c| match c {
        '.' => Some([true]),
        '#' => Some([false]),
        _ => None,
    })
}

fn write_cells(board: &Board<1>) -> String {
    board.write(|[empty]| if empty { '.' } else { '#' })
}

/// Calls `out` with each board left by placing a vertical (or horizontal)
/// domino, in row-major order of the domino's first cell.
fn place(board: &Board<1>, vertical: bool, mut out: impl FnMut(Board<1>)) {
    let free = board.plane(0);
    let w = board.width();
    let (anchors, step) =
        if vertical { (free & board.north(free), w) } else { (free & board.west(free), 1) };
    let mut rest = anchors;
    while rest != 0 {
        let i = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        let domino = (1u64 << i) | (1u64 << (i + step));
        out(board.with_plane(0, free & !domino));
    }
}

/// The most disjoint dominoes of one direction on the cells `free`: greedy
/// from the top of each column (vertical) or the left of each row
/// (horizontal), which is best on each line of cells.
fn most_dominoes(board: &Board<1>, free: u64, vertical: bool) -> u32 {
    let w = board.width();
    let (anchors, step, lines, line) = if vertical {
        (free & board.north(free), w, board.height(), row_mask(w))
    } else {
        (free & board.west(free), 1, w, board.first_column())
    };
    let mut taken = 0u64;
    let mut count = 0;
    for i in 0..lines {
        let shift = if vertical { i * w } else { i };
        let placed = anchors & (line << shift) & !taken;
        count += placed.count_ones();
        taken |= placed << step;
    }
    count
}

/// The cells of row 0 of a board `w` wide.
fn row_mask(w: usize) -> u64 {
    if w >= 64 { u64::MAX } else { (1u64 << w) - 1 }
}

/// Domineering's bounds on `player`'s moves: the most dominoes of the
/// player's direction that fit, and the safe ones, placed on cells the
/// opponent can never cover (both neighbours across the domino's direction
/// already covered or off the board: that never changes).
fn domineering_bounds(board: &Board<1>, player: Player) -> MoveBounds {
    let free = board.plane(0);
    let vertical = player == Player::Left;
    let protected = if vertical {
        free & !board.east(free) & !board.west(free)
    } else {
        free & !board.north(free) & !board.south(free)
    };
    MoveBounds {
        safe: most_dominoes(board, protected, vertical),
        most: most_dominoes(board, free, vertical),
    }
}

/// Calls `out` with each part of a board where a domino still fits.
fn parts(board: &Board<1>, mut out: impl FnMut(Board<1>)) {
    let free = board.plane(0);
    // A cell with no empty neighbour can never be covered.
    let live = free & (board.north(free) | board.south(free) | board.east(free) | board.west(free));
    if live == 0 {
        return;
    }
    board.for_each_component(live, Adjacency::Orthogonal, |m| out(board.restrict(m)));
}

/// Regions of at most this many empty cells are not normalised: each of
/// their images gets a table entry of its own, which costs less than
/// finding the least image every time one is met (most regions met are
/// small). Measured on 4×7 and 5×6: 8 is about 6% faster than
/// normalising every region; 12 is slower than both.
const SMALL: u32 = 8;

macro_rules! domino_game {
    ($(#[$doc:meta])* $name:ident, $impartial:expr, $symmetries:expr) => {
        $(#[$doc])*
        #[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
        pub struct $name(Board<1>);

        impl $name {
            /// Reads a board: rows separated by `|`, `.` empty, `#` blocked.
            pub fn parse(text: &str) -> Result<Self> {
                parse_cells(text).map($name)
            }

            /// An empty board with `rows` rows and `columns` columns.
            pub fn empty(rows: usize, columns: usize) -> Result<Self> {
                let b = Board::<1>::new(columns, rows)?;
                Ok($name(b.with_plane(0, u64::MAX)))
            }

            /// The board.
            pub fn board(&self) -> &Board<1> {
                &self.0
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&write_cells(&self.0))
            }
        }

        impl Notation for $name {
            fn notation(&self) -> String {
                write_cells(&self.0)
            }
        }

        impl PartizanPosition for $name {
            const IMPARTIAL: bool = $impartial;

            fn options(&self, player: Player, out: &mut Vec<Self>) {
                if $impartial || player == Player::Left {
                    place(&self.0, true, |b| out.push($name(b)));
                }
                if $impartial || player == Player::Right {
                    place(&self.0, false, |b| out.push($name(b)));
                }
            }

            fn regions(&self, out: &mut Vec<Self>) {
                parts(&self.0, |b| out.push($name(b)));
            }

            fn move_bounds(&self, player: Player) -> Option<MoveBounds> {
                (!$impartial).then(|| domineering_bounds(&self.0, player))
            }

            fn mobility(&self, player: Player) -> usize {
                let free = self.0.plane(0);
                let vertical = (free & self.0.north(free)).count_ones() as usize;
                let horizontal = (free & self.0.west(free)).count_ones() as usize;
                match ($impartial, player) {
                    (true, _) => vertical + horizontal,
                    (false, Player::Left) => vertical,
                    (false, Player::Right) => horizontal,
                }
            }

            fn normalize(&self) -> (Self, bool) {
                if self.0.plane(0).count_ones() <= SMALL {
                    return (*self, false);
                }
                let (b, negated) = self.0.normal_form($symmetries);
                ($name(b), negated)
            }
        }
    };
}

domino_game!(
    /// A Domineering position: Left places vertical dominoes, Right
    /// horizontal ones.
    Domineering,
    false,
    Symmetries {
        reflection: Effect::Same,
        quarter_turn: Effect::Negates,
        colour_swap: Effect::None
    }
);

domino_game!(
    /// A Cram position: either player places a domino either way (impartial).
    Cram,
    true,
    Symmetries { reflection: Effect::Same, quarter_turn: Effect::Same, colour_swap: Effect::None }
);

//! Steps along lines of a board, shared by the rulesets whose pieces move
//! (Clobber's family, Konane, Amazons).
//!
//! A step is a `(row, column)` offset as CGSuite writes `Coordinates`; the
//! direction lists here are CGSuite's, in its order (the order of a ruleset's
//! options follows it). Moving one piece is index arithmetic on a cell
//! ([`Frame::step`]); moving a whole set of cells at once is a shift of a bit
//! plane with the columns that would wrap masked off ([`Frame::shift`]).

use crate::error::{Error, Result};
use crate::ruleset::board::Board;

/// `Coordinates.Orthogonal`: north, east, south, west.
pub const ORTHOGONAL: &[(i32, i32)] = &[(-1, 0), (0, 1), (1, 0), (0, -1)];

/// `Coordinates.Diagonal`: north-east, south-east, south-west, north-west.
pub const DIAGONAL: &[(i32, i32)] = &[(-1, 1), (1, 1), (1, -1), (-1, -1)];

/// `Coordinates.Compass`: the eight directions clockwise from north.
pub const COMPASS: &[(i32, i32)] =
    &[(-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1)];

/// `Coordinates.KnightsMove`: the eight knight's moves in CGSuite's order.
pub const KNIGHTS_MOVE: &[(i32, i32)] =
    &[(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];

/// The size of a board, for stepping between its cells.
#[derive(Clone, Copy, Debug)]
pub struct Frame {
    width: i32,
    height: i32,
    all: u64,
    /// The cells of column 0.
    first_column: u64,
}

impl Frame {
    /// The frame of `board`.
    pub fn of<const N: usize>(board: &Board<N>) -> Self {
        Frame {
            width: board.width() as i32,
            height: board.height() as i32,
            all: board.all(),
            first_column: board.first_column(),
        }
    }

    /// The cell `n` steps of `(dr, dc)` from cell `index`, if it is on the board.
    #[inline]
    pub fn step(&self, index: usize, (dr, dc): (i32, i32), n: i32) -> Option<usize> {
        let r = index as i32 / self.width + dr * n;
        let c = index as i32 % self.width + dc * n;
        if r < 0 || r >= self.height || c < 0 || c >= self.width {
            return None;
        }
        Some((r * self.width + c) as usize)
    }

    /// Every cell of `bits` moved by `(dr, dc)`; cells that would leave the
    /// board are dropped.
    pub fn shift(&self, bits: u64, (dr, dc): (i32, i32)) -> u64 {
        if dr.abs() >= self.height || dc.abs() >= self.width {
            return 0;
        }
        // Keep only the columns that stay on the board: one row's mask,
        // repeated on every row (the copies do not overlap, so the product
        // has no carries).
        let row: u64 = if dc >= 0 {
            low((self.width - dc) as u32)
        } else {
            low((self.width + dc) as u32) << (-dc)
        };
        let keep = row.wrapping_mul(self.first_column);
        let by = dr * self.width + dc;
        let moved = bits & keep;
        let moved = if by >= 0 { moved << by } else { moved >> (-by) };
        moved & self.all
    }
}

/// A mask of the low `n` bits.
fn low(n: u32) -> u64 {
    if n >= 64 { u64::MAX } else { (1u64 << n) - 1 }
}

/// The connected parts of `mask`, lowest cell first, where `grow` adds to a
/// set of cells every cell adjacent to it.
pub fn components(mask: u64, grow: impl Fn(u64) -> u64) -> Vec<u64> {
    let mut parts = Vec::new();
    let mut rest = mask;
    while rest != 0 {
        let mut part = rest & rest.wrapping_neg();
        loop {
            let next = (part | grow(part)) & mask;
            if next == part {
                break;
            }
            part = next;
        }
        parts.push(part);
        rest &= !part;
    }
    parts
}

/// Reads a board through [`Board::parse`], refusing a board with no cells.
pub fn parse_board<const N: usize>(
    text: &str,
    what: &str,
    symbol: impl Fn(char) -> Option<[bool; N]>,
) -> Result<Board<N>> {
    let board = Board::parse(text, symbol)?;
    if board.cells() == 0 {
        return Err(Error::invalid(format!("{what} needs at least one cell")));
    }
    Ok(board)
}

/// `board` with its planes replaced by `planes`.
#[inline]
pub fn with_planes<const N: usize>(board: &Board<N>, planes: [u64; N]) -> Board<N> {
    let mut b = *board;
    for (i, &p) in planes.iter().enumerate() {
        b = b.with_plane(i, p);
    }
    b
}

/// The board with every row and column that holds no cell of `keep`
/// removed; cells keep their order in their rows and columns.
pub fn squeeze<const N: usize>(board: &Board<N>, keep: u64) -> Board<N> {
    let (w, h) = (board.width(), board.height());
    let rows: Vec<usize> = (0..h).filter(|&r| (keep >> (r * w)) & low(w as u32) != 0).collect();
    let cols: Vec<usize> =
        (0..w).filter(|&c| (0..h).any(|r| keep & (1u64 << (r * w + c)) != 0)).collect();
    if rows.len() == h && cols.len() == w {
        return *board;
    }
    let nw = cols.len();
    let mut planes = [0u64; N];
    for (p, plane) in planes.iter_mut().enumerate() {
        let bits = board.plane(p);
        for (nr, &r) in rows.iter().enumerate() {
            for (nc, &c) in cols.iter().enumerate() {
                if bits & (1u64 << (r * w + c)) != 0 {
                    *plane |= 1u64 << (nr * nw + nc);
                }
            }
        }
    }
    // Fewer rows and columns than a valid board: always a valid size.
    Board::from_planes(nw, rows.len(), planes).unwrap_or(*board)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn board(text: &str) -> Board<1> {
        Board::parse(text, |c| Some([c == 'x'])).unwrap()
    }

    #[test]
    fn shifts_drop_cells_that_leave_the_board() {
        let b = board("x..|.x.|..x");
        let f = Frame::of(&b);
        let show = |bits| b.with_plane(0, bits).write(|[on]| if on { 'x' } else { '.' });
        assert_eq!(show(f.shift(b.plane(0), (0, 1))), ".x.|..x|...");
        assert_eq!(show(f.shift(b.plane(0), (1, -1))), "...|...|x..");
        assert_eq!(show(f.shift(b.plane(0), (-2, -1))), ".x.|...|...");
        assert_eq!(show(f.shift(b.plane(0), (-1, 1))), "..x|...|...");
        assert_eq!(show(f.shift(b.plane(0), (0, 3))), "...|...|...");
        assert_eq!(f.step(4, (1, 2), 1), None);
        assert_eq!(f.step(0, (1, 2), 1), Some(5));
    }

    #[test]
    fn squeezing_keeps_order() {
        let b = board("x...|....|..x.");
        let s = squeeze(&b, b.plane(0));
        assert_eq!(s.write(|[on]| if on { 'x' } else { '.' }), "x.|.x");
    }
}

//! Rectangular boards of at most 64 cells as bit planes, for grid rulesets.
//!
//! A [`Board<N>`] is a width, a height and `N` planes of 64 bits; cell
//! `(row, col)` is bit `row * width + col` (row 0 on top), and bits past
//! `width * height` are always clear. What a plane means is the ruleset's
//! choice (Domineering: one plane of empty cells; Clobber: Left's stones and
//! Right's stones). Boards are written as CGSuite writes grids: rows top to
//! bottom separated by `|`, one character per cell.
//!
//! The board's symmetry group is the eight rotations and reflections. The
//! four that keep rows as rows are computed with a row swap and a bit
//! reversal (turning a board of `n` cells by 180° reverses its `n` bits); the
//! four that exchange rows and columns start from one transposition.
//! [`Board::normal_form`] picks the least image under the order of
//! `(width, height, planes)`, and says whether the image it picked is a
//! negative of the board (a quarter turn in Domineering swaps the players; a
//! colour swap does in Clobber).

use crate::error::{Error, Location, Result};

/// The most cells a board may have.
pub const MAX_CELLS: usize = 64;

/// A board of at most 64 cells with `N` bit planes.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Board<const N: usize> {
    width: u8,
    height: u8,
    planes: [u64; N],
}

/// What a symmetry of the board does to the game's value.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Effect {
    /// Not a symmetry of the game.
    None,
    /// The image has the same value.
    Same,
    /// The image has the negative value (the players are swapped).
    Negates,
}

/// The symmetries a ruleset's boards have.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Symmetries {
    /// Reflections that keep rows as rows (and the 180° turn).
    pub reflection: Effect,
    /// Quarter turns and the two diagonal reflections (only together with
    /// the reflections: without them this is ignored).
    pub quarter_turn: Effect,
    /// Exchanging planes `0` and `1` (the colours of the stones).
    pub colour_swap: Effect,
}

/// Which neighbours are adjacent when a board is split into regions.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Adjacency {
    /// Up, down, left and right.
    Orthogonal,
    /// The eight neighbours of a king.
    King,
}

/// A mask of the low `n` bits.
fn low(n: usize) -> u64 {
    if n >= 64 { u64::MAX } else { (1u64 << n) - 1 }
}

/// A plane of a board `w` wide and `h` high with row `r` moved to byte `r`.
fn to_bytes(p: u64, w: usize, h: usize) -> u64 {
    let mut out = 0;
    for r in 0..h {
        out |= ((p >> (r * w)) & low(w)) << (8 * r);
    }
    out
}

/// The inverse of [`to_bytes`].
fn from_bytes(p: u64, w: usize, h: usize) -> u64 {
    let mut out = 0;
    for r in 0..h {
        out |= ((p >> (8 * r)) & low(w)) << (r * w);
    }
    out
}

/// Rows `0..h` (bytes) in reverse order.
fn flip_byte_rows(p: u64, h: usize) -> u64 {
    if h == 0 { 0 } else { p.swap_bytes() >> (8 * (8 - h)) }
}

/// Columns `0..w` of every byte row in reverse order.
fn flip_byte_columns(p: u64, w: usize) -> u64 {
    if w == 0 { 0 } else { p.swap_bytes().reverse_bits() >> (8 - w) }
}

/// The 8 × 8 bit matrix (bit `8r + c` is row r, column c) reflected in its
/// main diagonal, by three delta swaps.
fn transpose_bytes(mut x: u64) -> u64 {
    let k1 = 0x5500_5500_5500_5500u64;
    let k2 = 0x3333_0000_3333_0000u64;
    let k4 = 0x0f0f_0f0f_0000_0000u64;
    let mut t = k4 & (x ^ (x << 28));
    x ^= t ^ (t >> 28);
    t = k2 & (x ^ (x << 14));
    x ^= t ^ (t >> 14);
    t = k1 & (x ^ (x << 7));
    x ^= t ^ (t >> 7);
    x
}

/// `COLUMN_ZERO[w]`: the bits at multiples of `w`, the first column of any
/// board `w` cells wide (cut to the board by [`Board::all`]).
const COLUMN_ZERO: [u64; 65] = {
    let mut table = [0u64; 65];
    let mut w = 1;
    while w <= 64 {
        let mut i = 0;
        while i < 64 {
            table[w] |= 1u64 << i;
            i += w;
        }
        w += 1;
    }
    table
};

impl<const N: usize> Board<N> {
    /// An empty board (every plane clear) of the given size.
    pub fn new(width: usize, height: usize) -> Result<Self> {
        if width * height > MAX_CELLS || width > 255 || height > 255 {
            return Err(Error::invalid(format!(
                "a board of {width}×{height} = {} cells: at most {MAX_CELLS} cells are supported",
                width * height
            )));
        }
        Ok(Board { width: width as u8, height: height as u8, planes: [0; N] })
    }

    /// A board from its size and planes; bits past the last cell are cleared.
    pub fn from_planes(width: usize, height: usize, planes: [u64; N]) -> Result<Self> {
        let mut b = Self::new(width, height)?;
        let all = low(width * height);
        b.planes = planes.map(|p| p & all);
        Ok(b)
    }

    /// The number of columns.
    pub fn width(&self) -> usize {
        self.width as usize
    }

    /// The number of rows.
    pub fn height(&self) -> usize {
        self.height as usize
    }

    /// The number of cells.
    pub fn cells(&self) -> usize {
        self.width() * self.height()
    }

    /// Plane `i`.
    pub fn plane(&self, i: usize) -> u64 {
        self.planes[i]
    }

    /// All planes.
    pub fn planes(&self) -> [u64; N] {
        self.planes
    }

    /// The same board with plane `i` replaced (bits past the last cell cleared).
    pub fn with_plane(mut self, i: usize, bits: u64) -> Self {
        self.planes[i] = bits & self.all();
        self
    }

    /// The bit of cell `(row, col)`.
    pub fn bit(&self, row: usize, col: usize) -> u64 {
        1u64 << (row * self.width() + col)
    }

    /// Every cell's bit.
    pub fn all(&self) -> u64 {
        low(self.cells())
    }

    /// The cells of column 0.
    pub fn first_column(&self) -> u64 {
        COLUMN_ZERO[self.width()] & self.all()
    }

    /// The cells of the last column.
    pub fn last_column(&self) -> u64 {
        self.first_column() << (self.width().max(1) - 1)
    }

    /// Each cell of `bits` moved one column right (dropping the last column).
    pub fn east(&self, bits: u64) -> u64 {
        (bits & !self.last_column()) << 1
    }

    /// Each cell of `bits` moved one column left (dropping the first column).
    pub fn west(&self, bits: u64) -> u64 {
        (bits & !self.first_column()) >> 1
    }

    /// Each cell of `bits` moved one row down.
    pub fn south(&self, bits: u64) -> u64 {
        if self.width() >= 64 { 0 } else { (bits << self.width()) & self.all() }
    }

    /// Each cell of `bits` moved one row up.
    pub fn north(&self, bits: u64) -> u64 {
        if self.width() >= 64 { 0 } else { bits >> self.width() }
    }

    /// `bits` grown by one step to its neighbours.
    pub fn grow(&self, bits: u64, adjacency: Adjacency) -> u64 {
        let row = bits | self.east(bits) | self.west(bits);
        match adjacency {
            Adjacency::Orthogonal => row | self.north(bits) | self.south(bits),
            Adjacency::King => row | self.north(row) | self.south(row),
        }
    }

    /// The connected parts of `mask`, each as a mask, lowest cell first.
    pub fn components(&self, mask: u64, adjacency: Adjacency) -> Vec<u64> {
        let mut parts = Vec::new();
        self.for_each_component(mask, adjacency, |part| parts.push(part));
        parts
    }

    /// Calls `f` with each connected part of `mask`, lowest cell first.
    pub fn for_each_component(&self, mask: u64, adjacency: Adjacency, mut f: impl FnMut(u64)) {
        let mut rest = mask;
        while rest != 0 {
            let mut part = rest & rest.wrapping_neg();
            loop {
                let next = self.grow(part, adjacency) & mask;
                if next == part {
                    break;
                }
                part = next;
            }
            f(part);
            rest &= !part;
        }
    }

    /// The smallest board holding the cells of `mask`, with every plane
    /// restricted to `mask`; an empty mask gives a 0×0 board.
    pub fn restrict(&self, mask: u64) -> Self {
        let mask = mask & self.all();
        if mask == 0 {
            return Board { width: 0, height: 0, planes: [0; N] };
        }
        let w = self.width();
        let top = mask.trailing_zeros() as usize / w;
        let bottom = (63 - mask.leading_zeros() as usize) / w;
        let mut columns = 0u64;
        for r in top..=bottom {
            columns |= (mask >> (r * w)) & low(w);
        }
        // Every column used: the rows top..=bottom are one run of bits.
        if columns == low(w) {
            let nh = bottom - top + 1;
            let planes = self.planes.map(|p| ((p & mask) >> (top * w)) & low(nh * w));
            return Board { width: self.width, height: nh as u8, planes };
        }
        let left = columns.trailing_zeros() as usize;
        let right = 63 - columns.leading_zeros() as usize;
        let nw = right - left + 1;
        let nh = bottom - top + 1;
        if nw == w && nh == self.height() {
            return Board { planes: self.planes.map(|p| p & mask), ..*self };
        }
        let mut planes = [0u64; N];
        for (i, plane) in planes.iter_mut().enumerate() {
            let bits = self.planes[i] & mask;
            for r in top..=bottom {
                *plane |= ((bits >> (r * w + left)) & low(nw)) << ((r - top) * nw);
            }
        }
        Board { width: nw as u8, height: nh as u8, planes }
    }

    /// The board turned by 180°.
    fn rot180(&self) -> Self {
        let n = self.cells();
        let planes = self.planes.map(|p| if n == 0 { 0 } else { p.reverse_bits() >> (64 - n) });
        Board { planes, ..*self }
    }

    /// The board with its rows in reverse order.
    fn flip_rows(&self) -> Self {
        let (w, h) = (self.width(), self.height());
        let planes = self.planes.map(|p| {
            let mut out = 0;
            for r in 0..h {
                out |= ((p >> (r * w)) & low(w)) << ((h - 1 - r) * w);
            }
            out
        });
        Board { planes, ..*self }
    }

    /// The board reflected in its main diagonal (rows become columns).
    fn transpose(&self) -> Self {
        let (w, h) = (self.width(), self.height());
        let planes = self.planes.map(|p| {
            let mut out = 0;
            for r in 0..h {
                let mut row = (p >> (r * w)) & low(w);
                while row != 0 {
                    let c = row.trailing_zeros() as usize;
                    out |= 1u64 << (c * h + r);
                    row &= row - 1;
                }
            }
            out
        });
        Board { width: self.height, height: self.width, planes }
    }

    /// The board with planes 0 and 1 exchanged.
    fn swap_colours(&self) -> Self {
        let mut planes = self.planes;
        if N >= 2 {
            planes.swap(0, 1);
        }
        Board { planes, ..*self }
    }

    /// The least image of the board under `symmetries`, and whether that
    /// image is the board's negative.
    pub fn normal_form(&self, symmetries: Symmetries) -> (Self, bool) {
        if self.width() <= 8 && self.height() <= 8 {
            return self.normal_form_small(symmetries);
        }
        self.normal_form_any(symmetries)
    }

    /// [`normal_form`](Self::normal_form) of a board at most 8 × 8: each plane
    /// is laid out with a byte per row, where every symmetry is a handful of
    /// word operations (a byte swap flips the rows, a bit reversal inside the
    /// bytes flips the columns, three delta swaps transpose). Images are
    /// compared as `(width, height, planes)` in that layout; the least is
    /// turned back into the board's own layout.
    fn normal_form_small(&self, symmetries: Symmetries) -> (Self, bool) {
        let (w, h) = (self.width(), self.height());
        let planes = self.planes.map(|p| to_bytes(p, w, h));
        let mut best = (w, h, planes, false);
        let swap = symmetries.colour_swap != Effect::None && N >= 2;
        let swap_negates = symmetries.colour_swap == Effect::Negates;
        let mut consider = |w: usize, h: usize, planes: [u64; N], negated: bool| {
            if (w, h) > (best.0, best.1) {
                return;
            }
            if (w, h) < (best.0, best.1) || planes < best.2 {
                best = (w, h, planes, negated);
            }
            if swap {
                let mut q = planes;
                q.swap(0, 1);
                if (w, h) < (best.0, best.1) || q < best.2 {
                    best = (w, h, q, negated ^ swap_negates);
                }
            }
        };
        consider(w, h, planes, false);
        let reflect = symmetries.reflection != Effect::None;
        let reflect_negates = symmetries.reflection == Effect::Negates;
        if reflect {
            let rows = planes.map(|p| flip_byte_rows(p, h));
            let cols = planes.map(|p| flip_byte_columns(p, w));
            consider(w, h, rows, reflect_negates);
            consider(w, h, cols, reflect_negates);
            consider(w, h, rows.map(|p| flip_byte_columns(p, w)), false);
        }
        if reflect && symmetries.quarter_turn != Effect::None {
            let negates = symmetries.quarter_turn == Effect::Negates;
            let t = planes.map(transpose_bytes);
            // The transpose is h wide and w high.
            consider(h, w, t, negates);
            let turned = t.map(|p| flip_byte_columns(flip_byte_rows(p, w), h));
            consider(h, w, turned, negates);
            consider(h, w, t.map(|p| flip_byte_rows(p, w)), negates ^ reflect_negates);
            consider(h, w, t.map(|p| flip_byte_columns(p, h)), negates ^ reflect_negates);
        }
        let (bw, bh, bplanes, negated) = best;
        let board = Board {
            width: bw as u8,
            height: bh as u8,
            planes: bplanes.map(|p| from_bytes(p, bw, bh)),
        };
        (board, negated)
    }

    /// [`normal_form`](Self::normal_form) of any board, cell by cell.
    fn normal_form_any(&self, symmetries: Symmetries) -> (Self, bool) {
        let mut best = (*self, false);
        let mut consider = |b: Board<N>, negated: bool| {
            if b < best.0 {
                best = (b, negated);
            }
        };
        let mut images = [(*self, false); 8];
        let mut count = 1;
        let mut push = |image: (Board<N>, bool)| {
            images[count] = image;
            count += 1;
        };
        if symmetries.reflection != Effect::None {
            let negates = symmetries.reflection == Effect::Negates;
            let flipped = self.flip_rows();
            push((flipped, negates));
            push((self.rot180(), false));
            push((flipped.rot180(), negates));
        }
        if symmetries.reflection != Effect::None && symmetries.quarter_turn != Effect::None {
            let negates = symmetries.quarter_turn == Effect::Negates;
            let reflect = symmetries.reflection == Effect::Negates;
            let t = self.transpose();
            let tf = t.flip_rows();
            push((t, negates));
            push((tf, negates ^ reflect));
            push((t.rot180(), negates));
            push((tf.rot180(), negates ^ reflect));
        }
        for &(b, negated) in &images[..count] {
            consider(b, negated);
            if symmetries.colour_swap != Effect::None {
                let negates = symmetries.colour_swap == Effect::Negates;
                consider(b.swap_colours(), negated ^ negates);
            }
        }
        best
    }

    /// Reads a board written as rows separated by `|`, one character per
    /// cell; `symbol` gives each character's bit in every plane, or `None`
    /// for a character the ruleset does not use. Characters are lower-cased
    /// first, as CGSuite does (`XO` is `xo`). Errors give the column.
    pub fn parse(text: &str, symbol: impl Fn(char) -> Option<[bool; N]>) -> Result<Self> {
        let rows: Vec<&str> = text.split('|').collect();
        let width = rows[0].chars().count();
        let mut offset = 0;
        for row in &rows {
            let n = row.chars().count();
            if n != width {
                return Err(Error::syntax(
                    Location::of_offset(text, offset),
                    format!(
                        "rows must have equal lengths: this row has {n} cells, the first {width}"
                    ),
                ));
            }
            offset += row.len() + 1;
        }
        let mut board = Self::new(width, rows.len())?;
        let mut offset = 0;
        for (r, row) in rows.iter().enumerate() {
            for (c, (i, ch)) in row.char_indices().enumerate() {
                let Some(bits) = symbol(ch.to_ascii_lowercase()) else {
                    return Err(Error::syntax(
                        Location::of_offset(text, offset + i),
                        format!("unexpected '{ch}' in a board"),
                    ));
                };
                for (p, &on) in bits.iter().enumerate() {
                    if on {
                        board.planes[p] |= board.bit(r, c);
                    }
                }
            }
            offset += row.len() + 1;
        }
        Ok(board)
    }

    /// Writes the board as rows separated by `|`, with `symbol` naming each
    /// cell from its bits in every plane.
    pub fn write(&self, symbol: impl Fn([bool; N]) -> char) -> String {
        let mut s = String::with_capacity(self.cells() + self.height());
        for r in 0..self.height() {
            if r > 0 {
                s.push('|');
            }
            for c in 0..self.width() {
                let b = self.bit(r, c);
                s.push(symbol(self.planes.map(|p| p & b != 0)));
            }
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn b1(text: &str) -> Board<1> {
        Board::parse(text, |c| match c {
            '.' => Some([true]),
            '#' => Some([false]),
            _ => None,
        })
        .unwrap()
    }

    fn show(b: &Board<1>) -> String {
        b.write(|[on]| if on { '.' } else { '#' })
    }

    #[test]
    fn images_are_the_eight_symmetries() {
        let b = b1("..#|#..");
        assert_eq!(show(&b.rot180()), "..#|#..");
        assert_eq!(show(&b.flip_rows()), "#..|..#");
        assert_eq!(show(&b.transpose()), ".#|..|#.");
        let c = b1(".##|...");
        assert_eq!(show(&c.rot180()), "...|##.");
        assert_eq!(show(&c.flip_rows().rot180()), "##.|...");
        assert_eq!(show(&c.transpose()), "..|#.|#.");
    }

    /// Every image of `b` under `s` with its flag, cell by cell.
    fn images(b: &Board<2>, s: Symmetries) -> Vec<(Board<2>, bool)> {
        let mut out = vec![(*b, false)];
        if s.reflection != Effect::None {
            let n = s.reflection == Effect::Negates;
            out.extend([(b.flip_rows(), n), (b.rot180(), false), (b.flip_rows().rot180(), n)]);
        }
        if s.reflection != Effect::None && s.quarter_turn != Effect::None {
            let n = s.quarter_turn == Effect::Negates;
            let more: Vec<_> = out.iter().map(|&(x, f)| (x.transpose(), f ^ n)).collect();
            out.extend(more);
        }
        if s.colour_swap != Effect::None {
            let n = s.colour_swap == Effect::Negates;
            let more: Vec<_> = out.iter().map(|&(x, f)| (x.swap_colours(), f ^ n)).collect();
            out.extend(more);
        }
        out
    }

    #[test]
    fn word_symmetries_agree_with_cell_by_cell_ones() {
        use rand::{Rng, SeedableRng};
        let mut rng = rand::rngs::StdRng::seed_from_u64(7);
        let kinds = [
            Symmetries {
                reflection: Effect::Same,
                quarter_turn: Effect::Negates,
                colour_swap: Effect::None,
            },
            Symmetries {
                reflection: Effect::Same,
                quarter_turn: Effect::Same,
                colour_swap: Effect::Negates,
            },
            Symmetries {
                reflection: Effect::None,
                quarter_turn: Effect::None,
                colour_swap: Effect::Negates,
            },
            Symmetries {
                reflection: Effect::Same,
                quarter_turn: Effect::None,
                colour_swap: Effect::None,
            },
        ];
        for _ in 0..20_000 {
            let w = rng.gen_range(1..=8);
            let h = rng.gen_range(1..=8);
            let b = Board::<2>::from_planes(w, h, [rng.r#gen(), rng.r#gen()]).unwrap();
            let s = kinds[rng.gen_range(0..kinds.len())];
            let (small, small_neg) = b.normal_form_small(s);
            let (any, _) = b.normal_form_any(s);
            // Both pick the least image of the class under their own order,
            // so they pick representatives of one class...
            assert_eq!(any.normal_form_small(s).0, small, "{b:?}");
            // ...and the flag is that of an image the symmetries give.
            assert!(images(&b, s).contains(&(small, small_neg)), "{b:?} {s:?}");
        }
    }

    #[test]
    fn components_and_restriction() {
        let b = b1("..#.|#..#|###.");
        let parts = b.components(b.plane(0), Adjacency::Orthogonal);
        let shown: Vec<String> = parts.iter().map(|&m| show(&b.restrict(m))).collect();
        assert_eq!(shown, ["..#|#..", ".", "."]);
    }

    #[test]
    fn ragged_rows_and_bad_characters_are_located() {
        let parse = |t: &str| {
            Board::<1>::parse(t, |c| (c == '.').then_some([true])).unwrap_err().to_string()
        };
        assert!(parse("..|.").contains("1:4"), "{}", parse("..|."));
        assert!(parse("..|.x").contains("1:5"), "{}", parse("..|.x"));
        let big = ["........"; 9].join("|");
        assert!(parse(&big).contains("at most 64 cells"));
    }
}

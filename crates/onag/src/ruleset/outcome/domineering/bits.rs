//! Domineering boards of up to 128 cells as one 128-bit word.
//!
//! Cell `(row, col)` of a board `w` wide is bit `row * w + col` (row 0 on
//! top); a set bit is an empty cell. Bits past `w * h` are always clear, so
//! a vertical domino with its top cell at `i` covers `i` and `i + w`, and a
//! horizontal one covers `i` and `i + 1` where `i` is not in the last
//! column.

/// A set of cells.
pub type Cells = u128;

/// The shape of a board: its width and height and the masks that the bit
/// operations need.
#[derive(Clone, Debug)]
pub struct Geometry {
    /// Columns.
    pub width: u32,
    /// Rows.
    pub height: u32,
    /// Every cell.
    pub all: Cells,
    /// Cells not in the last column (a horizontal domino may start there).
    not_last_column: Cells,
    /// Cells not in the first column.
    not_first_column: Cells,
    /// Row 0.
    row: Cells,
    /// Column 0.
    column: Cells,
}

/// The most cells a board may have.
pub const MAX_CELLS: u32 = 128;

impl Geometry {
    /// The geometry of a board `width` × `height` (at most [`MAX_CELLS`]
    /// cells, neither side zero: the caller checks).
    pub fn new(width: u32, height: u32) -> Self {
        debug_assert!(width >= 1 && height >= 1 && width * height <= MAX_CELLS);
        let n = width * height;
        let all = low(n);
        let row = low(width);
        let mut column: Cells = 0;
        for r in 0..height {
            column |= 1 << (r * width);
        }
        let last = column << (width - 1);
        Geometry {
            width,
            height,
            all,
            not_last_column: all & !last,
            not_first_column: all & !column,
            row,
            column,
        }
    }

    /// Cells.
    pub fn cells(&self) -> u32 {
        self.width * self.height
    }

    /// The top cells of the vertical dominoes that fit on `free`.
    pub fn vertical(&self, free: Cells) -> Cells {
        free & (free >> self.width)
    }

    /// The left cells of the horizontal dominoes that fit on `free`.
    pub fn horizontal(&self, free: Cells) -> Cells {
        free & (free >> 1) & self.not_last_column
    }

    /// The top (or left) cells of the dominoes `player` can place: Left's
    /// vertical, Right's horizontal.
    pub fn anchors(&self, free: Cells, vertical: bool) -> Cells {
        if vertical { self.vertical(free) } else { self.horizontal(free) }
    }

    /// The two cells of the domino at `anchor`.
    pub fn domino(&self, anchor: u32, vertical: bool) -> Cells {
        let step = if vertical { self.width } else { 1 };
        (1 << anchor) | (1 << (anchor + step))
    }

    /// Cells of `free` with an empty neighbour to the east or the west.
    fn beside(&self, free: Cells) -> Cells {
        let east = (free >> 1) & self.not_last_column;
        let west = (free << 1) & self.not_first_column;
        free & (east | west)
    }

    /// Cells of `free` with an empty neighbour above or below.
    fn above_or_below(&self, free: Cells) -> Cells {
        free & ((free >> self.width) | (free << self.width)) & self.all
    }

    /// The cells next to `cells` (not `cells` themselves), on the board.
    pub fn neighbours(&self, cells: Cells) -> Cells {
        let east = (cells << 1) & self.not_first_column;
        let west = (cells >> 1) & self.not_last_column;
        let south = (cells << self.width) & self.all;
        let north = cells >> self.width;
        (east | west | south | north) & !cells
    }

    /// The most disjoint dominoes of one direction on `free`: greedy from
    /// the top of each column (vertical) or the left of each row
    /// (horizontal), which is best on each line of cells.
    pub fn most(&self, free: Cells, vertical: bool) -> u32 {
        self.packing(self.anchors(free, vertical), vertical).count_ones()
    }

    /// A largest set of pairwise disjoint pieces among those at `anchors`,
    /// each piece two cells deep along the direction of play (a domino, or
    /// a 2×2 square), so that the piece at `i` overlaps only those at
    /// `i − step` and `i + step`: greedy from the top of each column
    /// (vertical) or the left of each row (horizontal), which is best on
    /// each line.
    fn packing(&self, anchors: Cells, vertical: bool) -> Cells {
        let mut taken: Cells = 0;
        let mut placed: Cells = 0;
        if vertical {
            for r in 0..self.height.saturating_sub(1) {
                let line = anchors & (self.row << (r * self.width)) & !taken;
                placed |= line;
                taken |= line << self.width;
            }
        } else {
            for c in 0..self.width.saturating_sub(1) {
                let line = anchors & (self.column << c) & !taken;
                placed |= line;
                taken |= line << 1;
            }
        }
        placed
    }

    /// How many moves the player placing dominoes of one direction on
    /// `free` is sure to make, whatever the opponent does and whoever
    /// moves first. Three kinds of places count, disjoint from each other:
    ///
    /// - safe dominoes (both cells out of the opponent's reach: no empty
    ///   neighbour across the direction of play), one move each, which
    ///   nothing can take away;
    /// - protective squares: 2×2 squares of empty cells with nothing empty
    ///   beside them across the direction of play. A domino in one half
    ///   makes the other half safe, and an opponent's piece that touches
    ///   the square lies wholly inside it;
    /// - vulnerable dominoes: the rest, packed, each lost when the
    ///   opponent covers one of its cells. One of the opponent's pieces
    ///   touches at most two of them, and at most one when none of its
    ///   cells has a neighbour across in another (an isolated one).
    ///
    /// The player answers each of the opponent's attacks on a kind with a
    /// move of the same kind while one is left, and plays a safe domino
    /// only when nothing else is left. Of `n` places of a kind whose
    /// attacks take at most `k` each, the player takes at least
    /// `⌊n / (k + 1)⌋` (every attack but the last is answered), so the
    /// count is `safe + 2⌊squares / 2⌋ + ⌊isolated / 2⌋ + ⌊others / 3⌋`.
    pub fn guaranteed(&self, free: Cells, vertical: bool) -> u32 {
        let w = self.width;
        let (along, across_free): (u32, Cells) =
            if vertical { (w, self.beside(free)) } else { (1, self.above_or_below(free)) };
        // Safe dominoes.
        let safe = self.packing(self.anchors(free & !across_free, vertical), vertical);
        let mut rest = free & !(safe | safe << along);
        // Protective squares: top-left cells of 2×2 empty squares whose
        // four neighbours across the direction of play are not empty.
        let square = {
            let pairs = self.horizontal(rest);
            pairs & (pairs >> w)
        };
        let closed = if vertical {
            let west = !((free << 1) & self.not_first_column);
            let east = !((free >> 1) & self.not_last_column);
            west & (west >> w) & (east >> 1) & (east >> (w + 1))
        } else {
            let north = !((free << w) & self.all);
            let south = !(free >> w);
            north & (north >> 1) & (south >> w) & (south >> (w + 1))
        };
        let squares = self.packing(square & closed, vertical);
        rest &= !(squares | squares << 1 | squares << w | squares << (w + 1));
        // Vulnerable dominoes, and those with a cell beside another's.
        let open = self.packing(self.anchors(rest, vertical), vertical);
        let cells = open | open << along;
        let touching = if vertical { self.beside(cells) } else { self.above_or_below(cells) };
        let shared = open & (touching | touching >> along);
        let others = shared.count_ones();
        let isolated = open.count_ones() - others;
        safe.count_ones() + 2 * (squares.count_ones() / 2) + isolated / 2 + others / 3
    }

    /// The safe moves of one direction: the most disjoint dominoes on cells
    /// the opponent can never cover (no empty neighbour across the domino's
    /// direction; that never changes as play goes on).
    pub fn safe(&self, free: Cells, vertical: bool) -> u32 {
        self.most(self.protected(free, vertical), vertical)
    }

    /// The cells of `free` the opponent of the player placing dominoes of
    /// one direction can never cover: no empty neighbour across that
    /// direction.
    pub fn protected(&self, free: Cells, vertical: bool) -> Cells {
        if vertical { free & !self.beside(free) } else { free & !self.above_or_below(free) }
    }

    /// Where a domino lies, as a rank of move ordering (less is tried
    /// first): lines across the direction of play counted from the nearer
    /// edge, the second, fourth, ... line before the others and the edge
    /// line last, and along it a domino starting on an odd cell from the
    /// nearer end before one starting on an even cell (so that the
    /// dominoes that follow pack the line).
    pub fn rank(&self, anchor: u32, vertical: bool) -> i32 {
        let (row, col) = (anchor / self.width, anchor % self.width);
        let (line, lines, at, length) = if vertical {
            (col, self.width, row, self.height - 1)
        } else {
            (row, self.height, col, self.width - 1)
        };
        let line = line.min(lines - 1 - line) + 1;
        let at = at.min(length - 1 - at) + 1;
        match (line % 2 == 0, line >= 3, at % 2 == 1) {
            (true, _, true) => 0,
            (true, _, false) => 1,
            (false, true, true) => 2,
            (false, true, false) => 3,
            (false, false, _) => 4,
        }
    }

    /// The connected part of `free` holding `seed`, if it has at most `cap`
    /// cells; `None` when it is larger (found without walking all of it).
    pub fn small_part(&self, free: Cells, seed: Cells, cap: u32) -> Option<Cells> {
        let mut part = seed & free;
        loop {
            let grown = (part | self.neighbours(part)) & free;
            if grown == part {
                return Some(part);
            }
            if grown.count_ones() > cap {
                return None;
            }
            part = grown;
        }
    }

    /// `free` turned by 180°.
    fn turned(&self, free: Cells) -> Cells {
        free.reverse_bits() >> (MAX_CELLS - self.cells())
    }

    /// `free` with its rows in reverse order.
    fn flipped(&self, free: Cells) -> Cells {
        let mut out: Cells = 0;
        let h = self.height;
        for r in 0..h {
            let line = (free >> (r * self.width)) & self.row;
            out |= line << ((h - 1 - r) * self.width);
        }
        out
    }

    /// The least of `free`'s images under the reflections that keep rows as
    /// rows (a Domineering position's value is the same on each).
    pub fn normal(&self, free: Cells) -> Cells {
        let turned = self.turned(free);
        let flipped = self.flipped(free);
        let mirrored = self.turned(flipped);
        free.min(turned).min(flipped).min(mirrored)
    }

    /// `part` moved to the top left corner, and the width and height of the
    /// rectangle that holds it.
    pub fn corner(&self, part: Cells) -> (Cells, u32, u32) {
        let top = part.trailing_zeros() / self.width;
        let bottom = (MAX_CELLS - 1 - part.leading_zeros()) / self.width;
        let shifted = part >> (top * self.width);
        let mut left = 0;
        while shifted & (self.column << left) == 0 {
            left += 1;
        }
        let mut right = self.width - 1;
        while shifted & (self.column << right) == 0 {
            right -= 1;
        }
        (shifted >> left, right - left + 1, bottom - top + 1)
    }

    /// The cells of `part` (in its corner, see [`Geometry::corner`]) as a
    /// board `width` wide with bits packed row by row (for a board of 64
    /// cells at most).
    pub fn packed(&self, part: Cells, width: u32, height: u32) -> u64 {
        let mut out = 0u64;
        for r in 0..height {
            let line = (part >> (r * self.width)) & low(width);
            out |= (line as u64) << (r * width);
        }
        out
    }
}

/// A mask of the low `n` bits.
fn low(n: u32) -> Cells {
    if n >= MAX_CELLS { Cells::MAX } else { (1 << n) - 1 }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The board of rows of `.` (empty) and `#`.
    fn board(text: &str) -> (Geometry, Cells) {
        let rows: Vec<&str> = text.split('|').collect();
        let g = Geometry::new(rows[0].len() as u32, rows.len() as u32);
        let mut free = 0;
        for (r, row) in rows.iter().enumerate() {
            for (c, ch) in row.chars().enumerate() {
                if ch == '.' {
                    free |= 1 << (r as u32 * g.width + c as u32);
                }
            }
        }
        (g, free)
    }

    #[test]
    fn moves_and_bounds_of_small_boards() {
        let (g, free) = board("...|.#.|...");
        assert_eq!(g.vertical(free).count_ones(), 4);
        assert_eq!(g.horizontal(free).count_ones(), 4);
        assert_eq!(g.most(free, true), 2);
        assert_eq!(g.most(free, false), 2);
        // The middle row's cells all have an empty neighbour across: no
        // vertical domino is safe.
        let (g, free) = board(".#.|...|.#.");
        assert_eq!(g.safe(free, true), 0);
        // The top two rows' cells have none: both columns' dominoes are.
        let (g, free) = board(".#.|.#.|...");
        assert_eq!(g.safe(free, true), 2);
        assert_eq!(g.most(free, true), 2);
        assert_eq!(g.safe(free, false), 0);
    }

    /// The most moves the player placing dominoes of one direction makes
    /// on `free` against an opponent who tries to keep that count low and
    /// may also pass: by trying every line of play.
    fn fewest_sure(
        g: &Geometry,
        free: Cells,
        vertical: bool,
        mover: bool,
        memo: &mut rustc_hash::FxHashMap<(Cells, bool), u32>,
    ) -> u32 {
        if let Some(&n) = memo.get(&(free, mover)) {
            return n;
        }
        let mut n;
        if mover {
            n = 0;
            let mut anchors = g.anchors(free, vertical);
            while anchors != 0 {
                let a = anchors.trailing_zeros();
                anchors &= anchors - 1;
                let after = free & !g.domino(a, vertical);
                n = n.max(1 + fewest_sure(g, after, vertical, false, memo));
            }
        } else {
            n = fewest_sure(g, free, vertical, true, memo);
            let mut anchors = g.anchors(free, !vertical);
            while anchors != 0 {
                let a = anchors.trailing_zeros();
                anchors &= anchors - 1;
                let after = free & !g.domino(a, !vertical);
                n = n.min(fewest_sure(g, after, vertical, true, memo));
            }
        }
        memo.insert((free, mover), n);
        n
    }

    #[test]
    fn guaranteed_moves_are_made_against_every_defence() {
        let mut state = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut counted = 0;
        for _ in 0..400 {
            let (w, h) = (1 + (next() % 5) as u32, 1 + (next() % 4) as u32);
            let g = Geometry::new(w, h);
            // About one cell in five blocked.
            let mut free: Cells = 0;
            for i in 0..w * h {
                if next() % 5 != 0 {
                    free |= 1 << i;
                }
            }
            for vertical in [true, false] {
                let sure = g.guaranteed(free, vertical);
                let mut memo = rustc_hash::FxHashMap::default();
                for mover in [true, false] {
                    let made = fewest_sure(&g, free, vertical, mover, &mut memo);
                    assert!(sure <= made, "{w}x{h} {free:b} vertical {vertical}: {sure} > {made}");
                }
                counted += u32::from(sure > g.safe(free, vertical));
            }
        }
        // The squares and vulnerable dominoes counted for something.
        assert!(counted > 50, "{counted}");
    }

    #[test]
    fn guaranteed_moves_of_small_boards() {
        // One closed square: nothing is sure (the opponent, moving first,
        // takes it away); of two, the player gets one, two moves.
        let (g, free) = board("#..#|#..#");
        assert_eq!(g.guaranteed(free, true), 0);
        let (g, free) = board("#..#..#|#..#..#");
        assert_eq!(g.guaranteed(free, true), 2);
        assert_eq!(g.guaranteed(free, false), 2);
        // Two columns apart: isolated, one of the two is sure.
        let (g, free) = board(".#.|.#.|###");
        assert_eq!(g.safe(free, true), 2);
        let (g, free) = board("...|...|#.#");
        assert_eq!(g.safe(free, true), 0);
        assert_eq!(g.guaranteed(free, true), 1);
    }

    #[test]
    fn parts_stop_at_the_cap() {
        let (g, free) = board("..#...|..#...");
        assert_eq!(g.small_part(free, 1, 4), Some(0b11 | (0b11 << 6)));
        assert_eq!(g.small_part(free, 1 << 3, 4), None);
        assert_eq!(g.small_part(free, 1 << 3, 6).map(u128::count_ones), Some(6));
    }

    #[test]
    fn symmetric_boards_meet_in_one_normal_form() {
        let (g, a) = board("..#|...");
        let (_, b) = board("#..|...");
        let (_, c) = board("...|#..");
        let (_, d) = board("...|..#");
        let n = g.normal(a);
        assert!([b, c, d].iter().all(|&x| g.normal(x) == n));
        let (g, e) = board(".#.|...");
        assert_ne!(g.normal(e), n);
    }

    #[test]
    fn corner_and_packing() {
        let (g, free) = board("....|..#.|.##.");
        let part = g.small_part(free, 1 << 11, 9).unwrap();
        let (shifted, w, h) = g.corner(part);
        assert_eq!((w, h), (4, 3));
        assert_eq!(shifted, part);
        let (g, free) = board("#...|#.#.|####");
        let (shifted, w, h) = g.corner(free);
        assert_eq!((w, h), (3, 2));
        assert_eq!(g.packed(shifted, w, h), 0b111 | (0b101 << 3));
    }
}

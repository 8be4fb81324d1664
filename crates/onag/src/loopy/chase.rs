//! The Easy Chase (seed 003): a white piece chases and is chased by a black one.
//!
//! Rules, as the seed states them: on an `n`×`n` board, white (Left) moves its
//! piece one square up, down, left or right; black (Right) moves its piece one
//! or two squares in a straight line in one of those directions. No move may
//! leave the board. A player wins by moving onto the square of the other piece.
//! Only the landing square counts: a two-square move may pass over the white
//! piece without capturing it (black could as well have captured it by moving
//! one square, so this never changes a result). Players alternate; whoever can
//! win does so as fast as possible, whoever must lose as slowly as possible.
//!
//! A position is (white's square, black's square, player to move). Positions
//! with both pieces on one square are the ends of the game: the player to move
//! there has just been captured and has lost (the seed's `f(x, y, x, y, L) =
//! -infinite`). Squares are `x, y` with `1 <= x, y <= n` (`x` the column).
//!
//! The game implements [`PredecessorGame`] without storing any move: a move is
//! undone by moving the same piece back, and both pieces' move sets are
//! symmetric, so a position's predecessors are its piece's neighbours with the
//! other player to move. The board size is limited to 100 (2·10^8 positions, a
//! 4-byte state each).

use serde::{Serialize, Serializer};

use crate::budget::Budget;
use crate::error::{Error, Result};

use super::game::{Declared, PredecessorGame, Side, SuccessorGame, TerminalRule};
use super::solve::{Solution, solve};

/// A square of the board, 1-based (`x` the column, `y` the row).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Square {
    /// Column, from 1.
    pub x: u32,
    /// Row, from 1.
    pub y: u32,
}

impl Square {
    /// Parses `x,y` (1-based) on an `n`×`n` board.
    pub fn parse(text: &str, n: u32) -> Result<Square> {
        let bad = || Error::invalid(format!("'{text}' is not a square x,y (two numbers from 1)"));
        let (x, y) = text.split_once(',').ok_or_else(bad)?;
        let number = |s: &str| -> Result<u32> {
            let s = s.trim();
            if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
                return Err(bad());
            }
            Ok(s.parse::<u32>().unwrap_or(u32::MAX))
        };
        let square = Square { x: number(x)?, y: number(y)? };
        if square.x == 0 || square.y == 0 || square.x > n || square.y > n {
            return Err(Error::invalid(format!("square '{text}' is off the {n}x{n} board")));
        }
        Ok(square)
    }
}

impl std::fmt::Display for Square {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{},{}", self.x, self.y)
    }
}

impl Serialize for Square {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// Who wins a position of The Easy Chase.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Winner {
    /// White (Left) wins.
    White,
    /// Black (Right) wins.
    Black,
    /// Neither can force a win.
    Draw,
}

impl std::fmt::Display for Winner {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Winner::White => "white",
            Winner::Black => "black",
            Winner::Draw => "draw",
        })
    }
}

/// The piece of `side` ("white" for Left, "black" for Right).
pub fn piece(side: Side) -> &'static str {
    match side {
        Side::Left => "white",
        Side::Right => "black",
    }
}

/// A move: which piece, from where, to where.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct ChaseMove {
    /// "white" or "black".
    pub piece: &'static str,
    /// The square it leaves.
    pub from: Square,
    /// The square it lands on.
    pub to: Square,
}

/// The solution of one position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub struct ChaseAnswer {
    /// White's square.
    pub white: Square,
    /// Black's square.
    pub black: Square,
    /// "white" or "black".
    pub to_move: &'static str,
    /// Who wins under best play.
    pub winner: Winner,
    /// The number of moves the game lasts under best play; `None` for a draw.
    pub moves: Option<u32>,
    /// A best move for the player to move (a fastest win, a slowest loss, or a
    /// move keeping the draw).
    pub best_move: Option<ChaseMove>,
}

/// The Easy Chase on one board size: its positions, numbered densely.
#[derive(Debug, Clone)]
pub struct EasyChase {
    n: u32,
    cells: u32,
    /// White's moves from each square: up to 4 per square, `u32::MAX` padding.
    white: Vec<[u32; 4]>,
    /// Black's moves from each square: up to 8 per square, `u32::MAX` padding.
    black: Vec<[u32; 8]>,
    white_degree: Vec<u8>,
    black_degree: Vec<u8>,
}

const NONE: u32 = u32::MAX;
const DIRECTIONS: [(i64, i64); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];

impl EasyChase {
    /// The largest board side supported.
    pub const MAX_N: u32 = 100;

    /// The game on an `n`×`n` board, `2 <= n <= 100`.
    pub fn new(n: u32) -> Result<Self> {
        if !(2..=Self::MAX_N).contains(&n) {
            return Err(Error::invalid(format!(
                "board size {n} is out of range (2 to {})",
                Self::MAX_N
            )));
        }
        let cells = n * n;
        let mut white = vec![[NONE; 4]; cells as usize];
        let mut black = vec![[NONE; 8]; cells as usize];
        let mut white_degree = vec![0u8; cells as usize];
        let mut black_degree = vec![0u8; cells as usize];
        for c in 0..cells {
            let (x, y) = (i64::from(c % n), i64::from(c / n));
            let inside = |x: i64, y: i64| x >= 0 && y >= 0 && x < i64::from(n) && y < i64::from(n);
            for (dx, dy) in DIRECTIONS {
                for step in 1..=2 {
                    let (nx, ny) = (x + dx * step, y + dy * step);
                    if !inside(nx, ny) {
                        continue;
                    }
                    let to = (ny * i64::from(n) + nx) as u32;
                    let ci = c as usize;
                    if step == 1 {
                        white[ci][white_degree[ci] as usize] = to;
                        white_degree[ci] += 1;
                    }
                    black[ci][black_degree[ci] as usize] = to;
                    black_degree[ci] += 1;
                }
            }
        }
        Ok(EasyChase { n, cells, white, black, white_degree, black_degree })
    }

    /// The board side.
    pub fn n(&self) -> u32 {
        self.n
    }

    /// The number of positions, `2 n^4` (including the ends of the game).
    pub fn num_positions_u64(&self) -> u64 {
        2 * u64::from(self.cells) * u64::from(self.cells)
    }

    fn cell(&self, s: Square) -> u32 {
        (s.y - 1) * self.n + (s.x - 1)
    }

    fn square(&self, c: u32) -> Square {
        Square { x: c % self.n + 1, y: c / self.n + 1 }
    }

    /// The number of the position with white on `white`, black on `black` and
    /// `to_move` to move. Fails if a square is off the board or both pieces
    /// stand on one square.
    pub fn index(&self, white: Square, black: Square, to_move: Side) -> Result<u32> {
        for s in [white, black] {
            if s.x == 0 || s.y == 0 || s.x > self.n || s.y > self.n {
                return Err(Error::invalid(format!(
                    "square {s} is off the {n}x{n} board",
                    n = self.n
                )));
            }
        }
        if white == black {
            return Err(Error::invalid(format!("white and black are both on square {white}")));
        }
        let side = u32::from(to_move == Side::Right);
        Ok((side * self.cells + self.cell(white)) * self.cells + self.cell(black))
    }

    /// White's square, black's square and the player to move at position `p`.
    pub fn decode(&self, p: u32) -> (Square, Square, Side) {
        let (side, w, b) = self.parts(p);
        (self.square(w), self.square(b), side)
    }

    #[inline]
    fn parts(&self, p: u32) -> (Side, u32, u32) {
        let rest = p % (self.cells * self.cells);
        let side = if p / (self.cells * self.cells) == 0 { Side::Left } else { Side::Right };
        (side, rest / self.cells, rest % self.cells)
    }

    #[inline]
    fn white_moves(&self, w: u32) -> &[u32] {
        let w = w as usize;
        &self.white[w][..self.white_degree[w] as usize]
    }

    #[inline]
    fn black_moves(&self, b: u32) -> &[u32] {
        let b = b as usize;
        &self.black[b][..self.black_degree[b] as usize]
    }

    /// Solves every position of the board.
    pub fn solve(&self, budget: &Budget) -> Result<Solution> {
        budget.check_positions(self.num_positions_u64())?;
        solve(self, TerminalRule::MoverLoses, budget)
    }

    /// The answer for one position, from a solution of this board.
    pub fn answer(
        &self,
        solution: &Solution,
        white: Square,
        black: Square,
        to_move: Side,
    ) -> Result<ChaseAnswer> {
        let p = self.index(white, black, to_move)?;
        Ok(self.answer_at(solution, p))
    }

    /// The answer for position `p` (both pieces on different squares).
    ///
    /// # Panics
    /// If `p` is not a position of this board (use [`EasyChase::answer`] for
    /// squares from input).
    pub fn answer_at(&self, solution: &Solution, p: u32) -> ChaseAnswer {
        let (white, black, side) = self.decode(p);
        let value = solution.value(p);
        let winner = match value.winner(side) {
            Some(Side::Left) => Winner::White,
            Some(Side::Right) => Winner::Black,
            None => Winner::Draw,
        };
        let best_move = solution.best_move(self, p).map(|q| {
            let (w2, b2, _) = self.decode(q);
            match side {
                Side::Left => ChaseMove { piece: piece(side), from: white, to: w2 },
                Side::Right => ChaseMove { piece: piece(side), from: black, to: b2 },
            }
        });
        ChaseAnswer {
            white,
            black,
            to_move: piece(side),
            winner,
            moves: value.distance(),
            best_move,
        }
    }

    /// Every position with the pieces on different squares, in order: white to
    /// move first, then by white's square, then black's (rows, then columns).
    pub fn positions(&self) -> impl Iterator<Item = u32> + Clone + '_ {
        (0..PredecessorGame::num_positions(self)).filter(|&p| {
            let (_, w, b) = self.parts(p);
            w != b
        })
    }
}

impl PredecessorGame for EasyChase {
    fn num_positions(&self) -> u32 {
        // n <= 100, so 2 n^4 <= 2·10^8 fits.
        2 * self.cells * self.cells
    }

    #[inline]
    fn out_degree(&self, p: u32) -> u32 {
        match self.parts(p) {
            (Side::Left, w, _) => u32::from(self.white_degree[w as usize]),
            (Side::Right, _, b) => u32::from(self.black_degree[b as usize]),
        }
    }

    #[inline]
    fn for_each_predecessor(&self, p: u32, mut f: impl FnMut(u32)) {
        let square = self.cells * self.cells;
        let rest = p % square;
        let (w, b) = (rest / self.cells, rest % self.cells);
        if p < square {
            // White to move: black just moved here from a square it can reach.
            for &b2 in self.black_moves(b) {
                f(square + w * self.cells + b2);
            }
        } else {
            // Black to move: white just moved here from a neighbouring square.
            for &w2 in self.white_moves(w) {
                f(w2 * self.cells + b);
            }
        }
    }

    #[inline]
    fn predecessors_ahead(&self, p: u32, f: impl FnMut(u32)) {
        self.for_each_predecessor(p, f);
    }

    #[inline]
    fn declared(&self, p: u32) -> Option<Declared> {
        let (_, w, b) = self.parts(p);
        (w == b).then_some(Declared::Loss)
    }
}

impl SuccessorGame for EasyChase {
    fn num_positions(&self) -> u32 {
        PredecessorGame::num_positions(self)
    }

    fn for_each_successor(&self, p: u32, mut f: impl FnMut(u32)) {
        let square = self.cells * self.cells;
        match self.parts(p) {
            (Side::Left, w, b) => {
                for &w2 in self.white_moves(w) {
                    f(square + w2 * self.cells + b);
                }
            }
            (Side::Right, w, b) => {
                for &b2 in self.black_moves(b) {
                    f(w * self.cells + b2);
                }
            }
        }
    }

    fn declared(&self, p: u32) -> Option<Declared> {
        PredecessorGame::declared(self, p)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(x: u32, y: u32) -> Square {
        Square { x, y }
    }

    #[test]
    fn squares_parse_one_based() {
        assert_eq!(Square::parse("1,3", 3).unwrap(), sq(1, 3));
        assert!(Square::parse("0,1", 3).unwrap_err().message().contains("off the 3x3 board"));
        assert!(Square::parse("4,1", 3).is_err());
        assert!(Square::parse("1;1", 3).unwrap_err().message().contains("not a square"));
        assert!(Square::parse("1,", 3).is_err());
        assert!(Square::parse("99999999999,1", 3).is_err());
    }

    #[test]
    fn board_sizes_are_checked() {
        assert!(EasyChase::new(1).is_err());
        assert!(EasyChase::new(101).is_err());
        let g = EasyChase::new(3).unwrap();
        assert!(g.index(sq(1, 1), sq(1, 1), Side::Left).is_err());
    }

    #[test]
    fn capture_in_one() {
        let g = EasyChase::new(3).unwrap();
        let sol = g.solve(&Budget::unlimited()).unwrap();
        // Black to move next to white: black captures at once.
        let a = g.answer(&sol, sq(1, 1), sq(1, 3), Side::Right).unwrap();
        assert_eq!((a.winner, a.moves), (Winner::Black, Some(1)));
        let m = a.best_move.unwrap();
        assert_eq!((m.piece, m.from, m.to), ("black", sq(1, 3), sq(1, 1)));
        // White to move next to black captures it.
        let a = g.answer(&sol, sq(1, 1), sq(2, 1), Side::Left).unwrap();
        assert_eq!((a.winner, a.moves), (Winner::White, Some(1)));
    }
}

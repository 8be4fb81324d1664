//! Who wins Domineering boards of up to 128 cells (11×11 and every board
//! of 8×16), by a search made for Domineering.
//!
//! The search is the general one's ([`OutcomeSearch::solve`]) with the board
//! held as one 128-bit word: a move is two bits cleared, the bounds are a
//! few shifts and counts, and only the cells next to a domino are looked at
//! for regions that split off small enough to be replaced by their
//! canonical forms (valued by the ruleset's solver, summed as in the
//! general search). The transposition table is keyed by the least of the
//! board's four images under the reflections that keep rows as rows.
//!
//! A sum of boards is searched as one board: the boards stacked one above
//! the other, a blocked row between two, as wide as the widest.

mod bits;
mod search;
mod table;

use std::any::{Any, TypeId};
use std::fmt;
use std::sync::atomic::AtomicU64;
use std::time::Instant;

pub use self::bits::MAX_CELLS;
use self::bits::{Cells, Geometry};
use self::search::{Node, Search};
use super::{FirstMover, Move, OutcomeSearch, Solution, join, spawn};
use crate::error::{Error, Location, Result};
use crate::ruleset::any::Notation;
use crate::ruleset::position::{MoveBounds, PartizanPosition, Player};

/// A Domineering board of up to [`MAX_CELLS`] cells (Left places vertical
/// dominoes, Right horizontal ones), written as CGSuite writes grids: rows
/// separated by `|`, `.` empty, `#` blocked.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct DomineeringBoard {
    width: u32,
    height: u32,
    /// The empty cells, row by row from the top.
    free: Cells,
}

impl DomineeringBoard {
    /// Reads a board: rows separated by `|`, `.` empty, `#` blocked.
    pub fn parse(text: &str) -> Result<Self> {
        let rows: Vec<&str> = text.split('|').collect();
        let width = rows[0].chars().count();
        let mut board = Self::blocked(width, rows.len())?;
        let mut offset = 0;
        for (r, row) in rows.iter().enumerate() {
            let n = row.chars().count();
            if n != width {
                return Err(Error::syntax(
                    Location::of_offset(text, offset),
                    format!(
                        "rows must have equal lengths: this row has {n} cells, the first {width}"
                    ),
                ));
            }
            for (c, (i, ch)) in row.char_indices().enumerate() {
                match ch {
                    '.' => board.free |= 1 << (r * width + c),
                    '#' => {}
                    _ => {
                        return Err(Error::syntax(
                            Location::of_offset(text, offset + i),
                            format!(
                                "unexpected '{ch}' in a Domineering board ('.' empty, '#' blocked)"
                            ),
                        ));
                    }
                }
            }
            offset += row.len() + 1;
        }
        Ok(board)
    }

    /// The empty board of `rows` × `columns`.
    pub fn empty(rows: usize, columns: usize) -> Result<Self> {
        let mut board = Self::blocked(columns, rows)?;
        board.free = Geometry::new(board.width, board.height).all;
        Ok(board)
    }

    /// A board of `width` × `height` blocked cells.
    fn blocked(width: usize, height: usize) -> Result<Self> {
        let cells = width.saturating_mul(height);
        if width == 0 || height == 0 {
            return Err(Error::invalid(
                "a Domineering board needs at least one row and one column",
            ));
        }
        if cells > MAX_CELLS as usize {
            return Err(Error::invalid(format!(
                "a board of {width}×{height} = {cells} cells: Domineering boards take at most {MAX_CELLS} cells"
            )));
        }
        Ok(DomineeringBoard { width: width as u32, height: height as u32, free: 0 })
    }

    /// Columns.
    pub fn columns(&self) -> usize {
        self.width as usize
    }

    /// Rows.
    pub fn rows(&self) -> usize {
        self.height as usize
    }

    /// Whether the cell at `row`, `column` is empty.
    pub fn is_empty(&self, row: usize, column: usize) -> bool {
        row < self.rows()
            && column < self.columns()
            && self.free >> (row * self.columns() + column) & 1 == 1
    }
}

impl fmt::Display for DomineeringBoard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in 0..self.rows() {
            if r > 0 {
                f.write_str("|")?;
            }
            for c in 0..self.columns() {
                f.write_str(if self.is_empty(r, c) { "." } else { "#" })?;
            }
        }
        Ok(())
    }
}

/// The boards of a sum stacked into one: where each starts.
struct Stack {
    geometry: Geometry,
    free: Cells,
    /// The first row of each board.
    tops: Vec<u32>,
}

impl Stack {
    fn of(boards: &[DomineeringBoard]) -> Result<Self> {
        let width = boards.iter().map(|b| b.width).max().unwrap_or(1);
        let height =
            boards.iter().map(|b| b.height).sum::<u32>() + boards.len().saturating_sub(1) as u32;
        if u64::from(width) * u64::from(height.max(1)) > u64::from(MAX_CELLS) {
            return Err(Error::invalid(format!(
                "boards that stack to {width}×{height} cells (a blocked row between two): an outcome search takes at most {MAX_CELLS} cells"
            )));
        }
        let geometry = Geometry::new(width, height.max(1));
        let mut free: Cells = 0;
        let mut tops = Vec::with_capacity(boards.len());
        let mut top = 0;
        for b in boards {
            tops.push(top);
            for r in 0..b.height {
                let line = (b.free >> (r * b.width)) & ((1 << b.width) - 1);
                free |= line << ((top + r) * width);
            }
            top += b.height + 1;
        }
        Ok(Stack { geometry, free, tops })
    }

    /// Board `i` of the sum as it is in `free`.
    fn board(&self, boards: &[DomineeringBoard], i: usize, free: Cells) -> DomineeringBoard {
        let b = &boards[i];
        let w = self.geometry.width;
        let mut out = DomineeringBoard { free: 0, ..*b };
        for r in 0..b.height {
            let line = (free >> ((self.tops[i] + r) * w)) & ((1 << b.width) - 1);
            out.free |= line << (r * b.width);
        }
        out
    }

    /// The board a cell of the stack is on.
    fn board_of(&self, cell: u32) -> usize {
        let row = cell / self.geometry.width;
        self.tops.iter().rposition(|&t| t <= row).unwrap_or(0)
    }
}

/// Who wins the sum of `boards` with each player moving first, and a
/// winning first move for each player who has one, as
/// [`OutcomeSearch::solve`] answers for positions of any ruleset (with the
/// same limits, table bytes and threads).
pub fn solve(
    boards: &[DomineeringBoard],
    settings: &OutcomeSearch,
) -> Result<Solution<DomineeringBoard>> {
    let start = Instant::now();
    if boards.is_empty() {
        return Err(Error::invalid("an outcome search needs at least one board"));
    }
    let stack = Stack::of(boards)?;
    let small =
        settings.small.unwrap_or(crate::ruleset::grid::Domineering::VALUED_REGION_MOVES) as u32;
    let table_bytes = settings.table_bytes() / 2;
    let nodes = AtomicU64::new(0);
    let ask = |player| first_mover(boards, &stack, player, small, table_bytes, settings, &nodes);
    let (left_first, right_first) = std::thread::scope(|scope| {
        if settings.threads >= 2 {
            let left = spawn(scope, "outcome: Left first", || ask(Player::Left))?;
            let right = spawn(scope, "outcome: Right first", || ask(Player::Right))?;
            let (left, right) = (join(left), join(right));
            Ok::<_, Error>((left?, right?))
        } else {
            let left = join(spawn(scope, "outcome: Left first", || ask(Player::Left))?)?;
            let right = join(spawn(scope, "outcome: Right first", || ask(Player::Right))?)?;
            Ok((left, right))
        }
    })?;
    Ok(Solution { left_first, right_first, elapsed: start.elapsed() })
}

/// The search of one question: each first move on the boards as given
/// (small regions too, so the move found is a domino) in the search's
/// order until one wins.
fn first_mover(
    boards: &[DomineeringBoard],
    stack: &Stack,
    player: Player,
    small: u32,
    table_bytes: u64,
    settings: &OutcomeSearch,
    nodes: &AtomicU64,
) -> Result<FirstMover<DomineeringBoard>> {
    let g = &stack.geometry;
    let mut search = Search::new(g.clone(), small, table_bytes, settings.budget.clone(), nodes);
    let vertical = player == Player::Left;
    let before = search.standing(stack.free, player);
    let mut moves: Vec<(i32, u32, Node)> = Vec::new();
    let mut anchors = g.anchors(stack.free, vertical);
    while anchors != 0 {
        let a = anchors.trailing_zeros();
        anchors &= anchors - 1;
        let after = stack.free & !g.domino(a, vertical);
        let node = search.node_of(after)?;
        let now = search.standing(after, player);
        moves.push((before.score(&now, g, a, vertical), a, node));
    }
    moves.sort_by_key(|&(score, a, _)| (score, a));
    let mut winning_move = None;
    for (_, a, node) in moves {
        if !search.wins(node, player.opponent(), 0)? {
            let component = stack.board_of(a);
            let position = stack.board(boards, component, stack.free & !g.domino(a, vertical));
            winning_move = Some(Move { component, position });
            break;
        }
    }
    search.flush();
    Ok(FirstMover { wins: winning_move.is_some(), winning_move, nodes: search.own_nodes() })
}

impl DomineeringBoard {
    fn geometry(&self) -> Geometry {
        Geometry::new(self.width, self.height)
    }

    /// The cells `part` of this board as a board of their own, cropped to
    /// the rectangle that holds them.
    fn crop(&self, g: &Geometry, part: Cells) -> Self {
        let (corner, width, height) = g.corner(part);
        let mut free: Cells = 0;
        for r in 0..height {
            let line = (corner >> (r * self.width)) & ((1 << width) - 1);
            free |= line << (r * width);
        }
        DomineeringBoard { width, height, free }
    }
}

impl Notation for DomineeringBoard {
    fn notation(&self) -> String {
        self.to_string()
    }
}

impl PartizanPosition for DomineeringBoard {
    fn options(&self, player: Player, out: &mut Vec<Self>) {
        let g = self.geometry();
        let vertical = player == Player::Left;
        let mut anchors = g.anchors(self.free, vertical);
        while anchors != 0 {
            let a = anchors.trailing_zeros();
            anchors &= anchors - 1;
            out.push(DomineeringBoard { free: self.free & !g.domino(a, vertical), ..*self });
        }
    }

    fn regions(&self, out: &mut Vec<Self>) {
        let g = self.geometry();
        let mut rest = self.free;
        while rest != 0 {
            let seed = rest & rest.wrapping_neg();
            let part = g.small_part(self.free, seed, g.cells()).unwrap_or(seed);
            rest &= !part;
            if g.vertical(part) | g.horizontal(part) != 0 {
                out.push(self.crop(&g, part));
            }
        }
    }

    fn normalize(&self) -> (Self, bool) {
        (DomineeringBoard { free: self.geometry().normal(self.free), ..*self }, false)
    }

    fn move_bounds(&self, player: Player) -> Option<MoveBounds> {
        let g = self.geometry();
        let vertical = player == Player::Left;
        Some(MoveBounds { safe: g.safe(self.free, vertical), most: g.most(self.free, vertical) })
    }

    fn mobility(&self, player: Player) -> usize {
        self.geometry().anchors(self.free, player == Player::Left).count_ones() as usize
    }
}

/// [`solve`] for positions of type `P` when they are Domineering boards
/// ([`Domineering`] or [`DomineeringBoard`]) that stack into one board of
/// at most [`MAX_CELLS`] cells; `None` for any other type or size.
///
/// [`Domineering`]: crate::ruleset::grid::Domineering
pub(super) fn solve_if_domineering<P: 'static>(
    positions: &[P],
    settings: &OutcomeSearch,
) -> Result<Option<Solution<P>>> {
    use crate::ruleset::grid::Domineering;
    let mut boards = Vec::with_capacity(positions.len());
    for p in positions {
        let any = p as &dyn Any;
        if let Some(b) = any.downcast_ref::<DomineeringBoard>() {
            boards.push(*b);
        } else if let Some(d) = any.downcast_ref::<Domineering>() {
            boards.push(DomineeringBoard::parse(&d.to_string())?);
        } else {
            return Ok(None);
        }
    }
    if boards.is_empty() || Stack::of(&boards).is_err() {
        return Ok(None);
    }
    let solution = solve(&boards, settings)?;
    let back = |b: DomineeringBoard| -> Result<P> {
        let any: Box<dyn Any> = if TypeId::of::<P>() == TypeId::of::<Domineering>() {
            Box::new(Domineering::parse(&b.to_string())?)
        } else {
            Box::new(b)
        };
        any.downcast::<P>()
            .map(|p| *p)
            .map_err(|_| Error::invalid("a Domineering board of an unexpected type"))
    };
    let first = |f: FirstMover<DomineeringBoard>| -> Result<FirstMover<P>> {
        let winning_move = match f.winning_move {
            Some(m) => Some(Move { component: m.component, position: back(m.position)? }),
            None => None,
        };
        Ok(FirstMover { wins: f.wins, winning_move, nodes: f.nodes })
    };
    Ok(Some(Solution {
        left_first: first(solution.left_first)?,
        right_first: first(solution.right_first)?,
        elapsed: solution.elapsed,
    }))
}

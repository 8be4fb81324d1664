//! Fox and Geese (Winning Ways, chapter 20), as CGSuite plays it
//! (`game.grid.FoxAndGeese(geese, fox)`).
//!
//! The board is `width` columns wide (8 by default) and unbounded upwards;
//! rows and columns count from 1 at the bottom left, and pieces stand on
//! squares with row + column even. Left moves one goose one square
//! diagonally down; Right moves the fox one square diagonally in any
//! direction; nobody jumps or captures. A fox level with or above the highest
//! goose, or one row below it with an empty square diagonally above it, has
//! escaped: the position is `off` (CGSuite's rule).
//!
//! Geese only move down, so every position is a stopper and the positions
//! with one placement of the geese (a layer, at most one node per fox
//! square) have cycles only among themselves. [`FoxAndGeese`] values the
//! layers below a placement first, then each layer as one small graph whose
//! Left moves lead to the canonical stoppers already found; one canonical
//! simplification gives every fox square's value. Placements are visited
//! with an explicit stack.

use rustc_hash::FxHashMap;

use super::canonical::canonical_all_at_once;
use super::graph::{Builder, LoopyGame};
use super::position::LoopyPosition;
use crate::budget::Budget;
use crate::error::{Error, Result};

/// A square `(row, column)`, both from 1.
pub type Square = (u32, u32);

/// The largest board width accepted.
pub const MAX_WIDTH: u32 = 64;

/// The highest row accepted for a piece.
pub const MAX_ROW: u32 = 64;

/// A position: the geese (sorted) and the fox, on a board of `width`
/// columns, or the fox escaped.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Position {
    /// Geese and fox on the board.
    Board {
        /// Columns of the board.
        width: u32,
        /// The geese, sorted.
        geese: Vec<Square>,
        /// The fox.
        fox: Square,
    },
    /// The fox has escaped: `off`.
    Escaped,
}

fn valid(width: u32, s: Square) -> bool {
    s.0 >= 1 && s.1 >= 1 && s.1 <= width && (s.0 + s.1) % 2 == 0
}

fn escaped(width: u32, geese: &[Square], fox: Square) -> bool {
    let top = geese.iter().map(|g| g.0).max().unwrap_or(0);
    fox.0 >= top
        || (fox.0 + 1 == top
            && ((fox.1 > 1 && !geese.contains(&(fox.0 + 1, fox.1 - 1)))
                || (fox.1 < width && !geese.contains(&(fox.0 + 1, fox.1 + 1)))))
}

fn goose_moves(width: u32, geese: &[Square]) -> Vec<(usize, Square)> {
    let mut out = Vec::new();
    for (i, &(r, c)) in geese.iter().enumerate() {
        if r < 2 {
            continue;
        }
        for to in [(r - 1, c.wrapping_sub(1)), (r - 1, c + 1)] {
            if valid(width, to) && !geese.contains(&to) {
                out.push((i, to));
            }
        }
    }
    out
}

fn fox_moves(width: u32, geese: &[Square], fox: Square) -> Vec<Square> {
    let (r, c) = fox;
    [
        (r + 1, c.wrapping_sub(1)),
        (r + 1, c + 1),
        (r.wrapping_sub(1), c.wrapping_sub(1)),
        (r.wrapping_sub(1), c + 1),
    ]
    .into_iter()
    .filter(|&s| valid(width, s) && !geese.contains(&s))
    .collect()
}

impl Position {
    /// The position with `geese` and `fox` on a board `width` wide; fails on
    /// squares off the board or of the wrong colour, two pieces on one
    /// square, or no geese.
    pub fn new(width: u32, geese: &[Square], fox: Square) -> Result<Self> {
        if width == 0 || width > MAX_WIDTH {
            return Err(Error::invalid(format!("the board width must be 1 to {MAX_WIDTH}")));
        }
        if geese.is_empty() {
            return Err(Error::invalid("Fox and Geese needs at least one goose"));
        }
        for &s in geese.iter().chain(std::iter::once(&fox)) {
            if !valid(width, s) || s.0 > MAX_ROW {
                return Err(Error::invalid(format!(
                    "({}, {}) is not a square of the board (1 <= col <= {width}, 1 <= row <= {MAX_ROW}, row + col even)",
                    s.0, s.1
                )));
            }
        }
        let mut g = geese.to_vec();
        g.sort_unstable();
        g.dedup();
        if g.len() != geese.len() || g.contains(&fox) {
            return Err(Error::invalid("two pieces on one square"));
        }
        Ok(Self::make(width, g, fox))
    }

    fn make(width: u32, geese: Vec<Square>, fox: Square) -> Self {
        if escaped(width, &geese, fox) {
            Position::Escaped
        } else {
            Position::Board { width, geese, fox }
        }
    }
}

impl LoopyPosition for Position {
    fn left_options(&self) -> Vec<Self> {
        match self {
            Position::Escaped => Vec::new(),
            Position::Board { width, geese, fox } => goose_moves(*width, geese)
                .into_iter()
                .filter(|&(_, to)| to != *fox)
                .map(|(i, to)| {
                    let mut g = geese.clone();
                    g[i] = to;
                    g.sort_unstable();
                    Self::make(*width, g, *fox)
                })
                .collect(),
        }
    }

    fn right_options(&self) -> Vec<Self> {
        match self {
            Position::Escaped => vec![Position::Escaped],
            Position::Board { width, geese, fox } => fox_moves(*width, geese, *fox)
                .into_iter()
                .map(|to| Self::make(*width, geese.clone(), to))
                .collect(),
        }
    }
}

/// Values of Fox and Geese positions, layer by layer, with a memo of the
/// placements of geese already valued.
#[derive(Debug)]
pub struct FoxAndGeese {
    width: u32,
    /// Per placement: the value with the fox on each square (row-major over
    /// rows 1..top and columns 1..=width; escaped squares are `off`).
    memo: FxHashMap<Vec<Square>, Vec<LoopyGame>>,
}

impl FoxAndGeese {
    /// A solver for boards `width` columns wide.
    pub fn new(width: u32) -> Result<Self> {
        if width == 0 || width > MAX_WIDTH {
            return Err(Error::invalid(format!("the board width must be 1 to {MAX_WIDTH}")));
        }
        Ok(FoxAndGeese { width, memo: FxHashMap::default() })
    }

    /// The number of placements of geese valued so far.
    pub fn placements(&self) -> usize {
        self.memo.len()
    }

    fn square_index(&self, s: Square) -> usize {
        ((s.0 - 1) * self.width + (s.1 - 1)) as usize
    }

    /// The canonical stopper of the position with `geese` and the fox on
    /// `fox`.
    pub fn value(&mut self, geese: &[Square], fox: Square, budget: &Budget) -> Result<LoopyGame> {
        let p = Position::new(self.width, geese, fox)?;
        let Position::Board { geese, .. } = p else {
            return Ok(LoopyGame::off());
        };
        self.solve(&geese, budget)?;
        Ok(self.memo[&geese][self.square_index(fox)].clone())
    }

    /// The value with the fox on every square below the highest goose
    /// (`None` on geese and squares of the wrong colour), rows from the
    /// highest goose's down to 1, columns 1 to `width`.
    pub fn values_table(
        &mut self,
        geese: &[Square],
        budget: &Budget,
    ) -> Result<Vec<Vec<Option<LoopyGame>>>> {
        let top = geese.iter().map(|g| g.0).max().unwrap_or(1);
        let some_fox = (1..=top)
            .flat_map(|r| (1..=self.width).map(move |c| (r, c)))
            .find(|&s| valid(self.width, s) && !geese.contains(&s))
            .unwrap_or((1, 1));
        Position::new(self.width, geese, some_fox)?;
        let mut g = geese.to_vec();
        g.sort_unstable();
        self.solve(&g, budget)?;
        let values = &self.memo[&g];
        let mut rows = Vec::new();
        for r in (1..=top).rev() {
            let mut row = Vec::new();
            for c in 1..=self.width {
                let s = (r, c);
                row.push(if valid(self.width, s) && !g.contains(&s) {
                    Some(values[self.square_index(s)].clone())
                } else {
                    None
                });
            }
            rows.push(row);
        }
        Ok(rows)
    }

    fn solve(&mut self, geese: &[Square], budget: &Budget) -> Result<()> {
        let width = self.width;
        let mut stack: Vec<(Vec<Square>, bool)> = vec![(geese.to_vec(), false)];
        while let Some((g, expanded)) = stack.pop() {
            if self.memo.contains_key(&g) {
                continue;
            }
            let children: Vec<Vec<Square>> = goose_moves(width, &g)
                .into_iter()
                .map(|(i, to)| {
                    let mut c = g.clone();
                    c[i] = to;
                    c.sort_unstable();
                    c
                })
                .collect();
            if !expanded {
                stack.push((g, true));
                for c in children {
                    if !self.memo.contains_key(&c) {
                        stack.push((c, false));
                    }
                }
                continue;
            }
            budget.check(self.memo.len() as u64)?;
            let layer = self.layer(&g, budget)?;
            self.memo.insert(g, layer);
        }
        Ok(())
    }

    /// Values of one placement, its lower placements already valued.
    fn layer(&self, geese: &[Square], budget: &Budget) -> Result<Vec<LoopyGame>> {
        let width = self.width;
        let top = geese.iter().map(|g| g.0).max().unwrap_or(1);
        let squares = (top * width) as usize;
        let mut b = Builder::new();
        let off = b.add_node()?;
        b.add_right(off, off);
        let mut node = vec![u32::MAX; squares];
        let mut fox_squares = Vec::new();
        for r in 1..=top {
            for c in 1..=width {
                let s = (r, c);
                if valid(width, s) && !geese.contains(&s) && !escaped(width, geese, s) {
                    node[self.square_index(s)] = b.add_node()?;
                    fox_squares.push(s);
                }
            }
        }
        let mut exits: FxHashMap<LoopyGame, u32> = FxHashMap::default();
        exits.insert(LoopyGame::off(), off);
        for &s in &fox_squares {
            let v = node[self.square_index(s)];
            for to in fox_moves(width, geese, s) {
                let w = if escaped(width, geese, to) { off } else { node[self.square_index(to)] };
                b.add_right(v, w);
            }
            for (i, to) in goose_moves(width, geese) {
                if to == s {
                    continue;
                }
                let mut c = geese.to_vec();
                c[i] = to;
                c.sort_unstable();
                let value = if escaped(width, &c, s) {
                    LoopyGame::off()
                } else {
                    self.memo[&c][self.square_index(s)].clone()
                };
                let w = match exits.get(&value) {
                    Some(&w) => w,
                    None => {
                        let w = b.add_game(&value)?;
                        exits.insert(value, w);
                        w
                    }
                };
                b.add_left(v, w);
            }
        }
        // Node 0 (`off`) reaches nothing else: root a graph at a fresh node
        // with moves to every node so that all are kept, then read them off.
        let root = b.add_node()?;
        for v in 0..root {
            b.add_left(root, v);
        }
        let (graph, order) = {
            let g = b.finish(root)?;
            // `finish` numbers nodes breadth first from the root: recover the
            // mapping by the same rule.
            let order = b.pack_order(root);
            (g, order)
        };
        let mut at = vec![u32::MAX; order.len() + 1];
        for (i, &v) in order.iter().enumerate() {
            if (v as usize) < at.len() {
                at[v as usize] = i as u32;
            }
        }
        // The layer with its exits is already one small graph.
        let values = canonical_all_at_once(&graph, budget)?;
        let mut out = vec![LoopyGame::off(); squares];
        for &s in &fox_squares {
            let v = node[self.square_index(s)];
            out[self.square_index(s)] = values[at[v as usize] as usize].clone();
        }
        Ok(out)
    }
}

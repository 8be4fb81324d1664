//! Backsliding Toads and Frogs (Winning Ways; CGSuite's
//! `game.strip.BackslidingToadsAndFrogs`, that is `GenToadsAndFrogs(minSlide
//! => -1)`): Toads and Frogs in which a piece may also slide one cell back
//! onto an empty cell, so play can loop.
//!
//! A strip is written as CGSuite writes it: `t` a toad (Left's, moving
//! right), `f` a frog (Right's, moving left), `.` an empty cell. Left moves a
//! toad one cell right onto an empty cell, one cell left onto an empty cell,
//! or jumps it right over one adjacent frog onto the empty cell just past;
//! Right moves frogs in the mirror image.

use super::graph::LoopyGame;
use super::position::{LoopyPosition, build_graph};
use crate::budget::Budget;
use crate::error::{Error, Result};

/// The longest strip accepted (positions grow like 3^cells).
pub const MAX_CELLS: usize = 64;

/// A Backsliding Toads and Frogs strip: one byte per cell, `b't'`, `b'f'`
/// or `b'.'`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Backsliding {
    cells: Vec<u8>,
}

impl Backsliding {
    /// The strip written `text` (`t`, `f`, `.`; CGSuite's notation).
    ///
    /// Fails on any other character, or a strip longer than
    /// [`MAX_CELLS`].
    pub fn parse(text: &str) -> Result<Self> {
        if let Some((i, c)) = text.char_indices().find(|&(_, c)| !matches!(c, 't' | 'f' | '.')) {
            return Err(Error::invalid(format!(
                "a Backsliding Toads and Frogs strip has only t, f and . (found '{c}' at column {})",
                i + 1
            )));
        }
        if text.len() > MAX_CELLS {
            return Err(Error::invalid(format!("a strip has at most {MAX_CELLS} cells")));
        }
        Ok(Backsliding { cells: text.as_bytes().to_vec() })
    }

    /// The strip in CGSuite's notation.
    pub fn text(&self) -> String {
        self.cells.iter().map(|&c| c as char).collect()
    }

    /// The moves of `piece` (`b't'` moving right, `b'f'` moving left).
    fn moves(&self, piece: u8) -> Vec<Self> {
        let (enemy, step): (u8, isize) = if piece == b't' { (b'f', 1) } else { (b't', -1) };
        let n = self.cells.len() as isize;
        let cell = |i: isize| if (0..n).contains(&i) { Some(self.cells[i as usize]) } else { None };
        let mut out = Vec::new();
        let mut go = |from: isize, to: isize| {
            let mut next = self.cells.clone();
            next[from as usize] = b'.';
            next[to as usize] = piece;
            out.push(Backsliding { cells: next });
        };
        for i in 0..n {
            if self.cells[i as usize] != piece {
                continue;
            }
            if cell(i + step) == Some(b'.') {
                go(i, i + step);
            }
            if cell(i - step) == Some(b'.') {
                go(i, i - step);
            }
            if cell(i + step) == Some(enemy) && cell(i + 2 * step) == Some(b'.') {
                go(i, i + 2 * step);
            }
        }
        out
    }

    /// The game graph of the positions reachable from this strip (node 0 is
    /// this strip) and the strip of each node.
    ///
    /// Fails past the budget's position limit.
    pub fn graph(&self, budget: &Budget) -> Result<(LoopyGame, Vec<Backsliding>)> {
        build_graph(self, budget)
    }
}

impl LoopyPosition for Backsliding {
    fn left_options(&self) -> Vec<Self> {
        self.moves(b't')
    }

    fn right_options(&self) -> Vec<Self> {
        self.moves(b'f')
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn opts(s: &str, left: bool) -> Vec<String> {
        let p = Backsliding::parse(s).unwrap();
        let o = if left { p.left_options() } else { p.right_options() };
        o.iter().map(Backsliding::text).collect()
    }

    #[test]
    fn moves_slide_both_ways_and_jump_forward() {
        assert_eq!(opts(".t.", true), ["..t", "t.."]);
        assert_eq!(opts(".f.", false), ["f..", "..f"]);
        assert_eq!(opts("tf.", true), [".ft"]);
        assert_eq!(opts("tf.", false), ["t.f"]);
        assert_eq!(opts(".tf", false), ["ft."]);
        assert_eq!(opts("tf", true), Vec::<String>::new());
        assert!(Backsliding::parse("tx").is_err());
    }
}

//! Blue-Red-Green Hackenbush trees in CGSuite's string notation.
//!
//! `l` is a blue edge (Left's), `r` a red edge (Right's), `e` a green edge
//! (either player's); `(a;b;…)` grows branches from the current vertex and ends
//! the sequence it is in; branches nest: `l(re;e(l;r))`. The string stands on
//! the ground. Its value is computed without search: an edge with a tree above
//! it is the ordinal sum `edge : tree` (cutting the edge removes the tree; moves
//! in the tree leave the edge), and branches meeting at a vertex are a sum. A
//! blue edge is 1, a red edge −1, a green edge ∗. Parsing and evaluation use an
//! explicit stack, so nesting depth is bounded only by the budget.

use crate::error::{Error, Location, Result};
use crate::game::{Arena, GameId};

/// The colour of one edge.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Colour {
    Blue,
    Red,
    Green,
}

/// One sequence being read: its edges from the bottom up, and the values of
/// the branches of its closing group.
#[derive(Default)]
struct Frame {
    edges: Vec<Colour>,
    branches: Vec<GameId>,
    /// A group `( … )` was closed at the top of this sequence: nothing may follow.
    ended: bool,
}

/// The canonical form of the Hackenbush tree written as `text` (see the module
/// documentation). Errors are syntax errors located at their column (line 1).
pub fn tree_value(arena: &mut Arena, text: &str) -> Result<GameId> {
    let mut stack: Vec<Frame> = vec![Frame::default()];
    let at = |offset: usize| Location::of_offset(text, offset);
    for (offset, c) in text.char_indices() {
        let colour = match c {
            'l' | 'L' => Some(Colour::Blue),
            'r' | 'R' => Some(Colour::Red),
            'e' | 'E' | 'g' | 'G' => Some(Colour::Green),
            _ => None,
        };
        let depth = stack.len();
        let Some(top) = stack.last_mut() else {
            return Err(Error::syntax(at(offset), "unbalanced ')'"));
        };
        match (colour, c) {
            (Some(colour), _) => {
                if top.ended {
                    return Err(Error::syntax(
                        at(offset),
                        "a branch group '( … )' ends its sequence: nothing may follow it",
                    ));
                }
                top.edges.push(colour);
            }
            (None, '(') => {
                if top.ended {
                    return Err(Error::syntax(at(offset), "a second branch group on one vertex"));
                }
                stack.push(Frame::default());
            }
            (None, ';' | ')') => {
                if depth < 2 {
                    return Err(Error::syntax(at(offset), format!("'{c}' outside a branch group")));
                }
                let Some(done) = stack.pop() else { return unreachable_frame() };
                let value = fold(arena, done)?;
                let Some(parent) = stack.last_mut() else { return unreachable_frame() };
                parent.branches.push(value);
                if c == ';' {
                    stack.push(Frame::default());
                } else {
                    parent.ended = true;
                }
            }
            _ => {
                return Err(Error::syntax(
                    at(offset),
                    format!("unexpected '{c}': expected l, r, e, '(', ';' or ')'"),
                ));
            }
        }
    }
    if stack.len() != 1 {
        return Err(Error::syntax(at(text.len()), "a branch group is not closed: expected ')'"));
    }
    match stack.pop() {
        Some(root) => fold(arena, root),
        None => unreachable_frame(),
    }
}

/// The stack always holds the root frame while the text is read; reaching
/// this is a bug, reported as an error rather than a panic.
fn unreachable_frame<T>() -> Result<T> {
    Err(Error::invalid("Hackenbush string: internal stack underflow"))
}

/// The value of a finished sequence: its edges, bottom to top, under the sum
/// of its branches.
fn fold(arena: &mut Arena, frame: Frame) -> Result<GameId> {
    let mut value = arena.zero();
    for branch in frame.branches {
        value = arena.add(value, branch)?;
    }
    for colour in frame.edges.into_iter().rev() {
        let edge = match colour {
            Colour::Blue => arena.integer(1)?,
            Colour::Red => arena.integer(-1)?,
            Colour::Green => arena.nimber(1)?,
        };
        value = arena.ordinal_sum(edge, value)?;
    }
    Ok(value)
}

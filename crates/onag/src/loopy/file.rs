//! Game graph files as games with cycles: the meaning of position tags.
//!
//! The graph files of [`crate::impartial::graph`] may carry tags in square
//! brackets after a position's name, `name [L win]: b c`. For the retrograde
//! solver they mean:
//!
//! - `L` or `R`: Left or Right moves at this position (a partizan graph). Either
//!   every position has one of them or none has (an impartial graph, where
//!   every move passes the turn). A move between two positions with the same
//!   side keeps the turn.
//! - `win`, `loss`, `draw`: the game's rules declare the result here, for the
//!   player to move; the position's moves, if any, are ignored.
//!
//! Any other word, two sides or two results on one position are errors located
//! at the tag.

use crate::error::{Error, Location, Result};
use crate::impartial::graph::{GameGraph, PositionId, PositionTags};

use super::game::{Declared, Side, SuccessorGame};

/// A game graph with its tags read as sides and declared results.
#[derive(Debug, Clone)]
pub struct TaggedGraph<'a> {
    graph: &'a GameGraph,
    sides: Option<Vec<Side>>,
    declared: Vec<Option<Declared>>,
}

fn tag_location(graph: &GameGraph, tags: &PositionTags) -> Location {
    match graph.source() {
        Some(source) if tags.location.source.is_none() => {
            tags.location.clone().in_source(source.to_string())
        }
        _ => tags.location.clone(),
    }
}

impl<'a> TaggedGraph<'a> {
    /// Reads the tags of `graph`.
    pub fn new(graph: &'a GameGraph) -> Result<Self> {
        if u32::try_from(graph.len()).is_err() {
            return Err(Error::invalid("a game graph has at most 2^32 - 1 positions"));
        }
        let mut sides: Vec<Option<Side>> = vec![None; graph.len()];
        let mut declared = vec![None; graph.len()];
        for tags in graph.tags() {
            let here = || tag_location(graph, tags);
            let name = graph.name(tags.position);
            let p = tags.position.index();
            for word in &tags.words {
                let (side, result) = match word.as_str() {
                    "L" => (Some(Side::Left), None),
                    "R" => (Some(Side::Right), None),
                    "win" => (None, Some(Declared::Win)),
                    "loss" => (None, Some(Declared::Loss)),
                    "draw" => (None, Some(Declared::Draw)),
                    other => {
                        return Err(Error::invalid(format!(
                            "unknown tag `{other}` on `{name}` (tags: L, R, win, loss, draw)"
                        ))
                        .at(here()));
                    }
                };
                if let Some(side) = side {
                    if sides[p].is_some() {
                        return Err(Error::invalid(format!(
                            "`{name}` has two side tags (one of L, R)"
                        ))
                        .at(here()));
                    }
                    sides[p] = Some(side);
                }
                if let Some(result) = result {
                    if declared[p].is_some() {
                        return Err(Error::invalid(format!(
                            "`{name}` has two result tags (one of win, loss, draw)"
                        ))
                        .at(here()));
                    }
                    declared[p] = Some(result);
                }
            }
        }
        let sided = sides.iter().filter(|s| s.is_some()).count();
        let sides = if sided == 0 {
            None
        } else if let Some(p) = sides.iter().position(Option::is_none) {
            let id = PositionId(p as u32);
            return Err(Error::invalid(format!(
                "`{}` has no side tag (L or R), but other positions have one: \
                 tag every position or none",
                graph.name(id)
            ))
            .at(graph.location(id)));
        } else {
            Some(sides.into_iter().flatten().collect())
        };
        Ok(TaggedGraph { graph, sides, declared })
    }

    /// The graph.
    pub fn graph(&self) -> &'a GameGraph {
        self.graph
    }

    /// Whether the graph says who moves where.
    pub fn is_partizan(&self) -> bool {
        self.sides.is_some()
    }
}

impl SuccessorGame for TaggedGraph<'_> {
    fn num_positions(&self) -> u32 {
        // `new` checked the count fits.
        self.graph.len() as u32
    }

    #[inline]
    fn for_each_successor(&self, p: u32, mut f: impl FnMut(u32)) {
        for &s in self.graph.moves(PositionId(p)) {
            f(s.0);
        }
    }

    fn to_move(&self, p: u32) -> Option<Side> {
        self.sides.as_ref().map(|s| s[p as usize])
    }

    fn declared(&self, p: u32) -> Option<Declared> {
        self.declared[p as usize]
    }
}

/// A game graph read as an impartial graph: its moves only (tags are not
/// looked at).
impl SuccessorGame for GameGraph {
    fn num_positions(&self) -> u32 {
        u32::try_from(self.len()).unwrap_or(u32::MAX)
    }

    #[inline]
    fn for_each_successor(&self, p: u32, mut f: impl FnMut(u32)) {
        for &s in self.moves(PositionId(p)) {
            f(s.0);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::budget::Budget;
    use crate::impartial::graph::parse_text;
    use crate::loopy::{TerminalRule, Value, solve_successors};

    fn err(text: &str) -> String {
        let g = parse_text(text, "g.txt").unwrap();
        TaggedGraph::new(&g).unwrap_err().to_string()
    }

    #[test]
    fn tags_become_sides_and_results() {
        let g = parse_text("a [L]: b\nb [R]: a c\nc [L loss]: a\n", "g.txt").unwrap();
        let t = TaggedGraph::new(&g).unwrap();
        assert!(t.is_partizan());
        let sol = solve_successors(&t, TerminalRule::MoverLoses, &Budget::unlimited()).unwrap();
        // b (Right) moves to c where Left has lost: Right wins in 1.
        assert_eq!(sol.value(1), Value::Win(1));
        assert_eq!(sol.value(0), Value::Loss(2));
        assert_eq!(sol.value(2), Value::Loss(0));
    }

    #[test]
    fn bad_tags_are_located() {
        assert_eq!(
            err("a [L]: b\nb [X]: a\n"),
            "g.txt:2:3: unknown tag `X` on `b` (tags: L, R, win, loss, draw)"
        );
        assert!(err("a [L R]: b\nb [L]:\n").contains("two side tags"));
        assert!(err("a [win loss]:\n").contains("two result tags"));
        assert!(err("a [L]: b\nb: a\n").starts_with("g.txt:2:1: `b` has no side tag"));
    }
}

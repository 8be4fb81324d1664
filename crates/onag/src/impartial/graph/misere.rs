//! Misère play on a game graph: the player who makes the last move loses.
//!
//! The misère Grundy value sg⁻ is found by search from the definition: a
//! position with no moves has sg⁻ = 1 (the player to move cannot move, so
//! wins), any other position has sg⁻ = mex of its options' sg⁻. A position is
//! a misère P-position exactly when sg⁻ = 0.
//!
//! sg⁻ decides the outcome of one game only: unlike normal play, the misère
//! outcome of a sum is not a function of its components' sg⁻ (seed 001's
//! {*2} + {*2}: each is a misère N-position, and so is their sum), so this
//! module values single positions.

use super::solve::{MexScratch, solve_acyclic};
use super::{GameGraph, PositionId};
use crate::budget::Budget;
use crate::error::Result;
use crate::impartial::Outcome;

/// The misère Grundy value sg⁻ of every position of a graph.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MisereValues {
    values: Vec<u32>,
}

impl MisereValues {
    /// The misère value sg⁻ of `p`.
    pub fn value(&self, p: PositionId) -> u64 {
        u64::from(self.values[p.index()])
    }

    /// The misère outcome of `p`: P when sg⁻ = 0 (the player to move loses).
    pub fn outcome(&self, p: PositionId) -> Outcome {
        Outcome::from_zero(self.values[p.index()] == 0)
    }

    /// The moves from `p` to a misère P-position, in the order written.
    pub fn winning_moves(&self, graph: &GameGraph, p: PositionId) -> Vec<PositionId> {
        graph.moves(p).iter().copied().filter(|q| self.values[q.index()] == 0).collect()
    }
}

/// The misère value sg⁻ of every position of the acyclic graph `graph`.
pub fn misere_values(graph: &GameGraph, budget: &Budget) -> Result<MisereValues> {
    let mut scratch = MexScratch::default();
    let values = solve_acyclic(graph, budget, "solving graph (misère)", |moves, values| {
        if moves.is_empty() { 1 } else { scratch.mex(moves, values) }
    })?;
    Ok(MisereValues { values })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::graph::parse_text;

    fn outcome(text: &str, name: &str) -> Outcome {
        let g = parse_text(text, "").unwrap();
        misere_values(&g, &Budget::unlimited()).unwrap().outcome(g.find(name).unwrap())
    }

    #[test]
    fn misere_nim_heaps() {
        // Nim heaps 0..=3 as a graph: misère P-positions among single heaps are
        // exactly heap 1.
        let text = "h3: h2 h1 h0\nh2: h1 h0\nh1: h0\nh0:\n";
        assert_eq!(outcome(text, "h0"), Outcome::N);
        assert_eq!(outcome(text, "h1"), Outcome::P);
        assert_eq!(outcome(text, "h2"), Outcome::N);
        assert_eq!(outcome(text, "h3"), Outcome::N);
    }

    #[test]
    fn braces_star_two_sum_is_not_zero_in_misere_play() {
        // Seed 001: G = -G does not give G + G = 0 in misère play; {*2} + {*2}
        // is a second-player win. G = {*2} has positions g (its only move is
        // to *2), h2 = *2, h1 = *1, h0 = 0. Build G + G explicitly.
        let moves = |p: &str| -> Vec<&'static str> {
            match p {
                "g" => vec!["h2"],
                "h2" => vec!["h1", "h0"],
                "h1" => vec!["h0"],
                _ => vec![],
            }
        };
        let parts = ["g", "h2", "h1", "h0"];
        let mut text = String::new();
        for a in parts {
            for b in parts {
                let mut line = format!("{a}+{b}:");
                for x in moves(a) {
                    line.push_str(&format!(" {x}+{b}"));
                }
                for y in moves(b) {
                    line.push_str(&format!(" {a}+{y}"));
                }
                text.push_str(&line);
                text.push('\n');
            }
        }
        assert_eq!(outcome(&text, "g+g"), Outcome::P, "{{*2}}+{{*2}} is a second-player win");
        // ... while the empty game 0 is a first-player win in misère play, so
        // G + G is not equivalent to 0 although G = -G.
        assert_eq!(outcome(&text, "h0+h0"), Outcome::N);
        // In normal play the same sum is 0 (G = {*2} = 0).
        let g = parse_text(&text, "").unwrap();
        let normal =
            crate::impartial::graph::solve::grundy_values(&g, &Budget::unlimited()).unwrap();
        assert_eq!(normal.grundy(g.find("g+g").unwrap()), 0);
    }
}

//! Snort, Col and Fjords: CGSuite's `GenCol(leftPermitted, rightPermitted)`.
//!
//! A vertex is untinted (`.` or nothing), or tinted `L` or `R`: adjacent to
//! a vertex Left (Right) has coloured. A player colours a vertex whose tint
//! the rules permit them: its untinted neighbours take the player's tint,
//! its neighbours tinted for the opponent are deleted (no one may colour
//! them any more), and the coloured vertex itself is deleted. In Snort Left
//! may colour untinted and `L` vertices (a vertex next to both colours is
//! dead); in Col untinted and `R` ones (no two adjacent vertices of one
//! colour); in Fjords only `L` ones. Options come in vertex order.
//!
//! The engine's shortcuts, each value-preserving:
//! - tints never change once set, so an edge between two tinted vertices
//!   that no move can use (in Snort `L–L` and `R–R`, in Col `L–R`) is
//!   dropped, as are loops and repeated edges (a move tints or deletes a
//!   neighbour once however many edges join them);
//! - regions: what is left splits into connected components; a component in
//!   which no vertex can be coloured now is 0 and left out;
//! - normal form: canonical labelling, and when the rules are symmetric
//!   (`L`, Left ↔ `R`, Right) the colour swap negates: the orientation with
//!   more `L` tints (or the smaller canonical graph on a tie) represents.

use std::fmt;

use super::canon::canonical;
use super::multigraph::Graph;
use super::notation::{Labels, parse, write};
use crate::error::{Error, Result};
use crate::ruleset::any::{Notation, boxed};
use crate::ruleset::catalog::{ArgKind, Family, Ruleset};
use crate::ruleset::position::{PartizanPosition, Player};

/// The label of an untinted vertex.
pub const UNTINTED: u8 = 0;
/// The label of a vertex tinted `L` (adjacent to a Left-coloured vertex).
pub const TINT_LEFT: u8 = 1;
/// The label of a vertex tinted `R`.
pub const TINT_RIGHT: u8 = 2;

/// CGSuite's labels: vertices `.`/nothing, `L`, `R`; plain `-` edges.
pub const LABELS: Labels<'static> =
    Labels { vertex: &[("", UNTINTED), ("L", TINT_LEFT), ("R", TINT_RIGHT)], edge: &[("", 0)] };

const OUTPUT: &str = "GenCol.Position(\"{}\")";

/// `game.graph.Snort`.
pub static SNORT: Ruleset = Ruleset {
    name: "Snort",
    family: Family::Graph,
    about: "colour a vertex not next to one of your opponent's ('.' free, L/R next to a Left/Right vertex, '-' an edge)",
    params: &[],
    argument: ArgKind::Text,
    example: "L-.-.-.-L",
    output: OUTPUT,
    impartial: false,
    rectangle: None,
    build: |r, p, a| Ok(boxed(r, p, GenCol::parse(a.as_str("a Snort graph")?, ColRules::SNORT)?)),
};

/// `game.graph.Col`.
pub static COL: Ruleset = Ruleset {
    name: "Col",
    family: Family::Graph,
    about: "colour a vertex not next to one of your own ('.' free, L/R next to a Left/Right vertex, '-' an edge)",
    params: &[],
    argument: ArgKind::Text,
    example: "R-.-R-.-L-.-R-.-R-.",
    output: OUTPUT,
    impartial: false,
    rectangle: None,
    build: |r, p, a| Ok(boxed(r, p, GenCol::parse(a.as_str("a Col graph")?, ColRules::COL)?)),
};

/// `game.graph.Fjords`.
pub static FJORDS: Ruleset = Ruleset {
    name: "Fjords",
    family: Family::Graph,
    about: "Left colours only L vertices, Right only R ones (as in Snort, L/R mark vertices next to a Left/Right vertex)",
    params: &[],
    argument: ArgKind::Text,
    example: "L-.-R-.-L",
    output: OUTPUT,
    impartial: false,
    rectangle: None,
    build: |r, p, a| Ok(boxed(r, p, GenCol::parse(a.as_str("a Fjords graph")?, ColRules::FJORDS)?)),
};

/// A vertex's tint, as in CGSuite's `leftPermitted`/`rightPermitted` lists
/// (`Nothing`, `Left`, `Right`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Tint {
    /// Untinted (`Nothing`).
    None,
    /// Tinted `L` (`Left`).
    Left,
    /// Tinted `R` (`Right`).
    Right,
}

impl Tint {
    fn label(self) -> u8 {
        match self {
            Tint::None => UNTINTED,
            Tint::Left => TINT_LEFT,
            Tint::Right => TINT_RIGHT,
        }
    }
}

/// Which tints each player may colour (a bit per tint label).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ColRules {
    left: u8,
    right: u8,
}

impl ColRules {
    /// `Snort := GenCol([Nothing, Left], [Nothing, Right])`.
    pub const SNORT: ColRules = ColRules {
        left: (1 << UNTINTED) | (1 << TINT_LEFT),
        right: (1 << UNTINTED) | (1 << TINT_RIGHT),
    };
    /// `Col := GenCol([Nothing, Right], [Nothing, Left])`.
    pub const COL: ColRules = ColRules {
        left: (1 << UNTINTED) | (1 << TINT_RIGHT),
        right: (1 << UNTINTED) | (1 << TINT_LEFT),
    };
    /// `Fjords := GenCol([Left], [Right])`.
    pub const FJORDS: ColRules = ColRules { left: 1 << TINT_LEFT, right: 1 << TINT_RIGHT };

    /// `GenCol(left, right)`: the tints each player may colour.
    pub fn new(left: &[Tint], right: &[Tint]) -> ColRules {
        let mask = |ts: &[Tint]| ts.iter().fold(0u8, |m, t| m | (1 << t.label()));
        ColRules { left: mask(left), right: mask(right) }
    }

    fn permitted(self, player: u8) -> u8 {
        if player == TINT_LEFT { self.left } else { self.right }
    }

    fn may(self, player: u8, tint: u8) -> bool {
        self.permitted(player) & (1 << tint) != 0
    }

    /// The rules with players and tints exchanged.
    fn swapped(self) -> ColRules {
        let swap = |m: u8| {
            (m & (1 << UNTINTED))
                | (((m >> TINT_LEFT) & 1) << TINT_RIGHT)
                | (((m >> TINT_RIGHT) & 1) << TINT_LEFT)
        };
        ColRules { left: swap(self.right), right: swap(self.left) }
    }

    /// Whether an edge between vertices tinted `a` and `b` (both tinted)
    /// can ever matter: some move on one end deletes the other.
    fn edge_matters(self, a: u8, b: u8) -> bool {
        [TINT_LEFT, TINT_RIGHT].into_iter().any(|m| {
            let opponent = TINT_LEFT + TINT_RIGHT - m;
            (self.may(m, a) && b == opponent) || (self.may(m, b) && a == opponent)
        })
    }
}

/// A position of a `GenCol` ruleset: a graph of tinted vertices and the
/// rules.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct GenCol {
    graph: Graph,
    rules: ColRules,
}

impl fmt::Debug for GenCol {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "GenCol({:?}, {:?})", self.notation(), self.rules)
    }
}

impl GenCol {
    /// Reads a graph in CGSuite's notation (`L-.-.-.-L`) played with `rules`.
    pub fn parse(text: &str, rules: ColRules) -> Result<Self> {
        Self::new(parse(text, LABELS)?, rules)
    }

    /// The position on `graph` (vertex labels [`UNTINTED`], [`TINT_LEFT`],
    /// [`TINT_RIGHT`]).
    pub fn new(graph: Graph, rules: ColRules) -> Result<Self> {
        if let Some(&l) = graph.labels().iter().find(|&&l| l > TINT_RIGHT) {
            return Err(Error::invalid(format!("a vertex tint is none, L or R, not label {l}")));
        }
        Ok(GenCol { graph, rules })
    }

    /// The graph.
    pub fn graph(&self) -> &Graph {
        &self.graph
    }

    /// The rules.
    pub fn rules(&self) -> ColRules {
        self.rules
    }

    fn playable(&self, v: usize) -> bool {
        let t = self.graph.label(v);
        self.rules.may(TINT_LEFT, t) || self.rules.may(TINT_RIGHT, t)
    }
}

impl Notation for GenCol {
    fn notation(&self) -> String {
        write(&self.graph, LABELS)
    }
}

impl PartizanPosition for GenCol {
    fn options(&self, player: Player, out: &mut Vec<Self>) {
        let g = &self.graph;
        let (me, opponent) = match player {
            Player::Left => (TINT_LEFT, TINT_RIGHT),
            Player::Right => (TINT_RIGHT, TINT_LEFT),
        };
        let n = g.vertex_count();
        for v in 0..n {
            if !self.rules.may(me, g.label(v)) {
                continue;
            }
            let mut labels = g.labels().to_vec();
            let mut keep = vec![true; n];
            keep[v] = false;
            for h in g.neighbours(v) {
                let w = h.to as usize;
                match g.label(w) {
                    UNTINTED => labels[w] = me,
                    t if t == opponent => keep[w] = false,
                    _ => {}
                }
            }
            out.push(GenCol { graph: g.retain_relabelled(&keep, &labels), rules: self.rules });
        }
    }

    fn regions(&self, out: &mut Vec<Self>) {
        let g = &self.graph;
        let rules = self.rules;
        let parts = g.simplified_components(
            |from, h| {
                let (a, b) = (g.label(from as usize), g.label(h.to as usize));
                from != h.to && (a == UNTINTED || b == UNTINTED || rules.edge_matters(a, b))
            },
            |x, _| x,
            |v| self.playable(v),
        );
        for part in parts {
            let p = GenCol { graph: part, rules };
            if (0..p.graph.vertex_count()).any(|v| p.playable(v)) {
                out.push(p);
            }
        }
    }

    fn normalize(&self) -> (Self, bool) {
        let plain = canonical(&self.graph, None);
        if self.rules.swapped() != self.rules {
            return (GenCol { graph: plain, rules: self.rules }, false);
        }
        let count = |t: u8| self.graph.labels().iter().filter(|&&l| l == t).count();
        let (l, r) = (count(TINT_LEFT), count(TINT_RIGHT));
        if l > r {
            return (GenCol { graph: plain, rules: self.rules }, false);
        }
        let swapped = canonical(
            &self.graph.map_vertex_labels(|t| match t {
                TINT_LEFT => TINT_RIGHT,
                TINT_RIGHT => TINT_LEFT,
                other => other,
            }),
            None,
        );
        if l < r || swapped < plain {
            (GenCol { graph: swapped, rules: self.rules }, true)
        } else {
            (GenCol { graph: plain, rules: self.rules }, false)
        }
    }

    fn heap_bytes(&self) -> usize {
        self.graph.heap_bytes()
    }
}

//! Arc Kayles and Partizan Arc Kayles: pick an edge, delete both its ends.
//!
//! CGSuite's `GenArcKayles` (impartial; plain graphs such as `"----"`, the
//! path `Graph.Path(5)`) and `PartizanArcKayles` (edges `l` Left's, `r`
//! Right's, `e` either's, as in Hackenbush). A move picks an edge (a loop
//! deletes its one vertex) and deletes both endpoints with all their edges.
//! Options come in CGSuite's edge order: by lower vertex, then adjacency
//! order, one per edge.
//!
//! The engine's shortcuts, each value-preserving:
//! - regions: connected components (CGSuite's `Decomposition`), without the
//!   vertices that have no edge (no move touches them);
//! - parallel edges give the same option, so they become one edge; in the
//!   partizan game its label is the union of theirs (`l` and `r` make `e`);
//! - normal form: canonical labelling; in the partizan game swapping `l` and
//!   `r` negates, and the orientation with more `l` edges (or the smaller
//!   canonical graph on a tie) represents.

use std::fmt;

use super::canon::canonical;
use super::hackenbush::{BLUE, GREEN, LABELS as COLOURED, RED};
use super::multigraph::Graph;
use super::notation::{PLAIN, parse, write};
use crate::error::{Error, Result};
use crate::ruleset::any::{Notation, boxed};
use crate::ruleset::catalog::{ArgKind, Family, Ruleset};
use crate::ruleset::position::{PartizanPosition, Player};

/// `game.graph.ArcKayles`.
pub static ARC_KAYLES: Ruleset = Ruleset {
    name: "ArcKayles",
    family: Family::Graph,
    about: "pick an edge and delete both its ends ('-' edges, '.' vertices; \"----\" is a path of 5); impartial",
    params: &[],
    argument: ArgKind::Text,
    example: "-----",
    output: "GenArcKayles.Position(\"{}\")",
    impartial: true,
    rectangle: None,
    build: |r, p, a| Ok(boxed(r, p, ArcKayles::parse(a.as_str("an Arc Kayles graph")?)?)),
};

/// `game.graph.PartizanArcKayles`.
pub static PARTIZAN_ARC_KAYLES: Ruleset = Ruleset {
    name: "PartizanArcKayles",
    family: Family::Graph,
    about: "pick an edge of your colour (l Left, r Right, e either) and delete both its ends",
    params: &[],
    argument: ArgKind::Text,
    example: "lrlr(ll;ree(rl;l))",
    output: "PartizanArcKayles.Position(\"{}\")",
    impartial: false,
    rectangle: None,
    build: |r, p, a| {
        Ok(boxed(r, p, PartizanArcKayles::parse(a.as_str("a Partizan Arc Kayles graph")?)?))
    },
};

/// The options of deleting both ends of each edge whose label passes `may`.
fn arc_options(g: &Graph, may: impl Fn(u8) -> bool, mut out: impl FnMut(Graph)) {
    for (from, h) in g.edges() {
        if may(h.label) {
            out(g.delete_vertices(&[from, h.to]));
        }
    }
}

/// An Arc Kayles position: an unlabelled graph.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct ArcKayles {
    graph: Graph,
}

impl fmt::Debug for ArcKayles {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ArcKayles({:?})", self.notation())
    }
}

impl ArcKayles {
    /// Reads a graph in CGSuite's notation (`----`, `:A---:A`).
    pub fn parse(text: &str) -> Result<Self> {
        Self::new(parse(text, PLAIN)?)
    }

    /// The position on `graph` (labels must be 0).
    pub fn new(graph: Graph) -> Result<Self> {
        if graph.labels().iter().any(|&l| l != 0) || graph.edges().any(|(_, h)| h.label != 0) {
            return Err(Error::invalid("Arc Kayles graphs have no labels"));
        }
        Ok(ArcKayles { graph })
    }

    /// The path of `n` vertices (CGSuite's `Graph.Path(n)`).
    pub fn path(n: usize) -> Result<Self> {
        Ok(ArcKayles { graph: Graph::path(n)? })
    }

    /// The graph.
    pub fn graph(&self) -> &Graph {
        &self.graph
    }
}

impl Notation for ArcKayles {
    fn notation(&self) -> String {
        write(&self.graph, PLAIN)
    }
}

impl PartizanPosition for ArcKayles {
    const IMPARTIAL: bool = true;

    fn options(&self, _player: Player, out: &mut Vec<Self>) {
        arc_options(&self.graph, |_| true, |graph| out.push(ArcKayles { graph }));
    }

    fn regions(&self, out: &mut Vec<Self>) {
        for graph in self.graph.simplified_components(|_, _| true, |a, _| a, |_| false) {
            out.push(ArcKayles { graph });
        }
    }

    fn normalize(&self) -> (Self, bool) {
        (ArcKayles { graph: canonical(&self.graph, None) }, false)
    }

    fn heap_bytes(&self) -> usize {
        self.graph.heap_bytes()
    }
}

/// A Partizan Arc Kayles position: a graph with blue, red and green edges.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PartizanArcKayles {
    graph: Graph,
}

impl fmt::Debug for PartizanArcKayles {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PartizanArcKayles({:?})", self.notation())
    }
}

impl PartizanArcKayles {
    /// Reads a graph in CGSuite's notation with edges `l`, `r`, `e`.
    pub fn parse(text: &str) -> Result<Self> {
        Self::new(parse(text, COLOURED)?)
    }

    /// The position on `graph` (edge labels [`BLUE`], [`RED`], [`GREEN`];
    /// no vertex labels).
    pub fn new(graph: Graph) -> Result<Self> {
        if graph.labels().iter().any(|&l| l != 0)
            || graph.edges().any(|(_, h)| !(BLUE..=GREEN).contains(&h.label))
        {
            return Err(Error::invalid(
                "Partizan Arc Kayles edges are blue, red or green and vertices have no labels",
            ));
        }
        Ok(PartizanArcKayles { graph })
    }

    /// The graph.
    pub fn graph(&self) -> &Graph {
        &self.graph
    }
}

impl Notation for PartizanArcKayles {
    fn notation(&self) -> String {
        write(&self.graph, COLOURED)
    }
}

impl PartizanPosition for PartizanArcKayles {
    fn options(&self, player: Player, out: &mut Vec<Self>) {
        let mine = match player {
            Player::Left => BLUE,
            Player::Right => RED,
        };
        arc_options(&self.graph, |l| l & mine != 0, |graph| out.push(PartizanArcKayles { graph }));
    }

    fn regions(&self, out: &mut Vec<Self>) {
        for graph in self.graph.simplified_components(|_, _| true, |a, b| a | b, |_| false) {
            out.push(PartizanArcKayles { graph });
        }
    }

    fn normalize(&self) -> (Self, bool) {
        let g = &self.graph;
        let plain = canonical(g, None);
        let count = |label: u8| g.edges().filter(|(_, h)| h.label == label).count();
        let (blue, red) = (count(BLUE), count(RED));
        if blue > red {
            return (PartizanArcKayles { graph: plain }, false);
        }
        let swapped = canonical(
            &g.map_edge_labels(|l| match l {
                BLUE => RED,
                RED => BLUE,
                other => other,
            }),
            None,
        );
        if blue < red || swapped < plain {
            (PartizanArcKayles { graph: swapped }, true)
        } else {
            (PartizanArcKayles { graph: plain }, false)
        }
    }

    fn heap_bytes(&self) -> usize {
        self.graph.heap_bytes()
    }
}

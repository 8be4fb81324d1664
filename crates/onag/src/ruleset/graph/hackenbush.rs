//! Blue-Red-Green Hackenbush on any graph: CGSuite's `GenHackenbush`, whose
//! instances are Hackenbush and Childish Hackenbush.
//!
//! A position is a connected multigraph whose first vertex is the ground;
//! edges are `l` blue (Left cuts), `r` red (Right cuts) or `e` green
//! (either cuts). A cut deletes the edge and then everything no longer
//! connected to the ground (CGSuite: `DeleteEdge(edge).ConnectedComponent(1)`).
//! In Childish Hackenbush a blue or red edge may be cut only when nothing
//! else falls. Options come in CGSuite's order: edges by their lower vertex,
//! then by that vertex's adjacency order, one option per edge (parallel
//! edges give repeats).
//!
//! The engine's shortcuts, each value-preserving:
//! - regions: pieces meeting only at the ground are a disjunctive sum (a cut
//!   in one piece never drops edges of another), and so is each loop at the
//!   ground;
//! - normal form: plain Hackenbush first replaces every branch of known value
//!   (blue-red trees, green pictures) by a string ([`super::reduce`]); then
//!   the picture is canonically labelled with the ground kept first
//!   ([`super::canon`]); when the childish colours are symmetric, swapping
//!   blue and red negates the value, and the orientation with more blue
//!   edges (or the smaller canonical graph on a tie) is the representative.

use std::fmt;

use super::canon::canonical;
use super::multigraph::{Graph, GraphBuilder, Half};
use super::notation::{Labels, parse, write};
use super::reduce::reduce;
use crate::error::{Error, Result};
use crate::ruleset::any::{Notation, boxed};
use crate::ruleset::catalog::{ArgKind, Family, Ruleset};
use crate::ruleset::position::{PartizanPosition, Player};

/// The label of a blue edge (Left may cut it).
pub const BLUE: u8 = 1;
/// The label of a red edge (Right may cut it).
pub const RED: u8 = 2;
/// The label of a green edge (either may cut it).
pub const GREEN: u8 = 3;

/// CGSuite's Hackenbush labels: no vertex labels, edges `l`, `r`, `e`.
pub const LABELS: Labels<'static> =
    Labels { vertex: &[("", 0)], edge: &[("l", BLUE), ("r", RED), ("e", GREEN)] };

/// `game.graph.Hackenbush`.
pub static HACKENBUSH: Ruleset = Ruleset {
    name: "Hackenbush",
    family: Family::Graph,
    about: "cut an edge of your colour (l blue: Left, r red: Right, e green: either); what is no longer connected to the ground (the first vertex) falls",
    params: &[],
    argument: ArgKind::Text,
    example: "l(l;rl)",
    output: "GenHackenbush.Position(\"{}\")",
    impartial: false,
    rectangle: None,
    build: |r, p, a| Ok(boxed(r, p, Hackenbush::parse(a.as_str("a Hackenbush graph")?)?)),
};

/// `game.graph.ChildishHackenbush`.
pub static CHILDISH_HACKENBUSH: Ruleset = Ruleset {
    name: "ChildishHackenbush",
    family: Family::Graph,
    about: "Hackenbush where a blue or red edge may be cut only if nothing else falls",
    params: &[],
    argument: ArgKind::Text,
    example: "(e:B;e:Bllllllrrr:B)",
    output: "GenHackenbush.Position(\"{}\")",
    impartial: false,
    rectangle: None,
    build: |r, p, a| {
        let text = a.as_str("a Childish Hackenbush graph")?;
        Ok(boxed(r, p, Hackenbush::parse_with(text, Childish::BLUE_RED)?))
    },
};

/// An edge colour.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Colour {
    /// Left's (`l`).
    Blue,
    /// Right's (`r`).
    Red,
    /// Either player's (`e`).
    Green,
}

impl Colour {
    /// The edge label of this colour in a [`Graph`].
    pub fn label(self) -> u8 {
        match self {
            Colour::Blue => BLUE,
            Colour::Red => RED,
            Colour::Green => GREEN,
        }
    }
}

/// The colours whose edges are childish: such an edge may be cut only if
/// nothing else falls (CGSuite's `childishEdges`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Childish(u8);

impl Childish {
    /// Plain Hackenbush.
    pub const NONE: Childish = Childish(0);
    /// Childish Hackenbush: blue and red edges are childish.
    pub const BLUE_RED: Childish = Childish((1 << BLUE) | (1 << RED));

    /// The childish colours `colours`.
    pub fn of(colours: &[Colour]) -> Childish {
        Childish(colours.iter().fold(0, |m, c| m | (1 << c.label())))
    }

    /// Whether edges labelled `label` are childish.
    pub fn contains(self, label: u8) -> bool {
        label < 8 && self.0 & (1 << label) != 0
    }

    /// Whether swapping blue and red leaves the rules unchanged.
    fn symmetric(self) -> bool {
        self.contains(BLUE) == self.contains(RED)
    }
}

/// A Hackenbush position: a connected picture whose vertex 0 is the ground,
/// with the childish colours of its rules.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Hackenbush {
    graph: Graph,
    childish: Childish,
}

impl fmt::Debug for Hackenbush {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Hackenbush({:?}", self.notation())?;
        if self.childish != Childish::NONE {
            write!(f, ", childish {:#b}", self.childish.0)?;
        }
        f.write_str(")")
    }
}

impl Hackenbush {
    /// Reads a plain Hackenbush picture in CGSuite's graph notation
    /// (`l(l;rl)`, `:Aeee:A`).
    pub fn parse(text: &str) -> Result<Self> {
        Self::parse_with(text, Childish::NONE)
    }

    /// Reads a picture played with the childish colours `childish`.
    pub fn parse_with(text: &str, childish: Childish) -> Result<Self> {
        Self::new(parse(text, LABELS)?, childish)
    }

    /// The position on `graph` (vertex 0 the ground; edge labels [`BLUE`],
    /// [`RED`], [`GREEN`]). CGSuite's checks: the graph must be connected
    /// and not empty.
    pub fn new(graph: Graph, childish: Childish) -> Result<Self> {
        if !graph.is_connected() {
            return Err(Error::invalid("That `Graph` is not connected."));
        }
        if graph.is_empty() {
            return Err(Error::invalid("That `Graph` is empty (no ground)."));
        }
        if let Some((_, h)) = graph.edges().find(|(_, h)| !(BLUE..=GREEN).contains(&h.label)) {
            return Err(Error::invalid(format!(
                "a Hackenbush edge is blue, red or green, not label {}",
                h.label
            )));
        }
        if graph.labels().iter().any(|&l| l != 0) {
            return Err(Error::invalid("Hackenbush vertices have no labels"));
        }
        Ok(Hackenbush { graph, childish })
    }

    /// The picture.
    pub fn graph(&self) -> &Graph {
        &self.graph
    }

    /// The childish colours of the rules.
    pub fn childish(&self) -> Childish {
        self.childish
    }

    fn with(&self, graph: Graph) -> Self {
        Hackenbush { graph, childish: self.childish }
    }

    /// The position after cutting `edge` at `from`: what stays connected to
    /// the ground, or `None` if the rules forbid the cut (a childish edge
    /// whose cut drops other edges).
    fn cut(&self, from: u8, edge: Half, edges_before: usize) -> Option<Self> {
        let option = self.graph.delete_edge(from, edge).connected_component(0);
        if self.childish.contains(edge.label) && option.edge_count() + 1 != edges_before {
            return None;
        }
        Some(self.with(option))
    }

    /// A piece standing on the ground: vertex 0 plus the vertices with
    /// `piece[v] == id`, without the ground's loops.
    fn piece(&self, piece: &[u8], id: u8) -> Graph {
        let g = &self.graph;
        let mut map = vec![u8::MAX; g.vertex_count()];
        let mut b = GraphBuilder::new();
        map[0] = 0;
        let _ = b.add_vertex(g.label(0));
        for v in 1..g.vertex_count() {
            if piece[v] == id {
                // Never more vertices than the graph has.
                map[v] = b.add_vertex(g.label(v)).unwrap_or(0);
            }
        }
        for (from, h) in g.edges() {
            let (a, c) = (from as usize, h.to as usize);
            if a == c && a == 0 {
                continue;
            }
            let inside = |v: usize| v == 0 || piece[v] == id;
            if inside(a) && inside(c) && (a != 0 || c != 0) {
                // Both ends were added above.
                let _ = b.add_edge(map[a], map[c], h.label);
            }
        }
        b.build().unwrap_or_default()
    }
}

/// Which piece at the ground each vertex belongs to (the ground itself gets
/// `u8::MAX`), and how many pieces there are.
fn pieces(g: &Graph) -> (Vec<u8>, usize) {
    let n = g.vertex_count();
    let mut id = vec![u8::MAX; n];
    let mut count = 0usize;
    let mut stack = Vec::new();
    for s in 1..n {
        if id[s] != u8::MAX {
            continue;
        }
        id[s] = count as u8;
        stack.push(s);
        while let Some(v) = stack.pop() {
            for h in g.neighbours(v) {
                let w = h.to as usize;
                if w != 0 && id[w] == u8::MAX {
                    id[w] = count as u8;
                    stack.push(w);
                }
            }
        }
        count += 1;
    }
    (id, count)
}

impl Notation for Hackenbush {
    fn notation(&self) -> String {
        write(&self.graph, LABELS)
    }
}

impl PartizanPosition for Hackenbush {
    fn options(&self, player: Player, out: &mut Vec<Self>) {
        let mine = match player {
            Player::Left => BLUE,
            Player::Right => RED,
        };
        let before = self.graph.edge_count();
        for (from, h) in self.graph.edges() {
            if h.label & mine != 0
                && let Some(option) = self.cut(from, h, before)
            {
                out.push(option);
            }
        }
    }

    fn regions(&self, out: &mut Vec<Self>) {
        let g = &self.graph;
        let loops: Vec<u8> =
            g.neighbours(0).iter().filter(|h| h.to == 0).map(|h| h.label).collect();
        let (id, count) = pieces(g);
        if count + loops.len() == 0 {
            return;
        }
        if count + loops.len() == 1 {
            out.push(self.clone());
            return;
        }
        for c in 0..count {
            out.push(self.with(self.piece(&id, c as u8)));
        }
        for label in loops {
            let mut b = GraphBuilder::new();
            let _ = b.add_vertex(g.label(0));
            let _ = b.add_edge(0, 0, label);
            out.push(self.with(b.build().unwrap_or_default()));
        }
    }

    fn normalize(&self) -> (Self, bool) {
        let reduced =
            if self.childish == Childish::NONE { reduce(&self.graph) } else { self.graph.clone() };
        let plain = canonical(&reduced, Some(0));
        if !self.childish.symmetric() {
            return (self.with(plain), false);
        }
        let count = |label: u8| reduced.edges().filter(|(_, h)| h.label == label).count();
        let (blue, red) = (count(BLUE), count(RED));
        if blue > red {
            return (self.with(plain), false);
        }
        let swapped = canonical(&swap(&reduced), Some(0));
        if blue < red || swapped < plain {
            (self.with(swapped), true)
        } else {
            (self.with(plain), false)
        }
    }

    fn heap_bytes(&self) -> usize {
        self.graph.heap_bytes()
    }
}

/// Blue and red exchanged.
fn swap(g: &Graph) -> Graph {
    g.map_edge_labels(|l| match l {
        BLUE => RED,
        RED => BLUE,
        other => other,
    })
}

//! Hackenbush pictures from edge-list files, with a colour per edge.
//!
//! This is the edge-list format of Green Hackenbush files
//! ([`crate::impartial::hackenbush::parse`]) with an optional third token:
//!
//! ```text
//! # a blue-red house: two walls, a floor, a green roof
//! G a  l
//! G b  r
//! a b  blue
//! a c          # no colour: green
//! b c  g
//! ```
//!
//! One edge per line, `A B [colour]`; vertex names are any tokens without
//! whitespace; `G` is the ground; `A A` is a loop; repeated lines are
//! parallel edges; `#` starts a comment and blank lines are skipped. The
//! colour is `l`/`b`/`blue` (Left's), `r`/`red` (Right's) or
//! `e`/`g`/`green` (either's), in any case; without one the edge is green,
//! so every Green Hackenbush file reads with its old meaning. Edges not
//! connected to the ground are not part of the game and are dropped. The
//! ground is vertex 0 of the position, the other vertices follow in order of
//! first appearance, and each vertex's edges in line order, so options
//! print in that order.

use rustc_hash::FxHashMap;

use super::hackenbush::{BLUE, Childish, GREEN, Hackenbush, RED};
use super::multigraph::{Graph, GraphBuilder, MAX_VERTICES};
use crate::error::{Error, Location, Result};

/// The ground's name in edge lists.
pub const GROUND: &str = "G";

fn colour(token: &str) -> Option<u8> {
    match token.to_ascii_lowercase().as_str() {
        "l" | "b" | "blue" => Some(BLUE),
        "r" | "red" => Some(RED),
        "e" | "g" | "green" => Some(GREEN),
        _ => None,
    }
}

/// The vertex called `name`, added if new.
fn vertex<'a>(
    index: &mut FxHashMap<&'a str, u8>,
    b: &mut GraphBuilder,
    name: &'a str,
    line: usize,
) -> Result<u8> {
    if let Some(&v) = index.get(name) {
        return Ok(v);
    }
    let v = b.add_vertex(0).map_err(|_| {
        Error::syntax(
            Location::new(line, 1),
            format!("too many vertices (at most {MAX_VERTICES}, the ground included)"),
        )
    })?;
    index.insert(name, v);
    Ok(v)
}

/// Reads a coloured edge list (see the module documentation) as a plain
/// Hackenbush position.
pub fn parse_edge_list(text: &str) -> Result<Hackenbush> {
    parse_edge_list_with(text, Childish::NONE)
}

/// Reads a coloured edge list played with the childish colours `childish`.
///
/// Errors name the 1-based line and column: a line with one name or more
/// than three tokens, an unknown colour, too many vertices; and, without a
/// location, no edges at all or no edge at the ground.
pub fn parse_edge_list_with(text: &str, childish: Childish) -> Result<Hackenbush> {
    let mut b = GraphBuilder::new();
    let mut index: FxHashMap<&str, u8> = FxHashMap::default();
    index.insert(GROUND, 0);
    let _ = b.add_vertex(0);
    let mut edges = 0usize;
    let mut first_line = 0usize;
    let mut grounded = false;
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let content = raw.split('#').next().unwrap_or("");
        let tokens: Vec<(usize, &str)> = content
            .split_whitespace()
            .map(|t| (t.as_ptr() as usize - content.as_ptr() as usize, t))
            .collect();
        let at = |byte: usize| Location::new(line, content[..byte].chars().count() + 1);
        let (a, c, label) = match tokens.as_slice() {
            [] => continue,
            [(_, a), (_, c)] => (*a, *c, GREEN),
            [(_, a), (_, c), (k, t)] => match colour(t) {
                Some(label) => (*a, *c, label),
                None => {
                    return Err(Error::syntax(
                        at(*k),
                        format!("unknown colour '{t}': expected l (blue), r (red) or e (green)"),
                    ));
                }
            },
            [(_, _)] => {
                return Err(Error::syntax(
                    at(content.len()),
                    "an edge needs two vertex names, 'A B' or 'A B colour'; found one",
                ));
            }
            [_, _, _, (k, extra), ..] => {
                return Err(Error::syntax(
                    at(*k),
                    format!("an edge is 'A B' or 'A B colour'; unexpected fourth token '{extra}'"),
                ));
            }
        };
        let from = vertex(&mut index, &mut b, a, line)?;
        let to = vertex(&mut index, &mut b, c, line)?;
        grounded |= from == 0 || to == 0;
        if edges == 0 {
            first_line = line;
        }
        edges += 1;
        b.add_edge(from, to, label)?;
    }
    if edges == 0 {
        return Err(Error::invalid("no edges: the input is empty or only comments"));
    }
    if !grounded {
        return Err(Error::invalid(format!(
            "no edge touches the ground vertex '{GROUND}' (line {first_line} is the first edge)"
        )));
    }
    let graph: Graph = b.build()?.connected_component(0);
    Hackenbush::new(graph, childish)
}

/// Writes a position as a coloured edge list that [`parse_edge_list`] reads
/// back to the same picture (vertices may be renumbered and adjacency lists
/// reordered, so options may list in another order): the ground is `G`,
/// vertex v is `v<v>`, blue and red edges carry `l` or `r`, green edges no
/// colour (so a green picture is also a plain Green Hackenbush file).
pub fn write_edge_list(position: &Hackenbush) -> String {
    let g = position.graph();
    let name = |v: u8| if v == 0 { GROUND.to_string() } else { format!("v{v}") };
    let mut out = String::new();
    // Edges as CGSuite lists them: by lower vertex, then adjacency order.
    for (from, h) in g.edges() {
        out.push_str(&name(from));
        out.push(' ');
        out.push_str(&name(h.to));
        match h.label {
            BLUE => out.push_str(" l"),
            RED => out.push_str(" r"),
            _ => {}
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ruleset::Notation;

    #[test]
    fn coloured_lines_and_green_by_default() {
        let p = parse_edge_list("# house\nG a l\nG b R\na b blue\na c\nb c g\nx y\n").unwrap();
        assert_eq!(p.graph().vertex_count(), 4);
        assert_eq!(p.graph().edge_count(), 5);
        let q = parse_edge_list(&write_edge_list(&p)).unwrap();
        assert_eq!(q.graph().edge_count(), 5);
        let s = Hackenbush::parse("l(l;rl)").unwrap();
        let back = parse_edge_list(&write_edge_list(&s)).unwrap();
        assert_eq!(back.notation(), "l(l;rl)");
    }

    #[test]
    fn errors_name_the_line() {
        let e = parse_edge_list("G a\nG b purple\n").unwrap_err();
        assert_eq!(e.location().map(|l| (l.line, l.column)), Some((2, 5)));
        let e = parse_edge_list("G a l x\n").unwrap_err();
        assert_eq!(e.location().map(|l| (l.line, l.column)), Some((1, 7)));
        let e = parse_edge_list("G\n").unwrap_err();
        assert_eq!(e.location().map(|l| l.line), Some(1));
        assert!(parse_edge_list("# nothing\n").unwrap_err().message().contains("no edges"));
        assert!(parse_edge_list("a b\n").unwrap_err().message().contains("ground"));
    }
}

//! CGSuite's graph strings: reading them into a [`Graph`] and writing a
//! graph back exactly as CGSuite prints it.
//!
//! The grammar (`Graph.scala`'s `GraphParser`), one character per token,
//! spaces skipped, `{…}` one token (its contents):
//!
//! ```text
//! graph  := tree (';' tree)*          each tree starts at a new vertex
//! tree   := vertex chain
//! vertex := [label | '.'] [':' name]  no label: an unlabelled vertex
//! chain  := <end, ';' or ')'>         the chain ends (the token is not eaten)
//!         | '(' chain (';' chain)* ')'  branches from the same vertex; the chain ends
//!         | edge vertex chain
//! edge   := '-' (the empty edge label) | an edge label
//! ```
//!
//! A name (`:A`, `:{waist}`) ties vertices: every later vertex with the same
//! name is that vertex, which is how cycles, loops and parallel edges are
//! written. Vertices are numbered in order of first appearance and each
//! vertex's edges are listed in the order they are written.
//!
//! Writing (`Graph.toString`) walks depth first from the first vertex not
//! yet reached, following each vertex's remaining edges in order and using
//! each edge once. A vertex reached twice is named `A`, `B`, … (then `v26`,
//! …) in order of first printing; a vertex with several children opens
//! `(…;…)`; labels and names longer than one character are braced; a tree
//! that prints as nothing prints `.`. Reading what is written gives the same
//! graph back, vertex numbers and edge order included.

use rustc_hash::FxHashMap;

use super::multigraph::{Graph, GraphBuilder};
use crate::error::{Error, Location, Result};

/// The strings of a ruleset's vertex and edge labels (CGSuite's
/// `VertexLabels` and `EdgeLabels` maps). Each table must contain the empty
/// string, the unlabelled vertex or the plain `-` edge, unless that kind of
/// vertex or edge does not exist in the ruleset (Hackenbush has no plain
/// edges).
#[derive(Debug, Clone, Copy)]
pub struct Labels<'a> {
    /// Vertex label strings and their codes.
    pub vertex: &'a [(&'a str, u8)],
    /// Edge label strings and their codes.
    pub edge: &'a [(&'a str, u8)],
}

impl Labels<'_> {
    fn vertex_code(&self, token: &str) -> Option<u8> {
        self.vertex.iter().find(|(s, _)| *s == token).map(|&(_, c)| c)
    }

    fn edge_code(&self, token: &str) -> Option<u8> {
        self.edge.iter().find(|(s, _)| *s == token).map(|&(_, c)| c)
    }

    fn vertex_string(&self, code: u8) -> String {
        match self.vertex.iter().find(|&&(_, c)| c == code) {
            Some((s, _)) => (*s).to_string(),
            None => code.to_string(),
        }
    }

    fn edge_string(&self, code: u8) -> String {
        match self.edge.iter().find(|&&(_, c)| c == code) {
            Some((s, _)) => (*s).to_string(),
            None => code.to_string(),
        }
    }

    /// The edge labels as a user would list them: `'l', 'r', 'e'` or `'-'`.
    fn edge_list(&self) -> String {
        let names: Vec<String> = self
            .edge
            .iter()
            .map(|(s, _)| if s.is_empty() { "'-'".to_string() } else { format!("'{s}'") })
            .collect();
        names.join(", ")
    }
}

/// Unlabelled vertices, plain `-` edges (Arc Kayles, bare graphs).
pub const PLAIN: Labels<'static> = Labels { vertex: &[("", 0)], edge: &[("", 0)] };

/// One token: its byte offset in the text and its string.
type Token<'a> = (usize, &'a str);

fn tokenize(text: &str) -> Result<Vec<Token<'_>>> {
    let mut tokens = Vec::new();
    let mut chars = text.char_indices();
    while let Some((at, c)) = chars.next() {
        match c {
            ' ' => {}
            '{' => {
                let rest = &text[at + 1..];
                let Some(len) = rest.find('}') else {
                    return Err(Error::syntax(
                        Location::of_offset(text, at),
                        "invalid graph: '{' is not closed by '}'",
                    ));
                };
                tokens.push((at, &rest[..len]));
                // Skip the braced text and the closing brace.
                let end = at + 1 + len;
                for (i, _) in chars.by_ref() {
                    if i >= end {
                        break;
                    }
                }
            }
            _ => tokens.push((at, &text[at..at + c.len_utf8()])),
        }
    }
    Ok(tokens)
}

/// What the reader expects next.
#[derive(Clone, Copy)]
enum Mode {
    /// The first vertex of a new tree.
    Tree,
    /// An edge, a branch group or the end of the chain at this vertex.
    Chain(u8),
    /// Just after a closing `)`: only `;`, `)` or the end.
    AfterGroup,
}

struct Reader<'a, 'l> {
    text: &'a str,
    tokens: Vec<Token<'a>>,
    next: usize,
    labels: Labels<'l>,
    builder: GraphBuilder,
    names: FxHashMap<&'a str, u8>,
}

impl<'a> Reader<'a, '_> {
    fn at(&self, offset: usize) -> Location {
        Location::of_offset(self.text, offset)
    }

    fn peek(&self) -> Option<Token<'a>> {
        self.tokens.get(self.next).copied()
    }

    /// `[label | '.'] [':' name]`: the vertex, new or named before.
    fn vertex(&mut self) -> Result<u8> {
        let mut label = self.labels.vertex_code("").unwrap_or(0);
        let start = self.peek().map_or(self.text.len(), |(at, _)| at);
        if let Some((_, t)) = self.peek() {
            if let Some(code) = self.labels.vertex_code(t) {
                label = code;
                self.next += 1;
            } else if t == "." {
                self.next += 1;
            }
        }
        let mut name = None;
        if let Some((colon, ":")) = self.peek() {
            let Some((_, n)) = self.tokens.get(self.next + 1).copied() else {
                return Err(Error::syntax(
                    self.at(colon),
                    "invalid graph: ':' must be followed by a vertex name",
                ));
            };
            name = Some(n);
            self.next += 2;
        }
        if let Some(n) = name
            && let Some(&v) = self.names.get(n)
        {
            if self.builder.labels()[v as usize] != label {
                return Err(Error::syntax(
                    self.at(start),
                    format!("invalid graph: the vertex named '{n}' is given two different labels"),
                ));
            }
            return Ok(v);
        }
        let v = self.builder.add_vertex(label).map_err(|e| e.at(self.at(start)))?;
        if let Some(n) = name {
            self.names.insert(n, v);
        }
        Ok(v)
    }
}

/// Reads a graph string with the ruleset's `labels` (see the module
/// documentation). Errors are located at the offending token.
pub fn parse(text: &str, labels: Labels<'_>) -> Result<Graph> {
    let tokens = tokenize(text)?;
    let mut r = Reader {
        text,
        tokens,
        next: 0,
        labels,
        builder: GraphBuilder::new(),
        names: FxHashMap::default(),
    };
    // Open groups: the vertex branches grow from and the offset of its '('.
    let mut groups: Vec<(u8, usize)> = Vec::new();
    let mut mode = Mode::Tree;
    while let Some((at, token)) = r.peek() {
        match mode {
            Mode::Tree => mode = Mode::Chain(r.vertex()?),
            Mode::Chain(v) => match token {
                "(" => {
                    groups.push((v, at));
                    r.next += 1;
                }
                ";" => {
                    r.next += 1;
                    mode = groups.last().map_or(Mode::Tree, |&(g, _)| Mode::Chain(g));
                    if matches!(mode, Mode::Tree) && r.peek().is_none() {
                        break;
                    }
                }
                ")" => {
                    if groups.pop().is_none() {
                        return Err(Error::syntax(r.at(at), "invalid graph: unmatched ')'"));
                    }
                    r.next += 1;
                    mode = Mode::AfterGroup;
                }
                _ => {
                    let key = if token == "-" { "" } else { token };
                    let Some(code) = r.labels.edge_code(key) else {
                        return Err(Error::syntax(
                            r.at(at),
                            format!(
                                "invalid graph: expected an edge ({}), '(', ';' or ')', found '{token}'",
                                r.labels.edge_list()
                            ),
                        ));
                    };
                    r.next += 1;
                    let w = r.vertex()?;
                    r.builder.add_edge(v, w, code)?;
                    mode = Mode::Chain(w);
                }
            },
            Mode::AfterGroup => match token {
                ";" => {
                    r.next += 1;
                    mode = groups.last().map_or(Mode::Tree, |&(g, _)| Mode::Chain(g));
                    if matches!(mode, Mode::Tree) && r.peek().is_none() {
                        break;
                    }
                }
                ")" => {
                    if groups.pop().is_none() {
                        return Err(Error::syntax(r.at(at), "invalid graph: unmatched ')'"));
                    }
                    r.next += 1;
                }
                _ => {
                    return Err(Error::syntax(
                        r.at(at),
                        format!(
                            "invalid graph: a branch group '(…)' ends its chain; expected ';' or ')' after it, found '{token}'"
                        ),
                    ));
                }
            },
        }
    }
    if let Some(&(_, at)) = groups.last() {
        return Err(Error::syntax(r.at(at), "invalid graph: unmatched '('"));
    }
    let end = r.at(text.len());
    r.builder.build().map_err(|e| e.at(end))
}

/// One vertex of the printing walk: the vertex and its children (subtree,
/// edge label).
struct Tree {
    vertex: u8,
    children: Vec<(usize, u8)>,
}

/// Writes `graph` as CGSuite prints it with the ruleset's `labels` (see the
/// module documentation).
pub fn write(graph: &Graph, labels: Labels<'_>) -> String {
    let n = graph.vertex_count();
    let mut remaining: Vec<Vec<(u8, u8)>> =
        (0..n).map(|v| graph.neighbours(v).iter().map(|h| (h.to, h.label)).collect()).collect();
    let mut visits = vec![0u32; n];
    let mut nodes: Vec<Tree> = Vec::new();
    let mut roots = Vec::new();
    for s in 0..n {
        if visits[s] != 0 {
            continue;
        }
        roots.push(treeify(s as u8, &mut remaining, &mut visits, &mut nodes));
    }
    let mut names: FxHashMap<u8, String> = FxHashMap::default();
    let mut trees = Vec::with_capacity(roots.len());
    for root in roots {
        let mut out = String::new();
        stringify(root, &nodes, &visits, graph, labels, &mut names, &mut out);
        if out.is_empty() {
            out.push('.');
        }
        trees.push(out);
    }
    trees.join(";")
}

/// The depth-first walk from `start`: each edge is used once (its entry is
/// removed from both lists); a vertex seen again becomes a leaf. Returns the
/// index of `start`'s node. Explicit stack: depth is not bounded by the
/// call stack.
fn treeify(
    start: u8,
    remaining: &mut [Vec<(u8, u8)>],
    visits: &mut [u32],
    nodes: &mut Vec<Tree>,
) -> usize {
    let open = |v: u8, visits: &mut [u32], nodes: &mut Vec<Tree>| {
        visits[v as usize] += 1;
        nodes.push(Tree { vertex: v, children: Vec::new() });
        (nodes.len() - 1, visits[v as usize] == 1)
    };
    let (root, _) = open(start, visits, nodes);
    // Nodes still taking children.
    let mut stack = vec![root];
    while let Some(&node) = stack.last() {
        let v = nodes[node].vertex as usize;
        if remaining[v].is_empty() {
            stack.pop();
            continue;
        }
        let (to, label) = remaining[v].remove(0);
        if to as usize != v
            && let Some(back) = remaining[to as usize].iter().position(|&e| e == (v as u8, label))
        {
            remaining[to as usize].remove(back);
        }
        let (child, first) = open(to, visits, nodes);
        nodes[node].children.push((child, label));
        if first {
            stack.push(child);
        }
    }
    root
}

fn append_braced(out: &mut String, s: &str) {
    if s.chars().count() > 1 {
        out.push('{');
        out.push_str(s);
        out.push('}');
    } else {
        out.push_str(s);
    }
}

/// Appends the string of the walk's subtree `node`, with an explicit stack.
fn stringify(
    node: usize,
    nodes: &[Tree],
    visits: &[u32],
    graph: &Graph,
    labels: Labels<'_>,
    names: &mut FxHashMap<u8, String>,
    out: &mut String,
) {
    enum Step {
        Node(usize),
        Text(&'static str),
        Edge(u8),
    }
    let mut steps = vec![Step::Node(node)];
    while let Some(step) = steps.pop() {
        match step {
            Step::Text(t) => out.push_str(t),
            Step::Edge(label) => {
                let s = labels.edge_string(label);
                if s.is_empty() {
                    out.push('-');
                }
                append_braced(out, &s);
            }
            Step::Node(i) => {
                let t = &nodes[i];
                let v = t.vertex;
                append_braced(out, &labels.vertex_string(graph.label(v as usize)));
                if visits[v as usize] > 1 {
                    out.push(':');
                    let count = names.len();
                    let name = names.entry(v).or_insert_with(|| {
                        if count < 26 {
                            char::from(b'A' + count as u8).to_string()
                        } else {
                            format!("v{count}")
                        }
                    });
                    append_braced(out, name);
                }
                let many = t.children.len() > 1;
                // Pushed in reverse: the first child is written first.
                if many {
                    steps.push(Step::Text(")"));
                }
                for (k, &(child, label)) in t.children.iter().enumerate().rev() {
                    if k + 1 < t.children.len() {
                        steps.push(Step::Text(";"));
                    }
                    steps.push(Step::Node(child));
                    steps.push(Step::Edge(label));
                }
                if many {
                    steps.push(Step::Text("("));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const NAMED: Labels = Labels { vertex: &[("", 0), ("Left", 1), ("L", 2)], edge: &[("", 0)] };

    fn round(text: &str) -> String {
        write(&parse(text, PLAIN).unwrap(), PLAIN)
    }

    #[test]
    fn cgsuite_printing_examples() {
        assert_eq!(write(&Graph::path(5).unwrap(), PLAIN), "----");
        assert_eq!(write(&Graph::cycle(5).unwrap(), PLAIN), ":A-----:A");
        assert_eq!(write(&Graph::star(5).unwrap(), PLAIN), "(-;-;-;-)");
        assert_eq!(
            write(&Graph::clique(5).unwrap(), PLAIN),
            ":A-:B-:C(-:A;-(-:A;-:B;-(-:A;-:B;-:C)))"
        );
        assert_eq!(round("-;--;---"), "-;--;---");
        assert_eq!(round("."), ".");
        assert_eq!(round(":A-:A"), ":A-:A");
        assert_eq!(round(":A--:A"), ":A--:A");
        assert_eq!(round(""), "");
        assert_eq!(round(".-.-."), "--");
        let g = parse(".-.-L-L-.-.-L", NAMED).unwrap();
        assert_eq!(
            write(&g, Labels { vertex: &[("", 0), ("Left", 2)], edge: &[("", 0)] }),
            "--{Left}-{Left}---{Left}"
        );
    }

    #[test]
    fn errors_are_located() {
        let col = |t: &str| parse(t, PLAIN).unwrap_err().location().map(|l| l.column);
        assert_eq!(col("-(-;-"), Some(2));
        assert_eq!(col("--)"), Some(3));
        assert_eq!(col("(-;-)-"), Some(6));
        assert_eq!(col("-x"), Some(2));
        assert_eq!(col("-{ab"), Some(2));
        assert_eq!(col("-:"), Some(2));
    }
}

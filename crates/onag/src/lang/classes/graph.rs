//! CGSuite's `Graph` (`cgsuite.util.Graph`): made by `Graph.Parse(text,
//! vertexLabels, edgeLabels)` (the label maps take the strings written in
//! `text` to the labels they stand for, `{"" => Nothing}` by default),
//! `Graph("...")`, `Graph.Path(n)` (`Graph.Path(0)` is empty), `Cycle`,
//! `Star`, `Clique`, `Singleton` and `FromAdjacencyList`; changed as CGSuite
//! changes it (vertices renumbered in order, each vertex's edges kept in
//! order); written back with label strings. Vertices are numbered from 1.
//! Members are in `members/graph.rs`.

use std::sync::Arc;

use crate::error::{ErrorKind, Result};
use crate::lang::runtime::context::Eval;
use crate::lang::syntax::lexer::Span;
use crate::lang::value::Value;
use crate::lang::value::graph::{LabelledGraph, intern};
use crate::ruleset::graph::notation::{self, Labels};
use crate::ruleset::graph::{Graph as Shape, GraphBuilder};

/// The statics of `Graph` (`Graph.Path(5)`), by name, with their arguments.
pub(crate) fn call(
    ev: &mut Eval<'_>,
    name: &str,
    args: &[(Value, Span)],
    span: Span,
) -> Result<Value> {
    let label = |i: usize| args.get(i).map_or(Value::Nothing, |(v, _)| v.clone());
    let counted = |ev: &Eval<'_>, make: fn(usize) -> Result<Shape>| -> Result<Value> {
        let Some((n, at)) = args.first() else {
            return Err(bad(ev, span, format!("Graph.{name} needs a vertex count")));
        };
        if args.len() > 3 {
            return Err(bad(ev, span, format!("Graph.{name} takes 1 to 3 arguments")));
        }
        let n = n.as_usize().ok_or_else(|| {
            bad(ev, *at, format!("Graph.{name} needs a vertex count, not {}", n.describe()))
        })?;
        let shape = make(n).map_err(|e| bad(ev, *at, e.message().to_string()))?;
        Ok(graph(LabelledGraph::new(shape, &[label(1)], &[label(2)])))
    };
    match name {
        "Path" => counted(ev, Shape::path),
        "Cycle" => counted(ev, Shape::cycle),
        "Star" => counted(ev, Shape::star),
        "Clique" => counted(ev, Shape::clique),
        "Singleton" if args.len() <= 1 => {
            let mut b = GraphBuilder::new();
            b.add_vertex(0)?;
            Ok(graph(LabelledGraph::new(b.build()?, &[label(0)], &[])))
        }
        "Parse" | "Eval" if (1..=3).contains(&args.len()) => {
            let Value::Str(text) = &args[0].0 else {
                return Err(bad(ev, args[0].1, format!("Graph.{name} needs a string")));
            };
            let vertex = label_map(ev, args.get(1), span)?;
            let edge = label_map(ev, args.get(2), span)?;
            parse(ev, text, &vertex, &edge, args[0].1)
        }
        "FromAdjacencyList" if (1..=3).contains(&args.len()) => {
            let shape = from_adjacency_list(ev, &args[0].0, args[0].1)?;
            Ok(graph(LabelledGraph::new(shape, &[label(1)], &[label(2)])))
        }
        _ => Err(bad(ev, span, format!("Graph.{name} does not take {} arguments", args.len()))),
    }
}

/// The parameters of each static, in order, as they may be named.
fn parameters(name: &str) -> &'static [&'static str] {
    match name {
        "Parse" | "Eval" => &["str", "vertexLabels", "edgeLabels"],
        "FromAdjacencyList" => &["adjacencyList", "vertexLabel", "edgeLabel"],
        "Singleton" => &["vertexLabel"],
        _ => &["n", "vertexLabel", "edgeLabel"],
    }
}

/// `Graph.Name(args)` with arguments that may be named
/// (`Graph.Parse("L-.", vertexLabels => {"L" => Left})`); a parameter
/// left out is `Nothing`, its default.
pub(crate) fn call_with(
    ev: &mut Eval<'_>,
    name: &str,
    args: crate::lang::runtime::context::Args,
    span: Span,
) -> Result<Value> {
    let names = parameters(name);
    let mut placed: Vec<Option<(Value, Span)>> = Vec::new();
    let mut next = 0;
    for (arg_name, v, at) in args {
        let i = match arg_name {
            None => {
                next += 1;
                next - 1
            }
            Some(n) => names
                .iter()
                .position(|p| *p == n)
                .ok_or_else(|| bad(ev, at, format!("Graph.{name} has no parameter named '{n}'")))?,
        };
        if placed.len() <= i {
            placed.resize(i + 1, None);
        }
        if placed[i].is_some() {
            return Err(bad(ev, at, format!("Graph.{name} is given argument {} twice", i + 1)));
        }
        placed[i] = Some((v, at));
    }
    let args: Vec<(Value, Span)> =
        placed.into_iter().map(|a| a.unwrap_or((Value::Nothing, span))).collect();
    call(ev, name, &args, span)
}

/// A graph as a value.
pub(crate) fn graph(g: LabelledGraph) -> Value {
    Value::Graph(Arc::new(g))
}

fn bad(ev: &Eval<'_>, at: Span, message: String) -> crate::Error {
    ev.error(at, ErrorKind::InvalidInput, message)
}

/// The strings of a label map argument and the labels they stand for
/// (`{"" => Nothing}` when it is not given).
fn label_map(
    ev: &Eval<'_>,
    arg: Option<&(Value, Span)>,
    span: Span,
) -> Result<Vec<(String, Value)>> {
    let Some((map, at)) = arg.filter(|(v, _)| *v != Value::Nothing) else {
        return Ok(vec![(String::new(), Value::Nothing)]);
    };
    let Value::Map(entries) = map else {
        return Err(bad(
            ev,
            *at,
            format!("a graph's labels are given as a map from strings, not {}", map.kind_name()),
        ));
    };
    let mut out = Vec::new();
    for (k, v) in entries.iter() {
        let Value::Str(s) = k else {
            return Err(bad(
                ev,
                span,
                format!("a label's string must be a string, not {}", k.kind_name()),
            ));
        };
        out.push((s.clone(), v.clone()));
    }
    Ok(out)
}

/// Reads `text` with the label strings `vertex` and `edge`.
fn parse(
    ev: &Eval<'_>,
    text: &str,
    vertex: &[(String, Value)],
    edge: &[(String, Value)],
    at: Span,
) -> Result<Value> {
    let mut vertex_labels = Vec::new();
    let mut edge_labels = Vec::new();
    let codes =
        |table: &mut Vec<Value>, strings: &[(String, Value)]| -> Result<Vec<(String, u8)>> {
            strings.iter().map(|(s, v)| Ok((s.clone(), intern(table, v)?))).collect()
        };
    let vertex_codes = codes(&mut vertex_labels, vertex).map_err(|e| ev.locate(e, at))?;
    let edge_codes = codes(&mut edge_labels, edge).map_err(|e| ev.locate(e, at))?;
    let v: Vec<(&str, u8)> = vertex_codes.iter().map(|(s, c)| (s.as_str(), *c)).collect();
    let e: Vec<(&str, u8)> = edge_codes.iter().map(|(s, c)| (s.as_str(), *c)).collect();
    let shape = notation::parse(text, Labels { vertex: &v, edge: &e })
        .map_err(|e| bad(ev, at, e.message().to_string()))?;
    Ok(graph(LabelledGraph::new(shape, &vertex_labels, &edge_labels)))
}

/// `Graph.FromAdjacencyList([[2], [1, 3], [2]])`: vertex `i`'s list names
/// the vertices its edges go to (from 1; `i` itself for a loop). Each edge
/// is listed at both ends.
fn from_adjacency_list(ev: &Eval<'_>, list: &Value, at: Span) -> Result<Shape> {
    let shape_error = |message: String| bad(ev, at, message);
    let rows = ev
        .collection_items(list)
        .ok_or_else(|| shape_error("FromAdjacencyList needs a list of lists of vertices".into()))?;
    let n = rows.len();
    let mut lists: Vec<Vec<usize>> = Vec::with_capacity(n);
    for (i, row) in rows.iter().enumerate() {
        let items = ev.collection_items(row).ok_or_else(|| {
            shape_error(format!("vertex {} of the adjacency list is not a list", i + 1))
        })?;
        let mut to = Vec::with_capacity(items.len());
        for item in items {
            match item.as_usize() {
                Some(w) if (1..=n).contains(&w) => to.push(w - 1),
                _ => {
                    return Err(shape_error(format!(
                        "Vertex is out of bounds: {}",
                        item.describe()
                    )));
                }
            }
        }
        lists.push(to);
    }
    let mut b = GraphBuilder::new();
    for _ in 0..n {
        b.add_vertex(0).map_err(|e| shape_error(e.message().to_string()))?;
    }
    for (v, to) in lists.iter().enumerate() {
        for &w in to.iter().filter(|&&w| w >= v) {
            b.add_edge(v as u8, w as u8, 0)?;
        }
    }
    let shape = b.build().map_err(|e| shape_error(e.message().to_string()))?;
    // Each edge at both ends: the lists built agree with the lists given.
    for (v, to) in lists.iter().enumerate() {
        let mut given = to.clone();
        let mut built: Vec<usize> = shape.neighbours(v).iter().map(|h| h.to as usize).collect();
        given.sort_unstable();
        built.sort_unstable();
        if given != built {
            return Err(shape_error(format!(
                "the adjacency list must list each edge at both ends (vertex {} does not agree with its neighbours)",
                v + 1
            )));
        }
    }
    Ok(shape)
}

/// A vertex number from 1 as an index from 0, or CGSuite's error.
pub(crate) fn vertex(ev: &Eval<'_>, g: &LabelledGraph, v: &Value, at: Span) -> Result<usize> {
    match v.as_usize() {
        Some(n) if (1..=g.shape.vertex_count()).contains(&n) => Ok(n - 1),
        _ => Err(bad(ev, at, format!("Vertex is out of bounds: {}", v.describe()))),
    }
}

/// The vertices a list names, each from 0.
pub(crate) fn vertices(
    ev: &Eval<'_>,
    g: &LabelledGraph,
    list: &Value,
    at: Span,
) -> Result<Vec<usize>> {
    let items = ev.collection_items(list).ok_or_else(|| {
        bad(ev, at, format!("a list of vertices is needed, not {}", list.kind_name()))
    })?;
    items.iter().map(|v| vertex(ev, g, v, at)).collect()
}

/// CGSuite's `Decomposition(label)`: the connected components of the
/// graph without its vertices labelled `label`.
pub(crate) fn decomposition(g: &LabelledGraph, label: &Value) -> Vec<LabelledGraph> {
    let keep: Vec<bool> = (0..g.shape.vertex_count()).map(|v| g.vertex_label(v) != label).collect();
    let rest = if keep.iter().all(|&k| k) { g.shape.clone() } else { g.shape.retain(&keep) };
    if rest.is_empty() {
        return Vec::new();
    }
    rest.connected_components().into_iter().map(|c| g.with_shape(c)).collect()
}

/// The graph with the vertex labels `updates` gives (vertex from 1 ⇒
/// label).
pub(crate) fn updated_vertex_labels(
    ev: &Eval<'_>,
    g: &LabelledGraph,
    updates: &[(Value, Value)],
    at: Span,
) -> Result<LabelledGraph> {
    let mut labels = g.vertex_labels.clone();
    let mut codes: Vec<u8> = g.shape.labels().to_vec();
    for (v, label) in updates {
        let v = vertex(ev, g, v, at)?;
        codes[v] = intern(&mut labels, label).map_err(|e| ev.locate(e, at))?;
    }
    let keep = vec![true; codes.len()];
    let shape = g.shape.retain_relabelled(&keep, &codes);
    Ok(LabelledGraph::new(shape, &labels, &g.edge_labels))
}

/// How a label is written: by the map or function given (`None`, or a
/// map without that label: as it prints, `Nothing` as nothing), as
/// CGSuite's `ToString(vertexLabels, edgeLabels)` writes it.
fn label_string(
    ev: &mut Eval<'_>,
    by: Option<&Value>,
    label: &Value,
    span: Span,
) -> Result<String> {
    let given = match by {
        Some(Value::Map(entries)) => {
            entries.iter().find(|(k, _)| *k == label).map(|(_, v)| v.clone())
        }
        Some(Value::Function(f)) => {
            let f = f.clone();
            Some(ev.apply(&f, vec![(None, label.clone(), span)], span)?)
        }
        _ => None,
    };
    match given {
        Some(Value::Str(s)) => Ok(s),
        Some(other) => ev.show(&other),
        None if *label == Value::Nothing => Ok(String::new()),
        None => ev.show(label),
    }
}

/// `g` written in CGSuite's graph notation, its labels written by
/// `vertex` and `edge` (see [`label_string`]).
pub(crate) fn write(
    ev: &mut Eval<'_>,
    g: &LabelledGraph,
    vertex: Option<&Value>,
    edge: Option<&Value>,
    span: Span,
) -> Result<String> {
    let mut strings = |labels: &[Value], by: Option<&Value>| -> Result<Vec<(String, u8)>> {
        let mut out = Vec::with_capacity(labels.len());
        for (code, label) in labels.iter().enumerate() {
            out.push((label_string(ev, by, label, span)?, code as u8));
        }
        Ok(out)
    };
    let v = strings(&g.vertex_labels, vertex)?;
    let e = strings(&g.edge_labels, edge)?;
    let v: Vec<(&str, u8)> = v.iter().map(|(s, c)| (s.as_str(), *c)).collect();
    let e: Vec<(&str, u8)> = e.iter().map(|(s, c)| (s.as_str(), *c)).collect();
    Ok(notation::write(&g.shape, Labels { vertex: &v, edge: &e }))
}

//! Members of graphs (`cgsuite.util.Graph`), and the vertices and edges
//! they give (`cgsuite.util.Vertex`, `cgsuite.util.Edge`, small classes of
//! the prelude).

use crate::error::{ErrorKind, Result};
use crate::lang::classes::graph::{self, decomposition, graph as value, updated_vertex_labels};
use crate::lang::runtime::context::Eval;
use crate::lang::runtime::table::{Table, member, member_optional};
use crate::lang::syntax::lexer::Span;
use crate::lang::value::Value;
use crate::lang::value::graph::LabelledGraph;
use crate::ruleset::graph::Half;

/// An instance of the prelude class `path` made with `args`.
fn instance(ev: &mut Eval<'_>, path: &str, args: Vec<Value>, span: Span) -> Result<Value> {
    let Some(class) = ev.state.library.class(path).map_err(|e| ev.locate(e, span))? else {
        return Err(ev.error(span, ErrorKind::InvalidInput, format!("no class {path}")));
    };
    let class = ev.class_value(class)?;
    ev.call_object(class, args.into_iter().map(|v| (None, v, span)).collect(), span)
}

/// `g[v]`: vertex `v` (from 1), its label and the vertices its edges go to.
pub(crate) fn vertex_at(
    ev: &mut Eval<'_>,
    g: &LabelledGraph,
    v: &Value,
    span: Span,
) -> Result<Value> {
    let v = graph::vertex(ev, g, v, span)?;
    vertex_value(ev, g, v, span)
}

fn vertex_value(ev: &mut Eval<'_>, g: &LabelledGraph, v: usize, span: Span) -> Result<Value> {
    let mut edges = Vec::with_capacity(g.shape.neighbours(v).len());
    for h in g.shape.neighbours(v) {
        edges.push(edge_value(ev, g, v as u8, *h, span)?);
    }
    instance(ev, "cgsuite.util.Vertex", vec![g.vertex_label(v).clone(), Value::List(edges)], span)
}

/// The edge entry `h` of vertex `from` (from 0) as an `Edge`.
fn edge_value(
    ev: &mut Eval<'_>,
    g: &LabelledGraph,
    from: u8,
    h: Half,
    span: Span,
) -> Result<Value> {
    let args = vec![
        g.edge_label(h.label).clone(),
        Value::int(from as usize + 1),
        Value::int(h.to as usize + 1),
    ];
    instance(ev, "cgsuite.util.Edge", args, span)
}

/// A list of graphs.
fn graphs(parts: Vec<LabelledGraph>) -> Value {
    Value::List(parts.into_iter().map(value).collect())
}

/// The edge an `Edge` value names, as (from, entry), from 0.
fn edge_of(ev: &Eval<'_>, g: &LabelledGraph, edge: &Value, at: Span) -> Result<(u8, Half)> {
    let bad = || {
        ev.error(
            at,
            ErrorKind::InvalidInput,
            format!("DeleteEdge needs an edge of the graph, not {}", edge.describe()),
        )
    };
    let Value::Object(o) = edge else { return Err(bad()) };
    let (Some(from), Some(to), Some(label)) =
        (o.field("fromVertex"), o.field("toVertex"), o.field("label"))
    else {
        return Err(bad());
    };
    let from = graph::vertex(ev, g, from, at)?;
    let to = graph::vertex(ev, g, to, at)?;
    let code = g.edge_labels.iter().position(|l| l == label).ok_or_else(bad)? as u8;
    let half = Half { to: to as u8, label: code };
    if !g.shape.neighbours(from).contains(&half) {
        return Err(bad());
    }
    Ok((from as u8, half))
}

/// The members of graphs.
pub(crate) const TABLE: Table<LabelledGraph> = Table {
    on: "graph",
    members: &[
        member(
            "VertexCount",
            0,
            "the number of vertices",
            "Graph.Path(5).VertexCount",
            |_, g, _, _| Ok(Value::int(g.shape.vertex_count())),
        ),
        member("EdgeCount", 0, "the number of edges", "Graph.Cycle(5).EdgeCount", |_, g, _, _| {
            Ok(Value::int(g.shape.edge_count()))
        }),
        member(
            "IsEmpty",
            0,
            "whether it has no vertices",
            "Graph.Path(0).IsEmpty",
            |_, g, _, _| Ok(Value::Bool(g.shape.is_empty())),
        ),
        member(
            "IsConnected",
            0,
            "whether it is connected",
            "Graph(\"-;-\").IsConnected",
            |_, g, _, _| Ok(Value::Bool(g.shape.is_connected())),
        ),
        member(
            "IsSimple",
            0,
            "whether it has no loops and no parallel edges",
            "Graph(\":A-:A\").IsSimple",
            |_, g, _, _| {
                let mut seen = std::collections::BTreeSet::new();
                let simple =
                    g.shape.edges().all(|(from, h)| h.to != from && seen.insert((from, h)));
                Ok(Value::Bool(simple))
            },
        ),
        member(
            "Vertices",
            0,
            "its vertices, from 1",
            "Graph.Path(3).Vertices",
            |ev, g, _, span| {
                let mut out = Vec::with_capacity(g.shape.vertex_count());
                for v in 0..g.shape.vertex_count() {
                    out.push(vertex_value(ev, g, v, span)?);
                }
                Ok(Value::List(out))
            },
        ),
        member("Edges", 0, "its edges, each once", "Graph.Path(3).Edges", |ev, g, _, span| {
            let mut out = Vec::with_capacity(g.shape.edge_count());
            for (from, h) in g.shape.edges() {
                out.push(edge_value(ev, g, from, h, span)?);
            }
            Ok(Value::List(out))
        }),
        member(
            "AdjacencyList",
            0,
            "for each vertex, the vertices its edges go to, sorted",
            "Graph.Path(3).AdjacencyList",
            |_, g, _, _| {
                let rows = (0..g.shape.vertex_count()).map(|v| {
                    let mut to: Vec<usize> =
                        g.shape.neighbours(v).iter().map(|h| h.to as usize + 1).collect();
                    to.sort_unstable();
                    Value::List(to.into_iter().map(Value::int).collect())
                });
                Ok(Value::List(rows.collect()))
            },
        ),
        member(
            "ConnectedComponent",
            1,
            "the connected component of a vertex",
            "Graph(\"-;--\").ConnectedComponent(3)",
            |ev, g, a, _| {
                let v = graph::vertex(ev, g, &a[0].0, a[0].1)?;
                Ok(value(g.with_shape(g.shape.connected_component(v))))
            },
        ),
        member(
            "ConnectedComponents",
            0,
            "its connected components, in order of their first vertex",
            "Graph(\"-;--\").ConnectedComponents",
            |_, g, _, _| {
                if g.shape.is_empty() {
                    return Ok(Value::List(Vec::new()));
                }
                Ok(graphs(
                    g.shape.connected_components().into_iter().map(|c| g.with_shape(c)).collect(),
                ))
            },
        ),
        member(
            "Decomposition",
            1,
            "the connected components left when the vertices with this label are removed",
            "Graph.Path(5).UpdatedVertexLabels({3 => 0}).Decomposition(0)",
            |_, g, a, _| Ok(graphs(decomposition(g, &a[0].0))),
        ),
        member(
            "DeleteVertex",
            1,
            "the graph without a vertex",
            "Graph.Path(5).DeleteVertex(2)",
            |ev, g, a, _| {
                let v = graph::vertex(ev, g, &a[0].0, a[0].1)?;
                Ok(value(g.with_shape(g.shape.delete_vertices(&[v as u8]))))
            },
        ),
        member(
            "DeleteVertices",
            1,
            "the graph without the vertices listed",
            "Graph.Path(5).DeleteVertices([2, 3])",
            |ev, g, a, _| {
                let gone: Vec<u8> =
                    graph::vertices(ev, g, &a[0].0, a[0].1)?.into_iter().map(|v| v as u8).collect();
                Ok(value(g.with_shape(g.shape.delete_vertices(&gone))))
            },
        ),
        member(
            "RetainVertices",
            1,
            "the graph of the vertices listed",
            "Graph.Path(5).RetainVertices([1, 2, 4])",
            |ev, g, a, _| {
                let mut keep = vec![false; g.shape.vertex_count()];
                for v in graph::vertices(ev, g, &a[0].0, a[0].1)? {
                    keep[v] = true;
                }
                Ok(value(g.with_shape(g.shape.retain(&keep))))
            },
        ),
        member(
            "DeleteEdge",
            1,
            "the graph without an edge (one of its Edges)",
            "Graph.Path(3).DeleteEdge(Graph.Path(3).Edges[1])",
            |ev, g, a, _| {
                let (from, half) = edge_of(ev, g, &a[0].0, a[0].1)?;
                Ok(value(g.with_shape(g.shape.delete_edge(from, half))))
            },
        ),
        member(
            "DeleteEdgeByIndex",
            2,
            "the graph without edge i of vertex v (both from 1)",
            "Graph.Star(4).DeleteEdgeByIndex(1, 2)",
            |ev, g, a, _| {
                let v = graph::vertex(ev, g, &a[0].0, a[0].1)?;
                let entries = g.shape.neighbours(v);
                let Some(&half) = a[1].0.as_usize().and_then(|i| entries.get(i.checked_sub(1)?))
                else {
                    return Err(ev.error(
                        a[1].1,
                        ErrorKind::InvalidInput,
                        format!("Edge is out of bounds: {}", a[1].0.describe()),
                    ));
                };
                Ok(value(g.with_shape(g.shape.delete_edge(v as u8, half))))
            },
        ),
        member(
            "UpdatedVertexLabels",
            1,
            "the graph with the vertex labels a map gives (vertex => label)",
            "Graph.Path(3).UpdatedVertexLabels({1 => Left})",
            |ev, g, a, _| {
                let Value::Map(updates) = &a[0].0 else {
                    return Err(ev.error(
                        a[0].1,
                        ErrorKind::InvalidInput,
                        format!("UpdatedVertexLabels needs a map, not {}", a[0].0.kind_name()),
                    ));
                };
                let updates: Vec<(Value, Value)> =
                    updates.iter().map(|(k, v)| (k.clone(), v.clone())).collect();
                Ok(value(updated_vertex_labels(ev, g, &updates, a[0].1)?))
            },
        ),
        member_optional(
            "ToString",
            0,
            2,
            "the graph's string, its labels written by maps or functions (label => string)",
            "Graph.Path(3).UpdatedVertexLabels({1 => Left}).ToString({Left => \"L\"})",
            |ev, g, a, span| {
                let text =
                    graph::write(ev, g, a.first().map(|x| &x.0), a.get(1).map(|x| &x.0), span)?;
                Ok(Value::Str(text))
            },
        ),
    ],
};

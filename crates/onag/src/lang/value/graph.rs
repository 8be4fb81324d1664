//! CGSuite's `Graph` (`cgsuite.util.Graph`) as data: an undirected
//! multigraph whose vertices and edges carry labels that are any values
//! (`Nothing`, integers, `Left`, an enum's elements), in the library's
//! [`Graph`](crate::ruleset::graph::Graph) with a table of the labels its
//! codes stand for. What the calculator does with graphs is in
//! `classes/graph`.
//!
//! Invariant: the codes are numbered in order of first use (vertex labels
//! vertex by vertex, edge labels along the adjacency lists), every code of
//! a table is used, and no two codes of a table stand for equal values; so
//! two equal graphs are equal field by field, and hash alike.

use crate::error::{Error, Result};
use crate::lang::value::Value;
use crate::ruleset::graph::Graph as Shape;

/// A graph with labelled vertices and edges.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct LabelledGraph {
    /// The vertices, edges and their label codes.
    pub(crate) shape: Shape,
    /// The value of each vertex label code.
    pub(crate) vertex_labels: Vec<Value>,
    /// The value of each edge label code.
    pub(crate) edge_labels: Vec<Value>,
}

/// The code of `label` in `table`, added when new. Fails past 256 labels.
pub(crate) fn intern(table: &mut Vec<Value>, label: &Value) -> Result<u8> {
    if let Some(i) = table.iter().position(|l| l == label) {
        return Ok(i as u8);
    }
    if table.len() > u8::MAX as usize {
        return Err(Error::invalid("a graph has at most 256 different labels of each kind"));
    }
    table.push(label.clone());
    Ok((table.len() - 1) as u8)
}

impl LabelledGraph {
    /// The graph `shape` whose codes stand for `vertex_labels` and
    /// `edge_labels`, renumbered to keep the module's invariant.
    pub(crate) fn new(shape: Shape, vertex_labels: &[Value], edge_labels: &[Value]) -> Self {
        let mut vertex_map = [u8::MAX; 256];
        let mut vertices = Vec::new();
        for &code in shape.labels() {
            let label = vertex_labels.get(code as usize).unwrap_or(&Value::Nothing);
            if vertex_map[code as usize] == u8::MAX {
                // At most 256 codes in, so at most 256 out.
                vertex_map[code as usize] = intern(&mut vertices, label).unwrap_or(0);
            }
        }
        let mut edge_map = [u8::MAX; 256];
        let mut edges = Vec::new();
        for (_, half) in shape.edges() {
            let code = half.label as usize;
            if edge_map[code] == u8::MAX {
                let label = edge_labels.get(code).unwrap_or(&Value::Nothing);
                edge_map[code] = intern(&mut edges, label).unwrap_or(0);
            }
        }
        let shape = shape
            .map_vertex_labels(|c| vertex_map[c as usize])
            .map_edge_labels(|c| edge_map[c as usize]);
        LabelledGraph { shape, vertex_labels: vertices, edge_labels: edges }
    }

    /// The same labels on another shape made from this one (its codes are
    /// this graph's).
    pub(crate) fn with_shape(&self, shape: Shape) -> Self {
        LabelledGraph::new(shape, &self.vertex_labels, &self.edge_labels)
    }

    /// The label of vertex `v` (from 0).
    pub(crate) fn vertex_label(&self, v: usize) -> &Value {
        let code = self.shape.label(v);
        self.vertex_labels.get(code as usize).unwrap_or(&Value::Nothing)
    }

    /// The value of edge label `code`.
    pub(crate) fn edge_label(&self, code: u8) -> &Value {
        self.edge_labels.get(code as usize).unwrap_or(&Value::Nothing)
    }

    /// The heap bytes it holds, about.
    pub(crate) fn heap_bytes(&self) -> usize {
        self.shape.heap_bytes()
            + (self.vertex_labels.len() + self.edge_labels.len()) * std::mem::size_of::<Value>()
    }
}

//! Explicit game graphs: a finite set of named positions and their moves.
//!
//! Users describe small and huge impartial games alike as files (see
//! [`parse_text`] and [`parse_json`]); this module holds the compact form every
//! solver works on. Names are interned to dense [`PositionId`]s (0..n, in order of
//! definition, so the start of a text file is id 0), the moves are stored in CSR
//! form (one offsets array, one targets array) and all names share one string
//! buffer: a graph of n positions and m moves costs about `12n + 4m` bytes plus
//! the names, with no allocation per position.
//!
//! A graph may have cycles: the parser accepts them (the retrograde solver for
//! loopy games reads the same files); the acyclic solvers ([`solve`] for
//! Grundy values, [`misere`], [`every_sg`]) report a cycle as an error naming
//! a position on it. [`sum`] values disjunctive sums of solved positions.

pub mod every_sg;
pub mod misere;
pub mod parse;
pub mod solve;
pub mod sum;

use std::hash::BuildHasher;

use hashbrown::HashTable;
use rustc_hash::FxBuildHasher;

use crate::error::{Error, Location, Result};
use crate::impartial::ImpartialPosition;

pub use parse::{parse_json, parse_json_within, parse_text, parse_text_within};

/// A position of a [`GameGraph`]: a dense index, meaningless without its graph.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(transparent)]
pub struct PositionId(pub u32);

impl PositionId {
    /// The id as an index into per-position tables.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// The tags written in square brackets after a position's name
/// (`name [L win]: b c`), kept for solvers that interpret them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PositionTags {
    /// The tagged position.
    pub position: PositionId,
    /// The words between the brackets, in order.
    pub words: Vec<String>,
    /// Where the opening bracket is.
    pub location: Location,
}

/// Whether `name` is a valid position name: non-empty, no whitespace or
/// control characters, none of `:`, `#`, `[`, `]`.
pub fn is_valid_name(name: &str) -> bool {
    !name.is_empty() && name.chars().all(is_name_char)
}

/// Whether `c` may appear in a position name or a tag word.
pub(crate) fn is_name_char(c: char) -> bool {
    !(c.is_whitespace() || c.is_control() || matches!(c, ':' | '#' | '[' | ']'))
}

/// A finite game graph with named positions.
///
/// Invariants: names are distinct and valid ([`is_valid_name`]);
/// `move_offsets` has `len() + 1` non-decreasing entries starting at 0 and
/// ending at `targets.len()`; every target is a valid id; `tags` is sorted by
/// position with at most one entry per position.
#[derive(Debug, Clone)]
pub struct GameGraph {
    source: Option<String>,
    start: PositionId,
    name_bytes: String,
    name_ends: Vec<usize>,
    index: HashTable<u32>,
    move_offsets: Vec<usize>,
    targets: Vec<PositionId>,
    /// Line and column of each position's definition (0, 0 when unknown).
    places: Vec<(u32, u32)>,
    tags: Vec<PositionTags>,
}

fn hash_name(name: &str) -> u64 {
    FxBuildHasher.hash_one(name.as_bytes())
}

/// Interns names to dense ids, sharing one string buffer.
#[derive(Debug, Default, Clone)]
pub(crate) struct NameTable {
    pub(crate) bytes: String,
    pub(crate) ends: Vec<usize>,
    pub(crate) index: HashTable<u32>,
}

impl NameTable {
    /// The name of id `i`.
    pub(crate) fn get(&self, i: u32) -> &str {
        let i = i as usize;
        let start = if i == 0 { 0 } else { self.ends[i - 1] };
        &self.bytes[start..self.ends[i]]
    }

    /// The number of names.
    pub(crate) fn len(&self) -> usize {
        self.ends.len()
    }

    /// The id of `name`, if interned.
    pub(crate) fn find(&self, name: &str) -> Option<u32> {
        let hash = hash_name(name);
        self.index.find(hash, |&i| self.get(i) == name).copied()
    }

    /// The id of `name`, interning it if new; the flag says whether it was new.
    pub(crate) fn intern(&mut self, name: &str) -> Result<(u32, bool)> {
        let hash = hash_name(name);
        let Self { bytes, ends, index } = self;
        let get = |i: u32| {
            let i = i as usize;
            let start = if i == 0 { 0 } else { ends[i - 1] };
            &bytes[start..ends[i]]
        };
        if let Some(&i) = index.find(hash, |&i| get(i) == name) {
            return Ok((i, false));
        }
        let id = u32::try_from(ends.len())
            .ok()
            .filter(|&id| id < u32::MAX)
            .ok_or_else(|| Error::invalid("more than 4294967294 positions"))?;
        bytes.push_str(name);
        ends.push(bytes.len());
        let (bytes, ends) = (&*bytes, &*ends);
        index.insert_unique(hash, id, |&i| {
            let i = i as usize;
            let start = if i == 0 { 0 } else { ends[i - 1] };
            hash_name(&bytes[start..ends[i]])
        });
        Ok((id, true))
    }
}

impl GameGraph {
    /// Assembles a graph from parts the parser has checked.
    pub(crate) fn from_parts(
        source: Option<String>,
        start: PositionId,
        names: NameTable,
        move_offsets: Vec<usize>,
        targets: Vec<PositionId>,
        places: Vec<(u32, u32)>,
        tags: Vec<PositionTags>,
    ) -> Self {
        GameGraph {
            source,
            start,
            name_bytes: names.bytes,
            name_ends: names.ends,
            index: names.index,
            move_offsets,
            targets,
            places,
            tags,
        }
    }

    /// A graph of `names.len()` positions whose moves are given in CSR form:
    /// the moves of position `i` are `targets[offsets[i]..offsets[i + 1]]`.
    /// The start is position 0. Fails on an invalid or repeated name, a
    /// malformed offsets array or a target out of range.
    pub fn from_csr<S: AsRef<str>>(
        names: &[S],
        offsets: Vec<usize>,
        targets: Vec<PositionId>,
    ) -> Result<Self> {
        let mut table = NameTable::default();
        for name in names {
            let name = name.as_ref();
            if !is_valid_name(name) {
                return Err(Error::invalid(format!("invalid position name {name:?}")));
            }
            if !table.intern(name)?.1 {
                return Err(Error::invalid(format!("duplicate position name `{name}`")));
            }
        }
        if names.is_empty() {
            return Err(Error::invalid("a game graph needs at least one position"));
        }
        if offsets.len() != names.len() + 1
            || offsets.first() != Some(&0)
            || offsets.last() != Some(&targets.len())
            || offsets.windows(2).any(|w| w[0] > w[1])
        {
            return Err(Error::invalid("malformed move offsets"));
        }
        if targets.iter().any(|t| t.index() >= names.len()) {
            return Err(Error::invalid("a move leads to a position that does not exist"));
        }
        let places = vec![(0, 0); names.len()];
        Ok(GameGraph::from_parts(None, PositionId(0), table, offsets, targets, places, Vec::new()))
    }

    /// A graph from a list of moves per position (convenient for small graphs).
    pub fn from_moves<S: AsRef<str>>(names: &[S], moves: &[Vec<u32>]) -> Result<Self> {
        if moves.len() != names.len() {
            return Err(Error::invalid("one list of moves per position is needed"));
        }
        let mut offsets = Vec::with_capacity(names.len() + 1);
        offsets.push(0);
        let mut targets = Vec::new();
        for list in moves {
            targets.extend(list.iter().map(|&t| PositionId(t)));
            offsets.push(targets.len());
        }
        GameGraph::from_csr(names, offsets, targets)
    }

    /// The source (usually a file name) the graph was read from, if named.
    pub fn source(&self) -> Option<&str> {
        self.source.as_deref()
    }

    /// The same graph, read from `source`.
    pub fn with_source(mut self, source: impl Into<String>) -> Self {
        self.source = Some(source.into());
        self
    }

    /// The number of positions.
    pub fn len(&self) -> usize {
        self.name_ends.len()
    }

    /// Whether the graph has no positions (never true for a parsed graph).
    pub fn is_empty(&self) -> bool {
        self.name_ends.is_empty()
    }

    /// The number of moves (edges).
    pub fn move_count(&self) -> usize {
        self.targets.len()
    }

    /// The start position: the first one defined, unless the file names another.
    pub fn start(&self) -> PositionId {
        self.start
    }

    /// Every position id, in order.
    pub fn positions(&self) -> impl ExactSizeIterator<Item = PositionId> + Clone + use<> {
        (0..self.len() as u32).map(PositionId)
    }

    /// The name of `p`.
    pub fn name(&self, p: PositionId) -> &str {
        let i = p.index();
        let start = if i == 0 { 0 } else { self.name_ends[i - 1] };
        &self.name_bytes[start..self.name_ends[i]]
    }

    /// The position named `name`, if any.
    pub fn find(&self, name: &str) -> Option<PositionId> {
        let hash = hash_name(name);
        self.index.find(hash, |&i| self.name(PositionId(i)) == name).map(|&i| PositionId(i))
    }

    /// The positions reachable from `p` in one move, in the order written.
    pub fn moves(&self, p: PositionId) -> &[PositionId] {
        let i = p.index();
        &self.targets[self.move_offsets[i]..self.move_offsets[i + 1]]
    }

    /// The CSR offsets: the moves of position `i` are
    /// `targets()[offsets()[i]..offsets()[i + 1]]`.
    pub fn offsets(&self) -> &[usize] {
        &self.move_offsets
    }

    /// Every move's target, position by position.
    pub fn targets(&self) -> &[PositionId] {
        &self.targets
    }

    /// The tags of tagged positions, in position order.
    pub fn tags(&self) -> &[PositionTags] {
        &self.tags
    }

    /// The tags of `p` (empty if it has none).
    pub fn tags_of(&self, p: PositionId) -> &[String] {
        match self.tags.binary_search_by_key(&p, |t| t.position) {
            Ok(i) => &self.tags[i].words,
            Err(_) => &[],
        }
    }

    /// Where `p` is defined in its source (line 1, column 1 when unknown).
    pub fn location(&self, p: PositionId) -> Location {
        let (line, column) = self.places[p.index()];
        let location = Location::new((line as usize).max(1), (column as usize).max(1));
        match &self.source {
            Some(source) => location.in_source(source.clone()),
            None => location,
        }
    }

    /// Fails with a located error if any position carries tags: for solvers
    /// that give tags no meaning. `command` names the solver in the message.
    pub fn reject_tags(&self, command: &str) -> Result<()> {
        match self.tags.first() {
            None => Ok(()),
            Some(t) => {
                let location = match &self.source {
                    Some(source) => t.location.clone().in_source(source.clone()),
                    None => t.location.clone(),
                };
                Err(Error::invalid(format!("tags are not used by `{command}`")).at(location))
            }
        }
    }

    /// The graph in the text format: one line per position, the start first.
    /// [`parse_text`] reads it back as the same graph.
    pub fn to_text(&self) -> String {
        let mut out = String::with_capacity(self.name_bytes.len() * 2 + self.targets.len() * 4);
        let order =
            std::iter::once(self.start).chain(self.positions().filter(|&p| p != self.start));
        for p in order {
            out.push_str(self.name(p));
            let tags = self.tags_of(p);
            if !tags.is_empty() {
                out.push_str(" [");
                out.push_str(&tags.join(" "));
                out.push(']');
            }
            out.push(':');
            for &q in self.moves(p) {
                out.push(' ');
                out.push_str(self.name(q));
            }
            out.push('\n');
        }
        out
    }

    /// Whether `other` is the same game graph: the same start, the same names
    /// with the same moves (in the same order) and tags, whatever the ids.
    pub fn same_graph(&self, other: &GameGraph) -> bool {
        if self.len() != other.len()
            || self.move_count() != other.move_count()
            || self.name(self.start) != other.name(other.start)
        {
            return false;
        }
        self.positions().all(|p| {
            let Some(q) = other.find(self.name(p)) else { return false };
            let (a, b) = (self.moves(p), other.moves(q));
            a.len() == b.len()
                && a.iter().zip(b).all(|(&x, &y)| self.name(x) == other.name(y))
                && self.tags_of(p) == other.tags_of(q)
        })
    }
}

/// A position of a graph seen through [`ImpartialPosition`], so generic
/// solvers (such as [`crate::impartial::solve`]) work on graph files too.
/// Two such positions are equal when they are the same position of the same
/// graph (the same graph value in memory).
#[derive(Debug, Clone, Copy)]
pub struct GraphPosition<'a> {
    /// The graph.
    pub graph: &'a GameGraph,
    /// The position.
    pub id: PositionId,
}

impl PartialEq for GraphPosition<'_> {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.graph, other.graph) && self.id == other.id
    }
}

impl Eq for GraphPosition<'_> {}

impl std::hash::Hash for GraphPosition<'_> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        std::ptr::hash(self.graph, state);
        self.id.hash(state);
    }
}

impl ImpartialPosition for GraphPosition<'_> {
    fn options(&self) -> Vec<Self> {
        self.graph
            .moves(self.id)
            .iter()
            .map(|&id| GraphPosition { graph: self.graph, id })
            .collect()
    }
}

//! Games defined in Python: an instance of a class extending
//! `onag.PartizanGame` (it lists `left_options()` and `right_options()`) or
//! `onag.ImpartialGame` (`options()`), valued by the library's ruleset
//! engine.
//!
//! Every position met goes into one graph for the process
//! ([`onag::ruleset::user::GameGraph`]), found again through a Python dict
//! (so by the class's own `__eq__` and `__hash__`), and the engine's ruleset
//! solver keeps each region's value: a region is valued once however often
//! it recurs. Exploring a position asks it for its `components()` (by
//! default itself): a position that is its own only component is a region,
//! whose options are asked once; any other is the sum of its components.
//! An option may be a position, an `onag.Sum` of positions (what `a + b`
//! makes) or an `onag.Game` (or an int).
//!
//! The walk runs on the calling thread with the GIL held, since it calls
//! the class's methods: it looks at signals every few positions (Ctrl-C
//! raises `KeyboardInterrupt`), counts new positions and time against the
//! call's limits, and holds no lock while a method of the class runs, so a
//! method may itself use onag. An exception raised in a method reaches the
//! caller as it is, traceback and all.

use std::sync::{Arc, LazyLock, Mutex, MutexGuard};

use onag::game::GameId;
use onag::ruleset::user::{GameGraph, Node, NodeId, UserImpartialPosition, UserPosition};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyList, PyType};
use rustc_hash::FxHashMap;

use crate::engine;
use crate::errors::to_py;
use crate::game::Game;
use crate::limits::{DEFAULT_MAX_POSITIONS, Limits};

/// The positions of games defined in Python met so far.
struct PyGames {
    graph: Arc<GameGraph>,
    /// The node of each position, by the position itself.
    index: Option<Py<PyDict>>,
    /// The node of each game met as an option's value.
    values: FxHashMap<GameId, NodeId>,
    /// The position of each node that stands for one (kept alive here).
    positions: Vec<Option<Py<PyAny>>>,
}

static GAMES: LazyLock<Mutex<PyGames>> = LazyLock::new(|| {
    Mutex::new(PyGames {
        graph: GameGraph::new(),
        index: None,
        values: FxHashMap::default(),
        positions: Vec::new(),
    })
});

fn games() -> MutexGuard<'static, PyGames> {
    GAMES.lock().unwrap_or_else(|p| p.into_inner())
}

/// How a game is played.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Play {
    Partizan,
    Impartial,
}

/// One walk: its limits and how far it has gone.
struct Walk {
    play: Play,
    budget: onag::Budget,
    /// Positions the walk added.
    added: u64,
}

impl Walk {
    fn count(&mut self, py: Python<'_>) -> PyResult<()> {
        self.added += 1;
        if self.added % 64 == 0 {
            py.check_signals()?;
            self.budget.check(self.added).map_err(to_py)?;
        }
        Ok(())
    }
}

/// The dict that finds a position's node.
fn index(py: Python<'_>) -> Py<PyDict> {
    let mut g = games();
    g.index.get_or_insert_with(|| PyDict::new(py).unbind()).clone_ref(py)
}

/// The node of `position` and whether it is new.
fn intern(py: Python<'_>, position: &Bound<'_, PyAny>) -> PyResult<(NodeId, bool)> {
    let index = index(py);
    let index = index.bind(py);
    if let Some(id) = index.get_item(position)? {
        return Ok((id.extract()?, false));
    }
    let id = {
        let mut g = games();
        let id = g.graph.add();
        g.positions.push(Some(position.clone().unbind()));
        id
    };
    index.set_item(position, id)?;
    Ok((id, true))
}

/// A node for `node` that stands for no position.
fn push(node: Node) -> NodeId {
    let mut g = games();
    let id = g.graph.push(node);
    g.positions.push(None);
    id
}

static PARTIZAN_GAME: PyOnceLock<Py<PyType>> = PyOnceLock::new();
static SUM: PyOnceLock<Py<PyType>> = PyOnceLock::new();

/// Whether `v` is a position of a game defined in Python.
fn is_position(py: Python<'_>, v: &Bound<'_, PyAny>) -> PyResult<bool> {
    v.is_instance(PARTIZAN_GAME.import(py, "onag._user", "PartizanGame")?)
}

/// Whether `v` is an `onag.Sum`.
fn is_sum(py: Python<'_>, v: &Bound<'_, PyAny>) -> PyResult<bool> {
    v.is_instance(SUM.import(py, "onag._user", "Sum")?)
}

/// The node of an option or a component, met in `walk` (new positions are
/// pushed on `stack`).
fn term(
    py: Python<'_>,
    v: &Bound<'_, PyAny>,
    walk: &mut Walk,
    stack: &mut Vec<NodeId>,
) -> PyResult<NodeId> {
    if let Ok(game) = v.cast::<Game>() {
        return value_node(py, game.get().id, walk.play);
    }
    if is_sum(py, v)? {
        let parts = v.getattr("parts")?;
        let mut ids = Vec::new();
        for part in parts.try_iter()? {
            ids.push(term(py, &part?, walk, stack)?);
        }
        return Ok(push(Node::Sum(ids.into())));
    }
    if is_position(py, v)? {
        let (id, new) = intern(py, v)?;
        if new {
            walk.count(py)?;
            stack.push(id);
        }
        return Ok(id);
    }
    if let Ok(n) = v.extract::<num_bigint::BigInt>() {
        let g = py
            .detach(|| engine::lock().arena(&engine::quick_budget()).integer_big(&n))
            .map_err(to_py)?;
        return value_node(py, g, walk.play);
    }
    Err(PyTypeError::new_err(format!(
        "an option must be a position (an instance of onag.PartizanGame or onag.ImpartialGame), \
         a sum of positions or an onag.Game, not {}",
        v.get_type().name()?
    )))
}

/// The node of a game given by its value, known to the solvers.
fn value_node(py: Python<'_>, g: GameId, play: Play) -> PyResult<NodeId> {
    if let Some(&id) = games().values.get(&g) {
        return check_nimber(py, g, play).map(|()| id);
    }
    check_nimber(py, g, play)?;
    let id = push(Node::Value);
    let graph = {
        let mut gs = games();
        gs.values.insert(g, id);
        gs.graph.clone()
    };
    py.detach(|| {
        let mut engine = engine::lock();
        let nim = engine.session.arena().nim_value(g);
        engine.solvers.get::<UserPosition>().insert_value(UserPosition::new(&graph, id), g)?;
        if let Some(n) = nim {
            engine
                .solvers
                .get::<UserImpartialPosition>()
                .insert_nim_value(UserImpartialPosition::new(&graph, id), n)?;
        }
        Ok(())
    })
    .map_err(to_py)?;
    Ok(id)
}

/// An option of an impartial game must be a nimber.
fn check_nimber(py: Python<'_>, g: GameId, play: Play) -> PyResult<()> {
    if play == Play::Impartial
        && py.detach(|| engine::lock().session.arena().nim_value(g)).is_none()
    {
        return Err(crate::errors::InvalidInput::new_err(
            "an option of an impartial game must be a nimber (a position, a sum of them, or *n)",
        ));
    }
    Ok(())
}

/// The items of what a method returned, or the error naming it.
fn items<'py>(v: Bound<'py, PyAny>, what: &str) -> PyResult<Vec<Bound<'py, PyAny>>> {
    if v.is_instance_of::<pyo3::types::PyString>() {
        return Err(PyTypeError::new_err(format!("{what} must return a list, not a str")));
    }
    match v.try_iter() {
        Ok(it) => it.collect(),
        Err(_) => Err(PyTypeError::new_err(format!(
            "{what} must return a list of positions, not {}",
            v.get_type().name()?
        ))),
    }
}

/// Explores every position reachable from `root`; its node.
fn explore(py: Python<'_>, root: &Bound<'_, PyAny>, walk: &mut Walk) -> PyResult<NodeId> {
    let mut stack = Vec::new();
    let root = term(py, root, walk, &mut stack)?;
    // The parts `components()` gave are regions: they are not split again
    // (a part that could split is still valued right, from its options).
    let mut parts_given: rustc_hash::FxHashSet<NodeId> = Default::default();
    while let Some(id) = stack.pop() {
        let (graph, position) = {
            let g = games();
            (g.graph.clone(), g.positions[id as usize].as_ref().map(|p| p.clone_ref(py)))
        };
        if !graph.is_unexplored(id) {
            continue;
        }
        let Some(position) = position else { continue };
        let position = position.bind(py);
        let parts = if parts_given.contains(&id) {
            vec![position.clone()]
        } else {
            items(position.call_method0("components")?, "components()")?
        };
        let whole = parts.len() == 1 && (parts[0].is(position) || parts[0].eq(position)?);
        let node = if whole {
            match walk.play {
                Play::Impartial => {
                    let options = items(position.call_method0("options")?, "options()")?;
                    let mut ids = Vec::with_capacity(options.len());
                    for o in &options {
                        ids.push(term(py, o, walk, &mut stack)?);
                    }
                    let ids: Box<[NodeId]> = ids.into();
                    Node::Region { left: ids.clone(), right: ids }
                }
                Play::Partizan => {
                    let left = items(position.call_method0("left_options")?, "left_options()")?;
                    let right = items(position.call_method0("right_options")?, "right_options()")?;
                    let mut l = Vec::with_capacity(left.len());
                    for o in &left {
                        l.push(term(py, o, walk, &mut stack)?);
                    }
                    let mut r = Vec::with_capacity(right.len());
                    for o in &right {
                        r.push(term(py, o, walk, &mut stack)?);
                    }
                    Node::Region { left: l.into(), right: r.into() }
                }
            }
        } else {
            let mut ids = Vec::with_capacity(parts.len());
            for p in &parts {
                ids.push(term(py, p, walk, &mut stack)?);
            }
            parts_given.extend(ids.iter().copied());
            Node::Sum(ids.into())
        };
        graph.set(id, node);
    }
    Ok(root)
}

/// The walk of one call within `limits`.
fn walk(limits: &Limits, play: Play) -> Walk {
    let cancel = Arc::new(std::sync::atomic::AtomicBool::new(false));
    Walk { play, budget: limits.budget(cancel, Some(DEFAULT_MAX_POSITIONS)), added: 0 }
}

/// A canonical-form error said for a game defined in Python.
fn loopy(e: onag::Error) -> PyErr {
    if e.kind() == onag::ErrorKind::Cycle {
        return crate::errors::CycleError::new_err(
            "canonical_form needs a game that ends, and a position of this one can be reached \
             from itself (a loopy game)",
        );
    }
    to_py(e)
}

/// The canonical form of a position, a sum or a game (`impartial`: the
/// position's class extends `onag.ImpartialGame`).
#[pyfunction]
#[pyo3(signature = (position, impartial, *, max_positions=None, max_memory=None, timeout=None))]
pub fn user_value(
    py: Python<'_>,
    position: &Bound<'_, PyAny>,
    impartial: bool,
    max_positions: Option<&Bound<'_, PyAny>>,
    max_memory: Option<&Bound<'_, PyAny>>,
    timeout: Option<&Bound<'_, PyAny>>,
) -> PyResult<Game> {
    let limits = Limits::new(max_positions, max_memory, timeout)?;
    if impartial {
        let n = nim_value(py, position, &limits)?;
        let id =
            py.detach(|| engine::lock().arena(&engine::quick_budget()).nimber(n)).map_err(to_py)?;
        return Ok(Game { id });
    }
    let mut walk = walk(&limits, Play::Partizan);
    let root = explore(py, position, &mut walk)?;
    let graph = games().graph.clone();
    let budget = walk.budget.clone();
    let id = py
        .detach(|| {
            let mut engine = engine::lock();
            engine.solvers.set_budget(budget.clone());
            let engine::Engine { session, solvers, .. } = &mut *engine;
            let arena = session.arena();
            arena.set_budget(budget);
            solvers.get::<UserPosition>().value(arena, &UserPosition::new(&graph, root))
        })
        .map_err(loopy)?;
    Ok(Game { id })
}

/// The value of a position or a sum of a partizan game defined in Python:
/// its canonical form (an `onag.Game`) when it ends, else its loopy value
/// (an `onag.LoopyValue`).
#[pyfunction]
#[pyo3(signature = (position, *, max_positions=None, max_memory=None, timeout=None))]
pub fn user_game_value(
    py: Python<'_>,
    position: &Bound<'_, PyAny>,
    max_positions: Option<&Bound<'_, PyAny>>,
    max_memory: Option<&Bound<'_, PyAny>>,
    timeout: Option<&Bound<'_, PyAny>>,
) -> PyResult<Py<PyAny>> {
    let limits = Limits::new(max_positions, max_memory, timeout)?;
    let mut walk = walk(&limits, Play::Partizan);
    let root = explore(py, position, &mut walk)?;
    let (graph, values) = {
        let g = games();
        let mut values: FxHashMap<NodeId, GameId> = FxHashMap::default();
        for (&game, &node) in &g.values {
            values.insert(node, game);
        }
        (g.graph.clone(), values)
    };
    let budget = walk.budget.clone();
    let value = py
        .detach(|| -> onag::Result<Result<GameId, onag::loopy::partizan::SidedValue>> {
            let mut engine = engine::lock();
            engine.solvers.set_budget(budget.clone());
            let engine::Engine { session, solvers, .. } = &mut *engine;
            let arena = session.arena();
            arena.set_budget(budget.clone());
            match solvers.get::<UserPosition>().value(arena, &UserPosition::new(&graph, root)) {
                Ok(g) => return Ok(Ok(g)),
                Err(e) if e.kind() == onag::ErrorKind::Cycle => {}
                Err(e) => return Err(e),
            }
            let value_of = |n: NodeId| values.get(&n).copied();
            let game = onag::ruleset::user::loopy_game(&graph, root, arena, &value_of, &budget)?;
            Ok(Err(onag::loopy::partizan::SidedValue::of(&game, &budget)?))
        })
        .map_err(to_py)?;
    match value {
        Ok(id) => Ok(Py::new(py, Game { id })?.into_any()),
        Err(sided) => {
            Ok(Py::new(py, crate::loopy::LoopyValue::new(sided).map_err(to_py)?)?.into_any())
        }
    }
}

/// The nim value of a position of an impartial game (or a sum of them).
fn nim_value(py: Python<'_>, position: &Bound<'_, PyAny>, limits: &Limits) -> PyResult<u64> {
    let mut walk = walk(limits, Play::Impartial);
    let root = explore(py, position, &mut walk)?;
    let graph = games().graph.clone();
    let budget = walk.budget.clone();
    py.detach(|| {
        let mut engine = engine::lock();
        engine.solvers.set_budget(budget);
        engine
            .solvers
            .get::<UserImpartialPosition>()
            .nim_value(&UserImpartialPosition::new(&graph, root))
    })
    .map_err(loopy)
}

/// The nim value of a position of an impartial game defined in Python.
#[pyfunction]
#[pyo3(signature = (position, *, max_positions=None, max_memory=None, timeout=None))]
pub fn user_nim_value(
    py: Python<'_>,
    position: &Bound<'_, PyAny>,
    max_positions: Option<&Bound<'_, PyAny>>,
    max_memory: Option<&Bound<'_, PyAny>>,
    timeout: Option<&Bound<'_, PyAny>>,
) -> PyResult<u64> {
    let limits = Limits::new(max_positions, max_memory, timeout)?;
    nim_value(py, position, &limits)
}

/// The canonical forms of several options (positions, sums or games).
#[pyfunction]
#[pyo3(signature = (options, impartial, *, max_positions=None, max_memory=None, timeout=None))]
pub fn user_values(
    py: Python<'_>,
    options: &Bound<'_, PyList>,
    impartial: bool,
    max_positions: Option<&Bound<'_, PyAny>>,
    max_memory: Option<&Bound<'_, PyAny>>,
    timeout: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<Game>> {
    let mut out = Vec::with_capacity(options.len());
    for option in options.iter() {
        if let Ok(game) = option.cast::<Game>() {
            out.push(Game { id: game.get().id });
            continue;
        }
        out.push(user_value(py, &option, impartial, max_positions, max_memory, timeout)?);
    }
    Ok(out)
}

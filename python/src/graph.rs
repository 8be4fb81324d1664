//! Game graphs given as successor lists (the Python side reads networkx
//! graphs and edge lists into them): Grundy values and winning moves, and
//! the retrograde solver (win, loss or draw with distances) for graphs with
//! cycles.

use onag::impartial::graph::{GameGraph, is_valid_name, solve};
use onag::loopy::explicit::ExplicitGraph;
use onag::loopy::game::TerminalRule;
use pyo3::prelude::*;

use crate::limits::{self, Limits};

/// The graph of `successors` (position `i` moves to `successors[i]`), its
/// positions named by `names` (the caller's labels, which errors quote) or
/// else `p0`, `p1`, ...
fn graph(successors: &[Vec<u32>], names: Option<Vec<String>>) -> onag::Result<GameGraph> {
    // The labels serve when each is a valid name and no two are alike (a
    // label like `(1, 2)` holds a space).
    let usable = |n: &Vec<String>| {
        let mut sorted: Vec<&String> = n.iter().collect();
        sorted.sort();
        n.len() == successors.len()
            && n.iter().all(|s| is_valid_name(s))
            && sorted.windows(2).all(|w| w[0] != w[1])
    };
    let names = names
        .filter(usable)
        .unwrap_or_else(|| (0..successors.len()).map(|i| format!("p{i}")).collect());
    GameGraph::from_moves(&names, successors)
}

/// `successors`: for each position, the list of the positions it moves to.
fn successor_lists(successors: &Bound<'_, PyAny>) -> PyResult<Vec<Vec<u32>>> {
    crate::args::sequence(
        successors,
        "successors",
        "a list of lists of positions",
        crate::args::unsigned_list::<u32>,
    )
}

/// Grundy values of every position of an acyclic graph, and each position's
/// winning moves (the successors of value 0).
#[pyfunction]
#[pyo3(signature = (successors, *, names=None, max_positions=None, max_memory=None, timeout=None))]
pub fn graph_grundy(
    py: Python<'_>,
    successors: &Bound<'_, PyAny>,
    names: Option<&Bound<'_, PyAny>>,
    max_positions: Option<&Bound<'_, PyAny>>,
    max_memory: Option<&Bound<'_, PyAny>>,
    timeout: Option<&Bound<'_, PyAny>>,
) -> PyResult<(Vec<u32>, Vec<Vec<u32>>)> {
    let successors = successor_lists(successors)?;
    let names = names.map(|n| crate::args::strings(n, "names")).transpose()?;
    let limits = Limits::new(max_positions, max_memory, timeout)?;
    limits::run(py, &limits, None, |budget| {
        let graph = graph(&successors, names)?;
        // An edge list has no lines and columns: the error without them.
        let values = solve::grundy_values(&graph, budget)
            .map_err(|e| onag::Error::new(e.kind(), e.message()))?;
        let moves = graph
            .positions()
            .map(|p| values.winning_moves(&graph, p).into_iter().map(|m| m.0).collect())
            .collect();
        Ok((values.as_slice().to_vec(), moves))
    })
}

/// Win, loss or draw of every position of a graph with cycles (normal play:
/// who cannot move loses; `misere=True`: wins), with the number of moves to
/// the end under best play and a best move.
#[pyfunction]
#[pyo3(signature = (successors, *, misere=None, max_positions=None, max_memory=None, timeout=None))]
#[allow(clippy::type_complexity)]
pub fn graph_retrograde(
    py: Python<'_>,
    successors: &Bound<'_, PyAny>,
    misere: Option<&Bound<'_, PyAny>>,
    max_positions: Option<&Bound<'_, PyAny>>,
    max_memory: Option<&Bound<'_, PyAny>>,
    timeout: Option<&Bound<'_, PyAny>>,
) -> PyResult<Vec<(&'static str, Option<u32>, Option<u32>)>> {
    let successors = successor_lists(successors)?;
    let misere = misere.map(|m| crate::args::boolean(m, "misere")).transpose()?.unwrap_or(false);
    let limits = Limits::new(max_positions, max_memory, timeout)?;
    let rule = if misere { TerminalRule::MoverWins } else { TerminalRule::MoverLoses };
    limits::run(py, &limits, None, |budget| {
        let game = ExplicitGraph::impartial(&successors)?;
        let solution = onag::loopy::solve::solve_successors(&game, rule, budget)?;
        Ok((0..successors.len() as u32)
            .map(|p| {
                let v = solution.value(p);
                (v.word(), v.distance(), solution.best_move(&game, p))
            })
            .collect())
    })
}

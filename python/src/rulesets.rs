//! Positions of every ruleset of the library's catalog
//! (`onag.Domineering("....|....")`): the Python side makes one constructor
//! per catalog name, each a `Position` of that ruleset.

use std::hash::BuildHasher;
use std::sync::OnceLock;

use num_bigint::BigInt;
use onag::ruleset::analysis::Analysis;
use onag::ruleset::catalog::{self, Arg, Ruleset};
use onag::ruleset::{AnyPosition, Player};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::pyclass::CompareOp;
use pyo3::types::{PyBool, PyDict, PyList, PyString, PyTuple};

use crate::errors::to_py;
use crate::game::{Game, long};
use crate::limits::Limits;

/// A position of a ruleset of the catalog: `Position("Domineering",
/// "....|....")`, parameters by keyword (`Position("GenToadsAndFrogs",
/// "tt..ff", maxJump=2)`).
#[pyclass(frozen, module = "onag", name = "Position")]
pub struct Position {
    position: Box<dyn AnyPosition>,
    /// The value, outcome and winning moves, once asked for (the engine's
    /// arena, whose ids they hold, lives as long as the process).
    analysis: OnceLock<Analysis>,
}

/// A Python value as a catalog argument: int, str, bool, list, 2-tuple.
fn arg(value: &Bound<'_, PyAny>) -> PyResult<Arg> {
    if value.is_instance_of::<PyBool>() {
        return Ok(Arg::Bool(value.extract()?));
    }
    if value.is_instance_of::<PyString>() {
        return Ok(Arg::Str(value.extract()?));
    }
    if let Ok(n) = value.extract::<BigInt>() {
        return Ok(Arg::Int(n));
    }
    if let Ok(tuple) = value.cast::<PyTuple>()
        && tuple.len() == 2
    {
        return Ok(Arg::Pair(
            Box::new(arg(&tuple.get_item(0)?)?),
            Box::new(arg(&tuple.get_item(1)?)?),
        ));
    }
    if let Ok(list) = value.cast::<PyList>() {
        return list.iter().map(|item| arg(&item)).collect::<PyResult<_>>().map(Arg::List);
    }
    Err(PyTypeError::new_err(format!(
        "expected an int, a str, a bool, a list or a pair, not {}",
        value.get_type().name()?
    )))
}

fn ruleset(name: &str) -> PyResult<&'static Ruleset> {
    catalog::find(name).ok_or_else(|| to_py(catalog::unknown(name)))
}

#[pymethods]
impl Position {
    #[new]
    #[pyo3(signature = (ruleset_name, position, **params))]
    fn new(
        ruleset_name: &Bound<'_, PyAny>,
        position: &Bound<'_, PyAny>,
        params: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Position> {
        let ruleset = ruleset(&crate::args::string(ruleset_name, "ruleset_name")?)?;
        let mut named = Vec::new();
        if let Some(params) = params {
            for (key, value) in params.iter() {
                named.push((key.extract::<String>()?, arg(&value)?));
            }
        }
        let params = ruleset.params(&[], &named).map_err(to_py)?;
        let argument = if position.is_instance_of::<PyString>() {
            let text: String = position.extract()?;
            Arg::from_text(&text, ruleset.argument).map_err(to_py)?
        } else {
            arg(position)?
        };
        let position = ruleset.position(&params, &argument).map_err(to_py)?;
        Ok(Position::from(position))
    }

    fn __str__(&self) -> String {
        self.position.notation()
    }

    /// The call that makes the position: `Clobber("xo..")`,
    /// `GenToadsAndFrogs("tt..ff", maxJump=2)` (the parameters that differ
    /// from their defaults).
    fn __repr__(&self) -> String {
        let p = &self.position;
        let ruleset = p.ruleset();
        let mut text = format!("{}({}", ruleset.name, python_str(&p.notation()));
        for (name, value) in p.params().iter() {
            let default = ruleset.params.iter().find(|q| q.name == *name).and_then(|q| q.default);
            if default != Some(value.to_string().as_str()) {
                text.push_str(&format!(", {name}={}", python_literal(value)));
            }
        }
        text.push(')');
        text
    }

    /// The ruleset's CGSuite name.
    #[getter]
    fn ruleset(&self) -> &'static str {
        self.position.ruleset().name
    }

    /// The canonical form (impartial rulesets: the nimber of the nim value).
    #[getter]
    fn canonical_form(&self, py: Python<'_>) -> PyResult<Game> {
        self.value(py, None, None, None)
    }

    /// The canonical form, within limits.
    #[pyo3(signature = (*, max_positions=None, max_memory=None, timeout=None))]
    fn value(
        &self,
        py: Python<'_>,
        max_positions: Option<&Bound<'_, PyAny>>,
        max_memory: Option<&Bound<'_, PyAny>>,
        timeout: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Game> {
        let limits = Limits::new(max_positions, max_memory, timeout)?;
        let position = self.position.clone();
        long(py, &limits, move |engine, budget| engine.position_value(position.as_ref(), budget))
            .map(|id| Game { id })
    }

    /// The nim value of an impartial ruleset's position, else `None`.
    #[getter]
    fn nim_value(&self, py: Python<'_>) -> PyResult<Option<u64>> {
        let position = self.position.clone();
        long(py, &Limits::default(), move |engine, budget| {
            engine.solvers.set_budget(budget.clone());
            position.nim_value(&mut engine.solvers)
        })
    }

    /// The outcome class: `"L"`, `"R"`, `"P"` or `"N"`, by the outcome
    /// search (no canonical form is built) unless the value is known.
    #[getter]
    fn outcome(&self, py: Python<'_>) -> PyResult<String> {
        if let Some(analysis) = self.analysis.get() {
            return Ok(analysis.outcome.to_string());
        }
        let position = self.position.clone();
        long(py, &Limits::default(), move |engine, budget| {
            engine.position_outcome(position.as_ref(), budget)
        })
        .map(|o| o.to_string())
    }

    /// Left's winning moves: the positions Left can move to and then win
    /// with Right to move.
    #[getter]
    fn left_winning_moves(&self, py: Python<'_>) -> PyResult<Vec<Position>> {
        Ok(Position::winning_moves(self.analysis(py, &Limits::default())?, Player::Left))
    }

    /// Right's winning moves: the positions Right can move to and then win
    /// with Left to move.
    #[getter]
    fn right_winning_moves(&self, py: Python<'_>) -> PyResult<Vec<Position>> {
        Ok(Position::winning_moves(self.analysis(py, &Limits::default())?, Player::Right))
    }

    /// The value, outcome class and winning moves, within limits, as a
    /// dict: `value` (a Game), `outcome`, `left_winning_moves`,
    /// `right_winning_moves`. The position keeps them, so the properties
    /// of the same names answer at once afterwards.
    #[pyo3(signature = (*, max_positions=None, max_memory=None, timeout=None))]
    fn analyse<'py>(
        &self,
        py: Python<'py>,
        max_positions: Option<&Bound<'_, PyAny>>,
        max_memory: Option<&Bound<'_, PyAny>>,
        timeout: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let limits = Limits::new(max_positions, max_memory, timeout)?;
        let analysis = self.analysis(py, &limits)?;
        let dict = PyDict::new(py);
        dict.set_item("value", Game { id: analysis.value })?;
        dict.set_item("outcome", analysis.outcome.to_string())?;
        dict.set_item("left_winning_moves", Position::winning_moves(analysis, Player::Left))?;
        dict.set_item("right_winning_moves", Position::winning_moves(analysis, Player::Right))?;
        Ok(dict)
    }

    /// Equal when of the same ruleset, with the same parameters and board.
    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> PyResult<Py<PyAny>> {
        let py = other.py();
        let Ok(other) = other.cast::<Position>() else {
            return Ok(py.NotImplemented());
        };
        let same = self.identity() == other.get().identity();
        let answer = match op {
            CompareOp::Eq => same,
            CompareOp::Ne => !same,
            _ => return Ok(py.NotImplemented()),
        };
        Ok(PyBool::new(py, answer).to_owned().into_any().unbind())
    }

    fn __hash__(&self) -> u64 {
        rustc_hash::FxBuildHasher.hash_one(self.identity())
    }

    /// The sum's canonical form: a position plus a position, a game or an
    /// integer.
    fn __add__(&self, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let py = other.py();
        let Some(other) = summand(other)? else {
            return Ok(py.NotImplemented());
        };
        let this = self.canonical_form(py)?.into_pyobject(py)?;
        this.call_method1("__add__", (other,)).map(Bound::unbind)
    }

    fn __radd__(&self, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.__add__(other)
    }

    /// The positions Left can move to.
    #[getter]
    fn left_options(&self) -> Vec<Position> {
        self.options(Player::Left)
    }

    /// The positions Right can move to.
    #[getter]
    fn right_options(&self) -> Vec<Position> {
        self.options(Player::Right)
    }
}

impl Position {
    /// What makes two positions equal: ruleset, parameters and board.
    fn identity(&self) -> (&'static str, &catalog::Params, String) {
        let p = &self.position;
        (p.ruleset().name, p.params(), p.notation())
    }

    fn options(&self, player: Player) -> Vec<Position> {
        self.position.options(player).into_iter().map(Position::from).collect()
    }

    /// The analysis, computed within `limits` the first time.
    fn analysis(&self, py: Python<'_>, limits: &Limits) -> PyResult<&Analysis> {
        if let Some(analysis) = self.analysis.get() {
            return Ok(analysis);
        }
        let position = self.position.clone();
        let analysis = long(py, limits, move |engine, budget| {
            engine.position_analysis(position.as_ref(), budget)
        })?;
        // Another thread may have stored the same analysis meanwhile.
        Ok(self.analysis.get_or_init(|| analysis))
    }

    fn winning_moves(analysis: &Analysis, player: Player) -> Vec<Position> {
        let moves = match player {
            Player::Left => &analysis.left,
            Player::Right => &analysis.right,
        };
        moves.iter().map(|m| Position::from(m.position.clone())).collect()
    }
}

impl From<Box<dyn AnyPosition>> for Position {
    fn from(position: Box<dyn AnyPosition>) -> Self {
        Position { position, analysis: OnceLock::new() }
    }
}

/// `text` as a Python string literal in double quotes.
fn python_str(text: &str) -> String {
    let mut out = String::from('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A parameter's value as the Python value that gives it.
fn python_literal(arg: &Arg) -> String {
    match arg {
        Arg::Int(n) => n.to_string(),
        Arg::Str(s) => python_str(s),
        Arg::Bool(b) => if *b { "True" } else { "False" }.to_string(),
        Arg::List(items) => {
            let items: Vec<String> = items.iter().map(python_literal).collect();
            format!("[{}]", items.join(", "))
        }
        Arg::Pair(a, b) => format!("({}, {})", python_literal(a), python_literal(b)),
    }
}

/// What a position adds to: another position's canonical form, a game or an
/// integer (`None` for anything else).
fn summand<'py>(other: &Bound<'py, PyAny>) -> PyResult<Option<Bound<'py, PyAny>>> {
    if let Ok(position) = other.cast::<Position>() {
        let game = position.get().canonical_form(other.py())?;
        return Ok(Some(game.into_pyobject(other.py())?.into_any()));
    }
    if other.cast::<Game>().is_ok() || other.extract::<BigInt>().is_ok() {
        return Ok(Some(other.clone()));
    }
    Ok(None)
}

/// The catalog's rulesets: `(CGSuite name, package, one line about it,
/// example position)` each.
#[pyfunction]
pub fn rulesets() -> Vec<(&'static str, &'static str, &'static str, &'static str)> {
    catalog::rulesets().map(|r| (r.name, r.family.package(), r.about, r.example)).collect()
}

/// The empty (or starting) `rows` × `columns` rectangle of a ruleset, when
/// it has such a family of positions.
#[pyfunction]
pub fn ruleset_rectangle(
    name: &Bound<'_, PyAny>,
    rows: &Bound<'_, PyAny>,
    columns: &Bound<'_, PyAny>,
) -> PyResult<Option<String>> {
    let r = ruleset(&crate::args::string(name, "name")?)?;
    let rows: usize = crate::args::unsigned(rows, "rows")?;
    let columns: usize = crate::args::unsigned(columns, "columns")?;
    if r.rectangle.is_none() {
        return Ok(None);
    }
    r.rectangle_of(rows, columns).map(Some).map_err(crate::errors::to_py)
}

/// Who wins a sum written as in the calculator (`onag solve EXPR`), by the
/// outcome search: a dict as the command's `--json` (`positions`,
/// `outcome`, `left_first` and `right_first` with `wins`, `move` and
/// `nodes`, then `nodes` and `seconds`), each move's `component` 1-based.
#[pyfunction]
#[pyo3(signature = (expr, *, max_positions=None, max_memory=None, timeout=None))]
pub fn solve<'py>(
    py: Python<'py>,
    expr: &Bound<'_, PyAny>,
    max_positions: Option<&Bound<'_, PyAny>>,
    max_memory: Option<&Bound<'_, PyAny>>,
    timeout: Option<&Bound<'_, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let expr = crate::args::string(expr, "expr")?;
    let limits = Limits::new(max_positions, max_memory, timeout)?;
    let solved = long(py, &limits, move |engine, budget| {
        let search = onag::ruleset::outcome::OutcomeSearch::new().with_budget(budget.clone());
        engine.session.solve(&expr, budget, &search)
    })?;
    let solution = &solved.solution;
    let dict = PyDict::new(py);
    dict.set_item("positions", &solved.terms)?;
    dict.set_item("outcome", solution.outcome().to_string())?;
    for (key, player) in [("left_first", Player::Left), ("right_first", Player::Right)] {
        let first = solution.first(player);
        let side = PyDict::new(py);
        side.set_item("wins", first.wins)?;
        match &first.winning_move {
            Some(m) => {
                let mv = PyDict::new(py);
                mv.set_item("component", m.component + 1)?;
                mv.set_item("position", &m.position)?;
                side.set_item("move", mv)?;
            }
            None => side.set_item("move", py.None())?,
        }
        side.set_item("nodes", first.nodes)?;
        dict.set_item(key, side)?;
    }
    dict.set_item("nodes", solution.nodes())?;
    dict.set_item("seconds", solution.elapsed.as_secs_f64())?;
    Ok(dict)
}

//! Positions of every ruleset of the library's catalog
//! (`onag.Domineering("....|....")`): the Python side makes one constructor
//! per catalog name, each a `Position` of that ruleset.

use num_bigint::BigInt;
use onag::ruleset::catalog::{self, Arg, Ruleset};
use onag::ruleset::{AnyPosition, Player};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
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
        ruleset_name: &str,
        position: &Bound<'_, PyAny>,
        params: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Position> {
        let ruleset = ruleset(ruleset_name)?;
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
        Ok(Position { position })
    }

    fn __str__(&self) -> String {
        self.position.notation()
    }

    fn __repr__(&self) -> String {
        self.position.cgsuite()
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
        max_positions: Option<u64>,
        max_memory: Option<&Bound<'_, PyAny>>,
        timeout: Option<f64>,
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
    fn options(&self, player: Player) -> Vec<Position> {
        self.position.options(player).into_iter().map(|position| Position { position }).collect()
    }
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
pub fn ruleset_rectangle(name: &str, rows: usize, columns: usize) -> PyResult<Option<String>> {
    Ok(ruleset(name)?.rectangle.map(|board| board(rows, columns)))
}

//! `onag.LoopyValue`: the value of a game whose positions repeat (a
//! stopper, or onside & offside), printed as CGSuite prints it.

use pyo3::prelude::*;

use crate::engine;
use crate::errors::to_py;
use onag::loopy::partizan::SidedValue;

/// A loopy value: a stopper or a sided value `onside & offside`.
#[pyclass(frozen, module = "onag", name = "LoopyValue")]
pub struct LoopyValue {
    value: SidedValue,
    /// How CGSuite prints it (computed once).
    text: String,
}

impl LoopyValue {
    /// The value `value`, printed in the engine's arena.
    pub fn new(value: SidedValue) -> onag::Result<Self> {
        let budget = engine::quick_budget();
        let text = {
            let mut engine = engine::lock();
            onag::loopy::partizan::print::print_value(&value, engine.session.arena(), &budget)?
        };
        Ok(LoopyValue { value, text })
    }
}

#[pymethods]
impl LoopyValue {
    fn __str__(&self) -> String {
        self.text.clone()
    }

    fn __repr__(&self) -> String {
        format!("LoopyValue('{}')", self.text)
    }

    /// Equal values (onsides and offsides equal as games).
    fn __eq__(&self, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        let Ok(other) = other.cast::<LoopyValue>() else { return Ok(false) };
        self.value.equals(&other.get().value, &engine::quick_budget()).map_err(to_py)
    }

    /// The outcome class with draws, as CGSuite names it (`"L"`, `"R"`,
    /// `"N"`, `"P"`, `"D"`, `"PHat"`, ...).
    #[getter]
    fn outcome(&self) -> PyResult<String> {
        Ok(self.value.outcome(&engine::quick_budget()).map_err(to_py)?.to_string())
    }

    /// Whether the value is a stopper (its onside and offside agree).
    #[getter]
    fn is_stopper(&self) -> PyResult<bool> {
        self.value.is_stopper(&engine::quick_budget()).map_err(to_py)
    }
}

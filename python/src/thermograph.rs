//! `onag.Thermograph`: a game's thermograph, printed as CGSuite prints it
//! and drawn as SVG (Jupyter shows the picture).

use pyo3::prelude::*;

use crate::game::fraction;

/// A thermograph: walls exact as piecewise-linear functions of temperature.
#[pyclass(frozen, module = "onag", name = "Thermograph")]
pub struct Thermograph {
    thermograph: onag::game::Thermograph,
    /// The game it belongs to, in CGSuite notation (for titles).
    game: String,
}

impl Thermograph {
    /// The thermograph of the game printed as `game`.
    pub fn new(thermograph: onag::game::Thermograph, game: String) -> Self {
        Thermograph { thermograph, game }
    }
}

#[pymethods]
impl Thermograph {
    fn __str__(&self) -> String {
        self.thermograph.to_string()
    }

    fn __repr__(&self) -> String {
        format!("<{} of {}>", self.thermograph, self.game)
    }

    /// The picture as SVG text: walls, mast, temperature marked.
    fn svg(&self) -> PyResult<String> {
        onag::picture::thermograph_svg(&self.thermograph, &self.game).map_err(crate::errors::to_py)
    }

    /// Jupyter shows the thermograph as its picture.
    fn _repr_svg_(&self) -> PyResult<String> {
        self.svg()
    }

    /// The temperature (where the mast starts), as a `Fraction`.
    #[getter]
    fn temperature<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        fraction(py, &self.thermograph.temperature())
    }

    /// The mean (the mast's value), as a `Fraction`.
    #[getter]
    fn mean<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        fraction(py, &self.thermograph.mean().map_err(crate::errors::to_py)?)
    }
}

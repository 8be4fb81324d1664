//! `onag.Calculator`: a calculator session, as `onag eval` runs one.

use onag::lang::Session;
use pyo3::prelude::*;
use std::sync::Mutex;

use crate::limits::{self, DEFAULT_MAX_POSITIONS, Limits};

/// A calculator session: variables live as long as the object.
/// `calc("x := ^; x + *")` returns what `onag eval` prints for the input.
#[pyclass(module = "onag", name = "Calculator")]
pub struct Calculator {
    session: Mutex<Session>,
}

#[pymethods]
impl Calculator {
    /// A session whose class files are found in the current folder, then
    /// in each folder of `lib`, then in those of `ONAG_PATH`.
    #[new]
    #[pyo3(signature = (*, lib=None))]
    fn new(lib: Option<&Bound<'_, PyAny>>) -> PyResult<Self> {
        let lib = lib.map(|l| crate::args::paths(l, "lib")).transpose()?;
        let mut session = Session::new();
        let dirs = onag::lang::library_path(
            lib.as_deref().unwrap_or(&[]),
            std::env::var_os("ONAG_PATH").as_deref(),
        );
        session.set_library_path(dirs);
        Ok(Calculator { session: Mutex::new(session) })
    }

    /// Evaluates one input (statements separated by `;`) and returns it as
    /// the calculator prints it (`""` when the input ends with `;`).
    #[pyo3(signature = (source, *, max_positions=None, max_memory=None, timeout=None))]
    fn __call__(
        &self,
        py: Python<'_>,
        source: &Bound<'_, PyAny>,
        max_positions: Option<&Bound<'_, PyAny>>,
        max_memory: Option<&Bound<'_, PyAny>>,
        timeout: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<String> {
        let source = crate::args::string(source, "source")?;
        let source = source.as_str();
        let limits = Limits::new(max_positions, max_memory, timeout)?;
        let session = &self.session;
        limits::run(py, &limits, Some(DEFAULT_MAX_POSITIONS), |budget| {
            let mut session = session.lock().unwrap_or_else(|p| p.into_inner());
            session.set_position_limit_given(limits.max_positions.is_some());
            session.run_to_string(source, budget)
        })
    }
}

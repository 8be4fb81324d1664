//! The exceptions the package raises: `onag.Error` and one subclass per kind
//! of library error, each carrying the library's one-line message.

use pyo3::create_exception;
use pyo3::exceptions::PyException;
use pyo3::prelude::*;

use onag::ErrorKind;

create_exception!(onag, Error, PyException, "Every error onag raises.");
create_exception!(onag, ParseError, Error, "Text that does not parse (a located message).");
create_exception!(onag, InvalidInput, Error, "An input the computation cannot take.");
create_exception!(onag, CycleError, Error, "A game graph with a cycle where none may be.");
create_exception!(onag, LimitExceeded, Error, "A limit (positions, memory, time) was reached.");
create_exception!(onag, Cancelled, Error, "The computation was cancelled.");
create_exception!(onag, ArithmeticOverflow, Error, "A result too large to represent.");
create_exception!(onag, Undefined, Error, "An operation undefined for its arguments.");
create_exception!(onag, FileError, Error, "A file that cannot be read or written.");

/// The Python exception for a library error: its kind's class, with the
/// library's one-line message (`line:column: message` when located), the
/// limits named as the keyword arguments that set them.
pub fn to_py(err: onag::Error) -> PyErr {
    // Limits are named by the budgets (`limits::NAMES`).
    let text = err.to_string();
    match err.kind() {
        ErrorKind::Syntax => ParseError::new_err(text),
        ErrorKind::InvalidInput => InvalidInput::new_err(text),
        ErrorKind::Cycle => CycleError::new_err(text),
        ErrorKind::LimitExceeded => LimitExceeded::new_err(text),
        ErrorKind::Cancelled => Cancelled::new_err(text),
        ErrorKind::Overflow => ArithmeticOverflow::new_err(text),
        ErrorKind::Undefined => Undefined::new_err(text),
        ErrorKind::Io => FileError::new_err(text),
        _ => Error::new_err(text),
    }
}

/// Adds the exception classes to the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("Error", py.get_type::<Error>())?;
    m.add("ParseError", py.get_type::<ParseError>())?;
    m.add("InvalidInput", py.get_type::<InvalidInput>())?;
    m.add("CycleError", py.get_type::<CycleError>())?;
    m.add("LimitExceeded", py.get_type::<LimitExceeded>())?;
    m.add("Cancelled", py.get_type::<Cancelled>())?;
    m.add("ArithmeticOverflow", py.get_type::<ArithmeticOverflow>())?;
    m.add("Undefined", py.get_type::<Undefined>())?;
    m.add("FileError", py.get_type::<FileError>())?;
    Ok(())
}

//! Arguments read from Python values by hand, so that a wrong type or a
//! number out of range is the package's own one-line `onag.InvalidInput`
//! naming the argument (`upto=-1: expected an int, 0 or more`), never the
//! text pyo3's conversions give (`can't convert negative int to unsigned`).

use std::path::PathBuf;

use num_bigint::{BigInt, BigUint, Sign};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyFloat, PyInt, PyString};

use crate::errors::InvalidInput;

/// The error for argument `name`: `name: message`.
pub fn invalid(name: &str, message: impl std::fmt::Display) -> PyErr {
    InvalidInput::new_err(format!("{name}: {message}"))
}

/// The name of a value's type, for "not a float" in messages.
fn type_of(value: &Bound<'_, PyAny>) -> String {
    value.get_type().name().map(|n| n.to_string()).unwrap_or_else(|_| "this".to_string())
}

/// A short text of `value` for a message: its `repr`, cut when long.
fn shown(value: &Bound<'_, PyAny>) -> String {
    let text = value.repr().map(|r| r.to_string()).unwrap_or_else(|_| type_of(value));
    if text.chars().count() > 40 {
        let cut: String = text.chars().take(37).collect();
        format!("{cut}...")
    } else {
        text
    }
}

/// A whole number (an `int`, or any value with `__index__` such as a NumPy
/// integer); a `bool` or a `float` is refused.
fn integer(value: &Bound<'_, PyAny>, name: &str, expected: &str) -> PyResult<BigInt> {
    let refused = value.is_instance_of::<PyBool>() || value.is_instance_of::<PyFloat>();
    match value.extract::<BigInt>() {
        Ok(n) if !refused => Ok(n),
        _ => Err(invalid(
            name,
            format!("expected {expected}, not {} {}", type_of(value), shown(value)),
        )),
    }
}

/// A whole number `0 ..= max` of type `T`.
pub fn unsigned<T>(value: &Bound<'_, PyAny>, name: &str) -> PyResult<T>
where
    T: TryFrom<BigInt> + num_traits::Bounded + std::fmt::Display,
{
    let n = integer(value, name, "an int, 0 or more")?;
    if n.sign() == Sign::Minus {
        return Err(invalid(&format!("{name}={n}"), "expected an int, 0 or more"));
    }
    T::try_from(n.clone()).map_err(|_| {
        invalid(&format!("{name}={n}"), format!("too large (at most {})", T::max_value()))
    })
}

/// A whole number 0 or more, of any size.
pub fn natural(value: &Bound<'_, PyAny>, name: &str) -> PyResult<BigUint> {
    let n = integer(value, name, "an int, 0 or more")?;
    n.to_biguint().ok_or_else(|| invalid(&format!("{name}={n}"), "expected an int, 0 or more"))
}

/// `True` or `False` (not `1` or `"yes"`).
pub fn boolean(value: &Bound<'_, PyAny>, name: &str) -> PyResult<bool> {
    match value.cast::<PyBool>() {
        Ok(b) => Ok(b.is_true()),
        Err(_) => Err(invalid(name, format!("expected True or False, not {}", shown(value)))),
    }
}

/// A `str`.
pub fn string(value: &Bound<'_, PyAny>, name: &str) -> PyResult<String> {
    match value.cast::<PyString>() {
        Ok(s) => s.extract::<String>(),
        Err(_) => {
            Err(invalid(name, format!("expected a str, not {} {}", type_of(value), shown(value))))
        }
    }
}

/// The items of a list, tuple or other iterable (a `str` is refused: its
/// characters are never what is meant), each read by `item` with its name
/// `name[i]`.
pub fn sequence<T>(
    value: &Bound<'_, PyAny>,
    name: &str,
    what: &str,
    item: impl Fn(&Bound<'_, PyAny>, &str) -> PyResult<T>,
) -> PyResult<Vec<T>> {
    let not = || invalid(name, format!("expected {what}, not {} {}", type_of(value), shown(value)));
    if value.is_instance_of::<PyString>() || value.is_instance_of::<PyInt>() {
        return Err(not());
    }
    let iter = value.try_iter().map_err(|_| not())?;
    let mut items = Vec::new();
    for (i, element) in iter.enumerate() {
        items.push(item(&element?, &format!("{name}[{i}]"))?);
    }
    Ok(items)
}

/// A list of whole numbers `0 ..= T::MAX`.
pub fn unsigned_list<T>(value: &Bound<'_, PyAny>, name: &str) -> PyResult<Vec<T>>
where
    T: TryFrom<BigInt> + num_traits::Bounded + std::fmt::Display,
{
    sequence(value, name, "a list of ints", unsigned::<T>)
}

/// A list of `str`.
pub fn strings(value: &Bound<'_, PyAny>, name: &str) -> PyResult<Vec<String>> {
    sequence(value, name, "a list of str", string)
}

/// A list of folders: each a `str` or an `os.PathLike`.
pub fn paths(value: &Bound<'_, PyAny>, name: &str) -> PyResult<Vec<PathBuf>> {
    sequence(value, name, "a list of folders", |v, n| {
        v.extract::<PathBuf>()
            .map_err(|_| invalid(n, format!("expected a folder (str or Path), not {}", shown(v))))
    })
}

/// A number of seconds (an `int` or a `float`; the budget checks its range).
pub fn seconds(value: &Bound<'_, PyAny>, name: &str) -> PyResult<f64> {
    let number = value.is_instance_of::<PyFloat>()
        || (value.is_instance_of::<PyInt>() && !value.is_instance_of::<PyBool>());
    match value.extract::<f64>() {
        Ok(x) if number => Ok(x),
        _ => Err(invalid(
            name,
            format!("expected a number of seconds, not {} {}", type_of(value), shown(value)),
        )),
    }
}

//! Nim arithmetic vectorised over NumPy `uint64` arrays: the library's bulk
//! product and its per-value inverse, square root and power, run with the
//! GIL released.

use numpy::{PyArray1, PyArrayMethods, PyReadonlyArray1, PyUntypedArrayMethods};
use onag::nimber;
use pyo3::exceptions::{PyTypeError, PyValueError, PyZeroDivisionError};
use pyo3::prelude::*;
use pyo3::types::PyInt;

/// A one-dimensional `uint64` array argument, or a one-line `TypeError`.
fn u64_array<'py>(value: &Bound<'py, PyAny>, what: &str) -> PyResult<PyReadonlyArray1<'py, u64>> {
    match value.extract::<PyReadonlyArray1<'py, u64>>() {
        Ok(array) => Ok(array),
        Err(_) => {
            let not = match (value.getattr("dtype"), value.getattr("ndim")) {
                (Ok(dtype), Ok(ndim)) if dtype.to_string() == "uint64" => {
                    format!("a {ndim}-dimensional array")
                }
                (Ok(dtype), _) => dtype.to_string(),
                _ => value.get_type().to_string(),
            };
            Err(PyTypeError::new_err(format!(
                "{what}: expected a one-dimensional numpy.uint64 array, not {not}"
            )))
        }
    }
}

/// The contiguous values of an array (copied only when it is strided).
fn values(array: &PyReadonlyArray1<'_, u64>) -> Vec<u64> {
    match array.as_slice() {
        Ok(slice) => slice.to_vec(),
        Err(_) => array.as_array().iter().copied().collect(),
    }
}

/// Elementwise nim products `a[i] ⊗ b[i]` of two `uint64` arrays of one
/// length (or an array and an int).
#[pyfunction]
pub fn nim_mul<'py>(
    py: Python<'py>,
    a: &Bound<'py, PyAny>,
    b: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyArray1<u64>>> {
    let a = u64_array(a, "nim_mul(a, b): a")?;
    let b_scalar = b.extract::<u64>().ok();
    let b = match b_scalar {
        Some(_) => None,
        None if b.is_instance_of::<PyInt>() => {
            return Err(PyValueError::new_err(format!(
                "nim_mul(a, b): b = {b} is not a 64-bit nimber (0 to 2^64 - 1)"
            )));
        }
        None => Some(u64_array(b, "nim_mul(a, b): b")?),
    };
    if let Some(b) = &b
        && b.len() != a.len()
    {
        return Err(PyValueError::new_err(format!(
            "nim_mul(a, b): the arrays have lengths {} and {}",
            a.len(),
            b.len()
        )));
    }
    let out = PyArray1::<u64>::zeros(py, a.len(), false);
    {
        let mut out_rw = out.readwrite();
        let out_slice = out_rw.as_slice_mut()?;
        let a_owned;
        let a_slice = match a.as_slice() {
            Ok(s) => s,
            Err(_) => {
                a_owned = values(&a);
                &a_owned
            }
        };
        match &b {
            Some(b) => {
                let b_owned;
                let b_slice = match b.as_slice() {
                    Ok(s) => s,
                    Err(_) => {
                        b_owned = values(b);
                        &b_owned
                    }
                };
                py.detach(|| nimber::mul64_slice(a_slice, b_slice, out_slice));
            }
            None => {
                let k = b_scalar.unwrap_or(0);
                py.detach(|| {
                    for (o, &x) in out_slice.iter_mut().zip(a_slice) {
                        *o = nimber::mul64(x, k);
                    }
                });
            }
        }
    }
    Ok(out)
}

/// Applies `f` to every value of a `uint64` array, GIL released.
fn map<'py>(
    py: Python<'py>,
    a: &Bound<'py, PyAny>,
    what: &str,
    f: impl Fn(u64) -> Option<u64> + Send + Sync,
) -> PyResult<Bound<'py, PyArray1<u64>>> {
    let a = values(&u64_array(a, what)?);
    let out: Option<Vec<u64>> = py.detach(|| a.iter().map(|&x| f(x)).collect());
    match out {
        Some(out) => Ok(PyArray1::from_vec(py, out)),
        None => Err(PyZeroDivisionError::new_err(format!("{what}: 0 has no nim inverse"))),
    }
}

/// Elementwise nim inverses (every value nonzero).
#[pyfunction]
pub fn nim_inv<'py>(py: Python<'py>, a: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyArray1<u64>>> {
    map(py, a, "nim_inv(a)", nimber::inverse64)
}

/// Elementwise nim square roots.
#[pyfunction]
pub fn nim_sqrt<'py>(
    py: Python<'py>,
    a: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyArray1<u64>>> {
    map(py, a, "nim_sqrt(a)", |x| Some(nimber::sqrt64(x)))
}

/// Elementwise nim powers `a[i]^e`.
#[pyfunction]
pub fn nim_pow<'py>(
    py: Python<'py>,
    a: &Bound<'py, PyAny>,
    e: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyArray1<u64>>> {
    let e: u64 = crate::args::unsigned(e, "nim_pow(a, e): e")?;
    map(py, a, "nim_pow(a, e)", move |x| Some(nimber::pow64(x, e)))
}

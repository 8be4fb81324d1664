//! `onag.Game`: a short partizan game in canonical form, an id in the
//! engine's arena, with the arena's operations as operators and members.

use num_bigint::BigInt;
use onag::game::{Arena, GameId};
use onag::number::Dyadic;
use pyo3::basic::CompareOp;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyString;

use crate::engine::{self, Engine, quick_budget};
use crate::errors::to_py;
use crate::limits::{self, DEFAULT_MAX_POSITIONS, Limits};
use crate::thermograph::Thermograph;

/// A short game in canonical form. `Game("{2|1}")` reads the calculator's
/// notation (any calculator expression whose value is a game or a dyadic
/// number); `Game(3)` is an integer.
#[pyclass(frozen, module = "onag", name = "Game")]
pub struct Game {
    /// The id in the engine's arena.
    pub id: GameId,
}

/// Runs a short operation on the engine with the GIL released.
pub fn quick<T: Send>(
    py: Python<'_>,
    op: impl FnOnce(&mut Arena) -> onag::Result<T> + Send,
) -> PyResult<T> {
    py.detach(|| {
        let mut engine = engine::lock();
        op(engine.arena(&quick_budget()))
    })
    .map_err(to_py)
}

/// Runs a long operation on the engine: worker thread, limits, Ctrl-C.
pub fn long<T: Send>(
    py: Python<'_>,
    limits: &Limits,
    op: impl FnOnce(&mut Engine, &onag::Budget) -> onag::Result<T> + Send,
) -> PyResult<T> {
    limits::run(py, limits, Some(DEFAULT_MAX_POSITIONS), |budget| {
        let mut engine = engine::lock();
        op(&mut engine, budget)
    })
}

/// A dyadic number as a `fractions.Fraction`.
pub fn fraction<'py>(py: Python<'py>, x: &Dyadic) -> PyResult<Bound<'py, PyAny>> {
    let fraction = py.import("fractions")?.getattr("Fraction")?;
    fraction.call1((x.numerator(), x.denominator()))
}

/// The game an operand stands for: a `Game`, or a Python integer.
fn operand(py: Python<'_>, value: &Bound<'_, PyAny>) -> PyResult<Option<GameId>> {
    if let Ok(game) = value.cast::<Game>() {
        return Ok(Some(game.get().id));
    }
    if let Ok(n) = value.extract::<BigInt>() {
        return quick(py, move |arena| arena.integer_big(&n)).map(Some);
    }
    Ok(None)
}

/// Wraps ids as games.
fn games(ids: Vec<GameId>) -> Vec<Game> {
    ids.into_iter().map(|id| Game { id }).collect()
}

#[pymethods]
impl Game {
    #[new]
    #[pyo3(signature = (value, *, max_positions=None, max_memory=None, timeout=None))]
    fn new(
        py: Python<'_>,
        value: &Bound<'_, PyAny>,
        max_positions: Option<&Bound<'_, PyAny>>,
        max_memory: Option<&Bound<'_, PyAny>>,
        timeout: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Game> {
        let limits = Limits::new(max_positions, max_memory, timeout)?;
        if value.is_instance_of::<PyString>() {
            let text: String = value.extract()?;
            // A text read before is answered at once, without the worker.
            let known = py.detach(|| engine::lock().parsed.get(&text).copied());
            if let Some(id) = known {
                return Ok(Game { id });
            }
            return long(py, &limits, move |engine, budget| engine.game(&text, budget))
                .map(|id| Game { id });
        }
        if let Ok(game) = value.cast::<Game>() {
            return Ok(Game { id: game.get().id });
        }
        if let Ok(n) = value.extract::<BigInt>() {
            return quick(py, move |arena| arena.integer_big(&n)).map(|id| Game { id });
        }
        if value.is_instance(&py.import("fractions")?.getattr("Fraction")?)? {
            // A dyadic fraction is a number; another one is not a short game.
            let numerator: BigInt = value.getattr("numerator")?.extract()?;
            let denominator: BigInt = value.getattr("denominator")?.extract()?;
            if denominator.sign() == num_bigint::Sign::NoSign {
                return Err(pyo3::exceptions::PyZeroDivisionError::new_err(
                    "Game(): a Fraction with denominator 0",
                ));
            }
            let q = num_rational::BigRational::new(numerator, denominator);
            return long(py, &limits, move |engine, budget| {
                engine.value_game(onag::lang::Value::number(q), budget)
            })
            .map(|id| Game { id });
        }
        Err(PyTypeError::new_err(format!(
            "Game(): expected the calculator's notation (a str), an int or a Fraction, not {}",
            value.get_type().name()?
        )))
    }

    fn __str__(&self, py: Python<'_>) -> PyResult<String> {
        let g = self.id;
        quick(py, move |arena| arena.print(g))
    }

    /// `Game("...")` in a notation that reads back as this game: as `str`,
    /// but `1+*2` where CGSuite's `1*2` would read as a product.
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let g = self.id;
        Ok(format!("Game({:?})", quick(py, move |arena| arena.print_readable(g))?))
    }

    fn __hash__(&self) -> u64 {
        u64::from(self.id.index())
    }

    fn __richcmp__(
        &self,
        py: Python<'_>,
        other: &Bound<'_, PyAny>,
        op: CompareOp,
    ) -> PyResult<Py<PyAny>> {
        let Some(h) = operand(py, other)? else {
            return Ok(py.NotImplemented());
        };
        let g = self.id;
        let answer = match op {
            CompareOp::Eq => g == h,
            CompareOp::Ne => g != h,
            CompareOp::Le => quick(py, move |a| a.leq(g, h))?,
            CompareOp::Ge => quick(py, move |a| a.leq(h, g))?,
            CompareOp::Lt => quick(py, move |a| a.lt(g, h))?,
            CompareOp::Gt => quick(py, move |a| a.lt(h, g))?,
        };
        Ok(pyo3::types::PyBool::new(py, answer).to_owned().into_any().unbind())
    }

    fn __add__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let Some(h) = operand(py, other)? else {
            return Ok(py.NotImplemented());
        };
        let g = self.id;
        let id = quick(py, move |a| a.add(g, h))?;
        Ok(Py::new(py, Game { id })?.into_any())
    }

    fn __radd__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.__add__(py, other)
    }

    fn __sub__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let Some(h) = operand(py, other)? else {
            return Ok(py.NotImplemented());
        };
        let g = self.id;
        let id = quick(py, move |a| a.sub(g, h))?;
        Ok(Py::new(py, Game { id })?.into_any())
    }

    fn __rsub__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        let Some(h) = operand(py, other)? else {
            return Ok(py.NotImplemented());
        };
        let g = self.id;
        let id = quick(py, move |a| a.sub(h, g))?;
        Ok(Py::new(py, Game { id })?.into_any())
    }

    fn __neg__(&self, py: Python<'_>) -> PyResult<Game> {
        let g = self.id;
        quick(py, move |a| a.neg(g)).map(|id| Game { id })
    }

    fn __pos__(&self) -> Game {
        Game { id: self.id }
    }

    /// The canonical form (the game itself: games are kept canonical).
    #[getter]
    fn canonical_form(&self) -> Game {
        Game { id: self.id }
    }

    /// The outcome class: `"L"`, `"R"`, `"P"` or `"N"`.
    #[getter]
    fn outcome(&self, py: Python<'_>) -> PyResult<String> {
        let g = self.id;
        quick(py, move |a| a.outcome(g)).map(|o| o.to_string())
    }

    /// The left options, in canonical form.
    #[getter]
    fn left_options(&self, py: Python<'_>) -> PyResult<Vec<Game>> {
        let g = self.id;
        quick(py, move |a| a.left_options(g)).map(games)
    }

    /// The right options, in canonical form.
    #[getter]
    fn right_options(&self, py: Python<'_>) -> PyResult<Vec<Game>> {
        let g = self.id;
        quick(py, move |a| a.right_options(g)).map(games)
    }

    /// Whether the game is a number.
    #[getter]
    fn is_number(&self, py: Python<'_>) -> PyResult<bool> {
        let g = self.id;
        quick(py, move |a| Ok(a.is_number(g)))
    }

    /// Whether the game is an integer.
    #[getter]
    fn is_integer(&self, py: Python<'_>) -> PyResult<bool> {
        let g = self.id;
        quick(py, move |a| Ok(a.is_integer(g)))
    }

    /// Whether the game is a nimber.
    #[getter]
    fn is_nimber(&self, py: Python<'_>) -> PyResult<bool> {
        let g = self.id;
        quick(py, move |a| Ok(a.is_nimber(g)))
    }

    /// Whether the game is infinitesimal.
    #[getter]
    fn is_infinitesimal(&self, py: Python<'_>) -> PyResult<bool> {
        let g = self.id;
        quick(py, move |a| a.is_infinitesimal(g))
    }

    /// Whether the game is all-small.
    #[getter]
    fn is_all_small(&self, py: Python<'_>) -> PyResult<bool> {
        let g = self.id;
        long(py, &Limits::default(), move |e, b| e.arena(b).is_all_small(g))
    }

    /// The number the game is, as a `Fraction`, or `None`.
    #[getter]
    fn number<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        let g = self.id;
        match quick(py, move |a| Ok(a.as_number(g)))? {
            Some(x) => fraction(py, &x).map(Some),
            None => Ok(None),
        }
    }

    /// The nim value of an impartial game, or `None`.
    #[getter]
    fn nim_value(&self, py: Python<'_>) -> PyResult<Option<u64>> {
        let g = self.id;
        quick(py, move |a| Ok(a.nim_value(g)))
    }

    /// The birthday.
    #[getter]
    fn birthday(&self, py: Python<'_>) -> PyResult<num_bigint::BigUint> {
        let g = self.id;
        long(py, &Limits::default(), move |e, b| e.arena(b).birthday(g))
    }

    /// The left stop, as a `Fraction`.
    #[getter]
    fn left_stop<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let g = self.id;
        let (l, _) = long(py, &Limits::default(), move |e, b| e.arena(b).stops(g))?;
        fraction(py, &l)
    }

    /// The right stop, as a `Fraction`.
    #[getter]
    fn right_stop<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let g = self.id;
        let (_, r) = long(py, &Limits::default(), move |e, b| e.arena(b).stops(g))?;
        fraction(py, &r)
    }

    /// The mean value, as a `Fraction`.
    #[getter]
    fn mean<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let g = self.id;
        let m = long(py, &Limits::default(), move |e, b| e.arena(b).mean(g))?;
        fraction(py, &m)
    }

    /// The temperature, as a `Fraction`.
    #[getter]
    fn temperature<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let g = self.id;
        let t = long(py, &Limits::default(), move |e, b| e.arena(b).temperature(g))?;
        fraction(py, &t)
    }

    /// The thermograph (shown as a picture in Jupyter).
    #[pyo3(signature = (*, max_positions=None, max_memory=None, timeout=None))]
    fn thermograph(
        &self,
        py: Python<'_>,
        max_positions: Option<&Bound<'_, PyAny>>,
        max_memory: Option<&Bound<'_, PyAny>>,
        timeout: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Thermograph> {
        let limits = Limits::new(max_positions, max_memory, timeout)?;
        let g = self.id;
        let thermograph = long(py, &limits, move |e, b| e.arena(b).thermograph(g))?;
        Ok(Thermograph::new(thermograph, self.__str__(py)?))
    }

    /// The atomic weight.
    #[getter]
    fn atomic_weight(&self, py: Python<'_>) -> PyResult<Game> {
        let g = self.id;
        long(py, &Limits::default(), move |e, b| e.arena(b).atomic_weight(g)).map(|id| Game { id })
    }

    /// The reduced canonical form.
    #[getter]
    fn reduced_canonical_form(&self, py: Python<'_>) -> PyResult<Game> {
        let g = self.id;
        long(py, &Limits::default(), move |e, b| e.arena(b).reduced_canonical_form(g))
            .map(|id| Game { id })
    }

    /// The incentives (left and right), in CGSuite's order.
    #[getter]
    fn incentives(&self, py: Python<'_>) -> PyResult<Vec<Game>> {
        let g = self.id;
        long(py, &Limits::default(), move |e, b| e.arena(b).incentives(g)).map(games)
    }

    /// The game cooled by `t` (a dyadic number: int, `Fraction` or `Game`).
    fn cool(&self, py: Python<'_>, t: &Bound<'_, PyAny>) -> PyResult<Game> {
        let t = dyadic_arg(py, t, "cool")?;
        let g = self.id;
        long(py, &Limits::default(), move |e, b| e.arena(b).cool(g, &t)).map(|id| Game { id })
    }

    /// The game heated by `t` (a `Game` or an int).
    fn heat(&self, py: Python<'_>, t: &Bound<'_, PyAny>) -> PyResult<Game> {
        let Some(t) = operand(py, t)? else {
            return Err(PyTypeError::new_err("heat(): expected a Game or an int"));
        };
        let g = self.id;
        long(py, &Limits::default(), move |e, b| e.arena(b).heat(g, t)).map(|id| Game { id })
    }
}

/// A dyadic number from an int, a `fractions.Fraction` or a numeric `Game`.
fn dyadic_arg(py: Python<'_>, value: &Bound<'_, PyAny>, what: &str) -> PyResult<Dyadic> {
    if let Ok(game) = value.cast::<Game>() {
        let g = game.get().id;
        return quick(py, move |a| Ok(a.as_number(g)))?.ok_or_else(|| {
            crate::errors::InvalidInput::new_err(format!("{what}(): the game is not a number"))
        });
    }
    if let Ok(n) = value.extract::<BigInt>() {
        return Ok(Dyadic::from_bigint(&n));
    }
    let fraction = py.import("fractions")?.getattr("Fraction")?;
    if value.is_instance(&fraction)? {
        let num: BigInt = value.getattr("numerator")?.extract()?;
        let den: BigInt = value.getattr("denominator")?.extract()?;
        let q = num_rational::BigRational::new(num, den);
        return Dyadic::from_rational(&q).ok_or_else(|| {
            crate::errors::InvalidInput::new_err(format!("{what}(): {q} is not a dyadic rational"))
        });
    }
    Err(PyTypeError::new_err(format!(
        "{what}(): expected an int, a Fraction or a numeric Game, not {}",
        value.get_type().name()?
    )))
}

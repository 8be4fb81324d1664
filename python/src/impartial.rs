//! Impartial games: Grundy sequences of take-and-break and subtraction
//! games as NumPy arrays (the library's table handed over without copying),
//! with their certified periods and winning moves.

use num_bigint::BigUint;
use numpy::{PyArray1, PyArrayMethods};
use onag::impartial::heap::subtraction::{Analysis, Rule, SubtractionSet, analyze};
use onag::impartial::heap::{self, GrundySequence as Sequence, TakeAndBreak, search};
use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;

use crate::limits::{self, Limits};

/// The default position limit of a Grundy table, as `onag octal` has it.
const OCTAL_MAX_POSITIONS: u64 = 100_000_000;
/// The default position limit of a subtraction table, as `onag subtraction` has it.
const SUBTRACTION_MAX_POSITIONS: u64 = 10_000_000;

/// What answers heaps past the table.
enum Tail {
    /// A take-and-break code: its rule and the sequence cut to one preperiod
    /// and period (its certificate answers every heap).
    Code(TakeAndBreak, Box<Sequence>),
    /// A subtraction game's analysis (its table answers moves and heaps).
    Subtraction(Box<Analysis>),
}

/// A Grundy sequence `g(0..=upto)`: `values` is a NumPy `uint32` array, and
/// a certified period (`period`, `preperiod`, `saltus`, its `certificate`)
/// answers heaps of any size (`value(n)`).
#[pyclass(frozen, module = "onag", name = "GrundySequence")]
pub struct GrundySequence {
    values: Py<PyArray1<u32>>,
    /// The game, as the command prints it.
    #[pyo3(get)]
    game: String,
    /// The period, when certified.
    #[pyo3(get)]
    period: Option<u64>,
    /// The preperiod, when a period is certified.
    #[pyo3(get)]
    preperiod: Option<u64>,
    /// The saltus (0 unless arithmetic-periodic), when a period is certified.
    #[pyo3(get)]
    saltus: Option<u64>,
    /// The last heap whose value the certificate reads (take-and-break codes).
    #[pyo3(get)]
    certified_at: Option<u64>,
    /// Why the period holds for every heap: the line `onag octal` or
    /// `onag subtraction` prints for it.
    #[pyo3(get)]
    certificate: Option<String>,
    tail: Tail,
}

fn invalid(err: onag::Error, source: &str) -> onag::Error {
    err.in_source(source)
}

#[pymethods]
impl GrundySequence {
    /// The values `g(0..=upto)` as a NumPy `uint32` array (no copy).
    #[getter]
    fn values<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<u32>> {
        self.values.bind(py).clone()
    }

    fn __len__(&self, py: Python<'_>) -> usize {
        self.values.bind(py).len().unwrap_or(0)
    }

    fn __repr__(&self, py: Python<'_>) -> String {
        let period = match (self.period, self.preperiod) {
            (Some(p), Some(pp)) => format!(", period {p} from heap {pp}"),
            _ => String::new(),
        };
        format!("<Grundy values of {} to heap {}{period}>", self.game, self.__len__(py) - 1)
    }

    /// A scatter plot of the values (heap against value) as SVG text.
    fn svg(&self, py: Python<'_>) -> PyResult<String> {
        let values = self.values.bind(py).readonly();
        let table = values.as_slice()?;
        onag::picture::grundy_svg(&self.game, table).map_err(crate::errors::to_py)
    }

    /// Jupyter shows the sequence as its plot.
    fn _repr_svg_(&self, py: Python<'_>) -> PyResult<String> {
        self.svg(py)
    }

    /// The value of a heap of any size: from the table, or from the
    /// certified period beyond it.
    fn value(&self, py: Python<'_>, n: &Bound<'_, PyAny>) -> PyResult<BigUint> {
        let n = crate::args::natural(n, "n")?;
        let values = self.values.bind(py).readonly();
        let table = values.as_slice()?;
        if let Some(&v) = usize::try_from(&n).ok().and_then(|i| table.get(i)) {
            return Ok(BigUint::from(v));
        }
        let beyond = || {
            PyIndexError::new_err(format!(
                "heap {n} lies beyond the computed values and no period is certified"
            ))
        };
        match &self.tail {
            Tail::Code(_, seq) => {
                let n = u64::try_from(&n).map_err(|_| match seq.certified {
                    // The period answers every heap the library plays: up to 2^64 - 1.
                    Some(_) => crate::args::invalid(
                        &format!("n={n}"),
                        format!("heap sizes go up to 2^64 - 1 ({})", u64::MAX),
                    ),
                    None => beyond(),
                })?;
                seq.wide_value(n).map(BigUint::from).ok_or_else(beyond)
            }
            Tail::Subtraction(analysis) => analysis.value(&n).ok_or_else(beyond),
        }
    }

    /// Every winning move of the sum of `heaps` (normal play), as pairs
    /// `(index of the heap, the heaps it leaves)`; empty for a P-position.
    /// Every heap must lie within the table.
    fn winning_moves(
        &self,
        py: Python<'_>,
        heaps: &Bound<'_, PyAny>,
    ) -> PyResult<Vec<(usize, Vec<usize>)>> {
        let heaps: Vec<usize> = crate::args::unsigned_list(heaps, "heaps")?;
        let values = self.values.bind(py).readonly();
        let table = values.as_slice()?;
        if let Some(&h) = heaps.iter().find(|&&h| h >= table.len()) {
            return Err(PyIndexError::new_err(format!(
                "heap {h} lies beyond the computed values (0..={})",
                table.len() - 1
            )));
        }
        let moves = match &self.tail {
            Tail::Code(rule, _) => heap::winning_moves(rule, table, &heaps),
            Tail::Subtraction(analysis) => {
                let rule = SubtractionRule(&analysis.set);
                heap::winning_moves(&rule, table, &heaps)
            }
        };
        moves.ok_or_else(|| PyIndexError::new_err("a heap lies beyond the computed values"))
    }
}

/// A subtraction set as a heap rule (one heap leaves at most one heap).
struct SubtractionRule<'a>(&'a SubtractionSet);

impl heap::HeapRuleset for SubtractionRule<'_> {
    fn for_each_option(&self, n: usize, f: &mut dyn FnMut(&[usize]) -> std::ops::ControlFlow<()>) {
        for k in 1..=n {
            if self.0.contains(k as u64) {
                let rest = n - k;
                let parts: &[usize] = if rest == 0 { &[] } else { &[rest] };
                if f(parts).is_break() {
                    return;
                }
            }
        }
    }

    fn name(&self) -> String {
        self.0.to_string()
    }
}

/// The Grundy sequence of a take-and-break code (`"0.77"`, `"4!.0"`,
/// `"0.[3]"`) to heap `upto`, with its certified period, as `onag octal`
/// computes it.
#[pyfunction]
#[pyo3(signature = (code, upto=None, *, max_positions=None, max_memory=None, timeout=None))]
pub fn octal(
    py: Python<'_>,
    code: &Bound<'_, PyAny>,
    upto: Option<&Bound<'_, PyAny>>,
    max_positions: Option<&Bound<'_, PyAny>>,
    max_memory: Option<&Bound<'_, PyAny>>,
    timeout: Option<&Bound<'_, PyAny>>,
) -> PyResult<GrundySequence> {
    let code = crate::args::string(code, "code")?;
    let code = code.as_str();
    let upto: u64 = upto.map(|u| crate::args::unsigned(u, "upto")).transpose()?.unwrap_or(100);
    let limits = Limits::new(max_positions, max_memory, timeout)?;
    let rule = TakeAndBreak::parse(code).map_err(|e| crate::errors::to_py(invalid(e, "CODE")))?;
    let upto_index =
        usize::try_from(upto).ok().filter(|&u| u <= heap::sequence::MAX_HEAP).ok_or_else(|| {
            PyValueError::new_err(format!(
                "upto={upto}: tables are limited to {} heaps",
                heap::sequence::MAX_HEAP
            ))
        })?;
    let (seq, certified_at) = limits::run(py, &limits, Some(OCTAL_MAX_POSITIONS), |budget| {
        // The table handed to NumPy holds every value to `upto`: a limit it
        // passes fails now, not after the search.
        budget.check_positions(upto.saturating_add(1))?;
        budget.check_memory(upto.saturating_add(1).saturating_mul(4))?;
        let (mut seq, at) = search::search(&rule, upto, budget)?;
        seq.fill_to(upto_index)?;
        Ok((seq, at))
    })?;
    let mut seq = seq;
    let certificate = search::certificate(&seq, certified_at);
    let c = seq.certified;
    let mut values = std::mem::take(&mut seq.values);
    values.truncate(upto_index + 1);
    // Keep one preperiod and period for heaps past the table.
    if let Some(c) = c {
        seq.values = values[..(c.preperiod + c.period).min(values.len())].to_vec();
    }
    Ok(GrundySequence {
        values: PyArray1::from_vec(py, values).unbind(),
        game: rule.to_string(),
        period: c.map(|c| c.period as u64),
        preperiod: c.map(|c| c.preperiod as u64),
        saltus: c.map(|c| u64::from(c.saltus)),
        certified_at: certified_at.map(|n| n as u64),
        certificate,
        tail: Tail::Code(rule, Box::new(seq)),
    })
}

/// The Grundy sequence of a subtraction game to heap `upto`: a finite set
/// (`[1, 3, 4]`), `all_but=[2, 3, 7]`, or `rule="squares"`,
/// `"powers-of-2"`, `"primes"`; a period is looked for among `search`
/// values and proved with its certificate, as `onag subtraction` does.
#[pyfunction]
#[pyo3(signature = (subtraction_set=None, upto=None, *, all_but=None, rule=None,
                    search=None, max_positions=None, max_memory=None, timeout=None))]
#[allow(clippy::too_many_arguments)]
pub fn subtraction(
    py: Python<'_>,
    subtraction_set: Option<&Bound<'_, PyAny>>,
    upto: Option<&Bound<'_, PyAny>>,
    all_but: Option<&Bound<'_, PyAny>>,
    rule: Option<&Bound<'_, PyAny>>,
    search: Option<&Bound<'_, PyAny>>,
    max_positions: Option<&Bound<'_, PyAny>>,
    max_memory: Option<&Bound<'_, PyAny>>,
    timeout: Option<&Bound<'_, PyAny>>,
) -> PyResult<GrundySequence> {
    let subtraction_set =
        subtraction_set.map(|s| crate::args::unsigned_list(s, "subtraction_set")).transpose()?;
    let upto: u64 = upto.map(|u| crate::args::unsigned(u, "upto")).transpose()?.unwrap_or(100);
    let all_but = all_but.map(|s| crate::args::unsigned_list(s, "all_but")).transpose()?;
    let rule = rule.map(|r| crate::args::string(r, "rule")).transpose()?;
    let rule = rule.as_deref();
    let search: u64 =
        search.map(|s| crate::args::unsigned(s, "search")).transpose()?.unwrap_or(1_000_000);
    let limits = Limits::new(max_positions, max_memory, timeout)?;
    let set = match (subtraction_set, all_but, rule) {
        (Some(members), None, None) => SubtractionSet::finite(members),
        (None, Some(excluded), None) => SubtractionSet::all_but(excluded),
        (None, None, Some(rule)) => Rule::parse(rule).map(SubtractionSet::Rule),
        _ => {
            return Err(PyValueError::new_err(
                "give exactly one of a subtraction set, all_but= or rule=",
            ));
        }
    }
    .map_err(crate::errors::to_py)?;
    let analysis = limits::run(py, &limits, Some(SUBTRACTION_MAX_POSITIONS), |budget| {
        analyze(&set, upto, search, budget)
    })?;
    let shown = usize::try_from(upto).unwrap_or(usize::MAX).saturating_add(1);
    let shown = shown.min(analysis.table.len());
    let values = PyArray1::from_slice(py, &analysis.table[..shown]).unbind();
    let per = analysis.periodicity.clone();
    Ok(GrundySequence {
        values,
        game: set.to_string(),
        period: per.as_ref().map(|p| p.period),
        preperiod: per.as_ref().map(|p| p.preperiod),
        saltus: per.as_ref().map(|p| p.saltus),
        certified_at: None,
        certificate: per.as_ref().map(|p| p.explain()),
        tail: Tail::Subtraction(Box::new(analysis)),
    })
}

//! Limits and the runner of long calls.
//!
//! Every long call takes the CLI's limits as keyword arguments
//! (`max_positions=`, `max_memory=`, `timeout=`) and runs on a worker thread
//! with the GIL released. The calling thread waits in slices of
//! [`POLL`], taking the GIL between slices to let Python see Ctrl-C: a
//! pending `KeyboardInterrupt` sets the budget's cancel flag, the worker
//! stops at its next budget check, and the interrupt is raised.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use onag::{Budget, LimitNames};
use pyo3::prelude::*;
use pyo3::types::PyString;

use crate::errors::to_py;

/// How long the caller waits for the worker before looking at signals.
const POLL: Duration = Duration::from_millis(20);

/// The worker's stack: generous, as the CLI's evaluation thread, so that
/// printing or walking very deep games never overflows it.
const STACK_SIZE: usize = 256 << 20;

/// The position limit when none is given: the CLI's calculator default, so a
/// runaway input ends with an error instead of exhausting memory.
pub const DEFAULT_MAX_POSITIONS: u64 = 10_000_000;

/// The limits of one call, as given from Python.
#[derive(Debug, Clone, Copy, Default)]
pub struct Limits {
    /// `max_positions=`: positions (values, states) the call may create.
    pub max_positions: Option<u64>,
    /// `max_memory=`: bytes of tables.
    pub max_memory: Option<u64>,
    /// `timeout=`: seconds.
    pub timeout: Option<Duration>,
}

impl Limits {
    /// Reads the three keyword arguments.
    pub fn new(
        max_positions: Option<&Bound<'_, PyAny>>,
        max_memory: Option<&Bound<'_, PyAny>>,
        timeout: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Limits> {
        let max_positions = max_positions.map(position_count).transpose()?;
        let max_memory = max_memory.map(memory_bytes).transpose()?;
        let timeout = timeout
            .map(|t| {
                let t = crate::args::seconds(t, "timeout")?;
                onag::budget::timeout_from_secs(t)
                    .map_err(|e| crate::args::invalid(&format!("timeout={t}"), e))
            })
            .transpose()?;
        Ok(Limits { max_positions, max_memory, timeout })
    }

    /// The budget of these limits, cancelled by `cancel`; the position limit
    /// is `default_positions` when none was given.
    pub fn budget(&self, cancel: Arc<AtomicBool>, default_positions: Option<u64>) -> Budget {
        let mut budget = Budget::unlimited().with_cancel_flag(cancel).naming_limits(NAMES);
        if let Some(n) = self.max_positions.or(default_positions) {
            budget = budget.with_max_positions(n);
        }
        if let Some(bytes) = self.max_memory {
            budget = budget.with_max_memory(bytes);
        }
        if let Some(t) = self.timeout {
            budget = budget.with_timeout(t);
        }
        budget
    }
}

/// The limits as an error names them: the keyword arguments that set them.
pub const NAMES: LimitNames =
    LimitNames { positions: "max_positions=", memory: "max_memory=", timeout: "timeout=" };

/// `max_positions=`: an int, 0 or more.
fn position_count(value: &Bound<'_, PyAny>) -> PyResult<u64> {
    crate::args::unsigned(value, "max_positions")
}

/// `max_memory=`: a number of bytes, or a size with a suffix as the CLI
/// takes it (`"512M"`, `"4G"`; K, M, G, T are powers of 1024).
fn memory_bytes(value: &Bound<'_, PyAny>) -> PyResult<u64> {
    if value.is_instance_of::<PyString>() {
        let text: String = value.extract()?;
        let text = text.as_str();
        return parse_size(text).ok_or_else(|| {
            crate::args::invalid(
                &format!("max_memory='{text}'"),
                "expected a size such as 4G, 512M or 1000000",
            )
        });
    }
    if value.is_instance_of::<pyo3::types::PyInt>() {
        return crate::args::unsigned(value, "max_memory");
    }
    Err(crate::args::invalid("max_memory", "expected a number of bytes or a size such as '4G'"))
}

/// Parses `123`, `64K`, `512M`, `4G`, `1T` (optionally followed by `B` or `iB`).
pub fn parse_size(text: &str) -> Option<u64> {
    let t = text.trim();
    let t = t.strip_suffix("iB").or_else(|| t.strip_suffix('B')).unwrap_or(t);
    let (digits, shift) = match t.chars().last()? {
        'K' | 'k' => (&t[..t.len() - 1], 10),
        'M' | 'm' => (&t[..t.len() - 1], 20),
        'G' | 'g' => (&t[..t.len() - 1], 30),
        'T' | 't' => (&t[..t.len() - 1], 40),
        _ => (t, 0),
    };
    let n: u64 = digits.trim().parse().ok()?;
    n.checked_mul(1u64 << shift)
}

/// Runs `work` on a worker thread with the GIL released, within `limits`
/// (`default_positions` when no position limit is given). Ctrl-C cancels it
/// and raises `KeyboardInterrupt`; a library error becomes its `onag.Error`.
pub fn run<T: Send>(
    py: Python<'_>,
    limits: &Limits,
    default_positions: Option<u64>,
    work: impl FnOnce(&Budget) -> onag::Result<T> + Send,
) -> PyResult<T> {
    let cancel = Arc::new(AtomicBool::new(false));
    let budget = limits.budget(cancel.clone(), default_positions);
    std::thread::scope(|scope| {
        let (tx, mut rx) = mpsc::channel();
        let worker = std::thread::Builder::new()
            .stack_size(STACK_SIZE)
            .spawn_scoped(scope, move || {
                let result = work(&budget);
                // The receiver lives until the worker is joined.
                let _ = tx.send(result);
            })
            .map_err(|e| to_py(onag::Error::invalid(format!("cannot start a thread: {e}"))))?;
        loop {
            // The receiver is not `Sync`: it moves into the wait and back.
            let (received, back) = py.detach(move || (rx.recv_timeout(POLL), rx));
            rx = back;
            match received {
                Ok(result) => {
                    py.detach(|| worker.join()).map_err(|_| worker_failed())?;
                    return result.map_err(to_py);
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    if let Err(interrupt) = py.check_signals() {
                        cancel.store(true, Ordering::Relaxed);
                        // The worker stops at its next budget check.
                        let _ = py.detach(|| worker.join());
                        return Err(interrupt);
                    }
                }
                Err(mpsc::RecvTimeoutError::Disconnected) => {
                    let _ = py.detach(|| worker.join());
                    return Err(worker_failed());
                }
            }
        }
    })
}

fn worker_failed() -> PyErr {
    crate::errors::Error::new_err("internal error: the computation stopped unexpectedly")
}

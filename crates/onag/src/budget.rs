//! Limits, cancellation and progress for long computations.
//!
//! A [`Budget`] travels with every computation that may run long. The
//! computation calls [`Budget::check`] from time to time (every few thousand
//! steps, so the check costs nothing measurable) with the number of positions it
//! has created so far; the check fails with [`ErrorKind::LimitExceeded`] or
//! [`ErrorKind::Cancelled`] and the computation returns that error cleanly.
//! Progress goes to an optional callback; the library itself never prints.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;
// `std::time::Instant` panics in the browser (wasm32-unknown-unknown has no
// clock of its own); there the budget's deadline reads `performance.now()`.
#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
use std::time::Instant;
#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
use web_time::Instant;

use crate::error::{Error, ErrorKind, Result};

/// A snapshot of a computation's progress, handed to the progress callback.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Progress<'a> {
    /// What is being computed, e.g. "solving graph".
    pub task: &'a str,
    /// Units of work done so far.
    pub done: u64,
    /// Total units of work, when known in advance.
    pub total: Option<u64>,
}

type ProgressFn = dyn Fn(Progress<'_>) + Send + Sync;

/// How the one who set the limits names them, so that an error can say
/// which to raise: the command line's options unless told otherwise.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LimitNames {
    /// The name of the position limit: `--max-positions`.
    pub positions: &'static str,
    /// The name of the memory limit: `--max-memory`.
    pub memory: &'static str,
    /// The name of the time limit: `--timeout`.
    pub timeout: &'static str,
}

impl LimitNames {
    /// The command line's options.
    pub const COMMAND_LINE: LimitNames =
        LimitNames { positions: "--max-positions", memory: "--max-memory", timeout: "--timeout" };
}

impl Default for LimitNames {
    fn default() -> Self {
        LimitNames::COMMAND_LINE
    }
}

/// The longest time limit a front end accepts: 10^10 seconds (about 317
/// years), well inside every clock's range.
pub const MAX_TIMEOUT: Duration = Duration::from_secs(10_000_000_000);

/// Checks a time limit of `seconds` given by a user: a number of seconds,
/// 0 or more, at most [`MAX_TIMEOUT`]. The error says what is wrong, not
/// where: the caller names the option.
pub fn timeout_from_secs(seconds: f64) -> Result<Duration> {
    if !seconds.is_finite() || seconds < 0.0 {
        return Err(Error::invalid("expected a number of seconds, 0 or more"));
    }
    if seconds > MAX_TIMEOUT.as_secs_f64() {
        return Err(Error::invalid(format!(
            "too long (at most {} seconds)",
            MAX_TIMEOUT.as_secs()
        )));
    }
    Ok(Duration::from_secs_f64(seconds))
}

/// Limits (positions, memory, time), a cancel flag and a progress callback.
///
/// The default budget is unlimited, never cancelled and silent.
#[derive(Clone, Default)]
pub struct Budget {
    max_positions: Option<u64>,
    max_memory: Option<u64>,
    /// The bytes in use when the memory limit was set (or the input
    /// began): only what the computation adds counts against the limit.
    memory_base: u64,
    deadline: Option<Instant>,
    cancel: Option<Arc<AtomicBool>>,
    progress: Option<Arc<ProgressFn>>,
    names: LimitNames,
}

impl std::fmt::Debug for Budget {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Budget")
            .field("max_positions", &self.max_positions)
            .field("max_memory", &self.max_memory)
            .field("deadline", &self.deadline)
            .field("cancellable", &self.cancel.is_some())
            .field("reports_progress", &self.progress.is_some())
            .finish()
    }
}

impl Budget {
    /// An unlimited, silent budget.
    pub fn unlimited() -> Self {
        Budget::default()
    }

    /// At most `max` positions (or values, or states: whatever the computation
    /// counts) may be created.
    pub fn with_max_positions(mut self, max: u64) -> Self {
        self.max_positions = Some(max);
        self
    }

    /// At most `bytes` bytes of memory may be in use: counted by the
    /// allocator where [`crate::memory::Counting`] is installed (every table
    /// and temporary), else the tables the computations account for.
    pub fn with_max_memory(mut self, bytes: u64) -> Self {
        self.max_memory = Some(bytes);
        self.memory_base = crate::memory::in_use().unwrap_or(0);
        self
    }

    /// The same budget, counting the memory in use from now: each input
    /// of a session has the whole limit for itself, whatever earlier ones
    /// left held.
    pub fn counting_from_now(&self) -> Self {
        let mut budget = self.clone();
        budget.memory_base = crate::memory::in_use().unwrap_or(0);
        budget
    }

    /// The computation must finish within `timeout` from now. A timeout
    /// past the clock's range is no limit (front ends refuse one longer
    /// than [`MAX_TIMEOUT`] first, so a user hears about it).
    pub fn with_timeout(mut self, timeout: Duration) -> Self {
        self.deadline = Instant::now().checked_add(timeout);
        self
    }

    /// The computation stops with [`ErrorKind::Cancelled`] once `flag` is set.
    pub fn with_cancel_flag(mut self, flag: Arc<AtomicBool>) -> Self {
        self.cancel = Some(flag);
        self
    }

    /// A limit reached is named as `names` say in the error.
    pub fn naming_limits(mut self, names: LimitNames) -> Self {
        self.names = names;
        self
    }

    /// Progress reports go to `callback`.
    pub fn with_progress(
        mut self,
        callback: impl Fn(Progress<'_>) + Send + Sync + 'static,
    ) -> Self {
        self.progress = Some(Arc::new(callback));
        self
    }

    /// The position limit, if any.
    pub fn max_positions(&self) -> Option<u64> {
        self.max_positions
    }

    /// The memory limit in bytes, if any.
    pub fn max_memory(&self) -> Option<u64> {
        self.max_memory
    }

    /// Fails if `positions` exceeds the position limit, the deadline has
    /// passed, or the computation was cancelled.
    pub fn check(&self, positions: u64) -> Result<()> {
        self.check_positions(positions)?;
        self.check_in_use(0)?;
        if let Some(cancel) = &self.cancel
            && cancel.load(Ordering::Relaxed)
        {
            return Err(Error::new(ErrorKind::Cancelled, "interrupted"));
        }
        if let Some(deadline) = self.deadline
            && Instant::now() >= deadline
        {
            return Err(Error::new(
                ErrorKind::LimitExceeded,
                format!("time limit reached (raise {})", self.names.timeout),
            ));
        }
        Ok(())
    }

    /// Fails if `positions` exceeds the position limit. Call this before
    /// allocating a table of `positions` entries.
    pub fn check_positions(&self, positions: u64) -> Result<()> {
        match self.max_positions {
            Some(max) if positions > max => Err(Error::new(
                ErrorKind::LimitExceeded,
                format!(
                    "{positions} positions exceed the limit of {max} (raise {})",
                    self.names.positions
                ),
            )),
            _ => Ok(()),
        }
    }

    /// Fails if tables of `bytes` bytes in all would exceed the memory
    /// limit, or the memory in use already does (where it is counted).
    pub fn check_memory(&self, bytes: u64) -> Result<()> {
        // The tables alone first: a limit they exceed is said the same on
        // every run, whatever else the process holds.
        match self.max_memory {
            Some(max) if bytes > max => Err(Error::new(
                ErrorKind::LimitExceeded,
                format!(
                    "{bytes} bytes of tables exceed the memory limit of {max} bytes (raise {})",
                    self.names.memory
                ),
            )),
            _ => self.check_in_use(0),
        }
    }

    /// Fails if allocating `bytes` more would take the memory in use past
    /// the limit: call it before a large allocation (a table, a table grown
    /// to a new size while the old one is still held). Where memory is not
    /// counted, `bytes` alone is compared with the limit.
    pub fn reserve(&self, bytes: u64) -> Result<()> {
        match crate::memory::in_use() {
            Some(_) => self.check_in_use(bytes),
            None => self.check_memory(bytes),
        }
    }

    /// Fails if the memory in use (where it is counted) and `more` bytes
    /// exceed the memory limit.
    fn check_in_use(&self, more: u64) -> Result<()> {
        let (Some(max), Some(live)) = (self.max_memory, crate::memory::in_use()) else {
            return Ok(());
        };
        let live = live.saturating_sub(self.memory_base);
        let total = live.saturating_add(more);
        if total <= max {
            return Ok(());
        }
        let what = if more == 0 {
            format!("{live} bytes in use")
        } else {
            format!("{live} bytes in use and {more} more")
        };
        Err(Error::new(
            ErrorKind::LimitExceeded,
            format!("{what} exceed the memory limit of {max} bytes (raise {})", self.names.memory),
        ))
    }

    /// Whether anyone listens to progress reports. Computations may skip the
    /// bookkeeping for reports when nobody does.
    pub fn reports_progress(&self) -> bool {
        self.progress.is_some()
    }

    /// Reports progress to the callback, if there is one.
    pub fn progress(&self, task: &str, done: u64, total: Option<u64>) {
        if let Some(callback) = &self.progress {
            callback(Progress { task, done, total });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    #[test]
    fn unlimited_budget_always_passes() {
        assert!(Budget::unlimited().check(u64::MAX).is_ok());
    }

    #[test]
    fn position_limit_is_enforced() {
        let budget = Budget::unlimited().with_max_positions(10);
        assert!(budget.check(10).is_ok());
        let err = budget.check(11).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::LimitExceeded);
    }

    #[test]
    fn cancel_flag_stops_work() {
        let flag = Arc::new(AtomicBool::new(false));
        let budget = Budget::unlimited().with_cancel_flag(flag.clone());
        assert!(budget.check(0).is_ok());
        flag.store(true, Ordering::Relaxed);
        assert_eq!(budget.check(0).unwrap_err().kind(), ErrorKind::Cancelled);
    }

    #[test]
    fn expired_deadline_stops_work() {
        let budget = Budget::unlimited().with_timeout(Duration::ZERO);
        assert_eq!(budget.check(0).unwrap_err().kind(), ErrorKind::LimitExceeded);
    }

    #[test]
    fn a_timeout_past_the_clock_is_no_panic() {
        let budget = Budget::unlimited().with_timeout(Duration::from_secs(u64::MAX));
        assert!(budget.check(0).is_ok());
    }

    #[test]
    fn user_timeouts_are_checked() {
        assert_eq!(timeout_from_secs(2.5).unwrap(), Duration::from_millis(2500));
        assert!(timeout_from_secs(1e19).unwrap_err().to_string().contains("too long"));
        assert!(timeout_from_secs(f64::NAN).is_err());
        assert!(timeout_from_secs(-1.0).is_err());
    }

    #[test]
    fn progress_reaches_the_callback() {
        let seen = Arc::new(Mutex::new(Vec::new()));
        let sink = seen.clone();
        let budget = Budget::unlimited().with_progress(move |p| {
            sink.lock().unwrap().push((p.task.to_string(), p.done, p.total));
        });
        budget.progress("x", 3, Some(9));
        assert_eq!(*seen.lock().unwrap(), vec![("x".to_string(), 3, Some(9))]);
    }
}

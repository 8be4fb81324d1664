//! The worker threads of the library's parallel work (rayon's global pool),
//! started with a bounded count.
//!
//! rayon starts as many threads as `RAYON_NUM_THREADS` asks on first use;
//! asked for millions, a worker fails to start inside the pool and the pool
//! waits for it forever, deaf to signals. A front end calls [`start_pool`]
//! before any parallel work: it starts the pool itself with at most
//! [`MAX_THREADS`] threads and reports a thread that cannot start as an error.

use crate::error::{Error, ErrorKind, Result};

/// The most worker threads the pool starts, whatever `RAYON_NUM_THREADS`
/// asks (more than the machine has cores never speeds up the work).
pub const MAX_THREADS: usize = 256;

/// The number of threads for a request `requested` (the text of
/// `RAYON_NUM_THREADS`, if set) on a machine with `cores` cores: the
/// request capped at [`MAX_THREADS`], or `cores` when it is unset, 0 or not
/// a number (rayon's own reading).
pub fn thread_count(requested: Option<&str>, cores: usize) -> usize {
    match requested.and_then(|text| text.trim().parse::<u128>().ok()) {
        Some(n) if n > 0 => usize::try_from(n).unwrap_or(usize::MAX).min(MAX_THREADS),
        _ => cores.clamp(1, MAX_THREADS),
    }
}

/// Starts rayon's global pool with [`thread_count`] threads and returns how
/// many it has. Calling it again, or after the pool started, changes nothing.
pub fn start_pool() -> Result<usize> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let requested = std::env::var("RAYON_NUM_THREADS").ok();
    let threads = thread_count(requested.as_deref(), cores);
    match rayon::ThreadPoolBuilder::new().num_threads(threads).build_global() {
        Ok(()) => Ok(threads),
        // Only a failure to start a thread has a cause; without one the pool
        // was already running (an earlier call, or parallel work before).
        Err(err) => match std::error::Error::source(&err) {
            None => Ok(rayon::current_num_threads()),
            Some(cause) => Err(Error::new(
                ErrorKind::Io,
                format!("cannot start {threads} worker threads (RAYON_NUM_THREADS): {cause}"),
            )),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_are_capped() {
        assert_eq!(thread_count(Some("4"), 2), 4);
        assert_eq!(thread_count(Some("100000000"), 2), MAX_THREADS);
        assert_eq!(thread_count(Some("99999999999999999999999"), 2), MAX_THREADS);
        assert_eq!(thread_count(None, 2), 2);
        assert_eq!(thread_count(Some("0"), 8), 8);
        assert_eq!(thread_count(Some("lots"), 3), 3);
        assert_eq!(thread_count(None, 10_000), MAX_THREADS);
    }
}

//! Ctrl-C (and a termination request, SIGTERM or SIGHUP): the first one sets
//! the cancel flag that every budget watches, so the computation stops
//! cleanly and what is finished is printed; a second exits at once.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};

use crate::render::EXIT_INTERRUPTED;

static FLAG: OnceLock<Arc<AtomicBool>> = OnceLock::new();

/// The process-wide cancel flag, installing the signal handler on first use.
pub fn cancel_flag() -> Arc<AtomicBool> {
    FLAG.get_or_init(|| {
        let flag = Arc::new(AtomicBool::new(false));
        let handler_flag = flag.clone();
        // If a handler cannot be installed (another one exists), Ctrl-C keeps
        // its default behaviour of ending the process, which is still clean.
        let _ = ctrlc::set_handler(move || {
            if handler_flag.swap(true, Ordering::SeqCst) {
                std::process::exit(i32::from(EXIT_INTERRUPTED));
            }
        });
        flag
    })
    .clone()
}

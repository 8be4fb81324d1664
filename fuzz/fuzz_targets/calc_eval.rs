//! Fuzzes the calculator end to end: each line of the input is evaluated in
//! one session under a small budget; every line gives a value or an error,
//! never a panic, a hang or a stack overflow.

#![no_main]

use std::time::Duration;

use libfuzzer_sys::fuzz_target;
use onag::Budget;
use onag::lang::Session;

/// AddressSanitizer's options for this target: without detection of
/// stack use after return, locals stay on the real stack, where the
/// evaluator's stack-depth check measures them (with it, every line fails
/// that check and nothing past the parser is fuzzed).
#[unsafe(no_mangle)]
pub extern "C" fn __asan_default_options() -> *const std::ffi::c_char {
    c"detect_stack_use_after_return=0".as_ptr()
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let mut session = Session::new();
    for line in text.lines().take(8) {
        let budget =
            Budget::unlimited().with_max_positions(2_000).with_timeout(Duration::from_millis(200));
        let _ = session.run_to_string(line, &budget);
    }
});

//! Fuzzes the calculator end to end: each line of the input is evaluated in
//! one session under a small budget; every line gives a value or an error,
//! never a panic, a hang or a stack overflow.

#![no_main]

use std::time::Duration;

use libfuzzer_sys::fuzz_target;
use onag::Budget;
use onag::lang::Session;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let mut session = Session::new();
    for line in text.lines().take(8) {
        let budget =
            Budget::unlimited().with_max_positions(2_000).with_timeout(Duration::from_millis(200));
        let _ = session.run_to_string(line, &budget);
    }
});

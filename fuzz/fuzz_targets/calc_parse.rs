//! Fuzzes the calculator parser: any text parses or gives a located syntax
//! error, never a panic or a stack overflow.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = std::str::from_utf8(data)
        && let Err(err) = onag::lang::parse(text)
    {
        assert!(err.location().is_some(), "syntax errors are located: {err}");
    }
});

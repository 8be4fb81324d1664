//! Fuzz the take-and-break code parser: never panics; a parsed code prints
//! to a code that parses to the same rule, and streams options for small heaps.

#![no_main]

use std::ops::ControlFlow;

use libfuzzer_sys::fuzz_target;
use onag::impartial::heap::TakeAndBreak;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(rule) = TakeAndBreak::parse(text) else { return };
    let printed = rule.to_string();
    let again = TakeAndBreak::parse(&printed).expect("printed codes parse");
    assert_eq!(again, rule, "{text:?} printed as {printed:?}");
    let mut count = 0u32;
    for n in 0..8 {
        let _ = rule.for_each_option(n, |parts| {
            assert!(parts.iter().all(|&p| p >= 1 && p < n.max(1)));
            count += 1;
            if count > 10_000 { ControlFlow::Break(()) } else { ControlFlow::Continue(()) }
        });
    }
});

//! Fuzzes the subtraction-set parser: any text either fails with an error or
//! gives a set whose first values compute without a panic, and whose printed
//! form parses back to the same set.

#![no_main]

use libfuzzer_sys::fuzz_target;
use onag::Budget;
use onag::impartial::heap::subtraction::{SubtractionSet, analyze, parse_set};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(members) = parse_set(text) else { return };
    let Ok(set) = SubtractionSet::finite(members) else { return };
    let SubtractionSet::Finite(sorted) = &set else { return };
    let printed = sorted.iter().map(u64::to_string).collect::<Vec<_>>().join(",");
    assert_eq!(parse_set(&printed).ok().as_ref(), Some(sorted));
    let budget = Budget::unlimited().with_max_positions(10_000);
    let _ = analyze(&set, 200, 2_000, &budget);
});

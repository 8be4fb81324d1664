//! Fuzz the coin-turning parsers: rules, strips and boards must return a
//! result (never panic) on any input, and a parsed rule's code parses to the
//! same elements.
#![no_main]

use libfuzzer_sys::fuzz_target;
use onag::Budget;
use onag::impartial::coins::{CoinRule, parse_board, parse_strip, solve_strip};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let (rule_text, rest) = text.split_once('\n').unwrap_or((text, ""));
    if let Ok(rule) = CoinRule::parse(rule_text) {
        let again = CoinRule::parse(rule.code()).expect("a rule's code parses");
        assert_eq!(again.elements(), rule.elements());
        if let Ok(heads) = parse_strip(rest.lines().next().unwrap_or("")) {
            if heads.len() <= 10 {
                let budget = Budget::unlimited().with_max_positions(1 << 16);
                let _ = solve_strip(&rule, &heads, &budget);
            }
        }
    }
    for dims in 1..=4 {
        let _ = parse_board(rest, dims);
    }
});

//! Fuzzes the Green Hackenbush parsers (edge lists and green strings): any
//! input must parse or fail with an error, never panic; whatever parses must
//! solve, and every winning cut it reports must leave value 0.

#![no_main]

use libfuzzer_sys::fuzz_target;
use onag::Budget;
use onag::impartial::hackenbush::{CutSearch, parse_edge_list, parse_strings, solve};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let parsed = [parse_edge_list(text), parse_strings(&text.split('\n').collect::<Vec<_>>())];
    for game in parsed.into_iter().flatten() {
        if game.edges().len() > 64 {
            continue;
        }
        let solution = solve(&game, CutSearch::All, &Budget::unlimited()).expect("solves");
        assert_eq!(solution.value, game.value());
        for cut in &solution.winning_moves {
            assert_eq!(game.cut(cut.edge).value(), 0);
        }
    }
});

//! Fuzz the game graph parsers: they never panic, and a parsed graph printed
//! back in text form parses again to the same graph.

#![no_main]

use libfuzzer_sys::fuzz_target;
use onag::impartial::graph::{parse_json, parse_text};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    for graph in [parse_text(text, "fuzz"), parse_json(text, "fuzz")].into_iter().flatten() {
        let printed = graph.to_text();
        let back = match parse_text(&printed, "printed") {
            Ok(back) => back,
            Err(err) => panic!("printed graph does not parse: {err}\n{printed}"),
        };
        assert!(back.same_graph(&graph), "round trip changed the graph:\n{printed}");
        assert_eq!(back.to_text(), printed);
    }
});

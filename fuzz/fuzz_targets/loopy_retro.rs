//! Fuzz the retrograde solver on graph files: tag reading never panics, and on
//! small graphs the solver agrees with the seed's iterate-until-stable method;
//! loopy Grundy values never panic either.

#![no_main]

use libfuzzer_sys::fuzz_target;
use onag::Budget;
use onag::impartial::graph::parse_text;
use onag::loopy::file::TaggedGraph;
use onag::loopy::reference::iterate_until_stable;
use onag::loopy::{TerminalRule, loopy_grundy, solve_successors};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    let Ok(graph) = parse_text(text, "fuzz") else { return };
    if graph.len() > 300 {
        return;
    }
    let Ok(tagged) = TaggedGraph::new(&graph) else { return };
    for rule in [TerminalRule::MoverLoses, TerminalRule::MoverWins] {
        let fast = match solve_successors(&tagged, rule, &Budget::unlimited()) {
            Ok(s) => s,
            Err(err) => panic!("solver failed: {err}"),
        };
        let slow = iterate_until_stable(&tagged, rule);
        assert_eq!(fast.values().collect::<Vec<_>>(), slow);
    }
    if let Err(err) = loopy_grundy(&graph, &Budget::unlimited()) {
        panic!("loopy values failed: {err}");
    }
});

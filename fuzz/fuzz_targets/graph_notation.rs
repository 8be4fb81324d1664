//! Fuzzes CGSuite's graph notation and the graph rulesets built on it: any
//! input must parse or fail with a located error, never panic; what parses
//! must print back to a string that parses to a graph printing the same; and
//! small positions of every graph ruleset must value under a budget, with
//! their coloured edge lists (Hackenbush) reading back to the same value.

#![no_main]

use std::time::Duration;

use libfuzzer_sys::fuzz_target;
use onag::Budget;
use onag::game::Arena;
use onag::ruleset::Solver;
use onag::ruleset::graph::notation::{PLAIN, parse, write};
use onag::ruleset::graph::{
    ArcKayles, Childish, ColRules, GenCol, Hackenbush, PartizanArcKayles, col, hackenbush,
    parse_edge_list, parse_edge_list_with, write_edge_list,
};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    for labels in [PLAIN, hackenbush::LABELS, col::LABELS] {
        match parse(text, labels) {
            Ok(g) => {
                let printed = write(&g, labels);
                let again = parse(&printed, labels).expect("printed graphs parse");
                assert_eq!(write(&again, labels), printed);
                assert_eq!(again.edge_count(), g.edge_count());
            }
            Err(e) => assert!(e.location().is_some(), "{e}"),
        }
    }
    let budget = Budget::unlimited().with_max_positions(5_000).with_timeout(Duration::from_millis(200));
    let mut arena = Arena::new();
    for childish in [Childish::NONE, Childish::BLUE_RED] {
        if let Ok(p) = Hackenbush::parse_with(text, childish)
            && p.graph().edge_count() <= 12
        {
            let v = Solver::new().with_budget(budget.clone()).value(&mut arena, &p);
            let back = parse_edge_list_with(&write_edge_list(&p), childish);
            if let (Ok(v), Ok(back)) = (v, back) {
                let w = Solver::new().value(&mut arena, &back).expect("the same picture values");
                assert_eq!(v, w);
            }
        }
    }
    for rules in [ColRules::SNORT, ColRules::COL, ColRules::FJORDS] {
        if let Ok(p) = GenCol::parse(text, rules) {
            let _ = Solver::new().with_budget(budget.clone()).value(&mut arena, &p);
        }
    }
    if let Ok(p) = ArcKayles::parse(text) {
        let _ = Solver::new().with_budget(budget.clone()).nim_value(&p);
    }
    if let Ok(p) = PartizanArcKayles::parse(text) {
        let _ = Solver::new().with_budget(budget.clone()).value(&mut arena, &p);
    }
    let _ = parse_edge_list(text);
});

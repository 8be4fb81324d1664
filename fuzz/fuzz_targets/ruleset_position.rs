//! Fuzzes every ruleset of the catalog: the first byte picks the ruleset, the
//! rest is a position as written on the command line. Reading never panics;
//! a position that reads prints back to text that reads to the same position,
//! and its value and options come out (or stop at the small budget).

#![no_main]

use std::time::Duration;

use libfuzzer_sys::fuzz_target;
use onag::Budget;
use onag::game::Arena;
use onag::ruleset::{Player, Solvers, catalog};

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else { return };
    let Ok(text) = std::str::from_utf8(rest) else { return };
    let rulesets: Vec<_> = catalog::rulesets().collect();
    let ruleset = rulesets[pick as usize % rulesets.len()];
    let Ok(position) = ruleset.parse(text) else { return };
    let again = ruleset.parse(&position.notation()).expect("a position's notation reads back");
    assert_eq!(again.notation(), position.notation());
    let budget =
        Budget::unlimited().with_max_positions(5_000).with_timeout(Duration::from_millis(200));
    let mut arena = Arena::new().with_budget(budget.clone());
    let mut solvers = Solvers::new();
    solvers.set_budget(budget);
    let _ = position.value(&mut arena, &mut solvers);
    for player in Player::BOTH {
        for option in position.options(player).into_iter().take(4) {
            let _ = option.cgsuite();
        }
    }
});

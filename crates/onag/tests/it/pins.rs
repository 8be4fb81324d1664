//! The pins (Kayles) example: values through `split` against a search of the
//! un-split product space and against Kayles' known values.

use onag::Budget;
use onag::impartial::ImpartialPosition;
use onag::impartial::solve::{Solver, grundy_value, winning_moves};
use rustc_hash::FxHashMap;

#[allow(dead_code, reason = "the example's main is for `cargo run`, not for tests")]
#[path = "../../../../examples/pins.rs"]
mod example;

use example::Pins;

/// The Grundy value by mex over the options only (never `split`): explores
/// every multiset of rows reachable, the product space of the rows.
fn unsplit_grundy(p: &Pins, memo: &mut FxHashMap<Pins, u64>) -> u64 {
    if let Some(&g) = memo.get(p) {
        return g;
    }
    let values: Vec<u64> = p.options().iter().map(|q| unsplit_grundy(q, memo)).collect();
    let mut g = 0;
    while values.contains(&g) {
        g += 1;
    }
    memo.insert(p.clone(), g);
    g
}

#[test]
fn rows_match_known_kayles_values() {
    // Kayles, rows 0..=11 (OEIS A002186).
    let known = [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6];
    let mut solver = Solver::new();
    for (n, &g) in known.iter().enumerate() {
        assert_eq!(
            solver.grundy(&Pins::row(n as u32), &Budget::unlimited()).unwrap(),
            g,
            "row {n}"
        );
    }
    // The period-12 tail from row 72 on: rows 72..84 repeat rows 84..96.
    for n in 72..84 {
        let a = solver.grundy(&Pins::row(n), &Budget::unlimited()).unwrap();
        let b = solver.grundy(&Pins::row(n + 12), &Budget::unlimited()).unwrap();
        assert_eq!(a, b, "rows {n} and {}", n + 12);
    }
}

#[test]
fn split_values_match_the_unsplit_search() {
    let mut memo = FxHashMap::default();
    for n in 0..=11 {
        let p = Pins::row(n);
        assert_eq!(grundy_value(&p, &Budget::unlimited()).unwrap(), unsplit_grundy(&p, &mut memo));
    }
    for rows in [[1u32, 2, 3], [4, 4, 0], [2, 5, 3], [6, 1, 1]] {
        let p = Pins::rows(&rows);
        let fast = grundy_value(&p, &Budget::unlimited()).unwrap();
        assert_eq!(fast, unsplit_grundy(&p, &mut memo), "rows {rows:?}");
        for m in winning_moves(&p, &Budget::unlimited()).unwrap() {
            assert_eq!(unsplit_grundy(&m, &mut memo), 0, "{m:?}");
        }
    }
}

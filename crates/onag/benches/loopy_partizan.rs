//! Loopy partizan games: canonical forms of sums of `upon`, `over`, numbers
//! and switches (k = 4, 8, 16 summands), comparison of two stoppers of
//! 300, 1000 and 10^4 nodes (lazy survival search; these chains are all
//! equal to `on`, which each graph shows alone), and the Fox and Geese values table on the 8×8 board with four
//! geese on the top row.
//!
//! `cargo bench -p onag --bench loopy_partizan -- --warm-up-time 1 --measurement-time 3`
//!
//! Single-threaded: measured in CPU time of the benchmark thread
//! (`ONAG_BENCH_WALL=1` for wall time). Node counts are printed to stderr.

#![allow(missing_docs, reason = "criterion_group! defines an undocumented function")]

use criterion::{Criterion, criterion_group, criterion_main};
use onag::Budget;
use onag::game::Arena;
use onag::loopy::partizan::fox_geese::FoxAndGeese;
use onag::loopy::partizan::parse::{Literal, parse_literal};
use onag::loopy::partizan::{LoopyGame, Rule, SidedValue, leq};

mod support;
use support::ThreadTime;

/// `k` summands cycling through upon, over, a number and a switch.
fn sum_text(k: usize) -> String {
    let parts = ["upon", "over", "1/2", "{1|-1}"];
    (0..k).map(|i| parts[i % 4]).collect::<Vec<_>>().join(" + ")
}

/// The value of the sum, summand by summand: each partial sum is brought to
/// its canonical sides before the next summand is added.
fn sum_value(k: usize, arena: &mut Arena, b: &Budget) -> SidedValue {
    let parts = ["upon", "over", "1/2", "{1|-1}"];
    let mut acc: Option<SidedValue> = None;
    for i in 0..k {
        let Literal::Game(g) = parse_literal(parts[i % 4], arena, b).unwrap() else {
            unreachable!()
        };
        let v = SidedValue::of(&g, b).unwrap();
        acc = Some(match acc {
            None => v,
            Some(a) => a.sum(&v, 1 << 24, b).unwrap(),
        });
    }
    acc.unwrap()
}

fn sums(c: &mut Criterion<ThreadTime>) {
    let mut group = c.benchmark_group("loopy_sum_value");
    group.sample_size(10);
    for k in [4usize, 8, 16] {
        let mut arena = Arena::new();
        let b = Budget::unlimited();
        let v = sum_value(k, &mut arena, &b);
        let text = onag::loopy::partizan::print::print_value(&v, &mut arena, &b).unwrap();
        eprintln!(
            "k = {k} ({}): {text}; onside {} nodes, offside {} nodes",
            sum_text(k),
            v.onside.len(),
            v.offside.len()
        );
        group.bench_function(format!("k{k}"), |bench| bench.iter(|| sum_value(k, &mut arena, &b)));
    }
    group.finish();
}

/// A stopper of `n` nodes with a pass for Left at every node: Left moves one
/// step on (or passes), Right one or two steps on; with `tweak`, one Right
/// move jumps to the end.
fn chain(n: u32, tweak: bool) -> LoopyGame {
    let mut left = Vec::new();
    let mut right = Vec::new();
    for v in 0..n {
        let mut l = vec![v];
        if v + 1 < n {
            l.push(v + 1);
        }
        left.push(l);
        let mut r: Vec<u32> = [v + 1, v + 2].into_iter().filter(|&w| w < n).collect();
        if tweak && v == n / 2 {
            r.push(n - 1);
        }
        right.push(r);
    }
    LoopyGame::new(left, right, 0).unwrap()
}

fn comparison(c: &mut Criterion<ThreadTime>) {
    let mut group = c.benchmark_group("loopy_compare");
    group.sample_size(10);
    let b = Budget::unlimited();
    for n in [300u32, 1000, 10_000] {
        let g = chain(n, false);
        let h = chain(n, true);
        assert!(g.is_stopper() && h.is_stopper());
        eprintln!(
            "compare chains of {n} nodes: g <= h {}, h <= g {}",
            leq(&g, 0, &h, 0, Rule::Stopper, &b).unwrap(),
            leq(&h, 0, &g, 0, Rule::Stopper, &b).unwrap()
        );
        group.bench_function(format!("chains_{n}"), |bench| {
            bench.iter(|| {
                (
                    leq(&g, 0, &h, 0, Rule::Stopper, &b).unwrap(),
                    leq(&h, 0, &g, 0, Rule::Stopper, &b).unwrap(),
                )
            })
        });
    }
    group.finish();
}

fn fox_and_geese(c: &mut Criterion<ThreadTime>) {
    let mut group = c.benchmark_group("fox_and_geese");
    group.sample_size(10);
    let geese = [(8, 2), (8, 4), (8, 6), (8, 8)];
    // Winning Ways (2nd edition, chapter 20): the opening position is 2 + over.
    let mut s = FoxAndGeese::new(8).unwrap();
    let start = s.value(&geese, (1, 5), &Budget::unlimited()).unwrap();
    let text = onag::loopy::partizan::print::print_stopper(
        &start,
        &mut Arena::new(),
        &Budget::unlimited(),
    )
    .unwrap();
    assert_eq!(text, "2over");
    eprintln!("Fox and Geese 8x8 opening: {text}; {} placements of geese", s.placements());
    group.bench_function("values_table_8x8", |bench| {
        bench.iter(|| {
            let mut s = FoxAndGeese::new(8).unwrap();
            let t = s.values_table(&geese, &Budget::unlimited()).unwrap();
            (t, s.placements())
        })
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().with_measurement(ThreadTime);
    targets = sums, comparison, fox_and_geese
}
criterion_main!(benches);

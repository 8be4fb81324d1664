//! Loopy partizan games: canonical forms of sums of `upon`, `over`, numbers
//! and switches (k = 4, 8, 16 summands), comparison of two stoppers of
//! 300, 1000 and 10^4 nodes (lazy survival search; these chains are all
//! equal to `on`, which each graph shows alone), the values of two random
//! stoppers of about 10^4 nodes and their comparison both ways (canonical
//! stoppers component by component, then the survival search), and the Fox
//! and Geese values table on the 8×8 board with four geese on the top row.
//!
//! `cargo bench -p onag --bench loopy_partizan -- --warm-up-time 1 --measurement-time 3`
//!
//! Single-threaded: measured in CPU time of the process
//! (`ONAG_BENCH_WALL=1` for wall time). Node counts are printed to stderr.

#![allow(missing_docs, reason = "criterion_group! defines an undocumented function")]

use criterion::{Criterion, criterion_group, criterion_main};
use onag::Budget;
use onag::game::Arena;
use onag::loopy::partizan::fox_geese::FoxAndGeese;
use onag::loopy::partizan::parse::{Literal, parse_literal};
use onag::loopy::partizan::{Builder, LoopyGame, Rule, SidedValue, leq};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

mod support;
use support::CpuTime;

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

fn sums(c: &mut Criterion<CpuTime>) {
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

fn comparison(c: &mut Criterion<CpuTime>) {
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

/// A random stopper of about `n` nodes: leaves are the integers −3..3,
/// each node has one to `deg` moves for each player to the next 40 nodes
/// or a leaf, and a sixth of the nodes a pass for Left, a sixth for Right.
fn random_stopper(n: usize, deg: usize, seed: u64, arena: &mut Arena) -> LoopyGame {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut b = Builder::new();
    let leaves: Vec<u32> = (-3i64..=3)
        .map(|k| {
            let id = arena.integer(k).unwrap();
            b.add_short(arena, id).unwrap()
        })
        .collect();
    let nodes: Vec<u32> = (0..n).map(|_| b.add_node().unwrap()).collect();
    for i in 0..n {
        let span = (n - i - 1).min(40);
        let pick = |rng: &mut StdRng| {
            if span == 0 || rng.gen_range(0..4) == 0 {
                leaves[rng.gen_range(0..leaves.len())]
            } else {
                nodes[i + 1 + rng.gen_range(0..span)]
            }
        };
        for _ in 0..rng.gen_range(1..=deg) {
            let w = pick(&mut rng);
            b.add_left(nodes[i], w);
        }
        for _ in 0..rng.gen_range(1..=deg) {
            let w = pick(&mut rng);
            b.add_right(nodes[i], w);
        }
        match rng.gen_range(0..6) {
            0 => b.add_left(nodes[i], nodes[i]),
            1 => b.add_right(nodes[i], nodes[i]),
            _ => {}
        }
    }
    let g = b.finish(nodes[0]).unwrap();
    assert!(g.is_stopper());
    g
}

fn random_comparison(c: &mut Criterion<CpuTime>) {
    let mut group = c.benchmark_group("loopy_compare_random");
    group.sample_size(10);
    let b = Budget::unlimited();
    let mut arena = Arena::new();
    for (deg, seed) in [(2usize, 2u64), (3, 7)] {
        let g = random_stopper(10_000, deg, seed, &mut arena);
        let h = random_stopper(10_000, deg, seed + 1000, &mut arena);
        let compare = || {
            let (gv, hv) = (SidedValue::of(&g, &b).unwrap(), SidedValue::of(&h, &b).unwrap());
            (gv.leq(&hv, &b).unwrap(), hv.leq(&gv, &b).unwrap(), gv.onside.len(), hv.onside.len())
        };
        let (gh, hg, gn, hn) = compare();
        eprintln!(
            "random stoppers of {} and {} nodes (up to {deg} moves): canonical {gn} and {hn} \
             nodes, g <= h {gh}, h <= g {hg}",
            g.len(),
            h.len()
        );
        group.bench_function(format!("values_and_order_10000_deg{deg}"), |bench| {
            bench.iter(compare)
        });
    }
    group.finish();
}

fn fox_and_geese(c: &mut Criterion<CpuTime>) {
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
    config = Criterion::default().with_measurement(CpuTime);
    targets = sums, comparison, random_comparison, fox_and_geese
}
criterion_main!(benches);

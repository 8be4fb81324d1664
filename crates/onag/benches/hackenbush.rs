//! Green Hackenbush speed: the value and one winning cut of random grounded
//! graphs with a million edges, and every winning cut of cycle-rich graphs with
//! ten thousand edges.

#![allow(missing_docs, reason = "criterion's macros generate undocumented items")]

use criterion::{Criterion, criterion_group, criterion_main};
use onag::Budget;
use onag::impartial::hackenbush::{CutSearch, Edge, GreenHackenbush, solve};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// A random recursive tree on `vertices` vertices (vertex 0 the ground) plus
/// `extra` edges between uniformly random vertices (loops and parallel edges
/// included): cycle-rich when `extra` is large.
fn random_graph(vertices: usize, extra: usize, seed: u64) -> GreenHackenbush {
    let mut rng = StdRng::seed_from_u64(seed);
    let names: Vec<String> =
        (0..vertices).map(|i| if i == 0 { "G".to_string() } else { i.to_string() }).collect();
    let mut edges = Vec::with_capacity(vertices + extra);
    for v in 1..vertices {
        let p = rng.gen_range(0..v);
        edges.push(Edge { from: p as u32, to: v as u32, line: edges.len() + 1 });
    }
    for _ in 0..extra {
        let (a, b) = (rng.gen_range(0..vertices), rng.gen_range(0..vertices));
        edges.push(Edge { from: a as u32, to: b as u32, line: edges.len() + 1 });
    }
    GreenHackenbush::new(names, edges).expect("valid graph")
}

/// One cycle of `n` edges through the ground with a short stalk on every
/// vertex: a single cut class of n edges, the worst case for `--all`.
fn cycle_with_stalks(n: usize) -> GreenHackenbush {
    let mut names = vec!["G".to_string()];
    names.extend((1..n).map(|i| format!("c{i}")));
    let mut edges = Vec::new();
    for i in 0..n {
        let (a, b) = (i as u32, ((i + 1) % n) as u32);
        edges.push(Edge { from: a, to: b, line: edges.len() + 1 });
    }
    for i in 0..n {
        let len = i % 3;
        let mut below = i as u32;
        for _ in 0..len {
            names.push(format!("s{}", names.len()));
            let top = (names.len() - 1) as u32;
            edges.push(Edge { from: below, to: top, line: edges.len() + 1 });
            below = top;
        }
    }
    GreenHackenbush::new(names, edges).expect("valid graph")
}

fn bench(c: &mut Criterion) {
    let budget = Budget::unlimited();
    let mut group = c.benchmark_group("hackenbush");
    group.sample_size(10);
    for (name, vertices, extra) in
        [("1e6 edges, sparse", 900_000, 100_000), ("1e6 edges, dense", 500_000, 500_000)]
    {
        let g = random_graph(vertices, extra, 1);
        group.bench_function(format!("value, {name}"), |b| b.iter(|| g.value()));
        group.bench_function(format!("one cut, {name}"), |b| {
            b.iter(|| solve(&g, CutSearch::One, &budget).expect("solves"))
        });
    }
    let g = random_graph(5_000, 5_000, 2);
    group.bench_function("all cuts, 1e4 edges, random cycle-rich", |b| {
        b.iter(|| solve(&g, CutSearch::All, &budget).expect("solves"))
    });
    let g = random_graph(2_000, 8_000, 3);
    group.bench_function("all cuts, 1e4 edges, dense cycle-rich", |b| {
        b.iter(|| solve(&g, CutSearch::All, &budget).expect("solves"))
    });
    let g = cycle_with_stalks(5_000);
    group.bench_function("all cuts, 1e4 edges, one cycle of 5000", |b| {
        b.iter(|| solve(&g, CutSearch::All, &budget).expect("solves"))
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);

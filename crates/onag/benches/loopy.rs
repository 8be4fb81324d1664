//! Games with cycles: The Easy Chase (n = 20, every position) by the retrograde
//! solver and by the seed's iterate-until-stable method, and random graphs of
//! 10^6 and 10^7 positions (mean out-degree 4) through the successor-only trait.
//!
//! `cargo bench -p onag --bench loopy -- --warm-up-time 1 --measurement-time 3`
//!
//! Everything here is single-threaded, measured in CPU time of the process
//! (`benches/support`), which stays meaningful on a loaded machine;
//! `ONAG_BENCH_WALL=1` measures wall time.

#![allow(missing_docs, reason = "criterion_group! defines an undocumented function")]

use criterion::{Criterion, criterion_group, criterion_main};
use onag::Budget;
use onag::loopy::chase::EasyChase;
use onag::loopy::reference::chase_iterate_until_stable;
use onag::loopy::{TerminalRule, solve_successors};

mod support;
use support::CpuTime;

#[path = "support/random_graph.rs"]
mod random_graph;
use random_graph::RandomGraph;

fn easy_chase(c: &mut Criterion<CpuTime>) {
    let mut group = c.benchmark_group("easy_chase");
    group.sample_size(10);
    group.bench_function("retrograde_n20", |b| {
        b.iter(|| {
            let game = EasyChase::new(20).unwrap();
            game.solve(&Budget::unlimited()).unwrap()
        })
    });
    group.bench_function("seed_method_n20", |b| b.iter(|| chase_iterate_until_stable(20)));
    group.finish();
}

fn random_graphs(c: &mut Criterion<CpuTime>) {
    let mut group = c.benchmark_group("random_graph");
    group.sample_size(10);
    for n in [1_000_000u32, 10_000_000] {
        group.bench_function(format!("{n}_positions_{}_moves", 4 * u64::from(n)), |b| {
            let graph = RandomGraph::new(n, 4);
            b.iter(|| {
                solve_successors(&graph, TerminalRule::MoverLoses, &Budget::unlimited()).unwrap()
            })
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().with_measurement(CpuTime);
    targets = easy_chase, random_graphs
}
criterion_main!(benches);

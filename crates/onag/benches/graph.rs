//! Game graph speed: the Grundy solver on a random DAG of 10^6 positions and
//! 10^7 moves (target: at least 20 million moves per second), and text
//! parsing (target: at least 50 MB/s).
//!
//! Both are single-threaded, measured in CPU time of the process
//! (`benches/support`), which stays meaningful on a shared, loaded machine
//! where wall time does not; set `ONAG_BENCH_WALL=1` for wall time.

#![allow(missing_docs, reason = "criterion_group! defines an undocumented function")]

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use onag::Budget;
use onag::impartial::graph::solve::grundy_values;
use onag::impartial::graph::{GameGraph, PositionId, parse_text};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

mod support;
use support::CpuTime;

/// A random DAG: position `i` in a hidden topological order has `degree`
/// moves to later positions (closer ones more likely, as in real games);
/// ids are shuffled so that they are not a topological order.
fn random_dag(n: usize, degree: usize, seed: u64) -> GameGraph {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut id: Vec<u32> = (0..n as u32).collect();
    id.shuffle(&mut rng);
    let mut lists: Vec<Vec<u32>> = vec![Vec::new(); n];
    for i in 0..n {
        let room = n - i - 1;
        for _ in 0..degree.min(room) {
            let span = if rng.gen_bool(0.5) { room.min(1000) } else { room };
            let j = i + 1 + rng.gen_range(0..span);
            lists[id[i] as usize].push(id[j]);
        }
        lists[id[i] as usize].sort_unstable();
        lists[id[i] as usize].dedup();
    }
    let mut offsets = Vec::with_capacity(n + 1);
    offsets.push(0);
    let mut targets = Vec::new();
    for list in &lists {
        targets.extend(list.iter().map(|&t| PositionId(t)));
        offsets.push(targets.len());
    }
    let names: Vec<String> = (0..n).map(|i| format!("p{i}")).collect();
    GameGraph::from_csr(&names, offsets, targets).unwrap()
}

fn solve(c: &mut Criterion<CpuTime>) {
    let graph = random_dag(1_000_000, 10, 1);
    let mut group = c.benchmark_group("graph_solve");
    group.sample_size(10);
    group.throughput(Throughput::Elements(graph.move_count() as u64));
    group.bench_function("dag_1e6_positions_1e7_moves", |b| {
        b.iter(|| grundy_values(&graph, &Budget::unlimited()).unwrap())
    });
    group.finish();
}

fn parse(c: &mut Criterion<CpuTime>) {
    let text = random_dag(200_000, 10, 2).to_text();
    let mut group = c.benchmark_group("graph_parse");
    group.sample_size(10);
    group.throughput(Throughput::Bytes(text.len() as u64));
    group.bench_function("text_2e5_positions_2e6_moves", |b| {
        b.iter(|| parse_text(&text, "bench").unwrap())
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().with_measurement(CpuTime);
    targets = solve, parse
}
criterion_main!(benches);

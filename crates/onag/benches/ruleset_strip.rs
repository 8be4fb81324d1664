//! Strip rulesets: canonical forms of Toads and Frogs starting positions
//! (target: `ttttt.....fffff` under 0.14 s), a generalised variant, and a
//! long Toppling Dominoes row, each from a fresh arena and solver.
//!
//! Measured in CPU time of the process, both threads of a large search
//! counted (see `support`); `ONAG_BENCH_WALL=1` for wall time.

#![allow(missing_docs, reason = "criterion_group! defines an undocumented function")]

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use onag::game::Arena;
use onag::ruleset::strip::{ToadsAndFrogs, ToadsAndFrogsRules, TopplingDominoes};
use onag::ruleset::{PartizanPosition, Solver};

mod support;
use support::CpuTime;

/// The canonical form of `position` from scratch; returns the regions valued.
fn solve<P: PartizanPosition>(position: &P) -> usize {
    let mut arena = Arena::new();
    let mut solver = Solver::new();
    black_box(solver.value(&mut arena, position).unwrap());
    solver.known()
}

fn toads(c: &mut Criterion<CpuTime>) {
    let mut group = c.benchmark_group("toads_and_frogs");
    group.sample_size(10);
    for text in ["ttttt..fffff", "ttttt.....fffff", "tttttt....ffffff"] {
        let p = ToadsAndFrogs::parse(text).unwrap();
        group.bench_with_input(BenchmarkId::from_parameter(text), &p, |b, p| b.iter(|| solve(p)));
    }
    let jumps = ToadsAndFrogsRules::new(1, 1, 2, false).unwrap();
    let p = ToadsAndFrogs::parse_with("tttt.....ffff", jumps).unwrap();
    group.bench_function("max_jump_2/tttt.....ffff", |b| b.iter(|| solve(&p)));
    let elephants = ToadsAndFrogsRules::ELEPHANTS_AND_RHINOS;
    let p = ToadsAndFrogs::parse_with("tttttt.....ffffff", elephants).unwrap();
    group.bench_function("elephants/tttttt.....ffffff", |b| b.iter(|| solve(&p)));
    // Longer than a u64: the u128 planes.
    let long = format!("t{}f", ".".repeat(70));
    let p = ToadsAndFrogs::parse_long(&long, ToadsAndFrogsRules::STANDARD).unwrap();
    group.bench_function("t.70.f", |b| b.iter(|| solve(&p)));
    group.finish();
}

fn toppling(c: &mut Criterion<CpuTime>) {
    let mut group = c.benchmark_group("toppling_dominoes");
    group.sample_size(10);
    let text = "lrrlrrllerlrlrrlrllrlerr";
    let p = TopplingDominoes::parse(text).unwrap();
    group.bench_with_input(BenchmarkId::from_parameter(text), &p, |b, p| b.iter(|| solve(p)));
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().with_measurement(CpuTime);
    targets = toads, toppling
}
criterion_main!(benches);

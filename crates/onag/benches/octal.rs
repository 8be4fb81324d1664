//! Grundy sequences of take-and-break games: the speed targets.
//!
//! Short settings (the machine is shared): `cargo bench -p onag --bench octal
//! -- --warm-up-time 1 --measurement-time 3`. Targets: 0.16 certified under
//! 0.2 s; Kayles to 10^6 under 1 s; 0.6 and Grundy's game to 2^20 under 5 s
//! (benched here at 2^16 to keep runs short; `onag octal 0.6 --upto 1048576`
//! measures the full size).
//!
//! `threads`: 0.6 and Grundy's game to 2^20 on one thread and on two, in the
//! same run (`cargo bench -p onag --bench octal -- threads --warm-up-time 1`;
//! each sample takes seconds). Compare wall times only on an idle machine.

#![allow(missing_docs, reason = "criterion's macros generate undocumented functions")]

use criterion::{Criterion, criterion_group, criterion_main};
use onag::Budget;
use onag::impartial::heap::TakeAndBreak;
use onag::impartial::heap::sequence::Threads;

fn run(code: &str, upto: usize) -> usize {
    let rule = TakeAndBreak::parse(code).expect("valid code");
    let seq = rule.sequence(upto, &Budget::unlimited()).expect("computes");
    seq.values.len()
}

fn octal(c: &mut Criterion) {
    let mut group = c.benchmark_group("octal");
    group.sample_size(10);
    group.bench_function("kayles_0.77_to_1e6", |b| b.iter(|| run("0.77", 1_000_000)));
    group.bench_function("dawsons_kayles_0.07_to_1e6", |b| b.iter(|| run("0.07", 1_000_000)));
    group.bench_function("0.16_certified", |b| b.iter(|| run("0.16", 600_000)));
    group.bench_function("0.6_to_2^16", |b| b.iter(|| run("0.6", 1 << 16)));
    group.bench_function("grundy_4!.0_to_2^16", |b| b.iter(|| run("4!.0", 1 << 16)));
    group.finish();
}

fn threaded(code: &str, upto: usize, threads: Threads) -> usize {
    let rule = TakeAndBreak::parse(code).expect("valid code");
    let seq = rule.sequence_threads(upto, &Budget::unlimited(), true, threads).expect("computes");
    seq.values.len()
}

fn threads(c: &mut Criterion) {
    let mut group = c.benchmark_group("threads");
    group.sample_size(10);
    for code in ["4!.0", "0.6"] {
        for (name, t) in [("one", Threads::One), ("two", Threads::Two)] {
            group.bench_function(format!("{code}_to_2^20_{name}"), |b| {
                b.iter(|| threaded(code, 1 << 20, t))
            });
        }
    }
    group.finish();
}

criterion_group!(benches, octal, threads);
criterion_main!(benches);

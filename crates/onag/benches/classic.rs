//! Speed of the classic closed forms and of subtraction sequences, against the
//! issue's targets: Nim_k on 10^6 heaps < 50 ms, Wythoff's 10^30-th P-position
//! < 10 µs, Fibonacci Nim at 10^100 < 1 ms, subtraction |S| = 10 to 10^7 < 1 s,
//! and Wythoff's 1024×1024 Grundy table (reported).

#![allow(missing_docs, reason = "criterion_group! generates an undocumented function")]

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use onag::Budget;
use onag::impartial::classic::{fibonacci_nim, moore_nim, wythoff};
use onag::impartial::heap::subtraction::{self, SubtractionSet};
use onag::number::BigUint;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

fn closed_forms(c: &mut Criterion) {
    let mut rng = StdRng::seed_from_u64(1);
    let heaps: Vec<u64> = (0..1_000_000).map(|_| rng.r#gen::<u64>()).collect();
    c.bench_function("moore_nim k=3, 10^6 heaps of 64 bits", |b| {
        b.iter(|| moore_nim::solve_u64(black_box(&heaps), 3))
    });
    let i: BigUint = BigUint::from(10u32).pow(30);
    c.bench_function("wythoff p_position(10^30)", |b| {
        b.iter(|| wythoff::p_position(black_box(&i), 0))
    });
    let n: BigUint = BigUint::from(10u32).pow(100);
    c.bench_function("fibonacci_nim 10^100", |b| {
        b.iter(|| fibonacci_nim::solve(black_box(&n), None))
    });
}

fn searches(c: &mut Criterion) {
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    group.bench_function("wythoff grundy table 1024x1024", |b| {
        b.iter(|| wythoff::grundy_table(black_box(1024), &Budget::unlimited()))
    });
    let set: Vec<u64> = vec![1, 3, 4, 7, 11, 12, 18, 23, 29, 37];
    group.bench_function("subtraction |S|=10 table to 10^7", |b| {
        b.iter(|| subtraction::grundy_table(black_box(&set), 10_000_001, &Budget::unlimited()))
    });
    let finite = SubtractionSet::finite(set.clone()).unwrap_or(SubtractionSet::Finite(set.clone()));
    group.bench_function("subtraction |S|=10 analysis to 10^7", |b| {
        b.iter(|| subtraction::analyze(black_box(&finite), 10_000_000, 0, &Budget::unlimited()))
    });
    group.finish();
}

criterion_group!(benches, closed_forms, searches);
criterion_main!(benches);

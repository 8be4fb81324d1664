//! Benchmarks of temperature theory: thermograph, temperature and cooling of
//! large sums (switches ±1 + … + ±14, sums of random birthday-3 games).

#![allow(missing_docs, reason = "criterion's macros generate undocumented items")]

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use onag::game::{Arena, GameId};
use onag::number::Dyadic;

/// `±1 + ±2 + … + ±k`.
fn switches(a: &mut Arena, k: i64) -> GameId {
    let mut sum = a.zero();
    for i in 1..=k {
        let x = a.integer(i).unwrap();
        let s = a.switch(x).unwrap();
        sum = a.add(sum, s).unwrap();
    }
    sum
}

/// The sum of `count` random games of birthday 3 (options of birthday ≤ 2,
/// at least one on each side).
fn random_sum(a: &mut Arena, seed: u64, count: usize) -> GameId {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut below: Vec<GameId> = vec![a.zero()];
    for _ in 1..=2 {
        let mut this = Vec::new();
        for _ in 0..12 {
            let nl = rng.gen_range(0..=2);
            let nr = rng.gen_range(0..=2);
            let l: Vec<GameId> = (0..nl).map(|_| below[rng.gen_range(0..below.len())]).collect();
            let r: Vec<GameId> = (0..nr).map(|_| below[rng.gen_range(0..below.len())]).collect();
            this.push(a.from_options(&l, &r).unwrap());
        }
        below.extend(this);
        below.sort_unstable();
        below.dedup();
    }
    let mut sum = a.zero();
    let mut added = 0;
    while added < count {
        let nl = rng.gen_range(1..=3);
        let nr = rng.gen_range(1..=3);
        let l: Vec<GameId> = (0..nl).map(|_| below[rng.gen_range(0..below.len())]).collect();
        let r: Vec<GameId> = (0..nr).map(|_| below[rng.gen_range(0..below.len())]).collect();
        let g = a.from_options(&l, &r).unwrap();
        if a.birthday(g).unwrap() == 3u32.into() {
            sum = a.add(sum, g).unwrap();
            added += 1;
        }
    }
    sum
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("thermo");
    group.sample_size(10);
    let mut a = Arena::new();
    let g = switches(&mut a, 14);
    group.bench_function("thermograph_switches_14", |b| {
        b.iter(|| black_box(a.thermograph(g).unwrap()))
    });
    group.bench_function("temperature_switches_14", |b| {
        b.iter(|| black_box(a.temperature(g).unwrap()))
    });
    group.bench_function("cool_switches_14_by_1", |b| {
        b.iter(|| black_box(a.cool(g, &Dyadic::from_i64(1)).unwrap()))
    });
    for k in [8usize, 16] {
        let mut a = Arena::new();
        let g = random_sum(&mut a, 7, k);
        group.bench_with_input(BenchmarkId::new("thermograph_random_b3", k), &k, |b, _| {
            b.iter(|| black_box(a.thermograph(g).unwrap()))
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);

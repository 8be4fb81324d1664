//! Benchmarks of temperature theory: thermograph, temperature and cooling of
//! large sums (switches ±1 + … + ±14, sums of random birthday-3 games).

#![allow(missing_docs, reason = "criterion's macros generate undocumented items")]

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use rand::SeedableRng;
use rand::rngs::StdRng;

use onag::game::{Arena, GameId};
use onag::number::Dyadic;

#[path = "support/random_games.rs"]
mod random_games;

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
    let games = random_games::random_games(a, &mut rng, count, false, |a, g| {
        a.birthday(g).unwrap() == 3u32.into()
    });
    let mut sum = a.zero();
    for g in games {
        sum = a.add(sum, g).unwrap();
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

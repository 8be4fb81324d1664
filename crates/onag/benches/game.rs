//! Benchmarks of the game arena: sums of switches, sums of random games,
//! up powers and comparisons of large games.

#![allow(missing_docs, reason = "criterion's macros generate undocumented items")]

use std::hint::black_box;

use criterion::{BatchSize, BenchmarkId, Criterion, criterion_group, criterion_main};
use rand::SeedableRng;
use rand::rngs::StdRng;

use onag::game::{Arena, GameId};

#[path = "support/random_games.rs"]
mod random_games;

/// `±1 + ±2 + … + ±k` in a fresh arena.
fn switches(k: i64) -> GameId {
    let mut a = Arena::new();
    let mut sum = a.zero();
    for i in 1..=k {
        let x = a.integer(i).unwrap();
        let s = a.switch(x).unwrap();
        sum = a.add(sum, s).unwrap();
    }
    sum
}

/// `count` random games of birthday exactly 3 (options of birthday ≤ 2).
fn random_birthday3(a: &mut Arena, rng: &mut StdRng, count: usize) -> Vec<GameId> {
    random_games::random_games(a, rng, count, false, |a, g| a.birthday(g).unwrap() == 3u32.into())
}

/// Two games of at least `target` followers: a sum of random birthday-3
/// games, and that sum plus `*`.
fn big_pair(seed: u64, target: usize) -> (Arena, GameId, GameId) {
    let mut a = Arena::new();
    let mut rng = StdRng::seed_from_u64(seed);
    let parts = random_birthday3(&mut a, &mut rng, 64);
    let mut g = a.zero();
    let mut i = 0;
    while a.follower_count(g).unwrap() < target {
        g = a.add(g, parts[i % parts.len()]).unwrap();
        i += 1;
    }
    let star = a.nimber(1).unwrap();
    let h = a.add(g, star).unwrap();
    (a, g, h)
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("game");
    group.sample_size(10);
    for k in [10i64, 14] {
        group.bench_with_input(BenchmarkId::new("switch_sum", k), &k, |b, &k| {
            b.iter(|| black_box(switches(k)))
        });
    }
    for k in [8usize, 16, 32] {
        group.bench_with_input(BenchmarkId::new("random_birthday3_sum", k), &k, |b, &k| {
            b.iter_batched(
                || {
                    let mut a = Arena::new();
                    let mut rng = StdRng::seed_from_u64(k as u64);
                    let games = random_birthday3(&mut a, &mut rng, k);
                    (a, games)
                },
                |(mut a, games)| {
                    let mut s = a.zero();
                    for g in games {
                        s = a.add(s, g).unwrap();
                    }
                    black_box(s)
                },
                BatchSize::LargeInput,
            )
        });
    }
    group.bench_function("up_pow_50", |b| {
        b.iter(|| {
            let mut a = Arena::new();
            black_box(a.up_power(50).unwrap())
        })
    });
    group.bench_function("compare_10k_followers", |b| {
        b.iter_batched(
            || big_pair(7, 10_000),
            |(mut a, g, h)| black_box(a.compare(g, h).unwrap()),
            BatchSize::LargeInput,
        )
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);

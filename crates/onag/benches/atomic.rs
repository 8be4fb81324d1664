//! Benchmarks of atomic weights and reduced canonical forms on sums of
//! random all-small games (and reduced forms of sums of general games).

#![allow(missing_docs, reason = "criterion's macros generate undocumented items")]

use std::hint::black_box;

use criterion::{BatchSize, BenchmarkId, Criterion, criterion_group, criterion_main};
use rand::SeedableRng;
use rand::rngs::StdRng;

use onag::game::{Arena, GameId};

#[path = "support/random_games.rs"]
mod random_games;

/// A sum of `k` random games of birthday at most 3 built from the games of
/// birthday at most 2; all-small when `all_small` (every game has options on
/// both sides), general otherwise. No summand is number + ups + star.
fn random_sum(k: usize, all_small: bool, seed: u64) -> (Arena, GameId) {
    let mut a = Arena::new();
    let mut rng = StdRng::seed_from_u64(seed);
    // Summands that are not number + ups + star keep the sum non-trivial.
    let games =
        random_games::random_games(&mut a, &mut rng, k, all_small, |a, g| !a.is_number_up_star(g));
    let mut sum = a.zero();
    for g in games {
        sum = a.add(sum, g).unwrap();
    }
    (a, sum)
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("atomic");
    group.sample_size(10);
    for k in [8usize, 16, 32] {
        group.bench_with_input(BenchmarkId::new("atomic_weight_all_small_sum", k), &k, |b, &k| {
            b.iter_batched(
                || random_sum(k, true, k as u64),
                |(mut a, g)| black_box(a.atomic_weight(g).unwrap()),
                BatchSize::LargeInput,
            )
        });
        group.bench_with_input(BenchmarkId::new("rcf_all_small_sum", k), &k, |b, &k| {
            b.iter_batched(
                || random_sum(k, true, k as u64),
                |(mut a, g)| black_box(a.reduced_canonical_form(g).unwrap()),
                BatchSize::LargeInput,
            )
        });
    }
    for k in [4usize, 8, 16] {
        group.bench_with_input(BenchmarkId::new("rcf_general_sum", k), &k, |b, &k| {
            b.iter_batched(
                || random_sum(k, false, k as u64),
                |(mut a, g)| black_box(a.reduced_canonical_form(g).unwrap()),
                BatchSize::LargeInput,
            )
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);

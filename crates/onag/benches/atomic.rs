//! Benchmarks of atomic weights and reduced canonical forms on sums of
//! random all-small games (and reduced forms of sums of general games).

#![allow(missing_docs, reason = "criterion's macros generate undocumented items")]

use std::hint::black_box;

use criterion::{BatchSize, BenchmarkId, Criterion, criterion_group, criterion_main};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use onag::game::{Arena, GameId};

/// A sum of `k` random games of birthday at most 3 built from the games of
/// birthday at most 2; all-small when `all_small` (every game has options on
/// both sides), general otherwise. No summand is number + ups + star.
fn random_sum(k: usize, all_small: bool, seed: u64) -> (Arena, GameId) {
    let mut a = Arena::new();
    let mut rng = StdRng::seed_from_u64(seed);
    let lo = if all_small { 1 } else { 0 };
    let mut below = vec![a.zero()];
    for _ in 1..=2 {
        let mut this = Vec::new();
        for _ in 0..12 {
            let nl = rng.gen_range(lo..=2);
            let nr = rng.gen_range(lo..=2);
            let l: Vec<GameId> = (0..nl).map(|_| below[rng.gen_range(0..below.len())]).collect();
            let r: Vec<GameId> = (0..nr).map(|_| below[rng.gen_range(0..below.len())]).collect();
            this.push(a.from_options(&l, &r).unwrap());
        }
        below.extend(this);
        below.sort_unstable();
        below.dedup();
    }
    let mut sum = a.zero();
    let mut count = 0;
    while count < k {
        let nl = rng.gen_range(1..=3);
        let nr = rng.gen_range(1..=3);
        let l: Vec<GameId> = (0..nl).map(|_| below[rng.gen_range(0..below.len())]).collect();
        let r: Vec<GameId> = (0..nr).map(|_| below[rng.gen_range(0..below.len())]).collect();
        let g = a.from_options(&l, &r).unwrap();
        // Summands that are not number + ups + star keep the sum non-trivial.
        if !a.is_number_up_star(g) {
            sum = a.add(sum, g).unwrap();
            count += 1;
        }
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

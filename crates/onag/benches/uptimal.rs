//! Benchmarks of Norton multiples of uptimals: `1000·↑³` and `10⁴·↑` through
//! `Arena::norton_multiply` (closed forms), and the same multiples of ↑³ by
//! doubling sums for comparison (the way they were computed before).

#![allow(missing_docs, reason = "criterion's macros generate undocumented items")]

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use num_bigint::BigInt;

use onag::game::{Arena, GameId};

/// `k·g` by binary doubling of sums in `a`.
fn by_doubling(a: &mut Arena, g: GameId, k: u64) -> GameId {
    let (mut result, mut power, mut k) = (a.zero(), g, k);
    while k > 0 {
        if k & 1 == 1 {
            result = a.add(result, power).unwrap();
        }
        k >>= 1;
        if k > 0 {
            power = a.add(power, power).unwrap();
        }
    }
    result
}

fn norton(c: &mut Criterion) {
    let mut group = c.benchmark_group("norton_multiply");
    group.sample_size(10);
    group.bench_function("1000*^<3>", |b| {
        b.iter(|| {
            let mut a = Arena::new();
            let g = a.up_power(3).unwrap();
            black_box(a.norton_multiply(g, &BigInt::from(1000)).unwrap())
        })
    });
    group.bench_function("10^4*^", |b| {
        b.iter(|| {
            let mut a = Arena::new();
            let g = a.up_multiple(1).unwrap();
            black_box(a.norton_multiply(g, &BigInt::from(10_000)).unwrap())
        })
    });
    for k in [25u64, 50, 100] {
        group.bench_with_input(BenchmarkId::new("doubling ^<3>", k), &k, |b, &k| {
            b.iter(|| {
                let mut a = Arena::new();
                let g = a.up_power(3).unwrap();
                black_box(by_doubling(&mut a, g, k))
            })
        });
    }
    group.finish();
}

criterion_group!(benches, norton);
criterion_main!(benches);

//! Criterion benches of nim arithmetic: products, square roots, inverses and
//! powers over random inputs, with the bit-by-bit reference product measured
//! in the same run for the ratio.
#![allow(missing_docs, reason = "criterion's macros generate undocumented functions")]

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use onag::nimber::{self, reference::BitProducts};
use rand::{Rng, SeedableRng, rngs::StdRng};

const N: usize = 1024;

fn inputs64() -> Vec<(u64, u64)> {
    let mut rng = StdRng::seed_from_u64(1);
    (0..N).map(|_| (rng.r#gen(), rng.r#gen())).collect()
}

fn inputs128() -> Vec<(u128, u128)> {
    let mut rng = StdRng::seed_from_u64(2);
    (0..N).map(|_| (rng.r#gen(), rng.r#gen())).collect()
}

/// Each iteration runs one operation on the next of `N` random inputs.
fn per_op<T: Copy, R>(c: &mut Criterion, name: &str, inputs: &[T], f: impl Fn(T) -> R) {
    c.bench_function(name, |b| {
        let mut i = 0;
        b.iter(|| {
            i = (i + 1) % inputs.len();
            f(black_box(inputs[i]))
        })
    });
}

fn products(c: &mut Criterion) {
    let v64 = inputs64();
    let v128 = inputs128();
    nimber::mul64(1, 1);
    per_op(c, "mul64", &v64, |(a, b)| nimber::mul64(a, b));
    per_op(c, "mul64_portable", &v64, |(a, b)| nimber::mul64_portable(a, b));
    per_op(c, "mul128", &v128, |(a, b)| nimber::mul128(a, b));
    per_op(c, "sqrt64", &v64, |(a, _)| nimber::sqrt64(a));
    per_op(c, "sqrt128", &v128, |(a, _)| nimber::sqrt128(a));
    per_op(c, "inverse64", &v64, |(a, _)| nimber::inverse64(a));
    per_op(c, "inverse128", &v128, |(a, _)| nimber::inverse128(a));
    per_op(c, "pow64", &v64, |(a, b)| nimber::pow64(a, b));
    let bits = BitProducts::new();
    per_op(c, "mul64_bit_by_bit", &v64, |(a, b)| bits.mul(u128::from(a), u128::from(b)));
    per_op(c, "mul128_bit_by_bit", &v128, |(a, b)| bits.mul(a, b));

    let (a, b): (Vec<u64>, Vec<u64>) = v64.iter().copied().unzip();
    let mut out = vec![0u64; N];
    let mut group = c.benchmark_group("mul64_slice");
    group.throughput(Throughput::Elements(N as u64));
    group.bench_with_input(BenchmarkId::from_parameter(N), &N, |bench, _| {
        bench.iter(|| nimber::mul64_slice(black_box(&a), black_box(&b), &mut out))
    });
    group.finish();
}

criterion_group!(benches, products);
criterion_main!(benches);

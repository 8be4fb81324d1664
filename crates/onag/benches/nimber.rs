//! Criterion benches of nim arithmetic: products, square roots, inverses and
//! powers over random inputs, with the bit-by-bit reference product measured
//! in the same run for the ratio.
//!
//! Times are the benchmark thread's CPU time (`CLOCK_THREAD_CPUTIME_ID` on Linux,
//! wall time elsewhere), so that a machine shared with other work
//! reports what the code costs rather than how long it waited for a core.
#![allow(missing_docs, reason = "criterion's macros generate undocumented functions")]

use std::hint::black_box;

use criterion::measurement::{Measurement, ValueFormatter};
use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use onag::nimber::{self, reference::BitProducts};
use rand::{Rng, SeedableRng, rngs::StdRng};

const N: usize = 1024;

#[cfg(target_os = "linux")]
mod cpu_clock {
    //! The thread CPU-time clock of POSIX (`CLOCK_THREAD_CPUTIME_ID`).

    #[repr(C)]
    struct Timespec {
        seconds: i64,
        nanoseconds: i64,
    }

    unsafe extern "C" {
        fn clock_gettime(clock: i32, time: *mut Timespec) -> i32;
    }

    const CLOCK_THREAD_CPUTIME_ID: i32 = 3;

    /// CPU time of the current thread in nanoseconds.
    pub fn now() -> u64 {
        let mut t = Timespec { seconds: 0, nanoseconds: 0 };
        // SAFETY: `t` is a valid, writable timespec (two C longs on 64-bit
        // Linux) and the clock id is a constant the kernel defines.
        let ok = unsafe { clock_gettime(CLOCK_THREAD_CPUTIME_ID, &mut t) } == 0;
        if ok { t.seconds as u64 * 1_000_000_000 + t.nanoseconds as u64 } else { 0 }
    }
}

/// CPU time of the current thread in nanoseconds (wall time off Linux).
fn thread_cpu_ns() -> u64 {
    #[cfg(target_os = "linux")]
    {
        cpu_clock::now()
    }
    #[cfg(not(target_os = "linux"))]
    {
        static START: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
        START.get_or_init(std::time::Instant::now).elapsed().as_nanos() as u64
    }
}

/// Criterion measurement of thread CPU time.
pub struct CpuTime;

/// Formats nanosecond values like criterion's wall-time formatter.
pub struct Nanoseconds;

impl ValueFormatter for Nanoseconds {
    fn scale_values(&self, ns: f64, values: &mut [f64]) -> &'static str {
        let (factor, unit) = if ns < 1e3 {
            (1.0, "ns")
        } else if ns < 1e6 {
            (1e-3, "µs")
        } else if ns < 1e9 {
            (1e-6, "ms")
        } else {
            (1e-9, "s")
        };
        for v in values {
            *v *= factor;
        }
        unit
    }

    fn scale_throughputs(
        &self,
        ns: f64,
        throughput: &Throughput,
        values: &mut [f64],
    ) -> &'static str {
        let per = match *throughput {
            Throughput::Bytes(n) | Throughput::BytesDecimal(n) | Throughput::Elements(n) => {
                n as f64
            }
        };
        let rate = per * 1e9 / ns;
        let (factor, unit) = if rate < 1e3 {
            (1.0, "elem/s")
        } else if rate < 1e6 {
            (1e-3, "Kelem/s")
        } else if rate < 1e9 {
            (1e-6, "Melem/s")
        } else {
            (1e-9, "Gelem/s")
        };
        for v in values {
            *v = per * 1e9 / *v * factor;
        }
        unit
    }

    fn scale_for_machines(&self, _values: &mut [f64]) -> &'static str {
        "ns"
    }
}

impl Measurement for CpuTime {
    type Intermediate = u64;
    type Value = u64;

    fn start(&self) -> u64 {
        thread_cpu_ns()
    }
    fn end(&self, start: u64) -> u64 {
        thread_cpu_ns().saturating_sub(start)
    }
    fn add(&self, a: &u64, b: &u64) -> u64 {
        a + b
    }
    fn zero(&self) -> u64 {
        0
    }
    fn to_f64(&self, v: &u64) -> f64 {
        *v as f64
    }
    fn formatter(&self) -> &dyn ValueFormatter {
        &Nanoseconds
    }
}

fn inputs64() -> Vec<(u64, u64)> {
    let mut rng = StdRng::seed_from_u64(1);
    (0..N).map(|_| (rng.r#gen(), rng.r#gen())).collect()
}

fn inputs128() -> Vec<(u128, u128)> {
    let mut rng = StdRng::seed_from_u64(2);
    (0..N).map(|_| (rng.r#gen(), rng.r#gen())).collect()
}

/// Each iteration runs one operation on the next of `N` random inputs
/// (`N` is a power of two, so the index wraps with a mask, not a division).
fn per_op<T: Copy, R>(c: &mut Criterion<CpuTime>, name: &str, inputs: &[T], f: impl Fn(T) -> R) {
    assert_eq!(inputs.len(), N);
    c.bench_function(name, |b| {
        let mut i = 0;
        b.iter(|| {
            i = (i + 1) & (N - 1);
            f(black_box(inputs[i]))
        })
    });
}

fn products(c: &mut Criterion<CpuTime>) {
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

criterion_group! {
    name = benches;
    config = Criterion::default().with_measurement(CpuTime);
    targets = products
}
criterion_main!(benches);

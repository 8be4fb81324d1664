//! How the time of the open games grows with the number of heaps: Grundy's
//! game (4!.0) and 0.6 to 2^18, 2^20, ..., 2^26 on one thread, in CPU time
//! of the process (`benches/support`), period search included.
//!
//! Each sample of 2^26 takes tens of seconds: `cargo bench -p onag --bench
//! octal_growth -- --warm-up-time 1 --measurement-time 1`, or a filter such
//! as `-- 4!.0_2^2[0-2]`. Linear growth doubles the time per factor 4 in n
//! twice over; the sparse-space algorithm's work per heap grows with the
//! number of rare values, so expect a little more.

#![allow(missing_docs, reason = "criterion_group! defines an undocumented function")]

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use onag::Budget;
use onag::impartial::heap::TakeAndBreak;
use onag::impartial::heap::sequence::Threads;

mod support;
use support::CpuTime;

fn growth(c: &mut Criterion<CpuTime>) {
    let mut group = c.benchmark_group("octal_growth");
    group.sample_size(10);
    for code in ["4!.0", "0.6"] {
        let rule = TakeAndBreak::parse(code).expect("valid code");
        for k in (18..=26).step_by(2) {
            group.bench_with_input(BenchmarkId::new(code, format!("2^{k}")), &k, |b, &k| {
                b.iter(|| {
                    let seq = rule
                        .sequence_threads(1 << k, &Budget::unlimited(), true, Threads::One)
                        .expect("computes");
                    seq.values.len()
                })
            });
        }
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().with_measurement(CpuTime);
    targets = growth
}
criterion_main!(benches);

//! Who wins on empty boards, by the outcome search (no canonical form of
//! the whole board): Domineering 6×6, 6×7 and 7×7 (by the search made for
//! Domineering, and 6×7 by the search for every ruleset too) and the
//! Clobber checkerboard 4×5. The targets are larger (Domineering 8×8 under
//! 1 s, 9×9 under 10 minutes; Clobber 4×7 under 10 minutes): run them with
//! `cargo run --release -p onag --example outcome_boards -- domineering 8 8`.
//!
//! Measured in CPU time of the process (both searches, Left first and
//! Right first, run on two threads and are both counted).

#![allow(missing_docs, reason = "criterion_group! defines an undocumented function")]

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use onag::ruleset::PartizanPosition;
use onag::ruleset::grid::{ClobberRules, Domineering, GenClobber};
use onag::ruleset::outcome::OutcomeSearch;

mod support;
use support::CpuTime;

/// The outcome class of `p`, searched with nothing known beforehand.
fn outcome<P: PartizanPosition + 'static>(p: &P) -> String {
    OutcomeSearch::new().solve(std::slice::from_ref(p)).unwrap().outcome().to_string()
}

fn boards(c: &mut Criterion<CpuTime>) {
    let mut group = c.benchmark_group("outcome");
    group.sample_size(10);
    for (rows, columns) in [(6, 6), (6, 7), (7, 7)] {
        let p = Domineering::empty(rows, columns).unwrap();
        group.bench_function(format!("domineering_{rows}x{columns}"), |b| {
            b.iter(|| black_box(outcome(&p)))
        });
    }
    // The search for every ruleset on the same board, for comparison.
    let p = Domineering::empty(6, 7).unwrap();
    group.bench_function("domineering_6x7_general", |b| {
        b.iter(|| {
            let s = OutcomeSearch::new().solve_generally(std::slice::from_ref(&p)).unwrap();
            black_box(s.outcome())
        })
    });
    let p = GenClobber::parse(ClobberRules::CLOBBER, "xoxox|oxoxo|xoxox|oxoxo").unwrap();
    group.bench_function("clobber_4x5", |b| b.iter(|| black_box(outcome(&p))));
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().with_measurement(CpuTime);
    targets = boards
}
criterion_main!(benches);

//! Grid rulesets valued from scratch (a fresh solver and arena each time):
//! Domineering on empty 4×4, 5×5 and 4×7 boards (targets: 5×5 under
//! 0.1 s, 4×7 under 0.7 s), Clobber on the 2×8 and 3×6
//! checkerboards, and Amazons on `x....|.....|....o` (target: under 10 s;
//! the public Rust peer takes about 94 s).
//!
//! Measured in CPU time of the process, both threads of a large search
//! counted, which stays meaningful on a shared, loaded machine; set
//! `ONAG_BENCH_WALL=1` for wall time, which shows what the second core gains.

#![allow(missing_docs, reason = "criterion_group! defines an undocumented function")]

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use onag::game::Arena;
use onag::ruleset::grid::{Amazons, ClobberRules, Domineering, GenClobber};
use onag::ruleset::{PartizanPosition, Solver};

mod support;
use support::CpuTime;

/// The canonical form of `p` with nothing known beforehand.
fn value<P: PartizanPosition>(p: &P) -> String {
    let mut arena = Arena::new();
    let v = Solver::new().value(&mut arena, p).unwrap();
    arena.print(v).unwrap()
}

fn grid(c: &mut Criterion<CpuTime>) {
    let mut group = c.benchmark_group("ruleset_grid");
    group.sample_size(10);
    for (rows, columns) in [(4, 4), (5, 5), (4, 7)] {
        let p = Domineering::empty(rows, columns).unwrap();
        group.bench_function(format!("domineering_{rows}x{columns}"), |b| {
            b.iter(|| black_box(value(&p)))
        });
    }
    for (name, board) in
        [("clobber_2x8", "xoxoxoxo|oxoxoxox"), ("clobber_3x6", "xoxoxo|oxoxox|xoxoxo")]
    {
        let p = GenClobber::parse(ClobberRules::CLOBBER, board).unwrap();
        group.bench_function(name, |b| b.iter(|| black_box(value(&p))));
    }
    let p = Amazons::parse("x....|.....|....o").unwrap();
    group.bench_function("amazons_3x5", |b| b.iter(|| black_box(value(&p))));
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().with_measurement(CpuTime);
    targets = grid
}
criterion_main!(benches);

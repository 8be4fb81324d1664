//! Calculator speed: start-up (a fresh session evaluating `0`), parsing, and
//! evaluating typical inputs. The process start-up of `onag eval 0` is
//! measured separately (see the report); this bench isolates the library part.

#![allow(missing_docs, reason = "criterion's macros generate undocumented items")]

use criterion::{Criterion, black_box, criterion_group, criterion_main};
use onag::Budget;
use onag::lang::{Session, parse};

fn startup(c: &mut Criterion) {
    c.bench_function("lang/session_new_and_eval_0", |b| {
        b.iter(|| {
            let mut session = Session::new();
            black_box(session.run_to_string(black_box("0"), &Budget::unlimited()).ok())
        })
    });
}

fn parsing(c: &mut Criterion) {
    let text = (1..=200).map(|k| format!("+-{k}")).collect::<Vec<_>>().join("+");
    c.bench_function("lang/parse_sum_of_200_switches", |b| b.iter(|| parse(black_box(&text))));
}

fn evaluating(c: &mut Criterion) {
    c.bench_function("lang/comprehension_10000", |b| {
        b.iter(|| {
            let mut session = Session::new();
            black_box(
                session.run_to_string("[n*n % 7 for n from 1 to 10000]", &Budget::unlimited()).ok(),
            )
        })
    });
}

criterion_group!(benches, startup, parsing, evaluating);
criterion_main!(benches);

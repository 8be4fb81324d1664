//! Graph rulesets' speed: Snort on paths of 16 and 20 vertices (target:
//! P16 under 0.05 s; the public Rust peer takes 0.5 s), Col and Partizan Arc
//! Kayles from CGSuite's tests, Arc Kayles on paths up to 50, and
//! Hackenbush pictures (a blue-red tree, the Green Girl, a mixed stalk, a
//! Childish Hackenbush lollipop). Each run starts from an empty solver and
//! arena, so the time is the whole search.
//!
//! Measured in CPU time of the process, both threads of a large search
//! counted (see `support`); `ONAG_BENCH_WALL=1` for wall time.

#![allow(missing_docs, reason = "criterion_group! defines an undocumented function")]

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use onag::game::Arena;
use onag::ruleset::Solver;
use onag::ruleset::graph::{ArcKayles, Childish, ColRules, GenCol, Hackenbush, PartizanArcKayles};

mod support;
use support::CpuTime;

fn snort_path(n: usize) -> GenCol {
    let text = if n == 1 { ".".to_string() } else { "-".repeat(n - 1) };
    GenCol::parse(&text, ColRules::SNORT).unwrap()
}

fn col(c: &mut Criterion<CpuTime>) {
    let mut group = c.benchmark_group("ruleset_graph_col");
    group.sample_size(10);
    for n in [16usize, 20] {
        let p = snort_path(n);
        group.bench_function(format!("snort_path_{n}"), |b| {
            b.iter(|| {
                let mut arena = Arena::new();
                black_box(Solver::new().value(&mut arena, &p).unwrap())
            })
        });
    }
    let p = GenCol::parse("R-.-R-.-L-.-R-.-R-.", ColRules::COL).unwrap();
    group.bench_function("col_cgsuite_7_8", |b| {
        b.iter(|| black_box(Solver::new().value(&mut Arena::new(), &p).unwrap()))
    });
    group.finish();
}

fn arc_kayles(c: &mut Criterion<CpuTime>) {
    let mut group = c.benchmark_group("ruleset_graph_arc_kayles");
    group.sample_size(10);
    group.bench_function("paths_1_to_50", |b| {
        b.iter(|| {
            let mut s = Solver::new();
            for n in 1..=50 {
                black_box(s.nim_value(&ArcKayles::path(n).unwrap()).unwrap());
            }
        })
    });
    let p = PartizanArcKayles::parse("lrlr(ll;ree(rl;l))").unwrap();
    group.bench_function("partizan_cgsuite", |b| {
        b.iter(|| black_box(Solver::new().value(&mut Arena::new(), &p).unwrap()))
    });
    group.finish();
}

fn hackenbush(c: &mut Criterion<CpuTime>) {
    let mut group = c.benchmark_group("ruleset_graph_hackenbush");
    group.sample_size(10);
    let cases = [
        ("blue_red_tree", "(l(rl(l;r(l;rr));lr(lr;rl(r;l)));r(lr;rl(ll;r)))", Childish::NONE),
        ("green_girl", "e(ee:{waist};ee:{waist}e(ee;e(e:{head};e:{head}e)))", Childish::NONE),
        ("mixed_stalks", "lrlerrr(el;re(lr;e))", Childish::NONE),
        ("childish_lollipop", "(e:B;e:B;e:Blllllllllrr:B)", Childish::BLUE_RED),
    ];
    for (name, text, childish) in cases {
        let p = Hackenbush::parse_with(text, childish).unwrap();
        group.bench_function(name, |b| {
            b.iter(|| black_box(Solver::new().value(&mut Arena::new(), &p).unwrap()))
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().with_measurement(CpuTime);
    targets = col, arc_kayles, hackenbush
}
criterion_main!(benches);

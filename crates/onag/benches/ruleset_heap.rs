//! Heap-ruleset speed: CGSuite's test rows (cakes `(8,n)`, Partizan Euclid,
//! `PartizanSubtraction([1,3],[2,3])(6)`) from a cold solver, and larger
//! cakes and heaps.

#![allow(missing_docs, reason = "criterion_group! defines an undocumented function")]

use criterion::{Criterion, criterion_group, criterion_main};
use onag::game::Arena;
use onag::ruleset::heap::{Cake, Euclid, HeapRule, PartizanHeap};
use onag::ruleset::{PartizanPosition, Solver};

mod support;
use support::CpuTime;

fn rule(code: &str) -> HeapRule {
    HeapRule::parse(code).expect("a valid code")
}

fn cake(code: &str, twisted: bool, m: u32, n: u32) -> Cake {
    Cake::new(rule(code), rule(code), twisted, m, n).expect("a valid cake")
}

/// Values `positions` with a fresh solver and arena.
fn value_all<P: PartizanPosition>(positions: &[P]) {
    let mut arena = Arena::new();
    let mut solver = Solver::new();
    for p in positions {
        solver.value(&mut arena, p).expect("valued");
    }
}

fn bench(c: &mut Criterion<CpuTime>) {
    let mut group = c.benchmark_group("ruleset_heap");
    group.sample_size(10);
    for (name, code, twisted) in [
        ("Cutcake", "4.0", false),
        ("Eatcake", "0.7", false),
        ("MaundyCake", "{2+}=.0", false),
        ("TurnAndEatcake", "0.7", true),
        ("twisted Maundy", "{2+}=.0", true),
    ] {
        let row: Vec<Cake> = (0..=8).map(|n| cake(code, twisted, 8, n)).collect();
        group.bench_function(format!("{name} (8,0..=8)"), |b| b.iter(|| value_all(&row)));
    }
    let euclid: Vec<Euclid> = (0..=8).map(|q| Euclid { p: 8, q }).collect();
    group.bench_function("PartizanEuclid (8,0..=8)", |b| b.iter(|| value_all(&euclid)));
    let sub = |n| {
        let set = |s: &[i64]| HeapRule::subtraction(s, false, false).expect("a valid set");
        PartizanHeap::new(set(&[1, 3]), set(&[2, 3]), n).expect("a valid heap")
    };
    group
        .bench_function("PartizanSubtraction([1,3],[2,3])(6)", |b| b.iter(|| value_all(&[sub(6)])));
    group.bench_function("PartizanSubtraction([1,3],[2,3])(40)", |b| {
        b.iter(|| value_all(&[sub(40)]))
    });
    group.bench_function("Cutcake (100,100)", |b| {
        b.iter(|| value_all(&[cake("4.0", false, 100, 100)]))
    });
    group
        .bench_function("Eatcake (10,10)", |b| b.iter(|| value_all(&[cake("0.7", false, 10, 10)])));
    group.bench_function("MaundyCake (5040,5040)", |b| {
        b.iter(|| value_all(&[cake("{2+}=.0", false, 5040, 5040)]))
    });
    group.bench_function("twisted Maundy (64,64)", |b| {
        b.iter(|| value_all(&[cake("{2+}=.0", true, 64, 64)]))
    });
    group.bench_function("PartizanEuclid near 2^62", |b| {
        b.iter(|| {
            value_all(&[Euclid { p: 4_660_046_610_375_530_309, q: 2_880_067_194_370_816_120 }])
        })
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().with_measurement(CpuTime);
    targets = bench
}
criterion_main!(benches);

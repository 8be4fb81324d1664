//! Misère canonical forms and genus of heap games (`onag octal --genus`).

#![allow(missing_docs, reason = "criterion's macros generate undocumented items")]

use criterion::{Criterion, criterion_group, criterion_main};
use onag::Budget;
use onag::impartial::heap::TakeAndBreak;
use onag::impartial::misere::{MisereForms, MisereSolver};

/// The genus of heaps 0..=n of a code, from an empty solver.
fn genus_table(code: &str, n: usize) -> usize {
    let rule: TakeAndBreak = code.parse().expect("code");
    let mut solver = MisereSolver::new(&rule);
    let budget = Budget::unlimited();
    (0..=n).map(|h| solver.genus(&[h], &budget).expect("genus").gammas.len()).sum()
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("misere");
    group.sample_size(10);
    group.bench_function("kayles genus 0..=40", |b| b.iter(|| genus_table("0.77", 40)));
    group.bench_function("kayles genus 0..=50", |b| b.iter(|| genus_table("0.77", 50)));
    group.bench_function("grundy's game genus 0..=60", |b| b.iter(|| genus_table("4!.0", 60)));
    group.bench_function("games born by day 4", |b| {
        b.iter(|| {
            let mut forms = MisereForms::new();
            let mut born = vec![0];
            for _ in 0..4 {
                let mut next: Vec<u32> = (0u64..1 << born.len())
                    .map(|mask| {
                        let options = (0..born.len())
                            .filter(|i| mask >> i & 1 == 1)
                            .map(|i| born[i])
                            .collect();
                        forms.from_options(options)
                    })
                    .collect();
                next.sort_unstable();
                next.dedup();
                born = next;
            }
            born.len()
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);

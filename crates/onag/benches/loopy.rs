//! Games with cycles: The Easy Chase (n = 20, every position) by the retrograde
//! solver and by the seed's iterate-until-stable method, and random graphs of
//! 10^6 and 10^7 positions (mean out-degree 4) through the successor-only trait.
//!
//! `cargo bench -p onag --bench loopy -- --warm-up-time 1 --measurement-time 3`
//!
//! Everything here is single-threaded, so on Linux it is measured in CPU time
//! of the benchmark thread (`/proc/thread-self/schedstat`), which stays
//! meaningful on a loaded machine; `ONAG_BENCH_WALL=1` measures wall time.

#![allow(missing_docs, reason = "criterion_group! defines an undocumented function")]

use criterion::{Criterion, criterion_group, criterion_main};
use onag::Budget;
use onag::loopy::chase::EasyChase;
use onag::loopy::reference::chase_iterate_until_stable;
use onag::loopy::{SuccessorGame, TerminalRule, solve_successors};

mod support;
use support::ThreadTime;

/// A random graph: position `p` has `hash(p) % 9` moves (mean 4), to
/// positions `hash(p, i) % n`; nothing is stored.
struct RandomGraph {
    n: u32,
}

fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

impl SuccessorGame for RandomGraph {
    fn num_positions(&self) -> u32 {
        self.n
    }

    fn for_each_successor(&self, p: u32, mut f: impl FnMut(u32)) {
        let h = mix(u64::from(p));
        for i in 0..h % 9 {
            f((mix(h ^ (i + 1).wrapping_mul(0xD6E8_FEB8_6659_FD93)) % u64::from(self.n)) as u32);
        }
    }
}

fn easy_chase(c: &mut Criterion<ThreadTime>) {
    let mut group = c.benchmark_group("easy_chase");
    group.sample_size(10);
    group.bench_function("retrograde_n20", |b| {
        b.iter(|| {
            let game = EasyChase::new(20).unwrap();
            game.solve(&Budget::unlimited()).unwrap()
        })
    });
    group.bench_function("seed_method_n20", |b| b.iter(|| chase_iterate_until_stable(20)));
    group.finish();
}

fn random_graphs(c: &mut Criterion<ThreadTime>) {
    let mut group = c.benchmark_group("random_graph");
    group.sample_size(10);
    for n in [1_000_000u32, 10_000_000] {
        group.bench_function(format!("{n}_positions_{}_moves", 4 * u64::from(n)), |b| {
            let graph = RandomGraph { n };
            b.iter(|| {
                solve_successors(&graph, TerminalRule::MoverLoses, &Budget::unlimited()).unwrap()
            })
        });
    }
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().with_measurement(ThreadTime);
    targets = easy_chase, random_graphs
}
criterion_main!(benches);

//! Solves a random game graph with cycles at scale and reports time and table
//! sizes: `cargo run --release -p onag --example loopy_random -- 100000000 4`
//! (positions, mean out-degree). Measure peak memory with `/usr/bin/time -v`.
//!
//! The graph is implicit (each position's moves come from a hash of its
//! number), so the memory measured is the solver's own: 4 bytes of state per
//! position, the predecessor lists (4 bytes per position and per move) and the
//! level queues.

use std::time::Instant;

use onag::Budget;
use onag::loopy::{TerminalRule, solve_successors};

#[path = "../crates/onag/benches/support/random_graph.rs"]
mod random_graph;
use random_graph::RandomGraph;

/// CPU seconds used by this process so far (Linux; 0 elsewhere): under a
/// shared machine's load, wall time overstates the work.
fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    let fields: Vec<&str> = stat.rsplit(')').next().unwrap_or("").split_whitespace().collect();
    let ticks = |i: usize| fields.get(i).and_then(|f| f.parse::<f64>().ok()).unwrap_or(0.0);
    // Fields 14 and 15 of the whole line (utime, stime) are 12 and 13 after ')'.
    (ticks(11) + ticks(12)) / 100.0
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let n: u32 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(10_000_000);
    let mean: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(4);
    let graph = RandomGraph::new(n, mean);
    let start = Instant::now();
    let phase = std::sync::Mutex::new(String::new());
    let budget = Budget::unlimited().with_progress(move |p| {
        let mut last = phase.lock().unwrap_or_else(|e| e.into_inner());
        if *last != p.task {
            eprintln!("{:>8.2} s cpu  {}", cpu_seconds(), p.task);
            *last = p.task.to_string();
        }
    });
    let solution = match solve_successors(&graph, TerminalRule::MoverLoses, &budget) {
        Ok(s) => s,
        Err(err) => {
            eprintln!("error: {err}");
            std::process::exit(2);
        }
    };
    let elapsed = start.elapsed();
    let (w, l, d) = solution.counts();
    println!(
        "{n} positions, {} moves examined: {w} wins, {l} losses, {d} draws in {:.2} s \
         ({:.2} s of CPU)",
        solution.moves_examined(),
        elapsed.as_secs_f64(),
        cpu_seconds()
    );
}

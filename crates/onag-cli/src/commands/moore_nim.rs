//! `onag moore-nim`: Moore's Nim_k (take from up to k heaps at once), with a
//! constructed winning move; `--max-take r` for the Bash variant.

use std::process::ExitCode;

use clap::Args;
use onag::impartial::classic::moore_nim;
use onag::number::BigUint;

use crate::commands::Context;
use crate::commands::nim::parse_heap;
use crate::render;

/// Arguments of `onag moore-nim`.
#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  onag moore-nim --k 2 3 5 6\n  onag moore-nim --k 1 --max-take 3 7 9 --json"
)]
pub struct MooreNimArgs {
    /// At most this many heaps per move (k ≥ 1).
    #[arg(long, value_name = "K")]
    pub k: u64,

    /// Bash variant: at most this many stones from each heap (k = 1 only).
    #[arg(long, value_name = "R")]
    pub max_take: Option<u64>,

    /// Heap sizes (non-negative integers of any size).
    #[arg(required = true, value_name = "HEAP", allow_negative_numbers = true, value_parser = parse_heap)]
    pub heaps: Vec<BigUint>,
}

/// Runs `onag moore-nim`.
pub fn run(ctx: &Context, args: MooreNimArgs) -> anyhow::Result<ExitCode> {
    let sol = match args.max_take {
        Some(r) => moore_nim::solve_bash(&args.heaps, args.k, r)?,
        None => moore_nim::solve(&args.heaps, args.k)?,
    };
    if ctx.json() {
        return render::json(&sol);
    }
    let mut out = render::Output::new();
    out.line(format_args!("k: {}", sol.k))?;
    out.line(format_args!("outcome: {}", render::outcome_words(sol.outcome)))?;
    match sol.winning_moves.first() {
        None => out.line(format_args!("winning move: none (every move loses)"))?,
        Some(m) => {
            out.line(format_args!("winning move ({} heaps):", m.changes.len()))?;
            for c in &m.changes {
                out.line(format_args!("  heap {}: {} -> {}", c.heap, c.from, c.to))?;
            }
        }
    }
    out.finish()
}

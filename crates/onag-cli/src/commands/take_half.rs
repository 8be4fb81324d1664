//! `onag take-half`: sums of take-at-least-half heaps, valued by the closed form
//! g(x) = min{k : 2^k > x}, with the winning moves as ranges.

use std::process::ExitCode;

use clap::Args;
use onag::impartial::classic::take_half;
use onag::number::BigUint;

use crate::commands::Context;
use crate::render;

/// Arguments of `onag take-half`.
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  onag take-half 5 9\n  onag take-half 5 9 --json")]
pub struct TakeHalfArgs {
    /// Heap sizes (non-negative integers of any size).
    #[arg(required = true, value_name = "HEAP", allow_negative_numbers = true, value_parser = crate::args::heap)]
    pub heaps: Vec<BigUint>,
}

/// Runs `onag take-half`.
pub fn run(ctx: &Context, args: TakeHalfArgs) -> anyhow::Result<ExitCode> {
    let sol = take_half::solve(&args.heaps);
    if ctx.json() {
        return render::json(&sol);
    }
    let mut out = render::Output::new();
    for v in &sol.values {
        out.line(format_args!("heap {}: g({}) = {}", v.heap, v.size, v.value))?;
    }
    out.line(format_args!("value: {}", sol.value))?;
    out.line(format_args!("outcome: {}", render::outcome_words(sol.outcome)))?;
    out.moves_heading(sol.winning_moves.is_empty())?;
    for m in &sol.winning_moves {
        if m.to_min == m.to_max {
            out.line(format_args!("  heap {}: {} -> {}", m.heap, m.from, m.to_min))?;
        } else {
            out.line(format_args!(
                "  heap {}: {} -> any of {}..={}",
                m.heap, m.from, m.to_min, m.to_max
            ))?;
        }
    }
    out.finish()
}

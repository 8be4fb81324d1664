//! `onag fibonacci-nim`: Fibonacci Nim on a heap of up to 4096 bits, at the start or
//! mid-game (`--last-take`), with the Zeckendorf sum and every winning move.

use std::process::ExitCode;

use anyhow::anyhow;
use clap::Args;
use num_traits::ToPrimitive;
use onag::impartial::classic::fibonacci_nim;
use onag::number::BigUint;
use serde::Serialize;

use crate::commands::Context;
use crate::render;

/// Arguments of `onag fibonacci-nim`.
#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  onag fibonacci-nim 100\n  onag fibonacci-nim 97 --last-take 3 --json\n  \
                  onag fibonacci-nim 1000 --nim-value"
)]
pub struct FibonacciNimArgs {
    /// Stones in the heap (a non-negative integer of up to 4096 bits, e.g. 10^1000).
    #[arg(value_name = "N", allow_negative_numbers = true, value_parser = crate::args::heap)]
    pub n: BigUint,

    /// Mid-game: the previous move took M stones (so at most 2M may be taken now).
    #[arg(long, value_name = "M", allow_negative_numbers = true, value_parser = crate::args::heap)]
    pub last_take: Option<BigUint>,

    /// Also print the position's Grundy value (for sums with other games), by
    /// a search quadratic in the heap (heaps up to 23,168).
    #[arg(long)]
    pub nim_value: bool,
}

/// The JSON report: the solution and, with `--nim-value`, the Grundy value.
#[derive(Serialize)]
struct Report<'a> {
    #[serde(flatten)]
    solution: &'a fibonacci_nim::FibSolution,
    #[serde(skip_serializing_if = "Option::is_none")]
    nim_value: Option<u32>,
}

/// The Grundy value of the position `sol` describes.
fn nim_value(ctx: &Context, sol: &fibonacci_nim::FibSolution) -> anyhow::Result<u32> {
    let too_large = || {
        anyhow!("--nim-value searches heaps up to 23,168 (the outcome is known up to 4096 bits)")
    };
    let n = sol.n.to_u64().ok_or_else(too_large)?;
    let limit = sol.max_take.to_u64().ok_or_else(too_large)?;
    let (budget, _bar) = ctx.budget("Fibonacci Nim Grundy values");
    let table = fibonacci_nim::GrundyTable::new(n, &budget)?;
    table.value(n, limit).ok_or_else(too_large)
}

/// Runs `onag fibonacci-nim`.
pub fn run(ctx: &Context, args: FibonacciNimArgs) -> anyhow::Result<ExitCode> {
    let sol = fibonacci_nim::solve(&args.n, args.last_take.as_ref())?;
    let value = if args.nim_value { Some(nim_value(ctx, &sol)?) } else { None };
    if ctx.json() {
        return render::json(&Report { solution: &sol, nim_value: value });
    }
    let mut out = render::Output::new();
    let terms: Vec<String> = sol.zeckendorf.iter().map(ToString::to_string).collect();
    let terms = if terms.is_empty() { "0 (empty)".to_string() } else { terms.join(" + ") };
    out.line(format_args!("{} = {terms}", sol.n))?;
    out.line(format_args!("may take at most: {}", sol.max_take))?;
    out.line(format_args!("outcome: {}", render::outcome_words(sol.outcome)))?;
    if let Some(g) = value {
        out.line(format_args!("nim value: {g}"))?;
    }
    out.moves_heading(sol.winning_moves.is_empty())?;
    for m in &sol.winning_moves {
        out.line(format_args!("  take {}, leaving {}", m.take, m.to))?;
    }
    out.finish()
}

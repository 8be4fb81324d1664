//! `onag fibonacci-nim`: Fibonacci Nim on a heap of any size, at the start or
//! mid-game (`--last-take`), with the Zeckendorf sum and every winning move.

use std::process::ExitCode;

use clap::Args;
use onag::impartial::classic::fibonacci_nim;
use onag::number::BigUint;

use crate::commands::Context;
use crate::render;

/// Arguments of `onag fibonacci-nim`.
#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  onag fibonacci-nim 100\n  onag fibonacci-nim 97 --last-take 3 --json"
)]
pub struct FibonacciNimArgs {
    /// Stones in the heap (a non-negative integer of any size).
    #[arg(value_name = "N", allow_negative_numbers = true, value_parser = crate::args::heap)]
    pub n: BigUint,

    /// Mid-game: the previous move took M stones (so at most 2M may be taken now).
    #[arg(long, value_name = "M", allow_negative_numbers = true, value_parser = crate::args::heap)]
    pub last_take: Option<BigUint>,
}

/// Runs `onag fibonacci-nim`.
pub fn run(ctx: &Context, args: FibonacciNimArgs) -> anyhow::Result<ExitCode> {
    let sol = fibonacci_nim::solve(&args.n, args.last_take.as_ref())?;
    if ctx.json() {
        return render::json(&sol);
    }
    let mut out = render::Output::new();
    let terms: Vec<String> = sol.zeckendorf.iter().map(ToString::to_string).collect();
    let terms = if terms.is_empty() { "0 (empty)".to_string() } else { terms.join(" + ") };
    out.line(format_args!("{} = {terms}", sol.n))?;
    out.line(format_args!("may take at most: {}", sol.max_take))?;
    out.line(format_args!("outcome: {}", render::outcome_words(sol.outcome)))?;
    out.moves_heading(sol.winning_moves.is_empty())?;
    for m in &sol.winning_moves {
        out.line(format_args!("  take {}, leaving {}", m.take, m.to))?;
    }
    out.finish()
}

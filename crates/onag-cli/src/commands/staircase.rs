//! `onag staircase`: staircase Nim, valued as Nim on the odd steps, with every
//! winning move ("move c coins from step i to step i−1").

use std::process::ExitCode;

use clap::Args;
use onag::impartial::classic::staircase;
use onag::number::BigUint;

use crate::commands::Context;
use crate::render;

/// Arguments of `onag staircase`.
#[derive(Debug, Args)]
#[command(after_help = "Examples:\n  onag staircase 3 1 4 1 5\n  onag staircase 3 1 4 1 5 --json")]
pub struct StaircaseArgs {
    /// Coins on steps 1, 2, 3, ... (non-negative integers of any size).
    #[arg(required = true, value_name = "COINS", allow_negative_numbers = true, value_parser = crate::args::heap)]
    pub steps: Vec<BigUint>,
}

/// Runs `onag staircase`.
pub fn run(ctx: &Context, args: StaircaseArgs) -> anyhow::Result<ExitCode> {
    let sol = staircase::solve(&args.steps);
    if ctx.json() {
        return render::json(&sol);
    }
    let mut out = render::Output::new();
    out.line(format_args!("value (nim-sum of the odd steps): {}", sol.value))?;
    out.line(format_args!("outcome: {}", render::outcome_words(sol.outcome)))?;
    out.moves_heading(sol.winning_moves.is_empty())?;
    for m in &sol.winning_moves {
        let to = if m.to_step == 0 {
            "off the staircase".to_string()
        } else {
            format!("to step {}", m.to_step)
        };
        out.line(format_args!(
            "  move {} from step {} {to}",
            render::plural(&m.coins, "coin"),
            m.from_step
        ))?;
    }
    out.finish()
}

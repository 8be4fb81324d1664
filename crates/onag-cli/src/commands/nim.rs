//! `onag nim`: Nim positions, their nim-sum, outcome and winning moves.

use std::process::ExitCode;

use clap::Args;
use onag::impartial::Outcome;
use onag::impartial::classic::nim;
use onag::number::BigUint;
use serde::Serialize;

use crate::commands::Context;
use crate::render;

/// Arguments of `onag nim`.
#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  onag nim 13 12 8\n  onag nim 13 12 8 --json\n  onag nim --misere 1 1 2"
)]
pub struct NimArgs {
    /// Heap sizes (non-negative integers of any size: digits, or a power like 2^64).
    #[arg(required = true, value_name = "HEAP", allow_negative_numbers = true, value_parser = parse_heap)]
    pub heaps: Vec<BigUint>,

    /// Misère play: whoever takes the last stone loses.
    #[arg(long)]
    pub misere: bool,
}

/// The `--json` answer in misère play: the solution with `"play": "misere"`
/// first, as `onag graph --misere` writes it (normal play keeps its keys).
#[derive(Serialize)]
struct Misere<'a, T: Serialize> {
    play: &'static str,
    #[serde(flatten)]
    solution: &'a T,
}

/// Parses a heap size: a non-negative integer of any size (see [`crate::args::heap`]).
pub fn parse_heap(text: &str) -> Result<BigUint, String> {
    crate::args::heap(text)
}

/// Runs `onag nim`.
pub fn run(ctx: &Context, args: NimArgs) -> anyhow::Result<ExitCode> {
    let solution =
        if args.misere { nim::solve_misere(&args.heaps) } else { nim::solve(&args.heaps) };
    if ctx.json() && args.misere {
        return render::json(&Misere { play: "misere", solution: &solution });
    }
    if ctx.json() {
        return render::json(&solution);
    }
    let mut out = render::Output::new();
    if args.misere {
        out.line(format_args!("play: misère (whoever takes the last stone loses)"))?;
    }
    out.line(format_args!("nim-sum: {}", solution.nim_sum))?;
    out.line(format_args!("outcome: {}", render::outcome_words(solution.outcome)))?;
    if solution.winning_moves.is_empty() && solution.outcome == Outcome::N {
        out.line(format_args!(
            "winning moves: none: no move is possible, and in misère play that wins"
        ))?;
    } else if solution.winning_moves.is_empty() {
        out.line(format_args!("winning moves: none (every move loses)"))?;
    } else {
        out.line(format_args!("winning moves:"))?;
        for m in &solution.winning_moves {
            out.line(format_args!("  heap {}: {} -> {}", m.heap, m.from, m.to))?;
        }
    }
    out.finish()
}

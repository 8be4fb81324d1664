//! `onag moore-nim`: Moore's Nim_k (take from up to k heaps at once), with a
//! constructed winning move; `--max-take r` for the Bash variant.

use std::process::ExitCode;

use anyhow::Context as _;
use clap::Args;
use onag::Location;
use onag::impartial::classic::moore_nim;
use onag::number::{BigUint, parse_natural};
use serde::Serialize;

use crate::commands::Context;
use crate::render;

/// Arguments of `onag moore-nim`.
#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  onag moore-nim --k 2 3 5 6\n  onag moore-nim --max-take 3 7 9 --json"
)]
pub struct MooreNimArgs {
    /// At most this many heaps per move (k ≥ 1; 1 when only --max-take is
    /// given).
    #[arg(long, value_name = "K", required_unless_present = "max_take", allow_negative_numbers = true, value_parser = crate::args::count)]
    pub k: Option<u64>,

    /// Bash variant: at most this many stones from each heap (k = 1 only).
    #[arg(long, value_name = "R", allow_negative_numbers = true, value_parser = crate::args::count)]
    pub max_take: Option<u64>,

    /// Heap sizes (non-negative integers of any size).
    #[arg(required_unless_present = "heaps_from", value_name = "HEAP", allow_negative_numbers = true, value_parser = crate::args::heap)]
    pub heaps: Vec<BigUint>,

    /// Read more heap sizes (separated by white space) from FILE, or `-` for
    /// standard input: for positions too large for the command line.
    #[arg(long, value_name = "FILE")]
    pub heaps_from: Option<String>,
}

/// Reads white-space separated heap sizes; errors name FILE:LINE:COL.
fn read_heaps(name: &str) -> anyhow::Result<Vec<BigUint>> {
    let text = if name == "-" {
        std::io::read_to_string(std::io::stdin()).context("cannot read standard input")?
    } else {
        std::fs::read_to_string(name).with_context(|| format!("cannot read {name}"))?
    };
    let source = if name == "-" { "<stdin>" } else { name };
    let mut heaps = Vec::new();
    for (l, line) in text.lines().enumerate() {
        // Columns count characters; track them as the scan advances.
        let mut column = 1;
        let mut chars = line.char_indices().peekable();
        while let Some(&(start, c)) = chars.peek() {
            if c.is_whitespace() {
                chars.next();
                column += 1;
                continue;
            }
            let token_column = column;
            let mut end = line.len();
            while let Some(&(i, c)) = chars.peek() {
                if c.is_whitespace() {
                    end = i;
                    break;
                }
                chars.next();
                column += 1;
            }
            let token = &line[start..end];
            let heap = parse_natural(token).map_err(|e| {
                onag::Error::syntax(
                    Location::new(l + 1, token_column).in_source(source),
                    e.message(),
                )
            })?;
            heaps.push(heap);
        }
    }
    Ok(heaps)
}

/// The JSON report: the solution and, with `--max-take`, the cap.
#[derive(Serialize)]
struct Report<'a> {
    #[serde(flatten)]
    solution: &'a moore_nim::NimKSolution,
    #[serde(skip_serializing_if = "Option::is_none")]
    max_take: Option<u64>,
}

/// Runs `onag moore-nim`.
pub fn run(ctx: &Context, args: MooreNimArgs) -> anyhow::Result<ExitCode> {
    let mut heaps = args.heaps;
    if let Some(name) = &args.heaps_from {
        heaps.extend(read_heaps(name)?);
    }
    // clap requires --k unless --max-take is given, which implies k = 1.
    let k = args.k.unwrap_or(1);
    let sol = match args.max_take {
        Some(r) => moore_nim::solve_bash(&heaps, k, r)?,
        None => moore_nim::solve(&heaps, k)?,
    };
    if ctx.json() {
        return render::json(&Report { solution: &sol, max_take: args.max_take });
    }
    let mut out = render::Output::new();
    out.line(format_args!("k: {}", sol.k))?;
    if let Some(r) = args.max_take {
        out.line(format_args!("at most {r} from a heap per move"))?;
    }
    out.line(format_args!("outcome: {}", render::outcome_words(sol.outcome)))?;
    match sol.winning_moves.first() {
        None => out.line(format_args!("winning move: none (every move loses)"))?,
        Some(m) => {
            out.line(format_args!("winning move ({}):", render::plural(m.changes.len(), "heap")))?;
            for c in &m.changes {
                out.line(format_args!("  heap {}: {} -> {}", c.heap, c.from, c.to))?;
            }
        }
    }
    out.finish()
}

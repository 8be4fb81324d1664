//! `onag wythoff`: Wythoff's game and extended Wythoff: a position's outcome and
//! every winning move, the P-positions (first N, or the i-th for huge i), and
//! the Grundy table by search.

use std::process::ExitCode;

use clap::Args;
use num_traits::ToPrimitive;
use onag::impartial::classic::wythoff;
use onag::number::{BigUint, serde_decimal};
use serde::Serialize;

use crate::commands::Context;
use crate::render;

/// Table cells computed when `--max-positions` is not given.
const DEFAULT_MAX_POSITIONS: u64 = 100_000_000;

/// Arguments of `onag wythoff`.
#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  onag wythoff 3 5\n  onag wythoff --p-positions 20\n  onag wythoff --index 10^30 --json\n  onag wythoff --k 1 4 9\n  onag wythoff --grundy 16"
)]
pub struct WythoffArgs {
    /// The two heap sizes (for Wythoff's game with both below 1024, the Grundy
    /// value is searched too).
    #[arg(value_name = "HEAP", num_args = 2, allow_negative_numbers = true, value_parser = crate::args::heap,
          required_unless_present_any = ["p_positions", "index", "grundy"],
          conflicts_with_all = ["p_positions", "index", "grundy"])]
    pub heaps: Vec<BigUint>,

    /// Extended Wythoff: both heaps may lose amounts differing by at most K.
    #[arg(long, value_name = "K", default_value_t = 0, allow_negative_numbers = true,
          value_parser = crate::args::count)]
    pub k: u64,

    /// List the first N P-positions (N >= 1), (0,0) first.
    #[arg(long, value_name = "N", conflicts_with_all = ["index", "grundy"],
          allow_negative_numbers = true, value_parser = crate::args::size)]
    pub p_positions: Option<u64>,

    /// The I-th P-position ((0,0) is the 0th), for I of any size (digits or a power like 10^30).
    #[arg(long, value_name = "I", allow_negative_numbers = true, value_parser = crate::args::heap, conflicts_with = "grundy")]
    pub index: Option<BigUint>,

    /// Print the Grundy values g(x, y) for x, y < N (N >= 1; Wythoff's game, k = 0) by search.
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = crate::args::size)]
    pub grundy: Option<u64>,
}

#[derive(Serialize)]
struct Index<'a> {
    k: u64,
    #[serde(serialize_with = "serde_decimal::serialize")]
    index: &'a BigUint,
    #[serde(serialize_with = "serde_decimal::serialize")]
    x: BigUint,
    #[serde(serialize_with = "serde_decimal::serialize")]
    y: BigUint,
}

/// Positions whose Grundy value is searched (both heaps below this).
const VALUE_SEARCH_SIDE: u64 = 1024;

#[derive(Serialize)]
struct Position<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    value: Option<u32>,
    #[serde(flatten)]
    solution: &'a wythoff::WythoffSolution,
}

#[derive(Serialize)]
struct PPositions {
    k: u64,
    p_positions: Vec<(u64, u64)>,
}

#[derive(Serialize)]
struct Grundy {
    n: u64,
    grundy: Vec<Vec<u32>>,
}

/// Runs `onag wythoff`.
pub fn run(ctx: &Context, args: WythoffArgs) -> anyhow::Result<ExitCode> {
    let k = args.k;
    let mut out = render::Output::new();
    if let Some(count) = args.p_positions {
        let (budget, _bar) = ctx.budget("Wythoff P-positions");
        let budget = if ctx.global.max_positions.is_none() {
            budget.with_max_positions(DEFAULT_MAX_POSITIONS)
        } else {
            budget
        };
        let list = wythoff::p_positions(count, k, &budget)?;
        if ctx.json() {
            return render::json(&PPositions { k, p_positions: list });
        }
        for (i, (x, y)) in list.iter().enumerate() {
            out.line(format_args!("{i}: ({x}, {y})"))?;
        }
        return out.finish();
    }
    if let Some(index) = &args.index {
        let p = wythoff::p_position(index, k)?;
        if ctx.json() {
            return render::json(&Index { k, index, x: p.x, y: p.y });
        }
        out.line(format_args!("P-position {index}: ({}, {})", p.x, p.y))?;
        return out.finish();
    }
    if let Some(n) = args.grundy {
        if k != 0 {
            anyhow::bail!("--grundy computes Wythoff's game only (k = 0)");
        }
        let (budget, _bar) = ctx.budget("Wythoff Grundy table");
        let budget = if ctx.global.max_positions.is_none() {
            budget.with_max_positions(DEFAULT_MAX_POSITIONS)
        } else {
            budget
        };
        let table = wythoff::grundy_table(n, &budget)?;
        let n_us = n as usize;
        if ctx.json() {
            let grundy = table.chunks(n_us).map(<[u32]>::to_vec).collect();
            return render::json(&Grundy { n, grundy });
        }
        let width = table.iter().max().map_or(1, |m| m.to_string().len());
        for row in table.chunks(n_us) {
            let cells: Vec<String> = row.iter().map(|g| format!("{g:>width$}")).collect();
            out.line(format_args!("{}", cells.join(" ")))?;
        }
        return out.finish();
    }
    let (a, b) = (&args.heaps[0], &args.heaps[1]);
    let sol = wythoff::solve(a, b, k)?;
    // The Grundy value has no closed form: search it for small positions.
    let value = match (k, a.to_u64(), b.to_u64()) {
        (0, Some(x), Some(y)) if x.max(y) < VALUE_SEARCH_SIDE => {
            let (budget, _bar) = ctx.budget("Wythoff Grundy value");
            Some(wythoff::grundy_value(x, y, &budget)?)
        }
        _ => None,
    };
    if ctx.json() {
        return render::json(&Position { value, solution: &sol });
    }
    if k > 0 {
        out.line(format_args!("extended Wythoff, k = {k}"))?;
    }
    if let Some(v) = value {
        out.line(format_args!("value (Grundy, by search): {v}"))?;
    }
    out.line(format_args!("outcome: {}", render::outcome_words(sol.outcome)))?;
    out.moves_heading(sol.winning_moves.is_empty())?;
    for m in &sol.winning_moves {
        out.line(format_args!(
            "  ({a}, {b}) -> ({}, {}) (take {} and {})",
            m.to.x, m.to.y, m.take.x, m.take.y
        ))?;
    }
    out.finish()
}

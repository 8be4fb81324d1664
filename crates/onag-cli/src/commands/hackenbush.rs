//! `onag hackenbush`: Green Hackenbush pictures, their value *n and winning cuts.

use std::process::ExitCode;

use anyhow::Context as _;
use clap::Args;
use onag::impartial::hackenbush::{
    Cut, CutSearch, Solution, parse_edge_list, parse_strings, solve,
};

use crate::commands::Context;
use crate::render;

/// Arguments of `onag hackenbush`.
#[derive(Debug, Args)]
#[command(after_help = "\
An edge-list FILE has one edge per line, 'A B' (any vertex names); the vertex G
is the ground; '#' starts a comment; 'A A' is a loop; a repeated line is a
second edge. Edges not connected to the ground are ignored. Several pieces
standing on G form a sum. '-' reads standard input.

A --string is CGSuite's notation for a green piece: 'e' is an edge on top of
the current vertex, '(a;b)' grows branches a and b from it. A cut in a string
is the edge at the column of its letter; its vertices are named by columns too
(G is the ground; string number '.' column when there are several strings), and
in --json its line is the string's number.

Examples:
  onag hackenbush examples/data/house.txt
  onag hackenbush examples/data/house.txt --all --json
  onag hackenbush --string 'e(ee;e)' --string eee")]
pub struct HackenbushArgs {
    /// Edge-list file ('-' for standard input).
    #[arg(value_name = "FILE", required_unless_present = "string", conflicts_with = "string")]
    pub file: Option<String>,

    /// A green piece in CGSuite string notation (repeat for a sum).
    #[arg(long, value_name = "STRING")]
    pub string: Vec<String>,

    /// List every winning cut, not just one.
    #[arg(long)]
    pub all: bool,
}

/// Runs `onag hackenbush`.
pub fn run(ctx: &Context, args: HackenbushArgs) -> anyhow::Result<ExitCode> {
    let (game, unit) = match &args.file {
        Some(path) => {
            let text = if path == "-" {
                std::io::read_to_string(std::io::stdin()).context("cannot read standard input")?
            } else {
                std::fs::read_to_string(path).with_context(|| format!("cannot read {path}"))?
            };
            let name = if path == "-" { "<stdin>" } else { path.as_str() };
            let game = parse_edge_list(&text).map_err(|e| located(e, name))?;
            (game, "line")
        }
        None => {
            let strings: Vec<&str> = args.string.iter().map(String::as_str).collect();
            let game = parse_strings(&strings).map_err(|e| located(e, "--string"))?;
            (game, "string")
        }
    };
    let (budget, _bar) = ctx.budget("solving Hackenbush");
    let search = if args.all { CutSearch::All } else { CutSearch::One };
    let solution = solve(&game, search, &budget)?;
    if ctx.json() {
        return render::json(&solution);
    }
    text(&solution, unit, args.all)
}

/// Names `source` in an error: in its location if it has one, else in front.
fn located(err: onag::Error, source: &str) -> anyhow::Error {
    if err.location().is_some() {
        anyhow::Error::new(err.in_source(source))
    } else {
        anyhow::anyhow!("{source}: {}", err.message())
    }
}

/// CGSuite's notation for a nimber: 0, *, *2, …
fn nimber(n: u64) -> String {
    match n {
        0 => "0".to_string(),
        1 => "*".to_string(),
        n => format!("*{n}"),
    }
}

/// One cut in words. A picture file's edge is its line and two vertices; a
/// string's edge is the column of its letter (its top vertex is named by that
/// column), with both vertices after it.
fn describe(cut: &Cut, unit: &str) -> String {
    let column = cut.to.rsplit('.').next().unwrap_or(&cut.to);
    if unit == "string" {
        format!("string {}, the edge at column {column} ({} to {})", cut.line, cut.from, cut.to)
    } else {
        format!("{unit} {}: {} {}", cut.line, cut.from, cut.to)
    }
}

fn text(solution: &Solution, unit: &str, all: bool) -> anyhow::Result<ExitCode> {
    let mut out = render::Output::new();
    out.line(format_args!("value: {}", nimber(solution.value)))?;
    out.line(format_args!("outcome: {}", render::outcome_words(solution.outcome)))?;
    if solution.floating_edges > 0 {
        out.line(format_args!(
            "ignored: {} edge(s) not connected to the ground",
            solution.floating_edges
        ))?;
    }
    match solution.winning_moves.as_slice() {
        [] => out.line(format_args!("winning cuts: none (every cut loses)"))?,
        [cut] if !all => out.line(format_args!("winning cut: {}", describe(cut, unit)))?,
        cuts => {
            out.line(format_args!("winning cuts ({}):", cuts.len()))?;
            for cut in cuts {
                out.line(format_args!("  {}", describe(cut, unit)))?;
            }
        }
    }
    out.finish()
}

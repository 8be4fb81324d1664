//! `onag every-sg`: Every-SG sums (each player moves in every component that
//! still has a move) of graph positions or of subtraction game heaps: each
//! component's step, the winner, and the move to make in every component.

use std::process::ExitCode;

use anyhow::{anyhow, bail};
use clap::Args;
use onag::impartial::Outcome;
use onag::impartial::graph::PositionId;
use onag::impartial::graph::every_sg::{
    SubtractionSet, outcome_of_step, steps, subtraction_best_move, subtraction_steps, sum_outcome,
};
use serde::Serialize;

use crate::commands::Context;
use crate::commands::graph::{GraphFormat, chosen_position, load_graphs, resolve};
use crate::render;

/// The largest heap tabulated without an explicit `--max-positions`.
const DEFAULT_MAX_HEAP: u64 = 100_000_000;

/// Arguments of `onag every-sg`.
#[derive(Debug, Args)]
#[command(after_help = concat!(
    "Each player moves in EVERY component that still has a move; the player who\n",
    "cannot move loses. The first player wins iff the largest step is odd.\n",
    "Step: 0 with no move; 1 + the largest even option step if there is one\n",
    "(the winner of a component makes it last), else 1 + the smallest option step.\n",
    "Graph files are read as by `onag graph` (see `onag graph --help`).\n\n",
    "Examples:\n",
    "  onag every-sg examples/data/game.txt --sum a b\n",
    "  onag every-sg --subtraction 1,2,3 5 7 9\n",
    "  onag every-sg --subtraction 1,2,3 5 7 9 --json\n\n",
    "--json keys: components ([{file, position, step, outcome, move}], or\n",
    "[{heap, step, outcome, move}] with --subtraction; move is {from, to} or null),\n",
    "largest_step, outcome, winner (\"first\"/\"second\"), winning_moves\n",
    "([{component, from, to}]: the moves in every component when the first player\n",
    "wins, else empty).",
))]
pub struct EverySgArgs {
    /// Graph files; with --subtraction, the heap sizes.
    #[arg(required = true, value_name = "FILE|HEAP", allow_negative_numbers = true)]
    pub inputs: Vec<String>,

    /// The components: positions NAME or FILE:NAME (give the FILEs first).
    /// Default: the start of the first file (or --position).
    #[arg(long, num_args = 1.., value_name = "POSITION")]
    pub sum: Vec<String>,

    /// One component: this position (NAME or FILE:NAME).
    #[arg(long, value_name = "NAME")]
    pub position: Option<String>,

    /// Heaps of the subtraction game with this set, e.g. 1,2,3.
    #[arg(long, value_name = "SET")]
    pub subtraction: Option<String>,

    /// The files' format (default: JSON for names ending in `.json`, text otherwise).
    #[arg(long, value_enum)]
    pub format: Option<GraphFormat>,
}

#[derive(Serialize)]
struct GraphMove<'a> {
    from: &'a str,
    to: &'a str,
}

#[derive(Serialize)]
struct GraphComponent<'a> {
    file: &'a str,
    position: &'a str,
    step: u64,
    outcome: Outcome,
    #[serde(rename = "move")]
    best_move: Option<GraphMove<'a>>,
}

#[derive(Serialize)]
struct HeapMove {
    from: u64,
    to: u64,
}

#[derive(Serialize)]
struct HeapComponent {
    heap: u64,
    step: u64,
    outcome: Outcome,
    #[serde(rename = "move")]
    best_move: Option<HeapMove>,
}

#[derive(Serialize)]
struct WinningMove<M> {
    component: usize,
    #[serde(flatten)]
    to: M,
}

#[derive(Serialize)]
struct Report<C, M> {
    components: Vec<C>,
    largest_step: u64,
    outcome: Outcome,
    winner: &'static str,
    winning_moves: Vec<WinningMove<M>>,
}

fn winner(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::N => "first",
        Outcome::P => "second",
    }
}

/// Parses a subtraction set like `1,2,3`.
fn parse_set(text: &str) -> anyhow::Result<SubtractionSet> {
    let mut members = Vec::new();
    for part in text.split(',') {
        let part = part.trim();
        let n = crate::args::count(part).map_err(|e| {
            // Zero is refused below; a word or nothing is "not a positive integer".
            let e =
                if e.contains("non-negative integer") { "is not a positive integer" } else { &e };
            anyhow!("--subtraction {text}: `{part}` {e}")
        })?;
        members.push(n);
    }
    SubtractionSet::new(&members).map_err(|e| anyhow!("--subtraction {text}: {}", e.message()))
}

/// Runs `onag every-sg`.
pub fn run(ctx: &Context, args: EverySgArgs) -> anyhow::Result<ExitCode> {
    match &args.subtraction {
        Some(set) => run_heaps(ctx, &args, set),
        None => run_graphs(ctx, &args),
    }
}

fn run_heaps(ctx: &Context, args: &EverySgArgs, set: &str) -> anyhow::Result<ExitCode> {
    if !args.sum.is_empty() || args.position.is_some() || args.format.is_some() {
        bail!("--subtraction takes heap sizes, not --sum, --position or --format");
    }
    let set = parse_set(set)?;
    let mut heaps = Vec::with_capacity(args.inputs.len());
    for h in &args.inputs {
        let heap = crate::args::count(h).map_err(|e| anyhow!("HEAP `{h}` {e}"))?;
        heaps.push(heap);
    }
    let upto = heaps.iter().copied().max().unwrap_or(0);
    if upto > DEFAULT_MAX_HEAP && ctx.global.max_positions.is_none() {
        bail!(
            "HEAP {upto}: the steps of all heaps up to it need a table of {} entries \
             ({} bytes); allow it with --max-positions",
            u128::from(upto) + 1,
            (u128::from(upto) + 1) * 8
        );
    }
    let (budget, _bar) = ctx.budget("Every-SG steps");
    let table = subtraction_steps(&set, upto, &budget)?;
    let components: Vec<HeapComponent> = heaps
        .iter()
        .map(|&heap| {
            let step = table[heap as usize];
            HeapComponent {
                heap,
                step,
                outcome: outcome_of_step(step),
                best_move: subtraction_best_move(&set, &table, heap)
                    .map(|to| HeapMove { from: heap, to }),
            }
        })
        .collect();
    let (largest_step, outcome) = sum_outcome(components.iter().map(|c| c.step));
    let winning_moves = winning(outcome, &components, |c| {
        c.best_move.as_ref().map(|m| HeapMove { from: m.from, to: m.to })
    });
    let report =
        Report { components, largest_step, outcome, winner: winner(outcome), winning_moves };
    if ctx.json() {
        return render::json(&report);
    }
    let members: Vec<String> = set.members().iter().map(u64::to_string).collect();
    let mut out = render::Output::new();
    out.line(format_args!(
        "Every-SG sum of subtraction game heaps, S = {{{}}}",
        members.join(", ")
    ))?;
    for (k, c) in report.components.iter().enumerate() {
        let m = match &c.best_move {
            Some(m) => format!("{} -> {}", m.from, m.to),
            None => "none (no moves)".to_string(),
        };
        out.line(format_args!(
            "  component {k}: heap {} step {} {}  move: {m}",
            c.heap, c.step, c.outcome
        ))?;
    }
    write_verdict(&mut out, largest_step, outcome)?;
    out.finish()
}

fn run_graphs(ctx: &Context, args: &EverySgArgs) -> anyhow::Result<ExitCode> {
    let graphs = load_graphs(ctx, &args.inputs, args.format)?;
    for g in &graphs {
        g.graph.reject_tags("onag every-sg")?;
    }
    if args.position.is_some() && !args.sum.is_empty() {
        bail!("--position with --sum: the sum's components are its positions");
    }
    let (budget, _bar) = ctx.budget("Every-SG steps");
    let mut all_steps = Vec::with_capacity(graphs.len());
    for g in &graphs {
        all_steps.push(steps(&g.graph, &budget)?);
    }
    let parts: Vec<(usize, PositionId)> = if args.sum.is_empty() {
        vec![chosen_position(args.position.as_deref(), &graphs)?]
    } else {
        args.sum.iter().map(|s| resolve(s, &graphs, "--sum")).collect::<anyhow::Result<_>>()?
    };
    let components: Vec<GraphComponent<'_>> = parts
        .iter()
        .map(|&(i, p)| {
            let (graph, s) = (&graphs[i].graph, &all_steps[i]);
            GraphComponent {
                file: &graphs[i].file,
                position: graph.name(p),
                step: s.step(p),
                outcome: s.outcome(p),
                best_move: s
                    .best_move(graph, p)
                    .map(|q| GraphMove { from: graph.name(p), to: graph.name(q) }),
            }
        })
        .collect();
    let (largest_step, outcome) = sum_outcome(components.iter().map(|c| c.step));
    let winning_moves = winning(outcome, &components, |c| {
        c.best_move.as_ref().map(|m| GraphMove { from: m.from, to: m.to })
    });
    let report =
        Report { components, largest_step, outcome, winner: winner(outcome), winning_moves };
    if ctx.json() {
        return render::json(&report);
    }
    let mut out = render::Output::new();
    for (k, c) in report.components.iter().enumerate() {
        let m = match &c.best_move {
            Some(m) => format!("{} -> {}", m.from, m.to),
            None => "none (no moves)".to_string(),
        };
        out.line(format_args!(
            "component {k}: {} ({}) step {} {}  move: {m}",
            c.position, c.file, c.step, c.outcome
        ))?;
    }
    write_verdict(&mut out, largest_step, outcome)?;
    out.finish()
}

/// The moves in every component, when the first player wins; none otherwise.
fn winning<C, M>(
    outcome: Outcome,
    components: &[C],
    best: impl Fn(&C) -> Option<M>,
) -> Vec<WinningMove<M>> {
    if outcome == Outcome::P {
        return Vec::new();
    }
    components
        .iter()
        .enumerate()
        .filter_map(|(component, c)| best(c).map(|to| WinningMove { component, to }))
        .collect()
}

fn write_verdict(out: &mut render::Output, largest: u64, outcome: Outcome) -> anyhow::Result<()> {
    let parity = if largest % 2 == 1 { "odd" } else { "even" };
    out.line(format_args!(
        "largest step: {largest} ({parity}): the {} player wins",
        winner(outcome)
    ))?;
    out.line(format_args!("outcome: {}", render::outcome_words(outcome)))
}

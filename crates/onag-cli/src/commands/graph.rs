//! `onag graph`: Grundy values, outcomes and winning moves on game graph files,
//! sums of positions across files, and misère play.
//!
//! Also home of the graph file loading and position naming (`NAME` or
//! `FILE:NAME`) that `onag every-sg` shares.

use std::io::Read;
use std::process::ExitCode;

use anyhow::{Context as _, anyhow, bail};
use clap::{Args, ValueEnum};
use onag::impartial::Outcome;
use onag::impartial::graph::misere::misere_values;
use onag::impartial::graph::solve::grundy_values;
use onag::impartial::graph::sum::{Component, solve_sum};
use onag::impartial::graph::{GameGraph, PositionId, parse_json_within, parse_text_within};
use serde::Serialize;

use crate::commands::Context;
use crate::render;

const GRAPH_HELP: &str = "\
Examples:
  onag graph examples/data/game.txt
  onag graph examples/data/game.txt --position b --json
  onag graph examples/data/game.txt examples/data/other.json --sum a examples/data/other.json:x x
  onag graph examples/data/game.txt --misere
  onag graph examples/data/loops.txt --loopy

Graph files:
  Text: one position per line, `name: succ succ ...`; the first position is the
  start; `#` starts a comment; a position with no moves is written `name:`, and
  every successor needs its own line. Names are runs of characters other than
  spaces, ':', '#', '[' and ']'.
      start: a b    # two moves
      a: end
      b: a end
      end:
  JSON (files ending in .json, or --format json):
      {\"start\": \"start\", \"positions\": [{\"name\": \"start\", \"moves\": [\"a\", \"b\"]},
       {\"name\": \"a\", \"moves\": [\"end\"]}, ...]}
  (\"start\" is optional: default the first position; \"moves\" may be omitted.)
  `-` reads the graph from standard input.

Positions in --position and --sum are NAME when only one FILE has it, or
FILE:NAME (the FILE exactly as given).

--json keys: position, grundy, outcome (\"P\"/\"N\"), winning_moves (names),
positions ([{name, grundy, outcome}], with file when there are several FILEs);
with --sum: components ([{file, position, grundy, outcome}]), grundy, outcome,
winning_moves ([{component, file, from, to}]), positions; with --misere: play
(\"misere\"), position, value (sg⁻), outcome, winning_moves, positions
([{name, value, outcome}]); with --loopy: play (\"loopy\"), position, value
({\"finite\": n} or {\"infinite\": [K]}), text (\"∞(0,2)\"), outcome (\"P\"/\"N\"/\"D\"),
winning_moves and drawing_moves ([{from, to}], with component and file in sums),
positions ([{name, value, text, outcome}]).";

/// The format of a graph file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum GraphFormat {
    /// `name: succ succ ...` lines.
    Text,
    /// `{"positions": [{"name": ..., "moves": [...]}, ...]}`.
    Json,
}

/// Arguments of `onag graph`.
#[derive(Debug, Args)]
#[command(after_help = GRAPH_HELP)]
pub struct GraphArgs {
    /// Graph files (text, or JSON when the name ends in `.json`; `-` is standard input).
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<String>,

    /// Solve from this position instead of the first file's start (NAME or FILE:NAME).
    #[arg(long, value_name = "NAME")]
    pub position: Option<String>,

    /// Value the disjunctive sum of these positions (NAME or FILE:NAME each;
    /// give the FILEs before --sum).
    #[arg(long, num_args = 1.., value_name = "POSITION")]
    pub sum: Vec<String>,

    /// Misère play: the player who makes the last move loses (values sg⁻ by search).
    #[arg(long)]
    pub misere: bool,

    /// Loopy play: generalised Sprague–Grundy values for graphs with cycles
    /// (a number, or ∞(K) with K the finite values of the moves; see `onag retro`).
    #[arg(long, conflicts_with = "misere")]
    pub loopy: bool,

    /// The files' format (default: JSON for names ending in `.json`, text otherwise).
    #[arg(long, value_enum)]
    pub format: Option<GraphFormat>,
}

/// A graph read from a file named on the command line.
pub struct LoadedGraph {
    /// The file name as given.
    pub file: String,
    /// The graph.
    pub graph: GameGraph,
}

/// Reads and parses every file.
pub fn load_graphs(
    ctx: &Context,
    files: &[String],
    format: Option<GraphFormat>,
) -> anyhow::Result<Vec<LoadedGraph>> {
    let (budget, _bar) = ctx.budget("reading graph");
    let mut graphs = Vec::with_capacity(files.len());
    for file in files {
        let text = if file == "-" {
            let mut text = String::new();
            std::io::stdin().read_to_string(&mut text).context("cannot read standard input")?;
            text
        } else {
            std::fs::read_to_string(file).with_context(|| format!("cannot read {file}"))?
        };
        // A byte order mark is not part of the first name.
        let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
        let source = if file == "-" { "<stdin>" } else { file.as_str() };
        let json = match format {
            Some(f) => f == GraphFormat::Json,
            None => file.to_ascii_lowercase().ends_with(".json"),
        };
        let graph = if json {
            parse_json_within(text, source, &budget)?
        } else {
            parse_text_within(text, source, &budget)?
        };
        graphs.push(LoadedGraph { file: file.clone(), graph });
    }
    Ok(graphs)
}

/// Finds the position `spec` (NAME or FILE:NAME) among `graphs`; `option`
/// names the command-line option in errors. Returns (graph index, position).
pub fn resolve(
    spec: &str,
    graphs: &[LoadedGraph],
    option: &str,
) -> anyhow::Result<(usize, PositionId)> {
    if let Some((file, name)) = spec.rsplit_once(':') {
        let Some(i) = graphs.iter().position(|g| g.file == file) else {
            bail!("{option} {spec}: `{file}` is not one of the FILE arguments");
        };
        let p = graphs[i]
            .graph
            .find(name)
            .ok_or_else(|| anyhow!("{option} {spec}: no position `{name}` in {file}"))?;
        return Ok((i, p));
    }
    let found: Vec<(usize, PositionId)> =
        graphs.iter().enumerate().filter_map(|(i, g)| g.graph.find(spec).map(|p| (i, p))).collect();
    match found.as_slice() {
        [one] => Ok(*one),
        [] => {
            let files: Vec<&str> = graphs.iter().map(|g| g.file.as_str()).collect();
            bail!("{option} {spec}: no position `{spec}` in {}", files.join(", "))
        }
        several => {
            let files: Vec<&str> = several.iter().map(|&(i, _)| graphs[i].file.as_str()).collect();
            bail!(
                "{option} {spec}: position `{spec}` is in several files ({}): write FILE:{spec}",
                files.join(", ")
            )
        }
    }
}

/// The position to solve from: `--position`, or the first file's start.
pub fn chosen_position(
    position: Option<&str>,
    graphs: &[LoadedGraph],
) -> anyhow::Result<(usize, PositionId)> {
    match position {
        Some(spec) => resolve(spec, graphs, "--position"),
        None => Ok((0, graphs[0].graph.start())),
    }
}

#[derive(Serialize)]
struct PositionReport<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    file: Option<&'a str>,
    name: &'a str,
    grundy: u64,
    outcome: Outcome,
}

#[derive(Serialize)]
struct GraphReport<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    file: Option<&'a str>,
    position: &'a str,
    grundy: u64,
    outcome: Outcome,
    winning_moves: Vec<&'a str>,
    positions: Vec<PositionReport<'a>>,
}

#[derive(Serialize)]
struct ComponentReport<'a> {
    file: &'a str,
    position: &'a str,
    grundy: u64,
    outcome: Outcome,
}

#[derive(Serialize)]
struct SumMoveReport<'a> {
    component: usize,
    file: &'a str,
    from: &'a str,
    to: &'a str,
}

#[derive(Serialize)]
struct SumReport<'a> {
    components: Vec<ComponentReport<'a>>,
    grundy: u64,
    outcome: Outcome,
    winning_moves: Vec<SumMoveReport<'a>>,
    positions: Vec<PositionReport<'a>>,
}

#[derive(Serialize)]
struct MiserePositionReport<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    file: Option<&'a str>,
    name: &'a str,
    value: u64,
    outcome: Outcome,
}

#[derive(Serialize)]
struct MisereReport<'a> {
    play: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    file: Option<&'a str>,
    position: &'a str,
    value: u64,
    outcome: Outcome,
    winning_moves: Vec<&'a str>,
    positions: Vec<MiserePositionReport<'a>>,
}

/// Adds to a cycle error the option that does value games with cycles.
fn suggest_loopy(err: onag::Error) -> onag::Error {
    if err.kind() != onag::ErrorKind::Cycle {
        return err;
    }
    let hinted = onag::Error::new(
        onag::ErrorKind::Cycle,
        format!("{}; to value a game with cycles, add --loopy", err.message()),
    );
    match err.location() {
        Some(location) => hinted.at(location.clone()),
        None => hinted,
    }
}

/// Runs `onag graph`.
pub fn run(ctx: &Context, args: GraphArgs) -> anyhow::Result<ExitCode> {
    let graphs = load_graphs(ctx, &args.files, args.format)?;
    for g in &graphs {
        g.graph.reject_tags("onag graph")?;
    }
    if args.loopy {
        return super::graph_loopy::run(ctx, &graphs, args.position.as_deref(), &args.sum);
    }
    if args.misere {
        if !args.sum.is_empty() {
            bail!(
                "--misere with --sum: a misère sum is not valued by its parts' values; \
                 write the sum as one graph"
            );
        }
        return run_misere(ctx, &args, &graphs);
    }
    if args.position.is_some() && !args.sum.is_empty() {
        bail!("--position with --sum: the sum's components are its positions");
    }
    let (budget, _bar) = ctx.budget("solving graph");
    let mut values = Vec::with_capacity(graphs.len());
    for g in &graphs {
        values.push(grundy_values(&g.graph, &budget).map_err(suggest_loopy)?);
    }
    let several = graphs.len() > 1;
    let file_of = |i: usize| several.then_some(graphs[i].file.as_str());
    let (values_ref, file_of_ref) = (&values, &file_of);
    let positions = || {
        graphs.iter().enumerate().flat_map(move |(i, g)| {
            let v = &values_ref[i];
            let file_of = file_of_ref;
            g.graph.positions().map(move |p| PositionReport {
                file: file_of(i),
                name: g.graph.name(p),
                grundy: v.grundy(p),
                outcome: v.outcome(p),
            })
        })
    };
    if !args.sum.is_empty() {
        let mut parts = Vec::with_capacity(args.sum.len());
        for spec in &args.sum {
            parts.push(resolve(spec, &graphs, "--sum")?);
        }
        let components: Vec<Component<'_>> = parts
            .iter()
            .map(|&(i, p)| Component { graph: &graphs[i].graph, values: &values[i], position: p })
            .collect();
        let solution = solve_sum(&components);
        let report = SumReport {
            components: parts
                .iter()
                .map(|&(i, p)| ComponentReport {
                    file: &graphs[i].file,
                    position: graphs[i].graph.name(p),
                    grundy: values[i].grundy(p),
                    outcome: values[i].outcome(p),
                })
                .collect(),
            grundy: solution.grundy,
            outcome: solution.outcome,
            winning_moves: solution
                .winning_moves
                .iter()
                .map(|m| {
                    let (i, p) = parts[m.component];
                    SumMoveReport {
                        component: m.component,
                        file: &graphs[i].file,
                        from: graphs[i].graph.name(p),
                        to: graphs[i].graph.name(m.to),
                    }
                })
                .collect(),
            positions: Vec::new(),
        };
        if ctx.json() {
            return render::json(&SumReport { positions: positions().collect(), ..report });
        }
        let mut out = render::Output::new();
        let names: Vec<&str> = report.components.iter().map(|c| c.position).collect();
        out.line(format_args!("sum: {}", names.join(" + ")))?;
        for (k, c) in report.components.iter().enumerate() {
            out.line(format_args!(
                "  component {k}: {} ({}) grundy {}",
                c.position, c.file, c.grundy
            ))?;
        }
        out.line(format_args!("grundy: {}", report.grundy))?;
        out.line(format_args!("outcome: {}", render::outcome_words(report.outcome)))?;
        out.moves_heading(report.winning_moves.is_empty())?;
        for m in &report.winning_moves {
            out.line(format_args!("  component {}: {} -> {}", m.component, m.from, m.to))?;
        }
        write_positions(&mut out, positions().map(|p| (p.file, p.name, p.grundy, p.outcome)))?;
        return out.finish();
    }
    let (i, p) = chosen_position(args.position.as_deref(), &graphs)?;
    let graph = &graphs[i].graph;
    let winning: Vec<&str> =
        values[i].winning_moves(graph, p).iter().map(|&q| graph.name(q)).collect();
    if ctx.json() {
        return render::json(&GraphReport {
            file: file_of(i),
            position: graph.name(p),
            grundy: values[i].grundy(p),
            outcome: values[i].outcome(p),
            winning_moves: winning,
            positions: positions().collect(),
        });
    }
    let mut out = render::Output::new();
    out.line(format_args!("position: {}", graph.name(p)))?;
    out.line(format_args!("grundy: {}", values[i].grundy(p)))?;
    out.line(format_args!("outcome: {}", render::outcome_words(values[i].outcome(p))))?;
    write_moves(&mut out, &winning)?;
    write_positions(&mut out, positions().map(|p| (p.file, p.name, p.grundy, p.outcome)))?;
    out.finish()
}

fn run_misere(ctx: &Context, args: &GraphArgs, graphs: &[LoadedGraph]) -> anyhow::Result<ExitCode> {
    let (budget, _bar) = ctx.budget("solving graph (misère)");
    let mut values = Vec::with_capacity(graphs.len());
    for g in graphs {
        values.push(misere_values(&g.graph, &budget)?);
    }
    let several = graphs.len() > 1;
    let file_of = |i: usize| several.then_some(graphs[i].file.as_str());
    let (i, p) = chosen_position(args.position.as_deref(), graphs)?;
    let graph = &graphs[i].graph;
    let winning: Vec<&str> =
        values[i].winning_moves(graph, p).iter().map(|&q| graph.name(q)).collect();
    let (values_ref, file_of_ref) = (&values, &file_of);
    let positions = || {
        graphs.iter().enumerate().flat_map(move |(k, g)| {
            let v = &values_ref[k];
            let file_of = file_of_ref;
            g.graph.positions().map(move |q| MiserePositionReport {
                file: file_of(k),
                name: g.graph.name(q),
                value: v.value(q),
                outcome: v.outcome(q),
            })
        })
    };
    if ctx.json() {
        return render::json(&MisereReport {
            play: "misere",
            file: file_of(i),
            position: graph.name(p),
            value: values[i].value(p),
            outcome: values[i].outcome(p),
            winning_moves: winning,
            positions: positions().collect(),
        });
    }
    let mut out = render::Output::new();
    out.line(format_args!("play: misère (the player who makes the last move loses)"))?;
    out.line(format_args!("position: {}", graph.name(p)))?;
    out.line(format_args!("misère value sg⁻: {}", values[i].value(p)))?;
    out.line(format_args!("outcome: {}", render::outcome_words(values[i].outcome(p))))?;
    write_moves(&mut out, &winning)?;
    write_positions(&mut out, positions().map(|q| (q.file, q.name, q.value, q.outcome)))?;
    out.finish()
}

fn write_moves(out: &mut render::Output, winning: &[&str]) -> anyhow::Result<()> {
    if winning.is_empty() {
        out.line(format_args!("winning moves: none (every move loses)"))
    } else {
        out.line(format_args!("winning moves: {}", winning.join(", ")))
    }
}

/// Writes the table of every position: name, value, outcome.
fn write_positions<'a>(
    out: &mut render::Output,
    rows: impl Iterator<Item = (Option<&'a str>, &'a str, u64, Outcome)> + Clone,
) -> anyhow::Result<()> {
    let width = rows
        .clone()
        .map(|(f, n, _, _)| f.map_or(0, |f| f.chars().count() + 1) + n.chars().count())
        .max()
        .unwrap_or(0);
    out.line(format_args!("positions:"))?;
    for (file, name, value, outcome) in rows {
        let label = match file {
            Some(f) => format!("{f}:{name}"),
            None => name.to_string(),
        };
        let label = render::pad(&label, width, render::Align::Left);
        out.line(format_args!("  {label}  {value:>3}  {outcome}"))?;
    }
    Ok(())
}

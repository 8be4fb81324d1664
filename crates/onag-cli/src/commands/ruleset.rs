//! `onag <ruleset> POSITION...` for every ruleset of the catalog
//! (`onag domineering '....|....'`), and `onag rulesets`, which lists them.
//!
//! The subcommands are made from [`onag::ruleset::catalog`] at start-up, so a
//! ruleset added to the catalog is on the command line with nothing else to
//! change. They are hidden from `onag --help` (which stays one screen) and
//! listed by `onag rulesets`. Several positions are a disjunctive sum; a
//! winning move is a move in one of them after which the mover wins moving
//! second. `--table RxC` values every rectangle up to that size.

use std::process::ExitCode;
use std::sync::OnceLock;
use std::time::Instant;

use clap::{ArgMatches, Args, Command, FromArgMatches, Subcommand};
use onag::game::{Arena, GameId, PartizanOutcome};
use onag::ruleset::analysis::analyse;
use onag::ruleset::catalog::{self, Arg, Ruleset};
use onag::ruleset::outcome::{FirstMover, OutcomeSearch, Solution};
use onag::ruleset::{AnyPosition, Solvers};
use serde::Serialize;

use crate::commands::Context;
use crate::render;

/// A ruleset subcommand: which ruleset, and its arguments.
#[derive(Debug)]
pub struct RulesetCommand {
    /// The ruleset named on the command line.
    pub ruleset: &'static Ruleset,
    /// Its arguments.
    pub args: RulesetArgs,
}

/// Arguments every ruleset subcommand takes.
#[derive(Debug, Args)]
pub struct RulesetArgs {
    /// Positions as CGSuite writes them (several are a sum).
    #[arg(value_name = "POSITION", required_unless_present = "table")]
    pub positions: Vec<String>,

    /// A parameter of the ruleset, NAME=VALUE (repeat for several; `onag
    /// rulesets` lists them).
    #[arg(long = "param", value_name = "NAME=VALUE")]
    pub params: Vec<String>,

    /// Value every rectangle from 1×1 up to ROWSxCOLUMNS (e.g. 6x6), with the
    /// time and memory of each on stderr.
    #[arg(long, value_name = "ROWSxCOLUMNS", conflicts_with = "positions")]
    pub table: Option<String>,

    /// Who wins, by search, without the canonical form: for boards too
    /// large to value. Prints the outcome and a winning first move for each
    /// player who has one.
    #[arg(long, conflicts_with = "table")]
    pub outcome: bool,
}

/// Arguments of `onag rulesets`.
#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  onag rulesets\n  onag rulesets --json\n  onag domineering '....|....'"
)]
pub struct ListArgs {}

impl FromArgMatches for RulesetCommand {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        let Some((name, sub)) = matches.subcommand() else {
            return Err(clap::Error::new(clap::error::ErrorKind::MissingSubcommand));
        };
        let Some(ruleset) = catalog::find(name) else {
            return Err(clap::Error::raw(
                clap::error::ErrorKind::InvalidSubcommand,
                format!("no ruleset is called '{name}'"),
            ));
        };
        Ok(RulesetCommand { ruleset, args: RulesetArgs::from_arg_matches(sub)? })
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(matches)?;
        Ok(())
    }
}

/// The `--param` arguments an example needs (those without a default).
fn example_params(r: &Ruleset) -> String {
    r.params
        .iter()
        .filter(|p| p.default.is_none())
        .map(|p| format!(" --param '{}={}'", p.name, p.example))
        .collect()
}

/// A command line that values the ruleset's example position. `onag
/// hackenbush` reads graph files, so its positions are given with
/// `--string`.
fn example(r: &Ruleset) -> String {
    let dashes = if r.example.starts_with('-') { " --" } else { "" };
    let string = if r.command() == "hackenbush" { " --string" } else { "" };
    format!("onag {}{}{string}{dashes} '{}'", r.command(), example_params(r), r.example)
}

/// The help text after a ruleset's options.
fn after_help(r: &Ruleset) -> String {
    let mut s = String::new();
    if !r.params.is_empty() {
        s.push_str("Parameters (--param NAME=VALUE):\n");
        for p in r.params {
            let default = p.default.map(|d| format!(" (default {d})")).unwrap_or_default();
            s.push_str(&format!("  {}: {}{default}\n", p.name, p.about));
        }
        s.push('\n');
    }
    s.push_str(&format!(
        "In the calculator: {}(...) (see `onag eval` and the README's calculator section).\n\nExamples:\n  {}\n  {}\n",
        r.path(),
        example(r),
        example(r).replacen(
            &format!("onag {}", r.command()),
            &format!("onag {} --json", r.command()),
            1
        ),
    ));
    if r.rectangle.is_some() {
        s.push_str(&format!("  onag {}{} --table 4x4\n", r.command(), example_params(r)));
    }
    s
}

impl Subcommand for RulesetCommand {
    fn augment_subcommands(mut cmd: Command) -> Command {
        for r in catalog::rulesets() {
            let name = r.command();
            // A subcommand of its own (with more to say) keeps its name.
            if cmd.find_subcommand(&name).is_some() {
                continue;
            }
            // The arguments first: their doc comment would replace `about`.
            // Also called by its CGSuite name, as written and in lower case
            // (`NoGo`, `nogo`; `ToadsAndFrogs`, `toadsandfrogs`).
            let lower = r.name.to_ascii_lowercase();
            let mut sub = RulesetArgs::augment_args(Command::new(name.clone()))
                .about(format!("{}: {}", r.name, r.about))
                .after_help(after_help(r))
                .alias(r.name)
                .hide(true);
            if lower != name {
                sub = sub.alias(lower);
            }
            cmd = cmd.subcommand(sub);
        }
        cmd
    }

    fn augment_subcommands_for_update(cmd: Command) -> Command {
        Self::augment_subcommands(cmd)
    }

    fn has_subcommand(name: &str) -> bool {
        // clap asks a flattened group first, so a ruleset whose name is taken
        // by a subcommand of its own (`hackenbush`) must answer no here: the
        // ruleset subcommands are exactly the hidden ones.
        static OURS: OnceLock<Vec<String>> = OnceLock::new();
        let ours = OURS.get_or_init(|| {
            let cli = <crate::cli::Cli as clap::CommandFactory>::command();
            cli.get_subcommands()
                .filter(|c| c.is_hide_set())
                .flat_map(|c| std::iter::once(c.get_name()).chain(c.get_all_aliases()))
                .map(str::to_string)
                .collect()
        });
        ours.iter().any(|n| n == name)
    }
}

/// One winning move, for `--json`.
#[derive(Serialize)]
struct MoveJson {
    /// The component moved in (1-based), when there are several.
    component: usize,
    /// That component after the move, as written.
    position: String,
    /// The value of the whole sum after the move.
    value: String,
}

/// The answer for a sum of positions, for `--json`.
#[derive(Serialize)]
struct Report {
    ruleset: String,
    positions: Vec<String>,
    value: String,
    outcome: PartizanOutcome,
    mean: String,
    temperature: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    nim_value: Option<u64>,
    left_winning_moves: Vec<MoveJson>,
    right_winning_moves: Vec<MoveJson>,
}

/// Reads `--param NAME=VALUE` arguments into the ruleset's parameters.
fn params(r: &Ruleset, given: &[String]) -> anyhow::Result<catalog::Params> {
    let mut named = Vec::new();
    for text in given {
        let Some((name, value)) = text.split_once('=') else {
            anyhow::bail!("--param {text}: expected NAME=VALUE");
        };
        let Some(p) = r.params.iter().find(|p| p.name.eq_ignore_ascii_case(name.trim())) else {
            // The catalog's message lists the parameters there are.
            let err = r.params(&[], &[(name.trim().to_string(), Arg::Bool(false))]).err();
            return Err(err.map_or_else(
                || anyhow::anyhow!("{} has no parameter {name}", r.name),
                anyhow::Error::new,
            ));
        };
        let arg = Arg::from_text(value.trim(), p.kind)
            .map_err(|e| anyhow::anyhow!("--param {}: {}", p.name, e.message()))?;
        named.push((p.name.to_string(), arg));
    }
    Ok(r.params(&[], &named)?)
}

/// Runs a ruleset subcommand.
pub fn run(ctx: &Context, cmd: RulesetCommand) -> anyhow::Result<ExitCode> {
    let r = cmd.ruleset;
    let params = params(r, &cmd.args.params)?;
    if let Some(size) = &cmd.args.table {
        return table(ctx, r, &params, size);
    }
    let mut positions = Vec::with_capacity(cmd.args.positions.len());
    for (i, text) in cmd.args.positions.iter().enumerate() {
        let arg = Arg::from_text(text, r.argument)?;
        let p = r.position(&params, &arg).map_err(|e| {
            // A parameter the ruleset refuses is named as the option that
            // gave it, not as the position.
            if let Some(name) = e.parameter() {
                return anyhow::anyhow!("--param {name}: {}", e.message());
            }
            let what = if cmd.args.positions.len() > 1 {
                format!("position {}", i + 1)
            } else {
                "position".to_string()
            };
            match e.location() {
                Some(_) => anyhow::Error::new(e.in_source(what)),
                None => anyhow::anyhow!("{what}: {}", e.message()),
            }
        })?;
        positions.push(p);
    }
    if cmd.args.outcome {
        return outcome(ctx, r, &positions);
    }
    report(ctx, r, &positions)
}

/// One player's answer of `--outcome`, for `--json`.
#[derive(Serialize)]
struct FirstJson {
    /// Whether the player wins moving first.
    wins: bool,
    /// A winning first move: the component moved in and it after the move.
    #[serde(rename = "move")]
    winning_move: Option<OutcomeMoveJson>,
    /// Nodes the search for this player visited.
    nodes: u64,
}

/// A winning first move of `--outcome`, for `--json`.
#[derive(Serialize)]
struct OutcomeMoveJson {
    /// The component moved in (1-based).
    component: usize,
    /// That component after the move, as written.
    position: String,
}

/// The answer of `--outcome` and `onag solve`, for `--json`.
#[derive(Serialize)]
struct OutcomeReport {
    /// The ruleset of `--outcome` (`onag solve` has none: its terms name
    /// theirs).
    #[serde(skip_serializing_if = "Option::is_none")]
    ruleset: Option<String>,
    positions: Vec<String>,
    outcome: PartizanOutcome,
    left_first: FirstJson,
    right_first: FirstJson,
    nodes: u64,
    seconds: f64,
}

/// `--outcome`: who wins the sum of `positions` with each player moving
/// first, by search.
fn outcome(
    ctx: &Context,
    r: &Ruleset,
    positions: &[Box<dyn AnyPosition>],
) -> anyhow::Result<ExitCode> {
    let (budget, _bar) = ctx.budget("searching");
    let search = OutcomeSearch::new().with_budget(budget);
    let solution = match positions.first() {
        Some(first) => first.solve_outcome(positions, &search)?,
        None => anyhow::bail!("--outcome needs a position"),
    };
    let shown: Vec<String> = positions.iter().map(|p| p.notation()).collect();
    let heading = format!("{} {}", r.name, shown.join(" + "));
    print_outcome(ctx, Some(r.path()), heading, shown, solution.map(|p| p.notation()))
}

/// Prints who wins a sum (`heading` first, then the outcome, each player's
/// winning first move and the nodes searched), or all of it as `--json`:
/// the answer of `--outcome` and of `onag solve`. `ruleset` is the
/// ruleset of every position, when there is one.
pub fn print_outcome(
    ctx: &Context,
    ruleset: Option<String>,
    heading: String,
    positions: Vec<String>,
    solution: Solution<String>,
) -> anyhow::Result<ExitCode> {
    let first = |f: &FirstMover<String>| FirstJson {
        wins: f.wins,
        winning_move: f
            .winning_move
            .as_ref()
            .map(|m| OutcomeMoveJson { component: m.component + 1, position: m.position.clone() }),
        nodes: f.nodes,
    };
    let several = positions.len() > 1;
    let report = OutcomeReport {
        ruleset,
        positions,
        outcome: solution.outcome(),
        left_first: first(&solution.left_first),
        right_first: first(&solution.right_first),
        nodes: solution.nodes(),
        seconds: solution.elapsed.as_secs_f64(),
    };
    if ctx.json() {
        return render::json(&report);
    }
    let mut out = render::Output::new();
    out.line(format_args!("{heading}"))?;
    out.line(format_args!("outcome: {}", outcome_words(report.outcome)))?;
    for (who, f) in [("Left", &report.left_first), ("Right", &report.right_first)] {
        match &f.winning_move {
            Some(m) => {
                let part =
                    if several { format!("in position {}: ", m.component) } else { String::new() };
                out.line(format_args!("{who} moving first wins, e.g. {part}{}", m.position))?;
            }
            None => out.line(format_args!("{who} moving first loses"))?,
        }
    }
    out.line(format_args!("searched {} nodes in {:.3} s", report.nodes, report.seconds))?;
    out.finish()
}

/// Prints the value of the sum of `positions`, its outcome, mean and
/// temperature and each player's winning moves (or all of it as `--json`).
pub fn report(
    ctx: &Context,
    r: &Ruleset,
    positions: &[Box<dyn AnyPosition>],
) -> anyhow::Result<ExitCode> {
    let (budget, _bar) = ctx.budget("valuing regions");
    let mut arena = Arena::new().with_budget(budget.clone());
    let mut solvers = Solvers::new();
    solvers.set_budget(budget);
    let a = analyse(positions, &mut arena, &mut solvers)?;
    let mean = arena.mean(a.value)?.to_string();
    let temperature = arena.temperature(a.value)?.to_string();
    let value = arena.print(a.value)?;
    let several = positions.len() > 1;
    // Everything is computed before anything is printed: a limit reached
    // while printing would leave half an answer.
    let mut moves = [Vec::new(), Vec::new()];
    for (side, list) in [&a.left, &a.right].into_iter().enumerate() {
        for m in list.iter() {
            moves[side].push(MoveJson {
                component: m.component + 1,
                position: m.position.notation(),
                value: arena.print(m.value)?,
            });
        }
    }
    let [left_moves, right_moves] = moves;
    if ctx.json() {
        let report = Report {
            ruleset: r.path(),
            positions: positions.iter().map(|p| p.notation()).collect(),
            value,
            outcome: a.outcome,
            mean,
            temperature,
            nim_value: a.nim_value,
            left_winning_moves: left_moves,
            right_winning_moves: right_moves,
        };
        return render::json(&report);
    }
    let mut out = render::Output::new();
    let shown: Vec<String> = positions.iter().map(|p| p.notation()).collect();
    out.line(format_args!("{} {}", r.name, shown.join(" + ")))?;
    out.line(format_args!("value: {value}"))?;
    if let Some(n) = a.nim_value {
        out.line(format_args!("nim value: {n}"))?;
    }
    out.line(format_args!("outcome: {}", outcome_words(a.outcome)))?;
    out.line(format_args!("mean: {mean}"))?;
    out.line(format_args!("temperature: {temperature}"))?;
    for (who, moves) in [("Left", &left_moves), ("Right", &right_moves)] {
        if moves.is_empty() {
            out.line(format_args!("{who}'s winning moves: none"))?;
            continue;
        }
        out.line(format_args!("{who}'s winning moves ({}):", moves.len()))?;
        for m in moves.iter() {
            let part =
                if several { format!("in position {}: ", m.component) } else { String::new() };
            out.line(format_args!("  {part}{}   (then {})", m.position, m.value))?;
        }
    }
    out.finish()
}

/// A partizan outcome in words.
pub fn outcome_words(o: PartizanOutcome) -> &'static str {
    match o {
        PartizanOutcome::L => "L (Left wins, whoever starts)",
        PartizanOutcome::R => "R (Right wins, whoever starts)",
        PartizanOutcome::P => "P (the player to move loses)",
        PartizanOutcome::N => "N (the player to move wins)",
    }
}

/// One cell of a `--table`, for `--json`.
#[derive(Serialize)]
struct Cell {
    rows: usize,
    columns: usize,
    value: String,
    outcome: PartizanOutcome,
    #[serde(skip_serializing_if = "Option::is_none")]
    nim_value: Option<u64>,
    seconds: f64,
    table_bytes: u64,
}

/// Reads `RxC` (`6x6`, `6×6`).
fn table_size(text: &str) -> anyhow::Result<(usize, usize)> {
    let bad = || anyhow::anyhow!("--table {text}: expected ROWSxCOLUMNS, e.g. 6x6");
    let (a, b) = text.split_once(['x', 'X', '×']).ok_or_else(bad)?;
    let rows: usize = a.trim().parse().map_err(|_| bad())?;
    let cols: usize = b.trim().parse().map_err(|_| bad())?;
    if rows == 0 || cols == 0 {
        return Err(bad());
    }
    Ok((rows, cols))
}

/// `--table`: every rectangle up to the size, smaller ones first (their
/// regions are reused by the larger ones), each with its own time limit.
fn table(
    ctx: &Context,
    r: &'static Ruleset,
    params: &catalog::Params,
    size: &str,
) -> anyhow::Result<ExitCode> {
    if r.rectangle.is_none() {
        anyhow::bail!("{} has no rectangles to tabulate (--table is for boards)", r.name);
    }
    let (rows, cols) = table_size(size)?;
    // Every rectangle must be a board onag holds; refused before any work
    // (and before its text is made).
    r.rectangle_of(rows, cols).and_then(|largest| r.position(params, &Arg::Str(largest))).map_err(
        |e| {
            anyhow::anyhow!(
                "--table {size}: the largest rectangle is not a board here: {}",
                e.message()
            )
        },
    )?;
    let mut cells = Vec::new();
    let valued = table_cells(ctx, r, params, (rows, cols), &mut cells);
    if ctx.json() && (valued.is_ok() || !cells.is_empty()) {
        // What was valued before a limit stopped the table is printed, as
        // the text form prints each rectangle when it is valued.
        let printed = render::json(&cells)?;
        valued?;
        return Ok(printed);
    }
    valued?;
    Ok(ExitCode::SUCCESS)
}

/// Values the rectangles of `--table` in order: printed as each is valued,
/// or (for `--json`) pushed onto `cells`.
fn table_cells(
    ctx: &Context,
    r: &'static Ruleset,
    params: &catalog::Params,
    (rows, cols): (usize, usize),
    cells: &mut Vec<Cell>,
) -> anyhow::Result<()> {
    let Some(rectangle) = r.rectangle else { return Ok(()) };
    let mut arena = Arena::new();
    let mut solvers = Solvers::new();
    let mut out = render::Output::new();
    for i in 1..=rows {
        for j in 1..=cols {
            let p: Box<dyn AnyPosition> = r.position(params, &Arg::Str(rectangle(i, j)))?;
            let (budget, _bar) = ctx.budget("valuing regions");
            arena.set_budget(budget.clone());
            solvers.set_budget(budget);
            let started = Instant::now();
            let v: GameId = p.value(&mut arena, &mut solvers)?;
            let seconds = started.elapsed().as_secs_f64();
            let bytes = solvers.memory_bytes() + arena.memory_bytes();
            let outcome = arena.outcome(v)?;
            let nim_value = p.nim_value(&mut solvers)?;
            let value = arena.print(v)?;
            if !ctx.global.quiet {
                eprintln!("{i}x{j}: {seconds:.3} s, {} MiB of tables", bytes >> 20);
            }
            if ctx.json() {
                cells.push(Cell {
                    rows: i,
                    columns: j,
                    value,
                    outcome,
                    nim_value,
                    seconds,
                    table_bytes: bytes,
                });
            } else {
                out.line(format_args!("{i}x{j}  {value}"))?;
                out.flush()?;
            }
        }
    }
    out.finish()?;
    Ok(())
}

/// Runs `onag rulesets`: every ruleset with its calculator path and an example.
pub fn list(ctx: &Context, _args: ListArgs) -> anyhow::Result<ExitCode> {
    #[derive(Serialize)]
    struct Entry {
        command: String,
        path: String,
        about: &'static str,
        example: String,
        impartial: bool,
        parameters: Vec<&'static str>,
    }
    let entries: Vec<Entry> = catalog::rulesets()
        .map(|r| Entry {
            command: r.command(),
            path: r.path(),
            about: r.about,
            example: example(r),
            impartial: r.impartial,
            parameters: r.params.iter().map(|p| p.name).collect(),
        })
        .collect();
    if ctx.json() {
        return render::json(&entries);
    }
    let mut out = render::Output::new();
    out.line(format_args!("Rulesets (onag NAME POSITION...; onag NAME --help for more):"))?;
    for e in &entries {
        out.line(format_args!("  {:<24} {}", e.command, e.about))?;
        let params = if e.parameters.is_empty() {
            String::new()
        } else {
            format!("   parameters: {}", e.parameters.join(", "))
        };
        out.line(format_args!("  {:<24}   {}   ({}){params}", "", e.example, e.path))?;
    }
    out.finish()
}

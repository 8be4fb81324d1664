//! `onag retro`: win / loss / draw and distances on a game graph file with cycles.

use std::process::ExitCode;

use anyhow::anyhow;
use clap::{Args, ValueEnum};
use onag::impartial::graph::PositionId;
use onag::loopy::file::TaggedGraph;
use onag::loopy::{Side, Solution, SuccessorGame, TerminalRule, solve_successors};
use serde::Serialize;

use crate::commands::Context;
use crate::commands::graph::{GraphFormat, load_graphs};
use crate::render;

const FORMAT_HELP: &str = "Examples:\n  onag retro examples/data/game.txt\n  onag retro examples/data/game.txt --position start --json\n  onag retro examples/data/game.txt --terminal win\n\n\
Graph files are those of `onag graph` (text `name: succ succ ...` or JSON), with
cycles allowed and optional tags in brackets after a name:
    start [L]: a b
    a [R]: start end
    b [R win]:
    end [L]:
  L, R      who moves at this position (tag every position, or none for an
            impartial graph where every move passes the turn)
  win, loss, draw
            the result the game's rules declare here, for the player to move
            (the position's moves are ignored)
Results are for the player to move: `win in 3` means that player wins in 3
moves when both win as fast as possible and lose as slowly as possible.

--json keys: partizan, counts ({win, loss, draw}), positions ([{name, to_move,
result (\"win\"/\"loss\"/\"draw\"), distance (null for a draw), winner, best_move}];
to_move and winner (\"left\"/\"right\"/null) only in partizan graphs); with
--position: position and the same keys for that position alone.";

/// What happens to the player who cannot move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Terminal {
    /// The player who cannot move loses (normal play).
    Loss,
    /// The player who cannot move wins.
    Win,
}

/// Arguments of `onag retro`.
#[derive(Debug, Args)]
#[command(after_help = concat!(
    "Examples:\n",
    "  onag retro examples/data/game.txt\n",
    "  onag retro examples/data/game.txt --position start --json\n",
    "  onag retro examples/data/game.txt --terminal win\n",
))]
#[command(after_long_help = FORMAT_HELP)]
pub struct RetroArgs {
    /// The graph file (text, or JSON when the name ends in `.json`; `-` is standard input).
    #[arg(value_name = "FILE")]
    pub file: String,

    /// Report only this position, with a best move.
    #[arg(long, value_name = "NAME")]
    pub position: Option<String>,

    /// What happens to the player who cannot move (at a position without a
    /// declared result).
    #[arg(long, value_enum, default_value = "loss")]
    pub terminal: Terminal,

    /// The file's format (default: JSON for names ending in `.json`, text otherwise).
    #[arg(long, value_enum)]
    pub format: Option<GraphFormat>,
}

#[derive(Serialize)]
struct Row<'a> {
    name: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    to_move: Option<Side>,
    result: &'static str,
    distance: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    winner: Option<Option<Side>>,
    best_move: Option<&'a str>,
}

#[derive(Serialize)]
struct Counts {
    win: u64,
    loss: u64,
    draw: u64,
}

#[derive(Serialize)]
struct Report<'a> {
    partizan: bool,
    counts: Counts,
    positions: Vec<Row<'a>>,
}

fn row<'a>(tagged: &TaggedGraph<'a>, solution: &Solution, p: u32) -> Row<'a> {
    let graph = tagged.graph();
    let value = solution.value(p);
    let to_move = tagged.to_move(p);
    Row {
        name: graph.name(PositionId(p)),
        to_move,
        result: value.word(),
        distance: value.distance(),
        winner: to_move.map(|side| value.winner(side)),
        best_move: solution.best_move(tagged, p).map(|q| graph.name(PositionId(q))),
    }
}

fn result_words(r: &Row<'_>) -> String {
    let mut text = match (r.result, r.distance) {
        ("draw", _) | (_, None) => "draw".to_string(),
        (word, Some(d)) => format!("{word} in {d}"),
    };
    if let Some(Some(side)) = r.winner {
        text.push_str(&format!(" ({side} wins)"));
    }
    text
}

fn side_letter(side: Option<Side>) -> &'static str {
    match side {
        Some(Side::Left) => "L",
        Some(Side::Right) => "R",
        None => "",
    }
}

/// Runs `onag retro`.
pub fn run(ctx: &Context, args: RetroArgs) -> anyhow::Result<ExitCode> {
    let graphs = load_graphs(ctx, std::slice::from_ref(&args.file), args.format)?;
    let graph = &graphs[0].graph;
    let tagged = TaggedGraph::new(graph)?;
    let chosen =
        match &args.position {
            Some(name) => Some(graph.find(name).ok_or_else(|| {
                anyhow!("--position {name}: no position `{name}` in {}", args.file)
            })?),
            None => None,
        };
    let rule = match args.terminal {
        Terminal::Loss => TerminalRule::MoverLoses,
        Terminal::Win => TerminalRule::MoverWins,
    };
    let (budget, _bar) = ctx.budget("solving graph");
    let solution = solve_successors(&tagged, rule, &budget)?;
    if let Some(p) = chosen {
        let r = row(&tagged, &solution, p.0);
        if ctx.json() {
            #[derive(Serialize)]
            struct One<'a> {
                position: &'a str,
                #[serde(flatten)]
                row: Row<'a>,
            }
            return render::json(&One { position: r.name, row: r });
        }
        let mut out = render::Output::new();
        out.line(format_args!("position: {}", r.name))?;
        if let Some(side) = r.to_move {
            out.line(format_args!("to move: {side}"))?;
        }
        out.line(format_args!("result for the player to move: {}", result_words(&r)))?;
        match r.best_move {
            Some(m) => out.line(format_args!("best move: {m}"))?,
            None => out.line(format_args!("best move: none (the game is over here)"))?,
        }
        return out.finish();
    }
    let (win, loss, draw) = solution.counts();
    let rows: Vec<Row<'_>> =
        (0..tagged.num_positions()).map(|p| row(&tagged, &solution, p)).collect();
    if ctx.json() {
        return render::json(&Report {
            partizan: tagged.is_partizan(),
            counts: Counts { win, loss, draw },
            positions: rows,
        });
    }
    let mut out = render::Output::new();
    out.line(format_args!(
        "{} ({}); for the player to move: win {win}, loss {loss}, draw {draw}",
        render::plural(rows.len(), "position"),
        if tagged.is_partizan() { "partizan" } else { "impartial" }
    ))?;
    let width = rows.iter().map(|r| r.name.chars().count()).max().unwrap_or(0);
    let texts: Vec<String> = rows.iter().map(result_words).collect();
    let result_width = texts.iter().map(|t| t.chars().count()).max().unwrap_or(0);
    out.line(format_args!("positions:"))?;
    for (r, text) in rows.iter().zip(&texts) {
        let side = if tagged.is_partizan() {
            format!("{}  ", side_letter(r.to_move))
        } else {
            String::new()
        };
        let best = r.best_move.map(|m| format!("  -> {m}")).unwrap_or_default();
        let name = render::pad(r.name, width, render::Align::Left);
        let text = render::pad(text, result_width, render::Align::Left);
        let line = format!("  {name}  {side}{text}{best}");
        out.line(format_args!("{}", line.trim_end()))?;
    }
    out.finish()
}

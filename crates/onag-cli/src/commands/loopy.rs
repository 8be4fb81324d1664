//! `onag loopy`: the value of a loopy partizan game (canonical stopper or
//! `onside & offside`), its outcome with draws, and the moves that keep a
//! win or a draw for each player.

use std::process::ExitCode;

use anyhow::Context as _;
use clap::Args;
use onag::game::Arena;
use onag::loopy::partizan::backsliding::Backsliding;
use onag::loopy::partizan::file::parse_loopy_file;
use onag::loopy::partizan::parse::{Literal, parse_literal};
use onag::loopy::partizan::print::{print_stopper, print_value};
use onag::loopy::partizan::{LoopyGame, LoopyOutcome, PlayResult, SidedValue};
use serde::Serialize;

use crate::commands::{Context, fox_geese};
use crate::render;

const FORMAT_HELP: &str = "Examples:\n  onag loopy 'upon + upon'\n  onag loopy --backsliding 'tt..ff'\n  onag loopy 'a{0||||0|||a|*||*}' --json\n  onag loopy examples/data/over.loopy\n\n\
INPUT is a file when one of that name exists, else a literal in the
calculator's notation: numbers, *n, ^, v, {L|R} with slashes, pass, named
nodes a{0|a}, on, off, over, under, dud, upon, uponth, 5over, ^[on]*, v<on>,
+ and -, +-x, and `onside & offside`.

Loopy game files have one position a line, `name: left moves | right moves`,
the first position the start (`#` comments):
    over: zero | over
    zero: |

With --fox-and-geese, INPUT is a Fox and Geese position as CGSuite's
game.grid.FoxAndGeese(geese, fox) takes it: `GEESE;FOX`, each square
(row,col) counted from 1 at the bottom left of a board --width columns wide
(8 by default), on squares with row + col even. Left moves a goose one square
diagonally down, Right the fox one square diagonally; a fox level with the
highest goose has escaped (off). Without `;FOX` the values of every fox
square below the highest goose are printed as a table, top row first:
    onag loopy --fox-and-geese '(8,2),(8,4),(8,6),(8,8);(1,5)'   (2over)
    onag loopy --fox-and-geese '(8,2),(8,4),(8,6),(8,8)'

With --backsliding, INPUT is a Backsliding Toads and Frogs strip as CGSuite
writes it (game.strip.BackslidingToadsAndFrogs): t a toad (Left, moving
right), f a frog (Right, moving left), . an empty cell; a piece slides one
cell forward or back onto an empty cell, or jumps forward over one enemy.

The value prints as CGSuite does: a canonical stopper, or `onside & offside`
for a game that is not equal to a stopper. The outcome is CGSuite's: L, R,
P, N, D (a draw whoever starts), PHat, PCheck, NHat, NCheck. Moves are
listed for the start position: each player's moves that keep the best
result that player can get moving first (infinite play is a draw).

--json keys: value, stopper, outcome, left_first and right_first
(\"left-wins\"/\"draw\"/\"right-wins\"), nodes, left_moves and right_moves
([{move, value, keeps}]).";

/// Arguments of `onag loopy`.
#[derive(Debug, Args)]
#[command(after_help = concat!(
    "Examples:\n",
    "  onag loopy 'upon + upon'\n",
    "  onag loopy 'a{0||||0|||a|*||*}' --json\n",
    "  onag loopy 'on + off'\n",
    "  onag loopy --backsliding 't.f'\n",
    "  onag loopy --fox-and-geese '(8,2),(8,4),(8,6),(8,8);(1,5)'\n",
))]
#[command(after_long_help = FORMAT_HELP)]
pub struct LoopyArgs {
    /// A loopy game file, or a literal such as `{pass|*}` or `over + 1`.
    #[arg(value_name = "FILE|EXPR")]
    pub input: String,
    /// INPUT is a Backsliding Toads and Frogs strip (`t` toads, `f` frogs,
    /// `.` empty; pieces also slide one cell back).
    #[arg(long, conflicts_with = "fox_and_geese")]
    pub backsliding: bool,
    /// INPUT is a Fox and Geese position `GEESE;FOX`, squares written
    /// `(row,col)` from 1 at the bottom left; without `;FOX`, the table of
    /// values by fox square.
    #[arg(long)]
    pub fox_and_geese: bool,
    /// The width of the Fox and Geese board.
    #[arg(long, default_value_t = 8, requires = "fox_and_geese")]
    pub width: u32,
}

#[derive(Serialize)]
struct Move {
    #[serde(rename = "move")]
    name: String,
    value: String,
    keeps: bool,
}

#[derive(Serialize)]
struct Report {
    value: String,
    stopper: bool,
    outcome: LoopyOutcome,
    left_first: PlayResult,
    right_first: PlayResult,
    nodes: usize,
    left_moves: Vec<Move>,
    right_moves: Vec<Move>,
}

fn result_words(r: PlayResult) -> &'static str {
    match r {
        PlayResult::LeftWins => "Left wins",
        PlayResult::Draw => "draw",
        PlayResult::RightWins => "Right wins",
    }
}

fn rank(r: PlayResult, left: bool) -> i8 {
    let v = match r {
        PlayResult::LeftWins => 1,
        PlayResult::Draw => 0,
        PlayResult::RightWins => -1,
    };
    if left { v } else { -v }
}

/// Whether an input that is neither an existing file nor a literal was
/// meant as a file: a path separator next to a letter (`dir/x`, not `1/2`),
/// a leading `.` or `~`, or a file extension, and no braces or spaces.
fn looks_like_path(input: &str) -> bool {
    if input.contains(['{', '}', '|', ' ', '+']) {
        return false;
    }
    let b = input.as_bytes();
    let separator_by_letter = b.iter().enumerate().any(|(i, &c)| {
        (c == b'/' || c == b'\\')
            && (i == 0
                || !b[i - 1].is_ascii_digit()
                || b.get(i + 1).is_some_and(|n| !n.is_ascii_digit()))
    });
    let extension = std::path::Path::new(input)
        .extension()
        .is_some_and(|e| e.to_str().is_some_and(|e| e.chars().any(|c| c.is_ascii_alphabetic())));
    separator_by_letter || input.starts_with(['.', '~']) || extension
}

/// The value of the input and the moves of its start (none for a value
/// written `onside & offside`), each with the value after it.
struct Analysed {
    value: SidedValue,
    nodes: usize,
    moves: Option<[Vec<(String, SidedValue)>; 2]>,
}

/// The input read as a graph (a file, a literal or a Backsliding strip).
fn analyse_graph(
    args: &LoopyArgs,
    arena: &mut Arena,
    budget: &onag::Budget,
) -> anyhow::Result<Analysed> {
    let path = std::path::Path::new(&args.input);
    let (game, names): (LoopyGame, Option<Vec<String>>) = if args.backsliding {
        let strip = Backsliding::parse(&args.input)?;
        let (g, positions) = strip.graph(budget)?;
        (g, Some(positions.iter().map(Backsliding::text).collect()))
    } else if path.is_file() {
        let text =
            std::fs::read_to_string(path).with_context(|| format!("cannot read {}", args.input))?;
        let f = parse_loopy_file(&text, &args.input)?;
        (f.game, Some(f.names))
    } else if path.exists() {
        anyhow::bail!("{} is not a file", args.input);
    } else {
        match parse_literal(&args.input, arena, budget) {
            Ok(Literal::Game(g)) => (g, None),
            Ok(Literal::Sided(v)) => {
                let nodes = v.onside.len();
                return Ok(Analysed { value: v, nodes, moves: None });
            }
            Err(_) if looks_like_path(&args.input) => {
                anyhow::bail!("no such file: {}", args.input)
            }
            Err(e) => return Err(e.into()),
        }
    };
    let value = SidedValue::of(&game, budget)?;
    let mut moves: [Vec<(String, SidedValue)>; 2] = [Vec::new(), Vec::new()];
    for (i, opts) in [game.left(0), game.right(0)].into_iter().enumerate() {
        for &w in opts {
            let v = SidedValue::of(&game.at(w), budget)?;
            let name = match &names {
                Some(n) => n[w as usize].clone(),
                None if w == 0 => "pass".to_string(),
                None => print_value(&v, arena, budget)?,
            };
            moves[i].push((name, v));
        }
    }
    Ok(Analysed { value, nodes: game.len(), moves: Some(moves) })
}

/// The Fox and Geese table: the value with the fox on each square.
fn fox_table(
    ctx: &Context,
    args: &LoopyArgs,
    geese: &[onag::loopy::partizan::fox_geese::Square],
    arena: &mut Arena,
    budget: &onag::Budget,
) -> anyhow::Result<ExitCode> {
    let (rows, placements) = fox_geese::table(args.width, geese, budget)?;
    let top = geese.iter().map(|g| g.0).max().unwrap_or(1);
    let mut cells: Vec<Vec<Option<String>>> = Vec::new();
    for row in &rows {
        let mut out = Vec::new();
        for cell in row {
            out.push(match cell {
                Some(g) => Some(print_stopper(g, arena, budget)?),
                None => None,
            });
        }
        cells.push(out);
    }
    if ctx.json() {
        #[derive(Serialize)]
        struct Table {
            /// Rows from the highest goose's down to 1; null where the fox
            /// cannot stand.
            rows: Vec<Vec<Option<String>>>,
            top_row: u32,
            placements: usize,
        }
        return render::json(&Table { rows: cells, top_row: top, placements });
    }
    let width = cells.iter().flatten().flatten().map(String::len).max().unwrap_or(1).max(1);
    let mut out = render::Output::new();
    out.line(format_args!(
        "values with the fox on each square (rows {top} down to 1; # a goose, blank the other colour):"
    ))?;
    for (i, row) in cells.iter().enumerate() {
        let r = top as usize - i;
        let mut line = format!("{r:>3} ");
        for (c, cell) in row.iter().enumerate() {
            let text = match cell {
                Some(t) => t.clone(),
                None if geese.contains(&(r as u32, c as u32 + 1)) => "#".to_string(),
                None => String::new(),
            };
            line.push_str(&format!(" {}", render::pad(&text, width, render::Align::Right)));
        }
        out.line(format_args!("{}", line.trim_end()))?;
    }
    out.line(format_args!("{placements} placements of geese valued"))?;
    out.finish()
}

/// Runs `onag loopy`.
pub fn run(ctx: &Context, args: LoopyArgs) -> anyhow::Result<ExitCode> {
    let (budget, _bar) = ctx.budget("loopy game");
    let mut arena = Arena::new().with_budget(budget.clone());
    let analysed = if args.fox_and_geese {
        let input = fox_geese::parse(&args.input)?;
        let Some(fox) = input.fox else {
            return fox_table(ctx, &args, &input.geese, &mut arena, &budget);
        };
        let v = fox_geese::value(args.width, &input.geese, fox, &budget)?;
        let [l, r] = v.moves;
        let named = |m: Vec<fox_geese::Move>| m.into_iter().map(|m| (m.name, m.value)).collect();
        let nodes = v.value.onside.len();
        Analysed { value: v.value, nodes, moves: Some([named(l), named(r)]) }
    } else {
        analyse_graph(&args, &mut arena, &budget)?
    };
    let value = analysed.value;
    let stopper = value.is_stopper(&budget)?;
    let text = print_value(&value, &mut arena, &budget)?;
    let outcome = value.outcome(&budget)?;
    let [left_first, right_first] = outcome.results();
    // A move keeps the result when the result with the other player to
    // move after it is as good, for the mover, as the best moving first.
    let mut moves = |i: usize| -> anyhow::Result<Vec<Move>> {
        let left = i == 0;
        let best = if left { left_first } else { right_first };
        let mut out = Vec::new();
        for (name, v) in analysed.moves.as_ref().map_or(&[][..], |m| &m[i][..]) {
            let [after_left, after_right] = v.outcome(&budget)?.results();
            let after = if left { after_right } else { after_left };
            let shown = print_value(v, &mut arena, &budget)?;
            out.push(Move {
                name: name.clone(),
                value: shown,
                keeps: rank(after, left) >= rank(best, left),
            });
        }
        Ok(out)
    };
    let left_moves = moves(0)?;
    let right_moves = moves(1)?;
    let report = Report {
        value: text,
        stopper,
        outcome,
        left_first,
        right_first,
        nodes: analysed.nodes,
        left_moves,
        right_moves,
    };
    if ctx.json() {
        return render::json(&report);
    }
    let mut out = render::Output::new();
    out.line(format_args!("value: {}", report.value))?;
    out.line(format_args!(
        "outcome: {} (Left moving first: {}; Right moving first: {})",
        report.outcome,
        result_words(left_first),
        result_words(right_first)
    ))?;
    if analysed.moves.is_some() {
        for (who, list) in [("Left", &report.left_moves), ("Right", &report.right_moves)] {
            let keep: Vec<&str> =
                list.iter().filter(|m| m.keeps).map(|m| m.name.as_str()).collect();
            let text = if list.is_empty() {
                "none (no moves)".to_string()
            } else if keep.is_empty() {
                "none keeps the result".to_string()
            } else {
                keep.join(", ")
            };
            out.line(format_args!("{who} moves keeping the result: {text}"))?;
        }
    }
    out.finish()
}

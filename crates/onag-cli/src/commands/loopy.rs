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
use onag::loopy::partizan::print::print_value;
use onag::loopy::partizan::{LoopyGame, LoopyOutcome, PlayResult, SidedValue, play_results};
use serde::Serialize;

use crate::commands::Context;
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
))]
#[command(after_long_help = FORMAT_HELP)]
pub struct LoopyArgs {
    /// A loopy game file, or a literal such as `{pass|*}` or `over + 1`.
    #[arg(value_name = "FILE|EXPR")]
    pub input: String,
    /// INPUT is a Backsliding Toads and Frogs strip (`t` toads, `f` frogs,
    /// `.` empty; pieces also slide one cell back).
    #[arg(long)]
    pub backsliding: bool,
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

/// Runs `onag loopy`.
pub fn run(ctx: &Context, args: LoopyArgs) -> anyhow::Result<ExitCode> {
    let (budget, _bar) = ctx.budget("loopy game");
    let mut arena = Arena::new().with_budget(budget.clone());
    let path = std::path::Path::new(&args.input);
    let (game, names, literal_value): (LoopyGame, Option<Vec<String>>, Option<SidedValue>) =
        if args.backsliding {
            let strip = Backsliding::parse(&args.input)?;
            let (g, positions) = strip.graph(&budget)?;
            (g, Some(positions.iter().map(Backsliding::text).collect()), None)
        } else if path.is_file() {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("cannot read {}", args.input))?;
            let f = parse_loopy_file(&text, &args.input)?;
            (f.game, Some(f.names), None)
        } else if path.exists() {
            anyhow::bail!("{} is not a file", args.input);
        } else {
            match parse_literal(&args.input, &mut arena, &budget) {
                Ok(Literal::Game(g)) => (g, None, None),
                Ok(Literal::Sided(v)) => (v.onside.clone(), None, Some(v)),
                Err(_) if looks_like_path(&args.input) => {
                    anyhow::bail!("no such file: {}", args.input)
                }
                Err(e) => return Err(e.into()),
            }
        };
    let value = match literal_value.clone() {
        Some(v) => v,
        None => SidedValue::of(&game, &budget)?,
    };
    let stopper = value.is_stopper(&budget)?;
    let text = print_value(&value, &mut arena, &budget)?;
    let outcome = value.outcome(&budget)?;
    let [left_first, right_first] = outcome.results();
    // Moves of the start position (the game as given; for `a & b` none).
    let results = play_results(&game);
    let mut moves = |left: bool| -> anyhow::Result<Vec<Move>> {
        if literal_value.is_some() {
            return Ok(Vec::new());
        }
        let best = if left { results[0][0] } else { results[0][1] };
        let opts = if left { game.left(0) } else { game.right(0) };
        let mut out = Vec::new();
        for &w in opts {
            // After the move the other player is to move.
            let after = if left { results[w as usize][1] } else { results[w as usize][0] };
            let v = SidedValue::of(&game.at(w), &budget)?;
            let shown = print_value(&v, &mut arena, &budget)?;
            let name = match &names {
                Some(n) => n[w as usize].clone(),
                None if w == 0 => "pass".to_string(),
                None => shown.clone(),
            };
            out.push(Move { name, value: shown, keeps: rank(after, left) >= rank(best, left) });
        }
        Ok(out)
    };
    let left_moves = moves(true)?;
    let right_moves = moves(false)?;
    let report = Report {
        value: text,
        stopper,
        outcome,
        left_first,
        right_first,
        nodes: game.len(),
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
    if literal_value.is_none() {
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

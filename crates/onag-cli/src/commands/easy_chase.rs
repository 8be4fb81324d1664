//! `onag easy-chase`: The Easy Chase (seed 003) solved by retrograde analysis.

use std::process::ExitCode;

use clap::{Args, ValueEnum};
use onag::loopy::Side;
use onag::loopy::chase::{ChaseAnswer, EasyChase, Square, Winner};
use serde::Serialize;

use crate::commands::Context;
use crate::render;

const RULES: &str = "Examples:\n  onag easy-chase --n 20 --white 1,1 --black 3,3 --to-move white\n  onag easy-chase --n 20 --white 1,1 --black 3,3 --json\n  onag easy-chase --n 5 --table\n\n\
Rules (seed 003): on an n x n board white moves one square up, down, left or
right; black moves one or two squares in a straight line; no move leaves the
board. A player wins by landing on the other piece (a two-square move may pass
over it). Both win as fast as possible and lose as slowly as possible; `moves`
is the length of the game under that play. Squares are x,y from 1 (x the column).

--json keys: n, white, black (\"x,y\"), to_move, winner (\"white\"/\"black\"/\"draw\"),
moves (null for a draw), best_move ({piece, from, to}); with --table: n, counts
({white, black, draw}), positions (a list of those objects).";

/// Who moves first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Piece {
    /// White (Left) moves first.
    White,
    /// Black (Right) moves first.
    Black,
}

/// Arguments of `onag easy-chase`.
#[derive(Debug, Args)]
#[command(after_help = concat!(
    "Examples:\n",
    "  onag easy-chase --n 20 --white 1,1 --black 3,3 --to-move white\n",
    "  onag easy-chase --n 20 --white 1,1 --black 3,3 --json\n",
    "  onag easy-chase --n 5 --table\n",
))]
#[command(after_long_help = RULES)]
pub struct EasyChaseArgs {
    /// The board side, 2 to 100.
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = crate::args::count32)]
    pub n: u32,

    /// White's square, x,y from 1.
    #[arg(long, value_name = "X,Y", required_unless_present = "table", conflicts_with = "table")]
    pub white: Option<String>,

    /// Black's square, x,y from 1.
    #[arg(long, value_name = "X,Y", required_unless_present = "table", conflicts_with = "table")]
    pub black: Option<String>,

    /// Who moves first.
    #[arg(long, value_enum, default_value = "white", conflicts_with = "table")]
    pub to_move: Piece,

    /// List every position of the board (both players to move) instead of one.
    #[arg(long)]
    pub table: bool,
}

#[derive(Serialize)]
struct Report {
    n: u32,
    #[serde(flatten)]
    answer: ChaseAnswer,
}

#[derive(Serialize)]
struct Counts {
    white: u64,
    black: u64,
    draw: u64,
}

#[derive(Serialize)]
struct TableReport {
    n: u32,
    counts: Counts,
    positions: Vec<ChaseAnswer>,
}

fn parse_square(option: &str, text: &str, n: u32) -> anyhow::Result<Square> {
    Square::parse(text, n).map_err(|e| anyhow::anyhow!("--{option}: {}", e.message()))
}

fn result_words(a: &ChaseAnswer) -> String {
    match (a.winner, a.moves) {
        (Winner::Draw, _) | (_, None) => "draw".to_string(),
        (w, Some(m)) => format!("{w} wins in {m} move{}", if m == 1 { "" } else { "s" }),
    }
}

fn best_words(a: &ChaseAnswer) -> String {
    match &a.best_move {
        Some(m) => format!("{} {} -> {}", m.piece, m.from, m.to),
        None => "none".to_string(),
    }
}

/// Runs `onag easy-chase`.
pub fn run(ctx: &Context, args: EasyChaseArgs) -> anyhow::Result<ExitCode> {
    let game = EasyChase::new(args.n).map_err(|e| anyhow::anyhow!("--n: {}", e.message()))?;
    let squares = match (&args.white, &args.black) {
        (Some(w), Some(b)) => {
            let white = parse_square("white", w, args.n)?;
            let black = parse_square("black", b, args.n)?;
            if white == black {
                anyhow::bail!("--white and --black: both pieces on square {white}");
            }
            Some((white, black))
        }
        _ => None,
    };
    let (budget, _bar) = ctx.budget("solving The Easy Chase");
    let solution = game.solve(&budget)?;
    if let Some((white, black)) = squares {
        let side = match args.to_move {
            Piece::White => Side::Left,
            Piece::Black => Side::Right,
        };
        let answer = game.answer(&solution, white, black, side)?;
        if ctx.json() {
            return render::json(&Report { n: args.n, answer });
        }
        let mut out = render::Output::new();
        out.line(format_args!(
            "board: {n}x{n}, white {white}, black {black}, {} to move",
            answer.to_move,
            n = args.n
        ))?;
        match answer.winner {
            Winner::Draw => {
                out.line(format_args!("result: draw (neither player can force a win)"))?
            }
            _ => out.line(format_args!("result: {}", result_words(&answer)))?,
        }
        out.line(format_args!("winner: {}", answer.winner))?;
        match answer.moves {
            Some(m) => out.line(format_args!("moves: {m}"))?,
            None => out.line(format_args!("moves: none (a draw never ends)"))?,
        }
        out.line(format_args!("best move: {}", best_words(&answer)))?;
        return out.finish();
    }
    let answers = game.positions().map(|p| game.answer_at(&solution, p));
    let mut counts = Counts { white: 0, black: 0, draw: 0 };
    for a in answers.clone() {
        match a.winner {
            Winner::White => counts.white += 1,
            Winner::Black => counts.black += 1,
            Winner::Draw => counts.draw += 1,
        }
    }
    if ctx.json() {
        return render::json(&TableReport { n: args.n, counts, positions: answers.collect() });
    }
    let mut out = render::Output::new();
    out.line(format_args!(
        "board: {n}x{n}: white wins {}, black {}, draws {}",
        render::plural(counts.white, "position"),
        counts.black,
        counts.draw,
        n = args.n
    ))?;
    out.line(format_args!("white  black  to-move  result                   best move"))?;
    for a in answers {
        out.line(format_args!(
            "{:<5}  {:<5}  {:<7}  {:<23}  {}",
            a.white.to_string(),
            a.black.to_string(),
            a.to_move,
            result_words(&a),
            best_words(&a)
        ))?;
    }
    out.finish()
}

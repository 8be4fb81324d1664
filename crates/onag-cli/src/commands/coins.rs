//! `onag coins`: coin-turning games and their Tartan products.
//!
//! `onag coins RULE COINS` solves a strip; `onag coins --product RULE… FILE`
//! solves the product of one rule per dimension on a board read from FILE.
//! Rule and board errors point at the column (`RULE:1:4: …`, `board.txt:2:3: …`).

use std::process::ExitCode;

use anyhow::{Context as _, bail};
use clap::Args;
use onag::impartial::coins::{CoinRule, parse_board, parse_strip, solve_product, solve_strip};

use crate::commands::Context;
use crate::render;

/// Arguments of `onag coins`.
#[derive(Debug, Args)]
#[command(after_help = "Rules: turtles (1-2), twins (2), mock (1-3), ruler (1+C), moebius (1-5), \
mogul (1-7), motley (1+), triplets (3), turnips (3E), grunt (4FS), sym (1+S), sympler (1+FS); \
upto:K = turn a coin and up to K-1 coins to its left; or a CGSuite turning code: counts 2, 1-3, \
1+ with modifiers C (consecutive), E (equally spaced), S (symmetric), F (includes the first \
coin), C(n) (within n adjacent coins), elements joined by ','. Coins are numbered from 1 at the \
left. With --product the first rule governs the first coordinate (the line, or the block in 3-D); \
`corners` is Turning Corners (twins × twins). A board file is a grid of h/t (3-D: blocks \
separated by blank lines) or one heads coin per line as coordinates.

Examples:
  onag coins mock hthht
  onag coins 1-3C tthhth --json
  onag coins upto:4 hhhhh
  onag coins --product corners examples/data/board.txt
  onag coins --product mock ruler twins examples/data/cube.txt")]
pub struct CoinsArgs {
    /// Solve the Tartan product of the rules on a board read from FILE ('-' for stdin).
    #[arg(long)]
    pub product: bool,

    /// RULE COINS (a string of h and t), or with --product: RULE... FILE.
    #[arg(required = true, num_args = 1.., value_name = "ARG")]
    pub args: Vec<String>,
}

fn rule(text: &str) -> anyhow::Result<CoinRule> {
    Ok(CoinRule::parse(text).map_err(|e| e.in_source(format!("rule {text}")))?)
}

fn move_text(set: &[usize]) -> String {
    set.iter().map(usize::to_string).collect::<Vec<_>>().join(",")
}

/// Runs `onag coins`.
pub fn run(ctx: &Context, args: CoinsArgs) -> anyhow::Result<ExitCode> {
    if args.product {
        return product(ctx, &args.args);
    }
    let [rule_text, coins] = args.args.as_slice() else {
        bail!("expected RULE and COINS (e.g. onag coins mock hthht), or --product RULE... FILE");
    };
    let rule = rule(rule_text)?;
    if coins.is_empty() {
        bail!("COINS: empty strip (give h/t coins)");
    }
    let heads = parse_strip(coins).map_err(|e| e.in_source("COINS"))?;
    let (budget, _bar) = ctx.budget("coin values");
    let sol = solve_strip(&rule, &heads, &budget)?;
    if ctx.json() {
        return render::json(&sol);
    }
    let mut out = render::Output::new();
    out.line(format_args!("rule: {} ({})", sol.rule, sol.code))?;
    let values: Vec<String> = sol.values.iter().map(u64::to_string).collect();
    out.line(format_args!("coin values: {}", values.join(" ")))?;
    out.line(format_args!("value: *{}", sol.value))?;
    out.line(format_args!("outcome: {}", render::outcome_words(sol.outcome)))?;
    if sol.winning_moves.is_empty() {
        out.line(format_args!("winning moves: none"))?;
    } else {
        out.line(format_args!("winning moves (coins to turn):"))?;
        for m in &sol.winning_moves {
            out.line(format_args!("  {}", move_text(m)))?;
        }
    }
    out.finish()
}

fn product(ctx: &Context, args: &[String]) -> anyhow::Result<ExitCode> {
    let Some((file, rule_texts)) = args.split_last() else {
        bail!("--product needs rules and a board FILE");
    };
    let mut rules = Vec::new();
    for text in rule_texts {
        if text.eq_ignore_ascii_case("corners") || text.eq_ignore_ascii_case("turning-corners") {
            rules.push(rule("twins")?);
            rules.push(rule("twins")?);
        } else {
            rules.push(rule(text)?);
        }
    }
    if rules.is_empty() {
        bail!("--product needs at least one rule before the board FILE");
    }
    let text = if file == "-" {
        let mut s = String::new();
        std::io::Read::read_to_string(&mut std::io::stdin(), &mut s)
            .context("cannot read the board from standard input")?;
        s
    } else {
        std::fs::read_to_string(file).with_context(|| format!("cannot read board file {file}"))?
    };
    let source = if file == "-" { "stdin" } else { file.as_str() };
    let board = parse_board(&text, rules.len()).map_err(|e| e.in_source(source))?;
    if board.sides.contains(&0) {
        bail!("{source}: the board is empty (give a grid of h/t or one heads coin per line)");
    }
    let (budget, _bar) = ctx.budget("coin values");
    let sol = solve_product(&rules, &board, &budget)?;
    if ctx.json() {
        return render::json(&sol);
    }
    let mut out = render::Output::new();
    let names: Vec<&str> = sol.rules.iter().map(String::as_str).collect();
    out.line(format_args!("rules: {}", names.join(" × ")))?;
    let sides: Vec<String> = sol.sides.iter().map(usize::to_string).collect();
    out.line(format_args!("board: {}", sides.join(" × ")))?;
    out.line(format_args!("value: *{}", sol.value))?;
    out.line(format_args!("outcome: {}", render::outcome_words(sol.outcome)))?;
    if sol.winning_moves.is_empty() {
        out.line(format_args!("winning moves: none"))?;
    } else {
        out.line(format_args!("winning moves (coordinates to turn, per dimension):"))?;
        for m in &sol.winning_moves {
            let dims: Vec<String> = m.turn.iter().map(|d| move_text(d)).collect();
            out.line(format_args!("  {}", dims.join(" × ")))?;
        }
    }
    out.finish()
}

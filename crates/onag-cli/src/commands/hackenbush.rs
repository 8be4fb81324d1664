//! `onag hackenbush`: Hackenbush pictures in every colour, their values and
//! winning cuts.
//!
//! Green pictures (every edge green) are valued in linear time as *n, with
//! winning cuts from the 2-edge-cut classes; Blue-Red strings (stalks) by
//! Berlekamp's rule, with who wins when each player starts; any other picture
//! (a coloured edge list, a tree with blue or red edges) by the ruleset
//! engine, with each player's winning cuts. `--versus` compares the picture
//! with another: whether it is at least as good for Left.

use std::process::ExitCode;

use anyhow::Context as _;
use clap::Args;
use onag::game::{Arena, GameId, PartizanOutcome};
use onag::impartial::hackenbush::{
    Cut, CutSearch, Solution, parse_edge_list, parse_strings, solve,
};
use onag::ruleset::graph::hackenbush::{BLUE, GREEN, HACKENBUSH, RED};
use onag::ruleset::graph::{Hackenbush, StalkSum};
use onag::ruleset::{AnyPosition, Player, Solver, Solvers};
use serde::Serialize;

use crate::commands::Context;
use crate::commands::ruleset;
use crate::render;

/// Arguments of `onag hackenbush`.
#[derive(Debug, Args)]
#[command(after_help = "\
An edge-list FILE has one edge per line, 'A B' or 'A B colour' (any vertex
names; colour l or blue for Left's edges, r or red for Right's, e or green for
either's, green when left out); the vertex G is the ground; '#' starts a
comment; 'A A' is a loop; a repeated line is a second edge. Edges not
connected to the ground are ignored. Several pieces standing on G form a sum.
'-' reads standard input.

A --string is CGSuite's notation: 'l' a blue edge, 'r' a red one, 'e' a green
one, each on top of the current vertex; '(a;b)' grows branches a and b from
it; ':A' names a vertex, and vertices with one name are one vertex. Strings of
'l' and 'r' alone are Blue-Red stalks, valued by Berlekamp's rule. A cut in a
string is the edge at the column of its letter.

Examples:
  onag hackenbush examples/data/house.txt
  onag hackenbush examples/data/house.txt --all --json
  onag hackenbush --string 'e(ee;e)' --string eee
  onag hackenbush --string lrlrrllr --string rl
  onag hackenbush --string 'l(l;rl)' --versus lrl")]
pub struct HackenbushArgs {
    /// Edge-list file ('-' for standard input).
    #[arg(value_name = "FILE", required_unless_present = "string", conflicts_with = "string")]
    pub file: Option<String>,

    /// A green piece in CGSuite string notation (repeat for a sum).
    #[arg(long, value_name = "STRING")]
    pub string: Vec<String>,

    /// List every winning cut, not just one (green pictures; other pictures
    /// always list every winning cut).
    #[arg(long)]
    pub all: bool,

    /// Compare the picture with another written in string notation (repeat
    /// for a sum): is it at least as good for Left?
    #[arg(long, value_name = "STRING")]
    pub versus: Vec<String>,
}

/// Runs `onag hackenbush`.
pub fn run(ctx: &Context, args: HackenbushArgs) -> anyhow::Result<ExitCode> {
    if !args.versus.is_empty() {
        return versus(ctx, &args);
    }
    let (game, unit) = match &args.file {
        Some(path) => {
            let text = read(path)?;
            let name = if path == "-" { "<stdin>" } else { path.as_str() };
            let coloured = onag::ruleset::graph::parse_edge_list(&text);
            if let Ok(picture) = &coloured
                && picture.graph().edges().any(|(_, h)| h.label != GREEN)
            {
                return coloured_file(ctx, &text, picture);
            }
            let game = parse_edge_list(&text).map_err(|green| {
                // Both readers failed: the coloured one reads every green
                // file, so the one that read further found the real fault
                // (a mixed file's colours stop the green reader early).
                let at = |e: &onag::Error| e.location().map(|l| (l.line, l.column));
                let err = match coloured {
                    Err(coloured) if at(&coloured) > at(&green) => coloured,
                    _ => green,
                };
                located(err, name)
            })?;
            (game, "line")
        }
        None => {
            let strings: Vec<&str> = args.string.iter().map(String::as_str).collect();
            if strings.iter().all(|s| !s.is_empty() && s.chars().all(|c| c == 'l' || c == 'r')) {
                let sum = StalkSum::parse(&strings).map_err(|e| located(e, "--string"))?;
                return stalks(ctx, &sum);
            }
            // Green strings (only `e`, `(`, `;`, `)`) go to Green Hackenbush;
            // anything else to the picture parser, which reads every colour
            // and names what it expects when a character is wrong.
            let green = |s: &&str| s.chars().all(|c| matches!(c, 'e' | 'E' | '(' | ';' | ')'));
            if !strings.iter().all(green) {
                let positions = pictures("--string", &args.string)?;
                return ruleset::report(ctx, &HACKENBUSH, &positions);
            }
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

/// The text of FILE, or of standard input for `-`.
fn read(path: &str) -> anyhow::Result<String> {
    if path == "-" {
        std::io::read_to_string(std::io::stdin()).context("cannot read standard input")
    } else {
        std::fs::read_to_string(path).with_context(|| format!("cannot read {path}"))
    }
}

/// Pictures in CGSuite's string notation, as Hackenbush positions.
fn pictures(option: &str, strings: &[String]) -> anyhow::Result<Vec<Box<dyn AnyPosition>>> {
    let several = strings.len() > 1;
    strings
        .iter()
        .enumerate()
        .map(|(i, s)| {
            HACKENBUSH.parse(s).map_err(|e| {
                let what = if several { format!("{option} {}", i + 1) } else { option.to_string() };
                located(e, &what)
            })
        })
        .collect()
}

/// Who wins when `first` moves first, from the outcome class.
fn winner(outcome: PartizanOutcome, first: Player) -> Player {
    match outcome {
        PartizanOutcome::L => Player::Left,
        PartizanOutcome::R => Player::Right,
        PartizanOutcome::P => first.opponent(),
        PartizanOutcome::N => first,
    }
}

/// One winning cut of a Blue-Red string, for `--json`.
#[derive(Serialize)]
struct StalkCut {
    /// The string (1-based).
    string: usize,
    /// The edge, 1-based from the ground: it and all above it go.
    edge: usize,
    /// The value of the sum after the cut.
    value: String,
}

/// A sum of Blue-Red strings, for `--json`.
#[derive(Serialize)]
struct StalkReport {
    value: String,
    outcome: PartizanOutcome,
    winner_if_left_starts: Player,
    winner_if_right_starts: Player,
    left_winning_cuts: Vec<StalkCut>,
    right_winning_cuts: Vec<StalkCut>,
}

/// Blue-Red strings by Berlekamp's rule.
fn stalks(ctx: &Context, sum: &StalkSum) -> anyhow::Result<ExitCode> {
    let cuts = |player| {
        sum.winning_cuts(player)
            .into_iter()
            .map(|c| StalkCut { string: c.stalk + 1, edge: c.edge + 1, value: c.value.to_string() })
            .collect::<Vec<_>>()
    };
    let report = StalkReport {
        value: sum.value().to_string(),
        outcome: sum.outcome(),
        winner_if_left_starts: sum.winner(Player::Left),
        winner_if_right_starts: sum.winner(Player::Right),
        left_winning_cuts: cuts(Player::Left),
        right_winning_cuts: cuts(Player::Right),
    };
    if ctx.json() {
        return render::json(&report);
    }
    let mut out = render::Output::new();
    out.line(format_args!("value: {}", report.value))?;
    out.line(format_args!("outcome: {}", ruleset::outcome_words(report.outcome)))?;
    out.line(format_args!("if Left starts: {} wins", report.winner_if_left_starts))?;
    out.line(format_args!("if Right starts: {} wins", report.winner_if_right_starts))?;
    for (who, cuts) in [("Left", &report.left_winning_cuts), ("Right", &report.right_winning_cuts)]
    {
        if cuts.is_empty() {
            out.line(format_args!("{who}'s winning cuts: none"))?;
            continue;
        }
        out.line(format_args!("{who}'s winning cuts ({}):", cuts.len()))?;
        for c in cuts {
            out.line(format_args!(
                "  string {}, edge {} from the ground   (then {})",
                c.string, c.edge, c.value
            ))?;
        }
    }
    out.finish()
}

/// One winning cut of an edge list, for `--json`.
#[derive(Serialize)]
struct LineCut {
    line: usize,
    from: String,
    to: String,
    /// The value of the picture after the cut.
    value: String,
}

/// A coloured picture, for `--json`.
#[derive(Serialize)]
struct PictureReport {
    value: String,
    outcome: PartizanOutcome,
    winner_if_left_starts: Player,
    winner_if_right_starts: Player,
    left_winning_cuts: Vec<LineCut>,
    right_winning_cuts: Vec<LineCut>,
}

/// A coloured edge list: the value by the ruleset engine, and each winning
/// cut named by its line (the picture without that line, valued again).
fn coloured_file(ctx: &Context, text: &str, picture: &Hackenbush) -> anyhow::Result<ExitCode> {
    let (budget, _bar) = ctx.budget("valuing regions");
    let mut arena = Arena::new().with_budget(budget.clone());
    let mut solver = Solver::new().with_budget(budget);
    let value = solver.value(&mut arena, picture)?;
    let outcome = arena.outcome(value)?;
    let lines: Vec<&str> = text.lines().collect();
    let mut cuts = [Vec::new(), Vec::new()];
    for (i, line) in lines.iter().enumerate() {
        let tokens: Vec<&str> = line.split('#').next().unwrap_or("").split_whitespace().collect();
        let (from, to, colour) = match tokens[..] {
            [a, b] => (a, b, GREEN),
            [a, b, c] => (
                a,
                b,
                match c.to_ascii_lowercase().as_str() {
                    "l" | "b" | "blue" => BLUE,
                    "r" | "red" => RED,
                    _ => GREEN,
                },
            ),
            _ => continue,
        };
        let rest: Vec<&str> =
            lines.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, l)| *l).collect();
        let after = match onag::ruleset::graph::parse_edge_list(&rest.join("\n")) {
            // The same picture: the edge was not connected to the ground.
            Ok(p) if p == *picture => continue,
            Ok(p) => solver.value(&mut arena, &p)?,
            // Nothing left standing on the ground.
            Err(_) => arena.zero(),
        };
        let zero = arena.zero();
        for (side, player) in [(0, BLUE), (1, RED)] {
            if colour & player == 0 {
                continue;
            }
            let wins = if side == 0 { arena.geq(after, zero)? } else { arena.leq(after, zero)? };
            if wins {
                cuts[side].push(LineCut {
                    line: i + 1,
                    from: from.to_string(),
                    to: to.to_string(),
                    value: arena.print(after)?,
                });
            }
        }
    }
    let [left_winning_cuts, right_winning_cuts] = cuts;
    let report = PictureReport {
        value: arena.print(value)?,
        outcome,
        winner_if_left_starts: winner(outcome, Player::Left),
        winner_if_right_starts: winner(outcome, Player::Right),
        left_winning_cuts,
        right_winning_cuts,
    };
    if ctx.json() {
        return render::json(&report);
    }
    let mut out = render::Output::new();
    out.line(format_args!("value: {}", report.value))?;
    out.line(format_args!("outcome: {}", ruleset::outcome_words(report.outcome)))?;
    out.line(format_args!("if Left starts: {} wins", report.winner_if_left_starts))?;
    out.line(format_args!("if Right starts: {} wins", report.winner_if_right_starts))?;
    for (who, cuts) in [("Left", &report.left_winning_cuts), ("Right", &report.right_winning_cuts)]
    {
        if cuts.is_empty() {
            out.line(format_args!("{who}'s winning cuts: none"))?;
            continue;
        }
        out.line(format_args!("{who}'s winning cuts ({}):", cuts.len()))?;
        for c in cuts {
            out.line(format_args!("  line {}: {} {}   (then {})", c.line, c.from, c.to, c.value))?;
        }
    }
    out.finish()
}

/// The value of a sum of pictures in string notation.
fn sum_value(
    arena: &mut Arena,
    solvers: &mut Solvers,
    option: &str,
    strings: &[String],
) -> anyhow::Result<GameId> {
    let mut sum = arena.zero();
    for p in pictures(option, strings)? {
        let v = p.value(arena, solvers)?;
        sum = arena.add(sum, v)?;
    }
    Ok(sum)
}

/// `--versus`: how the picture compares with another, for Left.
fn versus(ctx: &Context, args: &HackenbushArgs) -> anyhow::Result<ExitCode> {
    if args.string.is_empty() {
        anyhow::bail!("--versus compares pictures given with --string");
    }
    let (budget, _bar) = ctx.budget("valuing regions");
    let mut arena = Arena::new().with_budget(budget.clone());
    let mut solvers = Solvers::new();
    solvers.set_budget(budget);
    let a = sum_value(&mut arena, &mut solvers, "--string", &args.string)?;
    let b = sum_value(&mut arena, &mut solvers, "--versus", &args.versus)?;
    let at_least = arena.geq(a, b)?;
    let at_most = arena.leq(a, b)?;
    let relation = match (at_least, at_most) {
        (true, true) => "=",
        (true, false) => ">",
        (false, true) => "<",
        (false, false) => "<>",
    };
    #[derive(Serialize)]
    struct Comparison {
        value: String,
        versus: String,
        relation: &'static str,
        at_least_as_good_for_left: bool,
    }
    let c = Comparison {
        value: arena.print(a)?,
        versus: arena.print(b)?,
        relation,
        at_least_as_good_for_left: at_least,
    };
    if ctx.json() {
        return render::json(&c);
    }
    let mut out = render::Output::new();
    out.line(format_args!("value: {}", c.value))?;
    out.line(format_args!("versus: {}", c.versus))?;
    out.line(format_args!("relation: {} {} {}", c.value, c.relation, c.versus))?;
    out.line(format_args!("at least as good for Left: {}", if at_least { "yes" } else { "no" }))?;
    out.finish()
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

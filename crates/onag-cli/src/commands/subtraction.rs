//! `onag subtraction`: Grundy sequences of subtraction games (finite, all-but
//! and rule sets), their proved periods, and sums of heaps with winning moves.

use std::process::ExitCode;

use anyhow::Context as _;
use clap::{Args, ValueEnum};
use num_traits::ToPrimitive;
use onag::impartial::heap::subtraction::{self, Analysis, Rule, SubtractionSet, SumSolution};
use onag::number::BigUint;
use serde::Serialize;

use crate::commands::Context;
use crate::render;

/// Values computed when `--max-positions` is not given.
const DEFAULT_MAX_POSITIONS: u64 = 100_000_000;

/// Arguments of `onag subtraction`.
#[derive(Debug, Args)]
#[command(
    after_help = "Examples:\n  onag subtraction 1,3,4 --upto 100\n  onag subtraction 1,3,4 7 9 12\n  onag subtraction --all-but 2,3,7 --upto 60\n  onag subtraction --rule squares --upto 50 --json\n\n--timeout takes whole seconds, at least 1."
)]
pub struct SubtractionArgs {
    /// The subtraction set as a comma-separated list (e.g. 1,3,4), then heap
    /// sizes to value as a sum. With --all-but or --rule, only heap sizes.
    #[arg(value_name = "SET [HEAP]...", allow_negative_numbers = true)]
    pub args: Vec<String>,

    /// All-but subtraction: a move may take any amount except these (e.g.
    /// 2,3,7; '' excludes nothing, which is Nim).
    #[arg(long, value_name = "SET", conflicts_with = "rule")]
    pub all_but: Option<String>,

    /// An infinite subtraction set given by a rule.
    #[arg(long, value_enum)]
    pub rule: Option<RuleArg>,

    /// Print the Grundy values g(0..=N) (default 100).
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = crate::args::count)]
    pub upto: Option<u64>,

    /// Look for a proved period among this many values.
    #[arg(long, value_name = "N", default_value_t = 1_000_000, allow_negative_numbers = true,
          value_parser = crate::args::count)]
    pub search: u64,
}

/// The rules for infinite subtraction sets.
#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum RuleArg {
    /// 1, 4, 9, 16, ...
    Squares,
    /// 1, 2, 4, 8, ...
    #[value(name = "powers-of-2")]
    PowersOf2,
    /// 2, 3, 5, 7, ...
    Primes,
}

impl RuleArg {
    fn rule(self) -> Rule {
        match self {
            RuleArg::Squares => Rule::Squares,
            RuleArg::PowersOf2 => Rule::PowersOf2,
            RuleArg::Primes => Rule::Primes,
        }
    }
}

#[derive(Serialize)]
struct Report<'a> {
    set: String,
    sequence: &'a [u32],
    p_positions: Vec<u64>,
    preperiod: Option<u64>,
    period: Option<u64>,
    saltus: Option<u64>,
    certificate: Option<String>,
    searched: u64,
    #[serde(flatten)]
    sum: Option<&'a SumSolution>,
}

fn parse_list(text: &str, what: &str) -> anyhow::Result<Vec<u64>> {
    subtraction::parse_set(text).with_context(|| format!("{what} '{text}'"))
}

/// Runs `onag subtraction`.
pub fn run(ctx: &Context, args: SubtractionArgs) -> anyhow::Result<ExitCode> {
    let mut words = args.args.iter();
    let set = if let Some(list) = &args.all_but {
        // Nothing excluded is a game too: every amount may be taken (Nim).
        let excluded =
            if list.trim().is_empty() { Vec::new() } else { parse_list(list, "--all-but")? };
        SubtractionSet::all_but(excluded).with_context(|| format!("--all-but '{list}'"))?
    } else if let Some(rule) = args.rule {
        SubtractionSet::Rule(rule.rule())
    } else {
        let Some(list) = words.next() else {
            anyhow::bail!("missing the subtraction set (e.g. onag subtraction 1,3,4)");
        };
        SubtractionSet::finite(parse_list(list, "subtraction set")?)
            .with_context(|| format!("subtraction set '{list}'"))?
    };
    let heaps: Vec<BigUint> = words
        .map(|w| crate::args::heap(w).map_err(|e| anyhow::anyhow!("heap '{w}': {e}")))
        .collect::<anyhow::Result<_>>()?;
    let upto = args.upto.unwrap_or(100);
    let (mut budget, _bar) = ctx.budget("subtraction game");
    if ctx.global.max_positions.is_none() {
        budget = budget.with_max_positions(DEFAULT_MAX_POSITIONS);
    }
    // Rule games read heaps from the table: compute it that far. (Finite and
    // all-but games extrapolate beyond it through their proved periods.)
    let mut table_upto = upto;
    if matches!(set, SubtractionSet::Rule(_)) {
        for h in &heaps {
            let h = h.to_u64().filter(|&h| h < u32::MAX as u64).ok_or_else(|| {
                anyhow::anyhow!("heap {h} is too large: this game's values come from a table")
            })?;
            table_upto = table_upto.max(h);
        }
    }
    let analysis = subtraction::analyze(&set, table_upto, args.search, &budget)?;
    let sum =
        if heaps.is_empty() { None } else { Some(subtraction::solve_sum(&analysis, &heaps)?) };
    let shown = (upto as usize + 1).min(analysis.table.len());
    let report = Report {
        set: set.to_string(),
        sequence: &analysis.table[..shown],
        p_positions: analysis.p_positions(upto as usize),
        preperiod: analysis.periodicity.as_ref().map(|p| p.preperiod),
        period: analysis.periodicity.as_ref().map(|p| p.period),
        saltus: analysis.periodicity.as_ref().map(|p| p.saltus),
        certificate: analysis.periodicity.as_ref().map(|p| p.explain()),
        searched: analysis.searched,
        sum: sum.as_ref(),
    };
    if ctx.json() {
        return render::json(&report);
    }
    text(&analysis, &report, sum.as_ref(), heaps.is_empty() || args.upto.is_some())
}

fn join<T: std::fmt::Display>(items: impl IntoIterator<Item = T>) -> String {
    items.into_iter().map(|x| x.to_string()).collect::<Vec<_>>().join(" ")
}

fn text(
    analysis: &Analysis,
    report: &Report<'_>,
    sum: Option<&SumSolution>,
    show_sequence: bool,
) -> anyhow::Result<ExitCode> {
    let mut out = render::Output::new();
    out.line(format_args!("S = {}", report.set))?;
    if show_sequence {
        let last = report.sequence.len().saturating_sub(1);
        out.line(format_args!("g(0..={last}): {}", join(report.sequence)))?;
        out.line(format_args!("P-positions up to {last}: {}", join(&report.p_positions)))?;
    }
    match &analysis.periodicity {
        Some(p) => {
            out.line(format_args!("preperiod: {}", p.preperiod))?;
            if p.saltus == 0 {
                out.line(format_args!("period: {}", p.period))?;
            } else {
                out.line(format_args!(
                    "period: {} (arithmetic, saltus {}: g(n+{}) = g(n) + {})",
                    p.period, p.saltus, p.period, p.saltus
                ))?;
            }
            out.line(format_args!("certificate: {}", p.explain()))?;
        }
        None if matches!(analysis.set, SubtractionSet::Rule(_)) => {
            out.line(format_args!("period: no claim (an infinite rule set)"))?;
        }
        None => {
            out.line(format_args!(
                "period: none proved among the first {} values (raise --search)",
                analysis.searched
            ))?;
        }
    }
    if let Some(sum) = sum {
        for v in &sum.values {
            out.line(format_args!("heap {}: g({}) = {}", v.heap, v.size, v.value))?;
        }
        out.line(format_args!("value: {}", sum.value))?;
        out.line(format_args!("outcome: {}", render::outcome_words(sum.outcome)))?;
        out.moves_heading(sum.winning_moves.is_empty())?;
        for m in &sum.winning_moves {
            out.line(format_args!("  heap {}: {} -> {} (take {})", m.heap, m.from, m.to, m.take))?;
        }
    }
    out.finish()
}

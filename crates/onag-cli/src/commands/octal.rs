//! `onag octal`: Grundy sequences of take-and-break games (octal, hexadecimal,
//! CGSuite's extended codes), certified periods, plots, sums and misère genus.

use std::fs::File;
use std::io::{BufWriter, Write};
use std::process::ExitCode;

use anyhow::{Context as _, bail};
use clap::Args;
use onag::impartial::heap::sequence::{Algorithm, MAX_HEAP};
use onag::impartial::heap::{GrundySequence, TakeAndBreak, nim_value_of_sum, winning_moves};
use onag::impartial::misere::MisereSolver;
use serde::Serialize;

use crate::commands::Context;
use crate::render;

const EXAMPLES: &str = "Examples:
  onag octal 0.77 --upto 1000000        Kayles: period 12 from 71, certified
  onag octal 0.137 --values 0..40       Dawson's chess, values of heaps 0 to 40
  onag octal 4!.0 --upto 1048576 --plot grundy.svg
  onag octal 0.16 --json --upto 600000      certified: period 149459 from 105351
  onag octal 0.77 --sum 5,7,9           value, outcome and winning moves of a sum
  onag octal 4!.0 --genus 0..20         misère genus of heaps, like CGSuite

Codes: digits 0-9 A-V or &N; (bit i: the move may leave i heaps), then ! (heaps
unequal), ? (not all equal) or = (all equal); [..] repeats (0.[3] is Nim).";

/// Arguments of `onag octal`.
#[derive(Debug, Args)]
#[command(after_help = EXAMPLES)]
pub struct OctalArgs {
    /// The take-and-break code, e.g. 0.77 (Kayles), 0.07, 4!.0 (Grundy's game), 0.3F.
    #[arg(value_name = "CODE", allow_hyphen_values = true)]
    pub code: String,

    /// Compute values of heaps 0 to N.
    #[arg(long, value_name = "N", default_value_t = 1000)]
    pub upto: u64,

    /// Print the values of heaps A to B (inclusive).
    #[arg(long, value_name = "A..B", value_parser = parse_range)]
    pub values: Option<(u64, u64)>,

    /// Draw the sequence as an SVG scatter plot into FILE.
    #[arg(long, value_name = "FILE.svg")]
    pub plot: Option<String>,

    /// Write the sequence to FILE: one value a line, or little-endian u32 if FILE ends in .bin.
    #[arg(long, value_name = "FILE")]
    pub output: Option<String>,

    /// Value, outcome and winning moves of the sum of these heaps (normal and misère play).
    #[arg(long, value_name = "H,H,...", value_delimiter = ',', num_args = 1..)]
    pub sum: Option<Vec<u64>>,

    /// Misère genus of heaps A to B (inclusive).
    #[arg(long, value_name = "A..B", value_parser = parse_range)]
    pub genus: Option<(u64, u64)>,
}

fn parse_range(text: &str) -> Result<(u64, u64), String> {
    let (a, b) = text.split_once("..").ok_or("expected A..B, e.g. 0..100")?;
    let b = b.strip_prefix('=').unwrap_or(b);
    let a: u64 = a.trim().parse().map_err(|_| format!("'{a}' is not a non-negative integer"))?;
    let b: u64 = b.trim().parse().map_err(|_| format!("'{b}' is not a non-negative integer"))?;
    if a > b {
        return Err(format!("empty range {a}..{b}"));
    }
    Ok((a, b))
}

#[derive(Serialize)]
struct SumJson {
    heaps: Vec<u64>,
    nim_value: u32,
    outcome: onag::impartial::Outcome,
    winning_moves: Vec<MoveJson>,
    misere_value: u32,
    misere_outcome: onag::impartial::Outcome,
}

#[derive(Serialize)]
struct MoveJson {
    heap: usize,
    from: usize,
    to: Vec<usize>,
}

#[derive(Serialize)]
struct GenusJson {
    heap: u64,
    genus: String,
    misere_value: u32,
}

#[derive(Serialize)]
struct OctalJson<'a> {
    code: String,
    upto: u64,
    sequence: &'a [u32],
    period: Option<usize>,
    preperiod: Option<usize>,
    saltus: Option<u32>,
    certified_at: Option<usize>,
    apparent: Option<onag::impartial::heap::Periodicity>,
    max_value: u32,
    algorithm: Algorithm,
    rare_mask: Option<u32>,
    rare_count: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    sum: Option<SumJson>,
    #[serde(skip_serializing_if = "Option::is_none")]
    genus: Option<Vec<GenusJson>>,
}

fn create(path: &str) -> anyhow::Result<BufWriter<File>> {
    let file = File::create(path).with_context(|| format!("cannot write '{path}'"))?;
    Ok(BufWriter::new(file))
}

/// Runs `onag octal`.
pub fn run(ctx: &Context, args: OctalArgs) -> anyhow::Result<ExitCode> {
    let rule = TakeAndBreak::parse(&args.code).map_err(|e| e.in_source("CODE"))?;
    let mut upto = args.upto;
    for (_, b) in [args.values, args.genus].into_iter().flatten() {
        upto = upto.max(b);
    }
    if let Some(sum) = &args.sum {
        upto = upto.max(sum.iter().copied().max().unwrap_or(0));
    }
    if upto > MAX_HEAP as u64 {
        bail!("--upto {upto}: heaps are limited to {MAX_HEAP}");
    }
    let upto_usize = upto as usize;
    // Open output files first: a bad path fails before a long computation.
    let plot = args.plot.as_deref().map(|p| create(p).map(|w| (p, w))).transpose()?;
    let output = args.output.as_deref().map(|p| create(p).map(|w| (p, w))).transpose()?;

    let (budget, bar) = ctx.budget("Grundy values");
    let seq = rule.sequence(upto_usize, &budget)?;
    drop(bar);

    if let Some((path, mut w)) = output {
        write_sequence(&seq.values, path.ends_with(".bin"), &mut w)
            .with_context(|| format!("cannot write '{path}'"))?;
    }
    if let Some((path, mut w)) = plot {
        crate::plot::scatter(&mut w, &rule.to_string(), &seq.values)
            .and_then(|()| w.flush().map_err(Into::into))
            .with_context(|| format!("cannot write '{path}'"))?;
    }

    let sum = match &args.sum {
        Some(heaps) => Some(solve_sum(ctx, &rule, &seq, heaps)?),
        None => None,
    };
    let genus = match args.genus {
        Some((a, b)) => {
            let (budget, _bar) = ctx.budget("misère genus");
            let mut solver = MisereSolver::new(&rule);
            let mut out = Vec::new();
            for h in a..=b {
                let g = solver.genus(&[h as usize], seq.values[h as usize], &budget)?;
                let misere_value = g.gammas[0];
                out.push(GenusJson { heap: h, genus: g.to_string(), misere_value });
            }
            Some(out)
        }
        None => None,
    };

    if ctx.json() {
        let c = seq.certified;
        return render::json(&OctalJson {
            code: rule.to_string(),
            upto,
            sequence: &seq.values,
            period: c.map(|p| p.period),
            preperiod: c.map(|p| p.preperiod),
            saltus: c.map(|p| p.saltus),
            certified_at: c.map(|_| seq.searched - 1),
            apparent: seq.apparent,
            max_value: seq.max_value(),
            algorithm: seq.algorithm,
            rare_mask: seq.rare_mask,
            rare_count: seq.rare_count,
            sum,
            genus,
        });
    }

    let mut out = render::Output::new();
    if let Some((a, b)) = args.values {
        for start in (a..=b).step_by(10) {
            let end = (start + 9).min(b);
            let row: Vec<String> =
                (start..=end).map(|n| seq.values[n as usize].to_string()).collect();
            out.line(format_args!("{start}: {}", row.join(" ")))?;
        }
    } else if sum.is_none() && genus.is_none() {
        summary(&mut out, &rule, &seq, upto)?;
    }
    if let Some(s) = &sum {
        out.line(format_args!("nim value: {}", s.nim_value))?;
        out.line(format_args!("outcome: {}", render::outcome_words(s.outcome)))?;
        if s.winning_moves.is_empty() {
            out.line(format_args!("winning moves: none (every move loses)"))?;
        } else {
            out.line(format_args!("winning moves:"))?;
            for m in &s.winning_moves {
                let to: Vec<String> = m.to.iter().map(usize::to_string).collect();
                let to = if to.is_empty() { "nothing".to_string() } else { to.join(" + ") };
                out.line(format_args!("  heap {}: {} -> {to}", m.heap, m.from))?;
            }
        }
        out.line(format_args!("misère value: {}", s.misere_value))?;
        out.line(format_args!("misère outcome: {}", render::outcome_words(s.misere_outcome)))?;
    }
    if let Some(g) = &genus {
        for entry in g {
            out.line(format_args!("{}: {}", entry.heap, entry.genus))?;
        }
    }
    out.finish()
}

fn summary(
    out: &mut render::Output,
    rule: &TakeAndBreak,
    seq: &GrundySequence,
    upto: u64,
) -> anyhow::Result<()> {
    out.line(format_args!("code: {rule}"))?;
    out.line(format_args!("heaps: 0..{upto}"))?;
    match seq.certified {
        Some(p) => out.line(format_args!(
            "period {}, preperiod {} (certified at n = {} by the octal periodicity theorem; \
             later values follow from the period)",
            p.period,
            p.preperiod,
            seq.searched - 1
        ))?,
        None => {
            out.line(format_args!("no period found up to {upto}"))?;
            if let Some(a) = seq.apparent {
                let kind =
                    if a.saltus == 0 { String::new() } else { format!(", saltus {}", a.saltus) };
                out.line(format_args!(
                    "apparent: period {}, preperiod {}{kind} (seen up to {upto}, not certified)",
                    a.period, a.preperiod
                ))?;
            }
        }
    }
    out.line(format_args!("largest value: {}", seq.max_value()))?;
    match (seq.algorithm, seq.rare_mask, seq.rare_count) {
        (Algorithm::Sparse, Some(mask), Some(count)) if mask != 0 => out.line(format_args!(
            "algorithm: sparse space; rare values: mask {mask} ({count} rare heaps of {} searched)",
            seq.searched
        ))?,
        (Algorithm::Sparse, ..) => {
            out.line(format_args!("algorithm: sparse space (no rare/common split paid off)"))?
        }
        (Algorithm::Plain, ..) => out.line(format_args!("algorithm: plain"))?,
    }
    Ok(())
}

fn solve_sum(
    ctx: &Context,
    rule: &TakeAndBreak,
    seq: &GrundySequence,
    heaps: &[u64],
) -> anyhow::Result<SumJson> {
    let hs: Vec<usize> = heaps.iter().map(|&h| h as usize).collect();
    let nim_value =
        nim_value_of_sum(&seq.values, &hs).context("heap beyond the computed values")?;
    let moves = winning_moves(rule, &seq.values, &hs).context("heap beyond the computed values")?;
    let (budget, _bar) = ctx.budget("misère search");
    let misere_value = MisereSolver::new(rule).misere_value(&hs, &budget)?;
    Ok(SumJson {
        heaps: heaps.to_vec(),
        nim_value,
        outcome: onag::impartial::Outcome::from_zero(nim_value == 0),
        winning_moves: moves
            .into_iter()
            .map(|(i, to)| MoveJson { heap: i, from: hs[i], to })
            .collect(),
        misere_value,
        misere_outcome: onag::impartial::Outcome::from_zero(misere_value == 0),
    })
}

fn write_sequence(values: &[u32], binary: bool, w: &mut impl Write) -> std::io::Result<()> {
    if binary {
        for v in values {
            w.write_all(&v.to_le_bytes())?;
        }
    } else {
        for v in values {
            writeln!(w, "{v}")?;
        }
    }
    w.flush()
}

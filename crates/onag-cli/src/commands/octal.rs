//! `onag octal`: Grundy sequences of take-and-break games (octal, hexadecimal,
//! CGSuite's extended codes), certified periods, plots, sums and misère genus.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context as _, bail};
use clap::Args;
use onag::impartial::heap::moves::{DEFAULT_LISTED, winning_moves_of_sum};
use onag::impartial::heap::period::Candidate;
use onag::impartial::heap::search;
use onag::impartial::heap::sequence::{Algorithm, MAX_HEAP, Milestone};
use onag::impartial::heap::{GrundySequence, HeapRuleset, TakeAndBreak, winning_moves};
use onag::impartial::misere::{MisereSolver, Phylum};
use onag::number::BigUint;
use onag::{Budget, ErrorKind};
use serde::Serialize;

use crate::atomic::AtomicFile;
use crate::checkpoint::Checkpoint;
use crate::commands::Context;
use crate::{render, signal};

const EXAMPLES: &str = "Examples:
  onag octal 0.16                       search until certified: period 149459 from 105351
  onag octal 0.1777 --limit 200000 --timeout 60   stops short: rare values, candidate
  onag octal 4!.0 --limit 65536 --output grundy.bin   an open game: rare/common by 2^k
  onag octal 0.6 --limit 100000 --checkpoint officers.ckpt   kept as it goes: run it again to go on
  onag octal 0.77 --upto 1000000        Kayles: period 12 from 71, certified
  onag octal 0.137 --values 0..40       Dawson's chess, values of heaps 0 to 40
  onag octal 4!.0 --upto 1048576 --plot grundy.svg
  onag octal 0.16 --json --upto 600000      certified: period 149459 from 105351
  onag octal 0.77 --sum 5,7,9           value, outcome and winning moves of a sum
  onag octal 4!.0 --genus 0..20         misère genus of heaps, like CGSuite

Codes: digits 0-9 A-V or &N; (bit i: the move may leave i heaps), then ! (heaps
unequal), ? (not all equal) or = (all equal); [..] repeats (0.[3] is Nim).

Without --upto, --values, --sum or --genus, search goes on until a period is
certified, or heap 1048576 (1000 for codes outside the octal periodicity
theorem, such as 4!.0, or leaving three heaps; --limit N to go further; N + 1 values take 4 bytes
each and must fit in memory), or the --timeout, or Ctrl-C: then the values
searched are summarised with the best candidate period (the least period of
their last half, and how many values its certificate needs), the rare/common
split and the largest value at every power of two. Progress on stderr shows
the heap reached, the rare and common counts and the candidate period.

Search stops once a period is certified (by the octal periodicity theorem, or
the arithmetic one for a saltus): every later value follows from the period.
Then the summary of --upto N, --values and --sum (the value, and the winning
moves all counted, the first 20 listed) reach heaps of any size up to
2^64-1, and the calculator goes beyond:
game.heap.TakeAndBreak(\"0.77\")(10^30).NimValue. --json, --plot and
--output list every value g(0..=N): at most 10^8 unless --max-positions
allows more (--json and --plot hold them in memory, 4294967293 at most;
--output streams them from the period). Without a certified period every
value is searched and kept in a table, up to the same limits.

The misère search of --sum stops at 300000 positions and --genus at 2000000
(misère canonical forms and their sums); raise them with --max-positions.
The misère value of a --sum is given up after 10 s unless --timeout is set
(whole seconds, at least 1). The genus is printed as CGSuite prints it: g for
a nim heap, one superscript term for tame and restive games, the terms up to
their final 2-cycle otherwise.";

/// Arguments of `onag octal`.
#[derive(Debug, Args)]
#[command(after_help = EXAMPLES)]
pub struct OctalArgs {
    /// The take-and-break code, e.g. 0.77 (Kayles), 0.07, 4!.0 (Grundy's game), 0.3F.
    #[arg(value_name = "CODE", allow_hyphen_values = true)]
    pub code: String,

    /// Summarise heaps 0 to N: period, largest value (--json, --plot and --output: every value).
    /// Without it, search goes on until a period is certified (see --limit).
    #[arg(long, value_name = "N", allow_negative_numbers = true, value_parser = crate::args::count)]
    pub upto: Option<u64>,

    /// Without --upto: search until a period is certified or heap N [default: 1048576].
    #[arg(long, value_name = "N", allow_negative_numbers = true,
          value_parser = crate::args::count, conflicts_with = "upto")]
    pub limit: Option<u64>,

    /// Without --upto: keep the values found in FILE as search goes, and go on
    /// from the values FILE holds (a search cut short by Ctrl-C, --timeout or a crash
    /// resumes).
    #[arg(long, value_name = "FILE", conflicts_with = "upto")]
    pub checkpoint: Option<String>,

    /// Print the values of heaps A to B (inclusive).
    #[arg(long, value_name = "A..B", value_parser = parse_range, allow_hyphen_values = true)]
    pub values: Option<(u64, u64)>,

    /// Draw the sequence as an SVG scatter plot into FILE.
    #[arg(long, value_name = "FILE.svg")]
    pub plot: Option<String>,

    /// Write the values of heaps 0 to N (--upto) to FILE: one value a line, or
    /// little-endian u32 if FILE ends in .bin.
    #[arg(long, value_name = "FILE")]
    pub output: Option<String>,

    /// Value, outcome and winning moves of the sum of these heaps, in normal and misère play.
    #[arg(long, value_name = "H,H,...", value_parser = parse_heaps, allow_hyphen_values = true)]
    pub sum: Option<HeapList>,

    /// Misère genus of heaps A to B (inclusive).
    #[arg(long, value_name = "A..B", value_parser = parse_range, allow_hyphen_values = true)]
    pub genus: Option<(u64, u64)>,
}

fn parse_range(text: &str) -> Result<(u64, u64), String> {
    let (a, b) = text.split_once("..").ok_or("expected A..B, e.g. 0..100")?;
    let b = b.strip_prefix('=').unwrap_or(b);
    let bound = |t: &str| crate::args::count(t.trim()).map_err(|e| format!("'{}' {e}", t.trim()));
    let (a, b) = (bound(a)?, bound(b)?);
    if a > b {
        return Err(format!("empty range {a}..{b}"));
    }
    Ok((a, b))
}

/// The heaps of `--sum`.
#[derive(Debug, Clone)]
pub struct HeapList(pub Vec<u64>);

fn parse_heaps(text: &str) -> Result<HeapList, String> {
    let mut heaps = Vec::new();
    for (i, item) in text.split(',').enumerate() {
        let item = item.trim();
        let n = i + 1;
        if item.is_empty() {
            return Err(format!("item {n} is empty"));
        }
        if item.starts_with('-') {
            return Err(format!("item {n} ('{item}'): heaps must not be negative"));
        }
        let h = item.parse().map_err(|_| format!("item {n} ('{item}') is not a heap size"))?;
        heaps.push(h);
    }
    Ok(HeapList(heaps))
}

/// How far `onag octal CODE` searches for a certified period when no
/// `--limit` is given: a few seconds at most, 4 MB of values.
const DEFAULT_LIMIT: u64 = 1 << 20;
/// The summary's heaps when only `--values`, `--sum` or `--genus` is given.
const DEFAULT_UPTO: u64 = 1000;
/// The default `--max-positions` of the Grundy table when none is given.
const DEFAULT_MAX_POSITIONS: u64 = 100_000_000;
/// The default `--max-positions` of the misère search of a `--sum`.
const DEFAULT_MISERE_POSITIONS: u64 = 300_000;
/// The default `--max-positions` of `--genus`: misère canonical forms and
/// their sums (a few seconds and about 100 MB).
const DEFAULT_GENUS_POSITIONS: u64 = 2_000_000;

/// How long the misère value of a `--sum` (a side result) may take when no
/// `--timeout` is given: big heaps have so many options that even few
/// positions take minutes.
const DEFAULT_MISERE_SECONDS: u64 = 10;
/// Heaps up to this size have their options enumerated (winning moves and
/// misère play); larger ones are answered from the period only.
const MAX_ENUMERATED_HEAP: u64 = 1_000_000;

#[derive(Serialize)]
struct SumJson {
    heaps: Vec<u64>,
    nim_value: u128,
    outcome: onag::impartial::Outcome,
    winning_moves: Option<Vec<MoveJson>>,
    #[serde(serialize_with = "serialize_count")]
    winning_move_count: Option<BigUint>,
    misere_value: Option<u32>,
    misere_outcome: Option<onag::impartial::Outcome>,
    misere_winning_moves: Option<Vec<MoveJson>>,
    #[serde(serialize_with = "serialize_count")]
    misere_winning_move_count: Option<BigUint>,
    #[serde(skip)]
    not_searched: Option<String>,
    #[serde(skip)]
    misere_not_searched: Option<String>,
}

#[derive(Serialize)]
struct MoveJson {
    heap: usize,
    from: u64,
    to: Vec<u64>,
}

fn serialize_count<S: serde::Serializer>(
    count: &Option<BigUint>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    match count {
        Some(c) => onag::number::serde_decimal::serialize(c, serializer),
        None => serializer.serialize_none(),
    }
}

#[derive(Serialize)]
struct GenusJson {
    heap: u64,
    genus: String,
    misere_value: u32,
    phylum: Phylum,
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
    /// Search until certified: the heaps searched, why search stopped, the
    /// best candidate period, the rare/common split at powers of two.
    #[serde(skip_serializing_if = "Option::is_none")]
    search: Option<SearchJson>,
    algorithm: Algorithm,
    rare_mask: Option<u32>,
    rare_count: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    sum: Option<SumJson>,
    #[serde(skip_serializing_if = "Option::is_none")]
    genus: Option<Vec<GenusJson>>,
    /// `--values A..B`: the values of heaps A to B.
    #[serde(skip_serializing_if = "Option::is_none")]
    values: Option<ValuesJson>,
}

/// What a search until certified found (see [`OctalJson::search`]).
#[derive(Serialize)]
struct SearchJson {
    searched: usize,
    limit: u64,
    stopped: Option<String>,
    candidate: Option<Candidate>,
    milestones: Vec<Milestone>,
    #[serde(skip_serializing_if = "Option::is_none")]
    checkpoint: Option<CheckpointJson>,
}

/// The file of `--checkpoint`: the values it held when search started, and holds now.
#[derive(Serialize)]
struct CheckpointJson {
    file: String,
    resumed_from: usize,
    holds: u64,
}

/// The values `--values A..B` asks for.
#[derive(Serialize)]
struct ValuesJson {
    from: u64,
    to: u64,
    values: Vec<u128>,
}

/// An output file, put in place only when complete (see [`crate::atomic`]).
fn create(path: &str) -> anyhow::Result<AtomicFile> {
    AtomicFile::create(path)
}

/// Runs `onag octal`.
pub fn run(ctx: &Context, args: OctalArgs) -> anyhow::Result<ExitCode> {
    let rule = TakeAndBreak::parse(&args.code).map_err(|e| e.in_source("CODE"))?;
    let searching =
        args.upto.is_none() && args.values.is_none() && args.sum.is_none() && args.genus.is_none();
    if let Some(n) = args.limit
        && !searching
    {
        bail!(
            "--limit {n}: only a search until certified (without --values, --sum or --genus) has a limit"
        );
    }
    if args.checkpoint.is_some() && !searching {
        bail!(
            "--checkpoint: only a search until certified (without --values, --sum or --genus) keeps one"
        );
    }
    if searching {
        return run_search(ctx, &rule, &args);
    }
    let upto = args.upto.unwrap_or(DEFAULT_UPTO);
    // --json and --plot hold every value g(0..=upto) in memory, --output
    // writes every one (streamed): tables, bounded like the search's. The
    // summary and the rest read heaps past a certified period from it.
    let table_for = if ctx.json() {
        Some("--json lists every value g(0..=N)")
    } else if args.plot.is_some() {
        Some("--plot draws every value g(0..=N)")
    } else if args.output.is_some() {
        Some("--output writes every value g(0..=N)")
    } else {
        None
    };
    let in_memory = ctx.json() || args.plot.is_some();
    if let Some(why) = table_for
        && in_memory
        && upto > MAX_HEAP as u64
    {
        bail!("--upto {upto} ({why}): such tables are limited to {MAX_HEAP} heaps");
    }
    // The furthest heap asked for, and the option asking for it.
    let mut far = (upto, format!("--upto {upto}"));
    if let Some((a, b)) = args.values
        && b > far.0
    {
        far = (b, format!("--values {a}..{b}"));
    }
    if let Some((a, b)) = args.genus {
        if b > MAX_ENUMERATED_HEAP {
            bail!(
                "--genus {a}..{b}: the misère search is limited to heaps up to {MAX_ENUMERATED_HEAP}"
            );
        }
        if b > far.0 {
            far = (b, format!("--genus {a}..{b}"));
        }
    }
    if let Some(HeapList(heaps)) = &args.sum
        && let Some(&h) = heaps.iter().max()
        && h > far.0
    {
        far = (h, format!("--sum: heap {h}"));
    }
    check_files(args.plot.as_deref(), args.output.as_deref())?;
    let (mut budget, bar) = ctx.budget("Grundy values");
    if ctx.global.max_positions.is_none() {
        budget = budget.with_max_positions(DEFAULT_MAX_POSITIONS);
    }
    if let Some(why) = table_for {
        let count = upto.saturating_add(1);
        budget.check_positions(count).with_context(|| format!("--upto {upto} ({why})"))?;
        // A table held in memory: four bytes a value, refused before any search.
        if in_memory {
            budget
                .check_memory(count.saturating_mul(4))
                .with_context(|| format!("--upto {upto} ({why})"))?;
        }
    }
    // Open output files first: a bad path fails before a long computation.
    let plot = args.plot.as_deref().map(|p| create(p).map(|w| (p, w))).transpose()?;
    let output = args.output.as_deref().map(|p| create(p).map(|w| (p, w))).transpose()?;
    // Search only until a period is certified; heaps beyond follow from it
    // (a short probe first), and only past --upto when none is certified.
    let (mut seq, mut certified_at) =
        search::search(&rule, far.0.min(upto), &budget).with_context(|| far.1.clone())?;
    if far.0 > upto && seq.certified.is_none() {
        seq = rule.sequence_until(far.0, &budget).with_context(|| far.1.clone())?;
        let arithmetic_at = onag::impartial::heap::arith::certify_sequence(&rule, &mut seq);
        certified_at = search::certified_at(&rule, &seq, arithmetic_at);
    }
    if in_memory {
        seq.fill_to(upto as usize).with_context(|| format!("--upto {upto}"))?;
    }
    let table = &seq.values[..(upto as usize).saturating_add(1).min(seq.values.len())];
    let value = |n: u64| {
        seq.wide_value(n).with_context(|| format!("heap {n}: value beyond the computed table"))
    };

    if let Some((path, mut w)) = output {
        write_sequence(&seq, upto, path.ends_with(".bin"), &mut w, &budget)
            .and_then(|()| w.commit().map_err(Into::into))
            .with_context(|| format!("--output: cannot write '{path}'"))?;
    }
    if let Some((path, mut w)) = plot {
        crate::plot::scatter(&mut w, &rule.to_string(), table)
            .and_then(|()| w.commit().map_err(Into::into))
            .with_context(|| format!("cannot write '{path}'"))?;
    }
    drop(bar);

    let sum = match &args.sum {
        Some(HeapList(heaps)) => Some(solve_sum(ctx, &rule, &seq, heaps)?),
        None => None,
    };
    let mut out = render::Output::new();
    let genus = match args.genus {
        Some((a, b)) => {
            let (mut budget, _bar) = ctx.budget("misère genus");
            if ctx.global.max_positions.is_none() {
                budget = budget.with_max_positions(DEFAULT_GENUS_POSITIONS);
            }
            let mut solver = MisereSolver::new(&rule);
            let mut found = Vec::new();
            for h in a..=b {
                budget.progress("misère genus", h - a, Some(b - a + 1));
                let g = solver
                    .genus(&[h as usize], &budget)
                    .with_context(|| format!("--genus: heap {h}"))?;
                let entry = GenusJson {
                    heap: h,
                    genus: g.to_string(),
                    misere_value: g.gammas[0],
                    phylum: g.phylum,
                };
                // Text: print each result as soon as it is known.
                if !ctx.json() && args.values.is_none() && args.sum.is_none() {
                    out.line(format_args!("{}: {}", entry.heap, entry.genus))?;
                    out.flush()?;
                }
                found.push(entry);
            }
            Some(found)
        }
        None => None,
    };

    if ctx.json() {
        let values = match args.values {
            Some((from, to)) => Some(ValuesJson {
                from,
                to,
                values: (from..=to).map(value).collect::<anyhow::Result<_>>()?,
            }),
            None => None,
        };
        let c = seq.certified;
        return render::json(&OctalJson {
            code: rule.to_string(),
            upto,
            sequence: table,
            period: c.map(|p| p.period),
            preperiod: c.map(|p| p.preperiod),
            saltus: c.map(|p| p.saltus),
            certified_at,
            apparent: seq.apparent,
            max_value: table.iter().copied().max().unwrap_or(0),
            search: None,
            algorithm: seq.algorithm,
            rare_mask: seq.rare_mask,
            rare_count: seq.rare_count,
            sum,
            genus,
            values,
        });
    }

    let streamed = args.values.is_none() && args.sum.is_none();
    if let Some((a, b)) = args.values {
        let mut start = a;
        loop {
            let end = start.saturating_add(9).min(b);
            let row = (start..=end).map(|n| value(n).map(|v| v.to_string()));
            let row: Vec<String> = row.collect::<anyhow::Result<_>>()?;
            out.line(format_args!("{start}: {}", row.join(" ")))?;
            if end == b {
                break;
            }
            start = end + 1;
        }
    } else if sum.is_none() && genus.is_none() {
        summary(&mut out, &rule, &seq, upto, certified_at)?;
    }
    if let Some(s) = &sum {
        out.line(format_args!("nim value: {}", s.nim_value))?;
        out.line(format_args!("outcome: {}", render::outcome_words(s.outcome)))?;
        print_moves(
            &mut out,
            "winning moves",
            s.winning_moves.as_deref(),
            s.winning_move_count.as_ref(),
            s.not_searched.as_deref(),
        )?;
        match (s.misere_value, s.misere_outcome) {
            (Some(v), Some(o)) => {
                out.line(format_args!("misère value: {v}"))?;
                out.line(format_args!("misère outcome: {}", render::outcome_words(o)))?;
                print_moves(
                    &mut out,
                    "misère winning moves",
                    s.misere_winning_moves.as_deref(),
                    s.misere_winning_move_count.as_ref(),
                    s.misere_not_searched.as_deref(),
                )?;
            }
            _ => out.line(format_args!(
                "misère value: not computed ({})",
                s.misere_not_searched.as_deref().unwrap_or("not searched")
            ))?,
        }
    }
    if let Some(g) = &genus
        && !streamed
    {
        for entry in g {
            out.line(format_args!("{}: {}", entry.heap, entry.genus))?;
        }
    }
    out.finish()
}

/// The physical memory of this machine in bytes, where the platform says
/// (Linux: `MemTotal` of `/proc/meminfo`).
fn physical_memory() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemTotal:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    kib.checked_mul(1024)
}

/// `onag octal CODE` without `--upto`: search until a period is certified,
/// or `--limit`, `--timeout`, a position or memory limit, or Ctrl-C, then
/// summarise what was found.
fn run_search(ctx: &Context, rule: &TakeAndBreak, args: &OctalArgs) -> anyhow::Result<ExitCode> {
    // Without the octal theorem's criterion (infinitely many digits, heaps
    // that must differ) no period is certified on the way, and codes leaving
    // three heaps take the plain, quadratic algorithm: by default only the
    // summary's first heaps are searched.
    let fast = rule.is_finite() && rule.max_heaps() <= 2;
    let certifiable = rule.periodicity_criterion().is_some();
    let default = if fast && certifiable { DEFAULT_LIMIT } else { DEFAULT_UPTO };
    let limit = args.limit.unwrap_or(default);
    let named = || match args.limit {
        Some(n) => format!("--limit {n}"),
        None => format!("the default limit {default}"),
    };
    if limit > MAX_HEAP as u64 {
        bail!("{}: heaps are limited to {MAX_HEAP} (values are indexed by 32 bits)", named());
    }
    // Four bytes a value, all held in memory: refuse before allocating.
    let bytes = (limit + 1) * 4;
    if let Some(total) = physical_memory()
        && bytes > total
    {
        bail!(
            "{}: {} values need {bytes} bytes, more than this machine's memory ({total} bytes)",
            named(),
            limit + 1
        );
    }
    if let Some(max) = ctx.global.max_memory
        && bytes > max
    {
        bail!("{}: {} values need {bytes} bytes, more than --max-memory {max}", named(), limit + 1);
    }
    check_files(args.plot.as_deref(), args.output.as_deref())?;
    let plot = args.plot.as_deref().map(|p| create(p).map(|w| (p, w))).transpose()?;
    let output = args.output.as_deref().map(|p| create(p).map(|w| (p, w))).transpose()?;
    let (mut checkpoint, known) = match args.checkpoint.as_deref() {
        Some(path) => {
            let (c, known) = Checkpoint::open(path, rule, limit)?;
            (Some(c), known)
        }
        None => (None, Vec::new()),
    };
    let resumed = known.len();
    let (budget, bar) = ctx.budget("Grundy values");
    let mut next = resumed as u64;
    let mut keep = |batch: &[u32]| -> onag::Result<()> {
        if let Some(c) = checkpoint.as_mut() {
            c.append(next, batch).map_err(|e| {
                onag::Error::new(ErrorKind::Io, format!("--checkpoint '{}': {e}", c.path()))
            })?;
        }
        next += batch.len() as u64;
        Ok(())
    };
    let mut seq =
        rule.search_from(known, limit as usize, &budget, &mut keep).with_context(named)?;
    let arithmetic_at = onag::impartial::heap::arith::certify_sequence(rule, &mut seq);
    drop(bar);
    let interrupted = signal::cancel_flag().load(std::sync::atomic::Ordering::Relaxed);
    let certified_at = search::certified_at(rule, &seq, arithmetic_at);
    let upto = seq.searched.saturating_sub(1) as u64;
    let table = &seq.values[..seq.searched];
    let (writer, _bar) = ctx.budget("writing values");
    if let Some((path, mut w)) = output {
        write_sequence(&seq, upto, path.ends_with(".bin"), &mut w, &writer)
            .and_then(|()| w.commit().map_err(Into::into))
            .with_context(|| format!("--output: cannot write '{path}'"))?;
    }
    if let Some((path, mut w)) = plot {
        crate::plot::scatter(&mut w, &rule.to_string(), table)
            .and_then(|()| w.commit().map_err(Into::into))
            .with_context(|| format!("cannot write '{path}'"))?;
    }
    let milestones = seq.milestones();
    let code =
        if interrupted { ExitCode::from(render::EXIT_INTERRUPTED) } else { ExitCode::SUCCESS };
    if ctx.json() {
        let c = seq.certified;
        render::json(&OctalJson {
            code: rule.to_string(),
            upto,
            sequence: table,
            period: c.map(|p| p.period),
            preperiod: c.map(|p| p.preperiod),
            saltus: c.map(|p| p.saltus),
            certified_at,
            apparent: seq.apparent,
            max_value: table.iter().copied().max().unwrap_or(0),
            search: Some(SearchJson {
                searched: seq.searched,
                limit,
                stopped: seq.stopped.clone(),
                candidate: seq.candidate,
                milestones,
                checkpoint: checkpoint.as_ref().map(|c| CheckpointJson {
                    file: c.path().to_string(),
                    resumed_from: resumed,
                    holds: c.held(),
                }),
            }),
            algorithm: seq.algorithm,
            rare_mask: seq.rare_mask,
            rare_count: seq.rare_count,
            sum: None,
            genus: None,
            values: None,
        })?;
        return Ok(code);
    }
    let mut out = render::Output::new();
    summary(&mut out, rule, &seq, upto, certified_at)?;
    if seq.certified.is_none() {
        let why = match &seq.stopped {
            Some(why) => format!("stopped: {why}"),
            None => format!("limit {limit} reached; raise it with --limit"),
        };
        out.line(format_args!("searched: heaps 0..{upto} ({why})"))?;
        match seq.candidate {
            Some(c) => out.line(format_args!(
                "candidate: period {}, preperiod {} (the last half of the values repeats; \
                 certified once heaps 0..={} agree)",
                c.period,
                c.preperiod,
                c.needed.saturating_sub(1)
            ))?,
            None if rule.periodicity_criterion().is_none() => out.line(format_args!(
                "candidate: not sought (the octal periodicity theorem does not apply to this code)"
            ))?,
            None => out.line(format_args!("candidate: none (the last half does not repeat)"))?,
        }
        let mask = seq.rare_mask.unwrap_or(0);
        out.line(format_args!("heaps below 2^k: rare, common (mask {mask}), largest value"))?;
        for m in &milestones {
            let k = if m.heaps.is_power_of_two() {
                format!("2^{}", m.heaps.trailing_zeros())
            } else {
                format!("{}", m.heaps)
            };
            out.line(format_args!("  {k}: {} {} {}", m.rare, m.common, m.largest))?;
        }
    }
    if let Some(c) = &checkpoint {
        out.line(format_args!(
            "checkpoint: '{}' holds heaps 0..{} (search went on from heap {resumed})",
            c.path(),
            c.held().saturating_sub(1)
        ))?;
    }
    out.finish()?;
    Ok(code)
}

/// The largest value of heaps `0..=upto`: from the table, and past it from
/// the certified period (the table holds a whole period; with a saltus the
/// values grow, so the largest lies among the last period's heaps). Wide
/// enough for any heap up to 2^64 − 1.
fn largest_value(seq: &GrundySequence, upto: u64) -> u128 {
    let len = seq.values.len();
    let shown = usize::try_from(upto).map_or(len, |u| u.saturating_add(1).min(len));
    let mut max = u128::from(seq.values[..shown].iter().copied().max().unwrap_or(0));
    if let Some(c) = seq.certified
        && c.saltus > 0
        && upto >= len as u64
    {
        let (pp, p) = (c.preperiod as u64, c.period as u64);
        for n in upto.saturating_sub(p - 1).max(len as u64)..=upto {
            let offset = n - pp;
            let base = seq.values[(pp + offset % p) as usize];
            let grown = u128::from(c.saltus) * u128::from(offset / p) + u128::from(base);
            max = max.max(grown);
        }
    }
    max
}

fn summary(
    out: &mut render::Output,
    rule: &TakeAndBreak,
    seq: &GrundySequence,
    upto: u64,
    certified_at: Option<usize>,
) -> anyhow::Result<()> {
    out.line(format_args!("code: {rule}"))?;
    out.line(format_args!("heaps: 0..{upto}"))?;
    match search::certificate(seq, certified_at) {
        Some(certificate) => out.line(format_args!("{certificate}"))?,
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
    out.line(format_args!("largest value: {}", largest_value(seq, upto)))?;
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

/// Prints a list of winning moves under `label`: all counted, the listed
/// ones line by line, or why they were not searched.
fn print_moves(
    out: &mut render::Output,
    label: &str,
    moves: Option<&[MoveJson]>,
    count: Option<&BigUint>,
    why: Option<&str>,
) -> anyhow::Result<()> {
    match moves {
        None => out.line(format_args!("{label}: not listed ({})", why.unwrap_or("not searched"))),
        Some([]) => out.line(format_args!("{label}: none (every move loses)")),
        Some(moves) => {
            match count {
                Some(count) if *count > BigUint::from(moves.len()) => out.line(format_args!(
                    "{label}: {count} in all, the first {} listed:",
                    moves.len()
                ))?,
                _ => out.line(format_args!("{label}:"))?,
            }
            for m in moves {
                let to: Vec<String> = m.to.iter().map(u64::to_string).collect();
                let to = if to.is_empty() { "nothing".to_string() } else { to.join(" + ") };
                out.line(format_args!("  heap {}: {} -> {to}", m.heap, m.from))?;
            }
            Ok(())
        }
    }
}

/// The first [`DEFAULT_LISTED`] of `moves` (heap index, heaps it becomes)
/// in a sum of the heaps `hs`.
fn listed_moves(hs: &[usize], moves: Vec<(usize, Vec<usize>)>) -> Vec<MoveJson> {
    moves
        .into_iter()
        .take(DEFAULT_LISTED)
        .map(|(i, to)| MoveJson {
            heap: i,
            from: hs[i] as u64,
            to: to.into_iter().map(|h| h as u64).collect(),
        })
        .collect()
}

fn solve_sum(
    ctx: &Context,
    rule: &TakeAndBreak,
    seq: &GrundySequence,
    heaps: &[u64],
) -> anyhow::Result<SumJson> {
    let mut nim_value = 0u128;
    for &h in heaps {
        nim_value ^= seq
            .wide_value(h)
            .with_context(|| format!("--sum: heap {h}: value beyond the computed table"))?;
    }
    let largest = heaps.iter().copied().max().unwrap_or(0);
    let mut json = SumJson {
        heaps: heaps.to_vec(),
        nim_value,
        outcome: onag::impartial::Outcome::from_zero(nim_value == 0),
        winning_moves: None,
        winning_move_count: None,
        misere_value: None,
        misere_outcome: None,
        misere_winning_moves: None,
        misere_winning_move_count: None,
        not_searched: None,
        misere_not_searched: None,
    };
    if largest > MAX_ENUMERATED_HEAP {
        let why = format!("heap {largest} exceeds {MAX_ENUMERATED_HEAP}");
        // With a certified period the winning moves follow from it.
        match seq.certified.map(|_| winning_moves_of_sum(rule, seq, heaps, DEFAULT_LISTED)) {
            Some(Ok(found)) => {
                json.winning_moves = Some(
                    found
                        .listed
                        .into_iter()
                        .map(|m| MoveJson { heap: m.heap, from: m.from, to: m.to })
                        .collect(),
                );
                json.winning_move_count = Some(found.count);
            }
            Some(Err(e)) => json.not_searched = Some(e.to_string()),
            None => json.not_searched = Some(why.clone()),
        }
        json.misere_not_searched = Some(why);
        return Ok(json);
    }
    // Every heap fits in memory here: a table of values up to the largest.
    let values: Vec<u32> = (0..=largest)
        .map(|n| seq.value(n).with_context(|| format!("heap {n}: value unknown")))
        .collect::<anyhow::Result<_>>()?;
    let hs: Vec<usize> = heaps.iter().map(|&h| h as usize).collect();
    let moves = winning_moves(rule, &values, &hs).context("heap beyond the computed values")?;
    // Counted in full, listed up to the same number as for huge heaps.
    json.winning_move_count = Some(BigUint::from(moves.len()));
    json.winning_moves = Some(listed_moves(&hs, moves));
    let (mut budget, _bar) = ctx.budget("misère search");
    if ctx.global.max_positions.is_none() {
        budget = budget.with_max_positions(DEFAULT_MISERE_POSITIONS);
    }
    let default_deadline = ctx.global.timeout.is_none();
    if default_deadline {
        budget = budget.with_timeout(std::time::Duration::from_secs(DEFAULT_MISERE_SECONDS));
    }
    let mut solver = MisereSolver::new(rule);
    let found = solver.misere_value(&hs, &budget).and_then(|v| {
        json.misere_value = Some(v);
        json.misere_outcome = Some(onag::impartial::Outcome::from_zero(v == 0));
        if v == 0 { Ok(Vec::new()) } else { solver.misere_winning_moves(&hs, &budget) }
    });
    match found {
        Ok(moves) => {
            json.misere_winning_move_count = Some(BigUint::from(moves.len()));
            json.misere_winning_moves = Some(listed_moves(&hs, moves));
        }
        Err(e) if e.kind() == ErrorKind::LimitExceeded => {
            let why = if default_deadline && e.message().starts_with("time limit reached") {
                format!("stopped after {DEFAULT_MISERE_SECONDS} s; allow longer with --timeout")
            } else {
                e.to_string()
            };
            json.misere_not_searched = Some(why);
        }
        Err(e) => return Err(e.into()),
    }
    Ok(json)
}

/// Writes the values of heaps `0..=upto`, from the table and past it from
/// the certified period, so memory stays bounded however many are written.
fn write_sequence(
    seq: &GrundySequence,
    upto: u64,
    binary: bool,
    w: &mut impl Write,
    budget: &Budget,
) -> anyhow::Result<()> {
    for n in 0..=upto {
        if n % (1 << 16) == 0 && n > 0 {
            budget.check(0)?;
            budget.progress("writing values", n, Some(upto.saturating_add(1)));
        }
        let v = seq.value(n).with_context(|| format!("heap {n}: the value exceeds 2^32 - 1"))?;
        if binary {
            w.write_all(&v.to_le_bytes())?;
        } else {
            writeln!(w, "{v}")?;
        }
    }
    w.flush()?;
    Ok(())
}

/// Checks the file names of `--plot` and `--output` before anything is
/// written: the plot is SVG, and the two must not overwrite each other.
fn check_files(plot: Option<&str>, output: Option<&str>) -> anyhow::Result<()> {
    if let Some(p) = plot
        && !p.to_ascii_lowercase().ends_with(".svg")
    {
        bail!("--plot '{p}': the plot is drawn as SVG; give a file name ending in .svg");
    }
    if let (Some(p), Some(o)) = (plot, output)
        && resolve(p) == resolve(o)
    {
        bail!("--plot '{p}' and --output '{o}' name the same file");
    }
    Ok(())
}

/// `path` made absolute with links resolved, as far as the file or its
/// directory exists, so that two names of one file compare equal.
fn resolve(path: &str) -> PathBuf {
    let path = Path::new(path);
    if let Ok(full) = std::fs::canonicalize(path) {
        return full;
    }
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    match (std::fs::canonicalize(dir), path.file_name()) {
        (Ok(dir), Some(name)) => dir.join(name),
        _ => path.to_path_buf(),
    }
}

//! `onag graph --loopy`: generalised Sprague–Grundy values of impartial graphs
//! with cycles, for single positions and sums across files.
//!
//! Values print as numbers, or `∞(0,2)` for an infinite value whose moves
//! reach the finite values 0 and 2 (`∞` when they reach none); in JSON as
//! `{"finite": 3}` or `{"infinite": [0, 2]}` beside the printed `text`.

use std::process::ExitCode;

use onag::impartial::graph::{GameGraph, PositionId};
use onag::loopy::grundy::{LoopyValue, SumOutcome, loopy_grundy, sum_value};
use serde::Serialize;

use crate::commands::Context;
use crate::commands::graph::{LoadedGraph, chosen_position, resolve};
use crate::render;

#[derive(Serialize)]
struct Row<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    file: Option<&'a str>,
    name: &'a str,
    value: &'a LoopyValue,
    text: String,
    outcome: SumOutcome,
}

#[derive(Serialize)]
struct MoveReport<'a> {
    #[serde(skip_serializing_if = "Option::is_none")]
    component: Option<usize>,
    #[serde(skip_serializing_if = "Option::is_none")]
    file: Option<&'a str>,
    from: &'a str,
    to: &'a str,
}

#[derive(Serialize)]
struct Report<'a> {
    play: &'static str,
    position: String,
    value: LoopyValue,
    text: String,
    outcome: SumOutcome,
    winning_moves: Vec<MoveReport<'a>>,
    drawing_moves: Vec<MoveReport<'a>>,
    positions: Vec<Row<'a>>,
}

fn outcome_words(outcome: SumOutcome) -> &'static str {
    match outcome {
        SumOutcome::P => "P (the player to move loses)",
        SumOutcome::N => "N (the player to move wins)",
        SumOutcome::Draw => "D (a draw: neither player can force a win)",
    }
}

/// Runs `onag graph --loopy` on loaded graphs (tags already rejected).
pub fn run(
    ctx: &Context,
    graphs: &[LoadedGraph],
    position: Option<&str>,
    sum: &[String],
) -> anyhow::Result<ExitCode> {
    let (budget, _bar) = ctx.budget("loopy values");
    let mut values = Vec::with_capacity(graphs.len());
    for g in graphs {
        values.push(loopy_grundy(&g.graph, &budget)?);
    }
    let parts: Vec<(usize, PositionId)> = if sum.is_empty() {
        vec![chosen_position(position, graphs)?]
    } else {
        if position.is_some() {
            anyhow::bail!("--position with --sum: the sum's components are its positions");
        }
        sum.iter().map(|spec| resolve(spec, graphs, "--sum")).collect::<anyhow::Result<_>>()?
    };
    let several = graphs.len() > 1;
    let value_of = |i: usize, p: PositionId| &values[i][p.index()];
    let total =
        parts.iter().fold(LoopyValue::Finite(0), |acc, &(i, p)| sum_value(&acc, value_of(i, p)));
    let outcome = total.outcome();
    // A move in one component changes only that component's value.
    let mut winning_moves = Vec::new();
    let mut drawing_moves = Vec::new();
    for (c, &(i, p)) in parts.iter().enumerate() {
        let graph: &GameGraph = &graphs[i].graph;
        let rest = parts
            .iter()
            .enumerate()
            .filter(|&(k, _)| k != c)
            .fold(LoopyValue::Finite(0), |acc, (_, &(j, q))| sum_value(&acc, value_of(j, q)));
        for &q in graph.moves(p) {
            let after = sum_value(&rest, value_of(i, q));
            let report = MoveReport {
                component: (parts.len() > 1).then_some(c),
                file: several.then_some(graphs[i].file.as_str()),
                from: graph.name(p),
                to: graph.name(q),
            };
            match after.outcome() {
                SumOutcome::P => winning_moves.push(report),
                SumOutcome::Draw if outcome == SumOutcome::Draw => drawing_moves.push(report),
                _ => {}
            }
        }
    }
    let name_of = |i: usize, p: PositionId| -> String {
        if several {
            format!("{}:{}", graphs[i].file, graphs[i].graph.name(p))
        } else {
            graphs[i].graph.name(p).to_string()
        }
    };
    let position_text = parts.iter().map(|&(i, p)| name_of(i, p)).collect::<Vec<_>>().join(" + ");
    let values_ref = &values;
    let rows = || {
        graphs.iter().enumerate().flat_map(move |(i, g)| {
            g.graph.positions().map(move |p| {
                let value = &values_ref[i][p.index()];
                Row {
                    file: several.then_some(g.file.as_str()),
                    name: g.graph.name(p),
                    value,
                    text: value.to_string(),
                    outcome: value.outcome(),
                }
            })
        })
    };
    if ctx.json() {
        return render::json(&Report {
            play: "loopy",
            position: position_text,
            text: total.to_string(),
            value: total,
            outcome,
            winning_moves,
            drawing_moves,
            positions: rows().collect(),
        });
    }
    let mut out = render::Output::new();
    out.line(format_args!("play: loopy (generalised Sprague-Grundy values)"))?;
    out.line(format_args!("position: {position_text}"))?;
    out.line(format_args!("value: {total}"))?;
    out.line(format_args!("outcome: {}", outcome_words(outcome)))?;
    let list = |moves: &[MoveReport<'_>]| -> String {
        moves
            .iter()
            .map(|m| match m.component {
                Some(c) => format!("component {c}: {} -> {}", m.from, m.to),
                None => m.to.to_string(),
            })
            .collect::<Vec<_>>()
            .join(", ")
    };
    match outcome {
        SumOutcome::N => out.line(format_args!("winning moves: {}", list(&winning_moves)))?,
        SumOutcome::P => out.line(format_args!("winning moves: none (every move loses)"))?,
        SumOutcome::Draw => out.line(format_args!("drawing moves: {}", list(&drawing_moves)))?,
    }
    let rows: Vec<Row<'_>> = rows().collect();
    let width = rows
        .iter()
        .map(|r| r.file.map_or(0, |f| f.chars().count() + 1) + r.name.chars().count())
        .max()
        .unwrap_or(0);
    let value_width = rows.iter().map(|r| r.text.chars().count()).max().unwrap_or(0);
    out.line(format_args!("positions:"))?;
    for r in &rows {
        let label = match r.file {
            Some(f) => format!("{f}:{}", r.name),
            None => r.name.to_string(),
        };
        let label = render::pad(&label, width, render::Align::Left);
        let text = render::pad(&r.text, value_width, render::Align::Right);
        out.line(format_args!("  {label}  {text}  {}", r.outcome))?;
    }
    out.finish()
}

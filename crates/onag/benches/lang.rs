//! Calculator speed: start-up (a fresh session evaluating `0`), parsing,
//! evaluating typical inputs, collections built element by element, and a
//! 1,000-line worksheet of small script statements (thread CPU time; the target is well under 1 s). The process start-up of `onag eval 0` is
//! measured separately (see the report); this bench isolates the library part.

#![allow(missing_docs, reason = "criterion's macros generate undocumented items")]

use criterion::{Criterion, black_box, criterion_group, criterion_main};
use onag::Budget;
use onag::lang::{Session, parse};

mod support;
use support::CpuTime;

fn startup(c: &mut Criterion) {
    c.bench_function("lang/session_new_and_eval_0", |b| {
        b.iter(|| {
            let mut session = Session::new();
            black_box(session.run_to_string(black_box("0"), &Budget::unlimited()).ok())
        })
    });
}

fn parsing(c: &mut Criterion) {
    let text = (1..=200).map(|k| format!("+-{k}")).collect::<Vec<_>>().join("+");
    c.bench_function("lang/parse_sum_of_200_switches", |b| b.iter(|| parse(black_box(&text))));
}

fn evaluating(c: &mut Criterion) {
    c.bench_function("lang/comprehension_10000", |b| {
        b.iter(|| {
            let mut session = Session::new();
            black_box(
                session.run_to_string("[n*n % 7 for n from 1 to 10000]", &Budget::unlimited()).ok(),
            )
        })
    });
}

/// A 1,000-line worksheet of small statements, the kind a CGSuite user
/// writes: assignments, game arithmetic, members, conditions, loops and a
/// function, each line one input of one session (as `onag run` runs them).
pub fn worksheet_lines() -> Vec<String> {
    let templates = [
        "x{k} := {k} + *{m}",
        "x{k} + ^ + {{{m}|0}}",
        "{{{k}||{m}|0}}.Temperature",
        "if {k} % 3 == 0 then *{m} else {k}/{d} end",
        "[n*n for n from 1 to 10 where n % 2 == {m2}]",
        "s := 0; for n from 1 to 20 do s := s + n end; s",
        "def f{k}(x) := x + {m}",
        "f{k}(*{m})",
        "{{{k}, *{m}, ^}}",
        "(3+-{m}).LeftOptions",
    ];
    (0..1000)
        .map(|i| {
            let k = i / templates.len();
            templates[i % templates.len()]
                .replace("{k}", &k.to_string())
                .replace("{m}", &(k % 7 + 1).to_string())
                .replace("{m2}", &(k % 2).to_string())
                .replace("{d}", &(1 << (k % 4)).to_string())
                .replace("{{", "{")
                .replace("}}", "}")
        })
        .collect()
}

fn worksheet(c: &mut Criterion<CpuTime>) {
    let lines = worksheet_lines();
    // Every line must evaluate, or the bench measures error paths.
    let mut check = Session::new();
    for line in &lines {
        if let Err(e) = check.run_to_string(line, &Budget::unlimited()) {
            panic!("worksheet line {line:?} fails: {e}");
        }
    }
    c.bench_function("lang/worksheet_1000_lines", |b| {
        b.iter(|| {
            let mut session = Session::new();
            for line in &lines {
                black_box(session.run_to_string(black_box(line), &Budget::unlimited()).ok());
            }
        })
    });
}

/// Collections built one element at a time stay linear: 10^5 `Put`s into a
/// `MutableMap`, 10^5 `m := m.Updated(k, v)`, 10^5 `Add`s to a `MutableSet`
/// and 10^5 reads `l[i]` of a `MutableList` (each target under 1 s).
fn collections(c: &mut Criterion<CpuTime>) {
    let scripts = [
        (
            "lang/mutable_map_100000_puts",
            "m := MutableMap(); for i from 1 to 100000 do m.Put(i, i * i) end; m.Size",
        ),
        (
            "lang/map_100000_updated",
            "m := {=>}; for i from 1 to 100000 do m := m.Updated(i, i * i) end; m.Size",
        ),
        (
            "lang/mutable_set_100000_adds",
            "s := MutableSet(); for i from 1 to 100000 do s.Add(i * 7 % 100003) end; s.Size",
        ),
        (
            "lang/mutable_list_100000_reads",
            "l := MutableList(); for i from 1 to 100000 do l.Add(i) end; t := 0; for i from 1 to 100000 do t := t + l[i] end; t",
        ),
    ];
    for (name, script) in scripts {
        let mut check = Session::new();
        assert_eq!(
            check.run_to_string(script, &Budget::unlimited()).ok().as_deref(),
            Some(if name.ends_with("reads") { "5000050000" } else { "100000" }),
            "{name}"
        );
        c.bench_function(name, |b| {
            b.iter(|| {
                let mut session = Session::new();
                black_box(session.run_to_string(black_box(script), &Budget::unlimited()).ok())
            })
        });
    }
}

/// A game declared in CGScript, valued by the engine: Domineering as a
/// twelve-line `GridRuleset` class with `Decomposition` (the test
/// library's `mine.Domineering`), on the empty 5 × 5 board (target: under
/// 5 s of CPU).
fn user_games(c: &mut Criterion<CpuTime>) {
    let library = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/it/data/classes");
    let script = "mine.Domineering(Grid.Empty(5,5)).CanonicalForm";
    let run = || {
        let mut session = Session::new();
        session.set_library_path(vec![library.clone()]);
        session.run_to_string(script, &Budget::unlimited()).ok()
    };
    assert_eq!(run().as_deref(), Some("0"));
    c.bench_function("lang/user_domineering_5x5", |b| b.iter(|| black_box(run())));
}

criterion_group!(benches, startup, parsing, evaluating);
criterion_group! {
    name = scripts;
    config = Criterion::default().with_measurement(CpuTime).sample_size(10);
    targets = worksheet, collections
}
criterion_group! {
    name = user;
    config = Criterion::default().with_measurement(CpuTime).sample_size(10);
    targets = user_games
}
criterion_main!(benches, scripts, user);

//! The value writer: any calculator value in CGSuite's plain-text
//! notation, reading the session's arenas for games and misère games.

use crate::budget::Budget;
use crate::error::Result;
use crate::lang::runtime::context::Eval;
use crate::lang::syntax::lexer::Span;
use crate::lang::value::{Value, write_number, write_string};

/// Writes `value` in CGSuite's plain-text notation.
pub(crate) fn write(ev: &mut Eval<'_>, out: &mut String, value: &Value) -> Result<()> {
    match value {
        Value::Game(g) => out.push_str(&ev.state.arena.print(*g)?),
        Value::GameSet(games) => out.push_str(&ev.state.arena.print_set(games)?),
        Value::Outcome(o) => out.push_str(&o.to_string()),
        Value::Number(q) => write_number(out, &q.to_big()),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Str(s) => write_string(out, s),
        Value::List(items) | Value::Set(items) => {
            let (open, close) =
                if matches!(value, Value::List(_)) { ('[', ']') } else { ('{', '}') };
            out.push(open);
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write(ev, out, item)?;
            }
            out.push(close);
        }
        Value::Range(r) => out.push_str(&r.notation()),
        Value::Table(rows) => {
            let mut cells = Vec::with_capacity(rows.len());
            for row in rows {
                let mut texts = Vec::with_capacity(row.len());
                for cell in row {
                    // An empty cell is `Nothing`, as in CGSuite's tables.
                    let mut text = String::new();
                    if *cell != Value::Nothing {
                        write(ev, &mut text, cell)?;
                    }
                    texts.push(text);
                }
                cells.push(texts);
            }
            out.push_str(&crate::lang::classes::table::layout(&cells));
        }
        Value::Entry(entry) => {
            write(ev, out, &entry.0)?;
            out.push_str(" => ");
            write(ev, out, &entry.1)?;
        }
        Value::Pair(a, b) => {
            out.push('(');
            write(ev, out, a)?;
            out.push(',');
            write(ev, out, b)?;
            out.push(')');
        }
        Value::Position(p) => out.push_str(&p.cgsuite()),
        Value::PartizanRuleset(r, params) => {
            out.push_str(&crate::lang::classes::catalog::ruleset_name(r, params.as_ref()))
        }
        Value::Builtin(path) => out.push_str(path),
        Value::Ruleset(rules) => out.push_str(&rules.name()),
        Value::Heap(h) => out.push_str(&format!("{}({})", h.0.name(), h.1)),
        Value::Classic(position) => out.push_str(&position.name()),
        Value::ClassicRuleset(rules) => out.push_str(&rules.name()),
        Value::Infinity(negative) => out.push_str(if *negative { "-inf" } else { "inf" }),
        Value::Explicit(e) => {
            crate::lang::classes::explicit::write(out, e, &mut |v, out| write(ev, out, v))?;
        }
        Value::Periodicity { period, preperiod, saltus } => out.push_str(&format!(
            "Periodicity(Period => {period}, Preperiod => {preperiod}, Saltus => {saltus})"
        )),
        Value::Genus(text) | Value::Expansion(text) | Value::Output(text) => out.push_str(text),
        Value::Misere(g) => out.push_str(&ev.state.misere.print(*g, &Budget::unlimited())?),
        Value::Turning(rule) => {
            out.push_str("game.strip.Turning(");
            write_string(out, rule.text());
            out.push(')');
        }
        Value::Thermograph(t) => out.push_str(&t.to_string()),
        Value::Trajectory(w) => out.push_str(&format!("Trajectory({w})")),
        Value::Class(path) => {
            out.push('⟪');
            out.push_str(path);
            out.push('⟫');
        }
        Value::Nothing => out.push_str("Nothing"),
        Value::Loopy(v) => out.push_str(&crate::lang::classes::loopy::show(
            &mut ev.state.arena,
            v,
            &Budget::unlimited(),
        )?),
        Value::LoopyOutcome(o) => out.push_str(&o.to_string()),
        Value::Function(f) => out.push_str(&f.text),
        Value::Map(entries) => {
            if entries.is_empty() {
                out.push_str("{=>}");
            } else {
                out.push('{');
                let entries = ev.sorted_entries(entries, Span::default())?;
                write_entries(ev, out, &entries)?;
                out.push('}');
            }
        }
        Value::Grid(g) => out.push_str(&crate::lang::value::grid::show(g)),
        Value::Graph(g) => {
            let text = crate::lang::classes::graph::write(ev, g, None, None, Span::default())?;
            out.push_str("Graph(\"");
            out.push_str(&text);
            out.push_str("\")");
        }
        Value::Strip(s) => out.push_str(&crate::lang::classes::strip::show(s)),
        Value::Random(r) => out.push_str(&format!("Random({})", r.seed())),
        Value::Transfinite(x) => out.push_str(&x.to_string()),
        Value::TransfiniteNimber(x) => {
            out.push_str(&crate::lang::classes::transfinite::show_nimber(x))
        }
        Value::Mutable(m) => {
            let contents = ev.contents(m, Span::default())?;
            out.push_str(contents.class_name());
            out.push('(');
            let items: Vec<&Value> = match &contents {
                crate::lang::value::mutable::Contents::List(items) => items.iter().collect(),
                crate::lang::value::mutable::Contents::Set(items) => items.iter().collect(),
                crate::lang::value::mutable::Contents::Map(_) => Vec::new(),
            };
            for (i, item) in items.into_iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write(ev, out, item)?;
            }
            match &contents {
                crate::lang::value::mutable::Contents::List(_)
                | crate::lang::value::mutable::Contents::Set(_) => {}
                crate::lang::value::mutable::Contents::Map(entries) => {
                    let entries = ev.sorted_entries(entries, Span::default())?;
                    write_entries(ev, out, &entries)?
                }
            }
            out.push(')');
        }
        Value::Object(_) | Value::ClassRef(_) if !matches!(value, Value::ClassRef(b) if !b.class.modifiers.singleton) => {
            match ev.member(value.clone(), "ToOutput", Span::default(), None)? {
                Value::Str(text) | Value::Output(text) => out.push_str(&text),
                other => write(ev, out, &other)?,
            }
        }
        Value::Object(_) => {}
        Value::ClassRef(bound) => {
            out.push('⟪');
            out.push_str(&bound.class.path);
            out.push('⟫');
        }
        Value::Player(p) => out.push_str(match p {
            crate::lang::value::Player::Left => "Left",
            crate::lang::value::Player::Right => "Right",
        }),
    }
    Ok(())
}

/// Map entries `k => v`, separated by `, `.
fn write_entries(ev: &mut Eval<'_>, out: &mut String, entries: &[(Value, Value)]) -> Result<()> {
    for (i, (k, v)) in entries.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        write(ev, out, k)?;
        out.push_str(" => ");
        write(ev, out, v)?;
    }
    Ok(())
}

//! CGSuite's `Strip` (`cgsuite.util.Strip`): a row of small integers
//! (−128 to 127), made empty (`Strip.Empty(8)`) or read with a character
//! map (`Strip.Parse("t..f", ".tf")`), indexed from 1, and given to a strip
//! ruleset as its position (written back with the ruleset's character
//! map). Members are in `members/strip.rs`.

use std::sync::Arc;

use crate::error::{ErrorKind, Result};
use crate::lang::classes::grid::{cell, parse_cells};
use crate::lang::runtime::context::Eval;
use crate::lang::syntax::lexer::Span;
use crate::lang::value::Value;

/// The most cells a strip may have.
const MAX_CELLS: usize = 1 << 20;

/// A strip value.
pub(crate) fn strip(cells: Vec<i8>) -> Value {
    Value::Strip(Arc::new(cells))
}

/// The strip as CGSuite prints it: `Strip([0,1,2])`.
pub(crate) fn show(cells: &[i8]) -> String {
    format!("Strip([{}])", cells.iter().map(i8::to_string).collect::<Vec<_>>().join(","))
}

/// The strip written with `map`: value v as the v-th character.
pub(crate) fn write(cells: &[i8], map: &str) -> Option<String> {
    crate::lang::value::grid::write_row(cells, &map.chars().collect::<Vec<_>>())
}

/// `Strip.Empty(n)` and `Strip.Parse(text, charMap)`.
pub(crate) fn call(
    ev: &mut Eval<'_>,
    name: &str,
    args: &[(Value, Span)],
    span: Span,
) -> Result<Value> {
    match (name, args) {
        ("Empty", [(n, at)]) => match n.as_usize() {
            Some(n) if n <= MAX_CELLS => Ok(strip(vec![0; n])),
            _ => Err(ev.error(
                *at,
                ErrorKind::InvalidInput,
                format!("Invalid Length: {} (a strip has 0 to {MAX_CELLS} cells)", n.describe()),
            )),
        },
        ("Parse", [(Value::Str(text), at), (Value::Str(map), _)]) => {
            Ok(strip(parse_cells(ev, text, map, *at)?))
        }
        _ => Err(ev.error(
            span,
            ErrorKind::InvalidInput,
            "Strip.Empty takes a length; Strip.Parse a string and a character map, e.g. Strip.Parse(\"t..f\", \".tf\")",
        )),
    }
}

/// The index (from 0) of position `v` (from 1), or CGSuite's error.
fn index(ev: &Eval<'_>, cells: &[i8], v: &Value, span: Span) -> Result<usize> {
    match v.as_usize() {
        Some(i) if (1..=cells.len()).contains(&i) => Ok(i - 1),
        _ => Err(ev.error(
            span,
            ErrorKind::InvalidInput,
            format!("Index is out of bounds: {}", v.describe()),
        )),
    }
}

/// `strip[i]`.
pub(crate) fn at(ev: &Eval<'_>, cells: &[i8], i: &Value, span: Span) -> Result<Value> {
    // As CGSuite reads a strip: a place off the strip is `Nothing`.
    if i.as_integer().is_some() && index(ev, cells, i, span).is_err() {
        return Ok(Value::Nothing);
    }
    Ok(Value::int(cells[index(ev, cells, i, span)?]))
}

/// `strip.Updated(i, v)` or `strip.Updated({i => v, …})`.
pub(crate) fn updated(
    ev: &Eval<'_>,
    cells: &[i8],
    changes: &mut dyn Iterator<Item = (&Value, &Value)>,
    span: Span,
) -> Result<Value> {
    let mut out = cells.to_vec();
    for (i, v) in changes {
        let i = index(ev, cells, i, span)?;
        out[i] = cell(ev, v, span)?;
    }
    Ok(strip(out))
}

/// The cells from `a` to `b` (from 1, both included, clipped to the
/// strip), as a range of indices from 0.
pub(crate) fn span_of(cells: &[i8], a: &Value, b: &Value) -> std::ops::Range<usize> {
    let clip = |v: &Value| v.as_i64().unwrap_or(0).clamp(0, cells.len() as i64 + 1);
    let (a, b) = (clip(a).max(1), clip(b).min(cells.len() as i64));
    if b < a { 0..0 } else { (a - 1) as usize..b as usize }
}

/// The parts between the cells holding `v`, empty parts left out.
pub(crate) fn decomposition(cells: &[i8], v: i64) -> Value {
    Value::List(
        cells
            .split(|&x| i64::from(x) == v)
            .filter(|part| !part.is_empty())
            .map(|part| strip(part.to_vec()))
            .collect(),
    )
}

/// The character map a strip ruleset reads its positions with, as
/// CGSuite's `CharMap`.
pub(crate) fn char_map(ruleset: &crate::ruleset::Ruleset) -> &'static str {
    match ruleset.name {
        "TopplingDominoes" => ".lre",
        _ => ".tf",
    }
}

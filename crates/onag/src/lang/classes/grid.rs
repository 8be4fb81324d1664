//! CGSuite's `Grid` (`cgsuite.util.Grid`): a rectangle of small integers
//! (−128 to 127), made empty (`Grid.Empty(3, 4)`) or read from a string
//! with a character map (`Grid.Parse(".x|o.", ".xo")`: a character's
//! position in the map is its value), indexed by coordinates `(row, col)`
//! from 1, and given to a grid ruleset as its board
//! (`game.grid.Domineering(Grid.Empty(4, 4))`, written back with the
//! ruleset's character map). Members are in `members/grid.rs`.

use crate::error::{ErrorKind, Result};
use crate::lang::runtime::context::Eval;
use crate::lang::syntax::lexer::Span;
use crate::lang::value::Value;
use crate::lang::value::grid::{Grid, MAX_CELLS};

/// `Grid.Empty(rows, cols)` and `Grid.Parse(text, charMap)`.
pub(crate) fn call(
    ev: &mut Eval<'_>,
    name: &str,
    args: &[(Value, Span)],
    span: Span,
) -> Result<Value> {
    let bad =
        |ev: &Eval<'_>, at: Span, message: String| ev.error(at, ErrorKind::InvalidInput, message);
    match (name, args) {
        ("Empty", [(r, ra), (c, ca)]) => {
            let count = |v: &Value, what: &str, at: Span| {
                v.as_usize().ok_or_else(|| bad(ev, at, format!("Invalid {what}: {}", v.describe())))
            };
            let (rows, cols) = (count(r, "RowCount", *ra)?, count(c, "ColCount", *ca)?);
            let grid = Grid::empty(rows, cols)
                .ok_or_else(|| bad(ev, span, format!("a grid has at most {MAX_CELLS} cells")))?;
            Ok(Value::Grid(std::sync::Arc::new(grid)))
        }
        ("Parse", [(Value::Str(text), at), (Value::Str(map), _)]) => {
            let lines: Vec<&str> = text.split('|').collect();
            let cols = lines[0].chars().count();
            let mut cells = Vec::new();
            for line in &lines {
                if line.chars().count() != cols {
                    return Err(bad(
                        ev,
                        *at,
                        format!("the rows of a grid must have equal lengths: \"{text}\""),
                    ));
                }
                cells.extend(parse_cells(ev, line, map, *at)?);
            }
            let mut grid = Grid::empty(lines.len(), cols)
                .ok_or_else(|| bad(ev, span, format!("a grid has at most {MAX_CELLS} cells")))?;
            if !grid.cells.is_empty() {
                grid.cells = cells;
            }
            Ok(Value::Grid(std::sync::Arc::new(grid)))
        }
        ("Empty", _) => {
            Err(bad(ev, span, "Grid.Empty takes a row count and a column count".into()))
        }
        _ => Err(bad(
            ev,
            span,
            "Grid.Parse takes a string and a character map, e.g. Grid.Parse(\".x|o.\", \".xo\")"
                .into(),
        )),
    }
}

/// The `(row, col)` integers of coordinates.
pub(crate) fn coordinates(v: &Value) -> Option<(i64, i64)> {
    match v {
        Value::Pair(a, b) => Some((a.as_i64()?, b.as_i64()?)),
        _ => None,
    }
}

/// `grid.Updated((r, c), v)` or `grid.Updated({(r, c) => v, …})`.
pub(crate) fn updated(
    ev: &Eval<'_>,
    g: &Grid,
    changes: &mut dyn Iterator<Item = (&Value, &Value)>,
    span: Span,
) -> Result<Value> {
    let mut out = g.clone();
    for (at, v) in changes {
        let i = coordinates(at).and_then(|(r, c)| g.index(r, c)).ok_or_else(|| {
            let mut text = String::new();
            match coordinates(at) {
                Some((r, c)) => text = format!("({r},{c})"),
                None => text.push_str(at.kind_name()),
            }
            ev.error(span, ErrorKind::InvalidInput, format!("Coordinate is out of bounds: {text}"))
        })?;
        out.cells[i] = cell(ev, v, span)?;
    }
    Ok(Value::Grid(std::sync::Arc::new(out)))
}

/// A cell's value: an integer from −128 to 127, or CGSuite's error.
pub(crate) fn cell(ev: &Eval<'_>, v: &Value, span: Span) -> Result<i8> {
    v.as_i64().and_then(|n| i8::try_from(n).ok()).ok_or_else(|| {
        ev.error(
            span,
            ErrorKind::InvalidInput,
            format!("Value is out of range (must satisfy -128 <= x <= 127): {}", v.describe()),
        )
    })
}

/// The values of the characters of `text` in `map` (a character's value is
/// its place in the map).
pub(crate) fn parse_cells(ev: &Eval<'_>, text: &str, map: &str, at: Span) -> Result<Vec<i8>> {
    let map: Vec<char> = map.chars().collect();
    text.chars()
        .map(|ch| {
            map.iter().position(|&m| m == ch).and_then(|i| i8::try_from(i).ok()).ok_or_else(|| {
                ev.error(at, ErrorKind::InvalidInput, format!("'{ch}' is not in the character map"))
            })
        })
        .collect()
}

/// The part of `g` from `(r1, c1)` to `(r2, c2)`, corners included
/// (clipped to the grid; no cells when the corners cross).
pub(crate) fn subgrid(g: &Grid, (r1, c1): (i64, i64), (r2, c2): (i64, i64)) -> Grid {
    let (r1, c1) = (r1.max(1), c1.max(1));
    let (r2, c2) = (r2.min(g.rows as i64), c2.min(g.cols as i64));
    if r2 < r1 || c2 < c1 {
        return Grid { rows: 0, cols: 0, cells: Vec::new() };
    }
    let mut cells = Vec::new();
    for r in r1..=r2 {
        for c in c1..=c2 {
            cells.push(g.get(r, c).unwrap_or(0));
        }
    }
    Grid { rows: (r2 - r1 + 1) as usize, cols: (c2 - c1 + 1) as usize, cells }
}

/// Every `(row, col)` holding `v`, row by row.
pub(crate) fn find_all(g: &Grid, v: i64) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    for (i, &x) in g.cells.iter().enumerate() {
        if i64::from(x) == v {
            out.push((i / g.cols + 1, i % g.cols + 1));
        }
    }
    out
}

/// The character map a grid ruleset reads its boards with, as CGSuite's
/// `CharMap`: `.#` for the domino games, `.xo#` for the stone games.
pub(crate) fn char_map(ruleset: &crate::ruleset::Ruleset) -> &'static str {
    match ruleset.name {
        "Domineering" | "Cram" => ".#",
        _ => ".xo#",
    }
}

/// CGSuite's symmetries of a grid, each as (flip rows, flip columns,
/// transpose), applied in that order.
const SYMMETRIES: [(&str, bool, bool, bool); 8] = [
    ("Identity", false, false, false),
    ("Inversion", true, true, false),
    ("HorizontalFlip", true, false, false),
    ("VerticalFlip", false, true, false),
    ("Transpose", false, false, true),
    ("AntiTranspose", true, true, true),
    ("ClockwiseRotation", false, true, true),
    ("AnticlockwiseRotation", true, false, true),
];

/// `Symmetry.NAME`: a symmetry (its path), or `Symmetry.Flip`, the four
/// that keep rows as rows. `None` for other names.
pub(crate) fn symmetry(name: &str) -> Option<Value> {
    let path = |n: &str| Value::Builtin(format!("cgsuite.util.Symmetry.{n}"));
    if name == "Flip" {
        return Some(Value::List(SYMMETRIES[..4].iter().map(|s| path(s.0)).collect()));
    }
    SYMMETRIES.iter().find(|s| s.0 == name).map(|s| path(s.0))
}

/// `g` under the symmetry a value names (`Symmetry.Inversion`); `None`
/// when the value is not a symmetry.
pub(crate) fn permuted(g: &Grid, symmetry: &Value) -> Option<Grid> {
    let Value::Builtin(path) = symmetry else { return None };
    let name = path.strip_prefix("cgsuite.util.Symmetry.")?;
    let &(_, flip_rows, flip_cols, transpose) = SYMMETRIES.iter().find(|s| s.0 == name)?;
    let (rows, cols) = if transpose { (g.cols, g.rows) } else { (g.rows, g.cols) };
    let mut cells = vec![0; g.cells.len()];
    for (i, &v) in g.cells.iter().enumerate() {
        let (r, c) = (i / g.cols, i % g.cols);
        let r = if flip_rows { g.rows - 1 - r } else { r };
        let c = if flip_cols { g.cols - 1 - c } else { c };
        let (r, c) = if transpose { (c, r) } else { (r, c) };
        cells[r * cols + c] = v;
    }
    Some(Grid { rows, cols, cells })
}

/// The connected regions of cells that are not `boundary` (neighbours in
/// `directions` and their opposites), each as the smallest subgrid that
/// holds it with every other cell set to `boundary`, in the order their
/// first cells come row by row: CGSuite's `Grid.Decomposition`. A grid of
/// one region is itself; a grid of none has no parts.
pub(crate) fn decomposition(g: &Grid, boundary: i8, directions: &[(i64, i64)]) -> Vec<Grid> {
    let (rows, cols) = (g.rows, g.cols);
    let mut region = vec![usize::MAX; g.cells.len()];
    let mut boxes: Vec<(usize, usize, usize, usize)> = Vec::new();
    let mut stack = Vec::new();
    for start in 0..g.cells.len() {
        if region[start] != usize::MAX || g.cells[start] == boundary {
            continue;
        }
        let id = boxes.len();
        let (r0, c0) = (start / cols, start % cols);
        let mut bounds = (r0, r0, c0, c0);
        region[start] = id;
        stack.push(start);
        while let Some(i) = stack.pop() {
            let (r, c) = (i / cols, i % cols);
            bounds = (bounds.0.min(r), bounds.1.max(r), bounds.2.min(c), bounds.3.max(c));
            for &(dr, dc) in directions {
                for (dr, dc) in [(dr, dc), (-dr, -dc)] {
                    let (nr, nc) = (r as i64 + dr, c as i64 + dc);
                    if nr < 0 || nc < 0 || nr >= rows as i64 || nc >= cols as i64 {
                        continue;
                    }
                    let j = nr as usize * cols + nc as usize;
                    if region[j] == usize::MAX && g.cells[j] != boundary {
                        region[j] = id;
                        stack.push(j);
                    }
                }
            }
        }
        boxes.push(bounds);
    }
    if boxes.len() == 1 {
        return vec![g.clone()];
    }
    boxes
        .iter()
        .enumerate()
        .map(|(id, &(r1, r2, c1, c2))| {
            let (h, w) = (r2 - r1 + 1, c2 - c1 + 1);
            let mut cells = vec![boundary; h * w];
            for r in r1..=r2 {
                for c in c1..=c2 {
                    let i = r * cols + c;
                    if region[i] == id {
                        cells[(r - r1) * w + (c - c1)] = g.cells[i];
                    }
                }
            }
            Grid { rows: h, cols: w, cells }
        })
        .collect()
}

/// The least of `g` under each of `symmetries` (CGSuite's order: fewer
/// rows first, then fewer columns, then the cells row by row): a
/// representative all of them agree on. `None` when one is not a symmetry.
pub(crate) fn symmetry_invariant(g: &Grid, symmetries: &[Value]) -> Option<Grid> {
    let key = |g: &Grid| (g.rows, g.cols, g.cells.clone());
    let mut best = g.clone();
    for s in symmetries {
        let p = permuted(g, s)?;
        if key(&p) < key(&best) {
            best = p;
        }
    }
    Some(best)
}

//! Tables of values (`Table(row for …)`, `R.NimValueTable(m, n)`), laid
//! out as CGSuite writes them in plain text: each column right-aligned to
//! its widest cell, cells joined by ` | `, and between rows a line of
//! dashes joined by `-+-`.

use crate::error::{ErrorKind, Result};
use crate::lang::runtime::context::Eval;
use crate::lang::syntax::lexer::Span;
use crate::lang::value::Value;

/// `Table(rows)`: a table whose rows are the given lists.
pub(crate) fn of_rows(ev: &Eval<'_>, rows: Vec<Value>, span: Span) -> Result<Value> {
    let mut table = Vec::with_capacity(rows.len());
    for row in rows {
        match row {
            Value::List(cells) => table.push(cells),
            other => {
                return Err(ev.error(
                    span,
                    ErrorKind::InvalidInput,
                    format!("a table's rows are lists, not {}", other.kind_name()),
                ));
            }
        }
    }
    Ok(Value::Table(table))
}

/// The plain-text layout of rows of cell texts (rows may differ in length).
pub(crate) fn layout(rows: &[Vec<String>]) -> String {
    let columns = rows.iter().map(Vec::len).max().unwrap_or(0);
    let widths: Vec<usize> = (0..columns)
        .map(|j| rows.iter().filter_map(|r| r.get(j)).map(|c| c.chars().count()).max().unwrap_or(0))
        .collect();
    let lines: Vec<String> = rows
        .iter()
        .map(|row| {
            let cells: Vec<String> = row
                .iter()
                .zip(&widths)
                .map(|(cell, &w)| format!("{}{cell}", " ".repeat(w - cell.chars().count())))
                .collect();
            cells.join(" | ")
        })
        .collect();
    let separator: Vec<String> = widths.iter().map(|&w| "-".repeat(w)).collect();
    lines.join(&format!("\n{}\n", separator.join("-+-")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_are_right_aligned_to_their_widest_cell() {
        let rows =
            vec![vec!["1".to_string(), "1".to_string()], vec!["10".to_string(), "4".to_string()]];
        assert_eq!(layout(&rows), " 1 | 1\n---+--\n10 | 4");
        assert_eq!(layout(&[]), "");
    }
}

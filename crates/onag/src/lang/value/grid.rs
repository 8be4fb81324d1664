//! CGSuite's `Grid` (`cgsuite.util.Grid`) as data: a rectangle of small
//! integers (−128 to 127) and how it is written with a character map or
//! printed as CGSuite prints a grid. What the calculator does with grids is
//! in `classes/grid`.

/// A grid of values, row by row.
///
/// Invariant: `cells.len() == rows * cols`, and a grid with no cells has
/// no rows and no columns.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Grid {
    pub(crate) rows: usize,
    pub(crate) cols: usize,
    pub(crate) cells: Vec<i8>,
}

/// The most cells a grid may have.
pub(crate) const MAX_CELLS: usize = 1 << 20;

impl Grid {
    /// A grid of zeros; a grid with no cells when either count is 0.
    pub fn empty(rows: usize, cols: usize) -> Option<Grid> {
        let n = rows.checked_mul(cols).filter(|&n| n <= MAX_CELLS)?;
        Some(if n == 0 {
            Grid { rows: 0, cols: 0, cells: Vec::new() }
        } else {
            Grid { rows, cols, cells: vec![0; n] }
        })
    }

    /// The number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// The number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The value at `(row, col)`, counted from 1; `None` outside.
    pub fn get(&self, row: i64, col: i64) -> Option<i8> {
        self.index(row, col).map(|i| self.cells[i])
    }

    pub(crate) fn index(&self, row: i64, col: i64) -> Option<usize> {
        let r = usize::try_from(row).ok().filter(|r| (1..=self.rows).contains(r))?;
        let c = usize::try_from(col).ok().filter(|c| (1..=self.cols).contains(c))?;
        Some((r - 1) * self.cols + (c - 1))
    }

    /// The rows, each a list of values, as CGSuite prints a grid.
    pub fn rows_of(&self) -> impl Iterator<Item = &[i8]> {
        self.cells.chunks(self.cols.max(1))
    }

    /// The grid written with `map`: value v as the v-th character.
    pub fn write(&self, map: &[char]) -> Option<String> {
        let rows: Option<Vec<String>> = self.rows_of().map(|row| write_row(row, map)).collect();
        Some(rows?.join("|"))
    }
}

/// A row of values written with `map`: value v as the v-th character;
/// `None` when a value has no character.
pub(crate) fn write_row(cells: &[i8], map: &[char]) -> Option<String> {
    cells.iter().map(|&v| usize::try_from(v).ok().and_then(|i| map.get(i).copied())).collect()
}

/// The grid as CGSuite prints it: `Grid([[0,1],[2,0]])`.
pub(crate) fn show(g: &Grid) -> String {
    let rows: Vec<String> = g
        .rows_of()
        .filter(|r| !r.is_empty())
        .map(|r| format!("[{}]", r.iter().map(i8::to_string).collect::<Vec<_>>().join(",")))
        .collect();
    format!("Grid([{}])", rows.join(","))
}

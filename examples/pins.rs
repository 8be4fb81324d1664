//! A user's own game through `ImpartialPosition`: rows of pins (Kayles).
//!
//! A move knocks down one pin or two adjacent pins, which may split a row in
//! two. A position is a multiset of row lengths; a position of several rows
//! `split`s into its rows, so the solver values it as the nim-sum of the rows'
//! values and never explores the product space of rows.
//!
//! Run: `cargo run -p onag --example pins -- 30` prints the Grundy values of
//! rows 0..=30.

use onag::Budget;
use onag::impartial::ImpartialPosition;
use onag::impartial::solve::Solver;

/// Rows of pins: the lengths of the rows, increasing, with no empty row.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Pins(Vec<u32>);

impl Pins {
    /// One row of `n` pins.
    pub fn row(n: u32) -> Self {
        Pins::rows(&[n])
    }

    /// Rows of the given lengths (in any order; empty rows are dropped).
    pub fn rows(lengths: &[u32]) -> Self {
        let mut rows: Vec<u32> = lengths.iter().copied().filter(|&n| n > 0).collect();
        rows.sort_unstable();
        Pins(rows)
    }

    /// The row lengths, increasing.
    pub fn lengths(&self) -> &[u32] {
        &self.0
    }
}

impl ImpartialPosition for Pins {
    fn options(&self) -> Vec<Self> {
        let mut out = Vec::new();
        for (i, &n) in self.0.iter().enumerate() {
            if i > 0 && self.0[i - 1] == n {
                continue; // the same moves as in the equal row before
            }
            let others =
                || self.0.iter().enumerate().filter(move |&(j, _)| j != i).map(|(_, &m)| m);
            // Knock down `k` pins leaving `left` on one side, `n - k - left` on
            // the other; by symmetry left <= right.
            for k in 1..=2.min(n) {
                for left in 0..=(n - k) / 2 {
                    let mut rows: Vec<u32> = others().collect();
                    rows.push(left);
                    rows.push(n - k - left);
                    out.push(Pins::rows(&rows));
                }
            }
        }
        out
    }

    fn split(&self) -> Option<Vec<Self>> {
        (self.0.len() > 1).then(|| self.0.iter().map(|&n| Pins::row(n)).collect())
    }
}

fn main() {
    let upto: u32 = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(30);
    let mut solver = Solver::new();
    let budget = Budget::unlimited();
    for n in 0..=upto {
        match solver.grundy(&Pins::row(n), &budget) {
            Ok(g) => println!("row of {n:>3} pins: grundy {g}"),
            Err(err) => {
                eprintln!("error: {err}");
                std::process::exit(2);
            }
        }
    }
}

//! Tartan products of coin-turning games (any number of dimensions).
//!
//! In `A × B` a move turns the coins `T_A × T_B`, where `T_A` is a legal move
//! set of `A` (on the first coordinate) and `T_B` one of `B` (on the second),
//! and the far corner `(max T_A, max T_B)` goes from heads to tails. The Tartan
//! theorem: a lone heads coin at `(x, y)` is worth `g_A(x) ⊗ g_B(y)`, and a
//! position the nim-sum of its heads coins; likewise in more dimensions. A
//! move changes the value by `(⊕ g_A(T_A)) ⊗ (⊕ g_B(T_B))`, so the winning moves
//! are found per coordinate and matched by nim division. Turning Corners is
//! Twins × Twins: a move turns the four corners of a rectangle.

use rustc_hash::FxHashMap;
use serde::Serialize;

use crate::budget::Budget;
use crate::error::{Error, Location, Result};
use crate::impartial::Outcome;
use crate::nimber::{div64, mul64};

use super::rule::CoinRule;
use super::values::{coin_values, for_each_move};

/// The move sets of one coordinate, grouped by the nim-sum of their values.
type MovesByValue = FxHashMap<u64, Vec<Vec<usize>>>;

/// The longest side of a board.
pub const MAX_SIDE: usize = 1 << 12;

/// A board of any dimension: its extent per coordinate and its heads coins.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    /// Length of each side.
    pub sides: Vec<usize>,
    /// Coordinates (from 1) of every heads coin, without repeats.
    pub heads: Vec<Vec<usize>>,
}

/// Parses a board of `dims` dimensions. Two forms:
///
/// - a grid of `h`/`t`: for 1 dimension one line, for 2 one line per row (the
///   first coordinate is the line), for 3 blocks of lines separated by blank
///   lines (the first coordinate is the block); every line as long as the
///   first and every block as tall (a ragged board is an error, not padded);
/// - a list of heads coins, one a line, as `dims` numbers from 1 separated by
///   spaces or commas (any dimension).
///
/// `#` starts a comment in the list form. Errors carry line and column.
pub fn parse_board(text: &str, dims: usize) -> Result<Board> {
    if dims == 0 {
        return Err(Error::invalid("a board needs at least one dimension"));
    }
    let is_list = text.lines().any(|l| l.trim_start().starts_with(|c: char| c.is_ascii_digit()));
    if is_list { parse_list(text, dims) } else { parse_grid(text, dims) }
}

fn parse_list(text: &str, dims: usize) -> Result<Board> {
    let mut sides = vec![0usize; dims];
    let mut heads: Vec<Vec<usize>> = Vec::new();
    let mut seen: FxHashMap<Vec<usize>, usize> = FxHashMap::default();
    for (ln, line) in text.lines().enumerate() {
        let line_no = ln + 1;
        let body = line.split('#').next().unwrap_or("");
        if body.trim().is_empty() {
            continue;
        }
        let mut coords = Vec::with_capacity(dims);
        let mut col = 0;
        for part in body.split([' ', '\t', ',']) {
            let start = col;
            col += part.chars().count() + 1;
            if part.is_empty() {
                continue;
            }
            let loc = Location::new(line_no, start + 1);
            let x: usize =
                part.parse().ok().filter(|&x| (1..=MAX_SIDE).contains(&x)).ok_or_else(|| {
                    Error::syntax(loc.clone(), format!("expected a coordinate 1..{MAX_SIDE}"))
                })?;
            coords.push(x);
        }
        if coords.len() != dims {
            return Err(Error::syntax(
                Location::new(line_no, 1),
                format!("expected {dims} coordinates, found {}", coords.len()),
            ));
        }
        if let Some(prev) = seen.insert(coords.clone(), line_no) {
            return Err(Error::syntax(
                Location::new(line_no, 1),
                format!("coin listed twice (first on line {prev})"),
            ));
        }
        for (s, &x) in sides.iter_mut().zip(&coords) {
            *s = (*s).max(x);
        }
        heads.push(coords);
    }
    Ok(Board { sides, heads })
}

fn parse_grid(text: &str, dims: usize) -> Result<Board> {
    if dims > 3 {
        return Err(Error::invalid(format!(
            "a {dims}-dimensional board must be given as a list of coordinates"
        )));
    }
    let mut heads = Vec::new();
    let mut sides = vec![0usize; dims];
    let (mut block, mut row) = (1usize, 0usize);
    let mut blank = false;
    // The first line's length and the first block's height: every other
    // line and block must match.
    let mut width: Option<usize> = None;
    let mut height: Option<usize> = None;
    let mut block_line = 1;
    for (ln, line) in text.lines().enumerate() {
        let line = line.trim_end();
        if line.is_empty() {
            blank = row > 0;
            continue;
        }
        if blank {
            if dims < 3 {
                return Err(Error::syntax(
                    Location::new(ln + 1, 1),
                    "blank line inside the board (blocks separate layers only in 3 dimensions)",
                ));
            }
            check_height(&mut height, row, block, block_line)?;
            block += 1;
            row = 0;
            blank = false;
        }
        row += 1;
        if row == 1 {
            block_line = ln + 1;
        }
        let len = line.chars().count();
        match width {
            None => width = Some(len),
            Some(w) if w != len => {
                return Err(Error::syntax(
                    Location::new(ln + 1, w.min(len) + 1),
                    format!(
                        "a line of length {len} where the first has length {w} (every line of a \
                         board is as long)"
                    ),
                ));
            }
            Some(_) => {}
        }
        if dims == 1 && row > 1 {
            return Err(Error::syntax(Location::new(ln + 1, 1), "a strip is one line"));
        }
        for (i, c) in line.chars().enumerate() {
            let heads_here = match c {
                'h' | 'H' => true,
                't' | 'T' => false,
                _ => {
                    return Err(Error::syntax(
                        Location::new(ln + 1, i + 1),
                        format!("expected 'h' or 't', found {c:?}"),
                    ));
                }
            };
            let coords = match dims {
                1 => vec![i + 1],
                2 => vec![row, i + 1],
                _ => vec![block, row, i + 1],
            };
            if coords.iter().any(|&x| x > MAX_SIDE) {
                return Err(Error::invalid(format!("board sides are at most {MAX_SIDE}")));
            }
            for (s, &x) in sides.iter_mut().zip(&coords) {
                *s = (*s).max(x);
            }
            if heads_here {
                heads.push(coords);
            }
        }
    }
    if row > 0 && block > 1 {
        check_height(&mut height, row, block, block_line)?;
    }
    Ok(Board { sides, heads })
}

/// Checks that block `block` of `rows` rows, from line `line`, is as tall
/// as the first (which `height` records).
fn check_height(height: &mut Option<usize>, rows: usize, block: usize, line: usize) -> Result<()> {
    match *height {
        None => *height = Some(rows),
        Some(h) if h != rows => {
            return Err(Error::syntax(
                Location::new(line, 1),
                format!(
                    "block {block} has height {rows} where the first has height {h} (every \
                     block of a board is as tall)"
                ),
            ));
        }
        Some(_) => {}
    }
    Ok(())
}

/// One winning move of a product game: the coordinates turned in each
/// dimension; the move turns every coin of their Cartesian product.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub struct ProductMove {
    /// `turn[i]`: the coordinates turned in dimension `i` (from 1, increasing).
    pub turn: Vec<Vec<usize>>,
}

/// The solution of a product game.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ProductSolution {
    /// The factor rules, as given.
    pub rules: Vec<String>,
    /// Board sides.
    pub sides: Vec<usize>,
    /// The nim-sum over heads coins of the nim product of coordinate values.
    pub value: u64,
    /// P when the value is zero.
    pub outcome: Outcome,
    /// Every winning move.
    pub winning_moves: Vec<ProductMove>,
}

/// The value of a lone heads coin at `coords` (from 1) given each factor's
/// coin values.
pub fn coin_value(values: &[Vec<u64>], coords: &[usize]) -> u64 {
    values.iter().zip(coords).fold(1, |acc, (g, &x)| mul64(acc, g[x - 1]))
}

/// Solves the product of `rules` (one per dimension) on `board`.
pub fn solve_product(
    rules: &[CoinRule],
    board: &Board,
    budget: &Budget,
) -> Result<ProductSolution> {
    if rules.len() != board.sides.len() {
        return Err(Error::invalid(format!(
            "{} rules for a {}-dimensional board",
            rules.len(),
            board.sides.len()
        )));
    }
    let values: Vec<Vec<u64>> = rules
        .iter()
        .zip(&board.sides)
        .map(|(r, &n)| coin_values(r, n, budget))
        .collect::<Result<_>>()?;
    let value = board.heads.iter().fold(0, |acc, c| acc ^ coin_value(&values, c));
    let mut winning_moves = Vec::new();
    if value != 0 {
        // Per dimension and coordinate: the moves grouped by their nim-sum.
        let mut groups: Vec<FxHashMap<usize, MovesByValue>> =
            vec![FxHashMap::default(); rules.len()];
        for corner in &board.heads {
            let mut per_dim: Vec<&MovesByValue> = Vec::new();
            for (d, &x) in corner.iter().enumerate() {
                if !groups[d].contains_key(&x) {
                    let mut by_value = MovesByValue::default();
                    let g = &values[d];
                    for_each_move(&rules[d], x, budget, |others| {
                        let u = others.iter().fold(g[x - 1], |acc, &p| acc ^ g[p - 1]);
                        let mut set = others.to_vec();
                        set.push(x);
                        let list = by_value.entry(u).or_default();
                        if !list.contains(&set) {
                            list.push(set);
                        }
                    })?;
                    groups[d].insert(x, by_value);
                }
            }
            for (d, &x) in corner.iter().enumerate() {
                if let Some(gr) = groups[d].get(&x) {
                    per_dim.push(gr);
                }
            }
            matching_moves(&per_dim, value, &mut winning_moves, budget)?;
        }
        winning_moves.sort();
    }
    Ok(ProductSolution {
        rules: rules.iter().map(|r| r.text().to_string()).collect(),
        sides: board.sides.clone(),
        value,
        outcome: Outcome::from_zero(value == 0),
        winning_moves,
    })
}

/// Appends every combination of one move per dimension whose nim-sums
/// multiply to `target`.
fn matching_moves(
    per_dim: &[&MovesByValue],
    target: u64,
    out: &mut Vec<ProductMove>,
    budget: &Budget,
) -> Result<()> {
    let Some((last, rest)) = per_dim.split_last() else { return Ok(()) };
    // Iterate over value choices for all but the last dimension (odometer).
    let keys: Vec<Vec<u64>> = rest.iter().map(|m| m.keys().copied().collect()).collect();
    if keys.iter().any(Vec::is_empty) {
        return Ok(());
    }
    let mut idx = vec![0usize; rest.len()];
    let mut work = 0u64;
    loop {
        let prefix = idx.iter().zip(&keys).fold(1u64, |acc, (&i, k)| mul64(acc, k[i]));
        if let Some(need) = div64(target, prefix)
            && let Some(last_sets) = last.get(&need)
        {
            // Every combination of sets with these values.
            let lists: Vec<&Vec<Vec<usize>>> = idx
                .iter()
                .zip(&keys)
                .zip(rest)
                .filter_map(|((&i, k), m)| m.get(&k[i]))
                .chain(std::iter::once(last_sets))
                .collect();
            let mut j = vec![0usize; lists.len()];
            loop {
                out.push(ProductMove {
                    turn: j.iter().zip(&lists).map(|(&i, l)| l[i].clone()).collect(),
                });
                work += 1;
                if work % 1024 == 0 {
                    budget.check(work)?;
                }
                if !advance(&mut j, |d| lists[d].len()) {
                    break;
                }
            }
        }
        if !advance(&mut idx, |d| keys[d].len()) {
            break;
        }
    }
    Ok(())
}

/// Advances an odometer; false when it wraps around.
fn advance(idx: &mut [usize], len: impl Fn(usize) -> usize) -> bool {
    for d in (0..idx.len()).rev() {
        idx[d] += 1;
        if idx[d] < len(d) {
            return true;
        }
        idx[d] = 0;
    }
    false
}

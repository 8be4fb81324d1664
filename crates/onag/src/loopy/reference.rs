//! The seed's method, kept plain and slow as the reference for the solver.
//!
//! Seed 003 solves The Easy Chase with a value `f` per position: `INF - x` when
//! the player to move wins in `x` moves, `-INF + x` when they lose after `x`,
//! `0` for a draw (and for "not known yet"). The ends get their values and go
//! into a queue; each position taken from the queue has every predecessor
//! recomputed from all of its moves (`f = max over moves of g - sign(g)`, `g`
//! the move's value seen by the player moving); a predecessor whose value
//! changed goes back into the queue. The iteration stops when nothing changes.
//!
//! Nothing here shares code with [`solve`](fn@super::solve): move lists are built
//! separately, values are plain `i64`, and The Easy Chase has its own move
//! generator written from the seed's rules, with the seed's own orientation
//! (`f` from white's side: white maximises, black minimises). Use it to check
//! results, not to solve large games: it may revisit a position many times.

use std::collections::VecDeque;

use super::game::{Declared, SuccessorGame, TerminalRule};
use super::solve::Value;

/// The seed's "infinite": larger than any game length the reference handles.
const INF: i64 = 1 << 40;

fn sign(x: i64) -> i64 {
    x.signum()
}

fn to_value(f: i64) -> Value {
    if f > 0 {
        Value::Win((INF - f) as u32)
    } else if f < 0 {
        Value::Loss((INF + f) as u32)
    } else {
        Value::Draw
    }
}

/// Every position's value by the seed's iterate-until-stable method, for the
/// player to move.
///
/// Successors out of range are ignored (this is a test oracle, not a parser).
pub fn iterate_until_stable<G: SuccessorGame>(game: &G, rule: TerminalRule) -> Vec<Value> {
    let n = game.num_positions() as usize;
    let mut moves: Vec<Vec<usize>> = vec![Vec::new(); n];
    let mut preds: Vec<Vec<usize>> = vec![Vec::new(); n];
    let mut fixed: Vec<Option<i64>> = vec![None; n];
    for p in 0..n {
        let pu = p as u32;
        match game.declared(pu) {
            Some(Declared::Win) => fixed[p] = Some(INF),
            Some(Declared::Loss) => fixed[p] = Some(-INF),
            Some(Declared::Draw) => fixed[p] = Some(0),
            None => {
                game.for_each_successor(pu, |s| {
                    if (s as usize) < n {
                        moves[p].push(s as usize);
                    }
                });
                if moves[p].is_empty() {
                    fixed[p] = Some(match rule {
                        TerminalRule::MoverLoses => -INF,
                        TerminalRule::MoverWins => INF,
                    });
                }
            }
        }
        for &s in &moves[p] {
            preds[s].push(p);
        }
    }
    let keeps = |p: usize, s: usize| match (game.to_move(p as u32), game.to_move(s as u32)) {
        (Some(a), Some(b)) => a == b,
        _ => false,
    };
    let mut f: Vec<i64> = fixed.iter().map(|x| x.unwrap_or(0)).collect();
    let mut queued = vec![false; n];
    let mut queue = VecDeque::new();
    for p in 0..n {
        if fixed[p].is_some() {
            queue.push_back(p);
            queued[p] = true;
        }
    }
    while let Some(y) = queue.pop_front() {
        queued[y] = false;
        for &x in &preds[y] {
            if fixed[x].is_some() {
                continue;
            }
            let tmp = f[x];
            let best = moves[x]
                .iter()
                .map(|&s| {
                    let g = if keeps(x, s) { f[s] } else { -f[s] };
                    g - sign(g)
                })
                .max()
                .unwrap_or(0);
            f[x] = best;
            if tmp != f[x] && !queued[x] {
                queued[x] = true;
                queue.push_back(x);
            }
        }
    }
    f.into_iter().map(to_value).collect()
}

/// The Easy Chase on an `n`×`n` board by the seed's method, exactly as the
/// seed states it: `f(x1, y1, x2, y2, cur)` from white's side, white (L)
/// maximising, black (R) minimising, ends `f(x, y, x, y, L) = -INF` and
/// `f(x, y, x, y, R) = INF`.
///
/// Returns, for white at `(x1, y1)`, black at `(x2, y2)` (0-based) and `cur`
/// (0 = white to move, 1 = black), the winner (`Some(0)` white, `Some(1)`
/// black, `None` draw) and the number of moves, through [`ChaseTable::get`].
pub fn chase_iterate_until_stable(n: usize) -> ChaseTable {
    let cells = n * n;
    let index = |w: usize, b: usize, cur: usize| (cur * cells + w) * cells + b;
    let total = 2 * cells * cells;
    let white_moves = |w: usize| -> Vec<usize> {
        let (x, y) = (w % n, w / n);
        let mut out = Vec::new();
        for (dx, dy) in [(1i64, 0i64), (-1, 0), (0, 1), (0, -1)] {
            let (nx, ny) = (x as i64 + dx, y as i64 + dy);
            if nx >= 0 && ny >= 0 && (nx as usize) < n && (ny as usize) < n {
                out.push(ny as usize * n + nx as usize);
            }
        }
        out
    };
    let black_moves = |b: usize| -> Vec<usize> {
        let (x, y) = (b % n, b / n);
        let mut out = Vec::new();
        for (dx, dy) in [(1i64, 0i64), (-1, 0), (0, 1), (0, -1)] {
            for step in 1..=2 {
                let (nx, ny) = (x as i64 + dx * step, y as i64 + dy * step);
                if nx >= 0 && ny >= 0 && (nx as usize) < n && (ny as usize) < n {
                    out.push(ny as usize * n + nx as usize);
                }
            }
        }
        out
    };
    let successors = |i: usize| -> Vec<usize> {
        let (cur, rest) = (i / (cells * cells), i % (cells * cells));
        let (w, b) = (rest / cells, rest % cells);
        if w == b {
            return Vec::new();
        }
        if cur == 0 {
            white_moves(w).into_iter().map(|w2| index(w2, b, 1)).collect()
        } else {
            black_moves(b).into_iter().map(|b2| index(w, b2, 0)).collect()
        }
    };
    let mut preds: Vec<Vec<usize>> = vec![Vec::new(); total];
    for i in 0..total {
        for s in successors(i) {
            preds[s].push(i);
        }
    }
    let mut f = vec![0i64; total];
    let mut queued = vec![false; total];
    let mut queue = VecDeque::new();
    for w in 0..cells {
        f[index(w, w, 0)] = -INF;
        f[index(w, w, 1)] = INF;
        for cur in 0..2 {
            queue.push_back(index(w, w, cur));
            queued[index(w, w, cur)] = true;
        }
    }
    while let Some(y) = queue.pop_front() {
        queued[y] = false;
        for &x in &preds[y] {
            let tmp = f[x];
            let options = successors(x).into_iter().map(|s| f[s] - sign(f[s]));
            f[x] = if x < cells * cells {
                options.max().unwrap_or(0)
            } else {
                options.min().unwrap_or(0)
            };
            if tmp != f[x] && !queued[x] {
                queued[x] = true;
                queue.push_back(x);
            }
        }
    }
    ChaseTable { n, f }
}

/// The seed's values for every Easy Chase position on one board.
#[derive(Debug, Clone)]
pub struct ChaseTable {
    n: usize,
    f: Vec<i64>,
}

impl ChaseTable {
    /// The winner (0 white, 1 black, `None` draw) and the number of moves, for
    /// white on square `w`, black on `b` (0-based `y * n + x`) and `cur` to move
    /// (0 white, 1 black).
    pub fn get(&self, w: usize, b: usize, cur: usize) -> (Option<u8>, Option<u64>) {
        let cells = self.n * self.n;
        let f = self.f[(cur * cells + w) * cells + b];
        if f > 0 {
            (Some(0), Some((INF - f) as u64))
        } else if f < 0 {
            (Some(1), Some((INF + f) as u64))
        } else {
            (None, None)
        }
    }
}

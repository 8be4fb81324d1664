//! Heap games with a memory (CGSuite's `GenMem`): a position `(n, m)` is a
//! heap of `n` and the number `m` taken by the last move; a move takes `a`
//! stones, `1 ≤ a ≤ n`, that the rule allows after `m`, and leaves
//! `(n − a, a)`.
//!
//! - [`MemoryRule::TakeAway`]`(p, q)` allows `a ≤ m·p/q` (CGSuite's
//!   `TakeAway(p/q)`; Fibonacci Nim is `TakeAway(2)`);
//! - [`MemoryRule::Mem`] allows `a ≥ m` (CGSuite's `Mem`).
//!
//! Either way the moves allowed from heap `n` are a prefix (`a ≤ c`) or a
//! suffix (`a ≥ c`) of `1..=n`, so [`MemoryTable`] keeps, for each heap `n`,
//! the mex of every prefix (or suffix) of the option values
//! `g(n − a, a)`, filled by one sweep over `a` with a growing set: time and
//! memory `O(N²)` for heaps up to `N`. The definition itself, taking the mex
//! over the allowed moves of each position, is the check in the tests.

use crate::budget::Budget;
use crate::error::{Error, ErrorKind, Result};

/// Which moves a memory game allows after the last move took `m`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MemoryRule {
    /// Take at most `m·p/q` (`q ≥ 1`).
    TakeAway(u64, u64),
    /// Take at least `m`.
    Mem,
}

impl MemoryRule {
    /// Whether taking `a` is allowed after a move that took `m`.
    pub fn allows(self, m: u64, a: u64) -> bool {
        match self {
            MemoryRule::TakeAway(p, q) => {
                u128::from(a) * u128::from(q) <= u128::from(m) * u128::from(p)
            }
            MemoryRule::Mem => a >= m,
        }
    }

    /// The options of `(n, m)`: `(n − a, a)` for each allowed `a`.
    pub fn options(self, n: u64, m: u64) -> Vec<(u64, u64)> {
        (1..=n).filter(|&a| self.allows(m, a)).map(|a| (n - a, a)).collect()
    }

    /// The bound `c` with the allowed takes from `(n, m)` exactly `1..=c`
    /// (TakeAway) or `c..=n` (Mem), clamped to `0..=n` and `1..=n + 1`.
    fn bound(self, n: u64, m: u64) -> u64 {
        match self {
            MemoryRule::TakeAway(p, q) => {
                let c = u128::from(m) * u128::from(p) / u128::from(q);
                c.min(u128::from(n)) as u64
            }
            MemoryRule::Mem => m.max(1).min(n + 1),
        }
    }
}

/// The Grundy values of every position `(n, m)` with `n ≤ max_heap`.
///
/// Invariant: `mex[n][k]` is the mex of `g(n − a, a)` over `a` in `1..=k`
/// (TakeAway) or `k + 1..=n` (Mem, so `k = c − 1` for takes `a ≥ c`), for
/// `k` in `0..=n`.
#[derive(Debug, Clone)]
pub struct MemoryTable {
    rule: MemoryRule,
    mex: Vec<Vec<u32>>,
}

impl MemoryTable {
    /// The table for heaps up to `max_heap`.
    ///
    /// Fails if `q` is 0, or the table (4 bytes per position, `N²/2`
    /// positions) is past the budget's memory or position limits.
    pub fn new(rule: MemoryRule, max_heap: u64, budget: &Budget) -> Result<Self> {
        if let MemoryRule::TakeAway(_, 0) = rule {
            return Err(Error::invalid("TakeAway needs a limit p/q with q ≥ 1"));
        }
        let n1 = max_heap.checked_add(1).ok_or_else(|| Error::invalid("heap too large"))?;
        let cells = u128::from(n1) * u128::from(n1 + 1) / 2;
        let cells = u64::try_from(cells).map_err(|_| {
            Error::new(
                ErrorKind::LimitExceeded,
                "the table of a memory game that large does not fit in memory",
            )
        })?;
        budget.check_positions(cells)?;
        budget.check_memory(cells.saturating_mul(4))?;
        let mut mex: Vec<Vec<u32>> = Vec::with_capacity(n1 as usize);
        let mut seen: Vec<bool> = Vec::new();
        let mut done = 0u64;
        for n in 0..n1 {
            done += n + 1;
            if n % 256 == 0 {
                budget.check(done)?;
                budget.progress("memory game Grundy values", done, Some(cells));
            }
            let value = |a: u64, mex: &Vec<Vec<u32>>| -> u32 {
                let (r, c) = (n - a, rule.bound(n - a, a));
                mex[r as usize][Self::index(rule, r, c)]
            };
            let mut row = vec![0u32; n as usize + 1];
            seen.clear();
            seen.resize(n as usize + 2, false);
            let mut least = 0u32;
            let order: Box<dyn Iterator<Item = u64>> = match rule {
                MemoryRule::TakeAway(..) => Box::new(1..=n),
                MemoryRule::Mem => Box::new((1..=n).rev()),
            };
            for a in order {
                let v = value(a, &mex) as usize;
                if v < seen.len() {
                    seen[v] = true;
                }
                while seen.get(least as usize).copied().unwrap_or(false) {
                    least += 1;
                }
                // TakeAway: prefix 1..=a is index a; Mem: suffix a..=n is index a − 1.
                let k = if matches!(rule, MemoryRule::Mem) { a - 1 } else { a };
                row[k as usize] = least;
            }
            mex.push(row);
        }
        Ok(MemoryTable { rule, mex })
    }

    fn index(rule: MemoryRule, n: u64, c: u64) -> usize {
        match rule {
            MemoryRule::TakeAway(..) => c as usize,
            // Takes c..=n: the suffix starting at c, stored at c − 1 (c = n + 1: none, 0).
            MemoryRule::Mem => {
                if c > n {
                    n as usize
                } else {
                    (c - 1) as usize
                }
            }
        }
    }

    /// The largest heap of the table.
    pub fn max_heap(&self) -> u64 {
        self.mex.len() as u64 - 1
    }

    /// The Grundy value of `(n, m)`; `None` when `n` is past the table.
    pub fn value(&self, n: u64, m: u64) -> Option<u32> {
        let row = self.mex.get(usize::try_from(n).ok()?)?;
        if matches!(self.rule, MemoryRule::Mem) && m.max(1) > n {
            return Some(0);
        }
        Some(row[Self::index(self.rule, n, self.rule.bound(n, m))])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impartial::classic::fibonacci_nim::GrundyTable;
    use rustc_hash::FxHashMap;

    /// The definition: the mex of the options' values, by recursion.
    fn plain(rule: MemoryRule, n: u64, m: u64, memo: &mut FxHashMap<(u64, u64), u32>) -> u32 {
        if let Some(&v) = memo.get(&(n, m)) {
            return v;
        }
        let mut values: Vec<u32> =
            rule.options(n, m).into_iter().map(|(r, a)| plain(rule, r, a, memo)).collect();
        values.sort_unstable();
        values.dedup();
        let g = values
            .iter()
            .enumerate()
            .find(|&(i, &v)| v != i as u32)
            .map_or(values.len(), |(i, _)| i) as u32;
        memo.insert((n, m), g);
        g
    }

    #[test]
    fn tables_agree_with_the_definition() {
        let b = Budget::unlimited();
        for rule in [
            MemoryRule::Mem,
            MemoryRule::TakeAway(2, 1),
            MemoryRule::TakeAway(1, 1),
            MemoryRule::TakeAway(3, 2),
            MemoryRule::TakeAway(5, 1),
        ] {
            let t = MemoryTable::new(rule, 40, &b).unwrap();
            let mut memo = FxHashMap::default();
            for n in 0..=40 {
                for m in 0..=45 {
                    assert_eq!(
                        t.value(n, m),
                        Some(plain(rule, n, m, &mut memo)),
                        "{rule:?} ({n},{m})"
                    );
                }
            }
        }
    }

    /// Fibonacci Nim is TakeAway(2): the library's own Fibonacci Nim table
    /// (most that may be taken `2m`) agrees.
    #[test]
    fn take_away_two_is_fibonacci_nim() {
        let b = Budget::unlimited();
        let t = MemoryTable::new(MemoryRule::TakeAway(2, 1), 60, &b).unwrap();
        let fib = GrundyTable::new(60, &b).unwrap();
        for n in 1..=60 {
            for m in 1..=30 {
                assert_eq!(t.value(n, m), fib.value(n, (2 * m).min(n)), "({n},{m})");
            }
        }
    }

    #[test]
    fn tables_past_the_budget_are_refused() {
        let b = Budget::unlimited().with_max_positions(1000);
        assert!(MemoryTable::new(MemoryRule::Mem, 100, &b).is_err());
        assert!(MemoryTable::new(MemoryRule::TakeAway(1, 0), 10, &Budget::unlimited()).is_err());
    }
}

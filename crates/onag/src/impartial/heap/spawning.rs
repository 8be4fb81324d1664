//! Spawning games: coin-turning games played as heap games (CGSuite's
//! `game.heap.Spawning("1-3")`).
//!
//! A heads coin at position `n` (positions from 1) is a heap of `n`. A move
//! of the turning rule whose rightmost coin is `n` turns `n` to tails and
//! turns the other coins `x1 < … < xk` of the move: as a heap game, the heap
//! of `n` is replaced by heaps of `x1, …, xk` (a coin turned twice cancels,
//! and so do two equal heaps, so the sum of heaps has the value of the row of
//! coins). Heap `0` has no options.
//!
//! Values come from the coin-turning engine ([`coin_values`], which works on
//! reachable XOR values rather than listing moves); the options listed by
//! [`HeapRuleset::for_each_option`] serve the misère search and the plain
//! algorithm, which checks them.

use std::cell::RefCell;
use std::ops::ControlFlow;

use super::HeapRuleset;
use crate::budget::Budget;
use crate::error::{Error, ErrorKind, Result};
use crate::impartial::coins::{CoinRule, coin_values, for_each_move};

/// A spawning game: the heap form of a coin-turning rule.
#[derive(Debug)]
pub struct Spawning {
    rule: CoinRule,
    /// Bounds listing the options of one heap (a rule such as `1+` has
    /// `2^(n−1)` moves from heap `n`).
    budget: Budget,
    /// The first error met while listing options (the budget stopping it).
    error: RefCell<Option<Error>>,
}

impl Spawning {
    /// The spawning game of a turning rule, its option lists bounded by `budget`.
    pub fn new(rule: CoinRule, budget: Budget) -> Self {
        Spawning { rule, budget, error: RefCell::new(None) }
    }

    /// Parses a turning code or rule name (see [`CoinRule::parse`]).
    pub fn parse(code: &str) -> Result<Self> {
        Ok(Spawning::new(CoinRule::parse(code)?, Budget::unlimited()))
    }

    /// The turning rule.
    pub fn rule(&self) -> &CoinRule {
        &self.rule
    }

    /// The Grundy values of heaps `0..=upto` (`values[0] = 0`).
    pub fn values(&self, upto: usize, budget: &Budget) -> Result<Vec<u32>> {
        let coins = coin_values(&self.rule, upto, budget)?;
        let mut values = Vec::with_capacity(upto + 1);
        values.push(0);
        for (i, &g) in coins.iter().enumerate() {
            let g = u32::try_from(g).map_err(|_| {
                Error::new(ErrorKind::Overflow, format!("heap {}: Grundy value beyond 2^32", i + 1))
            })?;
            values.push(g);
        }
        Ok(values)
    }

    /// The error that cut an option list short, if any (taken: the next call
    /// answers `None` until another list is cut short). A computation over
    /// [`HeapRuleset::for_each_option`] must check it: a list cut short
    /// gives wrong values.
    pub fn take_error(&self) -> Option<Error> {
        self.error.borrow_mut().take()
    }
}

impl HeapRuleset for Spawning {
    fn for_each_option(&self, heap: usize, f: &mut dyn FnMut(&[usize]) -> ControlFlow<()>) {
        if heap == 0 || self.error.borrow().is_some() {
            return;
        }
        let mut stopped = false;
        let listed = for_each_move(&self.rule, heap, &self.budget, |others| {
            if !stopped {
                stopped = f(others).is_break();
            }
        });
        if let Err(e) = listed {
            *self.error.borrow_mut() = Some(e);
        }
    }

    fn name(&self) -> String {
        format!("Spawning(\"{}\")", self.rule.text())
    }
}

//! A row of coins under one rule: its value, outcome and winning moves.

use rustc_hash::FxHashSet;
use serde::Serialize;

use crate::budget::Budget;
use crate::error::{Error, Location, Result};
use crate::impartial::Outcome;

use super::rule::CoinRule;
use super::values::{coin_values, for_each_move_with_sum};

/// Longest strip accepted.
pub const MAX_COINS: usize = 1 << 16;

/// Parses a strip of coins: `h`/`H` heads, `t`/`T` tails, leftmost first.
/// Errors name the 1-based column.
pub fn parse_strip(text: &str) -> Result<Vec<bool>> {
    let mut heads = Vec::with_capacity(text.len());
    for (i, c) in text.chars().enumerate() {
        match c {
            'h' | 'H' => heads.push(true),
            't' | 'T' => heads.push(false),
            _ => {
                return Err(Error::syntax(
                    Location::new(1, i + 1),
                    format!("expected 'h' (heads) or 't' (tails), found {c:?}"),
                ));
            }
        }
        if heads.len() > MAX_COINS {
            return Err(Error::invalid(format!("more than {MAX_COINS} coins")));
        }
    }
    Ok(heads)
}

/// The solution of a strip.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct StripSolution {
    /// The rule as given.
    pub rule: String,
    /// Its turning code.
    pub code: String,
    /// The values of single heads coins, `values[p - 1]` for coin `p`.
    pub values: Vec<u64>,
    /// The nim-sum of the values of the heads coins.
    pub value: u64,
    /// P when the value is zero.
    pub outcome: Outcome,
    /// Every winning move, as the coins it turns (positions from 1,
    /// increasing; the last goes from heads to tails).
    pub winning_moves: Vec<Vec<usize>>,
}

/// Solves the strip `heads` (true = heads, leftmost first) under `rule`.
pub fn solve_strip(rule: &CoinRule, heads: &[bool], budget: &Budget) -> Result<StripSolution> {
    let values = coin_values(rule, heads.len(), budget)?;
    let value = heads.iter().zip(&values).filter(|(h, _)| **h).fold(0, |acc, (_, g)| acc ^ g);
    let mut winning_moves = Vec::new();
    if value != 0 {
        let mut seen: FxHashSet<Vec<usize>> = FxHashSet::default();
        let total = heads.len() as u64;
        for (m, _) in heads.iter().enumerate().filter(|(_, h)| **h) {
            budget.progress("winning moves", m as u64, Some(total));
            let m = m + 1;
            // Turning coin m and the others changes the value by g(m) ⊕ (their sum).
            let target = value ^ values[m - 1];
            for_each_move_with_sum(rule, &values, m, target, budget, |others| {
                let mut set = others.to_vec();
                set.push(m);
                if seen.insert(set.clone()) {
                    winning_moves.push(set);
                }
            })?;
        }
        winning_moves.sort();
    }
    Ok(StripSolution {
        rule: rule.text().to_string(),
        code: rule.code().to_string(),
        values,
        value,
        outcome: Outcome::from_zero(value == 0),
        winning_moves,
    })
}

//! The games born by a given day (CGSuite's `MisereCanonicalGame.DayN`):
//! every simplest form whose options are a set of games born by the day
//! before. Day 0 has `0` alone; the even games born by days 0 to 4 number
//! 1, 1, 2, 3 and 19, and day 5 has about four million.

use rustc_hash::FxHashSet;

use super::canonical::FormId;
use super::games::MisereGames;
use crate::budget::Budget;
use crate::error::{Error, ErrorKind, Result};

/// Sets of options tried between two budget checks.
const CHECK_EVERY: u64 = 1 << 12;

/// The limits of a day's list.
#[derive(Debug, Clone, Copy)]
pub struct DayLimits {
    /// More games than this (of any day up to the last) is an error.
    pub max_games: usize,
    /// No game in the list, nor any of its followers, has more options.
    pub max_options: usize,
}

impl MisereGames {
    /// The even games born by `day` whose followers all have at most
    /// `limits.max_options` options, in canonical order.
    ///
    /// Fails when some day up to `day` has more than `limits.max_games`
    /// such games (even and odd), or on the budget.
    pub fn born_by(&mut self, day: u32, limits: DayLimits, budget: &Budget) -> Result<Vec<FormId>> {
        let mut born = vec![0];
        for d in 1..=day {
            born = self.next_day(&born, d, limits, budget)?;
        }
        let mut even: Vec<FormId> = born.into_iter().filter(|&g| !self.forms.is_odd(g)).collect();
        // Merge sort: `compare` needs `&mut self` for its memo.
        let mut sorted = Vec::with_capacity(even.len());
        merge_sort(self, &mut even, &mut sorted);
        Ok(even)
    }

    /// The games born by day `d`, from those born by day `d − 1`.
    fn next_day(
        &mut self,
        before: &[FormId],
        d: u32,
        limits: DayLimits,
        budget: &Budget,
    ) -> Result<Vec<FormId>> {
        let mut seen: FxHashSet<FormId> = FxHashSet::default();
        let mut out = Vec::new();
        let mut tried = 0u64;
        let largest = limits.max_options.min(before.len());
        // Each set of options, by size, as increasing index lists.
        for size in 0..=largest {
            let mut pick: Vec<usize> = (0..size).collect();
            loop {
                tried += 1;
                if tried % CHECK_EVERY == 0 {
                    budget.check(self.forms.len() as u64)?;
                    budget.check_memory(self.forms.bytes())?;
                }
                let g = self.forms.from_options(pick.iter().map(|&i| before[i]).collect());
                if self.forms.options(g).len() <= limits.max_options && seen.insert(g) {
                    out.push(g);
                    if out.len() > limits.max_games {
                        return Err(Error::new(
                            ErrorKind::LimitExceeded,
                            format!(
                                "DayN: more than {} games are born by day {d} (maxGames)",
                                limits.max_games
                            ),
                        ));
                    }
                }
                if !advance(&mut pick, before.len()) {
                    break;
                }
            }
        }
        Ok(out)
    }
}

/// The next increasing list of `pick.len()` indices below `n`, in
/// lexicographic order; `false` after the last.
fn advance(pick: &mut [usize], n: usize) -> bool {
    let k = pick.len();
    for i in (0..k).rev() {
        if pick[i] < n - k + i {
            pick[i] += 1;
            for j in i + 1..k {
                pick[j] = pick[j - 1] + 1;
            }
            return true;
        }
    }
    false
}

/// Sorts `v` by the canonical order, `scratch` as the buffer.
fn merge_sort(games: &mut MisereGames, v: &mut [FormId], scratch: &mut Vec<FormId>) {
    if v.len() < 2 {
        return;
    }
    let mid = v.len() / 2;
    let (a, b) = v.split_at_mut(mid);
    merge_sort(games, a, scratch);
    merge_sort(games, b, scratch);
    scratch.clear();
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        if games.compare(a[i], b[j]) == std::cmp::Ordering::Greater {
            scratch.push(b[j]);
            j += 1;
        } else {
            scratch.push(a[i]);
            i += 1;
        }
    }
    scratch.extend_from_slice(&a[i..]);
    scratch.extend_from_slice(&b[j..]);
    v.copy_from_slice(scratch);
}

#[cfg(test)]
mod tests {
    use super::*;

    const NO_LIMIT: DayLimits = DayLimits { max_games: 1_000_000, max_options: 1_000_000 };

    #[test]
    fn counts_of_even_games_by_day() {
        let mut games = MisereGames::new();
        let counts: Vec<usize> = (0..=4)
            .map(|d| games.born_by(d, NO_LIMIT, &Budget::unlimited()).unwrap().len())
            .collect();
        assert_eq!(counts, [1, 1, 2, 3, 19]);
    }

    #[test]
    fn every_listed_game_is_born_by_its_day_and_even() {
        let mut games = MisereGames::new();
        for g in games.born_by(4, NO_LIMIT, &Budget::unlimited()).unwrap() {
            assert!(games.forms().birthday(g) <= 4);
            assert!(!games.forms().is_odd(g));
        }
    }

    #[test]
    fn max_games_is_an_error_not_a_cut() {
        let mut games = MisereGames::new();
        let limits = DayLimits { max_games: 10, max_options: 1_000_000 };
        let err = games.born_by(4, limits, &Budget::unlimited()).unwrap_err();
        assert!(err.message().contains("more than 10 games"), "{err}");
    }

    #[test]
    fn max_options_bounds_every_follower() {
        let mut games = MisereGames::new();
        let limits = DayLimits { max_games: 1_000_000, max_options: 1 };
        let list = games.born_by(4, limits, &Budget::unlimited()).unwrap();
        let mut stack = list.clone();
        while let Some(g) = stack.pop() {
            assert!(games.forms().options(g).len() <= 1);
            stack.extend_from_slice(games.forms().options(g));
        }
        assert!(!list.is_empty());
    }
}

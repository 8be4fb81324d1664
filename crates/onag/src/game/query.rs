//! Questions about one game: options, birthday, stops, followers and the
//! CGSuite predicates (`IsNumber`, `IsNimber`, `IsInfinitesimal`, ...).
//!
//! Walks over followers use explicit stacks and visited sets; birthdays and
//! stops are memoised per id in the arena. Number + ups + star values answer
//! in closed form wherever one exists (an integer n has n followers, so
//! `Followers` of a big integer is refused by the budget rather than walked).

use num_traits::Zero;
use rustc_hash::FxHashSet;

use super::arena::{Arena, GameId};
use crate::error::{Error, Result};
use crate::number::{BigUint, Dyadic};

impl Arena {
    /// The Left options of `g` in canonical form (sorted by id).
    pub fn left_options(&mut self, g: GameId) -> Result<Vec<GameId>> {
        self.ensure_options(g)?;
        Ok(self.lefts(g).to_vec())
    }

    /// The Right options of `g` in canonical form (sorted by id).
    pub fn right_options(&mut self, g: GameId) -> Result<Vec<GameId>> {
        self.ensure_options(g)?;
        Ok(self.rights(g).to_vec())
    }

    /// Whether `g` is a number.
    pub fn is_number(&self, g: GameId) -> bool {
        self.number_of(g).is_some()
    }

    /// The number `g` is, if it is one.
    pub fn as_number(&self, g: GameId) -> Option<Dyadic> {
        self.number_of(g).cloned()
    }

    /// Whether `g` is an integer.
    pub fn is_integer(&self, g: GameId) -> bool {
        self.number_of(g).is_some_and(|x| x.is_integer())
    }

    /// Whether `g` is a nimber (0 included).
    pub fn is_nimber(&self, g: GameId) -> bool {
        self.as_nimber(g).is_some()
    }

    /// The nim value m when `g = *m`.
    pub fn as_nimber(&self, g: GameId) -> Option<u64> {
        self.nus(g).filter(|v| v.ups == 0 && v.number.is_zero()).map(|v| v.star)
    }

    /// The nim value of an impartial game (its canonical form is a nimber).
    pub fn nim_value(&self, g: GameId) -> Option<u64> {
        self.as_nimber(g)
    }

    /// Whether `g` is number + ups + star.
    pub fn is_number_up_star(&self, g: GameId) -> bool {
        self.nus(g).is_some()
    }

    /// Whether `g = −g` (CGSuite's `IsSwitch`; true of 0 and nimbers too).
    pub fn is_switch(&mut self, g: GameId) -> Result<bool> {
        Ok(self.neg(g)? == g)
    }

    /// Left and right stops of `g`.
    pub fn stops(&mut self, g: GameId) -> Result<(Dyadic, Dyadic)> {
        if let Some(v) = self.nus(g) {
            return Ok((v.number.clone(), v.number.clone()));
        }
        if let Some(s) = self.stop_memo.get(&g) {
            return Ok(s.clone());
        }
        let mut stack = vec![g];
        while let Some(&top) = stack.last() {
            self.step()?;
            if self.stop_memo.contains_key(&top) {
                stack.pop();
                continue;
            }
            let mut missing = false;
            let count = self.lefts(top).len() + self.rights(top).len();
            for i in 0..count {
                let o = self.option_index(top, i);
                if self.nus(o).is_none() && !self.stop_memo.contains_key(&o) {
                    stack.push(o);
                    missing = true;
                }
            }
            if missing {
                continue;
            }
            let mut left: Option<Dyadic> = None;
            for &o in self.lefts(top) {
                let r = self.known_stops(o).1;
                if left.as_ref().is_none_or(|m| r > *m) {
                    left = Some(r);
                }
            }
            let mut right: Option<Dyadic> = None;
            for &o in self.rights(top) {
                let l = self.known_stops(o).0;
                if right.as_ref().is_none_or(|m| l < *m) {
                    right = Some(l);
                }
            }
            let (Some(left), Some(right)) = (left, right) else {
                return Err(Error::invalid("a canonical non-number has options on both sides"));
            };
            self.stop_memo.insert(top, (left, right));
            stack.pop();
        }
        Ok(self.stop_memo[&g].clone())
    }

    fn known_stops(&self, g: GameId) -> (Dyadic, Dyadic) {
        match self.nus(g) {
            Some(v) => (v.number.clone(), v.number.clone()),
            None => self.stop_memo[&g].clone(),
        }
    }

    fn option_index(&self, g: GameId, i: usize) -> GameId {
        let nl = self.lefts(g).len();
        if i < nl { self.lefts(g)[i] } else { self.rights(g)[i - nl] }
    }

    /// Whether `g` is infinitesimal (both stops 0).
    pub fn is_infinitesimal(&mut self, g: GameId) -> Result<bool> {
        let (l, r) = self.stops(g)?;
        Ok(l.is_zero() && r.is_zero())
    }

    /// The birthday of `g`.
    pub fn birthday(&mut self, g: GameId) -> Result<BigUint> {
        if let Some(v) = self.nus(g) {
            return Ok(super::nus::birthday(v));
        }
        if let Some(b) = self.birthday_memo.get(&g) {
            return Ok(b.clone());
        }
        let mut stack = vec![g];
        while let Some(&top) = stack.last() {
            self.step()?;
            if self.birthday_memo.contains_key(&top) {
                stack.pop();
                continue;
            }
            let count = self.lefts(top).len() + self.rights(top).len();
            let mut missing = false;
            for i in 0..count {
                let o = self.option_index(top, i);
                if self.nus(o).is_none() && !self.birthday_memo.contains_key(&o) {
                    stack.push(o);
                    missing = true;
                }
            }
            if missing {
                continue;
            }
            let mut best = BigUint::zero();
            for i in 0..count {
                let o = self.option_index(top, i);
                let b = match self.nus(o) {
                    Some(v) => super::nus::birthday(v),
                    None => self.birthday_memo[&o].clone(),
                };
                if b > best {
                    best = b;
                }
            }
            self.birthday_memo.insert(top, best + 1u32);
            stack.pop();
        }
        Ok(self.birthday_memo[&g].clone())
    }

    /// Every follower of `g` (g included), each once, in the order found.
    pub fn followers(&mut self, g: GameId) -> Result<Vec<GameId>> {
        let mut seen = FxHashSet::default();
        let mut order = Vec::new();
        let mut stack = vec![g];
        seen.insert(g);
        // The followers of *m are the nimbers *k, k < m, and those of an
        // integer the integers between it and 0: they are added at once, for
        // the largest nimber (or integer on each side) met so far, so a game
        // like *1000000 costs its followers and not their options.
        let mut nimbers_below = 0u64;
        let mut integers_within = (0i64, 0i64);
        while let Some(top) = stack.pop() {
            self.step()?;
            self.budget.check_positions(seen.len() as u64)?;
            order.push(top);
            // `(nimbers, from, to)`: the followers `from..to` to add at once.
            let below = match self.nus(top) {
                Some(v) if v.number.is_zero() && v.ups == 0 => {
                    let (from, to) = (nimbers_below, v.star);
                    nimbers_below = nimbers_below.max(to);
                    Some((true, from as i128, to as i128))
                }
                Some(v) if v.ups == 0 && v.star == 0 => match v.number.to_i64() {
                    Some(n) if n > 0 => {
                        let from = integers_within.1;
                        integers_within.1 = integers_within.1.max(n);
                        Some((false, from as i128, n as i128))
                    }
                    Some(n) => {
                        let to = integers_within.0;
                        integers_within.0 = integers_within.0.min(n);
                        Some((false, n as i128 + 1, to as i128 + 1))
                    }
                    None => None,
                },
                _ => None,
            };
            if let Some((nimbers, from, to)) = below {
                for k in from..to {
                    self.step()?;
                    // In range by construction: `from..to` lies within a
                    // nimber's `0..m` or between an integer and 0.
                    let o = if nimbers { self.nimber(k as u64)? } else { self.integer(k as i64)? };
                    if seen.insert(o) {
                        order.push(o);
                        self.budget.check_positions(seen.len() as u64)?;
                    }
                }
                continue;
            }
            self.ensure_options(top)?;
            let count = self.lefts(top).len() + self.rights(top).len();
            for i in 0..count {
                let o = self.option_index(top, i);
                if seen.insert(o) {
                    stack.push(o);
                }
            }
        }
        Ok(order)
    }

    /// The number of distinct followers of `g` (g included).
    pub fn follower_count(&mut self, g: GameId) -> Result<usize> {
        Ok(self.followers(g)?.len())
    }

    /// Whether every follower of `g` has Left and Right options both or
    /// neither (all-small, "dicotic").
    pub fn is_all_small(&mut self, g: GameId) -> Result<bool> {
        let mut seen = FxHashSet::default();
        let mut stack = vec![g];
        seen.insert(g);
        while let Some(top) = stack.pop() {
            self.step()?;
            if let Some(v) = self.nus(top) {
                if !v.number.is_zero() {
                    return Ok(false);
                }
                continue;
            }
            let (nl, nr) = (self.lefts(top).len(), self.rights(top).len());
            if (nl == 0) != (nr == 0) {
                return Ok(false);
            }
            for i in 0..nl + nr {
                let o = self.option_index(top, i);
                if seen.insert(o) {
                    stack.push(o);
                }
            }
        }
        Ok(true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::nus::Nus;

    /// The followers of `g` by expanding every follower's options.
    fn expanded(a: &mut Arena, g: GameId) -> FxHashSet<GameId> {
        let mut seen = FxHashSet::default();
        let mut stack = vec![g];
        seen.insert(g);
        while let Some(top) = stack.pop() {
            a.ensure_options(top).unwrap();
            let count = a.lefts(top).len() + a.rights(top).len();
            for i in 0..count {
                let o = a.option_index(top, i);
                if seen.insert(o) {
                    stack.push(o);
                }
            }
        }
        seen
    }

    /// Nimbers and integers add their followers without options; the set is
    /// the one every option expanded gives, also for games whose followers
    /// mix both with other values.
    #[test]
    fn closed_forms_of_followers_agree_with_expansion() {
        let mut a = Arena::new();
        let nus = |a: &mut Arena, x: i64, ups: i64, star: u64| {
            a.nus_id(Nus { number: Dyadic::from(x), ups, star }).unwrap()
        };
        let mut games = vec![nus(&mut a, 0, 0, 7), nus(&mut a, -4, 0, 0), nus(&mut a, 3, 0, 0)];
        games.push(nus(&mut a, 5, 0, 1));
        games.push(nus(&mut a, 2, 1, 3));
        games.push(nus(&mut a, -1, -2, 0));
        let (s3, s5, s8, m3, two) = (
            games[0],
            nus(&mut a, 0, 0, 5),
            nus(&mut a, 0, 0, 8),
            nus(&mut a, -3, 0, 0),
            nus(&mut a, 2, 0, 0),
        );
        let g = a.from_options(&[s3, two], &[s5, m3]).unwrap();
        games.push(g);
        let h = a.from_options(&[games[3]], &[s8]).unwrap();
        games.push(h);
        let k = a.from_options(&[g, games[2]], &[h, games[1]]).unwrap();
        games.push(k);
        for &g in &games {
            let quick: FxHashSet<GameId> = a.followers(g).unwrap().into_iter().collect();
            let shown = a.print(g).unwrap();
            assert_eq!(quick, expanded(&mut a, g), "{shown}");
            assert_eq!(a.follower_count(g).unwrap(), quick.len());
        }
    }
}

//! Named games built from others: switches, Tiny/Miny, powers of up and
//! Norton multiplication by integers.
//!
//! - `±x = {x | −x}`; `Tiny(x) = {0 ‖ 0 | −x}`, `Miny(x) = −Tiny(x)`.
//! - For `G = {0 | H}` (canonical, one left option 0 and one right option):
//!   `G^→1 = G`, `G^→(k+1) = {G^→k | H}` (so `↑^→2 = {↑ | *} = ↑ + ↑²`, `^[n]`)
//!   and `G^(k+1) = {0 | H − G^→k}` (so `↑² = {0 | ↓*}`, `^<n>`). The tests
//!   check `↑^→n = ↑ + ↑² + … + ↑ⁿ` with the two definitions.
//! - The ordinal sum `G : H` (Hackenbush strings are ordinal sums of ±1).
//! - `n·G` for an integer n is the sum of n copies of G (of −G when n < 0),
//!   computed by doubling; number + ups + star values multiply in closed form,
//!   and other uptimals by scaling their expansion (`uptimal.rs`).

use num_bigint::Sign;
use num_traits::{Signed, ToPrimitive, Zero};
use rustc_hash::FxHashMap;

use super::arena::{Arena, GameId};
use super::nus::Nus;
use crate::error::{Error, ErrorKind, Result};
use crate::number::{BigInt, Dyadic};

impl Arena {
    /// The switch `±x = {x | −x}`.
    pub fn switch(&mut self, x: GameId) -> Result<GameId> {
        let n = self.neg(x)?;
        self.from_options(&[x], &[n])
    }

    /// `x ± y = {x + y | x − y}`.
    pub fn plus_minus(&mut self, x: GameId, y: GameId) -> Result<GameId> {
        let a = self.add(x, y)?;
        let b = self.sub(x, y)?;
        self.from_options(&[a], &[b])
    }

    /// `Tiny(x) = {0 ‖ 0 | −x}`.
    pub fn tiny(&mut self, x: GameId) -> Result<GameId> {
        let zero = self.zero();
        let n = self.neg(x)?;
        let inner = self.from_options(&[zero], &[n])?;
        self.from_options(&[zero], &[inner])
    }

    /// `Miny(x) = {x | 0 ‖ 0}`.
    pub fn miny(&mut self, x: GameId) -> Result<GameId> {
        let t = self.tiny(x)?;
        self.neg(t)
    }

    /// `(0, H)` when `g = {0 | H}` in canonical form.
    fn zero_slash(&mut self, g: GameId) -> Result<GameId> {
        self.ensure_options(g)?;
        let zero = self.zero();
        match (self.lefts(g), self.rights(g)) {
            ([l], [h]) if *l == zero => Ok(*h),
            _ => Err(Error::invalid("Pow and PowTo need a game of the form {0|H}")),
        }
    }

    /// `G^n` for `G = {0 | H}` and n ≥ 1 (`^.Pow(n)` is ↑ⁿ):
    /// `G^(k+1) = {0 | H − G^→k}`.
    pub fn pow(&mut self, g: GameId, n: u64) -> Result<GameId> {
        if n == 0 {
            return Err(Error::invalid("Pow needs an exponent of at least 1"));
        }
        if n == 1 {
            self.zero_slash(g)?;
            return Ok(g);
        }
        let h = self.zero_slash(g)?;
        let below = self.pow_to(g, n - 1)?;
        let right = self.sub(h, below)?;
        let zero = self.zero();
        self.from_options(&[zero], &[right])
    }

    /// `G^→n` for `G = {0 | H}` and n ≥ 1 (`^.PowTo(n)` is ↑ + ↑² + … + ↑ⁿ).
    pub fn pow_to(&mut self, g: GameId, n: u64) -> Result<GameId> {
        if n == 0 {
            return Err(Error::invalid("PowTo needs an exponent of at least 1"));
        }
        let h = self.zero_slash(g)?;
        let mut p = g;
        for _ in 1..n {
            self.step()?;
            p = self.from_options(&[p], &[h])?;
        }
        Ok(p)
    }

    /// ↑ⁿ (`^<n>`), n ≥ 1.
    pub fn up_power(&mut self, n: u64) -> Result<GameId> {
        let up = self.up_multiple(1)?;
        self.pow(up, n)
    }

    /// ↑ + ↑² + … + ↑ⁿ (`^[n]`), n ≥ 1.
    pub fn up_power_sum(&mut self, n: u64) -> Result<GameId> {
        let up = self.up_multiple(1)?;
        self.pow_to(up, n)
    }

    /// The ordinal sum `G : H = {G^L, G : H^L | G^R, G : H^R}` (on the
    /// canonical form of H), built bottom-up over the followers of H.
    pub fn ordinal_sum(&mut self, g: GameId, h: GameId) -> Result<GameId> {
        self.ensure_options(g)?;
        let (gl, gr) = (self.lefts(g).to_vec(), self.rights(g).to_vec());
        self.ordinal_sum_on(&gl, &gr, h)
    }

    /// The ordinal sum `B : H` of a base given by its options `gl`, `gr`
    /// (not necessarily a canonical form's: `'{*|*}' : 1` is not `0 : 1`).
    pub fn ordinal_sum_on(&mut self, gl: &[GameId], gr: &[GameId], h: GameId) -> Result<GameId> {
        let mut memo: FxHashMap<GameId, GameId> = FxHashMap::default();
        let mut stack = vec![h];
        while let Some(&x) = stack.last() {
            // Each step may build a number of many digits: check the
            // budget every time, not every few thousand steps.
            self.step()?;
            self.budget.check(self.records.len() as u64)?;
            if memo.contains_key(&x) {
                stack.pop();
                continue;
            }
            self.ensure_options(x)?;
            let children: Vec<GameId> =
                self.lefts(x).iter().chain(self.rights(x)).copied().collect();
            let missing: Vec<GameId> =
                children.iter().copied().filter(|c| !memo.contains_key(c)).collect();
            if !missing.is_empty() {
                stack.extend(missing);
                continue;
            }
            let mut l = gl.to_vec();
            l.extend(self.lefts(x).iter().map(|c| memo[c]));
            let mut r = gr.to_vec();
            r.extend(self.rights(x).iter().map(|c| memo[c]));
            let value = self.from_options(&l, &r)?;
            memo.insert(x, value);
            stack.pop();
        }
        Ok(memo[&h])
    }

    /// Norton multiplication by an integer: n copies of `g` (copies of `−g`
    /// when n < 0).
    pub fn norton_multiply(&mut self, g: GameId, n: &BigInt) -> Result<GameId> {
        if n.is_zero() {
            return Ok(self.zero());
        }
        let base = if n.sign() == Sign::Minus { self.neg(g)? } else { g };
        let count = n.abs();
        if let Some(v) = self.nus(base).cloned() {
            let number = v.number.checked_mul(&Dyadic::from_bigint(&count))?;
            let ups = match count.to_i64() {
                Some(c) => v.ups.checked_mul(c),
                None if v.ups == 0 => Some(0),
                None => None,
            }
            .ok_or_else(|| Error::new(ErrorKind::Overflow, "Overflow."))?;
            let star = if count.bit(0) { v.star } else { 0 };
            return self.nus_id(Nus { number, ups, star });
        }
        // An uptimal's copies are the uptimal with scaled coefficients, built
        // straight into canonical form (adding copies costs far more).
        if let Some(e) = self.uptimal_expansion(base)? {
            let scaled = e.scale(&count)?;
            return self.uptimal_value(&scaled);
        }
        let mut result = self.zero();
        let mut power = base;
        let bits = count.bits();
        for i in 0..bits {
            if count.bit(i) {
                result = self.add(result, power)?;
            }
            if i + 1 < bits {
                power = self.add(power, power)?;
            }
        }
        Ok(result)
    }
}

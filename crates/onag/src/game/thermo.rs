//! Temperature theory of short games: thermographs, mean, temperature, and
//! the CGSuite predicates that go with them (`IsEvenTempered`,
//! `IsOddTempered`, `IsNumberTiny`, `StopCount`).
//!
//! The thermograph of an integer n is a mast at n. For any other game the
//! *left scaffold* is the maximum of the Left options' right walls tilted by
//! −t, the *right scaffold* the minimum of the Right options' left walls tilted
//! by +t, and [`Wall::intersect`] turns the scaffolds into walls (hills where
//! the left scaffold is at least the right one, a mast elsewhere). Walls live
//! on `[-1, ∞)` as in CGSuite, so numbers freeze below 0.
//!
//! CGSuite's conventions, kept here: the temperature is the highest critical
//! point of either wall (−1 when neither has one); a number m/2^k has
//! temperature −1/2^k (so integers −1, 1/2 has −1/2) and any other number +
//! ups + star has temperature 0; the mean is the left wall's value at the
//! temperature (the number itself for number + ups + star).
//!
//! Every walk over followers is post-order on an explicit stack with a memo
//! keyed by id, counting steps against the arena's budget.

use std::fmt;

use num_traits::One;
use rustc_hash::FxHashMap;

use super::arena::{Arena, GameId};
use super::wall::Wall;
use crate::error::{Error, ErrorKind, Result};
use crate::number::{BigUint, Dyadic};

/// A thermograph: the left and right walls of a game as functions of the
/// temperature t ≥ −1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thermograph {
    left: Wall,
    right: Wall,
}

impl Thermograph {
    /// The mast of the integer `x`.
    pub fn mast(x: Dyadic) -> Self {
        Thermograph { left: Wall::constant(x.clone()), right: Wall::constant(x) }
    }

    /// The left wall (Left's value when moving first, at each temperature).
    pub fn left_wall(&self) -> &Wall {
        &self.left
    }

    /// The right wall (Right's value when moving first, at each temperature).
    pub fn right_wall(&self) -> &Wall {
        &self.right
    }

    /// The highest critical point of either wall, −1 when neither has one.
    pub fn temperature(&self) -> Dyadic {
        self.left.top().max(self.right.top())
    }

    /// The mast value: the left wall at the temperature.
    pub fn mean(&self) -> Result<Dyadic> {
        self.left.value_at(&self.temperature())
    }

    /// Whether both walls are one vertical line (the thermograph of an integer).
    pub fn is_mast(&self) -> bool {
        self.left == self.right && self.left.critical_points().is_empty()
    }
}

impl fmt::Display for Thermograph {
    /// CGSuite's form: `Thermograph(0,[1],[0,-1],0,[1],[0,1])` for ±1 (each
    /// wall as mast value, critical points, slopes).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Thermograph({},{})", self.left, self.right)
    }
}

/// Thermographs of the followers of some games, computed once each.
#[derive(Default)]
pub(super) struct Thermos {
    memo: FxHashMap<GameId, Thermograph>,
}

impl Thermos {
    /// The thermograph of `g` (computed bottom-up over its followers).
    pub(super) fn get(&mut self, arena: &mut Arena, g: GameId) -> Result<&Thermograph> {
        if let Some(x) = arena.integer_value(g) {
            self.memo.entry(g).or_insert_with(|| Thermograph::mast(x));
            return Ok(&self.memo[&g]);
        }
        let mut stack = vec![g];
        while let Some(&top) = stack.last() {
            arena.step()?;
            if self.memo.contains_key(&top) {
                stack.pop();
                continue;
            }
            if let Some(x) = arena.integer_value(top) {
                self.memo.insert(top, Thermograph::mast(x));
                stack.pop();
                continue;
            }
            if let Some(rep) = arena.same_thermograph(top)? {
                match self.memo.get(&rep) {
                    Some(t) => {
                        let t = t.clone();
                        self.memo.insert(top, t);
                        stack.pop();
                    }
                    None => stack.push(rep),
                }
                continue;
            }
            arena.ensure_options(top)?;
            let before = stack.len();
            for i in 0..arena.lefts(top).len() + arena.rights(top).len() {
                let o = arena.option(top, i);
                if !self.memo.contains_key(&o) {
                    stack.push(o);
                }
            }
            if stack.len() > before {
                continue;
            }
            let t = self.build(arena, top)?;
            self.memo.insert(top, t);
            stack.pop();
        }
        Ok(&self.memo[&g])
    }

    /// The thermograph of `g` from its options' thermographs (all known).
    fn build(&self, arena: &Arena, g: GameId) -> Result<Thermograph> {
        let (lo, ro) = (arena.lefts(g), arena.rights(g));
        if lo.is_empty() || ro.is_empty() {
            return Err(Error::invalid("a game other than an integer has options on both sides"));
        }
        let mut left = self.memo[&lo[0]].right.clone();
        for o in &lo[1..] {
            left = Wall::combine(&left, &self.memo[o].right, true)?;
        }
        let mut right = self.memo[&ro[0]].left.clone();
        for o in &ro[1..] {
            right = Wall::combine(&right, &self.memo[o].left, false)?;
        }
        let (lw, rw) = Wall::intersect(&left.tilt(-1)?, &right.tilt(1)?)?;
        Ok(Thermograph { left: lw, right: rw })
    }

    /// CGSuite's temperature of `g` (closed form for number + ups + star).
    pub(super) fn temperature(&mut self, arena: &mut Arena, g: GameId) -> Result<Dyadic> {
        if let Some(v) = arena.nus(g) {
            return if v.is_number() {
                Dyadic::from_i64(-1).div_pow2(v.number.exponent())
            } else {
                Ok(Dyadic::zero())
            };
        }
        Ok(self.get(arena, g)?.temperature())
    }

    /// The mean of `g` (the number part for number + ups + star).
    pub(super) fn mean(&mut self, arena: &mut Arena, g: GameId) -> Result<Dyadic> {
        if let Some(v) = arena.nus(g) {
            return Ok(v.number.clone());
        }
        self.get(arena, g)?.mean()
    }
}

impl Arena {
    /// The integer `g` is, as a number, if it is one.
    pub(super) fn integer_value(&self, g: GameId) -> Option<Dyadic> {
        self.number_of(g).filter(|x| x.is_integer()).cloned()
    }

    /// For `x + *m` with m ≥ 2, the game `x + *` (same thermograph, far
    /// fewer options): the options `x + *k` (k ≥ 1) have the thermograph of
    /// `x + *` by induction, whose right wall is at most x's, so the
    /// scaffolds of `x + *m` are those of `x + *` (a test checks the scaffold
    /// equation for m up to 8).
    fn same_thermograph(&mut self, g: GameId) -> Result<Option<GameId>> {
        match self.nus(g) {
            Some(v) if v.ups == 0 && v.star >= 2 => {
                let x = v.number.clone();
                self.number_up_star(&x, 0, 1).map(Some)
            }
            _ => Ok(None),
        }
    }

    /// Option `i` of `g`: Left options first, then Right options.
    pub(super) fn option(&self, g: GameId, i: usize) -> GameId {
        let nl = self.lefts(g).len();
        if i < nl { self.lefts(g)[i] } else { self.rights(g)[i - nl] }
    }

    /// The thermograph of `g`.
    ///
    /// ```
    /// use onag::game::Arena;
    /// let mut a = Arena::new();
    /// let one = a.integer(1).unwrap();
    /// let pm1 = a.switch(one).unwrap();
    /// let t = a.thermograph(pm1).unwrap();
    /// assert_eq!(t.to_string(), "Thermograph(0,[1],[0,-1],0,[1],[0,1])");
    /// ```
    pub fn thermograph(&mut self, g: GameId) -> Result<Thermograph> {
        Thermos::default().get(self, g).cloned()
    }

    /// The temperature of `g` (CGSuite's convention: −1/2^k for a number
    /// m/2^k, 0 for other number + ups + star values).
    pub fn temperature(&mut self, g: GameId) -> Result<Dyadic> {
        Thermos::default().temperature(self, g)
    }

    /// The mean value of `g`.
    pub fn mean(&mut self, g: GameId) -> Result<Dyadic> {
        Thermos::default().mean(self, g)
    }

    /// CGSuite's `IsEvenTempered`: numbers are even-tempered, other number +
    /// ups + star values are not; any other game is when all its options are
    /// odd-tempered.
    pub fn is_even_tempered(&mut self, g: GameId) -> Result<bool> {
        Ok(self.tempers(g)?.0)
    }

    /// CGSuite's `IsOddTempered`: `x*` (a number plus star) is odd-tempered,
    /// other number + ups + star values are not; any other game is when all
    /// its options are even-tempered.
    pub fn is_odd_tempered(&mut self, g: GameId) -> Result<bool> {
        Ok(self.tempers(g)?.1)
    }

    /// (even-tempered, odd-tempered) for `g`, bottom-up over its followers.
    fn tempers(&mut self, g: GameId) -> Result<(bool, bool)> {
        let mut memo: FxHashMap<GameId, (bool, bool)> = FxHashMap::default();
        let mut leaf = |a: &mut Arena, x: GameId| {
            Ok(a.nus(x).map(|v| (v.is_number(), v.ups == 0 && v.star == 1 && !v.is_number())))
        };
        let mut node = |_: &mut Arena, _: GameId, l: &[(bool, bool)], r: &[(bool, bool)]| {
            let options = || l.iter().chain(r);
            Ok((options().all(|&(_, odd)| odd), options().all(|&(even, _)| even)))
        };
        self.bottom_up(g, &mut memo, &mut leaf, &mut node)
    }

    /// CGSuite's `IsNumberTiny`: `g = {x ‖ x | y}` with x a number and the
    /// mean of y below x (`xTiny(x − y)`), or the mirror image `{y | x ‖ x}`
    /// with the mean of y above x (`xMiny(y − x)`). CGSuite answers true for
    /// every number too, and false for other number + ups + star values.
    pub fn is_number_tiny(&mut self, g: GameId) -> Result<bool> {
        if let Some(v) = self.nus(g) {
            return Ok(v.is_number());
        }
        Ok(self.number_tiny_parts(g)?.is_some())
    }

    /// `(x, y, tiny)` when `g` is `{x ‖ x | y}` (tiny) or `{y | x ‖ x}` with
    /// the means as [`Arena::is_number_tiny`] requires.
    pub(super) fn number_tiny_parts(
        &mut self,
        g: GameId,
    ) -> Result<Option<(GameId, GameId, bool)>> {
        if self.nus(g).is_some() {
            return Ok(None);
        }
        let (lo, ro) = (self.lefts(g).to_vec(), self.rights(g).to_vec());
        let ([l], [r]) = (lo.as_slice(), ro.as_slice()) else { return Ok(None) };
        let (l, r) = (*l, *r);
        if let Some(x) = self.as_number(l) {
            self.ensure_options(r)?;
            if let ([rl], [rr]) = (self.lefts(r), self.rights(r)) {
                let rr = *rr;
                if *rl == l && self.mean(rr)? < x {
                    return Ok(Some((l, rr, true)));
                }
            }
        }
        if let Some(x) = self.as_number(r) {
            self.ensure_options(l)?;
            if let ([ll], [lr]) = (self.lefts(l), self.rights(l)) {
                let ll = *ll;
                if *lr == r && self.mean(ll)? > x {
                    return Ok(Some((r, ll, false)));
                }
            }
        }
        Ok(None)
    }

    /// CGSuite's `StopCount`: the number of lines of play from `g` that stop
    /// at a number (counting each option of each follower, so a follower
    /// reached by k paths counts k times): 1 for a number, 2·3^(m−1) for
    /// `x + *m`, and otherwise the sum over all options.
    pub fn stop_count(&mut self, g: GameId) -> Result<BigUint> {
        const MAX_NIM: u64 = 1 << 20;
        let closed = |a: &Arena, x: GameId| -> Option<Result<BigUint>> {
            let v = a.nus(x)?;
            if v.ups != 0 {
                return None;
            }
            Some(match v.star {
                0 => Ok(BigUint::one()),
                m if m <= MAX_NIM => Ok(BigUint::from(3u32).pow((m - 1) as u32) * 2u32),
                _ => Err(Error::new(ErrorKind::Overflow, "Overflow.")),
            })
        };
        let mut memo: FxHashMap<GameId, BigUint> = FxHashMap::default();
        let mut leaf = |a: &mut Arena, x: GameId| closed(a, x).transpose();
        let mut node =
            |_: &mut Arena, _: GameId, l: &[BigUint], r: &[BigUint]| Ok(l.iter().chain(r).sum());
        self.bottom_up(g, &mut memo, &mut leaf, &mut node)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(n: i64, k: u32) -> Dyadic {
        Dyadic::new(n, k)
    }

    #[test]
    fn numbers_freeze_below_zero() {
        let mut a = Arena::new();
        let three = a.integer(3).unwrap();
        assert_eq!(a.thermograph(three).unwrap().to_string(), "Thermograph(3,[],[0],3,[],[0])");
        assert_eq!(a.temperature(three).unwrap(), d(-1, 0));
        let half = a.dyadic(&d(1, 1)).unwrap();
        let t = a.thermograph(half).unwrap();
        assert_eq!(t.to_string(), "Thermograph(1/2,[-1/2],[0,-1],1/2,[-1/2],[0,1])");
        assert_eq!(t.temperature(), a.temperature(half).unwrap());
        let q = a.dyadic(&d(-3, 2)).unwrap();
        assert_eq!(a.thermograph(q).unwrap().temperature(), d(-1, 2));
        assert_eq!(a.mean(q).unwrap(), d(-3, 2));
    }

    #[test]
    fn infinitesimals_have_temperature_zero() {
        let mut a = Arena::new();
        let star = a.nimber(1).unwrap();
        let up = a.up_multiple(1).unwrap();
        assert_eq!(
            a.thermograph(star).unwrap().to_string(),
            "Thermograph(0,[0],[0,-1],0,[0],[0,1])"
        );
        assert_eq!(a.thermograph(up).unwrap().to_string(), "Thermograph(0,[0],[0,-1],0,[],[0])");
        assert_eq!(a.thermograph(up).unwrap().temperature(), Dyadic::zero());
        assert_eq!(a.temperature(up).unwrap(), Dyadic::zero());
    }

    #[test]
    fn tempered_and_stop_counts() {
        let mut a = Arena::new();
        let star = a.nimber(1).unwrap();
        let one = a.integer(1).unwrap();
        let pm1 = a.switch(one).unwrap();
        assert!(a.is_even_tempered(one).unwrap());
        assert!(a.is_odd_tempered(star).unwrap());
        assert!(a.is_odd_tempered(pm1).unwrap());
        assert!(!a.is_even_tempered(pm1).unwrap());
        let star3 = a.nimber(3).unwrap();
        assert_eq!(a.stop_count(star3).unwrap(), BigUint::from(18u32));
        assert_eq!(a.stop_count(pm1).unwrap(), BigUint::from(2u32));
    }
}

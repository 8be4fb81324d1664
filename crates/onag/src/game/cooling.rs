//! Cooling, heating and overheating: games rebuilt option by option.
//!
//! - `G` cooled by t (t > −1): an integer stays; a game whose temperature is
//!   below t becomes its mean; otherwise `{G^L_t − t | G^R_t + t}`. This is the
//!   definition "`{G^L_t − t | G^R_t + t}` unless that is infinitely close to a
//!   number at some smaller temperature" with the freezing point read off the
//!   thermograph (CGSuite's rule, also for −1 < t < 0).
//! - `G` heated by T: a number stays; otherwise `{G^L + T | G^R − T}` on the
//!   heated options (`∫^T G`).
//! - `G` overheated from S by T: an integer n becomes n·S (Norton
//!   multiplication); otherwise `{G^L + T | G^R − T}` on the overheated options.
//!
//! Each walks the followers of G once, post-order on an explicit stack, with
//! a memo keyed by id. Rebuilding `x + *m` costs about m³ comparisons, which
//! is charged to the budget's positions before it starts.

use rustc_hash::{FxHashMap, FxHashSet};

use super::arena::{Arena, GameId};
use super::thermo::Thermos;
use crate::error::{Error, Result};
use crate::number::Dyadic;

impl Arena {
    /// Rebuilds `root` bottom-up: `leaf(x)` gives a follower's image outright
    /// when it has one; otherwise the images of its options go to
    /// `rebuild(left images, right images)`.
    fn rebuild_followers<S>(
        &mut self,
        root: GameId,
        state: &mut S,
        leaf: impl Fn(&mut Arena, &mut S, GameId) -> Result<Option<GameId>>,
        rebuild: impl Fn(&mut Arena, Vec<GameId>, Vec<GameId>) -> Result<GameId>,
    ) -> Result<GameId> {
        let mut memo: FxHashMap<GameId, GameId> = FxHashMap::default();
        let mut inner: FxHashSet<GameId> = FxHashSet::default();
        let mut stack = vec![root];
        while let Some(&top) = stack.last() {
            self.step()?;
            if memo.contains_key(&top) {
                stack.pop();
                continue;
            }
            if !inner.contains(&top) {
                if let Some(image) = leaf(self, state, top)? {
                    memo.insert(top, image);
                    stack.pop();
                    continue;
                }
                inner.insert(top);
                if let Some(v) = self.nus(top)
                    && v.ups == 0
                {
                    // x + *m rebuilds m followers of up to m options each and
                    // canonicalises them by pairwise comparison: charge m³.
                    let m = v.star;
                    let work = m.saturating_mul(m).saturating_mul(m);
                    self.budget
                        .check_positions((self.records.len() as u64).saturating_add(work))?;
                }
                self.ensure_options(top)?;
            }
            let before = stack.len();
            for i in 0..self.lefts(top).len() + self.rights(top).len() {
                let o = self.option(top, i);
                if !memo.contains_key(&o) {
                    stack.push(o);
                }
            }
            if stack.len() > before {
                continue;
            }
            let left: Vec<GameId> = self.lefts(top).iter().map(|o| memo[o]).collect();
            let right: Vec<GameId> = self.rights(top).iter().map(|o| memo[o]).collect();
            let image = rebuild(self, left, right)?;
            memo.insert(top, image);
            stack.pop();
        }
        Ok(memo[&root])
    }

    /// `{left + t | right − t}` in canonical form.
    fn shifted(&mut self, left: Vec<GameId>, right: Vec<GameId>, t: GameId) -> Result<GameId> {
        let mut l = Vec::with_capacity(left.len());
        for x in left {
            l.push(self.add(x, t)?);
        }
        let mut r = Vec::with_capacity(right.len());
        for x in right {
            r.push(self.sub(x, t)?);
        }
        self.from_options(&l, &r)
    }

    /// `g` cooled by `t` (t > −1).
    ///
    /// ```
    /// use onag::game::Arena;
    /// use onag::number::Dyadic;
    /// let mut a = Arena::new();
    /// let one = a.integer(1).unwrap();
    /// let pm1 = a.switch(one).unwrap();
    /// let c = a.cool(pm1, &Dyadic::from_i64(1)).unwrap();
    /// assert_eq!(a.print(c).unwrap(), "*");
    /// ```
    pub fn cool(&mut self, g: GameId, t: &Dyadic) -> Result<GameId> {
        if *t <= Dyadic::from_i64(-1) {
            return Err(Error::invalid(format!("Invalid cooling temperature (must be > -1): {t}")));
        }
        if t.is_zero() {
            // G cooled by 0 is G (every follower rebuilds to itself).
            return Ok(g);
        }
        let tid = self.dyadic(t)?;
        let neg = self.neg(tid)?;
        let mut thermos = Thermos::default();
        self.rebuild_followers(
            g,
            &mut thermos,
            |a, th, x| {
                if a.integer_value(x).is_some() {
                    return Ok(Some(x));
                }
                if th.temperature(a, x)? < *t {
                    let m = th.mean(a, x)?;
                    return a.dyadic(&m).map(Some);
                }
                Ok(None)
            },
            // Cooling moves options towards each other: {G^L − t | G^R + t}.
            |a, l, r| a.shifted(l, r, neg),
        )
    }

    /// `g` heated by `t`: `{G^L + t | G^R − t}` on heated options; numbers stay.
    pub fn heat(&mut self, g: GameId, t: GameId) -> Result<GameId> {
        self.rebuild_followers(
            g,
            &mut (),
            |a, _, x| Ok(a.is_number(x).then_some(x)),
            |a, l, r| a.shifted(l, r, t),
        )
    }

    /// `g` overheated from `s` by `t`: an integer n becomes n·s; otherwise
    /// `{G^L + t | G^R − t}` on overheated options.
    pub fn overheat(&mut self, g: GameId, s: GameId, t: GameId) -> Result<GameId> {
        self.rebuild_followers(
            g,
            &mut (),
            |a, _, x| match a.integer_value(x) {
                Some(n) => a.norton_multiply(s, &n.floor()).map(Some),
                None => Ok(None),
            },
            |a, l, r| a.shifted(l, r, t),
        )
    }
}

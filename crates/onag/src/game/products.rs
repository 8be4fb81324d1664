//! Products of games: Norton multiplication by a game and Conway's product,
//! both on canonical forms as CGSuite computes them.
//!
//! - Norton product `G.U` (CGSuite's `G.NortonMultiply(U)`): for an integer
//!   G it is G copies of U; otherwise `G.U = {G^L.U + U + Δ | G^R.U − U − Δ}`
//!   with Δ ranging over the incentives of U (`U^L − U` and `U − U^R`) that no
//!   other incentive exceeds.
//! - Conway product `G·H = {G^L·H + G·H^L − G^L·H^L, G^R·H + G·H^R − G^R·H^R |
//!   G^L·H + G·H^R − G^L·H^R, G^R·H + G·H^L − G^R·H^L}` on canonical forms.
//!   It is exact multiplication on numbers and the nim product on nimbers, and
//!   an integer n times G is n copies of G (induction on n: the options of
//!   `{(n−1)G + G^L | (n−1)G + G^R}` are those of n copies), so those three
//!   cases take closed forms; the rest recurse with a memo.
//!
//! Both walk on an explicit stack (frames are ids or pairs of ids); neither
//! recurses on the depth of a game.

use rustc_hash::FxHashMap;

use super::arena::{Arena, GameId};
use crate::error::Result;
use crate::nimber::mul64;

impl Arena {
    /// The incentives of `u` that no other incentive exceeds, each plus `u`.
    fn unit_steps(&mut self, u: GameId) -> Result<Vec<GameId>> {
        self.ensure_options(u)?;
        let (ls, rs) = (self.lefts(u).to_vec(), self.rights(u).to_vec());
        let mut incentives = Vec::with_capacity(ls.len() + rs.len());
        for l in ls {
            incentives.push(self.sub(l, u)?);
        }
        for r in rs {
            incentives.push(self.sub(u, r)?);
        }
        incentives.sort_unstable();
        incentives.dedup();
        let mut kept = Vec::with_capacity(incentives.len());
        for (i, &d) in incentives.iter().enumerate() {
            let mut dominated = false;
            for (j, &e) in incentives.iter().enumerate() {
                if i != j && self.leq(d, e)? {
                    dominated = true;
                    break;
                }
            }
            if !dominated {
                kept.push(self.add(u, d)?);
            }
        }
        Ok(kept)
    }

    /// The Norton product `G.U` (`G.NortonMultiply(U)` in CGSuite): G copies
    /// of U for an integer G, else the recursive definition in the module doc.
    ///
    /// ```
    /// use onag::game::Arena;
    /// let mut a = Arena::new();
    /// let up = a.up_multiple(1).unwrap();
    /// let half = a.dyadic(&onag::number::Dyadic::new(1, 1)).unwrap();
    /// let p = a.norton_product(half, up).unwrap();
    /// assert_eq!(a.print(p).unwrap(), "{^^*|v*}");
    /// ```
    pub fn norton_product(&mut self, g: GameId, u: GameId) -> Result<GameId> {
        let steps = self.unit_steps(u)?;
        let mut memo: FxHashMap<GameId, GameId> = FxHashMap::default();
        let mut leaf = |a: &mut Arena, x: GameId| match a
            .number_of(x)
            .filter(|n| n.is_integer())
            .map(|n| n.numerator())
        {
            Some(n) => a.norton_multiply(u, &n).map(Some),
            None => Ok(None),
        };
        let mut node = |a: &mut Arena, _: GameId, l: &[GameId], r: &[GameId]| {
            let mut left = Vec::with_capacity(l.len() * steps.len());
            for &o in l {
                for &s in &steps {
                    left.push(a.add(o, s)?);
                }
            }
            let mut right = Vec::with_capacity(r.len() * steps.len());
            for &o in r {
                for &s in &steps {
                    right.push(a.sub(o, s)?);
                }
            }
            a.from_options(&left, &right)
        };
        self.bottom_up(g, &mut memo, &mut leaf, &mut node)
    }

    /// The product when a closed form gives it (numbers, nimbers, integers).
    fn conway_quick(&mut self, g: GameId, h: GameId) -> Result<Option<GameId>> {
        if let (Some(x), Some(y)) = (self.as_number(g), self.as_number(h)) {
            let p = x.checked_mul(&y)?;
            return self.dyadic(&p).map(Some);
        }
        if let (Some(m), Some(n)) = (self.as_nimber(g), self.as_nimber(h)) {
            return self.nimber(mul64(m, n)).map(Some);
        }
        for (a, b) in [(g, h), (h, g)] {
            if let Some(n) = self.number_of(a).filter(|n| n.is_integer()).map(|n| n.numerator()) {
                return self.norton_multiply(b, &n).map(Some);
            }
        }
        Ok(None)
    }

    /// Conway's product `G·H` on canonical forms (CGSuite's `ConwayProduct`):
    /// ordinary multiplication on numbers, the nim product on nimbers.
    ///
    /// ```
    /// use onag::game::Arena;
    /// let mut a = Arena::new();
    /// let s4 = a.nimber(4).unwrap();
    /// let p = a.conway_product(s4, s4).unwrap();
    /// assert_eq!(a.print(p).unwrap(), "*6");
    /// ```
    pub fn conway_product(&mut self, g: GameId, h: GameId) -> Result<GameId> {
        if let Some(p) = self.conway_quick(g, h)? {
            return Ok(p);
        }
        let mut memo: FxHashMap<(GameId, GameId), GameId> = FxHashMap::default();
        let mut stack = vec![(g, h)];
        while let Some(&(a, b)) = stack.last() {
            self.step()?;
            if memo.contains_key(&(a, b)) {
                stack.pop();
                continue;
            }
            if let Some(p) = self.conway_quick(a, b)? {
                memo.insert((a, b), p);
                stack.pop();
                continue;
            }
            self.ensure_options(a)?;
            self.ensure_options(b)?;
            let (al, ar) = (self.lefts(a).to_vec(), self.rights(a).to_vec());
            let (bl, br) = (self.lefts(b).to_vec(), self.rights(b).to_vec());
            let mut need = Vec::new();
            for &x in al.iter().chain(&ar) {
                need.push((x, b));
                for &y in bl.iter().chain(&br) {
                    need.push((x, y));
                }
            }
            for &y in bl.iter().chain(&br) {
                need.push((a, y));
            }
            need.retain(|p| !memo.contains_key(p));
            if !need.is_empty() {
                stack.extend(need);
                continue;
            }
            // x·b + a·y − x·y for one option x of a and one option y of b.
            let term = |ar: &mut Arena, x: GameId, y: GameId| -> Result<GameId> {
                let s = ar.add(memo[&(x, b)], memo[&(a, y)])?;
                ar.sub(s, memo[&(x, y)])
            };
            let mut left = Vec::new();
            let mut right = Vec::new();
            for (xs, ys, to_left) in
                [(&al, &bl, true), (&ar, &br, true), (&al, &br, false), (&ar, &bl, false)]
            {
                for &x in xs {
                    for &y in ys {
                        let t = term(self, x, y)?;
                        if to_left { left.push(t) } else { right.push(t) }
                    }
                }
            }
            let p = self.from_options(&left, &right)?;
            memo.insert((a, b), p);
            stack.pop();
        }
        Ok(memo[&(g, h)])
    }

    /// Whether `g` is an ordinal: for a short game, a non-negative integer
    /// (CGSuite's `IsOrdinal`).
    pub fn is_ordinal(&self, g: GameId) -> bool {
        self.number_of(g).is_some_and(|x| x.is_integer() && x.signum() >= 0)
    }
}

//! Atomic weights: how many ups an infinitesimal is worth.
//!
//! The atomic weight calculus (Berlekamp; Conway; Siegel, *Combinatorial Game
//! Theory*, ch. II.7). For number + ups + star, `aw(x + n↑ + *m) = n`. For
//! any other game, with `aw` applied to the canonical options,
//!
//! ```text
//! G⁰⁰ = { aw(G^L) − 2 | aw(G^R) + 2 }
//! ```
//!
//! and `aw(G) = G⁰⁰` unless G⁰⁰ is an integer. Then, with the *far star*
//! `*N` (N one more than the largest nimber among the followers of G):
//! if `G < *N`, aw(G) is the least integer n with `n ⧐ aw(G^L) − 2` for every
//! G^L; if `G > *N`, the greatest integer n with `n ◁ aw(G^R) + 2` for every
//! G^R; otherwise G⁰⁰.
//!
//! This "naive" weight is the atomic weight of every all-small game
//! (all-small games are atomic). An infinitesimal that is not all-small is
//! atomic when `G − aw·↑` lies between `−ε` and `ε` for
//! `ε = ↑* + (*2^k : −1)` with 2^k ≥ N (a difference of ↑* and a long kite);
//! a non-infinitesimal has no atomic weight. `aw·↑` is Norton's product of
//! the weight by ↑ (the weight need not be an integer). These are CGSuite's
//! rules, with its message "That game is not atomic.".
//!
//! Invariant: additivity `aw(G + H) = aw(G) + aw(H)` for all-small G, H and
//! the two-ahead rule (`aw(G) ≥ 2 ⇒ G > 0`) hold; the tests check both.

use rustc_hash::FxHashMap;

use super::arena::{Arena, GameId};
use super::nus::Nus;
use crate::error::{Error, ErrorKind, Result};
use crate::number::{BigInt, Dyadic};

fn overflow() -> Error {
    Error::new(ErrorKind::Overflow, "Overflow.")
}

/// The far-star index of a number + ups + star value in closed form: one
/// more than the largest nimber among its followers (see the module doc).
fn far_star_of_nus(v: &Nus) -> Result<u64> {
    if !v.number.is_zero() {
        // Followers: the same number part with smaller infinitesimal parts,
        // then numbers down to 0 — no nimber but 0.
        return Ok(1);
    }
    if v.ups == 0 {
        return v.star.checked_add(1).ok_or_else(overflow);
    }
    // n↑ + *m has options 0 and (n−1)↑ + *(m⊕1) (n ≥ 2, or n = 1 and m ≠ 1);
    // the chain ends at ↑ + *m' with m' = m ⊕ ((n−1) mod 2).
    let n = v.ups.unsigned_abs();
    let m = v.star ^ ((n - 1) & 1);
    if m == 1 {
        // ↑* = {0, * | 0}.
        return Ok(2);
    }
    // ↑ + *m = {0 | *(m⊕1)}.
    (m ^ 1).checked_add(1).ok_or_else(overflow)
}

impl Arena {
    /// The atomic weight of `g`, as CGSuite computes it (see the module doc);
    /// the error "That game is not atomic." when `g` is not infinitesimal, or
    /// is an infinitesimal that is not all-small and not atomic.
    ///
    /// ```
    /// use onag::game::Arena;
    /// let mut a = Arena::new();
    /// let up = a.up_multiple(1).unwrap();
    /// let w = a.atomic_weight(up).unwrap();
    /// assert_eq!(a.print(w).unwrap(), "1");
    /// ```
    pub fn atomic_weight(&mut self, g: GameId) -> Result<GameId> {
        self.atomic_weight_opt(g)?.ok_or_else(|| Error::invalid("That game is not atomic."))
    }

    /// Whether `g` has an atomic weight (CGSuite's `IsAtomic`): every
    /// all-small game does; a non-infinitesimal never does.
    pub fn is_atomic(&mut self, g: GameId) -> Result<bool> {
        Ok(self.atomic_weight_opt(g)?.is_some())
    }

    fn atomic_weight_opt(&mut self, g: GameId) -> Result<Option<GameId>> {
        if !self.is_infinitesimal(g)? {
            return Ok(None);
        }
        let weight = self.naive_atomic_weight(g)?;
        if self.is_all_small(g)? {
            return Ok(Some(weight));
        }
        let up = self.up_multiple(1)?;
        let ups = self.norton_product(weight, up)?;
        let difference = self.sub(g, ups)?;
        let far = self.far_star(g)?;
        let mut pow2: u64 = 2;
        while pow2 < far {
            pow2 = pow2.checked_mul(2).ok_or_else(overflow)?;
        }
        let base = self.nimber(pow2)?;
        let minus_one = self.integer(-1)?;
        let kite = self.ordinal_sum(base, minus_one)?;
        let up_star = self.number_up_star(&Dyadic::zero(), 1, 1)?;
        let epsilon = self.add(up_star, kite)?;
        let minus_epsilon = self.neg(epsilon)?;
        let atomic = self.leq(difference, epsilon)? && self.leq(minus_epsilon, difference)?;
        Ok(atomic.then_some(weight))
    }

    /// The far-star index of `g`: one more than the largest m such that `*m`
    /// is a follower of `g` (at least 1, since 0 = `*0`). `*N` for this N is
    /// the *far star* ("remote star") of the atomic weight calculus.
    pub fn far_star(&mut self, g: GameId) -> Result<u64> {
        let mut memo = FxHashMap::default();
        self.far_star_with(g, &mut memo)
    }

    fn far_star_with(&mut self, g: GameId, memo: &mut FxHashMap<GameId, u64>) -> Result<u64> {
        let mut leaf = |a: &mut Arena, x: GameId| match a.nus(x) {
            Some(v) => far_star_of_nus(v).map(Some),
            None => Ok(None),
        };
        let mut node = |_: &mut Arena, _: GameId, l: &[u64], r: &[u64]| {
            Ok(l.iter().chain(r).copied().fold(1, u64::max))
        };
        self.bottom_up(g, memo, &mut leaf, &mut node)
    }

    /// The naive atomic weight of any short game (the weight the calculus
    /// assigns; it is the atomic weight when `g` is atomic).
    fn naive_atomic_weight(&mut self, g: GameId) -> Result<GameId> {
        let mut far_memo: FxHashMap<GameId, u64> = FxHashMap::default();
        let mut memo: FxHashMap<GameId, GameId> = FxHashMap::default();
        let mut leaf = |a: &mut Arena, x: GameId| match a.nus(x) {
            Some(v) => {
                let n = v.ups;
                a.integer(n).map(Some)
            }
            None => Ok(None),
        };
        let mut node = |a: &mut Arena, x: GameId, l: &[GameId], r: &[GameId]| {
            let two = a.integer(2)?;
            let minus_two = a.integer(-2)?;
            let mut left = Vec::with_capacity(l.len());
            for &w in l {
                left.push(a.add(w, minus_two)?);
            }
            let mut right = Vec::with_capacity(r.len());
            for &w in r {
                right.push(a.add(w, two)?);
            }
            let g0 = a.from_options(&left, &right)?;
            if !a.is_integer(g0) {
                return Ok(g0);
            }
            let far = a.far_star_with(x, &mut far_memo)?;
            let star = a.nimber(far)?;
            let below = a.leq(x, star)?;
            let above = a.leq(star, x)?;
            if below && !above {
                if left.is_empty() {
                    return Ok(a.zero());
                }
                let mut best: Option<BigInt> = None;
                for &o in &left {
                    let n = a.least_integer_not_below(o)?;
                    if best.as_ref().is_none_or(|b| n > *b) {
                        best = Some(n);
                    }
                }
                return match best {
                    Some(n) => a.integer_big(&n),
                    None => Ok(a.zero()),
                };
            }
            if above && !below {
                if right.is_empty() {
                    return Ok(a.zero());
                }
                let mut best: Option<BigInt> = None;
                for &o in &right {
                    let n = a.greatest_integer_not_above(o)?;
                    if best.as_ref().is_none_or(|b| n < *b) {
                        best = Some(n);
                    }
                }
                return match best {
                    Some(n) => a.integer_big(&n),
                    None => Ok(a.zero()),
                };
            }
            Ok(g0)
        };
        self.bottom_up(g, &mut memo, &mut leaf, &mut node)
    }

    /// The least integer n with `n ⧐ x` (not `n ≤ x`): `⌈RS(x)⌉`, or one more
    /// when that integer is still ≤ x.
    fn least_integer_not_below(&mut self, x: GameId) -> Result<BigInt> {
        let (_, right_stop) = self.stops(x)?;
        let n = right_stop.ceil();
        let id = self.integer_big(&n)?;
        Ok(if self.leq(id, x)? { n + 1 } else { n })
    }

    /// The greatest integer n with `n ◁ x` (not `x ≤ n`): `⌊LS(x)⌋`, or one
    /// less when x is still ≤ that integer.
    fn greatest_integer_not_above(&mut self, x: GameId) -> Result<BigInt> {
        let (left_stop, _) = self.stops(x)?;
        let n = left_stop.floor();
        let id = self.integer_big(&n)?;
        Ok(if self.leq(x, id)? { n - 1 } else { n })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The far-star index by walking every follower.
    fn far_star_by_walk(a: &mut Arena, g: GameId) -> u64 {
        let followers = a.followers(g).unwrap();
        followers.iter().filter_map(|&f| a.as_nimber(f)).map(|m| m + 1).max().unwrap_or(1)
    }

    #[test]
    fn far_star_closed_form_matches_followers() {
        let mut a = Arena::new();
        for x in [Dyadic::zero(), Dyadic::from_i64(2), Dyadic::new(-3, 2)] {
            for ups in -5i64..=5 {
                for star in 0u64..6 {
                    let g = a.number_up_star(&x, ups, star).unwrap();
                    let v = a.nus(g).unwrap().clone();
                    assert_eq!(
                        far_star_of_nus(&v).unwrap(),
                        far_star_by_walk(&mut a, g),
                        "{x} {ups} {star}"
                    );
                }
            }
        }
    }

    #[test]
    fn norton_product_by_integers_is_repeated_sum() {
        let mut a = Arena::new();
        let up = a.up_multiple(1).unwrap();
        let three = a.integer(3).unwrap();
        let p = a.norton_product(three, up).unwrap();
        assert_eq!(p, a.up_multiple(3).unwrap());
        let minus_two = a.integer(-2).unwrap();
        let p = a.norton_product(minus_two, up).unwrap();
        assert_eq!(p, a.up_multiple(-2).unwrap());
    }
}

//! Reduced canonical forms: games modulo infinitesimals.
//!
//! Two games are *infinitesimally close* when their difference is
//! infinitesimal; the reduced canonical form `rcf(G)` is the simplest game
//! infinitesimally close to G (Calistrate; Grossman and Siegel, "Reductions
//! of partizan games"; Siegel, *Combinatorial Game Theory*, ch. II.6). It is
//! computed as CGSuite does: a number + ups + star reduces to its number;
//! any other game is heated by `*` (`∫G = G` for a number, else
//! `{∫G^L + * | ∫G^R + *}`, since `−* = *`), then *star-projected*: a
//! number stays, `x*` becomes x, and every other game is rebuilt from the
//! projections of its options.
//!
//! Two closed forms keep nimbers from being walked (a nimber `*m` has m
//! options, so walking it costs O(m²) constructions): heating any number +
//! ups + star by `*` gives its number part x (every option heats to x, and
//! `{x* | x*} = x`), and the star projection of `x + *m` (m ≥ 1) is
//! `x + *(m−1)`. The unit tests check both against the recursive
//! definitions.
//!
//! Invariants the tests check: `G − rcf(G)` is infinitesimal, `rcf` is
//! idempotent, and `rcf(G + H) = rcf(rcf(G) + rcf(H))`.

use rustc_hash::FxHashMap;

use super::arena::{Arena, GameId};
use crate::error::Result;

impl Arena {
    /// The reduced canonical form of `g` (CGSuite's `ReducedCanonicalForm`).
    ///
    /// ```
    /// use onag::game::Arena;
    /// let mut a = Arena::new();
    /// let zero = a.zero();
    /// let up = a.up_multiple(1).unwrap();
    /// let one = a.integer(1).unwrap();
    /// let g = a.from_options(&[one], &[up]).unwrap(); // {1|^}
    /// let r = a.reduced_canonical_form(g).unwrap();
    /// assert_eq!(a.print(r).unwrap(), "{1|0}");
    /// # let _ = zero;
    /// ```
    pub fn reduced_canonical_form(&mut self, g: GameId) -> Result<GameId> {
        if let Some(v) = self.nus(g) {
            let x = v.number.clone();
            return self.dyadic(&x);
        }
        let heated = self.heat_by_star(g)?;
        self.star_projection(heated)
    }

    /// `g` heated by `*`: numbers are fixed, every other game becomes
    /// `{∫G^L + * | ∫G^R + *}`; number + ups + star heats to its number.
    fn heat_by_star(&mut self, g: GameId) -> Result<GameId> {
        let star = self.nimber(1)?;
        let mut memo: FxHashMap<GameId, GameId> = FxHashMap::default();
        let mut leaf = |a: &mut Arena, x: GameId| match a.nus(x) {
            Some(v) => {
                let n = v.number.clone();
                a.dyadic(&n).map(Some)
            }
            None => Ok(None),
        };
        let mut node = |a: &mut Arena, _: GameId, l: &[GameId], r: &[GameId]| {
            let mut left = Vec::with_capacity(l.len());
            for &o in l {
                left.push(a.add(o, star)?);
            }
            let mut right = Vec::with_capacity(r.len());
            for &o in r {
                right.push(a.add(o, star)?);
            }
            a.from_options(&left, &right)
        };
        self.bottom_up(g, &mut memo, &mut leaf, &mut node)
    }

    /// The star projection of `g`: numbers are fixed, `x*` becomes `x`, every
    /// other game is rebuilt from the projections of its options.
    fn star_projection(&mut self, g: GameId) -> Result<GameId> {
        let mut memo: FxHashMap<GameId, GameId> = FxHashMap::default();
        let mut leaf = |a: &mut Arena, x: GameId| match a.nus(x) {
            Some(v) if v.is_number() => Ok(Some(x)),
            Some(v) if v.ups == 0 => {
                let (n, m) = (v.number.clone(), v.star - 1);
                a.number_up_star(&n, 0, m).map(Some)
            }
            _ => Ok(None),
        };
        let mut node = |a: &mut Arena, _: GameId, l: &[GameId], r: &[GameId]| a.from_options(l, r);
        self.bottom_up(g, &mut memo, &mut leaf, &mut node)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::number::Dyadic;

    /// Each closed form satisfies the recursive definition one level down
    /// (its options are smaller closed-form cases), which proves it by
    /// induction on these values.
    #[test]
    fn closed_forms_follow_the_recursive_definitions() {
        let mut a = Arena::new();
        let star = a.nimber(1).unwrap();
        for x in [Dyadic::zero(), Dyadic::from_i64(3), Dyadic::new(-5, 2)] {
            for ups in -4i64..=4 {
                for m in 0u64..6 {
                    let g = a.number_up_star(&x, ups, m).unwrap();
                    if a.is_number(g) {
                        continue;
                    }
                    let (l, r) = (a.left_options(g).unwrap(), a.right_options(g).unwrap());
                    let heat = |a: &mut Arena, o: &[GameId]| -> Vec<GameId> {
                        o.iter()
                            .map(|&o| {
                                let h = a.heat_by_star(o).unwrap();
                                a.add(h, star).unwrap()
                            })
                            .collect()
                    };
                    let (hl, hr) = (heat(&mut a, &l), heat(&mut a, &r));
                    let by_definition = a.from_options(&hl, &hr).unwrap();
                    assert_eq!(a.heat_by_star(g).unwrap(), by_definition, "{x} {ups} {m}");
                    if ups == 0 && m >= 2 {
                        let proj = |a: &mut Arena, o: &[GameId]| -> Vec<GameId> {
                            o.iter().map(|&o| a.star_projection(o).unwrap()).collect()
                        };
                        let (pl, pr) = (proj(&mut a, &l), proj(&mut a, &r));
                        let by_definition = a.from_options(&pl, &pr).unwrap();
                        assert_eq!(a.star_projection(g).unwrap(), by_definition, "{x} *{m}");
                    }
                }
            }
        }
    }
}

//! The variants CGSuite defines on any game, played on a game's canonical
//! options:
//!
//! - dicotic `d(G) = {d(Gᴸ) | d(Gᴿ)}` when both players have a move, else 0
//!   (play stops as soon as either player cannot move);
//! - impartial `i(G) = {i(Gᴸ), i(Gᴿ) | i(Gᴸ), i(Gᴿ)}` (either player makes
//!   any move): always a nimber;
//! - twisted `t(G) = {−t(Gᴸ) | −t(Gᴿ)}` (the players swap roles after
//!   every move).
//!
//! An integer n ≥ 0 is `{n − 1 | }`, so `d(n) = 0` for n ≠ 0, `i(n) =
//! *(n mod 2)` and `t(n) = n mod 2` (negatives by symmetry): closed forms,
//! since 10^18 has 10^18 followers.

use rustc_hash::FxHashMap;

use super::arena::{Arena, GameId};
use crate::error::Result;

/// Which variant of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Variant {
    /// `d(G)`: play ends when either player cannot move.
    Dicotic,
    /// `i(G)`: either player makes any move.
    Impartial,
    /// `t(G)`: roles swap after every move.
    Twisted,
}

impl Arena {
    /// The variant of `g` (see the module doc), over its canonical options.
    pub fn variant(&mut self, g: GameId, variant: Variant) -> Result<GameId> {
        let mut memo = FxHashMap::default();
        self.bottom_up(
            g,
            &mut memo,
            &mut |a, x| a.integer_variant(x, variant),
            &mut |a, _, l, r| a.variant_node(variant, l, r),
        )
    }

    /// The variant of a game whose options' variants are `left` and
    /// `right`.
    pub fn variant_node(
        &mut self,
        variant: Variant,
        left: &[GameId],
        right: &[GameId],
    ) -> Result<GameId> {
        match variant {
            Variant::Dicotic if left.is_empty() || right.is_empty() => Ok(self.zero()),
            Variant::Dicotic => self.from_options(left, right),
            Variant::Impartial => {
                let all: Vec<GameId> = left.iter().chain(right).copied().collect();
                self.from_options(&all, &all)
            }
            Variant::Twisted => {
                let l = left.iter().map(|&x| self.neg(x)).collect::<Result<Vec<_>>>()?;
                let r = right.iter().map(|&x| self.neg(x)).collect::<Result<Vec<_>>>()?;
                self.from_options(&l, &r)
            }
        }
    }

    /// The closed form of the variant of an integer; `None` for other games.
    fn integer_variant(&mut self, g: GameId, variant: Variant) -> Result<Option<GameId>> {
        let Some(x) = self.number_of(g).filter(|x| x.is_integer()).cloned() else {
            return Ok(None);
        };
        let n = x.numerator();
        let odd = n.bit(0);
        let negative = n.sign() == num_bigint::Sign::Minus;
        Ok(Some(match variant {
            Variant::Dicotic => self.zero(),
            Variant::Impartial => self.nimber(odd as u64)?,
            Variant::Twisted => self.integer(if !odd {
                0
            } else if negative {
                -1
            } else {
                1
            })?,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The variants by their definitions on small games, with the options
    /// written out: `d({1|}) = 0`, `d(^) = ^`, `i(^) = *2`... worked by hand.
    #[test]
    fn variants_by_hand() {
        let mut a = Arena::new();
        let zero = a.zero();
        let star = a.nimber(1).unwrap();
        let up = a.from_options(&[zero], &[star]).unwrap();
        let one = a.integer(1).unwrap();
        let two = a.integer(2).unwrap();
        let three = a.integer(3).unwrap();
        let minus_three = a.integer(-3).unwrap();
        let show = |a: &mut Arena, g: GameId, v: Variant| {
            let x = a.variant(g, v).unwrap();
            a.print(x).unwrap()
        };
        // Integers: only one player can move.
        assert_eq!(show(&mut a, three, Variant::Dicotic), "0");
        assert_eq!(show(&mut a, three, Variant::Impartial), "*");
        assert_eq!(show(&mut a, two, Variant::Impartial), "0");
        assert_eq!(show(&mut a, three, Variant::Twisted), "1");
        assert_eq!(show(&mut a, minus_three, Variant::Twisted), "-1");
        // ^ = {0|*}: d = {0 | d(*)} = {0|*} = ^; i = {0, *|0, *} = *2;
        // t = {0 | −t(*)} with t(*) = {0|0} = *, so {0|*} = ^.
        assert_eq!(show(&mut a, up, Variant::Dicotic), "^");
        assert_eq!(show(&mut a, up, Variant::Impartial), "*2");
        assert_eq!(show(&mut a, up, Variant::Twisted), "^");
        // 1/2 = {0|1}: d = {0 | d(1)} = {0|0} = *; t = {0 | −t(1)} = {0|−1}.
        let half = a.from_options(&[zero], &[one]).unwrap();
        assert_eq!(show(&mut a, half, Variant::Dicotic), "*");
        assert_eq!(show(&mut a, half, Variant::Twisted), "{0|-1}");
        // The integer closed forms agree with the recursion on options.
        for n in -6i64..=6 {
            let g = a.integer(n).unwrap();
            for v in [Variant::Dicotic, Variant::Impartial, Variant::Twisted] {
                let by_options = if n == 0 {
                    a.variant_node(v, &[], &[]).unwrap()
                } else {
                    let prev = a.integer(n - n.signum()).unwrap();
                    let p = a.variant(prev, v).unwrap();
                    if n > 0 {
                        a.variant_node(v, &[p], &[]).unwrap()
                    } else {
                        a.variant_node(v, &[], &[p]).unwrap()
                    }
                };
                assert_eq!(a.variant(g, v).unwrap(), by_options, "{n} {v:?}");
            }
        }
    }
}

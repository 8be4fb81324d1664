//! Three maps CGSuite defines on canonical forms: the lattice companion,
//! the freeze, and the outcome of the form in misère play.
//!
//! **Companion** (Siegel, *Combinatorial Game Theory*, III.2): the unique
//! automorphism of the lattice of games born by day `n ≥ 1`. For `G` an
//! infinitesimal `↑ⁿ*m` it exchanges `*0` and `*1` in the star part (so
//! `0 ↔ *`, `↑ ↔ ↑*`) and fixes `*m` for `m ≥ 2`; otherwise
//! `G° = {G^L°, 0 if G ≥ 0 | G^R°, 0 if G ≤ 0}`. A nonzero number is its
//! own companion: by induction its companion adds the dominated or
//! reversible options `0` and `*` on its own side.
//!
//! **Freeze**: `G` cooled by its temperature (a number is its own freeze).
//!
//! **Misère outcome** of a form: play on the form itself, the player unable
//! to move winning. A positive number is won by Right (Left's every move
//! reaches `0` or a positive number, where Right to move wins; Right's
//! moves reach larger numbers), a negative one by Left, and `0` by whoever
//! moves first (they cannot). The rest by induction on the options.

use rustc_hash::FxHashMap;

use super::arena::{Arena, GameId, PartizanOutcome};
use super::nus::Nus;
use crate::error::Result;

impl Arena {
    /// The lattice companion `G°` of a canonical form (see the module doc).
    pub fn companion(&mut self, g: GameId) -> Result<GameId> {
        let zero = self.zero();
        let mut memo = FxHashMap::default();
        self.bottom_up(
            g,
            &mut memo,
            &mut |a: &mut Arena, h| {
                let Some(n) = a.nus(h) else { return Ok(None) };
                if !n.number.is_zero() {
                    return Ok(if n.ups == 0 && n.star == 0 { Some(h) } else { None });
                }
                if n.star >= 2 {
                    return Ok(Some(h));
                }
                let swapped = Nus { star: n.star ^ 1, ..n.clone() };
                a.nus_id(swapped).map(Some)
            },
            &mut |a: &mut Arena, h, lefts: &[GameId], rights: &[GameId]| {
                let mut l = lefts.to_vec();
                let mut r = rights.to_vec();
                if a.leq(zero, h)? {
                    l.push(zero);
                }
                if a.leq(h, zero)? {
                    r.push(zero);
                }
                a.from_options(&l, &r)
            },
        )
    }

    /// `G` cooled by its temperature; a number is its own freeze.
    pub fn freeze(&mut self, g: GameId) -> Result<GameId> {
        if self.is_number(g) {
            return Ok(g);
        }
        let t = self.temperature(g)?;
        self.cool(g, &t)
    }

    /// Who wins the form `g` in misère play (the player unable to move wins):
    /// `L` and `R` whoever starts, `P` the second player, `N` the first.
    pub fn misere_outcome(&mut self, g: GameId) -> Result<PartizanOutcome> {
        let mut memo = FxHashMap::default();
        // (Left moving first wins, Right moving first wins).
        let (left_first, right_first) = self.bottom_up(
            g,
            &mut memo,
            &mut |a: &mut Arena, h| {
                Ok(a.as_number(h).map(|x| match x.signum() {
                    0 => (true, true),
                    s if s > 0 => (false, true),
                    _ => (true, false),
                }))
            },
            &mut |_, _, lefts: &[(bool, bool)], rights: &[(bool, bool)]| {
                let left_first = lefts.is_empty() || lefts.iter().any(|&(_, rf)| !rf);
                let right_first = rights.is_empty() || rights.iter().any(|&(lf, _)| !lf);
                Ok((left_first, right_first))
            },
        )?;
        Ok(match (left_first, right_first) {
            (true, true) => PartizanOutcome::N,
            (true, false) => PartizanOutcome::L,
            (false, true) => PartizanOutcome::R,
            (false, false) => PartizanOutcome::P,
        })
    }
}

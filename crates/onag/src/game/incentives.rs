//! Incentives: what a move is worth to the player who makes it.
//!
//! A Left incentive of G is `G^L − G`, a Right incentive `G − G^R` (both
//! measured so that larger is better for the mover). CGSuite's `Incentives`
//! is the set of all of them with duplicates and dominated ones removed: an
//! incentive at most another is dropped, so what remains are the maximal
//! incentives (an antichain). Norton products use them.

use super::arena::{Arena, GameId};
use crate::error::Result;

impl Arena {
    /// The undominated incentives of `g` (Left's `G^L − G` and Right's
    /// `G − G^R` together), sorted by id; [`Arena::sort_for_display`] puts
    /// them in CGSuite's order.
    ///
    /// ```
    /// use onag::game::Arena;
    /// let mut a = Arena::new();
    /// let up = a.up_multiple(1).unwrap();
    /// let inc = a.incentives(up).unwrap();
    /// assert_eq!(a.print_set(&inc).unwrap(), "{^*}");
    /// ```
    pub fn incentives(&mut self, g: GameId) -> Result<Vec<GameId>> {
        self.ensure_options(g)?;
        let (left, right) = (self.lefts(g).to_vec(), self.rights(g).to_vec());
        let mut all = Vec::with_capacity(left.len() + right.len());
        for gl in left {
            all.push(self.sub(gl, g)?);
        }
        for gr in right {
            all.push(self.sub(g, gr)?);
        }
        all.sort_unstable();
        all.dedup();
        let mut keep = vec![true; all.len()];
        for i in 0..all.len() {
            for j in 0..all.len() {
                if i != j && keep[j] && self.leq(all[i], all[j])? {
                    keep[i] = false;
                    break;
                }
            }
        }
        let mut k = 0;
        all.retain(|_| {
            k += 1;
            keep[k - 1]
        });
        Ok(all)
    }
}

//! Copying games from one arena into another.
//!
//! Canonical forms do not depend on the arena, so a game is copied by
//! interning its followers bottom-up: number + ups + star values by their
//! packed value, every other game by its (mapped and re-sorted) options,
//! which are canonical already. This is how work done in separate arenas
//! (one per thread) comes together.

use rustc_hash::FxHashMap;

use super::arena::{Arena, GameId};
use crate::error::Result;

impl Arena {
    /// The game `g` of `other` as a game of this arena.
    pub fn import(&mut self, other: &Arena, g: GameId) -> Result<GameId> {
        let mut map: FxHashMap<GameId, GameId> = FxHashMap::default();
        let mut stack = vec![g];
        while let Some(&top) = stack.last() {
            self.step()?;
            if map.contains_key(&top) {
                stack.pop();
                continue;
            }
            if let Some(v) = other.nus(top) {
                let id = self.nus_id(v.clone())?;
                map.insert(top, id);
                stack.pop();
                continue;
            }
            let missing: Vec<GameId> = other
                .lefts(top)
                .iter()
                .chain(other.rights(top))
                .copied()
                .filter(|o| !map.contains_key(o))
                .collect();
            if !missing.is_empty() {
                stack.extend(missing);
                continue;
            }
            let mut left: Vec<GameId> = other.lefts(top).iter().map(|o| map[o]).collect();
            let mut right: Vec<GameId> = other.rights(top).iter().map(|o| map[o]).collect();
            left.sort_unstable();
            right.sort_unstable();
            let id = self.intern_general(&left, &right)?;
            map.insert(top, id);
            stack.pop();
        }
        Ok(map[&g])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn imported_games_print_and_compare_alike() {
        let mut a = Arena::new();
        let mut b = Arena::new();
        // Fill b with unrelated games so ids differ between the arenas.
        for n in 0..20 {
            let x = b.integer(n).unwrap();
            b.switch(x).unwrap();
        }
        let one = a.integer(1).unwrap();
        let half = a.dyadic(&crate::number::Dyadic::new(1, 1)).unwrap();
        let pm = a.switch(one).unwrap();
        let star = a.nimber(1).unwrap();
        let g = a.from_options(&[pm, half], &[star, pm]).unwrap();
        let t = a.tiny(g).unwrap();
        for game in [g, t, pm, star] {
            let copied = b.import(&a, game).unwrap();
            assert_eq!(b.print(copied).unwrap(), a.print(game).unwrap());
            // Building the same game in b directly gives the same id.
            assert_eq!(b.import(&a, game).unwrap(), copied);
        }
        let copied = b.import(&a, t).unwrap();
        let zero = b.zero();
        assert_eq!(b.outcome(copied).unwrap(), a.outcome(t).unwrap());
        assert!(b.leq(zero, copied).unwrap() == a.leq(a.zero(), t).unwrap());
    }
}

//! Ordinal sums `B : H` of a short base and a loopy game, and their inverse,
//! the subordinate: the `H` with `B : H = G` for a stopper `G`. Together
//! they give powers with loopy exponents (`^.PowTo(on)` is `^[on]`).
//!
//! `B : H` plays `H`, except that either player may instead move to one of
//! the base's options, which ends play in `H`: it is the graph of `H` with
//! the base's Left (Right) options added to every node's Left (Right)
//! moves. Its value depends on the base's options as written, not only on
//! the base's value.

use super::canonical::canonical_stopper;
use super::graph::{Builder, LoopyGame};
use super::solve::{Rule, leq};
use crate::budget::Budget;
use crate::error::Result;
use crate::game::{Arena, GameId};

/// `B : H` for the base with Left options `base_left` and Right options
/// `base_right` (short games of `arena`).
pub fn ordinal_sum(
    arena: &mut Arena,
    base_left: &[GameId],
    base_right: &[GameId],
    h: &LoopyGame,
) -> Result<LoopyGame> {
    let mut b = Builder::new();
    let nodes: Vec<u32> = (0..h.len()).map(|_| b.add_node()).collect::<Result<_>>()?;
    let bl: Vec<u32> = base_left.iter().map(|&g| b.add_short(arena, g)).collect::<Result<_>>()?;
    let br: Vec<u32> = base_right.iter().map(|&g| b.add_short(arena, g)).collect::<Result<_>>()?;
    for (v, &node) in nodes.iter().enumerate() {
        for &x in &bl {
            b.add_left(node, x);
        }
        for &w in h.left(v as u32) {
            b.add_left(node, nodes[w as usize]);
        }
        for &x in &br {
            b.add_right(node, x);
        }
        for &w in h.right(v as u32) {
            b.add_right(node, nodes[w as usize]);
        }
    }
    b.finish(nodes[0])
}

/// The canonical stopper `H` with `B : H = g` for the base with options
/// `base_left`, `base_right`, or `None` when there is none. `g` must be a
/// stopper.
///
/// `H` is `g`'s canonical graph without the moves to positions equal to a
/// base option on that side; it is checked by forming `B : H` again.
pub fn subordinate(
    arena: &mut Arena,
    base_left: &[GameId],
    base_right: &[GameId],
    g: &LoopyGame,
    budget: &Budget,
) -> Result<Option<LoopyGame>> {
    let g = canonical_stopper(g, budget)?;
    let short = |arena: &mut Arena, ids: &[GameId]| -> Result<Vec<LoopyGame>> {
        ids.iter().map(|&x| LoopyGame::from_short(arena, x)).collect()
    };
    let (sl, sr) = (short(arena, base_left)?, short(arena, base_right)?);
    let is_base = |w: u32, options: &[LoopyGame]| -> Result<bool> {
        for s in options {
            if leq(&g, w, s, 0, Rule::Stopper, budget)? && leq(s, 0, &g, w, Rule::Stopper, budget)?
            {
                return Ok(true);
            }
        }
        Ok(false)
    };
    let mut left = Vec::with_capacity(g.len());
    let mut right = Vec::with_capacity(g.len());
    for v in 0..g.len() as u32 {
        let mut l = Vec::new();
        for &w in g.left(v) {
            if !is_base(w, &sl)? {
                l.push(w);
            }
        }
        let mut r = Vec::new();
        for &w in g.right(v) {
            if !is_base(w, &sr)? {
                r.push(w);
            }
        }
        left.push(l);
        right.push(r);
    }
    let h = LoopyGame::new(left, right, 0)?;
    let again = ordinal_sum(arena, base_left, base_right, &h)?;
    let equal = leq(&again, 0, &g, 0, Rule::Stopper, budget)?
        && leq(&g, 0, &again, 0, Rule::Stopper, budget)?;
    if !equal {
        return Ok(None);
    }
    canonical_stopper(&h, budget).map(Some)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::loopy::partizan::canonical::stoppers_equal;

    fn one(arena: &mut Arena) -> (Vec<GameId>, Vec<GameId>) {
        (vec![arena.zero()], Vec::new())
    }

    #[test]
    fn subordinates_of_on_and_over_to_one() {
        let mut arena = Arena::new();
        let b = &Budget::unlimited();
        let (bl, br) = one(&mut arena);
        let h = subordinate(&mut arena, &bl, &br, &LoopyGame::on(), b).unwrap().unwrap();
        assert!(stoppers_equal(&h, &LoopyGame::on(), b).unwrap());
        let h = subordinate(&mut arena, &bl, &br, &LoopyGame::over(), b).unwrap().unwrap();
        assert!(stoppers_equal(&h, &LoopyGame::off(), b).unwrap());
    }

    #[test]
    fn on_is_not_star_colon_anything() {
        let mut arena = Arena::new();
        let b = &Budget::unlimited();
        let zero = arena.zero();
        let h = subordinate(&mut arena, &[zero], &[zero], &LoopyGame::on(), b).unwrap();
        assert!(h.is_none());
    }

    #[test]
    fn ordinal_sum_of_one_and_off_is_over() {
        let mut arena = Arena::new();
        let b = &Budget::unlimited();
        let (bl, br) = one(&mut arena);
        let g = ordinal_sum(&mut arena, &bl, &br, &LoopyGame::off()).unwrap();
        assert!(stoppers_equal(&g, &LoopyGame::over(), b).unwrap());
    }
}

//! The dicotic, impartial and twisted variants ([`Variant`]) of a catalog
//! position, played on the position's own moves: a variant depends on how
//! a game is played, not only on its value, so positions are followed one
//! by one (no regions, no symmetry), each valued once (keyed by its
//! notation), on an explicit stack, with the budget checked for every
//! position.

use rustc_hash::FxHashMap;

use super::any::AnyPosition;
use super::position::Player;
use crate::budget::Budget;
use crate::error::Result;
use crate::game::{Arena, GameId, Variant};

/// A position with its key (its notation).
type Keyed = (Box<dyn AnyPosition>, String);

/// The variant of `p`, as a canonical form in `arena`.
pub fn position_variant(
    p: &dyn AnyPosition,
    variant: Variant,
    arena: &mut Arena,
    budget: &Budget,
) -> Result<GameId> {
    /// A position being valued: its options, once listed.
    struct Frame {
        position: Box<dyn AnyPosition>,
        key: String,
        /// The options (Left's first, `usize` of them) with their keys.
        options: Option<(Vec<Keyed>, usize)>,
    }
    let mut memo: FxHashMap<String, GameId> = FxHashMap::default();
    let root_key = p.notation();
    let mut stack = vec![Frame { position: p.clone_box(), key: root_key.clone(), options: None }];
    while let Some(top) = stack.last_mut() {
        if memo.contains_key(&top.key) {
            stack.pop();
            continue;
        }
        let (options, left_count) = top.options.get_or_insert_with(|| {
            let mut all = top.position.options(Player::Left);
            let left_count = all.len();
            all.extend(top.position.options(Player::Right));
            (
                all.into_iter()
                    .map(|o| {
                        let k = o.notation();
                        (o, k)
                    })
                    .collect(),
                left_count,
            )
        });
        let missing: Vec<Frame> = options
            .iter()
            .filter(|(_, k)| !memo.contains_key(k))
            .map(|(o, key)| Frame { position: o.clone_box(), key: key.clone(), options: None })
            .collect();
        if !missing.is_empty() {
            stack.extend(missing);
            budget.check((memo.len() + stack.len()) as u64)?;
            continue;
        }
        let values: Vec<GameId> = options.iter().map(|(_, k)| memo[k]).collect();
        let (left, right) = values.split_at(*left_count);
        let v = arena.variant_node(variant, left, right)?;
        let key = std::mem::take(&mut top.key);
        stack.pop();
        memo.insert(key, v);
        budget.check(memo.len() as u64)?;
    }
    Ok(memo[&root_key])
}

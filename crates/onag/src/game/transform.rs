//! Bottom-up evaluation of a function over the followers of a game.
//!
//! Atomic weights, heating, star projection, Norton products and tempers all
//! define a value of a game from the values of its canonical options.
//! [`Arena::bottom_up`] computes such a function for every follower once, in
//! post-order, on an explicit stack
//! (so a deep game cannot overflow the call stack), memoising by id and
//! counting each step against the arena's budget.

use rustc_hash::FxHashMap;

use super::arena::{Arena, GameId};
use crate::error::Result;

/// A value known without looking at the options (`None`: use the options).
pub(super) type Leaf<'a, T> = dyn FnMut(&mut Arena, GameId) -> Result<Option<T>> + 'a;

/// The value of a game from the values of its Left and Right options.
pub(super) type Node<'a, T> = dyn FnMut(&mut Arena, GameId, &[T], &[T]) -> Result<T> + 'a;

impl Arena {
    /// The value of `g` under the function given by `leaf` (tried first on
    /// every follower) and `node` (applied to a follower's canonical options'
    /// values). `memo` holds values already known and receives every value
    /// computed, so it can be reused across calls.
    pub(super) fn bottom_up<T: Clone>(
        &mut self,
        g: GameId,
        memo: &mut FxHashMap<GameId, T>,
        leaf: &mut Leaf<'_, T>,
        node: &mut Node<'_, T>,
    ) -> Result<T> {
        let mut stack = vec![g];
        while let Some(&top) = stack.last() {
            self.step()?;
            if memo.contains_key(&top) {
                stack.pop();
                continue;
            }
            if let Some(v) = leaf(self, top)? {
                memo.insert(top, v);
                stack.pop();
                continue;
            }
            self.ensure_options(top)?;
            let before = stack.len();
            for i in 0..self.lefts(top).len() + self.rights(top).len() {
                let nl = self.lefts(top).len();
                let o = if i < nl { self.lefts(top)[i] } else { self.rights(top)[i - nl] };
                if !memo.contains_key(&o) {
                    stack.push(o);
                }
            }
            if stack.len() > before {
                continue;
            }
            let left: Vec<T> = self.lefts(top).iter().map(|o| memo[o].clone()).collect();
            let right: Vec<T> = self.rights(top).iter().map(|o| memo[o].clone()).collect();
            let v = node(self, top, &left, &right)?;
            memo.insert(top, v);
            stack.pop();
        }
        Ok(memo[&g].clone())
    }
}

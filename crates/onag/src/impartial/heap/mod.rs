//! Heap games: a position is a sum of heaps, a move changes one heap into a
//! list of smaller heaps, and the Grundy value of a sum is the XOR of the
//! heaps' values, read from a sequence computed once.
//!
//! A game of your own implements [`HeapRuleset`] (the options of one heap)
//! and gets Grundy sequences ([`sequence::compute`]), periods (certified by
//! the octal periodicity theorem when the rule says it applies), values of
//! sums ([`nim_value_of_sum`]) and misère values
//! ([`crate::impartial::misere`]) for free. Take-and-break codes
//! ([`code::TakeAndBreak`]: octal, hexadecimal and CGSuite's extended syntax)
//! implement it and get a faster sequence algorithm besides; spawning games
//! ([`spawning::Spawning`]) are coin-turning games written as heap games.
//! Heap games whose moves depend on the last move (Mem, Take-Away,
//! Fibonacci Nim) are in [`memory`].

pub mod arith;
mod blocks;
pub mod code;
pub mod memory;
pub mod moves;
pub mod period;
pub mod search;
pub mod sequence;
mod sparse;
pub mod spawning;
pub mod subtraction;

use std::ops::ControlFlow;

pub use code::TakeAndBreak;
pub use period::Periodicity;
pub use sequence::GrundySequence;

/// The rules of an impartial game played on heaps.
///
/// Invariant: every heap in every option of heap `n` is smaller than `n`
/// and at least 1 (heaps of size 0 are simply left out), so the game ends.
pub trait HeapRuleset {
    /// Streams the options of a heap of `heap` tokens: each option is the list
    /// of heaps the move leaves (empty when nothing is left). `f` may stop the
    /// stream early by returning `ControlFlow::Break`.
    fn for_each_option(&self, heap: usize, f: &mut dyn FnMut(&[usize]) -> ControlFlow<()>);

    /// `Some((h, k))` when every move removes at most `k` tokens and leaves at
    /// most `h` heaps of any sizes adding up to the rest (an unconstrained
    /// take-and-break rule with finitely many digits): then the octal
    /// periodicity theorem certifies periods. `None` (the default) when that
    /// is not so; periods are then only reported as apparent.
    fn periodicity_criterion(&self) -> Option<(u32, usize)> {
        None
    }

    /// A short name for messages, e.g. the code `0.77`.
    fn name(&self) -> String;

    /// An error when a heap of `heap` tokens (or less) has too many options
    /// to list one by one (a code whose digits leave any number of heaps);
    /// `Ok` (the default) when they can be listed.
    fn check_heap(&self, _heap: usize) -> crate::error::Result<()> {
        Ok(())
    }
}

/// The Grundy value of the sum of `heaps`, read from `values` (`values[n]` is
/// the value of a heap of `n`); `None` if a heap lies beyond the table.
pub fn nim_value_of_sum(values: &[u32], heaps: &[usize]) -> Option<u32> {
    heaps.iter().try_fold(0u32, |acc, &h| values.get(h).map(|&v| acc ^ v))
}

/// Every winning move of the sum of `heaps` (normal play): `(index of the
/// heap, the heaps it becomes)`. Empty when the sum is a P-position. Every
/// option of every heap must lie within `values`.
pub fn winning_moves(
    rule: &dyn HeapRuleset,
    values: &[u32],
    heaps: &[usize],
) -> Option<Vec<(usize, Vec<usize>)>> {
    let total = nim_value_of_sum(values, heaps)?;
    let mut moves = Vec::new();
    if total == 0 {
        return Some(moves);
    }
    for (i, &h) in heaps.iter().enumerate() {
        let want = total ^ values[h];
        rule.for_each_option(h, &mut |parts| {
            if nim_value_of_sum(values, parts) == Some(want) {
                moves.push((i, parts.to_vec()));
            }
            ControlFlow::Continue(())
        });
    }
    Some(moves)
}

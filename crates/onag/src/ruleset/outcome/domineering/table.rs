//! The transposition table: what was proved of each node, in buckets of
//! two slots, bounded in bytes.
//!
//! The table starts small and doubles while it is three quarters full and
//! a double still fits in its bytes (with the old slots, while they are
//! moved). Once at its size, a bucket keeps in its first slot the entry
//! whose proof took the most nodes and in its second the latest, so long
//! proofs survive and new ones are kept.

use std::hash::BuildHasher;

use super::search::Node;
use crate::ruleset::position::Player;

/// One slot: a node and the answers known for it.
#[derive(Clone, Copy, Default)]
struct Slot {
    free: u128,
    sum: u32,
    /// Bit 0: Left to move is known, bit 1: Left to move wins; bits 2 and
    /// 3 the same for Right. Zero: the slot is empty.
    answers: u8,
    /// The base-2 logarithm of the nodes the latest proof took.
    work: u8,
}

/// Slots a new table starts with.
const START: usize = 1 << 14;

/// The table.
pub(super) struct Table {
    slots: Vec<Slot>,
    /// Entries held.
    used: usize,
    /// The most slots the bytes allow.
    most: usize,
}

fn shift(player: Player) -> u8 {
    match player {
        Player::Left => 0,
        Player::Right => 2,
    }
}

impl Table {
    /// An empty table of at most `bytes`.
    pub fn new(bytes: u64) -> Self {
        // Doubling holds the old slots and the new together: half again
        // the new table's bytes.
        let fit = (bytes / 3 * 2 / std::mem::size_of::<Slot>() as u64).max(2 * START as u64);
        let most = 1usize << (63 - fit.leading_zeros()).min(40);
        Table { slots: vec![Slot::default(); START.min(most)], used: 0, most }
    }

    fn bucket(&self, node: Node) -> usize {
        let h = rustc_hash::FxBuildHasher.hash_one((node.free, node.sum));
        (h as usize) & (self.slots.len() - 1) & !1
    }

    /// What is known of `player` moving first at `node`.
    pub fn get(&self, node: Node, player: Player) -> Option<bool> {
        let b = self.bucket(node);
        let s = shift(player);
        self.slots[b..b + 2]
            .iter()
            .find(|slot| slot.answers != 0 && slot.free == node.free && slot.sum == node.sum)
            .and_then(|slot| {
                (slot.answers >> s & 1 == 1).then_some(slot.answers >> (s + 1) & 1 == 1)
            })
    }

    /// Records that `player` moving first at `node` wins (or loses), proved
    /// in `work` nodes.
    pub fn put(&mut self, node: Node, player: Player, won: bool, work: u64) {
        if 4 * self.used >= 3 * self.slots.len() && self.slots.len() < self.most {
            self.grow();
        }
        let bits = (1 | (u8::from(won) << 1)) << shift(player);
        let work = (64 - work.leading_zeros()) as u8;
        let b = self.bucket(node);
        for i in b..b + 2 {
            let slot = &mut self.slots[i];
            if slot.answers != 0 && slot.free == node.free && slot.sum == node.sum {
                slot.answers = slot.answers & !(3 << shift(player)) | bits;
                slot.work = slot.work.max(work);
                return;
            }
        }
        let new = Slot { free: node.free, sum: node.sum, answers: bits, work };
        let [first, second] = &mut self.slots[b..b + 2] else { return };
        if first.answers == 0 {
            *first = new;
            self.used += 1;
        } else if second.answers == 0 {
            *second = new;
            self.used += 1;
        } else if work >= first.work {
            *second = std::mem::replace(first, new);
        } else {
            *second = new;
        }
    }

    /// Doubles the slots and puts every entry back.
    fn grow(&mut self) {
        let doubled = vec![Slot::default(); 2 * self.slots.len()];
        let old = std::mem::replace(&mut self.slots, doubled);
        self.used = 0;
        for slot in old.into_iter().filter(|s| s.answers != 0) {
            let b = self.bucket(Node { free: slot.free, sum: slot.sum });
            let [first, second] = &mut self.slots[b..b + 2] else { continue };
            if first.answers == 0 {
                *first = slot;
                self.used += 1;
            } else if second.answers == 0 {
                *second = slot;
                self.used += 1;
            }
        }
    }

    /// Bytes held.
    pub fn memory_bytes(&self) -> u64 {
        (self.slots.len() * std::mem::size_of::<Slot>()) as u64
    }
}

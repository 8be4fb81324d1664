//! The sums an outcome search walks: regions still searched as positions,
//! and regions replaced by their canonical forms.

use crate::game::GameId;
use std::hash::BuildHasher;

use crate::ruleset::position::{PartizanPosition, Player};

/// A region as the search holds it: the normal form of a position and
/// whether the position is its negative, with a hash of both that orders
/// the regions of a sum.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub(super) struct Region<P> {
    /// Orders regions within a sum; equal regions have equal keys.
    order: u64,
    /// The normal form.
    pub position: P,
    /// Whether the region is the normal form's negative.
    pub negated: bool,
}

impl<P: PartizanPosition> Region<P> {
    /// `position` (negated if `negated`) as the search holds it.
    pub fn new(position: &P, negated: bool) -> Self {
        let (normal, flipped) = position.normalize();
        let negated = flipped != negated;
        let order = rustc_hash::FxBuildHasher.hash_one((&normal, negated));
        Region { order, position: normal, negated }
    }

    /// `player` as this region's normal form sees them.
    pub fn mover(&self, player: Player) -> Player {
        if self.negated { player.opponent() } else { player }
    }
}

/// A sum of regions and values.
///
/// Invariants (kept by [`Sum::insert_region`] and [`Sum::insert_value`]):
/// `regions` are sorted by their order key and `values` by id, so equal
/// sums are almost always equal as data and can key a table (regions of
/// equal keys keep the order they came in: two such sums are two entries,
/// never a wrong one); `values` holds no number (numbers are added into
/// `number`) and no zero.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub(super) struct Sum<P> {
    /// Regions whose values are not known: searched move by move.
    pub regions: Vec<Region<P>>,
    /// Canonical forms of regions small enough to value, and of their
    /// options once the search has moved in them.
    pub values: Vec<GameId>,
    /// The sum of every number among the values.
    pub number: GameId,
}

impl<P: PartizanPosition> Sum<P> {
    /// The empty sum, with `zero` as its number.
    pub fn empty(zero: GameId) -> Self {
        Sum { regions: Vec::new(), values: Vec::new(), number: zero }
    }

    /// Adds a region, keeping `regions` sorted.
    pub fn insert_region(&mut self, region: Region<P>) {
        let at = self.regions.partition_point(|r| r.order <= region.order);
        self.regions.insert(at, region);
    }

    /// Adds a value that is neither a number nor zero, keeping `values`
    /// sorted.
    pub fn insert_value(&mut self, value: GameId) {
        let at = self.values.partition_point(|&v| v < value);
        self.values.insert(at, value);
    }

    /// Removes and returns the value at `index`.
    pub fn remove_value(&mut self, index: usize) -> GameId {
        self.values.remove(index)
    }
}

/// Appends the regions of `position`, negated if `negated`, as the search
/// holds them.
pub(super) fn split<P: PartizanPosition>(position: &P, negated: bool, out: &mut Vec<Region<P>>) {
    let mut parts = Vec::new();
    position.regions(&mut parts);
    out.extend(parts.iter().map(|part| Region::new(part, negated)));
}

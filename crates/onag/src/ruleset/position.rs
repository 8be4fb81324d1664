//! What a partizan ruleset tells the engine about one of its positions.

use std::hash::Hash;

/// One of the two players of a partizan game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Player {
    /// Left (blue, vertical in Domineering, `x` stones, toads).
    Left,
    /// Right (red, horizontal in Domineering, `o` stones, frogs).
    Right,
}

impl Player {
    /// The other player.
    pub fn opponent(self) -> Player {
        match self {
            Player::Left => Player::Right,
            Player::Right => Player::Left,
        }
    }

    /// Both players, Left first.
    pub const BOTH: [Player; 2] = [Player::Left, Player::Right];
}

impl std::fmt::Display for Player {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Player::Left => "Left",
            Player::Right => "Right",
        })
    }
}

/// Bounds on the moves one player can make in a position, for a search that
/// only asks who wins ([`crate::ruleset::outcome`]).
///
/// Both bounds hold in any play of any sum the position is part of: moves
/// the opponent makes (here or elsewhere) never take away a safe move, and
/// no play gives the player more than `most` moves here.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct MoveBounds {
    /// Moves the player can make here whatever the opponent does.
    pub safe: u32,
    /// The most moves the player can make here.
    pub most: u32,
}

/// A position of a short partizan game: finitely many positions, no position
/// reachable from itself.
///
/// [`options`](Self::options) is the only method a ruleset must write. The
/// other two make the [`Solver`](super::Solver) fast and are optional:
///
/// - [`regions`](Self::regions) splits a position into independent parts whose
///   disjunctive sum it is (a Domineering board cut in two by a domino). Each
///   part is valued once, however many positions contain it.
/// - [`normalize`](Self::normalize) maps a position to one representative of
///   its symmetry class: a position of equal value (a reflected board), or of
///   the negative value (a board turned a quarter, or with colours swapped).
///
/// Invariants the solver relies on: the regions of a position sum to it and
/// each region is again a position of the same game; a normal form's value
/// is the position's value (or its negative, when flagged); and equal
/// normal forms have equal values.
pub trait PartizanPosition: Clone + Eq + Hash + Send + Sync {
    /// Whether both players always have the same options (Cram, Arc
    /// Kayles). The solver then generates options once, and
    /// [`Solver::nim_value`](super::Solver::nim_value) applies.
    const IMPARTIAL: bool = false;

    /// An outcome search ([`crate::ruleset::outcome`]) replaces a region
    /// with at most this many options (both players' together) by its
    /// canonical form. Rulesets whose small regions have large canonical
    /// forms (Clobber's all-small games) set it lower.
    const VALUED_REGION_MOVES: usize = 12;

    /// Appends to `out` every position `player` can move to.
    fn options(&self, player: Player, out: &mut Vec<Self>);

    /// Appends to `out` the regions whose disjunctive sum this position is.
    ///
    /// The default is the position itself. A region where neither player can
    /// ever move may be left out (it is 0), so an empty list means 0.
    fn regions(&self, out: &mut Vec<Self>) {
        out.push(self.clone());
    }

    /// A representative of this position's symmetry class, and whether its
    /// value is the negative of this position's value.
    ///
    /// The default is the position itself, not negated.
    fn normalize(&self) -> (Self, bool) {
        (self.clone(), false)
    }

    /// Bounds on the moves `player` can make in this position (see
    /// [`MoveBounds`]), for placement games where they are cheap to count
    /// (Domineering's safe moves). The default is `None`: no bounds known.
    fn move_bounds(&self, _player: Player) -> Option<MoveBounds> {
        None
    }

    /// How many options `player` has (a search orders moves by it). The
    /// default generates them.
    fn mobility(&self, player: Player) -> usize {
        let mut out = Vec::new();
        self.options(player, &mut out);
        out.len()
    }

    /// Bytes this position owns on the heap (a `Vec` of cells), for the
    /// memory limit; 0 for positions held inline.
    fn heap_bytes(&self) -> usize {
        0
    }

    /// Whether an outcome search replaces this region by its canonical
    /// form whatever its number of options: a position that stands for a
    /// value already (a term of a sum given as a canonical form). The
    /// default is `false`.
    fn is_value(&self) -> bool {
        false
    }
}

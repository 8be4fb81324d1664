//! What a search needs to know of canonical forms: their move bounds, and
//! sums of them held once each under a small id.

use rustc_hash::FxHashMap;

use crate::error::Result;
use crate::game::{Arena, GameId, PartizanOutcome};
use crate::ruleset::position::{MoveBounds, Player};

/// The index of `player` in arrays of two (Left first).
pub(super) fn index(player: Player) -> usize {
    match player {
        Player::Left => 0,
        Player::Right => 1,
    }
}

/// Move bounds of canonical forms, by their game trees, kept once computed.
#[derive(Default)]
pub(super) struct ValueBounds {
    known: FxHashMap<GameId, [MoveBounds; 2]>,
}

impl ValueBounds {
    /// Left's and Right's move bounds in `g`: the most moves a player can
    /// make in any play of it, and the moves the player can make whatever
    /// the opponent does there (the opponent may move at any time, as often
    /// as they like).
    pub fn of(&mut self, arena: &mut Arena, g: GameId) -> Result<[MoveBounds; 2]> {
        if let Some(&b) = self.known.get(&g) {
            return Ok(b);
        }
        let left = arena.left_options(g)?;
        let right = arena.right_options(g)?;
        let mut lb = Vec::with_capacity(left.len());
        for &o in &left {
            lb.push(self.of(arena, o)?);
        }
        let mut rb = Vec::with_capacity(right.len());
        for &o in &right {
            rb.push(self.of(arena, o)?);
        }
        let side = |own: &[[MoveBounds; 2]], other: &[[MoveBounds; 2]], i: usize| {
            let most = own
                .iter()
                .map(|b| b[i].most.saturating_add(1))
                .chain(other.iter().map(|b| b[i].most))
                .max()
                .unwrap_or(0);
            let by_moving = own.iter().map(|b| b[i].safe.saturating_add(1)).max().unwrap_or(0);
            let safe = other.iter().map(|b| b[i].safe).fold(by_moving, u32::min);
            MoveBounds { safe, most }
        };
        let bounds = [side(&lb, &rb, 0), side(&rb, &lb, 1)];
        self.known.insert(g, bounds);
        Ok(bounds)
    }

    /// Bytes held.
    pub fn memory_bytes(&self) -> u64 {
        (self.known.capacity() * (std::mem::size_of::<(GameId, [MoveBounds; 2])>() + 1)) as u64
    }
}

/// The id of a sum of canonical forms in a [`ValueSums`].
pub(super) type SumId = u32;

/// One sum of canonical forms and what is known of it.
struct Entry {
    /// The values that are not numbers, sorted, none zero, none the
    /// negative of another.
    values: Vec<GameId>,
    /// The sum of the numbers.
    number: GameId,
    /// Left's and Right's move bounds in the whole sum.
    bounds: [MoveBounds; 2],
    /// The sums each player can move to (Left's, Right's), once asked.
    moves: [Option<Vec<SumId>>; 2],
    /// The outcome of the sum, once asked.
    outcome: Option<PartizanOutcome>,
}

/// Sums of canonical forms, each held once under an id: equal sums (as
/// multisets of values, numbers added up) have equal ids, so a search can
/// key its table by the id.
pub(super) struct ValueSums {
    entries: Vec<Entry>,
    ids: FxHashMap<(Vec<GameId>, GameId), SumId>,
    /// The sum of an id and a value.
    added: FxHashMap<(SumId, GameId), SumId>,
    bounds: ValueBounds,
}

impl ValueSums {
    /// The table holding the empty sum, as id 0.
    pub fn new(arena: &Arena) -> Self {
        let zero = arena.zero();
        let entry = Entry {
            values: Vec::new(),
            number: zero,
            bounds: [MoveBounds::default(); 2],
            moves: [None, None],
            outcome: Some(PartizanOutcome::P),
        };
        let mut ids = FxHashMap::default();
        ids.insert((Vec::new(), zero), 0);
        ValueSums {
            entries: vec![entry],
            ids,
            added: FxHashMap::default(),
            bounds: Default::default(),
        }
    }

    /// The id of the empty sum.
    pub const EMPTY: SumId = 0;

    /// Left's and Right's move bounds in sum `id`.
    pub fn bounds(&self, id: SumId) -> [MoveBounds; 2] {
        self.entries[id as usize].bounds
    }

    /// The id of `values` (sorted, as [`Entry::values`]) plus `number`.
    fn intern(&mut self, arena: &mut Arena, values: Vec<GameId>, number: GameId) -> Result<SumId> {
        if let Some(&id) = self.ids.get(&(values.clone(), number)) {
            return Ok(id);
        }
        let mut bounds = [MoveBounds::default(); 2];
        for &v in values.iter().chain([&number]) {
            let b = self.bounds.of(arena, v)?;
            for i in 0..2 {
                bounds[i].safe = bounds[i].safe.saturating_add(b[i].safe);
                bounds[i].most = bounds[i].most.saturating_add(b[i].most);
            }
        }
        let id = SumId::try_from(self.entries.len()).map_err(|_| {
            crate::error::Error::invalid("more than 2^32 sums of values in one search")
        })?;
        self.ids.insert((values.clone(), number), id);
        self.entries.push(Entry { values, number, bounds, moves: [None, None], outcome: None });
        Ok(id)
    }

    /// The id of sum `id` plus the canonical form `v`: added into the
    /// number, or cancelling a `−v` already there, or as a value of its own.
    pub fn add(&mut self, arena: &mut Arena, id: SumId, v: GameId) -> Result<SumId> {
        if v == arena.zero() {
            return Ok(id);
        }
        if let Some(&sum) = self.added.get(&(id, v)) {
            return Ok(sum);
        }
        let e = &self.entries[id as usize];
        let (mut values, mut number) = (e.values.clone(), e.number);
        if arena.is_number(v) {
            number = arena.add(number, v)?;
        } else {
            let minus = arena.neg(v)?;
            match values.iter().position(|&w| w == minus) {
                Some(i) => {
                    values.remove(i);
                }
                None => {
                    let at = values.partition_point(|&w| w < v);
                    values.insert(at, v);
                }
            }
        }
        let sum = self.intern(arena, values, number)?;
        self.added.insert((id, v), sum);
        Ok(sum)
    }

    /// The sums `player` can move to from sum `id`: a move in each value (in
    /// the order of the values), then in the number.
    pub fn moves(&mut self, arena: &mut Arena, id: SumId, player: Player) -> Result<&[SumId]> {
        let i = index(player);
        if self.entries[id as usize].moves[i].is_none() {
            let e = &self.entries[id as usize];
            let (values, number) = (e.values.clone(), e.number);
            let mut out = Vec::new();
            for (k, &v) in values.iter().enumerate() {
                if k > 0 && values[k - 1] == v {
                    continue;
                }
                let options = match player {
                    Player::Left => arena.left_options(v)?,
                    Player::Right => arena.right_options(v)?,
                };
                let mut rest = values.clone();
                rest.remove(k);
                let without = self.intern(arena, rest, number)?;
                for o in options {
                    out.push(self.add(arena, without, o)?);
                }
            }
            let options = match player {
                Player::Left => arena.left_options(number)?,
                Player::Right => arena.right_options(number)?,
            };
            let rest = self.intern(arena, values, arena.zero())?;
            for o in options {
                out.push(self.add(arena, rest, o)?);
            }
            self.entries[id as usize].moves[i] = Some(out);
        }
        Ok(self.entries[id as usize].moves[i].as_deref().unwrap_or(&[]))
    }

    /// Whether `player`, moving first in sum `id` alone, wins.
    pub fn wins(&mut self, arena: &mut Arena, id: SumId, player: Player) -> Result<bool> {
        let outcome = match self.entries[id as usize].outcome {
            Some(o) => o,
            None => {
                let e = &self.entries[id as usize];
                let (values, number) = (e.values.clone(), e.number);
                let mut total = number;
                for v in values {
                    total = arena.add(total, v)?;
                }
                let o = arena.outcome(total)?;
                self.entries[id as usize].outcome = Some(o);
                o
            }
        };
        Ok(match (outcome, player) {
            (PartizanOutcome::N, _) => true,
            (PartizanOutcome::P, _) => false,
            (PartizanOutcome::L, p) => p == Player::Left,
            (PartizanOutcome::R, p) => p == Player::Right,
        })
    }

    /// Bytes held.
    pub fn memory_bytes(&self) -> u64 {
        let values: usize = self.entries.iter().map(|e| 2 * e.values.capacity()).sum();
        let moves: usize =
            self.entries.iter().flat_map(|e| e.moves.iter().flatten()).map(|m| m.capacity()).sum();
        let entry = std::mem::size_of::<Entry>()
            + std::mem::size_of::<((Vec<GameId>, GameId), SumId)>()
            + 1;
        (self.entries.len() * entry
            + (values + moves) * 4
            + self.added.capacity() * (std::mem::size_of::<((SumId, GameId), SumId)>() + 1))
            as u64
            + self.bounds.memory_bytes()
    }
}

//! The canonical-form arena: every short game value once, named by a [`GameId`].
//!
//! Invariants (the rest of `game` relies on them):
//! - A record describes a game in canonical form; equal games have equal ids,
//!   so equality of values is `==` on ids.
//! - A value of the form number + ups + star is always a *nus record* (its
//!   [`Nus`] in `nus_values`), never a general record. Its options are
//!   materialised lazily from the closed form (`start == UNMATERIALISED` until
//!   then), because an integer like 10^18 has 10^18 followers.
//! - A general record's options are two sorted, duplicate-free id slices stored
//!   back to back in the shared `pool`; general records are interned by those
//!   slices in a `HashTable<GameId>` that hashes from the pool, so no key is
//!   stored twice.
//! - A record is 16 bytes (asserted by a test); options cost 4 bytes each.
//!
//! Long work (sums, comparisons, canonicalisation) runs on explicit stacks in
//! `ops.rs` and counts steps against the arena's [`Budget`].

use std::hash::{BuildHasher, Hash, Hasher};

use hashbrown::HashTable;
use rustc_hash::{FxBuildHasher, FxHashMap};
use serde::Serialize;

use super::memo::{FlagCache, IdMemo};
use super::nus::Nus;
use crate::budget::Budget;
use crate::error::{Error, ErrorKind, Result};
use crate::number::{BigInt, BigUint, Dyadic};

/// A canonical short game in an [`Arena`]; meaningless without its arena.
#[derive(Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
#[repr(transparent)]
pub struct GameId(pub(super) u32);

impl GameId {
    /// The index of this game in its arena.
    pub fn index(self) -> u32 {
        self.0
    }
}

/// The outcome class of a partizan game under normal play.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize)]
pub enum PartizanOutcome {
    /// Left wins whoever starts (G > 0).
    L,
    /// Right wins whoever starts (G < 0).
    R,
    /// The second player wins (G = 0).
    P,
    /// The first player wins (G ‖ 0).
    N,
}

impl std::fmt::Display for PartizanOutcome {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            PartizanOutcome::L => "L",
            PartizanOutcome::R => "R",
            PartizanOutcome::P => "P",
            PartizanOutcome::N => "N",
        })
    }
}

/// One game: where its options are, how many on each side, its nus index
/// and its stops.
///
/// A comparison reads a game's stops and then, often, its options: keeping
/// both in one record, aligned so that it never straddles two cache lines,
/// makes that one memory access instead of two.
#[derive(Clone, Copy, Debug)]
#[repr(C, align(32))]
pub(super) struct Record {
    pub(super) start: u32,
    pub(super) left: u32,
    pub(super) right: u32,
    pub(super) nus: u32,
    /// The adorned stops: the left stop LS and right stop RS in fixed point
    /// ([`fixed_stop`]), doubled, each with a last bit that says on which
    /// side of the stop the game lies:
    ///
    /// - `stops[0]` is 2·LS(G) + [G ≰ LS(G)],
    /// - `stops[1]` is 2·RS(G) + [G ≥ RS(G)],
    ///
    /// or [`UNKNOWN_STOP`] when a stop does not fit. Both are monotone
    /// (G ≤ H gives G ≰ x ⇒ H ≰ x and G ≥ y ⇒ H ≥ y), so they refute
    /// comparisons the plain stops leave open, and they follow the plain
    /// stops' rule: for a game that is not a number, `stops[0]` is the
    /// largest `stops[1]` of a Left option and `stops[1]` the least
    /// `stops[0]` of a Right option (G ≤ LS(G) iff no G^L ≥ LS(G), and a
    /// G^L ≥ LS(G) has RS(G^L) = LS(G); dually on the right).
    pub(super) stops: [i64; 2],
}

pub(super) const NOT_NUS: u32 = u32::MAX;
/// A stop that [`fixed_stop`] cannot represent.
pub(super) const UNKNOWN_STOP: i64 = i64::MIN;
/// Fractional bits of a fixed-point stop.
const STOP_FRACTION: u32 = 24;

/// `x · 2^24` when it is an integer of at most 61 bits, else [`UNKNOWN_STOP`]:
/// the stops most games have, compared without touching big numbers (and
/// doubled, with a bit, in [`Record::stops`]).
pub(super) fn fixed_stop(x: &Dyadic) -> i64 {
    match x.small_numerator() {
        Some(n) if x.exponent() <= STOP_FRACTION => {
            let scaled = (n as i128) << (STOP_FRACTION - x.exponent());
            if scaled.unsigned_abs() < (1u128 << 61) { scaled as i64 } else { UNKNOWN_STOP }
        }
        _ => UNKNOWN_STOP,
    }
}

/// The adorned stops ([`Record::stops`]) of `x + n↑ + *m`: both stops are
/// x, and the game lies above x or at least x as its infinitesimal part
/// `n↑ + *m` is ≰ 0 or ≥ 0.
fn nus_stops(v: &Nus) -> [i64; 2] {
    let x = fixed_stop(&v.number);
    if x == UNKNOWN_STOP {
        return [UNKNOWN_STOP; 2];
    }
    let o = v.infinitesimal_outcome();
    let not_below = matches!(o, PartizanOutcome::L | PartizanOutcome::N);
    let at_least = matches!(o, PartizanOutcome::L | PartizanOutcome::P);
    [2 * x + not_below as i64, 2 * x + at_least as i64]
}
pub(super) const UNMATERIALISED: u32 = u32::MAX;
/// The id that stands for the game being canonicalised (its options live in
/// `pending_left`/`pending_right`); never stored, never returned.
pub(super) const PENDING: GameId = GameId(u32::MAX);

/// The arena of canonical short games with its memo tables.
///
/// ```
/// use onag::game::Arena;
/// let mut a = Arena::new();
/// let zero = a.zero();
/// let star = a.nimber(1).unwrap();
/// let up = a.from_options(&[zero], &[star]).unwrap();
/// assert_eq!(a.print(up).unwrap(), "^");
/// ```
pub struct Arena {
    pub(super) records: Vec<Record>,
    pub(super) pool: Vec<GameId>,
    pub(super) nus_values: Vec<Nus>,
    intern: HashTable<GameId>,
    nus_intern: HashTable<GameId>,
    pub(super) sum_memo: IdMemo<GameId>,
    pub(super) neg_memo: IdMemo<GameId>,
    pub(super) leq_cache: FlagCache,
    pub(super) pending_left: Vec<GameId>,
    pub(super) pending_right: Vec<GameId>,
    pub(super) pending_memo: IdMap<bool>,
    pub(super) stop_memo: FxHashMap<GameId, (Dyadic, Dyadic)>,
    pub(super) birthday_memo: FxHashMap<GameId, BigUint>,
    /// Buffers `remove_dominated` reuses (empty between calls).
    pub(super) dominance_scratch: (Vec<super::ops::DominanceKey>, Vec<usize>),
    /// The stack `leq` reuses (empty between calls).
    pub(super) leq_stack: Vec<super::ops::LeqFrame>,
    pub(super) budget: Budget,
    pub(super) steps: u64,
}

impl Default for Arena {
    fn default() -> Self {
        Self::new()
    }
}

impl std::fmt::Debug for Arena {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Arena")
            .field("games", &self.records.len())
            .field("options", &self.pool.len())
            .finish()
    }
}

/// A hasher for memo keys made of one or two ids packed in a `u64`: the
/// splitmix64 finaliser spreads consecutive ids over all bits, which the
/// table's probing needs (a plain multiplicative hash of small pairs collides).
#[derive(Default, Clone, Copy)]
pub(super) struct IdHasher(u64);

impl Hasher for IdHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(self.0 ^ b as u64);
        }
    }

    fn write_u64(&mut self, x: u64) {
        self.0 = super::memo::mix(x);
    }
}

/// Memo tables keyed by [`key`]: one id, or an ordered pair of ids.
pub(super) type IdMap<V> = hashbrown::HashMap<u64, V, std::hash::BuildHasherDefault<IdHasher>>;

/// The memo key of the ordered pair `(g, h)`.
pub(super) fn key(g: GameId, h: GameId) -> u64 {
    ((g.0 as u64) << 32) | h.0 as u64
}

/// The sum memo's key of `g + h`: the pair in increasing order.
pub(super) fn sum_key(g: GameId, h: GameId) -> u64 {
    if g <= h { key(g, h) } else { key(h, g) }
}

fn hash_options(left: &[GameId], right: &[GameId]) -> u64 {
    let mut h = FxBuildHasher.build_hasher();
    left.len().hash(&mut h);
    left.hash(&mut h);
    right.hash(&mut h);
    h.finish()
}

fn hash_nus(v: &Nus) -> u64 {
    FxBuildHasher.hash_one(v)
}

impl Arena {
    /// An empty arena (holding 0) with an unlimited budget.
    pub fn new() -> Self {
        let mut arena = Arena {
            records: Vec::new(),
            pool: Vec::new(),
            nus_values: Vec::new(),
            intern: HashTable::new(),
            nus_intern: HashTable::new(),
            sum_memo: IdMemo::default(),
            neg_memo: IdMemo::default(),
            leq_cache: FlagCache::default(),
            pending_left: Vec::new(),
            pending_right: Vec::new(),
            pending_memo: IdMap::default(),
            stop_memo: FxHashMap::default(),
            birthday_memo: FxHashMap::default(),
            dominance_scratch: (Vec::new(), Vec::new()),
            leq_stack: Vec::new(),
            budget: Budget::unlimited(),
            steps: 0,
        };
        // Zero is record 0; creating it cannot fail.
        let zero = Nus::default();
        arena.nus_values.push(zero.clone());
        let stops = nus_stops(&zero);
        arena.records.push(Record { start: 0, left: 0, right: 0, nus: 0, stops });
        arena.nus_intern.insert_unique(hash_nus(&zero), GameId(0), |_| 0);
        arena
    }

    /// The arena's budget: limits every later operation (positions = games
    /// stored, plus time and cancellation).
    pub fn set_budget(&mut self, budget: Budget) {
        self.budget = budget;
    }

    /// The arena's budget.
    pub fn budget(&self) -> &Budget {
        &self.budget
    }

    /// The same arena with `budget` installed.
    pub fn with_budget(mut self, budget: Budget) -> Self {
        self.budget = budget;
        self
    }

    /// How many distinct games the arena holds.
    pub fn len(&self) -> usize {
        self.records.len()
    }

    /// Whether the arena holds only 0 (it is never truly empty).
    pub fn is_empty(&self) -> bool {
        self.records.len() <= 1
    }

    /// An estimate of the bytes the arena holds: its records, option pool,
    /// packed values and memo tables (each table entry counted with its key,
    /// value and control byte).
    pub fn memory_bytes(&self) -> u64 {
        fn table<K, V, S>(map: &hashbrown::HashMap<K, V, S>) -> usize {
            map.capacity() * (std::mem::size_of::<(K, V)>() + 1)
        }
        let bytes = self.records.capacity() * std::mem::size_of::<Record>()
            + self.pool.capacity() * std::mem::size_of::<GameId>()
            + self.nus_values.capacity() * std::mem::size_of::<Nus>()
            + (self.intern.capacity() + self.nus_intern.capacity()) * 5
            + self.sum_memo.bytes()
            + self.neg_memo.bytes()
            + self.leq_cache.bytes()
            + table(&self.pending_memo)
            + self.stop_memo.capacity() * (std::mem::size_of::<(GameId, (Dyadic, Dyadic))>() + 1);
        bytes as u64
    }

    /// Counts one unit of work; every few thousand units checks the budget.
    pub(super) fn step(&mut self) -> Result<()> {
        self.steps += 1;
        if self.steps & 0xfff == 0 {
            self.budget.check(self.records.len() as u64)?;
        }
        Ok(())
    }

    fn new_record(&mut self, mut record: Record) -> Result<GameId> {
        let index = self.records.len();
        if index >= (u32::MAX - 1) as usize {
            return Err(Error::new(ErrorKind::LimitExceeded, "too many games in one arena"));
        }
        if index & 0xfff == 0 {
            self.budget.check(index as u64)?;
        }
        if record.nus != NOT_NUS {
            record.stops = nus_stops(&self.nus_values[record.nus as usize]);
        }
        self.records.push(record);
        Ok(GameId(index as u32))
    }

    fn pool_start(&self, extra: usize) -> Result<u32> {
        let start = self.pool.len();
        if start + extra >= u32::MAX as usize {
            return Err(Error::new(ErrorKind::LimitExceeded, "too many options in one arena"));
        }
        Ok(start as u32)
    }

    // ----- nus records -----

    /// The packed value of `g` when it is number + ups + star.
    pub fn nus(&self, g: GameId) -> Option<&Nus> {
        if g == PENDING {
            return None;
        }
        let r = self.records[g.0 as usize];
        if r.nus == NOT_NUS { None } else { Some(&self.nus_values[r.nus as usize]) }
    }

    /// Whether `g` is a number (stored packed, so this is a field test).
    pub(super) fn number_of(&self, g: GameId) -> Option<&Dyadic> {
        self.nus(g).filter(|v| v.is_number()).map(|v| &v.number)
    }

    /// The game `x + n↑ + *m` given packed.
    pub fn nus_id(&mut self, v: Nus) -> Result<GameId> {
        let hash = hash_nus(&v);
        let found = self
            .nus_intern
            .find(hash, |&id| self.nus_values[self.records[id.0 as usize].nus as usize] == v);
        if let Some(&id) = found {
            return Ok(id);
        }
        let index = self.nus_values.len() as u32;
        self.nus_values.push(v);
        let id = match self.new_record(Record {
            start: UNMATERIALISED,
            left: 0,
            right: 0,
            nus: index,
            stops: [UNKNOWN_STOP; 2],
        }) {
            Ok(id) => id,
            Err(e) => {
                self.nus_values.pop();
                return Err(e);
            }
        };
        let (records, values) = (&self.records, &self.nus_values);
        self.nus_intern
            .insert_unique(hash, id, |&id| hash_nus(&values[records[id.0 as usize].nus as usize]));
        Ok(id)
    }

    /// Makes sure the options of `g` are in the pool (nus records get theirs
    /// from the closed form on first use).
    pub(super) fn ensure_options(&mut self, g: GameId) -> Result<()> {
        if g == PENDING {
            return Ok(());
        }
        let r = self.records[g.0 as usize];
        if r.start != UNMATERIALISED {
            return Ok(());
        }
        let v = self.nus_values[r.nus as usize].clone();
        let width = if v.ups == 0 { v.star } else { 2 };
        self.budget.check_positions(self.records.len() as u64 + width.saturating_mul(2))?;
        if width > u32::MAX as u64 / 4 {
            return Err(Error::new(ErrorKind::LimitExceeded, "too many options in one game"));
        }
        // Materialising a wide game is work and memory of its own: a walk over
        // the followers of *100000 builds 5·10^9 option entries.
        if width >= 256 {
            self.budget.check(self.records.len() as u64)?;
            let entries = (self.pool.len() as u64).saturating_add(width.saturating_mul(2));
            self.budget.check_memory(entries.saturating_mul(4))?;
        }
        let (lv, rv) = v.options();
        let mut left = Vec::with_capacity(lv.len());
        for o in lv {
            left.push(self.nus_id(o)?);
        }
        let mut right = Vec::with_capacity(rv.len());
        for o in rv {
            right.push(self.nus_id(o)?);
        }
        left.sort_unstable();
        right.sort_unstable();
        let start = self.pool_start(left.len() + right.len())?;
        self.pool.extend_from_slice(&left);
        self.pool.extend_from_slice(&right);
        let rec = &mut self.records[g.0 as usize];
        rec.start = start;
        rec.left = left.len() as u32;
        rec.right = right.len() as u32;
        Ok(())
    }

    /// Left options of a game whose options are materialised (or `PENDING`).
    pub(super) fn lefts(&self, g: GameId) -> &[GameId] {
        if g == PENDING {
            return &self.pending_left;
        }
        let r = self.records[g.0 as usize];
        if r.start == UNMATERIALISED {
            return &[];
        }
        &self.pool[r.start as usize..(r.start + r.left) as usize]
    }

    /// Right options of a game whose options are materialised (or `PENDING`).
    pub(super) fn rights(&self, g: GameId) -> &[GameId] {
        if g == PENDING {
            return &self.pending_right;
        }
        let r = self.records[g.0 as usize];
        if r.start == UNMATERIALISED {
            return &[];
        }
        let s = (r.start + r.left) as usize;
        &self.pool[s..s + r.right as usize]
    }

    /// Interns a general game from canonical, sorted, duplicate-free option
    /// lists known not to form a number + ups + star.
    pub(super) fn intern_general(&mut self, left: &[GameId], right: &[GameId]) -> Result<GameId> {
        let hash = hash_options(left, right);
        let (records, pool) = (&self.records, &self.pool);
        let slices = |id: GameId| {
            let r = records[id.0 as usize];
            let s = r.start as usize;
            let m = s + r.left as usize;
            (&pool[s..m], &pool[m..m + r.right as usize])
        };
        if let Some(&id) = self.intern.find(hash, |&id| slices(id) == (left, right)) {
            return Ok(id);
        }
        let start = self.pool_start(left.len() + right.len())?;
        let stops = self.stops_from_options(left, right);
        let id = self.new_record(Record {
            start,
            left: left.len() as u32,
            right: right.len() as u32,
            nus: NOT_NUS,
            stops,
        })?;
        self.pool.extend_from_slice(left);
        self.pool.extend_from_slice(right);
        let (records, pool) = (&self.records, &self.pool);
        self.intern.insert_unique(hash, id, |&id| {
            let r = records[id.0 as usize];
            let s = r.start as usize;
            let m = s + r.left as usize;
            hash_options(&pool[s..m], &pool[m..m + r.right as usize])
        });
        Ok(id)
    }

    /// The adorned stops ([`Record::stops`]) of a game with these options
    /// that is not a number: the left stop is the largest right stop of a
    /// left option, the right stop the least left stop of a right option
    /// (canonical non-numbers have options on both sides).
    fn stops_from_options(&self, left: &[GameId], right: &[GameId]) -> [i64; 2] {
        let mut ls = None::<i64>;
        for &g in left {
            let r = self.records[g.0 as usize].stops[1];
            if r == UNKNOWN_STOP {
                return [UNKNOWN_STOP; 2];
            }
            ls = Some(ls.map_or(r, |m| m.max(r)));
        }
        let mut rs = None::<i64>;
        for &g in right {
            let l = self.records[g.0 as usize].stops[0];
            if l == UNKNOWN_STOP {
                return [UNKNOWN_STOP; 2];
            }
            rs = Some(rs.map_or(l, |m| m.min(l)));
        }
        match (ls, rs) {
            (Some(l), Some(r)) => [l, r],
            _ => [UNKNOWN_STOP; 2],
        }
    }

    /// Asks the processor to bring `g`'s record into cache (a hint).
    #[inline]
    pub(super) fn prefetch_record(&self, g: GameId) {
        crate::prefetch::prefetch(&self.records, g.0 as usize);
    }

    /// Asks the processor to bring the first of `g`'s options into cache
    /// (a hint; `g`'s record is read, so it should be in cache already).
    #[inline]
    pub(super) fn prefetch_options(&self, g: GameId) {
        if let Some(r) = self.records.get(g.0 as usize) {
            if r.start != UNMATERIALISED {
                crate::prefetch::prefetch(&self.pool, r.start as usize);
            }
        }
    }

    /// Asks the processor to bring what valuing `g` (or `−g` when `negated`)
    /// as a term of a sum first reads into cache: its record, and the memo
    /// slot of its negative (a hint; nothing is read).
    #[inline]
    pub(crate) fn prefetch_term(&self, g: GameId, negated: bool) {
        self.prefetch_record(g);
        if negated {
            self.neg_memo.prefetch(g.0 as u64);
        }
    }

    /// Asks the processor to bring the memo slot of `g + h` into cache (a
    /// hint; nothing is read).
    #[inline]
    pub(crate) fn prefetch_sum(&self, g: GameId, h: GameId) {
        self.sum_memo.prefetch(sum_key(g, h));
    }

    /// The adorned stops of `g` in fixed point ([`Record::stops`]), when
    /// both fit.
    pub(super) fn quick_stops(&self, g: GameId) -> Option<[i64; 2]> {
        let s = self.records.get(g.0 as usize)?.stops;
        (s[0] != UNKNOWN_STOP && s[1] != UNKNOWN_STOP).then_some(s)
    }

    // ----- constructors of simple values -----

    /// The game 0 = `{|}`.
    pub fn zero(&self) -> GameId {
        GameId(0)
    }

    /// The integer `n`.
    pub fn integer(&mut self, n: i64) -> Result<GameId> {
        self.nus_id(Nus::number(Dyadic::from_i64(n)))
    }

    /// The integer `n` of any size.
    pub fn integer_big(&mut self, n: &BigInt) -> Result<GameId> {
        self.nus_id(Nus::number(Dyadic::from_bigint(n)))
    }

    /// The number `x`.
    pub fn dyadic(&mut self, x: &Dyadic) -> Result<GameId> {
        self.nus_id(Nus::number(x.clone()))
    }

    /// The nimber `*m`.
    pub fn nimber(&mut self, m: u64) -> Result<GameId> {
        self.nus_id(Nus { number: Dyadic::zero(), ups: 0, star: m })
    }

    /// `n·↑` (negative n: `|n|·↓`).
    pub fn up_multiple(&mut self, n: i64) -> Result<GameId> {
        self.nus_id(Nus { number: Dyadic::zero(), ups: n, star: 0 })
    }

    /// `x + n·↑ + *m`.
    pub fn number_up_star(&mut self, x: &Dyadic, ups: i64, star: u64) -> Result<GameId> {
        self.nus_id(Nus { number: x.clone(), ups, star })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wide_games_count_against_the_memory_limit() {
        let mut a = Arena::new();
        a.set_budget(Budget::unlimited().with_max_memory(1 << 20));
        // 1*100000: its followers 1*k have k options each (a nimber's
        // followers are counted without their options).
        let star = a.nus_id(Nus { number: Dyadic::from(1), ups: 0, star: 100_000 }).unwrap();
        let err = a.followers(star).map(|f| f.len()).unwrap_err();
        assert_eq!(err.kind(), ErrorKind::LimitExceeded, "{err}");
        assert!(err.message().contains("memory limit"), "{err}");
        let mut a = Arena::new();
        let star = a.nimber(300).unwrap();
        assert_eq!(a.follower_count(star).unwrap(), 301);
    }

    #[test]
    fn a_record_fills_half_a_cache_line() {
        assert_eq!(std::mem::size_of::<Record>(), 32);
        assert_eq!(std::mem::align_of::<Record>(), 32);
        assert_eq!(std::mem::size_of::<GameId>(), 4);
    }

    #[test]
    fn nus_values_are_interned() {
        let mut a = Arena::new();
        let x = a.integer(3).unwrap();
        assert_eq!(a.integer(3).unwrap(), x);
        assert_eq!(a.integer(0).unwrap(), a.zero());
        assert_ne!(a.nimber(1).unwrap(), x);
    }
}

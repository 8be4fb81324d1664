//! The engine every ruleset shares: canonical forms and nim values of
//! positions given through [`PartizanPosition`].
//!
//! A position is split into [`regions`](PartizanPosition::regions), each
//! region is mapped to its symmetry class's representative
//! ([`normalize`](PartizanPosition::normalize)), and each representative is
//! valued once into a transposition table. A region's value is built from its
//! options: every option is again split and normalised, so an option's value
//! is a sum of table entries (negated where the normal form is a negative),
//! and the region's canonical form is [`Arena::from_options`] of those sums.
//!
//! The search is a depth-first walk on an explicit stack of frames (no
//! recursion on game depth). A frame holds the normalised regions of all its
//! options, flat, and the index of the next one to look up; a region not yet
//! in the table is marked in progress and gets a frame of its own. Finding a
//! region in progress means a position is reachable from itself, which a short
//! game cannot be: that is an [`ErrorKind::Cycle`] error.
//!
//! The table maps normal forms to ids of one [`Arena`]: a solver must always
//! be used with the arena it first valued into. Its size counts against the
//! budget's position limit, and its bytes plus the arena's against the memory
//! limit; the budget is checked every [`CHECK_EVERY`] new regions.
//!
//! Impartial rulesets ([`IMPARTIAL`](PartizanPosition::IMPARTIAL)) generate
//! options once for both players, and [`Solver::nim_value`] values them by
//! Sprague–Grundy (the nim-sum of the regions' values, the mex over options)
//! in a table of its own, without building canonical forms.

use rustc_hash::FxHashMap;

use super::position::{PartizanPosition, Player};
use crate::budget::Budget;
use crate::error::{Error, ErrorKind, Result};
use crate::game::{Arena, GameId};
use crate::impartial::mex;

/// New table entries between two budget checks.
const CHECK_EVERY: usize = 1 << 12;

/// One normalised region of an option: the representative and whether the
/// option holds its negative.
type Term<P> = (P, bool);

/// A region being valued: the regions of all its options, flat.
struct Frame<P> {
    key: P,
    terms: Vec<Term<P>>,
    /// `ends[i]` is where option i's terms end; Left's options come first.
    ends: Vec<u32>,
    left_count: usize,
    next: usize,
}

/// The reusable buffers of option generation.
struct Expander<P> {
    spare: Vec<Frame<P>>,
    scratch: Vec<P>,
    regions: Vec<P>,
}

impl<P: PartizanPosition> Expander<P> {
    /// The frame of a region: its options' normalised regions.
    fn expand(&mut self, key: P) -> Frame<P> {
        let mut frame = self.spare.pop().unwrap_or_else(|| Frame {
            key: key.clone(),
            terms: Vec::new(),
            ends: Vec::new(),
            left_count: 0,
            next: 0,
        });
        frame.key = key;
        frame.terms.clear();
        frame.ends.clear();
        frame.next = 0;
        let players: &[Player] = if P::IMPARTIAL { &[Player::Left] } else { &Player::BOTH };
        for &player in players {
            self.scratch.clear();
            frame.key.options(player, &mut self.scratch);
            for option in &self.scratch {
                self.regions.clear();
                option.regions(&mut self.regions);
                for region in &self.regions {
                    frame.terms.push(region.normalize());
                }
                frame.ends.push(frame.terms.len() as u32);
            }
            if player == Player::Left {
                frame.left_count = frame.ends.len();
            }
        }
        frame
    }
}

/// A transposition table: a value per normalised region, `None` while the
/// region is being valued.
type Table<P, V> = FxHashMap<P, Option<V>>;

/// Values `root` and every region below it into `table`, depth first on an
/// explicit stack. `finish` values a frame whose terms are all in the table;
/// `check` is called with the table's size every [`CHECK_EVERY`] new regions.
fn search<P: PartizanPosition, V: Copy>(
    table: &mut Table<P, V>,
    expander: &mut Expander<P>,
    root: P,
    mut finish: impl FnMut(&Table<P, V>, &Frame<P>) -> Result<V>,
    mut check: impl FnMut(&Table<P, V>) -> Result<()>,
) -> Result<()> {
    if matches!(table.get(&root), Some(Some(_))) {
        return Ok(());
    }
    table.insert(root.clone(), None);
    let mut stack = vec![expander.expand(root)];
    let mut since_check = 0;
    while let Some(top) = stack.last_mut() {
        let mut pending = None;
        while top.next < top.terms.len() {
            let key = &top.terms[top.next].0;
            match table.get(key) {
                Some(Some(_)) => top.next += 1,
                Some(None) => return Err(cycle_error()),
                None => {
                    pending = Some(key.clone());
                    break;
                }
            }
        }
        if let Some(key) = pending {
            table.insert(key.clone(), None);
            stack.push(expander.expand(key));
            since_check += 1;
            if since_check >= CHECK_EVERY {
                since_check = 0;
                check(table)?;
            }
            continue;
        }
        let Some(frame) = stack.pop() else { break };
        let value = finish(table, &frame)?;
        table.insert(frame.key.clone(), Some(value));
        expander.spare.push(frame);
    }
    Ok(())
}

/// Bytes of a table of `P` keys and `V` values with `capacity` slots.
fn table_bytes<P, V>(capacity: usize) -> u64 {
    (capacity * (std::mem::size_of::<(P, Option<V>)>() + 1)) as u64
}

/// Values positions of one ruleset, keeping every region it has valued.
pub struct Solver<P: PartizanPosition> {
    values: Table<P, GameId>,
    nim_values: Table<P, u32>,
    budget: Budget,
    expander: Expander<P>,
}

impl<P: PartizanPosition> Default for Solver<P> {
    fn default() -> Self {
        Solver {
            values: FxHashMap::default(),
            nim_values: FxHashMap::default(),
            budget: Budget::unlimited(),
            expander: Expander { spare: Vec::new(), scratch: Vec::new(), regions: Vec::new() },
        }
    }
}

impl<P: PartizanPosition> std::fmt::Debug for Solver<P> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Solver")
            .field("regions", &self.values.len())
            .field("nim_regions", &self.nim_values.len())
            .finish()
    }
}

impl<P: PartizanPosition> Solver<P> {
    /// A solver with empty tables and an unlimited budget.
    pub fn new() -> Self {
        Self::default()
    }

    /// The same solver with `budget` for its later searches.
    pub fn with_budget(mut self, budget: Budget) -> Self {
        self.budget = budget;
        self
    }

    /// Installs `budget` for later searches.
    pub fn set_budget(&mut self, budget: Budget) {
        self.budget = budget;
    }

    /// How many regions have a canonical form in the table.
    pub fn known(&self) -> usize {
        self.values.len()
    }

    /// How many regions have a nim value in the table.
    pub fn known_nim_values(&self) -> usize {
        self.nim_values.len()
    }

    /// An estimate of the bytes the solver's tables hold.
    pub fn memory_bytes(&self) -> u64 {
        table_bytes::<P, GameId>(self.values.capacity())
            + table_bytes::<P, u32>(self.nim_values.capacity())
    }

    /// The canonical form of `position` in `arena` (for an impartial game,
    /// the nimber of its nim value).
    pub fn value(&mut self, arena: &mut Arena, position: &P) -> Result<GameId> {
        if P::IMPARTIAL {
            let n = self.nim_value(position)?;
            return arena.nimber(n);
        }
        let mut regions = Vec::new();
        position.regions(&mut regions);
        let mut terms = Vec::with_capacity(regions.len());
        for region in regions {
            let (key, negated) = region.normalize();
            self.value_region(arena, key.clone())?;
            terms.push((key, negated));
        }
        sum_terms(&self.values, arena, &terms)
    }

    /// The canonical forms of the options of `position` for `player`, in the
    /// order the ruleset lists them, each with the position it is the value of.
    pub fn option_values(
        &mut self,
        arena: &mut Arena,
        position: &P,
        player: Player,
    ) -> Result<Vec<(P, GameId)>> {
        let mut options = Vec::new();
        position.options(player, &mut options);
        let mut valued = Vec::with_capacity(options.len());
        for option in options {
            let v = self.value(arena, &option)?;
            valued.push((option, v));
        }
        Ok(valued)
    }

    /// Values a normalised region and every region below it.
    fn value_region(&mut self, arena: &mut Arena, root: P) -> Result<()> {
        let budget = &self.budget;
        let nim_bytes = table_bytes::<P, u32>(self.nim_values.capacity());
        let arena_cell = std::cell::RefCell::new(arena);
        search(
            &mut self.values,
            &mut self.expander,
            root,
            |table, frame| finish(table, &mut arena_cell.borrow_mut(), frame),
            |table| {
                let bytes = table_bytes::<P, GameId>(table.capacity())
                    + nim_bytes
                    + arena_cell.borrow().memory_bytes();
                check(budget, table.len(), bytes)
            },
        )
    }

    /// The nim value of an impartial `position` (Sprague–Grundy: regions
    /// add by nim-sum, a region is the mex of its options). Only Left's
    /// options are generated; for a game that is not impartial this is an
    /// error.
    pub fn nim_value(&mut self, position: &P) -> Result<u64> {
        if !P::IMPARTIAL {
            return Err(Error::invalid("nim values are defined for impartial games only"));
        }
        let mut regions = Vec::new();
        position.regions(&mut regions);
        let mut total = 0u64;
        for region in regions {
            let (key, _) = region.normalize();
            let budget = &self.budget;
            let value_bytes = table_bytes::<P, GameId>(self.values.capacity());
            search(
                &mut self.nim_values,
                &mut self.expander,
                key.clone(),
                nim_finish,
                |table| {
                    let bytes = table_bytes::<P, u32>(table.capacity()) + value_bytes;
                    check(budget, table.len(), bytes)
                },
            )?;
            match self.nim_values.get(&key) {
                Some(&Some(v)) => total ^= v as u64,
                _ => return Err(Error::invalid("a region was not valued")),
            }
        }
        Ok(total)
    }
}

/// The sum of table entries, each negated where flagged; ids are added in
/// increasing order so that equal multisets share the arena's sum memo.
///
/// A sum and its negative are computed once: the terms are added with the
/// signs that make most of them positive (on a tie, the term with the
/// smallest id), and the total is negated back if that flipped them. So the
/// options of a ruleset whose colour swap negates (Right's moves mirror
/// Left's) reuse every sum, and every sum below it, that Left's needed.
fn sum_terms<P: PartizanPosition>(
    table: &Table<P, GameId>,
    arena: &mut Arena,
    terms: &[Term<P>],
) -> Result<GameId> {
    let mut values = Vec::with_capacity(terms.len());
    for (key, negated) in terms {
        let Some(&Some(v)) = table.get(key) else {
            return Err(Error::invalid("a region was not valued"));
        };
        values.push((v, *negated));
    }
    values.sort_unstable();
    let negated = values.iter().filter(|t| t.1).count();
    let flip = 2 * negated > values.len()
        || (2 * negated == values.len() && values.first().is_some_and(|t| t.1));
    let mut ids = Vec::with_capacity(values.len());
    for (v, negated) in values {
        ids.push(if negated != flip { arena.neg(v)? } else { v });
    }
    ids.sort_unstable();
    let mut sum = arena.zero();
    for id in ids {
        sum = arena.add(sum, id)?;
    }
    if flip { arena.neg(sum) } else { Ok(sum) }
}

/// The canonical form of a frame whose terms are all valued.
fn finish<P: PartizanPosition>(
    table: &Table<P, GameId>,
    arena: &mut Arena,
    frame: &Frame<P>,
) -> Result<GameId> {
    let mut option_values = Vec::with_capacity(frame.ends.len());
    let mut start = 0;
    for &end in &frame.ends {
        let end = end as usize;
        option_values.push(sum_terms(table, arena, &frame.terms[start..end])?);
        start = end;
    }
    let (left, right) = option_values.split_at(frame.left_count);
    arena.from_options(left, right)
}

/// The nim value of a frame whose terms are all valued: the mex over options
/// of the nim-sum of their regions.
fn nim_finish<P: PartizanPosition>(table: &Table<P, u32>, frame: &Frame<P>) -> Result<u32> {
    let mut start = 0;
    let mut option_values = Vec::with_capacity(frame.ends.len());
    for &end in &frame.ends {
        let end = end as usize;
        let mut x = 0u64;
        for (key, _) in &frame.terms[start..end] {
            x ^= table.get(key).copied().flatten().unwrap_or(0) as u64;
        }
        option_values.push(x);
        start = end;
    }
    u32::try_from(mex(option_values))
        .map_err(|_| Error::new(ErrorKind::Overflow, "a nim value past 2^32"))
}

/// Checks the budget: regions valued, bytes of tables, time; reports progress.
fn check(budget: &Budget, regions: usize, bytes: u64) -> Result<()> {
    budget.check(regions as u64)?;
    budget.check_memory(bytes)?;
    budget.progress("valuing regions", regions as u64, None);
    Ok(())
}

fn cycle_error() -> Error {
    Error::new(ErrorKind::Cycle, "a position is reachable from itself: the game must end")
}

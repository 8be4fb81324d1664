//! Toads and Frogs and its generalisation (`game.strip.GenToadsAndFrogs`):
//! Left's toads (`t`) move right, Right's frogs (`f`) move left.
//!
//! A piece slides `k` cells forward over empty cells, for `minSlide ≤ k ≤
//! maxSlide`, or jumps over `1..=maxJump` adjacent enemy pieces (any pieces
//! with `allowFriendlyJump`) onto the empty cell just past them; jumped
//! pieces stay. Toads and Frogs is the default (slides of 1, jumps over 1),
//! Elephants and Rhinos has no jumps. CGSuite's backsliding variant
//! (`minSlide < 0`) is loopy and is refused here: it is not a short game.
//!
//! # Why a strip splits (the proof behind [`ToadsAndFrogs::regions`])
//!
//! Pieces only move forward, so a position is short. Call a set `S` of
//! pieces *stuck* when every piece of `S` has no move in any position where
//! the pieces of `S` are where they are now and every other cell of the
//! strip holds anything at all (empty, a toad or a frog). Then no piece of
//! `S` ever moves: the first one to move would have to do so while all of
//! `S` is still in place. Removing from the set of all pieces, again and
//! again, each piece that could move under that assumption ends in the
//! largest stuck set ([`ToadsAndFrogs::stuck`]).
//!
//! Take a maximal run `a..=b` of stuck cells. A piece that is not stuck can
//! never land inside it, so it can only get past the run by one jump over the
//! whole run, which needs the run to be at most `maxJump` long, every piece
//! in it jumpable by the mover (an enemy, or anything with friendly jumps),
//! and a cell on each side. When no piece can get past, the cells left of
//! the run and the cells right of it are independent games: the run is
//! permanently occupied, every move that would read past it finds an occupied
//! cell (no slide, and no landing), which is exactly what the end of the
//! strip does, and moves on one side read only cells between the mover and
//! its landing cell. So the position is the sum of the two sides, each a
//! strip of its own, and the run (which no one can move) is 0. A run at
//! either end of the strip can never be passed: it is simply dropped (dead
//! frogs at the left end, dead toads at the right end, a `ttff` block).
//!
//! Without jumps (Elephants and Rhinos) no piece ever passes another, so a
//! frog followed (beyond empty cells) by a toad is a cut as well: the frog
//! and everything left of it only move left, the toad and everything right of
//! it only move right, and the cells between are never entered again.
//!
//! Within a part, if every frog is left of every toad, no piece will ever
//! meet another of the other colour (a frog only jumps a toad on its left,
//! and a toad a frog on its right, and there are none, nor will there be):
//! the frogs' side and the toads' side are separate games, and the empty
//! cells between them are never entered again. A part with pieces of one
//! colour only is a game where
//! only one player moves; its value is an integer, the length of the longest
//! sequence of moves. When slides of one cell are allowed that is the total
//! distance the pieces must travel to be packed against the far end: every
//! move advances the sum of the positions by at least one, and while the
//! pieces are not packed some piece has an empty cell just ahead of it. Such
//! a part is replaced by one piece with that many empty cells ahead of it (a
//! few such pieces when the number is past what one strip holds), which has
//! the same value, so all one-sided parts of a value share one table entry.
//!
//! # Frogs that will never meet a toad again (standard rules)
//!
//! In Toads and Frogs itself (slides and jumps of one), a frog with no toad
//! on its left (a *prefix* frog) never has one again: toads only move right,
//! and a frog passes a toad only by jumping it leftwards. So prefix frogs
//! never jump and are never jumped; they slide left into cells only they
//! use; toads never read those cells; and the one other move that does is a
//! frog's jump over the first toad (at cell `f`), which lands on `f - 1`
//! (an *entry*) and makes that frog a prefix frog too. Let `k` be their
//! number, `d` the distance they have left to the cells `0..k` and `P(X)` the
//! position `X` with them packed there (dead, so they drop out).
//!
//! **(A)** `X = P(X) - d`: the prefix frogs are `d` moves of Right's that
//! only ever block Right's own entries. Exchanging the colours and ends, the
//! same holds for toads right of every frog. With the toads' and frogs'
//! remaining distances to the far ends as a measure that every move and
//! every construction below lowers, (A) is proved together with two
//! lemmas about the first toad `T`, by induction, comparing options
//! (`G ≤ H` iff no `G^L ≥ H` and no `H^R ≤ G`; never `G^L ≥ G`, never `G^R ≤ G`):
//!
//! - **(T)** If `f + 1` is empty, `X ≤ X_T + 1`, `X_T` being `X` after `T`
//!   slides. Left's other moves are moves of `X_T` too, and (T) for them
//!   gives `X^L ≤ X_T^L + 1`, so `X^L ≥ X_T + 1` would give `X_T^L ≥ X_T`.
//!   Right's moves in `X_T` that do not touch `f` or `f + 1` are moves of
//!   `X` too, and (T) gives `X^R ≤ X_T^R + 1`, so `X_T^R + 1 ≤ X` would give
//!   `X^R ≤ X`. The last one is a frog on `f + 2` jumping `T` onto `f`; in
//!   `X` that frog may slide onto `f + 1`, and (S) for that position gives
//!   the same inequality.
//! - **(S)** If a frog `F` is on `f + 1`, `X ≤ W + 1`, `W` being `X` with `T`
//!   and `F` exchanged. Left's moves: `T` jumping `F` leaves `F` a prefix
//!   frog one cell right of where `W`'s `T` sliding onto `f + 2` leaves it,
//!   so by (A) `X^L = W^L - 1`, and `X^L ≥ W + 1` would give `W^L ≥ W`; any
//!   other toad's move is a move of `W` too, and (S) for it gives
//!   `X^L ≤ W^L + 1`. Right's moves in `W`: `F` sliding onto `f - 1` is
//!   matched in `X` by `F` jumping `T` onto `f - 1`, and (T) for that
//!   position gives `X^R ≤ W^R + 1`; every other move of `W` is one of `X`
//!   (the cells `f` and `f + 1` stop the same moves in both), and (S) for it
//!   gives the same.
//! - **(A)**, when `d > 0`: let `g` be the leftmost prefix frog with an empty
//!   cell on its left and `X'` the position after it slides one cell; since
//!   `P(X') = P(X)`, it suffices that `X = X' - 1`. By (A) for smaller
//!   positions, every Left option of `X` is `X'^L - 1` for the same move in
//!   `X'`, and every Right option other than `X'` is `X'^R - 1` for the same
//!   move in `X'`. So `X ≥ X' - 1`. Conversely, the Right options of
//!   `X' - 1` that `X` lacks are a prefix frog sliding into the cell `g`
//!   left (worth `X'`, an option of `X`, so not `≤ X`) and, when `g` was on
//!   `f - 1`, a frog jumping `T` onto `f - 1`, `Y`. Left answers `Y` with `T`
//!   sliding onto `f + 1`, which by (A) is `W + 1` for the `W` of (S), so
//!   `Y^L ≥ X` and `Y` is not `≤ X`. Hence `X ≤ X' - 1`.
//!
//! The brute-force tests check (A) on every strip up to 12 cells; the
//! variants (longer slides or jumps, friendly jumps) keep their prefix frogs,
//! since these lemmas are proved for slides and jumps of one only.
//!
//! Turning the strip end to end and exchanging toads and frogs exchanges the
//! players, so it negates the value: the normal form is the lesser of a
//! position and that image.
//!
//! Strips of up to 64 cells use `u64` planes ([`ToadsAndFrogs`], the
//! default), longer ones (up to 128 cells) `u128` planes; the catalog picks
//! by length.

use std::fmt;
use std::hash::{Hash, Hasher};

use super::cells::{self, MAX_CELLS, Word, cells, down, has, low, reverse, slice, up};
use crate::error::{Error, Result};
use crate::ruleset::any::{AnyPosition, Notation, boxed};
use crate::ruleset::catalog::{Arg, ArgKind, Family, Param, Params, Ruleset};
use crate::ruleset::position::{PartizanPosition, Player};

/// CGSuite's printed form of every Toads and Frogs variant.
const OUTPUT: &str = "GenToadsAndFrogs.Position(\"{}\")";

/// `game.strip.GenToadsAndFrogs(minSlide, maxSlide, maxJump, allowFriendlyJump)`.
pub static GEN_TOADS_AND_FROGS: Ruleset = Ruleset {
    name: "GenToadsAndFrogs",
    family: Family::Strip,
    about: "Toads and Frogs with other slides and jumps ('t' Left's toads move right, 'f' Right's frogs move left, '.' empty)",
    params: &[
        Param {
            name: "minSlide",
            kind: ArgKind::Integer,
            default: Some("1"),
            example: "1",
            about: "the shortest slide (at least 0; a negative one, backsliding, makes the game loopy)",
        },
        Param {
            name: "maxSlide",
            kind: ArgKind::Integer,
            default: Some("1"),
            example: "1",
            about: "the longest slide over empty cells",
        },
        Param {
            name: "maxJump",
            kind: ArgKind::Integer,
            default: Some("1"),
            example: "1",
            about: "the most adjacent pieces one jump passes over",
        },
        Param {
            name: "allowFriendlyJump",
            kind: ArgKind::Boolean,
            default: Some("false"),
            example: "false",
            about: "whether pieces may jump over their own colour too",
        },
    ],
    argument: ArgKind::Text,
    example: "tttt..fff",
    output: OUTPUT,
    impartial: false,
    rectangle: None,
    build: |r, p, a| {
        let rules = ToadsAndFrogsRules::from_params(p)?;
        build(r, p, a.as_str("a Toads and Frogs strip")?, rules)
    },
};

/// `game.strip.ToadsAndFrogs`: slides of one cell, jumps over one enemy.
pub static TOADS_AND_FROGS: Ruleset = Ruleset {
    name: "ToadsAndFrogs",
    family: Family::Strip,
    about: "'t' Left's toads move right, 'f' Right's frogs move left, one cell or over one enemy ('.' empty)",
    params: &[],
    argument: ArgKind::Text,
    example: "ttt..fff",
    output: OUTPUT,
    impartial: false,
    rectangle: None,
    build: |r, p, a| {
        build(r, p, a.as_str("a Toads and Frogs strip")?, ToadsAndFrogsRules::STANDARD)
    },
};

/// `game.strip.ElephantsAndRhinos`: Toads and Frogs without jumps.
pub static ELEPHANTS_AND_RHINOS: Ruleset = Ruleset {
    name: "ElephantsAndRhinos",
    family: Family::Strip,
    about: "Toads and Frogs without jumps: 't' (Left) slides right, 'f' (Right) slides left ('.' empty)",
    params: &[],
    argument: ArgKind::Text,
    example: "tttt..fff",
    output: OUTPUT,
    impartial: false,
    rectangle: None,
    build: |r, p, a| {
        let text = a.as_str("an Elephants and Rhinos strip")?;
        build(r, p, text, ToadsAndFrogsRules::ELEPHANTS_AND_RHINOS)
    },
};

/// A position of any length: `u64` planes up to 64 cells, `u128` beyond.
fn build(
    ruleset: &'static Ruleset,
    params: &Params,
    text: &str,
    rules: ToadsAndFrogsRules,
) -> Result<Box<dyn AnyPosition>> {
    if text.chars().count() <= u64::BITS as usize {
        Ok(boxed(ruleset, params, ToadsAndFrogs::parse_with(text, rules)?))
    } else {
        Ok(boxed(ruleset, params, ToadsAndFrogs::parse_long(text, rules)?))
    }
}

/// The move rules of a Toads and Frogs variant, reduced to a canonical form
/// so that variants with the same moves share one table: slides are of
/// `min_slide..=max_slide` cells (empty when `min_slide > max_slide`), and no
/// slide or jump longer than a strip can hold is kept.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct ToadsAndFrogsRules {
    min_slide: u8,
    max_slide: u8,
    max_jump: u8,
    friendly: bool,
}

impl ToadsAndFrogsRules {
    /// Toads and Frogs: slides of one cell, jumps over one enemy.
    pub const STANDARD: Self =
        ToadsAndFrogsRules { min_slide: 1, max_slide: 1, max_jump: 1, friendly: false };

    /// Elephants and Rhinos: slides of one cell, no jumps.
    pub const ELEPHANTS_AND_RHINOS: Self =
        ToadsAndFrogsRules { min_slide: 1, max_slide: 1, max_jump: 0, friendly: false };

    /// CGSuite's `GenToadsAndFrogs(minSlide, maxSlide, maxJump,
    /// allowFriendlyJump)`. A negative `min_slide` (backsliding) makes the
    /// game loopy and is an error; `min_slide` 0 slides as 1 does (CGSuite
    /// has no slide of 0 cells).
    pub fn new(
        min_slide: i64,
        max_slide: i64,
        max_jump: i64,
        allow_friendly_jump: bool,
    ) -> Result<Self> {
        check_min_slide(min_slide)?;
        let longest = (MAX_CELLS - 1) as i64;
        let lo = min_slide.max(1);
        let hi = max_slide.min(longest);
        let (lo, hi) = if lo > hi { (1, 0) } else { (lo, hi) };
        Ok(ToadsAndFrogsRules {
            min_slide: lo as u8,
            max_slide: hi as u8,
            max_jump: max_jump.clamp(0, longest - 1) as u8,
            friendly: allow_friendly_jump,
        })
    }

    /// The rules given by a ruleset's parameters `minSlide`, `maxSlide`,
    /// `maxJump` and `allowFriendlyJump`.
    pub fn from_params(params: &Params) -> Result<Self> {
        let int = |name: &str| params.read(name, |a| a.as_int(name, i64::MIN..=i64::MAX));
        let friendly = params.read("allowFriendlyJump", |a| match a {
            Arg::Bool(b) => Ok(*b),
            other => {
                Err(Error::invalid(format!("allowFriendlyJump must be true or false, not {other}")))
            }
        })?;
        let min_slide = params.read("minSlide", |a| {
            let n = a.as_int("minSlide", i64::MIN..=i64::MAX)?;
            check_min_slide(n).map(|()| n)
        })?;
        Self::new(min_slide, int("maxSlide")?, int("maxJump")?, friendly)
    }

    /// Whether a one-cell slide is a move, so that a one-sided part's value
    /// is the distance its pieces have to travel.
    fn steps(&self) -> bool {
        self.min_slide == 1 && self.max_slide >= 1
    }
}

/// A position of Toads and Frogs (or of a variant: the rules are part of the
/// position, so that one table never mixes variants), on a strip of at most
/// 64 cells with `u64` planes (the default) or 128 cells with `u128` ones.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct ToadsAndFrogs<W: Word = u64> {
    len: u8,
    rules: ToadsAndFrogsRules,
    toads: W,
    frogs: W,
}

/// The character of each cell.
const ALPHABET: &str = ".tf";

fn symbol(c: char) -> Option<[bool; 2]> {
    match c {
        '.' => Some([false, false]),
        't' => Some([true, false]),
        'f' => Some([false, true]),
        _ => None,
    }
}

impl ToadsAndFrogs<u64> {
    /// Reads a Toads and Frogs strip of at most 64 cells: `t` toad, `f`
    /// frog, `.` empty (either case).
    pub fn parse(text: &str) -> Result<Self> {
        Self::parse_with(text, ToadsAndFrogsRules::STANDARD)
    }

    /// Reads a strip of at most 64 cells played under `rules`.
    pub fn parse_with(text: &str, rules: ToadsAndFrogsRules) -> Result<Self> {
        Self::read(text, rules)
    }
}

impl ToadsAndFrogs<u128> {
    /// Reads a strip of at most 128 cells played under `rules`.
    pub fn parse_long(text: &str, rules: ToadsAndFrogsRules) -> Result<Self> {
        Self::read(text, rules)
    }
}

impl<W: Word> ToadsAndFrogs<W> {
    fn read(text: &str, rules: ToadsAndFrogsRules) -> Result<Self> {
        let (n, [toads, frogs]) = cells::parse(text, W::BITS.min(MAX_CELLS), ALPHABET, symbol)?;
        Ok(ToadsAndFrogs { len: n as u8, rules, toads: W::narrow(toads), frogs: W::narrow(frogs) })
    }

    /// The rules the position is played under.
    pub fn rules(&self) -> ToadsAndFrogsRules {
        self.rules
    }

    /// The number of cells.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether the strip has no cells.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    fn all(&self) -> W {
        low(self.len())
    }

    /// A strip of `len` cells holding `toads` and `frogs`, same rules.
    fn with(&self, len: usize, toads: W, frogs: W) -> Self {
        ToadsAndFrogs { len: len as u8, rules: self.rules, toads, frogs }
    }

    /// The cell `k` steps ahead of cell `i` for a piece moving up (toads)
    /// or down (frogs), if it is on the strip.
    fn ahead(&self, i: usize, k: usize, upwards: bool) -> Option<usize> {
        if upwards {
            let c = i + k;
            (c < self.len()).then_some(c)
        } else {
            i.checked_sub(k)
        }
    }

    /// The pieces that can never move: the largest stuck set (see the
    /// module doc), as a mask of cells.
    pub fn stuck(&self) -> u128 {
        self.stuck_cells().wide()
    }

    fn stuck_cells(&self) -> W {
        let all = self.all();
        let occupied = self.toads | self.frogs;
        let empty = all & !occupied;
        // Pieces a mover may never jump over, when they are stuck: its own
        // colour, unless friendly jumps are allowed.
        let (toad_walls, frog_walls) =
            if self.rules.friendly { (W::ZERO, W::ZERO) } else { (self.toads, self.frogs) };
        // Start from the pieces that cannot move now (a stuck piece is one of
        // them) and drop, until none is left to drop, every piece that could
        // move were the others outside the set anything at all.
        let mut s = (self.toads
            & !self.movable(empty, self.frogs | (occupied & !toad_walls), true))
            | (self.frogs & !self.movable(empty, self.toads | (occupied & !frog_walls), false));
        while s != W::ZERO {
            let free = all & !s;
            let toads_move = self.movable(free, all & !(s & toad_walls), true);
            let frogs_move = self.movable(free, all & !(s & frog_walls), false);
            let next = s & !(self.toads & toads_move) & !(self.frogs & frogs_move);
            if next == s {
                break;
            }
            s = next;
        }
        s
    }

    /// The cells from which a piece moving up (or down) could move, if the
    /// cells of `free` may be empty and those of `jumpable` may hold a piece
    /// it can jump over; every other cell is permanently occupied.
    fn movable(&self, free: W, jumpable: W, upwards: bool) -> W {
        // Bit i of `look(x, j)` is bit i + j (or i - j) of x.
        let look = |x: W, j: usize| if upwards { down(x, j) } else { up(x, j) };
        let r = self.rules;
        if r == ToadsAndFrogsRules::STANDARD {
            // The common case, without the loops: a slide or a jump of one.
            let (free1, jump1, free2) = if upwards {
                (free >> 1, jumpable >> 1, free >> 2)
            } else {
                (free << 1, jumpable << 1, free << 2)
            };
            return free1 | (jump1 & free2);
        }
        let mut can = W::ZERO;
        if r.min_slide <= r.max_slide {
            let mut path = W::MAX;
            for j in 1..=r.min_slide as usize {
                path = path & look(free, j);
            }
            can = can | path;
        }
        let mut over = W::MAX;
        for k in 1..=r.max_jump as usize {
            over = over & look(jumpable, k);
            if over == W::ZERO {
                break;
            }
            can = can | (over & look(free, k + 1));
        }
        can
    }

    /// Appends the parts of cells `from..to` (a strip of its own: no piece
    /// ever crosses its ends), split and valued as the module doc says.
    fn part(&self, from: usize, to: usize, out: &mut Vec<Self>) {
        if self.rules.max_jump > 0 {
            self.block(from, to, out);
            return;
        }
        // Without jumps no piece ever passes another: cut after every frog
        // that has a toad next (beyond empty cells).
        let mut start = from;
        let mut last_frog = None;
        for i in cells(slice(self.toads | self.frogs, from, to)) {
            let i = from + i;
            if has(self.frogs, i) {
                last_frog = Some(i);
            } else if let Some(f) = last_frog.take() {
                self.block(start, f + 1, out);
                start = i;
            }
        }
        self.block(start, to, out);
    }

    /// Appends the parts of cells `from..to`, a strip of its own: a side
    /// of one colour is an integer, and when every frog is left of every
    /// toad the two sides are apart.
    fn block(&self, from: usize, to: usize, out: &mut Vec<Self>) {
        let n = to - from;
        let toads = slice(self.toads, from, to);
        let frogs = slice(self.frogs, from, to);
        if toads == W::ZERO && frogs == W::ZERO {
            return;
        }
        if frogs == W::ZERO {
            self.toads_only(n, toads, out);
        } else if toads == W::ZERO {
            self.frogs_only(n, frogs, out);
        } else {
            let frogs_end = frogs.end();
            let first_toad = toads.lowest();
            if frogs_end <= first_toad {
                self.frogs_only(frogs_end, frogs, out);
                self.toads_only(n - first_toad, toads >> first_toad, out);
            } else if self.rules == ToadsAndFrogsRules::STANDARD {
                // Frogs left of every toad and toads right of every frog are
                // integers (the module doc proves it): the distance they
                // still travel, packed against their ends of the strip.
                let prefix = frogs & low(first_toad);
                let suffix = toads & !low::<W>(frogs_end);
                let (kp, ks) = (prefix.count(), suffix.count());
                self.integer(cells(prefix).sum::<usize>() - (0..kp).sum::<usize>(), true, out);
                self.integer((n - ks..n).sum::<usize>() - cells(suffix).sum::<usize>(), false, out);
                let end = n - ks;
                let rest = |bits: W| slice(bits, kp, end);
                out.push(self.with(end - kp, rest(toads & !suffix), rest(frogs & !prefix)));
            } else {
                out.push(self.with(n, toads, frogs));
            }
        }
    }

    /// A part of `n` cells holding toads only.
    fn toads_only(&self, n: usize, toads: W, out: &mut Vec<Self>) {
        if !self.rules.steps() {
            // No empty cell left of the first toad is ever entered.
            let first = toads.lowest();
            out.push(self.with(n - first, toads >> first, W::ZERO));
            return;
        }
        // The distance to the packed position: the k toads end in the last
        // k cells.
        let k = toads.count();
        let target: usize = (n - k..n).sum();
        let now: usize = cells(toads).sum();
        self.integer(target - now, false, out);
    }

    /// A part of `n` cells holding frogs only.
    fn frogs_only(&self, n: usize, frogs: W, out: &mut Vec<Self>) {
        if !self.rules.steps() {
            // No empty cell right of the last frog is ever entered.
            out.push(self.with(frogs.end().min(n), W::ZERO, frogs));
            return;
        }
        let k = frogs.count();
        let now: usize = cells(frogs).sum();
        self.integer(now - (0..k).sum::<usize>(), true, out);
    }

    /// Appends strips whose values sum to `n` (or `-n`): one piece with
    /// empty cells ahead of it, as many as a strip holds, each.
    fn integer(&self, mut n: usize, negative: bool, out: &mut Vec<Self>) {
        let most = W::BITS.min(MAX_CELLS) - 1;
        while n > 0 {
            let k = n.min(most);
            n -= k;
            out.push(if negative {
                self.with(k + 1, W::ZERO, W::ONE << k)
            } else {
                self.with(k + 1, W::ONE, W::ZERO)
            });
        }
    }

    fn write(&self) -> String {
        cells::write(self.len(), [self.toads, self.frogs], |[t, f]| match (t, f) {
            (true, _) => 't',
            (_, true) => 'f',
            _ => '.',
        })
    }
}

impl<W: Word> Hash for ToadsAndFrogs<W> {
    /// The length and rules as one word, then the two planes: fewer
    /// hasher rounds than field by field.
    fn hash<H: Hasher>(&self, state: &mut H) {
        let r = self.rules;
        state.write_u64(
            self.len as u64
                | (r.min_slide as u64) << 8
                | (r.max_slide as u64) << 16
                | (r.max_jump as u64) << 24
                | (r.friendly as u64) << 32,
        );
        self.toads.hash(state);
        self.frogs.hash(state);
    }
}

impl<W: Word> fmt::Debug for ToadsAndFrogs<W> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "ToadsAndFrogs(\"{}\", {:?})", self.write(), self.rules)
    }
}

impl<W: Word> fmt::Display for ToadsAndFrogs<W> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.write())
    }
}

impl<W: Word> Notation for ToadsAndFrogs<W> {
    fn notation(&self) -> String {
        self.write()
    }
}

impl<W: Word> PartizanPosition for ToadsAndFrogs<W> {
    /// CGSuite's order: every forward slide (pieces left to right, shorter
    /// slides first), then every jump (pieces left to right, over fewer
    /// pieces first). Back slides, which CGSuite lists between them, need a
    /// negative `minSlide` and are refused.
    fn options(&self, player: Player, out: &mut Vec<Self>) {
        let upwards = player == Player::Left;
        let (us, them) = if upwards { (self.toads, self.frogs) } else { (self.frogs, self.toads) };
        let empty = self.all() & !(us | them);
        let r = self.rules;
        let moved = |from: usize, to: usize| {
            let us = (us & !(W::ONE << from)) | (W::ONE << to);
            if upwards { self.with(self.len(), us, them) } else { self.with(self.len(), them, us) }
        };
        for i in cells(us) {
            for k in 1..=r.max_slide as usize {
                match self.ahead(i, k, upwards) {
                    Some(c) if has(empty, c) => {
                        if k >= r.min_slide as usize {
                            out.push(moved(i, c));
                        }
                    }
                    _ => break,
                }
            }
        }
        let jumpable = if r.friendly { us | them } else { them };
        for i in cells(us) {
            for k in 1..=r.max_jump as usize {
                let Some(c) = self.ahead(i, k, upwards) else { break };
                if !has(jumpable, c) {
                    break;
                }
                let Some(land) = self.ahead(i, k + 1, upwards) else { break };
                if has(empty, land) {
                    out.push(moved(i, land));
                }
            }
        }
    }

    /// Cuts at every run of stuck pieces no one can pass (and, without
    /// jumps, after every frog followed by a toad), then splits each part
    /// where the frogs' side and the toads' side can no longer meet, values
    /// one-sided parts as integers and, under the standard rules, frogs left
    /// of every toad and toads right of every frog too (see the module doc).
    fn regions(&self, out: &mut Vec<Self>) {
        let n = self.len();
        let stuck = self.stuck_cells();
        let r = self.rules;
        let mut start = 0;
        let mut rest = stuck;
        while rest != W::ZERO {
            let a = rest.lowest();
            let run_len = (!(rest >> a)).lowest();
            let b = a + run_len - 1;
            let run = low::<W>(run_len) << a;
            rest = rest & !run;
            let passable = a >= 1
                && b + 1 < n
                && run_len <= r.max_jump as usize
                && (r.friendly || self.toads & run == W::ZERO || self.frogs & run == W::ZERO);
            if !passable {
                self.part(start, a, out);
                start = b + 1;
            }
        }
        self.part(start, n, out);
    }

    /// The lesser of the strip and its mirror image with toads and frogs
    /// exchanged (which negates the value).
    fn normalize(&self) -> (Self, bool) {
        let n = self.len();
        let image = self.with(n, reverse(self.frogs, n), reverse(self.toads, n));
        if image < *self { (image, true) } else { (*self, false) }
    }
}

/// Refuses a negative `minSlide` (backsliding), which makes the game loopy.
fn check_min_slide(min_slide: i64) -> Result<()> {
    if min_slide < 0 {
        return Err(Error::invalid(format!(
            "minSlide = {min_slide} lets pieces slide backwards: that variant is loopy, \
             not a short game, and has no canonical form"
        )));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn regions(text: &str, rules: ToadsAndFrogsRules) -> Vec<String> {
        let mut out = Vec::new();
        ToadsAndFrogs::parse_with(text, rules).unwrap().regions(&mut out);
        out.iter().map(|p| p.to_string()).collect()
    }

    #[test]
    fn stuck_pieces() {
        let stuck = |t: &str| ToadsAndFrogs::parse(t).unwrap().stuck();
        // Dead frogs at the left end, dead toads at the right end.
        assert_eq!(stuck("ff.t.tt"), 0b1100011);
        // A `ttff` block, and a toad facing two frogs at the left end.
        assert_eq!(stuck(".ttff."), 0b011110);
        assert_eq!(stuck("tff.t"), 0b10111);
        // A toad can jump this frog (the cell past it may empty): nothing is stuck.
        assert_eq!(stuck("tf.f"), 0);
        // With friendly jumps, a toad may jump the toad ahead of it.
        let friendly = ToadsAndFrogsRules::new(1, 1, 1, true).unwrap();
        assert_eq!(ToadsAndFrogs::parse_with("tt.", friendly).unwrap().stuck(), 0);
    }

    #[test]
    fn regions_cut_at_blocks_sides_and_one_colour() {
        let standard = ToadsAndFrogsRules::STANDARD;
        // Cut at the `ttff` block; the toads-only left side is 2, the
        // frogs-only right side -1.
        assert_eq!(regions("t..ttff.f", standard), ["t..", ".f"]);
        assert_eq!(regions("t.f.ttfft.f", standard), ["t.f.", "t.f"]);
        // Frogs left of every toad: two one-sided games.
        assert_eq!(regions(".f.t.", standard), [".f", "t."]);
        assert_eq!(regions("ttff", standard), Vec::<String>::new());
        // Frogs left of every toad and toads right of every frog are
        // integers: here -1 (one frog one cell from its end) and 1.
        assert_eq!(regions(".f.ttf.t.", standard), [".f", "t.", "..ttf.."]);
        // Not under other rules.
        let jumps = ToadsAndFrogsRules::new(1, 1, 2, false).unwrap();
        assert_eq!(regions(".f.ttf.t.", jumps), [".f.ttf.t."]);
        // Without jumps, a frog followed by a toad is a cut.
        let elephants = ToadsAndFrogsRules::ELEPHANTS_AND_RHINOS;
        assert_eq!(regions("t.f.t..f", elephants), ["t.f", "t..f"]);
    }

    #[test]
    fn normal_form_is_the_lesser_mirror_image() {
        // "tt..f" turned and recoloured is "t..ff", which is less.
        let p = ToadsAndFrogs::parse("tt..f").unwrap();
        let (q, negated) = p.normalize();
        assert_eq!((q.to_string(), negated), ("t..ff".to_string(), true));
        assert_eq!(q.normalize(), (q, false));
    }
}

//! Misère canonical forms of impartial games, and the phylum (nim heap,
//! tame, restive, restless, wild) that decides how a genus is printed.
//!
//! **Equality and simplest forms.** Two impartial games are equal in misère
//! play when adding either to any game gives the same misère outcome.
//! Conway showed that every game has a unique simplest form, reached by
//! deleting *reversible* options (an option `G′` with an option `G″` equal
//! to `G` itself), with one proviso for the game `0`. Forms are built here
//! from options that are already simplest, so the test is direct:
//!
//! - `G = 0` when every option of `G` has `0` as an option and some option
//!   is a misère P-position (the proviso: without such an option `G` would
//!   be a P-position while `0` is not).
//! - `G = H` for a nonzero simplest `H` whose options are some of `G`'s,
//!   when every other option of `G` has `H` itself as an option. Such an `H`
//!   is an option of an option of greatest birthday (the deleted options are
//!   older than `H`, the kept ones younger), so only those are tried.
//!
//! Both rules are checked by induction on the game added: the kept options
//! and the moves in the added game behave alike in `G` and `H`, and a
//! deleted option is answered by moving to `H`.
//!
//! **Values of equal games.** Deleting reversible options changes no misère
//! Grundy value: by induction the reversing `G″` and the reduced `H` have
//! the same value `m` (the mex of the kept options' values), so a deleted
//! `G′`, having the option `G″`, has a value other than `m` and does not
//! change the mex. (When `H = 0`, with value 1: every deleted option has the
//! option `0` of value 1, so none has value 1, and one has value 0.) So
//! equal games have equal misère values, and equal genus, as the sums with
//! `k·*2` are equal too: both are read from simplest forms.
//!
//! **Invariant of [`MisereForms`]:** every stored form has simplest options
//! (sorted, no repeats) and no reversible option, so two ids are equal
//! exactly when the games are equal in misère play.
//!
//! **Phylum.** Genus theory sorts games into phyla: *tame* games play like
//! nim heaps among themselves, *restive* games are "ambivalent nim heaps"
//! (they take one of two sizes by company), *restless* and *wild* games do
//! neither. The classification here follows CGSuite's (hereditarily and
//! reversibly tame or restive, restless, wild), which is what decides
//! whether CGSuite prints a genus as `g`, `g^γ0` or the whole sequence.

use rustc_hash::FxHashMap;
use serde::Serialize;

use crate::budget::Budget;
use crate::error::{Error, Result};

/// An index into a [`MisereForms`] arena; `0` is the game `0`.
pub type FormId = u32;

/// The phylum of a game in misère canonical form.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Phylum {
    /// The game is a nim heap `*n`.
    NimHeap,
    /// Tame (genus `0^1`, `1^0`, `0^0`, `1^1` or `g^g`), with options all
    /// nim heaps or hereditarily tame.
    HereditarilyTame,
    /// Tame through options reversible to tame games.
    ReversiblyTame,
    /// Of tame genus, not reversibly tame, but every option that is not
    /// tame is itself tameable or reverses through tame or tameable
    /// options (CGSuite's "tameable" phylum).
    Tameable,
    /// Restive (normal-play value 0 or 1, misère value different), with
    /// options all hereditarily tame.
    HereditarilyRestive,
    /// Restive through options reversible to restive or tame games.
    ReversiblyRestive,
    /// Options all tame, misère value 0 or 1 and normal-play value not.
    Restless,
    /// None of the above.
    Wild,
}

impl Phylum {
    /// Nim heaps, hereditarily tame and reversibly tame games.
    pub fn is_tame(self) -> bool {
        matches!(self, Phylum::NimHeap | Phylum::HereditarilyTame | Phylum::ReversiblyTame)
    }

    /// Tame games and restive games (hereditarily or reversibly).
    pub fn is_restive_or_tame(self) -> bool {
        self.is_tame() || matches!(self, Phylum::HereditarilyRestive | Phylum::ReversiblyRestive)
    }

    /// Tame games and tameable ones.
    pub fn is_tameable(self) -> bool {
        self.is_tame() || self == Phylum::Tameable
    }
}

/// What a game's two mex values say before its options are looked at.
#[derive(Clone, Copy, PartialEq, Eq)]
enum GenusKind {
    /// `g+ = g-`, or both are 0 or 1.
    Tame,
    /// `g+` is 0 or 1 and `g-` is not.
    Restive,
    /// `g-` is 0 or 1 and `g+` is not.
    Restless,
    /// Both at least 2 and different.
    Wild,
}

/// One simplest form.
#[derive(Debug, Clone)]
struct Form {
    options: Box<[FormId]>,
    birthday: u32,
    /// Normal-play Grundy value.
    gplus: u32,
    /// Misère Grundy value (1 for the game with no options).
    gminus: u32,
    phylum: Phylum,
    /// `G + *1`, once both are stored.
    star: Option<FormId>,
    /// Whether this form is `E + *1` for an older form `E` (its option).
    odd: bool,
}

/// An arena of misère simplest forms, with memoised sums.
pub struct MisereForms {
    forms: Vec<Form>,
    index: FxHashMap<Box<[FormId]>, FormId>,
    sums: FxHashMap<(FormId, FormId), FormId>,
    nim_heaps: Vec<FormId>,
    /// Approximate bytes held, for the budget's memory limit.
    bytes: u64,
}

/// Bytes a form takes besides its options (record, index slot, box headers).
const FORM_OVERHEAD: u64 = 192;
/// Bytes a memoised sum takes in its map.
const SUM_BYTES: u64 = 40;

impl Default for MisereForms {
    fn default() -> Self {
        Self::new()
    }
}

/// The mex of `values` (at most one per option, so it fits 32 bits).
fn mex(values: impl IntoIterator<Item = u32>) -> u32 {
    crate::impartial::mex(values.into_iter().map(u64::from)) as u32
}

impl MisereForms {
    /// An arena holding only the game `0`.
    pub fn new() -> Self {
        let zero = Form {
            options: Box::new([]),
            birthday: 0,
            gplus: 0,
            gminus: 1,
            phylum: Phylum::NimHeap,
            star: None,
            odd: false,
        };
        let mut index = FxHashMap::default();
        index.insert(zero.options.clone(), 0);
        MisereForms {
            forms: vec![zero],
            index,
            sums: FxHashMap::default(),
            nim_heaps: vec![0],
            bytes: FORM_OVERHEAD,
        }
    }

    /// The number of distinct forms and memoised sums held.
    pub fn len(&self) -> usize {
        self.forms.len() + self.sums.len()
    }

    /// Approximate bytes the arena holds.
    pub fn bytes(&self) -> u64 {
        self.bytes
    }

    /// Whether the arena holds only `0`.
    pub fn is_empty(&self) -> bool {
        self.forms.len() == 1
    }

    /// The options of a form, in simplest form.
    pub fn options(&self, g: FormId) -> &[FormId] {
        &self.forms[g as usize].options
    }

    /// The birthday of a form.
    pub fn birthday(&self, g: FormId) -> u32 {
        self.forms[g as usize].birthday
    }

    /// The normal-play Grundy value of a form.
    pub fn nim_value(&self, g: FormId) -> u32 {
        self.forms[g as usize].gplus
    }

    /// The misère Grundy value of a form (0 exactly for misère P-positions).
    pub fn misere_value(&self, g: FormId) -> u32 {
        self.forms[g as usize].gminus
    }

    /// Whether a form is odd: `E + *1` for an even form `E` of smaller
    /// birthday (its option). Every form is even or odd.
    pub fn is_odd(&self, g: FormId) -> bool {
        self.forms[g as usize].odd
    }

    /// The even one of `g` and `g + *1`.
    pub fn even_part(&self, g: FormId) -> FormId {
        let form = &self.forms[g as usize];
        if form.odd { form.star.expect("an odd form records its even part") } else { g }
    }

    /// The phylum of a form.
    pub fn phylum(&self, g: FormId) -> Phylum {
        self.forms[g as usize].phylum
    }

    /// The nim heap `*n`.
    pub fn nim_heap(&mut self, n: usize) -> FormId {
        while self.nim_heaps.len() <= n {
            let options = self.nim_heaps.clone();
            let next = self.from_options(options);
            self.nim_heaps.push(next);
        }
        self.nim_heaps[n]
    }

    /// The simplest form of the game whose options are `options` (each
    /// already a simplest form of this arena).
    pub fn from_options(&mut self, mut options: Vec<FormId>) -> FormId {
        options.sort_unstable();
        options.dedup();
        if let Some(&id) = self.index.get(options.as_slice()) {
            return id;
        }
        // Equal games have equal mex values (module doc), so only forms with
        // the game's two values can be what it reduces to.
        let gplus = mex(options.iter().map(|&o| self.nim_value(o)));
        let gminus =
            if options.is_empty() { 1 } else { mex(options.iter().map(|&o| self.misere_value(o))) };
        if (gplus, gminus) == (0, 1) && self.reduces_to_zero(&options) {
            return 0;
        }
        if let Some(h) = self.reduction(&options, gplus, gminus) {
            return h;
        }
        self.insert(options, gplus, gminus)
    }

    /// Every option has the option `0`, and some option is a misère
    /// P-position.
    fn reduces_to_zero(&self, options: &[FormId]) -> bool {
        !options.is_empty()
            && options.iter().all(|&o| self.options(o).first() == Some(&0))
            && options.iter().any(|&o| self.misere_value(o) == 0)
    }

    /// A nonzero simplest `H` with `options(H) ⊂ options` and every other
    /// option having `H` as an option (`H` has the mex values `gp`, `gm`).
    fn reduction(&self, options: &[FormId], gp: u32, gm: u32) -> Option<FormId> {
        let &oldest = options.iter().max_by_key(|&&o| (self.birthday(o), o))?;
        self.options(oldest).iter().copied().find(|&h| {
            if h == 0 || self.nim_value(h) != gp || self.misere_value(h) != gm {
                return false;
            }
            let kept = self.options(h);
            kept.iter().all(|k| options.binary_search(k).is_ok())
                && options
                    .iter()
                    .filter(|o| kept.binary_search(o).is_err())
                    .all(|&o| self.options(o).binary_search(&h).is_ok())
        })
    }

    fn insert(&mut self, options: Vec<FormId>, gplus: u32, gminus: u32) -> FormId {
        let birthday = options.iter().map(|&o| self.birthday(o) + 1).max().unwrap_or(0);
        let id = self.forms.len() as FormId;
        // `E + *1` has the options `E` and `E′ + *1`: it takes `E`'s phylum
        // (the classification is made on the form without the `*1`).
        let even = self.odd_of(&options, birthday, gplus, gminus);
        let phylum = match even {
            Some(e) => {
                self.forms[e as usize].star = Some(id);
                self.phylum(e)
            }
            None => self.classify(&options, gplus, gminus),
        };
        let options: Box<[FormId]> = options.into();
        self.bytes += 8 * options.len() as u64 + FORM_OVERHEAD;
        self.index.insert(options.clone(), id);
        self.forms.push(Form {
            options,
            birthday,
            gplus,
            gminus,
            phylum,
            star: even,
            odd: even.is_some(),
        });
        id
    }

    /// The form `E` when `options` (of a game born on `birthday`, with mex
    /// values `gp`, `gm`) are those of `E + *1`: `E` itself and `E′ + *1`
    /// for each option `E′` of `E` (adding `*1` flips both values' last bit).
    fn odd_of(&self, options: &[FormId], birthday: u32, gp: u32, gm: u32) -> Option<FormId> {
        options.iter().copied().find(|&e| {
            let form = &self.forms[e as usize];
            form.birthday + 1 == birthday
                && !form.odd
                && form.gplus == gp ^ 1
                && form.gminus == gm ^ 1
                && form.options.len() + 1 == options.len()
                && form.options.iter().all(|&x| {
                    self.forms[x as usize].star.is_some_and(|s| options.binary_search(&s).is_ok())
                })
        })
    }

    /// The phylum of a new simplest form with these options and mex values.
    fn classify(&self, options: &[FormId], gp: u32, gm: u32) -> Phylum {
        let kind = if gp == gm || (gp | gm) < 2 {
            GenusKind::Tame
        } else if gp < 2 {
            GenusKind::Restive
        } else if gm < 2 {
            GenusKind::Restless
        } else {
            GenusKind::Wild
        };
        if options.iter().all(|&o| self.phylum(o).is_tame()) {
            let wildest = options.iter().map(|&o| self.phylum(o)).max().unwrap_or(Phylum::NimHeap);
            // A fickle (0^0) or firm (1^1) game is not a nim heap.
            if wildest == Phylum::NimHeap && kind == GenusKind::Tame && (gp > 1 || gp != gm) {
                return Phylum::NimHeap;
            }
            let hereditary = wildest <= Phylum::HereditarilyTame;
            return match kind {
                GenusKind::Tame if hereditary => Phylum::HereditarilyTame,
                GenusKind::Restive if hereditary => Phylum::HereditarilyRestive,
                GenusKind::Tame => Phylum::ReversiblyTame,
                GenusKind::Restive => Phylum::ReversiblyRestive,
                GenusKind::Restless => Phylum::Restless,
                GenusKind::Wild => Phylum::Wild,
            };
        }
        match kind {
            GenusKind::Tame | GenusKind::Restive => self.reversibly(options, gp, gm, kind),
            GenusKind::Restless | GenusKind::Wild => Phylum::Wild,
        }
    }

    /// A game of tame or restive genus with an option that is not tame is
    /// still reversibly tame (restive) when every such option has options
    /// of that kind carrying both of the game's mex values, and the tame
    /// options alone give the same mex values.
    ///
    /// A game of tame genus that fails this is *tameable* (CGSuite's
    /// phylum) when every option that is not tame either reverses that way
    /// or is tameable, or has tameable options carrying both mex values,
    /// and the tame and tameable options give the mex values (or give
    /// nothing, with `g+ = 0`). A tameable option counts with its even
    /// part's values, as CGSuite counts it.
    fn reversibly(&self, options: &[FormId], gp: u32, gm: u32, kind: GenusKind) -> Phylum {
        let mut reversible = true;
        let mut tameable = kind == GenusKind::Tame;
        let (mut plus, mut minus) = (Vec::new(), Vec::new());
        let (mut tameable_plus, mut tameable_minus) = (Vec::new(), Vec::new());
        for &o in options {
            let phylum = self.phylum(o);
            if phylum.is_tame() {
                plus.push(self.nim_value(o));
                minus.push(self.misere_value(o));
                continue;
            }
            // Whether some option of `o` carries `g-` and `g+`: through
            // tame (restive) options, and through tameable ones.
            let mut found = [false, false];
            let mut found_tameable = [false, false];
            if tameable && phylum == Phylum::Tameable {
                let e = self.even_part(o);
                tameable_plus.push(self.nim_value(e));
                tameable_minus.push(self.misere_value(e));
                found_tameable = [true, true];
            }
            for &y in self.options(o) {
                let (py, yp, ym) = (self.phylum(y), self.nim_value(y), self.misere_value(y));
                if kind == GenusKind::Tame && py.is_tame() {
                    found[0] |= gm == ym;
                    found[1] |= gp == yp;
                } else if kind == GenusKind::Restive && py.is_restive_or_tame() {
                    found[0] |= gm == ym && (yp < 2 || (yp ^ gm) < 2);
                    found[1] |= gp == yp && (ym < 2 || (ym ^ gm) < 2);
                } else if tameable && py == Phylum::Tameable {
                    found_tameable[0] |= gm == ym;
                    found_tameable[1] |= gp == yp;
                }
            }
            if found != [true, true] {
                reversible = false;
                tameable &= found_tameable == [true, true];
                if !tameable {
                    return Phylum::Wild;
                }
            }
        }
        reversible &= gp == mex(plus.iter().copied()) && gm == mex(minus.iter().copied());
        if reversible {
            return match kind {
                GenusKind::Tame => Phylum::ReversiblyTame,
                _ => Phylum::ReversiblyRestive,
            };
        }
        plus.extend(tameable_plus);
        minus.extend(tameable_minus);
        let values_agree = gp == mex(plus.iter().copied()) && gm == mex(minus.iter().copied());
        if tameable && (values_agree || (plus.is_empty() && gp == 0)) {
            Phylum::Tameable
        } else {
            Phylum::Wild
        }
    }

    /// The simplest form of `a + b`, computing every missing partial sum
    /// with an explicit stack.
    pub fn add(&mut self, a: FormId, b: FormId, budget: &Budget) -> Result<FormId> {
        let mut stack = vec![(a, b)];
        let mut steps = 0u64;
        while let Some(&(x, y)) = stack.last() {
            if self.sum_known(x, y).is_some() {
                stack.pop();
                continue;
            }
            steps += 1;
            if steps % 1024 == 0 {
                budget.check(self.len() as u64)?;
                budget.check_memory(self.bytes)?;
            }
            let before = stack.len();
            for &x1 in self.options(x) {
                if self.sum_known(x1, y).is_none() {
                    stack.push((x1, y));
                }
            }
            for &y1 in self.options(y) {
                if self.sum_known(x, y1).is_none() {
                    stack.push((x, y1));
                }
            }
            if stack.len() > before {
                continue;
            }
            stack.pop();
            let mut options: Vec<FormId> = Vec::new();
            for &x1 in self.options(x) {
                options.extend(self.sum_known(x1, y));
            }
            for &y1 in self.options(y) {
                options.extend(self.sum_known(x, y1));
            }
            let sum = self.from_options(options);
            self.sums.insert((x.min(y), x.max(y)), sum);
            self.bytes += SUM_BYTES;
        }
        self.sum_known(a, b).ok_or_else(|| Error::invalid("the sum of two forms was not recorded"))
    }

    fn sum_known(&self, a: FormId, b: FormId) -> Option<FormId> {
        if a == 0 {
            return Some(b);
        }
        if b == 0 {
            return Some(a);
        }
        self.sums.get(&(a.min(b), a.max(b))).copied()
    }
}

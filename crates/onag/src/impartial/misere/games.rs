//! Misère canonical games as values of their own, the engine behind the
//! calculator's `*[...]`: an arena of simplest forms with the memos that
//! CGSuite's members need (canonical order, two-part splits, genus,
//! distinguishers), kept for a whole session.
//!
//! **Parity.** Every simplest form is *even* or *odd*: exactly one of `G`
//! and `G + *1` is even, the one of smaller birthday. The even part of `G`
//! is whichever of the two is even.
//!
//! **Canonical order** (CGSuite's, which fixes the order options are listed
//! and printed in): two forms with the same even part are ordered even
//! first; otherwise their even parts are compared by birthday, then number
//! of options, then normal-play value, then misère value, then their
//! option lists (each in this order) element by element.

use std::cmp::Ordering;

use rustc_hash::FxHashMap;

use super::canonical::{FormId, MisereForms};
use super::genus::GenusTable;
use super::search::Genus;
use crate::budget::Budget;
use crate::error::Result;

/// The largest nim heap `*[n]` builds (it has `n` options, and every
/// smaller heap is built with it).
pub const MAX_NIM_HEAP: usize = 4096;

/// Misère canonical games of one session, with their memos.
///
/// Invariant: every id held in a memo is a form of `forms`.
pub struct MisereGames {
    pub(super) forms: MisereForms,
    genus: GenusTable,
    /// Options of each even form in canonical order, once sorted.
    sorted: FxHashMap<FormId, Vec<FormId>>,
    /// Two-part splits `(x, y)` with `x + y = E` of even forms `E`.
    pub(super) splits: FxHashMap<FormId, Vec<(FormId, FormId)>>,
    /// Distinguishers by unordered pair, the first one found kept.
    pub(super) discs: FxHashMap<(FormId, FormId), Option<FormId>>,
}

impl std::fmt::Debug for MisereGames {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "MisereGames({} forms)", self.forms.len())
    }
}

impl Default for MisereGames {
    fn default() -> Self {
        Self::new()
    }
}

impl MisereGames {
    /// An empty session.
    pub fn new() -> Self {
        MisereGames {
            forms: MisereForms::new(),
            genus: GenusTable::new(),
            sorted: FxHashMap::default(),
            splits: FxHashMap::default(),
            discs: FxHashMap::default(),
        }
    }

    /// The arena of forms.
    pub fn forms(&self) -> &MisereForms {
        &self.forms
    }

    /// The nim heap `*n`.
    pub fn nim_heap(&mut self, n: usize) -> FormId {
        self.forms.nim_heap(n)
    }

    /// The simplest form of the game with these options.
    pub fn from_options(&mut self, options: Vec<FormId>) -> FormId {
        self.forms.from_options(options)
    }

    /// The misère sum.
    pub fn add(&mut self, a: FormId, b: FormId, budget: &Budget) -> Result<FormId> {
        self.forms.add(a, b, budget)
    }

    /// `g + *1`.
    pub fn plus_star(&mut self, g: FormId, budget: &Budget) -> Result<FormId> {
        let star = self.forms.nim_heap(1);
        self.forms.add(g, star, budget)
    }

    /// `g`, made odd when `odd` is set and it is even (its even part plus
    /// `*1`); left alone otherwise.
    pub(super) fn with_parity(&mut self, g: FormId, odd: bool, budget: &Budget) -> Result<FormId> {
        if odd && !self.forms.is_odd(g) { self.plus_star(g, budget) } else { Ok(g) }
    }

    /// Whether `g` is the nim heap of its birthday. The heap `*b` has `b`
    /// options and nim value `b`; only a game with both is compared with
    /// it, so big heaps are not built for other games.
    pub fn is_nim_heap(&mut self, g: FormId) -> bool {
        let b = self.forms.birthday(g);
        if self.forms.options(g).len() != b as usize || self.forms.nim_value(g) != b {
            return false;
        }
        self.forms.nim_heap(b as usize) == g
    }

    /// The options of `g` in canonical order.
    pub fn sorted_options(&mut self, g: FormId) -> Vec<FormId> {
        if let Some(v) = self.sorted.get(&g) {
            return v.clone();
        }
        let mut opts = self.forms.options(g).to_vec();
        // Insertion sort by the canonical order (option lists are short,
        // and `compare` needs `&mut self` for its own memo).
        for i in 1..opts.len() {
            let mut j = i;
            while j > 0 && self.compare(opts[j - 1], opts[j]) == Ordering::Greater {
                opts.swap(j - 1, j);
                j -= 1;
            }
        }
        self.sorted.insert(g, opts.clone());
        opts
    }

    /// The canonical order (module notes).
    pub fn compare(&mut self, a: FormId, b: FormId) -> Ordering {
        if a == b {
            return Ordering::Equal;
        }
        let (ea, eb) = (self.forms.even_part(a), self.forms.even_part(b));
        if ea == eb {
            return if self.forms.is_odd(a) { Ordering::Greater } else { Ordering::Less };
        }
        let f = &self.forms;
        let key =
            |e: FormId| (f.birthday(e), f.options(e).len(), f.nim_value(e), f.misere_value(e));
        let by_key = key(ea).cmp(&key(eb));
        if by_key != Ordering::Equal {
            return by_key;
        }
        let (oa, ob) = (self.sorted_options(ea), self.sorted_options(eb));
        for (x, y) in oa.into_iter().zip(ob) {
            let c = self.compare(x, y);
            if c != Ordering::Equal {
                return c;
            }
        }
        Ordering::Equal
    }

    /// The mate: `*1` for `0`, `0` for `*1`, else the game of the options'
    /// mates.
    pub fn mate(&mut self, g: FormId) -> FormId {
        let star = self.forms.nim_heap(1);
        let seeds = FxHashMap::from_iter([(0, star), (star, 0)]);
        self.rebuild(g, None, seeds)
    }

    /// The genus of `g`.
    pub fn genus(&mut self, g: FormId, budget: &Budget) -> Result<Genus> {
        let budget = &super::search::bounded(budget);
        let gammas = self.genus.record(g, &self.forms, budget)?.sequence().to_vec();
        Ok(Genus::from_sequence(self.forms.nim_value(g), gammas, self.forms.phylum(g)))
    }

    /// Copies the form `g` of another arena into this one.
    pub fn import(&mut self, other: &MisereForms, g: FormId) -> FormId {
        self.rebuild(g, Some(other), FxHashMap::from_iter([(0, 0)]))
    }

    /// The game `g` of `source` (this arena when `None`) built again here
    /// from its options' images, followers first (an explicit stack);
    /// `memo` holds the images fixed in advance.
    fn rebuild(
        &mut self,
        g: FormId,
        source: Option<&MisereForms>,
        mut memo: FxHashMap<FormId, FormId>,
    ) -> FormId {
        let mut stack = vec![g];
        while let Some(&x) = stack.last() {
            if memo.contains_key(&x) {
                stack.pop();
                continue;
            }
            let opts = source.unwrap_or(&self.forms).options(x).to_vec();
            let missing: Vec<FormId> =
                opts.iter().copied().filter(|o| !memo.contains_key(o)).collect();
            if missing.is_empty() {
                stack.pop();
                let image = self.forms.from_options(opts.iter().map(|o| memo[o]).collect());
                memo.insert(x, image);
            } else {
                stack.extend(missing);
            }
        }
        memo[&g]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};

    /// A game tree: its options.
    #[derive(Clone)]
    struct Tree(Vec<Tree>);

    fn random_tree(rng: &mut StdRng, depth: u32) -> Tree {
        if depth == 0 {
            return Tree(Vec::new());
        }
        Tree((0..rng.gen_range(0..=3)).map(|_| random_tree(rng, depth - 1)).collect())
    }

    /// The misère Grundy value of a sum of trees, from the definition.
    fn brute(parts: &[Tree]) -> u32 {
        let mut values = Vec::new();
        for (i, t) in parts.iter().enumerate() {
            for o in &t.0 {
                let mut next = parts.to_vec();
                next[i] = o.clone();
                values.push(brute(&next));
            }
        }
        if values.is_empty() {
            return 1;
        }
        (0..).find(|v| !values.contains(v)).unwrap()
    }

    fn form(m: &mut MisereGames, t: &Tree) -> FormId {
        let opts = t.0.iter().map(|o| form(m, o)).collect();
        m.from_options(opts)
    }

    /// Sums of simplest forms keep the misère value of the sum of the
    /// trees they come from, and the parts found add back to the game.
    #[test]
    fn sums_and_parts_agree_with_the_definition() {
        let mut rng = StdRng::seed_from_u64(5);
        let b = Budget::unlimited();
        let mut m = MisereGames::new();
        for _ in 0..300 {
            let trees: Vec<Tree> =
                (0..rng.gen_range(1..=3)).map(|_| random_tree(&mut rng, 3)).collect();
            let mut sum = 0;
            for t in &trees {
                let f = form(&mut m, t);
                sum = m.add(sum, f, &b).unwrap();
            }
            assert_eq!(m.forms().misere_value(sum), brute(&trees));
            for p in m.parts(sum, &b).unwrap() {
                let d = m.minus(sum, p, &b).unwrap().expect("a part subtracts");
                assert_eq!(m.add(d, p, &b).unwrap(), sum);
            }
        }
    }

    /// A distinguisher makes `g + d` a P-position and `h + d` not; a link
    /// makes both P-positions.
    #[test]
    fn distinguishers_and_links_do_what_they_say() {
        let mut rng = StdRng::seed_from_u64(9);
        let b = Budget::unlimited();
        let mut m = MisereGames::new();
        for _ in 0..200 {
            let (tg, th) = (random_tree(&mut rng, 3), random_tree(&mut rng, 3));
            let (g, h) = (form(&mut m, &tg), form(&mut m, &th));
            if g != h {
                let d = m.distinguisher(g, h, &b).unwrap();
                let (gd, hd) = (m.add(g, d, &b).unwrap(), m.add(h, d, &b).unwrap());
                assert_eq!(m.forms().misere_value(gd), 0);
                assert_ne!(m.forms().misere_value(hd), 0);
            }
            if let Some(t) = m.link(g, h, &b).unwrap() {
                let (gt, ht) = (m.add(g, t, &b).unwrap(), m.add(h, t, &b).unwrap());
                assert_eq!(m.forms().misere_value(gt), 0);
                assert_eq!(m.forms().misere_value(ht), 0);
            } else {
                assert!(!m.is_linked(g, h));
            }
        }
    }
}

//! Misère values and genus of sums of heaps of a [`HeapRuleset`], through
//! misère canonical forms: each heap's simplest form is built once from its
//! options (an explicit stack, never recursion), sums are added in the
//! arena, and values are read from the result.

use std::fmt;
use std::ops::ControlFlow;

use serde::Serialize;

use crate::budget::Budget;
use crate::error::Error;
use crate::error::Result;
use crate::impartial::heap::HeapRuleset;
use crate::impartial::misere::canonical::{FormId, MisereForms, Phylum};
use crate::impartial::misere::genus::GenusTable;

/// The memory the forms may take when the budget sets no limit: simplest
/// forms list their options, so nim heaps alone take quadratic space (`*n`
/// has `n` options) and would otherwise grow unchecked by position counts.
pub const DEFAULT_MAX_MEMORY: u64 = 1 << 30;

/// `budget`, with [`DEFAULT_MAX_MEMORY`] when it has no memory limit.
pub(super) fn bounded(budget: &Budget) -> Budget {
    match budget.max_memory() {
        Some(_) => budget.clone(),
        None => budget.clone().with_max_memory(DEFAULT_MAX_MEMORY),
    }
}

/// Misère values of sums of heaps of one ruleset, with memos shared by all queries.
pub struct MisereSolver<'a> {
    rule: &'a dyn HeapRuleset,
    genus: GenusTable,
    forms: MisereForms,
    /// The simplest forms of heaps `0, 1, 2, …` computed so far.
    heap_forms: Vec<FormId>,
}

/// The genus `g^γ0γ1…` of a position.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Genus {
    /// The normal-play Grundy value.
    pub grundy: u32,
    /// The misère values `γ0, γ1, …` of the position plus `k` copies of
    /// `*2`: at least two terms, and `γk+2 = γk` for every `k` past the list.
    pub gammas: Vec<u32>,
    /// The phylum of the position's misère canonical form, which decides
    /// how much of the genus is printed.
    pub phylum: Phylum,
}

impl Genus {
    /// The genus of a game of normal-play value `grundy` from its `γ`
    /// sequence (which repeats with period 2 from its last two terms on),
    /// cut at the start of that 2-cycle.
    pub(super) fn from_sequence(grundy: u32, gammas: Vec<u32>, phylum: Phylum) -> Self {
        let n = gammas.len();
        let mut t = n - 2;
        while t > 0 && gammas[t - 1] == gammas[t + 1] {
            t -= 1;
        }
        Genus { grundy, gammas: gammas[..t + 2].to_vec(), phylum }
    }

    /// Whether the genus is that of the nim heap `*g`.
    pub fn is_nim_heap(&self) -> bool {
        let nim = match self.grundy {
            0 => vec![1, 2, 0],
            1 => vec![0, 3, 1],
            g => vec![g, g ^ 2],
        };
        self.gammas == nim
    }
}

/// Printed as CGSuite prints it: `g` alone for a nim heap, one superscript
/// term for a tame or restive game (`2^2`, `1^2`: the rest follows from
/// genus theory), the sequence up to its final 2-cycle otherwise
/// (`4^146`, `3^31`, `6^(1,9,10,8)` when a term has two digits).
impl fmt::Display for Genus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.grundy)?;
        let terms = match self.phylum {
            Phylum::NimHeap => return Ok(()),
            p if p.is_restive_or_tame() => &self.gammas[..1],
            _ => &self.gammas[..],
        };
        f.write_str("^")?;
        if terms.iter().all(|&g| g < 10) {
            for g in terms {
                write!(f, "{g}")?;
            }
            Ok(())
        } else {
            let parts: Vec<String> = terms.iter().map(u32::to_string).collect();
            write!(f, "({})", parts.join(","))
        }
    }
}

impl<'a> MisereSolver<'a> {
    /// A solver for sums of heaps of `rule`.
    pub fn new(rule: &'a dyn HeapRuleset) -> Self {
        MisereSolver {
            rule,
            genus: GenusTable::new(),
            forms: MisereForms::new(),
            heap_forms: Vec::new(),
        }
    }

    /// The number of entries in the memos (forms, sums and genus sequences).
    pub fn positions(&self) -> usize {
        self.genus.len() + self.forms.len()
    }

    /// The misère Grundy value of the sum of `heaps`, from its misère
    /// canonical form (the value is the same for equal games).
    pub fn misere_value(&mut self, heaps: &[usize], budget: &Budget) -> Result<u32> {
        let form = self.canonical_form(heaps, budget)?;
        Ok(self.forms.misere_value(form))
    }

    /// The winning moves of the sum of `heaps` in misère play: the moves to
    /// a position of misère value 0, as (index of the heap moved in, heaps
    /// it becomes). Each option's value is read from the simplest form of
    /// the other heaps plus the heaps the move leaves.
    pub fn misere_winning_moves(
        &mut self,
        heaps: &[usize],
        budget: &Budget,
    ) -> Result<Vec<(usize, Vec<usize>)>> {
        let budget = &bounded(budget);
        let mut forms = Vec::with_capacity(heaps.len());
        for &h in heaps {
            forms.push(self.heap_form(h, budget)?);
        }
        // rest[i]: the sum of every heap but heap i, from prefix and suffix sums.
        let mut prefix = vec![0; heaps.len() + 1];
        for (i, &f) in forms.iter().enumerate() {
            prefix[i + 1] = self.forms.add(prefix[i], f, budget)?;
        }
        let mut suffix = 0;
        let mut rest = vec![0; heaps.len()];
        for i in (0..heaps.len()).rev() {
            rest[i] = self.forms.add(prefix[i], suffix, budget)?;
            suffix = self.forms.add(suffix, forms[i], budget)?;
        }
        let mut found = Vec::new();
        for (i, &h) in heaps.iter().enumerate() {
            let mut options: Vec<Vec<usize>> = Vec::new();
            self.rule.for_each_option(h, &mut |parts| {
                options.push(parts.to_vec());
                ControlFlow::Continue(())
            });
            for parts in options {
                let mut sum = rest[i];
                for &p in &parts {
                    let part = self.heap_form(p, budget)?;
                    sum = self.forms.add(sum, part, budget)?;
                }
                if self.forms.misere_value(sum) == 0 {
                    let mut to = parts;
                    to.sort_unstable();
                    found.push((i, to));
                }
            }
        }
        found.sort();
        found.dedup();
        Ok(found)
    }

    /// The genus of the sum of `heaps`. The misère values `γk` of the sum
    /// plus `k` copies of `*2` are computed on its misère canonical form up
    /// to the point from which they provably repeat with period 2 (see
    /// `super::genus`); the genus lists them up to the start of that
    /// 2-cycle (at least two terms), with the form's phylum.
    pub fn genus(&mut self, heaps: &[usize], budget: &Budget) -> Result<Genus> {
        let form = self.canonical_form(heaps, budget)?;
        self.genus_of_form(form, budget)
    }

    /// The genus of a form of this solver's arena ([`Self::forms_mut`]).
    pub fn genus_of_form(&mut self, form: FormId, budget: &Budget) -> Result<Genus> {
        let budget = &bounded(budget);
        let gammas = self.genus.record(form, &self.forms, budget)?.sequence().to_vec();
        Ok(Genus::from_sequence(self.forms.nim_value(form), gammas, self.forms.phylum(form)))
    }

    /// The misère canonical form of the sum of `heaps`, in this solver's arena.
    pub fn canonical_form(&mut self, heaps: &[usize], budget: &Budget) -> Result<FormId> {
        let budget = &bounded(budget);
        let mut sum = 0;
        for &h in heaps {
            let form = self.heap_form(h, budget)?;
            sum = self.forms.add(sum, form, budget)?;
        }
        Ok(sum)
    }

    /// The arena of misère canonical forms behind [`Self::canonical_form`].
    pub fn forms(&self) -> &MisereForms {
        &self.forms
    }

    /// The arena, to build forms of other games for [`Self::genus_of_form`].
    pub fn forms_mut(&mut self) -> &mut MisereForms {
        &mut self.forms
    }

    /// The canonical form of one heap, computing every smaller heap's first
    /// (options only leave smaller heaps: the [`HeapRuleset`] invariant), so
    /// no option list is ever stored.
    fn heap_form(&mut self, heap: usize, budget: &Budget) -> Result<FormId> {
        let MisereSolver { rule, forms, heap_forms, genus, .. } = self;
        for h in heap_forms.len()..=heap {
            budget.check((forms.len() + genus.len()) as u64)?;
            budget.check_memory(forms.bytes())?;
            budget.progress("misère forms of heaps", h as u64, Some(heap as u64 + 1));
            let mut options = Vec::new();
            let mut failed = None;
            rule.for_each_option(h, &mut |parts| {
                let mut sum = 0;
                for &p in parts {
                    let Some(&part) = heap_forms.get(p).filter(|_| p < h) else {
                        failed = Some(Error::invalid(format!(
                            "heap {h} has an option with a heap of {p}: options must leave \
                             smaller heaps"
                        )));
                        return ControlFlow::Break(());
                    };
                    match forms.add(sum, part, budget) {
                        Ok(s) => sum = s,
                        Err(e) => {
                            failed = Some(e);
                            return ControlFlow::Break(());
                        }
                    }
                }
                options.push(sum);
                ControlFlow::Continue(())
            });
            if let Some(e) = failed {
                return Err(e);
            }
            let form = forms.from_options(options);
            heap_forms.push(form);
        }
        Ok(heap_forms[heap])
    }

    /// The misère values `γ0, γ1, …` of the sum of `heaps` plus `k` copies
    /// of `*2`, as far as the proved settling point `t` (returned second):
    /// the list has `t + 2` entries and `γk+2 = γk` for every `k ≥ t`.
    pub fn gamma_sequence(
        &mut self,
        heaps: &[usize],
        budget: &Budget,
    ) -> Result<(Vec<u32>, usize)> {
        let form = self.canonical_form(heaps, budget)?;
        let record = self.genus.record(form, &self.forms, budget)?;
        Ok((record.sequence().to_vec(), record.settled()))
    }
}

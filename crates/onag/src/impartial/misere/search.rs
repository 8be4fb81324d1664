//! The misère search: positions are sums of heaps of a [`HeapRuleset`] plus
//! a number of nim heaps `*2` and `*1` (for the genus), memoised by their
//! sorted contents. Iterative: an explicit stack, never recursion.

use std::fmt;
use std::ops::ControlFlow;

use rustc_hash::FxHashMap;
use serde::Serialize;

use crate::budget::Budget;
use crate::error::Error;
use crate::error::Result;
use crate::impartial::heap::HeapRuleset;
use crate::impartial::misere::canonical::{FormId, MisereForms, Phylum};
use crate::impartial::misere::genus::GenusTable;

/// A position key: `[twos, ones, h1, c1, h2, c2, ...]`: `ci` heaps of size
/// `hi`, sizes strictly increasing, counts positive, heaps without moves left
/// out. Run lengths keep a sum of thousands of equal heaps a short key.
type Key = Vec<u32>;

/// Bytes a memo entry takes besides its key's values (map slot, vector header).
const ENTRY_OVERHEAD: u64 = 80;

/// Misère values of sums of heaps of one ruleset, with a memo shared by all queries.
pub struct MisereSolver<'a> {
    rule: &'a dyn HeapRuleset,
    memo: FxHashMap<Key, u32>,
    /// Bytes held by `memo`, checked against the budget's memory limit.
    memo_bytes: u64,
    has_moves: FxHashMap<usize, bool>,
    genus: GenusTable,
    forms: MisereForms,
    heap_forms: FxHashMap<usize, FormId>,
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
            memo: FxHashMap::default(),
            memo_bytes: 0,
            has_moves: FxHashMap::default(),
            genus: GenusTable::new(),
            forms: MisereForms::new(),
            heap_forms: FxHashMap::default(),
        }
    }

    /// The number of positions in the memos (misère values and genus sequences).
    pub fn positions(&self) -> usize {
        self.memo.len() + self.genus.len() + self.forms.len()
    }

    fn moves(&mut self, heap: usize) -> bool {
        if let Some(&m) = self.has_moves.get(&heap) {
            return m;
        }
        let mut any = false;
        self.rule.for_each_option(heap, &mut |_| {
            any = true;
            ControlFlow::Break(())
        });
        self.has_moves.insert(heap, any);
        any
    }

    fn key(&mut self, twos: u32, ones: u32, heaps: impl IntoIterator<Item = usize>) -> Key {
        let mut sizes: Vec<u32> =
            heaps.into_iter().filter(|&h| self.moves(h)).map(|h| h as u32).collect();
        sizes.sort_unstable();
        let mut key = vec![twos, ones];
        for h in sizes {
            let n = key.len();
            if n > 2 && key[n - 2] == h {
                key[n - 1] += 1;
            } else {
                key.extend([h, 1]);
            }
        }
        key
    }

    /// `key` with one heap of size `key[at]` replaced by the heaps `parts`.
    fn replace(&mut self, key: &[u32], at: usize, parts: &[usize]) -> Key {
        let mut out = key.to_vec();
        out[at + 1] -= 1;
        if out[at + 1] == 0 {
            out.drain(at..at + 2);
        }
        for &p in parts {
            if !self.moves(p) {
                continue;
            }
            let p = p as u32;
            let runs = (out.len() - 2) / 2;
            let mut lo = 0;
            let mut hi = runs;
            while lo < hi {
                let mid = (lo + hi) / 2;
                if out[2 + 2 * mid] < p { lo = mid + 1 } else { hi = mid }
            }
            let i = 2 + 2 * lo;
            if i < out.len() && out[i] == p {
                out[i + 1] += 1;
            } else {
                out.splice(i..i, [p, 1]);
            }
        }
        out
    }

    fn options(&mut self, key: &[u32]) -> Vec<Key> {
        let (twos, ones) = (key[0], key[1]);
        let mut out = Vec::new();
        for at in (2..key.len()).step_by(2) {
            let mut parts_list: Vec<Vec<usize>> = Vec::new();
            self.rule.for_each_option(key[at] as usize, &mut |parts| {
                parts_list.push(parts.to_vec());
                ControlFlow::Continue(())
            });
            for parts in parts_list {
                let k = self.replace(key, at, &parts);
                out.push(k);
            }
        }
        if twos > 0 {
            let mut k = key.to_vec();
            k[0] -= 1;
            out.push(k.clone());
            k[1] += 1;
            out.push(k);
        }
        if ones > 0 {
            let mut k = key.to_vec();
            k[1] -= 1;
            out.push(k);
        }
        out
    }

    fn value_of_key(&mut self, root: Key, budget: &Budget) -> Result<u32> {
        // A position waiting for its options keeps their list, so it is
        // generated once.
        let mut stack: Vec<(Key, Option<Vec<Key>>)> = vec![(root.clone(), None)];
        let mut steps = 0u64;
        while let Some((key, known)) = stack.pop() {
            if self.memo.contains_key(&key) {
                continue;
            }
            steps += 1;
            if steps % 1024 == 0 {
                budget.check(self.memo.len() as u64)?;
                budget.check_memory(self.memo_bytes)?;
                budget.progress("misère positions", self.memo.len() as u64, budget.max_positions());
            }
            let expanded = known.is_some();
            let options = match known {
                Some(options) => options,
                None => self.options(&key),
            };
            let missing: Vec<Key> = if expanded {
                Vec::new()
            } else {
                options.iter().filter(|o| !self.memo.contains_key(*o)).cloned().collect()
            };
            // A big heap has many options: count the pending ones against the limit now.
            if missing.len() >= 1024 {
                budget.check((self.memo.len() + stack.len() + missing.len()) as u64)?;
            }
            if missing.is_empty() {
                let value = if options.is_empty() {
                    1
                } else {
                    crate::impartial::mex(options.iter().map(|o| u64::from(self.memo[o]))) as u32
                };
                self.memo_bytes += 4 * key.len() as u64 + ENTRY_OVERHEAD;
                self.memo.insert(key, value);
            } else {
                stack.push((key, Some(options)));
                stack.extend(missing.into_iter().map(|k| (k, None)));
            }
        }
        Ok(self.memo[&root])
    }

    /// The misère Grundy value of the sum of `heaps`.
    pub fn misere_value(&mut self, heaps: &[usize], budget: &Budget) -> Result<u32> {
        let key = self.key(0, 0, heaps.iter().copied());
        self.value_of_key(key, budget)
    }

    /// The misère Grundy value of the sum of `heaps`, `twos` nim heaps `*2`
    /// and `ones` nim heaps `*1`.
    pub fn misere_value_with_nim(
        &mut self,
        heaps: &[usize],
        twos: u32,
        ones: u32,
        budget: &Budget,
    ) -> Result<u32> {
        let key = self.key(twos, ones, heaps.iter().copied());
        self.value_of_key(key, budget)
    }

    /// The genus of the sum of `heaps`. The misère values `γk` of the sum
    /// plus `k` copies of `*2` are computed on its misère canonical form up
    /// to the point from which they provably repeat with period 2 (see
    /// [`super::genus`]); the genus lists them up to the start of that
    /// 2-cycle (at least two terms), with the form's phylum.
    pub fn genus(&mut self, heaps: &[usize], budget: &Budget) -> Result<Genus> {
        let form = self.canonical_form(heaps, budget)?;
        self.genus_of_form(form, budget)
    }

    /// The genus of a form of this solver's arena ([`Self::forms_mut`]).
    pub fn genus_of_form(&mut self, form: FormId, budget: &Budget) -> Result<Genus> {
        let gammas = self.genus.record(form, &self.forms, budget)?.sequence().to_vec();
        // Start t of the final 2-cycle: gammas[i + 2] == gammas[i] for all i >= t.
        let n = gammas.len();
        let mut t = n - 2;
        while t > 0 && gammas[t - 1] == gammas[t + 1] {
            t -= 1;
        }
        Ok(Genus {
            grundy: self.forms.nim_value(form),
            gammas: gammas[..t + 2].to_vec(),
            phylum: self.forms.phylum(form),
        })
    }

    /// The misère canonical form of the sum of `heaps`, in this solver's arena.
    pub fn canonical_form(&mut self, heaps: &[usize], budget: &Budget) -> Result<FormId> {
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

    /// The canonical form of one heap, computing the heaps its options
    /// leave first (an explicit stack).
    fn heap_form(&mut self, heap: usize, budget: &Budget) -> Result<FormId> {
        type Pending = (usize, Option<Vec<Vec<usize>>>);
        let mut stack: Vec<Pending> = vec![(heap, None)];
        while let Some((h, known)) = stack.pop() {
            if self.heap_forms.contains_key(&h) {
                continue;
            }
            budget.check(self.positions() as u64)?;
            budget.check_memory(self.forms.bytes())?;
            let expanded = known.is_some();
            let options = match known {
                Some(options) => options,
                None => {
                    let mut options = Vec::new();
                    self.rule.for_each_option(h, &mut |parts| {
                        options.push(parts.to_vec());
                        ControlFlow::Continue(())
                    });
                    options
                }
            };
            let mut missing: Vec<usize> = options
                .iter()
                .flatten()
                .copied()
                .filter(|p| !self.heap_forms.contains_key(p))
                .collect();
            missing.sort_unstable();
            missing.dedup();
            if !missing.is_empty() {
                if expanded {
                    return Err(Error::invalid(format!(
                        "heap {h} can be reached again from itself: not a short game"
                    )));
                }
                stack.push((h, Some(options)));
                stack.extend(missing.into_iter().map(|p| (p, None)));
                continue;
            }
            let mut forms = Vec::with_capacity(options.len());
            for parts in &options {
                let mut sum = 0;
                for p in parts {
                    sum = self.forms.add(sum, self.heap_forms[p], budget)?;
                }
                forms.push(sum);
            }
            let form = self.forms.from_options(forms);
            self.heap_forms.insert(h, form);
        }
        Ok(self.heap_forms[&heap])
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

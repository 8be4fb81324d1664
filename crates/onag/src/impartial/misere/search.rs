//! The misère search: positions are sums of heaps of a [`HeapRuleset`] plus
//! a number of nim heaps `*2` and `*1` (for the genus), memoised by their
//! sorted contents. Iterative: an explicit stack, never recursion.

use std::fmt;
use std::ops::ControlFlow;

use rustc_hash::FxHashMap;
use serde::Serialize;

use crate::budget::Budget;
use crate::error::Result;
use crate::impartial::heap::HeapRuleset;
use crate::impartial::misere::genus::{GenusTable, sum_options};

/// A position key: `[twos, ones, heaps ascending...]`, heaps without moves left out.
type Key = Vec<u32>;

/// Misère values of sums of heaps of one ruleset, with a memo shared by all queries.
pub struct MisereSolver<'a> {
    rule: &'a dyn HeapRuleset,
    memo: FxHashMap<Key, u32>,
    has_moves: FxHashMap<usize, bool>,
    genus: GenusTable,
}

/// The genus `g^γ0γ1…` of a position.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Genus {
    /// The normal-play Grundy value.
    pub grundy: u32,
    /// The misère values of the position plus `k` copies of `*2`, up to where
    /// they settle into their final 2-cycle (inclusive of one full cycle).
    pub gammas: Vec<u32>,
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

impl fmt::Display for Genus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.grundy)?;
        if self.is_nim_heap() {
            return Ok(());
        }
        f.write_str("^")?;
        if self.gammas.iter().all(|&g| g < 10) {
            for g in &self.gammas {
                write!(f, "{g}")?;
            }
            Ok(())
        } else {
            let parts: Vec<String> = self.gammas.iter().map(u32::to_string).collect();
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
            has_moves: FxHashMap::default(),
            genus: GenusTable::new(),
        }
    }

    /// The number of positions in the memos (misère values and genus sequences).
    pub fn positions(&self) -> usize {
        self.memo.len() + self.genus.len()
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
        let mut key = vec![twos, ones];
        for h in heaps {
            if self.moves(h) {
                key.push(h as u32);
            }
        }
        key[2..].sort_unstable();
        key
    }

    fn options(&mut self, key: &[u32]) -> Vec<Key> {
        let (twos, ones, heaps) = (key[0], key[1], &key[2..]);
        let mut out = Vec::new();
        for i in 0..heaps.len() {
            if i > 0 && heaps[i] == heaps[i - 1] {
                continue;
            }
            let mut parts_list: Vec<Vec<usize>> = Vec::new();
            self.rule.for_each_option(heaps[i] as usize, &mut |parts| {
                parts_list.push(parts.to_vec());
                ControlFlow::Continue(())
            });
            for parts in parts_list {
                let rest =
                    heaps.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, &h)| h as usize);
                let k = self.key(twos, ones, rest.chain(parts));
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

    /// The genus of the sum of `heaps`, whose normal-play value is `grundy`
    /// (the XOR of the heaps' Grundy values). The misère values `γk` of the
    /// sum plus `k` copies of `*2` are computed up to the point from which
    /// they provably repeat with period 2 (see [`super::genus`]); the genus
    /// lists them up to the start of that 2-cycle.
    pub fn genus(&mut self, heaps: &[usize], grundy: u32, budget: &Budget) -> Result<Genus> {
        let gammas = self.gamma_sequence(heaps, budget)?.0;
        // Start t of the final 2-cycle: gammas[i + 2] == gammas[i] for all i >= t.
        let n = gammas.len();
        let mut t = n - 2;
        while t > 0 && gammas[t - 1] == gammas[t + 1] {
            t -= 1;
        }
        let keep = if gammas[t] == gammas[t + 1] { t + 1 } else { t + 2 };
        Ok(Genus { grundy, gammas: gammas[..keep].to_vec() })
    }

    /// The misère values `γ0, γ1, …` of the sum of `heaps` plus `k` copies
    /// of `*2`, as far as the proved settling point `t` (returned second):
    /// the list has `t + 2` entries and `γk+2 = γk` for every `k ≥ t`.
    pub fn gamma_sequence(
        &mut self,
        heaps: &[usize],
        budget: &Budget,
    ) -> Result<(Vec<u32>, usize)> {
        let key = self.key(0, 0, heaps.iter().copied())[2..].to_vec();
        let rule = self.rule;
        let has_moves = &mut self.has_moves;
        let mut moves = |h: usize| {
            *has_moves.entry(h).or_insert_with(|| {
                let mut any = false;
                rule.for_each_option(h, &mut |_| {
                    any = true;
                    ControlFlow::Break(())
                });
                any
            })
        };
        let mut options = |k: &[u32]| sum_options(rule, k, &mut moves);
        let record = self.genus.record(key, &mut options, budget)?;
        Ok((record.sequence().to_vec(), record.settled()))
    }
}

//! Parts of misère games: `X` is a part of `G` when `G = X + Y` for some
//! `Y` (unique, by cancellation). The splits of an even game `E` are found
//! as CGSuite finds them, in the same order, since that order is visible in
//! `Parts`, `Partitions` and in how games print:
//!
//! 1. The list starts with `(0, E)`. A game with `0` or `*1` among its
//!    options, or with three or more prime options (an option counts unless
//!    it is odd and its even part is also an option), is prime: the list
//!    stays `(0, E)`.
//! 2. Otherwise the candidates are every game in the splits of the even
//!    parts of `E`'s options, in canonical order; passes over them repeat
//!    until one adds nothing. A candidate `x` not yet in the list is paired
//!    with `y` built from the list and the options' splits when every
//!    option of `x` has its even part in the list and `x` is in every
//!    option's splits (`y` is then the game of the partners found); else
//!    each collected partner `y` is tried, and the first for which every
//!    option of `x`, of `y` and of `E` is accounted for is kept.
//!
//! A partner taken "with the parity of" an odd game is made odd.
//!
//! Invariant: every pair `(x, y)` in a split list of `E` has `x + y = E`.

use std::cmp::Ordering;

use super::canonical::FormId;
use super::games::MisereGames;
use crate::budget::Budget;
use crate::error::{Error, Result};

/// The partner of `g` in a split list: the other member of the first pair
/// holding `g`.
fn partner(list: &[(FormId, FormId)], g: FormId) -> Option<FormId> {
    list.iter().find_map(|&(x, y)| {
        if x == g {
            Some(y)
        } else if y == g {
            Some(x)
        } else {
            None
        }
    })
}

fn holds(list: &[(FormId, FormId)], g: FormId) -> bool {
    list.iter().any(|&(x, y)| x == g || y == g)
}

impl MisereGames {
    /// The splits `(x, y)`, `x + y = e`, of the even form `e`, in CGSuite's
    /// order (module notes).
    pub fn splits(&mut self, e: FormId, budget: &Budget) -> Result<Vec<(FormId, FormId)>> {
        // Options first: an explicit stack over even parts of options.
        let mut stack = vec![e];
        while let Some(&x) = stack.last() {
            if self.splits.contains_key(&x) {
                stack.pop();
                continue;
            }
            let missing: Vec<FormId> = self
                .forms
                .options(x)
                .iter()
                .map(|&o| self.forms.even_part(o))
                .filter(|o| !self.splits.contains_key(o) && *o != x)
                .collect();
            if missing.is_empty() {
                stack.pop();
                let list = self.splits_from_options(x, budget)?;
                self.splits.insert(x, list);
            } else {
                stack.extend(missing);
            }
        }
        Ok(self.splits[&e].clone())
    }

    /// One game's splits, its options' splits being known.
    fn splits_from_options(&mut self, e: FormId, budget: &Budget) -> Result<Vec<(FormId, FormId)>> {
        let mut tp = vec![(0, e)];
        let star = self.forms.nim_heap(1);
        let opts = self.sorted_options(e);
        if opts.iter().any(|&o| o == 0 || o == star) {
            return Ok(tp);
        }
        let subs: Vec<Vec<(FormId, FormId)>> =
            opts.iter().map(|&o| self.splits[&self.forms.even_part(o)].clone()).collect();
        let mut primes = 0;
        for (i, &o) in opts.iter().enumerate() {
            if subs[i].len() == 1
                && (!self.forms.is_odd(o) || !opts.contains(&self.forms.even_part(o)))
            {
                primes += 1;
                if primes >= 3 {
                    return Ok(tp);
                }
            }
        }
        let mut cands: Vec<FormId> = subs.iter().flatten().flat_map(|&(x, y)| [x, y]).collect();
        cands.sort_unstable();
        cands.dedup();
        let mut sorted = Vec::with_capacity(cands.len());
        for c in cands {
            let at = sorted
                .iter()
                .position(|&s| self.compare(c, s) == Ordering::Less)
                .unwrap_or(sorted.len());
            sorted.insert(at, c);
        }
        let odd_opts: Vec<bool> = opts.iter().map(|&o| self.forms.is_odd(o)).collect();
        loop {
            let mut changed = false;
            for &x in &sorted {
                budget.check(self.forms.len() as u64)?;
                if holds(&tp, x) {
                    continue;
                }
                let xs = self.sorted_options(x);
                let mut collected: Vec<FormId> = Vec::new();
                let mut recorded: Vec<FormId> = Vec::new();
                let mut type1 = true;
                for &x1 in &xs {
                    let ev = self.forms.even_part(x1);
                    match partner(&tp, ev) {
                        Some(p) => {
                            let odd = self.forms.is_odd(x1);
                            recorded.push(self.with_parity(p, odd, budget)?);
                        }
                        None => {
                            type1 = false;
                            for sub in &subs {
                                if let Some(p) = partner(sub, ev) {
                                    collected.push(p);
                                }
                            }
                            break;
                        }
                    }
                }
                if type1 {
                    for (i, sub) in subs.iter().enumerate() {
                        match partner(sub, x) {
                            Some(p) => recorded.push(self.with_parity(p, odd_opts[i], budget)?),
                            None => {
                                type1 = false;
                                for &x1 in &xs {
                                    if let Some(p) = partner(sub, self.forms.even_part(x1)) {
                                        collected.push(p);
                                    }
                                }
                                break;
                            }
                        }
                    }
                }
                if type1 {
                    let y = self.forms.from_options(recorded);
                    tp.push((x, y));
                    changed = true;
                    continue;
                }
                for y in collected {
                    if self.accepts(&tp, &subs, &odd_opts, x, y, budget)? {
                        tp.push((x, y));
                        changed = true;
                        break;
                    }
                }
            }
            if !changed {
                return Ok(tp);
            }
        }
    }

    /// Whether `(x, y)` is a split of the game whose splits so far are `tp`
    /// and whose options (odd where `odd_opts`) have the splits `subs`.
    fn accepts(
        &mut self,
        tp: &[(FormId, FormId)],
        subs: &[Vec<(FormId, FormId)>],
        odd_opts: &[bool],
        x: FormId,
        y: FormId,
        budget: &Budget,
    ) -> Result<bool> {
        let xs = self.forms.options(x).to_vec();
        let ys = self.forms.options(y).to_vec();
        // (i) every option of E is x′ + y or x + y′.
        for (i, sub) in subs.iter().enumerate() {
            let mut ok = false;
            if let Some(p) = partner(sub, x) {
                ok = ys.contains(&self.with_parity(p, odd_opts[i], budget)?);
            }
            if !ok {
                if let Some(p) = partner(sub, y) {
                    ok = xs.contains(&self.with_parity(p, odd_opts[i], budget)?);
                }
            }
            if !ok {
                return Ok(false);
            }
        }
        // (ii) every x′ + y is an option of E.
        for &x1 in &xs {
            let mut ok = false;
            if let Some(p) = partner(tp, self.forms.even_part(x1)) {
                let odd = self.forms.is_odd(x1);
                ok = ys.contains(&self.with_parity(p, odd, budget)?);
            }
            if !ok {
                for (j, sub) in subs.iter().enumerate() {
                    if let Some(p) = partner(sub, y) {
                        if self.with_parity(p, odd_opts[j], budget)? == x1 {
                            ok = true;
                            break;
                        }
                    }
                }
            }
            if !ok {
                return Ok(false);
            }
        }
        // (iii) every x + y′ is an option of E.
        for &y1 in &ys {
            let mut ok = false;
            if let Some(p) = partner(tp, self.forms.even_part(y1)) {
                let odd = self.forms.is_odd(y1);
                let q = self.with_parity(p, odd, budget)?;
                let eq = self.forms.even_part(q);
                ok = xs.iter().any(|&x1| self.forms.even_part(x1) == eq);
            }
            if !ok {
                for (j, sub) in subs.iter().enumerate() {
                    if let Some(p) = partner(sub, x) {
                        if self.with_parity(p, odd_opts[j], budget)? == y1 {
                            ok = true;
                            break;
                        }
                    }
                }
            }
            if !ok {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// `g − h`: the game `d` with `d + h = g`, if there is one.
    pub fn minus(&mut self, g: FormId, h: FormId, budget: &Budget) -> Result<Option<FormId>> {
        let eg = self.forms.even_part(g);
        let list = self.splits(eg, budget)?;
        let Some(p) = partner(&list, self.forms.even_part(h)) else {
            return Ok(None);
        };
        if self.forms.is_odd(g) != self.forms.is_odd(h) {
            return self.plus_star(p, budget).map(Some);
        }
        Ok(Some(p))
    }

    /// The parts of `g` other than `0` and its even part, in CGSuite's
    /// order: each split's two games (the second left out when equal).
    pub fn parts(&mut self, g: FormId, budget: &Budget) -> Result<Vec<FormId>> {
        let list = self.splits(self.forms.even_part(g), budget)?;
        Ok(flatten(&list[1..]))
    }

    /// Whether `g` is prime: not `0` or `*1`, and its even part has no
    /// split but `(0, E)`.
    pub fn is_prime(&mut self, g: FormId, budget: &Budget) -> Result<bool> {
        let star = self.forms.nim_heap(1);
        if g == 0 || g == star {
            return Ok(false);
        }
        Ok(self.splits(self.forms.even_part(g), budget)?.len() == 1)
    }

    /// Whether `g` is a part of `{g}` (the game whose only option is `g`).
    pub fn is_extraverted(&mut self, g: FormId, budget: &Budget) -> Result<bool> {
        let single = self.forms.from_options(vec![g]);
        let list = self.splits(self.forms.even_part(single), budget)?;
        Ok(holds(&list, self.forms.even_part(g)))
    }

    /// Every way to write `g` as a sum of even primes, each in canonical
    /// order, with `*1` last for an odd game.
    pub fn partitions(&mut self, g: FormId, budget: &Budget) -> Result<Vec<Vec<FormId>>> {
        let star = self.forms.nim_heap(1);
        let mut out = Vec::new();
        // Depth-first with an explicit stack of (rest, partition so far).
        let mut stack = vec![(g, Vec::new())];
        while let Some((rest, partial)) = stack.pop() {
            budget.check(self.forms.len() as u64)?;
            if rest == 0 || rest == star {
                let mut done = partial;
                if rest == star {
                    done.push(star);
                }
                out.push(done);
                continue;
            }
            let list = self.splits(self.forms.even_part(rest), budget)?;
            let mut next = Vec::new();
            for p in flatten(&list) {
                if !self.is_prime(p, budget)? {
                    continue;
                }
                if let Some(&last) = partial.last() {
                    if self.compare(last, p) == Ordering::Greater {
                        continue;
                    }
                }
                let Some(r) = self.minus(rest, p, budget)? else {
                    return Err(Error::invalid("a prime part could not be subtracted"));
                };
                let mut more = partial.clone();
                more.push(p);
                next.push((r, more));
            }
            // The stack pops the first part first.
            stack.extend(next.into_iter().rev());
        }
        Ok(out)
    }
}

/// Each pair's two games, the second left out when equal to the first.
fn flatten(list: &[(FormId, FormId)]) -> Vec<FormId> {
    let mut out = Vec::new();
    for &(x, y) in list {
        out.push(x);
        if y != x {
            out.push(y);
        }
    }
    out
}

//! Comparison, negation, sums and canonicalisation on the arena.
//!
//! Every algorithm here walks game trees on an explicit stack (frames of ids)
//! with memo tables keyed by ids, so a deep game cannot overflow the call
//! stack; each step counts against the arena's budget.
//!
//! - `G ≤ H` iff no `H^R ≤ G` and no `G^L ≥ H`. Number avoidance: for a number
//!   x and a non-number H, `x ≤ H` iff no `H^R ≤ x` (and dually), so integer
//!   chains are never walked. Two nus values compare in closed form.
//! - `G + H = {G^L + H, G + H^L | G^R + H, G + H^R}`, except that a number is
//!   never moved in when the other summand is not a number (number
//!   avoidance), and then the translated options are already canonical.
//! - Canonicalisation removes dominated options and bypasses reversible ones.
//!   The game being built is compared with others as the special id `PENDING`
//!   whose options are the current lists; results about it go to a memo that
//!   lives for one construction (bypassing keeps the value, so they stay true).

use std::cmp::Ordering;

use super::arena::{Arena, GameId, PENDING, PartizanOutcome, key, sum_key};
use super::nus::Nus;
use crate::error::Result;
use crate::number::{Dyadic, simplest_in};

/// Two summands.
type Pair = (GameId, GameId);

/// An option's place in `remove_dominated`'s order: whether its stops are
/// unknown, then its stops as sort keys, then its index.
pub(super) type DominanceKey = (bool, i64, i64, usize);

/// A question `g ≤ h` on [`Arena::leq`]'s stack.
#[derive(Clone, Copy)]
pub(super) struct LeqFrame {
    g: GameId,
    h: GameId,
    next: u32,
    /// Whether every sub-question was tried once without search.
    scanned: bool,
}

impl Arena {
    // ----- comparison -----

    /// Answers `g ≤ h` without search when a closed form or memo knows it.
    fn leq_quick(&mut self, g: GameId, h: GameId) -> Result<Option<bool>> {
        if g == h {
            return Ok(Some(true));
        }
        if g == PENDING || h == PENDING {
            if self.pending_refutes(g, h) {
                return Ok(Some(false));
            }
            return Ok(self.pending_memo.get(&key(g, h)).copied());
        }
        // Stops often decide (`stops_decide`). Most games' stops are at hand
        // in fixed point, which is cheaper than the closed form of nus values
        // and than the memo; the answers they give are not stored.
        let quick = (self.quick_stops(g), self.quick_stops(h));
        if let (Some(gs), Some(hs)) = quick
            && let Some(known) = stops_decide(gs, hs)
        {
            return Ok(Some(known));
        }
        if let (Some(a), Some(b)) = (self.nus(g), self.nus(h)) {
            let diff = b.add(&a.neg()?)?;
            return Ok(Some(matches!(diff.outcome(), PartizanOutcome::L | PartizanOutcome::P)));
        }
        if let (Some(_), Some(_)) = quick {
            return Ok(self.leq_cache.get(key(g, h)));
        }
        if let Some(known) = self.leq_cache.get(key(g, h)) {
            return Ok(Some(known));
        }
        let (gl, gr) = self.stops(g)?;
        let (hl, hr) = self.stops(h)?;
        if gl > hl || gr > hr {
            self.leq_cache.insert(key(g, h), false);
            return Ok(Some(false));
        }
        if gl < hr {
            self.leq_cache.insert(key(g, h), true);
            return Ok(Some(true));
        }
        Ok(None)
    }

    /// Whether adorned stops ([`Record::stops`](super::arena::Record)) show
    /// `g ≤ h` false where one of them is the pending game G. Whatever G's
    /// value, its adorned right stop is at most the adorned left stop of
    /// each Right option, and its adorned left stop at least the adorned
    /// right stop of each Left option (when G is not a number, by the rule
    /// that builds them; when G is a number x, each G^R ≰ x forbids both
    /// LS(G^R) < x and G^R ≤ x = LS(G^R), and dually), and adorned stops are
    /// monotone: so `g ≤ G` fails when the adorned RS(g) exceeds the adorned
    /// LS(G^R), and `G ≤ h` when the adorned RS(G^L) exceeds the adorned
    /// LS(h).
    fn pending_refutes(&self, g: GameId, h: GameId) -> bool {
        if h == PENDING {
            let Some(gs) = self.quick_stops(g) else { return false };
            self.pending_right.iter().any(|&r| self.quick_stops(r).is_some_and(|rs| gs[1] > rs[0]))
        } else {
            let Some(hs) = self.quick_stops(h) else { return false };
            self.pending_left.iter().any(|&l| self.quick_stops(l).is_some_and(|ls| ls[1] > hs[0]))
        }
    }

    fn store_leq(&mut self, g: GameId, h: GameId, value: bool) {
        if g == PENDING || h == PENDING {
            self.pending_memo.insert(key(g, h), value);
        } else {
            self.leq_cache.insert(key(g, h), value);
        }
    }

    fn leq_frame(&mut self, g: GameId, h: GameId) -> Result<LeqFrame> {
        self.ensure_options(g)?;
        self.ensure_options(h)?;
        Ok(LeqFrame { g, h, next: 0, scanned: false })
    }

    /// Which questions a frame asks: `(skip H^R questions, skip G^L questions)`
    /// by number avoidance (only for stored games, whose numbers are packed).
    fn avoidance(&self, g: GameId, h: GameId) -> (bool, bool) {
        if g == PENDING || h == PENDING {
            return (false, false);
        }
        let g_number = self.number_of(g).is_some();
        let h_number = self.number_of(h).is_some();
        let g_general = self.nus(g).is_none();
        let h_general = self.nus(h).is_none();
        (h_number && g_general, g_number && h_general)
    }

    /// `g ≤ h`.
    pub fn leq(&mut self, g: GameId, h: GameId) -> Result<bool> {
        if let Some(r) = self.leq_quick(g, h)? {
            return Ok(r);
        }
        // The stack's buffer is kept between calls (a comparison asks no
        // other comparison of its own, so the buffer is never in use twice).
        let mut stack = std::mem::take(&mut self.leq_stack);
        stack.clear();
        let result = self.leq_search(g, h, &mut stack);
        stack.clear();
        self.leq_stack = stack;
        result
    }

    /// [`leq`](Self::leq) by search on `stack` (empty on entry).
    fn leq_search(&mut self, g: GameId, h: GameId, stack: &mut Vec<LeqFrame>) -> Result<bool> {
        stack.push(self.leq_frame(g, h)?);
        'frames: loop {
            self.step()?;
            let top = stack.len() - 1;
            let LeqFrame { g, h, next, scanned } = stack[top];
            let (skip_hr, skip_gl) = self.avoidance(g, h);
            let nhr = if skip_hr { 0 } else { self.rights(h).len() };
            let ngl = if skip_gl { 0 } else { self.lefts(g).len() };
            let mut i = next as usize;
            let mut answer = true;
            if !scanned {
                // One pass with closed forms, memo and stops before any search:
                // a sub-question that holds settles the frame at once. The
                // pass reads every sub-question's games and memo slot: ask
                // for them all first, so their loads overlap.
                stack[top].scanned = true;
                for j in i..nhr + ngl {
                    let (x, y) = self.sub_question(g, h, nhr, j);
                    if x != PENDING && y != PENDING {
                        self.prefetch_record(if j < nhr { x } else { y });
                        self.leq_cache.prefetch(key(x, y));
                    }
                }
                for j in i..nhr + ngl {
                    let (x, y) = self.sub_question(g, h, nhr, j);
                    match self.leq_quick(x, y)? {
                        Some(true) => {
                            answer = false;
                            i = nhr + ngl;
                            break;
                        }
                        Some(false) => {}
                        // A sub-question that may need a search of its own:
                        // its option lists come next.
                        None => self.prefetch_options(if j < nhr { x } else { y }),
                    }
                }
            }
            while i < nhr + ngl {
                let (x, y) = self.sub_question(g, h, nhr, i);
                match self.leq_quick(x, y)? {
                    Some(true) => {
                        answer = false;
                        break;
                    }
                    Some(false) => i += 1,
                    None => {
                        stack[top].next = i as u32;
                        let frame = self.leq_frame(x, y)?;
                        stack.push(frame);
                        continue 'frames;
                    }
                }
            }
            // The frame on top is decided: pop it and pass the answer down.
            let mut result = answer;
            loop {
                let Some(frame) = stack.pop() else { return Ok(result) };
                self.store_leq(frame.g, frame.h, result);
                match stack.last_mut() {
                    None => return Ok(result),
                    Some(parent) => {
                        if result {
                            // A sub-question holds, so the parent's answer is false.
                            result = false;
                        } else {
                            parent.next += 1;
                            continue 'frames;
                        }
                    }
                }
            }
        }
    }

    /// The `j`th question `g ≤ h` asks: `H^R_j ≤ g` for the first `nhr`,
    /// then `h ≤ G^L_(j − nhr)`.
    fn sub_question(&self, g: GameId, h: GameId, nhr: usize, j: usize) -> (GameId, GameId) {
        if j < nhr { (self.rights(h)[j], g) } else { (h, self.lefts(g)[j - nhr]) }
    }

    /// `g ≥ h`.
    pub fn geq(&mut self, g: GameId, h: GameId) -> Result<bool> {
        self.leq(h, g)
    }

    /// `g < h`.
    pub fn lt(&mut self, g: GameId, h: GameId) -> Result<bool> {
        Ok(g != h && self.leq(g, h)?)
    }

    /// The order between `g` and `h`; `None` when they are confused (‖).
    pub fn compare(&mut self, g: GameId, h: GameId) -> Result<Option<Ordering>> {
        if g == h {
            return Ok(Some(Ordering::Equal));
        }
        if self.leq(g, h)? {
            return Ok(Some(Ordering::Less));
        }
        if self.leq(h, g)? {
            return Ok(Some(Ordering::Greater));
        }
        Ok(None)
    }

    /// The outcome class of `g`.
    pub fn outcome(&mut self, g: GameId) -> Result<PartizanOutcome> {
        if let Some(v) = self.nus(g) {
            return Ok(v.outcome());
        }
        let zero = self.zero();
        let ge = self.leq(zero, g)?;
        let le = self.leq(g, zero)?;
        Ok(match (ge, le) {
            (true, true) => PartizanOutcome::P,
            (true, false) => PartizanOutcome::L,
            (false, true) => PartizanOutcome::R,
            (false, false) => PartizanOutcome::N,
        })
    }

    // ----- negation -----

    /// `−g`.
    pub fn neg(&mut self, g: GameId) -> Result<GameId> {
        if let Some(v) = self.nus(g) {
            let v = v.neg()?;
            return self.nus_id(v);
        }
        if let Some(n) = self.neg_memo.get(g.0 as u64) {
            return Ok(n);
        }
        let mut stack = vec![g];
        while let Some(&top) = stack.last() {
            self.step()?;
            if self.neg_memo.contains_key(top.0 as u64) {
                stack.pop();
                continue;
            }
            let mut missing = false;
            for i in 0..self.lefts(top).len() + self.rights(top).len() {
                let o = self.option_at(top, i);
                if self.nus(o).is_none() && !self.neg_memo.contains_key(o.0 as u64) {
                    stack.push(o);
                    missing = true;
                }
            }
            if missing {
                continue;
            }
            let mut left = Vec::with_capacity(self.rights(top).len());
            for i in 0..self.rights(top).len() {
                let o = self.rights(top)[i];
                left.push(self.neg_known(o)?);
            }
            let mut right = Vec::with_capacity(self.lefts(top).len());
            for i in 0..self.lefts(top).len() {
                let o = self.lefts(top)[i];
                right.push(self.neg_known(o)?);
            }
            left.sort_unstable();
            right.sort_unstable();
            // The negative of a canonical non-nus game is canonical and non-nus.
            let n = self.intern_general(&left, &right)?;
            self.neg_memo.insert(top.0 as u64, n);
            self.neg_memo.insert(n.0 as u64, top);
            stack.pop();
        }
        self.neg_memo.get(g.0 as u64).ok_or_else(missing_memo)
    }

    fn option_at(&self, g: GameId, i: usize) -> GameId {
        let nl = self.lefts(g).len();
        if i < nl { self.lefts(g)[i] } else { self.rights(g)[i - nl] }
    }

    /// The negative of a nus value or of a game whose negative is memoised.
    fn neg_known(&mut self, g: GameId) -> Result<GameId> {
        if let Some(v) = self.nus(g) {
            let v = v.neg()?;
            return self.nus_id(v);
        }
        self.neg_memo.get(g.0 as u64).ok_or_else(missing_memo)
    }

    // ----- sums -----

    /// The sum when a closed form or the memo gives it at once.
    fn add_quick(&mut self, g: GameId, h: GameId) -> Result<Option<GameId>> {
        let zero = self.zero();
        if g == zero {
            return Ok(Some(h));
        }
        if h == zero {
            return Ok(Some(g));
        }
        if let (Some(a), Some(b)) = (self.nus(g), self.nus(h)) {
            let v = a.add(b)?;
            return self.nus_id(v).map(Some);
        }
        Ok(self.sum_memo.get(sum_key(g, h)))
    }

    /// The pairs whose sums are the options of `g + h`: `(left, right)`.
    fn sum_pairs(&self, g: GameId, h: GameId) -> (Vec<Pair>, Vec<Pair>) {
        let g_number = self.number_of(g).is_some();
        let h_number = self.number_of(h).is_some();
        let g_general = self.nus(g).is_none();
        let h_general = self.nus(h).is_none();
        let move_g = !(g_number && h_general);
        let move_h = !(h_number && g_general);
        let mut left = Vec::new();
        let mut right = Vec::new();
        if move_g {
            left.extend(self.lefts(g).iter().map(|&x| (x, h)));
            right.extend(self.rights(g).iter().map(|&x| (x, h)));
        }
        if move_h {
            left.extend(self.lefts(h).iter().map(|&x| (g, x)));
            right.extend(self.rights(h).iter().map(|&x| (g, x)));
        }
        (left, right)
    }

    /// `g + h`.
    pub fn add(&mut self, g: GameId, h: GameId) -> Result<GameId> {
        if let Some(s) = self.add_quick(g, h)? {
            return Ok(s);
        }
        let mut stack = vec![(g, h)];
        while let Some(&(a, b)) = stack.last() {
            self.step()?;
            if self.add_quick(a, b)?.is_some() {
                stack.pop();
                continue;
            }
            self.ensure_options(a)?;
            self.ensure_options(b)?;
            let (lp, rp) = self.sum_pairs(a, b);
            // Ask for every pair's memo slot at once, so the loads overlap.
            for &(x, y) in lp.iter().chain(rp.iter()) {
                self.sum_memo.prefetch(sum_key(x, y));
            }
            let mut missing = false;
            for &(x, y) in lp.iter().chain(rp.iter()) {
                if self.add_quick(x, y)?.is_none() {
                    stack.push((x, y));
                    missing = true;
                }
            }
            if missing {
                continue;
            }
            let mut left = Vec::with_capacity(lp.len());
            for &(x, y) in &lp {
                left.extend(self.add_quick(x, y)?);
            }
            let mut right = Vec::with_capacity(rp.len());
            for &(x, y) in &rp {
                right.extend(self.add_quick(x, y)?);
            }
            let l_split = lp.iter().take_while(|p| p.1 == b).count();
            let r_split = rp.iter().take_while(|p| p.1 == b).count();
            let translated = (self.number_of(a).is_some() && self.nus(b).is_none())
                || (self.number_of(b).is_some() && self.nus(a).is_none());
            let sum = if translated {
                // Number translation of a canonical non-number is canonical.
                left.sort_unstable();
                right.sort_unstable();
                self.classify(&left, &right)?
            } else {
                self.canonical_sum((left, l_split), (right, r_split))?
            };
            self.sum_memo.insert(sum_key(a, b), sum);
            stack.pop();
        }
        self.sum_memo.get(sum_key(g, h)).ok_or_else(missing_memo)
    }

    /// `g − h`.
    pub fn sub(&mut self, g: GameId, h: GameId) -> Result<GameId> {
        let n = self.neg(h)?;
        self.add(g, n)
    }

    // ----- construction -----

    /// The canonical form of `{left | right}` (options are games of this arena,
    /// in any order, repeats allowed).
    pub fn from_options(&mut self, left: &[GameId], right: &[GameId]) -> Result<GameId> {
        let mut l = left.to_vec();
        let mut r = right.to_vec();
        l.sort_unstable();
        l.dedup();
        r.sort_unstable();
        r.dedup();
        if let Some(x) = self.number_between(&l, &r) {
            return self.dyadic(&x);
        }
        self.remove_dominated(&mut l, true)?;
        self.remove_dominated(&mut r, false)?;
        self.canonicalize(l, r)
    }

    /// The canonical form of a sum from the two families of options on each
    /// side (moves in the first summand, moves in the second). Each family is
    /// already free of dominated options (adding a game preserves order), so
    /// only options from different families are compared.
    fn canonical_sum(
        &mut self,
        (mut l, l_split): (Vec<GameId>, usize),
        (mut r, r_split): (Vec<GameId>, usize),
    ) -> Result<GameId> {
        self.remove_dominated_across(&mut l, l_split, true)?;
        self.remove_dominated_across(&mut r, r_split, false)?;
        l.sort_unstable();
        l.dedup();
        r.sort_unstable();
        r.dedup();
        if let Some(x) = self.number_between(&l, &r) {
            return self.dyadic(&x);
        }
        self.canonicalize(l, r)
    }

    /// Bypasses reversible options of dominance-free lists (removing options
    /// dominated after each bypass), then stores the result.
    fn canonicalize(&mut self, mut l: Vec<GameId>, mut r: Vec<GameId>) -> Result<GameId> {
        self.pending_memo.clear();
        loop {
            self.pending_left.clone_from(&l);
            self.pending_right.clone_from(&r);
            let changed = self.bypass_one(&mut l, true)? || self.bypass_one(&mut r, false)?;
            if !changed {
                break;
            }
            self.remove_dominated(&mut l, true)?;
            self.remove_dominated(&mut r, false)?;
        }
        self.pending_memo.clear();
        self.classify(&l, &r)
    }

    /// Removes options dominated by an option of the other family
    /// (`opts[..split]` and `opts[split..]`); an option in both families is
    /// kept once.
    fn remove_dominated_across(
        &mut self,
        opts: &mut Vec<GameId>,
        split: usize,
        left: bool,
    ) -> Result<()> {
        let n = opts.len();
        if split == 0 || split >= n {
            return Ok(());
        }
        let mut keep = vec![true; n];
        for i in 0..split {
            for j in split..n {
                if !keep[j] {
                    continue;
                }
                let (a, b) = (opts[i], opts[j]);
                if a == b {
                    keep[j] = false;
                    continue;
                }
                // Is a dominated by b, or b by a?
                let (a_below, b_below) = if left {
                    (self.leq(a, b)?, self.leq(b, a)?)
                } else {
                    (self.leq(b, a)?, self.leq(a, b)?)
                };
                if a_below {
                    keep[i] = false;
                    break;
                }
                if b_below {
                    keep[j] = false;
                }
            }
        }
        let mut k = 0;
        opts.retain(|_| {
            k += 1;
            keep[k - 1]
        });
        Ok(())
    }

    /// When all options are numbers with every left one below every right one,
    /// the simplest number between them.
    fn number_between(&self, l: &[GameId], r: &[GameId]) -> Option<Dyadic> {
        let mut max_l: Option<&Dyadic> = None;
        for &g in l {
            let x = self.number_of(g)?;
            if max_l.is_none_or(|m| x > m) {
                max_l = Some(x);
            }
        }
        let mut min_r: Option<&Dyadic> = None;
        for &g in r {
            let x = self.number_of(g)?;
            if min_r.is_none_or(|m| x < m) {
                min_r = Some(x);
            }
        }
        simplest_in(max_l, min_r)
    }

    /// Removes dominated options: on the left those ≤ another, on the right
    /// those ≥ another. Distinct ids are distinct values, so no ties (of
    /// equal ids one is kept).
    ///
    /// Each option is compared only with the undominated options found
    /// before it, which are few even when the options are many (a board
    /// game's position may have hundreds of distinct option values and a
    /// handful of undominated ones); the order of the kept options is kept.
    fn remove_dominated(&mut self, opts: &mut Vec<GameId>, left: bool) -> Result<()> {
        if opts.len() < 2 {
            return Ok(());
        }
        // The buffers are taken for the call and given back cleared (a
        // nested call, which none of the comparisons makes, would allocate).
        let (mut order, mut best) = std::mem::take(&mut self.dominance_scratch);
        let result = self.remove_dominated_with(opts, left, &mut order, &mut best);
        order.clear();
        best.clear();
        self.dominance_scratch = (order, best);
        result
    }

    /// [`remove_dominated`](Self::remove_dominated) with its buffers.
    fn remove_dominated_with(
        &mut self,
        opts: &mut Vec<GameId>,
        left: bool,
        order: &mut Vec<DominanceKey>,
        best: &mut Vec<usize>,
    ) -> Result<()> {
        // Options likely to be best come first (the highest stops for
        // Left, the lowest for Right): then most options are found
        // dominated by the first comparison, where in another order each
        // new best one also costs a comparison with the one it replaces.
        order.extend(opts.iter().enumerate().map(|(i, &g)| match self.quick_stops(g) {
            Some([ls, rs]) if left => (false, -ls.saturating_add(rs), -ls, i),
            Some([ls, rs]) => (false, ls.saturating_add(rs), rs, i),
            None => (true, 0, 0, i),
        }));
        order.sort_unstable();
        // Most options are compared with the first: ask for the memo slots
        // of the comparisons stops cannot settle at once, so their loads
        // overlap.
        if let Some(&(false, .., first)) = order.first() {
            let b = opts[first];
            let bs = self.quick_stops(b);
            for &(unknown, .., i) in &order[1..] {
                let x = opts[i];
                if let (false, Some(bs), Some(xs)) = (unknown, bs, self.quick_stops(x)) {
                    let (lo, hi) = if left { (xs, bs) } else { (bs, xs) };
                    if stops_decide(lo, hi).is_some() {
                        continue;
                    }
                }
                self.leq_cache.prefetch(if left { key(x, b) } else { key(b, x) });
                self.prefetch_options(x);
            }
        }
        // `best` holds the indices of the options undominated so far.
        'next: for &(.., i) in order.iter() {
            let x = opts[i];
            for &j in best.iter() {
                let dominated = if left { self.leq(x, opts[j])? } else { self.leq(opts[j], x)? };
                if dominated {
                    continue 'next;
                }
            }
            let mut k = 0;
            while k < best.len() {
                let y = opts[best[k]];
                let dominated = if left { self.leq(y, x)? } else { self.leq(x, y)? };
                if dominated {
                    best.swap_remove(k);
                } else {
                    k += 1;
                }
            }
            best.push(i);
        }
        // Keep the undominated options in their order.
        best.sort_unstable();
        let mut index = 0;
        let mut kept = best.iter().peekable();
        opts.retain(|_| {
            let keep = kept.next_if_eq(&&index).is_some();
            index += 1;
            keep
        });
        Ok(())
    }

    /// Bypasses the first reversible option found on one side; reports whether
    /// it changed anything. The pending game must hold the current lists.
    fn bypass_one(&mut self, opts: &mut Vec<GameId>, left: bool) -> Result<bool> {
        for i in 0..opts.len() {
            let a = opts[i];
            self.ensure_options(a)?;
            let count = if left { self.rights(a).len() } else { self.lefts(a).len() };
            for j in 0..count {
                let ar = if left { self.rights(a)[j] } else { self.lefts(a)[j] };
                let reverses = if left { self.leq(ar, PENDING)? } else { self.leq(PENDING, ar)? };
                if reverses {
                    self.ensure_options(ar)?;
                    let replacement: Vec<GameId> =
                        if left { self.lefts(ar).to_vec() } else { self.rights(ar).to_vec() };
                    opts.remove(i);
                    opts.extend(replacement);
                    opts.sort_unstable();
                    opts.dedup();
                    return Ok(true);
                }
            }
        }
        Ok(false)
    }

    /// Stores a game given by canonical, sorted option lists: as a number or
    /// nus value when it is one, else as a general record.
    pub(super) fn classify(&mut self, l: &[GameId], r: &[GameId]) -> Result<GameId> {
        if let Some(x) = self.number_between(l, r) {
            return self.dyadic(&x);
        }
        if let Some(v) = self.match_nus(l, r) {
            return self.nus_id(v);
        }
        self.intern_general(l, r)
    }

    /// Recognises the canonical forms of `x + n↑ + *m` (see `nus.rs`).
    fn match_nus(&self, l: &[GameId], r: &[GameId]) -> Option<Nus> {
        // Only these shapes are tried below: most games leave here.
        let same = l == r && !l.is_empty();
        if !same && !matches!((l.len(), r.len()), (1, 1) | (2, 1) | (1, 2)) {
            return None;
        }
        let lv: Vec<&Nus> = l.iter().map(|&g| self.nus(g)).collect::<Option<_>>()?;
        let rv: Vec<&Nus> = r.iter().map(|&g| self.nus(g)).collect::<Option<_>>()?;
        let candidate = if same {
            // x + *m: options x + *k for every k < m.
            let x = &lv[0].number;
            let m = lv.len() as u64;
            let ok = lv.iter().all(|v| v.number == *x && v.ups == 0 && v.star < m);
            if !ok {
                return None;
            }
            Nus { number: x.clone(), ups: 0, star: m }
        } else if lv.len() == 1 && rv.len() == 1 {
            let (a, b) = (lv[0], rv[0]);
            if a.is_number() && b.number == a.number && b.ups >= 0 && !b.is_number() {
                Nus { number: a.number.clone(), ups: b.ups.checked_add(1)?, star: b.star ^ 1 }
            } else if b.is_number() && a.number == b.number && a.ups <= 0 && !a.is_number() {
                Nus { number: a.number.clone(), ups: a.ups.checked_sub(1)?, star: a.star ^ 1 }
            } else {
                return None;
            }
        } else if lv.len() == 2 && rv.len() == 1 && rv[0].is_number() {
            Nus { number: rv[0].number.clone(), ups: 1, star: 1 }
        } else if lv.len() == 1 && rv.len() == 2 && lv[0].is_number() {
            Nus { number: lv[0].number.clone(), ups: -1, star: 1 }
        } else {
            return None;
        };
        // Confirm against the closed form (canonical forms are unique).
        let (cl, cr) = candidate.options();
        let mut want_l: Vec<&Nus> = cl.iter().collect();
        let mut want_r: Vec<&Nus> = cr.iter().collect();
        let key = |v: &&Nus| (v.number.clone(), v.ups, v.star);
        want_l.sort_by_key(key);
        want_r.sort_by_key(key);
        let mut have_l = lv;
        let mut have_r = rv;
        have_l.sort_by_key(key);
        have_r.sort_by_key(key);
        (want_l == have_l && want_r == have_r).then_some(candidate)
    }
}

/// `G ≤ H` when the adorned stops `gs` of G and `hs` of H
/// ([`Record::stops`](super::arena::Record)) decide it.
///
/// Adorned stops are monotone, so G ≤ H needs `gs[0] ≤ hs[0]` and
/// `gs[1] ≤ hs[1]`. And `gs[0] < hs[1]` gives G ≤ H: either LS(G) < RS(H),
/// and then RS(H − G) ≥ RS(H) − LS(G) > 0 (RS(A + B) ≥ RS(A) + RS(B)), and a
/// game whose Right stop is positive is positive; or the stops are one
/// number x with G ≤ x (the last bit of `gs[0]` is 0) and H ≥ x (that of
/// `hs[1]` is 1).
fn stops_decide(gs: [i64; 2], hs: [i64; 2]) -> Option<bool> {
    if gs[0] > hs[0] || gs[1] > hs[1] {
        Some(false)
    } else if gs[0] < hs[1] {
        Some(true)
    } else {
        None
    }
}

/// The error for a memo entry that an algorithm stored and then did not
/// find (a bug, reported instead of a panic).
fn missing_memo() -> crate::error::Error {
    crate::error::Error::invalid("internal error: a memoised game is missing")
}

//! Values of single coins, and the moves of a coin, for any turning rule.
//!
//! By the coin-turning theorem a position's value is the nim-sum of the values
//! of its heads coins, and the value `g(m)` of a lone heads coin at `m` is the
//! mex of the nim-sums `⊕ g(p)` over the other coins `p` of each legal move
//! whose rightmost coin is `m`. Those sets can be exponentially many (`1+`
//! turns any set), so [`coin_values`] never lists them: it sweeps the
//! candidate coins once, keeping for each count of coins chosen so far the set
//! of reachable nim-sums as a bit array. Listing moves ([`for_each_move`]) is
//! for winning moves and tests, and is budgeted.

use crate::budget::Budget;
use crate::error::{Error, ErrorKind, Result};

use super::rule::{CoinRule, Element, Spacing};

/// Largest coin value the bit arrays may hold (2^20 entries).
const MAX_VALUE_BITS: u32 = 20;

/// Most entries (count classes × bit-array size) one reach table may hold,
/// whatever the budget: 2^27 flags, twice that while a coin is added.
const MAX_TABLE_ENTRIES: u64 = 1 << 27;

/// Checks a reach table of `classes` bit arrays of `size` flags against
/// [`MAX_TABLE_ENTRIES`] and the budget before it is allocated. Adding an
/// item keeps a second copy, so the memory asked for is twice the table.
fn check_table(classes: usize, size: usize, budget: &Budget) -> Result<()> {
    let entries = (classes as u64).saturating_mul(size as u64);
    if entries > MAX_TABLE_ENTRIES {
        return Err(Error::new(
            ErrorKind::LimitExceeded,
            format!(
                "coin tables of {entries} entries ({classes} coin counts × values below {size}) \
                 exceed the limit of {MAX_TABLE_ENTRIES}: strip too long for this rule"
            ),
        ));
    }
    budget.check_positions(entries)?;
    budget.check_memory(entries.saturating_mul(2))
}

/// Count classes for "others" (coins turned besides the rightmost): `0..=top`,
/// where the top class also holds every larger count when the range is open.
#[derive(Clone)]
struct Counts {
    lowest: usize,
    top: usize,
    open: bool,
}

impl Counts {
    fn of(e: &Element) -> Option<Counts> {
        let lowest = (e.min as usize).saturating_sub(1).max(1);
        match e.max {
            Some(m) if (m as usize) < 2 => None,
            Some(m) => Some(Counts { lowest, top: m as usize - 1, open: false }),
            None => Some(Counts { lowest, top: lowest, open: true }),
        }
    }

    fn class(&self, count: usize) -> Option<usize> {
        if count <= self.top {
            Some(count)
        } else if self.open {
            Some(self.top)
        } else {
            None
        }
    }
}

/// For each count class, the set of nim-sums reachable by choosing items so
/// far, as bit arrays of a power-of-two size (all values below it).
struct Reach {
    counts: Counts,
    sets: Vec<Vec<bool>>,
}

impl Reach {
    /// The empty choice plus `base` (a nim-sum and how many coins it counts);
    /// `None` if that count is already too many. The table is checked
    /// against the budget before it is allocated.
    fn new(
        counts: Counts,
        size: usize,
        base: (u64, usize),
        budget: &Budget,
    ) -> Result<Option<Reach>> {
        let Some(start) = counts.class(base.1) else { return Ok(None) };
        check_table(counts.top + 1, size, budget)?;
        let mut sets = vec![vec![false; size]; counts.top + 1];
        sets[start][base.0 as usize] = true;
        Ok(Some(Reach { counts, sets }))
    }

    /// Grows the bit arrays to `size` (values already present stay valid),
    /// checking the grown table against the budget first.
    fn resize(&mut self, size: usize, budget: &Budget) -> Result<()> {
        if self.sets.first().is_some_and(|s| s.len() >= size) {
            return Ok(());
        }
        check_table(self.sets.len(), size, budget)?;
        for set in &mut self.sets {
            if set.len() < size {
                set.resize(size, false);
            }
        }
        Ok(())
    }

    /// Allows choosing one more item worth `value` that counts `coins` coins.
    fn add(&mut self, value: u64, coins: usize, work: &mut u64, budget: &Budget) -> Result<()> {
        let mut next = self.sets.clone();
        for (class, set) in self.sets.iter().enumerate() {
            let Some(target) = self.counts.class(class + coins) else { continue };
            for (x, _) in set.iter().enumerate().filter(|(_, on)| **on) {
                next[target][x ^ value as usize] = true;
            }
        }
        self.sets = next;
        *work += (self.sets[0].len() * self.sets.len()) as u64;
        budget.check(*work)
    }

    /// Marks in `options` the nim-sums of choices with an accepted count.
    fn mark(&self, options: &mut [bool]) {
        for set in self.sets.iter().skip(self.counts.lowest) {
            for (x, on) in set.iter().enumerate() {
                if *on {
                    options[x] = true;
                }
            }
        }
    }
}

/// Marks in `options` every nim-sum `base ⊕ ⊕(chosen items)` over subsets of
/// `items` (each `(value, coins)`) whose total coin count, with `base_count`,
/// falls in an accepted class.
fn sweep(
    items: &[(u64, usize)],
    base: (u64, usize),
    counts: Counts,
    options: &mut [bool],
    work: &mut u64,
    budget: &Budget,
) -> Result<()> {
    let Some(mut reach) = Reach::new(counts, options.len(), base, budget)? else { return Ok(()) };
    for &(value, coins) in items {
        reach.add(value, coins, work, budget)?;
    }
    reach.mark(options);
    Ok(())
}

/// Elements whose moves are "any coins among all those to the left" keep one
/// [`Reach`] across coins: the candidates for coin `m + 1` are those for `m`
/// plus coin `m` itself, so each coin costs one step, not a fresh sweep.
fn incremental(e: &Element) -> bool {
    e.spacing == Spacing::Any && e.span.is_none()
}

/// The values `g(1), …, g(n)` of single heads coins under `rule`, as
/// `values[p - 1] = g(p)`. The rule's reach is first clamped to the strip
/// ([`CoinRule::clamped`]), so a bound larger than `n` costs nothing, and
/// every table is checked against the budget before it is allocated.
pub fn coin_values(rule: &CoinRule, n: usize, budget: &Budget) -> Result<Vec<u64>> {
    let rule = &rule.clamped(n);
    let mut g: Vec<u64> = Vec::with_capacity(n);
    let mut work = 0u64;
    // Running reach sets of the incremental elements (None until started).
    let mut running: Vec<Option<Reach>> = rule.elements().iter().map(|_| None).collect();
    for m in 1..=n {
        let largest = g.iter().copied().max().unwrap_or(0);
        let size = (largest + 1).next_power_of_two().max(2) as usize;
        if size > 1 << MAX_VALUE_BITS {
            return Err(Error::new(
                ErrorKind::LimitExceeded,
                format!("coin values exceed 2^{MAX_VALUE_BITS} by coin {m}: strip too long"),
            ));
        }
        budget.check_positions(size as u64)?;
        let mut options = vec![false; size];
        for (e, run) in rule.elements().iter().zip(&mut running) {
            if incremental(e) {
                single_coin_option(e, m, &mut options);
                if let Some(reach) = run {
                    reach.resize(size, budget)?;
                    reach.mark(&mut options);
                }
            } else {
                element_options(e, &g, m, &mut options, &mut work, budget)?;
            }
        }
        let mex = options.iter().position(|o| !o).unwrap_or(options.len()) as u64;
        g.push(mex);
        // Coin m becomes a candidate for the coins to its right.
        let size = (mex.max(largest) + 1).next_power_of_two().max(2) as usize;
        for (e, run) in rule.elements().iter().zip(&mut running) {
            if !incremental(e) {
                continue;
            }
            match run {
                Some(reach) => {
                    reach.resize(size, budget)?;
                    reach.add(mex, 1, &mut work, budget)?;
                }
                None => {
                    if let Some(counts) = Counts::of(e) {
                        // With F the first coin is always turned: it is the base.
                        let base = if e.first { (mex, 1) } else { (0, 0) };
                        let mut reach = Reach::new(counts, size, base, budget)?;
                        if !e.first
                            && let Some(r) = &mut reach
                        {
                            r.add(mex, 1, &mut work, budget)?;
                        }
                        *run = reach;
                    }
                }
            }
        }
        budget.progress("coin values", m as u64, Some(n as u64));
    }
    Ok(g)
}

/// Turning coin `m` alone, if the element allows it.
/// The ranges one element allows on a strip of `m` coins: its span
/// (`usize::MAX` when unbounded), the lowest possible leftmost coin `lo`
/// (coins are numbered from 1), and the number of coins turned, `min_k..=max_k`
/// (at least 2: single coins are handled apart).
struct Bounds {
    span: usize,
    lo: usize,
    min_k: usize,
    max_k: usize,
}

impl Bounds {
    fn of(e: &Element, m: usize) -> Self {
        let span = e.span.map_or(usize::MAX, |s| s as usize);
        let lo = if span == usize::MAX { 1 } else { (m + 1).saturating_sub(span).max(1) };
        let max_k = e.max.map_or(m, |x| (x as usize).min(m));
        let min_k = (e.min as usize).max(2);
        Bounds { span, lo, min_k, max_k }
    }
}

fn single_coin_option(e: &Element, m: usize, options: &mut [bool]) {
    if e.min <= 1 && e.max.is_none_or(|x| x >= 1) && (!e.first || m == 1) {
        options[0] = true;
    }
}

fn element_options(
    e: &Element,
    g: &[u64],
    m: usize,
    options: &mut [bool],
    work: &mut u64,
    budget: &Budget,
) -> Result<()> {
    let gv = |p: usize| g[p - 1];
    single_coin_option(e, m, options);
    let Bounds { span, lo, min_k, max_k } = Bounds::of(e, m);
    match e.spacing {
        Spacing::Any => {
            let Some(counts) = Counts::of(e) else { return Ok(()) };
            if m == 1 {
                return Ok(());
            }
            if e.first {
                if lo != 1 {
                    return Ok(());
                }
                let items: Vec<(u64, usize)> = (2..m).map(|p| (gv(p), 1)).collect();
                sweep(&items, (gv(1), 1), counts, options, work, budget)?;
            } else {
                let items: Vec<(u64, usize)> = (lo..m).map(|p| (gv(p), 1)).collect();
                sweep(&items, (0, 0), counts, options, work, budget)?;
            }
        }
        Spacing::Consecutive => {
            let mut xor = 0;
            for k in 2..=max_k.min(span) {
                let p1 = m + 1 - k;
                xor ^= gv(p1);
                if k >= min_k && (!e.first || p1 == 1) {
                    options[xor as usize] = true;
                }
            }
        }
        Spacing::Equal => {
            for k in min_k..=max_k {
                let mut d = 1;
                while (k - 1) * d < m && (k - 1) * d < span {
                    let p1 = m - (k - 1) * d;
                    if !e.first || p1 == 1 {
                        let xor = (1..k).fold(0, |x, t| x ^ gv(m - t * d));
                        options[xor as usize] = true;
                    }
                    d += 1;
                }
                *work += m as u64;
                budget.check(*work)?;
            }
        }
        Spacing::Symmetric if e.max.is_some_and(|k| k <= 6) => {
            // Few coins per move: listing the symmetric sets (O(m^(k/2)) of
            // them) is cheaper than sweeping the pairs for every leftmost coin.
            let single = CoinRule::from_elements(vec![e.clone()]);
            for_each_move(&single, m, budget, |others| {
                let xor = others.iter().fold(0, |x, &p| x ^ gv(p));
                options[xor as usize] = true;
            })?;
        }
        Spacing::Symmetric => {
            let Some(counts) = Counts::of(e) else { return Ok(()) };
            let first_p1 = if e.first { 1 } else { lo };
            if e.first && lo != 1 {
                return Ok(());
            }
            let last_p1 = if e.first { 1.min(m - 1) } else { m - 1 };
            for p1 in first_p1..=last_p1 {
                if p1 >= m {
                    break;
                }
                let mut items: Vec<(u64, usize)> = Vec::new();
                let mut t = 1;
                while p1 + t < m - t {
                    items.push((gv(p1 + t) ^ gv(m - t), 2));
                    t += 1;
                }
                if (m - p1) % 2 == 0 {
                    items.push((gv((p1 + m) / 2), 1));
                }
                sweep(&items, (gv(p1), 1), counts.clone(), options, work, budget)?;
            }
        }
    }
    Ok(())
}

/// Calls `visit` with the other coins (positions from 1, increasing, all left
/// of `m`) of every legal move whose rightmost coin is `m`. A set allowed by
/// several elements may be visited more than once. Stops with the budget's
/// error when the moves are too many.
pub fn for_each_move(
    rule: &CoinRule,
    m: usize,
    budget: &Budget,
    mut visit: impl FnMut(&[usize]),
) -> Result<()> {
    let mut work = 0u64;
    let tick = |work: &mut u64| -> Result<()> {
        *work += 1;
        if *work % 4096 == 0 { budget.check(*work) } else { Ok(()) }
    };
    let mut set: Vec<usize> = Vec::new();
    for e in rule.elements() {
        if e.allows(&[m]) {
            visit(&[]);
        }
        let Bounds { span, lo, min_k, max_k } = Bounds::of(e, m);
        match e.spacing {
            Spacing::Symmetric => {
                // Leftmost coin p1, then symmetric pairs (p1 + t, m - t) and
                // possibly the centre: only symmetric sets are generated.
                let last_p1 = if e.first { 1 } else { m - 1 };
                for p1 in lo..=last_p1.min(m.saturating_sub(1)) {
                    let pairs: Vec<usize> = (1..).take_while(|t| p1 + t < m - t).collect();
                    let centre = (m - p1) % 2 == 0;
                    for k in min_k..=max_k {
                        for with_centre in [false, true] {
                            if with_centre && !centre {
                                continue;
                            }
                            let Some(rest) = (k - 2).checked_sub(usize::from(with_centre)) else {
                                continue;
                            };
                            if rest % 2 == 1 || rest / 2 > pairs.len() {
                                continue;
                            }
                            for_each_combination(
                                pairs.len(),
                                rest / 2,
                                &mut work,
                                budget,
                                |idx| {
                                    set.clear();
                                    set.push(p1);
                                    set.extend(idx.iter().map(|&i| p1 + pairs[i]));
                                    if with_centre {
                                        set.push((p1 + m) / 2);
                                    }
                                    set.extend(idx.iter().rev().map(|&i| m - pairs[i]));
                                    set.push(m);
                                    if e.allows(&set) {
                                        set.pop();
                                        visit(&set);
                                    }
                                },
                            )?;
                        }
                    }
                }
            }
            Spacing::Any => {
                // Choose `k - 1` others from [lo, m) by lexicographic combinations,
                // keeping the sets the element allows.
                let window: Vec<usize> = (lo..m).collect();
                for k in min_k..=max_k {
                    let c = k - 1;
                    if c > window.len() {
                        break;
                    }
                    let mut idx: Vec<usize> = (0..c).collect();
                    loop {
                        set.clear();
                        set.extend(idx.iter().map(|&i| window[i]));
                        set.push(m);
                        if e.allows(&set) {
                            set.pop();
                            visit(&set);
                        }
                        tick(&mut work)?;
                        // Advance to the next combination.
                        let mut i = c;
                        loop {
                            if i == 0 {
                                break;
                            }
                            i -= 1;
                            if idx[i] < window.len() - c + i {
                                idx[i] += 1;
                                for j in i + 1..c {
                                    idx[j] = idx[j - 1] + 1;
                                }
                                i = usize::MAX;
                                break;
                            }
                        }
                        if i != usize::MAX {
                            break;
                        }
                    }
                }
            }
            Spacing::Consecutive | Spacing::Equal => {
                for k in min_k..=max_k {
                    let mut d = 1;
                    while (k - 1) * d < m && (k - 1) * d < span {
                        set.clear();
                        set.extend((1..k).rev().map(|t| m - t * d));
                        set.push(m);
                        if e.allows(&set) {
                            set.pop();
                            visit(&set);
                        }
                        tick(&mut work)?;
                        if e.spacing == Spacing::Consecutive {
                            break;
                        }
                        d += 1;
                    }
                }
            }
        }
    }
    Ok(())
}

/// Calls `f` with every `r`-element subset of `0..n` (increasing indices),
/// in lexicographic order, checking the budget as it goes.
fn for_each_combination(
    n: usize,
    r: usize,
    work: &mut u64,
    budget: &Budget,
    mut f: impl FnMut(&[usize]),
) -> Result<()> {
    if r > n {
        return Ok(());
    }
    let mut idx: Vec<usize> = (0..r).collect();
    loop {
        f(&idx);
        *work += 1;
        if *work % 4096 == 0 {
            budget.check(*work)?;
        }
        let Some(i) = (0..r).rev().find(|&i| idx[i] < n - r + i) else { return Ok(()) };
        idx[i] += 1;
        for j in i + 1..r {
            idx[j] = idx[j - 1] + 1;
        }
    }
}

/// Calls `visit` with the other coins of every legal move whose rightmost
/// coin is `m` and whose other coins' values (`values[p - 1]`) have nim-sum
/// `target`. For unconstrained elements the last coin is found by lookup
/// instead of enumeration, so rules like `1-3` cost `O(m)` per coin, not
/// `O(m²)`. A set allowed by several elements may be visited more than once.
pub fn for_each_move_with_sum(
    rule: &CoinRule,
    values: &[u64],
    m: usize,
    target: u64,
    budget: &Budget,
    mut visit: impl FnMut(&[usize]),
) -> Result<()> {
    let sum = |set: &[usize]| set.iter().fold(0, |x, &p| x ^ values[p - 1]);
    let mut work = 0u64;
    let mut set: Vec<usize> = Vec::new();
    for e in rule.elements() {
        if matches!(e.spacing, Spacing::Consecutive | Spacing::Equal) {
            // One set per count and gap: its nim-sum is computed in place and
            // the set is built only when it matches.
            if e.allows(&[m]) && target == 0 {
                visit(&[]);
            }
            let Bounds { span, min_k, max_k, .. } = Bounds::of(e, m);
            for k in min_k..=max_k {
                let mut d = 1;
                while (k - 1) * d < m && (k - 1) * d < span {
                    if !e.first || m - (k - 1) * d == 1 {
                        let xor = (1..k).fold(0, |x, t| x ^ values[m - t * d - 1]);
                        if xor == target {
                            set.clear();
                            set.extend((1..k).rev().map(|t| m - t * d));
                            set.push(m);
                            if e.allows(&set) {
                                set.pop();
                                visit(&set);
                            }
                        }
                    }
                    work += k as u64;
                    if work % 4096 < k as u64 {
                        budget.check(work)?;
                    }
                    if e.spacing == Spacing::Consecutive {
                        break;
                    }
                    d += 1;
                }
            }
            continue;
        }
        if e.spacing != Spacing::Any {
            let single = CoinRule::from_elements(vec![e.clone()]);
            for_each_move(&single, m, budget, |others| {
                if sum(others) == target {
                    visit(others);
                }
            })?;
            continue;
        }
        if e.allows(&[m]) && target == 0 {
            visit(&[]);
        }
        let Bounds { lo, .. } = Bounds::of(e, m);
        if e.first && (lo != 1 || m == 1) {
            continue;
        }
        // Forced coins (coin 1 under F) and the window of free choices.
        let forced: Vec<usize> = if e.first { vec![1] } else { Vec::new() };
        let window: Vec<usize> = (lo.max(forced.len() + 1)..m).collect();
        // Window indices by value, built only when some count enumerates
        // more than one free coin (a single free coin is found by a scan).
        let mut by_value: Option<rustc_hash::FxHashMap<u64, Vec<usize>>> = None;
        let max_k = e.max.map_or(m, |x| (x as usize).min(m));
        let min_k = (e.min as usize).max(2);
        for k in min_k..=max_k {
            // Others: the forced coins plus `free` coins from the window.
            let Some(free) = (k - 1).checked_sub(forced.len()) else { continue };
            if free == 0 {
                if sum(&forced) == target {
                    visit(&forced);
                }
                continue;
            }
            if free > window.len() {
                break;
            }
            if free == 1 {
                let want = target ^ sum(&forced);
                for &p in window.iter().filter(|&&p| values[p - 1] == want) {
                    set.clear();
                    set.extend_from_slice(&forced);
                    set.push(p);
                    set.push(m);
                    if e.allows(&set) {
                        set.pop();
                        visit(&set);
                    }
                }
                work += window.len() as u64;
                budget.check(work)?;
                continue;
            }
            let by_value = by_value.get_or_insert_with(|| {
                let mut map: rustc_hash::FxHashMap<u64, Vec<usize>> = Default::default();
                for (i, &p) in window.iter().enumerate() {
                    map.entry(values[p - 1]).or_default().push(i);
                }
                map
            });
            // Enumerate the first free-1 window indices; look up the last.
            let head = free - 1;
            let mut idx: Vec<usize> = (0..head).collect();
            loop {
                if idx.last().is_none_or(|&l| l + 1 < window.len()) {
                    let partial =
                        sum(&forced) ^ idx.iter().fold(0, |x, &i| x ^ values[window[i] - 1]);
                    let after = idx.last().map_or(0, |&l| l + 1);
                    if let Some(list) = by_value.get(&(target ^ partial)) {
                        let from = list.partition_point(|&i| i < after);
                        for &i in &list[from..] {
                            set.clear();
                            set.extend_from_slice(&forced);
                            set.extend(idx.iter().map(|&j| window[j]));
                            set.push(window[i]);
                            set.push(m);
                            if e.allows(&set) {
                                set.pop();
                                visit(&set);
                            }
                        }
                    }
                }
                work += 1;
                if work % 4096 == 0 {
                    budget.check(work)?;
                }
                // Next combination of `head` indices among window.len() - 1
                // (the last chosen index must leave room for one more).
                let limit = window.len() - 1;
                let mut i = head;
                let mut advanced = false;
                while i > 0 {
                    i -= 1;
                    if idx[i] < limit - head + i {
                        idx[i] += 1;
                        for j in i + 1..head {
                            idx[j] = idx[j - 1] + 1;
                        }
                        advanced = true;
                        break;
                    }
                }
                if !advanced {
                    break;
                }
            }
        }
    }
    Ok(())
}

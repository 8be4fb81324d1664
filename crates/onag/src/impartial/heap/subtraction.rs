//! Subtraction games: one heap, and a move removes `k` stones for some `k` in a
//! set `S`.
//!
//! `S` is a finite set ([`SubtractionSet::Finite`]), an all-but set (every
//! `k ≥ 1` except a finite list, [`SubtractionSet::AllBut`]) or an infinite set
//! given by a [`Rule`]. The Grundy sequence `g(0), g(1), ...` is computed into a
//! table in one pass: for finite sets with fewer than 64 elements the values are
//! below 64, so the options' values are gathered in a `u64` bitmask and the mex is
//! one `trailing_ones`; other sets use a stamped scratch array, and all-but sets
//! keep a count of every value so far (the options are all earlier heaps but a
//! few).
//!
//! Periodicity is claimed only with a certificate:
//! - finite `S` with `m = max S`: `g(n)` depends only on the `m` values before it,
//!   so once a window `g(a..a+m)` reappears as `g(a+p..a+p+m)`, `g(n+p) = g(n)` for
//!   every `n ≥ a`. Brent's cycle finder over the windows (compared by a rolling
//!   hash, confirmed element by element) finds the least period; the preperiod is
//!   then the least start from which the table agrees with its shift by `p`.
//! - all-but `S`: `g(n)` depends only on the set of values of heaps below `n − m`
//!   and on the last `m` values; taken relative to the mex of that set, this state
//!   evolves the same way after a shift of every value. When the relative state
//!   at `n` reappears at `n + p`, shifted by `s`, then `g(j + p) = g(j) + s` for all
//!   `j ≥ n` (arithmetic periodicity, saltus `s`).
//! - rule sets: no claim.

use std::collections::BTreeSet;

use num_traits::{ToPrimitive, Zero};
use serde::Serialize;

use crate::budget::Budget;
use crate::error::{Error, Result};
use crate::impartial::Outcome;
use crate::number::{BigUint, serde_decimal};

/// How often (in heaps) long loops consult the budget.
const CHECK_EVERY: usize = 1 << 16;

/// An infinite subtraction set given by a rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Rule {
    /// The positive squares 1, 4, 9, 16, ...
    Squares,
    /// The powers of two 1, 2, 4, 8, ...
    PowersOf2,
    /// The primes 2, 3, 5, 7, ...
    Primes,
}

impl Rule {
    /// Every rule, in the order they are documented.
    pub const ALL: [Rule; 3] = [Rule::Squares, Rule::PowersOf2, Rule::Primes];

    /// The rule's name as the command line spells it.
    pub fn name(self) -> &'static str {
        match self {
            Rule::Squares => "squares",
            Rule::PowersOf2 => "powers-of-2",
            Rule::Primes => "primes",
        }
    }

    /// Parses a rule name (`squares`, `powers-of-2`, `primes`).
    pub fn parse(text: &str) -> Result<Rule> {
        Rule::ALL.into_iter().find(|r| r.name() == text).ok_or_else(|| {
            Error::invalid(format!(
                "unknown rule '{text}' (expected squares, powers-of-2 or primes)"
            ))
        })
    }

    /// The members of the set up to and including `upto`, ascending.
    pub fn members_upto(self, upto: u64) -> Vec<u64> {
        match self {
            Rule::Squares => {
                (1u64..).map_while(|i| i.checked_mul(i).filter(|&q| q <= upto)).collect()
            }
            Rule::PowersOf2 => (0..64).map(|e| 1u64 << e).take_while(|&q| q <= upto).collect(),
            Rule::Primes => primes_upto(upto),
        }
    }

    /// Whether `k` is in the set.
    pub fn contains(self, k: u64) -> bool {
        match self {
            Rule::Squares => {
                let r = k.isqrt();
                k > 0 && r * r == k
            }
            Rule::PowersOf2 => k.is_power_of_two(),
            Rule::Primes => k >= 2 && (2..).take_while(|d| d * d <= k).all(|d| k % d != 0),
        }
    }
}

/// The primes up to `upto` by the sieve of Eratosthenes.
fn primes_upto(upto: u64) -> Vec<u64> {
    let Ok(n) = usize::try_from(upto) else { return Vec::new() };
    if n < 2 {
        return Vec::new();
    }
    let mut composite = vec![false; n + 1];
    let mut primes = Vec::new();
    for i in 2..=n {
        if !composite[i] {
            primes.push(i as u64);
            let mut j = i.saturating_mul(i);
            while j <= n {
                composite[j] = true;
                j += i;
            }
        }
    }
    primes
}

/// The set of amounts a move may remove.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum SubtractionSet {
    /// A finite, non-empty set (sorted, without duplicates, no zero).
    Finite(Vec<u64>),
    /// Every `k ≥ 1` except these (sorted, without duplicates, no zero).
    AllBut(Vec<u64>),
    /// An infinite set given by a rule.
    Rule(Rule),
}

impl SubtractionSet {
    /// The finite set `members`; fails if it is empty or contains 0.
    pub fn finite(members: Vec<u64>) -> Result<Self> {
        let members = normalize(members)?;
        if members.is_empty() {
            return Err(Error::invalid("the subtraction set is empty: no move would be possible"));
        }
        Ok(SubtractionSet::Finite(members))
    }

    /// The all-but set: every `k ≥ 1` except `excluded`; fails if it contains 0.
    pub fn all_but(excluded: Vec<u64>) -> Result<Self> {
        Ok(SubtractionSet::AllBut(normalize(excluded)?))
    }

    /// Whether a move may remove `k` stones.
    pub fn contains(&self, k: u64) -> bool {
        match self {
            SubtractionSet::Finite(s) => s.binary_search(&k).is_ok(),
            SubtractionSet::AllBut(s) => k >= 1 && s.binary_search(&k).is_err(),
            SubtractionSet::Rule(r) => r.contains(k),
        }
    }
}

impl std::fmt::Display for SubtractionSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let list = |s: &[u64]| s.iter().map(u64::to_string).collect::<Vec<_>>().join(", ");
        match self {
            SubtractionSet::Finite(s) => write!(f, "{{{}}}", list(s)),
            SubtractionSet::AllBut(s) => write!(f, "all but {{{}}}", list(s)),
            SubtractionSet::Rule(r) => f.write_str(r.name()),
        }
    }
}

fn normalize(mut members: Vec<u64>) -> Result<Vec<u64>> {
    if members.contains(&0) {
        return Err(Error::invalid(
            "0 cannot be in a subtraction set (a move removes at least one stone)",
        ));
    }
    members.sort_unstable();
    members.dedup();
    Ok(members)
}

/// Parses a comma-separated list of positive integers such as `1,3,4`.
///
/// Errors name the offending item; the empty list is an error.
pub fn parse_set(text: &str) -> Result<Vec<u64>> {
    if text.trim().is_empty() {
        return Err(Error::invalid("the subtraction set is empty: no move would be possible"));
    }
    text.split(',')
        .map(|item| {
            let item = item.trim();
            if item.starts_with('-') && item.len() > 1 {
                return Err(Error::invalid(format!("'{item}' must not be negative")));
            }
            if item.is_empty() || !item.bytes().all(|b| b.is_ascii_digit() || b == b'^') {
                return Err(Error::invalid(format!("'{item}' is not a positive integer")));
            }
            let k = crate::number::parse_natural(item)
                .map_err(|_| Error::invalid(format!("'{item}' is not a positive integer")))?
                .to_u64()
                .ok_or_else(|| {
                    Error::invalid(format!(
                        "'{item}' is too large for a move (at most {})",
                        u64::MAX
                    ))
                })?;
            if k == 0 {
                return Err(Error::invalid(
                    "0 cannot be in a subtraction set (a move removes at least one stone)",
                ));
            }
            Ok(k)
        })
        .collect()
}

/// How a periodicity claim is proved.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Certificate {
    /// Finite set: `g(n)` depends only on the `width` values before it, and the
    /// window `g(start..start+width)` equals `g(start+period..start+period+width)`.
    Window {
        /// `max S`.
        width: u64,
        /// First heap of the repeated window.
        start: u64,
    },
    /// All-but set: the state at heap `at` (the values of heaps below
    /// `at − max S` and the last `max S` values, all relative to the mex of the
    /// former) equals the state at `at + period`, every value shifted by the saltus.
    RelativeState {
        /// `max S` (0 for the empty exclusion list).
        width: u64,
        /// The heap at which the state repeats.
        at: u64,
    },
}

/// A proved (arithmetic) periodicity: `g(n + period) = g(n) + saltus` for all
/// `n ≥ preperiod`, and `preperiod` is the least such start.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Periodicity {
    /// The least `n0` with `g(n + period) = g(n) + saltus` for every `n ≥ n0`.
    pub preperiod: u64,
    /// The period found (the least one for the certificate's state sequence).
    pub period: u64,
    /// 0 for ordinary periodicity; the growth per period for arithmetic periodicity.
    pub saltus: u64,
    /// Why the claim holds for every `n`, not only the computed ones.
    pub certificate: Certificate,
}

impl Periodicity {
    /// The claim and its proof in one English sentence.
    pub fn explain(&self) -> String {
        let (p, n0, s) = (self.period, self.preperiod, self.saltus);
        let claim = if s == 0 {
            format!("g(n+{p}) = g(n) for every n >= {n0}")
        } else {
            format!("g(n+{p}) = g(n) + {s} for every n >= {n0}")
        };
        match &self.certificate {
            Certificate::Window { width, start } => format!(
                "g(n) depends only on the {width} values before it (max S = {width}); the window \
                 g({start}..{}) repeats as g({}..{}), so {claim}",
                start + width,
                start + p,
                start + p + width
            ),
            // Nothing excluded: every amount may be taken (Nim).
            Certificate::RelativeState { width: 0, .. } => format!(
                "every amount may be taken, so g(n) = mex {{g(0), ..., g(n-1)}} = n by \
                 induction, and {claim}"
            ),
            Certificate::RelativeState { width, at } => format!(
                "g(n) depends only on the set of values below heap n-{width} and the last \
                 {width} values; relative to the mex of that set, the state at heap {at} \
                 repeats at heap {} shifted by {s}, so {claim}",
                at + p
            ),
        }
    }
}

/// The Grundy sequence of a subtraction game and what is proved about it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Analysis {
    /// The game.
    pub set: SubtractionSet,
    /// `g(0), g(1), ...`: at least up to the requested heap, and as far as the
    /// period search went.
    pub table: Vec<u32>,
    /// The proved periodicity, if one was found.
    pub periodicity: Option<Periodicity>,
    /// How many values the period search examined (0 for rule sets).
    pub searched: u64,
}

impl Analysis {
    /// `g(n)`: from the table, or beyond it through the proved periodicity.
    /// `None` when `n` is beyond the table and no periodicity is known.
    pub fn value(&self, n: &BigUint) -> Option<BigUint> {
        if let Some(i) = n.to_usize()
            && let Some(&g) = self.table.get(i)
        {
            return Some(BigUint::from(g));
        }
        let per = self.periodicity.as_ref()?;
        let pre = BigUint::from(per.preperiod);
        let offset = n - &pre;
        let p = BigUint::from(per.period);
        let r = (&offset % &p).to_usize()? + per.preperiod.to_usize()?;
        let q = &offset / &p;
        Some(BigUint::from(*self.table.get(r)?) + q * per.saltus)
    }

    /// The heaps `0..=upto` (within the table) of value 0: the P-positions.
    pub fn p_positions(&self, upto: usize) -> Vec<u64> {
        (0..self.table.len().min(upto.saturating_add(1)))
            .filter(|&n| self.table[n] == 0)
            .map(|n| n as u64)
            .collect()
    }
}

/// Computes `g(0..=upto)` and searches for a proved periodicity among the first
/// `max(upto + 1, search)` values (none is claimed for rule sets).
///
/// Fails if `upto + 1` values exceed the budget's position limit; the search
/// beyond `upto` stops quietly at that limit.
pub fn analyze(set: &SubtractionSet, upto: u64, search: u64, budget: &Budget) -> Result<Analysis> {
    let wanted = upto.checked_add(1).ok_or_else(|| Error::invalid("--upto is too large"))?;
    budget.check_positions(wanted)?;
    let limit = budget.max_positions().unwrap_or(u64::MAX);
    let search = search.max(wanted).min(limit.max(wanted));
    let to_len = |n: u64| -> Result<usize> {
        usize::try_from(n)
            .ok()
            .filter(|&n| n < u32::MAX as usize)
            .ok_or_else(|| Error::invalid(format!("{n} values do not fit in memory")))
    };
    let wanted = to_len(wanted)?;
    let search = to_len(search)?;
    match set {
        SubtractionSet::Finite(s) => {
            let (table, periodicity, searched) = finite(s, wanted, search, budget)?;
            Ok(Analysis { set: set.clone(), table, periodicity, searched })
        }
        SubtractionSet::AllBut(s) => {
            let (table, periodicity, searched) = all_but(s, wanted, search, budget)?;
            Ok(Analysis { set: set.clone(), table, periodicity, searched })
        }
        SubtractionSet::Rule(r) => {
            let members = r.members_upto(upto);
            let mut table = Vec::new();
            extend_table(&mut table, &members, wanted, budget)?;
            Ok(Analysis { set: set.clone(), table, periodicity: None, searched: 0 })
        }
    }
}

/// `g(0..len)` for the subtraction set whose members (ascending, positive) are
/// `members`, with no period search: the plain fast table.
pub fn grundy_table(members: &[u64], len: usize, budget: &Budget) -> Result<Vec<u32>> {
    budget.check_positions(len as u64)?;
    let mut table = Vec::new();
    extend_table(&mut table, members, len, budget)?;
    Ok(table)
}

/// Extends `table` (a prefix of the sequence) to `len` values. `members` must be
/// ascending and positive, and must contain every member up to `len - 1`.
fn extend_table(table: &mut Vec<u32>, members: &[u64], len: usize, budget: &Budget) -> Result<()> {
    table.reserve(len.saturating_sub(table.len()));
    // Values never exceed the number of options, so with fewer than 64 members
    // every value fits in one u64 mask; otherwise use stamps.
    let small = members.len() < 64;
    let mut stamp: Vec<u32> = Vec::new();
    while table.len() < len {
        let chunk_end = (table.len() + CHECK_EVERY).min(len);
        budget.check(table.len() as u64)?;
        if budget.reports_progress() {
            budget.progress("subtraction game", table.len() as u64, Some(len as u64));
        }
        for n in table.len()..chunk_end {
            let g = if small {
                let mut mask = 0u64;
                for &k in members {
                    if k as usize > n {
                        break;
                    }
                    mask |= 1u64 << table[n - k as usize];
                }
                mask.trailing_ones()
            } else {
                let mark = n as u32 + 1;
                for &k in members {
                    if k as usize > n {
                        break;
                    }
                    let v = table[n - k as usize] as usize;
                    if v >= stamp.len() {
                        stamp.resize(v + 1, 0);
                    }
                    stamp[v] = mark;
                }
                stamp.iter().position(|&s| s != mark).unwrap_or(stamp.len()) as u32
            };
            table.push(g);
        }
    }
    Ok(())
}

/// Rolling hash base for windows (odd, so multiplication is invertible mod 2^64;
/// collisions are harmless because equal hashes are confirmed element by element).
const HASH_BASE: u64 = 0x9E37_79B9_7F4A_7C15;

fn finite(
    members: &[u64],
    wanted: usize,
    search: usize,
    budget: &Budget,
) -> Result<(Vec<u32>, Option<Periodicity>, u64)> {
    let m = members.last().copied().unwrap_or(1) as usize;
    let mut table = Vec::new();
    // Enough values for the first windows; the search extends the table by doubling.
    let first = wanted.max(m.saturating_add(2).min(search));
    extend_table(&mut table, members, first, budget)?;
    if m >= search {
        return Ok((table, None, search as u64));
    }
    // Brent's cycle finder over the windows W(n) = g(n-m..n), n >= m.
    let base_m = (0..m).fold(1u64, |acc, _| acc.wrapping_mul(HASH_BASE));
    let mut hash =
        table[..m].iter().fold(0u64, |h, &v| h.wrapping_mul(HASH_BASE).wrapping_add(v as u64));
    let mut tortoise = m;
    let mut tortoise_hash = hash;
    let (mut power, mut lam) = (1usize, 1usize);
    let mut n = m; // the window W(n) has hash `hash`
    let found = loop {
        if n + 1 > search {
            break None;
        }
        if table.len() <= n {
            let next = (table.len() * 2).max(1024).min(search);
            extend_table(&mut table, members, next, budget)?;
        }
        // advance the hare from W(n) to W(n+1)
        hash = hash
            .wrapping_mul(HASH_BASE)
            .wrapping_sub((table[n - m] as u64).wrapping_mul(base_m))
            .wrapping_add(table[n] as u64);
        n += 1;
        if hash == tortoise_hash && table[tortoise - m..tortoise] == table[n - m..n] {
            break Some((tortoise, n - tortoise));
        }
        if power == lam {
            tortoise = n;
            tortoise_hash = hash;
            power *= 2;
            lam = 0;
        }
        lam += 1;
    };
    let searched = n as u64;
    let periodicity = found.map(|(t, p)| {
        let mut start = t - m;
        while start > 0 && table[start - 1] == table[start - 1 + p] {
            start -= 1;
        }
        Periodicity {
            preperiod: start as u64,
            period: p as u64,
            saltus: 0,
            certificate: Certificate::Window { width: m as u64, start: (t - m) as u64 },
        }
    });
    if table.len() < wanted {
        extend_table(&mut table, members, wanted, budget)?;
    }
    Ok((table, periodicity, searched))
}

/// Most state entries the all-but period search builds in total.
const MAX_DETECT_WORK: u64 = 1 << 28;

/// The state of an all-but game that determines its future up to a shift of
/// every value: the values of heaps below `n - m` above their mex, and the last
/// `m` values, all relative to that mex (values below it are marked `u32::MAX`).
fn relative_key(above: &BTreeSet<u32>, old_mex: u32, window: &[u32], key: &mut Vec<u32>) {
    key.clear();
    key.extend(above.iter().map(|&v| v - old_mex));
    key.push(u32::MAX);
    key.extend(window.iter().map(|&v| if v < old_mex { u32::MAX } else { v - old_mex }));
}

fn all_but(
    excluded: &[u64],
    wanted: usize,
    search: usize,
    budget: &Budget,
) -> Result<(Vec<u32>, Option<Periodicity>, u64)> {
    let m = excluded.last().copied().unwrap_or(0) as usize;
    let total = search.max(wanted);
    let mut table: Vec<u32> = Vec::new();
    // count[v]: heaps j < n with g(j) = v; `mex` is the mex of all of them.
    let mut count: Vec<u32> = vec![0; 1];
    let mut mex = 0u32;
    // The values of heaps below n - m: presence, mex, and those above the mex.
    let mut old_present: Vec<bool> = vec![false; 1];
    let mut old_mex = 0u32;
    let mut above: BTreeSet<u32> = BTreeSet::new();
    // Brent's cycle finder over the relative states at heaps n >= m.
    let mut key = Vec::new();
    let mut tortoise_key: Vec<u32> = Vec::new();
    let (mut tortoise, mut tortoise_mex) = (usize::MAX, 0u32);
    let (mut power, mut lam) = (1usize, 0usize);
    let mut found: Option<(usize, usize, u32)> = None;
    let mut searched = 0u64;
    // Building a state costs its length; past this much work the search stops
    // (the values are still computed), so wide exclusion lists cannot stall it.
    let mut detect_work: u64 = 0;
    let mut detecting = true;
    for n in 0..total {
        if n % CHECK_EVERY == 0 {
            budget.check(n as u64)?;
            if budget.reports_progress() {
                budget.progress("all-but subtraction game", n as u64, Some(total as u64));
            }
        }
        if detecting && found.is_none() && n >= m {
            // Heap n - m - 1 joined the old values at the end of the last step.
            relative_key(&above, old_mex, &table[n - m..n], &mut key);
            searched = n as u64 + 1;
            detect_work += key.len() as u64;
            if detect_work > MAX_DETECT_WORK {
                detecting = false;
            }
            if tortoise == usize::MAX {
                tortoise = n;
                tortoise_mex = old_mex;
                tortoise_key.clone_from(&key);
                lam = 1;
            } else if key == tortoise_key {
                found = Some((tortoise, n - tortoise, old_mex - tortoise_mex));
            } else {
                if power == lam {
                    tortoise = n;
                    tortoise_mex = old_mex;
                    tortoise_key.clone_from(&key);
                    power *= 2;
                    lam = 0;
                }
                lam += 1;
            }
        }
        if found.is_some() && n >= wanted {
            break;
        }
        // g(n) = mex of g(j), j < n, n - j not excluded.
        for &k in excluded {
            let k = k as usize;
            if k > n {
                break;
            }
            count[table[n - k] as usize] -= 1;
        }
        let mut g = mex;
        for &k in excluded {
            let k = k as usize;
            if k > n {
                break;
            }
            let v = table[n - k];
            if count[v as usize] == 0 && v < g {
                g = v;
            }
        }
        for &k in excluded {
            let k = k as usize;
            if k > n {
                break;
            }
            count[table[n - k] as usize] += 1;
        }
        table.push(g);
        if g as usize + 1 >= count.len() {
            count.resize(g as usize + 2, 0);
            old_present.resize(g as usize + 2, false);
        }
        count[g as usize] += 1;
        while count[mex as usize] > 0 {
            mex += 1;
            if mex as usize >= count.len() {
                count.resize(mex as usize + 1, 0);
                old_present.resize(mex as usize + 1, false);
            }
        }
        // Heap n + 1 - m - 1 = n - m joins the old values for the next step.
        if n >= m {
            let v = table[n - m];
            if !old_present[v as usize] {
                old_present[v as usize] = true;
                if v > old_mex {
                    above.insert(v);
                }
                while old_present[old_mex as usize] {
                    above.remove(&old_mex);
                    old_mex += 1;
                }
            }
        }
    }
    let periodicity = found.map(|(t, p, s)| {
        let mut start = t;
        while start > 0
            && u64::from(table[start - 1 + p]) == u64::from(table[start - 1]) + u64::from(s)
        {
            start -= 1;
        }
        Periodicity {
            preperiod: start as u64,
            period: p as u64,
            saltus: s as u64,
            certificate: Certificate::RelativeState { width: m as u64, at: t as u64 },
        }
    });
    Ok((table, periodicity, searched))
}

/// Every heap whose value is `t`, ascending, for a game with a proved arithmetic
/// period of positive saltus: below `preperiod + period` from the table, beyond
/// it `r + q·period` for each `r` in the first period with `g(r) + q·saltus = t`.
fn heaps_of_value(analysis: &Analysis, t: &BigUint) -> Vec<BigUint> {
    let Some(per) = &analysis.periodicity else { return Vec::new() };
    let (pre, p) = (per.preperiod as usize, per.period as usize);
    let s = BigUint::from(per.saltus);
    let mut out: Vec<BigUint> = (0..(pre + p).min(analysis.table.len()))
        .filter(|&j| BigUint::from(analysis.table[j]) == *t)
        .map(BigUint::from)
        .collect();
    if per.saltus > 0 {
        for r in pre..(pre + p).min(analysis.table.len()) {
            let g = BigUint::from(analysis.table[r]);
            if *t > g && ((t - &g) % &s).is_zero() {
                let q = (t - &g) / &s;
                out.push(BigUint::from(r) + q * per.period);
            }
        }
    }
    out.sort();
    out
}

/// One heap of a sum with its size and Grundy value.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct HeapValue {
    /// Index of the heap, 0-based.
    pub heap: usize,
    /// Stones in the heap.
    #[serde(serialize_with = "serde_decimal::serialize")]
    pub size: BigUint,
    /// Its Grundy value.
    #[serde(serialize_with = "serde_decimal::serialize")]
    pub value: BigUint,
}

/// A move in a sum of heaps: heap `heap` goes from `from` to `to` stones.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct HeapMove {
    /// Index of the heap, 0-based.
    pub heap: usize,
    /// Stones before the move.
    #[serde(serialize_with = "serde_decimal::serialize")]
    pub from: BigUint,
    /// Stones after the move.
    #[serde(serialize_with = "serde_decimal::serialize")]
    pub to: BigUint,
    /// Stones removed (`from - to`, a member of the set).
    #[serde(serialize_with = "serde_decimal::serialize")]
    pub take: BigUint,
}

/// The value of a sum of heaps, its outcome and every winning move.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct SumSolution {
    /// Each heap's value.
    pub values: Vec<HeapValue>,
    /// The nim-sum of the values.
    #[serde(serialize_with = "serde_decimal::serialize")]
    pub value: BigUint,
    /// P when the value is 0.
    pub outcome: Outcome,
    /// Every move to a sum of value 0, by heap then by size after the move.
    pub winning_moves: Vec<HeapMove>,
}

/// Values the sum of `heaps` and lists every winning move.
///
/// Heaps beyond the table need a proved periodicity (finite sets, or all-but
/// sets with an arithmetic period); rule games need every heap inside the
/// table. Fails naming the heap otherwise.
pub fn solve_sum(analysis: &Analysis, heaps: &[BigUint]) -> Result<SumSolution> {
    let too_big = |h: &BigUint| {
        Error::invalid(format!(
            "heap {h} is beyond the {} values computed and no periodicity is proved \
             (raise --upto or --search)",
            analysis.table.len()
        ))
    };
    // Finite sets extrapolate through their period; all-but sets through an
    // arithmetic period (saltus > 0, so each value has finitely many heaps).
    let extrapolates = match &analysis.set {
        SubtractionSet::Finite(_) => true,
        SubtractionSet::AllBut(_) => analysis.periodicity.as_ref().is_some_and(|p| p.saltus > 0),
        SubtractionSet::Rule(_) => false,
    };
    let mut values = Vec::with_capacity(heaps.len());
    for (i, h) in heaps.iter().enumerate() {
        let in_table = h.to_usize().is_some_and(|x| x < analysis.table.len());
        if !extrapolates && !in_table {
            return Err(too_big(h));
        }
        let value = analysis.value(h).ok_or_else(|| too_big(h))?;
        values.push(HeapValue { heap: i, size: h.clone(), value });
    }
    let total = values.iter().fold(BigUint::zero(), |acc, v| acc ^ &v.value);
    let mut winning_moves = Vec::new();
    if !total.is_zero() {
        for v in &values {
            let target = &v.value ^ &total;
            match &analysis.set {
                SubtractionSet::Finite(members) => {
                    for &k in members.iter().rev() {
                        let k = BigUint::from(k);
                        if k > v.size {
                            continue;
                        }
                        let to = &v.size - &k;
                        if analysis.value(&to).as_ref() == Some(&target) {
                            winning_moves.push(HeapMove {
                                heap: v.heap,
                                from: v.size.clone(),
                                to,
                                take: k,
                            });
                        }
                    }
                }
                SubtractionSet::AllBut(excluded)
                    if v.size.to_usize().is_none_or(|x| x >= analysis.table.len()) =>
                {
                    for to in heaps_of_value(analysis, &target) {
                        if to >= v.size {
                            break;
                        }
                        let take = &v.size - &to;
                        if take.to_u64().is_some_and(|k| excluded.binary_search(&k).is_ok()) {
                            continue;
                        }
                        winning_moves.push(HeapMove {
                            heap: v.heap,
                            from: v.size.clone(),
                            to,
                            take,
                        });
                    }
                }
                set => {
                    let Some(target) = target.to_u32() else { continue };
                    let from = v.size.to_usize().unwrap_or(0);
                    for to in 0..from {
                        if analysis.table[to] == target && set.contains((from - to) as u64) {
                            winning_moves.push(HeapMove {
                                heap: v.heap,
                                from: v.size.clone(),
                                to: BigUint::from(to),
                                take: BigUint::from(from - to),
                            });
                        }
                    }
                }
            }
        }
    }
    Ok(SumSolution {
        values,
        outcome: Outcome::from_zero(total.is_zero()),
        value: total,
        winning_moves,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn analysis(set: SubtractionSet, upto: u64) -> Analysis {
        analyze(&set, upto, 10_000, &Budget::unlimited()).unwrap()
    }

    #[test]
    fn s_1_3_4_has_period_7() {
        let a = analysis(SubtractionSet::finite(vec![1, 3, 4]).unwrap(), 16);
        assert_eq!(a.p_positions(16), vec![0, 2, 7, 9, 14, 16]);
        let p = a.periodicity.unwrap();
        assert_eq!((p.preperiod, p.period, p.saltus), (0, 7, 0));
    }

    #[test]
    fn all_but_nothing_is_nim() {
        let a = analysis(SubtractionSet::all_but(vec![]).unwrap(), 20);
        assert_eq!(a.table[..21], (0..=20).collect::<Vec<u32>>()[..]);
        let p = a.periodicity.unwrap();
        assert_eq!((p.period, p.saltus, p.preperiod), (1, 1, 0));
    }

    #[test]
    fn bad_sets() {
        assert!(parse_set("").is_err());
        assert!(parse_set("1,,3").is_err());
        assert!(parse_set("1,-3").unwrap_err().to_string().contains("negative"));
        assert!(parse_set("0").is_err());
        assert!(SubtractionSet::finite(vec![]).is_err());
    }
}

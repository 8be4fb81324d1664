//! Uptimals: the values `x + *m + a₁·↑ + a₂·↑² + … + aₖ·↑ᵏ`, recognised from
//! their canonical forms and built straight into canonical form.
//!
//! CGSuite calls such a value *uptimal* and writes its expansion `x*m.a₁a₂…aₖ`;
//! it prints `±↑ⁿ` as `^<n>`/`v<n>` and `±(↑ + … + ↑ⁿ)` as `^[n]`/`v[n]` (with
//! the number before and the star after), and sorts uptimals among options by
//! their expansions. Both need the expansion of a canonical form, for every n.
//!
//! The canonical form of an uptimal G with expansion `x*m.a₁…aₖ`, aₖ > 0, is
//! fixed by the expansion (aₖ < 0 is the negative of such a form). Write
//! `T` for the expansion cut after position `k−1` when aₖ = 1 and after the
//! last position holding a coefficient ≤ 0 otherwise, and `j` for the last
//! position holding a coefficient ≤ −1 (0 when there is none). Then G has
//! the single Right option `x*(m⊕1).(a₁−1)…(aₖ−1)` and as Left options
//! - (a) when j ≥ 1: `x*(m⊕1).(a₁+1)…(aⱼ+1)` and `T`;
//! - (b) else when a₁ = 0: `x, x*, …, x*(m−1)` and `T`;
//! - (c) else when a₁ = 1 and `x*m.a₁…aₖ` is confused with x: `x` and `T`;
//! - (d) otherwise `T` alone (with its star dropped when T has no
//!   coefficients left).
//!
//! [`Arena::uptimal_expansion`] reads expansions bottom-up by exactly these
//! rules (one Right option, Left options as listed, for G or for −G), and
//! [`Arena::uptimal_value`] builds the form top-down from them; the tests
//! check both against values built from the definition ↑ⁿ⁺¹ = {0 | ↓[n]*}
//! (`Arena::up_power`) by sums.
//!
//! Coefficients are stored run-length encoded, so ↑ⁿ, ↑ + … + ↑ⁿ and the
//! followers of their multiples take constant space whatever n is. Every walk
//! uses an explicit stack and a memo; nothing recurses on the depth.

use std::cmp::Ordering;

use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{Signed, ToPrimitive};
use rustc_hash::FxHashMap;

use super::arena::{Arena, GameId};
use super::nus::Nus;
use crate::error::{Error, ErrorKind, Result};
use crate::number::Dyadic;

/// The most coefficients [`Uptimal::expansion_text`] writes out.
pub const MAX_EXPANSION_DIGITS: u64 = 1 << 20;

fn overflow() -> Error {
    Error::new(ErrorKind::Overflow, "Overflow.")
}

/// An uptimal expansion `x*m.a₁a₂…aₖ`: the value x + *m + Σ aᵢ·↑ⁱ.
///
/// Invariant: the coefficients are kept as runs `(value, length)` with no
/// empty run, no two neighbouring runs of equal value and no run of zeros at
/// the end, so equal expansions are equal structs.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Uptimal {
    number: Dyadic,
    star: u64,
    runs: Vec<(i64, u64)>,
}

fn normalise(runs: impl IntoIterator<Item = (i64, u64)>) -> Vec<(i64, u64)> {
    let mut out: Vec<(i64, u64)> = Vec::new();
    for (v, n) in runs {
        if n == 0 {
            continue;
        }
        match out.last_mut() {
            Some(last) if last.0 == v => last.1 += n,
            _ => out.push((v, n)),
        }
    }
    while out.last().is_some_and(|r| r.0 == 0) {
        out.pop();
    }
    out
}

impl Uptimal {
    /// `number + *star + Σ coefficients[i−1]·↑ⁱ`.
    pub fn new(number: Dyadic, star: u64, coefficients: &[i64]) -> Self {
        Uptimal { number, star, runs: normalise(coefficients.iter().map(|&c| (c, 1))) }
    }

    /// The same from runs `(coefficient, how many positions)`.
    pub fn from_runs(number: Dyadic, star: u64, runs: &[(i64, u64)]) -> Self {
        Uptimal { number, star, runs: normalise(runs.iter().copied()) }
    }

    /// `x + n·↑ + *m`.
    pub fn from_nus(v: &Nus) -> Self {
        Uptimal::new(v.number.clone(), v.star, &[v.ups])
    }

    /// The number part x.
    pub fn number(&self) -> &Dyadic {
        &self.number
    }

    /// The nim value m of the star part.
    pub fn star(&self) -> u64 {
        self.star
    }

    /// The coefficients as runs `(value, length)` (no zeros at the end).
    pub fn runs(&self) -> &[(i64, u64)] {
        &self.runs
    }

    /// The expansion as CGSuite's `UptimalExpansion` prints it: the number
    /// part (left out when it is 0 and there is a star), the star (`*`,
    /// `*m`), a point, then one character per coefficient (`0`–`9`, `A`–`Z`
    /// for 10 to 35, `(d)` beyond), each negative one followed by `-`; `0`
    /// when there is none. An error past `MAX_EXPANSION_DIGITS` coefficients.
    pub fn expansion_text(&self) -> Result<String> {
        if self.length() > MAX_EXPANSION_DIGITS {
            return Err(Error::new(
                ErrorKind::LimitExceeded,
                format!(
                    "the expansion has {} coefficients, more than {MAX_EXPANSION_DIGITS} are written out",
                    self.length()
                ),
            ));
        }
        let mut out = String::new();
        if self.star == 0 || !self.number.is_zero() {
            out.push_str(&self.number.to_string());
        }
        if self.star != 0 {
            out.push('*');
            if self.star >= 2 {
                out.push_str(&self.star.to_string());
            }
        }
        out.push('.');
        if self.runs.is_empty() {
            out.push('0');
        }
        for &(value, length) in &self.runs {
            let d = value.unsigned_abs();
            let digit = match d {
                0..=9 => char::from(b'0' + d as u8).to_string(),
                10..=35 => char::from(b'A' + (d - 10) as u8).to_string(),
                _ => format!("({d})"),
            };
            for _ in 0..length {
                out.push_str(&digit);
                if value < 0 {
                    out.push('-');
                }
            }
        }
        Ok(out)
    }

    /// k: the last position with a non-zero coefficient (0 when none).
    pub fn length(&self) -> u64 {
        self.runs.iter().map(|r| r.1).sum()
    }

    /// aᵢ for i ≥ 1 (0 beyond the length).
    pub fn coefficient(&self, i: u64) -> i64 {
        let mut end = 0;
        for &(v, n) in &self.runs {
            end += n;
            if i >= 1 && i <= end {
                return v;
            }
        }
        0
    }

    fn last(&self) -> i64 {
        self.runs.last().map_or(0, |r| r.0)
    }

    /// Whether this is `x + *m ± ↑ⁿ` (at most one coefficient, ±1).
    pub fn is_unit(&self) -> bool {
        let nonzero: u64 = self.runs.iter().filter(|r| r.0 != 0).map(|r| r.1).sum();
        nonzero <= 1 && self.runs.iter().all(|r| r.0.abs() <= 1)
    }

    /// Whether this is `x + *m ± (↑ + ↑² + … + ↑ⁿ)` (all coefficients 1, or all −1).
    pub fn is_unit_sum(&self) -> bool {
        match self.runs.as_slice() {
            [] => true,
            [(v, _)] => v.abs() == 1,
            _ => false,
        }
    }

    /// The negative.
    pub fn negate(&self) -> Result<Uptimal> {
        let runs = self
            .runs
            .iter()
            .map(|&(v, n)| v.checked_neg().map(|v| (v, n)).ok_or_else(overflow))
            .collect::<Result<Vec<_>>>()?;
        Ok(Uptimal { number: -self.number.clone(), star: self.star, runs })
    }

    /// k copies (the negative's copies when k < 0).
    pub fn scale(&self, k: &BigInt) -> Result<Uptimal> {
        let number = self.number.checked_mul(&Dyadic::from_bigint(k))?;
        let star = if k.is_odd() { self.star } else { 0 };
        if self.runs.is_empty() {
            return Ok(Uptimal { number, star, runs: Vec::new() });
        }
        let k = k.to_i64().ok_or_else(overflow)?;
        let runs = self
            .runs
            .iter()
            .map(|&(v, n)| v.checked_mul(k).map(|v| (v, n)).ok_or_else(overflow))
            .collect::<Result<Vec<_>>>()?;
        Ok(Uptimal { number, star, runs: normalise(runs) })
    }

    /// The first `n` coefficients (star and number kept).
    fn truncate(&self, n: u64) -> Uptimal {
        let mut runs = Vec::new();
        let mut left = n;
        for &(v, len) in &self.runs {
            if left == 0 {
                break;
            }
            runs.push((v, len.min(left)));
            left -= len.min(left);
        }
        Uptimal { number: self.number.clone(), star: self.star, runs: normalise(runs) }
    }

    /// [`truncate`](Self::truncate), dropping the star when no coefficient is left.
    fn sharp_truncate(&self, n: u64) -> Uptimal {
        let mut t = self.truncate(n);
        if t.runs.is_empty() {
            t.star = 0;
        }
        t
    }

    /// One more at each of the first `to` positions (zeros beyond the length
    /// become 1), and the star toggled.
    fn increment(&self, to: u64) -> Result<Uptimal> {
        let mut runs = Vec::new();
        let mut pos = 0u64;
        for &(v, n) in &self.runs {
            if pos >= to {
                runs.push((v, n));
            } else {
                let inc = n.min(to - pos);
                runs.push((v.checked_add(1).ok_or_else(overflow)?, inc));
                runs.push((v, n - inc));
            }
            pos += n;
        }
        if to > pos {
            runs.push((1, to - pos));
        }
        Ok(Uptimal { number: self.number.clone(), star: self.star ^ 1, runs: normalise(runs) })
    }

    /// One less at each of the k positions, and the star toggled: the Right
    /// option of a form with aₖ > 0.
    fn decrement(&self) -> Result<Uptimal> {
        let runs = self
            .runs
            .iter()
            .map(|&(v, n)| v.checked_sub(1).map(|v| (v, n)).ok_or_else(overflow))
            .collect::<Result<Vec<_>>>()?;
        Ok(Uptimal { number: self.number.clone(), star: self.star ^ 1, runs: normalise(runs) })
    }

    /// The last position whose coefficient is at most `bound` (0 when none).
    fn last_at_most(&self, bound: i64) -> u64 {
        let mut end = self.length();
        for &(v, n) in self.runs.iter().rev() {
            if v <= bound {
                return end;
            }
            end -= n;
        }
        0
    }

    /// Whether the value is confused with its number part (the star decides:
    /// `x*m.a₁…` with a₁ = ±1 and m = 1 is confused exactly when the first
    /// coefficient that is not ±1 lies towards zero).
    fn is_confused(&self) -> bool {
        if self.star == 0 {
            return false;
        }
        let first = self.coefficient(1);
        if first == 0 {
            return true;
        }
        if self.star >= 2 {
            return false;
        }
        let positive = first > 0;
        for &(v, _) in &self.runs {
            if (positive && v > 1) || (!positive && v < -1) {
                return false;
            }
            if (positive && v < 1) || (!positive && v > -1) {
                return true;
            }
        }
        true
    }

    /// Where the Left options cut the expansion (`T` in the module doc).
    fn cut(&self) -> u64 {
        let k = self.length();
        if self.last() == 1 { k - 1 } else { self.last_at_most(0) }
    }

    /// The Left options of the canonical form when aₖ > 0 (cases (a)–(d)).
    fn left_options(&self) -> Result<Vec<Uptimal>> {
        let cut = self.cut();
        let j = self.last_at_most(-1);
        let plain = |star: u64| Uptimal { number: self.number.clone(), star, runs: Vec::new() };
        Ok(if j >= 1 {
            vec![self.truncate(j).increment(j)?, self.truncate(cut)]
        } else if self.coefficient(1) == 0 {
            let mut v: Vec<Uptimal> = (0..self.star).map(plain).collect();
            v.push(self.truncate(cut));
            v
        } else if self.coefficient(1) == 1 && self.is_confused() {
            vec![plain(0), self.truncate(cut)]
        } else {
            vec![self.sharp_truncate(cut)]
        })
    }

    /// Whether `lefts` are exactly the Left options of this (aₖ > 0) expansion.
    fn lefts_match(&self, lefts: &[Uptimal]) -> Result<bool> {
        let star_matches = lefts.iter().filter(|l| l.star == self.star ^ 1).count();
        if star_matches > 1 {
            return Ok(false);
        }
        // Case (b) can have many options: compare without building the list.
        if self.last_at_most(-1) == 0 && self.coefficient(1) == 0 {
            let t = self.truncate(self.cut());
            let m = self.star;
            return Ok(lefts.len() as u64 == m.saturating_add(1)
                && lefts.contains(&t)
                && lefts.iter().all(|l| *l == t || (l.runs.is_empty() && l.star < m)));
        }
        let want = self.left_options()?;
        Ok(want.len() == lefts.len() && want.iter().all(|w| lefts.contains(w)))
    }

    /// CGSuite's display order of uptimals: number, then coefficients from
    /// a₁ on (where both have them), then the shorter first, then the star.
    pub fn cmp_display(&self, other: &Uptimal) -> Ordering {
        let by_number = self.number.cmp(&other.number);
        if by_number != Ordering::Equal {
            return by_number;
        }
        let (mut i, mut j) = (0, 0);
        let (mut left_a, mut left_b) = (0u64, 0u64);
        while i < self.runs.len() && j < other.runs.len() {
            if left_a == 0 {
                left_a = self.runs[i].1;
            }
            if left_b == 0 {
                left_b = other.runs[j].1;
            }
            let c = self.runs[i].0.cmp(&other.runs[j].0);
            if c != Ordering::Equal {
                return c;
            }
            let step = left_a.min(left_b);
            left_a -= step;
            left_b -= step;
            if left_a == 0 {
                i += 1;
            }
            if left_b == 0 {
                j += 1;
            }
        }
        self.length().cmp(&other.length()).then(self.star.cmp(&other.star))
    }

    fn as_nus(&self) -> Option<Nus> {
        match self.runs.as_slice() {
            [] => Some(Nus { number: self.number.clone(), ups: 0, star: self.star }),
            [(v, 1)] => Some(Nus { number: self.number.clone(), ups: *v, star: self.star }),
            _ => None,
        }
    }
}

/// Expansions found so far (`None`: not an uptimal), keyed by game.
pub(super) type UptimalMemo = FxHashMap<GameId, Option<Uptimal>>;

impl Arena {
    /// The uptimal expansion of `g` when it is an uptimal, else `None`.
    ///
    /// ```
    /// use onag::game::Arena;
    /// let mut a = Arena::new();
    /// let g = a.up_power(5).unwrap();
    /// let e = a.uptimal_expansion(g).unwrap().unwrap();
    /// assert_eq!((e.length(), e.coefficient(5), e.is_unit()), (5, 1, true));
    /// ```
    pub fn uptimal_expansion(&mut self, g: GameId) -> Result<Option<Uptimal>> {
        let mut memo = UptimalMemo::default();
        self.uptimal_with(g, &mut memo)
    }

    /// Whether `g` is an uptimal (CGSuite's `IsUptimal`).
    pub fn is_uptimal(&mut self, g: GameId) -> Result<bool> {
        Ok(self.uptimal_expansion(g)?.is_some())
    }

    fn known_uptimal(&self, g: GameId, memo: &UptimalMemo) -> Option<Option<Uptimal>> {
        if let Some(v) = self.nus(g) {
            return Some(Some(Uptimal::from_nus(v)));
        }
        memo.get(&g).cloned()
    }

    /// [`uptimal_expansion`](Self::uptimal_expansion) with a memo that lives
    /// across calls (the printer asks about every game it prints).
    pub(super) fn uptimal_with(
        &mut self,
        g: GameId,
        memo: &mut UptimalMemo,
    ) -> Result<Option<Uptimal>> {
        if let Some(known) = self.known_uptimal(g, memo) {
            return Ok(known);
        }
        let mut stack = vec![g];
        while let Some(&top) = stack.last() {
            self.step()?;
            if memo.contains_key(&top) {
                stack.pop();
                continue;
            }
            let need = self.uptimal_needs(top, memo);
            if !need.is_empty() {
                stack.extend(need);
                continue;
            }
            let e = self.uptimal_from_options(top, memo)?;
            memo.insert(top, e);
            stack.pop();
        }
        Ok(memo.get(&g).cloned().flatten())
    }

    /// The options of a general game `g` whose expansions are still needed:
    /// the lone option on one side first, the other side only when that
    /// option is an uptimal.
    fn uptimal_needs(&self, g: GameId, memo: &UptimalMemo) -> Vec<GameId> {
        let (ls, rs) = (self.lefts(g), self.rights(g));
        let mut need = Vec::new();
        for (one, others) in [(rs, ls), (ls, rs)] {
            if let [single] = one {
                match self.known_uptimal(*single, memo) {
                    None => need.push(*single),
                    Some(Some(_)) => need.extend(
                        others.iter().copied().filter(|&o| self.known_uptimal(o, memo).is_none()),
                    ),
                    Some(None) => {}
                }
            }
        }
        need
    }

    /// The expansion of a general game whose needed options are known.
    fn uptimal_from_options(&self, g: GameId, memo: &UptimalMemo) -> Result<Option<Uptimal>> {
        let (ls, rs) = (self.lefts(g), self.rights(g));
        for negated in [false, true] {
            let (one, others) = if negated { (ls, rs) } else { (rs, ls) };
            let [single] = one else { continue };
            let Some(Some(right)) = self.known_uptimal(*single, memo) else { continue };
            let mut lefts = Vec::with_capacity(others.len());
            for &o in others {
                match self.known_uptimal(o, memo) {
                    Some(Some(e)) => lefts.push(if negated { e.negate()? } else { e }),
                    _ => {
                        lefts.clear();
                        break;
                    }
                }
            }
            if lefts.len() != others.len() || lefts.is_empty() {
                continue;
            }
            let right = if negated { right.negate()? } else { right };
            if let Some(e) = positive_expansion(&lefts, &right)? {
                return Ok(Some(if negated { e.negate()? } else { e }));
            }
        }
        Ok(None)
    }

    /// The canonical form of the uptimal `u`, built from its options (module
    /// doc) with a memo over expansions; number + ups + star values come
    /// packed.
    ///
    /// ```
    /// use onag::game::{Arena, Uptimal};
    /// use onag::number::Dyadic;
    /// let mut a = Arena::new();
    /// let g = a.uptimal_value(&Uptimal::new(Dyadic::zero(), 0, &[0, 1])).unwrap();
    /// assert_eq!(g, a.up_power(2).unwrap());
    /// ```
    pub fn uptimal_value(&mut self, u: &Uptimal) -> Result<GameId> {
        // From aₖ on, each Right move lowers |aₖ| by one: for k ≥ 2 those are
        // |aₖ| distinct general games, so refuse early what cannot fit.
        if u.length() >= 2 {
            let chain = u.last().unsigned_abs();
            self.budget.check_positions((self.records.len() as u64).saturating_add(chain))?;
        }
        let mut built: FxHashMap<Uptimal, GameId> = FxHashMap::default();
        let mut stack = vec![u.clone()];
        let mut rounds = 0u64;
        while let Some(top) = stack.last().cloned() {
            self.step()?;
            rounds += 1;
            if rounds & 0xfff == 0 {
                // Expansions waiting on the stack count as positions too.
                self.budget.check((self.records.len() + stack.len()) as u64)?;
            }
            if built.contains_key(&top) {
                stack.pop();
                continue;
            }
            if let Some(v) = top.as_nus() {
                let id = self.nus_id(v)?;
                built.insert(top, id);
                stack.pop();
                continue;
            }
            if top.last() < 0 {
                let pos = top.negate()?;
                match built.get(&pos) {
                    Some(&p) => {
                        let id = self.neg(p)?;
                        built.insert(top, id);
                        stack.pop();
                    }
                    None => stack.push(pos),
                }
                continue;
            }
            let right = top.decrement()?;
            let lefts = top.left_options()?;
            let missing: Vec<Uptimal> = lefts
                .iter()
                .chain(std::iter::once(&right))
                .filter(|o| !built.contains_key(*o))
                .cloned()
                .collect();
            if !missing.is_empty() {
                stack.extend(missing);
                continue;
            }
            let l: Vec<GameId> = lefts.iter().map(|o| built[o]).collect();
            let id = self.from_options(&l, &[built[&right]])?;
            built.insert(top, id);
            stack.pop();
        }
        Ok(built[u])
    }
}

/// The expansion with aₖ > 0 whose canonical form has Right option `right`
/// and Left options `lefts`, if there is one.
fn positive_expansion(lefts: &[Uptimal], right: &Uptimal) -> Result<Option<Uptimal>> {
    if lefts.iter().any(|l| l.number != right.number) {
        return Ok(None);
    }
    let k = right.length();
    if k > 0 && right.last() > 0 {
        let e = right.increment(k)?;
        if e.lefts_match(lefts)? {
            return Ok(Some(e));
        }
    }
    let longest = lefts.iter().map(Uptimal::length).max().unwrap_or(0);
    let e = right.increment(k.max(longest) + 1)?;
    Ok(if e.lefts_match(lefts)? { Some(e) } else { None })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_are_normalised() {
        let u = Uptimal::new(Dyadic::zero(), 0, &[0, 0, 1, 1, 0, 0]);
        assert_eq!(u.runs(), &[(0, 2), (1, 2)]);
        assert_eq!(u.length(), 4);
        assert_eq!(u.coefficient(3), 1);
        assert_eq!(u.coefficient(9), 0);
        assert_eq!(u.increment(6).unwrap().runs(), &[(1, 2), (2, 2), (1, 2)]);
        assert_eq!(u.truncate(3).runs(), &[(0, 2), (1, 1)]);
        assert_eq!(u.last_at_most(0), 2);
    }

    #[test]
    fn display_order_puts_shorter_first_on_a_common_prefix() {
        let z = Dyadic::zero();
        let star = Uptimal::new(z.clone(), 1, &[]);
        let down = Uptimal::new(z.clone(), 0, &[-1]);
        assert_eq!(star.cmp_display(&down), Ordering::Less);
        let a = Uptimal::new(z.clone(), 0, &[1, 1]);
        let b = Uptimal::new(z, 0, &[1, 1, 1]);
        assert_eq!(a.cmp_display(&b), Ordering::Less);
    }
}

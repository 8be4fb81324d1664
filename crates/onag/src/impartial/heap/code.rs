//! Take-and-break codes (octal, hexadecimal and CGSuite's extended syntax),
//! parsed once into a move rule that streams a heap's options.
//!
//! A code `d0.d1d2d3…` says what a move may do: digit `dj` (tokens removed
//! `j`) is a set of heap counts, bit `i` set meaning "remove `j` tokens and
//! leave exactly `i` non-empty heaps". Digits are base-32 characters
//! (`0`–`9`, `A`–`V`, any case), `&N;` with `N` in decimal, or CGSuite's
//! generalised digits: the heap counts listed in braces, the last one
//! possibly open (`{2,3}` is `C`; `{2+}` leaves two or more heaps, as many
//! as the tokens allow); a digit may be followed by a constraint on the
//! heaps it leaves: `!` pairwise unequal, `?` not all equal, `=` all equal. A bracketed suffix `[…]` repeats forever
//! (`0.[3]` is Nim). Digits left of the last one before the point would add
//! tokens; only zeros are accepted there (`04.3` is `4.3`).
//!
//! Invariants of a parsed [`TakeAndBreak`]: the digit before the point never
//! allows leaving 0 or 1 heaps (so every move shrinks the position and the
//! game ends); the digits are normalised (constraints only on digits that
//! leave two or more heaps, no trailing zeros, a shortest repeating suffix
//! rolled back as far as it goes), so two codes of the same rule compare
//! equal and print the same way, as CGSuite prints them.

use std::fmt;
use std::ops::ControlFlow;

use crate::error::{Error, Location, Result};
use crate::impartial::heap::HeapRuleset;

/// The most digits a code may have (the digit before the point included).
pub const MAX_CODE_LEN: usize = 4096;

/// The longest code text accepted: room for [`MAX_CODE_LEN`] digits in
/// their longest printed form (an open digit listing every count below 64,
/// about 200 characters), so every code prints to a text that parses.
pub const MAX_CODE_TEXT: usize = 1 << 20;

/// The most options the open digits (`{k+}`) may give a heap: past it,
/// listing them one by one is refused with an error (`{2+}.0` passes it at
/// 61 tokens: 61 has 1,121,505 partitions).
pub const MAX_OPTIONS: u64 = 1 << 20;

/// The most options leaving three heaps or more that the fixed digits may
/// give one heap while its options are listed (`0.&128;` leaves seven):
/// past it the heap is refused with an error instead of listing for ever.
/// Above [`MAX_OPTIONS`], so that the three-heap codes reach heaps of
/// 7,000 (`8.0` has 1.3 million options at heap 4,000, 4.2 million at 7,100).
pub const MAX_WIDE_OPTIONS: u64 = 1 << 22;

/// A constraint on the heaps a move leaves (CGSuite's `!`, `?`, `=`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Constraint {
    /// Any sizes.
    Any,
    /// `!`: the heaps left are pairwise unequal.
    Unequal,
    /// `?`: the heaps left are not all equal.
    NotAllEqual,
    /// `=`: the heaps left are all equal.
    Equal,
}

impl Constraint {
    fn symbol(self) -> &'static str {
        match self {
            Constraint::Any => "",
            Constraint::Unequal => "!",
            Constraint::NotAllEqual => "?",
            Constraint::Equal => "=",
        }
    }

    /// Whether the non-decreasing heap sizes `parts` satisfy the constraint.
    pub fn allows(self, parts: &[usize]) -> bool {
        match self {
            Constraint::Any => true,
            Constraint::Unequal => parts.windows(2).all(|w| w[0] != w[1]),
            Constraint::NotAllEqual => parts.windows(2).any(|w| w[0] != w[1]),
            Constraint::Equal => parts.windows(2).all(|w| w[0] == w[1]),
        }
    }
}

/// One digit of a code: which heap counts a move may leave, and how.
///
/// Invariant: when `from` is `Some(k)`, every bit of `heaps` from `k` to 63
/// is set too, so code that reads only `heaps` sees every count below 64.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Digit {
    /// Bit `i` set: the move may leave exactly `i` non-empty heaps.
    pub heaps: u64,
    /// `Some(k)`: the move may also leave any number of heaps from `k` on
    /// (CGSuite's `{k+}`).
    pub from: Option<u32>,
    /// The constraint on the heaps left (only meaningful for two or more).
    pub constraint: Constraint,
}

impl Digit {
    /// The digit that allows nothing.
    pub const ZERO: Digit = Digit { heaps: 0, from: None, constraint: Constraint::Any };

    /// A digit allowing the heap counts in `heaps`, normalised.
    pub fn new(heaps: u64, constraint: Constraint) -> Digit {
        Digit::open(heaps, None, constraint)
    }

    /// A digit allowing the counts in `heaps` and, with `from = Some(k)`,
    /// every count from `k` on; normalised.
    pub fn open(heaps: u64, mut from: Option<u32>, constraint: Constraint) -> Digit {
        // `{2,3+}` is `{2+}`: the open count starts as low as it can.
        while let Some(k) = from
            && k > 0
            && k <= 64
            && heaps >> (k - 1) & 1 == 1
        {
            from = Some(k - 1);
        }
        let above = match from {
            Some(k) if k < 64 => u64::MAX << k,
            _ => 0,
        };
        let heaps = heaps | above;
        let constraint =
            if heaps >> 2 == 0 && from.is_none() { Constraint::Any } else { constraint };
        Digit { heaps, from, constraint }
    }

    /// Whether the digit allows nothing.
    pub fn is_zero(self) -> bool {
        self.heaps == 0 && self.from.is_none()
    }

    /// The largest number of heaps the digit may leave (0 for the zero
    /// digit, `u32::MAX` for an open digit).
    pub fn max_heaps(self) -> u32 {
        if self.from.is_some() {
            return u32::MAX;
        }
        63 - self.heaps.leading_zeros().min(63)
    }
}

impl fmt::Display for Digit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const BASE32: &[u8; 32] = b"0123456789ABCDEFGHIJKLMNOPQRSTUV";
        if let Some(k) = self.from {
            // `{2,5+}`: the counts below k, then k and more.
            let listed: Vec<String> = (0..k.min(64))
                .filter(|i| self.heaps >> i & 1 == 1)
                .map(|i| i.to_string())
                .collect();
            f.write_str("{")?;
            for count in listed {
                write!(f, "{count},")?;
            }
            write!(f, "{k}+}}")?;
            return f.write_str(self.constraint.symbol());
        }
        match usize::try_from(self.heaps) {
            Ok(d) if d < 32 => write!(f, "{}", BASE32[d] as char)?,
            _ => write!(f, "&{};", self.heaps)?,
        }
        f.write_str(self.constraint.symbol())
    }
}

/// A take-and-break rule parsed from its code.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct TakeAndBreak {
    /// `digits[j]` is the digit for removing `j` tokens.
    digits: Vec<Digit>,
    /// When `Some(r)`, `digits[r..]` repeats forever after the last digit.
    repeat_from: Option<usize>,
}

fn syntax(text: &str, byte: usize, message: impl Into<String>) -> Error {
    Error::syntax(Location::of_offset(text, byte), message)
}

impl TakeAndBreak {
    /// Parses a code such as `0.77`, `4!.0`, `0.3F`, `0.[3]` or `0.&64;`.
    pub fn parse(text: &str) -> Result<TakeAndBreak> {
        Parser { text, bytes: text.as_bytes(), pos: 0 }.code()
    }

    /// A rule from digits (index = tokens removed) and an optional start of a
    /// repeating suffix; validated and normalised like a parsed code.
    pub fn from_digits(digits: Vec<Digit>, repeat_from: Option<usize>) -> Result<TakeAndBreak> {
        let first = digits.first().copied().unwrap_or(Digit::ZERO);
        if first.heaps & 0b11 != 0 {
            return Err(Error::invalid(
                "the digit before '.' must not allow leaving 0 or 1 heaps: a move that removes \
                 no tokens must split the heap",
            ));
        }
        if let Some(r) = repeat_from
            && r >= digits.len()
        {
            return Err(Error::invalid("the repeating part of a code must not be empty"));
        }
        if digits.len() > MAX_CODE_LEN {
            return Err(Error::invalid(format!(
                "a take-and-break code has at most {MAX_CODE_LEN} digits"
            )));
        }
        Ok(Self::normalise(digits, repeat_from))
    }

    /// The subtraction game with subtraction set `set` (remove `s` tokens for
    /// `s` in the set, leaving one heap or none): digit 3 at each position in
    /// the set. With `all_but`, every positive number except those in `set`
    /// may be removed: `0.[3]` with zeros at the positions in the set.
    pub fn from_subtraction_set(set: &[usize], all_but: bool) -> Result<TakeAndBreak> {
        Self::from_set_with_digit(set, Digit::new(3, Constraint::Any), all_but)
    }

    /// CGSuite's `FromSubtractionSet(set, digit, allbut)`: `digit` at each
    /// position in `set` and 0 elsewhere; with `all_but`, 0 at the
    /// positions in `set` and `digit` at every other positive position.
    pub fn from_set_with_digit(set: &[usize], digit: Digit, all_but: bool) -> Result<TakeAndBreak> {
        if set.contains(&0) {
            return Err(Error::invalid("a subtraction set holds positive numbers only"));
        }
        let len = set.iter().max().map_or(0, |&m| m + 1);
        if len > MAX_CODE_LEN {
            return Err(Error::invalid(format!(
                "subtraction sets are limited to numbers up to {}",
                MAX_CODE_LEN - 1
            )));
        }
        let three = digit;
        let mut digits = vec![if all_but { three } else { Digit::ZERO }; len.max(1)];
        digits[0] = Digit::ZERO;
        for &s in set {
            digits[s] = if all_but { Digit::ZERO } else { three };
        }
        if all_but {
            digits.push(three);
            let r = digits.len() - 1;
            Self::from_digits(digits, Some(r))
        } else {
            Self::from_digits(digits, None)
        }
    }

    /// The ruleset whose moves are those of `self` and those of `other`
    /// (CGSuite's `R.Join(S)`): digit by digit, the heap counts either
    /// allows. Fails when two digits put different constraints on the heaps
    /// left, which one digit cannot say.
    pub fn join(&self, other: &TakeAndBreak) -> Result<TakeAndBreak> {
        // Both codes are fixed digits, then a period (a code without one
        // repeats 0 with period 1): join over the later start and the least
        // common multiple of the periods.
        let shape = |c: &TakeAndBreak| match c.repeat_from {
            Some(r) => (r, c.digits.len() - r),
            None => (c.digits.len(), 1),
        };
        let ((ra, pa), (rb, pb)) = (shape(self), shape(other));
        let gcd = |mut a: usize, mut b: usize| {
            while b != 0 {
                (a, b) = (b, a % b);
            }
            a
        };
        let period = pa / gcd(pa, pb) * pb;
        let start = ra.max(rb);
        if start + period > MAX_CODE_LEN {
            return Err(Error::invalid("the joined code is too long"));
        }
        let mut digits = Vec::with_capacity(start + period);
        // A constraint speaks only of two or more heaps left.
        let constrains = |d: Digit| d.max_heaps() >= 2;
        for j in 0..start + period {
            let (a, b) = (self.digit(j), other.digit(j));
            digits.push(if a.is_zero() {
                b
            } else if b.is_zero() || a == b {
                a
            } else if a.constraint == b.constraint || !constrains(a) || !constrains(b) {
                let constraint = if constrains(a) { a.constraint } else { b.constraint };
                let from = match (a.from, b.from) {
                    (Some(x), Some(y)) => Some(x.min(y)),
                    (x, y) => x.or(y),
                };
                Digit::open(a.heaps | b.heaps, from, constraint)
            } else {
                return Err(Error::invalid(format!(
                    "the codes' digits for removing {j} constrain the heaps left differently"
                )));
            });
        }
        let repeats = self.repeat_from.is_some() || other.repeat_from.is_some();
        Self::from_digits(digits, repeats.then_some(start))
    }

    fn normalise(mut digits: Vec<Digit>, mut repeat_from: Option<usize>) -> TakeAndBreak {
        for d in &mut digits {
            *d = Digit::open(d.heaps, d.from, d.constraint);
        }
        if let Some(r) = repeat_from {
            if digits[r..].iter().all(|d| d.is_zero()) {
                digits.truncate(r);
                repeat_from = None;
            } else {
                // Shortest period of the repeating part.
                let block = digits.split_off(r);
                let p = (1..=block.len())
                    .find(|&p| {
                        block.len() % p == 0 && (p..block.len()).all(|i| block[i] == block[i - p])
                    })
                    .unwrap_or(block.len());
                digits.extend_from_slice(&block[..p]);
                // Roll the period back while the digit before it equals its last digit.
                let mut r = r;
                while r > 1 && digits[r - 1] == digits[digits.len() - 1] {
                    digits.pop();
                    r -= 1;
                }
                repeat_from = Some(r);
            }
        }
        if repeat_from.is_none() {
            while digits.len() > 1 && digits.last().is_some_and(|d| d.is_zero()) {
                digits.pop();
            }
        }
        if digits.is_empty() {
            digits.push(Digit::ZERO);
        }
        TakeAndBreak { digits, repeat_from }
    }

    /// The digits, index = tokens removed (the repeating part once).
    pub fn digits(&self) -> &[Digit] {
        &self.digits
    }

    /// Where the repeating suffix starts, if the code has one.
    pub fn repeat_from(&self) -> Option<usize> {
        self.repeat_from
    }

    /// The digit for removing `j` tokens.
    pub fn digit(&self, j: usize) -> Digit {
        match (self.digits.get(j), self.repeat_from) {
            (Some(&d), _) => d,
            (None, Some(r)) => {
                let p = self.digits.len() - r;
                self.digits[r + (j - r) % p]
            }
            (None, None) => Digit::ZERO,
        }
    }

    /// Whether the code has finitely many non-zero digits.
    pub fn is_finite(&self) -> bool {
        self.repeat_from.is_none()
    }

    /// The most tokens a move may remove (`None` when unbounded).
    pub fn max_removal(&self) -> Option<usize> {
        self.is_finite().then(|| self.digits.len() - 1)
    }

    /// The most heaps a move may leave (`u32::MAX` for a code with an open
    /// digit).
    pub fn max_heaps(&self) -> u32 {
        self.digits.iter().map(|d| d.max_heaps()).max().unwrap_or(0)
    }

    /// Whether some digit that leaves two or more heaps has a constraint.
    pub fn is_constrained(&self) -> bool {
        self.digits.iter().any(|d| d.constraint != Constraint::Any)
    }

    /// Whether some digit leaves any number of heaps from some count on.
    pub fn is_open(&self) -> bool {
        self.digits.iter().any(|d| d.from.is_some())
    }

    /// Whether the code is octal: finite, unconstrained, digits 0–7.
    pub fn is_octal(&self) -> bool {
        self.is_finite() && !self.is_constrained() && self.max_heaps() <= 2
    }

    /// An upper bound on the number of options that the open digits (`{k+}`)
    /// give a heap of `n` tokens, and every smaller heap, saturating at
    /// `u64::MAX`: an `=` digit gives at most one option per divisor of the
    /// `m` tokens left (at most `2√m + 2`),
    /// a `!` digit at most the partitions of `m` into distinct parts, any
    /// other at most the partitions of `m`. (Digits that leave at most 63
    /// heaps are not counted: their options are listed as they always were.)
    pub fn open_option_bound(&self, n: usize) -> u64 {
        if !self.is_open() {
            return 0;
        }
        let last = match self.repeat_from {
            None => (self.digits.len() - 1).min(n),
            Some(_) => n,
        };
        let mut total = 0u64;
        for j in 0..=last {
            let d = self.digit(j);
            let m = n - j;
            let count = match (d.from, d.constraint) {
                (None, _) => 0,
                // Divisors pair up around √m.
                (Some(_), Constraint::Equal) => 2 * m.isqrt() as u64 + 2,
                (Some(_), c) => partition_count(m, c == Constraint::Unequal),
            };
            total = total.saturating_add(count);
        }
        total
    }

    /// An error when the open digits may give a heap of `n` tokens more
    /// than [`MAX_OPTIONS`] options (see
    /// [`open_option_bound`](Self::open_option_bound)).
    pub fn check_options(&self, n: usize) -> Result<()> {
        if self.open_option_bound(n) > MAX_OPTIONS {
            return Err(Error::new(
                crate::error::ErrorKind::LimitExceeded,
                format!(
                    "a heap of {n} under {self} may have more than {MAX_OPTIONS} options, too many to list one by one"
                ),
            ));
        }
        Ok(())
    }

    /// Streams the options of a heap of `n` tokens: each option is the list
    /// of heaps left, sizes non-decreasing (empty when the move takes the
    /// whole heap). `f` may stop the stream early. Only an open digit's
    /// counts past 63 allocate.
    pub fn for_each_option<F>(&self, n: usize, mut f: F) -> ControlFlow<()>
    where
        F: FnMut(&[usize]) -> ControlFlow<()>,
    {
        let last = match self.repeat_from {
            None => (self.digits.len() - 1).min(n),
            Some(_) => n,
        };
        let mut parts = [0usize; 64];
        for j in 0..=last {
            let digit = self.digit(j);
            let m = n - j;
            let mut bits = digit.heaps;
            while bits != 0 {
                let i = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                match i {
                    0 if m == 0 => f(&[])?,
                    0 => {}
                    1 if m >= 1 => f(&[m])?,
                    1 => {}
                    _ => partitions(m, &mut parts[..i], digit.constraint, &mut f)?,
                }
            }
            // An open digit's counts past the 64 the mask holds.
            if let Some(k) = digit.from {
                let first = (k as usize).max(64);
                let counts: Vec<usize> = if digit.constraint == Constraint::Equal {
                    divisors(m).into_iter().filter(|&i| i >= first).collect()
                } else {
                    (first..=m).collect()
                };
                let mut many = Vec::new();
                for i in counts {
                    many.resize(i, 0);
                    partitions(m, &mut many, digit.constraint, &mut f)?;
                }
            }
        }
        ControlFlow::Continue(())
    }
}

/// The divisors of `m`, ascending.
fn divisors(m: usize) -> Vec<usize> {
    let mut low = Vec::new();
    let mut high = Vec::new();
    let mut d = 1;
    while d * d <= m {
        if m % d == 0 {
            low.push(d);
            if d * d != m {
                high.push(m / d);
            }
        }
        d += 1;
    }
    low.extend(high.into_iter().rev());
    low
}

/// The number of partitions of `m` (into distinct parts when `distinct`),
/// saturating at `u64::MAX`.
fn partition_count(m: usize, distinct: bool) -> u64 {
    // Past these the counts exceed any option limit (p(416) and q(1300)
    // pass 2^64 - 1): no need to count.
    let cap = if distinct { 1300 } else { 416 };
    if m > cap {
        return u64::MAX;
    }
    let mut count = vec![0u64; m + 1];
    count[0] = 1;
    for part in 1..=m {
        if distinct {
            for total in (part..=m).rev() {
                count[total] = count[total].saturating_add(count[total - part]);
            }
        } else {
            for total in part..=m {
                count[total] = count[total].saturating_add(count[total - part]);
            }
        }
    }
    count[m]
}

/// Calls `f` with every partition of `m` into `parts.len()` positive,
/// non-decreasing parts that `constraint` allows.
fn partitions<F>(
    m: usize,
    parts: &mut [usize],
    constraint: Constraint,
    f: &mut F,
) -> ControlFlow<()>
where
    F: FnMut(&[usize]) -> ControlFlow<()>,
{
    let k = parts.len();
    if m < k {
        return ControlFlow::Continue(());
    }
    if constraint == Constraint::Unequal {
        // Distinct parts a_1 < … < a_k are a_i = b_i + (i − 1) for a
        // non-decreasing partition b of m − k(k − 1)/2: list those, in the
        // same (lexicographic) order.
        let Some(rest) = m.checked_sub(k * (k - 1) / 2) else {
            return ControlFlow::Continue(());
        };
        let mut a = vec![0; k];
        let mut shifted = |b: &[usize]| -> ControlFlow<()> {
            for (i, (x, y)) in a.iter_mut().zip(b).enumerate() {
                *x = y + i;
            }
            f(&a)
        };
        // Through `dyn`, so that this branch does not instantiate itself.
        let mut shifted: &mut dyn FnMut(&[usize]) -> ControlFlow<()> = &mut shifted;
        return partitions(rest, parts, Constraint::Any, &mut shifted);
    }
    if constraint == Constraint::Equal {
        if m % k == 0 {
            parts.fill(m / k);
            f(parts)?;
        }
        return ControlFlow::Continue(());
    }
    parts.fill(1);
    parts[k - 1] = m - (k - 1);
    loop {
        if constraint.allows(parts) {
            f(parts)?;
        }
        // Next: the rightmost part (but the last) that can grow by one, with
        // every part after it set equal to it and the last taking the rest.
        let mut rest = parts[k - 1];
        let mut t = k - 1;
        loop {
            if t == 0 {
                return ControlFlow::Continue(());
            }
            t -= 1;
            rest += parts[t];
            let next = parts[t] + 1;
            if next * (k - t) <= rest {
                for p in &mut parts[t..k - 1] {
                    *p = next;
                }
                parts[k - 1] = rest - next * (k - 1 - t);
                break;
            }
        }
    }
}

impl HeapRuleset for TakeAndBreak {
    fn for_each_option(&self, heap: usize, f: &mut dyn FnMut(&[usize]) -> ControlFlow<()>) {
        let _ = TakeAndBreak::for_each_option(self, heap, f);
    }

    fn check_heap(&self, heap: usize) -> Result<()> {
        self.check_options(heap)
    }

    fn periodicity_criterion(&self) -> Option<(u32, usize)> {
        if self.is_constrained() || self.is_open() {
            return None;
        }
        self.max_removal().map(|k| (self.max_heaps(), k))
    }

    fn name(&self) -> String {
        self.to_string()
    }
}

impl fmt::Display for TakeAndBreak {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.", self.digits[0])?;
        let fixed_end = self.repeat_from.unwrap_or(self.digits.len());
        for d in &self.digits[1..fixed_end] {
            write!(f, "{d}")?;
        }
        match self.repeat_from {
            Some(r) => {
                f.write_str("[")?;
                for d in &self.digits[r..] {
                    write!(f, "{d}")?;
                }
                f.write_str("]")
            }
            None if fixed_end == 1 => f.write_str("0"),
            None => Ok(()),
        }
    }
}

impl std::str::FromStr for TakeAndBreak {
    type Err = Error;
    fn from_str(text: &str) -> Result<TakeAndBreak> {
        TakeAndBreak::parse(text)
    }
}

struct Parser<'a> {
    text: &'a str,
    bytes: &'a [u8],
    pos: usize,
}

impl Parser<'_> {
    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    fn err(&self, message: impl Into<String>) -> Error {
        syntax(self.text, self.pos, message)
    }

    fn code(mut self) -> Result<TakeAndBreak> {
        if self.text.trim().is_empty() {
            return Err(self.err("empty take-and-break code (try 0.77)"));
        }
        if self.text.len() > MAX_CODE_TEXT {
            return Err(Error::invalid(format!(
                "take-and-break code longer than {MAX_CODE_TEXT} characters"
            )));
        }
        let mut before = Vec::new();
        while self.peek().is_some_and(|c| c != b'.') {
            let start = self.pos;
            before.push((start, self.digit()?));
        }
        if before.is_empty() {
            return Err(self.err("expected a digit before '.'"));
        }
        if self.peek() != Some(b'.') {
            return Err(self.err("expected '.' after the digits (codes look like 0.77)"));
        }
        self.pos += 1;
        let (first_pos, first) = before[before.len() - 1];
        let mut digits = vec![first];
        let mut repeat_from = None;
        loop {
            match self.peek() {
                None => break,
                Some(b'[') => {
                    if repeat_from.is_some() {
                        return Err(self.err("only one repeating part '[...]' is allowed"));
                    }
                    self.pos += 1;
                    repeat_from = Some(digits.len());
                    while self.peek().is_some_and(|c| c != b']') {
                        self.push_digit(&mut digits)?;
                    }
                    if self.peek() != Some(b']') {
                        return Err(self.err("expected ']' to close the repeating part"));
                    }
                    if repeat_from == Some(digits.len()) {
                        return Err(self.err("the repeating part '[...]' must not be empty"));
                    }
                    self.pos += 1;
                    if self.peek().is_some() {
                        return Err(self.err("nothing may follow the repeating part '[...]'"));
                    }
                }
                Some(_) => self.push_digit(&mut digits)?,
            }
        }
        if digits.len() == 1 {
            return Err(
                self.err("expected a digit after '.' (e.g. 0.0 for the game with no moves)")
            );
        }
        if let Some(&(pos, _)) = before[..before.len() - 1].iter().find(|(_, d)| !d.is_zero()) {
            return Err(syntax(
                self.text,
                pos,
                "digits that add tokens (left of the digit before '.') must be 0",
            ));
        }
        if first.heaps & 0b11 != 0 {
            return Err(syntax(
                self.text,
                first_pos,
                "the digit before '.' must not allow leaving 0 or 1 heaps (use 0, 4, 8, C, ...)",
            ));
        }
        Ok(TakeAndBreak::normalise(digits, repeat_from))
    }

    /// Reads a digit after the point onto `digits`, refusing the one past
    /// [`MAX_CODE_LEN`].
    fn push_digit(&mut self, digits: &mut Vec<Digit>) -> Result<()> {
        if digits.len() == MAX_CODE_LEN {
            return Err(
                self.err(format!("a take-and-break code has at most {MAX_CODE_LEN} digits"))
            );
        }
        digits.push(self.digit()?);
        Ok(())
    }

    fn digit(&mut self) -> Result<Digit> {
        let Some(c) = self.peek() else { return Err(self.err("expected a digit")) };
        let heaps = match c {
            b'0'..=b'9' => u64::from(c - b'0'),
            b'a'..=b'v' => u64::from(c - b'a' + 10),
            b'A'..=b'V' => u64::from(c - b'A' + 10),
            b'&' => {
                let start = self.pos + 1;
                let end = self.bytes[start..]
                    .iter()
                    .position(|&b| b == b';')
                    .map(|i| start + i)
                    .ok_or_else(|| self.err("expected ';' to close '&N;'"))?;
                let number = &self.text[start..end];
                if number.is_empty() || !number.bytes().all(|b| b.is_ascii_digit()) {
                    return Err(syntax(self.text, start, "expected a decimal number in '&N;'"));
                }
                let value: u64 = number.parse().map_err(|_| {
                    syntax(
                        self.text,
                        start,
                        "digit too large: at most 63 heaps (&N; with N < 2^64)",
                    )
                })?;
                self.pos = end;
                value
            }
            b'{' => return self.general_digit(),
            b'.' => return Err(self.err("a code has only one '.'")),
            _ => {
                let shown = self.text[self.pos..].chars().next().unwrap_or('?');
                return Err(self.err(format!(
                    "unexpected '{shown}': digits are 0-9, A-V, &N; or {{2,3}} and {{2+}}, constraints ! ? ="
                )));
            }
        };
        self.pos += 1;
        Ok(Digit::new(heaps, self.constraint()))
    }

    /// A generalised digit `{a,b,…}` whose last count may be open (`k+`),
    /// then its constraint; the parser is at the `{`.
    fn general_digit(&mut self) -> Result<Digit> {
        self.pos += 1;
        let mut heaps = 0u64;
        let mut from = None;
        let mut last: Option<u32> = None;
        loop {
            let start = self.pos;
            while self.peek().is_some_and(|c| c.is_ascii_digit()) {
                self.pos += 1;
            }
            if start == self.pos {
                return Err(self.err("expected a number of heaps in '{...}' (e.g. {2,3} or {2+})"));
            }
            let count: u32 = self.text[start..self.pos]
                .parse()
                .map_err(|_| syntax(self.text, start, "a number of heaps must be below 2^32"))?;
            if let Some(last) = last
                && count <= last
            {
                return Err(syntax(
                    self.text,
                    start,
                    format!("the counts in '{{...}}' must increase: {count} follows {last}"),
                ));
            }
            last = Some(count);
            if self.peek() == Some(b'+') {
                self.pos += 1;
                from = Some(count);
                if self.peek() != Some(b'}') {
                    return Err(self.err("an open count 'k+' must come last, before '}'"));
                }
            } else if count >= 64 {
                return Err(syntax(
                    self.text,
                    start,
                    "a digit lists at most 63 heaps; write k+ for k or more",
                ));
            } else {
                heaps |= 1u64 << count;
            }
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b'}') => {
                    self.pos += 1;
                    break;
                }
                _ => return Err(self.err("expected ',' or '}' in a digit '{...}'")),
            }
        }
        Ok(Digit::open(heaps, from, self.constraint()))
    }

    /// The constraint after a digit, if any.
    fn constraint(&mut self) -> Constraint {
        let constraint = match self.peek() {
            Some(b'!') => Constraint::Unequal,
            Some(b'?') => Constraint::NotAllEqual,
            Some(b'=') => Constraint::Equal,
            _ => Constraint::Any,
        };
        if constraint != Constraint::Any {
            self.pos += 1;
        }
        constraint
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn norm(code: &str) -> String {
        TakeAndBreak::parse(code).unwrap().to_string()
    }

    #[test]
    fn normalises_like_cgsuite() {
        assert_eq!(norm("04.30"), "4.3");
        assert_eq!(norm("0.77"), "0.77");
        assert_eq!(norm("0.770"), "0.77");
        assert_eq!(norm("4!.0"), "4!.0");
        assert_eq!(norm("0.[3]"), "0.[3]");
        assert_eq!(norm("0.3[33]"), "0.[3]");
        assert_eq!(norm("0.7[0]"), "0.7");
        assert_eq!(norm("0.f"), "0.F");
        assert_eq!(norm("0.&32;"), "0.&32;");
        assert_eq!(norm("0.&31;"), "0.V");
        assert_eq!(norm("0.3!"), "0.3");
        assert_eq!(norm("0.0"), "0.0");
        assert_eq!(norm("0.{2,3}"), "0.C");
        assert_eq!(norm("{2+}=.0"), "{2+}=.0");
        assert_eq!(norm("0.{1,3+}"), "0.{1,3+}");
        assert_eq!(norm("0.{70+}!"), "0.{70+}!");
        assert_eq!(norm("0.{2,3+}"), "0.{2+}");
        assert_eq!(
            norm(
                "0.{1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50,51,52,53,54,55,56,57,58,59,60,61,62,63,64+}"
            ),
            "0.{1+}"
        );
    }

    #[test]
    fn bad_codes_are_located() {
        for (code, col) in [("0.", 3), ("1.2.3", 4), ("", 1), ("0.9x", 4), ("0.[3", 5), ("1.0", 1)]
        {
            let err = TakeAndBreak::parse(code).unwrap_err();
            assert_eq!(err.location().map(|l| l.column), Some(col), "{code}: {err}");
        }
    }

    /// Issue 40 (a fuzz find): `{33}` prints as `&8589934592;`, so a code of
    /// many such digits printed longer than the parser accepted.
    #[test]
    fn issue_40_every_code_prints_to_a_code_that_parses() {
        let code = format!("0.{}", "{33}!".repeat(1000));
        let rule = TakeAndBreak::parse(&code).unwrap();
        let printed = rule.to_string();
        assert!(printed.len() > 4096, "{}", printed.len());
        assert_eq!(TakeAndBreak::parse(&printed).unwrap(), rule);
        // The limit is on digits, and it is located.
        let err = TakeAndBreak::parse(&format!("0.{}", "1".repeat(MAX_CODE_LEN))).unwrap_err();
        assert_eq!(err.location().map(|l| l.column), Some(MAX_CODE_LEN + 2), "{err}");
        assert!(err.to_string().contains("at most 4096 digits"), "{err}");
        assert!(TakeAndBreak::from_digits(vec![Digit::ZERO; MAX_CODE_LEN + 1], None).is_err());
    }

    /// Issue 40: `0.{3,2}` was read as `0.C`; counts out of order (or
    /// repeated) are more likely a slip than a set.
    #[test]
    fn issue_40_counts_in_braces_must_increase() {
        for (code, col) in [("0.{3,2}", 6), ("0.{2,2}", 6), ("0.{3,2+}", 6)] {
            let err = TakeAndBreak::parse(code).unwrap_err();
            assert_eq!(err.location().map(|l| l.column), Some(col), "{code}: {err}");
            assert!(err.to_string().contains("must increase"), "{err}");
        }
        assert_eq!(norm("0.{2,3}"), "0.C");
    }

    #[test]
    fn grundys_game_options() {
        let rule = TakeAndBreak::parse("4!.0").unwrap();
        let mut seen = Vec::new();
        let _ = rule.for_each_option(6, |p| {
            seen.push(p.to_vec());
            ControlFlow::Continue(())
        });
        assert_eq!(seen, vec![vec![1, 5], vec![2, 4]]);
    }

    #[test]
    fn open_digits_leave_any_number_of_heaps() {
        let options = |code: &str, n: usize| {
            let rule = TakeAndBreak::parse(code).unwrap();
            let mut seen = Vec::new();
            let _ = rule.for_each_option(n, |p| {
                seen.push(p.to_vec());
                ControlFlow::Continue(())
            });
            seen
        };
        // Split into k >= 2 equal parts: one option per divisor k of n.
        assert_eq!(
            options("{2+}=.0", 12),
            vec![vec![6, 6], vec![4, 4, 4], vec![3, 3, 3, 3], vec![2; 6], vec![1; 12]]
        );
        // Every partition of 5 into two or more parts: p(5) - 1 = 6.
        assert_eq!(options("{2+}.0", 5).len(), 6);
        // Past the 64 counts the mask holds: 70 tokens into k = 66..=70
        // heaps is a partition of the 70 - k tokens beyond one per heap:
        // p(4) + p(3) + p(2) + p(1) + p(0) = 5 + 3 + 2 + 1 + 1.
        assert_eq!(options("{66+}.0", 70).len(), 12);
        assert!(TakeAndBreak::parse("{0+}.0").is_err());
        assert!(TakeAndBreak::parse("0.{2").is_err());
        assert!(TakeAndBreak::parse("0.{2+,3}").is_err());
        assert!(TakeAndBreak::parse("0.{64}").is_err());
        assert!(TakeAndBreak::parse("0.{}").is_err());
    }

    #[test]
    fn partitions_into_three() {
        let rule = TakeAndBreak::parse("0.8").unwrap();
        let mut seen = Vec::new();
        let _ = rule.for_each_option(8, |p| {
            seen.push(p.to_vec());
            ControlFlow::Continue(())
        });
        assert_eq!(seen, vec![vec![1, 1, 5], vec![1, 2, 4], vec![1, 3, 3], vec![2, 2, 3]]);
    }
}

//! Take-and-break codes (octal, hexadecimal and CGSuite's extended syntax),
//! parsed once into a move rule that streams a heap's options.
//!
//! A code `d0.d1d2d3…` says what a move may do: digit `dj` (tokens removed
//! `j`) is a set of heap counts, bit `i` set meaning "remove `j` tokens and
//! leave exactly `i` non-empty heaps". Digits are base-32 characters
//! (`0`–`9`, `A`–`V`, any case) or `&N;` with `N` in decimal; a digit may be
//! followed by a constraint on the heaps it leaves: `!` pairwise unequal, `?`
//! not all equal, `=` all equal. A bracketed suffix `[…]` repeats forever
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

/// The longest code text accepted.
pub const MAX_CODE_LEN: usize = 4096;

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
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Digit {
    /// Bit `i` set: the move may leave exactly `i` non-empty heaps.
    pub heaps: u64,
    /// The constraint on the heaps left (only meaningful for two or more).
    pub constraint: Constraint,
}

impl Digit {
    /// The digit that allows nothing.
    pub const ZERO: Digit = Digit { heaps: 0, constraint: Constraint::Any };

    /// A digit allowing the heap counts in `heaps`, normalised.
    pub fn new(heaps: u64, constraint: Constraint) -> Digit {
        let constraint = if heaps >> 2 == 0 { Constraint::Any } else { constraint };
        Digit { heaps, constraint }
    }

    /// Whether the digit allows nothing.
    pub fn is_zero(self) -> bool {
        self.heaps == 0
    }

    /// The largest number of heaps the digit may leave (0 for the zero digit).
    pub fn max_heaps(self) -> u32 {
        63 - self.heaps.leading_zeros().min(63)
    }
}

impl fmt::Display for Digit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        const BASE32: &[u8; 32] = b"0123456789ABCDEFGHIJKLMNOPQRSTUV";
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
        Ok(Self::normalise(digits, repeat_from))
    }

    /// The subtraction game with subtraction set `set` (remove `s` tokens for
    /// `s` in the set, leaving one heap or none): digit 3 at each position in
    /// the set. With `all_but`, every positive number except those in `set`
    /// may be removed: `0.[3]` with zeros at the positions in the set.
    pub fn from_subtraction_set(set: &[usize], all_but: bool) -> Result<TakeAndBreak> {
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
        let three = Digit::new(3, Constraint::Any);
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

    fn normalise(mut digits: Vec<Digit>, mut repeat_from: Option<usize>) -> TakeAndBreak {
        for d in &mut digits {
            *d = Digit::new(d.heaps, d.constraint);
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

    /// The most heaps a move may leave.
    pub fn max_heaps(&self) -> u32 {
        self.digits.iter().map(|d| d.max_heaps()).max().unwrap_or(0)
    }

    /// Whether some digit that leaves two or more heaps has a constraint.
    pub fn is_constrained(&self) -> bool {
        self.digits.iter().any(|d| d.constraint != Constraint::Any)
    }

    /// Whether the code is octal: finite, unconstrained, digits 0–7.
    pub fn is_octal(&self) -> bool {
        self.is_finite() && !self.is_constrained() && self.max_heaps() <= 2
    }

    /// Streams the options of a heap of `n` tokens without allocating: each
    /// option is the list of heaps left, sizes non-decreasing (empty when the
    /// move takes the whole heap). `f` may stop the stream early.
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
        }
        ControlFlow::Continue(())
    }
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

    fn periodicity_criterion(&self) -> Option<(u32, usize)> {
        if self.is_constrained() {
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
        if self.text.len() > MAX_CODE_LEN {
            return Err(Error::invalid(format!(
                "take-and-break code longer than {MAX_CODE_LEN} characters"
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
                        digits.push(self.digit()?);
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
                Some(_) => digits.push(self.digit()?),
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
            b'.' => return Err(self.err("a code has only one '.'")),
            _ => {
                let shown = self.text[self.pos..].chars().next().unwrap_or('?');
                return Err(self.err(format!(
                    "unexpected '{shown}': digits are 0-9, A-V or &N;, constraints ! ? ="
                )));
            }
        };
        self.pos += 1;
        let constraint = match self.peek() {
            Some(b'!') => Constraint::Unequal,
            Some(b'?') => Constraint::NotAllEqual,
            Some(b'=') => Constraint::Equal,
            _ => Constraint::Any,
        };
        if constraint != Constraint::Any {
            self.pos += 1;
        }
        Ok(Digit::new(heaps, constraint))
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
    }

    #[test]
    fn bad_codes_are_located() {
        for (code, col) in [("0.", 3), ("1.2.3", 4), ("", 1), ("0.9x", 4), ("0.[3", 5), ("1.0", 1)]
        {
            let err = TakeAndBreak::parse(code).unwrap_err();
            assert_eq!(err.location().map(|l| l.column), Some(col), "{code}: {err}");
        }
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

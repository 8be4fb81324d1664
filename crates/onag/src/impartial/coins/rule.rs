//! Coin-turning rules: which sets of coins one move may turn.
//!
//! A rule is a list of elements in CGSuite's turning-code syntax: a count
//! (`2`), a range (`1-3`) or an open range (`1+`) of coins turned, followed by
//! modifiers: `C` consecutive, `E` equally spaced, `S` symmetrically arranged,
//! `F` the first (leftmost) coin of the strip is among them, `C(n)` all within
//! `n` adjacent coins. Elements are joined by `,`; a move is legal if any
//! element allows it. Named rules expand to codes (Mock Turtles is `1-3`), and
//! `upto:K` is "turn coin x and up to K−1 coins to its left" (`1-K`).
//!
//! Coins are numbered 1, 2, … from the left. Invariant: every move turns its
//! rightmost coin from heads to tails; the rule only constrains the set.

use crate::error::{Error, Location, Result};

/// Largest count or span a rule may name.
pub const MAX_RULE_NUMBER: u32 = 4096;

/// How the turned coins must be spaced.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Spacing {
    /// No constraint.
    Any,
    /// Adjacent coins (`C`).
    Consecutive,
    /// Equal gaps (`E`).
    Equal,
    /// Symmetric about their middle (`S`).
    Symmetric,
}

/// One element of a rule: a range of counts and constraints on the set.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Element {
    /// Fewest coins turned (at least 1).
    pub min: u32,
    /// Most coins turned; `None` for no limit.
    pub max: Option<u32>,
    /// Spacing constraint.
    pub spacing: Spacing,
    /// Whether coin 1 (the leftmost of the strip) must be turned (`F`).
    pub first: bool,
    /// Largest span (rightmost − leftmost + 1) of the turned coins (`C(n)`).
    pub span: Option<u32>,
}

impl Element {
    /// Whether this element allows turning exactly the coins `turned`
    /// (positions from 1, strictly increasing, non-empty).
    pub fn allows(&self, turned: &[usize]) -> bool {
        let (Some(&lo), Some(&hi)) = (turned.first(), turned.last()) else { return false };
        let k = turned.len() as u64;
        if k < u64::from(self.min) || self.max.is_some_and(|m| k > u64::from(m)) {
            return false;
        }
        if self.first && lo != 1 {
            return false;
        }
        if self.span.is_some_and(|s| (hi - lo + 1) as u64 > u64::from(s)) {
            return false;
        }
        match self.spacing {
            Spacing::Any => true,
            Spacing::Consecutive => turned.windows(2).all(|w| w[1] == w[0] + 1),
            Spacing::Equal => turned.windows(2).all(|w| w[1] - w[0] == turned[1] - turned[0]),
            Spacing::Symmetric => {
                (0..turned.len()).all(|i| turned[i] + turned[turned.len() - 1 - i] == lo + hi)
            }
        }
    }
}

/// A coin-turning rule: a name or code and its elements.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct CoinRule {
    text: String,
    code: String,
    elements: Vec<Element>,
}

/// Named rules and their codes (Winning Ways' names).
pub const NAMED_RULES: &[(&str, &str)] = &[
    ("turtles", "1-2"),
    ("turning-turtles", "1-2"),
    ("mock", "1-3"),
    ("mock-turtles", "1-3"),
    ("moebius", "1-5"),
    ("mogul", "1-7"),
    ("moidores", "1-9"),
    ("motley", "1+"),
    ("twins", "2"),
    ("triplets", "3"),
    ("ruler", "1+C"),
    ("ruler-fives", "1-5C"),
    ("mock-turtle-fives", "1-3C(5)"),
    ("triplet-fives", "3C(5)"),
    ("turnips", "3E"),
    ("grunt", "4FS"),
    ("sym", "1+S"),
    ("sympler", "1+FS"),
];

impl CoinRule {
    /// Parses a rule: a name from [`NAMED_RULES`] (case-insensitive), `upto:K`,
    /// or a turning code. Errors carry the 1-based column in the text.
    pub fn parse(text: &str) -> Result<Self> {
        let lower = text.to_ascii_lowercase();
        if let Some(&(_, code)) = NAMED_RULES.iter().find(|(name, _)| *name == lower) {
            return Ok(CoinRule { text: text.to_string(), ..parse_code(code)? });
        }
        if let Some(k) = lower.strip_prefix("upto:") {
            let (n, used) = number(k.as_bytes(), 0).map_err(|(c, m)| err(c + 5, m))?;
            if used != k.len() {
                return Err(err(5 + used, "expected a number after 'upto:'"));
            }
            if n == 0 {
                return Err(err(6, "upto:K needs K ≥ 1"));
            }
            let code = format!("1-{n}");
            return Ok(CoinRule { text: text.to_string(), ..parse_code(&code)? });
        }
        parse_code(text)
    }

    /// The rule made of `elements`, with its code as its text.
    pub fn from_elements(elements: Vec<Element>) -> Self {
        let code = elements.iter().map(element_code).collect::<Vec<_>>().join(",");
        CoinRule { text: code.clone(), code, elements }
    }

    /// The rule as the user wrote it.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The turning code (`1-3` for Mock Turtles).
    pub fn code(&self) -> &str {
        &self.code
    }

    /// The elements; a move is legal if any of them allows it.
    pub fn elements(&self) -> &[Element] {
        &self.elements
    }

    /// Whether a move may turn exactly the coins `turned` (positions from 1,
    /// strictly increasing, the last one going from heads to tails).
    pub fn allows(&self, turned: &[usize]) -> bool {
        self.elements.iter().any(|e| e.allows(turned))
    }

    /// The same rule on a strip of `n` coins, with its reach clamped to the
    /// strip: a move turns at most `n` coins spanning at most `n`, so larger
    /// counts and spans never bind (`1-4096` on 21 coins is `1+`) and
    /// elements needing more than `n` coins never apply. Text and code stay
    /// as given. Invariant: every count and span left is below `n`, so
    /// tables built from the result are bounded by the strip length.
    pub fn clamped(&self, n: usize) -> CoinRule {
        let elements = self
            .elements
            .iter()
            .filter(|e| (e.min as usize) <= n)
            .map(|e| Element {
                max: e.max.filter(|&m| (m as usize) < n),
                span: e.span.filter(|&s| (s as usize) < n),
                ..e.clone()
            })
            .collect();
        CoinRule { text: self.text.clone(), code: self.code.clone(), elements }
    }
}

/// The turning code of one element.
fn element_code(e: &Element) -> String {
    let mut s = match e.max {
        Some(m) if m == e.min => e.min.to_string(),
        Some(m) => format!("{}-{m}", e.min),
        None => format!("{}+", e.min),
    };
    s.push_str(match e.spacing {
        Spacing::Any => "",
        Spacing::Consecutive => "C",
        Spacing::Equal => "E",
        Spacing::Symmetric => "S",
    });
    if e.first {
        s.push('F');
    }
    if let Some(n) = e.span {
        s.push_str(&format!("C({n})"));
    }
    s
}

fn err(column: usize, message: impl Into<String>) -> Error {
    Error::syntax(Location::new(1, column), message)
}

/// Reads a decimal number at byte `at`; returns it and the index after it.
/// Errors are (0-based column, message).
fn number(bytes: &[u8], at: usize) -> std::result::Result<(u32, usize), (usize, String)> {
    let mut i = at;
    let mut value: u32 = 0;
    while i < bytes.len() && bytes[i].is_ascii_digit() {
        value = value
            .checked_mul(10)
            .and_then(|v| v.checked_add(u32::from(bytes[i] - b'0')))
            .filter(|&v| v <= MAX_RULE_NUMBER)
            .ok_or((at + 1, format!("number too large (at most {MAX_RULE_NUMBER})")))?;
        i += 1;
    }
    if i == at {
        return Err((at + 1, "expected a number".to_string()));
    }
    Ok((value, i))
}

fn parse_code(text: &str) -> Result<CoinRule> {
    if text.is_empty() {
        return Err(err(1, "empty rule: expected a name or a code like 1-3"));
    }
    if let Some(pos) = text.find(|c: char| !c.is_ascii()) {
        let column = text[..pos].chars().count() + 1;
        return Err(err(column, "unexpected character in rule"));
    }
    let bytes = text.as_bytes();
    let mut elements = Vec::new();
    let mut i = 0;
    loop {
        if i >= bytes.len() || !bytes[i].is_ascii_digit() {
            let msg = if i == 0 && bytes[0].is_ascii_alphabetic() {
                "unknown rule name (try mock, ruler, twins, turtles, or a code like 1-3)"
            } else {
                "expected a number of coins"
            };
            return Err(err(i + 1, msg));
        }
        let (min, next) = number(bytes, i).map_err(|(c, m)| err(c, m))?;
        if min == 0 {
            return Err(err(i + 1, "a move turns at least one coin"));
        }
        i = next;
        let mut max = Some(min);
        if i < bytes.len() && bytes[i] == b'-' {
            let (m, next) = number(bytes, i + 1).map_err(|(c, m)| err(c, m))?;
            if m < min {
                return Err(err(i + 2, format!("empty range {min}-{m}")));
            }
            max = Some(m);
            i = next;
        } else if i < bytes.len() && bytes[i] == b'+' {
            max = None;
            i += 1;
        }
        let mut element = Element { min, max, spacing: Spacing::Any, first: false, span: None };
        while i < bytes.len() && bytes[i] != b',' {
            let spacing = match bytes[i].to_ascii_uppercase() {
                b'C' if bytes.get(i + 1) == Some(&b'(') => {
                    let (n, next) = number(bytes, i + 2).map_err(|(c, m)| err(c, m))?;
                    if bytes.get(next) != Some(&b')') {
                        return Err(err(next + 1, "expected ')'"));
                    }
                    if n == 0 {
                        return Err(err(i + 3, "a span is at least 1"));
                    }
                    element.span = Some(n);
                    i = next + 1;
                    continue;
                }
                b'C' => Spacing::Consecutive,
                b'E' => Spacing::Equal,
                b'S' => Spacing::Symmetric,
                b'F' => {
                    element.first = true;
                    i += 1;
                    continue;
                }
                _ => return Err(err(i + 1, "expected a modifier C, E, S, F or C(n), or ','")),
            };
            if element.spacing != Spacing::Any && element.spacing != spacing {
                return Err(err(i + 1, "conflicting spacing modifiers"));
            }
            element.spacing = spacing;
            i += 1;
        }
        elements.push(element);
        if i >= bytes.len() {
            break;
        }
        i += 1; // the ','
    }
    Ok(CoinRule { text: text.to_string(), code: text.to_ascii_uppercase(), elements })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_parse() {
        let r = CoinRule::parse("1-3").unwrap();
        assert_eq!(r.elements().len(), 1);
        assert!(r.allows(&[1, 4, 5]) && !r.allows(&[1, 2, 3, 4]));
        let ruler = CoinRule::parse("ruler").unwrap();
        assert_eq!(ruler.code(), "1+C");
        assert!(ruler.allows(&[3, 4, 5]) && !ruler.allows(&[3, 5]));
        let r = CoinRule::parse("2-3,6C").unwrap();
        assert_eq!(r.elements().len(), 2);
        let r = CoinRule::parse("1-3c(5)").unwrap();
        assert_eq!(r.elements()[0].span, Some(5));
        assert!(r.allows(&[2, 6]) && !r.allows(&[1, 6]));
        assert!(CoinRule::parse("4FS").unwrap().allows(&[1, 2, 5, 6]));
        assert!(!CoinRule::parse("3E").unwrap().allows(&[1, 2, 4]));
        assert_eq!(CoinRule::parse("upto:4").unwrap().code(), "1-4");
    }

    #[test]
    fn bad_codes_are_located() {
        for (text, col, needle) in [
            ("", 1, "empty"),
            ("x", 1, "unknown rule"),
            ("1-", 3, "expected a number"),
            ("3-1", 3, "empty range"),
            ("0", 1, "at least one"),
            ("1-3Q", 4, "modifier"),
            ("1C(", 4, "expected a number"),
            ("1C(3", 5, "expected ')'"),
            ("1,", 3, "expected a number"),
            ("1CE", 3, "conflicting"),
            ("99999", 1, "too large"),
            ("upto:x", 6, "expected a number"),
            ("1é", 2, "unexpected character"),
        ] {
            let e = CoinRule::parse(text).unwrap_err();
            assert_eq!(e.location().map(|l| l.column), Some(col), "{text}: {e}");
            assert!(e.message().contains(needle), "{text}: {e}");
        }
    }
}

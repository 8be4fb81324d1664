//! The loopy literals of the calculator's notation (CALCULATOR.md, "Loopy
//! games"): numbers, `*n`, `^`, `v`, `{L|R}` with slashes, `pass`, named
//! nodes `a{0|a}`, the names `on`, `off`, `over`, `under`, `dud`, `upon`,
//! `uponth`, compact forms `5over`, `^[on]*`, `v<on>`, sums and differences,
//! negation, `+-x`, parentheses, and `onside & offside` at the top.
//!
//! Sums, differences and negation apply to closed games only: a `pass` or a
//! named node inside them must be bound inside them too. The parser recurses
//! on nesting, bounded by [`MAX_NESTING`].

use num_bigint::BigInt;
use num_rational::BigRational;

use super::canonical::SidedValue;
use super::graph::{Builder, LoopyGame};
use crate::budget::Budget;
use crate::error::{Error, Location, Result};
use crate::game::Arena;
use crate::number::Dyadic;

/// The deepest nesting of braces and parentheses accepted.
pub const MAX_NESTING: usize = 200;

/// The most positions a sum written in a literal may have.
pub const MAX_SUM_NODES: usize = 1 << 22;

/// A parsed literal: a game, or a sided value written with `&`.
#[derive(Debug, Clone)]
pub enum Literal {
    /// A loopy game (possibly short, possibly not a stopper).
    Game(LoopyGame),
    /// `onside & offside`.
    Sided(SidedValue),
}

#[derive(Debug, Clone)]
enum Ast {
    Number(Dyadic),
    Star(u64),
    Ups(i64),
    Named(&'static str),
    Pass(usize),
    Ref(String, usize),
    Braces {
        name: Option<String>,
        left: Vec<Ast>,
        right: Vec<Ast>,
    },
    /// A sum of two terms or more, flat: a long sum is a list, not a deep tree.
    Sum(Vec<Ast>),
    Neg(Box<Ast>),
    Switch(Box<Ast>),
}

/// Parses `text` (a loopy literal). Errors name the column.
pub fn parse_literal(text: &str, arena: &mut Arena, budget: &Budget) -> Result<Literal> {
    parse_literal_with(text, arena, budget, &|_| None)
}

/// Games that names not bound by a node of the literal stand for (the
/// calculator's variables): `None` for an unknown name.
pub type FreeNames<'a> = &'a dyn Fn(&str) -> Option<LoopyGame>;

/// Parses `text` (a loopy literal) where a name that no enclosing node
/// binds is looked up in `free` (`{pass | a}` with a variable `a`). Errors
/// name the column.
pub fn parse_literal_with(
    text: &str,
    arena: &mut Arena,
    budget: &Budget,
    free: FreeNames<'_>,
) -> Result<Literal> {
    let mut cx = Context { arena, text, free, budget };
    let cx = &mut cx;
    let mut p = Parser { s: text.as_bytes(), text, i: 0, depth: 0 };
    let first = p.expr()?;
    p.ws();
    let lit = if p.eat(b'&') {
        let second = p.expr()?;
        p.ws();
        p.end()?;
        let on = closed(&first, cx)?;
        let off = closed(&second, cx)?;
        Literal::Sided(SidedValue::from_sides(&on, &off, budget)?)
    } else {
        p.end()?;
        Literal::Game(closed(&first, cx)?)
    };
    Ok(lit)
}

fn err(text: &str, at: usize, msg: impl Into<String>) -> Error {
    Error::syntax(Location::of_offset(text, at), msg)
}

/// What building a literal's games needs besides the syntax tree.
struct Context<'a> {
    arena: &'a mut Arena,
    /// The literal, for the columns of errors.
    text: &'a str,
    free: FreeNames<'a>,
    /// The limits the sums are built within.
    budget: &'a Budget,
}

/// Builds a closed expression as a game of its own.
fn closed(a: &Ast, cx: &mut Context<'_>) -> Result<LoopyGame> {
    let mut b = Builder::new();
    let v = build(a, &mut b, &mut Vec::new(), None, cx)?;
    b.finish(v)
}

fn build(
    a: &Ast,
    b: &mut Builder,
    env: &mut Vec<(String, u32)>,
    this: Option<u32>,
    cx: &mut Context<'_>,
) -> Result<u32> {
    let text = cx.text;
    Ok(match a {
        Ast::Number(x) => {
            let g = cx.arena.dyadic(x)?;
            b.add_short(cx.arena, g)?
        }
        Ast::Star(m) => {
            let g = cx.arena.nimber(*m)?;
            b.add_short(cx.arena, g)?
        }
        Ast::Ups(n) => {
            let g = cx.arena.up_multiple(*n)?;
            b.add_short(cx.arena, g)?
        }
        Ast::Named(name) => {
            let g = match *name {
                "on" => LoopyGame::on(),
                "off" => LoopyGame::off(),
                "dud" => LoopyGame::dud(),
                "over" => LoopyGame::over(),
                "under" => LoopyGame::under(),
                "upon" => LoopyGame::upon(),
                "uponth" => LoopyGame::uponth(),
                "downon" => LoopyGame::upon().negative(),
                _ => LoopyGame::uponth().negative(),
            };
            b.add_game(&g)?
        }
        Ast::Pass(at) => match this {
            Some(v) => v,
            None => return Err(err(text, *at, "Unexpected pass.")),
        },
        Ast::Ref(name, at) => {
            if let Some(&(_, v)) = env.iter().rev().find(|(n, _)| n == name) {
                v
            } else if let Some(g) = (cx.free)(name) {
                b.add_game(&g)?
            } else {
                return Err(err(
                    text,
                    *at,
                    format!(
                        "unknown name `{name}` (a node is named by `{name}{{...}}` around its uses)"
                    ),
                ));
            }
        }
        Ast::Braces { name, left, right } => {
            let v = b.add_node()?;
            if let Some(n) = name {
                env.push((n.clone(), v));
            }
            for o in left {
                let w = build(o, b, env, Some(v), cx)?;
                b.add_left(v, w);
            }
            for o in right {
                let w = build(o, b, env, Some(v), cx)?;
                b.add_right(v, w);
            }
            if name.is_some() {
                env.pop();
            }
            v
        }
        Ast::Sum(terms) => {
            let mut terms = terms.iter();
            let mut s = closed(terms.next().expect("a sum has terms"), cx)?;
            for t in terms {
                let h = closed(t, cx)?;
                s = s.sum_within(&h, MAX_SUM_NODES, cx.budget)?;
            }
            b.add_game(&s)?
        }
        Ast::Neg(x) => {
            let g = closed(x, cx)?;
            b.add_game(&g.negative())?
        }
        Ast::Switch(x) => {
            let g = closed(x, cx)?;
            let v = b.add_node()?;
            let l = b.add_game(&g)?;
            let r = b.add_game(&g.negative())?;
            b.add_left(v, l);
            b.add_right(v, r);
            v
        }
    })
}

/// The sum of `terms` (one or more): the term itself when there is one.
fn sum(mut terms: Vec<Ast>) -> Ast {
    if terms.len() == 1 { terms.pop().expect("one term") } else { Ast::Sum(terms) }
}

struct Parser<'a> {
    s: &'a [u8],
    text: &'a str,
    i: usize,
    depth: usize,
}

impl Parser<'_> {
    fn ws(&mut self) {
        while self.i < self.s.len() && self.s[self.i].is_ascii_whitespace() {
            self.i += 1;
        }
    }
    fn peek(&self) -> Option<u8> {
        self.s.get(self.i).copied()
    }
    fn eat(&mut self, c: u8) -> bool {
        if self.peek() == Some(c) {
            self.i += 1;
            true
        } else {
            false
        }
    }
    fn eat_str(&mut self, w: &str) -> bool {
        if self.s[self.i..].starts_with(w.as_bytes()) {
            self.i += w.len();
            true
        } else {
            false
        }
    }
    fn end(&mut self) -> Result<()> {
        self.ws();
        match self.peek() {
            None => Ok(()),
            Some(c) => Err(err(self.text, self.i, format!("unexpected `{}`", c as char))),
        }
    }
    fn nest(&mut self) -> Result<()> {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            return Err(err(self.text, self.i, format!("nesting deeper than {MAX_NESTING}")));
        }
        Ok(())
    }

    fn expr(&mut self) -> Result<Ast> {
        let mut terms = vec![self.unary()?];
        loop {
            self.ws();
            if self.eat(b'+') {
                terms.push(self.unary()?);
            } else if self.peek() == Some(b'-') {
                self.i += 1;
                terms.push(Ast::Neg(Box::new(self.unary()?)));
            } else {
                return Ok(sum(terms));
            }
        }
    }

    fn unary(&mut self) -> Result<Ast> {
        self.ws();
        if self.eat_str("+-") {
            self.nest()?;
            let a = self.unary()?;
            self.depth -= 1;
            return Ok(Ast::Switch(Box::new(a)));
        }
        if self.eat(b'-') {
            self.nest()?;
            let a = self.unary()?;
            self.depth -= 1;
            return Ok(Ast::Neg(Box::new(a)));
        }
        self.compact()
    }

    /// `[number][^|v ...][*[n]]`, a name, braces or parentheses.
    fn compact(&mut self) -> Result<Ast> {
        self.ws();
        let start = self.i;
        let mut parts: Vec<Ast> = Vec::new();
        if self.peek().is_some_and(|c| c.is_ascii_digit()) {
            parts.push(Ast::Number(self.number()?));
            // 5over, 5under
            for (w, name) in [("over", "over"), ("under", "under")] {
                if self.word_is(w) {
                    self.i += w.len();
                    parts.push(Ast::Named(name));
                }
            }
        }
        match self.peek() {
            Some(b'^') | Some(b'v') if self.is_updown() => {
                let up = self.s[self.i] == b'^';
                self.i += 1;
                if self.eat_str("[on]") {
                    parts.push(Ast::Named(if up { "upon" } else { "downon" }));
                } else if self.eat_str("<on>") {
                    parts.push(Ast::Named(if up { "uponth" } else { "downonth" }));
                } else {
                    let mut n: i64 = 1;
                    while self.peek() == Some(if up { b'^' } else { b'v' }) {
                        self.i += 1;
                        n += 1;
                    }
                    if self.peek().is_some_and(|c| c.is_ascii_digit()) {
                        let d = self.number()?;
                        n = d
                            .to_i64()
                            .filter(|_| d.is_integer())
                            .ok_or_else(|| err(self.text, start, "too many ups"))?;
                    }
                    parts.push(Ast::Ups(if up { n } else { -n }));
                }
            }
            _ => {}
        }
        if self.eat(b'*') {
            let m = if self.peek().is_some_and(|c| c.is_ascii_digit()) {
                let d = self.number()?;
                d.to_i64()
                    .and_then(|k| u64::try_from(k).ok())
                    .filter(|_| d.is_integer())
                    .ok_or_else(|| err(self.text, start, "a nimber `*n` needs a whole n"))?
            } else {
                1
            };
            parts.push(Ast::Star(m));
        }
        if parts.is_empty() {
            return self.primary();
        }
        Ok(sum(parts))
    }

    fn is_updown(&self) -> bool {
        // `v` is down unless it starts a longer word.
        if self.s[self.i] == b'^' {
            return true;
        }
        !self.s.get(self.i + 1).is_some_and(|c| c.is_ascii_alphabetic())
    }

    fn word_is(&self, w: &str) -> bool {
        self.s[self.i..].starts_with(w.as_bytes())
            && !self
                .s
                .get(self.i + w.len())
                .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_')
    }

    fn number(&mut self) -> Result<Dyadic> {
        let start = self.i;
        let digits = |p: &mut Self| {
            let s = p.i;
            while p.peek().is_some_and(|c| c.is_ascii_digit()) {
                p.i += 1;
            }
            p.text[s..p.i].parse::<BigInt>().ok()
        };
        let Some(num) = digits(self) else {
            return Err(err(self.text, start, "expected a number"));
        };
        if self.peek() == Some(b'/') && self.s.get(self.i + 1).is_some_and(|c| c.is_ascii_digit()) {
            self.i += 1;
            let den = digits(self).unwrap_or_default();
            if den == BigInt::from(0) {
                return Err(err(self.text, start, "division by zero"));
            }
            return Dyadic::from_rational(&BigRational::new(num, den)).ok_or_else(|| {
                err(self.text, start, "a game's number must be dyadic (denominator a power of 2)")
            });
        }
        Ok(Dyadic::from_bigint(&num))
    }

    fn primary(&mut self) -> Result<Ast> {
        self.ws();
        let start = self.i;
        match self.peek() {
            Some(b'(') => {
                self.i += 1;
                self.nest()?;
                let a = self.expr()?;
                self.ws();
                if !self.eat(b')') {
                    return Err(err(self.text, self.i, "expected `)`"));
                }
                self.depth -= 1;
                Ok(a)
            }
            Some(b'{') => self.braces(None),
            Some(c) if c.is_ascii_alphabetic() => {
                while self.peek().is_some_and(|c| c.is_ascii_alphanumeric() || c == b'_') {
                    self.i += 1;
                }
                let word = self.text[start..self.i].to_string();
                if self.peek() == Some(b'{') {
                    return self.braces(Some(word));
                }
                Ok(match word.as_str() {
                    "pass" => Ast::Pass(start),
                    "on" => Ast::Named("on"),
                    "off" => Ast::Named("off"),
                    "over" => Ast::Named("over"),
                    "under" => Ast::Named("under"),
                    "dud" => Ast::Named("dud"),
                    "upon" => Ast::Named("upon"),
                    "uponth" => Ast::Named("uponth"),
                    _ => Ast::Ref(word, start),
                })
            }
            Some(c) => Err(err(self.text, start, format!("unexpected `{}`", c as char))),
            None => Err(err(self.text, start, "unexpected end of input")),
        }
    }

    /// `{...}` with an optional node name; the separator with the most `|`
    /// splits Left from Right.
    fn braces(&mut self, name: Option<String>) -> Result<Ast> {
        let open = self.i;
        self.i += 1;
        self.nest()?;
        // Find the matching brace and the longest run of `|` at depth 0.
        let (mut depth, mut j, mut best, mut best_at) = (0usize, self.i, 0usize, None);
        loop {
            match self.s.get(j) {
                None => return Err(err(self.text, open, "unclosed `{`")),
                Some(b'{') | Some(b'(') => depth += 1,
                Some(b'}') | Some(b')') if depth > 0 => depth -= 1,
                Some(b'}') => break,
                Some(b')') => return Err(err(self.text, j, "unexpected `)`")),
                Some(b'|') if depth == 0 => {
                    let k = self.s[j..].iter().take_while(|&&c| c == b'|').count();
                    if k > best {
                        best = k;
                        best_at = Some(j);
                    }
                    j += k;
                    continue;
                }
                _ => {}
            }
            j += 1;
        }
        let close = j;
        let Some(sep) = best_at else {
            return Err(err(
                self.text,
                open,
                "a game `{...}` needs `|` between Left and Right options",
            ));
        };
        let left = self.side(self.i, sep, best)?;
        let right = self.side(sep + best, close, best)?;
        self.i = close + 1;
        self.depth -= 1;
        Ok(Ast::Braces { name, left, right })
    }

    /// The options between `from` and `to`; a side that still holds `|` at
    /// depth 0 (fewer than `outer`) is one game written with slashes.
    fn side(&mut self, from: usize, to: usize, outer: usize) -> Result<Vec<Ast>> {
        let mut depth = 0usize;
        let mut pipes = 0usize;
        for &c in &self.s[from..to] {
            match c {
                b'{' | b'(' => depth += 1,
                b'}' | b')' => depth = depth.saturating_sub(1),
                b'|' if depth == 0 => pipes += 1,
                _ => {}
            }
        }
        let sub = Parser { s: &self.s[..to], text: self.text, i: from, depth: self.depth };
        let mut sub = sub;
        if pipes > 0 {
            // One game with fewer slashes: parse it as braces spanning [from, to).
            let _ = outer;
            let (mut d, mut j, mut best, mut best_at) = (0usize, from, 0usize, from);
            while j < to {
                match self.s[j] {
                    b'{' | b'(' => d += 1,
                    b'}' | b')' => d = d.saturating_sub(1),
                    b'|' if d == 0 => {
                        let k = self.s[j..to].iter().take_while(|&&c| c == b'|').count();
                        if k > best {
                            best = k;
                            best_at = j;
                        }
                        j += k;
                        continue;
                    }
                    _ => {}
                }
                j += 1;
            }
            sub.nest()?;
            let left = sub.side(from, best_at, best)?;
            let right = sub.side(best_at + best, to, best)?;
            return Ok(vec![Ast::Braces { name: None, left, right }]);
        }
        let mut out = Vec::new();
        sub.ws();
        if sub.i >= to {
            return Ok(out);
        }
        loop {
            out.push(sub.expr()?);
            sub.ws();
            if sub.i >= to {
                return Ok(out);
            }
            if !sub.eat(b',') {
                return Err(err(
                    self.text,
                    sub.i,
                    format!("unexpected `{}`", self.s[sub.i] as char),
                ));
            }
        }
    }
}

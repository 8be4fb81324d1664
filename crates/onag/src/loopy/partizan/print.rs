//! CGSuite's notation for loopy games.
//!
//! A canonical stopper prints node by node from its start: a node with no
//! cycle below it as the short game it is (`game::print`); `on`, `off`,
//! `xover`, `xunder`; a node equal to its negative as `+-…`; the upon family
//! `x^[on]*m`, `x^<on>*m` and their negatives `v[on]`, `v<on>`; plumtrees
//! `x + Tiny(G)` = {x || x | x − G} and `x + Miny(G)` as `xTiny(G)` and
//! `xMiny(G)` (CGSuite's test `isNumberTiny`); every other
//! node as `{L|R}` with the slash rules of short games, a move from a node
//! to itself written `pass`, and a node met again below itself named `a`,
//! `b`, ... in order of first reference (the name written before its brace).
//! A value that is not a stopper prints `onside & offside`, `dud` for
//! `on & off`; a side that is not a stopper (Bach's Carousel) prints its
//! simplified graph as it is, with no switch or other value-based forms.
//!
//! Options print short games first, in CGSuite's order, then loopy ones in an
//! order fixed by a signature of their graph that does not depend on node
//! numbers (CGSuite orders loopy options by a hash of its own, so when a node
//! has two or more loopy options on one side their order may differ from
//! CGSuite's).
//!
//! The printer descends the graph with recursion bounded by
//! [`MAX_PRINT_DEPTH`]; deeper games are an error, never a stack overflow.

use std::hash::{Hash, Hasher};

use rustc_hash::{FxHashMap, FxHasher};

use super::canonical::{SidedValue, stoppers_equal};
use super::graph::LoopyGame;
use super::solve::{Rule, acyclic_nodes, leq};
use crate::budget::Budget;
use crate::error::{Error, Result};
use crate::game::{Arena, GameId};
use crate::number::Dyadic;

/// The deepest nesting of loopy nodes the printer follows.
pub const MAX_PRINT_DEPTH: usize = 2000;

/// `v` in CGSuite notation (`on`, `^[on]`, `2 & +-1`, `a{0||||0|||a|*||*}`).
pub fn print_value(v: &SidedValue, arena: &mut Arena, budget: &Budget) -> Result<String> {
    if v.is_stopper(budget)? {
        return print_stopper(&v.onside, arena, budget);
    }
    let on = print_stopper(&v.onside, arena, budget)?;
    let off = print_stopper(&v.offside, arena, budget)?;
    if on == "on" && off == "off" {
        return Ok("dud".to_string());
    }
    Ok(format!("{on} & {off}"))
}

/// The canonical stopper `g` in CGSuite notation.
pub fn print_stopper(g: &LoopyGame, arena: &mut Arena, budget: &Budget) -> Result<String> {
    let mut p = Printer::new(g, arena, budget)?;
    let mut out = String::new();
    p.emit(0, true, false, 0, &mut out)?;
    Ok(out)
}

/// The short games of the loopfree nodes of `g` (`None` on loopy nodes).
pub fn short_values(g: &LoopyGame, arena: &mut Arena) -> Result<Vec<Option<GameId>>> {
    let acyclic = acyclic_nodes(g);
    let n = g.len();
    let mut value: Vec<Option<GameId>> = vec![None; n];
    // Explicit post-order over the acyclic part.
    for root in 0..n as u32 {
        if !acyclic[root as usize] || value[root as usize].is_some() {
            continue;
        }
        let mut stack = vec![(root, false)];
        while let Some((v, expanded)) = stack.pop() {
            if value[v as usize].is_some() {
                continue;
            }
            if expanded {
                // Children of an expanded node are valued first (acyclic).
                let l: Option<Vec<GameId>> = g.left(v).iter().map(|&w| value[w as usize]).collect();
                let r: Option<Vec<GameId>> =
                    g.right(v).iter().map(|&w| value[w as usize]).collect();
                let (Some(l), Some(r)) = (l, r) else {
                    return Err(Error::invalid(
                        "internal: loopfree node valued before its options",
                    ));
                };
                value[v as usize] = Some(arena.from_options(&l, &r)?);
            } else {
                stack.push((v, true));
                for &w in g.left(v).iter().chain(g.right(v)) {
                    if value[w as usize].is_none() {
                        stack.push((w, false));
                    }
                }
            }
        }
    }
    Ok(value)
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum UponKind {
    Upon,
    Uponth,
}

struct Printer<'a> {
    g: &'a LoopyGame,
    neg: LoopyGame,
    arena: &'a mut Arena,
    budget: &'a Budget,
    short: Vec<Option<GameId>>,
    signature: Vec<u64>,
    /// Nodes being printed (ancestors), with their names once referenced.
    stack: FxHashMap<u32, Option<String>>,
    names: usize,
}

fn nth_name(n: usize) -> String {
    if n < 26 { ((b'a' + n as u8) as char).to_string() } else { format!("N{}", n - 25) }
}

impl<'a> Printer<'a> {
    fn new(g: &'a LoopyGame, arena: &'a mut Arena, budget: &'a Budget) -> Result<Self> {
        let short = short_values(g, arena)?;
        let n = g.len();
        // Signatures: short nodes by their printed form, refined n rounds.
        let mut signature = vec![0u64; n];
        for v in 0..n {
            let mut h = FxHasher::default();
            match short[v] {
                Some(id) => arena.print(id)?.hash(&mut h),
                None => "loopy".hash(&mut h),
            }
            signature[v] = h.finish();
        }
        for _ in 0..n.min(64) {
            let mut next = signature.clone();
            for v in 0..n as u32 {
                if short[v as usize].is_some() {
                    continue;
                }
                let mut l: Vec<u64> = g.left(v).iter().map(|&w| signature[w as usize]).collect();
                let mut r: Vec<u64> = g.right(v).iter().map(|&w| signature[w as usize]).collect();
                l.sort_unstable();
                r.sort_unstable();
                let mut h = FxHasher::default();
                (l, r).hash(&mut h);
                next[v as usize] = h.finish();
            }
            signature = next;
        }
        Ok(Printer {
            g,
            neg: g.negative(),
            arena,
            budget,
            short,
            signature,
            stack: FxHashMap::default(),
            names: 0,
        })
    }

    fn number(&self, v: u32, negated: bool) -> Option<Dyadic> {
        let x = self.arena.as_number(self.short[v as usize]?)?;
        Some(if negated { -x } else { x })
    }

    /// `(number, star)` of a short node that is a number plus a nimber.
    fn number_star(&self, v: u32, negated: bool) -> Option<(Dyadic, u64)> {
        let nus = self.arena.nus(self.short[v as usize]?)?;
        if nus.ups != 0 {
            return None;
        }
        let x = nus.number.clone();
        Some((if negated { -x } else { x }, nus.star))
    }

    fn opts(&self, v: u32, left: bool, negated: bool) -> &[u32] {
        if left ^ negated { self.g.left(v) } else { self.g.right(v) }
    }

    /// CGSuite's `uponForm(checkUponth)` of node `v` (of `−v` if `negated`).
    fn upon_form(
        &self,
        v: u32,
        negated: bool,
        check_uponth: bool,
    ) -> Option<(UponKind, Dyadic, u64)> {
        let lo = self.opts(v, true, negated);
        let ro = self.opts(v, false, negated);
        if ro.len() == 1 && lo.len() <= 2 {
            if let Some((x, star)) = self.number_star(ro[0], negated) {
                if star == 0 {
                    let ok = lo.len() == 2
                        && lo.contains(&v)
                        && lo.iter().any(|&w| w != v && self.number(w, negated) == Some(x.clone()));
                    if ok {
                        return Some((UponKind::Upon, x, 1));
                    }
                } else if lo == [v] {
                    return Some((UponKind::Upon, x, star ^ 1));
                }
            }
        }
        if check_uponth && ro.len() == 1 {
            // The negative of the lone Right option, as an upon.
            if let Some((UponKind::Upon, y, k)) = self.upon_form(ro[0], !negated, false) {
                let m = k ^ 1;
                let want: Vec<(Dyadic, u64)> = (0..=m).map(|s| (-y.clone(), s)).collect();
                let mut have: Vec<(Dyadic, u64)> = Vec::new();
                for &w in lo {
                    match self.number_star(w, negated) {
                        Some(p) => have.push(p),
                        None => return None,
                    }
                }
                have.sort_by_key(|a| a.1);
                if have.len() == want.len() && have.iter().zip(&want).all(|(a, b)| a == b) {
                    return Some((UponKind::Uponth, -y, m));
                }
            }
        }
        None
    }

    /// CGSuite's `x + Tiny(G)` = {x || x | x − G} and `x + Miny(G)` =
    /// {x − G | x || x} forms of node `v` (a plumtree whose far option
    /// `u` has `u − x ≤ under` for Tiny, `x − u ≤ under` for Miny): the
    /// name, `x` and the subscript `G` as a canonical stopper.
    fn tiny_form(&mut self, v: u32) -> Result<Option<(&'static str, Dyadic, LoopyGame)>> {
        let (l, r) = (self.g.left(v), self.g.right(v));
        let ([a], [b]) = (l, r) else { return Ok(None) };
        let (a, b) = (*a, *b);
        let (name, x, u) = if let Some(x) = self.number(a, false) {
            // Tiny: the lone Right option is {x | u}.
            match (self.g.left(b), self.g.right(b)) {
                ([xa], [u]) if self.number(*xa, false) == Some(x.clone()) => ("Tiny", x, *u),
                _ => return Ok(None),
            }
        } else if let Some(x) = self.number(b, false) {
            // Miny: the lone Left option is {u | x}.
            match (self.g.left(a), self.g.right(a)) {
                ([u], [xb]) if self.number(*xb, false) == Some(x.clone()) => ("Miny", x, *u),
                _ => return Ok(None),
            }
        } else {
            return Ok(None);
        };
        if !is_plumtree(&self.g.at(v)) {
            return Ok(None);
        }
        let id = self.arena.dyadic(&x)?;
        let number = LoopyGame::from_short(self.arena, id)?;
        // `sub` = x − u for Tiny, u − x for Miny; the test is −sub ≤ under.
        let u_game = self.g.at(u);
        let sub = if name == "Tiny" {
            number.sum(&u_game.negative(), MAX_SUB_NODES)?
        } else {
            u_game.sum(&number.negative(), MAX_SUB_NODES)?
        };
        if !leq(&sub.negative(), 0, &LoopyGame::under(), 0, Rule::Stopper, self.budget)? {
            return Ok(None);
        }
        let sub = SidedValue::of(&sub, self.budget)?;
        if !sub.is_stopper(self.budget)? {
            return Ok(None);
        }
        Ok(Some((name, x, sub.onside)))
    }

    fn is_switch(&self, v: u32) -> Result<bool> {
        let a = self.g.at(v);
        // A node of a side that is not a stopper is written as it is.
        if !a.is_stopper() {
            return Ok(false);
        }
        let b = self.neg.at(v);
        stoppers_equal(&a, &b, self.budget)
    }

    fn sorted(&mut self, opts: &[u32]) -> Result<Vec<u32>> {
        let mut short: Vec<GameId> = Vec::new();
        let mut by_game: FxHashMap<GameId, u32> = FxHashMap::default();
        let mut loopy: Vec<u32> = Vec::new();
        for &w in opts {
            match self.short[w as usize] {
                Some(id) => {
                    short.push(id);
                    by_game.insert(id, w);
                }
                None => loopy.push(w),
            }
        }
        self.arena.sort_for_display(&mut short)?;
        loopy.sort_by_key(|&w| (self.signature[w as usize], w));
        Ok(short.iter().map(|id| by_game[id]).chain(loopy).collect())
    }

    /// Writes node `v`; returns its separator length when written without
    /// braces (0 when braced or not a braces form).
    fn emit(
        &mut self,
        v: u32,
        force_brackets: bool,
        force_parens: bool,
        depth: usize,
        out: &mut String,
    ) -> Result<usize> {
        if depth > MAX_PRINT_DEPTH {
            return Err(Error::invalid(format!(
                "the game nests loopy positions more than {MAX_PRINT_DEPTH} deep to print"
            )));
        }
        if let Some(id) = self.short[v as usize] {
            let s = self.arena.print(id)?;
            if s.starts_with('{') && !force_brackets {
                let inner = &s[1..s.len() - 1];
                let k = depth0_pipes(inner);
                if k < 4 {
                    out.push_str(inner);
                    return Ok(k);
                }
            }
            out.push_str(&s);
            return Ok(0);
        }
        let (l, r) = (self.g.left(v), self.g.right(v));
        // Pseudonumbers.
        if l == [v] && r.is_empty() {
            out.push_str("on");
            return Ok(0);
        }
        if r == [v] && l.is_empty() {
            out.push_str("off");
            return Ok(0);
        }
        for over in [true, false] {
            let (x, me) = if over { (l, r) } else { (r, l) };
            if me == [v] && x.len() == 1 {
                if let Some(num) = self.number(x[0], false) {
                    let word = if over { "over" } else { "under" };
                    if num.is_zero() {
                        out.push_str(word);
                    } else {
                        if force_parens {
                            out.push('(');
                        }
                        out.push_str(&format!("{num}{word}"));
                        if force_parens {
                            out.push(')');
                        }
                    }
                    return Ok(0);
                }
            }
        }
        if self.is_switch(v)? {
            let lo = self.sorted(l)?;
            out.push_str("+-");
            if lo.len() > 1 {
                out.push('{');
            }
            for (i, &w) in lo.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                self.emit(w, true, lo.len() == 1, depth + 1, out)?;
            }
            if lo.len() > 1 {
                out.push('}');
            }
            return Ok(0);
        }
        if let Some((name, x, sub)) = self.tiny_form(v)? {
            if force_parens {
                out.push('(');
            }
            if !x.is_zero() {
                out.push_str(&x.to_string());
            }
            let sub = print_stopper(&sub, self.arena, self.budget)?;
            out.push_str(&format!("{name}({sub})"));
            if force_parens {
                out.push(')');
            }
            return Ok(0);
        }
        let form = match self.upon_form(v, false, true) {
            Some(f) => Some((f, false)),
            None => self.upon_form(v, true, true).map(|(k, x, m)| ((k, -x, m), true)),
        };
        if let Some(((kind, x, m), negated)) = form {
            if !x.is_zero() {
                out.push_str(&x.to_string());
            }
            out.push(if negated { 'v' } else { '^' });
            out.push_str(match kind {
                UponKind::Upon => "[on]",
                UponKind::Uponth => "<on>",
            });
            if m >= 1 {
                out.push('*');
                if m >= 2 {
                    out.push_str(&m.to_string());
                }
            }
            return Ok(0);
        }
        if let Some(name) = self.stack.get_mut(&v) {
            let name = match name {
                Some(n) => n.clone(),
                None => {
                    let n = nth_name(self.names);
                    self.names += 1;
                    *name = Some(n.clone());
                    n
                }
            };
            out.push_str(&name);
            return Ok(0);
        }
        self.stack.insert(v, None);
        let lo = self.sorted(l)?;
        let ro = self.sorted(r)?;
        let mut slashes = 0;
        let side_text = |p: &mut Self, opts: &[u32], slashes: &mut usize| -> Result<String> {
            let mut s = String::new();
            for (i, &w) in opts.iter().enumerate() {
                if i > 0 {
                    s.push(',');
                }
                if w == v {
                    s.push_str("pass");
                } else {
                    let k = p.emit(w, opts.len() > 1, false, depth + 1, &mut s)?;
                    *slashes = (*slashes).max(k);
                }
            }
            Ok(s)
        };
        let left_text = side_text(self, &lo, &mut slashes)?;
        let right_text = side_text(self, &ro, &mut slashes)?;
        let named = self.stack.remove(&v).flatten();
        slashes += 1;
        let braces =
            force_brackets || named.is_some() || lo.is_empty() || ro.is_empty() || slashes == 4;
        if let Some(n) = &named {
            out.push_str(n);
        }
        if braces {
            out.push('{');
        }
        out.push_str(&left_text);
        out.push_str(&"|".repeat(slashes));
        out.push_str(&right_text);
        if braces {
            out.push('}');
        }
        Ok(if braces { 0 } else { slashes })
    }
}

/// Whether `g` is a plumtree: its only cycles are `pass` moves (a node's
/// move to itself).
fn is_plumtree(g: &LoopyGame) -> bool {
    let strip = |edges: &[Vec<u32>]| -> Vec<Vec<u32>> {
        edges
            .iter()
            .enumerate()
            .map(|(v, row)| row.iter().copied().filter(|&w| w as usize != v).collect())
            .collect()
    };
    LoopyGame::packed(&strip(g.left_edges()), &strip(g.right_edges()), 0).is_loopfree()
}

/// The most positions the sum behind a `Tiny`/`Miny` subscript may have.
const MAX_SUB_NODES: usize = 1 << 20;

/// The longest run of `|` outside braces in a printed game's inside.
fn depth0_pipes(s: &str) -> usize {
    let (mut depth, mut run, mut best) = (0i32, 0usize, 0usize);
    for c in s.chars() {
        match c {
            '{' | '(' => {
                depth += 1;
                run = 0;
            }
            '}' | ')' => {
                depth -= 1;
                run = 0;
            }
            '|' if depth == 0 => {
                run += 1;
                best = best.max(run);
            }
            _ => run = 0,
        }
    }
    best
}

//! CGSuite's plain-text notation for games, character for character.
//!
//! - number + ups + star compactly: `0`, `-1/2`, `6^*`, `^*6`, `73/16v9*8`;
//!   the uptimals `x ± ↑ⁿ + *m` and `x ± (↑ + … + ↑ⁿ) + *m` (n ≥ 2, any n) as
//!   `^<n>`, `v<n>`, `^[n]`, `v[n]` after the number and before the star
//!   (`^<2>*`, `1^[3]*`); other uptimals (`↑ + ↑³`) in braces;
//! - a game equal to its negative as `+-x`, `+-{a,b}` (a lone non-compact
//!   option in parentheses, a general one braced);
//! - `{x ‖ x | y}` with x a number and the mean of y below x as `xTiny(x−y)`,
//!   and its mirror image `{y | x ‖ x}` (mean of y above x) as `xMiny(y−x)`;
//!   the subscript is braced when it is a general game (`Tiny({2|1})`);
//! - every other game as `{L|R}`; a lone option that is itself such a game is
//!   written with slashes, the outer separator one `|` longer than the inner
//!   one; at four slashes the inner game is braced again;
//! - options in CGSuite's order: numbers ascending, then nimbers, then
//!   other uptimals (by their expansions, see [`Uptimal::cmp_display`]), then
//!   other games by their sorted Left options and then Right options (a
//!   shorter list first when one is a prefix).
//!
//! The printer works in passes over an explicit stack: classify every game in
//! the print tree and sort its options bottom-up, count slashes bottom-up,
//! then emit text top-down. Nothing recurses on the depth of the game.

use std::cmp::Ordering;
use std::fmt::Write as _;

use rustc_hash::FxHashMap;

use super::arena::{Arena, GameId};
use super::nus::Nus;
use super::uptimal::{Uptimal, UptimalMemo};
use crate::error::{Error, ErrorKind, Result};

const MAX_SLASHES: u8 = 4;

#[derive(Clone, Debug)]
enum Form {
    Nus(Nus),
    /// `x ± ↑ⁿ + *m` or `x ± (↑ + … + ↑ⁿ) + *m` with n ≥ 2.
    Uptimal(Uptimal),
    Switch,
    Tiny {
        translate: GameId,
        subscript: GameId,
        miny: bool,
    },
    Braces,
}

enum Item {
    Game { g: GameId, braces: bool, parens: bool },
    Text(&'static str),
}

struct Printer<'a> {
    arena: &'a mut Arena,
    forms: FxHashMap<GameId, Form>,
    sorted: FxHashMap<GameId, (Vec<GameId>, Vec<GameId>)>,
    slashes: FxHashMap<GameId, u8>,
    /// Expansions of the games read so far (the recognition memo).
    uptimals: UptimalMemo,
    /// Expansions of uptimals printed in braces (they sort as uptimals).
    expansions: FxHashMap<GameId, Uptimal>,
    /// Whether a number and a star of two or more are joined by `+`
    /// ([`Arena::print_readable`]).
    readable: bool,
}

/// The longest printed form [`Arena::print`] writes (characters).
pub const MAX_PRINTED: usize = 1 << 24;

impl Arena {
    /// `g` in CGSuite notation (`^`, `{3||2|1}`, `+-1`, `Tiny(1)`, ...).
    pub fn print(&mut self, g: GameId) -> Result<String> {
        self.print_with(g, false)
    }

    /// `g` as [`print`](Self::print) writes it, except that a number and a
    /// star `*n` (n ≥ 2) with no arrow between are joined by `+`: `1+*2`,
    /// `{1+*2|*2}`. CGSuite prints `1*2`, which the calculator (like CGSuite)
    /// reads as the product 2; this form reads back as `g`.
    pub fn print_readable(&mut self, g: GameId) -> Result<String> {
        self.print_with(g, true)
    }

    /// [`print`](Self::print) or [`print_readable`](Self::print_readable).
    fn print_with(&mut self, g: GameId, readable: bool) -> Result<String> {
        let mut p = Printer::new(self);
        p.readable = readable;
        p.analyse(g)?;
        let mut out = String::new();
        p.emit(g, true, false, &mut out)?;
        Ok(out)
    }

    /// A set of games as CGSuite prints it: `{0,1,*}`, `{}` when empty, in
    /// CGSuite's option order.
    pub fn print_set(&mut self, games: &[GameId]) -> Result<String> {
        let mut p = Printer::new(self);
        let mut list = games.to_vec();
        list.sort_unstable();
        list.dedup();
        for &g in &list {
            p.analyse(g)?;
        }
        p.sort(&mut list);
        let mut out = String::from("{");
        for (i, &g) in list.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            p.emit(g, true, false, &mut out)?;
        }
        out.push('}');
        Ok(out)
    }

    /// Sorts games into CGSuite's display order (see the module doc).
    pub fn sort_for_display(&mut self, games: &mut [GameId]) -> Result<()> {
        let mut p = Printer::new(self);
        for &g in games.iter() {
            p.analyse(g)?;
        }
        p.sort(games);
        Ok(())
    }
}

fn nus_text(v: &Nus, parens: bool, readable: bool, out: &mut String) {
    let zero = v.number.is_zero();
    let compact = v.is_number() || (zero && v.ups == 0) || (zero && v.star == 0);
    if parens && !compact {
        out.push('(');
    }
    if !zero || (v.star == 0 && v.ups == 0) {
        let _ = write!(out, "{}", v.number);
    }
    if v.ups != 0 {
        out.push_str(match v.ups {
            2 => "^^",
            -2 => "vv",
            n if n > 0 => "^",
            _ => "v",
        });
        if v.ups.unsigned_abs() > 2 {
            let _ = write!(out, "{}", v.ups.unsigned_abs());
        }
    }
    if readable && !zero && v.ups == 0 && v.star >= 2 {
        out.push('+');
    }
    star_text(v.star, out);
    if parens && !compact {
        out.push(')');
    }
}

fn star_text(star: u64, out: &mut String) {
    if star != 0 {
        out.push('*');
        if star > 1 {
            let _ = write!(out, "{star}");
        }
    }
}

fn up_text(u: &Uptimal, parens: bool, out: &mut String) {
    let compact = u.number().is_zero() && u.star() == 0;
    if parens && !compact {
        out.push('(');
    }
    if !u.number().is_zero() {
        let _ = write!(out, "{}", u.number());
    }
    let n = u.length();
    out.push(if u.coefficient(n) > 0 { '^' } else { 'v' });
    let (open, close) = if u.is_unit() { ('<', '>') } else { ('[', ']') };
    let _ = write!(out, "{open}{n}{close}");
    star_text(u.star(), out);
    if parens && !compact {
        out.push(')');
    }
}

impl<'a> Printer<'a> {
    fn new(arena: &'a mut Arena) -> Self {
        Printer {
            arena,
            forms: FxHashMap::default(),
            sorted: FxHashMap::default(),
            slashes: FxHashMap::default(),
            uptimals: UptimalMemo::default(),
            expansions: FxHashMap::default(),
            readable: false,
        }
    }

    /// Classifies every game of the print tree below `root`, sorts options
    /// and counts slashes, children before parents.
    fn analyse(&mut self, root: GameId) -> Result<()> {
        let mut stack = vec![(root, false)];
        while let Some((g, done)) = stack.pop() {
            if !done {
                if self.forms.contains_key(&g) {
                    continue;
                }
                let form = self.form_of(g)?;
                let children: Vec<GameId> = match &form {
                    Form::Nus(_) | Form::Uptimal(_) => Vec::new(),
                    Form::Tiny { translate, subscript, .. } => {
                        let mut c = vec![*translate, *subscript];
                        c.extend(self.arena.lefts(g));
                        c.extend(self.arena.rights(g));
                        c
                    }
                    Form::Switch | Form::Braces => {
                        let mut c = self.arena.lefts(g).to_vec();
                        c.extend(self.arena.rights(g));
                        c
                    }
                };
                self.forms.insert(g, form);
                stack.push((g, true));
                for c in children {
                    if !self.forms.contains_key(&c) {
                        stack.push((c, false));
                    }
                }
            } else {
                self.finish(g);
            }
        }
        Ok(())
    }

    /// Sorts the options of a general game and counts its slashes (its
    /// children are finished).
    fn finish(&mut self, g: GameId) {
        if matches!(self.forms[&g], Form::Nus(_) | Form::Uptimal(_)) {
            return;
        }
        let mut left = self.arena.lefts(g).to_vec();
        let mut right = self.arena.rights(g).to_vec();
        self.sort(&mut left);
        self.sort(&mut right);
        if matches!(self.forms[&g], Form::Braces) {
            let side = |list: &[GameId], p: &Self| -> u8 {
                if list.len() != 1 {
                    return 1;
                }
                let child = list[0];
                match p.forms.get(&child) {
                    Some(Form::Braces) => {
                        let s = p.slashes.get(&child).copied().unwrap_or(1);
                        if s >= MAX_SLASHES { 1 } else { s + 1 }
                    }
                    _ => 1,
                }
            };
            let s = side(&left, self).max(side(&right, self));
            self.slashes.insert(g, s);
        }
        self.sorted.insert(g, (left, right));
    }

    fn form_of(&mut self, g: GameId) -> Result<Form> {
        if let Some(v) = self.arena.nus(g) {
            return Ok(Form::Nus(v.clone()));
        }
        if let Some(u) = self.arena.uptimal_with(g, &mut self.uptimals)? {
            if u.length() >= 2 && (u.is_unit() || u.is_unit_sum()) {
                return Ok(Form::Uptimal(u));
            }
            // Neither a switch nor Tiny-shaped: all options share one number.
            self.expansions.insert(g, u);
            return Ok(Form::Braces);
        }
        if self.arena.neg(g)? == g {
            return Ok(Form::Switch);
        }
        if let Some(t) = self.tiny(g)? {
            return Ok(t);
        }
        Ok(Form::Braces)
    }

    /// `{x ‖ x | y}` → `xTiny(x − y)` and `{y | x ‖ x}` → `xMiny(y − x)`,
    /// when the mean of y is below (above) x, as CGSuite decides.
    fn tiny(&mut self, g: GameId) -> Result<Option<Form>> {
        let Some((x, y, tiny)) = self.arena.number_tiny_parts(g)? else { return Ok(None) };
        let subscript = if tiny { self.arena.sub(x, y)? } else { self.arena.sub(y, x)? };
        Ok(Some(Form::Tiny { translate: x, subscript, miny: !tiny }))
    }

    /// Category in the display order: numbers, nimbers, other uptimals, rest.
    fn category(&self, g: GameId) -> u8 {
        match self.forms.get(&g) {
            Some(Form::Nus(v)) if v.is_number() => 0,
            Some(Form::Nus(v)) if v.ups == 0 && v.number.is_zero() => 1,
            Some(Form::Nus(_)) | Some(Form::Uptimal(_)) => 2,
            _ if self.expansions.contains_key(&g) => 2,
            _ => 3,
        }
    }

    /// The uptimal expansion of a game of category 0, 1 or 2.
    fn expansion(&self, g: GameId) -> Option<Uptimal> {
        match self.forms.get(&g) {
            Some(Form::Nus(v)) => Some(Uptimal::from_nus(v)),
            Some(Form::Uptimal(u)) => Some(u.clone()),
            _ => self.expansions.get(&g).cloned(),
        }
    }

    /// CGSuite's display order between two analysed games.
    fn compare(&self, g: GameId, h: GameId) -> Ordering {
        // Lexicographic walk over sorted option lists, on an explicit stack.
        let mut stack: Vec<(GameId, GameId, usize)> = vec![(g, h, 0)];
        while let Some((a, b, pos)) = stack.pop() {
            if pos == 0 {
                if a == b {
                    continue;
                }
                let (ca, cb) = (self.category(a), self.category(b));
                if ca != cb {
                    return ca.cmp(&cb);
                }
                let order = match ca {
                    0..=2 => match (self.expansion(a), self.expansion(b)) {
                        (Some(x), Some(y)) => x.cmp_display(&y),
                        _ => Ordering::Equal,
                    },
                    _ => Ordering::Equal,
                };
                if order != Ordering::Equal || ca < 3 {
                    if order != Ordering::Equal {
                        return order;
                    }
                    continue;
                }
            }
            // Both general: compare element `pos` of left lists then right lists.
            let empty = (Vec::new(), Vec::new());
            let (la, ra) = self.sorted.get(&a).unwrap_or(&empty);
            let (lb, rb) = self.sorted.get(&b).unwrap_or(&empty);
            let (xs, ys, i) = if pos < la.len().max(lb.len()) {
                (la, lb, pos)
            } else {
                (ra, rb, pos - la.len().max(lb.len()))
            };
            let total = la.len().max(lb.len()) + ra.len().max(rb.len());
            if pos >= total {
                continue;
            }
            match (xs.get(i), ys.get(i)) {
                (Some(&x), Some(&y)) => {
                    stack.push((a, b, pos + 1));
                    stack.push((x, y, 0));
                }
                (Some(_), None) => return Ordering::Greater,
                (None, Some(_)) => return Ordering::Less,
                (None, None) => stack.push((a, b, pos + 1)),
            }
        }
        Ordering::Equal
    }

    fn sort(&self, list: &mut [GameId]) {
        list.sort_by(|&x, &y| self.compare(x, y));
    }

    /// Writes `g` (already analysed) to `out`. A game is a DAG and its
    /// printed form a tree, which can be exponentially longer: output past
    /// [`MAX_PRINTED`] characters is an error, and the arena's budget
    /// (deadline, Ctrl-C) is checked as the text grows.
    fn emit(&mut self, root: GameId, braces: bool, parens: bool, out: &mut String) -> Result<()> {
        let mut stack = vec![Item::Game { g: root, braces, parens }];
        while let Some(item) = stack.pop() {
            self.arena.step()?;
            if out.len() > MAX_PRINTED {
                return Err(Error::new(
                    ErrorKind::LimitExceeded,
                    format!("the printed form is longer than {MAX_PRINTED} characters"),
                ));
            }
            let (g, braces, parens) = match item {
                Item::Text(t) => {
                    out.push_str(t);
                    continue;
                }
                Item::Game { g, braces, parens } => (g, braces, parens),
            };
            let Some(form) = self.forms.get(&g) else { continue };
            let mut items: Vec<Item> = Vec::new();
            match form {
                Form::Nus(v) => nus_text(v, parens, self.readable, out),
                Form::Uptimal(u) => up_text(u, parens, out),
                Form::Switch => {
                    let left = &self.sorted[&g].0;
                    items.push(Item::Text("+-"));
                    if left.len() == 1 {
                        items.push(Item::Game { g: left[0], braces: true, parens: true });
                    } else {
                        items.push(Item::Text("{"));
                        for (i, &l) in left.iter().enumerate() {
                            if i > 0 {
                                items.push(Item::Text(","));
                            }
                            items.push(Item::Game { g: l, braces: true, parens: false });
                        }
                        items.push(Item::Text("}"));
                    }
                }
                Form::Tiny { translate, subscript, miny } => {
                    if parens {
                        items.push(Item::Text("("));
                    }
                    if *translate != self.arena.zero() {
                        items.push(Item::Game { g: *translate, braces: false, parens: false });
                    }
                    items.push(Item::Text(if *miny { "Miny(" } else { "Tiny(" }));
                    items.push(Item::Game { g: *subscript, braces: true, parens: false });
                    items.push(Item::Text(")"));
                    if parens {
                        items.push(Item::Text(")"));
                    }
                }
                Form::Braces => {
                    let (left, right) = &self.sorted[&g];
                    let slashes = self.slashes.get(&g).copied().unwrap_or(1);
                    let braced = braces || slashes >= MAX_SLASHES;
                    if braced {
                        items.push(Item::Text("{"));
                    }
                    for (i, &l) in left.iter().enumerate() {
                        if i > 0 {
                            items.push(Item::Text(","));
                        }
                        items.push(Item::Game { g: l, braces: left.len() > 1, parens: false });
                    }
                    items.push(Item::Text(["", "|", "||", "|||", "||||"][slashes as usize]));
                    for (i, &r) in right.iter().enumerate() {
                        if i > 0 {
                            items.push(Item::Text(","));
                        }
                        items.push(Item::Game { g: r, braces: right.len() > 1, parens: false });
                    }
                    if braced {
                        items.push(Item::Text("}"));
                    }
                }
            }
            stack.extend(items.into_iter().rev());
        }
        Ok(())
    }
}

//! Compound games kept as written (CGSuite's `CompoundGame`):
//! `a ConjunctiveSum b`, `a SelectiveSum b`, `a OrdinalProduct b`, and
//! `a ConwayProduct b` when a part is explicit or a misère game (of two
//! canonical games the product is computed at once). Each is an explicit
//! game ([`Explicit::Compound`]) printed with the operator's name (a
//! Conway product with an integer first as `n * g`, as CGSuite prints
//! it), and its canonical form is built from the parts' options as
//! written (a misère game's are its options in simplest form, the same
//! for both players):
//!
//! - conjunctive sum `G ∧ H = {G^L ∧ H^L | G^R ∧ H^R}` (move in both; play
//!   ends when either part ends);
//! - selective sum `G ∨ H = {G^L ∨ H, G ∨ H^L, G^L ∨ H^L | …}` (move in one
//!   part or both);
//! - Conway product `G·H = {G^L·H + G·H^L − G^L·H^L, G^R·H + G·H^R −
//!   G^R·H^R | G^L·H + G·H^R − G^L·H^R, G^R·H + G·H^L − G^R·H^L}`;
//! - ordinal product `G ⊛ H = {G⊛H^L : G^L, G⊛H^R : −G^R | G⊛H^L : G^R,
//!   G⊛H^R : −G^L}`, where the base of each ordinal sum is the product
//!   itself as its options define it (an ordinal sum depends on its base's
//!   form).
//!
//! The recursion follows the parts' depth; it is memoised on pairs of
//! canonical parts and stops with an error past [`MAX_DEPTH`].

use rustc_hash::FxHashMap;

use crate::error::{ErrorKind, Result};
use crate::game::GameId;
use crate::impartial::misere::FormId;
use crate::lang::classes::explicit;
use crate::lang::runtime::context::Eval;
use crate::lang::syntax::lexer::Span;
use crate::lang::value::Value;
use crate::lang::value::explicit::{Explicit, Kind};

/// Deepest recursion of a compound's canonical form.
const MAX_DEPTH: usize = 2000;

/// `a ∘ b`, kept as written.
pub(crate) fn compound(ev: &Eval<'_>, kind: Kind, a: Value, b: Value, span: Span) -> Result<Value> {
    for v in [&a, &b] {
        if !matches!(v, Value::Number(_) | Value::Game(_) | Value::Explicit(_) | Value::Misere(_)) {
            return Err(ev.error(
                span,
                ErrorKind::InvalidInput,
                format!("{} needs short games, not {}", kind.name(), v.kind_name()),
            ));
        }
    }
    Ok(explicit::explicit(Explicit::Compound(kind, a, b)))
}

/// The canonical form of `a ∘ b`.
pub(crate) fn canonical(
    ev: &mut Eval<'_>,
    kind: Kind,
    a: &Value,
    b: &Value,
    span: Span,
) -> Result<GameId> {
    let mut work = Work { kind, span, memo: FxHashMap::default(), options: FxHashMap::default() };
    let (left, right) = work.options(ev, a, b, 0)?;
    ev.arena(span, |ar| ar.from_options(&left, &right))
}

/// Canonical option lists of one compound's followers.
struct Work {
    kind: Kind,
    span: Span,
    /// Canonical forms of `x ∘ y` for canonical or misère `x`, `y`.
    memo: FxHashMap<(Part, Part), GameId>,
    /// Option lists of `x ∘ y` for canonical or misère `x`, `y`.
    options: FxHashMap<(Part, Part), (Vec<GameId>, Vec<GameId>)>,
}

impl Work {
    /// The canonical form of `x ∘ y`.
    fn value(&mut self, ev: &mut Eval<'_>, x: &Value, y: &Value, depth: usize) -> Result<GameId> {
        let key = key(x).zip(key(y));
        if let Some(&g) = key.and_then(|k| self.memo.get(&k)) {
            return Ok(g);
        }
        let (left, right) = self.options(ev, x, y, depth)?;
        let g = ev.arena(self.span, |ar| ar.from_options(&left, &right))?;
        if let Some(k) = key {
            self.memo.insert(k, g);
        }
        Ok(g)
    }

    /// The canonical forms of the options of `x ∘ y` (Left's, Right's).
    fn options(
        &mut self,
        ev: &mut Eval<'_>,
        x: &Value,
        y: &Value,
        depth: usize,
    ) -> Result<(Vec<GameId>, Vec<GameId>)> {
        if depth > MAX_DEPTH {
            return Err(ev.error(
                self.span,
                ErrorKind::LimitExceeded,
                format!("{}: the games are more than {MAX_DEPTH} moves deep", self.kind.name()),
            ));
        }
        ev.step(self.span)?;
        let key = key(x).zip(key(y));
        if let Some(found) = key.and_then(|k| self.options.get(&k)) {
            return Ok(found.clone());
        }
        let (xl, xr) = explicit::written_options(ev, x, self.span)?;
        let (yl, yr) = explicit::written_options(ev, y, self.span)?;
        let d = depth + 1;
        let mut left = Vec::new();
        let mut right = Vec::new();
        match self.kind {
            Kind::Conjunctive => {
                for (xs, ys, out) in [(&xl, &yl, &mut left), (&xr, &yr, &mut right)] {
                    for a in xs {
                        for b in ys {
                            out.push(self.value(ev, a, b, d)?);
                        }
                    }
                }
            }
            Kind::Selective => {
                for (xs, ys, out) in [(&xl, &yl, &mut left), (&xr, &yr, &mut right)] {
                    for a in xs {
                        out.push(self.value(ev, a, y, d)?);
                    }
                    for b in ys {
                        out.push(self.value(ev, x, b, d)?);
                    }
                    for a in xs {
                        for b in ys {
                            out.push(self.value(ev, a, b, d)?);
                        }
                    }
                }
            }
            Kind::ConwayProduct => {
                let span = self.span;
                // a·y for each option a of x and x·b for each option b of y,
                // each valued once.
                let mut xly = Vec::with_capacity(xl.len());
                let mut xry = Vec::with_capacity(xr.len());
                for (xs, out) in [(&xl, &mut xly), (&xr, &mut xry)] {
                    for a in xs {
                        out.push(self.value(ev, a, y, d)?);
                    }
                }
                let mut xyl = Vec::with_capacity(yl.len());
                let mut xyr = Vec::with_capacity(yr.len());
                for (ys, out) in [(&yl, &mut xyl), (&yr, &mut xyr)] {
                    for b in ys {
                        out.push(self.value(ev, x, b, d)?);
                    }
                }
                let xy_terms = [
                    (&xl, &xly, &yl, &xyl, true),
                    (&xr, &xry, &yr, &xyr, true),
                    (&xl, &xly, &yr, &xyr, false),
                    (&xr, &xry, &yl, &xyl, false),
                ];
                for (xs, ays, ys, xbs, for_left) in xy_terms {
                    for (a, &ay) in xs.iter().zip(ays) {
                        for (b, &xb) in ys.iter().zip(xbs) {
                            let ab = self.value(ev, a, b, d)?;
                            let term = ev.arena(span, |ar| {
                                let s = ar.add(ay, xb)?;
                                ar.sub(s, ab)
                            })?;
                            if for_left { left.push(term) } else { right.push(term) }
                        }
                    }
                }
            }
            Kind::OrdinalProduct => {
                let span = self.span;
                let canon = |ev: &mut Eval<'_>, v: &Value| explicit::canonical(ev, v, span);
                let xl: Vec<GameId> = xl.iter().map(|v| canon(ev, v)).collect::<Result<_>>()?;
                let xr: Vec<GameId> = xr.iter().map(|v| canon(ev, v)).collect::<Result<_>>()?;
                let neg_xl: Vec<GameId> =
                    xl.iter().map(|&g| ev.arena(span, |a| a.neg(g))).collect::<Result<_>>()?;
                let neg_xr: Vec<GameId> =
                    xr.iter().map(|&g| ev.arena(span, |a| a.neg(g))).collect::<Result<_>>()?;
                // For H^L the exponents are G's options; for H^R, −G's
                // (Left's are −G^R, Right's −G^L).
                for (hs, lefts, rights) in [(&yl, &xl, &xr), (&yr, &neg_xr, &neg_xl)] {
                    for h in hs {
                        let (bl, br) = self.options(ev, x, h, d)?;
                        for &e in lefts {
                            left.push(ev.arena(span, |a| a.ordinal_sum_on(&bl, &br, e))?);
                        }
                        for &e in rights {
                            right.push(ev.arena(span, |a| a.ordinal_sum_on(&bl, &br, e))?);
                        }
                    }
                }
            }
        }
        if let Some(k) = key {
            self.options.insert(k, (left.clone(), right.clone()));
        }
        Ok((left, right))
    }
}

/// A part the memo tables know: a canonical game or a misère game (whose
/// options are its simplest form's, so equal ids have equal options).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Part {
    Game(GameId),
    Misere(FormId),
}

/// The memo key of a part that is a canonical or misère game (not
/// explicit).
fn key(v: &Value) -> Option<Part> {
    match v {
        Value::Game(g) => Some(Part::Game(*g)),
        Value::Misere(g) => Some(Part::Misere(*g)),
        _ => None,
    }
}

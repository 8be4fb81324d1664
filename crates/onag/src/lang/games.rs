//! Game values in the calculator: conversions between numbers and games,
//! operators on games, and the game members (all computed by [`crate::game`]).
//!
//! A dyadic number is a game; a non-dyadic rational is not (`{1/3|}` is an
//! error). A game that is a number comes back as a number value, so number
//! members and exact rational arithmetic apply to it.

use std::cmp::Ordering;

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{Signed, ToPrimitive};

use super::ast::{BinOp, UpKind};
use super::eval::Eval;
use super::lexer::Span;
use super::value::Value;
use crate::error::{Error, ErrorKind, Result};
use crate::game::GameId;
use crate::number::Dyadic;

impl Eval<'_> {
    /// Runs an arena operation, locating its error at `span`.
    pub(crate) fn arena<T>(
        &mut self,
        span: Span,
        f: impl FnOnce(&mut crate::game::Arena) -> Result<T>,
    ) -> Result<T> {
        f(&mut self.session.arena).map_err(|e| self.locate(e, span))
    }

    /// The value of game `g`: a number value when `g` is a number.
    pub(crate) fn game_value(&self, g: GameId) -> Value {
        match self.session.arena.as_number(g) {
            Some(x) => Value::Number(x.to_rational()),
            None => Value::Game(g),
        }
    }

    /// `value` as a game, or a type error naming `what` needs it.
    pub(crate) fn game_of(&mut self, value: &Value, span: Span, what: &str) -> Result<GameId> {
        match value {
            Value::Game(g) => Ok(*g),
            Value::Position(p) => super::partizan::value_of(self, p.as_ref(), span),
            Value::Heap(..) | Value::Classic(_) => {
                match super::rulesets::nimber_of_position(self, value, span)? {
                    Some(g) => Ok(g),
                    None => Err(self.error(span, ErrorKind::InvalidInput, "no nim value")),
                }
            }
            Value::Number(q) => match Dyadic::from_rational(q) {
                Some(x) => self.arena(span, |a| a.dyadic(&x)),
                None => Err(self.error(
                    span,
                    ErrorKind::InvalidInput,
                    format!(
                        "{what} needs a game, and {} is not a dyadic rational",
                        show_rational(q)
                    ),
                )),
            },
            other => Err(self.error(
                span,
                ErrorKind::InvalidInput,
                format!("{what} needs a game, not {}", other.kind_name()),
            )),
        }
    }

    /// All of `values` as games.
    pub(crate) fn game_list(
        &mut self,
        values: &[Value],
        span: Span,
        what: &str,
    ) -> Result<Vec<GameId>> {
        values.iter().map(|v| self.game_of(v, span, what)).collect()
    }
}

fn show_rational(q: &BigRational) -> String {
    let mut out = String::new();
    super::value::write_number(&mut out, q);
    out
}

/// Whether a value takes part in game arithmetic (a game, or a number).
pub(crate) fn is_gamey(v: &Value) -> bool {
    matches!(v, Value::Game(_) | Value::Number(_))
}

fn overflow() -> Error {
    Error::new(ErrorKind::Overflow, "Overflow.")
}

/// An up literal: n·↑, ↑ⁿ or ↑+…+↑ⁿ (negated for downs).
pub(crate) fn up_literal(ev: &mut Eval<'_>, kind: UpKind, n: &BigInt, span: Span) -> Result<Value> {
    let g = match kind {
        UpKind::Multiple => {
            let n = n.to_i64().ok_or_else(|| ev.locate(overflow(), span))?;
            ev.arena(span, |a| a.up_multiple(n))?
        }
        UpKind::Power | UpKind::PowerSum => {
            let k = n.abs().to_u64().ok_or_else(|| ev.locate(overflow(), span))?;
            if k == 0 {
                return Err(ev.error(
                    span,
                    ErrorKind::InvalidInput,
                    "the exponent of ^<n> and ^[n] must be at least 1",
                ));
            }
            let g = ev.arena(span, |a| {
                if kind == UpKind::Power { a.up_power(k) } else { a.up_power_sum(k) }
            })?;
            if n.is_negative() { ev.arena(span, |a| a.neg(g))? } else { g }
        }
    };
    Ok(ev.game_value(g))
}

/// `*n`.
pub(crate) fn star(ev: &mut Eval<'_>, n: &Value, span: Span) -> Result<Value> {
    let Some(k) = n.as_integer().filter(|k| !k.is_negative()) else {
        return Err(ev.error(
            span,
            ErrorKind::InvalidInput,
            match n.as_integer() {
                Some(k) => format!("'*' needs a non-negative integer, not {k}"),
                None => format!("'*' needs a non-negative integer, not {}", n.kind_name()),
            },
        ));
    };
    let k = k.to_u64().ok_or_else(|| ev.locate(overflow(), span))?;
    let g = ev.arena(span, |a| a.nimber(k))?;
    Ok(ev.game_value(g))
}

/// `{L|R}`.
pub(crate) fn game_from_options(
    ev: &mut Eval<'_>,
    left: Vec<Value>,
    right: Vec<Value>,
    span: Span,
) -> Result<Value> {
    let left = ev.game_list(&left, span, "a game option")?;
    let right = ev.game_list(&right, span, "a game option")?;
    let g = ev.arena(span, |a| a.from_options(&left, &right))?;
    Ok(ev.game_value(g))
}

/// `+-{a,b}` = {a,b | −a,−b}.
pub(crate) fn plus_minus_set(ev: &mut Eval<'_>, options: Vec<Value>, span: Span) -> Result<Value> {
    let left = ev.game_list(&options, span, "'+-'")?;
    let right = left.iter().map(|&g| ev.arena(span, |a| a.neg(g))).collect::<Result<Vec<_>>>()?;
    let g = ev.arena(span, |a| a.from_options(&left, &right))?;
    Ok(ev.game_value(g))
}

/// `+-x` = {x | −x}.
pub(crate) fn switch(ev: &mut Eval<'_>, x: Value, span: Span) -> Result<Value> {
    let g = ev.game_of(&x, span, "'+-'")?;
    let s = ev.arena(span, |a| a.switch(g))?;
    Ok(ev.game_value(s))
}

/// `-G`.
pub(crate) fn negate(ev: &mut Eval<'_>, g: GameId, span: Span) -> Result<Value> {
    let n = ev.arena(span, |a| a.neg(g))?;
    Ok(ev.game_value(n))
}

/// Whether `a` and `b` are equal games (numbers count as games).
pub(crate) fn equal(ev: &mut Eval<'_>, a: &Value, b: &Value, span: Span) -> Result<bool> {
    if let (Value::Number(x), Value::Number(y)) = (a, b) {
        return Ok(x == y);
    }
    let (Ok(g), Ok(h)) = (ev.game_of(a, span, "=="), ev.game_of(b, span, "==")) else {
        return Ok(false);
    };
    Ok(g == h)
}

/// A binary operator with at least one game operand; `None` when the operator
/// does not apply to games.
pub(crate) fn binary(
    ev: &mut Eval<'_>,
    op: &BinOp,
    a: &Value,
    b: &Value,
    span: Span,
) -> Option<Result<Value>> {
    if !(is_gamey(a) && is_gamey(b)) {
        return None;
    }
    let result = (|| -> Result<Value> {
        match op {
            BinOp::Mul => {
                let (n, g) = match (a.as_integer(), b.as_integer()) {
                    (Some(n), _) => (n.clone(), b),
                    (None, Some(n)) => (n.clone(), a),
                    (None, None) => {
                        return Err(ev.error(
                            span,
                            ErrorKind::InvalidInput,
                            "'*' multiplies a game by an integer (Norton multiplication); use ConwayProduct for other products",
                        ));
                    }
                };
                let g = ev.game_of(g, span, "'*'")?;
                let p = ev.arena(span, |ar| ar.norton_multiply(g, &n))?;
                Ok(ev.game_value(p))
            }
            BinOp::Add | BinOp::Sub | BinOp::PlusMinus => {
                let g = ev.game_of(a, span, "this operator")?;
                let h = ev.game_of(b, span, "this operator")?;
                let r = ev.arena(span, |ar| match op {
                    BinOp::Add => ar.add(g, h),
                    BinOp::Sub => ar.sub(g, h),
                    _ => ar.plus_minus(g, h),
                })?;
                Ok(ev.game_value(r))
            }
            BinOp::Lt
            | BinOp::Le
            | BinOp::Gt
            | BinOp::Ge
            | BinOp::Confused
            | BinOp::LessOrConfused
            | BinOp::GreaterOrConfused => {
                let g = ev.game_of(a, span, "a comparison")?;
                let h = ev.game_of(b, span, "a comparison")?;
                let c = ev.arena(span, |ar| ar.compare(g, h))?;
                let truth = match op {
                    BinOp::Lt => c == Some(Ordering::Less),
                    BinOp::Le => matches!(c, Some(Ordering::Less | Ordering::Equal)),
                    BinOp::Gt => c == Some(Ordering::Greater),
                    BinOp::Ge => matches!(c, Some(Ordering::Greater | Ordering::Equal)),
                    BinOp::Confused => c.is_none(),
                    BinOp::LessOrConfused => matches!(c, None | Some(Ordering::Less)),
                    _ => matches!(c, None | Some(Ordering::Greater)),
                };
                Ok(Value::Bool(truth))
            }
            _ => Err(ev.error(
                span,
                ErrorKind::InvalidInput,
                "this operator does not apply to games",
            )),
        }
    })();
    Some(result)
}

/// The members of games (numbers included) that [`member`] answers.
pub(crate) const GAME_MEMBERS: &[&str] = &[
    "CanonicalForm",
    "LeftOptions",
    "RightOptions",
    "Birthday",
    "OutcomeClass",
    "LeftStop",
    "RightStop",
    "Followers",
    "FollowerCount",
    "Pow",
    "PowTo",
    "IsZero",
    "IsNumber",
    "IsNimber",
    "IsNumberish",
    "IsInfinitesimal",
    "IsAllSmall",
    "IsSwitch",
    "NimValue",
    "AtomicWeight",
    "IsAtomic",
    "ReducedCanonicalForm",
    "Incentives",
    "Mean",
    "Temperature",
    "Thermograph",
    "Cool",
    "Heat",
    "Overheat",
    "IsEvenTempered",
    "IsOddTempered",
    "IsNumberTiny",
    "StopCount",
    "IsUptimal",
    "IsOrdinal",
    "NortonMultiply",
    "ConwayProduct",
    "OrdinalSum",
];

/// Game members (numbers included); `None` when `name` is not one.
pub(crate) fn member(
    ev: &mut Eval<'_>,
    target: &Value,
    name: &str,
    span: Span,
    args: &[(Value, Span)],
) -> Option<Result<Value>> {
    if !GAME_MEMBERS.contains(&name) || !is_gamey(target) {
        return None;
    }
    let result = (|| -> Result<Value> {
        let expected = match name {
            "Pow" | "PowTo" | "Cool" | "Heat" | "NortonMultiply" | "ConwayProduct"
            | "OrdinalSum" => 1,
            "Overheat" => 2,
            _ => 0,
        };
        if args.len() != expected {
            let plural = if expected == 1 { "" } else { "s" };
            return Err(ev.error(
                span,
                ErrorKind::InvalidInput,
                format!("{name} takes {expected} argument{plural}, not {}", args.len()),
            ));
        }
        // Numbers that need not be dyadic: exact rational answers.
        if let Value::Number(q) = target {
            if name == "IsOrdinal" {
                return Ok(Value::Bool(q.is_integer() && !q.is_negative()));
            }
            if name == "ConwayProduct"
                && let Value::Number(r) = &args[0].0
            {
                return Ok(Value::Number(q * r));
            }
            if super::value::is_dyadic(q)
                && let Some(value) = number_follower_member(ev, q, name, span)
            {
                return value;
            }
        }
        let g = ev.game_of(target, span, name)?;
        let set = |ev: &mut Eval<'_>, mut games: Vec<GameId>| -> Result<Value> {
            ev.arena(span, |a| a.sort_for_display(&mut games))?;
            games.dedup();
            Ok(Value::GameSet(games))
        };
        Ok(match name {
            "CanonicalForm" => ev.game_value(g),
            "LeftOptions" => {
                let o = ev.arena(span, |a| a.left_options(g))?;
                set(ev, o)?
            }
            "RightOptions" => {
                let o = ev.arena(span, |a| a.right_options(g))?;
                set(ev, o)?
            }
            "Followers" => {
                let o = ev.arena(span, |a| a.followers(g))?;
                set(ev, o)?
            }
            "FollowerCount" => Value::int(ev.arena(span, |a| a.follower_count(g))?),
            "Birthday" => Value::int(BigInt::from(ev.arena(span, |a| a.birthday(g))?)),
            "OutcomeClass" => Value::Outcome(ev.arena(span, |a| a.outcome(g))?),
            "LeftStop" | "RightStop" => {
                let (l, r) = ev.arena(span, |a| a.stops(g))?;
                Value::Number(if name == "LeftStop" { l } else { r }.to_rational())
            }
            "Pow" | "PowTo" => {
                let n = args[0].0.as_integer().and_then(|n| n.to_u64()).ok_or_else(|| {
                    ev.error(
                        args[0].1,
                        ErrorKind::InvalidInput,
                        format!("{name} needs a positive integer"),
                    )
                })?;
                let p =
                    ev.arena(span, |a| if name == "Pow" { a.pow(g, n) } else { a.pow_to(g, n) })?;
                ev.game_value(p)
            }
            "IsZero" => Value::Bool(g == ev.session.arena.zero()),
            "IsNumber" => Value::Bool(ev.session.arena.is_number(g)),
            "IsNimber" => Value::Bool(ev.session.arena.is_nimber(g)),
            "IsNumberish" => {
                let (l, r) = ev.arena(span, |a| a.stops(g))?;
                Value::Bool(l == r)
            }
            "IsInfinitesimal" => Value::Bool(ev.arena(span, |a| a.is_infinitesimal(g))?),
            "IsAllSmall" => Value::Bool(ev.arena(span, |a| a.is_all_small(g))?),
            "IsSwitch" => Value::Bool(ev.arena(span, |a| a.is_switch(g))?),
            "AtomicWeight" => {
                let w = ev.arena(span, |a| a.atomic_weight(g))?;
                ev.game_value(w)
            }
            "IsAtomic" => Value::Bool(ev.arena(span, |a| a.is_atomic(g))?),
            "ReducedCanonicalForm" => {
                let r = ev.arena(span, |a| a.reduced_canonical_form(g))?;
                ev.game_value(r)
            }
            "Incentives" => {
                let o = ev.arena(span, |a| a.incentives(g))?;
                set(ev, o)?
            }
            "Mean" => Value::Number(ev.arena(span, |a| a.mean(g))?.to_rational()),
            "Temperature" => Value::Number(ev.arena(span, |a| a.temperature(g))?.to_rational()),
            "Thermograph" => Value::Thermograph(Box::new(ev.arena(span, |a| a.thermograph(g))?)),
            "Cool" => {
                let t = match &args[0].0 {
                    Value::Number(q) => Dyadic::from_rational(q),
                    _ => None,
                }
                .ok_or_else(|| {
                    ev.error(
                        args[0].1,
                        ErrorKind::InvalidInput,
                        format!("Cool needs a dyadic rational, not {}", args[0].0.kind_name()),
                    )
                })?;
                let c = ev.arena(span, |a| a.cool(g, &t))?;
                ev.game_value(c)
            }
            "Heat" => {
                let t = ev.game_of(&args[0].0, args[0].1, name)?;
                let h = ev.arena(span, |a| a.heat(g, t))?;
                ev.game_value(h)
            }
            "Overheat" => {
                let s = ev.game_of(&args[0].0, args[0].1, name)?;
                let t = ev.game_of(&args[1].0, args[1].1, name)?;
                let h = ev.arena(span, |a| a.overheat(g, s, t))?;
                ev.game_value(h)
            }
            "IsEvenTempered" => Value::Bool(ev.arena(span, |a| a.is_even_tempered(g))?),
            "IsOddTempered" => Value::Bool(ev.arena(span, |a| a.is_odd_tempered(g))?),
            "IsNumberTiny" => Value::Bool(ev.arena(span, |a| a.is_number_tiny(g))?),
            "StopCount" => Value::int(BigInt::from(ev.arena(span, |a| a.stop_count(g))?)),
            "IsUptimal" => Value::Bool(ev.arena(span, |a| a.is_uptimal(g))?),
            "IsOrdinal" => Value::Bool(ev.session.arena.is_ordinal(g)),
            "OrdinalSum" => {
                let h = ev.game_of(&args[0].0, args[0].1, name)?;
                let s = ev.arena(span, |a| a.ordinal_sum(g, h))?;
                ev.game_value(s)
            }
            "NortonMultiply" | "ConwayProduct" => {
                let h = ev.game_of(&args[0].0, args[0].1, name)?;
                let p = ev.arena(span, |a| {
                    if name == "NortonMultiply" {
                        a.norton_product(g, h)
                    } else {
                        a.conway_product(g, h)
                    }
                })?;
                ev.game_value(p)
            }
            "NimValue" => match ev.session.arena.nim_value(g) {
                Some(n) => Value::int(n),
                None => {
                    return Err(ev.error(
                        span,
                        ErrorKind::InvalidInput,
                        "NimValue needs an impartial game",
                    ));
                }
            },
            _ => {
                return Err(ev.error(
                    span,
                    ErrorKind::InvalidInput,
                    format!("unknown member '{name}'"),
                ));
            }
        })
    })();
    Some(result)
}

/// `LeftOptions`, `RightOptions`, `Followers` and `FollowerCount` of a
/// dyadic number, in closed form ([`super::number_forms`]): no game is built,
/// so `(10^6).FollowerCount` costs nothing. `None` for other members.
fn number_follower_member(
    ev: &Eval<'_>,
    q: &BigRational,
    name: &str,
    span: Span,
) -> Option<Result<Value>> {
    use super::number_forms;
    let set = |x: Option<BigRational>| Value::Set(x.into_iter().map(Value::Number).collect());
    Some(match name {
        "LeftOptions" => Ok(set(number_forms::options(q).0)),
        "RightOptions" => Ok(set(number_forms::options(q).1)),
        "Followers" => number_forms::followers(q, ev.budget)
            .and_then(|f| f.all(ev.budget))
            .map(|all| Value::Set(all.into_iter().map(Value::Number).collect()))
            .map_err(|e| ev.locate(e, span)),
        "FollowerCount" => number_forms::followers(q, ev.budget)
            .map(|f| Value::int(f.count()))
            .map_err(|e| ev.locate(e, span)),
        _ => return None,
    })
}

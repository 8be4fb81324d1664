//! Conversions of any value to a game: what [`Eval::game_of`] and
//! [`Eval::as_game`] answer. Numbers that are dyadic, ruleset positions,
//! heap and classic positions and explicit forms are games; a game that is
//! a number comes back as a number value, so number members and exact
//! rational arithmetic apply to it.

use num_rational::BigRational;

use crate::error::{ErrorKind, Result};
use crate::game::GameId;
use crate::lang::runtime::context::Eval;
use crate::lang::syntax::lexer::Span;
use crate::lang::value::Value;
use crate::number::Dyadic;

/// `value` as a game, or a type error naming `what` needs it.
pub(crate) fn game_of(ev: &mut Eval<'_>, value: &Value, span: Span, what: &str) -> Result<GameId> {
    match value {
        Value::Game(g) => Ok(*g),
        Value::Position(p) => crate::lang::classes::catalog::value_of(ev, p.as_ref(), span),
        Value::Explicit(_) => crate::lang::classes::explicit::canonical(ev, value, span),
        Value::Heap(..) | Value::Classic(_) => {
            match crate::lang::classes::heap::nimber_of_position(ev, value, span)? {
                Some(g) => Ok(g),
                None => Err(ev.error(span, ErrorKind::InvalidInput, "no nim value")),
            }
        }
        Value::Object(o) if o.class.is_a("game.Game") => {
            let value = object_value(ev, value, span)?;
            game_of(ev, &value, span, what)
        }
        Value::Number(q) => match Dyadic::from_rational(&q.to_big()) {
            Some(x) => ev.arena(span, |a| a.dyadic(&x)),
            None => Err(ev.error(
                span,
                ErrorKind::InvalidInput,
                format!(
                    "{what} needs a game, and {} is not a dyadic rational",
                    show_rational(&q.to_big())
                ),
            )),
        },
        other => Err(ev.error(
            span,
            ErrorKind::InvalidInput,
            format!("{what} needs a game, not {}", other.kind_name()),
        )),
    }
}

fn show_rational(q: &BigRational) -> String {
    let mut out = String::new();
    crate::lang::value::write_number(&mut out, q);
    out
}

/// A heap or classic position as the nimber it is worth in normal play
/// (CGSuite: the canonical form of an impartial game is `*NimValue`); any
/// other value unchanged.
pub(crate) fn as_game(ev: &mut Eval<'_>, x: Value, span: Span) -> Result<Value> {
    if let Value::Object(o) = &x
        && o.class.is_a("game.Game")
    {
        return object_value(ev, &x, span);
    }
    if let Value::Explicit(_) = &x {
        return crate::lang::classes::explicit::value(ev, &x, span);
    }
    if let Value::Position(p) = &x {
        let g = crate::lang::classes::catalog::value_of(ev, p.as_ref(), span)?;
        return Ok(ev.game_value(g));
    }
    match crate::lang::classes::heap::nimber_of_position(ev, &x, span)? {
        Some(g) => Ok(ev.game_value(g)),
        None => Ok(x),
    }
}

/// The value of a game declared in CGScript: its `CanonicalForm` (which
/// may be a loopy game's value, or a number), never another instance.
fn object_value(ev: &mut Eval<'_>, x: &Value, span: Span) -> Result<Value> {
    match ev.member(x.clone(), "CanonicalForm", span, None)? {
        Value::Object(o) => Err(ev.error(
            span,
            ErrorKind::InvalidInput,
            format!(
                "CanonicalForm of a game must be a game value, not an instance of {}",
                o.class.path
            ),
        )),
        value => Ok(value),
    }
}

//! Members of loopy games (values that are not short games), computed by
//! [`crate::loopy::partizan`].

use super::super::context::Eval;
use super::super::lexer::Span;
use super::super::loopy::of_sided;
use super::super::value::Value;
use super::table::{Table, member};
use crate::error::{ErrorKind, Result};
use crate::loopy::partizan::SidedValue;

/// The stopper a member needs, or an error naming the member.
fn stopper<'a>(ev: &Eval<'_>, v: &'a SidedValue, name: &str, span: Span) -> Result<&'a SidedValue> {
    if v.is_stopper(ev.budget).map_err(|e| ev.locate(e, span))? {
        return Ok(v);
    }
    Err(ev.error(
        span,
        ErrorKind::InvalidInput,
        format!(
            "{name} needs a stopper, and this loopy game is not one (its onside and offside differ)"
        ),
    ))
}

/// The options of the start of the stopper `v` on one side, as values.
fn options(ev: &mut Eval<'_>, v: &SidedValue, left: bool, name: &str, span: Span) -> Result<Value> {
    let g = &stopper(ev, v, name, span)?.onside;
    let opts: Vec<u32> = if left { g.left(0).to_vec() } else { g.right(0).to_vec() };
    let mut out = Vec::new();
    for w in opts {
        out.push(node(ev, &g.at(w), span)?);
    }
    Ok(Value::Set(out))
}

/// The value of a node of a canonical stopper (itself canonical).
fn node(ev: &mut Eval<'_>, g: &crate::loopy::partizan::LoopyGame, span: Span) -> Result<Value> {
    of_sided(ev, SidedValue { onside: g.clone(), offside: g.clone() }, span)
}

fn side(ev: &mut Eval<'_>, g: &crate::loopy::partizan::LoopyGame, span: Span) -> Result<Value> {
    node(ev, g, span)
}

/// The members of loopy games.
pub(crate) const TABLE: Table<SidedValue> = Table {
    on: "loopy game",
    members: &[
        member(
            "Onside",
            0,
            "the onside G⁺ (a canonical stopper; G = G⁺ & G⁻)",
            "(on + off).Onside",
            |ev, v, _, s| side(ev, &v.onside, s),
        ),
        member(
            "Offside",
            0,
            "the offside G⁻ (a canonical stopper)",
            "(on + off).Offside",
            |ev, v, _, s| side(ev, &v.offside, s),
        ),
        member(
            "IsStopper",
            0,
            "whether the game equals a stopper (its onside equals its offside)",
            "upon.IsStopper",
            |ev, v, _, s| v.is_stopper(ev.budget).map(Value::Bool).map_err(|e| ev.locate(e, s)),
        ),
        member(
            "IsLoopfree",
            0,
            "whether the game is a short game (false on every value of this kind)",
            "over.IsLoopfree",
            |_, v, _, _| Ok(Value::Bool(v.onside == v.offside && v.onside.is_loopfree())),
        ),
        member(
            "OutcomeClass",
            0,
            "L, R, P, N, or with draws D, PHat, PCheck, NHat, NCheck (CGSuite's loopy classes)",
            "dud.OutcomeClass",
            |ev, v, _, s| {
                v.outcome(ev.budget).map(Value::LoopyOutcome).map_err(|e| ev.locate(e, s))
            },
        ),
        member(
            "LeftOptions",
            0,
            "Left's options of the canonical stopper (an error unless the game is a stopper)",
            "over.LeftOptions",
            |ev, v, _, s| options(ev, v, true, "LeftOptions", s),
        ),
        member(
            "RightOptions",
            0,
            "Right's options of the canonical stopper (an error unless the game is a stopper)",
            "over.RightOptions",
            |ev, v, _, s| options(ev, v, false, "RightOptions", s),
        ),
        member(
            "FollowerCount",
            0,
            "the number of positions of the canonical stopper (an error unless the game is a stopper)",
            "upon.FollowerCount",
            |ev, v, _, s| {
                let g = &stopper(ev, v, "FollowerCount", s)?.onside;
                Ok(Value::int(g.len()))
            },
        ),
        member(
            "Followers",
            0,
            "every position of the canonical stopper (an error unless the game is a stopper)",
            "over.Followers",
            |ev, v, _, s| {
                let g = stopper(ev, v, "Followers", s)?.onside.clone();
                let mut out = Vec::new();
                for w in 0..g.len() as u32 {
                    out.push(node(ev, &g.at(w), s)?);
                }
                Ok(Value::Set(out))
            },
        ),
    ],
};

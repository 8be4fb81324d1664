//! Arguments put in the places of parameters, for every kind of call (a
//! function, a method, a class's constructor): positional ones in order,
//! named ones (`name => value`) by name, the rest into a parameter written
//! `args...`, and what is left out to its default. What a default is worth
//! is the caller's to evaluate (it is an expression of the callee).

use crate::error::{ErrorKind, Result};
use crate::lang::runtime::context::{Args, Eval};
use crate::lang::syntax::ast::{Expr, Param};
use crate::lang::syntax::lexer::Span;
use crate::lang::value::Value;

/// What one parameter receives.
#[derive(Debug)]
pub(crate) enum Slot<'p> {
    /// The argument given for it.
    Given(Value, Span),
    /// Nothing was given: its default (`None`: `x ?` with no expression,
    /// which is `Nothing`).
    Default(Option<&'p Expr>),
    /// A parameter `args...`: the remaining arguments, in order.
    Rest(Vec<Value>),
}

/// How many arguments `params` take, as an error says it: "1 argument",
/// "1 to 2 arguments", "at least 2 arguments".
fn arity_text(params: &[Param]) -> String {
    let required = params.iter().filter(|p| p.default.is_none() && !p.expand).count();
    let plural = |n: usize| if n == 1 { "" } else { "s" };
    if params.iter().any(|p| p.expand) {
        format!("at least {required} argument{}", plural(required))
    } else if required == params.len() {
        format!("{required} argument{}", plural(required))
    } else {
        format!("{required} to {} argument{}", params.len(), plural(params.len()))
    }
}

/// Puts `args` in the places of `params`; `who` names the callee in
/// errors ("Position", "the function"). Errors: too many or too few
/// arguments, a name no parameter has, a parameter given twice, a
/// positional argument after a named one.
pub(crate) fn place<'p>(
    ev: &Eval<'_>,
    params: &'p [Param],
    args: Args,
    who: &str,
    span: Span,
) -> Result<Vec<Slot<'p>>> {
    let count = args.len();
    let wrong_count = || {
        ev.error(
            span,
            ErrorKind::InvalidInput,
            format!("{who} takes {}, not {count}", arity_text(params)),
        )
    };
    let rest = params.iter().position(|p| p.expand);
    let mut slots: Vec<Option<Slot<'p>>> = params.iter().map(|_| None).collect();
    let mut extra: Vec<Value> = Vec::new();
    let mut named = false;
    let mut next = 0;
    for (name, value, at) in args {
        match name {
            None if named => {
                return Err(ev.error(
                    at,
                    ErrorKind::InvalidInput,
                    "an argument without a name must come before the named ones",
                ));
            }
            None if Some(next) == rest => extra.push(value),
            None if next >= params.len() => return Err(wrong_count()),
            None => {
                slots[next] = Some(Slot::Given(value, at));
                next += 1;
            }
            Some(n) => {
                named = true;
                let Some(i) = params.iter().position(|p| p.name == n) else {
                    return Err(ev.error(
                        at,
                        ErrorKind::InvalidInput,
                        format!("{who} has no parameter '{n}'"),
                    ));
                };
                if slots[i].is_some() || (Some(i) == rest && !extra.is_empty()) {
                    return Err(ev.error(
                        at,
                        ErrorKind::InvalidInput,
                        format!("the parameter '{n}' is given twice"),
                    ));
                }
                slots[i] = Some(Slot::Given(value, at));
            }
        }
    }
    let mut placed = Vec::with_capacity(params.len());
    for (i, (param, slot)) in params.iter().zip(slots).enumerate() {
        placed.push(match slot {
            Some(slot) => slot,
            None if Some(i) == rest => Slot::Rest(std::mem::take(&mut extra)),
            None => match &param.default {
                Some(default) => Slot::Default(default.as_deref()),
                None => return Err(wrong_count()),
            },
        });
    }
    Ok(placed)
}

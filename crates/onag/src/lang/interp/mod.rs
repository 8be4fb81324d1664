//! The tree walker: evaluates the syntax tree node by node ([`eval`]) and
//! the statements of scripts ([`script`]), and the terms of sums
//! for the outcome search ([`sum`]). It is the top of the evaluator
//! and fills the runtime's [`Hooks`] (see [`HOOKS`]) with the dispatchers
//! and with its own way of calling a function.

pub(crate) mod eval;
pub(crate) mod object;
pub(crate) mod script;
pub(crate) mod sum;

use crate::lang::dispatch::{collections, convert, members, ops, show};
use crate::lang::runtime::hooks::Hooks;

/// The generic operations every evaluation uses.
pub(crate) static HOOKS: Hooks = Hooks {
    binary: ops::binary,
    negate: ops::negate,
    equal: ops::equal,
    game_of: convert::game_of,
    as_game: convert::as_game,
    member: members::member,
    apply: script::apply,
    write: show::write,
    make_set: collections::make_set,
    make_map: collections::make_map,
    universal_order: collections::universal_order,
    object_member: object::member,
    call_object: object::call_value,
    class_value: object::top_class_value,
};

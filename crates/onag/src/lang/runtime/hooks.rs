//! The language's generic operations, as every class sees them.
//!
//! A class's module knows its own values; when it needs an operation on
//! values of any class (adding two values, asking a member, calling a
//! function, writing a value out) it asks the evaluation context
//! ([`Eval::binary`], [`Eval::member`], [`Eval::apply`], ...), which hands
//! the question to the layer that knows every class: the dispatchers
//! (`lang::dispatch`) and the tree walker (`lang::interp`). They fill a
//! [`Hooks`] record once, and the session gives it to each evaluation. So
//! classes never import the layers above them, and a class can be added
//! without touching another class's module.

use crate::error::Result;
use crate::game::GameId;
use crate::lang::runtime::context::{Args, Eval};
use crate::lang::syntax::ast::BinOp;
use crate::lang::syntax::lexer::Span;
use crate::lang::value::{Closure, Value};

/// A map's entries, key and value, in the order given.
pub(crate) type Entries = Vec<(Value, Value)>;

/// The generic operations, each filled in by the layer that implements it.
pub(crate) struct Hooks {
    /// `a op b` on values of any class.
    pub(crate) binary: fn(&mut Eval<'_>, &BinOp, Value, Value, Span) -> Result<Value>,
    /// `-x`.
    pub(crate) negate: fn(&mut Eval<'_>, Value, Span) -> Result<Value>,
    /// `a == b`.
    pub(crate) equal: fn(&mut Eval<'_>, &Value, &Value, Span) -> Result<bool>,
    /// A value as a game in canonical form (a type error naming `what`
    /// when it is none).
    pub(crate) game_of: fn(&mut Eval<'_>, &Value, Span, &str) -> Result<GameId>,
    /// A position or form as the game value it is worth; any other value
    /// unchanged.
    pub(crate) as_game: fn(&mut Eval<'_>, Value, Span) -> Result<Value>,
    /// `target.name(args)` (`None`: written without parentheses).
    pub(crate) member: fn(&mut Eval<'_>, Value, &str, Span, Option<Args>) -> Result<Value>,
    /// A function called with arguments.
    pub(crate) apply: fn(&mut Eval<'_>, &Closure, Args, Span) -> Result<Value>,
    /// A value written in CGSuite's plain-text notation.
    pub(crate) write: fn(&mut Eval<'_>, &mut String, &Value) -> Result<()>,
    /// The set of some values: each once, in CGSuite's order.
    pub(crate) make_set: fn(&mut Eval<'_>, Vec<Value>, Span) -> Result<Value>,
    /// The map of some entries: a later entry replaces an earlier one of an
    /// equal key.
    pub(crate) make_map: fn(&mut Eval<'_>, Entries, Span) -> Result<Value>,
    /// Values of any classes in CGSuite's order.
    pub(crate) universal_order: fn(&mut Eval<'_>, Vec<Value>, Span) -> Result<Vec<Value>>,
    /// `target.name(args)` for an instance or a class declared in CGScript,
    /// when its class declares `name` (`None` otherwise).
    pub(crate) object_member: ObjectMember,
    /// `callee(args)` for an instance or a class declared in CGScript.
    pub(crate) call_object: fn(&mut Eval<'_>, Value, Args, Span) -> Result<Value>,
    /// A class declared in CGScript as a value: a singleton's instance,
    /// any other class itself.
    pub(crate) class_value:
        fn(&mut Eval<'_>, std::sync::Arc<crate::lang::value::object::Class>) -> Result<Value>,
}

/// The shape of [`Hooks::object_member`].
pub(crate) type ObjectMember =
    fn(&mut Eval<'_>, &Value, &str, Option<&Args>, Span) -> Option<Result<Value>>;

impl Eval<'_> {
    /// `a op b` (see [`Hooks::binary`]).
    pub(crate) fn binary(&mut self, op: &BinOp, a: Value, b: Value, span: Span) -> Result<Value> {
        (self.hooks.binary)(self, op, a, b, span)
    }

    /// `-x`.
    pub(crate) fn negate(&mut self, x: Value, span: Span) -> Result<Value> {
        (self.hooks.negate)(self, x, span)
    }

    /// `a == b`.
    pub(crate) fn equal(&mut self, a: &Value, b: &Value, span: Span) -> Result<bool> {
        (self.hooks.equal)(self, a, b, span)
    }

    /// `value` as a game, or a type error naming `what` needs it.
    pub(crate) fn game_of(&mut self, value: &Value, span: Span, what: &str) -> Result<GameId> {
        (self.hooks.game_of)(self, value, span, what)
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

    /// A position or form as the game value it is worth (see
    /// [`Hooks::as_game`]).
    pub(crate) fn as_game(&mut self, x: Value, span: Span) -> Result<Value> {
        (self.hooks.as_game)(self, x, span)
    }

    /// `target.name(args)`.
    pub(crate) fn member(
        &mut self,
        target: Value,
        name: &str,
        span: Span,
        args: Option<Args>,
    ) -> Result<Value> {
        (self.hooks.member)(self, target, name, span, args)
    }

    /// `f(args)`.
    pub(crate) fn apply(&mut self, f: &Closure, args: Args, span: Span) -> Result<Value> {
        (self.hooks.apply)(self, f, args, span)
    }

    /// `value` in CGSuite's plain-text notation.
    pub(crate) fn show(&mut self, value: &Value) -> Result<String> {
        let mut out = String::new();
        (self.hooks.write)(self, &mut out, value)?;
        Ok(out)
    }

    /// The set of `items` (see [`Hooks::make_set`]).
    pub(crate) fn make_set(&mut self, items: Vec<Value>, span: Span) -> Result<Value> {
        (self.hooks.make_set)(self, items, span)
    }

    /// The map of `pairs` (see [`Hooks::make_map`]).
    pub(crate) fn make_map(&mut self, pairs: Vec<(Value, Value)>, span: Span) -> Result<Value> {
        (self.hooks.make_map)(self, pairs, span)
    }

    /// `values` in CGSuite's order.
    pub(crate) fn universal_order(&mut self, values: Vec<Value>, span: Span) -> Result<Vec<Value>> {
        (self.hooks.universal_order)(self, values, span)
    }

    /// The contents of a mutable collection, a set's elements in CGSuite's
    /// order (which the set keeps, so the next read sorts nothing).
    pub(crate) fn contents(
        &mut self,
        m: &std::sync::Arc<crate::lang::value::mutable::Shared>,
        span: Span,
    ) -> Result<crate::lang::value::mutable::Contents> {
        use crate::lang::value::mutable::Contents;
        let mut contents = m.snapshot();
        if let Contents::Set(items) = &mut contents {
            let len = items.len();
            items.settle(&mut |all| self.universal_order(all, span))?;
            // Sorting evaluates nothing, so the set is as it was read.
            m.change(|c| {
                if matches!(c, Contents::Set(now) if now.len() == len) {
                    *c = contents.clone();
                }
            });
        }
        Ok(contents)
    }

    /// `value` with a mutable collection replaced by an immutable copy of
    /// its contents (other values as they are): what members of lists,
    /// sets and maps read.
    pub(crate) fn frozen(&mut self, value: Value, span: Span) -> Result<Value> {
        match value {
            Value::Mutable(m) => {
                let contents = self.contents(&m, span)?;
                contents.frozen(&mut |all| Ok(all))
            }
            other => Ok(other),
        }
    }

    /// The entries of a map in the order CGSuite prints them: by key, in
    /// CGSuite's order.
    pub(crate) fn sorted_entries(
        &mut self,
        map: &crate::lang::value::map::MapEntries,
        span: Span,
    ) -> Result<Vec<(Value, Value)>> {
        let keys = self.universal_order(map.keys().cloned().collect(), span)?;
        Ok(keys
            .into_iter()
            .filter_map(|k| {
                let v = map.get_as_held(&k)?.clone();
                Some((k, v))
            })
            .collect())
    }

    /// `target.name(args)` when `target`'s class (declared in CGScript)
    /// declares `name` (see [`Hooks::object_member`]).
    pub(crate) fn object_member(
        &mut self,
        target: &Value,
        name: &str,
        args: Option<&Args>,
        span: Span,
    ) -> Option<Result<Value>> {
        (self.hooks.object_member)(self, target, name, args, span)
    }

    /// `callee(args)` for an instance or a class declared in CGScript.
    pub(crate) fn call_object(&mut self, callee: Value, args: Args, span: Span) -> Result<Value> {
        (self.hooks.call_object)(self, callee, args, span)
    }

    /// A class declared in CGScript as a value (see [`Hooks::class_value`]).
    pub(crate) fn class_value(
        &mut self,
        class: std::sync::Arc<crate::lang::value::object::Class>,
    ) -> Result<Value> {
        (self.hooks.class_value)(self, class)
    }
}

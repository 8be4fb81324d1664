//! The shape of a member table: one entry per member of a kind of value,
//! holding its name, arity, help text, example and the function that
//! computes it. `:help` is generated from the tables, and the dispatcher
//! ([`crate::lang::dispatch::members::member`]) checks the arity before it calls the function, so an
//! entry's function sees between `arity` and `arity + optional` positional
//! arguments.

use crate::error::{ErrorKind, Result};
use crate::lang::runtime::context::Eval;
use crate::lang::syntax::lexer::Span;
use crate::lang::value::Value;

/// One member's documentation: name, what it applies to, an example, a summary.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MemberDoc {
    /// The member's name.
    pub name: &'static str,
    /// What kind of value it applies to.
    pub on: &'static str,
    /// An input that uses it.
    pub example: &'static str,
    /// What it computes.
    pub summary: &'static str,
}

/// A member's positional arguments, evaluated, with where each is written.
pub(crate) type Args<'a> = &'a [(Value, Span)];

/// What a member computes: from the evaluation, the target, the arguments
/// (exactly the member's arity of them) and where the member is written.
pub(crate) type Run<T> = fn(&mut Eval<'_>, &T, Args<'_>, Span) -> Result<Value>;

/// One member of a kind of value.
pub(crate) struct Member<T: ?Sized + 'static> {
    /// The member's name, as CGSuite spells it.
    pub(crate) name: &'static str,
    /// How many arguments it needs.
    pub(crate) arity: usize,
    /// How many more it may take (`Options` and `Options(Left)`).
    pub(crate) optional: usize,
    /// The arguments' names, in order, for a member whose arguments may be
    /// named (`R.CakeProduct(S, twisted => true)`); empty when they may not.
    pub(crate) names: &'static [&'static str],
    /// What it computes, in a line.
    pub(crate) help: &'static str,
    /// An input that uses it (`:help` shows it; a test runs every one).
    pub(crate) example: &'static str,
    /// The computation.
    pub(crate) run: Run<T>,
}

/// A member table: the kind of value it serves (for `:help`) and its members.
pub(crate) struct Table<T: ?Sized + 'static> {
    /// What the members apply to ("game", "heap position").
    pub(crate) on: &'static str,
    /// The members, in the order `:help` lists them.
    pub(crate) members: &'static [Member<T>],
}

impl<T: ?Sized> Table<T> {
    /// The entry named `name`.
    pub(crate) fn find(&self, name: &str) -> Option<&'static Member<T>> {
        self.members.iter().find(|m| m.name == name)
    }

    /// Runs member `name` on `target` after checking its arity; `None` when
    /// the table has no such member.
    pub(crate) fn call(
        &self,
        ev: &mut Eval<'_>,
        target: &T,
        name: &str,
        args: Args<'_>,
        span: Span,
    ) -> Option<Result<Value>> {
        Some(self.find(name)?.run_checked(ev, target, args, span))
    }

    /// The documentation of every member.
    pub(crate) fn docs(&self) -> impl Iterator<Item = MemberDoc> + '_ {
        self.members.iter().map(|m| MemberDoc {
            name: m.name,
            on: self.on,
            example: m.example,
            summary: m.help,
        })
    }
}

/// A member entry: `member(name, arity, help, example, run)`.
pub(crate) const fn member<T: ?Sized>(
    name: &'static str,
    arity: usize,
    help: &'static str,
    example: &'static str,
    run: Run<T>,
) -> Member<T> {
    Member { name, arity, optional: 0, names: &[], help, example, run }
}

/// A member entry that also takes up to `optional` more arguments.
pub(crate) const fn member_optional<T: ?Sized>(
    name: &'static str,
    arity: usize,
    optional: usize,
    help: &'static str,
    example: &'static str,
    run: Run<T>,
) -> Member<T> {
    Member { name, arity, optional, names: &[], help, example, run }
}

/// A member entry whose arguments may be named: `names` lists them in
/// order, the first `arity` needed, the rest optional.
pub(crate) const fn member_named<T: ?Sized>(
    name: &'static str,
    names: &'static [&'static str],
    arity: usize,
    help: &'static str,
    example: &'static str,
    run: Run<T>,
) -> Member<T> {
    Member { name, arity, optional: names.len() - arity, names, help, example, run }
}

/// Argument `i` as an integer, or an error naming the member.
pub(crate) fn integer(
    ev: &Eval<'_>,
    name: &str,
    args: Args<'_>,
    i: usize,
) -> Result<num_bigint::BigInt> {
    let (v, at) = &args[i];
    v.as_integer().map(std::borrow::Cow::into_owned).ok_or_else(|| {
        ev.error(
            *at,
            ErrorKind::InvalidInput,
            format!("{name} needs an integer, not {}", v.kind_name()),
        )
    })
}

/// Argument `i` as a number, or an error naming the member.
pub(crate) fn number(
    ev: &Eval<'_>,
    name: &str,
    args: Args<'_>,
    i: usize,
) -> Result<num_rational::BigRational> {
    match &args[i] {
        (Value::Number(q), _) => Ok(q.clone().to_big().into_owned()),
        (other, at) => Err(ev.error(
            *at,
            ErrorKind::InvalidInput,
            format!("{name} needs a number, not {}", other.kind_name()),
        )),
    }
}

impl<T: ?Sized> Member<T> {
    /// Runs this member on `target` after checking its arity.
    pub(crate) fn run_checked(
        &self,
        ev: &mut Eval<'_>,
        target: &T,
        args: Args<'_>,
        span: Span,
    ) -> Result<Value> {
        let most = self.arity + self.optional;
        if args.len() < self.arity || args.len() > most {
            let plural = if most == 1 { "" } else { "s" };
            let count = if self.optional == 0 {
                self.arity.to_string()
            } else {
                format!("{} to {most}", self.arity)
            };
            return Err(ev.error(
                span,
                ErrorKind::InvalidInput,
                format!("{} takes {count} argument{plural}, not {}", self.name, args.len()),
            ));
        }
        (self.run)(ev, target, args, span)
    }
}

/// Argument `i` as a player (`Left` or `Right`), or an error naming the member.
pub(crate) fn player(
    ev: &Eval<'_>,
    name: &str,
    args: Args<'_>,
    i: usize,
) -> Result<crate::lang::value::Player> {
    match &args[i] {
        (Value::Player(p), _) => Ok(*p),
        (other, at) => Err(ev.error(
            *at,
            ErrorKind::InvalidInput,
            format!("{name} needs Left or Right, not {}", other.kind_name()),
        )),
    }
}

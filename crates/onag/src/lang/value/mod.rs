//! The calculator's values and how the non-game ones print.
//!
//! Numbers are exact rationals (integers have denominator 1); a dyadic number
//! becomes a game value as soon as it meets a game. Games are ids into the
//! session's arena and print through the arena's CGSuite printer; everything
//! else prints here, in CGSuite's notation (`[1,2,3]`, `{0,1}`, `true`,
//! `"text"`).

pub(crate) mod arith;
pub(crate) mod explicit;
pub(crate) mod graph;
pub(crate) mod grid;
pub(crate) mod map;
pub(crate) mod mutable;
pub(crate) mod number;
pub(crate) mod number_forms;
pub(crate) mod object;
pub(crate) mod pattern;
pub(crate) mod random;
pub(crate) mod range;
pub(crate) mod rules;

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{One, Zero};

use crate::game::{GameId, PartizanOutcome};
pub(crate) use crate::lang::syntax::unparse::write_string;
use crate::lang::value::rules::Ruleset;

/// A calculator value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Value {
    /// An exact rational number, kept in lowest terms.
    Number(number::Number),
    /// `true` or `false`.
    Bool(bool),
    /// A string.
    Str(String),
    /// A list `[a,b,c]`.
    List(Vec<Value>),
    /// A range of integers `a..b` or `a..b..step`: a list that prints as
    /// written.
    Range(Box<crate::lang::value::range::IntRange>),
    /// Coordinates `(a, b)`.
    Pair(Box<Value>, Box<Value>),
    /// One entry `k => v` of a map (the elements of `m.Entries`).
    Entry(Box<(Value, Value)>),
    /// A table of values in rows (`Table(...)`, `R.NimValueTable(m, n)`),
    /// printed as CGSuite prints tables.
    Table(Vec<Vec<Value>>),
    /// A position of a ruleset of the catalog
    /// (`game.grid.Domineering("..|..")`).
    Position(Box<dyn crate::ruleset::AnyPosition>),
    /// A ruleset of the catalog, with its parameters once given
    /// (`game.strip.GenToadsAndFrogs(maxJump => 2)`).
    PartizanRuleset(&'static crate::ruleset::Ruleset, Option<crate::ruleset::catalog::Params>),
    /// A set `{a,b,c}` of values, in the order given.
    Set(Vec<Value>),
    /// A game (never a number: numbers stay [`Value::Number`]), an id in the
    /// session's arena.
    Game(GameId),
    /// A set of games (options, followers), already in CGSuite's display order.
    GameSet(Vec<GameId>),
    /// An outcome class `L`, `R`, `P` or `N`.
    Outcome(PartizanOutcome),
    /// A name that is called (`Tiny(1)`) or has members (`game.heap`): the
    /// full path, e.g. `"game.heap"` or `"Tiny"`.
    Builtin(String),
    /// A heap ruleset (`game.heap.Subtraction([1,3,4])`).
    Ruleset(Box<Ruleset>),
    /// A heap of `n` stones in a ruleset (`game.heap.Nim(7)`).
    Heap(Box<(Ruleset, num_bigint::BigUint)>),
    /// A Wythoff or Fibonacci Nim position (`game.heap.Wythoff(3,5)`), or a
    /// position of a memory game or of a user's heap or coordinate ruleset.
    Classic(Box<crate::lang::value::rules::ClassicPosition>),
    /// A memory game or a user's heap or coordinate ruleset
    /// (`game.heap.TakeAway(2)`, `game.heap.HeapRuleset(n -> [[k] for k from 0 to n - 1])`).
    ClassicRuleset(crate::lang::value::rules::ClassicRuleset),
    /// A periodicity: `g(n + period) = g(n) + saltus` for `n ≥ preperiod`,
    /// proved for the library's rulesets, seen in the computed values for
    /// a user's heap ruleset (`R.CheckPeriodicity(n)`: no theorem covers a
    /// function that may do anything past `n`).
    Periodicity {
        /// The period.
        period: u64,
        /// The preperiod.
        preperiod: u64,
        /// The saltus (0 unless arithmetic-periodic).
        saltus: u64,
    },
    /// A coin-turning rule (`game.strip.Turning("1-3")`); calling it with a
    /// row of coins (`("htth")`) gives the position's value.
    Turning(Box<crate::impartial::coins::CoinRule>),
    /// A misère canonical game (`*[2#0]`), an id in the session's misère
    /// games.
    Misere(crate::impartial::misere::FormId),
    /// A misère genus as CGSuite prints it (`0^120`, `3^1431`).
    Genus(String),
    /// An uptimal expansion as CGSuite prints it (`0.1`, `*.1-`, `73/16*8.9-`).
    Expansion(String),
    /// Text ready for display (`x.ToOutput`, `"a".ToUnquotedOutput`),
    /// printed as it is, without quotes.
    Output(String),
    /// A thermograph (`G.Thermograph`), printed as CGSuite prints it.
    Thermograph(Box<crate::game::Thermograph>),
    /// One wall of a thermograph (`G.Thermograph.Wall(Left)`), printed as
    /// CGSuite prints a trajectory: `Trajectory(9/4,[3/4],[0,-1])`.
    Trajectory(Box<crate::game::Wall>),
    /// A class, as `x.Class` gives it: CGSuite's path (`game.Integer`),
    /// printed `⟪game.Integer⟫`.
    Class(&'static str),
    /// A loopy game that is not a short game: its sides as canonical
    /// stoppers (one stopper when they are equal), or simplified sides
    /// that are not stoppers (Bach's Carousel, a `game.SidedValue`).
    Loopy(Box<crate::loopy::partizan::SidedValue>),
    /// An outcome class of loopy play (`D` for a draw, hatted classes).
    LoopyOutcome(crate::loopy::partizan::LoopyOutcome),
    /// The result of a search that found nothing (`CheckPeriodicity` without
    /// a period), of an `if` without a branch taken, of a missing map key.
    Nothing,
    /// A function: a lambda `x -> e` or a `def`.
    Function(std::sync::Arc<Closure>),
    /// A map `{k => v, …}`: entries with distinct keys, in the order built.
    Map(crate::lang::value::map::MapEntries),
    /// `Left` or `Right`.
    Player(Player),
    /// `inf` (`false`) or `-inf` (`true`): `17/0`, `(0).Reciprocal`.
    Infinity(bool),
    /// An explicit game `'{L|R}'` or a compound game built from one, kept
    /// as written.
    Explicit(std::sync::Arc<crate::lang::value::explicit::Explicit>),
    /// A mutable list, set or map (`MutableList([1,2])`), shared by every
    /// copy of the value.
    Mutable(std::sync::Arc<crate::lang::value::mutable::Shared>),
    /// A grid of small integers (`Grid.Empty(3, 4)`), CGSuite's
    /// `cgsuite.util.Grid`.
    Grid(std::sync::Arc<crate::lang::value::grid::Grid>),
    /// A graph with labelled vertices and edges (`Graph.Path(5)`),
    /// CGSuite's `cgsuite.util.Graph`.
    Graph(std::sync::Arc<crate::lang::value::graph::LabelledGraph>),
    /// A row of small integers (`Strip.Empty(8)`), CGSuite's
    /// `cgsuite.util.Strip`.
    Strip(std::sync::Arc<Vec<i8>>),
    /// A pseudorandom stream (`Random(1474)`), shared by every copy of the
    /// value.
    Random(std::sync::Arc<crate::lang::value::random::Random>),
    /// A surreal number that is not rational: a generalized ordinal
    /// (`omega + 5`, `-omega`, CGSuite's `game.GeneralizedOrdinal`) or a
    /// ratio of them (`1/omega`, `game.SurrealNumber`); a rational is a
    /// [`Value::Number`].
    Transfinite(std::sync::Arc<crate::number::surreal::Surreal>),
    /// A transfinite nimber `*α` for an infinite ordinal α (`*omega`).
    TransfiniteNimber(std::sync::Arc<crate::number::ordinal::GeneralizedOrdinal>),
    /// An instance of a class declared in CGScript.
    Object(std::sync::Arc<object::Instance>),
    /// A class declared in CGScript, as a value (called, it makes an
    /// instance; its static members are its members).
    ClassRef(std::sync::Arc<object::BoundClass>),
}

/// Equal values hash alike: each variant hashes what its equality
/// compares, or (for the few whose parts have no hash: functions, ruleset
/// positions, mutable collections, rulesets) only which variant it is.
impl std::hash::Hash for Value {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        std::mem::discriminant(self).hash(state);
        match self {
            Value::Number(q) => q.hash(state),
            Value::Bool(b) | Value::Infinity(b) => b.hash(state),
            Value::Str(s)
            | Value::Genus(s)
            | Value::Expansion(s)
            | Value::Output(s)
            | Value::Builtin(s) => s.hash(state),
            Value::List(items) | Value::Set(items) => items.hash(state),
            Value::Pair(a, b) => {
                a.hash(state);
                b.hash(state);
            }
            Value::Entry(e) => e.hash(state),
            Value::Table(rows) => rows.hash(state),
            Value::Game(g) => g.hash(state),
            Value::GameSet(games) => games.hash(state),
            Value::Outcome(o) => o.hash(state),
            Value::Heap(h) => h.1.hash(state),
            Value::Grid(g) => g.hash(state),
            Value::Graph(g) => g.hash(state),
            Value::Strip(s) => s.hash(state),
            Value::Map(entries) => entries.hash(state),
            Value::Player(p) => p.hash(state),
            Value::Misere(g) => g.hash(state),
            Value::Class(path) => path.hash(state),
            Value::Periodicity { period, preperiod, saltus } => {
                (period, preperiod, saltus).hash(state)
            }
            Value::Object(o) => o.hash(state),
            Value::ClassRef(c) => c.hash(state),
            _ => {}
        }
    }
}

/// The mutable collections already mapped in one pass of
/// [`Value::map_games`].
pub(crate) type Seen = Vec<*const crate::lang::value::mutable::Shared>;

/// Replaces every game id captured by a function (see [`Value::map_games`]).
pub(crate) fn map_closure(
    closure: &mut std::sync::Arc<Closure>,
    f: &mut dyn FnMut(GameId) -> crate::error::Result<GameId>,
    seen: &mut Seen,
) -> crate::error::Result<()> {
    if closure.captured.iter().any(|(_, v)| v.holds_games())
        || closure.this.as_ref().is_some_and(Value::holds_games)
    {
        let closure = std::sync::Arc::make_mut(closure);
        for (_, v) in closure.captured.iter_mut() {
            v.map_games_seen(f, seen)?;
        }
        if let Some(this) = &mut closure.this {
            this.map_games_seen(f, seen)?;
        }
    }
    Ok(())
}

/// A player: `Left` or `Right`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Player {
    /// Left (sign 1, ordinal 1).
    Left,
    /// Right (sign −1, ordinal 2).
    Right,
}

/// A function value: its definition, the local variables it saw when it was
/// made (a lambda inside a function keeps its parameters), and the text of
/// the input that defined it (errors in its body are located there).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Closure {
    /// Parameters and body.
    pub def: std::sync::Arc<crate::lang::syntax::ast::FunctionDef>,
    /// The local variables captured when the function was made.
    pub captured: Vec<(String, Value)>,
    /// The text of the input that defined the function.
    pub source: std::sync::Arc<str>,
    /// The line of the user's file or stream before that input's first
    /// line (see [`Session::set_first_line`](crate::lang::Session::set_first_line)).
    pub line_offset: usize,
    /// How the function is written (what printing it shows).
    pub text: String,
    /// The file the function is written in (a class's method), which an
    /// error inside it names.
    pub file: Option<std::sync::Arc<str>>,
    /// The instance whose method made the function (it sees that
    /// instance's members, as the method did).
    pub this: Option<Value>,
    /// The variable a ruleset made from the function was first assigned to
    /// (`R := game.heap.HeapRuleset(n -> ...)`): its positions print as
    /// `R(9)`, not with the whole function each.
    pub bound_name: BoundName,
}

/// A name given once, after the value was made; no part of the value's
/// identity (two closures differing only in it are equal).
#[derive(Debug, Clone, Default)]
pub struct BoundName(std::sync::OnceLock<String>);

impl BoundName {
    /// The name, once given.
    pub fn get(&self) -> Option<&str> {
        self.0.get().map(String::as_str)
    }

    /// Gives the name, unless one was given before.
    pub fn set(&self, name: &str) {
        let _ = self.0.set(name.to_string());
    }
}

impl PartialEq for BoundName {
    fn eq(&self, _: &BoundName) -> bool {
        true
    }
}

impl Eq for BoundName {}

impl Value {
    /// The integer `n` as a value.
    pub fn int(n: impl Into<BigInt>) -> Value {
        Value::Number(number::Number::from_integer(n.into()))
    }

    /// A heap ruleset as a value.
    pub fn ruleset(rules: Ruleset) -> Value {
        Value::Ruleset(Box::new(rules))
    }

    /// A heap of `n` under `rules` as a value.
    pub fn heap(rules: Ruleset, n: num_bigint::BigUint) -> Value {
        Value::Heap(Box::new((rules, n)))
    }

    /// A position of a classic ruleset as a value.
    pub fn classic(position: crate::lang::value::rules::ClassicPosition) -> Value {
        Value::Classic(Box::new(position))
    }

    /// The integer `n` as a value.
    pub fn small(n: i64) -> Value {
        Value::Number(number::Number::Small(n))
    }

    /// The number `q` as a value.
    pub fn number(q: BigRational) -> Value {
        Value::Number(number::Number::from_big(q))
    }

    /// About how many bytes of the heap this value holds beyond its own
    /// 32 (for memory limits: instances, grids, strips, strings, lists
    /// and maps; an instance's enclosing instance is shared and not
    /// counted; nesting past a few levels is counted at one word).
    pub fn heap_bytes(&self) -> usize {
        self.heap_bytes_within(4)
    }

    fn heap_bytes_within(&self, depth: usize) -> usize {
        const VALUE: usize = std::mem::size_of::<Value>();
        if depth == 0 {
            return 8;
        }
        let items = |items: &[Value]| -> usize {
            items.iter().map(|v| VALUE + v.heap_bytes_within(depth - 1)).sum()
        };
        match self {
            Value::Object(o) => std::mem::size_of::<object::Instance>() + 16 + items(&o.fields),
            Value::Grid(g) => std::mem::size_of::<grid::Grid>() + 16 + g.cells.capacity(),
            Value::Graph(g) => std::mem::size_of::<graph::LabelledGraph>() + 16 + g.heap_bytes(),
            Value::Strip(s) => 40 + s.capacity(),
            Value::Str(s) | Value::Builtin(s) | Value::Genus(s) | Value::Output(s) => s.capacity(),
            Value::List(v) | Value::Set(v) => items(v),
            Value::Pair(a, b) => {
                2 * VALUE + a.heap_bytes_within(depth - 1) + b.heap_bytes_within(depth - 1)
            }
            Value::Map(m) => m
                .iter()
                .map(|(k, v)| {
                    2 * VALUE + k.heap_bytes_within(depth - 1) + v.heap_bytes_within(depth - 1)
                })
                .sum(),
            Value::Number(number::Number::Big(_)) => 80,
            _ => 0,
        }
    }

    /// The integer this value is, if it is one.
    pub fn as_integer(&self) -> Option<std::borrow::Cow<'_, BigInt>> {
        match self {
            Value::Number(q) => q.integer(),
            _ => None,
        }
    }

    /// Whether this value is an integer.
    pub fn is_integer(&self) -> bool {
        matches!(self, Value::Number(q) if q.is_integer())
    }

    /// The integer this value is, if it is one that fits an `i64`.
    pub fn as_i64(&self) -> Option<i64> {
        match self {
            Value::Number(q) => q.as_i64(),
            _ => None,
        }
    }

    /// The integer this value is, if it is one that fits a `usize`.
    pub fn as_usize(&self) -> Option<usize> {
        self.as_i64().and_then(|n| usize::try_from(n).ok())
    }

    /// The integer this value is, if it is one that fits a `u64`.
    pub fn as_u64(&self) -> Option<u64> {
        use num_traits::ToPrimitive;
        self.as_integer().and_then(|n| n.to_u64())
    }

    /// Replaces every game id in this value (inside lists, sets and
    /// coordinates too) by `f` of it: how values move to another arena.
    pub fn map_games(
        &mut self,
        f: &mut dyn FnMut(GameId) -> crate::error::Result<GameId>,
    ) -> crate::error::Result<()> {
        self.map_games_seen(f, &mut Vec::new())
    }

    /// [`Value::map_games`] in a pass that has already mapped the mutable
    /// collections in `seen` (each is mapped once, however many values
    /// share it).
    pub(crate) fn map_games_seen(
        &mut self,
        f: &mut dyn FnMut(GameId) -> crate::error::Result<GameId>,
        seen: &mut Seen,
    ) -> crate::error::Result<()> {
        match self {
            Value::Game(g) => *g = f(*g)?,
            Value::GameSet(games) => {
                for g in games.iter_mut() {
                    *g = f(*g)?;
                }
            }
            Value::List(items) | Value::Set(items) => {
                for item in items.iter_mut() {
                    item.map_games_seen(f, seen)?;
                }
            }
            Value::Pair(a, b) => {
                a.map_games_seen(f, seen)?;
                b.map_games_seen(f, seen)?;
            }
            Value::Entry(e) => {
                e.0.map_games_seen(f, seen)?;
                e.1.map_games_seen(f, seen)?;
            }
            Value::Table(rows) => {
                for v in rows.iter_mut().flatten() {
                    v.map_games_seen(f, seen)?;
                }
            }
            Value::Map(entries) => {
                *entries = entries.try_map(&mut |x| {
                    let mut x = x.clone();
                    x.map_games_seen(f, seen)?;
                    Ok(x)
                })?;
            }
            Value::Function(closure) => map_closure(closure, f, seen)?,
            Value::ClassicRuleset(rules) => rules.map_games(f, seen)?,
            Value::Explicit(e) => std::sync::Arc::make_mut(e).map_games(f)?,
            Value::Classic(p) => {
                if let crate::lang::value::rules::ClassicPosition::User(rules, _) = &mut **p {
                    rules.map_games(f, seen)?
                }
            }
            Value::Mutable(m) => m.map_games(f, seen)?,
            Value::Object(o) => {
                let mut outer = o.outer.clone();
                if let Some(outer) = &mut outer {
                    outer.map_games_seen(f, seen)?;
                }
                let mut fields = o.fields.clone();
                for v in fields.iter_mut() {
                    v.map_games_seen(f, seen)?;
                }
                *o =
                    std::sync::Arc::new(object::Instance { class: o.class.clone(), outer, fields });
            }
            Value::ClassRef(b) => {
                if let Some(outer) = &b.outer {
                    let mut outer = outer.clone();
                    outer.map_games_seen(f, seen)?;
                    let class = b.class.clone();
                    *b = std::sync::Arc::new(object::BoundClass { class, outer: Some(outer) });
                }
            }
            _ => {}
        }
        Ok(())
    }

    /// Whether a game id may be inside this value (compaction must then
    /// move it).
    fn holds_games(&self) -> bool {
        !matches!(
            self,
            Value::Number(_)
                | Value::Bool(_)
                | Value::Str(_)
                | Value::Player(_)
                | Value::Infinity(_)
                | Value::Grid(_)
                | Value::Graph(_)
                | Value::Strip(_)
                | Value::Random(_)
                | Value::Transfinite(_)
                | Value::TransfiniteNimber(_)
        )
    }

    /// The value as an error names it: an integer by itself (`-1`), any
    /// other by its kind ("a rational number").
    pub fn describe(&self) -> String {
        match self.as_integer() {
            Some(n) => n.to_string(),
            None => self.kind_name().to_string(),
        }
    }

    /// What kind of value this is, for error messages ("an integer", "a list").
    pub fn kind_name(&self) -> &'static str {
        match self {
            Value::Number(q) if q.is_integer() => "an integer",
            Value::Number(_) => "a rational number",
            Value::Bool(_) => "a boolean",
            Value::Str(_) => "a string",
            Value::List(_) => "a list",
            Value::Range(_) => "a range",
            Value::Entry(_) => "a map entry",
            Value::Table(_) => "a table",
            Value::Set(_) | Value::GameSet(_) => "a set",
            Value::Game(_) => "a game",
            Value::Outcome(_) => "an outcome class",
            Value::Builtin(_) => "a function or namespace",
            Value::Ruleset(_) => "a ruleset",
            Value::Heap(..) => "a heap position",
            Value::Pair(..) => "coordinates",
            Value::Position(_) => "a ruleset position",
            Value::PartizanRuleset(..) => "a ruleset",
            Value::Classic(_) => "a game position",
            Value::Infinity(_) => "infinity",
            Value::Misere(_) => "a misère game",
            Value::Explicit(_) => "an explicit game",
            Value::ClassicRuleset(_) => "a ruleset",
            Value::Periodicity { .. } => "a periodicity",
            Value::Genus(_) => "a genus",
            Value::Expansion(_) => "an uptimal expansion",
            Value::Output(_) => "an output",
            Value::Turning(_) => "a coin-turning rule",
            Value::Thermograph(_) => "a thermograph",
            Value::Trajectory(_) => "a trajectory",
            Value::Class(_) => "a class",
            Value::Loopy(_) => "a loopy game",
            Value::LoopyOutcome(_) => "an outcome class",
            Value::Nothing => "Nothing",
            Value::Function(_) => "a function",
            Value::Map(_) => "a map",
            Value::Player(_) => "a player",
            Value::Grid(_) => "a grid",
            Value::Graph(_) => "a graph",
            Value::Strip(_) => "a strip",
            Value::Random(_) => "a random stream",
            Value::Transfinite(_) => "a transfinite number",
            Value::TransfiniteNimber(_) => "a transfinite nimber",
            Value::Object(_) => "an object",
            Value::ClassRef(_) => "a class",
            Value::Mutable(m) => match m.class_name() {
                "MutableList" => "a mutable list",
                "MutableSet" => "a mutable set",
                _ => "a mutable map",
            },
        }
    }
}

/// Whether the language's `==` on this value is equality of the values as
/// they are held (so a hash of them finds equal ones): numbers, strings,
/// booleans, players, grids, strips, instances of classes declared in
/// CGScript, and coordinates and lists of such values. Games are not
/// (a position equals the game it is worth).
pub fn is_plain(v: &Value) -> bool {
    match v {
        Value::Number(_)
        | Value::Str(_)
        | Value::Bool(_)
        | Value::Player(_)
        | Value::Nothing
        | Value::Grid(_)
        | Value::Graph(_)
        | Value::Strip(_)
        | Value::Object(_)
        | Value::ClassRef(_) => true,
        Value::Pair(a, b) => is_plain(a) && is_plain(b),
        Value::List(items) => items.iter().all(is_plain),
        _ => false,
    }
}

/// Whether `v` is a position of a game declared in CGScript (an instance
/// of a class extending `game.Game`).
pub fn is_game_object(v: &Value) -> bool {
    matches!(v, Value::Object(o) if o.class.is_a("game.Game"))
}

/// Whether `q` is a dyadic rational (its denominator a power of two).
pub fn is_dyadic(q: &BigRational) -> bool {
    let d = q.denom();
    !d.is_zero() && (d - BigInt::one()) & d == BigInt::zero()
}

/// Writes a number as CGSuite does: `5`, `-1/2`, `25/16`.
pub fn write_number(out: &mut String, q: &BigRational) {
    use std::fmt::Write;
    if q.is_integer() {
        let _ = write!(out, "{}", q.numer());
    } else {
        let _ = write!(out, "{}/{}", q.numer(), q.denom());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Values are moved and stored by the million (a user game's
    /// positions, a loop's variables): every variant keeps to a few words.
    #[test]
    fn a_value_is_a_few_words() {
        assert!(std::mem::size_of::<Value>() <= 32);
    }

    #[test]
    fn dyadic_test() {
        let q = |a: i64, b: i64| BigRational::new(a.into(), b.into());
        assert!(is_dyadic(&q(3, 8)));
        assert!(is_dyadic(&q(5, 1)));
        assert!(!is_dyadic(&q(2, 3)));
    }

    #[test]
    fn numbers_print_like_cgsuite() {
        let show = |a: i64, b: i64| {
            let mut s = String::new();
            write_number(&mut s, &BigRational::new(a.into(), b.into()));
            s
        };
        assert_eq!(show(4, 6), "2/3");
        assert_eq!(show(-1, 2), "-1/2");
        assert_eq!(show(10, 2), "5");
        assert_eq!(show(0, 7), "0");
    }
}

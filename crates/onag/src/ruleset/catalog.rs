//! The rulesets onag knows by name: one [`Ruleset`] record each, which the
//! command line and the calculator both read.
//!
//! A record says what the ruleset is called (CGSuite's name and package),
//! which parameters it takes, what kind of argument a position is, how a
//! position prints in CGSuite's notation, and how to build a position.
//! Adding a ruleset means writing its module and adding its record to its
//! family's `RULESETS` list; nothing else names it.

use std::fmt;

use num_bigint::BigInt;
use num_traits::ToPrimitive;

use super::any::AnyPosition;
use crate::error::{Error, Result};

/// Where a ruleset lives in CGSuite's library.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub enum Family {
    /// `game.grid`: boards of cells.
    Grid,
    /// `game.strip`: one row of cells.
    Strip,
    /// `game.graph`: graphs.
    Graph,
    /// `game.heap`: heaps and pairs of numbers.
    Heap,
}

impl Family {
    /// CGSuite's package: `game.grid`, `game.strip`, `game.graph`, `game.heap`.
    pub fn package(self) -> &'static str {
        match self {
            Family::Grid => "game.grid",
            Family::Strip => "game.strip",
            Family::Graph => "game.graph",
            Family::Heap => "game.heap",
        }
    }
}

/// A value given to a ruleset: a parameter, or a position's argument.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Arg {
    /// An integer.
    Int(BigInt),
    /// A string (a board, a strip, a graph).
    Str(String),
    /// A list `[a, b]`.
    List(Vec<Arg>),
    /// Coordinates `(a, b)`.
    Pair(Box<Arg>, Box<Arg>),
    /// `true` or `false`.
    Bool(bool),
}

impl fmt::Display for Arg {
    /// CGScript's notation: `3`, `"xo"`, `[1,3]`, `(8,3)`, `true`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Arg::Int(n) => write!(f, "{n}"),
            Arg::Str(s) => write!(f, "\"{s}\""),
            Arg::List(items) => {
                f.write_str("[")?;
                for (i, a) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{a}")?;
                }
                f.write_str("]")
            }
            Arg::Pair(a, b) => write!(f, "({a},{b})"),
            Arg::Bool(b) => write!(f, "{b}"),
        }
    }
}

impl Arg {
    /// The string, or an error naming `what` was expected.
    pub fn as_str(&self, what: &str) -> Result<&str> {
        match self {
            Arg::Str(s) => Ok(s),
            other => Err(Error::invalid(format!("{what} must be a string, not {other}"))),
        }
    }

    /// The integer as an `i64` in `range`, or an error naming `what`.
    pub fn as_int(&self, what: &str, range: std::ops::RangeInclusive<i64>) -> Result<i64> {
        let n = match self {
            Arg::Int(n) => n.to_i64(),
            other => return Err(Error::invalid(format!("{what} must be an integer, not {other}"))),
        };
        match n {
            Some(n) if range.contains(&n) => Ok(n),
            _ => Err(Error::invalid(format!(
                "{what} must be an integer from {} to {}, not {self}",
                range.start(),
                range.end()
            ))),
        }
    }

    /// The two integers of coordinates `(a, b)`, each in `range`.
    pub fn as_pair(&self, what: &str, range: std::ops::RangeInclusive<i64>) -> Result<(i64, i64)> {
        match self {
            Arg::Pair(a, b) => Ok((a.as_int(what, range.clone())?, b.as_int(what, range)?)),
            other => Err(Error::invalid(format!(
                "{what} must be coordinates (a, b) in double parentheses, not {other}"
            ))),
        }
    }

    /// The integers of a list, each in `range`.
    pub fn as_int_list(
        &self,
        what: &str,
        range: std::ops::RangeInclusive<i64>,
    ) -> Result<Vec<i64>> {
        match self {
            Arg::List(items) => {
                let entry = format!("each entry of {what}");
                items.iter().map(|a| a.as_int(&entry, range.clone())).collect()
            }
            other => Err(Error::invalid(format!("{what} must be a list of integers, not {other}"))),
        }
    }

    /// Reads an argument written on the command line: an integer, a list
    /// `[1,3]` or `1,3`, coordinates `(8,3)`, `true`/`false`, else a string.
    pub fn from_text(text: &str, kind: ArgKind) -> Result<Arg> {
        let t = text.trim();
        match kind {
            ArgKind::Text => Ok(Arg::Str(text.to_string())),
            ArgKind::Integer => parse_int(t).map(Arg::Int),
            ArgKind::Pair => {
                let inner = t.strip_prefix('(').and_then(|s| s.strip_suffix(')')).unwrap_or(t);
                let parts: Vec<&str> = inner.split(',').collect();
                match parts[..] {
                    [a, b] => Ok(Arg::Pair(
                        Box::new(Arg::Int(parse_int(a.trim())?)),
                        Box::new(Arg::Int(parse_int(b.trim())?)),
                    )),
                    _ => Err(Error::invalid(format!(
                        "'{text}' is not a pair of numbers such as 8,3 or (8,3)"
                    ))),
                }
            }
            ArgKind::IntegerList => {
                let inner = t.strip_prefix('[').and_then(|s| s.strip_suffix(']')).unwrap_or(t);
                if inner.trim().is_empty() {
                    return Ok(Arg::List(Vec::new()));
                }
                inner
                    .split(',')
                    .map(|s| parse_int(s.trim()).map(Arg::Int))
                    .collect::<Result<_>>()
                    .map(Arg::List)
            }
            ArgKind::Boolean => match t {
                "true" => Ok(Arg::Bool(true)),
                "false" => Ok(Arg::Bool(false)),
                _ => Err(Error::invalid(format!("'{text}' is not true or false"))),
            },
        }
    }
}

/// `arg` in the one form its kind has: a list of integers sorted and
/// without repeats (anything else is left for the ruleset to refuse).
fn as_kind(arg: Arg, kind: ArgKind) -> Arg {
    match (kind, arg) {
        (ArgKind::IntegerList, Arg::List(mut items))
            if items.iter().all(|a| matches!(a, Arg::Int(_))) =>
        {
            items.sort_by(|a, b| match (a, b) {
                (Arg::Int(x), Arg::Int(y)) => x.cmp(y),
                _ => std::cmp::Ordering::Equal,
            });
            items.dedup();
            Arg::List(items)
        }
        (_, arg) => arg,
    }
}

fn parse_int(text: &str) -> Result<BigInt> {
    text.parse::<BigInt>().map_err(|_| Error::invalid(format!("'{text}' is not an integer")))
}

/// What kind of value an argument is, for reading it from the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
pub enum ArgKind {
    /// A string: a board, a strip or a graph.
    Text,
    /// An integer: a heap.
    Integer,
    /// Two integers: a cake, a Euclid position.
    Pair,
    /// A set of integers (a subtraction set), written as a list: the
    /// parameters keep it sorted and without repeats, so positions built
    /// from `[3,1]` and `[1,3,3]` have equal parameters.
    IntegerList,
    /// `true` or `false`.
    Boolean,
}

/// One parameter of a ruleset.
#[derive(Debug, Clone, Copy)]
pub struct Param {
    /// CGSuite's name (`maxJump`); the calculator takes it as `maxJump => 2`
    /// or by position.
    pub name: &'static str,
    /// What it is.
    pub kind: ArgKind,
    /// Its value when not given, written as on the command line; `None`
    /// when it must be given.
    pub default: Option<&'static str>,
    /// A value for examples in the help, written as on the command line.
    pub example: &'static str,
    /// One line for the help.
    pub about: &'static str,
}

/// The parameters a position is built with, in the ruleset's order, every
/// default filled in.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct Params(Vec<(&'static str, Arg)>);

impl Params {
    /// The value of the parameter called `name`.
    pub fn get(&self, name: &str) -> Result<&Arg> {
        self.entry(name).map(|(_, a)| a)
    }

    /// The parameter called `name` read by `read`; an error is marked as
    /// about that parameter ([`Error::parameter`]).
    pub fn read<T>(&self, name: &str, read: impl FnOnce(&Arg) -> Result<T>) -> Result<T> {
        let (name, arg) = self.entry(name)?;
        read(arg).map_err(|e| e.for_parameter(name))
    }

    fn entry(&self, name: &str) -> Result<&(&'static str, Arg)> {
        self.0
            .iter()
            .find(|(n, _)| *n == name)
            .ok_or_else(|| Error::invalid(format!("missing parameter {name}")))
    }

    /// The parameters and their values, in order.
    pub fn iter(&self) -> impl Iterator<Item = &(&'static str, Arg)> {
        self.0.iter()
    }
}

/// A ruleset the command line and the calculator know by name.
pub struct Ruleset {
    /// CGSuite's name: `Domineering`, `ToadsAndFrogs`.
    pub name: &'static str,
    /// Its package.
    pub family: Family,
    /// One line: who moves how.
    pub about: &'static str,
    /// Parameters, in CGSuite's order (most rulesets have none).
    pub params: &'static [Param],
    /// What a position is: a string, a heap, coordinates.
    pub argument: ArgKind,
    /// A position to show in the help: `....|....`.
    pub example: &'static str,
    /// How CGSuite prints a position, `{}` standing for the position's
    /// notation: `Domineering.Position("{}")`.
    pub output: &'static str,
    /// Whether both players always have the same moves.
    pub impartial: bool,
    /// The position of the empty (or starting) `rows` × `columns` rectangle,
    /// for tables of values; `None` when the ruleset has no such family.
    pub rectangle: Option<fn(usize, usize) -> String>,
    /// Builds a position from parameters and its argument.
    pub build: fn(&'static Ruleset, &Params, &Arg) -> Result<Box<dyn AnyPosition>>,
}

impl fmt::Debug for Ruleset {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.{}", self.family.package(), self.name)
    }
}

impl PartialEq for Ruleset {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self, other)
    }
}

impl Eq for Ruleset {}

impl Ruleset {
    /// The empty (or starting) `rows` × `columns` rectangle, as
    /// [`rectangle`](Self::rectangle) writes it; refused before its text is
    /// made when the ruleset has none or the board is larger than any board
    /// holds (`--table 100000x100000` would write ten gigabytes first).
    pub fn rectangle_of(&self, rows: usize, columns: usize) -> Result<String> {
        let rectangle = self.rectangle.ok_or_else(|| {
            Error::invalid(format!("{} has no rectangles (they are for boards)", self.name))
        })?;
        let cells = rows.saturating_mul(columns);
        if cells > super::board::MAX_CELLS {
            return Err(Error::invalid(format!(
                "a board of {columns}×{rows} = {cells} cells: at most {} cells are supported",
                super::board::MAX_CELLS
            )));
        }
        Ok(rectangle(rows, columns))
    }

    /// The full path: `game.grid.Domineering`.
    pub fn path(&self) -> String {
        format!("{}.{}", self.family.package(), self.name)
    }

    /// CGSuite's class of the ruleset's positions, from how it prints them
    /// ([`output`](Self::output)): `game.grid.Domineering.Position`,
    /// `game.grid.GenClobber.Position`, and for a variant wrapped around
    /// another ruleset's position (Cram) the wrapper,
    /// `game.variant.ImpartialVariantGame`.
    pub fn position_class(&self) -> String {
        let head = self.output.split('(').next().unwrap_or(self.output);
        if head.ends_with("VariantGame") {
            format!("game.variant.{head}")
        } else {
            format!("{}.{head}", self.family.package())
        }
    }

    /// CGSuite's class of the ruleset itself: its positions' class without
    /// `.Position` (`game.grid.GenClobber`), and for a variant
    /// `game.variant.ImpartialVariantRuleset`.
    pub fn class(&self) -> String {
        let positions = self.position_class();
        match positions.strip_suffix("Game") {
            Some(variant) if positions.starts_with("game.variant.") => format!("{variant}Ruleset"),
            _ => positions.strip_suffix(".Position").unwrap_or(&positions).to_string(),
        }
    }

    /// The command-line name: `Domineering` → `domineering`,
    /// `ToadsAndFrogs` → `toads-and-frogs`.
    pub fn command(&self) -> String {
        let mut s = String::new();
        for (i, c) in self.name.chars().enumerate() {
            if c.is_ascii_uppercase() && i > 0 {
                s.push('-');
            }
            s.push(c.to_ascii_lowercase());
        }
        s
    }

    /// Fills in parameters given by position (`given`) and by name (`named`),
    /// with defaults for the rest.
    pub fn params(&self, given: &[Arg], named: &[(String, Arg)]) -> Result<Params> {
        if given.len() > self.params.len() {
            return Err(Error::invalid(format!(
                "{} takes {} parameter{}, not {}",
                self.name,
                self.params.len(),
                if self.params.len() == 1 { "" } else { "s" },
                given.len()
            )));
        }
        for (name, _) in named {
            if !self.params.iter().any(|p| p.name == name) {
                let known: Vec<&str> = self.params.iter().map(|p| p.name).collect();
                return Err(Error::invalid(format!(
                    "{} has no parameter {name}{}",
                    self.name,
                    if known.is_empty() {
                        String::new()
                    } else {
                        format!(" (it has {})", known.join(", "))
                    }
                )));
            }
        }
        let mut values = Vec::with_capacity(self.params.len());
        for (i, p) in self.params.iter().enumerate() {
            let by_name = named.iter().find(|(n, _)| n == p.name).map(|(_, a)| a.clone());
            let value = match (given.get(i).cloned(), by_name) {
                (Some(_), Some(_)) => {
                    return Err(Error::invalid(format!("parameter {} is given twice", p.name)));
                }
                (Some(a), None) | (None, Some(a)) => a,
                (None, None) => match p.default {
                    Some(text) => Arg::from_text(text, p.kind)?,
                    None => {
                        return Err(Error::invalid(format!(
                            "{} needs the parameter {}",
                            self.name, p.name
                        )));
                    }
                },
            };
            values.push((p.name, as_kind(value, p.kind)));
        }
        Ok(Params(values))
    }

    /// The position `argument` with parameters `params`.
    pub fn position(
        &'static self,
        params: &Params,
        argument: &Arg,
    ) -> Result<Box<dyn AnyPosition>> {
        (self.build)(self, params, argument)
    }

    /// The position written `text` on the command line, with default parameters.
    pub fn parse(&'static self, text: &str) -> Result<Box<dyn AnyPosition>> {
        let params = self.params(&[], &[])?;
        self.position(&params, &Arg::from_text(text, self.argument)?)
    }
}

/// Every ruleset, in the order the help lists them.
pub fn rulesets() -> impl Iterator<Item = &'static Ruleset> {
    super::grid::RULESETS
        .iter()
        .chain(super::strip::RULESETS)
        .chain(super::graph::RULESETS)
        .chain(super::heap::RULESETS)
        .copied()
}

/// The ruleset called `name`: CGSuite's name (`ToadsAndFrogs`, any case) or
/// the command-line name (`toads-and-frogs`).
pub fn find(name: &str) -> Option<&'static Ruleset> {
    let plain: String = name.chars().filter(|c| *c != '-' && *c != '_').collect();
    rulesets().find(|r| r.name.eq_ignore_ascii_case(&plain))
}

/// The error for a name no ruleset has, listing the names there are.
pub fn unknown(name: &str) -> Error {
    let names: Vec<String> = rulesets().map(|r| r.command()).collect();
    Error::invalid(format!("no ruleset is called '{name}' (there are {})", names.join(", ")))
}

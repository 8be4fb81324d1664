//! The rulesets and positions the calculator holds as values: heap rulesets
//! ([`Ruleset`]) and the two-heap classic positions ([`ClassicPosition`]).
//! Only what they are and how they print: what they compute lives in
//! the `heap` module and the `classic` module.

use num_bigint::BigUint;

use crate::impartial::coins::CoinRule;
use crate::impartial::heap::TakeAndBreak;
use crate::impartial::heap::subtraction::SubtractionSet;

/// A heap ruleset the calculator can compute with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Ruleset {
    /// Nim: remove any number of stones.
    Nim,
    /// A subtraction game.
    Subtraction(SubtractionSet),
    /// A take-and-break game, with the name it was written with
    /// (`game.heap.Kayles`, `game.heap.TakeAndBreak("0.137")`).
    TakeAndBreak(TakeAndBreak, String),
    /// A spawning game: a coin-turning rule played on heaps.
    Spawning(CoinRule),
}

impl Ruleset {
    /// The subtraction set, for Nim and subtraction games.
    pub(crate) fn set(&self) -> Option<SubtractionSet> {
        match self {
            Ruleset::Nim => Some(SubtractionSet::AllBut(Vec::new())),
            Ruleset::Subtraction(set) => Some(set.clone()),
            Ruleset::TakeAndBreak(..) | Ruleset::Spawning(_) => None,
        }
    }

    /// The ruleset as a take-and-break code, when it is one: CGSuite defines
    /// Nim as `0.[3]` and subtraction games by their codes.
    fn code(&self) -> Option<TakeAndBreak> {
        let members =
            |s: &[u64]| s.iter().map(|&k| usize::try_from(k).ok()).collect::<Option<Vec<_>>>();
        match self {
            Ruleset::Nim => TakeAndBreak::from_subtraction_set(&[], true).ok(),
            Ruleset::Subtraction(SubtractionSet::Finite(s)) => {
                TakeAndBreak::from_subtraction_set(&members(s)?, false).ok()
            }
            Ruleset::Subtraction(SubtractionSet::AllBut(s)) => {
                TakeAndBreak::from_subtraction_set(&members(s)?, true).ok()
            }
            Ruleset::Subtraction(SubtractionSet::Rule(_)) => None,
            Ruleset::TakeAndBreak(code, _) => Some(code.clone()),
            Ruleset::Spawning(_) => None,
        }
    }

    /// Whether two rulesets are the same game: the same normalised code, or
    /// (for subtraction sets too large for a code) the same set.
    pub fn same_rules(&self, other: &Ruleset) -> bool {
        if let (Ruleset::Spawning(a), Ruleset::Spawning(b)) = (self, other) {
            return a.code() == b.code();
        }
        match (self.code(), other.code()) {
            (Some(a), Some(b)) => a == b,
            (None, None) => self.set().is_some() && self.set() == other.set(),
            _ => false,
        }
    }

    /// How the ruleset is written in the calculator.
    pub fn name(&self) -> String {
        let list = |v: &[u64]| v.iter().map(u64::to_string).collect::<Vec<_>>().join(",");
        match self {
            Ruleset::Nim => "game.heap.Nim".to_string(),
            Ruleset::Subtraction(SubtractionSet::Finite(s)) => {
                format!("game.heap.Subtraction([{}])", list(s))
            }
            Ruleset::Subtraction(SubtractionSet::AllBut(s)) => {
                format!("game.heap.Subtraction([{}], allbut => true)", list(s))
            }
            Ruleset::Subtraction(SubtractionSet::Rule(r)) => {
                format!("game.heap.Subtraction(\"{}\")", r.name())
            }
            Ruleset::TakeAndBreak(_, name) => name.clone(),
            Ruleset::Spawning(rule) => {
                let mut name = String::from("game.heap.Spawning(");
                super::value::write_string(&mut name, rule.text());
                name.push(')');
                name
            }
        }
    }
}

/// A position of a two-heap or move-dependent classic game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ClassicPosition {
    /// Wythoff's game with heaps `(a, b)`.
    Wythoff(BigUint, BigUint),
    /// Fibonacci Nim with a heap of `n`, before the first move.
    FibonacciNim(BigUint),
}

impl ClassicPosition {
    /// How the position is written in the calculator.
    pub fn name(&self) -> String {
        match self {
            ClassicPosition::Wythoff(a, b) => format!("game.heap.Wythoff({a},{b})"),
            ClassicPosition::FibonacciNim(n) => format!("game.heap.FibonacciNim({n})"),
        }
    }
}

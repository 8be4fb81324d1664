//! The rulesets and positions the calculator holds as values: heap rulesets
//! ([`Ruleset`]) and the two-heap classic positions ([`ClassicPosition`]).
//! Only what they are and how they print: what they compute lives in
//! the `heap` module and the `classic` module.

use std::sync::Arc;

use num_bigint::BigUint;

use crate::impartial::heap::memory::MemoryRule;
use crate::lang::value::Closure;

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
    pub(crate) fn code(&self) -> Option<TakeAndBreak> {
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
                crate::lang::value::write_string(&mut name, rule.text());
                name.push(')');
                name
            }
        }
    }
}

/// A position of a two-heap or move-dependent classic game, or of a
/// user's heap or coordinate ruleset.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ClassicPosition {
    /// Wythoff's game with heaps `(a, b)`.
    Wythoff(BigUint, BigUint),
    /// Fibonacci Nim with a heap of `n`, before the first move.
    FibonacciNim(BigUint),
    /// A memory game (`Mem`, `TakeAway(k)`, `FibonacciNim((n, m))`): a heap
    /// of `n`, the last move took `m`.
    Memory(MemoryRule, BigUint, BigUint),
    /// A position of a user's ruleset: a heap `(n)` or coordinates `(m, n)`.
    User(ClassicRuleset, Vec<BigUint>),
}

impl ClassicPosition {
    /// How the position is written in the calculator.
    pub fn name(&self) -> String {
        match self {
            ClassicPosition::Wythoff(a, b) => format!("game.heap.Wythoff({a},{b})"),
            ClassicPosition::FibonacciNim(n) => format!("game.heap.FibonacciNim({n})"),
            ClassicPosition::Memory(rule, n, m) => {
                format!("{}(({n},{m}))", ClassicRuleset::Memory(*rule).name())
            }
            ClassicPosition::User(rule, at) => {
                let at: Vec<String> = at.iter().map(BigUint::to_string).collect();
                // A ruleset assigned to a variable: `R(9)`, not the function.
                let rule = match rule.function().and_then(|f| f.bound_name.get()) {
                    Some(name) => name.to_string(),
                    None => rule.name(),
                };
                match at.as_slice() {
                    [n] => format!("{rule}({n})"),
                    _ => format!("{rule}(({}))", at.join(",")),
                }
            }
        }
    }
}

/// A ruleset whose positions are [`ClassicPosition`]s, once its parameters
/// are given: `game.heap.TakeAway(3/2)`, `game.heap.HeapRuleset(n -> ...)`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ClassicRuleset {
    /// A memory game.
    Memory(MemoryRule),
    /// `HeapRuleset(f)`: `f(n)` lists the options of a heap of `n`, each a
    /// list of heaps.
    UserHeap(Arc<Closure>),
    /// `CoordinateRuleset(f)`: `f(m, n)` lists the options of `(m, n)`,
    /// each coordinates or a list of them.
    UserCoordinate(Arc<Closure>),
    /// `TakeAway(f)`: a move may take at most `f(m)` tokens when the last
    /// move took `m`.
    TakeAwayBy(Arc<Closure>),
    /// `GenMem(p)`: a move may take `a` tokens when `p(m, a)` holds, `m`
    /// what the last move took.
    GenMem(Arc<Closure>),
    /// `GenWythoff(f)`: Wythoff's game where `k` and `l` may be taken from
    /// the two heaps together when `0 < k ≤ l < f(k)` (Fraenkel and Tanny).
    GenWythoff(Arc<Closure>),
    /// `R.AcrosticProduct(S)` or `R.DirectProduct(S)` of two heap rulesets:
    /// a ruleset of pairs `(m, n)` ([`ProductKind`]).
    Product(ProductKind, Box<(Ruleset, Ruleset)>),
}

/// How a product of two heap rulesets `R` and `S` moves from `(m, n)`
/// (Winning Ways, chapters 13 and 14; CGSuite's definitions).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ProductKind {
    /// A move of `R` on `m` (each heap `a` it leaves becomes `(a, n)`), or
    /// of `S` on `n` (each `b` becomes `(m, b)`).
    Acrostic,
    /// A move of `R` on `m` and one of `S` on `n` together: leaving heaps
    /// `a_i` and `b_j`, the option is the sum of every `(a_i, n)`, every
    /// `(m, b_j)` and every `(a_i, b_j)`. Its nim values are the nim
    /// products of the factors' (the Tartan theorem).
    Direct,
}

impl ProductKind {
    /// The member that builds it.
    pub fn name(self) -> &'static str {
        match self {
            ProductKind::Acrostic => "AcrosticProduct",
            ProductKind::Direct => "DirectProduct",
        }
    }
}

impl ClassicRuleset {
    /// Replaces the game ids a user's function captured (see
    /// [`crate::lang::value::Value::map_games`]).
    pub(crate) fn map_games(
        &mut self,
        f: &mut dyn FnMut(crate::game::GameId) -> crate::error::Result<crate::game::GameId>,
        seen: &mut crate::lang::value::Seen,
    ) -> crate::error::Result<()> {
        match self {
            ClassicRuleset::UserHeap(c)
            | ClassicRuleset::UserCoordinate(c)
            | ClassicRuleset::TakeAwayBy(c)
            | ClassicRuleset::GenMem(c)
            | ClassicRuleset::GenWythoff(c) => crate::lang::value::map_closure(c, f, seen),
            ClassicRuleset::Memory(_) | ClassicRuleset::Product(..) => Ok(()),
        }
    }

    /// The user's function behind the ruleset, if any.
    pub fn function(&self) -> Option<&std::sync::Arc<crate::lang::value::Closure>> {
        match self {
            ClassicRuleset::UserHeap(f)
            | ClassicRuleset::UserCoordinate(f)
            | ClassicRuleset::TakeAwayBy(f)
            | ClassicRuleset::GenMem(f)
            | ClassicRuleset::GenWythoff(f) => Some(f),
            ClassicRuleset::Memory(_) | ClassicRuleset::Product(..) => None,
        }
    }

    /// How the ruleset is written in the calculator.
    pub fn name(&self) -> String {
        match self {
            ClassicRuleset::Memory(MemoryRule::Mem) => "game.heap.Mem".to_string(),
            ClassicRuleset::Memory(MemoryRule::TakeAway(2, 1)) => {
                "game.heap.FibonacciNim".to_string()
            }
            ClassicRuleset::Memory(MemoryRule::TakeAway(p, 1)) => {
                format!("game.heap.TakeAway({p})")
            }
            ClassicRuleset::Memory(MemoryRule::TakeAway(p, q)) => {
                format!("game.heap.TakeAway({p}/{q})")
            }
            ClassicRuleset::UserHeap(f) => format!("game.heap.HeapRuleset({})", f.text),
            ClassicRuleset::UserCoordinate(f) => {
                format!("game.heap.CoordinateRuleset({})", f.text)
            }
            ClassicRuleset::TakeAwayBy(f) => format!("game.heap.TakeAway({})", f.text),
            ClassicRuleset::GenMem(f) => format!("game.heap.GenMem({})", f.text),
            ClassicRuleset::GenWythoff(f) => format!("game.heap.GenWythoff({})", f.text),
            ClassicRuleset::Product(kind, factors) => {
                format!("{}.{}({})", factors.0.name(), kind.name(), factors.1.name())
            }
        }
    }
}

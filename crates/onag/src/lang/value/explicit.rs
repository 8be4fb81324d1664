//! Explicit and compound games as data: a game kept as written (`'{L|R}'`)
//! and the sums, ordinal sums, multiples and compounds built from one.
//! What the calculator does with them is in `classes/explicit`.

use num_bigint::BigInt;

use crate::error::Result;
use crate::game::GameId;
use crate::lang::value::Value;

/// An explicit or compound game. Its parts are numbers, games, ruleset
/// positions or explicit games.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Explicit {
    /// `'{L|R}'`: options kept as written.
    Game(Vec<Value>, Vec<Value>),
    /// `a + b`.
    Sum(Value, Value),
    /// `a : b`.
    Ordinal(Value, Value),
    /// `n * g` (Norton multiplication by an integer).
    Multiple(BigInt, Value),
    /// `a ConjunctiveSum b`, `a SelectiveSum b` or `a OrdinalProduct b`
    /// (see `compound.rs`).
    Compound(Kind, Value, Value),
    /// `-(g)` for a product, whose negative is not pushed inside.
    Negative(Value),
}

impl Explicit {
    /// Replaces every game id inside (see [`Value::map_games`]).
    pub(crate) fn map_games(&mut self, f: &mut dyn FnMut(GameId) -> Result<GameId>) -> Result<()> {
        match self {
            Explicit::Game(l, r) => {
                for v in l.iter_mut().chain(r.iter_mut()) {
                    v.map_games(f)?;
                }
            }
            Explicit::Sum(a, b) | Explicit::Ordinal(a, b) => {
                a.map_games(f)?;
                b.map_games(f)?;
            }
            Explicit::Compound(_, a, b) => {
                a.map_games(f)?;
                b.map_games(f)?;
            }
            Explicit::Multiple(_, g) | Explicit::Negative(g) => g.map_games(f)?,
        }
        Ok(())
    }
}

/// Which compound.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// Move in both parts.
    Conjunctive,
    /// Move in one part or both.
    Selective,
    /// Conway's ordinal product.
    OrdinalProduct,
    /// Conway's product.
    ConwayProduct,
}

impl Kind {
    /// The member and operator name.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Kind::Conjunctive => "ConjunctiveSum",
            Kind::Selective => "SelectiveSum",
            Kind::OrdinalProduct => "OrdinalProduct",
            Kind::ConwayProduct => "ConwayProduct",
        }
    }

    /// The operator printed between `left` and the other part: the name,
    /// or `*` for a Conway product with an integer first.
    pub(crate) fn symbol(self, left: &Value) -> &'static str {
        if self == Kind::ConwayProduct && left.is_integer() { "*" } else { self.name() }
    }

    /// The kind a member name stands for.
    pub(crate) fn of_name(name: &str) -> Option<Kind> {
        [Kind::Conjunctive, Kind::Selective, Kind::OrdinalProduct, Kind::ConwayProduct]
            .into_iter()
            .find(|k| k.name() == name)
    }

    /// How tightly it binds when printed (see `explicit::level`): sums as
    /// `+`, the Conway product as `n * g`, the ordinal product looser than
    /// everything.
    pub(crate) fn level(self) -> u8 {
        match self {
            Kind::Conjunctive | Kind::Selective => 1,
            Kind::OrdinalProduct => 0,
            Kind::ConwayProduct => 3,
        }
    }

    /// Whether `−(a ∘ b)` is `(−a) ∘ (−b)` (sums), rather than kept as a
    /// negative (the products).
    pub(crate) fn negates_parts(self) -> bool {
        matches!(self, Kind::Conjunctive | Kind::Selective)
    }
}

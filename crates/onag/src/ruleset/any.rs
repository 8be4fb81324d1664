//! Positions of any ruleset behind one object type, for the command line and
//! the calculator, which pick a ruleset by name at run time.
//!
//! [`AnyPosition`] is implemented once, by [`Positioned`], for every type that
//! is a [`PartizanPosition`] with a [`Notation`]. Values go through
//! [`Solvers`]: one [`Solver`] per position type, kept across calls so that a
//! calculator session values each region once. The solvers' tables hold ids of
//! one arena: a `Solvers` must always be used with the same arena.

use std::any::{Any, TypeId};
use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

use rustc_hash::FxHashMap;

use super::catalog::{Params, Ruleset};
use super::outcome::{FirstMover, Move, OutcomeSearch, Solution};
use super::position::{MoveBounds, PartizanPosition, Player};
use super::solver::Solver;
use crate::budget::Budget;
use crate::error::{Error, Result};
use crate::game::{Arena, GameId};
use crate::impartial::misere::{FormId, MisereGames};

/// How a position is written.
pub trait Notation {
    /// The position as a user writes it: `..|##`, `tt.ff`, `(8,3)`; a sum of
    /// parts as `(2,1) + (2,2)`, and no parts as `0`.
    fn notation(&self) -> String;

    /// The position in CGSuite's notation, given the ruleset's output
    /// template (`Domineering.Position("{}")`). The default fills the
    /// template with the notation; a position that is a sum of parts prints
    /// each part through the template, joined by ` + `, and `0` for none.
    fn cgsuite(&self, template: &str) -> String {
        template.replace("{}", &self.notation())
    }
}

/// A solver of some position type.
trait AnySolver: Send {
    fn as_any(&mut self) -> &mut dyn Any;
    fn memory_bytes(&self) -> u64;
}

impl<P: PartizanPosition + 'static> AnySolver for Solver<P> {
    fn as_any(&mut self) -> &mut dyn Any {
        self
    }

    fn memory_bytes(&self) -> u64 {
        Solver::memory_bytes(self)
    }
}

/// One solver per position type, kept across calls. A position type carries
/// every rule that affects its moves (a jump length, a subtraction set), so
/// positions of one type with different rules never share a table entry.
#[derive(Default)]
pub struct Solvers {
    by_type: FxHashMap<TypeId, Box<dyn AnySolver>>,
    budget: Budget,
}

impl fmt::Debug for Solvers {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Solvers").field("types", &self.by_type.len()).finish()
    }
}

impl Solvers {
    /// No solvers yet, an unlimited budget.
    pub fn new() -> Self {
        Self::default()
    }

    /// Installs `budget` in every solver, now and later.
    pub fn set_budget(&mut self, budget: Budget) {
        self.budget = budget;
    }

    /// The solver for positions of type `P`, with the current budget.
    pub fn get<P: PartizanPosition + 'static>(&mut self) -> &mut Solver<P> {
        let budget = self.budget.clone();
        let entry =
            self.by_type.entry(TypeId::of::<P>()).or_insert_with(|| Box::new(Solver::<P>::new()));
        let solver = entry
            .as_any()
            .downcast_mut::<Solver<P>>()
            .expect("the solver stored under P's type id is a Solver<P>");
        solver.set_budget(budget);
        solver
    }

    /// Bytes held by every solver's tables.
    pub fn memory_bytes(&self) -> u64 {
        self.by_type.values().map(|s| s.memory_bytes()).sum()
    }
}

/// A position of some ruleset, chosen at run time.
pub trait AnyPosition: Send + Sync + fmt::Debug {
    /// The ruleset.
    fn ruleset(&self) -> &'static Ruleset;

    /// The parameters the position was built with.
    fn params(&self) -> &Params;

    /// The position as written on the command line (`..|##`).
    fn notation(&self) -> String;

    /// The position in CGSuite's notation (`Domineering.Position("..|##")`).
    fn cgsuite(&self) -> String;

    /// The positions `player` can move to, in the ruleset's order (CGSuite's),
    /// repeats kept.
    fn options(&self, player: Player) -> Vec<Box<dyn AnyPosition>>;

    /// The independent regions whose sum the position is (its disjunctive
    /// decomposition, as the solver splits it; parts no move can touch are
    /// left out).
    fn decomposition(&self) -> Vec<Box<dyn AnyPosition>>;

    /// The canonical form in `arena` (impartial rulesets: the nimber of the
    /// nim value).
    fn value(&self, arena: &mut Arena, solvers: &mut Solvers) -> Result<GameId>;

    /// The nim value, for an impartial ruleset; `None` otherwise.
    fn nim_value(&self, solvers: &mut Solvers) -> Result<Option<u64>>;

    /// The misère canonical form, for an impartial ruleset, copied into
    /// `into`; `None` otherwise.
    fn misere_form(&self, solvers: &mut Solvers, into: &mut MisereGames) -> Result<Option<FormId>>;

    /// Who wins the sum of `positions` (all of this position's ruleset and
    /// type; `self` only picks the type) with each player moving first, by
    /// [`OutcomeSearch::solve`], without canonical forms of the whole.
    fn solve_outcome(
        &self,
        positions: &[Box<dyn AnyPosition>],
        search: &OutcomeSearch,
    ) -> Result<Solution<Box<dyn AnyPosition>>>;

    /// The canonical form in `arena` when the solvers have valued every
    /// region of the position before (nothing is valued); `None` otherwise.
    fn known_value(&self, arena: &mut Arena, solvers: &mut Solvers) -> Result<Option<GameId>>;

    /// Whether `other` is the same position: of the same type, ruleset
    /// and parameters, and equal.
    fn same(&self, other: &dyn AnyPosition) -> bool;

    /// Feeds the position (its type and the position itself) to `state`,
    /// so that positions [`same`](AnyPosition::same) hash alike.
    fn hash_into(&self, state: &mut dyn Hasher);

    /// [`PartizanPosition::normalize`] of the position.
    fn normal_form(&self) -> (Box<dyn AnyPosition>, bool);

    /// [`PartizanPosition::move_bounds`] of the position.
    fn move_bounds(&self, player: Player) -> Option<MoveBounds>;

    /// [`PartizanPosition::mobility`] of the position.
    fn mobility(&self, player: Player) -> usize;

    /// [`PartizanPosition::heap_bytes`] of the position.
    fn heap_bytes(&self) -> usize;

    /// [`PartizanPosition::VALUED_REGION_MOVES`] of the position's type.
    fn valued_region_moves(&self) -> usize;

    /// The position as [`Any`], to recover its type.
    fn as_any(&self) -> &dyn Any;

    /// A copy.
    fn clone_box(&self) -> Box<dyn AnyPosition>;
}

impl Clone for Box<dyn AnyPosition> {
    fn clone(&self) -> Self {
        self.clone_box()
    }
}

impl PartialEq for dyn AnyPosition {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.ruleset(), other.ruleset())
            && self.params() == other.params()
            && self.notation() == other.notation()
    }
}

impl Eq for dyn AnyPosition {}

/// A position of type `P` with its ruleset and parameters.
#[derive(Clone)]
pub struct Positioned<P> {
    ruleset: &'static Ruleset,
    params: Arc<Params>,
    position: P,
}

impl<P: fmt::Debug> fmt::Debug for Positioned<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}({:?})", self.ruleset, self.position)
    }
}

impl<P> Positioned<P> {
    /// `position` of `ruleset`, built with `params`.
    pub fn new(ruleset: &'static Ruleset, params: &Params, position: P) -> Self {
        Positioned { ruleset, params: Arc::new(params.clone()), position }
    }

    /// The position.
    pub fn position(&self) -> &P {
        &self.position
    }
}

/// `position` of `ruleset` as an [`AnyPosition`].
pub fn boxed<P>(ruleset: &'static Ruleset, params: &Params, position: P) -> Box<dyn AnyPosition>
where
    P: PartizanPosition + Notation + fmt::Debug + 'static,
{
    Box::new(Positioned::new(ruleset, params, position))
}

impl<P> Positioned<P>
where
    P: PartizanPosition + Notation + fmt::Debug + 'static,
{
    /// Positions of the same ruleset and parameters.
    fn all_boxed(&self, positions: Vec<P>) -> Vec<Box<dyn AnyPosition>> {
        positions
            .into_iter()
            .map(|position| {
                Box::new(Positioned {
                    ruleset: self.ruleset,
                    params: self.params.clone(),
                    position,
                }) as Box<dyn AnyPosition>
            })
            .collect()
    }
}

impl<P> AnyPosition for Positioned<P>
where
    P: PartizanPosition + Notation + fmt::Debug + 'static,
{
    fn ruleset(&self) -> &'static Ruleset {
        self.ruleset
    }

    fn params(&self) -> &Params {
        &self.params
    }

    fn notation(&self) -> String {
        self.position.notation()
    }

    fn cgsuite(&self) -> String {
        self.position.cgsuite(self.ruleset.output)
    }

    fn options(&self, player: Player) -> Vec<Box<dyn AnyPosition>> {
        let mut out = Vec::new();
        self.position.options(player, &mut out);
        self.all_boxed(out)
    }

    fn decomposition(&self) -> Vec<Box<dyn AnyPosition>> {
        let mut out = Vec::new();
        self.position.regions(&mut out);
        self.all_boxed(out)
    }

    fn value(&self, arena: &mut Arena, solvers: &mut Solvers) -> Result<GameId> {
        solvers.get::<P>().value(arena, &self.position)
    }

    fn nim_value(&self, solvers: &mut Solvers) -> Result<Option<u64>> {
        if !P::IMPARTIAL {
            return Ok(None);
        }
        solvers.get::<P>().nim_value(&self.position).map(Some)
    }

    fn misere_form(&self, solvers: &mut Solvers, into: &mut MisereGames) -> Result<Option<FormId>> {
        if !P::IMPARTIAL {
            return Ok(None);
        }
        let solver = solvers.get::<P>();
        let g = solver.misere_form(&self.position)?;
        Ok(Some(into.import(solver.misere_forms(), g)))
    }

    fn solve_outcome(
        &self,
        positions: &[Box<dyn AnyPosition>],
        search: &OutcomeSearch,
    ) -> Result<Solution<Box<dyn AnyPosition>>> {
        // Positions of one type may be of different rulesets (GenClobber's
        // type carries Hot Clobber's rules too): a move is named by the
        // ruleset of the component it is made in.
        let mut named = Vec::with_capacity(positions.len());
        let mut typed = Vec::with_capacity(positions.len());
        for p in positions {
            let Some(q) = p.as_any().downcast_ref::<Positioned<P>>() else {
                return Err(Error::invalid(format!(
                    "a sum of {} and {} positions: an outcome search takes positions of one ruleset",
                    self.ruleset.name,
                    p.ruleset().name
                )));
            };
            typed.push(q.position.clone());
            named.push(q);
        }
        let solution = search.solve(&typed)?;
        let boxed = |first: FirstMover<P>| FirstMover {
            wins: first.wins,
            winning_move: first.winning_move.map(|m| Move {
                component: m.component,
                position: named[m.component].all_boxed(vec![m.position]).remove(0),
            }),
            nodes: first.nodes,
        };
        Ok(Solution {
            left_first: boxed(solution.left_first),
            right_first: boxed(solution.right_first),
            elapsed: solution.elapsed,
        })
    }

    fn known_value(&self, arena: &mut Arena, solvers: &mut Solvers) -> Result<Option<GameId>> {
        solvers.get::<P>().known_value(arena, &self.position)
    }

    fn same(&self, other: &dyn AnyPosition) -> bool {
        other.as_any().downcast_ref::<Positioned<P>>().is_some_and(|o| {
            std::ptr::eq(self.ruleset, o.ruleset)
                && (Arc::ptr_eq(&self.params, &o.params) || self.params == o.params)
                && self.position == o.position
        })
    }

    fn hash_into(&self, mut state: &mut dyn Hasher) {
        TypeId::of::<P>().hash(&mut state);
        self.position.hash(&mut state);
    }

    fn normal_form(&self) -> (Box<dyn AnyPosition>, bool) {
        let (normal, negated) = self.position.normalize();
        (self.all_boxed(vec![normal]).remove(0), negated)
    }

    fn move_bounds(&self, player: Player) -> Option<MoveBounds> {
        self.position.move_bounds(player)
    }

    fn mobility(&self, player: Player) -> usize {
        self.position.mobility(player)
    }

    fn heap_bytes(&self) -> usize {
        std::mem::size_of::<Self>() + self.position.heap_bytes()
    }

    fn valued_region_moves(&self) -> usize {
        P::VALUED_REGION_MOVES
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn clone_box(&self) -> Box<dyn AnyPosition> {
        Box::new(self.clone())
    }
}

//! Sums whose terms are positions of different rulesets, negated
//! positions and values (canonical forms), for the outcome search: `onag
//! solve` and the calculator's sums.
//!
//! The search is generic over one position type, so a mixed sum is
//! searched over [`Term`], one type for every term: a position of any
//! ruleset behind [`AnyPosition`] (its moves, regions, normal form and
//! move bounds forwarded to its own type), possibly negated (the players'
//! moves swapped), or a canonical form held as its game tree. A value is
//! always replaced by its canonical form in the search's arena, whatever
//! its number of options ([`PartizanPosition::is_value`]), so values are
//! summed in closed form as the search's small regions are.
//!
//! A sum of positions of one type, none negated and without values, goes
//! to that type's own search instead ([`AnyPosition::solve_outcome`]:
//! typed positions, and the search made for Domineering boards).

use std::any::Any;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

use rustc_hash::FxHashMap;

use super::{OutcomeSearch, Solution};
use crate::error::Result;
use crate::game::{Arena, GameId};
use crate::ruleset::any::AnyPosition;
use crate::ruleset::position::{MoveBounds, PartizanPosition, Player};

/// A canonical form as a tree of its options, each held once.
struct ValueNode {
    /// The canonical form, in the arena the term was made from.
    id: GameId,
    left: Vec<Arc<ValueNode>>,
    right: Vec<Arc<ValueNode>>,
}

/// What a term is.
#[derive(Clone)]
enum Inner {
    Position { position: Arc<dyn AnyPosition>, negated: bool },
    Value(Arc<ValueNode>),
}

/// One term of a sum for [`solve_terms`]: a position of any ruleset,
/// possibly negated, or a canonical form.
#[derive(Clone)]
pub struct Term(Inner);

/// Canonical forms between two looks at the budget while a value's tree
/// is built.
const CHECK_EVERY: usize = 1 << 10;

impl Term {
    /// The position `position` as a term.
    pub fn position(position: Box<dyn AnyPosition>) -> Term {
        Term(Inner::Position { position: Arc::from(position), negated: false })
    }

    /// The canonical form `g` of `arena` as a term (its followers are read
    /// once, within the arena's budget).
    pub fn value(arena: &mut Arena, g: GameId) -> Result<Term> {
        let mut built: FxHashMap<GameId, Arc<ValueNode>> = FxHashMap::default();
        let mut stack = vec![g];
        while let Some(&top) = stack.last() {
            if built.contains_key(&top) {
                stack.pop();
                continue;
            }
            let left = arena.left_options(top)?;
            let right = arena.right_options(top)?;
            let missing: Vec<GameId> =
                left.iter().chain(&right).copied().filter(|o| !built.contains_key(o)).collect();
            if !missing.is_empty() {
                stack.extend(missing);
                continue;
            }
            let node = ValueNode {
                id: top,
                left: left.iter().map(|o| built[o].clone()).collect(),
                right: right.iter().map(|o| built[o].clone()).collect(),
            };
            built.insert(top, Arc::new(node));
            stack.pop();
            if built.len() % CHECK_EVERY == 0 {
                arena.budget().check(built.len() as u64)?;
            }
        }
        Ok(Term(Inner::Value(built[&g].clone())))
    }

    /// The negative of this term (a value's negative is made in `arena`,
    /// the arena the value is of).
    pub fn negated(&self, arena: &mut Arena) -> Result<Term> {
        match &self.0 {
            Inner::Position { position, negated } => {
                Ok(Term(Inner::Position { position: position.clone(), negated: !negated }))
            }
            Inner::Value(v) => {
                let minus = arena.neg(v.id)?;
                Term::value(arena, minus)
            }
        }
    }

    /// The position of a position term, and whether it is negated.
    pub fn as_position(&self) -> Option<(&dyn AnyPosition, bool)> {
        match &self.0 {
            Inner::Position { position, negated } => Some((position.as_ref(), *negated)),
            Inner::Value(_) => None,
        }
    }

    /// The canonical form of a value term, in the arena it was made from.
    pub fn as_value(&self) -> Option<GameId> {
        match &self.0 {
            Inner::Value(v) => Some(v.id),
            Inner::Position { .. } => None,
        }
    }

    /// `player` as the position of a position term sees them.
    fn mover(negated: bool, player: Player) -> Player {
        if negated { player.opponent() } else { player }
    }
}

impl fmt::Debug for Term {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.0 {
            Inner::Position { position, negated } => {
                write!(f, "{}{position:?}", if *negated { "-" } else { "" })
            }
            Inner::Value(v) => write!(f, "value {:?}", v.id),
        }
    }
}

impl PartialEq for Term {
    fn eq(&self, other: &Self) -> bool {
        match (&self.0, &other.0) {
            (
                Inner::Position { position: a, negated: m },
                Inner::Position { position: b, negated: n },
            ) => m == n && a.same(b.as_ref()),
            (Inner::Value(a), Inner::Value(b)) => a.id == b.id,
            _ => false,
        }
    }
}

impl Eq for Term {}

impl Hash for Term {
    fn hash<H: Hasher>(&self, state: &mut H) {
        match &self.0 {
            Inner::Position { position, negated } => {
                negated.hash(state);
                position.hash_into(state);
            }
            Inner::Value(v) => v.id.hash(state),
        }
    }
}

impl PartizanPosition for Term {
    fn options(&self, player: Player, out: &mut Vec<Self>) {
        match &self.0 {
            Inner::Position { position, negated } => {
                let negated = *negated;
                out.extend(
                    position
                        .options(Term::mover(negated, player))
                        .into_iter()
                        .map(|p| Term(Inner::Position { position: Arc::from(p), negated })),
                );
            }
            Inner::Value(v) => {
                let options = match player {
                    Player::Left => &v.left,
                    Player::Right => &v.right,
                };
                out.extend(options.iter().map(|o| Term(Inner::Value(o.clone()))));
            }
        }
    }

    fn regions(&self, out: &mut Vec<Self>) {
        match &self.0 {
            Inner::Position { position, negated } => {
                let negated = *negated;
                out.extend(
                    position
                        .decomposition()
                        .into_iter()
                        .map(|p| Term(Inner::Position { position: Arc::from(p), negated })),
                );
            }
            Inner::Value(_) => out.push(self.clone()),
        }
    }

    fn normalize(&self) -> (Self, bool) {
        match &self.0 {
            Inner::Position { position, negated } => {
                let (normal, flipped) = position.normal_form();
                (
                    Term(Inner::Position { position: Arc::from(normal), negated: false }),
                    flipped != *negated,
                )
            }
            Inner::Value(_) => (self.clone(), false),
        }
    }

    fn move_bounds(&self, player: Player) -> Option<MoveBounds> {
        match &self.0 {
            Inner::Position { position, negated } => {
                position.move_bounds(Term::mover(*negated, player))
            }
            Inner::Value(_) => None,
        }
    }

    fn mobility(&self, player: Player) -> usize {
        match &self.0 {
            Inner::Position { position, negated } => {
                position.mobility(Term::mover(*negated, player))
            }
            Inner::Value(v) => match player {
                Player::Left => v.left.len(),
                Player::Right => v.right.len(),
            },
        }
    }

    fn heap_bytes(&self) -> usize {
        match &self.0 {
            Inner::Position { position, .. } => position.heap_bytes(),
            Inner::Value(_) => 0,
        }
    }

    fn is_value(&self) -> bool {
        matches!(self.0, Inner::Value(_))
    }
}

/// The positions of `terms` when they are all positions of one type, none
/// negated: a sum their type's own search takes.
fn of_one_type(terms: &[Term]) -> Option<Vec<Box<dyn AnyPosition>>> {
    let mut positions: Vec<Box<dyn AnyPosition>> = Vec::with_capacity(terms.len());
    for t in terms {
        let (p, false) = t.as_position()? else { return None };
        if let Some(first) = positions.first()
            && Any::type_id(first.as_any()) != Any::type_id(p.as_any())
        {
            return None;
        }
        positions.push(p.clone_box());
    }
    Some(positions)
}

/// Who wins the sum of `terms` with each player moving first, and a
/// winning first move for each player who has one (the term moved in, and
/// it after the move).
///
/// Regions with at most the fewest
/// [`VALUED_REGION_MOVES`](PartizanPosition::VALUED_REGION_MOVES) of the
/// terms' rulesets are valued, unless the search sets its own.
pub fn solve_terms(terms: &[Term], search: &OutcomeSearch) -> Result<Solution<Term>> {
    if let Some(positions) = of_one_type(terms)
        && let Some(first) = positions.first()
    {
        return Ok(first.solve_outcome(&positions, search)?.map(Term::position));
    }
    let fewest = terms
        .iter()
        .filter_map(|t| t.as_position().map(|(p, _)| p.valued_region_moves()))
        .min()
        .unwrap_or(<Term as PartizanPosition>::VALUED_REGION_MOVES);
    let search = search.clone().with_small_regions(search.small.unwrap_or(fewest));
    search.solve_generally(terms)
}

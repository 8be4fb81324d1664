//! What the heap rulesets share: a position is a sum of parts (heaps, or
//! cakes), moves act on one part, and each player's moves on a single heap
//! come from a take-and-break rule.
//!
//! CGSuite builds an option that leaves several heaps as the sum
//! `Position(a) + Position(b)`, and an option that leaves none as the
//! integer `0`; a move in one summand of a sum replaces that summand where it
//! stands, so `0` summands stay and the order is kept. [`SumPosition`] keeps
//! that order and those zeros, so that options of options print as CGSuite
//! prints them; the engine never sees it, because a sum's
//! [`regions`](PartizanPosition::regions) are its single live parts.
//!
//! The rules travel with every position (the solver keys its tables by
//! position), shared behind one reference-counted [`Rules`] value that hashes
//! as a precomputed fingerprint, so a key stays a few machine words.

use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::ControlFlow;
use std::sync::Arc;

use crate::error::{Error, Result};
use crate::impartial::heap::TakeAndBreak;
use crate::impartial::heap::code::Digit;
use crate::ruleset::any::Notation;
use crate::ruleset::position::{PartizanPosition, Player};

/// The largest heap, or side of a cake, a position may have: a region's
/// options are generated at once, before the budget is next checked, so a
/// single part must not have more than about a million of them.
pub const MAX_SIZE: u32 = 1 << 20;

/// How one player may move on a single heap: a take-and-break code (`4.0`,
/// `0.7`, `{2+}=.0`, a subtraction set's code).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct HeapRule(TakeAndBreak);

impl HeapRule {
    /// Reads a take-and-break code.
    pub fn parse(text: &str) -> Result<HeapRule> {
        TakeAndBreak::parse(text.trim()).map(HeapRule)
    }

    /// A subtraction set's rule: remove `s` tokens for `s` in `set` (with
    /// `all_but`, for `s` not in it), leaving one heap or none; with
    /// `splittles`, the rest may also be split into two heaps (digit 7
    /// instead of 3).
    pub fn subtraction(set: &[i64], all_but: bool, splittles: bool) -> Result<HeapRule> {
        let mut sizes = Vec::with_capacity(set.len());
        for &s in set {
            match usize::try_from(s) {
                Ok(s) if s > 0 => sizes.push(s),
                _ => {
                    return Err(Error::invalid(format!(
                        "a subtraction set holds positive numbers only, not {s}"
                    )));
                }
            }
        }
        let code = TakeAndBreak::from_subtraction_set(&sizes, all_but)?;
        if !splittles {
            return Ok(HeapRule(code));
        }
        let digits = code
            .digits()
            .iter()
            .map(|&d| if d.is_zero() { d } else { Digit::new(7, d.constraint) })
            .collect();
        TakeAndBreak::from_digits(digits, code.repeat_from()).map(HeapRule)
    }

    /// Calls `f` with each option of a heap of `n`, in CGSuite's order: the
    /// heaps left, non-decreasing (empty when none is left). `f` may stop.
    pub fn for_each_option(&self, n: u32, f: &mut dyn FnMut(&[u32]) -> ControlFlow<()>) {
        let mut buffer = Vec::new();
        let _ = self.0.for_each_option(n as usize, |heaps| {
            buffer.clear();
            buffer.extend(heaps.iter().map(|&h| h as u32));
            f(&buffer)
        });
    }

    /// An error when heaps of up to `n` tokens have too many options to
    /// list (a code with open digits such as `{2+}.0`).
    pub fn check_heap(&self, n: u32) -> Result<()> {
        self.0.check_options(n as usize)
    }

    /// Whether a heap of `n` has an option.
    pub fn can_move(&self, n: u32) -> bool {
        let mut any = false;
        self.for_each_option(n, &mut |_| {
            any = true;
            ControlFlow::Break(())
        });
        any
    }
}

impl fmt::Display for HeapRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Both players' heap rules, and whether a cake turns after each move.
#[derive(Debug, PartialEq, Eq, Hash)]
struct RulesData {
    left: HeapRule,
    right: HeapRule,
    twisted: bool,
}

/// The rules of a heap or cake ruleset, shared by all its positions.
///
/// Equal rules compare equal even when built separately (a calculator
/// session builds them once per call), and hash as a fingerprint computed
/// once.
#[derive(Clone)]
pub struct Rules {
    data: Arc<RulesData>,
    fingerprint: u64,
}

impl Rules {
    /// Left moves by `left`, Right by `right`; `twisted` for a cake whose
    /// coordinates swap after each move.
    pub fn new(left: HeapRule, right: HeapRule, twisted: bool) -> Rules {
        let data = RulesData { left, right, twisted };
        let mut hasher = rustc_hash::FxHasher::default();
        data.hash(&mut hasher);
        Rules { fingerprint: hasher.finish(), data: Arc::new(data) }
    }

    /// The rule of `player`.
    pub fn rule(&self, player: Player) -> &HeapRule {
        match player {
            Player::Left => &self.data.left,
            Player::Right => &self.data.right,
        }
    }

    /// Whether a cake turns after each move.
    pub fn twisted(&self) -> bool {
        self.data.twisted
    }

    /// Whether both players have the same rule.
    pub fn symmetric(&self) -> bool {
        self.data.left == self.data.right
    }
}

impl PartialEq for Rules {
    fn eq(&self, other: &Rules) -> bool {
        Arc::ptr_eq(&self.data, &other.data)
            || (self.fingerprint == other.fingerprint && self.data == other.data)
    }
}

impl Eq for Rules {}

impl Hash for Rules {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(self.fingerprint);
    }
}

impl fmt::Debug for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}|{}", self.data.left, self.data.right)?;
        if self.data.twisted {
            f.write_str(" twisted")?;
        }
        Ok(())
    }
}

/// The parts of one ruleset and how its players move on a single part.
pub trait Parts: Clone + Eq + Hash + Send + Sync + fmt::Debug {
    /// A part: a heap, a cake.
    type Part: Copy + Eq + Hash + Send + Sync + fmt::Debug;

    /// Calls `f` with each option of `part` for `player`, in CGSuite's
    /// order: the parts the move leaves (none: the option is 0).
    fn part_options(&self, part: Self::Part, player: Player, f: &mut dyn FnMut(&[Self::Part]));

    /// Whether neither player can move on `part` (its value is 0).
    fn dead(&self, part: Self::Part) -> bool;

    /// A part of equal or negated value (flagged) standing for `part`.
    fn normalize(&self, part: Self::Part) -> (Self::Part, bool) {
        (part, false)
    }

    /// `part` as a user writes it: `6`, `(8,3)`.
    fn write_part(part: Self::Part, out: &mut String);
}

/// The summands of a position: one part, or a list in CGSuite's order in
/// which `None` is a `0` summand (an empty list is the position 0).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
enum Summands<T> {
    One(T),
    Many(Arc<[Option<T>]>),
}

/// A position of a heap or cake ruleset: a sum of parts, with the rules.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct SumPosition<R: Parts> {
    rules: R,
    summands: Summands<R::Part>,
}

impl<R: Parts> fmt::Debug for SumPosition<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}: {}", self.rules, self.notation())
    }
}

impl<R: Parts> SumPosition<R> {
    /// The position that is the single part `part`.
    pub fn single(rules: R, part: R::Part) -> Self {
        SumPosition { rules, summands: Summands::One(part) }
    }

    /// The sum of `parts` (`None` a `0` summand), in this order.
    pub fn sum(rules: R, parts: &[Option<R::Part>]) -> Self {
        let summands = match parts {
            [Some(p)] => Summands::One(*p),
            [None] => Summands::Many(Arc::from(&[][..])),
            _ => Summands::Many(Arc::from(parts)),
        };
        SumPosition { rules, summands }
    }

    /// The rules.
    pub fn rules(&self) -> &R {
        &self.rules
    }

    /// The summands, in order (`None` a `0` summand).
    pub fn summands(&self) -> Vec<Option<R::Part>> {
        match &self.summands {
            Summands::One(p) => vec![Some(*p)],
            Summands::Many(list) => list.to_vec(),
        }
    }

    /// The single part, if the position is one part.
    pub fn part(&self) -> Option<R::Part> {
        match self.summands {
            Summands::One(p) => Some(p),
            Summands::Many(_) => None,
        }
    }

    fn write(&self, mut part: impl FnMut(R::Part, &mut String)) -> String {
        let mut s = String::new();
        match &self.summands {
            Summands::One(p) => part(*p, &mut s),
            Summands::Many(list) if list.is_empty() => s.push('0'),
            Summands::Many(list) => {
                for (i, summand) in list.iter().enumerate() {
                    if i > 0 {
                        s.push_str(" + ");
                    }
                    match summand {
                        Some(p) => part(*p, &mut s),
                        None => s.push('0'),
                    }
                }
            }
        }
        s
    }
}

impl<R: Parts> Notation for SumPosition<R> {
    /// `(8,3)`; a sum `(2,1) + (2,2)`; no parts `0`.
    fn notation(&self) -> String {
        self.write(R::write_part)
    }

    /// Each part through the template, joined by ` + `; `0` summands and
    /// the empty sum as `0`.
    fn cgsuite(&self, template: &str) -> String {
        self.write(|p, s| {
            let mut part = String::new();
            R::write_part(p, &mut part);
            s.push_str(&template.replace("{}", &part));
        })
    }
}

impl<R: Parts> PartizanPosition for SumPosition<R> {
    fn options(&self, player: Player, out: &mut Vec<Self>) {
        match &self.summands {
            Summands::One(part) => self.rules.part_options(*part, player, &mut |parts| {
                let list: Vec<Option<R::Part>> = parts.iter().map(|&p| Some(p)).collect();
                out.push(SumPosition::sum(self.rules.clone(), &list));
            }),
            Summands::Many(list) => {
                for (i, summand) in list.iter().enumerate() {
                    let Some(part) = *summand else { continue };
                    self.rules.part_options(part, player, &mut |parts| {
                        let mut next: Vec<Option<R::Part>> = list[..i].to_vec();
                        if parts.is_empty() {
                            next.push(None);
                        } else {
                            next.extend(parts.iter().map(|&p| Some(p)));
                        }
                        next.extend_from_slice(&list[i + 1..]);
                        out.push(SumPosition::sum(self.rules.clone(), &next));
                    });
                }
            }
        }
    }

    fn regions(&self, out: &mut Vec<Self>) {
        let mut push = |part: R::Part| {
            if !self.rules.dead(part) {
                out.push(SumPosition::single(self.rules.clone(), part));
            }
        };
        match &self.summands {
            Summands::One(p) => push(*p),
            Summands::Many(list) => list.iter().flatten().for_each(|&p| push(p)),
        }
    }

    fn normalize(&self) -> (Self, bool) {
        match self.summands {
            Summands::One(part) => {
                let (p, negated) = self.rules.normalize(part);
                (SumPosition::single(self.rules.clone(), p), negated)
            }
            Summands::Many(_) => (self.clone(), false),
        }
    }
}

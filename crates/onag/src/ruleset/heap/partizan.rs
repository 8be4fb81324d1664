//! Partizan heap games: CGSuite's `PartizanHeapRuleset(left, right)`, where
//! Left moves on a heap by one take-and-break rule and Right by another.
//!
//! `PartizanSubtraction(L, R)` removes a number in `L` (Left) or `R`
//! (Right) from a heap; `PartizanSplittles` may also split what is left in
//! two; `PartizanTakeAndBreak(l, r)` takes any two codes. A move may leave
//! several heaps, so a position is a sum of heaps, which splits into its
//! heaps (a heap where neither player can move is left out). Options come in
//! the rules' order: ascending tokens removed, then fewer heaps first.

use super::sum::{HeapRule, MAX_SIZE, Parts, Rules, SumPosition};
use crate::error::{Error, Result};
use crate::ruleset::any::{AnyPosition, boxed};
use crate::ruleset::catalog::{Arg, ArgKind, Family, Param, Params, Ruleset};
use crate::ruleset::position::Player;

/// The rules of a partizan heap ruleset (a newtype so that heaps and cakes
/// have tables of their own).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct HeapRules(pub Rules);

/// A position of a partizan heap ruleset: a sum of heaps.
pub type PartizanHeap = SumPosition<HeapRules>;

impl Parts for HeapRules {
    type Part = u32;

    fn part_options(&self, heap: u32, player: Player, f: &mut dyn FnMut(&[u32])) {
        self.0.rule(player).for_each_option(heap, &mut |heaps| {
            f(heaps);
            std::ops::ControlFlow::Continue(())
        });
    }

    fn dead(&self, heap: u32) -> bool {
        !self.0.rule(Player::Left).can_move(heap) && !self.0.rule(Player::Right).can_move(heap)
    }

    fn write_part(heap: u32, out: &mut String) {
        use std::fmt::Write;
        let _ = write!(out, "{heap}");
    }
}

impl PartizanHeap {
    /// A heap of `n` (at most [`MAX_SIZE`]) on which Left moves by `left`
    /// and Right by `right`.
    pub fn new(left: HeapRule, right: HeapRule, n: u32) -> Result<PartizanHeap> {
        if n > MAX_SIZE {
            return Err(Error::invalid(format!("a heap may be at most {MAX_SIZE}, not {n}")));
        }
        left.check_heap(n)?;
        right.check_heap(n)?;
        Ok(PartizanHeap::single(HeapRules(Rules::new(left, right, false)), n))
    }
}

/// Reads a heap size.
fn heap(argument: &Arg) -> Result<u32> {
    Ok(argument.as_int("a heap", 0..=i64::from(MAX_SIZE))? as u32)
}

/// Reads a Boolean parameter.
pub(super) fn flag(params: &Params, name: &str) -> Result<bool> {
    params.read(name, |arg| match arg {
        Arg::Bool(b) => Ok(*b),
        other => Err(Error::invalid(format!("{name} must be true or false, not {other}"))),
    })
}

/// Builds a heap whose rules are subtraction sets (`splittles`: digit 7).
fn subtraction(
    ruleset: &'static Ruleset,
    params: &Params,
    argument: &Arg,
    splittles: bool,
) -> Result<Box<dyn AnyPosition>> {
    let all_but = flag(params, "allbut")?;
    let set = |name: &str| -> Result<HeapRule> {
        params.read(name, |arg| {
            let values = arg.as_int_list(name, 1..=i64::from(MAX_SIZE))?;
            HeapRule::subtraction(&values, all_but, splittles)
        })
    };
    let (left, right) = (set("leftSet")?, set("rightSet")?);
    Ok(boxed(ruleset, params, PartizanHeap::new(left, right, heap(argument)?)?))
}

const HEAP_OUTPUT: &str = "PartizanHeapRuleset.Position({})";

const SET_PARAMS: &[Param] = &[
    Param {
        name: "leftSet",
        kind: ArgKind::IntegerList,
        default: None,
        example: "[1,3]",
        about: "the numbers Left may remove",
    },
    Param {
        name: "rightSet",
        kind: ArgKind::IntegerList,
        default: None,
        example: "[2,3]",
        about: "the numbers Right may remove",
    },
    Param {
        name: "allbut",
        kind: ArgKind::Boolean,
        default: Some("false"),
        example: "false",
        about: "each player may remove any number except those in the set",
    },
];

/// `game.heap.PartizanSubtraction(leftSet, rightSet, allbut)`.
pub static PARTIZAN_SUBTRACTION: Ruleset = Ruleset {
    name: "PartizanSubtraction",
    family: Family::Heap,
    about: "a heap: Left removes a number in leftSet, Right a number in rightSet",
    params: SET_PARAMS,
    argument: ArgKind::Integer,
    example: "6",
    output: HEAP_OUTPUT,
    impartial: false,
    rectangle: None,
    build: |r, p, a| subtraction(r, p, a, false),
};

/// `game.heap.PartizanSplittles(leftSet, rightSet, allbut)`.
pub static PARTIZAN_SPLITTLES: Ruleset = Ruleset {
    name: "PartizanSplittles",
    family: Family::Heap,
    about: "heaps: Left removes a number in leftSet, Right one in rightSet, and may split the rest in two",
    params: SET_PARAMS,
    argument: ArgKind::Integer,
    example: "6",
    output: HEAP_OUTPUT,
    impartial: false,
    rectangle: None,
    build: |r, p, a| subtraction(r, p, a, true),
};

/// `game.heap.PartizanTakeAndBreak(leftCode, rightCode)`.
pub static PARTIZAN_TAKE_AND_BREAK: Ruleset = Ruleset {
    name: "PartizanTakeAndBreak",
    family: Family::Heap,
    about: "heaps: Left moves by one take-and-break code, Right by another",
    params: &[
        Param {
            name: "leftCode",
            kind: ArgKind::Text,
            default: None,
            example: "0.77",
            about: "Left's take-and-break code (0.77, 4!.0, 0.[3], ...)",
        },
        Param {
            name: "rightCode",
            kind: ArgKind::Text,
            default: None,
            example: "0.07",
            about: "Right's take-and-break code",
        },
    ],
    argument: ArgKind::Integer,
    example: "6",
    output: HEAP_OUTPUT,
    impartial: false,
    rectangle: None,
    build: |r, p, a| {
        let left = HeapRule::parse(p.get("leftCode")?.as_str("leftCode")?)?;
        let right = HeapRule::parse(p.get("rightCode")?.as_str("rightCode")?)?;
        Ok(boxed(r, p, PartizanHeap::new(left, right, heap(a)?)?))
    },
};

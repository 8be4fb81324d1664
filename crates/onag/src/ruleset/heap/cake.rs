//! Cutcake and its relatives: CGSuite's `GenCutcake(left, right, twisted)`.
//!
//! A cake `(m,n)` is a pair of heaps. Left moves on the second coordinate by
//! her heap rule (a Cutcake cut `n = a + b` leaves `(m,a) + (m,b)`), Right on
//! the first by his. This is what CGSuite's code does and its tests confirm
//! (`Cutcake((8,1))` is −7), although its documentation says the opposite.
//! In the twisted form the cake is turned before each move: Left's rule acts
//! on `m` and leaves cakes `(n, b)`, Right's acts on `n` and leaves `(a, m)`.
//!
//! A sum of cakes splits into its cakes; a cake where neither player can
//! move is left out. When both players have the same rule, turning a cake
//! (`(m,n)` to `(n,m)`) exchanges the players' moves, twisted or not, so a
//! cake stands for its turned cake with the value negated: each pair of
//! cakes is valued once.

use std::ops::ControlFlow;

use super::sum::{HeapRule, MAX_SIZE, Parts, Rules, SumPosition};
use crate::error::Result;
use crate::ruleset::any::boxed;
use crate::ruleset::catalog::{Arg, ArgKind, Family, Param, Params, Ruleset};
use crate::ruleset::position::Player;

/// The rules of a cake ruleset (a newtype so that cakes and heaps have
/// tables of their own).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct CakeRules(pub Rules);

/// A position of a cake ruleset: a sum of cakes `(m,n)`.
pub type Cake = SumPosition<CakeRules>;

impl Parts for CakeRules {
    type Part = (u32, u32);

    fn part_options(&self, (m, n): (u32, u32), player: Player, f: &mut dyn FnMut(&[(u32, u32)])) {
        let rule = self.0.rule(player);
        let twisted = self.0.twisted();
        let mut parts = Vec::new();
        // The heap the player's rule acts on, whether the heaps it leaves
        // become first coordinates, and the coordinate they are paired with.
        let (heap, first, other) = match (player, twisted) {
            (Player::Left, false) => (n, false, m),
            (Player::Right, false) => (m, true, n),
            (Player::Left, true) => (m, false, n),
            (Player::Right, true) => (n, true, m),
        };
        let place = |h: u32| if first { (h, other) } else { (other, h) };
        rule.for_each_option(heap, &mut |heaps| {
            parts.clear();
            parts.extend(heaps.iter().map(|&h| place(h)));
            f(&parts);
            ControlFlow::Continue(())
        });
    }

    fn dead(&self, (m, n): (u32, u32)) -> bool {
        let (left_heap, right_heap) = if self.0.twisted() { (m, n) } else { (n, m) };
        !self.0.rule(Player::Left).can_move(left_heap)
            && !self.0.rule(Player::Right).can_move(right_heap)
    }

    fn normalize(&self, (m, n): (u32, u32)) -> ((u32, u32), bool) {
        if m > n && self.0.symmetric() { ((n, m), true) } else { ((m, n), false) }
    }

    fn write_part((m, n): (u32, u32), out: &mut String) {
        use std::fmt::Write;
        let _ = write!(out, "({m},{n})");
    }
}

impl Cake {
    /// The cake `(m, n)` of the ruleset with these heap rules; each side at
    /// most [`MAX_SIZE`].
    pub fn new(left: HeapRule, right: HeapRule, twisted: bool, m: u32, n: u32) -> Result<Cake> {
        check_size(m)?;
        check_size(n)?;
        // Twisted or not, either rule may meet either side.
        left.check_heap(m.max(n))?;
        right.check_heap(m.max(n))?;
        Ok(Cake::single(CakeRules(Rules::new(left, right, twisted)), (m, n)))
    }
}

fn check_size(x: u32) -> Result<()> {
    if x > MAX_SIZE {
        return Err(crate::error::Error::invalid(format!(
            "a side of a cake may be at most {MAX_SIZE}, not {x}"
        )));
    }
    Ok(())
}

/// Reads `(m,n)`.
fn cake_sides(argument: &Arg) -> Result<(u32, u32)> {
    let (m, n) = argument.as_pair("a cake", 0..=i64::from(MAX_SIZE))?;
    Ok((m as u32, n as u32))
}

fn code(text: &str) -> Result<HeapRule> {
    HeapRule::parse(text)
}

/// Builds a cake of one of the named rulesets (both players' code the same).
fn named(
    ruleset: &'static Ruleset,
    params: &Params,
    argument: &Arg,
    rule: &str,
    twisted: bool,
) -> Result<Box<dyn crate::ruleset::AnyPosition>> {
    let (m, n) = cake_sides(argument)?;
    let rule = code(rule)?;
    Ok(boxed(ruleset, params, Cake::new(rule.clone(), rule, twisted, m, n)?))
}

const CAKE_OUTPUT: &str = "GenCutcake.Position({})";

/// `game.heap.Cutcake`.
pub static CUTCAKE: Ruleset = Ruleset {
    name: "Cutcake",
    family: Family::Heap,
    about: "a cake (m,n): Left cuts n into two (m,a) + (m,n-a), Right cuts m into (a,n) + (m-a,n)",
    params: &[],
    argument: ArgKind::Pair,
    example: "(8,3)",
    output: CAKE_OUTPUT,
    impartial: false,
    rectangle: None,
    build: |r, p, a| named(r, p, a, "4.0", false),
};

/// `game.heap.Eatcake` (Bynum's game).
pub static EATCAKE: Ruleset = Ruleset {
    name: "Eatcake",
    family: Family::Heap,
    about: "a cake (m,n): Left eats a column of n (splitting the rest), Right a row of m",
    params: &[],
    argument: ArgKind::Pair,
    example: "(3,3)",
    output: CAKE_OUTPUT,
    impartial: false,
    rectangle: None,
    build: |r, p, a| named(r, p, a, "0.7", false),
};

/// `game.heap.MaundyCake`.
pub static MAUNDY_CAKE: Ruleset = Ruleset {
    name: "MaundyCake",
    family: Family::Heap,
    about: "a cake (m,n): Left splits n into k ≥ 2 equal parts, Right splits m likewise",
    params: &[],
    argument: ArgKind::Pair,
    example: "(8,6)",
    output: CAKE_OUTPUT,
    impartial: false,
    rectangle: None,
    build: |r, p, a| named(r, p, a, "{2+}=.0", false),
};

/// `game.heap.TurnAndEatcake`.
pub static TURN_AND_EATCAKE: Ruleset = Ruleset {
    name: "TurnAndEatcake",
    family: Family::Heap,
    about: "Eatcake where the cake is turned before each move: from (m,n) Left eats from m leaving (n,b), Right from n leaving (a,m)",
    params: &[],
    argument: ArgKind::Pair,
    example: "(3,3)",
    output: CAKE_OUTPUT,
    impartial: false,
    rectangle: None,
    build: |r, p, a| named(r, p, a, "0.7", true),
};

/// `game.heap.GenCutcake(leftRuleset, rightRuleset, twisted)`, the heap
/// rules given as take-and-break codes (CGSuite takes
/// `TakeAndBreak("…")` rulesets).
pub static GEN_CUTCAKE: Ruleset = Ruleset {
    name: "GenCutcake",
    family: Family::Heap,
    about: "a cake (m,n): Left plays her take-and-break code on n, Right his on m; twisted turns the cake before each move",
    params: &[
        Param {
            name: "leftRuleset",
            kind: ArgKind::Text,
            default: None,
            example: "4.0",
            about: "Left's take-and-break code, played on the second coordinate (4.0 for Cutcake; {2+}=.0 for Maundy Cake)",
        },
        Param {
            name: "rightRuleset",
            kind: ArgKind::Text,
            default: None,
            example: "0.7",
            about: "Right's take-and-break code, played on the first coordinate",
        },
        Param {
            name: "twisted",
            kind: ArgKind::Boolean,
            default: Some("false"),
            example: "false",
            about: "turn the cake (swap the coordinates) before each move",
        },
    ],
    argument: ArgKind::Pair,
    example: "(8,3)",
    output: CAKE_OUTPUT,
    impartial: false,
    rectangle: None,
    build: |r, p, a| {
        let left = p.read("leftRuleset", |a| code(a.as_str("leftRuleset")?))?;
        let right = p.read("rightRuleset", |a| code(a.as_str("rightRuleset")?))?;
        let twisted = super::partizan::flag(p, "twisted")?;
        let (m, n) = cake_sides(a)?;
        Ok(boxed(r, p, Cake::new(left, right, twisted, m, n)?))
    },
};

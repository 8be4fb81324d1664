//! Heap rulesets (partizan subtraction, splittles and take-and-break; the
//! cakes; Partizan Euclid) against plain searches written from the rules on
//! plain numbers; CGSuite's test values, option order and notation; bad input.
//!
//! The heap games are searched over whole sums (a position is a sorted list
//! of heaps, no splitting into heaps). A cake position's whole sums are too
//! many past a few cells, so cakes are searched whole up to 12 cells and, up
//! to 10 × 10, as one cake at a time whose options are valued as the arena's
//! sum of the cakes they leave; neither search uses a normal form.

use onag::Budget;
use onag::game::{Arena, GameId};
use onag::impartial::heap::TakeAndBreak;
use onag::impartial::heap::sequence::compute;
use onag::ruleset::heap::{Cake, Euclid, HeapRule, PartizanHeap};
use onag::ruleset::{Arg, PartizanPosition, Player, Solver, Solvers, catalog};
use proptest::prelude::*;
use rustc_hash::FxHashMap;

use crate::ruleset_brute::brute_value;

// ----- the rules again, on plain numbers -----

/// A rule on one heap: the heaps each option leaves, in CGSuite's order.
type HeapMoves = fn(u32) -> Vec<Vec<u32>>;

/// Cutcake's `4.0`: split into two non-empty heaps, smaller first.
fn cut(n: u32) -> Vec<Vec<u32>> {
    (1..=n / 2).map(|a| vec![a, n - a]).collect()
}

/// Eatcake's `0.7`: remove one token, leaving nothing, one heap or two.
fn eat(n: u32) -> Vec<Vec<u32>> {
    if n == 0 {
        return vec![];
    }
    let r = n - 1;
    let mut out = if r == 0 { vec![vec![]] } else { vec![vec![r]] };
    out.extend((1..=r / 2).map(|a| vec![a, r - a]));
    out
}

/// Maundy Cake's `{2+}=.0`: `k ≥ 2` equal parts, ascending `k`.
fn maundy(n: u32) -> Vec<Vec<u32>> {
    (2..=n).filter(|k| n % k == 0).map(|k| vec![n / k; k as usize]).collect()
}

/// `{2+}!.0`: split into two or more pairwise unequal parts, fewer parts
/// first.
fn shatter(n: u32) -> Vec<Vec<u32>> {
    /// Partitions of `n` into distinct parts of at least `least`, ascending.
    fn distinct(n: u32, least: u32) -> Vec<Vec<u32>> {
        if n == 0 {
            return vec![vec![]];
        }
        let mut out = Vec::new();
        for first in least..=n {
            for mut rest in distinct(n - first, first + 1) {
                rest.insert(0, first);
                out.push(rest);
            }
        }
        out
    }
    // In CGSuite's order: fewer heaps first.
    let mut out: Vec<Vec<u32>> = distinct(n, 1).into_iter().filter(|p| p.len() >= 2).collect();
    out.sort_by_key(|p| p.len());
    out
}

/// Dawson's Kayles' `0.07`: remove two tokens, leaving nothing, one or two heaps.
fn dawson(n: u32) -> Vec<Vec<u32>> {
    if n < 2 {
        return vec![];
    }
    let r = n - 2;
    let mut out = if r == 0 { vec![vec![]] } else { vec![vec![r]] };
    out.extend((1..=r / 2).map(|a| vec![a, r - a]));
    out
}

/// Kayles' `0.77`: remove one or two tokens, leaving nothing, one or two heaps.
fn kayles(n: u32) -> Vec<Vec<u32>> {
    let mut out = Vec::new();
    for take in 1..=2.min(n) {
        let r = n - take;
        out.push(if r == 0 { vec![] } else { vec![r] });
        out.extend((1..=r / 2).map(|a| vec![a, r - a]));
    }
    out
}

/// A subtraction rule (`split`: splittles, the rest may also become two heaps).
fn subtract(n: u32, set: &[u32], all_but: bool, split: bool) -> Vec<Vec<u32>> {
    let mut out = Vec::new();
    for s in 1..=n {
        if set.contains(&s) == all_but {
            continue;
        }
        let r = n - s;
        out.push(if r == 0 { vec![] } else { vec![r] });
        if split {
            out.extend((1..=r / 2).map(|a| vec![a, r - a]));
        }
    }
    out
}

/// Moves on a sum of heaps (a sorted list): a heap replaced by what a move
/// leaves, sorted again.
fn sum_moves(state: &[u32], rule: &dyn Fn(u32) -> Vec<Vec<u32>>) -> Vec<Vec<u32>> {
    let mut out = Vec::new();
    for (i, &h) in state.iter().enumerate() {
        if i > 0 && state[i - 1] == h {
            continue;
        }
        for left in rule(h) {
            let mut next: Vec<u32> = state[..i].iter().chain(&state[i + 1..]).copied().collect();
            next.extend(left);
            next.sort_unstable();
            out.push(next);
        }
    }
    out
}

/// The value of a heap of `n` by a search over whole sums of heaps.
fn brute_heap(
    arena: &mut Arena,
    n: u32,
    left: &dyn Fn(u32) -> Vec<Vec<u32>>,
    right: &dyn Fn(u32) -> Vec<Vec<u32>>,
    memo: &mut FxHashMap<Vec<u32>, GameId>,
) -> GameId {
    let moves = |s: &Vec<u32>, is_left: bool| sum_moves(s, if is_left { left } else { right });
    brute_value(arena, &vec![n], &moves, memo)
}

/// Cake moves on one cake `(m, n)`: the cakes each option leaves.
fn cake_moves(
    (m, n): (u32, u32),
    left: bool,
    rule: HeapMoves,
    twisted: bool,
) -> Vec<Vec<(u32, u32)>> {
    // The heap the rule acts on; whether the heaps it leaves are the first
    // coordinate; the other coordinate.
    let (heap, first, other) = match (left, twisted) {
        (true, false) => (n, false, m),
        (false, false) => (m, true, n),
        (true, true) => (m, false, n),
        (false, true) => (n, true, m),
    };
    let place = |h: u32| if first { (h, other) } else { (other, h) };
    rule(heap).into_iter().map(|hs| hs.into_iter().map(&place).collect()).collect()
}

/// A cake game with one rule per player.
#[derive(Clone, Copy)]
struct CakeGame {
    left: HeapMoves,
    right: HeapMoves,
    twisted: bool,
}

impl CakeGame {
    fn moves(&self, cake: (u32, u32), left: bool) -> Vec<Vec<(u32, u32)>> {
        cake_moves(cake, left, if left { self.left } else { self.right }, self.twisted)
    }
}

/// The value of a cake by a search over whole sums of cakes.
fn brute_cake_whole(
    arena: &mut Arena,
    game: CakeGame,
    cake: (u32, u32),
    memo: &mut FxHashMap<Vec<(u32, u32)>, GameId>,
) -> GameId {
    let moves = |s: &Vec<(u32, u32)>, left: bool| {
        let mut out = Vec::new();
        for (i, &c) in s.iter().enumerate() {
            if i > 0 && s[i - 1] == c {
                continue;
            }
            for parts in game.moves(c, left) {
                let mut next: Vec<(u32, u32)> = s[..i].iter().chain(&s[i + 1..]).copied().collect();
                next.extend(parts);
                next.sort_unstable();
                out.push(next);
            }
        }
        out
    };
    brute_value(arena, &vec![cake], &moves, memo)
}

/// The value of one cake, an option being the arena's sum of its cakes'
/// values (by recursion with a memo, no normal form).
fn brute_cake(
    arena: &mut Arena,
    game: CakeGame,
    cake: (u32, u32),
    memo: &mut FxHashMap<(u32, u32), GameId>,
) -> GameId {
    if let Some(&v) = memo.get(&cake) {
        return v;
    }
    let mut sides = [Vec::new(), Vec::new()];
    for (side, left) in sides.iter_mut().zip([true, false]) {
        for parts in game.moves(cake, left) {
            let mut sum = arena.zero();
            for p in parts {
                let v = brute_cake(arena, game, p, memo);
                sum = arena.add(sum, v).unwrap();
            }
            side.push(sum);
        }
    }
    let v = arena.from_options(&sides[0], &sides[1]).unwrap();
    memo.insert(cake, v);
    v
}

fn rule(code: &str) -> HeapRule {
    HeapRule::parse(code).unwrap()
}

fn print(arena: &mut Arena, g: GameId) -> String {
    arena.print(g).unwrap()
}

/// The cake rulesets the searches check: CGSuite's four, twisted Maundy,
/// and two with different rules for the players.
fn cake_games() -> Vec<(&'static str, &'static str, &'static str, bool, CakeGame)> {
    let g = |left, right, twisted| CakeGame { left, right, twisted };
    vec![
        ("Cutcake", "4.0", "4.0", false, g(cut, cut, false)),
        ("Eatcake", "0.7", "0.7", false, g(eat, eat, false)),
        ("MaundyCake", "{2+}=.0", "{2+}=.0", false, g(maundy, maundy, false)),
        ("TurnAndEatcake", "0.7", "0.7", true, g(eat, eat, true)),
        ("twisted Maundy", "{2+}=.0", "{2+}=.0", true, g(maundy, maundy, true)),
        ("cut | eat", "4.0", "0.7", false, g(cut, eat, false)),
        ("twisted eat | dawson", "0.7", "0.07", true, g(eat, dawson, true)),
        ("shatter | eat", "{2+}!.0", "0.7", false, g(shatter, eat, false)),
    ]
}

#[test]
fn cakes_match_a_search_of_whole_sums_up_to_12_cells() {
    for (name, l, r, twisted, game) in cake_games() {
        let mut arena = Arena::new();
        let mut solver = Solver::new();
        let mut memo = FxHashMap::default();
        for m in 0..=12 {
            for n in 0..=12 {
                if m * n > 12 {
                    continue;
                }
                let want = brute_cake_whole(&mut arena, game, (m, n), &mut memo);
                let cake = Cake::new(rule(l), rule(r), twisted, m, n).unwrap();
                let got = solver.value(&mut arena, &cake).unwrap();
                assert_eq!(got, want, "{name} ({m},{n})");
            }
        }
    }
}

#[test]
fn cakes_match_a_search_of_single_cakes_up_to_10_by_10() {
    for (name, l, r, twisted, game) in cake_games() {
        let mut arena = Arena::new();
        let mut solver = Solver::new();
        let mut memo = FxHashMap::default();
        for m in 0..=10 {
            for n in 0..=10 {
                let want = brute_cake(&mut arena, game, (m, n), &mut memo);
                let cake = Cake::new(rule(l), rule(r), twisted, m, n).unwrap();
                let got = solver.value(&mut arena, &cake).unwrap();
                assert_eq!(got, want, "{name} ({m},{n})");
                // The options, in order, are the rules' moves.
                for (player, left) in [(Player::Left, true), (Player::Right, false)] {
                    let mut options = Vec::new();
                    cake.options(player, &mut options);
                    let got: Vec<Vec<Option<(u32, u32)>>> =
                        options.iter().map(|o| o.summands()).collect();
                    let want: Vec<Vec<Option<(u32, u32)>>> = game
                        .moves((m, n), left)
                        .into_iter()
                        .map(|ps| ps.into_iter().map(Some).collect())
                        .collect();
                    assert_eq!(got, want, "{name} ({m},{n}) {player}");
                }
            }
        }
    }
}

/// One heap's moves for one player, written from the rules.
type Moves = Box<dyn Fn(u32) -> Vec<Vec<u32>>>;

/// A heap ruleset the search checks, on heaps up to `upto`.
struct HeapGame {
    name: String,
    left: Moves,
    right: Moves,
    /// The engine's position (a heap of 0 with the rules).
    engine: PartizanHeap,
    upto: u32,
}

fn heap_games() -> Vec<HeapGame> {
    let mut out = Vec::new();
    for (l, r) in [(vec![1, 3], vec![2, 3]), (vec![1, 2], vec![3]), (vec![2, 5], vec![1, 4, 6])] {
        for all_but in [false, true] {
            for split in [false, true] {
                let engine = |s: &[u32]| {
                    let s: Vec<i64> = s.iter().map(|&x| i64::from(x)).collect();
                    HeapRule::subtraction(&s, all_but, split).unwrap()
                };
                let engine = PartizanHeap::new(engine(&l), engine(&r), 0).unwrap();
                let (ls, rs) = (l.clone(), r.clone());
                out.push(HeapGame {
                    name: format!("{l:?} {r:?} allbut {all_but} split {split}"),
                    left: Box::new(move |n| subtract(n, &ls, all_but, split)),
                    right: Box::new(move |n| subtract(n, &rs, all_but, split)),
                    engine,
                    upto: if all_but && split { 20 } else { 30 },
                });
            }
        }
    }
    let mut codes = |l: &str, r: &str, left: HeapMoves, right: HeapMoves| {
        out.push(HeapGame {
            name: format!("{l} | {r}"),
            left: Box::new(left),
            right: Box::new(right),
            engine: PartizanHeap::new(rule(l), rule(r), 0).unwrap(),
            upto: 30,
        })
    };
    codes("0.77", "4.0", kayles, cut);
    codes("0.7", "0.07", eat, dawson);
    codes("{2+}=.0", "0.7", maundy, eat);
    out
}

#[test]
fn heap_games_match_a_search_of_whole_sums_up_to_heap_30() {
    for game in heap_games() {
        let mut arena = Arena::new();
        let mut solver = Solver::new();
        let mut memo = FxHashMap::default();
        for n in 0..=game.upto {
            let want = brute_heap(&mut arena, n, &*game.left, &*game.right, &mut memo);
            let heap = PartizanHeap::single(game.engine.rules().clone(), n);
            let got = solver.value(&mut arena, &heap).unwrap();
            assert_eq!(got, want, "{} heap {n}", game.name);
            for (player, rule) in [(Player::Left, &game.left), (Player::Right, &game.right)] {
                let mut options = Vec::new();
                heap.options(player, &mut options);
                let got: Vec<Vec<Option<u32>>> = options.iter().map(|o| o.summands()).collect();
                let want: Vec<Vec<Option<u32>>> =
                    rule(n).into_iter().map(|hs| hs.into_iter().map(Some).collect()).collect();
                assert_eq!(got, want, "{} heap {n} {player}", game.name);
            }
        }
    }
}

#[test]
fn partizan_euclid_matches_a_plain_search() {
    let mut arena = Arena::new();
    let mut solver = Solver::new();
    let mut memo = FxHashMap::default();
    let moves = |&(p, q): &(u64, u64), left: bool| {
        if q == 0 || p % q == 0 {
            vec![]
        } else if left {
            vec![(q, p % q)]
        } else {
            vec![(q, q - p % q)]
        }
    };
    for p in 0..=40 {
        for q in 0..=40 {
            let want = brute_value(&mut arena, &(p, q), &moves, &mut memo);
            let got = solver.value(&mut arena, &Euclid { p, q }).unwrap();
            assert_eq!(got, want, "({p},{q})");
        }
    }
}

// ----- CGSuite's tests and printing -----

/// A position of the ruleset `name` with parameters `given`.
fn position(name: &str, given: &[Arg], argument: &str) -> Box<dyn onag::ruleset::AnyPosition> {
    let r = catalog::find(name).unwrap();
    let params = r.params(given, &[]).unwrap();
    r.position(&params, &Arg::from_text(argument, r.argument).unwrap()).unwrap()
}

fn value_of(
    p: &dyn onag::ruleset::AnyPosition,
    arena: &mut Arena,
    solvers: &mut Solvers,
) -> String {
    let v = p.value(arena, solvers).unwrap();
    arena.print(v).unwrap()
}

fn text(s: &str) -> Arg {
    Arg::Str(s.to_string())
}

fn ints(v: &[i64]) -> Arg {
    Arg::List(v.iter().map(|&x| Arg::Int(x.into())).collect())
}

/// `[R((8,n)).CanonicalForm for n from 0 to 8]` and `R((8,8)).LeftOptions.Size`.
fn row_of_8(name: &str, given: &[Arg]) -> (String, usize) {
    let mut arena = Arena::new();
    let mut solvers = Solvers::new();
    let values: Vec<String> = (0..=8)
        .map(|n| value_of(&*position(name, given, &format!("(8,{n})")), &mut arena, &mut solvers))
        .collect();
    let size = position(name, given, "(8,8)").options(Player::Left).len();
    (format!("[{}]", values.join(",")), size)
}

#[test]
fn cgsuite_partizan_coordinate_tests() {
    let rows: [(&str, Vec<Arg>, usize, &str); 6] = [
        ("Cutcake", vec![], 4, "[-7,-7,-3,-3,-1,-1,-1,-1,0]"),
        ("MaundyCake", vec![], 3, "[-7,-7,-3,-3,-1,-3,-1,-3,0]"),
        (
            "Eatcake",
            vec![],
            4,
            "[-8,^,{^|||^*|v||0},{^^|*},{^^|*||0,{0|vv*}},{^3|^*||*},{^3|^*||*|||0,{0,{^|0,v*}|||0|vv*||0}},{0||^^*|0|||*},*]",
        ),
        ("TurnAndEatcake", vec![], 4, "[0,v,0,v,0,v<3>,0,v,0]"),
        (
            "GenCutcake",
            vec![text("{2+}=.0"), text("{2+}=.0"), Arg::Bool(true)],
            3,
            "[1,1,{8|-2},{8|-3},{8|-6},{8|-5},{8|-6,{-4|-14}},{10|-7},+-12]",
        ),
        ("PartizanEuclid", vec![], 0, "[0,0,0,v,0,0,^,^5,0]"),
    ];
    for (name, given, size, values) in rows {
        assert_eq!(row_of_8(name, &given), (values.to_string(), size), "{name}");
    }
}

#[test]
fn subtraction_sets_are_sets() {
    let r = catalog::find("PartizanSubtraction").unwrap();
    let sorted = r.params(&[ints(&[1, 3]), ints(&[2, 3])], &[]).unwrap();
    let shuffled = r.params(&[ints(&[3, 1, 3]), ints(&[3, 2])], &[]).unwrap();
    assert_eq!(sorted, shuffled);
    let mut arena = Arena::new();
    let mut solvers = Solvers::new();
    let p = position("PartizanSubtraction", &[ints(&[3, 1, 1]), ints(&[3, 2])], "6");
    assert_eq!(value_of(&*p, &mut arena, &mut solvers), "{1|1,{1|0}||0,{1|0}|0|||0,{1|0}|0}");
}

#[test]
fn cgsuite_partizan_subtraction_test() {
    let mut arena = Arena::new();
    let mut solvers = Solvers::new();
    let p = position("PartizanSubtraction", &[ints(&[1, 3]), ints(&[2, 3])], "6");
    assert_eq!(value_of(&*p, &mut arena, &mut solvers), "{1|1,{1|0}||0,{1|0}|0|||0,{1|0}|0}");
    assert_eq!(p.cgsuite(), "PartizanHeapRuleset.Position(6)");
    let show = |player| p.options(player).iter().map(|o| o.cgsuite()).collect::<Vec<_>>().join(",");
    assert_eq!(
        show(Player::Left),
        "PartizanHeapRuleset.Position(5),PartizanHeapRuleset.Position(3)"
    );
    assert_eq!(
        show(Player::Right),
        "PartizanHeapRuleset.Position(4),PartizanHeapRuleset.Position(3)"
    );
    // Taking the whole heap leaves 0.
    let three = position("PartizanSubtraction", &[ints(&[1, 3]), ints(&[2, 3])], "3");
    let left: Vec<String> = three.options(Player::Left).iter().map(|o| o.cgsuite()).collect();
    assert_eq!(left, ["PartizanHeapRuleset.Position(2)", "0"]);
    // The same game written as two take-and-break codes.
    let codes = position("PartizanTakeAndBreak", &[text("0.303"), text("0.033")], "6");
    assert_eq!(value_of(&*codes, &mut arena, &mut solvers), "{1|1,{1|0}||0,{1|0}|0|||0,{1|0}|0}");
}

#[test]
fn cake_options_come_in_cgsuite_order_and_notation() {
    let show = |p: &dyn onag::ruleset::AnyPosition, player| {
        format!("[{}]", p.options(player).iter().map(|o| o.cgsuite()).collect::<Vec<_>>().join(","))
    };
    let cut = position("Cutcake", &[], "(2,3)");
    assert_eq!(cut.cgsuite(), "GenCutcake.Position((2,3))");
    assert_eq!(
        show(&*cut, Player::Left),
        "[GenCutcake.Position((2,1)) + GenCutcake.Position((2,2))]"
    );
    assert_eq!(
        show(&*cut, Player::Right),
        "[GenCutcake.Position((1,3)) + GenCutcake.Position((1,3))]"
    );
    let eat = position("Eatcake", &[], "(2,3)");
    assert_eq!(
        show(&*eat, Player::Left),
        "[GenCutcake.Position((2,2)),GenCutcake.Position((2,1)) + GenCutcake.Position((2,1))]"
    );
    assert_eq!(show(&*eat, Player::Right), "[GenCutcake.Position((1,3))]");
    let mut arena = Arena::new();
    let mut solvers = Solvers::new();
    assert_eq!(value_of(&*cut, &mut arena, &mut solvers), "0");
    assert_eq!(value_of(&*eat, &mut arena, &mut solvers), "{^^|*}");
    // A move in one summand of a sum replaces it where it stands; a summand
    // eaten to nothing stays as 0 (CGSuite's compound games).
    let sum = &eat.options(Player::Left)[1];
    assert_eq!(sum.notation(), "(2,1) + (2,1)");
    assert_eq!(
        show(&**sum, Player::Right),
        "[GenCutcake.Position((1,1)) + GenCutcake.Position((2,1)),\
GenCutcake.Position((2,1)) + GenCutcake.Position((1,1))]"
    );
    let ones = &sum.options(Player::Right)[0];
    assert_eq!(
        show(&**ones, Player::Left),
        "[0 + GenCutcake.Position((2,1)),GenCutcake.Position((1,1)) + 0]"
    );
    assert_eq!(value_of(&**sum, &mut arena, &mut solvers), "^^");
    assert_eq!(show(&*position("Eatcake", &[], "(1,1)"), Player::Left), "[0]");
    // Maundy Cake: k equal parts for each divisor k ≥ 2.
    let maundy = position("MaundyCake", &[], "(2,6)");
    assert_eq!(
        show(&*maundy, Player::Left),
        "[GenCutcake.Position((2,3)) + GenCutcake.Position((2,3)),\
GenCutcake.Position((2,2)) + GenCutcake.Position((2,2)) + GenCutcake.Position((2,2)),\
GenCutcake.Position((2,1)) + GenCutcake.Position((2,1)) + GenCutcake.Position((2,1)) + \
GenCutcake.Position((2,1)) + GenCutcake.Position((2,1)) + GenCutcake.Position((2,1))]"
    );
    let euclid = position("PartizanEuclid", &[], "(8,3)");
    assert_eq!(euclid.cgsuite(), "PartizanCoordinateRuleset.Position((8,3))");
    assert_eq!(show(&*euclid, Player::Left), "[PartizanCoordinateRuleset.Position((3,2))]");
    assert_eq!(show(&*euclid, Player::Right), "[PartizanCoordinateRuleset.Position((3,1))]");
}

/// The table of `name` for rows and columns `1..=k`.
fn table(name: &str, k: u32) -> Vec<Vec<String>> {
    let mut arena = Arena::new();
    let mut solvers = Solvers::new();
    (1..=k)
        .map(|m| {
            (1..=k)
                .map(|n| {
                    value_of(&*position(name, &[], &format!("({m},{n})")), &mut arena, &mut solvers)
                })
                .collect()
        })
        .collect()
}

#[test]
fn derived_tables() {
    let rows = |t: &[&[&str]]| -> Vec<Vec<String>> {
        t.iter().map(|r| r.iter().map(|s| s.to_string()).collect()).collect()
    };
    assert_eq!(
        table("Cutcake", 4),
        rows(&[
            &["0", "1", "2", "3"],
            &["-1", "0", "0", "1"],
            &["-2", "0", "0", "1"],
            &["-3", "-1", "-1", "0"]
        ])
    );
    assert_eq!(
        table("Eatcake", 3),
        rows(&[&["*", "v", "*"], &["^", "*", "{^^|*}"], &["*", "{*|vv}", "*"]])
    );
    assert_eq!(
        table("TurnAndEatcake", 3),
        rows(&[&["*", "^", "*"], &["v", "0", "v"], &["*", "^", "*"]])
    );
    let mut arena = Arena::new();
    let mut solvers = Solvers::new();
    for (p, v) in [
        ("(9,6)", "*"),
        ("(5,3)", "v"),
        ("(3,5)", "0"),
        ("(7,4)", "*"),
        ("(10,3)", "^"),
        ("(3,8)", "vv*"),
    ] {
        assert_eq!(
            value_of(&*position("PartizanEuclid", &[], p), &mut arena, &mut solvers),
            v,
            "{p}"
        );
    }
}

#[test]
fn known_values_of_large_positions() {
    let mut arena = Arena::new();
    let mut solvers = Solvers::new();
    // Cutcake (Winning Ways): between powers of two the value is constant;
    // a 1 × n strip is n − 1 for Left.
    assert_eq!(value_of(&*position("Cutcake", &[], "(1,1000)"), &mut arena, &mut solvers), "999");
    assert_eq!(value_of(&*position("Cutcake", &[], "(1000,1)"), &mut arena, &mut solvers), "-999");
    let game = CakeGame { left: cut, right: cut, twisted: false };
    let want = brute_cake(&mut arena, game, (13, 100), &mut FxHashMap::default());
    let want = print(&mut arena, want);
    assert_eq!(value_of(&*position("Cutcake", &[], "(13,100)"), &mut arena, &mut solvers), want);
    // Maundy Cake on a prime side: the only cut is into single cells, after
    // which no one can move.
    assert_eq!(
        value_of(&*position("MaundyCake", &[], "(1,1048573)"), &mut arena, &mut solvers),
        "1"
    );
    // Partizan Euclid near 2^62 (a Fibonacci pair takes the longest).
    let big = position("PartizanEuclid", &[], "(4660046610375530309,2880067194370816120)");
    value_of(&*big, &mut arena, &mut solvers);
}

#[test]
fn equal_rules_give_the_impartial_values() {
    // With the same rule for both players a heap is the nimber of its
    // Grundy value, which the impartial heap engine computes on its own.
    for code in ["0.77", "0.07", "4.0", "0.137", "0.3F"] {
        let seq = compute(&TakeAndBreak::parse(code).unwrap(), 40, &Budget::unlimited()).unwrap();
        let mut arena = Arena::new();
        let mut solvers = Solvers::new();
        for n in 0..=40u64 {
            let p = position("PartizanTakeAndBreak", &[text(code), text(code)], &n.to_string());
            let want = arena.nimber(u64::from(seq.value(n).unwrap())).unwrap();
            assert_eq!(
                value_of(&*p, &mut arena, &mut solvers),
                print(&mut arena, want),
                "{code} {n}"
            );
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// A sum of cakes is valued as the sum of its cakes' values.
    #[test]
    fn a_sum_of_cakes_is_the_sum_of_its_values(
        cakes in proptest::collection::vec((0u32..7, 0u32..7), 0..4),
        which in 0usize..5,
    ) {
        let (_, l, r, twisted, _) = cake_games()[which];
        let mut arena = Arena::new();
        let mut solver = Solver::new();
        let one = Cake::new(rule(l), rule(r), twisted, 0, 0).unwrap();
        let parts: Vec<Option<(u32, u32)>> = cakes.iter().map(|&c| Some(c)).collect();
        let sum = Cake::sum(one.rules().clone(), &parts);
        let mut want = arena.zero();
        for &c in &cakes {
            let v = solver.value(&mut arena, &Cake::single(one.rules().clone(), c)).unwrap();
            want = arena.add(want, v).unwrap();
        }
        prop_assert_eq!(solver.value(&mut arena, &sum).unwrap(), want);
    }

    /// With the same rule for both players, a turned cake is the negative.
    #[test]
    fn a_turned_cake_is_the_negative(m in 0u32..9, n in 0u32..9, which in 0usize..5) {
        let (_, l, r, twisted, _) = cake_games()[which];
        let mut arena = Arena::new();
        let mut solver = Solver::new();
        let a = solver.value(&mut arena, &Cake::new(rule(l), rule(r), twisted, m, n).unwrap()).unwrap();
        let b = solver.value(&mut arena, &Cake::new(rule(l), rule(r), twisted, n, m).unwrap()).unwrap();
        prop_assert_eq!(arena.neg(a).unwrap(), b);
    }
}

#[test]
fn bad_input_is_a_one_line_error() {
    let err = |name: &str, given: &[Arg], arg: &str| {
        let r = catalog::find(name).unwrap();
        let made = r
            .params(given, &[])
            .and_then(|params| r.position(&params, &Arg::from_text(arg, r.argument)?));
        match made {
            Ok(_) => panic!("{name} {arg} was accepted"),
            Err(e) => e.to_string(),
        }
    };
    assert!(err("Cutcake", &[], "(8)").contains("pair"), "{}", err("Cutcake", &[], "(8)"));
    assert!(err("Cutcake", &[], "(8,3,1)").contains("pair"));
    assert!(
        err("Cutcake", &[], "(-1,3)").contains("from 0 to"),
        "{}",
        err("Cutcake", &[], "(-1,3)")
    );
    assert!(err("Cutcake", &[], "(2000000,3)").contains("from 0 to 1048576"));
    assert!(err("Eatcake", &[], "(a,3)").contains("not an integer"));
    assert!(err("PartizanEuclid", &[], "(-5,3)").contains("from 0 to"));
    let sets = [ints(&[1, 3]), ints(&[0, 2])];
    assert!(err("PartizanSubtraction", &sets, "6").contains("from 1 to"));
    assert!(
        err("PartizanSubtraction", &[ints(&[1])], "6").contains("needs the parameter rightSet")
    );
    assert!(err("PartizanSubtraction", &[ints(&[1]), ints(&[2])], "-1").contains("from 0 to"));
    assert!(err("PartizanSubtraction", &[ints(&[1]), ints(&[5000])], "6").contains("up to 4095"));
    assert!(err("PartizanSubtraction", &[ints(&[1]), text("x")], "6").contains("list of integers"));
    let e = err("PartizanTakeAndBreak", &[text("0.7x"), text("0.7")], "6");
    assert!(e.contains("unexpected 'x'"), "{e}");
    let e = err("GenCutcake", &[text("{3+,4}.0"), text("4.0")], "(2,2)");
    assert!(e.contains("must come last"), "{e}");
    let e = err("GenCutcake", &[text("4.0"), text("4.0"), ints(&[1])], "(2,2)");
    assert!(e.contains("true or false"), "{e}");
    for e in
        [err("Cutcake", &[], "(8)"), err("PartizanTakeAndBreak", &[text("1.0"), text("0.7")], "1")]
    {
        assert!(!e.contains('\n'), "{e}");
    }
}

#[test]
fn a_heap_with_a_million_options_stops_at_the_memory_limit() {
    // Nim-like rules on the largest heap: every region has as many options
    // as tokens, so the search stack, not the table, outgrows the budget.
    let nim =
        PartizanHeap::new(rule("0.[3]"), rule("0.[3]"), onag::ruleset::heap::MAX_SIZE).unwrap();
    let mut arena = Arena::new();
    let mut solver = Solver::new().with_budget(Budget::unlimited().with_max_memory(64 << 20));
    let err = solver.value(&mut arena, &nim).unwrap_err();
    assert_eq!(err.kind(), onag::ErrorKind::LimitExceeded, "{err}");
}

//! The outcome search against canonical forms: every ruleset of the
//! catalog on its example and on positions reached from it by random
//! moves, Domineering and Clobber on every small rectangle, and every
//! winning move checked by the value of the sum it leaves.

use onag::game::{Arena, PartizanOutcome};
use onag::ruleset::catalog::{self, Arg, Params, Ruleset};
use onag::ruleset::outcome::{OutcomeSearch, Solution};
use onag::ruleset::{AnyPosition, Player, Solvers};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// The ruleset's parameters: defaults, and the example of each parameter
/// without one.
fn example_params(r: &Ruleset) -> Params {
    let named: Vec<(String, Arg)> = r
        .params
        .iter()
        .filter(|p| p.default.is_none())
        .map(|p| (p.name.to_string(), Arg::from_text(p.example, p.kind).unwrap()))
        .collect();
    r.params(&[], &named).unwrap()
}

/// Checks a search's answer for the sum of `positions` against the
/// canonical form, and each winning move against the value it leaves.
fn check(
    positions: &[Box<dyn AnyPosition>],
    solution: &Solution<Box<dyn AnyPosition>>,
    arena: &mut Arena,
    solvers: &mut Solvers,
    what: &str,
) {
    let mut total = arena.zero();
    let mut values = Vec::new();
    for p in positions {
        let v = p.value(arena, solvers).unwrap();
        values.push(v);
        total = arena.add(total, v).unwrap();
    }
    let expected = arena.outcome(total).unwrap();
    assert_eq!(solution.outcome(), expected, "{what}");
    for player in Player::BOTH {
        let first = solution.first(player);
        assert_eq!(first.wins, first.winning_move.is_some(), "{what}");
        let Some(m) = &first.winning_move else { continue };
        assert!(
            positions[m.component].options(player).iter().any(|o| **o == *m.position),
            "{what}: {player}'s move {} is not an option",
            m.position.notation()
        );
        let mut after = arena.zero();
        for (i, &v) in values.iter().enumerate() {
            let v = if i == m.component { m.position.value(arena, solvers).unwrap() } else { v };
            after = arena.add(after, v).unwrap();
        }
        let zero = arena.zero();
        let wins = match player {
            Player::Left => arena.leq(zero, after).unwrap(),
            Player::Right => arena.leq(after, zero).unwrap(),
        };
        assert!(wins, "{what}: {player}'s move to {} does not win", m.position.notation());
    }
}

/// A position reached from `p` by up to `moves` random moves.
fn wander(p: &dyn AnyPosition, moves: usize, rng: &mut StdRng) -> Box<dyn AnyPosition> {
    let mut at = p.clone_box();
    for _ in 0..moves {
        let player = if rng.gen_bool(0.5) { Player::Left } else { Player::Right };
        let options = at.options(player);
        if options.is_empty() {
            break;
        }
        at = options[rng.gen_range(0..options.len())].clone();
    }
    at
}

fn searches() -> [OutcomeSearch; 3] {
    [
        OutcomeSearch::new(),
        OutcomeSearch::new().with_small_regions(0).with_threads(1),
        OutcomeSearch::new().with_small_regions(6).with_table_bytes(1 << 12),
    ]
}

#[test]
fn every_ruleset_agrees_with_canonical_forms() {
    let mut rng = StdRng::seed_from_u64(37);
    let mut arena = Arena::new();
    let mut solvers = Solvers::new();
    for r in catalog::rulesets() {
        let params = example_params(r);
        let example = r.position(&params, &Arg::from_text(r.example, r.argument).unwrap()).unwrap();
        let mut positions = vec![example.clone()];
        for i in 0..12 {
            positions.push(wander(example.as_ref(), 1 + i % 5, &mut rng));
        }
        for p in &positions {
            for search in searches() {
                let sum = [p.clone()];
                let solution = p.solve_outcome(&sum, &search).unwrap();
                check(
                    &sum,
                    &solution,
                    &mut arena,
                    &mut solvers,
                    &format!("{} {}", r.name, p.notation()),
                );
            }
        }
        // A sum of two positions of the ruleset.
        let sum = [positions[1].clone(), positions[2].clone()];
        let solution = sum[0].solve_outcome(&sum, &OutcomeSearch::new()).unwrap();
        check(&sum, &solution, &mut arena, &mut solvers, &format!("{} sum", r.name));
    }
}

#[test]
fn rectangles_agree_with_canonical_forms() {
    let mut arena = Arena::new();
    let mut solvers = Solvers::new();
    for (name, largest) in [("Domineering", (4, 5)), ("Clobber", (3, 5)), ("Cram", (4, 4))] {
        let r = catalog::find(name).unwrap();
        let params = r.params(&[], &[]).unwrap();
        for rows in 1..=largest.0 {
            for columns in 1..=largest.1 {
                let text = r.rectangle_of(rows, columns).unwrap();
                let p = r.position(&params, &Arg::Str(text)).unwrap();
                let sum = [p];
                for search in searches() {
                    let solution = sum[0].solve_outcome(&sum, &search).unwrap();
                    check(
                        &sum,
                        &solution,
                        &mut arena,
                        &mut solvers,
                        &format!("{name} {rows}x{columns}"),
                    );
                }
            }
        }
    }
}

#[test]
fn random_blocked_boards_agree_with_canonical_forms() {
    let mut rng = StdRng::seed_from_u64(8);
    let mut arena = Arena::new();
    let mut solvers = Solvers::new();
    let domineering = catalog::find("Domineering").unwrap();
    let clobber = catalog::find("Clobber").unwrap();
    for _ in 0..200 {
        let (rows, columns) = (rng.gen_range(1..=4), rng.gen_range(1..=5));
        let board = |cells: &[char], rng: &mut StdRng| {
            (0..rows)
                .map(|_| {
                    (0..columns).map(|_| cells[rng.gen_range(0..cells.len())]).collect::<String>()
                })
                .collect::<Vec<_>>()
                .join("|")
        };
        for (r, cells) in
            [(domineering, &['.', '.', '.', '#'][..]), (clobber, &['x', 'o', 'x', 'o', '.'][..])]
        {
            let text = board(cells, &mut rng);
            let p = r.parse(&text).unwrap();
            let sum = [p];
            let solution =
                sum[0].solve_outcome(&sum, &OutcomeSearch::new().with_small_regions(8)).unwrap();
            check(&sum, &solution, &mut arena, &mut solvers, &format!("{} {text}", r.name));
        }
    }
}

#[test]
fn domineering_outcomes_of_published_rectangles() {
    // Breuker, Uiterwijk and van den Herik's table (Left vertical): 6×6 and
    // 7×7 are first-player wins, 5×6 (5 rows) a win for Right, 6×7 for Left.
    let r = catalog::find("Domineering").unwrap();
    for (rows, columns, expected) in
        [(6, 6, PartizanOutcome::N), (5, 6, PartizanOutcome::R), (6, 5, PartizanOutcome::L)]
    {
        let p = r.parse(&r.rectangle_of(rows, columns).unwrap()).unwrap();
        let sum = [p];
        let solution = sum[0].solve_outcome(&sum, &OutcomeSearch::new()).unwrap();
        assert_eq!(solution.outcome(), expected, "{rows}x{columns}");
    }
}

#[test]
fn a_search_stops_at_its_node_limit() {
    let r = catalog::find("Domineering").unwrap();
    let p = r.parse(&r.rectangle_of(7, 7).unwrap()).unwrap();
    let budget = onag::budget::Budget::unlimited().with_max_positions(5000);
    let sum = [p];
    let err = sum[0].solve_outcome(&sum, &OutcomeSearch::new().with_budget(budget)).unwrap_err();
    assert!(err.message().contains("exceed the limit of 5000"), "{}", err.message());
}

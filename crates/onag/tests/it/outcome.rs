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

/// A random board of `rows` × `columns` cells, each empty with
/// probability 3/4.
fn random_domineering(rows: usize, columns: usize, rng: &mut StdRng) -> String {
    (0..rows)
        .map(|_| (0..columns).map(|_| if rng.gen_range(0..4) < 3 { '.' } else { '#' }).collect())
        .collect::<Vec<String>>()
        .join("|")
}

#[test]
fn the_domineering_search_agrees_with_the_general_one_and_canonical_forms() {
    use onag::ruleset::grid::Domineering;
    let mut rng = StdRng::seed_from_u64(81);
    let mut arena = Arena::new();
    let mut solvers = Solvers::new();
    let r = catalog::find("Domineering").unwrap();
    for i in 0..300 {
        let (rows, columns) = (rng.gen_range(1..=5), rng.gen_range(1..=5));
        let mut texts = vec![random_domineering(rows, columns, &mut rng)];
        if i % 3 == 0 {
            texts.push(random_domineering(rng.gen_range(1..=3), rng.gen_range(1..=4), &mut rng));
        }
        let sum: Vec<_> = texts.iter().map(|t| r.parse(t).unwrap()).collect();
        let search =
            [OutcomeSearch::new(), OutcomeSearch::new().with_small_regions(4)][i % 2].clone();
        let solution = sum[0].solve_outcome(&sum, &search).unwrap();
        check(&sum, &solution, &mut arena, &mut solvers, &texts.join(" + "));
        let typed: Vec<Domineering> =
            texts.iter().map(|t| Domineering::parse(t).unwrap()).collect();
        let general = search.solve_generally(&typed).unwrap();
        assert_eq!(general.outcome(), solution.outcome(), "{}", texts.join(" + "));
    }
}

#[test]
fn domineering_boards_past_64_cells_are_searched() {
    use onag::ruleset::outcome::domineering::{self, DomineeringBoard};
    let mut arena = Arena::new();
    let mut solvers = Solvers::new();
    let r = catalog::find("Domineering").unwrap();
    // A 9×9 board (81 cells) with its empty cells in two corners: the
    // value is the sum of the two corners' values, each under 64 cells.
    let mut rows = vec!["#########".to_string(); 9];
    rows[0] = "...######".into();
    rows[1] = "..#######".into();
    rows[2] = "..#######".into();
    rows[7] = "#######..".into();
    rows[8] = "######...".into();
    let text = rows.join("|");
    let big = r.parse(&text).unwrap();
    let sum = [big.clone()];
    let solution = big.solve_outcome(&sum, &OutcomeSearch::new()).unwrap();
    let parts = ["...|..#|..#", "#..|..."];
    let mut total = arena.zero();
    for part in parts {
        let v = r.parse(part).unwrap().value(&mut arena, &mut solvers).unwrap();
        total = arena.add(total, v).unwrap();
    }
    assert_eq!(solution.outcome(), arena.outcome(total).unwrap(), "{text}");
    for player in Player::BOTH {
        if let Some(m) = &solution.first(player).winning_move {
            assert!(
                big.options(player).iter().any(|o| **o == *m.position),
                "{}",
                m.position.notation()
            );
        }
    }
    // The empty 11×11 board is accepted, and 12×11 refused with a reason.
    let board = DomineeringBoard::empty(11, 11).unwrap();
    assert_eq!(board.rows() * board.columns(), 121);
    let err = DomineeringBoard::empty(12, 11).unwrap_err();
    assert!(err.message().contains("at most 128 cells"), "{}", err.message());
    let err = domineering::solve(&[board, board], &OutcomeSearch::new()).unwrap_err();
    assert!(err.message().contains("at most 128 cells"), "{}", err.message());
}

#[test]
fn the_domineering_search_gives_the_same_answer_on_one_or_two_threads() {
    use onag::ruleset::outcome::domineering::{self, DomineeringBoard};
    let board = DomineeringBoard::empty(5, 6).unwrap();
    let one = domineering::solve(&[board], &OutcomeSearch::new().with_threads(1)).unwrap();
    let two = domineering::solve(&[board], &OutcomeSearch::new().with_threads(2)).unwrap();
    assert_eq!(one.outcome(), PartizanOutcome::R);
    assert_eq!((one.left_first, one.right_first), (two.left_first, two.right_first));
}

//! Sums of positions of different rulesets, negated positions and values
//! in the outcome search ([`solve_terms`]), the calculator's
//! `OutcomeClass` by search and [`Session::solve`]: each answer against
//! the canonical form of the sum, each winning move against the value it
//! leaves.

use onag::Budget;
use onag::game::{Arena, GameId, PartizanOutcome};
use onag::lang::Session;
use onag::ruleset::catalog::{self, Arg, ArgKind, Params, Ruleset};
use onag::ruleset::outcome::OutcomeSearch;
use onag::ruleset::outcome::mixed::{Term, solve_terms};
use onag::ruleset::{AnyPosition, PartizanPosition, Player, Solvers};
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

/// Positions of every ruleset of the catalog: each example and positions a
/// few random moves from it.
fn positions(rng: &mut StdRng) -> Vec<Box<dyn AnyPosition>> {
    let mut out = Vec::new();
    for r in catalog::rulesets() {
        let params = example_params(r);
        let example = r.position(&params, &Arg::from_text(r.example, r.argument).unwrap()).unwrap();
        out.push(example.clone());
        for i in 0..3 {
            out.push(wander(example.as_ref(), 1 + i, rng));
        }
    }
    out
}

/// The value of a term in `arena`.
fn value_of(term: &Term, arena: &mut Arena, solvers: &mut Solvers) -> GameId {
    if let Some(g) = term.as_value() {
        return g;
    }
    let (p, negated) = term.as_position().unwrap();
    let v = p.value(arena, solvers).unwrap();
    if negated { arena.neg(v).unwrap() } else { v }
}

/// Checks the search's answer for the sum of `terms` against its canonical
/// form, and each winning move: an option of its term, after which the
/// mover wins moving second.
fn check(terms: &[Term], arena: &mut Arena, solvers: &mut Solvers, what: &str) {
    let solution = solve_terms(terms, &OutcomeSearch::new()).unwrap();
    let values: Vec<GameId> = terms.iter().map(|t| value_of(t, arena, solvers)).collect();
    let mut total = arena.zero();
    for &v in &values {
        total = arena.add(total, v).unwrap();
    }
    assert_eq!(solution.outcome(), arena.outcome(total).unwrap(), "{what}");
    for player in Player::BOTH {
        let first = solution.first(player);
        assert_eq!(first.wins, first.winning_move.is_some(), "{what}");
        let Some(m) = &first.winning_move else { continue };
        let mut options = Vec::new();
        terms[m.component].options(player, &mut options);
        assert!(options.contains(&m.position), "{what}: {player}'s move is not an option");
        let mut after = arena.zero();
        for (i, &v) in values.iter().enumerate() {
            let v = if i == m.component { value_of(&m.position, arena, solvers) } else { v };
            after = arena.add(after, v).unwrap();
        }
        let zero = arena.zero();
        let wins = match player {
            Player::Left => arena.leq(zero, after).unwrap(),
            Player::Right => arena.leq(after, zero).unwrap(),
        };
        assert!(wins, "{what}: {player}'s move {:?} does not win", m.position);
    }
}

/// Small values: numbers, nimbers, ups and switches.
fn values(arena: &mut Arena) -> Vec<GameId> {
    let mut out = vec![
        arena.integer(1).unwrap(),
        arena.integer(-2).unwrap(),
        arena.nimber(1).unwrap(),
        arena.nimber(2).unwrap(),
        arena.up_multiple(1).unwrap(),
        arena.up_multiple(-2).unwrap(),
    ];
    let half = arena.dyadic(&onag::number::Dyadic::new(1, 1)).unwrap();
    let minus_one = arena.integer(-1).unwrap();
    let one = arena.integer(1).unwrap();
    out.push(half);
    out.push(arena.neg(half).unwrap());
    // ±1 and {2|*}.
    out.push(arena.from_options(&[one], &[minus_one]).unwrap());
    let two = arena.integer(2).unwrap();
    let star = arena.nimber(1).unwrap();
    out.push(arena.from_options(&[two], &[star]).unwrap());
    out
}

#[test]
fn mixed_sums_agree_with_canonical_forms() {
    let mut rng = StdRng::seed_from_u64(2037);
    let mut arena = Arena::new();
    let mut solvers = Solvers::new();
    let positions = positions(&mut rng);
    let values = values(&mut arena);
    for round in 0..300 {
        let mut terms = Vec::new();
        for _ in 0..rng.gen_range(1..=3) {
            let p = positions[rng.gen_range(0..positions.len())].clone();
            let term = Term::position(p);
            terms.push(if rng.gen_bool(0.3) { term.negated(&mut arena).unwrap() } else { term });
        }
        for _ in 0..rng.gen_range(0..=2) {
            let v = values[rng.gen_range(0..values.len())];
            terms.push(Term::value(&mut arena, v).unwrap());
        }
        check(&terms, &mut arena, &mut solvers, &format!("round {round}: {terms:?}"));
    }
}

#[test]
fn values_alone_and_no_terms_are_solved() {
    let mut arena = Arena::new();
    let mut solvers = Solvers::new();
    check(&[], &mut arena, &mut solvers, "the empty sum");
    let values = values(&mut arena);
    for &a in &values {
        for &b in &values {
            let terms = [Term::value(&mut arena, a).unwrap(), Term::value(&mut arena, b).unwrap()];
            check(&terms, &mut arena, &mut solvers, &format!("{a:?} + {b:?}"));
        }
    }
    // A nimber with more options than a region the search values.
    let big = arena.nimber(20).unwrap();
    let p = catalog::find("Domineering").unwrap().parse("...|...|...").unwrap();
    let terms = [Term::value(&mut arena, big).unwrap(), Term::position(p)];
    check(&terms, &mut arena, &mut solvers, "*20 + 3x3");
}

#[test]
fn a_known_value_is_known_only_once_valued() {
    let mut arena = Arena::new();
    let mut solvers = Solvers::new();
    for (name, text) in
        [("Domineering", "...|..#|..."), ("Cram", "....|...."), ("Clobber", "xox|o.o")]
    {
        let p = catalog::find(name).unwrap().parse(text).unwrap();
        assert_eq!(p.known_value(&mut arena, &mut solvers).unwrap(), None, "{name}");
        let v = p.value(&mut arena, &mut solvers).unwrap();
        assert_eq!(p.known_value(&mut arena, &mut solvers).unwrap(), Some(v), "{name}");
    }
}

/// The calculator's call that makes `p`, for a ruleset whose positions are
/// text and whose parameters all have defaults.
fn call(p: &dyn AnyPosition) -> Option<String> {
    let r = p.ruleset();
    let plain = r.argument == ArgKind::Text && r.params.iter().all(|q| q.default.is_some());
    plain.then(|| format!("{}(\"{}\")", r.path(), p.notation()))
}

/// Evaluates `input` in a fresh session.
fn eval(input: &str) -> String {
    Session::new().run_to_string(input, &Budget::unlimited()).unwrap()
}

#[test]
fn outcome_class_by_search_agrees_with_the_canonical_form() {
    let mut rng = StdRng::seed_from_u64(4);
    let calls: Vec<String> = positions(&mut rng).iter().filter_map(|p| call(p.as_ref())).collect();
    assert!(calls.len() > 20, "{calls:?}");
    for c in &calls {
        let searched = eval(&format!("({c}).OutcomeClass"));
        let valued = eval(&format!("({c}).CanonicalForm.OutcomeClass"));
        assert_eq!(searched, valued, "{c}");
    }
    for round in 0..60 {
        let mut sum = String::new();
        for i in 0..rng.gen_range(2..=3) {
            let sign = if i > 0 && rng.gen_bool(0.3) {
                " - "
            } else if i > 0 {
                " + "
            } else {
                ""
            };
            sum.push_str(sign);
            sum.push_str(&calls[rng.gen_range(0..calls.len())]);
        }
        if rng.gen_bool(0.5) {
            sum.push_str([" + *2", " + 1/2", " - ^", " + {1|-1}"][round % 4]);
        }
        let searched = eval(&format!("({sum}).OutcomeClass"));
        let valued = eval(&format!("({sum}).CanonicalForm.OutcomeClass"));
        assert_eq!(searched, valued, "{sum}");
    }
}

#[test]
fn outcome_class_searches_boards_whose_canonical_form_is_slow() {
    // 6×6 Domineering: its canonical form takes half a minute with an
    // optimised build; the search, a fraction of a second. A limit of a
    // minute is met only by the search.
    let board = ["......"; 6].join("|");
    let budget = Budget::unlimited().with_timeout(std::time::Duration::from_secs(60));
    let mut session = Session::new();
    let input = format!("game.grid.Domineering(\"{board}\").OutcomeClass");
    assert_eq!(session.run_to_string(&input, &budget).unwrap(), "N");
    let input = format!("(game.grid.Domineering(\"{board}\") + 1/2).OutcomeClass");
    assert_eq!(session.run_to_string(&input, &budget).unwrap(), "N");
}

#[test]
fn a_position_limit_stops_the_search_of_outcome_class() {
    let board = ["........"; 8].join("|");
    let budget = Budget::unlimited().with_max_positions(5_000);
    let err = Session::new()
        .run_to_string(&format!("game.grid.Domineering(\"{board}\").OutcomeClass"), &budget)
        .unwrap_err();
    assert_eq!(err.kind(), onag::ErrorKind::LimitExceeded, "{err}");
}

#[test]
fn a_session_solves_a_sum_written_as_in_the_calculator() {
    let mut session = Session::new();
    let budget = Budget::unlimited();
    let search = OutcomeSearch::new();
    let solved = session
        .solve(
            "d := game.grid.Domineering(\"..|..\"); d + game.grid.Clobber(\"xo\") - d + *2",
            &budget,
            &search,
        )
        .unwrap();
    assert_eq!(
        solved.terms,
        [
            "Domineering.Position(\"..|..\")",
            "GenClobber.Position(\"xo\")",
            "-Domineering.Position(\"..|..\")",
            "*2"
        ]
    );
    // d - d + * + *2 = *3: the player to move wins.
    assert_eq!(solved.solution.outcome(), PartizanOutcome::N);
    let m = solved.solution.left_first.winning_move.as_ref().unwrap();
    assert!(m.component < 4, "{m:?}");
    // Terms that are no short games are errors at their column.
    for (input, column, says) in [
        ("game.grid.Domineering(\"..\") + [1]", 31, "not a list"),
        ("1 + on", 5, "loopy"),
        ("game.grid.Domineering(\"..\") + 1/3", 31, "dyadic"),
        ("game.grid.Domineering(\"..\") + {1|", 31, "'{'"),
        ("*2;", 1, "nothing is left to solve"),
    ] {
        let err = session.solve(input, &budget, &search).unwrap_err();
        assert!(err.message().contains(says), "{input}: {err}");
        assert_eq!(err.location().map(|l| l.column), Some(column), "{input}: {err}");
    }
}

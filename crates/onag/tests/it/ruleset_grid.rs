//! Grid rulesets (Domineering, Cram) against a plain search written from the
//! rules on character grids, on every board up to 12 cells; known values;
//! CGSuite's option order and notation.

use onag::game::Arena;
use onag::ruleset::grid::{Cram, Domineering};
use onag::ruleset::{Player, Solver, Solvers, catalog};
use rustc_hash::FxHashMap;

use crate::ruleset_brute::{all_grids, brute_nim, brute_value, rows_of, text_of};

/// Domino placements on a character grid: vertical ones (Left) or horizontal.
fn dominoes(text: &str, vertical: bool) -> Vec<String> {
    let g = rows_of(text);
    let mut out = Vec::new();
    for r in 0..g.len() {
        for c in 0..g[r].len() {
            let (r2, c2) = if vertical { (r + 1, c) } else { (r, c + 1) };
            if r2 < g.len() && c2 < g[r].len() && g[r][c] == '.' && g[r2][c2] == '.' {
                let mut h = g.clone();
                h[r][c] = '#';
                h[r2][c2] = '#';
                out.push(text_of(&h));
            }
        }
    }
    out
}

fn shapes(max_cells: usize) -> Vec<(usize, usize)> {
    let mut v = Vec::new();
    for rows in 1..=max_cells {
        for cols in 1..=max_cells / rows {
            v.push((rows, cols));
        }
    }
    v
}

#[test]
fn domineering_matches_a_plain_search_on_every_board_up_to_12_cells() {
    let mut arena = Arena::new();
    let mut solver = Solver::new();
    let mut memo = FxHashMap::default();
    let moves = |s: &String, left: bool| dominoes(s, left);
    let mut checked = 0;
    for (rows, cols) in shapes(12) {
        for text in all_grids(rows, cols, &['.', '#']) {
            let want = brute_value(&mut arena, &text, &moves, &mut memo);
            let got = solver.value(&mut arena, &Domineering::parse(&text).unwrap()).unwrap();
            assert_eq!(arena.print(got).unwrap(), arena.print(want).unwrap(), "Domineering {text}");
            checked += 1;
        }
    }
    assert!(checked > 20_000, "{checked}");
}

#[test]
fn cram_nim_values_match_the_mex_rule_on_every_board_up_to_12_cells() {
    let mut solver = Solver::new();
    let mut memo = FxHashMap::default();
    let moves = |s: &String| {
        let mut v = dominoes(s, true);
        v.extend(dominoes(s, false));
        v
    };
    for (rows, cols) in shapes(12) {
        for text in all_grids(rows, cols, &['.', '#']) {
            let want = brute_nim(&text, &moves, &mut memo);
            let got = solver.nim_value(&Cram::parse(&text).unwrap()).unwrap();
            assert_eq!(got, want, "Cram {text}");
        }
    }
}

/// The misère nim value of a state by the mex rule (1 with no move).
fn brute_misere(state: &String, memo: &mut FxHashMap<String, u64>) -> u64 {
    if let Some(&v) = memo.get(state) {
        return v;
    }
    let mut options = dominoes(state, true);
    options.extend(dominoes(state, false));
    let v = if options.is_empty() {
        1
    } else {
        let values: Vec<u64> = options.iter().map(|s| brute_misere(s, memo)).collect();
        onag::impartial::mex(values)
    };
    memo.insert(state.clone(), v);
    v
}

#[test]
fn cram_misere_forms_match_the_misere_mex_rule_on_every_board_up_to_10_cells() {
    let mut solver = Solver::new();
    let mut memo = FxHashMap::default();
    for (rows, cols) in shapes(10) {
        for text in all_grids(rows, cols, &['.', '#']) {
            let want = brute_misere(&text, &mut memo);
            let form = solver.misere_form(&Cram::parse(&text).unwrap()).unwrap();
            let got = solver.misere_forms().misere_value(form) as u64;
            assert_eq!(got, want, "Cram {text}");
            let nim = solver.nim_value(&Cram::parse(&text).unwrap()).unwrap();
            assert_eq!(solver.misere_forms().nim_value(form) as u64, nim, "Cram {text}");
        }
    }
}

fn value(name: &str, position: &str) -> String {
    let ruleset = catalog::find(name).unwrap();
    let p = ruleset.parse(position).unwrap();
    let mut arena = Arena::new();
    let mut solvers = Solvers::new();
    let v = p.value(&mut arena, &mut solvers).unwrap();
    arena.print(v).unwrap()
}

#[test]
fn known_values() {
    // By hand: a 2×2 square is ±1, a vertical domino's room is 1 (Left's
    // move), a row of four is −2 (Right has two moves, Left none).
    assert_eq!(value("Domineering", "..|.."), "+-1");
    assert_eq!(value("Domineering", ".|."), "1");
    assert_eq!(value("Domineering", "...."), "-2");
    // CGSuite's own test.
    assert_eq!(value("Domineering", "....|....|....|...."), "+-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}");
    assert_eq!(value("Domineering", "...|..."), "{2|-1/2}");
    assert_eq!(value("Domineering", "....|...."), "Miny(2)");
    assert_eq!(value("Domineering", "....|....|...."), "-3/2");
    // Published: the 5×5 board is 0, 4×7 is 1 (Left, vertical, has the
    // longer columns' advantage in neither).
    assert_eq!(value("Domineering", ".....|.....|.....|.....|....."), "0");
    assert_eq!(value("Cram", ".........|##.######"), "*4");
    assert_eq!(value("Cram", "...."), "*2");
    assert_eq!(value("Cram", "..|.."), "0");
}

#[test]
fn options_come_in_cgsuite_order_and_notation() {
    let p = catalog::find("domineering").unwrap().parse("..|..").unwrap();
    let show = |player| p.options(player).iter().map(|o| o.cgsuite()).collect::<Vec<_>>().join(",");
    assert_eq!(
        show(Player::Left),
        r##"Domineering.Position("#.|#."),Domineering.Position(".#|.#")"##
    );
    assert_eq!(
        show(Player::Right),
        r###"Domineering.Position("##|.."),Domineering.Position("..|##")"###
    );
    let c = catalog::find("Cram").unwrap().parse("..").unwrap();
    assert_eq!(c.cgsuite(), r#"ImpartialVariantGame(Domineering.Position(".."))"#);
}

#[test]
fn bad_boards_are_one_line_errors() {
    let err = |t: &str| catalog::find("Domineering").unwrap().parse(t).unwrap_err().to_string();
    assert!(err("..|.").contains("equal lengths"), "{}", err("..|."));
    assert!(err("..x").contains("unexpected 'x'"), "{}", err("..x"));
    // Boards past 64 cells are held as wide boards, up to 128 cells.
    assert!(err(&["..........."; 12].join("|")).contains("at most 128 cells"));
    let wide = catalog::find("Domineering").unwrap().parse(&["........"; 9].join("|")).unwrap();
    assert_eq!(wide.notation(), ["........"; 9].join("|"));
    assert!(catalog::find("Dominoes").is_none());
}

#[test]
fn regions_valued_in_parallel_match_one_thread_and_the_sum_of_parts() {
    // Two 3×4 rooms and a 2×3 one, walled apart: three regions at once.
    let board = "....#...#|....#...#|....#....|#########|...######|...######";
    let on_threads = |threads: usize| {
        let pool = rayon::ThreadPoolBuilder::new().num_threads(threads).build().unwrap();
        pool.install(|| {
            let mut arena = Arena::new();
            let v = Solver::new().value(&mut arena, &Domineering::parse(board).unwrap()).unwrap();
            arena.print(v).unwrap()
        })
    };
    let one = on_threads(1);
    assert_eq!(on_threads(2), one);
    let mut arena = Arena::new();
    let mut solver = Solver::new();
    let mut sum = arena.zero();
    for part in ["....|....|....", "...#|...#|....", "...|..."] {
        let v = solver.value(&mut arena, &Domineering::parse(part).unwrap()).unwrap();
        sum = arena.add(sum, v).unwrap();
    }
    assert_eq!(arena.print(sum).unwrap(), one);
}

#[test]
fn a_search_stopped_by_a_limit_leaves_the_solver_usable() {
    use onag::Budget;
    use onag::error::ErrorKind;
    let board = Domineering::parse("....|....|....|....").unwrap();
    let mut arena = Arena::new();
    let mut solver = Solver::new().with_budget(Budget::unlimited().with_max_positions(50));
    let err = solver.value(&mut arena, &board).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::LimitExceeded, "{err}");
    // Searched again without the limit: the value, not a cycle met in the
    // regions the stopped search left behind.
    solver.set_budget(Budget::unlimited());
    let again = solver.value(&mut arena, &board).unwrap();
    let fresh = Solver::new().value(&mut arena, &board).unwrap();
    assert_eq!(again, fresh);

    let cram = Cram::parse("....|....|....|...#").unwrap();
    let mut solver = Solver::new().with_budget(Budget::unlimited().with_max_positions(20));
    assert_eq!(solver.nim_value(&cram).unwrap_err().kind(), ErrorKind::LimitExceeded);
    solver.set_budget(Budget::unlimited());
    assert_eq!(solver.nim_value(&cram).unwrap(), Solver::new().nim_value(&cram).unwrap());
}

/// Whether the player to move (Left when `left`) wins misère play.
fn brute_misere_win(state: &str, left: bool, memo: &mut FxHashMap<(String, bool), bool>) -> bool {
    if let Some(&w) = memo.get(&(state.to_string(), left)) {
        return w;
    }
    let options = dominoes(state, left);
    let w = options.is_empty() || options.iter().any(|o| !brute_misere_win(o, !left, memo));
    memo.insert((state.to_string(), left), w);
    w
}

#[test]
fn domineering_misere_outcomes_match_a_plain_search_on_every_board_up_to_8_cells() {
    let mut session = onag::lang::Session::new();
    let budget = onag::Budget::unlimited();
    let mut memo = FxHashMap::default();
    for (rows, cols) in shapes(8) {
        for text in all_grids(rows, cols, &['.', '#']) {
            let (l, r) = (
                brute_misere_win(&text, true, &mut memo),
                brute_misere_win(&text, false, &mut memo),
            );
            let want = match (l, r) {
                (true, true) => "N",
                (true, false) => "L",
                (false, true) => "R",
                (false, false) => "P",
            };
            let input = format!("game.grid.Domineering(\"{text}\").MisereOutcomeClass");
            let got = session.run_to_string(&input, &budget).unwrap();
            assert_eq!(got, want, "{text}");
        }
    }
}

//! NoGo, Fission and Cannibal Clobber, the rulesets taken from the MCGS
//! solver, against a plain search whose moves are written again from the
//! rules on character grids (no regions, no symmetry): canonical forms and
//! option lists on many random small boards, the outcome search's answers
//! against the canonical forms' outcome classes (alone and in sums), values
//! worked out by hand, outcomes MCGS publishes, and bad input.

use onag::game::{Arena, PartizanOutcome};
use onag::ruleset::grid::{ClobberRules, Fission, GenClobber, NoGo};
use onag::ruleset::outcome::OutcomeSearch;
use onag::ruleset::{AnyPosition, Notation, PartizanPosition, Player, Solver, Solvers, catalog};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use rustc_hash::FxHashMap;

use crate::ruleset_brute::{brute_value, rows_of, text_of};

const ORTHOGONAL: [(i64, i64); 4] = [(-1, 0), (0, 1), (1, 0), (0, -1)];

/// The cell `(r, c)` moved by `(dr, dc)`, if it is on the grid.
fn at(g: &[Vec<char>], r: usize, c: usize, (dr, dc): (i64, i64)) -> Option<(usize, usize)> {
    let (nr, nc) = (r as i64 + dr, c as i64 + dc);
    (nr >= 0 && nc >= 0 && (nr as usize) < g.len() && (nc as usize) < g[0].len())
        .then_some((nr as usize, nc as usize))
}

/// Whether every group of stones on a NoGo grid has an empty neighbour.
fn every_group_breathes(g: &[Vec<char>]) -> bool {
    let (h, w) = (g.len(), g[0].len());
    let mut seen = vec![vec![false; w]; h];
    for r in 0..h {
        for c in 0..w {
            let colour = g[r][c];
            if seen[r][c] || (colour != 'x' && colour != 'o') {
                continue;
            }
            let mut stack = vec![(r, c)];
            seen[r][c] = true;
            let mut liberty = false;
            while let Some((sr, sc)) = stack.pop() {
                for d in ORTHOGONAL {
                    let Some((nr, nc)) = at(g, sr, sc, d) else { continue };
                    if g[nr][nc] == '.' {
                        liberty = true;
                    } else if g[nr][nc] == colour && !seen[nr][nc] {
                        seen[nr][nc] = true;
                        stack.push((nr, nc));
                    }
                }
            }
            if !liberty {
                return false;
            }
        }
    }
    true
}

/// NoGo moves: a stone on any empty cell, row by row, kept when every group
/// on the board still has a liberty.
fn nogo_moves(text: &str, left: bool) -> Vec<String> {
    let g = rows_of(text);
    let mut out = Vec::new();
    for r in 0..g.len() {
        for c in 0..g[0].len() {
            if g[r][c] == '.' {
                let mut h = g.clone();
                h[r][c] = if left { 'x' } else { 'o' };
                if every_group_breathes(&h) {
                    out.push(text_of(&h));
                }
            }
        }
    }
    out
}

/// Fission moves: a stone whose two neighbours along the mover's line
/// (vertical for Left) are empty leaves its cell for those two.
fn fission_moves(text: &str, left: bool) -> Vec<String> {
    let g = rows_of(text);
    let (d1, d2) = if left { ((-1, 0), (1, 0)) } else { ((0, -1), (0, 1)) };
    let mut out = Vec::new();
    for r in 0..g.len() {
        for c in 0..g[0].len() {
            if g[r][c] != 'x' {
                continue;
            }
            if let (Some(a), Some(b)) = (at(&g, r, c, d1), at(&g, r, c, d2)) {
                if g[a.0][a.1] == '.' && g[b.0][b.1] == '.' {
                    let mut h = g.clone();
                    h[r][c] = '.';
                    h[a.0][a.1] = 'x';
                    h[b.0][b.1] = 'x';
                    out.push(text_of(&h));
                }
            }
        }
    }
    out
}

/// Cannibal Clobber moves: a stone of the mover's onto an orthogonally
/// adjacent stone of either colour, stone by stone, then north, east,
/// south, west.
fn cannibal_moves(text: &str, left: bool) -> Vec<String> {
    let g = rows_of(text);
    let us = if left { 'x' } else { 'o' };
    let mut out = Vec::new();
    for r in 0..g.len() {
        for c in 0..g[0].len() {
            if g[r][c] != us {
                continue;
            }
            for d in ORTHOGONAL {
                let Some((tr, tc)) = at(&g, r, c, d) else { continue };
                if g[tr][tc] == 'x' || g[tr][tc] == 'o' {
                    let mut h = g.clone();
                    h[r][c] = '.';
                    h[tr][tc] = us;
                    out.push(text_of(&h));
                }
            }
        }
    }
    out
}

/// A random grid of up to `max_cells` cells, each cell drawn from `cells`
/// (repeat a character to make it likelier).
fn random_grid(rng: &mut StdRng, max_cells: usize, cells: &[char]) -> String {
    let rows = rng.gen_range(1..=max_cells.min(5));
    let cols = rng.gen_range(1..=(max_cells / rows).min(6));
    let g: Vec<Vec<char>> = (0..rows)
        .map(|_| (0..cols).map(|_| cells[rng.gen_range(0..cells.len())]).collect())
        .collect();
    text_of(&g)
}

fn notations<P: PartizanPosition + Notation>(p: &P, player: Player) -> Vec<String> {
    let mut out = Vec::new();
    p.options(player, &mut out);
    out.iter().map(|o| o.notation()).collect()
}

/// The outcome class MCGS writes as `{B win, W loss}`: Black (Left) moving
/// first, then White (Right) moving first.
fn mcgs_outcome(black_first_wins: bool, white_first_wins: bool) -> PartizanOutcome {
    match (black_first_wins, white_first_wins) {
        (true, true) => PartizanOutcome::N,
        (false, false) => PartizanOutcome::P,
        (true, false) => PartizanOutcome::L,
        (false, true) => PartizanOutcome::R,
    }
}

/// Reads MCGS's `B win, W loss`.
fn read_mcgs(answer: &str) -> PartizanOutcome {
    let wins = |who: &str| {
        let part = answer.split(',').find(|p| p.trim().starts_with(who)).unwrap();
        part.contains("win")
    };
    mcgs_outcome(wins("B"), wins("W"))
}

/// Checks a ruleset on `count` random boards: the library's solver, the
/// catalog's position and the outcome search against the plain search, and
/// option lists (contents and order) against the plain moves. Boards the
/// `parse` refuses must be ones `valid` refuses. Returns the boards checked.
#[allow(clippy::too_many_arguments)]
fn check_random<P: PartizanPosition + Notation + 'static>(
    name: &str,
    seed: u64,
    count: usize,
    max_cells: usize,
    cells: &[char],
    parse: impl Fn(&str) -> onag::error::Result<P>,
    valid: impl Fn(&str) -> bool,
    moves: impl Fn(&String, bool) -> Vec<String>,
) -> usize {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut arena = Arena::new();
    let mut solver = Solver::new();
    let mut solvers = Solvers::new();
    let mut memo = FxHashMap::default();
    let ruleset = catalog::find(name).unwrap();
    let search = OutcomeSearch::new();
    let mut checked = 0;
    let mut previous: Option<(Box<dyn AnyPosition>, onag::game::GameId)> = None;
    for _ in 0..count {
        let text = random_grid(&mut rng, max_cells, cells);
        let Ok(p) = parse(&text) else {
            assert!(!valid(&text), "{name} {text} refused");
            continue;
        };
        assert!(valid(&text), "{name} {text} accepted");
        let want = brute_value(&mut arena, &text, &moves, &mut memo);
        let got = solver.value(&mut arena, &p).unwrap();
        assert_eq!(arena.print(got).unwrap(), arena.print(want).unwrap(), "{name} {text}");
        assert_eq!(notations(&p, Player::Left), moves(&text, true), "{name} {text} Left");
        assert_eq!(notations(&p, Player::Right), moves(&text, false), "{name} {text} Right");
        // The catalog's position, as the command line and calculator build it.
        let any = ruleset.parse(&text).unwrap();
        let v = any.value(&mut arena, &mut solvers).unwrap();
        assert_eq!(arena.print(v).unwrap(), arena.print(want).unwrap(), "{name} {text} catalog");
        assert_eq!(any.notation(), text);
        // The outcome search, on the position alone and in a sum with the
        // board before it.
        let outcome = arena.outcome(want).unwrap();
        let alone = search.solve_generally(std::slice::from_ref(&p)).unwrap();
        assert_eq!(alone.outcome(), outcome, "{name} {text} outcome");
        if let Some((before, before_value)) = previous.take() {
            let sum_value = arena.add(want, before_value).unwrap();
            let sum = vec![any.clone_box(), before];
            let solution = sum[0].solve_outcome(&sum, &search).unwrap();
            assert_eq!(
                solution.outcome(),
                arena.outcome(sum_value).unwrap(),
                "{name} {text} + {}",
                sum[1].notation()
            );
        }
        previous = Some((any, want));
        checked += 1;
    }
    checked
}

#[test]
fn nogo_matches_a_plain_search_on_random_boards() {
    let n = check_random(
        "NoGo",
        37,
        3000,
        10,
        &['.', '.', '.', '.', 'x', 'o', '#'],
        NoGo::parse,
        |t| every_group_breathes(&rows_of(t)),
        |s, left| nogo_moves(s, left),
    );
    assert!(n > 2000, "{n}");
}

#[test]
fn fission_matches_a_plain_search_on_random_boards() {
    let n = check_random(
        "Fission",
        38,
        3000,
        16,
        &['.', '.', '.', '.', 'x', '#'],
        Fission::parse,
        |_| true,
        |s, left| fission_moves(s, left),
    );
    assert_eq!(n, 3000);
}

#[test]
fn cannibal_clobber_matches_a_plain_search_on_random_boards() {
    let n = check_random(
        "CannibalClobber",
        39,
        3000,
        10,
        &['.', 'x', 'o', 'x', 'o'],
        |t| GenClobber::parse(ClobberRules::HOT_CLOBBER, t),
        |_| true,
        |s, left| cannibal_moves(s, left),
    );
    assert_eq!(n, 3000);
}

fn value(name: &str, position: &str) -> String {
    let p = catalog::find(name).unwrap().parse(position).unwrap();
    let mut arena = Arena::new();
    let v = p.value(&mut arena, &mut Solvers::new()).unwrap();
    arena.print(v).unwrap()
}

fn outcome(name: &str, position: &str) -> PartizanOutcome {
    let p = catalog::find(name).unwrap().parse(position).unwrap();
    let sum = vec![p];
    sum[0].solve_outcome(&sum, &OutcomeSearch::new()).unwrap().outcome()
}

#[test]
fn values_worked_out_by_hand() {
    // NoGo: a lone stone with no neighbour has no liberty, so `.` is 0. On
    // `..` either player takes either cell, and then nobody can move (the
    // other cell is the last liberty of the stone): {0,0|0,0} = *.
    assert_eq!(value("NoGo", "."), "0");
    assert_eq!(value("NoGo", ".."), "*");
    assert_eq!(value("NoGo", ".|."), "*");
    // `x..`: Left plays the middle (xx. breathes through the last cell)
    // or the far cell (x.x shares the middle); Right only the far cell (an
    // o in the middle takes the x's last liberty). Every option leaves no
    // move: {0,0|0} = *.
    assert_eq!(value("NoGo", "x.."), "*");
    // Nobody may fill the last liberty shared by an x and an o.
    assert_eq!(value("NoGo", "x.o"), "0");
    // Fission: a stone between two empty cells of a row splits only for
    // Right, to a position with no move: {|0} = -1; in a column, 1.
    assert_eq!(value("Fission", ".x."), "-1");
    assert_eq!(value("Fission", ".|x|."), "1");
    // On the 3×3 board Left's split leaves two rows .x. (-2), Right's two
    // columns (2): {-2|2} = 0.
    assert_eq!(value("Fission", "...|.x.|..."), "0");
    assert_eq!(value("Fission", "x"), "0");
    // Cannibal Clobber: Left's x may eat its own neighbour, leaving one
    // stone: {0|} = 1; against an enemy it is Clobber's *.
    assert_eq!(value("CannibalClobber", "xx"), "1");
    assert_eq!(value("CannibalClobber", "oo"), "-1");
    assert_eq!(value("CannibalClobber", "xo"), "*");
    // It is HotClobber under MCGS's name.
    for board in ["xxo|o.x", "xox|oxo", "xxxo"] {
        assert_eq!(value("CannibalClobber", board), value("HotClobber", board), "{board}");
    }
}

#[test]
fn outcomes_mcgs_publishes() {
    // MCGS input/autotests/nogo_autotests/nogo.test (from a modified
    // SBHSolver) and nogo_4x4_filled.test (a few of its boards).
    for (board, answer) in [
        (".", "B loss, W loss"),
        ("..", "B win, W win"),
        (".|.", "B win, W win"),
        ("...", "B win, W win"),
        (".|.|.", "B win, W win"),
        ("....", "B loss, W loss"),
        ("..|..", "B win, W win"),
        ("...|...|...", "B win, W win"),
        ("....|..OX|OX..|....", "B loss, W loss"),
        ("X.O.|.O..|....|....", "B loss, W win"),
        ("..X.|....|.O..|XO..", "B win, W win"),
        ("..XX|....|...O|.O..", "B loss, W win"),
        ("....|..OX|.O..|....", "B loss, W win"),
        ("....|....|.OO.|...X", "B loss, W win"),
        ("....|X...|O.O.|....", "B loss, W win"),
    ] {
        let want = read_mcgs(answer);
        assert_eq!(outcome("NoGo", board), want, "NoGo {board}");
    }
    // MCGS input/autotests/nogo_1xn_autotests/nogo_1xn_empty.test: empty
    // rows of 1 and 4 cells are P, the others up to 10 are N.
    for n in 1..=10 {
        let want = if n == 1 || n == 4 { PartizanOutcome::P } else { PartizanOutcome::N };
        assert_eq!(outcome("NoGo", &".".repeat(n)), want, "NoGo 1x{n}");
    }
    // MCGS input/autotests/fission_autotests/fission_3x3.test and
    // fission_5x5_easy.test (from CGSuite 2.1.1; a few of its boards).
    for (board, answer) in [
        ("...|..X|...", "B win, W loss"),
        (".X.|...|...", "B loss, W win"),
        ("..#..|.....|...#.|..X#.|.....", "B loss, W loss"),
        (".....|.X...|.X...|..X##|...#.", "B win, W loss"),
        (".X...|.#.#.|.XX..|#X#..|#.X..", "B loss, W win"),
        ("....X|.X...|...X.|.....|.....", "B loss, W loss"),
        (".....|X..X#|X..#X|...X.|#....", "B loss, W win"),
        (".....|.....|.....|.....|.....", "B loss, W loss"),
        (".....|..X..|.X...|..X#.|.X...", "B win, W win"),
        (".....|.....|X....|.....|.....", "B win, W loss"),
        ("#....|...X.|.#...|X.X..|.....", "B win, W win"),
    ] {
        let want = read_mcgs(answer);
        assert_eq!(outcome("Fission", board), want, "Fission {board}");
        let mut arena = Arena::new();
        let p = catalog::find("Fission").unwrap().parse(board).unwrap();
        let v = p.value(&mut arena, &mut Solvers::new()).unwrap();
        assert_eq!(arena.outcome(v).unwrap(), want, "Fission {board} canonical form");
    }
    // MCGS input/autotests/cannibal_clobber/3x3-even-stones.test (from
    // CGSuite 2.2-beta2; a few of its boards) and cannibal_clobber_easy.test
    // (Black moving first on checkerboards: 2×3 loses, 2×2 and 2×4 win).
    for (board, answer) in [
        ("XOX|O.X|OXO", "B loss, W loss"),
        (".XX|XOO|OXO", "B win, W win"),
        ("XOX|OOX|OX.", "B loss, W loss"),
        ("XOO|O.X|OXX", "B win, W loss"),
        (".OX|OOX|OXX", "B loss, W loss"),
        (".XX|OOX|OOX", "B loss, W loss"),
        ("OXX|.OO|XOX", "B win, W win"),
    ] {
        let want = read_mcgs(answer);
        assert_eq!(outcome("CannibalClobber", board), want, "CannibalClobber {board}");
    }
    for (board, black_wins) in [("XO|OX", true), ("XOX|OXO", false), ("XOXO|OXOX", true)] {
        let p = catalog::find("CannibalClobber").unwrap().parse(board).unwrap();
        let sum = vec![p];
        let solution = sum[0].solve_outcome(&sum, &OutcomeSearch::new()).unwrap();
        assert_eq!(solution.left_first.wins, black_wins, "CannibalClobber {board}");
    }
}

#[test]
fn results_mcgs_tabulates() {
    // MCGS docs/MCGS-results.html: empty NoGo rectangles 2×2 N, 2×3 P,
    // 2×4 P, 2×5 N, 2×6 N, 3×3 N, 3×4 P.
    let empty = |rows: usize, cols: usize| vec![".".repeat(cols); rows].join("|");
    for (rows, cols, want) in [
        (2, 2, PartizanOutcome::N),
        (2, 3, PartizanOutcome::P),
        (2, 4, PartizanOutcome::P),
        (2, 5, PartizanOutcome::N),
        (2, 6, PartizanOutcome::N),
        (3, 3, PartizanOutcome::N),
        (3, 4, PartizanOutcome::P),
    ] {
        assert_eq!(outcome("NoGo", &empty(rows, cols)), want, "NoGo {rows}x{cols}");
    }
    // The same page: Cannibal Clobber checkerboards are N except 2×3 (P);
    // rows (xo)^n are N and (xoo)^n are R.
    let checkerboard = |rows: usize, cols: usize| {
        let row = |r: usize| -> String {
            (0..cols).map(|c| if (r + c) % 2 == 0 { 'x' } else { 'o' }).collect()
        };
        (0..rows).map(row).collect::<Vec<_>>().join("|")
    };
    for (rows, cols) in [(2, 2), (2, 3), (2, 4), (2, 5), (3, 3), (3, 4)] {
        let want = if (rows, cols) == (2, 3) { PartizanOutcome::P } else { PartizanOutcome::N };
        let board = checkerboard(rows, cols);
        assert_eq!(outcome("CannibalClobber", &board), want, "CannibalClobber {board}");
    }
    for n in 1..=6 {
        assert_eq!(outcome("CannibalClobber", &"xo".repeat(n)), PartizanOutcome::N, "(xo)^{n}");
    }
    for n in 1..=4 {
        assert_eq!(outcome("CannibalClobber", &"xoo".repeat(n)), PartizanOutcome::R, "(xoo)^{n}");
    }
}

#[test]
fn rulesets_are_found_by_name_and_print_as_positions() {
    for (name, command, class) in [
        ("NoGo", "no-go", "NoGo"),
        ("Fission", "fission", "Fission"),
        ("CannibalClobber", "cannibal-clobber", "GenClobber"),
    ] {
        let r = catalog::find(name).unwrap();
        assert_eq!(r.command(), command);
        assert_eq!(catalog::find(command).unwrap().name, name);
        assert_eq!(r.path(), format!("game.grid.{name}"));
        let p = r.parse(r.example).unwrap();
        assert_eq!(p.cgsuite(), format!("{class}.Position(\"{}\")", r.example));
    }
    // `nogo` is NoGo too.
    assert_eq!(catalog::find("nogo").unwrap().name, "NoGo");
    // Upper case, as MCGS writes boards, reads the same.
    assert_eq!(value("NoGo", "X.|.O"), value("NoGo", "x.|.o"));
    assert_eq!(value("Fission", ".X."), "-1");
}

#[test]
fn bad_boards_are_one_line_errors_naming_the_place() {
    let err = |name: &str, board: &str| {
        let e = catalog::find(name).unwrap().parse(board).unwrap_err().to_string();
        assert!(!e.contains('\n'), "{e}");
        e
    };
    for name in ["NoGo", "Fission", "CannibalClobber"] {
        assert!(err(name, "..|.").contains("equal lengths"), "{name}");
        assert!(err(name, "..|.q").contains("1:5"), "{name}: {}", err(name, "..|.q"));
        assert!(err(name, &["........"; 9].join("|")).contains("at most 64 cells"), "{name}");
        assert!(err(name, "").contains("at least one cell"), "{name}: {}", err(name, ""));
    }
    // Fission's stones belong to nobody; Clobber has no walls.
    assert!(err("Fission", ".o.").contains("1:2"));
    assert!(err("CannibalClobber", "x#o").contains("1:2"));
    // A NoGo group with no liberty, at its first cell.
    let e = err("NoGo", "..|xo|ox");
    assert!(e.contains("1:8") && e.contains("no liberty"), "{e}");
    assert!(err("NoGo", "xo").contains("no liberty"));
}

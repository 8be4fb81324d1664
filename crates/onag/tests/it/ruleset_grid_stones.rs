//! Grid rulesets with stones that move (GenClobber and its instances,
//! Konane, Amazons) against a plain search whose moves are written again
//! from the rules on character grids: every board up to 8 cells (Amazons 6),
//! options in CGSuite's order, CGSuite's own test values, the board's
//! symmetries (proptest, on the plain search), and bad input.

use onag::game::{Arena, GameId};
use onag::ruleset::grid::{Amazons, ClobberRules, GenClobber, Konane};
use onag::ruleset::{Arg, Notation, PartizanPosition, Player, Solver, Solvers, catalog};
use proptest::prelude::*;
use rustc_hash::{FxHashMap, FxHashSet};

use crate::ruleset_brute::{all_grids, brute_value, rows_of, text_of};

const ORTHOGONAL: &[(i64, i64)] = &[(-1, 0), (0, 1), (1, 0), (0, -1)];
const DIAGONAL: &[(i64, i64)] = &[(-1, 1), (1, 1), (1, -1), (-1, -1)];
const COMPASS: &[(i64, i64)] =
    &[(-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1)];
const KNIGHTS: &[(i64, i64)] =
    &[(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)];

/// GenClobber's rules as plain data: directions, the cells Left and Right
/// may move onto, what they leave behind, how far they may go.
#[derive(Clone, Copy)]
struct Plain {
    name: &'static str,
    dirs: &'static [(i64, i64)],
    onto: [&'static str; 2],
    behind: [char; 2],
    max: i64,
}

const INF: i64 = i64::MAX;

const VARIANTS: &[(Plain, ClobberRules)] = &[
    (
        Plain { name: "Clobber", dirs: ORTHOGONAL, onto: ["o", "x"], behind: ['.', '.'], max: 1 },
        ClobberRules::CLOBBER,
    ),
    (
        Plain {
            name: "AntiClobber",
            dirs: ORTHOGONAL,
            onto: [".", "."],
            behind: ['o', 'x'],
            max: 1,
        },
        ClobberRules::ANTI_CLOBBER,
    ),
    (
        Plain {
            name: "HotClobber",
            dirs: ORTHOGONAL,
            onto: ["xo", "xo"],
            behind: ['.', '.'],
            max: 1,
        },
        ClobberRules::HOT_CLOBBER,
    ),
    (
        Plain { name: "Kings", dirs: COMPASS, onto: ["o", "x"], behind: ['.', '.'], max: 1 },
        ClobberRules::KINGS,
    ),
    (
        Plain { name: "Knights", dirs: KNIGHTS, onto: ["o", "x"], behind: ['.', '.'], max: 1 },
        ClobberRules::KNIGHTS,
    ),
    (
        Plain { name: "Rooks", dirs: ORTHOGONAL, onto: ["o", "x"], behind: ['.', '.'], max: INF },
        ClobberRules::ROOKS,
    ),
    (
        Plain { name: "Queens", dirs: COMPASS, onto: ["o", "x"], behind: ['.', '.'], max: INF },
        ClobberRules::QUEENS,
    ),
];

fn inside(g: &[Vec<char>], r: i64, c: i64) -> bool {
    r >= 0 && c >= 0 && (r as usize) < g.len() && (c as usize) < g[0].len()
}

/// GenClobber moves as CGSuite's rules state them: each stone row by row,
/// each direction in order; slide while under the distance and on empty
/// cells, then land if the cell is one the player may move onto.
fn clobber_moves(rules: &Plain, text: &str, left: bool) -> Vec<String> {
    let g = rows_of(text);
    let (us, p) = if left { ('x', 0) } else { ('o', 1) };
    let mut out = Vec::new();
    for r in 0..g.len() as i64 {
        for c in 0..g[0].len() as i64 {
            if g[r as usize][c as usize] != us {
                continue;
            }
            for &(dr, dc) in rules.dirs {
                let mut n = 1;
                while n < rules.max
                    && inside(&g, r + n * dr, c + n * dc)
                    && g[(r + n * dr) as usize][(c + n * dc) as usize] == '.'
                {
                    n += 1;
                }
                let (tr, tc) = (r + n * dr, c + n * dc);
                if inside(&g, tr, tc) && rules.onto[p].contains(g[tr as usize][tc as usize]) {
                    let mut h = g.clone();
                    h[r as usize][c as usize] = rules.behind[p];
                    h[tr as usize][tc as usize] = us;
                    out.push(text_of(&h));
                }
            }
        }
    }
    out
}

/// Konane moves: jump over an adjacent enemy onto an empty cell, and on in
/// the same direction; every landing is a move.
fn konane_moves(text: &str, left: bool) -> Vec<String> {
    let g = rows_of(text);
    let (us, them) = if left { ('x', 'o') } else { ('o', 'x') };
    let mut out = Vec::new();
    for r in 0..g.len() as i64 {
        for c in 0..g[0].len() as i64 {
            if g[r as usize][c as usize] != us {
                continue;
            }
            for &(dr, dc) in ORTHOGONAL {
                let mut h = g.clone();
                let (mut cr, mut cc) = (r, c);
                loop {
                    let (or, oc, tr, tc) = (cr + dr, cc + dc, cr + 2 * dr, cc + 2 * dc);
                    if !inside(&h, tr, tc)
                        || h[or as usize][oc as usize] != them
                        || h[tr as usize][tc as usize] != '.'
                    {
                        break;
                    }
                    h[cr as usize][cc as usize] = '.';
                    h[or as usize][oc as usize] = '.';
                    h[tr as usize][tc as usize] = us;
                    out.push(text_of(&h));
                    (cr, cc) = (tr, tc);
                }
            }
        }
    }
    out
}

/// Amazons moves: a queen move over empty cells, then an arrow from the
/// landing cell over cells that are empty or the one the amazon left.
fn amazons_moves(text: &str, left: bool) -> Vec<String> {
    let g = rows_of(text);
    let us = if left { 'x' } else { 'o' };
    let mut out = Vec::new();
    for r in 0..g.len() as i64 {
        for c in 0..g[0].len() as i64 {
            if g[r as usize][c as usize] != us {
                continue;
            }
            for &(dr, dc) in COMPASS {
                let mut k = 1;
                while inside(&g, r + k * dr, c + k * dc)
                    && g[(r + k * dr) as usize][(c + k * dc) as usize] == '.'
                {
                    let (mr, mc) = (r + k * dr, c + k * dc);
                    for &(ar, ac) in COMPASS {
                        let mut l = 1;
                        loop {
                            let (fr, fc) = (mr + l * ar, mc + l * ac);
                            let open = inside(&g, fr, fc)
                                && (g[fr as usize][fc as usize] == '.' || (fr, fc) == (r, c));
                            if !open {
                                break;
                            }
                            let mut h = g.clone();
                            h[r as usize][c as usize] = '.';
                            h[mr as usize][mc as usize] = us;
                            h[fr as usize][fc as usize] = '#';
                            out.push(text_of(&h));
                            l += 1;
                        }
                    }
                    k += 1;
                }
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

fn notations<P: PartizanPosition + Notation>(p: &P, player: Player) -> Vec<String> {
    let mut out = Vec::new();
    p.options(player, &mut out);
    out.iter().map(|o| o.notation()).collect()
}

/// Checks the engine against the plain search on every board of up to
/// `max_cells` cells over `alphabet`, and the option lists on boards of up
/// to `order_cells`. Returns the number of boards.
fn check_all<P: PartizanPosition + Notation>(
    name: &str,
    max_cells: usize,
    order_cells: usize,
    alphabet: &[char],
    parse: impl Fn(&str) -> P,
    moves: impl Fn(&String, bool) -> Vec<String>,
) -> usize {
    let mut arena = Arena::new();
    let mut solver = Solver::new();
    let mut memo = FxHashMap::default();
    let mut checked = 0;
    for (rows, cols) in shapes(max_cells) {
        for text in all_grids(rows, cols, alphabet) {
            let want = brute_value(&mut arena, &text, &moves, &mut memo);
            let p = parse(&text);
            let got = solver.value(&mut arena, &p).unwrap();
            assert_eq!(arena.print(got).unwrap(), arena.print(want).unwrap(), "{name} {text}");
            if rows * cols <= order_cells {
                assert_eq!(notations(&p, Player::Left), moves(&text, true), "{name} {text} Left");
                assert_eq!(
                    notations(&p, Player::Right),
                    moves(&text, false),
                    "{name} {text} Right"
                );
            }
            checked += 1;
        }
    }
    checked
}

#[test]
fn clobber_variants_match_a_plain_search_on_every_board_up_to_8_cells() {
    for &(plain, rules) in VARIANTS {
        let n = check_all(
            plain.name,
            8,
            6,
            &['.', 'x', 'o'],
            |t| GenClobber::parse(rules, t).unwrap(),
            |s, left| clobber_moves(&plain, s, left),
        );
        assert!(n > 30_000, "{n}");
    }
}

#[test]
fn diagonal_and_limited_clobber_match_a_plain_search() {
    // No named instance moves diagonally, or slides a limited distance, or
    // lets only one colour capture, or leaves a friend behind.
    let diagonal =
        Plain { name: "Diagonal", dirs: DIAGONAL, onto: ["o", "x"], behind: ['.', '.'], max: 1 };
    let two =
        Plain { name: "Compass2", dirs: COMPASS, onto: ["o", "x"], behind: ['.', '.'], max: 2 };
    let lopsided =
        Plain { name: "Lopsided", dirs: ORTHOGONAL, onto: ["o", "."], behind: ['x', 'x'], max: 1 };
    let knight_riders = Plain {
        name: "Nightriders",
        dirs: KNIGHTS,
        onto: ["o", "x"],
        behind: ['.', '.'],
        max: INF,
    };
    let cases = [
        (diagonal, "directions => Diagonal"),
        (two, "directions => Compass, maxDistance => 2"),
        (
            lopsided,
            "clobbered => {Left => {2}, Right => {0}}, leftBehind => {Left => 1, Right => 1}",
        ),
        (knight_riders, "directions => KnightsMove, maxDistance => inf"),
    ];
    for (plain, params) in cases {
        let rules = gen_clobber_rules(params);
        check_all(
            plain.name,
            8,
            6,
            &['.', 'x', 'o'],
            |t| GenClobber::parse(rules, t).unwrap(),
            |s, left| clobber_moves(&plain, s, left),
        );
    }
}

/// GenClobber's rules from `name => value` pairs written as CGSuite does.
fn gen_clobber_rules(named: &str) -> ClobberRules {
    let ruleset = catalog::find("GenClobber").unwrap();
    let mut pairs = Vec::new();
    // Split at commas outside braces.
    let mut depth = 0;
    let mut start = 0;
    let bytes: Vec<char> = named.chars().collect();
    for (i, &c) in bytes.iter().enumerate() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                pairs.push(named[start..i].to_string());
                start = i + 1;
            }
            _ => {}
        }
    }
    pairs.push(named[start..].to_string());
    let named: Vec<(String, Arg)> = pairs
        .iter()
        .map(|p| {
            let (k, v) = p.split_once("=>").unwrap();
            (k.trim().to_string(), Arg::Str(v.trim().to_string()))
        })
        .collect();
    let params = ruleset.params(&[], &named).unwrap();
    ClobberRules::from_params(&params).unwrap()
}

#[test]
fn konane_matches_a_plain_search_on_every_board_up_to_9_cells() {
    let n = check_all(
        "Konane",
        9,
        6,
        &['.', 'x', 'o'],
        |t| Konane::parse(t).unwrap(),
        |s, left| konane_moves(s, left),
    );
    assert!(n > 90_000, "{n}");
}

#[test]
fn amazons_matches_a_plain_search_on_every_board_up_to_6_cells() {
    let n = check_all(
        "Amazons",
        6,
        5,
        &['.', 'x', 'o', '#'],
        |t| Amazons::parse(t).unwrap(),
        |s, left| amazons_moves(s, left),
    );
    assert!(n > 10_000, "{n}");
}

#[test]
fn amazons_x_dot_o_follows_cgsuites_tests() {
    // CGSuite: the value, and 2784 followers (counting the position).
    let start = "x...|o...".to_string();
    let mut seen = FxHashSet::default();
    let mut queue = vec![start.clone()];
    seen.insert(start.clone());
    while let Some(s) = queue.pop() {
        for left in [true, false] {
            for t in amazons_moves(&s, left) {
                if seen.insert(t.clone()) {
                    queue.push(t);
                }
            }
        }
    }
    assert_eq!(seen.len(), 2784);
    let mut arena = Arena::new();
    let mut memo = FxHashMap::default();
    let want = brute_value(&mut arena, &start, &|s: &String, l| amazons_moves(s, l), &mut memo);
    let want = arena.print(want).unwrap();
    assert_eq!(want, "+-{3,{4|0,{1|0,*}},{4|{0,{1/2|0}|v},+-1,+-{1,{2|0}}}}");
    assert_eq!(value("Amazons", &start), want);
    let p = catalog::find("Amazons").unwrap().parse(&start).unwrap();
    assert_eq!(p.cgsuite(), r#"Amazons.Position("x...|o...")"#);
}

fn value(name: &str, position: &str) -> String {
    let ruleset = catalog::find(name).unwrap();
    let p = ruleset.parse(position).unwrap();
    let mut arena = Arena::new();
    let mut solvers = Solvers::new();
    let v = p.value(&mut arena, &mut solvers).unwrap();
    arena.print(v).unwrap()
}

fn gen_value(named: &[(&str, &str)], position: &str) -> String {
    let ruleset = catalog::find("GenClobber").unwrap();
    let named: Vec<(String, Arg)> =
        named.iter().map(|(k, v)| (k.to_string(), Arg::Str(v.to_string()))).collect();
    let params = ruleset.params(&[], &named).unwrap();
    let p = ruleset.position(&params, &Arg::Str(position.to_string())).unwrap();
    let mut arena = Arena::new();
    let v = p.value(&mut arena, &mut Solvers::new()).unwrap();
    arena.print(v).unwrap()
}

#[test]
fn cgsuite_test_values() {
    assert_eq!(value("Clobber", "xox|ox."), "{^^*|*,v}");
    assert_eq!(gen_value(&[("directions", "diagonal")], "xoxo|oox.|xxx."), "{0,v*|vv}");
    assert_eq!(gen_value(&[("directions", "Coordinates.Diagonal")], "xoxo|oox.|xxx."), "{0,v*|vv}");
    assert_eq!(value("Kings", "xox|ox."), "{^^*|*,v[2]}");
    assert_eq!(value("Rooks", "xox|ox."), "{^^*|0,*}");
    assert_eq!(value("Queens", "xox|ox."), "^");
    assert_eq!(value("AntiClobber", "xoxo|oo.."), "{*|-1}");
    // Upper case is read as CGSuite reads it.
    assert_eq!(value("Clobber", "XOX|OX."), "{^^*|*,v}");
}

#[test]
fn known_clobber_values() {
    // Small values worked out from the rules (and by the plain search).
    for (board, want) in [
        ("xo", "*"),
        ("xoo", "v"),
        ("xxo", "^"),
        ("xoxo", "+-{*,^}"),
        ("xoxoxo", "0"),
        ("xo|ox", "*"),
        ("xox|oxo", "0"),
        ("xoxo|oxox", "*"),
        ("xoxo|oxox|xoxo", "0"),
    ] {
        assert_eq!(value("Clobber", board), want, "{board}");
    }
    // Two stones of one colour alone, or no stones, are 0.
    assert_eq!(value("Clobber", "xx..oo"), "0");
    assert_eq!(value("Clobber", "....."), "0");
}

#[test]
fn anti_clobber_is_not_split_at_empty_cells() {
    // Left's one move is to oxo, Right's to xox, and neither has a move
    // there: *. CGSuite splits the board at the empty cell into x + o and
    // answers 0, which the rules do not give.
    assert_eq!(value("AntiClobber", "x.o"), "*");
    let mut memo = FxHashMap::default();
    let mut arena = Arena::new();
    let plain = VARIANTS[1].0;
    let want = brute_value(
        &mut arena,
        &"x.o".to_string(),
        &|s: &String, l| clobber_moves(&plain, s, l),
        &mut memo,
    );
    assert_eq!(arena.print(want).unwrap(), "*");
}

#[test]
fn options_come_in_cgsuite_order_and_notation() {
    let show = |name: &str, board: &str, player| {
        let p = catalog::find(name).unwrap().parse(board).unwrap();
        p.options(player).iter().map(|o| o.cgsuite()).collect::<Vec<_>>().join(",")
    };
    let wrap = |boards: &[&str], name: &str| {
        boards.iter().map(|b| format!("{name}.Position(\"{b}\")")).collect::<Vec<_>>().join(",")
    };
    assert_eq!(
        show("Clobber", "xo|ox", Player::Left),
        wrap(&[".x|ox", ".o|xx", "xx|o.", "xo|x."], "GenClobber")
    );
    assert_eq!(
        show("Clobber", "xo|ox", Player::Right),
        wrap(&["x.|oo", "o.|ox", "oo|.x", "xo|.o"], "GenClobber")
    );
    assert_eq!(show("Amazons", "x.o", Player::Left), wrap(&["#xo"], "Amazons"));
    assert_eq!(show("Amazons", "x.o", Player::Right), wrap(&["xo#"], "Amazons"));
    // Konane: each landing of a run of jumps is its own option.
    assert_eq!(show("Konane", "xo.o.", Player::Left), wrap(&["..xo.", "....x"], "Konane"));
    assert_eq!(show("Konane", "xo.o.", Player::Right), "");
    assert_eq!(value("Konane", "xo.o."), "1");
    assert_eq!(show("Konane", "o.|x.|..", Player::Right), wrap(&["..|..|o."], "Konane"));
    for name in ["Clobber", "AntiClobber", "HotClobber", "Kings", "Knights", "Rooks", "Queens"] {
        let p = catalog::find(name).unwrap().parse("xo").unwrap();
        assert_eq!(p.cgsuite(), r#"GenClobber.Position("xo")"#, "{name}");
    }
    // Options keep the full board; only regions are trimmed.
    assert_eq!(show("Clobber", "xo...", Player::Left), wrap(&[".x..."], "GenClobber"));
}

#[test]
fn rulesets_are_found_by_cgsuite_and_command_names() {
    for (name, command) in [
        ("Clobber", "clobber"),
        ("AntiClobber", "anti-clobber"),
        ("HotClobber", "hot-clobber"),
        ("Kings", "kings"),
        ("Knights", "knights"),
        ("Rooks", "rooks"),
        ("Queens", "queens"),
        ("GenClobber", "gen-clobber"),
        ("Konane", "konane"),
        ("Amazons", "amazons"),
    ] {
        let r = catalog::find(name).unwrap();
        assert_eq!(r.command(), command);
        assert_eq!(catalog::find(command).unwrap().name, name);
        assert_eq!(r.path(), format!("game.grid.{name}"));
        // The help's example parses.
        r.parse(r.example).unwrap();
    }
}

#[test]
fn gen_clobber_parameters_in_every_form() {
    let ruleset = catalog::find("GenClobber").unwrap();
    let rules = |named: Vec<(&str, Arg)>| {
        let named: Vec<(String, Arg)> =
            named.into_iter().map(|(k, v)| (k.to_string(), v)).collect();
        ruleset.params(&[], &named).and_then(|p| ClobberRules::from_params(&p))
    };
    let s = |t: &str| Arg::Str(t.to_string());
    let int = |n: i64| Arg::Int(n.into());
    assert_eq!(rules(vec![]).unwrap(), ClobberRules::CLOBBER);
    assert_eq!(rules(vec![("maxDistance", s("inf"))]).unwrap(), ClobberRules::ROOKS);
    assert_eq!(
        rules(vec![("directions", s("compass")), ("maxDistance", s("infinity"))]).unwrap(),
        ClobberRules::QUEENS
    );
    assert_eq!(rules(vec![("directions", s("KnightsMove"))]).unwrap(), ClobberRules::KNIGHTS);
    assert_eq!(rules(vec![("directions", s("knights"))]).unwrap(), ClobberRules::KNIGHTS);
    assert_eq!(rules(vec![("clobbered", s("xo/xo"))]).unwrap(), ClobberRules::HOT_CLOBBER);
    assert_eq!(
        rules(vec![("clobbered", s("./.")), ("leftBehind", s("o/x"))]).unwrap(),
        ClobberRules::ANTI_CLOBBER
    );
    assert_eq!(
        rules(vec![
            ("clobbered", Arg::List(vec![Arg::List(vec![int(0)]), Arg::List(vec![int(0)])])),
            ("leftBehind", Arg::List(vec![int(2), int(1)])),
        ])
        .unwrap(),
        ClobberRules::ANTI_CLOBBER
    );
    // Directions as CGSuite's list of coordinates, in CGSuite's order.
    let pair = |r: i64, c: i64| Arg::Pair(Box::new(int(r)), Box::new(int(c)));
    let compass = Arg::List(vec![
        pair(-1, 0),
        pair(-1, 1),
        pair(0, 1),
        pair(1, 1),
        pair(1, 0),
        pair(1, -1),
        pair(0, -1),
        pair(-1, -1),
    ]);
    assert_eq!(rules(vec![("directions", compass)]).unwrap(), ClobberRules::KINGS);
    assert_eq!(rules(vec![("maxDistance", int(1000))]).unwrap(), ClobberRules::ROOKS);
    let huge = s("123456789012345678901234567890");
    assert_eq!(rules(vec![("maxDistance", huge)]).unwrap(), ClobberRules::ROOKS);
    assert_eq!(rules(vec![("maxDistance", s("2"))]).unwrap().max_distance(), Some(2));
    // Bad parameters are one-line errors.
    let err = |named| rules(named).unwrap_err().to_string();
    assert!(err(vec![("directions", s("up"))]).contains("Orthogonal, Diagonal"));
    assert!(err(vec![("maxDistance", s("0"))]).contains("positive integer or inf"));
    assert!(err(vec![("maxDistance", int(0))]).contains("from 1"));
    assert!(err(vec![("clobbered", s("{Left => {3}, Right => {1}}"))]).contains("1:11"));
    assert!(err(vec![("leftBehind", s("xo/x"))]).contains("one cell value"));
    assert!(err(vec![("width", s("3"))]).contains("no parameter width"));
}

#[test]
fn rules_that_let_a_game_go_on_forever_are_an_error() {
    // Stones that walk onto empty cells and leave them empty can walk back.
    let ruleset = catalog::find("GenClobber").unwrap();
    let named = [("clobbered", "./."), ("leftBehind", "./.")]
        .map(|(k, v)| (k.to_string(), Arg::Str(v.to_string())));
    let params = ruleset.params(&[], &named).unwrap();
    let p = ruleset.position(&params, &Arg::Str("x..".to_string())).unwrap();
    let err = p.value(&mut Arena::new(), &mut Solvers::new()).unwrap_err();
    assert_eq!(err.kind(), onag::error::ErrorKind::Cycle, "{err}");
}

#[test]
fn bad_boards_are_one_line_errors() {
    for name in ["Clobber", "GenClobber", "Konane", "Amazons"] {
        let err = |t: &str| catalog::find(name).unwrap().parse(t).unwrap_err().to_string();
        assert!(err("xo|x").contains("equal lengths"), "{name}: {}", err("xo|x"));
        assert!(err("xo|x?").contains("1:5"), "{name}: {}", err("xo|x?"));
        assert!(err("xo|x?").contains("unexpected '?'"), "{name}");
        assert!(err("").contains("at least one cell"), "{name}: {}", err(""));
        assert!(err(&["........"; 9].join("|")).contains("at most 64 cells"), "{name}");
    }
    let err = |name: &str, t: &str| catalog::find(name).unwrap().parse(t).unwrap_err().to_string();
    assert!(err("Clobber", "x#o").contains("unexpected '#'"));
    assert!(err("Konane", "x#o").contains("unexpected '#'"));
    assert!(Amazons::parse("x#o").is_ok());
    // Eight full rows of eight fit.
    assert!(Amazons::parse(&["x......o"; 8].join("|")).is_ok());
}

/// The eight images of a character grid under rotations and reflections.
fn images(text: &str) -> Vec<String> {
    let g = rows_of(text);
    let (h, w) = (g.len(), g[0].len());
    let transpose: Vec<Vec<char>> = (0..w).map(|c| (0..h).map(|r| g[r][c]).collect()).collect();
    let mut out = Vec::new();
    for base in [g, transpose] {
        let flip_rows: Vec<Vec<char>> = base.iter().rev().cloned().collect();
        let flip_cols: Vec<Vec<char>> =
            base.iter().map(|r| r.iter().rev().copied().collect()).collect();
        let both: Vec<Vec<char>> =
            flip_rows.iter().map(|r| r.iter().rev().copied().collect()).collect();
        for img in [base, flip_rows, flip_cols, both] {
            out.push(text_of(&img));
        }
    }
    out
}

fn swap_colours(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            'x' => 'o',
            'o' => 'x',
            c => c,
        })
        .collect()
}

/// Checks on the plain search that every image of `text` has its value and
/// that swapping colours negates it.
fn check_symmetries(
    text: &str,
    moves: &dyn Fn(&String, bool) -> Vec<String>,
) -> Result<(), TestCaseError> {
    let mut arena = Arena::new();
    let mut memo = FxHashMap::default();
    let mut v = |t: &str, arena: &mut Arena| -> GameId {
        brute_value(arena, &t.to_string(), &moves, &mut memo)
    };
    let base = v(text, &mut arena);
    for img in images(text) {
        prop_assert_eq!(v(&img, &mut arena), base, "{}", img);
    }
    let swapped = v(&swap_colours(text), &mut arena);
    prop_assert_eq!(swapped, arena.neg(base).unwrap());
    Ok(())
}

fn board_strategy(
    rows: usize,
    cols: usize,
    alphabet: &'static [char],
) -> impl Strategy<Value = String> {
    proptest::collection::vec(proptest::sample::select(alphabet), rows * cols).prop_map(
        move |cells| {
            let rows: Vec<Vec<char>> = cells.chunks(cols).map(|r| r.to_vec()).collect();
            text_of(&rows)
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn clobber_variants_keep_their_value_under_symmetries(
        text in board_strategy(3, 4, &['.', 'x', 'o', 'x', 'o']),
        which in 0..VARIANTS.len(),
    ) {
        let plain = VARIANTS[which].0;
        check_symmetries(&text, &|s, l| clobber_moves(&plain, s, l))?;
        // And the engine agrees with the plain search on the full board.
        let mut arena = Arena::new();
        let mut memo = FxHashMap::default();
        let want = brute_value(&mut arena, &text, &|s: &String, l| clobber_moves(&plain, s, l), &mut memo);
        let got = Solver::new().value(&mut arena, &GenClobber::parse(VARIANTS[which].1, &text).unwrap()).unwrap();
        prop_assert_eq!(got, want);
    }

    #[test]
    fn konane_keeps_its_value_under_symmetries(text in board_strategy(3, 4, &['.', 'x', 'o'])) {
        check_symmetries(&text, &|s, l| konane_moves(s, l))?;
        let mut arena = Arena::new();
        let mut memo = FxHashMap::default();
        let want = brute_value(&mut arena, &text, &|s: &String, l| konane_moves(s, l), &mut memo);
        let got = Solver::new().value(&mut arena, &Konane::parse(&text).unwrap()).unwrap();
        prop_assert_eq!(got, want);
    }

    #[test]
    fn amazons_keeps_its_value_under_symmetries(text in board_strategy(2, 4, &['.', '.', 'x', 'o', '#'])) {
        check_symmetries(&text, &|s, l| amazons_moves(s, l))?;
        let mut arena = Arena::new();
        let mut memo = FxHashMap::default();
        let want = brute_value(&mut arena, &text, &|s: &String, l| amazons_moves(s, l), &mut memo);
        let got = Solver::new().value(&mut arena, &Amazons::parse(&text).unwrap()).unwrap();
        prop_assert_eq!(got, want);
    }
}

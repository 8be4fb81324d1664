//! Strip rulesets (Toads and Frogs and its generalisation, Elephants and
//! Rhinos, Toppling Dominoes) against a plain search written from CGSuite's
//! rules on byte strings, with no regions and no symmetry, on every strip up
//! to 12 cells (fewer for the variants); CGSuite's test values; CGSuite's
//! option order and notation; bad input.

use num_bigint::BigInt;
use onag::game::{Arena, GameId};
use onag::ruleset::strip::{ToadsAndFrogs, ToadsAndFrogsRules, TopplingDominoes};
use onag::ruleset::{Arg, PartizanPosition, Player, Solver, Solvers, catalog};
use proptest::prelude::*;
use rustc_hash::FxHashMap;

use crate::ruleset_brute::{all_grids, brute_value};

/// `GenToadsAndFrogs`'s parameters, as CGSuite takes them.
#[derive(Clone, Copy, Debug)]
struct Params {
    min_slide: i64,
    max_slide: i64,
    max_jump: i64,
    friendly: bool,
}

const STANDARD: Params = Params { min_slide: 1, max_slide: 1, max_jump: 1, friendly: false };

/// The moves of CGSuite's `GenToadsAndFrogs.Options`, transcribed: the
/// mover's pieces left to right; all forward slides, then all jumps (back
/// slides need a negative `minSlide`).
fn toad_moves(s: &[u8], left: bool, p: Params) -> Vec<Vec<u8>> {
    let (us, them, sign) = if left { (b't', b'f', 1i64) } else { (b'f', b't', -1) };
    let at = |i: i64| if i >= 0 && (i as usize) < s.len() { Some(s[i as usize]) } else { None };
    let moved = |from: i64, to: i64| {
        let mut t = s.to_vec();
        t[from as usize] = b'.';
        t[to as usize] = us;
        t
    };
    let pieces: Vec<i64> = (0..s.len() as i64).filter(|&i| s[i as usize] == us).collect();
    let mut out = Vec::new();
    for &n in &pieces {
        let mut k = 1;
        while k <= p.max_slide && at(n + k * sign) == Some(b'.') {
            if k >= p.min_slide {
                out.push(moved(n, n + k * sign));
            }
            k += 1;
        }
    }
    for &n in &pieces {
        let mut k = 1;
        while k <= p.max_jump
            && (at(n + k * sign) == Some(them) || (p.friendly && at(n + k * sign) == Some(us)))
        {
            if at(n + (k + 1) * sign) == Some(b'.') {
                out.push(moved(n, n + (k + 1) * sign));
            }
            k += 1;
        }
    }
    out
}

/// The moves of CGSuite's `TopplingDominoes.Options`: each of the mover's
/// (or a green) domino, toppled left then right.
fn topple_moves(s: &[u8], left: bool) -> Vec<Vec<u8>> {
    let mine = if left { b'l' } else { b'r' };
    let mut out = Vec::new();
    for n in 0..s.len() {
        if s[n] == mine || s[n] == b'e' {
            let mut a = s.to_vec();
            a[..=n].fill(b'.');
            out.push(a);
            let mut b = s.to_vec();
            b[n..].fill(b'.');
            out.push(b);
        }
    }
    out
}

fn rules(p: Params) -> ToadsAndFrogsRules {
    ToadsAndFrogsRules::new(p.min_slide, p.max_slide, p.max_jump, p.friendly).unwrap()
}

/// Checks the engine against the plain search on every strip over `alphabet`
/// up to `max_len` cells; returns how many were checked.
fn check_all<P: PartizanPosition>(
    max_len: usize,
    alphabet: &[char],
    parse: impl Fn(&str) -> P,
    moves: impl Fn(&Vec<u8>, bool) -> Vec<Vec<u8>>,
) -> usize {
    let mut arena = Arena::new();
    let mut solver = Solver::new();
    let mut memo = FxHashMap::default();
    let mut checked = 0;
    for n in 0..=max_len {
        for text in all_grids(1, n, alphabet) {
            let want = brute_value(&mut arena, &text.clone().into_bytes(), &moves, &mut memo);
            let got = solver.value(&mut arena, &parse(&text)).unwrap();
            if got != want {
                panic!(
                    "{text}: engine {} but the rules give {}",
                    show(&mut arena, got),
                    show(&mut arena, want)
                );
            }
            checked += 1;
        }
    }
    checked
}

fn show(arena: &mut Arena, g: GameId) -> String {
    arena.print(g).unwrap()
}

#[test]
fn toads_and_frogs_matches_a_plain_search_on_every_strip_up_to_12_cells() {
    let r = rules(STANDARD);
    let n = check_all(
        12,
        &['.', 't', 'f'],
        |t| ToadsAndFrogs::parse_with(t, r).unwrap(),
        |s, left| toad_moves(s, left, STANDARD),
    );
    assert_eq!(n, (0..=12).map(|k| 3usize.pow(k)).sum::<usize>());
}

#[test]
fn variants_match_a_plain_search_on_every_strip_up_to_9_cells() {
    let variants = [
        // Elephants and Rhinos.
        Params { max_jump: 0, ..STANDARD },
        Params { max_jump: 2, ..STANDARD },
        Params { max_jump: 3, ..STANDARD },
        Params { friendly: true, ..STANDARD },
        Params { max_jump: 2, friendly: true, ..STANDARD },
        Params { max_slide: 2, ..STANDARD },
        Params { max_slide: 9, max_jump: 2, ..STANDARD },
        Params { min_slide: 2, max_slide: 3, ..STANDARD },
        Params { min_slide: 2, max_slide: 2, max_jump: 2, friendly: true },
        // No slides at all (minSlide past maxSlide, or maxSlide below 1).
        Params { min_slide: 3, max_slide: 2, ..STANDARD },
        Params { max_slide: 0, max_jump: 2, friendly: true, ..STANDARD },
        Params { max_slide: -4, max_jump: 1, ..STANDARD },
        // minSlide 0 slides as 1 does.
        Params { min_slide: 0, max_slide: 2, ..STANDARD },
        Params { max_jump: 100, max_slide: 100, ..STANDARD },
    ];
    for p in variants {
        let r = rules(p);
        check_all(
            9,
            &['.', 't', 'f'],
            |t| ToadsAndFrogs::parse_with(t, r).unwrap(),
            |s, left| toad_moves(s, left, p),
        );
    }
}

#[test]
fn toppling_dominoes_matches_a_plain_search() {
    let parse = |t: &str| TopplingDominoes::parse(t).unwrap();
    check_all(8, &['.', 'l', 'r', 'e'], parse, |s, left| topple_moves(s, left));
    check_all(9, &['l', 'r', 'e'], parse, |s, left| topple_moves(s, left));
}

/// A strip of `len` cells from `code`, base `alphabet.len()`.
fn strip_of(mut code: u64, len: usize, alphabet: &[u8]) -> Vec<u8> {
    let k = alphabet.len() as u64;
    (0..len)
        .map(|_| {
            let c = alphabet[(code % k) as usize];
            code /= k;
            c
        })
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Longer strips than the exhaustive tests reach, under random rules.
    #[test]
    fn longer_toads_and_frogs_strips_match_the_plain_search(
        code in any::<u64>(),
        len in 13usize..=15,
        variant in 0usize..5,
    ) {
        let p = [
            STANDARD,
            Params { max_jump: 2, ..STANDARD },
            Params { friendly: true, max_jump: 2, ..STANDARD },
            Params { max_slide: 2, max_jump: 0, ..STANDARD },
            Params { max_jump: 0, ..STANDARD },
        ][variant];
        let s = strip_of(code, len, b"..tf");
        let mut arena = Arena::new();
        let want = brute_value(
            &mut arena,
            &s,
            &|s: &Vec<u8>, left| toad_moves(s, left, p),
            &mut FxHashMap::default(),
        );
        let text = String::from_utf8(s).unwrap();
        let position = ToadsAndFrogs::parse_with(&text, rules(p)).unwrap();
        let got = Solver::new().value(&mut arena, &position).unwrap();
        prop_assert_eq!(show(&mut arena, got), show(&mut arena, want), "{}", text);
    }

    /// Strips of up to 64 cells have `u64` planes, longer ones `u128`
    /// planes; both give the same values.
    #[test]
    fn wide_planes_give_the_same_values(code in any::<u64>(), len in 0usize..=13, variant in 0usize..3) {
        let p = [STANDARD, Params { friendly: true, ..STANDARD }, Params { max_jump: 0, ..STANDARD }][variant];
        let text = String::from_utf8(strip_of(code, len, b"..tf")).unwrap();
        let mut arena = Arena::new();
        let narrow = Solver::new().value(&mut arena, &ToadsAndFrogs::parse_with(&text, rules(p)).unwrap()).unwrap();
        let wide = ToadsAndFrogs::parse_long(&text, rules(p)).unwrap();
        prop_assert_eq!(Solver::new().value(&mut arena, &wide).unwrap(), narrow, "{}", text);
    }

    #[test]
    fn longer_toppling_strips_match_the_plain_search(code in any::<u64>(), len in 11usize..=24) {
        let s = strip_of(code, len, b".lre");
        let mut arena = Arena::new();
        let want = brute_value(&mut arena, &s, &|s: &Vec<u8>, left| topple_moves(s, left), &mut FxHashMap::default());
        let text = String::from_utf8(s).unwrap();
        let got = Solver::new().value(&mut arena, &TopplingDominoes::parse(&text).unwrap()).unwrap();
        prop_assert_eq!(show(&mut arena, got), show(&mut arena, want), "{}", text);
    }
}

/// The value of `ruleset(named parameters)(position)` through the catalog.
fn value_with(name: &str, named: &[(&str, i64)], position: &str) -> String {
    let ruleset = catalog::find(name).unwrap();
    let named: Vec<(String, Arg)> =
        named.iter().map(|(n, v)| (n.to_string(), Arg::Int(BigInt::from(*v)))).collect();
    let params = ruleset.params(&[], &named).unwrap();
    let p = ruleset.position(&params, &Arg::Str(position.to_string())).unwrap();
    let mut arena = Arena::new();
    let v = p.value(&mut arena, &mut Solvers::new()).unwrap();
    arena.print(v).unwrap()
}

fn value(name: &str, position: &str) -> String {
    value_with(name, &[], position)
}

#[test]
fn cgsuite_test_values() {
    assert_eq!(
        value("ToadsAndFrogs", "ttttt..fffff"),
        "+-{{2|*},{5/2||2|{0||||{0||v<2>|-1},{0||||0||Miny(1/32)|-2|||-1/2*}|||v<2>|-1/2||-1*}|||0}}"
    );
    assert_eq!(value_with("GenToadsAndFrogs", &[("maxJump", 2)], "tttt..fff"), "{1/2*|v}");
    assert_eq!(value("ElephantsAndRhinos", "tttt..fff"), "1");
    assert_eq!(value("TopplingDominoes", "lrrlrrl"), "Tiny(1/2)");
    assert_eq!(value("TopplingDominoes", "lere"), "{1|0,{0|-1}}");
}

#[test]
fn values_derived_from_cgsuite_rules() {
    for (strip, v) in [
        ("t.f", "*"),
        ("tt.ff", "*"),
        ("ttt.fff", "*"),
        ("t..f", "0"),
        ("tt..ff", "*"),
        ("ttt..fff", "+-1/8"),
        ("tf.tf", "0"),
        ("t.tf.f", "*"),
        ("TTT..FFF", "+-1/8"),
        ("", "0"),
    ] {
        assert_eq!(value("ToadsAndFrogs", strip), v, "{strip}");
        assert_eq!(value_with("GenToadsAndFrogs", &[], strip), v, "{strip}");
    }
    for (strip, v) in [
        ("l", "1"),
        ("r", "-1"),
        ("e", "*"),
        ("lr", "*"),
        ("lrl", "1/2"),
        ("lrr", "{0|-1}"),
        ("le", "{1|0}"),
        ("el", "{1|0}"),
        ("l.r..l", "1/2"),
        ("....", "0"),
    ] {
        assert_eq!(value("TopplingDominoes", strip), v, "{strip}");
    }
    // One-sided strips are integers: the distance the pieces must travel.
    assert_eq!(value("ToadsAndFrogs", "t.t..t"), "5");
    assert_eq!(value("ToadsAndFrogs", "tff....f"), "-4");
    // A strip longer than 64 cells.
    let long = format!("t{}f", ".".repeat(98));
    assert_eq!(long.len(), 100);
    assert_eq!(value("ToadsAndFrogs", &long), "0");
    assert_eq!(value("ToadsAndFrogs", &format!("t{}", ".".repeat(127))), "127");
    assert_eq!(value("ElephantsAndRhinos", &format!("ttfft{}", ".".repeat(123))), "123");
}

fn options(name: &str, position: &str, player: Player) -> String {
    let p = catalog::find(name).unwrap().parse(position).unwrap();
    let shown: Vec<String> = p.options(player).iter().map(|o| o.cgsuite()).collect();
    format!("[{}]", shown.join(","))
}

#[test]
fn options_come_in_cgsuite_order_and_notation() {
    assert_eq!(
        options("ToadsAndFrogs", "tf.", Player::Left),
        r#"[GenToadsAndFrogs.Position(".ft")]"#
    );
    assert_eq!(options("ToadsAndFrogs", "tf.", Player::Right), "[]");
    assert_eq!(
        options("ToadsAndFrogs", "ttt..fff", Player::Left),
        r#"[GenToadsAndFrogs.Position("tt.t.fff")]"#
    );
    assert_eq!(
        options("ToadsAndFrogs", "ttt..fff", Player::Right),
        r#"[GenToadsAndFrogs.Position("ttt.f.ff")]"#
    );
    // Slides of every piece first, then jumps; pieces left to right for
    // both players.
    assert_eq!(
        options("ToadsAndFrogs", "t.tf.ft", Player::Left),
        r#"[GenToadsAndFrogs.Position(".ttf.ft"),GenToadsAndFrogs.Position("t..ftft")]"#
    );
    assert_eq!(
        options("ToadsAndFrogs", "t.tf.f.", Player::Right),
        r#"[GenToadsAndFrogs.Position("t.tff.."),GenToadsAndFrogs.Position("tft..f.")]"#
    );
    let p = catalog::find("ElephantsAndRhinos").unwrap().parse("t.f").unwrap();
    assert_eq!(p.cgsuite(), r#"GenToadsAndFrogs.Position("t.f")"#);
    assert_eq!(
        options("TopplingDominoes", "lr", Player::Left),
        r#"[TopplingDominoes.Position(".r"),TopplingDominoes.Position("..")]"#
    );
    assert_eq!(
        options("TopplingDominoes", "lr", Player::Right),
        r#"[TopplingDominoes.Position(".."),TopplingDominoes.Position("l.")]"#
    );
    // Repeats are kept.
    assert_eq!(
        options("TopplingDominoes", "lrl", Player::Left),
        "[TopplingDominoes.Position(\".rl\"),TopplingDominoes.Position(\"...\"),\
         TopplingDominoes.Position(\"...\"),TopplingDominoes.Position(\"lr.\")]"
    );
    assert_eq!(
        options("TopplingDominoes", "l.e", Player::Right),
        "[TopplingDominoes.Position(\"...\"),TopplingDominoes.Position(\"l..\")]"
    );
}

#[test]
fn generalised_moves_follow_the_parameters() {
    let gen_options = |named: &[(&str, Arg)], position: &str, player| {
        let ruleset = catalog::find("GenToadsAndFrogs").unwrap();
        let named: Vec<(String, Arg)> =
            named.iter().map(|(n, a)| (n.to_string(), a.clone())).collect();
        let params = ruleset.params(&[], &named).unwrap();
        let p = ruleset.position(&params, &Arg::Str(position.to_string())).unwrap();
        p.options(player).iter().map(|o| o.notation()).collect::<Vec<_>>().join(",")
    };
    let int = |n: i64| Arg::Int(BigInt::from(n));
    // Slides of 1 to 3 cells, then the jumps over 1 and over 2 frogs.
    assert_eq!(
        gen_options(&[("maxSlide", int(3)), ("maxJump", int(2))], "t...", Player::Left),
        ".t..,..t.,...t"
    );
    assert_eq!(
        gen_options(&[("maxSlide", int(3)), ("maxJump", int(2))], "tff.", Player::Left),
        ".fft"
    );
    assert_eq!(gen_options(&[("maxJump", int(2))], "tff.f.", Player::Left), ".fftf.");
    assert_eq!(
        gen_options(&[("minSlide", int(2)), ("maxSlide", int(2))], "t...", Player::Left),
        "..t."
    );
    assert_eq!(
        gen_options(&[("allowFriendlyJump", Arg::Bool(true))], "tt.", Player::Left),
        "t.t,.tt"
    );
    assert_eq!(gen_options(&[], "tt.", Player::Left), "t.t");
}

#[test]
fn bad_input_is_a_one_line_error() {
    let err = |name: &str, t: &str| catalog::find(name).unwrap().parse(t).unwrap_err().to_string();
    let e = err("ToadsAndFrogs", "tt.x");
    assert!(e.contains("1:4") && e.contains("unexpected 'x'") && e.contains("'t'"), "{e}");
    assert!(err("ToadsAndFrogs", "t|f").contains("1:2"), "{}", err("ToadsAndFrogs", "t|f"));
    assert!(err("TopplingDominoes", "lrt").contains("'e'"), "{}", err("TopplingDominoes", "lrt"));
    let e = err("ToadsAndFrogs", &".".repeat(129));
    assert!(e.contains("at most 128 cells"), "{e}");
    let e = err("TopplingDominoes", &"l".repeat(200));
    assert!(e.contains("at most 128 cells"), "{e}");
    // Backsliding makes the game loopy.
    let generic = catalog::find("GenToadsAndFrogs").unwrap();
    let params =
        generic.params(&[], &[("minSlide".to_string(), Arg::Int(BigInt::from(-1)))]).unwrap();
    let e = generic.position(&params, &Arg::Str("ttt..fff".into())).unwrap_err().to_string();
    assert!(e.contains("loopy") && e.contains("minSlide"), "{e}");
    assert!(catalog::find("BackslidingToadsAndFrogs").is_none());
    let params =
        generic.params(&[], &[("allowFriendlyJump".to_string(), Arg::Int(1.into()))]).unwrap();
    let e = generic.position(&params, &Arg::Str("t.".into())).unwrap_err().to_string();
    assert!(e.contains("true or false"), "{e}");
    let e = generic.position(&generic.params(&[], &[]).unwrap(), &Arg::Int(3.into())).unwrap_err();
    assert!(e.to_string().contains("must be a string"), "{e}");
    let e = ToadsAndFrogs::parse(&".".repeat(65)).unwrap_err().to_string();
    assert!(e.contains("at most 64 cells"), "{e}");
    let long = format!("t{}f", ".".repeat(126));
    assert_eq!(ToadsAndFrogs::parse_long(&long, ToadsAndFrogsRules::STANDARD).unwrap().len(), 128);
    assert!(ToadsAndFrogsRules::new(-1, 1, 1, false).is_err());
    assert!(ToadsAndFrogsRules::new(0, 1, 1, false).is_ok());
}

#[test]
fn catalog_names_and_parameters() {
    let names: Vec<&str> = onag::ruleset::strip::RULESETS.iter().map(|r| r.name).collect();
    assert_eq!(
        names,
        ["ToadsAndFrogs", "ElephantsAndRhinos", "GenToadsAndFrogs", "TopplingDominoes"]
    );
    assert_eq!(catalog::find("toads-and-frogs").unwrap().path(), "game.strip.ToadsAndFrogs");
    let generic = catalog::find("GenToadsAndFrogs").unwrap();
    let params: Vec<&str> = generic.params.iter().map(|p| p.name).collect();
    assert_eq!(params, ["minSlide", "maxSlide", "maxJump", "allowFriendlyJump"]);
    // Positional parameters, as `GenToadsAndFrogs(1, 1, 2)`.
    let given = [Arg::Int(1.into()), Arg::Int(1.into()), Arg::Int(2.into())];
    let p = generic
        .position(&generic.params(&given, &[]).unwrap(), &Arg::Str("tttt..fff".into()))
        .unwrap();
    let mut arena = Arena::new();
    let v = p.value(&mut arena, &mut Solvers::new()).unwrap();
    assert_eq!(arena.print(v).unwrap(), "{1/2*|v}");
}

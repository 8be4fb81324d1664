//! Heap rulesets in the calculator: positions as games, limits of the
//! searches, normalised codes, checked against brute force from the rules.

use num_bigint::BigUint;
use onag::lang::Session;
use onag::lang::members::{MEMBERS, known_members};
use onag::{Budget, ErrorKind};

fn eval(session: &mut Session, input: &str, budget: &Budget) -> String {
    match session.run_to_string(input, budget) {
        Ok(text) => text,
        Err(err) => format!("error: {err}"),
    }
}

/// Evaluates with the calculator's usual position limit (not the user's).
fn run(input: &str) -> String {
    eval(&mut Session::new(), input, &Budget::unlimited().with_max_positions(10_000_000))
}

/// Grundy values of Kayles heaps 0..=n by the definition: remove one or two
/// adjacent pins from a row, which leaves two rows.
fn nimber(v: u32) -> String {
    match v {
        0 => "0".to_string(),
        1 => "*".to_string(),
        _ => format!("*{v}"),
    }
}

fn kayles_brute(n: usize) -> Vec<u32> {
    let mut g = vec![0u32; n + 1];
    for h in 1..=n {
        let mut seen = Vec::new();
        for take in 1..=2.min(h) {
            for left in 0..=h - take {
                seen.push(g[left] ^ g[h - take - left]);
            }
        }
        g[h] = (0..).find(|v| !seen.contains(v)).unwrap_or(0);
    }
    g
}

#[test]
fn heap_positions_are_the_nimbers_of_their_values() {
    let g = kayles_brute(40);
    let mut session = Session::new();
    let budget = Budget::unlimited();
    for (n, &v) in g.iter().enumerate() {
        let input = format!("game.heap.Kayles({n}) == *{v}");
        assert_eq!(eval(&mut session, &input, &budget), "true", "{input}");
        let input = format!("game.heap.Kayles({n}) == *{}", v + 1);
        assert_eq!(eval(&mut session, &input, &budget), "false", "{input}");
        let input = format!("game.heap.Kayles({n}).CanonicalForm");
        assert_eq!(eval(&mut session, &input, &budget), nimber(v), "{input}");
    }
    for (a, b) in [(5, 3), (7, 11), (20, 33)] {
        let input = format!("game.heap.Kayles({a}) + game.heap.Kayles({b})");
        assert_eq!(eval(&mut session, &input, &budget), nimber(g[a] ^ g[b]), "{input}");
    }
}

#[test]
fn positions_take_part_in_arithmetic_and_comparisons() {
    let cases = [
        ("game.heap.Kayles(5) == *4", "true"),
        ("game.heap.Kayles(5) != *4", "false"),
        ("game.heap.Kayles(5) + game.heap.Kayles(3)", "*7"),
        ("game.heap.Kayles(5) - *4", "0"),
        ("-game.heap.Kayles(5)", "*4"),
        ("game.heap.Kayles(5) + 1", "1*4"),
        ("game.heap.Kayles(4) < 1", "true"),
        ("game.heap.Kayles(4) <> 0", "true"),
        // CGSuite keeps a game with a position among its options as written.
        ("{1 | game.heap.Kayles(5)}", "'{1|game.heap.Kayles(5)}'"),
        ("{1 | game.heap.Kayles(5)}.CanonicalForm", "{1|*4}"),
        ("{game.grid.Domineering(\"..|..\")|-1}", "'{Domineering.Position(\"..|..\")|-1}'"),
        ("{game.grid.Domineering(\"..|..\")|-1} == {+-1|-1}", "true"),
        (
            "game.heap.Kayles(5).Options",
            "[game.heap.Kayles(4),game.heap.Kayles(1) + game.heap.Kayles(3),game.heap.Kayles(2) + game.heap.Kayles(2),game.heap.Kayles(3),game.heap.Kayles(1) + game.heap.Kayles(2)]",
        ),
        ("game.heap.Kayles(2).Options", "[game.heap.Kayles(1),0]"),
        // TakeAway with a function goes through the user's-ruleset search;
        // CGSuite's rows for TakeAway(3) and FibonacciNim (= TakeAway(2)).
        (
            "[game.heap.TakeAway(k -> 3 * k)((10,n)).NimValue for n from 0 to 20]",
            "[0,2,2,6,6,6,6,6,6,6,6,6,6,6,6,6,6,6,6,6,6]",
        ),
        (
            "[game.heap.TakeAway(k -> 2 * k)((10,n)).NimValue for n from 0 to 20]",
            "[0,2,2,2,5,5,5,5,5,5,5,5,5,5,5,5,5,5,5,5,5]",
        ),
        (
            "[game.heap.TakeAway(k -> k + 1)((12,n)).NimValue for n from 0 to 12] == [game.heap.TakeAway(k -> k + 1)((12,n)).CanonicalForm.NimValue for n from 0 to 12]",
            "true",
        ),
        ("game.heap.TakeAway(k -> 3 * k)((10,10)).Options.Size", "10"),
        (
            "game.heap.TakeAway(k -> k)((3,2)).Options",
            "[game.heap.TakeAway(k -> k)((2,1)),game.heap.TakeAway(k -> k)((1,2))]",
        ),
        (
            "game.heap.TakeAway(k -> \"a\")((3,2)).NimValue",
            "error: 1:37: TakeAway's function gave a string; it must give the most a move may take (a number)",
        ),
        ("game.heap.Kayles(0).Options", "[]"),
        ("game.heap.Nim(3).Options(Right)", "[game.heap.Nim(2),game.heap.Nim(1),0]"),
        ("[x.NimValue for x in game.heap.Kayles(5).Options]", "[1,2,0,3,3]"),
        // CGSuite's option counts (its heap tests).
        ("game.heap.Kayles(20).Options.Size", "20"),
        ("game.heap.GrundysGame(20).Options.Size", "9"),
        ("game.heap.Nim(20).Options.Size", "20"),
        ("game.heap.DawsonsKayles(20).Options.Size", "10"),
        ("game.heap.Subtraction([2,3,7])(20).Options.Size", "3"),
        ("game.heap.GrundysGame(92679).Options.Size", "46339"),
        ("game.heap.Spawning(\"1-3\")(20).Options.Size", "191"),
        ("game.heap.Spawning(\"1-9\")(20).Options.Size", "169766"),
        ("game.heap.Spawning(\"3\")(20).Options.Size", "171"),
        ("game.heap.Spawning(\"1+C\")(20).Options.Size", "20"),
        ("game.heap.Spawning(\"1-3C(5)\")(20).Options.Size", "11"),
        ("game.heap.Spawning(\"3C(5)\")(20).Options.Size", "6"),
        ("game.heap.Spawning(\"1-5C\")(20).Options.Size", "5"),
        ("game.heap.Spawning(\"3E\")(20).Options.Size", "9"),
        ("game.heap.Spawning(\"4FS\")(20).Options.Size", "9"),
        ("game.heap.Spawning(\"1+S\")(20).Options.Size", "2046"),
        (
            "game.heap.HeapRuleset(k -> [[a,b] for a from 0 to k - 1 for b from 0 to a - 1])(20).Options.Size",
            "190",
        ),
        (
            "game.heap.HeapRuleset(k -> [[a] for a from 0 to k - 1])(2).Options",
            "[game.heap.HeapRuleset(k -> for a from 0 to k - 1 yield [a] end)(0),game.heap.HeapRuleset(k -> for a from 0 to k - 1 yield [a] end)(1)]",
        ),
        (
            "game.heap.HeapRuleset(k -> [[a,b] for a from 0 to k - 1 for b from 0 to a - 1]).NimValueSequence(20)",
            "[0,1,2,4,7,8,11,13,14,16,19,21,22,25,26,28,31,32,35,37]",
        ),
        // The same values heap by heap, and Nim as a heap ruleset of its own.
        (
            "[game.heap.HeapRuleset(k -> [[a,b] for a from 0 to k - 1 for b from 0 to a - 1])(n).NimValue for n from 1 to 20]",
            "[0,1,2,4,7,8,11,13,14,16,19,21,22,25,26,28,31,32,35,37]",
        ),
        (
            "game.heap.HeapRuleset(k -> [[a] for a from 0 to k - 1]).NimValueSequence(6)",
            "[1,2,3,4,5,6]",
        ),
        ("+-game.heap.Kayles(2)", "0"),
        ("2 * game.heap.Kayles(5)", "0"),
        ("game.heap.Kayles(5).OutcomeClass", "N"),
        ("game.heap.Kayles(0).OutcomeClass", "P"),
        ("game.heap.Subtraction([2,3,7])(4).CanonicalForm", "*2"),
        ("game.heap.Nim(6) + game.heap.Nim(3)", "*5"),
        ("game.heap.Wythoff(3,5) == 0", "true"),
        ("game.heap.Wythoff(1,2) + *", "*"),
        ("[game.heap.Kayles(5), 1] == [*4, 1]", "true"),
        ("[game.heap.Kayles(5)] == [*3]", "false"),
        ("game.heap.GrundysGame(10^20) == game.heap.TakeAndBreak(\"4!.0\")(10^20)", "true"),
        ("1 : game.heap.Kayles(1)", "1*"),
    ];
    for (input, expected) in cases {
        assert_eq!(run(input), expected, "{input}");
    }
}

#[test]
fn form_dependent_members_of_positions_are_errors_not_answers() {
    for input in [
        "game.heap.Kayles(5).LeftOptions",
        "game.heap.Kayles(5).Followers",
        "game.heap.Kayles(5).Birthday",
        "game.heap.Kayles(3) : 1",
    ] {
        let out = run(input);
        assert!(out.starts_with("error: ") && out.contains(".CanonicalForm."), "{input}: {out}");
    }
    assert_eq!(run("game.heap.Kayles(5).CanonicalForm.Birthday"), "4");
    let out = run("game.heap.Nim(10^30) == *5");
    assert!(out.starts_with("error: ") && out.contains("Overflow"), "{out}");
}

#[test]
fn huge_heaps_are_worth_the_nimber_their_period_gives() {
    // Kayles: period 12 from heap 71 on (checked here against brute force).
    let g = kayles_brute(71 + 12 * 4);
    for n in 71..g.len() - 12 {
        assert_eq!(g[n], g[n + 12]);
    }
    let heap = BigUint::from(10u32).pow(30) + 7u32;
    let index = 71 + ((&heap - 71u32) % 12u32).to_string().parse::<usize>().unwrap();
    let v = g[index];
    assert_eq!(run(&format!("game.heap.Kayles({heap}) == *{v}")), "true");
    assert_eq!(run(&format!("game.heap.Kayles({heap}).NimValue")), v.to_string());
    // 0.8 (remove a token, leaving exactly three heaps): by brute force,
    // g(n + 3) = g(n) + 1 from heap 1 on, which the calculator certifies.
    let mut g = vec![0u32; 61];
    for n in 1..g.len() {
        let mut seen = Vec::new();
        for a in 1..n {
            for b in a..n {
                let c = (n - 1).checked_sub(a + b).filter(|&c| c >= b);
                if let Some(c) = c {
                    seen.push(g[a] ^ g[b] ^ g[c]);
                }
            }
        }
        g[n] = (0..).find(|v| !seen.contains(v)).unwrap_or(0);
    }
    for n in 1..g.len() - 3 {
        assert_eq!(g[n + 3], g[n] + 1, "heap {n}");
    }
    for n in [1_000_000_000_000u64, 1_000_000_000_001, 1_000_000_000_002] {
        let expected = u64::from(g[1 + ((n - 1) % 3) as usize]) + (n - 1) / 3;
        let input = format!("game.heap.TakeAndBreak(\"0.8\")({n}).NimValue");
        assert_eq!(run(&input), expected.to_string(), "{input}");
    }
    // Subtraction {2,3,7}: 0,0,1,1,2 repeating.
    let pattern = [0, 0, 1, 1, 2];
    for n in [1_000_000_000_000_000u64, 12_345_678_901_234_567] {
        let expected = pattern[(n % 5) as usize];
        assert_eq!(
            run(&format!("game.heap.Subtraction([2,3,7])({n}).NimValue")),
            format!("{expected}")
        );
    }
}

#[test]
fn rulesets_compare_by_their_normalised_code() {
    let cases = [
        ("game.heap.TakeAndBreak(\"0.77\") == game.heap.Kayles", "true"),
        ("game.heap.TakeAndBreak(\"0.770\") == game.heap.Kayles", "true"),
        ("Kayles == game.heap.Kayles", "true"),
        ("game.heap.TakeAndBreak(\"0.07\") == game.heap.DawsonsKayles", "true"),
        ("game.heap.TakeAndBreak(\"4!.0\") == game.heap.GrundysGame", "true"),
        ("game.heap.Kayles == game.heap.DawsonsKayles", "false"),
        ("game.heap.Kayles != game.heap.DawsonsKayles", "true"),
        ("game.heap.Nim == game.heap.TakeAndBreak(\"0.[3]\")", "true"),
        ("game.heap.Subtraction([3,1,2]) == game.heap.TakeAndBreak(\"0.333\")", "true"),
        ("game.heap.Subtraction([1,2]) == game.heap.Subtraction([1,2,3])", "false"),
        (
            "game.heap.Subtraction([2], allbut => true) == game.heap.TakeAndBreak(\"0.30[3]\")",
            "true",
        ),
        ("game.heap.TakeAndBreak(\"04.30\") == game.heap.TakeAndBreak(\"4.3\")", "true"),
    ];
    for (input, expected) in cases {
        assert_eq!(run(input), expected, "{input}");
    }
}

#[test]
fn codes_print_normalised() {
    let cases = [
        ("game.heap.TakeAndBreak(\"04.30\")", "game.heap.TakeAndBreak(\"4.3\")"),
        ("game.heap.TakeAndBreak(\"0.3f\")", "game.heap.TakeAndBreak(\"0.3F\")"),
        ("game.heap.TakeAndBreak(\"0.3[33]\")", "game.heap.TakeAndBreak(\"0.[3]\")"),
        ("game.heap.TakeAndBreak(\"0.770\")(5)", "game.heap.TakeAndBreak(\"0.77\")(5)"),
        ("game.heap.Kayles", "game.heap.Kayles"),
    ];
    for (input, expected) in cases {
        assert_eq!(run(input), expected, "{input}");
    }
}

#[test]
fn a_heap_nim_value_computes_the_table_up_to_its_heap() {
    let grundy = onag::impartial::heap::TakeAndBreak::parse("4!.0").unwrap();
    let values = grundy.sequence(100_001, &Budget::unlimited()).unwrap().values;
    assert!(values.len() > 100_001);
    assert_eq!(run("game.heap.GrundysGame(100001).NimValue"), values[100_001].to_string());
    assert_eq!(run("game.heap.GrundysGame(99999).NimValue"), values[99_999].to_string());
}

#[test]
fn heaps_beyond_the_budget_are_out_of_reach_with_a_way_forward() {
    let mut session = Session::new();
    let budget = Budget::unlimited().with_max_positions(5_000);
    let out = eval(&mut session, "game.heap.GrundysGame(6000).NimValue", &budget);
    assert!(out.contains("limit of 5000") && out.contains("--max-positions"), "{out}");
    let out = eval(&mut session, "game.heap.GrundysGame(10^20).NimValue", &budget);
    assert!(out.contains("out of reach") && out.contains("--max-positions"), "{out}");
    assert_eq!(eval(&mut session, "game.heap.GrundysGame(4999).NimValue", &budget), {
        let grundy = onag::impartial::heap::TakeAndBreak::parse("4!.0").unwrap();
        grundy.sequence(4_999, &Budget::unlimited()).unwrap().values[4_999].to_string()
    });
}

#[test]
fn counts_agree_with_the_ten_million_limit() {
    for input in [
        "game.heap.GrundysGame.NimValueSequence(10000000).Length",
        "game.heap.GrundysGame.CheckPeriodicity(10000000)",
        "game.heap.Nim.CheckPeriodicity(10000000)",
    ] {
        let out = run(input);
        assert!(out.contains("the count is larger than 9999999"), "{input}: {out}");
        assert!(!out.contains("positions exceed"), "{input}: {out}");
    }
    // The largest count fits the calculator's limit exactly: heaps 0..=9999999.
    assert_eq!(
        run("game.heap.Nim.CheckPeriodicity(9999999)"),
        "Periodicity(Period => 1, Preperiod => 0, Saltus => 1)"
    );
}

#[test]
fn misere_searches_keep_to_their_default_limit_unless_the_user_sets_one() {
    let budget = Budget::unlimited().with_max_positions(10_000_000);
    let mut session = Session::new();
    let err = session.run("game.heap.DawsonsKayles(300).MisereNimValue", &budget).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::LimitExceeded);
    assert!(err.message().contains("limit of 300000"), "{}", err.message());
    assert!(err.message().contains("--max-positions"), "{}", err.message());
    assert!(err.message().starts_with("MisereNimValue"), "{}", err.message());
    // The user's own limit replaces the default, smaller or larger.
    let mut session = Session::new();
    session.set_position_limit_given(true);
    let small = Budget::unlimited().with_max_positions(2_000);
    let err = session.run("game.heap.GrundysGame(500).Genus", &small).unwrap_err();
    assert!(err.message().contains("limit of 2000"), "{}", err.message());
    // Small heaps are unaffected: CGSuite's published values.
    assert_eq!(
        run("[game.heap.DawsonsKayles(n).MisereNimValue for n from 0 to 20]"),
        "[1,1,0,0,2,1,3,0,0,1,1,3,0,2,1,1,0,0,2,1,3]"
    );
}

#[test]
fn every_member_the_evaluator_knows_is_documented() {
    for name in known_members() {
        assert!(MEMBERS.iter().any(|m| m.name == name), "{name} has no documentation");
    }
    for m in MEMBERS.iter() {
        assert!(known_members().contains(&m.name), "{} is documented but unknown", m.name);
    }
}

#[test]
fn documented_examples_evaluate() {
    let mut session = Session::new();
    let budget = Budget::unlimited().with_max_positions(10_000_000);
    for m in MEMBERS.iter() {
        let out = eval(&mut session, m.example, &budget);
        assert!(!out.starts_with("error"), "{}: {out}", m.example);
    }
    for r in onag::lang::members::RULESET_DOCS {
        let out = eval(&mut session, r.example, &budget);
        assert!(!out.starts_with("error"), "{}: {out}", r.example);
    }
    for (_, example, _) in onag::lang::members::catalog_docs() {
        let out = eval(&mut session, &example, &budget);
        assert!(!out.starts_with("error"), "{example}: {out}");
    }
}

/// A memory game by its definition: `(n, m)` moves to `(n − a, a)` for
/// each `a` in `1..=n` that `allowed(m, a)` lets through.
fn memory_value(
    n: u64,
    m: u64,
    allowed: &dyn Fn(u64, u64) -> bool,
    memo: &mut rustc_hash::FxHashMap<(u64, u64), u64>,
) -> u64 {
    if let Some(&v) = memo.get(&(n, m)) {
        return v;
    }
    let values: Vec<u64> =
        (1..=n).filter(|&a| allowed(m, a)).map(|a| memory_value(n - a, a, allowed, memo)).collect();
    let g = (0..).find(|v| !values.contains(v)).unwrap_or(0);
    memo.insert((n, m), g);
    g
}

/// CGSuite's coordinate games: Wythoff on coordinates, Mem, TakeAway(k) and
/// Fibonacci Nim with a memory, against their definitions.
#[test]
fn coordinate_and_memory_games() {
    assert_eq!(run("game.heap.Wythoff((10,3)).NimValue"), run("game.heap.Wythoff(10,3).NimValue"));
    type Allowed = Box<dyn Fn(u64, u64) -> bool>;
    let rules: [(&str, Allowed); 4] = [
        ("game.heap.Mem", Box::new(|m, a| a >= m)),
        ("game.heap.TakeAway(3)", Box::new(|m, a| a <= 3 * m)),
        ("game.heap.TakeAway(3/2)", Box::new(|m, a| 2 * a <= 3 * m)),
        ("game.heap.FibonacciNim", Box::new(|m, a| a <= 2 * m)),
    ];
    for (name, allowed) in &rules {
        let mut memo = rustc_hash::FxHashMap::default();
        for n in [0u64, 1, 5, 12, 20] {
            for m in [0u64, 1, 2, 4, 7, 30] {
                let want = memory_value(n, m, allowed.as_ref(), &mut memo);
                let input = format!("{name}(({n},{m})).NimValue");
                assert_eq!(run(&input), want.to_string(), "{input}");
            }
        }
    }
    assert_eq!(
        run("game.heap.Mem((5,2)).Options"),
        "[game.heap.Mem((3,2)),game.heap.Mem((2,3)),game.heap.Mem((1,4)),game.heap.Mem((0,5))]"
    );
    // (3,1) may take 1 or 2, to (2,1) or (1,2), and each moves to a P-position.
    assert_eq!(run("game.heap.TakeAway(2)((3,1)).OutcomeClass"), "P");
    // A memory position takes part in sums as the nimber of its value.
    assert_eq!(run("game.heap.Mem((3,1)) + *2"), "*3");
    assert!(run("game.heap.TakeAway(-1)").contains("positive number"));
    assert!(run("game.heap.Mem((1,2,3))").starts_with("error: "));
}

/// A user's heap and coordinate rulesets: Kayles, Grundy's game and Wythoff
/// written as functions give the sequences of the library's own rulesets.
#[test]
fn user_heap_and_coordinate_rulesets() {
    let kayles = "K := game.heap.HeapRuleset(n -> [[a, n - a - 1] for a from 0 to n - 1] Concat [[a, n - a - 2] for a from 0 to n - 2]); [K(k).NimValue for k from 1 to 30]";
    assert_eq!(run(kayles), run("game.heap.Kayles.NimValueSequence(30)"));
    let grundy = "R := game.heap.HeapRuleset(n -> [[a, n - a] for a from 1 to n - 1 where 2 * a < n]); [R(k).NimValue for k from 1 to 30]";
    assert_eq!(run(grundy), run("game.heap.GrundysGame.NimValueSequence(30)"));
    let wythoff = "W := game.heap.CoordinateRuleset((m, n) -> [(m - k, n) for k from 1 to m] Concat [(m, n - k) for k from 1 to n] Concat [(m - k, n - k) for k from 1 to m Min n]); [W((k, 5)).NimValue for k from 0 to 12]";
    assert_eq!(run(wythoff), run("[game.heap.Wythoff((k, 5)).NimValue for k from 0 to 12]"));
    // Sums of heaps as options, and a position as a game.
    assert_eq!(
        run("S := game.heap.HeapRuleset(n -> [[k] for k from 0 to n - 1]); S(4) + S(3)"),
        "*7"
    );
    assert_eq!(
        run("S := game.heap.HeapRuleset(n -> [[k, k] for k from 1 to n - 1]); S(5).NimValue"),
        "1"
    );
    assert!(run("game.heap.HeapRuleset(n -> [[n]])(3).NimValue").contains("reached from itself"));
    assert!(run("game.heap.HeapRuleset(n -> 3)(3).NimValue").contains("must give a list"));
    assert!(run("game.heap.HeapRuleset(3)").contains("takes a function"));
    assert!(
        run("game.heap.CoordinateRuleset((m, n) -> [m])((2,2)).NimValue").contains("must give")
    );
    // A negative size names the size and the position that gave it.
    assert_eq!(
        run("game.heap.HeapRuleset(n -> [[n - 1]])(5).NimValue"),
        "error: 1:42: the ruleset's function gave the negative size -1 for heap 0"
    );
    assert_eq!(
        run("game.heap.CoordinateRuleset((a, b) -> [(a - 1, b)])((2, 3)).NimValue"),
        "error: 1:61: the ruleset's function gave the negative size -1 for (0, 3)"
    );
}

/// Collections: CGSuite's members of lists and sets.
#[test]
fn collection_members() {
    let cases = [
        ("[3,1,2].Sorted", "[1,2,3]"),
        ("[3,1,2].Max", "3"),
        ("[3,1,2].Min", "1"),
        ("[1/2, *, ^].Sum", "1/2^*"),
        ("[].Sum", "error: 1:4: Sum of an empty collection"),
        ("[0,1,3].Mex", "2"),
        ("[1,2,3].Filter(x -> x > 1)", "[2,3]"),
        ("[1,2,3].Count(x -> x > 1)", "2"),
        ("[1,2,3].Find(x -> x > 1)", "2"),
        ("[1,2,3].Exists(x -> x > 2)", "true"),
        ("[1,2,3].ForAll(x -> x > 1)", "false"),
        ("[[1,2],[3,[4]]].Flattened", "[1,2,3,4]"),
        ("[4,5,6,7].Sublist(2,3)", "[5,6]"),
        ("[4,5,6].Take(2)", "[4,5]"),
        ("[4,5,6].Head", "4"),
        ("[4,5,6].Tail", "[5,6]"),
        ("[5,6,7].IndexOf(6)", "2"),
        ("[5,6,7].Contains(8)", "false"),
        ("[1,2,1].Distinct", "[1,2]"),
        ("[1,2] Concat [3]", "[1,2,3]"),
        ("[1,2].Adjoin(3)", "[1,2,3]"),
        ("[1,2,3].Reversed", "[3,2,1]"),
        ("{3,1}.Size", "2"),
        ("[].IsEmpty", "true"),
        ("[\"b\",\"a\"].Sorted", "[\"a\",\"b\"]"),
        // Mixed kinds sort in CGSuite's order of classes: numbers, games,
        // booleans, strings.
        ("[\"a\", true, *, 1].Sorted", "[1,*,true,\"a\"]"),
    ];
    for (input, want) in cases {
        assert_eq!(run(input), want, "{input}");
    }
    assert!(run("[].Head").contains("empty"));
    assert!(run("[1].Filter(x -> 3)").contains("not true or false"));
}

/// `R PartizanJoin S`: Left moves by R, Right by S.
#[test]
fn partizan_join() {
    // Heap 1: both move to 0, so *. Heap 2: Left moves to 0 or 1 (= *),
    // Right only to 1: {0,*|*} = ^.
    let join = "(game.heap.Nim PartizanJoin game.heap.Subtraction([1]))";
    assert_eq!(run(&format!("{join}(1).CanonicalForm")), "*");
    assert_eq!(run(&format!("{join}(2).CanonicalForm")), "^");
    for n in 0..9 {
        // A ruleset joined with itself is itself.
        assert_eq!(
            run(&format!("(game.heap.Kayles PartizanJoin game.heap.Kayles)({n}).CanonicalForm")),
            run(&format!("game.heap.Kayles({n}).CanonicalForm"))
        );
        // The join is CGSuite's PartizanTakeAndBreak of the two codes.
        assert_eq!(
            run(&format!("(game.heap.Kayles PartizanJoin game.heap.Nim)({n}).CanonicalForm")),
            run(&format!("game.heap.PartizanTakeAndBreak(\"0.77\", \"0.[3]\")({n}).CanonicalForm"))
        );
    }
    assert!(run("game.heap.Kayles PartizanJoin 3").contains("joins two"));
}

/// A session keeps a spawning game's values: a smaller heap after a larger
/// one, and a larger one after that, give what fresh sessions give.
#[test]
fn spawning_values_are_kept_for_the_session() {
    let budget = Budget::unlimited().with_max_positions(10_000_000);
    let mut session = Session::new();
    let inputs = [
        "game.heap.Spawning(\"1-3\")(40).NimValue",
        "game.heap.Spawning(\"1-3\")(17).NimValue",
        "game.heap.Spawning(\"1-3\")(60).NimValue",
        "game.heap.Spawning(\"1-3\").NimValueSequence(30)",
    ];
    for input in inputs {
        assert_eq!(eval(&mut session, input, &budget), run(input), "{input}");
    }
}

/// Products of heap rulesets and their nim-value tables: CGSuite's tables
/// (its heap tests: "Strip and Streak" and Turnips × Grunt from Winning
/// Ways), and the Tartan theorem as an independent check of the direct
/// product: the nim value of `(m, n)` is the nim product of the factors'.
#[test]
fn products_of_heap_rulesets() {
    let motley = "Motley := game.heap.Spawning(\"1+\"); Ruler := game.heap.Spawning(\"1+C\"); \
                  Motley.AcrosticProduct(Ruler).NimValueTable(5, 20)";
    assert_eq!(
        run(motley),
        " 0 |  1 |  2 |  1 |  4 |  1 |  2 |  1 |  8 |  1 |  2 |  1 |  4 |  1 |  2 |  1 | 16 |  1 |  2 |  1 |  4
---+----+----+----+----+----+----+----+----+----+----+----+----+----+----+----+----+----+----+----+---
 1 |  1 |  2 |  1 |  4 |  1 |  2 |  1 |  8 |  1 |  2 |  1 |  4 |  1 |  2 |  1 | 16 |  1 |  2 |  1 |  4
---+----+----+----+----+----+----+----+----+----+----+----+----+----+----+----+----+----+----+----+---
 2 |  2 |  1 |  2 |  5 |  2 |  1 |  2 |  9 |  2 |  1 |  2 |  5 |  2 |  1 |  2 | 17 |  2 |  1 |  2 |  5
---+----+----+----+----+----+----+----+----+----+----+----+----+----+----+----+----+----+----+----+---
 4 |  4 |  5 |  4 |  2 |  4 |  5 |  4 | 10 |  4 |  5 |  4 |  2 |  4 |  5 |  4 | 18 |  4 |  5 |  4 |  2
---+----+----+----+----+----+----+----+----+----+----+----+----+----+----+----+----+----+----+----+---
 8 |  8 |  9 |  8 | 10 |  8 |  9 |  8 |  4 |  8 |  9 |  8 | 10 |  8 |  9 |  8 | 20 |  8 |  9 |  8 | 10
---+----+----+----+----+----+----+----+----+----+----+----+----+----+----+----+----+----+----+----+---
16 | 16 | 17 | 16 | 18 | 16 | 17 | 16 | 20 | 16 | 17 | 16 | 18 | 16 | 17 | 16 |  8 | 16 | 17 | 16 | 18"
    );
    let turnips = "Turnips := game.heap.Spawning(\"3E\"); Grunt := game.heap.Spawning(\"4FS\"); \
                   Turnips.DirectProduct(Grunt).NimValueTable(8, 20)";
    let zeros = "0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 0";
    let one = "0 | 0 | 0 | 0 | 1 | 0 | 2 | 1 | 0 | 2 | 1 | 0 | 2 | 1 | 3 | 2 | 1 | 3 | 2 | 4 | 3";
    let two = "0 | 0 | 0 | 0 | 2 | 0 | 3 | 2 | 0 | 3 | 2 | 0 | 3 | 2 | 1 | 3 | 2 | 1 | 3 | 8 | 1";
    let rows = [zeros, zeros, zeros, one, zeros, zeros, one, two, two];
    let separator = format!("\n--{}+--\n", "+---".repeat(19));
    assert_eq!(run(turnips), rows.join(&separator));
    assert_eq!(run("Table([n,n^2] for n from 1 to 3)"), "1 | 1\n--+--\n2 | 4\n--+--\n3 | 9");
    assert_eq!(run("game.heap.Kayles.HeapOptions(5)"), "[[4],[1,3],[2,2],[3],[1,2]]");

    // The Tartan theorem, against the nim products of the factors' values
    // (up to 9 x 9: Motley's heap of n has 2^(n-1) moves, and a direct
    // product pairs every move with every move).
    let rulesets = [
        "game.heap.Nim",
        "game.heap.Spawning(\"1+\")",
        "game.heap.Spawning(\"1+C\")",
        "game.heap.Spawning(\"3E\")",
        "game.heap.Spawning(\"4FS\")",
    ];
    let values = |r: &str| -> Vec<u64> {
        let text = run(&format!("[{r}(n).NimValue for n from 0 to 9]"));
        text.trim_matches(['[', ']']).split(',').map(|v| v.parse().unwrap()).collect()
    };
    for r in rulesets {
        for s in rulesets {
            let (a, b) = (values(r), values(s));
            let table = run(&format!("{r}.DirectProduct({s}).NimValueTable(9, 9)"));
            let got: Vec<Vec<u64>> = table
                .lines()
                .step_by(2)
                .map(|line| line.split('|').map(|c| c.trim().parse().unwrap()).collect())
                .collect();
            for m in 0..=9 {
                for n in 0..=9 {
                    let want = onag::nimber::mul64(a[m], b[n]);
                    assert_eq!(got[m][n], want, "{r} x {s} at ({m}, {n})");
                }
            }
        }
    }
    assert!(run("game.heap.Nim.DirectProduct(3)").contains("needs a heap ruleset"));
    assert!(
        run("game.heap.HeapRuleset(n -> [[k] for k from 0 to n - 1]).NimValueTable(2, 2)")
            .contains("ruleset of pairs")
    );
}

/// Cakes built from heap rulesets (CGSuite's `GenCutcake(R, S, twisted)`
/// and `R.CakeProduct(S, twisted => …)`), with CGSuite's expected strings
/// for twisted Maundy Cake; generalised digits in take-and-break codes.
#[test]
fn cake_products_and_generalised_digits() {
    let maundy = "game.heap.TakeAndBreak(\"{2+}=.0\")";
    let general = format!("game.heap.GenCutcake({maundy}, {maundy}, twisted => true)");
    let product = format!("{maundy}.CakeProduct({maundy}, twisted => true)");
    let values = "[1,1,{8|-2},{8|-3},{8|-6},{8|-5},{8|-6,{-4|-14}},{10|-7},+-12]";
    let cases: Vec<(String, &str)> = vec![
        (format!("{general}((8,8)).LeftOptions.Size"), "3"),
        (format!("[{general}((8,n)).CanonicalForm for n from 0 to 8]"), values),
        (format!("{product}((8,8)).LeftOptions.Size"), "3"),
        (format!("[{product}((8,n)).CanonicalForm for n from 0 to 8]"), values),
        // The positional form, and Cutcake as the product of "4.0" with itself.
        (format!("{maundy}.CakeProduct({maundy}, true)((8,2)) == {general}((8,2))"), "true"),
        (
            "game.heap.TakeAndBreak(\"4.0\").CakeProduct(game.heap.TakeAndBreak(\"4.0\"))((8,3)) == game.heap.Cutcake((8,3))".to_string(),
            "true",
        ),
        ("game.heap.TakeAndBreak(\"0.{2,3}\")".to_string(), "game.heap.TakeAndBreak(\"0.C\")"),
        ("game.heap.TakeAndBreak(\"{2+}=.0\").NimValueSequence(12)".to_string(), "[0,1,1,1,1,2,1,1,2,2,1,2]"),
        (format!("{maundy}.CakeProduct({maundy}, twist => true)"), "error: 1:91: CakeProduct has no argument named 'twist' (it has that, twisted)"),
        (format!("{maundy}.CakeProduct(twisted => true)"), "error: 1:35: CakeProduct needs its argument 'that'"),
        (format!("{maundy}.CakeProduct({maundy}, 1)"), "error: 1:82: CakeProduct: twisted is true or false, not an integer"),
        ("game.heap.Kayles.code(x => 1)".to_string(), "error: 1:28: code takes no named arguments"),
        // Open digits: every partition into two or more parts, g(n) = n - 1
        // (heap n can move to any value below by splitting off ones).
        ("game.heap.TakeAndBreak(\"{2+}.0\").NimValueSequence(12)".to_string(), "[0,1,2,3,4,5,6,7,8,9,10,11]"),
        ("game.heap.TakeAndBreak(\"0.{2,3+}\")".to_string(), "game.heap.TakeAndBreak(\"0.{2+}\")"),
        // Too many options to list: one error, at once.
        (
            "game.heap.TakeAndBreak(\"{2+}.0\")(120).NimValue".to_string(),
            "error: 1:39: a heap of 120 under {2+}.0 may have more than 1048576 options, too many to list one by one",
        ),
        (
            "game.heap.GenCutcake(\"{2+}!.0\", \"4.0\")((400,1))".to_string(),
            "error: 1:40: GenCutcake: a heap of 400 under {2+}!.0 may have more than 1048576 options, too many to list one by one",
        ),
        ("game.heap.TakeAndBreak(\"0.[{2+}=]\")(3000).NimValue".to_string(), "7"),
        (
            "game.heap.GenCutcake(game.heap.TakeAndBreak(\"4.0\"), game.heap.TakeAndBreak(\"0.7\"))(5,4)".to_string(),
            "error: 1:1: GenCutcake takes one position, e.g. GenCutcake((8,3))",
        ),
    ];
    for (input, expected) in &cases {
        assert_eq!(run(input), *expected, "{input}");
    }
}

/// A ruleset of one's own whose heaps grow forever values nothing, and
/// still stops at the position limit (and at the memory limit).
#[test]
fn growing_user_rulesets_meet_the_limits() {
    let input = "game.heap.HeapRuleset(k -> [[k+1]])(3).NimValue";
    let by_positions =
        eval(&mut Session::new(), input, &Budget::unlimited().with_max_positions(1000));
    assert_eq!(
        by_positions,
        "error: 1:40: 1001 positions exceed the limit of 1000 (raise --max-positions)"
    );
    let by_memory =
        eval(&mut Session::new(), input, &Budget::unlimited().with_max_memory(64 * 1024));
    assert!(by_memory.contains("exceed the memory limit"), "{by_memory}");
}

/// CGSuite's heap-ruleset members beyond positions: codes from subtraction
/// sets (the strings CGSuite's documentation gives), Splittles as digit 7,
/// the join of two codes (its moves are those of both, so its nim values
/// are those of the subtraction game with both sets), the nim value of a
/// heap by the ruleset, and value sequences and tables of partizan rulesets
/// (each entry the position's own canonical form).
#[test]
fn heap_ruleset_members_as_cgsuite() {
    let cases = [
        (
            "game.heap.TakeAndBreak.FromSubtractionSet([2,3,5,9], \"3\")",
            "game.heap.TakeAndBreak(\"0.033030003\")",
        ),
        (
            "game.heap.TakeAndBreak.FromSubtractionSet([2,3,5,9], \"3\", allbut => true)",
            "game.heap.TakeAndBreak(\"0.300303330[3]\")",
        ),
        ("game.heap.Splittles([1,2])", "game.heap.TakeAndBreak(\"0.77\")"),
        ("game.heap.Splittles([1,2], allbut => true)", "game.heap.TakeAndBreak(\"0.00[7]\")"),
        ("game.heap.Subtraction([1]).Join(game.heap.Subtraction([3])).code", "\"0.303\""),
        ("game.heap.Kayles.Join(game.heap.DawsonsKayles)", "game.heap.TakeAndBreak(\"0.77\")"),
        ("game.heap.Kayles.HeapNimValue(10)", "2"),
        // Heap 3 of Left-takes-1, Right-takes-2 is {{1|0}|1} = 0 (whoever
        // starts loses), heap 2 is {1|0}.
        ("game.heap.PartizanSubtraction([1],[2]).GameValueSequence(6)", "[1,{1|0},0,1,{1|0},0]"),
    ];
    for (input, want) in cases {
        assert_eq!(run(input), want, "{input}");
    }
    assert_eq!(
        run("game.heap.Subtraction([1]).Join(game.heap.Subtraction([3])).NimValueSequence(30)"),
        run("game.heap.Subtraction([1,3]).NimValueSequence(30)")
    );
    let table = run("game.heap.Cutcake.GameValueTable(3, 4)");
    let rows: Vec<Vec<String>> = (1..=3)
        .map(|m| {
            (1..=4).map(|n| run(&format!("game.heap.Cutcake(({m},{n})).CanonicalForm"))).collect()
        })
        .collect();
    for (row, cells) in table.lines().filter(|l| !l.starts_with('-')).zip(&rows) {
        let got: Vec<&str> = row.split('|').map(str::trim).collect();
        assert_eq!(got, cells.iter().map(String::as_str).collect::<Vec<_>>(), "{table}");
    }
    assert!(run("game.heap.Kayles.Join(3)").starts_with("error: "));
    assert!(
        run("game.heap.TakeAndBreak.FromSubtractionSet([1], \"77\")")
            .contains("not one code digit")
    );
    assert!(run("game.heap.Cutcake.GameValueSequence(3)").starts_with("error: "));
}

/// The variants of a game (CGSuite's `DicoticVariant`, `ImpartialVariant`,
/// `TwistedVariant`): on canonical forms worked by hand, and on positions
/// played on their own moves, where the impartial variant of Domineering is
/// Cram (its nim value from Cram's own solver).
#[test]
fn variants_of_games_and_positions() {
    let cases = [
        // ^ + 1/2 = {1/2 | 1/2*}: d(1/2) = {0|0} = *, d(1/2*) = {*|*} = 0.
        ("(^ + 1/2).DicoticVariant", "v"),
        // i(1) = *, i(^) = {0,*|0,*} = *2, so {1|^} becomes {*,*2|*,*2} = 0.
        ("{1|^}.ImpartialVariant", "0"),
        // t(2) = 0 and t(*) = *: {−0 | −*} = {0|*}.
        ("{2|*}.TwistedVariant", "^"),
        ("(10^30).ImpartialVariant", "0"),
        ("(-7).TwistedVariant", "-1"),
    ];
    for (input, want) in cases {
        assert_eq!(run(input), want, "{input}");
    }
    for board in ["..|..", "...|...", "....|....", "...|...|..."] {
        let cram = run(&format!("game.grid.Cram(\"{board}\").NimValue"));
        let star = match cram.as_str() {
            "0" => "0".to_string(),
            "1" => "*".to_string(),
            n => format!("*{n}"),
        };
        assert_eq!(
            run(&format!("game.grid.Domineering(\"{board}\").ImpartialVariant")),
            star,
            "{board}"
        );
    }
    // A 2×1 column: Left can move, Right cannot, so its dicotic variant is 0
    // while its value is 1.
    assert_eq!(run("game.grid.Domineering(\".|.\").DicoticVariant"), "0");
    assert_eq!(run("game.grid.Domineering(\".|.\").CanonicalForm"), "1");
}

/// `Decomposition` of catalog positions: the regions' values add up to the
/// whole position's value.
#[test]
fn decompositions_add_up_to_the_position() {
    for position in [
        "game.grid.Domineering(\"..#..|..#..\")",
        "game.grid.Domineering(\"...#.|..#..|.#...\")",
        "game.strip.ToadsAndFrogs(\"t.f.ttff.tf..f\")",
        "game.grid.Clobber(\"xo.|...|.ox\")",
    ] {
        let parts = run(&format!("{position}.Decomposition.Length"));
        assert!(parts.parse::<usize>().is_ok_and(|n| n >= 2), "{position}: {parts}");
        let sum = run(&format!("sumof(p.CanonicalForm for p in {position}.Decomposition)"));
        assert_eq!(sum, run(&format!("{position}.CanonicalForm")), "{position}");
    }
}

/// Sensible options and lines: one per canonical option, each at least as
/// good as it for the mover, a line alternating move and reverting reply
/// and ending at a position whose value is the canonical option.
#[test]
fn sensible_options_and_lines_reach_the_canonical_options() {
    for board in ["...|...|...", "....|....", "..#.|....|.#..", "...|...|...|..."] {
        let p = format!("game.grid.Domineering(\"{board}\")");
        for (player, cmp) in [("Left", ">="), ("Right", "<=")] {
            let canonical = format!("{p}.CanonicalForm.Options({player})");
            let count = run(&format!("{canonical}.Size"));
            assert_eq!(run(&format!("{p}.SensibleOptions({player}).Length")), count, "{board}");
            let check = format!(
                "K := {canonical}.ToList; S := {p}.SensibleOptions({player}); \
                 [S[i].CanonicalForm {cmp} K[i] for i from 1 to K.Length]"
            );
            let n: usize = count.parse().unwrap_or_else(|_| panic!("{board}: {count}"));
            let all_true = format!("[{}]", vec!["true"; n].join(","));
            assert_eq!(run(&check), all_true, "{board} {player}");
            let lines = format!(
                "K := {canonical}.ToList; L := {p}.SensibleLines({player}); \
                 [L[i][L[i].Length].CanonicalForm == K[i] and L[i].Length % 2 == 1 for i from 1 to K.Length]"
            );
            assert_eq!(run(&lines), all_true, "{board} {player}");
        }
    }
}

/// Issue 39: the options of a user's heap ruleset assigned to `R` print as
/// `R(k)`, not the function once per option; a second ruleset of the same
/// function keeps its own name.
#[test]
fn options_of_a_named_user_ruleset_print_by_its_name() {
    assert_eq!(
        run("R := game.heap.HeapRuleset(n -> [[k] for k from 0 to n - 1]); R(3).Options"),
        "[R(0),R(1),R(2)]"
    );
    assert_eq!(
        run("f := n -> [[a, n - a - 1] for a from 0 to n - 1]; K := game.heap.HeapRuleset(f); \
             L := game.heap.HeapRuleset(f); [K(3).Options, L(2).Options]"),
        "[[K(0) + K(2),K(1) + K(1),K(2) + K(0)],[L(0) + L(1),L(1) + L(0)]]"
    );
    // The values are those of the game, whatever it is called.
    assert_eq!(
        run(
            "R := game.heap.HeapRuleset(n -> [[k] for k from 0 to n - 1]); [o.NimValue for o in R(4).Options]"
        ),
        "[0,1,2,3]"
    );
}

/// Issue 39: `CheckPeriodicity` of a user's heap ruleset: the pattern its
/// values show, the same as the library's ruleset of the same game.
#[test]
fn check_periodicity_of_a_user_heap_ruleset() {
    let subtraction = "S := game.heap.HeapRuleset(n -> [[n - k] for k from 1 to 3 where k <= n]); S.CheckPeriodicity(100)";
    assert_eq!(run(subtraction), "Periodicity(Period => 4, Preperiod => 0, Saltus => 0)");
    assert_eq!(run(subtraction), run("game.heap.Subtraction([1,2,3]).CheckPeriodicity(100)"));
    let kayles = "K := game.heap.HeapRuleset(n -> [[a, n - a - 1] for a from 0 to n - 1] Concat [[a, n - a - 2] for a from 0 to n - 2]); K.CheckPeriodicity(300)";
    assert_eq!(run(kayles), run("game.heap.Kayles.CheckPeriodicity(300)"));
    // Too few values for a pattern: Nothing, as for the library's rulesets.
    assert_eq!(
        run("game.heap.HeapRuleset(n -> [[k] for k from 0 to n - 1]).CheckPeriodicity(5)"),
        "Nothing"
    );
    // Nim's values grow by one each heap: period 1 with saltus 1.
    assert_eq!(
        run("game.heap.HeapRuleset(n -> [[k] for k from 0 to n - 1]).CheckPeriodicity(50)"),
        "Periodicity(Period => 1, Preperiod => 0, Saltus => 1)"
    );
    assert!(
        run("game.heap.HeapRuleset(n -> [[k] for k from 0 to n - 1]).CheckPeriodicity(-1)")
            .contains("CheckPeriodicity needs a heap size from 0 to 1000000")
    );
}

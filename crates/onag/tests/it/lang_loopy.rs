//! Loopy games in the calculator: literals, names, operators and members,
//! with outputs from the theory (Siegel, CGT ch. VI) and CGSuite's own test
//! cases for canonical stoppers.

use onag::Budget;
use onag::lang::Session;

fn run(input: &str) -> String {
    let mut session = Session::new();
    let budget = Budget::unlimited().with_max_positions(1_000_000);
    match session.run_to_string(input, &budget) {
        Ok(text) => text,
        Err(err) => format!("error: {err}"),
    }
}

fn check(cases: &[(&str, &str)]) {
    for (input, expected) in cases {
        assert_eq!(run(input), *expected, "input {input:?}");
    }
}

#[test]
fn literals_and_names() {
    check(&[
        ("{pass|pass}", "dud"),
        ("{pass|}", "on"),
        ("{|pass}", "off"),
        ("a{0|a}", "over"),
        ("{0|pass}", "over"),
        ("{pass|*}", "^[on]"),
        ("upon", "^[on]"),
        ("-upon", "v[on]"),
        ("uponth", "^<on>"),
        ("under", "under"),
        // CGSuite's CanonicalStopperTestCase.
        ("{pass|3/2}", "3/2under"),
        ("{-1/4+*|pass}", "-1/4v[on]"),
        // A named node without a cycle is a short game.
        ("a{1|}", "2"),
    ]);
}

#[test]
fn sums_negation_and_comparison() {
    check(&[
        ("on + off", "dud"),
        // Not dud: infinite play of the sum is Left's on the onside, Right's on
        // the offside.
        ("over + under", "over & under"),
        ("-on", "off"),
        ("upon > 0", "true"),
        ("upon < ^", "false"),
        ("on >= 1000", "true"),
        ("off <= -1000", "true"),
        ("a{0|a} == over", "true"),
        ("over == 0", "false"),
        ("over > 0", "true"),
        ("over < 1/1024", "true"),
        ("on - on", "dud"),
    ]);
}

#[test]
fn members() {
    check(&[
        ("on.OutcomeClass", "L"),
        ("off.OutcomeClass", "R"),
        ("dud.OutcomeClass", "D"),
        ("over.OutcomeClass", "L"),
        ("{-1/4+*|pass}.OutcomeClass", "R"),
        ("over.LeftOptions", "{0}"),
        ("over.RightOptions", "{over}"),
        ("on.LeftOptions", "{on}"),
        ("on.RightOptions", "{}"),
        ("off.RightOptions", "{off}"),
        ("on.FollowerCount", "1"),
        ("over.FollowerCount", "2"),
        ("{pass|3/2}.LeftOptions", "{3/2under}"),
        ("{pass|3/2}.RightOptions", "{3/2}"),
        ("upon.IsStopper", "true"),
        ("dud.IsStopper", "false"),
        ("upon.IsLoopfree", "false"),
        ("(on + off).Onside", "on"),
        ("(on + off).Offside", "off"),
    ]);
}

#[test]
fn bad_input() {
    assert_eq!(run("pass"), "error: 1:1: Unexpected pass.");
    assert!(
        run("dud.LeftOptions").contains("LeftOptions needs a stopper"),
        "{}",
        run("dud.LeftOptions")
    );
    assert!(run("{0|x}").starts_with("error: "));
    assert!(run("over.Temperature").starts_with("error: "));
    assert!(run("upon * (1/2)").starts_with("error: "));
}

/// CGSuite's `CanonicalStopperTestCase`: degree, variety, stops and
/// idempotence of each of its stoppers, as it prints them.
#[test]
fn degrees_varieties_and_stops_as_cgsuite() {
    // (game, degree, variety, left stop, right stop, idempotent, stable)
    let cases = [
        ("on", "on", "on", "on", "on", "true", "true"),
        ("off", "on", "off", "off", "off", "true", "true"),
        ("over", "over", "over", "over", "over", "true", "true"),
        ("{pass|3/2}", "over", "under", "3/2under", "3/2under", "false", "true"),
        ("{-1/4+*|pass}", "^<on>", "^<on>", "-1/4", "-1/4", "false", "true"),
        (
            "{0|||0||0|off}",
            "{0||||0|||Miny(on)|0||off}",
            "error: 1:17: Variety degree must be an idempotent.",
            "0",
            "0",
            "false",
            "error: 1:17: Variety degree must be an idempotent.",
        ),
        ("{on|0||0}", "Tiny(on)", "Miny(on)", "0", "0", "true", "true"),
        ("{0||0|under}", "Tiny(over)", "Tiny(over)", "0", "0", "true", "true"),
        ("+-{0|pass}", "over", "+-over", "over", "under", "false", "true"),
        ("+-{5|pass}", "over", "+-{10over|over}", "5over", "-5under", "false", "true"),
        (
            "a{0||||0|||a|*||*}",
            "{0|a{0|0,{0|||a|0||0}}}",
            "{a{0,{0||0|a|||0}|0}|0}",
            "0",
            "0",
            "false",
            "true",
        ),
    ];
    for (g, degree, variety, left, right, idempotent, stable) in cases {
        let at = |member: &str| run(&format!("({g}).{member}"));
        assert_eq!(at("Degree"), degree, "{g}.Degree");
        let v = at("Variety");
        if variety.starts_with("error") {
            assert!(v.contains("Variety degree must be an idempotent."), "{g}.Variety: {v}");
            assert!(at("IsStable").contains("idempotent"), "{g}.IsStable");
        } else {
            assert_eq!(v, variety, "{g}.Variety");
            assert_eq!(at("IsStable"), stable, "{g}.IsStable");
        }
        assert_eq!(at("LeftStop"), left, "{g}.LeftStop");
        assert_eq!(at("RightStop"), right, "{g}.RightStop");
        assert_eq!(at("IsIdempotent"), idempotent, "{g}.IsIdempotent");
    }
    // Grenville's unstable game.
    let g = "a{0|{0||||0,*2|||a|0||0}||0}";
    assert_eq!(run(&format!("({g}).Degree")), "a{0||0|{0|a||0,*2|||0||||0}}");
    assert_eq!(run(&format!("({g}).IsStable")), "false");
    assert!(run(&format!("({g}).Variety")).contains("That game is not stable."));
    // Short games: degree 0.
    assert_eq!(run("{1|*}.Degree"), "0");
}

/// CGSuite's EvalTest: loopy games written with numbers and ups, `&`, and
/// variables inside loopy games.
#[test]
fn compact_forms_sided_values_and_variables() {
    check(&[
        ("[{pass|*},{pass,0|0},{*|pass},{0|0,pass}]", "[^[on],^[on]*,v[on],v[on]*]"),
        (
            "[{0||0|0,pass},{0,*||*|pass},{0,pass|0||0},{pass|*||0,*}]",
            "[^<on>,^<on>*,v<on>,v<on>*]",
        ),
        ("over+5", "5over"),
        ("under+5", "5under"),
        (
            "[5+x for x in [{pass|*},{pass,0|0},{*|pass},{0|0,pass}]]",
            "[5^[on],5^[on]*,5v[on],5v[on]*]",
        ),
        ("over+^", "over"),
        ("over-5", "-5over"),
        ("over & v", "over & v"),
        ("x{x|0}", "under"),
        ("uponth := {0||0|0,pass}; +-{0|uponth}", "+-{0|^<on>}"),
        ("+-{{0|uponth},{0|uponth+*}}", "+-{{0|^<on>},{0|^<on>*}}"),
        ("a{1||a|0}", "2 & +-1"),
        ("2 & +-1", "2 & +-1"),
        // What CGSuite prints reads back as the same game.
        ("5over == 5 + over", "true"),
        ("-5under == -5 + under", "true"),
        ("^[on] == upon", "true"),
        ("^[on]* == upon + *", "true"),
        ("v[on] == -upon", "true"),
        ("^<on> == uponth", "true"),
        ("5v<on>* == 5 - uponth + *", "true"),
        ("-1/4v[on] == {-1/4+*|pass}", "true"),
        ("+-(5over)", "+-(5over)"),
        ("(+-{5|pass}).Variety == +-{10over|over}", "true"),
        ("a := 3; {pass | a}", "3under"),
        // Right's over is dominated by 0.
        ("b := over; {pass | b, 0}", "under"),
        ("(over Upsum under)", "over"),
        ("(over Downsum under)", "under"),
        ("(5 + over).IsPseudonumber", "true"),
        ("upon.IsPseudonumber", "false"),
    ]);
}

#[test]
fn loopy_rulesets() {
    check(&[
        // By hand: the fox in the corner cannot move, and the goose's only
        // move lets it escape (off), so the position is {off |} = 0.
        ("game.grid.FoxAndGeese([(2,2)], (1,1))", "0"),
        ("game.grid.FoxAndGeese([(2,2)], (1,1)).GameValue", "0"),
    ]);
    // The calculator's Fox and Geese is the library's (checked against the
    // whole graph of positions; the 8×8 opening, 2over, in the bench).
    let geese = [(4, 2), (4, 4), (3, 7)];
    for fox in [(1, 1), (1, 5), (2, 2), (2, 6)] {
        let b = Budget::unlimited();
        let g = onag::loopy::partizan::fox_geese::FoxAndGeese::new(8)
            .unwrap()
            .value(&geese, fox, &b)
            .unwrap();
        let mut arena = onag::game::Arena::new();
        let want = onag::loopy::partizan::print::print_stopper(&g, &mut arena, &b).unwrap();
        let input = format!("game.grid.FoxAndGeese([(4,2),(4,4),(3,7)], ({}, {}))", fox.0, fox.1);
        assert_eq!(run(&input), want, "{input}");
    }
    // The calculator's Backsliding Toads and Frogs is the library's (whose
    // values are checked against the retrograde solver).
    for strip in ["t.f", "tt.f", "t..f", "t.ff", ".tf."] {
        let mut arena = onag::game::Arena::new();
        let b = Budget::unlimited();
        let (g, _) = onag::loopy::partizan::backsliding::Backsliding::parse(strip)
            .unwrap()
            .graph(&b)
            .unwrap();
        let v = onag::loopy::partizan::SidedValue::of(&g, &b).unwrap();
        let want = onag::loopy::partizan::print::print_value(&v, &mut arena, &b).unwrap();
        assert_eq!(run(&format!("game.strip.BackslidingToadsAndFrogs(\"{strip}\")")), want);
    }
    assert!(run("game.grid.FoxAndGeese([(8,2)], (1,2))").contains("not a square"));
    assert!(run("game.strip.BackslidingToadsAndFrogs(3)").contains("string"));
    assert!(run("game.grid.FoxAndGeese((1,1))").contains("the geese and the fox"));
    assert!(run("'x' & 1").starts_with("error: "));
    assert!(run("dud & 0").contains("not one"));
    assert!(run("0 & 1").contains("onside must be"));
}

/// CGSuite's expected outputs (its game tests) for powers with loopy
/// exponents and subordinates of stoppers.
#[test]
fn loopy_powers_and_subordinates_match_cgsuite() {
    check(&[
        ("^.Pow({pass|1})", "error: 1:7: Invalid exponent."),
        ("^.Pow(off)", "error: 1:7: Invalid exponent."),
        ("^.Pow({1|pass})", "{0||0,pass|0,*}"),
        ("^.Pow({5|pass})", "{0||0,pass|0,v[4]*}"),
        ("^.Pow({pass|5})", "{0||0,v[4]*|0,pass}"),
        ("^.Pow(on)", "^<on>"),
        ("{0||0|-2}.Pow({5|pass})", "{0||0,pass|-2,{0|-2,{0|-2,{0|-2,{0|-2,{0|-2}}}}}}"),
        ("{0||0|-2}.Pow(on)", "{0||0|-2,pass}"),
        ("^.PowTo({pass|1})", "{pass|*,^}"),
        ("^.PowTo({1|pass})", "{^|*,pass}"),
        ("^.PowTo({5|pass})", "{^[5]|*,pass}"),
        ("^.PowTo({pass|5})", "{pass|*,^[5]}"),
        ("^.PowTo(on)", "^[on]"),
        ("{0||0|-2}.PowTo({5|pass})", "{{Tiny(2)||0|-2|||0|-2||||0|-2}||0|-2|||{0|-2},pass}"),
        ("{0||0|-2}.PowTo(on)", "{pass||0|-2}"),
        ("over.Subordinate(1)", "off"),
        ("(upon+*).Subordinate(*)", "on"),
        ("upon.Subordinate('{*|*}')", "on"),
        ("{0,*|0,pass}.Subordinate(*)", "over"),
        ("on.Subordinate(1)", "on"),
        (
            "on.Subordinate(*)",
            "error: 1:4: That game cannot be subordinated to the specified base.",
        ),
        ("upon.Downsum(^.Pow(on))", "^[on]"),
        ("upon.DownsumVariety(^.Pow(on))", "v<on>"),
        ("upon.Upsum(^.Pow(on))", "{0|^<on>*}"),
        ("^.Pow(on) + {0|upon}", "{0||0|^<on>*} & {0|^[on]}"),
        ("over.Subordinate(on)", "error: 1:18: the base must be a short game"),
        ("^.PowTo(on+off)", "error: 1:9: Invalid exponent."),
    ]);
}

/// Predicates and options of stoppers, with CGSuite's answers (its
/// CanonicalStopper tests); followers list short games, then
/// pseudonumbers in increasing order.
#[test]
fn predicates_and_options_of_stoppers_as_cgsuite() {
    check(&[
        ("on.IsInteger", "false"),
        ("on.IsZero", "false"),
        ("dud.IsNumber", "false"),
        ("on.IsInfinitesimal", "false"),
        ("over.IsInfinitesimal", "true"),
        ("over.IsNumberish", "true"),
        ("{pass|3/2}.IsNumberish", "true"),
        ("(+-{5|pass}).IsNumberish", "false"),
        ("{on|0||0}.IsNumberTiny", "true"),
        ("{0||0|under}.IsNumberTiny", "true"),
        ("(+-{0|pass}).IsNumberTiny", "false"),
        ("{0|||0||0|off}.IsInfinitesimal", "true"),
        ("(+-{0|pass}).IsInfinitesimal", "true"),
        ("(+-{5|pass}).IsInfinitesimal", "false"),
        ("{pass|3/2}.Options(Left)", "{3/2under}"),
        ("{-1/4+*|pass}.Options(Right)", "{-1/4v[on]}"),
        ("over.Followers", "{0,over}"),
        ("{pass|3/2}.Followers", "{0,1,3/2,2,3/2under}"),
        ("(+-{5|pass}).Followers", "{-5,-4,-3,-2,-1,0,1,2,3,4,5,-5under,5over,+-(5over)}"),
        // n * G is n copies of G (CGSuite's string for 10*upon).
        ("10*upon", "{0|{0||||0|||0||0|{0||||0|||0||0|^[on]*}}}"),
        ("2*upon == upon + upon", "true"),
        ("-2 * upon == -(upon + upon)", "true"),
        ("3 * on", "on"),
        ("0 * over", "0"),
        ("(2^64) * on", "on"),
        // Options with two sides: CGSuite's strings.
        ("{2&-2|1&-2}", "{2|1} & -2*"),
        ("{0|{dud|},*}", "^ & v*"),
        ("{0|dud}.OutcomeClass", "NHat"),
    ]);
}

/// A game whose sides are not stoppers (Bach's Carousel) is a
/// `game.SidedValue`: every answer is CGSuite's (`SidedValueTestCase`).
#[test]
fn non_stopper_sided_values_as_cgsuite() {
    let bach = "(a{0,{1|1,{*,{1+*|1+*,a}|*}}|0})";
    let mut cases: Vec<(String, String)> = vec![
        (bach.to_string(), "a{1|1,{1*|a||*}||0} & a{0,{1|||1*|a||*}|0}".to_string()),
        (format!("{bach}.Class"), "\u{27ea}game.SidedValue\u{27eb}".to_string()),
        (format!("{bach}.OutcomeClass"), "N".to_string()),
    ];
    for predicate in [
        "IsIdempotent",
        "IsInfinitesimal",
        "IsInteger",
        "IsLoopfree",
        "IsNimber",
        "IsNumber",
        "IsNumberish",
        "IsNumberTiny",
        "IsOrdinal",
        "IsPlumtree",
        "IsPseudonumber",
        "IsStopper",
        "IsStopperSided",
        "IsUptimal",
        "IsZero",
    ] {
        cases.push((format!("{bach}.{predicate}"), "false".to_string()));
    }
    for (input, want) in &cases {
        assert_eq!(run(input), *want, "input {input:?}");
    }
    // CGSuite has no Onside for a SidedValue; here it is an error too.
    assert!(run(&format!("{bach}.Onside")).contains("needs stopper sides"));
    check(&[
        ("b := a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}; b + 1 > b", "true"),
        ("b := a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}; (b + 1).OutcomeClass", "L"),
        ("b := a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}; b <> 0", "true"),
    ]);
}

//! The calculator language end to end: inputs and the exact text they print.

use onag::Budget;
use onag::lang::Session;

use super::calc::{check_each as check, run, run_all};

#[test]
fn integers_and_rationals() {
    check(&[
        ("17", "17"),
        ("-3", "-3"),
        ("123456789012345678901234567890", "123456789012345678901234567890"),
        ("3/8", "3/8"),
        ("4/6", "2/3"),
        ("1/2 + 1/4", "3/4"),
        ("3^2^2^2", "43046721"),
        ("2^-2", "1/4"),
        ("(2/3)^3", "8/27"),
        ("-2^2", "-4"),
        ("7 % 3", "1"),
        ("-7 % 3", "2"),
        ("2 * 3 + 4 * 5", "26"),
        ("2*3", "6"),
        ("1 : -1", "1/2"),
        ("1 : -1 : -1", "1/4"),
        ("2 : -1", "3/2"),
        ("* : 1", "^*"),
        ("1 : *", "1*"),
        ("{0|1}.OrdinalSum(-1)", "1/4"),
        // A nimber is an impartial game: its genus is its nim heap's.
        ("*2.Genus", "2"),
        ("1+2*3", "7"),
        ("2+*3", "2*3"),
        ("(1+2)*3", "9"),
        ("10 - 2 - 3", "5"),
        ("12/4/3", "1"),
        ("2^100", "1267650600228229401496703205376"),
    ]);
}

#[test]
fn booleans_and_comparisons() {
    check(&[
        ("1 < 2", "true"),
        ("2 <= 1", "false"),
        ("1/2 == 2/4", "true"),
        ("1 != 1", "false"),
        ("3 <> 4", "false"),
        ("3 <| 4", "true"),
        ("3 |> 4", "false"),
        ("true == false", "false"),
        ("[1,2] == [1,2]", "true"),
    ]);
}

#[test]
fn lists_strings_and_variables() {
    check(&[
        ("[1,2,3]", "[1,2,3]"),
        ("[]", "[]"),
        ("[n*n for n from 1 to 5]", "[1,4,9,16,25]"),
        ("[n for n from 3 to 1]", "[]"),
        ("[x+1 for x in [1,2,3]]", "[2,3,4]"),
        ("[[i,j] for i in [1,2]]", "error: 1:5: unknown name 'j'"),
        ("\"0.77\"", "\"0.77\""),
        ("x := 5; x * x", "25"),
        ("x := 5;", ""),
        ("[1,2,3].Length", "3"),
    ]);
    assert_eq!(run_all(&["a := 2", "b := a^10", "b + a"]), ["2", "1024", "1026"]);
    assert_eq!(run_all(&["n := 7", "[n for n from 1 to 2]", "n"]), ["7", "[1,2]", "7"]);
}

#[test]
fn number_members() {
    check(&[
        ("(7/2).Floor", "3"),
        ("7/2.Floor", "7/2"),
        ("(-7/2).Floor", "-4"),
        ("(2/3).Reciprocal", "3/2"),
        ("3.Max(5)", "5"),
        ("3 Min 5", "3"),
        ("(-5).Sign", "-1"),
        ("17.Div(5)", "3"),
        ("(-17).Div(5)", "-4"),
        ("17.Isqrt", "4"),
        ("17.Lb", "4"),
        ("64.IsTwoPower", "true"),
        ("5.IsEvil", "true"),
        ("7.IsOdious", "true"),
        ("6.IsEven", "true"),
        ("5 NimSum 3", "6"),
        ("[n NimSum 1 for n from 0 to 3]", "[1,0,3,2]"),
    ]);
}

#[test]
fn bad_input_is_a_located_error() {
    check(&[
        (
            "2^(2^100)",
            "error: 1:2: Overflow: the result would have more than 262144 bits; numbers here are exact, with numerator and denominator below 2^262144 (about 78,900 digits)",
        ),
        // Found by fuzzing (slow unit): a 146-bit base to the 5512th power.
        (
            "8222222222222222222222222222222222222222222222^5512/4",
            "error: 1:47: Overflow: the result would have more than 262144 bits; numbers here are exact, with numerator and denominator below 2^262144 (about 78,900 digits)",
        ),
        ("0/0", "error: 1:2: Division by zero."),
        // Issue 39: what the calculator lacks, and where a member lives.
        (
            "class Foo def f := 1; end",
            "error: 1:1: declaring a class in an input or a worksheet is not supported yet: put it in Foo.cgs in a folder of the library path (the current folder, --lib DIR or ONAG_PATH), then use it by its name",
        ),
        (
            "static class Foo end",
            "error: 1:1: declaring a class in an input or a worksheet is not supported yet: put it in Foo.cgs in a folder of the library path (the current folder, --lib DIR or ONAG_PATH), then use it by its name",
        ),
        (
            "{=>}.Put(1, 2)",
            "error: 1:6: a map cannot change, so it has no member 'Put': MutableMap() has it (x := MutableMap(); x.Put(...)), and MutableMap(c) copies a collection c",
        ),
        (
            "[1].Add(2)",
            "error: 1:5: a list cannot change, so it has no member 'Add': MutableList() has it (x := MutableList(); x.Add(...)), and MutableList(c) copies a collection c",
        ),
        (
            "{1}.Add(2)",
            "error: 1:5: a set cannot change, so it has no member 'Add': MutableSet() has it (x := MutableSet(); x.Add(...)), and MutableSet(c) copies a collection c",
        ),
        ("x := MutableMap(); x.Put(1, 2); x", "MutableMap(1 => 2)"),
        (
            "g := 1; g[1, 2]",
            "error: 1:12: an index is one value: for coordinates write g[(r, c)], not g[r, c]",
        ),
        ("(1 - 1) / (1 - 1)", "error: 1:9: Division by zero."),
        ("foo + 1", "error: 1:1: unknown name 'foo'"),
        ("1 + \"a\"", "error: 1:3: '+' cannot combine an integer and a string"),
        ("17.Frobnicate", "error: 1:4: unknown member 'Frobnicate' of an integer"),
        ("17.Cool(-1)", "error: 1:4: Invalid cooling temperature (must be > -1): -1"),
        ("(1/2).Isqrt", "error: 1:7: Isqrt needs an integer, not a rational number"),
        ("2^(1/2)", "error: 1:2: the exponent of '^' must be an integer"),
        ("3.Max(1, 2)", "error: 1:3: Max takes 1 argument, not 2"),
        (
            "[n for n from 1 to 10^30]",
            "error: 1:1: a list of more than 10000000 elements is too long",
        ),
        (
            "{3|2|1}",
            "error: 1:5: a second '|' at the same level: more bars bind more loosely, write {3||2|1} for {3|{2|1}}",
        ),
        ("1|0", "error: 1:2: expected an operator, ';' or the end of the input, found '|'"),
    ]);
}

#[test]
fn public_examples_of_calculator_md() {
    check(&[
        ("{0|*}", "^"),
        ("^+^+*", "^^*"),
        ("*3+*5", "*6"),
        ("{1|0}+0", "{1|0}"),
        ("3+-1", "{4|2}"),
        ("{0||0|-1}", "Tiny(1)"),
        ("{0|v*}", "^<2>"),
        ("{^|*}", "^[2]"),
        ("1/2 + 1/4", "3/4"),
        ("{3||2*|1*}.Mean", "9/4"),
        ("{3||2*|1*}.Temperature", "3/4"),
    ]);
    assert!(run("{3|2|1}").starts_with("error: 1:5: "));
}

#[test]
fn rulesets_of_the_catalog_and_unknown_names() {
    check(&[
        ("^ : *", "{^|*,^}"),
        ("game.grid.Domineering(\"..|..\")", "Domineering.Position(\"..|..\")"),
        ("game.grid.Domineering(\"..|..\").CanonicalForm + 1", "{2|0}"),
        ("game.grid.Frobnicate", "error: 1:11: unknown name 'game.grid.Frobnicate'"),
        // The positions reachable: the board, Left's two vertical and
        // Right's two horizontal dominoes, then the full board.
        (
            "game.grid.Domineering(\"..|..\").Followers",
            "{Domineering.Position(\"..|..\"),Domineering.Position(\"#.|#.\"),Domineering.Position(\".#|.#\"),Domineering.Position(\"##|..\"),Domineering.Position(\"..|##\"),Domineering.Position(\"##|##\")}",
        ),
        // CGSuite's count (its GameTest).
        ("game.grid.Amazons(\"x...|o...\").Followers.Size", "2784"),
        ("game.grid.Amazons(\"x...|o...\").FollowerCount", "2784"),
        ("(6/23).OutcomeClass", "L"),
        ("(-6/23).OutcomeClass", "R"),
        (
            "game.heap.Domineering",
            "error: 1:11: unknown name 'game.heap.Domineering': Domineering is game.grid.Domineering",
        ),
    ]);
}

/// `x.Class`, with CGSuite's expected strings (its CanonicalShortGame,
/// rational and misère tests); classes are names too.
#[test]
fn classes_as_cgsuite_names_them() {
    check(&[
        ("(0/7).Class", "⟪game.Zero⟫"),
        ("(-19/1).Class", "⟪game.Integer⟫"),
        ("(-3^22/2^72).Class", "⟪game.DyadicRational⟫"),
        ("(6/23).Class", "⟪game.Rational⟫"),
        ("(17/0).Class", "⟪game.Rational⟫"),
        ("(*8).Class", "⟪game.Nimber⟫"),
        ("(9/8+*).Class", "⟪game.Uptimal⟫"),
        ("(v*).Class", "⟪game.Uptimal⟫"),
        ("({0||0|v*}).Class", "⟪game.Uptimal⟫"),
        ("({0||0|vvv}).Class", "⟪game.CanonicalShortGame⟫"),
        ("({1|^^||^}).Class", "⟪game.CanonicalShortGame⟫"),
        ("(*[[2],0]).Class", "⟪game.misere.MisereCanonicalGame⟫"),
        ("\"a\".Class", "⟪cgsuite.lang.String⟫"),
        ("(^*).Class == game.Uptimal", "true"),
        ("(1/3).Class == game.DyadicRational", "false"),
        ("'{1|}'.Class", "⟪game.ExplicitGame⟫"),
        ("game.Integer.Class", "⟪cgsuite.lang.Class⟫"),
        ("(1..10^30).Class == cgsuite.lang.Range", "true"),
        ("(1..3).ToString", "\"1..3\""),
        // Positions and rulesets: the classes CGSuite defines them in.
        ("game.grid.Domineering(\"..\").Class", "⟪game.grid.Domineering.Position⟫"),
        ("game.grid.Domineering.Class", "⟪game.grid.Domineering⟫"),
        ("game.grid.Clobber(\"xo\").Class", "⟪game.grid.GenClobber.Position⟫"),
        ("game.grid.Clobber.Class", "⟪game.grid.GenClobber⟫"),
        ("game.grid.Cram(\"..\").Class", "⟪game.variant.ImpartialVariantGame⟫"),
        ("game.strip.ToadsAndFrogs(\"t.f\").Class", "⟪game.strip.GenToadsAndFrogs.Position⟫"),
        ("game.heap.Cutcake((2,3)).Class", "⟪game.heap.GenCutcake.Position⟫"),
        ("game.heap.Kayles.Class", "⟪game.heap.TakeAndBreak⟫"),
        ("game.heap.Kayles(5).Class", "⟪game.heap.HeapRuleset.Position⟫"),
        ("game.heap.Spawning(\"1-3\").Class", "⟪game.heap.Spawning⟫"),
        ("game.heap.Wythoff((3,5)).Class", "⟪game.heap.CoordinateRuleset.Position⟫"),
        ("game.heap.Mem.Class", "⟪game.heap.GenMem⟫"),
        (
            "game.heap.HeapRuleset(n -> [[k] for k from 0 to n - 1]).Class",
            "⟪game.heap.FunctionalHeapRuleset⟫",
        ),
        ("game.grid.Domineering(\"..|..\").Class == game.grid.Domineering.Position", "true"),
        ("game.grid.Domineering(\"..\")", "Domineering.Position(\"..\")"),
        // Loopy values: a pseudonumber, another stopper, two sides.
        ("on.Class", "⟪game.Pseudonumber⟫"),
        ("(2 + over).Class", "⟪game.Pseudonumber⟫"),
        ("upon.Class", "⟪game.CanonicalStopper⟫"),
        ("(on + off).Class", "⟪game.StopperSidedValue⟫"),
        ("dud.OutcomeClass.Class", "⟪game.OutcomeClass⟫"),
        ("(3).Class.Name", "\"Integer\""),
        ("(3).Class.QualifiedName", "\"game.Integer\""),
        ("game.grid.Domineering(\"..\").Class.Name", "\"Domineering.Position\""),
    ]);
}

/// A periodicity's parts; `Tiny` and `Miny` as members of short games and
/// stoppers (`G.Tiny` is `{0||0|-G}`, the same game as `Tiny(G)`);
/// `DepthHint` is CGSuite's default 0.
#[test]
fn periodicity_parts_tiny_miny_and_depth_hint() {
    check(&[
        ("game.heap.Kayles.CheckPeriodicity(200).Period", "12"),
        ("game.heap.Kayles.CheckPeriodicity(200).Preperiod", "71"),
        ("game.heap.Kayles.CheckPeriodicity(200).Saltus", "0"),
        ("game.heap.DawsonsKayles.CheckPeriodicity(200).Period", "34"),
        ("game.heap.Subtraction([2,3,7], allbut => true).CheckPeriodicity(200).Saltus", "2"),
        ("game.heap.Subtraction([2,3,7], allbut => true).CheckPeriodicity(200).Period", "4"),
        ("2.Tiny", "Tiny(2)"),
        ("2.Tiny == {0||0|-2}", "true"),
        ("(1/2).Miny", "Miny(1/2)"),
        ("(^).Miny", "v"),
        ("(*).Tiny", "^^*"),
        ("{0||0|-*} == ^^*", "true"),
        ("over.Tiny", "Tiny(over)"),
        ("upon.Miny == {upon|0||0}", "true"),
        (
            "(on & off).Tiny",
            "error: 1:12: Tiny needs a stopper, and this loopy game is not one (its onside and offside differ)",
        ),
        ("{1|*}.DepthHint", "0"),
        ("on.DepthHint", "0"),
    ]);
}

/// A rational that is not dyadic answers the predicates of a surreal
/// number (CGSuite's `SurrealNumber`): a number, a stopper, a pseudonumber;
/// not a nimber, not infinitesimal.
#[test]
fn rationals_answer_the_predicates_of_numbers() {
    check(&[
        ("(1/3).IsNumber", "true"),
        ("(1/3).IsStopper", "true"),
        ("(1/3).IsPseudonumber", "true"),
        ("(1/3).IsUptimal", "true"),
        ("(1/3).IsNimber", "false"),
        ("(1/3).IsInfinitesimal", "false"),
        ("(1/3).IsZero", "false"),
        ("(1/3).IsAllSmall", "false"),
        ("(1/3).IsInteger", "false"),
        ("(-5/7).IsOrdinal", "false"),
        ("(1/3).Mean", "error: 1:7: Mean needs a game, and 1/3 is not a dyadic rational"),
    ]);
}

/// The followers of a nimber or an integer are counted without building
/// their options: `*n` has n+1 followers.
#[test]
fn followers_of_big_nimbers_and_integers() {
    check(&[
        ("(*500000).FollowerCount", "500001"),
        ("(-500000).FollowerCount", "500001"),
        ("{5*|*8}.FollowerCount", "16"),
        ("{3|-2}.Followers", "{-2,-1,0,1,2,3,{3|-2}}"),
        ("(*4).Followers", "{0,*,*2,*3,*4}"),
    ]);
}

/// `ToOutput` gives a value's display as text; a string's
/// `ToUnquotedOutput` drops the quotes; `EnclosingObject` is a position's
/// ruleset and `Nothing` for anything else (CGSuite's `Object` members).
#[test]
fn output_and_enclosing_object() {
    check(&[
        ("3.ToOutput", "3"),
        ("(^^*).ToOutput", "^^*"),
        ("\"Toads and Frogs\".ToUnquotedOutput", "Toads and Frogs"),
        ("\"Toads\".ToOutput", "\"Toads\""),
        ("(1/2).ToOutput.ToString", "\"1/2\""),
        ("(*3).ToOutput.Class", "⟪cgsuite.lang.Output⟫"),
        ("3.ToOutput.ToOutput == 3.ToOutput", "true"),
        ("3.EnclosingObject", "Nothing"),
        ("[1,2].EnclosingObject", "Nothing"),
        ("game.grid.Amazons(\"x...|o...\").EnclosingObject", "game.grid.Amazons"),
        ("game.grid.Amazons(\"x...|o...\").EnclosingObject == game.grid.Amazons", "true"),
        ("game.heap.Kayles(4).EnclosingObject", "game.heap.Kayles"),
        ("game.heap.Wythoff((3,4)).EnclosingObject", "game.heap.Wythoff"),
        ("game.grid.Clobber(\"xo\").EnclosingObject == game.grid.Clobber", "true"),
        ("game.grid.Clobber(\"xo\").EnclosingObject == game.grid.Amazons", "false"),
        (
            "game.strip.GenToadsAndFrogs(maxJump => 2)(\"t.f\").EnclosingObject",
            "game.strip.GenToadsAndFrogs(maxJump => 2)",
        ),
        (
            "(game.strip.GenToadsAndFrogs(maxJump => 2)(\"t.f\").EnclosingObject)(\"tt.f\")",
            "GenToadsAndFrogs.Position(\"tt.f\")",
        ),
    ]);
}

/// `x is C` follows CGSuite's class hierarchy; short names are the classes
/// of `game`, `cgsuite.lang` and `cgsuite.util`.
#[test]
fn is_tests_membership_in_the_class_hierarchy() {
    check(&[
        ("3 is Integer", "true"),
        ("3 is game.Integer", "true"),
        ("0 is Nimber", "true"),
        ("(1/2) is Integer", "false"),
        ("(1/2) is Game", "true"),
        // A rational that is not dyadic is a surreal number, not a game.
        ("(1/3) is Game", "false"),
        ("(1/3) is Rational", "true"),
        ("* is ImpartialGame", "true"),
        ("^ is ImpartialGame", "false"),
        ("on is Pseudonumber", "true"),
        ("on is CanonicalShortGame", "false"),
        ("(on + off) is SidedValue", "true"),
        ("*[2] is ImpartialGame", "true"),
        ("(1..3) is Collection", "true"),
        ("game.heap.Kayles(3) is ImpartialGame", "true"),
        ("game.grid.Domineering(\"..\") is ImpartialGame", "false"),
        ("game.grid.Domineering(\"..\") is Game", "true"),
        ("game.heap.Kayles is game.heap.HeapRuleset", "true"),
        ("game.grid.Clobber is Ruleset", "true"),
        ("game.grid.Clobber is game.grid.GenClobber", "true"),
        ("3 is Object", "true"),
        // Looser than comparisons, tighter than `not`.
        ("not 3 is Integer", "false"),
        ("3 < 4 is Boolean", "true"),
        ("if 3 is Integer then 1 else 2 end", "1"),
        (
            "3 is 4",
            "error: 1:3: 'is' needs a class on its right (such as game.Integer), not an integer",
        ),
        ("is := 3", "error: 1:1: cannot assign to 'is'"),
        ("Integer := 5", "error: 1:1: cannot assign to 'Integer': it names a class"),
    ]);
}

#[test]
fn game_literals_print_back_in_cgsuite_notation() {
    check(&[
        ("6^*", "6^*"),
        ("^*6", "^*6"),
        ("73/16v9*8", "73/16v9*8"),
        ("9/8*", "9/8*"),
        ("^<2>*", "^<2>*"),
        ("^[4]", "^[4]"),
        ("3/4v[3]*", "3/4v[3]*"),
        ("^^^", "^3"),
        ("vv", "vv"),
        ("v5", "v5"),
        ("^5 - ^2", "^3"),
        ("*(3+5)", "*8"),
        ("{|}", "0"),
        ("{0|}", "1"),
        ("{0,1|}", "2"),
        ("{0|1}", "1/2"),
        ("{-1|}", "0"),
        ("+-1", "+-1"),
        ("+-1/2", "+-1/2"),
        ("+-^^", "+-^^"),
        ("+-{1,1*}", "+-{1,1*}"),
        ("+-{3|2}", "+-{3|2}"),
        ("{3||2|1}", "{3||2|1}"),
        ("Tiny(1)", "Tiny(1)"),
        ("Miny(1)", "Miny(1)"),
        ("{1|0||0}", "Miny(1)"),
        ("2Tiny(2)", "2Tiny(2)"),
        ("Tiny({2|1})", "Tiny({2|1})"),
        ("2 + Tiny(2)", "2Tiny(2)"),
        ("^.Pow(2)", "^<2>"),
        ("^.PowTo(3) == ^[3]", "true"),
        ("^ + ^.Pow(2) == ^[2]", "true"),
        ("5 * *", "*"),
        ("3 * ^", "^3"),
        ("^ * 3", "^3"),
        ("-2 * {1|0}", "-1"),
        // An up with an expression for its count, as CGScript reads `^`
        // followed by a primary expression.
        ("^(3)", "^3"),
        ("n := 3; ^n", "^3"),
        ("v(2)*", "vv*"),
        ("n := 4; ^<n>", "^<4>"),
        ("n := 3; ^[n]", "^[3]"),
        ("n := 3; v<n>", "v<3>"),
        ("[^k for k from 1 to 3]", "[^,^^,^3]"),
        ("k := 2; 2^k", "4"),
        // Without its closing bracket, `^<` is a comparison.
        ("^<1", "true"),
        ("x := 2; ^<x", "true"),
    ]);
}

#[test]
fn game_comparisons_and_outcomes() {
    check(&[
        ("^ > 0", "true"),
        ("^ >= *", "false"),
        ("^* <> 0", "true"),
        ("* <| 0", "true"),
        ("* |> 0", "true"),
        ("{1|0} > 0", "false"),
        ("{1|-1} == +-1", "true"),
        ("{0|*} == ^", "true"),
        ("1/2 == {0|1}", "true"),
        ("^ == 0", "false"),
        ("^ != v", "true"),
        ("{1|0}.OutcomeClass", "N"),
        ("^.OutcomeClass", "L"),
        ("(*+*).OutcomeClass", "P"),
        ("v.OutcomeClass", "R"),
        ("[g.OutcomeClass for g in [0, *, ^, v]]", "[P,N,L,R]"),
    ]);
}

#[test]
fn game_members() {
    check(&[
        ("{3||2|1}.LeftOptions", "{3}"),
        ("{3||2|1}.RightOptions", "{{2|1}}"),
        ("{1|1}.CanonicalForm", "1*"),
        ("^.Followers", "{0,*,^}"),
        ("{1|0}.Birthday", "2"),
        ("{3|-1}.LeftStop", "3"),
        ("{3|-1}.RightStop", "-1"),
        ("(1+^).IsNumberish", "true"),
        ("{1|0}.IsNumberish", "false"),
        ("(*3+*5).NimValue", "6"),
        ("^.NimValue", "error: 1:3: NimValue needs an impartial game"),
        ("3.IsNumber", "true"),
        ("3.Birthday", "3"),
        ("[x.Birthday for x in {3||2|1}.RightOptions]", "[3]"),
    ]);
}

#[test]
fn game_errors() {
    check(&[
        ("{1/3|}", "error: 1:1: a game option needs a game, and 1/3 is not a dyadic rational"),
        ("{\"a\"|}", "error: 1:1: a game option needs a game, not a string"),
        ("*\"foo\"", "error: 1:1: '*' needs a non-negative integer, not a string"),
        ("^ / 2", "error: 1:3: this operator does not apply to games"),
        (
            "1/2 * ^",
            "error: 1:5: '*' multiplies a game by an integer (Norton multiplication); use ConwayProduct for other products",
        ),
        ("^<0>", "error: 1:1: the exponent of ^<n> and ^[n] must be at least 1"),
        ("^<-1>", "error: 1:3: the exponent of ^<n> and ^[n] must be at least 1"),
        ("v[-2]", "error: 1:3: the exponent of ^<n> and ^[n] must be at least 1"),
        ("*(-1)", "error: 1:1: '*' needs a non-negative integer, not -1"),
        ("^ < -1", "false"),
        // A DAG whose printed tree is exponentially long: an error, not a hang.
        ("*:-4:*45", "error: the printed form is longer than 16777216 characters"),
        (
            "{1|0}.Pow(2)",
            "error: 1:7: Invalid base for `Pow` operation (base must be of the form {0|H}).",
        ),
        ("^ + [1]", "error: 1:3: '+' cannot combine a game and a list"),
    ]);
}

mod round_trip {
    use onag::Budget;
    use onag::lang::{Session, Value};
    use proptest::prelude::*;

    /// Game literals written with plain braces, nested up to three levels.
    fn game_text() -> impl Strategy<Value = String> {
        let leaf = prop::sample::select(vec![
            "0", "1", "-1", "2", "1/2", "-3/4", "*", "*2", "^", "v", "^*",
        ])
        .prop_map(str::to_string);
        leaf.prop_recursive(3, 24, 3, |inner| {
            (prop::collection::vec(inner.clone(), 0..3), prop::collection::vec(inner, 0..3))
                .prop_map(|(l, r)| format!("{{{}|{}}}", l.join(","), r.join(",")))
        })
    }

    /// Whether `text` holds a number, `^` and a count with no star after it
    /// (`-1^3`): CGSuite's notation for x + n·↑, which the language reads as
    /// a power (CALCULATOR.md: `3^2^2^2` = 43046721), so it cannot round-trip.
    fn has_number_power_ambiguity(text: &str) -> bool {
        let b = text.as_bytes();
        (1..b.len()).any(|i| {
            b[i] == b'^'
                && b[i - 1].is_ascii_digit()
                && b.get(i + 1).is_some_and(u8::is_ascii_digit)
                && {
                    let mut j = i + 1;
                    while j < b.len() && b[j].is_ascii_digit() {
                        j += 1;
                    }
                    b.get(j) != Some(&b'*')
                }
        })
    }

    /// Whether `text` holds a number, `*` and a count (`2*2`, `1/2*3`):
    /// CGSuite's notation for x + *n, which the language reads as a product
    /// (CALCULATOR.md: for integers `*` is multiplication), so it cannot
    /// round-trip either.
    fn has_number_star_ambiguity(text: &str) -> bool {
        let b = text.as_bytes();
        (1..b.len()).any(|i| {
            let mut j = i;
            while j > 0 && (b[j - 1].is_ascii_digit() || b[j - 1] == b'/') {
                j -= 1;
            }
            let after_ups = j > 0 && matches!(b[j - 1], b'^' | b'v');
            b[i] == b'*'
                && b[i - 1].is_ascii_digit()
                && !after_ups
                && b.get(i + 1).is_some_and(u8::is_ascii_digit)
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// Printing a game and parsing the text gives the same game.
        #[test]
        fn printing_then_parsing_gives_the_same_game(text in game_text(), extra in game_text()) {
            let mut session = Session::new();
            let budget = Budget::unlimited();
            let sum = format!("{text} + {extra}");
            for input in [text.as_str(), sum.as_str()] {
                let printed = session.run_to_string(input, &budget).unwrap();
                if has_number_power_ambiguity(&printed) || has_number_star_ambiguity(&printed) {
                    continue;
                }
                let again = session.run_to_string(&printed, &budget).unwrap();
                prop_assert_eq!(&again, &printed, "input {}", input);
                let same = session.run(&format!("({input}) == ({printed})"), &budget).unwrap();
                prop_assert_eq!(same, Some(Value::Bool(true)), "{} vs {}", input, printed);
            }
        }

        /// The language's + and - agree with the laws: G - G = 0, G + H = H + G.
        #[test]
        fn sums_obey_the_laws(g in game_text(), h in game_text()) {
            let mut session = Session::new();
            let budget = Budget::unlimited();
            let zero = session.run_to_string(&format!("({g}) - ({g})"), &budget).unwrap();
            prop_assert_eq!(zero, "0");
            let a = session.run_to_string(&format!("({g}) + ({h})"), &budget).unwrap();
            let b = session.run_to_string(&format!("({h}) + ({g})"), &budget).unwrap();
            prop_assert_eq!(a, b);
        }

        /// Comparisons agree with each other: G <= H iff G - H >= 0, and exactly
        /// one of <, ==, >, <> holds.
        #[test]
        fn comparisons_are_consistent(g in game_text(), h in game_text()) {
            let mut session = Session::new();
            let budget = Budget::unlimited();
            let mut ask = |q: String| session.run_to_string(&q, &budget).unwrap() == "true";
            let le = ask(format!("({g}) <= ({h})"));
            prop_assert_eq!(le, ask(format!("({g}) - ({h}) <= 0")));
            let relations = [
                ask(format!("({g}) < ({h})")),
                ask(format!("({g}) == ({h})")),
                ask(format!("({g}) > ({h})")),
                ask(format!("({g}) <> ({h})")),
            ];
            prop_assert_eq!(relations.iter().filter(|&&r| r).count(), 1);
            prop_assert_eq!(le, relations[0] || relations[1]);
        }
    }
}

#[test]
fn impartial_members_and_heap_rulesets() {
    check(&[
        ("[8 NimProduct n for n from 1 to 4]", "[8,12,4,11]"),
        ("2.NimInverse", "3"),
        ("11 NimDiv 4", "8"),
        ("(11 NimDiv 4) NimProduct 4", "11"),
        ("[n NimProduct n.NimInverse for n from 1 to 20] == [1 for n from 1 to 20]", "true"),
        ("3 NimDiv 0", "error: 1:3: Division by zero."),
        ("0.NimInverse", "error: 1:3: Division by zero."),
        ("(-1) NimProduct 2", "error: 1:6: NimProduct needs a non-negative integer, not -1"),
        ("game.heap.Subtraction([1,3,4]).NimValueSequence(10)", "[1,0,1,2,3,2,0,1,0,1]"),
        (
            "game.heap.Subtraction([1,3,4]).CheckPeriodicity(100)",
            "Periodicity(Period => 7, Preperiod => 0, Saltus => 0)",
        ),
        (
            "game.heap.Nim.CheckPeriodicity(10)",
            "Periodicity(Period => 1, Preperiod => 0, Saltus => 1)",
        ),
        ("game.heap.Nim.NimValueSequence(5)", "[1,2,3,4,5]"),
        ("game.heap.Nim(7).NimValue", "7"),
        ("Subtraction([1,2])(10^30 + 2).NimValue", "0"),
        ("Subtraction([1,2])(10^30).NimValue", "1"),
        ("[Subtraction([1,2,3])(n).NimValue for n from 0 to 8]", "[0,1,2,3,0,1,2,3,0]"),
        ("Subtraction([])", "error: 1:1: the subtraction set is empty: no move would be possible"),
        ("game.heap.GrundysGame(20).NimValue", "0"),
        ("game.heap.GrundysGame(18).NimValue", "4"),
    ]);
}

/// The calculator's heap values against the definition: g(n) = mex of g(n − k)
/// over the allowed k.
#[test]
fn heap_values_match_the_definition() {
    let allowed_all_but = |k: usize| k >= 1 && ![2, 3, 7].contains(&k);
    let mut g: Vec<u64> = Vec::new();
    for n in 0..=60usize {
        let options: Vec<u64> = (1..=n).filter(|&k| allowed_all_but(k)).map(|k| g[n - k]).collect();
        g.push(onag::impartial::mex(options));
    }
    let expected = format!("[{}]", g[1..].iter().map(u64::to_string).collect::<Vec<_>>().join(","));
    assert_eq!(
        run("game.heap.Subtraction([2,3,7], allbut => true).NimValueSequence(60)"),
        expected
    );
}

#[test]
fn hackenbush_pictures_are_positions_of_the_graph_ruleset() {
    check(&[
        ("game.graph.Hackenbush(\"e(ee;e)\").NimValue", "4"),
        ("Hackenbush(\"eee\")", "GenHackenbush.Position(\"eee\")"),
        ("Hackenbush(\"ee\") + Hackenbush(\"eee\")", "*"),
        ("game.graph.Hackenbush(\"lrlrrllr\").CanonicalForm", "77/128"),
        ("Hackenbush(\"l(r;r)\") + Hackenbush(\"le\")", "5/4*"),
        ("Hackenbush(\"lr\").LeftOptions", "[GenHackenbush.Position(\".\")]"),
        (
            "Hackenbush(\"l(r;x)\")",
            "error: 1:17: Hackenbush: invalid graph: expected an edge ('l', 'r', 'e'), '(', ';' or ')', found 'x'",
        ),
        ("Hackenbush(3)", "error: 1:12: Hackenbush: a Hackenbush graph must be a string, not 3"),
    ]);
}

/// Every example `:help` shows evaluates without an error.
#[test]
fn every_documented_member_example_works() {
    for member in onag::lang::members::MEMBERS.iter() {
        let out = run(member.example);
        assert!(!out.starts_with("error"), "{}: {} gives {out}", member.name, member.example);
    }
}

#[test]
fn take_and_break_rulesets() {
    check(&[
        ("game.heap.Kayles.NimValueSequence(10)", "[1,2,3,1,4,3,2,1,4,2]"),
        ("game.heap.GrundysGame.NimValueSequence(20)", "[0,0,1,0,2,1,0,2,1,0,2,1,3,2,1,3,2,4,3,0]"),
        ("game.heap.Kayles(20).NimValue", "1"),
        ("Kayles.CheckPeriodicity(200)", "Periodicity(Period => 12, Preperiod => 71, Saltus => 0)"),
        ("Kayles(10^30 + 1).NimValue == Kayles(10^30 + 13).NimValue", "true"),
        ("DawsonsKayles.NimValueSequence(10)", "[0,1,1,2,0,3,1,1,0,3]"),
        (
            "TakeAndBreak(\"0.07\").NimValueSequence(10) == DawsonsKayles.NimValueSequence(10)",
            "true",
        ),
        (
            "game.heap.TakeAndBreak(\"0.137\").CheckPeriodicity(300)",
            "Periodicity(Period => 34, Preperiod => 52, Saltus => 0)",
        ),
        (
            "TakeAndBreak(\"0.9x\")",
            "error: 1:18: TakeAndBreak: unexpected 'x': digits are 0-9, A-V, &N; or {2,3} and {2+}, constraints ! ? =",
        ),
        ("[Nim(n).MisereNimValue for n from 0 to 4]", "[1,0,2,3,4]"),
        ("Nim(3).Genus", "3"),
        ("Kayles(5).Genus", "4^146"),
        ("[Kayles(n).Genus for n from 6 to 8]", "[3,2^2,1^1]"),
    ]);
}

#[test]
fn coin_turning_rows() {
    check(&[
        ("game.strip.Turning(\"1-3\")(\"htth\")", "*6"),
        ("game.strip.Turning(\"mock\")(\"hhhhhh\").NimValue", "3"),
        ("Turning(\"1-3\")", "game.strip.Turning(\"1-3\")"),
        (
            "Turning(\"1-3\")(\"hxt\")",
            "error: 1:18: Turning: expected 'h' (heads) or 't' (tails), found 'x'",
        ),
    ]);
}

#[test]
fn wythoff_positions() {
    check(&[
        ("game.heap.Wythoff(3,5)", "game.heap.Wythoff(3,5)"),
        ("Wythoff(0,0).NimValue", "0"),
        ("game.heap.Wythoff(1,2).NimValue", "0"),
        ("game.heap.Wythoff(5,3).NimValue", "0"),
        ("game.heap.Wythoff(4,7).NimValue", "0"),
        ("game.heap.Wythoff(10,6).NimValue", "0"),
        ("game.heap.Wythoff(5,6).NimValue", "10"),
        ("game.heap.Wythoff(0,7).NimValue", "7"),
        ("game.heap.Wythoff(3,6).NimValue", "1"),
        ("game.heap.Wythoff(6,10).OutcomeClass", "P"),
        ("game.heap.Wythoff(6,9).OutcomeClass", "N"),
        // The 10^20-th P-position, from the Beatty closed form.
        ("Wythoff(161803398874989484820, 261803398874989484820).OutcomeClass", "P"),
        ("Wythoff(161803398874989484820, 261803398874989484821).OutcomeClass", "N"),
        (
            "Wythoff(5000, 1).NimValue",
            "error: 1:18: NimValue of Wythoff searches positions with both heaps below 4096 \
             (Wythoff's Grundy values have no known closed form; OutcomeClass works for any size)",
        ),
        (
            "Wythoff(3)",
            "error: 1:1: game.heap.Wythoff takes two heap sizes, e.g. game.heap.Wythoff((3,5))",
        ),
        (
            "game.heap.TakeAway(3)(5)",
            "error: 1:1: game.heap.TakeAway(3) takes a heap size and the size of the last move, e.g. game.heap.TakeAway(3)((10,3))",
        ),
        ("Wythoff(3,-1)", "error: 1:11: a heap size must be a non-negative integer"),
        (
            "game.heap.Wythoff.NimValueSequence(3)",
            "error: 1:19: NimValueSequence of the ruleset Wythoff is not available yet",
        ),
    ]);
}

/// Every Wythoff Grundy value the calculator gives for heaps up to 12, against
/// the mex over the options (one heap, or the same amount from both).
#[test]
fn wythoff_values_match_the_definition() {
    const N: usize = 13;
    let mut g = [[0u64; N]; N];
    for a in 0..N {
        for b in 0..N {
            let mut options = Vec::new();
            options.extend((0..a).map(|x| g[x][b]));
            options.extend((0..b).map(|y| g[a][y]));
            options.extend((1..=a.min(b)).map(|k| g[a - k][b - k]));
            g[a][b] = onag::impartial::mex(options);
        }
    }
    let mut session = Session::new();
    let budget = Budget::unlimited().with_max_positions(1_000_000);
    for (a, row) in g.iter().enumerate() {
        let input = format!("[Wythoff({a}, b).NimValue for b from 0 to {}]", N - 1);
        let expected =
            format!("[{}]", row.iter().map(u64::to_string).collect::<Vec<_>>().join(","));
        assert_eq!(session.run_to_string(&input, &budget).unwrap(), expected, "{input}");
        let zeros: Vec<usize> = (0..N).filter(|&b| row[b] == 0).collect();
        for b in 0..N {
            let outcome = if zeros.contains(&b) { "P" } else { "N" };
            let input = format!("Wythoff({a}, {b}).OutcomeClass");
            assert_eq!(session.run_to_string(&input, &budget).unwrap(), outcome, "{input}");
        }
    }
}

/// Fibonacci Nim outcomes for heaps up to 40 against a search from the rules:
/// from `(n, m)` (at most `m` may be taken) a move takes `1..=min(n, m)` and
/// leaves `(n − k, 2k)`; the first move may take `1..n−1`.
#[test]
fn fibonacci_nim_outcomes_match_the_rules() {
    const N: usize = 41;
    // wins[n][m]: the player to move from n stones, taking at most m, wins.
    let mut wins = vec![vec![false; 2 * N + 1]; N];
    for n in 0..N {
        for m in 0..=2 * N {
            wins[n][m] = (1..=n.min(m)).any(|k| !wins[n - k][(2 * k).min(2 * N)]);
        }
    }
    let mut session = Session::new();
    let budget = Budget::unlimited();
    for (n, row) in wins.iter().enumerate() {
        let expected = if row[n.saturating_sub(1)] { "N" } else { "P" };
        let input = format!("game.heap.FibonacciNim({n}).OutcomeClass");
        assert_eq!(session.run_to_string(&input, &budget).unwrap(), expected, "{input}");
    }
    check(&[
        ("FibonacciNim(10^30).OutcomeClass", "N"),
        ("game.heap.FibonacciNim(144)", "game.heap.FibonacciNim(144)"),
        ("game.heap.FibonacciNim(10).NimValue", "5"),
        ("[FibonacciNim(n).NimValue for n from 1 to 13]", "[0,0,0,3,0,4,4,0,5,5,5,6,0]"),
        (
            "game.heap.FibonacciNim(10^30).NimValue",
            "error: 1:31: NimValue of FibonacciNim searches heaps up to 23,168 (OutcomeClass works up to 4096 bits)",
        ),
        (
            "FibonacciNim(1,2)",
            "error: 1:1: game.heap.FibonacciNim takes one heap size, e.g. game.heap.FibonacciNim(10)",
        ),
    ]);
}

/// CGScript's operator precedence (CALCULATOR.md's table), one row per level
/// pair: each input's value differs under any other order.
#[test]
fn precedence_follows_cgscript() {
    check(&[
        // Unary minus is looser than `^`, tighter than `*` and `/`.
        ("-3^2", "-9"),
        ("-3^22/2^72", "-31381059609/4722366482869645213696"),
        ("(-3)^2", "9"),
        ("-2*3", "-6"),
        ("2^-1", "1/2"),
        ("-2^-2", "-1/4"),
        // Member access binds tightest: `-2^40.Lb` is -(2^(40.Lb)).
        ("-2^40.Lb", "-32"),
        ("(-2^40).Lb", "error: 1:9: Lb of an integer that is not positive"),
        ("(2^40).Lb", "40"),
        ("-1.Sign", "-1"),
        // Named infix operators are looser than `+`, tighter than comparisons.
        ("4 Max 3 + 5", "8"),
        ("3 + 5 Min 4", "4"),
        ("1 Max 2 Max 3", "3"),
        ("2 < 1 Max 3", "true"),
        ("5 NimSum 3 + 1", "1"),
        // `:` is looser than `*`, tighter than `+`.
        ("1 : -1 + 1", "3/2"),
        ("2 * 1 : 1", "3"),
        ("1 : 1 * 2", "3"),
        // `^` is right-associative; `*` `/` left-associative.
        ("2^3^2", "512"),
        ("12/4/3", "1"),
        ("2*3^2", "18"),
        // `..` is looser than `+`, tighter than named operators.
        ("1 + 2..5 + 1", "3..6"),
        ("1..3 Max 2", "error: 1:6: Max takes 0 arguments, not 1"),
        ("1..10..3 + 1", "1..10..4"),
    ]);
}

/// Ranges: CGSuite's expected outputs (its language tests), and a range
/// taken as the list of its elements by every other member, operator and
/// function.
#[test]
fn ranges_match_cgsuite() {
    check(&[
        ("3..12", "3..12"),
        ("3..12..3", "3..12..3"),
        ("1..0", "1..0"),
        ("(3..12).ToSet", "{3,4,5,6,7,8,9,10,11,12}"),
        ("(3..12..3).ToSet", "{3,6,9,12}"),
        ("1..4 == [1,2,3,4]", "true"),
        ("1..0 == []", "true"),
        ("(1..10..2).Contains(4)", "false"),
        ("(1..10..2).Contains(9)", "true"),
        ("(1..0).IsEmpty", "true"),
        ("(1..10).IsEmpty", "false"),
        ("(1..10).ToList", "1..10"),
        ("(1..10).ToSet", "{1,2,3,4,5,6,7,8,9,10}"),
    ]);
    check(&[
        ("10..1..-3", "10..1..-3"),
        ("(10..1..-3).Length", "4"),
        ("(10..1..-3)[4]", "1"),
        ("(10..1..-3)[5]", "error: 1:1: the range 10..1..-3 of 4 elements has no element 5"),
        ("[x^2 for x in 1..5]", "[1,4,9,16,25]"),
        ("sumof(x for x in 1..100)", "5050"),
        ("(1..5).Apply(x -> x * 2)", "[2,4,6,8,10]"),
        ("[1..3, 4]", "[1..3,4]"),
        ("game.heap.Subtraction(1..3).NimValueSequence(8)", "[1,2,3,0,1,2,3,0]"),
        ("(1..10^30).Size", "1000000000000000000000000000000"),
        ("(1..10^30).Contains(10^29)", "true"),
        ("(1..10^30)[10^29]", "100000000000000000000000000000"),
        ("1..2..0", "error: 1:5: a range's step cannot be 0"),
        ("1/2..3", "error: 1:4: '..' needs integers, not a rational number"),
        ("1..*", "error: 1:2: '..' needs integers, not a game"),
        (
            "(1..10^9).Sorted",
            "error: 1:11: the range 1..1000000000 has more than 10000000 elements",
        ),
    ]);
}

/// `LeftOptions`, `RightOptions`, `Followers` and `FollowerCount` of numbers
/// come in closed form; they agree with the arena's search over the
/// canonical form, and huge integers cost nothing.
#[test]
fn followers_of_numbers_in_closed_form() {
    check(&[
        ("(-1/2).LeftOptions", "{-1}"),
        ("(-1/2).RightOptions", "{0}"),
        ("3.LeftOptions", "{2}"),
        ("3.RightOptions", "{}"),
        ("0.Followers", "{0}"),
        ("(5/8).Followers", "{0,1/2,5/8,3/4,1}"),
        ("(-2).Followers", "{-2,-1,0}"),
        ("(10^6).FollowerCount", "1000001"),
        ("(-10^30).FollowerCount", "1000000000000000000000000000001"),
        ("(10^30+1/2).FollowerCount", "1000000000000000000000000000003"),
    ]);
    assert!(run("(10^7).Followers").starts_with("error: "));
    let budget = Budget::unlimited();
    let mut arena = onag::game::Arena::new();
    let mut session = Session::new();
    for k in 0..4u32 {
        for m in -20i64..=20 {
            let x = onag::number::Dyadic::new(m, k);
            let g = arena.dyadic(&x).unwrap();
            let mut all = arena.followers(g).unwrap();
            let count = all.len();
            arena.sort_for_display(&mut all).unwrap();
            let expected = arena.print_set(&all).unwrap();
            let text = format!("({m}/2^{k})");
            let got = session.run_to_string(&format!("{text}.Followers"), &budget).unwrap();
            assert_eq!(got, expected, "{text}");
            let got = session.run_to_string(&format!("{text}.FollowerCount"), &budget).unwrap();
            assert_eq!(got, count.to_string(), "{text}");
            for side in ["LeftOptions", "RightOptions"] {
                let mut o = if side == "LeftOptions" {
                    arena.left_options(g).unwrap()
                } else {
                    arena.right_options(g).unwrap()
                };
                arena.sort_for_display(&mut o).unwrap();
                let expected = arena.print_set(&o).unwrap();
                let got = session.run_to_string(&format!("{text}.{side}"), &budget).unwrap();
                assert_eq!(got, expected, "{text}.{side}");
            }
        }
    }
}

/// Each input has its own position budget: an input that uses it up does not
/// make later inputs fail, and positions kept from earlier inputs do not
/// count against a later one.
#[test]
fn each_input_has_its_own_budget() {
    let mut session = Session::new();
    let budget = Budget::unlimited().with_max_positions(5_000);
    let mut run = |input: &str| match session.run_to_string(input, &budget) {
        Ok(text) => text,
        Err(err) => format!("error: {err}"),
    };
    assert_eq!(run("x := *3; y := {1|*}; z := [^, *2]; 1"), "1");
    assert!(run("[*n for n from 1 to 4000]; [*n for n from 4001 to 9000]").contains("limit"));
    assert_eq!(run("x + *5"), "*6");
    assert_eq!(run("[y, z]"), "[{1|*},[^,*2]]");
    assert_eq!(run("[*n for n from 30000 to 34000].Length"), "4001");
    assert_eq!(run("[*n for n from 40000 to 44000].Length"), "4001");
    assert_eq!(run("[*n for n from 50000 to 54000].Length"), "4001");
    assert_eq!(run("*3 + *5"), "*6");
}

/// A session that keeps its games (as a library binding holding game ids
/// needs) never drops one: a game from an early input still shows the same
/// after inputs that ran out of budget or filled the arena.
#[test]
fn a_session_that_keeps_games_keeps_every_id_valid() {
    let mut session = Session::new();
    session.set_keep_games(true);
    let budget = Budget::unlimited().with_max_positions(20_000);
    let early = session.run("{3||2|1}", &budget).unwrap().unwrap();
    let held = session.arena().len();
    let heavy = "[*n for n from 1 to 4000]; [*n for n from 4001 to 30000]";
    assert!(session.run(heavy, &budget).is_err());
    for start in [40_000, 50_000, 60_000] {
        let line = format!("[*n for n from {start} to {}].Length", start + 4000);
        assert_eq!(session.run_to_string(&line, &budget).unwrap(), "4001");
    }
    assert!(session.arena().len() > held, "the arena only grows");
    assert_eq!(session.show(&early).unwrap(), "{3||2|1}");
}

/// Predicates that do not apply are `false`, not errors; `IsEven` and
/// `IsOdd` are Conway's even and odd games (values from CGSuite's own test
/// cases: `*8`, `9/8*` and `^` are neither, `*` is odd), parity on integers.
#[test]
fn predicates_on_every_game() {
    check(&[
        ("^.IsInteger", "false"),
        ("(1/2).IsInteger", "false"),
        ("0.IsEven", "true"),
        ("0.IsOdd", "false"),
        ("5.IsEven", "false"),
        ("5.IsOdd", "true"),
        ("(-1823437481924).IsEven", "true"),
        ("-1823437481924.IsEven", "error: 1:1: '-' cannot be applied to a boolean"),
        ("(-1/2).IsEven", "false"),
        ("(-1/2).IsOdd", "false"),
        ("(25/16).IsOdd", "false"),
        ("*8.IsEven", "false"),
        ("*8.IsOdd", "false"),
        ("(9/8*).IsEven", "false"),
        ("(9/8*).IsOdd", "false"),
        ("^.IsEven", "false"),
        ("^.IsOdd", "false"),
        ("*.IsOdd", "true"),
        ("*.IsEven", "false"),
        ("{*|*}.IsEven", "true"),
        ("(1/3).IsEven", "false"),
    ]);
}

/// `LeftIncentives` and `RightIncentives`: values of CGSuite's own test
/// cases, and every undominated incentive is one of Left's or Right's.
#[test]
fn left_and_right_incentives() {
    check(&[
        ("0.LeftIncentives", "{}"),
        ("5.LeftIncentives", "{-1}"),
        ("5.RightIncentives", "{}"),
        ("(-1823437481924).RightIncentives", "{-1}"),
        ("(-1/2).LeftIncentives", "{-1/2}"),
        ("(-1/2).RightIncentives", "{-1/2}"),
        ("(25/16).LeftIncentives", "{-1/16}"),
        ("*8.LeftIncentives", "{*8,*9,*10,*11,*12,*13,*14,*15}"),
        ("*8.RightIncentives", "{*8,*9,*10,*11,*12,*13,*14,*15}"),
    ]);
    // The two sides together, undominated, are `Incentives`.
    for g in ["{2|-1}", "^", "{3||2*|1*}", "(+-1)", "{4|^}"] {
        let both = run(&format!("{g}.Incentives"));
        let left = run(&format!("{g}.LeftIncentives"));
        let right = run(&format!("{g}.RightIncentives"));
        assert!(!left.starts_with("error") && !right.starts_with("error"), "{g}");
        let strip = |s: &str| s.trim_matches(|c| c == '{' || c == '}').to_string();
        for part in strip(&both).split(',').filter(|p| !p.is_empty()) {
            assert!(
                strip(&left).split(',').any(|p| p == part)
                    || strip(&right).split(',').any(|p| p == part),
                "{g}: {part} of {both} is in neither {left} nor {right}"
            );
        }
    }
}

/// CGSuite's own expected values (its `CanonicalShortGameTestCase`):
/// input, companion, freeze, misère outcome class.
#[test]
fn companion_freeze_and_misere_outcome_as_cgsuite() {
    let cases = [
        ("0", "*", "0", "N"),
        ("5", "5", "5", "R"),
        ("-1823437481924", "-1823437481924", "-1823437481924", "L"),
        ("-1/2", "-1/2", "-1/2", "L"),
        ("25/16", "25/16", "25/16", "R"),
        ("*8", "*8", "*8", "N"),
        ("9/8+*", "9/8*", "9/8*", "R"),
        ("^", "^*", "^", "R"),
        ("v*", "v", "v*", "R"),
        ("6+^*", "6^*", "6^*", "R"),
        ("^*6", "^*6", "^*6", "P"),
        ("73/16+v9*8", "73/16v9*8", "73/16v9*8", "R"),
        ("{0|*||*|||*||||*}", "^[4]*", "^[4]", "R"),
        ("{0||0|v*}", "{0|^<2>*}", "{0|^<2>}", "R"),
        ("{0||0|vvv}", "{0,*||*|v3*}", "{0||0|v3}", "R"),
        ("{^^^|vv}", "{^3*|vv*}", "{^3|vv}", "R"),
        ("{0||0|-3/2}", "{0,*||*|-3/2}", "Tiny(3/2)", "R"),
        ("{0|||0||-1|-3}", "{0,*|||*||-1|-3}", "Tiny({3|1})", "R"),
        ("{5||3|1|||0||||0}", "{5||3|1|||*||||0,*}", "Miny({5||3|1})", "L"),
        ("{1|^^||^}", "{1|^^*||^*}", "{1|^^||^}", "R"),
        ("{1|^^^||^}", "{1|^3*||^*}", "{1|^3||^}", "R"),
        ("{3||2+*|1+*}", "{3||2*|1*}", "9/4*", "R"),
        (
            "{3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}",
            "{3/2*|1/2||{*|-3},{-1*,{-1/2|-1*}|-5/2}}",
            "-5/16*",
            "R",
        ),
    ];
    for (g, companion, freeze, misere) in cases {
        assert_eq!(run(&format!("({g}).Companion")), companion, "{g}.Companion");
        assert_eq!(run(&format!("({g}).Freeze")), freeze, "{g}.Freeze");
        assert_eq!(run(&format!("({g}).MisereOutcomeClass")), misere, "{g}.MisereOutcomeClass");
    }
}

/// The companion is a lattice automorphism of each day's games: it is an
/// involution and keeps order, checked on every game born by day 2.
#[test]
fn the_companion_is_an_order_keeping_involution() {
    let day1 = ["0", "*", "1", "-1"];
    let mut day2: Vec<String> = day1.iter().map(|s| s.to_string()).collect();
    let subsets = |opts: &[&str]| -> Vec<String> {
        (0..1u32 << opts.len())
            .map(|m| {
                (0..opts.len())
                    .filter(|i| m >> i & 1 == 1)
                    .map(|i| opts[i])
                    .collect::<Vec<_>>()
                    .join(",")
            })
            .collect()
    };
    for l in subsets(&day1) {
        for r in subsets(&day1) {
            day2.push(format!("{{{l}|{r}}}"));
        }
    }
    let mut session = Session::new();
    let budget = Budget::unlimited();
    let mut eval = |input: String| session.run_to_string(&input, &budget).unwrap();
    for g in &day2 {
        assert_eq!(eval(format!("({g}).Companion.Companion == {g}")), "true", "{g}");
        for h in day2.iter().step_by(7) {
            let before = eval(format!("{g} <= {h}"));
            let after = eval(format!("({g}).Companion <= ({h}).Companion"));
            assert_eq!(before, after, "{g} <= {h}");
        }
    }
}

/// The misère outcome of a form against play on the form's own game tree
/// (options read through `LeftOptions` and `RightOptions`), on small games.
#[test]
fn misere_outcomes_match_play_on_the_form() {
    fn left_wins_first(game: &str, session: &mut Session, budget: &Budget) -> (bool, bool) {
        let options = |side: &str, session: &mut Session| -> Vec<String> {
            let text = session.run_to_string(&format!("({game}).{side}Options"), budget).unwrap();
            let inner = text.trim_start_matches('{').trim_end_matches('}').to_string();
            if inner.is_empty() { Vec::new() } else { split_top(&inner) }
        };
        let lefts = options("Left", session);
        let rights = options("Right", session);
        let lf = lefts.is_empty() || lefts.iter().any(|o| !left_wins_first(o, session, budget).1);
        let rf = rights.is_empty() || rights.iter().any(|o| !left_wins_first(o, session, budget).0);
        (lf, rf)
    }
    fn split_top(text: &str) -> Vec<String> {
        let mut parts = Vec::new();
        let (mut depth, mut start) = (0, 0);
        for (i, c) in text.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    parts.push(text[start..i].to_string());
                    start = i + 1;
                }
                _ => {}
            }
        }
        parts.push(text[start..].to_string());
        parts
    }
    let mut session = Session::new();
    let budget = Budget::unlimited();
    for g in [
        "0", "*", "^", "v*", "{1|-1}", "{0|1}", "{1/2|*}", "{*|0,*}", "{0,*|0}", "^*", "{2|-1*}",
        "*2",
    ] {
        let (lf, rf) = left_wins_first(g, &mut session, &budget);
        let want = match (lf, rf) {
            (true, true) => "N",
            (true, false) => "L",
            (false, true) => "R",
            (false, false) => "P",
        };
        let got = session.run_to_string(&format!("({g}).MisereOutcomeClass"), &budget).unwrap();
        assert_eq!(got, want, "{g}");
    }
}

/// CGSuite's own expected uptimal expansions (its `CanonicalShortGameTestCase`).
#[test]
fn uptimal_expansions_as_cgsuite() {
    let cases = [
        ("0", "0.0"),
        ("5", "5.0"),
        ("-1823437481924", "-1823437481924.0"),
        ("-1/2", "-1/2.0"),
        ("25/16", "25/16.0"),
        ("*8", "*8.0"),
        ("9/8+*", "9/8*.0"),
        ("^", "0.1"),
        ("v*", "*.1-"),
        ("6+^*", "6*.1"),
        ("^*6", "*6.1"),
        ("73/16+v9*8", "73/16*8.9-"),
        ("{0|*||*|||*||||*}", "0.1111"),
        ("{0||0|v*}", "*.12"),
        (
            "{0||0,v*|vv|||{0||0,v*|vv|||vv,{0,v*|vv}},{0||0,v*|vv}|{0||0,v*|vv|||vv,{0,v*|vv}||||vv}}",
            "0.0202",
        ),
        ("^.Pow(12) * 11", "0.00000000000B"),
        ("^.Pow(3) * 40 + *", "*.00(40)"),
    ];
    for (g, want) in cases {
        assert_eq!(run(&format!("({g}).UptimalExpansion")), want, "{g}");
    }
    assert!(run("{3|1}.UptimalExpansion").contains("not an uptimal"));
}

/// `inf` as CGSuite's `game.Rational` tests give it (`17/0`, its members,
/// and Max/Min with numbers).
#[test]
fn infinity_as_cgsuite() {
    let cases = [
        ("17/0", "inf"),
        ("-17/0", "-inf"),
        ("(0/7).Reciprocal", "inf"),
        ("(17/0).Numerator", "1"),
        ("(-17/0).Numerator", "-1"),
        ("(17/0).Denominator", "0"),
        ("(17/0).IsDyadic", "false"),
        ("(17/0).Abs", "inf"),
        ("(-17/0).Abs", "inf"),
        ("(17/0).Reciprocal", "0"),
        ("(17/0).OutcomeClass", "L"),
        ("(-17/0).OutcomeClass", "R"),
        ("(inf).Max(6)", "inf"),
        ("(6).Max(inf)", "inf"),
        ("(inf).Min(6)", "6"),
        ("(6).Min(inf)", "6"),
        ("(inf).Max(-inf)", "inf"),
        ("(-inf).Max(inf)", "inf"),
        ("(inf).Min(-inf)", "-inf"),
        ("(-inf).Min(inf)", "-inf"),
        ("(3/16).Abs", "3/16"),
        ("(-3/16).Numerator", "-3"),
        ("(-3/16).Denominator", "16"),
        ("(6/23).IsDyadic", "false"),
        // Arithmetic and order of the extended numbers.
        ("inf + 1", "inf"),
        ("1 - inf", "-inf"),
        ("-3 * inf", "-inf"),
        ("5 / inf", "0"),
        ("inf > 10^100", "true"),
        ("-inf < -10^100", "true"),
        ("[1, inf, -inf].Sorted", "[-inf,1,inf]"),
        // A loop to inf has no end but its `while`.
        ("for n from 1 to inf while n < 4 yield n end", "[1,2,3]"),
        ("for n from 0 to -inf by -1 while n > -3 yield n end", "[0,-1,-2]"),
    ];
    for (input, want) in cases {
        assert_eq!(run(input), want, "{input}");
    }
    for (input, message) in [
        ("0/0", "Division by zero"),
        ("inf - inf", "undefined"),
        ("0 * inf", "undefined"),
        ("(17/0).Floor", "Floor"),
        ("(17/0).Birthday", "Birthday"),
        ("inf + *", "only with numbers"),
    ] {
        let out = run(input);
        assert!(out.starts_with("error: ") && out.contains(message), "{input}: {out}");
    }
}

/// CGSuite's own expected outputs (its game tests) for options by side,
/// Norton products and subordinates.
#[test]
fn options_norton_products_and_subordinates_match_cgsuite() {
    check(&[
        ("{1|*}.Options(Left)", "{1}"),
        ("{1|*}.Options(Right)", "{*}"),
        ("{1|*}.Options", "{1,*}"),
        ("5.Options(Left)", "{4}"),
        ("5.Options(Right)", "{}"),
        ("0.Options(Left)", "{}"),
        ("*8.Options(Left)", "{0,*,*2,*3,*4,*5,*6,*7}"),
        ("^.Options(Left)", "{0}"),
        ("^.Options(Right)", "{*}"),
        ("v*.Options(Right)", "{0,*}"),
        ("(6+^*).Options(Left)", "{6,6*}"),
        ("(6+^*).Options(Right)", "{6}"),
        ("{0||0|v*}.Options(Right)", "{^<2>}"),
        ("(3/4).Options", "{1/2,1}"),
        ("^.Options(3)", "error: 1:11: Options needs Left or Right, not an integer"),
        ("^.Options(Left, Right)", "error: 1:3: Options takes 0 to 1 argument, not 2"),
        ("0.NortonProduct(^)", "0"),
        ("6.NortonProduct(^)", "^6"),
        ("(-4).NortonProduct(^)", "v4"),
        ("(1/2).NortonProduct(^)", "{^^*|v*}"),
        ("^.NortonProduct(^)", "{^^*||0|v4}"),
        ("Tiny(2).NortonProduct(^)", "{^^*||0|v6}"),
        ("(1/8).Subordinate(1)", "-3"),
        ("(^.PowTo(5)+*).Subordinate(*)", "5"),
        ("*.Subordinate(1)", "error: 1:3: That game cannot be subordinated to the specified base."),
        ("(+-1).Subordinate(0)", "+-1"),
        ("(+-1).Subordinate(+-1)", "0"),
        ("(-13/16).Subordinate(-1)", "3/8"),
        ("^.PowTo(5).Subordinate('{*|*}')", "5"),
        ("(2^12).Subordinate(1)", "4095"),
        ("^.Pow(7/4)", "{0||0,v*|0,{0,v*|0,*}}"),
        ("^.Pow(3)", "^<3>"),
        ("{0||0|-2}.Pow(3)", "{0||0|-2,{0|-2,{0|-2}}}"),
        ("{0||0|-2}.Pow(7/4)", "{0||0,{0|-2,{0|-2}}|-2,{0,{0|-2,{0|-2}}|-2,{0|-2}}}"),
        ("^.PowTo(7/4)", "{^|*,^[2]||*,^[2]}"),
        ("^.PowTo(3)", "^[3]"),
        ("{0||0|-2}.PowTo(3)", "{Tiny(2)||0|-2|||0|-2}"),
        ("{0||0|-2}.PowTo(7/4)", "{Tiny(2)|{0|-2},{Tiny(2)||0|-2}||{0|-2},{Tiny(2)||0|-2}}"),
        ("(+-1).PowTo(3)", "{1,{1,+-1|-1}|-1}"),
        (
            "(+-1).Pow(3)",
            "error: 1:7: Invalid base for `Pow` operation (base must be of the form {0|H}).",
        ),
        ("^.Pow(0)", "error: 1:7: Invalid exponent."),
        ("^.PowTo(0)", "0"),
        ("^.PowTo(-1)", "error: 1:9: Invalid exponent."),
        (
            "^.Pow(1/3)",
            "error: 1:7: Pow needs a dyadic rational or loopy pseudonumber exponent, not 1/3",
        ),
    ]);
}

/// CGSuite's expected outputs for members that short games share with
/// stoppers, the collection functions and take-and-break codes.
#[test]
fn stopper_members_of_short_games_collections_and_codes_match_cgsuite() {
    check(&[
        ("(*8).Stop(Left)", "0"),
        ("{2|0}.Stop(Right)", "0"),
        ("(*8).Onside", "*8"),
        ("(*8).Offside", "*8"),
        ("(*8).Variety", "0"),
        ("(*8).IsIdempotent", "false"),
        ("(*8).IsLoopfree", "true"),
        ("(*8).IsPlumtree", "true"),
        ("(-1/2).IsPseudonumber", "true"),
        ("(*8).IsStopper", "true"),
        ("(*8).IsStopperSided", "true"),
        ("^.Upsum(*)", "^*"),
        ("over.IsPlumtree", "true"),
        ("Max([0,1,3,9,7,5])", "9"),
        ("Mex([0,1,3,9,7,5])", "2"),
        ("Min([0,1,3,9,7,5])", "0"),
        ("Sum([0,1,3,9,7,5])", "25"),
        ("Mex([])", "0"),
        (
            "Sum([\"Winning\", \"Ways\", \"Mathematical\", \"Plays\"])",
            "\"WinningWaysMathematicalPlays\"",
        ),
        ("Max([\"Winning\", \"Ways\", \"Mathematical\", \"Plays\"])", "\"Winning\""),
        ("Sum([])", "error: 1:1: Sum of an empty collection"),
        ("Max(3)", "error: 1:5: Max needs a list or a set, not an integer"),
        ("game.heap.Nim.code", "\"0.[3]\""),
        ("game.heap.GrundysGame.code", "\"4!.0\""),
        ("game.heap.Kayles.code", "\"0.77\""),
        ("game.heap.DawsonsKayles.code", "\"0.07\""),
        ("game.heap.Subtraction([2,3,7]).code", "\"0.0330003\""),
        ("game.heap.Subtraction([2,3,7], allbut => true).code", "\"0.3003330[3]\""),
        ("game.heap.TakeAndBreak(\"0.3F\").code", "\"0.3F\""),
    ]);
}

/// CGSuite's expected outputs (its language tests) for list, set, map,
/// string and integer members.
#[test]
fn collections_strings_and_integers_match_cgsuite() {
    check(&[
        ("[0,1,2,3,4,5,6,7,8,9] Grouped 3", "[[0,1,2],[3,4,5],[6,7,8],[9]]"),
        ("[[5,3,7],[1,6,3],[9,2,8]].Sorted", "[[1,6,3],[5,3,7],[9,2,8]]"),
        (
            "[[5,3,7],[1,6,3],[9,2,8]].SortedWith((a, b) -> a[2] - b[2])",
            "[[9,2,8],[5,3,7],[1,6,3]]",
        ),
        ("[5,12,13].Updated(2, 99)", "[5,99,13]"),
        (
            "[0,1,2,3,4,5,6,7,8,9] PeriodicTable 3",
            "0 | 1 | 2\n--+---+--\n3 | 4 | 5\n--+---+--\n6 | 7 | 8\n--+---+--\n9",
        ),
        ("{7 => true, 1/2 => ^^*}[1/2]", "^^*"),
        ("{7 => true, 1/2 => ^^*}[1/4]", "error: 1:1: Key not found: 1/4"),
        ("{3 => true, 5 => Left}[*]", "error: 1:1: Key not found: *"),
        ("{7 => true, 1/2 => ^^*}.Entries", "{1/2 => ^^*,7 => true}"),
        ("[e.Key for e in {7 => true, 1/2 => ^^*}.Entries]", "[1/2,7]"),
        ("[e.Value for e in {7 => true, 1/2 => ^^*}.Entries]", "[^^*,true]"),
        ("\"On Numbers and Games\" Matches \".*umber.*G+.*\"", "true"),
        ("\"On Numbers and Games\" Matches \"umber\"", "false"),
        ("\"Mathematical Plays\".ReplaceRegex(\"(t|P)..\", \"\")", "\"Mamaal ys\""),
        ("\"Winning Ways\".ReplaceRegex(\"W(.)[a-z]*\", \"M$1sh\")", "\"Mish Mash\""),
        (
            "\"abc\" Matches \"(?=a)abc\"",
            "error: 1:7: not a regular expression onag reads: look-around, including look-ahead and look-behind, is not supported",
        ),
        ("\"abc\".ReplaceRegex(\"b\", \"$2\")", "error: 1:25: the pattern has no group 2"),
        ("{7 => true, 1/2 => ^^*}.Reversed", "{^^* => 1/2, true => 7}"),
        ("{7 => true, 1/2 => ^^*}.Updated(6, 19)", "{1/2 => ^^*, 6 => 19, 7 => true}"),
        ("{7 => true, 1/2 => ^^*}.Updated(7, Left)", "{1/2 => ^^*, 7 => Left}"),
        (
            "{7 => true, 1/2 => ^^*}.Updated({6 => 19, 7 => Left})",
            "{1/2 => ^^*, 6 => 19, 7 => Left}",
        ),
        ("\"Hackenbush\"[7]", "\"b\""),
        ("\"Winning \" Concat \"Ways\"", "\"Winning Ways\""),
        ("\"Jangly\".Replace(\"angl\", \"ohn H. Conwa\")", "\"John H. Conway\""),
        ("\"Clobber\".Substring(4, 6)", "\"bbe\""),
        ("\"Toads and Frogs\".ToLowerCase", "\"toads and frogs\""),
        ("\"Toads and Frogs\".ToUpperCase", "\"TOADS AND FROGS\""),
        ("\"Short\".Updated(2, \"n\")", "\"Snort\""),
        ("Player.Left", "Left"),
        ("Player.Right", "Right"),
        ("{1,2,3}.Intersection({2,3,4})", "{2,3}"),
        ("{1,2,3}.Union({3,4})", "{1,2,3,4}"),
        ("{1,2,3}.Replaced({1 => 5})", "{2,3,5}"),
        ("{1,2} Concat {2,5}", "{1,2,5}"),
        ("{1,2,3} Adjoin 5", "{1,2,3,5}"),
        ("{1,2,3,5,8} Filter (n -> n.IsEven)", "{2,8}"),
        ("{3,1,2}.Tail", "{2,3}"),
        ("{1,2,3}.Apply(x -> x*x)", "{1,4,9}"),
        ("{\"a\",\"b\"}.Union({\"c\"})", "{\"a\",\"b\",\"c\"}"),
        ("[14 UglyProduct n for n from 1 to 16]", "[14,13,3,13,3,0,14,7,9,10,4,10,4,7,9,23]"),
        ("(3/16).Ceiling", "1"),
        ("(-3/16).Ceiling", "0"),
        ("17.Gcd(51)", "17"),
        ("[2^31,-2^31,2^31-1,-2^31-1].Apply(x -> x.IsSmallInteger)", "[false,true,true,false]"),
        ("\"Hackenbush\"[11]", "error: 1:1: a string of 10 characters has no character 11"),
        ("[5,12,13].Updated(0, 99)", "error: 1:11: a list of 3 elements has no element 0"),
        (
            "[[5,3,7],[1,6,3],[9,2,8]].SortedWith((a, b) -> \"I am a banana.\")",
            "error: 1:38: SortedWith's comparator gave a string; it must give an integer",
        ),
    ]);
}

/// Inputs the fuzzer found running past their limits: an ordinal sum of
/// numbers with a long exponent, and a loopy comparison whose stops needed
/// big nimbers. Each now stops at the position limit or the clock.
#[test]
fn limits_hold_in_ordinal_sums_and_loopy_comparisons() {
    let mut session = Session::new();
    let budget = Budget::unlimited().with_max_positions(2_000);
    let err = session.run_to_string("2:-3600", &budget).unwrap_err();
    assert!(err.to_string().contains("positions exceed"), "{err}");
    let budget = Budget::unlimited()
        .with_max_positions(2_000)
        .with_timeout(std::time::Duration::from_millis(200));
    let err = session.run_to_string("(4&-4)>*500", &budget).unwrap_err();
    assert!(err.to_string().contains("time limit"), "{err}");
}

/// `/* … */` comments are skipped like `//` ones; lists, sets and ranges
/// among a game's options give their elements, as CGSuite reads them.
#[test]
fn block_comments_and_spliced_options() {
    check(&[
        ("/* a comment */ 3 + /* another */ 4", "7"),
        ("3 /* open", "error: 1:3: a comment '/*' without its '*/'"),
        ("L := [0, *]; {L|L}", "*2"),
        ("{(*3).LeftOptions|}", "1"),
        ("{{0, 1}|}", "2"),
        ("{(1..3)|-1}", "{3|-1}"),
        ("{[]|}", "0"),
        ("{[1, [2]]|}", "error: 1:1: a game option needs a game, not a list"),
    ]);
}

/// A long sum is evaluated, or refused with an error on a small stack,
/// never a crash: on a thread with the default 2 MiB stack of a library
/// user's thread.
#[test]
fn a_sum_of_thousands_of_terms_is_evaluated() {
    let answer = std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(|| {
            let mut session = onag::lang::Session::new();
            let sum = vec!["*1"; 4_000].join("+");
            session.run_to_string(&sum, &onag::Budget::unlimited())
        })
        .unwrap()
        .join()
        .unwrap();
    match answer {
        Ok(value) => assert_eq!(value, "0"),
        Err(e) => assert!(e.to_string().contains("too deep"), "{e}"),
    }
    check(&[(&vec!["*1"; 301].join("+"), "*")]);
}

/// A predicate that does not apply is false, not an error.
#[test]
fn integer_predicates_of_rationals_are_false() {
    check(&[
        ("(5/2).IsTwoPower", "false"),
        ("64.IsTwoPower", "true"),
        ("(5/2).IsEvil", "false"),
        ("(1/3).IsOdious", "false"),
        ("5.IsEvil", "true"),
    ]);
}

/// Sets of values of several kinds print in CGSuite's order of classes
/// (its EvalTest's string); `===` and `!==` compare like `==` and `!=`.
#[test]
fn mixed_sets_and_identity_comparisons() {
    check(&[
        (
            "{3,\"foo\",[],true,Nothing,[3,5,3,1],+-6,*2,\"bar\"}",
            "{Nothing,3,*2,+-6,true,\"bar\",\"foo\",[],[3,5,3,1]}",
        ),
        ("1..4 === [1,2,3,4]", "true"),
        ("1..0 === []", "true"),
        ("3 !== 4", "true"),
    ]);
}

/// A ruleset named without arguments answers members as every ruleset of
/// its kind does.
#[test]
fn rulesets_named_alone_answer_their_kind_of_members() {
    check(&[
        (
            "game.heap.Mem.NimValueSequence(10)",
            "error: 1:15: NimValueSequence needs a ruleset of single heaps; game.heap.Mem is one of pairs",
        ),
        (
            "game.heap.FibonacciNim.NimValueSequence(10)",
            "error: 1:24: NimValueSequence needs a ruleset of single heaps; game.heap.FibonacciNim is one of pairs",
        ),
        (
            "game.heap.Cutcake.NimValueSequence(10)",
            "error: 1:19: NimValueSequence cannot be applied to a ruleset",
        ),
        ("game.heap.Kayles.NimValueSequence(5)", "[1,2,3,1,4]"),
        ("game.grid.Domineering.Position", "⟪game.grid.Domineering.Position⟫"),
    ]);
}

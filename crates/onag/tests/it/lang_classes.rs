//! Classes declared in CGScript files (`tests/it/data/classes/`): the
//! language's class features with the values they give, each user ruleset
//! against the built-in ruleset it mirrors on random positions (the
//! built-in engine is the independent computation), and every kind of bad
//! class answered with one located error.

use std::path::PathBuf;

use expect_test::{Expect, expect};
use onag::Budget;
use onag::lang::Session;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

fn library() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/it/data/classes")
}

fn session() -> Session {
    let mut session = Session::new();
    session.set_library_path(vec![library()]);
    session
}

fn budget() -> Budget {
    Budget::unlimited().with_max_positions(2_000_000)
}

/// Runs `inputs` in one session; one line per input: `input => output`.
fn transcript(inputs: &[&str]) -> String {
    let mut session = session();
    let mut out = String::new();
    for input in inputs {
        let shown = match session.run_to_string(input, &budget()) {
            Ok(text) => text,
            Err(err) => format!("error: {err}"),
        };
        out.push_str(&format!("{input} => {shown}\n"));
    }
    out
}

fn check(inputs: &[&str], expected: Expect) {
    expected.assert_eq(&transcript(inputs));
}

/// `input` evaluated in `session`, as it prints.
fn eval(session: &mut Session, input: &str) -> String {
    session.run_to_string(input, &budget()).unwrap_or_else(|e| format!("error: {e} in {input}"))
}

#[test]
fn instances_fields_methods_and_nested_classes() {
    check(
        &[
            "s := mine.Shapes(4)",
            "[s.sides, s.size, s.perimeter]",
            "s.Scaled(3)",
            "s.Scaled(3).perimeter",
            "[s.Describe(2), s.Describe(\"two\")]",
            "s.Same == s",
            "s == mine.Shapes(4, size => 1)",
            "s == mine.Shapes(5)",
            "mine.Shapes.Triangle.sides",
            "mine.Shapes.count",
            "s.CornerOf(90).Owner",
            "s.CornerOf(90)",
            "s.Class",
            "s.Class.Name",
            "s is mine.Shapes",
            "3 is mine.Shapes",
            "{s, mine.Shapes(4), mine.Shapes(3)}.Size",
        ],
        expect![[r#"
            s := mine.Shapes(4) => Shapes(4, size => 1)
            [s.sides, s.size, s.perimeter] => [4,1,4]
            s.Scaled(3) => Shapes(4, size => 3)
            s.Scaled(3).perimeter => 12
            [s.Describe(2), s.Describe("two")] => ["integer 2","string two"]
            s.Same == s => true
            s == mine.Shapes(4, size => 1) => true
            s == mine.Shapes(5) => false
            mine.Shapes.Triangle.sides => 3
            mine.Shapes.count => 3
            s.CornerOf(90).Owner => 4
            s.CornerOf(90) => Shapes.Corner(90)
            s.Class => ⟪mine.Shapes⟫
            s.Class.Name => "Shapes"
            s is mine.Shapes => true
            3 is mine.Shapes => false
            {s, mine.Shapes(4), mine.Shapes(3)}.Size => 2
        "#]],
    );
}

#[test]
fn games_declared_in_cgscript_answer_as_positions_do() {
    check(
        &[
            "mine.Nim",
            "mine.Nim(3).Options",
            "mine.Nim(6).CanonicalForm",
            "mine.Nim(6).NimValue",
            "R := mine.PartizanSubtraction([1,3],[2,3])",
            "R(10)",
            "R(10).LeftOptions",
            "R(10).CanonicalForm",
            "R(10).OutcomeClass",
            "mine.Clobber(\"xox|ox.\").CanonicalForm",
            "mine.Clobber(\"xox|ox.\").LeftWinningMoves",
            "mine.Clobber(\"xox|ox.\").Mean",
            "mine.Domineering(Grid.Empty(4,4)).CanonicalForm",
            "mine.Domineering(\"...|...\").Temperature",
            "mine.TopplingDominoes(\"lrrlrrl\").CanonicalForm",
            "mine.Cutcake(2,3).RightOptions",
            "mine.Kayles(7).NimValue",
            "mine.Kayles(4).WinningMoves",
            "mine.Nim(4) + mine.Nim(2)",
            "(mine.Nim(4) + mine.Nim(2)).CanonicalForm",
            "{mine.Nim(1) | mine.Nim(2)}",
        ],
        expect![[r#"
            mine.Nim => Nim
            mine.Nim(3).Options => [Nim.Position(0),Nim.Position(1),Nim.Position(2)]
            mine.Nim(6).CanonicalForm => *6
            mine.Nim(6).NimValue => 6
            R := mine.PartizanSubtraction([1,3],[2,3]) => PartizanSubtraction([1,3], [2,3])
            R(10) => PartizanSubtraction.Position(10)
            R(10).LeftOptions => [PartizanSubtraction.Position(9),PartizanSubtraction.Position(7)]
            R(10).CanonicalForm => {1|1,{1|0}|||1|1,{1|0}||0,{1|0}|0||||{1|1,{1|0}|||1|1,{1|0}||0,{1|0}|0||||1|1,{1|0}||0,{1|0}|0|||0,{1|0}|0}}
            R(10).OutcomeClass => L
            mine.Clobber("xox|ox.").CanonicalForm => {^^*|*,v}
            mine.Clobber("xox|ox.").LeftWinningMoves => [Clobber.Position(".xx|ox."),Clobber.Position("xx.|ox."),Clobber.Position("xxx|o..")]
            mine.Clobber("xox|ox.").Mean => 0
            mine.Domineering(Grid.Empty(4,4)).CanonicalForm => +-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}
            mine.Domineering("...|...").Temperature => 5/4
            mine.TopplingDominoes("lrrlrrl").CanonicalForm => Tiny(1/2)
            mine.Cutcake(2,3).RightOptions => [Cutcake.Piece(1, 3) + Cutcake.Piece(1, 3)]
            mine.Kayles(7).NimValue => 2
            mine.Kayles(4).WinningMoves => [Kayles.Row(1) + Kayles.Row(1)]
            mine.Nim(4) + mine.Nim(2) => Nim.Position(4) + Nim.Position(2)
            (mine.Nim(4) + mine.Nim(2)).CanonicalForm => *6
            {mine.Nim(1) | mine.Nim(2)} => '{Nim.Position(1)|Nim.Position(2)}'
        "#]],
    );
}

/// A random board of `rows` × `cols` cells drawn from `cells`.
fn board(rng: &mut StdRng, rows: usize, cols: usize, cells: &[char]) -> String {
    (0..rows)
        .map(|_| (0..cols).map(|_| cells[rng.gen_range(0..cells.len())]).collect::<String>())
        .collect::<Vec<_>>()
        .join("|")
}

/// Checks that `user` and `built_in` (each with `{}` for the position)
/// print the same on each of `positions`.
fn agree(session: &mut Session, user: &str, built_in: &str, positions: &[String]) {
    for p in positions {
        let mine = eval(session, &user.replace("{}", p));
        let theirs = eval(session, &built_in.replace("{}", p));
        assert_eq!(mine, theirs, "{} on {p}", user.replace("{}", p));
    }
}

#[test]
fn user_rulesets_agree_with_the_built_in_ones_on_random_positions() {
    let mut rng = StdRng::seed_from_u64(36);
    let mut session = session();
    let grids: Vec<String> = (0..40)
        .map(|_| {
            let (r, c) = (rng.gen_range(1..=3), rng.gen_range(1..=4));
            board(&mut rng, r, c, &['.', '.', '.', '#'])
        })
        .collect();
    agree(
        &mut session,
        "mine.Domineering(\"{}\").CanonicalForm",
        "game.grid.Domineering(\"{}\").CanonicalForm",
        &grids,
    );
    // Sensible options and followers are positions, as the built-in
    // ruleset's are (both print as `Domineering.Position(...)`).
    for member in ["SensibleOptions(Left)", "SensibleRightOptions", "Followers", "FollowerCount"] {
        agree(
            &mut session,
            &format!("mine.Domineering(\"{{}}\").{member}"),
            &format!("game.grid.Domineering(\"{{}}\").{member}"),
            &grids[..12],
        );
    }
    let stones: Vec<String> = (0..40)
        .map(|_| {
            let (r, c) = (rng.gen_range(1..=3), rng.gen_range(1..=3));
            board(&mut rng, r, c, &['.', 'x', 'o', 'x', 'o'])
        })
        .collect();
    agree(
        &mut session,
        "mine.Clobber(\"{}\").CanonicalForm",
        "game.grid.Clobber(\"{}\").CanonicalForm",
        &stones,
    );
    agree(
        &mut session,
        "mine.Clobber(\"{}\").LeftWinningMoves.Length",
        "[o for o in game.grid.Clobber(\"{}\").LeftOptions where o.CanonicalForm >= 0].Length",
        &stones[..20],
    );
    let strips: Vec<String> = (0..40)
        .map(|_| {
            let n = rng.gen_range(1..=8);
            board(&mut rng, 1, n, &['.', 't', 'f'])
        })
        .collect();
    agree(
        &mut session,
        "mine.ToadsAndFrogs(\"{}\").CanonicalForm",
        "game.strip.ToadsAndFrogs(\"{}\").CanonicalForm",
        &strips,
    );
    let dominoes: Vec<String> = (0..40)
        .map(|_| {
            let n = rng.gen_range(1..=6);
            board(&mut rng, 1, n, &['l', 'r', 'e'])
        })
        .collect();
    agree(
        &mut session,
        "mine.TopplingDominoes(\"{}\").CanonicalForm",
        "game.strip.TopplingDominoes(\"{}\").CanonicalForm",
        &dominoes,
    );
    let cakes: Vec<String> =
        (0..20).map(|_| format!("{}, {}", rng.gen_range(1..=6), rng.gen_range(1..=6))).collect();
    agree(
        &mut session,
        "mine.Cutcake({}).CanonicalForm",
        "game.heap.Cutcake(({})).CanonicalForm",
        &cakes,
    );
    for _ in 0..8 {
        let set = |rng: &mut StdRng| {
            let mut s: Vec<u32> = (0..rng.gen_range(1..=3)).map(|_| rng.gen_range(1..=4)).collect();
            s.sort_unstable();
            s.dedup();
            format!("{s:?}").replace(' ', "")
        };
        let (l, r) = (set(&mut rng), set(&mut rng));
        let heaps: Vec<String> = (0..=12).map(|n| n.to_string()).collect();
        agree(
            &mut session,
            &format!("mine.PartizanSubtraction({l},{r})({{}}).CanonicalForm"),
            &format!("game.heap.PartizanSubtraction({l},{r})({{}}).CanonicalForm"),
            &heaps,
        );
    }
}

#[test]
fn rulesets_with_parameters_and_rulesets_as_parameters() {
    let mut session = session();
    // A strip ruleset with parameters given by name, a loop with `while`
    // and `where`, and a method that counts.
    for (mine, theirs) in [
        ("mine.Toads(maxJump => 2)", "game.strip.GenToadsAndFrogs(maxJump => 2)"),
        ("mine.Toads(maxSlide => 2)", "game.strip.GenToadsAndFrogs(maxSlide => 2)"),
        ("mine.Toads()", "game.strip.ToadsAndFrogs"),
    ] {
        for strip in ["tttt..fff", "tt...ff", "t.t.f.f", "ttt..fff."] {
            let a = eval(&mut session, &format!("{mine}(\"{strip}\").CanonicalForm"));
            let b = eval(&mut session, &format!("{theirs}(\"{strip}\").CanonicalForm"));
            assert_eq!(a, b, "{mine} on {strip}");
        }
    }
    assert_eq!(eval(&mut session, "mine.Toads(maxJump => 2)(\"tttt..fff\").DepthHint"), "12");
    // Heap rulesets of the library and of a class as a cake's parameters
    // (`as HeapRuleset`, found through `import game.heap.*`).
    for (l, r) in [
        ("game.heap.Subtraction([1,2])", "game.heap.Subtraction([1,2,3])"),
        ("game.heap.GrundysGame", "game.heap.Kayles"),
    ] {
        for (m, n) in [(5, 6), (4, 7), (6, 3)] {
            let a =
                eval(&mut session, &format!("mine.HeapCake({l}, {r})(({m},{n})).CanonicalForm"));
            let b = eval(
                &mut session,
                &format!("game.heap.GenCutcake({l}, {r})(({m},{n})).CanonicalForm"),
            );
            assert_eq!(a, b, "{l} {r} ({m},{n})");
        }
    }
    let a = eval(&mut session, "mine.HeapCake(mine.Grundy, mine.Grundy)((7,9)).CanonicalForm");
    let b = eval(
        &mut session,
        "game.heap.GenCutcake(game.heap.GrundysGame, game.heap.GrundysGame)((7,9)).CanonicalForm",
    );
    assert_eq!(a, b);
    check(
        &["mine.HeapCake(mine.Grundy, 3)"],
        expect![[r#"
            mine.HeapCake(mine.Grundy, 3) => error: 1:28: Argument `rightRuleset` (in call to `mine.HeapCake`) has type `game.Integer`, which does not match expected type `game.heap.HeapRuleset`
        "#]],
    );
}

#[test]
fn an_impartial_class_with_sums_as_options_agrees_with_its_octal_code() {
    let mut session = session();
    let mine = eval(&mut session, "[mine.Kayles(n).NimValue for n from 1 to 40]");
    let code = eval(&mut session, "game.heap.TakeAndBreak(\"0.77\").NimValueSequence(40)");
    assert_eq!(mine, code);
    let nim = eval(&mut session, "[mine.Nim(n).NimValue for n from 0 to 20]");
    assert_eq!(nim, eval(&mut session, "[n for n from 0 to 20]"));
}

#[test]
fn a_heap_ruleset_class_is_valued_as_a_sequence_and_as_positions() {
    let mut session = session();
    let mine = eval(&mut session, "mine.Grundy.NimValueSequence(60)");
    assert_eq!(mine, eval(&mut session, "game.heap.GrundysGame.NimValueSequence(60)"));
    // A position's options are sums of positions, valued by the engine;
    // its nim value is the ruleset's.
    let positions = eval(&mut session, "[mine.Grundy(n).CanonicalForm for n from 1 to 20]");
    let nimbers = eval(&mut session, "[*(game.heap.GrundysGame(n).NimValue) for n from 1 to 20]");
    assert_eq!(positions, nimbers);
    let sums =
        eval(&mut session, "[(mine.Grundy(9) + mine.Grundy(n)).CanonicalForm for n from 1 to 9]");
    let xors =
        eval(&mut session, "[*(1 NimSum game.heap.GrundysGame(n).NimValue) for n from 1 to 9]");
    assert_eq!(sums, xors);
}

#[test]
fn regions_are_valued_once_for_the_whole_session() {
    // A limit on positions counts what an input adds: a fresh session
    // cannot value 4 x 4 within it, a session that has valued it needs no
    // new position to value it again.
    let limit = Budget::unlimited().with_max_positions(3000);
    let board = "mine.Domineering(Grid.Empty(4,4)).CanonicalForm";
    let err = session().run_to_string(board, &limit).unwrap_err();
    assert_eq!(err.kind(), onag::ErrorKind::LimitExceeded, "{err}");
    let mut session = session();
    let first = session.run_to_string(board, &budget()).unwrap();
    assert_eq!(session.run_to_string(board, &limit).unwrap(), first);
}

#[test]
fn limits_stop_a_search_with_an_error_that_says_what_to_raise() {
    let mut session = session();
    let tight = Budget::unlimited().with_max_positions(300);
    let err = session
        .run_to_string("mine.Domineering(Grid.Empty(4,4)).CanonicalForm", &tight)
        .unwrap_err();
    assert_eq!(err.kind(), onag::ErrorKind::LimitExceeded, "{err}");
    let cancel = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    let cancelled = Budget::unlimited().with_cancel_flag(cancel);
    let err = session
        .run_to_string("mine.Domineering(Grid.Empty(4,5)).CanonicalForm", &cancelled)
        .unwrap_err();
    assert_eq!(err.kind(), onag::ErrorKind::Cancelled, "{err}");
    // The session goes on.
    assert_eq!(eval(&mut session, "mine.Nim(3).NimValue"), "3");
}

#[test]
fn bad_classes_are_one_located_error_each() {
    check(
        &[
            "bad.WrongName",
            "bad.MissingOverride",
            "bad.ExtraneousOverride",
            "bad.External",
            "bad.DuplicateVar",
            "bad.DuplicateSymbol",
            "bad.SingletonWithConstructor",
            "bad.ExtendsSingleton",
            "bad.UnknownSuper",
            "bad.Syntax",
            "bad.NotAList(1).CanonicalForm",
            "bad.NotAGame(1).CanonicalForm",
            "bad.BadParts(1).CanonicalForm",
            "bad.Loopy(1).CanonicalForm",
            "bad.NoOptions(1).CanonicalForm",
            "bad.Typed.Half(\"x\")",
            "bad.Typed.Check(1)",
            "bad.Typed.Failing",
            "bad.ImpartialValue(1).NimValue",
            "bad.Nope",
            "bad.Base()",
            "bad.Lonely.Nope",
            "class Foo end",
            "this",
        ],
        expect![[r#"
            bad.WrongName => error: bad/WrongName.cgs:1:7: Class name does not match filename: `RightName` (was expecting `WrongName`)
            bad.MissingOverride => error: bad/MissingOverride.cgs:2:7: Method `bad.MissingOverride.Method` must be declared with `override`, since it overrides `bad.Base.Method`
            bad.ExtraneousOverride => error: bad/ExtraneousOverride.cgs:2:16: Method `bad.ExtraneousOverride.NewMethod` overrides nothing
            bad.External => error: bad/External.cgs:2:16: Method is declared `external`, but class `bad.External` is not declared `system`
            bad.DuplicateVar => error: bad/DuplicateVar.cgs:3:7: Variable `x` is declared twice in class `bad.DuplicateVar`
            bad.DuplicateSymbol => error: bad/DuplicateSymbol.cgs:2:7: Duplicate symbol `x` in class `bad.DuplicateSymbol`
            bad.SingletonWithConstructor => error: bad/SingletonWithConstructor.cgs:1:17: Class `bad.SingletonWithConstructor` must not have a constructor if declared `singleton`
            bad.ExtendsSingleton => error: bad/ExtendsSingleton.cgs:1:32: Class `bad.ExtendsSingleton` may not extend singleton class `bad.Lonely`
            bad.UnknownSuper => error: bad/UnknownSuper.cgs:1:28: Unknown class in extends clause: `NoSuchClass`
            bad.Syntax => error: bad/Syntax.cgs:3:8: expected a value, found ';'
            bad.NotAList(1).CanonicalForm => error: 1:17: Options of bad.NotAList.Position must be a list of games, not an integer
            bad.NotAGame(1).CanonicalForm => error: 1:17: an option needs a game, not a string
            bad.BadParts(1).CanonicalForm => error: 1:17: Decomposition of bad.BadParts.Position must be a list of games, not an integer
            bad.Loopy(1).CanonicalForm => error: 1:14: That is not a short game. If that is intentional, try `GameValue` in place of `CanonicalForm`.
            bad.NoOptions(1).CanonicalForm => error: 1:18: a class that extends Game must define Options(player as Player) (at <onag>/game/Game.cgs:10:36)
            bad.Typed.Half("x") => error: 1:16: Argument `x` (in call to `bad.Typed.Half`) has type `cgsuite.lang.String`, which does not match expected type `game.Integer`
            bad.Typed.Check(1) => error: 1:17: Unknown class in parameter declaration: `NoSuchClass`
            bad.Typed.Failing => error: 1:11: this always fails (at bad/Typed.cgs:4:18)
            bad.ImpartialValue(1).NimValue => error: 1:23: an option of an impartial game must be a nimber, not 1/2
            bad.Nope => error: 1:5: unknown name 'bad.Nope'
            bad.Base() => error: 1:5: No method `Eval` for class: `bad.Base`
            bad.Lonely.Nope => error: 1:12: unknown member 'Nope' of an instance of bad.Lonely
            class Foo end => error: 1:1: declaring a class in an input or a worksheet is not supported yet: put it in Foo.cgs in a folder of the library path (the current folder, --lib DIR or ONAG_PATH), then use it by its name
            this => error: 1:1: 'this' is only defined inside a class's methods
        "#]],
    );
}

#[test]
fn a_file_changed_on_disk_is_read_again() {
    let dir = std::env::temp_dir().join(format!("onag-classes-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("Changing.cgs");
    std::fs::write(&file, "singleton class Changing\n  def Value := 1;\nend\n").unwrap();
    let mut session = Session::new();
    session.set_library_path(vec![dir.clone()]);
    assert_eq!(session.run_to_string("Changing.Value", &budget()).unwrap(), "1");
    // A later modification time, whatever the clock's resolution.
    std::fs::write(&file, "singleton class Changing\n  def Value := 2;\nend\n").unwrap();
    let later = std::time::SystemTime::now() + std::time::Duration::from_secs(5);
    std::fs::File::options().write(true).open(&file).unwrap().set_modified(later).unwrap();
    assert_eq!(session.run_to_string("Changing.Value", &budget()).unwrap(), "2");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The loopy-game file of `PassSubtraction(left, right)` from a heap of
/// `heap`: each heap with its moves, a pass while the heap is not empty.
fn pass_subtraction_file(left: &[u32], right: &[u32], heap: u32) -> String {
    let moves = |set: &[u32], n: u32| {
        let mut out: Vec<String> =
            set.iter().filter(|&&k| k <= n).map(|k| format!("p{}", n - k)).collect();
        if n > 0 {
            out.push(format!("p{n}"));
        }
        out.join(" ")
    };
    (0..=heap).rev().map(|n| format!("p{n}: {} | {}\n", moves(left, n), moves(right, n))).collect()
}

/// The loopy value of a loopy-game file, as onag prints it.
fn file_value(text: &str) -> String {
    let file = onag::loopy::partizan::file::parse_loopy_file(text, "test").unwrap();
    let value = onag::loopy::partizan::SidedValue::of(&file.game, &budget()).unwrap();
    let mut arena = onag::game::Arena::new();
    onag::loopy::partizan::print::print_value(&value, &mut arena, &budget()).unwrap()
}

#[test]
fn a_loopy_game_declared_in_cgscript_has_the_value_of_its_graph() {
    let mut rng = StdRng::seed_from_u64(37);
    let mut session = session();
    for _ in 0..12 {
        let mut set = || -> Vec<u32> {
            let s: Vec<u32> = (1..=3).filter(|_| rng.gen_bool(0.5)).collect();
            if s.is_empty() { vec![1] } else { s }
        };
        let (left, right) = (set(), set());
        let ruleset = format!("mine.PassSubtraction({left:?}, {right:?})").replace(' ', "");
        for heap in 0..6 {
            let mine = eval(&mut session, &format!("{ruleset}({heap}).GameValue"));
            assert_eq!(
                mine,
                file_value(&pass_subtraction_file(&left, &right, heap)),
                "{ruleset}({heap})"
            );
        }
        // A sum of positions is valued as one game: the sum of the values.
        let sum = eval(&mut session, &format!("({ruleset}(4) + {ruleset}(2) + *).GameValue"));
        let added =
            eval(&mut session, &format!("{ruleset}(4).GameValue + {ruleset}(2).GameValue + *"));
        assert_eq!(sum, added, "{ruleset}(4) + {ruleset}(2) + *");
    }
    check(
        &[
            "mine.PassSubtraction([1],[2])(2).CanonicalForm",
            "mine.PassSubtraction([1],[2])(3).GameValue",
            "mine.PassSubtraction([1],[2])(3).OutcomeClass",
            "mine.PassSubtraction([1,2],[1])(0).OutcomeClass",
            "mine.PassSubtraction([2],[1])(1).OutcomeClass",
        ],
        expect![[r#"
            mine.PassSubtraction([1],[2])(2).CanonicalForm => error: 1:34: That is not a short game. If that is intentional, try `GameValue` in place of `CanonicalForm`.
            mine.PassSubtraction([1],[2])(3).GameValue => on & Miny(over)
            mine.PassSubtraction([1],[2])(3).OutcomeClass => D
            mine.PassSubtraction([1,2],[1])(0).OutcomeClass => P
            mine.PassSubtraction([2],[1])(1).OutcomeClass => R
        "#]],
    );
}

/// An impartial game whose positions repeat has the loopy value of its
/// graph, either player having its options (against `onag loopy` on the
/// same graph); one that ends keeps its nimber.
#[test]
fn a_loopy_impartial_game_declared_in_cgscript_has_a_loopy_value() {
    let mut session = session();
    for moves in [vec![1], vec![1, 2], vec![2, 3], vec![1, 3]] {
        let ruleset = format!("mine.PassTake({moves:?})").replace(' ', "");
        for heap in 0..5 {
            let value = eval(&mut session, &format!("{ruleset}({heap}).GameValue"));
            assert_eq!(
                value,
                file_value(&pass_subtraction_file(&moves, &moves, heap)),
                "{ruleset}({heap})"
            );
        }
    }
    check(
        &["mine.PassTake([1])(0).GameValue", "mine.PassTake([1])(2).NimValue"],
        expect![[r#"
            mine.PassTake([1])(0).GameValue => 0
            mine.PassTake([1])(2).NimValue => error: 1:23: That is not a short game. If that is intentional, try `GameValue` in place of `NimValue`.
        "#]],
    );
}

/// The memory a game declared in CGScript holds counts its positions as
/// they are (instances, boards), so a memory limit stops the search.
#[test]
fn a_memory_limit_stops_a_user_game() {
    let mut session = session();
    let budget = Budget::unlimited().with_max_memory(16 << 20);
    let err = session
        .run_to_string("mine.Domineering(Grid.Empty(5,5)).CanonicalForm", &budget)
        .expect_err("the search needs more than 16 MiB");
    assert_eq!(err.kind(), onag::ErrorKind::LimitExceeded, "{err}");
    assert!(err.to_string().contains("raise --max-memory"), "{err}");
}

/// A static method overrides nothing, so it needs no `override` (as in
/// CGSuite's Turning, whose `static def Eval(code as String)` stands
/// beside StripRuleset's `Eval(str as String)`).
#[test]
fn a_static_method_overrides_nothing() {
    let mut session = session();
    assert_eq!(eval(&mut session, "mine.StaticMaker.Eval(\"ok\")"), "StaticMaker(2)");
    // The class called: its static Eval, or its constructor for arguments
    // the static Eval does not take; an instance called: its own Eval.
    assert_eq!(eval(&mut session, "mine.StaticMaker(\"abc\")"), "StaticMaker(3)");
    assert_eq!(eval(&mut session, "mine.StaticMaker(5)"), "StaticMaker(5)");
    assert_eq!(eval(&mut session, "mine.StaticMaker(5)(\".x.\")"), "StaticMaker.Position(\".x.\")");
}

#[test]
fn an_enum_has_its_elements_in_order_with_their_names() {
    check(
        &[
            "[mine.Suit.Hearts, mine.Suit.Hearts.IsRed, mine.Suit.Spades.IsRed]",
            "[mine.Suit.Clubs.Ordinal, mine.Suit.Spades.Literal]",
            "[mine.Suit.Clubs == mine.Suit.Clubs, mine.Suit.Clubs == mine.Suit.Spades]",
            "{mine.Suit.Spades, mine.Suit.Clubs, mine.Suit.Hearts}",
            "[Icon.Blank, Icon.BlackStone.Ordinal, Icon.WhiteQueen.Class]",
            "mine.Suit()",
            "mine.Suit.Hearts(1)",
            "cgsuite.util.output.GridOutput(Grid.Empty(1, 2), [Icon.Blank], \"Board(\\\"..\\\")\")",
        ],
        expect![[r#"
            [mine.Suit.Hearts, mine.Suit.Hearts.IsRed, mine.Suit.Spades.IsRed] => [Hearts,true,false]
            [mine.Suit.Clubs.Ordinal, mine.Suit.Spades.Literal] => [0,"Spades"]
            [mine.Suit.Clubs == mine.Suit.Clubs, mine.Suit.Clubs == mine.Suit.Spades] => [true,false]
            {mine.Suit.Spades, mine.Suit.Clubs, mine.Suit.Hearts} => {Clubs,Hearts,Spades}
            [Icon.Blank, Icon.BlackStone.Ordinal, Icon.WhiteQueen.Class] => [Blank,1,⟪cgsuite.util.Icon⟫]
            mine.Suit() => error: 1:6: No method `Eval` for class: `mine.Suit`
            mine.Suit.Hearts(1) => error: 1:11: No method `Eval` for class: `mine.Suit`
            cgsuite.util.output.GridOutput(Grid.Empty(1, 2), [Icon.Blank], "Board(\"..\")") => Board("..")
        "#]],
    );
}

/// A package's `constants.cgs` names values its classes see by their
/// short names and that are `package.Name` from anywhere, as CGSuite's
/// packages do (`game.grid.FoxAndGeese` is `GenFoxAndGeese()`).
#[test]
fn a_package_declares_its_constants() {
    check(
        &[
            "mine.GooseSteps",
            "mine.NarrowFoxAndGeese({(3,1),(3,3)}, (1,1)).GameValue",
            "mine.NarrowFoxAndGeese.width",
        ],
        expect![[r#"
            mine.GooseSteps => [(-1,-1),(-1,1)]
            mine.NarrowFoxAndGeese({(3,1),(3,3)}, (1,1)).GameValue => {2|0}
            mine.NarrowFoxAndGeese.width => 4
        "#]],
    );
}

/// A part given as a loopy value (`[off]` for a fox that has escaped) is
/// valued with the rest: Fox and Geese as a class against the built-in
/// ruleset, on random positions.
#[test]
fn a_loopy_value_as_a_part_agrees_with_the_built_in_fox_and_geese() {
    let mut rng = StdRng::seed_from_u64(38);
    let mut session = session();
    // A square with row + col even, its row in `rows`.
    let square = |rng: &mut StdRng, rows: std::ops::RangeInclusive<i32>| {
        let row: i32 = rng.gen_range(rows);
        let col = 2 * rng.gen_range(0..4) + 1 + (row + 1) % 2;
        (row, col)
    };
    let mut values = std::collections::BTreeSet::new();
    for _ in 0..16 {
        let fox = square(&mut rng, 1..=2);
        let mut geese: Vec<(i32, i32)> = Vec::new();
        let count = rng.gen_range(2..=3);
        while geese.len() < count {
            let s = square(&mut rng, 2..=4);
            if s != fox && !geese.contains(&s) {
                geese.push(s);
            }
        }
        let geese: Vec<String> = geese.iter().map(|(r, c)| format!("({r},{c})")).collect();
        let position = format!("{{{}}}, ({},{})", geese.join(","), fox.0, fox.1);
        let user = eval(&mut session, &format!("mine.FoxAndGeese()({position}).GameValue"));
        let built_in = eval(&mut session, &format!("game.grid.FoxAndGeese({position}).GameValue"));
        assert_eq!(user, built_in, "{position}");
        values.insert(user);
    }
    assert!(values.len() >= 4, "the positions give few values: {values:?}");
    check(
        &[
            "mine.FoxAndGeese()({(4,2),(4,4),(4,6),(4,8)}, (1,1)).GameValue",
            "mine.FoxAndGeese()({(2,2)}, (3,3)).GameValue",
            "mine.FoxAndGeese()({(2,2)}, (3,3)).CanonicalForm",
            "mine.FoxAndGeese()({(2,2)}, (3,3)).OutcomeClass",
        ],
        expect![[r#"
            mine.FoxAndGeese()({(4,2),(4,4),(4,6),(4,8)}, (1,1)).GameValue => {4*|7/2}
            mine.FoxAndGeese()({(2,2)}, (3,3)).GameValue => off
            mine.FoxAndGeese()({(2,2)}, (3,3)).CanonicalForm => error: 1:36: That is not a short game. If that is intentional, try `GameValue` in place of `CanonicalForm`.
            mine.FoxAndGeese()({(2,2)}, (3,3)).OutcomeClass => R
        "#]],
    );
}

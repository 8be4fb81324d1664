//! The calculator's script language (CALCULATOR.md, "Scripts"): each
//! construct with the exact text it prints, golden transcripts checked with
//! expect-test. Expected values come from CGScript's semantics (loops count
//! `from a to b by c` inclusive, lists index from 1, a `do` loop gives
//! `Nothing`, sets print in CGSuite's order, maps by key as `{k => v}`) and
//! from closed forms computed by hand (sums, factorials, binomials).

use expect_test::{Expect, expect};
use onag::Budget;
use onag::lang::Session;

/// Runs `inputs` in one session; one line per input: `input => output`
/// (an empty output for an input that shows nothing).
fn transcript(inputs: &[&str]) -> String {
    let mut session = Session::new();
    let budget = Budget::unlimited().with_max_positions(1_000_000);
    let mut out = String::new();
    for input in inputs {
        let shown = match session.run_to_string(input, &budget) {
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

#[test]
fn conditions() {
    check(
        &[
            "if 1 < 2 then 3 else 4 end",
            "if 2 < 1 then 3 else 4 end",
            "x := 5",
            "if x < 0 then -1 elseif x == 0 then 0 else 1 end",
            "if x > 9 then \"big\" end",
            "if ^ > 0 then \"up is positive\" end",
            "if * <> 0 then \"star is confused with 0\" end",
            "not (1 < 2) or 3 == 3 and 1 == 2",
            "true and (false or true)",
        ],
        expect![[r#"
            if 1 < 2 then 3 else 4 end => 3
            if 2 < 1 then 3 else 4 end => 4
            x := 5 => 5
            if x < 0 then -1 elseif x == 0 then 0 else 1 end => 1
            if x > 9 then "big" end => Nothing
            if ^ > 0 then "up is positive" end => "up is positive"
            if * <> 0 then "star is confused with 0" end => "star is confused with 0"
            not (1 < 2) or 3 == 3 and 1 == 2 => false
            true and (false or true) => true
        "#]],
    );
}

#[test]
fn blocks_variables_and_while() {
    check(
        &[
            "begin var y := 3; y * y end",
            "begin end",
            "n := 0; s := 0; while n < 10 do n := n + 1; s := s + n end; s",
            "var z",
            "z",
            "var w := *3; w + *5",
            "k := 1; while k < 1000 do k := 2 * k end",
            "k",
        ],
        expect![[r#"
            begin var y := 3; y * y end => 9
            begin end => Nothing
            n := 0; s := 0; while n < 10 do n := n + 1; s := s + n end; s => 55
            var z => Nothing
            z => Nothing
            var w := *3; w + *5 => *6
            k := 1; while k < 1000 do k := 2 * k end => Nothing
            k => 1024
        "#]],
    );
}

#[test]
fn for_loops() {
    check(
        &[
            "for n from 1 to 5 yield n * n end",
            "for n from 1 to 10 by 3 yield n end",
            "for n from 10 to 1 by -4 yield n end",
            "for n from 1 to 0 yield n end",
            "for n from 1 to 20 where n % 7 == 0 yield n end",
            "for n from 1 while n * n < 30 yield n end",
            "for n from 0 to 3 yield *n end",
            "t := 0; for x in [1, 2, 3, 4] do t := t + x end; t",
            "for x in [1, 2] for y in [3, 4] yield (x, y) end",
            "for x in [1, 2, 3] yield for y in [1, 2] yield x * y end end",
            "for g in {0|*}.LeftOptions yield g end",
            "for i from 1/2 to 2 by 1/2 yield i end",
            "[n^2 for n from 1 to 10 by 3 where n != 4]",
            "[n for n from 1 to 100 while n < 4]",
            "n := 7; for n from 1 to 3 do n end; n",
        ],
        expect![[r#"
            for n from 1 to 5 yield n * n end => [1,4,9,16,25]
            for n from 1 to 10 by 3 yield n end => [1,4,7,10]
            for n from 10 to 1 by -4 yield n end => [10,6,2]
            for n from 1 to 0 yield n end => []
            for n from 1 to 20 where n % 7 == 0 yield n end => [7,14]
            for n from 1 while n * n < 30 yield n end => [1,2,3,4,5]
            for n from 0 to 3 yield *n end => [0,*,*2,*3]
            t := 0; for x in [1, 2, 3, 4] do t := t + x end; t => 10
            for x in [1, 2] for y in [3, 4] yield (x, y) end => [(1,3),(1,4),(2,3),(2,4)]
            for x in [1, 2, 3] yield for y in [1, 2] yield x * y end end => [1,2,2,4,3,6]
            for g in {0|*}.LeftOptions yield g end => [0]
            for i from 1/2 to 2 by 1/2 yield i end => [1/2,1,3/2,2]
            [n^2 for n from 1 to 10 by 3 where n != 4] => [1,49,100]
            [n for n from 1 to 100 while n < 4] => [1,2,3]
            n := 7; for n from 1 to 3 do n end; n => 7
        "#]],
    );
}

#[test]
fn functions_and_lambdas() {
    check(
        &[
            "def f(x) := x + 1",
            "f(41)",
            "def fact(n) := if n <= 1 then 1 else n * fact(n - 1) end",
            "fact(20)",
            "def binom(n, k) begin var b := 1; for i from 1 to k do b := b * (n - k + i) / i end; b end",
            "binom(10, 3)",
            "binom(52, 5)",
            "sq := x -> x * x",
            "sq(12)",
            "add := (x, y) -> x + y",
            "add(*3, *5)",
            "[1, 2, 3].Apply(x -> x^2)",
            "[^, *, 1].Apply(g -> g + g)",
            "def adder(a) := x -> x + a",
            "adder(10)(5)",
            "k := () -> 42; k()",
            "def fib(n) := if n < 2 then n else fib(n - 1) + fib(n - 2) end",
            "[fib(n) for n from 0 to 15]",
            "def even(n) := if n == 0 then true else odd(n - 1) end; def odd(n) := if n == 0 then false else even(n - 1) end",
            "[even(10), odd(7), even(3)]",
        ],
        expect![[r#"
            def f(x) := x + 1 => x -> x + 1
            f(41) => 42
            def fact(n) := if n <= 1 then 1 else n * fact(n - 1) end => n -> if n <= 1 then 1 else n * fact(n - 1) end
            fact(20) => 2432902008176640000
            def binom(n, k) begin var b := 1; for i from 1 to k do b := b * (n - k + i) / i end; b end => (n, k) -> begin var b := 1; for i from 1 to k do b := b * (n - k + i) / i end; b end
            binom(10, 3) => 120
            binom(52, 5) => 2598960
            sq := x -> x * x => x -> x * x
            sq(12) => 144
            add := (x, y) -> x + y => (x, y) -> x + y
            add(*3, *5) => *6
            [1, 2, 3].Apply(x -> x^2) => [1,4,9]
            [^, *, 1].Apply(g -> g + g) => [^^,0,2]
            def adder(a) := x -> x + a => a -> x -> x + a
            adder(10)(5) => 15
            k := () -> 42; k() => 42
            def fib(n) := if n < 2 then n else fib(n - 1) + fib(n - 2) end => n -> if n < 2 then n else fib(n - 1) + fib(n - 2) end
            [fib(n) for n from 0 to 15] => [0,1,1,2,3,5,8,13,21,34,55,89,144,233,377,610]
            def even(n) := if n == 0 then true else odd(n - 1) end; def odd(n) := if n == 0 then false else even(n - 1) end => n -> if n == 0 then false else even(n - 1) end
            [even(10), odd(7), even(3)] => [true,true,false]
        "#]],
    );
}

#[test]
fn collections() {
    check(
        &[
            "{3, 1, 2, 1}",
            "{*, 0, ^, 1/2, *}",
            "{}",
            "{x * x for x in [-2, -1, 0, 1, 2]}",
            "listof(n for n from 1 to 4)",
            "setof(n % 3 for n from 1 to 10)",
            "sumof(n for n from 1 to 100)",
            "sumof(*n for n from 1 to 7)",
            "sumof(n for n in [])",
            "{1 => 2, \"a\" => *2, 0 => ^}",
            "{=>}",
            "m := {n => n * n for n from 1 to 4}",
            "m[3]",
            "m[5]",
            "m.Keys",
            "m.ContainsKey(2)",
            "{1 => 2, 1 => 3}",
            "[10, 20, 30][2]",
            "(3, 5)",
            "\"ab\" + \"cd\"",
        ],
        expect![[r#"
            {3, 1, 2, 1} => {1,2,3}
            {*, 0, ^, 1/2, *} => {0,1/2,*,^}
            {} => {}
            {x * x for x in [-2, -1, 0, 1, 2]} => {0,1,4}
            listof(n for n from 1 to 4) => [1,2,3,4]
            setof(n % 3 for n from 1 to 10) => {0,1,2}
            sumof(n for n from 1 to 100) => 5050
            sumof(*n for n from 1 to 7) => 0
            sumof(n for n in []) => 0
            {1 => 2, "a" => *2, 0 => ^} => {0 => ^, 1 => 2, "a" => *2}
            {=>} => {=>}
            m := {n => n * n for n from 1 to 4} => {1 => 1, 2 => 4, 3 => 9, 4 => 16}
            m[3] => 9
            m[5] => error: 1:1: Key not found: 5
            m.Keys => {1,2,3,4}
            m.ContainsKey(2) => true
            {1 => 2, 1 => 3} => {1 => 3}
            [10, 20, 30][2] => 20
            (3, 5) => (3,5)
            "ab" + "cd" => "abcd"
        "#]],
    );
}

/// `for x in a..b` counts without building the list: a range of 10^30
/// elements is fine when the loop stops early.
#[test]
fn loops_over_ranges() {
    check(
        &[
            "for x in 1..10^30 while x < 4 do s := x end; s",
            "[x for x in 10..1..-4]",
            "t := 0; for x in 1..0 do t := 1 end; t",
            "[x for x in 1..10^30]",
        ],
        expect![[r#"
            for x in 1..10^30 while x < 4 do s := x end; s => 3
            [x for x in 10..1..-4] => [10,6,2]
            t := 0; for x in 1..0 do t := 1 end; t => 0
            [x for x in 1..10^30] => error: 1:1: the range 1..1000000000000000000000000000000 has more than 10000000 elements
        "#]],
    );
}

#[test]
fn players_and_nothing() {
    check(
        &[
            "Left",
            "Right",
            "Left.Opponent",
            "Right.Opponent.Opponent",
            "[Left.Sign, Right.Sign]",
            "[Left.Ordinal, Right.Ordinal]",
            "Left == Left",
            "Left == Right",
            "Nothing",
        ],
        expect![[r#"
            Left => Left
            Right => Right
            Left.Opponent => Right
            Right.Opponent.Opponent => Right
            [Left.Sign, Right.Sign] => [1,-1]
            [Left.Ordinal, Right.Ordinal] => [1,2]
            Left == Left => true
            Left == Right => false
            Nothing => Nothing
        "#]],
    );
}

#[test]
fn bad_input_is_one_located_error() {
    check(
        &[
            "h(1)",
            "def f(x) := x",
            "f(1, 2)",
            "f()",
            "(x -> x)(1, 2)",
            "if 1 then 2 end",
            "while 3 do 1 end",
            "for x in 5 do x end",
            "for n from \"a\" to 3 do n end",
            "[1, 2].Apply(3)",
            "Left.Foo",
            "[1, 2][3]",
            "{1, 2}[1]",
            "begin 1; 2",
            "if true then 1",
            "if true then 1 else 2",
            "for n from 1 to 3 do n",
            "def g(x) begin x",
            "x -> ",
            "def (x) := 1",
            "def f(x, x) := 1",
            "(1, 2, 3)",
            "end",
            "var if := 3",
            "f := 1; f(2)",
        ],
        expect![[r#"
            h(1) => error: 1:1: unknown name 'h'
            def f(x) := x => x -> x
            f(1, 2) => error: 1:1: f takes 1 argument, not 2
            f() => error: 1:1: f takes 1 argument, not 0
            (x -> x)(1, 2) => error: 1:1: the function takes 1 argument, not 2
            if 1 then 2 end => error: 1:4: 'if' needs true or false, not an integer
            while 3 do 1 end => error: 1:7: 'while' needs true or false, not an integer
            for x in 5 do x end => error: 1:10: 'in' needs a list, a set or a map, not an integer
            for n from "a" to 3 do n end => error: 1:12: 'from' needs a number, not a string
            [1, 2].Apply(3) => error: 1:14: Apply needs a function such as x -> x + 1, not an integer
            Left.Foo => error: 1:6: unknown member 'Foo' of a player
            [1, 2][3] => error: 1:1: a list of 2 elements has no element 3
            {1, 2}[1] => error: 1:1: '[...]' needs a list, a string or a map, not a set
            begin 1; 2 => error: 1:1: unclosed 'begin': missing 'end'
            if true then 1 => error: 1:1: unclosed 'if': missing 'end'
            if true then 1 else 2 => error: 1:1: unclosed 'if': missing 'end'
            for n from 1 to 3 do n => error: 1:1: unclosed 'for': missing 'end'
            def g(x) begin x => error: 1:10: unclosed 'begin': missing 'end'
            x ->  => error: 1:6: expected a value, found the end of the input
            def (x) := 1 => error: 1:5: expected a function name after 'def', found '('
            def f(x, x) := 1 => error: 1:10: parameter 'x' is given twice
            (1, 2, 3) => error: 1:1: coordinates have two entries: (a, b)
            end => error: 1:1: expected a value, found 'end'
            var if := 3 => error: 1:5: expected a variable name after 'var', found 'if'
            f := 1; f(2) => error: 1:9: an integer cannot be called
        "#]],
    );
}

/// Recursion without a base case ends with a clear error, not a stack
/// overflow, even on a thread with a small stack; the session goes on.
#[test]
fn endless_recursion_is_an_error() {
    let outcome = std::thread::Builder::new()
        .stack_size(2 << 20)
        .spawn(|| {
            let mut session = Session::new();
            let budget = Budget::unlimited();
            let define = session.run_to_string("def r(n) := r(n + 1) + 1", &budget);
            let err = session.run_to_string("r(0)", &budget).unwrap_err();
            let after = session.run_to_string(
                "def g(n) := if n == 0 then 0 else 1 + g(n - 1) end; g(100)",
                &budget,
            );
            (define.is_ok(), err.to_string(), after)
        })
        .unwrap()
        .join()
        .unwrap();
    assert!(outcome.0);
    // The error is located at the call, and in the function's own text.
    assert!(outcome.1.starts_with("1:1: recursion too deep ("), "{}", outcome.1);
    assert!(outcome.1.contains("(inside the function, at 1:"), "{}", outcome.1);
    assert_eq!(outcome.2.unwrap(), "100");
}

/// An endless `while` stops at the time limit and at the cancel flag
/// (Ctrl-C), with a located error.
#[test]
fn endless_loops_stop_at_the_budget() {
    use std::sync::Arc;
    use std::sync::atomic::AtomicBool;
    use std::time::Duration;
    let mut session = Session::new();
    let budget = Budget::unlimited().with_timeout(Duration::from_millis(200));
    let err = session.run_to_string("x := 0; while true do x := x + 1 end", &budget).unwrap_err();
    assert_eq!(err.to_string(), "1:9: time limit reached (raise --timeout)");
    let flag = Arc::new(AtomicBool::new(true));
    let budget = Budget::unlimited().with_cancel_flag(flag);
    let err = session.run_to_string("for n from 1 do n end", &budget).unwrap_err();
    assert_eq!(err.to_string(), "1:1: interrupted");
    let err = session.run_to_string("def f(n) := f(n);\nf(1)", &budget).unwrap_err();
    assert_eq!(err.to_string(), "2:1: interrupted");
}

/// `break`, `continue` and `return` (CGScript's jumps): values worked out by
/// hand (the least k with k² ≥ 50 is 8; 1 + 3 + 5 + 7 + 9 = 25).
#[test]
fn jumps() {
    check(
        &[
            "def firstsq(n) begin for k from 1 to 100 do if k * k >= n then return k end end; -1 end",
            "firstsq(50)",
            "firstsq(10^6)",
            "s := 0; for k from 1 to 10 do if k % 2 == 0 then continue end; s := s + k end; s",
            "[k for k from 1 to 10 where k % 3 != 0]",
            "for k from 1 to 10 yield if k > 4 then break end; k end",
            "for x from 1 to 3 for y from 1 to 3 yield if y == 2 then continue end; (x, y) end",
            "n := 0; while true do n := n + 1; if n == 7 then break end end; n",
            "def sign(x) begin if x > 0 then return 1 elseif x < 0 then return -1 end; 0 end",
            "[sign(-5), sign(0), sign(2)]",
            "def none() begin return end",
            "none()",
            "break",
            "if true then continue end",
            "return 3",
            "def g(x) begin break end",
            "g(1)",
        ],
        expect![[r#"
            def firstsq(n) begin for k from 1 to 100 do if k * k >= n then return k end end; -1 end => n -> begin for k from 1 to 100 do if k * k >= n then return k end end; -1 end
            firstsq(50) => 8
            firstsq(10^6) => -1
            s := 0; for k from 1 to 10 do if k % 2 == 0 then continue end; s := s + k end; s => 25
            [k for k from 1 to 10 where k % 3 != 0] => [1,2,4,5,7,8,10]
            for k from 1 to 10 yield if k > 4 then break end; k end => [1,2,3,4]
            for x from 1 to 3 for y from 1 to 3 yield if y == 2 then continue end; (x, y) end => [(1,1),(1,3),(2,1),(2,3),(3,1),(3,3)]
            n := 0; while true do n := n + 1; if n == 7 then break end end; n => 7
            def sign(x) begin if x > 0 then return 1 elseif x < 0 then return -1 end; 0 end => x -> begin if x > 0 then return 1 else if x < 0 then return -1 end end; 0 end
            [sign(-5), sign(0), sign(2)] => [-1,0,1]
            def none() begin return end => () -> begin return end
            none() => Nothing
            break => error: 1:1: 'break' outside a loop
            if true then continue end => error: 1:14: 'continue' outside a loop
            return 3 => error: 1:1: 'return' outside a function
            def g(x) begin break end => x -> begin break end
            g(1) => error: 1:1: 'break' outside a loop (inside the function, at 1:16)
        "#]],
    );
}

/// A `var` belongs to the block it is declared in: the name holds what it
/// held before once the block ends.
#[test]
fn var_is_scoped_to_its_block() {
    check(
        &[
            "begin var x := 1; x end",
            "x",
            "y := 5; begin var y := 1; y end",
            "y",
            "def f() begin var z := 3; if true then var z := 4 end; z end",
            "f()",
            "s := 0; for k from 1 to 3 do var t := k; s := s + t end; s",
            "t",
            "var w := 2",
            "w",
        ],
        expect![[r#"
            begin var x := 1; x end => 1
            x => error: 1:1: unknown name 'x'
            y := 5; begin var y := 1; y end => 1
            y => 5
            def f() begin var z := 3; if true then var z := 4 end; z end => () -> begin var z := 3; if true then var z := 4 end; z end
            f() => 3
            s := 0; for k from 1 to 3 do var t := k; s := s + t end; s => 6
            t => error: 1:1: unknown name 't'
            var w := 2 => 2
            w => 2
        "#]],
    );
}

/// `error(message)` stops the input with the message; `ToString` gives
/// any value's printed text (CGSuite's check loops use both).
#[test]
fn error_and_to_string() {
    check(
        &[
            "\"heap \" + 7.ToString",
            "\"ab\".ToString",
            "[1/2, *3, {1|0}].ToString",
            "for n from 1 to 30 do if n NimProduct n.NimInverse != 1 then error(\"NimInverse failed at \" + n.ToString) end end",
            "for n from 1 to 9 do if n > 3 then error(\"stopped at \" + n.ToString) end end",
            "error(3)",
        ],
        expect![[r#"
            "heap " + 7.ToString => "heap 7"
            "ab".ToString => "ab"
            [1/2, *3, {1|0}].ToString => "[1/2,*3,{1|0}]"
            for n from 1 to 30 do if n NimProduct n.NimInverse != 1 then error("NimInverse failed at " + n.ToString) end end => Nothing
            for n from 1 to 9 do if n > 3 then error("stopped at " + n.ToString) end end => error: 1:36: stopped at 4
            error(3) => error: 1:7: error needs a string, not an integer
        "#]],
    );
}

#[test]
fn named_arguments_of_functions() {
    check(
        &[
            "f := (x, y) -> (x - y) / 2; f(y => 3, x => 4)",
            "def g(a, b) := a - b; g(b => 1, a => 5)",
            "g(5, b => 1)",
            "g(z => 1, a => 2)",
            "g(1, a => 2)",
            "g(a => 1)",
            "g(b => 3, 4)",
        ],
        expect![[r#"
            f := (x, y) -> (x - y) / 2; f(y => 3, x => 4) => 1/2
            def g(a, b) := a - b; g(b => 1, a => 5) => 4
            g(5, b => 1) => 4
            g(z => 1, a => 2) => error: 1:8: g has no parameter 'z'
            g(1, a => 2) => error: 1:11: the parameter 'a' is given twice
            g(a => 1) => error: 1:1: g takes 2 arguments, not 1
            g(b => 3, 4) => error: 1:11: an argument without a name must come before the named ones
        "#]],
    );
}

/// A random stream draws CGSuite's numbers for CGSuite's seed
/// (`CgsuiteUtilTest`), and every copy of it draws from one stream.
#[test]
fn random_streams_draw_as_cgsuite() {
    let steps: &[(&str, &str)] = &[
        ("random := Random(1474)", "Random(1474)"),
        (
            "[random.NextInteger(100) for n from 1 to 20]",
            "[64,92,17,25,63,58,88,49,0,30,85,46,58,24,72,31,98,61,61,69]",
        ),
        ("r := Random(1474); s := r; [r.NextInteger(100), s.NextInteger(100)]", "[64,92]"),
        ("r == s", "true"),
        ("Random(1474) == Random(1474)", "false"),
        (
            "Random(2^63)",
            "error: 1:1: Random's seed overflows: it must satisfy -2^63 <= seed < 2^63",
        ),
        ("Random(-2^63)", "Random(-9223372036854775808)"),
        ("r.NextInteger(0)", "error: 1:15: NextInteger needs a bound of at least 1, not 0"),
        ("Random(1/2)", "error: 1:8: Random needs an integer seed, not a rational number"),
    ];
    let inputs: Vec<&str> = steps.iter().map(|s| s.0).collect();
    let expected: String = steps.iter().map(|(i, o)| format!("{i} => {o}\n")).collect();
    assert_eq!(transcript(&inputs), expected);
}

/// Mutable collections, each step with the string CGSuite's own tests
/// expect (`CgsuiteUtilTest`): lists keep order and repeats, sets and maps
/// print in CGSuite's order of display (a map by key).
#[test]
fn mutable_collections_print_as_cgsuite() {
    let steps: &[(&str, &str)] = &[
        ("MutableList()", "MutableList()"),
        ("x := MutableList([3,4,5])", "MutableList(3, 4, 5)"),
        ("x[2]", "4"),
        ("x.Add(*); x", "MutableList(3, 4, 5, *)"),
        (
            "x.AddAll([1/2, 1/4, *2, *3, 1/2, 1/4, *3]); x",
            "MutableList(3, 4, 5, *, 1/2, 1/4, *2, *3, 1/2, 1/4, *3)",
        ),
        ("x.Contains(*3)", "true"),
        ("x.Remove(1/2); x", "MutableList(3, 4, 5, *, 1/4, *2, *3, 1/2, 1/4, *3)"),
        ("x.RemoveAll([4, *2]); x", "MutableList(3, 5, *, 1/4, *3, 1/2, 1/4, *3)"),
        ("x.RemoveAll([1/4, 1/4]); x", "MutableList(3, 5, *, *3, 1/2, *3)"),
        ("x.RemoveAt(2); x", "MutableList(3, *, *3, 1/2, *3)"),
        ("x.Sort(); x", "MutableList(1/2, 3, *, *3, *3)"),
        (
            "x.SortWith((a, b) -> if a < b then -1 elseif a > b then 1 else 0 end)",
            "MutableList(*, *3, *3, 1/2, 3)",
        ),
        ("x.Clear(); x", "MutableList()"),
        ("MutableSet()", "MutableSet()"),
        ("x := MutableSet([3,4,5])", "MutableSet(3, 4, 5)"),
        ("x.Add(*); x", "MutableSet(3, 4, 5, *)"),
        (
            "x.AddAll([1/2, 1/4, *2, *3, 1/2, 1/4, *3]); x",
            "MutableSet(1/4, 1/2, 3, 4, 5, *, *2, *3)",
        ),
        ("x.Contains(*3)", "true"),
        ("x.Remove(1/4); x", "MutableSet(1/2, 3, 4, 5, *, *2, *3)"),
        ("x.RemoveAll([3, 5, *2, 5, 19]); x", "MutableSet(1/2, 4, *, *3)"),
        ("x.Clear(); x", "MutableSet()"),
        ("MutableMap()", "MutableMap()"),
        ("x := MutableMap({3 => true, 5 => Left})", "MutableMap(3 => true, 5 => Left)"),
        ("x[5]", "Left"),
        ("x[*]", "error: 1:1: Key not found: *"),
        ("x.ContainsKey(5)", "true"),
        ("x.Entries", "{3 => true,5 => Left}"),
        ("x.Put(3, false); x", "MutableMap(3 => false, 5 => Left)"),
        ("x.Put(*, 101); x", "MutableMap(3 => false, 5 => Left, * => 101)"),
        (
            "x.PutAll({Right => 1474, 3 => 1/7}); x",
            "MutableMap(3 => 1/7, 5 => Left, * => 101, Right => 1474)",
        ),
        ("x.Clear(); x", "MutableMap()"),
    ];
    let inputs: Vec<&str> = steps.iter().map(|s| s.0).collect();
    let expected: String = steps.iter().map(|(i, o)| format!("{i} => {o}\n")).collect();
    assert_eq!(transcript(&inputs), expected);
}

/// A mutable collection is shared by every value that holds it (a copy, a
/// function's captured variable, a loop), and can never hold itself.
#[test]
fn mutable_collections_are_shared_and_acyclic() {
    check(
        &[
            "x := MutableList(); y := x; y.Add(1); x",
            "f := k -> x.Add(k); f(2); f(3); y",
            "s := 0; for e in x do x.Add(e); s := s + e end; [s, x.Length]",
            "x.Add(x)",
            "z := MutableList([x]); x.Add(z)",
            "x.Add([{1 => z}])",
            "MutableList([1]) == MutableList([1])",
            "MutableList([1]) == MutableSet([1])",
            "[x is Collection, x is List]",
            "x.RemoveAt(10)",
            "MutableMap().Add(1)",
            "MutableList(1, 2)",
            "{x | }",
            "w := MutableList([5,6,7]); [w.RemoveAt(2), w]",
            "w.Update(1, *); w",
            "Max(MutableList([3,1,2])) + game.heap.Subtraction(MutableSet([1,2]))(10).NimValue",
            "d := MutableList(); for i from 1 to 2000 do d := MutableList([d]) end",
            "e := MutableList(); for i from 1 to 20000 do e.Add(i) end; e.Length",
        ],
        expect![[r#"
            x := MutableList(); y := x; y.Add(1); x => MutableList(1)
            f := k -> x.Add(k); f(2); f(3); y => MutableList(1, 2, 3)
            s := 0; for e in x do x.Add(e); s := s + e end; [s, x.Length] => [6,6]
            x.Add(x) => error: 1:7: a MutableList cannot hold itself
            z := MutableList([x]); x.Add(z) => error: 1:30: a MutableList cannot hold itself
            x.Add([{1 => z}]) => error: 1:7: a MutableList cannot hold itself
            MutableList([1]) == MutableList([1]) => true
            MutableList([1]) == MutableSet([1]) => false
            [x is Collection, x is List] => [true,false]
            x.RemoveAt(10) => error: 1:12: List index out of bounds: 10
            MutableMap().Add(1) => error: 1:14: Add needs a mutable list or set; a map takes Put
            MutableList(1, 2) => error: 1:1: MutableList takes 0 or 1 arguments, not 2
            {x | } => 4
            w := MutableList([5,6,7]); [w.RemoveAt(2), w] => [6,MutableList(5, 7)]
            w.Update(1, *); w => MutableList(*, 7)
            Max(MutableList([3,1,2])) + game.heap.Subtraction(MutableSet([1,2]))(10).NimValue => 4
            d := MutableList(); for i from 1 to 2000 do d := MutableList([d]) end => error: 1:50: collections nest more than 1000 deep in a mutable collection
            e := MutableList(); for i from 1 to 20000 do e.Add(i) end; e.Length => 20000
        "#]],
    );
}

/// Maps and sets built element by element (by hashing, persistently for
/// `Updated`) agree with maps built at once, whatever the order the keys
/// came in: equality, membership, printing in CGSuite's order, an updated
/// copy leaving the original alone, games as keys and positions equal to
/// them.
#[test]
fn collections_built_element_by_element_agree_with_literals() {
    check(
        &[
            "a := MutableMap(); for i from 1 to 1000 do a.Put(1001 - i, i) end",
            "b := {=>}; for i from 1 to 1000 do b := b.Updated(i, 1001 - i) end",
            "c := {i => 1001 - i for i from 1 to 1000}; c.Size",
            "[a == MutableMap(b), b == c, {b, c}.Size, {a[7], b[7], c[7]}, a.Size]",
            "b1 := b.Updated(7, *); [b[7], b1[7], b1 == b, b1.Size]",
            "m := {=>}; for i from 12 to 1 by -1 do m := m.Updated(i % 5 + i / 4, i) end; m",
            "g := MutableMap(); for i from 1 to 40 do g.Put(*(i % 20), i) end",
            "[g.Size, g[*3], g.ContainsKey(*19), g.ContainsKey(*20)]",
            "p := {* => 5, 2 => 6}; [p[game.heap.Nim(1)], p.ContainsKey(game.heap.Nim(1))]",
            "s := MutableSet(); for i from 1 to 30 do s.Add((i * 7) % 11) end",
            "[s.Size, s, [x for x in s], s.Contains(3), s.Contains(11)]",
            "t := MutableSet([*, ^]); t.Add(game.heap.Nim(1)); t.Add(*2); t",
            "r := MutableMap({1 => 2}); for i from 1 to 20 do r.Put(i, i) end",
            "for i from 1 to 19 do r.Remove(i) end; [r, r.Size, r[20]]",
            "{1 => 2, 3 => 4} == {3 => 4, 1 => 2}",
        ],
        expect![[r#"
            a := MutableMap(); for i from 1 to 1000 do a.Put(1001 - i, i) end => Nothing
            b := {=>}; for i from 1 to 1000 do b := b.Updated(i, 1001 - i) end => Nothing
            c := {i => 1001 - i for i from 1 to 1000}; c.Size => 1000
            [a == MutableMap(b), b == c, {b, c}.Size, {a[7], b[7], c[7]}, a.Size] => [true,true,1,{994},1000]
            b1 := b.Updated(7, *); [b[7], b1[7], b1 == b, b1.Size] => [994,*,false,1000]
            m := {=>}; for i from 12 to 1 by -1 do m := m.Updated(i % 5 + i / 4, i) end; m => {5/4 => 1, 5/2 => 2, 15/4 => 3, 5 => 4, 25/4 => 9}
            g := MutableMap(); for i from 1 to 40 do g.Put(*(i % 20), i) end => Nothing
            [g.Size, g[*3], g.ContainsKey(*19), g.ContainsKey(*20)] => [20,23,true,false]
            p := {* => 5, 2 => 6}; [p[game.heap.Nim(1)], p.ContainsKey(game.heap.Nim(1))] => [5,true]
            s := MutableSet(); for i from 1 to 30 do s.Add((i * 7) % 11) end => Nothing
            [s.Size, s, [x for x in s], s.Contains(3), s.Contains(11)] => [11,MutableSet(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10),[0,1,2,3,4,5,6,7,8,9,10],true,false]
            t := MutableSet([*, ^]); t.Add(game.heap.Nim(1)); t.Add(*2); t => MutableSet(*, *2, ^)
            r := MutableMap({1 => 2}); for i from 1 to 20 do r.Put(i, i) end => Nothing
            for i from 1 to 19 do r.Remove(i) end; [r, r.Size, r[20]] => [MutableMap(20 => 20),1,20]
            {1 => 2, 3 => 4} == {3 => 4, 1 => 2} => true
        "#]],
    );
}

/// Games held by a mutable collection survive the arena's compaction after
/// an input that ran out of budget, and a collection shared by two
/// variables and a function is moved once.
#[test]
fn mutable_collections_survive_compaction() {
    let mut session = Session::new();
    let budget = Budget::unlimited().with_max_positions(2_000);
    let run = |session: &mut Session, input: &str| match session.run_to_string(input, &budget) {
        Ok(text) => text,
        Err(err) => format!("error: {err}"),
    };
    run(&mut session, "x := MutableList([^, {3|*}]); y := x; f := k -> x");
    run(&mut session, "m := MutableMap({^^ => x})");
    let err =
        run(&mut session, "game.grid.Domineering(\".....|.....|.....|.....|.....\").CanonicalForm");
    assert!(err.starts_with("error:"), "{err}");
    assert_eq!(run(&mut session, "x"), "MutableList(^, {3|*})");
    assert_eq!(run(&mut session, "y.Add(v); f(0)"), "MutableList(^, {3|*}, v)");
    assert_eq!(run(&mut session, "m"), "MutableMap(^^ => MutableList(^, {3|*}, v))");
    assert_eq!(run(&mut session, "x[1] + x[3]"), "0");
}

/// Coordinates as CGSuite's `Coordinates.cgs` defines them (rows grow
/// downwards: North is (-1,0)), their arithmetic, and other members of
/// CGSuite's reference: `ForEach`, `IsFinite`, `StrongStop` (a stop with its
/// `over` dropped), `Integer.Parse`.
#[test]
fn coordinates_and_other_members() {
    check(
        &[
            "[Coordinates.North, Coordinates.East, Coordinates.Southwest]",
            "Coordinates.Compass",
            "Coordinates.Hexagonal",
            "Coordinates.KnightsMove.Length",
            "m := 2; n := 3; [(m, n) + d for d in Coordinates.Orthogonal]",
            "p := (2, 3); [p + Coordinates.South, p - (1, 1), 2 * p, p * -1, p.Swap, p.Row, p.Col]",
            "[(1,-1).IsUnit, (2,0).IsUnit, (1,2) <= (1,3), (1,2) <= (0,3)]",
            "x := MutableList(); [1,2,3].ForEach(k -> x.Add(k^2)); x",
            "[(6/23).IsFinite, inf.IsFinite, ^.IsFinite, on.IsFinite]",
            "[over.Stop(Left), over.StrongStop(Left), {3|1}.StrongStop(Right)]",
            "Integer.Parse(\"-1474\") + 1",
            "Integer.Parse(\"1/2\")",
        ],
        expect![[r#"
            [Coordinates.North, Coordinates.East, Coordinates.Southwest] => [(-1,0),(0,1),(1,-1)]
            Coordinates.Compass => [(-1,0),(-1,1),(0,1),(1,1),(1,0),(1,-1),(0,-1),(-1,-1)]
            Coordinates.Hexagonal => [(-1,0),(-1,1),(0,1),(1,0),(1,-1),(0,-1)]
            Coordinates.KnightsMove.Length => 8
            m := 2; n := 3; [(m, n) + d for d in Coordinates.Orthogonal] => [(1,3),(2,4),(3,3),(2,2)]
            p := (2, 3); [p + Coordinates.South, p - (1, 1), 2 * p, p * -1, p.Swap, p.Row, p.Col] => [(3,3),(1,2),(4,6),(-2,-3),(3,2),2,3]
            [(1,-1).IsUnit, (2,0).IsUnit, (1,2) <= (1,3), (1,2) <= (0,3)] => [true,false,true,false]
            x := MutableList(); [1,2,3].ForEach(k -> x.Add(k^2)); x => MutableList(1, 4, 9)
            [(6/23).IsFinite, inf.IsFinite, ^.IsFinite, on.IsFinite] => [true,false,true,true]
            [over.Stop(Left), over.StrongStop(Left), {3|1}.StrongStop(Right)] => [over,0,1]
            Integer.Parse("-1474") + 1 => -1473
            Integer.Parse("1/2") => error: 1:15: Integer.Parse: "1/2" is not an integer
        "#]],
    );
}

/// Grids, each step with the string CGSuite's own tests expect
/// (`CgsuiteUtilTest`, `cgsuite.util.Grid`), and a grid as a ruleset's
/// board, read with the ruleset's character map.
#[test]
fn grids_as_cgsuite() {
    let steps: &[(&str, &str)] = &[
        ("Grid.Empty(3,4)", "Grid([[0,0,0,0],[0,0,0,0],[0,0,0,0]])"),
        ("Grid.Empty(4,0)", "Grid([])"),
        ("Grid.Empty(-1,2)", "error: 1:12: Invalid RowCount: -1"),
        ("Grid.Empty(2,-3)", "error: 1:14: Invalid ColCount: -3"),
        (
            "grid := Grid.Parse(\".abb|.ba.|.a..\", \".ab\")",
            "Grid([[0,1,2,2],[0,2,1,0],[0,1,0,0]])",
        ),
        ("grid[(2,2)]", "2"),
        ("grid.ColCount", "4"),
        ("grid.FindAll(1)", "[(1,2),(2,3),(3,2)]"),
        ("grid.IsInBounds((1,3))", "true"),
        ("grid.IsInBounds((5,3))", "false"),
        ("grid.IsInBounds((2,-1))", "false"),
        ("grid.Permuted(Symmetry.Inversion)", "Grid([[0,0,1,0],[0,1,2,0],[2,2,1,0]])"),
        ("grid.Permuted(Symmetry.ClockwiseRotation)", "Grid([[2,0,0],[2,1,0],[1,2,1],[0,0,0]])"),
        ("grid.RowCount", "3"),
        ("grid.Subgrid((1,2),(3,3))", "Grid([[1,2],[2,1],[1,0]])"),
        ("grid.Subgrid((3,3),(3,3))", "Grid([[0]])"),
        ("grid.Subgrid((1,2),(2,1))", "Grid([])"),
        ("grid.Subgrid((1,3),(2,1))", "Grid([])"),
        ("grid.ToString(\".ab\")", "\".abb|.ba.|.a..\""),
        ("grid.Updated((1,3), 4)", "Grid([[0,1,4,2],[0,2,1,0],[0,1,0,0]])"),
        ("grid.Updated((1,7), 4)", "error: 1:6: Coordinate is out of bounds: (1,7)"),
        (
            "grid.Updated((1,3), 128)",
            "error: 1:6: Value is out of range (must satisfy -128 <= x <= 127): 128",
        ),
        (
            "grid.Updated({ (1,3) => 4, (2,4) => 127, (3,1) => -128 })",
            "Grid([[0,1,4,2],[0,2,1,127],[-128,1,0,0]])",
        ),
        (
            "grid.Updated({ (1,3) => 4, (0,1) => 5 })",
            "error: 1:6: Coordinate is out of bounds: (0,1)",
        ),
        (
            "grid.Updated({ (1,3) => 4, (2,4) => -1776 })",
            "error: 1:6: Value is out of range (must satisfy -128 <= x <= 127): -1776",
        ),
        // CGSuite's EvalTest.
        ("game.grid.Domineering(Grid.Empty(2, 4)).MisereOutcomeClass", "N"),
    ];
    let inputs: Vec<&str> = steps.iter().map(|s| s.0).collect();
    let expected: String = steps.iter().map(|(i, o)| format!("{i} => {o}\n")).collect();
    assert_eq!(transcript(&inputs), expected);
    // A grid board is the board its string writes.
    for (grid, text) in
        [("Grid.Empty(3, 4)", "....|....|...."), ("Grid.Parse(\".#..|....\", \".#\")", ".#..|....")]
    {
        assert_eq!(
            transcript(&[&format!("game.grid.Domineering({grid}).CanonicalForm")])
                .split(" => ")
                .nth(1),
            transcript(&[&format!("game.grid.Domineering(\"{text}\").CanonicalForm")])
                .split(" => ")
                .nth(1),
        );
    }
    assert_eq!(
        transcript(&["game.grid.Clobber(Grid.Parse(\"xo.|.ox\", \".xo\")).CanonicalForm"]),
        transcript(&["game.grid.Clobber(\"xo.|.ox\").CanonicalForm"]).replace(
            "game.grid.Clobber(\"xo.|.ox\")",
            "game.grid.Clobber(Grid.Parse(\"xo.|.ox\", \".xo\"))"
        ),
    );
}

/// Strips, each step with the string CGSuite's own tests expect
/// (`CgsuiteUtilTest`, `cgsuite.util.Strip`), and a strip as a strip
/// ruleset's position.
#[test]
fn strips_as_cgsuite() {
    let steps: &[(&str, &str)] = &[
        ("Strip.Empty(8)", "Strip([0,0,0,0,0,0,0,0])"),
        ("strip := Strip.Parse(\".abbd.\", \".abcd\")", "Strip([0,1,2,2,4,0])"),
        ("strip[3]", "2"),
        ("strip.Decomposition(2)", "[Strip([0,1]),Strip([4,0])]"),
        ("strip.Decomposition(0)", "[Strip([1,2,2,4])]"),
        ("Strip.Empty(0).Decomposition(0)", "[]"),
        ("strip.FindAll(2)", "[3,4]"),
        ("strip.Length", "6"),
        ("strip.ToString(\".abcd\")", "\".abbd.\""),
        ("strip.Updated(3, 4)", "Strip([0,1,4,2,4,0])"),
        ("strip.Updated(7, 0)", "error: 1:7: Index is out of bounds: 7"),
        (
            "strip.Updated(3, 1001)",
            "error: 1:7: Value is out of range (must satisfy -128 <= x <= 127): 1001",
        ),
        ("strip.UpdatedRange(2, 4, 5)", "Strip([0,5,5,5,4,0])"),
        ("strip.UpdatedRange(-1, 7, 5)", "Strip([5,5,5,5,5,5])"),
        ("strip.Updated({ 1 => 4, 4 => 127, 6 => -128 })", "Strip([4,1,2,127,4,-128])"),
        ("strip.Updated({ 3 => 4, 4 => 1, -1 => 2 })", "error: 1:7: Index is out of bounds: -1"),
        (
            "strip.Updated({ 3 => -129 })",
            "error: 1:7: Value is out of range (must satisfy -128 <= x <= 127): -129",
        ),
        ("strip.Substrip(2, 5)", "Strip([1,2,2,4])"),
        ("strip.Substrip(2, 2)", "Strip([1])"),
        ("strip.Substrip(3, 2)", "Strip([])"),
        ("strip.Substrip(19, 2)", "Strip([])"),
    ];
    let inputs: Vec<&str> = steps.iter().map(|s| s.0).collect();
    let expected: String = steps.iter().map(|(i, o)| format!("{i} => {o}\n")).collect();
    assert_eq!(transcript(&inputs), expected);
    for (strip, text, ruleset) in [
        ("Strip.Parse(\"tt..ff\", \".tf\")", "tt..ff", "ToadsAndFrogs"),
        ("Strip.Parse(\"lr.e\", \".lre\")", "lr.e", "TopplingDominoes"),
    ] {
        let value =
            |arg: &str| transcript(&[&format!("game.strip.{ruleset}({arg}).CanonicalForm")]);
        let (a, b) = (value(strip), value(&format!("\"{text}\"")));
        assert_eq!(a.split(" => ").nth(1), b.split(" => ").nth(1), "{ruleset}");
        assert!(!a.contains("error"), "{a}");
    }
}

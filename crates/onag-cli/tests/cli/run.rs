//! `onag run FILE`: worksheets of CGScript statements spanning lines.

use crate::{assert_error, onag, onag_with_stdin};

const WORKSHEET: &str = "// Fibonacci and a sum, the CGScript way
def fib(n) := if n < 2 then n else fib(n - 1) + fib(n - 2) end
[fib(n) for n from 0 to 10]
x := {0|*};
x + x
def total(L) begin
  var s := 0;
  for e in L do s := s + e end;
  s
end
total([1, 2, 3, 4])
for n from 1 to 3 do n end
if x > 0 then
  \"positive\"
else
  \"not positive\"
end
";

#[test]
fn a_worksheet_prints_each_value_but_those_ending_in_a_semicolon() {
    let dir = std::env::temp_dir().join(format!("onag-run-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("sheet.cgs");
    std::fs::write(&file, WORKSHEET).unwrap();
    let run = onag(&["run", file.to_str().unwrap()]);
    assert_eq!(
        run.stdout,
        "n -> if n < 2 then n else fib(n - 1) + fib(n - 2) end\n[0,1,1,2,3,5,8,13,21,34,55]\n^^\nL -> begin var s := 0; for e in L do s := s + e end; s end\n10\nNothing\n\"positive\"\n"
    );
    assert_eq!(run.code, 0, "{}", run.stderr);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn standard_input_is_a_worksheet_too() {
    let run = onag_with_stdin(&["run", "-"], "y := 3\n[y,\n y * y]\n");
    assert_eq!(run.stdout, "3\n[3,9]\n");
    assert_eq!(run.code, 0);
}

#[test]
fn errors_give_the_line_in_the_file_and_go_on() {
    let input = "1 + 1\nfoo(2)\ndef f(n) := n +\n  bar\nf(1)\n3\nbegin\n  1;\n";
    let run = onag_with_stdin(&["run", "-"], input);
    assert_eq!(
        run.stdout,
        "2\nerror: 2:1: unknown name 'foo'\nn -> n + bar\nerror: 5:1: unknown name 'bar' (inside the function, at 4:3)\n3\nerror: 7:1: unclosed 'begin': missing 'end'\n"
    );
    assert_eq!(run.code, 1);
}

#[test]
fn an_endless_loop_stops_at_the_timeout() {
    let run = onag_with_stdin(&["run", "-", "--timeout", "1"], "while true do 1 end\n7\n");
    assert_eq!(run.stdout, "error: 1:1: time limit reached (raise --timeout)\n7\n");
    assert_eq!(run.code, 1);
}

#[test]
fn deep_recursion_is_an_error_not_a_crash() {
    let run = onag_with_stdin(&["run", "-"], "def r(n) := r(n + 1)\nr(0)\n1\n");
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(lines.len(), 3, "{}", run.stdout);
    assert_eq!(lines[0], "n -> r(n + 1)");
    assert!(lines[1].starts_with("error: 2:1: recursion too deep ("), "{}", lines[1]);
    assert_eq!(lines[2], "1");
    assert_eq!(run.code, 1);
}

#[test]
fn json_gives_the_line_of_each_statement() {
    let run = onag_with_stdin(&["run", "-", "--json"], "x := 2;\n\nx +\n  1\n");
    let lines: Vec<serde_json::Value> =
        run.stdout.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 1);
    assert_eq!(lines[0]["line"], 3);
    assert_eq!(lines[0]["value"], "3");
}

#[test]
fn a_missing_file_is_a_usage_error() {
    assert_error(&["run", "/nonexistent/sheet.cgs"], "cannot read");
}

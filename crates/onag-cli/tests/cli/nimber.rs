//! `onag nimber`.

use crate::{assert_error, onag, onag_with_stdin};

fn out(args: &[&str]) -> String {
    let run = onag(args);
    assert_eq!(run.code, 0, "{args:?}: {}", run.stderr);
    run.stdout
}

#[test]
fn seed_examples() {
    assert_eq!(out(&["nimber", "mul", "8", "4"]), "11\n");
    let table = out(&["nimber", "table", "16"]);
    assert_eq!(table.lines().count(), 16);
    assert_eq!(table.lines().nth(2), Some("0 2 3 1 8 10 11 9 12 14 15 13 4 6 7 5"));
}

#[test]
fn every_operation() {
    assert_eq!(out(&["nimber", "add", "1", "2", "7"]), "4\n");
    assert_eq!(out(&["nimber", "mul", "2", "2", "2"]), "1\n");
    assert_eq!(out(&["nimber", "inv", "2"]), "3\n");
    assert_eq!(out(&["nimber", "div", "11", "4"]), "8\n");
    assert_eq!(out(&["nimber", "pow", "2", "2"]), "3\n");
    assert_eq!(out(&["nimber", "pow", "0", "0"]), "1\n");
    assert_eq!(out(&["nimber", "sqrt", "3"]), "2\n");
    assert_eq!(out(&["nimber", "mul", "0xb", "1", "--hex"]), "0xb\n");
    // F ⊗ F = 3F/2 beyond 128 bits: F = 2^256.
    let f = "115792089237316195423570985008687907853269984665640564039457584007913129639936";
    let three_halves =
        "173688133855974293135356477513031861779904976998460846059186376011869694459904";
    assert_eq!(out(&["nimber", "mul", f, f]), format!("{three_halves}\n"));
}

#[test]
fn json_output() {
    assert_eq!(
        out(&["nimber", "mul", "8", "4", "--json"]).trim(),
        r#"{"operation":"mul","operands":[8,4],"result":11}"#
    );
    let t: serde_json::Value =
        serde_json::from_str(&out(&["nimber", "table", "4", "--json"])).expect("table JSON");
    assert_eq!(t["size"], 4);
    assert_eq!(t["table"][2], serde_json::json!([0, 2, 3, 1]));
}

#[test]
fn bulk_multiplication() {
    let run = onag_with_stdin(&["nimber", "mul", "-"], "8 4\n2 3\r\n\n0x10,16\n  5\t1  \n");
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout, "11\n1\n\n24\n5\n");
    let run = onag_with_stdin(&["nimber", "mul", "-", "--hex"], "8 4\n");
    assert_eq!(run.stdout, "0xb\n");
    let run = onag_with_stdin(&["nimber", "mul", "-", "--json"], "8 4\n\n0xffffffffffffffffff 1\n");
    assert_eq!(run.stdout, "11\nnull\n\"4722366482869645213695\"\n");
    let big = format!("{} 1\n", u128::MAX);
    assert_eq!(onag_with_stdin(&["nimber", "mul", "-"], &big).stdout, format!("{}\n", u128::MAX));
    // Wider than 128 bits: the general path, same answers as `nimber mul A B`.
    let wide = format!("0x1{} 0x3\n8 4\n", "0".repeat(50));
    let run = onag_with_stdin(&["nimber", "mul", "-", "--hex"], &wide);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let single = onag(&["nimber", "mul", &format!("0x1{}", "0".repeat(50)), "3", "--hex"]);
    assert_eq!(run.stdout, format!("{}0xb\n", single.stdout));
    // Lines before a bad one are still printed.
    let run = onag_with_stdin(&["nimber", "mul", "-"], "8 4\nx 1\n");
    assert_eq!((run.code, run.stdout.as_str()), (2, "11\n"));
}

#[test]
fn bulk_errors_name_line_and_column() {
    for (input, needle) in [
        ("8 4\n2 x\n", "stdin:2:3: expected a non-negative number"),
        ("-1 2\n", "stdin:1:1: numbers must not be negative"),
        ("1 2 3\n", "stdin:1:5: expected two numbers"),
        ("12a 3\n", "stdin:1:3: expected a space"),
        (&format!("1 0x1{}\n", "0".repeat(1024)), "stdin:1: operand '0x1000"),
    ] {
        let run = onag_with_stdin(&["nimber", "mul", "-"], input);
        assert_eq!(run.code, 2, "{input:?}");
        assert!(run.stderr.starts_with("error: ") && run.stderr.contains(needle), "{}", run.stderr);
        assert_eq!(run.stderr.lines().count(), 1);
    }
}

#[test]
fn bad_input_is_a_one_line_error() {
    assert_error(&["nimber", "mul", "-3", "4"], "must not be negative");
    assert_error(&["nimber", "mul", "x", "4"], "not a non-negative integer");
    assert_error(&["nimber", "mul", "0xg", "4"], "not a hexadecimal number");
    assert_error(&["nimber", "inv", "0"], "division by zero");
    assert_error(&["nimber", "div", "3", "0"], "division by zero");
    assert_error(&["nimber", "table", "5000"], "too large");
    assert_error(&["nimber", "mul", "5"], "two or more operands");
    assert_error(&["nimber", "mul", "-", "5"], "only operand");
    let wide = format!("0x1{}", "0".repeat(1024));
    assert_error(&["nimber", "sqrt", &wide], "wider than 4096 bits");
}

//! `onag eval` with atomic weights, reduced canonical forms and incentives:
//! values derived by hand from the atomic weight calculus, and the error for
//! games that have no atomic weight.

use crate::{onag, onag_with_stdin};

#[test]
fn atomic_weights_of_known_games() {
    let run = onag(&[
        "eval",
        "^.AtomicWeight",
        "*.AtomicWeight",
        "^*.AtomicWeight",
        "(5*^).AtomicWeight",
        "^<2>.AtomicWeight",
        "{0|^}.AtomicWeight",
        "{0|*2}.AtomicWeight",
        "{^^*|v}.AtomicWeight",
        "{^3*|vv}.AtomicWeight",
        "{0||0|-1}.IsAtomic",
    ]);
    assert_eq!(run.stdout, "1\n0\n1\n5\n0\n2\n1\n1/2\n{1|0}\ntrue\n");
    assert_eq!(run.code, 0, "{}", run.stderr);
}

#[test]
fn games_without_an_atomic_weight_are_errors() {
    let run =
        onag_with_stdin(&["eval", "-"], "(+-1).IsAtomic\n(+-1).AtomicWeight\n1.AtomicWeight\n");
    assert_eq!(
        run.stdout,
        "false\nerror: 2:7: That game is not atomic.\nerror: 3:3: That game is not atomic.\n"
    );
    assert_eq!(run.code, 1);
}

#[test]
fn reduced_canonical_forms_and_incentives() {
    let run = onag(&[
        "eval",
        "{1|^}.ReducedCanonicalForm",
        "{3||2|^}.ReducedCanonicalForm",
        "(1/4+^+{0||0|-1}).ReducedCanonicalForm",
        "^.Incentives",
        "(+-1).Incentives",
        "*2.Incentives",
        "0.Incentives",
    ]);
    assert_eq!(run.stdout, "{1|0}\n{3||2|0}\n1/4\n{^*}\n{{2|0}}\n{*2,*3}\n{}\n");
    assert_eq!(run.code, 0, "{}", run.stderr);
}

#[test]
fn the_position_limit_stops_large_reductions() {
    let run = onag(&["--max-positions", "500", "eval", "{0|*4000}.ReducedCanonicalForm"]);
    assert_eq!(run.code, 1);
    assert!(run.stdout.starts_with("error: 1:"), "{}", run.stdout);
    assert!(run.stdout.contains("exceed the limit of 500"), "{}", run.stdout);
}

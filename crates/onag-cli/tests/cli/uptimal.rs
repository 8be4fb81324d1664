//! `onag eval` on uptimals and products: `^<n>`/`^[n]` for any n, `IsUptimal`,
//! `NortonMultiply`, `ConwayProduct`, `IsOrdinal`, fast Norton multiples.

use crate::{onag, onag_with_stdin};

#[test]
fn uptimals_print_in_cgsuite_notation() {
    let run = onag(&[
        "eval",
        "{0|v*}",
        "{^|*}",
        "0-(^<3>)",
        "^<2>+*",
        "1+^[3]+*",
        "{0|*||*|||*||||*}",
        "^.Pow(500)+*2",
        "0-1/2+v[300]",
    ]);
    assert_eq!(run.stdout, "^<2>\n^[2]\nv<3>\n^<2>*\n1^[3]*\n^[4]\n^<500>*2\n-1/2v[300]\n");
    assert_eq!(run.code, 0);
}

#[test]
fn members_and_products() {
    let input = "{0|v*}.IsUptimal\n{^^^|vv}.IsUptimal\n(1/2).NortonMultiply(^)\n\
        ^.NortonMultiply(^)\n*19 ConwayProduct *23\n15.ConwayProduct(^^*2)\n\
        3/4 ConwayProduct 5/8\n[0.IsOrdinal, 7.IsOrdinal, (-2).IsOrdinal, ^.IsOrdinal]\n\
        ^.NortonMultiply(^, 2)\n";
    let run = onag_with_stdin(&["eval", "-"], input);
    let lines: Vec<&str> = run.stdout.lines().collect();
    assert_eq!(
        lines[..8],
        [
            "true",
            "false",
            "{^^*|v*}",
            "{^^*||0|v4}",
            "*86",
            "^30*2",
            "15/32",
            "[true,true,false,false]"
        ]
    );
    assert!(
        lines[8].starts_with("error: ") && lines[8].contains("NortonMultiply takes 1 argument")
    );
    assert_eq!(run.code, 1);
}

#[test]
fn large_norton_multiples_of_uptimals_are_quick() {
    let run = onag(&[
        "eval",
        "x := 1000 * ^<3>; x == 999*^<3> + ^<3>",
        "(10^4 * ^)",
        "(500*^[2]).IsUptimal",
    ]);
    assert_eq!(run.stdout, "true\n^10000\ntrue\n");
    assert_eq!(run.code, 0);
}

#[test]
fn huge_multiples_are_refused_by_the_budget() {
    let run = onag(&["eval", "--max-positions", "200000", "10^9 * ^<3>"]);
    assert!(run.stdout.starts_with("error: 1:"), "{}", run.stdout);
    assert!(run.stdout.contains("raise --max-positions"), "{}", run.stdout);
    assert_eq!(run.code, 1);
}

//! Transfinite numbers in the calculator: `omega`, generalized ordinals,
//! their ratios and transfinite nimbers. Expected strings are CGSuite's own
//! (its `GameTest` and `EvalTest` cases) or follow from the arithmetic of
//! polynomials in powers of ω, worked by hand in the comments.

use super::calc::{check, run_all};

/// CGSuite's `GameTest` cases for `omega` and friends: the value and its
/// `Abs`, `Birthday`, `Sign`, `IsOrdinal` and `OutcomeClass`.
#[test]
fn generalized_ordinals_and_their_members() {
    let rows: &[(&str, [&str; 6])] = &[
        ("omega", ["ω", "ω", "ω", "1", "true", "L"]),
        ("-omega", ["-ω", "ω", "ω", "-1", "false", "R"]),
        ("omega+5", ["ω+5", "ω+5", "ω+5", "1", "true", "L"]),
        ("omega-5", ["ω-5", "ω-5", "ω+5", "1", "false", "L"]),
        ("-omega+5", ["-ω+5", "ω-5", "ω+5", "-1", "false", "R"]),
        ("omega*5", ["ω×5", "ω×5", "ω×5", "1", "true", "L"]),
        (
            "omega^omega-5*omega^19+omega^2+1",
            ["ω^ω-ω^19×5+ω^2+1", "ω^ω-ω^19×5+ω^2+1", "ω^ω+ω^19×5+ω^2+1", "1", "false", "L"],
        ),
    ];
    for (x, expected) in rows {
        let inputs: Vec<String> = std::iter::once(x.to_string())
            .chain(
                ["Abs", "Birthday", "Sign", "IsOrdinal", "OutcomeClass"]
                    .iter()
                    .map(|m| format!("({x}).{m}")),
            )
            .collect();
        let inputs: Vec<&str> = inputs.iter().map(String::as_str).collect();
        assert_eq!(run_all(&inputs), expected.to_vec(), "{x}");
    }
}

#[test]
fn arithmetic_as_cgsuite_prints_it() {
    check(&[
        // CGSuite's EvalTest.
        ("omega + 5", "ω+5"),
        ("5 - omega", "-ω+5"),
        ("omega*3 + omega^(omega^2+omega) - omega^19*9*omega", "ω^(ω^2+ω)-ω^20×9+ω×3"),
        ("(omega + 5)-omega", "5"),
        (
            "(omega^omega^2+1)^6",
            "ω^(ω^2×6)+ω^(ω^2×5)×6+ω^(ω^2×4)×15+ω^(ω^2×3)×20+ω^(ω^2×2)×15+ω^ω^2×6+1",
        ),
        ("1/omega", "1/ω"),
        // ω^ω + 1/(ω+1) = (ω^ω·(ω+1) + 1)/(ω+1).
        ("omega^omega + 1/(omega+1)", "(ω^(ω+1)+ω^ω+1)/(ω+1)"),
        // ω^(ω+1) − ω^ω − ω + 1 = (ω^ω − 1)(ω − 1).
        ("(omega^(omega+1)-omega^omega-omega+1)/(omega-1)", "ω^ω-1"),
        ("-omega < 0", "true"),
        ("-omega < 1", "true"),
        // By hand: (ω² − 1)/(ω + 1) = ω − 1; ω/2 stays a ratio; 6ω/3 = 2ω.
        ("(omega^2-1)/(omega+1)", "ω-1"),
        ("omega/2", "ω/2"),
        ("omega + 1/2", "(ω×2+1)/2"),
        ("(omega*6)/3", "ω×2"),
        ("omega^(-1)", "1/ω"),
        ("(omega+1).Reciprocal", "1/(ω+1)"),
        ("((omega+7)/(omega*7)).Numerator", "ω+7"),
        ("((omega+7)/(omega*7)).Denominator", "ω×7"),
        ("omega/0", "inf"),
        ("(1/omega).Class", "⟪game.SurrealNumber⟫"),
        ("omega.Class", "⟪game.GeneralizedOrdinal⟫"),
        ("(6/23).Birthday", "ω"),
        ("(3/4).Birthday", "3"),
    ]);
}

#[test]
fn order_among_numbers() {
    check(&[
        // CGSuite's GameTest.
        (
            "[0, 1, 1/omega, omega, (omega+7)/(omega*7), 1/4, 1/7].Sorted",
            "[0,1/ω,1/7,(ω+7)/ω×7,1/4,1,ω]",
        ),
        ("1/omega < 1/1000000", "true"),
        ("1/omega > 0", "true"),
        ("omega - 1 < omega", "true"),
        ("omega > 10^100", "true"),
        ("omega > ^", "true"),
        ("omega.Max(omega - 1)", "ω"),
        ("omega.Min(1/omega)", "1/ω"),
        ("{omega, 3, -omega, omega}", "{-ω,3,ω}"),
    ]);
}

#[test]
fn nim_sums_and_transfinite_nimbers() {
    check(&[
        // CGSuite's GameTest and EvalTest.
        (
            "(omega^omega*4 + omega^3*9 + 11) NimSum (omega^omega*6 + omega^3*5 + omega)",
            "ω^ω×2+ω^3×12+ω+11",
        ),
        ("(omega-1) NimSum 2", "error: 1:11: NimSum applies only to ordinals"),
        ("*(omega*omega)", "*ω^2"),
        ("*(omega+5)", "*(ω+5)"),
        ("*(omega*5)", "*(ω×5)"),
        // By hand: *ω + *2 = *(ω ⊕ 2) = *(ω+2); *ω + *ω = 0.
        ("*omega + *2", "*(ω+2)"),
        ("*omega + *omega", "0"),
        ("5 NimSum omega", "ω+5"),
        ("(*omega).OutcomeClass", "N"),
        ("*omega == *omega", "true"),
    ]);
}

/// CGSuite's `GameTest` cases of nim multiplication of ordinals, within
/// the primes 3, 5 and 7 (`ω³ = 2`, `(ω^ω)⁵ = 4`, `(ω^ω²)⁷ = ω + 1`).
#[test]
fn nim_products_of_ordinals() {
    check(&[
        ("(*omega) ConwayProduct *(omega^2)", "*2"),
        ("omega NimProduct 7", "ω×7"),
        ("7 NimProduct omega", "ω×7"),
        ("omega NimProduct omega", "ω^2"),
        ("omega NimProduct omega^2", "2"),
        ("omega^3 NimProduct omega^3", "ω^6"),
        ("omega^3 NimProduct omega^6", "ω"),
        ("omega^3 NimProduct omega^8", "2"),
        ("omega^8 NimProduct omega^8", "ω^5×2"),
        ("omega^omega NimProduct omega^(omega*4)", "4"),
        ("omega^(omega*49) NimProduct omega^(omega*100)", "4"),
        ("omega^(omega^2*4) NimProduct omega^(omega^2*3)", "ω+1"),
        ("omega^(omega^2*31) NimProduct omega^(omega^2*24)", "ω+1"),
        ("omega^(omega^2*32) NimProduct omega^(omega^2*24)", "ω^(ω^2+1)+ω^ω^2"),
        ("omega NimExp 3", "2"),
        ("omega^3 NimExp 9", "2"),
        ("omega^27 NimExp 81", "2"),
    ]);
}

/// Equality with values of other kinds, and operators with the
/// transfinite operand on the right.
#[test]
fn other_kinds_and_either_order() {
    check(&[
        ("omega == \"a\"", "false"),
        ("omega != [1]", "true"),
        ("*omega == \"a\"", "false"),
        ("*2 ConwayProduct *omega", "*(ω×2)"),
        ("3.Max(omega)", "ω"),
        ("3 Min omega", "3"),
        ("(1/omega).Max(1/2)", "1/2"),
        ("{omega*i for i from 1 to 2000}.Size", "2000"),
    ]);
}

#[test]
fn bad_input_is_one_located_error() {
    check(&[
        ("*(omega-1)", "error: 1:1: '*' needs an ordinal, not ω-1"),
        ("2^omega", "error: 1:2: only omega can be raised to a transfinite power"),
        ("omega + *", "error: 1:7: a transfinite number does not combine with a game"),
        ("*omega + ^", "error: 1:8: a transfinite nimber combines only with nimbers, not a game"),
        ("{omega|0}", "error: 1:1: a game option needs a game, not a transfinite number"),
        (
            "(1/omega).Birthday",
            "error: 1:11: Birthday needs a generalized ordinal, not the ratio 1/ω",
        ),
        (
            "(omega^300+1)/(omega+1)",
            "error: 1:14: a ratio with a power of omega past ω^256: too large to reduce",
        ),
        (
            "(omega+1)^1000000",
            "error: 1:10: a transfinite number of more than 100000 terms, counting those of its exponents",
        ),
        (
            "x := omega; for i from 1 to 40 do x := omega^x + x end",
            "error: 1:48: a transfinite number of more than 100000 terms, counting those of its exponents",
        ),
        (
            "(omega*3)^(10^9)",
            "error: 1:10: a transfinite number with a coefficient of more than 1048576 bits",
        ),
        (
            "((omega+1)^256+1)/((omega+2)^255+3)",
            "error: 1:18: a ratio of transfinite numbers too large to reduce to lowest terms",
        ),
        (
            "(omega^(omega*(2^200000))) NimProduct 1",
            "error: 1:28: NimProduct of ordinals too large to multiply",
        ),
        ("omega NimExp 2^5000", "error: 1:7: NimExp takes exponents of at most 4096 bits"),
        (
            "omega^omega^13 NimExp 47",
            "error: 1:16: NimProduct out of range: Lenstra's excess needed here lies in a field of degree 5060 over F_2, and at most 256 are searched",
        ),
        (
            "omega^omega^64 NimProduct 2",
            "error: 1:16: NimProduct out of range: ordinals with exponents below ω^64 are supported",
        ),
        ("(omega-1) NimProduct 2", "error: 1:11: NimProduct applies only to ordinals"),
        ("omega NimExp (-1)", "error: 1:7: the exponent of NimExp must be a non-negative integer"),
    ]);
}

//! Uptimals, Norton and Conway products: checked against values built from
//! the definitions (↑ⁿ⁺¹ = {0 | ↓[n]*}, ↑[n] = {↑[n−1] | *}, sums of copies),
//! against CGSuite's own published results, and by round trips through the
//! calculator.

use rustc_hash::FxHashMap;

use num_bigint::BigInt;
use onag::Budget;
use onag::game::{Arena, GameId, Uptimal};
use onag::lang::Session;
use onag::number::Dyadic;
use proptest::prelude::*;

fn eval(s: &mut Session, src: &str) -> String {
    s.run_to_string(src, &Budget::unlimited()).unwrap()
}

/// ↑[k] = {↑[k−1] | *} and ↑ᵏ⁺¹ = {0 | * − ↑[k]}, straight from the definition.
fn up_chain(a: &mut Arena, n: usize) -> (Vec<GameId>, Vec<GameId>) {
    let zero = a.zero();
    let star = a.nimber(1).unwrap();
    let up = a.from_options(&[zero], &[star]).unwrap();
    let (mut powers, mut sums) = (vec![up], vec![up]);
    for _ in 1..n {
        let last_sum = *sums.last().unwrap();
        let right = a.sub(star, last_sum).unwrap();
        powers.push(a.from_options(&[zero], &[right]).unwrap());
        sums.push(a.from_options(&[last_sum], &[star]).unwrap());
    }
    (powers, sums)
}

/// x + *m + Σ aᵢ·↑ⁱ as a plain sum of copies of the defined powers.
fn by_definition(a: &mut Arena, powers: &[GameId], x: &Dyadic, m: u64, c: &[i64]) -> GameId {
    let mut g = a.dyadic(x).unwrap();
    let s = a.nimber(m).unwrap();
    g = a.add(g, s).unwrap();
    for (i, &k) in c.iter().enumerate() {
        let p = if k < 0 { a.neg(powers[i]).unwrap() } else { powers[i] };
        for _ in 0..k.abs() {
            g = a.add(g, p).unwrap();
        }
    }
    g
}

#[test]
fn unit_uptimals_print_for_every_order() {
    let mut a = Arena::new();
    let (powers, sums) = up_chain(&mut a, 40);
    for n in 2..=40 {
        let (p, s) = (powers[n - 1], sums[n - 1]);
        assert_eq!(a.print(p).unwrap(), format!("^<{n}>"));
        assert_eq!(a.print(s).unwrap(), format!("^[{n}]"));
        let dp = a.neg(p).unwrap();
        assert_eq!(a.print(dp).unwrap(), format!("v<{n}>"));
        // The library's own ↑ⁿ and ↑[n] are the defined ones.
        assert_eq!(a.up_power(n as u64).unwrap(), p);
        assert_eq!(a.up_power_sum(n as u64).unwrap(), s);
        let x = a.dyadic(&Dyadic::new(-3, 2)).unwrap();
        let star3 = a.nimber(3).unwrap();
        let t = a.add(s, x).unwrap();
        let t = a.add(t, star3).unwrap();
        let t = a.neg(t).unwrap();
        assert_eq!(a.print(t).unwrap(), format!("3/4v[{n}]*3"));
    }
    // ↑[n] is the sum of the powers (the theorem behind the notation).
    for n in 1..=8 {
        let mut total = a.zero();
        for &p in &powers[..n] {
            total = a.add(total, p).unwrap();
        }
        assert_eq!(total, sums[n - 1]);
    }
}

#[test]
fn orders_beyond_the_old_table() {
    let mut a = Arena::new();
    for n in [257u64, 600, 2000] {
        let p = a.up_power(n).unwrap();
        let s = a.up_power_sum(n).unwrap();
        let star = a.nimber(1).unwrap();
        let one = a.integer(1).unwrap();
        let ps = a.add(p, star).unwrap();
        let s1 = a.add(s, one).unwrap();
        let s1 = a.add(s1, star).unwrap();
        assert_eq!(a.print(ps).unwrap(), format!("^<{n}>*"));
        assert_eq!(a.print(s1).unwrap(), format!("1^[{n}]*"));
        let e = a.uptimal_expansion(p).unwrap().unwrap();
        assert_eq!((e.length(), e.coefficient(n), e.coefficient(1)), (n, 1, 0));
        assert_eq!(a.uptimal_value(&e).unwrap(), p);
    }
}

#[test]
fn golden_forms_derived_by_hand_and_from_cgsuite() {
    let mut s = Session::new();
    for (input, want) in [
        ("{0|v*}", "^<2>"),
        ("{^|*}", "^[2]"),
        ("{0||0|v*}", "{0|^<2>}"),
        ("{0|*||*|||*||||*}", "^[4]"),
        ("{0|v[2]*}", "^<3>"),
        ("{0|v[3]*}+*", "^<4>*"),
        ("-(^<3>)", "v<3>"),
        ("^<2>+*", "^<2>*"),
        ("1+^[3]+*", "1^[3]*"),
        ("^<2>+*2", "^<2>*2"),
        ("-1/2+v[5]", "-1/2v[5]"),
        ("{1*,1v|0}", "{1*,1v|0}"),
        ("^+^<3>", "{^|v<2>*}"),
        ("{0||0|vvv}", "{0||0|v3}"),
        ("{^^^|vv}", "{^3|vv}"),
        (
            "{0||0,v*|vv|||{0||0,v*|vv|||vv,{0,v*|vv}},{0||0,v*|vv}|{0||0,v*|vv|||vv,{0,v*|vv}||||vv}}",
            "{0||0,v*|vv|||{0||0,v*|vv|||vv,{0,v*|vv}},{0||0,v*|vv}|{0||0,v*|vv|||vv,{0,v*|vv}||||vv}}",
        ),
    ] {
        assert_eq!(eval(&mut s, input), want, "{input}");
    }
}

#[test]
fn expansions_match_values_built_from_the_definition() {
    let mut a = Arena::new();
    let (powers, _) = up_chain(&mut a, 4);
    let coefficient_sets: Vec<Vec<i64>> = {
        let mut v = Vec::new();
        for c1 in -2..=2 {
            for c2 in -2..=2 {
                for c3 in -2..=2 {
                    v.push(vec![c1, c2, c3]);
                }
            }
        }
        for c in 0..81 {
            v.push(vec![c % 3 - 1, c / 3 % 3 - 1, c / 9 % 3 - 1, c / 27 % 3 - 1]);
        }
        v
    };
    for x in [Dyadic::zero(), Dyadic::new(1, 1), Dyadic::from_i64(-2)] {
        for m in 0..=2 {
            for c in &coefficient_sets {
                let g = by_definition(&mut a, &powers, &x, m, c);
                let e = Uptimal::new(x.clone(), m, c);
                assert_eq!(a.uptimal_expansion(g).unwrap(), Some(e.clone()), "{x} *{m} {c:?}");
                assert_eq!(a.uptimal_value(&e).unwrap(), g, "{x} *{m} {c:?}");
            }
        }
    }
}

#[test]
fn non_uptimals_are_not_recognised() {
    let mut s = Session::new();
    for input in ["{0||0|vvv}", "{^^^|vv}", "{0||0|-3/2}", "+-1", "{1|^^||^}", "{3||2*|1*}"] {
        assert_eq!(eval(&mut s, &format!("({input}).IsUptimal")), "false", "{input}");
    }
    for input in ["0", "5", "-1/2", "*8", "^", "v*", "6+^*", "73/16+v9*8", "{0|v*}", "^+^<3>"] {
        assert_eq!(eval(&mut s, &format!("({input}).IsUptimal")), "true", "{input}");
    }
}

#[test]
fn norton_multiplication_by_integers_is_repeated_addition() {
    let mut s = Session::new();
    let games = ["^<3>", "^[2]*", "{0|v*}", "^+^<3>", "{1|^^||^}", "+-1", "{3||2*|1*}", "^<2>*3"];
    for g in games {
        for k in -4i64..=9 {
            let mut sum = String::from("0");
            for _ in 0..k.abs() {
                sum.push_str(if k < 0 { "-(" } else { "+(" });
                sum.push_str(g);
                sum.push(')');
            }
            assert_eq!(eval(&mut s, &format!("{k}*({g}) == {sum}")), "true", "{k} * {g}");
        }
    }
    let mut a = Arena::new();
    let p = a.up_power(3).unwrap();
    let g = a.norton_multiply(p, &BigInt::from(1000)).unwrap();
    let e = a.uptimal_expansion(g).unwrap().unwrap();
    assert_eq!((e.length(), e.coefficient(3), e.coefficient(1)), (3, 1000, 0));
}

#[test]
fn norton_products_like_cgsuite() {
    let mut s = Session::new();
    for (input, want) in [
        ("0.NortonMultiply(^)", "0"),
        ("6.NortonMultiply(^)", "^6"),
        ("(-4).NortonMultiply(^)", "v4"),
        ("(1/2).NortonMultiply(^)", "{^^*|v*}"),
        ("^.NortonMultiply(^)", "{^^*||0|v4}"),
        ("Tiny(2).NortonMultiply(^)", "{^^*||0|v6}"),
        ("7.NortonMultiply({2|0}) == 7*{2|0}", "true"),
        ("{1|0}.NortonMultiply(^*) == {^*+^*+^* | -(^*+^*)}", "true"),
    ] {
        assert_eq!(eval(&mut s, input), want, "{input}");
    }
}

#[test]
fn conway_products_like_cgsuite() {
    let mut s = Session::new();
    for (input, want) in [
        ("*4.ConwayProduct(*4)", "*6"),
        ("*19.ConwayProduct(*23)", "*86"),
        ("15.ConwayProduct(^^*2)", "^30*2"),
        ("{3|1}.ConwayProduct(^^)", "{^6|^^}"),
        ("^^.ConwayProduct(^^)", "{0||0,*|0,{0,*|0,*2}}"),
        ("3/4 ConwayProduct 5/8", "15/32"),
        ("2/3 ConwayProduct 9", "6"),
        (
            "[8 NimProduct n for n from 1 to 4] == [(*8 ConwayProduct *n).NimValue for n from 1 to 4]",
            "true",
        ),
    ] {
        assert_eq!(eval(&mut s, input), want, "{input}");
    }
}

/// Conway's product straight from the definition (recursive with a memo;
/// small games only).
fn conway_by_definition(a: &mut Arena, g: GameId, h: GameId) -> GameId {
    conway_memo(a, g, h, &mut FxHashMap::default())
}

fn conway_memo(
    a: &mut Arena,
    g: GameId,
    h: GameId,
    memo: &mut FxHashMap<(GameId, GameId), GameId>,
) -> GameId {
    if let Some(&p) = memo.get(&(g, h)) {
        return p;
    }
    let (gl, gr) = (a.left_options(g).unwrap(), a.right_options(g).unwrap());
    let (hl, hr) = (a.left_options(h).unwrap(), a.right_options(h).unwrap());
    let (mut left, mut right) = (Vec::new(), Vec::new());
    for (xs, ys, to_left) in
        [(&gl, &hl, true), (&gr, &hr, true), (&gl, &hr, false), (&gr, &hl, false)]
    {
        for &x in xs {
            for &y in ys {
                let p = conway_memo(a, x, h, memo);
                let q = conway_memo(a, g, y, memo);
                let r = conway_memo(a, x, y, memo);
                let s = a.add(p, q).unwrap();
                let t = a.sub(s, r).unwrap();
                if to_left { left.push(t) } else { right.push(t) }
            }
        }
    }
    let p = a.from_options(&left, &right).unwrap();
    memo.insert((g, h), p);
    p
}

#[test]
fn conway_product_closed_forms_match_the_definition() {
    let mut a = Arena::new();
    let numbers: Vec<Dyadic> = [(0, 0), (1, 0), (-1, 0), (2, 0), (1, 1), (-3, 2), (3, 1), (5, 3)]
        .map(|(n, e)| Dyadic::new(n, e))
        .to_vec();
    for x in &numbers {
        for y in &numbers {
            let (g, h) = (a.dyadic(x).unwrap(), a.dyadic(y).unwrap());
            let want = a.dyadic(&x.checked_mul(y).unwrap()).unwrap();
            assert_eq!(conway_by_definition(&mut a, g, h), want, "{x} * {y}");
            assert_eq!(a.conway_product(g, h).unwrap(), want);
        }
    }
    let table = onag::nimber::reference::mex_table(16);
    for m in 0..8u64 {
        for n in 0..8u64 {
            let (g, h) = (a.nimber(m).unwrap(), a.nimber(n).unwrap());
            let want = a.nimber(u64::from(table[(m * 16 + n) as usize])).unwrap();
            assert_eq!(conway_by_definition(&mut a, g, h), want, "*{m} * *{n}");
            assert_eq!(a.conway_product(g, h).unwrap(), want);
        }
    }
    // Integers times games are copies, and the general recursion agrees with
    // the definition on small non-numbers.
    let games = ["^", "*2", "{1|0}", "^*", "{0|v*}"];
    let mut s = Session::new();
    for g in games {
        for k in -2..=3 {
            assert_eq!(eval(&mut s, &format!("({k} ConwayProduct ({g})) == {k}*({g})")), "true");
        }
    }
    let up = a.up_multiple(1).unwrap();
    let sw = {
        let one = a.integer(1).unwrap();
        a.switch(one).unwrap()
    };
    let half = a.dyadic(&Dyadic::new(1, 1)).unwrap();
    let star = a.nimber(1).unwrap();
    for (g, h) in [(up, up), (sw, up), (half, star), (sw, sw), (up, star)] {
        assert_eq!(a.conway_product(g, h).unwrap(), conway_by_definition(&mut a, g, h));
    }
}

#[test]
fn ordinals_are_the_non_negative_integers() {
    let mut s = Session::new();
    assert_eq!(
        eval(
            &mut s,
            "[0.IsOrdinal, 5.IsOrdinal, (-1823437481924).IsOrdinal, (-1/2).IsOrdinal, *8.IsOrdinal, ^.IsOrdinal, (2/3).IsOrdinal, (10^30).IsOrdinal]"
        ),
        "[true,true,false,false,false,false,false,true]"
    );
}

fn dyadic() -> impl Strategy<Value = Dyadic> {
    (-40i64..40, 0u32..5).prop_map(|(n, e)| Dyadic::new(n, e))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn conway_product_laws_on_numbers(x in dyadic(), y in dyadic(), z in dyadic()) {
        let mut a = Arena::new();
        let (g, h, k) = (a.dyadic(&x).unwrap(), a.dyadic(&y).unwrap(), a.dyadic(&z).unwrap());
        let gh = a.conway_product(g, h).unwrap();
        prop_assert_eq!(gh, a.conway_product(h, g).unwrap());
        let gh_k = a.conway_product(gh, k).unwrap();
        let hk = a.conway_product(h, k).unwrap();
        prop_assert_eq!(gh_k, a.conway_product(g, hk).unwrap());
        let h_plus_k = a.add(h, k).unwrap();
        let lhs = a.conway_product(g, h_plus_k).unwrap();
        let gk = a.conway_product(g, k).unwrap();
        prop_assert_eq!(lhs, a.add(gh, gk).unwrap());
        let one = a.integer(1).unwrap();
        prop_assert_eq!(a.conway_product(g, one).unwrap(), g);
        prop_assert_eq!(a.as_number(gh), Some(x.checked_mul(&y).unwrap()));
    }

    #[test]
    fn printed_uptimals_parse_back(
        num in -6i64..6, exp in 0u32..3, star in 0u64..4,
        coefficients in proptest::collection::vec(-2i64..=2, 0..7),
    ) {
        let mut a = Arena::new();
        let e = Uptimal::new(Dyadic::new(num, exp), star, &coefficients);
        let g = a.uptimal_value(&e).unwrap();
        prop_assert_eq!(a.uptimal_expansion(g).unwrap(), Some(e.clone()));
        // Number translation: the same form moved by x. (Options such as
        // `-1^3` do not parse back: in the calculator, as in CGSuite, `1^3`
        // is a power of 1, so the text round trip uses the number part 0.)
        let e0 = Uptimal::new(Dyadic::zero(), star, &coefficients);
        let g0 = a.uptimal_value(&e0).unwrap();
        let x = a.dyadic(&Dyadic::new(num, exp)).unwrap();
        prop_assert_eq!(a.add(g0, x).unwrap(), g);
        let text = a.print(g0).unwrap();
        let mut s = Session::new();
        // The same value written from the definition in the calculator.
        let mut def = format!("*{star}");
        for (i, c) in coefficients.iter().enumerate() {
            def.push_str(&format!("+({c})*^<{}>", i + 1));
        }
        prop_assert_eq!(eval(&mut s, &text), text.clone());
        prop_assert_eq!(eval(&mut s, &format!("({text}) == ({def})")), "true");
    }
}

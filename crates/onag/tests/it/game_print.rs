//! Golden tests for CGSuite notation on games derived by hand from the theory.

use onag::game::{Arena, GameId};
use onag::number::Dyadic;

fn n(a: &mut Arena, x: i64) -> GameId {
    a.integer(x).unwrap()
}

fn q(a: &mut Arena, num: i64, exp: u32) -> GameId {
    a.dyadic(&Dyadic::new(num, exp)).unwrap()
}

fn g(a: &mut Arena, l: &[GameId], r: &[GameId]) -> GameId {
    a.from_options(l, r).unwrap()
}

fn check(a: &mut Arena, x: GameId, want: &str) {
    assert_eq!(a.print(x).unwrap(), want);
}

#[test]
fn calculator_examples() {
    let mut a = Arena::new();
    let zero = a.zero();
    let star = a.nimber(1).unwrap();
    // {0|*} = ↑
    let up = g(&mut a, &[zero], &[star]);
    check(&mut a, up, "^");
    // ↑ + ↑ + * = ⇑*
    let s = a.add(up, up).unwrap();
    let s = a.add(s, star).unwrap();
    check(&mut a, s, "^^*");
    // *3 + *5 = *6 (3 xor 5)
    let s3 = a.nimber(3).unwrap();
    let s5 = a.nimber(5).unwrap();
    let s = a.add(s3, s5).unwrap();
    check(&mut a, s, "*6");
    // {1|0} + 0
    let one = n(&mut a, 1);
    let hot = g(&mut a, &[one], &[zero]);
    let s = a.add(hot, zero).unwrap();
    check(&mut a, s, "{1|0}");
    // 3 ± 1 = 3 + {1|-1} = {4|2} by number translation
    let three = n(&mut a, 3);
    let pm1 = a.switch(one).unwrap();
    let s = a.add(three, pm1).unwrap();
    check(&mut a, s, "{4|2}");
    // {0 || 0 | -1} = Tiny(1)
    let m1 = n(&mut a, -1);
    let inner = g(&mut a, &[zero], &[m1]);
    let t = g(&mut a, &[zero], &[inner]);
    check(&mut a, t, "Tiny(1)");
    // {0 | ↓*} = ↑²
    let down_star = a.number_up_star(&Dyadic::zero(), -1, 1).unwrap();
    let up2 = g(&mut a, &[zero], &[down_star]);
    check(&mut a, up2, "^<2>");
    assert_eq!(a.up_power(2).unwrap(), up2);
    // {↑ | *} = ↑ + ↑²
    let up_sum2 = g(&mut a, &[up], &[star]);
    check(&mut a, up_sum2, "^[2]");
    let s = a.add(up, up2).unwrap();
    assert_eq!(s, up_sum2);
    // 1/2 + 1/4 = 3/4
    let h = q(&mut a, 1, 1);
    let qq = q(&mut a, 1, 2);
    let s = a.add(h, qq).unwrap();
    check(&mut a, s, "3/4");
}

#[test]
fn numbers_and_number_up_star() {
    let mut a = Arena::new();
    for (num, exp, want) in [(0, 0, "0"), (5, 0, "5"), (25, 4, "25/16"), (-1, 1, "-1/2")] {
        let x = q(&mut a, num, exp);
        check(&mut a, x, want);
    }
    let big = a.integer(-1823437481924).unwrap();
    check(&mut a, big, "-1823437481924");
    let cases = [
        ((6, 0), 1, 1, "6^*"),
        ((0, 0), 1, 6, "^*6"),
        ((73, 4), -9, 8, "73/16v9*8"),
        ((9, 3), 0, 1, "9/8*"),
        ((0, 0), 3, 0, "^3"),
        ((0, 0), -2, 0, "vv"),
        ((0, 0), 2, 0, "^^"),
        ((0, 0), -1, 0, "v"),
        ((0, 0), 0, 2, "*2"),
        ((-3, 0), 2, 3, "-3^^*3"),
    ];
    for ((num, exp), ups, star, want) in cases {
        let x = a.number_up_star(&Dyadic::new(num, exp), ups, star).unwrap();
        check(&mut a, x, want);
    }
    // Options of nus values, as CGSuite lists them.
    let x = a.number_up_star(&Dyadic::new(73, 4), -9, 8).unwrap();
    let l = a.left_options(x).unwrap();
    let r = a.right_options(x).unwrap();
    assert_eq!(a.print_set(&l).unwrap(), "{73/16v8*9}");
    assert_eq!(a.print_set(&r).unwrap(), "{73/16}");
    let s8 = a.nimber(8).unwrap();
    let l = a.left_options(s8).unwrap();
    assert_eq!(a.print_set(&l).unwrap(), "{0,*,*2,*3,*4,*5,*6,*7}");
    let x = a.number_up_star(&Dyadic::from_i64(6), 1, 1).unwrap();
    let l = a.left_options(x).unwrap();
    assert_eq!(a.print_set(&l).unwrap(), "{6,6*}");
    assert_eq!(a.print_set(&[]).unwrap(), "{}");
    let options = |a: &mut Arena, x: GameId| {
        let l = a.left_options(x).unwrap();
        let r = a.right_options(x).unwrap();
        (a.print_set(&l).unwrap(), a.print_set(&r).unwrap())
    };
    let x = a.number_up_star(&Dyadic::zero(), -1, 1).unwrap();
    assert_eq!(options(&mut a, x), ("{0}".into(), "{0,*}".into()));
    let x = a.number_up_star(&Dyadic::zero(), 1, 6).unwrap();
    assert_eq!(options(&mut a, x), ("{0}".into(), "{*7}".into()));
    let x = q(&mut a, 25, 4);
    assert_eq!(options(&mut a, x), ("{3/2}".into(), "{13/8}".into()));
    let x = a.integer(-1823437481924).unwrap();
    assert_eq!(options(&mut a, x), ("{}".into(), "{-1823437481923}".into()));
    let x = a.integer(5).unwrap();
    assert_eq!(options(&mut a, x), ("{4}".into(), "{}".into()));
    assert_eq!(a.birthday(x).unwrap().to_string(), "5");
    let x = a.number_up_star(&Dyadic::new(73, 4), -9, 8).unwrap();
    assert_eq!(a.birthday(x).unwrap().to_string(), "27");
    let s8 = a.nimber(8).unwrap();
    assert_eq!(a.follower_count(s8).unwrap(), 9);
}

#[test]
fn slashes() {
    let mut a = Arena::new();
    let zero = a.zero();
    let (one, two, three) = (n(&mut a, 1), n(&mut a, 2), n(&mut a, 3));
    let (m1, m3) = (n(&mut a, -1), n(&mut a, -3));
    let g21 = g(&mut a, &[two], &[one]);
    let x = g(&mut a, &[three], &[g21]);
    check(&mut a, x, "{3||2|1}");
    let inner = g(&mut a, &[m1], &[m3]);
    let mid = g(&mut a, &[zero], &[inner]);
    // {0|||0||-1|-3} itself is 0 ‖ 0 | {-1|-3} with mean -2 < 0: CGSuite's
    // Tiny rule applies, so it prints as Tiny({3|1}).
    let x = g(&mut a, &[zero], &[mid]);
    check(&mut a, x, "Tiny({3|1})");
    let x = g(&mut a, &[one], &[mid]);
    check(&mut a, x, "{1|||0||-1|-3}");
    // A game that needs four slashes is braced, and its parent starts over
    // with one.
    let x4 = g(&mut a, &[two], &[x]);
    check(&mut a, x4, "{2||||1|||0||-1|-3}");
    let five = n(&mut a, 5);
    let x5 = g(&mut a, &[five], &[x4]);
    check(&mut a, x5, "{5|{2||||1|||0||-1|-3}}");
    // Several options on a side are each braced.
    let four = n(&mut a, 4);
    let g41 = g(&mut a, &[four], &[one]);
    let x = g(&mut a, &[g41, three], &[zero]);
    check(&mut a, x, "{3,{4|1}|0}");
}

#[test]
fn switches_and_tiny() {
    let mut a = Arena::new();
    let zero = a.zero();
    let one = n(&mut a, 1);
    let two = n(&mut a, 2);
    let three = n(&mut a, 3);
    let x = a.switch(one).unwrap();
    check(&mut a, x, "+-1");
    let half = q(&mut a, 1, 1);
    let x = a.switch(half).unwrap();
    check(&mut a, x, "+-1/2");
    let upup = a.up_multiple(2).unwrap();
    let x = a.switch(upup).unwrap();
    check(&mut a, x, "+-^^");
    let one_star = a.number_up_star(&Dyadic::from_i64(1), 0, 1).unwrap();
    let mone = a.neg(one).unwrap();
    let mone_star = a.neg(one_star).unwrap();
    let x = g(&mut a, &[one, one_star], &[mone, mone_star]);
    check(&mut a, x, "+-{1,1*}");
    let g32 = g(&mut a, &[three], &[two]);
    let x = a.switch(g32).unwrap();
    check(&mut a, x, "+-{3|2}");
    // {2 ‖ 2 | 0} = 2 + Tiny(2)
    let inner = g(&mut a, &[two], &[zero]);
    let x = g(&mut a, &[two], &[inner]);
    check(&mut a, x, "2Tiny(2)");
    let t2 = a.tiny(two).unwrap();
    assert_eq!(a.add(two, t2).unwrap(), x);
    // {1 | 0 ‖ 0} = Miny(1)
    let m = a.miny(one).unwrap();
    check(&mut a, m, "Miny(1)");
    let inner = g(&mut a, &[one], &[zero]);
    assert_eq!(g(&mut a, &[inner], &[zero]), m);
    // Tiny of a game.
    let g21 = g(&mut a, &[two], &[one]);
    let t = a.tiny(g21).unwrap();
    check(&mut a, t, "Tiny({2|1})");
}

#[test]
fn up_powers() {
    let mut a = Arena::new();
    let star = a.nimber(1).unwrap();
    let up2 = a.up_power(2).unwrap();
    let x = a.add(up2, star).unwrap();
    check(&mut a, x, "^<2>*");
    let x = a.up_power_sum(4).unwrap();
    check(&mut a, x, "^[4]");
    let v = a.neg(x).unwrap();
    check(&mut a, v, "v[4]");
    let up3 = a.up_power(3).unwrap();
    let v3 = a.neg(up3).unwrap();
    let one = n(&mut a, 1);
    let x = a.add(v3, one).unwrap();
    check(&mut a, x, "1v<3>");
    // ↑ + ↑² + … + ↑ⁿ equals the ^[n] recursion.
    let mut total = a.up_multiple(1).unwrap();
    for k in 2..=6 {
        let p = a.up_power(k).unwrap();
        total = a.add(total, p).unwrap();
        assert_eq!(total, a.up_power_sum(k).unwrap(), "n = {k}");
    }
    // {0|*||*|||*||||*} = ^[4]
    let zero = a.zero();
    let mut x = zero;
    for _ in 0..4 {
        x = g(&mut a, &[x], &[star]);
    }
    check(&mut a, x, "^[4]");
    // {0 ‖ 0 | ↓*} is an uptimal but neither a unit nor a unit sum; its
    // right option prints compactly.
    let inner = a.up_power(2).unwrap();
    let x = g(&mut a, &[zero], &[inner]);
    check(&mut a, x, "{0|^<2>}");
    let p = a.up_power(50).unwrap();
    check(&mut a, p, "^<50>");
    // Number and star parts around a power or a sum of powers.
    let s2 = a.nimber(2).unwrap();
    let v3s2 = a.add(v3, s2).unwrap();
    check(&mut a, v3s2, "v<3>*2");
    let two = n(&mut a, 2);
    let s3 = a.up_power_sum(3).unwrap();
    let x = a.add(two, s3).unwrap();
    check(&mut a, x, "2^[3]");
    let half = q(&mut a, -1, 1);
    let vs2 = a.up_power_sum(2).unwrap();
    let vs2 = a.neg(vs2).unwrap();
    let x = a.add(half, vs2).unwrap();
    let x = a.add(x, star).unwrap();
    check(&mut a, x, "-1/2v[2]*");
    // Inside an option list they print compactly too.
    let m1 = n(&mut a, -1);
    let x = g(&mut a, &[s3], &[m1]);
    check(&mut a, x, "{^[3]|-1}");
}

#[test]
fn ordinal_sums_give_hackenbush_strings() {
    let mut a = Arena::new();
    let zero = a.zero();
    let star = a.nimber(1).unwrap();
    let one = n(&mut a, 1);
    let m1 = n(&mut a, -1);
    // * : 1 = ↑*, 1 : 1 = 2, 1 : -1 = 1/2
    let x = a.ordinal_sum(star, one).unwrap();
    check(&mut a, x, "^*");
    let x = a.ordinal_sum(one, one).unwrap();
    check(&mut a, x, "2");
    let x = a.ordinal_sum(one, m1).unwrap();
    check(&mut a, x, "1/2");
    assert_eq!(a.ordinal_sum(star, zero).unwrap(), star);
    // Blue-Red Hackenbush strings, against seed 003's SurrealNumber(T).
    for code in 0u32..512 {
        let len = 1 + (code % 9) as usize;
        let blue: Vec<bool> = (0..len).map(|i| (code >> i) & 1 == 1).collect();
        let mut value = zero;
        for &b in blue.iter().rev() {
            let edge = if b { one } else { m1 };
            value = a.ordinal_sum(edge, value).unwrap();
        }
        let mut x = Dyadic::zero();
        let mut i = 0;
        while i < len && blue[i] == blue[0] {
            x = x + Dyadic::from_i64(if blue[i] { 1 } else { -1 });
            i += 1;
        }
        let mut k = 1;
        while i < len {
            let step = Dyadic::new(1, k);
            x = if blue[i] { x + step } else { x - step };
            i += 1;
            k += 1;
        }
        assert_eq!(a.as_number(value), Some(x), "{blue:?}");
    }
    let s: Vec<bool> = "lrlrrllr".chars().map(|c| c == 'l').collect();
    let mut value = zero;
    for &b in s.iter().rev() {
        let edge = if b { one } else { m1 };
        value = a.ordinal_sum(edge, value).unwrap();
    }
    check(&mut a, value, "77/128");
}

#[test]
fn tiny_shapes_decided_by_the_mean() {
    // {0 ‖ 0 | {↓ | −1}}: the inner game's stops are 0 and −1, so only its
    // mean decides. Its scaffolds are 0 (t ≤ 0) then −t, and −1 + t: they
    // meet at t = 1/2, mean −1/2 < 0, so this is Tiny(0 − {↓|−1}) = Tiny({1|^}).
    let mut a = Arena::new();
    let (zero, one, two) = (a.zero(), n(&mut a, 1), n(&mut a, 2));
    let m1 = n(&mut a, -1);
    let down = a.up_multiple(-1).unwrap();
    let inner = g(&mut a, &[down], &[m1]);
    let x = g(&mut a, &[zero], &[inner]);
    let x = g(&mut a, &[zero], &[x]);
    check(&mut a, x, "Tiny({1|^})");
    let up = a.up_multiple(1).unwrap();
    let sub = g(&mut a, &[one], &[up]);
    assert_eq!(a.tiny(sub).unwrap(), x);
    // {1 ‖ 1 | {1↓ | −2}}: the inner game's stops are 1 and −2; its scaffolds
    // 1 (t ≤ 0) then 1 − t, and −2 + t meet at t = 3/2, mean −1/2 < 1, so
    // this is 1Tiny(1 − {1↓|−2}) = 1Tiny({3|^}).
    let one_down = a.add(one, down).unwrap();
    let m2 = n(&mut a, -2);
    let inner = g(&mut a, &[one_down], &[m2]);
    let x = g(&mut a, &[one], &[inner]);
    let x = g(&mut a, &[one], &[x]);
    check(&mut a, x, "1Tiny({3|^})");
    // The mirror image {{3|^} | 0 ‖ 0} is Miny({3|^}); its negative is Tiny.
    let three = n(&mut a, 3);
    let sub = g(&mut a, &[three], &[up]);
    let inner = g(&mut a, &[sub], &[zero]);
    let m = g(&mut a, &[inner], &[zero]);
    check(&mut a, m, "Miny({3|^})");
    let t = a.neg(m).unwrap();
    check(&mut a, t, "Tiny({3|^})");
    // {2 | 1} has mean 3/2 > 0: Tiny({2|1}) keeps its subscript braced.
    let g21 = g(&mut a, &[two], &[one]);
    let t = a.tiny(g21).unwrap();
    check(&mut a, t, "Tiny({2|1})");
}

/// The readable form joins a number and a star of two or more with `+` (the
/// calculator reads CGSuite's `1*2` as a product) and is CGSuite's form
/// everywhere else; each reads back in the calculator as the same game.
#[test]
fn readable_form_reads_back() {
    use onag::Budget;
    use onag::lang::Session;
    let mut a = Arena::new();
    let one = n(&mut a, 1);
    let half = q(&mut a, -1, 1);
    let (s1, s2, s3) = (a.nimber(1).unwrap(), a.nimber(2).unwrap(), a.nimber(3).unwrap());
    let one_star2 = a.add(one, s2).unwrap();
    let half_star3 = a.add(half, s3).unwrap();
    let one_star = a.add(one, s1).unwrap();
    let braces = g(&mut a, &[one_star2], &[s2]);
    let cases = [
        (one_star2, "1*2", "1+*2"),
        (half_star3, "-1/2*3", "-1/2+*3"),
        (one_star, "1*", "1*"),
        (s2, "*2", "*2"),
        (braces, "{1*2|*2}", "{1+*2|*2}"),
    ];
    let budget = Budget::unlimited();
    for (x, cgsuite, readable) in cases {
        check(&mut a, x, cgsuite);
        assert_eq!(a.print_readable(x).unwrap(), readable);
        // Read back, it prints as CGSuite's form: the same game.
        let mut session = Session::new();
        assert_eq!(session.run_to_string(readable, &budget).unwrap(), cgsuite);
    }
}

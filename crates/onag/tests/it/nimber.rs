//! Nim arithmetic against independent computations: the mex definition, the
//! bit-by-bit product, the seed's examples, and the field laws as properties.

use num_bigint::BigUint;
use onag::nimber::reference::{BitProducts, mex_table, mul_halves};
use onag::nimber::{
    GF16_PRIMITIVE_ROOT, Nimber64, Nimber128, NimberBig, div64, gf16_log_exp, inverse64,
    inverse128, mul64, mul64_portable, mul64_slice, mul128, mul128_portable, pow64, pow128, sqrt64,
    sqrt128,
};
use proptest::prelude::*;
use rand::{Rng, SeedableRng, rngs::StdRng};

#[test]
fn mex_definition_agrees_below_256() {
    let t = mex_table(256);
    for a in 0..256u64 {
        for b in 0..256u64 {
            assert_eq!(u64::from(t[(a * 256 + b) as usize]), mul64(a, b), "{a} ⊗ {b}");
        }
    }
}

#[test]
fn seed_examples() {
    assert_eq!(mul64(8, 4), 11);
    // The seed's 16×16 table, row by row.
    let seed = [
        "0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0",
        "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15",
        "0 2 3 1 8 10 11 9 12 14 15 13 4 6 7 5",
        "0 3 1 2 12 15 13 14 4 7 5 6 8 11 9 10",
        "0 4 8 12 6 2 14 10 11 15 3 7 13 9 5 1",
        "0 5 10 15 2 7 8 13 3 6 9 12 1 4 11 14",
        "0 6 11 13 14 8 5 3 7 1 12 10 9 15 2 4",
        "0 7 9 14 10 13 3 4 15 8 6 1 5 2 12 11",
        "0 8 12 4 11 3 7 15 13 5 1 9 6 14 10 2",
        "0 9 14 7 15 6 1 8 5 12 11 2 10 3 4 13",
        "0 10 15 5 3 9 12 6 1 11 14 4 2 8 13 7",
        "0 11 13 6 7 12 10 1 9 2 4 15 14 5 3 8",
        "0 12 4 8 13 1 9 5 6 10 2 14 11 7 15 3",
        "0 13 6 11 9 4 15 2 14 3 8 5 7 10 1 12",
        "0 14 7 9 5 11 2 12 10 4 13 3 15 1 8 6",
        "0 15 5 10 1 14 4 11 2 13 7 8 3 12 6 9",
    ];
    for (a, row) in seed.iter().enumerate() {
        let ours: Vec<String> = (0..16).map(|b| mul64(a as u64, b).to_string()).collect();
        assert_eq!(ours.join(" "), *row, "row {a}");
    }
}

#[test]
fn fast_products_agree_with_bit_by_bit_on_random_pairs() {
    let bits = BitProducts::new();
    let mut rng = StdRng::seed_from_u64(5);
    let n = 1 << 20;
    let a: Vec<u64> = (0..n).map(|_| rng.r#gen::<u64>() >> rng.gen_range(0..64)).collect();
    let b: Vec<u64> = (0..n).map(|_| rng.r#gen::<u64>() >> rng.gen_range(0..64)).collect();
    let mut out = vec![0u64; n];
    mul64_slice(&a, &b, &mut out);
    for i in 0..n {
        let expected = bits.mul(u128::from(a[i]), u128::from(b[i])) as u64;
        assert_eq!(out[i], expected, "{} ⊗ {}", a[i], b[i]);
        if i % 16 == 0 {
            assert_eq!(mul64(a[i], b[i]), expected);
            assert_eq!(mul64_portable(a[i], b[i]), expected);
        }
    }
    for _ in 0..1 << 16 {
        let x: u128 = rng.r#gen::<u128>() >> rng.gen_range(0..128);
        let y: u128 = rng.r#gen::<u128>() >> rng.gen_range(0..128);
        let expected = bits.mul(x, y);
        assert_eq!(mul128(x, y), expected, "{x} ⊗ {y}");
        assert_eq!(mul128_portable(x, y), expected);
    }
}

#[test]
fn bit_by_bit_rests_on_the_recursive_reference() {
    let bits = BitProducts::new();
    let mut rng = StdRng::seed_from_u64(9);
    for _ in 0..200 {
        let (x, y): (u128, u128) = (rng.r#gen(), rng.r#gen());
        assert_eq!(bits.mul(x, y), mul_halves(x, y, 128));
    }
}

#[test]
fn fermat_powers() {
    for n in 0..7u32 {
        let f = 1u128 << (1u32 << n);
        if f < 1 << 64 {
            let f64 = f as u64;
            for x in [0u64, 1, 2, 3, f64 - 1, f64 / 2 + 1].into_iter().filter(|&x| x < f64) {
                assert_eq!(mul64(x, f64), x * f64, "{x} ⊗ {f}");
            }
            assert_eq!(mul64(f64, f64), 3 * f64 / 2);
        }
        for x in [1u128, 3, f - 1].into_iter().filter(|&x| x < f) {
            assert_eq!(mul128(x, f), x * f);
        }
        assert_eq!(mul128(f, f), 3 * f / 2);
    }
}

#[test]
fn gf16_root_258_is_the_least_primitive_root() {
    let order_divides = |g: u64, d: u64| pow64(g, d) == 1;
    let primitive = |g: u64| [3u64, 5, 17, 257].iter().all(|p| !order_divides(g, 65535 / p));
    assert!(primitive(u64::from(GF16_PRIMITIVE_ROOT)));
    for g in 2..u64::from(GF16_PRIMITIVE_ROOT) {
        assert!(!primitive(g), "{g} is primitive");
    }
    let (log, exp) = gf16_log_exp();
    let mut seen = vec![false; 65536];
    for &e in &exp {
        assert!(!seen[e as usize]);
        seen[e as usize] = true;
    }
    for x in [1u64, 2, 258, 1000, 65535] {
        assert_eq!(u64::from(exp[log[x as usize] as usize]), x);
    }
}

#[test]
fn inverses_in_every_subfield() {
    for a in 1..1u64 << 16 {
        assert_eq!(mul64(a, inverse64(a).unwrap()), 1, "{a}");
    }
    let mut rng = StdRng::seed_from_u64(6);
    for _ in 0..100_000 {
        let a = rng.gen_range(1..1u64 << 32);
        assert_eq!(mul64(a, inverse64(a).unwrap()), 1, "{a}");
        let b = u128::from(a) << 64;
        assert_eq!(mul128(b, inverse128(b).unwrap()), 1, "{b}");
    }
}

#[test]
fn wide_nimbers_agree_with_128_bits() {
    let mut rng = StdRng::seed_from_u64(3);
    for _ in 0..200 {
        let (x, y): (u128, u128) = (rng.r#gen(), rng.r#gen());
        let (bx, by) = (BigUint::from(x), BigUint::from(y));
        let (nx, ny) = (NimberBig::from_biguint(&bx), NimberBig::from_biguint(&by));
        assert_eq!(nx.mul(&ny).to_biguint(), BigUint::from(mul128(x, y)));
        assert_eq!(nx.sqrt().to_biguint(), BigUint::from(sqrt128(x)));
        assert_eq!(nx.inverse().map(|i| i.to_biguint()), inverse128(x).map(BigUint::from));
    }
}

fn big(rng: &mut StdRng, limbs: usize) -> NimberBig {
    let digits: Vec<u32> = (0..2 * limbs).map(|_| rng.r#gen()).collect();
    NimberBig::from_biguint(&BigUint::new(digits))
}

#[test]
fn wide_field_laws() {
    let mut rng = StdRng::seed_from_u64(4);
    for limbs in [3usize, 4, 8] {
        let (a, b, c) = (big(&mut rng, limbs), big(&mut rng, limbs), big(&mut rng, 2));
        assert_eq!(a.mul(&b), b.mul(&a));
        assert_eq!(a.mul(&b).mul(&c), a.mul(&b.mul(&c)));
        assert_eq!(a.mul(&b.add(&c)), a.mul(&b).add(&a.mul(&c)));
        let s = a.sqrt();
        assert_eq!(s.mul(&s), a);
        assert_eq!(a.div(&b).map(|q| q.mul(&b)), Some(a.clone()));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn field_laws_64(a: u64, b: u64, c: u64) {
        prop_assert_eq!(mul64(a, b), mul64(b, a));
        prop_assert_eq!(mul64(mul64(a, b), c), mul64(a, mul64(b, c)));
        prop_assert_eq!(mul64(a, b ^ c), mul64(a, b) ^ mul64(a, c));
        prop_assert_eq!(mul64(a, 1), a);
        let s = sqrt64(a);
        prop_assert_eq!(mul64(s, s), a);
        match inverse64(a) {
            None => prop_assert_eq!(a, 0),
            Some(i) => prop_assert_eq!(mul64(a, i), 1),
        }
        if b != 0 {
            prop_assert_eq!(div64(mul64(a, b), b), Some(a));
        }
    }

    #[test]
    fn power_laws_64(a: u64, b: u64, m in 0u64..1000, n in 0u64..1000) {
        prop_assert_eq!(mul64(pow64(a, m), pow64(a, n)), pow64(a, m + n));
        prop_assert_eq!(pow64(pow64(a, m), n), pow64(a, m * n));
        prop_assert_eq!(pow64(mul64(a, b), n), mul64(pow64(a, n), pow64(b, n)));
        prop_assert_eq!(pow64(a, 2), mul64(a, a));
        // Frobenius: (a ⊕ b)^2 = a^2 ⊕ b^2.
        prop_assert_eq!(pow64(a ^ b, 2), pow64(a, 2) ^ pow64(b, 2));
    }

    #[test]
    fn field_laws_128(a: u128, b: u128, c: u128, n in 0u128..500) {
        prop_assert_eq!(mul128(a, b), mul128(b, a));
        prop_assert_eq!(mul128(mul128(a, b), c), mul128(a, mul128(b, c)));
        prop_assert_eq!(mul128(a, b ^ c), mul128(a, b) ^ mul128(a, c));
        let s = sqrt128(a);
        prop_assert_eq!(mul128(s, s), a);
        if a != 0 {
            prop_assert_eq!(inverse128(a).map(|i| mul128(a, i)), Some(1));
        }
        prop_assert_eq!(mul128(pow128(a, n), a), pow128(a, n + 1));
    }

    #[test]
    fn fermat_rule_for_small_factors(x in 0u64..(1 << 32), k in 0u32..6) {
        let f = 1u64 << (1u32 << k);
        let x = x % f;
        prop_assert_eq!(mul64(x, f), x * f);
    }

    #[test]
    fn typed_operators(a: u64, b: u64) {
        let (x, y) = (Nimber64(a), Nimber64(b));
        prop_assert_eq!((x + y) * x, x * x + y * x);
        prop_assert_eq!(Nimber128::from(u128::from(a)) * Nimber128::from(u128::from(b)),
            Nimber128(u128::from(mul64(a, b))));
    }
}

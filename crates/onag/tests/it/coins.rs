//! Coin-turning games and Tartan products against brute-force search of the
//! games themselves: positions as bitmasks, values by mex over every move the
//! rule's definition allows, with no use of the coin-turning theorem.

use onag::Budget;
use onag::impartial::coins::{
    Board, CoinRule, coin_value, coin_values, for_each_move, parse_board, parse_strip,
    solve_product, solve_strip,
};
use onag::impartial::mex;
use rand::{Rng, SeedableRng, rngs::StdRng};

/// Every legal move set (as a bitmask, bit p-1 for coin p) whose rightmost coin is `m`,
/// found by testing all subsets of coins 1..m with the rule's definition.
fn legal_sets(rule: &CoinRule, m: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    for others in 0u32..(1 << (m - 1)) {
        let mut set: Vec<usize> = (1..m).filter(|p| others >> (p - 1) & 1 == 1).collect();
        set.push(m);
        if rule.allows(&set) {
            out.push(set);
        }
    }
    out.sort();
    out
}

fn mask(set: &[usize]) -> u32 {
    set.iter().fold(0, |acc, &p| acc | 1 << (p - 1))
}

/// Grundy values of every position of an `n`-coin strip, by mex over moves.
fn brute_strip(rule: &CoinRule, n: usize) -> Vec<u32> {
    let moves: Vec<Vec<u32>> =
        (1..=n).map(|m| legal_sets(rule, m).iter().map(|s| mask(s)).collect()).collect();
    let mut g = vec![0u32; 1 << n];
    for state in 1..1u32 << n {
        let mut opts = Vec::new();
        for m in 1..=n {
            if state >> (m - 1) & 1 == 1 {
                opts.extend(moves[m - 1].iter().map(|t| u64::from(g[(state ^ t) as usize])));
            }
        }
        g[state as usize] = mex(opts) as u32;
    }
    g
}

fn check_rule(rule: &CoinRule, n: usize) {
    let g = brute_strip(rule, n);
    let values = coin_values(rule, n, &Budget::unlimited()).unwrap();
    for state in 0..1u32 << n {
        let sum = (0..n).filter(|i| state >> i & 1 == 1).fold(0, |x, i| x ^ values[i]);
        assert_eq!(u64::from(g[state as usize]), sum, "rule {} state {state:b}", rule.code());
    }
    for m in 1..=n {
        let mut listed = Vec::new();
        for_each_move(rule, m, &Budget::unlimited(), |others| {
            let mut s = others.to_vec();
            s.push(m);
            listed.push(s);
        })
        .unwrap();
        listed.sort();
        listed.dedup();
        assert_eq!(listed, legal_sets(rule, m), "moves of {} at {m}", rule.code());
    }
}

fn odious(k: usize) -> u64 {
    (0..).filter(|x: &u64| x.count_ones() % 2 == 1).nth(k).unwrap_or(0)
}

#[test]
fn named_rules_match_brute_force() {
    for name in [
        "turtles",
        "twins",
        "mock",
        "ruler",
        "moebius",
        "motley",
        "triplets",
        "turnips",
        "grunt",
        "sym",
        "sympler",
        "ruler-fives",
        "mock-turtle-fives",
        "triplet-fives",
    ] {
        let rule = CoinRule::parse(name).unwrap();
        let n = if name == "motley" || name == "sym" || name == "sympler" { 10 } else { 12 };
        check_rule(&rule, n);
    }
}

#[test]
fn closed_forms_from_brute_force() {
    let n = 12;
    let single = |name: &str| -> Vec<u64> {
        let g = brute_strip(&CoinRule::parse(name).unwrap(), n);
        (0..n).map(|i| u64::from(g[1 << i])).collect()
    };
    let range = |f: &dyn Fn(u64) -> u64| -> Vec<u64> { (1..=n as u64).map(f).collect() };
    assert_eq!(single("turtles"), range(&|p| p));
    assert_eq!(single("twins"), range(&|p| p - 1));
    assert_eq!(single("ruler"), range(&|p| 1 << p.trailing_zeros()));
    assert_eq!(single("mock"), range(&|p| odious(p as usize - 1)));
    // And far beyond brute-force range, the fast values keep the closed forms.
    let long = |name: &str| coin_values(&CoinRule::parse(name).unwrap(), 300, &Budget::unlimited());
    let far = |f: &dyn Fn(u64) -> u64| -> Vec<u64> { (1..=300u64).map(f).collect() };
    assert_eq!(long("turtles").unwrap(), far(&|p| p));
    assert_eq!(long("ruler").unwrap(), far(&|p| 1 << p.trailing_zeros()));
    assert_eq!(long("mock").unwrap(), far(&|p| odious(p as usize - 1)));
}

fn random_code(rng: &mut StdRng) -> String {
    let elements = rng.gen_range(1..=2);
    let mut parts = Vec::new();
    for _ in 0..elements {
        let min = rng.gen_range(1..=4);
        let mut s = match rng.gen_range(0..3) {
            0 => format!("{min}"),
            1 => format!("{min}-{}", min + rng.gen_range(0..4)),
            _ => format!("{min}+"),
        };
        match rng.gen_range(0..5) {
            0 => s.push('C'),
            1 => s.push('E'),
            2 => s.push('S'),
            _ => {}
        }
        if rng.gen_bool(0.25) {
            s.push('F');
        }
        if rng.gen_bool(0.3) {
            s.push_str(&format!("C({})", rng.gen_range(1..=6)));
        }
        parts.push(s);
    }
    parts.join(",")
}

#[test]
fn random_user_rules_match_brute_force() {
    let mut rng = StdRng::seed_from_u64(11);
    for _ in 0..60 {
        let code = random_code(&mut rng);
        let rule = CoinRule::parse(&code).unwrap();
        check_rule(&rule, 9);
    }
    for k in 1..=5 {
        check_rule(&CoinRule::parse(&format!("upto:{k}")).unwrap(), 9);
    }
}

#[test]
fn winning_moves_are_exactly_the_moves_to_zero() {
    let mut rng = StdRng::seed_from_u64(12);
    for name in [
        "mock",
        "ruler",
        "twins",
        "1-2,4C",
        "3+S",
        "2-4F",
        "1-3C(4)",
        "1+",
        "2+F",
        "upto:4",
        "3E,1",
        "2,4E",
        "2-4EF",
        "1-3C(4),3-4C",
        "2",
    ] {
        let rule = CoinRule::parse(name).unwrap();
        let n = 10;
        let g = brute_strip(&rule, n);
        for _ in 0..30 {
            let state: u32 = rng.gen_range(0..1 << n);
            let heads: Vec<bool> = (0..n).map(|i| state >> i & 1 == 1).collect();
            let sol = solve_strip(&rule, &heads, &Budget::unlimited()).unwrap();
            let mut expected = Vec::new();
            for m in (1..=n).filter(|m| heads[m - 1]) {
                for t in legal_sets(&rule, m) {
                    if g[(state ^ mask(&t)) as usize] == 0 {
                        expected.push(t);
                    }
                }
            }
            expected.sort();
            assert_eq!(sol.winning_moves, expected, "{name} {state:b}");
            assert_eq!(u64::from(g[state as usize]), sol.value);
        }
    }
}

/// Grundy values of every position of a product game on a board, by mex over
/// product moves (bit index: row-major over the coordinates, from 0).
fn brute_product(rules: &[CoinRule], sides: &[usize]) -> Vec<u32> {
    let cells: usize = sides.iter().product();
    let coords_of = |mut i: usize| -> Vec<usize> {
        let mut c = vec![0; sides.len()];
        for d in (0..sides.len()).rev() {
            c[d] = i % sides[d] + 1;
            i /= sides[d];
        }
        c
    };
    // The product moves whose far corner is each cell, as bitmasks.
    let moves: Vec<Vec<u32>> =
        (0..cells).map(|cell| product_moves(rules, sides, &coords_of(cell))).collect();
    let mut g = vec![0u32; 1 << cells];
    let mut seen = vec![0u32; 4096];
    let mut stamp = 0u32;
    for state in 1..1u32 << cells {
        stamp += 1;
        let mut s = state;
        while s != 0 {
            let cell = s.trailing_zeros() as usize;
            s &= s - 1;
            for &t in &moves[cell] {
                let v = g[(state ^ t) as usize] as usize;
                if v < seen.len() {
                    seen[v] = stamp;
                }
            }
        }
        g[state as usize] = seen.iter().position(|&x| x != stamp).unwrap_or(seen.len()) as u32;
    }
    g
}

fn check_product(names: &[&str], sides: &[usize]) {
    let rules: Vec<CoinRule> = names.iter().map(|n| CoinRule::parse(n).unwrap()).collect();
    let g = brute_product(&rules, sides);
    let values: Vec<Vec<u64>> = rules
        .iter()
        .zip(sides)
        .map(|(r, &n)| coin_values(r, n, &Budget::unlimited()).unwrap())
        .collect();
    let cells: usize = sides.iter().product();
    let coords_of = |mut i: usize| -> Vec<usize> {
        let mut c = vec![0; sides.len()];
        for d in (0..sides.len()).rev() {
            c[d] = i % sides[d] + 1;
            i /= sides[d];
        }
        c
    };
    let cell_values: Vec<u64> = (0..cells).map(|i| coin_value(&values, &coords_of(i))).collect();
    for state in 0..1u32 << cells {
        let sum = (0..cells).filter(|i| state >> i & 1 == 1).fold(0, |x, i| x ^ cell_values[i]);
        assert_eq!(u64::from(g[state as usize]), sum, "{names:?} {state:b}");
    }
    // Winning moves on some positions: each listed move reaches a zero position,
    // and their number equals the brute-force count.
    let mut rng = StdRng::seed_from_u64(cells as u64);
    for _ in 0..20 {
        let state: u32 = rng.gen_range(0..1 << cells);
        let heads: Vec<Vec<usize>> =
            (0..cells).filter(|i| state >> i & 1 == 1).map(coords_of).collect();
        let board = Board { sides: sides.to_vec(), heads };
        let sol = solve_product(&rules, &board, &Budget::unlimited()).unwrap();
        assert_eq!(sol.value, u64::from(g[state as usize]));
        let index = |c: &[usize]| c.iter().zip(sides).fold(0, |acc, (&x, &s)| acc * s + (x - 1));
        let mut count = 0;
        for mv in &sol.winning_moves {
            let mut m = 0u32;
            let mut stack = vec![Vec::new()];
            for dim in &mv.turn {
                stack = stack
                    .into_iter()
                    .flat_map(|p: Vec<usize>| {
                        dim.iter().map(move |&x| {
                            let mut q = p.clone();
                            q.push(x);
                            q
                        })
                    })
                    .collect();
            }
            for c in &stack {
                m |= 1 << index(c);
            }
            assert_eq!(g[(state ^ m) as usize], 0, "{names:?}: {mv:?}");
            count += 1;
        }
        let brute_count = brute_winning_count(&rules, sides, &g, state);
        assert_eq!(count, brute_count, "{names:?} {state:b}");
    }
}

/// Every product move with far corner `corner`, as a bitmask over cells
/// (row-major from 0): one legal set per dimension, all cells of their product.
fn product_moves(rules: &[CoinRule], sides: &[usize], corner: &[usize]) -> Vec<u32> {
    let index = |c: &[usize]| c.iter().zip(sides).fold(0, |acc, (&x, &s)| acc * s + (x - 1));
    let mut combos: Vec<Vec<Vec<usize>>> = vec![Vec::new()];
    for (d, &x) in corner.iter().enumerate() {
        let sets = legal_sets(&rules[d], x);
        combos = combos
            .into_iter()
            .flat_map(|c| {
                sets.iter().map(move |s| {
                    let mut c2 = c.clone();
                    c2.push(s.clone());
                    c2
                })
            })
            .collect();
    }
    combos
        .iter()
        .map(|combo| {
            let mut cellsets: Vec<Vec<usize>> = vec![Vec::new()];
            for dim in combo {
                cellsets = cellsets
                    .into_iter()
                    .flat_map(|p| {
                        dim.iter().map(move |&x| {
                            let mut q = p.clone();
                            q.push(x);
                            q
                        })
                    })
                    .collect();
            }
            cellsets.iter().fold(0u32, |acc, c| acc | 1 << index(c))
        })
        .collect()
}

fn brute_winning_count(rules: &[CoinRule], sides: &[usize], g: &[u32], state: u32) -> usize {
    // Count product moves from `state` to a zero position.
    let cells: usize = sides.iter().product();
    let mut count = 0;
    for cell in 0..cells {
        if state >> cell & 1 == 0 {
            continue;
        }
        let mut corner = vec![0; sides.len()];
        let mut i = cell;
        for d in (0..sides.len()).rev() {
            corner[d] = i % sides[d] + 1;
            i /= sides[d];
        }
        for m in product_moves(rules, sides, &corner) {
            if g[(state ^ m) as usize] == 0 {
                count += 1;
            }
        }
    }
    count
}

#[test]
fn turning_corners_on_4_by_5() {
    check_product(&["twins", "twins"], &[4, 5]);
    // Turning Corners: coin (a, b) is worth (a-1) ⊗ (b-1), the seed's a ⊗ b
    // with coordinates from 0.
    let twins = CoinRule::parse("twins").unwrap();
    let b = Board { sides: vec![9, 5], heads: vec![vec![9, 5]] };
    let sol = solve_product(&[twins.clone(), twins], &b, &Budget::unlimited()).unwrap();
    assert_eq!(sol.value, 11);
}

#[test]
fn other_products_match_brute_force() {
    check_product(&["turtles", "turtles"], &[3, 4]);
    check_product(&["mock", "ruler"], &[4, 4]);
    check_product(&["ruler", "1-2,3C"], &[3, 5]);
    check_product(&["mock", "twins", "ruler"], &[2, 2, 3]);
}

#[test]
fn boards_parse_in_both_forms() {
    let grid = parse_board("ht\nth\n", 2).unwrap();
    assert_eq!(grid.sides, [2, 2]);
    assert_eq!(grid.heads, [vec![1, 1], vec![2, 2]]);
    let cube = parse_board("ht\n\nth\n", 3).unwrap();
    assert_eq!(cube.heads, [vec![1, 1, 1], vec![2, 1, 2]]);
    let list = parse_board("1 1 1 1 # a coin\n2,3,1,4\n", 4).unwrap();
    assert_eq!(list.sides, [2, 3, 1, 4]);
    for (text, dims, needle) in [
        ("hx\n", 2, "1:2"),
        ("h\n\nh\n", 2, "3:1"),
        ("1 2\n1 2\n", 2, "listed twice"),
        ("1 0\n", 2, "coordinate"),
        ("1 2 3\n", 2, "expected 2 coordinates"),
        // Issue 40: ragged boards were padded with tails.
        ("hth\nh\n", 2, "2:2: a line of length 1 where the first has length 3"),
        ("ht\nhtt\n", 2, "2:3: a line of length 3"),
        ("ht\nth\n\nht\n", 3, "4:1: block 2 has height 1 where the first has height 2"),
        ("ht\n\nht\nth\n\nht\n", 3, "3:1: block 2 has height 2 where the first has height 1"),
    ] {
        let e = parse_board(text, dims).unwrap_err();
        assert!(e.to_string().contains(needle), "{text:?}: {e}");
    }
    assert!(parse_strip("hthx").unwrap_err().to_string().contains("1:4"));
}

#[test]
fn rule_codes_print_and_parse_back() {
    let mut rng = StdRng::seed_from_u64(13);
    for _ in 0..500 {
        let code = random_code(&mut rng);
        let rule = CoinRule::parse(&code).unwrap();
        let printed = CoinRule::from_elements(rule.elements().to_vec());
        let again = CoinRule::parse(printed.code()).unwrap();
        assert_eq!(again.elements(), rule.elements(), "{code} -> {}", printed.code());
    }
    for &(name, code) in onag::impartial::coins::NAMED_RULES {
        assert_eq!(CoinRule::parse(name).unwrap().code(), code);
    }
}

#[test]
fn rule_bounds_past_the_strip_are_clamped() {
    // Brute force reads the rule as written; the fast code clamps it.
    for code in ["2-4096", "upto:300", "1-9C(4000)", "3-100E", "1-50S", "2-90FS", "40+", "12"] {
        check_rule(&CoinRule::parse(code).unwrap(), 8);
    }
    // `upto:4096` on 16 coins is `1+`: within a budget that tables sized by
    // the bound (4096 counts × the values) would exceed at once.
    let budget = Budget::unlimited().with_max_positions(1_000_000).with_max_memory(1 << 22);
    let motley = coin_values(&CoinRule::parse("motley").unwrap(), 16, &budget).unwrap();
    for code in ["upto:4096", "1-4096", "1-16", "1-4000C(4000)"] {
        let rule = CoinRule::parse(code).unwrap();
        assert_eq!(coin_values(&rule, 16, &budget).unwrap(), motley, "{code}");
    }
    let clamped = CoinRule::parse("1-4096,4000+,2C(9)").unwrap().clamped(21);
    assert_eq!(clamped.code(), "1-4096,4000+,2C(9)");
    assert_eq!(clamped.elements().len(), 2);
    assert_eq!(clamped.elements()[0].max, None);
    assert_eq!(clamped.elements()[1].span, Some(9));
}

#[test]
fn coin_tables_are_checked_against_the_budget() {
    let rule = CoinRule::parse("1-8").unwrap();
    let err = coin_values(&rule, 16, &Budget::unlimited().with_max_memory(1000)).unwrap_err();
    assert_eq!(err.kind(), onag::ErrorKind::LimitExceeded, "{err}");
    assert!(err.message().contains("memory limit"), "{err}");
    let err = coin_values(&rule, 16, &Budget::unlimited().with_max_positions(100)).unwrap_err();
    assert_eq!(err.kind(), onag::ErrorKind::LimitExceeded, "{err}");
    assert!(coin_values(&rule, 16, &Budget::unlimited().with_max_memory(1 << 20)).is_ok());
}

#[test]
fn moves_with_a_sum_match_filtered_listing_on_long_strips() {
    // The lookups and in-place sums of for_each_move_with_sum against listing
    // every move and filtering by nim-sum, beyond brute-force sizes.
    let budget = Budget::unlimited();
    for code in ["2,4E", "1-5C", "2-6EF", "3+E", "2", "2F", "1-3", "2-3F", "1-9C(5)", "3-4EF,2"] {
        let rule = CoinRule::parse(code).unwrap();
        let n = 60;
        let values = coin_values(&rule, n, &budget).unwrap();
        for m in 1..=n {
            let mut all = Vec::new();
            for_each_move(&rule, m, &budget, |others| all.push(others.to_vec())).unwrap();
            all.sort();
            all.dedup();
            for target in [0, 1, 2, 3, values[m - 1], values[m / 2]] {
                let sum = |s: &[usize]| s.iter().fold(0, |x, &p| x ^ values[p - 1]);
                let expected: Vec<Vec<usize>> =
                    all.iter().filter(|s| sum(s) == target).cloned().collect();
                let mut found = Vec::new();
                onag::impartial::coins::for_each_move_with_sum(
                    &rule,
                    &values,
                    m,
                    target,
                    &budget,
                    |others| found.push(others.to_vec()),
                )
                .unwrap();
                found.sort();
                found.dedup();
                assert_eq!(found, expected, "{code} m={m} target={target}");
            }
        }
    }
}

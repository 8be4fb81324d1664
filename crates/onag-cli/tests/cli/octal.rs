//! `onag octal`.

use crate::{assert_error, onag};

#[test]
fn kayles_summary_certifies_the_period() {
    let run = onag(&["octal", "0.77", "--upto", "1000000"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("period 12, preperiod 71"), "{}", run.stdout);
    assert!(run.stdout.contains("certified"), "{}", run.stdout);
}

#[test]
fn json_has_the_promised_keys() {
    let run = onag(&["octal", "0.07", "--upto", "300", "--json"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let v: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(v["sequence"].as_array().unwrap().len(), 301);
    assert_eq!(v["period"], 34);
    assert_eq!(v["preperiod"], 53);
    assert_eq!(v["saltus"], 0);
    let run = onag(&["octal", "4!.0", "--upto", "50", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert!(v["preperiod"].is_null() && v["period"].is_null());
}

#[test]
fn values_and_normalised_code() {
    let run = onag(&["octal", "04.30", "--upto", "5"]);
    assert!(run.stdout.contains("code: 4.3"), "{}", run.stdout);
    let run = onag(&["octal", "4!.0", "--values", "0..20"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout, "0: 0 0 0 1 0 2 1 0 2 1\n10: 0 2 1 3 2 1 3 2 4 3\n20: 0\n");
    // The same values in --json, beyond --upto too.
    let run = onag(&["octal", "4!.0", "--upto", "5", "--values", "15..20", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(
        v["values"],
        serde_json::json!({"from": 15, "to": 20, "values": [1, 3, 2, 4, 3, 0]})
    );
    let run = onag(&["octal", "4!.0", "--json", "--limit", "3000"]);
    assert!(!run.stdout.contains("\"values\""), "{}", run.stdout);
}

#[test]
fn sums_genus_plot_and_output() {
    let run = onag(&["octal", "0.77", "--sum", "4,2"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("nim value: 3"), "{}", run.stdout);
    assert!(run.stdout.contains("misère value"), "{}", run.stdout);
    let run = onag(&["octal", "4!.0", "--genus", "13..13"]);
    assert_eq!(run.stdout, "13: 3^1431\n");
    let dir = std::env::temp_dir().join(format!("onag-octal-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let svg = dir.join("k.svg");
    let txt = dir.join("k.txt");
    let run = onag(&[
        "octal",
        "0.77",
        "--upto",
        "100",
        "--plot",
        svg.to_str().unwrap(),
        "--output",
        txt.to_str().unwrap(),
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(std::fs::read_to_string(&svg).unwrap().contains("<svg"));
    assert_eq!(std::fs::read_to_string(&txt).unwrap().lines().count(), 101);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_input_is_a_one_line_error() {
    assert_error(&["octal", "0."], "CODE:1:3");
    assert_error(&["octal", "1.2.3"], "only one '.'");
    assert_error(&["octal", ""], "empty");
    assert_error(&["octal", "0.77", "--upto", "99999999999", "--json"], "--upto");
    assert_error(&["octal", "0.77", "--output", "/nonexistent/dir/x"], "cannot write");
    assert_error(&["octal", "0.77", "--values", "5..2"], "empty range");
    assert_error(&["octal", "0.77", "--upto", "1000", "--max-positions", "10"], "limit");
}

/// Kayles values of heaps `0..=n`, from a run that searches every one.
fn kayles_small(n: u64) -> Vec<u64> {
    small_values("0.77", n)
}

#[test]
fn octal_huge_heaps_follow_from_the_certified_period() {
    let small = kayles_small(200);
    let expect = |n: u64| small[(71 + (n - 71) % 12) as usize].to_string();
    let run = onag(&["octal", "0.77", "--values", "4294967290..4294967293", "-q"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let row: Vec<String> = (4294967290u64..=4294967293).map(expect).collect();
    assert_eq!(run.stdout, format!("4294967290: {}\n", row.join(" ")));
    let run = onag(&["octal", "0.77", "--values", "10000000000000..10000000000010"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.starts_with(&format!("10000000000000: {} ", expect(10_000_000_000_000))));
    assert!(run.stdout.ends_with(&format!("10000000000010: {}\n", expect(10_000_000_000_010))));
    let run = onag(&["octal", "0.77", "--sum", "4294967293", "-q"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains(&format!("nim value: {}\n", expect(4294967293))), "{}", run.stdout);
    assert!(run.stdout.contains("winning moves: 1431655752 in all"), "{}", run.stdout);
}

#[test]
fn octal_table_limit_is_checked_before_allocating() {
    assert_error(
        &["octal", "0.77", "--upto", "200000000", "--json"],
        "--upto 200000000 (--json lists every value g(0..=N)): 200000001 positions exceed the \
         limit of 100000000 (raise --max-positions)",
    );
    // Grundy's game certifies no period: its table is bounded and the error names the option.
    assert_error(
        &["octal", "4!.0", "--values", "10000000000000..10000000000010"],
        "--values 10000000000000..10000000000010: 10000000000011 positions exceed",
    );
    assert_error(&["octal", "4!.0", "--sum", "3,200000000"], "--sum: heap 200000000");
    assert_error(
        &["octal", "4!.0", "--values", "0..5000", "--max-positions", "2000"],
        "--values 0..5000",
    );
}

#[test]
fn octal_genus_is_bounded_and_prints_as_it_goes() {
    let run = onag(&["octal", "0.77", "--genus", "0..60", "--max-positions", "20000"]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
    assert!(run.stderr.starts_with("error: --genus: heap "), "{}", run.stderr);
    assert!(
        run.stderr.contains("exceed the limit of 20000 (raise --max-positions)"),
        "{}",
        run.stderr
    );
    // The heaps found before the limit were printed.
    assert!(run.stdout.starts_with("0: 0\n1: 1\n2: 2\n3: 3\n"), "{}", run.stdout);
    assert!(run.stdout.lines().count() >= 10, "{}", run.stdout);
    assert_error(&["octal", "0.77", "--genus", "0..4294967293"], "--genus 0..4294967293");
}

#[test]
fn octal_sum_items_are_checked() {
    assert_error(&["octal", "0.77", "--sum", "5,,7"], "item 2 is empty");
    assert_error(&["octal", "0.77", "--sum", "5,,7"], "--sum");
    assert_error(&["octal", "0.77", "--sum", "-1"], "heaps must not be negative");
    assert_error(&["octal", "0.77", "--sum", "4,x"], "item 2 ('x')");
}

#[test]
fn octal_misere_search_of_big_heaps_stops_at_the_time_limit() {
    let run = onag(&[
        "octal",
        "0.6",
        "--sum",
        "10000,20000",
        "--timeout",
        "1",
        "--max-positions",
        "100000000",
        "-q",
    ]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.contains("misère value: not computed (time limit reached (raise --timeout))"),
        "{}",
        run.stdout
    );
}

#[test]
fn octal_misere_search_of_a_big_heap_is_bounded() {
    // A long timeout: the position limit, not the clock, must stop it.
    let run = onag(&["octal", "0.77", "--sum", "1000000", "--timeout", "600", "-q"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let small = kayles_small(100);
    let g = small[(71 + (1_000_000 - 71) % 12) as usize];
    assert!(run.stdout.starts_with(&format!("nim value: {g}\n")), "{}", run.stdout);
    assert!(
        run.stdout.contains("misère value: not computed (")
            && run.stdout.contains("--max-positions"),
        "{}",
        run.stdout
    );
}

#[test]
fn octal_misere_search_of_many_equal_heaps_stays_small() {
    // Thousands of equal heaps are one run-length entry of the search key:
    // the limit is reached quickly and within the memory limit.
    let heaps = vec!["9"; 20000].join(",");
    let run = onag(&["octal", "0.77", "--sum", &heaps, "--max-memory", "256M", "-q"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("misère value: not computed ("), "{}", run.stdout);
    let run = onag(&["octal", "0.77", "--sum", &vec!["2"; 301].join(","), "-q"]);
    // 301 heaps of *2 (Kayles 2): misère Nim with heaps > 1, nim value 2.
    assert!(run.stdout.contains("misère value: 2"), "{}", run.stdout);
}

/// The values of `code` for heaps `0..=n`, from `--values`.
fn small_values(code: &str, n: u64) -> Vec<u64> {
    let run = onag(&["octal", code, "--values", &format!("0..{n}"), "-q"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    run.stdout
        .lines()
        .flat_map(|l| l.split_once(": ").unwrap().1.split(' '))
        .map(|v| v.parse().unwrap())
        .collect()
}

#[test]
fn octal_summary_of_a_certified_period_needs_no_table() {
    for upto in ["200000000", "4294967294", "18446744073709551615"] {
        let run = onag(&["octal", "0.77", "--upto", upto, "-q"]);
        assert_eq!(run.code, 0, "{upto}: {}", run.stderr);
        assert!(run.stdout.contains(&format!("heaps: 0..{upto}\n")), "{}", run.stdout);
        assert!(run.stdout.contains("period 12, preperiod 71 (certified"), "{}", run.stdout);
        assert!(run.stdout.contains("largest value: 8\n"), "{}", run.stdout);
    }
    // A growing period: the largest value of heaps 0..=N lies in the last
    // period, g(n) = g(1 + (n - 1) mod 3) + (n - 1) / 3 (checked on the values).
    let small = small_values("0.8", 60);
    for n in 4..=60 {
        assert_eq!(small[n], small[n - 3] + 1, "0.8 heap {n}");
    }
    let g = |n: u64| small[(1 + (n - 1) % 3) as usize] + (n - 1) / 3;
    let big = 100_000_000_000u64;
    let largest = (big - 2..=big).map(g).max().unwrap();
    let run = onag(&["octal", "0.8", "--upto", &big.to_string(), "-q"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains(&format!("largest value: {largest}\n")), "{}", run.stdout);
    // Listing every value is a table: bounded, and said so before any file is made.
    let dir = std::env::temp_dir().join(format!("onag-octal-big-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let out = dir.join("k.txt");
    assert_error(
        &["octal", "0.77", "--upto", "200000000", "--output", out.to_str().unwrap()],
        "--upto 200000000 (--output writes every value g(0..=N)): 200000001 positions exceed",
    );
    assert!(!out.exists());
    assert_error(
        &["octal", "0.77", "--upto", "4294967294", "--json", "--max-positions", "10^10"],
        "such tables are limited to 4294967293 heaps",
    );
    // --output streams from the period past the searched heaps.
    let run = onag(&["octal", "0.77", "--upto", "3000", "--output", out.to_str().unwrap(), "-q"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let written: Vec<u64> =
        std::fs::read_to_string(&out).unwrap().lines().map(|l| l.parse().unwrap()).collect();
    let small = small_values("0.77", 200);
    let expect: Vec<u64> = (0..=3000u64)
        .map(|n| if n < 71 { small[n as usize] } else { small[(71 + (n - 71) % 12) as usize] })
        .collect();
    assert_eq!(written, expect);
    std::fs::remove_dir_all(&dir).unwrap();
    // Without a certified period the summary needs the searched table.
    assert_error(
        &["octal", "4!.0", "--upto", "200000000"],
        "--upto 200000000: 200000001 positions",
    );
}

/// The heap `N` of "from the values of heaps 0..=N" in the summary.
fn certified_at(code: &str, upto: &str) -> u64 {
    let run = onag(&["octal", code, "--upto", upto, "-q"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    let (_, rest) = run.stdout.split_once("from the values of heaps 0..=").expect(&run.stdout);
    rest.split(';').next().unwrap().parse().unwrap()
}

#[test]
fn octal_certificate_names_the_theorems_bound_whatever_upto_is() {
    // Kayles (remove up to k = 2, leave up to 2 heaps): the theorem checks
    // g(n + 12) = g(n) for 71 <= n < 2·71 + 12 + 2, so it reads heaps 0..=167.
    for (code, pp, p, k) in [("0.77", 71u64, 12u64, 2u64), ("0.07", 53, 34, 2)] {
        let bound = 2 * pp + p + k + p - 1;
        for upto in ["10", "100", &bound.to_string(), "190", "1000", "1000000"] {
            assert_eq!(certified_at(code, upto), bound, "{code} --upto {upto}");
        }
        let run = onag(&["octal", code, "--upto", "1000", "--json"]);
        let v: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
        assert_eq!(v["certified_at"], bound);
        // And those values do satisfy the theorem's hypothesis.
        let g = small_values(code, bound);
        assert!((pp..=bound - p).all(|n| g[n as usize] == g[(n + p) as usize]), "{code}");
        assert_ne!(g[pp as usize - 1], g[(pp + p) as usize - 1], "{code}: least preperiod");
    }
    let run = onag(&["octal", "0.77", "--upto", "1000"]);
    assert!(
        run.stdout.contains(
            "period 12, preperiod 71 (certified by the octal periodicity theorem from the \
             values of heaps 0..=167; later values follow from the period)"
        ),
        "{}",
        run.stdout
    );
    // 0.16: period 149459 from 105351 (the published tables), k = 2.
    let bound = 2 * 105_351 + 149_459 + 2 + 149_459 - 1;
    assert_eq!(certified_at("0.16", "600000"), bound);
    assert_eq!(certified_at("0.16", "2000000"), bound);
    // No moves at all: nothing to check (k = 0, one heap), heap 0 suffices.
    assert_eq!(certified_at("0.0", "1000"), 0);
    assert_eq!(certified_at("0.0", "10"), 0);
    // The arithmetic periodicity theorem's window does not move either.
    let at: Vec<u64> = ["20", "300", "100000"].iter().map(|u| certified_at("0.8", u)).collect();
    assert_eq!(at, [9, 9, 9]);
    let run = onag(&["octal", "0.8", "--upto", "300", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!((v["saltus"].clone(), v["certified_at"].clone()), (1.into(), 9.into()));
}

#[test]
fn octal_plot_and_output_files_are_checked() {
    let dir = std::env::temp_dir().join(format!("onag-octal-files-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let png = dir.join("k.png");
    assert_error(
        &["octal", "0.77", "--plot", png.to_str().unwrap()],
        "the plot is drawn as SVG; give a file name ending in .svg",
    );
    assert!(!png.exists());
    let svg = dir.join("k.svg");
    let same = dir.join(".").join("k.svg");
    assert_error(
        &["octal", "0.77", "--plot", svg.to_str().unwrap(), "--output", same.to_str().unwrap()],
        "name the same file",
    );
    assert!(!svg.exists());
    let run =
        onag(&["octal", "0.77", "--upto", "20", "--plot", dir.join("K.SVG").to_str().unwrap()]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn octal_bad_ranges_and_timeouts_read_like_other_bad_values() {
    assert_error(
        &["octal", "0.77", "--values", "-1..5"],
        "invalid value '-1..5' for '--values <A..B>': '-1' must not be negative",
    );
    assert_error(
        &["octal", "0.77", "--genus", "2..-5"],
        "invalid value '2..-5' for '--genus <A..B>': '-5' must not be negative",
    );
    assert_error(
        &["octal", "0.77", "--upto", "100000", "--timeout", "0"],
        "invalid value '0' for '--timeout <SECONDS>': must be at least 1 second",
    );
}

#[test]
fn arithmetic_periodic_values_past_32_bits() {
    // 0.8 (take one, leave three heaps): g(n) = floor((n - 1) / 3) from n = 1,
    // so heap 10^12 has value 333333333333, more than 32 bits hold.
    let run = onag(&["octal", "0.8", "--values", "999999999999..1000000000001"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(run.stdout, "999999999999: 333333333332 333333333333 333333333333\n");
    let run = onag(&["octal", "0.8", "--sum", "1000000000000,5"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.starts_with("nim value: 333333333332\n"), "{}", run.stdout);
    assert!(run.stdout.contains("passes 2^32 - 1"), "{}", run.stdout);
    let run =
        onag(&["octal", "0.8", "--values", "18446744073709551615..18446744073709551615", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(v["values"]["values"][0].as_u64(), Some(6148914691236517204));
}

#[test]
fn a_table_held_in_memory_is_refused_before_any_search() {
    // --json holds every value: 10^6 values need 4 MB, more than 1M.
    let run = onag(&["octal", "0.007", "--upto", "1000000", "--json", "--max-memory", "1M"]);
    assert_eq!(run.code, 2, "{}", run.stderr);
    assert!(
        run.stderr.contains("--upto 1000000 (--json lists every value g(0..=N))"),
        "{}",
        run.stderr
    );
    assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
    // The summary alone needs no table past a certified period.
    let run = onag(&["octal", "0.07", "--upto", "1000000000000", "--max-memory", "1M", "-q"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
}

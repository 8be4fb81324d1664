//! The period search of Grundy sequences: the fingerprint search against
//! the plain definition on sequences built with known long periods, the
//! search until certified against published periods, and the rare/common
//! counts at powers of two against a direct count.

use onag::Budget;
use onag::impartial::heap::TakeAndBreak;
use onag::impartial::heap::period::{candidate, certificate_bound, least_period};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// The least period of `s` by the definition: each shift compared in full.
fn plain_least_period(s: &[u32]) -> Option<usize> {
    (1..s.len()).find(|&p| s[..s.len() - p] == s[p..])
}

/// `pre` random values, then a random block of `period` values repeated up
/// to `len` values; the last value of the preperiod breaks the pattern.
fn built(pre: usize, period: usize, len: usize, alphabet: u32, seed: u64) -> Vec<u32> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut s: Vec<u32> = (0..pre).map(|_| rng.gen_range(0..alphabet)).collect();
    let block: Vec<u32> = (0..period).map(|_| rng.gen_range(0..alphabet)).collect();
    while s.len() < len {
        s.push(block[(s.len() - pre) % period]);
    }
    if pre > 0 {
        s[pre - 1] = (block[(period - 1) % period] + 1) % alphabet;
    }
    s
}

#[test]
fn long_periods_and_long_preperiods_match_the_plain_search() {
    // Periods past 2^20, preperiods longer than the period, and the reverse.
    for (pre, period, seed) in
        [(3 << 20, (1 << 20) + 7, 1), (5000, (1 << 21) + 1, 2), (2_500_000, 999_983, 3)]
    {
        let (h, k) = (2u32, 3usize);
        let needed = certificate_bound(h, k, pre, period).unwrap() + period;
        let s = built(pre, period, needed, 4, seed);
        let half = &s[s.len() - s.len() / 2..];
        assert_eq!(least_period(half), plain_least_period(half), "period {period}");
        let (found, need) = candidate(&s, h, k).unwrap();
        assert_eq!((found.period, found.preperiod, need), (period, pre, needed));
        // One value short of the certificate: seen, not certified.
        let (short, need) = candidate(&s[..needed - 1], h, k).unwrap();
        assert_eq!((short.period, need > needed - 1), (period, true));
    }
}

#[test]
fn periods_of_random_and_periodic_strings_match_the_plain_search() {
    let mut rng = StdRng::seed_from_u64(7);
    for _ in 0..300 {
        let pre = rng.gen_range(0..300);
        let period = rng.gen_range(1..200);
        let len = pre + rng.gen_range(0..3 * period + 400);
        let s = built(pre, period, len, rng.gen_range(1..4), rng.r#gen());
        assert_eq!(least_period(&s), plain_least_period(&s), "{s:?}");
    }
}

#[test]
fn search_certifies_0_16_without_a_bound_given() {
    // Published: period 149459, last exceptional value at heap 105350.
    let rule = TakeAndBreak::parse("0.16").unwrap();
    let seq = rule.search(10_000_000, &Budget::unlimited()).unwrap();
    let c = seq.certified.unwrap();
    assert_eq!((c.period, c.preperiod, c.saltus), (149_459, 105_351, 0));
    assert_eq!(seq.stopped, None);
    assert_eq!(seq.candidate, None);
    // Search stops where the certificate is complete: 2·pp + 2·p + k values
    // (k = 2: a move removes at most two tokens).
    assert_eq!(seq.searched, certificate_bound(2, 2, 105_351, 149_459).unwrap() + 149_459);
    // The values read there are the plain ones.
    let plain = rule.sequence_with(seq.searched - 1, &Budget::unlimited(), false).unwrap();
    assert_eq!(plain.values, seq.values);
}

#[test]
fn search_stops_at_its_limit_with_the_best_candidate() {
    let rule = TakeAndBreak::parse("0.16").unwrap();
    let seq = rule.search(400_000, &Budget::unlimited()).unwrap();
    assert_eq!(seq.certified, None);
    assert_eq!(seq.searched, 400_001);
    let c = seq.candidate.unwrap();
    assert_eq!((c.period, c.preperiod), (149_459, 105_351));
    assert_eq!(c.needed, certificate_bound(2, 2, 105_351, 149_459).unwrap() + 149_459);
    // A position limit or a deadline ends search with what was found.
    let budget = Budget::unlimited().with_max_positions(50_000);
    let seq = rule.search(400_000, &budget).unwrap();
    assert!(seq.stopped.is_some() && seq.values.len() <= 50_001);
    let seq = rule.search(400_000, &Budget::unlimited().with_timeout(Default::default())).unwrap();
    assert_eq!(seq.stopped.as_deref(), Some("time limit reached (raise --timeout)"));
    assert!(rule.search(usize::MAX, &Budget::unlimited()).is_err());
}

#[test]
fn milestones_count_rare_values_at_powers_of_two() {
    let rule = TakeAndBreak::parse("4!.0").unwrap();
    let seq = rule.search(100_000, &Budget::unlimited()).unwrap();
    let mask = seq.rare_mask.unwrap();
    assert_ne!(mask, 0);
    let marks = seq.milestones();
    assert_eq!(marks.len(), 18, "2^0..=2^16 and the last heap");
    for m in &marks {
        let head = &seq.values[..m.heaps];
        let rare = head.iter().filter(|&&v| (v & mask).count_ones() % 2 == 0).count();
        assert_eq!((m.rare, m.common), (rare, m.heaps - rare));
        assert_eq!(m.largest, *head.iter().max().unwrap());
    }
    assert_eq!(marks.last().unwrap().heaps, 100_001);
}

#[test]
fn a_search_resumed_from_known_values_is_the_search_from_nothing() {
    // 4!.0 and 0.6 have no period (plain table, every heap searched); 0.16
    // certifies its period after the resumption point; 0.4 (leaves up to
    // two heaps, a plain code with a criterion) too.
    for (code, limit, cuts) in [
        ("4!.0", 30_000, &[0usize, 1, 255, 256, 4096, 20_000, 30_001][..]),
        ("0.6", 20_000, &[300, 5000][..]),
        ("0.16", 600_000, &[1000, 150_000][..]),
        ("0.4", 3000, &[100][..]),
    ] {
        let rule = TakeAndBreak::parse(code).unwrap();
        let whole = rule.search(limit, &Budget::unlimited()).unwrap();
        for &cut in cuts {
            let known = whole.values[..cut.min(whole.values.len())].to_vec();
            let mut handed = known.clone();
            let resumed = rule
                .search_from(known, limit, &Budget::unlimited(), &mut |batch| {
                    handed.extend_from_slice(batch);
                    Ok(())
                })
                .unwrap();
            assert_eq!(resumed.values, whole.values, "{code} from {cut}");
            assert_eq!(handed, whole.values, "{code} from {cut}: the values handed on");
            assert_eq!(resumed.certified, whole.certified, "{code} from {cut}");
            assert_eq!(
                (resumed.rare_mask, resumed.rare_count),
                (whole.rare_mask, whole.rare_count)
            );
            assert_eq!(resumed.milestones(), whole.milestones(), "{code} from {cut}");
        }
    }
}

#[test]
fn a_search_refuses_known_values_of_another_game() {
    let kayles = TakeAndBreak::parse("0.77").unwrap().sequence(100, &Budget::unlimited()).unwrap();
    let grundy = TakeAndBreak::parse("4!.0").unwrap();
    let err = grundy.search_from(kayles.values, 1000, &Budget::unlimited(), &mut |_| Ok(()));
    let message = err.unwrap_err().to_string();
    assert!(message.contains("not those of 4!.0: heap 1 has value 0, not 1"), "{message}");
    // An error while handing values on ends the search with it.
    let err = grundy.search_from(Vec::new(), 100_000, &Budget::unlimited(), &mut |_| {
        Err(onag::Error::invalid("disk full"))
    });
    assert!(err.unwrap_err().to_string().contains("disk full"));
}

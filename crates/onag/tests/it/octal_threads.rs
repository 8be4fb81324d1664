//! Grundy sequences on two threads against one thread, bit for bit (values,
//! periods, rare mask and count), and against the plain algorithm.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use onag::impartial::heap::TakeAndBreak;
use onag::impartial::heap::sequence::{Threads, compute_plain};
use onag::{Budget, ErrorKind};

fn code(text: &str) -> TakeAndBreak {
    TakeAndBreak::parse(text).unwrap()
}

/// The sequence to `upto` on one thread and on two agree in every field,
/// with and without periods (the one-thread path is checked against the
/// plain algorithm in `octal`).
fn check(text: &str, upto: usize) {
    let rule = code(text);
    let budget = Budget::unlimited();
    for use_period in [false, true] {
        let one = rule.sequence_threads(upto, &budget, use_period, Threads::One).unwrap();
        let two = rule.sequence_threads(upto, &budget, use_period, Threads::Two).unwrap();
        let first = one.values.iter().zip(&two.values).position(|(a, b)| a != b);
        assert_eq!(first, None, "{text} to {upto} (periods: {use_period}): first difference");
        assert_eq!(one, two, "{text} to {upto} (periods: {use_period})");
    }
}

#[test]
fn two_threads_give_the_one_thread_sequence() {
    for text in ["4!.0", "0.6", "0.16", "0.77", "0.07", "0.137", "0.376", "4?.3", "0.4!7", "0.165"]
    {
        check(text, 3000);
    }
}

#[test]
fn two_threads_give_the_one_thread_sequence_of_hexadecimal_codes() {
    // 0.F and 0.B leave three heaps (plain algorithm); 0.2F6 mixes digits.
    for text in ["0.F", "0.B", "0.2F6", "0.[3]"] {
        check(text, 400);
    }
}

#[test]
fn two_threads_agree_with_plain_search_on_every_two_digit_octal_code() {
    let budget = Budget::unlimited();
    for i in 0..64 {
        let rule = code(&format!("0.{}{}", i / 8, i % 8));
        let plain = compute_plain(&rule, 700, &budget).unwrap();
        let two = rule.sequence_threads(700, &budget, false, Threads::Two).unwrap();
        assert_eq!(plain.values, two.values, "{rule}");
    }
}

#[test]
fn two_threads_stop_on_cancel_and_limits() {
    let cancel = Arc::new(AtomicBool::new(true));
    let budget = Budget::unlimited().with_cancel_flag(cancel);
    let err = code("4!.0").sequence_threads(20_000, &budget, false, Threads::Two).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Cancelled);
    let budget = Budget::unlimited().with_max_positions(5000);
    let err = code("0.6").sequence_threads(20_000, &budget, false, Threads::Two).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::LimitExceeded);
}

#[test]
fn automatic_choice_gives_the_one_thread_sequence_past_its_threshold() {
    // Grundy's game past heap 2^14 visits thousands of pairs a heap: blocks.
    let rule = code("4!.0");
    let budget = Budget::unlimited();
    let one = rule.sequence_threads(40_000, &budget, false, Threads::One).unwrap();
    let auto = rule.sequence_threads(40_000, &budget, false, Threads::Auto).unwrap();
    assert_eq!(one, auto);
}

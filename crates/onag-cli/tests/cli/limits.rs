//! Limits that hold (issue 40): computations that stop within their limits,
//! thread counts that cannot hang the process, one-line errors for what
//! used to panic. Each run that must stop is bounded by the clock of a
//! subprocess.

use std::time::Duration;

use crate::onag_within;

/// Issue 40: `RAYON_NUM_THREADS` in the millions made a worker fail to
/// start and the pool wait for it forever; the count is capped.
#[test]
fn issue_40_a_huge_thread_count_is_capped() {
    let board = ".....|.....|.....|.....";
    let (capped, took) = onag_within(
        &["domineering", board, "--quiet"],
        &[("RAYON_NUM_THREADS", "100000000")],
        Duration::from_secs(60),
    );
    assert_eq!(capped.code, 0, "after {took:?}: {}", capped.stderr);
    let (plain, _) = onag_within(&["domineering", board, "--quiet"], &[], Duration::from_secs(60));
    assert_eq!(capped.stdout, plain.stdout);
}

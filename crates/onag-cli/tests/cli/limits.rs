//! Limits that hold (issue 40): computations that stop within their limits,
//! thread counts that cannot hang the process, one-line errors for what
//! used to panic. Each run that must stop is bounded by the clock of a
//! subprocess.

use std::time::Duration;

use crate::{assert_stops, onag_within};

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

/// Issue 40: a code whose moves leave many heaps looked at the budget only
/// between batches of heaps, so one slow heap ignored every limit.
#[test]
fn issue_40_a_code_leaving_many_heaps_stops_in_time() {
    let limit = Duration::from_secs(10);
    let slow = ["octal", "0.8F", "--upto", "2000", "-q"];
    assert_stops(
        &[&slow[..], &["--timeout", "1"]].concat(),
        limit,
        2,
        "time limit reached (raise --timeout)",
    );
    // Options past the guard of open digits are refused, not listed for ever.
    assert_stops(
        &["octal", "0.&4294967296;", "--upto", "300", "-q"],
        limit,
        2,
        "has more than 4194304 options, too many to list one by one",
    );
    // SIGTERM (and Ctrl-C, which sets the same flag) stop a heap mid-way.
    let child = std::process::Command::new(env!("CARGO_BIN_EXE_onag"))
        .args(slow)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(500));
    let started = std::time::Instant::now();
    let kill = std::process::Command::new("kill").args(["-TERM", &child.id().to_string()]).status();
    assert!(kill.unwrap().success());
    let out = child.wait_with_output().unwrap();
    assert!(started.elapsed() < limit, "stopped after {:?}", started.elapsed());
    assert_eq!(out.status.code(), Some(130), "{}", String::from_utf8_lossy(&out.stderr));
}

/// Issue 40: sums in a loopy literal were built without the budget (100
/// `over`s ran to 1.5 GB), and a long sum was a tree deep enough to
/// overflow the stack.
#[test]
fn issue_40_loopy_sums_keep_the_limits_and_the_stack() {
    let limit = Duration::from_secs(10);
    let overs = vec!["over"; 100].join(" + ");
    assert_stops(
        &["loopy", &overs, "--timeout", "1"],
        limit,
        2,
        "time limit reached (raise --timeout)",
    );
    assert_stops(
        &["loopy", &overs, "--max-positions", "1000"],
        limit,
        2,
        "exceed the limit of 1000 (raise --max-positions)",
    );
    assert_stops(&["loopy", &overs, "--max-memory", "20M"], limit, 2, "(raise --max-memory)");
    let stars = vec!["*"; 16_000].join(" + ");
    assert_stops(&["loopy", &stars, "--max-positions", "100000"], limit, 2, "positions exceed");
}

/// Issue 40: `--output` and `--plot` emptied an existing file when the run
/// started, so an interrupted run destroyed earlier results; they are
/// written beside it and renamed over it when complete.
#[test]
fn issue_40_an_interrupted_run_leaves_the_earlier_file_intact() {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("atomic-output");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let (out, svg) = (dir.join("values.txt"), dir.join("plot.svg"));
    std::fs::write(&out, "earlier values\n").unwrap();
    std::fs::write(&svg, "<svg>earlier</svg>").unwrap();
    let (out_s, svg_s) = (out.to_str().unwrap(), svg.to_str().unwrap());
    let slow = ["octal", "0.8F", "--upto", "2000", "--timeout", "1", "-q"];
    for file in [["--output", out_s], ["--plot", svg_s]] {
        let args = [&slow[..], &file[..]].concat();
        crate::assert_stops(
            &args,
            Duration::from_secs(10),
            2,
            "time limit reached (raise --timeout)",
        );
    }
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "earlier values\n");
    assert_eq!(std::fs::read_to_string(&svg).unwrap(), "<svg>earlier</svg>");
    let names: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert_eq!(names.len(), 2, "no temporary file is left: {names:?}");
    // A run that completes replaces them.
    let run = crate::onag(&["octal", "0.07", "--upto", "5", "--output", out_s, "--plot", svg_s]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "0\n0\n1\n1\n2\n0\n");
    assert!(std::fs::read_to_string(&svg).unwrap().contains("<svg"));
}

/// Runs `onag` with `args` and returns how it ended and its peak resident
/// memory in bytes (the child's own, from `wait4`).
#[allow(clippy::zombie_processes, reason = "wait4 reaps the child, to read its peak memory")]
fn onag_peak(args: &[&str]) -> (crate::Run, u64) {
    use std::io::Read;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_onag"))
        .args(args)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut stderr = String::new();
    child.stderr.take().unwrap().read_to_string(&mut stderr).unwrap();
    let mut status = 0;
    // SAFETY: an all-zero rusage is a valid value for wait4 to fill.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: the pid is this process's child, not yet waited for; the
    // pointers are to live locals.
    let pid = unsafe { libc::wait4(child.id() as i32, &mut status, 0, &mut usage) };
    assert_eq!(pid, child.id() as i32);
    let code = if libc::WIFEXITED(status) { libc::WEXITSTATUS(status) } else { -1 };
    (crate::Run { stdout: String::new(), stderr, code }, usage.ru_maxrss as u64 * 1024)
}

/// Issue 40: `--max-memory` counted the main tables only. The command's
/// allocator now counts every byte live and the budget's checks read it,
/// and the solver asks for a table's doubling before it happens.
/// FIXME: the goal is a peak within 10% (and a few MB) of the limit; the
/// bounds below are today's (allocator slack and allocations still unguarded:
/// the arena's tables, a loopy sum's packing).
#[test]
fn issue_40_memory_limits_hold_on_real_memory() {
    const MB: u64 = 1 << 20;
    let overs = vec!["over"; 100].join(" + ");
    let board = "......|......|......|......|......|......";
    for (args, limit, slack) in [
        (vec!["--max-memory", "60M", "loopy", overs.as_str()], 60 * MB, 2.0),
        (vec!["--max-memory", "80M", "domineering", board, "-q"], 80 * MB, 2.2),
    ] {
        let (run, peak) = onag_peak(&args);
        assert_eq!(run.code, 2, "{args:?}: {}", run.stderr);
        assert!(run.stderr.contains("(raise --max-memory)"), "{args:?}: {}", run.stderr);
        let bound = (limit as f64 * slack) as u64 + 20 * MB;
        assert!(peak <= bound, "{args:?}: peak {} MB, bound {} MB", peak / MB, bound / MB);
    }
    // A size checked before the allocation it guards.
    let (run, peak) = onag_peak(&["domineering", "--table", "100000x100000"]);
    assert!(run.stderr.contains("at most 64 cells"), "{}", run.stderr);
    assert!(peak < 64 * MB, "--table 100000x100000 took {} MB", peak / MB);
}

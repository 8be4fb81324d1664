//! `onag octal CODE` without `--upto`: search until a period is certified,
//! its limits, and what it prints when it stops short.

use std::io::Write;
use std::process::{Command, Stdio};
use std::time::Duration;

use crate::{assert_error, onag};

#[test]
fn search_certifies_0_16_without_a_bound() {
    // Published: period 149459, last exceptional value at heap 105350.
    let run = onag(&["octal", "0.16", "-q"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("period 149459, preperiod 105351 (certified"), "{}", run.stdout);
    let run = onag(&["octal", "0.16", "--json", "-q"]);
    let v: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(v["period"], 149459);
    assert_eq!(v["search"]["stopped"], serde_json::Value::Null);
    assert_eq!(v["search"]["searched"], 509622);
    assert_eq!(v["sequence"].as_array().unwrap().len(), 509622);
}

#[test]
fn search_short_of_the_certificate_names_the_candidate() {
    let run = onag(&["octal", "0.16", "--limit", "400000", "-q"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("no period found up to 400000"), "{}", run.stdout);
    assert!(
        run.stdout.contains(
            "candidate: period 149459, preperiod 105351 (the last half of the values repeats; \
             certified once heaps 0..=509621 agree)"
        ),
        "{}",
        run.stdout
    );
    assert!(run.stdout.contains("  2^18: "), "{}", run.stdout);
    let run = onag(&["octal", "0.16", "--limit", "400000", "--json", "-q"]);
    let v: serde_json::Value = serde_json::from_str(&run.stdout).unwrap();
    assert_eq!(v["search"]["candidate"]["period"], 149459);
    assert_eq!(v["search"]["milestones"][18]["heaps"], 1 << 18);
}

#[test]
fn open_games_report_rare_and_common_values_at_powers_of_two() {
    let run = onag(&["octal", "4!.0", "--limit", "5000", "-q"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(run.stdout.contains("searched: heaps 0..5000 (limit 5000 reached"), "{}", run.stdout);
    assert!(run.stdout.contains("heaps below 2^k: rare, common (mask "), "{}", run.stdout);
    assert!(run.stdout.contains("  2^12: "), "{}", run.stdout);
    assert!(run.stdout.contains("candidate: not sought"), "{}", run.stdout);
    // Without a limit, codes outside the theorem stop at the summary's 1000 heaps.
    let run = onag(&["octal", "0.8", "-q"]);
    assert!(run.stdout.contains("saltus 1 (certified by the arithmetic"), "{}", run.stdout);
    let run = onag(&["octal", "0.[3]", "-q"]);
    assert!(run.stdout.contains("searched: heaps 0..1000 (limit 1000"), "{}", run.stdout);
    let run = onag(&["octal", "4!.0", "-q"]);
    assert!(run.stdout.contains("searched: heaps 0..1000 (limit 1000 reached"), "{}", run.stdout);
    // A time limit: the summary of what was searched.
    let run = onag(&["octal", "4!.0", "--limit", "4000000000", "--timeout", "1", "-q"]);
    assert_eq!(run.code, 0, "{}", run.stderr);
    assert!(
        run.stdout.contains("(stopped: time limit reached (raise --timeout))"),
        "{}",
        run.stdout
    );
}

#[test]
fn search_limits_are_checked_before_allocating() {
    assert_error(&["octal", "0.6", "--limit", "99999999999"], "--limit 99999999999: heaps are");
    assert_error(
        &["octal", "0.6", "--limit", "1000000000", "--max-memory", "1000000"],
        "--limit 1000000000: 1000000001 values need 4000000004 bytes, more than --max-memory",
    );
    assert_error(&["octal", "0.6", "--limit", "5", "--sum", "3"], "--limit 5: only a search");
    assert_error(&["octal", "0.6", "--limit", "-5"], "--limit");
    assert_error(&["octal", "0.6", "--limit", "9", "--output", "/nonexistent/x"], "cannot write");
}

#[test]
fn ctrl_c_prints_what_was_found() {
    let child = Command::new(env!("CARGO_BIN_EXE_onag"))
        .args(["octal", "4!.0", "--limit", "200000000", "-q"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("onag runs");
    // Long enough for the handler to be installed, even on a loaded machine.
    std::thread::sleep(Duration::from_millis(3000));
    let pid = child.id().to_string();
    let sent = Command::new("kill").args(["-INT", &pid]).status().expect("kill runs");
    assert!(sent.success());
    let out = child.wait_with_output().expect("onag ends");
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(130), "{stdout}");
    assert!(stdout.contains("(stopped: interrupted)"), "{stdout}");
    assert!(stdout.contains("heaps below 2^k"), "{stdout}");
}

#[test]
fn a_checkpoint_keeps_the_values_and_a_search_goes_on_from_it() {
    let dir = std::env::temp_dir().join(format!("onag-checkpoint-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("grundy.bin");
    let path = file.to_str().unwrap();
    let first = onag(&["octal", "4!.0", "--limit", "5000", "--checkpoint", path, "-q"]);
    assert_eq!(first.code, 0, "{}", first.stderr);
    assert!(
        first.stdout.contains(&format!(
            "checkpoint: '{path}' holds heaps 0..5000 (search went on from heap 0)"
        )),
        "{}",
        first.stdout
    );
    let bytes = std::fs::read(&file).unwrap();
    assert_eq!(&bytes[..64], format!("{:<63}\n", "onag grundy values/2 4!.0").as_bytes());
    assert_eq!(blocks(&bytes).iter().map(|(_, v)| v.len()).sum::<usize>(), 5001);
    // A crash mid-value leaves a partial value: dropped when search goes on.
    std::fs::OpenOptions::new().append(true).open(&file).unwrap().write_all(&[7, 7]).unwrap();
    let resumed =
        onag(&["octal", "4!.0", "--limit", "12000", "--checkpoint", path, "--json", "-q"]);
    assert_eq!(resumed.code, 0, "{}", resumed.stderr);
    let fresh = onag(&["octal", "4!.0", "--limit", "12000", "--json", "-q"]);
    let (a, b): (serde_json::Value, serde_json::Value) = (
        serde_json::from_str(&resumed.stdout).unwrap(),
        serde_json::from_str(&fresh.stdout).unwrap(),
    );
    assert_eq!(a["sequence"], b["sequence"]);
    assert_eq!(a["search"]["milestones"], b["search"]["milestones"]);
    assert_eq!(a["search"]["checkpoint"]["resumed_from"], 5001);
    assert_eq!(a["search"]["checkpoint"]["holds"], 12001);
    // The file holds exactly the values, in blocks after the header.
    let bytes = std::fs::read(&file).unwrap();
    let held: Vec<u64> = blocks(&bytes).into_iter().flat_map(|(_, v)| v).map(u64::from).collect();
    let want: Vec<u64> =
        b["sequence"].as_array().unwrap().iter().map(|v| v.as_u64().unwrap()).collect();
    assert_eq!(held, want);
    // A shorter limit reads what it needs and writes nothing.
    let short = onag(&["octal", "4!.0", "--limit", "3000", "--checkpoint", path, "-q"]);
    assert_eq!(short.code, 0, "{}", short.stderr);
    assert!(
        short.stdout.contains("holds heaps 0..12000 (search went on from heap 3001)"),
        "{}",
        short.stdout
    );
    assert_eq!(std::fs::read(&file).unwrap(), bytes);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The blocks of a checkpoint file: where each starts and its values, each
/// block's checksum verified (count, values, CRC-32 of both; little-endian).
fn blocks(bytes: &[u8]) -> Vec<(usize, Vec<u32>)> {
    let word = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap());
    let mut at = 64;
    let mut out = Vec::new();
    while at < bytes.len() {
        let n = word(at) as usize;
        let end = at + 4 + 4 * n;
        assert_eq!(crc32fast::hash(&bytes[at..end]), word(end), "block at byte {at}");
        out.push((at, (0..n).map(|i| word(at + 4 + 4 * i)).collect()));
        at = end + 4;
    }
    out
}

/// Issue 40: a value flipped late in a checkpoint gave a silently wrong
/// summary; every block carries a checksum, and a block that fails it
/// refuses the file.
#[test]
fn a_damaged_checkpoint_is_refused_naming_the_block() {
    let dir = std::env::temp_dir().join(format!("onag-checkpoint-damaged-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("g.bin");
    let path = file.to_str().unwrap();
    let search = ["octal", "4!.0", "--limit", "20000", "--checkpoint", path, "-q"];
    assert_eq!(onag(&search).code, 0);
    let good = std::fs::read(&file).unwrap();
    let all = blocks(&good);
    let (last_at, last) = all.last().unwrap().clone();
    let first_heap = 20001 - last.len();
    // A value late in the file, in its last block.
    let mut bad = good.clone();
    bad[last_at + 4 + 4 * (last.len() - 2)] ^= 4;
    std::fs::write(&file, &bad).unwrap();
    assert_error(
        &search,
        &format!(
            "--checkpoint '{path}': block {} (heaps {first_heap}..20000) fails its checksum",
            all.len()
        ),
    );
    // A partial file (the last block cut short by a crash): the cut block
    // is dropped, a damaged one before it refused.
    let (prev_at, prev) = all[all.len() - 2].clone();
    let mut cut = good[..last_at + 10].to_vec();
    cut[prev_at + 4 + 4 * (prev.len() - 1)] ^= 1;
    std::fs::write(&file, &cut).unwrap();
    assert_error(&search, &format!("block {} (heaps", all.len() - 1));
    // A file from before checksums is not trusted either.
    std::fs::write(&file, format!("{:<63}\n", "onag grundy values 4!.0")).unwrap();
    assert_error(&search, "without checksums: its values cannot be verified");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Issue 40: a checkpoint value of 2^31 or more made the sparse search's
/// growth step shift by 32 and loop for ever, deaf to signals.
#[test]
fn a_checkpoint_value_too_large_for_the_search_is_refused() {
    let dir = std::env::temp_dir().join(format!("onag-checkpoint-huge-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("g.bin");
    let path = file.to_str().unwrap();
    let search = ["octal", "4!.0", "--limit", "5000", "--checkpoint", path, "-q"];
    assert_eq!(onag(&search).code, 0);
    let mut bytes = std::fs::read(&file).unwrap();
    let (at, values) = blocks(&bytes).last().unwrap().clone();
    let end = at + 4 + 4 * values.len();
    bytes[end - 4..end].copy_from_slice(&(1u32 << 31).to_le_bytes());
    let sum = crc32fast::hash(&bytes[at..end]);
    bytes[end..end + 4].copy_from_slice(&sum.to_le_bytes());
    std::fs::write(&file, &bytes).unwrap();
    let (run, took) = crate::onag_within(&search, &[], std::time::Duration::from_secs(10));
    assert_eq!(run.code, 2, "after {took:?}: {}", run.stderr);
    assert!(run.stderr.contains("has value 2147483648"), "{}", run.stderr);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_checkpoint_of_another_game_or_no_checkpoint_is_refused() {
    let dir = std::env::temp_dir().join(format!("onag-checkpoint-other-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("g.bin");
    let path = file.to_str().unwrap();
    assert_eq!(onag(&["octal", "0.6", "--limit", "100", "--checkpoint", path, "-q"]).code, 0);
    assert_error(
        &["octal", "0.77", "--limit", "100", "--checkpoint", path],
        &format!("--checkpoint '{path}': it holds the values of 0.6, not of 0.77"),
    );
    std::fs::write(&file, "1\n2\n3\n").unwrap();
    assert_error(&["octal", "0.6", "--checkpoint", path], "not a checkpoint of onag");
    assert_error(
        &["octal", "0.6", "--values", "1..5", "--checkpoint", path],
        "--checkpoint: only a search until certified",
    );
    assert_error(
        &["octal", "0.6", "--checkpoint", dir.to_str().unwrap()],
        "cannot open it for writing",
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

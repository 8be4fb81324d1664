//! Every value of every two- and three-digit octal code (0.d1d2 and
//! 0.d1d2d3: 576 codes) by the sparse-space algorithm, against the plain
//! algorithm (every option of every heap), up to heap N.
//!
//! Run: `cargo run --release -p onag --example octal_plain_check -- 65536`.
//! The plain algorithm is quadratic: 2^16 takes hours of CPU on two cores;
//! the integration tests check every code to 600 and a sample to 3000.

use onag::Budget;
use onag::impartial::heap::TakeAndBreak;
use onag::impartial::heap::sequence::compute_plain;
use rayon::prelude::*;

fn main() {
    let upto: usize = match std::env::args().nth(1).map(|a| a.parse()) {
        None => 1 << 16,
        Some(Ok(n)) if n <= 1 << 20 => n,
        _ => {
            eprintln!("error: give the last heap, at most 1048576");
            std::process::exit(2);
        }
    };
    let mut codes: Vec<String> = (0..64).map(|i| format!("0.{}{}", i / 8, i % 8)).collect();
    codes.extend((0..512).map(|i| format!("0.{}{}{}", i / 64, i / 8 % 8, i % 8)));
    let budget = Budget::unlimited();
    let bad: Vec<String> = codes
        .par_iter()
        .filter_map(|c| {
            let rule = TakeAndBreak::parse(c).expect("a valid code");
            let fast = rule.sequence_with(upto, &budget, false).expect("computes");
            let plain = compute_plain(&rule, upto, &budget).expect("computes");
            (fast.values != plain.values).then(|| c.clone())
        })
        .collect();
    if bad.is_empty() {
        println!("{} codes agree with the plain algorithm up to heap {upto}", codes.len());
    } else {
        println!("sparse and plain differ on {bad:?}");
        std::process::exit(1);
    }
}

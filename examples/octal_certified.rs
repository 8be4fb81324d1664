//! Octal games with long periods, searched until the octal periodicity
//! theorem certifies them, against the published periods and last
//! exceptional values where this file has them (0.16: Flammenkamp's
//! tables; 0.1777: OEIS A071509); the others are printed for comparison.
//!
//! Run: `cargo run --release -p onag --example octal_certified -- 0.354`
//! (codes: 0.16, 0.354, 0.376, 0.1777; all four without an argument).
//! 0.1777 reads 443 million values: about 1.8 GB and a minute or two.

use std::time::Instant;

use onag::Budget;
use onag::impartial::heap::TakeAndBreak;
use onag::impartial::heap::sequence::MAX_HEAP;

/// Code, published period and last exceptional heap (None: none published here).
const KNOWN: &[(&str, Option<(usize, usize)>)] = &[
    ("0.16", Some((149_459, 105_350))),
    ("0.354", None),
    ("0.376", None),
    ("0.1777", Some((60_620_715, 160_949_017))),
];

fn main() {
    let wanted: Vec<String> = std::env::args().skip(1).collect();
    let mut failed = false;
    for &(code, published) in KNOWN {
        if !wanted.is_empty() && !wanted.iter().any(|w| w == code) {
            continue;
        }
        let rule = TakeAndBreak::parse(code).expect("a valid code");
        let start = Instant::now();
        let seq = match rule.search(MAX_HEAP, &Budget::unlimited()) {
            Ok(seq) => seq,
            Err(e) => {
                eprintln!("error: {code}: {e}");
                std::process::exit(2);
            }
        };
        let seconds = start.elapsed().as_secs_f64();
        let Some(c) = seq.certified else {
            println!("{code}: no period certified in {} values", seq.searched);
            failed = true;
            continue;
        };
        let verdict = match published {
            Some((p, last)) if (p, last + 1) == (c.period, c.preperiod) => "as published",
            Some(_) => {
                failed = true;
                "DIFFERS from the published values"
            }
            None => "no published values here to compare",
        };
        println!(
            "{code}: period {}, preperiod {} (last exception {}), certified from {} values \
             in {seconds:.1} s wall: {verdict}",
            c.period,
            c.preperiod,
            c.preperiod as i64 - 1,
            seq.searched,
        );
    }
    if failed {
        std::process::exit(1);
    }
}

//! Every value of every two- and three-digit octal code (0.d1d2 and
//! 0.d1d2d3: 576 codes) by the sparse-space algorithm, against the plain
//! algorithm written out here from the definition (every option of every
//! heap, mex), up to heap N.
//!
//! Run: `cargo run --release -p onag --example octal_plain_check -- 65536`.
//! The plain algorithm is quadratic (about `3n²/4` option values a code);
//! the integration tests check every code to 600 and a sample to 3000.

use onag::Budget;
use onag::impartial::heap::TakeAndBreak;
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
            let digits: Vec<u8> = c[2..].bytes().map(|b| b - b'0').collect();
            (fast.values != plain(&digits, upto)).then(|| c.clone())
        })
        .collect();
    if bad.is_empty() {
        println!("{} codes agree with the plain algorithm up to heap {upto}", codes.len());
    } else {
        println!("sparse and plain differ on {bad:?}");
        std::process::exit(1);
    }
}

/// The values of heaps `0..=upto` of the octal code `0.d1d2...` (digit `j`
/// of `digits` is `d_{j+1}`): removing `j` tokens may leave no heap (bit 1
/// of the digit), one heap (bit 2) or two heaps (bit 4). `seen[v] == n + 1`
/// when `v` is an option value of heap `n`; values stay below 2^16 here (a
/// larger one stops the check), so every XOR of two does too.
fn plain(digits: &[u8], upto: usize) -> Vec<u32> {
    const VALUES: usize = 1 << 16;
    let mut g: Vec<u32> = Vec::with_capacity(upto + 1);
    let mut seen = vec![0u32; VALUES];
    for n in 0..=upto {
        let stamp = n as u32 + 1;
        for (i, &d) in digits.iter().enumerate() {
            let j = i + 1;
            if j > n {
                break;
            }
            let rest = n - j;
            if d & 1 != 0 && rest == 0 {
                seen[0] = stamp;
            }
            if d & 2 != 0 && rest > 0 {
                seen[g[rest] as usize] = stamp;
            }
            if d & 4 != 0 && rest >= 2 {
                // Pairs (a, rest − a), 1 ≤ a ≤ rest − a.
                let half = rest / 2;
                let low = &g[1..=half];
                let high = &g[rest - half..rest];
                for (&x, &y) in low.iter().zip(high.iter().rev()) {
                    seen[(x ^ y) as usize & (VALUES - 1)] = stamp;
                }
            }
        }
        let mex = seen.iter().position(|&s| s != stamp).unwrap_or(VALUES);
        assert!(mex < VALUES / 2, "a value of {mex}: beyond what this check holds");
        g.push(mex as u32);
    }
    g
}

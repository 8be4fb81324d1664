//! How many impartial games are distinct in misère play, by birthday.
//!
//! Every game born on day `n` has a set of options born before it, so the
//! games of day `n` are the misère simplest forms of all subsets of the
//! games born by day `n − 1`. Conway's counts are 1, 2, 3, 5, 22 and
//! 4,171,780 (day 5): reproducing them checks that simplification neither
//! merges different games nor misses a reversible option.
//!
//! Run: `cargo run --release -p onag --example misere_days -- 5` (day 5 takes
//! a few seconds and about 1 GB).

use std::collections::BTreeSet;
use std::time::Instant;

use onag::impartial::misere::{FormId, MisereForms};

fn main() {
    let days: u32 = match std::env::args().nth(1).map(|a| a.parse()) {
        None => 4,
        Some(Ok(d)) if d <= 5 => d,
        _ => {
            eprintln!("error: give a day from 0 to 5");
            std::process::exit(2);
        }
    };
    let mut forms = MisereForms::new();
    let mut born: Vec<FormId> = vec![0];
    println!("day 0: 1 game");
    for day in 1..=days {
        let start = Instant::now();
        let mut games = BTreeSet::new();
        for mask in 0u64..(1u64 << born.len()) {
            let options = (0..born.len()).filter(|i| mask >> i & 1 == 1).map(|i| born[i]).collect();
            games.insert(forms.from_options(options));
        }
        born = games.into_iter().collect();
        println!("day {day}: {} games ({:.2?})", born.len(), start.elapsed());
    }
}

//! The classic closed forms (`impartial::classic`) against brute-force search
//! from each game's rules, written here independently of the fast code.

mod fibonacci_nim;
mod misere_nim;
mod moore_nim;
mod staircase;
mod take_half;
mod wythoff;

use onag::number::BigUint;

/// Small numbers as big integers.
fn big(n: u64) -> BigUint {
    BigUint::from(n)
}

/// The minimum excludant of `values`, by the definition.
fn mex(values: impl IntoIterator<Item = u32>) -> u32 {
    let seen: Vec<u32> = values.into_iter().collect();
    (0..).find(|v| !seen.contains(v)).unwrap_or(0)
}

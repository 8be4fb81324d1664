//! Classic impartial games with closed forms.
//!
//! Each game here is solved by a formula, not by search; the formulas are
//! proved against brute-force search from the rules in the integration tests.

pub mod fibonacci_nim;
pub mod moore_nim;
pub mod nim;
pub mod staircase;
pub mod take_half;
pub mod wythoff;

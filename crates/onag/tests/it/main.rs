//! Integration tests of the onag library against independent computations.

mod game_brute;
mod game_laws;
mod game_print;
mod tidy;

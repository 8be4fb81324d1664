//! Integration tests of the onag library against independent computations.

mod game_print;
mod lang;
mod tidy;

//! Integration tests of the onag library against independent computations.

mod classic;
mod graph;
mod hackenbush;
mod loopy;
mod coins;
mod nimber;
mod pins;
mod subtraction;
mod loopy;
mod pins;
mod game_brute;
mod game_laws;
mod game_print;
mod octal;
mod tidy;

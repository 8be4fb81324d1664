//! Integration tests of the onag library against independent computations.

mod game_print;
mod lang;
mod classic;
mod graph;
mod hackenbush;
mod loopy;
mod nimber;
mod pins;
mod subtraction;
mod tidy;

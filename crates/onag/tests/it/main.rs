//! Integration tests of the onag library against independent computations.

mod classic;
mod game_print;
mod graph;
mod hackenbush;
mod lang;
mod loopy;
mod nimber;
mod pins;
mod subtraction;
mod tidy;

//! Integration tests of the onag library against independent computations.

mod classic;
mod graph;
mod nimber;
mod pins;
mod subtraction;
mod tidy;

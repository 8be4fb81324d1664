//! Integration tests of the onag library against independent computations.

mod graph;
mod loopy;
mod pins;
mod tidy;

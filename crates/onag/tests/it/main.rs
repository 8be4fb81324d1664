//! Integration tests of the onag library against independent computations.

mod loopy;
mod tidy;

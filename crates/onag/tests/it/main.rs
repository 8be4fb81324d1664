//! Integration tests of the onag library against independent computations.

mod classic;
mod subtraction;
mod tidy;

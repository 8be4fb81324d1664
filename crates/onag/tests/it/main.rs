//! Integration tests of the onag library against independent computations.

mod octal;
mod tidy;

//! Integration tests of the onag library against independent computations.

mod lang;
mod tidy;

//! Integration tests of the onag library against independent computations.

mod nimber;
mod tidy;

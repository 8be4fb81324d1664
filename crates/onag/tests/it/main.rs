//! Integration tests of the onag library against independent computations.

mod coins;
mod nimber;
mod tidy;

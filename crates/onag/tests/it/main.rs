//! Integration tests of the onag library against independent computations.

mod hackenbush;
mod tidy;

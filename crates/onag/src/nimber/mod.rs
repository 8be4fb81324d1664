//! Nim arithmetic: the nimbers below a Fermat 2-power `F = 2^(2^n)` form the
//! field GF(F) under nim-sum ⊕ (XOR) and nim product ⊗
//! (`a⊗b = mex{a'⊗b ⊕ a⊗b' ⊕ a'⊗b' : a' < a, b' < b}`).
//!
//! Facts the code relies on (each is a tested property): ⊗ is commutative,
//! associative and distributes over ⊕; `x⊗F = x·F` for `x < F`; `F⊗F = 3F/2`.
//!
//! - [`mul64`], [`mul128`]: fast products (polynomial basis + carry-less multiply,
//!   Karatsuba-like split for 128 bits), [`mul64_slice`] for bulk work;
//! - [`sqrt64`], [`sqrt128`]: square roots (linear maps as byte tables);
//! - [`inverse64`], [`inverse128`], [`div64`], [`div128`]: inverses by the subfield
//!   norm, ending in GF(2^16) tables built from the primitive root 258;
//! - [`pow64`], [`pow128`]: powers;
//! - [`Nimber64`], [`Nimber128`]: the same as values with operators;
//! - [`NimberBig`]: any width, on top of the fixed widths;
//! - `reference`: slow independent products that the tests compare against.
//!
//! ```
//! use onag::nimber::{Nimber64, mul64};
//! assert_eq!(mul64(8, 4), 11);
//! assert_eq!(Nimber64(8) * Nimber64(4), Nimber64(11));
//! ```

mod big;
mod inverse;
mod linear;
mod power;
mod product;
pub mod reference;
mod sqrt;
mod types;

pub use big::NimberBig;
pub use inverse::{GF16_PRIMITIVE_ROOT, div64, div128, gf16_log_exp, inverse64, inverse128};
pub use power::{pow64, pow128};
pub use product::{mul64, mul64_portable, mul64_slice, mul128, mul128_portable};
pub use sqrt::{sqrt64, sqrt128};
pub use types::{Nimber64, Nimber128};

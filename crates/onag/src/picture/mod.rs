//! Pictures as SVG text, drawn with plotters' SVG backend: thermographs
//! ([`thermograph_svg`]) and Grundy sequences ([`grundy_svg`]). The
//! command writes them to files and the Python package shows them in
//! notebooks; the library only returns the text.
//!
//! Coordinates are floating point, as any drawing's are: the values drawn
//! are exact dyadics converted only to place lines on the picture, and the
//! labels print the exact values.

mod scatter;
mod thermograph;

pub use scatter::grundy_svg;
pub use thermograph::thermograph_svg;

use crate::error::Error;

/// A drawing error as a library error.
fn draw_error(e: impl std::fmt::Display) -> Error {
    Error::invalid(format!("cannot draw the picture: {e}"))
}

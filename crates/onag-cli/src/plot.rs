//! SVG scatter plots of Grundy sequences (`onag octal --plot`): the
//! library's picture, written to a file.

use std::io::Write;

/// Writes an SVG scatter plot of `values` (heap against Grundy value) titled `title`.
pub fn scatter(out: &mut impl Write, title: &str, values: &[u32]) -> anyhow::Result<()> {
    let svg = onag::picture::grundy_svg(title, values)?;
    out.write_all(svg.as_bytes())?;
    Ok(())
}

//! SVG scatter plots of Grundy sequences (`onag octal --plot`, the Python
//! package's sequence pictures).
//!
//! Long sequences are drawn at the plot's resolution: heaps are grouped into
//! one column per pixel and every distinct value of a column is one point, so
//! the picture is the same as plotting every heap while the text stays small.

use plotters::prelude::*;

use super::draw_error;
use crate::error::Result;

const WIDTH: u32 = 1200;
const HEIGHT: u32 = 600;
/// Sequences up to this long get one point per heap.
const ALL_POINTS: usize = 20_000;

/// The points to draw: `(heap, value)`, at most one per pixel column and value.
fn points(values: &[u32]) -> Vec<(u64, u32)> {
    if values.len() <= ALL_POINTS {
        return values.iter().enumerate().map(|(n, &v)| (n as u64, v)).collect();
    }
    let columns = WIDTH as usize * 2;
    let per = values.len().div_ceil(columns);
    let mut out = Vec::new();
    for (c, chunk) in values.chunks(per).enumerate() {
        let mut distinct: Vec<u32> = chunk.to_vec();
        distinct.sort_unstable();
        distinct.dedup();
        let x = (c * per + per / 2) as u64;
        out.extend(distinct.into_iter().map(|v| (x, v)));
    }
    out
}

/// An SVG scatter plot of `values` (heap against Grundy value) titled
/// "Grundy values of `title`".
pub fn grundy_svg(title: &str, values: &[u32]) -> Result<String> {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (WIDTH, HEIGHT)).into_drawing_area();
        let err = |e: DrawingAreaErrorKind<_>| draw_error(e);
        root.fill(&WHITE).map_err(err)?;
        let max_x = values.len().max(1) as u64;
        let max_y = values.iter().copied().max().unwrap_or(0) + 1;
        let mut chart = ChartBuilder::on(&root)
            .caption(format!("Grundy values of {title}"), ("sans-serif", 20))
            .margin(15)
            .x_label_area_size(40)
            .y_label_area_size(50)
            .build_cartesian_2d(0..max_x, 0..max_y)
            .map_err(err)?;
        chart
            .configure_mesh()
            .disable_mesh()
            .x_desc("heap n")
            .y_desc("g(n)")
            .draw()
            .map_err(err)?;
        let radius = if values.len() <= 2_000 { 2 } else { 1 };
        chart
            .draw_series(
                points(values).into_iter().map(|(x, y)| Circle::new((x, y), radius, BLUE.filled())),
            )
            .map_err(err)?;
        root.present().map_err(err)?;
    }
    Ok(svg)
}

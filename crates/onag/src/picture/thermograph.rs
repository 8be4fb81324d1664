//! A thermograph as an SVG picture: the left wall (blue) and the right wall
//! (red) from temperature −1 up to the temperature, the mast (black) above
//! it, the temperature marked by a dashed line and its exact value.
//!
//! As the books draw it, values grow to the left: Left's wall is on the left.

use num_traits::ToPrimitive;
use plotters::prelude::*;

use super::draw_error;
use crate::error::Result;
use crate::game::{Thermograph, Wall};
use crate::number::Dyadic;

const WIDTH: u32 = 640;
const HEIGHT: u32 = 480;

/// A dyadic as a coordinate of the picture.
fn coordinate(x: &Dyadic) -> f64 {
    let num = x.numerator().to_f64().unwrap_or(f64::MAX);
    let den = x.denominator().to_f64().unwrap_or(f64::MAX);
    num / den
}

/// The corners of `wall` from temperature −1 up to `top`: `(value, t)`.
fn corners(wall: &Wall, top: &Dyadic) -> Result<Vec<(f64, f64)>> {
    let mut ts = vec![Dyadic::from_i64(-1)];
    let mut critical = wall.critical_points();
    critical.reverse();
    ts.extend(critical.into_iter().filter(|t| t > &Dyadic::from_i64(-1) && t < top));
    ts.push(top.clone());
    ts.iter().map(|t| Ok((-coordinate(&wall.value_at(t)?), coordinate(t)))).collect()
}

/// The SVG picture of `thermograph`, titled "Thermograph of `game`".
pub fn thermograph_svg(thermograph: &Thermograph, game: &str) -> Result<String> {
    let temperature = thermograph.temperature();
    let mean = thermograph.mean()?;
    // The mast goes one unit (or the temperature's height) above the temperature.
    let t_top = coordinate(&temperature);
    let mast_height = (t_top + 1.0).max(1.0);
    let top = t_top + mast_height;
    let top_dyadic = temperature.clone();
    let left = corners(thermograph.left_wall(), &top_dyadic)?;
    let right = corners(thermograph.right_wall(), &top_dyadic)?;
    let xs = left.iter().chain(&right).map(|p| p.0);
    let (mut x_min, mut x_max) = (f64::MAX, f64::MIN);
    for x in xs {
        x_min = x_min.min(x);
        x_max = x_max.max(x);
    }
    let pad = ((x_max - x_min) * 0.15).max(0.75);
    let (x_min, x_max) = (x_min - pad, x_max + pad);
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (WIDTH, HEIGHT)).into_drawing_area();
        root.fill(&WHITE).map_err(draw_error)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(format!("Thermograph of {game}"), ("sans-serif", 18))
            .margin(15)
            .x_label_area_size(40)
            .y_label_area_size(50)
            .build_cartesian_2d(x_min..x_max, -1.0..top + 0.25)
            .map_err(draw_error)?;
        chart
            .configure_mesh()
            .disable_mesh()
            .x_desc("value (Left ←, Right →)")
            .y_desc("temperature t")
            .x_label_formatter(&|x| format!("{}", -x))
            .draw()
            .map_err(draw_error)?;
        let blue = RGBColor(31, 90, 200);
        let red = RGBColor(200, 40, 40);
        chart
            .draw_series(std::iter::once(PathElement::new(left, blue.stroke_width(2))))
            .map_err(draw_error)?
            .label("left wall")
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 16, y)], blue));
        chart
            .draw_series(std::iter::once(PathElement::new(right, red.stroke_width(2))))
            .map_err(draw_error)?
            .label("right wall")
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 16, y)], red));
        let m = -coordinate(&mean);
        chart
            .draw_series(std::iter::once(PathElement::new(
                vec![(m, t_top), (m, top)],
                BLACK.stroke_width(2),
            )))
            .map_err(draw_error)?
            .label(format!("mast at mean {mean}"))
            .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 16, y)], BLACK));
        // The temperature: a dashed line across and its exact value.
        let dashes = (0..40).filter(|i| i % 2 == 0).map(|i| {
            let a = x_min + (x_max - x_min) * f64::from(i) / 40.0;
            let b = x_min + (x_max - x_min) * f64::from(i + 1) / 40.0;
            PathElement::new(vec![(a, t_top), (b, t_top)], BLACK.mix(0.5))
        });
        chart.draw_series(dashes).map_err(draw_error)?;
        chart
            .draw_series(std::iter::once(Text::new(
                format!("t = {temperature}"),
                (x_min + (x_max - x_min) * 0.02, t_top + 0.05 * mast_height),
                ("sans-serif", 14),
            )))
            .map_err(draw_error)?;
        chart
            .configure_series_labels()
            .background_style(WHITE.mix(0.8))
            .border_style(BLACK)
            .draw()
            .map_err(draw_error)?;
        root.present().map_err(draw_error)?;
    }
    Ok(svg)
}

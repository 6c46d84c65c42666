//! Line charts drawn as SVG text by plotters, for the printable roster page.
//!
//! Series differ by marker and dash as well as colour, so a black-and-white print keeps
//! them apart. Text is left to the viewer's fonts (plotters' SVG backend writes `<text>`
//! elements), so drawing needs no font file on this machine.

use plotters::coord::Shift;
use plotters::prelude::*;

use super::error::CommandError;

/// One named line: (Mission number, value) points, oldest first.
pub struct Series {
    pub label: String,
    pub points: Vec<(u32, u32)>,
}

/// A chart's title and axis names.
pub struct Labels<'a> {
    pub title: &'a str,
    pub y: &'a str,
}

const SIZE: (u32, u32) = (760, 300);

/// Dark colours that print as distinct greys.
const COLOURS: [RGBColor; 6] = [
    RGBColor(0, 0, 0),
    RGBColor(31, 78, 160),
    RGBColor(170, 40, 30),
    RGBColor(30, 120, 60),
    RGBColor(120, 60, 150),
    RGBColor(150, 100, 20),
];

/// (dash length, gap) in pixels; a zero gap draws a solid line.
const DASHES: [(u32, u32); 4] = [(1, 0), (8, 4), (3, 3), (12, 4)];

/// Draws `series` over the Missions `missions` (their numbers, ascending) as an SVG document.
pub fn svg(labels: &Labels, missions: &[u32], series: &[Series]) -> Result<String, CommandError> {
    let mut text = String::new();
    {
        let root = SVGBackend::with_string(&mut text, SIZE).into_drawing_area();
        draw(&root, labels, missions, series)
            .map_err(|e| CommandError::storage(format!("cannot draw the chart '{}': {e}", labels.title)))?;
        root.present()
            .map_err(|e| CommandError::storage(format!("cannot draw the chart '{}': {e}", labels.title)))?;
    }
    Ok(text)
}

type DrawResult = Result<(), DrawingAreaErrorKind<std::io::Error>>;

fn draw(
    root: &DrawingArea<SVGBackend, Shift>,
    labels: &Labels,
    missions: &[u32],
    series: &[Series],
) -> DrawResult {
    root.fill(&WHITE)?;
    let first = missions.first().copied().unwrap_or(1);
    let last = missions.last().copied().unwrap_or(first);
    let top = series
        .iter()
        .flat_map(|s| s.points.iter().map(|(_, y)| *y))
        .max()
        .unwrap_or(0);
    // Headroom above the highest point, so the top marker and the legend stay clear of it.
    let y_max = top + top / 4 + 2;
    let mut chart = ChartBuilder::on(root)
        .caption(labels.title, ("sans-serif", 20))
        .margin(12)
        .x_label_area_size(40)
        .y_label_area_size(44)
        .build_cartesian_2d(first.saturating_sub(1)..last + 1, 0..y_max)?;
    let label_of = |x: &u32| {
        if missions.contains(x) {
            x.to_string()
        } else {
            String::new()
        }
    };
    chart
        .configure_mesh()
        .x_desc("Mission")
        .y_desc(labels.y)
        .x_labels(usize::try_from(last + 2 - first.saturating_sub(1)).unwrap_or(2))
        .x_label_formatter(&label_of)
        .light_line_style(RGBColor(235, 235, 235))
        .bold_line_style(RGBColor(200, 200, 200))
        .axis_desc_style(("sans-serif", 15))
        .label_style(("sans-serif", 13))
        .draw()?;
    for (i, s) in series.iter().enumerate() {
        let style = ShapeStyle::from(COLOURS[i % COLOURS.len()]).stroke_width(2);
        let filled = style.filled();
        let (dash, gap) = DASHES[i % DASHES.len()];
        let points = s.points.clone();
        if gap == 0 {
            chart.draw_series(LineSeries::new(points.clone(), style))?;
        } else {
            chart.draw_series(DashedLineSeries::new(points.clone(), dash, gap, style))?;
        }
        // Draws the series' markers, and a legend sample of its colour with the same marker,
        // which tells the series apart in grey. `$at` is a chart point, then a legend offset.
        macro_rules! markers {
            ($at:ident => $shape:expr) => {
                chart
                    .draw_series(points.iter().map(|&$at| $shape))?
                    .label(s.label.as_str())
                    .legend(move |(x, y)| {
                        let $at = (12, 0);
                        EmptyElement::at((x, y)) + PathElement::new(vec![(0, 0), (24, 0)], style) + $shape
                    })
            };
        }
        match i % 5 {
            0 => markers!(at => Circle::new(at, 4, filled)),
            1 => markers!(at => TriangleMarker::new(at, 5, filled)),
            2 => markers!(at => Cross::new(at, 4, style)),
            3 => markers!(at => Circle::new(at, 4, style)),
            _ => markers!(at => TriangleMarker::new(at, 5, style)),
        };
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .background_style(WHITE.mix(0.9))
        .border_style(BLACK)
        .label_font(("sans-serif", 14))
        .draw()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_are_escaped_by_plotters() {
        let series = [Series {
            label: "<script>alert(1)</script> & \"Co\"".to_owned(),
            points: vec![(1, 2), (2, 5)],
        }];
        let labels = Labels {
            title: "XP <b>",
            y: "XP",
        };
        let svg = svg(&labels, &[1, 2], &series).unwrap();
        assert!(svg.starts_with("<svg"), "{svg}");
        assert!(!svg.contains("<script") && !svg.contains("<b>"), "{svg}");
        assert!(
            svg.contains("&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Co&quot;"),
            "{svg}"
        );
        assert!(svg.contains("XP &lt;b&gt;"), "{svg}");
    }
}

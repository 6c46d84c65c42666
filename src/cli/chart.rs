//! Line charts drawn as SVG text by plotters, for the printable roster page.
//!
//! Series differ by marker and dash as well as colour, so a black-and-white print keeps
//! them apart. Text is left to the viewer's fonts (plotters' SVG backend writes `<text>`
//! elements), so drawing needs no font file on this machine.

use plotters::coord::{CoordTranslate, Shift};
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

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

/// The chart's size in pixels; it grows taller when the legend needs it.
const WIDTH: u32 = 760;
const HEIGHT: u32 = 300;

/// The legend's column right of the plot: its width, first row and row height, in pixels,
/// and the longest label it shows whole.
const LEGEND_WIDTH: u32 = 220;
const LEGEND_TOP: u32 = 50;
const LEGEND_ROW: u32 = 20;
const LEGEND_CHARS: usize = 26;

/// At most this many Mission numbers under the x axis; plotters picks round ones.
const MAX_X_LABELS: u32 = 20;

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

/// What a chart draws, in words: its text alternative ("Squad RP: Mission 1: 18, …").
pub fn in_words(title: &str, series: &[Series]) -> String {
    let lines: Vec<String> = series
        .iter()
        .map(|s| {
            let points: Vec<String> = s
                .points
                .iter()
                .map(|(m, v)| format!("Mission {m}: {v}"))
                .collect();
            format!("{}: {}", s.label, points.join(", "))
        })
        .collect();
    format!("{title}. {}.", lines.join("; "))
}

/// Draws `series` over the Missions `missions` (their numbers, ascending) as an SVG document.
pub fn svg(labels: &Labels, missions: &[u32], series: &[Series]) -> Result<String, CommandError> {
    // Tall enough for a legend row per series beside the plot.
    let rows = u32::try_from(series.len()).unwrap_or(u32::MAX);
    let size = (
        WIDTH,
        HEIGHT.max(LEGEND_TOP.saturating_add(rows.saturating_mul(LEGEND_ROW)) + 20),
    );
    let mut text = String::new();
    {
        let root = SVGBackend::with_string(&mut text, size).into_drawing_area();
        let fail = |e: DrawingAreaErrorKind<std::io::Error>| {
            CommandError::storage(format!("cannot draw the chart '{}': {e}", labels.title))
        };
        draw(&root, labels, missions, series).map_err(fail)?;
        root.present().map_err(fail)?;
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
    // Headroom above the highest point, so its marker stays clear of the frame.
    let y_max = top + top / 8 + 1;
    let mut chart = ChartBuilder::on(root)
        .caption(labels.title, ("sans-serif", 20))
        .margin(12)
        // The legend goes to the right of the plot, so it never covers a line.
        .margin_right(LEGEND_WIDTH)
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
    let x_labels = (last + 2 - first.saturating_sub(1)).min(MAX_X_LABELS);
    chart
        .configure_mesh()
        .x_desc("Mission")
        .y_desc(labels.y)
        .x_labels(usize::try_from(x_labels).unwrap_or(2))
        .x_label_formatter(&label_of)
        .light_line_style(RGBColor(235, 235, 235))
        .bold_line_style(RGBColor(200, 200, 200))
        .axis_desc_style(("sans-serif", 15))
        .label_style(("sans-serif", 13))
        .draw()?;
    let plot = chart.plotting_area();
    let legend_x = i32::try_from(WIDTH - LEGEND_WIDTH).unwrap_or(0) + 16;
    for ((i, s), row) in series.iter().enumerate().zip(0..) {
        let style = ShapeStyle::from(COLOURS[i % COLOURS.len()]).stroke_width(2);
        let (dash, gap) = DASHES[i % DASHES.len()];
        if gap == 0 {
            plot.draw(&PathElement::new(s.points.clone(), style))?;
        } else {
            for piece in DashedLineSeries::new(s.points.clone(), dash, gap, style) {
                plot.draw(&piece)?;
            }
        }
        for point in &s.points {
            marker(plot, i, *point, style)?;
        }
        // The legend row: a sample of the line with its marker, then the label.
        let y = i32::try_from(LEGEND_TOP).unwrap_or(0) + row * i32::try_from(LEGEND_ROW).unwrap_or(0);
        root.draw(&PathElement::new(vec![(legend_x, y), (legend_x + 24, y)], style))?;
        marker(root, i, (legend_x + 12, y), style)?;
        let font = TextStyle::from(("sans-serif", 14).into_font()).pos(Pos::new(HPos::Left, VPos::Center));
        root.draw(&Text::new(legend_label(&s.label), (legend_x + 32, y), font))?;
    }
    Ok(())
}

/// Draws the marker of series `i` at `at`: filled circle, filled triangle, cross, circle, or
/// triangle, so that series differ in grey too.
fn marker<CT: CoordTranslate>(
    area: &DrawingArea<SVGBackend, CT>,
    i: usize,
    at: CT::From,
    style: ShapeStyle,
) -> DrawResult {
    match i % 5 {
        0 => area.draw(&Circle::new(at, 4, style.filled())),
        1 => area.draw(&TriangleMarker::new(at, 5, style.filled())),
        2 => area.draw(&Cross::new(at, 4, style)),
        3 => area.draw(&Circle::new(at, 4, style)),
        _ => area.draw(&TriangleMarker::new(at, 5, style)),
    }
}

/// A label short enough for the legend's column: at most `LEGEND_CHARS` characters.
fn legend_label(label: &str) -> String {
    if label.chars().count() <= LEGEND_CHARS {
        label.to_owned()
    } else {
        let mut short: String = label.chars().take(LEGEND_CHARS - 1).collect();
        short.push('…');
        short
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_are_escaped_by_plotters() {
        let series = [Series {
            label: "<i>Wong</i> & \"Co\"".to_owned(),
            points: vec![(1, 2), (2, 5)],
        }];
        let labels = Labels {
            title: "XP <b>",
            y: "XP",
        };
        let svg = svg(&labels, &[1, 2], &series).unwrap();
        assert!(svg.starts_with("<svg"), "{svg}");
        assert!(!svg.contains("<i>") && !svg.contains("<b>"), "{svg}");
        assert!(
            svg.contains(">\n&lt;i&gt;Wong&lt;/i&gt; &amp; &quot;Co&quot;\n</text>"),
            "{svg}"
        );
        assert!(svg.contains("XP &lt;b&gt;"), "{svg}");
    }

    #[test]
    fn a_long_legend_makes_the_chart_taller_and_long_names_are_shortened() {
        let series: Vec<Series> = (0..15)
            .map(|n| Series {
                label: format!("Soldier {n}"),
                points: vec![(1, n)],
            })
            .collect();
        let labels = Labels { title: "XP", y: "XP" };
        let svg = svg(&labels, &[1], &series).unwrap();
        let height = LEGEND_TOP + 15 * LEGEND_ROW + 20;
        assert!(svg.contains(&format!("height=\"{height}\"")), "{svg}");
        for n in 0..15 {
            assert!(svg.contains(&format!(">\nSoldier {n}\n</text>")), "{svg}");
        }
        assert_eq!(legend_label("Wong"), "Wong");
        let long = "A".repeat(40);
        let short = legend_label(&long);
        assert_eq!(short.chars().count(), LEGEND_CHARS);
        assert!(short.ends_with('…'));
    }
}

//! Small plots of the numeric columns of banded tables, beside the table:
//! each column band by band ([`codegen::anomaly::series`]), with the
//! cell that breaks the column's pattern (the `table-anomaly` lint) ringed in
//! red. Each plot is an SVG file drawn by plotters under `plots/`, shown with
//! an `<img>`: an image runs no script, and the words around it (column,
//! band, figures) are HTML, escaped as all text is. The SVG holds no text.

use std::io;
use std::path::Path;

use codegen::Book;
use codegen::anomaly::{Series, series};
use plotters::prelude::*;

use super::safe::{Html, html};

/// The colour of the ring around an anomalous cell; the browser test looks for it.
pub const ANOMALY: RGBColor = RGBColor(0xd6, 0x27, 0x28);
const LINE: RGBColor = RGBColor(0x1f, 0x77, 0xb4);
const SIZE: (u32, u32) = (220, 110);

/// Where the plot of series `k` of table `table` of `system` is, under the report.
pub fn file(system: &str, table: &str, k: usize) -> String {
    format!("plots/{system}/{table}-{k}.svg")
}

/// Writes the plot of every numeric column of every banded table of `book` into `dir`.
pub fn write_all(book: &Book, dir: &Path) -> io::Result<()> {
    for system in &book.systems {
        for table in system.chapters.iter().flat_map(|c| &c.tables) {
            for (k, s) in series(table).iter().enumerate() {
                let at = dir.join(file(&system.id, &table.id, k));
                if let Some(parent) = at.parent() {
                    std::fs::create_dir_all(parent)?;
                }
                crate::write_atomically(&at, &svg(s).map_err(io::Error::other)?)?;
            }
        }
    }
    Ok(())
}

/// The plot of one series: its cells joined by a line, band after band, each a
/// dot, the anomalous one ringed.
pub fn svg(s: &Series) -> Result<String, String> {
    let ys = s.points.iter().map(|p| p.value);
    let (lo, hi) = ys.fold((f64::MAX, f64::MIN), |(a, b), y| (a.min(y), b.max(y)));
    let pad = ((hi - lo) / 10.0).max(1.0);
    let last = s.points.len().saturating_sub(1).max(1) as f64;
    let at = |i: usize| (i as f64, s.points[i].value);
    let mut out = String::new();
    {
        let area = SVGBackend::with_string(&mut out, SIZE).into_drawing_area();
        let fail = |e: DrawingAreaErrorKind<_>| e.to_string();
        area.fill(&WHITE).map_err(fail)?;
        let mut chart = ChartBuilder::on(&area)
            .margin(10)
            .build_cartesian_2d(-0.3..last + 0.3, lo - pad..hi + pad)
            .map_err(fail)?;
        let points = (0..s.points.len()).map(at);
        chart
            .draw_series(LineSeries::new(points.clone(), &LINE))
            .map_err(fail)?;
        chart
            .draw_series(points.map(|p| Circle::new(p, 3, LINE.filled())))
            .map_err(fail)?;
        if let Some(a) = &s.anomaly {
            let ring = Circle::new(at(a.at), 7, ANOMALY.stroke_width(2));
            chart.draw_series(std::iter::once(ring)).map_err(fail)?;
        }
        area.present().map_err(fail)?;
    }
    Ok(out)
}

/// The plots of a table's columns, for its box: each an image with a
/// caption that names the column and, when one breaks the pattern, the cell.
/// `files` are the plots' paths under the report, one per series.
pub fn figures(series: &[Series], files: &[String], root: &str) -> Html {
    let mut out = Html::default();
    for (s, f) in series.iter().zip(files) {
        let group = s
            .group
            .as_deref()
            .map(|g| html!(" under <b>{}</b>", g))
            .unwrap_or_default();
        let (mark, caption) = match &s.anomaly {
            Some(a) => {
                let p = &s.points[a.at];
                let band = match p.hi {
                    Some(hi) if hi == p.lo => p.lo.to_string(),
                    Some(hi) => format!("{}-{hi}", p.lo),
                    None => format!("{}+", p.lo),
                };
                (
                    html!(" data-anomaly=\"{}\"", band),
                    html!(
                        ": <span class=\"anomaly\">{} at band {} breaks it</span> (the others {})",
                        p.value.to_string(),
                        band,
                        a.pattern.words()
                    ),
                )
            }
            None => (Html::default(), Html::default()),
        };
        out += html!(
            "<figure class=\"plot\"{}><img src=\"{}{}\" width=\"{}\" height=\"{}\" alt=\"plot of column {}\">\
             <figcaption>column <code>{}</code>{} by band{}</figcaption></figure>\n",
            mark,
            root,
            f,
            SIZE.0,
            SIZE.1,
            s.column,
            s.column,
            group,
            caption
        );
    }
    out
}

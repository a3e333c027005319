//! The `table-anomaly` lint: a numeric column of a banded table that follows
//! a pattern along the bands but for one cell. A column read band by band is
//! a series; the eye checks that a damage column rises, or that a penalty
//! steps by one, and skips the one cell that does not. Three patterns, each
//! needing at least four cells so that "all but one" is a pattern at all:
//!
//! - **monotone**: the series rises (or falls, equal neighbours allowed) once
//!   one cell is taken out, and does not with it;
//! - **step**: the others keep one constant, non-zero step from row to row
//!   and the cell breaks it;
//! - **ratio**: the others keep one constant ratio (not 1) from row to row
//!   and the cell breaks it.
//!
//! A cell with a table erratum is read as the erratum's `reading`, so an
//! erratum that mends the cell silences the finding; one that keeps an
//! anomalous reading acknowledges it (the finding is allowed, with the
//! erratum's reason). The audit report draws the same [`Series`].

use crate::model::{Row, Table, TableKind};
use crate::syntax::cell::{BaseType, CellValue};

/// One numeric column of a banded table, band by band, within one group.
#[derive(Debug, Clone)]
pub struct Series {
    /// The column's field.
    pub column: String,
    /// The group of rows it runs through (`None` above the first group row).
    pub group: Option<String>,
    pub points: Vec<Point>,
    /// The cell that breaks the series' pattern, if one does.
    pub anomaly: Option<Anomaly>,
}

/// One cell of a series.
#[derive(Debug, Clone)]
pub struct Point {
    /// The row's index in the table's `rows`.
    pub row: usize,
    /// The band: its start, and its end (`None` for an open band).
    pub lo: i64,
    pub hi: Option<i64>,
    pub value: f64,
}

/// The cell that breaks a series, by its index in `points`, and the pattern
/// it breaks.
#[derive(Debug, Clone, PartialEq)]
pub struct Anomaly {
    pub at: usize,
    pub pattern: Pattern,
}

/// What the other cells of the series keep.
#[derive(Debug, Clone, PartialEq)]
pub enum Pattern {
    /// They rise (`true`) or fall along the bands.
    Monotone { rising: bool },
    /// They step by this much from row to row; the cell should read `expected`.
    Step { step: f64, expected: f64 },
    /// They grow by this ratio from row to row; the cell should read `expected`.
    Ratio { ratio: f64, expected: f64 },
}

impl Pattern {
    /// What the other cells do, for a message: "rises along the bands".
    pub fn words(&self) -> String {
        match self {
            Pattern::Monotone { rising: true } => "rises along the bands".into(),
            Pattern::Monotone { rising: false } => "falls along the bands".into(),
            Pattern::Step { expected, .. } if self.is_level() => {
                format!("all hold {expected}")
            }
            Pattern::Step { step, expected } => {
                format!("steps by {step} from band to band, which puts {expected} here")
            }
            Pattern::Ratio { ratio, expected } => {
                format!("grows {ratio} times from band to band, which puts {expected} here")
            }
        }
    }
}

impl Pattern {
    /// The other cells all hold one figure.
    fn is_level(&self) -> bool {
        matches!(self, Pattern::Step { step, .. } if *step == 0.0)
    }
}

/// The fewest cells a series needs before one cell can break its pattern.
pub const MIN_CELLS: usize = 4;

/// Every numeric column of `table` as a series, when the table is banded (a
/// rows table whose first column has type `range`); none otherwise. Rows
/// whose band or cell holds no number are passed over, and each group is a
/// series of its own.
pub fn series(table: &Table) -> Vec<Series> {
    if !matches!(table.kind, TableKind::Rows { .. }) {
        return Vec::new();
    }
    let Some(first) = table.columns.first() else {
        return Vec::new();
    };
    if first.ty.base != BaseType::Range {
        return Vec::new();
    }
    let mut out = Vec::new();
    for (c, column) in table.columns.iter().enumerate().skip(1) {
        let mut current: Option<Series> = None;
        for (i, row) in table.rows.iter().enumerate() {
            let cells = table.cells_of(row);
            let CellValue::Range { lo, hi, .. } = cells[0].value else {
                continue;
            };
            let Some(value) = number(&cells[c].value) else {
                continue;
            };
            let group = row.group.as_ref().map(ToString::to_string);
            if current.as_ref().is_some_and(|s| s.group != group) {
                out.extend(current.take());
            }
            let s = current.get_or_insert_with(|| Series {
                column: column.field.to_string(),
                group,
                points: Vec::new(),
                anomaly: None,
            });
            s.points.push(Point {
                row: i,
                lo,
                hi,
                value,
            });
        }
        out.extend(current);
    }
    for s in &mut out {
        let values: Vec<f64> = s.points.iter().map(|p| p.value).collect();
        s.anomaly = anomaly(&values);
    }
    out
}

/// The number a cell holds, for a column of counts, modifiers or decimals.
fn number(value: &CellValue) -> Option<f64> {
    match value {
        CellValue::Int(n) | CellValue::Modifier(n) | CellValue::Count(n) => Some(*n as f64),
        CellValue::Decimal(d) => Some(*d),
        _ => None,
    }
}

/// The one cell of `values` that breaks their pattern, if exactly that is so.
pub fn anomaly(values: &[f64]) -> Option<Anomaly> {
    if values.len() < MIN_CELLS {
        return None;
    }
    let without = |k: usize| -> Vec<(usize, f64)> {
        values
            .iter()
            .copied()
            .enumerate()
            .filter(|&(j, _)| j != k)
            .collect()
    };
    let whole: Vec<(usize, f64)> = values.iter().copied().enumerate().collect();
    let level = |points: &[(usize, f64)]| points.iter().all(|p| p.1 == points[0].1);
    if let Some(k) = (0..values.len()).find(|&k| level(&without(k)) && !level(&whole)) {
        let expected = values[if k == 0 { 1 } else { 0 }];
        return Some(Anomaly {
            at: k,
            pattern: Pattern::Step {
                step: 0.0,
                expected,
            },
        });
    }
    if direction(&whole).is_none() {
        // Not monotone: is it once one cell is out? The first such cell is
        // reported (of two swapped cells, either mends it).
        return (0..values.len()).find_map(|k| {
            direction(&without(k)).map(|rising| Anomaly {
                at: k,
                pattern: Pattern::Monotone { rising },
            })
        });
    }
    if step(&whole).is_some() || ratio(&whole).is_some() {
        return None;
    }
    (0..values.len()).find_map(|k| {
        let rest = without(k);
        let at = k as f64;
        if let Some((a, s)) = step(&rest) {
            let expected = a + s * at;
            return (expected != values[k]).then_some(Anomaly {
                at: k,
                pattern: Pattern::Step { step: s, expected },
            });
        }
        let (a, r) = ratio(&rest)?;
        let expected = a * r.powf(at);
        (!close(expected, values[k])).then_some(Anomaly {
            at: k,
            pattern: Pattern::Ratio {
                ratio: r,
                expected: (expected * 1e6).round() / 1e6,
            },
        })
    })
}

/// Whether the points rise (`Some(true)`), fall (`Some(false)`), or neither;
/// a constant run counts as rising.
fn direction(points: &[(usize, f64)]) -> Option<bool> {
    let pairs = || points.windows(2).map(|w| (w[0].1, w[1].1));
    if pairs().all(|(a, b)| a <= b) {
        Some(true)
    } else if pairs().all(|(a, b)| a >= b) {
        Some(false)
    } else {
        None
    }
}

/// `(a, s)` when every point `(j, v)` has `v = a + s·j` with `s ≠ 0`.
fn step(points: &[(usize, f64)]) -> Option<(f64, f64)> {
    let [(i, u), (j, v), ..] = points[..] else {
        return None;
    };
    let s = (v - u) / (j - i) as f64;
    let a = u - s * i as f64;
    let fits = points.iter().all(|&(k, w)| close(a + s * k as f64, w));
    (s != 0.0 && fits).then_some((a, s))
}

/// `(a, r)` when every point `(j, v)` has `v = a·rʲ` with `r ≠ 1` and no
/// value 0.
fn ratio(points: &[(usize, f64)]) -> Option<(f64, f64)> {
    let [(i, u), (j, v), ..] = points[..] else {
        return None;
    };
    if points.iter().any(|&(_, w)| w == 0.0) {
        return None;
    }
    let r = (v / u).powf(1.0 / (j - i) as f64);
    if !r.is_finite() || close(r, 1.0) {
        return None;
    }
    let a = u / r.powi(i as i32);
    let fits = points.iter().all(|&(k, w)| close(a * r.powi(k as i32), w));
    fits.then_some((a, r))
}

/// Equal but for rounding of the arithmetic above.
fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-9 * a.abs().max(b.abs()).max(1.0)
}

/// The erratum on the cell of `row` in column `column`, if the table has one.
pub fn erratum_on<'t>(
    table: &'t Table,
    row: &Row,
    column: &str,
    text: &str,
) -> Option<&'t crate::model::TableErratum> {
    let first = &text[table.cells_of(row)[0].span.clone()];
    table
        .errata
        .iter()
        .find(|e| e.column == column && e.row == first)
}

/// A figure a book's example claims where a table holds another: the example
/// names a row of the table (a given text that is the row's first cell) and
/// one of its numbered columns (a given number that starts the column's
/// header: `50` for `50mm (2")`), and claims a figure that is not the cell
/// there but is the cell of another numbered column of that row. The book read
/// its own table in the wrong column: the one cell a pattern along the row
/// cannot see, because the table itself is right.
#[derive(Debug, Clone)]
pub struct Misread {
    /// Indices into the chapter's `examples`, the example's `bindings`, and
    /// the table's `rows` and `columns`.
    pub example: usize,
    pub claim: usize,
    pub row: usize,
    /// The column the example's givens name, and the one that holds its claim.
    pub named: usize,
    pub holds: usize,
    /// The cell at the named column, and the figure claimed.
    pub cell: f64,
    pub claimed: f64,
}

/// The numbered columns needed before a table counts as laid out by them.
const MIN_NUMBERED: usize = 3;

/// Every [`Misread`] of `table` by the book's examples of `chapter`.
pub fn misreads(chapter: &crate::model::Chapter, table: &Table) -> Vec<Misread> {
    let text = &chapter.file.text;
    let numbered: Vec<(usize, f64)> = table
        .columns
        .iter()
        .enumerate()
        .skip(1)
        .filter(|(_, c)| {
            matches!(
                c.ty.base,
                BaseType::Int { .. } | BaseType::Modifier | BaseType::Decimal
            )
        })
        .filter_map(|(i, c)| leading_number(&c.header).map(|n| (i, n)))
        .collect();
    if numbered.len() < MIN_NUMBERED || !matches!(table.kind, TableKind::Rows { .. }) {
        return Vec::new();
    }
    let mut out = Vec::new();
    for (x, e) in chapter.examples.iter().enumerate() {
        if e.ours {
            continue;
        }
        let row = e.given().iter().find_map(|b| match &b.value {
            crate::model::Value::Text(t) => table
                .rows
                .iter()
                .position(|r| text[table.cells_of(r)[0].span.clone()].trim() == t.as_str()),
            _ => None,
        });
        let named = e.given().iter().find_map(|b| {
            let n = figure(&b.value)?;
            let mut at = numbered.iter().filter(|(_, h)| *h == n);
            match (at.next(), at.next()) {
                (Some((i, _)), None) => Some(*i),
                _ => None,
            }
        });
        let (Some(row), Some(named)) = (row, named) else {
            continue;
        };
        let cells = table.cells_of(&table.rows[row]);
        let Some(cell) = number(&cells[named].value) else {
            continue;
        };
        for (c, b) in e.claims().iter().enumerate() {
            let Some(claimed) = figure(&b.value).filter(|v| *v != cell) else {
                continue;
            };
            let holds = numbered
                .iter()
                .find(|(i, _)| number(&cells[*i].value) == Some(claimed));
            if let Some(&(holds, _)) = holds {
                out.push(Misread {
                    example: x,
                    claim: e.claims_at + c,
                    row,
                    named,
                    holds,
                    cell,
                    claimed,
                });
            }
        }
    }
    out
}

/// The number a column header starts with: `50` for `50mm (2")`.
fn leading_number(header: &str) -> Option<f64> {
    let digits: String = header
        .trim()
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == '.')
        .collect();
    digits.parse().ok()
}

/// A given or claimed figure.
fn figure(value: &crate::model::Value) -> Option<f64> {
    match value {
        crate::model::Value::Int(n) => Some(*n as f64),
        crate::model::Value::Decimal(d) => Some(*d),
        _ => None,
    }
}

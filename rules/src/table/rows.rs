//! A rows table as the generated code holds it: its data as one string literal,
//! a row a line and a cell a tab-separated field in canonical text, decoded into
//! rows on first use. rustc reads a literal at almost no cost where a slice of
//! row expressions costs it parsing, type checking and const evaluation per cell.

use std::ops::Deref;
use std::sync::OnceLock;

use super::decode::Decode;

/// A generated rows table: derefs to its rows, decoded from `data` on first use.
pub struct Rows<T: 'static> {
    table: &'static str,
    rows: usize,
    decode_row: fn(&mut Cells) -> Result<T, String>,
    data: &'static str,
    decoded: OnceLock<Vec<T>>,
}

impl<T> Rows<T> {
    /// Table `table`'s `rows` rows in `data` (a leading line break is not a row),
    /// each read by `decode_row`.
    pub const fn new(
        table: &'static str,
        rows: usize,
        decode_row: fn(&mut Cells) -> Result<T, String>,
        data: &'static str,
    ) -> Rows<T> {
        Rows {
            table,
            rows,
            decode_row,
            data,
            decoded: OnceLock::new(),
        }
    }

    /// Every row, or what the first row that cannot be read lacks, naming
    /// the table, the row (from 1) and the column.
    pub fn decode(&self) -> Result<Vec<T>, String> {
        let data = self.data.strip_prefix('\n').unwrap_or(self.data);
        let rows = data.lines().enumerate().map(|(i, line)| {
            let mut cells = Cells(line.split('\t'));
            let row = (self.decode_row)(&mut cells).and_then(|row| cells.finish().map(|()| row));
            row.map_err(|e| format!("table `{}`, row {}, {e}", self.table, i + 1))
        });
        rows.collect()
    }
}

/// Data that codegen wrote and rules cannot read is a defect of the build, as
/// an `unreachable!` is; `conformance/tests/tables.rs` decodes every table so
/// that none ships.
impl<T: Send + Sync> Deref for Rows<T> {
    type Target = [T];

    fn deref(&self) -> &[T] {
        self.decoded.get_or_init(|| {
            self.decode()
                .unwrap_or_else(|e| panic!("codegen wrote table data rules cannot read: {e}"))
        })
    }
}

impl<'a, T: Send + Sync> IntoIterator for &'a Rows<T> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

/// What a test needs of every rows table, whatever its row type.
pub trait RowsTable: Sync {
    /// The table's id.
    fn id(&self) -> &'static str;
    /// How many rows codegen wrote.
    fn rows(&self) -> usize;
    /// How many rows its data decodes to, or why it does not.
    fn decoded_rows(&self) -> Result<usize, String>;
}

impl<T: Send + Sync> RowsTable for Rows<T> {
    fn id(&self) -> &'static str {
        self.table
    }

    fn rows(&self) -> usize {
        self.rows
    }

    fn decoded_rows(&self) -> Result<usize, String> {
        self.decode().map(|rows| rows.len())
    }
}

/// The cells of one row, read in column order by a row's `decode_row`.
pub struct Cells(std::str::Split<'static, char>);

impl Cells {
    /// The next cell, as column `column`'s type.
    pub fn next<T: Decode>(&mut self, column: &str) -> Result<T, String> {
        let text = self
            .0
            .next()
            .ok_or_else(|| format!("column `{column}`: the row ends before it"))?;
        T::decode(text).map_err(|e| format!("column `{column}`: {e}"))
    }

    /// Checks that every cell was read.
    fn finish(mut self) -> Result<(), String> {
        match self.0.next() {
            Some(extra) => Err(format!("past the last column: `{extra}`")),
            None => Ok(()),
        }
    }
}

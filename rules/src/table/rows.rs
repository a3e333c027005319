//! A rows table as the generated code holds it: its data as one string literal,
//! a row a line and a cell a tab-separated field in canonical text, decoded into
//! rows on first use. rustc reads a literal at almost no cost where a slice of
//! row expressions costs it parsing, type checking and const evaluation per cell.
//!
//! A running judge may read a table with other data ([`edit`]): the language
//! server's judge answers an edit of cells at once, with the cells of the
//! editor's book, while a judge built with them is being built.

use std::collections::{BTreeMap, BTreeSet};
use std::ops::Deref;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Mutex, OnceLock, PoisonError, RwLock};

use super::decode::Decode;

/// A generated rows table: derefs to its rows, decoded from `data` on first use.
pub struct Rows<T: 'static> {
    table: &'static str,
    rows: usize,
    decode_row: fn(&mut Cells) -> Result<T, String>,
    data: &'static str,
    decoded: OnceLock<Vec<T>>,
    /// The rows of each edited data this table was read with, by the data's
    /// address ([`edit`] keeps one copy of each data).
    edited: Mutex<Vec<(&'static str, &'static [T])>>,
}

/// Whether any table is edited: while none is, a table reads its own data
/// at the cost of this one load.
static EDITING: AtomicBool = AtomicBool::new(false);

/// The data each edited table is read with, by the table's address ([`key`]):
/// an id names a table within its system only.
static EDITS: RwLock<BTreeMap<usize, &'static str>> = RwLock::new(BTreeMap::new());

/// Every data [`edit`] was given, one copy of each: a table's rows borrow
/// their text cells from their data for as long as the process runs.
static INTERNED: Mutex<BTreeSet<&'static str>> = Mutex::new(BTreeSet::new());

/// From now on, the tables in `tables` (each with data as codegen writes it)
/// are read with that data, and every other table with its own; an empty
/// `tables` ends every edit. Each distinct data, and the rows decoded from
/// it, are leaked once and kept for the process's life: the language
/// server's judge sees a bounded number of edits in a session, and the rows
/// it handed out must outlive any later edit. A program that never calls
/// this reads every table as built.
pub fn edit(tables: impl IntoIterator<Item = (&'static dyn RowsTable, String)>) {
    let mut interned = INTERNED.lock().unwrap_or_else(PoisonError::into_inner);
    let edits: BTreeMap<usize, &'static str> = tables
        .into_iter()
        .map(|(table, data)| {
            let data = match interned.get(data.as_str()) {
                Some(kept) => *kept,
                None => {
                    let kept: &'static str = data.leak();
                    interned.insert(kept);
                    kept
                }
            };
            (key(table), data)
        })
        .collect();
    let mut current = EDITS.write().unwrap_or_else(PoisonError::into_inner);
    EDITING.store(!edits.is_empty(), Ordering::SeqCst);
    *current = edits;
}

/// A table's key in [`EDITS`]: its address, the one a `&dyn RowsTable` of
/// it and the table itself share.
fn key<T: ?Sized>(table: &T) -> usize {
    std::ptr::from_ref(table).cast::<()>() as usize
}

/// The data `table` is read with now, when it is edited.
fn edited<T: ?Sized>(table: &T) -> Option<&'static str> {
    if !EDITING.load(Ordering::SeqCst) {
        return None;
    }
    let edits = EDITS.read().unwrap_or_else(PoisonError::into_inner);
    edits.get(&key(table)).copied()
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
            edited: Mutex::new(Vec::new()),
        }
    }

    /// Every row of the data the table is read with now ([`edit`]), or what
    /// the first row that cannot be read lacks, naming the table, the row
    /// (from 1) and the column.
    pub fn decode(&self) -> Result<Vec<T>, String> {
        self.decode_data(edited(self).unwrap_or(self.data))
    }

    fn decode_data(&self, data: &'static str) -> Result<Vec<T>, String> {
        let data = data.strip_prefix('\n').unwrap_or(data);
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
        let read = |data| {
            self.decode_data(data)
                .unwrap_or_else(|e| panic!("codegen wrote table data rules cannot read: {e}"))
        };
        let Some(data) = edited(self) else {
            return self.decoded.get_or_init(|| read(self.data));
        };
        let mut edited = self.edited.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some((_, rows)) = edited.iter().find(|(d, _)| std::ptr::eq(*d, data)) {
            return rows;
        }
        let rows: &'static [T] = read(data).leak();
        edited.push((data, rows));
        rows
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
    /// How many rows its data decodes to, or why it does not: the data it
    /// is read with now ([`edit`]).
    fn decoded_rows(&self) -> Result<usize, String>;
    /// The data it was built with, as codegen writes it (no leading line break).
    fn data(&self) -> &'static str;
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

    fn data(&self) -> &'static str {
        self.data.strip_prefix('\n').unwrap_or(self.data)
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

#[cfg(test)]
mod tests {
    use super::*;

    fn number(cells: &mut Cells) -> Result<i32, String> {
        cells.next("n")
    }

    static EDITED: Rows<i32> = Rows::new("test.edited", 2, number, "\n1\n2\n");
    /// Of the same id, as two systems' tables may be.
    static OTHER: Rows<i32> = Rows::new("test.edited", 1, number, "\n7\n");

    fn to(data: &str) -> [(&'static dyn RowsTable, String); 1] {
        [(&EDITED, data.to_string())]
    }

    /// One test, as `edit` is the process's: tests run side by side.
    #[test]
    fn an_edited_table_reads_its_edit_until_the_edit_ends() {
        assert_eq!(EDITED[..], [1, 2], "as built");
        assert_eq!(EDITED.data(), "1\n2\n", "its data as codegen wrote it");
        edit(to("5\n"));
        assert_eq!(EDITED[..], [5], "with the edited data");
        assert_eq!(EDITED.decoded_rows(), Ok(1));
        assert_eq!(EDITED.data(), "1\n2\n", "its own data is unchanged");
        assert_eq!(
            OTHER[..],
            [7],
            "a table not edited reads its own, whatever its id"
        );
        let five: *const [i32] = &EDITED[..];

        edit(to("6\n8\n"));
        assert_eq!(EDITED[..], [6, 8], "a second edit replaces the first");
        edit(to("5\n"));
        assert!(
            std::ptr::eq(five, &EDITED[..]),
            "data seen before is read from its rows decoded then"
        );

        edit(to("x\n"));
        let err = EDITED.decoded_rows().unwrap_err();
        assert!(
            err.contains("table `test.edited`, row 1, column `n`"),
            "{err}"
        );

        edit([]);
        assert_eq!(EDITED[..], [1, 2], "no edit: as built again");
        assert_eq!(EDITED.decoded_rows(), Ok(2));
    }
}

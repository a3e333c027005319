//! A book's shape (`codegen::emit::rust::shape`): what a running judge cannot
//! take but from its build. The language server's judge judges a book of its
//! own shape with the book's cells, so the shape must see every edit that
//! changes compiled code, and no edit of a rows table's cells.

use std::path::{Path, PathBuf};

use codegen::emit::rust::{Shape, shape};

fn workspace() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("workspace root")
}

/// The shape of the workspace's `action` system with `falling.md` edited by
/// replacing `from` by `to` (once), compiled from a scratch copy named `name`.
fn shape_after(name: &str, from: &str, to: &str) -> Shape {
    let root = workspace();
    let action = root.join("spec/action");
    let scratch: PathBuf = root.join("target/emit-shape").join(name);
    let copy = scratch.join("action");
    let _ = std::fs::remove_dir_all(&scratch);
    std::fs::create_dir_all(&copy).expect("make a scratch book");
    for entry in std::fs::read_dir(&action).expect("read spec/action") {
        let path = entry.expect("a file of spec/action").path();
        let mut text = std::fs::read_to_string(&path).expect("read a chapter");
        if path.ends_with("falling.md") {
            assert!(text.contains(from), "falling.md has no {from:?}");
            text = text.replacen(from, to, 1);
        }
        let file = path.file_name().expect("a file name");
        std::fs::write(copy.join(file), text).expect("write a scratch chapter");
    }
    let book = codegen::compile_dir(&scratch, root).unwrap_or_else(|d| panic!("{d}"));
    let shape = shape(&book);
    assert_eq!(
        shape.fingerprint,
        codegen::emit::rust::generate(&book).shape,
        "the build writes the shape a judge works out"
    );
    shape
}

/// The data of table `id` in `shape`.
fn data<'a>(shape: &'a Shape, id: &str) -> &'a str {
    let found = shape.tables.iter().find(|(t, _)| t == id);
    &found.unwrap_or_else(|| panic!("no rows table {id}")).1
}

#[test]
fn the_shape_ignores_a_rows_tables_cells_and_sees_a_column_a_row_or_a_constant() {
    let book = shape_after("book", "", "");
    let cell = shape_after("cell", "| 23-26 | 18m/s | 9d6 |", "| 23-26 | 18m/s | 8d6 |");
    assert_eq!(book.fingerprint, cell.fingerprint, "a cell is data");
    assert_ne!(
        data(&book, "falling-table"),
        data(&cell, "falling-table"),
        "the data holds the cell"
    );
    assert!(
        data(&cell, "falling-table").contains("23-26\t18\t8d6\t"),
        "{}",
        data(&cell, "falling-table")
    );
    let others = |s: &Shape| {
        let mut t = s.tables.clone();
        t.retain(|(id, _)| id != "falling-table");
        t
    };
    assert_eq!(others(&book), others(&cell), "no other table's data moves");

    let column = shape_after("column", "\"seconds: int\"", "\"secs: int\"");
    assert_ne!(book.fingerprint, column.fingerprint, "a column's name");
    let ty = shape_after("type", "\"flat: int\"", "\"flat: int?\"");
    assert_ne!(book.fingerprint, ty.fingerprint, "a column's type");
    let row = shape_after("row", "row = \"FallBand\"", "row = \"FallRow\"");
    assert_ne!(book.fingerprint, row.fingerprint, "the row type");
    let constant = shape_after(
        "constant",
        "| METRES_PER_EXTRA_SECOND | 60 |",
        "| METRES_PER_EXTRA_SECOND | 61 |",
    );
    assert_ne!(
        book.fingerprint, constant.fingerprint,
        "a constants table's figure"
    );
}

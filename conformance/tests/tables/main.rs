//! Every rows table's data decodes, to as many rows as codegen wrote. The
//! resolver decodes a table on first use and panics on data it cannot read (a
//! mismatch between codegen's encoder and `rules::table::decode` is a build
//! defect); this test reaches every table, so no such mismatch ships. With
//! `decode`, the decoder's own cases, it is evidence for `cargo xtask mutants`.

mod decode;

use rules::spec::registry::TABLES;
use rules::table::RowsTable;

#[test]
fn every_table_decodes_to_the_rows_codegen_wrote() {
    assert!(!TABLES.is_empty(), "the book has rows tables");
    for t in TABLES {
        let decoded = t
            .decoded_rows()
            .unwrap_or_else(|e| panic!("table `{}` does not decode: {e}", t.id()));
        assert_eq!(decoded, t.rows(), "table `{}`: rows decoded", t.id());
    }
}

/// The resolver reads a table through the same decoding, once.
#[test]
fn a_table_reads_as_its_decoded_rows() {
    use rules::spec::action::falling::FALLING;
    let rows = FALLING.decode().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(&rows[..], &FALLING[..]);
    assert_eq!(FALLING.len(), FALLING.rows());
    assert!(
        std::ptr::eq(FALLING.as_ptr(), FALLING.as_ptr()),
        "decoded once"
    );
    assert_eq!(FALLING.into_iter().count(), FALLING.len());
}

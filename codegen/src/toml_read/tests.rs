//! The fast reader against the `toml` crate: what it reads, it reads exactly
//! as `toml` does (values, key order and every span); what it declines is
//! outside its subset or a mistake, and `toml` reads or reports it.

use std::borrow::Cow;

use super::{Bump, Value, convert, parse, reader};

/// Bodies of every construct the subset holds, as the book writes them.
const READ: &[&str] = &[
    "",
    "\n# only a comment\n\n",
    "system = \"action\"\ntitle = 'Falling'\n",
    "a = 1\nb = -2\nc = 0\nd = -0\ne = 9223372036854775807\nf = -9223372036854775808\n",
    "a = 1.5\nb = -0.25\nc = 0.0\nd = 10.125\n",
    "yes = true\nno = false\n",
    "s = \"a \\\"quoted\\\" \\\\ word\\n\\tend\"\n",
    "s = \"\"\nt = ''\nu = \"ünïcödé ½\"\n",
    "a = 1   # a comment\r\nb = 2\r\n",
    "  indented = 1\n\tb\t=\t2",
    "list = [1, 2, 3]\nwords = [\"a\", 'b']\nempty = []\nmixed = [1, 2.5]\n",
    "list = [\n  1, # one\n  2,\n]\nnested = [[1, 2], [3]]\n",
    "range = { from = 0, to = 10 }\nnone = {}\ninner = { a = { b = [1] } }\n",
    "rule = \"falling.fall\"\n\n[given]\ndistance = 24\n\n[book]\nband = \"23-26\"\n",
    "[given]\nx = 1\n[errata.damage]\nrules = 3\n[errata.seconds]\nrules = 1\n",
    "[[errata]]\nrow = \"a\"\n[[errata]]\nrow = \"b\"\n\n[[allow]]\nlint = \"band-gap\"\n",
    "[source]\nbook = \"B\" # why\n[law]\nat-most = { output = \"x\", bound = \"given.y\" }",
    "key_with-dashes_9 = 1\n",
];

/// Bodies outside the subset, or wrong: each is `toml`'s to read or report.
const DECLINED: &[&str] = &[
    "\"quoted key\" = 1\n",
    "dotted.key = 1\n",
    "s = \"\"\"multi\nline\"\"\"\n",
    "s = '''multi'''\n",
    "s = \"\\u00e9\"\n",
    "s = \"\\q\"\n",
    "n = +1\n",
    "n = 1_000\n",
    "n = 0x1f\n",
    "n = 01\n",
    "n = 1e3\n",
    "n = 1.\n",
    "n = .5\n",
    "n = 99999999999999999999\n",
    "f = inf\n",
    "d = 1979-05-27\n",
    "t = { a = 1, }\n",
    "t = {\na = 1 }\n",
    "[ spaced ]\n",
    "[a]\nx = 1\n[a]\ny = 2\n",
    "[a.b]\n[a]\n",
    "[a]\n[a.b]\n",
    "[[a]]\n[a]\n",
    "[a]\n[[a]]\n",
    "a = 1\n[a.b]\n",
    "[a.b.c]\n",
    "[[a.b]]\n",
    "a = 1\na = 2\n",
    "t = { a = 1, a = 2 }\n",
    "a = 1 b = 2\n",
    "a =\n",
    "a = [1,,2]\n",
    "a = [1\n",
    "a = \"open\n",
    "a = \"tab\u{7f}\"\n",
    "# bell \u{7}\n",
    "a = 1\rb = 2\n",
    "= 1\n",
    "[unclosed\n",
    "a = [[[[[[[[[1]]]]]]]]]\n",
];

#[test]
fn the_reader_reads_its_subset_exactly_as_toml_does() {
    let arena = Bump::new();
    for body in READ {
        let fast = reader::read(body, &arena).unwrap_or_else(|| panic!("declined {body:?}"));
        let toml = convert::parse(body, &arena).unwrap_or_else(|e| panic!("{body:?}: {e}"));
        assert_eq!(fast, toml, "{body:?}");
    }
}

#[test]
fn the_reader_declines_what_lies_outside_its_subset_and_toml_reads_it() {
    let arena = Bump::new();
    for body in DECLINED {
        assert_eq!(reader::read(body, &arena), None, "{body:?}");
        assert_eq!(
            parse(body, &arena),
            convert::parse(body, &arena),
            "{body:?}"
        );
    }
}

#[test]
fn a_string_without_escapes_is_borrowed_and_one_with_them_is_unescaped() {
    let arena = Bump::new();
    let body = "a = \"plain\"\nb = \"x\\\"y\\\\z\"\n";
    let table = reader::read(body, &arena).expect("in the subset");
    let text = |i: usize| match table[i].1.get_ref() {
        Value::String(s) => s.clone(),
        other => panic!("{other:?}"),
    };
    assert!(matches!(text(0), Cow::Borrowed("plain")));
    assert_eq!(text(1), "x\"y\\z");
}

#[test]
fn a_header_table_spans_its_header_and_an_implicit_parent_its_first_mention() {
    let body = "[errata.a]\nrules = 1\n[errata.b]\nrules = 2\n";
    let arena = Bump::new();
    let table = reader::read(body, &arena).expect("in the subset");
    let (key, errata) = &table[0];
    assert_eq!((key.get_ref().as_ref(), errata.span()), ("errata", 1..7));
    let Value::Table(inner) = errata.get_ref() else {
        panic!("{errata:?}")
    };
    let spans: Vec<_> = inner.iter().map(|(k, v)| (k.span(), v.span())).collect();
    assert_eq!(spans, [(8..9, 0..10), (29..30, 21..31)]);
}

#[test]
fn numbers_keep_their_kind_and_a_number_out_of_range_is_none() {
    let arena = Bump::new();
    let body = "big = 0x7fffffffffffffff\nhuge = 0xffffffffffffffff\nf = 2.5";
    let table = convert::parse(body, &arena).expect("TOML");
    let values: Vec<&Value> = table.iter().map(|(_, v)| v.get_ref()).collect();
    assert_eq!(
        values,
        [
            &Value::Integer(Some(i64::MAX)),
            &Value::Integer(None),
            &Value::Float(Some(2.5))
        ]
    );
}

#[test]
fn a_long_table_is_left_to_toml_so_that_finding_a_duplicate_stays_cheap() {
    let body = |n: usize| (0..n).map(|i| format!("k{i} = {i}\n")).collect::<String>();
    let (short, long) = (body(64), body(65));
    let arena = Bump::new();
    assert!(reader::read(&short, &arena).is_some());
    assert_eq!(reader::read(&long, &arena), None);
    assert_eq!(parse(&long, &arena).map(|t| t.len()), Ok(65));
}

//! The language server's judge (`conformance verdicts --serve`) judges a book
//! whose rows tables hold other cells than it was built with, but whose shape
//! is its own, with the book's cells (`rules::table::edit`), and says which
//! tables it took the book's cells of; a book of another shape it refuses.
//! A test binary of its own: an edit is the process's, and the other tests
//! read the tables as built.

use std::path::PathBuf;

use conformance::verdicts::Judge;
use server::verdict::{Answer, Claim, Grade, Judged, Outcome, Request, Verdicts};

const FALLING: &str = "spec/action/falling.md";
/// The falling table's row that Mary's fall of 24 metres reads.
const ROW: &str = "| 23-26 | 18m/s | 9d6 |";

/// The judge's answer for the workspace's book with the falling chapter's
/// text `falling`.
fn answer(judge: &mut Judge, falling: String) -> Answer {
    let request = Request {
        root: server::workspace_root(),
        overlays: [(PathBuf::from(FALLING), falling)].into_iter().collect(),
        chapters: vec![PathBuf::from(FALLING)],
    };
    judge.answer(&request)
}

fn judged(answer: Answer) -> Verdicts {
    match answer {
        Answer::Judged(v) => v,
        other => panic!("not judged: {other:?}"),
    }
}

fn mary(v: &Verdicts) -> &Judged {
    let found = v.examples.iter().find(|j| j.id == "mary-falls");
    found.unwrap_or_else(|| panic!("no mary-falls in {v:?}"))
}

#[test]
fn a_cell_edit_is_judged_with_the_edited_cell_and_back() {
    let text = std::fs::read_to_string(server::workspace_root().join(FALLING)).unwrap();
    assert!(text.contains(ROW), "falling.md has the row {ROW}");
    let mut judge = Judge::default();

    let book = judged(answer(&mut judge, text.clone()));
    assert_eq!(mary(&book).grade, Grade::Agrees, "{:?}", mary(&book));
    assert!(book.cells.is_empty(), "judged as built: {:?}", book.cells);

    let edited = text.replacen(ROW, &ROW.replace("9d6", "8d6"), 1);
    let with_cell = judged(answer(&mut judge, edited));
    assert_eq!(with_cell.cells, ["falling-table"], "it says whose cells");
    let ran = mary(&with_cell);
    assert_eq!(ran.grade, Grade::Fails, "{ran:?}");
    let Outcome::Example { claims, .. } = &ran.outcome else {
        panic!("an example's outcome: {ran:?}");
    };
    assert!(
        claims.iter().any(|c| matches!(c,
            Claim::Fails { name, book, rules: Some(rules), .. }
                if name == "damage" && book == "9d6" && rules == "8d6")),
        "the rule read the edited cell: {claims:?}"
    );

    let back = judged(answer(&mut judge, text.clone()));
    assert_eq!(mary(&back).grade, Grade::Agrees, "{:?}", mary(&back));
    assert!(back.cells.is_empty(), "the edit ended: {:?}", back.cells);
}

#[test]
fn a_book_of_another_shape_is_refused() {
    let text = std::fs::read_to_string(server::workspace_root().join(FALLING)).unwrap();
    let renamed = text.replacen("\"seconds: int\"", "\"secs: int\"", 1);
    assert_ne!(renamed, text, "falling.md has the column");
    let mut judge = Judge::default();
    match answer(&mut judge, renamed) {
        Answer::Stale { built, wanted } => {
            assert_ne!(built.shape, wanted.shape);
            assert_eq!(built.code, wanted.code);
        }
        other => panic!("judged a book of another shape: {other:?}"),
    }
}

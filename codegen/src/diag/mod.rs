//! What the passes report: a [`diagnostic::Diagnostic`] at a span of a
//! [`source::SourceFile`], with its stable [`code::DiagCode`] and an `explain`
//! page for each code (`explain/`), and the "did you mean" every pass offers.

/// Declares a family of diagnostic codes once, as a table of rows
/// `Variant => "code"`, each with its doc, and generates from it: the enum;
/// a const of every code in the table's order (named by `const NAME;`); the
/// function that writes a code (named by `fn name;`); `explanation`, the page
/// `explain/<code>.md` that `cargo xtask explain` prints and
/// `tests/explain.rs` checks; and `Display`. Adding a code is adding a row
/// and its page: there is no second list to forget.
///
/// [`code::DiagCode`] is declared with it too, its error codes as the table
/// and then the families it wraps (`wrapping { Lint(LintKind), }`), whose
/// codes are written and explained by the family's own table.
macro_rules! codes {
    (
        $(#[$attr:meta])*
        pub enum $Enum:ident {
            $( $(#[$doc:meta])* $Variant:ident => $code:literal, )*
        }
        $(#[$all_doc:meta])*
        $all_vis:vis const $All:ident;
        fn $name:ident;
        $(
            wrapping {
                $( $(#[$wrap_doc:meta])* $Wrap:ident($Family:ty), )*
            }
        )?
    ) => {
        $(#[$attr])*
        pub enum $Enum {
            $( $(#[$doc])* $Variant, )*
            $($( $(#[$wrap_doc])* $Wrap($Family), )*)?
        }

        impl $Enum {
            $(#[$all_doc])*
            $all_vis const $All: [$Enum; [$($code),*].len()] = [$($Enum::$Variant),*];

            /// The code as written: `E0023`, or a name such as `band-gap`. A
            /// code is never renumbered or reused: a new one takes the next number.
            pub fn $name(self) -> &'static str {
                match self {
                    $( $Enum::$Variant => $code, )*
                    $($( $Enum::$Wrap(family) => family.name(), )*)?
                }
            }

            /// The long account `cargo xtask explain` prints: what the mistake
            /// is, why it is one, and a wrong and a right chapter (each fence
            /// `~~~~ <path>` holds a file of a `spec/` folder, or of
            /// `rules/src/` for a resolver).
            pub fn explanation(self) -> &'static str {
                match self {
                    $( $Enum::$Variant => include_str!(concat!("explain/", $code, ".md")), )*
                    $($( $Enum::$Wrap(family) => family.explanation(), )*)?
                }
            }
        }

        impl std::fmt::Display for $Enum {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.$name())
            }
        }
    };
}

pub mod book_check;
pub mod code;
pub mod diagnostic;
pub mod lint_kind;
pub mod review_check;
pub mod source;
pub mod suggest;

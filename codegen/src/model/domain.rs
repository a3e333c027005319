//! The domain a rule block declares for an input or output: the figures the
//! book can mean, written after the type as a Rust range (`"int 3..=18"` for
//! a 3d6 roll, `"int 0.."` for a count, `"decimal ..=1"`). The generated
//! registry refuses an input outside its domain, and the totality test checks
//! every output against its own. Reading one is the syntax pass's
//! (`syntax/domain.rs`).

/// The bounds of a domain, both included; `None` where it is open.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Domain {
    pub lo: Option<f64>,
    pub hi: Option<f64>,
}

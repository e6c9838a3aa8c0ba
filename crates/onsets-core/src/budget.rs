//! The budget of one written Solution: what the checker, the explainer and the
//! judge's assistant take on, so that their work is bounded by construction
//! (docs/rulings.md, "Checking limits"; docs/security/budgets.md).
//!
//! A text is measured before it is parsed (its characters), a parsed text
//! before anything is evaluated (its symbols and its chains), and the
//! enumeration of interpretations (VII-B-6) spends from a [`Work`] meter of
//! [`MAX_WORK`] units before each step. Every limit is far beyond a Solution
//! built from the kit (18 cubes, 15 of them not digits, I-B-2): the checker's
//! verdicts within the budget are unchanged.

use crate::eval::Work;
use crate::solution::{Expr, ParseOptions, Part, Pos, Presentation, Solution};
use std::fmt;

/// Characters of one written presentation (one Solution or Two Solutions):
/// the largest body `POST /api/explain` takes (16 KiB) holds no more.
pub const MAX_SOLUTION_CHARS: usize = 16_000;

/// Written symbols of one Solution: sets, operations, ′ and relations
/// (grouping symbols, separators and annotations are not counted). The kit
/// has 15 non-digit cubes (I-B-2), so a Solution built from it has at most 15.
pub const MAX_SOLUTION_SYMBOLS: usize = 100;

/// Operands of one chain written without grouping symbols (VII-B-6). The kit
/// has four operation cubes (I-B-2-c), so a chain built from it has at most
/// five operands.
pub const MAX_CHAIN_OPERANDS: usize = 16;

/// Units of [`Work`] one Solution's interpretations may cost (one per pair of
/// readings combined, four more per distinct reading kept): about 40 ms and
/// 20 MB at most in a release build.
pub const MAX_WORK: u64 = 5_000_000;

/// What a Solution over its budget exceeds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BudgetError {
    /// More than [`MAX_SOLUTION_CHARS`] characters.
    TooLong { chars: usize },
    /// More than [`MAX_SOLUTION_SYMBOLS`] symbols in one Solution; `at` is the
    /// first symbol past the limit.
    TooManySymbols { symbols: usize, at: Pos },
    /// A chain of more than [`MAX_CHAIN_OPERANDS`] operands; `at` is its first
    /// symbol.
    ChainTooLong { operands: usize, at: Pos },
    /// The interpretations would cost more than [`MAX_WORK`].
    TooMuchWork,
}

impl BudgetError {
    /// The kebab-case code (the wire spelling).
    pub const fn code(&self) -> &'static str {
        match self {
            BudgetError::TooLong { .. } => "too-long",
            BudgetError::TooManySymbols { .. } => "too-many-symbols",
            BudgetError::ChainTooLong { .. } => "chain-too-long",
            BudgetError::TooMuchWork => "too-complex",
        }
    }
}

impl fmt::Display for BudgetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BudgetError::TooLong { chars } => write!(
                f,
                "a Solution may have at most {MAX_SOLUTION_CHARS} characters; this one has {chars}"
            ),
            BudgetError::TooManySymbols { symbols, at } => write!(
                f,
                "a Solution may have at most {MAX_SOLUTION_SYMBOLS} symbols (grouping symbols not counted); this one has {symbols} ({at})"
            ),
            BudgetError::ChainTooLong { operands, at } => write!(
                f,
                "a chain without grouping symbols may have at most {MAX_CHAIN_OPERANDS} operands; this one has {operands} ({at}); group it with brackets"
            ),
            BudgetError::TooMuchWork => write!(
                f,
                "the Solution's interpretations cost more than {MAX_WORK} steps to enumerate; group it with brackets"
            ),
        }
    }
}

impl std::error::Error for BudgetError {}

/// The characters of a text, refused over [`MAX_SOLUTION_CHARS`]; linear and
/// allocation-free.
pub fn admit_text(text: &str) -> Result<(), BudgetError> {
    // A text of at most MAX bytes has at most MAX characters: no count needed.
    if text.len() <= MAX_SOLUTION_CHARS {
        return Ok(());
    }
    let chars = text.chars().count();
    if chars > MAX_SOLUTION_CHARS {
        return Err(BudgetError::TooLong { chars });
    }
    Ok(())
}

/// The symbols and chains of a parsed presentation, refused over
/// [`MAX_SOLUTION_SYMBOLS`] or [`MAX_CHAIN_OPERANDS`].
pub fn admit(p: &Presentation) -> Result<(), BudgetError> {
    p.solutions.iter().try_for_each(admit_solution)
}

fn admit_solution(s: &Solution) -> Result<(), BudgetError> {
    let mut symbols = Vec::new();
    for part in &s.parts {
        match part {
            Part::Restriction(r) => {
                r.sides.iter().try_for_each(admit_chains)?;
                symbols.extend(r.symbols());
            }
            Part::SetName(e) => {
                admit_chains(e)?;
                symbols.extend(e.symbols());
            }
            Part::Blank(_) => {}
        }
    }
    match symbols.get(MAX_SOLUTION_SYMBOLS) {
        Some(w) => Err(BudgetError::TooManySymbols {
            symbols: symbols.len(),
            at: w.pos,
        }),
        None => Ok(()),
    }
}

fn admit_chains(e: &Expr) -> Result<(), BudgetError> {
    match e {
        Expr::Set(_) => Ok(()),
        Expr::Group(_, x) | Expr::Complement(x, _) => admit_chains(x),
        Expr::Chain(es, _) => {
            if es.len() > MAX_CHAIN_OPERANDS {
                let at = es[0].symbols().first().map(|w| w.pos).unwrap_or_default();
                return Err(BudgetError::ChainTooLong {
                    operands: es.len(),
                    at,
                });
            }
            es.iter().try_for_each(admit_chains)
        }
    }
}

/// A text measured as the checker measures it: its characters, then, when it
/// parses, its symbols and chains. A text that does not parse is within the
/// budget (its verdict is `undefined`, found by the linear parser).
pub fn admit_str(text: &str, opts: ParseOptions) -> Result<(), BudgetError> {
    admit_text(text)?;
    match Presentation::parse_with(text, opts) {
        Ok(p) => admit(&p),
        Err(_) => Ok(()),
    }
}

/// A fresh [`Work`] meter of [`MAX_WORK`] units, for one Solution.
pub const fn work() -> Work {
    Work::new(MAX_WORK)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chain(n: usize) -> String {
        vec!["B"; n].join(" ∪ ")
    }

    #[test]
    fn a_long_text_is_refused_by_its_characters() {
        let e = admit_text(&"B".repeat(MAX_SOLUTION_CHARS + 1)).unwrap_err();
        assert_eq!(
            e.to_string(),
            "a Solution may have at most 16000 characters; this one has 16001"
        );
        assert!(admit_text(&"∪".repeat(MAX_SOLUTION_CHARS)).is_ok());
    }

    #[test]
    fn a_long_chain_is_refused_with_its_column() {
        assert!(admit_str(&chain(MAX_CHAIN_OPERANDS), ParseOptions::default()).is_ok());
        let e = admit_str(
            &format!("R ∩ ({})", chain(MAX_CHAIN_OPERANDS + 1)),
            ParseOptions::default(),
        )
        .unwrap_err();
        assert_eq!(e.code(), "chain-too-long");
        assert!(e.to_string().contains("this one has 17 (column 6)"), "{e}");
    }

    #[test]
    fn too_many_symbols_names_the_first_past_the_limit() {
        // 13 groups of five operands: 65 sets and 64 operations.
        let g = format!("({})", chain(5));
        let text = vec![g.as_str(); 13].join(" ∩ ");
        let e = admit_str(&text, ParseOptions::default()).unwrap_err();
        assert_eq!(e.code(), "too-many-symbols");
        assert!(e.to_string().contains("this one has 129"), "{e}");
    }
}

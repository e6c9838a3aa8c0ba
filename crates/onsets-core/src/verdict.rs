//! The checker's verdict: correct or not, every criterion broken, with the
//! rule section, the values reached and a counterexample grouping.

use serde::Serialize;
use std::fmt;

/// One broken criterion.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Violation {
    /// A stable, kebab-case code (see `docs/checker.md`).
    pub code: &'static str,
    /// The rule section (or judges' situation, or project ruling) it breaks.
    pub section: &'static str,
    pub message: String,
}

impl Violation {
    pub fn new(code: &'static str, section: &'static str, message: impl Into<String>) -> Self {
        Violation {
            code,
            section,
            message: message.into(),
        }
    }
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.message.contains(self.section) {
            f.write_str(&self.message)
        } else {
            write!(f, "{} ({})", self.message, self.section)
        }
    }
}

/// The verdict on a presented Solution (or pair of Solutions).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Verdict {
    pub correct: bool,
    /// The number of cards (doubled cards twice) the Solution names under each
    /// of its legal interpretations, distinct and sorted.
    pub values: Vec<i64>,
    pub errors: Vec<Violation>,
    /// A grouping of the Solution that breaks a criterion, when the Solution is
    /// ambiguous and some interpretation fails (VII-C-5-c).
    pub counterexample: Option<String>,
    /// The Goal's legal values (more than one under Absolute Value).
    pub goal_values: Vec<i64>,
    /// Notes that do not affect correctness (ignored variation selections).
    pub notes: Vec<String>,
}

impl Verdict {
    /// The verdict as the JSON object of notation.md (`correct`, `values`,
    /// `errors` with `code` and `message`, `counterexample`), extended with
    /// each error's `section`, the Goal's values and notes.
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::to_value(self).expect("verdicts serialize")
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.correct {
            write!(f, "correct")?;
        } else {
            write!(f, "incorrect")?;
        }
        if !self.values.is_empty() {
            let v: Vec<String> = self.values.iter().map(|v| v.to_string()).collect();
            write!(f, ": the Solution names {} card(s)", v.join(" or "))?;
        }
        if !self.goal_values.is_empty() {
            let v: Vec<String> = self.goal_values.iter().map(|v| v.to_string()).collect();
            write!(f, "; the Goal is {}", v.join(" or "))?;
        }
        writeln!(f)?;
        for e in &self.errors {
            writeln!(f, "  - {e}")?;
        }
        if let Some(c) = &self.counterexample {
            writeln!(f, "  counterexample: {c}")?;
        }
        for n in &self.notes {
            writeln!(f, "  note: {n}")?;
        }
        Ok(())
    }
}

//! The checker's verdict: correct or not, every criterion broken, with the
//! rule section, the values reached and a counterexample grouping.

use serde::{Serialize, Serializer};
use std::fmt;

/// What a broken criterion is: a stable code whose kebab-case spelling
/// ([`ViolationKind::as_str`]) is the wire format of verdicts (docs/notation.md,
/// "Error codes of the checker"). Code compares kinds, never strings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum ViolationKind {
    Undefined,
    Ambiguous,
    Annotation,
    Blank,
    CubeUnavailable,
    ForbiddenCube,
    GoalIllegal,
    GoalNegative,
    NoSetName,
    NowResources,
    RequiredCube,
    RequiredUnused,
    RestrictionNotAllowed,
    RestrictionRequired,
    SeveralSetNames,
    TooComplex,
    TooFewCubes,
    TwoOperations,
    TwoSolutions,
    TwoSolutionsNotInForce,
    WildInconsistent,
    WrongValue,
    NoNullRestriction,
    RequiredCard,
    ForbiddenCard,
}

impl ViolationKind {
    /// Every kind, in the order of the documentation.
    pub const ALL: [ViolationKind; 25] = [
        ViolationKind::Undefined,
        ViolationKind::Ambiguous,
        ViolationKind::Annotation,
        ViolationKind::Blank,
        ViolationKind::CubeUnavailable,
        ViolationKind::ForbiddenCube,
        ViolationKind::GoalIllegal,
        ViolationKind::GoalNegative,
        ViolationKind::NoSetName,
        ViolationKind::NowResources,
        ViolationKind::RequiredCube,
        ViolationKind::RequiredUnused,
        ViolationKind::RestrictionNotAllowed,
        ViolationKind::RestrictionRequired,
        ViolationKind::SeveralSetNames,
        ViolationKind::TooComplex,
        ViolationKind::TooFewCubes,
        ViolationKind::TwoOperations,
        ViolationKind::TwoSolutions,
        ViolationKind::TwoSolutionsNotInForce,
        ViolationKind::WildInconsistent,
        ViolationKind::WrongValue,
        ViolationKind::NoNullRestriction,
        ViolationKind::RequiredCard,
        ViolationKind::ForbiddenCard,
    ];

    /// The kebab-case code of the wire format.
    pub const fn as_str(self) -> &'static str {
        match self {
            ViolationKind::Undefined => "undefined",
            ViolationKind::Ambiguous => "ambiguous",
            ViolationKind::Annotation => "annotation",
            ViolationKind::Blank => "blank",
            ViolationKind::CubeUnavailable => "cube-unavailable",
            ViolationKind::ForbiddenCube => "forbidden-cube",
            ViolationKind::GoalIllegal => "goal-illegal",
            ViolationKind::GoalNegative => "goal-negative",
            ViolationKind::NoSetName => "no-set-name",
            ViolationKind::NowResources => "now-resources",
            ViolationKind::RequiredCube => "required-cube",
            ViolationKind::RequiredUnused => "required-unused",
            ViolationKind::RestrictionNotAllowed => "restriction-not-allowed",
            ViolationKind::RestrictionRequired => "restriction-required",
            ViolationKind::SeveralSetNames => "several-set-names",
            ViolationKind::TooComplex => "too-complex",
            ViolationKind::TooFewCubes => "too-few-cubes",
            ViolationKind::TwoOperations => "two-operations",
            ViolationKind::TwoSolutions => "two-solutions",
            ViolationKind::TwoSolutionsNotInForce => "two-solutions-not-in-force",
            ViolationKind::WildInconsistent => "wild-inconsistent",
            ViolationKind::WrongValue => "wrong-value",
            ViolationKind::NoNullRestriction => "no-null-restriction",
            ViolationKind::RequiredCard => "required-card",
            ViolationKind::ForbiddenCard => "forbidden-card",
        }
    }

    /// The kind whose code is `code`.
    pub fn from_code(code: &str) -> Option<ViolationKind> {
        ViolationKind::ALL.into_iter().find(|k| k.as_str() == code)
    }
}

impl fmt::Display for ViolationKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for ViolationKind {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

/// A citation: a section of the rules (`VII-B-4-b`), a judges' situation
/// (`OS-E7`) or a project ruling (`ruling 18`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Rule(pub &'static str);

impl Rule {
    pub const fn as_str(self) -> &'static str {
        self.0
    }
}

/// A citation compares with its spelling (`rule == "IV-B"`), for tests and
/// for texts that cite sections.
impl PartialEq<&str> for Rule {
    fn eq(&self, other: &&str) -> bool {
        self.0 == *other
    }
}

impl PartialEq<Rule> for &str {
    fn eq(&self, other: &Rule) -> bool {
        *self == other.0
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}

impl Serialize for Rule {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.0)
    }
}

/// One broken criterion.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Violation {
    /// What is broken (serialized as its kebab-case code).
    pub code: ViolationKind,
    /// The rule section (or judges' situation, or project ruling) it breaks.
    pub section: Rule,
    pub message: String,
}

impl Violation {
    pub fn new(code: ViolationKind, section: &'static str, message: impl Into<String>) -> Self {
        Violation {
            code,
            section: Rule(section),
            message: message.into(),
        }
    }
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.message.contains(self.section.as_str()) {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_has_its_own_code_and_reads_back() {
        let mut seen = std::collections::HashSet::new();
        for k in ViolationKind::ALL {
            assert!(seen.insert(k.as_str()), "{k:?} shares its code");
            assert_eq!(ViolationKind::from_code(k.as_str()), Some(k));
            assert_eq!(serde_json::to_value(k).unwrap(), k.as_str());
        }
        assert_eq!(ViolationKind::from_code("no-such-code"), None);
    }

    #[test]
    fn every_code_is_documented_in_notation_md() {
        let doc = include_str!("../../../docs/notation.md");
        let section = doc
            .split("## Error codes of the checker")
            .nth(1)
            .expect("the section exists");
        for k in ViolationKind::ALL {
            assert!(
                section.contains(&format!("`{}`", k.as_str())),
                "{k} is not documented"
            );
        }
    }
}

//! Errors of the notation: what is wrong and where.

use std::fmt;

/// What kind of notation error it is (docs/notation.md). Code compares
/// kinds, never messages; [`ParseErrorKind::as_str`] is its kebab-case
/// spelling.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ParseErrorKind {
    /// A character or word with no meaning in the notation (VII-C-5-d).
    UnknownSymbol,
    /// Symbols in an order that has no meaning: a set or an operation
    /// expected, a part empty (VI, VII-C-5-d).
    Syntax,
    /// A grouping symbol never closed, closed by the wrong one, or closing
    /// nothing (VII-C-5-d).
    Unbalanced,
    /// Grouping symbols and ′ nested deeper than the notation allows
    /// (docs/rulings.md).
    TooDeep,
    /// A text that must say something is empty.
    Empty,
    /// A card (I-B-1).
    Card,
    /// A cube or a list of cubes (I-B-2).
    Cube,
    /// A Goal (III-B).
    Goal,
    /// A variation (XIII).
    Variation,
    /// The blank card's colors (XIII-C-12).
    Blank,
}

impl ParseErrorKind {
    /// The kebab-case spelling.
    pub const fn as_str(self) -> &'static str {
        match self {
            ParseErrorKind::UnknownSymbol => "unknown-symbol",
            ParseErrorKind::Syntax => "syntax",
            ParseErrorKind::Unbalanced => "unbalanced",
            ParseErrorKind::TooDeep => "too-deep",
            ParseErrorKind::Empty => "empty",
            ParseErrorKind::Card => "card",
            ParseErrorKind::Cube => "cube",
            ParseErrorKind::Goal => "goal",
            ParseErrorKind::Variation => "variation",
            ParseErrorKind::Blank => "blank",
        }
    }
}

impl fmt::Display for ParseErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A notation error: its kind, a message and, when it points into a text,
/// the 1-based column (and line, for multi-line texts) where the problem is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    pub kind: ParseErrorKind,
    pub message: String,
    pub line: Option<usize>,
    pub column: Option<usize>,
}

impl ParseError {
    pub fn new(kind: ParseErrorKind, message: impl Into<String>) -> Self {
        ParseError {
            kind,
            message: message.into(),
            line: None,
            column: None,
        }
    }
    pub fn at(kind: ParseErrorKind, column: usize, message: impl Into<String>) -> Self {
        ParseError {
            kind,
            message: message.into(),
            line: None,
            column: Some(column),
        }
    }
    pub fn at_line(
        kind: ParseErrorKind,
        line: usize,
        column: usize,
        message: impl Into<String>,
    ) -> Self {
        ParseError {
            kind,
            message: message.into(),
            line: Some(line),
            column: Some(column),
        }
    }
    /// Places an error found in a substring that starts at column
    /// `offset + 1` of a one-line text: columns on the substring's first line
    /// shift; an error without a column gets the substring's start.
    pub(crate) fn shifted(mut self, offset: usize) -> Self {
        match (self.line, self.column.as_mut()) {
            (None | Some(1), Some(c)) => *c += offset,
            (_, Some(_)) => {}
            (_, None) => self.column = Some(offset + 1),
        }
        self
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)?;
        match (self.line, self.column) {
            (Some(l), Some(c)) => write!(f, ": line {l}, column {c}"),
            (None, Some(c)) => write!(f, ": column {c}"),
            _ => Ok(()),
        }
    }
}

impl std::error::Error for ParseError {}

/// An error in a position (the JSON of notation.md): which field, and why.
/// A position with several wrong fields reports them all at once
/// ([`PositionError::Several`], as shakmaty's `PositionErrorKinds`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    #[error("the position is not valid JSON: {0}")]
    Json(String),
    #[error("field `{field}`: {error}")]
    Field { field: String, error: ParseError },
    #[error("field `{field}`: {message}")]
    Invalid { field: String, message: String },
    /// More than one field is wrong: every problem, in the order of the
    /// fields.
    #[error("{}", join(.0))]
    Several(Vec<PositionError>),
}

fn join(errors: &[PositionError]) -> String {
    errors
        .iter()
        .map(|e| e.to_string())
        .collect::<Vec<_>>()
        .join("; ")
}

impl PositionError {
    /// The problems of a position: one error as itself, several together.
    pub(crate) fn all(mut errors: Vec<PositionError>) -> Self {
        if errors.len() == 1 {
            errors.remove(0)
        } else {
            PositionError::Several(errors)
        }
    }
    /// Every problem, one by one.
    pub fn problems(&self) -> Vec<&PositionError> {
        match self {
            PositionError::Several(v) => v.iter().collect(),
            e => vec![e],
        }
    }
    pub(crate) fn field(field: impl Into<String>, error: ParseError) -> Self {
        PositionError::Field {
            field: field.into(),
            error,
        }
    }
    pub(crate) fn invalid(field: impl Into<String>, message: impl Into<String>) -> Self {
        PositionError::Invalid {
            field: field.into(),
            message: message.into(),
        }
    }
}

//! Errors of the notation: what is wrong and where.

use std::fmt;

/// A notation error: a message and, when it points into a text, the 1-based
/// column (and line, for multi-line texts) where the problem is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    pub message: String,
    pub line: Option<usize>,
    pub column: Option<usize>,
}

impl ParseError {
    pub fn new(message: impl Into<String>) -> Self {
        ParseError {
            message: message.into(),
            line: None,
            column: None,
        }
    }
    pub fn at(column: usize, message: impl Into<String>) -> Self {
        ParseError {
            message: message.into(),
            line: None,
            column: Some(column),
        }
    }
    pub fn at_line(line: usize, column: usize, message: impl Into<String>) -> Self {
        ParseError {
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
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    #[error("the position is not valid JSON: {0}")]
    Json(String),
    #[error("field `{field}`: {error}")]
    Field { field: String, error: ParseError },
    #[error("field `{field}`: {message}")]
    Invalid { field: String, message: String },
}

impl PositionError {
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

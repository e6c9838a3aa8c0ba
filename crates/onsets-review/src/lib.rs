//! # onsets-review
//!
//! The post-game review of a game of any rule edition (`onsets review
//! GAME.jsonl`; docs/review.md), one report type ([`Review`]) for all of
//! them. A 2026-27 or 2019-20 match log is re-run through the engine
//! ([`onsets_engine::Match::apply`]) and every turn of every shake is judged
//! by the exact solver ([`onsets_solver::analysis`]):
//!
//! * after each move (IV-B, XIII-A-7): the position (`position_after`),
//!   whether a Now challenge (V-A-2) and an Impossible challenge (V-A-1)
//!   would have been correct right then, the move's class (`safe`, or the
//!   Flub it was: `now-wins` / `impossible-wins`) and, for a Flub, the best
//!   alternative (a safe move from the same position, if any);
//! * every missed challenge (a move after which a challenge would have won
//!   and the next action was another move) and every challenge made, judged;
//! * the Goal-setter's choice against every Goal the digits allowed (III-B);
//! * per player an accuracy figure and counts of Flubs and missed chances.
//!
//! A 1969 game log (`onsets-1969/1`) is re-run through the 1969 engine and
//! every play judged by the Flub claims of M69 3.5 (`manual1969`), into the
//! same report: its plays are the moves, its claims the challenges, with
//! the edition's own kinds in each entry (`report`).
//!
//! The engine and the solver decide everything; this crate only walks the
//! log and tallies. The judge's assistant ([`judge::rule`]) is the one entry
//! for a dispute of any edition.

pub mod botmatch;
pub mod judge;
pub mod manual1969;
pub mod report;
pub mod situations;
mod text;
mod walk;

pub use manual1969::is_1969_log;
pub use report::*;

/// Reviews a log of any edition: a 1969 game (`onsets-1969/1`, told by the
/// header's `format`) by the Flub claims of M69 3.5, any other by the
/// tournament rules' challenges (docs/review.md).
pub fn review(text: &str) -> Result<Review, ReviewError> {
    if is_1969_log(text) {
        manual1969::review_game(text)
    } else {
        walk::review_match(text)
    }
}

/// [`review`] under the name the 1969 table host calls it by.
pub fn review_1969(text: &str) -> Result<Review, ReviewError> {
    review(text)
}

/// A log's header line, read as `H` and its `format` checked against
/// `format`, and the rest of its non-blank lines (0-based index, text): the
/// one reading of a log's first line for both reviews.
pub(crate) fn read_log<'a, H: serde::de::DeserializeOwned>(
    text: &'a str,
    format: &str,
    format_of: fn(&H) -> &str,
) -> Result<(usize, H, impl Iterator<Item = (usize, &'a str)>), ReviewError> {
    let mut lines = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty());
    let (i, first) = lines.next().ok_or(ReviewError::Unreadable {
        line: 1,
        message: "the log is empty".into(),
    })?;
    let header: H = serde_json::from_str(first).map_err(|e| ReviewError::Unreadable {
        line: i + 1,
        message: format!("bad header: {e}"),
    })?;
    if format_of(&header) != format {
        return Err(ReviewError::Unreadable {
            line: i + 1,
            message: format!("unknown log format `{}`", format_of(&header)),
        });
    }
    Ok((i, header, lines))
}

/// An act the engine refuses, on log line `line`.
pub(crate) fn rejected(line: usize, r: onsets_engine::Rejection) -> ReviewError {
    ReviewError::Rejected {
        line,
        rule: r.rule.as_str(),
        message: format!("{}: {}", r.code, r.message),
    }
}

/// Why a log cannot be reviewed.
#[derive(Debug, thiserror::Error)]
pub enum ReviewError {
    /// A line is not JSON of the log schema (docs/engine.md).
    #[error("line {line}: {message}")]
    Unreadable { line: usize, message: String },
    /// An action the rules refuse (the log does not replay).
    #[error("line {line}: {message} ({rule})")]
    Rejected {
        line: usize,
        rule: &'static str,
        message: String,
    },
}

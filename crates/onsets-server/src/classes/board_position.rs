//! The classroom board's positions that are not a pool puzzle
//! (docs/classes.md, "The classroom board"): a position the coach types
//! (docs/notation.md position JSON) and the position before a move of a
//! finished match (its review, docs/review.md). Either becomes a puzzle of
//! the kind the coach asks (`challenge`, V-A; `safe-move`, IV-B and V-A;
//! `solve`, VII-B) whose answer the solver proves exactly as a generated
//! puzzle's ([`onsets_puzzles::puzzle_from_position`]), and the students
//! answer it like any puzzle (`onsets_puzzles::judge`).
//!
//! The match's log and stored review are read through the store, as
//! `GET /api/tables/{id}/mistakes` reads them; the positions before the
//! moves are the ones that route uses ([`crate::practice::mistakes::befores`]).

#![allow(clippy::result_large_err)]

use crate::api::{bad, error_response, storage, ApiCode, Services};
use crate::pool::{judge, Lane};
use axum::http::StatusCode;
use axum::response::Response;
use onsets_core::Position;
use onsets_puzzles::{puzzle_from_position, Kind, PositionError, Puzzle};
use serde_json::Value;

/// The longest typed position read, in bytes (a position is a few hundred).
pub const MAX_POSITION_BYTES: usize = 4_000;

/// The kind of question asked of a position: `challenge`, `safe-move` or
/// `solve` (a Goal is chosen before the position, a claim is 1969's).
pub(super) fn kind_of(kind: Option<&str>) -> Result<Kind, Response> {
    let Some(text) = kind else {
        return Err(bad(
            "kind",
            "a position needs `kind`: challenge, safe-move or solve",
        ));
    };
    match text.parse::<Kind>() {
        Ok(k @ (Kind::Challenge | Kind::SafeMove | Kind::Solve)) => Ok(k),
        _ => {
            let shown: String = text.chars().take(32).collect();
            Err(bad(
                "kind",
                format!("`kind` is challenge, safe-move or solve, not `{shown}`"),
            ))
        }
    }
}

fn bad_position(field: &str, message: impl Into<String>) -> Response {
    error_response(
        StatusCode::BAD_REQUEST,
        ApiCode::BadPosition,
        message,
        Some(field),
    )
}

/// The puzzle of `kind` on `position`, proved on the judging pool; a
/// refusal names `field` (the position it was asked of).
async fn prove(kind: Kind, position: Position, field: &'static str) -> Result<Puzzle, Response> {
    let made = judge()
        .run(Lane::Yielding, move || {
            puzzle_from_position(kind, &position)
        })
        .await;
    match made {
        Some(Ok(p)) => Ok(p),
        Some(Err(e @ PositionError::Unsupported(_))) => Err(bad_position(field, e.to_string())),
        Some(Err(e)) => Err(bad_position(
            field,
            format!("{e}: choose another kind or position"),
        )),
        None => Err(error_response(
            StatusCode::SERVICE_UNAVAILABLE,
            ApiCode::Busy,
            "the server is busy solving: try again in a moment",
            None,
        )),
    }
}

/// A typed position (docs/notation.md: the position JSON, as an object or
/// as its text) as a puzzle of `kind`, `source` `typed`.
pub(super) async fn typed(kind: Kind, position: &Value) -> Result<Puzzle, Response> {
    let text = match position {
        Value::String(s) => s.clone(),
        Value::Object(_) => position.to_string(),
        _ => {
            return Err(bad_position(
                "position",
                "`position` is a position (docs/notation.md): a JSON object or its text",
            ))
        }
    };
    if text.len() > MAX_POSITION_BYTES {
        return Err(bad_position(
            "position",
            format!("`position` is longer than {MAX_POSITION_BYTES} bytes"),
        ));
    }
    let position = Position::from_json(&text)
        .map_err(|e| bad_position("position", format!("`position` cannot be read: {e}")))?;
    let mut p = prove(kind, position, "position").await?;
    p.source = "typed".to_string();
    Ok(p)
}

fn no_such_table(id: &str) -> Response {
    let shown: String = id.chars().take(64).collect();
    error_response(
        StatusCode::NOT_FOUND,
        ApiCode::NoSuchTable,
        format!("there is no match table `{shown}`"),
        Some("table"),
    )
}

/// A finished match's log and its stored review, if any.
async fn finished_log(app: &Services, table: &str) -> Result<(String, Option<String>), Response> {
    if table.is_empty() || table.len() > crate::text::MAX_ID_BYTES {
        return Err(no_such_table(table));
    }
    match app.store.status(table).await {
        Ok(Some(s)) if s == "over" || s == "abandoned" => {}
        Ok(Some(_)) => {
            return Err(error_response(
                StatusCode::CONFLICT,
                ApiCode::NotFinished,
                "a match's moves are shown on the board once it is over",
                Some("table"),
            ))
        }
        Ok(None) => return Err(no_such_table(table)),
        Err(e) => return Err(storage(e)),
    }
    let log = match app.store.log(table).await {
        Ok(Some(l)) => l,
        Ok(None) => {
            return Err(error_response(
                StatusCode::CONFLICT,
                ApiCode::NotStarted,
                "this table's match never started: it has no moves",
                Some("table"),
            ))
        }
        Err(e) => return Err(storage(e)),
    };
    match app.store.review(table).await {
        Ok(r) => Ok((log, r)),
        Err(e) => Err(storage(e)),
    }
}

/// The review (stored, or made now) and the position before move `number`
/// (1-based, the review's order) with that move's review entry.
fn before_move(
    log: &str,
    cached: Option<&str>,
    number: u64,
) -> Result<(Position, Value, bool, Value), String> {
    let (review, fresh) = match cached.map(serde_json::from_str::<Value>) {
        Some(Ok(v)) => (v, false),
        _ => (
            onsets_review::review(log)
                .map_err(|e| format!("the table's log cannot be reviewed: {e}"))?
                .to_json(),
            true,
        ),
    };
    let moves = review["moves"].as_array().map_or(0, Vec::len);
    let Some(m) = usize::try_from(number)
        .ok()
        .and_then(|n| n.checked_sub(1))
        .and_then(|k| review["moves"].get(k))
    else {
        return Err(format!(
            "the match has {moves} moves: `move` is 1 to {moves}"
        ));
    };
    let line = m["line"].as_u64().unwrap_or(0) as usize;
    let position = crate::practice::mistakes::befores(log)
        .remove(&line)
        .ok_or_else(|| format!("move {number} has no position before it to show"))?;
    Ok((position, m.clone(), fresh, review))
}

/// The position before move `number` of the finished match `table` as a
/// puzzle of `kind`, `source` `review`; the question says which move it
/// was and the explanation what was played.
pub(super) async fn review_move(
    app: &Services,
    table: &str,
    number: u64,
    kind: Kind,
) -> Result<Puzzle, Response> {
    let (log, cached) = finished_log(app, table).await?;
    let found = judge()
        .run(Lane::Yielding, move || {
            before_move(&log, cached.as_deref(), number)
        })
        .await;
    let (position, m, fresh, review) = match found {
        Some(Ok(x)) => x,
        Some(Err(e)) => return Err(bad("move", e)),
        None => {
            return Err(error_response(
                StatusCode::SERVICE_UNAVAILABLE,
                ApiCode::Busy,
                "the server is busy reviewing: try again in a moment",
                None,
            ))
        }
    };
    if fresh {
        // stored as the review route stores it
        if let Err(e) = app.store.put_review(table, &review.to_string()).await {
            tracing::error!(table = %table, "storing a review failed: {e:#}");
        }
    }
    let mut p = prove(kind, position, "move").await?;
    let player = review["players"][m["player"].as_u64().unwrap_or(0) as usize]
        .as_str()
        .unwrap_or("a player")
        .to_string();
    let played = m["mv"].as_str().unwrap_or("?");
    p.source = "review".to_string();
    p.question = format!(
        "Move {number} of a match, before {player} moved. {}",
        p.question
    );
    p.explanation = format!(
        "{} In the match, {player} played {played} (the review: {}).",
        p.explanation,
        m["class"].as_str().unwrap_or("a play")
    );
    Ok(p)
}

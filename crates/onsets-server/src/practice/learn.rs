//! `GET /api/tables/{id}/mistakes?seat=N` (docs/practice.md, "My mistakes"):
//! the puzzles of [`super::mistakes`] for one seat of a finished table of any
//! edition, its log read through the store.

use super::{bad, mistakes, query, storage};
use crate::api::{error_response as error, ApiCode, Services};
use crate::pool::{judge, Lane};
use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct SeatQuery {
    seat: Option<String>,
}

fn no_such_table(id: &str) -> Response {
    let shown: String = id.chars().take(64).collect();
    error(
        StatusCode::NOT_FOUND,
        ApiCode::NoSuchTable,
        format!("there is no table `{shown}`"),
        Some("id"),
    )
}

fn not_finished() -> Response {
    error(
        StatusCode::CONFLICT,
        ApiCode::NotFinished,
        "the mistakes are found when the game is over (or the table was abandoned)",
        Some("id"),
    )
}

/// The table's log, its stored review when there is one, and whether it is
/// a match's table (else a 1969 table's).
async fn stored_log(app: &Services, id: &str) -> Result<(String, Option<String>, bool), Response> {
    match app.store.status(id).await {
        Ok(Some(s)) if s == "over" || s == "abandoned" => {}
        Ok(Some(_)) => return Err(not_finished()),
        Ok(None) => {
            return match crate::store::tables1969::load(&app.store, id).await {
                Ok(Some((_, log))) => Ok((log, None, false)),
                Ok(None) => Err(no_such_table(id)),
                Err(e) => Err(storage(e)),
            }
        }
        Err(e) => return Err(storage(e)),
    }
    let log = match app.store.log(id).await {
        Ok(Some(l)) => l,
        Ok(None) => {
            return Err(error(
                StatusCode::CONFLICT,
                ApiCode::NotStarted,
                "this table's match never started: it has no mistakes",
                Some("id"),
            ))
        }
        Err(e) => return Err(storage(e)),
    };
    match app.store.review(id).await {
        Ok(r) => Ok((log, r, true)),
        Err(e) => Err(storage(e)),
    }
}

/// `GET /api/tables/{id}/mistakes?seat=N`.
pub(super) async fn mistakes(
    State(app): State<Services>,
    Path(id): Path<String>,
    q: Result<Query<SeatQuery>, QueryRejection>,
) -> Response {
    let q = match query(q, "`seat`") {
        Ok(q) => q,
        Err(r) => return r,
    };
    let Some(seat) = q.seat.as_deref().and_then(|s| s.parse::<usize>().ok()) else {
        return bad(
            "seat",
            "`seat` is the seat's number, from 0 in seating order",
        );
    };
    if id.is_empty() || id.len() > crate::text::MAX_ID_BYTES {
        return no_such_table(&id);
    }
    let (log, cached, is_match) = match stored_log(&app, &id).await {
        Ok(x) => x,
        Err(r) => return r,
    };
    // the review (stored once, as `GET /api/tables/{id}/review` stores it)
    // and the positions before the moves, on the judging pool
    let done = judge()
        .run(Lane::Yielding, move || {
            let (review, fresh): (Value, bool) = match cached.as_deref().map(serde_json::from_str) {
                Some(Ok(v)) => (v, false),
                _ => (
                    onsets_review::review(&log)
                        .map_err(|e| e.to_string())?
                        .to_json(),
                    true,
                ),
            };
            // the edition as the log's header names it (2026-27 when absent)
            let edition = log
                .lines()
                .next()
                .and_then(|l| serde_json::from_str::<Value>(l).ok())
                .and_then(|h| h["edition"].as_str().map(String::from))
                .unwrap_or_else(|| "2026-27".to_string());
            let before = if is_match {
                mistakes::befores(&log)
            } else {
                Default::default()
            };
            Ok::<_, String>((review, fresh, before, edition))
        })
        .await;
    let (review, fresh, before, edition) = match done {
        Some(Ok(x)) => x,
        Some(Err(e)) => {
            return error(
                StatusCode::INTERNAL_SERVER_ERROR,
                ApiCode::Unreviewable,
                format!("the table's log cannot be reviewed: {e}"),
                None,
            )
        }
        None => {
            return error(
                StatusCode::SERVICE_UNAVAILABLE,
                ApiCode::Busy,
                "the server is busy reviewing: try again in a moment",
                None,
            )
        }
    };
    if is_match && fresh {
        // stored as the review route stores it, so that both answer at once next time
        if let Err(e) = app.store.put_review(&id, &review.to_string()).await {
            tracing::error!(table = %id, "storing a review failed: {e:#}");
        }
    }
    if !is_match && review["finished"] != true {
        return not_finished();
    }
    let players = review["players"].as_array().map_or(0, Vec::len);
    if seat >= players {
        return bad(
            "seat",
            format!(
                "the table has {players} seats: `seat` is 0 to {}",
                players.saturating_sub(1)
            ),
        );
    }
    let puzzles = mistakes::puzzles(&review, seat, &before);
    Json(json!({
        "table": id,
        "seat": seat,
        "player": review["players"][seat],
        "edition": edition,
        "puzzles": puzzles,
    }))
    .into_response()
}

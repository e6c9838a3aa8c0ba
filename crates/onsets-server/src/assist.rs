//! The review, explanation and judge's-assistant routes (docs/review.md;
//! docs/protocol.md, "Review, explanations and the judge's assistant").
//!
//! * `GET /api/tables/{id}/review`: the post-game review of a finished or
//!   abandoned table (`onsets_review::review`), computed on the judging pool
//!   off every table's task, one review at a time, and stored so it is
//!   computed once.
//! * `POST /api/explain`: `onsets_core::explain` of a Solution against a
//!   position.
//! * `POST /api/judge`: `onsets_review::judge::rule` on a position (typed, a
//!   log, or a table's log) and a dispute, under the position's or log's
//!   rule edition (a 1969 position or `onsets-1969/1` log takes the 1969
//!   claims `a`, `p`, `c_from_a`, `c_from_p`, `no_goal`, M69 3.5).
//!
//! JSON only (415 otherwise), length-limited (413), every bad field named
//! (400 with `field`).

use crate::lobby::{ApiCode, Lobby};
use crate::pool::{self, Lane};
use crate::text;
use crate::{error_response as error, is_json};
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use onsets_core::Position;
use onsets_review::judge::{self, Dispute, Source};
use serde::Deserialize;

/// The largest `POST /api/explain` body.
pub const MAX_EXPLAIN_BYTES: usize = 16 * 1024;
/// The largest `POST /api/judge` body (a match log fits).
pub const MAX_JUDGE_BYTES: usize = 1 << 20;
/// The longest Solution text explained.
pub const MAX_SOLUTION_BYTES: usize = 4000;

/// The checks every POST here shares: JSON, size; then the body parsed.
fn body<T: for<'de> Deserialize<'de>>(
    headers: &HeaderMap,
    body: &Bytes,
    max: usize,
) -> Result<T, Box<Response>> {
    if !is_json(headers) {
        return Err(Box::new(error(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            ApiCode::UnsupportedMediaType,
            "send JSON, with `Content-Type: application/json`",
            None,
        )));
    }
    if body.len() > max {
        return Err(Box::new(error(
            StatusCode::PAYLOAD_TOO_LARGE,
            ApiCode::TooLarge,
            format!("the request is over {max} bytes"),
            None,
        )));
    }
    serde_json::from_slice(body).map_err(|e| {
        let msg = e.to_string();
        let field = crate::text::field_of(&msg);
        Box::new(error(
            StatusCode::BAD_REQUEST,
            ApiCode::BadRequest,
            msg,
            field.as_deref(),
        ))
    })
}

fn position_of(v: &serde_json::Value) -> Result<Position, Box<Response>> {
    Position::from_json(&v.to_string()).map_err(|e| {
        Box::new(error(
            StatusCode::BAD_REQUEST,
            ApiCode::BadPosition,
            format!("position: {e}"),
            Some("position"),
        ))
    })
}

fn busy() -> Response {
    error(
        StatusCode::INTERNAL_SERVER_ERROR,
        ApiCode::Internal,
        "the server could not finish the work",
        None,
    )
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

fn storage(e: anyhow::Error) -> Response {
    crate::storage_failure("reviews", e)
}

/// One review computed at a time (a second request for the same table waits
/// and then finds it stored).
static REVIEWING: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// `GET /api/tables/{id}/review`.
pub async fn review(State(lobby): State<Lobby>, Path(id): Path<String>) -> Response {
    if id.is_empty() || id.len() > text::MAX_ID_BYTES {
        return no_such_table(&id);
    }
    let json = |s: String| ([(header::CONTENT_TYPE, "application/json")], s).into_response();
    match lobby.store.review(&id).await {
        Ok(Some(r)) => return json(r),
        Ok(None) => {}
        Err(e) => return storage(e),
    }
    match lobby.store.status(&id).await {
        Ok(None) => return no_such_table(&id),
        Ok(Some(s)) if s == "over" || s == "abandoned" => {}
        Ok(Some(_)) => {
            return error(
                StatusCode::CONFLICT,
                ApiCode::NotFinished,
                "the review opens when the match is over (or the table was abandoned)",
                Some("id"),
            )
        }
        Err(e) => return storage(e),
    }
    let _one = REVIEWING.lock().await;
    match lobby.store.review(&id).await {
        Ok(Some(r)) => return json(r),
        Ok(None) => {}
        Err(e) => return storage(e),
    }
    let log = match lobby.store.log(&id).await {
        Ok(Some(l)) => l,
        Ok(None) => {
            return error(
                StatusCode::CONFLICT,
                ApiCode::NotStarted,
                "this table's match never started: there is nothing to review",
                Some("id"),
            )
        }
        Err(e) => return storage(e),
    };
    let done = pool::judge()
        .run(Lane::Yielding, move || {
            onsets_review::review(&log).map(|r| r.to_json().to_string())
        })
        .await;
    match done {
        Some(Ok(r)) => {
            if let Err(e) = lobby.store.put_review(&id, &r).await {
                tracing::error!(table = %id, "storing a review failed: {e:#}");
            }
            json(r)
        }
        Some(Err(e)) => {
            tracing::error!(table = %id, "a stored log does not review: {e}");
            error(
                StatusCode::INTERNAL_SERVER_ERROR,
                ApiCode::Unreviewable,
                format!("the table's log cannot be reviewed: {e}"),
                None,
            )
        }
        None => busy(),
    }
}

/// `POST /api/explain` body.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ExplainRequest {
    position: serde_json::Value,
    solution: String,
}

/// `POST /api/explain`: the checker's verdict, explained.
pub async fn explain(headers: HeaderMap, raw: Bytes) -> Response {
    let req: ExplainRequest = match body(&headers, &raw, MAX_EXPLAIN_BYTES) {
        Ok(r) => r,
        Err(r) => return *r,
    };
    if req.solution.len() > MAX_SOLUTION_BYTES {
        return error(
            StatusCode::BAD_REQUEST,
            ApiCode::TooLong,
            format!("the Solution is over {MAX_SOLUTION_BYTES} bytes"),
            Some("solution"),
        );
    }
    let position = match position_of(&req.position) {
        Ok(p) => p,
        Err(r) => return *r,
    };
    // The budget of a Solution (onsets_core::budget): its characters,
    // symbols and chains are measured before the work is queued.
    let over = |e: onsets_core::BudgetError| {
        error(
            StatusCode::BAD_REQUEST,
            ApiCode::TooComplex,
            e.to_string(),
            Some("solution"),
        )
    };
    if let Err(e) = onsets_core::budget::admit_str(&req.solution, position.parse_options()) {
        return over(e);
    }
    let solution = req.solution;
    match pool::judge()
        .run(Lane::Yielding, move || {
            onsets_core::try_explain(&position, &solution).map(|e| serde_json::to_value(e).ok())
        })
        .await
    {
        Some(Ok(Some(v))) => Json(v).into_response(),
        Some(Err(e)) => over(e),
        Some(Ok(None)) | None => busy(),
    }
}

/// `POST /api/judge` body: exactly one of `position`, `log`, `table`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JudgeRequest {
    #[serde(default)]
    position: Option<serde_json::Value>,
    #[serde(default)]
    log: Option<String>,
    #[serde(default)]
    table: Option<String>,
    dispute: Dispute,
}

/// `POST /api/judge`: a ruling.
pub async fn judge(State(lobby): State<Lobby>, headers: HeaderMap, raw: Bytes) -> Response {
    let req: JudgeRequest = match body(&headers, &raw, MAX_JUDGE_BYTES) {
        Ok(r) => r,
        Err(r) => return *r,
    };
    let given = [
        req.position.is_some(),
        req.log.is_some(),
        req.table.is_some(),
    ]
    .iter()
    .filter(|x| **x)
    .count();
    if given != 1 {
        return error(
            StatusCode::BAD_REQUEST,
            ApiCode::BadField,
            "give exactly one of `position` (notation JSON), `log` (a match log) or `table` (a table's id)",
            Some("position"),
        );
    }
    let source = if let Some(p) = &req.position {
        match position_of(p) {
            Ok(p) => Source::Position(p),
            Err(r) => return *r,
        }
    } else if let Some(l) = req.log {
        Source::Log(l)
    } else {
        let id = req.table.unwrap_or_default();
        if id.is_empty() || id.len() > text::MAX_ID_BYTES {
            return no_such_table(&id);
        }
        // The log as anyone may read it: while the match is played, its
        // seed is withheld and the judge runs no future roll or deal.
        match crate::hidden::public_log(&lobby, &id).await {
            Ok(Some(l)) => Source::Log(l),
            Ok(None) => {
                // A 1969 table (table1969.rs) keeps its own log.
                if let Some(l) = crate::table1969::log_of(&lobby, &id).await {
                    Source::Log(l)
                } else {
                    return error(
                        StatusCode::NOT_FOUND,
                        ApiCode::NoSuchTable,
                        format!(
                            "there is no started table `{}`",
                            id.chars().take(64).collect::<String>()
                        ),
                        Some("table"),
                    );
                }
            }
            Err(e) => return storage(e),
        }
    };
    let dispute = req.dispute;
    match pool::judge()
        .run(Lane::Yielding, move || judge::rule(&source, &dispute))
        .await
    {
        Some(Ok(r)) => Json(r).into_response(),
        Some(Err(e)) if e.withheld => error(
            StatusCode::CONFLICT,
            ApiCode::Withheld,
            e.message,
            Some(e.field),
        ),
        Some(Err(e)) => error(
            StatusCode::BAD_REQUEST,
            ApiCode::BadField,
            e.message,
            Some(e.field),
        ),
        None => busy(),
    }
}

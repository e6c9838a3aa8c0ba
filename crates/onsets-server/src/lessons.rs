//! Lessons on the server (issue 15, item 3; docs/lessons.md): the lessons of
//! `onsets_puzzles::lessons` served as JSON, and each attempt judged on the
//! server by the same machinery as play (the core's checker, the solver, the
//! match engine), on the bounded judging pool.
//!
//! * `GET /api/lessons`: `{"lessons": [{id, title, rule, part, summary, steps}]}`
//! * `GET /api/lessons/{id}`: the lesson with its steps (text, sections,
//!   position, task, hint, and for a scoring step the shake the engine plays)
//! * `POST /api/lessons/{id}/steps/{n}` with an attempt (`{"type": "goal",
//!   "goal": "3+2"}`, `{"type": "move", "cube": "B", "to": "required"}` with
//!   an optional `"from": "permitted"`, `{"type": "solution", "solution": …}`,
//!   `{"type": "challenge", "challenge": "now"}`, `{"type": "score",
//!   "points": [6, 2]}`): the verdict `{correct, message, reasons: [{section,
//!   message}], verdict?, explanation?, after?, step, steps}`
//! * `GET /api/lessons/{id}/steps/{n}/answer`: "show me", an answer found by
//!   the solver, the checker's machinery or the engine: `{attempt, text}`
//!
//! Progress is kept by the browser (localStorage); the server stores nothing.

use crate::lobby::{ApiCode, Lobby};
use crate::pool::{judge, Lane};
use crate::{error_response as error, is_json};
use axum::body::Bytes;
use axum::extract::Path;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use onsets_puzzles::lessons::{self, Attempt, LessonError};
use serde_json::json;
use std::sync::Once;

/// The largest attempt request body.
pub const MAX_ATTEMPT_BYTES: usize = 8 * 1024;

/// The routes, merged into the server's router.
pub fn routes() -> Router<Lobby> {
    // the exercises are built by the solver once; start at once so that the
    // first learner does not wait
    static WARM: Once = Once::new();
    WARM.call_once(|| {
        let _ = std::thread::Builder::new()
            .name("onsets-lessons".into())
            .spawn(|| {
                lessons::lessons();
            });
    });
    Router::new()
        .route("/api/lessons", get(list))
        .route("/api/lessons/{id}", get(one))
        .route("/api/lessons/{id}/steps/{n}", axum::routing::post(attempt))
        .route("/api/lessons/{id}/steps/{n}/answer", get(answer))
}

fn refused(e: LessonError) -> Response {
    match e {
        LessonError::NoSuchLesson(_) => error(
            StatusCode::NOT_FOUND,
            ApiCode::NoSuchLesson,
            e.to_string(),
            Some("id"),
        ),
        LessonError::NoSuchStep(..) => error(
            StatusCode::NOT_FOUND,
            ApiCode::NoSuchLesson,
            e.to_string(),
            Some("n"),
        ),
        LessonError::TooLong => error(
            StatusCode::BAD_REQUEST,
            ApiCode::TooLong,
            e.to_string(),
            None,
        ),
        _ => error(
            StatusCode::BAD_REQUEST,
            ApiCode::BadAttempt,
            e.to_string(),
            None,
        ),
    }
}

fn busy() -> Response {
    error(
        StatusCode::INTERNAL_SERVER_ERROR,
        ApiCode::Internal,
        "the lesson could not be prepared",
        None,
    )
}

/// Runs `f` on the judging pool (the lessons are built, and attempts judged,
/// by the solver and checker).
async fn on_pool<R: Send + 'static>(f: impl FnOnce() -> R + Send + 'static) -> Option<R> {
    judge().run(Lane::First, f).await
}

async fn list() -> Response {
    match on_pool(|| {
        lessons::lessons()
            .iter()
            .map(lessons::summary)
            .collect::<Vec<_>>()
    })
    .await
    {
        Some(l) => Json(json!({ "lessons": l })).into_response(),
        None => busy(),
    }
}

async fn one(Path(id): Path<String>) -> Response {
    let r = on_pool(move || lessons::lesson(&id).map(|l| serde_json::to_value(l).ok())).await;
    match r {
        Some(Ok(Some(v))) => Json(v).into_response(),
        Some(Err(e)) => refused(e),
        _ => busy(),
    }
}

/// A step number, or the 404 that says it is not one.
fn step_number(n: &str) -> Result<usize, Box<Response>> {
    n.parse::<usize>().map_err(|_| {
        Box::new(error(
            StatusCode::NOT_FOUND,
            ApiCode::NoSuchLesson,
            format!(
                "`{}` is not a step number",
                n.chars().take(16).collect::<String>()
            ),
            Some("n"),
        ))
    })
}

async fn attempt(
    Path((id, n)): Path<(String, String)>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    if !is_json(&headers) {
        return error(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            ApiCode::UnsupportedMediaType,
            "send the attempt as JSON, with `Content-Type: application/json`",
            None,
        );
    }
    if body.len() > MAX_ATTEMPT_BYTES {
        return error(
            StatusCode::PAYLOAD_TOO_LARGE,
            ApiCode::TooLarge,
            "the request is too large",
            None,
        );
    }
    let n = match step_number(&n) {
        Ok(n) => n,
        Err(r) => return *r,
    };
    let attempt: Attempt = match serde_json::from_slice(&body) {
        Ok(a) => a,
        Err(e) => {
            return error(
                StatusCode::BAD_REQUEST,
                ApiCode::BadRequest,
                format!(
                    "{e}: an attempt is {{\"type\": \"goal\"|\"move\"|\"solution\"|\"challenge\"|\"score\", …}}"
                ),
                None,
            )
        }
    };
    let r = on_pool(move || {
        let lesson = lessons::lesson(&id)?;
        let step = lessons::step(&id, n)?;
        let o = lessons::judge(step, &attempt)?;
        let mut v = serde_json::to_value(o).unwrap_or_default();
        v["step"] = json!(n);
        v["steps"] = json!(lesson.steps.len());
        Ok::<_, LessonError>(v)
    })
    .await;
    match r {
        Some(Ok(v)) => Json(v).into_response(),
        Some(Err(e)) => refused(e),
        None => busy(),
    }
}

async fn answer(Path((id, n)): Path<(String, String)>) -> Response {
    let n = match step_number(&n) {
        Ok(n) => n,
        Err(r) => return *r,
    };
    let r = on_pool(move || {
        let step = lessons::step(&id, n)?;
        Ok::<_, LessonError>(lessons::show(step))
    })
    .await;
    match r {
        Some(Ok(Some(s))) => Json(s).into_response(),
        Some(Ok(None)) => error(
            StatusCode::NOT_FOUND,
            ApiCode::NoSuchLesson,
            "no answer was found for this step",
            None,
        ),
        Some(Err(e)) => refused(e),
        None => busy(),
    }
}

//! Lessons on the server (docs/lessons.md): the lessons of
//! `onsets_puzzles::lessons` served as JSON, and each attempt judged on the
//! server by the same machinery as play (the core's checker, the solver, the
//! match engine), on the bounded judging pool. A signed-in player's steps
//! done are stored ([`crate::store::lessons`]); anonymous players keep
//! progress in the browser, merged in when they sign in. The routes and
//! the attempts' shapes are described in docs/protocol.md, "Lessons".

use crate::accounts::{require, signed_in};
use crate::api::{error_response as error, is_json, storage_failure, ApiCode, Services};
use crate::pool::{judge, Lane};
use crate::store::lessons::{progress as load, record};
use axum::body::Bytes;
use axum::extract::{FromRef, Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use onsets_puzzles::lessons::{self, Attempt, LessonError};
use serde::Deserialize;
use serde_json::json;
use std::collections::BTreeMap;
use std::sync::Once;

/// The largest attempt request body.
pub const MAX_ATTEMPT_BYTES: usize = 8 * 1024;

/// The routes, merged into the server's router.
pub fn routes<S>() -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    Services: FromRef<S>,
{
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
        .route("/api/lessons/progress", get(progress).post(merge))
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
    State(app): State<Services>,
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
    let lesson_id = id.clone();
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
        Some(Ok(mut v)) => {
            // a signed-in player's step done is stored; a storage failure
            // never hides the verdict
            let mut saved = false;
            if v["correct"] == true {
                if let Ok(Some(a)) = signed_in(&app.store, &headers).await {
                    match record(&app.store, &a.id, &lesson_id, n as i64).await {
                        Ok(()) => saved = true,
                        Err(e) => tracing::error!("lesson progress: {e:#}"),
                    }
                }
            }
            v["saved"] = json!(saved);
            Json(v).into_response()
        }
        Some(Err(e)) => refused(e),
        None => busy(),
    }
}

fn storage(e: crate::store::StoreError) -> Response {
    storage_failure("lesson progress", e)
}

async fn progress(State(app): State<Services>, headers: HeaderMap) -> Response {
    match signed_in(&app.store, &headers).await {
        Ok(None) => Json(json!({"signed_in": false, "progress": {}})).into_response(),
        Ok(Some(a)) => match load(&app.store, &a.id).await {
            Ok(p) => {
                Json(json!({"signed_in": true, "account": a.name, "progress": p})).into_response()
            }
            Err(e) => storage(e),
        },
        Err(e) => storage(e),
    }
}

/// The most steps a merge may carry.
const MAX_MERGED: usize = 2_000;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Merge {
    progress: BTreeMap<String, Vec<i64>>,
}

async fn merge(State(app): State<Services>, headers: HeaderMap, body: Bytes) -> Response {
    if !is_json(&headers) {
        return error(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            ApiCode::UnsupportedMediaType,
            "send the progress as JSON, with `Content-Type: application/json`",
            None,
        );
    }
    if body.len() > 4 * MAX_ATTEMPT_BYTES {
        return error(
            StatusCode::PAYLOAD_TOO_LARGE,
            ApiCode::TooLarge,
            "the request is too large",
            None,
        );
    }
    let account = match require(&app.store, &headers).await {
        Ok(a) => a,
        Err(r) => return r,
    };
    let m: Merge = match serde_json::from_slice(&body) {
        Ok(m) => m,
        Err(e) => {
            return error(
                StatusCode::BAD_REQUEST,
                ApiCode::BadRequest,
                format!("{e}: send {{\"progress\": {{lesson: [steps]}}}}"),
                Some("progress"),
            )
        }
    };
    if m.progress.values().map(Vec::len).sum::<usize>() > MAX_MERGED {
        return error(
            StatusCode::PAYLOAD_TOO_LARGE,
            ApiCode::TooLarge,
            "too many steps",
            Some("progress"),
        );
    }
    // only steps that exist are kept (the lessons are built on the pool)
    let wanted = m.progress;
    let valid = on_pool(move || {
        let mut keep = Vec::new();
        for (id, steps) in wanted {
            if let Ok(l) = lessons::lesson(&id) {
                for s in steps {
                    if s >= 1 && s as usize <= l.steps.len() {
                        keep.push((id.clone(), s));
                    }
                }
            }
        }
        keep
    })
    .await;
    let Some(valid) = valid else { return busy() };
    for (l, s) in &valid {
        if let Err(e) = record(&app.store, &account.id, l, *s).await {
            return storage(e);
        }
    }
    match load(&app.store, &account.id).await {
        Ok(p) => {
            Json(json!({"signed_in": true, "account": account.name, "progress": p})).into_response()
        }
        Err(e) => storage(e),
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

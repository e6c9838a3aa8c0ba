//! Practice on the server (docs/practice.md): Puzzle Storm (three minutes,
//! rising difficulty, a miss costs 10 s, combos add time) and Puzzle Streak
//! (rising difficulty until the first miss, one skip), each run counted by
//! the server from answers it judges again (a run cannot claim a score),
//! with best and history per player; and the dashboard of weak spots: each
//! theme's attempts, solved, rating and median time, the theme where the
//! player is weakest, and the failed puzzles to replay by theme.
//!
//! The lists are drawn from the embedded 2026-27 pool (`crate::puzzles::pool`,
//! generated ahead by `onsets puzzle generate`) and the storm pool's
//! puzzles generated ahead in the background ([`storm_pool`]), so issuing
//! one is a draw and one insert. Stored in the server's database (SQLite or PostgreSQL,
//! migration `0025_practice.sql`, `crate::store::practice`).

mod dashboard;
pub mod drills;
mod learn;
pub mod mistakes;
pub mod race;
mod race_ws;
mod result;
pub mod run;
pub mod storm_pool;
pub mod weak;

use crate::api::{error_response as error, is_json, too_many, ApiCode, Client, Services};
use crate::pool::{judge, Lane};
use crate::puzzles::{pool, valid_player};
use crate::store::practice::{self as stored, RunRow};
use axum::body::Bytes;
use axum::extract::rejection::QueryRejection;
use axum::extract::{FromRef, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use onsets_puzzles::{Kind, Puzzle};
use run::Mode;
use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::{json, Value};

/// The largest result body: a long run of written Solutions.
pub const MAX_RESULT_BYTES: usize = 64 * 1024;

/// The routes, merged into the server's router (the pages `/storm`,
/// `/streak`, `/practice` and `/t/{id}/mistakes` serve the browser client).
pub fn routes<S>() -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    Services: FromRef<S>,
    std::sync::Arc<crate::config::Config>: FromRef<S>,
{
    Router::new()
        .route("/api/puzzles/storm", get(storm_list))
        .route("/api/puzzles/storm/result", post(result::storm_result))
        .route("/api/puzzles/storm/history", get(storm_history))
        .route("/api/puzzles/streak", get(streak_list))
        .route("/api/puzzles/streak/result", post(result::streak_result))
        .route("/api/puzzles/streak/history", get(streak_history))
        .route("/api/puzzles/check", post(check))
        .route("/api/puzzles/dashboard", get(dashboard::dashboard))
        .route("/api/puzzles/weak", get(dashboard::weak))
        .route("/api/puzzles/failed", get(dashboard::failed))
        .route("/api/puzzles/practice/answer", post(dashboard::answer))
        .route("/api/tables/{id}/mistakes", get(learn::mistakes))
        .route("/api/tables/{id}/mistakes/answer", post(learn::answer))
        .merge(race_ws::routes())
        .route("/storm", get(|| async { crate::web::file("index.html") }))
        .route("/streak", get(|| async { crate::web::file("index.html") }))
        .route(
            "/practice",
            get(|| async { crate::web::file("index.html") }),
        )
        .route(
            "/t/{id}/mistakes",
            get(|| async { crate::web::file("index.html") }),
        )
}

fn storage(e: impl Into<anyhow::Error>) -> Response {
    crate::api::storage_failure("practice", e)
}

fn bad(field: &str, message: impl Into<String>) -> Response {
    error(
        StatusCode::BAD_REQUEST,
        ApiCode::BadRequest,
        message,
        Some(field),
    )
}

/// A query string, or the refusal naming the parameters.
#[allow(clippy::result_large_err)] // the refusal is the whole response
fn query<T>(q: Result<Query<T>, QueryRejection>, params: &str) -> Result<T, Response> {
    q.map(|Query(q)| q).map_err(|e| {
        let msg = e.body_text();
        let field = crate::text::field_of(&msg);
        error(
            StatusCode::BAD_REQUEST,
            ApiCode::BadRequest,
            format!("{msg} (the parameters are {params})"),
            field.as_deref(),
        )
    })
}

/// The `player` parameter, checked.
#[allow(clippy::result_large_err)] // the refusal is the whole response
fn player_of(p: Option<&str>) -> Result<String, Response> {
    match p {
        Some(id) if valid_player(id) => Ok(id.to_string()),
        Some(_) => Err(bad("player", "`player` is 8 to 64 letters, digits and -")),
        None => Err(bad(
            "player",
            "`player` is missing: the id of `POST /api/puzzles/players`",
        )),
    }
}

/// A JSON body, checked: 415, 413, 400 naming the field.
#[allow(clippy::result_large_err)] // the refusal is the whole response
fn body<T: DeserializeOwned>(headers: &HeaderMap, body: &Bytes, max: usize) -> Result<T, Response> {
    if !is_json(headers) {
        return Err(error(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            ApiCode::UnsupportedMediaType,
            "send JSON, with `Content-Type: application/json`",
            None,
        ));
    }
    if body.len() > max {
        return Err(error(
            StatusCode::PAYLOAD_TOO_LARGE,
            ApiCode::TooLarge,
            format!("the request is too large: at most {max} bytes"),
            None,
        ));
    }
    serde_json::from_slice(body).map_err(|e| {
        let msg = e.to_string();
        let field = crate::text::field_of(&msg);
        error(
            StatusCode::BAD_REQUEST,
            ApiCode::BadRequest,
            msg,
            field.as_deref(),
        )
    })
}

/// A puzzle of any edition by id (the embedded pools', or one generated
/// ahead by the storm pool, [`crate::puzzles::find`]).
fn find(id: &str) -> Option<&'static Puzzle> {
    (id.len() <= 64).then(|| crate::puzzles::find(id)).flatten()
}

/// The embedded 2026-27 pool's puzzles of `kind` (every kind: `None`): a
/// race's list, the same on every instance for the same seed.
fn embedded(kind: Option<Kind>) -> Vec<&'static Puzzle> {
    pool().iter().filter(|p| run::fits(p, kind)).collect()
}

/// The 2026-27 pool's puzzles of `kind` (every kind: `None`) and the storm
/// pool's ready ones.
fn candidates(kind: Option<Kind>) -> Vec<&'static Puzzle> {
    let mut all = embedded(kind);
    all.extend(storm_pool::ready(kind));
    all
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ListQuery {
    player: Option<String>,
    kind: Option<String>,
}

/// `GET /api/puzzles/storm?player=ID[&kind=K]`: a storm's list.
async fn storm_list(
    State(app): State<Services>,
    q: Result<Query<ListQuery>, QueryRejection>,
) -> Response {
    list(&app, q, Mode::Storm).await
}

/// `GET /api/puzzles/streak?player=ID[&kind=K]`: a streak's list.
async fn streak_list(
    State(app): State<Services>,
    q: Result<Query<ListQuery>, QueryRejection>,
) -> Response {
    list(&app, q, Mode::Streak).await
}

/// A list of puzzles of rising difficulty ([`run::rising`]), stored with
/// its id so that the result can be checked against it.
async fn list(app: &Services, q: Result<Query<ListQuery>, QueryRejection>, mode: Mode) -> Response {
    let q = match query(q, "`player` and `kind`") {
        Ok(q) => q,
        Err(r) => return r,
    };
    let player = match player_of(q.player.as_deref()) {
        Ok(p) => p,
        Err(r) => return r,
    };
    let kind = match q.kind.as_deref().filter(|k| !k.is_empty()) {
        None => None,
        Some(k) => match k.parse::<Kind>() {
            Ok(Kind::Claim) => {
                return bad(
                    "kind",
                    "storms and streaks are 2026-27 puzzles: `claim` is a 1969 kind (M69 3.5)",
                )
            }
            Ok(k) => Some(k),
            Err(e) => return bad("kind", e),
        },
    };
    storm_pool::ensure_started(&app.store);
    let id = uuid::Uuid::new_v4().simple().to_string();
    let from = candidates(kind);
    let chosen = run::rising(&from, mode.list_len(), onsets_puzzles::fnv1a(&id));
    if mode == Mode::Storm && chosen.len() < run::STORM_MIN_PUZZLES {
        return error(
            StatusCode::NOT_FOUND,
            ApiCode::NoPuzzles,
            format!(
                "only {} puzzles of that kind: a storm needs {}",
                chosen.len(),
                run::STORM_MIN_PUZZLES
            ),
            Some("kind"),
        );
    }
    let row = RunRow {
        id: id.clone(),
        player: player.clone(),
        mode: mode.name().to_string(),
        puzzles: chosen.iter().map(|p| p.id.clone()).collect(),
        issued_ms: crate::store::now_ms(),
        finished_ms: None,
    };
    if let Err(e) = stored::open_run(&app.store, &row).await {
        return storage(e);
    }
    let puzzles: Vec<Value> = chosen.iter().map(|p| p.question_only()).collect();
    let mut out = json!({
        "puzzles": puzzles,
        "player": player,
        "mode": mode.name(),
    });
    if let Some(o) = out.as_object_mut() {
        o.insert(mode.name().into(), json!(id));
        match mode {
            Mode::Storm => {
                o.insert("seconds".into(), json!(run::STORM_MS / 1000));
                o.insert("miss_seconds".into(), json!(run::MISS_MS / 1000));
                o.insert(
                    "combo_bonus".into(),
                    json!([[5, 3], [12, 5], [20, 7], [30, 10]]),
                );
            }
            Mode::Streak => {
                o.insert("skips".into(), json!(run::STREAK_SKIPS));
            }
        }
    }
    Json(out).into_response()
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct PlayerQuery {
    player: Option<String>,
}

/// `GET /api/puzzles/storm/history?player=ID`.
async fn storm_history(
    State(app): State<Services>,
    q: Result<Query<PlayerQuery>, QueryRejection>,
) -> Response {
    history(&app, q, Mode::Storm).await
}

/// `GET /api/puzzles/streak/history?player=ID`.
async fn streak_history(
    State(app): State<Services>,
    q: Result<Query<PlayerQuery>, QueryRejection>,
) -> Response {
    history(&app, q, Mode::Streak).await
}

/// A finished run as JSON.
fn finished_json(f: &stored::Finished) -> Value {
    json!({
        "id": f.id,
        "at_ms": f.at_ms,
        "score": f.result.score,
        "moves": f.result.moves,
        "errors": f.result.errors,
        "best_combo": f.result.best_combo,
        "ms": f.result.ms,
    })
}

/// A player's best run and the last 50 of a mode.
async fn history(
    app: &Services,
    q: Result<Query<PlayerQuery>, QueryRejection>,
    mode: Mode,
) -> Response {
    let q = match query(q, "`player`") {
        Ok(q) => q,
        Err(r) => return r,
    };
    let player = match player_of(q.player.as_deref()) {
        Ok(p) => p,
        Err(r) => return r,
    };
    let store = &app.store;
    let read = async {
        let best = stored::best(store, &player, mode.name()).await?;
        let runs = stored::history(store, &player, mode.name(), 50).await?;
        Ok::<_, crate::store::StoreError>((best, runs))
    };
    match read.await {
        Ok((best, runs)) => Json(json!({
            "player": player,
            "mode": mode.name(),
            "best": best.as_ref().map(finished_json),
            "runs": runs.iter().map(finished_json).collect::<Vec<_>>(),
        }))
        .into_response(),
        Err(e) => storage(e),
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct CheckBody {
    puzzle: String,
    answer: String,
}

/// A judgement of one answer on the judging pool (the checker for a
/// written Solution), or the refusal naming `field`.
async fn judged(
    p: &'static Puzzle,
    answer: String,
    field: String,
) -> Result<onsets_puzzles::Judgement, Response> {
    match judge()
        .run(Lane::First, move || onsets_puzzles::judge(p, &answer))
        .await
    {
        Some(Ok(j)) => Ok(j),
        Some(Err(e)) => Err(error(
            StatusCode::BAD_REQUEST,
            ApiCode::BadAttempt,
            e.to_string(),
            Some(&field),
        )),
        None => Err(error(
            StatusCode::INTERNAL_SERVER_ERROR,
            ApiCode::Internal,
            "the answer could not be judged",
            None,
        )),
    }
}

/// `POST /api/puzzles/check {"puzzle", "answer"}`: the verdict on one
/// answer during a run, nothing stored (the run's result is judged again).
async fn check(
    State(app): State<Services>,
    Client(client): Client,
    headers: HeaderMap,
    bytes: Bytes,
) -> Response {
    let req: CheckBody = match body(&headers, &bytes, crate::puzzles::MAX_ATTEMPT_BYTES) {
        Ok(b) => b,
        Err(r) => return r,
    };
    if let Err(e) = crate::puzzles::load_missing(&app.store, [req.puzzle.as_str()]).await {
        return storage(e);
    }
    let Some(p) = find(&req.puzzle) else {
        return error(
            StatusCode::NOT_FOUND,
            ApiCode::NoSuchPuzzle,
            "there is no such puzzle",
            Some("puzzle"),
        );
    };
    if let Err(l) = app.puzzle_limits.attempt_from(client) {
        return too_many(&app, l);
    }
    match judged(p, req.answer, "answer".into()).await {
        Ok(j) => Json(json!({
            "puzzle": p.id,
            "correct": j.correct,
            "message": j.message,
            "reasons": j.reasons,
        }))
        .into_response(),
        Err(r) => r,
    }
}

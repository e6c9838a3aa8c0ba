//! Puzzle Race's routes (docs/practice.md, "Race"; docs/protocol.md,
//! "Puzzle Race"): `POST /api/races`, `GET /api/races/{id}`,
//! `GET /api/races/mine`, the page `/race/{id}`, and the race's own
//! WebSocket `/ws/race`. A dedicated socket rather than frames of the
//! tables' protocol: a race has no seat, no act and no table version, and a
//! socket of its own keeps the tables' protocol and its session untouched.
//!
//! Frames are JSON objects with a `type` (and `v`: 1, optional). The
//! client's: `race-join {race, name}` (or `{race, token}` to come back, as
//! after a rematch), `race-start {race}`, `race-answer {race, index,
//! answer}`, `race-rematch {race}`. The server's: `race-joined {race,
//! token, name}`, `race` (the race's public state, on every change),
//! `race-puzzles {race, puzzles}` (the list without answers, once the
//! countdown begins), `race-verdict {race, index, correct, message}`, and
//! `error {code, message, field}`.

use super::race::{self, Cmd, RaceError, RaceHandle, Settings};
use crate::api::{error_response as error, too_many, ApiCode, Client, Services};
use crate::pool::{judge, Lane};
use axum::body::Bytes;
use axum::extract::ws::{Message, WebSocket};
use axum::extract::{FromRef, Path, State, WebSocketUpgrade};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use futures_util::{SinkExt, StreamExt};
use onsets_bots::Level;
use onsets_puzzles::Kind;
use serde::Deserialize;
use serde_json::{json, Value};
use std::sync::Arc;
use tokio::sync::{oneshot, watch};

/// The largest race frame (an answer is a Solution of up to 1,000 characters).
const MAX_FRAME_BYTES: usize = 8 * 1024;
/// Frames per second a race socket may send on average, and the burst (as `/ws`).
const RATE_PER_S: f64 = 20.0;
const BURST: f64 = 40.0;

/// The race's routes, merged into the practice routes.
pub fn routes<S>() -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    Services: FromRef<S>,
    Arc<crate::config::Config>: FromRef<S>,
{
    Router::new()
        .route("/api/races", post(create))
        .route("/api/races/mine", get(mine))
        .route("/api/races/{id}", get(state))
        .route("/ws/race", get(upgrade))
        .route("/race", get(|| async { crate::web::file("index.html") }))
        .route(
            "/race/{id}",
            get(|| async { crate::web::file("index.html") }),
        )
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct NewRace {
    players: Option<usize>,
    bots: Option<Vec<String>>,
    kind: Option<String>,
    seed: Option<u64>,
    bot_pace: Option<u32>,
    countdown_s: Option<u32>,
    seconds: Option<u32>,
}

fn refusal(e: &RaceError) -> Response {
    let status = match e.code {
        ApiCode::TooManyTables => StatusCode::SERVICE_UNAVAILABLE,
        ApiCode::NoPuzzles => StatusCode::NOT_FOUND,
        ApiCode::Internal => StatusCode::INTERNAL_SERVER_ERROR,
        _ => StatusCode::BAD_REQUEST,
    };
    error(status, e.code, e.message.clone(), e.field)
}

fn bad(field: &str, message: impl Into<String>) -> Response {
    error(
        StatusCode::BAD_REQUEST,
        ApiCode::BadField,
        message,
        Some(field),
    )
}

/// The settings of a `POST /api/races` body, or the refusal naming the field.
#[allow(clippy::result_large_err)] // the refusal is the whole response
fn settings(req: NewRace) -> Result<Settings, Response> {
    let max_players = req.players.unwrap_or(race::MAX_PLAYERS);
    if !(race::MIN_PLAYERS..=race::MAX_PLAYERS).contains(&max_players) {
        return Err(bad(
            "players",
            format!(
                "`players` is {} to {}: people and bots together",
                race::MIN_PLAYERS,
                race::MAX_PLAYERS
            ),
        ));
    }
    let mut bots = Vec::new();
    for (i, b) in req.bots.unwrap_or_default().iter().enumerate() {
        match b.parse::<Level>() {
            Ok(l) => bots.push(l),
            Err(m) => return Err(bad(&format!("bots[{i}]"), m)),
        }
    }
    if bots.len() >= max_players {
        return Err(bad(
            "bots",
            format!(
                "{} bots leave no place for a person in a race of {max_players}",
                bots.len()
            ),
        ));
    }
    let kind = match req.kind.as_deref().filter(|k| !k.is_empty()) {
        None => None,
        Some(k) => match k.parse::<Kind>() {
            Ok(Kind::Claim) => {
                return Err(bad(
                    "kind",
                    "races are 2026-27 puzzles: `claim` is a 1969 kind (M69 3.5)",
                ))
            }
            Ok(k) => Some(k),
            Err(e) => return Err(bad("kind", e)),
        },
    };
    let bot_pace = req.bot_pace.unwrap_or(100);
    if bot_pace > 1_000 {
        return Err(bad(
            "bot_pace",
            "`bot_pace` is 0 to 1000 (percent of the level's pace)",
        ));
    }
    let countdown_s = req.countdown_s.unwrap_or(race::COUNTDOWN_S);
    if !race::COUNTDOWN_RANGE.contains(&countdown_s) {
        return Err(bad("countdown_s", "`countdown_s` is 1 to 30"));
    }
    let seconds = req.seconds.unwrap_or(race::RACE_S);
    if !race::SECONDS_RANGE.contains(&seconds) {
        return Err(bad("seconds", "`seconds` is 10 to 300"));
    }
    let seed = req
        .seed
        .unwrap_or_else(|| onsets_puzzles::fnv1a(&uuid::Uuid::new_v4().to_string()));
    Ok(Settings {
        max_players,
        bots,
        kind,
        seed,
        bot_pace,
        countdown_s,
        seconds,
    })
}

/// `POST /api/races {"players"?, "bots"?, "kind"?, "seed"?, "bot_pace"?,
/// "countdown_s"?, "seconds"?}` → 201 `{"id", "link"}`.
async fn create(
    State(app): State<Services>,
    Client(client): Client,
    headers: HeaderMap,
    bytes: Bytes,
) -> Response {
    let req: NewRace = if bytes.iter().all(u8::is_ascii_whitespace) {
        NewRace::default()
    } else {
        match crate::api::read_json(&headers, &bytes) {
            Ok(r) => r,
            Err(r) => return r,
        }
    };
    let settings = match settings(req) {
        Ok(s) => s,
        Err(r) => return r,
    };
    if let Err(l) = app.limits.create(client) {
        return too_many(&app, l);
    }
    match race::open(app.store.clone(), settings) {
        // the routing key, for a balancer to learn where the race lives
        // (deploy/haproxy.cfg; docs/scaling.md, "Puzzle Race")
        Ok(h) => (
            StatusCode::CREATED,
            [("x-onsets-race-route", race::route_of(&h.id).to_string())],
            Json(json!({"id": h.id, "link": format!("/race/{}", h.id)})),
        )
            .into_response(),
        Err(e) => refusal(&e),
    }
}

fn no_race(id: &str) -> Response {
    let shown: String = id.chars().take(64).collect();
    error(
        StatusCode::NOT_FOUND,
        ApiCode::NoSuchGame,
        format!("there is no race `{shown}` (a race is kept 10 minutes after its end)"),
        Some("race"),
    )
}

/// The list without answers, in order.
fn questions(h: &RaceHandle) -> Vec<Value> {
    h.puzzles.iter().map(|p| p.question_only()).collect()
}

/// `GET /api/races/{id}`: the race's public state, with its list once the
/// countdown has begun.
async fn state(Path(id): Path<String>) -> Response {
    let Some(h) = race::find(&id) else {
        return no_race(&id);
    };
    let mut v = (**h.state.borrow()).clone();
    if v["status"] != "waiting" {
        v["list"] = json!(questions(&h));
    }
    Json(v).into_response()
}

/// `GET /api/races/mine`: the signed-in account's race results, newest
/// first (the last 50).
async fn mine(State(app): State<Services>, headers: HeaderMap) -> Response {
    let account = match crate::accounts::require(&app.store, &headers).await {
        Ok(a) => a,
        Err(r) => return r,
    };
    match crate::store::practice::race_results(&app.store, &account.id, 50).await {
        Ok(rows) => Json(json!({
            "races": rows.iter().map(|r| json!({
                "race": r.race, "name": r.name, "finished_ms": r.finished_ms, "rank": r.rank,
                "players": r.players, "solved": r.solved, "missed": r.missed, "time_ms": r.time_ms,
            })).collect::<Vec<_>>(),
        }))
        .into_response(),
        Err(e) => super::storage(e),
    }
}

/// `GET /ws/race`: the race's socket (same `Origin` rules and connection
/// limits as `/ws`). A signed-in person's results are stored.
async fn upgrade(
    State(app): State<Services>,
    Client(client): Client,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Response {
    if let Err(refused) = app.limits.origin_allowed(&headers) {
        return error(
            StatusCode::FORBIDDEN,
            ApiCode::ForbiddenOrigin,
            refused.to_string(),
            None,
        );
    }
    if let Err(l) = app.limits.connect(client) {
        return too_many(&app, l);
    }
    let account = crate::accounts::signed_in(&app.store, &headers)
        .await
        .ok()
        .flatten()
        .map(|a| a.id);
    ws.max_message_size(64 * 1024)
        .max_frame_size(64 * 1024)
        .on_upgrade(move |socket| serve(socket, app, account))
}

/// A client's frame (its `type`: `race-join`, `race-start`, `race-answer`,
/// `race-rematch`).
#[derive(Debug, Deserialize)]
#[serde(tag = "type", deny_unknown_fields)]
enum Frame {
    #[serde(rename = "race-join")]
    Join {
        race: String,
        name: Option<String>,
        token: Option<String>,
    },
    #[serde(rename = "race-start")]
    Start { race: String },
    #[serde(rename = "race-answer")]
    Answer {
        race: String,
        index: usize,
        answer: String,
    },
    #[serde(rename = "race-rematch")]
    Rematch { race: String },
}

/// The race this socket is in.
struct At {
    race: RaceHandle,
    token: String,
    state: watch::Receiver<Arc<Value>>,
    sent_list: bool,
}

fn frame_error(code: ApiCode, message: impl Into<String>, field: Option<&str>) -> String {
    json!({"v": 1, "type": "error", "code": code, "message": message.into(), "field": field})
        .to_string()
}

fn race_error(e: &RaceError) -> String {
    frame_error(e.code, e.message.clone(), e.field)
}

/// Reads a frame: JSON, `v` 1 if given, a known `type`, no unknown field.
fn parse(text: &str) -> Result<Frame, String> {
    if text.len() > MAX_FRAME_BYTES {
        return Err(frame_error(
            ApiCode::TooLarge,
            format!("a race frame is at most {MAX_FRAME_BYTES} bytes"),
            None,
        ));
    }
    let mut v: Value = serde_json::from_str(text).map_err(|e| {
        frame_error(
            ApiCode::BadJson,
            format!("the frame is not JSON: {e}"),
            None,
        )
    })?;
    let Some(o) = v.as_object_mut() else {
        return Err(frame_error(
            ApiCode::BadEnvelope,
            "a frame is a JSON object with a `type`",
            None,
        ));
    };
    match o.remove("v") {
        None => {}
        Some(n) if n == 1 => {}
        Some(_) => {
            return Err(frame_error(
                ApiCode::UnsupportedVersion,
                "the race socket speaks version 1",
                Some("v"),
            ))
        }
    }
    serde_json::from_value(v).map_err(|e| {
        let msg = e.to_string();
        let field = crate::text::field_of(&msg)
            .or_else(|| msg.contains("`type`").then(|| "type".to_string()));
        let code = if msg.contains("unknown variant") {
            ApiCode::UnknownType
        } else {
            ApiCode::BadRequest
        };
        frame_error(code, msg, field.as_deref())
    })
}

async fn ask<T>(
    h: &RaceHandle,
    cmd: Cmd,
    rx: oneshot::Receiver<Result<T, RaceError>>,
) -> Result<T, RaceError> {
    let gone = || {
        RaceError::new(
            ApiCode::TableClosed,
            Some("race"),
            "the race has left the server's memory",
        )
    };
    h.tx.send(cmd).await.map_err(|_| gone())?;
    rx.await.map_err(|_| gone())?
}

/// The race a frame names must be the socket's.
fn same_race<'a>(at: &'a Option<At>, race: &str) -> Result<&'a At, String> {
    match at {
        Some(a) if a.race.id == race => Ok(a),
        Some(_) => Err(frame_error(
            ApiCode::BadField,
            "this socket is in another race: join this one first",
            Some("race"),
        )),
        None => Err(frame_error(
            ApiCode::NotAtTable,
            "join the race first (`race-join`)",
            Some("race"),
        )),
    }
}

async fn join(
    at: &mut Option<At>,
    race: String,
    name: Option<String>,
    token: Option<String>,
    account: Option<String>,
) -> Vec<String> {
    let Some(h) = race::find(&race) else {
        return vec![frame_error(
            ApiCode::NoSuchGame,
            "there is no such race",
            Some("race"),
        )];
    };
    let (reply, rx) = oneshot::channel();
    let cmd = Cmd::Join {
        name,
        token,
        account,
        reply,
    };
    match ask(&h, cmd, rx).await {
        Ok(j) => {
            if let Some(old) = at.take() {
                if old.race.id != h.id {
                    let _ = old.race.tx.send(Cmd::Leave { token: old.token }).await;
                }
            }
            let mut state = h.state.clone();
            state.mark_changed();
            let out = vec![json!({"v": 1, "type": "race-joined", "race": h.id, "token": j.token, "name": j.name}).to_string()];
            *at = Some(At {
                race: h,
                token: j.token,
                state,
                sent_list: false,
            });
            out
        }
        Err(e) => vec![race_error(&e)],
    }
}

/// An answer judged here (the judging pool), then counted by the race.
async fn answer(at: &At, index: usize, text: String) -> Vec<String> {
    let status = at.race.state.borrow()["status"].clone();
    if status != "racing" {
        // the actor would refuse it too; nothing is judged before the start
        return vec![frame_error(
            ApiCode::NotStarted,
            format!(
                "the race is {}: no answer is taken",
                status.as_str().unwrap_or("over")
            ),
            Some("race"),
        )];
    }
    let Some(&p) = at.race.puzzles.get(index) else {
        return vec![frame_error(
            ApiCode::BadField,
            format!(
                "the list has {} puzzles: no puzzle {index}",
                at.race.puzzles.len()
            ),
            Some("index"),
        )];
    };
    // A choice (a challenge's word, a safe move) is looked up in the proved
    // answer: judged here, not queued on the judging pool behind the
    // tables' acts (docs/performance.md, "Puzzle Race at scale"); a written
    // Solution or Goal goes to the pool (the checker, the solver).
    let judged = if matches!(p.kind, Kind::Challenge | Kind::SafeMove) {
        Some(onsets_puzzles::judge(p, &text))
    } else {
        judge()
            .run(Lane::First, move || onsets_puzzles::judge(p, &text))
            .await
    };
    let j = match judged {
        Some(Ok(j)) => j,
        Some(Err(e)) => {
            return vec![frame_error(
                ApiCode::BadAttempt,
                e.to_string(),
                Some("answer"),
            )]
        }
        None => {
            return vec![frame_error(
                ApiCode::Internal,
                "the answer could not be judged",
                None,
            )]
        }
    };
    let (reply, rx) = oneshot::channel();
    let cmd = Cmd::Answer {
        token: at.token.clone(),
        index,
        correct: j.correct,
        reply,
    };
    match ask(&at.race, cmd, rx).await {
        Ok(()) => vec![json!({
            "v": 1, "type": "race-verdict", "race": at.race.id, "index": index,
            "correct": j.correct, "message": j.message,
        })
        .to_string()],
        Err(e) => vec![race_error(&e)],
    }
}

async fn handle(frame: Frame, at: &mut Option<At>, account: &Option<String>) -> Vec<String> {
    match frame {
        Frame::Join { race, name, token } => join(at, race, name, token, account.clone()).await,
        Frame::Start { race } => {
            let a = match same_race(at, &race) {
                Ok(a) => a,
                Err(e) => return vec![e],
            };
            let (reply, rx) = oneshot::channel();
            match ask(
                &a.race,
                Cmd::Start {
                    token: a.token.clone(),
                    reply,
                },
                rx,
            )
            .await
            {
                Ok(()) => Vec::new(),
                Err(e) => vec![race_error(&e)],
            }
        }
        Frame::Answer {
            race,
            index,
            answer: text,
        } => match same_race(at, &race) {
            Ok(a) => answer(a, index, text).await,
            Err(e) => vec![e],
        },
        Frame::Rematch { race } => {
            let a = match same_race(at, &race) {
                Ok(a) => a,
                Err(e) => return vec![e],
            };
            let (reply, rx) = oneshot::channel();
            match ask(
                &a.race,
                Cmd::Rematch {
                    token: a.token.clone(),
                    reply,
                },
                rx,
            )
            .await
            {
                Ok(_) => Vec::new(),
                Err(e) => vec![race_error(&e)],
            }
        }
    }
}

/// The next change of the race's state (never, outside a race).
async fn changed(at: &mut Option<At>) -> Option<()> {
    match at {
        Some(a) => a.state.changed().await.ok(),
        None => std::future::pending().await,
    }
}

/// The frames of a state change: the state, and the list the first time
/// the race is past waiting.
fn render(at: &mut At) -> Vec<String> {
    let state = at.state.borrow_and_update().clone();
    let mut out = Vec::new();
    if !at.sent_list && state["status"] != "waiting" {
        at.sent_list = true;
        out.push(json!({"v": 1, "type": "race-puzzles", "race": at.race.id, "puzzles": questions(&at.race)}).to_string());
    }
    let mut frame = (*state).clone();
    if let Some(o) = frame.as_object_mut() {
        o.insert("v".into(), json!(1));
        o.insert("type".into(), json!("race"));
        o.insert("race".into(), json!(at.race.id));
    }
    out.insert(0, frame.to_string());
    out
}

async fn serve(socket: WebSocket, app: Services, account: Option<String>) {
    app.metrics.connection(1);
    let (mut tx, mut rx) = socket.split();
    let mut at: Option<At> = None;
    let mut bucket = BURST;
    let mut last = tokio::time::Instant::now();
    loop {
        let out: Vec<String> = tokio::select! {
            frame = rx.next() => {
                let Some(Ok(frame)) = frame else { break };
                let text = match frame {
                    Message::Text(t) => t.to_string(),
                    Message::Binary(_) => {
                        app.metrics.error();
                        let m = frame_error(ApiCode::BadFrame, "send text frames holding JSON", None);
                        if tx.send(Message::Text(m.into())).await.is_err() { break }
                        continue;
                    }
                    Message::Close(_) => break,
                    _ => continue,
                };
                app.metrics.frame_in();
                let now = tokio::time::Instant::now();
                bucket = (bucket + now.duration_since(last).as_secs_f64() * RATE_PER_S).min(BURST);
                last = now;
                if bucket < 1.0 {
                    app.metrics.error();
                    vec![frame_error(ApiCode::RateLimited, format!("at most {RATE_PER_S} race frames a second; this one was dropped"), None)]
                } else {
                    bucket -= 1.0;
                    match parse(&text) {
                        Ok(f) => handle(f, &mut at, &account).await,
                        Err(e) => {
                            app.metrics.error();
                            vec![e]
                        }
                    }
                }
            }
            c = changed(&mut at) => match (c, at.as_mut()) {
                (Some(()), Some(a)) => render(a),
                _ => {
                    at = None;
                    vec![frame_error(ApiCode::TableClosed, "the race has left the server's memory", Some("race"))]
                }
            },
        };
        if !crate::api::send_frames(&mut tx, out).await {
            break;
        }
    }
    if let Some(a) = at {
        let _ = a.race.tx.send(Cmd::Leave { token: a.token }).await;
    }
    app.metrics.connection(-1);
}

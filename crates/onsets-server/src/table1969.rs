//! The HTTP alias of 1969 tables (`/api/tables1969…`, docs/protocol.md
//! "1969 tables"): Allen's Basic and Advanced ON-SETS (M69 §§2–3) over plain
//! HTTP and an event stream, a thin layer over the one table actor
//! (`crate::table`) that hosts every table, whichever way it was made and
//! however it is played. Each route asks the table's task, as the WebSocket
//! session does (a `join`, an `act` with the seat's token, a snapshot); the
//! state it answers is the table's `Table1969::state`, and the event stream
//! is the table's broadcasts. A table made here is played over `/ws` too.

use crate::api::{
    api_error, is_json, storage_failure, too_many, unavailable, ApiCode, ApiError, Client,
};
use crate::lobby::Lobby;
use crate::protocol::{ServerMsg, TableAct};
use crate::table::{Broadcast, Cmd, Out, TableHandle};
use crate::tables::game1969::Create1969;
pub use crate::tables::game1969::{Fail, Seat1969Spec, Table1969};
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::sse::{Event as SseEvent, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};
use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{broadcast, oneshot};

fn not_json() -> Response {
    api_error(
        StatusCode::UNSUPPORTED_MEDIA_TYPE,
        ApiError::new(
            ApiCode::UnsupportedMediaType,
            "send JSON, with `Content-Type: application/json`",
            None,
        ),
    )
}

fn no_table() -> Response {
    api_error(
        StatusCode::NOT_FOUND,
        ApiError::new(ApiCode::NoSuchTable, "there is no such 1969 table", None),
    )
}

fn too_large() -> Response {
    api_error(
        StatusCode::PAYLOAD_TOO_LARGE,
        ApiError::new(ApiCode::TooLarge, "the request is too large", None),
    )
}

fn closed() -> Response {
    api_error(
        StatusCode::SERVICE_UNAVAILABLE,
        ApiError::new(ApiCode::TableClosed, "the table is closed; try again", None),
    )
}

/// How many times a join asks the table before answering `busy`.
const JOIN_TRIES: u32 = 6;

/// 409 `busy`: the table is passing between server instances.
fn busy() -> Response {
    api_error(
        StatusCode::CONFLICT,
        ApiError::new(
            ApiCode::Busy,
            "the table is moving between server instances; try again",
            None,
        ),
    )
}

/// A JSON body as `T`; 400 `bad-request` naming the field that is wrong.
fn read_body<T: serde::de::DeserializeOwned>(body: &[u8]) -> Result<T, ApiError> {
    let refuse = |(msg, field): (String, Option<String>)| {
        ApiError::new(ApiCode::BadRequest, msg, field.as_deref())
    };
    let value: Value = serde_json::from_slice(body).map_err(|e| refuse((e.to_string(), None)))?;
    crate::protocol::read_value(value).map_err(refuse)
}

/// The 1969 table `id`: in memory, or loaded from the store.
async fn found(lobby: &Lobby, id: &str) -> Result<TableHandle, Response> {
    match lobby.find(id).await {
        Some(h) if h.info.lock().expect("table info lock").edition == "1969" => Ok(h),
        _ => Err(no_table()),
    }
}

async fn snapshot(t: &TableHandle) -> Option<Arc<Broadcast>> {
    let (reply, rx) = oneshot::channel();
    t.cmds.send(Cmd::Snapshot { reply }).await.ok()?;
    rx.await.ok()
}

/// The state a broadcast shows (`Table1969::state`: the same for everyone,
/// the Solutions being written hidden from all, 3.9 B).
fn state_of(b: &Broadcast) -> Option<Value> {
    b.game69.as_ref().map(|f| f.table.state())
}

async fn state(t: &TableHandle) -> Result<Value, Response> {
    snapshot(t)
        .await
        .as_deref()
        .and_then(state_of)
        .ok_or_else(closed)
}

/// A 1969 table's game log (JSON lines) as anyone may read it while it is
/// played (no seed, no Solution being written: docs/security/hidden.md),
/// for `GET /api/tables/{id}/log` and the judge's assistant (`POST
/// /api/judge` `{"table": id}`); `None` when there is no such table.
pub(crate) async fn log_of(lobby: &Lobby, id: &str) -> Option<String> {
    let t = found(lobby, id).await.ok()?;
    let b = snapshot(&t).await?;
    b.game69.as_ref().map(|f| f.table.game.public_log(None))
}

/// `POST /api/tables1969`.
pub(crate) async fn create(
    State(lobby): State<Lobby>,
    Client(client): Client,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    if !is_json(&headers) {
        return not_json();
    }
    // The same per-client budget as every other table.
    if let Err(l) = lobby.limits.create(client) {
        return too_many(&lobby, l);
    }
    if body.len() > crate::protocol::MAX_FRAME_BYTES {
        return too_large();
    }
    let req: Create1969 = match read_body(&body) {
        Ok(r) => r,
        Err(e) => return api_error(StatusCode::BAD_REQUEST, e),
    };
    let (info, tokens) = match lobby.open_1969(req).await {
        Ok(x) => x,
        Err(Fail::Api(_, e)) if e.code == ApiCode::Storage => return unavailable(e),
        Err(f) => return f.into_response(),
    };
    let id = info.id;
    let Some(t) = lobby.get(&id) else {
        return no_table();
    };
    let state = match state(&t).await {
        Ok(s) => s,
        Err(r) => return r,
    };
    (
        StatusCode::CREATED,
        Json(json!({"id": id, "link": format!("/t69/{id}"), "tokens": tokens, "state": state})),
    )
        .into_response()
}

/// `GET /api/tables1969/{id}`.
pub async fn get(State(lobby): State<Lobby>, Path(id): Path<String>) -> Response {
    let t = match found(&lobby, &id).await {
        Ok(t) => t,
        Err(r) => return r,
    };
    match state(&t).await {
        Ok(s) => Json(s).into_response(),
        Err(r) => r,
    }
}

/// `GET /api/tables1969/{id}/log`.
pub async fn log(State(lobby): State<Lobby>, Path(id): Path<String>) -> Response {
    let Some(text) = log_of(&lobby, &id).await else {
        return no_table();
    };
    (
        [(axum::http::header::CONTENT_TYPE, "application/x-ndjson")],
        text,
    )
        .into_response()
}

/// `GET /api/tables1969/{id}/review`: the post-game review of a finished
/// game, the same object as `onsets review --json` on its log
/// (`onsets_review::review`; docs/review.md, "1969 games"). While the
/// game is being played: 409 `not-finished` (the review shows Solutions and
/// alternatives that would decide the play in progress).
pub async fn review(State(lobby): State<Lobby>, Path(id): Path<String>) -> Response {
    let t = match found(&lobby, &id).await {
        Ok(t) => t,
        Err(r) => return r,
    };
    let Some(b) = snapshot(&t).await else {
        return closed();
    };
    let log = match &b.game69 {
        Some(f) if f.table.game.is_over() => f.table.game.log_lines().join("\n") + "\n",
        Some(_) => {
            return api_error(
                StatusCode::CONFLICT,
                ApiError::new(
                    ApiCode::NotFinished,
                    "the review opens when the game is over",
                    Some("id"),
                ),
            )
        }
        None => return no_table(),
    };
    match tokio::task::spawn_blocking(move || onsets_review::review(&log)).await {
        Ok(Ok(r)) => Json(r.to_json()).into_response(),
        Ok(Err(e)) => api_error(
            StatusCode::INTERNAL_SERVER_ERROR,
            ApiError::new(
                ApiCode::Unreviewable,
                format!("the table's log cannot be reviewed: {e}"),
                None,
            ),
        ),
        Err(_) => api_error(
            StatusCode::INTERNAL_SERVER_ERROR,
            ApiError::new(ApiCode::Internal, "the review failed", None),
        ),
    }
}

/// The HTTP answer to a table's refusal (an `error` or `rejected` frame's
/// code, rule and message): 403 for a token of no seat, 503 when the store
/// failed, 409 for the rest (a full table, a game not begun, a rule).
fn refusal(code: &str, rule: Option<&str>, message: String, field: Option<String>) -> Response {
    let status = match code {
        "bad-token" | "wrong-token" => StatusCode::FORBIDDEN,
        "storage" => StatusCode::SERVICE_UNAVAILABLE,
        "bad-name" | "name-taken" | "bad-field" | "bad-act" | "too-long" => StatusCode::BAD_REQUEST,
        _ => StatusCode::CONFLICT,
    };
    let code = if code == "bad-token" {
        "wrong-token"
    } else {
        code
    };
    let mut error = json!({"code": code, "message": message});
    if let Some(rule) = rule {
        error["rule"] = rule.into();
    }
    if let Some(field) = field {
        error["field"] = field.into();
    }
    (status, Json(json!({ "error": error }))).into_response()
}

/// `POST /api/tables1969/{id}/join` `{"name"?}`: the first open seat.
/// Malformed bodies are 400 naming the field: not an object (`body`), an
/// unknown field (that field), a `name` that is not a string or not a
/// name (`name`, the rules of `text::normalize_name` and
/// `text::distinct_name`). An empty body is `{}`. Joining spends the
/// client's table budget, as making a table does.
pub(crate) async fn join(
    State(lobby): State<Lobby>,
    Client(client): Client,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    if !is_json(&headers) {
        return not_json();
    }
    if let Err(l) = lobby.limits.create(client) {
        return too_many(&lobby, l);
    }
    if body.len() > crate::protocol::MAX_FRAME_BYTES {
        return too_large();
    }
    let name = match join_name(&body) {
        Ok(n) => n,
        Err(e) => return api_error(StatusCode::BAD_REQUEST, e),
    };
    let name = name.unwrap_or_default();
    // This instance's copy may be stale (another instance took the table's
    // lease, docs/scaling.md "Leases"): its fenced claim is refused and it
    // leaves memory; asked again, the table is taken over from the database
    // here. Joins racing through several instances can pass the lease back
    // and forth a few times, so a few tries, then `busy` (409: try again).
    let mut tries = 0;
    let (t, seat, token) = loop {
        tries += 1;
        let t = match found(&lobby, &id).await {
            Ok(t) => t,
            Err(r) => return r,
        };
        let (reply, rx) = oneshot::channel();
        let cmd = Cmd::Join {
            name: name.clone(),
            seat: None,
            token: None,
            key: None,
            reply,
        };
        let sent = t.cmds.send(cmd).await.is_ok();
        let r = if sent { rx.await.ok() } else { None };
        let stale = match &r {
            None => true,
            Some(Err(ServerMsg::Error { code, .. })) => code == ApiCode::Busy.as_str(),
            Some(_) => false,
        };
        if stale && tries < JOIN_TRIES {
            // The stale copy leaves memory; a busy one (seats taken on
            // another instance) has read the table again.
            let _ = tokio::time::timeout(Duration::from_millis(250), t.cmds.closed()).await;
            continue;
        }
        match r {
            Some(Ok((seat, token, _))) => break (t, seat, token),
            Some(Err(ServerMsg::Error {
                code,
                message,
                field,
            })) => return refusal(&code, None, message, field),
            Some(Err(_)) => return closed(),
            None => return busy(),
        }
    };
    tracing::info!(table = %id, seat, "a person joined a 1969 table");
    // The seat is stored; if this copy has since left memory (the lease
    // passed to another instance), the table is read again.
    let state = match fresh_state(&lobby, &id, t).await {
        Ok(s) => s,
        Err(r) => return r,
    };
    Json(json!({
        "id": id,
        "link": format!("/t69/{id}"),
        "seat": seat,
        "token": token,
        "state": state,
    }))
    .into_response()
}

/// The state of table `id` from `t`, or, when `t` has just left memory
/// (its lease passed to another instance), from the table as it is found
/// again (taken over from the database).
async fn fresh_state(lobby: &Lobby, id: &str, mut t: TableHandle) -> Result<Value, Response> {
    for _ in 1..JOIN_TRIES {
        if let Ok(s) = state(&t).await {
            return Ok(s);
        }
        let _ = tokio::time::timeout(Duration::from_millis(250), t.cmds.closed()).await;
        t = found(lobby, id).await?;
    }
    state(&t).await
}

fn bad(field: &str, message: impl Into<String>) -> ApiError {
    ApiError::new(ApiCode::BadField, message, Some(field))
}

/// The `name` of a join body (see [`join`]).
fn join_name(body: &[u8]) -> Result<Option<String>, ApiError> {
    if body.iter().all(u8::is_ascii_whitespace) {
        return Ok(None);
    }
    let v: Value = serde_json::from_slice(body).map_err(|e| {
        ApiError::new(
            ApiCode::BadRequest,
            format!("the body is not JSON: {e}"),
            Some("body"),
        )
    })?;
    let Value::Object(o) = v else {
        return Err(bad("body", "send a JSON object: {} or {\"name\": \"Ann\"}"));
    };
    if let Some(k) = o.keys().find(|k| k.as_str() != "name") {
        return Err(bad(
            k,
            format!("unknown field `{k}`: a join has only `name`"),
        ));
    }
    match o.get("name") {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(n)) if n.trim().is_empty() => {
            Err(bad("name", "name is 1 to 24 characters"))
        }
        Some(Value::String(n)) => Ok(Some(n.clone())),
        Some(_) => Err(bad("name", "name is a string (1 to 24 characters)")),
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ActBody {
    token: String,
    act: Value,
}

/// `POST /api/tables1969/{id}/act` `{"token", "act"}`: the seat comes from
/// the token, never the body (any `player` in `act` is replaced by it);
/// the state after the act, or the refusal.
pub async fn act(
    State(lobby): State<Lobby>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    if !is_json(&headers) {
        return not_json();
    }
    if body.len() > crate::protocol::MAX_FRAME_BYTES {
        return too_large();
    }
    let req: ActBody = match read_body(&body) {
        Ok(r) => r,
        Err(e) => return api_error(StatusCode::BAD_REQUEST, e),
    };
    let t = match found(&lobby, &id).await {
        Ok(t) => t,
        Err(r) => return r,
    };
    let (reply, rx) = oneshot::channel();
    let asked = Cmd::SeatOf {
        token: req.token.clone(),
        reply,
    };
    if t.cmds.send(asked).await.is_err() {
        return closed();
    }
    let seat = match rx.await {
        Ok(Some(seat)) => seat,
        Ok(None) => {
            return api_error(
                StatusCode::FORBIDDEN,
                ApiError::new(
                    ApiCode::WrongToken,
                    "this token holds no seat at this table",
                    Some("token"),
                ),
            )
        }
        Err(_) => return closed(),
    };
    let mv = match crate::protocol::read_move(seat, req.act, true) {
        Ok(mv) => mv,
        Err(e) => return api_error(StatusCode::BAD_REQUEST, e),
    };
    let (reply, rx) = oneshot::channel();
    let cmd = Cmd::Act {
        token: req.token,
        reference: None,
        version: None,
        act: TableAct::M69(mv),
        reply,
    };
    if t.cmds.send(cmd).await.is_err() {
        return closed();
    }
    match rx.await {
        Ok(ServerMsg::Accepted { .. }) => match state(&t).await {
            Ok(s) => Json(s).into_response(),
            Err(r) => r,
        },
        Ok(ServerMsg::Rejected { code, message, .. }) if code == "storage" => {
            storage_failure("a 1969 table", anyhow::anyhow!(message))
        }
        Ok(ServerMsg::Rejected {
            code,
            rule,
            message,
            ..
        }) => refusal(&code, Some(&rule), message, None),
        Ok(_) | Err(_) => closed(),
    }
}

/// Counts an open event stream as a spectator of the table while it lives.
struct Watching(TableHandle);

impl Drop for Watching {
    fn drop(&mut self) {
        let _ = self.0.cmds.try_send(Cmd::Presence {
            seat: None,
            delta: -1,
        });
    }
}

/// `GET /api/tables1969/{id}/events`: `event: state` (data: the state, as
/// `GET /api/tables1969/{id}` answers) at once and after every change; a
/// keep-alive comment every 15 s. No token: anyone may watch (the state
/// hides nothing a seat may not see, 3.9 B aside, which the state itself
/// hides from everyone). The stream ends when the table leaves memory (a
/// page opens it again, which loads the table).
pub(crate) async fn events(
    State(lobby): State<Lobby>,
    Client(client): Client,
    Path(id): Path<String>,
) -> Response {
    if let Err(l) = lobby.limits.connect(client) {
        return too_many(&lobby, l);
    }
    let t = match found(&lobby, &id).await {
        Ok(t) => t,
        Err(r) => return r,
    };
    // Subscribed before the first state is read, so no change is missed.
    let rx = t.updates.subscribe();
    let _ = t
        .cmds
        .send(Cmd::Presence {
            seat: None,
            delta: 1,
        })
        .await;
    let watching = Watching(t.clone());
    let first = match state(&t).await {
        Ok(s) => s,
        Err(r) => return r,
    };
    let first = Some(SseEvent::default().event("state").data(first.to_string()));
    let stream = futures_util::stream::unfold(
        (rx, first, watching),
        |(mut rx, mut first, watching)| async move {
            if let Some(e) = first.take() {
                return Some((Ok::<_, Infallible>(e), (rx, first, watching)));
            }
            loop {
                let state = match rx.recv().await {
                    Ok(Out::Update(b)) => state_of(&b),
                    Ok(Out::Presence(_)) => continue,
                    // Missed some: send the state now.
                    Err(broadcast::error::RecvError::Lagged(_)) => {
                        snapshot(&watching.0).await.as_deref().and_then(state_of)
                    }
                    // Closed, or moved to another instance (docs/scaling.md,
                    // "Leases"): the stream ends and the page reconnects.
                    Ok(Out::Closed) | Ok(Out::Moved) | Err(broadcast::error::RecvError::Closed) => {
                        return None
                    }
                };
                let Some(state) = state else { continue };
                let e = SseEvent::default().event("state").data(state.to_string());
                return Some((Ok(e), (rx, first, watching)));
            }
        },
    );
    Sse::new(stream)
        .keep_alive(KeepAlive::new().interval(Duration::from_secs(15)))
        .into_response()
}

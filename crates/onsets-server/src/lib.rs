//! # onsets-server
//!
//! The game server of `onsets serve`: a lobby of tables, each a task that
//! owns one match of the engine (`onsets-engine`, the only authority), seats
//! protected by tokens, timers on the server, bots from `onsets-bots`, every
//! action stored (sqlx: SQLite by default, PostgreSQL by URL) before it is
//! broadcast, and a typed, versioned WebSocket protocol (`docs/protocol.md`).
//!
//! ```no_run
//! # async fn run() -> anyhow::Result<()> {
//! let store = onsets_server::Store::open("onsets.db").await?;
//! let lobby = onsets_server::Lobby::open(store).await?;
//! let app = onsets_server::app(lobby);
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:8080").await?;
//! axum::serve(listener, app).await?;
//! # Ok(()) }
//! ```

pub mod loadtest;
pub mod lobby;
pub mod metrics;
pub mod protocol;
pub mod store;
pub mod table;
pub mod view;
mod web;
mod ws;

pub use lobby::{CreateTable, Lobby};
pub use store::Store;

use axum::body::Bytes;
use axum::extract::{Path, State, WebSocketUpgrade};
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use lobby::ApiError;

/// The largest WebSocket message accepted at all; frames over
/// [`protocol::MAX_FRAME_BYTES`] but under this get a `too-large` reply.
const WS_MAX_MESSAGE: usize = 1 << 20;

/// The HTTP and WebSocket routes (tests call this without a port).
pub fn app(lobby: Lobby) -> Router {
    Router::new()
        .route("/healthz", get(healthz))
        .route("/metrics", get(metrics))
        .route("/api/tables", get(list_tables).post(create_table))
        .route("/api/tables/{id}", get(get_table))
        .route("/ws", get(ws_upgrade))
        .route("/", get(|| async { web::file("index.html") }))
        .route("/t/{id}", get(|| async { web::file("index.html") }))
        .route(
            "/{*path}",
            get(|Path(p): Path<String>| async move { web::file(&p) }),
        )
        .with_state(lobby)
}

fn api_error(status: StatusCode, e: ApiError) -> Response {
    (status, Json(serde_json::json!({ "error": e }))).into_response()
}

async fn healthz(State(lobby): State<Lobby>) -> Response {
    Json(serde_json::json!({
        "status": "ok",
        "database": lobby.store.kind(),
        "tables": lobby.metrics.tables(),
        "connections": lobby.metrics.connections(),
    }))
    .into_response()
}

async fn metrics(State(lobby): State<Lobby>) -> Response {
    (
        [(header::CONTENT_TYPE, "text/plain; version=0.0.4")],
        lobby.metrics.render(),
    )
        .into_response()
}

async fn list_tables(State(lobby): State<Lobby>) -> Response {
    Json(serde_json::json!({ "tables": lobby.list() })).into_response()
}

async fn get_table(State(lobby): State<Lobby>, Path(id): Path<String>) -> Response {
    match lobby.get(&id) {
        Some(h) => Json(h.info.lock().expect("table info lock").clone()).into_response(),
        None => api_error(
            StatusCode::NOT_FOUND,
            ApiError::new(
                "no-such-table",
                format!("there is no table `{id}`"),
                Some("id"),
            ),
        ),
    }
}

async fn create_table(State(lobby): State<Lobby>, body: Bytes) -> Response {
    if body.len() > protocol::MAX_FRAME_BYTES {
        return api_error(
            StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::new("too-large", "the request is too large", None),
        );
    }
    let req: CreateTable = match serde_json::from_slice(&body) {
        Ok(r) => r,
        Err(e) => {
            let msg = e.to_string();
            let field = protocol::field_of(&msg);
            return api_error(
                StatusCode::BAD_REQUEST,
                ApiError::new("bad-request", msg, field.as_deref()),
            );
        }
    };
    match lobby.create(&req).await {
        Ok(info) => (StatusCode::CREATED, Json(info)).into_response(),
        Err(e) if e.code == "storage" || e.code == "internal" => {
            api_error(StatusCode::INTERNAL_SERVER_ERROR, e)
        }
        Err(e) if e.code == "too-many-tables" => api_error(StatusCode::SERVICE_UNAVAILABLE, e),
        Err(e) => api_error(StatusCode::BAD_REQUEST, e),
    }
}

async fn ws_upgrade(State(lobby): State<Lobby>, ws: WebSocketUpgrade) -> Response {
    ws.max_message_size(WS_MAX_MESSAGE)
        .max_frame_size(WS_MAX_MESSAGE)
        .on_upgrade(move |socket| ws::serve(socket, lobby))
}

/// `onsets serve`: opens the store, restores the tables and serves until
/// Ctrl-C.
pub async fn serve(addr: &str, database: &str) -> anyhow::Result<()> {
    let store = Store::open(database).await?;
    let lobby = Lobby::open(store).await?;
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .map_err(|e| anyhow::anyhow!("cannot listen on {addr}: {e}"))?;
    tracing::info!("onsets server on http://{}", listener.local_addr()?);
    serve_on(listener, lobby).await
}

/// Serves the lobby on a bound listener until Ctrl-C.
pub async fn serve_on(listener: tokio::net::TcpListener, lobby: Lobby) -> anyhow::Result<()> {
    axum::serve(listener, app(lobby))
        .with_graceful_shutdown(async {
            let _ = tokio::signal::ctrl_c().await;
        })
        .await?;
    Ok(())
}

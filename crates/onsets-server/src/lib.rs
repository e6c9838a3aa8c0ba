//! # onsets-server
//!
//! The game server of `onsets serve`: a lobby of tables, each a task that
//! owns one match of the engine (`onsets-engine`, the only authority), seats
//! protected by tokens, timers on the server, bots from `onsets-bots`, every
//! action stored (sqlx: SQLite by default, PostgreSQL by URL) before it is
//! broadcast, and a typed, versioned WebSocket protocol (`docs/protocol.md`).
//!
//! The modules form layers (docs/server-layers.md): the configuration and
//! the wire types, the store (all SQL), the limits, the API's vocabulary
//! ([`api`]), the features, the tables, and this file's routes on top; a
//! module never imports one above it (`tests/layers.rs`).
//!
//! ```no_run
//! # async fn run() -> anyhow::Result<()> {
//! let store = onsets_server::Store::open("onsets.db").await?;
//! let lobby = onsets_server::Lobby::open(store).await?;
//! let listener = tokio::net::TcpListener::bind("127.0.0.1:8080").await?;
//! onsets_server::serve_on(listener, lobby).await?;
//! # Ok(()) }
//! ```

pub mod accounts;
pub mod api;
mod assist;
pub mod classes;
pub mod config;
mod cross_site;
pub mod health;
mod hidden;
pub mod lease;
pub mod lessons;
pub mod limits;
pub mod live;
pub mod loadtest;
pub mod loadtest_race;
pub mod lobby;
pub mod manual;
pub mod metrics;
pub mod pool;
pub mod practice;
pub mod protocol;
pub mod puzzle_players;
pub mod puzzles;
pub mod ratings;
pub mod scoresheets;
pub mod store;
pub mod table;
pub mod table1969;
pub mod tables;
pub mod text;
pub mod tournaments;
pub mod view;
mod web;
mod ws;

pub use config::Config;
pub use lobby::{CreateTable, Lobby};
pub use store::Store;

use api::{ApiCode, ApiError};
use axum::body::Bytes;
use axum::extract::{FromRef, Path, Query, State, WebSocketUpgrade};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use lobby::ListQuery;
use std::net::SocketAddr;
use std::sync::Arc;

/// The largest WebSocket message accepted at all; frames over
/// [`protocol::MAX_FRAME_BYTES`] but under this get a `too-large` reply.
const WS_MAX_MESSAGE: usize = 1 << 20;

/// The page's Content Security Policy: everything from this server only
/// (the WebSocket included), no inline script, no framing.
const CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self'; \
    img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'self'; \
    frame-ancestors 'none'; object-src 'none'";

/// The HTTP and WebSocket routes (tests call this without a port; a client
/// address, for the rate limits, comes from `ConnectInfo` when served by
/// [`serve_on`]).
pub fn app(lobby: Lobby) -> Router {
    Router::new()
        .route("/healthz", get(healthz))
        .route("/metrics", get(metrics))
        .route("/api/tables", get(list_tables).post(create_table))
        .route("/api/tables/{id}", get(get_table))
        .route("/api/tables/{id}/log", get(get_log))
        .route("/api/tables1969", post(table1969::create))
        .route("/api/tables1969/{id}", get(table1969::get))
        .route("/api/tables1969/{id}/log", get(table1969::log))
        .route("/api/tables1969/{id}/review", get(table1969::review))
        .route(
            "/t69/{id}/review",
            get(|| async { web::file("index.html") }),
        )
        .route("/api/tables1969/{id}/act", post(table1969::act))
        .route("/api/tables1969/{id}/join", post(table1969::join))
        .route("/api/tables1969/{id}/events", get(table1969::events))
        .route("/t69/{id}", get(|| async { web::file("index.html") }))
        .route("/api/tables/{id}/review", get(assist::review))
        .route("/api/explain", axum::routing::post(assist::explain))
        .route("/api/judge", axum::routing::post(assist::judge))
        .route("/api/accounts", post(accounts::sign_up))
        .route("/api/accounts/{name}", get(ratings::profile))
        .route("/api/tables/{id}/claim", post(ratings::claim))
        .route("/api/account", get(accounts::me))
        .route("/api/account/password", post(accounts::change_password))
        .route("/api/login", post(accounts::login))
        .route("/api/logout", post(accounts::logout))
        .route("/api/tournaments", post(tournaments::create))
        .route("/api/tournaments/{id}", get(tournaments::get))
        .route(
            "/api/tournaments/{id}/entries",
            post(tournaments::add_entry),
        )
        .route(
            "/api/tournaments/{id}/rounds",
            post(tournaments::pair_round),
        )
        .route("/api/tournaments/{id}/join", post(tournaments::join))
        .route("/api/tournaments/{id}/live", get(live::live))
        .route(
            "/api/tournaments/{id}/withdrawals",
            post(tournaments::withdraw),
        )
        .route(
            "/api/tournaments/{id}/results",
            post(tournaments::record_result),
        )
        .route(
            "/api/tournaments/{id}/standings",
            get(tournaments::standings),
        )
        .route(
            "/api/tournaments/{id}/rounds/{n}/scoresheets.pdf",
            get(tournaments::scoresheets_pdf),
        )
        .route(
            "/api/tournaments/{id}/standings.pdf",
            get(tournaments::standings_pdf),
        )
        .route(
            "/tournaments/{id}",
            get(|| async { web::file("index.html") }),
        )
        .route("/tournaments", get(|| async { web::file("index.html") }))
        .route("/account", get(|| async { web::file("index.html") }))
        .route("/players/{name}", get(|| async { web::file("index.html") }))
        .route("/ws", get(ws_upgrade))
        .merge(puzzles::routes())
        .merge(classes::routes())
        .merge(tournaments::routes())
        .merge(practice::routes())
        .merge(practice::drills::routes())
        .merge(manual::routes())
        .route("/manual", get(|| async { web::file("index.html") }))
        .merge(lessons::routes())
        .merge(assist::routes())
        .route("/lessons", get(|| async { web::file("index.html") }))
        .route("/lessons/{id}", get(|| async { web::file("index.html") }))
        .route("/puzzles", get(|| async { web::file("index.html") }))
        .route("/", get(|| async { web::file("index.html") }))
        .route("/t/{id}", get(|| async { web::file("index.html") }))
        .route("/t/{id}/review", get(|| async { web::file("index.html") }))
        .route("/judge", get(|| async { web::file("index.html") }))
        .route(
            "/{*path}",
            get(|Path(p): Path<String>| async move { web::file(&p) }),
        )
        .layer(axum::middleware::from_fn_with_state(
            api::Services::from_ref(&lobby),
            cross_site::guard,
        ))
        .layer(axum::middleware::map_response(security_headers))
        .with_state(lobby)
}

/// Every response: a CSP, no framing, no content sniffing, no referrer.
async fn security_headers(mut r: Response) -> Response {
    let h = r.headers_mut();
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(CSP),
    );
    h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    r
}

use api::STORAGE_RETRY_AFTER_S;
/// Kept for the table modules (their home is [`api`]).
pub(crate) use api::{
    api_error, error_response, is_json, storage_failure, too_many, unavailable, Client,
};

impl api::HasMetrics for Lobby {
    fn metrics(&self) -> &metrics::Metrics {
        &self.metrics
    }
}

impl FromRef<Lobby> for api::Services {
    fn from_ref(lobby: &Lobby) -> api::Services {
        api::Services {
            store: lobby.store.clone(),
            metrics: lobby.metrics.clone(),
            config: lobby.config.clone(),
            limits: lobby.limits.clone(),
            guard: lobby.guard.clone(),
            puzzle_limits: lobby.puzzle_limits.clone(),
            news: lobby.news.clone(),
            health: lobby.health.clone(),
            tables: Arc::new(lobby.clone()),
        }
    }
}

impl FromRef<Lobby> for Arc<Config> {
    fn from_ref(lobby: &Lobby) -> Arc<Config> {
        lobby.config.clone()
    }
}

/// The lobby as the tournaments' port to the tables ([`api::Tables`]).
impl api::Tables for Lobby {
    fn check(&self, req: &api::TableRequest) -> Result<(), ApiError> {
        create_request(req).spec(0).map(|_| ())
    }

    fn open(&self, req: api::TableRequest) -> api::Pending<'_, Result<String, ApiError>> {
        Box::pin(async move { self.create(&create_request(&req)).await.map(|info| info.id) })
    }

    fn absent(&self, table: &str) -> Option<Vec<bool>> {
        let h = self.get(table)?;
        let info = h.info.lock().ok()?;
        (info.status == protocol::TableStatus::Waiting).then(|| {
            info.seats
                .iter()
                .map(|s| s.kind == protocol::SeatKind::Human && !s.taken)
                .collect()
        })
    }
}

/// `POST /api/tables`'s request for a tournament's table.
fn create_request(req: &api::TableRequest) -> CreateTable {
    CreateTable {
        division: req.division.clone(),
        adventurous: req.adventurous,
        seats: req
            .seats
            .iter()
            .map(|s| match s {
                Some(level) => table::SeatSpec::Bot {
                    level: level.clone(),
                },
                None => table::SeatSpec::Human,
            })
            .collect(),
        round_minutes: req.round_minutes,
        checking: req.checking.clone(),
        seed: None,
        bot_pace: req.bot_pace,
        edition: Some(req.edition.clone()),
        names: (!req.names.is_empty()).then(|| req.names.clone()),
        keys: (!req.keys.is_empty()).then(|| req.keys.clone()),
    }
}

/// `GET /healthz`: 200 `{"status":"ok",…}` when the database takes writes
/// (a cached write probe, [`health::Health`]); otherwise 503
/// `{"status":"unavailable","reason":"down"|"read-only"|"full"|"locked"|"timeout"|"error","message",…}`.
async fn healthz(State(lobby): State<Lobby>) -> Response {
    let mut v = serde_json::json!({
        "status": "ok",
        "database": lobby.store.kind(),
        "tables": lobby.metrics.tables(),
        "connections": lobby.metrics.connections(),
    });
    match lobby.health.check(&lobby.store).await {
        Ok(()) => Json(v).into_response(),
        Err(fault) => {
            v["status"] = "unavailable".into();
            v["reason"] = fault.as_str().into();
            v["message"] = fault.describe().into();
            let mut r = (StatusCode::SERVICE_UNAVAILABLE, Json(v)).into_response();
            r.headers_mut().insert(
                header::RETRY_AFTER,
                HeaderValue::from_static(STORAGE_RETRY_AFTER_S),
            );
            r
        }
    }
}

async fn metrics(State(lobby): State<Lobby>) -> Response {
    (
        [(header::CONTENT_TYPE, "text/plain; version=0.0.4")],
        lobby.metrics.render(),
    )
        .into_response()
}

async fn list_tables(
    State(lobby): State<Lobby>,
    q: Result<Query<ListQuery>, axum::extract::rejection::QueryRejection>,
) -> Response {
    let q = match q {
        Ok(Query(q)) => q,
        Err(e) => {
            return api_error(
                StatusCode::BAD_REQUEST,
                ApiError::new(ApiCode::BadRequest, e.body_text(), None),
            )
        }
    };
    match lobby.list_all(&q).await {
        Ok(page) => Json(page).into_response(),
        Err(e) => api_error(StatusCode::BAD_REQUEST, e),
    }
}

fn no_such_table(id: &str) -> Response {
    let shown: String = id.chars().take(64).collect();
    api_error(
        StatusCode::NOT_FOUND,
        ApiError::new(
            ApiCode::NoSuchTable,
            format!("there is no table `{shown}`"),
            Some("id"),
        ),
    )
}

async fn get_table(State(lobby): State<Lobby>, Path(id): Path<String>) -> Response {
    match lobby.find(&id).await {
        Some(h) => Json(h.info.lock().expect("table info lock").clone()).into_response(),
        None => no_such_table(&id),
    }
}

/// The match log of a table (live or archived), as `onsets replay` reads it:
/// while the match is played without the seed and the hidden Solutions
/// (docs/security/hidden.md).
async fn get_log(State(lobby): State<Lobby>, Path(id): Path<String>) -> Response {
    if id.len() > text::MAX_ID_BYTES {
        return no_such_table(&id);
    }
    match hidden::public_log(&lobby, &id).await {
        Ok(Some(log)) => (
            [(header::CONTENT_TYPE, "application/x-ndjson; charset=utf-8")],
            log,
        )
            .into_response(),
        Ok(None) => no_such_table(&id),
        Err(e) => storage_failure("a table's log", e),
    }
}

async fn create_table(
    State(lobby): State<Lobby>,
    Client(client): Client,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    // JSON only: a form on another site can post text/plain without asking
    // (no CORS preflight), never application/json.
    if !is_json(&headers) {
        return api_error(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            ApiError::new(
                ApiCode::UnsupportedMediaType,
                "send the table as JSON, with `Content-Type: application/json`",
                None,
            ),
        );
    }
    if let Err(l) = lobby.limits.create(client) {
        return too_many(&lobby, l);
    }
    if body.len() > protocol::MAX_FRAME_BYTES {
        return api_error(
            StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::new(ApiCode::TooLarge, "the request is too large", None),
        );
    }
    let req = match lobby::NewTable::read(&body) {
        Ok(r) => r,
        Err(e) => return api_error(StatusCode::BAD_REQUEST, e),
    };
    match lobby.create_any(&req).await {
        Ok(info) => (StatusCode::CREATED, Json(info)).into_response(),
        Err(e) if e.code == ApiCode::Storage => unavailable(e),
        Err(e) if e.code == ApiCode::Internal => api_error(StatusCode::INTERNAL_SERVER_ERROR, e),
        Err(e) if e.code == ApiCode::TooManyTables => api_error(StatusCode::SERVICE_UNAVAILABLE, e),
        Err(e) => api_error(StatusCode::BAD_REQUEST, e),
    }
}

async fn ws_upgrade(
    State(lobby): State<Lobby>,
    Client(client): Client,
    headers: HeaderMap,
    ws: WebSocketUpgrade,
) -> Response {
    if let Err(refused) = lobby.limits.origin_allowed(&headers) {
        return api_error(StatusCode::FORBIDDEN, refused.into());
    }
    if let Err(l) = lobby.limits.connect(client) {
        return too_many(&lobby, l);
    }
    // a managed student's seats show their username, never a typed name
    let seat_name = match classes::managed_seat_name(&lobby.store, &headers).await {
        Ok(n) => n,
        Err(e) => return api::storage(e),
    };
    ws.max_message_size(WS_MAX_MESSAGE)
        .max_frame_size(WS_MAX_MESSAGE)
        .on_upgrade(move |socket| ws::serve(socket, lobby, seat_name))
}

/// `onsets serve`: opens the store, restores the live tables and serves
/// until Ctrl-C.
pub async fn serve(addr: &str, database: &str) -> anyhow::Result<()> {
    serve_with(addr, database, Config::default()).await
}

/// [`serve`] with an operator's [`Config`].
pub async fn serve_with(addr: &str, database: &str, config: Config) -> anyhow::Result<()> {
    let store = Store::open(database).await?;
    let lobby = Lobby::open_with(store, config).await?;
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .map_err(|e| anyhow::anyhow!("cannot listen on {addr}: {e}"))?;
    tracing::info!("onsets server on http://{}", listener.local_addr()?);
    serve_on(listener, lobby).await
}

/// Serves the lobby on a bound listener until Ctrl-C.
pub async fn serve_on(listener: tokio::net::TcpListener, lobby: Lobby) -> anyhow::Result<()> {
    axum::serve(
        listener,
        app(lobby).into_make_service_with_connect_info::<SocketAddr>(),
    )
    .with_graceful_shutdown(async {
        let _ = tokio::signal::ctrl_c().await;
    })
    .await?;
    Ok(())
}

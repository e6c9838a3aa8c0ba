//! The HTTP API's shared vocabulary (docs/server-layers.md, layer "api"):
//! the error codes and body every route answers with ([`ApiCode`],
//! [`ApiError`]; docs/protocol.md, "Errors"), the reading of JSON bodies
//! ([`read_json`], [`read_no_body`], [`is_json`]), the common refusals
//! ([`bad`], [`storage`], [`too_many`], [`unavailable`]), the extractors of
//! the client's address and scheme ([`Client`], [`Https`]) and the state
//! the feature routes share ([`Services`]).
//!
//! It sits above the configuration, the store and the limits and below
//! every feature: a route module imports from here, never from the lobby or
//! a table module.

use crate::config::Config;
use crate::health::Health;
use crate::limits::{self, Guard, Limited, Limits, PuzzleLimits};
use crate::metrics::Metrics;
use crate::store::news::News;
use crate::store::{Fault, Store};
use axum::body::Bytes;
use axum::extract::{ConnectInfo, FromRef};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::future::Future;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::Arc;

/// Largest JSON body of the account and tournament routes.
pub const MAX_BODY_BYTES: usize = 16 * 1024;

/// Seconds a client is asked to wait after a `storage` refusal.
pub const STORAGE_RETRY_AFTER_S: &str = "2";

/// The code of an HTTP error (docs/protocol.md): serialized as its
/// kebab-case spelling ([`ApiCode::as_str`]); code compares codes, never
/// strings.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ApiCode {
    BadAttempt,
    BadField,
    BadPosition,
    BadRequest,
    Busy,
    CrossSite,
    ForbiddenOrigin,
    IllegalAct,
    Internal,
    NameTaken,
    NoPuzzles,
    NoSuchAccount,
    NoSuchGame,
    NoSuchLesson,
    NoSuchPuzzle,
    NoSuchRound,
    NoSuchTable,
    NoSuchTournament,
    NotFinished,
    /// The judge's assistant was asked for what the withheld seed or
    /// Solutions of a match in play would decide (docs/security/hidden.md).
    Withheld,
    NotOrganizer,
    NotSignedIn,
    NotStarted,
    RateLimited,
    Storage,
    TableFull,
    /// A Solution over its budget (onsets_core::budget).
    TooComplex,
    TooLarge,
    TooLong,
    TooManyTables,
    Unreviewable,
    UnsupportedMediaType,
    WrongPassword,
    WrongToken,
    /// An act for another seat than the connection's (I-A).
    WrongSeat,
    /// An act meant for another version of the table.
    Stale,
    /// An act that is not one of the edition's acts.
    BadAct,
    /// The WebSocket's spelling of a token that holds no seat (kept for its clients; HTTP says `wrong-token`).
    BadToken,
    /// A WebSocket frame that needs a table before `join`, `rejoin` or `spectate`.
    NotAtTable,
    /// A finished or abandoned table, watchable as a replay only.
    TableArchived,
    /// The table's task has ended.
    TableClosed,
    /// A name that is empty, too long or not printable.
    BadName,
    /// A seat number the table does not have.
    NoSuchSeat,
    /// A seat someone holds.
    SeatTaken,
    /// A person's seat reserved for someone else: only its entrant, or the
    /// holder of its key, takes it (docs/protocol.md, "Named and reserved
    /// seats").
    SeatReserved,
    /// A binary WebSocket frame.
    BadFrame,
    /// A frame that is not JSON.
    BadJson,
    /// A frame without its `v` or `type`.
    BadEnvelope,
    /// A protocol version the server does not speak.
    UnsupportedVersion,
    /// A frame of an unknown `type`.
    UnknownType,
    /// A class's page or action by an account that does not coach it
    /// (docs/classes.md).
    NotCoach,
    /// A class id that names no class.
    NoSuchClass,
    /// An assignment id that names none of the class's assignments.
    NoSuchAssignment,
}

impl ApiCode {
    /// The kebab-case code of the wire format.
    pub const fn as_str(self) -> &'static str {
        match self {
            ApiCode::BadAttempt => "bad-attempt",
            ApiCode::BadField => "bad-field",
            ApiCode::BadPosition => "bad-position",
            ApiCode::BadRequest => "bad-request",
            ApiCode::Busy => "busy",
            ApiCode::CrossSite => "cross-site",
            ApiCode::ForbiddenOrigin => "forbidden-origin",
            ApiCode::IllegalAct => "illegal-act",
            ApiCode::Internal => "internal",
            ApiCode::NameTaken => "name-taken",
            ApiCode::NoPuzzles => "no-puzzles",
            ApiCode::NoSuchAccount => "no-such-account",
            ApiCode::NoSuchGame => "no-such-game",
            ApiCode::NoSuchPuzzle => "no-such-puzzle",
            ApiCode::NoSuchRound => "no-such-round",
            ApiCode::NoSuchLesson => "no-such-lesson",
            ApiCode::NoSuchTable => "no-such-table",
            ApiCode::NoSuchTournament => "no-such-tournament",
            ApiCode::NotFinished => "not-finished",
            ApiCode::Withheld => "withheld",
            ApiCode::NotOrganizer => "not-organizer",
            ApiCode::NotSignedIn => "not-signed-in",
            ApiCode::NotStarted => "not-started",
            ApiCode::RateLimited => "rate-limited",
            ApiCode::Storage => "storage",
            ApiCode::TableFull => "table-full",
            ApiCode::TooComplex => "too-complex",
            ApiCode::TooLarge => "too-large",
            ApiCode::TooLong => "too-long",
            ApiCode::TooManyTables => "too-many-tables",
            ApiCode::Unreviewable => "unreviewable",
            ApiCode::UnsupportedMediaType => "unsupported-media-type",
            ApiCode::WrongPassword => "wrong-password",
            ApiCode::WrongToken => "wrong-token",
            ApiCode::WrongSeat => "wrong-seat",
            ApiCode::Stale => "stale",
            ApiCode::BadAct => "bad-act",
            ApiCode::BadToken => "bad-token",
            ApiCode::NotAtTable => "not-at-table",
            ApiCode::TableArchived => "table-archived",
            ApiCode::TableClosed => "table-closed",
            ApiCode::BadName => "bad-name",
            ApiCode::NoSuchSeat => "no-such-seat",
            ApiCode::SeatTaken => "seat-taken",
            ApiCode::SeatReserved => "seat-reserved",
            ApiCode::BadFrame => "bad-frame",
            ApiCode::BadJson => "bad-json",
            ApiCode::BadEnvelope => "bad-envelope",
            ApiCode::UnsupportedVersion => "unsupported-version",
            ApiCode::UnknownType => "unknown-type",
            ApiCode::NotCoach => "not-coach",
            ApiCode::NoSuchClass => "no-such-class",
            ApiCode::NoSuchAssignment => "no-such-assignment",
        }
    }
}

impl std::fmt::Display for ApiCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for ApiCode {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.as_str())
    }
}

/// An HTTP error body: `{"error": {code, message, field}}`.
#[derive(Debug, Serialize)]
pub struct ApiError {
    pub code: ApiCode,
    pub message: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field: Option<String>,
}

impl ApiError {
    pub fn new(code: ApiCode, message: impl Into<String>, field: Option<&str>) -> ApiError {
        ApiError {
            code,
            message: message.into(),
            field: field.map(str::to_string),
        }
    }
}

/// A page from a foreign origin may not open the WebSocket: 403
/// `forbidden-origin`.
impl From<limits::OriginRefused> for ApiError {
    fn from(e: limits::OriginRefused) -> ApiError {
        ApiError::new(ApiCode::ForbiddenOrigin, e.to_string(), None)
    }
}

/// The database did not take a read or a write: `storage` (answered 503
/// by [`unavailable`]), without the database's own words.
impl From<&crate::store::StoreError> for ApiError {
    fn from(e: &crate::store::StoreError) -> ApiError {
        ApiError::new(
            ApiCode::Storage,
            format!(
                "the server could not read or write its database ({}); nothing was changed, try again",
                e.fault().describe()
            ),
            None,
        )
    }
}

/// An error answer built from its parts (`{"error": {code, message, field}}`).
pub fn error_response(
    status: StatusCode,
    code: ApiCode,
    message: impl Into<String>,
    field: Option<&str>,
) -> Response {
    api_error(status, ApiError::new(code, message, field))
}

/// An error answer: `{"error": {code, message, field}}` with `status`.
pub fn api_error(status: StatusCode, e: ApiError) -> Response {
    (status, Json(serde_json::json!({ "error": e }))).into_response()
}

/// A database failure: logged with what was being stored (`what`), answered
/// at once 503 `storage` ([`unavailable`]) without the database's own words.
pub fn storage_failure(what: &str, e: impl Into<anyhow::Error>) -> Response {
    let e: anyhow::Error = e.into();
    let fault = Fault::of(&e);
    tracing::error!("{what} storage ({}): {e:#}", fault.as_str());
    unavailable(ApiError::new(
        ApiCode::Storage,
        format!(
            "the server could not read or write its database ({what}: {}); nothing was changed, try again",
            fault.describe()
        ),
        None,
    ))
}

/// A refusal because the database did not take a read or a write: 503 with
/// `Retry-After`, the same on every route (docs/protocol.md, "Errors").
pub fn unavailable(e: ApiError) -> Response {
    let mut r = api_error(StatusCode::SERVICE_UNAVAILABLE, e);
    r.headers_mut().insert(
        header::RETRY_AFTER,
        HeaderValue::from_static(STORAGE_RETRY_AFTER_S),
    );
    r
}

/// Whatever holds the server's counters (the feature state, the lobby).
pub trait HasMetrics {
    fn metrics(&self) -> &Metrics;
}

impl HasMetrics for Metrics {
    fn metrics(&self) -> &Metrics {
        self
    }
}

impl HasMetrics for Services {
    fn metrics(&self) -> &Metrics {
        &self.metrics
    }
}

/// 429 `rate-limited` with `Retry-After` (docs/protocol.md, "Limits"),
/// counted in the metrics.
pub fn too_many(counted: &impl HasMetrics, l: Limited) -> Response {
    counted.metrics().limited();
    let mut r = api_error(
        StatusCode::TOO_MANY_REQUESTS,
        ApiError::new(ApiCode::RateLimited, l.message, None),
    );
    if let Ok(v) = HeaderValue::from_str(&l.retry_after_s.to_string()) {
        r.headers_mut().insert(header::RETRY_AFTER, v);
    }
    r
}

/// 400 `bad-field` naming `field`.
pub fn bad(field: &str, message: impl Into<String>) -> Response {
    api_error(
        StatusCode::BAD_REQUEST,
        ApiError::new(ApiCode::BadField, message, Some(field)),
    )
}

/// A database failure of the account, rating and tournament routes
/// ([`storage_failure`]).
pub fn storage(e: impl Into<anyhow::Error>) -> Response {
    storage_failure("accounts and tournaments", e)
}

/// 401 `not-signed-in`.
pub fn unauthorized() -> Response {
    api_error(
        StatusCode::UNAUTHORIZED,
        ApiError::new(ApiCode::NotSignedIn, "sign in first", None),
    )
}

/// `application/json`, with or without parameters.
pub fn is_json(headers: &HeaderMap) -> bool {
    headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .is_some_and(|v| v.trim().eq_ignore_ascii_case("application/json"))
}

/// The JSON body of a request: 415 unless `application/json`, 413 when too
/// large, 400 naming `body` when there is none (a bodiless `POST` is not
/// read as `{}`: docs/protocol.md, "Cross-site requests"), 400 with the
/// field when it does not read as `T`.
#[allow(clippy::result_large_err)] // the refusal is the whole response, built once
pub fn read_json<T: DeserializeOwned>(headers: &HeaderMap, body: &Bytes) -> Result<T, Response> {
    if body.is_empty() && headers.get(header::CONTENT_TYPE).is_none() {
        return Err(bad(
            "body",
            "the request has no body: send a JSON object, with `Content-Type: application/json`",
        ));
    }
    parse_json(headers, body)
}

/// The body of a route documented as taking none (`POST /api/logout`,
/// `…/join`, `…/rounds`, `/api/puzzles/players`): nothing at all, or an
/// empty JSON object (`{}`, as `application/json`). Such a route still passes the cross-site check
/// when it carries the session cookie (`crate::cross_site`).
#[allow(clippy::result_large_err)] // the refusal is the whole response, built once
pub fn read_no_body(headers: &HeaderMap, body: &Bytes) -> Result<(), Response> {
    if body.iter().all(u8::is_ascii_whitespace) {
        return Ok(());
    }
    parse_json::<Empty>(headers, body).map(|_| ())
}

/// No fields: the body of a route that takes none.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Empty {}

#[allow(clippy::result_large_err)] // the refusal is the whole response, built once
fn parse_json<T: DeserializeOwned>(headers: &HeaderMap, body: &Bytes) -> Result<T, Response> {
    if !is_json(headers) {
        return Err(api_error(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            ApiError::new(
                ApiCode::UnsupportedMediaType,
                "send JSON, with `Content-Type: application/json`",
                None,
            ),
        ));
    }
    if body.len() > MAX_BODY_BYTES {
        return Err(api_error(
            StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::new(ApiCode::TooLarge, "the request is too large", None),
        ));
    }
    if body.iter().all(u8::is_ascii_whitespace) {
        return Err(bad(
            "body",
            "the request's body is empty: send a JSON object",
        ));
    }
    // The path of a value of the wrong type (`"count": "five"` names
    // `count`); serde's own message names an unknown or missing field.
    let refused = |msg: String, field: Option<String>| {
        api_error(
            StatusCode::BAD_REQUEST,
            ApiError::new(ApiCode::BadRequest, msg, field.as_deref()),
        )
    };
    let mut reader = serde_json::Deserializer::from_slice(body);
    let value = serde_path_to_error::deserialize(&mut reader).map_err(|e| {
        let path = e.path().to_string();
        let msg = e.inner().to_string();
        let field = match path.as_str() {
            "" | "." => crate::text::field_of(&msg),
            _ => Some(path),
        };
        refused(msg, field)
    })?;
    // Nothing but whitespace after the object (as `serde_json::from_slice`).
    reader.end().map_err(|e| refused(e.to_string(), None))?;
    Ok(value)
}

/// A table an online tournament round opens (docs/protocol.md,
/// "Tournaments"): the settings of `POST /api/tables`, seats in seating
/// order (`None` a person's, `Some(level)` a bot's).
#[derive(Clone, Debug)]
pub struct TableRequest {
    pub division: String,
    pub adventurous: bool,
    pub edition: String,
    pub seats: Vec<Option<String>>,
    /// Per seat (empty: none), the entry's name: a bot plays as
    /// "Name (bot)", a person under their own name (docs/protocol.md,
    /// "Named and reserved seats").
    pub names: Vec<Option<String>>,
    /// Per seat (empty: none), the secret key that alone takes a person's
    /// seat (the entrant's link).
    pub keys: Vec<Option<String>>,
    pub round_minutes: u32,
    pub checking: String,
    pub bot_pace: u32,
}

/// A boxed future of the [`Tables`] port.
pub type Pending<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// The one thing a feature needs of the tables above it: to check and open
/// a table (the tournaments' online rounds). `lib.rs` wires the lobby in;
/// no feature module imports the lobby or a table module
/// (docs/server-layers.md).
pub trait Tables: Send + Sync {
    /// Whether the table would be accepted (the refusal names the field).
    fn check(&self, req: &TableRequest) -> Result<(), ApiError>;
    /// Opens the table: its id.
    fn open(&self, req: TableRequest) -> Pending<'_, Result<String, ApiError>>;
    /// A table still waiting for its players: each seat, whether it is a
    /// person's seat nobody has taken (`None` once the match has started,
    /// or for a table not in this instance's memory).
    fn absent(&self, table: &str) -> Option<Vec<bool>>;
}

/// What the feature routes share (their axum state, taken from the
/// server's state by `FromRef`, wired in `lib.rs`).
#[derive(Clone)]
pub struct Services {
    pub store: Store,
    pub metrics: Arc<Metrics>,
    pub config: Arc<Config>,
    pub limits: Arc<Limits>,
    /// Sign-in rate limits and lock-outs (docs/security.md, "Sign-in").
    pub guard: Arc<Guard>,
    /// Puzzle attempts' and players' rate limits.
    pub puzzle_limits: Arc<PuzzleLimits>,
    /// Changed tournaments, from this instance and (PostgreSQL) the others.
    pub news: News,
    /// The database's health, probed for `/healthz` at most once a second.
    pub health: Arc<Health>,
    /// The tables, through their narrow port.
    pub tables: Arc<dyn Tables>,
}

/// The client's address, if the server knows it: the TCP peer from
/// `ConnectInfo`, or, when that peer is one of the operator's trusted reverse
/// proxies (`--trusted-proxy`), the address it reports in `X-Forwarded-For`
/// (`limits::client_key`).
pub struct Client(pub limits::ClientKey);

fn peer(parts: &axum::http::request::Parts) -> Option<std::net::IpAddr> {
    parts
        .extensions
        .get::<ConnectInfo<SocketAddr>>()
        .map(|ConnectInfo(a)| a.ip())
}

impl<S> axum::extract::FromRequestParts<S> for Client
where
    S: Send + Sync,
    Arc<Config>: FromRef<S>,
{
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        state: &S,
    ) -> Result<Self, Self::Rejection> {
        let config = Arc::<Config>::from_ref(state);
        let forwarded = parts
            .headers
            .get_all("x-forwarded-for")
            .iter()
            .filter_map(|v| v.to_str().ok())
            .collect::<Vec<_>>()
            .join(",");
        Ok(Client(limits::client_key(
            peer(parts),
            Some(forwarded.as_str()).filter(|f| !f.is_empty()),
            &config.trusted_proxies,
        )))
    }
}

/// Whether the request reached the site over HTTPS, for the session
/// cookie's `Secure` ([`limits::https`]).
pub struct Https(pub bool);

impl<S> axum::extract::FromRequestParts<S> for Https
where
    S: Send + Sync,
    Arc<Config>: FromRef<S>,
{
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        state: &S,
    ) -> Result<Self, Self::Rejection> {
        let config = Arc::<Config>::from_ref(state);
        let proto = parts
            .headers
            .get("x-forwarded-proto")
            .and_then(|v| v.to_str().ok());
        Ok(Https(limits::https(
            config.secure_cookies,
            peer(parts),
            proto,
            &config.trusted_proxies,
        )))
    }
}

impl FromRef<Services> for Arc<Config> {
    fn from_ref(s: &Services) -> Arc<Config> {
        s.config.clone()
    }
}

/// Sends each frame to a WebSocket in order; `false` when the socket is
/// gone (the connection's loop then ends). Used by the tables' `/ws` and
/// the races' `/ws/race`.
pub(crate) async fn send_frames(
    tx: &mut futures_util::stream::SplitSink<
        axum::extract::ws::WebSocket,
        axum::extract::ws::Message,
    >,
    frames: Vec<String>,
) -> bool {
    use futures_util::SinkExt;
    for m in frames {
        if tx
            .send(axum::extract::ws::Message::Text(m.into()))
            .await
            .is_err()
        {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    #[derive(Debug, Deserialize)]
    #[allow(dead_code)] // read, never used: only the refusal is tested
    struct Body {
        name: String,
        count: i64,
    }

    async fn refusal(body: &'static str) -> Value {
        let mut headers = HeaderMap::new();
        headers.insert(header::CONTENT_TYPE, "application/json".parse().unwrap());
        let r = read_json::<Body>(&headers, &Bytes::from_static(body.as_bytes())).unwrap_err();
        assert_eq!(r.status(), StatusCode::BAD_REQUEST);
        let bytes = axum::body::to_bytes(r.into_body(), 1 << 16).await.unwrap();
        serde_json::from_slice::<Value>(&bytes).unwrap()["error"].clone()
    }

    /// Every refusal names what is wrong and where: a value of the wrong
    /// type names its field, as an unknown or missing field does.
    #[tokio::test]
    async fn a_value_of_the_wrong_type_in_a_body_names_its_field() {
        let e = refusal(r#"{"name": "x", "count": "five"}"#).await;
        assert_eq!(e["field"], "count", "{e}");
        let e = refusal(r#"{"name": 7, "count": 1}"#).await;
        assert_eq!(e["field"], "name", "{e}");
        let e = refusal(r#"{"name": "x"}"#).await;
        assert_eq!(e["field"], "count", "{e}");
        let e = refusal(r#"{"name": "x", "count": 1} more"#).await;
        assert!(e["message"].as_str().unwrap().contains("trailing"), "{e}");
    }
}

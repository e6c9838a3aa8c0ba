//! Accounts and sessions (issue 17): sign up, sign in, sign out, change
//! the password. Passwords are hashed with argon2id (the `argon2` crate's
//! defaults, OWASP's minimum: 19 MiB, 2 passes); a session is a random token
//! in an `HttpOnly; SameSite=Lax` cookie, stored only as its SHA-256, with
//! an expiry. Routes (docs/protocol.md, "Accounts"):
//!
//! * `POST /api/accounts {"name","password"}` → 201, signed in;
//! * `POST /api/login {"name","password"}` → 200, sets the session;
//! * `POST /api/logout` → 200, ends it;
//! * `POST /api/account/password {"password","new_password"}` → 200;
//! * `GET /api/account` → `{"signed_in", "id"?, "name"?}`.

// Handlers' early returns are whole responses, built once per request.
#![allow(clippy::result_large_err)]

use crate::limits::{ClientKey, Limited};
use crate::lobby::{ApiCode, ApiError, Config};
use crate::{api_error, is_json, too_many, Client, Https, Lobby, Store};
use anyhow::Result;
use argon2::password_hash::{rand_core::OsRng, PasswordHash, SaltString};
use argon2::{Argon2, PasswordHasher, PasswordVerifier};
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use governor::DefaultKeyedRateLimiter;
use serde::de::DeserializeOwned;
use serde::Deserialize;
use sha2::{Digest, Sha256};
use sqlx::Row;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, OnceLock};
use std::time::{Duration, Instant};

/// The session cookie's name.
pub const SESSION_COOKIE: &str = "onsets_session";
/// How long a session lasts.
pub const SESSION_SECONDS: i64 = 30 * 24 * 3600;
/// Shortest password, in characters.
pub const MIN_PASSWORD_CHARS: usize = 8;
/// Longest password, in bytes.
pub const MAX_PASSWORD_BYTES: usize = 256;
/// Largest JSON body of the account and tournament routes.
pub const MAX_BODY_BYTES: usize = 16 * 1024;

/// Runs `$body` with `$p` the pool of either database.
macro_rules! with_pool {
    ($store:expr, |$p:ident| $body:expr) => {
        match $store {
            Store::Sqlite($p) => $body,
            Store::Postgres($p) => $body,
        }
    };
}
pub(crate) use with_pool;

/// Rate limits of signing in and signing up, by client address, and the
/// lock-out of a name after wrong passwords, whatever the addresses
/// (docs/protocol.md, "Accounts"; docs/security.md, "Sign-in").
pub struct Guard {
    login: Option<DefaultKeyedRateLimiter<ClientKey>>,
    per_minute: u32,
    names: Mutex<HashMap<String, Failures>>,
}

/// Wrong passwords for one name (its lower-cased key; names that belong to
/// no account are counted alike, so a lock-out does not tell them apart).
#[derive(Clone, Copy, Debug)]
struct Failures {
    /// Wrong passwords in a row (a right one forgets them).
    count: u32,
    /// Until when sign-ins of the name are refused, unchecked.
    locked_until: Instant,
    last: Instant,
}

/// Wrong passwords for one name before it is locked at all.
pub const FREE_FAILURES: u32 = 5;
/// The first lock-out, doubled at each further wrong password.
pub const FIRST_LOCK: Duration = Duration::from_secs(1);
/// The longest lock-out: short, so that a stranger's guesses keep an
/// account's owner out for minutes, not for days.
pub const MAX_LOCK: Duration = Duration::from_secs(300);
/// A name's failures are forgotten this long after the last one.
const FORGET_AFTER: Duration = Duration::from_secs(24 * 3600);
/// Names remembered at most (the oldest are dropped first).
const MAX_NAMES: usize = 100_000;

/// The lock-out after `count` wrong passwords in a row.
pub fn lock_after(count: u32) -> Duration {
    if count < FREE_FAILURES {
        return Duration::ZERO;
    }
    let doublings = (count - FREE_FAILURES).min(16);
    (FIRST_LOCK * 2u32.pow(doublings)).min(MAX_LOCK)
}

impl Guard {
    /// Sign-ins and sign-ups: 20 a minute per address (bursts of 10), off
    /// when the operator turned table-creation limits off (`Config::unlimited`).
    /// The lock-out of a name is always on.
    pub fn new(c: &Config) -> Guard {
        let per_minute = if c.create_per_minute == 0 { 0 } else { 20 };
        Guard {
            login: crate::limits::limiter(per_minute, 10),
            per_minute,
            names: Mutex::new(HashMap::new()),
        }
    }

    pub fn login(&self, key: ClientKey) -> Result<(), Limited> {
        crate::limits::Limits::check(&self.login, key, "sign-ins", self.per_minute)
    }

    /// Refused while the name is locked out (the password is not even
    /// checked, the right one included).
    pub fn name_open(&self, name_key: &str) -> Result<(), Limited> {
        let names = self.names.lock().unwrap_or_else(|e| e.into_inner());
        let Some(f) = names.get(name_key) else {
            return Ok(());
        };
        let now = Instant::now();
        if f.locked_until <= now {
            return Ok(());
        }
        let wait = f.locked_until - now;
        let secs = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
        Err(Limited {
            message: format!(
                "too many wrong passwords for this name: sign-ins are paused for {secs} s"
            ),
            retry_after_s: secs.max(1),
        })
    }

    /// A wrong password for the name: after [`FREE_FAILURES`] the name is
    /// locked out, [`FIRST_LOCK`] doubled at each further one, at most
    /// [`MAX_LOCK`].
    pub fn failed(&self, name_key: &str) {
        let mut names = self.names.lock().unwrap_or_else(|e| e.into_inner());
        let now = Instant::now();
        if names.len() >= MAX_NAMES && !names.contains_key(name_key) {
            names.retain(|_, f| now.duration_since(f.last) < FORGET_AFTER);
            if names.len() >= MAX_NAMES {
                if let Some(oldest) = names
                    .iter()
                    .min_by_key(|(_, f)| f.last)
                    .map(|(k, _)| k.clone())
                {
                    names.remove(&oldest);
                }
            }
        }
        let f = names.entry(name_key.to_string()).or_insert(Failures {
            count: 0,
            locked_until: now,
            last: now,
        });
        if now.duration_since(f.last) >= FORGET_AFTER {
            f.count = 0;
        }
        f.count = f.count.saturating_add(1);
        f.last = now;
        f.locked_until = now + lock_after(f.count);
    }

    /// The right password: the name's failures are forgotten.
    pub fn succeeded(&self, name_key: &str) {
        let mut names = self.names.lock().unwrap_or_else(|e| e.into_inner());
        names.remove(name_key);
    }
}

/// A signed-in account.
#[derive(Clone, Debug)]
pub struct Account {
    pub id: String,
    pub name: String,
}

fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0)
}

fn sha256_hex(s: &str) -> String {
    Sha256::digest(s.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

pub(crate) fn bad(field: &str, message: impl Into<String>) -> Response {
    api_error(
        StatusCode::BAD_REQUEST,
        ApiError::new(ApiCode::BadField, message, Some(field)),
    )
}

pub(crate) fn storage(e: anyhow::Error) -> Response {
    crate::storage_failure("accounts and tournaments", e)
}

pub(crate) fn unauthorized() -> Response {
    api_error(
        StatusCode::UNAUTHORIZED,
        ApiError::new(ApiCode::NotSignedIn, "sign in first", None),
    )
}

/// The JSON body of a request: 415 unless `application/json`, 413 when too
/// large, 400 naming `body` when there is none (a bodiless `POST` is not
/// read as `{}`: docs/protocol.md, "Cross-site requests"), 400 with the
/// field when it does not read as `T`.
pub(crate) fn read_json<T: DeserializeOwned>(
    headers: &HeaderMap,
    body: &Bytes,
) -> Result<T, Response> {
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
pub(crate) fn read_no_body(headers: &HeaderMap, body: &Bytes) -> Result<(), Response> {
    if body.iter().all(u8::is_ascii_whitespace) {
        return Ok(());
    }
    parse_json::<Empty>(headers, body).map(|_| ())
}

/// No fields: the body of a route that takes none.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Empty {}

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
    serde_json::from_slice(body).map_err(|e| {
        let msg = e.to_string();
        let field = crate::protocol::field_of(&msg);
        api_error(
            StatusCode::BAD_REQUEST,
            ApiError::new(ApiCode::BadRequest, msg, field.as_deref()),
        )
    })
}

/// The session token of the request's cookie, if any.
fn cookie_token(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|kv| kv.trim().split_once('='))
        .find(|(k, _)| *k == SESSION_COOKIE)
        .map(|(_, v)| v.to_string())
        .filter(|v| !v.is_empty() && v.len() <= 128)
}

/// The account signed in by the request's cookie, if its session is alive.
pub async fn signed_in(store: &Store, headers: &HeaderMap) -> Result<Option<Account>> {
    let Some(token) = cookie_token(headers) else {
        return Ok(None);
    };
    let hash = sha256_hex(&token);
    let sql = "SELECT a.id, a.name FROM account_sessions s JOIN accounts a ON a.id = s.account_id \
               WHERE s.token_hash = $1 AND s.expires_at > $2";
    Ok(with_pool!(store, |p| sqlx::query(sql)
        .bind(&hash)
        .bind(now())
        .fetch_optional(p)
        .await?
        .map(|r| Account {
            id: r.get(0),
            name: r.get(1),
        })))
}

/// [`signed_in`] as a response: 401 when nobody is.
pub(crate) async fn require(lobby: &Lobby, headers: &HeaderMap) -> Result<Account, Response> {
    match signed_in(&lobby.store, headers).await {
        Ok(Some(a)) => Ok(a),
        Ok(None) => Err(unauthorized()),
        Err(e) => Err(storage(e)),
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Credentials {
    pub name: String,
    pub password: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PasswordChange {
    pub password: String,
    pub new_password: String,
}

fn check_password(p: &str, field: &str) -> Result<(), Response> {
    if p.len() > MAX_PASSWORD_BYTES {
        return Err(bad(
            field,
            format!("a password is at most {MAX_PASSWORD_BYTES} bytes"),
        ));
    }
    if p.chars().count() < MIN_PASSWORD_CHARS {
        return Err(bad(
            field,
            format!("a password is at least {MIN_PASSWORD_CHARS} characters"),
        ));
    }
    Ok(())
}

async fn hash_password(password: String) -> Result<String> {
    tokio::task::spawn_blocking(move || {
        let salt = SaltString::generate(&mut OsRng);
        Argon2::default()
            .hash_password(password.as_bytes(), &salt)
            .map(|h| h.to_string())
            .map_err(|e| anyhow::anyhow!("hashing a password: {e}"))
    })
    .await?
}

async fn verify_password(password: String, hash: String) -> Result<bool> {
    tokio::task::spawn_blocking(move || {
        let parsed = PasswordHash::new(&hash).map_err(|e| anyhow::anyhow!("a stored hash: {e}"))?;
        Ok(Argon2::default()
            .verify_password(password.as_bytes(), &parsed)
            .is_ok())
    })
    .await?
}

/// Argon2 verifications run for names that belong to no account (read by
/// the tests: an unknown name costs the same work as a known one).
static DUMMY_VERIFICATIONS: AtomicU64 = AtomicU64::new(0);

/// How many dummy verifications this process has run.
pub fn dummy_verifications() -> u64 {
    DUMMY_VERIFICATIONS.load(Ordering::Relaxed)
}

/// A fixed argon2id hash with the same parameters as the stored ones
/// (made once): an unknown name is checked against it, so that a wrong
/// name takes as long as a wrong password and does not show which names
/// exist.
fn dummy_hash() -> &'static str {
    static H: OnceLock<String> = OnceLock::new();
    H.get_or_init(|| {
        let salt = SaltString::encode_b64(b"onsets-dummy-salt")
            .unwrap_or_else(|_| SaltString::generate(&mut OsRng));
        Argon2::default()
            .hash_password(b"no account has this password", &salt)
            .map(|h| h.to_string())
            .unwrap_or_default()
    })
}

/// The same work as [`verify_password`], for a name without an account;
/// always false.
async fn verify_nothing(password: String) -> Result<bool> {
    tokio::task::spawn_blocking(move || {
        DUMMY_VERIFICATIONS.fetch_add(1, Ordering::Relaxed);
        if let Ok(parsed) = PasswordHash::new(dummy_hash()) {
            let _ = Argon2::default().verify_password(password.as_bytes(), &parsed);
        }
        false
    })
    .await
    .map_err(Into::into)
}

/// Starts a session for `account`: the `Set-Cookie` header's value.
async fn start_session(store: &Store, account: &str) -> Result<String> {
    let token = format!(
        "{}{}",
        uuid::Uuid::new_v4().simple(),
        uuid::Uuid::new_v4().simple()
    );
    // Expired sessions are forgotten as new ones start.
    let forget = "DELETE FROM account_sessions WHERE expires_at <= $1";
    with_pool!(store, |p| sqlx::query(forget)
        .bind(now())
        .execute(p)
        .await
        .map(|_| ()))?;
    let sql =
        "INSERT INTO account_sessions (token_hash, account_id, expires_at) VALUES ($1, $2, $3)";
    with_pool!(store, |p| sqlx::query(sql)
        .bind(sha256_hex(&token))
        .bind(account)
        .bind(now() + SESSION_SECONDS)
        .execute(p)
        .await
        .map(|_| ()))?;
    Ok(format!(
        "{SESSION_COOKIE}={token}; Path=/; HttpOnly; SameSite=Lax; Max-Age={SESSION_SECONDS}"
    ))
}

/// `r` with the `Set-Cookie` header `cookie`, `Secure` when the client
/// came over HTTPS (`crate::limits::https`).
fn with_cookie(mut r: Response, cookie: &str, secure: bool) -> Response {
    let cookie = if secure {
        format!("{cookie}; Secure")
    } else {
        cookie.to_string()
    };
    if let Ok(v) = HeaderValue::from_str(&cookie) {
        r.headers_mut().insert(header::SET_COOKIE, v);
    }
    r
}

async fn find_account(store: &Store, key: &str) -> Result<Option<(String, String, String)>> {
    let sql = "SELECT id, name, password_hash FROM accounts WHERE name_key = $1";
    Ok(with_pool!(store, |p| sqlx::query(sql)
        .bind(key)
        .fetch_optional(p)
        .await?
        .map(|r| (r.get(0), r.get(1), r.get(2)))))
}

/// `POST /api/accounts`: a new account, signed in.
pub(crate) async fn sign_up(
    State(lobby): State<Lobby>,
    Client(client): Client,
    Https(secure): Https,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let c: Credentials = match read_json(&headers, &body) {
        Ok(c) => c,
        Err(r) => return r,
    };
    if let Err(l) = lobby.guard.login(client) {
        return too_many(&lobby, l);
    }
    let name = match crate::text::normalize_name(&c.name) {
        Ok(n) => n,
        Err(m) => return bad("name", m),
    };
    if let Err(r) = check_password(&c.password, "password") {
        return r;
    }
    let key = name.to_lowercase();
    match find_account(&lobby.store, &key).await {
        Ok(Some(_)) => return taken(&name),
        Ok(None) => {}
        Err(e) => return storage(e),
    }
    let hash = match hash_password(c.password).await {
        Ok(h) => h,
        Err(e) => return storage(e),
    };
    let id = uuid::Uuid::new_v4().simple().to_string();
    let sql = "INSERT INTO accounts (id, name, name_key, password_hash, created_at) \
               VALUES ($1, $2, $3, $4, $5)";
    let inserted: Result<(), sqlx::Error> = with_pool!(&lobby.store, |p| sqlx::query(sql)
        .bind(&id)
        .bind(&name)
        .bind(&key)
        .bind(&hash)
        .bind(now())
        .execute(p)
        .await
        .map(|_| ()));
    match inserted {
        Ok(()) => {}
        Err(sqlx::Error::Database(d)) if d.is_unique_violation() => return taken(&name),
        Err(e) => return storage(e.into()),
    }
    match start_session(&lobby.store, &id).await {
        Ok(cookie) => with_cookie(
            (
                StatusCode::CREATED,
                Json(serde_json::json!({ "id": id, "name": name })),
            )
                .into_response(),
            &cookie,
            secure,
        ),
        Err(e) => storage(e),
    }
}

fn taken(name: &str) -> Response {
    api_error(
        StatusCode::CONFLICT,
        ApiError::new(
            ApiCode::NameTaken,
            format!("the name `{name}` is taken"),
            Some("name"),
        ),
    )
}

fn wrong() -> Response {
    api_error(
        StatusCode::UNAUTHORIZED,
        ApiError::new(
            ApiCode::WrongPassword,
            "no account has that name and password",
            Some("password"),
        ),
    )
}

/// `POST /api/login`: signs in (sets the session cookie).
pub(crate) async fn login(
    State(lobby): State<Lobby>,
    Client(client): Client,
    Https(secure): Https,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let c: Credentials = match read_json(&headers, &body) {
        Ok(c) => c,
        Err(r) => return r,
    };
    if let Err(l) = lobby.guard.login(client) {
        return too_many(&lobby, l);
    }
    if c.password.len() > MAX_PASSWORD_BYTES {
        return wrong();
    }
    let Ok(name) = crate::text::normalize_name(&c.name) else {
        return wrong();
    };
    let key = name.to_lowercase();
    if let Err(l) = lobby.guard.name_open(&key) {
        return too_many(&lobby, l);
    }
    let found = match find_account(&lobby.store, &key).await {
        Ok(a) => a,
        Err(e) => return storage(e),
    };
    let verified = match found {
        Some((id, name, hash)) => verify_password(c.password, hash)
            .await
            .map(|ok| ok.then_some((id, name))),
        None => verify_nothing(c.password).await.map(|_| None),
    };
    let (id, name) = match verified {
        Ok(Some(a)) => a,
        Ok(None) => {
            lobby.guard.failed(&key);
            return wrong();
        }
        Err(e) => return storage(e),
    };
    lobby.guard.succeeded(&key);
    match start_session(&lobby.store, &id).await {
        Ok(cookie) => with_cookie(
            Json(serde_json::json!({ "id": id, "name": name })).into_response(),
            &cookie,
            secure,
        ),
        Err(e) => storage(e),
    }
}

/// `POST /api/logout`: ends the session (if any) and clears the cookie.
pub(crate) async fn logout(
    State(lobby): State<Lobby>,
    Https(secure): Https,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    if let Err(r) = read_no_body(&headers, &body) {
        return r;
    }
    if let Some(token) = cookie_token(&headers) {
        let sql = "DELETE FROM account_sessions WHERE token_hash = $1";
        let done: Result<(), sqlx::Error> = with_pool!(&lobby.store, |p| sqlx::query(sql)
            .bind(sha256_hex(&token))
            .execute(p)
            .await
            .map(|_| ()));
        if let Err(e) = done {
            return storage(e.into());
        }
    }
    with_cookie(
        Json(serde_json::json!({ "signed_in": false })).into_response(),
        &format!("{SESSION_COOKIE}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0"),
        secure,
    )
}

/// `GET /api/account`: who is signed in: `{"signed_in": true, "id", "name"}`
/// or `{"signed_in": false}` (200 either way: pages ask on every load).
pub async fn me(State(lobby): State<Lobby>, headers: HeaderMap) -> Response {
    match signed_in(&lobby.store, &headers).await {
        Ok(Some(a)) => Json(serde_json::json!({ "signed_in": true, "id": a.id, "name": a.name }))
            .into_response(),
        Ok(None) => Json(serde_json::json!({ "signed_in": false })).into_response(),
        Err(e) => storage(e),
    }
}

/// `POST /api/account/password`: a new password; every other session of
/// the account ends.
pub(crate) async fn change_password(
    State(lobby): State<Lobby>,
    Client(client): Client,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let c: PasswordChange = match read_json(&headers, &body) {
        Ok(c) => c,
        Err(r) => return r,
    };
    let account = match require(&lobby, &headers).await {
        Ok(a) => a,
        Err(r) => return r,
    };
    if let Err(l) = lobby.guard.login(client) {
        return too_many(&lobby, l);
    }
    if let Err(r) = check_password(&c.new_password, "new_password") {
        return r;
    }
    let hash = match find_account(&lobby.store, &account.name.to_lowercase()).await {
        Ok(Some((_, _, h))) => h,
        Ok(None) => return unauthorized(),
        Err(e) => return storage(e),
    };
    if c.password.len() > MAX_PASSWORD_BYTES {
        return wrong();
    }
    match verify_password(c.password, hash).await {
        Ok(true) => {}
        Ok(false) => return wrong(),
        Err(e) => return storage(e),
    }
    let new_hash = match hash_password(c.new_password).await {
        Ok(h) => h,
        Err(e) => return storage(e),
    };
    let keep = cookie_token(&headers)
        .map(|t| sha256_hex(&t))
        .unwrap_or_default();
    let done: Result<(), sqlx::Error> = with_pool!(&lobby.store, |p| async {
        sqlx::query("UPDATE accounts SET password_hash = $1 WHERE id = $2")
            .bind(&new_hash)
            .bind(&account.id)
            .execute(p)
            .await?;
        sqlx::query("DELETE FROM account_sessions WHERE account_id = $1 AND token_hash <> $2")
            .bind(&account.id)
            .bind(&keep)
            .execute(p)
            .await?;
        Ok(())
    }
    .await);
    match done {
        Ok(()) => Json(serde_json::json!({ "changed": true })).into_response(),
        Err(e) => storage(e.into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_lock_out_starts_after_the_free_failures_and_doubles_to_its_cap() {
        assert_eq!(lock_after(FREE_FAILURES - 1), Duration::ZERO);
        assert_eq!(lock_after(FREE_FAILURES), FIRST_LOCK);
        assert_eq!(lock_after(FREE_FAILURES + 3), FIRST_LOCK * 8);
        assert_eq!(lock_after(FREE_FAILURES + 30), MAX_LOCK);
        assert_eq!(lock_after(u32::MAX), MAX_LOCK);
    }

    #[test]
    fn a_name_is_locked_for_every_address_and_a_right_password_forgets() {
        let g = Guard::new(&Config::unlimited());
        for _ in 0..FREE_FAILURES {
            assert!(g.name_open("ann").is_ok());
            g.failed("ann");
        }
        let l = g.name_open("ann").unwrap_err();
        assert!(
            l.retry_after_s >= 1 && l.message.contains("paused"),
            "{l:?}"
        );
        assert!(g.name_open("bob").is_ok(), "another name is not locked");
        g.succeeded("ann");
        assert!(g.name_open("ann").is_ok());
    }
}

//! Accounts and sessions: sign up, sign in, sign out, change the password,
//! and who is signed in ([`signed_in`], [`require`]) for the other features.
//! Passwords are hashed with argon2id (the `argon2` crate's defaults,
//! OWASP's minimum: 19 MiB, 2 passes), off the async threads; a session is
//! a random token in an `HttpOnly; SameSite=Lax` cookie, stored only as its
//! SHA-256, with an expiry ([`crate::store::sessions`]). The routes are
//! described in docs/protocol.md, "Accounts, ratings and tournaments".

// Handlers' early returns are whole responses, built once per request.
#![allow(clippy::result_large_err)]

use crate::api::{api_error, bad, read_json, read_no_body, storage, too_many, unauthorized};
use crate::api::{ApiCode, ApiError, Client, Https, Services};
use crate::store::{self, Store, StoreResult};
use anyhow::Result;
use argon2::password_hash::{rand_core::OsRng, PasswordHash, SaltString};
use argon2::{Argon2, PasswordHasher, PasswordVerifier};
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Deserialize;
use sha2::{Digest, Sha256};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::OnceLock;

/// Kept for the modules that still import them from here (their homes are
/// [`crate::api`] and [`crate::limits`]).
pub use crate::api::MAX_BODY_BYTES;
pub use crate::limits::{lock_after, Guard, FIRST_LOCK, FREE_FAILURES, MAX_LOCK};

/// The session cookie's name.
pub const SESSION_COOKIE: &str = "onsets_session";
/// How long a session lasts.
pub const SESSION_SECONDS: i64 = 30 * 24 * 3600;
/// Shortest password, in characters.
pub const MIN_PASSWORD_CHARS: usize = 8;
/// Longest password, in bytes.
pub const MAX_PASSWORD_BYTES: usize = 256;
/// A signed-in account.
#[derive(Clone, Debug)]
pub struct Account {
    pub id: String,
    pub name: String,
}

fn sha256_hex(s: &str) -> String {
    Sha256::digest(s.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
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
pub async fn signed_in(store: &Store, headers: &HeaderMap) -> StoreResult<Option<Account>> {
    let Some(token) = cookie_token(headers) else {
        return Ok(None);
    };
    Ok(store::sessions::account_of(store, &sha256_hex(&token))
        .await?
        .map(|a| Account {
            id: a.id,
            name: a.name,
        }))
}

/// [`signed_in`] as a response: 401 when nobody is.
pub(crate) async fn require(store: &Store, headers: &HeaderMap) -> Result<Account, Response> {
    match signed_in(store, headers).await {
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

pub(crate) async fn hash_password(password: String) -> Result<String> {
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
async fn start_session(store: &Store, account: &str) -> StoreResult<String> {
    let token = format!(
        "{}{}",
        uuid::Uuid::new_v4().simple(),
        uuid::Uuid::new_v4().simple()
    );
    store::sessions::start(store, &sha256_hex(&token), account, SESSION_SECONDS).await?;
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

/// `POST /api/accounts`: a new account, signed in.
pub(crate) async fn sign_up(
    State(app): State<Services>,
    Client(client): Client,
    Https(secure): Https,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let c: Credentials = match read_json(&headers, &body) {
        Ok(c) => c,
        Err(r) => return r,
    };
    if let Err(l) = app.guard.login(client) {
        return too_many(&app, l);
    }
    let name = match crate::text::normalize_name(&c.name) {
        Ok(n) => n,
        Err(m) => return bad("name", m),
    };
    if let Err(r) = check_password(&c.password, "password") {
        return r;
    }
    let key = name.to_lowercase();
    match store::accounts::find(&app.store, &key).await {
        Ok(Some(_)) => return taken(&name),
        Ok(None) => {}
        Err(e) => return storage(e),
    }
    let hash = match hash_password(c.password).await {
        Ok(h) => h,
        Err(e) => return storage(e),
    };
    let id = uuid::Uuid::new_v4().simple().to_string();
    let new = store::accounts::NewAccount {
        id: &id,
        name: &name,
        name_key: &key,
        password_hash: &hash,
    };
    match store::accounts::insert(&app.store, &new).await {
        Ok(true) => {}
        Ok(false) => return taken(&name),
        Err(e) => return storage(e),
    }
    match start_session(&app.store, &id).await {
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
    State(app): State<Services>,
    Client(client): Client,
    Https(secure): Https,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let c: Credentials = match read_json(&headers, &body) {
        Ok(c) => c,
        Err(r) => return r,
    };
    if let Err(l) = app.guard.login(client) {
        return too_many(&app, l);
    }
    if c.password.len() > MAX_PASSWORD_BYTES {
        return wrong();
    }
    let Ok(name) = crate::text::normalize_name(&c.name) else {
        return wrong();
    };
    let key = name.to_lowercase();
    if let Err(l) = app.guard.name_open(&key) {
        return too_many(&app, l);
    }
    let found = match store::accounts::find(&app.store, &key).await {
        Ok(a) => a,
        Err(e) => return storage(e),
    };
    let verified = match found {
        Some(a) => verify_password(c.password, a.password_hash)
            .await
            .map(|ok| ok.then_some((a.id, a.name))),
        None => verify_nothing(c.password).await.map(|_| None),
    };
    let (id, name) = match verified {
        Ok(Some(a)) => a,
        Ok(None) => {
            app.guard.failed(&key);
            return wrong();
        }
        Err(e) => return storage(e),
    };
    app.guard.succeeded(&key);
    match start_session(&app.store, &id).await {
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
    State(app): State<Services>,
    Https(secure): Https,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    if let Err(r) = read_no_body(&headers, &body) {
        return r;
    }
    if let Some(token) = cookie_token(&headers) {
        if let Err(e) = store::sessions::end(&app.store, &sha256_hex(&token)).await {
            return storage(e);
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
pub async fn me(State(app): State<Services>, headers: HeaderMap) -> Response {
    match signed_in(&app.store, &headers).await {
        Ok(Some(a)) => Json(serde_json::json!({ "signed_in": true, "id": a.id, "name": a.name }))
            .into_response(),
        Ok(None) => Json(serde_json::json!({ "signed_in": false })).into_response(),
        Err(e) => storage(e),
    }
}

/// `POST /api/account/password`: a new password; every other session of
/// the account ends.
pub(crate) async fn change_password(
    State(app): State<Services>,
    Client(client): Client,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let c: PasswordChange = match read_json(&headers, &body) {
        Ok(c) => c,
        Err(r) => return r,
    };
    let account = match require(&app.store, &headers).await {
        Ok(a) => a,
        Err(r) => return r,
    };
    if let Err(l) = app.guard.login(client) {
        return too_many(&app, l);
    }
    if let Err(r) = check_password(&c.new_password, "new_password") {
        return r;
    }
    let hash = match store::accounts::find(&app.store, &account.name.to_lowercase()).await {
        Ok(Some(a)) => a.password_hash,
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
    match store::accounts::set_password(&app.store, &account.id, &new_hash, &keep).await {
        Ok(()) => Json(serde_json::json!({ "changed": true })).into_response(),
        Err(e) => storage(e),
    }
}

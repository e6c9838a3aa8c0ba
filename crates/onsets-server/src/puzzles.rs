//! Puzzles on the server (issue 15, docs/puzzles.md): a puzzle at a time,
//! the daily puzzle (`GET /api/puzzles/daily`, the same for everyone on a
//! date), attempts judged on the server (a written Solution by the core's
//! checker, on the bounded judging pool), puzzle and player ratings updated
//! after each first attempt with Glicko-2 (`skillratings`), streaks and
//! themes. Everything is stored in the server's database (SQLite or
//! PostgreSQL, migration `0015_puzzles.sql`).
//!
//! The pool is the file `puzzles/pool.jsonl`, generated with a fixed seed by
//! `onsets puzzle generate --seed 2026 --source generated` (docs/puzzles.md
//! says how to make it again) and embedded in the binary; it is written to
//! the database the first time it is needed.
//!
//! Players are anonymous: the browser makes a random id and keeps it in
//! localStorage; the id is only a key for ratings and streaks.

use crate::lobby::{ApiCode, Lobby};
use crate::pool::{judge, Lane};
use crate::store::Store;
use crate::{error_response as error, is_json, too_many, Client};
use anyhow::Result;
use axum::body::Bytes;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use onsets_core::Edition;
use onsets_puzzles::{fnv1a, Puzzle};
use serde::Deserialize;
use serde_json::{json, Value};
use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;
use sqlx::Row;
use std::sync::OnceLock;

/// The embedded pool (JSON lines, one puzzle each).
const POOL: &str = include_str!("../puzzles/pool.jsonl");

/// The embedded pools of the other rule editions (issue 14; docs/puzzles.md
/// "Rule editions"): MLAG 2019-20 Basic and Adventurous, and the 1969
/// manual's Basic and Advanced forms. They are offered only when a request
/// names the edition; the daily puzzle and `next` without `edition` are
/// 2026-27 as before.
const POOL_2019_20: &str = include_str!("../puzzles/pool-2019-20.jsonl");
const POOL_1969: &str = include_str!("../puzzles/pool-1969.jsonl");

fn read_pool(text: &str) -> Vec<Puzzle> {
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .filter_map(|l| serde_json::from_str(l).ok())
        .collect()
}

/// The largest attempt request body.
pub const MAX_ATTEMPT_BYTES: usize = 8 * 1024;

/// The pool, read once.
pub fn pool() -> &'static [Puzzle] {
    static P: OnceLock<Vec<Puzzle>> = OnceLock::new();
    P.get_or_init(|| read_pool(POOL))
}

/// Every puzzle of every edition: the 2026-27 pool first, then the others.
pub fn every_puzzle() -> &'static [Puzzle] {
    static P: OnceLock<Vec<Puzzle>> = OnceLock::new();
    P.get_or_init(|| {
        let mut all = pool().to_vec();
        all.extend(read_pool(POOL_2019_20));
        all.extend(read_pool(POOL_1969));
        all
    })
}

fn find(id: &str) -> Option<&'static Puzzle> {
    every_puzzle().iter().find(|p| p.id == id)
}

/// Which puzzles `next` offers: an edition, with the 1969 form and the
/// 2019-20 form (Basic or Adventurous) when given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Rules {
    edition: Edition,
    /// 1969: whether the form was named (else both forms).
    form_given: bool,
    /// 2019-20: Basic (false) or Adventurous (true); `None`: both.
    adventurous: Option<bool>,
}

impl Rules {
    fn fits(&self, p: &Puzzle) -> bool {
        let pos = &p.position;
        if pos["edition"].as_str().unwrap_or("2026-27") != self.edition.name() {
            return false;
        }
        if let (Some(form), true) = (self.edition.form(), self.form_given) {
            if pos["form"].as_str() != Some(form.name()) {
                return false;
            }
        }
        self.adventurous
            .is_none_or(|a| pos["adventurous"].as_bool() == Some(a))
    }
}

/// The routes, merged into the server's router.
pub fn routes() -> Router<Lobby> {
    Router::new()
        .route("/api/puzzles/daily", get(daily))
        .route("/api/puzzles/next", get(next))
        .route("/api/puzzles/themes", get(themes))
        .route("/api/puzzles/players", post(new_player))
        .route("/api/puzzles/players/{id}", get(player))
        .route("/api/puzzles/{id}", get(one))
        .route("/api/puzzles/{id}/attempt", post(attempt))
}

fn storage(e: anyhow::Error) -> Response {
    crate::storage_failure("puzzles", e)
}

// ------------------------------------------------------------------ dates

/// Days since 1970-01-01 of a civil date (proleptic Gregorian).
fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = if y >= 0 { y } else { y - 399 } / 400;
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

fn civil_from_days(z: i64) -> (i64, i64, i64) {
    let z = z + 719_468;
    let era = if z >= 0 { z } else { z - 146_096 } / 146_097;
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (if m <= 2 { y + 1 } else { y }, m, d)
}

/// `YYYY-MM-DD` to days since the epoch, checked.
pub fn parse_date(s: &str) -> Option<i64> {
    let b = s.as_bytes();
    if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
        return None;
    }
    let y: i64 = s[0..4].parse().ok()?;
    let m: i64 = s[5..7].parse().ok()?;
    let d: i64 = s[8..10].parse().ok()?;
    if !(1..=12).contains(&m) || !(1..=31).contains(&d) {
        return None;
    }
    let days = days_from_civil(y, m, d);
    (civil_from_days(days) == (y, m, d)).then_some(days)
}

fn format_date(days: i64) -> String {
    let (y, m, d) = civil_from_days(days);
    format!("{y:04}-{m:02}-{d:02}")
}

fn today() -> i64 {
    let s = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0);
    (s / 86_400) as i64
}

fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
}

/// The daily puzzle of a date: the pool ordered by a hash of the date, so
/// the choice depends only on the date and the pool.
pub fn daily_for(date: &str) -> Option<&'static Puzzle> {
    let p = pool();
    if p.is_empty() {
        return None;
    }
    Some(&p[(fnv1a(&format!("daily {date}")) % p.len() as u64) as usize])
}

// ------------------------------------------------------------------ store

macro_rules! exec {
    ($store:expr, $sql:expr $(, $bind:expr)* $(,)?) => {
        match $store {
            Store::Sqlite(p) => { sqlx::query($sql)$(.bind($bind))*.execute(p).await?; }
            Store::Postgres(p) => { sqlx::query($sql)$(.bind($bind))*.execute(p).await?; }
        }
    };
}

macro_rules! rows {
    ($store:expr, $sql:expr, $row:expr $(, $bind:expr)* $(,)?) => {
        match $store {
            Store::Sqlite(p) => sqlx::query($sql)$(.bind($bind))*.fetch_all(p).await?.into_iter().map($row).collect::<Vec<_>>(),
            Store::Postgres(p) => sqlx::query($sql)$(.bind($bind))*.fetch_all(p).await?.into_iter().map($row).collect::<Vec<_>>(),
        }
    };
}

/// A rating with its counts, as stored.
#[derive(Clone, Debug)]
struct Rated {
    r: Glicko2Rating,
    attempts: i64,
    solved: i64,
    streak: i64,
    best_streak: i64,
}

/// Writes the pool to the database when any of its puzzles is not there yet
/// (a regenerated pool adds new ids; rows of puzzles no longer in the pool
/// stay, with their ratings, but are never offered).
async fn ensure_pool(store: &Store) -> Result<()> {
    let ids: std::collections::HashSet<String> =
        rows!(store, "SELECT id FROM puzzles", |r| r.get::<String, _>(0))
            .into_iter()
            .collect();
    if every_puzzle().iter().all(|p| ids.contains(&p.id)) {
        return Ok(());
    }
    for p in every_puzzle() {
        let body = serde_json::to_string(p)?;
        exec!(
            store,
            "INSERT INTO puzzles (id, kind, body, themes, rating, deviation, volatility) \
             VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (id) DO NOTHING",
            p.id.as_str(),
            p.kind.name(),
            body,
            p.themes.join(" "),
            p.difficulty as f64,
            300.0f64,
            0.06f64
        );
    }
    Ok(())
}

async fn puzzle_rating(store: &Store, id: &str) -> Result<Option<Rated>> {
    let v = rows!(
        store,
        "SELECT rating, deviation, volatility, attempts, solved FROM puzzles WHERE id = $1",
        |r| Rated {
            r: Glicko2Rating {
                rating: r.get(0),
                deviation: r.get(1),
                volatility: r.get(2),
            },
            attempts: r.get(3),
            solved: r.get(4),
            streak: 0,
            best_streak: 0,
        },
        id
    );
    Ok(v.into_iter().next())
}

async fn player_rating(store: &Store, id: &str) -> Result<Rated> {
    let v = rows!(
        store,
        "SELECT rating, deviation, volatility, attempts, solved, streak, best_streak \
         FROM puzzle_players WHERE id = $1",
        |r| Rated {
            r: Glicko2Rating {
                rating: r.get(0),
                deviation: r.get(1),
                volatility: r.get(2),
            },
            attempts: r.get(3),
            solved: r.get(4),
            streak: r.get(5),
            best_streak: r.get(6),
        },
        id
    );
    Ok(v.into_iter().next().unwrap_or(Rated {
        r: Glicko2Rating::new(),
        attempts: 0,
        solved: 0,
        streak: 0,
        best_streak: 0,
    }))
}

fn player_json(id: &str, p: &Rated) -> Value {
    json!({
        "id": id,
        "rating": p.r.rating.round(),
        "deviation": p.r.deviation.round(),
        "attempts": p.attempts,
        "solved": p.solved,
        "streak": p.streak,
        "best_streak": p.best_streak,
    })
}

/// A player id: 8 to 64 letters, digits and `-`.
fn valid_player(id: &str) -> bool {
    (8..=64).contains(&id.len()) && id.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
}

// ------------------------------------------------------------------ routes

fn shown(p: &Puzzle, rating: Option<&Rated>) -> Value {
    let mut v = p.question_only();
    if let (Some(o), Some(r)) = (v.as_object_mut(), rating) {
        o.insert("rating".into(), json!(r.r.rating.round()));
        o.insert("attempts".into(), json!(r.attempts));
        o.insert("solved".into(), json!(r.solved));
    }
    v
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct DailyQuery {
    date: Option<String>,
}

/// `GET /api/puzzles/daily[?date=YYYY-MM-DD]`.
async fn daily(
    State(lobby): State<Lobby>,
    q: Result<Query<DailyQuery>, axum::extract::rejection::QueryRejection>,
) -> Response {
    let Ok(Query(q)) = q else {
        return error(
            StatusCode::BAD_REQUEST,
            ApiCode::BadRequest,
            "the only parameter is `date`",
            None,
        );
    };
    let date = match q.date {
        None => format_date(today()),
        Some(d) => match parse_date(&d) {
            Some(days) => format_date(days),
            None => {
                return error(
                    StatusCode::BAD_REQUEST,
                    ApiCode::BadRequest,
                    "`date` is a date written YYYY-MM-DD",
                    Some("date"),
                )
            }
        },
    };
    let Some(p) = daily_for(&date) else {
        return error(
            StatusCode::NOT_FOUND,
            ApiCode::NoPuzzles,
            "the server has no puzzles",
            None,
        );
    };
    if let Err(e) = ensure_pool(&lobby.store).await {
        return storage(e);
    }
    let rating = match puzzle_rating(&lobby.store, &p.id).await {
        Ok(r) => r,
        Err(e) => return storage(e),
    };
    Json(json!({ "date": date, "puzzle": shown(p, rating.as_ref()) })).into_response()
}

/// `GET /api/puzzles/{id}`.
async fn one(State(lobby): State<Lobby>, Path(id): Path<String>) -> Response {
    let Some(p) = (id.len() <= 64).then(|| find(&id)).flatten() else {
        return no_such_puzzle(&id);
    };
    if let Err(e) = ensure_pool(&lobby.store).await {
        return storage(e);
    }
    match puzzle_rating(&lobby.store, &p.id).await {
        Ok(r) => Json(shown(p, r.as_ref())).into_response(),
        Err(e) => storage(e),
    }
}

fn no_such_puzzle(id: &str) -> Response {
    let shown: String = id.chars().take(64).collect();
    error(
        StatusCode::NOT_FOUND,
        ApiCode::NoSuchPuzzle,
        format!("there is no puzzle `{shown}`"),
        Some("id"),
    )
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct NextQuery {
    player: Option<String>,
    kind: Option<String>,
    theme: Option<String>,
    edition: Option<String>,
    form: Option<String>,
    adventurous: Option<String>,
}

/// Reads `edition`, `form` and `adventurous` of `next` as `onsets puzzle
/// generate --edition/--form/--basic` reads them (issue 14).
fn rules_of(q: &NextQuery) -> Result<Rules, (String, &'static str)> {
    let edition = match (q.edition.as_deref(), q.form.as_deref()) {
        (None | Some(""), None) => Edition::Tournament2026,
        (None | Some(""), Some(_)) => {
            return Err(("`form` goes with `edition=1969`".into(), "form"));
        }
        (Some(e), form) => Edition::from_parts(e, form).map_err(|m| {
            let field = if m.contains("form") {
                "form"
            } else {
                "edition"
            };
            (m, field)
        })?,
    };
    let adventurous = match q.adventurous.as_deref() {
        None | Some("") => None,
        Some(a) if edition != Edition::Mlag2019 => {
            return Err((
                format!(
                    "`adventurous={a}` chooses between MLAG Basic and Adventurous 2019-20: it goes with `edition=2019-20`"
                ),
                "adventurous",
            ))
        }
        Some("true") => Some(true),
        Some("false") => Some(false),
        Some(_) => return Err(("`adventurous` is true or false".into(), "adventurous")),
    };
    Ok(Rules {
        edition,
        form_given: q.form.is_some(),
        adventurous,
    })
}

/// `GET /api/puzzles/next?player=ID[&kind=K][&theme=T][&edition=E[&form=F]
/// [&adventurous=B]]`: the puzzle the player has not tried whose rating is
/// nearest theirs, under the rules asked for (2026-27 by default).
async fn next(
    State(lobby): State<Lobby>,
    q: Result<Query<NextQuery>, axum::extract::rejection::QueryRejection>,
) -> Response {
    let Ok(Query(q)) = q else {
        return error(
            StatusCode::BAD_REQUEST,
            ApiCode::BadRequest,
            "the parameters are `player`, `kind`, `theme`, `edition`, `form` and `adventurous`",
            None,
        );
    };
    let rules = match rules_of(&q) {
        Ok(r) => r,
        Err((m, field)) => {
            return error(StatusCode::BAD_REQUEST, ApiCode::BadRequest, m, Some(field))
        }
    };
    let kind = match q.kind.as_deref().filter(|k| !k.is_empty()) {
        None => None,
        Some(k) => match k
            .parse::<onsets_puzzles::Kind>()
            .and_then(|k| k.check_edition(rules.edition).map(|()| k))
        {
            Ok(k) => Some(k),
            Err(e) => {
                return error(
                    StatusCode::BAD_REQUEST,
                    ApiCode::BadRequest,
                    e,
                    Some("kind"),
                )
            }
        },
    };
    let theme = q.theme.filter(|t| !t.is_empty());
    if let Some(t) = &theme {
        if !onsets_puzzles::themes::is_theme(t) {
            return error(
                StatusCode::BAD_REQUEST,
                ApiCode::BadRequest,
                "unknown theme",
                Some("theme"),
            );
        }
    }
    let player = q.player.unwrap_or_default();
    if !player.is_empty() && !valid_player(&player) {
        return error(
            StatusCode::BAD_REQUEST,
            ApiCode::BadRequest,
            "`player` is 8 to 64 letters, digits and -",
            Some("player"),
        );
    }
    let store = &lobby.store;
    let r: Result<Response> = async {
        ensure_pool(store).await?;
        let me = player_rating(store, &player).await?;
        let tried: Vec<String> = rows!(
            store,
            "SELECT DISTINCT puzzle FROM puzzle_attempts WHERE player = $1",
            |r| r.get::<String, _>(0),
            player.as_str()
        );
        let ratings: Vec<(String, f64)> = rows!(store, "SELECT id, rating FROM puzzles", |r| (
            r.get::<String, _>(0),
            r.get::<f64, _>(1)
        ));
        let rating_of = |id: &str| {
            ratings
                .iter()
                .find(|(i, _)| i == id)
                .map(|(_, r)| *r)
                .unwrap_or(1500.0)
        };
        let fits = |p: &&Puzzle| {
            kind.is_none_or(|k| p.kind == k)
                && theme.as_ref().is_none_or(|t| p.themes.contains(t))
                && rules.fits(p)
        };
        let candidates: Vec<&Puzzle> = every_puzzle().iter().filter(fits).collect();
        let fresh: Vec<&Puzzle> = candidates
            .iter()
            .copied()
            .filter(|p| !tried.contains(&p.id))
            .collect();
        let from = if fresh.is_empty() {
            &candidates
        } else {
            &fresh
        };
        let best = from.iter().min_by(|a, b| {
            let da = (rating_of(&a.id) - me.r.rating).abs();
            let db = (rating_of(&b.id) - me.r.rating).abs();
            da.total_cmp(&db).then(a.id.cmp(&b.id))
        });
        Ok(match best {
            None => error(
                StatusCode::NOT_FOUND,
                ApiCode::NoPuzzles,
                "no puzzle has that kind and theme",
                None,
            ),
            Some(p) => {
                let r = puzzle_rating(store, &p.id).await?;
                Json(json!({ "puzzle": shown(p, r.as_ref()), "fresh": !fresh.is_empty() }))
                    .into_response()
            }
        })
    }
    .await;
    r.unwrap_or_else(storage)
}

/// `GET /api/puzzles/themes`: every theme with its name and puzzle count.
async fn themes() -> Response {
    let v: Vec<Value> = onsets_puzzles::themes::THEMES
        .iter()
        .map(|(slug, name)| {
            let n = pool()
                .iter()
                .filter(|p| p.themes.iter().any(|t| t == slug))
                .count();
            json!({ "theme": slug, "name": name, "puzzles": n })
        })
        .collect();
    Json(json!({ "themes": v, "puzzles": pool().len() })).into_response()
}

/// `GET /api/puzzles/players/{id}`: a player's rating and streaks.
async fn player(State(lobby): State<Lobby>, Path(id): Path<String>) -> Response {
    if !valid_player(&id) {
        return error(
            StatusCode::BAD_REQUEST,
            ApiCode::BadRequest,
            "a player id is 8 to 64 letters, digits and -",
            Some("id"),
        );
    }
    match player_rating(&lobby.store, &id).await {
        Ok(p) => Json(player_json(&id, &p)).into_response(),
        Err(e) => storage(e),
    }
}

/// `POST /api/puzzles/players` (no body): a new anonymous player, 201
/// `{"player": ID}`, an id the server signed (`crate::puzzle_players`).
async fn new_player(
    State(lobby): State<Lobby>,
    Client(client): Client,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    if let Err(r) = crate::accounts::read_no_body(&headers, &body) {
        return r;
    }
    if let Err(l) = lobby.puzzle_limits.issue(client) {
        return too_many(&lobby, l);
    }
    match crate::puzzle_players::issue(&lobby.store).await {
        Ok(id) => (StatusCode::CREATED, Json(json!({ "player": id }))).into_response(),
        Err(e) => storage(e),
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct AttemptBody {
    player: String,
    answer: String,
}

/// The body of an attempt, checked: 415, 413, 404, 400 as documented.
#[allow(clippy::result_large_err)] // the refusal is the whole response, built once
fn read_attempt(
    id: &str,
    headers: &HeaderMap,
    body: &Bytes,
) -> Result<(&'static Puzzle, AttemptBody), Response> {
    if !is_json(headers) {
        return Err(error(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            ApiCode::UnsupportedMediaType,
            "send the attempt as JSON, with `Content-Type: application/json`",
            None,
        ));
    }
    if body.len() > MAX_ATTEMPT_BYTES {
        return Err(error(
            StatusCode::PAYLOAD_TOO_LARGE,
            ApiCode::TooLarge,
            "the request is too large",
            None,
        ));
    }
    let Some(p) = (id.len() <= 64).then(|| find(id)).flatten() else {
        return Err(no_such_puzzle(id));
    };
    let req: AttemptBody = serde_json::from_slice(body).map_err(|e| {
        error(
            StatusCode::BAD_REQUEST,
            ApiCode::BadRequest,
            e.to_string(),
            None,
        )
    })?;
    if !valid_player(&req.player) {
        return Err(error(
            StatusCode::BAD_REQUEST,
            ApiCode::BadRequest,
            "`player` is 8 to 64 letters, digits and -",
            Some("player"),
        ));
    }
    Ok((p, req))
}

/// Who an attempt is rated for: the id in the body when the server issued
/// it, else the signed-in account (`acct-` and its id), else nobody (the
/// verdict is given, unrated, and nothing is stored).
async fn rated_identity(
    lobby: &Lobby,
    player: &str,
    headers: &HeaderMap,
) -> Result<Option<String>> {
    if crate::puzzle_players::issued(&lobby.store, player).await? {
        let store = &lobby.store;
        // A signed-in solver's puzzle record shows on their profile.
        if let Ok(Some(account)) = crate::accounts::signed_in(store, headers).await {
            exec!(
                store,
                "INSERT INTO account_puzzle_players (account_id, player) VALUES ($1, $2) \
                 ON CONFLICT (account_id, player) DO NOTHING",
                account.id.as_str(),
                player
            );
        }
        return Ok(Some(player.to_string()));
    }
    let Some(account) = crate::accounts::signed_in(&lobby.store, headers).await? else {
        return Ok(None);
    };
    let id = format!("acct-{}", account.id);
    let store = &lobby.store;
    exec!(
        store,
        "INSERT INTO account_puzzle_players (account_id, player) VALUES ($1, $2) \
         ON CONFLICT (account_id, player) DO NOTHING",
        account.id.as_str(),
        id.as_str()
    );
    Ok(Some(id))
}

/// `POST /api/puzzles/{id}/attempt` with `{"player": ID, "answer": TEXT}`.
async fn attempt(
    State(lobby): State<Lobby>,
    Client(client): Client,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let (p, req) = match read_attempt(&id, &headers, &body) {
        Ok(x) => x,
        Err(r) => return r,
    };
    if let Err(l) = lobby.puzzle_limits.attempt_from(client) {
        return too_many(&lobby, l);
    }
    let identity = match rated_identity(&lobby, &req.player, &headers).await {
        Ok(i) => i,
        Err(e) => return storage(e),
    };
    if let Some(who) = &identity {
        if let Err(l) = lobby.puzzle_limits.attempt_by(who) {
            return too_many(&lobby, l);
        }
    }
    // the checker and the solver run on the bounded judging pool
    let answer = req.answer.clone();
    let judged = judge()
        .run(Lane::First, move || onsets_puzzles::judge(p, &answer))
        .await;
    let j = match judged {
        Some(Ok(j)) => j,
        Some(Err(e)) => {
            return error(
                StatusCode::BAD_REQUEST,
                ApiCode::BadAttempt,
                e.to_string(),
                Some("answer"),
            )
        }
        None => {
            return error(
                StatusCode::INTERNAL_SERVER_ERROR,
                ApiCode::Internal,
                "the attempt could not be judged",
                None,
            )
        }
    };
    let store = &lobby.store;
    let r: Result<Response> = async {
        ensure_pool(store).await?;
        let (player, me, before, puzzle, rated) = match &identity {
            Some(who) => {
                let o = record(store, who, &p.id, j.correct).await?;
                (who.clone(), o.me, o.before, o.puzzle, o.rated)
            }
            None => {
                let me = player_rating(store, &req.player).await?;
                let puzzle = puzzle_rating(store, &p.id).await?.unwrap_or_else(new_rated);
                (req.player.clone(), me.clone(), me.r.rating, puzzle, false)
            }
        };
        Ok(Json(json!({
            "correct": j.correct,
            "message": j.message,
            "reasons": j.reasons,
            "verdict": j.verdict,
            "rated": rated,
            "issued": identity.is_some(),
            "answer": p.answer,
            "explanation": p.explanation,
            "player": player_json(&player, &me),
            "rating_change": (me.r.rating - before).round(),
            "puzzle_rating": puzzle.r.rating.round(),
        }))
        .into_response())
    }
    .await;
    r.unwrap_or_else(storage)
}

fn new_rated() -> Rated {
    Rated {
        r: Glicko2Rating::new(),
        attempts: 0,
        solved: 0,
        streak: 0,
        best_streak: 0,
    }
}

/// What [`record`] did: the player and the puzzle after the attempt, the
/// player's rating before it, and whether it was rated.
struct Recorded {
    me: Rated,
    before: f64,
    puzzle: Rated,
    rated: bool,
}

/// The statements of [`record`], on a transaction `$tx` of either database.
/// Each row is written before it is read (the claim of `puzzle_rated`, then
/// the player's row, then the puzzle's), so that a concurrent attempt waits
/// for this one's commit and reads what it wrote (no lost updates), and
/// rows are always locked in that order (no deadlocks on PostgreSQL; one
/// writer at a time on SQLite).
macro_rules! record_in {
    ($tx:ident, $who:expr, $puzzle:expr, $correct:expr) => {{
        let correct = i64::from($correct);
        let fresh = Glicko2Rating::new();
        let rated = sqlx::query(
            "INSERT INTO puzzle_rated (player, puzzle) VALUES ($1, $2) ON CONFLICT (player, puzzle) DO NOTHING",
        )
        .bind($who)
        .bind($puzzle)
        .execute(&mut *$tx)
        .await?
        .rows_affected()
            == 1;
        sqlx::query(
            "INSERT INTO puzzle_players (id, rating, deviation, volatility) VALUES ($1, $2, $3, $4) \
             ON CONFLICT (id) DO NOTHING",
        )
        .bind($who)
        .bind(fresh.rating)
        .bind(fresh.deviation)
        .bind(fresh.volatility)
        .execute(&mut *$tx)
        .await?;
        // a streak counts correct answers in a row, rated or not
        sqlx::query(
            "UPDATE puzzle_players SET \
             best_streak = CASE WHEN $2 = 1 AND streak + 1 > best_streak THEN streak + 1 ELSE best_streak END, \
             streak = CASE WHEN $2 = 1 THEN streak + 1 ELSE 0 END WHERE id = $1",
        )
        .bind($who)
        .bind(correct)
        .execute(&mut *$tx)
        .await?;
        if rated {
            sqlx::query("UPDATE puzzles SET attempts = attempts + 1, solved = solved + $2 WHERE id = $1")
                .bind($puzzle)
                .bind(correct)
                .execute(&mut *$tx)
                .await?;
        }
        let mut me = sqlx::query(
            "SELECT rating, deviation, volatility, attempts, solved, streak, best_streak \
             FROM puzzle_players WHERE id = $1",
        )
        .bind($who)
        .fetch_one(&mut *$tx)
        .await
        .map(|r| Rated {
            r: Glicko2Rating {
                rating: r.get(0),
                deviation: r.get(1),
                volatility: r.get(2),
            },
            attempts: r.get(3),
            solved: r.get(4),
            streak: r.get(5),
            best_streak: r.get(6),
        })?;
        let mut puzzle = sqlx::query(
            "SELECT rating, deviation, volatility, attempts, solved FROM puzzles WHERE id = $1",
        )
        .bind($puzzle)
        .fetch_one(&mut *$tx)
        .await
        .map(|r| Rated {
            r: Glicko2Rating {
                rating: r.get(0),
                deviation: r.get(1),
                volatility: r.get(2),
            },
            attempts: r.get(3),
            solved: r.get(4),
            streak: 0,
            best_streak: 0,
        })?;
        let before = me.r.rating;
        if rated {
            let outcome = if $correct { Outcomes::WIN } else { Outcomes::LOSS };
            let (a, b) = glicko2(&me.r, &puzzle.r, &outcome, &Glicko2Config::new());
            me.r = a;
            puzzle.r = b;
            me.attempts += 1;
            me.solved += correct;
            sqlx::query(
                "UPDATE puzzle_players SET rating = $2, deviation = $3, volatility = $4, \
                 attempts = attempts + 1, solved = solved + $5 WHERE id = $1",
            )
            .bind($who)
            .bind(me.r.rating)
            .bind(me.r.deviation)
            .bind(me.r.volatility)
            .bind(correct)
            .execute(&mut *$tx)
            .await?;
            sqlx::query("UPDATE puzzles SET rating = $2, deviation = $3, volatility = $4 WHERE id = $1")
                .bind($puzzle)
                .bind(puzzle.r.rating)
                .bind(puzzle.r.deviation)
                .bind(puzzle.r.volatility)
                .execute(&mut *$tx)
                .await?;
        }
        sqlx::query(
            "INSERT INTO puzzle_attempts (player, puzzle, at_ms, correct, rated) VALUES ($1, $2, $3, $4, $5)",
        )
        .bind($who)
        .bind($puzzle)
        .bind(now_ms())
        .bind(correct)
        .bind(i64::from(rated))
        .execute(&mut *$tx)
        .await?;
        Recorded {
            me,
            before,
            puzzle,
            rated,
        }
    }};
}

/// An attempt by an issued player, in one transaction: the first by `who`
/// at `puzzle` is rated (the database's unique `puzzle_rated` row decides,
/// so concurrent duplicates lose cleanly), both ratings move (Glicko-2),
/// the streak counts; every attempt is stored.
async fn record(store: &Store, who: &str, puzzle: &str, correct: bool) -> Result<Recorded> {
    Ok(match store {
        Store::Sqlite(p) => {
            let mut tx = p.begin().await?;
            let out = record_in!(tx, who, puzzle, correct);
            tx.commit().await?;
            out
        }
        Store::Postgres(p) => {
            let mut tx = p.begin().await?;
            let out = record_in!(tx, who, puzzle, correct);
            tx.commit().await?;
            out
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_round_trip() {
        for s in ["1970-01-01", "2026-11-24", "2000-02-29", "2100-12-31"] {
            assert_eq!(format_date(parse_date(s).unwrap()), s);
        }
        for s in [
            "2026-02-30",
            "2026-13-01",
            "26-1-1",
            "2026/01/01",
            "abcd-ef-gh",
        ] {
            assert!(parse_date(s).is_none(), "{s}");
        }
    }

    #[test]
    fn the_embedded_pool_reads_and_the_daily_puzzle_depends_only_on_the_date() {
        assert!(pool().len() >= 100, "pool of {}", pool().len());
        assert_eq!(
            daily_for("2026-11-24").map(|p| &p.id),
            daily_for("2026-11-24").map(|p| &p.id)
        );
        let days: std::collections::HashSet<_> = (0..30)
            .filter_map(|d| daily_for(&format_date(20_000 + d)).map(|p| p.id.clone()))
            .collect();
        assert!(days.len() > 10);
    }

    #[test]
    fn the_edition_pools_read_and_carry_their_editions() {
        let all = every_puzzle();
        assert_eq!(
            all.len(),
            pool().len() + 80,
            "40 puzzles of 2019-20, 40 of 1969"
        );
        for p in &all[pool().len()..] {
            let e = p.position["edition"].as_str().unwrap();
            assert!(e == "2019-20" || e == "1969", "{e}");
            assert!(p.position().is_ok(), "{}", p.id);
        }
        let ids: std::collections::HashSet<&str> = all.iter().map(|p| p.id.as_str()).collect();
        assert_eq!(ids.len(), all.len(), "ids are unique across editions");
    }
}

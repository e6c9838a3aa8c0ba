//! Puzzles on the server (docs/puzzles.md): a puzzle at a time,
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

use crate::api::{error_response as error, is_json, too_many, ApiCode, Client, Services};
use crate::pool::{judge, Lane};
use crate::store::puzzles::{self as stored, player_rating, puzzle_rating, Rated, Recorded};
use crate::store::{Store, StoreResult};
use axum::body::Bytes;
use axum::extract::{FromRef, Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use onsets_core::Edition;
use onsets_puzzles::{fnv1a, Puzzle};
use serde::Deserialize;
use serde_json::{json, Value};
use skillratings::glicko2::{glicko2, Glicko2Config};
use skillratings::Outcomes;
use std::sync::OnceLock;

/// The embedded pool (JSON lines, one puzzle each).
const POOL: &str = include_str!("../puzzles/pool.jsonl");

/// The embedded pools of the other rule editions (docs/puzzles.md
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

/// A puzzle by id: the embedded pools', a drilled one's or one the storm
/// pool generated ([`register_generated`]) in this process.
pub fn find(id: &str) -> Option<&'static Puzzle> {
    every_puzzle()
        .iter()
        .find(|p| p.id == id)
        .or_else(|| drilled(id))
        .or_else(|| generated(id))
}

/// [`find`], or a drilled puzzle this process does not hold (made on
/// another instance or before a restart) made again from what its id
/// names (`onsets_puzzles::drills::recall`, docs/practice.md "Made ahead,
/// and answerable anywhere"). Making it again costs a candidate's search,
/// so it runs on the bounded judging pool, never on a request's thread:
/// made-up ids cannot take the server's cores.
pub async fn find_or_recall(id: &str) -> Option<&'static Puzzle> {
    if id.len() > 64 {
        return None;
    }
    if let Some(p) = find(id) {
        return Some(p);
    }
    if !id.starts_with("drill-") {
        return None;
    }
    let id = id.to_string();
    judge()
        .run(Lane::First, move || onsets_puzzles::drills::recall(&id))
        .await
        .flatten()
}

/// The most puzzles kept by [`register_generated`] for the life of the
/// process (the storm pool stops making new ones then,
/// docs/practice.md "The storm pool").
pub const MAX_GENERATED: usize = 2048;

type Kept = std::sync::Mutex<std::collections::HashMap<String, &'static Puzzle>>;

fn generated_map() -> &'static Kept {
    static G: OnceLock<Kept> = OnceLock::new();
    G.get_or_init(Default::default)
}

fn generated(id: &str) -> Option<&'static Puzzle> {
    generated_map().lock().ok()?.get(id).copied()
}

/// Keeps a puzzle generated ahead for Storm and Streak (docs/practice.md,
/// "The storm pool") so that every route that finds a puzzle by id finds
/// it: each once, at most [`MAX_GENERATED`] for the life of the process.
/// `None` when the cap is reached (or the lock is poisoned).
pub fn register_generated(p: Puzzle) -> Option<&'static Puzzle> {
    let mut map = generated_map().lock().ok()?;
    if let Some(kept) = map.get(&p.id) {
        return Some(*kept);
    }
    if map.len() >= MAX_GENERATED {
        return None;
    }
    let kept: &'static Puzzle = Box::leak(Box::new(p));
    map.insert(kept.id.clone(), kept);
    Some(kept)
}

/// Whether [`register_generated`] keeps no more.
pub fn register_generated_full() -> bool {
    generated_map()
        .lock()
        .map_or(true, |m| m.len() >= MAX_GENERATED)
}

/// Brings into memory the puzzles of `ids` this process does not know but
/// the database keeps (a storm puzzle generated by another instance, or
/// before a restart), so that a run or an answer naming them is judged.
/// Ids that are nowhere stay unknown (the caller refuses them by field).
pub async fn load_missing<'a>(
    store: &Store,
    ids: impl IntoIterator<Item = &'a str>,
) -> StoreResult<()> {
    let missing: Vec<String> = ids
        .into_iter()
        .filter(|id| id.len() <= 64 && find(id).is_none())
        .map(str::to_string)
        .collect();
    if missing.is_empty() {
        return Ok(());
    }
    for p in stored::bodies(store, &missing).await? {
        register_generated(p);
    }
    Ok(())
}

/// The most puzzles kept by [`register_drilled`]: a drill is made again
/// from its seed when asked again after that.
const MAX_DRILLED: usize = 4096;

fn drilled_map() -> &'static std::sync::Mutex<std::collections::HashMap<String, &'static Puzzle>> {
    static D: OnceLock<std::sync::Mutex<std::collections::HashMap<String, &'static Puzzle>>> =
        OnceLock::new();
    D.get_or_init(Default::default)
}

fn drilled(id: &str) -> Option<&'static Puzzle> {
    drilled_map().lock().ok()?.get(id).copied()
}

/// Keeps a puzzle made on request (a variation drill, docs/practice.md) so
/// that `/api/puzzles/{id}` and its attempt route find it: at most
/// [`MAX_DRILLED`] are kept, each once, for the life of the process.
pub fn register_drilled(p: &Puzzle) -> bool {
    let Ok(mut map) = drilled_map().lock() else {
        return false;
    };
    if map.contains_key(&p.id) {
        return true;
    }
    if map.len() >= MAX_DRILLED {
        return false;
    }
    map.insert(p.id.clone(), Box::leak(Box::new(p.clone())));
    true
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
pub fn routes<S>() -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    Services: FromRef<S>,
    std::sync::Arc<crate::config::Config>: FromRef<S>,
{
    Router::new()
        .route("/api/puzzles/daily", get(daily))
        .route("/api/puzzles/next", get(next))
        .route("/api/puzzles/themes", get(themes))
        .route("/api/puzzles/players", post(new_player))
        .route("/api/puzzles/players/{id}", get(player))
        .route("/api/puzzles/{id}", get(one))
        .route("/api/puzzles/{id}/attempt", post(attempt))
}

fn storage(e: impl Into<anyhow::Error>) -> Response {
    crate::api::storage_failure("puzzles", e)
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

pub(crate) fn format_date(days: i64) -> String {
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

async fn ensure_pool(store: &Store) -> StoreResult<()> {
    stored::ensure_pool(store, every_puzzle()).await
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
pub(crate) fn valid_player(id: &str) -> bool {
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
    State(app): State<Services>,
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
    if let Err(e) = ensure_pool(&app.store).await {
        return storage(e);
    }
    let rating = match puzzle_rating(&app.store, &p.id).await {
        Ok(r) => r,
        Err(e) => return storage(e),
    };
    Json(json!({ "date": date, "puzzle": shown(p, rating.as_ref()) })).into_response()
}

/// `GET /api/puzzles/{id}`.
async fn one(State(app): State<Services>, Path(id): Path<String>) -> Response {
    let Some(p) = find_or_recall(&id).await else {
        return no_such_puzzle(&id);
    };
    if let Err(e) = ensure_pool(&app.store).await {
        return storage(e);
    }
    match puzzle_rating(&app.store, &p.id).await {
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
/// generate --edition/--form/--basic` reads them.
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
    State(app): State<Services>,
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
    let store = &app.store;
    let r: StoreResult<Response> = async {
        ensure_pool(store).await?;
        let me = player_rating(store, &player).await?;
        let tried = stored::tried_by(store, &player).await?;
        let ratings = stored::ratings(store).await?;
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
async fn player(State(app): State<Services>, Path(id): Path<String>) -> Response {
    if !valid_player(&id) {
        return error(
            StatusCode::BAD_REQUEST,
            ApiCode::BadRequest,
            "a player id is 8 to 64 letters, digits and -",
            Some("id"),
        );
    }
    match player_rating(&app.store, &id).await {
        Ok(p) => Json(player_json(&id, &p)).into_response(),
        Err(e) => storage(e),
    }
}

/// `POST /api/puzzles/players` (no body): a new anonymous player, 201
/// `{"player": ID}`, an id the server signed (`crate::puzzle_players`).
async fn new_player(
    State(app): State<Services>,
    Client(client): Client,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    if let Err(r) = crate::api::read_no_body(&headers, &body) {
        return r;
    }
    if let Err(l) = app.puzzle_limits.issue(client) {
        return too_many(&app, l);
    }
    match crate::puzzle_players::issue(&app.store).await {
        Ok(id) => (StatusCode::CREATED, Json(json!({ "player": id }))).into_response(),
        Err(e) => storage(e),
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct AttemptBody {
    player: String,
    answer: String,
    /// How long the answer took, as the client measured it (docs/practice.md,
    /// "My weaknesses"): 100 ms to 10 minutes, for the dashboard's median time.
    ms: Option<u64>,
}

/// The body of an attempt, checked: 415, 413, 404, 400 as documented.
#[allow(clippy::result_large_err)] // the refusal is the whole response, built once
fn read_attempt(
    id: &str,
    found: Option<&'static Puzzle>,
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
    let Some(p) = found else {
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
    if let Some(ms) = req.ms {
        // the bounds of a practice answer's time (docs/practice.md; `practice`
        // imports this module, so they are not imported from it)
        if !(100..=600_000).contains(&ms) {
            return Err(error(
                StatusCode::BAD_REQUEST,
                ApiCode::BadRequest,
                "`ms` is the answer's time: 100 ms to 10 minutes (600000)",
                Some("ms"),
            ));
        }
    }
    Ok((p, req))
}

/// Who an attempt is rated for: the id in the body when the server issued
/// it, else the signed-in account (`acct-` and its id), else nobody (the
/// verdict is given, unrated, and nothing is stored).
async fn rated_identity(
    store: &Store,
    player: &str,
    headers: &HeaderMap,
) -> Result<Option<String>, IdentityError> {
    if crate::puzzle_players::issued(store, player).await? {
        // A signed-in solver's puzzle record shows on their profile.
        if let Ok(Some(account)) = crate::accounts::signed_in(store, headers).await {
            stored::link_player(store, &account.id, player).await?;
        }
        return Ok(Some(player.to_string()));
    }
    let Some(account) = crate::accounts::signed_in(store, headers).await? else {
        return Ok(None);
    };
    let id = format!("acct-{}", account.id);
    stored::link_player(store, &account.id, &id).await?;
    Ok(Some(id))
}

/// Why the rated identity of an attempt could not be told.
#[derive(Debug, thiserror::Error)]
enum IdentityError {
    #[error(transparent)]
    Store(#[from] crate::store::StoreError),
    #[error(transparent)]
    Player(#[from] crate::puzzle_players::PlayerIdError),
}

/// `POST /api/puzzles/{id}/attempt` with `{"player": ID, "answer": TEXT}`.
async fn attempt(
    State(app): State<Services>,
    Client(client): Client,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let found = find_or_recall(&id).await;
    let (p, req) = match read_attempt(&id, found, &headers, &body) {
        Ok(x) => x,
        Err(r) => return r,
    };
    if let Err(l) = app.puzzle_limits.attempt_from(client) {
        return too_many(&app, l);
    }
    let identity = match rated_identity(&app.store, &req.player, &headers).await {
        Ok(i) => i,
        Err(e) => return storage(e),
    };
    if let Some(who) = &identity {
        if let Err(l) = app.puzzle_limits.attempt_by(who) {
            return too_many(&app, l);
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
    let store = &app.store;
    let r: StoreResult<Response> = async {
        ensure_pool(store).await?;
        let (player, me, before, puzzle, rated) = match &identity {
            Some(who) => {
                let o = record(store, who, &p.id, j.correct).await?;
                if let Some(ms) = req.ms {
                    crate::store::practice::set_attempt_ms(store, who, &p.id, ms as i64).await?;
                }
                (who.clone(), o.me, o.before, o.puzzle, o.rated)
            }
            None => {
                let me = player_rating(store, &req.player).await?;
                let puzzle = puzzle_rating(store, &p.id).await?.unwrap_or_default();
                (req.player.clone(), me.clone(), me.r.rating, puzzle, false)
            }
        };
        // a signed-in student's attempt counts for their class's assignments
        if identity.is_some() {
            if let Some(account) = crate::accounts::signed_in(store, &headers).await? {
                crate::store::classes::on_attempt(
                    store,
                    &account.id,
                    &p.id,
                    j.correct,
                    me.r.rating,
                )
                .await?;
            }
        }
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

/// Records an attempt by an issued player ([`stored::record`]): both
/// ratings move by Glicko-2 (`skillratings`).
async fn record(store: &Store, who: &str, puzzle: &str, correct: bool) -> StoreResult<Recorded> {
    stored::record(store, who, puzzle, correct, |me, puzzle, solved| {
        let outcome = if solved {
            Outcomes::WIN
        } else {
            Outcomes::LOSS
        };
        glicko2(me, puzzle, &outcome, &Glicko2Config::new())
    })
    .await
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

//! Ratings of accounts from finished online tables (docs/ratings.md). A
//! signed-in player claims their seat with the seat's token; when the
//! table's match is over, its log is replayed, each player's total gives
//! XII-A match points and `onsets_tournament::ratings` moves the claimed
//! seats' ratings in the table's Division (bots at their fixed ratings;
//! unclaimed human seats as unrated newcomers). The routes (the claim and
//! the profile) are described in docs/protocol.md, "Ratings".

// Handlers' early returns are whole responses, built once per request.
#![allow(clippy::result_large_err)]

use crate::accounts::require;
use crate::api::{api_error, bad, read_json, storage, ApiCode, ApiError, Services};
use crate::store::ratings::{DivisionRating, RatedMatch};
use crate::store::{self, Store, StoreError};
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use onsets_tournament::match_points::from_scores;
use onsets_tournament::ratings::{bot_rating, rate_table, RatedSeat, Rating};
use serde::Deserialize;
use serde_json::json;

/// Why a finished table could not be rated.
#[derive(Debug, thiserror::Error)]
pub enum SettleError {
    #[error(transparent)]
    Store(#[from] StoreError),
    /// The stored log does not replay.
    #[error("the table's log does not replay: {0}")]
    Replay(String),
    /// The table's own record (the tables' part of the store) failed.
    #[error("the table's record: {0}")]
    Table(String),
    /// The stored spec does not read.
    #[error("the table's spec does not read: {0}")]
    Spec(#[from] serde_json::Error),
}

/// What the ratings read of a stored table's spec (docs/protocol.md,
/// "Lobby": its Division and its seats, a bot's with its level).
#[derive(Deserialize)]
struct RatedSpec {
    division: String,
    seats: Vec<RatedSeatSpec>,
}

#[derive(Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
enum RatedSeatSpec {
    Human,
    Bot { level: String },
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Claim {
    pub seat: usize,
    pub token: String,
}

/// `POST /api/tables/{id}/claim`: the signed-in account holds this seat.
pub async fn claim(
    State(app): State<Services>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let c: Claim = match read_json(&headers, &body) {
        Ok(c) => c,
        Err(r) => return r,
    };
    let account = match require(&app.store, &headers).await {
        Ok(a) => a,
        Err(r) => return r,
    };
    if id.len() > crate::text::MAX_ID_BYTES {
        return bad("id", "no such table");
    }
    let table = match app.store.load_one(&id).await {
        Ok(Some(t)) => t,
        Ok(None) => return bad("id", "no such table"),
        Err(e) => return storage(e),
    };
    if !table
        .seats
        .iter()
        .any(|(s, _, token)| *s == c.seat && *token == c.token)
    {
        return api_error(
            StatusCode::FORBIDDEN,
            ApiError::new(
                ApiCode::WrongToken,
                "that is not your seat's token",
                Some("token"),
            ),
        );
    }
    if let Err(e) = store::ratings::claim_seat(&app.store, &id, c.seat, &account.id).await {
        return storage(e);
    }
    if table.status == "over" {
        if let Err(e) = settle(&app.store, &id).await {
            tracing::error!(table = %id, "rating the table failed: {e:#}");
        }
    }
    Json(json!({ "table": id, "seat": c.seat, "account": account.name })).into_response()
}

/// Rates a finished table in the background (called when its match ends).
pub fn settle_in_background(store: Store, table: String) {
    tokio::spawn(async move {
        if let Err(e) = settle(&store, &table).await {
            tracing::error!(table = %table, "rating the table failed: {e:#}");
        }
    });
}

/// Applies a finished table's result to its claimed seats' ratings, once.
pub async fn settle(store: &Store, table: &str) -> Result<(), SettleError> {
    let claims = store::ratings::claims(store, table).await?;
    if claims.is_empty() {
        return Ok(());
    }
    let Some(stored) = store.load_one(table).await.map_err(table_store)? else {
        return Ok(());
    };
    if stored.status != "over" {
        return Ok(());
    }
    let Some(log) = store.log(table).await.map_err(table_store)? else {
        return Ok(());
    };
    let m =
        onsets_engine::Match::replay(&log).map_err(|e| SettleError::Replay(format!("{e:?}")))?;
    let spec: RatedSpec = serde_json::from_str(&stored.spec)?;
    let division = spec.division.to_lowercase();
    let scores: Vec<Option<i64>> = m
        .totals()
        .iter()
        .enumerate()
        .map(|(i, t)| m.is_seated(i).then_some(i64::from(*t)))
        .collect();
    let points = from_scores(&scores);
    // Claim the rating of this table first: another instance may race.
    if !store::ratings::mark_rated(store, table).await? {
        return Ok(());
    }
    let account_at = |i: usize| claims.iter().find(|c| c.seat == i).map(|c| &c.account);
    let mut seats = Vec::new();
    for (i, mp) in points.iter().enumerate() {
        let (rating, fixed) = match (account_at(i), spec.seats.get(i)) {
            (Some(a), _) => (rating_of(store, a, &division).await?, false),
            (None, Some(RatedSeatSpec::Bot { level })) => {
                (bot_rating(level).unwrap_or_default(), true)
            }
            (None, _) => (Rating::default(), true),
        };
        seats.push(RatedSeat {
            rating,
            fixed,
            match_points: *mp,
        });
    }
    let after = rate_table(&seats);
    for (i, r) in after.iter().enumerate() {
        let Some(account) = account_at(i) else {
            continue;
        };
        let rating = DivisionRating {
            division: division.clone(),
            rating: r.rating,
            deviation: r.deviation,
            games: r.games,
        };
        let played = RatedMatch {
            table: table.to_string(),
            division: division.clone(),
            finished_at: store::now_s(),
            match_points: i64::from(points[i]),
            rating_after: r.rating,
            deviation_after: r.deviation,
        };
        store::ratings::record(store, account, &rating, &played).await?;
    }
    Ok(())
}

/// A failure of the tables' part of the store (which still answers
/// `anyhow`): its database error when it has one.
fn table_store(e: anyhow::Error) -> SettleError {
    match e.downcast::<sqlx::Error>() {
        Ok(e) => SettleError::Store(e.into()),
        Err(e) => SettleError::Table(format!("{e:#}")),
    }
}

async fn rating_of(store: &Store, account: &str, division: &str) -> Result<Rating, StoreError> {
    Ok(store::ratings::rating(store, account, division)
        .await?
        .map(|r| Rating {
            rating: r.rating,
            deviation: r.deviation,
            games: r.games,
        })
        .unwrap_or_default())
}

/// `GET /api/accounts/{name}`: ratings by Division and rated matches.
pub async fn profile(State(app): State<Services>, Path(name): Path<String>) -> Response {
    match profile_of(&app.store, &name).await {
        Ok(Some(v)) => Json(v).into_response(),
        Ok(None) => api_error(
            StatusCode::NOT_FOUND,
            ApiError::new(
                ApiCode::NoSuchAccount,
                "there is no such account",
                Some("name"),
            ),
        ),
        Err(e) => storage(e),
    }
}

/// One decimal, as the profile shows ratings.
fn tenth(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

async fn profile_of(store: &Store, name: &str) -> Result<Option<serde_json::Value>, StoreError> {
    let Ok(name) = crate::text::normalize_name(name) else {
        return Ok(None);
    };
    let Some(account) = store::accounts::find(store, &name.to_lowercase()).await? else {
        return Ok(None);
    };
    let (id, shown) = (account.id, account.name);
    let ratings: Vec<serde_json::Value> = store::ratings::ratings_of(store, &id)
        .await?
        .into_iter()
        .map(|r| {
            let rating = Rating {
                rating: r.rating,
                deviation: r.deviation,
                games: r.games,
            };
            json!({
                "division": r.division,
                "rating": tenth(rating.rating),
                "deviation": tenth(rating.deviation),
                "games": rating.games,
                "provisional": rating.provisional(),
            })
        })
        .collect();
    let matches: Vec<serde_json::Value> = store::ratings::matches_of(store, &id)
        .await?
        .into_iter()
        .map(|m| {
            let t = m.table;
            json!({
                "table": t,
                "division": m.division,
                "finished_at": m.finished_at,
                "match_points": m.match_points,
                "rating_after": tenth(m.rating_after),
                "deviation_after": tenth(m.deviation_after),
                "replay": format!("/t/{t}"),
                "review": format!("/t/{t}/review"),
                "log": format!("/api/tables/{t}/log"),
            })
        })
        .collect();
    let puzzles = puzzle_record(store, &id).await?;
    let events = crate::tournaments::events_of(store, &id, &shown).await?;
    Ok(Some(json!({
        "name": shown,
        "ratings": ratings,
        "matches": matches,
        "puzzles": puzzles,
        "events": events,
    })))
}

/// The puzzle record of the puzzle players (browser ids) the account
/// solved as while signed in: attempts and solved added, the best streak,
/// and the rating of the one most used (`null` when none).
async fn puzzle_record(store: &Store, account: &str) -> Result<serde_json::Value, StoreError> {
    let rows = store::ratings::puzzle_records(store, account).await?;
    let Some(first) = rows.first() else {
        return Ok(serde_json::Value::Null);
    };
    Ok(json!({
        "rating": first.rating.round(),
        "deviation": first.deviation.round(),
        "attempts": rows.iter().map(|r| r.attempts).sum::<i64>(),
        "solved": rows.iter().map(|r| r.solved).sum::<i64>(),
        "best_streak": rows.iter().map(|r| r.best_streak).max().unwrap_or(0),
    }))
}

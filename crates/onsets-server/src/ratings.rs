//! Ratings of accounts from finished online tables (issue 17,
//! docs/ratings.md). A signed-in player claims their seat with the seat's
//! token (`POST /api/tables/{id}/claim {"seat","token"}`); when the table's
//! match is over, its log is replayed, each player's total gives XII-A
//! match points and `onsets_tournament::ratings` moves the claimed seats'
//! ratings in the table's Division (bots at their fixed ratings; unclaimed
//! human seats as unrated newcomers). `GET /api/accounts/{name}` is the
//! profile: ratings and match history.

// Handlers' early returns are whole responses, built once per request.
#![allow(clippy::result_large_err)]

use crate::accounts::{bad, read_json, require, storage, with_pool};
use crate::lobby::{ApiCode, ApiError};
use crate::table::{SeatSpec, TableSpec};
use crate::{api_error, Lobby, Store};
use anyhow::Result;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use onsets_tournament::match_points::from_scores;
use onsets_tournament::ratings::{bot_rating, rate_table, RatedSeat, Rating};
use serde::Deserialize;
use serde_json::json;
use sqlx::Row;

fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0)
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Claim {
    pub seat: usize,
    pub token: String,
}

/// `POST /api/tables/{id}/claim`: the signed-in account holds this seat.
pub async fn claim(
    State(lobby): State<Lobby>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let c: Claim = match read_json(&headers, &body) {
        Ok(c) => c,
        Err(r) => return r,
    };
    let account = match require(&lobby, &headers).await {
        Ok(a) => a,
        Err(r) => return r,
    };
    if id.len() > crate::text::MAX_ID_BYTES {
        return bad("id", "no such table");
    }
    let table = match lobby.store.load_one(&id).await {
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
    let sql = "INSERT INTO account_seats (table_id, seat, account_id) VALUES ($1, $2, $3) \
               ON CONFLICT (table_id, seat) DO NOTHING";
    let done: Result<(), sqlx::Error> = with_pool!(&lobby.store, |p| sqlx::query(sql)
        .bind(&id)
        .bind(c.seat as i32)
        .bind(&account.id)
        .execute(p)
        .await
        .map(|_| ()));
    if let Err(e) = done {
        return storage(e.into());
    }
    if table.status == "over" {
        if let Err(e) = settle(&lobby.store, &id).await {
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
pub async fn settle(store: &Store, table: &str) -> Result<()> {
    let claims: Vec<(usize, String)> = with_pool!(store, |p| sqlx::query(
        "SELECT seat, account_id FROM account_seats WHERE table_id = $1"
    )
    .bind(table)
    .fetch_all(p)
    .await?
    .into_iter()
    .map(|r| (r.get::<i32, _>(0).max(0) as usize, r.get::<String, _>(1)))
    .collect());
    if claims.is_empty() {
        return Ok(());
    }
    let Some(stored) = store.load_one(table).await? else {
        return Ok(());
    };
    if stored.status != "over" {
        return Ok(());
    }
    let Some(log) = store.log(table).await? else {
        return Ok(());
    };
    let m = onsets_engine::Match::replay(&log).map_err(|e| anyhow::anyhow!("{e:?}"))?;
    let spec: TableSpec = serde_json::from_str(&stored.spec)?;
    let division = spec.division.to_lowercase();
    let scores: Vec<Option<i64>> = m
        .totals()
        .iter()
        .enumerate()
        .map(|(i, t)| m.is_seated(i).then_some(i64::from(*t)))
        .collect();
    let points = from_scores(&scores);
    // Claim the rating of this table first: another instance may race.
    let first: Result<(), sqlx::Error> = with_pool!(store, |p| sqlx::query(
        "INSERT INTO account_rated_tables (table_id, rated_at) VALUES ($1, $2)"
    )
    .bind(table)
    .bind(now())
    .execute(p)
    .await
    .map(|_| ()));
    match first {
        Ok(()) => {}
        Err(sqlx::Error::Database(d)) if d.is_unique_violation() => return Ok(()),
        Err(e) => return Err(e.into()),
    }
    let mut seats = Vec::new();
    for (i, mp) in points.iter().enumerate() {
        let account = claims.iter().find(|(s, _)| *s == i).map(|(_, a)| a);
        let (rating, fixed) = match (account, spec.seats.get(i)) {
            (Some(a), _) => (rating_of(store, a, &division).await?, false),
            (None, Some(SeatSpec::Bot { level })) => (bot_rating(level).unwrap_or_default(), true),
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
        let Some((_, account)) = claims.iter().find(|(s, _)| *s == i) else {
            continue;
        };
        let upsert = "INSERT INTO account_ratings (account_id, division, rating, deviation, games) \
                      VALUES ($1, $2, $3, $4, $5) ON CONFLICT (account_id, division) DO UPDATE SET \
                      rating = excluded.rating, deviation = excluded.deviation, games = excluded.games";
        let history = "INSERT INTO account_matches (account_id, table_id, division, finished_at, \
                       match_points, rating_after, deviation_after) VALUES ($1, $2, $3, $4, $5, $6, $7) \
                       ON CONFLICT (account_id, table_id) DO NOTHING";
        with_pool!(store, |p| {
            sqlx::query(upsert)
                .bind(account)
                .bind(&division)
                .bind(r.rating)
                .bind(r.deviation)
                .bind(i64::from(r.games))
                .execute(p)
                .await?;
            sqlx::query(history)
                .bind(account)
                .bind(table)
                .bind(&division)
                .bind(now())
                .bind(i64::from(points[i]))
                .bind(r.rating)
                .bind(r.deviation)
                .execute(p)
                .await?;
        });
    }
    Ok(())
}

async fn rating_of(store: &Store, account: &str, division: &str) -> Result<Rating> {
    let sql = "SELECT rating, deviation, games FROM account_ratings WHERE account_id = $1 AND division = $2";
    Ok(with_pool!(store, |p| sqlx::query(sql)
        .bind(account)
        .bind(division)
        .fetch_optional(p)
        .await?
        .map(|r| Rating {
            rating: r.get(0),
            deviation: r.get(1),
            games: r.get::<i64, _>(2) as u32,
        }))
    .unwrap_or_default())
}

/// `GET /api/accounts/{name}`: ratings by Division and rated matches.
pub async fn profile(State(lobby): State<Lobby>, Path(name): Path<String>) -> Response {
    match profile_of(&lobby.store, &name).await {
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

async fn profile_of(store: &Store, name: &str) -> Result<Option<serde_json::Value>> {
    let Ok(name) = crate::text::normalize_name(name) else {
        return Ok(None);
    };
    let found: Option<(String, String)> = with_pool!(store, |p| sqlx::query(
        "SELECT id, name FROM accounts WHERE name_key = $1"
    )
    .bind(name.to_lowercase())
    .fetch_optional(p)
    .await?
    .map(|r| (r.get(0), r.get(1))));
    let Some((id, shown)) = found else {
        return Ok(None);
    };
    let ratings: Vec<serde_json::Value> = with_pool!(store, |p| {
        sqlx::query(
        "SELECT division, rating, deviation, games FROM account_ratings WHERE account_id = $1 ORDER BY division"
    )
    .bind(&id)
    .fetch_all(p)
    .await?
    .into_iter()
    .map(|r| {
        let rating = Rating {
            rating: r.get(1),
            deviation: r.get(2),
            games: r.get::<i64, _>(3) as u32,
        };
        json!({
            "division": r.get::<String, _>(0),
            "rating": (rating.rating * 10.0).round() / 10.0,
            "deviation": (rating.deviation * 10.0).round() / 10.0,
            "games": rating.games,
            "provisional": rating.provisional(),
        })
    })
    .collect()
    });
    let matches: Vec<serde_json::Value> = with_pool!(store, |p| sqlx::query(
        "SELECT table_id, division, finished_at, match_points, rating_after, deviation_after \
         FROM account_matches WHERE account_id = $1 ORDER BY finished_at DESC LIMIT 100"
    )
    .bind(&id)
    .fetch_all(p)
    .await?
    .into_iter()
    .map(|r| {
        let t: String = r.get(0);
        json!({
            "table": t,
            "division": r.get::<String, _>(1),
            "finished_at": r.get::<i64, _>(2),
            "match_points": r.get::<i64, _>(3),
            "rating_after": (r.get::<f64, _>(4) * 10.0).round() / 10.0,
            "deviation_after": (r.get::<f64, _>(5) * 10.0).round() / 10.0,
            "replay": format!("/t/{t}"),
            "review": format!("/t/{t}/review"),
            "log": format!("/api/tables/{t}/log"),
        })
    })
    .collect());
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
async fn puzzle_record(store: &Store, account: &str) -> Result<serde_json::Value> {
    let sql = "SELECT p.rating, p.deviation, p.attempts, p.solved, p.best_streak \
               FROM account_puzzle_players a JOIN puzzle_players p ON p.id = a.player \
               WHERE a.account_id = $1 ORDER BY p.attempts DESC";
    let rows: Vec<(f64, f64, i64, i64, i64)> = with_pool!(store, |p| sqlx::query(sql)
        .bind(account)
        .fetch_all(p)
        .await?
        .into_iter()
        .map(|r| (r.get(0), r.get(1), r.get(2), r.get(3), r.get(4)))
        .collect());
    let Some(first) = rows.first() else {
        return Ok(serde_json::Value::Null);
    };
    Ok(json!({
        "rating": first.0.round(),
        "deviation": first.1.round(),
        "attempts": rows.iter().map(|r| r.2).sum::<i64>(),
        "solved": rows.iter().map(|r| r.3).sum::<i64>(),
        "best_streak": rows.iter().map(|r| r.4).max().unwrap_or(0),
    }))
}

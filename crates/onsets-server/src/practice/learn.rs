//! `GET /api/tables/{id}/mistakes?seat=N` (docs/practice.md, "My mistakes"):
//! the puzzles of [`super::mistakes`] for one seat of a finished table of any
//! edition, its log read through the store.

use super::{bad, mistakes, query, storage};
use crate::api::{error_response as error, ApiCode, Client, Services};
use crate::pool::{judge, Lane};
use axum::body::Bytes;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct SeatQuery {
    seat: Option<String>,
}

fn no_such_table(id: &str) -> Response {
    let shown: String = id.chars().take(64).collect();
    error(
        StatusCode::NOT_FOUND,
        ApiCode::NoSuchTable,
        format!("there is no table `{shown}`"),
        Some("id"),
    )
}

fn not_finished() -> Response {
    error(
        StatusCode::CONFLICT,
        ApiCode::NotFinished,
        "the mistakes are found when the game is over (or the table was abandoned)",
        Some("id"),
    )
}

/// The table's log, its stored review when there is one, and whether it is
/// a match's table (else a 1969 table's).
async fn stored_log(app: &Services, id: &str) -> Result<(String, Option<String>, bool), Response> {
    match app.store.status(id).await {
        Ok(Some(s)) if s == "over" || s == "abandoned" => {}
        Ok(Some(_)) => return Err(not_finished()),
        Ok(None) => {
            return match crate::store::tables1969::load(&app.store, id).await {
                Ok(Some((_, log))) => Ok((log, None, false)),
                Ok(None) => Err(no_such_table(id)),
                Err(e) => Err(storage(e)),
            }
        }
        Err(e) => return Err(storage(e)),
    }
    let log = match app.store.log(id).await {
        Ok(Some(l)) => l,
        Ok(None) => {
            return Err(error(
                StatusCode::CONFLICT,
                ApiCode::NotStarted,
                "this table's match never started: it has no mistakes",
                Some("id"),
            ))
        }
        Err(e) => return Err(storage(e)),
    };
    match app.store.review(id).await {
        Ok(r) => Ok((log, r, true)),
        Err(e) => Err(storage(e)),
    }
}

/// `GET /api/tables/{id}/mistakes?seat=N`.
pub(super) async fn mistakes(
    State(app): State<Services>,
    Path(id): Path<String>,
    q: Result<Query<SeatQuery>, QueryRejection>,
) -> Response {
    let q = match query(q, "`seat`") {
        Ok(q) => q,
        Err(r) => return r,
    };
    let Some(seat) = q.seat.as_deref().and_then(|s| s.parse::<usize>().ok()) else {
        return bad(
            "seat",
            "`seat` is the seat's number, from 0 in seating order",
        );
    };
    match seat_puzzles(&app, &id, seat).await {
        Ok(m) => Json(json!({
            "table": id,
            "seat": seat,
            "player": m.player,
            "edition": m.edition,
            "puzzles": m.puzzles,
        }))
        .into_response(),
        Err(r) => r,
    }
}

/// The mistake puzzles of one seat, with the table's edition and the seat's
/// player.
pub(super) struct SeatMistakes {
    pub puzzles: Vec<Value>,
    pub edition: String,
    pub player: Value,
}

/// The mistakes of `seat` at table `id` ([`mistakes::puzzles`]), the review
/// read or made (and stored) on the judging pool; or the refusal.
pub(super) async fn seat_puzzles(
    app: &Services,
    id: &str,
    seat: usize,
) -> Result<SeatMistakes, Response> {
    if id.is_empty() || id.len() > crate::text::MAX_ID_BYTES {
        return Err(no_such_table(id));
    }
    let (log, cached, is_match) = stored_log(app, id).await?;
    // the review (stored once, as `GET /api/tables/{id}/review` stores it)
    // and the positions before the moves, on the judging pool
    let done = judge()
        .run(Lane::Yielding, move || {
            let (review, fresh): (Value, bool) = match cached.as_deref().map(serde_json::from_str) {
                Some(Ok(v)) => (v, false),
                _ => (
                    onsets_review::review(&log)
                        .map_err(|e| e.to_string())?
                        .to_json(),
                    true,
                ),
            };
            // the edition as the log's header names it (2026-27 when absent)
            let edition = log
                .lines()
                .next()
                .and_then(|l| serde_json::from_str::<Value>(l).ok())
                .and_then(|h| h["edition"].as_str().map(String::from))
                .unwrap_or_else(|| "2026-27".to_string());
            let before = if is_match {
                mistakes::befores(&log)
            } else {
                Default::default()
            };
            Ok::<_, String>((review, fresh, before, edition))
        })
        .await;
    let (review, fresh, before, edition) = match done {
        Some(Ok(x)) => x,
        Some(Err(e)) => {
            return Err(error(
                StatusCode::INTERNAL_SERVER_ERROR,
                ApiCode::Unreviewable,
                format!("the table's log cannot be reviewed: {e}"),
                None,
            ))
        }
        None => {
            return Err(error(
                StatusCode::SERVICE_UNAVAILABLE,
                ApiCode::Busy,
                "the server is busy reviewing: try again in a moment",
                None,
            ))
        }
    };
    if is_match && fresh {
        // stored as the review route stores it, so that both answer at once next time
        if let Err(e) = app.store.put_review(id, &review.to_string()).await {
            tracing::error!(table = %id, "storing a review failed: {e:#}");
        }
    }
    if !is_match && review["finished"] != true {
        return Err(not_finished());
    }
    let players = review["players"].as_array().map_or(0, Vec::len);
    if seat >= players {
        return Err(bad(
            "seat",
            format!(
                "the table has {players} seats: `seat` is 0 to {}",
                players.saturating_sub(1)
            ),
        ));
    }
    Ok(SeatMistakes {
        puzzles: mistakes::puzzles(&review, seat, &before),
        edition,
        player: review["players"][seat].clone(),
    })
}

/// The starting rating of a mistake puzzle (docs/practice.md, "My
/// mistakes"): a player's own position has no generated difficulty, so it
/// counts as a middle puzzle (the puzzles' new player's rating) in the
/// dashboard's performance rating of the theme `mistakes`.
pub const MISTAKE_RATING: f64 = 1500.0;

/// The theme of every answer to a mistake puzzle.
pub const MISTAKES_THEME: &str = "mistakes";

/// The id under which an answer to a mistake puzzle is stored: the table,
/// the seat and the puzzle's id in its list.
pub fn stored_id(table: &str, seat: usize, puzzle: &str) -> String {
    format!("mistake:{table}:{seat}:{puzzle}")
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct MistakeAnswer {
    player: String,
    seat: usize,
    puzzle: String,
    answer: String,
    ms: u64,
}

/// A move or a claim as written, compared loosely (`->` for `→`, spacing,
/// letter case).
fn tidy(text: &str) -> String {
    text.replace("->", "→")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// Whether `answer` is the right one for mistake puzzle `p`, judged against
/// the review's answer (the solver's, docs/review.md): a missed challenge by
/// its kind (`now`, `impossible` or `neither`); a missed 1969 claim by one
/// of the claims that would have won (`a`, `p`, `c_from_a`, `c_from_p`, or
/// `none`); a Flub by the review's safe move (`none` when no move was safe)
/// or, in 1969, the review's alternative play. The error names what the
/// answer may be.
pub(super) fn judge_mistake(p: &Value, answer: &str) -> Result<bool, String> {
    let a = tidy(answer);
    match (p["kind"].as_str(), p["source"].as_str()) {
        (Some("challenge"), _) => {
            if !["now", "impossible", "neither"].contains(&a.as_str()) {
                return Err("the answer is `now`, `impossible` or `neither`".into());
            }
            Ok(p["answer"]["challenge"] == a.as_str())
        }
        (Some("claim"), _) => {
            if !["a", "p", "c_from_a", "c_from_p", "none"].contains(&a.as_str()) {
                return Err(
                    "the answer is a claim: `a`, `p`, `c_from_a`, `c_from_p` or `none`".into(),
                );
            }
            let claims = p["answer"]["claims"]
                .as_array()
                .cloned()
                .unwrap_or_default();
            Ok(if a == "none" {
                claims.is_empty()
            } else {
                claims.iter().any(|c| c == a.as_str())
            })
        }
        (Some("safe-move"), Some("flub")) => {
            if a.is_empty() {
                return Err("the answer is a move (or `none` when no move was safe)".into());
            }
            let right = p["answer"]["safe_move"]
                .as_str()
                .or_else(|| p["answer"]["alternative"].as_str());
            Ok(match right {
                Some(m) => tidy(m) == a,
                None => a == "none",
            })
        }
        _ => Err("this mistake cannot be answered".into()),
    }
}

/// `POST /api/tables/{id}/mistakes/answer {"player", "seat", "puzzle",
/// "answer", "ms"}`: an answer to one of the seat's mistake puzzles, judged
/// against the review and stored (theme `mistakes`, docs/practice.md) for
/// the dashboard.
pub(super) async fn answer(
    State(app): State<Services>,
    Client(client): Client,
    Path(id): Path<String>,
    headers: HeaderMap,
    bytes: Bytes,
) -> Response {
    let req: MistakeAnswer = match super::body(&headers, &bytes, crate::puzzles::MAX_ATTEMPT_BYTES)
    {
        Ok(b) => b,
        Err(r) => return r,
    };
    if let Err(r) = super::player_of(Some(&req.player)) {
        return r;
    }
    if !(super::run::MIN_ANSWER_MS..=super::run::MAX_ANSWER_MS).contains(&req.ms) {
        return bad("ms", "`ms` is the answer's time, 100 to 600000 ms");
    }
    if let Err(l) = app.puzzle_limits.attempt_from(client) {
        return crate::api::too_many(&app, l);
    }
    let m = match seat_puzzles(&app, &id, req.seat).await {
        Ok(m) => m,
        Err(r) => return r,
    };
    let Some(p) = m.puzzles.iter().find(|p| p["id"] == req.puzzle.as_str()) else {
        return error(
            StatusCode::NOT_FOUND,
            ApiCode::NoSuchPuzzle,
            "the seat has no such mistake: an `id` of `GET /api/tables/{id}/mistakes?seat=N`",
            Some("puzzle"),
        );
    };
    let correct = match judge_mistake(p, &req.answer) {
        Ok(c) => c,
        Err(m) => return bad("answer", m),
    };
    let themes = vec![MISTAKES_THEME.to_string()];
    let a = crate::store::practice::Answer {
        puzzle: stored_id(&id, req.seat, &req.puzzle),
        correct,
        ms: req.ms as i64,
        themes: themes.clone(),
    };
    if let Err(e) =
        crate::store::practice::record_answer(&app.store, &req.player, MISTAKES_THEME, &a).await
    {
        return storage(e);
    }
    Json(json!({
        "puzzle": req.puzzle,
        "correct": correct,
        "answer": p["answer"],
        "explanation": p["explanation"],
        "themes": themes,
    }))
    .into_response()
}

//! The classroom board (docs/classes.md, "The classroom board"): a coach
//! shows one position to the class live (a puzzle of the server's pool: one
//! of an assignment's, or any by its id); every student answers on their own
//! device (a challenge, a move, a Solution, as the puzzle asks); each answer
//! is judged at once by the server (the core's checker and the solver,
//! `onsets_puzzles::judge` on the judging pool), and the coach sees it
//! arrive, who is right, and the most common wrong answers; then the coach
//! reveals the answer with its explanation to everyone.
//!
//! The board is stored (`class_boards`, `class_board_answers`), so every
//! instance shows the same; a change is told to the watchers of every
//! instance through the store's news (`crate::store::news`: PostgreSQL's
//! `LISTEN`/`NOTIFY`, or this process's watchers on SQLite) as the id
//! `class:ID`, and their pages read the board again.

#![allow(clippy::result_large_err)]

use super::board_position as position;
use super::{coach_of, member_of, stored, Member};
use crate::api::{bad, error_response, read_json, storage, too_many, ApiCode, Client, Services};
use crate::pool::{judge, Lane};
use crate::store::classes::{BoardAnswer, BoardRow};
use crate::store::news::EVERY;
use crate::store::StoreResult;
use axum::body::Bytes;
use axum::extract::{FromRef, Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::sse::{Event as SseEvent, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use onsets_puzzles::Puzzle;
use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::convert::Infallible;
use std::time::Duration;
use tokio::sync::broadcast;

/// The most common wrong answers the coach is shown.
pub const COMMON_WRONG: usize = 5;

pub(super) fn routes<S>() -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    Services: FromRef<S>,
    std::sync::Arc<crate::config::Config>: FromRef<S>,
{
    Router::new()
        .route("/api/classes/{id}/board", get(view).post(show))
        .route("/api/classes/{id}/board/answer", post(answer))
        .route("/api/classes/{id}/board/reveal", post(reveal))
        .route("/api/classes/{id}/board/events", get(events))
}

/// The news id of a class's board.
fn news_id(class: &str) -> String {
    format!("class:{class}")
}

fn puzzle(id: &str) -> Option<&'static Puzzle> {
    crate::puzzles::every_puzzle().iter().find(|p| p.id == id)
}

/// The puzzle a board row shows: a pool puzzle by its id, or a typed or
/// review position's puzzle stored whole (its JSON object).
fn shown(b: &BoardRow) -> Option<Puzzle> {
    if b.puzzle.starts_with('{') {
        return serde_json::from_str(&b.puzzle).ok();
    }
    puzzle(&b.puzzle).cloned()
}

/// What the coach shows: exactly one of a pool puzzle (`puzzle`), a typed
/// position (`position` with `kind`) or the position before a move of a
/// finished match (`table` and `move`, with `kind`).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Show {
    puzzle: Option<String>,
    position: Option<Value>,
    table: Option<String>,
    #[serde(rename = "move")]
    move_number: Option<u64>,
    kind: Option<String>,
}

/// The puzzle a [`Show`] asks for and what the board stores for it (the
/// pool puzzle's id, or the whole puzzle as JSON).
async fn to_show(app: &Services, req: Show) -> Result<(Puzzle, String), Response> {
    match (req.puzzle, req.position, req.table) {
        (Some(id), None, None) => {
            if req.kind.is_some() || req.move_number.is_some() {
                return Err(bad(
                    "kind",
                    "a pool puzzle has its own kind: send `puzzle` alone",
                ));
            }
            let Some(p) = puzzle(&id) else {
                let shown: String = id.chars().take(64).collect();
                return Err(bad("puzzle", format!("there is no puzzle `{shown}`")));
            };
            Ok((p.clone(), p.id.clone()))
        }
        (None, Some(position), None) => {
            if req.move_number.is_some() {
                return Err(bad("move", "`move` goes with `table`, not with `position`"));
            }
            let kind = position::kind_of(req.kind.as_deref())?;
            let p = position::typed(kind, &position).await?;
            let text = serde_json::to_string(&p).map_err(storage)?;
            Ok((p, text))
        }
        (None, None, Some(table)) => {
            let Some(number) = req.move_number else {
                return Err(bad(
                    "move",
                    "a match's position needs `move`: its number, from 1",
                ));
            };
            let kind = position::kind_of(req.kind.as_deref())?;
            let p = position::review_move(app, &table, number, kind).await?;
            let text = serde_json::to_string(&p).map_err(storage)?;
            Ok((p, text))
        }
        _ => Err(bad(
            "puzzle",
            "show one of `puzzle` (a pool puzzle's id), `position` (typed, with `kind`) \
             or `table` and `move` (a finished match's move, with `kind`)",
        )),
    }
}

/// `POST /api/classes/{id}/board` (a coach): shows a pool puzzle
/// (`{"puzzle": ID}`), a typed position (`{"position", "kind"}`) or the
/// position before a match's move (`{"table", "move", "kind"}`) to the
/// class; the answers to the one shown before are kept.
async fn show(
    State(app): State<Services>,
    Client(client): Client,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let req: Show = match read_json(&headers, &body) {
        Ok(r) => r,
        Err(r) => return r,
    };
    if let Err(r) = coach_of(&app, &headers, &id).await {
        return r;
    }
    if req.puzzle.is_none() {
        // a typed or review position costs the solver's work
        if let Err(l) = app.puzzle_limits.attempt_from(client) {
            return too_many(&app, l);
        }
    }
    let (p, stored_text) = match to_show(&app, req).await {
        Ok(x) => x,
        Err(r) => return r,
    };
    let version = match stored::show(&app.store, &id, &stored_text).await {
        Ok(v) => v,
        Err(e) => return storage(e),
    };
    app.news.changed(&app.store, &news_id(&id)).await;
    (
        StatusCode::CREATED,
        Json(json!({ "version": version, "puzzle": p.question_only() })),
    )
        .into_response()
}

/// The most common wrong answers (white space ignored), most first.
fn common_wrong(answers: &[BoardAnswer]) -> Vec<Value> {
    let mut by: BTreeMap<String, (String, Vec<&str>)> = BTreeMap::new();
    for a in answers.iter().filter(|a| !a.correct) {
        let key: String = a.answer.split_whitespace().collect::<Vec<_>>().join(" ");
        by.entry(key.to_lowercase())
            .or_insert_with(|| (key.clone(), Vec::new()))
            .1
            .push(a.name.as_str());
    }
    let mut v: Vec<(String, Vec<&str>)> = by.into_values().collect();
    v.sort_by(|a, b| b.1.len().cmp(&a.1.len()).then(a.0.cmp(&b.0)));
    v.into_iter()
        .take(COMMON_WRONG)
        .map(|(answer, names)| json!({ "answer": answer, "count": names.len(), "students": names }))
        .collect()
}

/// What a coach sees: the puzzle with its answer, every answer judged, the
/// counts and the most common wrong answers.
async fn coach_view(app: &Services, id: &str, b: &BoardRow, p: &Puzzle) -> StoreResult<Value> {
    let answers = stored::answers(&app.store, id, b.version).await?;
    let students = stored::students(&app.store, id)
        .await?
        .into_iter()
        .filter(|s| s.status == "active")
        .count();
    let right = answers.iter().filter(|a| a.correct).count();
    let list: Vec<Value> = answers
        .iter()
        .map(|a| {
            json!({
                "username": a.username,
                "name": a.name,
                "answer": a.answer,
                "correct": a.correct,
                "message": a.message,
                "at_ms": a.at_ms,
            })
        })
        .collect();
    Ok(json!({
        "role": "coach",
        "version": b.version,
        "revealed": b.revealed,
        "puzzle": p.question_only(),
        "answer": p.answer,
        "explanation": p.explanation,
        "students": students,
        "answered": answers.len(),
        "right": right,
        "wrong": answers.len() - right,
        "answers": list,
        "common_wrong": common_wrong(&answers),
    }))
}

/// What a student sees: the puzzle and their own answer; once revealed,
/// whether it was right, the answer and its explanation.
async fn student_view(
    app: &Services,
    id: &str,
    account: &str,
    b: &BoardRow,
    p: &Puzzle,
) -> StoreResult<Value> {
    let mine = stored::answers(&app.store, id, b.version)
        .await?
        .into_iter()
        .find(|a| a.account == account);
    let mut v = json!({
        "role": "student",
        "version": b.version,
        "revealed": b.revealed,
        "puzzle": p.question_only(),
        "my_answer": mine.as_ref().map(|a| a.answer.clone()),
    });
    if b.revealed {
        v["answer"] = p.answer.clone();
        v["explanation"] = json!(p.explanation);
        v["correct"] = json!(mine.as_ref().map(|a| a.correct));
        v["message"] = json!(mine.as_ref().map(|a| a.message.clone()));
    }
    Ok(v)
}

/// `GET /api/classes/{id}/board` (the class's coaches and students).
async fn view(State(app): State<Services>, Path(id): Path<String>, headers: HeaderMap) -> Response {
    let (account, _, member) = match member_of(&app, &headers, &id).await {
        Ok(x) => x,
        Err(r) => return r,
    };
    let board = match stored::board(&app.store, &id).await {
        Ok(b) => b,
        Err(e) => return storage(e),
    };
    let Some((b, p)) = board.and_then(|b| shown(&b).map(|p| (b, p))) else {
        let role = match member {
            Member::Coach => "coach",
            Member::Student => "student",
        };
        return Json(json!({ "role": role, "version": 0, "puzzle": null })).into_response();
    };
    let v = match member {
        Member::Coach => coach_view(&app, &id, &b, &p).await,
        Member::Student => student_view(&app, &id, &account.id, &b, &p).await,
    };
    v.map_or_else(storage, |v| Json(v).into_response())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Answer {
    version: i64,
    answer: String,
}

/// `POST /api/classes/{id}/board/answer {"version", "answer"}` (a student
/// of the class): the answer to the position shown, judged at once; a
/// student may change it until the answer is revealed.
async fn answer(
    State(app): State<Services>,
    Client(client): Client,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let req: Answer = match read_json(&headers, &body) {
        Ok(r) => r,
        Err(r) => return r,
    };
    let (account, _, member) = match member_of(&app, &headers, &id).await {
        Ok(x) => x,
        Err(r) => return r,
    };
    if matches!(member, Member::Coach) {
        return bad("answer", "the class's students answer; a coach reveals");
    }
    if let Err(l) = app.puzzle_limits.attempt_from(client) {
        return too_many(&app, l);
    }
    let board = match stored::board(&app.store, &id).await {
        Ok(b) => b,
        Err(e) => return storage(e),
    };
    let Some((b, p)) = board.and_then(|b| shown(&b).map(|p| (b, p))) else {
        return bad("version", "the board shows nothing yet");
    };
    if b.version != req.version {
        return error_response(
            StatusCode::CONFLICT,
            ApiCode::Stale,
            format!("the board shows position {} now", b.version),
            Some("version"),
        );
    }
    if b.revealed {
        return error_response(
            StatusCode::CONFLICT,
            ApiCode::Stale,
            "the answer is revealed: wait for the next position",
            Some("version"),
        );
    }
    let text = req.answer.clone();
    let judged = judge()
        .run(Lane::First, move || onsets_puzzles::judge(&p, &text))
        .await;
    let j = match judged {
        Some(Ok(j)) => j,
        Some(Err(e)) => {
            return error_response(
                StatusCode::BAD_REQUEST,
                ApiCode::BadAttempt,
                e.to_string(),
                Some("answer"),
            )
        }
        None => {
            return error_response(
                StatusCode::INTERNAL_SERVER_ERROR,
                ApiCode::Internal,
                "the answer could not be judged",
                None,
            )
        }
    };
    let row = BoardAnswer {
        account: account.id.clone(),
        username: account.name.clone(),
        name: account.name.clone(),
        answer: req.answer.trim().to_string(),
        correct: j.correct,
        message: j.message.clone(),
        at_ms: crate::store::now_ms(),
    };
    if let Err(e) = stored::answer(&app.store, &id, b.version, &row).await {
        return storage(e);
    }
    app.news.changed(&app.store, &news_id(&id)).await;
    Json(json!({ "version": b.version, "received": true })).into_response()
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Reveal {
    version: i64,
}

/// `POST /api/classes/{id}/board/reveal {"version"}` (a coach): shows the
/// answer and its explanation to everyone.
async fn reveal(
    State(app): State<Services>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let req: Reveal = match read_json(&headers, &body) {
        Ok(r) => r,
        Err(r) => return r,
    };
    if let Err(r) = coach_of(&app, &headers, &id).await {
        return r;
    }
    match stored::reveal(&app.store, &id, req.version).await {
        Ok(true) => {}
        Ok(false) => {
            return error_response(
                StatusCode::CONFLICT,
                ApiCode::Stale,
                "the board does not show that position",
                Some("version"),
            )
        }
        Err(e) => return storage(e),
    }
    app.news.changed(&app.store, &news_id(&id)).await;
    Json(json!({ "version": req.version, "revealed": true })).into_response()
}

/// `GET /api/classes/{id}/board/events`: an event stream, `changed` (data:
/// the board's news id) whenever a position is shown, an answer arrives or
/// the answer is revealed; `open` first, once the stream listens.
async fn events(
    State(app): State<Services>,
    Client(client): Client,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Response {
    if let Err(l) = app.limits.connect(client) {
        return too_many(&app, l);
    }
    // subscribed before the check, so no change after it is missed
    let rx = app.news.subscribe();
    if let Err(r) = member_of(&app, &headers, &id).await {
        return r;
    }
    let key = news_id(&id);
    let first = futures_util::stream::once(async {
        Ok::<_, Infallible>(SseEvent::default().event("open").data("listening"))
    });
    let rest = futures_util::stream::unfold((rx, key), |(mut rx, key)| async move {
        loop {
            match rx.recv().await {
                Ok(changed) if changed == key || changed == EVERY => {
                    let e = SseEvent::default().event("changed").data(&key);
                    return Some((Ok::<_, Infallible>(e), (rx, key)));
                }
                Ok(_) => {}
                Err(broadcast::error::RecvError::Lagged(_)) => {
                    let e = SseEvent::default().event("changed").data(&key);
                    return Some((Ok(e), (rx, key)));
                }
                Err(broadcast::error::RecvError::Closed) => return None,
            }
        }
    });
    use futures_util::StreamExt;
    Sse::new(first.chain(rest))
        .keep_alive(KeepAlive::new().interval(Duration::from_secs(15)))
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn a(name: &str, answer: &str, correct: bool) -> BoardAnswer {
        BoardAnswer {
            account: name.into(),
            username: name.into(),
            name: name.into(),
            answer: answer.into(),
            correct,
            message: String::new(),
            at_ms: 0,
        }
    }

    #[test]
    fn the_most_common_wrong_answers_come_first_spaces_and_case_ignored() {
        let v = common_wrong(&[
            a("ann", "R ∪ B", false),
            a("bo", "r  ∪ b", false),
            a("cy", "G", false),
            a("di", "R", true),
        ]);
        assert_eq!(v.len(), 2);
        assert_eq!(v[0]["count"], 2);
        assert_eq!(v[0]["students"], json!(["ann", "bo"]));
        assert_eq!(v[1]["answer"], "G");
    }
}

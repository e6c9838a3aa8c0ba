//! The result of a Storm or a Streak (docs/practice.md, "Counting a run"):
//! every answer judged again by the server, the run checked against the
//! list it was issued and against the time since, and counted by
//! [`super::run`]; the body carries no score (one that tries is refused by
//! name).

use super::run::{self, Mode, Step};
use super::{bad, body, find, judged, storage, weak, MAX_RESULT_BYTES};
use crate::api::{error_response as error, ApiCode, Services};
use crate::store::practice::{self as stored, Answer, RunResult, RunRow};
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use onsets_puzzles::Puzzle;
use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::HashSet;

/// The time a run may claim beyond the time since its list was issued (the
/// network both ways).
pub const CLOCK_SLACK_MS: i64 = 5_000;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ResultBody {
    player: String,
    run: Vec<RunAnswer>,
    /// The storm's id from `GET /api/puzzles/storm` (`/storm/result`).
    #[serde(default)]
    storm: Option<String>,
    /// The streak's id from `GET /api/puzzles/streak` (`/streak/result`).
    #[serde(default)]
    streak: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RunAnswer {
    puzzle: String,
    /// `null` (or absent): skipped, Streak only.
    #[serde(default)]
    answer: Option<String>,
    ms: u64,
}

/// `POST /api/puzzles/storm/result`.
pub(super) async fn storm_result(
    State(app): State<Services>,
    headers: HeaderMap,
    bytes: Bytes,
) -> Response {
    counted(&app, &headers, &bytes, Mode::Storm).await
}

/// `POST /api/puzzles/streak/result`.
pub(super) async fn streak_result(
    State(app): State<Services>,
    headers: HeaderMap,
    bytes: Bytes,
) -> Response {
    counted(&app, &headers, &bytes, Mode::Streak).await
}

/// The answers read: each puzzle found, times within bounds, no puzzle
/// twice.
#[allow(clippy::result_large_err)] // the refusal is the whole response
fn read_run(req: &ResultBody, mode: Mode) -> Result<Vec<&'static Puzzle>, Response> {
    if !crate::puzzles::valid_player(&req.player) {
        return Err(bad("player", "`player` is 8 to 64 letters, digits and -"));
    }
    let (own, other) = match mode {
        Mode::Storm => (&req.storm, &req.streak),
        Mode::Streak => (&req.streak, &req.storm),
    };
    if other.is_some() {
        let (wrong, right) = match mode {
            Mode::Storm => ("streak", "storm"),
            Mode::Streak => ("storm", "streak"),
        };
        return Err(bad(
            wrong,
            format!("this is a {right}'s result: send the list's id as `{right}`"),
        ));
    }
    if own.as_deref().is_some_and(|id| id.len() > 64) {
        return Err(bad(mode.name(), "the list's id is at most 64 characters"));
    }
    if req.run.len() > mode.list_len() {
        return Err(bad(
            "run",
            format!("a {} has at most {} answers", mode.name(), mode.list_len()),
        ));
    }
    let mut seen = HashSet::new();
    let mut out = Vec::with_capacity(req.run.len());
    for (i, a) in req.run.iter().enumerate() {
        let Some(p) = find(&a.puzzle) else {
            return Err(error(
                StatusCode::NOT_FOUND,
                ApiCode::NoSuchPuzzle,
                format!(
                    "run[{i}].puzzle: there is no puzzle `{}`",
                    a.puzzle.chars().take(64).collect::<String>()
                ),
                Some(&format!("run[{i}].puzzle")),
            ));
        };
        if !seen.insert(p.id.as_str()) {
            return Err(bad(
                &format!("run[{i}].puzzle"),
                format!("run[{i}].puzzle: `{}` is answered twice", p.id),
            ));
        }
        if !(run::MIN_ANSWER_MS..=run::MAX_ANSWER_MS).contains(&a.ms) {
            return Err(bad(
                &format!("run[{i}].ms"),
                format!(
                    "run[{i}].ms: an answer takes {} to {} ms, not {}",
                    run::MIN_ANSWER_MS,
                    run::MAX_ANSWER_MS,
                    a.ms
                ),
            ));
        }
        out.push(p);
    }
    Ok(out)
}

/// The run checked against the list it was issued: the same player and
/// mode, not counted before, the puzzles in the list's order, and no more
/// time claimed than has passed since the list was issued.
#[allow(clippy::result_large_err)] // the refusal is the whole response
fn against_list(list: &RunRow, req: &ResultBody, mode: Mode, now: i64) -> Result<(), Response> {
    let field = mode.name();
    if list.mode != mode.name() {
        return Err(bad(field, format!("that list is a {}'s", list.mode)));
    }
    if list.player != req.player {
        return Err(bad("player", "that list was issued to another player"));
    }
    if list.finished_ms.is_some() {
        return Err(error(
            StatusCode::CONFLICT,
            ApiCode::BadRequest,
            format!("that {}'s result was counted already", mode.name()),
            Some(field),
        ));
    }
    for (i, a) in req.run.iter().enumerate() {
        if list.puzzles.get(i) != Some(&a.puzzle) {
            return Err(bad(
                &format!("run[{i}].puzzle"),
                format!(
                    "run[{i}].puzzle: the list's puzzle {} is `{}`",
                    i + 1,
                    list.puzzles
                        .get(i)
                        .map_or("(none: the list is shorter)", |s| s)
                ),
            ));
        }
    }
    let claimed: i64 = req.run.iter().map(|a| a.ms as i64).sum();
    let elapsed = now - list.issued_ms;
    if claimed > elapsed + CLOCK_SLACK_MS {
        return Err(bad(
            "run",
            format!("the answers claim {claimed} ms, but the list was issued {elapsed} ms ago"),
        ));
    }
    Ok(())
}

/// Checks, judges again, counts and stores a run.
async fn counted(app: &Services, headers: &HeaderMap, bytes: &Bytes, mode: Mode) -> Response {
    let req: ResultBody = match body(headers, bytes, MAX_RESULT_BYTES) {
        Ok(b) => b,
        Err(r) => return r,
    };
    // puzzles generated ahead by another instance, or before a restart
    let named = req
        .run
        .iter()
        .take(mode.list_len())
        .map(|a| a.puzzle.as_str());
    if let Err(e) = crate::puzzles::load_missing(&app.store, named).await {
        return storage(e);
    }
    let puzzles = match read_run(&req, mode) {
        Ok(p) => p,
        Err(r) => return r,
    };
    let now = crate::store::now_ms();
    let own = match mode {
        Mode::Storm => req.storm.clone(),
        Mode::Streak => req.streak.clone(),
    };
    let list = match &own {
        None => None,
        Some(id) => match stored::run(&app.store, id).await {
            Ok(Some(l)) => Some(l),
            Ok(None) => {
                return error(
                    StatusCode::NOT_FOUND,
                    ApiCode::BadRequest,
                    format!("there is no {} `{id}`", mode.name()),
                    Some(mode.name()),
                )
            }
            Err(e) => return storage(e),
        },
    };
    if let Some(l) = &list {
        if let Err(r) = against_list(l, &req, mode, now) {
            return r;
        }
    }
    // every answer judged again, on the judging pool
    let mut verdicts = Vec::with_capacity(req.run.len());
    for (i, (a, p)) in req.run.iter().zip(&puzzles).enumerate() {
        verdicts.push(match &a.answer {
            None => None,
            Some(text) => match judged(p, text.clone(), format!("run[{i}].answer")).await {
                Ok(j) => Some(j),
                Err(r) => return r,
            },
        });
    }
    let steps: Vec<Step> = req
        .run
        .iter()
        .zip(&verdicts)
        .map(|(a, v)| Step {
            correct: v.as_ref().map(|j| j.correct),
            ms: a.ms,
        })
        .collect();
    let score = match mode {
        Mode::Storm => run::storm(&steps),
        Mode::Streak => run::streak(&steps),
    };
    let score = match score {
        Ok(s) => s,
        Err(e) => {
            let field = format!("run[{}].{}", e.index, e.field);
            return bad(&field, e.to_string());
        }
    };
    let answers: Vec<Answer> = puzzles
        .iter()
        .zip(&verdicts)
        .zip(&score.steps)
        .zip(&req.run)
        .filter_map(|(((p, v), c), a)| {
            let j = v.as_ref().filter(|_| c.counted)?;
            Some(Answer {
                puzzle: p.id.clone(),
                correct: j.correct,
                ms: a.ms as i64,
                themes: weak::themes_of_answer(p, j.reasons.iter().map(|r| r.section.as_str())),
            })
        })
        .collect();
    let row = list.clone().unwrap_or_else(|| RunRow {
        id: uuid::Uuid::new_v4().simple().to_string(),
        player: req.player.clone(),
        mode: mode.name().to_string(),
        puzzles: puzzles.iter().map(|p| p.id.clone()).collect(),
        issued_ms: now,
        finished_ms: None,
    });
    let result = RunResult {
        score: score.score,
        moves: score.moves,
        errors: score.errors,
        best_combo: score.best_combo,
        ms: score.ms,
    };
    let store = &app.store;
    let before = match stored::best(store, &req.player, mode.name()).await {
        Ok(b) => b.map(|b| b.result.score),
        Err(e) => return storage(e),
    };
    match stored::finish_run(store, &row, list.is_some(), &result, &answers, now).await {
        Ok(true) => {}
        Ok(false) => {
            return error(
                StatusCode::CONFLICT,
                ApiCode::BadRequest,
                format!("that {}'s result was counted already", mode.name()),
                Some(mode.name()),
            )
        }
        Err(e) => return storage(e),
    }
    let shown = shown(&req, &puzzles, &verdicts, &score.steps);
    let best = before.map_or(score.score, |b| b.max(score.score));
    let mut out = json!({
        "mode": mode.name(),
        "player": req.player,
        "listed": list.is_some(),
        "score": score.score,
        "moves": score.moves,
        "errors": score.errors,
        "best_combo": score.best_combo,
        "ms": score.ms,
        "clock_left_ms": score.clock_left_ms,
        "skips": score.skips,
        "run": shown,
        "best": best,
        "new_best": before.is_none_or(|b| score.score > b),
    });
    if let Some(o) = out.as_object_mut() {
        o.insert(mode.name().into(), json!(row.id));
    }
    Json(out).into_response()
}

/// Each answer of a run as the server judged and counted it.
fn shown(
    req: &ResultBody,
    puzzles: &[&'static Puzzle],
    verdicts: &[Option<onsets_puzzles::Judgement>],
    steps: &[run::Counted],
) -> Vec<Value> {
    req.run
        .iter()
        .zip(puzzles)
        .zip(verdicts)
        .zip(steps)
        .map(|(((a, p), v), c)| {
            json!({
                "puzzle": p.id,
                "answer": a.answer,
                "ms": a.ms,
                "skipped": v.is_none(),
                "correct": v.as_ref().is_some_and(|j| j.correct),
                "counted": c.counted,
                "bonus_ms": c.bonus_ms,
                "clock_ms": c.clock_ms,
                "message": v.as_ref().map(|j| j.message.clone()),
                "solution": p.answer,
                "explanation": p.explanation,
            })
        })
        .collect()
}

//! The progress of a class's students over the last 1 to 90 days
//! (docs/classes.md, "Progress"): puzzles tried and solved by theme and
//! kind with the puzzle rating's trend, lesson steps done, matches played
//! with their reviewed accuracy and Flubs, and every assignment's standing;
//! as JSON (`GET /api/classes/{id}/progress`) or CSV (`.../progress.csv`).
//! The class's coaches only.

use super::assignments::{record_of, standing, Record};
use super::{coach_of, stored};
use crate::api::{bad, storage, Services};
use crate::store::classes::{AssignmentRow, StudentRow};
use crate::store::StoreResult;
use axum::extract::{FromRef, Path, Query, State};
use axum::http::{header, HeaderMap};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{json, Map, Value};
use std::collections::BTreeMap;

/// The days a progress table covers unless asked.
pub const DEFAULT_DAYS: i64 = 30;
/// The most days it covers.
pub const MAX_DAYS: i64 = 90;

pub(super) fn routes<S>() -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    Services: FromRef<S>,
    std::sync::Arc<crate::config::Config>: FromRef<S>,
{
    Router::new()
        .route("/api/classes/{id}/progress", get(progress))
        .route("/api/classes/{id}/progress.csv", get(csv))
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Days {
    days: Option<String>,
}

#[allow(clippy::result_large_err)]
fn days_of(
    q: Result<Query<Days>, axum::extract::rejection::QueryRejection>,
) -> Result<i64, Response> {
    let Ok(Query(q)) = q else {
        return Err(bad("days", "the only parameter is `days`"));
    };
    match q.days.as_deref() {
        None | Some("") => Ok(DEFAULT_DAYS),
        Some(d) => d
            .parse::<i64>()
            .ok()
            .filter(|d| (1..=MAX_DAYS).contains(d))
            .ok_or_else(|| {
                bad(
                    "days",
                    format!("`days` is a whole number from 1 to {MAX_DAYS}"),
                )
            }),
    }
}

/// Counts of tries and successes.
#[derive(Default)]
struct Tally {
    attempts: i64,
    solved: i64,
}

fn tallies(t: &BTreeMap<String, Tally>) -> Value {
    let m: Map<String, Value> = t
        .iter()
        .map(|(k, v)| {
            (
                k.clone(),
                json!({ "attempts": v.attempts, "solved": v.solved }),
            )
        })
        .collect();
    Value::Object(m)
}

/// The puzzles part of a student's row: attempts since `since_ms`.
fn puzzles_part(r: &Record, since_ms: i64) -> Value {
    let mut by_theme: BTreeMap<String, Tally> = BTreeMap::new();
    let mut by_kind: BTreeMap<String, Tally> = BTreeMap::new();
    let mut all = Tally::default();
    let mut trend = Vec::new();
    let mut before: Option<f64> = None;
    for t in &r.attempts {
        if t.at_ms < since_ms {
            before = Some(t.rating);
            continue;
        }
        let solved = i64::from(t.correct);
        all.attempts += 1;
        all.solved += solved;
        if let Some(p) = crate::puzzles::every_puzzle()
            .iter()
            .find(|p| p.id == t.puzzle)
        {
            let k = by_kind.entry(p.kind.name().to_string()).or_default();
            k.attempts += 1;
            k.solved += solved;
            for th in &p.themes {
                let e = by_theme.entry(th.clone()).or_default();
                e.attempts += 1;
                e.solved += solved;
            }
        }
        trend.push(json!({ "at_ms": t.at_ms, "rating": t.rating.round() }));
    }
    let last = r.attempts.last().map(|t| t.rating.round());
    let first = before.or_else(|| {
        r.attempts
            .iter()
            .find(|t| t.at_ms >= since_ms)
            .map(|t| t.rating)
    });
    json!({
        "attempts": all.attempts,
        "solved": all.solved,
        "rating": last,
        "rating_change": match (first, last) {
            (Some(f), Some(l)) if !trend.is_empty() => Some((l - f.round()) as i64),
            _ => None,
        },
        "by_theme": tallies(&by_theme),
        "by_kind": tallies(&by_kind),
        "trend": trend,
    })
}

/// The lessons part: steps done since `since_ms`, and lessons whole.
fn lessons_part(r: &Record, since_ms: i64) -> Value {
    let steps = r
        .steps
        .iter()
        .filter(|(_, _, at)| at * 1000 >= since_ms)
        .count();
    let lessons = onsets_puzzles::lessons::lessons()
        .iter()
        .filter(|l| {
            let done = r.steps.iter().filter(|(id, _, _)| *id == l.id).count();
            !l.steps.is_empty() && done >= l.steps.len()
        })
        .count();
    json!({ "steps": steps, "completed": lessons })
}

/// The matches part: rated matches since `since_ms`, with the reviewed
/// ones' accuracy (the mean of the review's per-player accuracy) and Flubs.
fn matches_part(r: &Record, since_ms: i64) -> Value {
    let mut played = 0;
    let mut points = 0;
    let mut reviewed = 0;
    let mut flubs = 0;
    let mut accuracy = Vec::new();
    for m in r
        .matches
        .iter()
        .filter(|m| m.finished_at * 1000 >= since_ms)
    {
        played += 1;
        points += m.match_points;
        let Some(review) = m.review.as_deref() else {
            continue;
        };
        let v: Value = serde_json::from_str(review).unwrap_or(Value::Null);
        let me = &v["summary"][m.seat.max(0) as usize];
        if me.is_object() {
            reviewed += 1;
            flubs += me["flubs"].as_i64().unwrap_or(0);
            if let Some(a) = me["accuracy"].as_f64() {
                accuracy.push(a);
            }
        }
    }
    let mean = (!accuracy.is_empty())
        .then(|| (accuracy.iter().sum::<f64>() / accuracy.len() as f64).round());
    json!({
        "played": played,
        "match_points": points,
        "reviewed": reviewed,
        "accuracy": mean,
        "flubs": flubs,
    })
}

/// One student's row.
fn student_row(
    s: &StudentRow,
    list: &[AssignmentRow],
    r: &Record,
    since_ms: i64,
    now: i64,
) -> Value {
    let assignments: Vec<Value> = list
        .iter()
        .map(|a| {
            let st = standing(a, r, now);
            json!({
                "id": a.id,
                "done": st.done,
                "correct": st.correct,
                "total": st.total,
                "complete": st.complete,
                "late": st.late,
            })
        })
        .collect();
    json!({
        "username": s.username,
        "name": s.name,
        "managed": s.managed,
        "assignments": assignments,
        "puzzles": puzzles_part(r, since_ms),
        "lessons": lessons_part(r, since_ms),
        "matches": matches_part(r, since_ms),
    })
}

/// The whole class's totals over the students' rows.
fn class_totals(rows: &[Value], list: &[AssignmentRow]) -> Value {
    let sum = |f: &dyn Fn(&Value) -> i64| rows.iter().map(f).sum::<i64>();
    let assignments: Vec<Value> = list
        .iter()
        .enumerate()
        .map(|(i, a)| {
            let of = |k: &str| {
                rows.iter()
                    .filter(|r| r["assignments"][i][k] == json!(true))
                    .count()
            };
            json!({ "id": a.id, "complete": of("complete"), "late": of("late") })
        })
        .collect();
    json!({
        "students": rows.len(),
        "puzzles": {
            "attempts": sum(&|r| r["puzzles"]["attempts"].as_i64().unwrap_or(0)),
            "solved": sum(&|r| r["puzzles"]["solved"].as_i64().unwrap_or(0)),
        },
        "lessons": { "steps": sum(&|r| r["lessons"]["steps"].as_i64().unwrap_or(0)) },
        "matches": { "played": sum(&|r| r["matches"]["played"].as_i64().unwrap_or(0)) },
        "assignments": assignments,
    })
}

/// The progress table of class `id` over `days` days.
async fn table(app: &Services, id: &str, days: i64) -> StoreResult<Value> {
    let now = crate::store::now_ms();
    let since_ms = now - days * 86_400_000;
    let list = stored::assignments(&app.store, id).await?;
    let earliest = list
        .iter()
        .map(|a| a.created_at_ms)
        .min()
        .unwrap_or(now)
        .min(since_ms);
    let mut rows = Vec::new();
    for s in stored::students(&app.store, id).await? {
        if s.status != "active" {
            continue;
        }
        // one attempt before the window gives the trend its start
        let r = record_of(
            &app.store,
            &s.account,
            earliest.min(since_ms) - 90 * 86_400_000,
        )
        .await?;
        rows.push(student_row(&s, &list, &r, since_ms, now));
    }
    let assignments: Vec<Value> = list
        .iter()
        .map(super::assignments::assignment_json)
        .collect();
    Ok(json!({
        "class": id,
        "days": days,
        "from_ms": since_ms,
        "to_ms": now,
        "assignments": assignments,
        "students": rows,
        "totals": class_totals(&rows, &list),
    }))
}

/// `GET /api/classes/{id}/progress[?days=1..90]`.
async fn progress(
    State(app): State<Services>,
    Path(id): Path<String>,
    headers: HeaderMap,
    q: Result<Query<Days>, axum::extract::rejection::QueryRejection>,
) -> Response {
    if let Err(r) = coach_of(&app, &headers, &id).await {
        return r;
    }
    let days = match days_of(q) {
        Ok(d) => d,
        Err(r) => return r,
    };
    table(&app, &id, days)
        .await
        .map_or_else(storage, |v| Json(v).into_response())
}

/// A CSV field, quoted when it must be (RFC 4180), and never read as a
/// formula by a spreadsheet (a leading `=`, `+`, `-`, `@` is prefixed `'`).
fn field(s: &str) -> String {
    let s = if s.starts_with(['=', '+', '-', '@']) {
        format!("'{s}")
    } else {
        s.to_string()
    };
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s
    }
}

/// The progress table as CSV: a row per student.
pub(crate) fn to_csv(v: &Value) -> String {
    let n = |x: &Value| match x {
        Value::Null => String::new(),
        x => x.to_string(),
    };
    let mut head = vec![
        "username",
        "name",
        "puzzles_attempts",
        "puzzles_solved",
        "puzzle_rating",
        "lesson_steps",
        "lessons_completed",
        "matches_played",
        "match_accuracy",
        "match_flubs",
    ]
    .into_iter()
    .map(String::from)
    .collect::<Vec<_>>();
    let list = v["assignments"].as_array().cloned().unwrap_or_default();
    for (i, _) in list.iter().enumerate() {
        head.push(format!("assignment_{}_done", i + 1));
        head.push(format!("assignment_{}_correct", i + 1));
        head.push(format!("assignment_{}_late", i + 1));
    }
    let mut out = head.join(",") + "\r\n";
    for s in v["students"].as_array().into_iter().flatten() {
        let mut row = vec![
            field(s["username"].as_str().unwrap_or_default()),
            field(s["name"].as_str().unwrap_or_default()),
            n(&s["puzzles"]["attempts"]),
            n(&s["puzzles"]["solved"]),
            n(&s["puzzles"]["rating"]),
            n(&s["lessons"]["steps"]),
            n(&s["lessons"]["completed"]),
            n(&s["matches"]["played"]),
            n(&s["matches"]["accuracy"]),
            n(&s["matches"]["flubs"]),
        ];
        for a in s["assignments"].as_array().into_iter().flatten() {
            row.push(n(&a["done"]));
            row.push(n(&a["correct"]));
            row.push(n(&a["late"]));
        }
        out.push_str(&row.join(","));
        out.push_str("\r\n");
    }
    out
}

/// `GET /api/classes/{id}/progress.csv[?days=1..90]`.
async fn csv(
    State(app): State<Services>,
    Path(id): Path<String>,
    headers: HeaderMap,
    q: Result<Query<Days>, axum::extract::rejection::QueryRejection>,
) -> Response {
    if let Err(r) = coach_of(&app, &headers, &id).await {
        return r;
    }
    let days = match days_of(q) {
        Ok(d) => d,
        Err(r) => return r,
    };
    match table(&app, &id, days).await {
        Ok(v) => (
            [
                (header::CONTENT_TYPE, "text/csv; charset=utf-8".to_string()),
                (
                    header::CONTENT_DISPOSITION,
                    format!("attachment; filename=\"class-{id}-progress.csv\""),
                ),
            ],
            to_csv(&v),
        )
            .into_response(),
        Err(e) => storage(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_fields_are_quoted_and_never_formulas() {
        assert_eq!(field("Ann Lee"), "Ann Lee");
        assert_eq!(field("Lee, Ann"), "\"Lee, Ann\"");
        assert_eq!(field("say \"hi\""), "\"say \"\"hi\"\"\"");
        assert_eq!(field("=SUM(A1)"), "'=SUM(A1)");
    }
}

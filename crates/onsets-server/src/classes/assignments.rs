//! Assignments (docs/classes.md, "Assignments"): a set of puzzles (chosen,
//! or drawn from the server's pool by kind, theme, edition and difficulty
//! with a seed: the same set for every student), a lesson, or N matches
//! against a bot level, with an optional due date. Nothing is answered
//! here: the work is done on the Puzzles, Lessons and table pages, judged
//! as ever by the server, and counted from what the server stores — every
//! judged puzzle attempt of a signed-in student
//! (`crate::store::classes::on_attempt`, called by `crate::puzzles`), the lesson steps (`lesson_progress`) and the rated
//! matches (`account_matches`).

#![allow(clippy::result_large_err)]

use super::{coach_of, stored};
use crate::accounts::require;
use crate::api::{bad, read_json, storage, Services};
use crate::store::classes::{AssignmentRow, AttemptRow, MatchRow};
use crate::store::{Store, StoreResult};
use axum::body::Bytes;
use axum::extract::{FromRef, Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use onsets_puzzles::{fnv1a, Puzzle};
use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::HashMap;

/// The most puzzles in one assignment.
pub const MAX_PUZZLES: usize = 50;
/// The most matches in one assignment.
pub const MAX_MATCHES: i64 = 20;

pub(super) fn routes<S>() -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    Services: FromRef<S>,
    std::sync::Arc<crate::config::Config>: FromRef<S>,
{
    Router::new()
        .route("/api/classes/{id}/assignments", post(create))
        .route("/api/me/assignments", get(mine))
}

// ------------------------------------------------------------------ create

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct NewAssignment {
    kind: String,
    count: Option<i64>,
    puzzles: Option<Vec<String>>,
    puzzle_kind: Option<String>,
    theme: Option<String>,
    edition: Option<String>,
    difficulty: Option<String>,
    seed: Option<u64>,
    lesson: Option<String>,
    level: Option<String>,
    due: Option<String>,
}

/// The puzzles of the pool that fit the request's kind, theme, edition
/// and difficulty (`easy`, `medium`, `hard`: the thirds of the fitting
/// puzzles by rating), drawn in the order of a hash of the seed and their
/// ids: the same request gives the same set.
fn draw(req: &NewAssignment, class_edition: &str, seed: u64) -> Result<Vec<String>, Response> {
    let edition = req.edition.as_deref().unwrap_or(class_edition);
    let ed = onsets_core::Edition::from_parts(edition, None).map_err(|m| bad("edition", m))?;
    let kind = match req.puzzle_kind.as_deref().filter(|k| !k.is_empty()) {
        None => None,
        Some(k) => Some(
            k.parse::<onsets_puzzles::Kind>()
                .and_then(|k| k.check_edition(ed).map(|()| k))
                .map_err(|m| bad("puzzle_kind", m))?,
        ),
    };
    let theme = req.theme.as_deref().filter(|t| !t.is_empty());
    if theme.is_some_and(|t| !onsets_puzzles::themes::is_theme(t)) {
        return Err(bad(
            "theme",
            "unknown theme (GET /api/puzzles/themes lists them)",
        ));
    }
    let mut fits: Vec<&Puzzle> = crate::puzzles::every_puzzle()
        .iter()
        .filter(|p| p.position["edition"].as_str().unwrap_or("2026-27") == ed.name())
        .filter(|p| kind.is_none_or(|k| p.kind == k))
        .filter(|p| theme.is_none_or(|t| p.themes.iter().any(|x| x == t)))
        .collect();
    fits.sort_by(|a, b| a.difficulty.cmp(&b.difficulty).then(a.id.cmp(&b.id)));
    let third = fits.len().div_ceil(3);
    let fits: Vec<&Puzzle> = match req.difficulty.as_deref() {
        None | Some("") | Some("any") => fits,
        Some("easy") => fits.into_iter().take(third).collect(),
        Some("medium") => fits.into_iter().skip(third).take(third).collect(),
        Some("hard") => fits.into_iter().skip(2 * third).collect(),
        Some(_) => {
            return Err(bad(
                "difficulty",
                "the difficulty is easy, medium, hard or any",
            ))
        }
    };
    let count = req.count.unwrap_or(5);
    if !(1..=MAX_PUZZLES as i64).contains(&count) {
        return Err(bad(
            "count",
            format!("`count` is 1 to {MAX_PUZZLES} puzzles"),
        ));
    }
    if fits.len() < count as usize {
        return Err(bad(
            "count",
            format!(
                "only {} puzzles of the pool fit; ask for fewer or widen the choice",
                fits.len()
            ),
        ));
    }
    let mut drawn: Vec<(u64, &str)> = fits
        .iter()
        .map(|p| (fnv1a(&format!("{seed} {}", p.id)), p.id.as_str()))
        .collect();
    drawn.sort();
    Ok(drawn
        .into_iter()
        .take(count as usize)
        .map(|(_, id)| id.to_string())
        .collect())
}

/// The chosen puzzles: each in the pool, none twice.
fn chosen(ids: &[String]) -> Result<Vec<String>, Response> {
    if ids.is_empty() || ids.len() > MAX_PUZZLES {
        return Err(bad("puzzles", format!("choose 1 to {MAX_PUZZLES} puzzles")));
    }
    let mut out: Vec<String> = Vec::new();
    for (i, id) in ids.iter().enumerate() {
        if !crate::puzzles::every_puzzle().iter().any(|p| &p.id == id) {
            let shown: String = id.chars().take(64).collect();
            return Err(bad(
                &format!("puzzles[{i}]"),
                format!("there is no puzzle `{shown}`"),
            ));
        }
        if out.contains(id) {
            return Err(bad(&format!("puzzles[{i}]"), "a puzzle is chosen once"));
        }
        out.push(id.clone());
    }
    Ok(out)
}

/// The stored assignment a request asks for (its id and class left to fill).
fn read_request(req: &NewAssignment, class_edition: &str) -> Result<AssignmentRow, Response> {
    let due = match req.due.as_deref().filter(|d| !d.is_empty()) {
        None => None,
        Some(d) => Some(
            crate::puzzles::parse_date(d)
                .ok_or_else(|| bad("due", "`due` is a date written YYYY-MM-DD"))?,
        ),
    };
    let mut row = AssignmentRow {
        id: uuid::Uuid::new_v4().simple().to_string()[..12].to_string(),
        class: String::new(),
        kind: req.kind.clone(),
        spec: String::new(),
        puzzles: Vec::new(),
        lesson: String::new(),
        count: 0,
        level: String::new(),
        due,
        created_at_ms: crate::store::now_ms(),
    };
    let mut spec = json!({ "kind": req.kind });
    match req.kind.as_str() {
        "puzzles" => {
            row.puzzles = match &req.puzzles {
                Some(ids) => chosen(ids)?,
                None => {
                    let seed = req
                        .seed
                        .unwrap_or_else(|| uuid::Uuid::new_v4().as_u64_pair().0 % 1_000_000);
                    spec["seed"] = json!(seed);
                    for (k, v) in [
                        ("puzzle_kind", &req.puzzle_kind),
                        ("theme", &req.theme),
                        ("edition", &req.edition),
                        ("difficulty", &req.difficulty),
                    ] {
                        if let Some(v) = v {
                            spec[k] = json!(v);
                        }
                    }
                    draw(req, class_edition, seed)?
                }
            };
            row.count = row.puzzles.len() as i64;
        }
        "lesson" => {
            let id = req.lesson.as_deref().unwrap_or_default();
            let Some(l) = onsets_puzzles::lessons::lessons()
                .iter()
                .find(|l| l.id == id)
            else {
                return Err(bad(
                    "lesson",
                    "there is no such lesson (GET /api/lessons lists them)",
                ));
            };
            row.lesson = l.id.to_string();
            row.count = l.steps.len() as i64;
            spec["lesson"] = json!(l.id);
        }
        "matches" => {
            let count = req.count.unwrap_or(1);
            if !(1..=MAX_MATCHES).contains(&count) {
                return Err(bad(
                    "count",
                    format!("`count` is 1 to {MAX_MATCHES} matches"),
                ));
            }
            let level = req.level.as_deref().unwrap_or("beginner");
            let level: onsets_bots::Level = level.parse().map_err(|m| bad("level", m))?;
            row.count = count;
            row.level = level.name().to_string();
            spec["level"] = json!(row.level);
        }
        _ => {
            return Err(bad(
                "kind",
                "an assignment's kind is puzzles, lesson or matches",
            ))
        }
    }
    spec["count"] = json!(row.count);
    row.spec = spec.to_string();
    Ok(row)
}

/// `POST /api/classes/{id}/assignments`: 201 the assignment (`"puzzles"`:
/// the ids, in order, for a set of puzzles).
async fn create(
    State(app): State<Services>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let req: NewAssignment = match read_json(&headers, &body) {
        Ok(r) => r,
        Err(r) => return r,
    };
    let (coach, class) = match coach_of(&app, &headers, &id).await {
        Ok(x) => x,
        Err(r) => return r,
    };
    let mut row = match read_request(&req, &class.edition) {
        Ok(r) => r,
        Err(r) => return r,
    };
    row.class = class.id.clone();
    match stored::add_assignment(&app.store, &row, &coach.id).await {
        Ok(()) => (StatusCode::CREATED, Json(assignment_json(&row))).into_response(),
        Err(e) => storage(e),
    }
}

/// `YYYY-MM-DD` of a day number.
pub(crate) fn date(days: i64) -> String {
    crate::puzzles::format_date(days)
}

/// An assignment as the API shows it.
pub(crate) fn assignment_json(a: &AssignmentRow) -> Value {
    let spec: Value = serde_json::from_str(&a.spec).unwrap_or(Value::Null);
    let mut v = json!({
        "id": a.id,
        "class": a.class,
        "kind": a.kind,
        "count": a.count,
        "due": a.due.map(date),
        "created_at_ms": a.created_at_ms,
        "spec": spec,
    });
    match a.kind.as_str() {
        "puzzles" => v["puzzles"] = json!(a.puzzles),
        "lesson" => v["lesson"] = json!(a.lesson),
        _ => v["level"] = json!(a.level),
    }
    v
}

// ------------------------------------------------------------------ standing

/// What a student has done that assignments count.
pub struct Record {
    pub attempts: Vec<AttemptRow>,
    /// (lesson, step, done at in seconds)
    pub steps: Vec<(String, i64, i64)>,
    pub matches: Vec<MatchRow>,
}

/// The record of `account` since `since_ms` (attempts; lessons and matches whole).
pub(crate) async fn record_of(store: &Store, account: &str, since_ms: i64) -> StoreResult<Record> {
    Ok(Record {
        attempts: stored::attempts(store, account, since_ms).await?,
        steps: stored::lesson_steps(store, account).await?,
        matches: stored::matches(store, account).await?,
    })
}

/// A student's standing on one assignment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standing {
    /// Puzzles tried, lesson steps done, matches played (that count).
    pub done: i64,
    /// Puzzles whose first attempt was right; steps done; matches played.
    pub correct: i64,
    pub total: i64,
    pub complete: bool,
    /// Due and not complete by the end of the due day (UTC).
    pub late: bool,
}

/// Whether a table's spec seats a bot of `level`.
fn has_bot(spec: &str, level: &str) -> bool {
    let v: Value = serde_json::from_str(spec).unwrap_or(Value::Null);
    v["seats"]
        .as_array()
        .is_some_and(|s| s.iter().any(|seat| seat["level"].as_str() == Some(level)))
}

/// How far a student's record goes on assignment `a` (`now_ms`: the time).
pub fn standing(a: &AssignmentRow, r: &Record, now_ms: i64) -> Standing {
    // (done, correct, the time the last item needed was done)
    let (done, correct, finished_ms) = match a.kind.as_str() {
        "puzzles" => {
            let mut first: HashMap<&str, &AttemptRow> = HashMap::new();
            for t in r.attempts.iter().filter(|t| t.at_ms >= a.created_at_ms) {
                if a.puzzles.contains(&t.puzzle) {
                    first.entry(t.puzzle.as_str()).or_insert(t);
                }
            }
            let right = first.values().filter(|t| t.correct).count() as i64;
            let last = first.values().map(|t| t.at_ms).max();
            (first.len() as i64, right, last)
        }
        "lesson" => {
            let steps: Vec<&(String, i64, i64)> =
                r.steps.iter().filter(|(l, _, _)| *l == a.lesson).collect();
            let last = steps.iter().map(|(_, _, at)| at * 1000).max();
            (steps.len() as i64, steps.len() as i64, last)
        }
        _ => {
            let played: Vec<&MatchRow> = r
                .matches
                .iter()
                .filter(|m| m.finished_at * 1000 >= a.created_at_ms && has_bot(&m.spec, &a.level))
                .collect();
            let n = played.len() as i64;
            let last = played
                .get((a.count.max(1) - 1) as usize)
                .map(|m| m.finished_at * 1000);
            (n, n, last)
        }
    };
    let done = done.min(a.count);
    let complete = done >= a.count;
    let due_end_ms = a.due.map(|d| (d + 1) * 86_400_000);
    let late = match (due_end_ms, complete) {
        (None, _) => false,
        (Some(end), true) => finished_ms.is_some_and(|f| f >= end),
        (Some(end), false) => now_ms >= end,
    };
    Standing {
        done,
        correct: correct.min(a.count),
        total: a.count,
        complete,
        late,
    }
}

/// `GET /api/me/assignments`: the signed-in student's assignments in every
/// class they have joined, with how far they are.
async fn mine(State(app): State<Services>, headers: HeaderMap) -> Response {
    let account = match require(&app.store, &headers).await {
        Ok(a) => a,
        Err(r) => return r,
    };
    let r: StoreResult<Value> = async {
        let list = stored::assignments_of_student(&app.store, &account.id).await?;
        let since = list.iter().map(|(a, _)| a.created_at_ms).min().unwrap_or(0);
        let record = record_of(&app.store, &account.id, since).await?;
        let now = crate::store::now_ms();
        let out: Vec<Value> = list
            .iter()
            .map(|(a, class_name)| {
                let s = standing(a, &record, now);
                let mut v = assignment_json(a);
                v["class_name"] = json!(class_name);
                v["done"] = json!(s.done);
                v["correct"] = json!(s.correct);
                v["complete"] = json!(s.complete);
                v["late"] = json!(s.late);
                v
            })
            .collect();
        Ok(json!({ "assignments": out }))
    }
    .await;
    r.map_or_else(storage, |v| Json(v).into_response())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn puzzles(ids: &[&str], due: Option<i64>) -> AssignmentRow {
        AssignmentRow {
            id: "a".into(),
            class: "c".into(),
            kind: "puzzles".into(),
            spec: "{}".into(),
            puzzles: ids.iter().map(|s| s.to_string()).collect(),
            lesson: String::new(),
            count: ids.len() as i64,
            level: String::new(),
            due,
            created_at_ms: 1000,
        }
    }

    fn tried(puzzle: &str, at_ms: i64, correct: bool) -> AttemptRow {
        AttemptRow {
            puzzle: puzzle.into(),
            at_ms,
            correct,
            rating: 1500.0,
        }
    }

    #[test]
    fn a_puzzle_counts_once_by_its_first_attempt_after_the_assignment() {
        let a = puzzles(&["p1", "p2", "p3"], None);
        let r = Record {
            attempts: vec![
                tried("p1", 500, true),   // before the assignment
                tried("p1", 2000, false), // first after: wrong
                tried("p1", 3000, true),  // a retry does not hide it
                tried("p2", 4000, true),
                tried("zz", 5000, true), // not assigned
            ],
            steps: vec![],
            matches: vec![],
        };
        let s = standing(&a, &r, 10_000);
        assert_eq!(
            (s.done, s.correct, s.total, s.complete, s.late),
            (2, 1, 3, false, false)
        );
    }

    #[test]
    fn late_means_not_complete_by_the_end_of_the_due_day() {
        let day = 20_000; // 2024-10-04
        let a = puzzles(&["p1"], Some(day));
        let end = (day + 1) * 86_400_000;
        let none = Record {
            attempts: vec![],
            steps: vec![],
            matches: vec![],
        };
        assert!(!standing(&a, &none, end - 1).late);
        assert!(standing(&a, &none, end).late);
        let on_time = Record {
            attempts: vec![tried("p1", end - 5, true)],
            steps: vec![],
            matches: vec![],
        };
        assert!(!standing(&a, &on_time, end + 10).late);
        let after = Record {
            attempts: vec![tried("p1", end + 5, true)],
            steps: vec![],
            matches: vec![],
        };
        let s = standing(&a, &after, end + 10);
        assert!(s.complete && s.late);
    }

    #[test]
    fn a_match_counts_when_a_bot_of_the_level_sat_at_the_table() {
        assert!(has_bot(
            r#"{"seats":[{"kind":"human"},{"kind":"bot","level":"club"}]}"#,
            "club"
        ));
        assert!(!has_bot(
            r#"{"seats":[{"kind":"human"},{"kind":"bot","level":"club"}]}"#,
            "expert"
        ));
        assert!(!has_bot("not json", "club"));
    }
}

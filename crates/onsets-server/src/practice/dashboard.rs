//! My weaknesses (docs/practice.md): the dashboard of themes over 1 to 90
//! days, the puzzle where the player is weakest ([`weak::weakness`]), the
//! failed puzzles to replay by theme, and the practice answers that feed
//! them (judged and stored with their times).

use super::weak::{self, Mark, ThemeLine};
use super::{bad, body, find, judged, player_of, query, storage};
use crate::api::{error_response as error, ApiCode, Client, Services};
use crate::puzzles::{pool, MAX_ATTEMPT_BYTES};
use crate::store::practice::{self as stored, Answer, Attempt};
use axum::body::Bytes;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use onsets_puzzles::Puzzle;
use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::{BTreeMap, HashMap};

/// The days a dashboard covers when not asked, and at most.
pub const DEFAULT_DAYS: i64 = 30;
pub const MAX_DAYS: i64 = 90;
const DAY_MS: i64 = 86_400_000;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct DashQuery {
    player: Option<String>,
    days: Option<String>,
    theme: Option<String>,
}

/// `days`, 1 to 90 (30 when absent).
#[allow(clippy::result_large_err)] // the refusal is the whole response
fn days_of(d: Option<&str>) -> Result<i64, Response> {
    match d.filter(|d| !d.is_empty()) {
        None => Ok(DEFAULT_DAYS),
        Some(d) => match d.parse::<i64>() {
            Ok(n) if (1..=MAX_DAYS).contains(&n) => Ok(n),
            _ => Err(bad(
                "days",
                format!("`days` is a whole number of days from 1 to {MAX_DAYS}"),
            )),
        },
    }
}

/// A theme parameter, checked (`None` when absent).
#[allow(clippy::result_large_err)] // the refusal is the whole response
fn theme_of(t: Option<&str>) -> Result<Option<String>, Response> {
    match t.filter(|t| !t.is_empty()) {
        None => Ok(None),
        Some(t) if weak::is_theme(t) => Ok(Some(t.to_string())),
        Some(_) => Err(bad(
            "theme",
            "unknown theme: a slug of `GET /api/puzzles/themes`, `variation:KEYWORD` or `rule:SECTION`",
        )),
    }
}

/// Each answer of the window with its puzzle and themes (answers of
/// puzzles no longer served are left out).
fn marked(attempts: &[Attempt]) -> Vec<(&'static Puzzle, Vec<String>, Mark, i64)> {
    attempts
        .iter()
        .filter_map(|a| {
            let p = find(&a.puzzle)?;
            let themes = a.themes.clone().unwrap_or_else(|| weak::themes_of(p));
            let mark = Mark {
                correct: a.correct,
                difficulty: f64::from(p.difficulty),
                ms: a.ms,
            };
            Some((p, themes, mark, a.at_ms))
        })
        .collect()
}

/// The answers to mistake puzzles (docs/practice.md, "My mistakes"): their
/// stored themes, rated as [`super::learn::MISTAKE_RATING`].
fn mistake_marks(attempts: &[Attempt]) -> Vec<(Vec<String>, Mark)> {
    attempts
        .iter()
        .filter(|a| a.puzzle.starts_with("mistake:"))
        .map(|a| {
            let themes = a
                .themes
                .clone()
                .unwrap_or_else(|| vec![super::learn::MISTAKES_THEME.to_string()]);
            let mark = Mark {
                correct: a.correct,
                difficulty: super::learn::MISTAKE_RATING,
                ms: a.ms,
            };
            (themes, mark)
        })
        .collect()
}

/// Every theme's line (the pool's puzzles and the mistakes), and the
/// player's median time over all timed answers.
fn lines(
    marked: &[(&'static Puzzle, Vec<String>, Mark, i64)],
    mistakes: &[(Vec<String>, Mark)],
) -> (Vec<ThemeLine>, Option<i64>) {
    let mut pairs: Vec<(Vec<String>, Mark)> =
        marked.iter().map(|(_, t, m, _)| (t.clone(), *m)).collect();
    pairs.extend_from_slice(mistakes);
    let lines = weak::by_theme(&pairs)
        .iter()
        .map(|(t, marks)| weak::line(t, marks))
        .collect();
    let mut times: Vec<i64> = pairs.iter().filter_map(|(_, m)| m.ms).collect();
    (lines, weak::median(&mut times))
}

/// `GET /api/puzzles/dashboard?player=ID&days=N`: each theme's attempts,
/// solved, rating and median time over the last N days (1 to 90), the
/// weakest first, and the answers per day.
pub(super) async fn dashboard(
    State(app): State<Services>,
    q: Result<Query<DashQuery>, QueryRejection>,
) -> Response {
    let q = match query(q, "`player` and `days`") {
        Ok(q) => q,
        Err(r) => return r,
    };
    let (player, days) = match (player_of(q.player.as_deref()), days_of(q.days.as_deref())) {
        (Ok(p), Ok(d)) => (p, d),
        (Err(r), _) | (_, Err(r)) => return r,
    };
    if q.theme.is_some() {
        return bad(
            "theme",
            "the dashboard shows every theme: leave out `theme`",
        );
    }
    let now = crate::store::now_ms();
    let since = (now / DAY_MS - (days - 1)) * DAY_MS;
    let attempts = match stored::attempts_since(&app.store, &player, since).await {
        Ok(a) => a,
        Err(e) => return storage(e),
    };
    let marked = marked(&attempts);
    let (mut lines, overall) = lines(&marked, &mistake_marks(&attempts));
    lines.sort_by(|a, b| {
        weak::weakness(b, overall)
            .total_cmp(&weak::weakness(a, overall))
            .then(a.theme.cmp(&b.theme))
    });
    let themes: Vec<Value> = lines
        .iter()
        .map(|l| {
            let mut v = json!(l);
            if let Some(o) = v.as_object_mut() {
                o.insert(
                    "weakness".into(),
                    json!((weak::weakness(l, overall) * 1000.0).round() / 1000.0),
                );
            }
            v
        })
        .collect();
    let mut per_day: BTreeMap<i64, (i64, i64)> = BTreeMap::new();
    for (_, _, m, at) in &marked {
        let e = per_day.entry(at / DAY_MS).or_default();
        e.0 += 1;
        e.1 += i64::from(m.correct);
    }
    let per_day: Vec<Value> = per_day
        .iter()
        .map(|(day, (n, ok))| json!({"date": crate::puzzles::format_date(*day), "attempts": n, "solved": ok}))
        .collect();
    Json(json!({
        "player": player,
        "days": days,
        "attempts": marked.len(),
        "solved": marked.iter().filter(|(_, _, m, _)| m.correct).count(),
        "median_ms": overall,
        "themes": themes,
        "per_day": per_day,
    }))
    .into_response()
}

/// Every theme the 2026-27 pool has a puzzle of, with those puzzles.
fn pool_themes() -> BTreeMap<String, Vec<&'static Puzzle>> {
    let mut out: BTreeMap<String, Vec<&'static Puzzle>> = BTreeMap::new();
    for p in pool() {
        for t in weak::themes_of(p) {
            out.entry(t).or_default().push(p);
        }
    }
    out
}

/// `GET /api/puzzles/weak?player=ID[&days=N][&theme=T]`: a puzzle of the
/// theme where the player is weakest over the last N days (90 when not
/// asked; [`weak::weakness`]: error rate and slowness together), or of the
/// theme asked: one not answered yet nearest the player's rating in the
/// theme, else the one answered longest ago.
pub(super) async fn weak(
    State(app): State<Services>,
    q: Result<Query<DashQuery>, QueryRejection>,
) -> Response {
    let q = match query(q, "`player`, `days` and `theme`") {
        Ok(q) => q,
        Err(r) => return r,
    };
    let player = match player_of(q.player.as_deref()) {
        Ok(p) => p,
        Err(r) => return r,
    };
    let days = match q.days.as_deref() {
        None => MAX_DAYS,
        d => match days_of(d) {
            Ok(d) => d,
            Err(r) => return r,
        },
    };
    let asked = match theme_of(q.theme.as_deref()) {
        Ok(t) => t,
        Err(r) => return r,
    };
    let since = crate::store::now_ms() - days * DAY_MS;
    let attempts = match stored::attempts_since(&app.store, &player, since).await {
        Ok(a) => a,
        Err(e) => return storage(e),
    };
    let marked = marked(&attempts);
    let (lines, overall) = lines(&marked, &[]);
    let by_theme: HashMap<&str, &ThemeLine> = lines.iter().map(|l| (l.theme.as_str(), l)).collect();
    let themes = pool_themes();
    let scored = |t: &str| -> (f64, ThemeLine) {
        let line = by_theme
            .get(t)
            .map_or_else(|| weak::line(t, &[]), |l| (*l).clone());
        (weak::weakness(&line, overall), line)
    };
    let chosen = match &asked {
        Some(t) if !themes.contains_key(t) => {
            return error(
                StatusCode::NOT_FOUND,
                ApiCode::NoPuzzles,
                format!("no puzzle has the theme `{t}`"),
                Some("theme"),
            )
        }
        Some(t) => t.clone(),
        None => match themes
            .keys()
            .map(|t| (scored(t).0, t))
            .max_by(|a, b| a.0.total_cmp(&b.0).then(b.1.cmp(a.1)))
        {
            Some((_, t)) => t.clone(),
            None => {
                return error(
                    StatusCode::NOT_FOUND,
                    ApiCode::NoPuzzles,
                    "the server has no puzzles",
                    None,
                )
            }
        },
    };
    let (weakness, line) = scored(&chosen);
    let last: HashMap<&str, i64> = marked
        .iter()
        .map(|(p, _, _, at)| (p.id.as_str(), *at))
        .collect();
    let target = if line.attempts > 0 { line.rating } else { 1500 } as f64;
    let puzzle = themes[&chosen].iter().min_by(|a, b| {
        let key = |p: &Puzzle| {
            (
                last.get(p.id.as_str()).copied().unwrap_or(i64::MIN),
                (f64::from(p.difficulty) - target).abs(),
            )
        };
        let (ka, kb) = (key(a), key(b));
        ka.0.cmp(&kb.0)
            .then(ka.1.total_cmp(&kb.1))
            .then(a.id.cmp(&b.id))
    });
    let Some(puzzle) = puzzle else {
        return error(
            StatusCode::NOT_FOUND,
            ApiCode::NoPuzzles,
            "no puzzle has that theme",
            Some("theme"),
        );
    };
    let missed = (line.attempts - line.solved) as f64;
    Json(json!({
        "puzzle": puzzle.question_only(),
        "theme": chosen,
        "name": weak::theme_name(&chosen),
        "weakness": (weakness * 1000.0).round() / 1000.0,
        "error_rate": ((missed + 1.0) / (line.attempts as f64 + 2.0) * 1000.0).round() / 1000.0,
        "slowness": (weak::slowness(line.median_ms, overall) * 1000.0).round() / 1000.0,
        "attempts": line.attempts,
    }))
    .into_response()
}

/// `GET /api/puzzles/failed?player=ID[&theme=T][&days=N]`: the puzzles
/// whose last answer by the player was wrong, the latest failure first,
/// with how many there are per theme (all the time there is, 90 days at
/// most).
pub(super) async fn failed(
    State(app): State<Services>,
    q: Result<Query<DashQuery>, QueryRejection>,
) -> Response {
    let q = match query(q, "`player`, `theme` and `days`") {
        Ok(q) => q,
        Err(r) => return r,
    };
    let player = match player_of(q.player.as_deref()) {
        Ok(p) => p,
        Err(r) => return r,
    };
    let (theme, days) = match (
        theme_of(q.theme.as_deref()),
        days_of(q.days.as_deref().or(Some("90"))),
    ) {
        (Ok(t), Ok(d)) => (t, d),
        (Err(r), _) | (_, Err(r)) => return r,
    };
    let since = crate::store::now_ms() - days * DAY_MS;
    let attempts = match stored::attempts_since(&app.store, &player, since).await {
        Ok(a) => a,
        Err(e) => return storage(e),
    };
    // the last answer of each puzzle (attempts are oldest first)
    let mut last: BTreeMap<&str, (&'static Puzzle, Vec<String>, bool, i64)> = BTreeMap::new();
    for (p, themes, m, at) in marked(&attempts) {
        last.insert(p.id.as_str(), (p, themes, m.correct, at));
    }
    let mut failed: Vec<&(&'static Puzzle, Vec<String>, bool, i64)> =
        last.values().filter(|(_, _, ok, _)| !ok).collect();
    let mut counts: BTreeMap<&str, i64> = BTreeMap::new();
    for (_, themes, _, _) in &failed {
        for t in themes {
            *counts.entry(t.as_str()).or_default() += 1;
        }
    }
    let counts: Vec<Value> = counts
        .iter()
        .map(|(t, n)| json!({"theme": t, "name": weak::theme_name(t), "failed": n}))
        .collect();
    if let Some(t) = &theme {
        failed.retain(|(_, themes, _, _)| themes.contains(t));
    }
    failed.sort_by(|a, b| b.3.cmp(&a.3).then(a.0.id.cmp(&b.0.id)));
    let puzzles: Vec<Value> = failed
        .iter()
        .map(|(p, themes, _, at)| json!({"puzzle": p.question_only(), "themes": themes, "failed_at_ms": at}))
        .collect();
    Json(json!({ "player": player, "theme": theme, "puzzles": puzzles, "themes": counts }))
        .into_response()
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct AnswerBody {
    player: String,
    puzzle: String,
    answer: String,
    ms: u64,
    /// `weak` (the default) or `replay`.
    #[serde(default)]
    mode: Option<String>,
}

/// `POST /api/puzzles/practice/answer {"player", "puzzle", "answer", "ms"[,
/// "mode"]}`: one answer of weak-spot practice or of a replay, judged
/// (unrated) and stored with its time and themes for the dashboard.
pub(super) async fn answer(
    State(app): State<Services>,
    Client(client): Client,
    headers: HeaderMap,
    bytes: Bytes,
) -> Response {
    let req: AnswerBody = match body(&headers, &bytes, MAX_ATTEMPT_BYTES) {
        Ok(b) => b,
        Err(r) => return r,
    };
    if let Err(r) = player_of(Some(&req.player)) {
        return r;
    }
    let mode = match req.mode.as_deref() {
        None | Some("weak") => "weak",
        Some("replay") => "replay",
        Some(_) => return bad("mode", "`mode` is `weak` or `replay`"),
    };
    if !(super::run::MIN_ANSWER_MS..=super::run::MAX_ANSWER_MS).contains(&req.ms) {
        return bad(
            "ms",
            format!(
                "`ms` is the answer's time, {} to {} ms",
                super::run::MIN_ANSWER_MS,
                super::run::MAX_ANSWER_MS
            ),
        );
    }
    let Some(p) = find(&req.puzzle) else {
        return error(
            StatusCode::NOT_FOUND,
            ApiCode::NoSuchPuzzle,
            "there is no such puzzle",
            Some("puzzle"),
        );
    };
    if let Err(l) = app.puzzle_limits.attempt_from(client) {
        return crate::api::too_many(&app, l);
    }
    let j = match judged(p, req.answer.clone(), "answer".into()).await {
        Ok(j) => j,
        Err(r) => return r,
    };
    let themes = weak::themes_of_answer(p, j.reasons.iter().map(|r| r.section.as_str()));
    let a = Answer {
        puzzle: p.id.clone(),
        correct: j.correct,
        ms: req.ms as i64,
        themes: themes.clone(),
    };
    if let Err(e) = stored::record_answer(&app.store, &req.player, mode, &a).await {
        return storage(e);
    }
    Json(json!({
        "puzzle": p.id,
        "correct": j.correct,
        "message": j.message,
        "reasons": j.reasons,
        "verdict": j.verdict,
        "answer": p.answer,
        "explanation": p.explanation,
        "themes": themes,
    }))
    .into_response()
}

//! The review, explanation and judge's-assistant routes (docs/review.md;
//! docs/protocol.md, "Review, explanations and the judge's assistant").
//!
//! * `GET /api/tables/{id}/review`: the post-game review of a finished or
//!   abandoned table (`onsets_review::review`), computed on the judging pool
//!   off every table's task, one review at a time, and stored so it is
//!   computed once.
//! * `POST /api/explain`: `onsets_core::explain` of a Solution against a
//!   position.
//! * `POST /api/judge`: `onsets_review::judge::rule` on a position (typed, a
//!   log, or a table's log) and a dispute, under the position's or log's
//!   rule edition (a 1969 position or `onsets-1969/1` log takes the 1969
//!   claims `a`, `p`, `c_from_a`, `c_from_p`, `no_goal`, M69 3.5).
//!
//! JSON only (415 otherwise), length-limited (413), every bad field named
//! (400 with `field`).
//!
//! A ruling comes with `plain`: the same ruling for the people at the
//! table (docs/protocol.md, "The judge's assistant in plain words"): one
//! verdict, who scores what under the scoring rules (2026-27 X-B, X-C,
//! III-D-2, V-B; 1969 M69 3.9), each reason with its section, and no
//! internal numbering, field name or seat index.

use crate::lobby::{ApiCode, Lobby};
use crate::pool::{self, Lane};
use crate::text;
use crate::{error_response as error, is_json};
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use onsets_core::Position;
use onsets_review::judge::{self, Dispute, Source};
use serde::Deserialize;

/// The page routes of this module: `/rules`, the rules glossary
/// (web/js/rules.js) that every citation on a page links to.
pub fn routes() -> axum::Router<Lobby> {
    axum::Router::new().route(
        "/rules",
        axum::routing::get(|| async { crate::web::file("index.html") }),
    )
}

/// The largest `POST /api/explain` body.
pub const MAX_EXPLAIN_BYTES: usize = 16 * 1024;
/// The largest `POST /api/judge` body (a match log fits).
pub const MAX_JUDGE_BYTES: usize = 1 << 20;
/// The longest Solution text explained.
pub const MAX_SOLUTION_BYTES: usize = 4000;

/// The checks every POST here shares: JSON, size; then the body parsed.
fn body<T: for<'de> Deserialize<'de>>(
    headers: &HeaderMap,
    body: &Bytes,
    max: usize,
) -> Result<T, Box<Response>> {
    if !is_json(headers) {
        return Err(Box::new(error(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            ApiCode::UnsupportedMediaType,
            "send JSON, with `Content-Type: application/json`",
            None,
        )));
    }
    if body.len() > max {
        return Err(Box::new(error(
            StatusCode::PAYLOAD_TOO_LARGE,
            ApiCode::TooLarge,
            format!("the request is over {max} bytes"),
            None,
        )));
    }
    serde_json::from_slice(body).map_err(|e| {
        let msg = e.to_string();
        let field = crate::text::field_of(&msg);
        Box::new(error(
            StatusCode::BAD_REQUEST,
            ApiCode::BadRequest,
            msg,
            field.as_deref(),
        ))
    })
}

fn position_of(v: &serde_json::Value) -> Result<Position, Box<Response>> {
    Position::from_json(&v.to_string()).map_err(|e| {
        Box::new(error(
            StatusCode::BAD_REQUEST,
            ApiCode::BadPosition,
            format!("position: {e}"),
            Some("position"),
        ))
    })
}

fn busy() -> Response {
    error(
        StatusCode::INTERNAL_SERVER_ERROR,
        ApiCode::Internal,
        "the server could not finish the work",
        None,
    )
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

fn storage(e: anyhow::Error) -> Response {
    crate::storage_failure("reviews", e)
}

/// One review computed at a time (a second request for the same table waits
/// and then finds it stored).
static REVIEWING: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

/// `GET /api/tables/{id}/review`.
pub async fn review(State(lobby): State<Lobby>, Path(id): Path<String>) -> Response {
    if id.is_empty() || id.len() > text::MAX_ID_BYTES {
        return no_such_table(&id);
    }
    let json = |s: String| ([(header::CONTENT_TYPE, "application/json")], s).into_response();
    match lobby.store.review(&id).await {
        Ok(Some(r)) => return json(r),
        Ok(None) => {}
        Err(e) => return storage(e),
    }
    match lobby.store.status(&id).await {
        Ok(None) => return no_such_table(&id),
        Ok(Some(s)) if s == "over" || s == "abandoned" => {}
        Ok(Some(_)) => {
            return error(
                StatusCode::CONFLICT,
                ApiCode::NotFinished,
                "the review opens when the match is over (or the table was abandoned)",
                Some("id"),
            )
        }
        Err(e) => return storage(e),
    }
    let _one = REVIEWING.lock().await;
    match lobby.store.review(&id).await {
        Ok(Some(r)) => return json(r),
        Ok(None) => {}
        Err(e) => return storage(e),
    }
    let log = match lobby.store.log(&id).await {
        Ok(Some(l)) => l,
        Ok(None) => {
            return error(
                StatusCode::CONFLICT,
                ApiCode::NotStarted,
                "this table's match never started: there is nothing to review",
                Some("id"),
            )
        }
        Err(e) => return storage(e),
    };
    let done = pool::judge()
        .run(Lane::Yielding, move || {
            onsets_review::review(&log).map(|r| r.to_json().to_string())
        })
        .await;
    match done {
        Some(Ok(r)) => {
            if let Err(e) = lobby.store.put_review(&id, &r).await {
                tracing::error!(table = %id, "storing a review failed: {e:#}");
            }
            json(r)
        }
        Some(Err(e)) => {
            tracing::error!(table = %id, "a stored log does not review: {e}");
            error(
                StatusCode::INTERNAL_SERVER_ERROR,
                ApiCode::Unreviewable,
                format!("the table's log cannot be reviewed: {e}"),
                None,
            )
        }
        None => busy(),
    }
}

/// `POST /api/explain` body.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ExplainRequest {
    position: serde_json::Value,
    solution: String,
}

/// `POST /api/explain`: the checker's verdict, explained.
pub async fn explain(headers: HeaderMap, raw: Bytes) -> Response {
    let req: ExplainRequest = match body(&headers, &raw, MAX_EXPLAIN_BYTES) {
        Ok(r) => r,
        Err(r) => return *r,
    };
    if req.solution.len() > MAX_SOLUTION_BYTES {
        return error(
            StatusCode::BAD_REQUEST,
            ApiCode::TooLong,
            format!("the Solution is over {MAX_SOLUTION_BYTES} bytes"),
            Some("solution"),
        );
    }
    let position = match position_of(&req.position) {
        Ok(p) => p,
        Err(r) => return *r,
    };
    // The budget of a Solution (onsets_core::budget): its characters,
    // symbols and chains are measured before the work is queued.
    let over = |e: onsets_core::BudgetError| {
        error(
            StatusCode::BAD_REQUEST,
            ApiCode::TooComplex,
            e.to_string(),
            Some("solution"),
        )
    };
    if let Err(e) = onsets_core::budget::admit_str(&req.solution, position.parse_options()) {
        return over(e);
    }
    let solution = req.solution;
    match pool::judge()
        .run(Lane::Yielding, move || {
            onsets_core::try_explain(&position, &solution).map(|e| serde_json::to_value(e).ok())
        })
        .await
    {
        Some(Ok(Some(v))) => Json(v).into_response(),
        Some(Err(e)) => over(e),
        Some(Ok(None)) | None => busy(),
    }
}

/// `POST /api/judge` body: exactly one of `position`, `log`, `table`.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct JudgeRequest {
    #[serde(default)]
    position: Option<serde_json::Value>,
    #[serde(default)]
    log: Option<String>,
    #[serde(default)]
    table: Option<String>,
    dispute: Dispute,
}

/// `POST /api/judge`: a ruling.
pub async fn judge(State(lobby): State<Lobby>, headers: HeaderMap, raw: Bytes) -> Response {
    let req: JudgeRequest = match body(&headers, &raw, MAX_JUDGE_BYTES) {
        Ok(r) => r,
        Err(r) => return *r,
    };
    let given = [
        req.position.is_some(),
        req.log.is_some(),
        req.table.is_some(),
    ]
    .iter()
    .filter(|x| **x)
    .count();
    if given != 1 {
        return error(
            StatusCode::BAD_REQUEST,
            ApiCode::BadField,
            "give exactly one of `position` (notation JSON), `log` (a match log) or `table` (a table's id)",
            Some("position"),
        );
    }
    let source = if let Some(p) = &req.position {
        match position_of(p) {
            Ok(p) => Source::Position(p),
            Err(r) => return *r,
        }
    } else if let Some(l) = req.log {
        Source::Log(l)
    } else {
        let id = req.table.unwrap_or_default();
        if id.is_empty() || id.len() > text::MAX_ID_BYTES {
            return no_such_table(&id);
        }
        // The log as anyone may read it: while the match is played, its
        // seed is withheld and the judge runs no future roll or deal.
        match crate::hidden::public_log(&lobby, &id).await {
            Ok(Some(l)) => Source::Log(l),
            Ok(None) => {
                // A 1969 table (table1969.rs) keeps its own log.
                if let Some(l) = crate::table1969::log_of(&lobby, &id).await {
                    Source::Log(l)
                } else {
                    return error(
                        StatusCode::NOT_FOUND,
                        ApiCode::NoSuchTable,
                        format!(
                            "there is no started table `{}`",
                            id.chars().take(64).collect::<String>()
                        ),
                        Some("table"),
                    );
                }
            }
            Err(e) => return storage(e),
        }
    };
    let dispute = req.dispute;
    let names = match &source {
        Source::Log(l) => seat_names(l),
        Source::Position(_) => Vec::new(),
    };
    match pool::judge()
        .run(Lane::Yielding, move || {
            judge::rule(&source, &dispute).map(|r| with_plain(&r, &dispute, &names))
        })
        .await
    {
        Some(Ok(v)) => Json(v).into_response(),
        Some(Err(e)) if e.withheld => error(
            StatusCode::CONFLICT,
            ApiCode::Withheld,
            e.message,
            Some(e.field),
        ),
        Some(Err(e)) => error(
            StatusCode::BAD_REQUEST,
            ApiCode::BadField,
            e.message,
            Some(e.field),
        ),
        None => busy(),
    }
}

/// A ruling in plain words (the `plain` field of `POST /api/judge`).
#[derive(Debug, serde::Serialize)]
pub struct Plain {
    /// A short heading: "The Solution is correct", "The Challenger is
    /// wrong", "Not decided", "The act is refused".
    pub headline: String,
    /// `upheld`, `not-upheld` or `undecided`: the one verdict (the
    /// heading, the sentence and the reasons all agree with it).
    pub outcome: &'static str,
    /// The ruling in one sentence, without section numbers (they are in
    /// `why` and `scores`), seat indexes or field names.
    pub verdict: String,
    /// Who scores what, one line per player or role, each naming its rule.
    pub scores: Vec<PlainLine>,
    /// Why, one line per reason, each with the section that says so.
    pub why: Vec<PlainLine>,
    /// For a ruling applied to a match: each player's match total before
    /// the disputed act and after it, in words (omitted otherwise).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub totals: Option<String>,
}

/// One line of a plain ruling and the rule section it rests on (empty
/// when none).
#[derive(Debug, serde::Serialize)]
pub struct PlainLine {
    pub text: String,
    pub section: String,
}

fn line(text: impl Into<String>, section: &str) -> PlainLine {
    PlainLine {
        text: text.into(),
        section: section.to_string(),
    }
}

/// The names of a match log's players (its header's `players`), if any.
fn seat_names(log: &str) -> Vec<String> {
    let Some(first) = log.lines().find(|l| !l.trim().is_empty()) else {
        return Vec::new();
    };
    serde_json::from_str::<serde_json::Value>(first)
        .ok()
        .and_then(|h| {
            h.get("players")?.as_array().map(|a| {
                a.iter()
                    .map(|n| n.as_str().unwrap_or_default().to_string())
                    .collect()
            })
        })
        .unwrap_or_default()
}

/// A player by seat index: the name the log gives, or "seat N" counted
/// from 1 as players count seats.
fn seat(names: &[String], i: usize) -> String {
    match names.get(i) {
        Some(n) if !n.trim().is_empty() => n.clone(),
        _ => format!("seat {}", i + 1),
    }
}

/// Whether `s` is a rule section as the rulings write them (`VII-B`,
/// `V-A-2-a/b`, `M69 3.7 comment 3`, `A19 V-A-1`, `OS-E17`).
fn is_section(s: &str) -> bool {
    let s = s.trim();
    let s = s
        .strip_prefix("A19 ")
        .or_else(|| s.strip_prefix("B19 "))
        .unwrap_or(s);
    if s.starts_with("M69 ") || s.starts_with("OS-") {
        return true;
    }
    let head: String = s.chars().take_while(|c| "IVX".contains(*c)).collect();
    !head.is_empty()
        && (s.len() == head.len() || s[head.len()..].starts_with('-'))
        && s.chars()
            .all(|c| c.is_ascii_alphanumeric() || "-/ ,;".contains(c))
}

/// Text for a player: parenthesised sections out (they are shown beside
/// the line), "player N" as the seat's name, internal references out.
fn words(text: &str, names: &[String]) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(open) = rest.find(" (") {
        let after = &rest[open + 2..];
        match after.find(')') {
            Some(close) if is_section(&after[..close]) || after[..close].starts_with("field ") => {
                out.push_str(&rest[..open]);
                rest = &after[close + 1..];
            }
            _ => {
                out.push_str(&rest[..open + 2]);
                rest = after;
            }
        }
    }
    out.push_str(rest);
    let mut named = String::with_capacity(out.len());
    let mut rest = out.as_str();
    while let Some(at) = rest.to_ascii_lowercase().find("player ") {
        let digits: String = rest[at + 7..]
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        named.push_str(&rest[..at]);
        match digits.parse::<usize>() {
            Ok(i) => named.push_str(&seat(names, i)),
            Err(_) => named.push_str(&rest[at..at + 7]),
        }
        rest = &rest[at + 7 + digits.len()..];
    }
    named.push_str(rest);
    named
        .replacen("Act 1 is not allowed", "It is not allowed", 1)
        .replace("(JSON no_goal)", "")
        .trim()
        .chars()
        .scan(false, |open, c| {
            // `code` quotes as typographic quotes, opening then closing.
            Some(if c == '`' {
                *open = !*open;
                if *open {
                    '\u{201c}'
                } else {
                    '\u{201d}'
                }
            } else {
                c
            })
        })
        .collect()
}

/// The plain reading of a ruling, as the answer's JSON with `plain` added.
pub fn with_plain(r: &judge::Ruling, dispute: &Dispute, names: &[String]) -> serde_json::Value {
    let mut v = serde_json::to_value(r).unwrap_or(serde_json::Value::Null);
    if let (Some(o), Ok(p)) = (
        v.as_object_mut(),
        serde_json::to_value(plain(r, dispute, names)),
    ) {
        o.insert("plain".into(), p);
    }
    v
}

/// The ruling in plain words: see [`Plain`].
pub fn plain(r: &judge::Ruling, dispute: &Dispute, names: &[String]) -> Plain {
    let outcome = if !r.decided {
        "undecided"
    } else if r.upheld {
        "upheld"
    } else {
        "not-upheld"
    };
    let m69 = r.edition == "1969";
    let set_aside = r.events.iter().any(|e| {
        matches!(
            e["event"].as_str(),
            Some("challenge_set_aside" | "charge_set_aside")
        )
    }) || r.ruling.contains("set aside");
    let refused = r.ruling.contains("is not allowed now");
    let headline = match dispute {
        _ if !r.decided => "Not decided from this position".to_string(),
        Dispute::Solution { .. } if r.upheld => "The Solution is correct".into(),
        Dispute::Solution { .. } => "The Solution is incorrect".into(),
        Dispute::Challenge { .. } if set_aside => "The challenge is set aside".into(),
        Dispute::Challenge { .. } if refused => "The challenge is not allowed now".into(),
        Dispute::Challenge { .. } if r.upheld => "The Challenger is right".into(),
        Dispute::Challenge { .. } => "The Challenger is wrong".into(),
        Dispute::Act { .. } if refused => "The act is not allowed now".into(),
        Dispute::Act { .. } if set_aside => "It is set aside".into(),
        Dispute::Act { .. } => "The act stands".into(),
    };
    let verdict = words(&r.ruling, names);
    let why = r
        .reasons
        .iter()
        .map(|x| line(words(&x.text, names), &x.section))
        .collect();
    let scores = if r.totals_before.is_some() {
        applied_scores(r, names, refused)
    } else if m69 {
        scores_1969(r, dispute)
    } else {
        scores_tournament(r, dispute, set_aside)
    };
    let totals = match (&r.totals_before, &r.totals_after) {
        (Some(b), Some(a)) => Some(totals_words(b, a, names)),
        _ => None,
    };
    Plain {
        headline,
        outcome,
        verdict,
        scores,
        why,
        totals,
    }
}

/// Who scores what when the engine applied the dispute to the match: each
/// player whose total changed, and by how much.
fn applied_scores(r: &judge::Ruling, names: &[String], refused: bool) -> Vec<PlainLine> {
    let (Some(b), Some(a)) = (&r.totals_before, &r.totals_after) else {
        return Vec::new();
    };
    let section = r
        .reasons
        .first()
        .map(|x| x.section.clone())
        .unwrap_or_default();
    let changed: Vec<PlainLine> = b
        .iter()
        .zip(a)
        .enumerate()
        .filter(|(_, (b, a))| b != a)
        .map(|(i, (b, a))| {
            let d = a - b;
            let pts = |n: i32| if n.abs() == 1 { "point" } else { "points" };
            let text = if d > 0 {
                format!("{} scores {d} {}.", seat(names, i), pts(d))
            } else {
                format!("{} loses {} {}.", seat(names, i), -d, pts(d))
            };
            line(text, &section)
        })
        .collect();
    if changed.is_empty() {
        vec![line(
            if refused {
                "No score changes: what was disputed does not happen."
            } else {
                "No score changes now; the shake's points are scored when it ends."
            },
            "",
        )]
    } else {
        changed
    }
}

/// The match totals in words: what each player had before the disputed
/// act and has after it.
fn totals_words(before: &[i32], after: &[i32], names: &[String]) -> String {
    let each: Vec<String> = before
        .iter()
        .zip(after)
        .enumerate()
        .map(|(i, (b, a))| {
            if b == a {
                format!("{} {b}", seat(names, i))
            } else {
                format!("{} {b} → {a}", seat(names, i))
            }
        })
        .collect();
    format!(
        "Match totals, before the disputed act → after it: {}.",
        each.join(", ")
    )
}

/// The tournament's scoring of a dispute judged on a typed position: the
/// rule's points for each role, given the verdict (X-B, X-C, III-D-2, V-B).
fn scores_tournament(r: &judge::Ruling, dispute: &Dispute, set_aside: bool) -> Vec<PlainLine> {
    let now = matches!(
        dispute,
        Dispute::Challenge {
            challenge: judge::ChallengeName::Now,
            ..
        }
    );
    let impossible = matches!(
        dispute,
        Dispute::Challenge {
            challenge: judge::ChallengeName::Impossible,
            ..
        }
    );
    match dispute {
        Dispute::Solution { .. } => solution_scores(r),
        Dispute::Challenge { .. } if set_aside => vec![
            line("The Challenger loses 1 point, and play goes on as if there had been no challenge.", "V-B"),
        ],
        Dispute::Challenge { .. } if now && r.upheld => vec![
            line("A Solution exists, so the Challenger must now write one: with a correct Solution they score 6 and the Mover 2; with none, the Challenger scores 2 and the Mover 6.", "X-B-2"),
            line("A Third Party who writes a correct Solution too scores 4; one who writes none scores 2.", "X-B-4"),
        ],
        Dispute::Challenge { .. } if now => vec![
            line("No Solution exists, so the Challenger cannot write one: the Challenger scores 2 and the Mover 6.", "X-B-1"),
            line("A Third Party who writes no Solution scores 6.", "X-B-3"),
        ],
        Dispute::Challenge { .. } if impossible && r.upheld => vec![
            line("Nobody can write a correct Solution: the Challenger scores 6 and the Mover 2.", "X-B-2"),
            line("A Third Party who writes no Solution scores 4.", "X-B-4"),
        ],
        Dispute::Challenge { .. } if impossible => vec![
            line("The Mover must write a Solution (one is shown below): with a correct Solution the Mover scores 6 and the Challenger 2.", "X-B-1"),
            line("A Third Party who writes a correct Solution scores 6; one who writes none, when the Mover's Solution is correct, scores 2.", "X-B-3"),
        ],
        Dispute::Challenge { .. } if r.upheld => vec![
            line("The Challenger of “no Goal” scores 6 with a correct Solution (2 with an incorrect one); the Goal-setter scores 2 when the Challenger or the Third Party presents a correct Solution.", "III-D-2"),
        ],
        Dispute::Challenge { .. } => vec![
            line("No Goal has a Solution, so neither the Challenger nor the Third Party can present one: the Goal-setter scores 6, the Challenger 2.", "III-D-2"),
        ],
        Dispute::Act { .. } => Vec::new(),
    }
}

/// The points of a judged Solution in the position's situation: after a
/// challenge (X-B), after the last cube with no challenge (X-C), or after
/// the round's time ran out (XI-B-2).
fn solution_scores(r: &judge::Ruling) -> Vec<PlainLine> {
    let situation = r
        .position
        .as_ref()
        .and_then(|p| p["situation"].as_str())
        .unwrap_or("");
    match (situation, r.upheld) {
        ("forceout", true) => vec![line(
            "After the last cube with no challenge, a correct Solution scores 4.",
            "X-C-1",
        )],
        ("forceout", false) => vec![line(
            "After the last cube with no challenge, a player without a correct Solution scores 2.",
            "X-C-2",
        )],
        ("end-of-round", true) => vec![line(
            "When the round's time ran out, a correct Solution scores 4.",
            "XI-B-2",
        )],
        ("end-of-round", false) => vec![line(
            "When the round's time ran out, a player without a correct Solution scores 2.",
            "XI-B-2",
        )],
        (_, true) => vec![
            line(
                "Its writer is correct: 6 points as the Challenger or the Mover who had to write it.",
                "X-B-2",
            ),
            line(
                "A Third Party with this Solution scores 6, or 4 when the Challenger's Solution after a Now is also correct.",
                "X-B-3",
            ),
        ],
        (_, false) => vec![line("Its writer is not correct and scores 2.", "X-B-1")],
    }
}

/// The 1969 manual's scoring of a claim (M69 3.9): the Correct players
/// score, an Incorrect one scores 0.
fn scores_1969(r: &judge::Ruling, dispute: &Dispute) -> Vec<PlainLine> {
    match dispute {
        Dispute::Solution { .. } if r.upheld => vec![line(
            "A player who had to write a Solution and wrote this one is Correct: 2 points as the Challenger or the Mover, 1 or 2 as a Third Party.",
            "M69 3.9",
        )],
        Dispute::Solution { .. } => vec![line(
            "A player who had to write a Solution and wrote this one is Incorrect and scores 0.",
            "M69 3.9",
        )],
        Dispute::Challenge { .. } if !r.decided => vec![line(
            "The points wait for the decision: the Correct side scores 2, the other 0.",
            "M69 3.9",
        )],
        Dispute::Challenge { .. } if r.upheld => vec![line(
            "The Challenger is Correct and scores 2; the Mover scores 0. A Third Party who joined the Challenger scores 1.",
            "M69 3.9",
        )],
        Dispute::Challenge { .. } => vec![line(
            "The Mover is Correct and scores 2; the Challenger scores 0. A Third Party who joined the Mover scores 2.",
            "M69 3.9",
        )],
        Dispute::Act { .. } => Vec::new(),
    }
}

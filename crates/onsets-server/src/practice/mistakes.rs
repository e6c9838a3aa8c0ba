//! Learn from my matches (docs/practice.md, "My mistakes"): every Flub and
//! every missed challenge of one seat of a finished table becomes a puzzle,
//! answered exactly as the review judged it (docs/review.md: the engine and
//! the solver decide, `onsets-review` walks the log). The log is read
//! through the store (a match's table, or a 1969 table's), never through
//! the tables layer.
//!
//! * A Flub (2026-27, 2019-20: a move after which Now or Impossible wins,
//!   V-A; 1969: a play that breaks the A- or P-claim, M69 3.5): the position
//!   **before** the move, "what should you have done?"; the answer is the
//!   review's (`best_alternative`, the safe move; for 1969 its `better`).
//! * A missed challenge (V-A; M69 3.6): the position right after the move
//!   that allowed it, "which challenge is correct now?"; the answer is the
//!   review's challenge (`now` or `impossible` with its witness; the 1969
//!   claims).

use onsets_core::{Position, Situation};
use onsets_engine::{Act, Action, Header, Match, Phase, Place};
use serde_json::{json, Value};
use std::collections::HashMap;

/// The mat as the review reads it (Impossible; Forceout when Resources
/// holds no cube but digits).
fn mat(m: &Match) -> Option<Position> {
    let goal = m.goal()?.goal().ok()?;
    let p = m.position(Situation::Impossible, goal);
    if p.resources().iter().all(|s| s.is_digit()) {
        return p.with_situation(Situation::Forceout).ok();
    }
    Some(p)
}

/// The position before each regular move of a 2026-27 or 2019-20 match
/// log, by the move's 1-based log line: the mat when the turn began (before
/// its bonus move to Forbidden, III-C), as the review's walk reads it. A log
/// that stops replaying gives the moves before that point.
pub fn befores(log: &str) -> HashMap<usize, Position> {
    let mut out = HashMap::new();
    let mut lines = log
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty());
    let Some(header) = lines
        .next()
        .and_then(|(_, l)| serde_json::from_str::<Header>(l).ok())
    else {
        return out;
    };
    let Ok((mut m, _)) = Match::new(header.config) else {
        return out;
    };
    let mut turn_start: Option<Position> = None;
    for (i, l) in lines {
        let Ok(a) = serde_json::from_str::<Action>(l) else {
            break;
        };
        if matches!(m.phase(), Phase::Moves { .. }) {
            match &a.act {
                Act::Move {
                    bonus: true,
                    to: Place::Forbidden,
                    ..
                } => turn_start = mat(&m),
                Act::Move { bonus: true, .. } => {}
                Act::Move { .. } | Act::Shift { .. } => {
                    if let Some(p) = turn_start.take().or_else(|| mat(&m)) {
                        out.insert(i + 1, p);
                    }
                }
                _ => {}
            }
        }
        match m.apply(a) {
            Ok((next, _)) => m = next,
            Err(_) => break,
        }
    }
    out
}

fn position_json(p: &Position) -> Value {
    serde_json::from_str(&p.to_json()).unwrap_or(Value::Null)
}

/// The round of an entry: its `shake` or its `play`.
fn round(entry: &Value) -> Value {
    entry
        .get("shake")
        .or_else(|| entry.get("play"))
        .cloned()
        .unwrap_or(Value::Null)
}

/// The question of a Flub puzzle.
const FLUB_QUESTION: &str = "Your move came next, in this position. What should you have done? \
     Name a safe move: one after which neither Now nor Impossible wins (IV-B, V-A).";
const FLUB_1969_QUESTION: &str = "Your play came next, in this position. What should you have \
     done? Name a play that breaks neither the A-claim nor the P-claim (M69 3.5).";
const MISSED_QUESTION: &str = "The last move has just been made. Which challenge is correct \
     now: Now, Impossible, or neither (V-A)?";
const MISSED_1969_QUESTION: &str = "The last play has just been made. Which Flub claim is \
     correct now: A, P, or none (M69 3.5)?";

/// Every mistake of `seat` in a review (`onsets_review::Review::to_json`)
/// as a puzzle `{"id", "kind", "source", "round", "line", "position",
/// "question", "answer", "explanation"}`, in the order of the game. `before`
/// gives the position before a match's move by its log line (1969 plays
/// read it from the play before in the same round).
pub fn puzzles(review: &Value, seat: usize, before: &HashMap<usize, Position>) -> Vec<Value> {
    let empty = Vec::new();
    let moves = review["moves"].as_array().unwrap_or(&empty);
    let is_1969 = review["edition"] == "1969";
    let mut out: Vec<(u64, Value)> = Vec::new();
    for (k, m) in moves.iter().enumerate() {
        if m["player"].as_u64() != Some(seat as u64) {
            continue;
        }
        let line = m["line"].as_u64().unwrap_or(0);
        let puzzle = if is_1969 {
            flub_1969(moves, k)
        } else {
            before.get(&(line as usize)).and_then(|pos| flub(m, pos))
        };
        out.extend(puzzle.map(|p| (line, p)));
    }
    for c in review["missed_challenges"].as_array().unwrap_or(&empty) {
        let could = c["players"]
            .as_array()
            .is_some_and(|ps| ps.iter().any(|p| p.as_u64() == Some(seat as u64)));
        let Some(after) = c["after_move"].as_u64().and_then(|k| moves.get(k as usize)) else {
            continue;
        };
        if could {
            out.push((
                after["line"].as_u64().unwrap_or(0),
                missed(c, after, is_1969),
            ));
        }
    }
    out.sort_by_key(|(line, _)| *line);
    out.into_iter().map(|(_, v)| v).collect()
}

/// A 1969 play `moves[k]` that was a Flub, from the play before it in the
/// same round (the Goal play or a move); a Goal play is left out.
fn flub_1969(moves: &[Value], k: usize) -> Option<Value> {
    let m = &moves[k];
    if m["flub"].is_null() || m["goal_play"] == true {
        return None;
    }
    let prev = k
        .checked_sub(1)
        .map(|j| &moves[j])
        .filter(|p| round(p) == round(m))?;
    let line = m["line"].as_u64().unwrap_or(0);
    Some(json!({
        "id": format!("flub-{line}"),
        "kind": "safe-move",
        "source": "flub",
        "round": round(m),
        "line": line,
        "played": m["mv"],
        "position": prev["position_after"],
        "question": FLUB_1969_QUESTION,
        "answer": {
            "flub": m["flub"],
            "played": m["mv"],
            "better": m["better"],
            "alternative": m["alternative_text"],
            "one_more_solution": m["one_more_solution"],
            "possible": m["possible"],
        },
        "explanation": format!(
            "You played {}: a Flub of the {} claim (M69 3.5). {}",
            m["mv"].as_str().unwrap_or("?"),
            m["flub"].as_str().unwrap_or("?").to_uppercase(),
            m["better"].as_str().unwrap_or("")
        ),
    }))
}

/// A match's move `m` that was a Flub, from the position before it.
fn flub(m: &Value, pos: &Position) -> Option<Value> {
    let class = m["class"].as_str().unwrap_or("safe");
    if class == "safe" {
        return None;
    }
    let line = m["line"].as_u64().unwrap_or(0);
    let alt = &m["best_alternative"];
    let why = match class {
        "now-wins" => format!(
            "it let the next player win a Now challenge (V-A-2): {}",
            m["witness"].as_str().unwrap_or("a Solution")
        ),
        _ => "it let the next player win an Impossible challenge (V-A-1)".to_string(),
    };
    let better = alt.as_str().map_or_else(
        || "No move was safe there.".to_string(),
        |a| format!("A safe move was {a}."),
    );
    Some(json!({
        "id": format!("flub-{line}"),
        "kind": "safe-move",
        "source": "flub",
        "round": round(m),
        "line": line,
        "played": m["mv"],
        "position": position_json(pos),
        "question": FLUB_QUESTION,
        "answer": {
            "safe_move": alt,
            "played": m["mv"],
            "class": class,
            "witness": m["witness"],
            "now_correct": m["now_correct"],
            "impossible_correct": m["impossible_correct"],
        },
        "explanation": format!("You played {}: {why}. {better}", m["mv"].as_str().unwrap_or("?")),
    }))
}

/// A missed challenge `c` after the move `after`.
fn missed(c: &Value, after: &Value, is_1969: bool) -> Value {
    let line = after["line"].as_u64().unwrap_or(0);
    let mv = after["mv"].as_str().unwrap_or("that move");
    let (question, answer, explanation) = if is_1969 {
        let claims: Vec<String> = c["claims"]
            .as_array()
            .map(|v| {
                v.iter()
                    .filter_map(|x| x.as_str().map(str::to_uppercase))
                    .collect()
            })
            .unwrap_or_default();
        (
            MISSED_1969_QUESTION,
            json!({ "claims": c["claims"] }),
            format!(
                "After {mv}, a challenge by the claim {} would have won (M69 3.5); nobody challenged.",
                claims.join(" or ")
            ),
        )
    } else {
        let kind = c["kind"].as_str().unwrap_or("?");
        (
            MISSED_QUESTION,
            json!({ "challenge": kind, "witness": c["witness"] }),
            match (kind, c["witness"].as_str()) {
                ("now", Some(w)) => format!(
                    "After {mv}, Now was correct (V-A-2): {w} uses the mat and at most one more cube."
                ),
                _ => format!(
                    "After {mv}, Impossible was correct (V-A-1): no correct Solution could be built any more."
                ),
            },
        )
    };
    json!({
        "id": format!("missed-{line}"),
        "kind": if is_1969 { "claim" } else { "challenge" },
        "source": "missed-challenge",
        "round": round(c),
        "line": line,
        "played": after["mv"],
        "position": after["position_after"],
        "question": question,
        "answer": answer,
        "explanation": explanation,
    })
}

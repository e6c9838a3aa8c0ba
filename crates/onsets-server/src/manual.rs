//! The 1969 manual's games on the server (docs/manual-1969.md).
//! Stateless: a game is its id, seed and the acts
//! played so far, so the server keeps nothing and a page reload loses
//! nothing (the browser keeps the acts). Each request replays the acts
//! through the game's state machine (crates/onsets-manual) off the async
//! threads and answers the state.
//!
//! * `GET /api/manual/games`: the 28 introductory games and the three
//!   solitaire games, described.
//! * `POST /api/manual/play` `{game, seed, players?, first_to_31?, acts: [...]}`: the state
//!   after the acts (`{"state": …}`); an act the game refuses is a 422
//!   `illegal-act` naming it (`field: "acts[i]"`), an unknown game a 404
//!   `no-such-game`.
//! * `GET /api/manual/puzzles`: the §4–§7 puzzles, exercises and examples,
//!   each re-derived as far as the scan allows.

use crate::api::{error_response as error, is_json, ApiCode};
use axum::body::Bytes;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use onsets_manual::intro::{Intro, IntroAct, IntroGame};
use onsets_manual::puzzles;
use onsets_manual::solitaire::{Solitaire, SolitaireAct, SolitaireGame};
use serde::Deserialize;
use serde_json::{json, Value};

/// The largest request body.
pub const MAX_PLAY_BYTES: usize = 256 * 1024;
/// The most acts in one game.
pub const MAX_ACTS: usize = 2000;
/// The longest text in one act.
pub const MAX_TEXT: usize = 1000;

/// The routes, merged into the server's router.
pub fn routes<S: Clone + Send + Sync + 'static>() -> Router<S> {
    Router::new()
        .route("/api/manual/games", get(games))
        .route("/api/manual/play", post(play))
        .route("/api/manual/puzzles", get(puzzle_list))
}

async fn games() -> Response {
    let intro: Vec<Value> = IntroGame::all()
        .into_iter()
        .map(|g| json!(g.describe()))
        .collect();
    let solitaire: Vec<Value> = SolitaireGame::ALL.iter().map(|g| g.describe()).collect();
    Json(json!({ "intro": intro, "solitaire": solitaire })).into_response()
}

async fn puzzle_list() -> Response {
    let items: Vec<Value> = puzzles::items().iter().map(|i| json!(i.verify())).collect();
    Json(json!({ "items": items })).into_response()
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct PlayRequest {
    game: String,
    #[serde(default)]
    seed: u64,
    #[serde(default)]
    players: Option<usize>,
    /// FISH games: the alternate scoring, first to 31 (M69 8.1-A).
    #[serde(default)]
    first_to_31: bool,
    #[serde(default)]
    acts: Vec<Value>,
}

/// Why a replay stopped.
enum Stop {
    NoSuchGame(String),
    BadAct(usize, String),
    /// `first_to_31` asked of a game that is not a FISH game.
    NotFish(String),
    Illegal(usize, String),
}

fn replay(req: PlayRequest) -> Result<Value, Stop> {
    if let Some((g, advanced)) = SolitaireGame::find(&req.game) {
        let mut s = Solitaire::new(g, advanced, req.seed);
        for (i, a) in req.acts.into_iter().enumerate() {
            let act: SolitaireAct =
                serde_json::from_value(a).map_err(|e| Stop::BadAct(i, e.to_string()))?;
            s.act(&act).map_err(|e| Stop::Illegal(i, e.to_string()))?;
        }
        return Ok(s.view());
    }
    let Some(g) = IntroGame::find(&req.game) else {
        return Err(Stop::NoSuchGame(req.game));
    };
    let players = req.players.unwrap_or(2);
    let mut m = if req.first_to_31 {
        Intro::first_to_31(g, players, req.seed).ok_or_else(|| Stop::NotFish(g.title()))?
    } else {
        Intro::new(g, players, req.seed)
    };
    for (i, a) in req.acts.into_iter().enumerate() {
        let act: IntroAct =
            serde_json::from_value(a).map_err(|e| Stop::BadAct(i, e.to_string()))?;
        m.act(&act).map_err(|e| Stop::Illegal(i, e.to_string()))?;
    }
    Ok(m.view())
}

fn too_long(v: &Value) -> bool {
    match v {
        Value::String(s) => s.chars().count() > MAX_TEXT,
        Value::Array(a) => a.len() > 64 || a.iter().any(too_long),
        Value::Object(o) => o.values().any(too_long),
        _ => false,
    }
}

async fn play(headers: HeaderMap, body: Bytes) -> Response {
    if !is_json(&headers) {
        return error(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            ApiCode::UnsupportedMediaType,
            "send the game as JSON, with `Content-Type: application/json`",
            None,
        );
    }
    if body.len() > MAX_PLAY_BYTES {
        return error(
            StatusCode::PAYLOAD_TOO_LARGE,
            ApiCode::TooLarge,
            format!("the request is over {MAX_PLAY_BYTES} bytes"),
            None,
        );
    }
    let req: PlayRequest = match serde_json::from_slice(&body) {
        Ok(r) => r,
        Err(e) => {
            return error(
                StatusCode::BAD_REQUEST,
                ApiCode::BadRequest,
                format!("the request is not a game: {e}"),
                None,
            )
        }
    };
    if req.acts.len() > MAX_ACTS {
        return error(
            StatusCode::PAYLOAD_TOO_LARGE,
            ApiCode::TooLarge,
            format!("at most {MAX_ACTS} acts in a game"),
            Some("acts"),
        );
    }
    if let Some(i) = req.acts.iter().position(too_long) {
        return error(
            StatusCode::BAD_REQUEST,
            ApiCode::TooLong,
            format!("a text of act {i} is over {MAX_TEXT} characters (or lists over 64 Set-Names)"),
            Some(&format!("acts[{i}]")),
        );
    }
    if req.players.is_some_and(|p| !(1..=8).contains(&p)) {
        return error(
            StatusCode::BAD_REQUEST,
            ApiCode::BadField,
            "players: 1 to 8 (teams in SQUAD games; FISH and SETS need 2, OUT is for 2)",
            Some("players"),
        );
    }
    let answer = tokio::task::spawn_blocking(move || replay(req)).await;
    match answer {
        Ok(Ok(state)) => Json(json!({ "state": state })).into_response(),
        Ok(Err(Stop::NoSuchGame(g))) => error(
            StatusCode::NOT_FOUND,
            ApiCode::NoSuchGame,
            format!("no 1969 game is called `{g}` (GET /api/manual/games lists them)"),
            Some("game"),
        ),
        Ok(Err(Stop::NotFish(title))) => error(
            StatusCode::BAD_REQUEST,
            ApiCode::BadField,
            format!("first_to_31: the FISH games' alternate scoring (M69 8.1-A), not {title}'s"),
            Some("first_to_31"),
        ),
        Ok(Err(Stop::BadAct(i, e))) => error(
            StatusCode::BAD_REQUEST,
            ApiCode::BadField,
            format!("act {i} cannot be read: {e}"),
            Some(&format!("acts[{i}]")),
        ),
        Ok(Err(Stop::Illegal(i, e))) => error(
            StatusCode::UNPROCESSABLE_ENTITY,
            ApiCode::IllegalAct,
            e,
            Some(&format!("acts[{i}]")),
        ),
        Err(_) => error(
            StatusCode::INTERNAL_SERVER_ERROR,
            ApiCode::Internal,
            "the game could not be replayed",
            None,
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn req(game: &str, acts: Vec<Value>) -> PlayRequest {
        PlayRequest {
            game: game.into(),
            seed: 2,
            players: None,
            first_to_31: false,
            acts,
        }
    }

    #[test]
    fn replay_the_same_acts_gives_the_same_state() {
        let a = replay(req("go-through", vec![])).ok().unwrap();
        let b = replay(req("go-through", vec![])).ok().unwrap();
        assert_eq!(a, b);
    }

    #[test]
    fn an_illegal_act_names_its_index() {
        let r = replay(req("cube-fish", vec![json!({"type": "pass"})]));
        assert!(matches!(r, Err(Stop::Illegal(0, _))));
        let r = replay(req("one", vec![json!({"type": "nonsense"})]));
        assert!(matches!(r, Err(Stop::BadAct(0, _))));
        assert!(matches!(
            replay(req("chess", vec![])),
            Err(Stop::NoSuchGame(_))
        ));
    }
}

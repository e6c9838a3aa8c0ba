//! Variation drills on the server (docs/practice.md, "Variation drills";
//! docs/protocol.md, "Variation drills"): `GET /api/puzzles/drill` makes
//! puzzles where the chosen variations matter ([`onsets_puzzles::drills`]:
//! the solver proves the answer changes without the variation), on the
//! bounded judging pool; each is kept by the puzzles' store so that it is
//! answered through the existing `POST /api/puzzles/{id}/attempt`.
//! `GET /api/puzzles/drill/variations` lists what can be drilled; the page
//! `/practice/drills` serves the browser client.

use crate::api::{bad, error_response as error, ApiCode, Services};
use crate::pool::{judge, Lane};
use crate::puzzles::register_drilled;

mod ahead;
use axum::extract::rejection::QueryRejection;
use axum::extract::{FromRef, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use onsets_core::Edition;
use onsets_puzzles::drills::{self, DrillError};
use onsets_puzzles::{Kind, Puzzle};
use serde::Deserialize;
use serde_json::json;

/// The routes, merged into the server's router.
pub fn routes<S>() -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    Services: FromRef<S>,
{
    Router::new()
        .route("/api/puzzles/drill", get(drill))
        .route("/api/puzzles/drill/variations", get(variations))
        .route(
            "/practice/drills",
            get(|| async { crate::web::file("index.html") }),
        )
}

#[derive(Debug, Deserialize)]
struct DrillQuery {
    variations: Option<String>,
    kind: Option<String>,
    seed: Option<String>,
    count: Option<String>,
    edition: Option<String>,
}

/// The checked request: the refusal names its field.
struct Asked {
    variations: Vec<String>,
    kind: Kind,
    /// `None`: no seed asked, served from the pool ahead ([`ahead`]).
    seed: Option<u64>,
    count: usize,
    edition: Edition,
}

#[allow(clippy::result_large_err)] // the refusal is the whole response
fn read(q: DrillQuery) -> Result<Asked, Response> {
    let variations: Vec<String> = q
        .variations
        .as_deref()
        .unwrap_or("")
        .split(',')
        .map(|s| s.trim().to_string())
        .filter(|s| !s.is_empty())
        .collect();
    let kind = match q.kind.as_deref() {
        None | Some("") => Kind::Challenge,
        Some(k) => k.parse::<Kind>().map_err(|e| bad("kind", e))?,
    };
    let seed = match q.seed.as_deref() {
        None | Some("") => None,
        Some(s) => Some(s.parse::<u64>().map_err(|_| {
            bad(
                "seed",
                format!("`seed` is a whole number 0 to 2⁶⁴−1, not `{s}`"),
            )
        })?),
    };
    let count = match q.count.as_deref() {
        None | Some("") => 5,
        Some(s) => s.parse::<usize>().map_err(|_| {
            bad(
                "count",
                format!("`count` is 1 to {}, not `{s}`", drills::MAX_COUNT),
            )
        })?,
    };
    let edition = match q.edition.as_deref() {
        None | Some("") | Some("2026-27") => Edition::Tournament2026,
        Some("2019-20") => Edition::Mlag2019,
        Some(e) => {
            return Err(bad(
                "edition",
                format!("`edition` is 2026-27 or 2019-20 (variations, XIII), not `{e}`"),
            ))
        }
    };
    Ok(Asked {
        variations,
        kind,
        seed,
        count,
        edition,
    })
}

/// A refusal of [`drills::drill_in`]: 400 naming the field, or 404
/// `no-puzzles` when the bounded search found too few.
fn refused(e: DrillError) -> Response {
    match e.field() {
        Some(field) => bad(field, e.to_string()),
        None => error(
            StatusCode::NOT_FOUND,
            ApiCode::NoPuzzles,
            e.to_string(),
            None,
        ),
    }
}

/// `GET /api/puzzles/drill?variations=a,b&kind=K[&seed=S]&count=N[&edition=E]`
/// → `{"puzzles": [...], "variations": [...], "pooled": N}` (the puzzles
/// without their answers; the variations drilled, each with its section and
/// words; how many puzzles came from the pool made ahead). With a `seed`
/// the drill is made from it (the same seed, the same puzzles); without
/// one, a single variation's puzzles are drawn from the pool made ahead
/// ([`ahead`]), the rest made at once from a fresh seed.
async fn drill(
    State(app): State<Services>,
    q: Result<Query<DrillQuery>, QueryRejection>,
) -> Response {
    let q = match q {
        Ok(Query(q)) => q,
        Err(e) => return bad("query", e.body_text()),
    };
    let asked = match read(q) {
        Ok(a) => a,
        Err(r) => return r,
    };
    let names: Vec<&str> = asked.variations.iter().map(String::as_str).collect();
    // refused at once, before the pool, when the request is wrong
    let chosen = match drills::parse_variations(&names, asked.kind) {
        Ok(c) => c,
        Err(e) => return refused(e),
    };
    if asked.count == 0 || asked.count > drills::MAX_COUNT {
        return refused(DrillError::Count(asked.count));
    }
    let chosen: Vec<drills::Drillable> = chosen.into_iter().copied().collect();
    let Asked {
        variations,
        kind,
        seed,
        count,
        edition,
    } = asked;
    let made = match seed {
        Some(seed) => made(edition, variations, kind, seed, count).await,
        None => ahead::served(edition, variations, kind, count).await,
    };
    let (puzzles, pooled) = match made {
        Ok(p) => p,
        Err(r) => return r,
    };
    if let Err(e) = crate::store::puzzles::ensure_pool(&app.store, &puzzles).await {
        return crate::api::storage_failure("drill", e);
    }
    for p in &puzzles {
        register_drilled(p);
    }
    Json(json!({
        "puzzles": puzzles.iter().map(|p| p.question_only()).collect::<Vec<_>>(),
        "variations": chosen,
        "pooled": pooled,
    }))
    .into_response()
}

/// `count` puzzles made on the judging pool from `seed` (deterministic),
/// with the number of them taken from the pool ahead (none).
async fn made(
    edition: Edition,
    variations: Vec<String>,
    kind: Kind,
    seed: u64,
    count: usize,
) -> Result<(Vec<Puzzle>, usize), Response> {
    let made = judge()
        .run(Lane::Yielding, move || {
            let names: Vec<&str> = variations.iter().map(String::as_str).collect();
            drills::drill_in(edition, &names, kind, seed, count)
        })
        .await;
    match made {
        Some(Ok(p)) => Ok((p, 0)),
        Some(Err(e)) => Err(refused(e)),
        None => Err(error(
            StatusCode::INTERNAL_SERVER_ERROR,
            ApiCode::Internal,
            "the drill could not be made",
            None,
        )),
    }
}

/// `GET /api/puzzles/drill/variations` → `{"variations": [{"keyword",
/// "section", "words", "division", "kinds"}]}`.
async fn variations() -> Response {
    Json(json!({ "variations": drills::VARIATIONS })).into_response()
}

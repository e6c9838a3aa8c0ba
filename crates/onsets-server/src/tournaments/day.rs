//! A tournament day's routes (docs/tournaments.md, an organizer's guide;
//! docs/protocol.md, "Tournament days"): schools and their coaches,
//! registration closed, check-in and no-shows, rooms and their judges,
//! per-room pairings to print, awards per division, and retrying an
//! online round's tables that did not open.

use super::list;
use super::{
    change, change_by, event_pdf, forfeit_absent, forfeit_later, load, no_such, open_tables,
    round_number, team_size,
};
use crate::api::{bad, read_json, read_no_body, storage, Services};
use crate::store::accounts as accounts_store;
use crate::web;
use axum::body::Bytes;
use axum::extract::{FromRef, Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use onsets_tournament::{Awards, Event};
use serde::Deserialize;
use serde_json::{json, Value};

/// The tournament day's routes (API and pages).
pub fn routes<S>() -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    Services: FromRef<S>,
{
    Router::new()
        .route("/api/tournaments", get(list::list))
        .route(
            "/api/tournaments/{id}/schools",
            get(schools).post(add_school),
        )
        .route("/api/tournaments/{id}/coach", post(join_as_coach))
        .route("/api/tournaments/{id}/registration", post(registration))
        .route("/api/tournaments/{id}/checkin", post(check_in))
        .route("/api/tournaments/{id}/no-shows", post(no_shows))
        .route("/api/tournaments/{id}/rooms", post(add_room))
        .route("/api/tournaments/{id}/judges", post(add_judge))
        .route("/api/tournaments/{id}/awards", get(awards).post(set_awards))
        .route("/api/tournaments/{id}/awards.pdf", get(awards_pdf))
        .route(
            "/api/tournaments/{id}/rounds/{n}/pairings.pdf",
            get(pairings_pdf),
        )
        .route("/api/tournaments/{id}/tables", post(retry_tables))
        .route("/api/tournaments/{id}/forfeits", post(forfeits))
        .route("/api/tournaments/{id}/seats", get(super::seats::seats))
        .route(
            "/api/tournaments/{id}/entries/{n}/seat",
            get(super::seats::seat),
        )
        .route(
            "/api/tournaments/{id}/certificates.pdf",
            get(certificates_pdf),
        )
        .route(
            "/tournaments/{id}/{page}",
            get(|| async { web::file("index.html") }),
        )
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Named {
    name: String,
}

/// A fresh code for a school's coach: 8 letters and digits.
fn fresh_code() -> String {
    uuid::Uuid::new_v4().simple().to_string()[..8].to_uppercase()
}

/// `POST /api/tournaments/{id}/schools {"name"}`: the organizer registers a
/// school (or club): 201 `{"id","name","code"}`, the code its coach joins
/// with (`…/coach`).
async fn add_school(
    State(app): State<Services>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let req: Named = match read_json(&headers, &body) {
        Ok(r) => r,
        Err(r) => return r,
    };
    let name = match crate::text::normalize_name(&req.name) {
        Ok(n) => n,
        Err(m) => return bad("name", m),
    };
    let code = fresh_code();
    match change(&app, &headers, &id, |e| {
        let school = e.add_school(&name, &code)?;
        Ok(json!({ "id": school, "name": name, "code": code }))
    })
    .await
    {
        Ok(v) => (StatusCode::CREATED, Json(v)).into_response(),
        Err(r) => r,
    }
}

/// `GET /api/tournaments/{id}/schools`: the organizer's list of schools
/// with their coaches' codes: `{"schools":[{"id","name","code","coach"}]}`.
async fn schools(
    State(app): State<Services>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Response {
    let message = "only the tournament's organizer sees the coaches' codes";
    match super::organizers_event(&app, &headers, &id, message).await {
        Ok(s) => Json(json!({
            "schools": s.event.day.schools.iter().map(|x| json!({
                "id": x.id, "name": x.name, "code": x.code, "coach": x.coach_name,
            })).collect::<Vec<_>>(),
        }))
        .into_response(),
        Err(r) => r,
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Code {
    code: String,
}

/// `POST /api/tournaments/{id}/coach {"code"}`: the signed-in account
/// becomes the coach of the school of that code: `{"school","name"}`.
async fn join_as_coach(
    State(app): State<Services>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let req: Code = match read_json(&headers, &body) {
        Ok(r) => r,
        Err(r) => return r,
    };
    match change_by(&app, &headers, &id, false, |e, a, _| {
        let s = e.join_as_coach(&req.code, &a.id, &a.name)?;
        Ok(json!({ "school": s.id, "name": s.name, "coach": a.name }))
    })
    .await
    {
        Ok((v, _)) => Json(v).into_response(),
        Err(r) => r,
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Registration {
    open: bool,
}

/// `POST /api/tournaments/{id}/registration {"open"}`: the organizer
/// closes (or reopens) registration.
async fn registration(
    State(app): State<Services>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let req: Registration = match read_json(&headers, &body) {
        Ok(r) => r,
        Err(r) => return r,
    };
    match change(&app, &headers, &id, |e| {
        e.day.registration_closed = !req.open;
        Ok(json!({ "registration": if req.open { "open" } else { "closed" } }))
    })
    .await
    {
        Ok(v) => Json(v).into_response(),
        Err(r) => r,
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CheckIn {
    name: String,
    /// `false` undoes a check-in.
    present: Option<bool>,
}

/// `POST /api/tournaments/{id}/checkin {"name","present"?}`: the organizer
/// checks an entry in on the day: `{"entry","name","checked_in"}`.
async fn check_in(
    State(app): State<Services>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let req: CheckIn = match read_json(&headers, &body) {
        Ok(r) => r,
        Err(r) => return r,
    };
    let present = req.present.unwrap_or(true);
    match change(&app, &headers, &id, |e| {
        let n = e.check_in(&req.name, present)?;
        Ok(json!({ "entry": n + 1, "name": e.entries[n].name, "checked_in": present }))
    })
    .await
    {
        Ok(v) => Json(v).into_response(),
        Err(r) => r,
    }
}

/// `POST /api/tournaments/{id}/no-shows`: the organizer withdraws every
/// entry still in that has not checked in: `{"withdrawn": [names]}`.
async fn no_shows(
    State(app): State<Services>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    if let Err(r) = read_no_body(&headers, &body) {
        return r;
    }
    match change(&app, &headers, &id, |e| {
        let gone = e.withdraw_no_shows();
        let names: Vec<&str> = gone.iter().map(|n| e.entries[*n].name.as_str()).collect();
        Ok(json!({ "withdrawn": names }))
    })
    .await
    {
        Ok(v) => Json(v).into_response(),
        Err(r) => r,
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewRoom {
    name: String,
    tables: u32,
}

/// `POST /api/tournaments/{id}/rooms {"name","tables"}`: 201 with the
/// rooms, each with its first and last table number.
async fn add_room(
    State(app): State<Services>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let req: NewRoom = match read_json(&headers, &body) {
        Ok(r) => r,
        Err(r) => return r,
    };
    let name = match crate::text::normalize_name(&req.name) {
        Ok(n) => n,
        Err(m) => return bad("name", m),
    };
    match change(&app, &headers, &id, |e| {
        e.add_room(&name, req.tables)?;
        Ok(json!({ "name": name, "tables": req.tables, "rooms": rooms(e) }))
    })
    .await
    {
        Ok(v) => (StatusCode::CREATED, Json(v)).into_response(),
        Err(r) => r,
    }
}

/// The rooms with their table numbers.
fn rooms(e: &Event) -> Vec<Value> {
    let mut first = 1;
    e.day
        .rooms
        .iter()
        .map(|r| {
            let v = json!({ "name": r.name, "tables": r.tables, "first": first, "last": first + r.tables - 1 });
            first += r.tables;
            v
        })
        .collect()
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NewJudge {
    /// The judge's account name.
    name: String,
    room: String,
}

/// `POST /api/tournaments/{id}/judges {"name","room"}`: the organizer lets
/// an account (by name) enter the scoresheets of a room's tables.
async fn add_judge(
    State(app): State<Services>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let req: NewJudge = match read_json(&headers, &body) {
        Ok(r) => r,
        Err(r) => return r,
    };
    let key = req.name.trim().to_lowercase();
    let judge = match accounts_store::find(&app.store, &key).await {
        Ok(Some(a)) => a,
        Ok(None) => {
            let shown: String = req.name.chars().take(40).collect();
            return bad("name", format!("there is no account `{shown}`"));
        }
        Err(e) => return storage(e),
    };
    match change(&app, &headers, &id, |e| {
        let room = e.assign_judge(&req.room, &judge.id, &judge.name)?;
        Ok(json!({ "room": room, "judge": judge.name }))
    })
    .await
    {
        Ok(v) => Json(v).into_response(),
        Err(r) => r,
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SetAwards {
    places: u32,
    team_places: Option<u32>,
    team_size: Option<u32>,
}

/// `POST /api/tournaments/{id}/awards {"places","team_places"?,"team_size"?}`.
async fn set_awards(
    State(app): State<Services>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let req: SetAwards = match read_json(&headers, &body) {
        Ok(r) => r,
        Err(r) => return r,
    };
    let a = Awards {
        places: req.places,
        team_places: req.team_places.unwrap_or(0),
        team_size: req.team_size.unwrap_or(3),
    };
    match change(&app, &headers, &id, |e| {
        e.set_awards(a)?;
        Ok(awards_view(e))
    })
    .await
    {
        Ok(v) => Json(v).into_response(),
        Err(r) => r,
    }
}

/// Each division's award winners: the top `places` of its standings and
/// its top `team_places` schools (default: 3 places, no team awards).
pub(crate) fn awards_view(e: &Event) -> Value {
    let a = e.day.awards.unwrap_or(Awards {
        places: 3,
        team_places: 0,
        team_size: 3,
    });
    json!({
        "name": e.name,
        "places": a.places,
        "team_places": a.team_places,
        "team_size": a.team_size,
        "finished": e.paired.len() as u32 == e.rounds && e.paired.last().is_some_and(|r| r.finished()),
        "divisions": e.division_names().iter().map(|d| json!({
            "division": d.to_lowercase(),
            "places": onsets_tournament::division_standings(e, d)
                .into_iter().take(a.places as usize).collect::<Vec<_>>(),
            "schools": onsets_tournament::school_standings(e, d, team_size(e))
                .into_iter().take(a.team_places as usize).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
    })
}

/// `GET /api/tournaments/{id}/awards`: the awards as they stand (public).
async fn awards(State(app): State<Services>, Path(id): Path<String>) -> Response {
    match load(&app.store, &id).await {
        Ok(Some(s)) => Json(awards_view(&s.event)).into_response(),
        Ok(None) => no_such(&id),
        Err(e) => storage(e),
    }
}

/// `GET /api/tournaments/{id}/awards.pdf`: the awards list to print.
async fn awards_pdf(State(app): State<Services>, Path(id): Path<String>) -> Response {
    event_pdf(&app, &id, "awards.pdf", |e| {
        crate::scoresheets::awards_pdf(e, &awards_view(e))
    })
    .await
}

/// `GET /api/tournaments/{id}/certificates.pdf`: a certificate per award
/// (each placed player and school, division by division) to print.
async fn certificates_pdf(State(app): State<Services>, Path(id): Path<String>) -> Response {
    event_pdf(&app, &id, "certificates.pdf", |e| {
        crate::scoresheets::certificates_pdf(e, &awards_view(e))
    })
    .await
}

/// `GET /api/tournaments/{id}/rounds/{n}/pairings.pdf`: a round's
/// pairings, a page per room, to post at its door.
async fn pairings_pdf(
    State(app): State<Services>,
    Path((id, round)): Path<(String, String)>,
) -> Response {
    let round = match round_number(&round) {
        Ok(n) => n,
        Err(r) => return r,
    };
    event_pdf(&app, &id, &format!("round-{round}-pairings.pdf"), |e| {
        crate::scoresheets::pairings_pdf(e, round)
    })
    .await
}

/// `POST /api/tournaments/{id}/tables`: opens again the online tables of
/// the last round that did not open (`{"tables": [ids or null]}`); only
/// the organizer.
async fn retry_tables(
    State(app): State<Services>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    if let Err(r) = read_no_body(&headers, &body) {
        return r;
    }
    if let Err(r) = super::organizers_event(
        &app,
        &headers,
        &id,
        "only the tournament's organizer may open its tables",
    )
    .await
    {
        return r;
    }
    match open_tables(&app, &id).await {
        Ok(links) => {
            forfeit_later(&app, &id).await;
            Json(json!({ "tables": links })).into_response()
        }
        Err(r) => r,
    }
}

/// `POST /api/tournaments/{id}/forfeits`: the organizer forfeits now the
/// last round's online tables still waiting for a person (as the grace
/// minutes' end does): `{"forfeited": [table numbers]}`.
async fn forfeits(
    State(app): State<Services>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    if let Err(r) = read_no_body(&headers, &body) {
        return r;
    }
    if let Err(r) = super::organizers_event(
        &app,
        &headers,
        &id,
        "only the tournament's organizer forfeits its tables",
    )
    .await
    {
        return r;
    }
    match forfeit_absent(&app, &id).await {
        Ok(done) => Json(json!({ "forfeited": done })).into_response(),
        Err(e) => storage(anyhow::anyhow!(e.to_string())),
    }
}

//! Tournaments on the server: an organizer's events (stored by
//! [`crate::store::tournaments`] with an optimistic version, so several
//! instances may share one database), their entries, pairings, results,
//! standings and printable sheets, and their online tables, opened through
//! the [`Tables`] port and scored when their matches end. The routes are
//! described in docs/protocol.md, "Tournaments".

// Handlers' early returns are whole responses, built once per request.
#![allow(clippy::result_large_err)]

mod day;
mod list;
mod seats;
pub use day::routes;
pub use list::events_of;

use crate::accounts::{require, Account};
use crate::api::{api_error, bad, read_json, read_no_body, storage, too_many, unavailable};
use crate::api::{ApiCode, ApiError, Client, Services, TableRequest, Tables};
use crate::store::news::News;
use crate::store::tournaments::{self as stored, StoredEvent, TableLink};
use crate::store::{Store, StoreError};
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use onsets_core::{Division, Edition};
use onsets_tournament::{Event, EventError, FirstRound, Online};
use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::BTreeMap;

/// Why the server's own change of an event (an online table's result, its
/// tables' links) was not stored.
#[derive(Debug, thiserror::Error)]
pub enum SystemChangeError {
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error(transparent)]
    Event(#[from] EventError),
    #[error("there is no tournament `{0}`")]
    NoSuchTournament(String),
    #[error("tournament `{0}` kept changing")]
    Busy(String),
    /// The finished table's log (the tables' part of the store).
    #[error("the table's log: {0}")]
    Log(String),
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewTournament {
    pub name: String,
    /// The one division (or give `divisions`).
    pub division: Option<String>,
    /// The divisions played side by side (docs/tournaments.md).
    pub divisions: Option<Vec<String>>,
    /// The rules: `2026-27` (default), `2019-20` or `1969` (docs/editions.md;
    /// online tables play 2026-27 or 2019-20).
    pub edition: Option<String>,
    pub rounds: u32,
    /// `random` (default) or `seeds`.
    pub first_round: Option<String>,
    /// The first round's random seed (default: fresh).
    pub seed: Option<u64>,
    /// Play every table online (default: over the board).
    pub online: Option<bool>,
    /// Online tables: the round's length (XI-B, default 30).
    pub round_minutes: Option<u32>,
    /// Online tables: Adventurous (default) or Basic.
    pub adventurous: Option<bool>,
    /// Online tables: `judge` (default) or `players` (VII-C).
    pub checking: Option<String>,
    /// Online tables: bots' think time, percent (default 100).
    pub bot_pace: Option<u32>,
    /// Online tables: minutes a person has to take their seat after the
    /// round is paired, 0 to 120 (default 10; 0 never forfeits).
    pub grace_minutes: Option<u32>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewEntry {
    pub name: String,
    pub team: Option<String>,
    /// A bot of this level plays the entry at online tables.
    pub bot: Option<String>,
    /// A registered school's name (a coach's entries: their school).
    pub school: Option<String>,
    /// One of the event's divisions (default: its first).
    pub division: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Result_ {
    pub round: u32,
    pub table: u32,
    /// The match points by name (or give `shakes`).
    pub match_points: Option<BTreeMap<String, u8>>,
    pub scores: Option<BTreeMap<String, i64>>,
    /// Every shake's scores in the table's seat order (X): the match
    /// scores and points follow (XII-A).
    pub shakes: Option<Vec<Vec<i64>>>,
    /// Players who did not play (XII-A: 0), by name.
    pub absent: Option<Vec<String>>,
    /// The players' initials in seat order (XII-B).
    pub initials: Option<Vec<String>>,
}

pub(crate) fn no_such(id: &str) -> Response {
    let shown: String = id.chars().take(64).collect();
    api_error(
        StatusCode::NOT_FOUND,
        ApiError::new(
            ApiCode::NoSuchTournament,
            format!("there is no tournament `{shown}`"),
            Some("id"),
        ),
    )
}

/// A refused change: 403 `not-organizer` for an account that may not make
/// it (not the school's coach, not the room's judge), else 400 naming the
/// field.
fn event_error(e: EventError) -> Response {
    use onsets_tournament::DayError;
    match &e {
        EventError::Day(
            DayError::NotYourSchool(_) | DayError::NotACoach | DayError::NotYourRoom { .. },
        ) => api_error(
            StatusCode::FORBIDDEN,
            ApiError::new(ApiCode::NotOrganizer, e.to_string(), Some(e.field())),
        ),
        _ => bad(e.field(), e.to_string()),
    }
}

/// Event `id`, as stored.
async fn load(store: &Store, id: &str) -> Result<Option<StoredEvent>, StoreError> {
    stored::load(store, id).await
}

/// The event's public view.
fn view(id: &str, organizer_name: Option<&str>, e: &Event) -> Value {
    let name = |i: usize| e.entries[i].name.clone();
    json!({
        "id": id,
        "link": format!("/tournaments/{id}"),
        "name": e.name,
        "division": e.division.to_lowercase(),
        "edition": e.edition,
        "rounds": e.rounds,
        "organizer": organizer_name,
        "entries": e.entries,
        "online": e.online,
        "paired": e.paired.iter().map(|r| json!({
            "round": r.round,
            "finished": r.finished(),
            "bye": r.bye.map(name),
            "tables": r.tables.iter().map(|t| json!({
                "table": t.table,
                "players": t.players.iter().map(|p| name(*p)).collect::<Vec<_>>(),
                "match_points": t.match_points,
                "scores": t.scores,
                "online": t.online,
                "link": t.online.as_ref().map(|o| format!("/t/{o}")),
                "division": e.division_of_table(t).to_lowercase(),
                "room": e.room_of(t.table),
                "in": t.match_points.is_some(),
                "sheet": t.sheet,
            })).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
        "divisions": e.division_names().iter().map(|d| d.to_lowercase()).collect::<Vec<_>>(),
        "registration": if e.day.registration_closed { "closed" } else { "open" },
        "schools": e.day.schools.iter().map(|s| json!({
            "id": s.id, "name": s.name, "coach": s.coach_name,
        })).collect::<Vec<_>>(),
        "rooms": e.day.rooms.iter().map(|r| json!({
            "name": r.name, "tables": r.tables,
            "judges": r.judges.iter().map(|j| j.name.clone()).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
        "awards": e.day.awards,
        "corrections": e.day.corrections,
    })
}

/// `POST /api/tournaments`.
pub(crate) async fn create(
    State(app): State<Services>,
    Client(client): Client,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let req: NewTournament = match read_json(&headers, &body) {
        Ok(r) => r,
        Err(r) => return r,
    };
    let account = match require(&app.store, &headers).await {
        Ok(a) => a,
        Err(r) => return r,
    };
    if let Err(l) = app.limits.create(client) {
        return too_many(&app, l);
    }
    let divisions = match divisions_of(&req) {
        Ok(d) => d,
        Err(r) => return r,
    };
    let division = divisions[0];
    let first = match req.first_round.as_deref() {
        None | Some("random") => FirstRound::Random(
            req.seed
                .unwrap_or_else(|| uuid::Uuid::new_v4().as_u64_pair().0),
        ),
        Some("seeds") => FirstRound::Seeds,
        Some(_) => return bad("first_round", "`first_round` is `random` or `seeds`"),
    };
    if req.name.chars().any(char::is_control) {
        return bad("name", "a name has no control characters");
    }
    let edition = match req.edition.as_deref().map(|e| Edition::from_parts(e, None)) {
        None => Edition::default(),
        Some(Ok(e)) => e,
        Some(Err(e)) => return bad("edition", e),
    };
    let mut event = match Event::new(&req.name, division, req.rounds, first) {
        Ok(e) => e,
        Err(e) => return event_error(e),
    };
    event.edition = edition.name().to_string();
    if divisions.len() > 1 {
        let names = divisions.iter().map(|d| d.name().to_string()).collect();
        if let Err(e) = event.set_divisions(names) {
            return event_error(e);
        }
    }
    if req.online == Some(true) {
        let online = Online {
            round_minutes: req.round_minutes.unwrap_or(30),
            adventurous: req.adventurous.unwrap_or(true),
            checking: req.checking.clone().unwrap_or_else(|| "judge".into()),
            bot_pace: req.bot_pace.unwrap_or(100),
            grace_minutes: req.grace_minutes.unwrap_or(10),
        };
        if online.grace_minutes > 120 {
            return bad("grace_minutes", "a grace period is 0 to 120 minutes");
        }
        // The table settings are checked as a table's would be.
        let probe = table_request(&event, &online, vec![None; 2]);
        if let Err(e) = app.tables.check(&probe) {
            return bad(e.field.as_deref().unwrap_or("online"), e.message);
        }
        event.online = Some(online);
    }
    let id = uuid::Uuid::new_v4().simple().to_string()[..12].to_string();
    if let Err(e) = stored::insert(&app.store, &id, &account.id, &event).await {
        return storage(e);
    }
    (
        StatusCode::CREATED,
        Json(view(&id, Some(&account.name), &event)),
    )
        .into_response()
}

/// The divisions of a new event: `divisions`, else `division`.
fn divisions_of(req: &NewTournament) -> Result<Vec<Division>, Response> {
    let given: Vec<String> = match (&req.divisions, &req.division) {
        (Some(d), _) if !d.is_empty() => d.clone(),
        (_, Some(d)) => vec![d.clone()],
        _ => return Err(bad("division", "give `division` or `divisions`")),
    };
    if given.len() > 4 {
        return Err(bad("divisions", "an event has at most the four divisions"));
    }
    let field = if req.divisions.as_ref().is_some_and(|d| !d.is_empty()) {
        "divisions"
    } else {
        "division"
    };
    given
        .iter()
        .map(|d| d.parse::<Division>().map_err(|e| bad(field, e)))
        .collect()
}

async fn organizer_name(store: &Store, organizer: &str) -> Option<String> {
    crate::store::accounts::name_of(store, organizer)
        .await
        .ok()
        .flatten()
}

/// `GET /api/tournaments/{id}`.
pub async fn get(State(app): State<Services>, Path(id): Path<String>) -> Response {
    match load(&app.store, &id).await {
        Ok(Some(s)) => {
            let org = organizer_name(&app.store, &s.organizer).await;
            Json(view(&id, org.as_deref(), &s.event)).into_response()
        }
        Ok(None) => no_such(&id),
        Err(e) => storage(e),
    }
}

/// `GET /api/tournaments/{id}/standings`.
pub async fn standings(State(app): State<Services>, Path(id): Path<String>) -> Response {
    match load(&app.store, &id).await {
        Ok(Some(s)) => Json(json!({
            "id": id,
            "name": s.event.name,
            "division": s.event.division.to_lowercase(),
            "edition": s.event.edition,
            "rounds": s.event.rounds,
            "round": s.event.paired.len(),
            "finished": s.event.paired.last().is_some_and(|r| r.finished()),
            "standings": onsets_tournament::standings(&s.event),
            "teams": onsets_tournament::team_standings(&s.event),
            "divisions": s.event.division_names().iter().map(|d| json!({
                "division": d.to_lowercase(),
                "standings": onsets_tournament::division_standings(&s.event, d),
                "schools": onsets_tournament::school_standings(&s.event, d, team_size(&s.event)),
            })).collect::<Vec<_>>(),
        }))
        .into_response(),
        Ok(None) => no_such(&id),
        Err(e) => storage(e),
    }
}

/// How many players count for a school (the awards' setting, else 3).
pub(crate) fn team_size(e: &Event) -> usize {
    e.day.awards.map_or(3, |a| a.team_size as usize)
}

/// Loads the event, checks the organizer, applies `change` and stores the
/// result (retrying when another request changed the event meanwhile).
async fn change(
    app: &Services,
    headers: &HeaderMap,
    id: &str,
    change: impl Fn(&mut Event) -> Result<Value, EventError>,
) -> Result<Value, Response> {
    change_by(app, headers, id, true, |e, _, _| change(e))
        .await
        .map(|(v, _)| v)
}

/// [`change`] by any signed-in account (`organizer_only` false) or by the
/// organizer only; `change` sees the account and whether it is the
/// organizer's.
async fn change_by(
    app: &Services,
    headers: &HeaderMap,
    id: &str,
    organizer_only: bool,
    change: impl Fn(&mut Event, &Account, bool) -> Result<Value, EventError>,
) -> Result<(Value, Account), Response> {
    let account = require(&app.store, headers).await?;
    for _ in 0..8 {
        let mut s = match load(&app.store, id).await {
            Ok(Some(s)) => s,
            Ok(None) => return Err(no_such(id)),
            Err(e) => return Err(storage(e)),
        };
        let organizer = s.organizer == account.id;
        if organizer_only && !organizer {
            return Err(not_organizer(
                "only the tournament's organizer may change it",
            ));
        }
        let out = change(&mut s.event, &account, organizer).map_err(event_error)?;
        match stored::save(&app.store, id, s.version, &s.event).await {
            Ok(true) => {
                app.news.changed(&app.store, id).await;
                return Ok((out, account));
            }
            Ok(false) => continue,
            Err(e) => return Err(storage(e)),
        }
    }
    Err(api_error(
        StatusCode::CONFLICT,
        ApiError::new(
            ApiCode::Busy,
            "the tournament is being changed; try again",
            None,
        ),
    ))
}

/// Event `id` for its organizer: the signed-in account's, or the answer to
/// send (401 signed out, 403 `not-organizer` with `message`, 404, 503).
pub(crate) async fn organizers_event(
    app: &Services,
    headers: &HeaderMap,
    id: &str,
    message: &str,
) -> Result<StoredEvent, Response> {
    let account = require(&app.store, headers).await?;
    match load(&app.store, id).await {
        Ok(Some(s)) if s.organizer != account.id => Err(not_organizer(message)),
        Ok(Some(s)) => Ok(s),
        Ok(None) => Err(no_such(id)),
        Err(e) => Err(storage(e)),
    }
}

/// 403 `not-organizer` with `message`.
pub(crate) fn not_organizer(message: &str) -> Response {
    api_error(
        StatusCode::FORBIDDEN,
        ApiError::new(ApiCode::NotOrganizer, message, None),
    )
}

/// `POST /api/tournaments/{id}/entries`: the organizer enters anyone (a
/// late entry once registration closed); a school's coach enters players
/// of their school while registration is open.
pub async fn add_entry(
    State(app): State<Services>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let req: NewEntry = match read_json(&headers, &body) {
        Ok(r) => r,
        Err(r) => return r,
    };
    let name = match crate::text::normalize_name(&req.name) {
        Ok(n) => n,
        Err(m) => return bad("name", m),
    };
    let team = match req
        .team
        .as_deref()
        .map(crate::text::normalize_name)
        .transpose()
    {
        Ok(t) => t,
        Err(m) => return bad("team", m),
    };
    let bot = match req.bot.as_deref().map(str::trim) {
        None | Some("") => None,
        Some(l) => match l.parse::<onsets_bots::Level>() {
            Ok(_) => Some(l.to_lowercase()),
            Err(e) => return bad("bot", e),
        },
    };
    let school = req
        .school
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty());
    let division = req
        .division
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty());
    match change_by(&app, &headers, &id, false, |e, a, organizer| {
        let school = if organizer {
            school.map(str::to_string)
        } else {
            Some(coach_school(e, a, school)?)
        };
        let n = e.register(&onsets_tournament::Registration {
            name: &name,
            team: team.as_deref(),
            school: school.as_deref(),
            division,
        })?;
        e.entries[n].bot = bot.clone();
        let x = &e.entries[n];
        Ok(json!({
            "entry": n + 1, "name": name, "team": team, "bot": bot,
            "school": x.school, "division": e.division_of(n).to_lowercase(), "late": x.late,
        }))
    })
    .await
    {
        Ok((v, _)) => (StatusCode::CREATED, Json(v)).into_response(),
        Err(r) => r,
    }
}

/// The school a coach `a` enters for (`given`, if any, must be theirs),
/// while registration is open.
fn coach_school(e: &Event, a: &Account, given: Option<&str>) -> Result<String, EventError> {
    use onsets_tournament::DayError;
    let Some(mine) = e.school_coached_by(&a.id) else {
        return Err(DayError::NotACoach.into());
    };
    if given.is_some_and(|g| !g.eq_ignore_ascii_case(&mine.name)) {
        return Err(DayError::NotYourSchool(mine.name.clone()).into());
    }
    if e.day.registration_closed {
        return Err(DayError::RegistrationClosed.into());
    }
    Ok(mine.name.clone())
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Withdrawal {
    pub name: String,
}

/// `POST /api/tournaments/{id}/join`: the signed-in account enters under
/// its own name (any account; the event's profile link follows).
pub async fn join(
    State(app): State<Services>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    if let Err(r) = read_no_body(&headers, &body) {
        return r;
    }
    let (v, account) = match change_by(&app, &headers, &id, false, |e, a, _| {
        if e.day.registration_closed {
            return Err(onsets_tournament::DayError::RegistrationClosed.into());
        }
        let n = e.add_entry(&a.name, None)?;
        Ok(json!({ "entry": n + 1, "name": a.name, "team": null }))
    })
    .await
    {
        Ok(x) => x,
        Err(r) => return r,
    };
    if let Err(e) = stored::add_player(&app.store, &id, &account.id).await {
        return storage(e);
    }
    (StatusCode::CREATED, Json(v)).into_response()
}

/// `POST /api/tournaments/{id}/withdrawals {"name"}`: the organizer
/// withdraws an entry: not paired in later rounds, kept in the standings.
pub async fn withdraw(
    State(app): State<Services>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let req: Withdrawal = match read_json(&headers, &body) {
        Ok(r) => r,
        Err(r) => return r,
    };
    match change(&app, &headers, &id, |e| {
        let n = e.withdraw(&req.name)?;
        Ok(json!({ "entry": n + 1, "name": e.entries[n].name, "withdrawn": true }))
    })
    .await
    {
        Ok(v) => Json(v).into_response(),
        Err(r) => r,
    }
}

/// `POST /api/tournaments/{id}/rounds`: pairs the next round.
pub async fn pair_round(
    State(app): State<Services>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    if let Err(r) = read_no_body(&headers, &body) {
        return r;
    }
    let paired = change(&app, &headers, &id, |e| {
        let r = e.pair_next_round()?.clone();
        let name = |i: usize| e.entries[i].name.clone();
        Ok(json!({
            "round": r.round,
            "tables": r.tables.iter().map(|t| json!({
                "table": t.table,
                "players": t.players.iter().map(|p| name(*p)).collect::<Vec<_>>(),
            })).collect::<Vec<_>>(),
            "bye": r.bye.map(name),
        }))
    })
    .await;
    let mut v = match paired {
        Ok(v) => v,
        Err(r) => return r,
    };
    match open_tables(&app, &id).await {
        Ok(links) => {
            forfeit_later(&app, &id).await;
            if let Some(tables) = v["tables"].as_array_mut() {
                for (t, link) in tables.iter_mut().zip(links) {
                    t["online"] = json!(link);
                    t["link"] = json!(link.map(|l| format!("/t/{l}")));
                }
            }
        }
        Err(r) => return r,
    }
    (StatusCode::CREATED, Json(v)).into_response()
}

/// `POST /api/tournaments/{id}/results`: one table's scoresheet, by the
/// organizer or a judge of the table's room: match points by name
/// (XII-A), or every shake's scores (`shakes`), from which the match
/// scores and points are computed. A second scoresheet corrects the first
/// and is logged with who and when (XII-B).
pub async fn record_result(
    State(app): State<Services>,
    Path(id): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let req: Result_ = match read_json(&headers, &body) {
        Ok(r) => r,
        Err(r) => return r,
    };
    if req.match_points.as_ref().is_some_and(|m| m.len() > 3)
        || req.scores.as_ref().is_some_and(|s| s.len() > 3)
    {
        return bad("match_points", "a table has at most three players");
    }
    if req.match_points.is_none() && req.shakes.is_none() {
        return bad("shakes", "give the shakes' scores (or the match points)");
    }
    let at = crate::store::now_s();
    let outcome = change_by(&app, &headers, &id, false, |e, a, organizer| {
        if !organizer && !e.judges_table(&a.id, req.table) {
            return Err(onsets_tournament::DayError::NotYourRoom {
                round: req.round,
                table: req.table,
            }
            .into());
        }
        let players = e
            .paired
            .iter()
            .find(|r| r.round == req.round)
            .and_then(|r| r.tables.iter().find(|t| t.table == req.table))
            .map(|t| t.players.clone())
            .unwrap_or_default();
        if let Some(shakes) = &req.shakes {
            let (scores, points) = e.record_sheet(
                req.round,
                req.table,
                shakes,
                req.absent.as_deref().unwrap_or_default(),
                req.initials.as_deref().unwrap_or_default(),
                &a.name,
                at,
            )?;
            if let Some(given) = &req.match_points {
                let names: Vec<String> =
                    players.iter().map(|p| e.entries[*p].name.clone()).collect();
                let expected: BTreeMap<String, u8> =
                    names.iter().cloned().zip(points.iter().copied()).collect();
                let same = given.len() == expected.len()
                    && given.iter().all(|(n, p)| {
                        expected
                            .iter()
                            .any(|(m, q)| m.eq_ignore_ascii_case(n) && q == p)
                    });
                if !same {
                    return Err(EventError::ScoresDisagree {
                        expected: format!("{points:?}"),
                        given: format!("{:?}", given.values().collect::<Vec<_>>()),
                    });
                }
            }
            return Ok(sheet_json(e, &req, &players, &scores, &points));
        }
        let mp = req.match_points.clone().unwrap_or_default();
        e.record_result_by(req.round, req.table, &mp, req.scores.as_ref(), &a.name, at)?;
        Ok(json!({ "round": req.round, "table": req.table, "match_points": mp }))
    })
    .await;
    match outcome {
        Ok((v, _)) => Json(v).into_response(),
        Err(r) => r,
    }
}

/// A scoresheet's answer: the match scores and points by name, in seat
/// order as `players`.
fn sheet_json(e: &Event, req: &Result_, players: &[usize], scores: &[i64], points: &[u8]) -> Value {
    let names: Vec<String> = players.iter().map(|p| e.entries[*p].name.clone()).collect();
    json!({
        "round": req.round,
        "table": req.table,
        "players": names,
        "match_scores": scores,
        "points": points,
        "match_points": names.iter().cloned().zip(points.iter().copied()).collect::<BTreeMap<_, _>>(),
        "scores": names.iter().cloned().zip(scores.iter().copied()).collect::<BTreeMap<_, _>>(),
    })
}

fn pdf(bytes: Vec<u8>, file: &str) -> Response {
    let disposition = format!("inline; filename=\"{file}\"");
    let mut r = (
        [(axum::http::header::CONTENT_TYPE, "application/pdf")],
        bytes,
    )
        .into_response();
    if let Ok(v) = axum::http::HeaderValue::from_str(&disposition) {
        r.headers_mut()
            .insert(axum::http::header::CONTENT_DISPOSITION, v);
    }
    r
}

fn print_error(e: crate::scoresheets::PrintError) -> Response {
    match e {
        crate::scoresheets::PrintError::NoSuchRound(n) => api_error(
            StatusCode::NOT_FOUND,
            ApiError::new(
                ApiCode::NoSuchRound,
                format!("round {n} is not paired"),
                Some("round"),
            ),
        ),
        crate::scoresheets::PrintError::Pdf(m) => storage(anyhow::anyhow!(m)),
    }
}

/// A printable PDF of stored event `id`, made by `make` and served as
/// `file`: 404 `no-such-tournament` when there is no such event, 404
/// `no-such-round` for a round not paired, 503 when the store fails. The
/// one path of every PDF of an event (scoresheets, pairings, awards,
/// certificates).
pub(crate) async fn event_pdf(
    app: &Services,
    id: &str,
    file: &str,
    make: impl FnOnce(&Event) -> Result<Vec<u8>, crate::scoresheets::PrintError>,
) -> Response {
    match load(&app.store, id).await {
        Ok(Some(s)) => match make(&s.event) {
            Ok(b) => pdf(b, file),
            Err(e) => print_error(e),
        },
        Ok(None) => no_such(id),
        Err(e) => storage(e),
    }
}

/// The round of a `/rounds/{n}/…` path, or a 400 naming `round`.
pub(crate) fn round_number(round: &str) -> Result<u32, Response> {
    round
        .parse::<u32>()
        .map_err(|_| bad("round", "a round is a number: 1, 2, …"))
}

/// `GET /api/tournaments/{id}/rounds/{n}/scoresheets.pdf`: a round's
/// printable scoresheets, one per table (public, like the pairings).
pub async fn scoresheets_pdf(
    State(app): State<Services>,
    Path((id, round)): Path<(String, String)>,
) -> Response {
    let round = match round_number(&round) {
        Ok(n) => n,
        Err(r) => return r,
    };
    event_pdf(&app, &id, &format!("round-{round}-scoresheets.pdf"), |e| {
        crate::scoresheets::scoresheets_pdf(e, round)
    })
    .await
}

/// `GET /api/tournaments/{id}/standings.pdf`: the printable standings.
pub async fn standings_pdf(State(app): State<Services>, Path(id): Path<String>) -> Response {
    match load(&app.store, &id).await {
        Ok(Some(s)) => match crate::scoresheets::standings_pdf(&s.event) {
            Ok(b) => pdf(b, "standings.pdf"),
            Err(e) => print_error(e),
        },
        Ok(None) => no_such(&id),
        Err(e) => storage(e),
    }
}

/// The table request of an online event's table.
fn table_request(event: &Event, online: &Online, seats: Vec<Option<String>>) -> TableRequest {
    TableRequest {
        names: Vec::new(),
        keys: Vec::new(),
        division: event.division.to_lowercase(),
        adventurous: online.adventurous,
        seats,
        round_minutes: online.round_minutes,
        checking: online.checking.clone(),
        bot_pace: online.bot_pace,
        edition: event.edition.clone(),
    }
}

/// An online event's last round: opens a server table for each of its
/// tables that has none (people's seats open to join, bots' played), links
/// it to the event and returns each table's id (`None` over the board).
async fn open_tables(app: &Services, id: &str) -> Result<Vec<Option<String>>, Response> {
    let s = match load(&app.store, id).await {
        Ok(Some(s)) => s,
        Ok(None) => return Err(no_such(id)),
        Err(e) => return Err(storage(e)),
    };
    let Some(round) = s.event.paired.last() else {
        return Ok(Vec::new());
    };
    let Some(online) = &s.event.online else {
        return Ok(vec![None; round.tables.len()]);
    };
    let number = round.round;
    let keys = seats::Keys::of(&app.store, id).await.map_err(storage)?;
    // Each table is linked to the event as soon as it opens, so a failure
    // part way leaves the others opened and a retry (`POST …/tables`) opens
    // only the rest.
    for t in round.tables.iter().filter(|t| t.online.is_none()) {
        let entries = || t.players.iter().map(|p| (*p, &s.event.entries[*p]));
        let seats = entries().map(|(_, x)| x.bot.clone()).collect();
        let mut req = table_request(&s.event, online, seats);
        // Entries play under their names, bots as "Name (bot)"; a person's
        // seat is reserved for the holder of the entry's key.
        // (A person's entry named with the word "bot" keeps an unnamed
        // seat: the table refuses such a person's name, docs/protocol.md
        // "Names".)
        req.names = entries()
            .map(|(_, x)| {
                let person_ok = crate::text::distinct_name(&x.name, &[]).is_ok();
                (x.bot.is_some() || person_ok).then(|| x.name.clone())
            })
            .collect();
        req.keys = entries()
            .map(|(p, x)| x.bot.is_none().then(|| keys.key(p)))
            .collect();
        let table = open_table(app.tables.as_ref(), id, req).await?;
        let link = TableLink {
            tournament: id.to_string(),
            round: number,
            table_no: t.table,
        };
        if let Err(e) = stored::link_table(&app.store, &table, &link).await {
            return Err(storage(e));
        }
        let no = t.table;
        system_change(&app.store, &app.news, id, |e| {
            let r = e
                .paired
                .iter_mut()
                .find(|r| r.round == number)
                .ok_or(EventError::NoSuchRound(number))?;
            if let Some(t) = r.tables.iter_mut().find(|t| t.table == no) {
                t.online = Some(table.clone());
            }
            Ok(Value::Null)
        })
        .await
        .map_err(storage)?;
    }
    match load(&app.store, id).await {
        Ok(Some(s)) => Ok(s
            .event
            .paired
            .iter()
            .find(|r| r.round == number)
            .map(|r| r.tables.iter().map(|t| t.online.clone()).collect())
            .unwrap_or_default()),
        Ok(None) => Err(no_such(id)),
        Err(e) => Err(storage(e)),
    }
}

/// After an online round is paired: when its grace minutes are up, the
/// tables still waiting for a person are forfeited ([`forfeit_absent`]).
/// The timer lives in this instance (a restart forgets it; the organizer's
/// `POST …/forfeits` does the same at any time).
pub(crate) async fn forfeit_later(app: &Services, id: &str) {
    let grace = match load(&app.store, id).await {
        Ok(Some(s)) => s.event.online.map_or(0, |o| o.grace_minutes),
        _ => 0,
    };
    if grace == 0 {
        return;
    }
    let (app, id) = (app.clone(), id.to_string());
    tokio::spawn(async move {
        tokio::time::sleep(std::time::Duration::from_secs(u64::from(grace) * 60)).await;
        if let Err(e) = forfeit_absent(&app, &id).await {
            tracing::error!(tournament = %id, "forfeiting the absent: {e}");
        }
    });
}

/// The last round's online tables still waiting for a person who never
/// took their seat are scored as forfeits: the absent "Did Not Play" (0,
/// XII-A), those present are placed among themselves on their (empty)
/// match scores (docs/rulings.md, "An absent player at an online table").
/// Returns the tables forfeited.
pub(crate) async fn forfeit_absent(
    app: &Services,
    id: &str,
) -> Result<Vec<u32>, SystemChangeError> {
    let Some(s) = load(&app.store, id).await? else {
        return Err(SystemChangeError::NoSuchTournament(id.to_string()));
    };
    let Some(round) = s.event.paired.last() else {
        return Ok(Vec::new());
    };
    let number = round.round;
    let mut waiting: Vec<(u32, Vec<bool>)> = Vec::new();
    for t in round.tables.iter().filter(|t| t.match_points.is_none()) {
        let Some(table) = &t.online else { continue };
        if let Some(absent) = app.tables.absent(table) {
            if absent.iter().any(|a| *a) {
                waiting.push((t.table, absent));
            }
        }
    }
    if waiting.is_empty() {
        return Ok(Vec::new());
    }
    let out = system_change(&app.store, &app.news, id, |e| {
        let mut done = Vec::new();
        for (table_no, absent) in &waiting {
            let Some(t) = e
                .paired
                .iter()
                .find(|r| r.round == number)
                .and_then(|r| r.tables.iter().find(|t| t.table == *table_no))
            else {
                continue;
            };
            if t.match_points.is_some() {
                continue;
            }
            let players = t.players.clone();
            let scores: Vec<Option<i64>> = absent.iter().map(|a| (!a).then_some(0)).collect();
            let points = onsets_tournament::match_points::from_scores(&scores);
            let name = |p: &usize| e.entries[*p].name.clone();
            let mp: BTreeMap<String, u8> = players.iter().map(name).zip(points).collect();
            let sc: BTreeMap<String, i64> =
                players.iter().map(name).zip(std::iter::repeat(0)).collect();
            e.record_result(number, *table_no, &mp, Some(&sc))?;
            done.push(*table_no);
        }
        Ok(json!(done))
    })
    .await?;
    Ok(serde_json::from_value(out).unwrap_or_default())
}

/// Opens one table of event `id` through the tables' port: its id, or the
/// refusal as a response (503 `storage`, else 500).
async fn open_table(tables: &dyn Tables, id: &str, req: TableRequest) -> Result<String, Response> {
    tables.open(req).await.map_err(|e| {
        tracing::error!(tournament = %id, "opening a table: {}", e.message);
        if e.code == ApiCode::Storage {
            unavailable(e)
        } else {
            api_error(StatusCode::INTERNAL_SERVER_ERROR, e)
        }
    })
}

/// A change made by the server itself (no account): load, change, store
/// with the optimistic version, retried; the watchers hear of it.
async fn system_change(
    store: &Store,
    news: &News,
    id: &str,
    change: impl Fn(&mut Event) -> Result<Value, EventError>,
) -> Result<Value, SystemChangeError> {
    for _ in 0..8 {
        let Some(mut s) = load(store, id).await? else {
            return Err(SystemChangeError::NoSuchTournament(id.to_string()));
        };
        let out = change(&mut s.event)?;
        if stored::save(store, id, s.version, &s.event).await? {
            news.changed(store, id).await;
            return Ok(out);
        }
    }
    Err(SystemChangeError::Busy(id.to_string()))
}

/// When an online table's match is over: its players' totals (the sum of
/// their shake scores) give the match points (XII-A), recorded as the
/// table's scoresheet of its event (a later result from the organizer
/// corrects it, XII-B; one given before the match ended stands). A table
/// of no event is left alone.
pub async fn table_over(store: &Store, news: &News, table: &str) -> Result<(), SystemChangeError> {
    let Some(link) = stored::table_link(store, table).await? else {
        return Ok(());
    };
    let (id, round, table_no) = (link.tournament, link.round, link.table_no);
    let log = store
        .log(table)
        .await
        .map_err(|e| SystemChangeError::Log(format!("{e:#}")))?;
    let Some(log) = log else {
        return Ok(());
    };
    let m =
        onsets_engine::Match::replay(&log).map_err(|e| SystemChangeError::Log(format!("{e:?}")))?;
    let totals: Vec<i64> = m.totals().iter().map(|t| i64::from(*t)).collect();
    system_change(store, news, &id, |e| {
        let players = e
            .paired
            .iter()
            .find(|r| r.round == round)
            .and_then(|r| r.tables.iter().find(|t| t.table == table_no))
            .ok_or(EventError::NoSuchTable {
                round,
                table: table_no,
            })?;
        // The organizer's scoresheet came first (a forfeit, a ruling):
        // it stands.
        if players.match_points.is_some() {
            return Ok(Value::Null);
        }
        let players = players.players.clone();
        // A seat never taken "Did Not Play" (XII-A: 0).
        let scores: Vec<Option<i64>> = (0..players.len())
            .map(|seat| totals.get(seat).copied().filter(|_| m.is_seated(seat)))
            .collect();
        let points = onsets_tournament::match_points::from_scores(&scores);
        let name = |p: &usize| e.entries[*p].name.clone();
        let mp: BTreeMap<String, u8> = players.iter().map(name).zip(points).collect();
        let sc: BTreeMap<String, i64> = players
            .iter()
            .map(name)
            .zip(scores.iter().map(|s| s.unwrap_or(0)))
            .collect();
        e.record_result(round, table_no, &mp, Some(&sc))?;
        Ok(Value::Null)
    })
    .await?;
    tracing::info!(tournament = %id, round, table = table_no, "an online table's result is in");
    Ok(())
}

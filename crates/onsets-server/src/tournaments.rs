//! Tournaments on the server: an organizer's events (stored by
//! [`crate::store::tournaments`] with an optimistic version, so several
//! instances may share one database), their entries, pairings, results,
//! standings and printable sheets, and their online tables, opened through
//! the [`Tables`] port and scored when their matches end. The routes are
//! described in docs/protocol.md, "Tournaments".

// Handlers' early returns are whole responses, built once per request.
#![allow(clippy::result_large_err)]

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
    pub division: String,
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
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewEntry {
    pub name: String,
    pub team: Option<String>,
    /// A bot of this level plays the entry at online tables.
    pub bot: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Result_ {
    pub round: u32,
    pub table: u32,
    pub match_points: BTreeMap<String, u8>,
    pub scores: Option<BTreeMap<String, i64>>,
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

fn event_error(e: EventError) -> Response {
    bad(e.field(), e.to_string())
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
            })).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
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
    let division: Division = match req.division.parse() {
        Ok(d) => d,
        Err(e) => return bad("division", e),
    };
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
    if req.online == Some(true) {
        let online = Online {
            round_minutes: req.round_minutes.unwrap_or(30),
            adventurous: req.adventurous.unwrap_or(true),
            checking: req.checking.clone().unwrap_or_else(|| "judge".into()),
            bot_pace: req.bot_pace.unwrap_or(100),
        };
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
        }))
        .into_response(),
        Ok(None) => no_such(&id),
        Err(e) => storage(e),
    }
}

/// Loads the event, checks the organizer, applies `change` and stores the
/// result (retrying when another request changed the event meanwhile).
async fn change(
    app: &Services,
    headers: &HeaderMap,
    id: &str,
    change: impl Fn(&mut Event) -> Result<Value, EventError>,
) -> Result<Value, Response> {
    change_by(app, headers, id, true, |e, _| change(e))
        .await
        .map(|(v, _)| v)
}

/// [`change`] by any signed-in account (`organizer_only` false) or by the
/// organizer only; `change` sees the account.
async fn change_by(
    app: &Services,
    headers: &HeaderMap,
    id: &str,
    organizer_only: bool,
    change: impl Fn(&mut Event, &Account) -> Result<Value, EventError>,
) -> Result<(Value, Account), Response> {
    let account = require(&app.store, headers).await?;
    for _ in 0..8 {
        let mut s = match load(&app.store, id).await {
            Ok(Some(s)) => s,
            Ok(None) => return Err(no_such(id)),
            Err(e) => return Err(storage(e)),
        };
        if organizer_only && s.organizer != account.id {
            return Err(api_error(
                StatusCode::FORBIDDEN,
                ApiError::new(
                    ApiCode::NotOrganizer,
                    "only the tournament's organizer may change it",
                    None,
                ),
            ));
        }
        let out = change(&mut s.event, &account).map_err(event_error)?;
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

/// `POST /api/tournaments/{id}/entries`.
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
    match change(&app, &headers, &id, |e| {
        let n = e.add_entry(&name, team.as_deref())?;
        e.entries[n].bot = bot.clone();
        Ok(json!({ "entry": n + 1, "name": name, "team": team, "bot": bot }))
    })
    .await
    {
        Ok(v) => (StatusCode::CREATED, Json(v)).into_response(),
        Err(r) => r,
    }
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
    let (v, account) = match change_by(&app, &headers, &id, false, |e, a| {
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

/// The events an account organizes or has joined, newest first, for its
/// profile: `[{"id","name","division","link","role","round","rounds","place"}]`
/// (`place` in the standings, for a player).
pub async fn events_of(store: &Store, account: &str, name: &str) -> Result<Vec<Value>, StoreError> {
    let mut out: Vec<(i64, Value)> = Vec::new();
    for role in [stored::Role::Organizer, stored::Role::Player] {
        for listed in stored::events_of(store, account, role).await? {
            let (id, e) = (listed.id, listed.event);
            let place = (role == stored::Role::Player)
                .then(|| {
                    onsets_tournament::standings(&e)
                        .into_iter()
                        .find(|s| s.name.eq_ignore_ascii_case(name))
                        .map(|s| s.place)
                })
                .flatten();
            let role = match role {
                stored::Role::Organizer => "organizer",
                stored::Role::Player => "player",
            };
            out.push((
                listed.created_at,
                json!({
                    "id": id,
                    "name": e.name,
                    "division": e.division.to_lowercase(),
                    "link": format!("/tournaments/{id}"),
                    "role": role,
                    "round": e.paired.len(),
                    "rounds": e.rounds,
                    "place": place,
                }),
            ));
        }
    }
    out.sort_by_key(|x| std::cmp::Reverse(x.0));
    Ok(out.into_iter().map(|(_, v)| v).collect())
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

/// `POST /api/tournaments/{id}/results`: one table's scoresheet.
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
    if req.match_points.len() > 3 || req.scores.as_ref().is_some_and(|s| s.len() > 3) {
        return bad("match_points", "a table has at most three players");
    }
    match change(&app, &headers, &id, |e| {
        e.record_result(req.round, req.table, &req.match_points, req.scores.as_ref())?;
        Ok(json!({ "round": req.round, "table": req.table, "match_points": req.match_points }))
    })
    .await
    {
        Ok(v) => Json(v).into_response(),
        Err(r) => r,
    }
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

/// `GET /api/tournaments/{id}/rounds/{n}/scoresheets.pdf`: a round's
/// printable scoresheets, one per table (public, like the pairings).
pub async fn scoresheets_pdf(
    State(app): State<Services>,
    Path((id, round)): Path<(String, String)>,
) -> Response {
    let Ok(round) = round.parse::<u32>() else {
        return bad("round", "a round is a number: 1, 2, …");
    };
    match load(&app.store, &id).await {
        Ok(Some(s)) => match crate::scoresheets::scoresheets_pdf(&s.event, round) {
            Ok(b) => pdf(b, &format!("round-{round}-scoresheets.pdf")),
            Err(e) => print_error(e),
        },
        Ok(None) => no_such(&id),
        Err(e) => storage(e),
    }
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
    let mut opened: Vec<(u32, String)> = Vec::new();
    for t in round.tables.iter().filter(|t| t.online.is_none()) {
        let seats = t
            .players
            .iter()
            .map(|p| s.event.entries[*p].bot.clone())
            .collect();
        let table = open_table(
            app.tables.as_ref(),
            id,
            table_request(&s.event, online, seats),
        )
        .await?;
        let link = TableLink {
            tournament: id.to_string(),
            round: round.round,
            table_no: t.table,
        };
        if let Err(e) = stored::link_table(&app.store, &table, &link).await {
            return Err(storage(e));
        }
        opened.push((t.table, table));
    }
    let number = round.round;
    let out = system_change(&app.store, &app.news, id, |e| {
        let r = e
            .paired
            .iter_mut()
            .find(|r| r.round == number)
            .ok_or(EventError::NoSuchRound(number))?;
        for (table, online) in &opened {
            if let Some(t) = r.tables.iter_mut().find(|t| t.table == *table) {
                t.online = Some(online.clone());
            }
        }
        Ok(json!(r
            .tables
            .iter()
            .map(|t| t.online.clone())
            .collect::<Vec<_>>()))
    })
    .await
    .map_err(storage)?;
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

//! The events listed: every event's public line (`GET /api/tournaments`,
//! signed in or out) and an account's events on its profile, one line per
//! event whatever roles the account had in it (docs/protocol.md,
//! "Tournaments").

use crate::api::{storage, Services};
use crate::store::tournaments::{self as stored, ListedEvent};
use crate::store::{Store, StoreError};
use axum::extract::State;
use axum::response::{IntoResponse, Response};
use axum::Json;
use onsets_tournament::Event;
use serde_json::{json, Value};
use std::collections::BTreeMap;

/// How many events the public list shows.
const LISTED: i64 = 50;

/// An event's line in a list.
fn line(id: &str, e: &Event) -> Value {
    json!({
        "id": id,
        "name": e.name,
        "division": e.division.to_lowercase(),
        "divisions": e.division_names().iter().map(|d| d.to_lowercase()).collect::<Vec<_>>(),
        "link": format!("/tournaments/{id}"),
        "round": e.paired.len(),
        "rounds": e.rounds,
        "entries": e.entries.len(),
        "online": e.online.is_some(),
        "finished": e.paired.len() as u32 == e.rounds && e.paired.last().is_some_and(|r| r.finished()),
    })
}

/// `GET /api/tournaments`: the newest events, for everyone (an event's
/// page is public): `{"tournaments": [{"id","name","division","divisions",
/// "link","round","rounds","entries","online","finished","organizer"}]}`.
pub async fn list(State(app): State<Services>) -> Response {
    let rows = match stored::recent(&app.store, LISTED).await {
        Ok(r) => r,
        Err(e) => return storage(e),
    };
    let mut names: BTreeMap<String, Option<String>> = BTreeMap::new();
    let mut out = Vec::with_capacity(rows.len());
    for (ListedEvent { id, event, .. }, organizer) in rows {
        if !names.contains_key(&organizer) {
            let n = crate::store::accounts::name_of(&app.store, &organizer)
                .await
                .ok()
                .flatten();
            names.insert(organizer.clone(), n);
        }
        let mut v = line(&id, &event);
        v["organizer"] = json!(names.get(&organizer).cloned().flatten());
        out.push(v);
    }
    Json(json!({ "tournaments": out })).into_response()
}

/// The events an account organizes or has played, newest first, for its
/// profile: `[{"id","name","division","link","role","roles","round",
/// "rounds","place"}]`, one line per event: `role` is `organizer`,
/// `player` or `organizer and player`, and `place` (in the standings, or
/// in the player's division) is given whenever the account is an entry —
/// joined, or entered by name by the organizer (itself included).
pub async fn events_of(store: &Store, account: &str, name: &str) -> Result<Vec<Value>, StoreError> {
    let mut by_id: BTreeMap<String, (i64, Event, bool, bool)> = BTreeMap::new();
    for role in [stored::Role::Organizer, stored::Role::Player] {
        for listed in stored::events_of(store, account, role).await? {
            let row =
                by_id
                    .entry(listed.id)
                    .or_insert((listed.created_at, listed.event, false, false));
            match role {
                stored::Role::Organizer => row.2 = true,
                stored::Role::Player => row.3 = true,
            }
        }
    }
    let mut out: Vec<(i64, Value)> = Vec::new();
    for (id, (created_at, e, organized, joined)) in by_id {
        let entry = e.entry(name);
        let played = joined || entry.is_some();
        let place = entry.and_then(|n| {
            let d = e.division_of(n);
            onsets_tournament::division_standings(&e, &d)
                .into_iter()
                .find(|s| s.entry == n)
                .map(|s| s.place)
        });
        let mut roles = Vec::new();
        if organized {
            roles.push("organizer");
        }
        if played {
            roles.push("player");
        }
        let mut v = line(&id, &e);
        v["role"] = json!(roles.join(" and "));
        v["roles"] = json!(roles);
        v["place"] = json!(place);
        out.push((created_at, v));
    }
    out.sort_by_key(|x| std::cmp::Reverse(x.0));
    Ok(out.into_iter().map(|(_, v)| v).collect())
}

//! An online event's reserved seats (docs/tournaments.md, "Online events";
//! docs/protocol.md, "Reserved seats of online events"): each person's
//! entry has a secret *key* (an HMAC of the event and entry under a server
//! secret, the same in every round), given to the tables the event opens
//! so that only its holder takes that entry's seat (`join` with `key`).
//! The key is shown to whoever may seat the entry — the entrant (the
//! account that entered itself under that name), the coach of its school,
//! the organizer — and travels in the entry's link; anyone else is refused
//! `seat-reserved`.

use super::{load, no_such};
use crate::accounts::{signed_in, Account};
use crate::api::{api_error, storage, ApiCode, ApiError, Services};
use crate::store::tournaments::{self as stored, StoredEvent};
use crate::store::{Store, StoreError};
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use hmac::{Hmac, Mac};
use onsets_tournament::Event;
use serde::Deserialize;
use serde_json::{json, Value};
use sha2::Sha256;

/// The server secret the entries' keys are made with.
const SECRET: &str = "tournament-seat-keys";

/// Makes the keys of one event's entries.
pub(crate) struct Keys {
    secret: Vec<u8>,
    event: String,
}

impl Keys {
    /// The keys of event `event` (the server secret made the first time).
    pub(crate) async fn of(store: &Store, event: &str) -> Result<Keys, StoreError> {
        let fresh = format!(
            "{}{}",
            uuid::Uuid::new_v4().simple(),
            uuid::Uuid::new_v4().simple()
        );
        let secret = crate::store::secrets::get_or_make(store, SECRET, &fresh).await?;
        Ok(Keys {
            secret: secret.into_bytes(),
            event: event.to_string(),
        })
    }

    /// Entry `n`'s key (0-based): 32 hex digits.
    pub(crate) fn key(&self, n: usize) -> String {
        // HMAC takes a key of any length: `new_from_slice` cannot fail.
        let Ok(mut m) = Hmac::<Sha256>::new_from_slice(&self.secret) else {
            return String::new();
        };
        m.update(format!("onsets seat {}/{n}", self.event).as_bytes());
        m.finalize().into_bytes()[..16]
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect()
    }

    /// Whether `key` is entry `n`'s (compared in constant time).
    fn is(&self, n: usize, key: &str) -> bool {
        let mine = self.key(n);
        mine.len() == key.len()
            && mine
                .bytes()
                .zip(key.bytes())
                .fold(0u8, |acc, (a, b)| acc | (a ^ b))
                == 0
    }
}

/// Whether `account` may seat entry `n`: the organizer, the coach of the
/// entry's school, or the entrant (joined the event under the entry's name).
fn may_seat(s: &StoredEvent, account: &Account, joined: bool, n: usize) -> bool {
    let e = &s.event;
    let Some(entry) = e.entries.get(n) else {
        return false;
    };
    if s.organizer == account.id {
        return true;
    }
    let coach = e
        .school_coached_by(&account.id)
        .is_some_and(|school| entry.school.as_deref() == Some(school.name.as_str()));
    coach || (joined && entry.name.eq_ignore_ascii_case(&account.name))
}

/// The table entry `n` plays in the last round, if it is online.
fn table_of(e: &Event, n: usize) -> Option<(u32, u32, String)> {
    let r = e.paired.last()?;
    let t = r.tables.iter().find(|t| t.players.contains(&n))?;
    Some((r.round, t.table, t.online.clone()?))
}

/// What an entry's holder needs: the entry, its key, its link (the event's
/// page of the entry) and this round's table with the key.
fn seat_view(id: &str, e: &Event, n: usize, key: &str) -> Value {
    let table = table_of(e, n);
    json!({
        "entry": n + 1,
        "name": e.entries[n].name,
        "key": key,
        "link": format!("/tournaments/{id}/seat?entry={}&key={key}", n + 1),
        "round": table.as_ref().map(|t| t.0),
        "table": table.as_ref().map(|t| t.1),
        "table_link": table.map(|t| format!("/t/{}?key={key}", t.2)),
    })
}

fn reserved(n: usize) -> Response {
    api_error(
        StatusCode::FORBIDDEN,
        ApiError::new(
            ApiCode::SeatReserved,
            format!(
                "entry {n}'s seat is reserved for its player: sign in as them, or open the link the organizer gave them"
            ),
            Some("key"),
        ),
    )
}

/// The signed-in account (if any) and whether it joined event `id`.
async fn who(
    app: &Services,
    headers: &HeaderMap,
    id: &str,
) -> Result<Option<(Account, bool)>, Response> {
    let Some(account) = signed_in(&app.store, headers).await.map_err(storage)? else {
        return Ok(None);
    };
    let joined = stored::joined(&app.store, id, &account.id)
        .await
        .map_err(storage)?;
    Ok(Some((account, joined)))
}

/// `GET /api/tournaments/{id}/seats`: the person entries the signed-in
/// account may seat (all for the organizer, a coach's school's, the
/// entrant's own), each with its key and links (empty signed out).
pub(super) async fn seats(
    State(app): State<Services>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Response {
    let s = match load(&app.store, &id).await {
        Ok(Some(s)) => s,
        Ok(None) => return no_such(&id),
        Err(e) => return storage(e),
    };
    let who = match who(&app, &headers, &id).await {
        Ok(w) => w,
        Err(r) => return r,
    };
    let Some((account, joined)) = who else {
        return Json(json!({ "seats": [] })).into_response();
    };
    let keys = match Keys::of(&app.store, &id).await {
        Ok(k) => k,
        Err(e) => return storage(e),
    };
    let list: Vec<Value> = (0..s.event.entries.len())
        .filter(|n| s.event.entries[*n].bot.is_none() && may_seat(&s, &account, joined, *n))
        .map(|n| seat_view(&id, &s.event, n, &keys.key(n)))
        .collect();
    Json(json!({ "seats": list })).into_response()
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct KeyQuery {
    key: Option<String>,
}

/// `GET /api/tournaments/{id}/entries/{n}/seat[?key=…]`: entry `n`'s seat
/// (1-based) for the holder of its key, or for an account that may seat it:
/// its table this round, linked with the key. Anyone else: 403
/// `seat-reserved`.
pub(super) async fn seat(
    State(app): State<Services>,
    Path((id, n)): Path<(String, String)>,
    Query(q): Query<KeyQuery>,
    headers: HeaderMap,
) -> Response {
    let s = match load(&app.store, &id).await {
        Ok(Some(s)) => s,
        Ok(None) => return no_such(&id),
        Err(e) => return storage(e),
    };
    let count = s.event.entries.len();
    let Some(at) = n
        .parse::<usize>()
        .ok()
        .filter(|n| (1..=count).contains(n))
        .map(|n| n - 1)
    else {
        return crate::api::bad("entry", format!("the entries are numbered 1 to {count}"));
    };
    if s.event.entries[at].bot.is_some() {
        return crate::api::bad(
            "entry",
            format!("entry {n} is played by a bot: it has no seat to take"),
        );
    }
    let keys = match Keys::of(&app.store, &id).await {
        Ok(k) => k,
        Err(e) => return storage(e),
    };
    let by_key = q.key.as_deref().is_some_and(|k| keys.is(at, k));
    let allowed = by_key
        || match who(&app, &headers, &id).await {
            Ok(Some((account, joined))) => may_seat(&s, &account, joined, at),
            Ok(None) => false,
            Err(r) => return r,
        };
    if !allowed {
        return reserved(at + 1);
    }
    Json(seat_view(&id, &s.event, at, &keys.key(at))).into_response()
}

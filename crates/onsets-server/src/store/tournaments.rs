//! Tournaments (docs/protocol.md, "Tournaments"): each event stored as
//! `onsets_tournament::Event` JSON with an optimistic version (so several
//! instances may share one database), its joined accounts and the online
//! tables of its rounds; the public list of events (docs/tournaments.md).

use super::{now_s, with_pool, Store, StoreError, StoreResult};
use onsets_tournament::Event;
use sqlx::Row;

/// An event as stored.
#[derive(Clone, Debug)]
pub struct StoredEvent {
    /// The organizer's account id.
    pub organizer: String,
    /// Its version: a change is stored only over the version it was read at.
    pub version: i64,
    pub event: Event,
}

/// An event listed for an account's profile.
#[derive(Clone, Debug)]
pub struct ListedEvent {
    pub id: String,
    pub created_at: i64,
    pub event: Event,
}

/// The event and round an online table plays.
#[derive(Clone, Debug)]
pub struct TableLink {
    pub tournament: String,
    pub round: u32,
    pub table_no: u32,
}

fn to_json(event: &Event) -> StoreResult<String> {
    serde_json::to_string(event).map_err(StoreError::json("event"))
}

/// Event `id` (`None` for no such event, or an id too long to be one).
pub async fn load(store: &Store, id: &str) -> StoreResult<Option<StoredEvent>> {
    if id.len() > crate::text::MAX_ID_BYTES {
        return Ok(None);
    }
    let sql = "SELECT organizer, version, event FROM tournaments WHERE id = $1";
    let row: Option<(String, i64, String)> = with_pool!(store, |p| sqlx::query(sql)
        .bind(id)
        .fetch_optional(p)
        .await?
        .map(|r| (r.get(0), r.get(1), r.get(2))));
    match row {
        None => Ok(None),
        Some((organizer, version, event)) => Ok(Some(StoredEvent {
            organizer,
            version,
            event: serde_json::from_str(&event).map_err(StoreError::json("event"))?,
        })),
    }
}

/// Whether event `id` exists.
pub async fn exists(store: &Store, id: &str) -> StoreResult<bool> {
    Ok(load(store, id).await?.is_some())
}

/// Stores a new event at version 0.
pub async fn insert(store: &Store, id: &str, organizer: &str, event: &Event) -> StoreResult<()> {
    let sql = "INSERT INTO tournaments (id, organizer, created_at, version, event) \
               VALUES ($1, $2, $3, 0, $4)";
    let text = to_json(event)?;
    with_pool!(store, |p| sqlx::query(sql)
        .bind(id)
        .bind(organizer)
        .bind(now_s())
        .bind(text)
        .execute(p)
        .await
        .map(|_| ()))?;
    Ok(())
}

/// Writes `event` if the stored version is still `version`: `false` when
/// another request changed it meanwhile.
pub async fn save(store: &Store, id: &str, version: i64, event: &Event) -> StoreResult<bool> {
    let sql = "UPDATE tournaments SET event = $1, version = $2 WHERE id = $3 AND version = $4";
    let text = to_json(event)?;
    let n = with_pool!(store, |p| sqlx::query(sql)
        .bind(text)
        .bind(version + 1)
        .bind(id)
        .bind(version)
        .execute(p)
        .await?
        .rows_affected());
    Ok(n == 1)
}

/// The account joined the event (once).
pub async fn add_player(store: &Store, tournament: &str, account: &str) -> StoreResult<()> {
    let sql = "INSERT INTO tournament_players (tournament_id, account_id) VALUES ($1, $2) \
               ON CONFLICT (tournament_id, account_id) DO NOTHING";
    with_pool!(store, |p| sqlx::query(sql)
        .bind(tournament)
        .bind(account)
        .execute(p)
        .await
        .map(|_| ()))?;
    Ok(())
}

/// Whether the account joined the event (`add_player`).
pub async fn joined(store: &Store, tournament: &str, account: &str) -> StoreResult<bool> {
    let sql = "SELECT 1 FROM tournament_players WHERE tournament_id = $1 AND account_id = $2";
    Ok(with_pool!(store, |p| sqlx::query(sql)
        .bind(tournament)
        .bind(account)
        .fetch_optional(p)
        .await?
        .is_some()))
}

/// Who is listed: the events an account organizes, or those it joined.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    Organizer,
    Player,
}

/// The account's last 50 events in `role`, newest first (events that do
/// not read are left out).
pub async fn events_of(store: &Store, account: &str, role: Role) -> StoreResult<Vec<ListedEvent>> {
    let sql = match role {
        Role::Organizer => {
            "SELECT id, event, created_at FROM tournaments WHERE organizer = $1 \
             ORDER BY created_at DESC LIMIT 50"
        }
        Role::Player => {
            "SELECT t.id, t.event, t.created_at FROM tournament_players p \
             JOIN tournaments t ON t.id = p.tournament_id WHERE p.account_id = $1 \
             ORDER BY t.created_at DESC LIMIT 50"
        }
    };
    let rows: Vec<(String, String, i64)> = with_pool!(store, |p| sqlx::query(sql)
        .bind(account)
        .fetch_all(p)
        .await?
        .into_iter()
        .map(|r| (r.get(0), r.get(1), r.get(2)))
        .collect());
    Ok(rows
        .into_iter()
        .filter_map(|(id, text, created_at)| {
            let event = serde_json::from_str::<Event>(&text).ok()?;
            Some(ListedEvent {
                id,
                created_at,
                event,
            })
        })
        .collect())
}

/// Server table `table` plays table `link.table_no` of round `link.round`.
pub async fn link_table(store: &Store, table: &str, link: &TableLink) -> StoreResult<()> {
    let sql = "INSERT INTO tournament_tables (table_id, tournament_id, round, table_no) \
               VALUES ($1, $2, $3, $4)";
    with_pool!(store, |p| sqlx::query(sql)
        .bind(table)
        .bind(&link.tournament)
        .bind(i64::from(link.round))
        .bind(i64::from(link.table_no))
        .execute(p)
        .await
        .map(|_| ()))?;
    Ok(())
}

/// The event table server table `table` plays, if any.
pub async fn table_link(store: &Store, table: &str) -> StoreResult<Option<TableLink>> {
    let sql = "SELECT tournament_id, round, table_no FROM tournament_tables WHERE table_id = $1";
    Ok(with_pool!(store, |p| sqlx::query(sql)
        .bind(table)
        .fetch_optional(p)
        .await?
        .map(|r| TableLink {
            tournament: r.get(0),
            round: r.get::<i64, _>(1).clamp(0, i64::from(u32::MAX)) as u32,
            table_no: r.get::<i64, _>(2).clamp(0, i64::from(u32::MAX)) as u32,
        })))
}

/// The newest `limit` events (at most 200), newest first, with their
/// organizers' ids (events that do not read are left out).
pub async fn recent(store: &Store, limit: i64) -> StoreResult<Vec<(ListedEvent, String)>> {
    let sql = "SELECT id, event, created_at, organizer FROM tournaments \
               ORDER BY created_at DESC, id LIMIT $1";
    let rows: Vec<(String, String, i64, String)> = with_pool!(store, |p| sqlx::query(sql)
        .bind(limit.clamp(1, 200))
        .fetch_all(p)
        .await?
        .into_iter()
        .map(|r| (r.get(0), r.get(1), r.get(2), r.get(3)))
        .collect());
    Ok(rows
        .into_iter()
        .filter_map(|(id, text, created_at, organizer)| {
            let event = serde_json::from_str::<Event>(&text).ok()?;
            Some((
                ListedEvent {
                    id,
                    created_at,
                    event,
                },
                organizer,
            ))
        })
        .collect())
}

//! The 1969 part of the one table actor (`crate::table`): Allen's Basic and
//! Advanced ON-SETS (M69 §§2–3), the game and its seats and bots held as a
//! [`Table1969`] (`crate::tables::game1969`, shared with the HTTP alias).
//!
//! * The game is the only authority: every change (a person's act, a seat
//!   taken, the bots going on) is made on a copy on the judging pool, with
//!   the seats' `legal` lists (the engine's [`Rules::legal_for`]), then
//!   stored (migration 0021's `tables1969`: the seats and the log,
//!   `crate::store::tables1969`) before anyone hears of it; a change that
//!   cannot be stored is not applied and refused with `storage`.
//! * The bots act after every person's act; while a person may still
//!   challenge the last play (3.6, the table's challenge window) they wait,
//!   and the actor wakes when the window closes.
//! * A table leaves memory like any table; it stays stored and is loaded
//!   again by its id ([`load`]).

use super::{Clock, Common, Events, Hosted, Refused, Seat, Table, TableHandle, TableRegistry};
use crate::api::ApiCode;
use crate::config::Config;
use crate::metrics::Metrics;
use crate::pool::{self, Lane};
use crate::protocol::{Move1969, SeatKind, ServerMsg, TableInfo};
use crate::store::Store;
use crate::tables::game1969::{Fail, Seat as Seat69, Table1969};
use onsets_engine::manual1969::{Act1969, DefaultClaims, Game};

/// The PostgreSQL channel of 1969 table changes (payload: `{instance} {id}`).
pub const CHANNEL_1969: &str = "onsets_tables1969";
use onsets_engine::Rules;
use std::sync::Arc;
use tokio::time::{Duration, Instant};

/// A 1969 table's game in a [`super::Broadcast`].
pub struct Frame69 {
    /// The game and its seats (the HTTP alias's state is made from it).
    pub table: Table1969,
    /// Per seat: its legal acts now.
    pub legal: Vec<Vec<Act1969>>,
    /// The bots wait for the people's challenge window.
    pub bots_waiting: bool,
}

impl std::fmt::Debug for Frame69 {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Frame69")
            .field("game", &self.table.game)
            .field("legal", &self.legal)
            .field("bots_waiting", &self.bots_waiting)
            .finish_non_exhaustive()
    }
}

/// What [`spawn`] needs.
pub struct Setup69 {
    pub table: Table1969,
    pub store: Store,
    pub metrics: Arc<Metrics>,
    pub registry: Arc<dyn TableRegistry>,
    pub config: Arc<Config>,
    pub news: crate::store::news::News,
    /// The table's writes, fenced by its lease (docs/scaling.md, "Leases").
    pub held: crate::lease::Held,
}

/// A 1969 table's game as the actor holds it: the table and the seats'
/// legal acts in its state.
pub(crate) struct Game69 {
    pub(super) t: Table1969,
    legal: Vec<Vec<Act1969>>,
}

/// The legal acts of every seat.
fn legal_all(g: &Game) -> Vec<Vec<Act1969>> {
    (0..g.n()).map(|p| g.legal_for(p)).collect()
}

/// Loads a stored 1969 table (`None`: no such row, or a log that does not
/// replay). Tables made through the HTTP alias before it was an alias of
/// this actor load the same way.
pub async fn load(store: &Store, id: &str) -> anyhow::Result<Option<Table1969>> {
    let Some((seats, log)) = crate::store::tables1969::load(store, id).await? else {
        return Ok(None);
    };
    let owned = id.to_string();
    let restored = pool::judge()
        .run(Lane::First, move || {
            Table1969::restore(&owned, &seats, &log)
        })
        .await;
    match restored {
        Some(Ok(t)) => Ok(Some(t)),
        Some(Err(e)) => {
            tracing::error!(table = %id, "a stored 1969 table does not replay: {e}");
            Ok(None)
        }
        None => Ok(None),
    }
}

/// Stores a new table (before it is announced).
pub async fn store_new(store: &Store, t: &Table1969) -> anyhow::Result<()> {
    crate::store::tables1969::save(store, &t.id, &t.stored_seats(), &t.game.log()).await
}

/// The actor's seats of a 1969 table.
fn seats_of(t: &Table1969) -> Vec<Seat> {
    let players = &t.game.header().config.players;
    t.seats
        .iter()
        .enumerate()
        .map(|(i, s)| match s {
            Seat69::Human { token } => Seat {
                kind: SeatKind::Human,
                level: None,
                name: players[i].clone(),
                token: Some(token.clone()),
                connections: 0,
            },
            Seat69::Open => Seat {
                kind: SeatKind::Human,
                level: None,
                name: String::new(),
                token: None,
                connections: 0,
            },
            Seat69::Bot(b) => Seat {
                kind: SeatKind::Bot,
                level: Some(
                    if b.careless.is_some() {
                        "careless"
                    } else {
                        "careful"
                    }
                    .into(),
                ),
                name: players[i].clone(),
                token: None,
                connections: 0,
            },
        })
        .collect()
}

/// Starts a 1969 table's task: the one actor over its game.
pub async fn spawn(setup: Setup69) -> TableHandle {
    let Setup69 {
        table,
        store,
        metrics,
        registry,
        config,
        news,
        held,
    } = setup;
    let mut t = table;
    drop(t.take_fresh());
    let g = t.game.clone();
    let legal = pool::judge()
        .run(Lane::First, move || legal_all(&g))
        .await
        .unwrap_or_default();
    let seats = seats_of(&t);
    let version = t.game.log_actions().len() as u64 + 1;
    // The history so far: the start (a new table) or the last events
    // replayed (a stored one).
    let history = Events::M69(t.events.clone());
    let common = Common {
        id: t.id.clone(),
        store,
        metrics,
        registry,
        config,
        news,
        held,
        archived: false,
    };
    let mut table = Table::new(common, Hosted::M69(Box::new(Game69 { t, legal })), seats);
    table.version = version;
    table.remember(&history);
    table.launch()
}

fn refused(f: &Fail) -> Refused {
    let (code, rule, message) = f.parts();
    (code, rule.to_string(), message)
}

impl Game69 {
    pub(super) fn clock_state(&self) -> Clock {
        Clock {
            origin: Instant::now(),
            base_ms: self.t.now(),
            running: false,
        }
    }

    /// The table's rules in the lobby and at the head of every frame.
    pub(super) fn describe(&self, info: &mut TableInfo) {
        let i = self.t.info();
        info.link = i.link;
        info.edition = "1969".into();
        info.seed_commitment = self.t.game.header().config.seed_commitment.clone();
        info.form = Some(i.form);
        info.plays_in_game = Some(i.plays_in_game);
    }

    pub(super) fn frame(&self) -> Arc<Frame69> {
        Arc::new(Frame69 {
            table: self.t.clone(),
            legal: self.legal.clone(),
            bots_waiting: self.t.window_left().is_some(),
        })
    }

    /// When the bots' challenge window closes (a little after, so that it
    /// has).
    pub(super) fn wake_at(&self) -> Option<Instant> {
        self.t
            .window_left()
            .map(|left| Instant::now() + Duration::from_millis(left + 5))
    }
}

impl Table {
    fn game69(&self) -> Option<&Table1969> {
        match &self.game {
            Hosted::M69(g) => Some(&g.t),
            Hosted::Match(_) => None,
        }
    }

    /// Changes the table with `f` on the judging pool, stores the change,
    /// then broadcasts it; a refusal or a failed write changes nothing.
    async fn change69<R: Send + 'static>(
        &mut self,
        f: impl FnOnce(&mut Table1969) -> Result<R, Fail> + Send + 'static,
    ) -> Result<R, Fail> {
        self.change69_if(false, f).await
    }

    /// [`Table::change69`]; when `claim`, the write is made only if the
    /// stored seats are still the ones this task holds (a seat is never
    /// given twice by two instances): otherwise the table is read again
    /// from the store and the change refused as `busy`.
    async fn change69_if<R: Send + 'static>(
        &mut self,
        claim: bool,
        f: impl FnOnce(&mut Table1969) -> Result<R, Fail> + Send + 'static,
    ) -> Result<R, Fail> {
        let Some(mut next) = self.game69().cloned() else {
            return Err(internal());
        };
        let before = next.stored_seats();
        let done = pool::judge()
            .run(self.lane(), move || {
                let r = f(&mut next);
                let legal = if r.is_ok() {
                    legal_all(&next.game)
                } else {
                    Vec::new()
                };
                (next, r, legal)
            })
            .await;
        let Some((mut next, r, legal)) = done else {
            return Err(internal());
        };
        let r = r?;
        let log = next.game.log();
        let seats = next.stored_seats();
        // Both fenced by the table's lease (docs/scaling.md, "Leases").
        let written = if claim {
            self.held.claim1969(&before, &seats, &log).await
        } else {
            self.held.save1969(&seats, &log).await.map(|()| true)
        };
        let written = written.map_err(|e| {
            self.moved = matches!(e, crate::lease::WriteError::Lost);
            anyhow::anyhow!("{e}")
        });
        if claim && self.moved {
            // A stale copy's claim: nothing written; the table is asked
            // again where its lease is (crate::table1969's join retries).
            return Err(Fail::api(
                axum::http::StatusCode::CONFLICT,
                crate::api::ApiError::new(
                    ApiCode::Busy,
                    "the table moved to another server instance; try again",
                    None,
                ),
            ));
        }
        if let Ok(false) = written {
            tracing::info!(table = %self.id, "a 1969 seat was taken on another instance; reading the table again");
            self.reload_69().await;
            return Err(Fail::api(
                axum::http::StatusCode::CONFLICT,
                crate::api::ApiError::new(
                    ApiCode::Busy,
                    "others are taking this table's seats right now; try again",
                    None,
                ),
            ));
        }
        if let Err(e) = written {
            tracing::error!(table = %self.id, "storing a 1969 table failed: {e:#}");
            return Err(Fail::api(
                axum::http::StatusCode::SERVICE_UNAVAILABLE,
                crate::api::ApiError::new(
                    ApiCode::Storage,
                    "the server could not record the change; nothing changed, try again",
                    None,
                ),
            ));
        }
        let events = next.take_fresh();
        // The seats (their tokens, the names the game holds) are the
        // table's.
        let players = &next.game.header().config.players;
        for ((seat, held), name) in self.seats.iter_mut().zip(&next.seats).zip(players) {
            if let Seat69::Human { token } = held {
                seat.token = Some(token.clone());
            }
            if seat.bot() || seat.token.is_some() {
                seat.name = name.clone();
            }
        }
        self.game = Hosted::M69(Box::new(Game69 { t: next, legal }));
        self.changed(Events::M69(events));
        if let Store::Postgres(p) = &self.store {
            // The other instances holding this table read it again.
            let payload = format!("{} {}", self.registry.instance(), self.id);
            if let Err(e) = crate::store::news::notify(p, CHANNEL_1969, &payload).await {
                tracing::warn!("NOTIFY {CHANNEL_1969}: {e}");
            }
        }
        Ok(r)
    }

    /// The seats and the game as stored (another instance changed them):
    /// what this task holds is replaced, and everyone here hears of it.
    pub(super) async fn reload_69(&mut self) {
        if self.game69().is_none() {
            return;
        }
        let fresh = match load(&self.store, &self.id).await {
            Ok(Some(t)) => t,
            Ok(None) => return,
            Err(e) => {
                tracing::error!(table = %self.id, "reading a 1969 table: {e:#}");
                return;
            }
        };
        let g = fresh.game.clone();
        let legal = pool::judge()
            .run(self.lane(), move || legal_all(&g))
            .await
            .unwrap_or_default();
        let connections: Vec<i32> = self.seats.iter().map(|s| s.connections).collect();
        self.seats = seats_of(&fresh);
        for (s, c) in self.seats.iter_mut().zip(connections) {
            s.connections = c;
        }
        self.version = fresh.game.log_actions().len() as u64 + 1;
        let events = Events::M69(fresh.events.clone());
        self.game = Hosted::M69(Box::new(Game69 { t: fresh, legal }));
        self.broadcast(events);
    }

    /// A person's seat: taken in the game (made anew with the name: no act
    /// has been applied while a seat was open) and stored; its token.
    pub(super) async fn seat_69(&mut self, seat: usize, name: &str) -> Result<String, ServerMsg> {
        let asked = name.to_string();
        let joined = self
            .change69_if(true, move |t| t.join_at(Some(seat), Some(&asked)))
            .await;
        match joined {
            Ok((_, token)) => Ok(token),
            Err(f) => {
                let (code, field) = match &f {
                    Fail::Api(_, e) => (e.code, e.field.clone()),
                    Fail::Rules(_) => (ApiCode::IllegalAct, None),
                };
                Err(crate::protocol::error(code, f.parts().2, field.as_deref()))
            }
        }
    }

    /// A person's act (or `pass`) for their own seat, then the bots'.
    pub(super) async fn act_69(&mut self, seat: usize, mv: Move1969) -> Result<(), Refused> {
        self.change69(move |t| t.play(seat, mv))
            .await
            .map_err(|f| refused(&f))
    }

    /// The challenge window has closed: the bots go on.
    pub(super) async fn wake_69(&mut self) {
        let due = match &mut self.game {
            Hosted::M69(g) => g.t.bots_due(),
            Hosted::Match(_) => false,
        };
        if !due {
            return;
        }
        let done = self
            .change69(|t| {
                t.run_bots(&mut DefaultClaims::new());
                Ok(())
            })
            .await;
        if let Err(f) = done {
            tracing::error!(table = %self.id, "the bots could not go on: {:?}", f.parts());
        }
    }
}

fn internal() -> Fail {
    Fail::api(
        axum::http::StatusCode::INTERNAL_SERVER_ERROR,
        crate::api::ApiError::new(
            ApiCode::Internal,
            "the server could not judge the act; nothing changed",
            None,
        ),
    )
}

/// The game of a 1969 frame for `seat`: the engine's view (the edition's
/// one privacy filter) with the seat's legal acts and whether the bots
/// wait.
pub fn view_for(f: &Frame69, seat: Option<usize>) -> onsets_engine::View1969 {
    let legal = seat
        .and_then(|s| f.legal.get(s).cloned())
        .unwrap_or_default();
    let mut v = f.table.game.view(seat, legal);
    v.bots_waiting = f.bots_waiting;
    v
}

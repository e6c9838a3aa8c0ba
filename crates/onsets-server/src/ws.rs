//! One WebSocket connection: reads client frames, forwards intents to the
//! table, and sends every table update as this connection may see it.
//!
//! A malformed frame gets an `error` reply and changes nothing; a flooding
//! client is slowed (frames over the rate are dropped with `rate-limited`)
//! and, if it goes on, disconnected; other connections never notice.

use crate::api::ApiCode;
use crate::lobby::Lobby;
use crate::protocol::{self, envelope, error, ClientMsg, ServerMsg, PROTOCOL_VERSION};
use crate::protocol::{GameView, RecentView, SeatPresence, Seen};
use crate::table::{self, Broadcast, Cmd, Events, Out, Presence, TableHandle};
use crate::view::{events_for, MatchView};
use axum::extract::ws::{Message, WebSocket};
use futures_util::{SinkExt, StreamExt};
use onsets_engine::Rules;
use std::sync::Arc;
use tokio::sync::{broadcast, oneshot};
use tokio::time::Instant;

/// Frames per second a connection may send on average, and the burst.
const RATE_PER_S: f64 = 20.0;
const BURST: f64 = 40.0;
/// Dropped frames in a row after which a flooding connection is closed.
const FLOOD_CLOSE: u32 = 400;

struct Seat {
    table: TableHandle,
    seat: Option<usize>,
    token: Option<String>,
    updates: broadcast::Receiver<Out>,
    last_version: u64,
}

/// Serves one connection. Every seat it joins is named `seat_name` when
/// that is given (a managed account's username, docs/classes.md "Kid-safe
/// managed accounts"), whatever name its `join` frames type.
pub async fn serve(socket: WebSocket, lobby: Lobby, seat_name: Option<String>) {
    lobby.metrics.connection(1);
    let (mut tx, mut rx) = socket.split();
    let hello = envelope(&ServerMsg::Hello {
        v: PROTOCOL_VERSION,
        server: format!("onsets {}", env!("CARGO_PKG_VERSION")),
    });
    if tx.send(Message::Text(hello.into())).await.is_err() {
        lobby.metrics.connection(-1);
        return;
    }
    let mut at: Option<Seat> = None;
    let mut bucket = BURST;
    let mut last = Instant::now();
    let mut limited = 0u32;
    loop {
        let out: Vec<String> = tokio::select! {
            frame = rx.next() => {
                let Some(Ok(frame)) = frame else { break };
                let text = match frame {
                    Message::Text(t) => t.to_string(),
                    Message::Binary(_) => {
                        lobby.metrics.error();
                        let m = envelope(&error(ApiCode::BadFrame, "send text frames holding JSON", None));
                        if tx.send(Message::Text(m.into())).await.is_err() { break }
                        continue;
                    }
                    Message::Close(_) => break,
                    _ => continue,
                };
                lobby.metrics.frame_in();
                let now = Instant::now();
                bucket = (bucket + now.duration_since(last).as_secs_f64() * RATE_PER_S).min(BURST);
                last = now;
                if bucket < 1.0 {
                    limited += 1;
                    lobby.metrics.error();
                    if limited >= FLOOD_CLOSE {
                        close_flooding(&mut tx, &mut rx).await;
                        break;
                    }
                    if limited == 1 || limited % 50 == 0 {
                        vec![envelope(&error(ApiCode::RateLimited, format!("at most {RATE_PER_S} frames a second; frames are being dropped"), None))]
                    } else {
                        Vec::new()
                    }
                } else {
                    bucket -= 1.0;
                    limited = 0;
                    match protocol::parse_client(&text) {
                        Err(e) => {
                            lobby.metrics.error();
                            vec![envelope(&e)]
                        }
                        Ok(msg) => {
                            let read = std::time::Instant::now();
                            let is_act = matches!(msg, ClientMsg::Act { .. });
                            let out = handle(named(msg, seat_name.as_deref()), &lobby, &mut at).await;
                            if is_act {
                                lobby.metrics.act.since(read);
                            }
                            out
                        }
                    }
                }
            }
            update = recv(&mut at) => {
                match update {
                    Some(Ok(Out::Update(b))) => {
                        let rendering = std::time::Instant::now();
                        let out = render_update(&b, &mut at);
                        lobby.metrics.render.since(rendering);
                        out
                    }
                    Some(Ok(Out::Presence(p))) => vec![render_presence(&p)],
                    Some(Err(broadcast::error::RecvError::Lagged(_))) => match &at {
                        Some(s) => vec![state(&*snapshot(&s.table).await, s.seat)],
                        None => Vec::new(),
                    },
                    // Another instance took the table over (docs/scaling.md,
                    // "Leases"): closed with 1012 (service restart) so that
                    // the client reconnects, through the balancer, to it.
                    Some(Ok(Out::Moved)) => {
                        let bye = axum::extract::ws::CloseFrame {
                            code: 1012,
                            reason: "the table moved to another server instance: reconnect".into(),
                        };
                        let _ = tx.send(Message::Close(Some(bye))).await;
                        break;
                    }
                    Some(Ok(Out::Closed)) | Some(Err(broadcast::error::RecvError::Closed)) => {
                        // The table left memory (finished or abandoned).
                        at = None;
                        vec![envelope(&error(
                            ApiCode::TableArchived,
                            "the table was archived (finished, or no player was connected); spectate it again to watch its replay",
                            None,
                        ))]
                    }
                    None => Vec::new(),
                }
            }
        };
        if !crate::api::send_frames(&mut tx, out).await {
            break;
        }
    }
    leave(&mut at).await;
    lobby.metrics.connection(-1);
}

/// Closes a flooding connection gracefully: a close frame that says why
/// (1008, policy violation), then the frames already on their way are read
/// and dropped until the client answers the close (at most two seconds), so
/// that the socket is not reset and the client can read what it was told.
async fn close_flooding(
    tx: &mut futures_util::stream::SplitSink<WebSocket, Message>,
    rx: &mut futures_util::stream::SplitStream<WebSocket>,
) {
    let bye = axum::extract::ws::CloseFrame {
        code: 1008,
        reason: "too many frames: rate-limited".into(),
    };
    if tx.send(Message::Close(Some(bye))).await.is_err() {
        return;
    }
    let drain = async {
        while let Some(Ok(m)) = rx.next().await {
            if matches!(m, Message::Close(_)) {
                break;
            }
        }
    };
    let _ = tokio::time::timeout(std::time::Duration::from_secs(2), drain).await;
}

/// The next update of the table this connection is at (never, if none).
async fn recv(at: &mut Option<Seat>) -> Option<Result<Out, broadcast::error::RecvError>> {
    match at {
        Some(s) => Some(s.updates.recv().await),
        None => std::future::pending().await,
    }
}

fn render_update(b: &Broadcast, at: &mut Option<Seat>) -> Vec<String> {
    let Some(s) = at else { return Vec::new() };
    if b.version < s.last_version {
        return Vec::new();
    }
    s.last_version = b.version;
    let (view, events) = game_of(b, s.seat);
    vec![envelope(&ServerMsg::Update {
        table: b.info.clone(),
        events,
        view,
    })]
}

/// The game of a broadcast as `seat` may see it, with the broadcast's
/// events: the one privacy filter of each edition (`crate::view` over the
/// engine's `Match::view_for`, the engine's `View1969`).
fn game_of(b: &Broadcast, seat: Option<usize>) -> (Option<Box<GameView>>, Seen) {
    let view = if let Some(f) = &b.game69 {
        Some(Box::new(GameView::M69(table::view_for(f, seat))))
    } else {
        let now = b.clock.now_ms();
        b.m.as_ref().map(|m| {
            Box::new(GameView::Match(MatchView::new(
                m,
                b.version,
                seat,
                &b.timer_starts,
                now,
            )))
        })
    };
    (view, seen(b, &b.events, seat))
}

/// `events` of a broadcast's table as `seat` may see them.
fn seen(b: &Broadcast, events: &Events, seat: Option<usize>) -> Seen {
    match (events, &b.m, &b.game69) {
        (Events::M69(e), _, Some(f)) => Seen::M69(f.table.game.events_seen(e, seat)),
        (Events::M69(_), _, None) => Seen::M69(Vec::new()),
        (Events::Match(e), Some(m), _) => Seen::Match(events_for(e, m, seat)),
        (Events::Match(_), None, _) => Seen::Match(Vec::new()),
    }
}

fn render_presence(p: &Presence) -> String {
    envelope(&ServerMsg::Presence {
        table: p.table.clone(),
        seats: p
            .seats
            .iter()
            .map(|&(seat, connected)| SeatPresence { seat, connected })
            .collect(),
        spectators: p.spectators,
        now_ms: p.clock.map(|c| c.now_ms()),
    })
}

fn state(b: &Broadcast, seat: Option<usize>) -> String {
    let (view, _) = game_of(b, seat);
    let recent = b
        .recent
        .iter()
        .map(|r| RecentView {
            version: r.version,
            shake: r.shake,
            events: seen(b, &r.events, seat),
        })
        .collect();
    envelope(&ServerMsg::State {
        table: b.info.clone(),
        view,
        recent,
    })
}

async fn snapshot(t: &TableHandle) -> Arc<Broadcast> {
    let (reply, rx) = oneshot::channel();
    if t.cmds.send(Cmd::Snapshot { reply }).await.is_ok() {
        if let Ok(b) = rx.await {
            return b;
        }
    }
    Arc::new(Broadcast {
        info: t.info.lock().expect("table info lock").clone(),
        version: 0,
        events: Events::Match(Vec::new()),
        m: None,
        timer_starts: Vec::new(),
        clock: crate::table::Clock {
            origin: tokio::time::Instant::now(),
            base_ms: 0,
            running: false,
        },
        recent: Vec::new(),
        game69: None,
    })
}

async fn leave(at: &mut Option<Seat>) {
    if let Some(s) = at.take() {
        let _ = s
            .table
            .cmds
            .send(Cmd::Presence {
                seat: s.seat,
                delta: -1,
            })
            .await;
    }
}

/// Sits this connection at a table (or as a spectator) and sends the table.
async fn sit(
    table: TableHandle,
    seat: Option<usize>,
    token: Option<String>,
    at: &mut Option<Seat>,
) -> String {
    leave(at).await;
    let updates = table.updates.subscribe();
    let _ = table.cmds.send(Cmd::Presence { seat, delta: 1 }).await;
    let b = snapshot(&table).await;
    let msg = state(&b, seat);
    *at = Some(Seat {
        table,
        seat,
        token,
        updates,
        last_version: b.version,
    });
    msg
}

fn no_table(id: &str) -> Vec<String> {
    vec![envelope(&error(
        ApiCode::NoSuchTable,
        format!("there is no table `{id}`"),
        Some("table"),
    ))]
}

/// Joins or rejoins a seat: `joined` then the whole table, or the error.
async fn take_seat(
    lobby: &Lobby,
    at: &mut Option<Seat>,
    table: &str,
    cmd: impl FnOnce(oneshot::Sender<crate::table::SeatReply>) -> Cmd,
) -> Vec<String> {
    let Some(t) = lobby.find(table).await else {
        return no_table(table);
    };
    let (reply, rx) = oneshot::channel();
    if t.cmds.send(cmd(reply)).await.is_err() {
        return no_table(table);
    }
    match rx.await {
        Ok(Ok((seat, token, name))) => {
            let joined = envelope(&ServerMsg::Joined {
                table: table.to_string(),
                seat,
                token: token.clone(),
                name,
            });
            let st = sit(t, Some(seat), Some(token), at).await;
            vec![joined, st]
        }
        Ok(Err(e)) => vec![envelope(&e)],
        Err(_) => no_table(table),
    }
}

/// The seat token of a `join` with `key` at `table`: derived from the key,
/// so that the seat written to the database already names the client that
/// asked, and a join repeated after its reply was lost (on this instance or
/// another, after a failover) finds it (docs/protocol.md, "Joining again
/// with a key").
pub fn keyed_token(table: &str, key: &str) -> String {
    use sha2::{Digest, Sha256};
    let digest = Sha256::digest(format!("onsets join key\n{table}\n{key}").as_bytes());
    digest[..16].iter().map(|b| format!("{b:02x}")).collect()
}

/// A join key's length and characters: 16 to 128 printable ASCII
/// characters (a random string; a short one would be guessed).
fn key_refused(key: &str) -> Option<ServerMsg> {
    if (16..=128).contains(&key.len()) && key.bytes().all(|b| b.is_ascii_graphic()) {
        return None;
    }
    Some(error(
        ApiCode::BadField,
        format!(
            "`key` is 16 to 128 printable ASCII characters without spaces (a random string); this one is {} bytes",
            key.len()
        ),
        Some("key"),
    ))
}

/// `join` with a `key`: the seat that key already holds at the table (the
/// first join's reply was lost) is rejoined with the same token; otherwise
/// a seat is joined as without a key, its token derived from the key
/// ([`keyed_token`]). A 1969 seat's token is the game's own: there the key
/// is checked but a repeated join is a new join.
async fn join_with_key(
    lobby: &Lobby,
    at: &mut Option<Seat>,
    table: &str,
    name: String,
    seat: Option<usize>,
    key: &str,
) -> Vec<String> {
    if let Some(e) = key_refused(key) {
        return vec![envelope(&e)];
    }
    let token = keyed_token(table, key);
    if let Some(t) = lobby.find(table).await {
        let (reply, rx) = oneshot::channel();
        let asked = Cmd::Rejoin {
            token: token.clone(),
            reply,
        };
        if t.cmds.send(asked).await.is_ok() && matches!(rx.await, Ok(Ok(_))) {
            return take_seat(lobby, at, table, |reply| Cmd::Rejoin { token, reply }).await;
        }
    }
    take_seat(lobby, at, table, |reply| Cmd::Join {
        name,
        seat,
        token: Some(token),
        key: Some(key.to_string()),
        reply,
    })
    .await
}

/// How the table's edition reads a Solution (a preview at the table reads
/// as its judge will).
fn parse_options(table: &TableHandle) -> onsets_core::ParseOptions {
    let info = table.info.lock().expect("table info lock");
    let edition = onsets_core::Edition::from_parts(&info.edition, None).unwrap_or_default();
    let division = info
        .division
        .parse()
        .unwrap_or(onsets_core::Division::Junior);
    onsets_core::ParseOptions::of(edition, division, info.adventurous)
}

/// A `join` under the connection's forced seat name, if it has one.
fn named(msg: ClientMsg, seat_name: Option<&str>) -> ClientMsg {
    match (msg, seat_name) {
        (
            ClientMsg::Join {
                table, seat, key, ..
            },
            Some(forced),
        ) => ClientMsg::Join {
            table,
            name: forced.to_string(),
            seat,
            key,
        },
        (msg, _) => msg,
    }
}

async fn handle(msg: ClientMsg, lobby: &Lobby, at: &mut Option<Seat>) -> Vec<String> {
    match msg {
        ClientMsg::Ping => vec![envelope(&ServerMsg::Pong)],
        // Answered here, on this connection only: the draft never reaches
        // the table, the other connections, the store or the log.
        ClientMsg::Preview { reference, text } => {
            let options = at
                .as_ref()
                .map(|seat| parse_options(&seat.table))
                .unwrap_or_default();
            vec![envelope(&protocol::preview(reference, &text, options))]
        }
        ClientMsg::Join {
            table,
            name,
            seat,
            key: None,
        } => {
            take_seat(lobby, at, &table, |reply| Cmd::Join {
                name,
                seat,
                token: None,
                key: None,
                reply,
            })
            .await
        }
        ClientMsg::Join {
            table,
            name,
            seat,
            key: Some(key),
        } => join_with_key(lobby, at, &table, name, seat, &key).await,
        ClientMsg::Rejoin { table, token } => {
            take_seat(lobby, at, &table, |reply| Cmd::Rejoin { token, reply }).await
        }
        ClientMsg::Spectate { table } => {
            let Some(t) = lobby.find(&table).await else {
                return no_table(&table);
            };
            vec![sit(t, None, None, at).await]
        }
        ClientMsg::Resync => match at {
            Some(s) => {
                let b = snapshot(&s.table).await;
                s.last_version = b.version;
                vec![state(&b, s.seat)]
            }
            None => vec![envelope(&error(
                ApiCode::NotAtTable,
                "join, rejoin or spectate a table first",
                None,
            ))],
        },
        ClientMsg::Leave => {
            leave(at).await;
            Vec::new()
        }
        ClientMsg::Act {
            reference,
            token,
            version,
            act,
        } => {
            let Some(s) = at.as_ref() else {
                return vec![envelope(&error(
                    ApiCode::NotAtTable,
                    "join or rejoin a table before acting",
                    None,
                ))];
            };
            if s.token.as_deref() != Some(token.as_str()) {
                return vec![envelope(&ServerMsg::Rejected {
                    reference,
                    code: ApiCode::BadToken.as_str().into(),
                    rule: "I-A".into(),
                    message: "that is not this connection's seat token: only a seated player acts, and only for their own seat".into(),
                    version: s.last_version,
                })];
            }
            // The act is read here, for the table's edition and this
            // connection's seat: the table never sees JSON.
            let seat = s.seat.unwrap_or(0);
            let m69 = s.table.info.lock().expect("table info lock").edition == "1969";
            let act = match protocol::read_table_act(m69, seat, act) {
                Ok(a) => a,
                Err((code, rule, message)) => {
                    return vec![envelope(&ServerMsg::Rejected {
                        reference,
                        code: code.as_str().into(),
                        rule: rule.into(),
                        message,
                        version: s.last_version,
                    })]
                }
            };
            let (reply, rx) = oneshot::channel();
            if s.table
                .cmds
                .send(Cmd::Act {
                    token,
                    reference,
                    version,
                    act,
                    reply,
                })
                .await
                .is_err()
            {
                return vec![envelope(&error(
                    ApiCode::TableClosed,
                    "the table is closed",
                    None,
                ))];
            }
            match rx.await {
                Ok(m) => vec![envelope(&m)],
                Err(_) => vec![envelope(&error(
                    ApiCode::TableClosed,
                    "the table is closed",
                    None,
                ))],
            }
        }
    }
}

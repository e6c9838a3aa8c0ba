//! `onsets loadtest`: N tables played by scripted clients over WebSocket on
//! loopback, measuring how long an action takes to reach the other players.
//!
//! Each table has two human seats played by the driver (and optionally a bot
//! of the server's). A driver client acts when its seat has something to do
//! (the first act of [`scripted_act`]) after a think time (`think_ms` ±50%),
//! sending the table version it saw, so a stale act is refused, not applied.
//! Latency is measured from the moment an act is sent to the moment the
//! *other* player's connection receives the update that carries its result
//! (the table version after it): "from action to broadcast".
//!
//! With `bot` set, each of those tables also has a server bot (at
//! `bot_pace`), and the driver follows the bot's time limits (XI-A): from
//! the moment a limit of the bot's starts (`started_ms`) until it ends
//! (the bot acted, or the task ended otherwise), in match time, against the
//! limit's length (`due_ms - started_ms`); a `time_expired` of the bot is a
//! bot that did not act within its limit. `bot_only_tables` more tables of
//! three bots at `bot_pace: 0` load the bots' pool meanwhile (they yield to
//! the bots at tables with people).

use serde_json::{json, Value};
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// What to run.
#[derive(Clone, Debug)]
pub struct LoadConfig {
    /// `host:port` of a running server.
    pub addr: String,
    pub tables: usize,
    /// How long to measure after every table has started.
    pub seconds: u64,
    /// The players' mean think time before each act.
    pub think_ms: u64,
    /// A bot of this level in a third seat (the server plays it).
    pub bot: Option<String>,
    /// The bot's pace at the tables with people (percent, 100: human-like).
    pub bot_pace: u32,
    /// Tables of three bots of `bot_only_level` at `bot_pace: 0`, among
    /// `tables`.
    pub bot_only_tables: usize,
    pub bot_only_level: String,
    pub division: String,
}

/// What else a run measures (docs/performance.md, "The server's tail").
#[derive(Clone, Debug, Default)]
pub struct Extras {
    /// A rate sweep: after the first step (at `think_ms`), the same tables
    /// are played at each of these think times in turn, each measured for
    /// `seconds` after a settling pause ([`SETTLE`]).
    pub sweep: Vec<u64>,
    /// `GET /healthz` is timed every this many ms while measuring (0: never).
    pub healthz_every_ms: u64,
}

/// The pause after the think time changes, before a sweep's step is
/// measured: every player's next act is then drawn at the new pace.
pub const SETTLE: Duration = Duration::from_secs(3);

/// A sweep's step whose p99 from action to broadcast is under this is below
/// the knee ([`LoadReport::knee_actions_per_second`]).
pub const KNEE_P99_MS: f64 = 50.0;

/// One step of a run at one think time.
#[derive(Clone, Debug, Default, serde::Serialize)]
pub struct Step {
    pub think_ms: u64,
    pub seconds: f64,
    pub actions: u64,
    pub actions_per_second: f64,
    pub rejected: u64,
    pub samples: usize,
    pub p50_ms: f64,
    pub p90_ms: f64,
    pub p99_ms: f64,
    pub max_ms: f64,
    /// `GET /healthz` timed during the step: how many, the median, p99 and
    /// worst time to the whole answer (ms), and the answers not 200.
    pub healthz_samples: usize,
    pub healthz_p50_ms: f64,
    pub healthz_p99_ms: f64,
    pub healthz_max_ms: f64,
    pub healthz_failed: u64,
}

/// What was measured.
#[derive(Clone, Debug, Default, serde::Serialize)]
pub struct LoadReport {
    pub tables_requested: usize,
    /// Tables whose both players were connected at the end.
    pub tables_held: usize,
    pub connections_lost: u64,
    pub seconds: f64,
    /// Actions applied at the tables (players', bots' and the clock's).
    pub actions: u64,
    pub actions_per_second: f64,
    /// The driver's acts refused (stale or out of turn).
    pub rejected: u64,
    /// Latency from an act sent to its update at the other player (ms).
    pub samples: usize,
    pub p50_ms: f64,
    pub p90_ms: f64,
    pub p99_ms: f64,
    pub max_ms: f64,
    pub shakes_scored: u64,
    pub bot_only_tables: usize,
    /// The bots' time limits at tables with people that ended while
    /// measuring.
    pub bot_limits: usize,
    /// Of those, ended within the limit.
    pub bot_within_limit: usize,
    /// Match time from a bot's limit starting to its end (ms).
    pub bot_p50_ms: f64,
    pub bot_max_ms: f64,
    /// The smallest time left on a bot's limit when it ended (ms).
    pub bot_least_margin_ms: f64,
    /// `time_expired` of a bot at a table with people.
    pub bot_timeouts: u64,
    /// Connections lost and made again (a server instance lost behind a
    /// balancer, docs/scaling.md), and the longest gap from the loss to the
    /// table's `state` (ms).
    pub reconnects: usize,
    pub reconnect_max_ms: f64,
    /// `GET /healthz` during the first step (see [`Step`]).
    pub healthz_samples: usize,
    pub healthz_p50_ms: f64,
    pub healthz_p99_ms: f64,
    pub healthz_max_ms: f64,
    pub healthz_failed: u64,
    /// Every step measured: the first at `think_ms`, then the sweep's.
    pub steps: Vec<Step>,
    /// The most actions per second of a step whose p99 was under
    /// [`KNEE_P99_MS`] (0 if none was).
    pub knee_actions_per_second: f64,
}

impl std::fmt::Display for LoadReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(
            f,
            "tables with people held {}/{} (connections lost {}); {} tables of bots only",
            self.tables_held,
            self.tables_requested - self.bot_only_tables,
            self.connections_lost,
            self.bot_only_tables
        )?;
        writeln!(
            f,
            "{} actions in {:.1} s: {:.1} actions/s ({} refused as stale or out of turn); {} shakes scored",
            self.actions, self.seconds, self.actions_per_second, self.rejected, self.shakes_scored
        )?;
        write!(
            f,
            "action -> broadcast latency over {} samples: p50 {:.2} ms, p90 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
            self.samples, self.p50_ms, self.p90_ms, self.p99_ms, self.max_ms
        )?;
        if self.reconnects > 0 {
            write!(
                f,
                "\n{} connections made again, the longest after {:.0} ms",
                self.reconnects, self.reconnect_max_ms
            )?;
        }
        if self.bot_limits > 0 || self.bot_only_tables > 0 {
            write!(
                f,
                "\nbots at tables with people: {}/{} time limits met, {} expired; \
                 limit start -> end p50 {:.0} ms, max {:.0} ms; least time left {:.0} ms",
                self.bot_within_limit,
                self.bot_limits,
                self.bot_timeouts,
                self.bot_p50_ms,
                self.bot_max_ms,
                self.bot_least_margin_ms
            )?;
        }
        if self.healthz_samples > 0 {
            write!(
                f,
                "\n/healthz over {} samples: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms ({} not 200)",
                self.healthz_samples,
                self.healthz_p50_ms,
                self.healthz_p99_ms,
                self.healthz_max_ms,
                self.healthz_failed
            )?;
        }
        if self.steps.len() > 1 {
            write!(
                f,
                "\nsweep (think ms: actions/s, p50 / p99 / max ms, /healthz p99 / max ms):"
            )?;
            for s in &self.steps {
                write!(
                    f,
                    "\n  {:>5}: {:>7.1}/s, {:.2} / {:.2} / {:.2} ms, /healthz {:.2} / {:.2} ms",
                    s.think_ms,
                    s.actions_per_second,
                    s.p50_ms,
                    s.p99_ms,
                    s.max_ms,
                    s.healthz_p99_ms,
                    s.healthz_max_ms
                )?;
            }
            write!(
                f,
                "\nknee: {:.1} actions/s (the most of a step with p99 under {KNEE_P99_MS} ms)",
                self.knee_actions_per_second
            )?;
        }
        Ok(())
    }
}

/// A simple player: the first act of its seat's `legal` list in this order
/// of preference (never a challenge, a bonus move or a charge), with a
/// Solution placeholder when one must or may be presented. `None` when the
/// seat has nothing to do.
pub fn scripted_act(view: &Value) -> Option<Value> {
    let legal = view["legal"].as_array()?;
    let order: [&dyn Fn(&Value) -> bool; 10] = [
        &|a| a["type"] == "decline",
        &|a| a["type"] == "accept",
        &|a| a["type"] == "end_selection",
        &|a| a["type"] == "select_variation",
        &|a| a["type"] == "roll",
        &|a| a["type"] == "deal",
        &|a| a["type"] == "set_goal",
        &|a| a["type"] == "agree_no_goal",
        &|a| a["type"] == "move" && a["bonus"] == false,
        &|a| a["type"] == "present",
    ];
    order.iter().find_map(|f| {
        legal.iter().find(|a| f(a)).cloned().map(|mut a| {
            if let Some(o) = a.as_object_mut() {
                o.remove("player");
            }
            a
        })
    })
}

#[derive(Default)]
struct Shared {
    latencies: Mutex<Vec<f64>>,
    actions: AtomicU64,
    rejected: AtomicU64,
    lost: AtomicU64,
    scored: AtomicU64,
    measuring: std::sync::atomic::AtomicBool,
    /// (time from start to end, limit length) of bots' limits, match ms.
    bot_limits: Mutex<Vec<(f64, f64)>>,
    bot_timeouts: AtomicU64,
    /// Each reconnection: ms from the connection's loss to the table's
    /// `state` on the new one.
    reconnects: Mutex<Vec<f64>>,
    /// The players' mean think time now (ms; a sweep changes it).
    think_ms: AtomicU64,
    /// `/healthz` times (ms) while measuring, and the answers not 200.
    healthz: Mutex<Vec<f64>>,
    healthz_failed: AtomicU64,
}

/// How long a player tries to reconnect before it gives up.
pub const RECONNECT_FOR: Duration = Duration::from_secs(20);

/// Per table: when the act that produced each version was sent, and by whom.
type Sent = Arc<Mutex<HashMap<u64, (Instant, usize)>>>;

/// Runs the load and reports.
pub async fn run(cfg: LoadConfig) -> anyhow::Result<LoadReport> {
    run_with(cfg, Extras::default()).await
}

/// Runs the load with a rate sweep and `/healthz` sampled ([`Extras`]), and
/// reports: the top-level figures are the first step's.
pub async fn run_with(cfg: LoadConfig, extras: Extras) -> anyhow::Result<LoadReport> {
    let shared = Arc::new(Shared::default());
    shared.think_ms.store(cfg.think_ms, Ordering::Relaxed);
    let mut held = Vec::new();
    let mut tasks = Vec::new();
    let bot_only = cfg.bot_only_tables.min(cfg.tables);
    for i in 0..bot_only {
        let seats = vec![json!({"kind":"bot","level":cfg.bot_only_level}); 3];
        let body = json!({"division": cfg.division, "seats": seats, "seed": 90_000 + i as u64,
            "bot_pace": 0, "round_minutes": 120});
        post_table(&cfg.addr, &body).await?;
    }
    for i in 0..cfg.tables - bot_only {
        let mut seats = vec![json!({"kind":"human"}), json!({"kind":"human"})];
        if let Some(level) = &cfg.bot {
            seats.push(json!({"kind":"bot","level":level}));
        }
        let body = json!({"division": cfg.division, "seats": seats, "seed": 1000 + i as u64,
            "bot_pace": cfg.bot_pace, "round_minutes": 120});
        let t = post_table(&cfg.addr, &body).await?;
        let id = t["id"].as_str().unwrap_or_default().to_string();
        let sent: Sent = Arc::default();
        let alive = Arc::new(AtomicU64::new(0));
        held.push(alive.clone());
        for seat in 0..2 {
            let p = Player {
                addr: cfg.addr.clone(),
                table: id.clone(),
                seat,
                bot_seat: cfg.bot.as_ref().map(|_| 2usize).filter(|_| seat == 0),
                sent: sent.clone(),
                shared: shared.clone(),
                alive: alive.clone(),
                hold_after: None,
                reconnect_for: RECONNECT_FOR,
            };
            tasks.push(tokio::spawn(async move {
                let (id, seat) = (p.table.clone(), p.seat);
                if let Err(e) = player(p).await {
                    tracing::debug!("player {id}/{seat}: {e:#}");
                }
            }));
        }
        // Pace the start a little so 500 tables do not all roll at once.
        if i % 50 == 49 {
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
    // Let every table start, then measure.
    tokio::time::sleep(Duration::from_secs(2)).await;
    if extras.healthz_every_ms > 0 {
        tasks.push(tokio::spawn(sample_healthz(
            cfg.addr.clone(),
            Duration::from_millis(extras.healthz_every_ms),
            shared.clone(),
        )));
    }
    let mut steps = Vec::new();
    let thinks = std::iter::once(cfg.think_ms).chain(extras.sweep.iter().copied());
    for (i, think) in thinks.enumerate() {
        if i > 0 {
            shared.think_ms.store(think, Ordering::Relaxed);
            tokio::time::sleep(SETTLE).await;
        }
        steps.push(measure_step(&shared, think, cfg.seconds).await);
    }
    let tables_held = held
        .iter()
        .filter(|a| a.load(Ordering::Relaxed) == 2)
        .count();
    for t in tasks {
        t.abort();
    }
    let mut bots = shared.bot_limits.lock().expect("bot lock").clone();
    bots.sort_by(|a, b| a.0.total_cmp(&b.0));
    let bot_within_limit = bots.iter().filter(|(t, l)| t <= l).count();
    let bot_least_margin_ms = bots
        .iter()
        .map(|(t, l)| l - t)
        .min_by(|a, b| a.total_cmp(b))
        .unwrap_or(0.0);
    let gaps = shared.reconnects.lock().expect("reconnects lock").clone();
    let first = steps.first().cloned().unwrap_or_default();
    let knee_actions_per_second = steps
        .iter()
        .filter(|s| s.samples > 0 && s.p99_ms < KNEE_P99_MS)
        .map(|s| s.actions_per_second)
        .fold(0.0, f64::max);
    Ok(LoadReport {
        tables_requested: cfg.tables,
        tables_held,
        connections_lost: shared.lost.load(Ordering::Relaxed),
        seconds: first.seconds,
        actions: first.actions,
        actions_per_second: first.actions_per_second,
        rejected: first.rejected,
        samples: first.samples,
        p50_ms: first.p50_ms,
        p90_ms: first.p90_ms,
        p99_ms: first.p99_ms,
        max_ms: first.max_ms,
        shakes_scored: shared.scored.load(Ordering::Relaxed),
        bot_only_tables: bot_only,
        bot_limits: bots.len(),
        bot_within_limit,
        bot_p50_ms: bots.get(bots.len() / 2).map_or(0.0, |b| b.0),
        bot_max_ms: bots.last().map_or(0.0, |b| b.0),
        bot_least_margin_ms,
        bot_timeouts: shared.bot_timeouts.load(Ordering::Relaxed),
        reconnects: gaps.len(),
        reconnect_max_ms: gaps.iter().copied().fold(0.0, f64::max),
        healthz_samples: first.healthz_samples,
        healthz_p50_ms: first.healthz_p50_ms,
        healthz_p99_ms: first.healthz_p99_ms,
        healthz_max_ms: first.healthz_max_ms,
        healthz_failed: first.healthz_failed,
        steps,
        knee_actions_per_second,
    })
}

/// Measures one step: `seconds` of the tables as they are played now.
async fn measure_step(shared: &Shared, think_ms: u64, seconds: u64) -> Step {
    shared.latencies.lock().expect("latency lock").clear();
    shared.healthz.lock().expect("healthz lock").clear();
    let a0 = shared.actions.load(Ordering::Relaxed);
    let r0 = shared.rejected.load(Ordering::Relaxed);
    let h0 = shared.healthz_failed.load(Ordering::Relaxed);
    shared.measuring.store(true, Ordering::Relaxed);
    let t0 = Instant::now();
    tokio::time::sleep(Duration::from_secs(seconds)).await;
    shared.measuring.store(false, Ordering::Relaxed);
    let secs = t0.elapsed().as_secs_f64();
    let actions = shared.actions.load(Ordering::Relaxed) - a0;
    let mut lat = std::mem::take(&mut *shared.latencies.lock().expect("latency lock"));
    lat.sort_by(|a, b| a.total_cmp(b));
    let mut hz = std::mem::take(&mut *shared.healthz.lock().expect("healthz lock"));
    hz.sort_by(|a, b| a.total_cmp(b));
    Step {
        think_ms,
        seconds: secs,
        actions,
        actions_per_second: actions as f64 / secs,
        rejected: shared.rejected.load(Ordering::Relaxed) - r0,
        samples: lat.len(),
        p50_ms: quantile(&lat, 0.5),
        p90_ms: quantile(&lat, 0.9),
        p99_ms: quantile(&lat, 0.99),
        max_ms: lat.last().copied().unwrap_or(0.0),
        healthz_samples: hz.len(),
        healthz_p50_ms: quantile(&hz, 0.5),
        healthz_p99_ms: quantile(&hz, 0.99),
        healthz_max_ms: hz.last().copied().unwrap_or(0.0),
        healthz_failed: shared.healthz_failed.load(Ordering::Relaxed) - h0,
    }
}

/// The `p` quantile of sorted samples (0 for none).
fn quantile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        0.0
    } else {
        sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
    }
}

/// Times `GET /healthz` every `every` while measuring: from the connection
/// opened to the whole answer read (a fresh connection each time, as a
/// balancer's check makes it).
async fn sample_healthz(addr: String, every: Duration, shared: Arc<Shared>) {
    let mut tick = tokio::time::interval(every);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tick.tick().await;
        if !shared.measuring.load(Ordering::Relaxed) {
            continue;
        }
        let t0 = Instant::now();
        let ok = matches!(get_status(&addr, "/healthz").await, Ok(200));
        let ms = t0.elapsed().as_secs_f64() * 1000.0;
        if !shared.measuring.load(Ordering::Relaxed) {
            continue;
        }
        if !ok {
            shared.healthz_failed.fetch_add(1, Ordering::Relaxed);
        }
        shared.healthz.lock().expect("healthz lock").push(ms);
    }
}

/// The status of `GET path` (its body read to the end).
async fn get_status(addr: &str, path: &str) -> anyhow::Result<u16> {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut s = tokio::net::TcpStream::connect(addr).await?;
    let req = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
    s.write_all(req.as_bytes()).await?;
    let mut buf = Vec::new();
    s.read_to_end(&mut buf).await?;
    let text = String::from_utf8_lossy(&buf);
    let status = text
        .split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .ok_or_else(|| anyhow::anyhow!("no HTTP status in the answer to {path}"))?;
    Ok(status)
}

async fn post_table(addr: &str, body: &Value) -> anyhow::Result<Value> {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut s = tokio::net::TcpStream::connect(addr).await?;
    let body = body.to_string();
    let req = format!(
        "POST /api/tables HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).await?;
    let mut buf = Vec::new();
    s.read_to_end(&mut buf).await?;
    let text = String::from_utf8_lossy(&buf);
    let json = text.split_once("\r\n\r\n").map(|x| x.1).unwrap_or_default();
    let v: Value = serde_json::from_str(json.trim())
        .map_err(|e| anyhow::anyhow!("creating a table: {e}: {text}"))?;
    if v.get("id").is_none() {
        anyhow::bail!("creating a table: {v}");
    }
    Ok(v)
}

/// One scripted seat: where it plays and what it reports to.
struct Player {
    addr: String,
    table: String,
    seat: usize,
    bot_seat: Option<usize>,
    sent: Sent,
    shared: Arc<Shared>,
    alive: Arc<AtomicU64>,
    /// Play-out: the shakes to play before holding at the next roll until
    /// the round's time is up (the match then ends, XI-B).
    hold_after: Option<usize>,
    /// How long a lost connection is tried again before the player gives up.
    reconnect_for: Duration,
}

/// How a connection of a player ended.
enum Ended {
    /// The match is over: its last view.
    Over(Value),
    /// The connection closed (or was refused): reconnect.
    Closed(String),
}

/// A scripted player: connects (`/ws?table=ID`, the balancer's routing key,
/// deploy/haproxy.cfg), joins its seat, plays, and when the connection is
/// lost reconnects and `rejoin`s with its token (docs/scaling.md,
/// "Failover"), timing the gap from the loss to the table's `state`.
async fn player(p: Player) -> anyhow::Result<Option<Value>> {
    let mut token = String::new();
    let mut down_since: Option<Instant> = None;
    loop {
        match session(&p, &mut token, &mut down_since).await {
            Ended::Over(view) => return Ok(Some(view)),
            Ended::Closed(why) => {
                let since = *down_since.get_or_insert_with(Instant::now);
                if since.elapsed() > p.reconnect_for {
                    anyhow::bail!("gave up reconnecting: {why}");
                }
                tracing::debug!(table = %p.table, seat = p.seat, "reconnecting: {why}");
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        }
    }
}

/// One connection of a player, until it closes or the match is over.
async fn session(p: &Player, token: &mut String, down_since: &mut Option<Instant>) -> Ended {
    use futures_util::{SinkExt, StreamExt};
    use tokio_tungstenite::tungstenite::Message;
    let url = format!("ws://{}/ws?table={}", p.addr, p.table);
    let (ws, _) = match tokio_tungstenite::connect_async(url).await {
        Ok(x) => x,
        Err(e) => return Ended::Closed(format!("connecting: {e}")),
    };
    let (mut tx, mut rx) = ws.split();
    let first = if token.is_empty() {
        json!({"v":1,"type":"join","table":p.table,"name":format!("P{}", p.seat),"seat":p.seat})
    } else {
        json!({"v":1,"type":"rejoin","table":p.table,"token":token})
    };
    if let Err(e) = tx.send(Message::Text(first.to_string().into())).await {
        return Ended::Closed(format!("sending the join: {e}"));
    }
    let shared = &*p.shared;
    let mut at_table = false;
    let mut view = Value::Null;
    // A deterministic jitter per player.
    let mut rng = ((p.seat as u64 + 1) * 0x9E37_79B9) ^ p.table.len() as u64;
    let mut next_act: Option<tokio::time::Instant> = None;
    // The version my act in flight would produce.
    let mut mine: Option<u64> = None;
    let mut seen_version = 0u64;
    // The bot's running limits: (task, stage, due) -> started_ms.
    let mut bot_timers: HashMap<(String, u64, u64), u64> = HashMap::new();
    let ended = loop {
        let wait = next_act.map(tokio::time::sleep_until);
        let frame = match wait {
            Some(w) => tokio::select! {
                f = rx.next() => f,
                _ = w => {
                    next_act = None;
                    if let Some(act) = scripted_act(&view).filter(|_| !holds(p.hold_after, &view)) {
                        let version = view["version"].as_u64().unwrap_or(0);
                        p.sent.lock().expect("sent lock").insert(version + 1, (Instant::now(), p.seat));
                        mine = Some(version + 1);
                        let mut act = act;
                        if act["type"] == "present" {
                            act["solution"] = json!("B ∪ R");
                        }
                        let msg = json!({"v":1,"type":"act","token":token,"version":version,"act":act});
                        if let Err(e) = tx.send(Message::Text(msg.to_string().into())).await {
                            break Ended::Closed(format!("sending an act: {e}"));
                        }
                    }
                    continue;
                }
            },
            None => rx.next().await,
        };
        let text = match frame {
            Some(Ok(Message::Text(t))) => t,
            Some(Ok(Message::Close(c))) => {
                break Ended::Closed(format!("closed by the server: {c:?}"))
            }
            Some(Ok(_)) => continue,
            Some(Err(e)) => break Ended::Closed(format!("the connection failed: {e}")),
            None => break Ended::Closed("the connection ended".into()),
        };
        let Ok(v) = serde_json::from_str::<Value>(&text) else {
            continue;
        };
        match v["type"].as_str() {
            Some("joined") => *token = v["token"].as_str().unwrap_or_default().to_string(),
            // A join or rejoin refused (a table being taken over): again.
            Some("error") if !at_table => break Ended::Closed(format!("refused: {v}")),
            Some("accepted") => {
                mine = None;
            }
            Some("rejected") => {
                shared.rejected.fetch_add(1, Ordering::Relaxed);
                if let Some(k) = mine.take() {
                    p.sent.lock().expect("sent lock").remove(&k);
                }
                // Playing out, an act refused (not stale: the table did not
                // move on) is tried again.
                if p.hold_after.is_some() && next_act.is_none() {
                    next_act = Some(tokio::time::Instant::now() + Duration::from_millis(100));
                }
            }
            Some("state") | Some("update") if v["match"].is_object() => {
                if !at_table {
                    at_table = true;
                    p.alive.fetch_add(1, Ordering::Relaxed);
                    if let Some(since) = down_since.take() {
                        let ms = since.elapsed().as_secs_f64() * 1000.0;
                        shared.reconnects.lock().expect("reconnects lock").push(ms);
                    }
                }
                view = v["match"].clone();
                if p.hold_after.is_some() && !view["match_points"].is_null() {
                    break Ended::Over(view);
                }
                let version = view["version"].as_u64().unwrap_or(0);
                if let Some(b) = p.bot_seat {
                    follow_bot(b, &v, &view, &mut bot_timers, shared);
                }
                // Every applied action (players', bots', the clock's),
                // counted once per table by seat 0.
                if p.seat == 0 && version > seen_version {
                    if seen_version > 0 {
                        shared
                            .actions
                            .fetch_add(version - seen_version, Ordering::Relaxed);
                    }
                    seen_version = version;
                }
                if v["type"] == "update" {
                    measure(p, &v, version);
                }
                if next_act.is_none()
                    && scripted_act(&view).is_some()
                    && !holds(p.hold_after, &view)
                {
                    rng ^= rng << 13;
                    rng ^= rng >> 7;
                    rng ^= rng << 17;
                    let think = shared.think_ms.load(Ordering::Relaxed);
                    let jitter = if think == 0 { 0 } else { rng % think };
                    next_act = Some(
                        tokio::time::Instant::now() + Duration::from_millis(think / 2 + jitter),
                    );
                }
            }
            Some("state") if !at_table => {
                // Seated before the match starts.
                at_table = true;
                p.alive.fetch_add(1, Ordering::Relaxed);
                if let Some(since) = down_since.take() {
                    let ms = since.elapsed().as_secs_f64() * 1000.0;
                    shared.reconnects.lock().expect("reconnects lock").push(ms);
                }
            }
            _ => {}
        }
    };
    if at_table {
        p.alive.fetch_sub(1, Ordering::Relaxed);
    }
    if matches!(ended, Ended::Closed(_)) {
        shared.lost.fetch_add(1, Ordering::Relaxed);
    }
    ended
}

/// Playing out, the seat does nothing once the shakes to play are scored:
/// the next shake is not started (no deal, no roll), so the round's end
/// (XI-B) ends the match then.
fn holds(hold_after: Option<usize>, view: &Value) -> bool {
    hold_after.is_some_and(|k| view["history"].as_array().map_or(0, Vec::len) >= k)
}

/// The latency of an update that carries the other player's act, and the
/// shakes scored.
fn measure(p: &Player, v: &Value, version: u64) {
    let shared = &*p.shared;
    let by = p.sent.lock().expect("sent lock").get(&version).copied();
    if let Some((at, who)) = by {
        if who != p.seat {
            p.sent.lock().expect("sent lock").remove(&version);
            if shared.measuring.load(Ordering::Relaxed) {
                shared
                    .latencies
                    .lock()
                    .expect("latency lock")
                    .push(at.elapsed().as_secs_f64() * 1000.0);
            }
        }
    }
    if p.seat == 0
        && v["events"]
            .as_array()
            .is_some_and(|e| e.iter().any(|e| e["event"] == "shake_scored"))
    {
        shared.scored.fetch_add(1, Ordering::Relaxed);
    }
}

/// Follows the bot's time limits in a frame (see the module's comment).
fn follow_bot(
    bot: usize,
    frame: &Value,
    view: &Value,
    running: &mut HashMap<(String, u64, u64), u64>,
    shared: &Shared,
) {
    let measuring = shared.measuring.load(Ordering::Relaxed);
    let now = view["now_ms"].as_u64().unwrap_or(0);
    if measuring {
        for e in frame["events"].as_array().into_iter().flatten() {
            if e["event"] == "time_expired" && e["player"].as_u64() == Some(bot as u64) {
                shared.bot_timeouts.fetch_add(1, Ordering::Relaxed);
            }
        }
    }
    let mut now_running = HashMap::new();
    for t in view["timers"].as_array().into_iter().flatten() {
        if t["player"].as_u64() != Some(bot as u64) {
            continue;
        }
        let key = (
            t["task"].as_str().unwrap_or_default().to_string(),
            t["stage"].as_u64().unwrap_or(0),
            t["due_ms"].as_u64().unwrap_or(0),
        );
        let started = t["started_ms"].as_u64().unwrap_or(now);
        now_running.insert(key, started);
    }
    for (key, started) in running.iter() {
        if !now_running.contains_key(key) && measuring {
            let took = now.saturating_sub(*started) as f64;
            let limit = key.2.saturating_sub(*started) as f64;
            shared
                .bot_limits
                .lock()
                .expect("bot lock")
                .push((took, limit));
        }
    }
    *running = now_running;
}

/// `play_out`: tables played to the end of their match by scripted players
/// (a failover test, docs/scaling.md): each plays `shakes` shakes, then
/// holds at the next roll until the round's time is up, so that the match's
/// scores depend only on the seed, never on the machine's speed.
#[derive(Clone, Debug)]
pub struct PlayOut {
    /// `host:port` of a server or of a balancer in front of several.
    pub addr: String,
    /// One table per (seed, edition: `2026-27` or `2019-20`).
    pub tables: Vec<(u64, String)>,
    pub shakes: usize,
    /// The round's length (1 at least, XI-B).
    pub round_minutes: u32,
    pub division: String,
}

/// A table played out.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Outcome {
    pub seed: u64,
    pub edition: String,
    pub id: String,
    /// The shakes scored, the totals and the match points (XII-A).
    pub shakes: usize,
    pub totals: Vec<i64>,
    pub match_points: Vec<u64>,
    /// The record of every shake (the cubes, the Goal, each one's score).
    pub history: Value,
}

/// What a play-out measured.
#[derive(Clone, Debug, Default, serde::Serialize)]
pub struct PlayOutReport {
    /// By seed, the tables whose match ended.
    pub outcomes: Vec<Outcome>,
    /// Players that gave up (the table, the seat and why).
    pub failed: Vec<String>,
    /// Reconnections and the longest gap from a loss to the table's state.
    pub reconnects: usize,
    pub reconnect_max_ms: f64,
}

/// Live progress of a play-out: the actions applied at its tables so far
/// (counted by seat 0 of each).
#[derive(Debug, Default)]
pub struct Progress {
    pub actions: AtomicU64,
}

/// Creates the tables, plays each to the end of its match, and reports.
pub async fn play_out(cfg: &PlayOut, progress: Arc<Progress>) -> anyhow::Result<PlayOutReport> {
    use futures_util::StreamExt;
    let shared = Arc::new(Shared::default());
    let mut tasks = Vec::new();
    // Made all at once, each played as soon as it is made.
    let posts: Vec<_> = cfg
        .tables
        .iter()
        .map(|(seed, edition)| {
            let body = json!({"division": cfg.division, "edition": edition,
                "seats": [{"kind":"human"}, {"kind":"human"}], "seed": seed,
                "bot_pace": 0, "round_minutes": cfg.round_minutes});
            let (addr, seed, edition) = (cfg.addr.clone(), *seed, edition.clone());
            tokio::spawn(async move { (seed, edition, post_table(&addr, &body).await) })
        })
        .collect();
    let mut made = futures_util::stream::iter(posts).buffer_unordered(posts_len(cfg));
    while let Some(done) = made.next().await {
        let (seed, edition, t) = done?;
        let id = t?["id"].as_str().unwrap_or_default().to_string();
        let sent: Sent = Arc::default();
        for seat in 0..2 {
            let p = Player {
                addr: cfg.addr.clone(),
                table: id.clone(),
                seat,
                bot_seat: None,
                sent: sent.clone(),
                shared: shared.clone(),
                alive: Arc::new(AtomicU64::new(0)),
                hold_after: Some(cfg.shakes),
                reconnect_for: RECONNECT_FOR,
            };
            let edition = edition.clone();
            tasks.push(tokio::spawn(async move {
                let (id, seat) = (p.table.clone(), p.seat);
                (seed, edition, id, seat, player(p).await)
            }));
        }
    }
    let watch = tokio::spawn({
        let shared = shared.clone();
        async move {
            loop {
                tokio::time::sleep(Duration::from_millis(100)).await;
                let n = shared.actions.load(Ordering::Relaxed);
                progress.actions.store(n, Ordering::Relaxed);
            }
        }
    });
    let mut report = PlayOutReport::default();
    for t in tasks {
        let (seed, edition, id, seat, r) = t.await?;
        match r {
            Ok(Some(view)) if seat == 0 => report.outcomes.push(Outcome {
                seed,
                edition,
                id,
                shakes: view["history"].as_array().map_or(0, Vec::len),
                totals: numbers(&view["totals"]).map(|n| n as i64).collect(),
                match_points: numbers(&view["match_points"]).map(|n| n as u64).collect(),
                history: view["history"].clone(),
            }),
            Ok(_) => {}
            Err(e) => report
                .failed
                .push(format!("table {id} (seed {seed}) seat {seat}: {e:#}")),
        }
    }
    watch.abort();
    report.outcomes.sort_by_key(|o| o.seed);
    let gaps = shared.reconnects.lock().expect("reconnects lock").clone();
    report.reconnects = gaps.len();
    report.reconnect_max_ms = gaps.iter().copied().fold(0.0, f64::max);
    Ok(report)
}

/// The numbers of a JSON array (none for anything else).
fn numbers(v: &Value) -> impl Iterator<Item = f64> + '_ {
    v.as_array().into_iter().flatten().filter_map(Value::as_f64)
}

/// How many creations are awaited at once (all of them).
fn posts_len(cfg: &PlayOut) -> usize {
    cfg.tables.len().max(1)
}

/// The same table played out without a server: the seed's match in the
/// engine, the same scripted players acting on the same views
/// ([`MatchView`](crate::view::MatchView), as `/ws` sends them), each act
/// applied at once and the clock run to its next deadline when nobody has
/// anything to do. The uninterrupted run a failover test compares with.
pub fn play_alone(cfg: &PlayOut, seed: u64, edition: &str) -> anyhow::Result<Outcome> {
    use onsets_engine::{Act, Action, Match, MatchConfig};
    let division: onsets_core::Division = cfg.division.parse().map_err(anyhow::Error::msg)?;
    let mut config = MatchConfig::new(seed, &["P0", "P1"], division, true);
    config.round_ms = u64::from(cfg.round_minutes) * 60_000;
    config.edition = onsets_core::Edition::from_parts(edition, None).map_err(anyhow::Error::msg)?;
    let (mut m, _) = Match::new(config).map_err(|r| anyhow::anyhow!("{}", r.message))?;
    let (mut version, mut now) = (1u64, 0u64);
    let id = format!("alone-{seed}");
    while m.match_points().is_none() {
        let mut acted = false;
        for seat in 0..2 {
            let view = serde_json::to_value(crate::view::MatchView::new(
                &m,
                version,
                Some(seat),
                &[],
                now,
            ))?;
            let Some(mut act) = scripted_act(&view) else {
                continue;
            };
            if holds(Some(cfg.shakes), &view) {
                continue;
            }
            if act["type"] == "present" {
                act["solution"] = json!("B ∪ R");
            }
            let act = match crate::protocol::read_table_act(false, seat, act) {
                Ok(crate::protocol::TableAct::Match(a)) => a,
                Ok(_) => anyhow::bail!("not an act of these rules"),
                Err((_, _, why)) => anyhow::bail!("seat {seat}'s act does not read: {why}"),
            };
            now += 1;
            m = m
                .apply(Action { at_ms: now, act })
                .map_err(|r| anyhow::anyhow!("seed {seed}: {}", r.message))?
                .0;
            version += 1;
            acted = true;
            break;
        }
        if !acted {
            let Some(due) = m.next_deadline() else {
                anyhow::bail!("seed {seed}: nobody acts and no time limit runs")
            };
            now = now.max(due);
            m = m
                .apply(Action {
                    at_ms: now,
                    act: Act::Clock,
                })
                .map_err(|r| anyhow::anyhow!("seed {seed}: {}", r.message))?
                .0;
            version += 1;
        }
    }
    let view = serde_json::to_value(crate::view::MatchView::new(&m, version, Some(0), &[], now))?;
    Ok(Outcome {
        seed,
        edition: edition.to_string(),
        id,
        shakes: view["history"].as_array().map_or(0, Vec::len),
        totals: numbers(&view["totals"]).map(|n| n as i64).collect(),
        match_points: numbers(&view["match_points"]).map(|n| n as u64).collect(),
        history: view["history"].clone(),
    })
}

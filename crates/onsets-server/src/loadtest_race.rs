//! `onsets loadtest`'s practice parts (docs/performance.md, "Storm pools"
//! and "Puzzle Race at scale"), beside the tables of `crate::loadtest`:
//!
//! * [`storms`]: `GET /api/puzzles/storm` asked N times in a row, each
//!   timed at the client from the request's first byte to the answer's
//!   last over loopback (an upper bound of the server's time), one request
//!   a connection;
//! * [`race`]: races of `racers` people over `/ws/race`
//!   (docs/practice.md, "Race"), one after another until stopped, each
//!   racer answering its current puzzle after a human think time and the
//!   others timing the progress: from an answer sent to the moment every
//!   other racer's socket receives the `race` frame in which that racer's
//!   `index` moved past it (the server's judging, the actor and the
//!   broadcast together).
//!
//! The racers answer challenge puzzles (a race of `kind: challenge`), each
//! answer one of the choices drawn by a seeded generator, so about a third
//! are right; a miss costs the racer 10 s of its clock, as a person's.

use serde_json::{json, Value};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// What the storm driver measured.
#[derive(Clone, Debug, Default, serde::Serialize)]
pub struct StormReport {
    pub requests: usize,
    /// Answers that were not 200 with at least 20 puzzles.
    pub failed: usize,
    pub p50_ms: f64,
    pub p90_ms: f64,
    pub max_ms: f64,
    /// Lists carrying a puzzle the storm pool generated (not embedded).
    pub with_generated: usize,
}

impl std::fmt::Display for StormReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "storm lists: {} in a row ({} failed, {} with generated puzzles): median {:.2} ms, p90 {:.2} ms, worst {:.2} ms",
            self.requests, self.failed, self.with_generated, self.p50_ms, self.p90_ms, self.max_ms
        )
    }
}

/// One HTTP/1.1 request on a new connection: the status and the JSON body.
async fn http(
    addr: &str,
    method: &str,
    path: &str,
    body: Option<&Value>,
) -> anyhow::Result<(u16, Value)> {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut s = tokio::net::TcpStream::connect(addr).await?;
    let body = body.map(Value::to_string).unwrap_or_default();
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).await?;
    let mut buf = Vec::new();
    s.read_to_end(&mut buf).await?;
    let text = String::from_utf8_lossy(&buf);
    let status = text
        .split_whitespace()
        .nth(1)
        .and_then(|c| c.parse::<u16>().ok())
        .unwrap_or(0);
    let json = text.split_once("\r\n\r\n").map(|x| x.1).unwrap_or_default();
    Ok((
        status,
        serde_json::from_str(json.trim()).unwrap_or(Value::Null),
    ))
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

/// `n` storm lists asked one after another (`embedded`: the ids of the
/// embedded pool, to count the lists with generated puzzles).
pub async fn storms(addr: &str, n: usize, embedded: &[String]) -> anyhow::Result<StormReport> {
    let embedded: std::collections::HashSet<&str> = embedded.iter().map(String::as_str).collect();
    let mut times = Vec::with_capacity(n);
    let mut failed = 0;
    let mut with_generated = 0;
    for i in 0..n {
        let path = format!("/api/puzzles/storm?player=loadtest-storm-{:04}", i % 100);
        let t = Instant::now();
        let (status, v) = http(addr, "GET", &path, None).await?;
        times.push(t.elapsed().as_secs_f64() * 1000.0);
        let list = v["puzzles"].as_array().cloned().unwrap_or_default();
        if status != 200 || list.len() < 20 {
            failed += 1;
        }
        if list
            .iter()
            .any(|q| q["id"].as_str().is_some_and(|id| !embedded.contains(id)))
        {
            with_generated += 1;
        }
    }
    times.sort_by(f64::total_cmp);
    Ok(StormReport {
        requests: n,
        failed,
        p50_ms: percentile(&times, 0.5),
        p90_ms: percentile(&times, 0.9),
        max_ms: times.last().copied().unwrap_or(0.0),
        with_generated,
    })
}

/// What to race.
#[derive(Clone, Debug)]
pub struct RaceLoad {
    pub addr: String,
    /// People in each race (2 to 10).
    pub racers: usize,
    /// The racers' mean think time per puzzle (±50 %).
    pub think_ms: u64,
    /// Each race's clock (10 to 300 s).
    pub seconds: u64,
}

/// What the race driver measured.
#[derive(Clone, Debug, Default, serde::Serialize)]
pub struct RaceReport {
    pub races: u64,
    pub racers: usize,
    /// Answers sent.
    pub answers: u64,
    /// Refusals (`error` frames) and lost connections.
    pub errors: u64,
    /// Progress seen by another racer, from the answer sent (ms).
    pub samples: usize,
    pub p50_ms: f64,
    pub p90_ms: f64,
    pub p99_ms: f64,
    pub max_ms: f64,
}

impl std::fmt::Display for RaceReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "races: {} of {} racers, {} answers ({} errors); answer -> others' progress over {} samples: p50 {:.2} ms, p90 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
            self.races, self.racers, self.answers, self.errors, self.samples, self.p50_ms, self.p90_ms, self.p99_ms, self.max_ms
        )
    }
}

#[derive(Default)]
struct Shared {
    /// (racer's name, puzzle index) → when its answer was sent.
    sent: Mutex<HashMap<(String, u64), Instant>>,
    samples: Mutex<Vec<f64>>,
    answers: AtomicU64,
    errors: AtomicU64,
    races: AtomicU64,
}

/// Races one after another until `stop` is set (the race running then is
/// raced to its end), then the report.
pub async fn race(cfg: RaceLoad, stop: Arc<AtomicBool>) -> RaceReport {
    let shared = Arc::new(Shared::default());
    let mut seed = 1u64;
    while !stop.load(Ordering::Relaxed) {
        let body = json!({"players": cfg.racers, "kind": "challenge", "countdown_s": 1,
            "seconds": cfg.seconds, "seed": seed});
        seed += 1;
        let id = match http(&cfg.addr, "POST", "/api/races", Some(&body)).await {
            Ok((201, v)) => v["id"].as_str().unwrap_or_default().to_string(),
            Ok((status, v)) => {
                tracing::warn!("loadtest race: {status} {v}");
                shared.errors.fetch_add(1, Ordering::Relaxed);
                tokio::time::sleep(Duration::from_secs(1)).await;
                continue;
            }
            Err(e) => {
                tracing::warn!("loadtest race: {e}");
                shared.errors.fetch_add(1, Ordering::Relaxed);
                tokio::time::sleep(Duration::from_secs(1)).await;
                continue;
            }
        };
        let racers: Vec<_> = (0..cfg.racers)
            .map(|i| {
                let (cfg, shared, id) = (cfg.clone(), shared.clone(), id.clone());
                tokio::spawn(async move { racer(&cfg, &id, i, &shared).await })
            })
            .collect();
        for r in racers {
            if !matches!(r.await, Ok(Ok(()))) {
                shared.errors.fetch_add(1, Ordering::Relaxed);
            }
        }
        shared.races.fetch_add(1, Ordering::Relaxed);
        shared.sent.lock().expect("sent lock").clear();
    }
    let mut s = shared.samples.lock().expect("samples lock").clone();
    s.sort_by(f64::total_cmp);
    RaceReport {
        races: shared.races.load(Ordering::Relaxed),
        racers: cfg.racers,
        answers: shared.answers.load(Ordering::Relaxed),
        errors: shared.errors.load(Ordering::Relaxed),
        samples: s.len(),
        p50_ms: percentile(&s, 0.5),
        p90_ms: percentile(&s, 0.9),
        p99_ms: percentile(&s, 0.99),
        max_ms: s.last().copied().unwrap_or(0.0),
    }
}

/// A racer's next think time: `think_ms` ±50 % from a small generator.
fn think(rng: &mut u64, think_ms: u64) -> Duration {
    *rng ^= *rng << 13;
    *rng ^= *rng >> 7;
    *rng ^= *rng << 17;
    Duration::from_millis(think_ms / 2 + *rng % think_ms.max(1))
}

/// What a racer knows of the race.
struct Seen {
    /// Each other racer's last index seen.
    index: HashMap<String, u64>,
    /// The list's choices per puzzle.
    choices: Vec<Vec<String>>,
    /// The index whose answer is in flight or scheduled.
    asked: Option<u64>,
}

/// Times the progress of the others in a `race` frame.
fn progress(me: &str, state: &Value, seen: &mut Seen, shared: &Shared) {
    let now = Instant::now();
    for p in state["players"].as_array().into_iter().flatten() {
        let (Some(name), Some(index)) = (p["name"].as_str(), p["index"].as_u64()) else {
            continue;
        };
        if name == me {
            continue;
        }
        let last = seen.index.insert(name.to_string(), index).unwrap_or(index);
        if index > last {
            let sent = shared.sent.lock().expect("sent lock");
            let mut samples = shared.samples.lock().expect("samples lock");
            for k in last..index {
                if let Some(t) = sent.get(&(name.to_string(), k)) {
                    samples.push(now.duration_since(*t).as_secs_f64() * 1000.0);
                }
            }
        }
    }
}

/// One racer: joins, starts the countdown when every racer is in (the
/// first), answers at its pace, times the others, until the finish.
async fn racer(cfg: &RaceLoad, race: &str, i: usize, shared: &Shared) -> anyhow::Result<()> {
    use futures_util::{SinkExt, StreamExt};
    use tokio_tungstenite::tungstenite::Message;
    let url = format!("ws://{}/ws/race?race={race}", cfg.addr);
    let (ws, _) = tokio_tungstenite::connect_async(url).await?;
    let (mut tx, mut rx) = ws.split();
    let me = format!("Racer {}", i + 1);
    let join = json!({"type": "race-join", "race": race, "name": me});
    tx.send(Message::Text(join.to_string().into())).await?;
    let mut rng = 0x9E37_79B9_7F4A_7C15 ^ ((i as u64 + 1) << 20) ^ race.len() as u64;
    let mut seen = Seen {
        index: HashMap::new(),
        choices: Vec::new(),
        asked: None,
    };
    let mut started = false;
    let mut due: Option<(tokio::time::Instant, u64)> = None;
    let deadline = tokio::time::Instant::now() + Duration::from_secs(cfg.seconds + 120);
    loop {
        let wake = due.map_or(deadline, |(at, _)| at.min(deadline));
        let frame = tokio::select! {
            f = rx.next() => f,
            _ = tokio::time::sleep_until(wake) => {
                if tokio::time::Instant::now() >= deadline {
                    anyhow::bail!("the race did not finish in time");
                }
                if let Some((_, k)) = due.take() {
                    let choices = seen.choices.get(k as usize).cloned().unwrap_or_default();
                    let answer = choices.get((rng % 3) as usize % choices.len().max(1)).cloned().unwrap_or_else(|| "now".into());
                    shared.sent.lock().expect("sent lock").insert((me.clone(), k), Instant::now());
                    let msg = json!({"type": "race-answer", "race": race, "index": k, "answer": answer});
                    tx.send(Message::Text(msg.to_string().into())).await?;
                    shared.answers.fetch_add(1, Ordering::Relaxed);
                }
                continue;
            }
        };
        let text = match frame {
            Some(Ok(Message::Text(t))) => t,
            Some(Ok(Message::Close(_))) | None => anyhow::bail!("the race's socket closed"),
            Some(Ok(_)) => continue,
            Some(Err(e)) => return Err(e.into()),
        };
        let v: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
        match v["type"].as_str() {
            Some("race-puzzles") => {
                seen.choices = v["puzzles"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .map(|p| {
                        p["choices"]
                            .as_array()
                            .into_iter()
                            .flatten()
                            .filter_map(|c| c.as_str().map(str::to_string))
                            .collect()
                    })
                    .collect();
            }
            Some("error") => {
                shared.errors.fetch_add(1, Ordering::Relaxed);
                seen.asked = None;
            }
            Some("race") => {
                progress(&me, &v, &mut seen, shared);
                let players = v["players"].as_array().cloned().unwrap_or_default();
                match v["status"].as_str() {
                    Some("waiting") if i == 0 && !started && players.len() >= cfg.racers => {
                        started = true;
                        let msg = json!({"type": "race-start", "race": race});
                        tx.send(Message::Text(msg.to_string().into())).await?;
                    }
                    Some("racing") => {
                        let mine = players.iter().find(|p| p["name"] == me.as_str());
                        let done = mine.is_none_or(|p| p["done"] == true);
                        let index = mine.and_then(|p| p["index"].as_u64()).unwrap_or(0);
                        if !done && seen.asked != Some(index) && !seen.choices.is_empty() {
                            seen.asked = Some(index);
                            rng = rng.wrapping_mul(6364136223846793005).wrapping_add(1);
                            due = Some((
                                tokio::time::Instant::now() + think(&mut rng, cfg.think_ms),
                                index,
                            ));
                        }
                    }
                    Some("finished") => return Ok(()),
                    _ => {}
                }
            }
            _ => {}
        }
    }
}

//! Tables' lifecycle, bots that cost nothing while waiting, honest clocks and
//! the history a late page gets (docs/protocol.md, "Table lifecycle", "Presence and the history").

mod common;
use common::*;
use onsets_server::table::Cmd;
use onsets_server::{Config, CreateTable, Lobby, Store};
use serde_json::{json, Value};
use std::time::Duration;
use tokio::sync::oneshot;

/// The table as its task would send it now, for `seat`.
async fn view(lobby: &Lobby, id: &str, seat: Option<usize>) -> Value {
    let h = lobby.get(id).expect("the table is in memory");
    let (reply, rx) = oneshot::channel();
    h.cmds.send(Cmd::Snapshot { reply }).await.unwrap();
    let b = rx.await.unwrap();
    let m = b.m.as_ref().expect("started");
    serde_json::to_value(onsets_server::view::MatchView::new(
        m,
        b.version,
        seat,
        &b.timer_starts,
        b.clock.now_ms(),
    ))
    .unwrap()
}

/// XI-A: a player thinking costs the server nothing. A table with a person
/// (who must act) and a beginner bot (who has nothing to do) is not woken,
/// and its bot not asked again, for 10 s of match time (tokio's paused
/// clock: no wall-clock waiting).
#[tokio::test(flavor = "current_thread")]
async fn an_idle_table_with_a_bot_is_not_woken_for_ten_seconds_of_match_time() {
    let lobby = Lobby::open_with(Store::memory().await.unwrap(), Config::unlimited())
        .await
        .unwrap();
    // Find a seed where, once the bot has done what it may, the person has
    // something to do and no deadline falls within the next 10 s.
    for seed in 1..40u64 {
        let req: CreateTable = serde_json::from_value(json!({"division":"senior",
            "seats":[{"kind":"human"},{"kind":"bot","level":"beginner"}], "seed": seed, "bot_pace": 0}))
        .unwrap();
        let info = lobby.create(&req).await.unwrap();
        let h = lobby.get(&info.id).unwrap();
        let (reply, rx) = oneshot::channel();
        h.cmds
            .send(Cmd::Join {
                name: "Ann".into(),
                seat: Some(0),
                token: None,
                key: None,
                reply,
            })
            .await
            .unwrap();
        rx.await.unwrap().unwrap();
        // Let the bot do what it does at once (bot_pace 0), until the table
        // is quiet.
        let mut last = (u64::MAX, u64::MAX);
        loop {
            tokio::time::sleep(Duration::from_millis(150)).await;
            let v = view(&lobby, &info.id, Some(0)).await;
            let now = (v["version"].as_u64().unwrap(), lobby.metrics.bot_asks());
            if now == last {
                break;
            }
            last = now;
        }
        let v = view(&lobby, &info.id, Some(0)).await;
        let now = v["now_ms"].as_u64().unwrap();
        let next = v["timers"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["due_ms"].as_u64().unwrap() + if t["penal"] == true { 10_000 } else { 0 })
            .min()
            .unwrap_or(u64::MAX);
        if v["legal"].as_array().unwrap().is_empty() || next < now + 12_000 {
            continue;
        }
        let (wakes, asks, version) = (
            lobby.metrics.table_wakes(),
            lobby.metrics.bot_asks(),
            v["version"].as_u64().unwrap(),
        );
        tokio::time::pause();
        for _ in 0..100 {
            tokio::time::advance(Duration::from_millis(100)).await;
            for _ in 0..5 {
                tokio::task::yield_now().await;
            }
        }
        let after = view(&lobby, &info.id, Some(0)).await;
        assert!(
            after["now_ms"].as_u64().unwrap() >= now + 10_000,
            "10 s of match time passed"
        );
        assert_eq!(
            lobby.metrics.table_wakes(),
            wakes,
            "the table's task was not woken"
        );
        assert_eq!(
            lobby.metrics.bot_asks(),
            asks,
            "the bot was not asked again"
        );
        assert_eq!(after["version"].as_u64().unwrap(), version);
        tokio::time::resume();
        // An event wakes it: the person acts, the bot is asked again.
        let act = onsets_server::loadtest::scripted_act(&after).unwrap();
        let act = onsets_server::protocol::TableAct::Match(
            onsets_server::protocol::read_act(0, act).unwrap(),
        );
        let (reply, rx) = oneshot::channel();
        let token = lobby.store.load_one(&info.id).await.unwrap().unwrap().seats[0]
            .2
            .clone();
        h.cmds
            .send(Cmd::Act {
                token,
                reference: None,
                version: None,
                act,
                reply,
            })
            .await
            .unwrap();
        let r = rx.await.unwrap();
        assert!(
            matches!(r, onsets_server::protocol::ServerMsg::Accepted { .. }),
            "{r:?}"
        );
        // The bot is asked on the table's task: wait for it (a loaded
        // machine may take a while), never a fixed 200 ms.
        let deadline = tokio::time::Instant::now() + WAIT;
        while lobby.metrics.bot_asks() <= asks && tokio::time::Instant::now() < deadline {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        assert!(lobby.metrics.bot_asks() > asks, "an act wakes the bot");
        return;
    }
    panic!("no seed gave a quiet table");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_abandoned_table_is_archived_leaves_memory_and_stays_a_replay() {
    for db in databases().await {
        abandoned_on(&db).await;
    }
}

async fn abandoned_on(db: &str) {
    let config = Config {
        abandon_after: Duration::from_millis(1500),
        idle_after_over: Duration::from_millis(1500),
        ..Config::unlimited()
    };
    let server = Server::start_with(db, config.clone());
    let t = server
        .create_table(
            json!({"division":"senior","seats":[{"kind":"human"},{"kind":"human"}], "seed": 3}),
        )
        .await;
    let id = t["id"].as_str().unwrap().to_string();
    let mut a = server.client().await;
    a.join(&id, "Ann").await;
    let mut b = server.client().await;
    b.join(&id, "Bob").await;
    a.until("the match", |v| v["match"].is_object()).await;
    let setter = a.view["goal_setter"].as_u64().unwrap() as usize;
    let c = if a.seat == Some(setter) {
        &mut a
    } else {
        &mut b
    };
    let r = c.act(json!({"type":"roll"})).await;
    assert_eq!(r["type"], "accepted");
    c.until("the roll", |v| v["match"]["version"] == r["version"])
        .await;
    let before = c.view.clone();
    // A spectator does not keep a table of people alive.
    let mut watcher = server.client().await;
    watcher
        .send(json!({"v":1,"type":"spectate","table":id}))
        .await;
    watcher.until("state", |v| v["type"] == "state").await;
    // Every player leaves; the table is abandoned after 1.5 s.
    drop(a);
    drop(b);
    let mut gone = false;
    let deadline = tokio::time::Instant::now() + WAIT;
    while tokio::time::Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(200)).await;
        let (_, list) = http(server.addr, "GET", "/api/tables", None).await;
        if list["total"] == 0 {
            gone = true;
            break;
        }
    }
    assert!(gone, "the table left memory");
    let e = watcher
        .until("table-archived", |v| v["type"] == "error")
        .await;
    assert_eq!(e["code"], "table-archived", "{e}");
    let (_, h) = http(server.addr, "GET", "/healthz", None).await;
    assert_eq!(h["tables"], 0, "{h}");
    // Still there as a replay: its info, its log, a spectator's view.
    let (status, info) = http(server.addr, "GET", &format!("/api/tables/{id}"), None).await;
    assert_eq!(
        (status, info["status"].as_str()),
        (200, Some("abandoned")),
        "{info}"
    );
    let mut w = server.client().await;
    w.send(json!({"v":1,"type":"spectate","table":id})).await;
    let s = w.until("state", |v| v["type"] == "state").await;
    assert_eq!(s["match"]["version"], before["version"]);
    assert_eq!(s["match"]["cubes"], before["cubes"]);
    assert!(
        s["recent"].to_string().contains("rolled"),
        "the history: {}",
        s["recent"]
    );
    // Not playable.
    w.send(json!({"v":1,"type":"join","table":id,"name":"Cy"}))
        .await;
    let r = w.until("error", |v| v["type"] == "error").await;
    assert_eq!(r["code"], "table-archived");
    let (status, log) = http(server.addr, "GET", &format!("/api/tables/{id}/log"), None).await;
    assert_eq!(status, 200);
    let log = log.as_str().map(str::to_string).unwrap_or(log.to_string());
    assert!(log.contains("onsets-match/1"), "{log}");
    assert!(log.contains("\"roll\""), "{log}");
    drop(w);
    server.stop();
    // A restart loads live tables only.
    let server = Server::start_with(db, config);
    let (_, h) = http(server.addr, "GET", "/healthz", None).await;
    assert_eq!(h["tables"], 0, "{h}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lobby_is_paged_and_filtered() {
    let db = &databases().await[0];
    let server = Server::start(db);
    for i in 0..7 {
        let division = if i < 3 { "junior" } else { "senior" };
        server
            .create_table(json!({"division":division,"seats":[{"kind":"human"},{"kind":"human"}]}))
            .await;
    }
    server
        .create_table(json!({"division":"middle","seats":[{"kind":"bot","level":"club"},{"kind":"bot","level":"club"}]}))
        .await;
    let (_, p) = http(server.addr, "GET", "/api/tables?limit=3", None).await;
    assert_eq!(
        (p["total"].as_u64(), p["tables"].as_array().unwrap().len()),
        (Some(8), 3)
    );
    let (_, p2) = http(server.addr, "GET", "/api/tables?limit=3&offset=3", None).await;
    assert_ne!(p["tables"][0]["id"], p2["tables"][0]["id"]);
    let (_, p) = http(server.addr, "GET", "/api/tables?offset=6", None).await;
    assert_eq!(p["tables"].as_array().unwrap().len(), 2);
    let (_, p) = http(server.addr, "GET", "/api/tables?division=junior", None).await;
    assert_eq!(p["total"], 3);
    // The table of bots starts in its own task, after its creation is
    // answered: wait for it to start rather than race it.
    let mut p = Value::Null;
    let deadline = tokio::time::Instant::now() + WAIT;
    while tokio::time::Instant::now() < deadline {
        p = http(server.addr, "GET", "/api/tables?status=playing", None)
            .await
            .1;
        if p["total"] == 1 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(p["total"], 1, "the table of bots");
    let (_, p) = http(
        server.addr,
        "GET",
        "/api/tables?status=waiting&division=senior",
        None,
    )
    .await;
    assert_eq!(p["total"], 4);
    for bad in [
        "limit=0",
        "limit=1000",
        "status=lost",
        "division=kindergarten",
        "colour=red",
    ] {
        let (status, e) = http(server.addr, "GET", &format!("/api/tables?{bad}"), None).await;
        assert_eq!(status, 400, "{bad}: {e}");
    }
}

/// XI-A: the sand a page draws is `due_ms - now_ms`; `now_ms` is the match
/// time when the frame is sent, so a frame caused by someone connecting does
/// not make the countdown jump back.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn now_ms_is_the_match_time_when_the_frame_is_sent() {
    let db = &databases().await[0];
    let server = Server::start(db);
    let t = server
        .create_table(
            json!({"division":"senior","seats":[{"kind":"human"},{"kind":"human"}], "seed": 4}),
        )
        .await;
    let id = t["id"].as_str().unwrap().to_string();
    let mut a = server.client().await;
    a.join(&id, "Ann").await;
    let mut b = server.client().await;
    b.join(&id, "Bob").await;
    // Ann has the match Bob's join started (waiting for it, not for 100 ms
    // of silence: on a loaded machine the update may come later).
    let v0 = b.version();
    while a.version() < v0 || a.view.is_null() {
        a.until("the started match", |v| v["match"].is_object())
            .await;
    }
    while a.try_next(Duration::from_millis(100)).await.is_some() {}
    let from = a.frames.len();
    tokio::time::sleep(Duration::from_millis(700)).await;
    let mut w = server.client().await;
    w.send(json!({"v":1,"type":"spectate","table":id})).await;
    let s = w.until("state", |v| v["type"] == "state").await;
    assert_eq!(s["match"]["version"], v0, "nothing was applied");
    let now = s["match"]["now_ms"].as_u64().unwrap();
    assert!(now >= 700, "the spectator's clock runs: {now}");
    // The players get a small presence frame with the clock, not an update.
    let p = a
        .until("presence", |v| {
            v["type"] == "presence" && v["spectators"] == 1
        })
        .await;
    assert_eq!(p["spectators"], 1, "{p}");
    assert!(p["now_ms"].as_u64().unwrap() >= 700, "{p}");
    assert!(
        !a.frames[from..].iter().any(|f| f["type"] == "update"),
        "no full update for a spectator"
    );
}

/// A page that reloads (or a late spectator) gets the history: the events
/// of the last actions, as that seat may see them.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_resync_restores_the_history_from_the_log() {
    let db = &databases().await[0];
    let server = Server::start(db);
    let t = server
        .create_table(json!({"division":"senior","seats":[{"kind":"human"},{"kind":"human"}], "seed": 9, "bot_pace": 0}))
        .await;
    let id = t["id"].as_str().unwrap().to_string();
    let mut a = server.client().await;
    a.join(&id, "Ann").await;
    let mut b = server.client().await;
    b.join(&id, "Bob").await;
    // A few acts; after each, both players have its update (the act's
    // version), however late it comes on a loaded machine.
    for _ in 0..4 {
        let mut version = a.version().max(b.version());
        for c in [&mut a, &mut b] {
            if let Some(act) = c.scripted_act() {
                let r = c.act(act).await;
                version = version.max(r["version"].as_u64().unwrap_or(0));
                break;
            }
        }
        for c in [&mut a, &mut b] {
            caught_up(c, version).await;
        }
    }
    for c in [&mut a, &mut b] {
        while c.try_next(Duration::from_millis(100)).await.is_some() {}
    }
    let seen: Vec<Value> = a.events.clone();
    a.send(json!({"v":1,"type":"resync"})).await;
    let s = a.until("state", |v| v["type"] == "state").await;
    let recent: Vec<Value> = s["recent"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|r| r["events"].as_array().unwrap().clone())
        .collect();
    // Everything Ann saw, in order (her first state came before she got
    // the match's first events, which the history holds too).
    let tail = &recent[recent.len() - seen.len()..];
    assert_eq!(tail, &seen[..], "the history is what was seen");
    assert!(recent.iter().any(|e| e["event"] == "shake_started"));
    // After a restart, from the stored log.
    server.stop();
    let server = Server::start(db);
    let mut w = server.client().await;
    w.send(json!({"v":1,"type":"spectate","table":id})).await;
    let s2 = w.until("state", |v| v["type"] == "state").await;
    assert_eq!(s2["recent"], s["recent"]);
}

/// Reads frames until the client's view is at `version` or later.
async fn caught_up(c: &mut Client, version: u64) {
    while c.version() < version {
        c.until("the table's next version", |v| v["match"].is_object())
            .await;
    }
}

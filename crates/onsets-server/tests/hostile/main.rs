//! A hostile client against a real server (docs/security.md). This file holds
//! the first attacks: after each the server is up, `/healthz` answers in under
//! 100 ms and the tables' states are unchanged (docs/protocol.md, "Limits").
//! The modules beside it hold one threat each.

#[path = "../common/mod.rs"]
mod common;
mod cross_site;
mod hidden;
mod puzzle_ratings;
mod sign_in;
mod storage;
use common::*;
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

/// A raw HTTP/1.1 request: (status, head, body).
pub(crate) async fn raw(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: &str,
) -> (u16, String, String) {
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    let mut req = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Length: {}\r\n",
        body.len()
    );
    for (k, v) in headers {
        req.push_str(&format!("{k}: {v}\r\n"));
    }
    req.push_str("\r\n");
    req.push_str(body);
    s.write_all(req.as_bytes()).await.unwrap();
    let mut buf = Vec::new();
    s.read_to_end(&mut buf).await.unwrap();
    let text = String::from_utf8_lossy(&buf).to_string();
    let status = text[9..12].parse().unwrap();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    (status, head.to_ascii_lowercase(), body.to_string())
}

/// `/healthz` answers `ok` in under 100 ms.
pub(crate) async fn healthy(server: &Server) {
    let t = std::time::Instant::now();
    let (status, v) = http(server.addr, "GET", "/healthz", None).await;
    let ms = t.elapsed().as_secs_f64() * 1000.0;
    assert_eq!((status, v["status"].as_str()), (200, Some("ok")), "{v}");
    assert!(ms < 100.0, "/healthz took {ms:.1} ms");
}

/// The table as a fresh spectator sees it, without the clock (which runs).
async fn snapshot(server: &Server, id: &str) -> Value {
    let mut w = server.client().await;
    w.send(json!({"v":1,"type":"spectate","table":id})).await;
    let mut s = w.until("state", |v| v["type"] == "state").await;
    let m = s["match"].as_object_mut().unwrap();
    m.remove("now_ms");
    let mut t = s["table"].take();
    // Who is connected is not the table's state.
    t.as_object_mut().unwrap().remove("spectators");
    for seat in t["seats"].as_array_mut().unwrap() {
        seat.as_object_mut().unwrap().remove("connected");
    }
    json!({"table": t, "match": s["match"], "recent": s["recent"]})
}

/// A table of two people, both seated.
pub(crate) async fn table(server: &Server, seed: u64) -> (String, Client, Client) {
    let t = server
        .create_table(
            json!({"division":"senior", "seats":[{"kind":"human"},{"kind":"human"}],
            "seed": seed, "bot_pace": 0}),
        )
        .await;
    let id = t["id"].as_str().unwrap().to_string();
    let mut a = server.client().await;
    a.join(&id, "Ann").await;
    let mut b = server.client().await;
    b.join(&id, "Bob").await;
    for c in [&mut a, &mut b] {
        while c.try_next(Duration::from_millis(100)).await.is_some() {}
    }
    (id, a, b)
}

/// Plays scripted acts until the view's phase is `phase` (or panics).
async fn play_to(a: &mut Client, b: &mut Client, phase: &str) {
    for _ in 0..200 {
        for c in [&mut *a, &mut *b] {
            while c.try_next(Duration::from_millis(5)).await.is_some() {}
        }
        if a.view["phase"]["phase"] == phase {
            return;
        }
        let mut acted = false;
        for c in [&mut *a, &mut *b] {
            if let Some(mut act) = c.scripted_act() {
                if act["type"] == "present" {
                    act["solution"] = json!("B");
                }
                c.act(act).await;
                acted = true;
                break;
            }
        }
        if !acted {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
    panic!("never reached {phase}: {}", a.view["phase"]);
}

/// The texts of the attack: far too long, and deep but within the length
/// limit (the core's parsers bound the depth; the judging threads have
/// large stacks either way).
fn deep(depth: usize) -> String {
    format!("{}B{}", "(".repeat(depth), ")".repeat(depth))
}

/// The acts that carry text, each with `text` in its text field.
fn text_acts(text: &str) -> Vec<Value> {
    vec![
        json!({"type":"set_goal","goal": text}),
        json!({"type":"set_goal","goal": {"digits":[1], "description": text}}),
        json!({"type":"select_variation","variation": text}),
        json!({"type":"select_variation","variation": format!("double-set {text}")}),
        json!({"type":"select_variation","variation": format!("wild-cube {text}")}),
        json!({"type":"present","solution": text}),
        json!({"type":"present","solution": format!("{text} = R@Y; B ∪ R"), "goal": text}),
        json!({"type":"object","writer":1,"reason":"ambiguous","grouping": text}),
        json!({"type":"object","writer":0,"reason":"ambiguous","grouping": text}),
    ]
}

/// Sends each text act from both players; every one is refused and the
/// table is as it was (a deep text that is within the length limit may be
/// refused by the core's parser or by the rules of the phase).
async fn attack_with_texts(server: &Server, id: &str, a: &mut Client, b: &mut Client) {
    attack(server, id, a, b, true).await
}

/// `deep_too`: also the deep texts within the length limit (in the writing
/// phase a `present` is taken whatever its text, and judged: see below).
async fn attack(server: &Server, id: &str, a: &mut Client, b: &mut Client, deep_too: bool) {
    let before = snapshot(server, id).await;
    // Over the frame limit (16 KiB): an `error`, nothing parsed.
    for act in text_acts(&deep(50_000)) {
        for c in [&mut *a, &mut *b] {
            // At the pace a connection may send (20 frames a second).
            tokio::time::sleep(Duration::from_millis(55)).await;
            let r = c.act(act.clone()).await;
            assert_eq!(
                (r["type"].as_str(), r["code"].as_str()),
                (Some("error"), Some("too-large")),
                "{r}"
            );
        }
    }
    // Within the frame, over the text limit (1,000 characters).
    for act in text_acts(&deep(3_000)) {
        for c in [&mut *a, &mut *b] {
            // At the pace a connection may send (20 frames a second).
            tokio::time::sleep(Duration::from_millis(55)).await;
            let r = c.act(act.clone()).await;
            assert_eq!(
                (r["type"].as_str(), r["code"].as_str()),
                (Some("rejected"), Some("too-long")),
                "{r}"
            );
            assert!(
                r["message"].as_str().unwrap().contains("the limit is 1000"),
                "{r}"
            );
        }
    }
    healthy(server).await;
    for depth in [65, 499].into_iter().filter(|_| deep_too) {
        // (A Goal's free description is words, not notation: not parsed.)
        for act in text_acts(&deep(depth))
            .into_iter()
            .filter(|a| !a["goal"].is_object())
        {
            for c in [&mut *a, &mut *b] {
                // At the pace a connection may send (20 frames a second).
                tokio::time::sleep(Duration::from_millis(55)).await;
                let r = c.act(act.clone()).await;
                assert_ne!(r["type"], "accepted", "{act}: {r}");
            }
        }
    }
    healthy(server).await;
    assert_eq!(
        before,
        snapshot(server, id).await,
        "the attack changed nothing"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn deep_and_long_texts_through_every_act_that_carries_text_change_nothing() {
    let db = &databases().await[0];
    let server = Server::start(db);
    let (bystander, _x, _y) = table(&server, 5).await;
    let watched = snapshot(&server, &bystander).await;
    let (id, mut a, mut b) = table(&server, 21).await;
    // In every phase the acts can reach: setup, the Goal, moves, writing.
    attack_with_texts(&server, &id, &mut a, &mut b).await;
    play_to(&mut a, &mut b, "goal").await;
    attack_with_texts(&server, &id, &mut a, &mut b).await;
    play_to(&mut a, &mut b, "moves").await;
    attack_with_texts(&server, &id, &mut a, &mut b).await;
    // One move, then a challenge of it: both write (the challenger must).
    let turn = a.view["phase"]["turn"].as_u64().unwrap() as usize;
    let on_turn = if a.seat == Some(turn) { &mut a } else { &mut b };
    let act = on_turn.scripted_act().expect("a move");
    let r = on_turn.act(act).await;
    assert_eq!(r["type"], "accepted", "{r}");
    for c in [&mut a, &mut b] {
        while c.try_next(Duration::from_millis(100)).await.is_some() {}
    }
    let mover = turn;
    let challenger = if a.seat == Some(mover) {
        &mut b
    } else {
        &mut a
    };
    let r = challenger
        .act(json!({"type":"challenge","kind":"now"}))
        .await;
    assert_eq!(r["type"], "accepted", "{r}");
    for c in [&mut a, &mut b] {
        while c.try_next(Duration::from_millis(100)).await.is_some() {}
    }
    assert_eq!(a.view["phase"]["phase"], "writing", "{}", a.view["phase"]);
    attack(&server, &id, &mut a, &mut b, false).await;
    // VII-B: a Solution is presented whatever its text and judged; one
    // nested deeper than the core reads is judged incorrect, with where.
    let writer = if a.view["legal"].to_string().contains("present") {
        &mut a
    } else {
        &mut b
    };
    let seat = writer.seat.unwrap();
    let r = writer
        .act(json!({"type":"present","solution": deep(65)}))
        .await;
    assert_eq!(r["type"], "accepted", "{r}");
    for _ in 0..10 {
        for c in [&mut a, &mut b] {
            while c.try_next(Duration::from_millis(50)).await.is_some() {}
            if let Some(d) = c.scripted_act().filter(|x| x["type"] == "decline") {
                c.act(d).await;
            }
        }
        if a.events.iter().any(|e| e["event"] == "solution_judged") {
            break;
        }
    }
    let judged = a
        .events
        .iter()
        .find(|e| e["event"] == "solution_judged" && e["writer"] == seat)
        .unwrap_or_else(|| {
            panic!(
                "judged: {:?}",
                &a.events[a.events.len().saturating_sub(5)..]
            )
        })
        .clone();
    assert_eq!(judged["correct"], false, "{judged}");
    assert!(judged["reasons"].to_string().contains("64"), "{judged}");
    healthy(&server).await;
    // Names and ids over the network are bounded too.
    let mut c = server.client().await;
    c.send(json!({"v":1,"type":"join","table":id,"name":"x".repeat(10_000)}))
        .await;
    let r = c.until("error", |v| v["type"] == "error").await;
    assert_eq!(r["code"], "too-long", "{r}");
    c.send(json!({"v":1,"type":"spectate","table":"t".repeat(5000)}))
        .await;
    let r = c.until("error", |v| v["type"] == "error").await;
    assert_eq!(
        (r["code"].as_str(), r["field"].as_str()),
        (Some("too-long"), Some("table")),
        "{r}"
    );
    healthy(&server).await;
    assert_eq!(watched, snapshot(&server, &bystander).await);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn floods_of_creations_and_connections_get_429_and_the_server_stays_up() {
    let db = &databases().await[0];
    let server = Server::start_with(
        db,
        onsets_server::Config {
            create_per_minute: 10,
            create_burst: 10,
            connect_per_minute: 60,
            connect_burst: 20,
            ..onsets_server::Config::default()
        },
    );
    let body = json!({"division":"junior","seats":[{"kind":"human"},{"kind":"human"}]}).to_string();
    let mut created = 0;
    let mut limited = 0;
    for _ in 0..60 {
        let (status, head, text) = raw(
            server.addr,
            "POST",
            "/api/tables",
            &[("Content-Type", "application/json")],
            &body,
        )
        .await;
        match status {
            201 => created += 1,
            429 => {
                limited += 1;
                let v: Value = serde_json::from_str(&text).unwrap();
                assert_eq!(v["error"]["code"], "rate-limited", "{v}");
                assert!(
                    v["error"]["message"]
                        .as_str()
                        .unwrap()
                        .contains("at most 10 a minute"),
                    "{v}"
                );
                assert!(head.contains("retry-after:"), "{head}");
            }
            s => panic!("unexpected {s}: {text}"),
        }
    }
    assert!(created <= 11, "the burst, then one every 6 s: {created}");
    assert!(limited >= 49, "{limited}");
    healthy(&server).await;
    let (_, list) = http(server.addr, "GET", "/api/tables", None).await;
    assert_eq!(list["total"], created, "no refused creation made a table");

    // A flood of WebSocket connections from one address.
    let mut open = Vec::new();
    let mut refused = 0;
    for _ in 0..80 {
        match tokio_tungstenite::connect_async(format!("ws://{}/ws", server.addr)).await {
            Ok((ws, _)) => open.push(ws),
            Err(tokio_tungstenite::tungstenite::Error::Http(r)) => {
                assert_eq!(r.status(), 429);
                refused += 1;
            }
            Err(e) => panic!("{e}"),
        }
    }
    assert!(open.len() <= 22, "{}", open.len());
    assert!(refused >= 58, "{refused}");
    healthy(&server).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn behind_a_trusted_proxy_each_forwarded_client_has_its_own_limit() {
    let db = &databases().await[0];
    let server = Server::start_with(
        db,
        onsets_server::Config {
            create_per_minute: 2,
            create_burst: 2,
            trusted_proxies: vec!["127.0.0.1".parse().unwrap()],
            ..onsets_server::Config::default()
        },
    );
    let body = json!({"division":"junior","seats":[{"kind":"human"},{"kind":"human"}]}).to_string();
    let create = |client: &'static str| {
        let body = body.clone();
        async move {
            raw(
                server.addr,
                "POST",
                "/api/tables",
                &[
                    ("Content-Type", "application/json"),
                    ("X-Forwarded-For", client),
                ],
                &body,
            )
            .await
            .0
        }
    };
    // One client through the proxy: its burst of 2, then 429.
    assert_eq!(create("198.51.100.1").await, 201);
    assert_eq!(create("198.51.100.1").await, 201);
    assert_eq!(create("198.51.100.1").await, 429);
    // A forged left-most entry does not give the same client a new bucket.
    assert_eq!(create("1.2.3.4, 198.51.100.1").await, 429);
    // Another client behind the same proxy is not refused for the first one.
    assert_eq!(create("198.51.100.2").await, 201);
    healthy(&server).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_table_limit_holds_under_concurrent_creations() {
    let db = &databases().await[0];
    let server = Server::start_with(
        db,
        onsets_server::Config {
            max_tables: 5,
            ..onsets_server::Config::unlimited()
        },
    );
    let addr = server.addr;
    let body = json!({"division":"senior","seats":[{"kind":"human"},{"kind":"human"}]}).to_string();
    let tasks: Vec<_> = (0..30)
        .map(|_| {
            let body = body.clone();
            tokio::spawn(async move {
                raw(
                    addr,
                    "POST",
                    "/api/tables",
                    &[("Content-Type", "application/json")],
                    &body,
                )
                .await
                .0
            })
        })
        .collect();
    let mut codes = Vec::new();
    for t in tasks {
        codes.push(t.await.unwrap());
    }
    assert_eq!(codes.iter().filter(|&&c| c == 201).count(), 5, "{codes:?}");
    assert_eq!(codes.iter().filter(|&&c| c == 503).count(), 25, "{codes:?}");
    healthy(&server).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn three_hundred_spectators_cost_small_presence_frames_not_full_updates() {
    let db = &databases().await[0];
    let server = Server::start(db);
    let (id, mut a, _b) = table(&server, 33).await;
    let before = snapshot(&server, &id).await;
    while a.try_next(Duration::from_millis(100)).await.is_some() {}
    let seen = a.frames.len();
    let mut watchers = Vec::new();
    for _ in 0..300 {
        let mut w = server.client().await;
        w.send(json!({"v":1,"type":"spectate","table":id})).await;
        watchers.push(w);
    }
    for w in watchers.iter_mut() {
        w.until("state", |v| v["type"] == "state").await;
    }
    healthy(&server).await;
    // The player's connection got presence frames, gathered, not 300 updates.
    while a.try_next(Duration::from_millis(400)).await.is_some() {}
    let frames = &a.frames[seen..];
    assert!(
        frames.iter().all(|f| f["type"] == "presence"),
        "{:?}",
        frames.iter().map(|f| f["type"].clone()).collect::<Vec<_>>()
    );
    assert!(frames.len() < 60, "{} presence frames", frames.len());
    let last = frames.last().expect("a presence frame");
    assert_eq!(last["spectators"], 300, "{last}");
    assert!(last.to_string().len() < 300, "small: {last}");
    assert!(last["now_ms"].as_u64().is_some(), "{last}");
    drop(watchers);
    tokio::time::sleep(Duration::from_millis(500)).await;
    healthy(&server).await;
    assert_eq!(before, snapshot(&server, &id).await);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stale_and_foreign_tokens_change_nothing() {
    let db = &databases().await[0];
    let server = Server::start(db);
    let (one, mut a, _b) = table(&server, 7).await;
    let (two, mut c, _d) = table(&server, 8).await;
    let (s1, s2) = (snapshot(&server, &one).await, snapshot(&server, &two).await);
    let foreign = a.token.clone().unwrap();
    // Another table's token: no seat there.
    let mut x = server.client().await;
    x.send(json!({"v":1,"type":"rejoin","table":two,"token":foreign}))
        .await;
    let r = x.until("error", |v| v["type"] == "error").await;
    assert_eq!(r["code"], "bad-token", "{r}");
    x.send(json!({"v":1,"type":"spectate","table":two})).await;
    x.until("state", |v| v["type"] == "state").await;
    x.send(json!({"v":1,"type":"act","ref":3,"token":foreign,"act":{"type":"roll"}}))
        .await;
    let r = x.until("reply", |v| v["ref"] == 3).await;
    assert_eq!(r["code"], "bad-token", "{r}");
    // A made-up token, an empty one, a long one.
    for t in ["0123456789abcdef0123456789abcdef", ""] {
        x.send(json!({"v":1,"type":"rejoin","table":one,"token":t}))
            .await;
        let r = x.until("error", |v| v["type"] == "error").await;
        assert_eq!(r["code"], "bad-token", "{r}");
    }
    x.send(json!({"v":1,"type":"rejoin","table":one,"token":"f".repeat(10_000)}))
        .await;
    let r = x.until("error", |v| v["type"] == "error").await;
    assert_eq!(r["code"], "too-long", "{r}");
    // A stale version from the rightful player.
    let v = c.version();
    c.send(
        json!({"v":1,"type":"act","ref":4,"token":c.token,"version":v + 5,"act":{"type":"roll"}}),
    )
    .await;
    let r = c.until("reply", |v| v["ref"] == 4).await;
    assert_eq!(r["code"], "stale", "{r}");
    // A rejoin with the right token is still taken.
    let mut again = server.client().await;
    again
        .send(json!({"v":1,"type":"rejoin","table":one,"token":foreign}))
        .await;
    again.until("joined", |v| v["type"] == "joined").await;
    a.send(json!({"v":1,"type":"ping"})).await;
    a.until("pong", |v| v["type"] == "pong").await;
    healthy(&server).await;
    assert_eq!(s1, snapshot(&server, &one).await);
    assert_eq!(s2, snapshot(&server, &two).await);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_text_plain_post_is_refused_with_415_and_makes_no_table() {
    let db = &databases().await[0];
    let server = Server::start(db);
    let body = json!({"division":"senior","seats":[{"kind":"human"},{"kind":"human"}]}).to_string();
    for ct in [
        None,
        Some("text/plain"),
        Some("application/x-www-form-urlencoded"),
        Some("multipart/form-data; boundary=x"),
    ] {
        let headers: Vec<(&str, &str)> = ct.map(|c| vec![("Content-Type", c)]).unwrap_or_default();
        let (status, _, text) = raw(server.addr, "POST", "/api/tables", &headers, &body).await;
        assert_eq!(status, 415, "{ct:?}: {text}");
        let v: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(v["error"]["code"], "unsupported-media-type");
    }
    let (status, _, _) = raw(
        server.addr,
        "POST",
        "/api/tables",
        &[("Content-Type", "application/json; charset=utf-8")],
        &body,
    )
    .await;
    assert_eq!(status, 201);
    let (_, list) = http(server.addr, "GET", "/api/tables", None).await;
    assert_eq!(list["total"], 1);
    healthy(&server).await;
}

async fn ws_with_origin(addr: SocketAddr, origin: &str) -> Result<(), u16> {
    let mut req = format!("ws://{addr}/ws").into_client_request().unwrap();
    req.headers_mut().insert("Origin", origin.parse().unwrap());
    match tokio_tungstenite::connect_async(req).await {
        Ok(_) => Ok(()),
        Err(tokio_tungstenite::tungstenite::Error::Http(r)) => Err(r.status().as_u16()),
        Err(e) => panic!("{e}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_foreign_origin_may_not_open_the_websocket_unless_allowed() {
    let db = &databases().await[0];
    let server = Server::start(db);
    let addr = server.addr;
    assert_eq!(ws_with_origin(addr, "http://evil.example").await, Err(403));
    assert_eq!(ws_with_origin(addr, "null").await, Err(403));
    assert_eq!(
        ws_with_origin(addr, &format!("http://{addr}")).await,
        Ok(())
    );
    healthy(&server).await;
    server.stop();
    let server = Server::start_with(
        db,
        onsets_server::Config {
            allow_origins: vec!["https://club.example".into()],
            ..onsets_server::Config::unlimited()
        },
    );
    assert_eq!(
        ws_with_origin(server.addr, "https://club.example").await,
        Ok(())
    );
    assert_eq!(
        ws_with_origin(server.addr, "https://other.example").await,
        Err(403)
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_page_sends_a_csp_no_framing_and_nosniff() {
    let db = &databases().await[0];
    let server = Server::start(db);
    for path in [
        "/",
        "/t/abc",
        "/js/app.js",
        "/style.css",
        "/healthz",
        "/api/tables",
        "/nothing",
    ] {
        let (_, head, _) = raw(server.addr, "GET", path, &[], "").await;
        assert!(
            head.contains("content-security-policy: default-src 'self'"),
            "{path}: {head}"
        );
        assert!(head.contains("frame-ancestors 'none'"), "{path}");
        assert!(head.contains("x-frame-options: deny"), "{path}");
        assert!(head.contains("x-content-type-options: nosniff"), "{path}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn names_are_normalised_and_stripped_of_bidi_overrides() {
    let db = &databases().await[0];
    let server = Server::start(db);
    let t = server
        .create_table(json!({"division":"senior","seats":[{"kind":"human"},{"kind":"human"}]}))
        .await;
    let id = t["id"].as_str().unwrap();
    let mut a = server.client().await;
    let j = a.join(id, "Ann\u{202E}nimda\u{200B}").await;
    assert_eq!(j["name"], "Annnimda");
    let mut b = server.client().await;
    let j = b.join(id, "  Rene\u{301}e\t ").await;
    assert_eq!(j["name"], "Renée");
    let mut c = server.client().await;
    c.send(json!({"v":1,"type":"join","table":id,"name":"\u{202E}\u{2066}"}))
        .await;
    let r = c.until("error", |v| v["type"] == "error").await;
    assert_eq!(r["code"], "bad-name");
}

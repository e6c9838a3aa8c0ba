//! 1969 tables in the lobby, joinable and pushed live (docs/protocol.md, "1969 tables"): real
//! servers on loopback ports. The lobby lists a 1969 table with its rules;
//! an open seat is taken by `join` (a second join is 409); malformed join
//! bodies are 400 naming the field; an act reaches a page watching the
//! table's event stream, on the same instance and (PostgreSQL,
//! LISTEN/NOTIFY) on another instance over the same database; the bots go
//! on after the challenge window without any page polling. The one table
//! host: a 1969 table made with `POST /api/tables` is played over `/ws`
//! with the frames of every table, every act from its `legal` list
//! accepted to the end of a seeded game, refusals in the one vocabulary,
//! and it survives a restart.

mod common;
use common::*;
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// A page watching `GET /api/tables1969/{id}/events`.
struct Watcher {
    stream: tokio::net::TcpStream,
    seen: String,
}

impl Watcher {
    async fn open(addr: SocketAddr, id: &str) -> Watcher {
        let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
        let req = format!("GET /api/tables1969/{id}/events HTTP/1.1\r\nHost: x\r\n\r\n");
        stream.write_all(req.as_bytes()).await.unwrap();
        let mut w = Watcher {
            stream,
            seen: String::new(),
        };
        assert!(w.fill_until("\r\n\r\n", Duration::from_secs(10)).await);
        let (head, rest) = w.seen.split_once("\r\n\r\n").unwrap();
        assert!(head.starts_with("HTTP/1.1 200"), "{head}");
        assert!(
            head.to_ascii_lowercase().contains("text/event-stream"),
            "{head}"
        );
        w.seen = rest.to_string();
        w
    }

    async fn fill_until(&mut self, text: &str, wait: Duration) -> bool {
        let deadline = tokio::time::Instant::now() + wait;
        let mut buf = [0u8; 8192];
        while !self.seen.contains(text) {
            match tokio::time::timeout_at(deadline, self.stream.read(&mut buf)).await {
                Ok(Ok(n)) if n > 0 => self.seen.push_str(&String::from_utf8_lossy(&buf[..n])),
                _ => return false,
            }
        }
        true
    }

    /// The next `state` event's data (the chunked body's framing aside: a
    /// state is one `data:` line of JSON).
    async fn next_state(&mut self, wait: Duration) -> Option<Value> {
        let deadline = tokio::time::Instant::now() + wait;
        loop {
            if let Some(at) = self.seen.find("event: state\n") {
                let after = &self.seen[at..];
                if let Some(end) = after.find("\n\n") {
                    let block = after[..end].to_string();
                    self.seen = after[end + 2..].to_string();
                    let data = block
                        .lines()
                        .find_map(|l| l.strip_prefix("data: "))
                        .expect("a data line");
                    return Some(serde_json::from_str(data).expect("the state is JSON"));
                }
            }
            let left = deadline.saturating_duration_since(tokio::time::Instant::now());
            if left.is_zero() {
                return None;
            }
            let mut buf = [0u8; 8192];
            match tokio::time::timeout(left, self.stream.read(&mut buf)).await {
                Ok(Ok(n)) if n > 0 => self.seen.push_str(&String::from_utf8_lossy(&buf[..n])),
                _ => return None,
            }
        }
    }

    /// States until one satisfies `f`.
    async fn until(&mut self, wait: Duration, f: impl Fn(&Value) -> bool) -> Option<Value> {
        let deadline = tokio::time::Instant::now() + wait;
        loop {
            let left = deadline.saturating_duration_since(tokio::time::Instant::now());
            let s = self.next_state(left).await?;
            if f(&s) {
                return Some(s);
            }
        }
    }
}

/// Two people (the maker's seat and an open one): the table's id and the
/// maker's token.
async fn two_people(addr: SocketAddr) -> (String, String) {
    let made = post(
        addr,
        "/api/tables1969",
        json!({"form": "basic", "seats": [{"kind": "human"}, {"kind": "open"}], "seed": 7, "plays": 2}),
        None,
    )
    .await;
    assert_eq!(made.status, 201, "{}", made.body);
    assert_eq!(made.body["tokens"][1], Value::Null, "{}", made.body);
    (
        made.body["id"].as_str().unwrap().to_string(),
        made.body["tokens"][0].as_str().unwrap().to_string(),
    )
}

/// Whether two states show the same table (the clock aside).
fn same(a: &Value, b: &Value) -> bool {
    [
        "phase", "cubes", "universe", "goal", "plays", "history", "players",
    ]
    .iter()
    .all(|f| a[f] == b[f])
}

/// The person to act now and the act (the game waits for one of them).
fn next_act(state: &Value, tokens: &[String]) -> (String, Value) {
    (0..tokens.len())
        .find_map(|p| person1969(state, p).map(|a| (tokens[p].clone(), a)))
        .unwrap_or_else(|| panic!("nobody is to act: {state}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn m69_the_lobby_lists_a_1969_table_with_its_rules_and_open_seat() {
    let db = databases().await.remove(0);
    let server = Server::start(&db);
    let t = server
        .create_table(json!({"division": "senior", "seats": [{"kind": "human"}, {"kind": "bot", "level": "club"}]}))
        .await;
    let made = post(
        server.addr,
        "/api/tables1969",
        json!({"form": "advanced", "seats": [{"kind": "human"}, {"kind": "open"}, {"kind": "bot", "level": "club"}]}),
        None,
    )
    .await;
    assert_eq!(made.status, 201, "{}", made.body);
    let id69 = made.body["id"].as_str().unwrap();
    assert_eq!(made.body["state"]["waiting"], true);

    let list = get(server.addr, "/api/tables", None).await;
    assert_eq!(list.status, 200, "{}", list.body);
    assert_eq!(list.body["total"], 2, "{}", list.body);
    let tables = list.body["tables"].as_array().unwrap();
    let e69 = tables.iter().find(|e| e["id"] == id69).expect("listed");
    assert_eq!(e69["edition"], "1969");
    assert_eq!(e69["form"], "advanced");
    assert_eq!(e69["link"], format!("/t69/{id69}"));
    assert_eq!(e69["status"], "waiting");
    assert_eq!(e69["seats"][0]["taken"], true);
    assert_eq!(e69["seats"][1]["kind"], "human");
    assert_eq!(e69["seats"][1]["taken"], false);
    assert_eq!(e69["seats"][2]["kind"], "bot");
    assert_eq!(e69["seats"][2]["level"], "careless");
    // The 2026-27 entry keeps every field of its TableInfo.
    let e = tables.iter().find(|e| e["id"] == t["id"]).expect("listed");
    for f in [
        "id",
        "link",
        "division",
        "adventurous",
        "edition",
        "round_minutes",
        "checking",
        "seats",
        "status",
        "shake",
        "spectators",
    ] {
        assert!(e.get(f).is_some(), "{f} in {e}");
    }
    assert_eq!(e["edition"], "2026-27");
    // A division filter leaves the 1969 table out (M69 has no divisions);
    // a status filter keeps it where it belongs.
    let senior = get(server.addr, "/api/tables?division=senior", None).await;
    assert_eq!(senior.body["total"], 1, "{}", senior.body);
    let waiting = get(server.addr, "/api/tables?status=waiting", None).await;
    assert!(
        waiting.body["tables"]
            .as_array()
            .unwrap()
            .iter()
            .any(|e| e["id"] == id69),
        "{}",
        waiting.body
    );
    let playing = get(server.addr, "/api/tables?status=playing", None).await;
    assert!(
        !playing.body["tables"]
            .as_array()
            .unwrap()
            .iter()
            .any(|e| e["id"] == id69),
        "{}",
        playing.body
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn m69_join_takes_the_open_seat_and_a_second_join_is_409() {
    let db = databases().await.remove(0);
    let server = Server::start(&db);
    let (id, mine) = two_people(server.addr).await;
    // The game waits for its players: nobody acts before the seat is taken.
    let s = get(server.addr, &format!("/api/tables1969/{id}"), None).await;
    assert_eq!(s.body["waiting"], true, "{}", s.body);
    assert_eq!(s.body["open"], json!([false, true]));
    let early = post(
        server.addr,
        &format!("/api/tables1969/{id}/act"),
        json!({"token": mine, "act": {"type": "deal", "count": 6}}),
        None,
    )
    .await;
    assert_eq!(early.status, 409, "{}", early.body);
    assert_eq!(early.body["error"]["code"], "not-started");

    let joined = post(
        server.addr,
        &format!("/api/tables1969/{id}/join"),
        json!({"name": "  Ann  "}),
        None,
    )
    .await;
    assert_eq!(joined.status, 200, "{}", joined.body);
    assert_eq!(joined.body["seat"], 1);
    assert_eq!(joined.body["link"], format!("/t69/{id}"));
    let theirs = joined.body["token"].as_str().unwrap().to_string();
    assert_eq!(joined.body["state"]["players"][1], "Ann");
    assert_eq!(joined.body["state"]["waiting"], false);
    let again = post(
        server.addr,
        &format!("/api/tables1969/{id}/join"),
        json!({}),
        None,
    )
    .await;
    assert_eq!(again.status, 409, "{}", again.body);
    assert_eq!(again.body["error"]["code"], "table-full");
    // The list says it is playing now, with Ann at seat 2.
    let list = get(server.addr, "/api/tables", None).await;
    let e = &list.body["tables"][0];
    assert_eq!(e["status"], "playing", "{e}");
    assert_eq!(e["seats"][1]["name"], "Ann");
    assert_eq!(e["seats"][1]["taken"], true);
    // The joiner's token acts for seat 2, and the game is played on.
    let tokens = [mine, theirs];
    let mut state = joined.body["state"].clone();
    for _ in 0..4 {
        let (tok, act) = next_act(&state, &tokens);
        let r = post(
            server.addr,
            &format!("/api/tables1969/{id}/act"),
            json!({"token": tok, "act": act}),
            None,
        )
        .await;
        assert_eq!(r.status, 200, "{act}: {}", r.body);
        state = r.body;
    }
    // Stored: a restart keeps Ann and both tokens.
    drop(server);
    let server = Server::start(&db);
    let s = get(server.addr, &format!("/api/tables1969/{id}"), None).await;
    assert_eq!(s.body["players"][1], "Ann", "{}", s.body);
    let (tok, act) = next_act(&s.body, &tokens);
    let r = post(
        server.addr,
        &format!("/api/tables1969/{id}/act"),
        json!({"token": tok, "act": act}),
        None,
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.body);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn m69_malformed_join_bodies_are_400_naming_the_field() {
    let db = databases().await.remove(0);
    let server = Server::start(&db);
    let (id, _) = two_people(server.addr).await;
    let path = format!("/api/tables1969/{id}/join");
    for (body, field) in [
        ("[1]", "body"),
        ("{\"name\": 5}", "name"),
        ("{\"name\": \"\"}", "name"),
        ("{\"name\": \"Club bot\"}", "name"),
        ("{\"name\": \"Player 1\"}", "name"),
        ("{\"name\": \"A name far longer than twenty-four\"}", "name"),
        ("{\"seat\": 1}", "seat"),
        ("{\"name\": ", "body"),
    ] {
        let r = send(
            server.addr,
            "POST",
            &path,
            Some(body),
            Some("application/json"),
            None,
        )
        .await;
        assert_eq!(r.status, 400, "{body}: {}", r.body);
        assert_eq!(r.body["error"]["field"], field, "{body}: {}", r.body);
        assert!(
            !r.body["error"]["message"].as_str().unwrap().is_empty(),
            "{body}"
        );
    }
    let r = send(
        server.addr,
        "POST",
        &path,
        Some("name=Ann"),
        Some("text/plain"),
        None,
    )
    .await;
    assert_eq!(r.status, 415, "{}", r.body);
    let r = post(server.addr, "/api/tables1969/nosuch/join", json!({}), None).await;
    assert_eq!(r.status, 404, "{}", r.body);
    // None of them took the seat.
    let r = post(server.addr, &path, json!({"name": "Bea"}), None).await;
    assert_eq!(r.status, 200, "{}", r.body);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn m69_joining_is_rate_limited_like_making_a_table() {
    let db = databases().await.remove(0);
    let config = onsets_server::Config {
        create_per_minute: 1,
        create_burst: 2,
        ..onsets_server::Config::unlimited()
    };
    let server = Server::start_with(&db, config);
    let (id, _) = two_people(server.addr).await;
    let path = format!("/api/tables1969/{id}/join");
    assert_eq!(post(server.addr, &path, json!({}), None).await.status, 200);
    let r = post(server.addr, &path, json!({}), None).await;
    assert_eq!(r.status, 429, "{}", r.body);
    assert_eq!(r.body["error"]["code"], "rate-limited");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn m69_an_act_reaches_a_page_watching_the_event_stream() {
    let db = databases().await.remove(0);
    let server = Server::start(&db);
    let (id, mine) = two_people(server.addr).await;
    // A spectator (no token) watches from before the game begins.
    let mut w = Watcher::open(server.addr, &id).await;
    let first = w
        .next_state(Duration::from_secs(10))
        .await
        .expect("a state at once");
    assert_eq!(first["waiting"], true, "{first}");
    let listed = get(server.addr, "/api/tables", None).await;
    assert_eq!(listed.body["tables"][0]["spectators"], 1, "{}", listed.body);

    let joined = post(
        server.addr,
        &format!("/api/tables1969/{id}/join"),
        json!({"name": "Ann"}),
        None,
    )
    .await;
    assert_eq!(joined.status, 200, "{}", joined.body);
    let s = w
        .until(Duration::from_secs(10), |s| s["players"][1] == "Ann")
        .await
        .expect("the join is pushed");
    assert_eq!(s["waiting"], false);
    let tokens = [mine, joined.body["token"].as_str().unwrap().to_string()];
    let (tok, act) = next_act(&s, &tokens);
    let before = s["events"].as_array().unwrap().len();
    let r = post(
        server.addr,
        &format!("/api/tables1969/{id}/act"),
        json!({"token": tok, "act": act}),
        None,
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.body);
    let pushed = w
        .until(Duration::from_secs(10), |s| {
            s["events"].as_array().unwrap().len() > before
        })
        .await
        .expect("the act is pushed");
    assert!(same(&pushed, &r.body), "{pushed}");
    let r = get(server.addr, "/api/tables1969/nosuch/events", None).await;
    assert_eq!(r.status, 404);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn m69_the_bots_go_on_after_the_window_without_polling() {
    let db = databases().await.remove(0);
    let server = Server::start(&db);
    let made = post(
        server.addr,
        "/api/tables1969",
        json!({"seats": [{"kind": "open"}, {"kind": "bot"}, {"kind": "bot"}], "seed": 3, "plays": 1, "challenge_window_ms": 300}),
        None,
    )
    .await;
    assert_eq!(made.status, 201, "{}", made.body);
    let id = made.body["id"].as_str().unwrap().to_string();
    let mut w = Watcher::open(server.addr, &id).await;
    let joined = post(
        server.addr,
        &format!("/api/tables1969/{id}/join"),
        json!({}),
        None,
    )
    .await;
    assert_eq!(joined.status, 200, "{}", joined.body);
    let token = joined.body["token"].as_str().unwrap().to_string();
    // The person plays whenever awaited; the bots wait for each play's
    // window and then go on by themselves: the stream alone shows the game
    // move, no GET is ever made. (States arrive in order: after an act, the
    // stream's copy of its answer is awaited first.)
    let mut state = w
        .until(Duration::from_secs(10), |s| same(s, &joined.body["state"]))
        .await
        .expect("the join is pushed");
    let mut windows = 0;
    for _ in 0..300 {
        if state["over"] == true {
            break;
        }
        if state["bots_waiting"] == true {
            windows += 1;
        }
        if let Some(act) = person1969(&state, 0) {
            let r = post(
                server.addr,
                &format!("/api/tables1969/{id}/act"),
                json!({"token": token, "act": act}),
                None,
            )
            .await;
            assert_eq!(r.status, 200, "{act}: {}", r.body);
            state = w
                .until(Duration::from_secs(10), |s| same(s, &r.body))
                .await
                .expect("the act is pushed");
            continue;
        }
        state = w
            .next_state(Duration::from_secs(20))
            .await
            .unwrap_or_else(|| panic!("the game stopped: {state}"));
    }
    assert_eq!(state["over"], true, "{state}");
    assert!(windows > 0, "a window was waited for");
}

/// An act through an instance (docs/scaling.md, "Leases"): a copy whose
/// table another instance took refuses once as stale (503 `storage`,
/// nothing changed, the copy dropped) and the retry, which takes the table
/// back, is accepted.
async fn act_on(addr: SocketAddr, id: &str, tok: &str, act: &Value) -> (u16, Value) {
    for _ in 0..2 {
        let r = post(
            addr,
            &format!("/api/tables1969/{id}/act"),
            json!({"token": tok, "act": act}),
            None,
        )
        .await;
        if r.status != 503 {
            return (r.status, r.body);
        }
    }
    panic!("{act}: refused twice as stale");
}

/// States on `w` until one satisfies `f`; a stream that ends (the table
/// moved to another instance) is opened again, as the page does.
async fn heard(w: &mut Watcher, addr: SocketAddr, id: &str, f: impl Fn(&Value) -> bool) -> Value {
    if let Some(s) = w.until(Duration::from_secs(10), &f).await {
        return s;
    }
    *w = Watcher::open(addr, id).await;
    w.until(Duration::from_secs(10), &f)
        .await
        .expect("the watcher hears of the act")
}

/// Two instances, one 1969 table: acts through either instance are played
/// in order and a watcher on the other instance hears of each (under the
/// tables' leases the table lives on one instance at a time and moves to
/// the one asked; docs/scaling.md, "Leases").
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn m69_an_act_on_one_instance_reaches_a_watcher_on_another() {
    for db in databases().await {
        let postgres = db.starts_with("postgres");
        let a = Server::start(&db);
        let b = Server::start(&db);
        let (id, mine) = two_people(a.addr).await;
        // B holds the table (a watcher made it load it), then the seat is
        // taken and the game played through A.
        let mut on_b = Watcher::open(b.addr, &id).await;
        let first = on_b.next_state(Duration::from_secs(10)).await.unwrap();
        assert_eq!(first["waiting"], true);
        let joined = post(
            a.addr,
            &format!("/api/tables1969/{id}/join"),
            json!({"name": "Ann"}),
            None,
        )
        .await;
        assert_eq!(joined.status, 200, "{}", joined.body);
        let tokens = [mine, joined.body["token"].as_str().unwrap().to_string()];
        let (tok, act) = next_act(&joined.body["state"], &tokens);
        let (status, body) = act_on(a.addr, &id, &tok, &act).await;
        assert_eq!(status, 200, "{body}");
        if !postgres {
            // SQLite is one instance's database: nothing crosses.
            continue;
        }
        let seen = heard(&mut on_b, b.addr, &id, |s| same(s, &body)).await;
        assert_eq!(seen["players"][1], "Ann");
        // An act through B follows from A's.
        let (tok, act) = next_act(&seen, &tokens);
        let (status, r2) = act_on(b.addr, &id, &tok, &act).await;
        assert_eq!(status, 200, "{act}: {r2}");
        // And a watcher on A hears of B's next act.
        let mut on_a = Watcher::open(a.addr, &id).await;
        let _now = on_a.next_state(Duration::from_secs(10)).await.unwrap();
        let (tok, act) = next_act(&r2, &tokens);
        let (status, r3) = act_on(b.addr, &id, &tok, &act).await;
        assert_eq!(status, 200, "{act}: {r3}");
        heard(&mut on_a, a.addr, &id, |s| same(s, &r3)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn m69_joins_through_two_instances_at_once_never_share_a_seat() {
    for db in databases().await {
        let a = Server::start(&db);
        let b = Server::start(&db);
        let made = post(
            a.addr,
            "/api/tables1969",
            json!({"seats": [{"kind": "human"}, {"kind": "open"}, {"kind": "open"}, {"kind": "open"}]}),
            None,
        )
        .await;
        assert_eq!(made.status, 201, "{}", made.body);
        let id = made.body["id"].as_str().unwrap().to_string();
        // Both instances hold the table before anyone joins.
        for s in [&a, &b] {
            let r = get(s.addr, &format!("/api/tables1969/{id}"), None).await;
            assert_eq!(r.status, 200);
        }
        let joins = (0..6).map(|i| {
            let addr = if i % 2 == 0 { a.addr } else { b.addr };
            let path = format!("/api/tables1969/{id}/join");
            async move { post(addr, &path, json!({"name": format!("P{i}")}), None).await }
        });
        let replies = futures_util::future::join_all(joins).await;
        let mut seats = Vec::new();
        for r in &replies {
            match r.status {
                200 => seats.push(r.body["seat"].as_u64().unwrap()),
                409 => assert!(
                    ["table-full", "busy"].contains(&r.body["error"]["code"].as_str().unwrap()),
                    "{}",
                    r.body
                ),
                s => panic!("{s}: {}", r.body),
            }
        }
        let mut distinct = seats.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), seats.len(), "a seat given twice: {seats:?}");
        assert!(!seats.is_empty() && seats.len() <= 3, "{seats:?}");
        // What is stored agrees: a third instance reads the table from the
        // database, with every joined person at their seat.
        let c = Server::start(&db);
        let s = get(c.addr, &format!("/api/tables1969/{id}"), None).await;
        let open = s.body["open"].as_array().unwrap();
        assert_eq!(
            open.iter().filter(|o| o == &&json!(false)).count(),
            1 + seats.len(),
            "{}",
            s.body
        );
        for r in replies.iter().filter(|r| r.status == 200) {
            let seat = r.body["seat"].as_u64().unwrap() as usize;
            assert_eq!(s.body["open"][seat], false, "{}", s.body);
            assert_eq!(s.body["players"][seat], r.body["state"]["players"][seat]);
        }
    }
}

// ------------------------------------------------- the one table host (/ws)

/// A person at a 1969 table over `/ws`: acts only from the `legal` list
/// the server offers (pseudo-randomly, off-turn now and then: a challenge,
/// an assertion), and writes nothing (a Goal or a Solution is a text, not
/// listed: when only a text would do, the plain policy's act).
fn pick(view: &Value, me: usize, n: &mut u64) -> Option<Value> {
    *n = n
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    let r = (*n >> 33) as usize;
    let legal = view["legal"].as_array().cloned().unwrap_or_default();
    let mine = view["awaiting"][me].as_bool() == Some(true);
    if legal.is_empty() {
        return if mine { person1969(view, me) } else { None };
    }
    if !mine && r % 7 != 0 {
        return None;
    }
    let mut act = legal[r % legal.len()].clone();
    if mine && act["type"] == "challenge" && r % 4 != 0 {
        // Mostly play on rather than challenge.
        if let Some(a) = legal.iter().find(|a| a["type"] != "challenge") {
            act = a.clone();
        }
    }
    Some(act)
}

/// The one table host: a 1969 table made with `POST /api/tables` and played
/// over `/ws` with the frames of every table, the lobby's name used, and
/// every act taken from the offered `legal` list accepted, to the end of a
/// seeded game with two bots.
#[tokio::test]
async fn m69_over_ws_every_legal_act_is_accepted_to_the_end() {
    for db in databases().await {
        let server = Server::start(&db);
        let made = server
            .create_table(json!({"edition":"1969","form":"basic","seed":11,"plays":2,
                "challenge_window_ms":0,
                "seats":[{"kind":"human"},{"kind":"bot","level":"expert"},{"kind":"bot","level":"careless"}]}))
            .await;
        assert_eq!(made["edition"], "1969", "{made}");
        assert_eq!(made["status"], "waiting", "{made}");
        assert_eq!(made["form"], "basic", "{made}");
        let id = made["id"].as_str().unwrap().to_string();
        let mut c = server.client().await;
        let joined = c.join(&id, "Ann").await;
        let me = joined["seat"].as_u64().unwrap() as usize;
        assert_eq!(me, 0);
        assert_eq!(
            c.view["players"][0], "Ann",
            "the lobby's name is the game's: {}",
            c.view
        );
        assert_eq!(c.view["edition"], "1969");
        let mut n = 11u64;
        let mut accepted = 0;
        let start = tokio::time::Instant::now();
        while c.view["over"] != true {
            assert!(
                start.elapsed() < Duration::from_secs(240),
                "the game did not end: {}",
                c.view
            );
            let Some(act) = pick(&c.view, me, &mut n) else {
                // Nothing to do: wait for the next frame.
                if c.try_next(Duration::from_millis(300)).await.is_none() {
                    c.send(json!({"v":1,"type":"resync"})).await;
                }
                continue;
            };
            let from_legal = c.view["legal"].as_array().is_some_and(|l| l.contains(&act));
            let r = c.act(act.clone()).await;
            if from_legal {
                assert_eq!(
                    r["type"], "accepted",
                    "a legal act was refused: {act} → {r}; view {}",
                    c.view
                );
                accepted += 1;
            }
            // The update of the act.
            c.until("the update", |v| {
                v["type"] == "update" || v["type"] == "rejected"
            })
            .await;
            while c.try_next(Duration::from_millis(20)).await.is_some() {}
        }
        assert!(
            accepted > 3,
            "only {accepted} acts were taken from the list"
        );
        assert_eq!(c.view["players"][0], "Ann");
        assert!(c.view["legal"].as_array().unwrap().is_empty());
        // The lobby lists it as a table of the one host.
        let (s, list) = http(server.addr, "GET", "/api/tables", None).await;
        assert_eq!(s, 200);
        let row = list["tables"]
            .as_array()
            .unwrap()
            .iter()
            .find(|t| t["id"] == id.as_str())
            .cloned()
            .unwrap_or_else(|| panic!("listed: {list}"));
        assert_eq!(row["edition"], "1969");
        assert_eq!(row["status"], "over");
        assert_eq!(row["seats"][0]["name"], "Ann");
        // Its log, as every table's, replays.
        let (s, _, log) = get_bytes(server.addr, &format!("/api/tables/{id}/log")).await;
        assert_eq!(s, 200);
        let log = String::from_utf8(log).unwrap();
        assert!(
            log.starts_with("{") && log.contains("onsets-1969/1"),
            "{log}"
        );
        onsets_engine::manual1969::Game::replay(&log).unwrap();
    }
}

/// Refusals over `/ws` at a 1969 table use the vocabulary of every table:
/// a token of no seat is `bad-token`, an act for another seat `wrong-seat`,
/// an old version `stale`, a rule broken the engine's code and rule.
#[tokio::test]
async fn m69_over_ws_refusals_name_what_is_wrong() {
    let db = databases().await.remove(0);
    let server = Server::start(&db);
    let made = server
        .create_table(json!({"edition":"1969","seed":5,"challenge_window_ms":0,
            "seats":[{"kind":"human"},{"kind":"human"}]}))
        .await;
    let id = made["id"].as_str().unwrap().to_string();
    let mut a = server.client().await;
    a.join(&id, "Ann").await;
    let mut b = server.client().await;
    b.join(&id, "Bob").await;
    a.until("the game", |v| {
        v["type"] == "update" && v["match"]["players"][1] == "Bob"
    })
    .await;
    let r = a.act(json!({"type":"roll","player":1})).await;
    assert_eq!(r["code"], "wrong-seat", "{r}");
    assert_eq!(r["rule"], "I-A", "{r}");
    a.send(json!({"v":1,"type":"act","ref":900,"token":"nope","act":{"type":"roll"}}))
        .await;
    let r = a.until("reply", |v| v["ref"] == 900).await;
    assert_eq!(r["code"], "bad-token", "{r}");
    a.send(json!({"v":1,"type":"act","ref":901,"token":a.token.clone().unwrap(),"version":0,"act":{"type":"roll"}})).await;
    let r = a.until("reply", |v| v["ref"] == 901).await;
    assert_eq!(r["code"], "stale", "{r}");
    // The dealer deals first (2.5): a roll now is the game's refusal.
    let dealer = a.view["dealer"].as_u64().unwrap();
    let roller = if dealer == 0 { &mut a } else { &mut b };
    let r = roller.act(json!({"type":"roll"})).await;
    assert_eq!(r["type"], "rejected", "{r}");
    assert_ne!(r["rule"], "-", "{r}");
    let r = roller.act(json!({"type":"dance"})).await;
    assert_eq!(r["code"], "bad-act", "{r}");
}

/// Every update of a 1969 table carries the events of its change (what a
/// page adds to "What happened"): the deal's update has the `dealt` event.
#[tokio::test]
async fn m69_over_ws_an_update_carries_the_events_of_the_act() {
    let db = databases().await.remove(0);
    let server = Server::start(&db);
    let made = server
        .create_table(json!({"edition":"1969","seed":5,"challenge_window_ms":0,
            "seats":[{"kind":"human"},{"kind":"human"}]}))
        .await;
    let id = made["id"].as_str().unwrap().to_string();
    let mut a = server.client().await;
    a.join(&id, "Ann").await;
    let mut b = server.client().await;
    b.join(&id, "Bob").await;
    a.until("the game", |v| {
        v["type"] == "update" && v["match"]["players"][1] == "Bob"
    })
    .await;
    let dealer = a.view["dealer"].as_u64().unwrap();
    let c = if dealer == 0 { &mut a } else { &mut b };
    let r = c.act(json!({"type":"deal","count":7})).await;
    assert_eq!(r["type"], "accepted", "{r}");
    let u = c
        .until("the deal's update", |v| {
            v["type"] == "update"
                && v["match"]["universe"]
                    .as_array()
                    .is_some_and(|u| !u.is_empty())
        })
        .await;
    let events = u["events"].as_array().unwrap();
    assert!(events.iter().any(|e| e["event"] == "dealt"), "{u}");
}

/// A 1969 table of the one host is stored: after a restart it is found by
/// its id, replayed, and its seat taken back with `rejoin`.
#[tokio::test]
async fn m69_over_ws_a_table_survives_a_restart() {
    let db = databases().await.remove(0);
    let server = Server::start(&db);
    let made = server
        .create_table(json!({"edition":"1969","seed":9,"challenge_window_ms":0,
            "seats":[{"kind":"human"},{"kind":"bot","level":"expert"}]}))
        .await;
    let id = made["id"].as_str().unwrap().to_string();
    let mut c = server.client().await;
    c.join(&id, "Ann").await;
    let token = c.token.clone().unwrap();
    let mut n = 3u64;
    for _ in 0..3 {
        // Ann's turn (the bot waits for her), however slow the bot is: an
        // act picked from a view the bot has since changed would be refused.
        settle(&mut c).await;
        if let Some(act) = pick(&c.view, 0, &mut n) {
            let r = c.act(act).await;
            assert_eq!(r["type"], "accepted", "{r}");
            // The act's own update first (it follows the reply, as in the
            // test above): until it comes, the view still awaits Ann for the
            // act she just made.
            c.until("the act's update", |v| v["type"] == "update").await;
        }
    }
    // The table as stored: at Ann's turn, nothing moves until she acts.
    settle(&mut c).await;
    while c.try_next(Duration::from_millis(100)).await.is_some() {}
    let before = c.view.clone();
    drop(c);
    server.stop();
    let server = Server::start(&db);
    let mut c = server.client().await;
    c.send(json!({"v":1,"type":"rejoin","table":id,"token":token}))
        .await;
    let j = c
        .until("joined", |v| v["type"] == "joined" || v["type"] == "error")
        .await;
    assert_eq!(j["type"], "joined", "{j}");
    assert_eq!(j["name"], "Ann");
    c.until("state", |v| v["type"] == "state").await;
    for k in ["cubes", "universe", "goal", "phase", "totals", "players"] {
        assert_eq!(c.view[k], before[k], "{k} after the restart");
    }
    drop(c);
    server.stop();
}

/// Reads frames until the view awaits seat 0 (the bots then wait for it) or
/// the game is over.
async fn settle(c: &mut Client) {
    while c.view["awaiting"][0] != true && c.view["over"] != true {
        c.until("seat 0's turn", |v| v["match"].is_object()).await;
    }
}

//! Puzzle Race on a real server (docs/practice.md, "Race"): two people on
//! the race's WebSocket and a bot on the same list; a forged answer (another
//! puzzle than the current one, or a claim that it was right) is refused and
//! counts nothing; the winner is the one with the most solved, then the
//! earliest; both see each other's progress; a rematch keeps the players on a
//! new list; a signed-in player's result is stored. On SQLite, and on
//! PostgreSQL when `ONSETS_TEST_POSTGRES_URL` is set.

mod common;

use common::{databases, http, sign_up, Server};
use futures_util::{SinkExt, StreamExt};
use onsets_puzzles::{judge, Kind, Puzzle};
use onsets_server::puzzles::every_puzzle;
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::time::Duration;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

const WAIT: Duration = Duration::from_secs(60);

fn find(id: &str) -> &'static Puzzle {
    every_puzzle()
        .iter()
        .find(|p| p.id == id)
        .unwrap_or_else(|| panic!("{id} is a pool puzzle"))
}

/// The proved answer of a pool puzzle (the storm's test re-derives these
/// with the solver; here the server's judge confirms it).
fn right(p: &Puzzle) -> String {
    let a = match p.kind {
        Kind::Challenge => p.answer.as_str().unwrap().to_string(),
        Kind::Solve => p.answer["shortest"].as_str().unwrap().to_string(),
        Kind::SafeMove => p.answer["moves"]
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["class"] == "safe")
            .unwrap()["move"]
            .as_str()
            .unwrap()
            .to_string(),
        Kind::Goal => p.answer["goals"]
            .as_array()
            .unwrap()
            .iter()
            .find(|g| g["safe"] == true)
            .unwrap()["goal"]
            .as_str()
            .unwrap()
            .to_string(),
        Kind::Claim => unreachable!("races are 2026-27"),
    };
    assert!(judge(p, &a).unwrap().correct, "{}", p.id);
    a
}

/// A wrong answer the judge can read.
fn wrong(p: &Puzzle) -> String {
    let w = match p.kind {
        Kind::Challenge => p.choices.iter().find(|c| **c != p.answer).unwrap().clone(),
        Kind::Solve => "Λ".to_string(),
        Kind::SafeMove => p.answer["moves"]
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["class"] != "safe")
            .unwrap()["move"]
            .as_str()
            .unwrap()
            .to_string(),
        Kind::Goal => p.answer["goals"]
            .as_array()
            .unwrap()
            .iter()
            .find(|g| g["safe"] == false)
            .unwrap()["goal"]
            .as_str()
            .unwrap()
            .to_string(),
        Kind::Claim => unreachable!(),
    };
    assert!(!judge(p, &w).unwrap().correct);
    w
}

/// A person on the race's socket.
struct Racer {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    race: String,
    token: String,
    /// The last `race` state.
    state: Value,
    /// Every `race` state received.
    states: Vec<Value>,
    list: Vec<Value>,
}

impl Racer {
    async fn connect(addr: SocketAddr, cookie: Option<&str>) -> Racer {
        let mut req = format!("ws://{addr}/ws/race")
            .into_client_request()
            .unwrap();
        if let Some(c) = cookie {
            req.headers_mut().insert("cookie", c.parse().unwrap());
        }
        let (ws, _) = tokio_tungstenite::connect_async(req).await.unwrap();
        Racer {
            ws,
            race: String::new(),
            token: String::new(),
            state: Value::Null,
            states: Vec::new(),
            list: Vec::new(),
        }
    }

    async fn send(&mut self, v: Value) {
        self.ws
            .send(Message::Text(v.to_string().into()))
            .await
            .unwrap();
    }

    async fn next(&mut self) -> Value {
        loop {
            let m = tokio::time::timeout(WAIT, self.ws.next())
                .await
                .expect("a frame within the wait")
                .expect("the socket is open")
                .unwrap();
            let Message::Text(t) = m else { continue };
            let v: Value = serde_json::from_str(&t).unwrap();
            assert_eq!(v["v"], 1, "{v}");
            match v["type"].as_str() {
                Some("race") if v["race"] == self.race => {
                    self.state = v.clone();
                    self.states.push(v.clone());
                }
                Some("race-puzzles") if v["race"] == self.race => {
                    self.list = v["puzzles"].as_array().unwrap().clone();
                }
                _ => {}
            }
            return v;
        }
    }

    async fn until(&mut self, what: &str, f: impl Fn(&Value) -> bool) -> Value {
        let deadline = tokio::time::Instant::now() + WAIT;
        loop {
            assert!(tokio::time::Instant::now() < deadline, "waited for {what}");
            let v = self.next().await;
            if f(&v) {
                return v;
            }
        }
    }

    async fn join(&mut self, race: &str, who: Value) -> Value {
        let mut frame = json!({"v": 1, "type": "race-join", "race": race});
        for (k, v) in who.as_object().unwrap() {
            frame[k] = v.clone();
        }
        self.send(frame).await;
        let j = self
            .until("joined", |v| {
                v["type"] == "race-joined" || v["type"] == "error"
            })
            .await;
        if j["type"] == "race-joined" {
            self.race = race.to_string();
            self.token = j["token"].as_str().unwrap().to_string();
            self.until("the state", |v| v["type"] == "race").await;
        }
        j
    }

    async fn answer(&mut self, index: usize, answer: &str) -> Value {
        let race = self.race.clone();
        self.send(json!({"type": "race-answer", "race": race, "index": index, "answer": answer}))
            .await;
        self.until("the verdict", |v| {
            v["type"] == "race-verdict" || v["type"] == "error"
        })
        .await
    }

    async fn until_status(&mut self, status: &str) -> Value {
        if self.state["status"] == status {
            return self.state.clone();
        }
        self.until(status, |v| v["type"] == "race" && v["status"] == status)
            .await
    }
}

fn player<'a>(state: &'a Value, name: &str) -> &'a Value {
    state["players"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["name"] == name)
        .unwrap_or_else(|| panic!("{name} in {state}"))
}

async fn create(addr: SocketAddr, body: Value) -> (u16, Value) {
    http(addr, "POST", "/api/races", Some(body)).await
}

/// Answers the server refuses and counts nothing for: a puzzle ahead of the
/// current one, a claimed verdict, an answer that is not a choice.
async fn forged_answers_count_nothing(ann: &mut Racer, id: &str) {
    // forged answers: a puzzle ahead of the current one, a claimed verdict
    let p0 = find(ann.list[0]["id"].as_str().unwrap());
    let e = ann
        .answer(3, &right(find(ann.list[3]["id"].as_str().unwrap())))
        .await;
    assert_eq!(
        (e["code"].as_str(), e["field"].as_str()),
        (Some("stale"), Some("index")),
        "{e}"
    );
    ann.send(json!({"type": "race-answer", "race": id, "index": 0, "answer": wrong(p0), "correct": true}))
        .await;
    let e = ann.until("the refusal", |v| v["type"] == "error").await;
    assert_eq!(e["field"], "correct", "{e}");
    let e = ann.answer(0, "not a choice at all").await;
    assert_eq!(e["field"], "answer", "{e}");
    assert_eq!(player(&ann.state, "Ann")["index"], 0, "nothing counted");
}

/// A rematch: the same players (people back by their tokens, the same bot)
/// on a new list.
async fn rematch_keeps_the_players(ann: &mut Racer, bob: &mut Racer, id: &str) {
    // rematch: the same players, a new list
    bob.send(json!({"type": "race-rematch", "race": id})).await;
    let m = ann
        .until("the rematch", |v| {
            v["type"] == "race" && v["rematch"].is_string()
        })
        .await;
    let next = m["rematch"].as_str().unwrap().to_string();
    // the balancer's routing key, the first 16 hex digits, is the race's
    // (deploy/haproxy.cfg; docs/scaling.md, "Puzzle Race")
    assert_eq!(next.len(), 32);
    assert_eq!(next[..16], id[..16], "{next} follows {id}");
    assert_ne!(next, id);
    bob.until("the rematch", |v| {
        v["type"] == "race" && v["rematch"] == next.as_str()
    })
    .await;
    let (ta, tb) = (ann.token.clone(), bob.token.clone());
    assert_eq!(ann.join(&next, json!({"token": ta})).await["name"], "Ann");
    assert_eq!(bob.join(&next, json!({"token": tb})).await["name"], "Bob");
    let names: Vec<&str> = ann.state["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Ann", "Bob", "Expert bot"]);
    let old_list = ann.list.clone();
    ann.send(json!({"type": "race-start", "race": next})).await;
    ann.until_status("racing").await;
    assert_eq!(ann.list.len(), 30);
    assert_ne!(ann.list, old_list, "a new seed, a new list");
}

/// The signed-in player's result is stored (theirs only).
async fn result_is_stored(addr: SocketAddr, cookie: &str, id: &str) {
    // Ann's result is stored (she is signed in); Bob's is not
    let mut mine = Value::Null;
    for _ in 0..50 {
        let r = common::get(addr, "/api/races/mine", Some(cookie)).await;
        assert_eq!(r.status, 200, "{}", r.body);
        mine = r.body.clone();
        if !mine["races"].as_array().unwrap().is_empty() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let first = &mine["races"][0];
    assert_eq!(
        (
            first["race"].as_str(),
            first["rank"].as_i64(),
            first["solved"].as_i64()
        ),
        (Some(id), Some(1), Some(30)),
        "{mine}"
    );
    assert_eq!(common::get(addr, "/api/races/mine", None).await.status, 401);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_people_and_a_bot_race_a_forged_answer_is_refused_and_the_rematch_keeps_them() {
    for db in databases().await {
        let s = Server::start(&db);
        let cookie = sign_up(s.addr, "racer-ann").await;
        let (st, r) = create(
            s.addr,
            json!({"players": 3, "bots": ["expert"], "bot_pace": 10, "countdown_s": 1, "seconds": 30, "seed": 42}),
        )
        .await;
        assert_eq!(st, 201, "{r}");
        let id = r["id"].as_str().unwrap().to_string();
        assert_eq!(r["link"], format!("/race/{id}"));

        let mut ann = Racer::connect(s.addr, Some(&cookie)).await;
        let mut bob = Racer::connect(s.addr, None).await;
        assert_eq!(
            ann.join(&id, json!({"name": "Ann"})).await["type"],
            "race-joined"
        );
        assert_eq!(
            bob.join(&id, json!({"name": "Bob"})).await["type"],
            "race-joined"
        );
        // the race is full (Ann, Bob and the bot); a name twice is refused
        let mut eve = Racer::connect(s.addr, None).await;
        let e = eve.join(&id, json!({"name": "Eve"})).await;
        assert_eq!(
            (e["code"].as_str(), e["field"].as_str()),
            (Some("table-full"), Some("race")),
            "{e}"
        );
        // an answer before the start counts nothing
        let e = ann.answer(0, "now").await;
        assert_eq!(e["code"], "not-started", "{e}");

        let race = id.clone();
        ann.send(json!({"type": "race-start", "race": race})).await;
        ann.until_status("racing").await;
        bob.until_status("racing").await;
        assert_eq!(ann.list.len(), 30);
        assert_eq!(ann.list, bob.list, "the same list for everyone");
        assert!(
            ann.list.iter().all(|q| q["answer"].is_null()),
            "no answers sent"
        );
        let mut last = 0;
        for q in &ann.list {
            let d = q["difficulty"].as_u64().unwrap();
            assert!(d >= last, "rising difficulty");
            last = d;
        }

        forged_answers_count_nothing(&mut ann, &id).await;

        // Bob: one right, one wrong (a miss costs 10 s), then no more
        let p0 = find(bob.list[0]["id"].as_str().unwrap());
        let b0 = bob.answer(0, &right(p0)).await;
        assert_eq!(b0["correct"], true, "{b0}");
        let p1 = find(bob.list[1]["id"].as_str().unwrap());
        let b1 = bob.answer(1, &wrong(p1)).await;
        assert_eq!(b1["correct"], false, "{b1}");
        // Ann: the whole list, right
        let list = ann.list.clone();
        for (i, q) in list.iter().enumerate() {
            let v = ann.answer(i, &right(find(q["id"].as_str().unwrap()))).await;
            assert_eq!(v["correct"], true, "{i}: {v}");
        }
        let end = ann.until_status("finished").await;
        let end_b = bob.until_status("finished").await;
        assert_eq!(end["players"], end_b["players"]);
        let a = player(&end, "Ann");
        assert_eq!(
            (a["solved"].as_u64(), a["missed"].as_u64()),
            (Some(30), Some(0))
        );
        let b = player(&end, "Bob");
        assert_eq!(
            (
                b["solved"].as_u64(),
                b["missed"].as_u64(),
                b["penalty_ms"].as_i64()
            ),
            (Some(1), Some(1), Some(10_000))
        );
        let bot = player(&end, "Expert bot");
        assert_eq!(bot["bot"], "expert");
        assert!(bot["solved"].as_u64().unwrap() > 0, "the bot raced: {end}");
        // the most solved first, then the earliest
        assert_eq!(end["ranking"][0], "Ann", "{end}");
        let ranked: Vec<&Value> = end["ranking"]
            .as_array()
            .unwrap()
            .iter()
            .map(|n| player(&end, n.as_str().unwrap()))
            .collect();
        for w in ranked.windows(2) {
            let key = |p: &Value| {
                (
                    -(p["solved"].as_i64().unwrap()),
                    p["time_ms"].as_i64().unwrap(),
                )
            };
            assert!(key(w[0]) <= key(w[1]), "{end}");
        }
        assert_eq!(a["rank"], 1);
        // each saw the other's bar move during the race
        assert!(bob
            .states
            .iter()
            .any(|v| v["status"] == "racing" && player(v, "Ann")["index"].as_u64() > Some(0)));
        assert!(ann
            .states
            .iter()
            .any(|v| v["status"] == "racing" && player(v, "Bob")["index"].as_u64() > Some(0)));
        assert!(ann.states.iter().any(
            |v| v["status"] == "racing" && player(v, "Expert bot")["index"].as_u64() > Some(0)
        ));
        // the HTTP state, with the list once started, never an answer
        let (st, g) = http(s.addr, "GET", &format!("/api/races/{id}"), None).await;
        assert_eq!(st, 200);
        assert_eq!(g["status"], "finished");
        assert_eq!(g["list"].as_array().unwrap().len(), 30);
        assert!(!g.to_string().contains("\"token\""));

        rematch_keeps_the_players(&mut ann, &mut bob, &id).await;

        result_is_stored(s.addr, &cookie, &id).await;
        s.stop();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_race_refuses_what_it_cannot_hold_naming_the_field() {
    let db = databases().await.remove(0);
    let s = Server::start(&db);
    for (body, field) in [
        (json!({"players": 1}), "players"),
        (json!({"players": 11}), "players"),
        (json!({"bots": ["grandmaster"]}), "bots[0]"),
        (json!({"players": 2, "bots": ["club", "club"]}), "bots"),
        (json!({"kind": "claim"}), "kind"),
        (json!({"seconds": 5}), "seconds"),
        (json!({"countdown_s": 0}), "countdown_s"),
        (json!({"bot_pace": 5000}), "bot_pace"),
        (json!({"score": 30}), "score"),
        (json!({"players": "ten"}), "players"),
    ] {
        let (st, e) = create(s.addr, body.clone()).await;
        assert_eq!(st, 400, "{body}: {e}");
        assert_eq!(e["error"]["field"], field, "{body}: {e}");
    }
    let (st, e) = http(s.addr, "GET", "/api/races/nope", None).await;
    assert_eq!(
        (st, e["error"]["field"].as_str()),
        (404, Some("race")),
        "{e}"
    );
    // defaults: ten players, 10 s countdown, 90 s
    let (st, r) = create(s.addr, json!({})).await;
    assert_eq!(st, 201, "{r}");
    let (_, g) = http(
        s.addr,
        "GET",
        &format!("/api/races/{}", r["id"].as_str().unwrap()),
        None,
    )
    .await;
    assert_eq!(
        (
            g["max_players"].as_u64(),
            g["countdown_s"].as_u64(),
            g["seconds"].as_u64()
        ),
        (Some(10), Some(10), Some(90))
    );
    assert_eq!(g["status"], "waiting");
    assert!(g["list"].is_null(), "the list is shown at the countdown");
    // the socket's refusals name the field; a race needs two players
    let mut c = Racer::connect(s.addr, None).await;
    c.send(json!({"type": "race-fly"})).await;
    let e = c.until("error", |v| v["type"] == "error").await;
    assert_eq!(e["code"], "unknown-type", "{e}");
    let id = r["id"].as_str().unwrap();
    let e = c.join(id, json!({"name": "Pat bot"})).await;
    assert_eq!(e["field"], "name", "{e}");
    c.join(id, json!({"name": "Pat"})).await;
    c.send(json!({"type": "race-start", "race": id})).await;
    let e = c.until("error", |v| v["type"] == "error").await;
    assert_eq!(
        (e["code"].as_str(), e["field"].as_str()),
        (Some("not-started"), Some("race")),
        "{e}"
    );
    s.stop();
}

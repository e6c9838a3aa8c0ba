//! Scripted clients and a bot play over real WebSocket connections.

mod common;
use common::*;
use serde_json::{json, Value};
use std::time::Duration;

/// Drives the scripted players until `done` holds for a client's view or
/// events. Checks on every frame that no Solution a writer presented reaches
/// another player while Solutions are still being written.
async fn play_until(clients: &mut [Client], done: impl Fn(&Client) -> bool) {
    let start = tokio::time::Instant::now();
    let mut presented: Vec<(usize, String)> = Vec::new();
    let mut seen = vec![0usize; clients.len()];
    loop {
        if start.elapsed() > Duration::from_secs(120) {
            for c in clients.iter() {
                eprintln!(
                    "phase {} legal {} timers {} last events {:?}",
                    c.view["phase"],
                    c.view["legal"],
                    c.view["timers"],
                    &c.events[c.events.len().saturating_sub(8)..]
                );
            }
            panic!("the shake did not end");
        }
        for c in clients.iter_mut() {
            while c.try_next(Duration::from_millis(5)).await.is_some() {}
        }
        // Privacy: while writing, nobody sees another's presented Solution.
        for (i, c) in clients.iter().enumerate() {
            for f in &c.frames[seen[i]..] {
                if f["match"]["phase"]["phase"] == "writing" {
                    let text = f.to_string();
                    for (w, s) in &presented {
                        if *w != i {
                            assert!(
                                !text.contains(s.as_str()),
                                "client {i} saw {w}'s Solution while writing: {text}"
                            );
                        }
                    }
                }
            }
            seen[i] = c.frames.len();
        }
        if clients.iter().any(&done) {
            return;
        }
        let mut acted = false;
        for (i, c) in clients.iter_mut().enumerate() {
            if let Some(mut act) = c.scripted_act() {
                if act["type"] == "present" {
                    // A distinct text per writer, to follow it.
                    let s = if i == 0 {
                        "R′ ∪ (B ∩ Y)"
                    } else {
                        "G′ ∪ (Y ∩ B)"
                    };
                    act["solution"] = json!(s);
                    presented.push((i, s.to_string()));
                }
                let r = c.act(act.clone()).await;
                assert_ne!(r["type"], "error", "{act}: {r}");
                acted = true;
                break;
            }
        }
        if !acted {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}

fn scored(c: &Client) -> bool {
    c.events.iter().any(|e| e["event"] == "shake_scored")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_players_and_a_bot_play_a_shake_to_its_scored_end() {
    for db in databases().await {
        let server = Server::start(&db);
        let (_, health) = http(server.addr, "GET", "/healthz", None).await;
        let kind = if db.starts_with("postgres") {
            "postgres"
        } else {
            "sqlite"
        };
        assert_eq!(health["database"], kind, "the suite runs on {db}");
        let t = server
            .create_table(json!({"division":"senior","adventurous":true,
                "seats":[{"kind":"human"},{"kind":"human"},{"kind":"bot","level":"expert"}],
                "seed": 11, "bot_pace": 0}))
            .await;
        let id = t["id"].as_str().unwrap().to_string();
        let mut a = server.client().await;
        a.join(&id, "Ann").await;
        assert!(a.view.is_null(), "the match waits for the second player");
        let mut b = server.client().await;
        b.join(&id, "Bob").await;
        assert_eq!(b.view["players"], json!(["Ann", "Bob", "Expert bot"]));
        assert_eq!(b.view["you"], 1);
        let mut spectator = server.client().await;
        spectator
            .send(json!({"v":1,"type":"spectate","table":id}))
            .await;
        let st = spectator.until("state", |v| v["type"] == "state").await;
        assert!(st["match"]["you"].is_null());
        assert_eq!(st["match"]["legal"], json!([]));

        let mut clients = vec![a, b];
        play_until(&mut clients, scored).await;
        // Everyone sees the same scored shake (once its update has come:
        // on a loaded machine it may come after 200 ms of silence).
        for c in clients.iter_mut() {
            until_event(c, "shake_scored").await;
            while c.try_next(Duration::from_millis(200)).await.is_some() {}
        }
        until_event(&mut spectator, "shake_scored").await;
        while spectator
            .try_next(Duration::from_millis(200))
            .await
            .is_some()
        {}
        let ev = |c: &Client| {
            c.events
                .iter()
                .find(|e| e["event"] == "shake_scored")
                .cloned()
                .unwrap_or(Value::Null)
        };
        let score = ev(&clients[0]);
        assert_eq!(score["scores"].as_array().unwrap().len(), 3, "{score}");
        assert_eq!(ev(&clients[1]), score);
        assert_eq!(ev(&spectator), score);
        // The challenge and the judged Solutions were seen by all.
        assert!(clients[1]
            .events
            .iter()
            .any(|e| e["event"] == "solution_judged"
                || e["event"] == "shake_void"
                || e["event"] == "declined"));
        let totals = score["scores"].clone();
        let (status, tables) = http(server.addr, "GET", "/api/tables", None).await;
        assert_eq!(status, 200);
        assert_eq!(tables["tables"][0]["status"], "playing");
        assert!(
            tables["tables"][0]["shake"].as_u64().unwrap() >= 1,
            "{tables} {totals}"
        );
        server.stop();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_of_bots_plays_on_its_own_and_can_be_watched() {
    let db = &databases().await[0];
    let server = Server::start(db);
    let t = server
        .create_table(json!({"division":"middle",
            "seats":[{"kind":"bot","level":"club"},{"kind":"bot","level":"expert"}],
            "seed": 3, "bot_pace": 0}))
        .await;
    let id = t["id"].as_str().unwrap().to_string();
    let mut w = server.client().await;
    w.send(json!({"v":1,"type":"spectate","table":id})).await;
    let deadline = tokio::time::Instant::now() + Duration::from_secs(60);
    while !scored(&w) {
        assert!(
            tokio::time::Instant::now() < deadline,
            "bots did not finish a shake"
        );
        w.try_next(Duration::from_secs(5)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_challenge_block_goes_to_the_first_to_arrive() {
    let db = &databases().await[0];
    let server = Server::start(db);
    let t = server
        .create_table(json!({"division":"senior","adventurous":false,
            "seats":[{"kind":"human"},{"kind":"human"},{"kind":"human"}], "seed": 4}))
        .await;
    let id = t["id"].as_str().unwrap().to_string();
    let mut clients = [
        server.client().await,
        server.client().await,
        server.client().await,
    ];
    for (i, c) in clients.iter_mut().enumerate() {
        c.join(&id, &format!("P{i}")).await;
    }
    // Play until three cubes are on the mat.
    let mut guard = 0;
    loop {
        for c in clients.iter_mut() {
            while c.try_next(Duration::from_millis(5)).await.is_some() {}
        }
        let v = &clients[0].view;
        let on_mat = v["cubes"].as_array().map_or(0, |c| {
            c.iter()
                .filter(|c| c["family"] != "digit" && c["place"] != "resources")
                .count()
        });
        if v["phase"]["phase"] == "moves" && on_mat >= 3 {
            break;
        }
        guard += 1;
        assert!(guard < 300, "did not reach the moves");
        for c in clients.iter_mut() {
            if let Some(a) = c.scripted_act() {
                c.act(a).await;
                break;
            }
        }
    }
    let last = clients[0].view["last_mover"].as_u64().unwrap() as usize;
    let racers: Vec<usize> = (0..3).filter(|&i| i != last).collect();
    // Both send at once; the table's task takes them in order of arrival.
    for &i in &racers {
        let token = clients[i].token.clone().unwrap();
        clients[i]
            .send(json!({"v":1,"type":"act","ref":77,"token":token,"act":{"type":"challenge","kind":"impossible"}}))
            .await;
    }
    let mut outcomes = Vec::new();
    for &i in &racers {
        let r = clients[i].until("reply", |v| v["ref"] == 77).await;
        outcomes.push((i, r));
    }
    let won: Vec<_> = outcomes
        .iter()
        .filter(|(_, r)| r["type"] == "accepted")
        .collect();
    let lost: Vec<_> = outcomes
        .iter()
        .filter(|(_, r)| r["type"] == "rejected")
        .collect();
    assert_eq!((won.len(), lost.len()), (1, 1), "{outcomes:?}");
    assert!(
        ["block-held", "wrong-phase", "already-challenged"]
            .contains(&lost[0].1["code"].as_str().unwrap()),
        "{:?}",
        lost[0].1
    );
    // Everyone sees exactly one challenge, by the winner.
    for c in clients.iter_mut() {
        until_event(c, "challenged").await;
        while c.try_next(Duration::from_millis(200)).await.is_some() {}
        let ch: Vec<_> = c
            .events
            .iter()
            .filter(|e| e["event"] == "challenged")
            .collect();
        assert_eq!(ch.len(), 1, "{ch:?}");
        assert_eq!(ch[0]["player"], won[0].0);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_server_runs_the_sand_timer() {
    // XI-A: the Goal-setter has a minute to roll; the server, not a client,
    // notices that it ran out.
    let db = &databases().await[0];
    let server = Server::start(db);
    let t = server
        .create_table(
            json!({"division":"senior","seats":[{"kind":"human"},{"kind":"human"}], "seed": 2}),
        )
        .await;
    let id = t["id"].as_str().unwrap().to_string();
    let mut a = server.client().await;
    a.join(&id, "Ann").await;
    let mut b = server.client().await;
    b.join(&id, "Bob").await;
    let timer = b.view["timers"][0].clone();
    assert_eq!(timer["task"], "roll", "{timer}");
    let due = timer["due_ms"].as_u64().unwrap();
    let start = tokio::time::Instant::now();
    let deadline = start + Duration::from_millis(due + 20_000);
    while !b.events.iter().any(|e| e["event"] == "time_expired") {
        assert!(
            tokio::time::Instant::now() < deadline,
            "the timer never ran out"
        );
        b.try_next(Duration::from_secs(5)).await;
    }
    let waited = start.elapsed().as_millis() as u64;
    assert!(
        waited + 2000 >= due,
        "not before its time: {waited} ms for {due} ms"
    );
}

/// A value of the wrong type in a `POST /api/tables` body or a frame is
/// refused naming its field (docs/protocol.md, "Errors").
#[tokio::test]
async fn a_value_of_the_wrong_type_is_refused_naming_its_field() {
    let db = &databases().await[0];
    let server = Server::start(db);
    for (body, field) in [
        (
            json!({"division":"senior","seats":[{"kind":"human"},{"kind":"human"}],"seed":"x"}),
            "seed",
        ),
        (
            json!({"division":"senior","seats":[{"kind":"human"},{"kind":"human"}],"adventurous":"yes"}),
            "adventurous",
        ),
        (
            json!({"edition":"1969","seats":[{"kind":"human"},{"kind":"human"}],"plays":"two"}),
            "plays",
        ),
    ] {
        let (status, v) = http(server.addr, "POST", "/api/tables", Some(body.clone())).await;
        assert_eq!(status, 400, "{body}: {v}");
        assert_eq!(v["error"]["field"], field, "{body}: {v}");
    }
    let mut c = server.client().await;
    c.send(json!({"v":1,"type":"join","table":"t","name":"Ann","seat":"x"}))
        .await;
    let e = c.until("the error", |v| v["type"] == "error").await;
    assert_eq!(e["field"], "seat", "{e}");
    server.stop();
}

/// Reads frames until the client has seen an event named `name`, however
/// late its update comes on a loaded machine.
async fn until_event(c: &mut Client, name: &str) {
    while !c.events.iter().any(|e| e["event"] == name) {
        c.until(name, |v| {
            v["events"]
                .as_array()
                .is_some_and(|es| es.iter().any(|e| e["event"] == name))
        })
        .await;
    }
}

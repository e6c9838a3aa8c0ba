//! A server stopped mid-shake and started again over the same database
//! resumes the table: same state, same log, timers from the stored clock.

mod common;
use common::*;
use serde_json::{json, Value};
use std::time::Duration;

fn stable(v: &Value) -> Value {
    let mut v = v.clone();
    let o = v.as_object_mut().unwrap();
    o.remove("now_ms");
    o.remove("timers");
    v
}

fn time_left(v: &Value) -> i64 {
    let now = v["now_ms"].as_i64().unwrap();
    v["timers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["due_ms"].as_i64().unwrap() - now)
        .min()
        .unwrap_or(0)
}

/// One act of the first client that has one: the table's version it made
/// (0 when refused), or `None` when nobody had an act.
async fn step(clients: &mut [Client]) -> Option<u64> {
    for c in clients.iter_mut() {
        while c.try_next(Duration::from_millis(5)).await.is_some() {}
    }
    for c in clients.iter_mut() {
        if let Some(act) = c.scripted_act() {
            let r = c.act(act).await;
            return Some(r["version"].as_u64().unwrap_or(0));
        }
    }
    None
}

/// Reads frames until the client's view is at `version` or later.
async fn caught_up(c: &mut Client, version: u64) {
    while c.version() < version {
        c.until("the table's next version", |v| v["match"].is_object())
            .await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restarted_server_resumes_the_table_mid_shake() {
    for db in databases().await {
        let server = Server::start(&db);
        let t = server
            .create_table(json!({"division":"junior",
                "seats":[{"kind":"human"},{"kind":"human"}], "seed": 8}))
            .await;
        let id = t["id"].as_str().unwrap().to_string();
        let mut clients = vec![server.client().await, server.client().await];
        clients[0].join(&id, "Ann").await;
        clients[1].join(&id, "Bob").await;
        // Play until two cubes have been moved.
        let mut guard = 0;
        let mut version = 0;
        while clients[0].view["cubes"].as_array().map_or(0, |c| {
            c.iter()
                .filter(|c| c["family"] != "digit" && c["place"] != "resources")
                .count()
        }) < 2
        {
            guard += 1;
            assert!(guard < 200, "did not reach the moves");
            if let Some(v) = step(&mut clients).await {
                version = version.max(v);
            }
        }
        // Ann's view has the last act (its update may come late on a
        // loaded machine: not 100 ms of silence but the act's version).
        caught_up(&mut clients[0], version).await;
        for c in clients.iter_mut() {
            while c.try_next(Duration::from_millis(100)).await.is_some() {}
        }
        let before = clients[0].view.clone();
        assert_eq!(before["phase"]["phase"], "moves", "{before}");
        let tokens: Vec<String> = clients.iter().map(|c| c.token.clone().unwrap()).collect();
        drop(clients);
        server.stop();

        // Two seconds of downtime count against nobody.
        tokio::time::sleep(Duration::from_millis(1500)).await;
        let server = Server::start(&db);
        let mut a = server.client().await;
        a.send(json!({"v":1,"type":"rejoin","table":id,"token":tokens[0]}))
            .await;
        let j = a.until("joined", |v| v["type"] == "joined").await;
        assert_eq!(j["seat"], 0);
        a.token = Some(tokens[0].clone());
        a.seat = Some(0);
        let st = a.until("state", |v| v["type"] == "state").await;
        let after = st["match"].clone();
        assert_eq!(stable(&before), stable(&after), "the table is as it was");
        assert_eq!(before["version"], after["version"], "the log is intact");
        assert!(
            time_left(&after) >= time_left(&before) - 1000,
            "timers resume: {} ms left before, {} ms after",
            time_left(&before),
            time_left(&after)
        );
        let mut b = server.client().await;
        b.send(json!({"v":1,"type":"rejoin","table":id,"token":tokens[1]}))
            .await;
        b.until("joined", |v| v["type"] == "joined").await;
        b.token = Some(tokens[1].clone());
        b.seat = Some(1);
        b.until("state", |v| v["type"] == "state").await;
        // The table continues to the scored end.
        let mut clients = vec![a, b];
        let deadline = tokio::time::Instant::now() + 4 * WAIT;
        while !clients[0]
            .events
            .iter()
            .any(|e| e["event"] == "shake_scored")
        {
            assert!(
                tokio::time::Instant::now() < deadline,
                "the shake did not end: {}",
                clients[0].view["phase"]
            );
            if step(&mut clients).await.is_none() {
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
        }
        server.stop();
    }
}

//! Hostile and careless clients change nothing and the server stays up.

mod common;
use common::*;
use futures_util::{SinkExt, StreamExt};
use serde_json::json;
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

async fn table(server: &Server) -> (String, Client, Client) {
    let t = server
        .create_table(json!({"division":"senior",
            "seats":[{"kind":"human"},{"kind":"human"}], "seed": 21, "bot_pace": 0}))
        .await;
    let id = t["id"].as_str().unwrap().to_string();
    let mut a = server.client().await;
    a.join(&id, "Ann").await;
    let mut b = server.client().await;
    b.join(&id, "Bob").await;
    // Ann has the match Bob's join started: waiting for its update, not for
    // 100 ms of silence (on a loaded machine it may come later, and a stale
    // act below is built from her view's version).
    while a.view.is_null() || a.version() < b.version() {
        a.until("the started match", |v| v["match"].is_object())
            .await;
    }
    while a.try_next(Duration::from_millis(100)).await.is_some() {}
    (id, a, b)
}

/// The table as a fresh spectator sees it (without the clock).
async fn snapshot(server: &Server, id: &str) -> serde_json::Value {
    let mut w = server.client().await;
    w.send(json!({"v":1,"type":"spectate","table":id})).await;
    let mut s = w.until("state", |v| v["type"] == "state").await["match"].clone();
    s.as_object_mut().unwrap().remove("now_ms");
    s
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn acting_for_another_seat_or_with_a_stale_view_changes_nothing() {
    for db in databases().await {
        let server = Server::start(&db);
        let (id, mut a, mut b) = table(&server).await;
        let before = snapshot(&server, &id).await;
        let setter = before["goal_setter"].as_u64().unwrap() as usize;
        let (setter_c, other_c) = if a.seat == Some(setter) {
            (&mut a, &mut b)
        } else {
            (&mut b, &mut a)
        };

        // Naming another seat.
        let r = other_c.act(json!({"type":"roll","player":setter})).await;
        assert_eq!(
            (r["type"].as_str(), r["code"].as_str()),
            (Some("rejected"), Some("wrong-seat")),
            "{r}"
        );
        // Another seat's token on this connection.
        let stolen = setter_c.token.clone().unwrap();
        other_c
            .send(json!({"v":1,"type":"act","ref":900,"token":stolen,"act":{"type":"roll"}}))
            .await;
        let r = other_c.until("reply", |v| v["ref"] == 900).await;
        assert_eq!(r["code"], "bad-token", "{r}");
        // Out of turn: the engine's reason and rule.
        let r = other_c.act(json!({"type":"roll"})).await;
        assert_eq!(r["code"], "not-goal-setter", "{r}");
        assert_eq!(r["rule"], "II-A");
        // A stale version.
        let v = setter_c.version();
        setter_c
            .send(json!({"v":1,"type":"act","ref":901,"token":setter_c.token,"version":v - 1,"act":{"type":"roll"}}))
            .await;
        let r = setter_c.until("reply", |v| v["ref"] == 901).await;
        assert_eq!(r["code"], "stale", "{r}");
        // The server's clock is not the players'.
        let r = setter_c.act(json!({"type":"clock"})).await;
        assert_eq!(r["code"], "bad-act", "{r}");
        // An act that does not parse.
        let r = setter_c
            .act(json!({"type":"move","cube":"seven","to":"required"}))
            .await;
        assert_eq!(r["code"], "bad-act", "{r}");
        let r = setter_c.act(json!("roll")).await;
        assert_eq!(r["code"], "bad-act", "{r}");
        // A spectator acts for no one.
        let mut w = server.client().await;
        w.send(json!({"v":1,"type":"spectate","table":id})).await;
        w.until("state", |v| v["type"] == "state").await;
        w.send(json!({"v":1,"type":"act","ref":5,"token":stolen,"act":{"type":"roll"}}))
            .await;
        let r = w.until("reply", |v| v["ref"] == 5).await;
        assert_eq!(r["code"], "bad-token", "{r}");

        let after = snapshot(&server, &id).await;
        assert_eq!(before, after, "nothing changed");
        server.stop();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn malformed_and_oversized_frames_get_errors_and_keep_the_connection() {
    let db = &databases().await[0];
    let server = Server::start(db);
    let (id, mut a, _b) = table(&server).await;
    let before = snapshot(&server, &id).await;
    let cases: Vec<(String, &str)> = vec![
        ("{".into(), "bad-json"),
        ("[]".into(), "bad-envelope"),
        (r#"{"type":"ping"}"#.into(), "bad-envelope"),
        (r#"{"v":9,"type":"ping"}"#.into(), "unsupported-version"),
        (r#"{"v":1,"type":"teleport"}"#.into(), "unknown-type"),
        (r#"{"v":1,"type":"join","name":"x"}"#.into(), "bad-field"),
        (
            r#"{"v":1,"type":"join","table":"nope","name":"x"}"#.into(),
            "no-such-table",
        ),
        (
            format!(r#"{{"v":1,"type":"join","table":"{id}","name":"Cy"}}"#),
            "table-full",
        ),
        (
            format!(r#"{{"v":1,"type":"join","table":"{id}","name":"","seat":0}}"#),
            "bad-name",
        ),
        (
            format!(r#"{{"v":1,"type":"rejoin","table":"{id}","token":"guess"}}"#),
            "bad-token",
        ),
        (
            format!(r#"{{"v":1,"type":"ping","pad":"{}"}}"#, "x".repeat(40_000)),
            "too-large",
        ),
    ];
    for (frame, code) in cases {
        a.send_raw(Message::Text(frame.clone().into())).await;
        let r = a.until("error", |v| v["type"] == "error").await;
        assert_eq!(r["code"], code, "{}: {r}", &frame[..frame.len().min(80)]);
        assert!(!r["message"].as_str().unwrap().is_empty());
    }
    a.send_raw(Message::Binary(vec![1, 2, 3].into())).await;
    let r = a.until("error", |v| v["type"] == "error").await;
    assert_eq!(r["code"], "bad-frame");
    a.send(json!({"v":1,"type":"ping"})).await;
    a.until("pong", |v| v["type"] == "pong").await;
    // A frame over the WebSocket limit closes that connection only.
    let mut c = server.client().await;
    c.send_raw(Message::Text("x".repeat(2 << 20).into())).await;
    assert!(c.try_next(Duration::from_secs(5)).await.is_none(), "closed");
    a.send(json!({"v":1,"type":"ping"})).await;
    a.until("pong", |v| v["type"] == "pong").await;
    assert_eq!(before, snapshot(&server, &id).await);
    let (status, h) = http(server.addr, "GET", "/healthz", None).await;
    assert_eq!((status, h["status"].as_str()), (200, Some("ok")));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_is_dropped_and_others_play_on() {
    let db = &databases().await[0];
    let server = Server::start(db);
    let (id, a, mut b) = table(&server).await;
    let before = snapshot(&server, &id).await;
    let token = a.token.clone().unwrap();
    // 2,000 acts as fast as the socket takes them, while another task reads
    // what the server says (reading only afterwards races the server's close
    // of the flooding connection, which may reset the socket before the
    // notice is read).
    let (mut sink, mut stream) = a.ws.split();
    let reader = tokio::spawn(async move {
        let (mut limited, mut replies) = (0, 0);
        while let Ok(Some(Ok(m))) =
            tokio::time::timeout(Duration::from_secs(5), stream.next()).await
        {
            let Message::Text(t) = m else { continue };
            let f: serde_json::Value = serde_json::from_str(&t).expect("server frames are JSON");
            if f["code"] == "rate-limited" {
                limited += 1;
            }
            if f["type"] == "rejected" {
                replies += 1;
            }
        }
        (limited, replies)
    });
    let mut sent = 0;
    for i in 0..2000 {
        let f = json!({"v":1,"type":"act","ref":10_000 + i,"token":token,"act":{"type":"accept","writer":1}});
        if sink
            .send(Message::Text(f.to_string().into()))
            .await
            .is_err()
        {
            break;
        }
        sent += 1;
    }
    assert!(sent > 100);
    let (limited, replies) = reader.await.expect("the reader ends");
    assert!(
        limited >= 1,
        "the flood was noticed: {limited} notices, {sent} frames sent"
    );
    assert!(replies <= 60, "at most the burst was taken: {replies}");
    // The other player is unaffected.
    b.send(json!({"v":1,"type":"ping"})).await;
    b.until("pong", |v| v["type"] == "pong").await;
    assert_eq!(
        before,
        snapshot(&server, &id).await,
        "the flood changed nothing"
    );
}

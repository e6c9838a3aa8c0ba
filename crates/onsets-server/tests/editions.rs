//! A table plays the 2019-20 MLAG rules when created with
//! `"edition": "2019-20"` (an additive field of `POST /api/tables`; absent
//! means 2026-27), shows it in the lobby and in every `state`, and its bots
//! play a shake of it to the end.

mod common;
use common::*;
use serde_json::json;
use std::time::Duration;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_2019_20_basic_table_is_created_shown_and_played_by_bots() {
    let db = &databases().await[0];
    let server = Server::start(db);
    let t = server
        .create_table(
            json!({"division":"junior","adventurous":false,"edition":"2019-20",
            "seats":[{"kind":"bot","level":"club"},{"kind":"bot","level":"expert"},
                     {"kind":"bot","level":"beginner"}],
            "seed": 5, "bot_pace": 0}),
        )
        .await;
    assert_eq!(t["edition"], "2019-20", "{t}");
    let id = t["id"].as_str().unwrap().to_string();
    let (status, list) = http(server.addr, "GET", "/api/tables", None).await;
    assert_eq!(status, 200);
    assert_eq!(list["tables"][0]["edition"], "2019-20", "{list}");

    let mut w = server.client().await;
    w.send(json!({"v":1,"type":"spectate","table":id})).await;
    let st = w.until("state", |v| v["type"] == "state").await;
    assert_eq!(st["match"]["edition"], "2019-20", "{st}");
    assert_eq!(st["match"]["third_party_joins"], true);
    assert_eq!(st["table"]["edition"], "2019-20");
    let deadline = tokio::time::Instant::now() + Duration::from_secs(90);
    while !w.events.iter().any(|e| e["event"] == "shake_scored") {
        assert!(
            tokio::time::Instant::now() < deadline,
            "the bots did not finish a 2019-20 shake"
        );
        w.try_next(Duration::from_secs(5)).await;
    }
    // B19 II-A: all 18 cubes were rolled (no V/Λ set-out). The bots may
    // have rolled before the spectator arrived, so the match's state says it
    // rather than the events seen.
    let scored = w
        .frames
        .iter()
        .find(|f| {
            f["events"]
                .as_array()
                .is_some_and(|e| e.iter().any(|e| e["event"] == "shake_scored"))
        })
        .expect("the frame that scored the shake");
    let cubes = scored["match"]["cubes"].as_array().expect("the cubes");
    assert_eq!(cubes.len(), 18, "{scored}");
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_table_without_an_edition_plays_2026_27_and_an_unknown_one_is_refused() {
    let db = &databases().await[0];
    let server = Server::start(db);
    let t = server
        .create_table(json!({"division":"senior",
            "seats":[{"kind":"human"},{"kind":"bot","level":"club"}], "seed": 6}))
        .await;
    assert_eq!(t["edition"], "2026-27", "{t}");
    for bad in ["2020", "1969"] {
        let (status, v) = http(
            server.addr,
            "POST",
            "/api/tables",
            Some(json!({"division":"senior","edition":bad,
                "seats":[{"kind":"human"},{"kind":"bot","level":"club"}]})),
        )
        .await;
        assert_eq!(status, 400, "{bad}: {v}");
        assert_eq!(v["error"]["code"], "bad-field", "{v}");
        assert_eq!(v["error"]["field"], "edition", "{v}");
    }
    server.stop();
}

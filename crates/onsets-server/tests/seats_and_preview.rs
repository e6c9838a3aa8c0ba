//! Seats and previews (docs/protocol.md, "Names", "Preview") over real WebSocket connections: every seat has a name of its
//! own, and the `preview` of a draft Solution is answered to its writer only.

mod common;
use common::*;
use serde_json::json;
use std::time::Duration;

/// A person may not take a bot's name, a name with "bot" in it, or the name
/// of a person already seated; the refusal says why and names the field.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_person_takes_no_bots_name_and_no_other_seats_name() {
    let db = databases().await.remove(0);
    let server = Server::start(&db);
    let t = server
        .create_table(json!({"division":"middle","adventurous":false,
            "seats":[{"kind":"human"},{"kind":"human"},{"kind":"bot","level":"club"}],
            "bot_pace": 0}))
        .await;
    let id = t["id"].as_str().unwrap().to_string();
    let mut a = server.client().await;
    for bad in ["Club bot", "Beginner bot", "bot"] {
        a.send(json!({"v":1,"type":"join","table":id,"name":bad}))
            .await;
        let e = a.until("the refusal", |v| v["type"] == "error").await;
        assert_eq!(e["code"], "name-taken", "{bad}: {e}");
        assert_eq!(e["field"], "name");
        assert!(e["message"].as_str().unwrap().contains("bot"), "{e}");
    }
    a.join(&id, "Ann Lee").await;
    let mut b = server.client().await;
    b.send(json!({"v":1,"type":"join","table":id,"name":" ann  LEE "}))
        .await;
    let e = b.until("the refusal", |v| v["type"] == "error").await;
    assert_eq!(e["code"], "name-taken", "{e}");
    assert!(
        e["message"]
            .as_str()
            .unwrap()
            .contains("“Ann Lee” already plays"),
        "{e}"
    );
    b.join(&id, "Bob").await;
    assert_eq!(b.view["players"], json!(["Ann Lee", "Bob", "Club bot"]));
}

/// VII-C-2: a draft stays private. The `preview` reply goes to the writer
/// alone, with the core's reading; nobody else at the table receives any
/// frame carrying the draft.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_preview_is_answered_to_the_writer_alone() {
    let db = databases().await.remove(0);
    let server = Server::start(&db);
    let t = server
        .create_table(json!({"division":"senior","adventurous":true,
            "seats":[{"kind":"human"},{"kind":"human"},{"kind":"bot","level":"club"}],
            "seed": 5, "bot_pace": 0}))
        .await;
    let id = t["id"].as_str().unwrap().to_string();
    let mut a = server.client().await;
    a.join(&id, "Ann").await;
    let mut b = server.client().await;
    b.join(&id, "Bob").await;
    let mut watcher = server.client().await;
    watcher
        .send(json!({"v":1,"type":"spectate","table":id}))
        .await;
    watcher.until("state", |v| v["type"] == "state").await;
    while a.try_next(Duration::from_millis(100)).await.is_some() {}

    a.send(json!({"v":1,"type":"preview","ref":1,"text":"Y n G' ; R < B"}))
        .await;
    let p = a.until("previewed", |v| v["type"] == "previewed").await;
    assert_eq!(p["ok"], true, "{p}");
    assert_eq!(p["ref"], 1);
    assert_eq!(p["reads"], "Y ∩ G′; R ⊆ B");
    assert_eq!(p["solutions"][0]["set_names"], 1);
    assert_eq!(p["solutions"][0]["restrictions"], 1);

    a.send(json!({"v":1,"type":"preview","ref":2,"text":"(Y ∪ G"}))
        .await;
    let p = a.until("previewed", |v| v["type"] == "previewed").await;
    assert_eq!(p["ok"], false, "{p}");
    assert_eq!(p["rule"], "VII-C-5-d");
    assert!(p["column"].as_u64().is_some(), "{p}");

    let long = "B ∪ ".repeat(300);
    a.send(json!({"v":1,"type":"preview","ref":3,"text":long}))
        .await;
    let p = a.until("previewed", |v| v["type"] == "previewed").await;
    assert_eq!(p["ok"], false, "{p}");
    assert!(
        p["message"].as_str().unwrap().contains("at most 1000"),
        "{p}"
    );

    for c in [&mut b, &mut watcher] {
        while c.try_next(Duration::from_millis(300)).await.is_some() {}
        for f in &c.frames {
            let s = f.to_string();
            assert!(!s.contains("Y n G'") && !s.contains("Y ∩ G′"), "{s}");
            assert_ne!(f["type"], "previewed", "{s}");
        }
    }
}

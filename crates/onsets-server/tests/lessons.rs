//! Lessons on a real server (issue 15, item 3): the list, a lesson, attempts
//! judged by the checker, the solver and the engine with rule sections,
//! "show me", and the errors of bad requests.

mod common;

use common::{databases, http, Server};
use serde_json::{json, Value};

async fn post(s: &Server, path: &str, body: Value) -> (u16, Value) {
    http(s.addr, "POST", path, Some(body)).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn lessons_listed_judged_and_shown() {
    let db = databases().await.remove(0);
    let s = Server::start(&db);

    // the list: the seven Basic rules first, then Restrictions and XIII
    let (st, l) = http(s.addr, "GET", "/api/lessons", None).await;
    assert_eq!(st, 200, "{l}");
    let list = l["lessons"].as_array().unwrap();
    let rules: Vec<&str> = list.iter().map(|x| x["rule"].as_str().unwrap()).collect();
    assert_eq!(
        &rules[..7],
        [
            "Basic I",
            "Basic II",
            "Basic III",
            "Basic IV",
            "Basic V",
            "Basic VI",
            "Basic VII"
        ]
    );
    assert!(
        rules.contains(&"VI-B") && rules.contains(&"XIII-D-14"),
        "{rules:?}"
    );
    assert!(list.iter().all(|x| x["steps"].as_u64().unwrap() >= 1));

    // a lesson: steps with positions and tasks, no answers
    let (st, c) = http(s.addr, "GET", "/api/lessons/challenge", None).await;
    assert_eq!(st, 200, "{c}");
    assert_eq!(c["rule"], "Basic IV");
    assert_eq!(c["steps"][0]["task"]["kind"], "challenge");
    assert_eq!(c["steps"][0]["position"]["required"], "B");
    assert!(c["steps"][0].get("intended").is_none());

    // a wrong challenge: judged by the solver, with the rule
    let (st, r) = post(
        &s,
        "/api/lessons/challenge/steps/1",
        json!({"type": "challenge", "challenge": "impossible"}),
    )
    .await;
    assert_eq!(st, 200, "{r}");
    assert_eq!(r["correct"], false);
    assert_eq!(r["reasons"][0]["section"], "Basic IV-A-2");
    assert_eq!(r["step"], 1);
    assert_eq!(r["steps"], 4);
    let (_, r) = post(
        &s,
        "/api/lessons/challenge/steps/1",
        json!({"type": "challenge", "challenge": "now"}),
    )
    .await;
    assert_eq!(r["correct"], true, "{r}");

    // a Solution: the checker's verdict, its reasons and the explanation
    let (_, r) = post(
        &s,
        "/api/lessons/challenge/steps/2",
        json!({"type": "solution", "solution": "B ∪ R"}),
    )
    .await;
    assert_eq!(r["correct"], false, "{r}");
    assert_eq!(r["verdict"]["errors"][0]["code"], "wrong-value");
    assert!(r["explanation"].is_object());
    let (_, r) = post(
        &s,
        "/api/lessons/challenge/steps/2",
        json!({"type": "solution", "solution": "B ∪ G"}),
    )
    .await;
    assert_eq!(r["correct"], true, "{r}");

    // a move: the position after it comes back
    let (_, r) = post(
        &s,
        "/api/lessons/move/steps/1",
        json!({"type": "move", "cube": "Y", "to": "required"}),
    )
    .await;
    assert_eq!(r["correct"], true, "{r}");
    assert_eq!(r["after"]["required"], "Y");

    // points: played by the engine
    let (_, r) = post(
        &s,
        "/api/lessons/correctness/steps/1",
        json!({"type": "score", "points": [6, 2]}),
    )
    .await;
    assert_eq!(r["correct"], false, "{r}");
    let (_, r) = post(
        &s,
        "/api/lessons/correctness/steps/1",
        json!({"type": "score", "points": [2, 6]}),
    )
    .await;
    assert_eq!(r["correct"], true, "{r}");

    // show me, for every step of every lesson: judged right when sent back
    for x in list {
        let id = x["id"].as_str().unwrap();
        for n in 1..=x["steps"].as_u64().unwrap() {
            let (st, a) = http(
                s.addr,
                "GET",
                &format!("/api/lessons/{id}/steps/{n}/answer"),
                None,
            )
            .await;
            assert_eq!(st, 200, "{id} {n}: {a}");
            assert!(!a["text"].as_str().unwrap().is_empty());
            let (st, r) = post(
                &s,
                &format!("/api/lessons/{id}/steps/{n}"),
                a["attempt"].clone(),
            )
            .await;
            assert_eq!(st, 200, "{id} {n}: {r}");
            assert_eq!(r["correct"], true, "{id} {n}: {r}");
        }
    }

    // errors: unknown lesson or step, the wrong kind of attempt, bad JSON
    let (st, e) = http(s.addr, "GET", "/api/lessons/nope", None).await;
    assert_eq!(
        (st, e["error"]["code"].as_str()),
        (404, Some("no-such-lesson"))
    );
    let (st, e) = post(
        &s,
        "/api/lessons/goal/steps/9",
        json!({"type": "goal", "goal": "3"}),
    )
    .await;
    assert_eq!(
        (st, e["error"]["code"].as_str()),
        (404, Some("no-such-lesson")),
        "{e}"
    );
    let (st, _) = post(
        &s,
        "/api/lessons/goal/steps/x",
        json!({"type": "goal", "goal": "3"}),
    )
    .await;
    assert_eq!(st, 404);
    let (st, e) = post(
        &s,
        "/api/lessons/goal/steps/1",
        json!({"type": "solution", "solution": "B"}),
    )
    .await;
    assert_eq!(
        (st, e["error"]["code"].as_str()),
        (400, Some("bad-attempt")),
        "{e}"
    );
    let (st, e) = post(&s, "/api/lessons/goal/steps/1", json!({"type": "dance"})).await;
    assert_eq!(
        (st, e["error"]["code"].as_str()),
        (400, Some("bad-request")),
        "{e}"
    );
    let (st, _) = post(
        &s,
        "/api/lessons/goal/steps/1",
        json!({"type": "goal", "goal": "1".repeat(9000)}),
    )
    .await;
    assert_eq!(st, 413);

    // the page
    let (st, _) = http(s.addr, "GET", "/lessons", None).await;
    assert_eq!(st, 200);
}

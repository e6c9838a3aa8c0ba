//! Lessons on a real server (docs/lessons.md): the list, a lesson, attempts
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

    a_lesson_and_its_attempts(&s).await;
    show_me_for_every_step(&s, list).await;
    the_errors_of_bad_requests(&s).await;

    // the page
    let (st, _) = http(s.addr, "GET", "/lessons", None).await;
    assert_eq!(st, 200);
}

/// A lesson's steps (positions and tasks, no answers) and attempts of each
/// kind, judged by the solver, the checker and the engine with their rules.
async fn a_lesson_and_its_attempts(s: &Server) {
    // a lesson: steps with positions and tasks, no answers
    let (st, c) = http(s.addr, "GET", "/api/lessons/challenge", None).await;
    assert_eq!(st, 200, "{c}");
    assert_eq!(c["rule"], "Basic IV");
    assert_eq!(c["steps"][0]["task"]["kind"], "challenge");
    assert_eq!(c["steps"][0]["position"]["required"], "B");
    assert!(c["steps"][0].get("intended").is_none());

    // a wrong challenge: judged by the solver, with the rule
    let (st, r) = post(
        s,
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
        s,
        "/api/lessons/challenge/steps/1",
        json!({"type": "challenge", "challenge": "now"}),
    )
    .await;
    assert_eq!(r["correct"], true, "{r}");

    // a Solution: the checker's verdict, its reasons and the explanation
    let (_, r) = post(
        s,
        "/api/lessons/challenge/steps/2",
        json!({"type": "solution", "solution": "B ∪ R"}),
    )
    .await;
    assert_eq!(r["correct"], false, "{r}");
    assert_eq!(r["verdict"]["errors"][0]["code"], "wrong-value");
    assert!(r["explanation"].is_object());
    let (_, r) = post(
        s,
        "/api/lessons/challenge/steps/2",
        json!({"type": "solution", "solution": "B ∪ G"}),
    )
    .await;
    assert_eq!(r["correct"], true, "{r}");

    // a move: the position after it comes back
    let (_, r) = post(
        s,
        "/api/lessons/move/steps/1",
        json!({"type": "move", "cube": "Y", "to": "required"}),
    )
    .await;
    assert_eq!(r["correct"], true, "{r}");
    assert_eq!(r["after"]["required"], "Y");

    // points: played by the engine
    let (_, r) = post(
        s,
        "/api/lessons/correctness/steps/1",
        json!({"type": "score", "points": [6, 2]}),
    )
    .await;
    assert_eq!(r["correct"], false, "{r}");
    let (_, r) = post(
        s,
        "/api/lessons/correctness/steps/1",
        json!({"type": "score", "points": [2, 6]}),
    )
    .await;
    assert_eq!(r["correct"], true, "{r}");
}

/// "Show me", for every step of every lesson: judged right when sent back.
async fn show_me_for_every_step(s: &Server, list: &[Value]) {
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
                s,
                &format!("/api/lessons/{id}/steps/{n}"),
                a["attempt"].clone(),
            )
            .await;
            assert_eq!(st, 200, "{id} {n}: {r}");
            assert_eq!(r["correct"], true, "{id} {n}: {r}");
        }
    }
}

/// Errors: an unknown lesson or step, the wrong kind of attempt, bad JSON,
/// too large a body.
async fn the_errors_of_bad_requests(s: &Server) {
    let (st, e) = http(s.addr, "GET", "/api/lessons/nope", None).await;
    assert_eq!(
        (st, e["error"]["code"].as_str()),
        (404, Some("no-such-lesson"))
    );
    let (st, e) = post(
        s,
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
        s,
        "/api/lessons/goal/steps/x",
        json!({"type": "goal", "goal": "3"}),
    )
    .await;
    assert_eq!(st, 404);
    let (st, e) = post(
        s,
        "/api/lessons/goal/steps/1",
        json!({"type": "solution", "solution": "B"}),
    )
    .await;
    assert_eq!(
        (st, e["error"]["code"].as_str()),
        (400, Some("bad-attempt")),
        "{e}"
    );
    let (st, e) = post(s, "/api/lessons/goal/steps/1", json!({"type": "dance"})).await;
    assert_eq!(
        (st, e["error"]["code"].as_str()),
        (400, Some("bad-request")),
        "{e}"
    );
    let (st, _) = post(
        s,
        "/api/lessons/goal/steps/1",
        json!({"type": "goal", "goal": "1".repeat(9000)}),
    )
    .await;
    assert_eq!(st, 413);
}

/// One request with a cookie; the reply's status, body and `Set-Cookie`.
async fn send(
    addr: std::net::SocketAddr,
    method: &str,
    path: &str,
    body: Option<Value>,
    cookie: Option<&str>,
) -> (u16, Value, Option<String>) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    let mut req = format!(
        "{method} {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n",
        body.len()
    );
    if let Some(c) = cookie {
        // As a browser does on its own page's POST.
        req.push_str(&format!("Cookie: {c}\r\nOrigin: http://x\r\n"));
    }
    req.push_str("\r\n");
    req.push_str(&body);
    s.write_all(req.as_bytes()).await.unwrap();
    let mut buf = Vec::new();
    s.read_to_end(&mut buf).await.unwrap();
    let text = String::from_utf8_lossy(&buf).to_string();
    let status: u16 = text[9..12].parse().unwrap();
    let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
    let cookie = head
        .lines()
        .find(|l| l.to_ascii_lowercase().starts_with("set-cookie:"))
        .map(|l| {
            l["set-cookie:".len()..]
                .trim()
                .split(';')
                .next()
                .unwrap()
                .to_string()
        });
    (
        status,
        serde_json::from_str(body).unwrap_or(Value::Null),
        cookie,
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_signed_in_players_progress_is_stored_and_merged() {
    for db in databases().await {
        let s = Server::start(&db);
        // anonymous: nothing stored, merging needs an account
        let (st, p, _) = send(s.addr, "GET", "/api/lessons/progress", None, None).await;
        assert_eq!((st, p["signed_in"].as_bool()), (200, Some(false)), "{p}");
        let (st, _, _) = send(
            s.addr,
            "POST",
            "/api/lessons/progress",
            Some(json!({"progress": {"goal": [1]}})),
            None,
        )
        .await;
        assert_eq!(st, 401);
        let (_, r, _) = send(
            s.addr,
            "POST",
            "/api/lessons/goal/steps/1",
            Some(json!({"type": "goal", "goal": "3+2"})),
            None,
        )
        .await;
        assert_eq!(
            (r["correct"].as_bool(), r["saved"].as_bool()),
            (Some(true), Some(false)),
            "{r}"
        );

        let (st, a, cookie) = send(
            s.addr,
            "POST",
            "/api/accounts",
            Some(json!({"name": "Learner", "password": "correct horse"})),
            None,
        )
        .await;
        assert_eq!(st, 201, "{a}");
        let c = cookie.expect("a session cookie");
        // a step done while signed in is stored; a wrong attempt is not
        let (_, r, _) = send(
            s.addr,
            "POST",
            "/api/lessons/goal/steps/1",
            Some(json!({"type": "goal", "goal": "3+2"})),
            Some(&c),
        )
        .await;
        assert_eq!(r["saved"], true, "{r}");
        let (_, r, _) = send(
            s.addr,
            "POST",
            "/api/lessons/goal/steps/2",
            Some(json!({"type": "goal", "goal": "4+2"})),
            Some(&c),
        )
        .await;
        assert_eq!(
            (r["correct"].as_bool(), r["saved"].as_bool()),
            (Some(false), Some(false))
        );
        // the browser's progress merged in; steps that do not exist are dropped
        let (st, p, _) = send(
            s.addr,
            "POST",
            "/api/lessons/progress",
            Some(json!({"progress": {"goal": [1, 3, 99], "move": [2], "nope": [1]}})),
            Some(&c),
        )
        .await;
        assert_eq!(st, 200, "{p}");
        assert_eq!(p["progress"], json!({"goal": [1, 3], "move": [2]}));
        let (_, p, _) = send(s.addr, "GET", "/api/lessons/progress", None, Some(&c)).await;
        assert_eq!(
            (p["signed_in"].as_bool(), &p["progress"]),
            (Some(true), &json!({"goal": [1, 3], "move": [2]}))
        );
        let (st, _, _) = send(
            s.addr,
            "POST",
            "/api/lessons/progress",
            Some(json!({"steps": 1})),
            Some(&c),
        )
        .await;
        assert_eq!(st, 400);
    }
}

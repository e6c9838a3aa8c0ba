//! The review, explanation and judge's-assistant routes against a real
//! server (docs/review.md; docs/protocol.md, "Review, explanations and the judge's
//! assistant"): answers from the engine, the checker and the solver, the
//! review stored once, and malformed input refused with 4xx naming the
//! field, never a panic.

mod common;
use common::*;
use onsets_bots::Level;
use onsets_core::Division;
use serde_json::{json, Value};
use std::net::SocketAddr;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// A raw request with any content type: (status, body).
async fn raw(addr: SocketAddr, method: &str, path: &str, ctype: &str, body: &str) -> (u16, Value) {
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: x\r\nContent-Type: {ctype}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).await.unwrap();
    let mut buf = Vec::new();
    s.read_to_end(&mut buf).await.unwrap();
    let text = String::from_utf8_lossy(&buf).to_string();
    let status = text[9..12].parse().unwrap();
    let body = text.split_once("\r\n\r\n").map(|x| x.1).unwrap_or("");
    let start = body.find('{').unwrap_or(0);
    let end = body.rfind('}').map(|e| e + 1).unwrap_or(body.len());
    (
        status,
        serde_json::from_str(&body[start..end]).unwrap_or(Value::String(body.into())),
    )
}

fn position() -> Value {
    json!({
        "division": "middle", "adventurous": true,
        "universe": "B R G Y BR BG RG BRG", "goal": "5",
        "required": "B", "permitted": "R", "resources": "∪ Y G ′ = ∩",
        "variations": ["shift-from-permitted"], "situation": "now"
    })
}

/// A finished bot match written to the database as the server stores one.
async fn store_finished(db: &str, id: &str, status: &str) -> String {
    let log = onsets_review::botmatch::bot_match_log(
        &[Level::Club, Level::Beginner],
        Division::Elementary,
        false,
        11,
    )
    .unwrap();
    let store = onsets_server::Store::open(db).await.unwrap();
    let spec = json!({"division": "elementary", "adventurous": false,
        "seats": [{"kind": "bot", "level": "club"}, {"kind": "bot", "level": "beginner"}],
        "round_minutes": 30, "checking": "judge", "seed": 11, "bot_pace": 0});
    store.create_table(id, 0, &spec.to_string()).await.unwrap();
    let mut lines = log.lines();
    let mut header: Value = serde_json::from_str(lines.next().unwrap()).unwrap();
    header.as_object_mut().unwrap().remove("format");
    store.start(id, &header.to_string()).await.unwrap();
    for (i, a) in lines.enumerate() {
        store.append(id, i as u64, a).await.unwrap();
    }
    store.set_status(id, status).await.unwrap();
    log
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn review_of_a_finished_table_is_the_engine_and_solver_review_computed_once() {
    for db in databases().await {
        let log = store_finished(&db, "done0001", "over").await;
        store_finished(&db, "live0001", "playing").await;
        let server = Server::start(&db);
        let (status, v) = http(server.addr, "GET", "/api/tables/done0001/review", None).await;
        assert_eq!(status, 200, "{v}");
        // The very review `onsets review` prints for the log.
        let expected = onsets_review::review(&log).unwrap().to_json();
        assert_eq!(v, expected);
        assert!(!v["moves"].as_array().unwrap().is_empty());
        // Stored: the second answer is the same, read back from the database.
        let (status2, v2) = http(server.addr, "GET", "/api/tables/done0001/review", None).await;
        assert_eq!((status2, &v2), (200, &v));
        let store = onsets_server::Store::open(&db).await.unwrap();
        assert!(store.review("done0001").await.unwrap().is_some());
        // A live table has no review yet; an unknown one is not there.
        let (s, e) = http(server.addr, "GET", "/api/tables/live0001/review", None).await;
        assert_eq!(
            (s, e["error"]["code"].as_str()),
            (409, Some("not-finished")),
            "{e}"
        );
        let (s, e) = http(server.addr, "GET", "/api/tables/nothere/review", None).await;
        assert_eq!((s, e["error"]["field"].as_str()), (404, Some("id")), "{e}");
        let long = "x".repeat(300);
        let (s, _) = http(
            server.addr,
            "GET",
            &format!("/api/tables/{long}/review"),
            None,
        )
        .await;
        assert_eq!(s, 404);
        // The review page is the client's page.
        let (s, _) = raw(server.addr, "GET", "/t/done0001/review", "text/html", "").await;
        assert_eq!(s, 200);
        server.stop();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn explain_is_the_checkers_verdict_explained_and_refuses_bad_input() {
    for db in databases().await {
        let server = Server::start(&db);
        let a = server.addr;
        let (s, v) = http(
            a,
            "POST",
            "/api/explain",
            Some(json!({"position": position(), "solution": "B ∪ G − R"})),
        )
        .await;
        assert_eq!(s, 200, "{v}");
        let mut p = onsets_core::Position::from_json(&position().to_string()).unwrap();
        p = p
            .with_situation(onsets_core::Situation::Now)
            .expect("now and impossible are every position's situations");
        let expected = serde_json::to_value(onsets_core::explain(&p, "B ∪ G − R")).unwrap();
        assert_eq!(v, expected);
        assert_eq!(v["correct"], false);
        assert!(!v["failures"].as_array().unwrap().is_empty());
        // Not JSON: 415.
        let (s, _) = raw(a, "POST", "/api/explain", "text/plain", "{}").await;
        assert_eq!(s, 415);
        // Malformed: 400 naming the field.
        let (s, e) = http(
            a,
            "POST",
            "/api/explain",
            Some(json!({"position": position()})),
        )
        .await;
        assert_eq!(
            (s, e["error"]["field"].as_str()),
            (400, Some("solution")),
            "{e}"
        );
        let mut bad = position();
        bad["universe"] = json!("B Q");
        let (s, e) = http(
            a,
            "POST",
            "/api/explain",
            Some(json!({"position": bad, "solution": "B"})),
        )
        .await;
        assert_eq!(
            (s, e["error"]["field"].as_str()),
            (400, Some("position")),
            "{e}"
        );
        assert!(
            e["error"]["message"].as_str().unwrap().contains("universe"),
            "{e}"
        );
        let (s, e) = http(
            a,
            "POST",
            "/api/explain",
            Some(json!({"position": position(), "solution": "B", "extra": 1})),
        )
        .await;
        assert_eq!(s, 400, "{e}");
        let (s, e) = http(
            a,
            "POST",
            "/api/explain",
            Some(json!({"position": position(), "solution": "(".repeat(5000)})),
        )
        .await;
        assert_eq!(
            (s, e["error"]["field"].as_str()),
            (400, Some("solution")),
            "{e}"
        );
        let (s, _) = raw(
            a,
            "POST",
            "/api/explain",
            "application/json",
            &"x".repeat(20_000),
        )
        .await;
        assert_eq!(s, 413);
        let (s, _) = raw(a, "POST", "/api/explain", "application/json", "{not json").await;
        assert_eq!(s, 400);
        let (s, v) = http(a, "GET", "/healthz", None).await;
        assert_eq!((s, v["status"].as_str()), (200, Some("ok")));
        server.stop();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn judge_rules_with_checker_solver_and_engine_and_refuses_bad_input() {
    for db in databases().await {
        let log = store_finished(&db, "judged01", "over").await;
        let server = Server::start(&db);
        let a = server.addr;
        // A Solution: the checker.
        let (s, v) = http(
            a,
            "POST",
            "/api/judge",
            Some(json!({"position": position(), "dispute": {"kind": "solution", "solution": "B ∪ G − R"}})),
        )
        .await;
        assert_eq!(s, 200, "{v}");
        assert_eq!(
            (v["decided_by"].as_str(), v["upheld"].as_bool()),
            (Some("checker"), Some(false))
        );
        assert!(
            v["reasons"]
                .as_array()
                .unwrap()
                .iter()
                .any(|r| r["section"] == "VII-B-6"),
            "{v}"
        );
        // A challenge on a typed position: the solver.
        let (s, v) = http(
            a,
            "POST",
            "/api/judge",
            Some(json!({"position": position(), "dispute": {"kind": "challenge", "challenge": "impossible"}})),
        )
        .await;
        assert_eq!(s, 200, "{v}");
        assert_eq!(v["decided_by"], "solver");
        assert_eq!(v["upheld"], false, "a Solution exists: {v}");
        assert!(v["witness"].is_string());
        // An act on a table (its stored log): the engine. The match is over,
        // so the engine refuses with its rule.
        let (s, v) = http(
            a,
            "POST",
            "/api/judge",
            Some(json!({"table": "judged01", "dispute": {"kind": "act", "act": {"type": "charge_illegal_procedure", "player": 0}}})),
        )
        .await;
        assert_eq!(s, 200, "{v}");
        assert_eq!(
            (v["decided_by"].as_str(), v["upheld"].as_bool()),
            (Some("engine"), Some(false)),
            "{v}"
        );
        assert!(v["reasons"][0]["section"].is_string(), "{v}");
        // The same log given as text rules the same.
        let (s, w) = http(
            a,
            "POST",
            "/api/judge",
            Some(json!({"log": log, "dispute": {"kind": "act", "act": {"type": "charge_illegal_procedure", "player": 0}}})),
        )
        .await;
        assert_eq!((s, &w["ruling"]), (200, &v["ruling"]));
        // Malformed input: 4xx naming the field.
        for (body, field) in [
            (
                json!({"dispute": {"kind": "solution", "solution": "B"}}),
                "position",
            ),
            (
                json!({"position": position(), "log": "x", "dispute": {"kind": "solution", "solution": "B"}}),
                "position",
            ),
            (json!({"position": position()}), "dispute"),
            (
                json!({"position": {"division": "senior"}, "dispute": {"kind": "solution", "solution": "B"}}),
                "position",
            ),
            (
                json!({"position": position(), "dispute": {"kind": "act", "act": {"type": "clock"}}}),
                "dispute.act",
            ),
            (
                json!({"position": position(), "dispute": {"kind": "challenge", "challenge": "now", "player": 1}}),
                "dispute.player",
            ),
            (
                json!({"log": "not a log", "dispute": {"kind": "challenge", "challenge": "now"}}),
                "log",
            ),
            (
                json!({"log": log, "dispute": {"kind": "act", "act": {"type": "fly"}}}),
                "dispute.act",
            ),
        ] {
            let (s, e) = http(a, "POST", "/api/judge", Some(body.clone())).await;
            assert_eq!(s, 400, "{body} → {e}");
            let f = e["error"]["field"].as_str();
            assert!(
                f == Some(field) || e["error"]["message"].as_str().unwrap_or("").contains(field),
                "{body} → {e} (expected the field {field})"
            );
        }
        let (s, e) = http(
            a,
            "POST",
            "/api/judge",
            Some(json!({"table": "nothere", "dispute": {"kind": "challenge", "challenge": "now"}})),
        )
        .await;
        assert_eq!(
            (s, e["error"]["field"].as_str()),
            (404, Some("table")),
            "{e}"
        );
        let (s, _) = raw(
            a,
            "POST",
            "/api/judge",
            "application/x-www-form-urlencoded",
            "a=1",
        )
        .await;
        assert_eq!(s, 415);
        let (s, _) = raw(
            a,
            "POST",
            "/api/judge",
            "application/json",
            &"x".repeat(1_100_000),
        )
        .await;
        assert_eq!(s, 413);
        let (s, v) = http(a, "GET", "/healthz", None).await;
        assert_eq!((s, v["status"].as_str()), (200, Some("ok")));
        server.stop();
    }
}

/// A 1969 Basic game (seed 11) cut right after an A-claim Flub: R to
/// Permitted, where G to Forbidden would have left no Solution with one
/// more cube (M69 3.5 A, 3.7 comment 3).
const A_FLUB_1969: &str = r#"{"format":"onsets-1969/1","seed":11,"players":["Bot1","Bot2"],"division":"middle","adventurous":false,"edition":"1969","form":"basic","round_ms":1800000,"checking":"judge","auto_charge":false,"settings":{"decision_ms":60000,"writing_ms":120000}}
{"at_ms":1000,"type":"deal","player":1,"count":10}
{"at_ms":2000,"type":"roll","player":0}
{"at_ms":3000,"type":"set_goal","player":0,"goal":"1"}
{"at_ms":4000,"type":"move","player":1,"cube":3,"to":"required","bonus":false}
{"at_ms":5000,"type":"move","player":0,"cube":6,"to":"permitted","bonus":false}
"#;

/// M69 3.5, 3.6: `POST /api/judge` with a 1969 game log: the A-claim by a
/// player is applied by the 1969 engine and ruled by the manual's claims
/// (with the alternative play); Now is refused with 400 naming
/// `dispute.challenge`; an act (`Act1969`) is applied; a 1969 claim on a
/// 2026-27 position is refused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn m69_judge_rules_a_1969_log_by_the_claims_and_the_1969_engine() {
    let db = databases().await.remove(0);
    let server = Server::start(&db);
    let a = server.addr;
    let (s, v) = http(
        a,
        "POST",
        "/api/judge",
        Some(json!({"log": A_FLUB_1969, "dispute": {"kind": "challenge", "challenge": "a", "player": 1}})),
    )
    .await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(v["edition"], "1969");
    assert_eq!(v["claim"], "a");
    assert_eq!(v["decided_by"], "engine");
    assert_eq!(v["upheld"], true, "{v}");
    assert_eq!(v["events"][0]["event"], "challenged");
    assert!(v["alternative"].is_object(), "{v}");
    assert!(v["reasons"]
        .as_array()
        .unwrap()
        .iter()
        .all(|r| r["section"].as_str().unwrap().starts_with("M69")));
    let (s, e) = http(
        a,
        "POST",
        "/api/judge",
        Some(json!({"log": A_FLUB_1969, "dispute": {"kind": "challenge", "challenge": "now"}})),
    )
    .await;
    assert_eq!(
        (s, e["error"]["field"].as_str()),
        (400, Some("dispute.challenge")),
        "{e}"
    );
    let (s, v) = http(
        a,
        "POST",
        "/api/judge",
        Some(json!({"log": A_FLUB_1969, "dispute": {"kind": "act", "act": {"type": "challenge", "player": 1, "claim": "c_from_a"}}})),
    )
    .await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(v["events"][0]["claim"], "c_from_a", "{v}");
    // A 1969 table is judged by its id, as a 2026-27 table is (here once
    // its bots have finished, so that the last play stays put).
    let (s, t) = http(
        a,
        "POST",
        "/api/tables1969",
        Some(json!({"form": "basic", "seed": 7, "plays": 2,
            "seats": [{"kind": "bot", "level": "expert"}, {"kind": "bot", "level": "club"}]})),
    )
    .await;
    assert_eq!(s, 201, "{t}");
    let id = t["id"].as_str().unwrap();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    loop {
        let (_, st) = http(a, "GET", &format!("/api/tables1969/{id}"), None).await;
        if st["plays"].as_array().is_some_and(|p| !p.is_empty()) || st["over"] == true {
            break;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "the bots made no play: {st}"
        );
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let (s, v) = http(
        a,
        "POST",
        "/api/judge",
        Some(json!({"table": id, "dispute": {"kind": "challenge", "challenge": "p"}})),
    )
    .await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(v["edition"], "1969", "{v}");
    let (s, e) = http(
        a,
        "POST",
        "/api/judge",
        Some(json!({"position": position(), "dispute": {"kind": "challenge", "challenge": "p"}})),
    )
    .await;
    assert_eq!(
        (s, e["error"]["field"].as_str()),
        (400, Some("dispute.challenge")),
        "{e}"
    );
    server.stop();
}

/// Asks for a ruling on a typed position and returns its `plain` part.
async fn plain_ruling(addr: SocketAddr, position: Value, dispute: Value) -> Value {
    let (s, v) = http(
        addr,
        "POST",
        "/api/judge",
        Some(json!({"position": position, "dispute": dispute})),
    )
    .await;
    assert_eq!(s, 200, "{v}");
    v["plain"].clone()
}

/// Every text a plain ruling shows, one per line.
fn plain_texts(p: &Value) -> String {
    let mut out = vec![
        p["headline"].as_str().unwrap_or("").to_string(),
        p["verdict"].as_str().unwrap_or("").to_string(),
    ];
    for k in ["scores", "why"] {
        for l in p[k].as_array().into_iter().flatten() {
            out.push(l["text"].as_str().unwrap_or("").to_string());
        }
    }
    out.push(p["totals"].as_str().unwrap_or("").to_string());
    out.join("\n")
}

/// What no plain ruling may show (docs/web-client.md, "Words on the
/// pages"): internal numbering, field names, seat indexes, crate and docs
/// file names, and a section in running text (it goes beside the line).
fn assert_plain_words(p: &Value) {
    let t = plain_texts(p);
    for bad in [
        "ruling ", "field ", "onsets-", ".md", "player 0", "player 1", "(V-", "(VII-", "(M69", "`",
        "JSON",
    ] {
        assert!(!t.contains(bad), "{bad:?} in a plain ruling:\n{t}");
    }
    for k in ["scores", "why"] {
        for l in p[k].as_array().unwrap() {
            assert!(l["section"].is_string(), "{l}");
        }
    }
}

/// A judges'-manual situation (OS-B4, comment): a Goal that names a
/// negative number has no Solution, so an Impossible challenge against it
/// is right; the plain ruling says who scores what (X-B-2) in one verdict.
/// A Now challenge with no cube in Required or Permitted is set aside with
/// a one-point penalty (V-A-2-b, V-B); an incorrect Solution scores 2
/// (X-B-1); a 1969 P-claim against a mat that can still be solved is wrong
/// throughout (M69 3.5 (P), 3.9), never "incorrect" and "kept" at once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn judge_rulings_in_plain_words_say_who_scores_what_and_why() {
    let db = databases().await.remove(0);
    let server = Server::start(&db);
    let a = server.addr;
    // OS-B4: a negative Goal; Impossible is right.
    let mut negative = position();
    negative["goal"] = json!("~3");
    negative["situation"] = json!("impossible");
    let p = plain_ruling(
        a,
        negative,
        json!({"kind": "challenge", "challenge": "impossible"}),
    )
    .await;
    assert_plain_words(&p);
    assert_eq!(p["outcome"], "upheld", "{p}");
    assert_eq!(p["headline"], "The Challenger is right", "{p}");
    assert_eq!(
        p["scores"][0]["text"],
        "Nobody can write a correct Solution: the Challenger scores 6 and the Mover 2."
    );
    assert_eq!(p["scores"][0]["section"], "X-B-2");
    assert_eq!(p["why"][0]["section"], "V-A-1");
    // The same Impossible on a mat with a Solution: the Challenger is wrong.
    let p = plain_ruling(
        a,
        position(),
        json!({"kind": "challenge", "challenge": "impossible"}),
    )
    .await;
    assert_plain_words(&p);
    assert_eq!(
        (p["outcome"].as_str(), p["headline"].as_str()),
        (Some("not-upheld"), Some("The Challenger is wrong")),
        "{p}"
    );
    assert!(
        p["verdict"]
            .as_str()
            .unwrap()
            .starts_with("The Impossible challenge is incorrect"),
        "{p}"
    );
    assert_eq!(p["scores"][0]["section"], "X-B-1");
    // V-A-2-b: Now with nothing in Required or Permitted is set aside.
    let mut empty = position();
    empty["required"] = json!("");
    empty["permitted"] = json!("");
    empty["resources"] = json!("∪ Y G ′ = ∩ B R");
    let p = plain_ruling(a, empty, json!({"kind": "challenge", "challenge": "now"})).await;
    assert_plain_words(&p);
    assert_eq!(p["headline"], "The challenge is set aside", "{p}");
    assert_eq!(p["scores"][0]["section"], "V-B", "{p}");
    assert!(
        p["scores"][0]["text"]
            .as_str()
            .unwrap()
            .contains("loses 1 point"),
        "{p}"
    );
    // An incorrect Solution: its writer scores 2 (X-B-1); the reasons name
    // their sections beside the text, not inside it.
    let p = plain_ruling(
        a,
        position(),
        json!({"kind": "solution", "solution": "B ∪ G − R"}),
    )
    .await;
    assert_plain_words(&p);
    assert_eq!(p["headline"], "The Solution is incorrect", "{p}");
    assert_eq!(
        p["scores"][0]["text"],
        "Its writer is not correct and scores 2."
    );
    assert!(!p["why"].as_array().unwrap().is_empty(), "{p}");
    // The same Solution after the last cube with no challenge: X-C-2.
    let mut last = position();
    last["resources"] = json!("");
    last["forbidden"] = json!("∪ Y G ′ = ∩");
    last["situation"] = json!("forceout");
    let p = plain_ruling(
        a,
        last,
        json!({"kind": "solution", "solution": "B ∪ G − R"}),
    )
    .await;
    assert_plain_words(&p);
    assert_eq!(p["scores"][0]["section"], "X-C-2", "{p}");
    assert_eq!(p["scores"].as_array().unwrap().len(), 1, "{p}");
    // A 1969 P-claim on a mat with a Solution: wrong, and said once.
    let m69 = json!({"edition": "1969", "universe": "B BR BG R G O", "goal": "3",
        "resources": "B R O ∪", "situation": "now"});
    let p = plain_ruling(a, m69, json!({"kind": "challenge", "challenge": "p"})).await;
    assert_plain_words(&p);
    let t = plain_texts(&p);
    assert_eq!(p["headline"], "The Challenger is wrong", "{p}");
    assert!(!t.contains("kept"), "{t}");
    assert!(
        p["scores"][0]["text"]
            .as_str()
            .unwrap()
            .starts_with("The Mover is Correct and scores 2"),
        "{p}"
    );
    server.stop();
}

/// A dispute applied to a match names the players by the log's names,
/// says whose score changed, and explains the totals (before the disputed
/// act → after it) instead of two bare lists.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn judge_on_a_log_names_the_players_and_explains_the_totals() {
    let db = databases().await.remove(0);
    let log = store_finished(&db, "plain001", "over").await;
    let server = Server::start(&db);
    let (s, v) = http(
        server.addr,
        "POST",
        "/api/judge",
        Some(json!({"log": log, "dispute": {"kind": "act", "act": {"type": "charge_illegal_procedure", "player": 0}}})),
    )
    .await;
    assert_eq!(s, 200, "{v}");
    let p = &v["plain"];
    assert_plain_words(p);
    let totals = p["totals"].as_str().unwrap();
    assert!(
        totals.starts_with("Match totals, before the disputed act → after it: "),
        "{totals}"
    );
    let header: Value = serde_json::from_str(log.lines().next().unwrap()).unwrap();
    let first = header["players"][0].as_str().unwrap();
    assert!(totals.contains(first), "{totals} names {first}");
    assert!(!p["scores"].as_array().unwrap().is_empty(), "{p}");
    server.stop();
}

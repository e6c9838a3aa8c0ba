//! Bounded work (docs/security/budgets.md): a Solution of a few thousand
//! bytes cannot make the server work or allocate without bound. The chain
//! `B∪B∪…∪B` of 666 operators (3,997 bytes) once took 3.4 GB and aborted
//! the process through `POST /api/explain`; the same through the judge's
//! assistant, a lesson's Solution step and a puzzle attempt. Each is now
//! answered at once, with the limit it exceeds or with the checker's
//! verdict, and the server stays up.

use super::healthy;
use crate::common::*;
use onsets_puzzles::Kind;
use onsets_server::puzzles::pool;
use serde_json::{json, Value};
use std::time::{Duration, Instant};

/// `n` operands `B` joined by ` ∪ ` (six bytes an operator).
fn chain(n: usize) -> String {
    vec!["B"; n].join(" ∪ ")
}

fn position() -> Value {
    json!({"division": "senior", "adventurous": false,
        "universe": "B R G Y BR BG BY RG RY GY BRG BRY BGY RGY BRGY -",
        "goal": "5", "required": "B ∪", "permitted": "R G ∩ −",
        "situation": "impossible"})
}

/// A request answered within `limit` (a debug build on a shared machine;
/// the release figures are in docs/performance.md).
async fn quick(server: &Server, path: &str, body: Value, limit: Duration) -> (u16, Value) {
    let t = Instant::now();
    let r = tokio::time::timeout(limit, http(server.addr, "POST", path, Some(body)))
        .await
        .unwrap_or_else(|_| panic!("{path} took over {limit:?}"));
    eprintln!("{path}: {} in {:?}", r.0, t.elapsed());
    r
}

const LIMIT: Duration = Duration::from_secs(5);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_666_operator_chain_to_explain_and_judge_is_refused_at_once() {
    let db = &databases().await[0];
    let server = Server::start(db);
    let text = chain(667);
    assert_eq!(text.len(), 3997);
    let (st, e) = quick(
        &server,
        "/api/explain",
        json!({"position": position(), "solution": text}),
        LIMIT,
    )
    .await;
    assert_eq!(st, 400, "{e}");
    assert_eq!(e["error"]["code"], "too-complex", "{e}");
    assert_eq!(e["error"]["field"], "solution", "{e}");
    let message = e["error"]["message"].as_str().unwrap();
    assert!(
        message.contains("at most 16 operands; this one has 667 (column 1)"),
        "{message}"
    );
    healthy(&server).await;

    let (st, e) = quick(
        &server,
        "/api/judge",
        json!({"position": position(),
               "dispute": {"kind": "solution", "solution": chain(667)}}),
        LIMIT,
    )
    .await;
    assert_eq!(st, 400, "{e}");
    assert_eq!(e["error"]["field"], "dispute.solution", "{e}");
    assert!(
        e["error"]["message"]
            .as_str()
            .unwrap()
            .contains("at most 16 operands"),
        "{e}"
    );
    healthy(&server).await;

    // Within the budget, explained in full: the longest chain allowed.
    let (st, v) = quick(
        &server,
        "/api/explain",
        json!({"position": position(), "solution": vec!["B"; 16].join(" ∪ ")}),
        LIMIT,
    )
    .await;
    assert_eq!(st, 200, "{v}");
    assert_eq!(v["solutions"].as_array().unwrap().len(), 1, "{v}");
    healthy(&server).await;
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn many_hostile_explains_at_once_leave_the_server_up() {
    let db = &databases().await[0];
    let server = Server::start(db);
    // Eight at once, each a different shape within the 4,000 bytes.
    let texts = [
        chain(667),
        vec!["(B∪R)"; 400].join("∩"),
        format!("{}B{}", "(".repeat(64), ")".repeat(64)),
        vec!["B∪R∪G⊆R∪G∪Y"; 120].join(";"),
        vec!["B − R"; 300].join(" ∪ "),
        format!("B{}", "′".repeat(64)),
        vec!["B"; 1000].join("−"),
        vec!["{[(B∪R)′∩G]−Y}"; 140].join("∪"),
    ];
    let mut tasks = Vec::new();
    for text in texts {
        let addr = server.addr;
        assert!(text.len() <= 4000, "{}", text.len());
        tasks.push(tokio::spawn(async move {
            tokio::time::timeout(
                LIMIT,
                http(
                    addr,
                    "POST",
                    "/api/explain",
                    Some(json!({"position": position(), "solution": text})),
                ),
            )
            .await
            .expect("answered in time")
        }));
    }
    for t in tasks {
        let (st, v) = t.await.unwrap();
        assert!(st == 200 || st == 400, "{st} {v}");
        if st == 400 {
            assert_eq!(v["error"]["code"], "too-complex", "{v}");
        }
    }
    healthy(&server).await;
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_long_chain_in_a_lesson_step_or_a_puzzle_attempt_gets_a_verdict_at_once() {
    let db = &databases().await[0];
    let server = Server::start(db);
    // 500 operands: 999 characters, under the 1,000 of an attempt.
    let text = vec!["B"; 500].join("∪");
    assert_eq!(text.chars().count(), 999);
    // The lessons and the puzzles are made on first use: not timed.
    let lesson = "/api/lessons/challenge/steps/2";
    let warm = json!({"type": "solution", "solution": "B ∪ R"});
    let (st, _) = http(server.addr, "POST", lesson, Some(warm)).await;
    assert_eq!(st, 200);
    let sp = pool().iter().find(|p| p.kind == Kind::Solve).unwrap();
    let attempt = format!("/api/puzzles/{}/attempt", sp.id);
    let warm = json!({"player": "budget-player-01", "answer": "B"});
    let (st, _) = http(server.addr, "POST", &attempt, Some(warm)).await;
    assert_eq!(st, 200);
    let (st, r) = quick(
        &server,
        lesson,
        json!({"type": "solution", "solution": text.clone()}),
        LIMIT,
    )
    .await;
    assert_eq!(st, 200, "{r}");
    assert_eq!(r["correct"], false, "{r}");
    healthy(&server).await;

    let (st, r) = quick(
        &server,
        &attempt,
        json!({"player": "budget-player-01", "answer": text}),
        LIMIT,
    )
    .await;
    assert_eq!(st, 200, "{r}");
    assert_eq!(r["correct"], false, "{r}");
    healthy(&server).await;
    server.stop();
}

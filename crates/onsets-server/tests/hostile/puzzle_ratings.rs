//! Puzzle ratings (docs/security.md, "Puzzle ratings"): made-up player ids
//! cannot push a puzzle's rating, concurrent attempts lose no update and
//! rate a player once per puzzle, and attempts are rate-limited per player
//! and per address.

use crate::common::*;
use onsets_puzzles::{Kind, Puzzle};
use serde_json::{json, Value};
use std::net::SocketAddr;

fn challenge() -> &'static Puzzle {
    onsets_server::puzzles::pool()
        .iter()
        .find(|p| p.kind == Kind::Challenge)
        .unwrap()
}

/// A choice that is not the puzzle's answer.
fn wrong_answer(p: &Puzzle) -> &'static str {
    ["now", "impossible", "neither"]
        .into_iter()
        .find(|a| p.answer != json!(a))
        .unwrap()
}

async fn issued(addr: SocketAddr) -> String {
    let (st, v) = http(addr, "POST", "/api/puzzles/players", None).await;
    assert_eq!(st, 201, "{v}");
    v["player"].as_str().unwrap().to_string()
}

async fn puzzle_now(addr: SocketAddr, id: &str) -> Value {
    let (st, v) = http(addr, "GET", &format!("/api/puzzles/{id}"), None).await;
    assert_eq!(st, 200, "{v}");
    v
}

/// `n` attempts, `at_once` at a time; every answer.
async fn attempts(
    addr: SocketAddr,
    bodies: Vec<Value>,
    puzzle: &str,
    at_once: usize,
) -> Vec<(u16, Value)> {
    let path = format!("/api/puzzles/{puzzle}/attempt");
    let mut out = Vec::new();
    for chunk in bodies.chunks(at_once) {
        let tasks: Vec<_> = chunk
            .iter()
            .cloned()
            .map(|b| {
                let path = path.clone();
                tokio::spawn(async move { http(addr, "POST", &path, Some(b)).await })
            })
            .collect();
        for t in tasks {
            out.push(t.await.unwrap());
        }
    }
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn made_up_player_ids_do_not_move_a_puzzles_rating() {
    let db = &databases().await[0];
    let server = Server::start(db);
    let p = challenge();
    let before = puzzle_now(server.addr, &p.id).await;
    let bodies = (0..500)
        .map(|i| json!({"player": format!("made-up-{i:05}"), "answer": wrong_answer(p)}))
        .collect();
    for (st, r) in attempts(server.addr, bodies, &p.id, 25).await {
        // The verdict is still shown, unrated.
        assert_eq!(
            (st, &r["correct"], &r["rated"], &r["issued"]),
            (200, &json!(false), &json!(false), &json!(false)),
            "{r}"
        );
        assert!(r["message"].is_string() && r["answer"] == p.answer);
    }
    let after = puzzle_now(server.addr, &p.id).await;
    assert_eq!(
        (&after["rating"], &after["attempts"]),
        (&before["rating"], &before["attempts"]),
        "{before} → {after}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn concurrent_attempts_lose_no_update_and_rate_a_player_once() {
    for db in databases().await {
        let server = Server::start(&db);
        let a = server.addr;
        let p = challenge();
        // 100 issued players at once: the counter sees every one.
        let mut bodies = Vec::new();
        for _ in 0..100 {
            bodies.push(json!({"player": issued(a).await, "answer": wrong_answer(p)}));
        }
        let rated = attempts(a, bodies, &p.id, 25)
            .await
            .into_iter()
            .filter(|(st, r)| *st == 200 && r["rated"] == true)
            .count();
        assert_eq!(rated, 100, "{db}");
        assert_eq!(
            puzzle_now(a, &p.id).await["attempts"],
            100,
            "{db}: no lost update"
        );
        // One player, 20 correct attempts at once: rated exactly once.
        let me = issued(a).await;
        let bodies = (0..20)
            .map(|_| json!({"player": me, "answer": p.answer}))
            .collect();
        let answers = attempts(a, bodies, &p.id, 20).await;
        assert!(
            answers
                .iter()
                .all(|(st, r)| *st == 200 && r["correct"] == true),
            "{answers:?}"
        );
        let rated = answers.iter().filter(|(_, r)| r["rated"] == true).count();
        assert_eq!(rated, 1, "{db}");
        let (_, mine) = http(a, "GET", &format!("/api/puzzles/players/{me}"), None).await;
        assert_eq!(
            (&mine["attempts"], &mine["solved"], &mine["streak"]),
            (&json!(1), &json!(1), &json!(20)),
            "{db}: {mine}"
        );
        let after = puzzle_now(a, &p.id).await;
        assert_eq!(
            (&after["attempts"], &after["solved"]),
            (&json!(101), &json!(1)),
            "{db}: {after}"
        );
        server.stop();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn attempts_are_rate_limited_per_player_and_per_address() {
    let db = &databases().await[0];
    let server = Server::start_with(db, onsets_server::Config::default());
    let a = server.addr;
    let p = challenge();
    let me = issued(a).await;
    let bodies = (0..30)
        .map(|_| json!({"player": me, "answer": p.answer}))
        .collect();
    let answers = attempts(a, bodies, &p.id, 1).await;
    let limited = answers.iter().filter(|(st, _)| *st == 429).count();
    assert!(
        limited >= 10,
        "{limited} of 30 attempts by one player refused"
    );
    assert!(answers
        .iter()
        .any(|(_, r)| r["error"]["code"] == "rate-limited"));
    // Made-up ids from one address: the address's budget runs out too.
    let bodies = (0..100)
        .map(|i| json!({"player": format!("made-up-{i:05}"), "answer": wrong_answer(p)}))
        .collect();
    let answers = attempts(a, bodies, &p.id, 10).await;
    let limited = answers.iter().filter(|(st, _)| *st == 429).count();
    assert!(
        limited >= 20,
        "{limited} of 100 attempts from one address refused"
    );
    // And issuing ids has its own budget per address.
    let mut statuses = Vec::new();
    for _ in 0..40 {
        statuses.push(http(a, "POST", "/api/puzzles/players", None).await.0);
    }
    assert!(statuses.contains(&429), "{statuses:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_signed_in_players_concurrent_attempts_are_rated_once() {
    for db in databases().await {
        let server = Server::start(&db);
        let a = server.addr;
        let p = challenge();
        let cookie = sign_up(a, "Racer").await;
        // The same made-up id 20 times at once, signed in: the account is
        // the player, rated once.
        let path = format!("/api/puzzles/{}/attempt", p.id);
        let tasks: Vec<_> = (0..20)
            .map(|_| {
                let (path, cookie) = (path.clone(), cookie.clone());
                tokio::spawn(async move {
                    post(
                        a,
                        &path,
                        json!({"player": "racer-browser-01", "answer": p.answer}),
                        Some(&cookie),
                    )
                    .await
                })
            })
            .collect();
        let mut rated = 0;
        for t in tasks {
            let r = t.await.unwrap();
            assert_eq!(
                (r.status, &r.body["correct"]),
                (200, &json!(true)),
                "{}",
                r.body
            );
            rated += usize::from(r.body["rated"] == true);
        }
        assert_eq!(rated, 1, "{db}");
        let profile = get(a, "/api/accounts/Racer", None).await.body;
        assert_eq!(profile["puzzles"]["attempts"], 1, "{db}: {profile}");
        assert_eq!(puzzle_now(a, &p.id).await["attempts"], 1, "{db}");
        server.stop();
    }
}

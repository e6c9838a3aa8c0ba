//! Puzzles on a real server (docs/puzzles.md): the daily puzzle, attempts judged on
//! the server, Glicko-2 ratings and streaks stored in the database (SQLite,
//! and PostgreSQL when `ONSETS_TEST_POSTGRES_URL` is set), across a restart.

mod common;

use common::{databases, http, Server};
use onsets_puzzles::Kind;
use onsets_server::puzzles::pool;
use serde_json::json;

/// A player id the server issued (only such ids, and accounts, are rated).
async fn issued(addr: std::net::SocketAddr) -> String {
    let (st, v) = http(addr, "POST", "/api/puzzles/players", None).await;
    assert_eq!(st, 201, "{v}");
    v["player"].as_str().unwrap().to_string()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn daily_puzzle_attempts_ratings_and_streaks() {
    for db in databases().await {
        let s = Server::start(&db);
        let player = issued(s.addr).await;
        let player = player.as_str();
        // the daily puzzle: the same for a date, without its answer
        let (st, a) = http(s.addr, "GET", "/api/puzzles/daily?date=2026-11-24", None).await;
        assert_eq!(st, 200, "{a}");
        assert_eq!(a["date"], "2026-11-24");
        assert!(a["puzzle"]["answer"].is_null() && a["puzzle"]["explanation"].is_null());
        let (_, b) = http(s.addr, "GET", "/api/puzzles/daily?date=2026-11-24", None).await;
        assert_eq!(a["puzzle"]["id"], b["puzzle"]["id"]);
        let (st, today) = http(s.addr, "GET", "/api/puzzles/daily", None).await;
        assert_eq!(st, 200);
        assert!(today["date"].as_str().unwrap().len() == 10);
        let (st, e) = http(s.addr, "GET", "/api/puzzles/daily?date=2026-02-30", None).await;
        assert_eq!(st, 400, "{e}");

        // a challenge puzzle answered right: rated, the streak grows
        let c = pool().iter().find(|p| p.kind == Kind::Challenge).unwrap();
        let path = format!("/api/puzzles/{}/attempt", c.id);
        let body = json!({"player": player, "answer": c.answer});
        let (st, r) = http(s.addr, "POST", &path, Some(body.clone())).await;
        assert_eq!(st, 200, "{r}");
        assert_eq!(r["correct"], true);
        assert_eq!(r["rated"], true);
        assert_eq!(r["player"]["streak"], 1);
        assert!(r["player"]["rating"].as_f64().unwrap() > 1500.0);
        assert_eq!(r["answer"], c.answer);
        // again: judged, not rated
        let (_, r) = http(s.addr, "POST", &path, Some(body)).await;
        assert_eq!(r["rated"], false);
        assert_eq!(r["player"]["streak"], 2);

        // a written Solution judged by the checker, with rule sections
        let sp = pool().iter().find(|p| p.kind == Kind::Solve).unwrap();
        let (st, r) = http(
            s.addr,
            "POST",
            &format!("/api/puzzles/{}/attempt", sp.id),
            Some(json!({"player": player, "answer": "Λ"})),
        )
        .await;
        assert_eq!(st, 200, "{r}");
        assert_eq!(r["correct"], false);
        assert!(!r["reasons"].as_array().unwrap().is_empty());
        assert!(r["reasons"][0]["section"].as_str().unwrap().len() > 1);
        assert_eq!(r["player"]["streak"], 0);
        assert_eq!(r["player"]["best_streak"], 2);
        let shortest = sp.answer["shortest"].as_str().unwrap();
        let other = format!("/api/puzzles/{}/attempt", sp.id);
        let (_, r) = http(
            s.addr,
            "POST",
            &other,
            Some(json!({"player": "second-player-01", "answer": shortest})),
        )
        .await;
        assert_eq!(r["correct"], true, "{r}");

        // bad requests are refused with a reason, never judged
        let (st, _) = http(
            s.addr,
            "POST",
            &path,
            Some(json!({"player": "x", "answer": "now"})),
        )
        .await;
        assert_eq!(st, 400);
        let (st, _) = http(
            s.addr,
            "POST",
            &path,
            Some(json!({"player": player, "answer": "perhaps"})),
        )
        .await;
        assert_eq!(st, 400);
        let (st, _) = http(
            s.addr,
            "POST",
            "/api/puzzles/nope/attempt",
            Some(json!({"player": player, "answer": "now"})),
        )
        .await;
        assert_eq!(st, 404);
        let long = "B".repeat(20_000);
        let (st, _) = http(
            s.addr,
            "POST",
            &path,
            Some(json!({"player": player, "answer": long})),
        )
        .await;
        assert_eq!(st, 413);

        // the next puzzle is one not tried yet, of the kind asked
        let (st, n) = http(
            s.addr,
            "GET",
            &format!("/api/puzzles/next?player={player}&kind=goal"),
            None,
        )
        .await;
        assert_eq!(st, 200, "{n}");
        assert_eq!(n["puzzle"]["kind"], "goal");
        assert_eq!(n["fresh"], true);
        let (st, t) = http(s.addr, "GET", "/api/puzzles/themes", None).await;
        assert_eq!(st, 200);
        assert!(t["themes"].as_array().unwrap().len() >= 10);

        // stored: a restarted server remembers the player
        s.stop();
        let s = Server::start(&db);
        let (st, p) = http(
            s.addr,
            "GET",
            &format!("/api/puzzles/players/{player}"),
            None,
        )
        .await;
        assert_eq!(st, 200);
        assert_eq!(p["attempts"], 2, "{p}");
        assert_eq!(p["best_streak"], 2);
        let (_, r) = http(s.addr, "GET", &format!("/api/puzzles/{}", c.id), None).await;
        assert_eq!(r["attempts"], 1, "{r}");
        // the signing key is kept: the player's id still rates after a restart
        let g = pool().iter().find(|p| p.kind == Kind::Goal).unwrap();
        let (st, r) = http(
            s.addr,
            "POST",
            &format!("/api/puzzles/{}/attempt", g.id),
            Some(json!({"player": player, "answer": "3"})),
        )
        .await;
        assert_eq!(st, 200, "{r}");
        assert_eq!(
            (&r["issued"], &r["rated"]),
            (&json!(true), &json!(true)),
            "{r}"
        );
        s.stop();
    }
}

/// `next` takes an optional `edition` (with `form` for 1969 and
/// `adventurous` for 2019-20); without it the 2026-27 pool is served as
/// before, and attempts at a 2019-20 or 1969 puzzle are judged by its
/// edition's rules.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn puzzles_under_every_rule_edition() {
    let db = databases().await.remove(0);
    let s = Server::start(&db);
    let p_id = issued(s.addr).await;
    let pl = p_id.as_str();
    let next = |q: &str| format!("/api/puzzles/next?player={pl}{q}");
    // no edition: 2026-27
    let (st, n) = http(s.addr, "GET", &next(""), None).await;
    assert_eq!(st, 200, "{n}");
    assert_eq!(n["puzzle"]["position"]["edition"], "2026-27");
    // MLAG Basic 2019-20
    let (st, n) = http(
        s.addr,
        "GET",
        &next("&edition=2019-20&adventurous=false"),
        None,
    )
    .await;
    assert_eq!(st, 200, "{n}");
    assert_eq!(n["puzzle"]["position"]["edition"], "2019-20");
    assert_eq!(n["puzzle"]["position"]["adventurous"], false);
    // 1969 Advanced, the claim kind, answered right and judged
    let (st, n) = http(
        s.addr,
        "GET",
        &next("&edition=1969&form=advanced&kind=claim"),
        None,
    )
    .await;
    assert_eq!(st, 200, "{n}");
    assert_eq!(n["puzzle"]["kind"], "claim");
    assert_eq!(n["puzzle"]["position"]["form"], "advanced");
    assert!(n["puzzle"]["answer"].is_null());
    let id = n["puzzle"]["id"].as_str().unwrap();
    let puzzle = onsets_server::puzzles::every_puzzle()
        .iter()
        .find(|p| p.id == id)
        .unwrap();
    let (st, r) = http(
        s.addr,
        "POST",
        &format!("/api/puzzles/{id}/attempt"),
        Some(json!({"player": pl, "answer": puzzle.answer})),
    )
    .await;
    assert_eq!(st, 200, "{r}");
    assert_eq!(r["correct"], true);
    // a 1969 solve puzzle: its shortest Solution (orange written O) is correct
    let (st, n) = http(s.addr, "GET", &next("&edition=1969&kind=solve"), None).await;
    assert_eq!(st, 200, "{n}");
    let id = n["puzzle"]["id"].as_str().unwrap();
    let puzzle = onsets_server::puzzles::every_puzzle()
        .iter()
        .find(|p| p.id == id)
        .unwrap();
    let (st, r) = http(
        s.addr,
        "POST",
        &format!("/api/puzzles/{id}/attempt"),
        Some(json!({"player": pl, "answer": puzzle.answer["shortest"]})),
    )
    .await;
    assert_eq!(st, 200, "{r}");
    assert_eq!(r["correct"], true, "{r}");
    // refused: a kind the edition does not have, a bad edition or form
    for (q, field) in [
        ("&edition=1969&kind=challenge", "kind"),
        ("&kind=claim", "kind"),
        ("&edition=2031-32", "edition"),
        ("&edition=1969&form=expert", "form"),
        ("&form=basic", "form"),
        ("&adventurous=true", "adventurous"),
    ] {
        let (st, e) = http(s.addr, "GET", &next(q), None).await;
        assert_eq!(st, 400, "{q}: {e}");
        assert_eq!(e["error"]["field"], field, "{q}: {e}");
    }
    // the daily puzzle stays in the 2026-27 pool
    let (_, d) = http(s.addr, "GET", "/api/puzzles/daily?date=2026-11-24", None).await;
    assert!(pool().iter().any(|p| p.id == d["puzzle"]["id"]));
    s.stop();
}

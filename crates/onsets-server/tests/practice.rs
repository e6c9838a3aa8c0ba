//! Practice on a real server (docs/practice.md): Storm and Streak lists of
//! rising difficulty whose every puzzle is re-derived by the solver here,
//! runs counted by the server from answers it judges again (a forged score,
//! a forged clock or a list's puzzles out of order are refused), best and
//! history; the dashboard of weak spots, the weakest theme and the failed
//! puzzles. On SQLite, and on PostgreSQL when `ONSETS_TEST_POSTGRES_URL`
//! is set.

mod common;

use common::{databases, http, Server};
use onsets_core::{check, Goal, Position, Situation};
use onsets_puzzles::{judge, Kind, Puzzle};
use onsets_server::puzzles::every_puzzle;
use onsets_solver::analysis::{apply_move, legal_moves_with, with_goal, MoveOptions};
use onsets_solver::solve;
use serde_json::{json, Value};
use std::net::SocketAddr;

const PLAYER: &str = "practice-player-01";

/// A puzzle of the embedded pools, or one the storm pool generated in this
/// process (docs/practice.md, "The storm pool").
fn find(id: &str) -> &'static Puzzle {
    onsets_server::puzzles::find(id).unwrap_or_else(|| panic!("{id} is a pool puzzle"))
}

fn at(p: &Position, s: Situation) -> Position {
    p.clone().with_situation(s).expect("a valid situation")
}

fn cubes(l: &onsets_core::CubeList) -> usize {
    l.iter().filter(|s| !s.is_digit()).count()
}

/// V-A-2: a Now challenge is valid and a Solution uses at most one more cube.
fn now_wins(p: &Position) -> bool {
    cubes(p.resources()) >= 2
        && cubes(p.required()) + cubes(p.permitted()) > 0
        && solve(&at(p, Situation::Now)).is_solvable()
}

fn in_play(p: &Position) -> Position {
    let s = if cubes(p.resources()) == 0 {
        Situation::Forceout
    } else {
        Situation::Impossible
    };
    at(p, s)
}

/// The puzzle's answer derived again by the solver (called directly, not
/// through the generator's analysis) and its witnesses checked by the core's
/// checker; the right answer for the run.
fn rederived(p: &Puzzle) -> String {
    let pos = p.position().unwrap();
    match p.kind {
        Kind::Challenge => {
            let word = if now_wins(&pos) {
                "now"
            } else if !solve(&in_play(&pos)).is_solvable() {
                "impossible"
            } else {
                "neither"
            };
            assert_eq!(p.answer, word, "{}", p.id);
            word.to_string()
        }
        Kind::Solve => {
            let short = p.answer["shortest"].as_str().unwrap();
            assert!(check(&pos, short).correct, "{}: {short}", p.id);
            short.to_string()
        }
        Kind::SafeMove => {
            let listed = p.answer["moves"].as_array().unwrap();
            let mut safe = Vec::new();
            for mv in legal_moves_with(&pos, MoveOptions { bonus: false }) {
                let after = apply_move(&pos, &mv);
                let class = if now_wins(&after) {
                    "now-wins"
                } else if !solve(&in_play(&after)).is_solvable() {
                    "impossible-wins"
                } else {
                    safe.push(mv.to_string());
                    "safe"
                };
                let entry = listed.iter().find(|e| e["move"] == mv.to_string());
                assert_eq!(entry.unwrap()["class"], class, "{}: {mv}", p.id);
            }
            assert_eq!(safe.len(), 1, "{}", p.id);
            safe.remove(0)
        }
        Kind::Goal => {
            let mut right = None;
            for g in p.answer["goals"].as_array().unwrap() {
                let goal = Goal::parse(g["goal"].as_str().unwrap()).unwrap();
                let solvable = solve(&with_goal(&pos, &goal)).is_solvable();
                assert_eq!(g["safe"], solvable, "{}: {goal}", p.id);
                if solvable {
                    right.get_or_insert(goal.to_string());
                }
            }
            right.expect("a safe Goal")
        }
        Kind::Claim => unreachable!("storms are 2026-27"),
    }
}

/// A wrong answer (the server's judge says so).
fn wrong(p: &Puzzle) -> String {
    let w = match p.kind {
        Kind::Challenge => p.choices.iter().find(|c| **c != p.answer).unwrap().clone(),
        Kind::Solve => "Λ".to_string(),
        Kind::SafeMove => p.answer["moves"]
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["class"] != "safe")
            .unwrap()["move"]
            .as_str()
            .unwrap()
            .to_string(),
        Kind::Goal => p.answer["goals"]
            .as_array()
            .unwrap()
            .iter()
            .find(|g| g["safe"] == false)
            .expect("an unsafe Goal")["goal"]
            .as_str()
            .unwrap()
            .to_string(),
        Kind::Claim => unreachable!("storms are 2026-27"),
    };
    assert!(!judge(p, &w).map(|j| j.correct).unwrap_or(false));
    w
}

async fn get(addr: SocketAddr, path: &str) -> (u16, Value) {
    http(addr, "GET", path, None).await
}

async fn post(addr: SocketAddr, path: &str, body: Value) -> (u16, Value) {
    http(addr, "POST", path, Some(body)).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn storm_lists_rise_and_every_puzzle_is_rederived_by_the_solver() {
    let db = databases().await.remove(0);
    let s = Server::start(&db);
    let (st, v) = get(s.addr, &format!("/api/puzzles/storm?player={PLAYER}")).await;
    assert_eq!(st, 200, "{v}");
    assert_eq!(v["seconds"], 180);
    let list = v["puzzles"].as_array().unwrap();
    assert!(list.len() >= 20, "{}", list.len());
    let mut last = 0;
    let mut kinds = std::collections::BTreeSet::new();
    for q in list {
        assert!(q["answer"].is_null() && q["explanation"].is_null());
        let d = q["difficulty"].as_u64().unwrap();
        assert!(d >= last, "rising difficulty");
        last = d;
        let p = find(q["id"].as_str().unwrap());
        kinds.insert(p.kind.name());
        let answer = rederived(p);
        assert!(judge(p, &answer).unwrap().correct, "{}", p.id);
    }
    assert!(kinds.len() >= 3, "kinds mixed: {kinds:?}");
    // two storms differ
    let (_, w) = get(s.addr, &format!("/api/puzzles/storm?player={PLAYER}")).await;
    assert_ne!(v["puzzles"], w["puzzles"]);
    // one kind
    let (st, g) = get(
        s.addr,
        &format!("/api/puzzles/storm?player={PLAYER}&kind=goal"),
    )
    .await;
    assert_eq!(st, 200, "{g}");
    let goals = g["puzzles"].as_array().unwrap();
    assert!(goals.len() >= 20 && goals.iter().all(|p| p["kind"] == "goal"));
    // refusals name the parameter
    for (path, field) in [
        (
            format!("/api/puzzles/storm?player={PLAYER}&kind=claim"),
            "kind",
        ),
        (
            format!("/api/puzzles/storm?player={PLAYER}&kind=chess"),
            "kind",
        ),
        ("/api/puzzles/storm".to_string(), "player"),
        ("/api/puzzles/storm?player=x".to_string(), "player"),
    ] {
        let (st, e) = get(s.addr, &path).await;
        assert_eq!(st, 400, "{path}: {e}");
        assert_eq!(e["error"]["field"], field, "{path}: {e}");
    }
    // the time of a storm's list is measured by `onsets loadtest --storms`
    // (docs/performance.md, "Storm pools"), not here
}

/// The storm pool: once the background generator has made puzzles ahead,
/// lists draw them beside the embedded pool; each is re-derived by the
/// solver like the embedded ones, and a run answering them is judged and
/// counted by the server.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn storm_lists_draw_puzzles_generated_ahead_each_rederived_by_the_solver() {
    let db = databases().await.remove(0);
    let s = Server::start(&db);
    let embedded: std::collections::HashSet<&str> =
        every_puzzle().iter().map(|p| p.id.as_str()).collect();
    // the generator runs in the background from the first list on; ask
    // until a list carries one of its puzzles (challenges are made first)
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(600);
    let (list, storm) = loop {
        let (st, v) = get(
            s.addr,
            &format!("/api/puzzles/storm?player={PLAYER}&kind=challenge"),
        )
        .await;
        assert_eq!(st, 200, "{v}");
        let list = v["puzzles"].as_array().unwrap().clone();
        assert!(list.len() >= 20 && v["seconds"] == 180, "{v}");
        if list
            .iter()
            .any(|q| !embedded.contains(q["id"].as_str().unwrap()))
        {
            break (list, v["storm"].clone());
        }
        assert!(
            std::time::Instant::now() < deadline,
            "no generated puzzle in a list after 10 minutes"
        );
        tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    };
    let mut last = 0;
    let mut generated = 0;
    for q in &list {
        assert!(q["answer"].is_null() && q["explanation"].is_null());
        let d = q["difficulty"].as_u64().unwrap();
        assert!(d >= last, "rising difficulty");
        last = d;
        let p = find(q["id"].as_str().unwrap());
        assert_eq!(p.kind, Kind::Challenge);
        let answer = rederived(p);
        assert!(judge(p, &answer).unwrap().correct, "{}", p.id);
        generated += usize::from(!embedded.contains(p.id.as_str()));
    }
    assert!(generated > 0);
    // a run answering the list, the generated puzzles with it, is counted
    let first = list
        .iter()
        .position(|q| !embedded.contains(q["id"].as_str().unwrap()))
        .unwrap();
    let answers: Vec<bool> = (0..=first).map(|_| true).collect();
    let run = run_of(&list, &answers, 200);
    let body = json!({"player": PLAYER, "storm": storm, "run": run});
    // no more time may be claimed than has passed since the list was issued
    tokio::time::sleep(std::time::Duration::from_millis(200 * (first as u64 + 1))).await;
    let (st, r) = post(s.addr, "/api/puzzles/storm/result", body).await;
    assert_eq!(st, 200, "{r}");
    assert_eq!(r["score"], first as u64 + 1, "{r}");
}

/// A run's body: the list's first puzzles answered as `answers` says
/// (`true` right, `false` wrong), each in `ms`.
fn run_of(list: &[Value], answers: &[bool], ms: u64) -> Value {
    let run: Vec<Value> = list
        .iter()
        .zip(answers)
        .map(|(q, ok)| {
            let p = find(q["id"].as_str().unwrap());
            let a = if *ok { rederived(p) } else { wrong(p) };
            json!({"puzzle": p.id, "answer": a, "ms": ms})
        })
        .collect();
    Value::Array(run)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_storm_is_counted_by_the_server_and_a_forged_run_is_refused() {
    for db in databases().await {
        let s = Server::start(&db);
        let (_, v) = get(s.addr, &format!("/api/puzzles/storm?player={PLAYER}")).await;
        let id = v["storm"].as_str().unwrap().to_string();
        let list = v["puzzles"].as_array().unwrap().clone();
        let answers = [true, true, true, true, true, true, false, true, true];
        let run = run_of(&list, &answers, 150);

        // a run that claims its score is refused by name
        let forged = json!({"player": PLAYER, "storm": id, "run": run, "score": 999});
        let (st, e) = post(s.addr, "/api/puzzles/storm/result", forged).await;
        assert_eq!(st, 400, "{e}");
        assert_eq!(e["error"]["field"], "score", "{e}");
        // a run that claims more time than has passed since its list
        let slow = run_of(&list, &answers[..2], 60_000);
        let body = json!({"player": PLAYER, "storm": id, "run": slow});
        let (st, e) = post(s.addr, "/api/puzzles/storm/result", body).await;
        assert_eq!((st, &e["error"]["field"]), (400, &json!("run")), "{e}");
        // the list's puzzles in another order
        let mut swapped = run.as_array().unwrap().clone();
        swapped.swap(0, 1);
        let body = json!({"player": PLAYER, "storm": id, "run": swapped});
        let (st, e) = post(s.addr, "/api/puzzles/storm/result", body).await;
        assert_eq!(
            (st, &e["error"]["field"]),
            (400, &json!("run[0].puzzle")),
            "{e}"
        );
        // an answer faster than a person reads
        let quick = run_of(&list, &answers[..1], 5);
        let body = json!({"player": PLAYER, "storm": id, "run": quick});
        let (st, e) = post(s.addr, "/api/puzzles/storm/result", body).await;
        assert_eq!(
            (st, &e["error"]["field"]),
            (400, &json!("run[0].ms")),
            "{e}"
        );

        // the honest run: counted by the server
        let body = json!({"player": PLAYER, "storm": id, "run": run});
        let (st, r) = post(s.addr, "/api/puzzles/storm/result", body.clone()).await;
        assert_eq!(st, 200, "{r}");
        assert_eq!(r["score"], 8, "{r}");
        assert_eq!(r["errors"], 1);
        assert_eq!(r["best_combo"], 6);
        assert_eq!(
            r["run"][4]["bonus_ms"], 3_000,
            "the fifth in a row adds 3 s"
        );
        assert_eq!(r["clock_left_ms"], 180_000 - 9 * 150 - 10_000 + 3_000);
        assert_eq!(r["run"][6]["correct"], false);
        assert_eq!(r["new_best"], true);
        // counted once
        let (st, e) = post(s.addr, "/api/puzzles/storm/result", body).await;
        assert_eq!(st, 409, "{e}");

        // wrong answers claimed right are judged wrong: a run of wrong
        // answers scores nothing whatever it says
        let (_, v2) = get(s.addr, &format!("/api/puzzles/storm?player={PLAYER}")).await;
        let list2 = v2["puzzles"].as_array().unwrap().clone();
        let run2 = run_of(&list2, &[false, false, false], 200);
        let body = json!({"player": PLAYER, "storm": v2["storm"], "run": run2});
        let (st, r2) = post(s.addr, "/api/puzzles/storm/result", body).await;
        assert_eq!(st, 200, "{r2}");
        assert_eq!(
            (r2["score"].as_i64(), r2["errors"].as_i64()),
            (Some(0), Some(3))
        );
        assert_eq!(r2["best"], 8);
        assert_eq!(r2["new_best"], false);

        // without its list's id: the clock still runs out
        let late = json!({"player": PLAYER, "run": [
            {"puzzle": list[0]["id"], "answer": rederived(find(list[0]["id"].as_str().unwrap())), "ms": 175_000},
            {"puzzle": list[1]["id"], "answer": rederived(find(list[1]["id"].as_str().unwrap())), "ms": 9_000},
        ]});
        let (st, r3) = post(s.addr, "/api/puzzles/storm/result", late).await;
        assert_eq!(st, 200, "{r3}");
        assert_eq!(r3["score"], 1);
        assert_eq!(r3["run"][1]["counted"], false);
        assert_eq!(r3["listed"], false);

        // best and history
        let (st, h) = get(
            s.addr,
            &format!("/api/puzzles/storm/history?player={PLAYER}"),
        )
        .await;
        assert_eq!(st, 200, "{h}");
        assert_eq!(h["best"]["score"], 8);
        assert_eq!(h["runs"].as_array().unwrap().len(), 3);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_streak_ends_at_the_first_miss_with_one_skip() {
    for db in databases().await {
        let s = Server::start(&db);
        let (st, v) = get(s.addr, &format!("/api/puzzles/streak?player={PLAYER}")).await;
        assert_eq!(st, 200, "{v}");
        assert_eq!(v["skips"], 1);
        let list = v["puzzles"].as_array().unwrap().clone();
        let mut run = run_of(&list, &[true, true, true, false, true], 300)
            .as_array()
            .unwrap()
            .clone();
        run[1]["answer"] = Value::Null; // the one skip
        let body = json!({"player": PLAYER, "streak": v["streak"], "run": run});
        let (st, r) = post(s.addr, "/api/puzzles/streak/result", body).await;
        assert_eq!(st, 200, "{r}");
        assert_eq!(
            (r["score"].as_i64(), r["skips"].as_i64()),
            (Some(2), Some(1))
        );
        assert_eq!(r["run"][4]["counted"], false);
        // a second skip is refused by name
        let (_, v) = get(s.addr, &format!("/api/puzzles/streak?player={PLAYER}")).await;
        let list = v["puzzles"].as_array().unwrap().clone();
        let run: Vec<Value> = list[..2]
            .iter()
            .map(|q| json!({"puzzle": q["id"], "answer": null, "ms": 500}))
            .collect();
        let body = json!({"player": PLAYER, "streak": v["streak"], "run": run});
        let (st, e) = post(s.addr, "/api/puzzles/streak/result", body).await;
        assert_eq!(
            (st, &e["error"]["field"]),
            (400, &json!("run[1].answer")),
            "{e}"
        );
        // a storm's id on a streak's result
        let body = json!({"player": PLAYER, "storm": v["streak"], "run": []});
        let (st, e) = post(s.addr, "/api/puzzles/streak/result", body).await;
        assert_eq!((st, &e["error"]["field"]), (400, &json!("storm")), "{e}");
        let (_, h) = get(
            s.addr,
            &format!("/api/puzzles/streak/history?player={PLAYER}"),
        )
        .await;
        assert_eq!(h["best"]["score"], 2, "{h}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_dashboard_finds_the_weak_spot_and_the_failed_puzzles() {
    for db in databases().await {
        let s = Server::start(&db);
        let pool = onsets_server::puzzles::pool();
        let goal = pool.iter().find(|p| p.kind == Kind::Goal).unwrap();
        let challenges: Vec<&Puzzle> = pool
            .iter()
            .filter(|p| p.kind == Kind::Challenge)
            .take(3)
            .collect();
        // challenges answered right and quickly; a Goal missed slowly
        for p in &challenges {
            let body = json!({"player": PLAYER, "puzzle": p.id, "answer": p.answer, "ms": 2_000});
            let (st, r) = post(s.addr, "/api/puzzles/practice/answer", body).await;
            assert_eq!((st, &r["correct"]), (200, &json!(true)), "{r}");
        }
        let body =
            json!({"player": PLAYER, "puzzle": goal.id, "answer": wrong(goal), "ms": 20_000});
        let (st, r) = post(s.addr, "/api/puzzles/practice/answer", body).await;
        assert_eq!((st, &r["correct"]), (200, &json!(false)), "{r}");

        let (st, d) = get(
            s.addr,
            &format!("/api/puzzles/dashboard?player={PLAYER}&days=7"),
        )
        .await;
        assert_eq!(st, 200, "{d}");
        let themes = d["themes"].as_array().unwrap();
        let line = |t: &str| themes.iter().find(|l| l["theme"] == t).cloned();
        let g = line("goal-setting").expect("the Goal's theme");
        assert_eq!(
            (g["attempts"].as_i64(), g["solved"].as_i64()),
            (Some(1), Some(0))
        );
        assert_eq!(g["median_ms"], 20_000);
        assert!(g["rating"].as_i64().is_some());
        assert_eq!(
            themes[0]["weakness"], g["weakness"],
            "the weakest first: {d}"
        );
        let fast = line("no-challenge")
            .or_else(|| line("now-challenges"))
            .unwrap();
        assert!(fast["weakness"].as_f64() < g["weakness"].as_f64());
        assert!(themes
            .iter()
            .any(|l| l["theme"].as_str().unwrap().starts_with("rule:")));
        for days in ["0", "91", "x"] {
            let (st, e) = get(
                s.addr,
                &format!("/api/puzzles/dashboard?player={PLAYER}&days={days}"),
            )
            .await;
            assert_eq!((st, &e["error"]["field"]), (400, &json!("days")), "{e}");
        }
        // practise my weak spots: a theme never tried or the missed one,
        // never the one mastered
        let (st, w) = get(s.addr, &format!("/api/puzzles/weak?player={PLAYER}")).await;
        assert_eq!(st, 200, "{w}");
        assert!(w["puzzle"]["id"].is_string() && w["puzzle"]["answer"].is_null());
        let chosen = w["theme"].as_str().unwrap();
        assert!(
            find(w["puzzle"]["id"].as_str().unwrap())
                .themes
                .iter()
                .any(|t| t == chosen)
                || chosen.contains(':')
        );
        let (_, w) = get(
            s.addr,
            &format!("/api/puzzles/weak?player={PLAYER}&theme=goal-setting"),
        )
        .await;
        assert_eq!(w["puzzle"]["kind"], "goal", "{w}");
        assert_ne!(
            w["puzzle"]["id"],
            json!(goal.id),
            "a puzzle not tried first"
        );
        // replay the failed puzzles by theme
        let (st, f) = get(
            s.addr,
            &format!("/api/puzzles/failed?player={PLAYER}&theme=goal-setting"),
        )
        .await;
        assert_eq!(st, 200, "{f}");
        let failed = f["puzzles"].as_array().unwrap();
        assert_eq!(failed.len(), 1);
        assert_eq!(failed[0]["puzzle"]["id"], json!(goal.id));
        // solved on replay: no longer failed
        let body = json!({"player": PLAYER, "puzzle": goal.id, "answer": rederived(goal), "ms": 4_000, "mode": "replay"});
        let (_, r) = post(s.addr, "/api/puzzles/practice/answer", body).await;
        assert_eq!(r["correct"], true, "{r}");
        let (_, f) = get(s.addr, &format!("/api/puzzles/failed?player={PLAYER}")).await;
        assert!(f["puzzles"].as_array().unwrap().is_empty(), "{f}");
        let (st, e) = get(
            s.addr,
            &format!("/api/puzzles/failed?player={PLAYER}&theme=nonsense"),
        )
        .await;
        assert_eq!((st, &e["error"]["field"]), (400, &json!("theme")), "{e}");
    }
}

/// A finished bot match written to the database as the server stores one
/// (beginners: they flub and miss challenges).
async fn store_finished_match(db: &str, id: &str, seed: u64) -> String {
    use onsets_bots::Level;
    let log = onsets_review::botmatch::bot_match_log(
        &[Level::Beginner, Level::Beginner],
        onsets_core::Division::Elementary,
        false,
        seed,
    )
    .unwrap();
    let store = onsets_server::Store::open(db).await.unwrap();
    let spec = json!({"division": "elementary", "adventurous": false,
        "seats": [{"kind": "bot", "level": "beginner"}, {"kind": "bot", "level": "beginner"}],
        "round_minutes": 30, "checking": "judge", "seed": seed, "bot_pace": 0});
    store.create_table(id, 0, &spec.to_string()).await.unwrap();
    let mut lines = log.lines();
    let mut header: Value = serde_json::from_str(lines.next().unwrap()).unwrap();
    header.as_object_mut().unwrap().remove("format");
    store.start(id, &header.to_string()).await.unwrap();
    for (i, a) in lines.enumerate() {
        store.append(id, i as u64, a).await.unwrap();
    }
    store.set_status(id, "over").await.unwrap();
    log
}

/// A mistake puzzle of a match re-derived by the solver: a Flub's safe move
/// is safe and the move played is the class the review said; a missed
/// challenge wins.
fn rederive_mistake(p: &Value) {
    use onsets_solver::analysis::{adjudicate, classify_moves_with, Challenge, Class};
    let pos = Position::from_json(&p["position"].to_string()).expect("a position");
    let a = &p["answer"];
    match p["source"].as_str().unwrap() {
        "flub" => {
            let classes = classify_moves_with(&pos, MoveOptions { bonus: false });
            match a["safe_move"].as_str() {
                Some(safe) => {
                    let c = classes.iter().find(|c| c.mv.to_string() == safe);
                    assert_eq!(c.map(|c| c.class), Some(Class::Safe), "{p}");
                }
                None => assert!(classes.iter().all(|c| c.class != Class::Safe), "{p}"),
            }
            let played = p["played"].as_str().unwrap();
            if let Some(c) = classes.iter().find(|c| c.mv.to_string() == played) {
                assert_eq!(c.class.name(), a["class"], "{p}");
            }
            assert_ne!(a["class"], "safe");
        }
        "missed-challenge" => {
            let kind = a["challenge"].as_str().unwrap();
            let c = if kind == "now" {
                Challenge::Now
            } else {
                Challenge::Impossible
            };
            assert!(adjudicate(&pos, c).challenger_right, "{p}");
            if let Some(w) = a["witness"].as_str() {
                assert!(check(&at(&pos, Situation::Now), w).correct, "{p}");
            }
        }
        s => panic!("unknown source {s}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_matchs_flubs_and_missed_challenges_become_puzzles() {
    for db in databases().await {
        // beginners' matches until one has both kinds of mistake
        let mut seen = std::collections::BTreeSet::new();
        let mut checked = 0;
        for seed in 1..=6u64 {
            let id = format!("mistakes{seed:02}");
            let log = store_finished_match(&db, &id, seed).await;
            let s = Server::start(&db);
            let review = onsets_review::review(&log).unwrap();
            for seat in 0..2usize {
                let path = format!("/api/tables/{id}/mistakes?seat={seat}");
                let (st, v) = get(s.addr, &path).await;
                assert_eq!(st, 200, "{v}");
                assert_eq!(v["edition"], "2026-27");
                let puzzles = v["puzzles"].as_array().unwrap();
                // exactly the review's: every Flub of the seat, every chance it missed
                let flubs = review
                    .moves
                    .iter()
                    .filter(|m| m.player == seat && m.is_flub())
                    .count();
                let missed = review
                    .missed_challenges
                    .iter()
                    .filter(|c| c.players.contains(&seat))
                    .count();
                let of = |src: &str| puzzles.iter().filter(|p| p["source"] == src).count();
                assert_eq!((of("flub"), of("missed-challenge")), (flubs, missed), "{v}");
                for p in puzzles {
                    assert!(p["question"].is_string() && !p["answer"].is_null());
                    rederive_mistake(p);
                    seen.insert(p["source"].as_str().unwrap().to_string());
                    checked += 1;
                }
            }
            // the same route refuses what it cannot answer
            let (st, e) = get(s.addr, &format!("/api/tables/{id}/mistakes?seat=5")).await;
            assert_eq!((st, &e["error"]["field"]), (400, &json!("seat")), "{e}");
            let (st, e) = get(s.addr, &format!("/api/tables/{id}/mistakes")).await;
            assert_eq!((st, &e["error"]["field"]), (400, &json!("seat")), "{e}");
            let (st, _) = get(s.addr, "/api/tables/nothere/mistakes?seat=0").await;
            assert_eq!(st, 404);
            s.stop();
            if seen.len() == 2 {
                break;
            }
        }
        assert_eq!(
            seen.len(),
            2,
            "both Flubs and missed challenges met ({checked} puzzles)"
        );
    }
}

/// The mat of a 1969 review's move `k` (after it) and before it (the play
/// before it in the same round), if the round has one.
fn mats_1969(moves: &[Value], k: usize) -> (Option<Position>, Position) {
    let pos = |v: &Value| Position::from_json(&v.to_string()).expect("a 1969 position");
    let after = pos(&moves[k]["position_after"]);
    let before = k
        .checked_sub(1)
        .filter(|&j| moves[j]["round"] == moves[k]["round"])
        .map(|j| pos(&moves[j]["position_after"]));
    (before, after)
}

/// Which claim the play from `before` to `after` breaks, by the solver's
/// claims (`onsets_solver::claims`, called directly, not through the review):
/// P when no Solution can be built any more (M69 3.5 P); A when a Solution
/// uses at most one more cube and another play from `before` would have
/// allowed none while keeping one possible (3.5 A, 3.7 comment 3).
fn solver_flub_1969(before: &Position, after: &Position) -> Option<&'static str> {
    use onsets_solver::claims::{apply_play, mat_key, plays, solution_any, solution_one_more};
    if solution_any(after).is_none() {
        return Some("p");
    }
    solution_one_more(after)?;
    let played = mat_key(after);
    plays(before)
        .iter()
        .filter_map(|alt| apply_play(before, alt).ok())
        .any(|y| {
            mat_key(&y) != played && solution_one_more(&y).is_none() && solution_any(&y).is_some()
        })
        .then_some("a")
}

/// A 1969 mistake puzzle's claim `claim` about the review's move `k`,
/// derived again by the solver: an A or P claim from the mats before and
/// after the play; a C claim (3.5 C) when an earlier play of the round broke
/// A or P and this player moved on, with the burden's Solution (from A) or
/// none possible (from P) on the mat after it.
fn rederive_1969_claim(moves: &[Value], k: usize, claim: &str, p: &Value) {
    use onsets_solver::claims::{solution_any, solution_one_more};
    let (before, after) = mats_1969(moves, k);
    match claim {
        "a" | "p" => {
            let before = before.expect("a play after another of its round");
            assert_eq!(
                solver_flub_1969(&before, &after),
                Some(claim),
                "{claim}: {p}"
            );
        }
        "c_from_a" | "c_from_p" => {
            let earlier = (1..k)
                .rev()
                .take_while(|&j| moves[j]["round"] == moves[k]["round"])
                .any(|j| {
                    let (b, a) = mats_1969(moves, j);
                    b.is_some_and(|b| solver_flub_1969(&b, &a).is_some())
                });
            assert!(earlier, "an earlier Flub of the round: {p}");
            if claim == "c_from_a" {
                assert!(solution_one_more(&after).is_some(), "{p}");
            } else {
                assert!(solution_any(&after).is_none(), "{p}");
            }
        }
        other => panic!("claim {other} in {p}"),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_1969_games_flubs_and_missed_claims_become_puzzles() {
    let db = databases().await.remove(0);
    let (_, logs) = onsets_bots::manual1969::simulate_1969(
        onsets_core::Form1969::Basic,
        &[false, false],
        4,
        5,
        true,
    )
    .unwrap();
    let store = onsets_server::Store::open(&db).await.unwrap();
    let mut total = 0;
    for (i, lines) in logs.iter().enumerate() {
        let log = lines.join("\n") + "\n";
        let id = format!("m69mistakes{i}");
        onsets_server::store::tables1969::save(&store, &id, "[]", &log)
            .await
            .unwrap();
    }
    let s = Server::start(&db);
    let mut rederived = std::collections::BTreeMap::new();
    for (i, lines) in logs.iter().enumerate() {
        let log = lines.join("\n") + "\n";
        let review = onsets_review::review(&log).unwrap().to_json();
        for seat in 0..2usize {
            let (st, v) = get(
                s.addr,
                &format!("/api/tables/m69mistakes{i}/mistakes?seat={seat}"),
            )
            .await;
            assert_eq!(st, 200, "{v}");
            assert_eq!(v["edition"], "1969");
            let moves = review["moves"].as_array().unwrap();
            for p in v["puzzles"].as_array().unwrap() {
                Position::from_json(&p["position"].to_string()).expect("a 1969 position");
                let k = moves.iter().position(|m| m["line"] == p["line"]).unwrap();
                match p["source"].as_str().unwrap() {
                    "flub" => {
                        assert_eq!(p["answer"]["flub"], moves[k]["flub"]);
                        assert_eq!(moves[k]["player"], seat);
                        // the puzzle's position is the mat before the play
                        assert_eq!(p["position"], moves[k - 1]["position_after"]);
                        let flub = p["answer"]["flub"].as_str().unwrap();
                        rederive_1969_claim(moves, k, flub, p);
                        *rederived.entry(format!("flub {flub}")).or_insert(0) += 1;
                    }
                    _ => {
                        let claims = p["answer"]["claims"].as_array().unwrap();
                        assert!(!claims.is_empty());
                        assert_eq!(p["position"], moves[k]["position_after"]);
                        for c in claims {
                            rederive_1969_claim(moves, k, c.as_str().unwrap(), p);
                            *rederived.entry(format!("missed {c}")).or_insert(0) += 1;
                        }
                    }
                }
                total += 1;
            }
        }
    }
    assert!(total > 0, "careless bots make mistakes");
    // both kinds of Flub met and re-derived (these bots challenge every Flub
    // they see, so their games leave no missed claim: that branch is checked
    // whenever one occurs)
    assert!(
        rederived.contains_key("flub a") && rederived.contains_key("flub p"),
        "{rederived:?}"
    );
}

/// `POST /api/puzzles/{id}/attempt` with the answer's time (`ms`): the
/// dashboard's median time counts it (docs/practice.md, "My weaknesses");
/// an attempt without it counts for attempts and solved only; a time out of
/// bounds is refused naming `ms`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_attempts_time_counts_for_the_dashboards_median() {
    for db in databases().await {
        let s = Server::start(&db);
        let (st, r) = post(s.addr, "/api/puzzles/players", json!({})).await;
        assert_eq!(st, 201, "{r}");
        let player = r["player"].as_str().unwrap().to_string();
        let pool = onsets_server::puzzles::pool();
        let goals: Vec<&Puzzle> = pool
            .iter()
            .filter(|p| p.kind == Kind::Goal)
            .take(2)
            .collect();
        let path = |p: &Puzzle| format!("/api/puzzles/{}/attempt", p.id);
        let body = json!({"player": player, "answer": wrong(goals[0]), "ms": 4_200});
        let (st, r) = post(s.addr, &path(goals[0]), body).await;
        assert_eq!((st, &r["correct"]), (200, &json!(false)), "{r}");
        // without a time: counted, not timed
        let body = json!({"player": player, "answer": wrong(goals[1])});
        let (st, r) = post(s.addr, &path(goals[1]), body).await;
        assert_eq!(st, 200, "{r}");
        for ms in [50, 600_001] {
            let body = json!({"player": player, "answer": wrong(goals[1]), "ms": ms});
            let (st, e) = post(s.addr, &path(goals[1]), body).await;
            assert_eq!((st, &e["error"]["field"]), (400, &json!("ms")), "{ms}: {e}");
        }
        let (st, d) = get(
            s.addr,
            &format!("/api/puzzles/dashboard?player={player}&days=1"),
        )
        .await;
        assert_eq!(st, 200, "{d}");
        let g = d["themes"]
            .as_array()
            .unwrap()
            .iter()
            .find(|l| l["theme"] == "goal-setting")
            .cloned()
            .expect("the Goals' theme");
        assert_eq!(
            (g["attempts"].as_i64(), g["solved"].as_i64()),
            (Some(2), Some(0)),
            "{d}"
        );
        assert_eq!(g["median_ms"], 4_200, "{d}");
        s.stop();
    }
}

/// The mistake puzzles answered (`POST /api/tables/{id}/mistakes/answer`):
/// judged against the review, stored under the theme `mistakes` and shown
/// in the dashboard with a rating and a median time (docs/practice.md, "My
/// mistakes").
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn mistake_puzzles_are_answered_and_counted_in_the_dashboard() {
    let db = databases().await.remove(0);
    let player = "mistakes-player-01";
    for seed in 1..=6u64 {
        let id = format!("answered{seed:02}");
        store_finished_match(&db, &id, seed).await;
        let s = Server::start(&db);
        // a seat with a missed challenge and a Flub
        let mut found = None;
        for seat in 0..2usize {
            let (_, v) = get(s.addr, &format!("/api/tables/{id}/mistakes?seat={seat}")).await;
            let ps = v["puzzles"].as_array().unwrap().clone();
            let missed = ps
                .iter()
                .find(|p| p["source"] == "missed-challenge")
                .cloned();
            let flub = ps.iter().find(|p| p["source"] == "flub").cloned();
            if let (Some(m), Some(f)) = (missed, flub) {
                found = Some((seat, m, f));
                break;
            }
        }
        let Some((seat, missed, flub)) = found else {
            s.stop();
            continue;
        };
        let path = format!("/api/tables/{id}/mistakes/answer");
        let right = missed["answer"]["challenge"].as_str().unwrap();
        let body = json!({"player": player, "seat": seat, "puzzle": missed["id"], "answer": right, "ms": 3_000});
        let (st, r) = post(s.addr, &path, body).await;
        assert_eq!((st, &r["correct"]), (200, &json!(true)), "{r}");
        // the move played was the Flub: a wrong answer
        let body = json!({"player": player, "seat": seat, "puzzle": flub["id"], "answer": flub["played"], "ms": 9_000});
        let (st, r) = post(s.addr, &path, body).await;
        assert_eq!((st, &r["correct"]), (200, &json!(false)), "{r}");
        for (body, status, field) in [
            (
                json!({"player": player, "seat": seat, "puzzle": missed["id"], "answer": "maybe", "ms": 3_000}),
                400,
                "answer",
            ),
            (
                json!({"player": player, "seat": seat, "puzzle": "flub-0", "answer": "now", "ms": 3_000}),
                404,
                "puzzle",
            ),
            (
                json!({"player": player, "seat": 9, "puzzle": missed["id"], "answer": "now", "ms": 3_000}),
                400,
                "seat",
            ),
            (
                json!({"player": player, "seat": seat, "puzzle": missed["id"], "answer": "now", "ms": 5}),
                400,
                "ms",
            ),
        ] {
            let (st, e) = post(s.addr, &path, body.clone()).await;
            assert_eq!(
                (st, &e["error"]["field"]),
                (status, &json!(field)),
                "{body}: {e}"
            );
        }
        let (st, d) = get(
            s.addr,
            &format!("/api/puzzles/dashboard?player={player}&days=1"),
        )
        .await;
        assert_eq!(st, 200, "{d}");
        let line = d["themes"]
            .as_array()
            .unwrap()
            .iter()
            .find(|l| l["theme"] == "mistakes")
            .cloned()
            .expect("the theme `mistakes`");
        assert_eq!(
            (line["attempts"].as_i64(), line["solved"].as_i64()),
            (Some(2), Some(1)),
            "{d}"
        );
        // 1500 + 400 × (1 − 1) / 2; the lower middle of 3 s and 9 s
        assert_eq!(
            (line["rating"].as_i64(), line["median_ms"].as_i64()),
            (Some(1500), Some(3_000)),
            "{d}"
        );
        s.stop();
        return;
    }
    panic!("no beginners' match with both a Flub and a missed challenge for one seat");
}

/// A beginners' match under `edition`, played to its end as
/// `onsets_review::botmatch::bot_match_log` plays one (which deals 2026-27
/// only), and its log.
fn bot_match_log_in(edition: onsets_core::Edition, seed: u64) -> String {
    use onsets_bots::{Bot, Driver, Level, Pace, Step};
    use onsets_engine::{Act, Action, Header, Match, MatchConfig, Phase, FORMAT};
    let mut config = MatchConfig::new(
        seed,
        &["beginner0", "beginner1"],
        onsets_core::Division::Elementary,
        false,
    );
    config.edition = edition;
    let header = Header {
        format: FORMAT.to_string(),
        config: config.clone(),
    };
    let mut log = serde_json::to_string(&header).unwrap() + "\n";
    let (mut m, _) = Match::new(config).unwrap();
    let bots = (0..2)
        .map(|i| {
            Some(Bot::new(
                Level::Beginner,
                i,
                seed.wrapping_mul(31) + i as u64,
            ))
        })
        .collect();
    let mut driver = Driver::new(bots, Pace::AS_CHOSEN);
    let mut steps = 0;
    while *m.phase() != Phase::Over {
        steps += 1;
        assert!(steps < 100_000, "the match with seed {seed} does not end");
        driver.think(&m, m.now_ms());
        let next = driver.due(&m, u64::MAX).expect("somebody can act");
        let at_ms = next.at_ms.max(m.now_ms());
        let act = match next.step {
            Step::Clock => Act::Clock,
            Step::Act { decision, .. } => decision.act,
        };
        let action = match m.apply(Action {
            at_ms,
            act: act.clone(),
        }) {
            Ok((n, _)) => {
                m = n;
                Action { at_ms, act }
            }
            Err(_) => {
                let to = m
                    .next_deadline()
                    .unwrap_or(m.now_ms() + 1000)
                    .max(m.now_ms());
                let clock = Action {
                    at_ms: to,
                    act: Act::Clock,
                };
                m = m.apply(clock.clone()).unwrap().0;
                clock
            }
        };
        if action.act == Act::Clock {
            driver.clock_applied(&m, action.at_ms, action.at_ms);
        }
        log.push_str(&serde_json::to_string(&action).unwrap());
        log.push('\n');
    }
    log
}

/// A Flub puzzle's answer is the review's one safe move: the same function
/// (`classify_moves_with`, the first safe move, as `onsets-review` names
/// its `best_alternative`) on the puzzle's own position gives the stored
/// answer, over several reviewed beginners' matches of 2026-27 and of
/// 2019-20 (docs/practice.md, "My mistakes").
#[test]
fn a_flubs_answer_is_the_reviews_safe_move_in_the_same_position() {
    use onsets_server::practice::mistakes;
    use onsets_solver::analysis::{classify_moves_with, Class};
    for edition in [
        onsets_core::Edition::Tournament2026,
        onsets_core::Edition::Mlag2019,
    ] {
        let mut compared = 0;
        for seed in 1..=3u64 {
            let log = bot_match_log_in(edition, seed);
            let review = onsets_review::review(&log).unwrap().to_json();
            let befores = mistakes::befores(&log);
            for seat in 0..2 {
                for p in mistakes::puzzles(&review, seat, &befores) {
                    if p["source"] != "flub" {
                        continue;
                    }
                    let pos = Position::from_json(&p["position"].to_string()).expect("a position");
                    assert_eq!(pos.edition(), edition);
                    let first_safe = classify_moves_with(&pos, MoveOptions { bonus: false })
                        .into_iter()
                        .find(|c| c.class == Class::Safe)
                        .map(|c| c.mv.to_string());
                    assert_eq!(json!(first_safe), p["answer"]["safe_move"], "{p}");
                    // and the review's move at that line names it too
                    let m = review["moves"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .find(|m| m["line"] == p["line"])
                        .expect("the review's move");
                    assert_eq!(m["best_alternative"], p["answer"]["safe_move"], "{p}");
                    compared += 1;
                }
            }
        }
        assert!(
            compared >= 3,
            "{}: {compared} Flubs compared",
            edition.name()
        );
    }
}

/// A 1969 game (Basic, two careless bots, seeded) in which seat `blind`
/// once does not make the Flub claim its bot would make after a move (it
/// plays its first cube to Forbidden instead): the review flags the missed claim. `None` when the
/// game gave no such chance.
fn m69_game_with_a_missed_claim(seed: u64, blind: usize) -> Option<String> {
    use onsets_bots::manual1969::{next_act, Bot1969};
    use onsets_engine::manual1969::{
        Act1969, Action1969, Claim, DefaultClaims, Game, Header1969, Phase1969, Settings1969,
    };
    use onsets_engine::{Family, Place};
    let names = ["Bot1".to_string(), "Bot2".to_string()];
    let header = Header1969::new(
        seed,
        &names,
        onsets_core::Form1969::Basic,
        Settings1969::default(),
    );
    let (mut g, _) = Game::new(header).ok()?;
    let bots = [Bot1969::careless(0, seed), Bot1969::careless(1, seed)];
    let mut claims = DefaultClaims::new();
    let mut missed = false;
    let mut t = 0;
    for _ in 0..20_000 {
        if g.is_over() {
            break;
        }
        let mut act = next_act(&g, &bots, &mut claims)?;
        if let (
            false,
            Act1969::Challenge { player, claim },
            Phase1969::Moves { turn, bonus: None },
        ) = (missed, &act, g.phase())
        {
            // after a move (the Goal play's alternatives are Goals, which
            // the solver's claims do not list)
            let after_a_move = g.plays().last().is_some_and(|r| !r.goal_play);
            if *player == blind
                && *turn == blind
                && after_a_move
                && matches!(claim, Claim::A | Claim::P | Claim::CFromA | Claim::CFromP)
            {
                // the first cube of Resources to Forbidden, as a player
                // who did not see the Flub might
                let cube = g
                    .cubes()
                    .iter()
                    .find(|c| c.place == Place::Resources && c.family != Family::Digit)?;
                act = Act1969::Move {
                    player: blind,
                    cube: cube.id,
                    to: Place::Forbidden,
                    bonus: false,
                };
                missed = true;
            }
        }
        t += 1000;
        g = g
            .apply_with(Action1969 { at_ms: t, act }, &mut claims)
            .ok()?
            .0;
    }
    (missed && g.is_over()).then(|| g.log_lines().join("\n") + "\n")
}

/// A missed claim in a 1969 game becomes the seat's personal puzzle whose
/// answer is exactly the review's claims, each re-derived by the solver's
/// claims (`onsets_solver::claims`, not through the review), and answered
/// through the answer route (docs/practice.md, "My mistakes").
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_missed_1969_claim_becomes_a_puzzle_answered_as_the_review_judged() {
    let db = databases().await.remove(0);
    let store = onsets_server::Store::open(&db).await.unwrap();
    let mut games = Vec::new();
    for seed in 1..=30u64 {
        for blind in 0..2 {
            let Some(log) = m69_game_with_a_missed_claim(seed, blind) else {
                continue;
            };
            let review = onsets_review::review(&log).unwrap().to_json();
            let flagged = review["missed_challenges"]
                .as_array()
                .unwrap()
                .iter()
                .any(|c| c["players"].as_array().unwrap().contains(&json!(blind)));
            if flagged {
                let id = format!("m69missed{seed}x{blind}");
                onsets_server::store::tables1969::save(&store, &id, "[]", &log)
                    .await
                    .unwrap();
                games.push((id, blind, review));
            }
        }
        if games.len() >= 2 {
            break;
        }
    }
    assert!(!games.is_empty(), "a scripted game with a missed claim");
    let s = Server::start(&db);
    let mut rederived = 0;
    for (id, seat, review) in &games {
        let (st, v) = get(s.addr, &format!("/api/tables/{id}/mistakes?seat={seat}")).await;
        assert_eq!(st, 200, "{v}");
        let moves = review["moves"].as_array().unwrap();
        let missed: Vec<&Value> = review["missed_challenges"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|c| c["players"].as_array().unwrap().contains(&json!(seat)))
            .collect();
        let puzzles: Vec<&Value> = v["puzzles"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|p| p["source"] == "missed-challenge")
            .collect();
        assert_eq!(puzzles.len(), missed.len(), "{v}");
        for (p, c) in puzzles.iter().zip(&missed) {
            assert_eq!(p["kind"], "claim");
            // exactly the review's answer
            assert_eq!(p["answer"]["claims"], c["claims"], "{p}");
            let k = c["after_move"].as_u64().unwrap() as usize;
            assert_eq!(p["position"], moves[k]["position_after"]);
            let claims = p["answer"]["claims"].as_array().unwrap();
            assert!(!claims.is_empty(), "{p}");
            for claim in claims {
                rederive_1969_claim(moves, k, claim.as_str().unwrap(), p);
                rederived += 1;
            }
            // answered as the review judged it: one of its claims is right,
            // `none` is wrong
            let body = |answer: &str| {
                json!({"player": PLAYER, "seat": seat, "puzzle": p["id"],
                    "answer": answer, "ms": 4000})
            };
            let path = format!("/api/tables/{id}/mistakes/answer");
            let (st, a) = post(s.addr, &path, body(claims[0].as_str().unwrap())).await;
            assert_eq!((st, &a["correct"]), (200, &json!(true)), "{a}");
            let (st, a) = post(s.addr, &path, body("none")).await;
            assert_eq!((st, &a["correct"]), (200, &json!(false)), "{a}");
        }
    }
    assert!(rederived > 0);
}

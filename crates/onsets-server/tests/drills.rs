//! Variation drills on a real server (docs/practice.md, "Variation drills";
//! docs/protocol.md): the puzzles come only from positions where the forced
//! variation changes the solver's answer (each re-derived here), they are
//! answered through the puzzles' attempt route, and a wrong request is
//! refused naming its field.

mod common;

use common::{databases, http, Server};
use onsets_puzzles::drills::{proved_answer, without};
use onsets_puzzles::{Kind, Puzzle};
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const PLAYER: &str = "drill-player-0001";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn drilled_puzzles_matter_and_are_answered_through_the_attempt_route() {
    for db in databases().await {
        let s = Server::start(&db);
        let path = "/api/puzzles/drill?variations=universe-empty-interchangeable&kind=challenge&seed=3&count=2";
        let (st, v) = http(s.addr, "GET", path, None).await;
        assert_eq!(st, 200, "{v}");
        assert_eq!(
            v["variations"][0]["keyword"],
            "universe-empty-interchangeable"
        );
        assert_eq!(v["variations"][0]["section"], "XIII-A-4");
        let list = v["puzzles"].as_array().expect("puzzles").clone();
        assert_eq!(list.len(), 2);
        // the same drill as the library's, answers held back
        let same = onsets_puzzles::drills::drill(
            &["universe-empty-interchangeable"],
            Kind::Challenge,
            3,
            2,
        )
        .expect("the library's drill");
        for (q, p) in list.iter().zip(&same) {
            assert_eq!(q["id"], p.id.as_str());
            assert!(q["answer"].is_null() && q["explanation"].is_null(), "{q}");
            rederive(p);
            // answered through the existing attempt route, judged by the server
            let (st, a) = http(
                s.addr,
                "POST",
                &format!("/api/puzzles/{}/attempt", p.id),
                Some(json!({"player": PLAYER, "answer": p.answer.as_str().unwrap()})),
            )
            .await;
            assert_eq!(st, 200, "{a}");
            assert_eq!(a["correct"], true, "{a}");
            assert_eq!(a["answer"], p.answer);
            let wrong = ["now", "impossible", "neither"]
                .into_iter()
                .find(|w| *w != p.answer.as_str().unwrap())
                .unwrap();
            let (_, a) = http(
                s.addr,
                "POST",
                &format!("/api/puzzles/{}/attempt", p.id),
                Some(json!({"player": PLAYER, "answer": wrong})),
            )
            .await;
            assert_eq!(a["correct"], false, "{a}");
        }
    }
}

/// The forced variation changes the solver's answer; the stored answer is
/// the solver's.
fn rederive(p: &Puzzle) {
    let position = p.position().expect("position");
    let with = proved_answer(p.kind, &position);
    let bare = without(&position).expect("without");
    assert_ne!(with, proved_answer(p.kind, &bare), "{}", p.id);
    assert_eq!(p.answer, with, "{}", p.id);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn wrong_requests_name_their_field() {
    let db = databases().await.remove(0);
    let s = Server::start(&db);
    let field = |v: &Value| v["error"]["field"].as_str().unwrap_or("").to_string();
    for (query, want) in [
        ("variations=wild-cubes", "variations"),
        ("", "variations"),
        ("variations=two-operations&kind=goal", "kind"),
        ("variations=two-operations&kind=riddle", "kind"),
        ("variations=two-operations&count=0", "count"),
        ("variations=two-operations&count=many", "count"),
        ("variations=two-operations&seed=-1", "seed"),
        ("variations=two-operations&edition=1969", "edition"),
        ("variations=shift-from-permitted&kind=solve", "variations"),
    ] {
        let (st, v) = http(s.addr, "GET", &format!("/api/puzzles/drill?{query}"), None).await;
        assert_eq!(st, 400, "{query}: {v}");
        assert_eq!(field(&v), want, "{query}: {v}");
    }
    let (st, v) = http(s.addr, "GET", "/api/puzzles/drill/variations", None).await;
    assert_eq!(st, 200);
    let all = v["variations"].as_array().expect("list");
    assert_eq!(all.len(), 15, "every variation of XIII");
    assert!(all
        .iter()
        .all(|d| d["section"].as_str().unwrap().starts_with("XIII-")));
}

/// A drill asked without a seed is drawn from the pool made ahead once it
/// is filled (the first is made at once); every puzzle of it is still the
/// solver's, the variation proved to matter, and answered through the
/// attempt route.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_drill_without_a_seed_comes_from_the_pool_made_ahead() {
    let db = databases().await.remove(0);
    let s = Server::start(&db);
    let path =
        "/api/puzzles/drill?variations=universe-empty-interchangeable&kind=challenge&count=2";
    let deadline = Instant::now() + Duration::from_secs(300);
    let mut seen = std::collections::HashSet::new();
    loop {
        let (st, v) = http(s.addr, "GET", path, None).await;
        assert_eq!(st, 200, "{v}");
        let list = v["puzzles"].as_array().expect("puzzles").clone();
        assert_eq!(list.len(), 2, "{v}");
        for q in &list {
            let id = q["id"].as_str().expect("id");
            assert!(seen.insert(id.to_string()), "{id} served twice");
            assert!(q["answer"].is_null(), "{q}");
            // the puzzle the id names, made again here, and judged by the server
            let p = onsets_puzzles::drills::recall(id).expect("the id names a drilled puzzle");
            assert_eq!(q, &p.question_only());
            rederive(p);
            let (st, a) = http(
                s.addr,
                "POST",
                &format!("/api/puzzles/{id}/attempt"),
                Some(json!({"player": PLAYER, "answer": p.answer.as_str().unwrap()})),
            )
            .await;
            assert_eq!((st, &a["correct"]), (200, &json!(true)), "{a}");
        }
        if v["pooled"] == 2 {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the pool made ahead never served a drill"
        );
        // the pool is refilled by its own thread: ask again when it has had time
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
}

/// A server process over `db`, asked for by [`drill_instance`].
struct Instance(Child, SocketAddr);

impl Drop for Instance {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

impl Instance {
    /// Starts this test binary as a server on a free port over `db` and
    /// waits until it answers.
    async fn start(db: &str) -> Instance {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let child = Command::new(std::env::current_exe().unwrap())
            .args(["--exact", "drill_instance", "--ignored", "--nocapture"])
            .env("ONSETS_DRILLS_ADDR", format!("127.0.0.1:{port}"))
            .env("ONSETS_DRILLS_DB", db)
            .stdout(Stdio::null())
            .spawn()
            .unwrap();
        let addr: SocketAddr = format!("127.0.0.1:{port}").parse().unwrap();
        let deadline = Instant::now() + Duration::from_secs(60);
        while tokio::net::TcpStream::connect(addr).await.is_err() {
            assert!(Instant::now() < deadline, "{addr} never listened");
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        Instance(child, addr)
    }
}

/// A server in a process of its own, for the restart test. Does nothing
/// when not asked.
#[test]
#[ignore = "a server for the restart test, started by it"]
fn drill_instance() {
    common::serve_if_asked("ONSETS_DRILLS_ADDR", "ONSETS_DRILLS_DB");
}

/// A drilled puzzle is answered after the server that made it has stopped
/// (killed) and another process has started over the same database: its id
/// names what makes it again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_drilled_puzzle_is_answered_after_a_restart() {
    for db in databases().await {
        let first = Instance::start(&db).await;
        let path =
            "/api/puzzles/drill?variations=multiple-operations&kind=challenge&seed=5&count=2";
        let (st, v) = http(first.1, "GET", path, None).await;
        assert_eq!(st, 200, "{v}");
        let ids: Vec<String> = v["puzzles"]
            .as_array()
            .expect("puzzles")
            .iter()
            .map(|q| q["id"].as_str().unwrap().to_string())
            .collect();
        drop(first); // SIGKILL: its memory is gone
        let again = Instance::start(&db).await;
        for id in &ids {
            let p = onsets_puzzles::drills::recall(id).expect("made again");
            let (st, shown) = http(again.1, "GET", &format!("/api/puzzles/{id}"), None).await;
            assert_eq!(st, 200, "{id} after the restart: {shown}");
            let (st, a) = http(
                again.1,
                "POST",
                &format!("/api/puzzles/{id}/attempt"),
                Some(json!({"player": PLAYER, "answer": p.answer.as_str().unwrap()})),
            )
            .await;
            assert_eq!(st, 200, "{id} after the restart: {a}");
            assert_eq!(a["correct"], true, "{a}");
            assert_eq!(a["answer"], p.answer);
        }
    }
}

/// The time of a Senior drill asked without a seed, made at once and then
/// drawn from the pool made ahead (docs/performance.md, "Variation drills"):
/// `cargo test -p onsets-server --test drills senior_drill_served_times --
/// --ignored --nocapture`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "a measurement, run by hand"]
async fn senior_drill_served_times() {
    let db = databases().await.remove(0);
    let s = Server::start(&db);
    for kind in ["challenge", "solve"] {
        let path =
            format!("/api/puzzles/drill?variations=symmetric-difference&kind={kind}&count=5");
        let mut times = Vec::new();
        let deadline = Instant::now() + Duration::from_secs(900);
        loop {
            let t = Instant::now();
            let (st, v) = http(s.addr, "GET", &path, None).await;
            let ms = t.elapsed().as_secs_f64() * 1000.0;
            assert_eq!(st, 200, "{v}");
            times.push((v["pooled"].as_u64().unwrap(), ms));
            if v["pooled"] == 5 || Instant::now() > deadline {
                break;
            }
            tokio::time::sleep(Duration::from_secs(5)).await;
        }
        for (pooled, ms) in &times {
            eprintln!("symmetric-difference {kind} count 5: {pooled} pooled, {ms:.1} ms");
        }
    }
}

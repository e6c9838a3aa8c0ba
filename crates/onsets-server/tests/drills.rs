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

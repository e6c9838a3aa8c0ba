//! The 1969 manual's games on a real server
//! (docs/manual-1969.md): the list, a solitaire game replayed act by act to
//! its end, an introductory game, the puzzles, and every error a typed code.

mod common;

use common::{databases, http, Server};
use serde_json::{json, Value};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn manual_games_list_play_and_errors() {
    let db = databases().await.remove(0);
    let s = Server::start(&db);

    let (st, games) = http(s.addr, "GET", "/api/manual/games", None).await;
    assert_eq!(st, 200, "{games}");
    assert_eq!(games["intro"].as_array().unwrap().len(), 28);
    assert_eq!(games["solitaire"].as_array().unwrap().len(), 3);
    assert_eq!(games["intro"][27]["title"], "INK SETS");

    // GO-THROUGH played to its end by giving up: a loss, the score the cards turned down.
    let (st, r) = http(
        s.addr,
        "POST",
        "/api/manual/play",
        Some(json!({"game": "go-through", "seed": 4, "acts": []})),
    )
    .await;
    assert_eq!(st, 200, "{r}");
    assert_eq!(r["state"]["kind"], "solitaire");
    assert_eq!(r["state"]["table"].as_array().unwrap().len(), 6);
    let (st, r) = http(
        s.addr,
        "POST",
        "/api/manual/play",
        Some(json!({"game": "go-through", "seed": 4, "acts": [{"type": "give-up"}]})),
    )
    .await;
    assert_eq!(st, 200, "{r}");
    assert_eq!(r["state"]["status"], "lost");
    assert!(r["state"]["answer"].as_str().unwrap().len() > 5);

    // ONE: a wrong Set-Name is an attempt, not an error; a cube not thrown is a 422 naming the act.
    let (_, r) = http(
        s.addr,
        "POST",
        "/api/manual/play",
        Some(json!({"game": "one", "seed": 3})),
    )
    .await;
    let throw: Vec<String> = r["state"]["throw"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap().to_string())
        .collect();
    let color = throw
        .iter()
        .find(|c| ["R", "B", "G", "O"].contains(&c.as_str()))
        .unwrap()
        .clone();
    let (st, r) = http(
        s.addr,
        "POST",
        "/api/manual/play",
        Some(json!({"game": "one", "seed": 3, "acts": [{"type": "name", "text": color}]})),
    )
    .await;
    assert_eq!(st, 200, "{r}");
    assert_eq!(r["state"]["last"]["correct"], false);
    let missing = ["R", "B", "G", "O"]
        .into_iter()
        .find(|c| !throw.iter().any(|t| t == c));
    if let Some(m) = missing {
        let (st, e) = http(
            s.addr,
            "POST",
            "/api/manual/play",
            Some(json!({"game": "one", "seed": 3, "acts": [{"type": "name", "text": m}]})),
        )
        .await;
        assert_eq!(st, 422, "{e}");
        assert_eq!(e["error"]["code"], "illegal-act");
        assert_eq!(e["error"]["field"], "acts[0]");
    }

    intro_game_the_student_finds_the_cards(s.addr).await;

    // Errors, each a typed code.
    let cases: Vec<(Value, u16, &str)> = vec![
        (json!({"game": "chess"}), 404, "no-such-game"),
        (
            json!({"game": "one", "acts": [{"type": "fly"}]}),
            400,
            "bad-field",
        ),
        (
            json!({"game": "one", "acts": [{"type": "name", "text": "B".repeat(1001)}]}),
            400,
            "too-long",
        ),
        (
            json!({"game": "cube-fish", "players": 99}),
            400,
            "bad-field",
        ),
        (json!({"nonsense": 1}), 400, "bad-request"),
        (
            json!({"game": "cube-fish", "acts": [{"type": "pass"}]}),
            422,
            "illegal-act",
        ),
    ];
    for (body, status, code) in cases {
        let (st, e) = http(s.addr, "POST", "/api/manual/play", Some(body.clone())).await;
        assert_eq!(st, status, "{body} → {e}");
        assert_eq!(e["error"]["code"], code, "{body} → {e}");
    }

    let (st, p) = http(s.addr, "GET", "/api/manual/puzzles", None).await;
    assert_eq!(st, 200);
    let items = p["items"].as_array().unwrap();
    assert!(items.len() >= 20);
    assert!(items.iter().all(|i| i["ok"] == true), "{p}");
}

/// CUBE FISH's first throw: the state lists the naming, never its cards;
/// the student's cards are judged (M69 8.1-A).
async fn intro_game_the_student_finds_the_cards(addr: std::net::SocketAddr) {
    // An introductory game: CUBE FISH's first throw named.
    let (st, r) = http(
        addr,
        "POST",
        "/api/manual/play",
        Some(json!({"game": "cube-fish", "seed": 1, "players": 3})),
    )
    .await;
    assert_eq!(st, 200, "{r}");
    let color = r["state"]["throw"][0].as_str().unwrap().to_string();
    // The state lists the namings, never the cards they fish out: the
    // student picks them and the server judges (docs/manual-1969.md).
    assert!(r["state"]["options"]
        .as_array()
        .unwrap()
        .iter()
        .all(|o| o.as_str() == Some(color.as_str())));
    let fished: Vec<String> = r["state"]["tables"][0]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|c| c.as_str())
        .filter(|c| c.contains(color.as_str()))
        .map(str::to_string)
        .collect();
    let answer = if fished.is_empty() {
        "none".to_string()
    } else {
        fished.join(" ")
    };
    // Without the cards the act is refused, naming the field.
    let (st, r1) = http(
        addr,
        "POST",
        "/api/manual/play",
        Some(json!({"game": "cube-fish", "seed": 1, "players": 3, "acts": [{"type": "name", "text": color}]})),
    )
    .await;
    assert_eq!(st, 422, "{r1}");
    assert!(r1.to_string().contains("field `cards`"), "{r1}");
    let (st, r2) = http(
        addr,
        "POST",
        "/api/manual/play",
        Some(json!({"game": "cube-fish", "seed": 1, "players": 3, "acts": [{"type": "name", "text": color, "cards": [answer]}]})),
    )
    .await;
    assert_eq!(st, 200, "{r2}");
    assert_eq!(r2["state"]["turn"], 2);
    assert_eq!(r2["state"]["last"]["correct"], true);
    // The alternate scoring is a FISH game's only.
    let (st, r3) = http(
        addr,
        "POST",
        "/api/manual/play",
        Some(json!({"game": "out-cube", "first_to_31": true})),
    )
    .await;
    assert_eq!(st, 400, "{r3}");
    assert!(r3.to_string().contains("first_to_31"), "{r3}");
}

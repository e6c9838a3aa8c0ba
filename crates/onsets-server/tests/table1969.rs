//! 1969 tables over the HTTP alias `/api/tables1969` (docs/protocol.md, "1969 tables"): made, seen, played to the end by a
//! person and two bots; the seat comes from the token.

mod common;
use common::person1969;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use http_body_util::BodyExt;
use onsets_server::{app, Lobby, Store};
use serde_json::{json, Value};
use tower::ServiceExt;

async fn call(lobby: &Lobby, method: &str, uri: &str, body: Value) -> (StatusCode, Value) {
    let req = Request::builder()
        .method(method)
        .uri(uri)
        .header("content-type", "application/json")
        .body(Body::from(if body.is_null() {
            String::new()
        } else {
            body.to_string()
        }))
        .unwrap();
    let resp = app(lobby.clone()).oneshot(req).await.unwrap();
    let status = resp.status();
    let bytes = resp.into_body().collect().await.unwrap().to_bytes();
    (
        status,
        serde_json::from_slice(&bytes).unwrap_or(Value::Null),
    )
}

#[tokio::test]
async fn m69_a_1969_table_is_made_and_played_to_the_end_with_two_bots() {
    let lobby = Lobby::open(Store::memory().await.unwrap()).await.unwrap();
    let (s, made) = call(
        &lobby,
        "POST",
        "/api/tables1969",
        json!({"form":"basic","seed":7,"challenge_window_ms":0,"seats":[{"kind":"human"},{"kind":"bot","level":"expert"},{"kind":"bot","level":"club"}]}),
    )
    .await;
    assert_eq!(s, StatusCode::CREATED, "{made}");
    let id = made["id"].as_str().unwrap().to_string();
    assert_eq!(made["link"], format!("/t69/{id}"));
    assert_eq!(made["state"]["edition"], "1969");
    assert_eq!(made["state"]["form"], "basic");
    let token = made["tokens"][0].as_str().unwrap().to_string();
    assert!(made["tokens"][1].is_null());
    let (s, mut state) = call(&lobby, "GET", &format!("/api/tables1969/{id}"), Value::Null).await;
    assert_eq!(s, StatusCode::OK);
    // The bots have acted: the game waits for the person (or is over).
    assert!(
        state["awaiting"][0] == true || state["over"] == true,
        "{state}"
    );

    // A wrong token holds no seat.
    let (s, _) = call(
        &lobby,
        "POST",
        &format!("/api/tables1969/{id}/act"),
        json!({"token":"nope","act":{"type":"clock"}}),
    )
    .await;
    assert_eq!(s, StatusCode::FORBIDDEN);

    let mut steps = 0;
    while state["over"] != true {
        steps += 1;
        assert!(steps < 200, "the game did not end: {state}");
        let act = person1969(&state, 0)
            .unwrap_or_else(|| panic!("the person has nothing to do: {state}"));
        let (s, next) = call(
            &lobby,
            "POST",
            &format!("/api/tables1969/{id}/act"),
            json!({"token": token, "act": act}),
        )
        .await;
        assert_eq!(s, StatusCode::OK, "{act}: {next}");
        state = next;
    }
    assert_eq!(
        state["history"].as_array().unwrap().len(),
        3,
        "one play per player"
    );
    assert_eq!(state["totals"].as_array().unwrap().len(), 3);

    // A refused act names the code and the rule.
    let (s, e) = call(
        &lobby,
        "POST",
        &format!("/api/tables1969/{id}/act"),
        json!({"token": token, "act": {"type":"assert"}}),
    )
    .await;
    assert_eq!(s, StatusCode::CONFLICT);
    assert_eq!(e["error"]["code"], "match-over");

    let (s, _) = call(&lobby, "GET", "/api/tables1969/nosuch", Value::Null).await;
    assert_eq!(s, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn m69_a_1969_table_refuses_one_seat_and_an_unknown_form() {
    let lobby = Lobby::open(Store::memory().await.unwrap()).await.unwrap();
    let (s, e) = call(
        &lobby,
        "POST",
        "/api/tables1969",
        json!({"seats":[{"kind":"human"}]}),
    )
    .await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert_eq!(e["error"]["field"], "seats");
    let (s, e) = call(
        &lobby,
        "POST",
        "/api/tables1969",
        json!({"form":"expert","seats":[{"kind":"human"},{"kind":"human"}]}),
    )
    .await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert_eq!(e["error"]["field"], "form");
}

/// 3.9 B: each writes "independently": while anyone is still to write, the
/// state shows who wrote, never what.
#[tokio::test]
async fn m69_solutions_are_hidden_until_every_writer_is_done() {
    let lobby = Lobby::open(Store::memory().await.unwrap()).await.unwrap();
    // Three people (hot seat): nobody acts for anybody else.
    let (s, made) = call(
        &lobby,
        "POST",
        "/api/tables1969",
        json!({"seed":3,"seats":[{"kind":"human"},{"kind":"human"},{"kind":"human"}]}),
    )
    .await;
    assert_eq!(s, StatusCode::CREATED, "{made}");
    let id = made["id"].as_str().unwrap().to_string();
    let tokens: Vec<String> = made["tokens"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_str().unwrap().to_string())
        .collect();
    let mut state = made["state"].clone();
    let act = |state: &Value, seat: usize, act: Value| {
        let _ = state;
        json!({"token": tokens[seat], "act": act})
    };
    let send = |body: Value| {
        let lobby = lobby.clone();
        let id = id.clone();
        async move { call(&lobby, "POST", &format!("/api/tables1969/{id}/act"), body).await }
    };
    let dealer = state["dealer"].as_u64().unwrap() as usize;
    let shaker = state["shaker"].as_u64().unwrap() as usize;
    let (s, _) = send(act(&state, dealer, json!({"type":"deal","count":6}))).await;
    assert_eq!(s, StatusCode::OK);
    let (s, _) = send(act(&state, shaker, json!({"type":"roll"}))).await;
    assert_eq!(s, StatusCode::OK);
    (_, state) = send(act(&state, shaker, json!({"type":"set_goal","goal":"1"}))).await;
    let next = (shaker + 1) % 3;
    (_, state) = send(act(&state, next, json!({"type":"assert"}))).await;
    assert_eq!(state["phase"]["phase"], "assertion", "{state}");
    (_, state) = send(act(
        &state,
        next,
        json!({"type":"write","solution":"R ∪ B"}),
    ))
    .await;
    let pen = &state["phase"]["pens"][next];
    assert_eq!(pen, &json!({"state":"wrote"}), "{state}");
    assert!(!state.to_string().contains("R ∪ B"), "{state}");
    for p in 0..3 {
        if p != next {
            (_, state) = send(act(&state, p, json!({"type":"decline"}))).await;
        }
    }
    // Scored: now everyone sees it.
    assert!(state["events"].to_string().contains("R ∪ B"), "{state}");
}

/// 3.6 "whether or not it is your turn": after a bot's play a person may
/// still challenge, so the bots wait for the window (or the person's "pass").
#[tokio::test]
async fn m69_bots_wait_for_a_person_who_may_challenge() {
    let lobby = Lobby::open(Store::memory().await.unwrap()).await.unwrap();
    let (s, made) = call(
        &lobby,
        "POST",
        "/api/tables1969",
        json!({"seed":7,"challenge_window_ms":30000,"seats":[{"kind":"human"},{"kind":"bot","level":"expert"},{"kind":"bot","level":"expert"}]}),
    )
    .await;
    assert_eq!(s, StatusCode::CREATED, "{made}");
    let id = made["id"].as_str().unwrap().to_string();
    let token = made["tokens"][0].as_str().unwrap().to_string();
    let mut state = made["state"].clone();
    // Play until a bot's play waits for the person.
    for _ in 0..100 {
        if state["bots_waiting"] == true || state["over"] == true {
            break;
        }
        let act = person1969(&state, 0).expect("the person decides while no bot waits");
        let (s, next) = call(
            &lobby,
            "POST",
            &format!("/api/tables1969/{id}/act"),
            json!({"token": token, "act": act}),
        )
        .await;
        assert_eq!(s, StatusCode::OK, "{next}");
        state = next;
    }
    assert_eq!(state["bots_waiting"], true, "{state}");
    let plays = state["plays"].as_array().unwrap().len();
    // A poll does not move the bots while the window is open.
    let (_, again) = call(&lobby, "GET", &format!("/api/tables1969/{id}"), Value::Null).await;
    assert_eq!(again["plays"].as_array().unwrap().len(), plays);
    // "pass" lets the bots go on.
    let (s, next) = call(
        &lobby,
        "POST",
        &format!("/api/tables1969/{id}/act"),
        json!({"token": token, "act": {"type":"pass"}}),
    )
    .await;
    assert_eq!(s, StatusCode::OK);
    assert!(
        next["plays"].as_array().unwrap().len() > plays
            || next["phase"]["phase"] != "moves"
            || next["play"] != state["play"],
        "{next}"
    );
}

/// The limits of docs/protocol.md ("Limits") hold for 1969 tables too: a client's burst of table
/// creations is refused with 429 `rate-limited` past its budget (the store
/// of 1969 tables drops the oldest, so a flood must not evict others' games).
#[tokio::test]
async fn m69_creating_tables_is_rate_limited_like_every_table() {
    let config = onsets_server::Config {
        create_per_minute: 1,
        create_burst: 2,
        ..onsets_server::Config::default()
    };
    let lobby = onsets_server::Lobby::open_with(Store::memory().await.unwrap(), config)
        .await
        .unwrap();
    let body =
        json!({"form":"basic","seed":3,"seats":[{"kind":"human"},{"kind":"bot","level":"club"}]});
    for _ in 0..2 {
        let (s, made) = call(&lobby, "POST", "/api/tables1969", body.clone()).await;
        assert_eq!(s, StatusCode::CREATED, "{made}");
    }
    let (s, refused) = call(&lobby, "POST", "/api/tables1969", body).await;
    assert_eq!(s, StatusCode::TOO_MANY_REQUESTS, "{refused}");
    assert_eq!(refused["error"]["code"], "rate-limited");
}

/// A 1969 table outlives its server (SQLite and PostgreSQL): a new lobby on
/// the same database lists it at once and finds it by replaying its stored
/// log, with the same mat, scores and log, and the person's token still
/// holds the seat.
#[tokio::test]
async fn m69_a_1969_table_survives_a_restart() {
    for db in common::databases().await {
        let first = Lobby::open(Store::open(&db).await.unwrap()).await.unwrap();
        let (s, made) = call(
            &first,
            "POST",
            "/api/tables1969",
            json!({"form":"basic","seed":11,"challenge_window_ms":0,"seats":[{"kind":"human"},{"kind":"bot","level":"club"}]}),
        )
        .await;
        assert_eq!(s, StatusCode::CREATED, "{made}");
        let id = made["id"].as_str().unwrap().to_string();
        let token = made["tokens"][0].as_str().unwrap().to_string();
        let mut state = made["state"].clone();
        // A few of the person's acts, so the log holds people's and bots' acts.
        for _ in 0..3 {
            let Some(act) = person1969(&state, 0) else {
                break;
            };
            let (s, next) = call(
                &first,
                "POST",
                &format!("/api/tables1969/{id}/act"),
                json!({"token": token, "act": act}),
            )
            .await;
            assert_eq!(s, StatusCode::OK, "{act}: {next}");
            state = next;
        }
        let log_before = raw_log(&first, &id).await;
        drop(first);

        let second = Lobby::open(Store::open(&db).await.unwrap()).await.unwrap();
        // The new lobby lists the table before anyone opens it.
        let (s, list) = call(&second, "GET", "/api/tables", Value::Null).await;
        assert_eq!(s, StatusCode::OK, "{list}");
        assert!(
            list["tables"]
                .as_array()
                .unwrap()
                .iter()
                .any(|t| t["id"] == id.as_str() && t["edition"] == "1969"),
            "the restored 1969 table is listed: {list}"
        );
        let (s, again) = call(
            &second,
            "GET",
            &format!("/api/tables1969/{id}"),
            Value::Null,
        )
        .await;
        assert_eq!(s, StatusCode::OK, "{again}");
        for key in [
            "cubes", "universe", "goal", "totals", "history", "phase", "awaiting",
        ] {
            assert_eq!(again[key], state[key], "{key} after the restart");
        }
        assert_eq!(raw_log(&second, &id).await, log_before);
        if let Some(act) = person1969(&again, 0) {
            let (s, next) = call(
                &second,
                "POST",
                &format!("/api/tables1969/{id}/act"),
                json!({"token": token, "act": act}),
            )
            .await;
            assert_eq!(s, StatusCode::OK, "{act}: {next}");
        }
        let (s, _) = call(&second, "GET", "/api/tables1969/nosuchtable", Value::Null).await;
        assert_eq!(s, StatusCode::NOT_FOUND);
    }
}

/// The log's text (JSON lines, not JSON).
async fn raw_log(lobby: &Lobby, id: &str) -> String {
    let req = Request::builder()
        .uri(format!("/api/tables1969/{id}/log"))
        .body(Body::empty())
        .unwrap();
    let resp = app(lobby.clone()).oneshot(req).await.unwrap();
    assert_eq!(resp.status(), StatusCode::OK);
    String::from_utf8(
        resp.into_body()
            .collect()
            .await
            .unwrap()
            .to_bytes()
            .to_vec(),
    )
    .unwrap()
}

/// M69 3.5–3.10 at the server: `GET /api/tables1969/{id}/review` refuses a
/// game in progress (409 `not-finished`) and, once it is over, answers the
/// same object as `onsets review --json` on the table's log.
#[tokio::test]
async fn m69_the_review_of_a_finished_1969_table() {
    let lobby = Lobby::open(Store::memory().await.unwrap()).await.unwrap();
    let (s, made) = call(
        &lobby,
        "POST",
        "/api/tables1969",
        json!({"form":"basic","seed":11,"challenge_window_ms":0,"seats":[{"kind":"human"},{"kind":"bot","level":"expert"},{"kind":"bot","level":"club"}]}),
    )
    .await;
    assert_eq!(s, StatusCode::CREATED, "{made}");
    let id = made["id"].as_str().unwrap().to_string();
    let token = made["tokens"][0].as_str().unwrap().to_string();
    let (_, mut state) = call(&lobby, "GET", &format!("/api/tables1969/{id}"), Value::Null).await;
    if state["over"] != true {
        let (s, e) = call(
            &lobby,
            "GET",
            &format!("/api/tables1969/{id}/review"),
            Value::Null,
        )
        .await;
        assert_eq!(s, StatusCode::CONFLICT, "{e}");
        assert_eq!(e["error"]["code"], "not-finished");
    }
    let mut steps = 0;
    while state["over"] != true {
        steps += 1;
        assert!(steps < 200, "the game did not end: {state}");
        let act = person1969(&state, 0).expect("the person acts");
        let (s, next) = call(
            &lobby,
            "POST",
            &format!("/api/tables1969/{id}/act"),
            json!({"token": token, "act": act}),
        )
        .await;
        assert_eq!(s, StatusCode::OK, "{act}: {next}");
        state = next;
    }
    let (s, r) = call(
        &lobby,
        "GET",
        &format!("/api/tables1969/{id}/review"),
        Value::Null,
    )
    .await;
    assert_eq!(s, StatusCode::OK, "{r}");
    assert_eq!(r["edition"], "1969");
    assert_eq!(r["finished"], true);
    assert!(!r["moves"].as_array().unwrap().is_empty());
    assert_eq!(r["totals"], state["totals"]);
    let log = raw_log(&lobby, &id).await;
    let cli = onsets_review::review_1969(&log).unwrap().to_json();
    assert_eq!(r, cli, "the same object as `onsets review --json`");
    let (s, _) = call(&lobby, "GET", "/api/tables1969/nosuch/review", Value::Null).await;
    assert_eq!(s, StatusCode::NOT_FOUND);
}

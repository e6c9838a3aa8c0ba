//! The HTTP routes through `app()` without a port (tower's `oneshot`).

use axum::body::Body;
use axum::http::{Request, StatusCode};
use http_body_util::BodyExt;
use onsets_server::{app, Lobby, Store};
use serde_json::{json, Value};
use tower::ServiceExt;

async fn lobby() -> Lobby {
    Lobby::open(Store::memory().await.unwrap()).await.unwrap()
}

async fn call(lobby: &Lobby, method: &str, uri: &str, body: &str) -> (StatusCode, Value, String) {
    let req = Request::builder()
        .method(method)
        .uri(uri)
        .header("content-type", "application/json")
        .body(Body::from(body.to_string()))
        .unwrap();
    let resp = app(lobby.clone()).oneshot(req).await.unwrap();
    let status = resp.status();
    let bytes = resp.into_body().collect().await.unwrap().to_bytes();
    let text = String::from_utf8_lossy(&bytes).to_string();
    (
        status,
        serde_json::from_str(&text).unwrap_or(Value::Null),
        text,
    )
}

#[tokio::test]
async fn healthz_reports_ok_and_the_database() {
    let l = lobby().await;
    let (s, v, _) = call(&l, "GET", "/healthz", "").await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(v["status"], "ok");
    assert_eq!(v["database"], "sqlite");
}

#[tokio::test]
async fn a_table_is_created_listed_and_found() {
    let l = lobby().await;
    let body = json!({"division":"junior","adventurous":false,
        "seats":[{"kind":"human"},{"kind":"bot","level":"strong"}],"round_minutes":20})
    .to_string();
    let (s, t, _) = call(&l, "POST", "/api/tables", &body).await;
    assert_eq!(s, StatusCode::CREATED, "{t}");
    assert_eq!(t["division"], "junior");
    assert_eq!(t["adventurous"], false);
    assert_eq!(t["status"], "waiting");
    assert_eq!(t["seats"][1]["name"], "Strong bot");
    assert_eq!(t["seats"][0]["taken"], false);
    let id = t["id"].as_str().unwrap();
    assert_eq!(t["link"], format!("/t/{id}"));
    let (_, list, _) = call(&l, "GET", "/api/tables", "").await;
    assert_eq!(list["tables"][0]["id"], id);
    let (s, one, _) = call(&l, "GET", &format!("/api/tables/{id}"), "").await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(one["round_minutes"], 20);
    let (s, e, _) = call(&l, "GET", "/api/tables/nope", "").await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    assert_eq!(e["error"]["code"], "no-such-table");
}

#[tokio::test]
async fn bad_table_requests_say_which_field_is_wrong() {
    let l = lobby().await;
    let cases = [
        (
            json!({"division":"college","seats":[{"kind":"human"},{"kind":"human"}]}),
            "division",
        ),
        (
            json!({"division":"senior","seats":[{"kind":"human"}]}),
            "seats",
        ),
        (
            json!({"division":"senior","seats":[{"kind":"human"},{"kind":"bot","level":"grandmaster"}]}),
            "seats[1].level",
        ),
        (
            json!({"division":"senior","seats":[{"kind":"human"},{"kind":"human"}],"round_minutes":0}),
            "round_minutes",
        ),
        (
            json!({"division":"senior","seats":[{"kind":"human"},{"kind":"human"}],"checking":"referee"}),
            "checking",
        ),
        (
            json!({"seats":[{"kind":"human"},{"kind":"human"}]}),
            "division",
        ),
        (
            json!({"division":"senior","seats":[{"kind":"human"},{"kind":"human"}],"colour":"red"}),
            "colour",
        ),
    ];
    for (body, field) in cases {
        let (s, e, _) = call(&l, "POST", "/api/tables", &body.to_string()).await;
        assert_eq!(s, StatusCode::BAD_REQUEST, "{body}");
        assert_eq!(e["error"]["field"], field, "{body}: {e}");
        assert!(!e["error"]["message"].as_str().unwrap().is_empty());
    }
    let (s, e, _) = call(&l, "POST", "/api/tables", "{not json").await;
    assert_eq!(s, StatusCode::BAD_REQUEST);
    assert_eq!(e["error"]["code"], "bad-request");
    let big = format!("{{\"division\":\"{}\"}}", "x".repeat(100_000));
    let (s, _, _) = call(&l, "POST", "/api/tables", &big).await;
    assert_eq!(s, StatusCode::PAYLOAD_TOO_LARGE);
    assert!(l.tables.is_empty(), "no table was created by a bad request");
}

#[tokio::test]
async fn the_client_and_metrics_are_served() {
    let l = lobby().await;
    let (s, _, html) = call(&l, "GET", "/", "").await;
    assert_eq!(s, StatusCode::OK);
    assert!(html.contains("<html"), "{html}");
    let (s, _, html2) = call(&l, "GET", "/t/abc", "").await;
    assert_eq!(s, StatusCode::OK);
    assert_eq!(html, html2);
    let (s, _, _) = call(&l, "GET", "/../Cargo.toml", "").await;
    assert_eq!(s, StatusCode::NOT_FOUND);
    let (s, _, m) = call(&l, "GET", "/metrics", "").await;
    assert_eq!(s, StatusCode::OK);
    assert!(m.contains("onsets_tables "), "{m}");
    assert!(m.contains("onsets_actions_per_second"), "{m}");
}

/// Two bots of one level are told apart by their seat numbers.
#[tokio::test]
async fn two_bots_of_one_level_have_names_of_their_own() {
    let l = lobby().await;
    let body = json!({"division":"senior","adventurous":true,
        "seats":[{"kind":"human"},{"kind":"bot","level":"club"},{"kind":"bot","level":"club"}]})
    .to_string();
    let (s, t, _) = call(&l, "POST", "/api/tables", &body).await;
    assert_eq!(s, StatusCode::CREATED, "{t}");
    assert_eq!(t["seats"][1]["name"], "Club bot 2");
    assert_eq!(t["seats"][2]["name"], "Club bot 3");
    let body = json!({"division":"senior","adventurous":true,
        "seats":[{"kind":"human"},{"kind":"bot","level":"club"},{"kind":"bot","level":"expert"}]})
    .to_string();
    let (_, t, _) = call(&l, "POST", "/api/tables", &body).await;
    assert_eq!(t["seats"][1]["name"], "Club bot");
    assert_eq!(t["seats"][2]["name"], "Expert bot");
}

//! Cross-site requests (docs/security.md, "Cross-site requests"): a page on
//! another origin of the same host (another port: "same site", so
//! `SameSite=Lax` lets the cookie through) may not act with the session
//! cookie; a bodiless `POST` is not read as `{}`; requests without the
//! cookie keep working without an `Origin`.

use super::{healthy, raw};
use crate::common::*;
use serde_json::{json, Value};

/// The victim's tournament with two entries, ready to pair; the organizer's
/// `name=value` cookie and the event's id.
async fn victims_event(server: &Server) -> (String, String) {
    let a = server.addr;
    let org = sign_up(a, "Victim").await;
    let r = post(
        a,
        "/api/tournaments",
        json!({"name": "Spring", "division": "middle", "rounds": 2}),
        Some(&org),
    )
    .await;
    assert_eq!(r.status, 201, "{}", r.body);
    let id = r.body["id"].as_str().unwrap().to_string();
    for name in ["Ann", "Bob"] {
        let r = post(
            a,
            &format!("/api/tournaments/{id}/entries"),
            json!({ "name": name }),
            Some(&org),
        )
        .await;
        assert_eq!(r.status, 201, "{}", r.body);
    }
    (org, id)
}

fn code(text: &str) -> Value {
    serde_json::from_str::<Value>(text).unwrap_or(Value::Null)["error"].clone()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_on_another_port_cannot_pair_the_victims_round() {
    let db = &databases().await[0];
    let server = Server::start(db);
    let (org, id) = victims_event(&server).await;
    let path = format!("/api/tournaments/{id}/rounds");
    let other_port = format!("http://127.0.0.1:{}", server.addr.port() + 1);
    // The no-cors fetch of the attack: no body, no content type, the cookie,
    // the attacker's origin (Chromium: `Sec-Fetch-Site: same-site`).
    for headers in [
        vec![
            ("Cookie", org.as_str()),
            ("Origin", other_port.as_str()),
            ("Sec-Fetch-Site", "same-site"),
        ],
        vec![("Cookie", org.as_str()), ("Origin", "null")],
        vec![("Cookie", org.as_str())],
        vec![
            ("Cookie", org.as_str()),
            ("Origin", "http://evil.example"),
            ("Content-Type", "application/json"),
        ],
    ] {
        let (status, _, text) = raw(server.addr, "POST", &path, &headers, "").await;
        assert_eq!(status, 403, "{headers:?}: {text}");
        let e = code(&text);
        assert_eq!(
            (e["code"].as_str(), e["field"].as_str()),
            (Some("cross-site"), Some("Origin")),
            "{text}"
        );
    }
    let (status, v) = http(server.addr, "GET", &format!("/api/tournaments/{id}"), None).await;
    assert_eq!(status, 200);
    assert_eq!(v["paired"], json!([]), "nothing was paired: {v}");
    // The organizer's own page pairs it.
    let own = format!("http://{}", server.addr);
    let (status, _, text) = raw(
        server.addr,
        "POST",
        &path,
        &[("Cookie", org.as_str()), ("Origin", own.as_str())],
        "",
    )
    .await;
    assert_eq!(status, 201, "{text}");
    healthy(&server).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_foreign_logout_is_refused_and_the_session_lives_on() {
    let db = &databases().await[0];
    let server = Server::start(db);
    let a = server.addr;
    let c = sign_up(a, "Sleeper").await;
    let (status, _, text) = raw(
        a,
        "POST",
        "/api/logout",
        &[("Cookie", c.as_str()), ("Origin", "http://evil.example")],
        "",
    )
    .await;
    assert_eq!(status, 403, "{text}");
    assert_eq!(code(&text)["code"], "cross-site");
    let r = get(a, "/api/account", Some(&c)).await;
    assert_eq!(r.body["signed_in"], true, "{}", r.body);
    // `Sec-Fetch-Site: same-origin` alone (no Origin) is the site's own page.
    let (status, _, text) = raw(
        a,
        "POST",
        "/api/logout",
        &[("Cookie", c.as_str()), ("Sec-Fetch-Site", "same-origin")],
        "",
    )
    .await;
    assert_eq!(status, 200, "{text}");
    let r = get(a, "/api/account", Some(&c)).await;
    assert_eq!(r.body["signed_in"], false);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bodiless_post_is_not_an_empty_object_and_text_plain_is_415() {
    let db = &databases().await[0];
    let server = Server::start(db);
    let a = server.addr;
    let c = sign_up(a, "Maker").await;
    let own = format!("http://{a}");
    let me = [("Cookie", c.as_str()), ("Origin", own.as_str())];
    // A route that takes a body: 400 naming it, nothing made.
    let (status, _, text) = raw(a, "POST", "/api/tournaments", &me, "").await;
    assert_eq!(status, 400, "{text}");
    assert_eq!(code(&text)["field"], "body", "{text}");
    let (status, _, text) = raw(a, "POST", "/api/tables/x/claim", &me, "").await;
    assert_eq!(
        (status, code(&text)["field"].clone()),
        (400, json!("body")),
        "{text}"
    );
    // Without the cookie the same: the body reader is one for all.
    let (status, _, text) = raw(a, "POST", "/api/login", &[], "").await;
    assert_eq!(
        (status, code(&text)["field"].clone()),
        (400, json!("body")),
        "{text}"
    );
    // A body that is not JSON: 415, with or without the cookie.
    let mut plain = me.to_vec();
    plain.push(("Content-Type", "text/plain"));
    let body = json!({"name": "Spring", "division": "middle", "rounds": 2}).to_string();
    let (status, _, text) = raw(a, "POST", "/api/tournaments", &plain, &body).await;
    assert_eq!(status, 415, "{text}");
    let (status, _, _) = raw(a, "POST", "/api/tournaments", &me, &body).await;
    assert_eq!(status, 415, "a body without a content type is not JSON");
    let r = get(a, "/api/account", Some(&c)).await;
    assert_eq!(r.body["signed_in"], true);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn requests_without_the_cookie_need_no_origin() {
    let db = &databases().await[0];
    let server = Server::start(db);
    let a = server.addr;
    // A table by a program (no Origin, no cookie), a seat by its token.
    let t = server
        .create_table(json!({"division":"senior","seats":[{"kind":"human"},{"kind":"human"}]}))
        .await;
    assert!(t["id"].is_string());
    let (status, _, text) = raw(
        a,
        "POST",
        "/api/tables1969",
        &[("Content-Type", "application/json")],
        &json!({"form": "basic", "seats": [{"kind": "human"}, {"kind": "human"}]}).to_string(),
    )
    .await;
    assert_eq!(status, 201, "{text}");
    // Signing in from a foreign page without a cookie is not borrowing one.
    sign_up(a, "Fresh").await;
    let (status, _, _) = raw(
        a,
        "POST",
        "/api/login",
        &[
            ("Content-Type", "application/json"),
            ("Origin", "http://evil.example"),
        ],
        &json!({"name": "Fresh", "password": "correct horse"}).to_string(),
    )
    .await;
    assert_eq!(status, 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn behind_a_trusted_proxy_the_forwarded_host_is_the_sites_origin() {
    let db = &databases().await[0];
    let proxied = Server::start_with(
        db,
        onsets_server::Config {
            trusted_proxies: vec!["127.0.0.1".parse().unwrap()],
            ..onsets_server::Config::unlimited()
        },
    );
    let a = proxied.addr;
    let c = sign_up(a, "Proxied").await;
    let via = |origin: &'static str, fwd: &'static str| {
        let c = c.clone();
        async move {
            raw(
                a,
                "POST",
                "/api/logout",
                &[
                    ("Cookie", c.as_str()),
                    ("Origin", origin),
                    ("X-Forwarded-Host", fwd),
                ],
                "",
            )
            .await
            .0
        }
    };
    assert_eq!(via("https://evil.example", "club.example").await, 403);
    assert_eq!(via("https://club.example", "club.example").await, 200);
    // Without --trusted-proxy a client's own X-Forwarded-Host counts for nothing.
    let db2 = &databases().await[0];
    let direct = Server::start(db2);
    let c = sign_up(direct.addr, "Direct").await;
    let (status, _, _) = raw(
        direct.addr,
        "POST",
        "/api/logout",
        &[
            ("Cookie", c.as_str()),
            ("Origin", "https://evil.example"),
            ("X-Forwarded-Host", "evil.example"),
        ],
        "",
    )
    .await;
    assert_eq!(status, 403);
}

//! Accounts, sessions and tournaments against a real server (docs/protocol.md,
//! "Accounts, ratings and tournaments"), on
//! SQLite and, when `ONSETS_TEST_POSTGRES_URL` is set, PostgreSQL.

mod common;
use common::*;
use onsets_tournament::match_points::from_scores;
use serde_json::json;
use std::collections::BTreeMap;
use std::net::SocketAddr;

#[tokio::test]
async fn sign_up_sign_in_wrong_password_and_sign_out() {
    for db in databases().await {
        let s = Server::start(&db);
        let a = s.addr;
        let r = post(
            a,
            "/api/accounts",
            json!({"name": "  Ada  Lovelace ", "password": "correct horse"}),
            None,
        )
        .await;
        assert_eq!(r.status, 201, "{}", r.body);
        assert_eq!(r.body["name"], "Ada Lovelace");
        let c1 = session(&r);
        let me = get(a, "/api/account", Some(&c1)).await;
        assert_eq!(
            (me.status, me.body["name"].clone()),
            (200, json!("Ada Lovelace"))
        );
        assert_eq!(get(a, "/api/account", None).await.body["signed_in"], false);
        // The name is taken, whatever the case.
        let r = post(
            a,
            "/api/accounts",
            json!({"name": "ada lovelace", "password": "something else"}),
            None,
        )
        .await;
        assert_eq!(
            (r.status, r.body["error"]["field"].clone()),
            (409, json!("name"))
        );
        // A short password, a missing field.
        let r = post(
            a,
            "/api/accounts",
            json!({"name": "Bob", "password": "short"}),
            None,
        )
        .await;
        assert_eq!(
            (r.status, r.body["error"]["field"].clone()),
            (400, json!("password"))
        );
        let r = post(a, "/api/accounts", json!({"name": "Bob"}), None).await;
        assert_eq!(
            (r.status, r.body["error"]["field"].clone()),
            (400, json!("password"))
        );
        // Not JSON.
        let r = send(
            a,
            "POST",
            "/api/login",
            Some("name=Ada"),
            Some("application/x-www-form-urlencoded"),
            None,
        )
        .await;
        assert_eq!(r.status, 415);
        // Wrong password, unknown name: the same 401, no cookie.
        let r = post(
            a,
            "/api/login",
            json!({"name": "Ada Lovelace", "password": "wrong horse"}),
            None,
        )
        .await;
        assert_eq!((r.status, r.cookie.is_none()), (401, true));
        let r = post(
            a,
            "/api/login",
            json!({"name": "Nobody", "password": "wrong horse"}),
            None,
        )
        .await;
        assert_eq!(r.status, 401);
        // The right one signs in, as a second session.
        let r = post(
            a,
            "/api/login",
            json!({"name": "ADA LOVELACE", "password": "correct horse"}),
            None,
        )
        .await;
        assert_eq!(r.status, 200, "{}", r.body);
        let c2 = session(&r);
        assert_ne!(c1, c2);
        // Signing out ends that session only.
        let r = send(a, "POST", "/api/logout", None, None, Some(&c2)).await;
        assert_eq!(r.status, 200);
        assert!(r.cookie.unwrap().contains("Max-Age=0"));
        assert_eq!(
            get(a, "/api/account", Some(&c2)).await.body["signed_in"],
            false
        );
        assert_eq!(
            get(a, "/api/account", Some(&c1)).await.body["signed_in"],
            true
        );
        // A made-up token is nobody.
        assert_eq!(
            get(a, "/api/account", Some("onsets_session=abc"))
                .await
                .body["signed_in"],
            false
        );
        password_change_ends_the_other_sessions(a, &c1).await;
        s.stop();
    }
}

/// Changing the password: the old one no longer works, the other sessions end.
async fn password_change_ends_the_other_sessions(a: SocketAddr, c1: &str) {
    // Changing the password: the old one no longer works, other sessions end.
    let r = post(
        a,
        "/api/login",
        json!({"name": "Ada Lovelace", "password": "correct horse"}),
        None,
    )
    .await;
    let c3 = session(&r);
    let r = post(
        a,
        "/api/account/password",
        json!({"password": "wrong horse", "new_password": "battery staple"}),
        Some(c1),
    )
    .await;
    assert_eq!(r.status, 401);
    let r = post(
        a,
        "/api/account/password",
        json!({"password": "correct horse", "new_password": "battery staple"}),
        Some(c1),
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(
        get(a, "/api/account", Some(&c3)).await.body["signed_in"],
        false
    );
    assert_eq!(
        get(a, "/api/account", Some(c1)).await.body["signed_in"],
        true
    );
    let r = post(
        a,
        "/api/login",
        json!({"name": "Ada Lovelace", "password": "correct horse"}),
        None,
    )
    .await;
    assert_eq!(r.status, 401);
    let r = post(
        a,
        "/api/login",
        json!({"name": "Ada Lovelace", "password": "battery staple"}),
        None,
    )
    .await;
    assert_eq!(r.status, 200);
}

#[tokio::test]
async fn an_expired_session_is_signed_out() {
    for db in databases().await {
        let s = Server::start(&db);
        let c = sign_up(s.addr, "Grace").await;
        assert_eq!(
            get(s.addr, "/api/account", Some(&c)).await.body["signed_in"],
            true
        );
        let store = onsets_server::Store::open(&db).await.unwrap();
        let expire = "UPDATE account_sessions SET expires_at = 0";
        match &store {
            onsets_server::Store::Sqlite(p) => sqlx::query(expire).execute(p).await.map(|_| ()),
            onsets_server::Store::Postgres(p) => sqlx::query(expire).execute(p).await.map(|_| ()),
        }
        .unwrap();
        assert_eq!(
            get(s.addr, "/api/account", Some(&c)).await.body["signed_in"],
            false
        );
        let r = post(
            s.addr,
            "/api/tournaments",
            json!({"name": "Late", "division": "junior", "rounds": 3}),
            Some(&c),
        )
        .await;
        assert_eq!(r.status, 401);
        s.stop();
    }
}

#[tokio::test]
async fn only_the_organizer_changes_an_event() {
    for db in databases().await {
        let s = Server::start(&db);
        let a = s.addr;
        let r = post(
            a,
            "/api/tournaments",
            json!({"name": "Spring", "division": "middle", "rounds": 2}),
            None,
        )
        .await;
        assert_eq!(r.status, 401);
        let org = sign_up(a, "Organizer").await;
        let other = sign_up(a, "Someone Else").await;
        let r = post(
            a,
            "/api/tournaments",
            json!({"name": "Spring", "division": "sixth", "rounds": 2}),
            Some(&org),
        )
        .await;
        assert_eq!(
            (r.status, r.body["error"]["field"].clone()),
            (400, json!("division"))
        );
        let r = post(
            a,
            "/api/tournaments",
            json!({"name": "Spring", "division": "middle", "rounds": 0}),
            Some(&org),
        )
        .await;
        assert_eq!(
            (r.status, r.body["error"]["field"].clone()),
            (400, json!("rounds"))
        );
        let r = send(
            a,
            "POST",
            "/api/tournaments",
            Some("name=x"),
            Some("text/plain"),
            Some(&org),
        )
        .await;
        assert_eq!(r.status, 415);
        let r = post(
            a,
            "/api/tournaments",
            json!({"name": "Spring", "division": "middle", "rounds": 2}),
            Some(&org),
        )
        .await;
        assert_eq!(r.status, 201, "{}", r.body);
        let id = r.body["id"].as_str().unwrap().to_string();
        let r = post(
            a,
            &format!("/api/tournaments/{id}/entries"),
            json!({"name": "Intruder"}),
            Some(&other),
        )
        .await;
        assert_eq!(r.status, 403);
        let r = post(
            a,
            &format!("/api/tournaments/{id}/entries"),
            json!({"name": "Intruder"}),
            None,
        )
        .await;
        assert_eq!(r.status, 401);
        let r = post(
            a,
            &format!("/api/tournaments/{id}/rounds"),
            json!({}),
            Some(&other),
        )
        .await;
        assert_eq!(r.status, 403);
        let r = post(
            a,
            "/api/tournaments/nope/entries",
            json!({"name": "X"}),
            Some(&org),
        )
        .await;
        assert_eq!(r.status, 404);
        let r = post(
            a,
            &format!("/api/tournaments/{id}/entries"),
            json!({"name": "Solo"}),
            Some(&org),
        )
        .await;
        assert_eq!(r.status, 201);
        let r = post(
            a,
            &format!("/api/tournaments/{id}/entries"),
            json!({"name": "solo"}),
            Some(&org),
        )
        .await;
        assert_eq!(
            (r.status, r.body["error"]["field"].clone()),
            (400, json!("name"))
        );
        let r = post(
            a,
            &format!("/api/tournaments/{id}/rounds"),
            json!({}),
            Some(&org),
        )
        .await;
        assert_eq!(r.status, 400, "one entry cannot be paired: {}", r.body);
        s.stop();
    }
}

/// An event names its rules; an unknown edition is refused
/// with its field, and an online event's tables cannot play the 1969 game
/// (its tables are of their own kind, docs/editions.md).
#[tokio::test]
async fn an_event_names_its_edition() {
    for db in databases().await {
        let s = Server::start(&db);
        let a = s.addr;
        let org = sign_up(a, "Organizer").await;
        let r = post(
            a,
            "/api/tournaments",
            json!({"name": "Old", "division": "junior", "rounds": 2, "edition": "1970"}),
            Some(&org),
        )
        .await;
        assert_eq!(
            (r.status, r.body["error"]["field"].clone()),
            (400, json!("edition")),
            "{}",
            r.body
        );
        let r = post(
            a,
            "/api/tournaments",
            json!({"name": "Old", "division": "junior", "rounds": 2, "edition": "1969", "online": true}),
            Some(&org),
        )
        .await;
        assert_eq!(
            (r.status, r.body["error"]["field"].clone()),
            (400, json!("edition")),
            "{}",
            r.body
        );
        let r = post(
            a,
            "/api/tournaments",
            json!({"name": "MLAG", "division": "junior", "rounds": 2, "edition": "2019-20"}),
            Some(&org),
        )
        .await;
        assert_eq!(r.status, 201, "{}", r.body);
        let id = r.body["id"].as_str().unwrap().to_string();
        let r = get(a, &format!("/api/tournaments/{id}/standings"), None).await;
        assert_eq!(r.body["edition"], "2019-20", "{}", r.body);
        let r = post(
            a,
            "/api/tournaments",
            json!({"name": "Plain", "division": "junior", "rounds": 2}),
            Some(&org),
        )
        .await;
        let id = r.body["id"].as_str().unwrap().to_string();
        let r = get(a, &format!("/api/tournaments/{id}/standings"), None).await;
        assert_eq!(r.body["edition"], "2026-27", "{}", r.body);
    }
}

#[tokio::test]
async fn a_three_round_event_with_results_and_standings() {
    for db in databases().await {
        let s = Server::start(&db);
        let a = s.addr;
        let (org, id) = an_event_of_eight(a).await;
        let total = three_rounds_with_results(a, &id, &org).await;
        let rows = standings_as_given(a, &id, &total).await;
        printouts_of_every_round(a, &id, &rows).await;
        s.stop();
    }
}

/// A three-round Junior event of eight entries in two teams: the
/// organizer's cookie and the event's id.
async fn an_event_of_eight(a: SocketAddr) -> (String, String) {
    let org = sign_up(a, "Director").await;
    let r = post(
        a,
        "/api/tournaments",
        json!({"name": "County finals", "division": "junior", "rounds": 3, "seed": 42}),
        Some(&org),
    )
    .await;
    assert_eq!(r.status, 201, "{}", r.body);
    let id = r.body["id"].as_str().unwrap().to_string();
    let names = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"];
    for (i, n) in names.iter().enumerate() {
        let team = if i % 2 == 0 { "Evens" } else { "Odds" };
        let r = post(
            a,
            &format!("/api/tournaments/{id}/entries"),
            json!({"name": n, "team": team}),
            Some(&org),
        )
        .await;
        assert_eq!(r.status, 201, "{}", r.body);
    }
    (org, id)
}

/// The strength of each of the eight entries: its match score at every
/// table (Hal, the strongest, wins each).
fn strength() -> BTreeMap<&'static str, i64> {
    ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]
        .iter()
        .enumerate()
        .map(|(i, n)| (*n, 10 * i as i64))
        .collect()
}

/// Pairs and scores three rounds (nobody meets twice; an impossible award
/// and an early pairing are refused; a fourth round is refused): each
/// entry's match points in all.
async fn three_rounds_with_results(a: SocketAddr, id: &str, org: &str) -> BTreeMap<String, u64> {
    let strength = strength();
    let mut met = std::collections::HashSet::new();
    let mut total: BTreeMap<String, u64> = BTreeMap::new();
    for round in 1..=3 {
        let r = post(
            a,
            &format!("/api/tournaments/{id}/rounds"),
            json!({}),
            Some(org),
        )
        .await;
        assert_eq!(r.status, 201, "{}", r.body);
        assert_eq!(r.body["round"], round);
        let tables = r.body["tables"].as_array().unwrap().clone();
        // 8 entries: 3 + 3 + 2.
        let mut sizes: Vec<usize> = tables
            .iter()
            .map(|t| t["players"].as_array().unwrap().len())
            .collect();
        sizes.sort_unstable();
        assert_eq!(sizes, vec![2, 3, 3]);
        // Pairing again before the results are in is refused.
        let early = post(
            a,
            &format!("/api/tournaments/{id}/rounds"),
            json!({}),
            Some(org),
        )
        .await;
        assert_eq!(
            (early.status, early.body["error"]["field"].clone()),
            (400, json!("round"))
        );
        for t in &tables {
            let players: Vec<String> = t["players"]
                .as_array()
                .unwrap()
                .iter()
                .map(|p| p.as_str().unwrap().to_string())
                .collect();
            for (i, p) in players.iter().enumerate() {
                for q in &players[i + 1..] {
                    let key = (p.min(q).clone(), p.max(q).clone());
                    assert!(met.insert(key), "{p} and {q} meet again in round {round}");
                }
            }
            let scores: Vec<Option<i64>> =
                players.iter().map(|p| Some(strength[p.as_str()])).collect();
            let mp: BTreeMap<String, u8> =
                players.iter().cloned().zip(from_scores(&scores)).collect();
            for (p, m) in &mp {
                *total.entry(p.clone()).or_default() += u64::from(*m);
            }
            // An impossible award first: refused with the field.
            let wrong: BTreeMap<&String, u8> = players.iter().map(|p| (p, 6)).collect();
            let r = post(
                a,
                &format!("/api/tournaments/{id}/results"),
                json!({"round": round, "table": t["table"], "match_points": wrong}),
                Some(org),
            )
            .await;
            assert_eq!(
                (r.status, r.body["error"]["field"].clone()),
                (400, json!("match_points"))
            );
            let r = post(
                a,
                &format!("/api/tournaments/{id}/results"),
                json!({"round": round, "table": t["table"], "match_points": mp}),
                Some(org),
            )
            .await;
            assert_eq!(r.status, 200, "{}", r.body);
        }
    }
    let r = post(
        a,
        &format!("/api/tournaments/{id}/rounds"),
        json!({}),
        Some(org),
    )
    .await;
    assert_eq!(r.status, 400, "a fourth round: {}", r.body);
    total
}

/// The public standings: best first, the match points as given, Hal first
/// with 18; the event lists its three rounds and its organizer. The rows.
async fn standings_as_given(
    a: SocketAddr,
    id: &str,
    total: &BTreeMap<String, u64>,
) -> Vec<serde_json::Value> {
    // Public standings, best first, match points as given.
    let st = get(a, &format!("/api/tournaments/{id}/standings"), None).await;
    assert_eq!(st.status, 200);
    let rows = st.body["standings"].as_array().unwrap();
    assert_eq!(rows.len(), 8);
    let mps: Vec<u64> = rows
        .iter()
        .map(|r| r["match_points"].as_u64().unwrap())
        .collect();
    assert!(mps.windows(2).all(|w| w[0] >= w[1]), "{mps:?}");
    for row in rows {
        assert_eq!(
            row["match_points"].as_u64().unwrap(),
            total[row["name"].as_str().unwrap()]
        );
    }
    // Hal has the highest score at every table: 18 match points, first.
    assert_eq!(
        (rows[0]["name"].clone(), rows[0]["match_points"].clone()),
        (json!("Hal"), json!(18))
    );
    assert_eq!(st.body["teams"].as_array().unwrap().len(), 2);
    let ev = get(a, &format!("/api/tournaments/{id}"), None).await;
    assert_eq!(ev.body["paired"].as_array().unwrap().len(), 3);
    assert_eq!(ev.body["organizer"], "Director");
    rows.clone()
}

/// Printable scoresheets of each round and the standings (PDF), and their
/// refusals.
async fn printouts_of_every_round(a: SocketAddr, id: &str, rows: &[serde_json::Value]) {
    let ev = get(a, &format!("/api/tournaments/{id}"), None).await;
    // Printable scoresheets of each round and standings (PDF).
    for round in 1..=3 {
        let (status, head, body) = get_bytes(
            a,
            &format!("/api/tournaments/{id}/rounds/{round}/scoresheets.pdf"),
        )
        .await;
        assert_eq!(status, 200);
        assert!(head.contains("content-type: application/pdf"), "{head}");
        assert!(body.starts_with(b"%PDF"));
        let text = pdf_text(&body);
        let paired = &ev.body["paired"][round - 1]["tables"];
        for (t, table) in paired.as_array().unwrap().iter().enumerate() {
            assert!(
                text.contains(&format!("Round {round}, Table {}", t + 1)),
                "{text}"
            );
            for p in table["players"].as_array().unwrap() {
                assert!(text.contains(p.as_str().unwrap()), "{p} on the sheet");
            }
        }
    }
    let (status, _, body) = get_bytes(
        a,
        &format!("/api/tournaments/{id}/rounds/4/scoresheets.pdf"),
    )
    .await;
    assert_eq!(status, 404, "{}", String::from_utf8_lossy(&body));
    assert!(String::from_utf8_lossy(&body).contains("no-such-round"));
    let (status, _, _) = get_bytes(
        a,
        &format!("/api/tournaments/{id}/rounds/x/scoresheets.pdf"),
    )
    .await;
    assert_eq!(status, 400);
    let (status, head, body) = get_bytes(a, &format!("/api/tournaments/{id}/standings.pdf")).await;
    assert_eq!(status, 200);
    assert!(head.contains("content-type: application/pdf"), "{head}");
    let text = pdf_text(&body);
    let lines: Vec<&str> = text.lines().collect();
    let at: Vec<usize> = rows
        .iter()
        .map(|r| {
            lines
                .iter()
                .position(|l| *l == r["name"].as_str().unwrap())
                .unwrap()
        })
        .collect();
    assert!(
        at.windows(2).all(|w| w[0] < w[1]),
        "best first on paper: {at:?}"
    );
    let (status, _, _) = get_bytes(a, "/api/tournaments/nope/standings.pdf").await;
    assert_eq!(status, 404);
}

/// A finished online table (a bot match's log stored as a table with a
/// human seat 0 and a Club bot at seat 1): the account that claims seat 0
/// with its token gets a Junior rating and the match in its history.
#[tokio::test]
async fn a_claimed_seat_is_rated_when_the_match_is_over() {
    let log = onsets_review::botmatch::bot_match_log(
        &[onsets_bots::Level::Club, onsets_bots::Level::Club],
        onsets_core::Division::Junior,
        false,
        7,
    )
    .unwrap();
    for db in databases().await {
        let store = onsets_server::Store::open(&db).await.unwrap();
        let spec = json!({"division": "junior", "adventurous": false,
            "seats": [{"kind": "human"}, {"kind": "bot", "level": "club"}],
            "round_minutes": 30, "checking": "judge", "seed": 7, "bot_pace": 0});
        store
            .create_table("rated1", 1, &spec.to_string())
            .await
            .unwrap();
        store
            .set_seat("rated1", 0, "Ada", "token-zero")
            .await
            .unwrap();
        store
            .set_seat("rated1", 1, "Club bot", "token-one")
            .await
            .unwrap();
        let mut lines = log.lines().filter(|l| !l.trim().is_empty());
        store.start("rated1", lines.next().unwrap()).await.unwrap();
        for (i, a) in lines.enumerate() {
            store.append("rated1", i as u64 + 1, a).await.unwrap();
        }
        store.set_status("rated1", "over").await.unwrap();
        let s = Server::start(&db);
        let a = s.addr;
        let c = sign_up(a, "Ada").await;
        let r = post(
            a,
            "/api/tables/rated1/claim",
            json!({"seat": 0, "token": "token-one"}),
            Some(&c),
        )
        .await;
        assert_eq!(r.status, 403, "{}", r.body);
        let r = post(
            a,
            "/api/tables/rated1/claim",
            json!({"seat": 0, "token": "token-zero"}),
            None,
        )
        .await;
        assert_eq!(r.status, 401);
        let r = post(
            a,
            "/api/tables/rated1/claim",
            json!({"seat": 0, "token": "token-zero"}),
            Some(&c),
        )
        .await;
        assert_eq!(r.status, 200, "{}", r.body);
        let p = get(a, "/api/accounts/ada", None).await;
        assert_eq!(p.status, 200, "{}", p.body);
        assert_eq!(p.body["name"], "Ada");
        let ratings = p.body["ratings"].as_array().unwrap();
        assert_eq!(ratings.len(), 1, "{}", p.body);
        assert_eq!(ratings[0]["division"], "junior");
        assert_eq!(ratings[0]["games"], 1);
        assert_eq!(ratings[0]["provisional"], true);
        assert!(ratings[0]["deviation"].as_f64().unwrap() < 8.4);
        let m = &p.body["matches"][0];
        assert_eq!(m["table"], "rated1");
        assert_eq!(m["replay"], "/t/rated1");
        assert!([0, 4, 5, 6].contains(&m["match_points"].as_i64().unwrap()));
        // Claiming again rates nothing twice.
        let r = post(
            a,
            "/api/tables/rated1/claim",
            json!({"seat": 0, "token": "token-zero"}),
            Some(&c),
        )
        .await;
        assert_eq!(r.status, 200);
        let p = get(a, "/api/accounts/Ada", None).await;
        assert_eq!(p.body["ratings"][0]["games"], 1);
        assert_eq!(get(a, "/api/accounts/nobody", None).await.status, 404);
        s.stop();
    }
}

/// The `Set-Cookie` of a sign-up sent with `extra` headers.
async fn sign_up_cookie(addr: SocketAddr, name: &str, extra: &str) -> String {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let body = json!({"name": name, "password": "correct horse"}).to_string();
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    let req = format!(
        "POST /api/accounts HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n{extra}\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).await.unwrap();
    let mut buf = Vec::new();
    s.read_to_end(&mut buf).await.unwrap();
    let text = String::from_utf8_lossy(&buf).to_string();
    assert!(text.starts_with("HTTP/1.1 201"), "{text}");
    text.lines()
        .find(|l| l.to_ascii_lowercase().starts_with("set-cookie:"))
        .expect("a cookie")
        .to_string()
}

/// The session cookie is `Secure` over HTTPS: behind a trusted proxy that
/// says `X-Forwarded-Proto: https`, or always with `--secure-cookies`;
/// never on a client's own say-so.
#[tokio::test]
async fn the_session_cookie_is_secure_over_https() {
    let db = databases().await.remove(0);
    let plain = Server::start(&db);
    let c = sign_up_cookie(plain.addr, "Plain", "").await;
    assert!(!c.contains("Secure"), "{c}");
    let c = sign_up_cookie(plain.addr, "Forger", "X-Forwarded-Proto: https\r\n").await;
    assert!(!c.contains("Secure"), "an untrusted peer's header: {c}");
    plain.stop();
    let proxied = Server::start_with(
        &db,
        onsets_server::Config {
            trusted_proxies: vec!["127.0.0.1".parse().unwrap()],
            ..onsets_server::Config::unlimited()
        },
    );
    let c = sign_up_cookie(proxied.addr, "Proxied", "X-Forwarded-Proto: https\r\n").await;
    assert!(c.contains("; Secure") && c.contains("HttpOnly"), "{c}");
    let c = sign_up_cookie(proxied.addr, "Proxied2", "X-Forwarded-Proto: http\r\n").await;
    assert!(!c.contains("Secure"), "{c}");
    proxied.stop();
    let always = Server::start_with(
        &db,
        onsets_server::Config {
            secure_cookies: true,
            ..onsets_server::Config::unlimited()
        },
    );
    let c = sign_up_cookie(always.addr, "Always", "").await;
    assert!(c.contains("; Secure"), "{c}");
    // Signing out clears the cookie with the same attributes.
    let session = c["set-cookie:".len()..]
        .trim()
        .split(';')
        .next()
        .unwrap()
        .to_string();
    let r = send(
        always.addr,
        "POST",
        "/api/logout",
        None,
        None,
        Some(&session),
    )
    .await;
    assert!(r.cookie.unwrap().contains("Max-Age=0; Secure"));
    always.stop();
}

/// A profile's events (organized and joined) and puzzle record; a
/// signed-in player joins an event under their own name; the organizer
/// withdraws an entry, which is not paired again but stays in the
/// standings.
#[tokio::test]
async fn profiles_joining_and_withdrawals() {
    for db in databases().await {
        let s = Server::start(&db);
        let a = s.addr;
        let org = sign_up(a, "Marshal").await;
        let pat = sign_up(a, "Pat").await;
        let r = post(
            a,
            "/api/tournaments",
            json!({"name": "Winter Cup", "division": "middle", "rounds": 2, "first_round": "seeds"}),
            Some(&org),
        )
        .await;
        let id = r.body["id"].as_str().unwrap().to_string();
        let join = format!("/api/tournaments/{id}/join");
        assert_eq!(post(a, &join, json!({}), None).await.status, 401);
        let r = post(a, &join, json!({}), Some(&pat)).await;
        assert_eq!(
            (r.status, r.body["name"].clone()),
            (201, json!("Pat")),
            "{}",
            r.body
        );
        let r = post(a, &join, json!({}), Some(&pat)).await;
        assert_eq!(
            (r.status, r.body["error"]["field"].clone()),
            (400, json!("name"))
        );
        for n in ["Ann", "Bo", "Cy"] {
            let r = post(
                a,
                &format!("/api/tournaments/{id}/entries"),
                json!({"name": n}),
                Some(&org),
            )
            .await;
            assert_eq!(r.status, 201);
        }
        let wd = format!("/api/tournaments/{id}/withdrawals");
        assert_eq!(
            post(a, &wd, json!({"name": "Bo"}), Some(&pat)).await.status,
            403
        );
        assert_eq!(post(a, &wd, json!({"name": "Bo"}), None).await.status, 401);
        let r = post(a, &wd, json!({"name": "Nobody"}), Some(&org)).await;
        assert_eq!(
            (r.status, r.body["error"]["field"].clone()),
            (400, json!("name"))
        );
        let r = post(a, &wd, json!({"name": "bo"}), Some(&org)).await;
        assert_eq!(
            (r.status, r.body["name"].clone()),
            (200, json!("Bo")),
            "{}",
            r.body
        );
        let r = post(
            a,
            &format!("/api/tournaments/{id}/rounds"),
            json!({}),
            Some(&org),
        )
        .await;
        assert_eq!(r.status, 201, "{}", r.body);
        let seated: Vec<&str> = r.body["tables"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|t| t["players"].as_array().unwrap())
            .map(|p| p.as_str().unwrap())
            .collect();
        assert_eq!(seated.len(), 3, "{seated:?}");
        assert!(!seated.contains(&"Bo"));
        let st = get(a, &format!("/api/tournaments/{id}/standings"), None).await;
        let bo = st.body["standings"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["name"] == "Bo")
            .cloned()
            .unwrap();
        assert_eq!(bo["withdrawn"], true);
        let ev = get(a, &format!("/api/tournaments/{id}"), None).await;
        assert_eq!(ev.body["entries"][2]["withdrawn"], true);

        // A puzzle solved signed in shows on the profile.
        let c = onsets_server::puzzles::pool()
            .iter()
            .find(|p| p.kind == onsets_puzzles::Kind::Challenge)
            .unwrap();
        let r = post(
            a,
            &format!("/api/puzzles/{}/attempt", c.id),
            json!({"player": "pat-browser-0001", "answer": c.answer}),
            Some(&pat),
        )
        .await;
        assert_eq!(r.status, 200, "{}", r.body);
        let p = get(a, "/api/accounts/Pat", None).await.body;
        assert_eq!(p["puzzles"]["attempts"], 1, "{p}");
        assert_eq!(p["puzzles"]["solved"], 1, "{p}");
        assert_eq!(p["events"][0]["name"], "Winter Cup", "{p}");
        assert_eq!(p["events"][0]["role"], "player");
        assert_eq!(p["events"][0]["link"], format!("/tournaments/{id}"));
        assert!(p["events"][0]["place"].as_u64().is_some(), "{p}");
        let m = get(a, "/api/accounts/Marshal", None).await.body;
        assert_eq!(m["events"][0]["role"], "organizer", "{m}");
        assert!(m["puzzles"].is_null());
        s.stop();
    }
}

/// An online event (docs/tournaments.md: results of online tables flow in by
/// themselves): each paired table opens a server table (bots play bot
/// entries), and when its match is over its totals give the table's match
/// points (XII-A) in the standings, with no organizer's scoresheet.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn online_tables_report_their_results() {
    async fn run(db: String) {
        let s = Server::start(&db);
        let a = s.addr;
        let org = sign_up(a, "Host").await;
        let bad = post(
            a,
            "/api/tournaments",
            json!({"name": "Net", "division": "junior", "rounds": 1, "online": true, "round_minutes": 0}),
            Some(&org),
        )
        .await;
        assert_eq!(
            (bad.status, bad.body["error"]["field"].clone()),
            (400, json!("round_minutes"))
        );
        let r = post(
            a,
            "/api/tournaments",
            json!({"name": "Net", "division": "junior", "rounds": 1, "online": true,
                   "round_minutes": 1, "adventurous": false, "bot_pace": 0}),
            Some(&org),
        )
        .await;
        assert_eq!(r.status, 201, "{}", r.body);
        let id = r.body["id"].as_str().unwrap().to_string();
        let r = post(
            a,
            &format!("/api/tournaments/{id}/entries"),
            json!({"name": "Robo", "bot": "grandmaster of nothing"}),
            Some(&org),
        )
        .await;
        assert_eq!(
            (r.status, r.body["error"]["field"].clone()),
            (400, json!("bot"))
        );
        for (n, level) in [
            ("Ada", "beginner"),
            ("Babbage", "club"),
            ("Cray", "expert"),
            ("Dijkstra", "club"),
        ] {
            let r = post(
                a,
                &format!("/api/tournaments/{id}/entries"),
                json!({"name": n, "bot": level}),
                Some(&org),
            )
            .await;
            assert_eq!(r.status, 201, "{}", r.body);
        }
        let r = post(
            a,
            &format!("/api/tournaments/{id}/rounds"),
            json!({}),
            Some(&org),
        )
        .await;
        assert_eq!(r.status, 201, "{}", r.body);
        let tables = r.body["tables"].as_array().unwrap().clone();
        assert_eq!(tables.len(), 2);
        for t in &tables {
            let link = t["link"].as_str().expect("an online table's link");
            let info = get(a, &format!("/api/tables/{}", &link[3..]), None).await;
            assert_eq!(info.status, 200, "{}", info.body);
        }
        // The bots play their one-minute round; the results come in.
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(300);
        let st = loop {
            let st = get(a, &format!("/api/tournaments/{id}/standings"), None).await;
            if st.body["finished"] == true {
                break st;
            }
            assert!(
                std::time::Instant::now() < deadline,
                "no results: {}",
                st.body
            );
            tokio::time::sleep(std::time::Duration::from_millis(500)).await;
        };
        let ev = get(a, &format!("/api/tournaments/{id}"), None).await;
        for t in ev.body["paired"][0]["tables"].as_array().unwrap() {
            let table = &t["online"].as_str().unwrap();
            let log = get_bytes(a, &format!("/api/tables/{table}/log")).await.2;
            let m = onsets_engine::Match::replay(&String::from_utf8(log).unwrap()).unwrap();
            let totals: Vec<Option<i64>> = m.totals().iter().map(|t| Some(i64::from(*t))).collect();
            let mp: Vec<u8> = t["match_points"]
                .as_array()
                .unwrap()
                .iter()
                .map(|v| v.as_u64().unwrap() as u8)
                .collect();
            assert_eq!(mp, from_scores(&totals), "XII-A from the match's totals");
        }
        assert_eq!(st.body["standings"].as_array().unwrap().len(), 4);
        s.stop();
    }
    let all = databases()
        .await
        .into_iter()
        .map(|db| tokio::spawn(run(db)));
    for r in futures_util::future::join_all(all).await {
        r.unwrap();
    }
}

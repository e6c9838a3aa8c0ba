//! An online event's tables (docs/tournaments.md, "Online events";
//! docs/protocol.md, "Named and reserved seats" and "Reserved seats of
//! online events"): entries play under their own names, bots as
//! "Name (bot)", a person's seat is taken only by its entrant or the holder
//! of the entry's link, and the certificates print a page per award; on
//! SQLite and, when `ONSETS_TEST_POSTGRES_URL` is set, PostgreSQL.

mod common;
use common::*;
use serde_json::{json, Value};
use std::net::SocketAddr;

async fn make(a: SocketAddr, org: &str, body: Value) -> String {
    let r = post(a, "/api/tournaments", body, Some(org)).await;
    assert_eq!(r.status, 201, "{}", r.body);
    r.body["id"].as_str().unwrap().to_string()
}

async fn enter(a: SocketAddr, id: &str, who: &str, body: Value) {
    let r = post(
        a,
        &format!("/api/tournaments/{id}/entries"),
        body,
        Some(who),
    )
    .await;
    assert_eq!(r.status, 201, "{}", r.body);
}

/// A `join` frame's answer (`joined` or `error`).
async fn try_join(c: &mut Client, table: &str, name: &str, extra: Value) -> Value {
    let mut frame = json!({"v": 1, "type": "join", "table": table, "name": name});
    if let (Some(f), Some(x)) = (frame.as_object_mut(), extra.as_object()) {
        f.extend(x.clone());
    }
    c.send(frame).await;
    c.until("joined or an error", |v| {
        v["type"] == "joined" || v["type"] == "error"
    })
    .await
}

fn seat_names(table: &Value) -> Vec<String> {
    table["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap_or("").to_string())
        .collect()
}

/// An online event of one round (Ann signed in and entered, Bo a club bot,
/// Cy a person entered by the organizer) paired: the organizer's, Ann's and
/// a stranger's sessions, the event's id and its one table's id.
async fn online_round(a: std::net::SocketAddr) -> (String, String, String, String, String) {
    let org = sign_up(a, "Host").await;
    let ann = sign_up(a, "Ann").await;
    let stranger = sign_up(a, "Stranger").await;
    let id = make(
        a,
        &org,
        json!({"name": "Net", "division": "junior", "rounds": 1, "online": true, "bot_pace": 0, "grace_minutes": 0}),
    )
    .await;
    let r = post(
        a,
        &format!("/api/tournaments/{id}/join"),
        json!({}),
        Some(&ann),
    )
    .await;
    assert_eq!(r.status, 201, "{}", r.body);
    enter(a, &id, &org, json!({"name": "Bo", "bot": "club"})).await;
    enter(a, &id, &org, json!({"name": "Cy"})).await;
    let r = post(
        a,
        &format!("/api/tournaments/{id}/rounds"),
        json!({}),
        Some(&org),
    )
    .await;
    assert_eq!(r.status, 201, "{}", r.body);
    let ev = get(a, &format!("/api/tournaments/{id}"), None).await.body;
    let table = ev["paired"][0]["tables"][0]["online"]
        .as_str()
        .expect("an online table")
        .to_string();
    (org, ann, stranger, id, table)
}

/// An online event of Ann (an account that entered itself), Bo (a club
/// bot) and Cy (entered by the organizer), one table of three: the bot's
/// seat shows "Bo (bot)", the people's seats their names; a stranger is
/// refused `seat-reserved` over WebSocket and HTTP, with or without a seat
/// number or a wrong key; Ann, signed in, gets her key and sits as "Ann"
/// whatever name she types; Cy's link (from the organizer) seats Cy.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn entrants_sit_under_their_names_and_strangers_are_refused() {
    for db in databases().await {
        let s = Server::start(&db);
        let a = s.addr;
        let (org, ann, stranger, id, table) = online_round(a).await;
        let info = get(a, &format!("/api/tables/{table}"), None).await.body;
        let names = seat_names(&info);
        assert!(names.contains(&"Bo (bot)".to_string()), "{info}");
        assert!(
            names.contains(&"Ann".to_string()) && names.contains(&"Cy".to_string()),
            "{info}"
        );
        assert!(!names.iter().any(|n| n.contains("Club bot")), "{info}");
        let seat_of = |n: &str| names.iter().position(|x| x == n).unwrap();

        // A stranger: no free seat that is not reserved.
        let mut c = Client::connect(a).await;
        for extra in [
            json!({}),
            json!({"seat": seat_of("Ann")}),
            json!({"key": "0123456789abcdef0123456789abcdef"}),
        ] {
            let e = try_join(&mut c, &table, "Mallory", extra.clone()).await;
            assert_eq!(
                (e["type"].as_str(), e["code"].as_str()),
                (Some("error"), Some("seat-reserved")),
                "{extra}: {e}"
            );
        }
        // The same code over HTTP: a stranger signed in, and nobody signed out.
        for who in [Some(stranger.as_str()), None] {
            let r = get(a, &format!("/api/tournaments/{id}/entries/1/seat"), who).await;
            assert_eq!(
                (r.status, r.body["error"]["code"].as_str()),
                (403, Some("seat-reserved")),
                "{}",
                r.body
            );
        }
        let r = get(a, &format!("/api/tournaments/{id}/seats"), Some(&stranger)).await;
        assert_eq!(r.body["seats"], json!([]), "{}", r.body);

        // Ann, signed in, sees her own seat only, and sits under her name.
        let r = get(a, &format!("/api/tournaments/{id}/seats"), Some(&ann)).await;
        let mine = r.body["seats"].as_array().unwrap();
        assert_eq!(mine.len(), 1, "{}", r.body);
        assert_eq!(mine[0]["name"], "Ann");
        let key = mine[0]["key"].as_str().unwrap().to_string();
        assert_eq!(
            mine[0]["table_link"].as_str(),
            Some(format!("/t/{table}?key={key}").as_str())
        );
        let mut ann_ws = Client::connect(a).await;
        let j = try_join(
            &mut ann_ws,
            &table,
            "Annie",
            json!({"key": key, "seat": seat_of("Cy")}),
        )
        .await;
        assert_eq!(j["code"], "seat-reserved", "her key is not Cy's seat: {j}");
        let j = try_join(&mut ann_ws, &table, "Annie", json!({"key": key})).await;
        assert_eq!(
            (j["type"].as_str(), j["name"].as_str()),
            (Some("joined"), Some("Ann")),
            "{j}"
        );
        assert_eq!(j["seat"].as_u64(), Some(seat_of("Ann") as u64));

        // The organizer hands out Cy's link; its holder sits as Cy.
        let r = get(a, &format!("/api/tournaments/{id}/seats"), Some(&org)).await;
        let all = r.body["seats"].as_array().unwrap();
        let listed: Vec<&str> = all.iter().map(|x| x["name"].as_str().unwrap()).collect();
        assert_eq!(listed, ["Ann", "Cy"], "people only, no bot: {}", r.body);
        let cy_key = all[1]["key"].as_str().unwrap().to_string();
        assert_ne!(cy_key, key);
        let r = get(
            a,
            &format!("/api/tournaments/{id}/entries/3/seat?key={key}"),
            None,
        )
        .await;
        assert_eq!(
            r.body["error"]["code"], "seat-reserved",
            "Ann's key is not Cy's: {}",
            r.body
        );
        let r = get(
            a,
            &format!("/api/tournaments/{id}/entries/3/seat?key={cy_key}"),
            None,
        )
        .await;
        assert_eq!(r.status, 200, "{}", r.body);
        assert_eq!(
            r.body["table_link"].as_str(),
            Some(format!("/t/{table}?key={cy_key}").as_str())
        );
        let r = get(
            a,
            &format!("/api/tournaments/{id}/entries/2/seat"),
            Some(&org),
        )
        .await;
        assert_eq!(
            (r.status, r.body["error"]["field"].as_str()),
            (400, Some("entry")),
            "a bot's entry: {}",
            r.body
        );
        let j = try_join(&mut c, &table, "Mallory", json!({"key": cy_key})).await;
        assert_eq!(
            (j["type"].as_str(), j["name"].as_str()),
            (Some("joined"), Some("Cy")),
            "{j}"
        );

        let info = get(a, &format!("/api/tables/{table}"), None).await.body;
        assert_eq!(seat_names(&info), names, "{info}");
        assert_eq!(info["status"], "playing", "every seat taken: {info}");
        s.stop();
    }
}

/// `POST /api/tables` keeps its JSON: without `names` a bot is "Club bot";
/// `names` and `keys` are checked per seat, each refusal naming its field.
#[tokio::test]
async fn named_and_reserved_seats_of_post_api_tables() {
    let db = databases().await.remove(0);
    let s = Server::start(&db);
    let bots = json!([{"kind": "human"}, {"kind": "bot", "level": "club"}]);
    let t = s
        .create_table(json!({"division": "junior", "seats": bots}))
        .await;
    assert_eq!(seat_names(&t)[1], "Club bot", "{t}");
    for (body, field) in [
        (json!({"names": ["Ann"]}), "names"),
        (json!({"keys": [null, "0123456789abcdef"]}), "keys[1]"),
        (json!({"keys": ["short", null]}), "keys[0]"),
        (json!({"names": ["Ann", "ann"]}), "names[1]"),
    ] {
        let mut req = json!({"division": "junior", "seats": bots});
        req.as_object_mut()
            .unwrap()
            .extend(body.as_object().unwrap().clone());
        let (status, v) = http(s.addr, "POST", "/api/tables", Some(req)).await;
        assert_eq!(
            (status, v["error"]["field"].as_str()),
            (400, Some(field)),
            "{v}"
        );
    }
    let key = "a-secret-key-of-sixteen";
    let t = s
        .create_table(json!({"division": "junior", "seats": bots, "names": ["Ann", "Bo"], "keys": [key, null]}))
        .await;
    assert_eq!(seat_names(&t), ["Ann", "Bo (bot)"], "{t}");
    // A bot's name may have the word "bot"; a person's may not ("Names").
    let named = s
        .create_table(json!({"division": "junior", "seats": bots, "names": [null, "Bot Bob"]}))
        .await;
    assert_eq!(seat_names(&named)[1], "Bot Bob (bot)", "{named}");
    let req = json!({"division": "junior", "seats": bots, "names": ["Bot Bob", null]});
    let (status, v) = http(s.addr, "POST", "/api/tables", Some(req)).await;
    assert_eq!(
        (status, v["error"]["field"].as_str()),
        (400, Some("names[0]")),
        "{v}"
    );
    let id = t["id"].as_str().unwrap();
    let mut c = Client::connect(s.addr).await;
    let e = try_join(&mut c, id, "Zed", json!({})).await;
    assert_eq!(e["code"], "seat-reserved", "{e}");
    let j = try_join(&mut c, id, "Zed", json!({"key": key})).await;
    assert_eq!(
        (j["type"].as_str(), j["name"].as_str()),
        (Some("joined"), Some("Ann")),
        "{j}"
    );
    s.stop();
}

/// The pages of a PDF (`/Type /Page` objects, not `/Pages`).
fn page_count(pdf: &[u8]) -> usize {
    let text = String::from_utf8_lossy(pdf).replace("/Type /", "/Type/");
    text.matches("/Type/Page").count() - text.matches("/Type/Pages").count()
}

/// `GET …/certificates.pdf`: an A4 page per award — each placed player,
/// then each placed school, division by division — with the event, the
/// division, the place and the name.
#[tokio::test]
async fn certificates_print_a_page_per_award() {
    for db in databases().await {
        let s = Server::start(&db);
        let a = s.addr;
        let org = sign_up(a, "Director").await;
        let id = make(
            a,
            &org,
            json!({"name": "County Finals", "divisions": ["middle", "junior"], "rounds": 1, "first_round": "seeds"}),
        )
        .await;
        for school in ["Adams", "Curie"] {
            let r = post(
                a,
                &format!("/api/tournaments/{id}/schools"),
                json!({"name": school}),
                Some(&org),
            )
            .await;
            assert_eq!(r.status, 201, "{}", r.body);
        }
        let players = [
            ("Ann", "Adams", "middle"),
            ("Bo", "Curie", "middle"),
            ("Cy", "Adams", "middle"),
            ("Di", "Curie", "junior"),
            ("Ed", "Adams", "junior"),
        ];
        for (name, school, division) in players {
            enter(
                a,
                &id,
                &org,
                json!({"name": name, "school": school, "division": division}),
            )
            .await;
        }
        let r = post(
            a,
            &format!("/api/tournaments/{id}/rounds"),
            json!({}),
            Some(&org),
        )
        .await;
        assert_eq!(r.status, 201, "{}", r.body);
        let ev = get(a, &format!("/api/tournaments/{id}"), None).await.body;
        for t in ev["paired"][0]["tables"].as_array().unwrap() {
            let who: Vec<&str> = t["players"]
                .as_array()
                .unwrap()
                .iter()
                .map(|p| p.as_str().unwrap())
                .collect();
            let points: &[u8] = if who.len() == 3 { &[6, 4, 2] } else { &[6, 4] };
            let mp: serde_json::Map<String, Value> = who
                .iter()
                .zip(points)
                .map(|(n, p)| (n.to_string(), json!(p)))
                .collect();
            let r = post(
                a,
                &format!("/api/tournaments/{id}/results"),
                json!({"round": 1, "table": t["table"], "match_points": mp}),
                Some(&org),
            )
            .await;
            assert_eq!(r.status, 200, "{}", r.body);
        }
        let r = post(
            a,
            &format!("/api/tournaments/{id}/awards"),
            json!({"places": 2, "team_places": 1, "team_size": 1}),
            Some(&org),
        )
        .await;
        assert_eq!(r.status, 200, "{}", r.body);
        let aw = get(a, &format!("/api/tournaments/{id}/awards"), None)
            .await
            .body;
        let mut awarded = Vec::new();
        for d in aw["divisions"].as_array().unwrap() {
            for p in d["places"].as_array().unwrap() {
                awarded.push(p["name"].as_str().unwrap().to_string());
            }
            for p in d["schools"].as_array().unwrap() {
                awarded.push(p["school"].as_str().unwrap().to_string());
            }
        }
        assert_eq!(
            awarded.len(),
            6,
            "2 places and a school in each division: {aw}"
        );
        let (status, head, pdf) =
            get_bytes(a, &format!("/api/tournaments/{id}/certificates.pdf")).await;
        assert_eq!(status, 200);
        assert!(head.contains("content-type: application/pdf"), "{head}");
        assert!(pdf.starts_with(b"%PDF"));
        assert_eq!(page_count(&pdf), awarded.len());
        let text = pdf_text(&pdf);
        for n in &awarded {
            assert!(text.contains(&format!("\n{n}\n")), "{n} missing: {text}");
        }
        for words in [
            "On-Sets: County Finals",
            "for 1st place in the Middle division",
            "for 2nd place in the Junior division",
            "for 1st place among the schools of the Junior division",
        ] {
            assert!(text.contains(words), "{words} missing: {text}");
        }
        let (status, _, _) = get_bytes(a, "/api/tournaments/nope/certificates.pdf").await;
        assert_eq!(status, 404);
        s.stop();
    }
}

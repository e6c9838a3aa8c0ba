//! A tournament day against a real server (docs/tournaments.md, the
//! organizer's guide; docs/protocol.md, "Tournament days"): the public list
//! of events, profiles, scoresheets entered shake by shake, schools and
//! coaches, divisions, check-in, rooms, judges and awards, on SQLite and,
//! when `ONSETS_TEST_POSTGRES_URL` is set, PostgreSQL.

mod common;
use common::*;
use serde_json::{json, Value};
use std::net::SocketAddr;

async fn make(a: SocketAddr, org: &str, body: Value) -> String {
    let r = post(a, "/api/tournaments", body, Some(org)).await;
    assert_eq!(r.status, 201, "{}", r.body);
    r.body["id"].as_str().unwrap().to_string()
}

async fn enter(a: SocketAddr, id: &str, who: &str, body: Value) -> Reply {
    post(
        a,
        &format!("/api/tournaments/{id}/entries"),
        body,
        Some(who),
    )
    .await
}

/// `GET /api/tournaments` answers signed out with every event's public line.
#[tokio::test]
async fn the_public_list_of_events_is_shown_signed_out() {
    for db in databases().await {
        let s = Server::start(&db);
        let a = s.addr;
        let org = sign_up(a, "Lister").await;
        let id = make(
            a,
            &org,
            json!({"name": "Open Day", "division": "junior", "rounds": 2}),
        )
        .await;
        let r = get(a, "/api/tournaments", None).await;
        assert_eq!(r.status, 200, "{}", r.body);
        let list = r.body["tournaments"].as_array().unwrap();
        let line = list.iter().find(|t| t["id"] == id.as_str()).unwrap();
        assert_eq!(line["name"], "Open Day");
        assert_eq!(line["organizer"], "Lister");
        assert_eq!(line["link"], format!("/tournaments/{id}"));
        assert_eq!(
            (line["round"].clone(), line["rounds"].clone()),
            (json!(0), json!(2))
        );
        // Making an event is still by POST, signed in.
        let r = post(
            a,
            "/api/tournaments",
            json!({"name": "X", "division": "junior", "rounds": 1}),
            None,
        )
        .await;
        assert_eq!(r.status, 401);
        s.stop();
    }
}

/// An organizer who also plays their event sees it once on their profile,
/// with both roles and their place.
#[tokio::test]
async fn a_profile_shows_an_event_organized_and_played_with_its_place() {
    for db in databases().await {
        let s = Server::start(&db);
        let a = s.addr;
        let org = sign_up(a, "Dana").await;
        let id = make(
            a,
            &org,
            json!({"name": "Club Night", "division": "middle", "rounds": 1, "first_round": "seeds"}),
        )
        .await;
        let r = post(
            a,
            &format!("/api/tournaments/{id}/join"),
            json!({}),
            Some(&org),
        )
        .await;
        assert_eq!(r.status, 201, "{}", r.body);
        assert_eq!(
            enter(a, &id, &org, json!({"name": "Eli"})).await.status,
            201
        );
        let p = get(a, "/api/accounts/Dana", None).await.body;
        let events = p["events"].as_array().unwrap();
        assert_eq!(events.len(), 1, "{p}");
        assert_eq!(events[0]["role"], "organizer and player", "{p}");
        assert_eq!(events[0]["roles"], json!(["organizer", "player"]));
        assert_eq!(events[0]["place"], 1, "{p}");
        s.stop();
    }
}

/// A scoresheet given shake by shake (X, XII-A): the match scores are the
/// sums, the match points follow, and the shake points count in the
/// standings' second tie-break; malformed sheets are refused by field.
#[tokio::test]
async fn shakes_give_match_scores_points_and_the_shake_tie_break() {
    for db in databases().await {
        let s = Server::start(&db);
        let a = s.addr;
        let org = sign_up(a, "Sheets").await;
        let id = make(
            a,
            &org,
            json!({"name": "Sheets", "division": "middle", "rounds": 2, "first_round": "seeds"}),
        )
        .await;
        for n in ["Ann", "Bo", "Cy", "Di"] {
            assert_eq!(enter(a, &id, &org, json!({"name": n})).await.status, 201);
        }
        let r = post(
            a,
            &format!("/api/tournaments/{id}/rounds"),
            json!({}),
            Some(&org),
        )
        .await;
        assert_eq!(r.status, 201, "{}", r.body);
        let res = format!("/api/tournaments/{id}/results");
        // Table 1: two players (4 entries sit 2 + 2).
        let players = r.body["tables"][0]["players"].clone();
        let (p0, p1) = (players[0].as_str().unwrap(), players[1].as_str().unwrap());
        let bad_width = post(
            a,
            &res,
            json!({"round": 1, "table": 1, "shakes": [[6, 2, 4]]}),
            Some(&org),
        )
        .await;
        assert_eq!(
            (bad_width.status, bad_width.body["error"]["field"].clone()),
            (400, json!("shakes")),
            "{}",
            bad_width.body
        );
        let bad_score = post(
            a,
            &res,
            json!({"round": 1, "table": 1, "shakes": [[6, 99]]}),
            Some(&org),
        )
        .await;
        assert_eq!(
            (bad_score.status, bad_score.body["error"]["field"].clone()),
            (400, json!("shakes"))
        );
        let wrong = post(
            a,
            &res,
            json!({"round": 1, "table": 1, "shakes": [[6, 2], [4, 4]], "match_points": {p0: 4, p1: 6}}),
            Some(&org),
        )
        .await;
        assert_eq!(
            (wrong.status, wrong.body["error"]["field"].clone()),
            (400, json!("scores")),
            "{}",
            wrong.body
        );
        let ok = post(
            a,
            &res,
            json!({"round": 1, "table": 1, "shakes": [[6, 2], [4, 4], [-2, 6]], "initials": ["ab", "cd"]}),
            Some(&org),
        )
        .await;
        assert_eq!(ok.status, 200, "{}", ok.body);
        assert_eq!(ok.body["match_scores"], json!([8, 12]));
        assert_eq!(ok.body["points"], json!([4, 6]));
        // Table 2: a level match, 5 each.
        let ok = post(
            a,
            &res,
            json!({"round": 1, "table": 2, "shakes": [[6, 2], [2, 6]]}),
            Some(&org),
        )
        .await;
        assert_eq!(
            (ok.status, ok.body["points"].clone()),
            (200, json!([5, 5])),
            "{}",
            ok.body
        );
        let st = get(a, &format!("/api/tournaments/{id}/standings"), None)
            .await
            .body;
        let line = |n: &str| {
            st["standings"]
                .as_array()
                .unwrap()
                .iter()
                .find(|r| r["name"] == n)
                .cloned()
                .unwrap()
        };
        assert_eq!(line(p1)["shake_points"], 12, "{st}");
        assert_eq!(line(p0)["shake_points"], 8, "{st}");
        // The sheet is kept with its initials and who entered it.
        let ev = get(a, &format!("/api/tournaments/{id}"), None).await.body;
        let sheet = &ev["paired"][0]["tables"][0]["sheet"];
        assert_eq!(sheet["initials"], json!(["AB", "CD"]), "{ev}");
        assert_eq!(sheet["by"], "Sheets");
        assert_eq!(ev["paired"][0]["tables"][0]["in"], true);
        s.stop();
    }
}

/// The names of round 1's tables' players, and their schools, by table.
fn seated(ev: &Value, round: usize) -> Vec<(String, String, Vec<String>)> {
    ev["paired"][round]["tables"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            (
                t["division"].as_str().unwrap().to_string(),
                t["room"].as_str().unwrap_or("").to_string(),
                t["players"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|p| p.as_str().unwrap().to_string())
                    .collect(),
            )
        })
        .collect()
}

/// Three schools, each entering players in two divisions through its coach.
async fn register_schools(a: SocketAddr, id: &str, org: &str) -> Vec<String> {
    let mut coaches = Vec::new();
    for (school, coach) in [
        ("Adams", "Coach A"),
        ("Banneker", "Coach B"),
        ("Curie", "Coach C"),
    ] {
        let r = post(
            a,
            &format!("/api/tournaments/{id}/schools"),
            json!({"name": school}),
            Some(org),
        )
        .await;
        assert_eq!(r.status, 201, "{}", r.body);
        let code = r.body["code"].as_str().unwrap().to_string();
        assert!(r.body["id"].as_u64().is_some());
        let c = sign_up(a, coach).await;
        let wrong = post(
            a,
            &format!("/api/tournaments/{id}/coach"),
            json!({"code": "NOPE"}),
            Some(&c),
        )
        .await;
        assert_eq!(
            (wrong.status, wrong.body["error"]["field"].clone()),
            (400, json!("code"))
        );
        let r = post(
            a,
            &format!("/api/tournaments/{id}/coach"),
            json!({"code": code}),
            Some(&c),
        )
        .await;
        assert_eq!(
            (r.status, r.body["name"].clone()),
            (200, json!(school)),
            "{}",
            r.body
        );
        for (i, division) in ["middle", "middle", "junior", "junior"].iter().enumerate() {
            let name = format!("{} {}{}", &school[..1], division, i + 1);
            let r = enter(a, id, &c, json!({"name": name, "division": division})).await;
            assert_eq!(
                (r.status, r.body["school"].clone()),
                (201, json!(school)),
                "{}",
                r.body
            );
        }
        coaches.push(c);
    }
    // A coach enters only for their own school.
    let r = enter(
        a,
        id,
        &coaches[0],
        json!({"name": "Stray", "school": "Curie"}),
    )
    .await;
    assert_eq!(r.status, 403, "{}", r.body);
    let r = enter(
        a,
        id,
        &coaches[0],
        json!({"name": "Stray", "division": "senior"}),
    )
    .await;
    assert_eq!(
        (r.status, r.body["error"]["field"].clone()),
        (400, json!("division"))
    );
    coaches
}

/// Check-in on the day: two no-shows withdrawn, one late entry.
async fn check_in_the_day(a: SocketAddr, id: &str, org: &str, coach: &str) {
    let r = post(
        a,
        &format!("/api/tournaments/{id}/registration"),
        json!({"open": false}),
        Some(org),
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.body);
    let r = enter(
        a,
        id,
        coach,
        json!({"name": "Too Late", "division": "middle"}),
    )
    .await;
    assert_eq!(
        (r.status, r.body["error"]["field"].clone()),
        (400, json!("registration")),
        "{}",
        r.body
    );
    let r = enter(
        a,
        id,
        org,
        json!({"name": "Late Lu", "division": "junior", "school": "Banneker"}),
    )
    .await;
    assert_eq!(
        (r.status, r.body["late"].clone()),
        (201, json!(true)),
        "{}",
        r.body
    );
    let ev = get(a, &format!("/api/tournaments/{id}"), None).await.body;
    for e in ev["entries"].as_array().unwrap() {
        let name = e["name"].as_str().unwrap();
        if name == "A middle2" || name == "B junior4" {
            continue;
        }
        let r = post(
            a,
            &format!("/api/tournaments/{id}/checkin"),
            json!({"name": name}),
            Some(org),
        )
        .await;
        assert_eq!(
            (r.status, r.body["checked_in"].clone()),
            (200, json!(true)),
            "{}",
            r.body
        );
    }
    let r = post(
        a,
        &format!("/api/tournaments/{id}/checkin"),
        json!({"name": "Nobody"}),
        Some(org),
    )
    .await;
    assert_eq!(
        (r.status, r.body["error"]["field"].clone()),
        (400, json!("name"))
    );
    let r = post(
        a,
        &format!("/api/tournaments/{id}/no-shows"),
        json!({}),
        Some(org),
    )
    .await;
    assert_eq!(
        r.body["withdrawn"],
        json!(["A middle2", "B junior4"]),
        "{}",
        r.body
    );
}

/// Every table's scoresheet of `round` from its room's judge: the first
/// seat wins every shake.
async fn judges_enter(a: SocketAddr, id: &str, round: u64, judges: &[(String, String)]) {
    let ev = get(a, &format!("/api/tournaments/{id}"), None).await.body;
    let tables = ev["paired"][(round - 1) as usize]["tables"]
        .as_array()
        .unwrap()
        .clone();
    for t in &tables {
        let room = t["room"].as_str().unwrap();
        let n = t["players"].as_array().unwrap().len();
        let shake: Vec<i64> = (0..n).map(|i| if i == 0 { 6 } else { 2 }).collect();
        let body = json!({"round": round, "table": t["table"], "shakes": [shake.clone(), shake]});
        let (mine, other) = if judges[0].0 == room {
            (&judges[0].1, &judges[1].1)
        } else {
            (&judges[1].1, &judges[0].1)
        };
        let r = post(
            a,
            &format!("/api/tournaments/{id}/results"),
            body.clone(),
            Some(other),
        )
        .await;
        assert_eq!(r.status, 403, "a judge of the other room: {}", r.body);
        let r = post(
            a,
            &format!("/api/tournaments/{id}/results"),
            body,
            Some(mine),
        )
        .await;
        assert_eq!(r.status, 200, "{}", r.body);
    }
}

/// The day before round 1: a two-division event, three schools, check-in,
/// two rooms (tables 1–2 and 3–5) with a judge each: the event's id and the
/// judges' rooms and sessions.
async fn the_day_before(a: SocketAddr, org: &str) -> (String, Vec<(String, String)>) {
    let id = make(
        a,
        org,
        json!({"name": "Regional", "divisions": ["middle", "junior"], "rounds": 2, "seed": 5}),
    )
    .await;
    let ev = get(a, &format!("/api/tournaments/{id}"), None).await.body;
    assert_eq!(ev["divisions"], json!(["middle", "junior"]));
    let coaches = register_schools(a, &id, org).await;
    check_in_the_day(a, &id, org, &coaches[0]).await;
    for (room, tables) in [("Gym", 2), ("Library", 3)] {
        let r = post(
            a,
            &format!("/api/tournaments/{id}/rooms"),
            json!({"name": room, "tables": tables}),
            Some(org),
        )
        .await;
        assert_eq!(r.status, 201, "{}", r.body);
    }
    let r = post(
        a,
        &format!("/api/tournaments/{id}/rooms"),
        json!({"name": "Hall", "tables": 0}),
        Some(org),
    )
    .await;
    assert_eq!(
        (r.status, r.body["error"]["field"].clone()),
        (400, json!("tables"))
    );
    let mut judges = Vec::new();
    for (room, judge) in [("Gym", "Judge G"), ("Library", "Judge L")] {
        let j = sign_up(a, judge).await;
        let r = post(
            a,
            &format!("/api/tournaments/{id}/judges"),
            json!({"name": judge, "room": room}),
            Some(org),
        )
        .await;
        assert_eq!(r.status, 200, "{}", r.body);
        judges.push((room.to_string(), j));
    }
    (id, judges)
}

/// Round 1's tables: each division apart, no no-show seated, school-mates
/// apart, every table in a room in order.
fn check_round_one(ev: &Value) {
    let school_of = |n: &str| {
        ev["entries"]
            .as_array()
            .unwrap()
            .iter()
            .find(|e| e["name"] == n)
            .unwrap()["school"]
            .as_str()
            .unwrap()
            .to_string()
    };
    let tables = seated(ev, 0);
    // Middle: 5 still in (3 + 2); junior: 6 (3 + 3), numbered 1–4 in
    // the rooms' order.
    assert_eq!(tables.len(), 4, "{tables:?}");
    for (division, room, players) in &tables {
        for p in players {
            assert!(
                p.contains(&division[..]) || p == "Late Lu",
                "{p} at a {division} table"
            );
            assert!(p != "A middle2" && p != "B junior4", "a no-show seated");
        }
        let mut schools: Vec<String> = players.iter().map(|p| school_of(p)).collect();
        schools.sort();
        schools.dedup();
        assert_eq!(
            schools.len(),
            players.len(),
            "school-mates apart: {players:?}"
        );
        assert!(room == "Gym" || room == "Library", "{room}");
    }
    assert_eq!(tables[0].1, "Gym");
    assert_eq!(tables[2].1, "Library");
}

/// A correction by the organizer of round 1's table 1 (the last seat wins),
/// logged with who and when.
async fn correct_table_one(a: SocketAddr, id: &str, org: &str, ev: &Value) {
    let t1 = &ev["paired"][0]["tables"][0];
    let n = t1["players"].as_array().unwrap().len();
    let shake: Vec<i64> = (0..n).map(|i| if i == n - 1 { 6 } else { 2 }).collect();
    let r = post(
        a,
        &format!("/api/tournaments/{id}/results"),
        json!({"round": 1, "table": 1, "shakes": [shake]}),
        Some(org),
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.body);
    let ev = get(a, &format!("/api/tournaments/{id}"), None).await.body;
    let c = &ev["corrections"][0];
    assert_eq!(
        (c["round"].clone(), c["table"].clone(), c["by"].clone()),
        (json!(1), json!(1), json!("Director")),
        "{ev}"
    );
    assert!(c["at"].as_i64().unwrap() > 1_700_000_000);
}

/// The awards after the last round: three places and two schools in each
/// division, with shake points, and the awards list PDF.
async fn the_awards(a: SocketAddr, id: &str, org: &str) {
    let r = post(
        a,
        &format!("/api/tournaments/{id}/awards"),
        json!({"places": 3, "team_places": 2, "team_size": 2}),
        Some(org),
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.body);
    let aw = get(a, &format!("/api/tournaments/{id}/awards"), None)
        .await
        .body;
    assert_eq!(aw["finished"], true);
    for d in aw["divisions"].as_array().unwrap() {
        assert_eq!(d["places"].as_array().unwrap().len(), 3, "{aw}");
        assert_eq!(d["schools"].as_array().unwrap().len(), 2, "{aw}");
        assert!(d["places"][0]["shake_points"].as_i64().unwrap() > 0, "{aw}");
    }
    let st = get(a, &format!("/api/tournaments/{id}/standings"), None)
        .await
        .body;
    assert_eq!(st["divisions"][1]["division"], "junior");
    assert_eq!(st["divisions"][1]["standings"][0]["place"], 1);
    let (status, _, pdf) = get_bytes(a, &format!("/api/tournaments/{id}/awards.pdf")).await;
    assert_eq!(status, 200);
    let text = pdf_text(&pdf);
    let first = aw["divisions"][0]["places"][0]["name"].as_str().unwrap();
    assert!(
        text.contains("Awards: middle") && text.contains(first),
        "{text}"
    );
}

/// A two-division day: three schools register through their coaches,
/// registration closes, check-in withdraws the no-shows, two rooms number
/// the tables, each division is paired apart with school-mates apart, the
/// rooms' judges enter the scoresheets, a correction is logged, and the
/// awards list prints.
#[tokio::test]
async fn a_two_division_day_with_schools_rooms_judges_and_awards() {
    for db in databases().await {
        let s = Server::start(&db);
        let a = s.addr;
        let org = sign_up(a, "Director").await;
        let (id, judges) = the_day_before(a, &org).await;
        let r = post(
            a,
            &format!("/api/tournaments/{id}/rounds"),
            json!({}),
            Some(&org),
        )
        .await;
        assert_eq!(r.status, 201, "{}", r.body);
        let ev = get(a, &format!("/api/tournaments/{id}"), None).await.body;
        check_round_one(&ev);
        judges_enter(a, &id, 1, &judges).await;
        correct_table_one(a, &id, &org, &ev).await;
        // The pairings of each room print.
        let (status, _, pdf) =
            get_bytes(a, &format!("/api/tournaments/{id}/rounds/1/pairings.pdf")).await;
        assert_eq!(status, 200);
        let text = pdf_text(&pdf);
        assert!(
            text.contains("Room Gym") && text.contains("Room Library"),
            "{text}"
        );
        let r = post(
            a,
            &format!("/api/tournaments/{id}/rounds"),
            json!({}),
            Some(&org),
        )
        .await;
        assert_eq!(r.status, 201, "{}", r.body);
        judges_enter(a, &id, 2, &judges).await;
        the_awards(a, &id, &org).await;
        s.stop();
    }
}

/// An online table whose person never takes their seat is forfeited (the
/// absent "Did Not Play", XII-A; docs/rulings.md): at the grace minutes'
/// end, or when the organizer asks (`…/forfeits`); the bot present scores 6.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_online_table_whose_person_never_comes_is_forfeited() {
    for db in databases().await {
        let s = Server::start(&db);
        let a = s.addr;
        let org = sign_up(a, "Host").await;
        let other = sign_up(a, "Other").await;
        let r = post(
            a,
            "/api/tournaments",
            json!({"name": "Net", "division": "middle", "rounds": 1, "online": true, "grace_minutes": 121}),
            Some(&org),
        )
        .await;
        assert_eq!(
            (r.status, r.body["error"]["field"].clone()),
            (400, json!("grace_minutes"))
        );
        let id = make(
            a,
            &org,
            json!({"name": "Net", "division": "middle", "rounds": 1, "online": true, "grace_minutes": 5, "bot_pace": 0}),
        )
        .await;
        assert_eq!(
            enter(a, &id, &org, json!({"name": "Absent Al"}))
                .await
                .status,
            201
        );
        assert_eq!(
            enter(a, &id, &org, json!({"name": "Robo", "bot": "beginner"}))
                .await
                .status,
            201
        );
        let r = post(
            a,
            &format!("/api/tournaments/{id}/rounds"),
            json!({}),
            Some(&org),
        )
        .await;
        assert_eq!(r.status, 201, "{}", r.body);
        let forfeits = format!("/api/tournaments/{id}/forfeits");
        assert_eq!(
            post(a, &forfeits, json!({}), Some(&other)).await.status,
            403
        );
        let r = post(a, &forfeits, json!({}), Some(&org)).await;
        assert_eq!(
            (r.status, r.body["forfeited"].clone()),
            (200, json!([1])),
            "{}",
            r.body
        );
        let st = get(a, &format!("/api/tournaments/{id}/standings"), None)
            .await
            .body;
        let mp = |n: &str| {
            st["standings"]
                .as_array()
                .unwrap()
                .iter()
                .find(|r| r["name"] == n)
                .unwrap()["match_points"]
                .clone()
        };
        assert_eq!((mp("Robo"), mp("Absent Al")), (json!(6), json!(0)), "{st}");
        // Nothing is left to forfeit.
        let r = post(a, &forfeits, json!({}), Some(&org)).await;
        assert_eq!(r.body["forfeited"], json!([]));
        s.stop();
    }
}

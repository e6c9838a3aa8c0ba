//! Hidden stays hidden (docs/security/hidden.md): while a match is played
//! no route, frame or ruling carries its seed or a Solution the view filter
//! hides; a commitment to the seed is public from the start, and the seed
//! (with the salt) once the match is over, hashing to it.

use crate::common::*;
use onsets_core::{Division, Edition, Form1969};
use onsets_engine::manual1969::{
    Act1969, Action1969, Claim, Game, Header1969, Settings1969, Side, FORMAT_1969,
};
use onsets_engine::{
    Act, Action, ChallengeKind, Dice, GoalSpec, Match, MatchConfig, Place, SetOut, ShakeDice,
    SALT_BYTES,
};
use serde_json::{json, Value};
use sha2::{Digest, Sha256};
use std::time::Duration;

const SOLUTION: &str = "B − R";
const SOLUTION_1969: &str = "(G ∪ B) ∪ R";

/// The documented commitment, computed here without the engine: hex of
/// SHA-256 over the 32 salt bytes and the seed as 8 bytes big-endian.
fn commitment(seed: u64, salt_hex: &str) -> String {
    let salt: Vec<u8> = (0..salt_hex.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&salt_hex[i..i + 2], 16).unwrap())
        .collect();
    assert_eq!(salt.len(), SALT_BYTES);
    let mut h = Sha256::new();
    h.update(&salt);
    h.update(seed.to_be_bytes());
    h.finalize().iter().map(|b| format!("{b:02x}")).collect()
}

/// The header (first line) of a log as JSON.
fn header(log: &str) -> Value {
    serde_json::from_str(log.lines().next().unwrap()).unwrap()
}

/// A log's header carries no seed and no salt, and the commitment.
fn withholds_the_seed(log: &str, what: &str) -> String {
    let h = header(log);
    assert!(h.get("seed").is_none(), "{what}: the seed shows: {h}");
    assert!(h.get("seed_salt").is_none(), "{what}: the salt shows: {h}");
    let c = h["seed_commitment"]
        .as_str()
        .unwrap_or_else(|| panic!("{what}: no commitment: {h}"));
    assert_eq!(c.len(), 64, "{what}: {c}");
    c.to_string()
}

/// A finished log reveals a seed and salt that hash to the commitment.
fn reveals_a_matching_seed(log: &str) {
    let h = header(log);
    let seed = h["seed"].as_u64().expect("the seed is revealed");
    let salt = h["seed_salt"].as_str().expect("the salt is revealed");
    assert_eq!(
        commitment(seed, salt),
        h["seed_commitment"].as_str().unwrap(),
        "{h}"
    );
}

async fn get_text(server: &Server, path: &str) -> (u16, String) {
    let (status, _, body) = get_bytes(server.addr, path).await;
    (status, String::from_utf8(body).unwrap())
}

async fn judge(server: &Server, body: Value) -> (u16, Value) {
    http(server.addr, "POST", "/api/judge", Some(body)).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_judge_cannot_deal_the_next_cards_of_a_live_table() {
    let db = &databases().await[0];
    let server = Server::start(db);
    let (id, mut a, mut b) = super::table(&server, 4242).await;
    // The log read by anyone.
    let (status, log) = get_text(&server, &format!("/api/tables/{id}/log")).await;
    assert_eq!(status, 200, "{log}");
    // The attack: the public log (or the table's id) and the next deal.
    let dealer = a.view["dealer"].as_u64().unwrap();
    let deal = json!({"kind":"act","act":{"type":"deal","player": dealer,"count":12}});
    for source in [json!({"log": log}), json!({"table": id})] {
        let mut body = source.clone();
        body["dispute"] = deal.clone();
        let (status, v) = judge(&server, body).await;
        assert_eq!(
            (status, v["error"]["code"].as_str()),
            (409, Some("withheld")),
            "{source}: {v}"
        );
        assert!(
            v["error"]["message"].as_str().unwrap().contains("seed"),
            "{v}"
        );
        // What needs no future draw is judged as before.
        let mut body = source;
        body["dispute"] = json!({"kind":"act","act":{"type":"clock"}});
        let (status, v) = judge(&server, body).await;
        assert_eq!(status, 200, "{v}");
    }
    let c = withholds_the_seed(&log, "live log");
    // The frames and the table's JSON carry the commitment, not the seed.
    let (_, info) = http(server.addr, "GET", &format!("/api/tables/{id}"), None).await;
    assert_eq!(info["seed_commitment"], c.as_str(), "{info}");
    let mut w = server.client().await;
    w.send(json!({"v":1,"type":"spectate","table": id})).await;
    let spectator = w.until("state", |v| v["type"] == "state").await;
    a.send(json!({"v":1,"type":"resync"})).await;
    let seat = a.until("state", |v| v["type"] == "state").await;
    for frame in [&spectator, &seat] {
        assert_eq!(frame["table"]["seed_commitment"], c.as_str(), "{frame}");
        assert_eq!(frame["match"]["seed_commitment"], c.as_str(), "{frame}");
        assert!(!frame.to_string().contains("\"seed\""), "{frame}");
        assert!(!frame.to_string().contains("seed_salt"), "{frame}");
    }
    assert!(!info.to_string().contains("\"seed\""), "{info}");
    drop(b.try_next(Duration::from_millis(1)).await);
}

/// Three players; `b` challenged `a`'s move Now and presented [`SOLUTION`];
/// the Third Party `s` has not decided. The match and (s, a, b).
fn writing_2026() -> (Match, u64, usize, usize, usize) {
    let mut config = MatchConfig::new(77, &["Ann", "Bob", "Cy"], Division::Junior, false);
    config.dice = Some(Dice {
        first_setter: Some(0),
        shakes: vec![ShakeDice {
            faces: Some("2 3 1 B R G Y B R G Y ∪ ∩ − ′ V Λ =".into()),
            cards: Some("B R G BR BG RG".into()),
        }],
        coins: Vec::new(),
    });
    config.commit_seed(&[5; SALT_BYTES]);
    let (mut m, _) = Match::new(config).unwrap();
    let mut t = 0;
    let mut act = |m: &mut Match, act: Act| {
        t += 1000;
        *m = m.apply(Action { at_ms: t, act }).unwrap().0;
    };
    let s = m.goal_setter();
    let set_out = (!m.restrictions()).then_some(SetOut::TwoUniverseOneEmpty);
    act(&mut m, Act::Roll { player: s, set_out });
    let (min, _) = Edition::Tournament2026.universe_size(Division::Junior);
    let dealer = m.dealer();
    act(
        &mut m,
        Act::Deal {
            player: dealer,
            count: min as u8,
        },
    );
    act(
        &mut m,
        Act::SetGoal {
            player: s,
            goal: GoalSpec::Layout("2".into()),
            unused_to_forbidden: true,
        },
    );
    let (a, b) = (m.left(s), m.left(m.left(s)));
    let blue = m
        .cubes()
        .iter()
        .find(|c| c.face == onsets_core::Symbol::parse("B").unwrap() && c.place == Place::Resources)
        .unwrap()
        .id;
    act(
        &mut m,
        Act::Move {
            player: a,
            cube: blue,
            to: Place::Required,
            bonus: false,
        },
    );
    act(
        &mut m,
        Act::Challenge {
            player: b,
            kind: ChallengeKind::Now,
        },
    );
    act(
        &mut m,
        Act::Present {
            player: b,
            solution: SOLUTION.into(),
            goal: None,
        },
    );
    (m, t, s, a, b)
}

/// Writes a match to the database as the server stores one, with three
/// seats whose tokens are `tok{seat}`.
async fn store_2026(db: &str, id: &str, m: &Match, status: &str) {
    let store = onsets_server::Store::open(db).await.unwrap();
    let spec = json!({"division": "junior", "adventurous": false,
        "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "human"}],
        "round_minutes": 30, "checking": "judge", "seed": 77, "bot_pace": 0});
    store.create_table(id, 0, &spec.to_string()).await.unwrap();
    for (i, name) in ["Ann", "Bob", "Cy"].iter().enumerate() {
        store
            .set_seat(id, i, name, &format!("tok{i}"))
            .await
            .unwrap();
    }
    let log = m.log_lines();
    let mut lines = log.lines();
    let mut head: Value = serde_json::from_str(lines.next().unwrap()).unwrap();
    head.as_object_mut().unwrap().remove("format");
    store.start(id, &head.to_string()).await.unwrap();
    for (i, a) in lines.enumerate() {
        store.append(id, i as u64, a).await.unwrap();
    }
    store.set_status(id, status).await.unwrap();
}

/// A seat's (or a spectator's) state frame.
async fn state_of(server: &Server, id: &str, token: Option<&str>) -> (Client, Value) {
    let mut c = server.client().await;
    match token {
        Some(t) => {
            c.send(json!({"v":1,"type":"rejoin","table": id,"token": t}))
                .await
        }
        None => c.send(json!({"v":1,"type":"spectate","table": id})).await,
    }
    let s = c
        .until("state", |v| v["type"] == "state" || v["type"] == "error")
        .await;
    assert_eq!(s["type"], "state", "{s}");
    if let Some(t) = token {
        c.token = Some(t.to_string());
    }
    (c, s)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn vii_c_3_a_live_log_withholds_the_solutions_being_written_and_the_seed() {
    let db = &databases().await[0];
    let (m, _, s, a, b) = writing_2026();
    store_2026(db, "writing1", &m, "playing").await;
    // The same match over: the round ran out and nobody presented (XI-B).
    let mut over = m.clone();
    let end = over.config().round_ms + 600_000;
    over = over
        .apply(Action {
            at_ms: end,
            act: Act::Clock,
        })
        .unwrap()
        .0;
    for p in [s, a, b] {
        if let Ok((next, _)) = over.apply(Action {
            at_ms: end,
            act: Act::Decline { player: p },
        }) {
            over = next;
        }
    }
    assert!(over.match_points().is_some(), "{:?}", over.phase());
    store_2026(db, "finished", &over, "over").await;
    let server = Server::start(db);

    // Anyone's log: no Solution being written, no seed.
    let (status, log) = get_text(&server, "/api/tables/writing1/log").await;
    assert_eq!(status, 200, "{log}");
    assert!(!log.contains(SOLUTION), "{log}");
    let c = withholds_the_seed(&log, "writing");
    // The frames: the spectator and the other seats see neither; the
    // writer sees their own Solution (Match::phase_for).
    for (who, token) in [
        ("spectator", None),
        ("the mover", Some(format!("tok{a}"))),
        ("the Third Party", Some(format!("tok{s}"))),
    ] {
        let (_, st) = state_of(&server, "writing1", token.as_deref()).await;
        let text = st.to_string();
        assert!(!text.contains(SOLUTION), "{who}: {text}");
        assert!(!text.contains("\"seed\""), "{who}: {text}");
        assert_eq!(st["match"]["seed_commitment"], c.as_str(), "{who}");
    }
    let (_, mine) = state_of(&server, "writing1", Some(&format!("tok{b}"))).await;
    assert!(
        mine["match"]["phase"].to_string().contains(SOLUTION),
        "{mine}"
    );
    // The judge does not end the writing on Solutions it cannot see.
    let (status, v) = judge(
        &server,
        json!({"table": "writing1", "dispute": {"kind":"act","act":{"type":"decline","player": s}}}),
    )
    .await;
    assert_eq!(
        (status, v["error"]["code"].as_str()),
        (409, Some("withheld")),
        "{v}"
    );
    // The Third Party declines: checking starts, the Solution is public;
    // the seed is not (the match goes on).
    let (mut third, _) = state_of(&server, "writing1", Some(&format!("tok{s}"))).await;
    let r = third.act(json!({"type":"decline"})).await;
    assert_eq!(r["type"], "accepted", "{r}");
    let (_, log) = get_text(&server, "/api/tables/writing1/log").await;
    assert!(log.contains(SOLUTION), "checked: {log}");
    assert_eq!(withholds_the_seed(&log, "checked"), c);

    // Over: everything, and a seed that hashes to the commitment.
    let (status, log) = get_text(&server, "/api/tables/finished/log").await;
    assert_eq!(status, 200);
    assert!(log.contains(SOLUTION));
    reveals_a_matching_seed(&log);
    assert_eq!(header(&log)["seed"], 77);
    server.stop();
}

/// M69 6 a (Sample Game 1) up to the writing: the Mover B (C joined him)
/// wrote [`SOLUTION_1969`], C has not.
fn writing_1969() -> Game {
    let mut header = Header1969::new(
        7,
        &["A".into(), "B".into(), "C".into()],
        Form1969::Basic,
        Settings1969 {
            plays: Some(1),
            ..Settings1969::default()
        },
    );
    header.config.dice = Some(Dice {
        first_setter: Some(1),
        shakes: vec![ShakeDice {
            faces: Some("R R R B G ∪ ∪ ∩ ∩ 1 2 4".into()),
            cards: Some("R B G RB RG BG".into()),
        }],
        coins: Vec::new(),
    });
    header.config.commit_seed(&[3; SALT_BYTES]);
    assert_eq!(header.format, FORMAT_1969);
    let (mut g, _) = Game::new(header).unwrap();
    let mut t = 0;
    let mut act = |g: &mut Game, act: Act1969| {
        t += 1000;
        *g = g.apply(Action1969 { at_ms: t, act }).unwrap().0;
    };
    act(
        &mut g,
        Act1969::Deal {
            player: 0,
            count: 6,
        },
    );
    act(&mut g, Act1969::Roll { player: 1 });
    act(
        &mut g,
        Act1969::SetGoal {
            player: 1,
            goal: "2+4".into(),
        },
    );
    for (player, face, to) in [
        (2, "∪", Place::Required),
        (0, "∩", Place::Permitted),
        (1, "R", Place::Required),
    ] {
        let s = onsets_core::Symbol::parse(face).unwrap();
        let cube = g
            .cubes()
            .iter()
            .find(|c| c.face == s && c.place == Place::Resources)
            .unwrap()
            .id;
        act(
            &mut g,
            Act1969::Move {
                player,
                cube,
                to,
                bonus: false,
            },
        );
    }
    act(
        &mut g,
        Act1969::Challenge {
            player: 0,
            claim: Claim::P,
        },
    );
    act(
        &mut g,
        Act1969::Join {
            player: 2,
            side: Side::Mover,
        },
    );
    act(
        &mut g,
        Act1969::Write {
            player: 1,
            solution: SOLUTION_1969.into(),
            goal: None,
            alternative: None,
        },
    );
    assert!(g.solutions_hidden());
    g
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn m69_3_9_b_a_live_1969_log_withholds_the_solutions_being_written_and_the_seed() {
    let db = &databases().await[0];
    let g = writing_1969();
    {
        // Stored as the server stores a 1969 table (migration 0021).
        let server = Server::start(db);
        server.stop();
        let pool = sqlx::SqlitePool::connect(db).await.unwrap();
        let seats = json!({"seats": [{"kind":"human","token":"p0"},{"kind":"human","token":"p1"},
            {"kind":"human","token":"p2"}], "window_ms": 0});
        sqlx::query("INSERT INTO tables1969 (id, created_at, updated_at, seats, log) VALUES ($1, 0, 0, $2, $3)")
            .bind("w1969")
            .bind(seats.to_string())
            .bind(g.log_lines().join("\n") + "\n")
            .execute(&pool)
            .await
            .unwrap();
        pool.close().await;
    }
    let server = Server::start(db);
    let (status, log) = get_text(&server, "/api/tables1969/w1969/log").await;
    assert_eq!(status, 200, "{log}");
    assert!(!log.contains(SOLUTION_1969), "{log}");
    let c = withholds_the_seed(&log, "1969 writing");
    let (_, state) = http(server.addr, "GET", "/api/tables1969/w1969", None).await;
    assert!(!state.to_string().contains(SOLUTION_1969), "{state}");
    assert!(!state.to_string().contains("\"seed\""), "{state}");
    assert_eq!(state["seed_commitment"], c.as_str());
    // The judge does not end the writing on a Solution it cannot see.
    let write = json!({"type":"write","player":2,"solution":"(G ∪ B) ∪ (R ∩ R)"});
    let (status, v) = judge(
        &server,
        json!({"table": "w1969", "dispute": {"kind":"act","act": write}}),
    )
    .await;
    assert_eq!(
        (status, v["error"]["code"].as_str()),
        (409, Some("withheld")),
        "{v}"
    );
    // C writes: the game is over, the log shows everything and the seed.
    let (status, v) = http(
        server.addr,
        "POST",
        "/api/tables1969/w1969/act",
        Some(json!({"token":"p2","act":{"type":"write","solution":"(G ∪ B) ∪ (R ∩ R)"}})),
    )
    .await;
    assert_eq!(status, 200, "{v}");
    assert_eq!(v["over"], true, "{v}");
    let (_, log) = get_text(&server, "/api/tables1969/w1969/log").await;
    assert!(log.contains(SOLUTION_1969), "{log}");
    reveals_a_matching_seed(&log);
    assert_eq!(header(&log)["seed"], 7);
    server.stop();
}

//! Coaches and their classes over HTTP (docs/classes.md), on SQLite and
//! PostgreSQL: rosters with managed and invited students, kid-safe managed
//! accounts, assignments counted from the puzzle attempts, the progress
//! table and its CSV, the privacy of all of it, the printable PDFs, and
//! the classroom board with its event stream.

mod common;

use common::{databases, get, post, send, session, sign_up, Client, Server};
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::time::Duration;

async fn login(addr: SocketAddr, name: &str, password: &str) -> Option<String> {
    let r = post(
        addr,
        "/api/login",
        json!({"name": name, "password": password}),
        None,
    )
    .await;
    (r.status == 200).then(|| session(&r))
}

/// A puzzle's right answer and a wrong one (a `challenge` puzzle: choices).
fn answers(id: &str) -> (String, String) {
    let p = onsets_server::puzzles::every_puzzle()
        .iter()
        .find(|p| p.id == id)
        .expect("a pool puzzle");
    let right = p.answer.as_str().expect("a challenge's answer").to_string();
    let wrong = p.choices.iter().find(|c| **c != right).unwrap().clone();
    (right, wrong)
}

async fn attempt(addr: SocketAddr, cookie: &str, puzzle: &str, answer: &str) -> Value {
    let r = post(
        addr,
        &format!("/api/puzzles/{puzzle}/attempt"),
        json!({"player": "not-an-issued-id", "answer": answer}),
        Some(cookie),
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.body);
    r.body
}

struct Class {
    id: String,
    coach: String,
    /// (username, password, name, cookie)
    students: Vec<(String, String, String, String)>,
}

/// A coach's class of three managed students, each signed in.
async fn a_class(addr: SocketAddr, coach_name: &str) -> Class {
    let coach = sign_up(addr, coach_name).await;
    let r = post(
        addr,
        "/api/classes",
        json!({"name": "Room 12 club", "division": "Middle"}),
        Some(&coach),
    )
    .await;
    assert_eq!(r.status, 201, "{}", r.body);
    assert_eq!(r.body["name"], "Room 12 club");
    assert_eq!(r.body["division"], "middle");
    assert_eq!(r.body["edition"], "2026-27");
    let id = r.body["id"].as_str().unwrap().to_string();
    let r = post(
        addr,
        &format!("/api/classes/{id}/students"),
        json!({"names": ["Ann Lee", "  ", "Bo Chen", "Cy Diaz"]}),
        Some(&coach),
    )
    .await;
    assert_eq!(r.status, 201, "{}", r.body);
    let list = r.body["students"].as_array().unwrap();
    assert_eq!(list.len(), 3, "the blank line is skipped");
    let mut students = Vec::new();
    for s in list {
        let (u, p, n) = (
            s["username"].as_str().unwrap().to_string(),
            s["password"].as_str().unwrap().to_string(),
            s["name"].as_str().unwrap().to_string(),
        );
        assert!(!u
            .to_lowercase()
            .contains(&n.split(' ').next().unwrap().to_lowercase()));
        let cookie = login(addr, &u, &p)
            .await
            .expect("a managed student signs in");
        students.push((u, p, n, cookie));
    }
    Class {
        id,
        coach,
        students,
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_class_with_its_roster_assignments_and_progress() {
    for db in databases().await {
        let s = Server::start(&db);
        rosters_and_privacy(s.addr).await;
        assignments_and_progress(s.addr).await;
    }
}

async fn rosters_and_privacy(addr: SocketAddr) {
    let (c, other_id) = privacy(addr).await;
    invitations_coaches_and_news(addr, &c, &other_id).await;
    passwords_cards_and_removal(addr, &c).await;
}

/// Refusals, kid-safety and privacy: the class and the other coach's class.
async fn privacy(addr: SocketAddr) -> (Class, String) {
    let r = post(addr, "/api/classes", json!({"name": "x"}), None).await;
    assert_eq!(
        (r.status, r.body["error"]["code"].as_str()),
        (401, Some("not-signed-in"))
    );
    let c = a_class(addr, "Coach Kim").await;
    let id = &c.id;
    let (ann, _, _, ann_cookie) = c.students[0].clone();
    // refusals name their field
    let r = post(addr, "/api/classes", json!({"name": " "}), Some(&c.coach)).await;
    assert_eq!(
        (r.status, r.body["error"]["field"].as_str()),
        (400, Some("name"))
    );
    let r = post(
        addr,
        "/api/classes",
        json!({"name": "a", "division": "college"}),
        Some(&c.coach),
    )
    .await;
    assert_eq!(
        (r.status, r.body["error"]["field"].as_str()),
        (400, Some("division"))
    );
    let r = post(
        addr,
        &format!("/api/classes/{id}/students"),
        json!({"names": ["x".repeat(41)]}),
        Some(&c.coach),
    )
    .await;
    assert_eq!(
        (r.status, r.body["error"]["field"].as_str()),
        (400, Some("names[0]"))
    );
    // kid-safe: the public profile shows the generated username only
    let r = get(addr, &format!("/api/accounts/{ann}"), None).await;
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(!r.body.to_string().contains("Ann"), "{}", r.body);
    // a managed student cannot make a class or be invited elsewhere
    let r = post(
        addr,
        "/api/classes",
        json!({"name": "mine"}),
        Some(&ann_cookie),
    )
    .await;
    assert_eq!(
        (r.status, r.body["error"]["code"].as_str()),
        (403, Some("not-coach"))
    );
    let other = sign_up(addr, "Other Coach").await;
    let r = post(addr, "/api/classes", json!({"name": "Other"}), Some(&other)).await;
    let other_id = r.body["id"].as_str().unwrap().to_string();
    let r = post(
        addr,
        &format!("/api/classes/{other_id}/invitations"),
        json!({"username": ann}),
        Some(&other),
    )
    .await;
    assert_eq!(
        (r.status, r.body["error"]["field"].as_str()),
        (403, Some("username"))
    );
    // privacy: 401 signed out, 403 for any other account (a student too)
    for path in [
        format!("/api/classes/{id}"),
        format!("/api/classes/{id}/progress"),
    ] {
        assert_eq!(get(addr, &path, None).await.status, 401, "{path}");
        let r = get(addr, &path, Some(&other)).await;
        assert_eq!(
            (r.status, r.body["error"]["code"].as_str()),
            (403, Some("not-coach")),
            "{path}"
        );
        assert_eq!(
            get(addr, &path, Some(&ann_cookie)).await.status,
            403,
            "{path}"
        );
    }
    assert_eq!(
        get(addr, "/api/classes/nosuchclass", Some(&other))
            .await
            .status,
        404
    );
    (c, other_id)
}

async fn invitations_coaches_and_news(addr: SocketAddr, c: &Class, other_id: &str) {
    let id = &c.id;
    let ann_cookie = &c.students[0].3;
    // an invitation, accepted
    let dee = sign_up(addr, "Dee").await;
    let r = post(
        addr,
        &format!("/api/classes/{id}/invitations"),
        json!({"username": "dee"}),
        Some(&c.coach),
    )
    .await;
    assert_eq!(
        (r.status, r.body["status"].as_str()),
        (201, Some("invited")),
        "{}",
        r.body
    );
    let r = get(addr, "/api/me/classes", Some(&dee)).await;
    assert_eq!(r.body["classes"][0]["status"], "invited");
    assert!(r.body["classes"][0].get("news").is_none());
    let r = send(
        addr,
        "POST",
        &format!("/api/classes/{other_id}/join"),
        None,
        None,
        Some(&dee),
    )
    .await;
    assert_eq!(r.status, 403, "no invitation there");
    let r = send(
        addr,
        "POST",
        &format!("/api/classes/{id}/join"),
        None,
        None,
        Some(&dee),
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.body);
    // a co-coach sees the class
    let helper = sign_up(addr, "Helper").await;
    let r = post(
        addr,
        &format!("/api/classes/{id}/coaches"),
        json!({"username": "Helper"}),
        Some(&c.coach),
    )
    .await;
    assert_eq!(r.status, 201, "{}", r.body);
    let r = get(addr, &format!("/api/classes/{id}"), Some(&helper)).await;
    assert_eq!(r.status, 200, "{}", r.body);
    assert_eq!(r.body["coaches"], json!(["Coach Kim", "Helper"]));
    let names: Vec<&str> = r.body["students"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Ann Lee", "Bo Chen", "Cy Diaz", "Dee"]);
    // news reaches the students
    let r = post(
        addr,
        &format!("/api/classes/{id}/news"),
        json!({"body": "Practice moves to Thursday."}),
        Some(&helper),
    )
    .await;
    assert_eq!(r.status, 201, "{}", r.body);
    let r = get(addr, "/api/me/classes", Some(ann_cookie)).await;
    assert_eq!(
        r.body["classes"][0]["news"][0]["body"],
        "Practice moves to Thursday."
    );
}

async fn passwords_cards_and_removal(addr: SocketAddr, c: &Class) {
    let id = &c.id;
    let (ann, ann_password, ..) = c.students[0].clone();
    // a reset password: the old one no longer signs in, the new one does
    let r = send(
        addr,
        "POST",
        &format!("/api/classes/{id}/students/{ann}/password"),
        None,
        None,
        Some(&c.coach),
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.body);
    let new = r.body["password"].as_str().unwrap();
    assert!(login(addr, &ann, &ann_password).await.is_none());
    assert!(login(addr, &ann, new).await.is_some());
    let r = send(
        addr,
        "POST",
        &format!("/api/classes/{id}/students/Dee/password"),
        None,
        None,
        Some(&c.coach),
    )
    .await;
    assert_eq!(
        (r.status, r.body["error"]["field"].as_str()),
        (400, Some("username")),
        "Dee has her own account"
    );
    // login cards: PDF, for the class's managed students only
    let cards: Vec<Value> = c
        .students
        .iter()
        .map(|(u, p, n, _)| json!({"username": u, "password": p, "name": n}))
        .collect();
    let r = post(
        addr,
        &format!("/api/classes/{id}/cards.pdf"),
        json!({"students": cards}),
        Some(&c.coach),
    )
    .await;
    assert_eq!(r.status, 200);
    assert!(r.body.as_str().unwrap().starts_with("%PDF"));
    let r = post(
        addr,
        &format!("/api/classes/{id}/cards.pdf"),
        json!({"students": [{"username": "dee", "password": "x", "name": "Dee"}]}),
        Some(&c.coach),
    )
    .await;
    assert_eq!(
        (r.status, r.body["error"]["field"].as_str()),
        (400, Some("students[0].username"))
    );
    // a removed managed student can no longer sign in
    let (bo, bo_password, ..) = c.students[1].clone();
    let r = send(
        addr,
        "POST",
        &format!("/api/classes/{id}/students/{bo}/remove"),
        None,
        None,
        Some(&c.coach),
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.body);
    assert!(login(addr, &bo, &bo_password).await.is_none());
}

async fn assignments_and_progress(addr: SocketAddr) {
    let c = a_class(addr, "Coach Lin").await;
    let (aid, set) = assignments_made(addr, &c).await;
    progress_counted(addr, &c, &aid, &set).await;
    archived_and_printed(addr, &c, &aid).await;
}

/// Five puzzles (the same set again from the same seed), refusals, a lesson.
async fn assignments_made(addr: SocketAddr, c: &Class) -> (String, Vec<String>) {
    let id = &c.id;
    let made = json!({"kind": "puzzles", "count": 5, "puzzle_kind": "challenge", "seed": 7, "due": "2099-01-01"});
    let r = post(
        addr,
        &format!("/api/classes/{id}/assignments"),
        made.clone(),
        Some(&c.coach),
    )
    .await;
    assert_eq!(r.status, 201, "{}", r.body);
    let aid = r.body["id"].as_str().unwrap().to_string();
    let set: Vec<String> = r.body["puzzles"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_str().unwrap().to_string())
        .collect();
    assert_eq!(set.len(), 5);
    assert!(set.iter().all(|p| p.starts_with("challenge-")), "{set:?}");
    // the same seed, the same set
    let again = post(
        addr,
        &format!("/api/classes/{id}/assignments"),
        made,
        Some(&c.coach),
    )
    .await;
    assert_eq!(again.body["puzzles"], r.body["puzzles"]);
    for (body, field) in [
        (json!({"kind": "lesson", "lesson": "no-such"}), "lesson"),
        (
            json!({"kind": "matches", "count": 2, "level": "godlike"}),
            "level",
        ),
        (json!({"kind": "puzzles", "count": 0}), "count"),
        (
            json!({"kind": "puzzles", "puzzles": ["nope"]}),
            "puzzles[0]",
        ),
        (
            json!({"kind": "puzzles", "count": 3, "theme": "no-such-theme"}),
            "theme",
        ),
        (
            json!({"kind": "puzzles", "count": 3, "due": "tomorrow"}),
            "due",
        ),
        (json!({"kind": "homework"}), "kind"),
    ] {
        let r = post(
            addr,
            &format!("/api/classes/{id}/assignments"),
            body.clone(),
            Some(&c.coach),
        )
        .await;
        assert_eq!(
            (r.status, r.body["error"]["field"].as_str()),
            (400, Some(field)),
            "{body}: {}",
            r.body
        );
    }
    let r = post(
        addr,
        &format!("/api/classes/{id}/assignments"),
        json!({"kind": "lesson", "lesson": "goal"}),
        Some(&c.coach),
    )
    .await;
    assert_eq!(r.status, 201, "{}", r.body);
    (aid, set)
}

async fn progress_counted(addr: SocketAddr, c: &Class, aid: &str, set: &[String]) {
    let id = &c.id;
    // Ann: two tried, one right; Bo: one, right; Cy: nothing
    let ann = &c.students[0].3;
    let bo = &c.students[1].3;
    let (r0, w1) = (answers(&set[0]).0, answers(&set[1]).1);
    attempt(addr, ann, &set[0], &r0).await;
    attempt(addr, ann, &set[1], &w1).await;
    attempt(addr, ann, &set[1], &answers(&set[1]).0).await; // a retry: still one right
    attempt(addr, bo, &set[0], &r0).await;
    // a lesson step done signed in counts for the lesson assignment
    let r = post(
        addr,
        "/api/lessons/goal/steps/1",
        json!({"type": "goal", "goal": "3+2"}),
        Some(ann),
    )
    .await;
    assert_eq!(r.body["saved"], true, "{}", r.body);
    let r = get(addr, "/api/me/assignments", Some(ann)).await;
    let lesson = &r.body["assignments"][2];
    assert_eq!(
        (&lesson["kind"], &lesson["lesson"]),
        (&json!("lesson"), &json!("goal"))
    );
    assert_eq!(
        (&lesson["done"], &lesson["complete"]),
        (&json!(1), &json!(false))
    );
    assert_eq!(r.status, 200, "{}", r.body);
    let mine = &r.body["assignments"][0];
    assert_eq!(
        (mine["id"].as_str(), &mine["kind"], &mine["class"]),
        (Some(aid), &json!("puzzles"), &json!(id))
    );
    assert_eq!(
        (&mine["done"], &mine["correct"], &mine["due"]),
        (&json!(2), &json!(1), &json!("2099-01-01"))
    );
    assert_eq!(mine["puzzles"].as_array().unwrap().len(), 5);
    let r = get(
        addr,
        &format!("/api/classes/{id}/progress?days=7"),
        Some(&c.coach),
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.body);
    let rows = r.body["students"].as_array().unwrap();
    let row = |name: &str| rows.iter().find(|s| s["name"] == name).unwrap().clone();
    let a = row("Ann Lee");
    assert_eq!(
        a["assignments"][0],
        json!({"id": aid, "done": 2, "correct": 1, "total": 5, "complete": false, "late": false})
    );
    assert_eq!(
        (&a["puzzles"]["attempts"], &a["puzzles"]["solved"]),
        (&json!(3), &json!(2))
    );
    assert_eq!(a["puzzles"]["trend"].as_array().unwrap().len(), 3);
    assert!(a["puzzles"]["rating"].is_number());
    assert_eq!(
        a["puzzles"]["by_kind"]["challenge"],
        json!({"attempts": 3, "solved": 2})
    );
    assert_eq!(a["lessons"]["steps"], 1);
    assert_eq!(row("Bo Chen")["assignments"][0]["done"], 1);
    assert_eq!(row("Cy Diaz")["assignments"][0]["done"], 0);
    assert_eq!(row("Cy Diaz")["puzzles"]["rating"], Value::Null);
    for days in ["0", "91", "x"] {
        let r = get(
            addr,
            &format!("/api/classes/{id}/progress?days={days}"),
            Some(&c.coach),
        )
        .await;
        assert_eq!(
            (r.status, r.body["error"]["field"].as_str()),
            (400, Some("days")),
            "{days}"
        );
    }
    let r = get(
        addr,
        &format!("/api/classes/{id}/progress.csv?days=90"),
        Some(&c.coach),
    )
    .await;
    let csv = r.body.as_str().unwrap().to_string();
    assert!(csv.starts_with("username,name,puzzles_attempts"), "{csv}");
    assert!(csv.lines().any(|l| l.contains(",Ann Lee,3,2,")), "{csv}");
}

async fn archived_and_printed(addr: SocketAddr, c: &Class, aid: &str) {
    let id = &c.id;
    // an archived student leaves the table, and their assignments
    let cy = &c.students[2].0;
    let r = post(
        addr,
        &format!("/api/classes/{id}/students/{cy}/status"),
        json!({"status": "archived"}),
        Some(&c.coach),
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.body);
    let r = get(addr, &format!("/api/classes/{id}/progress"), Some(&c.coach)).await;
    assert_eq!(r.body["students"].as_array().unwrap().len(), 2);
    let r = get(addr, "/api/me/assignments", Some(&c.students[2].3)).await;
    assert_eq!(r.body["assignments"], json!([]));
    // the puzzle sheet with its answer key
    let (st, head, body) = sheet(
        addr,
        &c.coach,
        &format!("/api/classes/{id}/assignments/{aid}/sheet.pdf"),
    )
    .await;
    assert_eq!(st, 200, "{head}");
    assert!(head.contains("application/pdf") && body.starts_with(b"%PDF"));
    let r = get(
        addr,
        &format!("/api/classes/{id}/assignments/nope/sheet.pdf"),
        Some(&c.coach),
    )
    .await;
    assert_eq!(
        (r.status, r.body["error"]["code"].as_str()),
        (404, Some("no-such-assignment"))
    );
}

/// A GET with a cookie: status, head and raw body.
async fn sheet(addr: SocketAddr, cookie: &str, path: &str) -> (u16, String, Vec<u8>) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    let req =
        format!("GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\nCookie: {cookie}\r\n\r\n");
    s.write_all(req.as_bytes()).await.unwrap();
    let mut buf = Vec::new();
    s.read_to_end(&mut buf).await.unwrap();
    let split = buf.windows(4).position(|w| w == b"\r\n\r\n").unwrap();
    let head = String::from_utf8_lossy(&buf[..split]).to_ascii_lowercase();
    (
        head[9..12].parse().unwrap(),
        head,
        buf[split + 4..].to_vec(),
    )
}

/// An open event stream: the lines as they come.
struct Stream {
    lines: tokio::io::Lines<tokio::io::BufReader<tokio::net::TcpStream>>,
}

impl Stream {
    async fn open(addr: SocketAddr, cookie: &str, path: &str) -> Stream {
        use tokio::io::{AsyncBufReadExt, AsyncWriteExt};
        let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
        let req = format!("GET {path} HTTP/1.1\r\nHost: x\r\nCookie: {cookie}\r\n\r\n");
        s.write_all(req.as_bytes()).await.unwrap();
        let mut st = Stream {
            lines: tokio::io::BufReader::new(s).lines(),
        };
        st.event("open").await;
        st
    }

    /// Waits for the next event named `name`.
    async fn event(&mut self, name: &str) {
        let want = format!("event: {name}");
        tokio::time::timeout(Duration::from_secs(20), async {
            while let Some(l) = self.lines.next_line().await.unwrap() {
                if l.trim() == want {
                    return;
                }
            }
            panic!("the stream ended");
        })
        .await
        .unwrap_or_else(|_| panic!("no `{name}` event"));
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn the_classroom_board_with_two_students_answering() {
    for db in databases().await {
        let s = Server::start(&db);
        let addr = s.addr;
        let c = a_class(addr, "Coach Board").await;
        let id = &c.id;
        let board = format!("/api/classes/{id}/board");
        let (ann, bo) = (&c.students[0].3, &c.students[1].3);
        let r = get(addr, &board, Some(ann)).await;
        assert_eq!((r.status, &r.body["version"]), (200, &json!(0)));
        let mut coach_stream = Stream::open(addr, &c.coach, &format!("{board}/events")).await;
        let mut ann_stream = Stream::open(addr, ann, &format!("{board}/events")).await;
        let puzzle = onsets_server::puzzles::every_puzzle()
            .iter()
            .find(|p| p.kind.name() == "challenge")
            .unwrap();
        let (right, wrong) = answers(&puzzle.id);
        let r = post(addr, &board, json!({"puzzle": puzzle.id}), Some(ann)).await;
        assert_eq!(
            (r.status, r.body["error"]["code"].as_str()),
            (403, Some("not-coach"))
        );
        let r = post(addr, &board, json!({"puzzle": puzzle.id}), Some(&c.coach)).await;
        assert_eq!(r.status, 201, "{}", r.body);
        assert!(r.body["puzzle"].get("answer").is_none());
        let version = r.body["version"].as_i64().unwrap();
        ann_stream.event("changed").await;
        coach_stream.event("changed").await;
        // the student sees the question, not the answer
        let r = get(addr, &board, Some(ann)).await;
        assert_eq!(r.body["role"], "student");
        assert!(r.body.get("answer").is_none() && r.body["puzzle"].get("answer").is_none());
        // two students answer; the coach sees each arrive
        let r = post(
            addr,
            &format!("{board}/answer"),
            json!({"version": version, "answer": right}),
            Some(ann),
        )
        .await;
        assert_eq!(r.status, 200, "{}", r.body);
        coach_stream.event("changed").await;
        let r = post(
            addr,
            &format!("{board}/answer"),
            json!({"version": version, "answer": wrong}),
            Some(bo),
        )
        .await;
        assert_eq!(r.status, 200, "{}", r.body);
        coach_stream.event("changed").await;
        let r = post(
            addr,
            &format!("{board}/answer"),
            json!({"version": version + 1, "answer": wrong}),
            Some(bo),
        )
        .await;
        assert_eq!(
            (r.status, r.body["error"]["code"].as_str()),
            (409, Some("stale"))
        );
        let r = get(addr, &board, Some(&c.coach)).await;
        assert_eq!(
            (
                &r.body["answered"],
                &r.body["right"],
                &r.body["wrong"],
                &r.body["students"]
            ),
            (&json!(2), &json!(1), &json!(1), &json!(3)),
            "{}",
            r.body
        );
        assert_eq!(r.body["answers"][0]["name"], "Ann Lee");
        assert_eq!(r.body["answers"][0]["correct"], true);
        assert_eq!(
            r.body["common_wrong"],
            json!([{"answer": wrong, "count": 1, "students": ["Bo Chen"]}])
        );
        // a stranger sees nothing
        let stranger = sign_up(addr, "Stranger").await;
        assert_eq!(get(addr, &board, Some(&stranger)).await.status, 403);
        assert_eq!(get(addr, &board, None).await.status, 401);
        // the reveal, to everyone
        let r = post(
            addr,
            &format!("{board}/reveal"),
            json!({"version": version}),
            Some(&c.coach),
        )
        .await;
        assert_eq!(r.status, 200, "{}", r.body);
        ann_stream.event("changed").await;
        let r = get(addr, &board, Some(bo)).await;
        assert_eq!(
            (&r.body["revealed"], &r.body["correct"], &r.body["answer"]),
            (&json!(true), &json!(false), &json!(right))
        );
        assert!(r.body["explanation"]
            .as_str()
            .is_some_and(|e| !e.is_empty()));
        let r = post(
            addr,
            &format!("{board}/answer"),
            json!({"version": version, "answer": right}),
            Some(bo),
        )
        .await;
        assert_eq!(r.status, 409, "answers close at the reveal");
    }
}

/// Shows `body` on the class's board as its coach: the version shown.
async fn show_on_board(addr: SocketAddr, c: &Class, body: Value) -> i64 {
    let r = post(
        addr,
        &format!("/api/classes/{}/board", c.id),
        body,
        Some(&c.coach),
    )
    .await;
    assert_eq!(r.status, 201, "{}", r.body);
    assert!(r.body["puzzle"].get("answer").is_none(), "{}", r.body);
    r.body["version"].as_i64().unwrap()
}

/// A student's answer to the board's `version`.
async fn board_answer(addr: SocketAddr, c: &Class, cookie: &str, version: i64, answer: &str) {
    let r = post(
        addr,
        &format!("/api/classes/{}/board/answer", c.id),
        json!({"version": version, "answer": answer}),
        Some(cookie),
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.body);
}

/// A refusal of the board's `show`: its status, code and field.
async fn refused_show(addr: SocketAddr, c: &Class, body: Value) -> (u16, String, String) {
    let r = post(
        addr,
        &format!("/api/classes/{}/board", c.id),
        body,
        Some(&c.coach),
    )
    .await;
    let e = &r.body["error"];
    (
        r.status,
        e["code"].as_str().unwrap_or("").to_string(),
        e["field"].as_str().unwrap_or("").to_string(),
    )
}

#[tokio::test(flavor = "multi_thread")]
async fn a_typed_position_on_the_board_is_answered_and_judged_like_a_puzzle() {
    for db in databases().await {
        let s = Server::start(&db);
        let addr = s.addr;
        let c = a_class(addr, "Coach Typed").await;
        let (ann, bo) = (&c.students[0].3, &c.students[1].3);
        // the coach types a position (its text, docs/notation.md) and asks for a Solution
        let pool = onsets_server::puzzles::every_puzzle()
            .iter()
            .find(|p| p.kind.name() == "solve")
            .unwrap();
        let typed = pool.position.to_string();
        let version = show_on_board(addr, &c, json!({"position": typed, "kind": "solve"})).await;
        let board = format!("/api/classes/{}/board", c.id);
        let r = get(addr, &board, Some(&c.coach)).await;
        assert_eq!(r.body["puzzle"]["source"], "typed", "{}", r.body);
        assert_eq!(r.body["puzzle"]["kind"], "solve");
        // the key is the solver's: a shortest Solution the checker accepts
        let key = r.body["answer"]["shortest"].as_str().unwrap().to_string();
        let position = onsets_core::Position::from_json(&typed).unwrap();
        let at_now =
            onsets_core::Position::from_json(&r.body["puzzle"]["position"].to_string()).unwrap();
        assert_eq!(at_now.universe(), position.universe());
        assert!(onsets_core::check(&at_now, &key).correct, "{key}");
        // one student right, one wrong: judged by the checker
        board_answer(addr, &c, ann, version, &key).await;
        board_answer(addr, &c, bo, version, "R ∪ Λ").await;
        let r = get(addr, &board, Some(&c.coach)).await;
        assert_eq!(
            (&r.body["answered"], &r.body["right"], &r.body["wrong"]),
            (&json!(2), &json!(1), &json!(1)),
            "{}",
            r.body
        );
        assert_eq!(r.body["answers"][0]["correct"], true);
        assert_eq!(r.body["answers"][1]["correct"], false);
        assert_eq!(r.body["common_wrong"][0]["answer"], "R ∪ Λ");
        // the student sees no key before the reveal, the key and verdict after
        let r = get(addr, &board, Some(bo)).await;
        assert!(r.body.get("answer").is_none(), "{}", r.body);
        let r = post(
            addr,
            &format!("{board}/reveal"),
            json!({"version": version}),
            Some(&c.coach),
        )
        .await;
        assert_eq!(r.status, 200, "{}", r.body);
        let r = get(addr, &board, Some(bo)).await;
        assert_eq!(r.body["correct"], false);
        assert_eq!(r.body["answer"]["shortest"], json!(key));
        // what cannot be shown is refused, naming the field
        let refusals = [
            (json!({"position": typed}), 400, "bad-field", "kind"),
            (
                json!({"position": typed, "kind": "goal"}),
                400,
                "bad-field",
                "kind",
            ),
            (
                json!({"position": "{\"universe\": 3}", "kind": "solve"}),
                400,
                "bad-position",
                "position",
            ),
            (
                json!({"position": 12, "kind": "solve"}),
                400,
                "bad-position",
                "position",
            ),
            (
                json!({"puzzle": pool.id, "position": typed, "kind": "solve"}),
                400,
                "bad-field",
                "puzzle",
            ),
            (
                json!({"table": "nothere", "move": 1, "kind": "challenge"}),
                404,
                "no-such-table",
                "table",
            ),
            (
                json!({"table": "nothere", "kind": "challenge"}),
                400,
                "bad-field",
                "move",
            ),
        ];
        for (body, status, code, field) in refusals {
            assert_eq!(
                refused_show(addr, &c, body.clone()).await,
                (status, code.to_string(), field.to_string()),
                "{body}"
            );
        }
        // a position the makers would not keep: no Resources left to challenge with
        let mut bare: Value = serde_json::from_str(&typed).unwrap();
        bare["resources"] = json!("");
        let (status, code, field) =
            refused_show(addr, &c, json!({"position": bare, "kind": "challenge"})).await;
        assert_eq!(
            (status, code.as_str(), field.as_str()),
            (400, "bad-position", "position")
        );
    }
}

/// A finished bot match written to the database as the server stores one
/// (beginners: they flub and miss challenges).
async fn store_finished_match(db: &str, id: &str, seed: u64) -> String {
    use onsets_bots::Level;
    let log = onsets_review::botmatch::bot_match_log(
        &[Level::Beginner, Level::Beginner],
        onsets_core::Division::Elementary,
        false,
        seed,
    )
    .unwrap();
    let store = onsets_server::Store::open(db).await.unwrap();
    let spec = json!({"division": "elementary", "adventurous": false,
        "seats": [{"kind": "bot", "level": "beginner"}, {"kind": "bot", "level": "beginner"}],
        "round_minutes": 30, "checking": "judge", "seed": seed, "bot_pace": 0});
    store.create_table(id, 0, &spec.to_string()).await.unwrap();
    let mut lines = log.lines();
    let mut header: Value = serde_json::from_str(lines.next().unwrap()).unwrap();
    header.as_object_mut().unwrap().remove("format");
    store.start(id, &header.to_string()).await.unwrap();
    for (i, a) in lines.enumerate() {
        store.append(id, i as u64, a).await.unwrap();
    }
    store.set_status(id, "over").await.unwrap();
    log
}

/// A move of `review` whose position before it asks a challenge (the
/// position right after the move before, in the same shake): its number
/// (1-based) and the review's verdict on the move before (`now`,
/// `impossible` or `neither`).
fn a_challengeable_move(log: &str, review: &Value) -> Option<(u64, &'static str)> {
    let befores = onsets_server::practice::mistakes::befores(log);
    let moves = review["moves"].as_array()?;
    for k in 1..moves.len() {
        let (prev, m) = (&moves[k - 1], &moves[k]);
        if prev["shake"] != m["shake"] || prev["play"] != m["play"] {
            continue;
        }
        let Some(before) = befores.get(&(m["line"].as_u64()? as usize)) else {
            continue;
        };
        if onsets_puzzles::puzzle_from_position(onsets_puzzles::Kind::Challenge, before).is_err() {
            continue;
        }
        let verdict = if prev["now_correct"] == true {
            "now"
        } else if prev["impossible_correct"] == true {
            "impossible"
        } else {
            "neither"
        };
        return Some((k as u64 + 1, verdict));
    }
    None
}

#[tokio::test(flavor = "multi_thread")]
async fn a_review_moves_position_on_the_board_has_the_reviews_judgement_as_its_key() {
    for db in databases().await {
        let mut found = None;
        for seed in 1..=8u64 {
            let table = format!("boardreview{seed:02}");
            let log = store_finished_match(&db, &table, seed).await;
            let review = onsets_review::review(&log).unwrap().to_json();
            if let Some((n, verdict)) = a_challengeable_move(&log, &review) {
                found = Some((table, n, verdict));
                break;
            }
        }
        let (table, n, verdict) = found.expect("a beginners' match has a challengeable move");
        let s = Server::start(&db);
        let addr = s.addr;
        let c = a_class(addr, "Coach Review").await;
        let body = json!({"table": table, "move": n, "kind": "challenge"});
        let version = show_on_board(addr, &c, body).await;
        let board = format!("/api/classes/{}/board", c.id);
        let r = get(addr, &board, Some(&c.coach)).await;
        assert_eq!(r.body["puzzle"]["source"], "review", "{}", r.body);
        assert_eq!(
            r.body["answer"], verdict,
            "the key is the review's verdict: {}",
            r.body
        );
        assert!(r.body["puzzle"]["question"]
            .as_str()
            .is_some_and(|q| q.starts_with(&format!("Move {n} of a match"))));
        // answered like any puzzle
        let wrong = ["now", "impossible", "neither"]
            .into_iter()
            .find(|w| *w != verdict)
            .unwrap();
        board_answer(addr, &c, &c.students[0].3, version, verdict).await;
        board_answer(addr, &c, &c.students[1].3, version, wrong).await;
        let r = get(addr, &board, Some(&c.coach)).await;
        assert_eq!((&r.body["right"], &r.body["wrong"]), (&json!(1), &json!(1)));
        // out of the match's moves, or a table not finished: refused by field
        let (status, _, field) = refused_show(
            addr,
            &c,
            json!({"table": table, "move": 100_000, "kind": "challenge"}),
        )
        .await;
        assert_eq!((status, field.as_str()), (400, "move"));
        let (status, _, field) = refused_show(
            addr,
            &c,
            json!({"table": table, "move": 0, "kind": "challenge"}),
        )
        .await;
        assert_eq!((status, field.as_str()), (400, "move"));
        s.stop();
    }
}

/// A WebSocket client sending `cookie` with its handshake, as a signed-in
/// page's socket does.
async fn client_with_cookie(addr: SocketAddr, cookie: &str) -> Client {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let mut req = format!("ws://{addr}/ws").into_client_request().unwrap();
    req.headers_mut()
        .insert("cookie", cookie.parse().expect("a cookie header"));
    let (ws, _) = tokio_tungstenite::connect_async(req)
        .await
        .expect("WebSocket connects");
    let mut c = Client {
        ws,
        token: None,
        seat: None,
        view: Value::Null,
        events: Vec::new(),
        frames: Vec::new(),
    };
    assert_eq!(c.next().await["type"], "hello");
    c
}

/// A table of one seat for a person and a beginner bot, in one minute.
async fn a_table_with_a_beginner_bot(s: &Server, seed: u64) -> String {
    let t = s
        .create_table(json!({"division": "middle", "adventurous": false,
            "seats": [{"kind": "human"}, {"kind": "bot", "level": "beginner"}],
            "round_minutes": 1, "seed": seed, "bot_pace": 0}))
        .await;
    t["id"].as_str().unwrap().to_string()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_managed_students_seat_shows_their_username_whatever_they_type() {
    for db in databases().await {
        let s = Server::start(&db);
        let addr = s.addr;
        let c = a_class(addr, "Coach Seats").await;
        let (username, _, _, cookie) = &c.students[0];
        let table = a_table_with_a_beginner_bot(&s, 5).await;
        let mut ann = client_with_cookie(addr, cookie).await;
        let joined = ann.join(&table, "Bad Word").await;
        assert_eq!(joined["name"], json!(username), "{joined}");
        let t = get(addr, &format!("/api/tables/{table}"), None).await;
        assert_eq!(t.body["seats"][0]["name"], json!(username), "{}", t.body);
        assert!(!t.body.to_string().contains("Bad Word"));
        // anyone else still names their seat: the coach, and a signed-out page
        let other = a_table_with_a_beginner_bot(&s, 6).await;
        let mut coach = client_with_cookie(addr, &c.coach).await;
        assert_eq!(coach.join(&other, "Ms Rivera").await["name"], "Ms Rivera");
        let third = a_table_with_a_beginner_bot(&s, 7).await;
        let mut guest = s.client().await;
        assert_eq!(guest.join(&third, "Guest").await["name"], "Guest");
        s.stop();
    }
}

/// Plays `c`'s seat with the scripted player (it never challenges) until
/// the match is over (its match points are shown).
async fn play_to_the_end(c: &mut Client) {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(600);
    while c.view["match_points"].is_null() {
        assert!(
            tokio::time::Instant::now() < deadline,
            "the match did not end: {}",
            c.view
        );
        match c.scripted_act() {
            Some(act) => {
                let r = c.act(act).await;
                if r["type"] == "accepted" {
                    let at = r["version"].as_u64().unwrap_or(0);
                    if c.version() < at {
                        c.until("the act's update", |v| {
                            v["match"]["version"].as_u64() >= Some(at)
                        })
                        .await;
                    }
                } else {
                    // the table moved on under the act: read it again
                    c.send(json!({"v": 1, "type": "resync"})).await;
                    c.until("the table again", |v| v["type"] == "state").await;
                }
            }
            None => {
                c.until("the next update", |v| {
                    v["type"] == "update" || v["type"] == "state"
                })
                .await;
            }
        }
    }
}

/// A rated match of a managed student against a bot of the assignment's
/// level, through the server's socket: the assignment's `done` rises to 1.
async fn a_match_counts(db: String) {
    let s = Server::start(&db);
    let addr = s.addr;
    let c = a_class(addr, "Coach Matches").await;
    let r = post(
        addr,
        &format!("/api/classes/{}/assignments", c.id),
        json!({"kind": "matches", "count": 2, "level": "beginner"}),
        Some(&c.coach),
    )
    .await;
    assert_eq!(r.status, 201, "{}", r.body);
    let aid = r.body["id"].as_str().unwrap().to_string();
    let (_, _, _, cookie) = &c.students[0];
    let standing = |v: &Value| {
        v["assignments"]
            .as_array()
            .and_then(|l| l.iter().find(|a| a["id"] == json!(aid)).cloned())
            .expect("the assignment is listed")
    };
    let mine = get(addr, "/api/me/assignments", Some(cookie)).await;
    assert_eq!(standing(&mine.body)["done"], 0, "{}", mine.body);
    let table = a_table_with_a_beginner_bot(&s, 21).await;
    let mut ann = client_with_cookie(addr, cookie).await;
    let joined = ann.join(&table, "Ann").await;
    let r = post(
        addr,
        &format!("/api/tables/{table}/claim"),
        json!({"seat": joined["seat"], "token": joined["token"]}),
        Some(cookie),
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.body);
    play_to_the_end(&mut ann).await;
    // the result is rated in the background once the match is over
    let deadline = tokio::time::Instant::now() + Duration::from_secs(60);
    loop {
        let mine = get(addr, "/api/me/assignments", Some(cookie)).await;
        let a = standing(&mine.body);
        if a["done"] == 1 {
            assert_eq!(a["complete"], false, "one of two: {a}");
            break;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "not counted: {}",
            mine.body
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    // and the coach's progress table shows it
    let p = get(
        addr,
        &format!("/api/classes/{}/progress", c.id),
        Some(&c.coach),
    )
    .await;
    let row = p.body["students"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["username"] == json!(c.students[0].0))
        .unwrap()
        .clone();
    let a = row["assignments"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["id"] == json!(aid))
        .unwrap()
        .clone();
    assert_eq!(a["done"], 1, "{row}");
    s.stop();
}

#[tokio::test(flavor = "multi_thread")]
async fn a_rated_match_against_the_bot_level_counts_for_a_matches_assignment() {
    // the databases at once: each match lasts its one-minute round
    let runs: Vec<_> = databases()
        .await
        .into_iter()
        .map(|db| tokio::spawn(a_match_counts(db)))
        .collect();
    for r in runs {
        r.await.expect("the run passes");
    }
}

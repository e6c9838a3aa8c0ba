//! Acknowledged means stored (docs/security.md, "Storage"): a database that
//! does not take writes makes every act, table creation and join answer the
//! typed `storage` error at once (503; a WebSocket `rejected` with code
//! `storage`), changes nothing in memory, and `/healthz` says why (503 with
//! `reason`); once the fault ends writes work again, and a restart shows
//! exactly what was acknowledged. On PostgreSQL the live notifications
//! listen again after their connection is lost and a change made just
//! after the outage reaches a page watching the table.
//!
//! The SQLite fault is real and needs no privileges: a second connection
//! holds the database's write lock (`BEGIN EXCLUSIVE`) for the duration, so
//! every write of the server fails with `SQLITE_BUSY` once its busy timeout
//! is spent (reads go on: the database is in WAL mode). The PostgreSQL fault
//! is confined to a private database of the shared test server: new
//! connections to it are refused (`ALLOW_CONNECTIONS false`) and its
//! backends are terminated (`pg_terminate_backend`).

use crate::common::*;
use serde_json::{json, Value};
use sqlx::Connection;
use std::net::SocketAddr;
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// What "at once" means under a fault: the pool's connection wait (3 s) or
/// SQLite's busy timeout (3 s), with room for a loaded 2-core machine.
const PROMPT: Duration = Duration::from_secs(10);

/// The person to act now at a 1969 table and the act.
fn next_act(state: &Value, tokens: &[String]) -> (String, Value) {
    (0..tokens.len())
        .find_map(|p| person1969(state, p).map(|a| (tokens[p].clone(), a)))
        .unwrap_or_else(|| panic!("nobody is to act: {state}"))
}

/// Whether two states of a 1969 table show the same game (the clock aside).
fn same(a: &Value, b: &Value) -> bool {
    [
        "phase", "cubes", "universe", "goal", "plays", "history", "players", "open",
    ]
    .iter()
    .all(|f| a[f] == b[f])
}

/// A 1969 table: its id and the tokens of its seats (`null` for open ones).
async fn table1969(addr: SocketAddr, seats: Value) -> (String, Vec<Option<String>>) {
    let made = post(
        addr,
        "/api/tables1969",
        json!({"form": "basic", "seats": seats, "seed": 7, "plays": 2, "challenge_window_ms": 0}),
        None,
    )
    .await;
    assert_eq!(made.status, 201, "{}", made.body);
    let tokens = made.body["tokens"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_str().map(str::to_string))
        .collect();
    (made.body["id"].as_str().unwrap().to_string(), tokens)
}

async fn state1969(addr: SocketAddr, id: &str) -> Value {
    let r = get(addr, &format!("/api/tables1969/{id}"), None).await;
    assert_eq!(r.status, 200, "{}", r.body);
    r.body
}

async fn act1969(addr: SocketAddr, id: &str, token: &str, act: &Value) -> Reply {
    post(
        addr,
        &format!("/api/tables1969/{id}/act"),
        json!({"token": token, "act": act}),
        None,
    )
    .await
}

/// Asserts a refusal for storage, answered within [`PROMPT`] of `since`.
fn refused_for_storage(what: &str, r: &Reply, since: Instant) {
    let took = since.elapsed();
    eprintln!("{what}: {} in {took:?}", r.status);
    assert_eq!(r.status, 503, "{what}: {}", r.body);
    assert_eq!(r.body["error"]["code"], "storage", "{what}: {}", r.body);
    assert!(took < PROMPT, "{what} took {took:?}");
}

/// `/healthz` until it answers `status` (polled: its probe is cached for a
/// second), within `wait`.
async fn health_becomes(addr: SocketAddr, status: u16, wait: Duration) -> Value {
    let deadline = Instant::now() + wait;
    loop {
        let (s, v) = http(addr, "GET", "/healthz", None).await;
        if s == status {
            return v;
        }
        assert!(Instant::now() < deadline, "/healthz stayed {s}: {v}");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// The 1969 tables the lobby lists.
async fn listed1969(addr: SocketAddr) -> Vec<String> {
    let r = get(addr, "/api/tables?limit=200", None).await;
    assert_eq!(r.status, 200, "{}", r.body);
    let mut ids: Vec<String> = r.body["tables"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|t| t["edition"] == "1969")
        .map(|t| t["id"].as_str().unwrap().to_string())
        .collect();
    ids.sort();
    ids
}

/// A 2026-27 act that the scripted player of `a` or `b` may make now.
async fn scripted(a: &mut Client, b: &mut Client) -> (usize, Value) {
    for _ in 0..100 {
        for c in [&mut *a, &mut *b] {
            while c.try_next(Duration::from_millis(20)).await.is_some() {}
        }
        for (i, c) in [&*a, &*b].into_iter().enumerate() {
            if let Some(act) = c.scripted_act() {
                return (i, act);
            }
        }
    }
    panic!("nobody is to act: {}", a.view);
}

/// A second connection that holds SQLite's write lock until dropped.
struct WriteLock(sqlx::SqliteConnection);

impl WriteLock {
    async fn take(db: &str) -> WriteLock {
        let mut c = sqlx::SqliteConnection::connect(db).await.unwrap();
        sqlx::query("BEGIN EXCLUSIVE")
            .execute(&mut c)
            .await
            .unwrap();
        WriteLock(c)
    }

    async fn release(mut self) {
        sqlx::query("ROLLBACK").execute(&mut self.0).await.unwrap();
        self.0.close().await.unwrap();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_locked_sqlite_database_refuses_at_once_and_keeps_only_what_was_acknowledged() {
    let db = databases().await.remove(0);
    let server = Server::start(&db);
    // Before the fault: a 1969 table with an open seat, one of two people,
    // and a 2026-27 table of two people.
    let (open_id, _) = table1969(server.addr, json!([{"kind":"human"},{"kind":"open"}])).await;
    let (play_id, tokens) =
        table1969(server.addr, json!([{"kind":"human"},{"kind":"human"}])).await;
    let tokens: Vec<String> = tokens.into_iter().map(Option::unwrap).collect();
    let (t27, mut a, mut b) = super::table(&server, 5).await;
    let v = health_becomes(server.addr, 200, PROMPT).await;
    assert_eq!(v["status"], "ok", "{v}");

    let lock = WriteLock::take(&db).await;

    // Creating a 1969 table.
    let t = Instant::now();
    let r = post(
        server.addr,
        "/api/tables1969",
        json!({"form": "basic", "seats": [{"kind":"human"},{"kind":"bot"}], "seed": 3}),
        None,
    )
    .await;
    refused_for_storage("a 1969 table's creation", &r, t);
    assert!(r.body.get("tokens").is_none(), "{}", r.body);
    // Joining the open seat: refused, the seat stays open.
    let t = Instant::now();
    let r = post(
        server.addr,
        &format!("/api/tables1969/{open_id}/join"),
        json!({"name": "Ann"}),
        None,
    )
    .await;
    refused_for_storage("a 1969 join", &r, t);
    let s = state1969(server.addr, &open_id).await;
    assert_eq!(
        (&s["waiting"], &s["open"][1]),
        (&json!(true), &json!(true)),
        "{s}"
    );
    // A 1969 act: refused, the game as it was.
    let before = state1969(server.addr, &play_id).await;
    let (tok, act) = next_act(&before, &tokens);
    let t = Instant::now();
    let r = act1969(server.addr, &play_id, &tok, &act).await;
    refused_for_storage("a 1969 act", &r, t);
    let after = state1969(server.addr, &play_id).await;
    assert!(same(&before, &after), "{before}\n{after}");
    assert_eq!(before["events"], after["events"]);
    // A 2026-27 act over the WebSocket: `rejected` with `storage`, the
    // version unchanged; and a 2026-27 table's creation: 503.
    let (who, act27) = scripted(&mut a, &mut b).await;
    let version = a.version();
    let t = Instant::now();
    let r = [&mut a, &mut b][who].act(act27.clone()).await;
    assert!(t.elapsed() < PROMPT, "a 2026-27 act took {:?}", t.elapsed());
    assert_eq!(
        (&r["type"], &r["code"]),
        (&json!("rejected"), &json!("storage")),
        "{r}"
    );
    assert_eq!(r["version"], version, "{r}");
    let t = Instant::now();
    let r = send(
        server.addr,
        "POST",
        "/api/tables",
        Some(&json!({"division":"senior","seats":[{"kind":"human"},{"kind":"human"}]}).to_string()),
        Some("application/json"),
        None,
    )
    .await;
    refused_for_storage("a 2026-27 table's creation", &r, t);
    // Health: 503, named.
    let t = Instant::now();
    let v = health_becomes(server.addr, 503, PROMPT).await;
    assert!(t.elapsed() < PROMPT, "/healthz took {:?}", t.elapsed());
    assert_eq!(
        (&v["status"], &v["reason"]),
        (&json!("unavailable"), &json!("locked")),
        "{v}"
    );
    assert_eq!(v["database"], "sqlite", "{v}");
    assert!(v["tables"].is_u64() && v["connections"].is_u64(), "{v}");

    lock.release().await;

    // The fault is over: health comes back, and the same requests succeed.
    health_becomes(server.addr, 200, PROMPT).await;
    let r = act1969(server.addr, &play_id, &tok, &act).await;
    assert_eq!(r.status, 200, "{}", r.body);
    let played = r.body;
    let r = post(
        server.addr,
        &format!("/api/tables1969/{open_id}/join"),
        json!({"name": "Ann"}),
        None,
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.body);
    let joined = r.body["state"].clone();
    let (made_id, _) = table1969(server.addr, json!([{"kind":"human"},{"kind":"human"}])).await;
    let made = state1969(server.addr, &made_id).await;
    let r = [&mut a, &mut b][who].act(act27).await;
    assert_eq!(r["type"], "accepted", "{r}");
    let version = r["version"].clone();
    let mut listed = vec![open_id.clone(), play_id.clone(), made_id.clone()];
    listed.sort();
    assert_eq!(
        listed1969(server.addr).await,
        listed,
        "nothing refused is listed"
    );
    drop((a, b));
    server.stop();

    // A restart on the same file shows exactly what was acknowledged.
    let server = Server::start(&db);
    assert_eq!(listed1969(server.addr).await, listed);
    for (id, was) in [(&play_id, &played), (&open_id, &joined), (&made_id, &made)] {
        let now = state1969(server.addr, id).await;
        assert!(same(was, &now), "{id}: {was}\n{now}");
    }
    let mut w = server.client().await;
    w.send(json!({"v":1,"type":"spectate","table":t27})).await;
    let s = w.until("state", |v| v["type"] == "state").await;
    assert_eq!(s["match"]["version"], version, "{s}");
}

/// A page watching `GET /api/tables1969/{id}/events`.
struct Watcher {
    stream: tokio::net::TcpStream,
    seen: String,
}

impl Watcher {
    async fn open(addr: SocketAddr, id: &str) -> Watcher {
        let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
        let req = format!("GET /api/tables1969/{id}/events HTTP/1.1\r\nHost: x\r\n\r\n");
        stream.write_all(req.as_bytes()).await.unwrap();
        Watcher {
            stream,
            seen: String::new(),
        }
    }

    /// The next `state` event's data (a state is one `data:` line).
    async fn next_state(&mut self, wait: Duration) -> Option<Value> {
        let deadline = tokio::time::Instant::now() + wait;
        loop {
            if let Some(at) = self.seen.find("event: state\n") {
                let after = &self.seen[at..];
                if let Some(end) = after.find("\n\n") {
                    let block = after[..end].to_string();
                    self.seen = after[end + 2..].to_string();
                    let data = block.lines().find_map(|l| l.strip_prefix("data: "))?;
                    return serde_json::from_str(data).ok();
                }
            }
            let mut buf = [0u8; 8192];
            match tokio::time::timeout_at(deadline, self.stream.read(&mut buf)).await {
                Ok(Ok(n)) if n > 0 => self.seen.push_str(&String::from_utf8_lossy(&buf[..n])),
                _ => return None,
            }
        }
    }

    /// States until one satisfies `f`, within `wait`.
    async fn until(&mut self, wait: Duration, f: impl Fn(&Value) -> bool) -> Option<Value> {
        let deadline = tokio::time::Instant::now() + wait;
        loop {
            let left = deadline.saturating_duration_since(tokio::time::Instant::now());
            let s = self.next_state(left).await?;
            if f(&s) {
                return Some(s);
            }
        }
    }
}

/// The private PostgreSQL database of a suite (`None` without
/// `ONSETS_TEST_POSTGRES_URL`): its URL and an administrator's connection to
/// the server's own database.
async fn private_postgres() -> Option<(String, sqlx::PgConnection)> {
    let admin = std::env::var("ONSETS_TEST_POSTGRES_URL").ok()?;
    let url = databases()
        .await
        .pop()
        .filter(|u| u.starts_with("postgres"))?;
    let c = sqlx::PgConnection::connect(&admin).await.unwrap();
    Some((url, c))
}

/// A login role of its own for one instance, so that its connections can
/// be refused and ended without touching the other instance's or other
/// suites' (the test server trusts local connections: no password).
struct Role(String);

impl Role {
    async fn create(admin: &mut sqlx::PgConnection) -> Role {
        let name = format!(
            "onsets_storage_{}_{}",
            std::process::id(),
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .unwrap()
                .as_nanos()
        );
        sqlx::query(&format!("CREATE ROLE {name} LOGIN SUPERUSER"))
            .execute(&mut *admin)
            .await
            .unwrap();
        Role(name)
    }

    /// `url` with this role as the user.
    fn url(&self, url: &str) -> String {
        let (scheme, rest) = url.split_once("://").unwrap();
        let host = rest.split_once('@').map_or(rest, |(_, h)| h);
        format!("{scheme}://{}@{host}", self.0)
    }

    /// The outage: the role may not log in, and its connections end.
    async fn cut(&self, admin: &mut sqlx::PgConnection) {
        sqlx::query(&format!("ALTER ROLE {} NOLOGIN", self.0))
            .execute(&mut *admin)
            .await
            .unwrap();
        sqlx::query("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = $1")
            .bind(&self.0)
            .execute(&mut *admin)
            .await
            .unwrap();
    }

    async fn restore(&self, admin: &mut sqlx::PgConnection) {
        sqlx::query(&format!("ALTER ROLE {} LOGIN", self.0))
            .execute(&mut *admin)
            .await
            .unwrap();
    }

    async fn drop(self, admin: &mut sqlx::PgConnection) {
        sqlx::query(&format!("DROP ROLE IF EXISTS {}", self.0))
            .execute(&mut *admin)
            .await
            .unwrap();
    }
}

/// Two instances over one PostgreSQL database; B's connections are cut
/// while a page watches a table on B and A changes the table: B refuses
/// acts at once (503 `storage`) and says so in `/healthz`; when B may
/// connect again the page gets the change made during the outage, then a
/// change made on B just after the outage. Under the tables' leases
/// (docs/scaling.md, "Leases") the table lives on one instance at a time:
/// the page opened on B took it from A, so A's copy may first refuse the
/// act as stale (503, nothing changed; the retry takes the table back), and
/// B's copy, taken from it during the outage, closes the page's stream —
/// the page opens it again, as the browser does, and reads the change.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_a_postgres_outage_the_listener_listens_again_and_no_change_is_missed() {
    let Some((url, mut admin)) = private_postgres().await else {
        eprintln!("ONSETS_TEST_POSTGRES_URL is not set: the PostgreSQL outage is not tested");
        return;
    };
    let a = Server::start(&url);
    let role = Role::create(&mut admin).await;
    let b = Server::start(&role.url(&url));
    let (id, tokens) = table1969(a.addr, json!([{"kind":"human"},{"kind":"human"}])).await;
    let tokens: Vec<String> = tokens.into_iter().map(Option::unwrap).collect();
    let mut w = Watcher::open(b.addr, &id).await;
    let first = w.next_state(PROMPT).await.expect("a state at once");
    health_becomes(b.addr, 200, PROMPT).await;

    role.cut(&mut admin).await;
    let v = health_becomes(b.addr, 503, PROMPT).await;
    assert_eq!(
        (&v["reason"], &v["database"]),
        (&json!("down"), &json!("postgres")),
        "{v}"
    );
    // An act on B during the outage: refused at once, nothing changed.
    let (tok, act) = next_act(&first, &tokens);
    let t = Instant::now();
    let r = act1969(b.addr, &id, &tok, &act).await;
    refused_for_storage("a 1969 act during the outage", &r, t);
    // The same act on A, which can write: stored and notified while B
    // cannot listen.
    let mut r = act1969(a.addr, &id, &tok, &act).await;
    if r.status == 503 {
        r = act1969(a.addr, &id, &tok, &act).await;
    }
    assert_eq!(r.status, 200, "{}", r.body);
    let during = r.body;

    role.restore(&mut admin).await;
    let back = Instant::now();
    let pushed = match w.until(Duration::from_secs(15), |s| same(s, &during)).await {
        Some(s) => s,
        None => {
            health_becomes(b.addr, 200, PROMPT).await;
            w = Watcher::open(b.addr, &id).await;
            w.until(Duration::from_secs(15), |s| same(s, &during))
                .await
                .expect("the change made during the outage reaches the watcher")
        }
    };
    assert!(!same(&pushed, &first));
    eprintln!(
        "the page had the change {:?} after the outage",
        back.elapsed()
    );
    // A change on B just after the outage reaches the page too.
    health_becomes(b.addr, 200, PROMPT).await;
    let (tok, act) = next_act(&during, &tokens);
    let mut r = act1969(b.addr, &id, &tok, &act).await;
    if r.status == 503 {
        r = act1969(b.addr, &id, &tok, &act).await;
    }
    assert_eq!(r.status, 200, "{}", r.body);
    if w.until(Duration::from_secs(15), |s| same(s, &r.body))
        .await
        .is_none()
    {
        w = Watcher::open(b.addr, &id).await;
        w.until(Duration::from_secs(15), |s| same(s, &r.body))
            .await
            .expect("the change made just after the outage reaches the watcher");
    }
    drop(w);
    b.stop();
    role.drop(&mut admin).await;
}

/// Reads a tournament's `GET /api/tournaments/{id}/live` until `event:
/// changed` has arrived (true) or `wait` is over (false).
async fn heard_changed(stream: &mut tokio::net::TcpStream, wait: Duration) -> bool {
    let deadline = tokio::time::Instant::now() + wait;
    let mut seen = String::new();
    let mut buf = [0u8; 4096];
    while !seen.contains("event: changed") {
        match tokio::time::timeout_at(deadline, stream.read(&mut buf)).await {
            Ok(Ok(n)) if n > 0 => seen.push_str(&String::from_utf8_lossy(&buf[..n])),
            _ => return false,
        }
    }
    true
}

/// The tournaments' live pages likewise: an entry added on A while B cannot
/// listen reaches a page watching the event on B once B listens again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn after_a_postgres_outage_a_tournament_page_hears_of_the_change_it_missed() {
    let Some((url, mut admin)) = private_postgres().await else {
        eprintln!("ONSETS_TEST_POSTGRES_URL is not set: the PostgreSQL outage is not tested");
        return;
    };
    let a = Server::start(&url);
    let role = Role::create(&mut admin).await;
    let b = Server::start(&role.url(&url));
    let org = sign_up(a.addr, "Director").await;
    let r = post(
        a.addr,
        "/api/tournaments",
        json!({"name": "Outage cup", "division": "senior", "rounds": 2}),
        Some(&org),
    )
    .await;
    assert_eq!(r.status, 201, "{}", r.body);
    let id = r.body["id"].as_str().unwrap().to_string();
    let mut page = tokio::net::TcpStream::connect(b.addr).await.unwrap();
    let req = format!("GET /api/tournaments/{id}/live HTTP/1.1\r\nHost: x\r\n\r\n");
    page.write_all(req.as_bytes()).await.unwrap();
    health_becomes(b.addr, 200, PROMPT).await;

    role.cut(&mut admin).await;
    health_becomes(b.addr, 503, PROMPT).await;
    let r = post(
        a.addr,
        &format!("/api/tournaments/{id}/entries"),
        json!({"name": "Ann"}),
        Some(&org),
    )
    .await;
    assert_eq!(r.status, 201, "{}", r.body);
    role.restore(&mut admin).await;
    assert!(
        heard_changed(&mut page, Duration::from_secs(15)).await,
        "the entry made during the outage reaches the page"
    );
    drop(page);
    b.stop();
    role.drop(&mut admin).await;
}

/// One request through the router of `lobby` (no port): status and body.
async fn call(lobby: &onsets_server::Lobby, method: &str, uri: &str, body: &str) -> (u16, Value) {
    use http_body_util::BodyExt;
    use tower::ServiceExt;
    let req = axum::http::Request::builder()
        .method(method)
        .uri(uri)
        .header("content-type", "application/json")
        .body(axum::body::Body::from(body.to_string()))
        .unwrap();
    let resp = onsets_server::app(lobby.clone())
        .oneshot(req)
        .await
        .unwrap();
    let status = resp.status().as_u16();
    let bytes = resp.into_body().collect().await.unwrap().to_bytes();
    (
        status,
        serde_json::from_slice(&bytes).unwrap_or(Value::Null),
    )
}

/// A database file opened read-only (as on a read-only mount): `/healthz`
/// is 503 `read-only`, and making a table of either edition is 503
/// `storage` and makes none.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_read_only_database_is_unhealthy_and_refuses_every_write() {
    use std::str::FromStr;
    let db = databases().await.remove(0);
    onsets_server::Store::open(&db).await.unwrap();
    let opts = sqlx::sqlite::SqliteConnectOptions::from_str(&db)
        .unwrap()
        .read_only(true);
    let pool = sqlx::sqlite::SqlitePoolOptions::new()
        .max_connections(2)
        .connect_with(opts)
        .await
        .unwrap();
    let lobby = onsets_server::Lobby::open_with(
        onsets_server::Store::Sqlite(pool),
        onsets_server::Config::unlimited(),
    )
    .await
    .unwrap();
    let (s, v) = call(&lobby, "GET", "/healthz", "").await;
    assert_eq!(
        (s, &v["status"], &v["reason"]),
        (503, &json!("unavailable"), &json!("read-only")),
        "{v}"
    );
    let t = Instant::now();
    let (s, v) = call(
        &lobby,
        "POST",
        "/api/tables1969",
        r#"{"seats":[{"kind":"human"},{"kind":"bot"}]}"#,
    )
    .await;
    assert_eq!((s, &v["error"]["code"]), (503, &json!("storage")), "{v}");
    assert!(t.elapsed() < PROMPT, "took {:?}", t.elapsed());
    let (s, v) = call(
        &lobby,
        "POST",
        "/api/tables",
        r#"{"division":"senior","seats":[{"kind":"human"},{"kind":"human"}]}"#,
    )
    .await;
    assert_eq!((s, &v["error"]["code"]), (503, &json!("storage")), "{v}");
    let (_, v) = call(&lobby, "GET", "/api/tables", "").await;
    assert_eq!(v["total"], 0, "{v}");
}

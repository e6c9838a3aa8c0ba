//! Several instances on one PostgreSQL, any of which serves any table
//! (docs/scaling.md, "Leases" and "Failover"):
//!
//! * a live table made on instance A is played through instance B (B takes
//!   its lease over and replays its log; never `table-archived`), and A,
//!   the stale holder, has its next write refused and drops the table,
//!   closing its connections, which rejoin through B — for a 2026-27 table
//!   and a 1969 one;
//! * two `onsets serve` processes behind HAProxy (deploy/haproxy.cfg), 100
//!   tables of scripted players across them, one instance killed (SIGKILL)
//!   in the middle of the first shake and started again: every player
//!   reconnects within 5 s and every table ends its match with the scores
//!   of an uninterrupted run of the same seeds; then `onsets loadtest`'s
//!   driver through HAProxy.
//!
//! Runs when `ONSETS_TEST_POSTGRES_URL` is set and `haproxy` is installed
//! (`.ci/run` sees to both); otherwise each test says why it is skipped.

mod common;
use common::*;
use onsets_server::loadtest::{self, Outcome, PlayOut, PlayOutReport, Progress};
use serde_json::json;
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The PostgreSQL server to use, or why the test cannot run.
fn postgres() -> Result<String, String> {
    std::env::var("ONSETS_TEST_POSTGRES_URL")
        .map_err(|_| "ONSETS_TEST_POSTGRES_URL is not set (.ci/postgres.sh starts one)".into())
}

/// A fresh PostgreSQL database, or why the test cannot run.
async fn fresh_database() -> Result<String, String> {
    postgres()?;
    databases()
        .await
        .into_iter()
        .find(|d| d.starts_with("postgres"))
        .ok_or_else(|| "no PostgreSQL database".into())
}

fn haproxy() -> Result<(), String> {
    match Command::new("haproxy").arg("-v").output() {
        Ok(o) if o.status.success() => Ok(()),
        _ => Err("haproxy is not installed (apt-get install haproxy; .ci/run does)".into()),
    }
}

fn skip(test: &str, why: &str) {
    println!("{test}: skipped: {why}");
}

/// Child mode: the test binary run again as one `onsets serve` instance
/// (the same `onsets_server::serve_with` as the command), so that it can be
/// killed with SIGKILL like a real process. Does nothing when not asked.
#[test]
#[ignore = "an instance for the failover test, started by it"]
fn instance() {
    let (Ok(addr), Ok(db)) = (
        std::env::var("ONSETS_FAILOVER_ADDR"),
        std::env::var("ONSETS_FAILOVER_DB"),
    ) else {
        return;
    };
    // Its log (the leases taken, lost and adopted) to the test's files.
    tracing_subscriber::fmt()
        .with_env_filter(tracing_subscriber::EnvFilter::new("onsets_server=info"))
        .with_writer(std::io::stderr)
        .init();
    let rt = tokio::runtime::Runtime::new().unwrap();
    rt.block_on(onsets_server::serve_with(
        &addr,
        &db,
        onsets_server::Config::unlimited(),
    ))
    .unwrap();
}

/// Child processes killed when the test ends, however it ends.
#[derive(Default)]
struct Procs(Vec<(String, Child)>);

impl Procs {
    fn kill(&mut self, name: &str) {
        if let Some(i) = self.0.iter().position(|(n, _)| n == name) {
            let (_, mut c) = self.0.remove(i);
            let _ = c.kill(); // SIGKILL
            let _ = c.wait();
        }
    }
}

impl Drop for Procs {
    fn drop(&mut self) {
        for (_, c) in &mut self.0 {
            let _ = c.kill();
            let _ = c.wait();
        }
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

fn log_file(dir: &std::path::Path, name: &str) -> Stdio {
    Stdio::from(std::fs::File::create(dir.join(format!("{name}.log"))).unwrap())
}

/// Starts instance `name` on `port` over `db` (this binary in child mode).
fn start_instance(procs: &mut Procs, dir: &std::path::Path, name: &str, port: u16, db: &str) {
    let child = Command::new(std::env::current_exe().unwrap())
        .args(["--exact", "instance", "--ignored", "--nocapture"])
        .env("ONSETS_FAILOVER_ADDR", format!("127.0.0.1:{port}"))
        .env("ONSETS_FAILOVER_DB", db)
        .stdout(log_file(dir, name))
        .stderr(log_file(dir, &format!("{name}.err")))
        .spawn()
        .unwrap();
    procs.0.push((name.to_string(), child));
}

/// Waits until `GET /healthz` on `addr` answers 200.
async fn healthy(addr: SocketAddr, within: Duration) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let deadline = Instant::now() + within;
    loop {
        let probe = async {
            let mut s = tokio::net::TcpStream::connect(addr).await.ok()?;
            s.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                .await
                .ok()?;
            let mut head = [0u8; 12];
            s.read_exact(&mut head).await.ok()?;
            Some(head.starts_with(b"HTTP/1.1 200"))
        };
        if let Ok(Some(true)) = tokio::time::timeout(Duration::from_secs(2), probe).await {
            return;
        }
        assert!(Instant::now() < deadline, "{addr} did not become healthy");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

fn addr(port: u16) -> SocketAddr {
    format!("127.0.0.1:{port}").parse().unwrap()
}

/// A client at `server`'s table `id`, joined (seat 0 or 1).
async fn joined(server: SocketAddr, id: &str, name: &str) -> Client {
    let mut c = Client::connect(server).await;
    c.join(id, name).await;
    c
}

/// Rejoins seat `token` of table `id` through `server`.
async fn rejoined(server: SocketAddr, id: &str, token: &str) -> Client {
    let mut c = Client::connect(server).await;
    c.send(json!({"v":1,"type":"rejoin","table":id,"token":token}))
        .await;
    let j = c
        .until("rejoined", |v| {
            v["type"] == "joined" || v["type"] == "error"
        })
        .await;
    assert_eq!(
        j["type"], "joined",
        "rejoin through the other instance: {j}"
    );
    c.token = Some(token.to_string());
    c.until("state", |v| v["type"] == "state").await;
    c
}

/// Reads frames until the server closes the connection (true) or `wait`
/// passes (false).
async fn closed(c: &mut Client, wait: Duration) -> bool {
    let deadline = tokio::time::Instant::now() + wait;
    loop {
        let left = deadline.saturating_duration_since(tokio::time::Instant::now());
        if left.is_zero() {
            return false;
        }
        match tokio::time::timeout(left, futures_util::StreamExt::next(&mut c.ws)).await {
            Err(_) => return false,
            Ok(None) | Ok(Some(Err(_))) => return true,
            Ok(Some(Ok(tokio_tungstenite::tungstenite::Message::Close(_)))) => return true,
            Ok(Some(Ok(_))) => {}
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_live_table_made_on_one_instance_is_played_through_the_other() {
    let db = match fresh_database().await {
        Ok(db) => db,
        Err(why) => return skip("a_live_table_made_on_one_instance…", &why),
    };
    let a = Server::start(&db);
    let b = Server::start(&db);
    let t = a
        .create_table(
            json!({"division":"senior","seats":[{"kind":"human"},{"kind":"human"}],"seed":7}),
        )
        .await;
    let id = t["id"].as_str().unwrap().to_string();
    let mut p0 = joined(a.addr, &id, "Ann").await;
    // Through B: B takes the table over (it was `table-archived` before).
    let mut p1 = joined(b.addr, &id, "Bo").await;
    assert_eq!(p1.seat, Some(1));
    assert!(p1.view["version"].as_u64().is_some(), "{}", p1.view);
    // A is the stale holder: what it does with the table is refused, and
    // it closes its connections (they reconnect, here straight to B).
    let version = p1.version();
    if let Some(act) = p0.scripted_act().or_else(|| p1.scripted_act()) {
        let _ = p0.act(act).await;
    }
    assert!(
        closed(&mut p0, Duration::from_secs(5)).await,
        "the stale holder closed its connections"
    );
    let token0 = p0.token.clone().unwrap();
    let mut p0 = rejoined(b.addr, &id, &token0).await;
    assert_eq!(
        p0.version(),
        version,
        "nothing was written by the stale holder"
    );
    // The match goes on at B, both seats playing there.
    for _ in 0..6 {
        let me = if p0.scripted_act().is_some() {
            &mut p0
        } else {
            &mut p1
        };
        let Some(act) = me.scripted_act() else { break };
        let r = me.act(act).await;
        assert_eq!(r["type"], "accepted", "{r}");
        let v = r["version"].as_u64().unwrap();
        for c in [&mut p0, &mut p1] {
            if c.version() < v {
                c.until("the act's update", |f| {
                    f["match"]["version"].as_u64() >= Some(v)
                })
                .await;
            }
        }
    }
    // Asked again through A, the table is taken back with everything, and
    // B, now the stale holder, closes its connections.
    let again = rejoined(a.addr, &id, &token0).await;
    assert_eq!(again.version(), p0.version().max(p1.version()));
    assert!(closed(&mut p1, Duration::from_secs(5)).await);
    a.stop();
    b.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_1969_table_made_on_one_instance_is_played_through_the_other() {
    let db = match fresh_database().await {
        Ok(db) => db,
        Err(why) => return skip("a_1969_table_made_on_one_instance…", &why),
    };
    let a = Server::start(&db);
    let b = Server::start(&db);
    let t = a
        .create_table(
            json!({"edition":"1969","seats":[{"kind":"human"},{"kind":"human"}],"seed":5}),
        )
        .await;
    let id = t["id"].as_str().unwrap().to_string();
    let mut p0 = joined(a.addr, &id, "Ann").await;
    let mut p1 = joined(b.addr, &id, "Bo").await;
    assert_eq!(p1.seat, Some(1));
    // The stale holder (A) drops the table at its next write or renewal.
    if let Some(act) = person1969(&p0.view, 0) {
        p0.send(json!({"v":1,"type":"act","ref":1,"token":p0.token,"act":act}))
            .await;
    }
    assert!(closed(&mut p0, Duration::from_secs(5)).await);
    let token0 = p0.token.clone().unwrap();
    let mut p0 = rejoined(b.addr, &id, &token0).await;
    // Both play on at B: a few acts of whoever is awaited.
    let mut acts = 0;
    for _ in 0..20 {
        let (me, seat) = if person1969(&p0.view, 0).is_some() {
            (&mut p0, 0)
        } else if person1969(&p1.view, 1).is_some() {
            (&mut p1, 1)
        } else {
            break;
        };
        let act = person1969(&me.view, seat).unwrap();
        let r = me.act(act.clone()).await;
        assert_eq!(r["type"], "accepted", "{act}: {r}");
        acts += 1;
        for c in [&mut p0, &mut p1] {
            c.send(json!({"v":1,"type":"resync"})).await;
            c.until("state", |v| v["type"] == "state").await;
        }
    }
    assert!(
        acts >= 2,
        "acts accepted at the instance that took the table over"
    );
    a.stop();
    b.stop();
}

/// The shakes each table plays before holding until the round is up.
const SHAKES: usize = 1;
const TABLES: u64 = 100;

fn tables() -> Vec<(u64, String)> {
    (0..TABLES)
        .map(|i| {
            let edition = if i % 4 == 3 { "2019-20" } else { "2026-27" };
            (4_000 + i, edition.to_string())
        })
        .collect()
}

fn play(addr: String) -> PlayOut {
    PlayOut {
        addr,
        tables: tables(),
        shakes: SHAKES,
        // Two minutes of match time: the tables' one shake is played well
        // within it on a busy two-core machine, the rest is waited for.
        round_minutes: 2,
        division: "senior".into(),
    }
}

/// A table's seed, edition, shakes and shake records (each shake's points
/// and penalties, as JSON, to compare).
///
/// The totals and match points are not compared: after its scripted shakes
/// a table's players hold until the round's time ends (XI), and whether a
/// time limit of the held shake (60 s) falls before the round's end
/// depends on when, in wall-clock time, the scripted shakes ended — on a
/// loaded machine with a failover in between, later than in the
/// uninterrupted run, which plays in the engine's time. Every played
/// shake's record must be identical.
type Scores = (u64, String, usize, String);

fn scores(r: &PlayOutReport) -> Vec<Scores> {
    r.outcomes
        .iter()
        .map(|o: &Outcome| (o.seed, o.edition.clone(), o.shakes, o.history.to_string()))
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_instances_behind_haproxy_lose_one_mid_shake() {
    let db = match fresh_database().await {
        Ok(db) => db,
        Err(why) => return skip("two_instances_behind_haproxy…", &why),
    };
    if let Err(why) = haproxy() {
        return skip("two_instances_behind_haproxy…", &why);
    }
    let dir = std::env::temp_dir().join(format!("onsets-failover-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (pa, pb, ph) = (free_port(), free_port(), free_port());
    let mut procs = Procs::default();
    start_instance(&mut procs, &dir, "a", pa, &db);
    healthy(addr(pa), Duration::from_secs(60)).await;
    start_instance(&mut procs, &dir, "b", pb, &db);
    healthy(addr(pb), Duration::from_secs(60)).await;
    let cfg = concat!(env!("CARGO_MANIFEST_DIR"), "/../../deploy/haproxy.cfg");
    let proxy = Command::new("haproxy")
        // `-n`: a connection limit within this machine's file limit (the
        // shipped 20,000 wants 40,000 descriptors; deploy/README.md).
        .args(["-db", "-n", "4000", "-f", cfg])
        .env("ONSETS_BIND", format!("127.0.0.1:{ph}"))
        .env("ONSETS_A", format!("127.0.0.1:{pa}"))
        .env("ONSETS_B", format!("127.0.0.1:{pb}"))
        .stdout(log_file(&dir, "haproxy"))
        .stderr(log_file(&dir, "haproxy.err"))
        .spawn()
        .unwrap();
    procs.0.push(("haproxy".into(), proxy));
    healthy(addr(ph), Duration::from_secs(20)).await;
    println!(
        "instances a :{pa}, b :{pb}, HAProxy :{ph}; logs in {}",
        dir.display()
    );

    let progress = Arc::new(Progress::default());
    let started = Instant::now();
    let through = play(format!("127.0.0.1:{ph}"));
    let run = tokio::spawn({
        let progress = progress.clone();
        async move { loadtest::play_out(&through, progress).await }
    });
    // Mid-shake: every table has started its first shake and is a few
    // acts into it.
    while progress.actions.load(Ordering::Relaxed) < 6 * TABLES {
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "the tables started"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let at = progress.actions.load(Ordering::Relaxed);
    procs.kill("a");
    let killed = Instant::now();
    println!(
        "killed instance a (SIGKILL) after {at} actions, {:.1} s in",
        started.elapsed().as_secs_f64()
    );
    tokio::time::sleep(Duration::from_secs(3)).await;
    start_instance(&mut procs, &dir, "a", pa, &db);
    healthy(addr(pa), Duration::from_secs(60)).await;
    println!(
        "instance a back after {:.1} s",
        killed.elapsed().as_secs_f64()
    );

    let failed_over = tokio::time::timeout(Duration::from_secs(300), run)
        .await
        .expect("every table's match ended within 5 minutes")
        .unwrap()
        .unwrap();
    // The same seeds played uninterrupted: by the same players in the engine
    // alone (loadtest::play_alone).
    let reference_run = tokio::task::spawn_blocking(|| {
        let cfg = play(String::new());
        let mut r = PlayOutReport::default();
        for (seed, edition) in &cfg.tables {
            r.outcomes
                .push(loadtest::play_alone(&cfg, *seed, edition).unwrap());
        }
        r
    })
    .await
    .unwrap();
    println!(
        "through HAProxy: {} tables over, {} players gave up, {} reconnections, the longest {:.0} ms; {:.1} s in all",
        failed_over.outcomes.len(),
        failed_over.failed.len(),
        failed_over.reconnects,
        failed_over.reconnect_max_ms,
        started.elapsed().as_secs_f64()
    );
    assert!(failed_over.failed.is_empty(), "{:?}", failed_over.failed);
    assert_eq!(reference_run.outcomes.len(), TABLES as usize);
    assert!(
        reference_run.outcomes.iter().all(|o| o.shakes == SHAKES),
        "every uninterrupted table played its shakes before the round's end (too slow a machine otherwise): {:?}",
        reference_run.outcomes.iter().map(|o| o.shakes).collect::<Vec<_>>()
    );
    assert_eq!(
        scores(&failed_over),
        scores(&reference_run),
        "the same scores as the uninterrupted run"
    );
    assert!(
        failed_over.reconnects > 0,
        "instance a held tables and lost them"
    );
    assert!(
        failed_over.reconnect_max_ms < 5_000.0,
        "every player was back at its table within 5 s: {:.0} ms",
        failed_over.reconnect_max_ms
    );

    // `onsets loadtest --addr` through HAProxy: every table held.
    let report = loadtest::run(loadtest::LoadConfig {
        addr: format!("127.0.0.1:{ph}"),
        tables: 20,
        seconds: 3,
        think_ms: 250,
        bot: None,
        bot_pace: 100,
        bot_only_tables: 0,
        bot_only_level: "expert".into(),
        division: "senior".into(),
    })
    .await
    .unwrap();
    println!("loadtest through HAProxy:\n{report}");
    assert_eq!(report.tables_held, 20, "{report}");
    assert!(report.actions > 0, "{report}");
}

/// An open event stream (Server-Sent Events): its lines as they come.
struct Stream {
    lines: tokio::io::Lines<tokio::io::BufReader<tokio::net::TcpStream>>,
}

impl Stream {
    async fn open(server: SocketAddr, cookie: &str, path: &str) -> Stream {
        use tokio::io::{AsyncBufReadExt, AsyncWriteExt};
        let mut s = tokio::net::TcpStream::connect(server).await.unwrap();
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

/// Two `onsets serve` processes (this binary in child mode) over `db`:
/// their ports.
async fn two_instances(procs: &mut Procs, dir: &std::path::Path, db: &str) -> (u16, u16) {
    let (pa, pb) = (free_port(), free_port());
    start_instance(procs, dir, "a", pa, db);
    healthy(addr(pa), Duration::from_secs(60)).await;
    start_instance(procs, dir, "b", pb, db);
    healthy(addr(pb), Duration::from_secs(60)).await;
    (pa, pb)
}

/// An online event of two bot entries, round 1 paired through `server`:
/// (event id, its one table's id).
async fn online_round(server: SocketAddr, org: &str) -> (String, String) {
    let r = post(
        server,
        "/api/tournaments",
        json!({"name": "Net", "division": "junior", "rounds": 1, "online": true,
               "round_minutes": 1, "adventurous": false, "bot_pace": 30}),
        Some(org),
    )
    .await;
    assert_eq!(r.status, 201, "{}", r.body);
    let id = r.body["id"].as_str().unwrap().to_string();
    for (n, level) in [("Ada", "beginner"), ("Babbage", "club")] {
        let r = post(
            server,
            &format!("/api/tournaments/{id}/entries"),
            json!({"name": n, "bot": level}),
            Some(org),
        )
        .await;
        assert_eq!(r.status, 201, "{}", r.body);
    }
    let r = post(
        server,
        &format!("/api/tournaments/{id}/rounds"),
        json!({}),
        Some(org),
    )
    .await;
    assert_eq!(r.status, 201, "{}", r.body);
    let link = r.body["tables"][0]["link"].as_str().unwrap();
    (id, link[3..].to_string())
}

/// A class of `names` managed students, signed in (their cookies), made
/// through `server` by `coach`: the class id.
async fn a_class(server: SocketAddr, coach: &str, names: &[&str]) -> (String, Vec<String>) {
    let r = post(
        server,
        "/api/classes",
        json!({"name": "Room 9", "division": "Middle"}),
        Some(coach),
    )
    .await;
    assert_eq!(r.status, 201, "{}", r.body);
    let id = r.body["id"].as_str().unwrap().to_string();
    let r = post(
        server,
        &format!("/api/classes/{id}/students"),
        json!({ "names": names }),
        Some(coach),
    )
    .await;
    assert_eq!(r.status, 201, "{}", r.body);
    let mut cookies = Vec::new();
    for s in r.body["students"].as_array().unwrap() {
        let r = post(
            server,
            "/api/login",
            json!({"name": s["username"], "password": s["password"]}),
            None,
        )
        .await;
        assert_eq!(r.status, 200, "{}", r.body);
        cookies.push(session(&r));
    }
    (id, cookies)
}

/// A `challenge` puzzle of the pool: its id, a right and a wrong answer.
fn challenge() -> (String, String, String) {
    let p = onsets_server::puzzles::every_puzzle()
        .iter()
        .find(|p| p.kind.name() == "challenge")
        .expect("a challenge puzzle");
    let right = p.answer.as_str().unwrap().to_string();
    let wrong = p.choices.iter().find(|c| **c != right).unwrap().clone();
    (p.id.clone(), right, wrong)
}

/// docs/scaling.md, "Failover": an online tournament round's table and a
/// classroom board, both on instance A, survive A's SIGKILL. The round's
/// table is taken over by B when a watcher comes back through it, goes on
/// from its last stored act and reports its result to the event; the board
/// is read through B with every answer, and is answered and revealed there.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_online_round_and_a_classroom_board_survive_the_loss_of_their_instance() {
    let db = match fresh_database().await {
        Ok(db) => db,
        Err(why) => return skip("an_online_round_and_a_classroom_board…", &why),
    };
    let dir = std::env::temp_dir().join(format!("onsets-failover-rb-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut procs = Procs::default();
    let (pa, pb) = two_instances(&mut procs, &dir, &db).await;
    let (a, b) = (addr(pa), addr(pb));
    // The round and the board, made on A.
    let org = sign_up(a, "Host").await;
    let (event, table) = online_round(a, &org).await;
    let coach = sign_up(a, "Coach").await;
    let (class, students) = a_class(a, &coach, &["Ann Lee", "Bo Chen", "Cy Diaz"]).await;
    let board = format!("/api/classes/{class}/board");
    let (puzzle, right, wrong) = challenge();
    let r = post(a, &board, json!({ "puzzle": puzzle }), Some(&coach)).await;
    assert_eq!(r.status, 201, "{}", r.body);
    let version = r.body["version"].as_i64().unwrap();
    for (cookie, answer) in [(&students[0], &right), (&students[1], &wrong)] {
        let r = post(
            a,
            &format!("{board}/answer"),
            json!({"version": version, "answer": answer}),
            Some(cookie),
        )
        .await;
        assert_eq!(r.status, 200, "{}", r.body);
    }
    // The coach's board stream is on B (it hears A's changes).
    let mut coach_stream = Stream::open(b, &coach, &format!("{board}/events")).await;
    // The bots play on A; a watcher there sees the acts stored.
    let mut watcher = Client::connect(a).await;
    watcher
        .send(json!({"v":1,"type":"spectate","table":table}))
        .await;
    let seen = watcher
        .until("a few acts", |v| v["match"]["version"].as_u64() >= Some(4))
        .await;
    let acknowledged = seen["match"]["version"].as_u64().unwrap();
    procs.kill("a");
    let killed = Instant::now();
    // The watcher comes back through B: B takes the table over.
    assert!(closed(&mut watcher, Duration::from_secs(5)).await);
    let mut back = Client::connect(b).await;
    back.send(json!({"v":1,"type":"spectate","table":table}))
        .await;
    let st = back.until("state", |v| v["type"] == "state").await;
    let came_back = killed.elapsed();
    assert!(came_back < Duration::from_secs(5), "{came_back:?}");
    assert!(
        st["match"]["version"].as_u64().unwrap() >= acknowledged,
        "nothing stored was lost: {acknowledged} then {}",
        st["match"]["version"]
    );
    // The board through B: every answer kept; answered and revealed there.
    let r = get(b, &board, Some(&coach)).await;
    assert_eq!(
        (&r.body["answered"], &r.body["right"], &r.body["wrong"]),
        (&json!(2), &json!(1), &json!(1)),
        "{}",
        r.body
    );
    assert_eq!(r.body["puzzle"]["id"], puzzle.as_str(), "{}", r.body);
    let r = post(
        b,
        &format!("{board}/answer"),
        json!({"version": version, "answer": right}),
        Some(&students[2]),
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.body);
    coach_stream.event("changed").await;
    let r = post(
        b,
        &format!("{board}/reveal"),
        json!({ "version": version }),
        Some(&coach),
    )
    .await;
    assert_eq!(r.status, 200, "{}", r.body);
    let r = get(b, &board, Some(&students[1])).await;
    assert_eq!(
        (&r.body["revealed"], &r.body["correct"]),
        (&json!(true), &json!(false)),
        "{}",
        r.body
    );
    // The round's table plays on at B and reports its result to the event.
    let deadline = Instant::now() + Duration::from_secs(240);
    loop {
        let st = get(b, &format!("/api/tournaments/{event}/standings"), None).await;
        if st.body["finished"] == true {
            break;
        }
        assert!(Instant::now() < deadline, "no result: {}", st.body);
        back.try_next(Duration::from_millis(500)).await;
    }
    let ev = get(b, &format!("/api/tournaments/{event}"), None).await;
    let t = &ev.body["paired"][0]["tables"][0];
    assert_eq!(t["online"], table.as_str(), "{}", ev.body);
    assert_eq!(t["match_points"].as_array().map(Vec::len), Some(2), "{t}");
    println!(
        "the round's table back through B {:.0} ms after the kill (at version {})",
        came_back.as_secs_f64() * 1000.0,
        st["match"]["version"]
    );
}

//! A race lives in the memory of the instance that made it; behind HAProxy
//! with the shipped deploy/haproxy.cfg every request of a race reaches that
//! instance (docs/scaling.md, "Puzzle Race"): HAProxy learns the instance
//! from the answer to `POST /api/races` (the `X-Onsets-Race-Route` header)
//! and routes `/api/races/ID` and `/ws/race?race=ID` by the id's first 16
//! hex digits. Two `onsets serve` processes (this binary run again as
//! `onsets_server::serve_with`: a race map is per process), each over its
//! own SQLite database (races are not in the database). Runs when `haproxy`
//! is installed; skipped (and says so) otherwise.

mod common;

use common::http;
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// Child mode: one instance, when asked (does nothing otherwise).
#[test]
#[ignore = "an instance for the race routing test, started by it"]
fn race_instance() {
    common::serve_if_asked("ONSETS_RACE_ROUTING_ADDR", "ONSETS_RACE_ROUTING_DB");
}

/// Child processes killed when the test ends, however it ends.
#[derive(Default)]
struct Procs(Vec<Child>);

impl Drop for Procs {
    fn drop(&mut self) {
        for c in &mut self.0 {
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

fn addr(port: u16) -> SocketAddr {
    format!("127.0.0.1:{port}").parse().unwrap()
}

/// Waits until `GET /healthz` answers 200.
async fn healthy(at: SocketAddr) {
    let deadline = Instant::now() + Duration::from_secs(120);
    loop {
        let probe = async {
            let s = tokio::net::TcpStream::connect(at).await.ok()?;
            drop(s);
            Some(http(at, "GET", "/healthz", None).await.0)
        };
        if let Ok(Some(200)) = tokio::time::timeout(Duration::from_secs(5), probe).await {
            return;
        }
        assert!(Instant::now() < deadline, "{at} did not become healthy");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_request_of_a_race_reaches_its_instance_behind_haproxy() {
    if !Command::new("haproxy")
        .arg("-v")
        .output()
        .is_ok_and(|o| o.status.success())
    {
        println!("skipped: haproxy is not installed (apt-get install haproxy; .ci/run does)");
        return;
    }
    let dir = std::env::temp_dir().join(format!("onsets-race-routing-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (pa, pb, ph) = (free_port(), free_port(), free_port());
    let mut procs = Procs::default();
    for (name, port) in [("a", pa), ("b", pb)] {
        let db = format!("sqlite:{}", dir.join(format!("{name}.db")).display());
        procs.0.push(
            Command::new(std::env::current_exe().unwrap())
                .args(["--exact", "race_instance", "--ignored", "--nocapture"])
                .env("ONSETS_RACE_ROUTING_ADDR", format!("127.0.0.1:{port}"))
                .env("ONSETS_RACE_ROUTING_DB", db)
                .env("ONSETS_STORM_POOL", "0")
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .unwrap(),
        );
    }
    let cfg = concat!(env!("CARGO_MANIFEST_DIR"), "/../../deploy/haproxy.cfg");
    procs.0.push(
        Command::new("haproxy")
            .args(["-db", "-n", "4000", "-f", cfg])
            .env("ONSETS_BIND", format!("127.0.0.1:{ph}"))
            .env("ONSETS_A", format!("127.0.0.1:{pa}"))
            .env("ONSETS_B", format!("127.0.0.1:{pb}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap(),
    );
    healthy(addr(pa)).await;
    healthy(addr(pb)).await;
    healthy(addr(ph)).await;

    // races made through the balancer land on both instances (round robin,
    // once HAProxy's checks see both up): at least 8, until both made some
    let mut held = [0usize; 2];
    for n in 0..40 {
        if n >= 8 && held[0] > 0 && held[1] > 0 {
            break;
        }
        let (st, made) = http(
            addr(ph),
            "POST",
            "/api/races",
            Some(serde_json::json!({"bots": ["club"]})),
        )
        .await;
        assert_eq!(st, 201, "{made}");
        let id = made["id"].as_str().unwrap().to_string();
        let on: Vec<u16> = [pa, pb]
            .iter()
            .map(|p| {
                let path = format!("/api/races/{id}");
                async move { http(addr(*p), "GET", &path, None).await.0 }
            })
            .collect::<futures_util::future::JoinAll<_>>()
            .await;
        let holder = on
            .iter()
            .position(|s| *s == 200)
            .expect("one instance holds it");
        assert_eq!(on.iter().filter(|s| **s == 200).count(), 1, "{on:?}");
        held[holder] += 1;
        // every request of the race through the balancer reaches it
        for _ in 0..6 {
            let (st, v) = http(addr(ph), "GET", &format!("/api/races/{id}"), None).await;
            assert_eq!(st, 200, "{id}: {v}");
            assert_eq!(v["id"], id.as_str());
        }
        // and the race's socket too (the routing key in its URL)
        let url = format!("ws://127.0.0.1:{ph}/ws/race?race={id}");
        let (mut ws, _) = tokio_tungstenite::connect_async(url).await.unwrap();
        use futures_util::{SinkExt, StreamExt};
        let join = serde_json::json!({"type": "race-join", "race": id, "name": "Ann"});
        ws.send(tokio_tungstenite::tungstenite::Message::Text(
            join.to_string().into(),
        ))
        .await
        .unwrap();
        let first = tokio::time::timeout(Duration::from_secs(30), ws.next())
            .await
            .expect("an answer")
            .unwrap()
            .unwrap();
        let v: serde_json::Value = serde_json::from_str(first.to_text().unwrap()).unwrap();
        assert_eq!(v["type"], "race-joined", "{v}");
    }
    assert!(
        held[0] > 0 && held[1] > 0,
        "both instances made races: {held:?}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

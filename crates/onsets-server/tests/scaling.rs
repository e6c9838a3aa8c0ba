//! Several instances on one database (docs/scaling.md): two
//! servers, each with its own runtime, connection pool, lobby and port (as
//! two processes would have), over one SQLite file and, when
//! `ONSETS_TEST_POSTGRES_URL` is set, one PostgreSQL database. A session
//! made on one is good on the other; a tournament's tables get their results
//! through both at once; the standings are the same on both; and (on
//! PostgreSQL, LISTEN/NOTIFY) a page watching one instance hears of a result
//! recorded on the other.

mod common;
use common::*;
use onsets_tournament::match_points::from_scores;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// A watcher of `GET /api/tournaments/{id}/live`.
struct Watcher {
    stream: tokio::net::TcpStream,
    seen: String,
}

impl Watcher {
    async fn open(addr: SocketAddr, id: &str) -> Watcher {
        let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
        let req = format!("GET /api/tournaments/{id}/live HTTP/1.1\r\nHost: x\r\n\r\n");
        stream.write_all(req.as_bytes()).await.unwrap();
        let mut w = Watcher {
            stream,
            seen: String::new(),
        };
        // The head arrives at once (200, text/event-stream).
        w.until("\r\n\r\n", Duration::from_secs(5)).await;
        assert!(w.seen.starts_with("HTTP/1.1 200"), "{}", w.seen);
        assert!(
            w.seen.to_ascii_lowercase().contains("text/event-stream"),
            "{}",
            w.seen
        );
        w.seen.clear();
        w
    }

    /// Reads until `text` has arrived (true) or `wait` is over (false).
    async fn until(&mut self, text: &str, wait: Duration) -> bool {
        let deadline = tokio::time::Instant::now() + wait;
        let mut buf = [0u8; 4096];
        while !self.seen.contains(text) {
            match tokio::time::timeout_at(deadline, self.stream.read(&mut buf)).await {
                Ok(Ok(n)) if n > 0 => self.seen.push_str(&String::from_utf8_lossy(&buf[..n])),
                _ => return false,
            }
        }
        true
    }

    /// Waits for one `changed` event and forgets what was read.
    async fn changed(&mut self, wait: Duration) -> bool {
        let ok = self.until("event: changed", wait).await;
        self.seen.clear();
        ok
    }
}

fn names(v: &Value) -> Vec<String> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_str().unwrap().to_string())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_instances_share_accounts_tournaments_and_standings() {
    for db in databases().await {
        let postgres = db.starts_with("postgres");
        let a = Server::start(&db);
        let b = Server::start(&db);
        // A session made on A is good on B (the cookie's hash is in the
        // database).
        let org = sign_up(a.addr, "Director").await;
        let me = get(b.addr, "/api/account", Some(&org)).await;
        assert_eq!(me.body["name"], "Director", "{}", me.body);
        let r = post(
            b.addr,
            "/api/tournaments",
            json!({"name": "Two hosts", "division": "senior", "rounds": 3, "seed": 9}),
            Some(&org),
        )
        .await;
        assert_eq!(r.status, 201, "{}", r.body);
        let id = r.body["id"].as_str().unwrap().to_string();
        // Entries through both, at once: none lost (optimistic versions).
        let players: Vec<String> = (0..11).map(|i| format!("Player {i}")).collect();
        let entering = players.iter().enumerate().map(|(i, n)| {
            let addr = if i % 2 == 0 { a.addr } else { b.addr };
            let org = org.clone();
            let path = format!("/api/tournaments/{id}/entries");
            async move { post(addr, &path, json!({ "name": n }), Some(&org)).await }
        });
        for r in futures_util::future::join_all(entering).await {
            assert_eq!(r.status, 201, "{}", r.body);
        }
        let ev = get(a.addr, &format!("/api/tournaments/{id}"), None).await;
        assert_eq!(ev.body["entries"].as_array().unwrap().len(), 11);

        // A page watching B (and one watching A).
        let mut on_b = Watcher::open(b.addr, &id).await;
        let mut on_a = Watcher::open(a.addr, &id).await;
        let strength = |n: &str| -> i64 { n[7..].parse::<i64>().unwrap() * 7 % 11 };
        for round in 1..=3 {
            let host = if round % 2 == 1 { a.addr } else { b.addr };
            let r = post(
                host,
                &format!("/api/tournaments/{id}/rounds"),
                json!({}),
                Some(&org),
            )
            .await;
            assert_eq!(r.status, 201, "{}", r.body);
            if postgres {
                assert!(on_b.changed(Duration::from_secs(5)).await);
                assert!(on_a.changed(Duration::from_secs(5)).await);
            } else {
                let (mine, other) = if host == a.addr {
                    (&mut on_a, &mut on_b)
                } else {
                    (&mut on_b, &mut on_a)
                };
                assert!(mine.changed(Duration::from_secs(5)).await);
                // SQLite is one instance's database: no news across.
                let _ = other;
            }
            // 11 entries: 3 + 3 + 3 + 2; odd tables through A, even through
            // B, all at once.
            let tables = r.body["tables"].as_array().unwrap().clone();
            assert_eq!(tables.len(), 4);
            let results = tables.iter().map(|t| {
                let table = t["table"].as_u64().unwrap();
                let addr = if table % 2 == 1 { a.addr } else { b.addr };
                let players = names(&t["players"]);
                let scores: Vec<Option<i64>> = players.iter().map(|p| Some(strength(p))).collect();
                let mp: BTreeMap<String, u8> =
                    players.iter().cloned().zip(from_scores(&scores)).collect();
                let sc: BTreeMap<String, i64> =
                    players.iter().map(|p| (p.clone(), strength(p))).collect();
                let org = org.clone();
                let path = format!("/api/tournaments/{id}/results");
                async move {
                    post(
                        addr,
                        &path,
                        json!({"round": round, "table": table, "match_points": mp, "scores": sc}),
                        Some(&org),
                    )
                    .await
                }
            });
            for r in futures_util::future::join_all(results).await {
                assert_eq!(r.status, 200, "{}", r.body);
            }
            if postgres {
                // A result recorded on A reaches the page on B.
                assert!(on_b.changed(Duration::from_secs(5)).await);
            }
            let sa = get(a.addr, &format!("/api/tournaments/{id}/standings"), None).await;
            let sb = get(b.addr, &format!("/api/tournaments/{id}/standings"), None).await;
            assert_eq!(sa.body, sb.body, "the same standings on both");
            assert_eq!(sa.body["finished"], true, "every table's result kept");
            let played: Vec<u64> = sa.body["standings"]
                .as_array()
                .unwrap()
                .iter()
                .map(|s| s["played"].as_u64().unwrap())
                .collect();
            assert!(played.iter().all(|p| *p == round), "{played:?}");
        }
        // The standings: match points as the strengths give them.
        let st = get(b.addr, &format!("/api/tournaments/{id}/standings"), None).await;
        let ev = get(a.addr, &format!("/api/tournaments/{id}"), None).await;
        let mut expected: BTreeMap<String, u64> = BTreeMap::new();
        for r in ev.body["paired"].as_array().unwrap() {
            for t in r["tables"].as_array().unwrap() {
                let players = names(&t["players"]);
                let scores: Vec<Option<i64>> = players.iter().map(|p| Some(strength(p))).collect();
                for (p, m) in players.iter().zip(from_scores(&scores)) {
                    *expected.entry(p.clone()).or_default() += u64::from(m);
                }
            }
        }
        for row in st.body["standings"].as_array().unwrap() {
            assert_eq!(
                row["match_points"].as_u64().unwrap(),
                expected[row["name"].as_str().unwrap()],
                "{row}"
            );
        }
        a.stop();
        b.stop();
    }
}

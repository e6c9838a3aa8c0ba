//! Sign-in (docs/security.md, "Sign-in"): guesses at one account from many
//! addresses lock the name out (the right password waits too, briefly), and
//! a name without an account costs the same argon2 work as a wrong password.

use super::raw;
use crate::common::*;
use onsets_server::accounts::{dummy_verifications, FREE_FAILURES};
use serde_json::json;
use std::time::{Duration, Instant};

async fn login_from(server: &Server, from: &str, name: &str, password: &str) -> (u16, String) {
    let body = json!({ "name": name, "password": password }).to_string();
    let (status, head, _) = raw(
        server.addr,
        "POST",
        "/api/login",
        &[
            ("Content-Type", "application/json"),
            ("X-Forwarded-For", from),
        ],
        &body,
    )
    .await;
    (status, head)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn guesses_from_twenty_addresses_lock_the_name_and_the_right_password_waits() {
    let db = &databases().await[0];
    // Default limits (20 sign-ins a minute per address), each guess from an
    // address of its own through a trusted proxy.
    let server = Server::start_with(
        db,
        onsets_server::Config {
            trusted_proxies: vec!["127.0.0.1".parse().unwrap()],
            ..onsets_server::Config::default()
        },
    );
    sign_up(server.addr, "Target").await;
    let (mut wrong, mut limited) = (0, 0);
    for i in 0..240 {
        let from = format!("198.51.100.{}", 1 + i % 20);
        let (status, head) = login_from(&server, &from, "target", &format!("guess {i:04}")).await;
        match status {
            401 => wrong += 1,
            429 => {
                assert!(head.contains("retry-after:"), "{head}");
                limited += 1
            }
            s => panic!("guess {i}: {s}"),
        }
    }
    // A few verified guesses (the free ones and those after a short
    // lock-out ran out), every other one refused unchecked.
    assert!(
        (FREE_FAILURES as usize..=FREE_FAILURES as usize + 6).contains(&wrong),
        "{wrong} wrong, {limited} refused"
    );
    // The right password from yet another address is refused during the
    // lock-out, with the wait...
    let (status, head) = login_from(&server, "203.0.113.77", "Target", "correct horse").await;
    assert_eq!(status, 429, "the right password during the lock-out");
    let wait: u64 = head
        .lines()
        .find_map(|l| l.strip_prefix("retry-after:"))
        .and_then(|v| v.trim().parse().ok())
        .expect("a Retry-After");
    assert!(wait <= 300, "a lock-out of {wait} s");
    // ...and taken once it is over.
    tokio::time::sleep(Duration::from_secs(wait)).await;
    let (status, _) = login_from(&server, "203.0.113.78", "Target", "correct horse").await;
    assert_eq!(status, 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unknown_name_costs_an_argon2_verification_like_a_known_one() {
    let db = &databases().await[0];
    let server = Server::start(db);
    sign_up(server.addr, "Known").await;
    let before = dummy_verifications();
    let (mut known, mut unknown) = (Vec::new(), Vec::new());
    // Fewer wrong passwords than lock the name.
    for i in 0..FREE_FAILURES - 1 {
        let t = Instant::now();
        let (status, _) = login_from(&server, "1.2.3.4", "Known", "wrong password").await;
        known.push(t.elapsed());
        assert_eq!(status, 401);
        let t = Instant::now();
        let (status, _) =
            login_from(&server, "1.2.3.4", &format!("Nobody{i}"), "wrong password").await;
        unknown.push(t.elapsed());
        assert_eq!(status, 401);
    }
    // Structurally: every unknown name ran the dummy verification.
    assert!(dummy_verifications() - before >= u64::from(FREE_FAILURES - 1));
    // And the times are alike (medians; generous: a factor of 3).
    let median = |v: &mut Vec<Duration>| {
        v.sort();
        v[v.len() / 2].as_secs_f64()
    };
    let (k, u) = (median(&mut known), median(&mut unknown));
    assert!(
        k / u < 3.0 && u / k < 3.0,
        "known {:.1} ms, unknown {:.1} ms",
        k * 1e3,
        u * 1e3
    );
}

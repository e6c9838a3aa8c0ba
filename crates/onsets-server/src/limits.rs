//! Per-client rate limits (the `governor` crate: a token bucket per client
//! address) on table creation and WebSocket connections, the `Origin`
//! check of the WebSocket (`docs/protocol.md`, "Limits"), the sign-in
//! limits and lock-outs ([`Guard`]; docs/security.md, "Sign-in") and the
//! puzzle players' limits ([`PuzzleLimits`]; docs/puzzles.md, "Players").
//!
//! Depends on the configuration only (docs/server-layers.md).

use crate::config::Config;
use axum::http::HeaderMap;
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use std::collections::HashMap;
use std::net::IpAddr;
use std::num::NonZeroU32;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Why a page's `Origin` may not open the WebSocket or send a state-changing
/// request (docs/protocol.md, "Limits" and "Cross-site requests").
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OriginRefused {
    /// An origin that is neither the site's own nor allowed.
    #[error("pages from `{0}` may not connect to this server (only its own pages, and those allowed with --allow-origin)")]
    Foreign(String),
}

/// What a client is known by: its address (every client without one, such
/// as tests calling the router directly, shares one bucket).
pub type ClientKey = Option<IpAddr>;

/// The address a request's rate limits are kept for.
///
/// Normally the TCP peer. When the peer is a trusted reverse proxy, the
/// client is the right-most address of `X-Forwarded-For` that is not itself a
/// trusted proxy (each proxy appends the address it heard from, so entries
/// to the left of the first untrusted one may be forged by the client). A
/// malformed entry met before any untrusted address ends the walk at the
/// last trusted hop, which then stands for the client: a client cannot
/// escape its limits by sending garbage.
pub fn client_key(peer: ClientKey, forwarded_for: Option<&str>, trusted: &[IpAddr]) -> ClientKey {
    let peer_ip = peer?;
    if !trusted.contains(&peer_ip) {
        return Some(peer_ip);
    }
    let Some(list) = forwarded_for else {
        return Some(peer_ip);
    };
    let mut last = peer_ip;
    for entry in list.rsplit(',') {
        match entry.trim().parse::<IpAddr>() {
            Ok(ip) if trusted.contains(&ip) => last = ip,
            Ok(ip) => return Some(ip),
            Err(_) => return Some(last),
        }
    }
    Some(last)
}

/// Whether the client reached the site over HTTPS, so that the session
/// cookie may be `Secure`: always when the operator says so
/// (`--secure-cookies`), else when the TCP peer is one of the trusted reverse
/// proxies and its `X-Forwarded-Proto` says `https` (the first value: the
/// scheme the outermost proxy heard). A client's own `X-Forwarded-Proto` is
/// ignored unless it comes through a trusted proxy.
pub fn https(
    always: bool,
    peer: Option<IpAddr>,
    forwarded_proto: Option<&str>,
    trusted: &[IpAddr],
) -> bool {
    if always {
        return true;
    }
    let Some(peer) = peer else {
        return false;
    };
    trusted.contains(&peer)
        && forwarded_proto
            .and_then(|v| v.split(',').next())
            .is_some_and(|v| v.trim().eq_ignore_ascii_case("https"))
}

pub struct Limits {
    create: Option<DefaultKeyedRateLimiter<ClientKey>>,
    connect: Option<DefaultKeyedRateLimiter<ClientKey>>,
    create_per_minute: u32,
    connect_per_minute: u32,
    allow_origins: Vec<String>,
}

pub(crate) fn limiter(per_minute: u32, burst: u32) -> Option<DefaultKeyedRateLimiter<ClientKey>> {
    let rate = NonZeroU32::new(per_minute)?;
    let burst = NonZeroU32::new(burst.max(1)).unwrap_or(NonZeroU32::MIN);
    Some(RateLimiter::keyed(
        Quota::per_minute(rate).allow_burst(burst),
    ))
}

/// A refusal: the message to send and how long to wait.
#[derive(Debug)]
pub struct Limited {
    pub message: String,
    pub retry_after_s: u64,
}

impl Limits {
    pub fn new(c: &Config) -> Limits {
        Limits {
            create: limiter(c.create_per_minute, c.create_burst),
            connect: limiter(c.connect_per_minute, c.connect_burst),
            create_per_minute: c.create_per_minute,
            connect_per_minute: c.connect_per_minute,
            allow_origins: c.allow_origins.clone(),
        }
    }

    pub(crate) fn check(
        l: &Option<DefaultKeyedRateLimiter<ClientKey>>,
        key: ClientKey,
        what: &str,
        per_minute: u32,
    ) -> Result<(), Limited> {
        let Some(l) = l else { return Ok(()) };
        l.check_key(&key).map_err(|not_until| {
            let wait = not_until
                .wait_time_from(governor::clock::Clock::now(&governor::clock::DefaultClock::default()));
            let secs = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
            Limited {
                message: format!(
                    "too many {what} from your address: at most {per_minute} a minute; try again in {secs} s"
                ),
                retry_after_s: secs.max(1),
            }
        })
    }

    /// A table creation by `key`.
    pub fn create(&self, key: ClientKey) -> Result<(), Limited> {
        Self::check(&self.create, key, "new tables", self.create_per_minute)
    }

    /// A WebSocket connection by `key`.
    pub fn connect(&self, key: ClientKey) -> Result<(), Limited> {
        Self::check(&self.connect, key, "connections", self.connect_per_minute)
    }

    /// Forgets clients whose buckets are full again, every minute (the
    /// limiters' memory stays bounded by the clients of the last minute).
    pub fn start_cleaning(self: &Arc<Self>) {
        let me = Arc::downgrade(self);
        tokio::spawn(async move {
            loop {
                tokio::time::sleep(Duration::from_secs(60)).await;
                let Some(l) = me.upgrade() else { return };
                for x in [&l.create, &l.connect].into_iter().flatten() {
                    x.retain_recent();
                    x.shrink_to_fit();
                }
            }
        });
    }

    /// The origins allowed besides the server's own (`--allow-origin`).
    pub(crate) fn allow_origins(&self) -> &[String] {
        &self.allow_origins
    }

    /// May a page from this `Origin` open the WebSocket? Same origin
    /// (the `Origin`'s host is the request's `Host`) always; others only when
    /// allowed (`--allow-origin`). No `Origin` at all is not a browser page
    /// (a program, the load driver): allowed.
    pub fn origin_allowed(&self, headers: &HeaderMap) -> Result<(), OriginRefused> {
        let Some(origin) = headers.get(axum::http::header::ORIGIN) else {
            return Ok(());
        };
        let origin = origin.to_str().unwrap_or("").trim_end_matches('/');
        let host = headers
            .get(axum::http::header::HOST)
            .and_then(|h| h.to_str().ok())
            .unwrap_or("");
        let origin_host = origin
            .strip_prefix("http://")
            .or_else(|| origin.strip_prefix("https://"));
        if !host.is_empty() && origin_host.is_some_and(|o| o.eq_ignore_ascii_case(host)) {
            return Ok(());
        }
        if self
            .allow_origins
            .iter()
            .any(|a| a == "*" || a.trim_end_matches('/').eq_ignore_ascii_case(origin))
        {
            return Ok(());
        }
        Err(OriginRefused::Foreign(origin.to_string()))
    }
}

/// Rate limits of signing in and signing up, by client address, and the
/// lock-out of a name after wrong passwords, whatever the addresses
/// (docs/protocol.md, "Accounts"; docs/security.md, "Sign-in").
pub struct Guard {
    login: Option<DefaultKeyedRateLimiter<ClientKey>>,
    per_minute: u32,
    names: Mutex<HashMap<String, Failures>>,
}

/// Wrong passwords for one name (its lower-cased key; names that belong to
/// no account are counted alike, so a lock-out does not tell them apart).
#[derive(Clone, Copy, Debug)]
struct Failures {
    /// Wrong passwords in a row (a right one forgets them).
    count: u32,
    /// Until when sign-ins of the name are refused, unchecked.
    locked_until: Instant,
    last: Instant,
}

/// Wrong passwords for one name before it is locked at all.
pub const FREE_FAILURES: u32 = 5;
/// The first lock-out, doubled at each further wrong password.
pub const FIRST_LOCK: Duration = Duration::from_secs(1);
/// The longest lock-out: short, so that a stranger's guesses keep an
/// account's owner out for minutes, not for days.
pub const MAX_LOCK: Duration = Duration::from_secs(300);
/// A name's failures are forgotten this long after the last one.
const FORGET_AFTER: Duration = Duration::from_secs(24 * 3600);
/// Names remembered at most (the oldest are dropped first).
const MAX_NAMES: usize = 100_000;

/// The lock-out after `count` wrong passwords in a row.
pub fn lock_after(count: u32) -> Duration {
    if count < FREE_FAILURES {
        return Duration::ZERO;
    }
    let doublings = (count - FREE_FAILURES).min(16);
    (FIRST_LOCK * 2u32.pow(doublings)).min(MAX_LOCK)
}

impl Guard {
    /// Sign-ins and sign-ups: 20 a minute per address (bursts of 10), off
    /// when the operator turned table-creation limits off (`Config::unlimited`).
    /// The lock-out of a name is always on.
    pub fn new(c: &Config) -> Guard {
        let per_minute = if c.create_per_minute == 0 { 0 } else { 20 };
        Guard {
            login: limiter(per_minute, 10),
            per_minute,
            names: Mutex::new(HashMap::new()),
        }
    }

    pub fn login(&self, key: ClientKey) -> Result<(), Limited> {
        Limits::check(&self.login, key, "sign-ins", self.per_minute)
    }

    /// Refused while the name is locked out (the password is not even
    /// checked, the right one included).
    pub fn name_open(&self, name_key: &str) -> Result<(), Limited> {
        let names = self.names.lock().unwrap_or_else(|e| e.into_inner());
        let Some(f) = names.get(name_key) else {
            return Ok(());
        };
        let now = Instant::now();
        if f.locked_until <= now {
            return Ok(());
        }
        let wait = f.locked_until - now;
        let secs = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
        Err(Limited {
            message: format!(
                "too many wrong passwords for this name: sign-ins are paused for {secs} s"
            ),
            retry_after_s: secs.max(1),
        })
    }

    /// A wrong password for the name: after [`FREE_FAILURES`] the name is
    /// locked out, [`FIRST_LOCK`] doubled at each further one, at most
    /// [`MAX_LOCK`].
    pub fn failed(&self, name_key: &str) {
        let mut names = self.names.lock().unwrap_or_else(|e| e.into_inner());
        let now = Instant::now();
        if names.len() >= MAX_NAMES && !names.contains_key(name_key) {
            names.retain(|_, f| now.duration_since(f.last) < FORGET_AFTER);
            if names.len() >= MAX_NAMES {
                if let Some(oldest) = names
                    .iter()
                    .min_by_key(|(_, f)| f.last)
                    .map(|(k, _)| k.clone())
                {
                    names.remove(&oldest);
                }
            }
        }
        let f = names.entry(name_key.to_string()).or_insert(Failures {
            count: 0,
            locked_until: now,
            last: now,
        });
        if now.duration_since(f.last) >= FORGET_AFTER {
            f.count = 0;
        }
        f.count = f.count.saturating_add(1);
        f.last = now;
        f.locked_until = now + lock_after(f.count);
    }

    /// The right password: the name's failures are forgotten.
    pub fn succeeded(&self, name_key: &str) {
        let mut names = self.names.lock().unwrap_or_else(|e| e.into_inner());
        names.remove(name_key);
    }
}

/// Issued ids a minute per client address (a class behind one address
/// opens the page at once).
pub const ISSUE_PER_MINUTE: u32 = 30;
/// Attempts a minute per client address.
pub const ATTEMPTS_PER_ADDRESS: u32 = 120;
/// Attempts a minute per player (an issued id or an account).
pub const ATTEMPTS_PER_PLAYER: u32 = 20;

/// The rate limits of the puzzles' players (off with the table-creation
/// limits off, `Config::unlimited`).
pub struct PuzzleLimits {
    issue: Option<DefaultKeyedRateLimiter<ClientKey>>,
    by_address: Option<DefaultKeyedRateLimiter<ClientKey>>,
    by_player: Option<DefaultKeyedRateLimiter<String>>,
}

impl PuzzleLimits {
    pub fn new(c: &Config) -> PuzzleLimits {
        let on = c.create_per_minute != 0;
        let per = |n: u32| if on { n } else { 0 };
        PuzzleLimits {
            issue: limiter(per(ISSUE_PER_MINUTE), ISSUE_PER_MINUTE),
            by_address: limiter(per(ATTEMPTS_PER_ADDRESS), ATTEMPTS_PER_ADDRESS / 2),
            by_player: on.then(|| {
                let n = |v: u32| NonZeroU32::new(v).unwrap_or(NonZeroU32::MIN);
                RateLimiter::keyed(
                    Quota::per_minute(n(ATTEMPTS_PER_PLAYER))
                        .allow_burst(n(ATTEMPTS_PER_PLAYER / 2)),
                )
            }),
        }
    }

    /// A new id for the client at `key`.
    pub fn issue(&self, key: ClientKey) -> Result<(), Limited> {
        Limits::check(&self.issue, key, "new puzzle players", ISSUE_PER_MINUTE)
    }

    /// An attempt from the client at `key` (any player id, issued or not).
    pub fn attempt_from(&self, key: ClientKey) -> Result<(), Limited> {
        Limits::check(
            &self.by_address,
            key,
            "puzzle attempts",
            ATTEMPTS_PER_ADDRESS,
        )
    }

    /// An attempt by the issued player (or account) `player`.
    pub fn attempt_by(&self, player: &str) -> Result<(), Limited> {
        let Some(l) = &self.by_player else {
            return Ok(());
        };
        l.check_key(&player.to_string()).map_err(|not_until| {
            let wait = not_until
                .wait_time_from(governor::clock::Clock::now(&governor::clock::DefaultClock::default()));
            let secs = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
            Limited {
                message: format!(
                    "too many attempts by this player: at most {ATTEMPTS_PER_PLAYER} a minute; try again in {secs} s"
                ),
                retry_after_s: secs.max(1),
            }
        })
    }

    /// Forgets clients and players whose buckets are full again, every
    /// minute.
    pub fn start_cleaning(self: &Arc<Self>) {
        let me = Arc::downgrade(self);
        tokio::spawn(async move {
            loop {
                tokio::time::sleep(Duration::from_secs(60)).await;
                let Some(l) = me.upgrade() else { return };
                for x in [&l.issue, &l.by_address].into_iter().flatten() {
                    x.retain_recent();
                    x.shrink_to_fit();
                }
                if let Some(x) = &l.by_player {
                    x.retain_recent();
                    x.shrink_to_fit();
                }
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(origin: Option<&str>, host: &str) -> HeaderMap {
        let mut h = HeaderMap::new();
        h.insert("host", host.parse().unwrap());
        if let Some(o) = origin {
            h.insert("origin", o.parse().unwrap());
        }
        h
    }

    #[test]
    fn the_cookie_is_secure_only_over_https_through_a_trusted_proxy() {
        let proxy: IpAddr = "10.0.0.1".parse().unwrap();
        let client: IpAddr = "203.0.113.9".parse().unwrap();
        let t = [proxy];
        assert!(https(false, Some(proxy), Some("https"), &t));
        assert!(https(false, Some(proxy), Some("HTTPS, http"), &t));
        assert!(!https(false, Some(proxy), Some("http"), &t));
        assert!(!https(false, Some(proxy), None, &t));
        // A client's own header counts for nothing.
        assert!(!https(false, Some(client), Some("https"), &t));
        assert!(!https(false, None, Some("https"), &t));
        // --secure-cookies: always.
        assert!(https(true, Some(client), None, &t));
        assert!(https(true, None, None, &[]));
    }

    #[test]
    fn the_websocket_takes_its_own_origin_and_allowed_ones_only() {
        let l = Limits::new(&Config::default());
        assert!(l.origin_allowed(&headers(None, "a:1")).is_ok());
        assert!(l
            .origin_allowed(&headers(Some("http://a:1"), "a:1"))
            .is_ok());
        assert!(l
            .origin_allowed(&headers(Some("https://A:1"), "a:1"))
            .is_ok());
        assert!(l
            .origin_allowed(&headers(Some("http://evil.example"), "a:1"))
            .is_err());
        assert!(l.origin_allowed(&headers(Some("null"), "a:1")).is_err());
        let l = Limits::new(&Config {
            allow_origins: vec!["https://club.example".into()],
            ..Config::default()
        });
        assert!(l
            .origin_allowed(&headers(Some("https://club.example"), "a:1"))
            .is_ok());
        assert!(l
            .origin_allowed(&headers(Some("https://other.example"), "a:1"))
            .is_err());
    }

    #[test]
    fn a_burst_is_taken_then_refused_with_a_wait() {
        let l = Limits::new(&Config {
            create_per_minute: 6,
            create_burst: 3,
            ..Config::default()
        });
        let k = Some("10.0.0.1".parse().unwrap());
        for _ in 0..3 {
            assert!(l.create(k).is_ok());
        }
        let e = l.create(k).unwrap_err();
        assert!(e.message.contains("at most 6 a minute"), "{}", e.message);
        assert!(e.retry_after_s >= 1);
        // Another address has its own bucket.
        assert!(l.create(Some("10.0.0.2".parse().unwrap())).is_ok());
    }

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    #[test]
    fn an_untrusted_peer_is_the_client_whatever_it_forwards() {
        let trusted = [ip("10.0.0.9")];
        assert_eq!(
            client_key(Some(ip("203.0.113.5")), Some("198.51.100.1"), &trusted),
            Some(ip("203.0.113.5"))
        );
        assert_eq!(client_key(None, Some("198.51.100.1"), &trusted), None);
    }

    #[test]
    fn a_trusted_proxy_names_the_client_right_to_left() {
        let trusted = [ip("10.0.0.9"), ip("10.0.0.8")];
        let proxy = Some(ip("10.0.0.9"));
        // The client forged the left-most entry; the proxies appended the rest.
        assert_eq!(
            client_key(proxy, Some("1.2.3.4, 198.51.100.7, 10.0.0.8"), &trusted),
            Some(ip("198.51.100.7"))
        );
        assert_eq!(
            client_key(proxy, Some("2001:db8::1"), &trusted),
            Some(ip("2001:db8::1"))
        );
        // No header, or nothing but proxies: the last proxy heard from.
        assert_eq!(client_key(proxy, None, &trusted), proxy);
        assert_eq!(
            client_key(proxy, Some("10.0.0.8"), &trusted),
            Some(ip("10.0.0.8"))
        );
        // Garbage does not give a fresh bucket.
        assert_eq!(
            client_key(proxy, Some("1.2.3.4, not-an-address"), &trusted),
            proxy
        );
    }

    #[test]
    fn the_lock_out_starts_after_the_free_failures_and_doubles_to_its_cap() {
        assert_eq!(lock_after(FREE_FAILURES - 1), Duration::ZERO);
        assert_eq!(lock_after(FREE_FAILURES), FIRST_LOCK);
        assert_eq!(lock_after(FREE_FAILURES + 3), FIRST_LOCK * 8);
        assert_eq!(lock_after(FREE_FAILURES + 30), MAX_LOCK);
        assert_eq!(lock_after(u32::MAX), MAX_LOCK);
    }

    #[test]
    fn a_name_is_locked_for_every_address_and_a_right_password_forgets() {
        let g = Guard::new(&Config::unlimited());
        for _ in 0..FREE_FAILURES {
            assert!(g.name_open("ann").is_ok());
            g.failed("ann");
        }
        let l = g.name_open("ann").unwrap_err();
        assert!(
            l.retry_after_s >= 1 && l.message.contains("paused"),
            "{l:?}"
        );
        assert!(g.name_open("bob").is_ok(), "another name is not locked");
        g.succeeded("ann");
        assert!(g.name_open("ann").is_ok());
    }
}

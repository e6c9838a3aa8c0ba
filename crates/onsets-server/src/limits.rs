//! Per-client rate limits (the `governor` crate: a token bucket per client
//! address) on table creation and WebSocket connections, and the `Origin`
//! check of the WebSocket (`docs/protocol.md`, "Limits").

use crate::lobby::Config;
use axum::http::HeaderMap;
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};
use std::net::IpAddr;
use std::num::NonZeroU32;
use std::sync::Arc;
use std::time::Duration;

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
    pub fn origin_allowed(&self, headers: &HeaderMap) -> Result<(), String> {
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
        Err(format!(
            "pages from `{origin}` may not connect to this server (only its own pages, and those allowed with --allow-origin)"
        ))
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
}

//! Cross-site request refusal (docs/protocol.md, "Cross-site requests";
//! docs/security.md): one middleware in front of every route.
//!
//! A state-changing request (`POST`, `PUT`, `PATCH`, `DELETE`) that carries
//! the session cookie acts with the account's authority, so it must come
//! from one of the server's own pages: its `Origin` is the request's own
//! host (or one allowed with `--allow-origin`, never by `*`), or the browser
//! says `Sec-Fetch-Site: same-origin`. Anything else is 403 `cross-site`
//! before the handler runs. `SameSite=Lax` alone does not do this: a page on
//! another port of the same host is "same site" and its `fetch` carries the
//! cookie.
//!
//! Requests without the cookie (seat tokens, anonymous use, the load
//! driver, programs) have no authority to borrow and pass untouched.

use crate::accounts::SESSION_COOKIE;
use crate::api::{api_error, error_response, is_json, ApiCode, ApiError, Services};
use axum::extract::{ConnectInfo, Request, State};
use axum::http::{header, HeaderMap, Method, StatusCode};
use axum::middleware::Next;
use axum::response::Response;
use std::net::{IpAddr, SocketAddr};

/// Whether the request carries a session cookie (whatever its value: an
/// expired or forged one is refused here too, before anything reads it).
fn carries_session(headers: &HeaderMap) -> bool {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|kv| kv.trim().split_once('='))
        .any(|(k, _)| k.trim() == SESSION_COOKIE)
}

fn state_changing(m: &Method) -> bool {
    matches!(
        *m,
        Method::POST | Method::PUT | Method::PATCH | Method::DELETE
    )
}

/// The hosts the request was addressed to: its `Host` (or the URI's
/// authority, over HTTP/2), and, when the TCP peer is a trusted reverse
/// proxy, the first `X-Forwarded-Host` (the host the browser asked the
/// proxy for; a client's own `X-Forwarded-Host` counts for nothing).
pub(crate) fn request_hosts(
    headers: &HeaderMap,
    authority: Option<&str>,
    peer: Option<IpAddr>,
    trusted: &[IpAddr],
) -> Vec<String> {
    let mut hosts = Vec::new();
    if let Some(h) = headers.get(header::HOST).and_then(|h| h.to_str().ok()) {
        hosts.push(h.trim().to_string());
    } else if let Some(a) = authority {
        hosts.push(a.to_string());
    }
    if peer.is_some_and(|p| trusted.contains(&p)) {
        if let Some(f) = headers
            .get("x-forwarded-host")
            .and_then(|h| h.to_str().ok())
            .and_then(|h| h.split(',').next())
        {
            hosts.push(f.trim().to_string());
        }
    }
    hosts.retain(|h| !h.is_empty());
    hosts
}

/// Whether a state-changing request with the session cookie may go on:
/// `Sec-Fetch-Site: same-origin`, or an `Origin` whose host is one of
/// `hosts` (scheme `http` or `https`), or an origin listed in `allowed`
/// (`*` does not count: it would hand the account to every site).
pub(crate) fn same_origin(
    headers: &HeaderMap,
    hosts: &[String],
    allowed: &[String],
) -> Result<(), CrossSite> {
    let fetch_site = headers
        .get("sec-fetch-site")
        .and_then(|v| v.to_str().ok())
        .map(str::trim);
    if fetch_site.is_some_and(|s| s.eq_ignore_ascii_case("same-origin")) {
        return Ok(());
    }
    let Some(origin) = headers.get(header::ORIGIN) else {
        return Err(CrossSite::NoOrigin);
    };
    let origin = origin.to_str().unwrap_or("").trim().trim_end_matches('/');
    let origin_host = origin
        .strip_prefix("http://")
        .or_else(|| origin.strip_prefix("https://"));
    if origin_host.is_some_and(|o| hosts.iter().any(|h| o.eq_ignore_ascii_case(h))) {
        return Ok(());
    }
    if allowed
        .iter()
        .any(|a| a != "*" && a.trim_end_matches('/').eq_ignore_ascii_case(origin))
    {
        return Ok(());
    }
    Err(CrossSite::Foreign(origin.chars().take(100).collect()))
}

/// Why a state-changing request with the session cookie is refused
/// (403 `cross-site`, field `Origin`).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub(crate) enum CrossSite {
    #[error("a request that changes something with your session must come from this site's own pages: it has no `Origin` header")]
    NoOrigin,
    /// The origin shown (at most 100 characters).
    #[error("a request that changes something with your session must come from this site's own pages, not from `{0}` (only this server's origin and those allowed with --allow-origin)")]
    Foreign(String),
}

/// 403 `cross-site`, naming the `Origin` header.
impl From<CrossSite> for ApiError {
    fn from(e: CrossSite) -> ApiError {
        ApiError::new(ApiCode::CrossSite, e.to_string(), Some("Origin"))
    }
}

/// The middleware: 403 `cross-site` for a state-changing request that
/// carries the session cookie and does not come from the site's own pages.
pub(crate) async fn guard(State(app): State<Services>, req: Request, next: Next) -> Response {
    if !state_changing(req.method()) || !carries_session(req.headers()) {
        return next.run(req).await;
    }
    let peer = req
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map(|ConnectInfo(a)| a.ip());
    let hosts = request_hosts(
        req.headers(),
        req.uri().authority().map(|a| a.as_str()),
        peer,
        &app.config.trusted_proxies,
    );
    if let Err(refused) = same_origin(req.headers(), &hosts, app.limits.allow_origins()) {
        return api_error(StatusCode::FORBIDDEN, refused.into());
    }
    if !json_or_bodiless(req.headers()) {
        return error_response(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            ApiCode::UnsupportedMediaType,
            "send JSON, with `Content-Type: application/json`",
            Some("Content-Type"),
        );
    }
    next.run(req).await
}

/// `application/json`, or no body and no content type at all (a route
/// that takes a body then refuses the missing one by name, 400 `body`).
fn json_or_bodiless(headers: &HeaderMap) -> bool {
    if is_json(headers) {
        return true;
    }
    let empty = headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .is_none_or(|v| v.trim() == "0")
        && headers.get(header::TRANSFER_ENCODING).is_none();
    headers.get(header::CONTENT_TYPE).is_none() && empty
}

#[cfg(test)]
mod tests {
    use super::*;

    fn h(pairs: &[(&str, &str)]) -> HeaderMap {
        let mut m = HeaderMap::new();
        for (k, v) in pairs {
            m.append(
                axum::http::HeaderName::from_bytes(k.as_bytes()).unwrap(),
                v.parse().unwrap(),
            );
        }
        m
    }

    #[test]
    fn only_the_sites_own_origin_or_an_allowed_one_passes() {
        let hosts = vec!["a.example:8080".to_string()];
        let ok = |pairs: &[(&str, &str)], allowed: &[String]| {
            same_origin(&h(pairs), &hosts, allowed).is_ok()
        };
        assert!(ok(&[("origin", "http://a.example:8080")], &[]));
        assert!(ok(&[("origin", "https://A.example:8080/")], &[]));
        assert!(ok(&[("sec-fetch-site", "same-origin")], &[]));
        // Another port of the same host is another origin.
        assert!(!ok(&[("origin", "http://a.example:9090")], &[]));
        assert!(!ok(&[("origin", "http://evil.example")], &[]));
        assert!(!ok(&[("origin", "null")], &[]));
        assert!(!ok(&[("sec-fetch-site", "same-site")], &[]));
        assert!(!ok(&[], &[]));
        let club = vec!["https://club.example".to_string()];
        assert!(ok(&[("origin", "https://club.example")], &club));
        // `*` opens the WebSocket to every page, never the account.
        assert!(!ok(&[("origin", "http://evil.example")], &["*".into()]));
    }

    #[test]
    fn a_forwarded_host_counts_only_from_a_trusted_proxy() {
        let proxy: IpAddr = "10.0.0.1".parse().unwrap();
        let other: IpAddr = "203.0.113.7".parse().unwrap();
        let headers = h(&[
            ("host", "127.0.0.1:8080"),
            ("x-forwarded-host", "club.example"),
        ]);
        assert_eq!(
            request_hosts(&headers, None, Some(proxy), &[proxy]),
            vec!["127.0.0.1:8080", "club.example"]
        );
        assert_eq!(
            request_hosts(&headers, None, Some(other), &[proxy]),
            vec!["127.0.0.1:8080"]
        );
    }

    #[test]
    fn only_state_changing_requests_with_the_cookie_are_checked() {
        assert!(carries_session(&h(&[("cookie", "a=1; onsets_session=x")])));
        assert!(!carries_session(&h(&[("cookie", "onsets_sessionx=1")])));
        assert!(!carries_session(&h(&[])));
        assert!(state_changing(&Method::POST) && state_changing(&Method::DELETE));
        assert!(!state_changing(&Method::GET) && !state_changing(&Method::HEAD));
    }

    #[test]
    fn a_body_is_json_or_there_is_none() {
        assert!(json_or_bodiless(&h(&[(
            "content-type",
            "application/json; charset=utf-8"
        )])));
        assert!(json_or_bodiless(&h(&[("content-length", "0")])));
        assert!(json_or_bodiless(&h(&[])));
        assert!(!json_or_bodiless(&h(&[("content-type", "text/plain")])));
        assert!(!json_or_bodiless(&h(&[("content-length", "2")])));
        assert!(!json_or_bodiless(&h(&[("transfer-encoding", "chunked")])));
    }
}

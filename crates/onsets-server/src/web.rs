//! The browser client (`web/`), embedded in the binary at build time: `cargo
//! build` alone yields a server that serves it. Only the client's own files
//! are embedded (`index.html`, `style.css`, `js/`), never `web/tests` or
//! `web/node_modules`; `build.rs` rebuilds when they change.

use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use include_dir::{include_dir, Dir};

static JS: Dir<'_> = include_dir!("$CARGO_MANIFEST_DIR/../../web/js");
static INDEX: &str = include_str!("../../../web/index.html");
static STYLE: &str = include_str!("../../../web/style.css");

/// The file at `path` under `web/`, with its content type.
pub fn file(path: &str) -> Response {
    let path = path.trim_start_matches('/');
    let body: Option<&'static [u8]> = match path {
        "" | "index.html" => Some(INDEX.as_bytes()),
        "style.css" => Some(STYLE.as_bytes()),
        p => p
            .strip_prefix("js/")
            .filter(|p| !p.contains(".."))
            .and_then(|p| JS.get_file(p))
            .map(|f| f.contents()),
    };
    match body {
        Some(b) => (
            StatusCode::OK,
            [
                (header::CONTENT_TYPE, content_type(path)),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            b,
        )
            .into_response(),
        None => (StatusCode::NOT_FOUND, "not found\n").into_response(),
    }
}

fn content_type(path: &str) -> &'static str {
    match path.rsplit('.').next() {
        Some("js") | Some("mjs") => "text/javascript; charset=utf-8",
        Some("css") => "text/css; charset=utf-8",
        Some("svg") => "image/svg+xml",
        Some("png") => "image/png",
        Some("json") => "application/json",
        _ => "text/html; charset=utf-8",
    }
}

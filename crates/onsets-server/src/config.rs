//! The operator's settings of one server process (`onsets serve --help`;
//! README, "Running a public server"): table limits, idle and abandon
//! times, rate limits, allowed origins, trusted proxies and cookies.
//!
//! The lowest layer of the server (docs/server-layers.md): it imports no
//! other module of the crate.

use std::time::Duration;

/// At most this many tables are held at once by default (a refusal beyond
/// it, not a crash).
pub const MAX_TABLES: usize = 5000;

/// What an operator sets (`onsets serve --help`; README, "Running a public
/// server").
#[derive(Clone, Debug)]
pub struct Config {
    /// Tables held in memory at once (live ones and replays being watched).
    pub max_tables: usize,
    /// A table where no player has been connected this long is abandoned:
    /// archived in the database and removed from memory. For a table of
    /// bots only, no connection at all (nobody watching).
    pub abandon_after: Duration,
    /// A finished table (or a replay) nobody has watched this long leaves
    /// memory (it stays in the database, viewable as a replay).
    pub idle_after_over: Duration,
    /// Table creations per client address: a burst, then one every
    /// `60 / per_minute` seconds. 0: no limit.
    pub create_per_minute: u32,
    pub create_burst: u32,
    /// WebSocket connections per client address, likewise.
    pub connect_per_minute: u32,
    pub connect_burst: u32,
    /// Origins whose pages may open the WebSocket besides the server's own
    /// (`*`: any).
    pub allow_origins: Vec<String>,
    /// Reverse proxies whose `X-Forwarded-For` names the client: behind
    /// one, every client would otherwise share the proxy's rate limits.
    pub trusted_proxies: Vec<std::net::IpAddr>,
    /// Mark the session cookie `Secure` on every response (`onsets serve
    /// --secure-cookies`: the site is reached over HTTPS only). Without it
    /// the cookie is `Secure` when a trusted proxy says `X-Forwarded-Proto:
    /// https` ([`crate::limits::https`]).
    pub secure_cookies: bool,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            max_tables: MAX_TABLES,
            abandon_after: Duration::from_secs(30 * 60),
            idle_after_over: Duration::from_secs(5 * 60),
            create_per_minute: 30,
            create_burst: 30,
            connect_per_minute: 240,
            connect_burst: 120,
            allow_origins: Vec::new(),
            trusted_proxies: Vec::new(),
            secure_cookies: false,
        }
    }
}

impl Config {
    /// No rate limits (the load driver's own server, tests of other things).
    pub fn unlimited() -> Config {
        Config {
            create_per_minute: 0,
            connect_per_minute: 0,
            ..Config::default()
        }
    }
}

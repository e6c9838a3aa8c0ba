//! `onsets serve`: the game server (crates/onsets-server, docs/protocol.md).

use clap::Args;

#[derive(Debug, Args)]
pub struct ServeArgs {
    /// Port to listen on
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// Address to listen on
    #[arg(long, default_value = "127.0.0.1")]
    host: String,
    /// Database: a SQLite file (created on first run) or a postgres:// URL
    #[arg(long, default_value = "sqlite:onsets.db")]
    database: String,
    /// Let pages from this origin (e.g. https://club.example) open the
    /// WebSocket besides the server's own; repeat for more, `*` for any
    #[arg(long = "allow-origin", value_name = "ORIGIN")]
    allow_origin: Vec<String>,
    /// Tables held in memory at once (live ones and replays being watched)
    #[arg(long, default_value_t = 5000)]
    max_tables: usize,
    /// Minutes without a connected player after which a table is abandoned
    /// (archived, left watchable as a replay)
    #[arg(long, default_value_t = 30)]
    abandon_minutes: u64,
    /// Minutes a finished table stays in memory once nobody watches it
    #[arg(long, default_value_t = 5)]
    idle_over_minutes: u64,
    /// New tables a client address may create a minute (0: no limit); bursts
    /// of as many
    #[arg(long, default_value_t = 30)]
    create_per_minute: u32,
    /// WebSocket connections a client address may open a minute (0: no
    /// limit); bursts of half as many
    #[arg(long, default_value_t = 240)]
    connect_per_minute: u32,
    /// A reverse proxy (its IP address) whose `X-Forwarded-For` header names
    /// the client, for the per-address limits; repeat for more
    #[arg(long = "trusted-proxy", value_name = "IP")]
    trusted_proxy: Vec<std::net::IpAddr>,
    /// Mark the session cookie `Secure` always (the site is reached over
    /// HTTPS only); without it, only when a trusted proxy sends
    /// `X-Forwarded-Proto: https`
    #[arg(long)]
    secure_cookies: bool,
}

pub fn run(args: &ServeArgs) -> anyhow::Result<u8> {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env()
                .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info")),
        )
        .init();
    let addr = format!("{}:{}", args.host, args.port);
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    eprintln!(
        "onsets: serving on http://{addr}/ (database {})",
        args.database
    );
    let config = onsets_server::Config {
        max_tables: args.max_tables.max(1),
        abandon_after: std::time::Duration::from_secs(args.abandon_minutes.max(1) * 60),
        idle_after_over: std::time::Duration::from_secs(args.idle_over_minutes * 60),
        create_per_minute: args.create_per_minute,
        create_burst: args.create_per_minute,
        connect_per_minute: args.connect_per_minute,
        connect_burst: (args.connect_per_minute / 2).max(1),
        allow_origins: args.allow_origin.clone(),
        trusted_proxies: args.trusted_proxy.clone(),
        secure_cookies: args.secure_cookies,
    };
    rt.block_on(onsets_server::serve_with(&addr, &args.database, config))?;
    Ok(0)
}

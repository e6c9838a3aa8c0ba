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
    rt.block_on(onsets_server::serve(&addr, &args.database))?;
    Ok(0)
}

//! `onsets loadtest`: tables of scripted players over WebSocket on loopback
//! (crates/onsets-server/src/loadtest.rs; figures in docs/performance.md).

use clap::Args;

#[derive(Debug, Args)]
pub struct LoadtestArgs {
    /// Tables to hold at once
    #[arg(long, default_value_t = 500)]
    tables: usize,
    /// Seconds to measure once every table has started
    #[arg(long, default_value_t = 30)]
    seconds: u64,
    /// The players' mean think time before each act (ms)
    #[arg(long, default_value_t = 1000)]
    think_ms: u64,
    /// Add a server bot of this level to every table
    #[arg(long)]
    bot: Option<String>,
    /// The pace of that bot (percent of its chosen think time; 100: human-like)
    #[arg(long, default_value_t = 100)]
    bot_pace: u32,
    /// Of the tables, this many are tables of three bots at bot_pace 0
    /// (they load the bots' pool; docs/performance.md)
    #[arg(long, default_value_t = 0)]
    bot_only_tables: usize,
    /// The level of the bots at those tables
    #[arg(long, default_value = "expert")]
    bot_only_level: String,
    /// Division of the tables
    #[arg(long, default_value = "senior")]
    division: String,
    /// A running server (host:port); without it a server is started in this
    /// process over a temporary SQLite database
    #[arg(long)]
    addr: Option<String>,
    /// A rate sweep: after the first step, the same tables at each of these
    /// think times (ms, comma-separated), each measured `--seconds`; the
    /// report gives every step and the knee (docs/performance.md, "The
    /// server's tail")
    #[arg(long, value_delimiter = ',')]
    sweep: Vec<u64>,
    /// Time `GET /healthz` every this many ms while measuring (0: never)
    #[arg(long, default_value_t = 200)]
    healthz_every_ms: u64,
    /// Print the report as JSON
    #[arg(long)]
    json: bool,
    /// Practice (docs/performance.md, "Storm pools"): ask this many storm
    /// lists in a row before the tables and report their times
    #[arg(long, default_value_t = 0)]
    pub(crate) storms: usize,
    /// Practice (docs/performance.md, "Puzzle Race at scale"): race this
    /// many people over /ws/race, one race after another, beside the tables
    #[arg(long, default_value_t = 0)]
    pub(crate) race_racers: usize,
    /// The racers' mean think time per puzzle (ms)
    #[arg(long, default_value_t = 3000)]
    pub(crate) race_think_ms: u64,
    /// Each race's clock (s)
    #[arg(long, default_value_t = 90)]
    pub(crate) race_seconds: u64,
}

pub fn run(args: &LoadtestArgs) -> anyhow::Result<u8> {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    let report = rt.block_on(async {
        let addr = match &args.addr {
            Some(a) => a.clone(),
            None => {
                let dir = std::env::temp_dir().join(format!("onsets-load-{}", std::process::id()));
                std::fs::create_dir_all(&dir)?;
                let db = format!("sqlite:{}", dir.join("load.db").display());
                let store = onsets_server::Store::open(&db).await?;
                let lobby =
                    onsets_server::Lobby::open_with(store, onsets_server::Config::unlimited())
                        .await?;
                let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
                let addr = listener.local_addr()?.to_string();
                tokio::spawn(async move {
                    let _ = axum_serve(listener, lobby).await;
                });
                addr
            }
        };
        let practice = crate::loadtest_race::Practice::start(args, &addr, args.json).await?;
        eprintln!(
            "onsets loadtest: {} tables on {addr}, think {} ms, measuring {} s",
            args.tables, args.think_ms, args.seconds
        );
        let extras = onsets_server::loadtest::Extras {
            sweep: args.sweep.clone(),
            healthz_every_ms: args.healthz_every_ms,
        };
        let tables = onsets_server::loadtest::run_with(
            onsets_server::loadtest::LoadConfig {
                addr,
                tables: args.tables,
                seconds: args.seconds,
                think_ms: args.think_ms,
                bot: args.bot.clone(),
                bot_pace: args.bot_pace,
                bot_only_tables: args.bot_only_tables,
                bot_only_level: args.bot_only_level.clone(),
                division: args.division.clone(),
            },
            extras,
        )
        .await;
        practice.finish(tables, args.json).await
    })?;
    if args.json {
        crate::emit(&format!("{}\n", serde_json::to_string_pretty(&report)?));
    } else {
        crate::emit(&format!("{report}\n"));
    }
    rt.shutdown_timeout(std::time::Duration::from_secs(1));
    Ok(0)
}

async fn axum_serve(
    listener: tokio::net::TcpListener,
    lobby: onsets_server::Lobby,
) -> anyhow::Result<()> {
    onsets_server::serve_on(listener, lobby).await
}

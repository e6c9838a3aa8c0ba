//! `onsets loadtest`'s practice options (crates/onsets-server/src/loadtest_race.rs;
//! figures in docs/performance.md, "Storm pools" and "Puzzle Race at scale"):
//! `--storms N` asks N storm lists in a row before the tables; `--race-racers N`
//! races N people over `/ws/race`, one race after another, while the tables play.

use crate::loadtest::LoadtestArgs;
use onsets_server::loadtest::LoadReport;
use onsets_server::loadtest_race::{race, storms, RaceLoad, RaceReport};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// The practice parts of a load test, started before the tables.
pub struct Practice {
    races: Option<(Arc<AtomicBool>, tokio::task::JoinHandle<RaceReport>)>,
}

impl Practice {
    /// Asks the storms (and prints their report), then starts the racers.
    pub async fn start(args: &LoadtestArgs, addr: &str, json: bool) -> anyhow::Result<Practice> {
        if args.storms > 0 {
            let embedded: Vec<String> = onsets_server::puzzles::pool()
                .iter()
                .map(|p| p.id.clone())
                .collect();
            let report = storms(addr, args.storms, &embedded).await?;
            if json {
                crate::emit(&format!("{}\n", serde_json::json!({ "storms": report })));
            } else {
                crate::emit(&format!("{report}\n"));
            }
        }
        let races = (args.race_racers > 0).then(|| {
            let stop = Arc::new(AtomicBool::new(false));
            let cfg = RaceLoad {
                addr: addr.to_string(),
                racers: args.race_racers.clamp(2, 10),
                think_ms: args.race_think_ms,
                seconds: args.race_seconds.clamp(10, 300),
            };
            eprintln!(
                "onsets loadtest: races of {} people, think {} ms, {} s each",
                cfg.racers, cfg.think_ms, cfg.seconds
            );
            (stop.clone(), tokio::spawn(race(cfg, stop)))
        });
        Ok(Practice { races })
    }

    /// After the tables: the race running is raced to its end, its report
    /// printed; the tables' report handed back.
    pub async fn finish(
        self,
        tables: anyhow::Result<LoadReport>,
        json: bool,
    ) -> anyhow::Result<LoadReport> {
        if let Some((stop, handle)) = self.races {
            stop.store(true, Ordering::Relaxed);
            let report = handle.await?;
            if json {
                crate::emit(&format!("{}\n", serde_json::json!({ "race": report })));
            } else {
                crate::emit(&format!("{report}\n"));
            }
        }
        tables
    }
}

//! The 1969 review's speed (docs/performance.md, "Review"): plays N bot-only
//! 1969 games (three seats: one careful bot, two careless ones, one play per
//! player; Basic, or Advanced with `advanced`), then times `review` of
//! each log on one thread.
//!
//! `cargo run --release -p onsets-review --example review1969_timing -- [N] [advanced]`

use onsets_core::Form1969;
use std::time::Instant;

fn main() {
    let n: u64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(10);
    let form = if std::env::args().nth(2).as_deref() == Some("advanced") {
        Form1969::Advanced
    } else {
        Form1969::Basic
    };
    let mut times = Vec::new();
    for seed in 1..=n {
        let logs = match onsets_bots::manual1969::simulate_1969(
            form,
            &[true, false, false],
            1,
            seed,
            true,
        ) {
            Ok((_, logs)) => logs,
            Err(e) => {
                eprintln!("seed {seed}: {e}");
                continue;
            }
        };
        let Some(log) = logs.first() else { continue };
        let text = log.join("\n");
        let t = Instant::now();
        let r = onsets_review::review(&text).expect("a simulated log replays");
        let ms = t.elapsed().as_secs_f64() * 1000.0;
        println!(
            "seed {seed}: {} actions, {} plays completed, {} Flubs, {} challenges: {ms:.1} ms",
            log.len() - 1,
            r.moves.len(),
            r.moves.iter().filter(|m| m.is_flub()).count(),
            r.challenges.len()
        );
        times.push(ms);
    }
    times.sort_by(|a, b| a.total_cmp(b));
    if let (Some(median), Some(worst)) = (times.get(times.len() / 2), times.last()) {
        println!(
            "{} games: median {median:.1} ms, worst {worst:.1} ms",
            times.len()
        );
    }
}

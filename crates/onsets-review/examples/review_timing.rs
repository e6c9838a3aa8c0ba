//! The review's speed on simulated 30-minute matches (docs/performance.md,
//! "Review"): plays N bot matches (expert vs club, Middle Division, Basic
//! On-Sets or, with `adventurous`, Adventurous; the tournament's 30-minute
//! round), then times `review` of each
//! log on one thread.
//!
//! `cargo run --release -p onsets-review --example review_timing -- [N] [adventurous]`

use onsets_bots::Level;
use onsets_core::Division;
use std::time::Instant;

fn main() {
    let n: u64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(10);
    let adventurous = std::env::args().nth(2).as_deref() == Some("adventurous");
    let mut times = Vec::new();
    for seed in 1..=n {
        let log = match onsets_review::botmatch::bot_match_log(
            &[Level::Expert, Level::Club],
            Division::Middle,
            adventurous,
            seed,
        ) {
            Ok(l) => l,
            Err(e) => {
                eprintln!("seed {seed}: {e}");
                continue;
            }
        };
        let t = Instant::now();
        let r = onsets_review::review(&log).expect("a simulated log replays");
        let ms = t.elapsed().as_secs_f64() * 1000.0;
        let shakes = r.moves.last().map(|m| m.round.number()).unwrap_or(0);
        println!(
            "seed {seed}: {} actions, {shakes} shakes, {} moves, {} Goals, {} challenges: {ms:.1} ms",
            log.lines().count() - 1,
            r.moves.len(),
            r.goals.len(),
            r.challenges.len()
        );
        times.push(ms);
    }
    times.sort_by(|a, b| a.total_cmp(b));
    if let (Some(median), Some(worst)) = (times.get(times.len() / 2), times.last()) {
        println!(
            "{} matches: median {median:.1} ms, worst {worst:.1} ms",
            times.len()
        );
    }
}

//! The review's speed on simulated 30-minute matches (docs/performance.md,
//! "Review"): plays N bot matches (expert vs club, Middle Division, Basic
//! On-Sets or, with `adventurous`, Adventurous; the tournament's 30-minute
//! round), then times `review` of each
//! log on one thread.
//!
//! `cargo run --release -p onsets-review --example review_timing -- [N] [adventurous] [2019]`
//!
//! With `2019` the matches are played and reviewed under the MLAG 2019-20
//! rules (Basic or Adventurous ON-SETS, docs/editions.md) instead of the
//! 2026-27 tournament rules.
//!
//! Each review is timed twice: wall clock, and the CPU time of the thread
//! (`/proc/thread-self/schedstat`, Linux), which other processes on a
//! shared machine do not inflate.

use onsets_bots::Level;
use onsets_core::Division;
use std::time::Instant;

/// The CPU time this thread has run, in ns (Linux), if known.
fn cpu_ns() -> Option<u64> {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

fn main() {
    let n: u64 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(10);
    let adventurous = std::env::args().any(|a| a == "adventurous");
    let edition = if std::env::args().any(|a| a == "2019") {
        onsets_core::Edition::Mlag2019
    } else {
        onsets_core::Edition::Tournament2026
    };
    let mut times = Vec::new();
    let mut cpu = Vec::new();
    for seed in 1..=n {
        let log = match onsets_review::botmatch::bot_match_log_in(
            edition,
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
        let c0 = cpu_ns();
        let t = Instant::now();
        let r = onsets_review::review(&log).expect("a simulated log replays");
        let ms = t.elapsed().as_secs_f64() * 1000.0;
        let cpu_ms = match (c0, cpu_ns()) {
            (Some(a), Some(b)) => (b - a) as f64 / 1e6,
            _ => f64::NAN,
        };
        let shakes = r.moves.last().map(|m| m.round.number()).unwrap_or(0);
        println!(
            "seed {seed}: {} actions, {shakes} shakes, {} moves, {} Goals, {} challenges: {ms:.1} ms ({cpu_ms:.1} ms CPU)",
            log.lines().count() - 1,
            r.moves.len(),
            r.goals.len(),
            r.challenges.len()
        );
        times.push(ms);
        cpu.push(cpu_ms);
    }
    for (what, mut v) in [("wall", times), ("CPU", cpu)] {
        v.sort_by(|a, b| a.total_cmp(b));
        if let (Some(median), Some(worst)) = (v.get(v.len() / 2), v.last()) {
            println!(
                "{} matches, {what}: median {median:.1} ms, worst {worst:.1} ms",
                v.len()
            );
        }
    }
}

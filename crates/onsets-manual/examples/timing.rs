//! How long the exact search takes to decide a solitaire throw (the answer
//! shown when a player gives up, and GO-THROUGH's end). Run with
//! `cargo run --release -p onsets-manual --example timing`; figures in
//! docs/performance.md.
use onsets_manual::solitaire::{Solitaire, SolitaireGame};
use std::time::Instant;

fn main() {
    let seeds = 200u64;
    for (g, adv) in [
        (SolitaireGame::One, false),
        (SolitaireGame::One, true),
        (SolitaireGame::GoThrough, false),
        (SolitaireGame::AB, false),
    ] {
        let mut times: Vec<f64> = Vec::new();
        let mut solvable = 0;
        for seed in 0..seeds {
            let t = Instant::now();
            let s = Solitaire::new(g, adv, seed);
            if s.solve().is_some() {
                solvable += 1;
            }
            times.push(t.elapsed().as_secs_f64() * 1000.0);
        }
        times.sort_by(f64::total_cmp);
        println!(
            "{}{}: {seeds} deals, {solvable} winnable; deal+solve median {:.2} ms, worst {:.2} ms",
            g.title(),
            if adv { " (Advanced)" } else { "" },
            times[times.len() / 2],
            times[times.len() - 1]
        );
    }
}

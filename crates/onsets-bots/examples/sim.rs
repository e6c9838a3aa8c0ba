//! `cargo run --release -p onsets-bots --example sim -- SHAKES SEED [levels] [division]`: a quick timing run.
use onsets_bots::sim::{simulate, SimConfig};
use onsets_bots::Level;
use std::time::Instant;

fn main() {
    let a: Vec<String> = std::env::args().collect();
    let shakes = a.get(1).and_then(|s| s.parse().ok()).unwrap_or(100);
    let seed = a.get(2).and_then(|s| s.parse().ok()).unwrap_or(7);
    let levels: Vec<Level> = a
        .get(3)
        .map(|s| s.as_str())
        .unwrap_or("expert,club,beginner")
        .split(',')
        .map(|s| s.parse().unwrap())
        .collect();
    let division = a
        .get(4)
        .map(|s| s.as_str())
        .unwrap_or("senior")
        .parse()
        .unwrap();
    let t = Instant::now();
    let s = simulate(&SimConfig::new(levels, division, shakes, seed), &mut |_| {}).unwrap();
    let dt = t.elapsed();
    println!("{}", serde_json::to_string_pretty(&s).unwrap());
    eprintln!("{shakes} shakes in {dt:?}");
    for (k, n, tot, max) in onsets_bots::solver_profile() {
        eprintln!("{k:<28} {n:>7} calls {tot:>10.1} ms total {max:>8.1} ms max");
    }
}

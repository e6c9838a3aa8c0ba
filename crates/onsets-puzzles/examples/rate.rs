//! Generation speed, one kind at a time on one thread:
//! `cargo run --release -p onsets-puzzles --example rate -- [COUNT] [SEED] [SOURCE]`
//! prints per kind the puzzles found, candidates tried and wall time
//! (docs/performance.md, "Puzzles").

use onsets_puzzles::{generate_each, Config, Kind, Source};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let count: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(100);
    let seed: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(1);
    let source: Source = args
        .get(3)
        .and_then(|a| a.parse().ok())
        .unwrap_or(Source::Generated);
    for kind in Kind::ALL {
        let mut cfg = Config::new(kind, count, seed);
        cfg.source = source;
        let t = Instant::now();
        let mut answers = std::collections::BTreeMap::<String, usize>::new();
        let r = generate_each(&cfg, &mut |p| {
            let key = match p.answer.as_str() {
                Some(w) => w.to_string(),
                None => p.source.clone(),
            };
            *answers.entry(key).or_default() += 1;
        });
        println!(
            "{kind}: {:?} in {:.2} s {:?}",
            r.err(),
            t.elapsed().as_secs_f64(),
            answers
        );
    }
}

//! How long pairing takes for large events: `cargo run --release -p
//! onsets-tournament --example pairing_scale -- ENTRIES ROUNDS` pairs every
//! round (results: the lower entry number wins) and prints each round's time
//! and repeated meetings.

use onsets_tournament::match_points::from_scores;
use onsets_tournament::{Event, FirstRound};
use std::collections::BTreeMap;
use std::time::Instant;

fn main() {
    let args: Vec<usize> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let (n, rounds) = (
        args.first().copied().unwrap_or(300),
        args.get(1).copied().unwrap_or(8),
    );
    let mut e = Event::new(
        "Scale",
        "Senior".parse().unwrap(),
        rounds as u32,
        FirstRound::Random(1),
    )
    .unwrap();
    for i in 0..n {
        let team = format!("Team {}", i % 7);
        e.add_entry(&format!("P{i}"), Some(&team)).unwrap();
    }
    for _ in 0..rounds {
        let met = e.met();
        let t0 = Instant::now();
        let r = e.pair_next_round().unwrap().clone();
        let ms = t0.elapsed().as_secs_f64() * 1000.0;
        let mut repeats = 0;
        for t in &r.tables {
            for (i, a) in t.players.iter().enumerate() {
                for b in &t.players[i + 1..] {
                    repeats += usize::from(met.contains(&(*a.min(b), *a.max(b))));
                }
            }
        }
        println!("round {}: {ms:.1} ms, {repeats} repeated meetings", r.round);
        for t in &r.tables {
            let scores: Vec<Option<i64>> = t.players.iter().map(|p| Some(-(*p as i64))).collect();
            let mp: BTreeMap<String, u8> = t
                .players
                .iter()
                .zip(from_scores(&scores))
                .map(|(p, m)| (e.entries[*p].name.clone(), m))
                .collect();
            e.record_result(r.round, t.table, &mp, None).unwrap();
        }
    }
}

//! The 1969 game's speed (docs/performance.md, "1969 games"): plays N
//! bot-only 1969 games (three seats: one careful bot, two careless ones, one
//! play per player; Basic, or Advanced with `advanced`) on one thread, each
//! with fresh claims caches (one for the bots, one for the game), and times separately every act the game applies
//! (`Game::apply_with`: what a server does for each act, the judging of
//! written Solutions and alternatives included) and every bot decision
//! (`next_act`), then each whole game.
//!
//! `cargo run --release -p onsets-bots --example game1969_timing -- [N] [advanced]`

use onsets_bots::manual1969::{next_act, Bot1969};
use onsets_core::Form1969;
use onsets_engine::manual1969::{Action1969, DefaultClaims, Game, Header1969, Settings1969};
use std::time::Instant;

fn summary(name: &str, v: &mut [f64]) {
    v.sort_by(|a, b| a.total_cmp(b));
    let pct = |p: f64| v[((v.len() - 1) as f64 * p).round() as usize];
    println!(
        "{name}: {} samples, median {:.3} ms, 99th percentile {:.3} ms, worst {:.3} ms",
        v.len(),
        pct(0.5),
        pct(0.99),
        v[v.len() - 1]
    );
}

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
    let (mut acts, mut decisions, mut games) = (Vec::new(), Vec::new(), Vec::new());
    for seed in 1..=n {
        let names = ["A", "B", "C"].map(String::from);
        let header = Header1969::new(seed, &names, form, Settings1969::default());
        // The bots' claims and the game's are separate caches, so the game
        // judges every Solution and alternative cold, as for a person's.
        let mut claims = DefaultClaims::new();
        let mut game_claims = DefaultClaims::new();
        let game_start = Instant::now();
        let (mut g, _) = Game::new(header).expect("a valid header");
        let bots = [
            Bot1969::new(0),
            Bot1969::careless(1, seed),
            Bot1969::careless(2, seed),
        ];
        let mut t = 0;
        while !g.is_over() {
            let d = Instant::now();
            let Some(act) = next_act(&g, &bots, &mut claims) else {
                eprintln!("seed {seed}: nobody can act");
                break;
            };
            decisions.push(d.elapsed().as_secs_f64() * 1000.0);
            t += 1000;
            let a = Instant::now();
            g = g
                .apply_with(Action1969 { at_ms: t, act }, &mut game_claims)
                .expect("a bot's act is legal")
                .0;
            acts.push(a.elapsed().as_secs_f64() * 1000.0);
        }
        games.push(game_start.elapsed().as_secs_f64() * 1000.0);
    }
    println!("{form:?}, {n} games");
    summary("act applied by the game", &mut acts);
    summary("bot decision", &mut decisions);
    summary("whole game (bots and game)", &mut games);
}

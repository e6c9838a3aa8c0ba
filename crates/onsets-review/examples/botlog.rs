//! Writes the log of a simulated bot match to standard output:
//! `cargo run -p onsets-review --example botlog -- SEED [LEVELS]`
//! (LEVELS like `expert,club`; Middle Division, Basic On-Sets).

use onsets_bots::Level;
use onsets_core::Division;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let seed: u64 = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(1);
    let levels: Vec<Level> = args
        .get(2)
        .map(String::as_str)
        .unwrap_or("expert,club")
        .split(',')
        .filter_map(|s| s.parse().ok())
        .collect();
    match onsets_review::botmatch::bot_match_log(&levels, Division::Middle, false, seed) {
        Ok(log) => print!("{log}"),
        Err(e) => {
            eprintln!("botlog: {e}");
            std::process::exit(2);
        }
    }
}

//! `cargo run --release -p onsets-bots --example sim -- SHAKES SEED [levels] [division]`: a quick timing run.
//! With `ONSETS_SOLVE_LOG=FILE` every position the bots solve is written to
//! FILE (one JSON line each) and its answer to `FILE.answers`, as the CLI
//! does: a workload for the solver's `solve_jsonl` example.
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
    if let Some(path) = std::env::var_os("ONSETS_SOLVE_LOG") {
        use std::io::Write;
        let mut answers = path.clone();
        answers.push(".answers");
        let open = |p: &std::ffi::OsStr| std::fs::File::create(p).expect("a writable log");
        let files = std::sync::Mutex::new((open(&path), open(&answers)));
        onsets_bots::set_solve_hook(Box::new(move |p, answer| {
            let json = p.to_json();
            let line: String = json.lines().map(str::trim).collect::<Vec<_>>().join(" ");
            let mut f = files.lock().expect("the log");
            writeln!(f.0, "{line}").expect("written");
            writeln!(f.1, "{}", answer.unwrap_or("-")).expect("written");
        }));
    }
    let t = Instant::now();
    let s = simulate(&SimConfig::new(levels, division, shakes, seed), &mut |_| {}).unwrap();
    let dt = t.elapsed();
    println!("{}", serde_json::to_string_pretty(&s).unwrap());
    eprintln!("{shakes} shakes in {dt:?}");
    for (k, n, tot, max) in onsets_bots::solver_profile() {
        eprintln!("{k:<28} {n:>7} calls {tot:>10.1} ms total {max:>8.1} ms max");
    }
}

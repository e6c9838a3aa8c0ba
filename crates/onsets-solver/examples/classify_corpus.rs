//! Times `analysis::classify_moves` (every next move classified Now-wins /
//! Impossible-wins / safe) over corpus positions that still have non-digit
//! cubes in Resources:
//! `cargo run --release -p onsets-solver --example classify_corpus -- 200 crates/onsets-solver/corpus/*.jsonl`
//! (the first argument is how many positions per file). Figures are in
//! docs/performance.md.

fn main() {
    let mut args = std::env::args().skip(1);
    let per: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(200);
    for path in args {
        let text = std::fs::read_to_string(&path).expect("read the corpus file");
        let mut times = Vec::new();
        for line in text.lines() {
            let pos = onsets_solver::batch::parse_line(line)
                .expect("a corpus position")
                .position;
            if pos.resources.iter().all(|s| s.is_digit()) {
                continue;
            }
            let t = std::time::Instant::now();
            let classes = onsets_solver::analysis::classify_moves(&pos);
            times.push(t.elapsed().as_secs_f64() * 1000.0);
            std::hint::black_box(classes);
            if times.len() >= per {
                break;
            }
        }
        if times.is_empty() {
            continue;
        }
        times.sort_by(|a, b| a.total_cmp(b));
        let n = times.len();
        let q = |f: f64| times[((n as f64 * f) as usize).min(n - 1)];
        println!(
            "{path}: n={n} median {:.2} ms, p90 {:.1} ms, p99 {:.1} ms, worst {:.0} ms",
            q(0.5),
            q(0.9),
            q(0.99),
            times[n - 1]
        );
    }
}

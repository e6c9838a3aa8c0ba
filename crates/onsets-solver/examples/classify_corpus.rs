//! Times `analysis::classify_moves` (every next move classified Now-wins /
//! Impossible-wins / safe) over corpus positions that still have non-digit
//! cubes in Resources:
//! `cargo run --release -p onsets-solver --example classify_corpus -- 200 crates/onsets-solver/corpus/*.jsonl`
//! (the first argument is how many positions per file). Figures are in
//! docs/performance.md. Each classification is timed twice: wall clock, and
//! the CPU time of the thread (from `/proc/thread-self/schedstat`, Linux),
//! which other processes on the machine do not inflate.

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
    let mut args = std::env::args().skip(1);
    let per: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(200);
    for path in args {
        let text = std::fs::read_to_string(&path).expect("read the corpus file");
        let mut times = Vec::new();
        let mut cpu = Vec::new();
        for line in text.lines() {
            let pos = onsets_solver::batch::parse_line(line)
                .expect("a corpus position")
                .position;
            if pos.resources().iter().all(|s| s.is_digit()) {
                continue;
            }
            let c0 = cpu_ns();
            let t = std::time::Instant::now();
            let classes = onsets_solver::analysis::classify_moves(&pos);
            times.push(t.elapsed().as_secs_f64() * 1000.0);
            if let (Some(a), Some(b)) = (c0, cpu_ns()) {
                cpu.push((b - a) as f64 / 1e6);
            }
            std::hint::black_box(classes);
            if times.len() >= per {
                break;
            }
        }
        if times.is_empty() {
            continue;
        }
        for (what, mut v) in [("wall", times), ("cpu", cpu)] {
            if v.is_empty() {
                continue;
            }
            v.sort_by(|a, b| a.total_cmp(b));
            let n = v.len();
            let q = |f: f64| v[((n as f64 * f) as usize).min(n - 1)];
            println!(
                "{path}: {what} n={n} median {:.2} ms, p90 {:.1} ms, p99 {:.1} ms, worst {:.0} ms, total {:.2} s",
                q(0.5),
                q(0.9),
                q(0.99),
                v[n - 1],
                v.iter().sum::<f64>() / 1000.0
            );
        }
    }
}

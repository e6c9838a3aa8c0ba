//! Traces one move classification: every solver call `classify_moves` makes
//! (the Now and Impossible solves after each turn), with its CPU time, to see
//! where a slow classification spends it.
//!
//! `cargo run --release -p onsets-solver --example classify_trace -- FILE.jsonl LINE`
use onsets_core::Situation;
use onsets_solver::analysis::{apply_move, legal_moves, now_challenge_valid};

fn cpu_ns() -> u64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}

fn main() {
    let a: Vec<String> = std::env::args().skip(1).collect();
    let text = std::fs::read_to_string(&a[0]).expect("a readable file");
    let n: usize = a.get(1).and_then(|s| s.parse().ok()).unwrap_or(1);
    let line = text.lines().nth(n - 1).expect("the line");
    let pos = onsets_solver::batch::parse_line(line)
        .expect("a position")
        .position;
    let mut solver = onsets_solver::Solver::new();
    let mut total = 0.0;
    for mv in legal_moves(&pos) {
        let after = apply_move(&pos, &mv);
        let mut out = format!("{mv}:");
        if now_challenge_valid(&after) {
            let p = after.with_situation(Situation::Now).expect("Now");
            let t = cpu_ns();
            let (s, st) = solver.solve_with_stats(&p);
            let ms = (cpu_ns() - t) as f64 / 1e6;
            total += ms;
            out += &format!(" now={} {ms:.1}ms {st:?}", s.is_solvable());
        }
        let sit = if after.resources().iter().all(|s| s.is_digit()) {
            Situation::Forceout
        } else {
            Situation::Impossible
        };
        if let Ok(p) = after.with_situation(sit) {
            let t = cpu_ns();
            let (s, st) = solver.solve_with_stats(&p);
            let ms = (cpu_ns() - t) as f64 / 1e6;
            total += ms;
            out += &format!(" imp={} {ms:.1}ms {st:?}", s.is_solvable());
        }
        println!("{out}");
    }
    println!("total {total:.1} ms");
}

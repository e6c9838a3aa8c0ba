//! Times every position of JSON-lines files, or of the seeded random
//! positions of every edition, division and variation
//! (`tests/corpus/mod.rs`, `random_lines`), three ways: plain solve,
//! `solve_shortest`, and the full move classification
//! (`analysis::classify_moves`), each with a new `Solver` (as
//! `onsets solve --jsonl FILE --jobs 1` per line and the review do). Prints
//! median, p99 and worst of each, and with `--out FILE` writes the
//! positions over a threshold (below) to FILE with their answer
//! (`"solvable"`), for `corpus/worst-cases.jsonl` (docs/performance.md).
//!
//! `cargo run --release -p onsets-solver --example worst_cases -- [--random N] [--seed S] [--over 5] [--classify-over 50] [--out FILE] [FILE.jsonl ...]`
//!
//! Times are the thread's CPU time (`/proc/thread-self/schedstat`; the
//! kernel may advance it by scheduler ticks, so short times are coarse).
//! A position over a threshold is timed twice more (the least of the two
//! kept), so that another process's burst on a shared machine does not put
//! it in the file. Thresholds: `--over MS` for plain solve and shortest
//! (default 5), `--classify-over MS` for the classification (default 50:
//! it solves the position after every move).

#[path = "../tests/corpus/mod.rs"]
mod corpus;

use onsets_core::Position;
use std::time::Instant;

fn arg<T: std::str::FromStr>(args: &[String], name: &str) -> Option<T> {
    let i = args.iter().position(|a| a == name)?;
    args.get(i + 1)?.parse().ok()
}

/// The CPU time this thread has run, in ns (Linux's schedstat), if known.
fn cpu_ns() -> Option<u64> {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

/// Runs `f`; its result and its time in ms: the thread's CPU time where the
/// system gives it (the other processes of a shared machine inflate the
/// wall clock many times over, not this), else the wall clock.
fn timed<T>(f: impl FnOnce() -> T) -> (T, f64) {
    let (c, t) = (cpu_ns(), Instant::now());
    let x = f();
    let wall = t.elapsed().as_secs_f64() * 1e3;
    match (c, cpu_ns()) {
        (Some(a), Some(b)) => (x, ((b - a) as f64 / 1e6).min(wall)),
        _ => (x, wall),
    }
}

/// The three timings of one position, in ms, and its answer.
fn time(p: &Position) -> ([f64; 3], bool) {
    let (plain, a) = timed(|| onsets_solver::solve(p));
    let (short, b) = timed(|| onsets_solver::solve_shortest(p));
    let (_, c) = timed(|| onsets_solver::analysis::classify_moves(p).len());
    assert_eq!(plain.is_solvable(), short.is_solvable());
    ([a, b, c], plain.is_solvable())
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let over: f64 = arg(&args, "--over").unwrap_or(5.0);
    let classify_over: f64 = arg(&args, "--classify-over").unwrap_or(50.0);
    let out: Option<String> = arg(&args, "--out");
    let mut lines: Vec<(String, String)> = Vec::new();
    if let Some(n) = arg::<usize>(&args, "--random") {
        let seed = arg(&args, "--seed").unwrap_or(corpus::RANDOM_SEED);
        for (i, l) in corpus::random_lines(seed, n).into_iter().enumerate() {
            lines.push((format!("random {seed:#x} #{}", i + 1), l));
        }
    }
    let skip = ["--random", "--seed", "--over", "--classify-over", "--out"];
    for (i, a) in args.iter().enumerate() {
        if a.starts_with("--") || (i > 0 && skip.contains(&args[i - 1].as_str())) {
            continue;
        }
        let text = std::fs::read_to_string(a).expect("readable file");
        for (k, l) in text.lines().enumerate() {
            if !l.trim().is_empty() {
                lines.push((format!("{a}:{}", k + 1), l.to_string()));
            }
        }
    }
    let mut all: [Vec<(f64, usize)>; 3] = Default::default();
    let mut slow = String::new();
    for (i, (name, line)) in lines.iter().enumerate() {
        let parsed = onsets_solver::batch::parse_line(line).expect("a position");
        let (mut t, yes) = time(&parsed.position);
        let is_slow = |t: &[f64; 3]| t[0] > over || t[1] > over || t[2] > classify_over;
        for _ in 0..2 {
            if is_slow(&t) {
                let (u, _) = time(&parsed.position);
                for (a, b) in t.iter_mut().zip(u) {
                    *a = a.min(b);
                }
            }
        }
        if let Some(e) = parsed.expected {
            assert_eq!(e, yes, "{name}: recorded answer differs");
        }
        for (v, x) in all.iter_mut().zip(t) {
            v.push((x, i));
        }
        if is_slow(&t) {
            eprintln!(
                "{name}: solve {:.1} ms, shortest {:.1} ms, classify {:.1} ms",
                t[0], t[1], t[2]
            );
            let (json, _) = onsets_solver::batch::split_expected(line).expect("a position");
            let mut v: serde_json::Value = serde_json::from_str(&json).expect("json");
            v["solvable"] = yes.into();
            slow.push_str(&v.to_string());
            slow.push('\n');
        }
    }
    for (k, what) in ["solve", "shortest", "classify"].iter().enumerate() {
        let v = &mut all[k];
        if v.is_empty() {
            continue;
        }
        v.sort_by(|a, b| a.0.total_cmp(&b.0));
        let n = v.len();
        let q = |f: f64| v[((n as f64 * f) as usize).min(n - 1)].0;
        let worst = v[n - 1];
        println!(
            "{what:<9} n={n} median {:.3} ms, p99 {:.1} ms, worst {:.1} ms ({}), total {:.2} s",
            q(0.5),
            q(0.99),
            worst.0,
            lines[worst.1].0,
            v.iter().map(|x| x.0).sum::<f64>() / 1e3
        );
    }
    if let Some(out) = out {
        std::fs::write(&out, slow).expect("writable output");
    }
}

//! `cargo run -p onsets-solver --release --example solve_jsonl -- FILE.jsonl [--verify]`
//! solves every position of a JSON-lines file (one position a line) once and
//! prints each time (slowest first), the total, median, p90 and worst, and a
//! digest of the answers (solvable or not, line by line) to compare runs.
//! `--shortest` asks for shortest Solutions. `--digest` prints the digest however many positions there are.
//! `--answers FILE.answers` compares with recorded answers (one line each: a
//! Solution text or `-`, as written by the bots' `ONSETS_SOLVE_LOG`): a
//! different yes/no is an error, a different Solution text is counted.
//! One [`onsets_solver::Solver`] solves every line, as the bots keep one per
//! thread; `--fresh` makes a new one for each line. `--times FILE` writes
//! each line's number, solver time (µs) and answer (`y`/`n`), in file order.
use std::time::{Duration, Instant};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let path = args
        .iter()
        .enumerate()
        .find(|(i, a)| {
            !a.starts_with("--")
                && (*i == 0
                    || !["--answers", "--write-answers", "--times"].contains(&args[i - 1].as_str()))
        })
        .map(|(_, a)| a)
        .expect("usage: solve_jsonl FILE.jsonl [--verify] [--quiet]");
    let verify = args.iter().any(|a| a == "--verify");
    let quiet = args.iter().any(|a| a == "--quiet");
    let shortest = args.iter().any(|a| a == "--shortest");
    let fresh = args.iter().any(|a| a == "--fresh");
    let mut solver = onsets_solver::Solver::new();
    let text = std::fs::read_to_string(path).expect("readable file");
    let recorded: Option<Vec<String>> = args.iter().position(|a| a == "--answers").map(|i| {
        std::fs::read_to_string(&args[i + 1])
            .expect("readable answers")
            .lines()
            .map(String::from)
            .collect()
    });
    let mut texts_differ = 0;
    let mut times: Vec<(Duration, usize, bool)> = Vec::new();
    let mut answers = String::new();
    let mut written = String::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let l = onsets_solver::batch::parse_line(line).expect("valid position");
        let p = l.position;
        if fresh {
            solver = onsets_solver::Solver::new();
        }
        let t = Instant::now();
        let s = if shortest {
            solver.solve_shortest(&p)
        } else {
            solver.solve(&p)
        };
        let dt = t.elapsed();
        if verify {
            onsets_solver::verify(&p, &s, l.expected.unwrap_or(s.is_solvable()))
                .unwrap_or_else(|e| panic!("line {}: {e}", i + 1));
        }
        if let Some(rec) = &recorded {
            let want = rec[i].as_str();
            let got = s.text();
            assert_eq!(
                want != "-",
                got.is_some(),
                "line {}: recorded {want:?}, now {got:?}",
                i + 1
            );
            if got.as_deref().unwrap_or("-") != want {
                texts_differ += 1;
            }
        }
        answers.push(if s.is_solvable() { 'y' } else { 'n' });
        written.push_str(s.text().as_deref().unwrap_or("-"));
        written.push('\n');
        times.push((dt, i + 1, s.is_solvable()));
    }
    if let Some(i) = args.iter().position(|a| a == "--times") {
        let mut by_line = times.clone();
        by_line.sort_by_key(|t| t.1);
        let out: String = by_line
            .iter()
            .map(|(dt, line, yes)| {
                format!(
                    "{line} {} {}\n",
                    dt.as_micros(),
                    if *yes { 'y' } else { 'n' }
                )
            })
            .collect();
        std::fs::write(&args[i + 1], out).expect("writable times file");
    }
    if let Some(i) = args.iter().position(|a| a == "--write-answers") {
        std::fs::write(&args[i + 1], &written).expect("writable answers file");
    }
    let total: Duration = times.iter().map(|t| t.0).sum();
    times.sort();
    let n = times.len();
    if !quiet {
        for (dt, line, yes) in times.iter().rev().take(20) {
            println!(
                "line {line:4}: {:>10.1} ms {}",
                dt.as_secs_f64() * 1e3,
                if *yes { "Solution" } else { "none" }
            );
        }
    }
    let at = |q: f64| times[((n as f64 * q) as usize).min(n - 1)].0;
    println!(
        "{n} positions: total {:.2} s, median {:.2} ms, p90 {:.2} ms, worst {:.1} ms",
        total.as_secs_f64(),
        at(0.5).as_secs_f64() * 1e3,
        at(0.9).as_secs_f64() * 1e3,
        times[n - 1].0.as_secs_f64() * 1e3
    );
    if recorded.is_some() {
        println!("same yes/no as recorded on every line; {texts_differ} Solution texts differ");
    }
    if n <= 200 || args.iter().any(|a| a == "--digest") {
        println!("answers: {answers}");
    }
}

//! The benchmark corpus (see `tests/corpus/mod.rs`): it is reproducible from
//! its seed, and every Solution the solver returns on it is judged correct by
//! the checker.
//!
//! Regenerate: `cargo test -p onsets-solver --test corpus_check -- --ignored write_corpus`.
//! Whole corpus (release): `cargo test -p onsets-solver --release --test corpus_check -- --ignored`.

mod corpus;

use corpus::DIVISIONS;
use onsets_core::check;
use onsets_solver::{solve, verify};
use std::time::Instant;

#[test]
#[ignore = "writes the corpus files"]
fn write_corpus() {
    for d in DIVISIONS {
        let lines = corpus::generate(d);
        std::fs::create_dir_all(format!("{}/corpus", env!("CARGO_MANIFEST_DIR"))).unwrap();
        std::fs::write(corpus::path(d), lines.join("\n") + "\n").unwrap();
    }
}

#[test]
fn corpus_is_reproducible() {
    for d in DIVISIONS {
        let lines = corpus::generate(d);
        let committed: Vec<String> = corpus::load(d).into_iter().map(|x| x.1).collect();
        assert_eq!(lines.len(), corpus::PER_DIVISION);
        assert_eq!(
            lines, committed,
            "corpus/{d}.jsonl differs from its generator"
        );
    }
}

fn solutions_correct(stride: usize) {
    for d in DIVISIONS {
        let (mut yes, mut no) = (0, 0);
        for (p, json) in corpus::load(d).into_iter().step_by(stride) {
            let s = solve(&p);
            if let Err(e) = verify(&p, &s) {
                panic!("{e}\nposition: {json}");
            }
            match s.text() {
                Some(t) => {
                    assert!(check(&p, &t).correct, "{t}\nposition: {json}");
                    yes += 1;
                }
                None => no += 1,
            }
        }
        eprintln!("{d}: {yes} solvable, {no} not");
    }
}

#[test]
fn corpus_solutions_are_checked_sample() {
    solutions_correct(if cfg!(debug_assertions) { 25 } else { 5 });
}

#[test]
#[ignore = "whole corpus: run in release with --ignored"]
fn corpus_solutions_are_checked_all() {
    solutions_correct(1);
}

/// Rough timings (not the benchmark): median and worst per division, and the
/// slowest positions.
#[test]
#[ignore = "timing: run in release with --ignored --nocapture"]
fn corpus_timings() {
    for d in DIVISIONS {
        let mut times: Vec<(f64, String)> = Vec::new();
        for (p, json) in corpus::load(d) {
            let t = Instant::now();
            let s = solve(&p);
            let dt = t.elapsed().as_secs_f64() * 1e3;
            std::hint::black_box(&s);
            if dt > 20.0 {
                eprintln!("slow {dt:.1} ms: {json}");
            }
            times.push((dt, json));
        }
        times.sort_by(|a, b| a.0.total_cmp(&b.0));
        let n = times.len();
        eprintln!(
            "{d}: median {:.3} ms, p90 {:.3} ms, p99 {:.3} ms, worst {:.3} ms",
            times[n / 2].0,
            times[n * 9 / 10].0,
            times[n * 99 / 100].0,
            times[n - 1].0
        );
    }
}

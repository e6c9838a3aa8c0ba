//! The benchmark corpus (see `tests/corpus/mod.rs`) and the positions kept
//! from simulated play (`corpus/slow-in-play.jsonl`): the generated corpus is
//! reproducible from its seed, every line carries its expected answer
//! (`"solvable": true|false`), and the solver gives that answer, with every
//! Solution it returns judged correct by the checker
//! (docs/performance.md).
//!
//! Regenerate: `ONSETS_WRITE_CORPUS=1 cargo test -p onsets-solver --release --test corpus_check -- --ignored write_corpus`
//! (new positions; their answers are recorded from the solver, so check them
//! with the brute-force agreement test, tests/agree.rs).
//! Whole corpus (release): `cargo test -p onsets-solver --release --test corpus_check -- --ignored`.

mod corpus;

use corpus::DIVISIONS;
use onsets_core::{check, Position};
use onsets_solver::batch::{split_expected, with_expected};
use onsets_solver::{solve, verify};

/// The two tests that write the corpus files do so only when asked
/// (`ONSETS_WRITE_CORPUS=1`), so that `-- --ignored` runs only the checks.
fn writing() -> bool {
    let yes = std::env::var_os("ONSETS_WRITE_CORPUS").is_some();
    if !yes {
        eprintln!("set ONSETS_WRITE_CORPUS=1 to write the corpus files");
    }
    yes
}

#[test]
#[ignore = "writes the corpus files"]
fn write_corpus() {
    if !writing() {
        return;
    }
    for d in DIVISIONS {
        let lines: Vec<String> = corpus::generate(d)
            .into_iter()
            .map(|json| {
                let p = Position::from_json(&json).unwrap();
                with_expected(&json, solve(&p).is_solvable()).unwrap()
            })
            .collect();
        std::fs::create_dir_all(format!("{}/corpus", env!("CARGO_MANIFEST_DIR"))).unwrap();
        std::fs::write(corpus::path(d), lines.join("\n") + "\n").unwrap();
    }
}

/// Records the solver's answers in the corpus files, keeping each line's
/// position; a line that already has an answer must keep it.
#[test]
#[ignore = "rewrites the corpus files with the solver's answers"]
fn record_expected_answers() {
    if !writing() {
        return;
    }
    let mut files: Vec<String> = DIVISIONS.iter().map(|d| corpus::path(d)).collect();
    files.push(corpus::slow_in_play_path());
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        let mut out = String::new();
        for (i, line) in text.lines().enumerate() {
            let (json, old) = split_expected(line).unwrap();
            let p = Position::from_json(&json).unwrap();
            let yes = solve(&p).is_solvable();
            if let Some(old) = old {
                assert_eq!(old, yes, "{f}:{}: the recorded answer changed", i + 1);
            }
            // keep the line's own text: only the answer is added
            let bare = line.trim_end();
            let new = match old {
                Some(_) => bare.to_string(),
                None => format!(
                    "{},\"solvable\":{yes}}}",
                    bare.strip_suffix('}').expect("a JSON object")
                ),
            };
            out.push_str(&new);
            out.push('\n');
        }
        std::fs::write(&f, out).unwrap();
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

/// Solves every `stride`-th position of a corpus file and compares with its
/// recorded answer; every Solution is judged by the checker.
fn answers_match(path: &str, stride: usize) -> (usize, usize) {
    let (mut yes, mut no) = (0, 0);
    for (i, (p, json, expected)) in corpus::load_file(path)
        .into_iter()
        .enumerate()
        .step_by(stride)
    {
        let s = solve(&p);
        if let Err(e) = verify(&p, &s, expected) {
            panic!("{path}:{}: {e}\nposition: {json}", i + 1);
        }
        match s.text() {
            Some(t) => {
                assert!(check(&p, &t).correct, "{t}\nposition: {json}");
                yes += 1;
            }
            None => no += 1,
        }
    }
    (yes, no)
}

fn solutions_correct(stride: usize) {
    for d in DIVISIONS {
        let (yes, no) = answers_match(&corpus::path(d), stride);
        eprintln!("{d}: {yes} solvable, {no} not");
    }
}

#[test]
fn every_corpus_line_carries_its_expected_answer() {
    let mut files: Vec<String> = DIVISIONS.iter().map(|d| corpus::path(d)).collect();
    files.push(corpus::slow_in_play_path());
    for f in files {
        let lines = corpus::load_file(&f); // panics on a line without an answer
        let yes = lines.iter().filter(|x| x.2).count();
        // a corpus answering only "none exists" (or only "yes") tests little
        if !f.ends_with("slow-in-play.jsonl") {
            assert!(yes > 100 && lines.len() - yes > 100, "{f}: {yes} solvable");
        }
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

#[test]
fn slow_in_play_answers_sample() {
    let stride = if cfg!(debug_assertions) { 15 } else { 1 };
    answers_match(&corpus::slow_in_play_path(), stride);
}

#[test]
#[ignore = "every position kept from play: run in release with --ignored"]
fn slow_in_play_answers_all() {
    let (yes, no) = answers_match(&corpus::slow_in_play_path(), 1);
    eprintln!("slow-in-play: {yes} solvable, {no} not");
}

/// The worst-case file (`corpus/worst-cases.jsonl`, docs/performance.md):
/// every position that ever took the solver over 5 ms (plain, shortest or
/// the move classification), kept with its answer. The solver must give
/// that answer, plain and shortest, each Solution judged correct by the
/// checker. In debug mode every eighth line (the file's positions are the
/// slowest known); `--release` all of them.
#[test]
fn worst_cases_keep_their_answers() {
    let path = format!("{}/corpus/worst-cases.jsonl", env!("CARGO_MANIFEST_DIR"));
    let lines = corpus::load_file(&path);
    assert!(!lines.is_empty(), "{path}: no positions");
    let stride = if cfg!(debug_assertions) { 8 } else { 1 };
    for (i, (p, json, expected)) in lines.iter().enumerate().step_by(stride) {
        let plain = solve(p);
        if let Err(e) = verify(p, &plain, *expected) {
            panic!("{path}:{}: {e}\nposition: {json}", i + 1);
        }
        let short = onsets_solver::solve_shortest(p);
        if let Err(e) = verify(p, &short, *expected) {
            panic!("{path}:{} (shortest): {e}\nposition: {json}", i + 1);
        }
    }
}

/// The move classification of the slow-in-play lines `only` (all when
/// empty), compared with the classes recorded in
/// `corpus/slow-in-play.classes` (one line per position: its number, then
/// each legal turn as `move=class` in `legal_moves` order, written by
/// `examples/classify_jsonl.rs` before the blank colorings were searched
/// together; docs/performance.md, "Fifth speed round").
fn classes_match(only: &[usize]) {
    let dir = env!("CARGO_MANIFEST_DIR");
    let positions = std::fs::read_to_string(corpus::slow_in_play_path()).unwrap();
    let recorded = std::fs::read_to_string(format!("{dir}/corpus/slow-in-play.classes")).unwrap();
    let recorded: Vec<&str> = recorded.lines().collect();
    assert_eq!(recorded.len(), positions.lines().count());
    for (i, line) in positions.lines().enumerate() {
        if !only.is_empty() && !only.contains(&(i + 1)) {
            continue;
        }
        let (json, _) = split_expected(line).unwrap();
        let p = Position::from_json(&json).unwrap();
        let classes: Vec<String> = onsets_solver::analysis::classify_moves(&p)
            .iter()
            .map(|c| format!("{}={}", c.mv, c.class))
            .collect();
        let got = format!("{} {}", i + 1, classes.join("; "));
        assert_eq!(got, recorded[i], "slow-in-play line {}", i + 1);
    }
}

/// A Senior position with the blank card wild whose classification proves
/// "no Solution" after several moves (every coloring of the blank).
#[test]
fn slow_in_play_classes_sample() {
    classes_match(&[13]);
}

#[test]
#[ignore = "every position kept from play: run in release with --ignored"]
fn slow_in_play_classes_all() {
    classes_match(&[]);
}

//! Solver speed (docs/performance.md):
//! `CARGO_TARGET_DIR=/work/target-speed cargo bench -p onsets-solver --bench solve`.
//!
//! First a per-position table over the committed corpus (`corpus/*.jsonl`,
//! 1,000 positions per division): each position is decided
//! `ONSETS_BENCH_REPS` times (default 3) and its fastest time kept; the
//! median and worst per division are printed. Then Criterion benchmarks of
//! the named worst cases and of each division's slowest corpus position.
//! The table covers `corpus/slow-in-play.jsonl` too, and the Criterion part
//! the slowest positions met in play, with `solve_shortest` on
//! six of them. `ONSETS_BENCH_REPS=0` leaves the table out (and then the
//! slowest corpus positions too). Figures are recorded in docs/performance.md.
//!
//! Then the seeded random positions (`corpus::random_lines`, every edition,
//! division and variation, one to four variations together;
//! `ONSETS_BENCH_RANDOM` per edition, default 100): a table per edition
//! (plain solve, fastest of `ONSETS_BENCH_REPS`) and Criterion benchmarks
//! of each edition's slowest random position, plain and shortest.

#[path = "../tests/corpus/mod.rs"]
mod corpus;

use criterion::{black_box, Criterion};
use onsets_core::Position;
use onsets_solver::{solve, solve_shortest};
use std::time::{Duration, Instant};

/// The worst cases of the first speed round: Senior, 14 cards, all 15 non-digit cubes in
/// Resources (or in Required), Impossible, Multiple Operations and the
/// interchangeables in force (automatic in Senior).
const WORST: [(&str, &str); 5] = [
    (
        "senior 15 cubes all in Required, Goal 3",
        r#"{"division": "senior", "adventurous": true, "universe": "B R G Y BR BG RG BRG GY RY BY BGY blank BRGY",
        "goal": "3", "required": "B R G Y B R G Y ∪ ∩ − ′ V = ⊆", "situation": "impossible"}"#,
    ),
    (
        "senior 15 cubes, Goal 7, no variation chosen",
        r#"{"division": "senior", "adventurous": true, "universe": "B R G Y BR BG RG BRG GY RY BY BGY blank BRGY",
        "goal": "4+3", "resources": "B R G Y B R G Y ∪ ∩ − ′ V = ⊆", "situation": "impossible"}"#,
    ),
    (
        "senior 15 cubes, required and forbidden card",
        r#"{"division": "senior", "adventurous": true, "universe": "B R G Y BR BG RG BRG GY RY BY BGY blank BRGY",
        "goal": "5", "variations": ["required-card BRGY", "forbidden-card Y"], "resources": "B R G Y B R G Y ∪ ∩ − ′ V = ⊆",
        "situation": "impossible"}"#,
    ),
    (
        "senior 15 cubes, Two Solutions + required card, Goal 1 (none)",
        r#"{"division": "senior", "adventurous": true, "universe": "B R G Y BR BG RG BRG GY RY BY BGY blank BRGY",
        "goal": "1", "variations": ["required-card BRGY", "two-solutions"], "resources": "B R G Y B R G Y ∪ ∩ − ′ V = ⊆",
        "situation": "impossible"}"#,
    ),
    (
        "senior 15 cubes, Goal 14 with No Null Restrictions and Two Operations",
        r#"{"division": "senior", "adventurous": true, "universe": "B R G Y BR BG RG BRG GY RY BY BGY blank BRGY",
        "goal": "5*2+4", "variations": ["no-null-restrictions", "two-operations"], "resources": "B R G Y B R G Y ∪ ∩ − ′ V = ⊆",
        "situation": "impossible"}"#,
    ),
];

/// slow-in-play.jsonl lines: 53 (Two Solutions, 1.8 s in the first round),
/// 5 and 6 (about 1 s).
const IN_PLAY: [usize; 3] = [53, 5, 6];

/// slow-in-play.jsonl lines for `solve_shortest`: 1 (over 60 s in the first
/// round), 20, and the four that missed the 1 s of the second (5, 6, 61, 62:
/// 1.3–2.5 s before the solver split).
const IN_PLAY_SHORTEST: [usize; 6] = [1, 20, 5, 6, 61, 62];

fn reps() -> usize {
    std::env::var("ONSETS_BENCH_REPS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(3)
}

fn fastest(p: &Position, reps: usize) -> Duration {
    (0..reps.max(1))
        .map(|_| {
            let t = Instant::now();
            black_box(solve(black_box(p)));
            t.elapsed()
        })
        .min()
        .unwrap_or_default()
}

fn corpus_files() -> Vec<(String, String)> {
    corpus::DIVISIONS
        .iter()
        .map(|d| (d.to_string(), corpus::path(d)))
        .chain(std::iter::once((
            "in-play".to_string(),
            corpus::slow_in_play_path(),
        )))
        .collect()
}

fn main() {
    let reps = reps();
    let mut slowest: Vec<(String, Position)> = Vec::new();
    // ONSETS_BENCH_REPS=0: only the Criterion benchmarks
    let files = if reps == 0 {
        Vec::new()
    } else {
        corpus_files()
    };
    if reps > 0 {
        eprintln!("corpus, fastest of {reps} per position:");
    }
    for (d, path) in &files {
        let mut times: Vec<(Duration, Position)> = corpus::load_file(path)
            .into_iter()
            .map(|(p, _, _)| (fastest(&p, reps), p))
            .collect();
        times.sort_by_key(|x| x.0);
        let n = times.len();
        let over = |ms: u64| {
            times
                .iter()
                .filter(|t| t.0 > Duration::from_millis(ms))
                .count()
        };
        eprintln!(
            "{d:<10} n={n} median {:?} p90 {:?} p99 {:?} worst {:?}; over 1 ms: {}, over 50 ms: {}",
            times[n / 2].0,
            times[n * 9 / 10].0,
            times[n * 99 / 100].0,
            times[n - 1].0,
            over(1),
            over(50)
        );
        let worst = times.pop().unwrap();
        slowest.push((format!("slowest {d} corpus position"), worst.1));
    }
    let mut c = Criterion::default()
        .configure_from_args()
        .sample_size(10)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(3));
    for (name, json) in WORST {
        let p = Position::from_json(json).unwrap();
        c.bench_function(name, |b| b.iter(|| solve(black_box(&p))));
    }
    for (name, p) in &slowest {
        c.bench_function(name, |b| b.iter(|| solve(black_box(p))));
    }
    // The named positions met in play (corpus/slow-in-play.jsonl,
    // line numbers): the slowest of the first round, and `--shortest`.
    let in_play = corpus::load_file(&corpus::slow_in_play_path());
    for line in IN_PLAY {
        let p = &in_play[line - 1].0;
        c.bench_function(&format!("slow-in-play line {line}"), |b| {
            b.iter(|| solve(black_box(p)))
        });
    }
    for line in IN_PLAY_SHORTEST {
        let p = &in_play[line - 1].0;
        c.bench_function(&format!("slow-in-play line {line}, shortest"), |b| {
            b.iter(|| solve_shortest(black_box(p)))
        });
    }
    random_positions(&mut c, reps);
    c.final_summary();
}

/// The seeded random-position benchmark (module doc).
fn random_positions(c: &mut Criterion, reps: usize) {
    let per: usize = std::env::var("ONSETS_BENCH_RANDOM")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(100);
    let lines = corpus::random_lines(corpus::RANDOM_SEED, per);
    for (e, edition) in corpus::EDITIONS.iter().enumerate() {
        let mut times: Vec<(Duration, Position)> = lines[e * per..(e + 1) * per]
            .iter()
            .map(|l| {
                let p = Position::from_json(l).expect("a generated position");
                (fastest(&p, reps), p)
            })
            .collect();
        times.sort_by_key(|x| x.0);
        let Some((worst, p)) = times.last().cloned() else {
            continue;
        };
        let n = times.len();
        eprintln!(
            "random {edition:<8} n={n} median {:?} p99 {:?} worst {worst:?}",
            times[n / 2].0,
            times[n * 99 / 100].0,
        );
        c.bench_function(&format!("slowest random {edition} position"), |b| {
            b.iter(|| solve(black_box(&p)))
        });
        c.bench_function(
            &format!("slowest random {edition} position, shortest"),
            |b| b.iter(|| solve_shortest(black_box(&p))),
        );
    }
}

//! A `Solver` kept from one position to the next (as the bots and the
//! move classification keep one) remembers the configurations it proved to
//! have no Solution (VII-B-4-e: the Now choices; VII-B-4-f) and skips them
//! later: the answers and the Solutions must be exactly those of a new
//! solver for each position.

use onsets_core::{Position, Situation};
use onsets_solver::analysis::{apply_move, legal_moves, now_challenge_valid};
use onsets_solver::{solve, solve_shortest, verify, Solver};

/// The positions after every legal move of the first `n` corpus positions
/// of `file` that still have cubes to move, in situation Now (when a Now
/// challenge is valid, V-A-2) and Impossible (V-A-3): the questions a
/// classification asks, which share configurations move after move.
fn after_moves(file: &str, n: usize) -> Vec<Position> {
    let path = format!("{}/corpus/{file}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).expect("corpus file");
    let mut out = Vec::new();
    let starts = text
        .lines()
        .map(|l| {
            onsets_solver::batch::parse_line(l)
                .expect("corpus line")
                .position
        })
        .filter(|p| p.resources().iter().filter(|s| !s.is_digit()).count() >= 2)
        .take(n);
    for p in starts {
        for mv in legal_moves(&p) {
            let mut after = apply_move(&p, &mv);
            if now_challenge_valid(&after) {
                after = after
                    .with_situation(Situation::Now)
                    .expect("now and impossible are every position's situations");
                out.push(after.clone());
            }
            after = after
                .with_situation(Situation::Impossible)
                .expect("now and impossible are every position's situations");
            out.push(after);
        }
    }
    out
}

/// VII-B-4-e, VII-B-4-f: a reused solver answers every position after
/// every move exactly as a new solver does (same yes/no, same Solution
/// text), in play order and again in reverse order (other configurations
/// remembered first).
#[test]
fn vii_b_4_e_f_reused_solver_answers_as_a_new_one() {
    let positions = after_moves("senior.jsonl", 6);
    assert!(positions.len() > 50, "{} positions", positions.len());
    let fresh: Vec<Option<String>> = positions.iter().map(|p| solve(p).text()).collect();
    let mut solver = Solver::new();
    for round in 0..2 {
        let order: Vec<usize> = if round == 0 {
            (0..positions.len()).collect()
        } else {
            (0..positions.len()).rev().collect()
        };
        for i in order {
            let s = solver.solve(&positions[i]);
            verify(&positions[i], &s, fresh[i].is_some()).unwrap();
            assert_eq!(s.text(), fresh[i], "position {i}, round {round}");
        }
    }
}

/// The same for shortest Solutions (its bounded searches skip the
/// configurations remembered as having none).
#[test]
fn vii_b_4_e_f_reused_solver_finds_the_same_shortest_solutions() {
    let positions = after_moves("junior.jsonl", 3);
    assert!(positions.len() > 20, "{} positions", positions.len());
    let mut solver = Solver::new();
    for p in &positions {
        // the plain search first fills the memory the shortest one reads
        let _ = solver.solve(p);
        assert_eq!(solver.solve_shortest(p).text(), solve_shortest(p).text());
    }
}

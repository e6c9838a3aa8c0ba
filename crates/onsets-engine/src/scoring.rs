//! Scoring a shake: X-B (after a challenge), X-C (forceout), XI-B-2 (end of
//! round) and III-D-2 (the "no Goal" challenge).

use crate::model::ChallengeKind;
use crate::state::{Checking, Decision, WritingKind};

/// Points for each player (penalties not included). `seated` says who took
/// part in the shake: the others score −2 (X-D) and the shake is scored
/// among those who played it.
pub fn score(seated: &[bool], c: &Checking) -> Vec<i32> {
    let n = seated.len();
    let players = seated.iter().filter(|s| **s).count();
    let ok = |q: usize| c.correct[q] == Some(true);
    let presented = |q: usize| c.writers[q].presented.is_some();
    // X-A-2 exception: after a challenge in a three-player match, a player who
    // does not present and accepts a Solution later proved wrong scores 2.
    let accepted_wrong = |q: usize| {
        players == 3
            && !presented(q)
            && c.queue.iter().enumerate().any(|(k, &w)| {
                c.decisions[k][q] == Decision::Accepted && c.correct[w] == Some(false)
            })
    };
    let third = |a: usize, b: usize| (0..n).find(|&q| q != a && q != b && seated[q]);
    let mut pts = vec![2; n];
    match c.kind {
        WritingKind::Forceout { .. } | WritingKind::EndOfRound => {
            // X-C, XI-B-2: 4 for a correct Solution, 2 otherwise.
            for (q, p) in pts.iter_mut().enumerate() {
                *p = if ok(q) { 4 } else { 2 };
            }
        }
        WritingKind::Challenge {
            challenge,
            challenger,
            mover,
        } => {
            let t = third(challenger, mover);
            let (writer, other) = if challenge == ChallengeKind::Now {
                (challenger, mover)
            } else {
                (mover, challenger)
            };
            // X-B-2: a correct Challenger or Mover scores 6.
            pts[writer] = if ok(writer) { 6 } else { 2 };
            let opponent_correct = ok(writer) || t.is_some_and(ok);
            pts[other] = if !opponent_correct && !accepted_wrong(other) {
                6
            } else {
                2
            };
            if let Some(t) = t {
                pts[t] = if presented(t) {
                    match (ok(t), challenge, ok(writer)) {
                        (false, _, _) => 2,
                        (true, ChallengeKind::Now, true) => 4,
                        (true, _, _) => 6,
                    }
                } else if accepted_wrong(t) || ok(writer) {
                    2
                } else if challenge == ChallengeKind::Now {
                    6
                } else {
                    4
                };
            }
        }
        WritingKind::NoGoal { challenger, setter } => {
            let t = third(challenger, setter);
            pts[challenger] = if ok(challenger) { 6 } else { 2 };
            if let Some(t) = t {
                pts[t] = match (presented(t), ok(t), ok(challenger)) {
                    (true, false, _) => 2,
                    (true, true, true) => 4,
                    (true, true, false) => 6,
                    (false, _, false) => 6,
                    (false, _, true) => 2,
                };
            }
            let any = ok(challenger) || t.is_some_and(ok);
            pts[setter] = if any { 2 } else { 6 };
        }
    }
    for (q, p) in pts.iter_mut().enumerate() {
        if !seated[q] {
            // X-D: absent, or arrived after the Goal-setter rolled.
            *p = -2;
        }
    }
    pts
}

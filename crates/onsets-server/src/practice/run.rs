//! The lists and the clocks of Storm and Streak (docs/practice.md): which
//! puzzles a run is issued, in rising difficulty, and how the server counts
//! a run from the answers it judged again and the times they took. Pure: no
//! store, no clock.

use onsets_puzzles::{fnv1a, Kind, Puzzle};
use serde::Serialize;

/// A storm's clock: three minutes.
pub const STORM_MS: i64 = 180_000;
/// What a miss costs a storm's clock.
pub const MISS_MS: i64 = 10_000;
/// Puzzles in a storm's list (more than anyone answers in three minutes).
pub const STORM_PUZZLES: usize = 30;
/// The fewest puzzles a storm's list may have.
pub const STORM_MIN_PUZZLES: usize = 20;
/// Puzzles in a streak's list at most.
pub const STREAK_PUZZLES: usize = 60;
/// The quickest answer counted: faster than this is not a person reading a
/// position.
pub const MIN_ANSWER_MS: u64 = 100;
/// The slowest answer accepted (ten minutes).
pub const MAX_ANSWER_MS: u64 = 600_000;
/// Skips a streak allows.
pub const STREAK_SKIPS: usize = 1;

/// Storm or Streak.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Mode {
    Storm,
    Streak,
}

impl Mode {
    pub const fn name(self) -> &'static str {
        match self {
            Mode::Storm => "storm",
            Mode::Streak => "streak",
        }
    }

    /// The length of a list of this mode.
    pub const fn list_len(self) -> usize {
        match self {
            Mode::Storm => STORM_PUZZLES,
            Mode::Streak => STREAK_PUZZLES,
        }
    }
}

/// The time a combo adds to a storm's clock when it reaches `combo` correct
/// answers in a row (Puzzle Storm's steps: 5, 12, 20, 30, then every 10).
pub fn combo_bonus_ms(combo: u32) -> i64 {
    match combo {
        5 => 3_000,
        12 => 5_000,
        20 => 7_000,
        c if c >= 30 && (c - 30) % 10 == 0 => 10_000,
        _ => 0,
    }
}

/// A list of `n` puzzles of rising difficulty from `candidates`: the
/// candidates ordered by difficulty (then id) are cut into `n` bands of
/// nearly equal size and one puzzle is drawn from each band by `seed`, so
/// every list rises from the easiest band to the hardest and two lists
/// differ. Fewer than `n` candidates: all of them, in order.
pub fn rising<'a>(candidates: &[&'a Puzzle], n: usize, seed: u64) -> Vec<&'a Puzzle> {
    let mut sorted: Vec<&Puzzle> = candidates.to_vec();
    sorted.sort_by(|a, b| a.difficulty.cmp(&b.difficulty).then(a.id.cmp(&b.id)));
    if sorted.len() <= n || n == 0 {
        return sorted;
    }
    let len = sorted.len();
    (0..n)
        .map(|band| {
            let lo = band * len / n;
            let hi = ((band + 1) * len / n).max(lo + 1);
            let pick = fnv1a(&format!("{seed} {band}")) as usize % (hi - lo);
            sorted[lo + pick]
        })
        .collect()
}

/// Whether a puzzle may be in a list of `kind` (any kind when `None`).
pub fn fits(p: &Puzzle, kind: Option<Kind>) -> bool {
    kind.is_none_or(|k| p.kind == k)
}

/// One answer as the server judged it, with its time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    /// `None`: skipped (Streak only).
    pub correct: Option<bool>,
    pub ms: u64,
}

/// What the count made of one answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Counted {
    /// Whether the answer came in time (a storm) or before the first miss
    /// (a streak).
    pub counted: bool,
    /// The time its combo added (a storm).
    pub bonus_ms: i64,
    /// The storm's clock after it (a streak: 0).
    pub clock_ms: i64,
}

/// A run counted.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Score {
    pub score: i64,
    /// Answers counted.
    pub moves: i64,
    pub errors: i64,
    pub best_combo: i64,
    /// The time of the answers counted.
    pub ms: i64,
    /// A storm: the clock left after the last answer counted.
    pub clock_left_ms: i64,
    /// A streak: skips used.
    pub skips: i64,
    pub steps: Vec<Counted>,
}

/// Why a run cannot be counted: the index of the answer and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("run[{index}].{field}: {message}")]
pub struct RunError {
    pub index: usize,
    pub field: &'static str,
    pub message: String,
}

/// Counts a storm: the clock starts at [`STORM_MS`]; each answer's time
/// runs it down; an answer given after it ran out is not counted (nor is
/// any after it); a correct answer scores one and grows the combo (whose
/// steps add [`combo_bonus_ms`]); a miss costs [`MISS_MS`] and ends the
/// combo. A storm has no skips.
pub fn storm(steps: &[Step]) -> Result<Score, RunError> {
    let mut s = empty(steps.len());
    let mut clock = STORM_MS;
    let mut combo: u32 = 0;
    for (i, step) in steps.iter().enumerate() {
        let Some(correct) = step.correct else {
            return Err(RunError {
                index: i,
                field: "answer",
                message: "a storm has no skips: every puzzle is answered".into(),
            });
        };
        let ms = step.ms as i64;
        if clock <= 0 || ms > clock {
            clock = clock.min(0);
            s.steps.push(Counted {
                counted: false,
                bonus_ms: 0,
                clock_ms: clock,
            });
            continue;
        }
        clock -= ms;
        s.moves += 1;
        s.ms += ms;
        let mut bonus = 0;
        if correct {
            s.score += 1;
            combo += 1;
            bonus = combo_bonus_ms(combo);
            clock += bonus;
            s.best_combo = s.best_combo.max(i64::from(combo));
        } else {
            s.errors += 1;
            combo = 0;
            clock -= MISS_MS;
        }
        s.steps.push(Counted {
            counted: true,
            bonus_ms: bonus,
            clock_ms: clock.max(0),
        });
    }
    s.clock_left_ms = clock.max(0);
    Ok(s)
}

/// Counts a streak: each correct answer scores one; the first miss ends
/// it (answers after it are not counted); [`STREAK_SKIPS`] puzzle may be
/// skipped, a second skip is refused. No clock.
pub fn streak(steps: &[Step]) -> Result<Score, RunError> {
    let mut s = empty(steps.len());
    let mut ended = false;
    for (i, step) in steps.iter().enumerate() {
        let counted = !ended;
        if counted {
            s.ms += step.ms as i64;
            match step.correct {
                None => {
                    if s.skips as usize >= STREAK_SKIPS {
                        return Err(RunError {
                            index: i,
                            field: "answer",
                            message: format!(
                                "a streak allows {STREAK_SKIPS} skip: this is one more"
                            ),
                        });
                    }
                    s.skips += 1;
                }
                Some(true) => {
                    s.moves += 1;
                    s.score += 1;
                    s.best_combo = s.score;
                }
                Some(false) => {
                    s.moves += 1;
                    s.errors += 1;
                    ended = true;
                }
            }
        }
        s.steps.push(Counted {
            counted,
            bonus_ms: 0,
            clock_ms: 0,
        });
    }
    Ok(s)
}

fn empty(n: usize) -> Score {
    Score {
        score: 0,
        moves: 0,
        errors: 0,
        best_combo: 0,
        ms: 0,
        clock_left_ms: 0,
        skips: 0,
        steps: Vec::with_capacity(n),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn right(ms: u64) -> Step {
        Step {
            correct: Some(true),
            ms,
        }
    }

    fn wrong(ms: u64) -> Step {
        Step {
            correct: Some(false),
            ms,
        }
    }

    #[test]
    fn a_miss_costs_ten_seconds_and_combos_add_time() {
        // five right in 10 s each: 50 s spent, 3 s added at the fifth
        let s = storm(&[right(10_000); 5]).unwrap();
        assert_eq!(s.score, 5);
        assert_eq!(s.best_combo, 5);
        assert_eq!(s.steps[4].bonus_ms, 3_000);
        assert_eq!(s.clock_left_ms, STORM_MS - 50_000 + 3_000);
        let s = storm(&[wrong(1_000), right(1_000)]).unwrap();
        assert_eq!((s.score, s.errors), (1, 1));
        assert_eq!(s.clock_left_ms, STORM_MS - 2_000 - MISS_MS);
    }

    #[test]
    fn answers_after_the_clock_ran_out_are_not_counted() {
        // 170 s, then a miss (10 s): the clock is out; the next answer is late
        let s = storm(&[right(170_000), wrong(1_000), right(500)]).unwrap();
        assert_eq!(s.score, 1);
        assert_eq!(s.moves, 2);
        assert!(!s.steps[2].counted);
        // one answer longer than the whole clock
        let s = storm(&[right(181_000)]).unwrap();
        assert_eq!((s.score, s.moves), (0, 0));
    }

    #[test]
    fn a_streak_ends_at_the_first_miss_and_allows_one_skip() {
        let skip = Step {
            correct: None,
            ms: 900,
        };
        let s = streak(&[right(1_000), skip, right(1_000), wrong(1_000), right(1)]).unwrap();
        assert_eq!((s.score, s.errors, s.skips), (2, 1, 1));
        assert!(!s.steps[4].counted);
        let e = streak(&[skip, skip]).unwrap_err();
        assert_eq!((e.index, e.field), (1, "answer"));
        assert!(storm(&[skip]).is_err());
    }

    #[test]
    fn combo_steps() {
        let bonuses: Vec<u32> = (1..=50).filter(|&c| combo_bonus_ms(c) > 0).collect();
        assert_eq!(bonuses, vec![5, 12, 20, 30, 40, 50]);
    }
}

//! # onsets-review
//!
//! The post-game review of a match (`onsets review MATCH.jsonl`, issue 16):
//! the log is re-run through the engine ([`onsets_engine::Match::apply`]) and
//! every turn of every shake is judged by the exact solver
//! ([`onsets_solver::analysis`]):
//!
//! * after each move (IV-B, XIII-A-7): the position (`position_after`),
//!   whether a Now challenge (V-A-2) and an Impossible challenge (V-A-1)
//!   would have been correct right then, the move's class (`safe`, or the
//!   Flub it was: `now-wins` / `impossible-wins`) and, for a Flub, the best
//!   alternative (a safe move from the same position, if any);
//! * every missed challenge (a move after which a challenge would have won
//!   and the next action was another move) and every challenge made, judged;
//! * the Goal-setter's choice against every Goal the digits allowed (III-B);
//! * per player an accuracy figure and counts of Flubs and missed chances.
//!
//! The engine and the solver decide everything; this crate only walks the
//! log and tallies.

pub mod botmatch;
pub mod judge;
pub mod manual1969;
pub mod situations;
mod walk;

use onsets_engine::ChallengeKind;
use serde::Serialize;

pub use manual1969::{is_1969_log, review_1969, Review1969};
pub use walk::review;

/// The review of any log `onsets review` reads: a 2026-27 (or 2019-20)
/// match, or a 1969 game (told by the header's `format`).
#[derive(Clone, Debug)]
pub enum AnyReview {
    Match(Box<Review>),
    Manual1969(Box<Review1969>),
}

impl AnyReview {
    /// The review as one JSON object (docs/review.md): a match review's shape
    /// is unchanged; a 1969 review carries `"edition": "1969"`.
    pub fn to_json(&self) -> serde_json::Value {
        match self {
            AnyReview::Match(r) => r.to_json(),
            AnyReview::Manual1969(r) => r.to_json(),
        }
    }
}

impl std::fmt::Display for AnyReview {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AnyReview::Match(r) => r.fmt(f),
            AnyReview::Manual1969(r) => r.fmt(f),
        }
    }
}

/// Reviews a log of either kind: a 1969 game (`onsets-1969/1`) by
/// [`review_1969`], anything else by [`review`].
pub fn review_log(text: &str) -> Result<AnyReview, ReviewError> {
    if is_1969_log(text) {
        review_1969(text).map(|r| AnyReview::Manual1969(Box::new(r)))
    } else {
        review(text).map(|r| AnyReview::Match(Box::new(r)))
    }
}

/// A log's header line, read as `H` and its `format` checked against
/// `format`, and the rest of its non-blank lines (0-based index, text): the
/// one reading of a log's first line for both reviews.
pub(crate) fn read_log<'a, H: serde::de::DeserializeOwned>(
    text: &'a str,
    format: &str,
    format_of: fn(&H) -> &str,
) -> Result<(usize, H, impl Iterator<Item = (usize, &'a str)>), ReviewError> {
    let mut lines = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty());
    let (i, first) = lines.next().ok_or(ReviewError::Unreadable {
        line: 1,
        message: "the log is empty".into(),
    })?;
    let header: H = serde_json::from_str(first).map_err(|e| ReviewError::Unreadable {
        line: i + 1,
        message: format!("bad header: {e}"),
    })?;
    if format_of(&header) != format {
        return Err(ReviewError::Unreadable {
            line: i + 1,
            message: format!("unknown log format `{}`", format_of(&header)),
        });
    }
    Ok((i, header, lines))
}

/// An act the engine refuses, on log line `line`.
pub(crate) fn rejected(line: usize, r: onsets_engine::Rejection) -> ReviewError {
    ReviewError::Rejected {
        line,
        rule: r.rule.as_str(),
        message: format!("{}: {}", r.code, r.message),
    }
}

/// Why a log cannot be reviewed.
#[derive(Debug, thiserror::Error)]
pub enum ReviewError {
    /// A line is not JSON of the log schema (docs/engine.md).
    #[error("line {line}: {message}")]
    Unreadable { line: usize, message: String },
    /// An action the rules refuse (the log does not replay).
    #[error("line {line}: {message} ({rule})")]
    Rejected {
        line: usize,
        rule: &'static str,
        message: String,
    },
}

/// The review of a whole match.
#[derive(Clone, Debug, Serialize)]
pub struct Review {
    pub players: Vec<String>,
    /// Every regular move (a move from Resources or a shift), in order.
    pub moves: Vec<MoveReview>,
    /// Moves after which a challenge would have won and nobody challenged.
    pub missed_challenges: Vec<MissedChallenge>,
    /// Every challenge made (Now, Impossible, and of "no Goal"), judged.
    pub challenges: Vec<ChallengeReview>,
    /// Each Goal set (or "no Goal" declared, `goal: "no Goal"`), judged
    /// against every Goal its digits allowed.
    pub goals: Vec<GoalReview>,
    /// Per player, in seating order.
    pub summary: Vec<PlayerSummary>,
}

/// One move.
#[derive(Clone, Debug, Serialize)]
pub struct MoveReview {
    pub shake: u32,
    /// 1-based line of the log holding the move.
    pub line: usize,
    pub player: usize,
    /// The move as the solver writes it (e.g. `R → Permitted`, with the bonus
    /// move first when there was one).
    pub mv: String,
    /// The position right after the move (notation.md JSON), in situation
    /// Impossible (Forceout when Resources is empty).
    pub position_after: serde_json::Value,
    /// Whether a Now challenge right after the move would have been correct
    /// (valid by V-A-2-a/b, and a Solution exists with at most one more
    /// Resources cube).
    pub now_correct: bool,
    /// Whether an Impossible challenge right after it would have been
    /// correct (no Solution however the Resources are played).
    pub impossible_correct: bool,
    /// `safe`, `now-wins` or `impossible-wins` (onsets_solver's classes).
    pub class: &'static str,
    /// A Solution proving the Flub (for `now-wins`), if any.
    pub witness: Option<String>,
    /// For a Flub: a safe move from the same position, when one exists.
    pub best_alternative: Option<String>,
}

/// A challenge that would have won and was not made.
#[derive(Clone, Debug, Serialize)]
pub struct MissedChallenge {
    pub shake: u32,
    /// Index into `moves` of the move that allowed it.
    pub after_move: usize,
    /// `now` or `impossible`.
    pub kind: ChallengeKind,
    /// The Mover's opponents, each of whom could have challenged (V-A).
    pub players: Vec<usize>,
    pub witness: Option<String>,
}

/// A challenge made.
#[derive(Clone, Debug, Serialize)]
pub struct ChallengeReview {
    pub shake: u32,
    pub line: usize,
    pub player: usize,
    pub kind: ChallengeKind,
    /// Whether the Challenger's claim was true (an invalid Now is not).
    pub correct: bool,
    pub witness: Option<String>,
}

/// A Goal set, judged (III-B).
#[derive(Clone, Debug, Serialize)]
pub struct GoalReview {
    pub shake: u32,
    pub line: usize,
    pub player: usize,
    pub goal: String,
    /// Whether a correct Solution exists from all the Resources.
    pub solvable: bool,
    /// Every Goal the digit cubes allowed, with its values and solvability.
    pub allowed: Vec<GoalChoice>,
    /// How many of them have a correct Solution.
    pub solvable_count: usize,
}

#[derive(Clone, Debug, Serialize)]
pub struct GoalChoice {
    pub goal: String,
    pub values: Vec<i64>,
    pub solvable: bool,
}

/// Per player tallies.
#[derive(Clone, Debug, Default, Serialize)]
pub struct PlayerSummary {
    pub name: String,
    pub moves: usize,
    pub safe_moves: usize,
    pub flubs: usize,
    pub missed_chances: usize,
    pub correct_challenges: usize,
    pub incorrect_challenges: usize,
    /// Good decisions in percent: safe moves and correct challenges over all
    /// moves, challenges made and chances missed; `null` with no decision.
    pub accuracy: Option<f64>,
}

impl Review {
    /// The review as one JSON object (docs/review.md).
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::to_value(self).expect("reviews serialize")
    }
}

fn kind_name(k: ChallengeKind) -> &'static str {
    match k {
        ChallengeKind::Now => "Now",
        ChallengeKind::Impossible => "Impossible",
        ChallengeKind::NoGoal => "no Goal",
    }
}

impl std::fmt::Display for Review {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let name = |p: usize| self.players.get(p).map(String::as_str).unwrap_or("?");
        let mut shakes: Vec<u32> = self
            .moves
            .iter()
            .map(|m| m.shake)
            .chain(self.goals.iter().map(|g| g.shake))
            .chain(self.challenges.iter().map(|c| c.shake))
            .collect();
        shakes.sort_unstable();
        shakes.dedup();
        for shake in shakes {
            writeln!(f, "Shake {shake}")?;
            for g in self.goals.iter().filter(|g| g.shake == shake) {
                let allowed = format!(
                    "{} of {} allowed Goals were solvable",
                    g.solvable_count,
                    g.allowed.len()
                );
                if g.goal == "no Goal" {
                    let right = g.solvable_count == 0;
                    writeln!(
                        f,
                        "  {} declared no Goal: {} ({allowed})",
                        name(g.player),
                        if right { "right" } else { "WRONG" }
                    )?;
                } else {
                    writeln!(
                        f,
                        "  Goal {} set by {}: {} ({allowed})",
                        g.goal,
                        name(g.player),
                        if g.solvable {
                            "solvable"
                        } else {
                            "NOT solvable"
                        }
                    )?;
                }
            }
            for (i, m) in self
                .moves
                .iter()
                .enumerate()
                .filter(|(_, m)| m.shake == shake)
            {
                let mark = match m.class {
                    "safe" => "ok",
                    "now-wins" => "FLUB: leaves a Now",
                    _ => "FLUB: leaves an Impossible",
                };
                writeln!(f, "  {:>3}. {} {}: {}", i + 1, name(m.player), m.mv, mark)?;
                if let (Some(w), "now-wins") = (&m.witness, m.class) {
                    writeln!(f, "       Now Solution: {w}")?;
                }
                if let Some(b) = &m.best_alternative {
                    writeln!(f, "       better: {b}")?;
                }
                for x in self.missed_challenges.iter().filter(|x| x.after_move == i) {
                    let who: Vec<&str> = x.players.iter().map(|&p| name(p)).collect();
                    writeln!(
                        f,
                        "       missed: a {} challenge would have won ({})",
                        kind_name(x.kind),
                        who.join(", ")
                    )?;
                }
            }
            for c in self.challenges.iter().filter(|c| c.shake == shake) {
                writeln!(
                    f,
                    "  {} challenged {}: {}",
                    name(c.player),
                    kind_name(c.kind),
                    if c.correct { "correct" } else { "incorrect" }
                )?;
            }
        }
        writeln!(f, "Players")?;
        for s in &self.summary {
            let acc = s
                .accuracy
                .map(|a| format!("{a:.0}%"))
                .unwrap_or_else(|| "-".into());
            writeln!(
                f,
                "  {}: accuracy {acc}, {} moves, {} flubs, {} missed chances, {} correct and {} incorrect challenges",
                s.name, s.moves, s.flubs, s.missed_chances, s.correct_challenges, s.incorrect_challenges
            )?;
        }
        Ok(())
    }
}

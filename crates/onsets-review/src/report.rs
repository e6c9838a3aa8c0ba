//! The one review report of every rule edition (docs/review.md): a
//! [`Review`] holds the players, one entry per move (a 1969 game's plays:
//! the Goal and each move, M69 3.1, 3.2), the chances missed, the
//! challenges made, the Goals set and a summary per player by name. What
//! differs between editions is only each entry's verdict — the edition's own
//! kinds: a 2026-27 / 2019-20 move is `safe`, `now-wins` or
//! `impossible-wins` and challenged by Now, Impossible or "no Goal" (V-A,
//! III-D); a 1969 play is sound or a Flub of the C-A-P claims (M69 3.5) —
//! and, for 1969, the assertions and the score sheet ([`Rules::Manual1969`]).
//!
//! The JSON of a review is the documented one of its edition
//! (docs/review.md): the verdicts are flattened into their entries, so a
//! match review reads `{"shake", "class", ...}` and a 1969 review
//! `{"play", "flub", ...}` with `"edition": "1969"`, as before the two were
//! one type.

use onsets_engine::manual1969::{Alternative, Claim, PlayLine};
use onsets_engine::ChallengeKind;
use serde::Serialize;

/// The review of a whole game of any edition.
#[derive(Clone, Debug, Serialize)]
pub struct Review {
    /// The edition's own part: nothing more for a match; for a 1969 game the
    /// form, the assertions and the score sheet.
    #[serde(flatten)]
    pub rules: Rules,
    /// The players' names, in seating order.
    pub players: Vec<String>,
    /// Every regular move of a match (a move from Resources or a shift), or
    /// every completed play of a 1969 game (each Goal and each move), in order.
    pub moves: Vec<MoveReview>,
    /// Moves after which a challenge would have won and nobody challenged.
    pub missed_challenges: Vec<MissedChallenge>,
    /// Every challenge made, judged.
    pub challenges: Vec<ChallengeReview>,
    /// Each Goal set or "no Goal" declared, against every Goal the digits
    /// allowed (III-B; M69 3.1).
    pub goals: Vec<GoalReview>,
    /// Per player, in seating order, by name.
    pub summary: Vec<PlayerSummary>,
}

/// What only one edition's review holds.
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub enum Rules {
    /// A 2026-27 or 2019-20 match (the tournament rules): nothing more.
    Tournament {},
    /// A 1969 game (M69 §§2–3).
    Manual1969(Box<Manual1969Game>),
}

/// The 1969 part of a review.
#[derive(Clone, Debug, Serialize)]
pub struct Manual1969Game {
    /// Always `"1969"`: tells this review from a match's.
    pub edition: &'static str,
    /// `basic` or `advanced` (M69 2.2).
    pub form: &'static str,
    /// Every assertion of a Solution with one more cube (M69 3.10 A), judged.
    pub assertions: Vec<AssertionReview>,
    /// The score sheet as the game kept it: one line per finished play
    /// (points by 3.9 / 3.10, stall penalties by 3.11), its note naming the
    /// players by name (3.8).
    pub score_sheet: Vec<PlayLine>,
    /// Final totals (editions.md Q27: a plain sum).
    pub totals: Vec<i32>,
    /// Whether the log runs to the end of the game.
    pub finished: bool,
}

/// Where in the game an entry is: a match's shake, or a 1969 game's play
/// (the manual's round, M69 2.7), numbered from 1.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Round {
    Shake { shake: u32 },
    Play { play: u32 },
}

impl Round {
    /// The shake's or the play's number, from 1.
    pub fn number(self) -> u32 {
        match self {
            Round::Shake { shake } => shake,
            Round::Play { play } => play,
        }
    }
}

/// One move (a 1969 play: the Goal or a move).
#[derive(Clone, Debug, Serialize)]
pub struct MoveReview {
    #[serde(flatten)]
    pub round: Round,
    /// 1-based line of the log holding (completing) the move.
    pub line: usize,
    pub player: usize,
    /// The move in words, with the faces as they were at that move (a bonus
    /// move first when there was one).
    pub mv: String,
    /// The position right after the move (notation.md JSON): the faces and
    /// the Universe of that shake or play, not the game's last ones.
    pub position_after: serde_json::Value,
    /// The edition's verdict.
    #[serde(flatten)]
    pub verdict: MoveVerdict,
}

impl MoveReview {
    /// Whether the move was a Flub (any edition's kind).
    pub fn is_flub(&self) -> bool {
        match &self.verdict {
            MoveVerdict::Tournament(t) => t.class != "safe",
            MoveVerdict::Manual1969(c) => c.flub.is_some(),
        }
    }

    /// The 1969 verdict, for a 1969 play.
    pub fn claims(&self) -> Option<&ClaimsVerdict> {
        match &self.verdict {
            MoveVerdict::Manual1969(c) => Some(c),
            MoveVerdict::Tournament(_) => None,
        }
    }

    /// The tournament verdict, for a match's move.
    pub fn tournament(&self) -> Option<&TournamentVerdict> {
        match &self.verdict {
            MoveVerdict::Tournament(t) => Some(t),
            MoveVerdict::Manual1969(_) => None,
        }
    }
}

/// A move judged in its edition's own kinds.
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub enum MoveVerdict {
    Tournament(TournamentVerdict),
    Manual1969(Box<ClaimsVerdict>),
}

/// A match's move judged by the Now and Impossible challenges (V-A).
#[derive(Clone, Debug, Serialize)]
pub struct TournamentVerdict {
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

/// A 1969 play judged by the Flub claims (M69 3.5).
#[derive(Clone, Debug, Serialize)]
pub struct ClaimsVerdict {
    /// The play within the round: 0 the Goal-setting play, then the moves.
    pub index: usize,
    pub goal_play: bool,
    /// A Solution with at most one more cube from Resources (Sol≤1), if any.
    pub one_more_solution: Option<String>,
    /// Whether a Solution can still be built however the Resources are
    /// played (Sol\*, the P-claim kept).
    pub possible: bool,
    /// The claims a challenge right after this play would have won.
    pub correct_claims: Vec<Claim>,
    /// The Flub it was (`a`, `p`, `c_from_a`, `c_from_p`), `null` if sound.
    pub flub: Option<Claim>,
    /// For a C-claim Flub: the index into `moves` of the A or P Flub that
    /// began the chain.
    pub chain_head: Option<usize>,
    /// For an A-claim Flub: the alternative play the Challenger could show
    /// (3.7 comment 3); for a C-claim from A, the alternative to the play
    /// that began the chain (`play` set).
    pub alternative: Option<Alternative>,
    /// The alternative in words (cube faces as 1969 prints them).
    pub alternative_text: Option<String>,
    /// For a Flub: what would have been better, in words.
    pub better: Option<String>,
}

/// A challenge that would have won and was not made.
#[derive(Clone, Debug, Serialize)]
pub struct MissedChallenge {
    #[serde(flatten)]
    pub round: Round,
    /// Index into `moves` of the move that allowed it; `null` for a 1969
    /// "No Goal".
    pub after_move: Option<usize>,
    /// Each player who could have challenged: the Mover's opponents (V-A;
    /// M69 3.6 "whether or not it is your turn").
    pub players: Vec<usize>,
    /// The challenge that would have won, in the edition's kinds.
    #[serde(flatten)]
    pub chance: Chance,
}

/// The challenge a chance offered.
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub enum Chance {
    /// `now` or `impossible`, with the Solution a Now Challenger writes.
    Tournament {
        kind: ChallengeKind,
        witness: Option<String>,
    },
    /// Every claim that would have won (M69 3.5).
    Manual1969 { claims: Vec<Claim> },
}

/// A challenge made, judged.
#[derive(Clone, Debug, Serialize)]
pub struct ChallengeReview {
    #[serde(flatten)]
    pub round: Round,
    pub line: usize,
    /// Whether the Challenger's claim was true (an invalid Now is not; the
    /// review's judgement of M69 3.5 for 1969).
    pub correct: bool,
    /// Who challenged what, in the edition's kinds.
    #[serde(flatten)]
    pub made: ChallengeMade,
}

impl ChallengeReview {
    /// The Challenger's seat.
    pub fn challenger(&self) -> usize {
        match &self.made {
            ChallengeMade::Tournament { player, .. } => *player,
            ChallengeMade::Manual1969(c) => c.challenger,
        }
    }
}

/// A challenge as the edition makes it.
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub enum ChallengeMade {
    /// Now, Impossible or "no Goal" (V-A, III-D-2) by `player`.
    Tournament {
        player: usize,
        kind: ChallengeKind,
        witness: Option<String>,
    },
    /// A claim of M69 3.5 against the Mover.
    Manual1969(Box<ClaimChallenge>),
}

/// A 1969 challenge (M69 3.6), with the game's scoring beside the review's
/// judgement.
#[derive(Clone, Debug, Serialize)]
pub struct ClaimChallenge {
    /// The Challenger (after a coin toss between simultaneous challengers,
    /// its winner, 3.6 comment 2).
    pub challenger: usize,
    pub mover: usize,
    pub claim: Claim,
    /// Index into `moves` of the play challenged; `null` for "No Goal".
    pub against_move: Option<usize>,
    /// The proof the side with the burden could write (3.7): a Solution
    /// (after a No-Goal challenge prefixed by its Goal), if one exists.
    pub proof: Option<String>,
    /// The alternative play an A- or C-from-A Challenger could show.
    pub alternative: Option<Alternative>,
    /// Whether the game scored the Challenger Correct (3.8), once scored.
    pub game_challenger_won: Option<bool>,
    /// The points of the play as the game scored them (3.9).
    pub points: Option<Vec<i32>>,
    /// Whether the review and the game agree (`null` while unscored).
    pub agrees: Option<bool>,
}

/// An assertion (M69 3.2, 3.10 A), judged.
#[derive(Clone, Debug, Serialize)]
pub struct AssertionReview {
    pub play: u32,
    pub line: usize,
    pub player: usize,
    /// Whether a Solution with at most one more cube existed (editions.md Q25).
    pub correct: bool,
    pub witness: Option<String>,
    /// The points of the play as the game scored them (3.10 A).
    pub points: Option<Vec<i32>>,
}

/// A Goal set or "no Goal" declared, judged (III-B; M69 3.1).
#[derive(Clone, Debug, Serialize)]
pub struct GoalReview {
    #[serde(flatten)]
    pub round: Round,
    pub line: usize,
    pub player: usize,
    /// The Goal, or `"no Goal"` (a match) / `"No Goal"` (1969).
    pub goal: String,
    /// The Goal's verdict in the edition's kinds.
    #[serde(flatten)]
    pub verdict: GoalVerdict,
    /// Every Goal the digit cubes allowed (one per distinct value set).
    pub allowed: Vec<GoalChoice>,
}

impl GoalReview {
    /// Whether this is a "no Goal" declaration (III-D; M69 3.1).
    pub fn is_no_goal(&self) -> bool {
        self.goal.eq_ignore_ascii_case("no Goal")
    }
}

/// How good a Goal (set, or allowed) was, and for a Goal set, how many of
/// the allowed ones were as good.
#[derive(Clone, Debug, Serialize)]
#[serde(untagged)]
pub enum GoalVerdict {
    /// Whether a correct Solution exists from all the Resources.
    Tournament {
        solvable: bool,
        #[serde(skip_serializing_if = "Option::is_none")]
        solvable_count: Option<usize>,
    },
    /// `possible`: a Solution can be built (the P-claim kept; for "No
    /// Goal": some allowed Goal had one, so it was a Flub); `safe`: possible
    /// and none with at most one more cube (the A-claim kept too).
    Manual1969 {
        possible: bool,
        safe: bool,
        #[serde(skip_serializing_if = "Option::is_none")]
        possible_count: Option<usize>,
        #[serde(skip_serializing_if = "Option::is_none")]
        safe_count: Option<usize>,
    },
}

/// One Goal the digit cubes allowed, with its values.
#[derive(Clone, Debug, Serialize)]
pub struct GoalChoice {
    pub goal: String,
    pub values: Vec<i64>,
    #[serde(flatten)]
    pub verdict: GoalVerdict,
}

/// Per player tallies, by name.
#[derive(Clone, Debug, Default, Serialize)]
pub struct PlayerSummary {
    pub name: String,
    /// Moves (a 1969 game: plays, Goals and moves) made.
    pub moves: usize,
    /// Moves that were no Flub (`safe_moves`; 1969 `sound_moves`).
    #[serde(flatten)]
    pub sound: Sound,
    pub flubs: usize,
    pub missed_chances: usize,
    pub correct_challenges: usize,
    pub incorrect_challenges: usize,
    /// 1969: assertions right and wrong (M69 3.10 A).
    #[serde(flatten)]
    pub assertions: Option<Assertions>,
    /// Good decisions in percent over all decisions; `null` with none.
    pub accuracy: Option<f64>,
    /// 1969: the player's total score (3.9, 3.10, 3.11).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score: Option<i32>,
}

/// The moves that were no Flub, named as the edition's review names them.
#[derive(Clone, Copy, Debug, Serialize)]
#[serde(untagged)]
pub enum Sound {
    Tournament { safe_moves: usize },
    Manual1969 { sound_moves: usize },
}

impl Default for Sound {
    fn default() -> Self {
        Sound::Tournament { safe_moves: 0 }
    }
}

impl Sound {
    pub fn count(self) -> usize {
        match self {
            Sound::Tournament { safe_moves } => safe_moves,
            Sound::Manual1969 { sound_moves } => sound_moves,
        }
    }
    fn add(&mut self) {
        match self {
            Sound::Tournament { safe_moves: k } | Sound::Manual1969 { sound_moves: k } => *k += 1,
        }
    }
}

/// A 1969 player's assertions (M69 3.10 A).
#[derive(Clone, Copy, Debug, Default, Serialize)]
pub struct Assertions {
    pub correct_assertions: usize,
    pub incorrect_assertions: usize,
}

impl Review {
    /// The review as one JSON object (docs/review.md).
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::to_value(self).expect("reviews serialize")
    }

    /// The 1969 part, for a 1969 game.
    pub fn manual1969(&self) -> Option<&Manual1969Game> {
        match &self.rules {
            Rules::Manual1969(g) => Some(g),
            Rules::Tournament {} => None,
        }
    }

    /// The per-player tallies of any edition: moves and Flubs, chances
    /// missed, challenges (by [`ChallengeReview::challenger`]) and, for 1969,
    /// assertions and scores; accuracy is good decisions (sound moves,
    /// correct challenges and assertions) over all of them and the chances
    /// missed.
    pub(crate) fn summarize(&self) -> Vec<PlayerSummary> {
        let m69 = self.manual1969();
        let mut s: Vec<PlayerSummary> = self
            .players
            .iter()
            .enumerate()
            .map(|(p, name)| PlayerSummary {
                name: name.clone(),
                sound: match m69 {
                    Some(_) => Sound::Manual1969 { sound_moves: 0 },
                    None => Sound::Tournament { safe_moves: 0 },
                },
                assertions: m69.map(|_| Assertions::default()),
                score: m69.map(|g| g.totals.get(p).copied().unwrap_or(0)),
                ..PlayerSummary::default()
            })
            .collect();
        for m in &self.moves {
            if let Some(x) = s.get_mut(m.player) {
                x.moves += 1;
                if m.is_flub() {
                    x.flubs += 1;
                } else {
                    x.sound.add();
                }
            }
        }
        for mc in &self.missed_challenges {
            for &p in &mc.players {
                if let Some(x) = s.get_mut(p) {
                    x.missed_chances += 1;
                }
            }
        }
        for c in &self.challenges {
            if let Some(x) = s.get_mut(c.challenger()) {
                if c.correct {
                    x.correct_challenges += 1;
                } else {
                    x.incorrect_challenges += 1;
                }
            }
        }
        for a in m69.map(|g| g.assertions.as_slice()).unwrap_or_default() {
            if let Some(t) = s.get_mut(a.player).and_then(|x| x.assertions.as_mut()) {
                if a.correct {
                    t.correct_assertions += 1;
                } else {
                    t.incorrect_assertions += 1;
                }
            }
        }
        for x in &mut s {
            let t = x.assertions.unwrap_or_default();
            let good = x.sound.count() + x.correct_challenges + t.correct_assertions;
            let all = x.moves
                + x.correct_challenges
                + x.incorrect_challenges
                + t.correct_assertions
                + t.incorrect_assertions
                + x.missed_chances;
            x.accuracy = (all > 0).then(|| 100.0 * good as f64 / all as f64);
        }
        s
    }
}

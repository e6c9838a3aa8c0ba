//! The post-game review of a 1969 game (Allen's Basic and Advanced ON-SETS,
//! M69 §§2–3; docs/review.md, "1969 games").
//!
//! The log (`onsets-1969/1`) is re-run through the 1969 engine
//! ([`onsets_engine::manual1969::Game::apply_with`]) with the exact claims
//! ([`ExactClaims`]: the 1969 checker and solver), and every play is judged
//! in the manual's own terms, the Flub claims of rule 3.5:
//!
//! * **P** (3.5 P, comment 1): after the play no Solution can be built
//!   however the Resources are played (not Sol\*).
//! * **A** (3.5 A, comment 2; 3.7 comment 3): after the play a Solution can
//!   be built with at most one more cube from Resources (Sol≤1), and some
//!   other play from the same mat — any cube to any section, with or without
//!   a bonus move, or another Goal (editions.md Q21) — would have allowed none
//!   while keeping a Solution possible. The review names that alternative:
//!   it is what the Challenger writes.
//! * **C** (3.5 C, comment 3): "once a Flub is made, every subsequent move is
//!   a Flub". A play is a C-claim Flub when the play before it in the same
//!   round was a Flub (of any kind); the C-claim stems from the A or P Flub
//!   at the head of the chain. A C-claim challenge stemming from A is
//!   correct when, besides, a Solution with at most one more cube exists on
//!   the mat (the Challenger's burden, editions.md Q22); one stemming from P
//!   when no Solution is possible.
//! * **No Goal** (3.5 A): "No Goal" when some Goal of the rolled numeral
//!   cubes has a Solution.
//!
//! Challenges made are judged by the same tests and set beside the points
//! the game gave (`game_challenger_won`): the two differ only when the side
//! with the burden did not write the proof that existed, or when the game
//! sustained a claim the manual's reading does not (`agrees: false` says so).

use crate::rejected;
use crate::ReviewError;
use onsets_core::Position;
use onsets_engine::manual1969::{
    face_1969, Act1969, Action1969, Allowance, Alternative, Claim, Claims, Event1969, ExactClaims,
    Game, Header1969, Phase1969, PlayLine, FORMAT_1969,
};
use onsets_engine::{Family, Place};
use onsets_solver::analysis::goal_layouts;
use serde::Serialize;

/// The review of a whole 1969 game. Its JSON carries `"edition": "1969"`;
/// the rounds are the manual's *plays* (2.7), numbered from 1, and the
/// plays within a round are the Goal-setting play (index 0) and the moves.
#[derive(Clone, Debug, Serialize)]
pub struct Review1969 {
    /// Always `"1969"`: tells this review from a 2026-27 one.
    pub edition: &'static str,
    /// `basic` or `advanced` (2.2).
    pub form: &'static str,
    pub players: Vec<String>,
    /// Every completed play: each Goal set and each move (3.1, 3.2).
    pub moves: Vec<MoveReview1969>,
    /// Flubs nobody challenged before the next play or the assertion.
    pub missed_challenges: Vec<MissedChallenge1969>,
    /// Every challenge made (3.6), judged.
    pub challenges: Vec<ChallengeReview1969>,
    /// Every assertion of a Solution with one more cube (3.10 A), judged.
    pub assertions: Vec<AssertionReview1969>,
    /// Each Goal set or "No Goal" said, against every Goal the numeral cubes
    /// allowed (3.1).
    pub goals: Vec<GoalReview1969>,
    /// The score sheet as the game kept it: one line per finished play
    /// (points by 3.9 / 3.10, stall penalties by 3.11).
    pub score_sheet: Vec<PlayLine>,
    /// Final totals (editions.md Q27: a plain sum).
    pub totals: Vec<i32>,
    /// Whether the log runs to the end of the game.
    pub finished: bool,
    /// Per player, in seating order.
    pub summary: Vec<PlayerSummary1969>,
}

/// One completed play (the Goal or a move).
#[derive(Clone, Debug, Serialize)]
pub struct MoveReview1969 {
    /// The round (the manual's "play", 2.7), from 1.
    pub play: u32,
    /// The play within the round: 0 the Goal-setting play, then the moves.
    pub index: usize,
    /// 1-based line of the log completing it.
    pub line: usize,
    pub player: usize,
    pub goal_play: bool,
    /// The play in words (a bonus move first when there was one).
    pub mv: String,
    /// The mat right after it (notation.md position JSON, edition 1969).
    pub position_after: serde_json::Value,
    /// A Solution with at most one more cube from Resources (Sol≤1), if any.
    pub one_more_solution: Option<String>,
    /// Whether a Solution can still be built however the Resources are
    /// played (Sol\*, the P-claim kept).
    pub possible: bool,
    /// The claims a challenge right after this play would have won.
    pub correct_claims: Vec<Claim>,
    /// The Flub it was: `a`, `p`, `c_from_a` or `c_from_p` (its own A or P
    /// violation first; a C-claim Flub when the previous play was a Flub),
    /// or `null` for a sound play.
    pub flub: Option<Claim>,
    /// For a C-claim Flub: the index into `moves` of the A or P Flub that
    /// began the chain.
    pub chain_head: Option<usize>,
    /// For an A-claim Flub: the alternative play the Challenger could show
    /// (3.7 comment 3), as the log's `alternative` object; for a C-claim from
    /// A, the alternative to the play that began the chain (`play` set).
    pub alternative: Option<Alternative>,
    /// The alternative in words (cube faces as 1969 prints them).
    pub alternative_text: Option<String>,
    /// For a Flub: what would have been better, in words.
    pub better: Option<String>,
}

/// A Flub nobody challenged.
#[derive(Clone, Debug, Serialize)]
pub struct MissedChallenge1969 {
    pub play: u32,
    /// Index into `moves` of the play that could have been challenged;
    /// `null` for a "No Goal".
    pub after_move: Option<usize>,
    /// The claims that would have won.
    pub claims: Vec<Claim>,
    /// Every player but the Mover: each could have challenged, "whether or
    /// not it is your turn" (3.6).
    pub players: Vec<usize>,
}

/// A challenge made (3.6), judged.
#[derive(Clone, Debug, Serialize)]
pub struct ChallengeReview1969 {
    pub play: u32,
    pub line: usize,
    /// The Challenger (after a coin toss between simultaneous challengers,
    /// the winner of it, 3.6 comment 2).
    pub challenger: usize,
    pub mover: usize,
    pub claim: Claim,
    /// Index into `moves` of the play challenged; `null` for "No Goal".
    pub against_move: Option<usize>,
    /// Whether the claim was true (the review's judgement, M69 3.5).
    pub correct: bool,
    /// The proof the side with the burden could write (3.7): a Solution
    /// (after a No-Goal challenge prefixed by its Goal), if one exists.
    pub proof: Option<String>,
    /// The alternative play an A- or C-from-A Challenger could show.
    pub alternative: Option<Alternative>,
    /// Whether the game scored the Challenger Correct (3.8), when the play
    /// was scored.
    pub game_challenger_won: Option<bool>,
    /// The points of the play as the game scored them (3.9).
    pub points: Option<Vec<i32>>,
    /// Whether the review and the game agree (`null` while unscored).
    pub agrees: Option<bool>,
}

/// An assertion (3.2, 3.10 A), judged.
#[derive(Clone, Debug, Serialize)]
pub struct AssertionReview1969 {
    pub play: u32,
    pub line: usize,
    pub player: usize,
    /// Whether a Solution with at most one more cube existed (editions.md Q25).
    pub correct: bool,
    pub witness: Option<String>,
    /// The points of the play as the game scored them (3.10 A).
    pub points: Option<Vec<i32>>,
}

/// A Goal set or "No Goal" said (3.1), judged.
#[derive(Clone, Debug, Serialize)]
pub struct GoalReview1969 {
    pub play: u32,
    pub line: usize,
    pub player: usize,
    /// The Goal, or `"No Goal"`.
    pub goal: String,
    /// For a Goal: a Solution can be built from the Resources (the P-claim
    /// kept). For "No Goal": whether some allowed Goal had one (then "No
    /// Goal" was a Flub).
    pub possible: bool,
    /// For a Goal: possible and no Solution with at most one more cube (both
    /// the A- and P-claims kept).
    pub safe: bool,
    /// Every Goal the numeral cubes allowed (one per distinct value set).
    pub allowed: Vec<GoalChoice1969>,
    pub possible_count: usize,
    pub safe_count: usize,
}

#[derive(Clone, Debug, Serialize)]
pub struct GoalChoice1969 {
    pub goal: String,
    pub values: Vec<i64>,
    pub possible: bool,
    pub safe: bool,
}

/// Per-player tallies of a 1969 game.
#[derive(Clone, Debug, Default, Serialize)]
pub struct PlayerSummary1969 {
    pub name: String,
    /// Plays completed (Goals and moves).
    pub moves: usize,
    pub sound_moves: usize,
    pub flubs: usize,
    pub missed_chances: usize,
    pub correct_challenges: usize,
    pub incorrect_challenges: usize,
    pub correct_assertions: usize,
    pub incorrect_assertions: usize,
    /// Good decisions in percent (sound plays, correct challenges and
    /// assertions) over all decisions (plays, challenges, assertions and
    /// chances missed); `null` with no decision.
    pub accuracy: Option<f64>,
    /// The player's total score (3.9, 3.10, 3.11).
    pub score: i32,
}

impl Review1969 {
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::to_value(self).expect("reviews serialize")
    }
}

/// Whether `text` is a 1969 game log: its first line's `format`.
pub fn is_1969_log(text: &str) -> bool {
    text.lines()
        .find(|l| !l.trim().is_empty())
        .and_then(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .and_then(|v| v.get("format").and_then(|f| f.as_str()).map(String::from))
        .is_some_and(|f| f == FORMAT_1969)
}

fn json_of(p: &Position) -> serde_json::Value {
    serde_json::from_str(&p.to_json()).unwrap_or(serde_json::Value::Null)
}

fn face(g: &Game, id: u8) -> String {
    g.cubes()
        .get(id as usize)
        .map(|c| face_1969(c.face))
        .unwrap_or_else(|| "?".into())
}

/// An alternative in words.
fn alternative_text(g: &Game, alt: &Alternative) -> String {
    let mut s = String::new();
    if let Some(b) = alt.bonus {
        s.push_str(&format!("bonus {} → Forbidden, then ", face(g, b)));
    }
    if let Some(goal) = &alt.goal {
        s.push_str(&format!("Goal {goal}"));
    } else if let (Some(c), Some(to)) = (alt.cube, alt.to) {
        s.push_str(&format!("{} → {}", face(g, c), to.name()));
    }
    s
}

/// The numeral cubes in Resources before play `k` of the round.
fn digits_before(g: &Game, k: usize) -> Vec<u8> {
    let Some(r) = g.plays().get(k) else {
        return Vec::new();
    };
    g.cubes()
        .iter()
        .zip(&r.before)
        .filter(|(c, at)| c.family == Family::Digit && **at == Place::Resources)
        .filter_map(|(c, _)| match c.face {
            onsets_core::Symbol::Digit(d) => Some(d),
            _ => None,
        })
        .collect()
}

/// Every play that could have been made instead of play `k` of the round
/// (editions.md Q21): another Goal for the Goal-setting play, any cube to any
/// section for a move; first without a bonus move, then with each possible
/// bonus cube.
fn alternatives(g: &Game, k: usize) -> Vec<Alternative> {
    let Some(r) = g.plays().get(k) else {
        return Vec::new();
    };
    let in_res: Vec<u8> = g
        .cubes()
        .iter()
        .zip(&r.before)
        .filter(|(_, at)| **at == Place::Resources)
        .map(|(c, _)| c.id)
        .collect();
    let mut bonuses: Vec<Option<u8>> = vec![None];
    bonuses.extend(in_res.iter().map(|&b| Some(b)));
    let mut out = Vec::new();
    if r.goal_play {
        let mut seen: Vec<Vec<i64>> = Vec::new();
        let goals: Vec<String> = goal_layouts(&digits_before(g, k))
            .into_iter()
            .filter(|goal| {
                let v = goal.legal_values(false);
                let fresh = !v.is_empty() && !seen.contains(&v);
                seen.push(v);
                fresh
            })
            .map(|goal| goal.to_string())
            .collect();
        for bonus in bonuses {
            for goal in &goals {
                out.push(Alternative {
                    play: Some(k),
                    bonus,
                    goal: Some(goal.clone()),
                    ..Alternative::default()
                });
            }
        }
    } else {
        for bonus in bonuses {
            for &c in &in_res {
                if Some(c) == bonus || g.cubes()[c as usize].family == Family::Digit {
                    continue;
                }
                for to in [Place::Forbidden, Place::Permitted, Place::Required] {
                    out.push(Alternative {
                        play: Some(k),
                        bonus,
                        cube: Some(c),
                        to: Some(to),
                        goal: None,
                    });
                }
            }
        }
    }
    out
}

/// The first alternative to play `k` whose mat passes `keep`.
fn find_alternative(
    g: &Game,
    k: usize,
    claims: &mut ExactClaims,
    keep: impl Fn(&mut ExactClaims, &Position) -> bool,
) -> Option<Alternative> {
    let mut seen = std::collections::HashSet::new();
    for alt in alternatives(g, k) {
        let Ok(y) = g.alternative_position(k, &alt) else {
            continue;
        };
        if !seen.insert(onsets_solver::claims::mat_key(&y)) {
            continue;
        }
        if keep(claims, &y) {
            return Some(alt);
        }
    }
    None
}

/// A challenge waiting for its play to be scored.
struct Pending {
    challenge: usize,
}

struct Walker {
    claims: ExactClaims,
    review: Review1969,
    /// Index into `moves` of the first play of the current round.
    round_start: usize,
    /// The play whose challenge window is open (index into `moves`).
    open: Option<usize>,
    /// A "No Goal" whose challenge window is open: (goal review index,
    /// whether it was a Flub).
    open_no_goal: Option<bool>,
    pending_challenge: Option<Pending>,
    pending_assertion: Option<usize>,
}

impl Walker {
    fn judge_play(&mut self, g: &Game, line: usize, mv: String) {
        let k = g.plays().len() - 1;
        let record = &g.plays()[k];
        let x = g.position_after(k).unwrap_or_else(|| g.position());
        let one = self.claims.solution(&x, Allowance::AtMostOne);
        let possible = one.is_some() || self.claims.possible(&x);
        let mut correct = Vec::new();
        let mut flub = None;
        let mut alternative = None;
        let mut better = None;
        if !possible {
            correct.push(Claim::P);
            flub = Some(Claim::P);
            let alt = find_alternative(g, k, &mut self.claims, |c, y| c.safe(y))
                .or_else(|| find_alternative(g, k, &mut self.claims, |c, y| c.possible(y)));
            better = Some(match &alt {
                Some(a) => format!("{} (a Solution stays possible)", alternative_text(g, a)),
                None => "no play kept a Solution possible".into(),
            });
        } else if one.is_some() {
            if let Some(a) = find_alternative(g, k, &mut self.claims, |c, y| c.safe(y)) {
                correct.push(Claim::A);
                flub = Some(Claim::A);
                better = Some(format!(
                    "{} (no Solution with one more cube, one still possible)",
                    alternative_text(g, &a)
                ));
                alternative = Some(a);
            }
        }
        // The C-claim (3.5 C, comment 3): the previous play of the round was
        // a Flub, and this player moved instead of challenging it.
        let idx = self.review.moves.len();
        let mut chain_head = None;
        if k >= 1 && idx > self.round_start {
            let prev = &self.review.moves[idx - 1];
            if prev.flub.is_some() {
                let head = prev.chain_head.unwrap_or(idx - 1);
                let stem = self.review.moves[head].flub;
                chain_head = Some(head);
                match stem {
                    Some(Claim::A) if one.is_some() => {
                        correct.push(Claim::CFromA);
                        if alternative.is_none() {
                            alternative = self.review.moves[head].alternative.clone();
                        }
                    }
                    Some(Claim::P) => correct.push(Claim::CFromP),
                    _ => {}
                }
                if flub.is_none() {
                    flub = Some(if stem == Some(Claim::P) {
                        Claim::CFromP
                    } else {
                        Claim::CFromA
                    });
                    better = Some(format!(
                        "challenge play {} instead of moving ({} Flub)",
                        idx - 1 - self.round_start,
                        prev.flub.map(Claim::name).unwrap_or("a")
                    ));
                }
            }
        }
        if flub != Some(Claim::CFromA) && flub != Some(Claim::CFromP) {
            chain_head = None;
        }
        let alt_text = alternative.as_ref().map(|a| alternative_text(g, a));
        self.review.moves.push(MoveReview1969 {
            play: g.play(),
            index: k,
            line,
            player: record.mover,
            goal_play: record.goal_play,
            mv,
            position_after: json_of(&x),
            one_more_solution: one,
            possible,
            correct_claims: correct,
            flub,
            chain_head,
            alternative,
            alternative_text: alt_text,
            better,
        });
        self.open = Some(idx);
    }

    /// The challenge window of the last play closes without a challenge.
    fn close_window(&mut self, n: usize) {
        if let Some(i) = self.open.take() {
            let m = &self.review.moves[i];
            if !m.correct_claims.is_empty() {
                self.review.missed_challenges.push(MissedChallenge1969 {
                    play: m.play,
                    after_move: Some(i),
                    claims: m.correct_claims.clone(),
                    players: (0..n).filter(|&p| p != m.player).collect(),
                });
            }
        }
    }

    fn judge_goal(&mut self, g: &Game, line: usize, player: usize, goal: Option<&str>) {
        let digits = g.digits_in_resources();
        let mut allowed = Vec::new();
        let mut seen: Vec<Vec<i64>> = Vec::new();
        for layout in goal_layouts(&digits) {
            let values = layout.legal_values(false);
            if values.is_empty() || seen.contains(&values) {
                continue;
            }
            seen.push(values.clone());
            let text = layout.to_string();
            let Ok(y) = g.position_with_goal(&text) else {
                continue;
            };
            let possible = self.claims.possible(&y);
            let safe = possible && !self.claims.within_one(&y);
            allowed.push(GoalChoice1969 {
                goal: text,
                values,
                possible,
                safe,
            });
        }
        let possible_count = allowed.iter().filter(|c| c.possible).count();
        let safe_count = allowed.iter().filter(|c| c.safe).count();
        let (goal, possible, safe) = match goal {
            Some(t) => match g.position_with_goal(t) {
                Ok(y) => {
                    let possible = self.claims.possible(&y);
                    let safe = possible && !self.claims.within_one(&y);
                    (t.to_string(), possible, safe)
                }
                Err(_) => (t.to_string(), false, false),
            },
            None => ("No Goal".to_string(), possible_count > 0, false),
        };
        self.review.goals.push(GoalReview1969 {
            play: g.play(),
            line,
            player,
            goal,
            possible,
            safe,
            allowed,
            possible_count,
            safe_count,
        });
    }

    /// Judges a challenge of `claim` made now against the last play (or "No
    /// Goal").
    fn judge_challenge(
        &mut self,
        g: &Game,
        line: usize,
        challenger: usize,
        mover: usize,
        claim: Claim,
    ) {
        let (against_move, correct, proof, alternative) = if claim == Claim::NoGoal {
            let found = self
                .claims
                .goal_with_solution(&g.position(), &g.digits_in_resources());
            (
                None,
                found.is_some(),
                found.map(|(goal, s)| format!("Goal {goal}: {s}")),
                None,
            )
        } else {
            let i = self.review.moves.len().checked_sub(1);
            let m = i.map(|i| &self.review.moves[i]);
            let correct = m.is_some_and(|m| m.correct_claims.contains(&claim));
            let x = g.position();
            let proof = self.claims.solution(&x, claim.allowance());
            let alternative = if claim.needs_alternative() {
                m.and_then(|m| m.alternative.clone())
            } else {
                None
            };
            (i, correct, proof, alternative)
        };
        self.review.challenges.push(ChallengeReview1969 {
            play: g.play(),
            line,
            challenger,
            mover,
            claim,
            against_move,
            correct,
            proof,
            alternative,
            game_challenger_won: None,
            points: None,
            agrees: None,
        });
    }

    fn scored(&mut self, scores: &[i32]) {
        if let Some(p) = self.pending_challenge.take() {
            let c = &mut self.review.challenges[p.challenge];
            let won = scores.get(c.challenger).is_some_and(|&s| s > 0);
            c.game_challenger_won = Some(won);
            c.points = Some(scores.to_vec());
            c.agrees = Some(won == c.correct);
        }
        if let Some(a) = self.pending_assertion.take() {
            self.review.assertions[a].points = Some(scores.to_vec());
        }
        self.open = None;
        self.open_no_goal = None;
        self.round_start = self.review.moves.len();
    }
}

/// The play of an act in words (cube faces as 1969 prints them).
fn play_text(g: &Game, act: &Act1969, bonus: Option<u8>) -> String {
    let mut s = String::new();
    if let Some(b) = bonus {
        s.push_str(&format!("bonus {} → Forbidden, then ", face(g, b)));
    }
    match act {
        Act1969::Move { cube, to, .. } => {
            s.push_str(&format!("{} → {}", face(g, *cube), to.name()))
        }
        Act1969::SetGoal { goal, .. } => s.push_str(&format!("Goal {goal}")),
        _ => {}
    }
    s
}

/// Reviews a 1969 game log (`onsets-1969/1`, docs/editions.md).
pub fn review_1969(text: &str) -> Result<Review1969, ReviewError> {
    let (i, header, lines) = crate::read_log::<Header1969>(text, FORMAT_1969, |h| &h.format)?;
    let players = header.config.players.clone();
    let (mut g, _) = Game::new(header).map_err(|r| rejected(i + 1, r))?;
    let n = g.n();
    let mut w = Walker {
        claims: ExactClaims::new(),
        review: Review1969 {
            edition: "1969",
            form: g.form().name(),
            players: players.clone(),
            moves: Vec::new(),
            missed_challenges: Vec::new(),
            challenges: Vec::new(),
            assertions: Vec::new(),
            goals: Vec::new(),
            score_sheet: Vec::new(),
            totals: Vec::new(),
            finished: false,
            summary: Vec::new(),
        },
        round_start: 0,
        open: None,
        open_no_goal: None,
        pending_challenge: None,
        pending_assertion: None,
    };
    for (i, text) in lines {
        let line = i + 1;
        let action: Action1969 =
            serde_json::from_str(text).map_err(|e| ReviewError::Unreadable {
                line,
                message: e.to_string(),
            })?;
        let before = g.clone();
        let bonus_before = match before.phase() {
            Phase1969::Goal { bonus } | Phase1969::Moves { bonus, .. } => *bonus,
            _ => None,
        };
        // Judged on the mat before the act.
        match &action.act {
            Act1969::SetGoal { player, goal } => {
                w.judge_goal(&before, line, *player, Some(goal));
            }
            Act1969::DeclareNoGoal { player } => {
                w.judge_goal(&before, line, *player, None);
            }
            _ => {}
        }
        let (next, events) = before
            .apply_with(action.clone(), &mut w.claims)
            .map_err(|r| rejected(line, r))?;
        g = next;
        let plays_before = before.plays().len();
        let new_round = g.play() != before.play();
        for e in &events {
            match e {
                Event1969::NoGoalDeclared { .. } => {
                    let flub = w.review.goals.last().is_some_and(|x| x.possible);
                    w.open_no_goal = Some(flub);
                }
                Event1969::Challenged {
                    player,
                    claim,
                    against,
                } => {
                    w.open = None;
                    w.open_no_goal = None;
                    // A second, simultaneous challenge replaces the first
                    // (3.6 comment 2): the coin's winner is the Challenger.
                    if let Some(p) = w.pending_challenge.take() {
                        w.review.challenges.truncate(p.challenge);
                    }
                    w.judge_challenge(&before, line, *player, *against, *claim);
                    w.pending_challenge = Some(Pending {
                        challenge: w.review.challenges.len() - 1,
                    });
                }
                Event1969::Asserted { player } => {
                    w.close_window(n);
                    let x = before.position();
                    let witness = w.claims.solution(&x, Allowance::AtMostOne);
                    w.review.assertions.push(AssertionReview1969 {
                        play: before.play(),
                        line,
                        player: *player,
                        correct: witness.is_some(),
                        witness,
                        points: None,
                    });
                    w.pending_assertion = Some(w.review.assertions.len() - 1);
                }
                Event1969::BonusMove { .. } | Event1969::Moved { .. } => {
                    w.close_window(n);
                }
                Event1969::NoGoalAccepted { .. } => {}
                Event1969::PlayScored { scores, .. } => {
                    if let Some(true) = w.open_no_goal {
                        if w.pending_challenge.is_none() {
                            w.review.missed_challenges.push(MissedChallenge1969 {
                                play: before.play(),
                                after_move: None,
                                claims: vec![Claim::NoGoal],
                                players: (0..n).filter(|&p| p != before.shaker()).collect(),
                            });
                        }
                    }
                    w.scored(scores);
                }
                _ => {}
            }
        }
        // A play completed by this act (3.1, 3.2): judged on the state right
        // after it, before any later act ends the round.
        if !new_round && g.plays().len() > plays_before {
            let mv = play_text(&before, &action.act, bonus_before);
            w.judge_play(&g, line, mv);
        }
    }
    w.review.score_sheet = g.history().to_vec();
    w.review.totals = g.totals();
    w.review.finished = g.is_over();
    w.review.summary = summarize(&w.review);
    Ok(w.review)
}

fn summarize(r: &Review1969) -> Vec<PlayerSummary1969> {
    let mut s: Vec<PlayerSummary1969> = r
        .players
        .iter()
        .enumerate()
        .map(|(p, name)| PlayerSummary1969 {
            name: name.clone(),
            score: r.totals.get(p).copied().unwrap_or(0),
            ..PlayerSummary1969::default()
        })
        .collect();
    for m in &r.moves {
        if let Some(x) = s.get_mut(m.player) {
            x.moves += 1;
            if m.flub.is_some() {
                x.flubs += 1;
            } else {
                x.sound_moves += 1;
            }
        }
    }
    for mc in &r.missed_challenges {
        for &p in &mc.players {
            if let Some(x) = s.get_mut(p) {
                x.missed_chances += 1;
            }
        }
    }
    for c in &r.challenges {
        if let Some(x) = s.get_mut(c.challenger) {
            if c.correct {
                x.correct_challenges += 1;
            } else {
                x.incorrect_challenges += 1;
            }
        }
    }
    for a in &r.assertions {
        if let Some(x) = s.get_mut(a.player) {
            if a.correct {
                x.correct_assertions += 1;
            } else {
                x.incorrect_assertions += 1;
            }
        }
    }
    for x in &mut s {
        let good = x.sound_moves + x.correct_challenges + x.correct_assertions;
        let all = x.moves
            + x.correct_challenges
            + x.incorrect_challenges
            + x.correct_assertions
            + x.incorrect_assertions
            + x.missed_chances;
        x.accuracy = (all > 0).then(|| 100.0 * good as f64 / all as f64);
    }
    s
}

fn claims_text(c: &[Claim]) -> String {
    c.iter().map(|c| c.name()).collect::<Vec<_>>().join(", ")
}

impl std::fmt::Display for Review1969 {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let name = |p: usize| self.players.get(p).map(String::as_str).unwrap_or("?");
        let mut rounds: Vec<u32> = self
            .moves
            .iter()
            .map(|m| m.play)
            .chain(self.goals.iter().map(|g| g.play))
            .collect();
        rounds.sort_unstable();
        rounds.dedup();
        writeln!(
            f,
            "1969 ON-SETS ({}), reviewed by the Flub claims (M69 3.5)",
            self.form
        )?;
        for round in rounds {
            writeln!(f, "Play {round}")?;
            for g in self.goals.iter().filter(|g| g.play == round) {
                let allowed = format!(
                    "{} of {} allowed Goals possible, {} safe",
                    g.possible_count,
                    g.allowed.len(),
                    g.safe_count
                );
                if g.goal == "No Goal" {
                    writeln!(
                        f,
                        "  {} said No Goal: {} ({allowed})",
                        name(g.player),
                        if g.possible { "a FLUB" } else { "right" }
                    )?;
                } else {
                    writeln!(
                        f,
                        "  Goal {} set by {}: {} ({allowed})",
                        g.goal,
                        name(g.player),
                        if g.safe {
                            "safe"
                        } else if g.possible {
                            "allows a Solution with one more cube"
                        } else {
                            "NO Solution possible"
                        }
                    )?;
                }
            }
            for (i, m) in self
                .moves
                .iter()
                .enumerate()
                .filter(|(_, m)| m.play == round)
            {
                let mark = match m.flub {
                    None => "sound".to_string(),
                    Some(c) => format!("FLUB ({})", c.name()),
                };
                writeln!(f, "  {:>3}. {} {}: {mark}", i + 1, name(m.player), m.mv)?;
                if let Some(b) = &m.better {
                    writeln!(f, "       better: {b}")?;
                }
                if let (Some(Claim::A), Some(s)) = (m.flub, &m.one_more_solution) {
                    writeln!(f, "       Solution with one more cube: {s}")?;
                }
                for x in self
                    .missed_challenges
                    .iter()
                    .filter(|x| x.after_move == Some(i))
                {
                    writeln!(
                        f,
                        "       missed: a challenge ({}) would have won",
                        claims_text(&x.claims)
                    )?;
                }
            }
            for _ in self
                .missed_challenges
                .iter()
                .filter(|x| x.play == round && x.after_move.is_none())
            {
                writeln!(f, "  missed: a No-Goal challenge would have won")?;
            }
            for c in self.challenges.iter().filter(|c| c.play == round) {
                let game = match (c.game_challenger_won, c.agrees) {
                    (Some(won), Some(true)) => {
                        format!("; the game agreed ({})", if won { "won" } else { "lost" })
                    }
                    (Some(won), _) => format!(
                        "; the game scored it {} (the proof written decided)",
                        if won { "won" } else { "lost" }
                    ),
                    _ => String::new(),
                };
                writeln!(
                    f,
                    "  {} challenged {} ({}): {}{game}",
                    name(c.challenger),
                    name(c.mover),
                    c.claim.name(),
                    if c.correct { "correct" } else { "incorrect" }
                )?;
            }
            for a in self.assertions.iter().filter(|a| a.play == round) {
                writeln!(
                    f,
                    "  {} asserted a Solution with one more cube: {}",
                    name(a.player),
                    if a.correct { "correct" } else { "incorrect" }
                )?;
            }
            if let Some(line) = self.score_sheet.iter().find(|l| l.play == round) {
                let pts: Vec<String> = line
                    .points
                    .iter()
                    .enumerate()
                    .map(|(p, pts)| format!("{} {pts}", name(p)))
                    .collect();
                writeln!(
                    f,
                    "  scored: {} ({})",
                    pts.join(", "),
                    onsets_engine::manual1969::seats_named(&line.note, &self.players)
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
                "  {}: score {}, accuracy {acc}, {} plays, {} flubs, {} missed chances, {} correct and {} incorrect challenges, {} correct and {} incorrect assertions",
                s.name,
                s.score,
                s.moves,
                s.flubs,
                s.missed_chances,
                s.correct_challenges,
                s.incorrect_challenges,
                s.correct_assertions,
                s.incorrect_assertions
            )?;
        }
        if !self.finished {
            writeln!(f, "(the log ends before the game does)")?;
        }
        Ok(())
    }
}

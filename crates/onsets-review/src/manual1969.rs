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
//! The plays are the report's moves, the claims its challenges, in the one
//! [`Review`] of every edition (`crate::report`).
//!
//! Challenges made are judged by the same tests and set beside the points
//! the game gave (`game_challenger_won`): the two differ only when the side
//! with the burden did not write the proof that existed, or when the game
//! sustained a claim the manual's reading does not (`agrees: false` says so).

use crate::report::*;
use crate::{rejected, ReviewError};
use onsets_core::Position;
use onsets_engine::manual1969::{
    face_1969, seats_named, Act1969, Action1969, Allowance, Alternative, Claim, Claims, Event1969,
    ExactClaims, Game, Header1969, Phase1969, FORMAT_1969,
};
use onsets_engine::{Family, Place};
use onsets_solver::analysis::goal_layouts;

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
    review: Review,
    /// The 1969 part of the review, set into it at the end.
    game: Manual1969Game,
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
            let prev = self.review.moves[idx - 1].claims().cloned();
            if let Some(prev) = prev.filter(|p| p.flub.is_some()) {
                let head = prev.chain_head.unwrap_or(idx - 1);
                let head_verdict = self.review.moves[head].claims();
                let stem = head_verdict.and_then(|h| h.flub);
                chain_head = Some(head);
                match stem {
                    Some(Claim::A) if one.is_some() => {
                        correct.push(Claim::CFromA);
                        if alternative.is_none() {
                            alternative = head_verdict.and_then(|h| h.alternative.clone());
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
        self.review.moves.push(MoveReview {
            round: Round::Play { play: g.play() },
            line,
            player: record.mover,
            mv,
            position_after: json_of(&x),
            verdict: MoveVerdict::Manual1969(Box::new(ClaimsVerdict {
                index: k,
                goal_play: record.goal_play,
                one_more_solution: one,
                possible,
                correct_claims: correct,
                flub,
                chain_head,
                alternative,
                alternative_text: alt_text,
                better,
            })),
        });
        self.open = Some(idx);
    }

    /// The challenge window of the last play closes without a challenge.
    fn close_window(&mut self, n: usize) {
        if let Some(i) = self.open.take() {
            let m = &self.review.moves[i];
            let claims = m.claims().map(|c| c.correct_claims.clone());
            if let Some(claims) = claims.filter(|c| !c.is_empty()) {
                self.review.missed_challenges.push(MissedChallenge {
                    round: m.round,
                    after_move: Some(i),
                    players: (0..n).filter(|&p| p != m.player).collect(),
                    chance: Chance::Manual1969 { claims },
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
            allowed.push(GoalChoice {
                goal: text,
                values,
                verdict: GoalVerdict::Manual1969 {
                    possible,
                    safe,
                    possible_count: None,
                    safe_count: None,
                },
            });
        }
        let count = |f: fn(&GoalVerdict) -> bool| allowed.iter().filter(|c| f(&c.verdict)).count();
        let possible_count = count(|v| matches!(v, GoalVerdict::Manual1969 { possible: true, .. }));
        let safe_count = count(|v| matches!(v, GoalVerdict::Manual1969 { safe: true, .. }));
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
        self.review.goals.push(GoalReview {
            round: Round::Play { play: g.play() },
            line,
            player,
            goal,
            verdict: GoalVerdict::Manual1969 {
                possible,
                safe,
                possible_count: Some(possible_count),
                safe_count: Some(safe_count),
            },
            allowed,
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
            let m = i.and_then(|i| self.review.moves[i].claims());
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
        self.review.challenges.push(ChallengeReview {
            round: Round::Play { play: g.play() },
            line,
            correct,
            made: ChallengeMade::Manual1969(Box::new(ClaimChallenge {
                challenger,
                mover,
                claim,
                against_move,
                proof,
                alternative,
                game_challenger_won: None,
                points: None,
                agrees: None,
            })),
        });
    }

    fn scored(&mut self, scores: &[i32]) {
        if let Some(p) = self.pending_challenge.take() {
            let c = &mut self.review.challenges[p.challenge];
            let correct = c.correct;
            if let ChallengeMade::Manual1969(x) = &mut c.made {
                let won = scores.get(x.challenger).is_some_and(|&s| s > 0);
                x.game_challenger_won = Some(won);
                x.points = Some(scores.to_vec());
                x.agrees = Some(won == correct);
            }
        }
        if let Some(a) = self.pending_assertion.take() {
            self.game.assertions[a].points = Some(scores.to_vec());
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

/// Reviews a 1969 game log (`onsets-1969/1`, docs/editions.md) into the one
/// report of every edition.
pub(crate) fn review_game(text: &str) -> Result<Review, ReviewError> {
    let (i, header, lines) = crate::read_log::<Header1969>(text, FORMAT_1969, |h| &h.format)?;
    let players = header.config.players.clone();
    let (mut g, _) = Game::new(header).map_err(|r| rejected(i + 1, r))?;
    let mut w = Walker {
        claims: ExactClaims::new(),
        review: Review {
            rules: Rules::Tournament {},
            players,
            moves: Vec::new(),
            missed_challenges: Vec::new(),
            challenges: Vec::new(),
            goals: Vec::new(),
            summary: Vec::new(),
        },
        game: Manual1969Game {
            edition: "1969",
            form: g.form().name(),
            assertions: Vec::new(),
            score_sheet: Vec::new(),
            totals: Vec::new(),
            finished: false,
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
        g = w.step(&g, line, action)?;
    }
    // The score sheet's notes name the players (M69 3.8), never `player 0`.
    w.game.score_sheet = g
        .history()
        .iter()
        .map(|l| {
            let mut l = l.clone();
            l.note = seats_named(&l.note, &w.review.players);
            l
        })
        .collect();
    w.game.totals = g.totals();
    w.game.finished = g.is_over();
    w.review.rules = Rules::Manual1969(Box::new(w.game));
    w.review.summary = w.review.summarize();
    Ok(w.review)
}

impl Walker {
    /// Applies one act to `before`, judging the Goal on the mat before it
    /// and the play it completes on the mat right after it.
    fn step(
        &mut self,
        before: &Game,
        line: usize,
        action: Action1969,
    ) -> Result<Game, ReviewError> {
        let bonus_before = match before.phase() {
            Phase1969::Goal { bonus } | Phase1969::Moves { bonus, .. } => *bonus,
            _ => None,
        };
        match &action.act {
            Act1969::SetGoal { player, goal } => {
                self.judge_goal(before, line, *player, Some(goal));
            }
            Act1969::DeclareNoGoal { player } => {
                self.judge_goal(before, line, *player, None);
            }
            _ => {}
        }
        let (g, events) = before
            .apply_with(action.clone(), &mut self.claims)
            .map_err(|r| rejected(line, r))?;
        for e in &events {
            self.event(before, line, e);
        }
        // A play completed by this act (3.1, 3.2): judged on the state right
        // after it, before any later act ends the round; its words use the
        // faces of this play's roll.
        let new_round = g.play() != before.play();
        if !new_round && g.plays().len() > before.plays().len() {
            let mv = play_text(before, &action.act, bonus_before);
            self.judge_play(&g, line, mv);
        }
        Ok(g)
    }

    /// What one event of the act changes in the review.
    fn event(&mut self, before: &Game, line: usize, e: &Event1969) {
        let n = before.n();
        match e {
            Event1969::NoGoalDeclared { .. } => {
                let flub = self.review.goals.last().is_some_and(|x| {
                    matches!(x.verdict, GoalVerdict::Manual1969 { possible: true, .. })
                });
                self.open_no_goal = Some(flub);
            }
            Event1969::Challenged {
                player,
                claim,
                against,
            } => {
                self.open = None;
                self.open_no_goal = None;
                // A second, simultaneous challenge replaces the first (3.6
                // comment 2): the coin's winner is the Challenger.
                if let Some(p) = self.pending_challenge.take() {
                    self.review.challenges.truncate(p.challenge);
                }
                self.judge_challenge(before, line, *player, *against, *claim);
                self.pending_challenge = Some(Pending {
                    challenge: self.review.challenges.len() - 1,
                });
            }
            Event1969::Asserted { player } => {
                self.close_window(n);
                let x = before.position();
                let witness = self.claims.solution(&x, Allowance::AtMostOne);
                self.game.assertions.push(AssertionReview {
                    play: before.play(),
                    line,
                    player: *player,
                    correct: witness.is_some(),
                    witness,
                    points: None,
                });
                self.pending_assertion = Some(self.game.assertions.len() - 1);
            }
            Event1969::BonusMove { .. } | Event1969::Moved { .. } => self.close_window(n),
            Event1969::PlayScored { scores, .. } => {
                if self.open_no_goal == Some(true) && self.pending_challenge.is_none() {
                    self.review.missed_challenges.push(MissedChallenge {
                        round: Round::Play {
                            play: before.play(),
                        },
                        after_move: None,
                        players: (0..n).filter(|&p| p != before.shaker()).collect(),
                        chance: Chance::Manual1969 {
                            claims: vec![Claim::NoGoal],
                        },
                    });
                }
                self.scored(scores);
            }
            _ => {}
        }
    }
}

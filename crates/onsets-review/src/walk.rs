//! Walking a 2026-27 or 2019-20 match log action by action through the
//! engine, judging each turn by the Now and Impossible challenges (V-A) and
//! each Goal against every Goal the digits allowed (III-B; docs/review.md).

use crate::report::*;
use crate::{rejected, ReviewError};
use onsets_core::{Goal, GoalDigit, GoalLayout, Position, Situation, Symbol};
use onsets_engine::{
    Act, Action, ChallengeKind, Event, Family, Header, Match, Phase, Place, FORMAT,
};
use onsets_solver::analysis::{
    achievable_goals_using, adjudicate_with, first_safe_move, no_goal_is_correct_using, Challenge,
    Class, MoveOptions,
};
use onsets_solver::Solver;

/// The mat as it stands, with the Goal on it, in situation Impossible
/// (Forceout when Resources holds no cube but digits).
fn mat(m: &Match) -> Option<Position> {
    let goal = m.goal()?.goal().ok()?;
    let p = m.position(Situation::Impossible, goal);
    if p.resources().iter().all(|s| s.is_digit()) {
        return p.with_situation(Situation::Forceout).ok();
    }
    Some(p)
}

fn face(m: &Match, id: u8) -> Option<Symbol> {
    m.cube(id).map(|c| c.face)
}

fn place_name(p: Place) -> &'static str {
    p.name()
}

fn placeholder() -> Goal {
    Goal::new(GoalLayout::Single(GoalDigit::new(1)))
}

/// The digit cubes in Resources (before the Goal is set, III-A).
fn rolled_digits(m: &Match) -> Vec<u8> {
    m.cubes()
        .iter()
        .filter(|c| c.family == Family::Digit && c.place == Place::Resources)
        .filter_map(|c| match c.face {
            Symbol::Digit(d) => Some(d),
            _ => None,
        })
        .collect()
}

/// The mat before the Goal is set, its digit cubes in Resources (as
/// `onsets_solver::analysis::goal_digits` reads them), situation Impossible.
fn with_digits(m: &Match) -> Position {
    let p = m.position(Situation::Impossible, placeholder());
    // The engine's digit cubes show 1–5 and the kit does not count them
    // (I-B-2): the position stays valid.
    p.edit(|s| {
        s.resources
            .extend(rolled_digits(m).into_iter().map(Symbol::Digit))
    })
    .unwrap_or(p)
}

/// The chance a move left open: (index into moves, kind, witness).
type Open = (usize, ChallengeKind, Option<String>);

/// The walk through a match: the engine's state, the report so far, and
/// what the turn in progress leaves open.
struct Walker {
    m: Match,
    out: Review,
    /// The position before the turn (before its bonus move) and the bonus face.
    turn_start: Option<(Position, Symbol)>,
    chance: Option<Open>,
    /// One solver for the whole match: its caches (the configurations
    /// proved to have no Solution, the criteria of the cards met) serve
    /// every later position; its answers and Solutions are those of a new
    /// solver (`onsets_solver::Solver`).
    solver: Solver,
}

/// Reviews a match log (JSON lines, docs/engine.md "Log schema").
pub(crate) fn review_match(text: &str) -> Result<Review, ReviewError> {
    let (i, header, lines) = crate::read_log::<Header>(text, FORMAT, |h| &h.format)?;
    let players = header.config.players.clone();
    let (m, _) = Match::new(header.config).map_err(|r| rejected(i + 1, r))?;
    let mut w = Walker {
        m,
        out: Review {
            rules: Rules::Tournament {},
            players,
            moves: Vec::new(),
            missed_challenges: Vec::new(),
            challenges: Vec::new(),
            goals: Vec::new(),
            summary: Vec::new(),
        },
        turn_start: None,
        chance: None,
        solver: Solver::new(),
    };
    for (i, l) in lines {
        let line = i + 1;
        let a: Action = serde_json::from_str(l).map_err(|e| ReviewError::Unreadable {
            line,
            message: format!("not an action: {e}"),
        })?;
        w.step(line, a)?;
    }
    w.out.summary = w.out.summarize();
    Ok(w.out)
}

impl Walker {
    fn shake(&self) -> Round {
        Round::Shake {
            shake: self.m.shake(),
        }
    }

    /// Applies one action, judging what it does; the engine's verdict on
    /// the action is the review's (a refused action ends the review).
    fn step(&mut self, line: usize, a: Action) -> Result<(), ReviewError> {
        let in_moves = matches!(self.m.phase(), Phase::Moves { .. });
        match &a.act {
            Act::Move {
                cube,
                to,
                bonus: true,
                ..
            } if in_moves => {
                if let (Some(p), Some(f)) = (mat(&self.m), face(&self.m, *cube)) {
                    if *to == Place::Forbidden {
                        self.turn_start = Some((p, f));
                    }
                }
            }
            Act::Move { player, .. } | Act::Shift { player, .. } if in_moves => {
                return self.regular_move(line, *player, a);
            }
            Act::Challenge {
                player,
                kind: ChallengeKind::NoGoal,
            } => {
                // III-D-2: the challenge is right when some Goal the digits
                // allowed has a correct Solution from the Resources.
                let goal_correct =
                    !no_goal_is_correct_using(&mut self.solver, &with_digits(&self.m));
                self.challenge(line, *player, ChallengeKind::NoGoal, goal_correct, None);
            }
            Act::DeclareNoGoal { player } => {
                let before = with_digits(&self.m);
                let digits = rolled_digits(&self.m);
                let shake = self.shake();
                let mut g = judge_goal(
                    &mut self.solver,
                    (shake, line, *player),
                    None,
                    &before,
                    &digits,
                );
                g.goal = "no Goal".into();
                self.out.goals.push(g);
            }
            Act::Challenge { player, kind } => {
                self.chance = None;
                if let Some(p) = mat(&self.m) {
                    let c = match kind {
                        ChallengeKind::Now => Challenge::Now,
                        _ => Challenge::Impossible,
                    };
                    let adj = adjudicate_with(&mut self.solver, &p, c);
                    self.challenge(line, *player, *kind, adj.challenger_right, adj.witness);
                }
            }
            Act::SetGoal { player, .. } => {
                let digits = rolled_digits(&self.m);
                let shake = self.shake();
                let before = self.m.position(Situation::Impossible, placeholder());
                self.m = self.m.apply(a.clone()).map_err(|r| rejected(line, r))?.0;
                if let Some(g) = self.m.goal().and_then(|g| g.goal().ok()) {
                    let judged = judge_goal(
                        &mut self.solver,
                        (shake, line, *player),
                        Some(&g),
                        &before,
                        &digits,
                    );
                    self.out.goals.push(judged);
                }
                return Ok(());
            }
            _ => {}
        }
        self.apply_other(line, a)
    }

    fn challenge(
        &mut self,
        line: usize,
        player: usize,
        kind: ChallengeKind,
        correct: bool,
        witness: Option<String>,
    ) {
        self.out.challenges.push(ChallengeReview {
            round: self.shake(),
            line,
            correct,
            made: ChallengeMade::Tournament {
                player,
                kind,
                witness,
            },
        });
    }

    /// A regular move (IV-B) or a shift (XIII-A-7): a chance the previous
    /// move left open is missed, and the move is judged.
    fn regular_move(&mut self, line: usize, player: usize, a: Action) -> Result<(), ReviewError> {
        let n = self.out.players.len();
        if let Some((k, kind, witness)) = self.chance.take() {
            let mover = self.out.moves[k].player;
            self.out.missed_challenges.push(MissedChallenge {
                round: self.out.moves[k].round,
                after_move: Some(k),
                players: (0..n)
                    .filter(|&q| q != mover && self.m.is_seated(q))
                    .collect(),
                chance: Chance::Tournament { kind, witness },
            });
        }
        let (before, bonus) = match self.turn_start.take() {
            Some((p, b)) => (Some(p), Some(b)),
            None => (mat(&self.m), None),
        };
        let (cube, to, shift) = match &a.act {
            Act::Move { cube, to, .. } => (*cube, *to, false),
            Act::Shift { cube, to, .. } => (*cube, *to, true),
            _ => return Ok(()),
        };
        let f = face(&self.m, cube);
        self.m = self.m.apply(a).map_err(|r| rejected(line, r))?.0;
        let (Some(before), Some(f), Some(after)) = (before, f, mat(&self.m)) else {
            return Ok(());
        };
        let mv = format!(
            "{}{}{f} → {}",
            bonus
                .map(|b| format!("bonus {b} → Forbidden, then "))
                .unwrap_or_default(),
            if shift { "shift " } else { "" },
            place_name(to)
        );
        let index = self.out.moves.len();
        let round = self.shake();
        let judged = judge_move(
            &mut self.solver,
            JudgedMove {
                round,
                line,
                player,
                mv,
                index,
            },
            &before,
            &after,
            &mut self.chance,
        );
        self.out.moves.push(judged);
        Ok(())
    }

    /// Any other action, applied; a Goal set when the Goal-setter's time ran
    /// out is judged, and a shake that left the moves closes the chance.
    fn apply_other(&mut self, line: usize, a: Action) -> Result<(), ReviewError> {
        let m = &self.m;
        // 2019-20 III-B-2-c: an arrangement in the Goal section is set when
        // the Goal-setter's time runs out (on whatever action comes next);
        // it is judged as a Goal set by announcement is.
        let goal_before = matches!(m.phase(), Phase::Goal { .. }).then(|| {
            (
                self.shake(),
                rolled_digits(m),
                m.position(Situation::Impossible, placeholder()),
            )
        });
        let (next, events) = m.apply(a).map_err(|r| rejected(line, r))?;
        self.m = next;
        if let Some((shake, digits, before)) = goal_before {
            let by_time = events.iter().find_map(|e| match e {
                Event::GoalSetByTime { player } => Some(*player),
                _ => None,
            });
            if let (Some(player), Some(g)) = (by_time, self.m.goal().and_then(|g| g.goal().ok())) {
                let judged = judge_goal(
                    &mut self.solver,
                    (shake, line, player),
                    Some(&g),
                    &before,
                    &digits,
                );
                self.out.goals.push(judged);
            }
        }
        if !matches!(self.m.phase(), Phase::Moves { .. }) {
            // The shake left the moves without a challenge (the round ended):
            // the chance is gone, not missed.
            self.chance = None;
        }
        Ok(())
    }
}

/// Where a judged move stands in the log and the report.
struct JudgedMove {
    round: Round,
    line: usize,
    player: usize,
    mv: String,
    /// Its index into `moves`.
    index: usize,
}

fn judge_move(
    solver: &mut Solver,
    at: JudgedMove,
    before: &Position,
    after: &Position,
    chance: &mut Option<Open>,
) -> MoveReview {
    let index = at.index;
    let now = adjudicate_with(solver, after, Challenge::Now);
    // A Now that wins settles the class; Impossible is judged either way.
    let imp = adjudicate_with(solver, after, Challenge::Impossible);
    let class = if now.challenger_right {
        Class::NowWins
    } else if imp.challenger_right {
        Class::ImpossibleWins
    } else {
        Class::Safe
    };
    let best_alternative = if class == Class::Safe {
        None
    } else {
        // the first safe move of the classification's order: the turns
        // after it need not be classified
        first_safe_move(solver, before, MoveOptions { bonus: false }).map(|c| c.mv.to_string())
    };
    *chance = match class {
        Class::NowWins => Some((index, ChallengeKind::Now, now.witness.clone())),
        Class::ImpossibleWins => Some((index, ChallengeKind::Impossible, None)),
        Class::Safe => None,
    };
    let position_after = serde_json::from_str(&after.to_json()).unwrap_or(serde_json::Value::Null);
    MoveReview {
        round: at.round,
        line: at.line,
        player: at.player,
        mv: at.mv,
        position_after,
        verdict: MoveVerdict::Tournament(TournamentVerdict {
            now_correct: now.challenger_right,
            impossible_correct: imp.challenger_right,
            class: class.name(),
            witness: if class == Class::NowWins {
                now.witness
            } else {
                None
            },
            best_alternative,
        }),
    }
}

fn judge_goal(
    solver: &mut Solver,
    (round, line, player): (Round, usize, usize),
    goal: Option<&Goal>,
    before: &Position,
    digits: &[u8],
) -> GoalReview {
    let options = achievable_goals_using(solver, before, digits);
    let values = goal
        .map(|g| g.legal_values(onsets_core::InForce::of(before).absolute_value))
        .unwrap_or_default();
    let allowed: Vec<GoalChoice> = options
        .iter()
        .map(|o| GoalChoice {
            goal: o.goal.to_string(),
            values: o.values.clone(),
            verdict: GoalVerdict::Tournament {
                solvable: o.solvable(),
                solvable_count: None,
            },
        })
        .collect();
    // The Goal set is solvable when an allowed Goal with its values is.
    let solvable = options.iter().any(|o| o.values == values && o.solvable());
    let solvable_count = options.iter().filter(|o| o.solvable()).count();
    GoalReview {
        round,
        line,
        player,
        goal: goal.map(|g| g.to_string()).unwrap_or_default(),
        verdict: GoalVerdict::Tournament {
            solvable: goal.is_some() && solvable,
            solvable_count: Some(solvable_count),
        },
        allowed,
    }
}

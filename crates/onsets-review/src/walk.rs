//! Walking a log action by action through the engine, judging each turn.

use crate::rejected;
use crate::{
    ChallengeReview, GoalChoice, GoalReview, MissedChallenge, MoveReview, PlayerSummary, Review,
    ReviewError,
};
use onsets_core::{Goal, GoalDigit, GoalLayout, Position, Situation, Symbol};
use onsets_engine::{
    Act, Action, ChallengeKind, Event, Family, Header, Match, Phase, Place, FORMAT,
};
use onsets_solver::analysis::{
    achievable_goals_from, adjudicate, classify_moves_with, no_goal_is_correct, Challenge, Class,
    MoveOptions,
};

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
            .0
            .extend(rolled_digits(m).into_iter().map(Symbol::Digit))
    })
    .unwrap_or(p)
}

/// The chance a move left open: (index into moves, kind, witness).
type Chance = (usize, ChallengeKind, Option<String>);

/// Reviews a match log (JSON lines, docs/engine.md "Log schema").
pub fn review(text: &str) -> Result<Review, ReviewError> {
    let (i, header, lines) = crate::read_log::<Header>(text, FORMAT, |h| &h.format)?;
    let players = header.config.players.clone();
    let n = players.len();
    let (mut m, _) = Match::new(header.config).map_err(|r| rejected(i + 1, r))?;

    let mut out = Review {
        players: players.clone(),
        moves: Vec::new(),
        missed_challenges: Vec::new(),
        challenges: Vec::new(),
        goals: Vec::new(),
        summary: Vec::new(),
    };
    // The position before the turn (before its bonus move) and the bonus face.
    let mut turn_start: Option<(Position, Symbol)> = None;
    let mut chance: Option<Chance> = None;
    for (i, l) in lines {
        let line = i + 1;
        let a: Action = serde_json::from_str(l).map_err(|e| ReviewError::Unreadable {
            line,
            message: format!("not an action: {e}"),
        })?;
        let in_moves = matches!(m.phase(), Phase::Moves { .. });
        match &a.act {
            Act::Move {
                player,
                cube,
                to,
                bonus: true,
            } if in_moves => {
                if let (Some(p), Some(f)) = (mat(&m), face(&m, *cube)) {
                    if *to == Place::Forbidden {
                        turn_start = Some((p, f));
                    }
                }
                let _ = player;
            }
            Act::Move { player, .. } | Act::Shift { player, .. } if in_moves => {
                // Another move: a chance left open by the previous one is missed.
                if let Some((k, kind, witness)) = chance.take() {
                    let mover = out.moves[k].player;
                    out.missed_challenges.push(MissedChallenge {
                        shake: out.moves[k].shake,
                        after_move: k,
                        kind,
                        players: (0..n).filter(|&q| q != mover && m.is_seated(q)).collect(),
                        witness,
                    });
                }
                let (before, bonus) = match turn_start.take() {
                    Some((p, b)) => (Some(p), Some(b)),
                    None => (mat(&m), None),
                };
                let (cube, to, shift) = match &a.act {
                    Act::Move { cube, to, .. } => (*cube, *to, false),
                    Act::Shift { cube, to, .. } => (*cube, *to, true),
                    _ => unreachable!("matched above"),
                };
                let f = face(&m, cube);
                m = m.apply(a.clone()).map_err(|r| rejected(line, r))?.0;
                let (Some(before), Some(f), Some(after)) = (before, f, mat(&m)) else {
                    continue;
                };
                let mv = format!(
                    "{}{}{f} → {}",
                    bonus
                        .map(|b| format!("bonus {b} → Forbidden, then "))
                        .unwrap_or_default(),
                    if shift { "shift " } else { "" },
                    place_name(to)
                );
                out.moves.push(judge_move(
                    m.shake(),
                    line,
                    *player,
                    mv,
                    &before,
                    &after,
                    &mut chance,
                    out.moves.len(),
                ));
                continue;
            }
            Act::Challenge {
                player,
                kind: ChallengeKind::NoGoal,
            } => {
                // III-D-2: the challenge is right when some Goal the digits
                // allowed has a correct Solution from the Resources.
                let goal_correct = !no_goal_is_correct(&with_digits(&m));
                out.challenges.push(ChallengeReview {
                    shake: m.shake(),
                    line,
                    player: *player,
                    kind: ChallengeKind::NoGoal,
                    correct: goal_correct,
                    witness: None,
                });
            }
            Act::DeclareNoGoal { player } => {
                let before = with_digits(&m);
                let digits = rolled_digits(&m);
                let mut g = judge_goal(m.shake(), line, *player, None, &before, &digits);
                g.goal = "no Goal".into();
                out.goals.push(g);
            }
            Act::Challenge { player, kind } => {
                chance = None;
                if let Some(p) = mat(&m) {
                    let c = match kind {
                        ChallengeKind::Now => Challenge::Now,
                        _ => Challenge::Impossible,
                    };
                    let adj = adjudicate(&p, c);
                    out.challenges.push(ChallengeReview {
                        shake: m.shake(),
                        line,
                        player: *player,
                        kind: *kind,
                        correct: adj.challenger_right,
                        witness: adj.witness,
                    });
                }
            }
            Act::SetGoal { player, .. } => {
                let digits = rolled_digits(&m);
                let shake = m.shake();
                let before = m.position(Situation::Impossible, placeholder());
                m = m.apply(a.clone()).map_err(|r| rejected(line, r))?.0;
                if let Some(g) = m.goal().and_then(|g| g.goal().ok()) {
                    out.goals
                        .push(judge_goal(shake, line, *player, Some(&g), &before, &digits));
                }
                continue;
            }
            _ => {}
        }
        // 2019-20 III-B-2-c: an arrangement in the Goal section is set when
        // the Goal-setter's time runs out (on whatever action comes next);
        // it is judged as a Goal set by announcement is.
        let goal_before = matches!(m.phase(), Phase::Goal { .. }).then(|| {
            (
                m.shake(),
                rolled_digits(&m),
                m.position(Situation::Impossible, placeholder()),
            )
        });
        let (next, events) = m.apply(a).map_err(|r| rejected(line, r))?;
        m = next;
        if let Some((shake, digits, before)) = goal_before {
            let by_time = events.iter().find_map(|e| match e {
                Event::GoalSetByTime { player } => Some(*player),
                _ => None,
            });
            if let (Some(player), Some(g)) = (by_time, m.goal().and_then(|g| g.goal().ok())) {
                out.goals
                    .push(judge_goal(shake, line, player, Some(&g), &before, &digits));
            }
        }
        if !matches!(m.phase(), Phase::Moves { .. }) {
            // The shake left the moves without a challenge (the round ended):
            // the chance is gone, not missed.
            chance = None;
        }
    }
    out.summary = summarize(&out, n);
    Ok(out)
}

#[allow(clippy::too_many_arguments)]
fn judge_move(
    shake: u32,
    line: usize,
    player: usize,
    mv: String,
    before: &Position,
    after: &Position,
    chance: &mut Option<Chance>,
    index: usize,
) -> MoveReview {
    let now = adjudicate(after, Challenge::Now);
    // A Now that wins settles the class; Impossible is judged either way.
    let imp = adjudicate(after, Challenge::Impossible);
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
        classify_moves_with(before, MoveOptions { bonus: false })
            .into_iter()
            .find(|c| c.class == Class::Safe)
            .map(|c| c.mv.to_string())
    };
    *chance = match class {
        Class::NowWins => Some((index, ChallengeKind::Now, now.witness.clone())),
        Class::ImpossibleWins => Some((index, ChallengeKind::Impossible, None)),
        Class::Safe => None,
    };
    let position_after = serde_json::from_str(&after.to_json()).unwrap_or(serde_json::Value::Null);
    MoveReview {
        shake,
        line,
        player,
        mv,
        position_after,
        now_correct: now.challenger_right,
        impossible_correct: imp.challenger_right,
        class: class.name(),
        witness: if class == Class::NowWins {
            now.witness
        } else {
            None
        },
        best_alternative,
    }
}

fn judge_goal(
    shake: u32,
    line: usize,
    player: usize,
    goal: Option<&Goal>,
    before: &Position,
    digits: &[u8],
) -> GoalReview {
    let options = achievable_goals_from(before, digits);
    let values = goal
        .map(|g| g.legal_values(onsets_core::InForce::of(before).absolute_value))
        .unwrap_or_default();
    let allowed: Vec<GoalChoice> = options
        .iter()
        .map(|o| GoalChoice {
            goal: o.goal.to_string(),
            values: o.values.clone(),
            solvable: o.solvable(),
        })
        .collect();
    // The Goal set is solvable when an allowed Goal with its values is.
    let solvable = options.iter().any(|o| o.values == values && o.solvable());
    GoalReview {
        shake,
        line,
        player,
        goal: goal.map(|g| g.to_string()).unwrap_or_default(),
        solvable: goal.is_some() && solvable,
        solvable_count: allowed.iter().filter(|g| g.solvable).count(),
        allowed,
    }
}

fn summarize(r: &Review, n: usize) -> Vec<PlayerSummary> {
    let mut s: Vec<PlayerSummary> = (0..n)
        .map(|p| PlayerSummary {
            name: r.players[p].clone(),
            ..PlayerSummary::default()
        })
        .collect();
    for m in &r.moves {
        let x = &mut s[m.player];
        x.moves += 1;
        if m.class == "safe" {
            x.safe_moves += 1;
        } else {
            x.flubs += 1;
        }
    }
    for c in &r.missed_challenges {
        for &p in &c.players {
            s[p].missed_chances += 1;
        }
    }
    for c in &r.challenges {
        if c.correct {
            s[c.player].correct_challenges += 1;
        } else {
            s[c.player].incorrect_challenges += 1;
        }
    }
    for x in &mut s {
        let good = x.safe_moves + x.correct_challenges;
        let all = x.moves + x.correct_challenges + x.incorrect_challenges + x.missed_chances;
        x.accuracy = (all > 0).then(|| 100.0 * good as f64 / all as f64);
    }
    s
}

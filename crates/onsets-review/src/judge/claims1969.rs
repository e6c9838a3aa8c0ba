//! The judge's assistant under Allen's 1969 manual (M69 §3; docs/editions.md,
//! "1969 (Allen)"). There is no Now or Impossible challenge in 1969: a
//! Challenger names the Flub (M69 3.5, 3.6), one of the claims `no_goal`,
//! `a`, `p`, `c_from_a`, `c_from_p`.
//!
//! * On a typed 1969 position (the mat right after the play challenged),
//!   the exact 1969 claims of [`onsets_solver::claims`] decide what the mat
//!   alone decides: the P-claim and the C-claim from P by Sol\* (the Mover's
//!   burden, 3.7), "No Goal" over the rolled numeral cubes (3.5 A, 3.10 B),
//!   and the Challenger's half of an A-claim (or C-claim from A) by Sol≤1.
//!   Whether an alternative play existed (3.7 comment 3) needs the mat before
//!   the play: the ruling then says it is undecided (`decided: false`).
//! * On a 1969 game log (`onsets-1969/1`), the claim is judged as the
//!   post-game review judges every play ([`crate::review`],
//!   the mat before the play from `Game::position_before`), and with a
//!   `player` the 1969 engine ([`Game::apply_with`] with [`ExactClaims`])
//!   applies the challenge; any act (`Act1969`) is applied the same way.

use super::{err, JudgeError, Reason, Ruling, MAX_LOG_BYTES, MAX_TEXT_BYTES};
use super::{ChallengeName, Dispute};
use onsets_core::Position;
use onsets_engine::manual1969::{
    Act1969, Action1969, Allowance, Claim, Claims, Event1969, ExactClaims, Game, Pen, Phase1969,
};
use onsets_solver::claims as solver;

const CLAIMS: &str =
    "a, p, c-from-a (JSON c_from_a), c-from-p (c_from_p) or no-goal (no_goal) (M69 3.5)";

fn to_value(p: &Position) -> Option<serde_json::Value> {
    serde_json::from_str(&p.to_json()).ok()
}

/// The 1969 claim of a challenge, or why there is none.
fn claim_of(c: ChallengeName) -> Result<Claim, JudgeError> {
    c.claim_1969().ok_or_else(|| {
        err(
            "dispute.challenge",
            format!(
                "the 1969 game has no {} challenge (M69 3.5, 3.6): the Challenger names the Flub, \
                 one of the claims {CLAIMS}",
                if c == ChallengeName::Now {
                    "Now"
                } else {
                    "Impossible"
                }
            ),
        )
    })
}

/// The section of the manual that defines a claim.
fn claim_section(claim: Claim) -> &'static str {
    match claim {
        Claim::NoGoal => "M69 3.5 (A)",
        Claim::A => "M69 3.5 (A)",
        Claim::P => "M69 3.5 (P)",
        Claim::CFromA | Claim::CFromP => "M69 3.5 (C)",
    }
}

fn base(p: Option<&Position>, decided_by: &'static str) -> Ruling {
    Ruling {
        edition: "1969",
        decided: true,
        claim: None,
        alternative: None,
        alternative_text: None,
        ruling: String::new(),
        decided_by,
        upheld: false,
        reasons: Vec::new(),
        explanation: None,
        witness: None,
        events: Vec::new(),
        totals_before: None,
        totals_after: None,
        position: p.and_then(to_value),
        // The judges' manual is the tournament's: no 1969 situations.
        situations: Vec::new(),
    }
}

fn reason(section: &str, text: impl Into<String>) -> Reason {
    Reason {
        section: section.to_string(),
        text: text.into(),
    }
}

// ------------------------------------------------------------ a position

/// Rules on a dispute over a typed 1969 position.
pub(super) fn rule_position(p: &Position, dispute: &Dispute) -> Result<Ruling, JudgeError> {
    match dispute {
        Dispute::Solution { solution } => {
            if solution.len() > MAX_TEXT_BYTES {
                return Err(err(
                    "dispute.solution",
                    format!("the Solution is over {MAX_TEXT_BYTES} bytes"),
                ));
            }
            Ok(super::rule_solution(p, solution))
        }
        Dispute::Challenge { challenge, player } => {
            let claim = claim_of(*challenge)?;
            if player.is_some() {
                return Err(err(
                    "dispute.player",
                    "a player applies a challenge to a game: give a 1969 game log, or leave out the player",
                ));
            }
            Ok(claim_on_position(p, claim))
        }
        Dispute::Act { .. } => Err(err(
            "dispute.act",
            "an act is applied to a game: give a 1969 game log",
        )),
    }
}

/// A claim against the mat right after the play challenged, as far as the
/// mat alone decides it.
fn claim_on_position(p: &Position, claim: Claim) -> Ruling {
    let mut r = base(Some(p), "solver");
    r.claim = Some(claim);
    let name = claim.name();
    let colors = |s: String| p.in_edition_colors(&s);
    match claim {
        Claim::P | Claim::CFromP => {
            let any = solver::solution_any(p);
            r.upheld = any.is_none();
            r.reasons.push(reason(
                "M69 3.7",
                "The Mover has the burden: a Solution using any cubes from Resources (M69 3.4 D).",
            ));
            if let Some(w) = any {
                r.reasons.push(reason(
                    claim_section(claim),
                    "A Solution can still be built, however the Resources are played, so the Mover did \
                     not Flub: the Mover, who has the burden, is Correct on writing one and scores 2; \
                     the Challenger is Incorrect and scores 0 (M69 3.8, 3.9).",
                ));
                r.witness = Some(colors(w));
                r.ruling =
                    format!("The {name} challenge is incorrect: the Mover can build a Solution.");
            } else {
                r.reasons.push(reason(
                    claim_section(claim),
                    "No Solution can be built however the Resources are played (checked over every Solution).",
                ));
                r.ruling = format!(
                    "The {name} challenge is correct: no Solution can be built from this mat."
                );
            }
            if claim == Claim::CFromP {
                r.reasons.push(reason(
                    "M69 3.5 (C)",
                    "A C-claim challenges a play after the Goal-setting play, made instead of challenging \
                     the Flub before it; the game log shows which plays those were.",
                ));
            }
        }
        Claim::A | Claim::CFromA => {
            let one = solver::solution_one_more(p);
            r.reasons.push(reason(
                "M69 3.7",
                "The Challenger has the burden: a Solution with at most one more cube from Resources \
                 (M69 3.4 D) and an alternative play (3.7 comment 3).",
            ));
            match one {
                None => {
                    r.reasons.push(reason(
                        "M69 3.4 (D)",
                        "No Solution uses at most one more cube from Resources (checked over every Solution).",
                    ));
                    r.ruling = format!(
                        "The {name} challenge is incorrect: no Solution can be built with at most one more cube."
                    );
                }
                Some(w) => {
                    r.decided = false;
                    r.witness = Some(colors(w));
                    r.reasons.push(reason(
                        "M69 3.4 (D)",
                        "A Solution with at most one more cube from Resources exists (Sol≤1): the Challenger's \
                         Solution can be written.",
                    ));
                    r.reasons.push(reason(
                        "M69 3.7 comment 3",
                        if claim == Claim::A {
                            "Whether some other play from the mat before the challenged one would have allowed \
                             no such Solution while keeping one possible cannot be told from this mat: give the \
                             game log."
                        } else {
                            "Whether the play that began the chain was an A-claim Flub, with an alternative \
                             play, cannot be told from this mat: give the game log."
                        },
                    ));
                    r.ruling = format!(
                        "The {name} challenge cannot be decided from this position alone: a Solution with at \
                         most one more cube exists, the alternative play needs the mat before the play."
                    );
                }
            }
        }
        Claim::NoGoal => {
            if !solver::goal_pending(p) {
                r.decided = false;
                r.reasons.push(reason(
                    "M69 3.1",
                    "\"No Goal\" is said instead of setting the Goal: give the position with the rolled \
                     numeral cubes still in Resources.",
                ));
                r.ruling =
                    "The No-Goal challenge cannot be judged: this position has no numeral cube in \
                            Resources."
                        .into();
                return r;
            }
            match solver::no_goal_is_flub(p) {
                Some((goal, s)) => {
                    r.upheld = true;
                    r.witness = Some(format!("Goal {goal}: {}", colors(s)));
                    r.reasons.push(reason(
                        "M69 3.5 (A)",
                        "Some Goal of the rolled numeral cubes has a Solution: \"No Goal\" was a Flub.",
                    ));
                    r.ruling = format!(
                        "The No-Goal challenge is correct: the Goal {goal} has a Solution."
                    );
                }
                None => {
                    r.reasons.push(reason(
                        "M69 3.5 (A)",
                        "No Goal the rolled numeral cubes allow has a Solution (checked over every Goal and \
                         Solution).",
                    ));
                    r.ruling =
                        "The No-Goal challenge is incorrect: no Goal can be solved.".to_string();
                }
            }
        }
    }
    r
}

// ------------------------------------------------------------ a game log

/// The game after a 1969 log.
fn replay(log: &str) -> Result<Game, JudgeError> {
    if log.len() > MAX_LOG_BYTES {
        return Err(err("log", format!("the log is over {MAX_LOG_BYTES} bytes")));
    }
    Game::replay(log).map_err(|e| err("log", e))
}

/// Rules on a dispute over a 1969 game log.
pub(super) fn rule_log(log: &str, dispute: &Dispute) -> Result<Ruling, JudgeError> {
    let g = replay(log)?;
    match dispute {
        Dispute::Solution { solution } => {
            if solution.len() > MAX_TEXT_BYTES {
                return Err(err(
                    "dispute.solution",
                    format!("the Solution is over {MAX_TEXT_BYTES} bytes"),
                ));
            }
            let situation = match g.phase() {
                Phase1969::Challenge { claim, .. } if *claim != Claim::NoGoal => {
                    claim.allowance().situation()
                }
                Phase1969::Assertion { .. } => Allowance::AtMostOne.situation(),
                Phase1969::Challenge { .. } => {
                    return Err(err(
                        "log",
                        "after a No-Goal challenge a Solution goes with its Goal: give the position with that Goal",
                    ))
                }
                _ => {
                    return Err(err(
                        "log",
                        "the game is not writing Solutions (after a challenge or an assertion, M69 3.7, 3.10): \
                         give the position instead",
                    ))
                }
            };
            let p = g
                .position()
                .with_situation(situation)
                .map_err(|e| err("log", e.to_string()))?;
            Ok(super::rule_solution(&p, solution))
        }
        Dispute::Challenge { challenge, player } => {
            let claim = claim_of(*challenge)?;
            match player {
                None => claim_in_game(log, &g, claim),
                Some(player) => {
                    if *player >= g.n() {
                        return Err(err(
                            "dispute.player",
                            format!(
                                "there is no player {player} (players are 0 to {})",
                                g.n().saturating_sub(1)
                            ),
                        ));
                    }
                    let act = Action1969 {
                        at_ms: g.now_ms(),
                        act: Act1969::Challenge {
                            player: *player,
                            claim,
                        },
                    };
                    let applied = apply_acts(g.clone(), &[act])?;
                    if !applied.upheld {
                        return Ok(applied);
                    }
                    let mut r = claim_in_game(log, &g, claim)?;
                    r.decided_by = "engine";
                    r.reasons.splice(0..0, applied.reasons);
                    r.events = applied.events;
                    r.totals_before = applied.totals_before;
                    r.totals_after = applied.totals_after;
                    r.position = applied.position;
                    r.ruling = format!(
                        "{} The engine accepts it: {}",
                        r.ruling,
                        match claim.burden() {
                            onsets_engine::manual1969::Side::Challenger =>
                                "the Third Parties join a side, then the Challenger's side writes (M69 3.7, 3.9).",
                            onsets_engine::manual1969::Side::Mover =>
                                "the Third Parties join a side, then the Mover's side writes (M69 3.7, 3.9).",
                        }
                    );
                    Ok(r)
                }
            }
        }
        Dispute::Act { act } => {
            let values: Vec<serde_json::Value> = match act {
                serde_json::Value::Array(v) => v.clone(),
                v => vec![v.clone()],
            };
            if values.is_empty() || values.len() > 64 {
                return Err(err("dispute.act", "give one act, or a list of 1 to 64"));
            }
            let mut acts = Vec::new();
            for (i, v) in values.into_iter().enumerate() {
                let mut v = v;
                if let Some(o) = v.as_object_mut() {
                    o.entry("at_ms").or_insert(g.now_ms().into());
                }
                let a: Action1969 = serde_json::from_value(v).map_err(|e| {
                    err(
                        "dispute.act",
                        format!("act {}: not an act of the 1969 log notation: {e}", i + 1),
                    )
                })?;
                acts.push(a);
            }
            apply_acts(g, &acts)
        }
    }
}

/// The truth of `claim` against the game as the log leaves it: the last
/// completed play of the round (or the "No Goal" said), judged as the
/// review judges it.
fn claim_in_game(log: &str, g: &Game, claim: Claim) -> Result<Ruling, JudgeError> {
    let mut claims = ExactClaims::new();
    let x = g.position();
    let mut r = base(Some(&x), "solver");
    r.claim = Some(claim);
    let name = claim.name();
    let colors = |s: String| x.in_edition_colors(&s);
    if claim == Claim::NoGoal {
        let said = matches!(g.phase(), Phase1969::NoGoal { .. })
            || matches!(
                g.phase(),
                Phase1969::Challenge {
                    claim: Claim::NoGoal,
                    ..
                }
            );
        if !said {
            return Err(err(
                "dispute.challenge",
                "\"No Goal\" was not said in this play: the claims against the last play are a, p, \
                 c-from-a, c-from-p (M69 3.5)",
            ));
        }
        match claims.goal_with_solution(&x, &g.digits_in_resources()) {
            Some((goal, s)) => {
                r.upheld = true;
                r.witness = Some(format!("Goal {goal}: {}", colors(s)));
                r.reasons.push(reason(
                    "M69 3.5 (A)",
                    "Some Goal of the rolled numeral cubes has a Solution: \"No Goal\" was a Flub.",
                ));
                r.ruling =
                    format!("The No-Goal challenge is correct: the Goal {goal} has a Solution.");
            }
            None => {
                r.reasons.push(reason(
                    "M69 3.5 (A)",
                    "No Goal the rolled numeral cubes allow has a Solution.",
                ));
                r.ruling = "The No-Goal challenge is incorrect: no Goal can be solved.".into();
            }
        }
        return Ok(r);
    }
    let review = crate::manual1969::review_game(log).map_err(|e| err("log", e.to_string()))?;
    let (last, m) = review
        .moves
        .last()
        .filter(|m| m.round.number() == g.play() && !g.plays().is_empty())
        .and_then(|m| Some((m, m.claims()?)))
        .ok_or_else(|| {
            err(
                "dispute.challenge",
                "no play of this round has been completed: a claim challenges the last play (M69 3.6)",
            )
        })?;
    r.upheld = m.correct_claims.contains(&claim);
    let after_text = if m.goal_play {
        format!("the Goal-setting play ({})", last.mv)
    } else {
        format!("play {} ({})", m.index, last.mv)
    };
    match claim {
        Claim::P | Claim::CFromP => {
            r.witness = claims.solution(&x, Allowance::Any).map(colors);
            r.reasons.push(reason(
                "M69 3.7",
                "The Mover has the burden: a Solution using any cubes from Resources (M69 3.4 D).",
            ));
            r.reasons.push(reason(
                claim_section(claim),
                if m.possible {
                    "A Solution can still be built, however the Resources are played.".to_string()
                } else {
                    "No Solution can be built however the Resources are played.".to_string()
                },
            ));
        }
        Claim::A | Claim::CFromA => {
            r.witness = m.one_more_solution.clone().map(colors);
            r.reasons.push(reason(
                "M69 3.7",
                "The Challenger has the burden: a Solution with at most one more cube from Resources \
                 (M69 3.4 D) and an alternative play (3.7 comment 3).",
            ));
            r.reasons.push(reason(
                "M69 3.4 (D)",
                if m.one_more_solution.is_some() {
                    "A Solution with at most one more cube from Resources exists."
                } else {
                    "No Solution uses at most one more cube from Resources."
                },
            ));
            if r.upheld {
                r.alternative = m.alternative.clone();
                r.alternative_text = m.alternative_text.clone();
                r.reasons.push(reason(
                    "M69 3.7 comment 3",
                    format!(
                        "Instead, {} would have allowed no Solution with one more cube while keeping one possible.",
                        m.alternative_text.clone().unwrap_or_default()
                    ),
                ));
            } else if claim == Claim::A && m.one_more_solution.is_some() {
                r.reasons.push(reason(
                    "M69 3.7 comment 3",
                    "No other play from the mat before it would have allowed no Solution with one more cube \
                     while keeping one possible: the play was forced, not a Flub.",
                ));
            }
        }
        Claim::NoGoal => {}
    }
    if matches!(claim, Claim::CFromA | Claim::CFromP) {
        let prev_flub = m.chain_head.is_some();
        r.reasons.push(reason(
            "M69 3.5 (C)",
            if m.index == 0 {
                "A C-claim needs a play before the one challenged; this is the Goal-setting play."
                    .to_string()
            } else if prev_flub {
                "The play before it was a Flub that was not challenged: every later play is a Flub."
                    .to_string()
            } else {
                "The play before it was not a Flub of this kind: no chain of Flubs leads here."
                    .to_string()
            },
        ));
    }
    r.ruling = format!(
        "The {name} challenge of {after_text} is {}.",
        if r.upheld { "correct" } else { "incorrect" }
    );
    Ok(r)
}

/// The section of the manual behind each event of the 1969 game.
fn event_section(e: &Event1969) -> Option<&'static str> {
    Some(match e {
        Event1969::Moved { .. } => "M69 3.2",
        Event1969::BonusMove { .. } => "M69 3.3",
        Event1969::GoalSet { .. } | Event1969::NoGoalDeclared { .. } => "M69 3.1",
        Event1969::NoGoalAccepted { .. } => "M69 3.10 (B)",
        Event1969::CoinTossed { .. } => "M69 3.6 comment 2",
        Event1969::Challenged { .. } => "M69 3.6",
        Event1969::Asserted { .. } => "M69 3.10 (A)",
        Event1969::Joined { .. } => "M69 3.9 (A)",
        Event1969::Written { .. } | Event1969::Declined { .. } => "M69 3.7",
        Event1969::StallCalled { .. } | Event1969::StallMissed { .. } => "M69 3.11",
        Event1969::PlayScored { .. } => "M69 3.9",
        _ => return None,
    })
}

/// An event in words, for a reason.
fn event_text(e: &Event1969) -> String {
    match e {
        Event1969::Moved { player, cube, to } => {
            format!("Player {player} moves cube {cube} to {}.", to.name())
        }
        Event1969::BonusMove { player, cube } => {
            format!("Player {player} moves cube {cube} to Forbidden as a bonus.")
        }
        Event1969::GoalSet { player, goal } => format!("Player {player} sets the Goal {goal}."),
        Event1969::NoGoalDeclared { player } => format!("Player {player} says \"No Goal\"."),
        Event1969::NoGoalAccepted { player } => format!("Player {player} lets \"No Goal\" stand."),
        Event1969::CoinTossed {
            challengers,
            winner,
        } => format!(
            "Players {challengers:?} challenged at the same moment: the coin picks player {winner}."
        ),
        Event1969::Challenged {
            player,
            claim,
            against,
        } => format!(
            "Player {player} challenges player {against}'s play: {}.",
            claim.name()
        ),
        Event1969::Asserted { player } => {
            format!("Player {player} asserts a Solution with one more cube from Resources.")
        }
        Event1969::Joined { player, side } => format!(
            "Player {player} joins the {}.",
            match side {
                onsets_engine::manual1969::Side::Challenger => "Challenger",
                onsets_engine::manual1969::Side::Mover => "Mover",
            }
        ),
        Event1969::Written {
            player,
            solution,
            sustained,
            reasons,
        } => {
            if *sustained {
                format!("Player {player}'s Solution `{solution}` sustains the burden.")
            } else {
                format!(
                    "Player {player}'s Solution `{solution}` does not sustain the burden: {}.",
                    reasons.join("; ")
                )
            }
        }
        Event1969::Declined { player } => format!("Player {player} cannot write a Solution."),
        Event1969::StallCalled { player, on } => {
            format!("Player {player} calls \"stall\" on player {on}.")
        }
        Event1969::StallMissed { player, periods } => {
            format!("Player {player} let {periods} stall period(s) run out: −{periods}.")
        }
        Event1969::PlayScored { scores, note, .. } => {
            format!("The play is scored {scores:?}: {note}.")
        }
        other => serde_json::to_string(other).unwrap_or_default(),
    }
}

/// Whether the writing in progress holds a withheld (blanked) Solution.
fn withholds(g: &Game) -> bool {
    g.solutions_hidden()
        && matches!(g.phase(), Phase1969::Challenge { pens, .. } | Phase1969::Assertion { pens, .. }
            if pens.iter().any(|p| matches!(p, Pen::Wrote { solution, .. } if solution.is_empty())))
}

/// Applies acts to the game in the 1969 engine (with the exact claims),
/// reporting its events and each player's total before and after.
fn apply_acts(mut g: Game, acts: &[Action1969]) -> Result<Ruling, JudgeError> {
    let mut claims = ExactClaims::new();
    let before = g.totals();
    let mut r = base(None, "engine");
    for (i, action) in acts.iter().enumerate() {
        match g.apply_with(action.clone(), &mut claims) {
            Ok((next, events)) => {
                if g.header().config.seed_withheld {
                    let drew = events.iter().any(|e| {
                        matches!(
                            e,
                            Event1969::Dealt { .. }
                                | Event1969::Rolled { .. }
                                | Event1969::CoinTossed { .. }
                        )
                    });
                    let ended = withholds(&g) && !next.solutions_hidden();
                    super::withheld_guard(i + 1, drew, ended)?;
                }
                g = next;
                for e in events {
                    if let Some(section) = event_section(&e) {
                        r.reasons.push(reason(section, event_text(&e)));
                    }
                    r.events
                        .push(serde_json::to_value(&e).unwrap_or(serde_json::Value::Null));
                }
            }
            Err(rej) => {
                r.reasons
                    .push(reason(rej.rule.as_str(), rej.message.clone()));
                r.ruling = format!(
                    "Act {} is not allowed now: {} ({}).",
                    i + 1,
                    rej.message.trim_end_matches('.'),
                    rej.rule.as_str()
                );
                r.upheld = false;
                r.totals_before = Some(before);
                r.totals_after = Some(g.totals());
                r.position = to_value(&g.position());
                return Ok(r);
            }
        }
    }
    let after = g.totals();
    let changes: Vec<String> = before
        .iter()
        .zip(&after)
        .enumerate()
        .filter(|(_, (b, a))| b != a)
        .map(|(p, (b, a))| format!("player {p} {:+}", a - b))
        .collect();
    let scores = if changes.is_empty() {
        "no score changes".to_string()
    } else {
        format!("scores: {}", changes.join(", "))
    };
    r.ruling = format!("The engine accepts it; {scores}.");
    r.upheld = true;
    r.totals_before = Some(before);
    r.totals_after = Some(after);
    r.position = to_value(&g.position());
    Ok(r)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// M69 3.7–3.9: a P-claim against a mat that can still be solved is
    /// incorrect, and every sentence of the ruling says so — the Mover
    /// scores 2, the Challenger 0 — with no word of the claim being "kept".
    #[test]
    fn an_incorrect_p_claim_says_who_scores_what_and_nothing_contrary() {
        let p = Position::from_json(
            r#"{"edition":"1969","form":"basic","universe":"blank B R BR G BG BRG Y BY BRY","goal":"1",
                "required":"B","permitted":"R","resources":"G B ′ − −","situation":"impossible"}"#,
        )
        .unwrap();
        for claim in [Claim::P, Claim::CFromP] {
            let r = claim_on_position(&p, claim);
            assert!(!r.upheld && r.decided, "{}", r.ruling);
            assert!(r.ruling.contains("challenge is incorrect"), "{}", r.ruling);
            let texts: Vec<&str> = r.reasons.iter().map(|x| x.text.as_str()).collect();
            assert!(texts.iter().all(|t| !t.contains("kept")), "{texts:?}");
            let own = texts
                .iter()
                .find(|t| t.starts_with("A Solution can still be built"))
                .expect("the reason of the verdict");
            assert!(
                own.contains("the Mover")
                    && own.contains("scores 2")
                    && own.contains("Challenger is Incorrect and scores 0"),
                "{own}"
            );
        }
    }
}

//! The judge's assistant (`onsets judge`, `POST /api/judge`; docs/review.md): a
//! position (typed, or the state of a match after its log) and a disputed
//! Solution, challenge or act, ruled on with the rule sections and the
//! judges'-manual situations that match.
//!
//! Nothing is decided here. A Solution is judged by the checker
//! ([`onsets_core::check`], explained by [`onsets_core::explain`]); the
//! truth of a challenge's claim by the solver
//! ([`onsets_solver::analysis::adjudicate`], the function the review uses);
//! whether a challenge or any other act is allowed now, and what it costs or
//! scores, by the engine itself ([`onsets_engine::Match::apply`] on the
//! match re-run from its log). This module only gathers their answers.
//!
//! Every rule edition is ruled by its own code: a position or log of
//! 2019-20 (MLAG, B19 / A19) by the same checker, solver and engine, which
//! read the edition from the position or the log's header, with the
//! assistant's own citations prefixed `B19` / `A19`; a 1969 position or
//! game log (Allen's manual, M69) by [`claims1969`]: the manual's claims
//! (`a`, `p`, `c_from_a`, `c_from_p`, `no_goal`, M69 3.5) instead of Now and
//! Impossible, and the 1969 game engine for challenges and acts.

mod claims1969;

use crate::situations;
use onsets_core::{Edition, Explanation, Position, Situation};
use onsets_engine::{Act, Action, ChallengeKind, Header, Match, Phase, FORMAT};
use onsets_solver::analysis::{adjudicate, no_goal_is_correct, Challenge};
use serde::{Deserialize, Serialize};

/// The largest log the assistant reads (bytes).
pub const MAX_LOG_BYTES: usize = 4 << 20;
/// The largest Solution or act text (bytes).
pub const MAX_TEXT_BYTES: usize = 4000;

/// The challenge disputed: the tournament's kinds (2026-27 and 2019-20:
/// V-A-1 Impossible, V-A-2 Now, III-D-2 "no Goal") or the 1969 manual's
/// Flub claims (M69 3.5: `a`, `p`, `c_from_a`, `c_from_p`; `no_goal` is
/// both).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ChallengeName {
    Now,
    Impossible,
    NoGoal,
    /// M69 3.5 (A): the A-claim violated.
    A,
    /// M69 3.5 (P): the P-claim violated.
    P,
    /// M69 3.5 (C), stemming from an A-claim violation.
    CFromA,
    /// M69 3.5 (C), stemming from a P-claim violation.
    CFromP,
}

impl ChallengeName {
    /// The tournament's challenge (2026-27, 2019-20), if it is one.
    pub fn tournament(self) -> Option<ChallengeKind> {
        match self {
            ChallengeName::Now => Some(ChallengeKind::Now),
            ChallengeName::Impossible => Some(ChallengeKind::Impossible),
            ChallengeName::NoGoal => Some(ChallengeKind::NoGoal),
            _ => None,
        }
    }

    /// The 1969 claim (M69 3.5), if it is one.
    pub fn claim_1969(self) -> Option<onsets_engine::manual1969::Claim> {
        use onsets_engine::manual1969::Claim;
        match self {
            ChallengeName::NoGoal => Some(Claim::NoGoal),
            ChallengeName::A => Some(Claim::A),
            ChallengeName::P => Some(Claim::P),
            ChallengeName::CFromA => Some(Claim::CFromA),
            ChallengeName::CFromP => Some(Claim::CFromP),
            _ => None,
        }
    }

    /// The name as the JSON writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            ChallengeName::Now => "now",
            ChallengeName::Impossible => "impossible",
            ChallengeName::NoGoal => "no_goal",
            ChallengeName::A => "a",
            ChallengeName::P => "p",
            ChallengeName::CFromA => "c_from_a",
            ChallengeName::CFromP => "c_from_p",
        }
    }
}

impl From<ChallengeKind> for ChallengeName {
    fn from(k: ChallengeKind) -> Self {
        match k {
            ChallengeKind::Now => ChallengeName::Now,
            ChallengeKind::Impossible => ChallengeName::Impossible,
            ChallengeKind::NoGoal => ChallengeName::NoGoal,
        }
    }
}

/// What is disputed.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum Dispute {
    /// A written Solution: is it correct (VII-B)?
    Solution { solution: String },
    /// A challenge (V-A, III-D-2; in 1969 a claim of M69 3.5): is it
    /// allowed, and is its claim true? With a log and a `player`, the engine
    /// applies it to the match (or the 1969 game).
    Challenge {
        challenge: ChallengeName,
        #[serde(default)]
        player: Option<usize>,
    },
    /// One act or several, in the log's action notation (docs/engine.md,
    /// e.g. `{"type": "charge_illegal_procedure", "player": 1}`; for a 1969
    /// game log an `Act1969`, e.g. `{"type": "join", "player": 2, "side":
    /// "mover"}`), applied by the engine to the match (game) after the log.
    /// Needs a log.
    Act { act: serde_json::Value },
}

/// Where the position comes from.
#[derive(Clone, Debug)]
pub enum Source {
    /// A position typed as notation.md JSON.
    Position(Position),
    /// A match log (JSON lines); the position is the match after it.
    Log(String),
}

/// Why a request cannot be ruled on; `field` names what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{field}: {message}")]
pub struct JudgeError {
    pub field: &'static str,
    pub message: String,
    /// The log's seed is withheld (its match is in play) and the dispute
    /// needs it, or the Solutions it withholds: a future roll or deal, or the
    /// end of a writing (docs/security/hidden.md).
    pub withheld: bool,
}

fn err(field: &'static str, message: impl Into<String>) -> JudgeError {
    JudgeError {
        field,
        message: message.into(),
        withheld: false,
    }
}

/// Refuses act `i` (1-based) of a dispute on a log whose seed is withheld
/// when it draws from the generator (`drew`: it rolled, dealt or tossed a
/// coin) or ends a writing whose Solutions are withheld (`ended_writing`).
pub(crate) fn withheld_guard(i: usize, drew: bool, ended_writing: bool) -> Result<(), JudgeError> {
    let why = if drew {
        "it rolls the cubes, deals cards or tosses a coin, which the match's seed decides; \
         the seed stays on the server until the match is over (the log's header carries its \
         commitment), so the assistant does not run the future rolls and deals of a match in play"
    } else if ended_writing {
        "it ends the writing of Solutions, and the Solutions presented so far are withheld \
         until checking starts (VII-C-3; 1969: M69 3.9 B)"
    } else {
        return Ok(());
    };
    Err(JudgeError {
        field: "dispute.act",
        message: format!("act {i}: {why}"),
        withheld: true,
    })
}

/// Whether a writing phase holds a withheld (blanked) presented Solution.
fn withholds(m: &Match) -> bool {
    matches!(m.phase(), Phase::Writing(w) if w.writers.iter().any(|wr| wr
        .presented
        .as_ref()
        .is_some_and(|p| p.solution.is_empty())))
}

/// One reason of a ruling, with its rule section.
#[derive(Clone, Debug, Serialize)]
pub struct Reason {
    pub section: String,
    pub text: String,
}

/// The assistant's answer.
#[derive(Clone, Debug, Serialize)]
pub struct Ruling {
    /// The rule edition it was ruled under: `2026-27`, `2019-20` or `1969`.
    pub edition: &'static str,
    /// Whether the assistant could decide it. Only a 1969 A-claim (or
    /// C-claim from A) on a typed position can stay undecided: its truth
    /// needs the mat before the play (M69 3.7 comment 3); `upheld` is then
    /// false and the reasons say what was decided.
    pub decided: bool,
    /// The 1969 claim judged (M69 3.5), for a 1969 challenge.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub claim: Option<onsets_engine::manual1969::Claim>,
    /// For a 1969 A-claim (or C-claim from A): the alternative play the
    /// Challenger can show (M69 3.7 comment 3), as the log's `alternative`
    /// object, and in words.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub alternative: Option<onsets_engine::manual1969::Alternative>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub alternative_text: Option<String>,
    /// The ruling in one sentence.
    pub ruling: String,
    /// Who settled it: `checker`, `solver` or `engine` (with the solver
    /// for the claim of a challenge).
    pub decided_by: &'static str,
    /// For a Solution: whether it is correct; for a challenge: whether the
    /// Challenger is right; for an act: whether the engine allowed it.
    pub upheld: bool,
    pub reasons: Vec<Reason>,
    /// The checker's verdict explained (for a Solution).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub explanation: Option<Explanation>,
    /// A correct Solution proving the ruling (a Now that wins, an
    /// Impossible that loses).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub witness: Option<String>,
    /// The engine's events (for an act or a challenge applied to a match).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub events: Vec<serde_json::Value>,
    /// Each player's total before and after (an act applied to a match).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub totals_before: Option<Vec<i32>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub totals_after: Option<Vec<i32>>,
    /// The position judged (notation.md JSON), when there is one.
    pub position: Option<serde_json::Value>,
    /// The judges' manual situations that resemble the dispute.
    pub situations: Vec<situations::Match>,
}

/// The match after a log, and the clock of its last action.
fn replay(log: &str) -> Result<(Match, u64), JudgeError> {
    if log.len() > MAX_LOG_BYTES {
        return Err(err(
            "log",
            format!("the log is over {} bytes", MAX_LOG_BYTES),
        ));
    }
    let mut lines = log.lines().filter(|l| !l.trim().is_empty());
    let first = lines.next().ok_or_else(|| err("log", "the log is empty"))?;
    let header: Header = serde_json::from_str(first)
        .map_err(|e| err("log", format!("line 1 is not a log header: {e}")))?;
    if header.format != FORMAT {
        return Err(err(
            "log",
            format!("unknown log format `{}` (expected {FORMAT})", header.format),
        ));
    }
    let at_ms = lines
        .next_back()
        .and_then(|l| serde_json::from_str::<Action>(l).ok())
        .map_or(0, |a| a.at_ms);
    let m = Match::replay(log).map_err(|e| err("log", e.to_string()))?;
    Ok((m, at_ms))
}

/// The mat of a match as a position in `situation` (`None` before the Goal).
fn mat(m: &Match, situation: Situation) -> Option<Position> {
    let goal = m.goal()?.goal().ok()?;
    let p = m.position(situation, goal);
    if situation == Situation::Impossible && p.resources().iter().all(|s| s.is_digit()) {
        return p.with_situation(Situation::Forceout).ok();
    }
    Some(p)
}

fn phase_name(p: &Phase) -> &'static str {
    match p {
        Phase::Setup { .. } => "setup",
        Phase::Variations { .. } => "variations",
        Phase::Goal { .. } => "goal",
        Phase::NoGoal { .. } => "no-goal",
        Phase::Moves { .. } => "moves",
        Phase::Writing(_) => "writing",
        Phase::Checking(_) => "checking",
        Phase::Over => "over",
    }
}

fn position_facts(p: &Position, facts: &mut Vec<String>) {
    for v in p.variations() {
        facts.push(format!("var:{}", v.keyword()));
    }
    facts.push(format!(
        "division:{}",
        p.division().name().to_ascii_lowercase()
    ));
}

/// A tournament section as the position's edition cites it: under 2019-20
/// the MLAG texts (`B19` Basic, `A19` Adventurous), whose sections V-A-1,
/// V-A-2, III-D-2 and VII-B say the same as 2026-27's; 2026-27 unchanged.
fn cite(p: &Position, section: &str) -> String {
    cite_in(p.edition(), p.adventurous(), section)
}

fn cite_in(edition: Edition, adventurous: bool, section: &str) -> String {
    match edition {
        Edition::Mlag2019 if adventurous => format!("A19 {section}"),
        Edition::Mlag2019 => format!("B19 {section}"),
        _ => section.to_string(),
    }
}

fn to_value(p: &Position) -> Option<serde_json::Value> {
    serde_json::from_str(&p.to_json()).ok()
}

/// Rules on a dispute.
pub fn rule(source: &Source, dispute: &Dispute) -> Result<Ruling, JudgeError> {
    match source {
        Source::Position(p) if matches!(p.edition(), Edition::Manual1969(_)) => {
            return claims1969::rule_position(p, dispute)
        }
        Source::Log(log) if crate::manual1969::is_1969_log(log) => {
            return claims1969::rule_log(log, dispute)
        }
        _ => {}
    }
    if let Dispute::Challenge { challenge, .. } = dispute {
        if challenge.tournament().is_none() {
            return Err(err(
                "dispute.challenge",
                format!(
                    "`{}` is a claim of the 1969 game (M69 3.5); this position is not 1969: \
                     challenge now, impossible or no-goal (JSON no_goal) (V-A-1, V-A-2, III-D-2)",
                    challenge.as_str()
                ),
            ));
        }
    }
    match dispute {
        Dispute::Solution { solution } => {
            if solution.len() > MAX_TEXT_BYTES {
                return Err(err(
                    "dispute.solution",
                    format!("the Solution is over {MAX_TEXT_BYTES} bytes"),
                ));
            }
            // The budget of a Solution (onsets_core::budget), before any work.
            onsets_core::budget::admit_text(solution)
                .map_err(|e| err("dispute.solution", e.to_string()))?;
            let position = match source {
                Source::Position(p) => p.clone(),
                Source::Log(log) => {
                    let (m, _) = replay(log)?;
                    let situation = match m.phase() {
                        Phase::Writing(w) => onsets_engine::situation_of(&w.kind),
                        Phase::Checking(c) => onsets_engine::situation_of(&c.kind),
                        _ => {
                            return Err(err(
                                "log",
                                format!(
                                "the match is in its {} phase, not writing or checking Solutions; \
                                     give the position instead",
                                phase_name(m.phase())
                            ),
                            ))
                        }
                    };
                    mat(&m, situation).ok_or_else(|| err("log", "no Goal is set"))?
                }
            };
            onsets_core::budget::admit_str(solution, position.parse_options())
                .map_err(|e| err("dispute.solution", e.to_string()))?;
            Ok(rule_solution(&position, solution))
        }
        Dispute::Challenge { challenge, player } => match source {
            Source::Position(p) => {
                if player.is_some() {
                    return Err(err(
                        "dispute.player",
                        "a player applies a challenge to a match: give a log, or leave out the player",
                    ));
                }
                rule_claim(p, tournament(*challenge), None)
            }
            Source::Log(log) => {
                let (m, at_ms) = replay(log)?;
                rule_challenge_in_match(&m, at_ms, tournament(*challenge), *player)
            }
        },
        Dispute::Act { act } => {
            let Source::Log(log) = source else {
                return Err(err(
                    "dispute.act",
                    "an act is applied to a match: give a log (or a table)",
                ));
            };
            let (m, at_ms) = replay(log)?;
            let acts: Vec<serde_json::Value> = match act {
                serde_json::Value::Array(v) => v.clone(),
                v => vec![v.clone()],
            };
            if acts.is_empty() || acts.len() > 64 {
                return Err(err("dispute.act", "give one act, or a list of 1 to 64"));
            }
            rule_acts(m, at_ms, &acts)
        }
    }
}

/// The tournament's challenge of a name already known to be one.
fn tournament(c: ChallengeName) -> ChallengeKind {
    c.tournament().unwrap_or(ChallengeKind::NoGoal)
}

/// The checker's fact without its own "(SECTION)": a reason carries its
/// section beside the text, and the ruling names it once.
fn without_section(fact: &str, section: &str) -> String {
    fact.replace(&format!(" ({section})"), "")
}

fn rule_solution(position: &Position, solution: &str) -> Ruling {
    let e = onsets_core::explain(position, solution);
    let mut facts = vec!["solution".to_string()];
    position_facts(position, &mut facts);
    let reasons: Vec<Reason> = e
        .failures
        .iter()
        .map(|f| {
            facts.push(format!("code:{}", f.code.as_str()));
            Reason {
                section: f.section.to_string(),
                text: without_section(&f.fact, &f.section.to_string()),
            }
        })
        .collect();
    if e.solutions.iter().any(|s| !s.restrictions.is_empty()) {
        facts.push("restrictions".into());
    }
    let correct_section = match position.edition() {
        Edition::Manual1969(_) => "M69 3.4".to_string(),
        _ => cite(position, "VII-B"),
    };
    let ruling = if e.correct {
        format!("The Solution `{solution}` is correct ({correct_section}).")
    } else {
        format!(
            "The Solution `{solution}` is incorrect: {}.",
            reasons
                .iter()
                .map(|r| format!("{} ({})", r.text.trim_end_matches('.'), r.section))
                .collect::<Vec<_>>()
                .join("; ")
        )
    };
    let reasons = if e.correct {
        vec![Reason {
            section: correct_section,
            text: "It meets every criterion of a correct Solution.".into(),
        }]
    } else {
        reasons
    };
    Ruling {
        edition: position.edition().name(),
        decided: true,
        claim: None,
        alternative: None,
        alternative_text: None,
        ruling,
        decided_by: "checker",
        upheld: e.correct,
        reasons,
        explanation: Some(e),
        witness: None,
        events: Vec::new(),
        totals_before: None,
        totals_after: None,
        position: to_value(position),
        situations: situations::matching(&facts, 5),
    }
}

fn kind_word(k: ChallengeKind) -> &'static str {
    match k {
        ChallengeKind::Now => "Now",
        ChallengeKind::Impossible => "Impossible",
        ChallengeKind::NoGoal => "no Goal",
    }
}

/// The claim of a challenge against a position, by the solver.
fn rule_claim(
    p: &Position,
    kind: ChallengeKind,
    extra: Option<(Vec<String>, Vec<Reason>)>,
) -> Result<Ruling, JudgeError> {
    let mut facts = vec![
        "challenge".to_string(),
        format!(
            "challenge:{}",
            kind_word(kind).to_lowercase().replace(' ', "_")
        ),
    ];
    position_facts(p, &mut facts);
    let (more_facts, mut reasons) = extra.unwrap_or_default();
    facts.extend(more_facts);
    let (right, witness, ruling) = match kind {
        ChallengeKind::Now => {
            let a = adjudicate(p, Challenge::Now);
            if !a.valid {
                reasons.push(Reason {
                    section: cite(p, "V-A-2"),
                    text: "Now is valid only when the last cube was moved to Required or Permitted \
                           (or a Now with one more cube is possible); this Now is not valid and is set aside."
                        .into(),
                });
                facts.push("invalid-now".into());
                (
                    false,
                    None,
                    format!(
                        "The Now challenge is not valid ({}): it is set aside.",
                        cite(p, "V-A-2-a/b")
                    ),
                )
            } else if a.challenger_right {
                reasons.push(Reason {
                    section: cite(p, "V-A-2"),
                    text: "A correct Solution can be written with the mat and at most one more cube from Resources."
                        .into(),
                });
                (
                    true,
                    a.witness,
                    "The Now challenge is correct: a Solution exists right now.".to_string(),
                )
            } else {
                reasons.push(Reason {
                    section: cite(p, "V-A-2"),
                    text: "No correct Solution uses the mat and at most one more cube from Resources (checked over every Solution)."
                        .into(),
                });
                (false, None, "The Now challenge is incorrect: no Solution exists with at most one more cube.".to_string())
            }
        }
        ChallengeKind::Impossible => {
            let a = adjudicate(p, Challenge::Impossible);
            if a.challenger_right {
                reasons.push(Reason {
                    section: cite(p, "V-A-1"),
                    text: "No correct Solution can be written, however the remaining cubes are played (checked over every Solution)."
                        .into(),
                });
                (
                    true,
                    None,
                    "The Impossible challenge is correct: no Solution can be written.".to_string(),
                )
            } else {
                reasons.push(Reason {
                    section: cite(p, "V-A-1"),
                    text: "A correct Solution can still be written with the cubes that remain."
                        .into(),
                });
                (
                    false,
                    a.witness,
                    "The Impossible challenge is incorrect: a Solution can still be written."
                        .to_string(),
                )
            }
        }
        ChallengeKind::NoGoal => {
            // The rolled digit cubes are those in Resources (III-A).
            let no_goal_right = no_goal_is_correct(p);
            reasons.push(Reason {
                section: cite(p, "III-D-2"),
                text: if no_goal_right {
                    "No Goal the rolled digits allow has a correct Solution.".into()
                } else {
                    "Some Goal the rolled digits allow has a correct Solution.".into()
                },
            });
            (
                !no_goal_right,
                None,
                if no_goal_right {
                    "The challenge of \"no Goal\" is incorrect: no Goal can be solved.".to_string()
                } else {
                    "The challenge of \"no Goal\" is correct: a Goal with a Solution could have been set."
                        .to_string()
                },
            )
        }
    };
    Ok(Ruling {
        edition: p.edition().name(),
        decided: true,
        claim: None,
        alternative: None,
        alternative_text: None,
        ruling,
        decided_by: "solver",
        upheld: right,
        reasons,
        explanation: None,
        witness,
        events: Vec::new(),
        totals_before: None,
        totals_after: None,
        position: to_value(p),
        situations: situations::matching(&facts, 5),
    })
}

fn rule_challenge_in_match(
    m: &Match,
    at_ms: u64,
    kind: ChallengeKind,
    player: Option<usize>,
) -> Result<Ruling, JudgeError> {
    let phase = phase_name(m.phase());
    let mut facts = vec![format!("phase:{phase}")];
    if matches!(m.phase(), Phase::Setup { .. } | Phase::Variations { .. }) {
        facts.push("challenge-before-goal".into());
    }
    let Some(player) = player else {
        let p = mat(m, Situation::Impossible).ok_or_else(|| {
            err(
                "dispute.player",
                "no Goal is set yet: name the challenging player so the engine can rule",
            )
        })?;
        return rule_claim(&p, kind, Some((facts, Vec::new())));
    };
    if player >= m.n() {
        return Err(err(
            "dispute.player",
            format!(
                "there is no player {player} (players are 0 to {})",
                m.n().saturating_sub(1)
            ),
        ));
    }
    let applied = rule_acts(
        m.clone(),
        at_ms,
        &[serde_json::to_value(Act::Challenge { player, kind }).expect("acts serialize")],
    )?;
    if !applied.upheld {
        // The engine refused or set it aside: that is the ruling.
        let mut r = applied;
        r.situations = situations::matching(
            &facts
                .iter()
                .cloned()
                .chain([
                    "challenge".to_string(),
                    format!(
                        "challenge:{}",
                        kind_word(kind).to_lowercase().replace(' ', "_")
                    ),
                ])
                .chain(
                    r.situations
                        .iter()
                        .flat_map(|s| s.matched.iter().map(|k| k.to_string())),
                )
                .collect::<Vec<_>>(),
            5,
        );
        return Ok(r);
    }
    let p = mat(m, Situation::Impossible)
        .ok_or_else(|| err("log", "no Goal is set: the challenge cannot be judged"))?;
    let mut r = rule_claim(&p, kind, Some((facts, applied.reasons.clone())))?;
    r.decided_by = "engine";
    r.events = applied.events;
    r.totals_before = applied.totals_before;
    r.totals_after = applied.totals_after;
    Ok(r)
}

/// An event without a reason of its own, in words.
fn event_words(name: &str, v: &serde_json::Value) -> String {
    let player = v["player"]
        .as_u64()
        .map_or(String::new(), |p| format!("Player {p} "));
    match name {
        "goal_arranged" => format!(
            "{player}arranges the Goal in the Goal section without saying \"Goal\"."
        ),
        "goal_set_by_time" => {
            "The Goal-setter's time ran out with cubes arranged in the Goal section: they are the Goal."
                .to_string()
        }
        "joined_side" => format!(
            "{player}joins the {} (the Third Party's declaration).",
            v["side"].as_str().unwrap_or("side")
        ),
        _ => name.to_string(),
    }
}

/// The reason an event gives, with its rule section (none for an event
/// without one).
fn event_reason(
    v: &serde_json::Value,
    name: &str,
    edition: Edition,
    adventurous: bool,
) -> Option<Reason> {
    let why = v
        .get("reason")
        .or_else(|| v.get("correction"))
        .and_then(|r| r.as_str());
    let section = v
        .get("rule")
        .and_then(|r| r.as_str())
        .map(str::to_string)
        .or(match name {
            "charge_set_aside" => Some("IX-A".to_string()),
            "objection_ruled" => Some("VII-C-5".to_string()),
            // 2019-20 only (editions.md "2019-20 (MLAG)").
            "goal_arranged" => Some(cite_in(edition, adventurous, "III-B-2")),
            "goal_set_by_time" => Some(cite_in(edition, adventurous, "III-B-2-c")),
            "joined_side" => Some(cite_in(edition, adventurous, "VII-A-3")),
            _ => None,
        })?;
    Some(Reason {
        section,
        text: why
            .map(str::to_string)
            .unwrap_or_else(|| event_words(name, v)),
    })
}

/// [`withheld_guard`] for act `i` taking `m` to `next` with `events`, when
/// the log's seed is withheld.
fn check_withheld(
    m: &Match,
    next: &Match,
    events: &[onsets_engine::Event],
    i: usize,
) -> Result<(), JudgeError> {
    if !m.config().seed_withheld {
        return Ok(());
    }
    let drew = events.iter().any(|e| {
        matches!(
            e,
            onsets_engine::Event::Rolled { .. }
                | onsets_engine::Event::Dealt { .. }
                | onsets_engine::Event::FirstSetterRolls { .. }
        )
    });
    let ended = withholds(m) && !matches!(next.phase(), Phase::Writing(_));
    withheld_guard(i, drew, ended)
}

/// Applies acts to the match in the engine, reporting events and totals.
fn rule_acts(mut m: Match, at_ms: u64, acts: &[serde_json::Value]) -> Result<Ruling, JudgeError> {
    let (edition, adventurous) = (m.config().edition, m.config().adventurous);
    let before = m.totals();
    let mut events = Vec::new();
    let mut reasons = Vec::new();
    let mut facts = vec![format!("phase:{}", phase_name(m.phase()))];
    if let Some(p) = mat(&m, Situation::Impossible) {
        position_facts(&p, &mut facts);
    }
    for (i, v) in acts.iter().enumerate() {
        let mut v = v.clone();
        if let Some(o) = v.as_object_mut() {
            o.entry("at_ms").or_insert(at_ms.into());
        }
        let action: Action = serde_json::from_value(v).map_err(|e| {
            err(
                "dispute.act",
                format!("act {}: not an act of the log notation: {e}", i + 1),
            )
        })?;
        if let Ok(serde_json::Value::Object(o)) = serde_json::to_value(&action.act) {
            if let Some(t) = o.get("type").and_then(|t| t.as_str()) {
                facts.push(format!("act:{t}"));
            }
            if o.get("bonus").and_then(|b| b.as_bool()) == Some(true) {
                facts.push("bonus".into());
            }
        }
        if let Act::Challenge { .. } = action.act {
            facts.push("challenge".into());
            if matches!(m.phase(), Phase::Setup { .. } | Phase::Variations { .. }) {
                facts.push("challenge-before-goal".into());
            }
        }
        match m.apply(action) {
            Ok((next, evs)) => {
                check_withheld(&m, &next, &evs, i + 1)?;
                m = next;
                for e in evs {
                    let v = serde_json::to_value(&e).unwrap_or(serde_json::Value::Null);
                    let name = v["event"].as_str().unwrap_or("").to_string();
                    facts.push(format!("event:{name}"));
                    if let Some(r) = event_reason(&v, &name, edition, adventurous) {
                        if !reasons
                            .iter()
                            .any(|x: &Reason| x.section == r.section && x.text == r.text)
                        {
                            reasons.push(r);
                        }
                    }
                    events.push(v);
                }
            }
            Err(rej) => {
                facts.push(format!("reject:{}", rej.code));
                reasons.push(Reason {
                    section: rej.rule.to_string(),
                    text: rej.message.clone(),
                });
                return Ok(Ruling {
                    edition: m.config().edition.name(),
                    decided: true,
                    claim: None,
                    alternative: None,
                    alternative_text: None,
                    ruling: format!(
                        "Act {} is not allowed now: {} ({}).",
                        i + 1,
                        rej.message.trim_end_matches('.'),
                        rej.rule
                    ),
                    decided_by: "engine",
                    upheld: false,
                    reasons,
                    explanation: None,
                    witness: None,
                    events,
                    totals_before: Some(before),
                    totals_after: Some(m.totals()),
                    position: mat(&m, Situation::Impossible).as_ref().and_then(to_value),
                    situations: situations::matching(&facts, 5),
                });
            }
        }
    }
    let after = m.totals();
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
    let named = |n: &str| events.iter().find(|e| e["event"] == n);
    let ruling = if let Some(e) = named("challenge_set_aside") {
        format!(
            "The challenge is set aside: {} ({}); {scores}.",
            e["reason"].as_str().unwrap_or(""),
            e["rule"].as_str().unwrap_or("V-B")
        )
    } else if let Some(e) = named("charge_set_aside") {
        format!(
            "The charge of illegal procedure is set aside: {}; {scores}.",
            e["reason"].as_str().unwrap_or("")
        )
    } else if let Some(e) = named("illegal_procedure_charged") {
        format!(
            "Illegal procedure ({}): {}; {scores}.",
            e["rule"].as_str().unwrap_or("IX-A"),
            e["correction"].as_str().unwrap_or("")
        )
    } else {
        format!("The engine accepts it; {scores}.")
    };
    let set_aside = named("challenge_set_aside").is_some() || named("charge_set_aside").is_some();
    Ok(Ruling {
        edition: m.config().edition.name(),
        decided: true,
        claim: None,
        alternative: None,
        alternative_text: None,
        ruling,
        decided_by: "engine",
        upheld: !set_aside,
        reasons,
        explanation: None,
        witness: None,
        events,
        totals_before: Some(before),
        totals_after: Some(after),
        position: mat(&m, Situation::Impossible).as_ref().and_then(to_value),
        situations: situations::matching(&facts, 5),
    })
}

/// The totals before and after a ruling, seat by seat, in words: `Totals,
/// seat by seat: 40 and 22, unchanged` or `…: 40 and 22 before, 46 and 22
/// after`.
fn totals_words(before: &[i32], after: &[i32]) -> String {
    let list = |v: &[i32]| {
        let w: Vec<String> = v.iter().map(i32::to_string).collect();
        match w.as_slice() {
            [] => "none".to_string(),
            [one] => one.clone(),
            [init @ .., last] => format!("{} and {last}", init.join(", ")),
        }
    };
    if before == after {
        format!("Totals, seat by seat: {}, unchanged", list(before))
    } else {
        format!(
            "Totals, seat by seat: {} before, {} after",
            list(before),
            list(after)
        )
    }
}

impl std::fmt::Display for Ruling {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "Ruling ({}): {}", self.decided_by, self.ruling)?;
        if !self.reasons.is_empty() {
            writeln!(f, "Reasons:")?;
            for r in &self.reasons {
                writeln!(f, "  {}: {}", r.section, r.text)?;
            }
        }
        if let Some(w) = &self.witness {
            writeln!(f, "A Solution: {w}")?;
        }
        if let Some(a) = &self.alternative_text {
            writeln!(f, "The alternative play: {a}")?;
        }
        if !self.decided {
            writeln!(f, "Not decided: the reasons say what was.")?;
        }
        if let (Some(b), Some(a)) = (&self.totals_before, &self.totals_after) {
            writeln!(f, "{}", totals_words(b, a))?;
        }
        if !self.situations.is_empty() {
            writeln!(f, "Judges' manual:")?;
            for s in &self.situations {
                writeln!(f, "  {}: {}", s.id, s.summary)?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// VII-C-5-d: a Solution that does not parse is undefined; the ruling
    /// names the section once, after the checker's words and the column.
    #[test]
    fn the_totals_are_said_in_words() {
        assert_eq!(
            super::totals_words(&[40, 22], &[40, 22]),
            "Totals, seat by seat: 40 and 22, unchanged"
        );
        assert_eq!(
            super::totals_words(&[40, 22, 3], &[46, 22, 3]),
            "Totals, seat by seat: 40, 22 and 3 before, 46, 22 and 3 after"
        );
    }

    #[test]
    fn vii_c_5_d_parse_error_ruling_names_its_section_once() {
        let position = Position::from_json(
            r#"{"division":"junior","universe":"B R G BR","goal":"2","resources":"B R ∪","situation":"impossible"}"#,
        )
        .unwrap();
        let ruling = rule(
            &Source::Position(position),
            &Dispute::Solution {
                solution: "B ∪ ∪".into(),
            },
        )
        .unwrap();
        assert_eq!(
            ruling.ruling.matches("VII-C-5-d").count(),
            1,
            "{}",
            ruling.ruling
        );
        assert!(ruling.ruling.contains("column 5"), "{}", ruling.ruling);
        assert_eq!(ruling.reasons.len(), 1);
        assert_eq!(ruling.reasons[0].section, "VII-C-5-d");
        assert!(
            !ruling.reasons[0].text.contains("VII-C-5-d"),
            "{:?}",
            ruling.reasons
        );
    }
}

//! Puzzles under Layman Allen's 1969 manual (M69; docs/editions.md "1969
//! (Allen)"; docs/puzzles.md "1969"). The 1969 game has no Now or
//! Impossible challenge: a play is judged against the players' claims (M69
//! 3.5): **P** (a Solution can still be built however the Resources are
//! played) and **A** (if possible, the play avoids allowing a Solution with at
//! most one more cube). Every answer comes from the exact claims of
//! [`onsets_solver::claims`] (`solution_any` = Sol\*, `solution_one_more` =
//! Sol≤1, `a_claim_alternative`, `p_claim_is_correct`).
//!
//! * `claim`: right after a play, which Flub claim is correct: `a`, `p` or
//!   `none` (M69 3.5, 3.7).
//! * `solve`: after an A-claim challenge (at most one Resources cube) or a
//!   P-claim challenge (any Resources cube, M69 3.4 D), write a Solution; one
//!   cube is enough where it names the Goal (4.2-B P2).
//! * `safe-move`: which regular move (no bonus) keeps both claims.
//! * `goal`: which Goal keeps both claims (setting the Goal is play 0, open
//!   to the A- and P-claims, M69 3.1, 3.5).
//!
//! A play keeps both claims exactly when `not Sol≤1(after)` and
//! `Sol*(after)`. When one such play exists, every play with `Sol≤1(after)`
//! is an A-claim Flub (that play is the alternative of 3.7 comment 3), and
//! every play with `not Sol*(after)` a P-claim Flub; so the `safe-move` and
//! `goal` puzzles are kept only when some play keeps both claims, and their
//! answers are then exact.

use crate::deal::{self, Table};
use crate::features::{solution_cubes, Features};
use crate::rng::Dice;
use crate::{themes, Kind, Made};
use onsets_core::{Edition, Position, Situation};
use onsets_solver::analysis::{goal_digits, goal_layouts, with_goal};
use onsets_solver::claims::{self, Play};
use serde_json::json;

/// The answers of a `claim` puzzle, in the order offered.
pub const CLAIM_CHOICES: [&str; 3] = ["a", "p", "none"];

/// A Solution as the 1969 manual writes it (O for orange).
fn o(position: &Position, text: &str) -> String {
    position.in_edition_colors(text)
}

/// One generated candidate of `kind` from `seed` under a 1969 `edition`.
pub(crate) fn generated(kind: Kind, table: Table, edition: Edition, seed: u64) -> Option<Made> {
    let mut dice = Dice::new(seed);
    let before = deal::before_goal_in(&mut dice, table, edition)?;
    // A puzzle never offers a variation no player could have chosen (II-C-2).
    if !deal::selectable(&before) {
        return None;
    }
    if kind == Kind::Goal {
        return goal(&before);
    }
    let start = deal::set_goal(&mut dice, &before)?;
    let n = deal::cubes(start.resources());
    let moves = match kind {
        Kind::SafeMove => dice.between(n.saturating_sub(6).max(1), n.saturating_sub(3).max(1)),
        _ => dice.between(1, n.saturating_sub(2).max(1)),
    };
    match kind {
        Kind::Claim => {
            let (_, before) = if moves > 1 {
                deal::play(&mut dice, &start, moves - 1)?
            } else {
                (start.clone(), start)
            };
            let options = deal::regular_moves(&before);
            let mv = dice.pick(&options)?.clone();
            claim(&before, &Play::Move(mv))
        }
        Kind::Solve => {
            let (_, after) = deal::play(&mut dice, &start, moves)?;
            solve(&after)
        }
        Kind::SafeMove => {
            let (_, after) = deal::play(&mut dice, &start, moves)?;
            safe_move(&after)
        }
        _ => None,
    }
}

/// The `claim` puzzle of `play` made from `before`, if it is kept: at least
/// three cubes in Resources before the play (so that two remain), and a
/// Solution still possible before it (the previous play kept the P-claim:
/// the position arises between careful players).
pub(crate) fn claim(before: &Position, play: &Play) -> Option<Made> {
    if deal::cubes(before.resources()) < 3 {
        return None;
    }
    claims::solution_any(before)?;
    let mut after = claims::apply_play(before, play).ok()?;
    after = after
        .with_situation(Situation::Impossible)
        .expect("now and impossible are every position's situations");
    let after = deal::validated(&after)?;
    let (word, explanation, witness) = if claims::p_claim_is_correct(&after) {
        (
            "p",
            format!(
                "The P-claim is broken (M69 3.5 P): after {play} no Solution can be built \
                 however the remaining Resources are played. A P-claim challenge puts the \
                 burden on the Mover (3.7 comment 2), who cannot sustain it; the exact solver \
                 proved it by exhausting every Solution the cubes allow."
            ),
            None,
        )
    } else if let Some(alt) = alternative(before, play) {
        let one = claims::solution_one_more(&after)?;
        (
            "a",
            format!(
                "The A-claim is broken (M69 3.5 A, 3.7 comment 3): after {play} the Solution \
                 {} uses at most one more cube from Resources, and the play {alt} would have \
                 allowed no such Solution while keeping one possible. The Challenger names \
                 that alternative and writes the Solution.",
                o(&after, &one)
            ),
            Some(one),
        )
    } else {
        let any = claims::solution_any(&after)?;
        let why = if claims::solution_one_more(&after).is_some() {
            "a Solution with at most one more cube is possible, but no other play would have \
             avoided that while keeping a Solution possible, so the A-claim (\"if possible\") \
             holds"
        } else {
            "no Solution with at most one more cube from Resources is possible, so the A-claim \
             holds"
        };
        (
            "none",
            format!(
                "Neither claim is broken. The P-claim holds (M69 3.5 P): a Solution can still \
                 be built, for example {}. And {why} (3.5 A, 3.7 comment 3).",
                o(&after, &any)
            ),
            Some(any),
        )
    };
    let mut features = Features::of(&after);
    features.shortest = witness.as_deref().map(solution_cubes);
    if word == "none" && features.shortest.is_some_and(|n| n < 2) {
        return None;
    }
    let mut t = vec!["flub-claims"];
    t.extend(themes::of_solution(witness.as_deref()));
    Some(Made {
        question: format!(
            "The play {play} has just been made (the position shown is after it). Which Flub \
             claim can be challenged correctly: the A-claim (a), the P-claim (p), or none?"
        ),
        choices: CLAIM_CHOICES.iter().map(|s| s.to_string()).collect(),
        answer: json!(word),
        answer_word: word.to_string(),
        explanation,
        features,
        themes: t,
        play: Some((play.to_string(), before.clone())),
        position: after,
    })
}

/// An alternative that sustains an A-claim against `play` (M69 3.7 comment
/// 3): a regular move without a bonus when one exists (the simplest to
/// name), else any play ([`claims::a_claim_alternative`]).
fn alternative(before: &Position, play: &Play) -> Option<Play> {
    let after = claims::apply_play(before, play).ok()?;
    claims::solution_one_more(&after)?;
    deal::regular_moves(before)
        .into_iter()
        .map(Play::Move)
        .find(|alt| claims::a_claim_is_correct(before, play, alt))
        .or_else(|| claims::a_claim_alternative(before, play))
}

/// The `solve` puzzle of `after` (a position in play), if it is kept: at
/// least two cubes in Resources and a shortest Solution of at least three
/// cubes. When a Solution with at most one more cube exists the question is
/// the A-claim challenger's (situation `now`, M69 3.4 D); otherwise, when a
/// Solution exists, the Mover's after a P-claim challenge (situation
/// `impossible`: Resources as Permitted).
pub(crate) fn solve(after: &Position) -> Option<Made> {
    if deal::cubes(after.resources()) < 2 {
        return None;
    }
    let p = after
        .with_situation(if claims::solution_one_more(after).is_some() {
            Situation::Now
        } else {
            Situation::Impossible
        })
        .expect("now and impossible are every position's situations");
    let short = onsets_solver::solve_shortest(&p).text()?;
    let cubes = solution_cubes(&short);
    if cubes < 3 {
        return None;
    }
    let short = o(&p, &short);
    let question = match p.situation() {
        Situation::Now => {
            "An A-claim challenge has been made. Write a Solution using the mat and at most \
             one more cube from Resources (M69 3.4 D, 3.7)."
        }
        _ => {
            "A P-claim challenge has been made, but a Solution exists. As the Mover, write \
             a Solution; the Resources cubes may be used as Permitted ones (M69 3.4 D, 3.7)."
        }
    };
    let explanation = format!(
        "A Solution with the fewest cubes ({cubes}) is {short}: it names exactly the Goal's \
         number of cards (M69 3.4), uses every Required cube and no Forbidden cube \
         (3.4 A, C){}. Any correct Solution is accepted; the fourth color is orange, O.",
        if p.situation() == Situation::Now {
            " and at most one cube from Resources (3.4 D)"
        } else {
            ""
        }
    );
    let mut features = Features::of(&p);
    features.shortest = Some(cubes);
    let mut t = vec!["writing-solutions", "flub-claims"];
    t.extend(themes::of_solution(Some(&short)));
    Some(Made {
        question: question.into(),
        choices: Vec::new(),
        answer: json!({"shortest": short, "cubes": cubes, "sets": []}),
        answer_word: String::new(),
        explanation,
        features,
        themes: t,
        play: None,
        position: p,
    })
}

/// How a play stands against the two claims, with the Solution that shows it.
fn classify(after: &Position) -> (&'static str, Option<String>) {
    if let Some(one) = claims::solution_one_more(after) {
        return ("a-flub", Some(one));
    }
    match claims::solution_any(after) {
        Some(any) => ("safe", Some(any)),
        None => ("p-flub", None),
    }
}

/// The `safe-move` puzzle of `position` (the Goal set, in play), if it is
/// kept: at least three cubes in Resources, a Solution still possible, at
/// least four regular moves, exactly one keeping both claims.
pub(crate) fn safe_move(position: &Position) -> Option<Made> {
    let mut position = position.clone();
    position = position
        .with_situation(Situation::Impossible)
        .expect("now and impossible are every position's situations");
    if deal::cubes(position.resources()) < 3 || claims::goal_pending(&position) {
        return None;
    }
    claims::solution_any(&position)?;
    let moves = deal::regular_moves(&position);
    if moves.len() < 4 {
        return None;
    }
    let mut classes = Vec::new();
    let mut safe = 0;
    for mv in &moves {
        let after = claims::apply_play(&position, &Play::Move(mv.clone())).ok()?;
        let (class, witness) = classify(&after);
        if class == "safe" {
            safe += 1;
            if safe > 1 {
                return None;
            }
        }
        classes.push((mv.to_string(), class, witness));
    }
    let safe_move = classes.iter().find(|c| c.1 == "safe")?;
    let count = |k: &str| classes.iter().filter(|c| c.1 == k).count();
    let mut features = Features::of(&position);
    features.choices = Some(classes.len());
    features.safe = Some(1);
    features.shortest = safe_move.2.as_deref().map(solution_cubes);
    let explanation = format!(
        "Of the {} moves, {} allow a Solution with at most one more cube from Resources \
         (A-claim Flubs, M69 3.5 A: the safe move is the alternative of 3.7 comment 3) and {} \
         leave no Solution at all (P-claim Flubs, 3.5 P). Only {} keeps both claims: \
         afterwards a Solution is still possible, for example {}, but not with just one \
         more cube.",
        classes.len(),
        count("a-flub"),
        count("p-flub"),
        safe_move.0,
        o(&position, safe_move.2.as_deref().unwrap_or("?")),
    );
    let mut t = vec!["safe-moves", "flub-claims"];
    t.extend(themes::of_solution(safe_move.2.as_deref()));
    Some(Made {
        question: "It is your turn to move a cube (no bonus move). Which move keeps both \
                   the A-claim and the P-claim (M69 3.5)?"
            .into(),
        choices: classes.iter().map(|c| c.0.clone()).collect(),
        answer: json!({
            "safe": [safe_move.0],
            "moves": classes.iter().map(|(m, class, w)| json!({
                "move": m,
                "class": class,
                "witness": w.as_deref().map(|w| o(&position, w)),
            })).collect::<Vec<_>>(),
        }),
        answer_word: String::new(),
        explanation,
        features,
        themes: t,
        play: None,
        position,
    })
}

/// The `goal` puzzle of `before` (digit cubes in Resources, placeholder
/// Goal), if it is kept: at least five distinct Goal values, one or two of
/// them keeping both claims (M69 3.1: setting the Goal is a play).
pub(crate) fn goal(before: &Position) -> Option<Made> {
    // each distinct set of values is classified once
    let mut seen: Vec<(Vec<i64>, &'static str, Option<String>)> = Vec::new();
    let mut goals: Vec<(String, Vec<i64>, &'static str, Option<String>)> = Vec::new();
    let mut safe_values = 0;
    for g in goal_layouts(&goal_digits(before)) {
        let values = g.legal_values(false);
        if values.is_empty() {
            continue;
        }
        let (class, witness) = match seen.iter().find(|(v, _, _)| *v == values) {
            Some((_, c, w)) => (*c, w.clone()),
            None => {
                let (c, w) = classify(&with_goal(before, &g));
                seen.push((values.clone(), c, w.clone()));
                if c == "safe" {
                    safe_values += 1;
                    if safe_values > crate::goal::MAX_SAFE {
                        return None;
                    }
                }
                (c, w)
            }
        };
        goals.push((g.to_string(), values, class, witness));
    }
    if safe_values == 0 || seen.len() < crate::goal::MIN_VALUES {
        return None;
    }
    let safe: Vec<_> = goals.iter().filter(|g| g.2 == "safe").collect();
    let mut features = Features::of(before);
    features.choices = Some(seen.len());
    features.safe = Some(safe_values);
    features.shortest = safe
        .iter()
        .filter_map(|g| g.3.as_deref())
        .map(solution_cubes)
        .min();
    let digits = goal_digits(before);
    let explanation = format!(
        "The numeral cubes {} allow {} Goals with {} different values. Setting the Goal is a \
         play (M69 3.1): a Goal with a Solution of at most one more cube from Resources \
         breaks the A-claim (3.5 A), one with no Solution at all the P-claim (3.5 P). Only \
         {} keep both, for example {} has the Solution {}.",
        digits
            .iter()
            .map(|d| d.to_string())
            .collect::<Vec<_>>()
            .join(" "),
        goals.len(),
        seen.len(),
        safe.iter()
            .map(|g| g.0.clone())
            .collect::<Vec<_>>()
            .join(", "),
        safe[0].0,
        o(before, safe[0].3.as_deref().unwrap_or("?")),
    );
    let mut t = vec!["goal-setting", "flub-claims"];
    t.extend(themes::of_solution(safe[0].3.as_deref()));
    Some(Made {
        question: "You are the Shaker: the cubes are shaken and the numeral cubes are in \
                   Resources (the position's Goal is only a placeholder). Which Goal keeps \
                   both the A-claim and the P-claim (M69 3.1, 3.5)? Write the Goal, e.g. 3+2 \
                   or 2*4."
            .into(),
        choices: Vec::new(),
        answer: json!({
            "safe": safe.iter().map(|g| g.0.clone()).collect::<Vec<_>>(),
            "goals": goals.iter().map(|(g, values, class, w)| json!({
                "goal": g,
                "values": values,
                "safe": *class == "safe",
                "class": class,
                "witness": w.as_deref().map(|w| o(before, w)),
            })).collect::<Vec<_>>(),
        }),
        answer_word: String::new(),
        explanation,
        features,
        themes: t,
        play: None,
        position: before.clone(),
    })
}

//! Exercises built by the solver: Restrictions (VI-B) and each variation of
//! XIII, each on a position generated from a seed ([`SEED`]) and kept only
//! when the solver proves the rule matters in it.
//!
//! A candidate is dealt as the puzzles deal ([`crate::deal`]: cubes rolled, a
//! Universe of the division's size, a Goal a Solution can reach, random
//! moves), with the lesson's variation selected. It is kept when:
//!
//! * **Restrictions** (VI-B): a correct Solution exists, and none exists once
//!   the = and ⊆ cubes are taken out of the game (so every correct Solution
//!   has a Restriction);
//! * **a variation that writes Solutions** (all but Shift from Permitted): a
//!   correct Solution exists with the variation, and without it either none
//!   exists or the solver's shortest Solution without it is incorrect with it
//!   (so the learner has to use the variation);
//! * **Shift from Permitted** (XIII-A-7): some shift from Permitted is safe
//!   and some move is not.
//!
//! The situation is Now when a Now challenge is valid and the rule matters
//! there (the learner is the Challenger: the mat and at most one Resources
//! cube, VII-B-4-e), else Impossible (the learner is the Mover: any cubes,
//! VII-B-4-f).

use super::{Intended, Lesson, Step, Task};
use crate::deal::{self, Table};
use crate::rng::{mix, Dice};
use onsets_core::{check, Division, Goal, GoalLayout, Position, Situation, Variation};
use onsets_solver::analysis::{
    classify_moves_with, goal_digits, goal_layouts, now_challenge_valid, with_goal, Class,
    MoveKind, MoveOptions,
};

/// The seed of the lessons' exercises (the same exercises on every server).
pub const SEED: u64 = 20_261_503;

/// Exercises per lesson.
const STEPS: u64 = 2;

/// How many candidates an exercise may try before giving up.
const TRIES: u64 = 400;

/// What an exercise teaches.
#[derive(Clone, Debug)]
struct Spec {
    id: &'static str,
    title: &'static str,
    rule: &'static str,
    division: Division,
    /// The variation's text with `{}` for a symbol, set or card chosen from
    /// the deal; empty for Restrictions.
    variation: &'static str,
    text: &'static str,
    hint: &'static str,
}

fn specs() -> Vec<Spec> {
    use Division::*;
    let s = |id, title, rule, division, variation, text, hint| Spec {
        id,
        title,
        rule,
        division,
        variation,
        text,
        hint,
    };
    vec![
        s("restrictions", "Restrictions", "VI-B", Middle, "",
          "In Middle, Junior and Senior Division a Solution may begin with Restrictions (VI-B): \
           A ⊆ B removes every card in A but not in B (VI-B-2-a); A = B removes every card in one \
           set but not the other (VI-B-2-b). The Set-Name is then worked out on the cards that \
           remain (VI-B-1). In this position no Solution exists without a Restriction (the exact \
           solver proved it): write one with a Restriction, then the Set-Name, separated by ; .",
          "Look for a Restriction that removes exactly the cards you do not want, then name the rest \
           with V or a color. = and ⊆ never go in the Set-Name (VI-A)."),
        s("required-cube", "Required Cube", "XIII-A-1", Elementary, "required-cube {sym}",
          "Required Cube (XIII-A-1): every Solution must contain the named symbol, wherever its cube \
           is. Write a correct Solution.",
          "The solver's shortest Solution without the variation does not use the required symbol."),
        s("wild-cube", "Wild Cube", "XIII-A-2", Elementary, "wild-cube {sym}",
          "Wild Cube (XIII-A-2): the wild cube may stand for any symbol except a digit, the same \
           symbol everywhere in the Solution. Write what it stands for followed by @ and the cube: \
           R ∪@B G uses the B cube as ∪. Write a correct Solution.",
          "No Solution exists with every cube as itself; let the wild cube be the symbol you lack."),
        s("union-intersection", "∪ and ∩ interchangeable", "XIII-A-3", Elementary,
          "union-intersection-interchangeable",
          "∪ and ∩ Interchangeable (XIII-A-3): any ∪ cube may be used as ∩ and any ∩ as ∪; just \
           write the symbol you mean. Write a correct Solution.",
          "No Solution exists with the cubes as they show; turn a ∪ into ∩ or the other way."),
        s("universe-empty", "V and Λ interchangeable", "XIII-A-4", Elementary,
          "universe-empty-interchangeable",
          "V and Λ Interchangeable (XIII-A-4): any V may be used as Λ and any Λ as V. Write a \
           correct Solution.",
          "Use a V cube as Λ, or a Λ as V."),
        s("two-operations", "Two Operations", "XIII-A-5", Elementary, "two-operations",
          "Two Operations (XIII-A-5): every Solution must contain at least two operation symbols \
           (∪ ∩ − ′; the same one twice counts). Write a correct Solution.",
          "The shortest Solution without the variation has one operation; find another with two, \
           for example by adding ′ twice or ∩ V."),
        s("multiple-operations", "Multiple Operations", "XIII-A-6", Elementary,
          "multiple-operations",
          "Multiple Operations (XIII-A-6): any operation sign not in Forbidden may be used many \
           times in a Solution. Write a correct Solution.",
          "You will need one operation sign more often than there are cubes showing it."),
        s("shift-from-permitted", "Shift from Permitted", "XIII-A-7", Elementary,
          "shift-from-permitted",
          "Shift from Permitted (XIII-A-7): on your turn, instead of a regular move you may transfer \
           a cube in Permitted to Required or Forbidden. Make a shift from Permitted that neither \
           challenge would win against (the solver judges it).",
          "Click a cube in Permitted and then Required or Forbidden. Moving a cube every Solution \
           needs to Forbidden invites Impossible."),
        s("no-null-restrictions", "No Null Restrictions", "XIII-B-8", Middle,
          "no-null-restrictions",
          "No Null Restrictions (XIII-B-8): each Restriction must remove at least one card from the \
           Universe. Write a correct Solution.",
          "A Restriction that every card satisfies removes nothing and breaks this variation."),
        s("absolute-value", "Absolute Value", "XIII-B-9", Middle, "absolute-value",
          "Absolute Value (XIII-B-9): any upside-down cube in the Goal may be read right side up. \
           Write a correct Solution for either reading.",
          "Read the upside-down digit both ways: which value can the cubes reach?"),
        s("double-set", "Double Set", "XIII-C-10", Junior, "double-set {set}",
          "Double Set (XIII-C-10): each card in the named set counts twice for every Solution. \
           (Junior Division also always plays Multiple Operations and both Interchangeables, \
           XIII-C-1 to 3.) Write a correct Solution.",
          "Count the doubled cards twice when you count the set your Solution names."),
        s("required-card", "Required Card", "XIII-C-11", Junior, "required-card {card}",
          "Required Card (XIII-C-11): the named card must be in the set your Set-Name names. Write \
           a correct Solution.",
          "The shortest Solution without the variation leaves the required card out."),
        s("forbidden-card", "Forbidden Card", "XIII-C-11", Junior, "forbidden-card {card}",
          "Forbidden Card (XIII-C-11): the named card must not be in the set your Set-Name names. \
           Write a correct Solution.",
          "The shortest Solution without the variation names the forbidden card."),
        s("blank-card-wild", "Blank Card Wild", "XIII-C-12", Junior, "blank-card-wild",
          "Blank Card Wild (XIII-C-12): each Solution-writer says which colors, if any, are on the \
           blank card, with a part such as blank: BG. Write a correct Solution.",
          "Give the blank card the colors that put it in (or keep it out of) your set."),
        s("symmetric-difference", "Symmetric Difference", "XIII-D-13", Senior,
          "symmetric-difference",
          "Symmetric Difference (XIII-D-13): A − B means the cards in exactly one of A and B. Write \
           a correct Solution.",
          "A − B now includes the cards of B that are not in A."),
        s("two-solutions", "Two Solutions", "XIII-D-14", Senior, "two-solutions",
          "Two Solutions (XIII-D-14): write two Solutions, separated by || ; the second must name at \
           least one card the first does not. Each must be correct on its own.",
          "Find one Solution, then another whose set has a card the first set lacks."),
    ]
}

/// The exercises, one lesson each, from `seed`.
pub fn lessons(seed: u64) -> Vec<Lesson> {
    specs()
        .into_iter()
        .enumerate()
        .map(|(i, spec)| {
            let made: Vec<(Position, Task)> = (0..STEPS)
                .filter_map(|k| make(&spec, mix(mix(seed, i as u64), k)))
                .collect();
            let part = if spec.variation.is_empty() {
                "restrictions"
            } else {
                "variations"
            };
            let steps = made
                .into_iter()
                .enumerate()
                .map(|(k, (position, task))| Step {
                    text: if k == 0 {
                        spec.text.to_string()
                    } else {
                        format!("Another position under the same rule ({}).", spec.rule)
                    } + if task == Task::Write {
                        situation_text(&position)
                    } else {
                        ""
                    },
                    sections: vec![spec.rule.to_string()],
                    position,
                    task,
                    hint: spec.hint.to_string(),
                    shake: None,
                    intended: Intended::Any,
                })
                .collect();
            Lesson {
                id: spec.id.into(),
                title: spec.title.into(),
                rule: spec.rule.into(),
                part: part.into(),
                summary: spec
                    .text
                    .split(". ")
                    .next()
                    .unwrap_or(spec.text)
                    .to_string()
                    + ".",
                steps,
            }
        })
        .collect()
}

/// The exercise of `spec` built from `seed`: the first kept candidate.
fn make(spec: &Spec, seed: u64) -> Option<(Position, Task)> {
    (0..TRIES).find_map(|t| candidate(spec, mix(seed, t)))
}

fn choose_variation(spec: &Spec, dice: &mut Dice, p: &Position) -> Option<Variation> {
    let symbols: Vec<String> = p
        .resources()
        .iter()
        .filter(|s| !s.is_digit() && !s.is_relation())
        .map(|s| s.to_string())
        .collect();
    let cards: Vec<String> = p.universe().iter().map(|c| c.to_string()).collect();
    let sets = ["B", "R", "G", "Y", "B′", "R′", "B ∩ R", "G ∪ Y"];
    let text = spec
        .variation
        .replace("{sym}", dice.pick(&symbols)?)
        .replace("{card}", dice.pick(&cards)?)
        .replace("{set}", dice.pick(&sets)?);
    let v = Variation::parse(&text).ok()?;
    v.selectable_in(spec.division).then_some(v)
}

fn candidate(spec: &Spec, seed: u64) -> Option<(Position, Task)> {
    let mut dice = Dice::new(seed);
    let table = Table {
        division: spec.division,
        adventurous: true,
    };
    let mut before = deal::before_goal(&mut dice, table)?
        .with_variations(Vec::new())
        .ok()?;
    if !spec.variation.is_empty() {
        let v = choose_variation(spec, &mut dice, &before)?;
        before = before.with_variations(vec![v]).ok()?;
    }
    if spec.id == "blank-card-wild" && !before.universe().iter().any(|c| c.is_blank()) {
        return None;
    }
    let before = deal::validated(&before)?;
    let start = goal_for_learners(&mut dice, &before, spec.id == "absolute-value")?;
    let n = deal::cubes(start.resources());
    let moves = dice.between(3, n.saturating_sub(3).max(3));
    let (_, after) = deal::play(&mut dice, &start, moves)?;
    if spec.id == "shift-from-permitted" {
        return shift_exercise(after);
    }
    for situation in [Situation::Now, Situation::Impossible] {
        if situation == Situation::Now && !now_challenge_valid(&after) {
            continue;
        }
        let p = after
            .with_situation(situation)
            .expect("now and impossible are every position's situations");
        if kept(spec, &p) {
            return Some((p, Task::Write));
        }
    }
    None
}

/// A Goal a learner reads at a glance, that a correct Solution reaches: one
/// cube, or two side by side or in a line; for Absolute Value (XIII-B-9) two
/// cubes with one upside-down.
fn goal_for_learners(dice: &mut Dice, before: &Position, upside_down: bool) -> Option<Position> {
    let cards = before.universe().len() as i64;
    let layouts: Vec<Goal> = goal_layouts(&goal_digits(before))
        .into_iter()
        .filter(|g| {
            let flipped = g.digits().iter().filter(|d| d.upside_down).count();
            let simple = matches!(
                g.layout(),
                GoalLayout::Single(_) | GoalLayout::Sum2(..) | GoalLayout::Product2(..)
            );
            let values = g.legal_values(upside_down);
            simple
                && if upside_down {
                    flipped == 1 && g.digits().len() == 2
                } else {
                    flipped == 0
                }
                && values.iter().any(|&v| (1..=cards).contains(&v))
        })
        .collect();
    for _ in 0..6 {
        let g = dice.pick(&layouts)?;
        let p = with_goal(before, g);
        if onsets_solver::solve(&p).is_solvable() {
            return deal::validated(&p);
        }
    }
    None
}

/// The position without what the lesson teaches: the = and ⊆ cubes taken
/// out (Restrictions), or the variation not selected.
pub fn without_rule(id: &str, p: &Position) -> Position {
    p.edit(|q| {
        if id == "restrictions" {
            for l in [
                &mut q.required,
                &mut q.permitted,
                &mut q.forbidden,
                &mut q.resources,
            ] {
                l.retain(|s| !s.is_relation());
            }
        } else {
            q.variations.clear();
        }
    })
    .expect("cubes or variations taken out keep a position valid")
}

/// Whether the rule matters in `p` (the module's criteria).
pub fn matters(id: &str, p: &Position) -> bool {
    let q = without_rule(id, p);
    match onsets_solver::solve_shortest(&q).text() {
        None => true,
        Some(w) => id != "restrictions" && !check(p, &w).correct,
    }
}

/// The most cubes the solver's shortest Solution of an exercise may have
/// (Restrictions need a few more).
fn most_cubes(id: &str) -> usize {
    match id {
        "restrictions" | "no-null-restrictions" | "two-solutions" => 9,
        _ => 5,
    }
}

fn kept(spec: &Spec, p: &Position) -> bool {
    // = and ⊆ in Required force a Restriction: only where Restrictions are taught
    let relation_required = p.required().iter().any(|s| s.is_relation());
    if relation_required && !matches!(spec.id, "restrictions" | "no-null-restrictions") {
        return false;
    }
    let Some(short) = onsets_solver::solve_shortest(p).text() else {
        return false;
    };
    if crate::features::solution_cubes(&short) > most_cubes(spec.id) || !matters(spec.id, p) {
        return false;
    }
    // Restrictions: the Solution shown has a Restriction that removes a card
    // (judged with No Null Restrictions added, XIII-B-8), not only padding
    spec.id != "restrictions" || {
        p.with_variations(vec![Variation::NoNullRestrictions])
            .is_ok_and(|strict| check(&strict, &short).correct)
    }
}

/// The situation in words, added to each exercise's text.
fn situation_text(p: &Position) -> &'static str {
    match p.situation() {
        Situation::Now => {
            " You challenged Now, so your Solution uses every Required cube, any Permitted cubes \
             and at most one cube from Resources (VII-B-4-e)."
        }
        _ => {
            " An Impossible challenge was made against your move: your Solution uses every \
             Required cube and any cubes of Permitted and Resources (VII-B-4-f)."
        }
    }
}

fn shift_exercise(after: Position) -> Option<(Position, Task)> {
    if after.permitted().iter().filter(|s| !s.is_digit()).count() < 2 {
        return None;
    }
    let classes = classify_moves_with(&after, MoveOptions { bonus: false });
    let shift_safe = classes
        .iter()
        .any(|c| c.mv.kind == MoveKind::ShiftFromPermitted && c.class == Class::Safe);
    let shift_unsafe = classes
        .iter()
        .any(|c| c.mv.kind == MoveKind::ShiftFromPermitted && c.class != Class::Safe);
    let p = after
        .with_situation(Situation::Impossible)
        .expect("now and impossible are every position's situations");
    (shift_safe && shift_unsafe).then_some((
        p,
        Task::Move {
            to: None,
            shift: true,
            safe: true,
        },
    ))
}

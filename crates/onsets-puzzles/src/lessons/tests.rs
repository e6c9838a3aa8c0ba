//! Every lesson is answerable, and each step teaches what its text says: the
//! author's intended answers are re-derived by the checker, the solver and
//! the engine, so a wrong position fails here.

use super::*;

fn choices_other_than(w: &str) -> Vec<&'static str> {
    ["now", "impossible", "neither"]
        .into_iter()
        .filter(|c| *c != w)
        .collect()
}

fn mv(face: &str, to: &str) -> Attempt {
    Attempt::Move {
        cube: face.into(),
        from: None,
        to: to.into(),
    }
}

fn codes(o: &Outcome) -> Vec<String> {
    o.verdict.as_ref().map_or(Vec::new(), |v| {
        v["errors"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|e| e["code"].as_str().map(str::to_string))
            .collect()
    })
}

/// Checks every step of a Basic lesson against its intended answers, and
/// "show me" against the judge.
fn verify(id: &str) {
    let lessons = basic_lessons();
    let l = lessons.iter().find(|l| l.id == id).expect("lesson");
    assert!(!l.steps.is_empty(), "{id} has steps");
    for (i, s) in l.steps.iter().enumerate() {
        let at = format!("{id} step {}", i + 1);
        let right = |a: Attempt| {
            let o = judge(s, &a).unwrap_or_else(|e| panic!("{at}: {e}"));
            assert!(o.correct, "{at}: {a:?} should be right: {o:?}");
            assert!(o.reasons.is_empty(), "{at}: no reasons when right");
        };
        let wrong = |a: Attempt| {
            let o = judge(s, &a).unwrap_or_else(|e| panic!("{at}: {e}"));
            assert!(!o.correct, "{at}: {a:?} should be wrong: {o:?}");
            assert!(!o.reasons.is_empty(), "{at}: a wrong attempt says why");
            assert!(
                o.reasons.iter().all(|r| !r.section.is_empty()),
                "{at}: every reason cites a section"
            );
            o
        };
        match &s.intended {
            Intended::Any => panic!("{at}: a Basic step says what it teaches"),
            Intended::Challenge(w) => {
                right(Attempt::Challenge {
                    challenge: w.to_string(),
                });
                for c in choices_other_than(w) {
                    wrong(Attempt::Challenge {
                        challenge: c.into(),
                    });
                }
            }
            Intended::Write {
                right: r,
                wrong: w,
                code,
            } => {
                right(Attempt::Solution {
                    solution: r.to_string(),
                });
                let o = wrong(Attempt::Solution {
                    solution: w.to_string(),
                });
                assert!(
                    codes(&o).iter().any(|c| c == code),
                    "{at}: {w} is rejected for {code}: {:?}",
                    codes(&o)
                );
                assert!(o.explanation.is_some(), "{at}: the explanation is given");
            }
            Intended::Move { right: r, wrong: w } => {
                right(mv(r.0, r.1));
                let o = wrong(mv(w.0, w.1));
                assert!(o.message.contains(w.0), "{at}: {}", o.message);
            }
            Intended::Goal { right: r, wrong: w } => {
                right(Attempt::Goal {
                    goal: r.to_string(),
                });
                wrong(Attempt::Goal {
                    goal: w.to_string(),
                });
            }
            Intended::Score(points) => {
                let played = scoring::play(s.shake.as_ref().expect("a shake")).expect("played");
                assert_eq!(&played.points, points, "{at}: the engine's points");
                right(Attempt::Score {
                    points: points.clone(),
                });
                let mut other = points.clone();
                other[0] = if other[0] == 2 { 6 } else { 2 };
                wrong(Attempt::Score { points: other });
            }
        }
        let shown = show(s).unwrap_or_else(|| panic!("{at}: show me has an answer"));
        assert!(
            judge(s, &shown.attempt).expect("judged").correct,
            "{at}: show me is judged right: {shown:?}"
        );
    }
}

#[test]
fn basic_i_goal_rule_sum_product_negative_and_reachable() {
    verify("goal");
}

#[test]
fn basic_ii_move_rule_to_required_and_a_safe_move() {
    verify("move");
}

#[test]
fn basic_iii_solution_rule_required_two_cubes_and_grouping() {
    verify("solution");
}

#[test]
fn basic_iv_challenge_rule_now_impossible_and_neither() {
    verify("challenge");
}

#[test]
fn basic_v_correctness_rule_scored_by_the_engine() {
    verify("correctness");
}

#[test]
fn basic_vi_challenge_scoring_with_a_third_party_scored_by_the_engine() {
    verify("scoring");
}

#[test]
fn basic_vii_last_cube_rule_only_impossible_then_forceout() {
    verify("last-cube");
    // the last cube never goes to Forbidden (Basic VII)
    let l = basic_lessons();
    let s = &l.iter().find(|l| l.id == "last-cube").unwrap().steps[1];
    let o = judge(s, &mv("G", "forbidden")).unwrap();
    assert!(!o.correct);
    assert_eq!(o.reasons[0].section, "Basic VII");
    // and Now is not allowed with one cube left
    let s = &l.iter().find(|l| l.id == "last-cube").unwrap().steps[0];
    let o = judge(
        s,
        &Attempt::Challenge {
            challenge: "now".into(),
        },
    )
    .unwrap();
    assert!(o.message.contains("not allowed"), "{}", o.message);
}

#[test]
fn the_seven_basic_rules_are_taught_in_order() {
    // every hand-written step is there (a position the core refuses, or a
    // shake the engine refuses, would drop its step)
    let steps: Vec<usize> = basic_lessons().iter().map(|l| l.steps.len()).collect();
    assert_eq!(steps, [4, 2, 3, 4, 3, 3, 4]);
    let rules: Vec<String> = basic_lessons().iter().map(|l| l.rule.clone()).collect();
    assert_eq!(
        rules,
        [
            "Basic I",
            "Basic II",
            "Basic III",
            "Basic IV",
            "Basic V",
            "Basic VI",
            "Basic VII"
        ]
    );
}

#[test]
fn vi_b_and_xiii_exercises_are_built_by_the_solver_and_the_rule_matters() {
    let ex: Vec<&Lesson> = lessons().iter().filter(|l| l.part != "basic").collect();
    assert_eq!(ex.len(), 16, "Restrictions and fifteen variations");
    for l in ex {
        assert_eq!(l.steps.len(), 2, "{}: two exercises were found", l.id);
        for s in &l.steps {
            let shown = show(s).unwrap_or_else(|| panic!("{}: an answer", l.id));
            assert!(judge(s, &shown.attempt).unwrap().correct, "{}", l.id);
            match &s.task {
                Task::Write => {
                    assert!(exercises::matters(&l.id, &s.position), "{}", l.id);
                    // the Solution the learner would write without the rule is
                    // judged incorrect, or none exists without it
                    let q = exercises::without_rule(&l.id, &s.position);
                    if let Some(w) = onsets_solver::solve_shortest(&q).text() {
                        let o = judge(
                            s,
                            &Attempt::Solution {
                                solution: w.clone(),
                            },
                        )
                        .unwrap();
                        assert!(!o.correct, "{}: {w} ignores the rule", l.id);
                    }
                    if l.id != "restrictions" {
                        assert_eq!(s.position.variations().len(), 1, "{}", l.id);
                        assert_eq!(s.position.variations()[0].section(), l.rule, "{}", l.id);
                    }
                }
                Task::Move { shift, safe, .. } => {
                    assert!(*shift && *safe && l.id == "shift-from-permitted");
                    let Attempt::Move { from, .. } = &shown.attempt else {
                        panic!("a move")
                    };
                    assert_eq!(from.as_deref(), Some("permitted"));
                }
                t => panic!("{}: unexpected task {t:?}", l.id),
            }
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_exercises() {
    let a: Vec<Lesson> = lessons()[7..].to_vec();
    let b = exercises::lessons(exercises::SEED);
    let pa: Vec<String> = a
        .iter()
        .flat_map(|l| l.steps.iter().map(|s| s.position.to_json()))
        .collect();
    let pb: Vec<String> = b
        .iter()
        .flat_map(|l| l.steps.iter().map(|s| s.position.to_json()))
        .collect();
    assert_eq!(pa, pb);
}

#[test]
fn attempts_of_the_wrong_kind_or_too_long_are_refused_not_judged() {
    let l = basic_lessons();
    let s = &l[0].steps[0];
    assert!(matches!(
        judge(
            s,
            &Attempt::Solution {
                solution: "B".into()
            }
        ),
        Err(LessonError::WrongKind { .. })
    ));
    assert_eq!(
        judge(
            s,
            &Attempt::Goal {
                goal: "1".repeat(MAX_TEXT + 1)
            }
        ),
        Err(LessonError::TooLong)
    );
    // an unreadable Goal is judged wrong with the layout rule, never a panic
    let o = judge(s, &Attempt::Goal { goal: "3+".into() }).unwrap();
    assert!(!o.correct);
    let m = &l[1].steps[0];
    assert!(matches!(
        judge(m, &mv("Q", "required")),
        Err(LessonError::Unreadable(_))
    ));
    assert!(matches!(
        judge(m, &mv("B", "goal")),
        Err(LessonError::Unreadable(_))
    ));
    // a cube that is not there
    let o = judge(m, &mv("=", "required")).unwrap();
    assert!(!o.correct && o.reasons[0].section == "Basic II");
}

//! Variation drills (docs/practice.md, "Variation drills"): every drilled
//! puzzle re-derived with the solver, with and without its forced variation.

use onsets_puzzles::drills::{
    drill, drill_in, proved_answer, stored_answer_is_proved, without, DrillError,
};
use onsets_puzzles::{judge, Kind, Puzzle};

/// The forced variation matters (the solver's answers with and without it
/// differ), the stored answer is the solver's, and the proved answer is
/// judged correct.
fn rederive(p: &Puzzle, keyword: &str) {
    let position = p.position().expect("the position reads back");
    assert_eq!(
        position.variations().len(),
        1,
        "{}: one forced variation",
        p.id
    );
    assert_eq!(position.variations()[0].keyword(), keyword, "{}", p.id);
    let with = proved_answer(p.kind, &position);
    let bare = without(&position).expect("the position without it");
    assert!(bare.variations().is_empty());
    let without_answer = proved_answer(p.kind, &bare);
    assert_ne!(
        with, without_answer,
        "{}: the variation must change the answer",
        p.id
    );
    assert_eq!(
        stored_answer_is_proved(p),
        Ok(true),
        "{}: stored {} proved {with}",
        p.id,
        p.answer
    );
    let attempt = match p.kind {
        Kind::Solve => p.answer["shortest"]
            .as_str()
            .unwrap_or_default()
            .to_string(),
        Kind::SafeMove => p.answer["safe"][0].as_str().unwrap_or_default().to_string(),
        _ => p.answer.as_str().unwrap_or_default().to_string(),
    };
    assert!(
        judge(p, &attempt).expect("judged").correct,
        "{}: {attempt}",
        p.id
    );
    assert!(p.explanation.contains("Without it"), "{}", p.explanation);
}

#[test]
fn challenge_drills_flip_the_verdict_and_are_deterministic() {
    let a = drill(&["universe-empty-interchangeable"], Kind::Challenge, 3, 2).expect("found");
    assert_eq!(a.len(), 2);
    for p in &a {
        rederive(p, "universe-empty-interchangeable");
    }
    let b = drill(&["universe-empty-interchangeable"], Kind::Challenge, 3, 2).expect("found");
    assert_eq!(a, b, "the same seed gives the same drill");
}

#[test]
fn two_variations_take_turns() {
    let list = ["union-intersection-interchangeable", "multiple-operations"];
    let ps = drill(&list, Kind::Challenge, 5, 2).expect("found");
    rederive(&ps[0], list[0]);
    rederive(&ps[1], list[1]);
}

#[test]
fn solve_drills_change_what_a_solution_can_name() {
    let ps = drill(&["multiple-operations"], Kind::Solve, 1, 1).expect("found");
    rederive(&ps[0], "multiple-operations");
}

#[test]
fn safe_move_drills_change_the_safe_moves() {
    let ps = drill(&["universe-empty-interchangeable"], Kind::SafeMove, 1, 1).expect("found");
    rederive(&ps[0], "universe-empty-interchangeable");
}

#[test]
fn refusals_name_their_field() {
    let e = drill(&["wild-cubes"], Kind::Challenge, 1, 1).unwrap_err();
    assert_eq!(e, DrillError::UnknownVariation("wild-cubes".into()));
    assert_eq!(e.field(), Some("variations"));
    assert!(e.to_string().contains("wild-cube,"), "{e}");
    let e = drill(&[], Kind::Challenge, 1, 1).unwrap_err();
    assert_eq!(
        (e.field(), e),
        (Some("variations"), DrillError::NoVariation)
    );
    let e = drill(&["two-operations", "two-operations"], Kind::Challenge, 1, 1).unwrap_err();
    assert_eq!(e.field(), Some("variations"));
    let e = drill(&["shift-from-permitted"], Kind::Solve, 1, 1).unwrap_err();
    assert_eq!(e.field(), Some("variations"));
    assert!(e.to_string().contains("safe-move"), "{e}");
    let e = drill(&["two-operations"], Kind::Goal, 1, 1).unwrap_err();
    assert_eq!(e.field(), Some("kind"));
    let e = drill(&["two-operations"], Kind::Challenge, 1, 0).unwrap_err();
    assert_eq!(e.field(), Some("count"));
    let e = drill(&["two-operations"], Kind::Challenge, 1, 11).unwrap_err();
    assert_eq!(e.field(), Some("count"));
    let m69 = onsets_core::Edition::Manual1969(onsets_core::Form1969::Advanced);
    let e = drill_in(m69, &["two-operations"], Kind::Challenge, 1, 1).unwrap_err();
    assert_eq!(e.field(), Some("edition"));
}

/// A drilled puzzle's id names what makes it (the edition, the kind, the
/// variation and the candidate's seed), so it is made again from the id
/// alone, exactly (docs/practice.md, "Variation drills": answerable by any
/// instance and after a restart).
#[test]
fn a_drilled_puzzle_is_made_again_from_its_id() {
    let ps = drill(&["universe-empty-interchangeable"], Kind::Challenge, 3, 2).expect("found");
    for p in &ps {
        assert!(
            p.id.starts_with("drill-challenge-26-03-"),
            "the id names the drill: {}",
            p.id
        );
        let again = onsets_puzzles::drills::recall(&p.id).expect("made again");
        assert_eq!(again, p);
        rederive(again, "universe-empty-interchangeable");
    }
    let m19 = drill_in(
        onsets_core::Edition::Mlag2019,
        &["two-operations"],
        Kind::Challenge,
        2,
        1,
    )
    .expect("found");
    assert!(
        m19[0].id.starts_with("drill-challenge-19-04-"),
        "{}",
        m19[0].id
    );
    assert_eq!(onsets_puzzles::drills::recall(&m19[0].id), Some(&m19[0]));
    // any other text is no drilled puzzle
    let known = &ps[0].id;
    for id in [
        "challenge-0123456789abcdef".to_string(),
        "drill-".to_string(),
        known.replace("-26-", "-69-"),
        known.replace("-03-", "-99-"),
        known.replace("-03-", "-3-"),
        known.replace("drill-challenge", "drill-goal"),
        // shift-from-permitted is drilled with safe-move only
        known.replace("-03-", "-06-"),
        format!("{known}0"),
    ] {
        assert_eq!(onsets_puzzles::drills::recall(&id), None, "{id}");
    }
}

/// The time of Senior drills (docs/performance.md, "Variation drills"):
/// `cargo test -p onsets-puzzles --test drills senior_drill_times --
/// --ignored --nocapture` (add `--release` for the release figures).
#[test]
#[ignore = "a measurement, run by hand"]
fn senior_drill_times() {
    for (v, k) in [
        ("symmetric-difference", Kind::Solve),
        ("symmetric-difference", Kind::Challenge),
        ("two-solutions", Kind::Challenge),
        ("symmetric-difference", Kind::SafeMove),
    ] {
        let t = std::time::Instant::now();
        let r = drill(&[v], k, 7, 5);
        eprintln!(
            "{v} {k:?} seed 7 count 5: {:.2} s, {:?}",
            t.elapsed().as_secs_f64(),
            r.map(|p| p.len())
        );
    }
}

//! `onsets lesson`: the lessons in the terminal.

use std::process::Command;

fn onsets(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_onsets"))
        .args(args)
        .output()
        .expect("onsets runs")
}

#[test]
fn lesson_show_prints_the_steps_and_the_answers_of_basic_vii() {
    let out = onsets(&["lesson", "show", "last-cube", "--answers"]);
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("The last cube (Basic VII)"), "{text}");
    assert_eq!(text.matches("Step ").count(), 4, "{text}");
    assert!(text.contains("Answer: Right: neither"), "{text}");
    assert!(
        text.contains("Ann (writer; presented B ∪ G, ruled correct) scores 4"),
        "{text}"
    );

    let out = onsets(&["lesson", "show", "goal", "--json"]);
    assert!(out.status.success());
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    assert_eq!(v["rule"], "Basic I");
    assert_eq!(v["steps"][0]["task"]["kind"], "set-goal");
}

#[test]
fn an_unknown_lesson_exits_2() {
    let out = onsets(&["lesson", "show", "nope"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("there is no lesson `nope`"));
}

/// The typed form of an answer "show me" finds (what a student would type).
fn typed(a: &onsets_puzzles::lessons::Attempt) -> String {
    use onsets_puzzles::lessons::Attempt;
    match a {
        Attempt::Goal { goal } => goal.clone(),
        Attempt::Move { cube, from, to } => match from {
            Some(f) => format!("{cube} from {f} to {to}"),
            None => format!("{cube} to {to}"),
        },
        Attempt::Solution { solution } => solution.clone(),
        Attempt::Challenge { challenge } => challenge.clone(),
        Attempt::Score { points } => points
            .iter()
            .map(i32::to_string)
            .collect::<Vec<_>>()
            .join(" "),
    }
}

fn play(id: &str, input: &str) -> String {
    use std::io::Write;
    let mut child = Command::new(env!("CARGO_BIN_EXE_onsets"))
        .args(["lesson", "play", id])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("onsets runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{out:?}");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// `lesson play`: every step of the Basic lessons answered as a student
/// types it, judged by the lessons' own judge, to "Lesson done".
#[test]
fn lesson_play_judges_typed_answers_step_by_step() {
    for l in onsets_puzzles::lessons::basic_lessons() {
        let mut input = String::new();
        for s in &l.steps {
            let a = onsets_puzzles::lessons::show(s).expect("every step has an answer");
            input.push_str(&typed(&a.attempt));
            input.push('\n');
        }
        let out = play(&l.id, &input);
        let n = l.steps.len();
        assert!(out.contains(&format!("Step {n} of {n}")), "{}: {out}", l.id);
        assert!(
            out.contains(&format!(
                "Lesson done. Progress: {n} of {n} step(s) done, {n} right at the first answer"
            )),
            "{}: {out}",
            l.id
        );
    }
}

/// A wrong answer is judged wrong with its reasons, a hint is counted, and
/// the same step is asked again.
#[test]
fn lesson_play_a_wrong_answer_then_a_hint_then_quit() {
    let out = play("last-cube", "zebra\nhint\nquit\n");
    assert!(out.contains("Step 1 of"), "{out}");
    assert!(out.contains("✗"), "{out}");
    assert!(out.contains("Hint: "), "{out}");
    assert!(out.contains("Stopped at step 1. Progress: 0 of"), "{out}");
    assert!(out.contains("1 hint(s)"), "{out}");
    let o = onsets(&["lesson", "play", "goal", "--step", "99"]);
    assert_eq!(o.status.code(), Some(2));
}

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

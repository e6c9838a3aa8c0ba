//! `onsets simulate --edition 1969` and `onsets play --edition 1969` (issue 14).

use std::io::Write;
use std::process::{Command, Stdio};

fn onsets(args: &[&str], input: &str) -> std::process::Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_onsets"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("onsets runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

#[test]
fn m69_simulate_json_plays_whole_games_with_no_stuck_state() {
    let out = onsets(
        &[
            "simulate",
            "--edition",
            "1969",
            "--players",
            "expert,club,club",
            "--shakes",
            "6",
            "--seed",
            "7",
            "--json",
        ],
        "",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["games"], 2);
    assert_eq!(v["plays"], 6);
    assert_eq!(v["stuck"], 0);
    assert_eq!(v["totals"].as_array().unwrap().len(), 3);
}

#[test]
fn m69_simulate_advanced_in_words_and_a_bad_form_is_refused() {
    let out = onsets(
        &[
            "simulate",
            "--edition",
            "1969",
            "--form",
            "advanced",
            "--players",
            "expert,club",
            "--shakes",
            "2",
        ],
        "",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("1969 Advanced ON-SETS, 2 bots"), "{text}");
    let out = onsets(&["simulate", "--edition", "1969", "--form", "expert"], "");
    assert_eq!(out.status.code(), Some(2));
    let out = onsets(&["simulate", "--form", "basic"], "");
    assert_eq!(out.status.code(), Some(2), "a form belongs to 1969 only");
}

#[test]
fn m69_play_bots_only_runs_to_the_end_without_input() {
    let out = onsets(
        &[
            "play",
            "--edition",
            "1969",
            "--players",
            "expert,club",
            "--seed",
            "4",
        ],
        "",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("game over, totals"), "{text}");
    assert!(text.contains("set the Goal"), "{text}");
}

#[test]
fn m69_play_reads_a_persons_commands_and_reports_refusals() {
    let out = onsets(
        &[
            "play",
            "--edition",
            "1969",
            "--players",
            "me,expert",
            "--seed",
            "3",
        ],
        "move 1 x\nstall 9\nquit\n",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("a section is r, p or f"), "{text}");
    assert!(text.contains("refused: no-such-player"), "{text}");
}

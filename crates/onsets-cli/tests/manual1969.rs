//! `onsets simulate --edition 1969` and `onsets play --edition 1969`.

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

/// M69 3.8–3.11: a 1969 game's log, written by `simulate --log-dir`, is
/// re-run by `onsets replay` (the same totals as the game); a line the
/// rules refuse exits 1, a line that is not an action exits 2.
#[test]
fn m69_replay_reruns_a_1969_log_and_prints_its_score_sheet() {
    let dir = std::env::temp_dir().join(format!("onsets-replay-1969-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let d = dir.to_string_lossy().into_owned();
    let out = onsets(
        &[
            "simulate",
            "--edition",
            "1969",
            "--players",
            "expert,club",
            "--shakes",
            "3",
            "--seed",
            "5",
            "--log-dir",
            &d,
        ],
        "",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let log = dir.join("game-0001.jsonl");
    let path = log.to_string_lossy().into_owned();
    let out = onsets(&["replay", "--json", &path], "");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["ok"], true, "{v}");
    assert_eq!(v["edition"], "1969");
    let totals = v["totals"].as_array().unwrap();
    assert_eq!(totals.len(), 2);
    let sum: i64 = v["plays"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["points"][0].as_i64().unwrap() + l["penalties"][0].as_i64().unwrap())
        .sum();
    assert_eq!(totals[0].as_i64().unwrap(), sum, "{v}");
    let text = onsets(&["replay", &path], "");
    assert!(String::from_utf8_lossy(&text.stdout).contains("1969 basic ON-SETS"));
    // A line that is not an action: 2. An action out of turn: 1.
    let body = std::fs::read_to_string(&log).unwrap();
    let broken = dir.join("broken.jsonl");
    std::fs::write(&broken, format!("{body}{{\"nonsense\": 1}}\n")).unwrap();
    let out = onsets(&["replay", &broken.to_string_lossy()], "");
    assert_eq!(out.status.code(), Some(2));
    let mut lines: Vec<&str> = body.lines().collect();
    let first_act = lines.remove(1);
    lines.push(first_act);
    let wrong = dir.join("wrong.jsonl");
    std::fs::write(&wrong, lines.join("\n") + "\n").unwrap();
    let out = onsets(&["replay", &wrong.to_string_lossy()], "");
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// M69 2.7, 3.9: the line-by-line game (`--plain`, and without a
/// terminal) writes the game's log with `--log`, and `onsets replay` re-runs
/// it to the same totals; `--plain` belongs to the 1969 game only.
#[test]
fn m69_play_plain_writes_its_log_and_replay_reruns_it() {
    let dir = std::env::temp_dir().join(format!("onsets-play-1969-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let log = dir.join("game.jsonl");
    let path = log.to_string_lossy().into_owned();
    let out = onsets(
        &[
            "play",
            "--edition",
            "1969",
            "--plain",
            "--players",
            "expert,club",
            "--seed",
            "4",
            "--log",
            &path,
        ],
        "",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    let totals = text
        .lines()
        .find_map(|l| l.strip_prefix("totals: "))
        .expect("the totals")
        .to_string();
    let out = onsets(&["replay", "--json", &path], "");
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["ok"], true, "{v}");
    let replayed: Vec<i64> = v["totals"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_i64().unwrap())
        .collect();
    assert_eq!(format!("{replayed:?}"), totals);
    // A log path that cannot be written is refused before the game.
    let bad = dir.join("no-such-dir").join("game.jsonl");
    let out = onsets(
        &[
            "play",
            "--edition",
            "1969",
            "--players",
            "expert,club",
            "--log",
            &bad.to_string_lossy(),
        ],
        "",
    );
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot write the game log"));
    // `--plain` is the 1969 game's mode.
    let out = onsets(&["play", "--plain", "--players", "expert,club"], "");
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--plain"));
    let _ = std::fs::remove_dir_all(&dir);
}

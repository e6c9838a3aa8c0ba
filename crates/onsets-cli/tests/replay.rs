//! `onsets replay`: the real binary on a log written by the engine, and on a
//! corrupted copy of it.

use onsets_core::Division;
use onsets_engine::{Act, Action, ChallengeKind, Match, MatchConfig};
use std::path::PathBuf;
use std::process::Command;

fn onsets(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_onsets"))
        .args(args)
        .output()
        .expect("onsets runs")
}

fn step(m: Match, at_ms: u64, act: Act) -> Match {
    let a = act.clone();
    m.apply(Action { at_ms, act })
        .unwrap_or_else(|r| panic!("{a:?}: {r}"))
        .0
}

/// A whole match: one shake ended by an Impossible challenge, then the round's
/// end before the next roll.
fn match_log() -> (Match, String) {
    let mut cfg = MatchConfig::new(11, &["Ann", "Bob"], Division::Middle, false);
    cfg.round_ms = 10 * 60_000;
    let (mut m, _) = Match::new(cfg).unwrap();
    let s = m.goal_setter();
    let o = m.left(s);
    let roll = m
        .legal_actions(s)
        .into_iter()
        .find(|a| matches!(a, Act::Roll { .. }))
        .unwrap();
    m = step(m, 1_000, roll);
    let deal = m
        .legal_actions(m.dealer())
        .into_iter()
        .find(|a| matches!(a, Act::Deal { .. }))
        .unwrap();
    m = step(m, 2_000, deal);
    let goal = m
        .legal_actions(s)
        .into_iter()
        .find(|a| matches!(a, Act::SetGoal { .. }))
        .unwrap();
    m = step(m, 3_000, goal);
    m = step(
        m,
        4_000,
        Act::Challenge {
            player: o,
            kind: ChallengeKind::Impossible,
        },
    );
    m = step(
        m,
        5_000,
        Act::Present {
            player: s,
            solution: "B ∪ R".into(),
            goal: None,
        },
    );
    m = step(m, 11 * 60_000, Act::Clock);
    assert!(m.match_points().is_some(), "the match is over");
    let log = m.log_lines();
    (m, log)
}

fn write(name: &str, text: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("replay-test");
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

#[test]
fn replay_prints_the_scoresheet_with_match_points_xii() {
    let (m, log) = match_log();
    let p = write("match.jsonl", &log);
    let out = onsets(&["replay", p.to_str().unwrap()]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(stdout, m.scoresheet().to_string());
    assert!(stdout.contains("points"), "{stdout}");

    let out = onsets(&["replay", "--json", p.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["ok"], true);
    assert_eq!(v["over"], true);
    let mp: Vec<u32> = m.match_points().map(<[u32]>::to_vec).unwrap();
    assert_eq!(v["scoresheet"]["match_points"], serde_json::json!(mp));
    assert_eq!(v["scoresheet"]["shakes"].as_array().unwrap().len(), 1);
}

#[test]
fn replay_rejects_a_rule_breaking_log_with_line_and_rule() {
    let (m, log) = match_log();
    // The roll (line 2) made by the dealer instead of the Goal-setter (II-A).
    let s = m.history()[0].goal_setter;
    let o = m.left(s);
    let mut lines: Vec<String> = log.lines().map(String::from).collect();
    assert!(lines[1].contains("\"roll\""));
    lines[1] = lines[1].replace(&format!("\"player\":{s}"), &format!("\"player\":{o}"));
    let p = write("corrupted.jsonl", &(lines.join("\n") + "\n"));
    let out = onsets(&["replay", p.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("line 2"), "{err}");
    assert!(err.contains("II-A"), "{err}");

    let out = onsets(&["replay", "--json", p.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["ok"], false);
    assert_eq!(v["line"], 2);
    assert_eq!(v["rule"], "II-A");
}

#[test]
fn replay_of_an_unreadable_file_exits_2() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("replay-test");
    let missing = dir.join("no-such-log.jsonl");
    let out = onsets(&["replay", missing.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let p = write("garbage.jsonl", "this is not a log\n");
    let out = onsets(&["replay", p.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
}

/// docs/engine.md, "Log schema": a header's `"dice"` fixes the first Goal-setter, the
/// faces and the deal; `--json` prints the events with their rules (OS-A4: a
/// challenge before the Goal is set aside, −1, V-B) and the scoresheet.
#[test]
fn replay_json_prints_events_and_the_header_fixes_the_dice() {
    let log = r#"{"format":"onsets-match/1","seed":1,"players":["Ann","Bob"],"division":"middle","adventurous":false,"dice":{"first_setter":0,"shakes":[{"faces":"1 2 3 B R G Y B R G Y ∪ ∩ − ′ V V Λ","cards":"B R G BR BG RG"}]}}
{"at_ms":1000,"type":"roll","player":0,"set_out":"two_universe_one_empty"}
{"at_ms":2000,"type":"challenge","player":1,"kind":"impossible"}
{"at_ms":3000,"type":"deal","player":1,"count":6}
{"at_ms":4000,"type":"set_goal","player":0,"goal":"3"}
{"at_ms":5000,"type":"challenge","player":1,"kind":"impossible"}
{"at_ms":6000,"type":"present","player":0,"solution":"B ∪ B"}
"#;
    let p = write("dice.jsonl", log);
    let out = onsets(&["replay", "--json", p.to_str().unwrap()]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let events = v["events"].as_array().unwrap();
    let find = |name: &str| {
        events
            .iter()
            .find(|e| e["event"] == name)
            .unwrap_or_else(|| panic!("no {name} in {events:?}"))
    };
    assert_eq!(find("shake_started")["goal_setter"], 0);
    let faces: Vec<&str> = find("rolled")["faces"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f.as_str().unwrap())
        .collect();
    assert_eq!(faces.join(" "), "1 2 3 B R G Y B R G Y ∪ ∩ − ′ V V Λ");
    assert_eq!(find("rolled")["line"], 2);
    assert_eq!(
        find("dealt")["cards"],
        serde_json::json!(["B", "R", "G", "BR", "BG", "RG"])
    );
    let aside = find("challenge_set_aside");
    assert_eq!(
        (aside["rule"].as_str(), aside["line"].as_u64()),
        (Some("V-B"), Some(3))
    );
    assert_eq!(find("penalty")["player"], 1);
    assert_eq!(find("solution_judged")["correct"], true);
    assert_eq!(
        v["scoresheet"]["shakes"][0]["points"],
        serde_json::json!([6, 2])
    );
    assert_eq!(
        v["scoresheet"]["shakes"][0]["penalties"],
        serde_json::json!([0, -1])
    );
}

/// A header whose dice cannot be: exit 1 with the rule.
#[test]
fn replay_rejects_impossible_dice() {
    let log = r#"{"format":"onsets-match/1","seed":1,"players":["Ann","Bob"],"division":"middle","adventurous":false,"dice":{"shakes":[{"faces":"B 2 3 B R G Y B R G Y ∪ ∩ − ′ V Λ ="}]}}
"#;
    let p = write("bad-dice.jsonl", log);
    let out = onsets(&["replay", "--json", p.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["ok"], false);
    assert!(v["message"].as_str().unwrap().contains("digit"), "{v}");
}

/// The log with the seed commitment the server writes (docs/security/hidden.md).
fn committed(log: &str) -> String {
    let salt = [0x5a_u8; onsets_engine::SALT_BYTES];
    let salt_hex: String = salt.iter().map(|b| format!("{b:02x}")).collect();
    let mut lines: Vec<String> = log.lines().map(String::from).collect();
    let mut head: serde_json::Value = serde_json::from_str(&lines[0]).unwrap();
    let seed = head["seed"].as_u64().unwrap();
    head["seed_salt"] = salt_hex.into();
    head["seed_commitment"] = onsets_engine::seed_commitment(seed, &salt).into();
    lines[0] = head.to_string();
    lines.join("\n") + "\n"
}

#[test]
fn replay_checks_a_revealed_seed_against_its_commitment() {
    let (_, log) = match_log();
    let log = committed(&log);
    let p = write("committed.jsonl", &log);
    let out = onsets(&["replay", p.to_str().unwrap()]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(stdout.contains("matches the commitment"), "{stdout}");
    let out = onsets(&["replay", "--json", p.to_str().unwrap()]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["seed_check"], "verified");
    // Another seed under the same commitment: the header is refused.
    let forged = write(
        "forged.jsonl",
        &log.replacen("\"seed\":11", "\"seed\":12", 1),
    );
    let out = onsets(&["replay", forged.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("line 1") && err.contains("commitment"),
        "{err}"
    );
    // A log read while the match was played: it replays, the seed withheld.
    let live: String = log.lines().take(3).map(|l| format!("{l}\n")).collect();
    let public = onsets_engine::public_log(&live, None, false).unwrap();
    assert!(!public.contains("\"seed\""), "{public}");
    let p = write("withheld.jsonl", &public);
    let out = onsets(&["replay", "--json", p.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(0));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["seed_check"], "withheld");
    // A log without a commitment prints as before.
    let (m, plain) = match_log();
    let p = write("plain.jsonl", &plain);
    let out = onsets(&["replay", p.to_str().unwrap()]);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        m.scoresheet().to_string()
    );
}

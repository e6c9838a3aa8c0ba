//! `onsets simulate`: bot-only matches from the command line.

use std::process::Command;

fn onsets(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_onsets"))
        .args(args)
        .output()
        .expect("onsets runs")
}

#[test]
fn simulate_json_on_a_few_shakes() {
    let args = [
        "simulate",
        "--players",
        "expert,club,beginner",
        "--division",
        "senior",
        "--shakes",
        "4",
        "--seed",
        "7",
        "--json",
    ];
    let out = onsets(&args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // No progress bar with --json.
    assert!(
        out.stderr.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    assert_eq!(v["shakes"], 4);
    assert_eq!(v["rejections"], 0);
    for level in ["expert", "club", "beginner"] {
        let l = &v["levels"][level];
        assert!(l["matches"].is_u64(), "{l}");
        assert!(l["match_points"].is_u64(), "{l}");
        assert!(l["mean_score_per_shake"].is_number(), "{l}");
        assert_eq!(l["shakes"], 4);
    }
    let ended: u64 = v["endings"]
        .as_object()
        .unwrap()
        .values()
        .map(|x| x.as_u64().unwrap())
        .sum();
    assert_eq!(ended, 4);
    // Same seed, same result (wall-clock decision times aside).
    let again: serde_json::Value = serde_json::from_slice(&onsets(&args).stdout).unwrap();
    let strip = |mut x: serde_json::Value| {
        x.as_object_mut().unwrap().remove("decision_ms");
        x
    };
    // One thread or two: the same statistics (docs/performance.md).
    let one: serde_json::Value =
        serde_json::from_slice(&onsets(&[&args[..], &["--jobs", "1"]].concat()).stdout).unwrap();
    let two: serde_json::Value =
        serde_json::from_slice(&onsets(&[&args[..], &["--jobs", "2"]].concat()).stdout).unwrap();
    assert_eq!(strip(one), strip(v.clone()));
    assert_eq!(strip(two), strip(v.clone()));
    assert_eq!(strip(v), strip(again));
}

#[test]
fn simulate_text_and_plot() {
    let dir = std::env::temp_dir().join(format!("onsets-sim-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let svg = dir.join("sim.svg");
    let out = onsets(&[
        "simulate",
        "--players",
        "beginner,club",
        "--division",
        "middle",
        "--shakes",
        "2",
        "--plot",
        svg.to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("how shakes ended"), "{text}");
    assert!(text.contains("score/shake"), "{text}");
    let s = std::fs::read_to_string(&svg).unwrap();
    assert!(s.contains("<svg") && s.contains("mean score per shake"));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn simulate_rejects_bad_players() {
    let out = onsets(&["simulate", "--players", "expert", "--shakes", "1"]);
    assert_eq!(out.status.code(), Some(2));
    let out = onsets(&[
        "simulate",
        "--players",
        "expert,grandmaster",
        "--shakes",
        "1",
    ]);
    assert_eq!(out.status.code(), Some(2));
}

/// docs/editions.md: `--edition 2019-20` plays the MLAG rules (with `--basic`, MLAG
/// Basic 2019-20); an unknown edition is refused with exit code 2.
#[test]
fn simulate_2019_20_edition() {
    let out = onsets(&[
        "simulate",
        "--players",
        "expert,beginner",
        "--division",
        "junior",
        "--basic",
        "--edition",
        "2019-20",
        "--shakes",
        "4",
        "--seed",
        "7",
        "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON object");
    assert_eq!(v["shakes"], 4);
    assert_eq!(v["rejections"], 0);
    let out = onsets(&["simulate", "--edition", "1999", "--shakes", "1"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("edition"));
}

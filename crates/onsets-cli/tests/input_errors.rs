//! Errors of the command line that a user meets first (README.md): `--json`
//! prints a JSON error object on stdout when the input cannot be read, the
//! position's errors name the field (never serde's type names), and `play`
//! and `simulate` refuse bad arguments before they start.

mod common;
use common::Case;

const OK: &str = r#"{"division": "senior", "universe": "B R BR G", "goal": "2", "situation": "impossible", "resources": "B ∪ R"}"#;

/// `check`, `solve` and `analyze --json` with a file that cannot be read, or
/// is not a position, print `{"ok": false, "message": …}` on stdout (as
/// `replay --json` does) and exit 2.
#[test]
fn json_commands_print_a_json_error_when_the_input_cannot_be_read() {
    let c = Case::new("jsonerr");
    let bad = c.write(
        "bad.json",
        r#"{"division": "senior", "universe": 5, "goal": "2", "situation": "now"}"#,
    );
    for args in [
        vec!["check", "--json", "nowhere.json", "B"],
        vec!["solve", "--json", "nowhere.json"],
        vec!["analyze", "--json", "nowhere.json"],
        vec!["check", "--json", &bad, "B"],
        vec!["solve", "--json", &bad],
        vec!["analyze", "--json", &bad],
    ] {
        let r = c.run(&args);
        assert_eq!(r.code, 2, "{args:?}: {r:?}");
        let v = r.json();
        assert_eq!(v["ok"], false, "{args:?}: {r:?}");
        let msg = v["message"].as_str().unwrap();
        assert!(!msg.is_empty());
        if args.contains(&bad.as_str()) {
            assert_eq!(v["field"], "universe", "{r:?}");
            assert!(msg.contains("field `universe`"), "{msg}");
        } else {
            assert!(msg.contains("nowhere.json"), "{msg}");
        }
        assert!(!r.stderr.is_empty(), "the error is on stderr too");
    }
    // Without --json, stdout stays empty.
    let r = c.run(&["solve", "nowhere.json"]);
    assert_eq!(r.code, 2);
    assert!(r.stdout.is_empty(), "{r:?}");
    // A readable position still gives the usual JSON.
    let ok = c.write("ok.json", OK);
    let r = c.run(&["solve", "--json", &ok]);
    assert!(r.json().get("solvable").is_some(), "{r:?}");
}

/// serde's internal names (`struct PositionJson`, `untagged enum GoalJson`)
/// never reach users: the message says which field is wrong and what it
/// should be.
#[test]
fn position_errors_name_the_field_not_serde_types() {
    let c = Case::new("serdenames");
    for (text, field) in [
        (
            r#"{"division": "senior", "universe": "B R", "goal": 5, "situation": "now"}"#,
            "`goal`",
        ),
        (r#"[1, 2]"#, "a position is an object"),
        (
            r#"{"division": "senior", "universe": "B R", "goal": "2", "situation": "now", "adventurous": 1}"#,
            "`adventurous`",
        ),
        (
            r#"{"division": "senior", "universe": "B R", "goal": "2"}"#,
            "`situation`",
        ),
    ] {
        let p = c.write("p.json", text);
        let r = c.run(&["check", &p, "B"]);
        assert_eq!(r.code, 2, "{r:?}");
        assert!(r.stderr.contains(field), "{text}: {}", r.stderr);
        for internal in ["PositionJson", "GoalJson", "struct ", "enum "] {
            assert!(!r.stderr.contains(internal), "{text}: {}", r.stderr);
        }
    }
}

/// XI-B: a round has a length; `--round-minutes 0` is refused.
#[test]
fn play_refuses_a_round_of_zero_minutes() {
    let c = Case::new("round0");
    let r = c.run(&["play", "--round-minutes", "0"]);
    assert_eq!(r.code, 2, "{r:?}");
    assert!(r.stderr.contains("--round-minutes"), "{r:?}");
}

/// M69 3.6: `--claim-seconds` is the 1969 game's challenge window: 0 is
/// refused, and so is the flag with the 2026-27 rules (a challenge may be
/// made at any time, V-A).
#[test]
fn play_claim_seconds_is_for_the_1969_game() {
    let c = Case::new("claimseconds");
    let r = c.run(&["play", "--claim-seconds", "5"]);
    assert_ne!(r.code, 0, "{r:?}");
    assert!(
        r.stderr.contains("--claim-seconds is the 1969 game's"),
        "{r:?}"
    );
    let z = c.run(&["play", "--edition", "1969", "--claim-seconds", "0"]);
    assert_eq!(z.code, 2, "{z:?}");
    assert!(z.stderr.contains("--claim-seconds"), "{z:?}");
}

/// A `--log` path that cannot be written is reported before the match
/// starts (and the log is never lost after a game).
#[test]
fn play_reports_a_bad_log_path_before_the_match() {
    let c = Case::new("badlog");
    let r = c.run(&["play", "--log", "no/such/dir/match.jsonl"]);
    assert_eq!(r.code, 2, "{r:?}");
    assert!(
        r.stderr.contains("cannot write the match log") && r.stderr.contains("no/such/dir"),
        "{r:?}"
    );
}

/// Without a terminal `play` says it needs one (not "No such device or
/// address (os error 6)"), and leaves no empty log behind.
#[test]
fn play_without_a_terminal_says_it_needs_one() {
    let c = Case::new("notty");
    let r = c.run(&["play", "--log", "m.jsonl"]);
    assert_eq!(r.code, 2, "{r:?}");
    assert!(r.stderr.contains("needs a terminal"), "{r:?}");
    assert!(!r.stderr.contains("os error"), "{r:?}");
    assert!(!c.0.join("m.jsonl").exists());
}

/// Seats: a human may not take a bot's name (bots are marked "bot").
#[test]
fn play_refuses_a_human_named_like_a_bot() {
    let c = Case::new("botname");
    let r = c.run(&["play", "--players", "me,beginner bot"]);
    assert_eq!(r.code, 2, "{r:?}");
    assert!(r.stderr.contains("bot"), "{r:?}");
}

/// A `--plot` path that cannot be written fails before the run (the run of
/// a million shakes would take hours: the test would not end otherwise),
/// and nothing is printed on stdout.
#[test]
fn simulate_reports_a_bad_plot_path_before_the_run() {
    let c = Case::new("badplot");
    let r = c.run(&[
        "simulate",
        "--shakes",
        "1000000",
        "--plot",
        "no/such/dir/p.svg",
    ]);
    assert_eq!(r.code, 2, "{r:?}");
    assert!(r.stderr.contains("cannot write the plot"), "{r:?}");
    assert!(r.stdout.is_empty(), "{r:?}");
}

/// No progress bar when stderr is not a terminal.
#[test]
fn simulate_shows_no_progress_without_a_terminal() {
    let c = Case::new("noprogress");
    let r = c.run(&[
        "simulate",
        "--shakes",
        "2",
        "--players",
        "beginner,beginner",
    ]);
    assert_eq!(r.code, 0, "{r:?}");
    assert!(!r.stderr.contains("shakes,"), "{r:?}");
    assert!(r.stderr.is_empty(), "{r:?}");
}

//! `onsets judge`, the judge's assistant, run as the real binary:
//! Solutions ruled by the checker, claims of challenges by the solver, and
//! challenges and acts in a match by the engine.

mod common;
use common::{example, Case};
use onsets_bots::Level;
use onsets_core::Division;
use serde_json::Value;

/// A bot match's log up to (not including) its first challenge made right
/// after a move, and the player who made the last move.
fn log_before_a_challenge() -> (String, usize) {
    for seed in 1..40 {
        let log = onsets_review::botmatch::bot_match_log(
            &[Level::Club, Level::Beginner],
            Division::Elementary,
            false,
            seed,
        )
        .unwrap();
        let lines: Vec<&str> = log.lines().collect();
        for i in 2..lines.len() {
            let a: Value = serde_json::from_str(lines[i]).unwrap();
            let prev: Value = serde_json::from_str(lines[i - 1]).unwrap();
            if a["type"] == "challenge" && a["kind"] != "no_goal" && prev["type"] == "move" {
                let mover = prev["player"].as_u64().unwrap() as usize;
                return (lines[..i].join("\n") + "\n", mover);
            }
        }
    }
    panic!("no bot match with a challenge after a move");
}

/// VII-B-6: `B ∪ G − R` is ambiguous; the checker rules, with the section.
#[test]
fn judge_a_solution_is_the_checkers_verdict_with_sections() {
    let c = Case::new("judge-solution");
    let pos = example("ambiguity.json");
    let r = c.run(&[
        "judge",
        "--position",
        &pos,
        "--solution",
        "B ∪ G − R",
        "--json",
    ]);
    assert_eq!(r.code, 1, "{r:?}");
    let v = r.json();
    assert_eq!(v["decided_by"], "checker");
    assert_eq!(v["upheld"], false);
    assert_eq!(v["reasons"][0]["section"], "VII-B-6");
    assert_eq!(v["explanation"]["failures"][0]["code"], "ambiguous");
    let t = c.run(&["judge", "--position", &pos, "--solution", "B ∪ G − R"]);
    assert_eq!(t.code, 1);
    assert!(t.stdout.contains("Ruling (checker)"), "{}", t.stdout);
    assert!(t.stdout.contains("VII-B-6"), "{}", t.stdout);
}

/// V-A-1: an Impossible challenge where a Solution exists is wrong; the
/// solver gives the Solution that proves it.
#[test]
fn judge_an_impossible_challenge_on_a_position_by_the_solver() {
    let c = Case::new("judge-impossible");
    let r = c.run(&[
        "judge",
        "--position",
        &example("analysis-in-play.json"),
        "--challenge",
        "impossible",
        "--json",
    ]);
    assert_eq!(r.code, 1, "{r:?}");
    let v = r.json();
    assert_eq!(v["decided_by"], "solver");
    assert_eq!(v["reasons"][0]["section"], "V-A-1");
    let w = v["witness"].as_str().unwrap();
    // The witness is a correct Solution by the checker itself.
    let check = c.run(&["check", &example("analysis-in-play.json"), w]);
    assert_eq!(check.code, 0, "{check:?}");
}

/// V-B: the last Mover challenging is set aside by the engine and costs a
/// point; another player's challenge is applied by the engine.
#[test]
fn judge_a_challenge_in_a_match_is_applied_by_the_engine() {
    let (log, mover) = log_before_a_challenge();
    let c = Case::new("judge-log");
    let file = c.write("match.jsonl", &log);
    let me = mover.to_string();
    let r = c.run(&[
        "judge",
        "--log",
        &file,
        "--challenge",
        "now",
        "--player",
        &me,
        "--json",
    ]);
    assert_eq!(r.code, 1, "{r:?}");
    let v = r.json();
    assert_eq!(v["decided_by"], "engine");
    assert!(v["ruling"].as_str().unwrap().contains("set aside"), "{v}");
    assert_eq!(v["reasons"][0]["section"], "V-B");
    let before = v["totals_before"][mover].as_i64().unwrap();
    let after = v["totals_after"][mover].as_i64().unwrap();
    assert_eq!(after, before - 1, "{v}");
    // The other player: the engine accepts the challenge.
    let other = (1 - mover).to_string();
    let r = c.run(&[
        "judge",
        "--log",
        &file,
        "--challenge",
        "now",
        "--player",
        &other,
        "--json",
    ]);
    assert!(r.code == 0 || r.code == 1, "{r:?}");
    let v = r.json();
    assert_eq!(v["decided_by"], "engine");
    assert!(
        v["events"]
            .as_array()
            .unwrap()
            .iter()
            .any(|e| e["event"] == "challenged"),
        "{v}"
    );
}

/// IX-A-2: a charge with no illegal procedure to charge is set aside.
#[test]
fn judge_an_act_in_a_match_charge_with_nothing_to_charge() {
    let (log, mover) = log_before_a_challenge();
    let c = Case::new("judge-act");
    let file = c.write("match.jsonl", &log);
    let act = format!(
        r#"{{"type": "charge_illegal_procedure", "player": {}}}"#,
        1 - mover
    );
    let r = c.run(&["judge", "--log", &file, "--act", &act]);
    assert_eq!(r.code, 1, "{r:?}");
    assert!(r.stdout.contains("IX-A"), "{}", r.stdout);
}

#[test]
fn judge_refuses_unreadable_input_with_exit_2_and_the_field() {
    let c = Case::new("judge-bad");
    let bad = c.write("bad.jsonl", "not a log\n");
    let r = c.run(&["judge", "--log", &bad, "--challenge", "now", "--json"]);
    assert_eq!(r.code, 2, "{r:?}");
    assert_eq!(r.json()["field"], "log");
    let r = c.run(&[
        "judge",
        "--position",
        "no-such-file.json",
        "--solution",
        "B",
    ]);
    assert_eq!(r.code, 2, "{r:?}");
    // An act needs a log; a source and a dispute are required.
    let r = c.run(&[
        "judge",
        "--position",
        &example("ambiguity.json"),
        "--act",
        "{}",
    ]);
    assert_eq!(r.code, 2, "{r:?}");
    let r = c.run(&["judge", "--solution", "B"]);
    assert_eq!(r.code, 2, "{r:?}");
    let r = c.run(&["judge", "--log", &bad, "--act", "{not json"]);
    assert_eq!(r.code, 2, "{r:?}");
}

/// OS-A4: a challenge before any Goal is set is set aside by the engine and
/// costs the challenger a point; the assistant names OS-A4 first.
#[test]
fn os_a4_challenge_before_the_goal_is_set_aside_by_the_engine() {
    let log = onsets_review::botmatch::bot_match_log(
        &[Level::Club, Level::Beginner],
        Division::Elementary,
        false,
        3,
    )
    .unwrap();
    // The header and the roll: no Goal yet.
    let prefix: String = log.lines().take(2).map(|l| format!("{l}\n")).collect();
    let c = Case::new("judge-a4");
    let file = c.write("match.jsonl", &prefix);
    let r = c.run(&[
        "judge",
        "--log",
        &file,
        "--challenge",
        "now",
        "--player",
        "1",
        "--json",
    ]);
    assert_eq!(r.code, 1, "{r:?}");
    let v = r.json();
    assert_eq!(v["decided_by"], "engine");
    assert!(v["ruling"].as_str().unwrap().contains("set aside"), "{v}");
    assert_eq!(
        v["totals_after"][1].as_i64(),
        Some(v["totals_before"][1].as_i64().unwrap() - 1)
    );
    assert_eq!(v["situations"][0]["id"], "OS-A4", "{v}");
}

/// A finished log: the match is over (XII), so the assistant judges the
/// log's last disputed moment, just before its last challenge, and says so;
/// the totals are written with the players' names.
#[test]
fn judge_a_finished_log_at_its_last_disputed_moment() {
    let log = onsets_review::botmatch::bot_match_log(
        &[Level::Club, Level::Beginner],
        Division::Elementary,
        false,
        3,
    )
    .unwrap();
    let c = Case::new("judge-finished");
    let file = c.write("match.jsonl", &log);
    let r = c.run(&[
        "judge",
        "--log",
        &file,
        "--challenge",
        "now",
        "--player",
        "1",
    ]);
    assert!(r.code == 0 || r.code == 1, "{r:?}");
    assert!(
        r.stdout.contains("judged at its last disputed moment"),
        "{}",
        r.stdout
    );
    assert!(!r.stdout.contains("Totals, seat by seat"), "{}", r.stdout);
    assert!(
        !r.stdout.contains('→') && !r.stdout.contains("[4"),
        "{}",
        r.stdout
    );
    let header: Value = serde_json::from_str(log.lines().next().unwrap()).unwrap();
    let name = header["players"][1].as_str().unwrap();
    assert!(r.stdout.contains("Totals: "), "{}", r.stdout);
    assert!(r.stdout.contains(name), "{name}: {}", r.stdout);
    let r = c.run(&[
        "judge",
        "--log",
        &file,
        "--challenge",
        "now",
        "--player",
        "1",
        "--json",
    ]);
    let v = r.json();
    assert!(v["judged_before_line"].as_u64().unwrap() > 2, "{v}");
}

/// `check --explain`'s wording: a rule section is cited once, and a Double
/// Set names the cards it counts twice (XIII-C-10).
#[test]
fn check_explain_cites_once_and_names_the_doubled_cards() {
    let c = Case::new("explain-wording");
    let pos = example("senior-wild-double.json");
    let r = c.run(&["check", "--explain", &pos, "B ∪ ∪ R"]);
    assert!(r.stdout.contains("(VII-C-5-d)"), "{}", r.stdout);
    assert_eq!(r.stdout.matches("VII-C-5-d").count(), 1, "{}", r.stdout);
    let r = c.run(&["check", "--explain", &pos, "B ∩ Y"]);
    assert!(
        r.stdout.contains("the Double Set counts card BRGY twice"),
        "{}",
        r.stdout
    );
}

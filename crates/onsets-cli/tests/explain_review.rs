//! `onsets check --explain`, `onsets review` and `onsets simulate --log-dir`
//! (docs/review.md), run as the real binary.

mod common;
use common::{example, Case};

/// VII-C-5-c example a: `B ∪ G − R` is ambiguous; one reading names 5 cards.
#[test]
fn check_explain_json_has_steps_readings_cubes_and_failures() {
    let c = Case::new("explain");
    let r = c.run(&[
        "check",
        "--explain",
        "--json",
        &example("ambiguity.json"),
        "B ∪ G − R",
    ]);
    assert_eq!(r.code, 1, "{r:?}");
    let v = r.json();
    assert_eq!(v["correct"], false);
    assert_eq!(v["verdict"]["correct"], false);
    let s = &v["solutions"][0];
    let steps = s["steps"].as_array().unwrap();
    assert_eq!(steps[0]["expr"], "B");
    let last = steps.last().unwrap();
    assert!(last["cards"].is_null());
    assert_eq!(last["interpretations"].as_array().unwrap().len(), 2);
    assert_eq!(s["cubes"]["possible"], true);
    assert_eq!(v["failures"][0]["code"], "ambiguous");
    assert_eq!(v["failures"][0]["section"], "VII-B-6");
    // Text: readable sentences, and the same exit status as `check`.
    let t = c.run(&[
        "check",
        "--explain",
        &example("ambiguity.json"),
        "B ∪ G − R",
    ]);
    assert_eq!(t.code, 1);
    assert!(t.stdout.contains("Step by step:"), "{}", t.stdout);
    assert!(t.stdout.contains("Verdict: not correct"), "{}", t.stdout);
}

#[test]
fn check_explain_of_a_correct_solution_exits_0() {
    let c = Case::new("explain-ok");
    let r = c.run(&[
        "check",
        "--explain",
        &example("notation-example.json"),
        "B ∪ R = R@Y; B ∪ R′",
    ]);
    assert_eq!(r.code, 0, "{r:?}");
    assert!(
        r.stdout.contains("The Restriction B ∪ R = R@Y removes"),
        "{}",
        r.stdout
    );
    assert!(r.stdout.contains("Verdict: correct."), "{}", r.stdout);
}

#[test]
fn simulate_log_dir_then_review() {
    let c = Case::new("review");
    let dir = c.0.join("logs");
    let dir_s = dir.to_string_lossy().into_owned();
    let s = c.run(&[
        "simulate",
        "--players",
        "expert,club",
        "--division",
        "middle",
        "--basic",
        "--shakes",
        "3",
        "--log-dir",
        &dir_s,
    ]);
    assert_eq!(s.code, 0, "{s:?}");
    let log = dir.join("match-0001.jsonl");
    let log_s = log.to_string_lossy().into_owned();
    let r = c.run(&["review", "--json", &log_s]);
    assert_eq!(r.code, 0, "{r:?}");
    let v = r.json();
    assert!(!v["moves"].as_array().unwrap().is_empty());
    assert!(v["moves"][0]["position_after"]["universe"].is_string());
    assert!(v["summary"][0]["accuracy"].is_number());
    let t = c.run(&["review", &log_s]);
    assert_eq!(t.code, 0);
    assert!(t.stdout.contains("Shake 1"), "{}", t.stdout);
    assert!(t.stdout.contains("accuracy"), "{}", t.stdout);
    // A line that is not an action: exit 2, the line named.
    let text = std::fs::read_to_string(&log).unwrap();
    let broken = c.write("broken.jsonl", &text.replacen("\n", "\n{oops\n", 1));
    let b = c.run(&["review", "--json", &broken]);
    assert_eq!(b.code, 2, "{b:?}");
    assert_eq!(b.json()["line"], 2);
}

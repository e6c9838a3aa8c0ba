//! Integration tests of the `onsets` binary: each test runs the real program
//! in its own temporary directory.

/// The notation page's example position (notation.md, "Positions").
const NOTATION_EXAMPLE: &str = r#"{
  "division": "senior",
  "adventurous": true,
  "universe": "B BR RGY blank BRGY G Y BG RG BRY",
  "goal": "3*(2+1)",
  "required": "B ∪ =",
  "permitted": "R ′",
  "forbidden": "G 4",
  "resources": "Y ∩ −",
  "variations": ["wild-cube Y", "double-set R′"],
  "situation": "now"
}
"#;

/// A correct Solution of [`NOTATION_EXAMPLE`] (9 cards).
const CORRECT: &str = "B ∪ R = R@Y; B ∪ R′";

/// A Middle position for ambiguity (rules VII-C-5-c, example a).
const AMBIGUITY: &str = r#"{
  "division": "middle",
  "adventurous": false,
  "universe": "B R G Y BR BG RG BRG",
  "goal": "3",
  "required": "B −",
  "permitted": "∪ G R",
  "resources": "Y ∩ ′ V Λ =",
  "situation": "impossible"
}"#;

mod common;
use common::{workspace_root, Case};
use serde_json::Value;
use std::path::PathBuf;

// ---------------------------------------------------------------- exit status

#[test]
fn correct_solution_exits_0_and_says_correct() {
    let c = Case::new("correct");
    c.write("p.json", NOTATION_EXAMPLE);
    let r = c.run(&["check", "p.json", CORRECT]);
    assert_eq!(r.code, 0, "{r:?}");
    assert!(r.stdout.starts_with("correct"), "{r:?}");
    assert!(r.stdout.contains("9 card(s)"), "{r:?}");
    assert!(r.stderr.is_empty(), "{r:?}");
}

#[test]
fn incorrect_solution_exits_1_with_each_reason_and_its_rule_section() {
    let c = Case::new("incorrect");
    c.write("p.json", NOTATION_EXAMPLE);
    let r = c.run(&["check", "p.json", "B ∪ R′"]);
    assert_eq!(r.code, 1, "{r:?}");
    assert!(r.stdout.starts_with("incorrect"), "{r:?}");
    // Two reasons: no Restriction part, and 13 cards where the Goal is 9.
    assert!(r.stdout.contains("(VII-B-2)"), "{r:?}");
    assert!(r.stdout.contains("(VII-B-3)"), "{r:?}");
    assert!(r.stdout.contains("13"), "{r:?}");
}

#[test]
fn unreadable_position_file_exits_2_and_names_the_file() {
    let c = Case::new("missing");
    let r = c.run(&["check", "nowhere.json", "B ∪ R"]);
    assert_eq!(r.code, 2, "{r:?}");
    assert!(r.stdout.is_empty(), "{r:?}");
    assert!(r.stderr.contains("nowhere.json"), "{r:?}");
}

#[test]
fn position_that_is_not_json_exits_2() {
    let c = Case::new("notjson");
    c.write("p.json", "{ \"division\": ");
    let r = c.run(&["check", "p.json", "B ∪ R"]);
    assert_eq!(r.code, 2, "{r:?}");
    assert!(r.stderr.contains("not valid JSON"), "{r:?}");
    let c2 = Case::new("emptyjson");
    c2.write("p.json", "\n");
    let r = c2.run(&["check", "p.json", "B ∪ R"]);
    assert_eq!(r.code, 2, "{r:?}");
    assert!(r.stderr.contains("empty"), "{r:?}");
}

#[test]
fn malformed_position_field_exits_2_naming_the_field_and_column() {
    let c = Case::new("malformed");
    c.write("p.json", &NOTATION_EXAMPLE.replace("\"R ′\"", "\"R ′ X\""));
    let r = c.run(&["check", "p.json", CORRECT]);
    assert_eq!(r.code, 2, "{r:?}");
    assert!(r.stdout.is_empty(), "{r:?}");
    assert!(r.stderr.contains("field `permitted`"), "{r:?}");
    assert!(r.stderr.contains("column 5"), "{r:?}");
    assert!(r.stderr.contains("p.json"), "{r:?}");
}

#[test]
fn invalid_position_value_exits_2_naming_the_field() {
    let c = Case::new("badsituation");
    c.write("p.json", &NOTATION_EXAMPLE.replace("\"now\"", "\"later\""));
    let r = c.run(&["check", "--json", "p.json", CORRECT]);
    assert_eq!(r.code, 2, "{r:?}");
    // --json: the error is a JSON object on stdout too.
    let v = r.json();
    assert_eq!(v["ok"], false, "{r:?}");
    assert_eq!(v["field"], "situation", "{r:?}");
    assert!(r.stderr.contains("field `situation`"), "{r:?}");
}

#[test]
fn undefined_solution_is_a_verdict_exit_1_with_the_column() {
    let c = Case::new("undefined");
    c.write("p.json", AMBIGUITY);
    let r = c.run(&["check", "p.json", "R ∪ ′B"]);
    assert_eq!(r.code, 1, "{r:?}");
    assert!(r.stdout.starts_with("incorrect"), "{r:?}");
    assert!(r.stdout.contains("column 5"), "{r:?}");
    assert!(r.stdout.contains("VII-C-5-d"), "{r:?}");

    let r = c.run(&["check", "--json", "p.json", "[B ∪ G) − R"]);
    assert_eq!(r.code, 1, "{r:?}");
    let v = r.json();
    assert_eq!(v["correct"], false);
    assert_eq!(v["errors"][0]["code"], "undefined");
    let m = v["errors"][0]["message"].as_str().unwrap();
    assert!(m.contains("column 7"), "{m}");
}

#[test]
fn empty_solution_is_incorrect_not_unreadable() {
    let c = Case::new("emptysolution");
    c.write("p.json", AMBIGUITY);
    let r = c.run(&["check", "p.json", ""]);
    assert_eq!(r.code, 1, "{r:?}");
}

// ---------------------------------------------------------------- --json

fn assert_verdict_shape(v: &Value) {
    let o = v.as_object().expect("a JSON object");
    assert!(o["correct"].is_boolean(), "{v}");
    for x in o["values"].as_array().expect("values is an array") {
        assert!(x.is_i64(), "{v}");
    }
    for e in o["errors"].as_array().expect("errors is an array") {
        assert!(e["code"].is_string(), "{v}");
        assert!(e["message"].is_string(), "{v}");
        assert!(e["section"].is_string(), "{v}");
    }
    assert!(
        o["counterexample"].is_null() || o["counterexample"].is_string(),
        "{v}"
    );
}

#[test]
fn json_prints_exactly_one_object_for_a_correct_solution() {
    let c = Case::new("jsoncorrect");
    c.write("p.json", NOTATION_EXAMPLE);
    let r = c.run(&["check", "--json", "p.json", CORRECT]);
    assert_eq!(r.code, 0, "{r:?}");
    assert_eq!(r.stdout.lines().count(), 1, "{r:?}");
    let v = r.json();
    assert_verdict_shape(&v);
    assert_eq!(v["correct"], true);
    assert_eq!(v["values"], serde_json::json!([9]));
    assert_eq!(v["errors"], serde_json::json!([]));
    assert!(v["counterexample"].is_null());
}

#[test]
fn json_for_an_incorrect_solution_has_codes_messages_and_sections() {
    let c = Case::new("jsonincorrect");
    c.write("p.json", NOTATION_EXAMPLE);
    let r = c.run(&["check", "p.json", "B ∪ R′", "--json"]);
    assert_eq!(r.code, 1, "{r:?}");
    let v = r.json();
    assert_verdict_shape(&v);
    assert_eq!(v["correct"], false);
    assert_eq!(v["values"], serde_json::json!([13]));
    let sections: Vec<&str> = v["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["section"].as_str().unwrap())
        .collect();
    assert!(sections.contains(&"VII-B-2"), "{v}");
}

#[test]
fn json_counterexample_is_a_grouping_that_misses_the_goal() {
    let c = Case::new("jsonambiguous");
    c.write("p.json", AMBIGUITY);
    let r = c.run(&["check", "--json", "p.json", "B ∪ G − R"]);
    assert_eq!(r.code, 1, "{r:?}");
    let v = r.json();
    assert_verdict_shape(&v);
    assert_eq!(v["values"], serde_json::json!([3, 5]));
    assert_eq!(v["counterexample"], "B ∪ (G − R)");

    let r = c.run(&["check", "--json", "p.json", "(B ∪ G) − R"]);
    assert_eq!(r.code, 0, "{r:?}");
    assert!(r.json()["counterexample"].is_null());
}

// ---------------------------------------------------------------- inputs

#[test]
fn position_from_standard_input() {
    let c = Case::new("stdin");
    let r = c.run_with_stdin(&["check", "-", CORRECT], NOTATION_EXAMPLE);
    assert_eq!(r.code, 0, "{r:?}");
    let r = c.run_with_stdin(&["check", "--json", "-", "B ∪ R′"], NOTATION_EXAMPLE);
    assert_eq!(r.code, 1, "{r:?}");
    assert_eq!(r.json()["correct"], false);
    let r = c.run_with_stdin(&["check", "-", CORRECT], "{}");
    assert_eq!(r.code, 2, "{r:?}");
    assert!(r.stderr.contains("standard input"), "{r:?}");
}

#[test]
fn multi_line_solution_file() {
    let c = Case::new("solutionfile");
    c.write("p.json", NOTATION_EXAMPLE);
    c.write("s.txt", "B ∪ R = R@Y\nB ∪ R′\n");
    let r = c.run(&["check", "p.json", "--solution-file", "s.txt"]);
    assert_eq!(r.code, 0, "{r:?}");
    // Windows line endings and a byte-order mark read the same.
    c.write("crlf.txt", "\u{feff}B ∪ R = R@Y\r\nB ∪ R′\r\n");
    let r = c.run(&["check", "--json", "p.json", "-s", "crlf.txt"]);
    assert_eq!(r.code, 0, "{r:?}");
    // An undefined second line is located by line and column.
    c.write("bad.txt", "B ∪ R = R@Y\nB ∪ ′R\n");
    let r = c.run(&["check", "p.json", "--solution-file", "bad.txt"]);
    assert_eq!(r.code, 1, "{r:?}");
    assert!(r.stdout.contains("line 2, column 5"), "{r:?}");
}

#[test]
fn solution_from_standard_input_when_the_position_is_a_file() {
    let c = Case::new("solutionstdin");
    c.write("p.json", NOTATION_EXAMPLE);
    let r = c.run_with_stdin(
        &["check", "p.json", "--solution-file", "-"],
        "B ∪ R = R@Y\nB ∪ R′\n",
    );
    assert_eq!(r.code, 0, "{r:?}");
}

#[test]
fn position_and_solution_cannot_both_come_from_standard_input() {
    let c = Case::new("bothstdin");
    let r = c.run_with_stdin(&["check", "-", "--solution-file", "-"], NOTATION_EXAMPLE);
    assert_eq!(r.code, 2, "{r:?}");
    assert!(r.stderr.contains("standard input"), "{r:?}");
}

#[test]
fn unreadable_solution_file_exits_2() {
    let c = Case::new("nosolutionfile");
    c.write("p.json", NOTATION_EXAMPLE);
    let r = c.run(&["check", "p.json", "--solution-file", "missing.txt"]);
    assert_eq!(r.code, 2, "{r:?}");
    assert!(r.stderr.contains("missing.txt"), "{r:?}");
}

// ---------------------------------------------------------------- arguments

#[test]
fn usage_errors_exit_2() {
    let c = Case::new("usage");
    c.write("p.json", NOTATION_EXAMPLE);
    for args in [
        &[][..],
        &["frobnicate"][..],
        &["check"][..],
        &["check", "p.json"][..],
        &["check", "p.json", "B", "--solution-file", "s.txt"][..],
        &["check", "p.json", "B", "extra"][..],
        &["check", "--bogus", "p.json", "B"][..],
    ] {
        let r = c.run(args);
        assert_eq!(r.code, 2, "{args:?}: {r:?}");
        assert!(r.stdout.is_empty(), "{args:?}: {r:?}");
        assert!(!r.stderr.is_empty(), "{args:?}: {r:?}");
    }
}

#[test]
fn help_and_version_exit_0() {
    let c = Case::new("help");
    let r = c.run(&["--help"]);
    assert_eq!(r.code, 0, "{r:?}");
    assert!(r.stdout.contains("check"), "{r:?}");
    let r = c.run(&["check", "--help"]);
    assert_eq!(r.code, 0, "{r:?}");
    assert!(r.stdout.contains("--solution-file"), "{r:?}");
    assert!(r.stdout.contains("--json"), "{r:?}");
    let r = c.run(&["--version"]);
    assert_eq!(r.code, 0, "{r:?}");
    assert!(r.stdout.starts_with("onsets "), "{r:?}");
}

// ---------------------------------------------------------------- examples/

/// One row of the claims table in `examples/README.md`.
#[derive(Debug)]
struct Claim {
    position: String,
    solution: String,
    correct: bool,
    values: Vec<i64>,
    rule: Option<String>,
}

fn read_claims() -> Vec<Claim> {
    let path = workspace_root().join("examples/README.md");
    let text = std::fs::read_to_string(&path).expect("examples/README.md");
    let mut claims = Vec::new();
    let mut in_claims = false;
    for line in text.lines() {
        if line.starts_with("## ") {
            in_claims = line.trim() == "## Claims";
            continue;
        }
        if !in_claims || !line.starts_with('|') {
            continue;
        }
        let cells: Vec<&str> = line
            .trim()
            .trim_matches('|')
            .split('|')
            .map(str::trim)
            .collect();
        // Rows whose first cell links a position file; skip the header and rule.
        let Some(file) = cells[0]
            .split_once("](")
            .and_then(|(_, rest)| rest.split_once(')'))
            .map(|(f, _)| f.to_string())
        else {
            continue;
        };
        assert!(cells.len() >= 5, "short row in examples/README.md: {line}");
        let solution = cells[1].trim_matches('`').to_string();
        let correct = match cells[2] {
            "correct" => true,
            "incorrect" => false,
            other => panic!("verdict must be correct or incorrect, not {other:?}: {line}"),
        };
        let values = if cells[3] == "-" {
            Vec::new()
        } else {
            cells[3]
                .split(',')
                .map(|v| v.trim().parse().expect("a value"))
                .collect()
        };
        let rule = (cells[4] != "-").then(|| cells[4].to_string());
        claims.push(Claim {
            position: file,
            solution,
            correct,
            values,
            rule,
        });
    }
    claims
}

#[test]
fn every_example_claim_in_examples_readme_holds() {
    let claims = read_claims();
    assert!(claims.len() >= 10, "found only {} claims", claims.len());
    let examples = workspace_root().join("examples");
    let c = Case::new("claims");
    let mut failures = Vec::new();
    for claim in &claims {
        let position = examples.join(&claim.position);
        assert!(position.is_file(), "{claim:?}: no such example file");
        let r = c.run(&[
            "check",
            "--json",
            position.to_str().unwrap(),
            &claim.solution,
        ]);
        let v = r.json();
        let sections: Vec<&str> = v["errors"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["section"].as_str().unwrap())
            .collect();
        let values: Vec<i64> = v["values"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_i64().unwrap())
            .collect();
        let ok = r.code == if claim.correct { 0 } else { 1 }
            && v["correct"] == claim.correct
            && values == claim.values
            && match &claim.rule {
                None => sections.is_empty(),
                Some(rule) => sections.contains(&rule.as_str()),
            };
        if !ok {
            failures.push(format!("{claim:?}\n  got exit {}: {}", r.code, r.stdout));
        }
    }
    assert!(
        failures.is_empty(),
        "claims that do not hold:\n{}",
        failures.join("\n")
    );
}

#[test]
fn every_example_position_reads_and_has_a_claim() {
    let examples = workspace_root().join("examples");
    let claims = read_claims();
    let c = Case::new("examples");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&examples)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "json"))
        .collect();
    files.sort();
    assert!(files.len() >= 5);
    for f in files {
        let name = f.file_name().unwrap().to_str().unwrap().to_string();
        let r = c.run(&["check", f.to_str().unwrap(), "B"]);
        assert_ne!(r.code, 2, "{name} does not read: {r:?}");
        assert!(
            claims.iter().any(|k| k.position == name && k.correct),
            "{name} has no correct Solution in examples/README.md"
        );
        assert!(
            claims.iter().any(|k| k.position == name && !k.correct),
            "{name} has no incorrect Solution in examples/README.md"
        );
    }
}

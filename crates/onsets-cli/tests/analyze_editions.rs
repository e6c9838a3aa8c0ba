//! `onsets analyze` under the rule editions (docs/editions.md): `--edition` and
//! `--form` as for `check` and `solve`, the position's own `edition`, the
//! 2019-20 move rules, and the 1969 C-A-P claims (M69 3.5–3.7).

mod common;
use common::{example, workspace_root, Case};
use serde_json::Value;

// ---------------------------------------------------------------- 2026-27

const EXAMPLES: [&str; 6] = [
    "ambiguity",
    "analysis-in-play",
    "basic-elementary",
    "middle-restriction",
    "notation-example",
    "senior-wild-double",
];

fn golden(name: &str) -> String {
    let p = workspace_root()
        .join("crates/onsets-cli/tests/golden/analyze")
        .join(name);
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// FNV-1a, 64 bits: the JSON outputs are recorded by length and hash.
fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The 2026-27 output of every example, text and JSON, moves and Goals, is
/// byte for byte what it was before editions came to `analyze`
/// (tests/golden/analyze, recorded from the binary before the change), with
/// and without `--edition 2026-27`.
#[test]
fn t26_analyze_output_is_unchanged_for_the_examples() {
    let c = Case::new("an-golden");
    for ex in EXAMPLES {
        let f = example(&format!("{ex}.json"));
        for flags in [&[][..], &["--edition", "2026-27"][..]] {
            for (mode, file) in [
                (None, format!("{ex}.txt")),
                (Some("--goals"), format!("{ex}--goals.txt")),
            ] {
                let mut args = vec!["analyze"];
                args.extend(mode);
                args.extend(flags);
                args.push(&f);
                let r = c.run(&args);
                assert_eq!(r.code, 0, "{args:?}: {r:?}");
                assert_eq!(r.stdout, golden(&file), "{args:?}");
            }
        }
    }
    for line in golden("json.tsv").lines() {
        let cols: Vec<&str> = line.split('\t').collect();
        let (ex, modes, len, hash) = (cols[0], cols[1], cols[2], cols[3]);
        let f = example(&format!("{ex}.json"));
        for flags in [&[][..], &["--edition", "2026-27"][..]] {
            let mut args = vec!["analyze"];
            args.extend(modes.split(' '));
            args.extend(flags);
            args.push(&f);
            let r = c.run(&args);
            assert_eq!(r.code, 0, "{args:?}: {r:?}");
            assert_eq!(r.stdout.len().to_string(), len, "{args:?}");
            assert_eq!(
                format!("{:016x}", fnv(r.stdout.as_bytes())),
                hash,
                "{args:?}"
            );
        }
    }
}

// ---------------------------------------------------------------- flags

/// The same flags, meaning and errors as `check` and `solve`.
#[test]
fn edition_flag_errors_are_those_of_check_and_solve() {
    let c = Case::new("an-flags");
    let f = example("analysis-in-play.json");
    // `form` belongs to 1969: exit 2 naming the field.
    let r = c.run(&["analyze", "--edition", "2019-20", "--form", "basic", &f]);
    assert_eq!(r.code, 2, "{r:?}");
    assert!(r.stderr.contains("field `form`"), "{r:?}");
    let s = c.run(&["solve", "--edition", "2019-20", "--form", "basic", &f]);
    assert_eq!(s.code, 2, "{s:?}");
    assert_eq!(r.stderr, s.stderr);
    // --form needs --edition (clap).
    let r = c.run(&["analyze", "--form", "basic", &f]);
    assert_eq!(r.code, 2, "{r:?}");
    // An unknown edition names the field.
    let r = c.run(&["analyze", "--edition", "1970", &f]);
    assert_eq!(r.code, 2, "{r:?}");
    assert!(r.stderr.contains("field `edition`"), "{r:?}");
    let s = c.run(&["check", "--edition", "1970", &f, "B ∪ R"]);
    assert_eq!(r.stderr, s.stderr);
}

// ---------------------------------------------------------------- 2019-20

/// Middle Division, seven cubes in Resources, = and ⊆ among them.
const MIDDLE: &str = r#"{"division": "middle", "universe": "B R G Y BR BG RG BY",
  "goal": "3", "resources": "B R G ∪ ∩ = ⊆", "situation": "now"}"#;

fn with(fields: &str, json: &str) -> String {
    json.replacen('{', &format!("{{{fields}, "), 1)
}

fn moves(r: &common::Run) -> Vec<String> {
    r.json()["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["move"].as_str().unwrap().to_string())
        .collect()
}

/// B19: = and ⊆ are wild, never Restrictions (B19 I-B-2-d-iii), so IV-D does
/// not keep them out of Forbidden with more than four cubes in Resources.
#[test]
fn b19_iv_d_does_not_apply_equals_may_be_forbidden() {
    let c = Case::new("an-b19");
    let f = c.write("b19.json", &with(r#""edition": "2019-20""#, MIDDLE));
    let r = c.run(&["analyze", "--json", &f]);
    assert_eq!(r.code, 0, "{r:?}");
    let m = moves(&r);
    assert!(m.contains(&"= → Forbidden".to_string()), "{m:?}");
    assert!(m.contains(&"⊆ → Forbidden".to_string()), "{m:?}");
    assert!(m.contains(&"bonus = → Forbidden, then B → Required".to_string()));
    // The wild cubes' witnesses are B19 Solutions (checked in their positions).
    for mv in r.json()["moves"].as_array().unwrap() {
        if let Some(w) = mv["solution"].as_str() {
            let p = c.write("p.json", &mv["position"].to_string());
            assert_eq!(c.run(&["check", &p, w]).code, 0, "{w} after {}", mv["move"]);
        }
    }
    // --edition 2019-20 on a position without `edition`: the same analysis.
    let g = c.write("plain.json", MIDDLE);
    let by_flag = c.run(&["analyze", "--json", "--edition", "2019-20", &g]);
    assert_eq!(by_flag.stdout, r.stdout);
}

/// A19 keeps IV-D: no = or ⊆ to Forbidden while more than four cubes remain
/// (A19 IV-D), as 2026-27.
#[test]
fn a19_iv_d_keeps_equals_out_of_forbidden() {
    let c = Case::new("an-a19");
    let f = c.write(
        "a19.json",
        &with(r#""edition": "2019-20", "adventurous": true"#, MIDDLE),
    );
    let r = c.run(&["analyze", "--json", &f]);
    assert_eq!(r.code, 0, "{r:?}");
    let m = moves(&r);
    assert!(
        m.iter()
            .all(|m| !m.contains("= → Forbidden") && !m.contains("⊆ → Forbidden")),
        "{m:?}"
    );
    assert!(m.contains(&"= → Required".to_string()), "{m:?}");
    // Its words are the 2019-20 challenges, Now and Impossible.
    let t = c.run(&["analyze", &f]);
    assert!(
        t.stdout.contains("  Impossible: the Challenger is wrong"),
        "{t:?}"
    );
}

// ---------------------------------------------------------------- 1969

/// Goal 3 set; B alone names 3 cards (B, BR, BG); R ∪ O names 3 (R, BR, O).
const CLAIMS: &str = r#"{"edition": "1969", "universe": "B BR BG R G O", "goal": "3",
    "resources": "B R O ∪", "situation": "now"}"#;

fn play<'a>(out: &'a Value, text: &str) -> &'a Value {
    out["plays"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["play"] == text)
        .unwrap_or_else(|| panic!("no play {text} in {out}"))
}

/// Every witness printed is correct for the position it is claimed for
/// (`solution` with situation impossible, `solution_one_more` with now).
fn witnesses_check(c: &Case, out: &Value) {
    for p in out["plays"].as_array().unwrap() {
        let mut pos = p["position"].clone();
        if let Some(w) = p["solution"].as_str() {
            let f = c.write("w.json", &pos.to_string());
            assert_eq!(c.run(&["check", &f, w]).code, 0, "{w} after {}", p["play"]);
        }
        if let Some(w) = p["solution_one_more"].as_str() {
            pos["situation"] = "now".into();
            let f = c.write("w1.json", &pos.to_string());
            assert_eq!(c.run(&["check", &f, w]).code, 0, "{w} after {}", p["play"]);
        }
    }
}

/// M69 3.5 A, 3.7 comment 3: ∪ to Permitted lets B alone (one more cube)
/// name 3; forbidding B would have avoided it and kept R ∪ O possible.
#[test]
fn m69_3_5_a_flub_with_its_alternative() {
    let c = Case::new("an-m69-a");
    let f = c.write("c.json", CLAIMS);
    let r = c.run(&["analyze", "--json", &f]);
    assert_eq!(r.code, 0, "{r:?}");
    let out = r.json();
    assert_eq!(out["edition"], "1969");
    assert_eq!(out["form"], "basic");
    let p = play(&out, "∪ → Permitted");
    assert_eq!(p["class"], "a-flub");
    assert_eq!(p["flub"], "A-claim");
    assert_eq!(p["alternative"], "B → Forbidden");
    assert_eq!(p["solution_one_more"], "B");
    let alt = play(&out, "B → Forbidden");
    assert_eq!(alt["class"], "safe");
    assert_eq!(alt["solution_one_more"], Value::Null);
    // Orange is written O (M69 2.0), never Y, in plays and Solutions.
    assert_eq!(alt["solution"], "R ∪ O");
    assert_eq!(play(&out, "O → Forbidden")["class"], "a-flub");
    assert_eq!(out["counts"]["a-flub"], 23);
    assert_eq!(out["counts"]["safe"], 10);
    assert_eq!(out["counts"]["p-flub"], 9);
    assert_eq!(out["counts"]["forced"], 0);
    witnesses_check(&c, &out);
    // The text names the alternative, in 1969 words only.
    let t = c.run(&["analyze", &f]);
    assert_eq!(t.code, 0, "{t:?}");
    let line = t
        .stdout
        .lines()
        .find(|l| l.trim_start().starts_with("∪ → Permitted"))
        .unwrap();
    assert!(
        line.contains("a-flub") && line.contains("B → Forbidden"),
        "{line}"
    );
    assert!(t
        .stdout
        .contains("A-claim: a Solution with at most one more cube exists (B)"));
    for word in ["Now", "Impossible", "now-wins", " Y ", "IV-D"] {
        assert!(!t.stdout.contains(word), "{word} in {}", t.stdout);
    }
    assert!(t
        .stdout
        .ends_with("42 plays: 10 safe, 0 forced, 23 a-flub, 9 p-flub.\n"));
}

/// M69 3.5 comment 2: with two cubes left, B and ∪, every play either
/// allows B alone (one more cube) or leaves no Solution: playing B to
/// Required or Permitted is no A-claim violation.
#[test]
fn m69_3_5_comment_2_a_forced_move_is_no_flub() {
    let c = Case::new("an-m69-forced");
    let f = c.write(
        "f.json",
        r#"{"edition": "1969", "universe": "B BR BG R G O", "goal": "3",
            "resources": "B ∪", "situation": "now"}"#,
    );
    let out = c.run(&["analyze", "--json", &f]).json();
    for text in [
        "B → Required",
        "B → Permitted",
        "∪ → Forbidden",
        "∪ → Permitted",
    ] {
        let p = play(&out, text);
        assert_eq!(p["class"], "forced", "{text}");
        assert_eq!(p["flub"], Value::Null);
        assert_eq!(p["alternative"], Value::Null);
    }
    assert_eq!(play(&out, "B → Forbidden")["class"], "p-flub");
    assert_eq!(play(&out, "∪ → Required")["class"], "p-flub");
    assert_eq!(out["counts"]["a-flub"], 0);
    assert_eq!(out["counts"]["safe"], 0);
    witnesses_check(&c, &out);
}

/// M69 3.5 P, comment 1: bonus B to Forbidden and R to Forbidden leave O and
/// ∪, which name no 3-card set: the play destroys every Solution. After it,
/// a P-claim challenge is right.
#[test]
fn m69_3_5_p_flub() {
    let c = Case::new("an-m69-p");
    let f = c.write("c.json", CLAIMS);
    let out = c.run(&["analyze", "--json", &f]).json();
    let p = play(&out, "bonus B → Forbidden, then R → Forbidden");
    assert_eq!(p["class"], "p-flub");
    assert_eq!(p["flub"], "P-claim");
    assert_eq!(p["solution"], Value::Null);
    // The position after it: the P-claim challenge against that play.
    let after = c.write("after.json", &p["position"].to_string());
    let r = c.run(&["analyze", "--json", &after]);
    assert_eq!(r.json()["claims"]["p"]["challenger_right"], true);
    assert_eq!(r.json()["claims"]["a"]["solution_one_more"], Value::Null);
    let t = c.run(&["analyze", &after]);
    assert!(
        t.stdout
            .contains("P-claim: the Challenger is right (no Solution can be built)"),
        "{t:?}"
    );
    assert!(
        t.stdout.contains("A-claim: the Challenger is wrong"),
        "{t:?}"
    );
    // --no-bonus leaves the bonus plays out of the list only.
    let nb = c.run(&["analyze", "--json", "--no-bonus", &f]).json();
    assert_eq!(nb["plays"].as_array().unwrap().len(), 12);
    assert_eq!(play(&nb, "∪ → Permitted")["alternative"], "B → Forbidden");
}

/// `--edition 1969 --form advanced` on a position without `edition` selects
/// the 1969 rules; without the flag the position's own `edition` does.
#[test]
fn m69_edition_flag_and_field_select_the_1969_analysis() {
    let c = Case::new("an-m69-flag");
    let plain = c.write(
        "plain.json",
        r#"{"universe": "B BR BG R G Y", "goal": "3", "resources": "B R Y ∪", "situation": "now"}"#,
    );
    let r = c.run(&["analyze", "--edition", "1969", "--form", "advanced", &plain]);
    assert_eq!(r.code, 0, "{r:?}");
    assert!(
        r.stdout
            .starts_with("1969 Advanced: the claims against the last play"),
        "{r:?}"
    );
    let by_flag = c.run(&["analyze", "--json", "--edition", "1969", &plain]);
    let own = c.run(&["analyze", "--json", &c.write("c.json", CLAIMS)]);
    assert_eq!(by_flag.json()["counts"], own.json()["counts"]);
    assert_eq!(by_flag.json()["form"], "basic");
}

/// M69 3.1, 3.5 A: the Goals the numeral cubes 1 2 4 allow (one per value);
/// "No Goal" is a Flub since Goal 1 has a Solution (the orange cube alone,
/// M69 4.2-B P2). With only a 4 it is right.
#[test]
fn m69_3_5_a_goals_and_no_goal() {
    let c = Case::new("an-m69-goals");
    let f = c.write(
        "g.json",
        r#"{"edition": "1969", "universe": "blank B R G BR BRGO", "goal": "1",
            "resources": "B B R G O ∩ 1 2 4", "situation": "now"}"#,
    );
    let out = c.run(&["analyze", "--goals", "--json", &f]).json();
    assert_eq!(out["digits"], serde_json::json!([1, 2, 4]));
    let goals = out["goals"].as_array().unwrap();
    assert_eq!(goals.len(), 11);
    assert_eq!(goals.iter().filter(|g| g["possible"] == true).count(), 3);
    assert_eq!(goals.iter().filter(|g| g["safe"] == true).count(), 0);
    assert_eq!(out["no_goal_flub"], true);
    assert_eq!(out["no_goal_challenge"]["goal"], "1");
    assert_eq!(out["no_goal_challenge"]["solution"], "O");
    for g in goals {
        if let Some(w) = g["solution"].as_str() {
            let p = c.write("p.json", &g["position"].to_string());
            assert_eq!(c.run(&["check", &p, w]).code, 0, "{w} for {}", g["goal"]);
        }
    }
    let t = c.run(&["analyze", "--goals", &f]);
    assert!(
        t.stdout
            .contains("\"No Goal\" would be a Flub (3.5 A): Goal 1 has a Solution (O)."),
        "{t:?}"
    );
    let four = c.write(
        "four.json",
        r#"{"edition": "1969", "universe": "blank B R G BR BRGO", "goal": "1",
            "resources": "B B R G O ∩ 4", "situation": "now"}"#,
    );
    let out = c.run(&["analyze", "--goals", "--json", &four]).json();
    assert_eq!(out["no_goal_flub"], false);
    assert_eq!(out["no_goal_challenge"], Value::Null);
    let t = c.run(&["analyze", "--goals", &four]);
    assert!(t.stdout.contains("\"No Goal\" is right"), "{t:?}");
}

/// M69 3.2, 3.3: 1969 restricts no move: = and ⊆ go to Forbidden with any
/// number of cubes in Resources (2026-27's IV-D is not a 1969 rule), and so
/// does the last cube (no VIII-A).
#[test]
fn m69_3_2_any_cube_may_go_to_forbidden() {
    let c = Case::new("an-m69-moves");
    let f = c.write(
        "adv.json",
        r#"{"edition": "1969", "form": "advanced", "universe": "B BR BG R G O",
            "goal": "3", "resources": "B R O ∪ = ⊆", "situation": "now"}"#,
    );
    let out = c.run(&["analyze", "--json", &f]).json();
    play(&out, "= → Forbidden");
    play(&out, "⊆ → Forbidden");
    play(&out, "bonus = → Forbidden, then ⊆ → Forbidden");
    let last = c.write(
        "last.json",
        r#"{"edition": "1969", "universe": "B BR BG R G O", "goal": "3",
            "permitted": "B", "resources": "R", "situation": "now"}"#,
    );
    let out = c.run(&["analyze", "--json", &last]).json();
    // B in Permitted already names 3: every play but R to Required (which
    // leaves none) allows it, so none is an A-claim Flub (3.5 comment 2).
    assert_eq!(play(&out, "R → Forbidden")["class"], "forced");
    assert_eq!(play(&out, "R → Required")["class"], "p-flub");
}

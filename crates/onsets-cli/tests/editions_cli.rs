//! `onsets check` and `onsets solve` under the rule editions (docs/editions.md):
//! the position's own `edition` selects the rules, and `--edition` (with
//! `--form` for 1969) overrides it.

mod common;
use common::Case;

/// Blue cards B, BR, BG and G, RG: B ∪ G names 5; no B cube, so under MLAG
/// Basic 2019-20 the wild = must stand for B (B19 I-B-2-d-iii).
const B19: &str = r#"{"edition": "2019-20", "division": "elementary", "universe": "B BR BG G RG R Y",
  "goal": "5", "permitted": "= G ∪", "situation": "impossible"}"#;

#[test]
fn b19_check_and_solve_with_the_positions_edition() {
    let c = Case::new("ed-b19");
    let f = c.write("b19.json", B19);
    let r = c.run(&["check", &f, "B@= ∪ G"]);
    assert_eq!(r.code, 0, "{r:?}");
    let r = c.run(&["solve", "--json", &f]);
    assert_eq!(r.code, 0, "{r:?}");
    assert!(
        r.json()["solution"].as_str().unwrap().contains("@="),
        "{r:?}"
    );
    // --edition 2026-27: = is not in play in Basic On-Sets.
    let r = c.run(&["check", "--edition", "2026-27", &f, "B@= ∪ G"]);
    assert_eq!(r.code, 1, "{r:?}");
    let r = c.run(&["solve", "--edition", "2026-27", "--json", &f]);
    assert_eq!(r.code, 1, "{r:?}");
}

#[test]
fn m69_edition_flag_sets_the_1969_rules() {
    let c = Case::new("ed-1969");
    // A 2026-27 position: one cube is too few (VII-B-4-a) ...
    let f = c.write(
        "p.json",
        r#"{"division": "senior", "universe": "B R G BO", "goal": "2", "permitted": "B R", "situation": "now"}"#
            .replace("BO", "BY")
            .as_str(),
    );
    let r = c.run(&["check", &f, "B"]);
    assert_eq!(r.code, 1, "{r:?}");
    // ... but legal in 1969 (M69 4.2-B P2), where O is the fourth color.
    let r = c.run(&["check", "--edition", "1969", &f, "B"]);
    assert_eq!(r.code, 0, "{r:?}");
    let r = c.run(&[
        "solve",
        "--edition",
        "1969",
        "--form",
        "advanced",
        "--json",
        &f,
    ]);
    assert_eq!(r.code, 0, "{r:?}");
    assert_eq!(r.json()["solution"], "B", "{r:?}");
    // 1969 prints its fourth color as O (orange).
    let orange = c.write(
        "o.json",
        r#"{"edition": "1969", "universe": "B R BO O RO", "goal": "3", "permitted": "O", "situation": "now"}"#,
    );
    let r = c.run(&["solve", "--json", &orange]);
    assert_eq!(r.json()["solution"], "O", "{r:?}");
    // --form without --edition is refused by the argument parser.
    let r = c.run(&["check", "--form", "basic", &f, "B"]);
    assert_eq!(r.code, 2, "{r:?}");
    let r = c.run(&["check", "--edition", "1970", &f, "B"]);
    assert_eq!(r.code, 2, "{r:?}");
}

/// A 1969 verdict and its explanation cite the manual's Solution Rule (M69
/// 3.4, 3.4') and print the fourth color as O, never a 2026-27 section.
#[test]
fn m69_3_4_check_and_explain_cite_the_manual_and_print_orange() {
    let c = Case::new("ed-1969-cite");
    let f = c.write(
        "o.json",
        r#"{"edition": "1969", "form": "advanced", "universe": "B R BO O RO BG", "goal": "3",
            "permitted": "O ∪", "required": "=", "forbidden": "G", "resources": "R − ∩ B",
            "situation": "now"}"#,
    );
    for args in [
        vec!["check", &f, "R ∪ B"],
        vec!["check", "--explain", &f, "R ∪ B"],
    ] {
        let r = c.run(&args);
        assert_eq!(r.code, 1, "{r:?}");
        assert!(r.stdout.contains("(M69 3.4 (D))"), "{r:?}");
        assert!(r.stdout.contains("A-claim"), "{r:?}");
        assert!(!r.stdout.contains("VII-"), "{r:?}");
        assert!(!r.stdout.contains('Y'), "{r:?}");
    }
    let r = c.run(&["check", "--explain", &f, "R ∪ B"]);
    assert!(r.stdout.contains("BO"), "{r:?}");
}

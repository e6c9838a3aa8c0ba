//! Integration tests of `onsets solve` and `onsets analyze`: each test runs
//! the real binary in its own temporary directory, and every Solution the
//! binary prints is handed back to `onsets check` on the position it is
//! claimed for.

/// Goal 6 from B ∪ with R and G Permitted: B ∪ R and B ∪ G, two sets.
const TWO_SETS: &str = r#"{"division": "elementary", "adventurous": false,
    "universe": "B R G Y BR BG RG BRG", "goal": "2*3",
    "required": "B ∪", "permitted": "R G", "situation": "forceout"}"#;

/// III-D comment (a): three 1's, only ∪, every color on at least four cards.
/// The Goal is a placeholder: `analyze --goals` sets Goals from the digit
/// cubes in Resources.
const NO_GOAL: &str = r#"{"division": "elementary", "adventurous": false,
    "universe": "BRGY BRG BRY BGY RGY BR GY BG", "goal": "1",
    "resources": "B R G Y ∪ ∪ ∪ 1 1 1", "situation": "impossible"}"#;

/// Goal 2: no Solution (one ∪, every union names 6 cards).
const NONE: &str = r#"{"division": "elementary", "adventurous": false,
    "universe": "B R G Y BR BG RG BRG", "goal": "2",
    "required": "B ∪", "permitted": "R G", "situation": "forceout"}"#;

mod common;
use common::{example, workspace_root as root, Case};

/// `onsets check` on `position` (JSON text) says `solution` is correct.
fn assert_correct(c: &Case, position: &str, solution: &str) {
    let p = c.write("claimed.json", position);
    let r = c.run(&["check", &p, solution]);
    assert_eq!(
        r.code, 0,
        "{solution:?} judged incorrect on {position}: {r:?}"
    );
}

// ---------------------------------------------------------------- solve

#[test]
fn solve_prints_a_correct_solution_for_every_example_or_exits_1() {
    let c = Case::new("examples");
    let mut solvable = 0;
    for entry in std::fs::read_dir(root().join("examples")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "json") {
            continue;
        }
        let p = path.to_string_lossy().into_owned();
        let r = c.run(&["solve", "--json", &p]);
        let j = r.json();
        let keys: Vec<&String> = j.as_object().unwrap().keys().collect();
        assert_eq!(keys, ["solution", "solvable"], "{p}: {r:?}");
        match j["solution"].as_str() {
            Some(s) => {
                assert_eq!(r.code, 0, "{p}: {r:?}");
                assert_eq!(j["solvable"], true);
                assert_correct(&c, &std::fs::read_to_string(&path).unwrap(), s);
                solvable += 1;
            }
            None => {
                assert_eq!(r.code, 1, "{p}: {r:?}");
                assert_eq!(j["solvable"], false);
            }
        }
        // The human form agrees.
        let h = c.run(&["solve", &p]);
        assert_eq!(h.code, r.code, "{p}");
        match j["solution"].as_str() {
            Some(s) => assert_eq!(h.stdout.trim(), format!("Solution: {s}")),
            None => assert!(h.stdout.starts_with("no correct Solution exists")),
        }
    }
    assert!(solvable >= 5);
}

#[test]
fn solve_with_no_solution_exits_1_and_says_so() {
    let c = Case::new("none");
    let p = c.write("p.json", NONE);
    let r = c.run(&["solve", &p]);
    assert_eq!(r.code, 1, "{r:?}");
    assert!(r.stdout.contains("no correct Solution exists"), "{r:?}");
    let r = c.run(&["solve", "--json", &p]);
    assert_eq!(r.code, 1);
    assert_eq!(
        r.json(),
        serde_json::json!({"solvable": false, "solution": null})
    );
}

#[test]
fn solve_shortest_is_correct_and_no_longer() {
    let c = Case::new("shortest");
    let p = example("notation-example.json");
    let any = c.run(&["solve", "--json", &p]).json();
    let short = c.run(&["solve", "--json", "--shortest", &p]);
    assert_eq!(short.code, 0, "{short:?}");
    let s = short.json()["solution"].as_str().unwrap().to_string();
    assert_correct(&c, &std::fs::read_to_string(&p).unwrap(), &s);
    // written symbols: a wild cube's `@X` annotation is not one
    let cubes = |t: &str| {
        let mut n = 0;
        let mut after_at = false;
        for ch in t.chars() {
            if ch == '@' {
                after_at = true;
            } else if "BRGY∪∩−′VΛ=⊆".contains(ch) {
                if !after_at {
                    n += 1;
                }
                after_at = false;
            }
        }
        n
    };
    assert!(cubes(&s) <= cubes(any["solution"].as_str().unwrap()));
}

#[test]
fn solve_all_lists_exactly_the_sets_named() {
    let c = Case::new("all");
    let p = c.write("p.json", TWO_SETS);
    let r = c.run(&["solve", "--all", "--json", &p]);
    assert_eq!(r.code, 0, "{r:?}");
    let j = r.json();
    assert_eq!(j["truncated"], false);
    let sets = j["sets"].as_array().unwrap();
    let mut cards: Vec<&str> = sets.iter().map(|s| s["cards"].as_str().unwrap()).collect();
    cards.sort();
    assert_eq!(cards, ["B BR G BG RG BRG", "B R BR BG RG BRG"]);
    for s in sets {
        assert_correct(&c, TWO_SETS, s["example"].as_str().unwrap());
    }
    let h = c.run(&["solve", "--all", &p]);
    assert!(h.stdout.contains("2 distinct set(s)"), "{h:?}");
    let one = c.run(&["solve", "--all", "--max-sets", "1", "--json", &p]);
    assert_eq!(one.json()["truncated"], true);
    assert_eq!(one.json()["sets"].as_array().unwrap().len(), 1);
    // Every set of the notation example is named by its example.
    let n = example("notation-example.json");
    let r = c.run(&["solve", "--all", "--json", &n]);
    let sets = r.json()["sets"].as_array().unwrap().clone();
    assert!(sets.len() > 1);
    for s in &sets {
        assert_correct(
            &c,
            &std::fs::read_to_string(&n).unwrap(),
            s["example"].as_str().unwrap(),
        );
    }
}

#[test]
fn solve_all_under_two_solutions_is_refused_with_exit_2() {
    let c = Case::new("alltwo");
    let p = c.write(
        "p.json",
        r#"{"division": "senior", "adventurous": true,
        "universe": "B R G Y BR BG RG BRG BRGY GY", "goal": "2*3",
        "required": "B ∪", "permitted": "R G", "variations": ["two-solutions"],
        "situation": "forceout"}"#,
    );
    let r = c.run(&["solve", "--all", &p]);
    assert_eq!(r.code, 2, "{r:?}");
    assert!(r.stderr.contains("Two Solutions"), "{r:?}");
}

#[test]
fn solve_unreadable_input_exits_2() {
    let c = Case::new("unreadable");
    let r = c.run(&["solve", "nowhere.json"]);
    assert_eq!(r.code, 2, "{r:?}");
    assert!(r.stderr.contains("nowhere.json"));
    let p = c.write("p.json", "{\"division\": ");
    assert_eq!(c.run(&["solve", &p]).code, 2);
    assert_eq!(c.run(&["solve", "--max-sets", "3", &p]).code, 2);
    assert_eq!(c.run(&["analyze", &p]).code, 2);
    let help = c.run(&["solve", "--help"]);
    assert_eq!(help.code, 0);
    assert!(help
        .stdout
        .contains("Exit status: 0 when a correct Solution exists"));
}

// ---------------------------------------------------------------- analyze

#[test]
fn analyze_classifies_moves_with_checkable_witnesses() {
    let c = Case::new("moves");
    let p = example("analysis-in-play.json");
    let r = c.run(&["analyze", "--json", &p]);
    assert_eq!(r.code, 0, "{r:?}");
    let j = r.json();
    let moves = j["moves"].as_array().unwrap();
    let by = |m: &str| {
        moves
            .iter()
            .find(|x| x["move"] == m)
            .unwrap_or_else(|| panic!("{m} not listed"))
    };
    // ∪ to Permitted allows B ∪ Y with the one Y from Resources.
    assert_eq!(by("∪ → Permitted")["class"], "now-wins");
    assert_eq!(by("G → Forbidden")["class"], "safe");
    assert_eq!(
        by("shift R Permitted → Forbidden")["kind"],
        "shift-from-permitted"
    );
    // Bonus G to Forbidden then Y to Forbidden: no way to 5 cards remains.
    assert_eq!(
        by("bonus G → Forbidden, then Y → Forbidden")["class"],
        "impossible-wins"
    );
    // IV-D: six cubes in Resources, = does not go to Forbidden.
    assert!(!moves.iter().any(|m| m["move"] == "= → Forbidden"));
    let mut checked = 0;
    for m in moves {
        if let Some(s) = m["solution"].as_str() {
            assert_correct(&c, &m["position"].to_string(), s);
            checked += 1;
        } else {
            assert_eq!(m["class"], "impossible-wins");
        }
    }
    assert!(checked > 20);
    let counts = &j["counts"];
    assert_eq!(
        counts["safe"].as_u64().unwrap()
            + counts["now-wins"].as_u64().unwrap()
            + counts["impossible-wins"].as_u64().unwrap(),
        moves.len() as u64
    );
    // The human table and --no-bonus.
    let h = c.run(&["analyze", &p]);
    assert_eq!(h.code, 0);
    assert!(h.stdout.contains("∪ → Permitted"), "{h:?}");
    assert!(h.stdout.contains("now-wins"));
    assert!(h.stdout.contains("Challenges against the last move"));
    let nb = c.run(&["analyze", "--json", "--no-bonus", &p]).json();
    assert!(nb["moves"]
        .as_array()
        .unwrap()
        .iter()
        .all(|m| m["bonus"].is_null()));
}

#[test]
fn analyze_goals_says_when_no_goal_is_correct() {
    let c = Case::new("goals");
    let p = c.write("p.json", NO_GOAL);
    let r = c.run(&["analyze", "--goals", "--json", &p]);
    assert_eq!(r.code, 0, "{r:?}");
    let j = r.json();
    assert_eq!(j["no_goal_correct"], true);
    assert_eq!(j["digits"], serde_json::json!([1, 1, 1]));
    let h = c.run(&["analyze", "--goals", &p]);
    assert!(h.stdout.contains("\"no Goal\" is correct"), "{h:?}");
    // With a 4, a 3 and a 1 rolled instead, 3+4 = 7 = B ∪ R.
    let text = std::fs::read_to_string(&p)
        .unwrap()
        .replace("1 1 1\"", "4 3 1\"");
    let q = c.write("q.json", &text);
    let j = c.run(&["analyze", "--goals", "--json", &q]).json();
    assert_eq!(j["no_goal_correct"], false);
    let goals = j["goals"].as_array().unwrap();
    let seven = goals.iter().find(|g| g["goal"] == "3+4").unwrap();
    assert_eq!(seven["values"], serde_json::json!([7]));
    for g in goals {
        if let Some(s) = g["solution"].as_str() {
            assert_correct(&c, &g["position"].to_string(), s);
        }
    }
}

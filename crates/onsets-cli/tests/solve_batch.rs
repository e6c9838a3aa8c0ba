//! Integration tests of `onsets solve --jsonl` (docs/performance.md, batch solving):
//! one answer per line, `{"line": n, "solvable": bool, "solution": text|null,
//! "micros": int}`, in order, with `--shortest` and `--all`; exit 2 with the
//! line number for a line that cannot be read, after the lines before it.

mod common;
use common::Case;
use serde_json::Value;

/// Goal 6 from B ∪ with R and G Permitted: B ∪ R and B ∪ G.
const SOLVABLE: &str = r#"{"division": "elementary", "adventurous": false, "universe": "B R G Y BR BG RG BRG", "goal": "2*3", "required": "B ∪", "permitted": "R G", "situation": "forceout"}"#;

/// Goal 2: no Solution (one ∪, every union names 6 cards).
const NONE: &str = r#"{"division": "elementary", "adventurous": false, "universe": "B R G Y BR BG RG BRG", "goal": "2", "required": "B ∪", "permitted": "R G", "situation": "forceout"}"#;

/// Two Solutions in force: `--all` is not available for it.
const TWO: &str = r#"{"division": "senior", "adventurous": true, "universe": "B R G Y BR BG RG BRG BRGY GY", "goal": "2*3", "required": "B ∪", "permitted": "R G", "variations": ["two-solutions"], "situation": "forceout"}"#;

fn lines(stdout: &str) -> Vec<Value> {
    stdout
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l:?}")))
        .collect()
}

/// `onsets check` says `solution` is correct on `position`.
fn assert_correct(c: &Case, position: &str, solution: &str) {
    let p = c.write("claimed.json", position);
    let r = c.run(&["check", &p, solution]);
    assert_eq!(r.code, 0, "{solution:?} judged incorrect: {r:?}");
}

#[test]
fn jsonl_answers_every_line_in_order_with_the_contract_keys() {
    let c = Case::new("batch");
    // a blank line is skipped; line numbers are the file's
    let input = format!("{SOLVABLE}\n{NONE}\n\n{SOLVABLE}\n");
    let f = c.write("in.jsonl", &input);
    let r = c.run(&["solve", "--jsonl", &f]);
    assert_eq!(r.code, 0, "{r:?}");
    // keys in the contract's order
    for l in r.stdout.lines() {
        assert!(
            l.starts_with("{\"line\":") && l.contains(",\"solvable\":"),
            "{l}"
        );
        let order: Vec<usize> = ["\"line\"", "\"solvable\"", "\"solution\"", "\"micros\""]
            .iter()
            .map(|k| l.find(k).unwrap())
            .collect();
        assert!(order.windows(2).all(|w| w[0] < w[1]), "{l}");
    }
    let out = lines(&r.stdout);
    assert_eq!(out.len(), 3);
    let nums: Vec<u64> = out.iter().map(|o| o["line"].as_u64().unwrap()).collect();
    assert_eq!(nums, [1, 2, 4]);
    for o in &out {
        let keys: Vec<&String> = o.as_object().unwrap().keys().collect();
        assert_eq!(keys.len(), 4, "{o}");
        assert!(o["micros"].is_u64(), "{o}");
    }
    assert_eq!(out[0]["solvable"], true);
    assert_correct(&c, SOLVABLE, out[0]["solution"].as_str().unwrap());
    assert_eq!(out[1]["solvable"], false);
    assert_eq!(out[1]["solution"], Value::Null);
    assert_eq!(out[2]["solvable"], true);
}

#[test]
fn jsonl_reads_standard_input_and_ignores_recorded_answers() {
    let c = Case::new("stdin");
    // the corpus form: a position with its expected answer
    let with_answer = SOLVABLE.replace("}", ", \"solvable\": true}");
    let r = c.run_with_stdin(
        &["solve", "--jsonl", "-", "--jobs", "1"],
        &format!("{with_answer}\n{NONE}\n"),
    );
    assert_eq!(r.code, 0, "{r:?}");
    let out = lines(&r.stdout);
    assert_eq!(out.len(), 2);
    assert_eq!(out[0]["solvable"], true);
    assert_eq!(out[1]["solvable"], false);
}

#[test]
fn jsonl_same_answers_on_one_thread_and_on_many() {
    let c = Case::new("threads");
    let input: String = (0..40)
        .map(|i| if i % 3 == 0 { NONE } else { SOLVABLE })
        .map(|l| format!("{l}\n"))
        .collect();
    let f = c.write("in.jsonl", &input);
    let one = lines(&c.run(&["solve", "--jsonl", &f, "--jobs", "1"]).stdout);
    let many = lines(&c.run(&["solve", "--jsonl", &f, "--jobs", "4"]).stdout);
    assert_eq!(one.len(), 40);
    let strip = |v: &[Value]| -> Vec<(Value, Value, Value)> {
        v.iter()
            .map(|o| {
                (
                    o["line"].clone(),
                    o["solvable"].clone(),
                    o["solution"].clone(),
                )
            })
            .collect()
    };
    assert_eq!(strip(&one), strip(&many));
}

#[test]
fn jsonl_bad_line_exits_2_with_its_number_after_the_lines_before_it() {
    let c = Case::new("bad");
    let f = c.write(
        "in.jsonl",
        &format!("{SOLVABLE}\n{NONE}\n{{\"division\": \n{SOLVABLE}\n"),
    );
    let r = c.run(&["solve", "--jsonl", &f]);
    assert_eq!(r.code, 2, "{r:?}");
    let out = lines(&r.stdout);
    assert_eq!(out.len(), 2, "{r:?}");
    assert_eq!(out[1]["line"], 2);
    assert!(r.stderr.contains("line 3"), "{r:?}");
    // a readable JSON object that is no position
    let g = c.write("in2.jsonl", &format!("{NONE}\n{{\"goal\": \"1\"}}\n"));
    let r = c.run(&["solve", "--jsonl", &g]);
    assert_eq!(r.code, 2, "{r:?}");
    assert_eq!(lines(&r.stdout).len(), 1);
    assert!(r.stderr.contains("line 2"), "{r:?}");
    // a missing file
    let r = c.run(&["solve", "--jsonl", "nowhere.jsonl"]);
    assert_eq!(r.code, 2, "{r:?}");
    assert!(r.stderr.contains("nowhere.jsonl"), "{r:?}");
}

#[test]
fn jsonl_shortest_gives_correct_solutions_no_longer_than_the_first() {
    let c = Case::new("short");
    let f = c.write("in.jsonl", &format!("{SOLVABLE}\n{NONE}\n"));
    let any = lines(&c.run(&["solve", "--jsonl", &f]).stdout);
    let r = c.run(&["solve", "--jsonl", &f, "--shortest"]);
    assert_eq!(r.code, 0, "{r:?}");
    let short = lines(&r.stdout);
    let s = short[0]["solution"].as_str().unwrap();
    assert_correct(&c, SOLVABLE, s);
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
    assert!(cubes(s) <= cubes(any[0]["solution"].as_str().unwrap()));
    assert_eq!(short[1]["solvable"], false);
}

#[test]
fn jsonl_all_lists_sets_and_refuses_a_line_it_cannot_list() {
    let c = Case::new("all");
    let f = c.write("in.jsonl", &format!("{SOLVABLE}\n{TWO}\n{NONE}\n"));
    let r = c.run(&["solve", "--jsonl", &f, "--all"]);
    assert_eq!(r.code, 2, "{r:?}");
    let out = lines(&r.stdout);
    assert_eq!(out.len(), 1, "{r:?}");
    assert_eq!(out[0]["sets"].as_array().unwrap().len(), 2);
    assert_eq!(out[0]["truncated"], false);
    assert!(
        r.stderr.contains("line 2") && r.stderr.contains("Two Solutions"),
        "{r:?}"
    );
}

#[test]
fn jsonl_and_a_position_cannot_be_given_together() {
    let c = Case::new("usage");
    let f = c.write("in.jsonl", SOLVABLE);
    let p = c.write("p.json", SOLVABLE);
    assert_eq!(c.run(&["solve", "--jsonl", &f, &p]).code, 2);
    assert_eq!(c.run(&["solve", "--jsonl", &f, "--json"]).code, 2);
    assert_eq!(c.run(&["solve", "--jobs", "2", &p]).code, 2);
    assert_eq!(c.run(&["solve"]).code, 2);
}

//! `onsets judge` under every rule edition (docs/editions.md), run as the real
//! binary: 2019-20 positions and match logs (B19 wild cubes, the new
//! `arrange_goal` / `join_side` acts) and 1969 positions and game logs
//! (`onsets-1969/1`), ruled by the manual's claims (M69 3.5–3.9).

mod common;
use common::Case;
use serde_json::Value;

/// A 1969 game log written by `simulate`, with the review's moves.
fn simulated_1969(c: &Case, seed: &str) -> Vec<(String, Value)> {
    let dir = c.0.join(format!("logs{seed}"));
    let dir_s = dir.to_string_lossy().into_owned();
    let s = c.run(&[
        "simulate",
        "--edition",
        "1969",
        "--players",
        "club,club",
        "--shakes",
        "12",
        "--seed",
        seed,
        "--log-dir",
        &dir_s,
    ]);
    assert_eq!(s.code, 0, "{s:?}");
    let mut out = Vec::new();
    let mut names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    names.sort();
    for path in names {
        let text = std::fs::read_to_string(&path).unwrap();
        let r = c.run(&["review", "--json", &path.to_string_lossy()]);
        assert_eq!(r.code, 0, "{r:?}");
        out.push((text, r.json()));
    }
    out
}

/// The log up to the first play the review finds to be a Flub of `claim`
/// (its line), the review's entry for that play.
fn log_to_flub(games: &[(String, Value)], claim: &str) -> Option<(String, Value)> {
    for (text, review) in games {
        for m in review["moves"].as_array().unwrap() {
            if m["correct_claims"]
                .as_array()
                .unwrap()
                .iter()
                .any(|c| c == claim)
            {
                let line = m["line"].as_u64().unwrap() as usize;
                let cut: Vec<&str> = text.lines().take(line).collect();
                return Some((cut.join("\n") + "\n", m.clone()));
            }
        }
    }
    None
}

/// M69 3.5 (A), 3.6, 3.7 comment 3: on a 1969 game log cut right after an
/// A-claim Flub, `--challenge a` is upheld (exit 0) with the alternative
/// play the review names; the same claim by a player is applied by the 1969
/// engine (its events, the totals); the Mover's own challenge is refused
/// (exit 1); `--challenge p` is not upheld; Now is refused (exit 2).
#[test]
fn m69_3_5_a_claim_on_a_game_log_with_and_without_a_player() {
    let c = Case::new("judge69-a");
    let games = simulated_1969(&c, "11");
    let (log, m) = log_to_flub(&games, "a").expect("a careless bot makes an A-claim Flub");
    let file = c.write("a.jsonl", &log);
    let r = c.run(&["judge", "--log", &file, "--challenge", "a", "--json"]);
    assert_eq!(r.code, 0, "{r:?}");
    let v = r.json();
    assert_eq!(v["edition"], "1969");
    assert_eq!(v["claim"], "a");
    assert_eq!(v["decided"], true);
    assert_eq!(v["decided_by"], "solver");
    assert_eq!(v["alternative"], m["alternative"], "{v}");
    assert!(v["reasons"]
        .as_array()
        .unwrap()
        .iter()
        .all(|r| r["section"].as_str().unwrap().starts_with("M69")));
    let mover = m["player"].as_u64().unwrap() as usize;
    let other = (1 - mover).to_string();
    let r = c.run(&[
        "judge",
        "--log",
        &file,
        "--challenge",
        "a",
        "--player",
        &other,
        "--json",
    ]);
    assert_eq!(r.code, 0, "{r:?}");
    let v = r.json();
    assert_eq!(v["decided_by"], "engine");
    assert_eq!(v["events"][0]["event"], "challenged");
    assert!(v["totals_before"].is_array() && v["totals_after"].is_array());
    let own = c.run(&[
        "judge",
        "--log",
        &file,
        "--challenge",
        "a",
        "--player",
        &mover.to_string(),
    ]);
    assert_eq!(own.code, 1, "{own:?}");
    assert!(own.stdout.contains("not allowed"), "{}", own.stdout);
    assert!(own.stdout.contains("M69 3.6"), "{}", own.stdout);
    let p = c.run(&["judge", "--log", &file, "--challenge", "p"]);
    assert_eq!(p.code, 1, "{p:?}");
    let now = c.run(&["judge", "--log", &file, "--challenge", "now", "--json"]);
    assert_eq!(now.code, 2, "{now:?}");
    assert_eq!(now.json()["field"], "dispute.challenge");
    assert!(now.stderr.contains("c-from-a"), "{}", now.stderr);

    // The mat after the play, typed: Sol≤1 holds, the alternative needs
    // the mat before the play: undecided, exit 1, with the witness.
    let pos = c.write("after.json", &m["position_after"].to_string());
    let r = c.run(&["judge", "--position", &pos, "--challenge", "a", "--json"]);
    assert_eq!(r.code, 1, "{r:?}");
    let v = r.json();
    assert_eq!(v["decided"], false);
    let w = v["witness"].as_str().unwrap();
    let mut now_pos = m["position_after"].clone();
    now_pos["situation"] = "now".into();
    let now_file = c.write("now.json", &now_pos.to_string());
    let check = c.run(&["check", &now_file, w]);
    assert_eq!(check.code, 0, "{check:?}");
    let r = c.run(&["judge", "--position", &pos, "--challenge", "impossible"]);
    assert_eq!(r.code, 2, "{r:?}");
    assert!(r.stderr.contains("no Impossible challenge"), "{}", r.stderr);
}

/// M69 3.5 (P), 3.7, 3.9: after a P-claim Flub the P-claim is upheld; the
/// acts "challenge p" then the Mover's "decline", applied through `--act`,
/// score the play: the Challenger +2 (3.9).
#[test]
fn m69_3_9_p_claim_and_acts_on_a_game_log() {
    let c = Case::new("judge69-p");
    let games = simulated_1969(&c, "11");
    let (log, m) = log_to_flub(&games, "p").expect("a P-claim Flub");
    let file = c.write("p.jsonl", &log);
    let r = c.run(&["judge", "--log", &file, "--challenge", "p"]);
    assert_eq!(r.code, 0, "{r:?}");
    assert!(r.stdout.contains("M69 3.5 (P)"), "{}", r.stdout);
    let mover = m["player"].as_u64().unwrap() as usize;
    let other = 1 - mover;
    let acts = format!(
        r#"[{{"type": "challenge", "player": {other}, "claim": "p"}}, {{"type": "decline", "player": {mover}}}]"#
    );
    let r = c.run(&["judge", "--log", &file, "--act", &acts, "--json"]);
    assert_eq!(r.code, 0, "{r:?}");
    let v = r.json();
    let before = v["totals_before"].as_array().unwrap();
    let after = v["totals_after"].as_array().unwrap();
    assert_eq!(
        after[other].as_i64().unwrap() - before[other].as_i64().unwrap(),
        2,
        "{v}"
    );
    assert!(v["events"]
        .as_array()
        .unwrap()
        .iter()
        .any(|e| e["event"] == "play_scored"));
    // A 2026-27 act is not a 1969 act.
    let r = c.run(&[
        "judge",
        "--log",
        &file,
        "--act",
        r#"{"type": "charge_illegal_procedure", "player": 0}"#,
    ]);
    assert_eq!(r.code, 2, "{r:?}");
}

/// The 1969 claims belong to 1969: on a 2026-27 position they are refused
/// (exit 2) naming the tournament's challenges.
#[test]
fn m69_claims_refused_for_other_editions() {
    let c = Case::new("judge69-other");
    let r = c.run(&[
        "judge",
        "--position",
        &common::example("analysis-in-play.json"),
        "--challenge",
        "c-from-p",
    ]);
    assert_eq!(r.code, 2, "{r:?}");
    assert!(
        r.stderr.contains("now, impossible or no-goal"),
        "{}",
        r.stderr
    );
}

/// `--edition 1969` (as on `check`, `solve` and `analyze`) rules the same
/// position by the manual: the P-claim is then a claim it knows, cited M69;
/// with a log, whose header gives the edition, the flag is refused.
#[test]
fn m69_edition_flag_on_a_position_and_refused_with_a_log() {
    let c = Case::new("judge69-flag");
    let pos = c.write(
        "t26.json",
        r#"{"division":"middle","universe":"B R G BG Y RY","goal":"3","permitted":"G ∪",
            "resources":"R Y ∩ −","situation":"impossible"}"#,
    );
    let r = c.run(&["judge", "--position", &pos, "--challenge", "p"]);
    assert_eq!(r.code, 2, "a 1969 claim on a 2026-27 position: {r:?}");
    let r = c.run(&[
        "judge",
        "--edition",
        "1969",
        "--position",
        &pos,
        "--challenge",
        "p",
    ]);
    assert!(r.code == 0 || r.code == 1, "{r:?}");
    assert!(r.stdout.contains("M69 3.5"), "{}", r.stdout);
    let log = c.write("x.jsonl", "{}\n");
    let r = c.run(&[
        "judge",
        "--edition",
        "1969",
        "--log",
        &log,
        "--challenge",
        "p",
    ]);
    assert_eq!(r.code, 2, "{r:?}");
    assert!(
        r.stderr.contains("--edition goes with --position"),
        "{}",
        r.stderr
    );
}

/// B19 I-B-2-d-iii: the wild = written as a set, `B@= ∪ G`, is correct and
/// the ruling cites B19; a Now challenge is ruled by the B19 solver.
#[test]
fn b19_wild_equals_solution_and_now_challenge() {
    let c = Case::new("judge-b19");
    let pos = c.write(
        "b19.json",
        r#"{"edition":"2019-20","adventurous":false,"division":"middle","universe":"B R G BG Y RY",
            "goal":"3","required":"= ∪","permitted":"G","resources":"R Y ∩ − ⊆ V","situation":"now"}"#,
    );
    let r = c.run(&[
        "judge",
        "--position",
        &pos,
        "--solution",
        "B@= ∪ G",
        "--json",
    ]);
    assert_eq!(r.code, 0, "{r:?}");
    let v = r.json();
    assert_eq!(v["edition"], "2019-20");
    assert_eq!(v["reasons"][0]["section"], "B19 VII-B");
    let r = c.run(&["judge", "--position", &pos, "--challenge", "now", "--json"]);
    assert_eq!(r.code, 0, "{r:?}");
    let v = r.json();
    assert_eq!(v["reasons"][0]["section"], "B19 V-A-2");
    let w = v["witness"].as_str().unwrap();
    let check = c.run(&["check", &pos, w]);
    assert_eq!(check.code, 0, "{check:?}");
}

/// A B19 match log (by `simulate --edition 2019-20 --basic`) cut before its
/// first Goal: `arrange_goal` and the clock running out, applied through
/// `--act`, set the Goal by time (B19 III-B-2-c); cut after a challenge,
/// the Third Party's `join_side` is accepted (B19 VII-A-3), the Challenger's
/// refused.
#[test]
fn b19_arrange_goal_and_join_side_through_act() {
    let c = Case::new("judge-b19-log");
    let dir = c.0.join("m19");
    let dir_s = dir.to_string_lossy().into_owned();
    let s = c.run(&[
        "simulate",
        "--edition",
        "2019-20",
        "--basic",
        "--players",
        "club,club,club",
        "--shakes",
        "6",
        "--seed",
        "3",
        "--log-dir",
        &dir_s,
    ]);
    assert_eq!(s.code, 0, "{s:?}");
    let text = std::fs::read_to_string(dir.join("match-0001.jsonl")).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let goal_at = lines
        .iter()
        .position(|l| l.contains(r#""type":"set_goal""#))
        .unwrap();
    let goal: Value = serde_json::from_str(lines[goal_at]).unwrap();
    let before_goal = c.write("g.jsonl", &(lines[..goal_at].join("\n") + "\n"));
    let act = format!(
        r#"[{{"type": "arrange_goal", "player": {}, "goal": {}}}, {{"type": "clock", "at_ms": {}}}]"#,
        goal["player"],
        goal["goal"],
        goal["at_ms"].as_u64().unwrap() + 200_000
    );
    let r = c.run(&["judge", "--log", &before_goal, "--act", &act, "--json"]);
    assert_eq!(r.code, 0, "{r:?}");
    let v = r.json();
    assert_eq!(v["edition"], "2019-20");
    let events: Vec<&str> = v["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["event"].as_str().unwrap())
        .collect();
    assert!(events.contains(&"goal_set_by_time"), "{events:?}");
    assert!(v["reasons"]
        .as_array()
        .unwrap()
        .iter()
        .any(|r| r["section"] == "B19 III-B-2-c"));

    // Cut after a Now or Impossible challenge: the Third Party joins a side.
    let (i, ch) = lines
        .iter()
        .enumerate()
        .find_map(|(i, l)| {
            let a: Value = serde_json::from_str(l).ok()?;
            (a["type"] == "challenge" && a["kind"] != "no_goal").then_some((i, a))
        })
        .expect("a challenge");
    let mover = (1..i)
        .rev()
        .find_map(|k| {
            let a: Value = serde_json::from_str(lines[k]).ok()?;
            (a["type"] == "move" || a["type"] == "set_goal").then(|| a["player"].as_u64().unwrap())
        })
        .unwrap();
    let challenger = ch["player"].as_u64().unwrap();
    let third = (0..3u64).find(|p| *p != mover && *p != challenger).unwrap();
    let after = c.write("c.jsonl", &(lines[..=i].join("\n") + "\n"));
    let r = c.run(&[
        "judge",
        "--log",
        &after,
        "--act",
        &format!(r#"{{"type": "join_side", "player": {third}, "side": "challenger"}}"#),
        "--json",
    ]);
    assert_eq!(r.code, 0, "{r:?}");
    let v = r.json();
    assert_eq!(v["events"][0]["event"], "joined_side");
    assert_eq!(v["reasons"][0]["section"], "B19 VII-A-3");
    let r = c.run(&[
        "judge",
        "--log",
        &after,
        "--act",
        &format!(r#"{{"type": "join_side", "player": {challenger}, "side": "mover"}}"#),
    ]);
    assert_eq!(r.code, 1, "{r:?}");
}

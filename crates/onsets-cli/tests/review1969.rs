//! `onsets review` on a 1969 game log (M69 §§2–3; docs/review.md, "1969
//! games"), run as the real binary.

mod common;
use common::Case;

/// M69 3.5–3.10: a 1969 log written by `simulate --edition 1969 --log-dir`
/// is told by its header and reviewed: every play judged by the Flub claims,
/// the score sheet and the totals as the game kept them. A line the rules
/// refuse exits 1, a line that is not an action exits 2, each naming the
/// line.
#[test]
fn m69_review_of_a_1969_log_text_and_json() {
    let c = Case::new("review1969");
    let dir = c.0.join("logs");
    let dir_s = dir.to_string_lossy().into_owned();
    let s = c.run(&[
        "simulate",
        "--edition",
        "1969",
        "--players",
        "expert,club",
        "--shakes",
        "3",
        "--seed",
        "5",
        "--log-dir",
        &dir_s,
    ]);
    assert_eq!(s.code, 0, "{s:?}");
    let log = dir.join("game-0001.jsonl");
    let log_s = log.to_string_lossy().into_owned();
    let r = c.run(&["review", "--json", &log_s]);
    assert_eq!(r.code, 0, "{r:?}");
    let v = r.json();
    assert_eq!(v["edition"], "1969");
    assert_eq!(v["finished"], true);
    let moves = v["moves"].as_array().unwrap();
    assert!(!moves.is_empty());
    assert_eq!(moves[0]["goal_play"], true, "the Goal is play 0 (3.1)");
    assert!(moves[0]["position_after"]["universe"].is_string());
    assert!(v["summary"][0]["accuracy"].is_number());
    let totals = v["totals"].as_array().unwrap();
    assert_eq!(totals.len(), 2);
    for (p, s) in v["summary"].as_array().unwrap().iter().enumerate() {
        assert_eq!(s["score"], totals[p]);
    }
    let t = c.run(&["review", &log_s]);
    assert_eq!(t.code, 0);
    assert!(t.stdout.contains("Play 1"), "{}", t.stdout);
    assert!(t.stdout.contains("Flub claims"), "{}", t.stdout);
    assert!(t.stdout.contains("accuracy"), "{}", t.stdout);

    let text = std::fs::read_to_string(&log).unwrap();
    let broken = c.write("broken.jsonl", &text.replacen("\n", "\n{oops\n", 1));
    let b = c.run(&["review", "--json", &broken]);
    assert_eq!(b.code, 2, "{b:?}");
    assert_eq!(b.json()["line"], 2);
    // The Shaker rolls again before anything else: refused (M69 2.3), exit 1.
    let lines: Vec<&str> = text.lines().collect();
    let roll = lines
        .iter()
        .position(|l| l.contains("\"roll\""))
        .expect("a roll");
    let mut twice: Vec<&str> = lines[..=roll].to_vec();
    twice.push(lines[roll]);
    let refused = c.write("refused.jsonl", &(twice.join("\n") + "\n"));
    let x = c.run(&["review", "--json", &refused]);
    assert_eq!(x.code, 1, "{x:?}");
    assert_eq!(x.json()["line"], roll + 2);
    assert!(
        x.json()["message"].as_str().unwrap().contains("M69"),
        "{x:?}"
    );
}

/// M69 3.8: `review` and `replay` of a 1969 log name the seats by the
/// names in the log's header, never `player 1 against player 0`, and give
/// each play's points by name.
#[test]
fn m69_review_and_replay_name_the_seats() {
    let c = Case::new("review1969names");
    let dir = c.0.join("logs");
    let dir_s = dir.to_string_lossy().into_owned();
    let s = c.run(&[
        "simulate",
        "--edition",
        "1969",
        "--players",
        "expert,club,club",
        "--shakes",
        "4",
        "--seed",
        "3",
        "--log-dir",
        &dir_s,
    ]);
    assert_eq!(s.code, 0, "{s:?}");
    let log_s = dir.join("game-0001.jsonl").to_string_lossy().into_owned();
    let header: serde_json::Value = serde_json::from_str(
        std::fs::read_to_string(&log_s)
            .unwrap()
            .lines()
            .next()
            .unwrap(),
    )
    .unwrap();
    let first = header["players"][0].as_str().unwrap().to_string();
    for cmd in ["review", "replay"] {
        let t = c.run(&[cmd, &log_s]);
        assert_eq!(t.code, 0, "{t:?}");
        for seat in ["player 0", "player 1", "player 2"] {
            assert!(!t.stdout.contains(seat), "{cmd}: {seat}\n{}", t.stdout);
        }
        assert!(
            t.stdout.contains(&format!("{first} ")),
            "{cmd}: {first}\n{}",
            t.stdout
        );
        assert!(
            !t.stdout.contains(" / "),
            "{cmd}: points by position\n{}",
            t.stdout
        );
    }
}

//! End to end: the real `onsets play` binary in an 80×24 tmux pane, driven
//! with `send-keys` and read with `capture-pane`, plays a shake against the
//! expert bot to its scored end (docs/play.md). On the way:
//! the help explains `@` and `blank:`; menus open under the board, which
//! stays in view; Double Set offers every legal choice; no screen says "you
//! sets", "you's" or shows a cube's id; and `onsets simulate` shows its
//! progress in a terminal.
//!
//! Skipped, with a message, when tmux is not installed (`.ci/run` installs it).

#[path = "common/tmux.rs"]
mod tmux;

use std::process::Command;
use std::time::{Duration, Instant};
use tmux::Tmux;

/// No screen says "you sets" or shows a cube's internal id.
fn assert_plain_words(s: &str) {
    for bad in [
        "you sets",
        "you moves",
        "you's",
        "You's",
        "you deals",
        "you selects",
    ] {
        assert!(!s.contains(bad), "`{bad}`:\n{s}");
    }
    assert!(
        !s.match_indices("cube ")
            .any(|(i, _)| s[i + 5..].starts_with(|c: char| c.is_ascii_digit())),
        "a cube's id on screen:\n{s}"
    );
}

#[test]
fn a_shake_against_the_expert_is_played_to_its_score_in_tmux() {
    let bin = env!("CARGO_BIN_EXE_onsets");
    let dir = std::env::temp_dir().join(format!("onsets-play-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let log = dir.join("match.jsonl");
    let cmd = format!(
        "{bin} play --players me,expert --division senior --seed 7 --fast --log {}; sleep 30",
        log.display()
    );
    let Some(t) = Tmux::start("play", &cmd) else {
        return;
    };
    // The help explains the notation's `@` and `blank:`.
    std::thread::sleep(Duration::from_millis(800));
    t.keys(&["?"]);
    std::thread::sleep(Duration::from_millis(300));
    let help = t.screen();
    assert!(help.contains("blank: BG") && help.contains("@"), "{help}");
    t.keys(&["Escape"]);
    let start = Instant::now();
    let mut last = String::new();
    let mut did = Vec::new();
    let mut board_seen_under_menu = false;
    let mut double_sets = 0;
    while start.elapsed() < Duration::from_secs(90) {
        std::thread::sleep(Duration::from_millis(300));
        let s = t.screen();
        assert_plain_words(&s);
        if s.contains("scored ─") || s.contains("Shake 1 scored") {
            assert!(s.contains("Shake points:"), "{s}");
            assert!(s.contains("Totals:"), "{s}");
            assert!(s.lines().count() <= 24);
            assert!(s.lines().all(|l| l.chars().count() <= 80), "{s}");
            // The result screen closes with Enter; q then y quits.
            t.keys(&["Enter"]);
            std::thread::sleep(Duration::from_millis(300));
            let after = t.screen();
            assert!(after.contains("On-Sets"), "{after}");
            t.keys(&["q", "y"]);
            // The match log is written on quitting, and replays.
            let written = Instant::now();
            while !log.exists() && written.elapsed() < Duration::from_secs(10) {
                std::thread::sleep(Duration::from_millis(100));
            }
            std::thread::sleep(Duration::from_millis(200));
            let replay = Command::new(bin).arg("replay").arg(&log).output().unwrap();
            assert!(
                replay.status.success(),
                "replay of the played match: {}",
                String::from_utf8_lossy(&replay.stderr)
            );
            assert!(String::from_utf8_lossy(&replay.stdout).contains("expert"));
            let _ = std::fs::remove_dir_all(&dir);
            eprintln!(
                "scored after {:.1} s; the human did: {}; Double Set choices: {double_sets}; board under a menu: {board_seen_under_menu}",
                start.elapsed().as_secs_f64(),
                did.join(" ")
            );
            return;
        }
        let task = s.lines().nth(2).unwrap_or("").to_string();
        let step: &str = if task.contains("you: roll") {
            t.keys(&["r", "Enter"]);
            "roll"
        } else if task.contains("you: deal") {
            t.keys(&["d", "Enter"]);
            "deal"
        } else if task.contains("you: select") {
            if double_sets == 0 {
                // The Double Set's choices: every legal one (XIII-C-10).
                t.keys(&["v"]);
                std::thread::sleep(Duration::from_millis(300));
                let menu = t.screen();
                let rows: Vec<&str> = menu.lines().filter(|l| l.starts_with('│')).collect();
                if let Some(k) = rows.iter().position(|l| l.contains("Double Set…")) {
                    for _ in 0..k {
                        t.keys(&["Down"]);
                    }
                    t.keys(&["Enter"]);
                    std::thread::sleep(Duration::from_millis(300));
                    let sub = t.screen();
                    double_sets = sub
                        .lines()
                        .filter(|l| l.contains("Double Set: ") && l.contains("count double"))
                        .count();
                    assert!(double_sets > 2, "{sub}");
                }
                t.keys(&["Escape"]);
            }
            t.keys(&["v", "Enter", "e"]);
            "select"
        } else if task.contains("you: set the Goal") {
            t.keys(&["g"]);
            std::thread::sleep(Duration::from_millis(300));
            // The menu opens under the board: the board stays in view.
            let menu = t.screen();
            for row in [
                "Universe",
                "Goal",
                "Required",
                "Permitted",
                "Forbidden",
                "Resources",
            ] {
                assert!(menu.lines().any(|l| l.starts_with(row)), "{row}:\n{menu}");
            }
            assert!(menu.contains("set the Goal ("), "{menu}");
            board_seen_under_menu = true;
            t.keys(&["Enter"]);
            "goal"
        } else if task.contains("you: agree") {
            t.keys(&["a"]);
            "agree"
        } else if task.contains("you: move") {
            t.keys(&["m", "Enter"]);
            "move"
        } else if task.contains("you must present") {
            // `blank:` is typed in lowercase (n stays n inside the word).
            t.keys(&["w"]);
            t.text("r; blank: bg");
            std::thread::sleep(Duration::from_millis(300));
            let ed = t.screen();
            assert!(ed.contains("R; blank: BG"), "{ed}");
            t.keys(&["Escape", "w"]);
            t.text("B U R");
            t.keys(&["Enter", "Escape"]);
            "present"
        } else if task.contains("you may present") {
            t.keys(&["x"]);
            "decline"
        } else if task.contains("accept [a]") {
            t.keys(&["a"]);
            "accept"
        } else {
            ""
        };
        if !step.is_empty() {
            did.push(step);
        }
        last = s;
    }
    panic!(
        "no scored shake within 90 s; the human did: {}; last screen:\n{last}",
        did.join(" ")
    );
}

/// `onsets simulate` shows its progress (indicatif) when run in a terminal.
#[test]
fn simulate_shows_progress_in_a_terminal() {
    let bin = env!("CARGO_BIN_EXE_onsets");
    let cmd = format!("{bin} simulate --shakes 100000 --players expert,club; sleep 30");
    let Some(t) = Tmux::start_sized("sim", &cmd, 100, 10) else {
        return;
    };
    let start = Instant::now();
    let mut s = String::new();
    while start.elapsed() < Duration::from_secs(20) {
        std::thread::sleep(Duration::from_millis(300));
        s = t.screen();
        if s.contains("/100000 shakes") {
            return;
        }
    }
    panic!("no progress bar on the terminal:\n{s}");
}

//! End to end: the real `onsets play --edition 1969` in an 80×24 tmux pane,
//! driven with `send-keys` and read with `capture-pane`, plays a whole 1969
//! game (M69 §§2–3) against a careful bot to its score sheet; the help lists
//! the 1969 acts; no screen says "you sets" or shows a cube's id; the log
//! written on leaving replays.
//!
//! Skipped, with a message, when tmux is not installed (`.ci/run` installs it).

#[path = "common/tmux.rs"]
mod tmux;

use std::process::Command;
use std::time::{Duration, Instant};
use tmux::Tmux;

#[test]
fn m69_a_game_against_the_careful_bot_is_played_to_its_score_sheet_in_tmux() {
    let bin = env!("CARGO_BIN_EXE_onsets");
    let dir = std::env::temp_dir().join(format!("onsets-play1969-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let log = dir.join("game.jsonl");
    let cmd = format!(
        "{bin} play --edition 1969 --players me,expert --seed 3 --fast --log {}; sleep 30",
        log.display()
    );
    let Some(t) = Tmux::start("play69", &cmd) else {
        return;
    };
    std::thread::sleep(Duration::from_millis(800));
    t.keys(&["?"]);
    std::thread::sleep(Duration::from_millis(300));
    let help = t.screen();
    assert!(
        help.contains("A-, P-, C-claim") && help.contains("stall"),
        "{help}"
    );
    t.keys(&["Escape"]);
    let start = Instant::now();
    let mut did = Vec::new();
    let mut goals = 0;
    while start.elapsed() < Duration::from_secs(120) {
        std::thread::sleep(Duration::from_millis(300));
        let s = t.screen();
        for bad in ["you sets", "you moves", "you says", "you writes", "you's"] {
            assert!(!s.contains(bad), "`{bad}`:\n{s}");
        }
        assert!(
            !s.match_indices("cube ")
                .any(|(i, _)| s[i + 5..].starts_with(|c: char| c.is_ascii_digit())),
            "a cube's id on screen:\n{s}"
        );
        assert!(s.lines().all(|l| l.chars().count() <= 80), "{s}");
        if s.contains("the score sheet") {
            assert!(s.contains("Totals:"), "{s}");
            t.keys(&["Enter"]);
            std::thread::sleep(Duration::from_millis(300));
            assert!(t.screen().contains("ON-SETS 1969"));
            t.keys(&["q"]);
            let written = Instant::now();
            while !log.exists() && written.elapsed() < Duration::from_secs(10) {
                std::thread::sleep(Duration::from_millis(100));
            }
            std::thread::sleep(Duration::from_millis(300));
            let replay = Command::new(bin).arg("replay").arg(&log).output().unwrap();
            assert!(
                replay.status.success(),
                "replay of the played game: {}",
                String::from_utf8_lossy(&replay.stderr)
            );
            assert!(String::from_utf8_lossy(&replay.stdout).contains("careful bot 2"));
            let _ = std::fs::remove_dir_all(&dir);
            eprintln!(
                "score sheet after {:.1} s; the person did: {}",
                start.elapsed().as_secs_f64(),
                did.join(" ")
            );
            return;
        }
        // The status line (it may wrap onto the next).
        let Some(i) = s.lines().position(|l| l.starts_with("you: ")) else {
            continue;
        };
        let task: String = s.lines().skip(i).take(2).collect::<Vec<_>>().join(" ");
        let resources_empty = s
            .lines()
            .any(|l| l.contains("Resources") && l.contains('—'));
        let step = if task.contains("r shakes") {
            t.keys(&["r"]);
            "roll"
        } else if task.contains("d builds the Universe") {
            t.keys(&["d", "Enter"]);
            "deal"
        } else if task.contains("g: set the Goal") {
            goals += 1;
            if goals == 1 {
                // A Goal that is not numbers: refused with the rule, the
                // editor stays open; then "No Goal".
                t.keys(&["g", "R", "Enter"]);
                std::thread::sleep(Duration::from_millis(300));
                let ed = t.screen();
                assert!(ed.contains("M69 3.1"), "{ed}");
                t.keys(&["Escape"]);
            }
            t.keys(&["n"]);
            "nogoal"
        } else if task.contains("a lets it stand") {
            t.keys(&["a"]);
            "accept"
        } else if task.contains("j joins") {
            t.keys(&["j", "Enter"]);
            "join"
        } else if task.contains("w: write your Solution") {
            t.keys(&["x"]);
            "decline"
        } else if task.contains("Your turn") || task.contains("Your move") {
            if resources_empty {
                t.keys(&["o"]);
                "assert"
            } else {
                t.keys(&["3"]);
                "move"
            }
        } else if task.contains("Enter lets it stand") {
            t.keys(&["Enter"]);
            "pass"
        } else {
            continue;
        };
        did.push(step);
    }
    panic!(
        "no score sheet within 120 s; the person did: {}\n{}",
        did.join(" "),
        t.screen()
    );
}

//! End to end: `onsets lesson play` and `onsets manual play` in an 80×24
//! tmux pane, driven with `send-keys` and read with `capture-pane`: a step's
//! task, a hint, the answer typed and judged, the progress; a 1969 game where
//! the student types the cards.
//!
//! Skipped, with a message, when tmux is not installed (`.ci/run` installs it).

#[path = "common/tmux.rs"]
mod tmux;

use std::time::{Duration, Instant};
use tmux::Tmux;

/// Waits until the pane shows `want` (the program's answer, not a clock).
fn wait_for(t: &Tmux, want: &str) -> String {
    let start = Instant::now();
    loop {
        let s = t.screen();
        if s.contains(want) {
            return s;
        }
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "`{want}` never shown:\n{s}"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

#[test]
fn a_lesson_is_done_in_the_terminal() {
    let bin = env!("CARGO_BIN_EXE_onsets");
    let l = onsets_puzzles::lessons::basic_lessons()
        .into_iter()
        .find(|l| l.id == "last-cube")
        .unwrap();
    let answer = match onsets_puzzles::lessons::show(&l.steps[0]).unwrap().attempt {
        onsets_puzzles::lessons::Attempt::Challenge { challenge } => challenge,
        other => panic!("step 1 of last-cube is a challenge: {other:?}"),
    };
    let cmd = format!("{bin} lesson play last-cube; sleep 30");
    let Some(t) = Tmux::start("lesson", &cmd) else {
        return;
    };
    wait_for(&t, "Step 1 of");
    t.text("hint");
    t.keys(&["Enter"]);
    wait_for(&t, "Hint: ");
    t.text(&answer);
    t.keys(&["Enter"]);
    let s = wait_for(&t, "Progress: 1 of");
    assert!(s.contains("✓"), "{s}");
    assert!(s.contains("1 hint(s)"), "{s}");
    assert!(s.lines().all(|l| l.chars().count() <= 80), "{s}");
    t.text("quit");
    t.keys(&["Enter"]);
    wait_for(&t, "Stopped at step 2");
}

#[test]
fn a_1969_fish_game_the_student_types_the_cards() {
    let bin = env!("CARGO_BIN_EXE_onsets");
    let cmd = format!("{bin} manual play cube-fish --seed 3; sleep 30");
    let Some(t) = Tmux::start("manual", &cmd) else {
        return;
    };
    let s = wait_for(&t, "Which cards does");
    assert!(!s.contains('→') && !s.contains("\"teaches\""), "{s}");
    let cards: Vec<String> = s
        .lines()
        .find_map(|l| l.split_once("left to deal): ").map(|(_, c)| c.to_string()))
        .unwrap()
        .split_whitespace()
        .map(str::to_string)
        .collect();
    let color = s
        .lines()
        .find_map(|l| l.trim().strip_prefix("the throw: ").map(str::to_string))
        .unwrap();
    let right: Vec<&str> = cards
        .iter()
        .filter(|c| c.contains(color.trim()))
        .map(String::as_str)
        .collect();
    t.text("none");
    t.keys(&["Enter"]);
    if !right.is_empty() {
        wait_for(&t, "Not quite");
        t.text(&right.join(" "));
        t.keys(&["Enter"]);
    }
    let s = wait_for(&t, "player 1 to play");
    assert!(s.contains("Right: "), "{s}");
}

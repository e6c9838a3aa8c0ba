//! `onsets manual`: the list, a solitaire game played through standard input
//! to its end with the game's hints, an introductory game's throw named, the
//! puzzles, and an unknown game refused with exit status 2.

use std::io::Write;
use std::process::{Command, Stdio};

fn onsets(args: &[&str], input: &str) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_onsets"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}

#[test]
fn manual_list_names_the_28_games_and_the_solitaire_games() {
    let (code, out, _) = onsets(&["manual", "list"], "");
    assert_eq!(code, 0);
    for t in [
        "CUBE FISH",
        "OUT CUP",
        "DIFF SQUAD",
        "INK SETS",
        "GO-THROUGH",
        "A-B",
        "ONE",
    ] {
        assert!(out.contains(t), "{t} missing:\n{out}");
    }
    let (_, json, _) = onsets(&["manual", "list", "--json"], "");
    assert_eq!(json.lines().count(), 31);
}

#[test]
fn manual_play_go_through_with_hints_to_its_end() {
    // Ask for a hint, type it, repeatedly: the game ends (won at 16, or
    // terminated when nothing fits). Hints are printed as "» Hint: X".
    let mut input = String::new();
    let mut transcript = String::new();
    for _ in 0..40 {
        let (_, out, _) = onsets(&["manual", "play", "go-through", "--seed", "5"], &input);
        transcript = out.clone();
        if out.contains("Game over") || out.contains("You win") {
            break;
        }
        let hint = out
            .lines()
            .rev()
            .find_map(|l| l.strip_prefix("» Hint: "))
            .map(str::to_string);
        match hint {
            Some(h) if input.ends_with("hint\n") => input.push_str(&format!("{h}\n")),
            _ => input.push_str("hint\n"),
        }
    }
    assert!(transcript.contains("Score "), "{transcript}");
    assert!(
        transcript.contains("Game over") || transcript.contains("You win"),
        "{transcript}"
    );
}

#[test]
fn manual_play_cube_fish_names_the_first_option() {
    let (code, out, _) = onsets(&["manual", "play", "cube-fish", "--seed", "3"], "1\nquit\n");
    assert_eq!(code, 0);
    assert!(out.contains("fishes out"), "{out}");
    assert!(out.contains("player 1 to play"), "{out}");
}

#[test]
fn manual_puzzles_all_check() {
    let (code, out, _) = onsets(&["manual", "puzzles"], "");
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("7.1-A") && !out.contains('✗'), "{out}");
}

#[test]
fn manual_unknown_game_is_an_input_error() {
    let (code, _, err) = onsets(&["manual", "play", "chess"], "");
    assert_eq!(code, 2);
    assert!(err.contains("unknown game"), "{err}");
}

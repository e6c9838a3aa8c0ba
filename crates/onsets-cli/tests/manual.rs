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

/// The face-up cards and the thrown color of the first screen.
fn first_screen(out: &str) -> (Vec<String>, String) {
    let cards = out
        .lines()
        .find_map(|l| l.split_once("left to deal): ").map(|(_, c)| c))
        .unwrap()
        .split_whitespace()
        .map(str::to_string)
        .collect();
    let throw = out
        .lines()
        .find_map(|l| l.trim().strip_prefix("the throw: "))
        .unwrap()
        .split_whitespace()
        .next()
        .unwrap()
        .to_string();
    (cards, throw)
}

#[test]
fn manual_play_cube_fish_the_student_types_the_cards() {
    let (code, out, _) = onsets(&["manual", "play", "cube-fish", "--seed", "3"], "quit\n");
    assert_eq!(code, 0);
    // In words, no JSON, and no list of what each naming fishes out.
    assert!(!out.contains("\"teaches\"") && !out.contains('{'), "{out}");
    assert!(out.contains("How to play:"), "{out}");
    assert!(!out.contains('→'), "{out}");
    let (cards, color) = first_screen(&out);
    let right: Vec<&String> = cards
        .iter()
        .filter(|c| c.contains(color.as_str()))
        .collect();
    let wrong: Vec<&String> = cards
        .iter()
        .filter(|c| !c.contains(color.as_str()))
        .collect();
    let input = format!(
        "{}\n{}\nquit\n",
        wrong
            .iter()
            .map(|c| c.as_str())
            .collect::<Vec<_>>()
            .join(" "),
        right
            .iter()
            .map(|c| c.as_str())
            .collect::<Vec<_>>()
            .join(" ")
    );
    let (code, out, _) = onsets(&["manual", "play", "cube-fish", "--seed", "3"], &input);
    assert_eq!(code, 0);
    assert!(out.contains("Not quite:"), "{out}");
    assert!(out.contains("answers judged wrong so far: 1"), "{out}");
    assert!(out.contains("Right: "), "{out}");
    assert!(out.contains("player 1 to play"), "{out}");
}

#[test]
fn manual_show_describes_a_game_in_words_citing_the_manual() {
    let (code, out, _) = onsets(&["manual", "show", "out-comp"], "");
    assert_eq!(code, 0, "{out}");
    for want in [
        "OUT COMP (M69 8.3)",
        "What it teaches:",
        "How to play:",
        "2 color cubes",
        "the extra card goes face down",
        "B R G O",
    ] {
        assert!(out.contains(want), "{want} missing:\n{out}");
    }
    assert!(!out.contains('{') && !out.contains("VII-"), "{out}");
    let (code, out, _) = onsets(&["manual", "show", "a-b"], "");
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("A-B (M69 8.5-C)") && out.contains("same set of cards"),
        "{out}"
    );
    let (code, _, err) = onsets(&["manual", "show", "chess"], "");
    assert_eq!(code, 2);
    assert!(err.contains("unknown game"), "{err}");
}

#[test]
fn manual_play_squad_shows_every_team_and_asks_each() {
    let (code, out, _) = onsets(
        &["manual", "play", "cube-squad", "--players", "3"],
        "none\nnone\nquit\n",
    );
    assert_eq!(code, 0);
    for t in ["team 1's cards", "team 2's cards", "team 3's cards"] {
        assert!(out.contains(t), "{t} missing:\n{out}");
    }
    assert!(out.contains("team 2: which of your cards"), "{out}");
    assert!(out.contains("team 3: which of your cards"), "{out}");
}

#[test]
fn manual_play_ink_sets_prompt_is_a_statement_and_hints_are_counted() {
    let (code, out, _) = onsets(&["manual", "play", "ink-sets"], "hint\nhint\nquit\n");
    assert_eq!(code, 0);
    assert!(out.contains("e.g. `2 B ⊆ R`"), "{out}");
    assert!(!out.contains("2 R ∪ B"), "{out}");
    assert!(out.contains("hint 2:"), "{out}");
}

#[test]
fn manual_messages_cite_the_1969_manual_with_b_r_g_o() {
    let (_, out, _) = onsets(&["manual", "play", "cup-fish"], "X ∪ B\nquit\n");
    assert!(out.contains("B R G O (a typed Y is read as O)"), "{out}");
    assert!(!out.contains("VII-C") && !out.contains("B R G Y"), "{out}");
}

#[test]
fn manual_play_a_game_to_its_end_prints_the_last_throw_once() {
    // OUT CUBE, answered right each time from the screen: the last screen
    // is not printed again after the result.
    let mut input = String::new();
    let mut out = String::new();
    for _ in 0..60 {
        let (_, o, _) = onsets(&["manual", "play", "out-cube", "--seed", "4"], &input);
        out = o;
        if out.contains("Game over") {
            break;
        }
        let last = out.rsplit("\nOUT CUBE (M69 8.1-B) · throw").next().unwrap();
        let who = if last.contains("player 1 to play") {
            "player 1"
        } else {
            "player 2"
        };
        let cards = last
            .lines()
            .find_map(|l| l.trim().strip_prefix(&format!("{who}'s cards: ")))
            .unwrap();
        let color = last
            .lines()
            .find_map(|l| l.trim().strip_prefix("the throw: "))
            .unwrap()
            .trim();
        let right: Vec<&str> = cards
            .split_whitespace()
            .filter(|c| c.contains(color))
            .collect();
        input.push_str(&format!(
            "{}\n",
            if right.is_empty() {
                "none".to_string()
            } else {
                right.join(" ")
            }
        ));
    }
    assert!(out.contains("Game over after"), "{out}");
    let n = out
        .rsplit("Game over after ")
        .next()
        .unwrap()
        .split_whitespace()
        .next()
        .unwrap();
    assert_eq!(out.matches(&format!("· throw {n}\n")).count(), 1, "{out}");
}

#[test]
fn manual_one_give_up_ends_the_game_as_the_prompt_says() {
    let (code, out, _) = onsets(&["manual", "play", "one", "--seed", "2"], "hint\ngive up\n");
    assert_eq!(code, 0);
    assert!(
        out.contains("give up` (ends the game and shows an answer)"),
        "{out}"
    );
    assert!(!out.contains("next deal"), "{out}");
    assert!(out.contains("with 1 hint."), "{out}");
    assert!(out.contains("hints used: 1"), "{out}");
}

#[test]
fn manual_a_b_the_same_set_name_twice_does_not_win() {
    // manual-1969.txt 3658-3660: "all at the same time".
    let (_, out, _) = onsets(
        &["manual", "play", "a-b", "--seed", "1"],
        "B − O | B − O\ngive up\n",
    );
    assert!(!out.contains("You win"), "{out}");
}

#[test]
fn manual_first_to_31_is_a_fish_option() {
    let (code, out, _) = onsets(&["manual", "play", "cube-fish", "--first-to-31"], "quit\n");
    assert_eq!(code, 0);
    assert!(
        out.contains("round 1 · points so far: player 1 0, player 2 0"),
        "{out}"
    );
    let (code, _, err) = onsets(&["manual", "play", "out-cube", "--first-to-31"], "");
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("alternate scoring"), "{err}");
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

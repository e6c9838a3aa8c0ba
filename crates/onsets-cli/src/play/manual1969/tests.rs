//! Unit tests of the 1969 screen with ratatui's TestBackend, and a game
//! played to its end through the key handler.

use super::app::{App69, Options69, Overlay69};
use super::ui::render;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use onsets_core::Form1969;
use onsets_engine::manual1969::{Claim, Phase1969};
use ratatui::backend::TestBackend;
use ratatui::Terminal;
use std::collections::BTreeSet;

fn opts(players: &[&str], form: Form1969, seed: u64, color: bool) -> Options69 {
    Options69 {
        claim_ms: 3000,
        players: players.iter().map(|s| s.to_string()).collect(),
        form,
        seed,
        speed: 20,
        color,
    }
}

fn key(app: &mut App69, c: KeyCode) {
    app.handle_key(KeyEvent::new(c, KeyModifiers::NONE));
}

fn ch(app: &mut App69, c: char) {
    key(app, KeyCode::Char(c));
}

fn typed(app: &mut App69, s: &str) {
    for c in s.chars() {
        ch(app, c);
    }
}

/// The screen as text, at `w`×`h`.
fn screen_at(app: &App69, w: u16, h: u16) -> String {
    let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
    t.draw(|f| render(app, f)).unwrap();
    let buf = t.backend().buffer().clone();
    let mut s = String::new();
    for y in 0..buf.area.height {
        for x in 0..buf.area.width {
            s.push_str(buf[(x, y)].symbol());
        }
        s.push('\n');
    }
    s
}

fn screen(app: &App69) -> String {
    screen_at(app, 80, 24)
}

fn phase_name(p: &Phase1969) -> &'static str {
    match p {
        Phase1969::Deal => "deal",
        Phase1969::Roll => "roll",
        Phase1969::Goal { .. } => "goal",
        Phase1969::NoGoal { .. } => "no_goal",
        Phase1969::Moves { .. } => "moves",
        Phase1969::Challenge { .. } => "challenge",
        Phase1969::Assertion { .. } => "assertion",
        Phase1969::Over => "over",
    }
}

/// Lets the clock run until the game waits for the person (or ends).
fn until_mine(app: &mut App69, now: &mut u64) {
    for _ in 0..400 {
        if app.g.is_over() || app.task().0 != "wait" {
            return;
        }
        *now += 200;
        app.tick(*now);
    }
}

/// What a simple person does with the keys for the task on screen: deals
/// eight cards, says "No Goal" or sets a one-numeral Goal, moves the chosen
/// cube to Forbidden, lets plays stand, joins the Challenger, cannot write.
fn person_step(app: &mut App69, goal: bool) {
    if app.overlay != Overlay69::None {
        key(app, KeyCode::Enter);
        return;
    }
    match app.task().0 {
        "deal" => {
            ch(app, 'd');
            key(app, KeyCode::Enter);
        }
        "roll" => ch(app, 'r'),
        "goal" if goal => {
            let d = app.g.digits_in_resources()[0];
            ch(app, 'g');
            typed(app, &d.to_string());
            key(app, KeyCode::Enter);
        }
        "goal" => ch(app, 'n'),
        "nogoal" => ch(app, 'a'),
        "join" => {
            ch(app, 'j');
            key(app, KeyCode::Enter);
        }
        "write" => ch(app, 'x'),
        "move" => {
            if app.resource_cubes().is_empty() {
                ch(app, 'o');
            } else {
                ch(app, '3');
            }
        }
        "challenge" => key(app, KeyCode::Enter),
        _ => {}
    }
}

/// Plays to the end by keys, rendering every step at 80×24; returns the
/// phases seen.
fn play_to_end(app: &mut App69, goal: bool, max_steps: usize) -> BTreeSet<&'static str> {
    let mut seen = BTreeSet::new();
    let mut now = 0;
    for _ in 0..max_steps {
        seen.insert(phase_name(app.g.phase()));
        assert_eq!(screen(app).lines().count(), 24);
        if app.g.is_over() {
            break;
        }
        person_step(app, goal);
        assert!(app.error.is_none(), "refused: {:?}", app.error);
        now += 400;
        app.tick(now);
        until_mine(app, &mut now);
    }
    seen.insert(phase_name(app.g.phase()));
    seen
}

/// M69 2.5–3.11: a whole 1969 game against two bots, played through the
/// key handler, reaches the end with a score sheet; the same seed gives the
/// same game.
#[test]
fn m69_a_game_against_bots_is_played_to_the_end_by_keys() {
    let mut app = App69::new(opts(&["me", "expert", "club"], Form1969::Basic, 5, true)).unwrap();
    let seen = play_to_end(&mut app, true, 3000);
    assert!(app.g.is_over(), "phases seen: {seen:?}");
    for p in ["deal", "roll", "goal", "moves", "over"] {
        assert!(seen.contains(p), "{p} not seen: {seen:?}");
    }
    assert_eq!(app.g.history().len(), 3, "one play per player (Q27)");
    assert_eq!(app.overlay, Overlay69::End);
    let s = screen(&app);
    assert!(s.contains("score sheet"), "{s}");
    assert!(s.contains("Totals: you"), "{s}");
    // Replaying the log gives the same game.
    let log = app.g.log_lines().join("\n");
    let again = onsets_engine::manual1969::Game::replay(&log).unwrap();
    assert_eq!(again.totals(), app.g.totals());
    // q leaves at the end without asking.
    ch(&mut app, 'q');
    assert!(app.quit);
}

/// M69 3.1, 3.10 B: a person who always says "No Goal" still plays an
/// Advanced game to the end (bots challenge or let it stand).
#[test]
fn m69_advanced_no_goal_every_time_ends_without_color() {
    let mut app = App69::new(opts(&["me", "club"], Form1969::Advanced, 2, false)).unwrap();
    let seen = play_to_end(&mut app, false, 3000);
    assert!(app.g.is_over(), "phases seen: {seen:?}");
    assert!(
        app.messages
            .iter()
            .any(|m| m.contains("you say \"No Goal\"")),
        "{:?}",
        app.messages
    );
}

/// Runs the bots until the person is to set the Goal.
fn at_goal(players: &[&str], form: Form1969) -> App69 {
    for seed in 0..40 {
        let mut app = App69::new(opts(players, form, seed, false)).unwrap();
        let mut now = 0;
        for _ in 0..50 {
            until_mine(&mut app, &mut now);
            match app.task().0 {
                "goal" => return app,
                "deal" | "roll" => person_step(&mut app, false),
                _ => break,
            }
            now += 400;
            app.tick(now);
        }
    }
    panic!("no seed makes the person the first Shaker");
}

/// M69 3.1: the Goal-setting screen shows the Universe, the rolled cubes
/// with their ids, whose turn it is, and the Goal editor; a Goal that is
/// not numbers is refused in words with its rule, and the editor stays.
#[test]
fn m69_3_1_goal_setting_screen_and_a_refused_goal() {
    let mut app = at_goal(&["me", "expert"], Form1969::Basic);
    let s = screen(&app);
    assert!(s.contains("ON-SETS 1969 · Basic · play 1 of 2"), "{s}");
    assert!(s.contains("Universe"), "{s}");
    assert!(s.contains("Resources"), "{s}");
    assert!(s.contains("g: set the Goal"), "{s}");
    assert!(s.contains("▶you"), "{s}");
    assert!(s.contains("Shaker"), "{s}");
    // Cards are letters without color; the fourth color is O, never Y.
    let universe = s.lines().find(|l| l.contains("Universe")).unwrap();
    assert!(!universe.contains('Y'), "{universe}");
    ch(&mut app, 'g');
    let s = screen(&app);
    assert!(s.contains("Set the Goal (3.1)"), "{s}");
    assert!(s.contains("numeral cubes"), "{s}");
    typed(&mut app, "R");
    key(&mut app, KeyCode::Enter);
    let e = app.error.clone().expect("a refusal");
    assert!(e.contains("M69 3.1"), "{e}");
    assert!(app.editor.is_some(), "the editor stays open to correct");
    assert!(screen(&app).contains("M69 3.1"));
    key(&mut app, KeyCode::Esc);
    assert!(app.editor.is_none());
    // A move before the Goal is refused with the rule, not done.
    ch(&mut app, '1');
    let e = app.error.clone().expect("a refusal");
    assert!(e.contains("M69 3.1"), "{e}");
    assert!(matches!(app.g.phase(), Phase1969::Goal { .. }));
}

/// M69 3.5, 3.6: after a bot's move the person may challenge: the screen
/// says so and the claim menu offers the A-, P- and C-claims; bots wait for
/// the person to let the move stand before the next move.
#[test]
fn m69_3_6_a_pending_challenge_shows_the_claim_buttons() {
    let mut app = at_challenge(&["me", "club", "club"], Form1969::Basic, &["challenge"]);
    let key_before = (app.g.play(), app.g.plays().len());
    assert_eq!(app.task().0, "challenge");
    let s = screen(&app);
    assert!(s.contains("c challenges the move"), "{s}");
    assert!(s.contains("play goes on in 3 s"), "{s}");
    // The bots wait for the person, within the challenge window.
    let t = app.now;
    for i in 1..5 {
        app.tick(t + i * 500);
    }
    if app.task().0 == "challenge" {
        assert_eq!((app.g.play(), app.g.plays().len()), key_before);
        assert!(screen(&app).contains("play goes on in 1 s"));
    }
    ch(&mut app, 'c');
    let s = screen(&app);
    for w in [
        "A-claim",
        "P-claim",
        "C-claim from A",
        "C-claim from P",
        "which Flub",
    ] {
        assert!(s.contains(w), "{w}: {s}");
    }
    let menu = app.menu.as_ref().unwrap();
    assert_eq!(menu.items.len(), 4);
    // Esc closes the menu; Enter lets the move stand and the bots go on.
    key(&mut app, KeyCode::Esc);
    assert!(app.menu.is_none());
    key(&mut app, KeyCode::Enter);
    let t = app.now;
    app.tick(t + 200);
    assert!(
        (app.g.play(), app.g.plays().len()) != key_before
            || !matches!(app.g.phase(), Phase1969::Moves { .. }),
        "the game goes on after Enter"
    );
}

/// Plays by keys until the person may challenge a bot's move (after the
/// Goal and at least one move).
fn at_challenge(players: &[&str], form: Form1969, tasks: &[&str]) -> App69 {
    for seed in 0..40 {
        let mut app = App69::new(opts(players, form, seed, true)).unwrap();
        let mut now = 0;
        for _ in 0..200 {
            until_mine(&mut app, &mut now);
            match app.task().0 {
                t if tasks.contains(&t)
                    && app.g.plays().len() >= 2
                    && app.g.last_mover() != Some(app.active) =>
                {
                    return app
                }
                "over" => break,
                _ => person_step(&mut app, true),
            }
            now += 400;
            app.tick(now);
        }
    }
    panic!("no seed gives a bot's move the person may challenge");
}

/// M69 3.7 comment 3: a person's A-claim puts the burden on the
/// Challenger, whose editor asks for the Solution and the alternative play;
/// an alternative that cannot be read is said in words; declining scores
/// the play (3.9).
#[test]
fn m69_3_7_an_a_claim_challenger_writes_with_the_alternative_play() {
    let mut app = at_challenge(&["me", "club"], Form1969::Basic, &["move"]);
    ch(&mut app, 'c');
    key(&mut app, KeyCode::Enter);
    assert!(app.error.is_none(), "{:?}", app.error);
    let Phase1969::Challenge { claim, .. } = app.g.phase() else {
        panic!("a challenge");
    };
    assert_eq!(*claim, Claim::A);
    assert_eq!(app.task().0, "write");
    ch(&mut app, 'w');
    let s = screen(&app);
    assert!(s.contains("Write a Solution (3.7)"), "{s}");
    assert!(s.contains("Solution:"), "{s}");
    assert!(s.contains("Alternative play:"), "{s}");
    typed(&mut app, "rub");
    assert_eq!(app.editor.as_ref().unwrap().fields[0].1, "R∪B");
    key(&mut app, KeyCode::Tab);
    typed(&mut app, "x");
    key(&mut app, KeyCode::Enter);
    let e = app.error.clone().expect("the alternative is not read");
    assert!(e.contains("the alternative play"), "{e}");
    assert!(app.editor.is_some());
    // The hint lists the plays in words: the Goal is play 0.
    assert!(screen_at(&app, 120, 40).contains("0: the Goal"));
    // A face names a cube of Resources before the play: no cube ids.
    let last = app.g.plays().len() - 1;
    let moved = app.g.plays()[last].clone();
    let cube = app
        .g
        .cubes()
        .iter()
        .find(|c| {
            moved.before[c.id as usize] == onsets_engine::Place::Resources
                && c.family != onsets_engine::Family::Digit
        })
        .unwrap()
        .clone();
    let face = onsets_engine::manual1969::face_1969(cube.face);
    let alt = super::alternative::read_alternative(&app.g, &format!("{last} {face} f")).unwrap();
    assert_eq!(alt.play, Some(last));
    assert_eq!(alt.to, Some(onsets_engine::Place::Forbidden));
    let same = app.g.cubes()[alt.cube.unwrap() as usize].face;
    assert_eq!(same, cube.face);
    assert!(super::alternative::read_alternative(&app.g, "99 R f").is_err());
    key(&mut app, KeyCode::Esc);
    let play = app.g.history().len();
    ch(&mut app, 'x');
    assert!(app.error.is_none(), "{:?}", app.error);
    assert_eq!(app.g.history().len(), play + 1, "the play is scored");
    assert!(
        app.messages
            .iter()
            .any(|m| m.contains("you cannot write a Solution")),
        "{:?}",
        app.messages
    );
}

#[test]
fn m69_help_lists_the_keys_and_quitting_asks_first() {
    let mut app = App69::new(opts(&["me", "expert"], Form1969::Basic, 1, true)).unwrap();
    ch(&mut app, '?');
    let s = screen_at(&app, 100, 30);
    for w in ["A-, P-, C-claim", "stall", "Bonus", "join the Challenger"] {
        assert!(s.contains(w), "{w}: {s}");
    }
    ch(&mut app, 'z');
    assert_eq!(app.overlay, Overlay69::None);
    ch(&mut app, 'q');
    assert_eq!(app.overlay, Overlay69::Quit);
    ch(&mut app, 'n');
    assert!(!app.quit);
    ch(&mut app, 'q');
    ch(&mut app, 'y');
    assert!(app.quit);
}

#[test]
fn m69_renders_in_small_and_large_terminals() {
    let mut app = at_goal(&["me", "expert", "club"], Form1969::Advanced);
    for (w, h) in [(40, 12), (80, 24), (160, 50), (10, 4)] {
        let s = screen_at(&app, w, h);
        assert_eq!(s.lines().count(), h as usize);
    }
    ch(&mut app, 's');
    for (w, h) in [(40, 12), (80, 24)] {
        let _ = screen_at(&app, w, h);
    }
}

/// Hot-seat: Tab passes the keyboard to the next person; bots are skipped.
#[test]
fn m69_hot_seat_tab_switches_between_people() {
    let mut app = App69::new(opts(&["ann", "expert", "bob"], Form1969::Basic, 3, true)).unwrap();
    // The keyboard starts with the person the game waits for, if any.
    if let Some(p) = (0..3).find(|&p| app.is_human(p) && app.g.awaits(p)) {
        assert_eq!(app.active, p);
    }
    let first = app.active;
    assert!(app.is_human(first));
    key(&mut app, KeyCode::Tab);
    assert_ne!(app.active, first);
    assert!(app.is_human(app.active));
    key(&mut app, KeyCode::Tab);
    assert_eq!(app.active, first);
}

/// M69 2.2: in "How many cards" digits type the number and Enter deals it:
/// `9` then Enter turns up 9 cards (not the ninth item), `1` `2` Enter 12;
/// a digit alone never deals; a number not in the list is refused in words.
#[test]
fn m69_2_2_digits_type_the_number_of_cards_and_enter_deals() {
    for (typed_keys, count) in [("9", 9usize), ("12", 12), ("06", 6)] {
        let mut app = (0..40)
            .find_map(|seed| {
                let mut app =
                    App69::new(opts(&["me", "club"], Form1969::Basic, seed, true)).ok()?;
                let mut now = 0;
                until_mine(&mut app, &mut now);
                (app.task().0 == "deal").then_some(app)
            })
            .expect("a seed where the person deals");
        ch(&mut app, 'd');
        typed(&mut app, typed_keys);
        assert!(app.menu.is_some(), "a digit dealt");
        assert!(app.g.dealt().is_empty());
        let s = screen(&app);
        assert!(s.contains(&format!("▶ {count} cards")), "{s}");
        assert!(!s.contains(" 1. "), "items numbered by position: {s}");
        key(&mut app, KeyCode::Enter);
        assert!(app.menu.is_none());
        assert_eq!(app.g.dealt().len(), count, "after {typed_keys}");
    }
}

/// M69 2.2: a typed number that is no item is refused with Enter, and the
/// menu stays open.
#[test]
fn m69_2_2_a_number_not_in_the_menu_is_refused() {
    let mut app = (0..40)
        .find_map(|seed| {
            let mut app = App69::new(opts(&["me", "club"], Form1969::Basic, seed, true)).ok()?;
            let mut now = 0;
            until_mine(&mut app, &mut now);
            (app.task().0 == "deal").then_some(app)
        })
        .expect("a seed where the person deals");
    ch(&mut app, 'd');
    ch(&mut app, '1');
    key(&mut app, KeyCode::Enter);
    assert!(app.menu.is_some());
    assert!(app.g.dealt().is_empty());
    assert!(app.error.as_deref().unwrap_or("").contains("no item 1"));
}

/// M69 3.5, 3.6: in the challenge menu a digit never challenges; only
/// Enter does.
#[test]
fn m69_3_6_the_challenge_menu_needs_enter() {
    let mut app = at_challenge(&["me", "club", "club"], Form1969::Basic, &["challenge"]);
    let before = (
        app.g.play(),
        app.g.plays().len(),
        format!("{:?}", app.g.phase()),
    );
    ch(&mut app, 'c');
    for d in ['1', '2', '3', '4'] {
        ch(&mut app, d);
    }
    assert!(app.menu.is_some());
    assert_eq!(
        (
            app.g.play(),
            app.g.plays().len(),
            format!("{:?}", app.g.phase())
        ),
        before,
        "a digit challenged"
    );
    key(&mut app, KeyCode::Enter);
    assert!(app.menu.is_none());
    assert!(
        matches!(app.g.phase(), Phase1969::Challenge { .. }),
        "{:?}",
        app.g.phase()
    );
}

/// M69 3.7 comment 3: the alternative play an A-claim Challenger writes is
/// shown in words with the Solution once the play is scored.
#[test]
fn m69_3_7_the_alternative_play_is_shown_in_words() {
    let mut app = at_challenge(&["me", "club"], Form1969::Basic, &["move"]);
    ch(&mut app, 'c');
    key(&mut app, KeyCode::Enter);
    assert_eq!(app.task().0, "write");
    let last = app.g.plays().len() - 1;
    let moved = app.g.plays()[last].clone();
    let cube = app
        .g
        .cubes()
        .iter()
        .find(|c| {
            moved.before[c.id as usize] == onsets_engine::Place::Resources
                && c.family != onsets_engine::Family::Digit
        })
        .unwrap()
        .clone();
    let face = onsets_engine::manual1969::face_1969(cube.face);
    ch(&mut app, 'w');
    typed(&mut app, "r");
    key(&mut app, KeyCode::Tab);
    typed(&mut app, &format!("{last} {face} f"));
    let play = app.g.history().len();
    key(&mut app, KeyCode::Enter);
    assert!(app.error.is_none(), "{:?}", app.error);
    assert_eq!(app.g.history().len(), play + 1, "the play is scored");
    let want = format!("your alternative play: instead of play {last} (");
    let line = app
        .messages
        .iter()
        .find(|m| m.starts_with(&want))
        .unwrap_or_else(|| panic!("{want}: {:?}", app.messages));
    assert!(line.ends_with(&format!("{face} to Forbidden")), "{line}");
}

/// M69 3.6, 3.11: `p` pauses the game: the claim window and the bots wait
/// however long the pause, the screen says so, and `p` goes on with the
/// time that was left.
#[test]
fn m69_3_6_p_pauses_the_claim_window() {
    let mut app = at_challenge(&["me", "club", "club"], Form1969::Basic, &["challenge"]);
    let before = (app.g.play(), app.g.plays().len());
    let left = app.window_left();
    assert!(left > 0);
    ch(&mut app, 'p');
    assert!(app.paused);
    let t = app.now;
    for i in 1..=60 {
        app.tick(t + i * 1000);
    }
    assert_eq!((app.g.play(), app.g.plays().len()), before, "a bot moved");
    assert_eq!(app.window_left(), left);
    let s = screen(&app);
    assert!(s.contains("PAUSED (p goes on)"), "{s}");
    assert!(s.contains("c challenges the move"), "{s}");
    ch(&mut app, 'p');
    assert!(!app.paused);
    app.tick(t + 60_000 + 100);
    assert_eq!(
        app.task().0,
        "challenge",
        "the window closed during the pause"
    );
    assert!(
        app.window_left() + 200 >= left,
        "{} {left}",
        app.window_left()
    );
}

/// M69 3.1: a Goal whose numerals are not all in Resources is refused with
/// the numerals in words, never a raw list (`[3, 2, 3]`).
#[test]
fn m69_3_1_a_refused_goal_names_the_numerals_in_words() {
    let mut app = at_goal(&["me", "expert"], Form1969::Basic);
    let digits = app.g.digits_in_resources();
    let missing = (1..=5u8).find(|d| !digits.contains(d)).unwrap();
    ch(&mut app, 'g');
    typed(&mut app, &missing.to_string());
    key(&mut app, KeyCode::Enter);
    let e = app.error.clone().expect("a refusal");
    assert!(e.contains("not in Resources (Resources hold "), "{e}");
    assert!(!e.contains('['), "{e}");
    let last = digits.last().unwrap().to_string();
    assert!(e.contains(&format!(" {last})")), "{e}");
}

/// M69 2.5: `d` when it is not this person's deal is refused at once with
/// the rule, without a menu.
#[test]
fn m69_2_5_d_out_of_turn_is_refused_without_a_menu() {
    let mut app = at_goal(&["me", "expert"], Form1969::Basic);
    ch(&mut app, 'd');
    assert!(app.menu.is_none());
    let e = app.error.clone().expect("a refusal");
    assert!(e.starts_with("refused by the rules (M69"), "{e}");
}

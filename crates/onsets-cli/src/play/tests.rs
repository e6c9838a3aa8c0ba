//! Unit tests of the play screen with ratatui's TestBackend.

use super::app::{alias, App, Options, Overlay};
use super::ui::render;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use onsets_core::Division;
use onsets_engine::Phase;
use ratatui::backend::TestBackend;
use ratatui::Terminal;
use std::collections::BTreeSet;

fn opts(players: &[&str], color: bool) -> Options {
    Options {
        players: players.iter().map(|s| s.to_string()).collect(),
        division: Division::Senior,
        seed: 7,
        basic: false,
        round_minutes: 30,
        speed: 20,
        color,
    }
}

fn key(app: &mut App, c: KeyCode) {
    app.handle_key(KeyEvent::new(c, KeyModifiers::NONE));
}

fn ch(app: &mut App, c: char) {
    key(app, KeyCode::Char(c));
}

/// The screen as text.
fn screen(app: &App) -> String {
    let mut t = Terminal::new(TestBackend::new(80, 24)).unwrap();
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

fn phase_name(p: &Phase) -> &'static str {
    match p {
        Phase::Setup { .. } => "setup",
        Phase::Variations { .. } => "variations",
        Phase::Goal { .. } => "goal",
        Phase::NoGoal { .. } => "no_goal",
        Phase::Moves { .. } => "moves",
        Phase::Writing(_) => "writing",
        Phase::Checking(_) => "checking",
        Phase::Over => "over",
    }
}

/// What a simple human does with the keys for the task on screen.
fn human_step(app: &mut App) {
    if app.overlay != Overlay::None {
        key(app, KeyCode::Enter);
        return;
    }
    let (tag, _) = app.task();
    match tag.as_str() {
        "roll" => ch(app, 'r'),
        "deal" => ch(app, 'd'),
        "select" => {
            ch(app, 'v');
            key(app, KeyCode::Enter);
            ch(app, 'e');
        }
        "goal" => ch(app, 'g'),
        "nogoal" => ch(app, 'a'),
        "move" => ch(app, 'm'),
        "write" => {
            ch(app, 'w');
            for c in "B U R".chars() {
                ch(app, c);
            }
            key(app, KeyCode::Enter);
            ch(app, 'x');
        }
        "check" => ch(app, 'a'),
        _ => {}
    }
    if app.menu.is_some() {
        key(app, KeyCode::Enter);
    }
}

/// Plays until `shakes` shakes are scored (or the match ends), rendering
/// every step at 80×24, and returns the phases seen.
fn play(app: &mut App, shakes: u32, max_steps: usize) -> BTreeSet<&'static str> {
    let mut seen = BTreeSet::new();
    let mut now = 0;
    for _ in 0..max_steps {
        seen.insert(phase_name(&app.m.phase));
        let s = screen(app);
        assert_eq!(s.lines().count(), 24);
        human_step(app);
        let _ = screen(app);
        now += 700;
        app.tick(now);
        if app.shakes_scored >= shakes || app.m.phase == Phase::Over {
            break;
        }
    }
    seen.insert(phase_name(&app.m.phase));
    seen
}

#[test]
fn a_shake_is_played_to_its_score_rendering_every_phase() {
    let mut app = App::new(opts(&["me", "beginner"], true)).unwrap();
    let seen = play(&mut app, 2, 3000);
    assert!(app.shakes_scored >= 1, "phases seen: {seen:?}");
    for p in ["setup", "variations", "goal", "moves", "writing"] {
        assert!(seen.contains(p), "{p} not seen: {seen:?}");
    }
}

#[test]
fn a_short_round_ends_the_match_without_color() {
    let mut o = opts(&["me", "club", "beginner"], false);
    o.round_minutes = 1;
    o.basic = true;
    let mut app = App::new(o).unwrap();
    let seen = play(&mut app, 100, 6000);
    assert!(seen.contains("over"), "phases seen: {seen:?}");
    let s = screen(&app);
    assert!(s.contains("Match over"), "{s}");
    assert!(!s.contains('●'), "no colored dots without color");
}

#[test]
fn help_lists_every_key_and_closes() {
    let mut app = App::new(opts(&["me", "expert"], true)).unwrap();
    ch(&mut app, '?');
    assert_eq!(app.overlay, Overlay::Help);
    let s = screen(&app);
    for k in [
        "roll",
        "deal",
        "Goal",
        "Bonus",
        "challenge",
        "object",
        "Solution",
        "decline",
        "quit",
    ] {
        assert!(s.contains(k), "help lacks {k}:\n{s}");
    }
    ch(&mut app, 'z');
    assert_eq!(app.overlay, Overlay::None);
}

#[test]
fn quitting_asks_first() {
    let mut app = App::new(opts(&["me", "expert"], true)).unwrap();
    ch(&mut app, 'q');
    assert_eq!(app.overlay, Overlay::Quit);
    assert!(screen(&app).contains("Quit the match?"));
    ch(&mut app, 'n');
    assert!(!app.quit);
    ch(&mut app, 'q');
    ch(&mut app, 'y');
    assert!(app.quit);
}

#[test]
fn the_setter_rolls_with_r_and_moves_need_a_goal() {
    let mut app = App::new(opts(&["me", "beginner"], true)).unwrap();
    let me = app.active;
    if app.m.goal_setter == me {
        ch(&mut app, 'r');
        assert!(matches!(
            app.m.phase,
            Phase::Setup { rolled: true, .. } | Phase::Variations { .. }
        ));
    } else {
        ch(&mut app, 'r');
        assert!(app.messages.last().unwrap().contains("cannot roll"));
    }
    // Moving before the Goal is refused, with the rule.
    ch(&mut app, '1');
    assert!(
        app.messages.last().unwrap().contains("refused")
            || app.messages.last().unwrap().contains("no cube")
    );
}

#[test]
fn editor_maps_ascii_aliases_and_gives_live_feedback() {
    assert_eq!(alias('U'), '∪');
    assert_eq!(alias('n'), '∩');
    assert_eq!(alias('-'), '−');
    assert_eq!(alias('\''), '′');
    assert_eq!(alias('^'), 'Λ');
    assert_eq!(alias('<'), '⊆');
    assert_eq!(alias('='), '=');
    assert_eq!(alias('V'), 'V');
    let mut app = App::new(opts(&["me", "expert"], true)).unwrap();
    app.editor = Some(super::app::Editor {
        purpose: super::app::EditPurpose::Solution,
        text: String::new(),
        cursor: 0,
        goal: String::new(),
        goal_focus: false,
    });
    for c in "(b U r".chars() {
        ch(&mut app, c);
    }
    let ed = app.editor.as_ref().unwrap();
    assert_eq!(ed.text, "(B ∪ R");
    let (col, _) = ed.feedback().unwrap_err();
    assert!(col.is_some());
    let s = screen(&app);
    assert!(s.contains('✗') && s.contains("column"), "{s}");
    ch(&mut app, ')');
    ch(&mut app, '\'');
    assert!(app.editor.as_ref().unwrap().feedback().is_ok());
    assert!(screen(&app).contains("reads as"));
    key(&mut app, KeyCode::Left);
    key(&mut app, KeyCode::Backspace);
    assert_eq!(app.editor.as_ref().unwrap().text, "(B ∪ R′");
    key(&mut app, KeyCode::Esc);
    assert!(app.editor.is_none());
}

#[test]
fn hot_seat_tab_switches_between_humans() {
    let mut app = App::new(opts(&["ann", "bob", "expert"], true)).unwrap();
    assert_eq!(app.active, 0);
    key(&mut app, KeyCode::Tab);
    assert_eq!(app.active, 1);
    key(&mut app, KeyCode::Tab);
    assert_eq!(app.active, 0);
    assert!(screen(&app).contains("ann"));
}

#[test]
fn renders_in_small_and_large_terminals() {
    let mut app = App::new(opts(&["me", "strong", "club"], true)).unwrap();
    for (w, h) in [(80, 24), (40, 12), (120, 40), (10, 5)] {
        let mut t = Terminal::new(TestBackend::new(w, h)).unwrap();
        t.draw(|f| render(&app, f)).unwrap();
        ch(&mut app, '?');
        t.draw(|f| render(&app, f)).unwrap();
        ch(&mut app, '?');
    }
}

/// The cubes rolled and the cards dealt in the first shake when the human
/// does the setup task at `human_at_ms` (and bots play at `speed`).
fn first_setup(seed: u64, speed: u64, human_at_ms: u64) -> (Vec<String>, usize) {
    let mut o = opts(&["me", "expert"], true);
    o.seed = seed;
    o.speed = speed;
    let mut app = App::new(o).unwrap();
    let mut now = 0;
    while now < 70_000 && !matches!(app.m.phase, Phase::Variations { .. } | Phase::Goal { .. }) {
        now += 100;
        app.tick(now);
        if now >= human_at_ms {
            let (tag, _) = app.task();
            match tag.as_str() {
                "roll" => ch(&mut app, 'r'),
                "deal" => ch(&mut app, 'd'),
                _ => {}
            }
            if app.menu.is_some() {
                key(&mut app, KeyCode::Enter);
            }
        }
    }
    let rolled: Vec<String> = app
        .messages
        .iter()
        .filter(|m| m.starts_with("rolled") || m.starts_with("dealt"))
        .cloned()
        .collect();
    (rolled, app.m.dealt.len())
}

/// `--fast` only speeds the bots: the same seed gives the same cubes and
/// cards (the roll and the deal share the match's generator, so their order
/// must not depend on the bots' speed; issue 19).
#[test]
fn fast_does_not_change_the_dice_of_a_seed() {
    for seed in 1..=6 {
        for human_at in [1_000, 2_500] {
            let slow = first_setup(seed, 1, human_at);
            let fast = first_setup(seed, 20, human_at);
            assert!(!slow.0.is_empty(), "seed {seed}: nothing rolled");
            assert_eq!(slow, fast, "seed {seed}, the human acting at {human_at} ms");
        }
    }
}

//! Unit tests of the play screen with ratatui's TestBackend.

use super::app::{alias, App, MenuItem, Options, Overlay};
use super::narrate::seat_names;
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
        edition: Default::default(),
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
        seen.insert(phase_name(app.m.phase()));
        let s = screen(app);
        assert_eq!(s.lines().count(), 24);
        human_step(app);
        let _ = screen(app);
        now += 700;
        app.tick(now);
        if app.shakes_scored >= shakes || *app.m.phase() == Phase::Over {
            break;
        }
    }
    seen.insert(phase_name(app.m.phase()));
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
        "blank:",
        "@",
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
    if app.m.goal_setter() == me {
        ch(&mut app, 'r');
        assert!(matches!(
            app.m.phase(),
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
        options: Default::default(),
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
    while now < 70_000 && !matches!(app.m.phase(), Phase::Variations { .. } | Phase::Goal { .. }) {
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
    (rolled, app.m.dealt().len())
}

/// `--fast` only speeds the bots: the same seed gives the same cubes and
/// cards (the roll and the deal share the match's generator, so their order
/// must not depend on the bots' speed).
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

/// Everything the players read during `steps` steps of play: the messages,
/// the task lines and the result screens.
fn transcript(app: &mut App, steps: usize) -> Vec<String> {
    let mut out = Vec::new();
    let mut now = 0;
    for _ in 0..steps {
        out.push(app.task().1);
        if let Overlay::Result { title, lines } = &app.overlay {
            out.push(title.clone());
            out.extend(lines.iter().cloned());
        }
        human_step(app);
        now += 700;
        app.tick(now);
        if *app.m.phase() == Phase::Over {
            break;
        }
    }
    out.extend(app.messages.iter().cloned());
    out
}

/// Plain words: "you sets the Goal", "you moves R", "you's Solution": the
/// terminal speaks to its human in the second person.
#[test]
fn the_human_is_addressed_in_the_second_person() {
    let mut app = App::new(opts(&["me", "club"], true)).unwrap();
    assert_eq!(app.does(0, "sets"), "you set");
    assert_eq!(app.does(0, "is"), "you are");
    assert_eq!(app.does(0, "challenges"), "you challenge");
    assert_eq!(app.does(1, "sets"), "club bot sets");
    assert_eq!(app.poss(0), "your");
    assert_eq!(app.poss(1), "club bot's");
    let text = transcript(&mut app, 1500);
    let all = text.join("\n");
    assert!(all.contains("you "), "{all}");
    for bad in [
        "you's",
        "You's",
        "you sets",
        "you moves",
        "you deals",
        "you rolls",
        "you selects",
        "you challenges",
        "you presents",
        "you declines",
        "you accepts",
        "you loses",
        "you declares",
        "you shifts",
        "you says",
        "you is ",
        "you objects",
    ] {
        assert!(!all.contains(bad), "`{bad}` in:\n{all}");
    }
}

/// Bot messages never show internal numbers: no seat numbered
/// from 0 ("player 0"), no cube ids ("cube 16 returned to Resources").
#[test]
fn messages_show_no_internal_numbers() {
    let mut app = App::new(opts(&["me", "strong", "club"], true)).unwrap();
    let text = transcript(&mut app, 1500);
    for l in &text {
        assert!(!l.contains("player 0"), "{l}");
        let digits_after_cube = l
            .match_indices("cube ")
            .any(|(i, _)| l[i + 5..].starts_with(|c: char| c.is_ascii_digit()));
        assert!(!digits_after_cube, "{l}");
    }
    // The engine's corrections name cubes by id: the terminal shows the face.
    let face = app.m.cube(16).unwrap().face;
    assert_eq!(
        app.cube_ids_in_words("cube 16 returned to Resources; the Mover moves again"),
        format!("the {face} cube returned to Resources; the Mover moves again")
    );
    assert_eq!(
        app.cube_ids_in_words("bonus cube 16 returned to Resources"),
        format!("the bonus {face} cube returned to Resources")
    );
    // The engine numbers seats from 0 in its refusals: the terminal names them.
    assert_eq!(
        app.seat_ids_in_words("player 1 holds the challenge block"),
        "strong bot holds the challenge block"
    );
    assert_eq!(
        app.seat_ids_in_words("another player's turn"),
        "another player's turn"
    );
}

/// Each seat has a distinct name and the bots are marked.
#[test]
fn seats_have_distinct_names_and_bots_are_marked() {
    let names = |p: &[&str]| seat_names(&p.iter().map(|s| s.to_string()).collect::<Vec<_>>());
    assert_eq!(names(&["me", "expert"]).unwrap(), ["you", "expert bot"]);
    assert_eq!(
        names(&["club", "club", "me"]).unwrap(),
        ["club bot 1", "club bot 2", "you"]
    );
    assert_eq!(
        names(&["me", "me", "club"]).unwrap(),
        ["player 1", "player 2", "club bot"]
    );
    assert_eq!(
        names(&["ann", "Ann", "expert"]).unwrap(),
        ["ann", "Ann 2", "expert bot"]
    );
    assert!(names(&["Beginner bot", "expert"]).is_err());
    assert!(names(&["a-very-long-name-indeed", "expert"]).is_err());
    let app = App::new(opts(&["me", "club", "club"], true)).unwrap();
    let s = screen(&app);
    assert!(s.contains("club bot 2") && s.contains("club bot 3"), "{s}");
}

/// Plays (the human doing the setup at once) until the human selects a
/// variation; `None` if this seed never gets there.
fn at_selection(seed: u64) -> Option<App> {
    let mut o = opts(&["me", "expert"], true);
    o.seed = seed;
    let mut app = App::new(o).unwrap();
    let mut now = 0;
    for _ in 0..2000 {
        let (tag, _) = app.task();
        match tag.as_str() {
            "select" => return Some(app),
            "roll" => ch(&mut app, 'r'),
            "deal" => ch(&mut app, 'd'),
            _ => {}
        }
        if app.menu.is_some() {
            key(&mut app, KeyCode::Enter);
        }
        now += 200;
        app.tick(now);
        if matches!(app.m.phase(), Phase::Goal { .. } | Phase::Moves { .. }) {
            return None;
        }
    }
    None
}

/// XIII-C-10, XIII-C-11, II-C-1-c: the variation sheet offers every legal
/// Double Set (not only B or R′) and every card dealt for Required and
/// Forbidden Card (not only the first two); each choice is one the engine
/// takes with no penalty, and reads in the rule's words.
#[test]
fn xiii_c_the_variation_menu_offers_every_legal_choice() {
    let app = (1..20)
        .find_map(at_selection)
        .expect("a seed where the human selects");
    let menu = app.variation_menu();
    let sub = |name: &str| -> Vec<(String, MenuItem)> {
        menu.iter()
            .find_map(|(l, item)| match item {
                MenuItem::Sub { title, items } if title == name => {
                    assert!(l.starts_with(name), "{l}");
                    Some(items.clone())
                }
                _ => None,
            })
            .unwrap_or_else(|| panic!("no {name} in the menu"))
    };
    let mut cards = app.m.dealt().to_vec();
    cards.sort();
    cards.dedup();
    assert_eq!(sub("Required Card").len(), cards.len());
    assert_eq!(sub("Forbidden Card").len(), cards.len());
    let doubles = sub("Double Set");
    assert!(doubles.len() > 2, "{}", doubles.len());
    let view = onsets_bots::View::new(&app.m, app.active);
    for (label, item) in menu.iter().chain(doubles.iter()) {
        for id in [
            "-cube",
            "-card",
            "double-set",
            "two-",
            "-value",
            "-wild",
            "-difference",
        ] {
            assert!(!label.contains(id), "an id in: {label}");
        }
        if let MenuItem::Act(a) = item {
            assert!(view.is_clean(a), "{label}");
        }
    }
    assert!(doubles
        .iter()
        .all(|(l, _)| l.starts_with("Double Set: ") && l.contains("count double")));
}

/// II-A-3: in Elementary the Goal-setter sets out two V and one Λ, or one
/// V and two Λ: the roll menu says so in the rule's words.
#[test]
fn ii_a_3_the_roll_menu_speaks_the_rules_words() {
    for seed in 1..20 {
        let mut o = opts(&["me", "expert"], true);
        o.seed = seed;
        o.division = Division::Elementary;
        let mut app = App::new(o).unwrap();
        if app.m.goal_setter() != app.active {
            continue;
        }
        ch(&mut app, 'r');
        let menu = app.menu.as_ref().expect("a menu of the set-outs");
        let labels: Vec<&str> = menu.items.iter().map(|(l, _)| l.as_str()).collect();
        assert!(
            labels.iter().any(|l| l.contains("two V and one Λ")),
            "{labels:?}"
        );
        assert!(
            labels.iter().any(|l| l.contains("one V and two Λ")),
            "{labels:?}"
        );
        assert!(labels
            .iter()
            .all(|l| !l.contains("Universe") && !l.contains("Empty")));
        let s = screen(&app);
        assert!(s.contains("two V and one Λ"), "{s}");
        return;
    }
    panic!("no seed where the human is the Goal-setter");
}

/// V-A, V-B: the hint offers a challenge only when it would be valid (no
/// penalty, not set aside): never before the first move, never Now with no
/// cube in Required or Permitted.
#[test]
fn v_b_the_hint_never_offers_an_invalid_challenge() {
    use onsets_engine::{Act, Action, ChallengeKind, Event};
    let mut app = App::new(opts(&["me", "expert"], true)).unwrap();
    let mut now = 0;
    let mut offered = 0;
    for _ in 0..1500 {
        let (_, task) = app.task();
        if let Phase::Moves { .. } = *app.m.phase() {
            for (kind, k) in [(ChallengeKind::Now, "c"), (ChallengeKind::Impossible, "i")] {
                let act = Act::Challenge {
                    player: app.active,
                    kind,
                };
                let valid = app
                    .m
                    .apply(Action {
                        at_ms: app.m.now_ms(),
                        act,
                    })
                    .is_ok_and(|(_, ev)| {
                        !ev.iter().any(|e| {
                            matches!(e, Event::ChallengeSetAside { .. } | Event::Penalty { .. })
                        })
                    });
                let shown = task
                    .split("challenge [")
                    .nth(1)
                    .is_some_and(|keys| keys.split(']').next().unwrap().split(' ').any(|x| x == k));
                assert_eq!(shown, valid, "{kind:?}: {task}");
                offered += shown as usize;
            }
            if app.m.last_mover().is_none() {
                assert!(!task.contains("challenge"), "{task}");
            }
        }
        human_step(&mut app);
        now += 700;
        app.tick(now);
        if app.shakes_scored >= 2 {
            break;
        }
    }
    assert!(offered > 0, "no challenge was ever offered");
}

/// Blank Card Wild (notation.md): `blank:` is typed in lowercase; `n` does
/// not become ∩ and `b` not B inside the word.
#[test]
fn xiii_c_12_blank_is_typed_in_lowercase() {
    let mut app = App::new(opts(&["me", "expert"], true)).unwrap();
    app.editor = Some(super::app::Editor {
        purpose: super::app::EditPurpose::Solution,
        text: String::new(),
        cursor: 0,
        goal: String::new(),
        goal_focus: false,
        options: Default::default(),
    });
    for c in "b n r; blank: bg".chars() {
        ch(&mut app, c);
    }
    let ed = app.editor.as_ref().unwrap();
    assert_eq!(ed.text, "B ∩ R; blank: BG");
    assert!(ed.feedback().is_ok(), "{:?}", ed.feedback());
}

/// At 80×24 nothing is cut: long messages wrap; a menu opens
/// under the board and leaves it in view.
#[test]
fn at_80_by_24_lines_wrap_and_menus_leave_the_board_in_view() {
    let mut app = App::new(opts(&["me", "expert"], true)).unwrap();
    let long = "expert bot: selected a variation that keeps the shake playable and gives the others more to keep in mind, and a few more words to be sure";
    app.messages.push(long.to_string());
    let s = screen(&app);
    let flat = s.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(flat.contains(long), "{s}");
    // A menu: the board's rows stay on screen.
    let mut app = (1..20)
        .find_map(at_selection)
        .expect("a seed where the human selects");
    ch(&mut app, 'v');
    assert!(app.menu.is_some());
    let s = screen(&app);
    for row in [
        "Universe",
        "Goal",
        "Variations",
        "Required",
        "Permitted",
        "Forbidden",
        "Resources",
    ] {
        assert!(
            s.lines().any(|l| l.starts_with(row)),
            "{row} covered by the menu:\n{s}"
        );
    }
    assert!(s.contains("select a variation"), "{s}");
}

/// VII-C-3: a bot's explanation may only say what any player
/// could see. Bot-only matches with player checking: no explanation given
/// before a bot presents contains the Solution it presents in that shake,
/// and none tells how a move stands or why a Solution was accepted.
#[test]
fn vii_c_3_bots_explain_only_what_the_table_sees() {
    use onsets_bots::{Bot, Level, Player, View};
    use onsets_engine::{Act, Action, CheckingMode, Match, MatchConfig};
    let mut presented = 0;
    for seed in 1..=3u64 {
        let mut cfg = MatchConfig::new(seed, &["ann", "bob", "cy"], Division::Senior, true);
        cfg.checking = CheckingMode::Players;
        cfg.round_ms = 6 * 60_000;
        let (mut m, _) = Match::new(cfg).unwrap();
        let levels = [Level::Expert, Level::Strong, Level::Club];
        let mut bots: Vec<Bot> = (0..3)
            .map(|i| Bot::new(levels[i], i, seed * 10 + i as u64))
            .collect();
        // (shake, seat, explanation) said so far.
        let mut said: Vec<(u32, usize, String)> = Vec::new();
        for _ in 0..3000 {
            if *m.phase() == Phase::Over {
                break;
            }
            let mut best: Option<(u64, usize, onsets_bots::Decision)> = None;
            for (i, b) in bots.iter_mut().enumerate() {
                if let Some(d) = b.decide(&View::new(&m, i), m.now_ms()) {
                    let at = m.now_ms() + d.think_ms;
                    if best.as_ref().is_none_or(|(t, _, _)| at < *t) {
                        best = Some((at, i, d));
                    }
                }
            }
            let deadline = m.next_deadline();
            let action = match best {
                Some((at, i, d)) if deadline.is_none_or(|t| at <= t) => {
                    for word in [
                        "still possible",
                        "safe",
                        "hurry",
                        "glance",
                        "spot",
                        "solves",
                    ] {
                        assert!(!d.explanation.contains(word), "{}", d.explanation);
                    }
                    assert!(!d.explanation.contains("player "), "{}", d.explanation);
                    if let Act::Present { solution, .. } = &d.act {
                        presented += 1;
                        if solution.chars().count() >= 3 {
                            for (shake, seat, e) in &said {
                                assert!(
                                    !(*shake == m.shake()
                                        && *seat == i
                                        && e.contains(solution.as_str())),
                                    "seat {i} gave away {solution} before presenting it: {e}"
                                );
                            }
                        }
                    }
                    said.push((m.shake(), i, d.explanation.clone()));
                    Action {
                        at_ms: at,
                        act: d.act,
                    }
                }
                _ => match deadline {
                    Some(t) => Action {
                        at_ms: t,
                        act: Act::Clock,
                    },
                    None => break,
                },
            };
            m = m.apply(action).unwrap().0;
        }
    }
    assert!(presented > 0, "no Solution was presented");
}

/// A result screen longer than the terminal scrolls with ↑ ↓: nothing of
/// it is out of reach at 80×24.
#[test]
fn a_long_result_screen_scrolls() {
    let mut app = App::new(opts(&["me", "expert"], true)).unwrap();
    let mut lines: Vec<String> = (1..=40)
        .map(|i| format!("line {i} of the result"))
        .collect();
    lines.push("the very last line".into());
    app.overlay = Overlay::Result {
        title: "Shake 1 scored".into(),
        lines,
    };
    assert!(!screen(&app).contains("the very last line"));
    for _ in 0..60 {
        key(&mut app, KeyCode::Down);
    }
    let s = screen(&app);
    assert!(
        s.contains("the very last line") && s.contains("Enter: continue"),
        "{s}"
    );
    key(&mut app, KeyCode::Enter);
    assert_eq!(app.overlay, Overlay::None);
}

/// 2019-20 (B19 III-B-2-c): `p` places a Goal in the Goal section without
/// saying "Goal"; when the time runs out it has been set.
#[test]
fn b19_iii_b_2_c_p_places_a_goal_that_is_set_when_the_time_runs_out() {
    for seed in 1..30 {
        let mut o = opts(&["me", "beginner"], false);
        o.edition = onsets_core::Edition::Mlag2019;
        o.basic = true;
        o.seed = seed;
        let mut app = App::new(o).unwrap();
        if app.m.goal_setter() != app.active {
            continue;
        }
        let mut now = 0;
        for _ in 0..50 {
            if matches!(app.m.phase(), Phase::Goal { .. }) {
                break;
            }
            human_step(&mut app);
            now += 700;
            app.tick(now);
        }
        assert!(matches!(app.m.phase(), Phase::Goal { .. }), "seed {seed}");
        ch(&mut app, 'p');
        let menu = app.menu.as_ref().expect("a menu of arrangements");
        assert!(
            menu.items[0].0.starts_with("place "),
            "{:?}",
            menu.items[0].0
        );
        key(&mut app, KeyCode::Enter);
        assert!(app.m.goal().is_none(), "placed, not announced");
        app.tick(now + 200_000);
        assert!(app.m.goal().is_some(), "set when the time ran out");
        return;
    }
    panic!("no seed seats the human as the Goal-setter");
}

/// Under 2026-27 there is nothing to place: `p` says why.
#[test]
fn t26_p_explains_that_only_2019_20_places_a_goal() {
    let mut app = App::new(opts(&["me", "beginner"], false)).unwrap();
    ch(&mut app, 'p');
    assert!(app.menu.is_none());
    assert!(app.messages.last().unwrap().contains("III-B-2-c"));
}

/// Plays (the human doing the setup, selecting nothing) until `stop` holds.
fn until(app: &mut App, now: &mut u64, stop: impl Fn(&App) -> bool) -> bool {
    for _ in 0..3000 {
        if stop(app) {
            return true;
        }
        human_step(app);
        *now += 300;
        app.tick(*now);
    }
    false
}

/// V-B, IX-A: one stray `i` before the Goal is set, or one stray `c`,
/// changes nothing: the task line asks, and only the same key again (or
/// Enter) challenges; Esc or any other key cancels.
#[test]
fn v_b_a_stray_challenge_key_changes_nothing() {
    let mut app = App::new(opts(&["me", "expert"], true)).unwrap();
    let mut now = 0;
    assert!(until(&mut app, &mut now, |a| matches!(
        a.m.phase(),
        Phase::Variations { .. } | Phase::Goal { .. }
    ) && a.overlay
        == Overlay::None
        && a.menu.is_none()));
    // Before the Goal is set: a challenge would cost a point (V-B).
    let log = app.m.log().len();
    let totals = app.m.totals();
    ch(&mut app, 'i');
    assert_eq!(app.m.log().len(), log, "one `i` challenged");
    let (tag, task) = app.task();
    assert_eq!(tag, "confirm");
    assert!(
        task.contains("Challenge Impossible? press i again"),
        "{task}"
    );
    assert!(task.contains("costs a point"), "{task}");
    assert!(screen(&app).contains("Challenge Impossible?"));
    key(&mut app, KeyCode::Esc);
    assert!(app.confirm.is_none());
    assert_eq!(app.m.log().len(), log);
    assert_eq!(app.m.totals(), totals);
    // Any other key cancels too, and is not taken as an act.
    ch(&mut app, 'c');
    assert!(app.confirm.is_some());
    ch(&mut app, 'r');
    assert!(app.confirm.is_none() && app.menu.is_none());
    assert_eq!(app.m.log().len(), log);

    // While cubes are moved: one `c` asks; `c` again challenges.
    assert!(until(&mut app, &mut now, |a| {
        matches!(a.m.phase(), Phase::Moves { .. })
            && a.may_challenge(onsets_engine::ChallengeKind::Now)
            && a.overlay == Overlay::None
            && a.menu.is_none()
    }));
    let log = app.m.log().len();
    ch(&mut app, 'c');
    assert_eq!(app.m.log().len(), log, "one `c` challenged");
    assert!(matches!(app.m.phase(), Phase::Moves { .. }));
    assert!(app
        .task()
        .1
        .contains("Challenge Now? press c again or Enter"));
    ch(&mut app, 'c');
    assert!(app.confirm.is_none());
    assert_eq!(app.m.log().len(), log + 1, "`c c` did not challenge");
    assert!(!matches!(app.m.phase(), Phase::Moves { .. }));
}

/// III-A, III-B: the Goal menu lists the legal layouts by value, then by
/// layout; typing a value jumps to its first layout (digits never choose);
/// Home and End go to the ends; the legend explains `~` (III-B-1-c).
#[test]
fn iii_b_the_goal_menu_is_ordered_by_value_with_type_to_jump() {
    let mut app = (1..30)
        .find_map(|seed| {
            let mut o = opts(&["me", "expert"], true);
            o.seed = seed;
            let mut app = App::new(o).unwrap();
            let mut now = 0;
            until(&mut app, &mut now, |a| {
                a.task().0 == "goal" || matches!(a.m.phase(), Phase::Moves { .. })
            });
            (app.task().0 == "goal").then_some(app)
        })
        .expect("a seed where the human sets the Goal");
    let log = app.m.log().len();
    ch(&mut app, 'g');
    let menu = app.menu.as_ref().expect("the Goal menu");
    let jump = menu.jump.clone();
    assert_eq!(jump.len(), menu.items.len());
    assert!(jump.len() > 3, "{}", jump.len());
    let key_of = |v: &Option<i64>| (v.is_none(), *v);
    assert!(
        jump.windows(2).all(|w| key_of(&w[0]) <= key_of(&w[1])),
        "{jump:?}"
    );
    let s = screen(&app);
    assert!(s.contains("~ upside down: the negative"), "{s}");
    // Type the largest value: the cursor goes to its first layout.
    let target = jump.iter().flatten().copied().max().unwrap();
    let first = jump.iter().position(|v| *v == Some(target)).unwrap();
    for c in target.to_string().chars() {
        ch(&mut app, c);
    }
    let menu = app.menu.as_ref().expect("a digit chose a Goal");
    assert_eq!(menu.cursor, first, "typed {target}");
    assert_eq!(app.m.log().len(), log);
    assert!(screen(&app).contains(&format!("typed {target}")));
    key(&mut app, KeyCode::Home);
    assert_eq!(app.menu.as_ref().unwrap().cursor, 0);
    key(&mut app, KeyCode::End);
    assert_eq!(app.menu.as_ref().unwrap().cursor, jump.len() - 1);
    key(&mut app, KeyCode::Enter);
    assert!(app.menu.is_none());
    assert_eq!(app.m.log().len(), log + 1, "Enter set the Goal");
}

/// II-C-3: the task line says how many variations are still to select, in
/// the second person, and offers "end" only when the engine would take it.
#[test]
fn ii_c_3_the_task_line_counts_the_variations_to_select() {
    let mut app = (1..30)
        .filter_map(at_selection)
        .find(|a| a.m.picks(a.active).0 == 2)
        .expect("a seed where the human must select two");
    let (_, task) = app.task();
    assert!(task.contains("you: select 2 variations [v]"), "{task}");
    assert!(!task.contains("[e]"), "{task}");
    // The variation menu says what the item at the cursor does (XIII).
    ch(&mut app, 'v');
    let s = screen(&app);
    let menu = app.menu.as_ref().unwrap();
    let note = &menu.notes[menu.cursor];
    assert!(note.contains("(XIII-"), "{note}");
    assert!(s.contains(note.as_str()), "{note}\n{s}");
    key(&mut app, KeyCode::Enter);
    let (_, task) = app.task();
    assert!(task.contains("you: select 1 more variation [v]"), "{task}");
    assert!(!task.contains("[e]"), "{task}");
    ch(&mut app, 'v');
    key(&mut app, KeyCode::Enter);
    let (_, task) = app.task();
    if matches!(app.m.phase(), Phase::Variations { .. }) && app.task().0 == "select" {
        assert!(task.contains("end your selection [e]"), "{task}");
    }
}

/// XIII: the help's second page (`v`) says what each variation does, one
/// line each with its section; it scrolls and closes like a result screen.
#[test]
fn xiii_the_help_says_what_each_variation_does() {
    let mut app = App::new(opts(&["me", "expert"], true)).unwrap();
    ch(&mut app, '?');
    assert!(screen(&app).contains("here v: what each does"));
    ch(&mut app, 'v');
    let Overlay::Result { title, lines } = &app.overlay else {
        panic!("no variation page: {:?}", app.overlay);
    };
    assert!(title.contains("variation"), "{title}");
    assert_eq!(lines.len(), 15);
    for (l, name) in lines.iter().zip(["Required Cube", "Wild Cube"]) {
        assert!(l.starts_with(name), "{l}");
    }
    assert!(lines.iter().all(|l| l.contains("(XIII-")), "{lines:?}");
    let s = screen(&app);
    assert!(s.contains("Absolute Value: an upside-down digit"), "{s}");
    key(&mut app, KeyCode::Enter);
    assert_eq!(app.overlay, Overlay::None);
}

/// XI-A, XII: the result screen shows the shake's points (signed) and the
/// running totals (plain numbers, labelled); while it is open the match's
/// clock stands still, so the next shake's limits do not run behind it.
#[test]
fn xi_a_the_result_screen_holds_the_clock_and_says_the_totals() {
    let mut app = App::new(opts(&["me", "expert"], true)).unwrap();
    let mut now = 0;
    assert!(until(&mut app, &mut now, |a| matches!(
        a.overlay,
        Overlay::Result { .. }
    ) && a.shakes_scored == 1));
    let Overlay::Result { lines, .. } = &app.overlay else {
        unreachable!()
    };
    assert!(lines[0].starts_with("Shake points: "), "{lines:?}");
    assert!(lines[1].starts_with("Totals: "), "{lines:?}");
    assert!(!lines[1].contains('+'), "{lines:?}");
    let timers = app.timers();
    let at = app.now;
    for i in 1..=10 {
        app.tick(now + i * 30_000);
    }
    assert_eq!(app.now, at, "the clock ran behind the result screen");
    assert_eq!(app.timers(), timers);
    key(&mut app, KeyCode::Enter);
    app.tick(now + 300_000 + 500);
    assert!(app.now <= at + 500, "{} {at}", app.now);
    let s = screen(&app);
    let players = s.lines().nth(1).unwrap();
    assert!(players.starts_with("Totals: "), "{s}");
    assert!(!players.contains('+'), "{s}");
}

/// The log pane scrolls back (PgUp, `[`) to older events and forward
/// (PgDn, `]`) to the newest, saying how many newer ones are below.
#[test]
fn the_event_log_scrolls_back_and_forth() {
    let mut app = App::new(opts(&["me", "expert"], true)).unwrap();
    for i in 0..60 {
        app.messages.push(format!("event number {i}"));
    }
    let s = screen(&app);
    assert!(
        s.contains("event number 59") && !s.contains("event number 40"),
        "{s}"
    );
    for _ in 0..4 {
        key(&mut app, KeyCode::PageUp);
    }
    let s = screen(&app);
    assert!(s.contains("event number 39"), "{s}");
    assert!(!s.contains("event number 40"), "{s}");
    assert!(s.contains("20 newer below: PgDn or ]"), "{s}");
    ch(&mut app, ']');
    ch(&mut app, '[');
    assert_eq!(app.log_scroll, 20);
    for _ in 0..4 {
        key(&mut app, KeyCode::PageDown);
    }
    assert_eq!(app.log_scroll, 0);
    let s = screen(&app);
    assert!(
        s.contains("event number 59") && !s.contains("newer below"),
        "{s}"
    );
}

/// V-A, as `onsets review`: after a challenge the result screen gives the
/// solver's answer, whether a Now Solution (or any Solution, after
/// Impossible) existed.
#[test]
fn v_a_the_result_screen_says_whether_a_solution_existed() {
    for seed in 1..12 {
        let mut o = opts(&["me", "expert"], true);
        o.seed = seed;
        let mut app = App::new(o).unwrap();
        let mut now = 0;
        for _ in 0..4 {
            if !until(&mut app, &mut now, |a| {
                matches!(a.overlay, Overlay::Result { .. })
            }) {
                break;
            }
            let Overlay::Result { lines, .. } = app.overlay.clone() else {
                unreachable!()
            };
            if lines.iter().any(|l| l.starts_with("The solver: ")) {
                let l = lines
                    .iter()
                    .find(|l| l.starts_with("The solver: "))
                    .unwrap();
                assert!(
                    l.contains(" a Now Solution existed, e.g. ")
                        || l.contains(" a Solution existed, e.g. ")
                        || l.ends_with(" no Now Solution existed")
                        || l.ends_with(" no Solution existed"),
                    "{l}"
                );
                assert!(
                    lines.iter().any(|l| l.contains("challenge was")),
                    "{lines:?}"
                );
                return;
            }
            key(&mut app, KeyCode::Enter);
            if *app.m.phase() == Phase::Over {
                break;
            }
        }
    }
    panic!("no challenged shake with the solver's answer");
}

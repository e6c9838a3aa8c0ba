//! Bot-level tests: the expert never lets a flub pass and never flubs when a
//! safe move exists (checked against the solver on random positions reached
//! in play); no bot sends an action the engine rejects; same seed, same
//! statistics.

use onsets_bots::sim::{simulate, SimConfig};
use onsets_bots::{Bot, Level, Player, View};
use onsets_core::{Division, Situation};
use onsets_engine::{Act, ChallengeKind, CheckingMode, Match, MatchConfig, Phase};
use onsets_solver::analysis::{adjudicate, classify_moves_with, Challenge, Class, MoveOptions};

/// Plays matches of beginners (who flub often) and, at every position in
/// play, asks an expert at each seat what it would do, and checks the answer
/// against the solver (`onsets_solver::analysis`).
fn expert_audit(seed: u64, division: Division, positions: usize) -> (usize, usize, usize) {
    let mut cfg = MatchConfig::new(seed, &["a", "b", "c"], division, true);
    cfg.checking = CheckingMode::Players;
    let (mut m, _) = Match::new(cfg).unwrap();
    let mut players: Vec<Bot> = (0..3)
        .map(|i| Bot::new(Level::Beginner, i, seed * 10 + i as u64))
        .collect();
    let (mut seen, mut challenges, mut moves) = (0, 0, 0);
    let mut steps = 0;
    while *m.phase() != Phase::Over && seen < positions {
        steps += 1;
        assert!(steps < 20_000);
        if let Phase::Moves { turn, .. } = *m.phase() {
            let goal = m.goal().unwrap().goal().unwrap();
            let pos = m.position(Situation::Impossible, goal);
            for seat in 0..3 {
                if Some(seat) == m.last_mover() {
                    continue;
                }
                let mut expert = Bot::new(Level::Expert, seat, 99);
                let d = expert.decide(&View::new(&m, seat), m.now_ms());
                assert!(d.is_some() || seat != turn, "the expert has no move");
                let now = adjudicate(&pos, Challenge::Now);
                let imp = adjudicate(&pos, Challenge::Impossible);
                let challenged = match d.as_ref().map(|d| &d.act) {
                    Some(Act::Challenge { kind, .. }) => Some(*kind),
                    _ => None,
                };
                let why = d
                    .as_ref()
                    .map(|d| d.explanation.clone())
                    .unwrap_or_default();
                // Challenges Now exactly when a Solution with at most one more
                // Resources cube exists; Impossible exactly when none can exist.
                if now.challenger_right {
                    assert_eq!(
                        challenged,
                        Some(ChallengeKind::Now),
                        "{}: {}",
                        pos.to_json(),
                        why
                    );
                    challenges += 1;
                } else if imp.challenger_right {
                    assert_eq!(
                        challenged,
                        Some(ChallengeKind::Impossible),
                        "{}: {}",
                        pos.to_json(),
                        why
                    );
                    challenges += 1;
                } else {
                    assert_eq!(challenged, None, "{}: {}", pos.to_json(), why);
                    if let (Some(d), true) = (&d, seat == turn) {
                        // Never flubs itself when a safe move exists.
                        let classes = classify_moves_with(&pos, MoveOptions { bonus: false });
                        let safe_exists = classes.iter().any(|c| c.class == Class::Safe);
                        let mut after = m.clone();
                        after = after
                            .apply(onsets_engine::Action {
                                at_ms: m.now_ms(),
                                act: d.act.clone(),
                            })
                            .unwrap()
                            .0;
                        let g = after.goal().unwrap().goal().unwrap();
                        let p2 = after.position(Situation::Impossible, g);
                        let now2 = adjudicate(&p2, Challenge::Now).challenger_right;
                        let imp2 = adjudicate(&p2, Challenge::Impossible).challenger_right;
                        if safe_exists {
                            assert!(
                                !now2 && !imp2,
                                "expert flubbed with {:?} in {}: {}",
                                d.act,
                                pos.to_json(),
                                d.explanation
                            );
                        }
                        moves += 1;
                    }
                }
                seen += 1;
            }
        }
        // Let the beginners play on.
        let mut best: Option<(u64, Act)> = None;
        for (i, b) in players.iter_mut().enumerate() {
            if let Some(d) = b.decide(&View::new(&m, i), m.now_ms()) {
                let at = m.now_ms() + d.think_ms;
                if best.as_ref().is_none_or(|(t, _)| at < *t) {
                    best = Some((at, d.act));
                }
            }
        }
        let dl = m.next_deadline();
        let (at, act) = match (best, dl) {
            (Some((at, _)), Some(dl)) if dl < at => (dl, Act::Clock),
            (Some(x), _) => x,
            (None, Some(dl)) => (dl, Act::Clock),
            (None, None) => break,
        };
        m = m.apply(onsets_engine::Action { at_ms: at, act }).unwrap().0;
    }
    (seen, challenges, moves)
}

#[test]
fn expert_never_misses_a_flub_nor_flubs() {
    let (mut seen, mut ch, mut mv) = (0, 0, 0);
    for (seed, d) in [
        (1u64, Division::Senior),
        (2, Division::Middle),
        (3, Division::Junior),
    ] {
        let (s, c, m) = expert_audit(seed, d, 25);
        seen += s;
        ch += c;
        mv += m;
    }
    eprintln!("positions {seen}, challenges due {ch}, moves checked {mv}");
    assert!(seen >= 50, "only {seen} positions");
    assert!(ch > 0, "no flub to catch in {seen} positions");
}

#[test]
#[ignore = "long: many more positions (run in release)"]
fn expert_audit_many() {
    for seed in 1..=40u64 {
        for d in Division::ALL {
            expert_audit(seed, d, 60);
        }
    }
}

/// The expert's Solutions are correct and its checks agree with the checker:
/// every shake between experts is judged as the engine's judge would.
#[test]
fn expert_solutions_and_checks_agree_with_the_judge() {
    let mut cfg = SimConfig::new(vec![Level::Expert, Level::Expert], Division::Junior, 6, 3);
    cfg.checking = CheckingMode::Players;
    let s = simulate(&cfg, &mut |_| {}).unwrap();
    assert_eq!(s.rejections, 0, "{:?}", s.rejection_examples);
    assert_eq!(s.levels["expert"].penalties, 0);
}

fn no_rejections(
    levels: &[Level],
    division: Division,
    shakes: u64,
    seed: u64,
    checking: CheckingMode,
) {
    let mut cfg = SimConfig::new(levels.to_vec(), division, shakes, seed);
    cfg.checking = checking;
    let s = simulate(&cfg, &mut |_| {}).unwrap();
    assert_eq!(s.rejections, 0, "{:?}", s.rejection_examples);
    assert_eq!(s.fallbacks, 0);
    assert!(s.shakes >= shakes);
    // Bots obey the time limits: no time penalty, ever.
    for (l, x) in &s.levels {
        assert_eq!(x.penalties, 0, "{l} was penalised");
    }
}

#[test]
fn no_bot_action_is_rejected() {
    use Level::*;
    // 200 shakes in all, every level, every division, both checking modes.
    no_rejections(
        &[Expert, Club, Beginner],
        Division::Senior,
        60,
        7,
        CheckingMode::Players,
    );
    no_rejections(
        &[Strong, Beginner],
        Division::Junior,
        50,
        8,
        CheckingMode::Players,
    );
    no_rejections(
        &[Club, Strong, Expert],
        Division::Middle,
        50,
        9,
        CheckingMode::Judge,
    );
    no_rejections(
        &[Beginner, Beginner, Club],
        Division::Elementary,
        40,
        10,
        CheckingMode::Players,
    );
}

#[test]
#[ignore = "long: thousands of shakes (run in release)"]
fn no_bot_action_is_rejected_many() {
    use Level::*;
    for (i, d) in Division::ALL.into_iter().enumerate() {
        no_rejections(
            &[Expert, Club, Beginner],
            d,
            1000,
            100 + i as u64,
            CheckingMode::Players,
        );
        no_rejections(
            &[Strong, Beginner],
            d,
            500,
            200 + i as u64,
            CheckingMode::Judge,
        );
    }
}

#[test]
fn same_seed_same_statistics() {
    let cfg = SimConfig::new(
        vec![Level::Expert, Level::Club, Level::Beginner],
        Division::Senior,
        15,
        11,
    );
    let a = simulate(&cfg, &mut |_| {}).unwrap();
    let b = simulate(&cfg, &mut |_| {}).unwrap();
    assert_eq!(a.deterministic(), b.deterministic());
    let c = simulate(&SimConfig { seed: 12, ..cfg }, &mut |_| {}).unwrap();
    assert_ne!(a.deterministic(), c.deterministic());
}

#[test]
fn every_decision_is_explained_and_within_time() {
    let (mut m, _) = Match::new(MatchConfig::new(5, &["a", "b"], Division::Senior, true)).unwrap();
    let mut bots = [Bot::new(Level::Club, 0, 1), Bot::new(Level::Expert, 1, 2)];
    for _ in 0..300 {
        if *m.phase() == Phase::Over {
            break;
        }
        let mut best: Option<(u64, Act)> = None;
        for (i, b) in bots.iter_mut().enumerate() {
            if let Some(d) = b.decide(&View::new(&m, i), m.now_ms()) {
                assert!(!d.explanation.is_empty() && !d.explanation.contains('\n'));
                for t in m.timers().iter().filter(|t| t.player == i) {
                    assert!(
                        m.now_ms() + d.think_ms <= t.due_ms.max(m.now_ms()),
                        "{:?} late for {t:?}",
                        d.act
                    );
                }
                let at = m.now_ms() + d.think_ms;
                if best.as_ref().is_none_or(|(t, _)| at < *t) {
                    best = Some((at, d.act));
                }
            }
        }
        let (at, act) = match (best, m.next_deadline()) {
            (Some((at, _)), Some(dl)) if dl < at => (dl, Act::Clock),
            (Some(x), _) => x,
            (None, Some(dl)) => (dl, Act::Clock),
            (None, None) => break,
        };
        m = m.apply(onsets_engine::Action { at_ms: at, act }).unwrap().0;
    }
}

/// The View hides other players' presented Solutions until checking.
#[test]
fn view_hides_solutions_being_written() {
    let (m, _) = Match::new(MatchConfig::new(1, &["a", "b"], Division::Middle, false)).unwrap();
    let mut m = m;
    if let Phase::Setup { .. } = *m.phase() {
        m.scenario_set_phase(Phase::Writing(onsets_engine::Writing {
            kind: onsets_engine::WritingKind::EndOfRound,
            writers: vec![
                onsets_engine::Writer {
                    role: onsets_engine::Role::May,
                    presented: Some(onsets_engine::Presented {
                        solution: "B ∪ R".into(),
                        goal: None,
                    }),
                    declined: false,
                    lapsed: false,
                },
                onsets_engine::Writer {
                    role: onsets_engine::Role::May,
                    presented: None,
                    declined: false,
                    lapsed: false,
                },
            ],
        }));
    }
    let Phase::Writing(w) = View::new(&m, 1).phase() else {
        panic!()
    };
    assert_eq!(w.writers[0].presented.as_ref().unwrap().solution, "");
    let Phase::Writing(w) = View::new(&m, 0).phase() else {
        panic!()
    };
    assert_eq!(w.writers[0].presented.as_ref().unwrap().solution, "B ∪ R");
}

/// Searches positions where no regular move is safe but a bonus move (IV-C)
/// and a regular move after it are: made from the first turn of matches by
/// moving Resources cubes onto the mat at random until three or four are
/// left. Where one is found, the expert, not in the lead, makes such a bonus
/// move, then at once the planned regular move, and the position is safe;
/// no penalty, no illegal procedure. None was found in the runs so far (see
/// docs/bots.md): the test is a search that reports what it found, ignored
/// by default (`BONUS_FIRST`/`BONUS_LAST` choose the match seeds).
#[test]
#[ignore = "a long search for a rare kind of position: run in release"]
fn expert_makes_bonus_moves_that_help() {
    let mut seen = 0;
    let first: u64 = std::env::var("BONUS_FIRST")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1);
    let last: u64 = std::env::var("BONUS_LAST")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(60);
    'seeds: for seed in first..last {
        let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let mut next = |n: usize| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((state >> 33) % n as u64) as usize
        };
        let cfg = MatchConfig::new(seed, &["a", "b", "c"], Division::Senior, true);
        let (mut m, _) = Match::new(cfg).unwrap();
        let mut players: Vec<Bot> = (0..3)
            .map(|i| Bot::new(Level::Expert, i, seed * 10 + i as u64))
            .collect();
        // play to the first turn after the Goal
        for _ in 0..200 {
            if matches!(m.phase(), Phase::Moves { .. }) || *m.phase() == Phase::Over {
                break;
            }
            let mut best: Option<(u64, Act)> = None;
            for (i, b) in players.iter_mut().enumerate() {
                if let Some(d) = b.decide(&View::new(&m, i), m.now_ms()) {
                    let at = m.now_ms() + d.think_ms;
                    if best.as_ref().is_none_or(|(t, _)| at < *t) {
                        best = Some((at, d.act));
                    }
                }
            }
            let (at, act) = match (best, m.next_deadline()) {
                (Some((at, _)), Some(dl)) if dl < at => (dl, Act::Clock),
                (Some(x), _) => x,
                (None, Some(dl)) => (dl, Act::Clock),
                (None, None) => break,
            };
            m = m.apply(onsets_engine::Action { at_ms: at, act }).unwrap().0;
        }
        let Phase::Moves { turn, .. } = *m.phase() else {
            continue;
        };
        if m.leading(turn) {
            continue;
        }
        for _trial in 0..100 {
            let mut m2 = m.clone();
            let mut res: Vec<usize> = (0..m2.cubes().len())
                .filter(|&i| {
                    m2.cubes()[i].place == onsets_engine::Place::Resources
                        && m2.cubes()[i].family != onsets_engine::Family::Digit
                })
                .collect();
            let keep = 3 + next(2);
            while res.len() > keep {
                let i = res.remove(next(res.len()));
                m2.scenario_set_place(
                    i as u8,
                    [
                        onsets_engine::Place::Required,
                        onsets_engine::Place::Permitted,
                        onsets_engine::Place::Forbidden,
                    ][next(3)],
                );
            }
            m2.scenario_set_last_mover(Some((turn + 2) % 3));
            let goal = m2.goal().unwrap().goal().unwrap();
            let pos = m2.position(Situation::Impossible, goal.clone());
            if adjudicate(&pos, Challenge::Now).challenger_right
                || adjudicate(&pos, Challenge::Impossible).challenger_right
            {
                continue;
            }
            let classes = classify_moves_with(&pos, MoveOptions { bonus: true });
            let regular_safe = classes
                .iter()
                .any(|c| c.class == Class::Safe && c.mv.bonus.is_none());
            let bonus_safe = classes
                .iter()
                .any(|c| c.class == Class::Safe && c.mv.bonus.is_some());
            if regular_safe || !bonus_safe {
                continue;
            }
            eprintln!("found: seed {seed} trial {_trial}");
            let mut expert = Bot::new(Level::Expert, turn, 7);
            let d = expert.decide(&View::new(&m2, turn), m2.now_ms()).unwrap();
            assert!(
                matches!(d.act, Act::Move { bonus: true, .. }),
                "{:?}: {}",
                d.act,
                d.explanation
            );
            assert!(d.explanation.starts_with("bonus move"), "{}", d.explanation);
            assert!(View::new(&m2, turn).is_clean(&d.act));
            let (m3, ev) = m2
                .apply(onsets_engine::Action {
                    at_ms: m2.now_ms() + d.think_ms,
                    act: d.act.clone(),
                })
                .unwrap();
            assert!(
                m3.pending().is_empty()
                    && !ev
                        .iter()
                        .any(|e| matches!(e, onsets_engine::Event::Penalty { .. })),
                "{ev:?}"
            );
            let d2 = expert.decide(&View::new(&m3, turn), m3.now_ms()).unwrap();
            assert!(
                matches!(d2.act, Act::Move { bonus: false, .. } | Act::Shift { .. }),
                "{:?}",
                d2.act
            );
            assert!(d2.explanation.contains("planned"), "{}", d2.explanation);
            assert_eq!(d2.think_ms, 0);
            let (m4, ev) = m3
                .apply(onsets_engine::Action {
                    at_ms: m3.now_ms(),
                    act: d2.act.clone(),
                })
                .unwrap();
            assert!(
                m4.pending().is_empty()
                    && !ev
                        .iter()
                        .any(|e| matches!(e, onsets_engine::Event::Penalty { .. })),
                "{ev:?}"
            );
            if let Phase::Moves { .. } = *m4.phase() {
                let p4 = m4.position(Situation::Impossible, goal);
                assert!(!adjudicate(&p4, Challenge::Now).challenger_right);
                assert!(!adjudicate(&p4, Challenge::Impossible).challenger_right);
            }
            seen += 1;
            if seen >= 3 {
                break 'seeds;
            }
        }
    }
    // A search: how many were found is reported, not required.
    eprintln!("{seen} positions where a bonus move helps");
}

/// A Mover breaks IV-D (= or ⊆ to Forbidden with more than four cubes in
/// Resources): the expert and the club player (when they notice) charge it
/// (IX-A), the beginner never does; the charge is clean.
#[test]
fn bots_charge_an_opponents_illegal_procedure() {
    let mut found = false;
    for seed in 1..40u64 {
        let cfg = MatchConfig::new(seed, &["a", "b", "c"], Division::Senior, true);
        let (mut m, _) = Match::new(cfg).unwrap();
        let mut players: Vec<Bot> = (0..3)
            .map(|i| Bot::new(Level::Expert, i, seed * 10 + i as u64))
            .collect();
        for _ in 0..400 {
            if let Phase::Moves {
                turn, bonus: None, ..
            } = *m.phase()
            {
                let rel = m
                    .cubes()
                    .iter()
                    .find(|c| c.place == onsets_engine::Place::Resources && c.face.is_relation());
                if let (Some(c), true) = (rel, m.resources_count() > 4) {
                    let (m2, _) = m
                        .apply(onsets_engine::Action {
                            at_ms: m.now_ms(),
                            act: Act::Move {
                                player: turn,
                                cube: c.id,
                                to: onsets_engine::Place::Forbidden,
                                bonus: false,
                            },
                        })
                        .unwrap();
                    assert_eq!(m2.pending().len(), 1);
                    let other = (turn + 1) % 3;
                    let d = Bot::new(Level::Expert, other, 1)
                        .decide(&View::new(&m2, other), m2.now_ms())
                        .unwrap();
                    assert_eq!(d.act, Act::ChargeIllegalProcedure { player: other });
                    assert!(d.explanation.contains("IV-D"), "{}", d.explanation);
                    assert!(View::new(&m2, other).is_clean(&d.act));
                    let (m3, ev) = m2
                        .apply(onsets_engine::Action {
                            at_ms: m2.now_ms(),
                            act: d.act,
                        })
                        .unwrap();
                    assert!(m3.pending().is_empty());
                    assert!(ev.iter().any(|e| matches!(
                        e,
                        onsets_engine::Event::IllegalProcedureCharged { offender, .. } if *offender == turn
                    )));
                    // the offender does not charge itself; a beginner never charges
                    let d =
                        Bot::new(Level::Expert, turn, 1).decide(&View::new(&m2, turn), m2.now_ms());
                    assert!(d.is_none_or(|d| d.act != Act::ChargeIllegalProcedure { player: turn }));
                    for s in 0..20 {
                        let d = Bot::new(Level::Beginner, other, s)
                            .decide(&View::new(&m2, other), m2.now_ms());
                        assert!(d.is_none_or(|d| d.act != Act::ChargeIllegalProcedure { player: other }));
                    }
                    let clubs = (0..40)
                        .filter(|&s| {
                            Bot::new(Level::Club, other, s)
                                .decide(&View::new(&m2, other), m2.now_ms())
                                .is_some_and(|d| {
                                    d.act == Act::ChargeIllegalProcedure { player: other }
                                })
                        })
                        .count();
                    assert!(
                        clubs > 0 && clubs < 40,
                        "{clubs} of 40 club players charged"
                    );
                    found = true;
                    break;
                }
            }
            if *m.phase() == Phase::Over {
                break;
            }
            let mut best: Option<(u64, Act)> = None;
            for (i, b) in players.iter_mut().enumerate() {
                if let Some(d) = b.decide(&View::new(&m, i), m.now_ms()) {
                    let at = m.now_ms() + d.think_ms;
                    if best.as_ref().is_none_or(|(t, _)| at < *t) {
                        best = Some((at, d.act));
                    }
                }
            }
            let (at, act) = match (best, m.next_deadline()) {
                (Some((at, _)), Some(dl)) if dl < at => (dl, Act::Clock),
                (Some(x), _) => x,
                (None, Some(dl)) => (dl, Act::Clock),
                (None, None) => break,
            };
            m = m.apply(onsets_engine::Action { at_ms: at, act }).unwrap().0;
        }
        if found {
            break;
        }
    }
    assert!(
        found,
        "no position with = or ⊆ in Resources and more than four cubes"
    );
}

/// Over whole matches (strong, expert and beginner): a bot makes a bonus move
/// only when not leading the match (IV-C-2) and only when no regular move is
/// safe; and the engine takes it with no penalty and no illegal procedure.
#[test]
fn bonus_moves_only_when_they_help() {
    for seed in 1..=2u64 {
        let (mut m, _) = Match::new(MatchConfig::new(
            seed,
            &["a", "b", "c"],
            Division::Senior,
            true,
        ))
        .unwrap();
        let mut bots = [
            Bot::new(Level::Strong, 0, seed),
            Bot::new(Level::Expert, 1, seed + 1),
            Bot::new(Level::Beginner, 2, seed + 2),
        ];
        for _ in 0..1500 {
            if *m.phase() == Phase::Over {
                break;
            }
            let mut best: Option<(u64, Act)> = None;
            for (i, b) in bots.iter_mut().enumerate() {
                if let Some(d) = b.decide(&View::new(&m, i), m.now_ms()) {
                    if let Act::Move { bonus: true, .. } = d.act {
                        assert!(!m.leading(i), "bonus move while leading");
                        let goal = m.goal().unwrap().goal().unwrap();
                        let pos = m.position(Situation::Impossible, goal);
                        let classes = classify_moves_with(&pos, MoveOptions { bonus: false });
                        assert!(
                            classes.iter().all(|c| c.class != Class::Safe),
                            "bonus move with a safe regular move: {}",
                            d.explanation
                        );
                        assert!(View::new(&m, i).is_clean(&d.act));
                    }
                    let at = m.now_ms() + d.think_ms;
                    if best.as_ref().is_none_or(|(t, _)| at < *t) {
                        best = Some((at, d.act));
                    }
                }
            }
            let (at, act) = match (best, m.next_deadline()) {
                (Some((at, _)), Some(dl)) if dl < at => (dl, Act::Clock),
                (Some(x), _) => x,
                (None, Some(dl)) => (dl, Act::Clock),
                (None, None) => break,
            };
            m = m.apply(onsets_engine::Action { at_ms: at, act }).unwrap().0;
        }
    }
}

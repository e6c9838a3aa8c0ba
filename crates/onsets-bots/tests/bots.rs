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
    while m.phase != Phase::Over && seen < positions {
        steps += 1;
        assert!(steps < 20_000);
        if let Phase::Moves { turn, .. } = m.phase {
            let goal = m.goal.as_ref().unwrap().goal().unwrap();
            let pos = m.position(Situation::Impossible, goal);
            for seat in 0..3 {
                if Some(seat) == m.last_mover {
                    continue;
                }
                let mut expert = Bot::new(Level::Expert, seat, 99);
                let d = expert.decide(&View::new(&m, seat), m.now_ms);
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
                                at_ms: m.now_ms,
                                act: d.act.clone(),
                            })
                            .unwrap()
                            .0;
                        let g = after.goal.as_ref().unwrap().goal().unwrap();
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
            if let Some(d) = b.decide(&View::new(&m, i), m.now_ms) {
                let at = m.now_ms + d.think_ms;
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
        if m.phase == Phase::Over {
            break;
        }
        let mut best: Option<(u64, Act)> = None;
        for (i, b) in bots.iter_mut().enumerate() {
            if let Some(d) = b.decide(&View::new(&m, i), m.now_ms) {
                assert!(!d.explanation.is_empty() && !d.explanation.contains('\n'));
                for t in m.timers.iter().filter(|t| t.player == i) {
                    assert!(
                        m.now_ms + d.think_ms <= t.due_ms.max(m.now_ms),
                        "{:?} late for {t:?}",
                        d.act
                    );
                }
                let at = m.now_ms + d.think_ms;
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
    if let Phase::Setup { .. } = m.phase {
        m.phase = Phase::Writing(onsets_engine::Writing {
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
        });
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

//! The public log (docs/security/hidden.md): while the match is played no
//! seed and no Solution another seat may not see (VII-C-3); the commitment
//! from the start; everything, and a seed matching it, once it is over.

mod common;
use common::*;
use onsets_core::{Division, Edition};
use onsets_engine::*;

const FACES: &str = "2 3 1 B R G Y B R G Y ∪ ∩ − ′ V Λ =";

/// Three players; Solutions being written: `b` (the Challenger) presented
/// `B − R`, the Third Party has not decided. (setter, mover, challenger).
fn writing() -> (T, usize, usize, usize) {
    let mut config = MatchConfig::new(77, &["Ann", "Bob", "Cy"], Division::Junior, false);
    config.dice = Some(Dice {
        first_setter: Some(0),
        shakes: vec![ShakeDice {
            faces: Some(FACES.into()),
            cards: Some("B R G BR BG RG".into()),
        }],
        coins: Vec::new(),
    });
    config.commit_seed(&[7; SALT_BYTES]);
    let mut t = T::with(config);
    let s = t.setter();
    let set_out = (!t.m.restrictions()).then_some(SetOut::TwoUniverseOneEmpty);
    t.act(Act::Roll { player: s, set_out });
    let (min, _) = Edition::Tournament2026.universe_size(Division::Junior);
    let dealer = t.m.dealer();
    t.act(Act::Deal {
        player: dealer,
        count: min as u8,
    });
    t.goal("2");
    let a = t.left(s);
    let b = t.left(a);
    t.mv(a, "B", Place::Required);
    t.act(Act::Challenge {
        player: b,
        kind: ChallengeKind::Now,
    });
    t.present(b, "B − R");
    assert!(
        matches!(t.m.phase(), Phase::Writing(_)),
        "{:?}",
        t.m.phase()
    );
    (t, s, a, b)
}

#[test]
fn vii_c_3_while_writing_the_public_log_has_no_seed_and_no_other_seats_solution() {
    let (t, s, a, b) = writing();
    let full = t.m.log_lines();
    assert!(full.contains("B − R") && full.contains("\"seed\":77"));
    for seat in [None, Some(s), Some(a)] {
        let public = public_log(&full, seat, false).unwrap();
        assert!(!public.contains("B − R"), "{seat:?}: {public}");
        assert!(!public.contains("\"seed\""), "{public}");
        assert!(!public.contains("seed_salt"), "{public}");
        assert!(public.contains(&format!(
            "\"seed_commitment\":\"{}\"",
            seed_commitment(77, &[7; SALT_BYTES])
        )));
    }
    // The writer sees their own Solution (Match::phase_for).
    assert!(public_log(&full, Some(b), false).unwrap().contains("B − R"));
    // A closed table shows everything.
    assert_eq!(public_log(&full, None, true).unwrap(), full);
}

#[test]
fn the_public_log_replays_to_the_public_state_with_the_seed_withheld() {
    let (t, _, _, _) = writing();
    let public = public_log(&t.m.log_lines(), None, false).unwrap();
    let r = Match::replay(&public).unwrap();
    assert!(r.config().seed_withheld);
    assert_eq!(r.config().verify_seed(), Ok(SeedCheck::Withheld));
    let (mine, theirs) = (r.view_for(None), t.m.view_for(None));
    assert_eq!(
        (
            &mine.cubes,
            &mine.dealt,
            mine.deck_left,
            &mine.goal,
            &mine.totals
        ),
        (
            &theirs.cubes,
            &theirs.dealt,
            theirs.deck_left,
            &theirs.goal,
            &theirs.totals
        )
    );
}

#[test]
fn checked_solutions_show_and_the_seed_shows_when_the_match_is_over() {
    let (mut t, s, _, _) = writing();
    t.act(Act::Decline { player: s });
    assert!(!matches!(t.m.phase(), Phase::Writing(_)));
    let public = public_log(&t.m.log_lines(), None, false).unwrap();
    assert!(public.contains("B − R"), "checked: public");
    assert!(!public.contains("\"seed\""));
    // The round ends (XI-B).
    let end = t.m.config().round_ms + 10 * 60_000;
    t.clock(end);
    for p in 0..3 {
        let _ = t.try_act(Act::Decline { player: p });
    }
    assert!(t.m.match_points().is_some(), "{:?}", t.m.phase());
    let full = t.m.log_lines();
    let public = public_log(&full, None, false).unwrap();
    assert_eq!(public, full);
    let r = Match::replay(&public).unwrap();
    assert_eq!(r.config().verify_seed(), Ok(SeedCheck::Verified));
    assert_eq!(r, t.m);
}

#[test]
fn a_seed_that_does_not_match_its_commitment_is_refused_and_old_logs_replay() {
    let (t, _, _, _) = writing();
    let full = t.m.log_lines();
    let forged = full.replacen("\"seed\":77", "\"seed\":78", 1);
    let e = Match::replay(&forged).unwrap_err();
    assert_eq!(e.line, 1);
    assert!(e.message.contains("commitment"), "{e}");
    // A log written before commitments: no check, replayed as before.
    let mut old = T::new(5, 2, Division::Senior, false);
    let setter = old.setter();
    let set_out = (!old.m.restrictions()).then_some(SetOut::TwoUniverseOneEmpty);
    old.act(Act::Roll {
        player: setter,
        set_out,
    });
    let log = old.m.log_lines();
    assert!(!log.contains("seed_commitment"));
    let r = Match::replay(&log).unwrap();
    assert_eq!(r.config().verify_seed(), Ok(SeedCheck::NoCommitment));
    assert_eq!(r, old.m);
}

/// M69 6 a (Sample Game 1) up to the writing: B (the Mover, with C joining
/// him) wrote, C has not.
fn writing_1969() -> manual1969::Game {
    use manual1969::*;
    let mut config = MatchConfig::new(7, &["A", "B", "C"], Division::Middle, false);
    config.edition = Edition::Manual1969(onsets_core::Form1969::Basic);
    config.dice = Some(Dice {
        first_setter: Some(1),
        shakes: vec![ShakeDice {
            faces: Some("R R R B G ∪ ∪ ∩ ∩ 1 2 4".into()),
            cards: Some("R B G RB RG BG".into()),
        }],
        coins: Vec::new(),
    });
    config.commit_seed(&[9; SALT_BYTES]);
    let header = Header1969 {
        format: FORMAT_1969.into(),
        config,
        settings: Settings1969 {
            plays: Some(1),
            ..Settings1969::default()
        },
    };
    let (mut g, _) = Game::new(header).unwrap();
    let mut t = 0;
    let mut act = |g: &mut Game, act: Act1969| {
        t += 1000;
        *g = g.apply(Action1969 { at_ms: t, act }).unwrap().0;
    };
    let cube = |g: &Game, face: &str| {
        let s = onsets_core::Symbol::parse(face).unwrap();
        g.cubes()
            .iter()
            .find(|c| c.face == s && c.place == Place::Resources)
            .unwrap()
            .id
    };
    act(
        &mut g,
        Act1969::Deal {
            player: 0,
            count: 6,
        },
    );
    act(&mut g, Act1969::Roll { player: 1 });
    act(
        &mut g,
        Act1969::SetGoal {
            player: 1,
            goal: "2+4".into(),
        },
    );
    for (player, face, to) in [
        (2, "∪", Place::Required),
        (0, "∩", Place::Permitted),
        (1, "R", Place::Required),
    ] {
        let cube = cube(&g, face);
        act(
            &mut g,
            Act1969::Move {
                player,
                cube,
                to,
                bonus: false,
            },
        );
    }
    act(
        &mut g,
        Act1969::Challenge {
            player: 0,
            claim: Claim::P,
        },
    );
    act(
        &mut g,
        Act1969::Join {
            player: 2,
            side: Side::Mover,
        },
    );
    act(
        &mut g,
        Act1969::Write {
            player: 1,
            solution: "(G ∪ B) ∪ R".into(),
            goal: None,
            alternative: None,
        },
    );
    assert!(g.solutions_hidden());
    g
}

#[test]
fn m69_3_9_b_while_writing_the_public_1969_log_has_no_seed_and_no_other_seats_solution() {
    let g = writing_1969();
    let full = g.log_lines().join("\n") + "\n";
    assert!(full.contains("(G ∪ B) ∪ R") && full.contains("\"seed\":7"));
    for seat in [None, Some(0), Some(2)] {
        let public = g.public_log(seat);
        assert!(!public.contains("(G ∪ B) ∪ R"), "{seat:?}: {public}");
        assert!(!public.contains("\"seed\"") && !public.contains("seed_salt"));
        assert!(public.contains(&seed_commitment(7, &[9; SALT_BYTES])));
        assert_eq!(public_log_1969(&full, seat, false).unwrap(), public);
    }
    assert!(g.public_log(Some(1)).contains("(G ∪ B) ∪ R"));
    // It replays to the same table, the seed withheld.
    let r = manual1969::Game::replay(&g.public_log(None)).unwrap();
    assert!(r.header().config.seed_withheld);
    assert_eq!((r.cubes(), r.dealt()), (g.cubes(), g.dealt()));
    assert!(r.solutions_hidden());
}

/// M69 3.9 B: the view for a seat (and a spectator) hides another writer's
/// Solution; `phase_seen` (the brief form of the HTTP alias's state) shows
/// that pen as `{"state":"wrote"}` alone, by the same rule, and the writer's
/// own pen whole.
#[test]
fn m69_3_9_b_the_views_brief_phase_shows_only_that_another_wrote() {
    let g = writing_1969();
    for seat in [None, Some(0), Some(2)] {
        let view = View1969::new(&g, seat, Vec::new());
        let phase = serde_json::to_value(view.phase_seen()).unwrap();
        assert_eq!(phase["phase"], "challenge", "{phase}");
        assert_eq!(
            phase["pens"][1],
            serde_json::json!({"state": "wrote"}),
            "{seat:?}"
        );
        assert!(
            !phase.to_string().contains("(G ∪ B) ∪ R"),
            "{seat:?}: {phase}"
        );
        let full = serde_json::to_value(&view.phase).unwrap();
        for key in ["claim", "challenger", "mover", "at_ms", "sides"] {
            assert_eq!(phase[key], full[key], "{key}");
        }
    }
    let own = View1969::new(&g, Some(1), Vec::new());
    let phase = serde_json::to_value(own.phase_seen()).unwrap();
    assert_eq!(phase["pens"][1]["solution"], "(G ∪ B) ∪ R", "{phase}");
}

#[test]
fn m69_the_1969_log_shows_everything_and_a_matching_seed_once_the_game_is_over() {
    let mut g = writing_1969();
    g = g
        .apply(manual1969::Action1969 {
            at_ms: 100_000,
            act: manual1969::Act1969::Write {
                player: 2,
                solution: "(G ∪ B) ∪ (R ∩ R)".into(),
                goal: None,
                alternative: None,
            },
        })
        .unwrap()
        .0;
    assert!(g.is_over());
    let full = g.log_lines().join("\n") + "\n";
    assert_eq!(g.public_log(None), full);
    let r = manual1969::Game::replay(&full).unwrap();
    assert_eq!(r.header().config.verify_seed(), Ok(SeedCheck::Verified));
    let forged = full.replacen("\"seed\":7", "\"seed\":8", 1);
    assert!(manual1969::Game::replay(&forged)
        .unwrap_err()
        .contains("commitment"));
}

/// OS-A2: too few cards dealt, the deal passes and the deck is reshuffled:
/// the public log still replays to the same Universe.
#[test]
fn os_a2_a_passed_deal_replays_from_the_public_log() {
    let mut config = MatchConfig::new(31, &["Ann", "Bob"], Division::Middle, false);
    config.commit_seed(&[1; SALT_BYTES]);
    let mut t = T::with(config);
    let s = t.setter();
    let set_out = (!t.m.restrictions()).then_some(SetOut::TwoUniverseOneEmpty);
    t.act(Act::Roll { player: s, set_out });
    let dealer = t.m.dealer();
    t.act(Act::Deal {
        player: dealer,
        count: 1,
    });
    let mut at = t.t;
    let mut passed = false;
    for _ in 0..10 {
        at += 61_000;
        passed |= has(&t.clock(at), |e| matches!(e, Event::DealTransferred { .. }));
        if passed {
            break;
        }
    }
    assert!(passed, "{:?}", t.m.phase());
    let (min, _) = Edition::Tournament2026.universe_size(Division::Middle);
    let dealer = t.m.dealer();
    t.act(Act::Deal {
        player: dealer,
        count: min as u8,
    });
    let public = public_log(&t.m.log_lines(), None, false).unwrap();
    let r = Match::replay(&public).unwrap_or_else(|e| panic!("{e}: {public}"));
    assert_eq!(r.dealt(), t.m.dealt());
    assert_eq!(r.cubes(), t.m.cubes());
}

/// M69 3.6 comment 2: the coin between simultaneous Challengers is a draw
/// of the generator; the public log's `dice.coins` keeps its fall, so the
/// log replays to the same Challenger whatever the seed.
#[test]
fn m69_3_6_a_coin_toss_replays_from_the_public_log() {
    use manual1969::*;
    let mut winners = std::collections::BTreeSet::new();
    for seed in 0..16 {
        let mut config = MatchConfig::new(seed, &["A", "B", "C"], Division::Middle, false);
        config.edition = Edition::Manual1969(onsets_core::Form1969::Basic);
        config.dice = Some(Dice {
            first_setter: Some(0),
            shakes: vec![ShakeDice {
                faces: Some("B B B R R ∩ ∪ ′ 1 4 5".into()),
                cards: Some("R RB RG RO RGO B".into()),
            }],
            coins: Vec::new(),
        });
        config.commit_seed(&[2; SALT_BYTES]);
        let header = Header1969 {
            format: FORMAT_1969.into(),
            config,
            settings: Settings1969::default(),
        };
        let (mut g, _) = Game::new(header).unwrap();
        let dealer = g.dealer();
        let red = |g: &Game| {
            let r = onsets_core::Symbol::parse("R").unwrap();
            g.cubes()
                .iter()
                .find(|c| c.face == r && c.place == Place::Resources)
                .unwrap()
                .id
        };
        let acts = [
            (
                1000,
                Act1969::Deal {
                    player: dealer,
                    count: 6,
                },
            ),
            (2000, Act1969::Roll { player: 0 }),
            (
                3000,
                Act1969::SetGoal {
                    player: 0,
                    goal: "1".into(),
                },
            ),
        ];
        for (at_ms, act) in acts {
            g = g.apply(Action1969 { at_ms, act }).unwrap().0;
        }
        let cube = red(&g);
        for (at_ms, act) in [
            (
                4000,
                Act1969::Move {
                    player: 1,
                    cube,
                    to: Place::Required,
                    bonus: false,
                },
            ),
            (
                5000,
                Act1969::Challenge {
                    player: 2,
                    claim: Claim::A,
                },
            ),
            (
                5000,
                Act1969::Challenge {
                    player: 0,
                    claim: Claim::P,
                },
            ),
        ] {
            g = g.apply(Action1969 { at_ms, act }).unwrap().0;
        }
        let Phase1969::Challenge { challenger, .. } = g.phase().clone() else {
            panic!("a challenge")
        };
        winners.insert(challenger);
        let public = g.public_log(None);
        assert!(public.contains("\"coins\":["), "{public}");
        let r = Game::replay(&public).unwrap();
        assert_eq!(r.phase(), g.phase(), "seed {seed}");
    }
    assert_eq!(winners.len(), 2, "the coin falls both ways over seeds");
}

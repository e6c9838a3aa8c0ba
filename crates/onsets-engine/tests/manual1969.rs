//! The 1969 game (M69 §§2–3, editions.md §2): tests named after the manual's
//! rules, and the manual's examples (§5) and sample games (§6) replayed as
//! scenarios. The manual's Universes are lost in the OCR (editions.md §2.0),
//! so each scenario deals a Universe built to agree with every fact the text
//! states (which Solutions exist, which counts they name); the Resources and
//! plays are the text's.

use onsets_core::{Division, Edition, Form1969};
use onsets_engine::manual1969::{
    Act1969, Action1969, Alternative, Claim, Claims, Event1969, Game, Header1969, Phase1969,
    Settings1969, Side, SolverClaims, FORMAT_1969,
};
use onsets_engine::{Dice, MatchConfig, Place, RejectCode, ShakeDice};

const A: usize = 0;
const B: usize = 1;
const C: usize = 2;

fn header(form: Form1969, players: usize, shaker: usize, faces: &str, cards: &str) -> Header1969 {
    let names = ["A", "B", "C", "D", "E", "F", "G"];
    let mut config = MatchConfig::new(7, &names[..players], Division::Middle, false);
    config.edition = Edition::Manual1969(form);
    config.dice = Some(Dice {
        first_setter: Some(shaker),
        coins: Vec::new(),
        shakes: vec![ShakeDice {
            faces: Some(faces.into()),
            cards: Some(cards.into()),
        }],
    });
    Header1969 {
        format: FORMAT_1969.into(),
        config,
        settings: Settings1969 {
            plays: Some(1),
            ..Settings1969::default()
        },
    }
}

struct Play {
    g: Game,
    t: u64,
    events: Vec<Event1969>,
}

impl Play {
    fn new(h: Header1969, universe: u8) -> Play {
        let (g, _) = Game::new(h).expect("header");
        let mut p = Play {
            g,
            t: 0,
            events: Vec::new(),
        };
        let (dealer, shaker) = (p.g.dealer(), p.g.shaker());
        p.ok(Act1969::Deal {
            player: dealer,
            count: universe,
        });
        p.ok(Act1969::Roll { player: shaker });
        p
    }
    fn try_act(&mut self, act: Act1969) -> Result<(), onsets_engine::Rejection> {
        self.t += 1000;
        let (g, ev) = self.g.apply(Action1969 { at_ms: self.t, act })?;
        self.g = g;
        self.events.extend(ev);
        Ok(())
    }
    fn ok(&mut self, act: Act1969) {
        let shown = format!("{act:?}");
        if let Err(e) = self.try_act(act) {
            panic!("{shown} refused: {e}");
        }
    }
    fn code(&mut self, act: Act1969) -> RejectCode {
        let before = self.g.clone();
        let e = self.try_act(act).expect_err("refused");
        assert_eq!(self.g, before);
        e.code
    }
    /// The id of the first cube in Resources showing `face`.
    fn cube(&self, face: &str) -> u8 {
        self.g
            .cubes()
            .iter()
            .find(|c| {
                c.place == Place::Resources && onsets_engine::manual1969::face_1969(c.face) == face
            })
            .unwrap_or_else(|| panic!("no {face} in Resources"))
            .id
    }
    fn mv(&mut self, player: usize, face: &str, to: Place) {
        let cube = self.cube(face);
        self.ok(Act1969::Move {
            player,
            cube,
            to,
            bonus: false,
        });
    }
    fn bonus(&mut self, player: usize, face: &str) {
        let cube = self.cube(face);
        self.ok(Act1969::Move {
            player,
            cube,
            to: Place::Forbidden,
            bonus: true,
        });
    }
    fn write(&mut self, player: usize, solution: &str) {
        self.ok(Act1969::Write {
            player,
            solution: solution.into(),
            goal: None,
            alternative: None,
        });
    }
    fn write_alt(&mut self, player: usize, solution: &str, alt: Alternative) {
        self.ok(Act1969::Write {
            player,
            solution: solution.into(),
            goal: None,
            alternative: Some(alt),
        });
    }
    fn scores(&self) -> Vec<i32> {
        self.g
            .history()
            .last()
            .expect("a scored play")
            .points
            .clone()
    }
    fn sustained(&self, player: usize) -> Vec<String> {
        self.events
            .iter()
            .rev()
            .find_map(|e| match e {
                Event1969::Written {
                    player: p, reasons, ..
                } if *p == player => Some(reasons.clone()),
                _ => None,
            })
            .expect("written")
    }
}

fn alt_move(cube: u8, to: Place) -> Alternative {
    Alternative {
        cube: Some(cube),
        to: Some(to),
        ..Alternative::default()
    }
}

// ------------------------------------------------------------ setting up

#[test]
fn m69_2_5_the_player_to_the_shakers_right_builds_the_universe_before_the_roll() {
    let h = header(
        Form1969::Basic,
        3,
        B,
        "R R R B G ∪ ∪ ∩ ∩ 1 2 4",
        "R B G RB RG BG",
    );
    let (g, _) = Game::new(h).unwrap();
    assert_eq!(g.shaker(), B);
    assert_eq!(g.dealer(), A, "the player to the Shaker's right (2.5)");
    assert_eq!(g.phase(), &Phase1969::Deal);
    let at = |act| Action1969 { at_ms: 1, act };
    // The Shaker cannot roll before the Universe is built (2.3).
    let e = g.apply(at(Act1969::Roll { player: B })).unwrap_err();
    assert_eq!(e.code, RejectCode::WrongPhase);
    // At least six cards (2.2), at most the deck (Q17).
    for bad in [5, 17] {
        let e = g
            .apply(at(Act1969::Deal {
                player: A,
                count: bad,
            }))
            .unwrap_err();
        assert_eq!(e.code, RejectCode::DealNothing, "{bad}");
    }
    let e = g
        .apply(at(Act1969::Deal {
            player: C,
            count: 6,
        }))
        .unwrap_err();
    assert_eq!(e.code, RejectCode::NotDealer);
    let (g, _) = g
        .apply(at(Act1969::Deal {
            player: A,
            count: 16,
        }))
        .unwrap();
    assert_eq!(g.dealt().len(), 16);
}

#[test]
fn m69_2_2_basic_shakes_ten_cubes_without_blue_symbols_advanced_eighteen() {
    for (form, n) in [(Form1969::Basic, 10), (Form1969::Advanced, 18)] {
        let mut config = MatchConfig::new(3, &["A", "B"], Division::Middle, false);
        config.edition = Edition::Manual1969(form);
        let (g, _) = Game::new(Header1969 {
            format: FORMAT_1969.into(),
            config,
            settings: Settings1969::default(),
        })
        .unwrap();
        let (dealer, shaker) = (g.dealer(), g.shaker());
        let (g, _) = g
            .apply(Action1969 {
                at_ms: 0,
                act: Act1969::Deal {
                    player: dealer,
                    count: 8,
                },
            })
            .unwrap();
        let (g, _) = g
            .apply(Action1969 {
                at_ms: 0,
                act: Act1969::Roll { player: shaker },
            })
            .unwrap();
        assert_eq!(g.cubes().len(), n, "{form:?}");
        let blue = g
            .cubes()
            .iter()
            .filter(|c| c.family == onsets_engine::Family::Restriction)
            .count();
        assert_eq!(blue, if form == Form1969::Basic { 0 } else { 3 });
    }
}

#[test]
fn m69_2_1_two_to_six_players_and_the_edition_is_required() {
    for n in [1, 7] {
        let h = header(
            Form1969::Basic,
            n.min(7),
            0,
            "1 2 3 R B G O ∪ ∩ −",
            "R B G O RB RG",
        );
        let mut h = h;
        h.config.players = (0..n).map(|i| format!("P{i}")).collect();
        assert_eq!(Game::new(h).unwrap_err().code, RejectCode::Players);
    }
    let mut h = header(
        Form1969::Basic,
        2,
        0,
        "1 2 3 R B G O ∪ ∩ −",
        "R B G O RB RG",
    );
    h.config.edition = Edition::Tournament2026;
    assert_eq!(Game::new(h).unwrap_err().code, RejectCode::Edition);
    // The match of the 2026-27 rules points to this game.
    let mut cfg = MatchConfig::new(1, &["A", "B"], Division::Middle, false);
    cfg.edition = Edition::Manual1969(Form1969::Basic);
    let e = onsets_engine::Match::new(cfg).unwrap_err();
    assert!(e.message.contains("manual1969"), "{e}");
}

// ------------------------------------------------------------ rules 3.1–3.3

#[test]
fn m69_3_3_a_bonus_move_of_any_cube_before_the_goal_then_a_goal_must_be_set() {
    let h = header(
        Form1969::Basic,
        2,
        A,
        "1 2 4 R B G O ∪ ∩ −",
        "R B G O RB RG",
    );
    let mut p = Play::new(h, 6);
    // Before the Goal only a bonus move (3.1, 3.3), to Forbidden only.
    let r = p.cube("R");
    assert_eq!(
        p.code(Act1969::Move {
            player: A,
            cube: r,
            to: Place::Required,
            bonus: false
        }),
        RejectCode::GoalFirst
    );
    assert_eq!(
        p.code(Act1969::Move {
            player: A,
            cube: r,
            to: Place::Required,
            bonus: true
        }),
        RejectCode::BonusToForbidden
    );
    // Any cube, even a numeral cube (Q19).
    p.bonus(A, "4");
    assert_eq!(
        p.code(Act1969::Move {
            player: A,
            cube: r,
            to: Place::Forbidden,
            bonus: true
        }),
        RejectCode::OneBonus
    );
    // Having bonused, the Shaker sets a Goal: "No Goal" is not a regular move (Q19).
    assert_eq!(
        p.code(Act1969::DeclareNoGoal { player: A }),
        RejectCode::BonusCommits
    );
    // The 4 is gone: a Goal needing it is refused.
    assert_eq!(
        p.code(Act1969::SetGoal {
            player: A,
            goal: "4".into()
        }),
        RejectCode::NoSuchDigit
    );
    p.ok(Act1969::SetGoal {
        player: A,
        goal: "2*1".into(),
    });
    assert_eq!(p.g.goal(), Some("2*1"));
    assert_eq!(
        p.g.phase(),
        &Phase1969::Moves {
            turn: B,
            bonus: None
        }
    );
    // The play's record starts before the bonus move (Q21).
    assert_eq!(p.g.plays().len(), 1);
    assert!(p.g.plays()[0].goal_play);
    assert!(p.g.plays()[0]
        .before
        .iter()
        .all(|at| *at == Place::Resources));
}

#[test]
fn m69_3_2_no_move_restrictions_and_cubes_never_move_again() {
    let h = header(
        Form1969::Advanced,
        2,
        A,
        "1 2 4 R B G O R B G O ∪ ∩ − ′ V Λ =",
        "R B G O RB RG",
    );
    let mut p = Play::new(h, 6);
    p.ok(Act1969::SetGoal {
        player: A,
        goal: "2".into(),
    });
    // = to Forbidden at once, and a bonus of = as well: no restriction (2.4).
    p.bonus(B, "=");
    p.mv(B, "Λ", Place::Forbidden);
    let moved =
        p.g.cubes()
            .iter()
            .find(|c| c.place == Place::Forbidden && c.family == onsets_engine::Family::Restriction)
            .unwrap()
            .id;
    assert_eq!(
        p.code(Act1969::Move {
            player: A,
            cube: moved,
            to: Place::Required,
            bonus: false
        }),
        RejectCode::CubeNotThere
    );
    // Out of turn.
    let r = p.cube("R");
    assert_eq!(
        p.code(Act1969::Move {
            player: B,
            cube: r,
            to: Place::Required,
            bonus: false
        }),
        RejectCode::NotYourTurn
    );
}

#[test]
fn m69_3_10_b_no_goal_unchallenged_scores_one_for_every_player() {
    let h = header(
        Form1969::Basic,
        3,
        A,
        "1 2 4 R B G O ∪ ∩ −",
        "R B G O RB RG",
    );
    let mut p = Play::new(h, 6);
    p.ok(Act1969::DeclareNoGoal { player: A });
    assert_eq!(
        p.code(Act1969::AcceptNoGoal { player: A }),
        RejectCode::OwnDeclaration
    );
    p.ok(Act1969::AcceptNoGoal { player: B });
    assert_eq!(
        p.code(Act1969::AcceptNoGoal { player: B }),
        RejectCode::AlreadyAgreed
    );
    p.ok(Act1969::AcceptNoGoal { player: C });
    assert_eq!(p.scores(), vec![1, 1, 1]);
    assert!(p.g.is_over());
}

#[test]
fn m69_3_6_only_the_player_who_just_moved_is_challenged_and_not_by_himself() {
    let h = header(
        Form1969::Basic,
        3,
        A,
        "1 2 4 R B G O ∪ ∩ −",
        "R B G O RB RG",
    );
    let mut p = Play::new(h, 6);
    // Nothing to challenge before the Goal.
    assert_eq!(
        p.code(Act1969::Challenge {
            player: B,
            claim: Claim::P
        }),
        RejectCode::WrongPhase
    );
    p.ok(Act1969::SetGoal {
        player: A,
        goal: "2".into(),
    });
    assert_eq!(
        p.code(Act1969::Challenge {
            player: A,
            claim: Claim::P
        }),
        RejectCode::OwnDeclaration
    );
    // The Goal has no previous move: no C-claim (3.5 C).
    assert_eq!(
        p.code(Act1969::Challenge {
            player: B,
            claim: Claim::CFromP
        }),
        RejectCode::WrongPhase
    );
    assert_eq!(
        p.code(Act1969::Challenge {
            player: B,
            claim: Claim::NoGoal
        }),
        RejectCode::WrongPhase
    );
    // A bonus move begins B's play: the Goal can no longer be challenged.
    p.bonus(B, "∪");
    assert_eq!(
        p.code(Act1969::Challenge {
            player: C,
            claim: Claim::A
        }),
        RejectCode::WrongPhase
    );
}

// ------------------------------------------------------------ §5 examples

/// §5 a: "No Goal" challenged; the Challenger sets [4][2] (= 6) and builds
/// R ∪ R′ (every card). Challenger wins.
#[test]
fn m69_5_a_no_goal_challenge_sustained_with_a_goal_and_a_solution() {
    let h = header(
        Form1969::Basic,
        2,
        A,
        "R R R R R ∪ ∪ ′ ′ 2 2 4",
        "R B G O RB BG",
    );
    let mut p = Play::new(h, 6);
    p.ok(Act1969::DeclareNoGoal { player: A });
    p.ok(Act1969::Challenge {
        player: B,
        claim: Claim::NoGoal,
    });
    // Without a Goal the burden is not sustained (3.4 D)...
    let mut q = Play {
        g: p.g.clone(),
        t: p.t,
        events: Vec::new(),
    };
    q.write(B, "R ∪ R′");
    assert!(!q.sustained(B).is_empty());
    assert_eq!(q.scores(), vec![2, 0]);
    // ... with one it is.
    p.ok(Act1969::Write {
        player: B,
        solution: "R ∪ R′".into(),
        goal: Some("4+2".into()),
        alternative: None,
    });
    assert!(p.sustained(B).is_empty(), "{:?}", p.sustained(B));
    assert_eq!(p.scores(), vec![0, 2]);
}

/// §5 b: the Shaker sets 1; A-claim; the Challenger builds a one-cube
/// Solution (the orange cube) but shows no alternative Goal: "he has not
/// sustained the burden of proof". Mover wins.
#[test]
fn m69_5_b_a_claim_without_an_alternative_is_not_sustained() {
    let h = header(Form1969::Basic, 2, A, "B B R G O ∩ 1 2 4", "O B BR BG RG R");
    let mut p = Play::new(h, 6);
    p.ok(Act1969::SetGoal {
        player: A,
        goal: "1".into(),
    });
    let mut claims = SolverClaims::new();
    assert!(claims.within_one(&p.g.position()), "O names one card");
    p.ok(Act1969::Challenge {
        player: B,
        claim: Claim::A,
    });
    p.write(B, "O");
    let reasons = p.sustained(B);
    assert!(
        reasons.iter().any(|r| r.contains("alternative")),
        "{reasons:?}"
    );
    assert_eq!(p.scores(), vec![2, 0], "Mover wins");
}

/// §5 c: the Shaker sets [1][~1] (= 0) with only colors and ∪ left: no
/// Solution; P-claim; the Mover cannot sustain. Challenger wins.
#[test]
fn m69_5_c_p_claim_against_a_goal_with_no_solution() {
    let h = header(
        Form1969::Basic,
        2,
        A,
        "O O R B G ∪ ∪ ∪ O 1 5 1",
        "R B G O RB BGO",
    );
    let mut p = Play::new(h, 6);
    p.ok(Act1969::SetGoal {
        player: A,
        goal: "1+~1".into(),
    });
    let mut claims = SolverClaims::new();
    assert!(
        !claims.possible(&p.g.position()),
        "unions of colors are never empty"
    );
    p.ok(Act1969::Challenge {
        player: B,
        claim: Claim::P,
    });
    p.write(A, "O ∪ R");
    assert!(!p.sustained(A).is_empty());
    assert_eq!(p.scores(), vec![0, 2], "Challenger wins");
}

/// §5 f: Goal 0, Required − and O (the OCR's "0" glyphs: two − cubes are
/// needed), P-claim, sustained by (G − O) − G. Mover wins.
#[test]
fn m69_5_f_p_claim_sustained_by_the_mover() {
    let h = header(
        Form1969::Basic,
        2,
        A,
        "G G B R O − − ∪ ∩ 2 1 1",
        "G GO B R RO BG",
    );
    let mut p = Play::new(h, 6);
    p.ok(Act1969::SetGoal {
        player: A,
        goal: "1+~1".into(),
    });
    p.bonus(B, "∪");
    p.mv(B, "−", Place::Required);
    p.mv(A, "∩", Place::Forbidden);
    p.mv(B, "O", Place::Required);
    p.ok(Act1969::Challenge {
        player: A,
        claim: Claim::P,
    });
    p.write(B, "(G − O) − G");
    assert!(p.sustained(B).is_empty(), "{:?}", p.sustained(B));
    assert_eq!(p.scores(), vec![0, 2], "Mover wins");
}

// ------------------------------------------------------------ §6 sample games

/// §6 a, Sample Game 1 (Basic): B sets [2][4]; C ∪ to Required; A ∩ to
/// Permitted; B R to Required; A challenges (P-claim); C joins B; B writes
/// (G ∪ B) ∪ R and C (G ∪ B) ∪ (R ∩ R). "A scores 0, B scores 2, and C
/// scores 2."
#[test]
fn m69_6_a_sample_game_1_p_claim_third_party_joins_the_mover() {
    let h = header(
        Form1969::Basic,
        3,
        B,
        "R R R B G ∪ ∪ ∩ ∩ 1 2 4",
        "R B G RB RG BG",
    );
    let mut p = Play::new(h, 6);
    p.ok(Act1969::SetGoal {
        player: B,
        goal: "2+4".into(),
    });
    let one =
        p.g.cubes()
            .iter()
            .find(|c| c.face == onsets_core::Symbol::Digit(1))
            .unwrap();
    assert_eq!(one.place, Place::Forbidden, "the 1 goes to Forbidden (3.1)");
    p.mv(C, "∪", Place::Required);
    p.mv(A, "∩", Place::Permitted);
    p.mv(B, "R", Place::Required);
    p.ok(Act1969::Challenge {
        player: A,
        claim: Claim::P,
    });
    // Only the Third Party joins; nobody writes before every side is known.
    assert_eq!(
        p.code(Act1969::Join {
            player: A,
            side: Side::Mover
        }),
        RejectCode::AlreadyDecided
    );
    assert_eq!(
        p.code(Act1969::Write {
            player: B,
            solution: "(G ∪ B) ∪ R".into(),
            goal: None,
            alternative: None
        }),
        RejectCode::MayNotPresent
    );
    p.ok(Act1969::Join {
        player: C,
        side: Side::Mover,
    });
    // The Challenger has no burden: he does not write (3.7).
    assert_eq!(
        p.code(Act1969::Write {
            player: A,
            solution: "R".into(),
            goal: None,
            alternative: None
        }),
        RejectCode::MayNotPresent
    );
    p.write(B, "(G ∪ B) ∪ R");
    p.write(C, "(G ∪ B) ∪ (R ∩ R)");
    assert!(p.sustained(B).is_empty() && p.sustained(C).is_empty());
    assert_eq!(p.scores(), vec![0, 2, 2]);
}

/// §6 b, Sample Game 2 (Basic): bonus moves by every player, then A asserts
/// a Solution with one more cube; "All the players write down correct
/// Solutions and each scores 1 point." (The sections of the moves are lost;
/// these agree with the Solutions in mind.)
#[test]
fn m69_6_b_sample_game_2_assertion_every_writer_scores_one() {
    let h = header(
        Form1969::Basic,
        3,
        A,
        "R R B B O ∩ ∪ ∪ − 3 5 5",
        "R BR BO G RG O",
    );
    let mut p = Play::new(h, 6);
    p.ok(Act1969::SetGoal {
        player: A,
        goal: "5+~5".into(),
    });
    p.bonus(B, "∩");
    p.mv(B, "R", Place::Required);
    p.bonus(C, "∪");
    p.mv(C, "∪", Place::Required);
    p.bonus(A, "B");
    p.mv(A, "O", Place::Permitted);
    p.mv(B, "R", Place::Forbidden);
    p.mv(C, "B", Place::Permitted);
    // "Only − is left in Resources."
    let left: Vec<_> = p.g.position().resources().iter().collect();
    assert_eq!(left, vec![onsets_core::Symbol::Minus]);
    let mut claims = SolverClaims::new();
    assert!(claims.within_one(&p.g.position()));
    // Only on one's own turn.
    assert_eq!(
        p.code(Act1969::Assert { player: B }),
        RejectCode::NotYourTurn
    );
    p.ok(Act1969::Assert { player: A });
    p.write(A, "B − (R ∪ O)");
    p.write(B, "B − (O ∪ R)");
    p.write(C, "B − (R ∪ O)");
    assert_eq!(p.scores(), vec![1, 1, 1]);
}

/// 3.10 A (2): an asserter who cannot build a Solution scores −1; a player
/// who writes one scores 1, the others 0.
#[test]
fn m69_3_10_a_an_asserter_without_a_solution_scores_minus_one() {
    let h = header(
        Form1969::Basic,
        3,
        A,
        "R R B B O ∩ ∪ ∪ − 3 5 5",
        "R BR BO G RG O",
    );
    let mut p = Play::new(h, 6);
    p.ok(Act1969::SetGoal {
        player: A,
        goal: "3".into(),
    });
    p.ok(Act1969::Assert { player: B });
    // B names two cards, R three (R, BR, RG): one cube from Resources.
    p.write(B, "B");
    p.ok(Act1969::Decline { player: C });
    p.write(A, "R");
    assert!(!p.sustained(B).is_empty());
    assert_eq!(p.scores(), vec![1, -1, 0]);
}

fn sample_game_3() -> Play {
    // R′ and B ∩ R each name one card; B names two, R five.
    let h = header(
        Form1969::Basic,
        3,
        A,
        "B B B R R ∩ ∪ ′ 1 4 5",
        "R RB RG RO RGO B",
    );
    let mut p = Play::new(h, 6);
    p.ok(Act1969::SetGoal {
        player: A,
        goal: "1".into(),
    });
    p.mv(B, "R", Place::Required);
    p
}

/// §6 c, Sample Game 3 (Basic): A sets 1 (4 and 5 to Forbidden); B plays R;
/// C challenges (A-claim); A joins C; C writes R′, A writes R′ (the OCR's
/// R″). "A scores 1, B scores 0, and C scores 2." The alternative both
/// show: ′ to Forbidden.
#[test]
fn m69_6_c_sample_game_3_a_claim_sustained_third_party_scores_one() {
    let mut p = sample_game_3();
    let prime = p.cube("′");
    p.ok(Act1969::Challenge {
        player: C,
        claim: Claim::A,
    });
    p.ok(Act1969::Join {
        player: A,
        side: Side::Challenger,
    });
    p.write_alt(C, "R′", alt_move(prime, Place::Forbidden));
    p.write_alt(A, "R′", alt_move(prime, Place::Forbidden));
    assert!(p.sustained(C).is_empty(), "{:?}", p.sustained(C));
    assert_eq!(p.scores(), vec![1, 0, 2]);
}

/// 3.7 comment 3: an alternative that also allows a one-more-cube Solution
/// does not sustain the burden (here: the other R to Required, R′ again).
#[test]
fn m69_3_7_an_alternative_that_allows_a_solution_too_is_no_proof() {
    let mut p = sample_game_3();
    p.ok(Act1969::Challenge {
        player: C,
        claim: Claim::A,
    });
    p.ok(Act1969::Join {
        player: A,
        side: Side::Mover,
    });
    // The R moved by B is no longer in Resources, but the other was then.
    let other_r = p.cube("R");
    p.write_alt(C, "R′", alt_move(other_r, Place::Permitted));
    let reasons = p.sustained(C);
    assert!(
        reasons
            .iter()
            .any(|r| r.contains("alternative also allows")),
        "{reasons:?}"
    );
    // Nobody sustained: C 0, the Mover 2, A (joined the Mover) 2.
    assert_eq!(p.scores(), vec![2, 2, 0]);
}

/// 3.5 comment 3, Q22: C moves instead of challenging B's A violation; A
/// challenges C with a C-claim stemming from an A-claim, showing R′ on the
/// current mat and the alternative to the play that began the chain.
#[test]
fn m69_3_5_c_claim_stemming_from_an_a_claim() {
    let mut p = sample_game_3();
    let prime = p.cube("′");
    p.mv(C, "∩", Place::Permitted);
    p.ok(Act1969::Challenge {
        player: A,
        claim: Claim::CFromA,
    });
    p.ok(Act1969::Join {
        player: B,
        side: Side::Mover,
    });
    // Without naming the play the alternative replaces: not sustained...
    let mut q = Play {
        g: p.g.clone(),
        t: p.t,
        events: Vec::new(),
    };
    q.write_alt(A, "R′", alt_move(prime, Place::Forbidden));
    assert!(!q.sustained(A).is_empty());
    // ... nor naming a sound play: the Goal 1 (play 0) allowed no Solution
    // with one more cube (one color cube names 2 or 5 cards), so it was no
    // A violation and no chain stems from it, whatever Goal is offered
    // instead (3.5 comment 3, 3.7 comment 2) ...
    let mut q = Play {
        g: p.g.clone(),
        t: p.t,
        events: Vec::new(),
    };
    q.write_alt(
        A,
        "R′",
        Alternative {
            play: Some(0),
            goal: Some("5".into()),
            ..Alternative::default()
        },
    );
    let reasons = q.sustained(A);
    assert!(
        reasons.iter().any(|r| r.contains("play 0 did not allow")),
        "{reasons:?}"
    );
    // ... nor naming the challenged play itself (that is an A-claim) ...
    let mut q = Play {
        g: p.g.clone(),
        t: p.t,
        events: Vec::new(),
    };
    q.write_alt(
        A,
        "R′",
        Alternative {
            play: Some(2),
            ..alt_move(prime, Place::Forbidden)
        },
    );
    let reasons = q.sustained(A);
    assert!(
        reasons.iter().any(|r| r.contains("challenged play itself")),
        "{reasons:?}"
    );
    // ... naming B's play (play 1): sustained.
    p.write_alt(
        A,
        "R′",
        Alternative {
            play: Some(1),
            ..alt_move(prime, Place::Forbidden)
        },
    );
    assert!(p.sustained(A).is_empty(), "{:?}", p.sustained(A));
    assert_eq!(p.scores(), vec![2, 0, 0]);
}

// ------------------------------------------------------------ 3.6, 3.11

#[test]
fn m69_3_6_simultaneous_challenges_the_coin_decides_and_the_other_is_a_third_party() {
    let mut winners = std::collections::BTreeSet::new();
    for seed in 0..16 {
        let mut h = header(
            Form1969::Basic,
            3,
            A,
            "B B B R R ∩ ∪ ′ 1 4 5",
            "R RB RG RO RGO B",
        );
        h.config.seed = seed;
        let mut p = Play::new(h, 6);
        p.ok(Act1969::SetGoal {
            player: A,
            goal: "1".into(),
        });
        p.mv(B, "R", Place::Required);
        p.ok(Act1969::Challenge {
            player: C,
            claim: Claim::A,
        });
        // The same moment: A challenges too (t is not advanced).
        p.t -= 1000;
        p.ok(Act1969::Challenge {
            player: A,
            claim: Claim::P,
        });
        let Phase1969::Challenge {
            challenger,
            claim,
            sides,
            ..
        } = p.g.phase().clone()
        else {
            panic!("a challenge")
        };
        let loser = if challenger == A { C } else { A };
        assert_eq!(sides[loser], None, "the other is a Third Party");
        assert_eq!(claim, if challenger == A { Claim::P } else { Claim::A });
        winners.insert(challenger);
        // A later challenge is not simultaneous.
        assert_eq!(
            p.code(Act1969::Challenge {
                player: loser,
                claim: Claim::P
            }),
            RejectCode::AlreadyChallenged
        );
    }
    assert_eq!(winners.len(), 2, "the coin falls both ways over seeds");
}

#[test]
fn m69_3_11_stall_costs_one_point_per_missed_period() {
    let h = header(
        Form1969::Basic,
        2,
        A,
        "1 2 4 R B G O ∪ ∩ −",
        "R B G O RB RG",
    );
    let mut p = Play::new(h, 6);
    assert_eq!(
        p.code(Act1969::Stall { player: A, on: B }),
        RejectCode::Waiting,
        "B is not deciding"
    );
    p.ok(Act1969::Stall { player: B, on: A });
    // 2.5 periods later: two missed periods.
    p.t += 150_000;
    p.ok(Act1969::Clock);
    assert_eq!(p.g.penalties(), &[-2, 0]);
    assert!(p.events.contains(&Event1969::StallMissed {
        player: A,
        periods: 2
    }));
    p.ok(Act1969::SetGoal {
        player: A,
        goal: "4".into(),
    });
    assert!(p.g.stalls().is_empty(), "the stall ends with the decision");
    p.t += 500_000;
    p.ok(Act1969::Clock);
    assert_eq!(p.g.penalties(), &[-2, 0]);
    p.ok(Act1969::Assert { player: B });
    p.write(B, "O ∪ G");
    p.ok(Act1969::Decline { player: A });
    let line = p.g.history().last().unwrap().clone();
    assert_eq!(line.penalties, vec![-2, 0]);
    assert_eq!(p.g.totals(), vec![-2 + line.points[0], line.points[1]]);
}

#[test]
fn m69_log_replays_to_the_same_game() {
    let mut p = sample_game_3();
    let prime = p.cube("′");
    p.ok(Act1969::Challenge {
        player: C,
        claim: Claim::A,
    });
    p.ok(Act1969::Join {
        player: A,
        side: Side::Challenger,
    });
    p.write_alt(C, "R′", alt_move(prime, Place::Forbidden));
    p.write_alt(A, "R′", alt_move(prime, Place::Forbidden));
    let text = p.g.log_lines().join("\n");
    let back = Game::replay(&text).unwrap();
    assert_eq!(back, p.g);
    assert!(text
        .lines()
        .next()
        .unwrap()
        .contains("\"edition\":\"1969\""));
}

// ------------------------------------------------------------ more of 3.5–3.9

/// 3.5 A, §5 b the other way round: a Goal that allows a one-cube Solution
/// when another Goal would not have is an A violation; the Challenger shows
/// the one-cube Solution and the alternative Goal (Q21).
#[test]
fn m69_3_5_a_claim_against_the_goal_with_an_alternative_goal() {
    // B, R and G each name three cards; B ∩ R names one; O none.
    let h = header(
        Form1969::Basic,
        2,
        A,
        "B R G O ∪ ∩ − 1 2 4",
        "B R G BR BG RG",
    );
    let mut p = Play::new(h, 6);
    p.ok(Act1969::SetGoal {
        player: A,
        goal: "1+2".into(),
    });
    p.ok(Act1969::Challenge {
        player: B,
        claim: Claim::A,
    });
    // An alternative Goal that also allows a one-cube Solution is no proof.
    let mut q = Play {
        g: p.g.clone(),
        t: p.t,
        events: Vec::new(),
    };
    q.write_alt(
        B,
        "B",
        Alternative {
            goal: Some("4+~1".into()),
            ..Alternative::default()
        },
    );
    assert!(!q.sustained(B).is_empty());
    p.write_alt(
        B,
        "B",
        Alternative {
            goal: Some("1".into()),
            ..Alternative::default()
        },
    );
    assert!(p.sustained(B).is_empty(), "{:?}", p.sustained(B));
    assert_eq!(p.scores(), vec![0, 2]);
}

/// 3.9 with four players (3.9 comment 1, Q24): two Third Parties join
/// opposite sides of a P-claim nobody sustains: C 2, T with C 1, M 0, T
/// with M 0.
#[test]
fn m69_3_9_four_players_two_third_parties_on_a_p_claim() {
    let h = header(
        Form1969::Basic,
        4,
        A,
        "O O R B G ∪ ∪ ∪ O 1 5 1",
        "R B G O RB BGO",
    );
    let mut p = Play::new(h, 6);
    p.ok(Act1969::SetGoal {
        player: A,
        goal: "1+~1".into(),
    });
    p.ok(Act1969::Challenge {
        player: C,
        claim: Claim::P,
    });
    p.ok(Act1969::Join {
        player: B,
        side: Side::Mover,
    });
    assert!(matches!(p.g.phase(), Phase1969::Challenge { .. }));
    // Not everyone has joined: nobody writes yet.
    assert_eq!(
        p.code(Act1969::Decline { player: A }),
        RejectCode::MayNotPresent
    );
    p.ok(Act1969::Join {
        player: 3,
        side: Side::Challenger,
    });
    p.write(A, "O ∪ R");
    p.ok(Act1969::Decline { player: B });
    assert_eq!(p.scores(), vec![0, 0, 2, 1]);
}

/// 3.4'(A), (E): in Advanced, with = in Required the Solution needs a
/// Restriction Statement using it; one relation per statement (Q14).
#[test]
fn m69_3_4_prime_a_restriction_statement_for_a_required_equals() {
    let h = header(
        Form1969::Advanced,
        2,
        A,
        "1 2 4 B R G O B R G O ∪ ∩ − ′ V Λ =",
        "B R BR G O RG",
    );
    let mut p = Play::new(h, 6);
    p.ok(Act1969::SetGoal {
        player: A,
        goal: "2".into(),
    });
    p.mv(B, "=", Place::Required);
    p.ok(Act1969::Challenge {
        player: A,
        claim: Claim::P,
    });
    let base = p.g.clone();
    let mut claims = SolverClaims::new();
    let x = base.position();
    // G ∪ O names two cards, but the = in Required is not used.
    assert!(claims
        .check(&x, onsets_engine::manual1969::Allowance::Any, "G ∪ O")
        .is_err());
    assert!(claims
        .check(
            &x,
            onsets_engine::manual1969::Allowance::Any,
            "B = R = B; G ∪ O"
        )
        .unwrap_err()
        .iter()
        .any(|r| r.contains("chains")));
    // B = R removes B, R and RG: G ∪ O then names G and O.
    p.write(B, "B = R; G ∪ O");
    assert!(p.sustained(B).is_empty(), "{:?}", p.sustained(B));
    assert_eq!(p.scores(), vec![0, 2]);
}

// ------------------------------------------------------------ no panics on input

mod arbitrary_acts {
    use super::*;
    use proptest::prelude::*;

    fn act() -> impl Strategy<Value = Act1969> {
        let p = 0usize..4;
        let place = prop_oneof![
            Just(Place::Resources),
            Just(Place::Goal),
            Just(Place::Required),
            Just(Place::Permitted),
            Just(Place::Forbidden)
        ];
        let claim = prop_oneof![
            Just(Claim::NoGoal),
            Just(Claim::A),
            Just(Claim::P),
            Just(Claim::CFromA),
            Just(Claim::CFromP)
        ];
        let text = prop_oneof![
            Just("R".to_string()),
            Just("B ∪ O".to_string()),
            Just("(R ∪ G)′".to_string()),
            Just("B = R; G".to_string()),
            Just("))(".to_string()),
            Just("".to_string()),
        ];
        let goal = prop_oneof![
            Just("1".to_string()),
            Just("2+4".to_string()),
            Just("1+~1".to_string()),
            Just("9".to_string()),
            Just("".to_string()),
        ];
        prop_oneof![
            Just(Act1969::Clock),
            (p.clone(), 0u8..20).prop_map(|(player, count)| Act1969::Deal { player, count }),
            p.clone().prop_map(|player| Act1969::Roll { player }),
            (p.clone(), 0u8..20, place.clone(), any::<bool>()).prop_map(
                |(player, cube, to, bonus)| Act1969::Move {
                    player,
                    cube,
                    to,
                    bonus
                }
            ),
            (p.clone(), goal.clone()).prop_map(|(player, goal)| Act1969::SetGoal { player, goal }),
            p.clone()
                .prop_map(|player| Act1969::DeclareNoGoal { player }),
            p.clone()
                .prop_map(|player| Act1969::AcceptNoGoal { player }),
            (p.clone(), claim).prop_map(|(player, claim)| Act1969::Challenge { player, claim }),
            p.clone().prop_map(|player| Act1969::Assert { player }),
            (p.clone(), any::<bool>()).prop_map(|(player, c)| Act1969::Join {
                player,
                side: if c { Side::Challenger } else { Side::Mover }
            }),
            (
                p.clone(),
                text,
                proptest::option::of(goal.clone()),
                proptest::option::of((
                    0usize..12,
                    proptest::option::of(0u8..20),
                    0u8..20,
                    place,
                    proptest::option::of(goal)
                ))
            )
                .prop_map(|(player, solution, goal, alt)| Act1969::Write {
                    player,
                    solution,
                    goal,
                    alternative: alt.map(|(k, bonus, cube, to, g)| Alternative {
                        play: Some(k),
                        bonus,
                        cube: Some(cube),
                        to: Some(to),
                        goal: g,
                    }),
                }),
            p.clone().prop_map(|player| Act1969::Decline { player }),
            (p.clone(), 0usize..5).prop_map(|(player, on)| Act1969::Stall { player, on }),
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]
        /// Any acts at any times: refused or applied, never a panic, and an
        /// applied act leaves a game whose log replays to it.
        #[test]
        fn m69_arbitrary_acts_never_panic(
            acts in proptest::collection::vec((act(), 0u64..400_000), 1..80),
            advanced in any::<bool>(),
        ) {
            let form = if advanced { Form1969::Advanced } else { Form1969::Basic };
            let mut config = MatchConfig::new(5, &["A", "B", "C"], Division::Middle, false);
            config.edition = Edition::Manual1969(form);
            let (mut g, _) = Game::new(Header1969 {
                format: FORMAT_1969.into(),
                config,
                settings: Settings1969::default(),
            }).unwrap();
            let mut t = 0u64;
            for (act, dt) in acts {
                t += dt;
                if let Ok((next, _)) = g.apply(Action1969 { at_ms: t, act }) {
                    g = next;
                }
            }
            let back = Game::replay(&g.log_lines().join("\n")).unwrap();
            prop_assert_eq!(back, g);
        }
    }
}

mod exact_and_interim_claims_agree {
    //! Two implementations of the claims (M69 3.5, editions.md §2.5): the
    //! exact 1969 checker and solver (`ExactClaims`, the default) and the
    //! interim one over the 2026-27 solver plus one-cube Solutions
    //! (`SolverClaims`). In the Basic form (no Restrictions) they must agree
    //! on Sol* and Sol≤1 for every position, and every witness of either
    //! must pass the exact checker.
    use onsets_core::Position;
    use onsets_engine::manual1969::{Allowance, Claims, ExactClaims, SolverClaims};
    use proptest::prelude::*;

    fn card(mask: u8) -> String {
        let name: String = ["B", "R", "G", "Y"]
            .iter()
            .enumerate()
            .filter(|(i, _)| mask & (1 << i) != 0)
            .map(|(_, c)| *c)
            .collect();
        if name.is_empty() {
            "blank".into()
        } else {
            name
        }
    }

    fn position(universe: u16, cubes: &[(u8, u8)], goal: u8) -> Option<Position> {
        let cards: Vec<String> = (0..16u8)
            .filter(|m| universe & (1 << m) != 0)
            .map(card)
            .collect();
        if cards.len() < 6 {
            return None;
        }
        let symbol = |kind: u8, face: u8| -> &'static str {
            if kind == 0 {
                ["B", "R", "G", "Y"][face as usize % 4]
            } else {
                ["∪", "∩", "−", "′"][face as usize % 4]
            }
        };
        let mut sections = [Vec::new(), Vec::new(), Vec::new()];
        let (mut colors, mut ops) = (0, 0);
        for (i, (kind, face)) in cubes.iter().enumerate() {
            let kind = kind % 2;
            if (kind == 0 && colors == 4) || (kind == 1 && ops == 3) {
                continue;
            }
            if kind == 0 {
                colors += 1;
            } else {
                ops += 1;
            }
            // Mostly Resources, where Sol≤1 and Sol* part; every fifth
            // cube Permitted, every seventh Required.
            let section = if i % 7 == 6 {
                0
            } else if i % 5 == 4 {
                1
            } else {
                2
            };
            sections[section].push(symbol(kind, *face));
        }
        let json = serde_json::json!({
            "edition": "1969",
            "form": "basic",
            "universe": cards.join(" "),
            "goal": goal.to_string(),
            "required": sections[0].join(" "),
            "permitted": sections[1].join(" "),
            "resources": sections[2].join(" "),
            "situation": "impossible",
        });
        Position::from_json(&json.to_string()).ok()
    }

    /// The generator makes positions where the two allowances differ (else
    /// the property below could not tell Sol≤1 from Sol*).
    #[test]
    fn the_generated_positions_tell_the_allowances_apart() {
        let (mut read, mut differ) = (0, 0);
        let mut state: u64 = 7;
        let mut next = |n: u64| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 33) % n
        };
        for _ in 0..300 {
            let universe = next(65536) as u16;
            let cubes: Vec<(u8, u8)> = (0..3 + next(6))
                .map(|_| (next(2) as u8, next(4) as u8))
                .collect();
            let Some(x) = position(universe, &cubes, next(6) as u8) else {
                continue;
            };
            read += 1;
            let mut exact = ExactClaims::new();
            if exact.solution(&x, Allowance::Any).is_some()
                != exact.solution(&x, Allowance::AtMostOne).is_some()
            {
                differ += 1;
            }
        }
        assert!(read > 200 && differ >= 10, "read {read}, differ {differ}");
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(96))]
        #[test]
        fn m69_3_5_exact_and_interim_claims_agree_in_basic(
            universe in any::<u16>(),
            cubes in proptest::collection::vec((0u8..2, 0u8..4), 3..9),
            goal in 0u8..6,
        ) {
            let Some(x) = position(universe, &cubes, goal) else { return Ok(()); };
            let mut exact = ExactClaims::new();
            let mut interim = SolverClaims::new();
            for allowance in [Allowance::Any, Allowance::AtMostOne] {
                let e = exact.solution(&x, allowance);
                let i = interim.solution(&x, allowance);
                prop_assert_eq!(e.is_some(), i.is_some(), "{:?} {} exact {:?} interim {:?}", allowance, x.to_json(), e, i);
                for w in e.iter().chain(i.iter()) {
                    prop_assert!(exact.check(&x, allowance, w).is_ok(), "{} {:?}", w, exact.check(&x, allowance, w));
                }
            }
        }
    }
}

#[test]
fn m69_claims_property_positions_are_read() {
    let json = serde_json::json!({
        "edition": "1969", "form": "basic", "universe": "B R G Y BR blank",
        "goal": "2", "required": "B", "permitted": "∪", "resources": "R ′", "situation": "impossible",
    });
    let x = onsets_core::Position::from_json(&json.to_string());
    assert!(x.is_ok(), "{x:?}");
}

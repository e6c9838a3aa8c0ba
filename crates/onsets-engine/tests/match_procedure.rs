//! IX: illegal procedures, corrections and the last cube as the
//! tournament rules have them. Each scenario quotes its rule and is named
//! after it.
mod common;
use common::*;
use onsets_core::Division;
use onsets_engine::*;

const FACES: &str = "B R G Y B R G Y ∪ ∩ − ′ V Λ =";
const UNI: &str = "B R G BR BG RG";

fn charge(t: &mut T, by: usize) -> Vec<Event> {
    t.act(Act::ChargeIllegalProcedure { player: by })
}

/// Middle Adventurous (= and ⊆ are Restriction cubes, IV-D applies): the
/// selections of OS-C10, then the Goal 2.
fn middle_adventurous(seed: u64) -> (T, usize, usize) {
    let mut t = T::new(seed, 2, Division::Middle, true);
    let s = t.setter();
    let o = t.left(s);
    t.start([1, 2, 3], FACES, UNI);
    t.select(s, "required-cube =");
    t.select(o, "two-operations");
    t.select(o, "absolute-value");
    t.goal("2");
    (t, s, o)
}

/// Plays non-relation cubes to Forbidden, turn by turn, until `left` cubes
/// remain in Resources; returns whose turn it is.
fn play_down_to(t: &mut T, left: usize) -> usize {
    loop {
        let Phase::Moves { turn, .. } = *t.m.phase() else {
            panic!("not moving: {:?}", t.m.phase())
        };
        if t.m.resources_count() <= left {
            return turn;
        }
        let cube = t
            .m
            .cubes()
            .iter()
            .find(|c| {
                c.place == Place::Resources && c.family != Family::Digit && !c.face.is_relation()
            })
            .expect("a non-relation cube")
            .id;
        t.act(Act::Move {
            player: turn,
            cube,
            to: Place::Forbidden,
            bonus: false,
        });
    }
}

// ------------------------------------------------------------ II-C-2

/// II-C-2: "If a player selects a variation that has no effect on the shake
/// … the player loses one point and must pick another variation. If, on the
/// second try, the player still does not select an appropriate variation,
/// they lose another point and may not pick a variation for that shake."
#[test]
fn ii_c_2_second_illegal_selection_loses_the_pick_for_the_shake() {
    let mut t = T::new(101, 3, Division::Middle, true);
    let s = t.setter();
    let a = t.left(s);
    // no Y cube was rolled
    t.start([1, 2, 3], "B R G B R G B R ∪ ∩ − ′ V Λ =", UNI);
    t.select(s, "required-cube Y");
    charge(&mut t, a);
    assert_eq!(t.penalties()[s], -1);
    assert!(
        matches!(t.m.phase(), Phase::Variations { pos: 0, .. }),
        "the Goal-setter must pick another variation"
    );
    t.select(s, "wild-cube Y");
    let ev = charge(&mut t, a);
    assert_eq!(t.penalties()[s], -2, "another point on the second try");
    assert!(has(
        &ev,
        |e| matches!(e, Event::SelectionForfeited { player } if *player == s)
    ));
    // the pick is lost: the next player selects, and the Goal-setter may not
    assert!(matches!(t.m.phase(), Phase::Variations { pos: 1, .. }));
    let r = t
        .try_act(Act::SelectVariation {
            player: s,
            variation: "two-operations".into(),
        })
        .unwrap_err();
    assert_eq!(r.code, RejectCode::NotYourSelection);
    assert!(t.m.variations().is_empty());
}

/// II-C-2 counted per player: five charged illegal picks cannot happen;
/// after the second the selection passes on for good.
#[test]
fn ii_c_2_charged_re_picks_are_not_each_a_first_failure() {
    let mut t = T::new(102, 3, Division::Middle, true);
    let s = t.setter();
    let a = t.left(s);
    t.start([1, 2, 3], "B R G B R G B R ∪ ∩ − ′ V Λ =", UNI);
    for _ in 0..2 {
        t.select(s, "required-cube Y");
        charge(&mut t, a);
    }
    assert_eq!(t.penalties()[s], -2);
    assert!(t
        .try_act(Act::SelectVariation {
            player: s,
            variation: "required-cube Y".into(),
        })
        .is_err());
}

// ------------------------------------------------------------ IX-A-1 after a bonus

/// IX-A-1: "the Mover must return any illegally moved cube(s) to their
/// previous position (usually Resources) and, if necessary, make another
/// move." An illegal bonus (= to Forbidden with more than four cubes in
/// Resources, IV-D) followed by a legal regular move: the regular move
/// completed the turn, nothing more is necessary, the turn stays passed on
/// (compare OS-C3: the second cube "may not be replaced with another regular
/// move on this turn").
#[test]
fn ix_a_1_illegal_bonus_charged_after_the_regular_move_turn_passes_on() {
    let (mut t, s, o) = middle_adventurous(103);
    let eq = t.cube("=", Place::Resources);
    t.bonus(o, "=");
    t.mv(o, "B", Place::Required);
    assert!(matches!(*t.m.phase(), Phase::Moves { turn, .. } if turn == s));
    let ev = charge(&mut t, s);
    assert!(has(
        &ev,
        |e| matches!(e, Event::IllegalProcedureCharged { rule, .. } if rule == "IV-D")
    ));
    assert_eq!(t.m.cubes()[eq as usize].place, Place::Resources);
    assert!(
        matches!(*t.m.phase(), Phase::Moves { turn, .. } if turn == s),
        "the turn stays with the next player: {:?}",
        t.m.phase()
    );
    assert_eq!(t.m.last_mover(), Some(o), "the regular move stands");
    assert_eq!(t.penalties(), vec![0, 0]);
}

/// IX-A-1: charged before the regular move, the bonus cube goes back and the
/// Mover still makes the regular move (no other bonus).
#[test]
fn ix_a_1_illegal_bonus_charged_before_the_regular_move_the_mover_moves() {
    let (mut t, s, o) = middle_adventurous(104);
    t.bonus(o, "=");
    charge(&mut t, s);
    assert!(matches!(*t.m.phase(), Phase::Moves { turn, bonus: Some(_), .. } if turn == o));
    t.mv(o, "B", Place::Required);
    assert!(matches!(*t.m.phase(), Phase::Moves { turn, .. } if turn == s));
}

// ------------------------------------------------------------ VIII-A

/// VIII-A: "The last cube in Resources may not be moved to Forbidden. If a
/// player does so, any challenge that is made is set aside (without
/// penalty) and the cube is returned to Resources." Two players: the other
/// player's challenge is not judged against the previous Mover (who is that
/// same player) and costs nothing.
#[test]
fn viii_a_last_cube_to_forbidden_challenge_set_aside_without_penalty_two_players() {
    let mut t = T::new(105, 2, Division::Elementary, false);
    let s = t.setter();
    t.start([1, 2, 3], FACES, UNI);
    t.goal("2");
    let turn = play_down_to(&mut t, 1);
    let other = t.left(turn);
    let last =
        t.m.cubes()
            .iter()
            .find(|c| c.place == Place::Resources && c.family != Family::Digit)
            .unwrap()
            .id;
    t.act(Act::Move {
        player: turn,
        cube: last,
        to: Place::Forbidden,
        bonus: false,
    });
    // the state exists until a challenge or a charge (IX-A)
    assert_eq!(t.m.cubes()[last as usize].place, Place::Forbidden);
    let ev = t.act(Act::Challenge {
        player: other,
        kind: ChallengeKind::Impossible,
    });
    assert!(has(
        &ev,
        |e| matches!(e, Event::ChallengeSetAside { rule, .. } if rule == "VIII-A")
    ));
    assert!(!has(&ev, |e| matches!(e, Event::Penalty { .. })));
    assert_eq!(t.penalties(), vec![0, 0]);
    assert_eq!(t.m.cubes()[last as usize].place, Place::Resources);
    assert!(matches!(*t.m.phase(), Phase::Moves { turn: p, .. } if p == turn));
    let _ = s;
}

/// VIII-A in a three-player match: the Third Party's Impossible is set aside,
/// not judged against the previous Mover.
#[test]
fn viii_a_last_cube_to_forbidden_challenge_set_aside_three_players() {
    let mut t = T::new(106, 3, Division::Elementary, false);
    t.start([1, 2, 3], FACES, UNI);
    t.goal("2");
    let turn = play_down_to(&mut t, 1);
    let third = t.left(t.left(turn));
    let last =
        t.m.cubes()
            .iter()
            .find(|c| c.place == Place::Resources && c.family != Family::Digit)
            .unwrap()
            .id;
    t.act(Act::Move {
        player: turn,
        cube: last,
        to: Place::Forbidden,
        bonus: false,
    });
    let ev = t.act(Act::Challenge {
        player: third,
        kind: ChallengeKind::Impossible,
    });
    assert!(!has(&ev, |e| matches!(e, Event::Challenged { .. })));
    assert!(has(&ev, |e| matches!(e, Event::ChallengeSetAside { .. })));
    assert_eq!(t.penalties(), vec![0, 0, 0]);
    assert!(matches!(t.m.phase(), Phase::Moves { .. }));
    assert_eq!(t.m.cubes()[last as usize].place, Place::Resources);
}

/// VIII-A with a charge: the cube is returned and the Mover must move it or
/// challenge Impossible; no penalty.
#[test]
fn viii_a_last_cube_to_forbidden_charged_is_returned() {
    let mut t = T::new(107, 2, Division::Elementary, false);
    t.start([1, 2, 3], FACES, UNI);
    t.goal("2");
    let turn = play_down_to(&mut t, 1);
    let last =
        t.m.cubes()
            .iter()
            .find(|c| c.place == Place::Resources && c.family != Family::Digit)
            .unwrap()
            .id;
    t.act(Act::Move {
        player: turn,
        cube: last,
        to: Place::Forbidden,
        bonus: false,
    });
    let other = t.left(turn);
    let ev = charge(&mut t, other);
    assert!(has(&ev, |e| matches!(e, Event::LastCubeReturned { .. })));
    assert_eq!(t.m.cubes()[last as usize].place, Place::Resources);
    assert!(matches!(*t.m.phase(), Phase::Moves { turn: p, .. } if p == turn));
    assert_eq!(t.penalties(), vec![0, 0]);
}

// ------------------------------------------------------------ IX-A-1 with XI-A

/// IX-A-1: "The Mover must be given at least 10 seconds to make this
/// correction, unless the original move was made after the ten-second
/// countdown (see section XI-A-3 below), in which case the time limit rule
/// (see section XI-A) is enforced." The illegal move came during the
/// additional minute: after the charge that minute still runs, it is not a
/// fresh limit.
#[test]
fn ix_a_1_correction_after_the_countdown_keeps_the_additional_minute() {
    let (mut t, s, o) = middle_adventurous(108);
    let due =
        t.m.timers()
            .iter()
            .find(|x| x.task == Task::Move)
            .unwrap()
            .due_ms;
    // the first limit and its countdown run out: −1, one more minute
    let ev = t.clock(due + 10_000);
    assert!(has(&ev, |e| matches!(
        e,
        Event::TimeExpired { second: false, .. }
    )));
    let extra_due =
        t.m.timers()
            .iter()
            .find(|x| x.task == Task::Move)
            .unwrap()
            .due_ms;
    t.clock(due + 30_000);
    t.mv(o, "=", Place::Forbidden); // IV-D: more than four cubes in Resources
    charge(&mut t, s);
    assert!(matches!(*t.m.phase(), Phase::Moves { turn, .. } if turn == o));
    let tm =
        t.m.timers()
            .iter()
            .find(|x| x.task == Task::Move)
            .unwrap()
            .clone();
    assert_eq!((tm.player, tm.stage, tm.due_ms), (o, 1, extra_due));
    let ev = t.clock(extra_due + 10_000);
    assert!(has(
        &ev,
        |e| matches!(e, Event::TimeExpired { player, second: true, .. } if *player == o)
    ));
    assert_eq!(t.penalties()[o], -2);
    assert!(matches!(*t.m.phase(), Phase::Moves { turn, .. } if turn == s));
}

/// IX-A-1: a move made before the countdown ended is corrected with the time
/// that was left, and at least ten seconds.
#[test]
fn ix_a_1_correction_gets_at_least_ten_seconds() {
    let (mut t, s, o) = middle_adventurous(109);
    let due =
        t.m.timers()
            .iter()
            .find(|x| x.task == Task::Move)
            .unwrap()
            .due_ms;
    t.clock(due - 3_000);
    t.mv(o, "=", Place::Forbidden);
    charge(&mut t, s);
    let tm =
        t.m.timers()
            .iter()
            .find(|x| x.task == Task::Move)
            .unwrap()
            .clone();
    assert_eq!((tm.player, tm.stage), (o, 0));
    assert!(tm.due_ms >= t.m.now_ms() + 10_000, "at least ten seconds");
    assert!(
        tm.due_ms <= t.m.now_ms() + 10_000,
        "the time that was left (3 s), raised to ten seconds, not a fresh minute: {} at {}",
        tm.due_ms,
        t.m.now_ms()
    );
}

// ------------------------------------------------------------ VII-C-4, VII-C-5

/// Players' checking, Goal 3 (Universe B R G BR BG RG). `o` has B in
/// Required, ∪ in Forbidden; `o` challenges Now and presents `solution`.
fn now_presented(seed: u64, solution: &str) -> (T, usize, usize) {
    let mut cfg = MatchConfig::new(seed, &["Ann", "Bob"], Division::Middle, false);
    cfg.checking = CheckingMode::Players;
    let mut t = T::with(cfg);
    let s = t.setter();
    let o = t.left(s);
    t.start([3, 2, 1], FACES, UNI);
    t.goal("3");
    t.mv(o, "B", Place::Required);
    t.mv(s, "∪", Place::Forbidden);
    t.act(Act::Challenge {
        player: o,
        kind: ChallengeKind::Now,
    });
    t.present(o, solution);
    assert!(matches!(t.m.phase(), Phase::Checking(_)));
    (t, s, o)
}

fn object(t: &mut T, checker: usize, writer: usize, o: Objection) -> Vec<Event> {
    t.act(Act::Object {
        player: checker,
        writer,
        objection: o,
    })
}

/// VII-C-5: "A player who claims an opponent's Solution does not equal the
/// Goal must give at least one of the following reasons. a. The Goal has no
/// legal interpretation." The Goal 3 is legal: the objection fails even
/// though the Solution (B ∪ R: 5 cards) is wrong on another ground nobody
/// raised; VII-C-4 "A Solution is correct if no opponent shows that it is
/// incorrect" (docs/rulings.md).
#[test]
fn vii_c_5_a_goal_illegal_objection_is_not_upheld_for_a_wrong_value() {
    let (mut t, s, o) = now_presented(110, "B ∪ R");
    let ev = object(&mut t, s, o, Objection::GoalIllegal);
    assert!(has(&ev, |e| matches!(
        e,
        Event::ObjectionRuled { upheld: false, .. }
    )));
    assert!(has(&ev, |e| matches!(
        e,
        Event::SolutionJudged { correct: true, .. }
    )));
    assert_eq!(t.last_scores()[o], 6);
}

/// VII-C-5-b: a wrong value, raised on its own ground, is upheld.
#[test]
fn vii_c_5_b_wrong_value_objection_upheld_on_its_ground() {
    let (mut t, s, o) = now_presented(111, "B ∪ R");
    let ev = object(&mut t, s, o, Objection::WrongValue);
    assert!(has(&ev, |e| matches!(
        e,
        Event::ObjectionRuled { upheld: true, .. }
    )));
    assert_eq!(t.last_scores()[o], 2);
}

/// VII-C-4: "an opponent must show that it violates at least one of the
/// criteria in section VII-B". `B ∪ B` names 3 cards (the right value) but
/// uses the ∪ in Forbidden (VII-B-4-d): a wrong-value objection fails, an
/// objection on the cube rules (ground e and VII-B-4) is upheld.
#[test]
fn vii_c_4_objection_upheld_only_on_its_own_ground() {
    let (mut t, s, o) = now_presented(112, "B ∪ B");
    let ev = object(&mut t, s, o, Objection::WrongValue);
    assert!(has(&ev, |e| matches!(
        e,
        Event::ObjectionRuled { upheld: false, .. }
    )));
    assert!(has(&ev, |e| matches!(
        e,
        Event::SolutionJudged { correct: true, .. }
    )));

    let (mut t, s, o) = now_presented(113, "B ∪ B");
    let ev = object(&mut t, s, o, Objection::Variation);
    assert!(has(&ev, |e| matches!(
        e,
        Event::ObjectionRuled { upheld: true, .. }
    )));
    assert!(has(&ev, |e| matches!(
        e,
        Event::SolutionJudged { correct: false, .. }
    )));
}

// ------------------------------------------------------------ IX-A-1, IX-B: out of turn

/// IX-A-1 lists "Moving out of turn" among the illegal procedures; IX-B: "if
/// the illegal procedure is not corrected before another player takes a
/// legitimate action, it stands as completed." Charged: the cube goes back
/// and it is still the other player's turn.
#[test]
fn ix_a_1_moving_out_of_turn_charged_cube_returned_turn_unchanged() {
    let (mut t, s, o) = middle_adventurous(120);
    // o's turn; s moves out of turn
    let b = t.cube("B", Place::Resources);
    let ev = t.mv(s, "B", Place::Required);
    assert!(!has(&ev, |e| matches!(e, Event::TurnPassed { .. })));
    assert_eq!(t.m.pending().len(), 1);
    assert_eq!(t.m.pending()[0].rule, "IX-A-1");
    charge(&mut t, o);
    assert_eq!(t.m.cubes()[b as usize].place, Place::Resources);
    assert!(matches!(*t.m.phase(), Phase::Moves { turn, .. } if turn == o));
    assert_eq!(t.m.last_mover(), Some(s), "the Goal-setter set the Goal");
    assert_eq!(t.penalties(), vec![0, 0]);
}

/// IX-B: insulated by the next legal action of another player (here the
/// player whose turn it was), the out-of-turn move stands.
#[test]
fn ix_b_moving_out_of_turn_insulated_by_the_next_legal_move_stands() {
    let (mut t, s, o) = middle_adventurous(121);
    let b = t.cube("B", Place::Resources);
    t.mv(s, "B", Place::Required);
    let ev = t.mv(o, "R", Place::Permitted);
    assert!(has(
        &ev,
        |e| matches!(e, Event::Insulated { offender, .. } if *offender == s)
    ));
    assert_eq!(t.m.cubes()[b as usize].place, Place::Required);
    assert!(matches!(*t.m.phase(), Phase::Moves { turn, .. } if turn == s));
}

/// With `auto_charge` (a judge at the table) the move out of turn is charged
/// at once: the cube is back and the log keeps the act.
#[test]
fn ix_a_1_moving_out_of_turn_with_auto_charge_is_corrected_at_once() {
    let mut cfg = MatchConfig::new(122, &["Ann", "Bob"], Division::Middle, false);
    cfg.auto_charge = true;
    let mut t = T::with(cfg);
    let s = t.setter();
    t.start([1, 2, 3], FACES, UNI);
    t.goal("2");
    let b = t.cube("B", Place::Resources);
    let ev = t.mv(s, "B", Place::Required);
    assert!(has(
        &ev,
        |e| matches!(e, Event::IllegalProcedureCharged { by: None, rule, .. } if rule == "IX-A-1")
    ));
    assert_eq!(t.m.cubes()[b as usize].place, Place::Resources);
    assert!(t.m.pending().is_empty());
}

/// IV-C comment b: "Players often call 'Bonus' and move two cubes
/// simultaneously to Forbidden. If the player did not call 'Bonus,' they may
/// return either of the two cubes to Resources." The offender chooses; the
/// cube kept is the regular move and the turn stays passed on.
#[test]
fn iv_c_comment_b_two_cubes_without_bonus_the_player_chooses_which_to_return() {
    let (mut t, s, o) = middle_adventurous(123);
    let y = t.cube("Y", Place::Resources);
    t.mv(o, "Y", Place::Forbidden);
    let g = t.cube("G", Place::Resources);
    t.mv(o, "G", Place::Forbidden);
    assert_eq!(t.m.pending()[0].rule, "IV-C-1");
    charge(&mut t, s);
    // nothing else happens until the choice
    let r = t.try_act(Act::Challenge {
        player: s,
        kind: ChallengeKind::Impossible,
    });
    assert_eq!(r.unwrap_err().code, RejectCode::ReturnFirst);
    let b = t.cube("B", Place::Resources);
    let r = t.try_act(Act::ReturnCube { player: o, cube: b });
    assert_eq!(r.unwrap_err().code, RejectCode::NotOneOfTheTwo);
    let r = t.try_act(Act::ReturnCube { player: s, cube: y });
    assert_eq!(r.unwrap_err().code, RejectCode::NotOffender);
    // the offender returns the first cube: the second stands as the move
    let ev = t.act(Act::ReturnCube { player: o, cube: y });
    assert!(has(
        &ev,
        |e| matches!(e, Event::CubeReturned { cube, .. } if *cube == y)
    ));
    assert_eq!(t.m.cubes()[y as usize].place, Place::Resources);
    assert_eq!(t.m.cubes()[g as usize].place, Place::Forbidden);
    assert!(matches!(*t.m.phase(), Phase::Moves { turn, .. } if turn == s));
    assert_eq!(t.penalties(), vec![0, 0]);
}

/// IV-C comment b, and IX-A-1's ten seconds: without a choice the second cube
/// goes back.
#[test]
fn iv_c_comment_b_no_choice_within_ten_seconds_returns_the_second_cube() {
    let (mut t, s, o) = middle_adventurous(124);
    t.mv(o, "Y", Place::Forbidden);
    let g = t.cube("G", Place::Resources);
    t.mv(o, "G", Place::Forbidden);
    charge(&mut t, s);
    let at = t.m.now_ms() + 10_000;
    let ev = t.clock(at);
    assert!(has(
        &ev,
        |e| matches!(e, Event::CubeReturned { cube, .. } if *cube == g)
    ));
    assert!(t.m.return_choice().is_none());
}

// ------------------------------------------------------------ III-B: every Goal layout

fn goals_offered(t: &T) -> Vec<String> {
    t.m.legal_actions(t.setter())
        .into_iter()
        .filter_map(|a| match a {
            Act::SetGoal {
                goal: GoalSpec::Layout(g),
                ..
            } => Some(g),
            _ => None,
        })
        .collect()
}

/// III-B-1: "The following are the only legal configurations for the Goal":
/// one cube, two or three side by side (sums), in a vertical line
/// (products), the L and the T; III-B-1-c: "The negative of a number is
/// indicated by placing the cube so that its numeral is upside-down."
#[test]
fn iii_b_1_every_legal_goal_layout_is_offered() {
    let mut t = T::new(125, 2, Division::Middle, false);
    t.start([1, 2, 3], FACES, UNI);
    let g = goals_offered(&t);
    for want in ["2", "1+3", "3*2", "1+2+3", "1*2*3", "3*2+1", "3*(2+1)"] {
        assert!(g.contains(&want.to_string()), "{want} missing from {g:?}");
    }
    assert!(
        !g.iter().any(|x| x.contains('~')),
        "no upside-down in Basic"
    );
    // Adventurous: upside-down digits too
    let (t, _, _) = {
        let mut t = T::new(126, 2, Division::Middle, true);
        let s = t.setter();
        let o = t.left(s);
        t.start([1, 2, 3], FACES, UNI);
        t.select(s, "absolute-value");
        t.select(o, "two-operations");
        t.select(o, "no-null-restrictions");
        (t, s, o)
    };
    let g = goals_offered(&t);
    for want in ["~2", "~1+3", "3*~2", "3*(2+~1)"] {
        assert!(g.contains(&want.to_string()), "{want} missing");
    }
}

/// IX-A-1: the last cube played out of turn to Required is a forceout until
/// charged; charged, the cube goes back and the player whose turn it was
/// moves it (VIII-A).
#[test]
fn ix_a_1_last_cube_out_of_turn_charged_undoes_the_forceout() {
    let mut t = T::new(127, 2, Division::Elementary, false);
    t.start([1, 2, 3], FACES, UNI);
    t.goal("2");
    let turn = play_down_to(&mut t, 1);
    let other = t.left(turn);
    let last =
        t.m.cubes()
            .iter()
            .find(|c| c.place == Place::Resources && c.family != Family::Digit)
            .unwrap()
            .id;
    let ev = t.act(Act::Move {
        player: other,
        cube: last,
        to: Place::Required,
        bonus: false,
    });
    assert!(has(&ev, |e| matches!(e, Event::Forceout { .. })));
    charge(&mut t, turn);
    assert_eq!(t.m.cubes()[last as usize].place, Place::Resources);
    assert!(matches!(*t.m.phase(), Phase::Moves { turn: p, .. } if p == turn));
    assert!(t
        .m
        .timers()
        .iter()
        .any(|x| x.task == Task::Move && x.player == turn));
    // out of turn, the last cube may not go to Forbidden at all
    let r = t
        .try_act(Act::Move {
            player: other,
            cube: last,
            to: Place::Forbidden,
            bonus: false,
        })
        .unwrap_err();
    assert_eq!(
        (r.code, r.rule.as_str()),
        (RejectCode::NotYourTurn, "VIII-A")
    );
}

/// XI-B-2 with VIII-A: "stop" while the last cube lies in Forbidden puts it
/// back in Resources, where the end-of-round Solutions may use it.
#[test]
fn xi_b_2_stop_returns_a_last_cube_left_in_forbidden() {
    let mut cfg = MatchConfig::new(128, &["Ann", "Bob"], Division::Elementary, false);
    cfg.round_ms = 5 * 60_000;
    let mut t = T::with(cfg);
    t.start([1, 2, 3], FACES, UNI);
    t.goal("2");
    play_down_to(&mut t, 1);
    // the round ends at 5:00; "stop" comes at 10:00
    t.clock(10 * 60_000 - 20_000);
    let Phase::Moves { turn, .. } = *t.m.phase() else {
        panic!("{:?}", t.m.phase())
    };
    let last =
        t.m.cubes()
            .iter()
            .find(|c| c.place == Place::Resources && c.family != Family::Digit)
            .unwrap()
            .id;
    t.act(Act::Move {
        player: turn,
        cube: last,
        to: Place::Forbidden,
        bonus: false,
    });
    assert_eq!(t.m.cubes()[last as usize].place, Place::Forbidden);
    let ev = t.clock(10 * 60_000 + 1);
    assert!(!has(&ev, |e| matches!(e, Event::LastCubeReturned { .. })));
    assert!(has(&ev, |e| matches!(e, Event::Stop)));
    assert_eq!(t.m.cubes()[last as usize].place, Place::Resources);
}

//! The procedural situations of the judges' manual (OS-A, OS-B, OS-C, OS-E),
//! each as a scenario named after it.
mod common;
use common::*;
use onsets_core::Division;
use onsets_engine::*;

const FACES: &str = "B R G Y B R G Y ∪ ∩ − ′ V Λ =";
const UNI: &str = "B R G BR BG RG";

fn charge(t: &mut T, by: usize) -> Vec<Event> {
    t.act(Act::ChargeIllegalProcedure { player: by })
}

#[test]
fn os_a2_too_few_cards_dealer_must_deal_more() {
    let mut t = T::new(11, 2, Division::Middle, false);
    let d = t.m.dealer();
    let ev = t.act(Act::Deal {
        player: d,
        count: 4,
    });
    assert!(has(&ev, |e| matches!(
        e,
        Event::DealIncomplete { have: 4, min: 6 }
    )));
    t.act(Act::Deal {
        player: d,
        count: 3,
    });
    assert_eq!(t.m.dealt().len(), 7);
}

#[test]
fn os_a2_dealer_out_of_time_twice_deal_passes_to_goal_setter() {
    let mut t = T::new(12, 2, Division::Middle, false);
    let d = t.m.dealer();
    t.act(Act::Deal {
        player: d,
        count: 2,
    });
    let ev = t.clock(70_000);
    assert!(has(&ev, |e| matches!(
        e,
        Event::TimeExpired {
            task: Task::Deal,
            second: false,
            ..
        }
    )));
    let ev = t.clock(140_000);
    assert!(has(&ev, |e| matches!(e, Event::DealTransferred { .. })));
    assert_eq!(t.m.dealer(), t.setter());
    assert_eq!(t.m.dealt().len(), 0);
    assert_eq!(t.penalties()[d], -2);
}

#[test]
fn os_a3_too_many_cards_the_last_ones_are_removed() {
    let mut t = T::new(13, 2, Division::Junior, false);
    let d = t.m.dealer();
    let ev = t.act(Act::Deal {
        player: d,
        count: 14,
    });
    assert!(has(
        &ev,
        |e| matches!(e, Event::ExtraCardsRemoved { cards } if cards.len() == 2)
    ));
    assert_eq!(t.m.dealt().len(), 12);
}

#[test]
fn os_a4_challenge_before_the_goal_costs_a_point() {
    let mut t = T::new(14, 2, Division::Middle, false);
    let o = t.left(t.setter());
    let ev = t.act(Act::Challenge {
        player: o,
        kind: ChallengeKind::Impossible,
    });
    assert!(has(&ev, |e| matches!(e, Event::ChallengeSetAside { .. })));
    assert_eq!(t.penalties()[o], -1);
}

#[test]
fn os_a7_required_cube_not_rolled_charged_costs_a_point_and_choose_again() {
    let mut t = T::new(15, 2, Division::Middle, true);
    let s = t.setter();
    let o = t.left(s);
    t.start([1, 2, 3], "B R G B R G B R ∪ ∩ − ′ V Λ =", UNI);
    t.select(s, "wild-cube B");
    t.select(o, "required-cube Y");
    charge(&mut t, s);
    assert_eq!(t.penalties()[o], -1);
    assert!(matches!(
        t.m.phase(),
        Phase::Variations {
            pos: 1,
            picks: 0,
            failures: 1
        }
    ));
    // a second illegal selection, charged: another point and no variation
    t.select(o, "required-cube Y");
    charge(&mut t, s);
    assert_eq!(t.penalties()[o], -2);
    assert!(matches!(t.m.phase(), Phase::Goal { .. }));
}

#[test]
fn os_a8_illegal_selection_insulated_by_the_next_legal_action_is_ignored() {
    let mut t = T::new(16, 3, Division::Middle, true);
    let s = t.setter();
    let a = t.left(s);
    t.start([1, 2, 3], "B R G B R G B R ∪ ∩ − ′ V Λ =", UNI);
    t.select(s, "required-cube Y");
    let ev = t.select(a, "two-operations");
    assert!(has(&ev, |e| matches!(e, Event::SelectionInsulated { .. })));
    let ev = charge(&mut t, a);
    assert!(has(&ev, |e| matches!(e, Event::ChargeSetAside { .. })));
    assert_eq!(t.penalties()[s], 0);
    assert!(!t
        .m
        .variations()
        .iter()
        .any(|v| v.to_string() == "required-cube Y"));
}

#[test]
fn os_a14_no_null_restrictions_without_relation_cubes_is_illegal() {
    let mut t = T::new(17, 2, Division::Middle, true);
    let s = t.setter();
    t.start([1, 2, 3], "B R G Y B R G Y ∪ ∩ − ′ V Λ V", UNI);
    t.select(s, "no-null-restrictions");
    assert_eq!(t.m.pending().len(), 1);
}

#[test]
fn os_a17_automatic_variation_selected_in_junior_is_illegal() {
    let mut t = T::new(18, 2, Division::Junior, true);
    let s = t.setter();
    t.start([1, 2, 3], FACES, UNI);
    assert!(t
        .m
        .selection_problem(&onsets_core::Variation::MultipleOperations)
        .is_some());
    t.select(s, "multiple-operations");
    assert!(!t.m.selections()[0].legal);
}

#[test]
fn os_b2_illegal_goal_charged_must_be_revised_with_its_cubes() {
    let mut t = T::new(19, 2, Division::Middle, false);
    let s = t.setter();
    let o = t.left(s);
    t.start([1, 2, 3], FACES, UNI);
    t.act(Act::SetGoal {
        player: s,
        goal: GoalSpec::Illegal {
            digits: vec![2, 3],
            description: "diagonal".into(),
        },
        unused_to_forbidden: false,
    });
    charge(&mut t, o);
    assert!(matches!(t.m.phase(), Phase::Goal { .. }));
    // the digit cubes that touched the Goal must stay in it
    let r = t.try_act(Act::SetGoal {
        player: s,
        goal: GoalSpec::Layout("1".into()),
        unused_to_forbidden: true,
    });
    assert_eq!(r.unwrap_err().rule.as_str(), "III-B-2");
    t.goal("2*3+1");
    assert!(matches!(t.m.phase(), Phase::Moves { .. }));
}

#[test]
fn os_b3_illegal_goal_insulated_then_impossible_is_correct() {
    let mut t = T::new(20, 2, Division::Middle, false);
    let s = t.setter();
    let o = t.left(s);
    t.start([1, 2, 3], FACES, UNI);
    t.act(Act::SetGoal {
        player: s,
        goal: GoalSpec::Illegal {
            digits: vec![2, 3],
            description: "backwards L".into(),
        },
        unused_to_forbidden: true,
    });
    let ev = t.mv(o, "B", Place::Required);
    assert!(has(&ev, |e| matches!(e, Event::Insulated { .. })));
    t.mv(s, "R", Place::Permitted);
    t.act(Act::Challenge {
        player: o,
        kind: ChallengeKind::Impossible,
    });
    t.present(s, "B ∪ R");
    assert_eq!(t.last_scores()[o], 6);
    assert_eq!(t.last_scores()[s], 2);
}

#[test]
fn os_b4_negative_goal_is_not_illegal_procedure() {
    let mut t = T::new(21, 2, Division::Middle, false);
    let s = t.setter();
    let o = t.left(s);
    t.start([1, 2, 3], FACES, UNI);
    t.goal("~2");
    let ev = charge(&mut t, o);
    assert!(has(&ev, |e| matches!(e, Event::ChargeSetAside { .. })));
}

#[test]
fn os_b5_goal_before_the_deal_is_refused() {
    let mut t = T::new(22, 2, Division::Middle, false);
    let s = t.setter();
    t.act(Act::Roll {
        player: s,
        set_out: Some(SetOut::OneUniverseTwoEmpty),
    });
    let r = t.try_act(Act::SetGoal {
        player: s,
        goal: GoalSpec::Layout("1".into()),
        unused_to_forbidden: true,
    });
    assert_eq!(r.unwrap_err().rule.as_str(), "III-A");
}

#[test]
fn os_b6_bonus_equals_to_forbidden_returned() {
    let mut t = T::new(23, 2, Division::Middle, true);
    let s = t.setter();
    let o = t.left(s);
    t.start([1, 2, 3], FACES, UNI);
    t.select(s, "two-operations");
    t.select(o, "absolute-value");
    t.select(o, "required-cube B");
    t.bonus(s, "=");
    t.goal("2");
    charge(&mut t, o);
    assert_eq!(
        t.m.cubes()[t.cube("=", Place::Resources) as usize].place,
        Place::Resources
    );
    assert!(t.m.goal().is_some(), "the Goal stands");
    assert_eq!(t.penalties()[s], 0);
}

#[test]
fn iii_c_2_bonus_by_the_leader_returned_with_a_point() {
    let mut t = T::new(24, 2, Division::Middle, false);
    let s = t.setter();
    let o = t.left(s);
    t.start([1, 2, 3], FACES, UNI);
    t.m.scenario_set_penalty(o, -1); // s now leads the match
    t.bonus(s, "Y");
    charge(&mut t, o);
    assert_eq!(t.penalties()[s], -1);
    assert_eq!(t.m.in_place(Place::Forbidden).len(), 0);
}

#[test]
fn os_c1_digit_cube_moved_is_not_a_turn() {
    let mut t = T::new(25, 2, Division::Middle, false);
    let s = t.setter();
    let o = t.left(s);
    t.start([1, 2, 3], FACES, UNI);
    t.act(Act::SetGoal {
        player: s,
        goal: GoalSpec::Layout("2".into()),
        unused_to_forbidden: false,
    });
    let d = t.cube("1", Place::Resources);
    let ev = t.act(Act::Move {
        player: o,
        cube: d,
        to: Place::Required,
        bonus: false,
    });
    assert!(has(
        &ev,
        |e| matches!(e, Event::DigitCubesToForbidden { cubes, .. } if cubes.len() == 2)
    ));
    assert!(matches!(*t.m.phase(), Phase::Moves { turn, .. } if turn == o));
}

#[test]
fn os_c2_last_minus_to_forbidden_with_required_minus_is_legal() {
    let mut t = T::new(26, 2, Division::Middle, true);
    let s = t.setter();
    let o = t.left(s);
    t.start([1, 2, 3], FACES, UNI);
    t.select(s, "required-cube −");
    t.select(o, "two-operations");
    t.select(o, "absolute-value");
    t.goal("2");
    t.mv(o, "−", Place::Forbidden);
    let ev = charge(&mut t, s);
    assert!(has(&ev, |e| matches!(e, Event::ChargeSetAside { .. })));
}

fn shift_game(seed: u64, shift: bool) -> (T, usize, usize) {
    let mut t = T::new(seed, 2, Division::Middle, true);
    let s = t.setter();
    let o = t.left(s);
    t.start([1, 2, 3], FACES, UNI);
    t.select(
        s,
        if shift {
            "shift-from-permitted"
        } else {
            "two-operations"
        },
    );
    t.select(o, "absolute-value");
    t.select(o, "required-cube B");
    t.goal("2");
    t.mv(o, "B", Place::Permitted);
    (t, s, o)
}

#[test]
fn os_c4_bonus_then_shift_is_legal() {
    let (mut t, s, _o) = shift_game(27, true);
    t.bonus(s, "Y");
    let b = t.cube("B", Place::Permitted);
    let ev = t.act(Act::Shift {
        player: s,
        cube: b,
        to: Place::Required,
    });
    assert!(has(&ev, |e| matches!(e, Event::Shifted { .. })));
    assert!(t.m.pending().is_empty());
}

#[test]
fn os_c5_no_shift_after_the_last_cube() {
    let (mut t, s, o) = shift_game(28, true);
    let mut turn = s;
    while t.m.resources_count() > 0 {
        let n = t.m.resources_count();
        let cube = t
            .m
            .cubes()
            .iter()
            .find(|c| {
                c.place == Place::Resources && c.family != Family::Digit && !c.face.is_relation()
            })
            .map(|c| c.id)
            .unwrap_or_else(|| {
                t.m.cubes()
                    .iter()
                    .find(|c| c.place == Place::Resources && c.family != Family::Digit)
                    .unwrap()
                    .id
            });
        let to = if n == 1 || t.m.cubes()[cube as usize].face.is_relation() {
            Place::Permitted
        } else {
            Place::Forbidden
        };
        t.act(Act::Move {
            player: turn,
            cube,
            to,
            bonus: false,
        });
        turn = t.left(turn);
    }
    let b = t.cube("B", Place::Permitted);
    let r = t
        .try_act(Act::Shift {
            player: o,
            cube: b,
            to: Place::Required,
        })
        .unwrap_err();
    assert_eq!(r.rule.as_str(), "XIII-A-7");
}

#[test]
fn os_c6_shift_without_the_variation_charged_is_returned() {
    let (mut t, s, o) = shift_game(29, false);
    let b = t.cube("B", Place::Permitted);
    t.act(Act::Shift {
        player: s,
        cube: b,
        to: Place::Required,
    });
    charge(&mut t, o);
    assert_eq!(t.m.cubes()[b as usize].place, Place::Permitted);
    assert!(matches!(*t.m.phase(), Phase::Moves { turn, .. } if turn == s));
}

#[test]
fn os_c7_shift_without_the_variation_insulated_by_a_challenge() {
    let (mut t, s, o) = shift_game(30, false);
    let b = t.cube("B", Place::Permitted);
    t.act(Act::Shift {
        player: s,
        cube: b,
        to: Place::Required,
    });
    t.act(Act::Challenge {
        player: o,
        kind: ChallengeKind::Impossible,
    });
    assert_eq!(t.m.cubes()[b as usize].place, Place::Required);
}

#[test]
fn os_c10_equals_to_forbidden_with_more_than_four_resources() {
    let mut t = T::new(31, 2, Division::Middle, true);
    let s = t.setter();
    let o = t.left(s);
    t.start([1, 2, 3], FACES, UNI);
    t.select(s, "required-cube =");
    t.select(o, "two-operations");
    t.select(o, "absolute-value");
    t.goal("2");
    let eq = t.cube("=", Place::Resources);
    t.mv(o, "=", Place::Forbidden);
    charge(&mut t, s);
    assert_eq!(t.m.cubes()[eq as usize].place, Place::Resources);
    assert!(
        matches!(*t.m.phase(), Phase::Moves { turn, .. } if turn == o),
        "the Mover moves again"
    );
    assert_eq!(t.penalties()[o], 0);
}

#[test]
fn os_c11_equals_to_forbidden_with_four_or_fewer_is_legal() {
    let mut t = T::new(32, 2, Division::Middle, true);
    let s = t.setter();
    let o = t.left(s);
    t.start([1, 2, 3], FACES, UNI);
    t.select(s, "required-cube =");
    t.select(o, "two-operations");
    t.select(o, "absolute-value");
    t.goal("2");
    let mut turn = o;
    while t.m.resources_count() > 4 {
        let cube = t
            .m
            .cubes()
            .iter()
            .find(|c| {
                c.place == Place::Resources && c.family != Family::Digit && !c.face.is_relation()
            })
            .unwrap()
            .id;
        t.act(Act::Move {
            player: turn,
            cube,
            to: Place::Forbidden,
            bonus: false,
        });
        turn = t.left(turn);
    }
    t.mv(turn, "=", Place::Forbidden);
    assert!(t.m.pending().is_empty());
}

#[test]
fn os_c12_equals_shifted_to_forbidden_is_returned() {
    let mut t = T::new(33, 2, Division::Middle, true);
    let s = t.setter();
    let o = t.left(s);
    t.start([1, 2, 3], FACES, UNI);
    t.select(s, "shift-from-permitted");
    t.select(o, "two-operations");
    t.select(o, "absolute-value");
    t.goal("2");
    t.mv(o, "=", Place::Permitted);
    let eq = t.cube("=", Place::Permitted);
    t.act(Act::Shift {
        player: s,
        cube: eq,
        to: Place::Forbidden,
    });
    charge(&mut t, o);
    assert_eq!(t.m.cubes()[eq as usize].place, Place::Permitted);
}

/// VIII-A with a judge at the table (`auto_charge`): the last cube moved to
/// Forbidden is charged and returned at once.
#[test]
fn viii_a_last_cube_to_forbidden_is_returned() {
    let mut cfg = MatchConfig::new(34, &["Ann", "Bob"], Division::Elementary, false);
    cfg.auto_charge = true;
    let mut t = T::with(cfg);
    let s = t.setter();
    t.start([1, 2, 3], FACES, UNI);
    t.goal("2");
    let mut turn = t.left(s);
    while t.m.resources_count() > 1 {
        let cube =
            t.m.cubes()
                .iter()
                .find(|c| c.place == Place::Resources && c.family != Family::Digit)
                .unwrap()
                .id;
        t.act(Act::Move {
            player: turn,
            cube,
            to: Place::Forbidden,
            bonus: false,
        });
        turn = t.left(turn);
    }
    let cube =
        t.m.cubes()
            .iter()
            .find(|c| c.place == Place::Resources && c.family != Family::Digit)
            .unwrap()
            .id;
    let ev = t.act(Act::Move {
        player: turn,
        cube,
        to: Place::Forbidden,
        bonus: false,
    });
    assert!(has(&ev, |e| matches!(e, Event::LastCubeReturned { .. })));
    // a Now challenge with one cube left is invalid (V-A-2-a)
    let ev = t.act(Act::Challenge {
        player: turn,
        kind: ChallengeKind::Now,
    });
    assert!(has(
        &ev,
        |e| matches!(e, Event::ChallengeSetAside { rule, .. } if rule == "V-A-2-a")
    ));
}

#[test]
fn viii_b_impossible_after_the_first_minute_is_invalid() {
    let mut t = T::new(35, 2, Division::Elementary, false);
    let s = t.setter();
    t.start([1, 2, 3], FACES, UNI);
    t.goal("2");
    let mut turn = t.left(s);
    while t.m.resources_count() > 0 {
        let n = t.m.resources_count();
        let cube =
            t.m.cubes()
                .iter()
                .find(|c| c.place == Place::Resources && c.family != Family::Digit)
                .unwrap()
                .id;
        t.act(Act::Move {
            player: turn,
            cube,
            to: if n == 1 {
                Place::Required
            } else {
                Place::Forbidden
            },
            bonus: false,
        });
        turn = t.left(turn);
    }
    let mover = t.m.last_mover().unwrap();
    let other = t.left(mover);
    t.t += 61_000;
    let ev = t.act(Act::Challenge {
        player: other,
        kind: ChallengeKind::Impossible,
    });
    assert!(has(
        &ev,
        |e| matches!(e, Event::ChallengeSetAside { rule, .. } if rule == "VIII-B")
    ));
}

#[test]
fn os_e_ambiguity_objection_verified_with_the_checker() {
    let mut cfg = MatchConfig::new(36, &["Ann", "Bob"], Division::Middle, false);
    cfg.checking = CheckingMode::Players;
    let mut t = T::with(cfg);
    let s = t.setter();
    let o = t.left(s);
    t.start([1, 2, 3], "B R G Y B R G Y ∪ ∩ − ′ V Λ V", "B R G BR BG RG");
    t.goal("2");
    t.mv(o, "B", Place::Required);
    t.mv(s, "∪", Place::Required);
    t.mv(o, "G", Place::Required);
    t.mv(s, "−", Place::Required);
    t.act(Act::Challenge {
        player: o,
        kind: ChallengeKind::Now,
    });
    // B ∪ G − R: (B ∪ G) − R = {B, G, BG} = 3, B ∪ (G − R) = {B, BR, BG, G} = 4
    t.present(o, "B ∪ G − R");
    // a grouping that is not an interpretation is not upheld
    let ev = t.act(Act::Object {
        player: s,
        writer: o,
        objection: Objection::Ambiguous {
            grouping: "B ∪ (G − B)".into(),
        },
    });
    assert!(has(&ev, |e| matches!(
        e,
        Event::ObjectionRuled { upheld: false, .. }
    )));
    assert!(
        has(&ev, |e| matches!(
            e,
            Event::SolutionJudged { correct: true, .. }
        )),
        "a Solution stands unless an objection is upheld"
    );
}

#[test]
fn os_e_upheld_ambiguity_objection_makes_the_solution_incorrect() {
    let mut cfg = MatchConfig::new(37, &["Ann", "Bob"], Division::Middle, false);
    cfg.checking = CheckingMode::Players;
    let mut t = T::with(cfg);
    let s = t.setter();
    let o = t.left(s);
    t.start([3, 2, 1], "B R G Y B R G Y ∪ ∩ − ′ V Λ V", "B R G BR BG RG");
    t.goal("3");
    t.mv(o, "B", Place::Required);
    t.mv(s, "∪", Place::Required);
    t.mv(o, "G", Place::Required);
    t.mv(s, "−", Place::Required);
    t.act(Act::Challenge {
        player: o,
        kind: ChallengeKind::Now,
    });
    t.present(o, "B ∪ G − R");
    let ev = t.act(Act::Object {
        player: s,
        writer: o,
        objection: Objection::Ambiguous {
            grouping: "B ∪ (G − R)".into(),
        },
    });
    assert!(has(&ev, |e| matches!(
        e,
        Event::ObjectionRuled { upheld: true, .. }
    )));
    assert_eq!(t.last_scores()[o], 2);
    assert_eq!(t.last_scores()[s], 6);
}

#[test]
fn xi_a_move_time_limit_penalty_then_turn_lost() {
    let mut t = T::new(38, 2, Division::Middle, false);
    let s = t.setter();
    let o = t.left(s);
    t.start([1, 2, 3], FACES, UNI);
    t.goal("2");
    let at = t.m.now_ms();
    // first turn: two minutes, then the ten-second countdown
    let ev = t.clock(at + 130_000);
    assert!(has(&ev, |e| matches!(
        e,
        Event::TimeExpired {
            task: Task::Move,
            second: false,
            ..
        }
    )));
    let ev = t.clock(at + 200_000);
    assert!(has(
        &ev,
        |e| matches!(e, Event::TurnPassed { to } if *to == s)
    ));
    assert_eq!(t.penalties()[o], -2);
}

#[test]
fn iii_d_no_goal_agreed_is_void_with_the_same_setter() {
    let mut t = T::new(39, 3, Division::Middle, false);
    let s = t.setter();
    t.start([1, 1, 1], FACES, UNI);
    t.act(Act::DeclareNoGoal { player: s });
    t.act(Act::AgreeNoGoal { player: t.left(s) });
    let ev = t.act(Act::AgreeNoGoal {
        player: t.left(t.left(s)),
    });
    assert!(has(&ev, |e| matches!(e, Event::ShakeVoid { .. })));
    assert_eq!(t.setter(), s);
}

#[test]
fn iii_d_2_no_goal_challenge_scoring() {
    let mut t = T::new(40, 3, Division::Middle, false);
    let s = t.setter();
    let a = t.left(s);
    let b = t.left(a);
    t.start([1, 2, 3], FACES, UNI);
    t.act(Act::DeclareNoGoal { player: s });
    t.act(Act::Challenge {
        player: a,
        kind: ChallengeKind::NoGoal,
    });
    t.act(Act::Present {
        player: a,
        solution: "B − R".into(),
        goal: Some(GoalSpec::Layout("2".into())),
    });
    t.act(Act::Decline { player: b });
    let sc = t.last_scores();
    assert_eq!((sc[a], sc[b], sc[s]), (6, 2, 2));
}

// ------------------------------------------- the judges' manual, more situations

/// OS-A1: "The two actions may occur in either order. Each player must
/// complete his task within the one minute time limit." Penalty: "–1 for the
/// Goal-setter if he does not roll the cubes within the one-minute time
/// limit; –1 for the dealer if he does not deal …"
#[test]
fn os_a1_roll_and_deal_in_either_order_each_on_their_own_minute() {
    // the deal first, then the roll
    let mut t = T::new(201, 2, Division::Middle, false);
    let (s, d) = (t.setter(), t.m.dealer());
    t.act(Act::Deal {
        player: d,
        count: 6,
    });
    t.act(Act::Roll {
        player: s,
        set_out: Some(SetOut::TwoUniverseOneEmpty), // Basic On-Sets (II-A-3)
    });
    assert!(matches!(t.m.phase(), Phase::Goal { .. }));
    // the dealer deals in time, the Goal-setter rolls late: only the
    // Goal-setter loses a point
    let mut t = T::new(202, 2, Division::Middle, false);
    let (s, d) = (t.setter(), t.m.dealer());
    t.act(Act::Deal {
        player: d,
        count: 6,
    });
    t.clock(70_000);
    t.act(Act::Roll {
        player: s,
        set_out: Some(SetOut::TwoUniverseOneEmpty), // Basic On-Sets (II-A-3)
    });
    assert_eq!(t.penalties()[s], -1);
    assert_eq!(t.penalties()[d], 0);
}

/// OS-A5: "The dealer looks through the cards and deals selected ones. …
/// the dealer must shuffle the cards and deal from the top." In software the
/// deck is shuffled by the engine and `deal` carries only a count: the dealer
/// cannot select cards (docs/engine.md). Dealing 6 or 3 + 3 gives the same
/// cards, the top of the shuffled deck.
#[test]
fn os_a5_the_deal_comes_from_the_top_of_the_shuffled_deck() {
    let mut a = T::new(203, 2, Division::Middle, false);
    let mut b = T::new(203, 2, Division::Middle, false);
    let d = a.m.dealer();
    a.act(Act::Deal {
        player: d,
        count: 6,
    });
    b.act(Act::Deal {
        player: d,
        count: 3,
    });
    b.act(Act::Deal {
        player: d,
        count: 3,
    });
    assert_eq!(a.m.dealt(), b.m.dealt());
    assert_eq!(a.m.dealt().len() + a.m.deck().len(), 16);
}

/// OS-A6: "The dealer does not shuffle all the cards before dealing … the
/// cards that were not dealt for the previous shake." Every shake is dealt
/// from all sixteen cards.
#[test]
fn os_a6_every_shake_is_dealt_from_all_sixteen_cards() {
    let mut t = T::new(204, 2, Division::Middle, false);
    let s = t.setter();
    t.start([1, 2, 3], FACES, UNI);
    t.goal("2");
    t.act(Act::Challenge {
        player: t.left(s),
        kind: ChallengeKind::Impossible,
    });
    t.present(s, "B ∪ R");
    assert_eq!(t.m.shake(), 2);
    let d = t.m.dealer();
    t.act(Act::Deal {
        player: d,
        count: 6,
    });
    let mut all: Vec<u8> = t.m.dealt().iter().chain(t.m.deck()).copied().collect();
    all.sort();
    assert_eq!(all, (0..16).collect::<Vec<u8>>());
}

/// OS-A9: "Player A picks Y wild or Y required when no Y was rolled. Player
/// B selects a valid variation. … B's selection insulates A's illegal
/// procedure. Therefore, A's selection stands but has no effect on the
/// shake since there is no Y cube."
#[test]
fn os_a9_insulated_wild_cube_not_rolled_stands_without_effect() {
    let mut t = T::new(205, 2, Division::Middle, true);
    let s = t.setter();
    let o = t.left(s);
    t.start([1, 2, 3], "B R G B R G B R ∪ ∩ − ′ V Λ =", UNI);
    t.select(s, "wild-cube Y");
    let ev = t.select(o, "two-operations");
    assert!(has(&ev, |e| matches!(e, Event::SelectionInsulated { .. })));
    let ev = charge(&mut t, o);
    assert!(has(&ev, |e| matches!(e, Event::ChargeSetAside { .. })));
    assert_eq!(t.penalties(), vec![0, 0]);
    assert!(t
        .m
        .selections()
        .iter()
        .any(|x| x.variation == "wild-cube Y"));
    assert!(!t
        .m
        .variations()
        .iter()
        .any(|v| v.to_string() == "wild-cube Y"));
}

/// OS-A10 (Elementary): "The Goal-setter rolls the cubes without first
/// setting out two V cubes and one Λ (or vice-versa)." In software the
/// set-out is part of the roll: a roll without it is refused (II-A-3), so
/// the situation cannot arise (docs/engine.md).
#[test]
fn os_a10_elementary_roll_without_the_set_out_is_refused() {
    let mut t = T::new(206, 2, Division::Elementary, false);
    let s = t.setter();
    let r = t
        .try_act(Act::Roll {
            player: s,
            set_out: None,
        })
        .unwrap_err();
    assert_eq!((r.code, r.rule.as_str()), (RejectCode::SetOut, "II-A-3"));
    t.act(Act::Roll {
        player: s,
        set_out: Some(SetOut::OneUniverseTwoEmpty),
    });
}

/// OS-A11 (Elementary): the set-out forgotten and noticed late. It cannot
/// arise: with the set-out the three Restriction cubes show two V and one Λ
/// (or one V and two Λ), never = or ⊆.
#[test]
fn os_a11_elementary_restriction_cubes_are_always_set_out() {
    for seed in 0..8 {
        let mut t = T::new(207 + seed, 2, Division::Elementary, false);
        let s = t.setter();
        t.act(Act::Roll {
            player: s,
            set_out: Some(SetOut::TwoUniverseOneEmpty),
        });
        let r: Vec<String> = t.m.cubes()[15..]
            .iter()
            .map(|c| c.face.canonical())
            .collect();
        assert_eq!(r, vec!["V", "V", "Λ"]);
    }
}

/// OS-A12 (Elementary, Middle): "One player chooses 'B wild.' Another then
/// picks ∪ and ∩ interchangeable even though neither cube is in Resources.
/// Is the second player's selection valid? Ruling: Yes." The comment: the
/// same holds when one player picks both.
#[test]
fn os_a12_interchangeable_after_a_wild_cube_is_legal_without_the_cubes() {
    let faces = "B R G Y B R G Y − − − ′ V Λ =";
    let mut t = T::new(215, 3, Division::Middle, true);
    let s = t.setter();
    let a = t.left(s);
    t.start([1, 2, 3], faces, UNI);
    t.select(s, "wild-cube B");
    t.select(a, "union-intersection-interchangeable");
    assert!(t.m.pending().is_empty());
    assert!(t.m.selections().iter().all(|x| x.legal));
    // one player picking both (two-player match: the non-setter picks two)
    let mut t = T::new(216, 2, Division::Middle, true);
    let s = t.setter();
    let o = t.left(s);
    t.start([1, 2, 3], faces, UNI);
    t.select(s, "absolute-value");
    t.select(o, "wild-cube B");
    t.select(o, "union-intersection-interchangeable");
    assert!(t.m.selections().iter().all(|x| x.legal));
    // "the order in which they are selected by the player makes no difference"
    let mut t = T::new(216, 2, Division::Middle, true);
    let s = t.setter();
    let o = t.left(s);
    t.start([1, 2, 3], faces, UNI);
    t.select(s, "absolute-value");
    t.select(o, "union-intersection-interchangeable");
    t.select(o, "wild-cube B");
    assert!(
        t.m.selections().iter().all(|x| x.legal),
        "{:?}",
        t.m.selections()
    );
    assert!(t.m.pending().is_empty());
    assert_eq!(t.m.variations().len(), 3);
}

/// OS-A13 (Elementary, Middle): "One player selects ∪ wild. Another player …
/// selects ∪ and ∩ interchangeable. Are these variations contradictory?
/// Ruling: No, they are not."
#[test]
fn os_a13_union_wild_and_union_intersection_interchangeable_do_not_conflict() {
    let mut t = T::new(217, 3, Division::Middle, true);
    let s = t.setter();
    let a = t.left(s);
    t.start([1, 2, 3], FACES, UNI);
    t.select(s, "wild-cube ∪");
    t.select(a, "union-intersection-interchangeable");
    assert!(t.m.pending().is_empty());
    assert_eq!(t.m.variations().len(), 2);
}

/// OS-A15 (Junior, Senior): "A player selects a required card that is not in
/// the Universe. Ruling: The player must pick another variation. Penalty: -1".
#[test]
fn os_a15_required_card_not_in_the_universe_charged_costs_a_point() {
    let mut t = T::new(218, 2, Division::Junior, true);
    let s = t.setter();
    let o = t.left(s);
    t.start([1, 2, 3], FACES, UNI);
    t.select(s, "required-card RGY");
    assert_eq!(t.m.pending().len(), 1);
    charge(&mut t, o);
    assert_eq!(t.penalties()[s], -1);
    assert!(matches!(t.m.phase(), Phase::Variations { pos: 0, .. }));
}

/// OS-B1: "The Goal-setter uses only one or two digit cubes in the Goal but
/// does not move the remaining digit cube(s) to Forbidden. … the Goal-setter
/// incurs no penalty for not doing so."
#[test]
fn os_b1_unused_digit_cubes_left_in_resources_cost_nothing() {
    let mut t = T::new(219, 2, Division::Middle, false);
    let s = t.setter();
    t.start([1, 2, 3], FACES, UNI);
    let before = t.m.resources_count();
    let ev = t.act(Act::SetGoal {
        player: s,
        goal: GoalSpec::Layout("2".into()),
        unused_to_forbidden: false,
    });
    assert!(!has(&ev, |e| matches!(e, Event::Penalty { .. })));
    assert!(t.m.pending().is_empty());
    let digits =
        t.m.cubes()
            .iter()
            .filter(|c| c.family == Family::Digit && c.place == Place::Resources)
            .count();
    assert_eq!(digits, 2);
    // digit cubes are not counted as cubes in Resources (docs/engine.md)
    assert_eq!(t.m.resources_count(), before);
}

/// Shift from Permitted in force (Middle): the setter selects it.
fn shift_in_force(seed: u64, others: &[&str]) -> (T, usize, usize) {
    let mut t = T::new(seed, 2, Division::Middle, true);
    let s = t.setter();
    let o = t.left(s);
    t.start([1, 2, 3], FACES, UNI);
    t.select(s, "shift-from-permitted");
    for v in others {
        t.select(o, v);
    }
    t.goal("2");
    (t, s, o)
}

/// OS-C3: "A player calls 'Bonus,' shifts a cube in Permitted …, then makes
/// a regular move. An opponent charges illegal procedure. Ruling: The move is
/// illegal procedure. A Bonus move is from Resources to Forbidden. The second
/// cube must be returned to Resources and may not be replaced with another
/// regular move on this turn." A bonus shift is a `move` with `bonus: true`
/// of a cube in Permitted.
#[test]
fn os_c3_bonus_shift_then_regular_move_second_cube_returned_turn_passes() {
    let (mut t, s, o) = shift_in_force(220, &["two-operations", "absolute-value"]);
    t.mv(o, "B", Place::Permitted);
    t.mv(s, "R", Place::Required);
    let b = t.cube("B", Place::Permitted);
    t.act(Act::Move {
        player: o,
        cube: b,
        to: Place::Required,
        bonus: true,
    });
    assert_eq!(t.m.pending().len(), 1, "a bonus shift is illegal procedure");
    let g = t.cube("G", Place::Resources);
    t.mv(o, "G", Place::Permitted);
    assert!(matches!(*t.m.phase(), Phase::Moves { turn, .. } if turn == s));
    charge(&mut t, s);
    assert_eq!(t.m.cubes()[g as usize].place, Place::Resources);
    assert_eq!(
        t.m.cubes()[b as usize].place,
        Place::Required,
        "the shift stands"
    );
    assert!(
        matches!(*t.m.phase(), Phase::Moves { turn, .. } if turn == s),
        "not replaced with another regular move on this turn"
    );
    assert_eq!(t.penalties(), vec![0, 0]);
}

/// OS-C8: "Variations Shift from Permitted and required – … A – cube is in
/// Permitted and there are no – cubes in Required or Resources. A mover
/// shifts the – in Permitted to Forbidden. … Ruling: The move is not illegal
/// procedure. The – cube stays in Forbidden."
#[test]
fn os_c8_required_minus_shifted_to_forbidden_is_not_illegal_procedure() {
    let (mut t, s, o) = shift_in_force(221, &["required-cube −", "two-operations"]);
    let m = t.cube("−", Place::Resources);
    t.mv(o, "−", Place::Permitted);
    t.mv(s, "B", Place::Required);
    t.act(Act::Shift {
        player: o,
        cube: m,
        to: Place::Forbidden,
    });
    assert!(t.m.pending().is_empty());
    let ev = charge(&mut t, s);
    assert!(has(&ev, |e| matches!(e, Event::ChargeSetAside { .. })));
    assert_eq!(t.m.cubes()[m as usize].place, Place::Forbidden);
}

/// OS-C9 (Elementary, Middle): "Two operations … Only one operation cube is in
/// Required and Permitted. A player moves the last operation cube in
/// Resources to Forbidden. … Ruling: The move is not illegal procedure."
#[test]
fn os_c9_last_operation_to_forbidden_under_two_operations_is_legal() {
    let mut t = T::new(222, 2, Division::Middle, true);
    let s = t.setter();
    let o = t.left(s);
    t.start([1, 2, 3], "B R G Y B R G Y ∪ ∩ Y B V Λ =", UNI);
    t.select(s, "two-operations");
    t.select(o, "absolute-value");
    t.select(o, "no-null-restrictions");
    t.goal("2");
    t.mv(o, "∪", Place::Required);
    let last = t.cube("∩", Place::Resources);
    t.mv(s, "∩", Place::Forbidden);
    assert!(t.m.pending().is_empty());
    let ev = charge(&mut t, o);
    assert!(has(&ev, |e| matches!(e, Event::ChargeSetAside { .. })));
    assert_eq!(t.m.cubes()[last as usize].place, Place::Forbidden);
}

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
    let d = t.m.dealer;
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
    assert_eq!(t.m.dealt.len(), 7);
}

#[test]
fn os_a2_dealer_out_of_time_twice_deal_passes_to_goal_setter() {
    let mut t = T::new(12, 2, Division::Middle, false);
    let d = t.m.dealer;
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
    assert_eq!(t.m.dealer, t.setter());
    assert_eq!(t.m.dealt.len(), 0);
    assert_eq!(t.penalties()[d], -2);
}

#[test]
fn os_a3_too_many_cards_the_last_ones_are_removed() {
    let mut t = T::new(13, 2, Division::Junior, false);
    let d = t.m.dealer;
    let ev = t.act(Act::Deal {
        player: d,
        count: 14,
    });
    assert!(has(
        &ev,
        |e| matches!(e, Event::ExtraCardsRemoved { cards } if cards.len() == 2)
    ));
    assert_eq!(t.m.dealt.len(), 12);
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
        t.m.phase,
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
    assert!(matches!(t.m.phase, Phase::Goal { .. }));
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
    assert_eq!(t.m.pending.len(), 1);
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
    assert!(!t.m.selections[0].legal);
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
    assert!(matches!(t.m.phase, Phase::Goal { .. }));
    // the digit cubes that touched the Goal must stay in it
    let r = t.try_act(Act::SetGoal {
        player: s,
        goal: GoalSpec::Layout("1".into()),
        unused_to_forbidden: true,
    });
    assert_eq!(r.unwrap_err().rule, "III-B-2");
    t.goal("2*3+1");
    assert!(matches!(t.m.phase, Phase::Moves { .. }));
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
    assert_eq!(r.unwrap_err().rule, "III-A");
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
        t.m.cubes[t.cube("=", Place::Resources) as usize].place,
        Place::Resources
    );
    assert!(t.m.goal.is_some(), "the Goal stands");
    assert_eq!(t.penalties()[s], 0);
}

#[test]
fn iii_c_2_bonus_by_the_leader_returned_with_a_point() {
    let mut t = T::new(24, 2, Division::Middle, false);
    let s = t.setter();
    let o = t.left(s);
    t.start([1, 2, 3], FACES, UNI);
    t.m.penalties[o] = -1; // s now leads the match
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
    assert!(matches!(t.m.phase, Phase::Moves { turn, .. } if turn == o));
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
    assert!(t.m.pending.is_empty());
}

#[test]
fn os_c5_no_shift_after_the_last_cube() {
    let (mut t, s, o) = shift_game(28, true);
    let mut turn = s;
    while t.m.resources_count() > 0 {
        let n = t.m.resources_count();
        let cube = t
            .m
            .cubes
            .iter()
            .find(|c| {
                c.place == Place::Resources && c.family != Family::Digit && !c.face.is_relation()
            })
            .map(|c| c.id)
            .unwrap_or_else(|| {
                t.m.cubes
                    .iter()
                    .find(|c| c.place == Place::Resources && c.family != Family::Digit)
                    .unwrap()
                    .id
            });
        let to = if n == 1 || t.m.cubes[cube as usize].face.is_relation() {
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
    assert_eq!(r.rule, "XIII-A-7");
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
    assert_eq!(t.m.cubes[b as usize].place, Place::Permitted);
    assert!(matches!(t.m.phase, Phase::Moves { turn, .. } if turn == s));
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
    assert_eq!(t.m.cubes[b as usize].place, Place::Required);
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
    assert_eq!(t.m.cubes[eq as usize].place, Place::Resources);
    assert!(
        matches!(t.m.phase, Phase::Moves { turn, .. } if turn == o),
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
            .cubes
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
    assert!(t.m.pending.is_empty());
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
    assert_eq!(t.m.cubes[eq as usize].place, Place::Permitted);
}

#[test]
fn viii_a_last_cube_to_forbidden_is_returned() {
    let mut t = T::new(34, 2, Division::Elementary, false);
    let s = t.setter();
    t.start([1, 2, 3], FACES, UNI);
    t.goal("2");
    let mut turn = t.left(s);
    while t.m.resources_count() > 1 {
        let cube =
            t.m.cubes
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
        t.m.cubes
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
            t.m.cubes
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
    let mover = t.m.last_mover.unwrap();
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
    let at = t.m.now_ms;
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

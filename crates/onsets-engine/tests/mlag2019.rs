//! The 2019-20 MLAG procedure (`edition: "2019-20"`): MLAG Basic
//! (B19, `adventurous: false`) and MLAG Adventurous (A19). Each test quotes
//! the section of the 2019-20 text it plays and is named after it
//! (`../shared/spec/editions.md` §1.2, §1.3, §1.5; readings in
//! docs/rulings.md, "2019-20 (MLAG) procedure").
mod common;
use common::*;
use onsets_core::{Card, Division, Edition, Symbol};
use onsets_engine::*;

const FACES: &str = "B R G Y B R G Y ∪ ∩ − ′ V Λ =";
const UNI: &str = "B R G BR BG RG";

fn cfg19(seed: u64, n: usize, division: Division, adventurous: bool) -> MatchConfig {
    let names = ["Ann", "Bob", "Cy"];
    let mut c = MatchConfig::new(seed, &names[..n], division, adventurous);
    c.edition = Edition::Mlag2019;
    c
}

fn t19(seed: u64, n: usize, division: Division, adventurous: bool) -> T {
    T::with(cfg19(seed, n, division, adventurous))
}

/// Rolls (with the set-out where the edition has one) and deals six cards,
/// then fixes the faces and the Universe (as `T::start`).
fn start19(t: &mut T, digits: [u8; 3], others: &str, cards: &str) {
    let setter = t.setter();
    let set_out =
        t.m.restriction_set_out()
            .then_some(SetOut::TwoUniverseOneEmpty);
    t.act(Act::Roll {
        player: setter,
        set_out,
    });
    let dealer = t.m.dealer();
    t.act(Act::Deal {
        player: dealer,
        count: 10,
    });
    for (i, d) in digits.iter().enumerate() {
        t.m.scenario_set_face(i as u8, Symbol::Digit(*d));
    }
    let syms: Vec<Symbol> = others
        .split_whitespace()
        .map(|s| Symbol::parse(s).unwrap())
        .collect();
    for (i, s) in syms.into_iter().enumerate() {
        t.m.scenario_set_face(3 + i as u8, s);
    }
    t.m.scenario_set_dealt(
        cards
            .split_whitespace()
            .map(|c| Card::parse(c).unwrap().mask())
            .collect(),
    );
}

fn challenge(t: &mut T, player: usize, kind: ChallengeKind) -> Vec<Event> {
    t.act(Act::Challenge { player, kind })
}

fn set_aside(ev: &[Event]) -> bool {
    has(ev, |e| matches!(e, Event::ChallengeSetAside { .. }))
}

fn penalized(ev: &[Event]) -> bool {
    has(ev, |e| matches!(e, Event::Penalty { .. }))
}

/// A three-player B19 shake with the Goal 3 and B in Required (Universe B R
/// G BR BG RG: B names 3 cards), whoever's turn it is after the setter's
/// first two moves. Returns (setter, first mover, third).
fn b19_three(seed: u64) -> (T, usize, usize, usize) {
    let mut t = t19(seed, 3, Division::Junior, false);
    let s = t.setter();
    let a = t.left(s);
    let b = t.left(a);
    start19(&mut t, [3, 2, 1], FACES, UNI);
    t.goal("3");
    t.mv(a, "B", Place::Required);
    (t, s, a, b)
}

// ------------------------------------------------------------ I, II-A

/// Match::new plays 2019-20 (the issue-14 guard is lifted for it).
#[test]
fn i_a_2019_20_matches_start() {
    for adventurous in [false, true] {
        let (m, _) = Match::new(cfg19(3, 3, Division::Senior, adventurous)).unwrap();
        assert_eq!(m.config().edition, Edition::Mlag2019);
        assert!(m.mlag2019());
    }
}

/// B19 II-A: "the Goal-setter rolls all 18 cubes": no V/Λ set-out, and the
/// three Restriction cubes show any of V, Λ, = and ⊆ (I-B-2-d-iii: = and ⊆
/// are wild).
#[test]
fn b19_ii_a_all_18_cubes_are_rolled_without_a_set_out() {
    let mut seen_relation = false;
    for seed in 0..40 {
        let mut t = t19(seed, 2, Division::Elementary, false);
        assert!(!t.m.restriction_set_out());
        let s = t.setter();
        let r = t.try_act(Act::Roll {
            player: s,
            set_out: Some(SetOut::TwoUniverseOneEmpty),
        });
        assert_eq!(r.unwrap_err().code, RejectCode::SetOut);
        t.act(Act::Roll {
            player: s,
            set_out: None,
        });
        seen_relation |= t.m.cubes()[15..].iter().any(|c| c.face.is_relation());
    }
    assert!(seen_relation, "= or ⊆ never rolled on a Restriction cube");
}

/// A19 II-A-3: Elementary still sets out V and Λ (editions.md §1.6).
#[test]
fn a19_ii_a_3_elementary_sets_out_v_and_empty() {
    let mut t = t19(1, 2, Division::Elementary, true);
    assert!(t.m.restriction_set_out());
    let s = t.setter();
    let r = t.try_act(Act::Roll {
        player: s,
        set_out: None,
    });
    assert_eq!(r.unwrap_err().code, RejectCode::SetOut);
}

/// B19 II-B-1: "At least six but no more than 12 cards must be dealt", in
/// every division (Senior included).
#[test]
fn b19_ii_b_1_senior_universe_is_6_to_12() {
    let mut t = t19(5, 2, Division::Senior, false);
    let d = t.m.dealer();
    t.act(Act::Deal {
        player: d,
        count: 14,
    });
    assert_eq!(t.m.dealt().len(), 12);
    let mut t = t19(5, 2, Division::Senior, false);
    let d = t.m.dealer();
    t.act(Act::Deal {
        player: d,
        count: 6,
    });
    assert!(matches!(t.m.phase(), Phase::Setup { dealt: true, .. }));
}

// ------------------------------------------------------------ XI-A-1-b, III-B-2-c

/// B19 XI-A-1-b: "rolling the cubes and setting the Goal 2 minutes": one
/// limit, started with the shake, runs on after the roll.
#[test]
fn b19_xi_a_1_b_one_limit_for_rolling_and_setting_the_goal() {
    let mut t = t19(2, 2, Division::Junior, false);
    let s = t.setter();
    let roll =
        t.m.timers()
            .iter()
            .find(|x| x.player == s && x.task == Task::Roll)
            .unwrap()
            .due_ms;
    assert_eq!(roll, 120_000);
    start19(&mut t, [3, 2, 1], FACES, UNI);
    let goal: Vec<&Timer> =
        t.m.timers()
            .iter()
            .filter(|x| x.player == s && matches!(x.task, Task::Roll | Task::SetGoal))
            .collect();
    assert_eq!(goal.len(), 1);
    assert_eq!(goal[0].task, Task::SetGoal);
    assert_eq!(goal[0].due_ms, 120_000, "the same limit, not a fresh one");
}

/// 2026-27 XI-A-1-a, c: one minute to roll, then two for the Goal (unchanged).
#[test]
fn t26_xi_a_1_c_goal_limit_is_fresh_two_minutes() {
    let mut t = T::new(2, 2, Division::Junior, false);
    t.start([3, 2, 1], FACES, UNI);
    let s = t.setter();
    let g =
        t.m.timers()
            .iter()
            .find(|x| x.player == s && x.task == Task::SetGoal)
            .unwrap();
    assert_eq!(g.due_ms, t.m.now_ms() + 120_000);
}

/// III-B-2-c: "If the time runs out to set the Goal … it has been set";
/// with no digit cube in the Goal section nothing is set (editions.md Q10):
/// the Goal-setter missed the limit, loses one point (XI-A) and has one
/// more minute; at its end no second point (2019-20 XI-A).
#[test]
fn b19_iii_b_2_c_no_goal_placed_when_time_runs_out_one_point_only() {
    let mut t = t19(2, 2, Division::Junior, false);
    let s = t.setter();
    start19(&mut t, [3, 2, 1], FACES, UNI);
    let ev = t.clock(130_001);
    assert!(has(&ev, |e| matches!(
        e,
        Event::TimeExpired {
            task: Task::SetGoal,
            second: false,
            ..
        }
    )));
    assert_eq!(t.penalties()[s], -1);
    let ev = t.clock(200_000);
    assert!(has(&ev, |e| matches!(
        e,
        Event::TimeExpired {
            task: Task::SetGoal,
            second: true,
            ..
        }
    )));
    assert_eq!(
        t.penalties()[s],
        -1,
        "no second point after the additional minute"
    );
    assert!(matches!(t.m.phase(), Phase::Goal { .. }));
    t.goal("3");
}

/// 2019-20 XI-A: "If he is not finished at the end of this additional
/// minute, he loses his turn": one point only (2026-27 takes a second).
#[test]
fn a19_xi_a_additional_minute_loses_the_turn_without_a_second_point() {
    let mut t = t19(4, 2, Division::Junior, true);
    let s = t.setter();
    let o = t.left(s);
    start19(&mut t, [3, 2, 1], FACES, UNI);
    t.act(Act::SelectVariation {
        player: s,
        variation: "two-operations".into(),
    });
    t.act(Act::SelectVariation {
        player: o,
        variation: "absolute-value".into(),
    });
    t.act(Act::SelectVariation {
        player: o,
        variation: "required-cube ∪".into(),
    });
    t.goal("3");
    let at = t.m.now_ms();
    t.clock(at + 120_000 + 10_001);
    assert_eq!(t.penalties()[o], -1);
    let ev = t.clock(at + 120_000 + 10_001 + 60_000 + 10_000);
    assert!(has(
        &ev,
        |e| matches!(e, Event::TurnPassed { to } if *to == s)
    ));
    assert_eq!(t.penalties()[o], -1);
}

// ------------------------------------------------------------ III-C, IV-C

/// B19 III-C-1: "move one non-digit cube from Resources to Forbidden" —
/// = and ⊆ included — and no III-C-2: a leader may bonus.
#[test]
fn b19_iii_c_1_leading_goal_setter_may_bonus_an_equals_cube() {
    let mut t = t19(6, 2, Division::Junior, false);
    let s = t.setter();
    let o = t.left(s);
    start19(&mut t, [3, 2, 1], FACES, UNI);
    t.m.scenario_set_penalty(o, -1);
    assert!(t.m.leading(s));
    t.bonus(s, "=");
    assert!(t.m.pending().is_empty(), "{:?}", t.m.pending());
    t.goal("3");
    let ev = t.act(Act::ChargeIllegalProcedure { player: o });
    assert!(has(&ev, |e| matches!(e, Event::ChargeSetAside { .. })));
}

/// B19 IV-C: "Any player may make a bonus move before making a regular
/// move" — the match leader too, with no penalty.
#[test]
fn b19_iv_c_any_player_may_bonus_while_leading() {
    let (mut t, s, a, b) = b19_three(8);
    t.m.scenario_set_penalty(s, -1);
    t.m.scenario_set_penalty(a, -1);
    assert!(t.m.leading(b));
    t.bonus(b, "=");
    t.mv(b, "R", Place::Permitted);
    assert!(t.m.pending().is_empty());
    let ev = t.act(Act::ChargeIllegalProcedure { player: s });
    assert!(!penalized(&ev));
}

/// A19 IV-C-2: the leader's bonus is still illegal procedure (−1 when
/// charged), as in 2026-27 (editions.md §1.6).
#[test]
fn a19_iv_c_2_leader_bonus_is_charged_minus_one() {
    let mut t = t19(4, 2, Division::Junior, true);
    let s = t.setter();
    let o = t.left(s);
    start19(&mut t, [3, 2, 1], FACES, UNI);
    t.select(s, "two-operations");
    t.select(o, "absolute-value");
    t.select(o, "required-cube ∪");
    t.goal("3");
    t.m.scenario_set_penalty(s, -1);
    assert!(t.m.leading(o));
    t.bonus(o, "Y");
    let ev = t.act(Act::ChargeIllegalProcedure { player: s });
    assert!(has(
        &ev,
        |e| matches!(e, Event::Penalty { rule, .. } if rule == "IV-C-2")
    ));
}

// ------------------------------------------------------------ V, VIII: invalid challenges

/// B19 V-B: "A player who picks up the block and makes a challenge against
/// himself is not penalized and the challenge is set aside."
#[test]
fn b19_v_b_challenging_yourself_is_set_aside_without_penalty() {
    let (mut t, _, a, _) = b19_three(9);
    let ev = challenge(&mut t, a, ChallengeKind::Now);
    assert!(set_aside(&ev));
    assert!(!penalized(&ev));
    assert_eq!(t.penalties(), vec![0, 0, 0]);
}

/// B19 V-A-2-a and VIII-B comment: Now with fewer than two cubes in
/// Resources "is invalid and is set aside … there is no point penalty";
/// V-A-2-b: Now before a cube is in Required or Permitted is set aside.
#[test]
fn b19_v_a_2_invalid_now_challenges_cost_nothing() {
    let mut t = t19(10, 2, Division::Junior, false);
    let s = t.setter();
    let o = t.left(s);
    start19(&mut t, [3, 2, 1], FACES, UNI);
    t.goal("3");
    let ev = challenge(&mut t, o, ChallengeKind::Now);
    assert!(set_aside(&ev) && !penalized(&ev), "{ev:?}");
    // Before the Goal (editions.md Q11: B19 penalizes no invalid challenge).
    let mut t = t19(10, 2, Division::Junior, false);
    let s = t.setter();
    let d = t.m.dealer().max(s);
    let ev = challenge(&mut t, d, ChallengeKind::Impossible);
    assert!(set_aside(&ev) && !penalized(&ev), "{ev:?}");
}

/// Editions.md Q7 (B19): putting the block down costs nothing; holding it
/// 15 seconds without stating a challenge misses the limit of XI-A-1-e and
/// costs one point (XI-A).
#[test]
fn b19_xi_a_1_e_block_held_fifteen_seconds_minus_one() {
    let (mut t, _, _, b) = b19_three(11);
    t.act(Act::PickUpBlock { player: b });
    let ev = t.act(Act::PutDownBlock { player: b });
    assert!(set_aside(&ev) && !penalized(&ev));
    t.act(Act::PickUpBlock { player: b });
    let at = t.m.now_ms();
    let ev = t.clock(at + 15_001);
    assert!(penalized(&ev));
    assert_eq!(t.penalties()[b], -1);
}

/// A19 V-B: challenging yourself still costs one point.
#[test]
fn a19_v_b_challenging_yourself_minus_one() {
    let mut t = t19(4, 2, Division::Junior, true);
    let s = t.setter();
    let o = t.left(s);
    start19(&mut t, [3, 2, 1], FACES, UNI);
    t.select(s, "two-operations");
    t.select(o, "absolute-value");
    t.select(o, "required-cube ∪");
    t.goal("3");
    t.mv(o, "B", Place::Required);
    let ev = challenge(&mut t, o, ChallengeKind::Now);
    assert!(set_aside(&ev) && penalized(&ev));
}

/// Plays a two-player shake down to the forceout: returns (T, mover, other).
fn to_forceout(mut t: T) -> (T, usize, usize) {
    while let Phase::Moves { turn, .. } = *t.m.phase() {
        let cube =
            t.m.cubes()
                .iter()
                .find(|c| c.place == Place::Resources && c.family != Family::Digit)
                .unwrap()
                .id;
        let to = if t.m.resources_count() == 1 {
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
    }
    let Phase::Writing(Writing {
        kind: WritingKind::Forceout { mover, .. },
        ..
    }) = t.m.phase().clone()
    else {
        panic!("no forceout: {:?}", t.m.phase())
    };
    let other = t.left(mover);
    (t, mover, other)
}

/// A19 VIII-B comment: "any Impossible challenge made after the first
/// minute for writing Solutions … is set aside and there is no point
/// penalty" (2026-27 V-B (e): −1).
#[test]
fn a19_viii_b_late_impossible_set_aside_without_penalty() {
    let mut t = t19(12, 2, Division::Junior, true);
    let s = t.setter();
    let o = t.left(s);
    start19(&mut t, [3, 2, 1], FACES, UNI);
    t.select(s, "two-operations");
    t.select(o, "absolute-value");
    t.select(o, "required-cube ∪");
    t.goal("3");
    t.mv(o, "B", Place::Required);
    let (mut t, _mover, other) = to_forceout(t);
    let at = t.m.now_ms();
    t.t = at + 61_000;
    let ev = challenge(&mut t, other, ChallengeKind::Impossible);
    assert!(set_aside(&ev), "{ev:?}");
    assert!(!penalized(&ev), "{ev:?}");
    // A Now after the last cube still costs a point in A19 (VIII-B comment).
    let ev = challenge(&mut t, other, ChallengeKind::Now);
    assert!(set_aside(&ev) && penalized(&ev), "{ev:?}");
}

// ------------------------------------------------------------ VII-A-3, X-B: the Third Party joins

/// B19 X-B-2 with VII-A-3: after a Now, a Third Party who presents joins
/// the Challenger; correct while the Challenger is wrong, they score 4, not
/// 6 ("unless that player is the Third Party agreeing with the Challenger,
/// in which case the score is 4"). Challenger 2, Mover 2, Third Party 4.
#[test]
fn b19_x_b_2_third_party_joining_a_wrong_challenger_scores_4() {
    let (mut t, s, a, b) = b19_three(13);
    t.mv(b, "∪", Place::Permitted);
    // s challenges Now against b (the last Mover).
    challenge(&mut t, s, ChallengeKind::Now);
    t.present(s, "R");
    t.present(a, "B ∪ B");
    let p = t.last_scores();
    assert_eq!((p[s], p[b], p[a]), (2, 2, 4), "{p:?}");
}

/// VII-A-3 comment (c): a silent Third Party joins the player who does not
/// write (the Mover on a Now): correct when the Challenger is wrong, 6.
#[test]
fn b19_vii_a_3_c_silent_third_party_joins_the_mover() {
    let (mut t, s, a, b) = b19_three(14);
    t.mv(b, "∪", Place::Permitted);
    challenge(&mut t, s, ChallengeKind::Now);
    t.present(s, "R");
    t.act(Act::Decline { player: a });
    let p = t.last_scores();
    assert_eq!((p[s], p[b], p[a]), (2, 6, 6), "{p:?}");
}

/// After an Impossible, a silent Third Party joins the Challenger: correct
/// when the Mover is wrong, and scores 4 as the Third Party agreeing with
/// the Challenger (X-B-2). Challenger 6, Mover 2, Third Party 4.
#[test]
fn b19_x_b_2_silent_third_party_on_impossible_scores_4() {
    let (mut t, s, a, b) = b19_three(15);
    t.mv(b, "∪", Place::Permitted);
    challenge(&mut t, s, ChallengeKind::Impossible);
    t.present(b, "R");
    t.act(Act::Decline { player: a });
    let p = t.last_scores();
    assert_eq!((p[s], p[b], p[a]), (6, 2, 4), "{p:?}");
}

/// 2026-27 keeps its own table: the same Now with a wrong Challenger and a
/// correct Third Party scores the Third Party 6 (X-B-3).
#[test]
fn t26_x_b_third_party_correct_after_a_wrong_challenger_scores_6() {
    let mut t = T::new(13, 3, Division::Junior, false);
    let s = t.setter();
    let a = t.left(s);
    let b = t.left(a);
    t.start([3, 2, 1], FACES, UNI);
    t.goal("3");
    t.mv(a, "B", Place::Required);
    t.mv(b, "∪", Place::Permitted);
    challenge(&mut t, s, ChallengeKind::Now);
    t.present(s, "R");
    t.present(a, "B ∪ B");
    let p = t.last_scores();
    assert_eq!((p[s], p[b], p[a]), (2, 2, 6), "{p:?}");
}

// ------------------------------------------------------------ X-D

/// 2019-20 X-D: "A player who is absent for a shake scores 0 for that
/// shake" (2026-27: −2).
#[test]
fn b19_x_d_absent_player_scores_0() {
    let mut c = cfg19(16, 3, Division::Junior, false);
    c.absent = vec![2];
    let mut t = T::with(c);
    let s = t.setter();
    let o = t.left(s);
    assert_ne!(s, 2);
    start19(&mut t, [3, 2, 1], FACES, UNI);
    t.goal("3");
    t.mv(o, "B", Place::Required);
    t.mv(s, "∪", Place::Permitted);
    challenge(&mut t, o, ChallengeKind::Now);
    t.present(o, "B ∪ B");
    let p = t.last_scores();
    assert_eq!(p[2], 0, "{p:?}");
    assert_eq!((p[o], p[s]), (6, 2));
}

// ------------------------------------------------------------ IX-A

/// 2019-20 IX-A: "A player charging illegal procedure must specify clearly
/// (within 15 seconds) the exact nature of the illegal procedure": a later
/// charge is set aside and the move stands; one within 15 s corrects it.
#[test]
fn a19_ix_a_charge_within_15_seconds() {
    for (wait, corrected) in [(14_000u64, true), (16_000, false)] {
        let (mut t, s, a, b) = b19_three(17);
        // Out of turn: it is b's turn; s moves.
        assert!(matches!(t.m.phase(), Phase::Moves { turn, .. } if *turn == b));
        t.mv(s, "Y", Place::Forbidden);
        let at = t.m.now_ms();
        t.t = at + wait - 1000;
        let ev = t.act(Act::ChargeIllegalProcedure { player: a });
        assert_eq!(
            has(&ev, |e| matches!(e, Event::IllegalProcedureCharged { .. })),
            corrected,
            "{ev:?}"
        );
        assert_eq!(
            has(&ev, |e| matches!(e, Event::ChargeSetAside { .. })),
            !corrected
        );
    }
}

// ------------------------------------------------------------ II-C, XIII (A19)

/// A19 II-C-3: in Senior two-player matches the player who is not the
/// Goal-setter may select one or two variations (2026-27: must select two).
#[test]
fn a19_ii_c_3_senior_two_player_second_pick_is_optional() {
    let t = t19(18, 2, Division::Senior, true);
    let o = t.left(t.setter());
    assert_eq!(t.m.picks(o), (1, 2));
    let t = T::new(18, 2, Division::Senior, true);
    let o = t.left(t.setter());
    assert_eq!(t.m.picks(o), (2, 2));
    let t = t19(18, 2, Division::Junior, true);
    let o = t.left(t.setter());
    assert_eq!(t.m.picks(o), (2, 2));
}

/// A19 XIII-B-2: "The wild cube may not be a digit": in Middle the wild
/// cube may be = (editions.md Q4); 2026-27 forbids it. The selection is
/// judged by the core's `InForce` (docs/editions.md).
#[test]
fn a19_xiii_b_2_middle_wild_cube_may_be_equals() {
    let mut t = t19(19, 2, Division::Middle, true);
    start19(&mut t, [3, 2, 1], FACES, UNI);
    let s = t.setter();
    let wild_eq = onsets_core::Variation::parse("wild-cube =").unwrap();
    assert_eq!(t.m.selection_problem(&wild_eq), None);
    assert!(t
        .m
        .variation_choices(s)
        .contains(&"wild-cube =".to_string()));
    let ev = t.select(s, "wild-cube =");
    assert!(!penalized(&ev));
    let mut t = T::new(19, 2, Division::Middle, true);
    t.start([3, 2, 1], FACES, UNI);
    assert!(t.m.selection_problem(&wild_eq).is_some());
}

/// A19 XIII-D-14: "players have three minutes to write Solutions" with Two
/// Solutions, at "stop" too (XI-B).
#[test]
fn a19_xiii_d_14_two_solutions_three_minutes_at_stop() {
    let mut c = cfg19(20, 2, Division::Senior, true);
    c.round_ms = 60_000;
    let mut t = T::with(c);
    let s = t.setter();
    let o = t.left(s);
    start19(&mut t, [3, 2, 1], FACES, UNI);
    t.select(s, "two-solutions");
    t.act(Act::EndSelection { player: s });
    t.select(o, "absolute-value");
    t.act(Act::EndSelection { player: o });
    t.goal("3");
    let ev = t.clock(60_000 + 5 * 60_000);
    assert!(has(&ev, |e| matches!(e, Event::Stop)), "{ev:?}");
    let w = t.m.timers().iter().find(|x| x.task == Task::Write).unwrap();
    assert_eq!(w.due_ms, 60_000 + 5 * 60_000 + 180_000);
}

/// 2019-20 XII-A has no "Did Not Play" row (2026-27: 0 match points): a
/// player absent for the whole match scores 0 in every shake (X-D) and is
/// placed by that total like everyone else.
#[test]
fn b19_xii_a_no_did_not_play_row() {
    for edition in [Edition::Mlag2019, Edition::Tournament2026] {
        let mut c = cfg19(16, 3, Division::Junior, false);
        c.edition = edition;
        c.absent = vec![2];
        c.round_ms = 60_000;
        let mut t = T::with(c);
        let s = t.setter();
        let o = t.left(s);
        start19(&mut t, [3, 2, 1], FACES, UNI);
        t.goal("3");
        t.mv(o, "B", Place::Required);
        let at = t.m.now_ms();
        // Round over, five more minutes, "stop", the writing time: the end.
        t.clock(at + 20 * 60_000);
        assert_eq!(*t.m.phase(), Phase::Over, "{:?}", t.m.phase());
        // Placed by the totals among all three players (the others lost
        // points to the time limits on the way: the match's totals decide).
        let totals = t.m.totals();
        let place = 1 + totals.iter().filter(|&&x| x > totals[2]).count() as u32;
        let tied = totals.iter().filter(|&&x| x == totals[2]).count() as u32;
        let want = if edition == Edition::Mlag2019 {
            edition.match_points(3, place, tied)
        } else {
            0
        };
        assert_eq!(t.m.match_points().unwrap()[2], want, "{edition} {totals:?}");
        assert!(edition != Edition::Mlag2019 || want > 0);
    }
}

/// A19: a challenge after "stop" is set aside without penalty (A19 does not
/// list it; editions.md §1.3); 2026-27 V-B (f) costs a point.
#[test]
fn a19_xi_b_challenge_after_stop_costs_nothing() {
    for (edition, costs) in [(Edition::Mlag2019, false), (Edition::Tournament2026, true)] {
        let mut c = cfg19(25, 2, Division::Junior, true);
        c.edition = edition;
        c.round_ms = 60_000;
        let mut t = T::with(c);
        let s = t.setter();
        let o = t.left(s);
        start19(&mut t, [3, 2, 1], FACES, UNI);
        t.select(s, "two-operations");
        t.select(o, "absolute-value");
        t.select(o, "required-cube ∪");
        t.goal("3");
        t.mv(o, "B", Place::Required);
        t.mv(s, "R", Place::Permitted);
        let ev = t.clock(60_000 + 5 * 60_000);
        assert!(has(&ev, |e| matches!(e, Event::Stop)), "{ev:?}");
        let before = t.penalties();
        let ev = challenge(&mut t, o, ChallengeKind::Now);
        assert!(set_aside(&ev), "{ev:?}");
        assert_eq!(penalized(&ev), costs, "{edition}: {ev:?}");
        assert_eq!(t.penalties()[o] < before[o], costs);
    }
}

/// A19: a challenge before the Goal is set aside with −1 (JM OS-A4,
/// editions.md Q11), as is a Now with fewer than two cubes in Resources
/// (A19 V-A-2-a); B19 sets both aside without penalty.
#[test]
fn a19_v_b_challenge_before_the_goal_minus_one() {
    for (adventurous, costs) in [(true, true), (false, false)] {
        let mut t = t19(26, 2, Division::Junior, adventurous);
        let s = t.setter();
        let o = t.left(s);
        start19(&mut t, [3, 2, 1], FACES, UNI);
        let ev = challenge(&mut t, o, ChallengeKind::Impossible);
        assert!(set_aside(&ev));
        assert_eq!(penalized(&ev), costs, "adventurous {adventurous}: {ev:?}");
    }
}

// ------------------------------------------------------------ III-B-2-b, c: the Goal arranged, then set by time

fn arrange(t: &mut T, g: &str) -> Result<Vec<Event>, Rejection> {
    let p = t.setter();
    t.try_act(Act::ArrangeGoal {
        player: p,
        goal: GoalSpec::Layout(g.into()),
    })
}

fn digit_in(t: &T, d: u8) -> Place {
    t.m.cubes()
        .iter()
        .find(|c| c.face == Symbol::Digit(d))
        .unwrap()
        .place
}

/// B19 III-B-2-b, c: "The Goal-setter may rearrange or regroup the cubes in
/// the Goal section until she says 'Goal.' If the time runs out to set the
/// Goal … it has been set." The arrangement is shown in the Goal section,
/// may be replaced (keeping every cube that touched the section, III-B-2),
/// and when B19's two minutes for rolling and setting the Goal run out it is
/// the Goal, with no point lost; the unused digit cube goes to Forbidden and
/// the first turn's two minutes start.
#[test]
fn b19_iii_b_2_c_goal_set_when_time_runs_out() {
    let mut t = t19(2, 2, Division::Junior, false);
    let s = t.setter();
    start19(&mut t, [3, 2, 1], FACES, UNI);
    let ev = arrange(&mut t, "2").unwrap();
    assert!(has(
        &ev,
        |e| matches!(e, Event::GoalArranged { goal, .. } if goal == "2")
    ));
    assert_eq!(digit_in(&t, 2), Place::Goal, "everyone sees it on the mat");
    assert!(t.m.goal().is_none(), "not set before \"Goal\"");
    // III-B-2: "Once a digit cube touches the Goal section of the mat, it
    // must be used in the Goal."
    let r = arrange(&mut t, "3").unwrap_err();
    assert_eq!(r.code, RejectCode::GoalCubeMustStay);
    arrange(&mut t, "2+1").unwrap();
    assert!(matches!(
        t.m.phase(),
        Phase::Goal { arranged: Some(GoalSpec::Layout(g)), .. } if g == "2+1"
    ));
    // The time runs out at the end of the ten-second countdown (XI-A-3).
    let ev = t.clock(130_000);
    assert!(has(
        &ev,
        |e| matches!(e, Event::GoalSetByTime { player } if *player == s)
    ));
    assert!(has(
        &ev,
        |e| matches!(e, Event::GoalSet { goal, .. } if goal == "2+1")
    ));
    assert!(!has(&ev, |e| matches!(e, Event::TimeExpired { .. })));
    assert_eq!(t.penalties()[s], 0, "the Goal was set in time");
    assert_eq!(t.m.goal(), Some(&GoalSpec::Layout("2+1".into())));
    assert_eq!(digit_in(&t, 3), Place::Forbidden, "III-B comment");
    let mover = t.left(s);
    assert!(matches!(*t.m.phase(), Phase::Moves { turn, .. } if turn == mover));
    let first = t.m.timers().iter().find(|x| x.task == Task::Move).unwrap();
    assert_eq!(
        first.due_ms, 250_000,
        "XI-A-1-d: two minutes for the first turn"
    );
    // The Goal may not be changed once it has been set (III-B-2-d).
    assert_eq!(
        arrange(&mut t, "2+1").unwrap_err().code,
        RejectCode::WrongPhase
    );
}

/// A19 III-B-2-c: the same in Adventurous (two minutes after the
/// variations, XI-A-1-c); an arrangement made in the additional minute is
/// set when that minute runs out, and the one point already lost stays the
/// only one.
#[test]
fn a19_iii_b_2_c_goal_set_when_time_runs_out() {
    for late in [false, true] {
        let mut t = t19(4, 2, Division::Junior, true);
        let s = t.setter();
        let o = t.left(s);
        start19(&mut t, [3, 2, 1], FACES, UNI);
        t.select(s, "two-operations");
        t.select(o, "absolute-value");
        t.select(o, "required-cube ∪");
        let due =
            t.m.timers()
                .iter()
                .find(|x| x.player == s && x.task == Task::SetGoal)
                .unwrap()
                .due_ms;
        // Each limit runs out at the end of its ten-second countdown (XI-A-3).
        let end = if late {
            let ev = t.clock(due + 10_000);
            assert!(has(&ev, |e| matches!(
                e,
                Event::TimeExpired {
                    task: Task::SetGoal,
                    ..
                }
            )));
            due + 10_000 + 60_000 + 10_000
        } else {
            due + 10_000
        };
        arrange(&mut t, "3*2").unwrap();
        let ev = t.clock(end);
        assert!(
            has(&ev, |e| matches!(e, Event::GoalSetByTime { .. })),
            "late={late}"
        );
        assert_eq!(t.m.goal(), Some(&GoalSpec::Layout("3*2".into())));
        assert_eq!(t.penalties()[s], if late { -1 } else { 0 });
    }
}

/// III-B-2-c with nothing in the Goal section: nothing is set (editions.md
/// Q10, the test above for B19); an arrangement then made is set by the
/// Goal-setter's "Goal" as usual, and must use the arranged cubes.
#[test]
fn b19_iii_b_2_a_goal_said_after_an_arrangement() {
    let mut t = t19(2, 2, Division::Junior, false);
    start19(&mut t, [3, 2, 1], FACES, UNI);
    arrange(&mut t, "3").unwrap();
    let s = t.setter();
    let r = t.try_act(Act::SetGoal {
        player: s,
        goal: GoalSpec::Layout("2".into()),
        unused_to_forbidden: true,
    });
    assert_eq!(r.unwrap_err().code, RejectCode::GoalCubeMustStay);
    let ev = t.goal("3*2");
    assert!(has(
        &ev,
        |e| matches!(e, Event::GoalSet { goal, .. } if goal == "3*2")
    ));
    assert!(!has(&ev, |e| matches!(e, Event::GoalSetByTime { .. })));
}

/// III-C: "Before moving the first digit cube to the Goal section of the
/// mat, the Goal-setter may make a bonus move"; III-B-2: a Goal must be set
/// once a digit cube touched the section, so no "no Goal" either.
#[test]
fn b19_iii_c_no_bonus_or_no_goal_after_arranging() {
    let mut t = t19(6, 2, Division::Junior, false);
    start19(&mut t, [3, 2, 1], FACES, UNI);
    arrange(&mut t, "3").unwrap();
    let s = t.setter();
    let cube = t.cube("B", Place::Resources);
    let r = t.try_act(Act::Move {
        player: s,
        cube,
        to: Place::Forbidden,
        bonus: true,
    });
    assert_eq!(r.unwrap_err().code, RejectCode::GoalTouched);
    let r = t.try_act(Act::DeclareNoGoal { player: s });
    assert_eq!(r.unwrap_err().code, RejectCode::GoalTouched);
    // Only the Goal-setter arranges.
    let o = t.left(s);
    let r = t.try_act(Act::ArrangeGoal {
        player: o,
        goal: GoalSpec::Layout("3".into()),
    });
    assert_eq!(r.unwrap_err().code, RejectCode::NotGoalSetter);
}

/// III-B-2-c then III-B-1: an illegal arrangement set by time is an
/// illegal Goal like one announced: pending illegal procedure, corrected on
/// a charge with its digit cubes staying (OS-B2).
#[test]
fn b19_iii_b_2_c_illegal_arrangement_set_by_time_is_an_illegal_goal() {
    let mut t = t19(2, 2, Division::Junior, false);
    let s = t.setter();
    let o = t.left(s);
    start19(&mut t, [3, 2, 1], FACES, UNI);
    t.act(Act::ArrangeGoal {
        player: s,
        goal: GoalSpec::Illegal {
            digits: vec![3, 2],
            description: "3 above 2, crooked".into(),
        },
    });
    let ev = t.clock(130_000);
    assert!(has(&ev, |e| matches!(e, Event::GoalSetByTime { .. })));
    assert!(t
        .m
        .pending()
        .iter()
        .any(|p| matches!(p.kind, IpKind::IllegalGoal { .. })));
    t.act(Act::ChargeIllegalProcedure { player: o });
    assert!(matches!(t.m.phase(), Phase::Goal { revise, .. } if revise.len() == 2));
    assert_eq!(digit_in(&t, 3), Place::Goal);
}

/// 2026-27 III-B-2-a: the Goal is set by saying "Goal"; the 2019-20
/// arrangement is refused with `edition` and not offered.
#[test]
fn t26_arrange_goal_refused() {
    let mut t = T::new(2, 2, Division::Junior, false);
    t.start([3, 2, 1], FACES, UNI);
    let s = t.setter();
    assert!(!t
        .m
        .legal_actions(s)
        .iter()
        .any(|a| matches!(a, Act::ArrangeGoal { .. })));
    let r = arrange(&mut t, "3").unwrap_err();
    assert_eq!(r.code, RejectCode::Edition);
    assert_eq!(r.rule.0, "III-B-2");
    assert_eq!(digit_in(&t, 3), Place::Resources);
}

/// The 2019-20 arrangement is offered by `legal_actions` (III-B-2-b).
#[test]
fn b19_iii_b_2_b_arranging_is_a_legal_action() {
    let mut t = t19(2, 2, Division::Junior, false);
    start19(&mut t, [3, 2, 1], FACES, UNI);
    let s = t.setter();
    let legal = t.m.legal_actions(s);
    assert!(legal.contains(&Act::ArrangeGoal {
        player: s,
        goal: GoalSpec::Layout("3*2".into()),
    }));
}

// ------------------------------------------------------------ VII-A-3: the Third Party declares a side

fn join(t: &mut T, player: usize, side: Side) -> Result<Vec<Event>, Rejection> {
    t.try_act(Act::JoinSide { player, side })
}

/// Runs the clock past the writing time (the Third Party's two minutes).
fn lapse(t: &mut T) -> Vec<Event> {
    let due = t.m.timers().iter().map(|x| x.due_ms).max().unwrap();
    t.clock(due)
}

/// A19 VII-A-3: "The Third Party must decide by the end of the two minutes
/// for writing Solutions whether to agree with the Challenger or the
/// Mover"; X-A-1: agreeing with the writer, the Third Party "must write a
/// correct Solution also" — declared for the Challenger on a Now and
/// presenting nothing: not correct, 2 (editions.md §1.5). Challenger
/// correct: 6 / 2 / 2; Challenger wrong: 2 / 6 / 2 (silent: 6).
#[test]
fn b19_vii_a_3_third_party_joining_the_challenger_must_write() {
    for (c_solution, want) in [("B ∪ B", (6, 2, 2)), ("R", (2, 6, 2))] {
        let (mut t, s, a, b) = b19_three(13);
        t.mv(b, "∪", Place::Permitted);
        challenge(&mut t, s, ChallengeKind::Now);
        let ev = join(&mut t, a, Side::Challenger).unwrap();
        assert!(has(&ev, |e| matches!(
            e,
            Event::JoinedSide { player, side: Side::Challenger } if *player == a
        )));
        // X-A-1: the Third Party must now write: declining is refused.
        let r = t.try_act(Act::Decline { player: a }).unwrap_err();
        assert_eq!(r.code, RejectCode::MustOrMayNot);
        assert_eq!(
            join(&mut t, a, Side::Mover).unwrap_err().code,
            RejectCode::AlreadyDecided
        );
        t.present(s, c_solution);
        assert!(matches!(t.m.phase(), Phase::Writing(_)), "T still writes");
        let ev = lapse(&mut t);
        assert!(!has(&ev, |e| matches!(e, Event::Penalty { .. })));
        let p = t.last_scores();
        assert_eq!((p[s], p[b], p[a]), want, "{c_solution}: {p:?}");
    }
}

/// VII-A-3 on an Impossible: joining the Mover (the writer) and presenting
/// nothing is not correct: Mover correct 2 / 6 / 2, Mover wrong 6 / 2 / 2
/// (silent: 4).
#[test]
fn b19_vii_a_3_third_party_joining_the_mover_on_impossible_must_write() {
    for (m_solution, want) in [("B ∪ B", (2, 6, 2)), ("R", (6, 2, 2))] {
        let (mut t, s, a, b) = b19_three(15);
        t.mv(b, "∪", Place::Permitted);
        challenge(&mut t, s, ChallengeKind::Impossible);
        join(&mut t, a, Side::Mover).unwrap();
        t.present(b, m_solution);
        lapse(&mut t);
        let p = t.last_scores();
        assert_eq!((p[s], p[b], p[a]), want, "{m_solution}: {p:?}");
    }
}

/// A19 VII-A-3: the same declaration in Adventurous: joined the Challenger
/// on a Now and presented nothing: 2, beside a correct Challenger (6 / 2 / 2).
#[test]
fn a19_vii_a_3_third_party_joining_the_challenger_must_write() {
    let mut t = t19(13, 3, Division::Junior, true);
    let s = t.setter();
    let a = t.left(s);
    let b = t.left(a);
    start19(&mut t, [3, 2, 1], FACES, UNI);
    // Variations "B ∪ B" meets (XIII-B).
    for (p, v) in [
        (s, "absolute-value"),
        (a, "required-cube ∪"),
        (b, "required-cube B"),
    ] {
        if let Phase::Variations { .. } = t.m.phase() {
            t.select(p, v);
        }
    }
    assert!(
        matches!(t.m.phase(), Phase::Goal { .. }),
        "{:?}",
        t.m.phase()
    );
    t.goal("3");
    t.mv(a, "B", Place::Required);
    t.mv(b, "∪", Place::Permitted);
    challenge(&mut t, s, ChallengeKind::Now);
    join(&mut t, a, Side::Challenger).unwrap();
    t.present(s, "B ∪ B");
    lapse(&mut t);
    let p = t.last_scores();
    assert_eq!((p[s], p[b], p[a]), (6, 2, 2), "{p:?}");
}

/// VII-A-3, X-A-1: a Third Party who declared for the writer and presents
/// is scored on their own Solution, every row of editions.md §1.5 with a
/// presenting Third Party (C / M / T): joined the Challenger on a Now, a
/// correct Third Party scores 4 (X-B-2) whatever the Challenger's; joined
/// the Mover on an Impossible, 6.
#[test]
fn b19_x_b_2_third_party_joined_the_writer_and_wrote() {
    use ChallengeKind::*;
    let ok = "B ∪ B";
    let bad = "R";
    let rows = [
        (Now, ok, ok, (6, 2, 4)),
        (Now, ok, bad, (6, 2, 2)),
        (Now, bad, ok, (2, 2, 4)),
        (Now, bad, bad, (2, 6, 2)),
        (Impossible, ok, ok, (2, 6, 6)),
        (Impossible, ok, bad, (2, 6, 2)),
        (Impossible, bad, ok, (2, 2, 6)),
        (Impossible, bad, bad, (6, 2, 2)),
    ];
    for (kind, w_solution, t_solution, want) in rows {
        let (mut t, s, a, b) = b19_three(13);
        t.mv(b, "∪", Place::Permitted);
        challenge(&mut t, s, kind);
        let (writer, side) = if kind == Now {
            (s, Side::Challenger)
        } else {
            (b, Side::Mover)
        };
        join(&mut t, a, side).unwrap();
        t.present(a, t_solution);
        t.present(writer, w_solution);
        let p = t.last_scores();
        assert_eq!(
            (p[s], p[b], p[a]),
            want,
            "{kind:?} writer {w_solution} T {t_solution}: {p:?}"
        );
    }
}

/// VII-A-3: joining the player who does not write is not writing (as a
/// silent Third Party, comment c): on a Now, joined the Mover beside a
/// wrong Challenger: 6; on an Impossible, joined the Challenger beside a
/// wrong Mover: 4 (X-B-2); beside a correct writer: 2. Presenting is then
/// refused.
#[test]
fn b19_vii_a_3_third_party_joining_the_non_writer() {
    let cases = [
        (ChallengeKind::Now, Side::Mover, "R", (2, 6, 6)),
        (ChallengeKind::Now, Side::Mover, "B ∪ B", (6, 2, 2)),
        (ChallengeKind::Impossible, Side::Challenger, "R", (6, 2, 4)),
        (
            ChallengeKind::Impossible,
            Side::Challenger,
            "B ∪ B",
            (2, 6, 2),
        ),
    ];
    for (kind, side, solution, want) in cases {
        let (mut t, s, a, b) = b19_three(14);
        t.mv(b, "∪", Place::Permitted);
        challenge(&mut t, s, kind);
        let writer = if kind == ChallengeKind::Now { s } else { b };
        let ev = join(&mut t, a, side).unwrap();
        assert!(has(&ev, |e| matches!(e, Event::JoinedSide { .. })));
        let r = t
            .try_act(Act::Present {
                player: a,
                solution: "B ∪ B".into(),
                goal: None,
            })
            .unwrap_err();
        assert_eq!(r.code, RejectCode::Declined);
        t.present(writer, solution);
        let p = t.last_scores();
        assert_eq!((p[s], p[b], p[a]), want, "{kind:?} {solution}: {p:?}");
    }
}

/// VII-A-3: only the Third Party joins, once, during the writing of a Now
/// or Impossible challenge; presenting already joined the writer.
#[test]
fn b19_vii_a_3_join_side_refusals() {
    let (mut t, s, a, b) = b19_three(13);
    assert_eq!(
        join(&mut t, a, Side::Mover).unwrap_err().code,
        RejectCode::WrongPhase
    );
    t.mv(b, "∪", Place::Permitted);
    challenge(&mut t, s, ChallengeKind::Now);
    assert_eq!(
        join(&mut t, s, Side::Challenger).unwrap_err().code,
        RejectCode::NotThirdParty
    );
    assert_eq!(
        join(&mut t, b, Side::Mover).unwrap_err().code,
        RejectCode::NotThirdParty
    );
    let legal = t.m.legal_actions(a);
    assert!(legal.contains(&Act::JoinSide {
        player: a,
        side: Side::Challenger
    }));
    t.present(a, "B ∪ B");
    assert_eq!(
        join(&mut t, a, Side::Mover).unwrap_err().code,
        RejectCode::AlreadyPresented
    );
}

/// 2026-27 VII-A: the Third Party "may present a Solution"; there is no
/// side to join: `join_side` is refused with `edition` and not offered.
#[test]
fn t26_join_side_refused() {
    let mut t = T::new(13, 3, Division::Junior, false);
    let s = t.setter();
    let a = t.left(s);
    let b = t.left(a);
    t.start([3, 2, 1], FACES, UNI);
    t.goal("3");
    t.mv(a, "B", Place::Required);
    t.mv(b, "∪", Place::Permitted);
    challenge(&mut t, s, ChallengeKind::Now);
    assert!(!t
        .m
        .legal_actions(a)
        .iter()
        .any(|x| matches!(x, Act::JoinSide { .. })));
    assert_eq!(
        join(&mut t, a, Side::Challenger).unwrap_err().code,
        RejectCode::Edition
    );
}

/// The log replays the new acts and the Goal set by time: a B19 match with
/// fixed dice, an arrangement set when the time ran out, a challenge and a
/// Third Party's declaration, replayed line by line to the same state.
#[test]
fn b19_arrange_goal_and_join_side_replay() {
    let mut c = cfg19(21, 3, Division::Junior, false);
    c.dice = Some(Dice {
        first_setter: Some(0),
        coins: Vec::new(),
        shakes: vec![ShakeDice {
            faces: Some(format!("3 2 1 {FACES}")),
            cards: Some(UNI.into()),
        }],
    });
    let mut t = T::with(c);
    t.act(Act::Roll {
        player: 0,
        set_out: None,
    });
    let dealer = t.m.dealer();
    t.act(Act::Deal {
        player: dealer,
        count: 6,
    });
    arrange(&mut t, "2").unwrap();
    arrange(&mut t, "2+1").unwrap();
    let ev = t.clock(130_000);
    assert!(has(&ev, |e| matches!(e, Event::GoalSetByTime { .. })));
    t.mv(1, "B", Place::Required);
    t.mv(2, "∪", Place::Permitted);
    challenge(&mut t, 0, ChallengeKind::Now);
    join(&mut t, 1, Side::Challenger).unwrap();
    t.present(0, "B ∪ B");
    t.present(1, "B ∪ R");
    let log = t.m.log_lines();
    assert!(log.contains(r#""type":"arrange_goal""#), "{log}");
    assert!(log.contains(r#""type":"join_side""#) && log.contains(r#""side":"challenger""#));
    let r = Match::replay(&log).unwrap();
    assert_eq!(r, t.m);
}

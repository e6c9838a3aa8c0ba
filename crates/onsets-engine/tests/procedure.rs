//! Procedures added after the first scenario set: absent and late players
//! (X-D, XII-A), the challenge block (V-B, XI-A-1-f), checkers working
//! separately on ambiguity (VII-C-5-c comments a–e), the X-A-2 exception and
//! OS-C13. Each test is named after its rule or situation.
mod common;
use common::*;
use onsets_core::Division;
use onsets_engine::*;

const FACES: &str = "B R G Y B R G Y ∪ ∩ − ′ V Λ =";
const UNI: &str = "B R G BR BG RG";

fn absent_cfg(seed: u64, absent: usize) -> MatchConfig {
    let mut cfg = MatchConfig::new(seed, &["Ann", "Bob", "Cy"], Division::Middle, false);
    cfg.absent = vec![absent];
    cfg
}

/// Goal set, the player to the Goal-setter's left challenges Impossible, the
/// Goal-setter presents: a scored shake.
fn quick_shake(t: &mut T) {
    let s = t.setter();
    t.start([1, 2, 3], FACES, UNI);
    t.goal("2");
    t.act(Act::Challenge {
        player: t.left(s),
        kind: ChallengeKind::Impossible,
    });
    t.present(s, "B ∪ R");
    if let Phase::Writing(_) = t.m.phase() {
        // the Third Party (if any) declines
        for q in 0..t.m.n() {
            let _ = t.try_act(Act::Decline { player: q });
        }
    }
}

#[test]
fn x_d_player_arriving_after_the_roll_scores_minus_two_and_sits_out() {
    let mut t = T::with(absent_cfg(50, 2));
    assert_ne!(t.setter(), 2, "the lot is drawn among the players present");
    let s = t.setter();
    t.start([1, 2, 3], FACES, UNI);
    let ev = t.act(Act::Arrive { player: 2 });
    assert!(has(&ev, |e| matches!(
        e,
        Event::Arrived {
            player: 2,
            late: true
        }
    )));
    t.goal("2");
    // turns skip the late player: a two-player shake
    assert!(matches!(*t.m.phase(), Phase::Moves { turn, .. } if turn == t.left(s) && turn != 2));
    let r = t
        .try_act(Act::Challenge {
            player: 2,
            kind: ChallengeKind::Impossible,
        })
        .unwrap_err();
    assert_eq!((r.code, r.rule.as_str()), (RejectCode::NotSeated, "X-D"));
    t.act(Act::Challenge {
        player: t.left(s),
        kind: ChallengeKind::Impossible,
    });
    t.present(s, "B ∪ R");
    let sc = t.last_scores();
    assert_eq!(sc[2], -2);
    assert!(sc[s] == 6 || sc[s] == 2);
    // the next shake includes the player
    assert!(t.m.is_seated(2));
}

#[test]
fn x_d_player_arriving_before_the_roll_plays_the_shake() {
    let mut t = T::with(absent_cfg(51, 2));
    let s = t.setter();
    assert_eq!(t.m.seated_count(), 2);
    let ev = t.act(Act::Arrive { player: 2 });
    assert!(has(&ev, |e| matches!(
        e,
        Event::Arrived {
            player: 2,
            late: false
        }
    )));
    assert_eq!(t.m.seated_count(), 3);
    assert_eq!(
        t.m.dealer(),
        t.m.right(s),
        "the dealer is to the Goal-setter's right"
    );
    quick_shake(&mut t);
    assert!(
        t.last_scores()[2] >= 2,
        "no −2 for arriving before the roll"
    );
    let r = t.try_act(Act::Arrive { player: 2 }).unwrap_err();
    assert_eq!(r.rule.as_str(), "X-D");
}

#[test]
fn x_d_two_player_match_waits_for_the_absent_player() {
    let mut cfg = MatchConfig::new(52, &["Ann", "Bob"], Division::Middle, false);
    cfg.absent = vec![1];
    let mut t = T::with(cfg);
    assert_eq!(t.setter(), 0);
    let r = t.try_act(Act::Roll {
        player: 0,
        set_out: None,
    });
    assert_eq!(r.unwrap_err().code, RejectCode::Waiting);
    // no time limit runs while waiting
    assert!(t.clock(5 * 60_000).is_empty());
    t.act(Act::Arrive { player: 1 });
    assert_eq!(t.m.dealer(), 1);
    quick_shake(&mut t);
    assert_eq!(t.m.history().len(), 1);
}

#[test]
fn xii_a_did_not_play_scores_zero_match_points() {
    let mut cfg = absent_cfg(53, 2);
    cfg.round_ms = 5 * 60_000;
    let mut t = T::with(cfg);
    quick_shake(&mut t);
    assert_eq!(t.last_scores()[2], -2);
    t.clock(6 * 60_000);
    let mp =
        t.m.match_points()
            .map(<[u32]>::to_vec)
            .expect("the match is over");
    assert_eq!(mp[2], 0, "Did Not Play");
    let totals = t.m.totals();
    let a = t.m.history()[0].goal_setter;
    let other = if a == 0 { 1 } else { 0 };
    let expect = |p: usize, q: usize| match totals[p].cmp(&totals[q]) {
        std::cmp::Ordering::Greater => 6,
        std::cmp::Ordering::Equal => 5,
        std::cmp::Ordering::Less => 4,
    };
    assert_eq!(mp[a], expect(a, other));
    assert_eq!(mp[other], expect(other, a));
}

#[test]
fn xii_a_late_player_who_played_a_shake_is_ranked() {
    let mut cfg = absent_cfg(54, 2);
    cfg.round_ms = 5 * 60_000;
    let mut t = T::with(cfg);
    t.act(Act::Arrive { player: 2 });
    quick_shake(&mut t);
    t.clock(6 * 60_000);
    let mp = t.m.match_points().map(<[u32]>::to_vec).unwrap();
    assert!(mp[2] >= 2, "a player who played is placed: {mp:?}");
}

fn after_goal(seed: u64, n: usize) -> (T, usize, usize) {
    let mut t = T::new(seed, n, Division::Middle, false);
    let s = t.setter();
    let o = t.left(s);
    t.start([1, 2, 3], FACES, UNI);
    t.goal("2");
    (t, s, o)
}

#[test]
fn xi_a_1_f_block_picked_up_and_nothing_said_for_15_seconds_costs_a_point() {
    let (mut t, s, o) = after_goal(55, 2);
    let ev = t.act(Act::PickUpBlock { player: s });
    assert!(has(&ev, |e| matches!(e, Event::BlockPickedUp { .. })));
    assert_eq!(t.penalties()[s], 0, "no penalty yet: 15 seconds to speak");
    // nobody moves while the block is up
    let b = t.cube("B", Place::Resources);
    let r = t
        .try_act(Act::Move {
            player: o,
            cube: b,
            to: Place::Required,
            bonus: false,
        })
        .unwrap_err();
    assert_eq!((r.code, r.rule.as_str()), (RejectCode::BlockHeld, "V-B"));
    let at = t.m.now_ms();
    // no ten-second countdown (XI-A-3 exception)
    let ev = t.clock(at + 14_000);
    assert!(ev.is_empty());
    let ev = t.clock(at + 15_000);
    assert!(has(
        &ev,
        |e| matches!(e, Event::ChallengeSetAside { rule, .. } if rule == "XI-A-1-f")
    ));
    assert_eq!(t.penalties()[s], -1);
    assert!(t.m.block().is_none());
    // play continues
    t.mv(o, "B", Place::Required);
}

#[test]
fn v_b_block_holder_states_a_valid_challenge_within_15_seconds() {
    let (mut t, s, o) = after_goal(56, 2);
    t.act(Act::PickUpBlock { player: o });
    let ev = t.act(Act::Challenge {
        player: o,
        kind: ChallengeKind::Impossible,
    });
    assert!(has(
        &ev,
        |e| matches!(e, Event::Challenged { player, against, .. } if *player == o && *against == s)
    ));
    assert_eq!(t.penalties(), vec![0, 0]);
    // the 15 seconds no longer run
    let at = t.m.now_ms();
    let ev = t.clock(at + 20_000);
    assert!(!has(&ev, |e| matches!(e, Event::ChallengeSetAside { .. })));
}

#[test]
fn v_b_block_holder_invalid_claim_is_set_aside_with_a_point() {
    let (mut t, _s, o) = after_goal(57, 2);
    t.act(Act::PickUpBlock { player: o });
    // Now with nothing in Required or Permitted (V-A-2-b)
    let ev = t.act(Act::Challenge {
        player: o,
        kind: ChallengeKind::Now,
    });
    assert!(has(
        &ev,
        |e| matches!(e, Event::ChallengeSetAside { rule, .. } if rule == "V-A-2-b")
    ));
    assert_eq!(t.penalties()[o], -1);
    assert!(t.m.block().is_none());
    assert!(matches!(t.m.phase(), Phase::Moves { .. }));
}

#[test]
fn v_b_block_picked_up_then_put_down_costs_a_point() {
    let (mut t, s, o) = after_goal(58, 2);
    t.act(Act::PickUpBlock { player: o });
    let r = t.try_act(Act::PutDownBlock { player: s }).unwrap_err();
    assert_eq!(r.rule.as_str(), "V-B");
    t.act(Act::PutDownBlock { player: o });
    assert_eq!(t.penalties()[o], -1);
    assert!(t.m.block().is_none());
}

#[test]
fn v_b_simultaneous_pick_up_the_first_in_the_log_is_the_challenger() {
    let (mut t, s, a) = after_goal(59, 3);
    let b = t.left(a);
    t.mv(a, "B", Place::Required);
    // a moved last: s and b pick up the block at the same instant
    let at = t.m.now_ms() + 1000;
    let (m, _) =
        t.m.apply(Action {
            at_ms: at,
            act: Act::PickUpBlock { player: b },
        })
        .unwrap();
    let r = m
        .apply(Action {
            at_ms: at,
            act: Act::PickUpBlock { player: s },
        })
        .unwrap_err();
    assert_eq!((r.code, r.rule.as_str()), (RejectCode::BlockHeld, "V-B"));
    // two challenges at the same instant: the first in the log stands
    let (m, _) =
        t.m.apply(Action {
            at_ms: at,
            act: Act::Challenge {
                player: s,
                kind: ChallengeKind::Impossible,
            },
        })
        .unwrap();
    let r = m
        .apply(Action {
            at_ms: at,
            act: Act::Challenge {
                player: b,
                kind: ChallengeKind::Impossible,
            },
        })
        .unwrap_err();
    assert_eq!(r.code, RejectCode::AlreadyChallenged);
    let Phase::Writing(w) = m.phase() else {
        panic!("writing")
    };
    assert!(matches!(w.kind, WritingKind::Challenge { challenger, .. } if challenger == s));
}

/// Three players, players' checking: `b` challenges Now and presents the
/// ambiguous `B ∪ G − R` (Goal 3: (B ∪ G) − R is right, B ∪ (G − R) is 4);
/// the Third Party `s` declines. Checkers: `s` and the Mover `a`.
fn ambiguous_now(seed: u64) -> (T, usize, usize, usize) {
    let mut cfg = MatchConfig::new(seed, &["Ann", "Bob", "Cy"], Division::Middle, false);
    cfg.checking = CheckingMode::Players;
    let mut t = T::with(cfg);
    let s = t.setter();
    let a = t.left(s);
    let b = t.left(a);
    t.start([3, 2, 1], "B R G Y B R G Y ∪ ∩ − ′ V Λ V", UNI);
    t.goal("3");
    t.mv(a, "B", Place::Required);
    t.mv(b, "∪", Place::Required);
    t.mv(s, "G", Place::Required);
    t.mv(a, "−", Place::Required);
    t.act(Act::Challenge {
        player: b,
        kind: ChallengeKind::Now,
    });
    t.present(b, "B ∪ G − R");
    t.act(Act::Decline { player: s });
    assert!(matches!(t.m.phase(), Phase::Checking(_)));
    (t, s, a, b)
}

fn attempt(t: &mut T, checker: usize, writer: usize, g: &str) -> Result<Vec<Event>, Rejection> {
    t.try_act(Act::Object {
        player: checker,
        writer,
        objection: Objection::Ambiguous { grouping: g.into() },
    })
}

#[test]
fn vii_c_5_c_checkers_work_separately_attempts_checked_when_both_are_ready() {
    let (mut t, s, a, b) = ambiguous_now(60);
    let ev = attempt(&mut t, a, b, "B ∪ (G − B)").unwrap();
    assert!(has(&ev, |e| matches!(e, Event::AmbiguityAttempt { .. })));
    assert!(
        !has(&ev, |e| matches!(e, Event::ObjectionRuled { .. })),
        "an attempt is checked when every checker is ready"
    );
    let ev = attempt(&mut t, s, b, "B ∪ (G − R)").unwrap();
    let ruled: Vec<(usize, bool)> = ev
        .iter()
        .filter_map(|e| match e {
            Event::ObjectionRuled {
                checker, upheld, ..
            } => Some((*checker, *upheld)),
            _ => None,
        })
        .collect();
    assert_eq!(ruled, vec![(a, false), (s, true)]);
    assert!(has(&ev, |e| matches!(
        e,
        Event::SolutionJudged { correct: false, .. }
    )));
}

#[test]
fn vii_c_5_c_comment_c_each_checker_has_one_attempt() {
    let (mut t, s, a, b) = ambiguous_now(61);
    attempt(&mut t, a, b, "B ∪ (G − B)").unwrap();
    let r = attempt(&mut t, a, b, "B ∪ (G − R)").unwrap_err();
    assert_eq!(
        (r.code, r.rule.as_str()),
        (RejectCode::AlreadyDecided, "VII-C-5-c")
    );
    // the other checker still has theirs
    attempt(&mut t, s, b, "B ∪ (G − B)").unwrap();
    assert_eq!(
        t.last_scores()[b],
        6,
        "every attempt failed: the Solution stands"
    );
}

#[test]
fn vii_c_5_c_comment_a_additional_minute_costs_only_the_late_checker() {
    let (mut t, s, a, b) = ambiguous_now(62);
    attempt(&mut t, a, b, "B ∪ (G − B)").unwrap();
    let at = t.m.now_ms();
    // two minutes and the ten-second countdown: s takes the additional minute
    let ev = t.clock(at + 131_000);
    assert!(has(&ev, |e| matches!(
        e,
        Event::TimeExpired { player, task: Task::Check, second: false } if *player == s
    )));
    attempt(&mut t, s, b, "B ∪ (G − R)").unwrap();
    assert_eq!(t.m.history().last().unwrap().penalties[s], -1);
    assert_eq!(
        t.m.history().last().unwrap().penalties[a],
        0,
        "the checker who was ready pays nothing"
    );
    assert_eq!(t.last_scores()[b], 2);
}

#[test]
fn vii_c_5_c_comment_d_the_other_checker_checks_other_aspects() {
    let (mut t, s, a, b) = ambiguous_now(63);
    attempt(&mut t, a, b, "B ∪ (G − R)").unwrap();
    // s objects on another ground while a's attempt waits
    let ev = t
        .try_act(Act::Object {
            player: s,
            writer: b,
            objection: Objection::WrongValue,
        })
        .unwrap();
    let ruled: Vec<(usize, bool)> = ev
        .iter()
        .filter_map(|e| match e {
            Event::ObjectionRuled {
                checker, upheld, ..
            } => Some((*checker, *upheld)),
            _ => None,
        })
        .collect();
    assert_eq!(ruled, vec![(s, false), (a, true)]);
}

#[test]
fn vii_c_5_c_comment_e_no_penalty_while_the_writer_checks_attempts_made_in_time() {
    let (mut t, s, a, b) = ambiguous_now(64);
    attempt(&mut t, a, b, "B ∪ (G − B)").unwrap();
    attempt(&mut t, s, b, "B ∪ (G − B)").unwrap();
    assert_eq!(t.m.history().last().unwrap().penalties, vec![0, 0, 0]);
    // no checking timer is left running
    assert!(t.m.timers().iter().all(|x| x.task != Task::Check));
}

#[test]
fn x_a_2_exception_non_presenter_accepting_a_wrong_solution_scores_2() {
    let (mut t, s, a, b) = ambiguous_now(65);
    // the Third Party s accepts; the Mover a proves ambiguity
    t.act(Act::Accept {
        player: s,
        writer: b,
    });
    attempt(&mut t, a, b, "B ∪ (G − R)").unwrap();
    let sc = t.last_scores();
    assert_eq!(sc[b], 2, "the Challenger's Solution was wrong");
    assert_eq!(sc[a], 6, "the Mover is correct");
    assert_eq!(
        sc[s], 2,
        "X-A-2 exception: 2, not the 6 of X-B-3 for a Third Party"
    );
}

#[test]
fn x_a_2_without_the_acceptance_the_third_party_scores_6() {
    let (mut t, s, a, b) = ambiguous_now(66);
    attempt(&mut t, s, b, "B ∪ (G − B)").unwrap();
    attempt(&mut t, a, b, "B ∪ (G − R)").unwrap();
    let sc = t.last_scores();
    assert_eq!((sc[b], sc[a], sc[s]), (2, 6, 6));
}

/// VII-C-4: both checkers accept the ambiguous `B ∪ G − R`; it stands as
/// correct (the Challenger scores 6), and the judgment says the checker
/// finds it incorrect (a report from play: "when players accepted a Solution the
/// checker finds incorrect, say so").
#[test]
fn vii_c_4_an_accepted_solution_stands_and_the_checkers_finding_is_told() {
    let (mut t, s, a, b) = ambiguous_now(68);
    t.act(Act::Accept {
        player: s,
        writer: b,
    });
    let ev = t.try_act(Act::Accept {
        player: a,
        writer: b,
    });
    let ev = ev.unwrap();
    let judged = ev
        .iter()
        .find_map(|e| match e {
            Event::SolutionJudged {
                writer,
                correct,
                reasons,
                ..
            } if *writer == b => Some((*correct, reasons.clone())),
            _ => None,
        })
        .expect("the Solution is judged");
    assert!(judged.0, "accepted: it stands as correct");
    assert_eq!(judged.1.len(), 1, "{:?}", judged.1);
    assert!(
        judged.1[0].contains("VII-C-4") && judged.1[0].contains("checker finds it incorrect"),
        "{:?}",
        judged.1
    );
    assert_eq!(t.last_scores()[b], 6);
}

/// VII-C-4: an accepted correct Solution carries no such remark.
#[test]
fn vii_c_4_an_accepted_correct_solution_has_no_remark() {
    let mut cfg = MatchConfig::new(69, &["Ann", "Bob"], Division::Middle, false);
    cfg.checking = CheckingMode::Players;
    let mut t = T::with(cfg);
    let s = t.setter();
    let o = t.left(s);
    t.start([3, 2, 1], "B R G Y B R G Y ∪ ∩ − ′ V Λ V", UNI);
    // B ∪ G names B, G, BR, BG, RG: five cards, with the mat's cubes only.
    t.goal("3+2");
    t.mv(o, "B", Place::Required);
    t.mv(s, "∪", Place::Required);
    t.mv(o, "G", Place::Required);
    t.act(Act::Challenge {
        player: s,
        kind: ChallengeKind::Now,
    });
    t.present(s, "B ∪ G");
    let ev = t
        .try_act(Act::Accept {
            player: o,
            writer: s,
        })
        .unwrap();
    assert!(has(&ev, |e| matches!(
        e,
        Event::SolutionJudged { correct: true, reasons, .. } if reasons.is_empty()
    )));
}

/// XIII-C-10, XIII-C-11 with II-C-2: the choices offered to a person (the
/// browser's variation sheet) hold every card dealt and Double Sets beyond
/// `B` and `R′`, and each is taken with no penalty.
#[test]
fn xiii_c_variation_choices_cover_every_card_and_cost_no_point() {
    let mut t = T::new(70, 2, Division::Junior, true);
    let s = t.setter();
    t.start([1, 2, 3], FACES, UNI);
    let choices = t.m.variation_choices(s);
    for c in ["B", "R", "G", "BR", "BG", "RG"] {
        assert!(
            choices.contains(&format!("required-card {c}")),
            "{c}: {choices:?}"
        );
    }
    assert!(choices.contains(&"double-set G".to_string()), "{choices:?}");
    assert!(choices.iter().any(|v| v.contains('∪')), "{choices:?}");
    // XIII-C-10's four-symbol Double Sets, e.g. (B − R)′ and B ∩ R′.
    for v in [
        "double-set (B − R)′",
        "double-set B ∩ R′",
        "double-set B ∪ G′",
    ] {
        assert!(choices.contains(&v.to_string()), "{v}: {choices:?}");
    }
    // XIII-C-10: the doubled set is not empty and not the whole Universe.
    assert!(!choices.contains(&"double-set Y".to_string()), "no Y card");
    assert!(
        !choices.contains(&"double-set Y′".to_string()),
        "Y′ is every card"
    );
    for v in &choices {
        let (_, ev) =
            t.m.apply(Action {
                at_ms: t.m.now_ms(),
                act: Act::SelectVariation {
                    player: s,
                    variation: v.clone(),
                },
            })
            .unwrap_or_else(|e| panic!("{v}: {e:?}"));
        assert!(
            !ev.iter().any(|e| matches!(e, Event::Penalty { .. })),
            "{v} costs a point: {ev:?}"
        );
    }
    assert!(
        t.m.variation_choices(t.left(s)).is_empty(),
        "not their turn"
    );
}

#[test]
fn os_c13_equals_shifted_to_forbidden_with_four_or_fewer_is_still_returned() {
    let mut t = T::new(67, 2, Division::Middle, true);
    let s = t.setter();
    let o = t.left(s);
    t.start([1, 2, 3], FACES, UNI);
    t.select(s, "shift-from-permitted");
    t.select(o, "two-operations");
    t.select(o, "absolute-value");
    t.goal("2");
    t.mv(o, "=", Place::Permitted);
    let mut turn = s;
    while t.m.resources_count() > 4 {
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
    assert_eq!(t.m.resources_count(), 4);
    let eq = t.cube("=", Place::Permitted);
    t.act(Act::Shift {
        player: turn,
        cube: eq,
        to: Place::Forbidden,
    });
    assert_eq!(t.m.pending().len(), 1, "still illegal procedure (XIII-B-7)");
    t.act(Act::ChargeIllegalProcedure {
        player: t.left(turn),
    });
    assert_eq!(t.m.cubes()[eq as usize].place, Place::Permitted);
    assert!(
        matches!(*t.m.phase(), Phase::Moves { turn: x, .. } if x == turn),
        "the player moves again"
    );
    assert_eq!(t.penalties()[turn], 0);
}

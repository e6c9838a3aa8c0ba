//! End-to-end flows: roll, deal, variations, Goal, moves, challenges,
//! Solutions, scoring, next shake and the end of the match.
mod common;
use common::*;
use onsets_core::Division;
use onsets_engine::*;

const FACES: &str = "B R G Y B R G Y ∪ ∩ − ′ V Λ =";

#[test]
fn two_player_basic_now_challenge_is_scored_and_the_next_shake_starts() {
    let mut t = T::new(1, 2, Division::Middle, false);
    let s = t.setter();
    let o = t.left(s);
    assert_eq!(
        t.m.dealer(),
        o,
        "II-B: the dealer is to the Goal-setter's right"
    );
    t.start([2, 3, 1], FACES, "B R G BR BG RG");
    assert!(
        matches!(t.m.phase(), Phase::Goal { .. }),
        "Basic: no variations"
    );
    t.goal("2");
    // unused digit cubes go to Forbidden (III-B comment)
    assert_eq!(t.m.in_place(Place::Forbidden).len(), 2);
    t.mv(o, "B", Place::Required);
    t.mv(s, "∪", Place::Required);
    // the other player challenges Now against s
    let ev = t.act(Act::Challenge {
        player: o,
        kind: ChallengeKind::Now,
    });
    assert!(has(
        &ev,
        |e| matches!(e, Event::Challenged { against, .. } if *against == s)
    ));
    // the Mover may not present (VII-A-1)
    let r = t
        .try_act(Act::Present {
            player: s,
            solution: "B".into(),
            goal: None,
        })
        .unwrap_err();
    assert_eq!(r.rule, "VII-A");
    // B ∪ Y: B BR BG = 3 ≠ 2; B ∩ R... use G: B ∪ G = B BG G BR RG? no.
    // Universe B R G BR BG RG: B = {B, BR, BG}; B ∪ R would use R from Resources.
    // (B ∪ ... ) needs 2: B − R = {B, BG} = 2, but − is not on the mat: use
    // one Resources cube only, so write B ∪ Λ? = 3. Use B ∩ G ... Required has ∪.
    // Solution: B ∪ Λ names 3; wrong. We present a correct one: Y ∪ ... none.
    let ev = t.present(o, "(B ∪ Λ) ∩ G");
    assert!(has(&ev, |e| matches!(e, Event::ShakeScored { .. })));
    let sc = t.last_scores();
    // (B ∪ Λ) ∩ G = {BG} = 1 ≠ 2, so the Challenger is wrong.
    assert_eq!(sc[o], 2);
    assert_eq!(sc[s], 6);
    assert_eq!(t.m.shake(), 2);
    assert_eq!(
        t.m.goal_setter(),
        o,
        "I-D: the Goal-setter rotates to the left"
    );
    conserve(&t.m);
}

#[test]
fn correct_now_challenge_scores_six_for_the_challenger() {
    let mut t = T::new(2, 2, Division::Middle, false);
    let s = t.setter();
    let o = t.left(s);
    t.start([2, 3, 1], FACES, "B R G BR BG RG");
    t.goal("2");
    t.mv(o, "B", Place::Required);
    t.mv(s, "−", Place::Required);
    t.act(Act::Challenge {
        player: o,
        kind: ChallengeKind::Now,
    });
    // B − R = {B, BG} = 2, R from Resources
    t.present(o, "B − R");
    assert_eq!(t.last_scores()[o], 6);
    assert_eq!(t.last_scores()[s], 2);
}

#[test]
fn three_player_impossible_challenge_with_third_party() {
    let mut t = T::new(3, 3, Division::Junior, false);
    let s = t.setter();
    let a = t.left(s);
    let b = t.left(a);
    t.start([2, 3, 1], FACES, "B R G BR BG RG");
    t.goal("2");
    t.mv(a, "B", Place::Required);
    // b challenges Impossible against a
    t.act(Act::Challenge {
        player: b,
        kind: ChallengeKind::Impossible,
    });
    // Mover a must write; challenger b may not; s (Third Party) may.
    assert_eq!(
        t.try_act(Act::Present {
            player: b,
            solution: "B".into(),
            goal: None
        })
        .unwrap_err()
        .code,
        RejectCode::MayNotPresent
    );
    t.present(a, "B − R");
    t.act(Act::Decline { player: s });
    let sc = t.last_scores();
    assert_eq!(sc[a], 6, "correct Mover");
    assert_eq!(sc[b], 2, "Impossible challenger, opponent correct");
    assert_eq!(
        sc[s], 2,
        "Third Party who did not present, Mover correct (X-B-1)"
    );
}

#[test]
fn forceout_all_write_and_score_four_or_two() {
    let mut t = T::new(4, 2, Division::Elementary, false);
    let s = t.setter();
    let o = t.left(s);
    t.start([2, 3, 1], FACES, "B R G BR BG RG");
    t.goal("2");
    // play every cube: 14 non-digit cubes remain in Resources (15 minus none; 3 digits)
    let mut turn = o;
    loop {
        let n = t.m.resources_count();
        if n == 0 {
            break;
        }
        let cube =
            t.m.cubes()
                .iter()
                .find(|c| c.place == Place::Resources && c.family != Family::Digit)
                .unwrap()
                .id;
        let to = if n == 1 {
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
    assert!(matches!(
        t.m.phase(),
        Phase::Writing(Writing {
            kind: WritingKind::Forceout { .. },
            ..
        })
    ));
    // Now challenges are invalid after the last cube (VIII-B comment)
    let ev = t.act(Act::Challenge {
        player: s,
        kind: ChallengeKind::Now,
    });
    assert!(has(&ev, |e| matches!(e, Event::ChallengeSetAside { .. })));
    assert_eq!(t.penalties()[s], -1);
    t.present(s, "B ∪ R");
    t.present(o, "Λ");
    let sc = t.last_scores();
    assert!(sc.iter().all(|x| *x == 2 || *x == 4));
}

#[test]
fn adventurous_selection_order_and_two_picks_for_the_non_setter() {
    let mut t = T::new(5, 2, Division::Middle, true);
    let s = t.setter();
    let o = t.left(s);
    t.start([2, 3, 1], FACES, "B R G BR BG RG");
    assert!(matches!(t.m.phase(), Phase::Variations { pos: 0, .. }));
    assert_eq!(
        t.try_act(Act::SelectVariation {
            player: o,
            variation: "two-operations".into()
        })
        .unwrap_err()
        .rule,
        "II-C-1"
    );
    t.select(s, "two-operations");
    t.select(o, "absolute-value");
    assert_eq!(
        t.try_act(Act::EndSelection { player: o }).unwrap_err().rule,
        "II-C-3"
    );
    t.select(o, "required-cube ∪");
    assert!(matches!(t.m.phase(), Phase::Goal { .. }));
    assert_eq!(t.m.variations().len(), 3);
}

#[test]
fn match_ends_after_the_round_with_match_points() {
    let mut cfg = MatchConfig::new(6, &["Ann", "Bob"], Division::Middle, false);
    cfg.round_ms = 120_000;
    let mut t = T::with(cfg);
    let s = t.setter();
    let o = t.left(s);
    t.start([2, 3, 1], FACES, "B R G BR BG RG");
    t.goal("2");
    t.mv(o, "B", Place::Required);
    t.mv(s, "−", Place::Required);
    // round time is up: five more minutes, then "stop" (XI-B)
    let ev = t.clock(120_000);
    assert!(has(&ev, |e| matches!(e, Event::RoundTimeUp)));
    assert_eq!(t.m.stop_at(), Some(420_000));
    // keep moving within the limits
    t.t = 400_000;
    t.mv(o, "G", Place::Forbidden);
    let ev = t.clock(420_000);
    assert!(has(&ev, |e| matches!(e, Event::Stop)));
    t.present(o, "B − R");
    t.act(Act::Decline { player: s });
    assert_eq!(*t.m.phase(), Phase::Over);
    let sheet = t.m.scoresheet();
    assert_eq!(sheet.shakes.len(), 1);
    let mp = sheet.match_points.clone().unwrap();
    assert_eq!(mp[o], 6);
    assert_eq!(mp[s], 4);
    assert!(sheet.to_string().contains("points"));
}

#[test]
fn replaying_the_log_reproduces_the_state() {
    let mut t = T::new(7, 3, Division::Senior, true);
    let s = t.setter();
    // no rigging here: the replay must reproduce the seeded dice
    t.act(Act::Roll {
        player: s,
        set_out: None,
    });
    let d = t.m.dealer();
    t.act(Act::Deal {
        player: d,
        count: 16,
    });
    assert_eq!(t.m.dealt().len(), 14, "OS-A3: extra cards removed");
    let log = t.m.log_lines();
    let r = Match::replay(&log).unwrap();
    assert_eq!(r, t.m);
    // a rule-breaking line is reported with its line number and rule
    let bad = format!(
        "{log}{}\n",
        serde_json::to_string(&Action {
            at_ms: 1,
            act: Act::Clock
        })
        .unwrap()
    );
    let e = Match::replay(&bad).unwrap_err();
    assert_eq!(e.line, 4);
    assert_eq!(e.rule, Some("XI-A"));
}

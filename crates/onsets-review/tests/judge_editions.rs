//! The judge's assistant (`onsets_review::judge::rule`) under every rule
//! edition (docs/review.md, "The judge's assistant"): 2019-20
//! positions and logs ruled by that edition's checker, solver and engine
//! with B19 / A19 citations; 1969 positions and game logs ruled by the
//! manual's claims (M69 3.5–3.9), never by Now or Impossible.

use onsets_core::Position;
use onsets_review::judge::{rule, ChallengeName, Dispute, Source};
use serde_json::json;

/// A 1969 Basic game (seed 11): the Goal 1, B to Required, then R to
/// Permitted, an A-claim Flub (G to Forbidden instead would have left no
/// Solution with one more cube, and one possible).
const A_FLUB_LOG: &str = r#"{"format":"onsets-1969/1","seed":11,"players":["Bot1","Bot2"],"division":"middle","adventurous":false,"edition":"1969","form":"basic","round_ms":1800000,"checking":"judge","auto_charge":false,"settings":{"decision_ms":60000,"writing_ms":120000}}
{"at_ms":1000,"type":"deal","player":1,"count":10}
{"at_ms":2000,"type":"roll","player":0}
{"at_ms":3000,"type":"set_goal","player":0,"goal":"1"}
{"at_ms":4000,"type":"move","player":1,"cube":3,"to":"required","bonus":false}
{"at_ms":5000,"type":"move","player":0,"cube":6,"to":"permitted","bonus":false}
"#;

/// A 1969 Basic game (seed 7) whose Goal `3*~3+~2` (negative) has no
/// Solution: a P-claim Flub.
const P_FLUB_LOG: &str = r#"{"format":"onsets-1969/1","seed":7,"players":["Bot1","Bot2"],"division":"middle","adventurous":false,"edition":"1969","form":"basic","round_ms":1800000,"checking":"judge","auto_charge":false,"settings":{"decision_ms":60000,"writing_ms":120000}}
{"at_ms":1000,"type":"deal","player":0,"count":9}
{"at_ms":2000,"type":"roll","player":1}
{"at_ms":3000,"type":"set_goal","player":1,"goal":"3*~3+~2"}
"#;

/// The mat after the A-claim Flub of [`A_FLUB_LOG`].
fn after_a_flub() -> Position {
    Position::from_json(
        r#"{"edition":"1969","form":"basic","universe":"blank B R BR G BG BRG Y BY BRY","goal":"1",
            "required":"B","permitted":"R","resources":"G B ′ − −","situation":"impossible"}"#,
    )
    .unwrap()
}

fn challenge(c: ChallengeName, player: Option<usize>) -> Dispute {
    Dispute::Challenge {
        challenge: c,
        player,
    }
}

fn sections(r: &onsets_review::judge::Ruling) -> Vec<String> {
    r.reasons.iter().map(|x| x.section.clone()).collect()
}

/// M69 3.5 (P), 3.7: on a typed 1969 position the P-claim is decided by
/// Sol* (the Mover's burden): here a Solution exists, so it is incorrect,
/// and the witness is correct by the 1969 checker.
#[test]
fn m69_3_5_p_claim_on_a_position_is_decided_by_the_exact_claims() {
    let p = after_a_flub();
    let r = rule(
        &Source::Position(p.clone()),
        &challenge(ChallengeName::P, None),
    )
    .unwrap();
    assert_eq!(r.edition, "1969");
    assert!(r.decided);
    assert!(!r.upheld, "{}", r.ruling);
    assert_eq!(r.decided_by, "solver");
    assert!(sections(&r).contains(&"M69 3.5 (P)".to_string()), "{r:?}");
    let w = r.witness.clone().unwrap();
    let mut any = p.clone();
    any = any
        .with_situation(onsets_core::Situation::Impossible)
        .expect("now and impossible are every position's situations");
    assert!(onsets_core::check(&any, &w).correct, "{w}");
    assert!(
        r.situations.is_empty(),
        "the judges' manual is the tournament's"
    );
    assert!(!r.ruling.contains("V-A"), "{}", r.ruling);
}

/// M69 3.7 comment 3: an A-claim needs the mat before the play; on the
/// mat after it the assistant decides only the Challenger's Solution
/// (Sol≤1) and says the rest is undecided.
#[test]
fn m69_3_7_a_claim_on_a_position_alone_is_undecided_when_sol_le_1_holds() {
    let r = rule(
        &Source::Position(after_a_flub()),
        &challenge(ChallengeName::A, None),
    )
    .unwrap();
    assert!(!r.decided, "{r:?}");
    assert!(!r.upheld);
    assert!(r.witness.is_some(), "Sol≤1 holds: {r:?}");
    assert!(sections(&r).contains(&"M69 3.7 comment 3".to_string()));
    // Without a Solution with one more cube the A-claim is decided: wrong.
    let p = Position::from_json(
        r#"{"edition":"1969","form":"basic","universe":"blank B R BR G BG BRG Y BY BRY","goal":"5",
            "required":"B","permitted":"R","resources":"G B ′ − −","situation":"impossible"}"#,
    )
    .unwrap();
    let r = rule(
        &Source::Position(p),
        &challenge(ChallengeName::CFromA, None),
    )
    .unwrap();
    assert!(r.decided && !r.upheld, "{r:?}");
    assert!(sections(&r).contains(&"M69 3.4 (D)".to_string()), "{r:?}");
}

/// M69 3.5, 3.6: there is no Now or Impossible in 1969; the refusal names
/// the 1969 claims. And the 1969 claims are refused for 2026-27.
#[test]
fn m69_3_6_now_and_impossible_refused_and_1969_claims_refused_elsewhere() {
    for c in [ChallengeName::Now, ChallengeName::Impossible] {
        let e = rule(&Source::Position(after_a_flub()), &challenge(c, None)).unwrap_err();
        assert_eq!(e.field, "dispute.challenge");
        assert!(e.message.contains("c-from-a"), "{e}");
        let e = rule(&Source::Log(A_FLUB_LOG.into()), &challenge(c, None)).unwrap_err();
        assert_eq!(e.field, "dispute.challenge");
    }
    let t26 = Position::from_json(
        r#"{"division":"junior","universe":"B R G BR","goal":"2","resources":"B R ∪","situation":"impossible"}"#,
    )
    .unwrap();
    let e = rule(&Source::Position(t26), &challenge(ChallengeName::A, None)).unwrap_err();
    assert_eq!(e.field, "dispute.challenge");
    assert!(e.message.contains("1969"), "{e}");
}

/// M69 3.5 (A), 3.7 comment 3: with the game log the A-claim is decided
/// from the mat before the play, as the review judges it; the ruling names
/// the alternative play. The P-claim of the same play is incorrect.
#[test]
fn m69_3_5_a_claim_from_a_game_log_names_the_alternative() {
    let r = rule(
        &Source::Log(A_FLUB_LOG.into()),
        &challenge(ChallengeName::A, None),
    )
    .unwrap();
    assert!(r.decided && r.upheld, "{r:?}");
    assert_eq!(r.edition, "1969");
    let alt = r.alternative.clone().expect("an alternative");
    assert_eq!(alt.to, Some(onsets_engine::Place::Forbidden), "{alt:?}");
    assert!(r.alternative_text.clone().unwrap().contains("Forbidden"));
    let p = rule(
        &Source::Log(A_FLUB_LOG.into()),
        &challenge(ChallengeName::P, None),
    )
    .unwrap();
    assert!(p.decided && !p.upheld, "{p:?}");
    // No play before it was a Flub: no C-claim chain.
    let c = rule(
        &Source::Log(A_FLUB_LOG.into()),
        &challenge(ChallengeName::CFromA, None),
    )
    .unwrap();
    assert!(!c.upheld, "{c:?}");
    assert!(sections(&c).contains(&"M69 3.5 (C)".to_string()));
}

/// M69 3.6, 3.7: a player's challenge is applied by the 1969 engine: the
/// Mover cannot challenge his own play (refused, 3.6); the other player's
/// is accepted, its events given, the claim ruled.
#[test]
fn m69_3_6_challenge_by_a_player_is_applied_by_the_1969_engine() {
    let own = rule(
        &Source::Log(A_FLUB_LOG.into()),
        &challenge(ChallengeName::A, Some(0)),
    )
    .unwrap();
    assert!(!own.upheld);
    assert_eq!(own.decided_by, "engine");
    assert!(own.ruling.contains("not allowed"), "{}", own.ruling);
    assert!(own.reasons[0].section.starts_with("M69 3.6"), "{own:?}");
    let r = rule(
        &Source::Log(A_FLUB_LOG.into()),
        &challenge(ChallengeName::A, Some(1)),
    )
    .unwrap();
    assert!(r.upheld, "{r:?}");
    assert_eq!(r.decided_by, "engine");
    assert_eq!(r.events[0]["event"], "challenged");
    assert_eq!(r.events[0]["claim"], "a");
    assert_eq!(r.totals_before, Some(vec![0, 0]));
    assert_eq!(r.totals_after, Some(vec![0, 0]));
    assert!(r.alternative.is_some());
}

/// M69 3.7, 3.8, 3.9: acts applied to a 1969 log: a P-claim, the Mover
/// cannot write, the Challenger scores 2.
#[test]
fn m69_3_9_acts_applied_to_a_game_log_report_events_and_totals() {
    let r = rule(
        &Source::Log(P_FLUB_LOG.into()),
        &Dispute::Act {
            act: json!([
                {"type": "challenge", "player": 0, "claim": "p"},
                {"type": "decline", "player": 1}
            ]),
        },
    )
    .unwrap();
    assert!(r.upheld, "{r:?}");
    assert_eq!(r.totals_before, Some(vec![0, 0]));
    assert_eq!(r.totals_after, Some(vec![2, 0]));
    assert!(sections(&r).contains(&"M69 3.9".to_string()), "{r:?}");
    assert!(r.events.iter().any(|e| e["event"] == "play_scored"));
    // Not an Act1969: the field is named.
    let e = rule(
        &Source::Log(P_FLUB_LOG.into()),
        &Dispute::Act {
            act: json!({"type": "charge_illegal_procedure", "player": 0}),
        },
    )
    .unwrap_err();
    assert_eq!(e.field, "dispute.act");
    // The claim itself, judged from the log: correct.
    let p = rule(
        &Source::Log(P_FLUB_LOG.into()),
        &challenge(ChallengeName::P, None),
    )
    .unwrap();
    assert!(p.upheld && p.witness.is_none(), "{p:?}");
}

/// B19 I-B-2-d-iii, VI comment c: a wild = named as a set, `B@= ∪ G`, is a
/// correct B19 Solution; the ruling cites B19.
#[test]
fn b19_wild_equals_solution_is_correct_and_cited_b19() {
    let p = Position::from_json(
        r#"{"edition":"2019-20","adventurous":false,"division":"middle","universe":"B R G BG Y RY",
            "goal":"3","required":"= ∪","permitted":"G","resources":"R Y ∩ − ⊆ V","situation":"now"}"#,
    )
    .unwrap();
    let r = rule(
        &Source::Position(p.clone()),
        &Dispute::Solution {
            solution: "B@= ∪ G".into(),
        },
    )
    .unwrap();
    assert!(r.upheld, "{r:?}");
    assert_eq!(r.edition, "2019-20");
    assert_eq!(r.reasons[0].section, "B19 VII-B");
    // The bare = has no meaning in B19.
    let bare = rule(
        &Source::Position(p.clone()),
        &Dispute::Solution {
            solution: "= ∪ G".into(),
        },
    )
    .unwrap();
    assert!(!bare.upheld);
    assert!(bare.ruling.contains("B19 I-B-2-d-iii"), "{}", bare.ruling);
    // A Now challenge: the solver finds the wild Solution (B19 V-A-2).
    let now = rule(&Source::Position(p), &challenge(ChallengeName::Now, None)).unwrap();
    assert!(now.upheld, "{now:?}");
    assert_eq!(now.reasons[0].section, "B19 V-A-2");
    assert!(now.witness.unwrap().contains('@'));
}

/// A19 V-A-2-a: a Now with fewer than two cubes in Resources is not valid;
/// a valid one is ruled by the solver; both cited A19.
#[test]
fn a19_now_challenge_cited_a19() {
    let p = Position::from_json(
        r#"{"edition":"2019-20","adventurous":true,"division":"middle","universe":"B R G BG Y RY BR",
            "goal":"4","required":"B ∪","permitted":"","resources":"G R ∩","variations":[],"situation":"now"}"#,
    )
    .unwrap();
    let r = rule(
        &Source::Position(p.clone()),
        &challenge(ChallengeName::Now, None),
    )
    .unwrap();
    assert_eq!(r.edition, "2019-20");
    assert_eq!(r.reasons[0].section, "A19 V-A-2");
    assert!(r.upheld, "B ∪ G: {r:?}");
    let w = r.witness.clone().unwrap();
    let mut now = p.clone();
    now = now
        .with_situation(onsets_core::Situation::Now)
        .expect("now and impossible are every position's situations");
    assert!(onsets_core::check(&now, &w).correct, "{w}");
    let few = Position::from_json(
        r#"{"edition":"2019-20","adventurous":true,"division":"middle","universe":"B R G BG Y RY BR",
            "goal":"3","required":"B ∪","permitted":"","resources":"G","variations":[],"situation":"now"}"#,
    )
    .unwrap();
    let r = rule(&Source::Position(few), &challenge(ChallengeName::Now, None)).unwrap();
    assert!(!r.upheld);
    assert!(r.ruling.contains("A19 V-A-2-a/b"), "{}", r.ruling);
}

/// M69 3.5 (A), 3.10 B: "No Goal" on a typed 1969 position with the rolled
/// numeral cubes in Resources: a Flub when some Goal has a Solution (the
/// witness names the Goal); without numeral cubes it cannot be judged.
#[test]
fn m69_3_5_no_goal_on_a_position_over_the_rolled_numeral_cubes() {
    let p = Position::from_json(
        r#"{"edition":"1969","form":"basic","universe":"B R BR G BG Y","goal":"1",
            "resources":"1 2 3 B R ∪ ∩","situation":"impossible"}"#,
    )
    .unwrap();
    let r = rule(
        &Source::Position(p),
        &challenge(ChallengeName::NoGoal, None),
    )
    .unwrap();
    assert!(r.decided && r.upheld, "{r:?}");
    assert!(r.witness.clone().unwrap().starts_with("Goal "), "{r:?}");
    assert_eq!(r.reasons[0].section, "M69 3.5 (A)");
    let none = Position::from_json(
        r#"{"edition":"1969","form":"basic","universe":"B R BR G BG Y","goal":"1",
            "resources":"B R ∪ ∩","situation":"impossible"}"#,
    )
    .unwrap();
    let r = rule(
        &Source::Position(none),
        &challenge(ChallengeName::NoGoal, None),
    )
    .unwrap();
    assert!(!r.decided && !r.upheld, "{r:?}");
}

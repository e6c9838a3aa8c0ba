//! The review of a 2019-20 Goal that was set by time (B19 and A19
//! III-B-2-c: "If the time runs out to set the Goal …, it has been set"): the
//! arrangement in the Goal section is judged like an announced Goal.

use onsets_core::{Division, Edition};
use onsets_engine::{Act, Action, Dice, GoalSpec, Match, MatchConfig, ShakeDice};

fn apply(m: &mut Match, at_ms: u64, act: Act) {
    *m = m
        .apply(Action { at_ms, act })
        .unwrap_or_else(|e| panic!("{e}"))
        .0;
}

#[test]
fn b19_iii_b_2_c_a_goal_set_by_time_is_reviewed_as_a_goal() {
    let mut c = MatchConfig::new(21, &["Ann", "Bob", "Cy"], Division::Junior, false);
    c.edition = Edition::Mlag2019;
    c.dice = Some(Dice {
        first_setter: Some(0),
        coins: Vec::new(),
        shakes: vec![ShakeDice {
            faces: Some("3 2 1 B R G Y B R G Y ∪ ∩ − ′ V Λ =".into()),
            cards: Some("B R G BR BG RG".into()),
        }],
    });
    let (mut m, _) = Match::new(c).unwrap();
    let setter = m.goal_setter();
    apply(
        &mut m,
        1_000,
        Act::Roll {
            player: setter,
            set_out: None,
        },
    );
    let dealer = m.dealer();
    apply(
        &mut m,
        2_000,
        Act::Deal {
            player: dealer,
            count: 6,
        },
    );
    apply(
        &mut m,
        3_000,
        Act::ArrangeGoal {
            player: setter,
            goal: GoalSpec::Layout("2+1".into()),
        },
    );
    // Nobody says "Goal": the time runs out (2 minutes and the countdown).
    apply(&mut m, 200_000, Act::Clock);
    assert!(m.goal().is_some(), "the arrangement has been set");
    let log = m.log_lines();
    let r = onsets_review::review(&log).unwrap_or_else(|e| panic!("{e}\n{log}"));
    assert_eq!(r.goals.len(), 1, "{:?}", r.goals);
    let g = &r.goals[0];
    assert_eq!(g.player, setter);
    assert!(g.goal.contains('2') && g.goal.contains('1'), "{}", g.goal);
    assert!(!g.allowed.is_empty());
    // The line judged is the one on which the time ran out (the clock).
    assert_eq!(g.line, log.lines().count());
}

//! `Match::is_clean`, the one test of a clean act (what the bots do and
//! what `legal_actions` lists; docs/rulings.md, "A clean act").
mod common;
use common::*;
use onsets_core::Division;
use onsets_engine::*;

const FACES: &str = "B R G Y B R G Y ∪ ∩ − ′ V Λ =";
const UNI: &str = "B R G BR BG RG";

/// OS-C1: a digit cube moved after the Goal is set "does not count as the
/// player's turn" (the digit cubes go to Forbidden, the turn stays): the
/// engine accepts it, but it is not a clean act and is never listed. A
/// Goal that puts the unused digit cubes in Forbidden is clean (OS-B1).
#[test]
fn os_c1_a_digit_cube_moved_is_not_clean_but_unused_digits_with_the_goal_are() {
    let mut t = T::new(25, 2, Division::Middle, false);
    let s = t.setter();
    let o = t.left(s);
    t.start([1, 2, 3], FACES, UNI);
    let goal = Act::SetGoal {
        player: s,
        goal: GoalSpec::Layout("2".into()),
        unused_to_forbidden: true,
    };
    assert!(t.m.is_clean(&goal), "OS-B1, III-B comment");
    t.act(Act::SetGoal {
        player: s,
        goal: GoalSpec::Layout("2".into()),
        unused_to_forbidden: false,
    });
    let d = t.cube("1", Place::Resources);
    let digit = Act::Move {
        player: o,
        cube: d,
        to: Place::Required,
        bonus: false,
    };
    assert!(t
        .m
        .apply(Action {
            at_ms: t.m.now_ms(),
            act: digit.clone()
        })
        .is_ok());
    assert!(!t.m.is_clean(&digit), "OS-C1");
    assert!(!t.m.legal_actions(o).contains(&digit));
    let b = t.cube("B", Place::Resources);
    assert!(t.m.is_clean(&Act::Move {
        player: o,
        cube: b,
        to: Place::Required,
        bonus: false,
    }));
}

/// IX-A: a charge is clean when it charges another player's uncorrected
/// illegal procedure (= to Forbidden with more than four cubes left, IV-D);
/// the illegal move itself is not clean, and a charge with nothing to
/// charge is not either.
#[test]
fn ix_a_charging_anothers_illegal_procedure_is_clean() {
    let mut t = T::new(31, 2, Division::Middle, true);
    let s = t.setter();
    let o = t.left(s);
    t.start([1, 2, 3], FACES, UNI);
    t.select(s, "required-cube =");
    t.select(o, "two-operations");
    t.select(o, "absolute-value");
    t.goal("2");
    let charge_by = |p: usize| Act::ChargeIllegalProcedure { player: p };
    assert!(!t.m.is_clean(&charge_by(s)), "nothing to charge");
    let eq = t.cube("=", Place::Resources);
    let illegal = Act::Move {
        player: o,
        cube: eq,
        to: Place::Forbidden,
        bonus: false,
    };
    assert!(!t.m.is_clean(&illegal), "IV-D: illegal procedure");
    t.act(illegal);
    assert!(t.m.is_clean(&charge_by(s)), "IX-A");
    assert!(!t.m.is_clean(&charge_by(o)), "one's own illegal procedure");
}

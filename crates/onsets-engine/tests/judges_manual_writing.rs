//! The judges' manual's situations on writing and checking Solutions (OS-E)
//! that the checker library's suites do not already name, as match
//! scenarios: the Solution is presented in a match and the engine rules on
//! it as a judge (VII-C-6).
mod common;
use common::*;
use onsets_core::Division;
use onsets_engine::*;

const FACES: &str = "B R G Y B R G Y ∪ ∩ − ′ V Λ =";
/// Ten cards (Senior's minimum): no card carries both G and Y.
const UNI_S: &str = "B R G Y BR BG RG BY RY blank";

/// A Senior two-player shake: the Goal-setter selects `setter_var` and ends
/// the selection, the other player selects `other_vars` (two), the Goal is
/// set. Returns the table, the Goal-setter and the other player.
fn senior(
    seed: u64,
    digits: [u8; 3],
    faces: &str,
    setter_var: &str,
    other_vars: [&str; 2],
    goal: &str,
) -> (T, usize, usize) {
    let mut t = T::new(seed, 2, Division::Senior, true);
    let s = t.setter();
    let o = t.left(s);
    t.start(digits, faces, UNI_S);
    t.select(s, setter_var);
    t.act(Act::EndSelection { player: s });
    for v in other_vars {
        t.select(o, v);
    }
    assert!(
        t.m.selections().iter().all(|x| x.legal),
        "{:?}",
        t.m.selections()
    );
    t.goal(goal);
    (t, s, o)
}

/// The other player challenges Impossible at once; the Goal-setter (the
/// Mover) presents `solution`. Returns the engine's ruling.
fn impossible_and_present(t: &mut T, s: usize, o: usize, solution: &str) -> (bool, String) {
    t.act(Act::Challenge {
        player: o,
        kind: ChallengeKind::Impossible,
    });
    let ev = t.present(s, solution);
    judged(&ev, s)
}

/// The engine's ruling on `writer`'s Solution: correct, and the reasons.
fn judged(ev: &[Event], writer: usize) -> (bool, String) {
    ev.iter()
        .find_map(|e| match e {
            Event::SolutionJudged {
                writer: w,
                correct,
                reasons,
                ..
            } if *w == writer => Some((*correct, reasons.join("; "))),
            _ => None,
        })
        .expect("the Solution is judged")
}

/// Ruled incorrect because the two Solutions' sets do not differ (XIII-D-14).
fn not_two_solutions(r: (bool, String)) {
    assert!(!r.0, "ruled correct");
    assert!(r.1.contains("XIII-D-14"), "{}", r.1);
}

/// OS-E4 (Middle, Junior, Senior): "Only the Set-Name is circled … The
/// Restriction is not inside the circle. Ruling: The Solution should not be
/// ruled incorrect just for this reason." Circling cannot arise in software:
/// the presented text is the whole Solution, both parts (docs/engine.md).
#[test]
fn os_e4_the_presented_text_is_the_whole_solution_restriction_included() {
    let (mut t, s, o) = senior(
        301,
        [4, 2, 1],
        FACES,
        "wild-cube Y",
        ["absolute-value", "blank-card-wild"],
        "4",
    );
    // B = B removes no card; B ∪ B names B, BR, BG, BY
    assert!(impossible_and_present(&mut t, s, o, "B = B; B ∪ B").0);
    assert_eq!(t.last_scores()[s], 6);
}

/// OS-E15 (Junior, Senior, Blank Card Wild): the colors of the blank card
/// written "at or near the top" of the paper, away from the Solution. Ruling:
/// "The Solution should not be ruled incorrect simply for this reason." In
/// the notation the `blank:` part may stand anywhere among the parts.
#[test]
fn os_e15_blank_card_colors_given_anywhere_in_the_solution() {
    // B ∪ B with the blank card made B: B BR BG BY blank = 5
    let (mut t, s, o) = senior(
        302,
        [5, 2, 1],
        FACES,
        "blank-card-wild",
        ["absolute-value", "no-null-restrictions"],
        "5",
    );
    assert!(impossible_and_present(&mut t, s, o, "blank: B; B ∪ B").0);
}

/// OS-E17 (Senior, Two Solutions): "After a Now challenge, a player presents
/// two Solutions. One uses, say, a B cube from Resources and the other uses a
/// R cube from Resources. Ruling: There is nothing inherently wrong with this.
/// … As long as each one uses no more than one cube from Resources".
#[test]
fn os_e17_two_solutions_after_now_each_with_its_own_resources_cube() {
    let (mut t, s, o) = senior(
        303,
        [2, 3, 1],
        FACES,
        "two-solutions",
        ["absolute-value", "no-null-restrictions"],
        "2*3",
    );
    t.mv(o, "G", Place::Required);
    t.mv(s, "∪", Place::Required);
    t.act(Act::Challenge {
        player: o,
        kind: ChallengeKind::Now,
    });
    // G ∪ B: B G BR BG RG BY; G ∪ R: R G BR BG RG RY (6 each)
    let ev = t.present(o, "G ∪ B || G ∪ R");
    assert!(judged(&ev, o).0);
    assert_eq!(t.last_scores()[o], 6);
}

/// OS-E19 (Senior, Two Solutions): "The Goal is 0. A player challenges Never.
/// Ruling: The Challenger is correct. There is no way to present two
/// Solutions for a Goal of 0 and have one solution set contain at least one
/// card that is not in the other".
#[test]
fn os_e19_two_solutions_goal_zero_impossible_is_right() {
    let (mut t, s, o) = senior(
        304,
        [3, 3, 1],
        FACES,
        "two-solutions",
        ["absolute-value", "no-null-restrictions"],
        "~3+3",
    );
    not_two_solutions(impossible_and_present(&mut t, s, o, "B ∩ B′ || R ∩ R′"));
    assert_eq!(t.last_scores()[o], 6);
}

/// OS-E20 (Senior, Two Solutions): "The Goal equals the number of cards in
/// the Universe. A player challenges Never. Ruling: The Challenger is
/// correct."
#[test]
fn os_e20_two_solutions_goal_the_whole_universe_impossible_is_right() {
    let (mut t, s, o) = senior(
        305,
        [2, 5, 1],
        FACES,
        "two-solutions",
        ["absolute-value", "no-null-restrictions"],
        "2*5",
    );
    not_two_solutions(impossible_and_present(&mut t, s, o, "B ∪ B′ || R ∪ R′"));
    assert_eq!(t.last_scores()[o], 6);
}

/// OS-E21 (Senior, Two Solutions, Double Set): "The Goal is larger than the
/// number of cards in the Universe. However, to equal the Goal, all cards in
/// the Universe must be in the solution set. … Ruling: Same as E20".
#[test]
fn os_e21_two_solutions_double_set_goal_needs_every_card() {
    // B counts double: 10 cards + B BR BG BY = 14
    let (mut t, s, o) = senior(
        306,
        [3, 4, 2],
        FACES,
        "two-solutions",
        ["double-set B", "no-null-restrictions"],
        "3*4+2",
    );
    not_two_solutions(impossible_and_present(&mut t, s, o, "B ∪ B′ || R ∪ R′"));
    assert_eq!(t.last_scores()[o], 6);
}

/// OS-E22 (Senior, Two Solutions, wild cube): "In one Solution, the wild cube
/// stands for ∪. In the other Solution, the wild cube stands for –. Ruling:
/// There is nothing inherently wrong with this."
#[test]
fn os_e22_two_solutions_wild_cube_for_different_symbols() {
    // one Y cube, wild. G ∪ G: G BG RG; B − R: B BG BY (3 each, different sets)
    let faces = "B R G Y B R G B ∪ ∩ − ′ V Λ =";
    let (mut t, s, o) = senior(
        307,
        [3, 2, 1],
        faces,
        "two-solutions",
        ["wild-cube Y", "no-null-restrictions"],
        "3",
    );
    assert!(impossible_and_present(&mut t, s, o, "G ∪@Y G || B −@Y R").0);
}

/// OS-E23 (Senior, Two Solutions, Blank Card Wild): "The two solution sets
/// contain the same cards except that for one Solution the blank card
/// contains B and R dots and for the other the blank card contains G and Y
/// dots … Ruling: The Solution-writer is incorrect."
#[test]
fn os_e23_two_solutions_differing_only_in_the_blank_card_dots() {
    // B ∪ G with the blank card: B G BR BG RG BY blank = 7
    let (mut t, s, o) = senior(
        308,
        [3, 4, 1],
        FACES,
        "two-solutions",
        ["blank-card-wild", "no-null-restrictions"],
        "3+4",
    );
    not_two_solutions(impossible_and_present(
        &mut t,
        s,
        o,
        "B ∪ G; blank: BR || B ∪ G; blank: GY",
    ));
}

/// OS-E24 (Senior, Two Solutions, Blank Card Wild): "The Goal is 1. A player
/// presents two Solutions. The solution set in each case consists of the
/// blank card but with different sets of dots. Ruling: Same as E23".
#[test]
fn os_e24_two_solutions_goal_one_the_blank_card_twice() {
    // no card carries G and Y: G ∩ Y is the blank card alone
    let (mut t, s, o) = senior(
        309,
        [1, 2, 3],
        FACES,
        "two-solutions",
        ["blank-card-wild", "no-null-restrictions"],
        "1",
    );
    not_two_solutions(impossible_and_present(
        &mut t,
        s,
        o,
        "G ∩ Y; blank: GY || G ∩ Y; blank: BGY",
    ));
}

/// OS-E25 (Senior, Two Solutions, required card): "The Goal is set as 1. A
/// player challenges Never. Ruling: The Challenger is correct."
#[test]
fn os_e25_two_solutions_required_card_goal_one_impossible_is_right() {
    let (mut t, s, o) = senior(
        310,
        [1, 2, 3],
        FACES,
        "two-solutions",
        ["required-card BR", "no-null-restrictions"],
        "1",
    );
    not_two_solutions(impossible_and_present(&mut t, s, o, "B ∩ R || R ∩ B"));
    assert_eq!(t.last_scores()[o], 6);
}

/// OS-E27 (Senior, Two Solutions, Absolute Value): "The Goal contains at least
/// one upside-down cube. … One of them equals the Goal with the upside-down
/// cube representing a negative number while the other … the absolute value
/// … Ruling: There is nothing inherently wrong with this."
#[test]
fn os_e27_two_solutions_each_a_different_value_of_the_goal() {
    // ~1+3 is 2 or 4. Y − B: Y RY (2); B ∪ B: B BR BG BY (4)
    let (mut t, s, o) = senior(
        311,
        [1, 3, 2],
        FACES,
        "two-solutions",
        ["absolute-value", "no-null-restrictions"],
        "~1+3",
    );
    assert!(impossible_and_present(&mut t, s, o, "Y − B || B ∪ B").0);
}

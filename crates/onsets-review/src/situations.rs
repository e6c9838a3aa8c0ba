//! The judges' manual situations (OS-A…OS-E) a dispute resembles, for the
//! judge's assistant (docs/review.md, "The judge's assistant").
//!
//! Each situation is listed by its number with a one-line summary (in the
//! project's words; the manual is not in this repository) and the *facts*
//! that point to it: the kind of dispute (`solution`, `challenge:now`, an
//! engine act `act:shift`), a checker code (`code:two-solutions`), a
//! variation in force (`var:wild-cube`), an engine event or refusal
//! (`event:selection_insulated`, `reject:wrong-phase`) or the phase of the
//! match (`phase:goal`). The ruling itself never comes from here: the
//! checker, the solver and the engine decide; this only points the judge to
//! the manual's precedents.

use serde::Serialize;

/// One situation of the manual.
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Situation {
    /// Its number in the manual, e.g. `OS-E17`.
    pub id: &'static str,
    /// What it is about, in one line.
    pub summary: &'static str,
    #[serde(skip)]
    keys: &'static [&'static str],
}

/// A situation that matches a dispute, with the facts it matched on.
#[derive(Clone, Debug, Serialize)]
pub struct Match {
    pub id: &'static str,
    pub summary: &'static str,
    pub matched: Vec<&'static str>,
}

macro_rules! s {
    ($id:literal, $sum:literal, [$($k:literal),* $(,)?]) => {
        Situation { id: $id, summary: $sum, keys: &[$($k),*] }
    };
}

/// Every situation of the manual, in its order.
pub const ALL: &[Situation] = &[
    s!(
        "OS-A1",
        "Rolling and dealing may happen in either order, each within its minute.",
        ["act:roll", "act:deal", "phase:setup"]
    ),
    s!(
        "OS-A2",
        "Too few cards dealt when the minute runs out: another minute, then the deal passes.",
        [
            "act:deal",
            "event:deal_incomplete",
            "event:deal_transferred"
        ]
    ),
    s!(
        "OS-A3",
        "Too many cards dealt: only the last extra cards are removed.",
        ["act:deal", "event:extra_cards_removed"]
    ),
    s!(
        "OS-A4",
        "A challenge before any Goal is set is illegal procedure (−1).",
        ["challenge-before-goal", "phase:setup", "phase:variations"]
    ),
    s!(
        "OS-A5",
        "The dealer must shuffle and deal from the top.",
        ["act:deal"]
    ),
    s!(
        "OS-A6",
        "Every shake is shuffled from all the cards.",
        ["act:deal"]
    ),
    s!(
        "OS-A7",
        "A required cube that was not rolled cannot be selected (−1, choose again).",
        [
            "act:select_variation",
            "var:required-cube",
            "reject:bad-variation"
        ]
    ),
    s!(
        "OS-A8",
        "An illegal selection insulated by the next legal action is ignored for the shake.",
        [
            "act:select_variation",
            "event:selection_insulated",
            "var:required-cube"
        ]
    ),
    s!(
        "OS-A9",
        "An insulated wild-cube selection of a color not rolled stands without effect.",
        ["event:selection_insulated", "var:wild-cube"]
    ),
    s!(
        "OS-A10",
        "Elementary: the Restriction cubes must be set out before the roll.",
        ["act:roll", "division:elementary"]
    ),
    s!(
        "OS-A11",
        "Elementary: the set-out Restriction cubes.",
        ["act:roll", "division:elementary"]
    ),
    s!(
        "OS-A12",
        "Interchangeable cubes after a wild cube: legal even without those cubes.",
        [
            "var:wild-cube",
            "var:union-intersection-interchangeable",
            "var:universe-empty-interchangeable"
        ]
    ),
    s!(
        "OS-A13",
        "Union wild and ∪/∩ interchangeable do not conflict.",
        ["var:wild-cube", "var:union-intersection-interchangeable"]
    ),
    s!(
        "OS-A14",
        "No null Restrictions without = or ⊆ in Resources is an illegal selection.",
        ["act:select_variation", "var:no-null-restrictions"]
    ),
    s!(
        "OS-A15",
        "A required card not in the Universe is an illegal selection (−1).",
        ["act:select_variation", "var:required-card"]
    ),
    s!(
        "OS-B1",
        "Unused digit cubes left in Resources cost nothing.",
        ["act:set_goal", "event:digit_cubes_to_forbidden"]
    ),
    s!(
        "OS-B2",
        "An illegal Goal charged before a challenge must be revised with its cubes.",
        [
            "act:set_goal",
            "act:charge_illegal_procedure",
            "phase:goal",
            "code:goal-illegal",
            "reject:bad-goal"
        ]
    ),
    s!(
        "OS-B3",
        "An illegal Goal nobody charged: a Never (Impossible) challenge is correct.",
        ["code:goal-illegal", "act:set_goal"]
    ),
    s!(
        "OS-B4",
        "A negative Goal is not illegal procedure.",
        ["act:set_goal", "code:goal-negative", "var:absolute-value"]
    ),
    s!(
        "OS-B5",
        "The Goal cannot be set before the cards are dealt.",
        ["act:set_goal", "phase:setup"]
    ),
    s!(
        "OS-B6",
        "A Bonus = or ⊆ to Forbidden before the Goal is illegal and returned.",
        ["bonus", "phase:goal"]
    ),
    s!(
        "OS-C1",
        "Moving a digit cube is not a turn.",
        ["act:move", "digit-cube"]
    ),
    s!(
        "OS-C2",
        "The last − to Forbidden when − is required is legal; it stays.",
        [
            "act:move",
            "var:required-cube",
            "act:charge_illegal_procedure"
        ]
    ),
    s!(
        "OS-C3",
        "Bonus then a shift then a regular move: the second cube returns, the turn passes.",
        ["act:shift", "bonus", "var:shift-from-permitted"]
    ),
    s!(
        "OS-C4",
        "A bonus move then a shift is legal.",
        ["act:shift", "bonus", "var:shift-from-permitted"]
    ),
    s!(
        "OS-C5",
        "No shift after the last cube is played.",
        [
            "act:shift",
            "var:shift-from-permitted",
            "reject:wrong-phase"
        ]
    ),
    s!(
        "OS-C6",
        "A shift without the variation, charged: the cube returns.",
        ["act:shift", "act:charge_illegal_procedure"]
    ),
    s!(
        "OS-C7",
        "A shift without the variation, insulated by a challenge, stands.",
        ["act:shift", "challenge"]
    ),
    s!(
        "OS-C8",
        "A required − shifted to Forbidden is not illegal procedure.",
        ["act:shift", "var:required-cube", "var:shift-from-permitted"]
    ),
    s!(
        "OS-C9",
        "The last operation cube to Forbidden under Two Operations is legal.",
        ["act:move", "var:two-operations"]
    ),
    s!(
        "OS-C10",
        "Required = to Forbidden with more than four cubes in Resources is illegal.",
        [
            "act:move",
            "var:required-cube",
            "act:charge_illegal_procedure"
        ]
    ),
    s!(
        "OS-C11",
        "Required = to Forbidden with four or fewer in Resources is legal.",
        ["act:move", "var:required-cube"]
    ),
    s!(
        "OS-C12",
        "A required = shifted to Forbidden is returned.",
        ["act:shift", "var:required-cube", "var:shift-from-permitted"]
    ),
    s!(
        "OS-C13",
        "…also with four or fewer cubes in Resources.",
        ["act:shift", "var:required-cube", "var:shift-from-permitted"]
    ),
    s!(
        "OS-E1",
        "The empty set written as a slashed zero.",
        [
            "solution",
            "code:undefined",
            "var:universe-empty-interchangeable"
        ]
    ),
    s!(
        "OS-E2",
        "A wild cube standing for −, written with the union cube.",
        ["solution", "var:wild-cube", "code:cube-unavailable"]
    ),
    s!(
        "OS-E3",
        "An upside-down digit indicated in the Solution is accepted.",
        ["solution", "code:goal-illegal"]
    ),
    s!(
        "OS-E4",
        "The presented Solution is both parts, Restriction included.",
        ["solution", "code:no-set-name"]
    ),
    s!(
        "OS-E5",
        "A Solution of only a Restriction part has no Set-Name.",
        ["solution", "code:no-set-name"]
    ),
    s!(
        "OS-E6",
        "The Set-Name may be written before the Restriction.",
        ["solution", "restrictions"]
    ),
    s!(
        "OS-E7",
        "Cubes of a Restriction count toward the two cubes.",
        ["solution", "code:too-few-cubes", "restrictions"]
    ),
    s!(
        "OS-E8",
        "A required cube may be used in the Restriction.",
        ["solution", "var:required-cube", "code:required-cube"]
    ),
    s!(
        "OS-E9",
        "Required = needs a Restriction.",
        ["solution", "var:required-cube", "code:restriction-required"]
    ),
    s!(
        "OS-E10",
        "No null Restrictions, whatever the order of the parts.",
        [
            "solution",
            "var:no-null-restrictions",
            "code:no-null-restriction"
        ]
    ),
    s!(
        "OS-E11",
        "No null Restrictions does not demand a Restriction.",
        ["solution", "var:no-null-restrictions"]
    ),
    s!(
        "OS-E12",
        "A wild cube's meaning is shown in one place and kept.",
        ["solution", "var:wild-cube", "code:wild-inconsistent"]
    ),
    s!(
        "OS-E13",
        "Under Two Operations both must be in the Set-Name.",
        ["solution", "var:two-operations", "code:two-operations"]
    ),
    s!(
        "OS-E14",
        "Blank card wild: colors not given mean the card stays blank.",
        ["solution", "var:blank-card-wild", "code:blank"]
    ),
    s!(
        "OS-E15",
        "Blank card wild: colors may be given anywhere in the Solution.",
        ["solution", "var:blank-card-wild", "code:blank"]
    ),
    s!(
        "OS-E16",
        "Blank card required and wild, with colors given.",
        [
            "solution",
            "var:blank-card-wild",
            "var:required-card",
            "code:required-card"
        ]
    ),
    s!(
        "OS-E17",
        "Two Solutions after Now: each with its own Resources cube.",
        ["var:two-solutions", "challenge:now", "code:now-resources"]
    ),
    s!(
        "OS-E18",
        "Impossible under Two Solutions: different Resources per Solution.",
        ["var:two-solutions", "challenge:impossible"]
    ),
    s!(
        "OS-E19",
        "Two Solutions, Goal 0: Impossible is right.",
        [
            "var:two-solutions",
            "challenge:impossible",
            "code:two-solutions"
        ]
    ),
    s!(
        "OS-E20",
        "Two Solutions, Goal the whole Universe: Impossible is right.",
        [
            "var:two-solutions",
            "challenge:impossible",
            "code:two-solutions"
        ]
    ),
    s!(
        "OS-E21",
        "Two Solutions with Double Set: the Goal needs every card.",
        ["var:two-solutions", "var:double-set", "code:two-solutions"]
    ),
    s!(
        "OS-E22",
        "Two Solutions: a wild cube may stand for different symbols.",
        [
            "var:two-solutions",
            "var:wild-cube",
            "code:wild-inconsistent"
        ]
    ),
    s!(
        "OS-E23",
        "Two Solutions differing only in the blank card's dots.",
        [
            "var:two-solutions",
            "var:blank-card-wild",
            "code:two-solutions"
        ]
    ),
    s!(
        "OS-E24",
        "Two Solutions, Goal 1: the blank card twice.",
        [
            "var:two-solutions",
            "var:blank-card-wild",
            "code:two-solutions"
        ]
    ),
    s!(
        "OS-E25",
        "Two Solutions, a required card and Goal 1: Impossible is right.",
        [
            "var:two-solutions",
            "var:required-card",
            "challenge:impossible"
        ]
    ),
    s!(
        "OS-E26",
        "A required card under Double Set with Goal 2.",
        ["solution", "var:required-card", "var:double-set"]
    ),
    s!(
        "OS-E27",
        "Two Solutions, each a different value of the Goal.",
        [
            "var:two-solutions",
            "code:wrong-value",
            "code:two-solutions"
        ]
    ),
];

/// Facts that alone say little (every Solution dispute has `solution`).
const GENERIC: &[&str] = &["solution", "challenge", "restrictions"];

/// The situations sharing facts with a dispute, most shared first (at most
/// `limit`). A situation must share at least one fact about the dispute
/// itself (not only `solution`, `challenge`, `restrictions` or a variation
/// in force), and a situation about variations one variation in force.
pub fn matching(facts: &[String], limit: usize) -> Vec<Match> {
    let mut found: Vec<(usize, usize, Match)> = ALL
        .iter()
        .enumerate()
        .filter_map(|(i, s)| {
            let matched: Vec<&'static str> = s
                .keys
                .iter()
                .copied()
                .filter(|k| facts.iter().any(|f| f == k))
                .collect();
            // About the dispute itself, not only its circumstances.
            let specific = matched
                .iter()
                .filter(|k| !GENERIC.contains(k) && !k.starts_with("var:"))
                .count();
            // A situation about variations needs one of them in force.
            let needs_var = s.keys.iter().any(|k| k.starts_with("var:"));
            let has_var = matched.iter().any(|k| k.starts_with("var:"));
            (specific > 0 && (!needs_var || has_var)).then_some({
                (
                    matched.len(),
                    i,
                    Match {
                        id: s.id,
                        summary: s.summary,
                        matched,
                    },
                )
            })
        })
        .collect();
    found.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    found.into_iter().take(limit).map(|(_, _, m)| m).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_manual_has_61_situations_each_once() {
        assert_eq!(ALL.len(), 61);
        let mut ids: Vec<&str> = ALL.iter().map(|s| s.id).collect();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), 61);
    }

    #[test]
    fn os_e17_matches_two_solutions_after_now_with_a_resources_fault() {
        let facts: Vec<String> = [
            "solution",
            "var:two-solutions",
            "challenge:now",
            "code:now-resources",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        let m = matching(&facts, 5);
        assert_eq!(m[0].id, "OS-E17");
    }

    #[test]
    fn a_generic_fact_alone_matches_nothing() {
        assert!(matching(&["solution".to_string()], 5).is_empty());
    }
}

//! What one connection may see of a match.
//!
//! The engine's [`Match`] holds things no player sees at a real table: the
//! order of the undealt cards, the dice generator, and — while Solutions are
//! being written — the text of Solutions presented by others (VII-C-3: they
//! are shown when checking starts). A [`MatchView`] is the match without
//! them, for one seat (or for a spectator, who sees what every player sees).

use onsets_core::Card;
use onsets_engine::{Act, Cube, Event, GoalSpec, Match, Phase, Selection, ShakeRecord, Timer};
use serde::Serialize;

/// A match as seen from a seat, sent in `state` and `update` frames.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct MatchView {
    /// The table's version: it grows by one with every applied action.
    pub version: u64,
    /// The match clock (ms) when this frame was sent (not the time of the
    /// last action). Time left on a timer is `due_ms - now_ms`, less the
    /// time since the frame arrived.
    pub now_ms: u64,
    /// The seat this view is for (`null` for a spectator).
    pub you: Option<usize>,
    pub players: Vec<String>,
    pub division: String,
    pub adventurous: bool,
    /// The rules: `2026-27` or `2019-20` (docs/editions.md).
    pub edition: String,
    /// 2019-20 VII-A-3: the Third Party joins a side after a challenge
    /// (presenting joins the writer, not presenting the other player).
    pub third_party_joins: bool,
    pub round_ms: u64,
    pub checking: String,
    /// The commitment to the match's seed (docs/protocol.md, "Seed
    /// commitment"); the seed itself is in the log once the match is over.
    #[cfg_attr(feature = "ts", ts(optional))]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seed_commitment: Option<String>,
    pub shake: u32,
    pub goal_setter: usize,
    pub dealer: usize,
    pub last_mover: Option<usize>,
    /// The engine's phase (docs/engine.md), other players' unpresented
    /// Solutions removed.
    pub phase: Phase,
    /// The 18 cubes with their faces and places.
    pub cubes: Vec<Cube>,
    /// The Universe: the cards dealt, in the order dealt (`BR`, `blank`, …).
    pub cards: Vec<String>,
    /// Cards left in the deck (their order is hidden).
    pub deck_left: usize,
    pub goal: Option<GoalSpec>,
    /// Variation selections (II-C), including withdrawn and illegal ones.
    pub selections: Vec<Selection>,
    /// The variations in force this shake, in the notation.
    pub variations: Vec<String>,
    /// The running time limits (XI-A), each with the match time it started
    /// at (`started_ms`): the sand is `due_ms - started_ms` long.
    pub timers: Vec<TimerView>,
    /// Running totals, penalties included.
    pub totals: Vec<i32>,
    /// Penalties in the current shake (negative).
    pub penalties: Vec<i32>,
    /// The scoresheet so far.
    pub history: Vec<ShakeRecord>,
    /// Illegal procedures not yet charged or insulated: who and the rule.
    pub pending: Vec<PendingView>,
    /// The holder of the challenge block, and until when they may speak.
    pub block: Option<usize>,
    pub block_until: Option<u64>,
    pub round_up: bool,
    pub stop_at: Option<u64>,
    pub match_points: Option<Vec<u32>>,
    pub present: Vec<bool>,
    pub seated: Vec<bool>,
    /// The acts this seat may take now with no penalty and no illegal
    /// procedure (empty for a spectator). Acts outside this list may still be
    /// sent: the engine judges them (a challenge that may be invalid, an
    /// illegal procedure the rules let stand).
    pub legal: Vec<Act>,
}

#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TimerView {
    #[serde(flatten)]
    pub timer: Timer,
    pub started_ms: u64,
}

#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PendingView {
    pub offender: usize,
    pub rule: String,
}

impl MatchView {
    /// `starts[i]` is when `m.timers()[i]` started (missing: now); `now_ms` is
    /// the match clock now (never before the last action).
    pub fn new(
        m: &Match,
        version: u64,
        you: Option<usize>,
        starts: &[u64],
        now_ms: u64,
    ) -> MatchView {
        // The engine's one privacy filter (VII-C-3, VII-C-5-c).
        let v = m.view_for(you);
        MatchView {
            version,
            now_ms: now_ms.max(m.now_ms()),
            you,
            players: m.config().players.clone(),
            division: m.config().division.name().to_string(),
            adventurous: m.config().adventurous,
            edition: m.config().edition.name().to_string(),
            third_party_joins: m.third_party_joins(),
            round_ms: m.config().round_ms,
            checking: match m.config().checking {
                onsets_engine::CheckingMode::Judge => "judge".into(),
                onsets_engine::CheckingMode::Players => "players".into(),
            },
            seed_commitment: m.config().seed_commitment.clone(),
            shake: v.shake,
            goal_setter: v.goal_setter,
            dealer: v.dealer,
            last_mover: v.last_mover,
            phase: v.phase,
            cubes: v.cubes,
            cards: v
                .dealt
                .iter()
                .filter_map(|&mask| Card::from_mask(mask))
                .map(|c| c.to_string())
                .collect(),
            deck_left: v.deck_left,
            goal: v.goal,
            selections: v.selections,
            variations: m.variations().iter().map(|v| v.to_string()).collect(),
            timers: v
                .timers
                .into_iter()
                .enumerate()
                .map(|(i, t)| TimerView {
                    started_ms: starts.get(i).copied().unwrap_or(m.now_ms()).min(t.due_ms),
                    timer: t,
                })
                .collect(),
            totals: v.totals,
            penalties: v.penalties,
            history: v.history,
            pending: v
                .pending
                .into_iter()
                .map(|p| PendingView {
                    offender: p.offender,
                    rule: p.rule,
                })
                .collect(),
            block: v.block,
            block_until: v.block_until,
            round_up: v.round_up,
            stop_at: v.stop_at,
            match_points: v.match_points,
            present: v.present,
            seated: v.seated,
            // The engine's view lists the seat's acts already: widened
            // here, never listed twice (each listing tries every candidate
            // act on a copy of the match).
            legal: match you {
                Some(seat) if m.match_points().is_none() => widened(m, seat, v.legal),
                _ => v.legal,
            },
        }
    }
}

/// The events as `you` may see them (the engine's [`Match::events_for`]):
/// a Solution presented while others are still writing is shown to its
/// writer only; an ambiguity attempt to its checker only until it is ruled
/// on.
pub fn events_for(events: &[Event], m: &Match, you: Option<usize>) -> Vec<Event> {
    m.events_for(events, you)
}

/// The acts a seat may take now, for a person's page: the engine's list
/// ([`Match::legal_actions`], as [`Match::view_for`] gives it), with the
/// variation selections widened to every choice the engine takes
/// without a penalty (every card dealt, more Double Sets: II-C-2, XIII-C),
/// so the variation sheet never offers a choice that costs a point and
/// never leaves out one that does not.
fn widened(m: &Match, seat: usize, mut acts: Vec<Act>) -> Vec<Act> {
    if acts
        .iter()
        .any(|a| matches!(a, Act::SelectVariation { .. }))
    {
        acts.retain(|a| !matches!(a, Act::SelectVariation { .. }));
        acts.extend(
            m.variation_choices(seat)
                .into_iter()
                .map(|variation| Act::SelectVariation {
                    player: seat,
                    variation,
                }),
        );
    }
    acts
}

#[cfg(test)]
mod tests {
    use super::*;
    use onsets_core::Division;
    use onsets_engine::MatchConfig;

    use onsets_engine::{Checking, Presented, Role, Writer, Writing, WritingKind};

    fn writer(solution: Option<&str>) -> Writer {
        Writer {
            role: Role::May,
            presented: solution.map(|s| Presented {
                solution: s.into(),
                goal: None,
            }),
            declined: false,
            lapsed: false,
        }
    }

    fn three() -> Match {
        Match::new(MatchConfig::new(
            3,
            &["A", "B", "C"],
            Division::Senior,
            true,
        ))
        .unwrap()
        .0
    }

    #[test]
    fn vii_c_3_a_presented_solution_is_seen_by_its_writer_only_while_others_write() {
        let mut m = three();
        m.scenario_set_phase(Phase::Writing(Writing {
            kind: WritingKind::EndOfRound,
            writers: vec![writer(Some("R ∪ B")), writer(None), writer(None)],
        }));
        let mine = serde_json::to_string(&MatchView::new(&m, 1, Some(0), &[], 0)).unwrap();
        assert!(mine.contains("R ∪ B"));
        for seat in [Some(1), Some(2), None] {
            let theirs = serde_json::to_string(&MatchView::new(&m, 1, seat, &[], 0)).unwrap();
            assert!(!theirs.contains("R ∪ B"), "seat {seat:?} sees it: {theirs}");
        }
        let ev = vec![Event::Presented {
            player: 0,
            solution: "R ∪ B".into(),
        }];
        let shown = |m: &Match, you| serde_json::to_string(&events_for(&ev, m, you)).unwrap();
        assert!(shown(&m, Some(0)).contains("R ∪ B"));
        assert!(!shown(&m, Some(1)).contains("R ∪ B"));
        assert!(!shown(&m, None).contains("R ∪ B"));
        // Once writing is over, everyone sees it.
        m.scenario_set_phase(Phase::Over);
        assert!(shown(&m, Some(1)).contains("R ∪ B"));
    }

    #[test]
    fn vii_c_5_c_an_ambiguity_attempt_is_seen_by_its_checker_only_until_all_are_ready() {
        let mut m = three();
        m.scenario_set_phase(Phase::Checking(Checking {
            kind: WritingKind::EndOfRound,
            writers: vec![writer(Some("R ∪ B ∩ G")), writer(None), writer(None)],
            queue: vec![0],
            current: 0,
            decisions: vec![vec![
                onsets_engine::Decision::Accepted,
                onsets_engine::Decision::Attempted,
                onsets_engine::Decision::Pending,
            ]],
            correct: vec![None; 3],
            attempts: vec![(0, 1, "(R ∪ B) ∩ G".into())],
        }));
        let seen = |you| serde_json::to_string(&MatchView::new(&m, 1, you, &[], 0)).unwrap();
        assert!(seen(Some(1)).contains("(R ∪ B) ∩ G"));
        assert!(!seen(Some(2)).contains("(R ∪ B) ∩ G"));
        assert!(!seen(Some(0)).contains("(R ∪ B) ∩ G"));
        let ev = vec![Event::AmbiguityAttempt {
            checker: 1,
            writer: 0,
            grouping: "(R ∪ B) ∩ G".into(),
        }];
        assert!(!serde_json::to_string(&events_for(&ev, &m, Some(2)))
            .unwrap()
            .contains("(R ∪ B) ∩ G"));
        assert!(serde_json::to_string(&events_for(&ev, &m, Some(1)))
            .unwrap()
            .contains("(R ∪ B) ∩ G"));
    }

    #[test]
    fn view_hides_the_deck_and_dice() {
        let (m, _) = Match::new(MatchConfig::new(3, &["A", "B"], Division::Senior, true)).unwrap();
        let v = MatchView::new(&m, 0, Some(0), &[], 0);
        let json = serde_json::to_string(&v).unwrap();
        assert!(!json.contains("word_pos"), "the dice generator is hidden");
        assert!(!json.contains("\"deck\""), "the deck order is hidden");
        assert_eq!(v.deck_left, m.deck().len());
    }
}

//! What one seat may see of a match: the one privacy filter, used by the
//! server's frames and by the bots alike.
//!
//! The [`Match`] holds things no player sees at a real table: the order of
//! the undealt cards, the dice generator, the text of Solutions presented by
//! others while Solutions are still being written (VII-C-3: they are shown
//! when checking starts), and other checkers' attempts at proving ambiguity
//! until every checker is ready (VII-C-5-c: checkers work separately). A
//! [`PlayerView`] is the match without them, for one seat (or for a
//! spectator, `None`, who sees what every player sees).

use crate::model::{Act, Cube, Event, GoalSpec};
use crate::state::{Match, Pending, Phase, Selection, ShakeRecord, Timer};

/// The public state of a match as one seat sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerView {
    /// The seat this view is for (`None` for a spectator).
    pub seat: Option<usize>,
    /// The match clock of the last action.
    pub now_ms: u64,
    pub shake: u32,
    pub goal_setter: usize,
    pub dealer: usize,
    pub last_mover: Option<usize>,
    /// The phase, with other seats' presented Solutions and ambiguity
    /// groupings removed ([`Match::phase_for`]).
    pub phase: Phase,
    /// The 18 cubes with their faces and places.
    pub cubes: Vec<Cube>,
    /// The Universe: the cards dealt, in the order dealt (card masks).
    pub dealt: Vec<u8>,
    /// Cards left in the deck (their order is hidden).
    pub deck_left: usize,
    pub goal: Option<GoalSpec>,
    /// Variation selections (II-C), including withdrawn and illegal ones.
    pub selections: Vec<Selection>,
    /// The running time limits (XI-A).
    pub timers: Vec<Timer>,
    /// Running totals, penalties included.
    pub totals: Vec<i32>,
    /// Penalties in the current shake.
    pub penalties: Vec<i32>,
    /// The scoresheet so far.
    pub history: Vec<ShakeRecord>,
    /// Illegal procedures not yet charged or insulated (IX): public, since
    /// they happen on the table.
    pub pending: Vec<Pending>,
    /// The holder of the challenge block, and until when they may speak
    /// (V-B, XI-A-1-f).
    pub block: Option<usize>,
    pub block_until: Option<u64>,
    pub round_up: bool,
    pub stop_at: Option<u64>,
    pub match_points: Option<Vec<u32>>,
    pub present: Vec<bool>,
    pub seated: Vec<bool>,
    /// The acts this seat may take now with no penalty and no illegal
    /// procedure (empty for a spectator and once the match is over).
    pub legal: Vec<Act>,
}

impl Match {
    /// The match as `seat` may see it (`None`: a spectator).
    pub fn view_for(&self, seat: Option<usize>) -> PlayerView {
        PlayerView {
            seat,
            now_ms: self.now_ms,
            shake: self.shake,
            goal_setter: self.goal_setter,
            dealer: self.dealer,
            last_mover: self.last_mover,
            phase: self.phase_for(seat),
            cubes: self.cubes.clone(),
            dealt: self.dealt.clone(),
            deck_left: self.deck.len(),
            goal: self.goal.clone(),
            selections: self.selections.clone(),
            timers: self.timers.clone(),
            totals: self.totals(),
            penalties: self.penalties.clone(),
            history: self.history.to_vec(),
            pending: self.pending.clone(),
            block: self.block,
            block_until: self.block_until,
            round_up: self.round_up,
            stop_at: self.stop_at,
            match_points: self.match_points.clone(),
            present: self.present.clone(),
            seated: self.seated.clone(),
            legal: match seat {
                Some(s) if self.match_points.is_none() => self.legal_actions(s),
                _ => Vec::new(),
            },
        }
    }

    /// The phase as `seat` may see it: while Solutions are written, another
    /// seat's presented Solution (and its Goal, III-D-2) shows as empty
    /// (VII-C-3); while a Solution is checked, another checker's grouping
    /// proving ambiguity shows as empty until every checker is ready
    /// (VII-C-5-c). This is the only privacy filter of the project.
    pub fn phase_for(&self, seat: Option<usize>) -> Phase {
        let mut phase = self.phase.clone();
        match &mut phase {
            Phase::Writing(w) => {
                for (q, wr) in w.writers.iter_mut().enumerate() {
                    if Some(q) != seat {
                        if let Some(p) = &mut wr.presented {
                            p.solution.clear();
                            p.goal = None;
                        }
                    }
                }
            }
            Phase::Checking(c) => {
                for (_, checker, grouping) in c.attempts.iter_mut() {
                    if Some(*checker) != seat {
                        grouping.clear();
                    }
                }
            }
            _ => {}
        }
        phase
    }

    /// The events of the last action as `seat` may see them, this match
    /// being the state after it: a Solution presented while others are
    /// still writing is shown to its writer only (its text is blank for
    /// others until checking starts, when the phase shows it to everyone,
    /// VII-C-3); an ambiguity attempt to its checker only until it is ruled
    /// on (VII-C-5-c).
    pub fn events_for(&self, events: &[Event], seat: Option<usize>) -> Vec<Event> {
        let still_writing = matches!(self.phase, Phase::Writing(_));
        let attempt_pending = |checker: usize| matches!(&self.phase, Phase::Checking(c) if c.attempts.iter().any(|a| a.1 == checker));
        events
            .iter()
            .map(|e| match e {
                Event::Presented { player, .. } if still_writing && Some(*player) != seat => {
                    Event::Presented {
                        player: *player,
                        solution: String::new(),
                    }
                }
                Event::AmbiguityAttempt {
                    checker, writer, ..
                } if Some(*checker) != seat && attempt_pending(*checker) => {
                    Event::AmbiguityAttempt {
                        checker: *checker,
                        writer: *writer,
                        grouping: String::new(),
                    }
                }
                other => other.clone(),
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::MatchConfig;
    use crate::state::{Checking, Decision, Presented, Role, Writer, Writing, WritingKind};
    use onsets_core::Division;

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

    /// Everything a view shows that could carry a Solution's text.
    fn shown(v: &PlayerView) -> String {
        format!("{:?}", v.phase)
    }

    #[test]
    fn vii_c_3_a_seat_never_sees_another_seats_presented_solution_while_writing() {
        let mut m = three();
        m.phase = Phase::Writing(Writing {
            kind: WritingKind::EndOfRound,
            writers: vec![writer(Some("R ∪ B")), writer(None), writer(Some("G′"))],
        });
        assert!(shown(&m.view_for(Some(0))).contains("R ∪ B"));
        assert!(!shown(&m.view_for(Some(0))).contains("G′"));
        assert!(shown(&m.view_for(Some(2))).contains("G′"));
        for seat in [Some(1), Some(2), None] {
            assert!(!shown(&m.view_for(seat)).contains("R ∪ B"), "{seat:?}");
        }
        let ev = [Event::Presented {
            player: 0,
            solution: "R ∪ B".into(),
        }];
        let seen = |m: &Match, seat| format!("{:?}", m.events_for(&ev, seat));
        assert!(seen(&m, Some(0)).contains("R ∪ B"));
        assert!(!seen(&m, Some(1)).contains("R ∪ B"));
        assert!(!seen(&m, None).contains("R ∪ B"));
        m.phase = Phase::Over;
        assert!(seen(&m, Some(1)).contains("R ∪ B"));
    }

    #[test]
    fn vii_c_5_c_a_seat_never_sees_another_checkers_grouping_until_all_are_ready() {
        let mut m = three();
        m.phase = Phase::Checking(Checking {
            kind: WritingKind::EndOfRound,
            writers: vec![writer(Some("R ∪ B ∩ G")), writer(None), writer(None)],
            queue: vec![0],
            current: 0,
            decisions: vec![vec![
                Decision::Accepted,
                Decision::Attempted,
                Decision::Pending,
            ]],
            correct: vec![None; 3],
            attempts: vec![(0, 1, "(R ∪ B) ∩ G".into())],
        });
        assert!(shown(&m.view_for(Some(1))).contains("(R ∪ B) ∩ G"));
        for seat in [Some(0), Some(2), None] {
            assert!(
                !shown(&m.view_for(seat)).contains("(R ∪ B) ∩ G"),
                "{seat:?}"
            );
        }
        // The Solution itself is public once checking starts.
        assert!(shown(&m.view_for(Some(2))).contains("R ∪ B ∩ G"));
        let ev = [Event::AmbiguityAttempt {
            checker: 1,
            writer: 0,
            grouping: "(R ∪ B) ∩ G".into(),
        }];
        assert!(!format!("{:?}", m.events_for(&ev, Some(2))).contains("(R ∪ B) ∩ G"));
        assert!(format!("{:?}", m.events_for(&ev, Some(1))).contains("(R ∪ B) ∩ G"));
    }

    #[test]
    fn a_view_has_no_deck_order_and_no_dice() {
        let m = three();
        let v = m.view_for(Some(0));
        assert_eq!(v.deck_left, m.deck.len());
        assert!(!format!("{v:?}").contains("word_pos"));
        assert!(m.view_for(None).legal.is_empty());
    }
}

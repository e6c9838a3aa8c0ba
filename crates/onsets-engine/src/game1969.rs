//! The 1969 game ([`manual1969::Game`], M69 §§2–3) as a host sees it: what
//! a seat may see ([`View1969`], the edition's one privacy filter) and the
//! acts a seat may take now ([`legal_1969`]). Used through
//! [`crate::Rules`].
//!
//! Everything in a 1969 game is on the table but the deck, except that
//! while Solutions are being written nobody sees another's: each writes
//! "independently" (M69 3.9 B, 4.1 footnote); they show once the play is
//! scored ([`manual1969::Game::solutions_hidden`], the rule that filters the
//! public log too).

use crate::manual1969::{
    card_1969, face_1969, Act1969, Action1969, Claim, Event1969, Game, Pen, Phase1969, PlayLine,
    Side,
};
use crate::model::{Family, Place};
use serde::Serialize;

/// One cube as the page shows it: its face in the 1969 notation.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct CubeView1969 {
    pub id: u8,
    pub family: Family,
    pub face: String,
    pub place: Place,
}

/// One completed play of the current round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PlayView1969 {
    pub mover: usize,
    pub goal_play: bool,
}

/// A 1969 game as one seat (or a spectator) may see it: the fields of the
/// 1969 table's `state` (docs/protocol.md, "1969 tables"), with `legal`.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct View1969 {
    /// Always `1969`.
    pub edition: &'static str,
    /// The seat this view is for (`null` for a spectator).
    pub you: Option<usize>,
    /// `basic` or `advanced`.
    pub form: String,
    pub players: Vec<String>,
    pub seed_commitment: Option<String>,
    pub play: u32,
    pub plays_in_game: u32,
    pub shaker: usize,
    pub dealer: usize,
    /// The phase; while Solutions are written, another writer's pen shows
    /// only that they wrote (an empty `solution`).
    pub phase: Phase1969,
    /// The cards dealt, in the order dealt (1969 notation).
    pub universe: Vec<String>,
    pub goal: Option<String>,
    pub cubes: Vec<CubeView1969>,
    pub plays: Vec<PlayView1969>,
    pub last_mover: Option<usize>,
    /// Per seat: the game waits for this seat's decision.
    pub awaiting: Vec<bool>,
    pub penalties: Vec<i32>,
    pub history: Vec<PlayLine>,
    pub totals: Vec<i32>,
    pub over: bool,
    /// Solutions are being written (M69 3.9 B): the others' are hidden.
    pub solutions_hidden: bool,
    /// The bots wait while a person may still challenge the last play (a
    /// setting of the host, the table's challenge window; `false` here).
    pub bots_waiting: bool,
    /// The acts this seat may take now that the game accepts (empty for a
    /// spectator). A Goal or a Solution is a text: its act is sent by hand.
    pub legal: Vec<Act1969>,
}

impl View1969 {
    pub fn new(g: &Game, you: Option<usize>, legal: Vec<Act1969>) -> View1969 {
        let hidden = g.solutions_hidden();
        let mut phase = g.phase().clone();
        if let Phase1969::Challenge { pens, .. } | Phase1969::Assertion { pens, .. } = &mut phase {
            for (seat, pen) in pens.iter_mut().enumerate() {
                if pen_hidden(hidden, you, seat, pen) {
                    *pen = Pen::Wrote {
                        solution: String::new(),
                        sustained: false,
                        reasons: Vec::new(),
                    };
                }
            }
        }
        View1969 {
            edition: "1969",
            you,
            form: g.form().name().to_string(),
            players: g.header().config.players.clone(),
            seed_commitment: g.header().config.seed_commitment.clone(),
            play: g.play(),
            plays_in_game: g.plays_in_game(),
            shaker: g.shaker(),
            dealer: g.dealer(),
            phase,
            universe: g.dealt().iter().map(|m| card_1969(*m)).collect(),
            goal: g.goal().map(str::to_string),
            cubes: g
                .cubes()
                .iter()
                .map(|c| CubeView1969 {
                    id: c.id,
                    family: c.family,
                    face: face_1969(c.face),
                    place: c.place,
                })
                .collect(),
            plays: g
                .plays()
                .iter()
                .map(|p| PlayView1969 {
                    mover: p.mover,
                    goal_play: p.goal_play,
                })
                .collect(),
            last_mover: g.last_mover(),
            awaiting: (0..g.n()).map(|p| g.awaits(p)).collect(),
            penalties: g.penalties().to_vec(),
            history: g.history().to_vec(),
            totals: g.totals(),
            over: g.is_over(),
            solutions_hidden: hidden,
            bots_waiting: false,
            legal,
        }
    }
}

/// Whether the view for `you` hides `seat`'s pen: while Solutions are
/// written (`hidden`, [`Game::solutions_hidden`]) another writer's Solution
/// shows only that it was written (M69 3.9 B). The one rule of
/// [`View1969::new`] and [`View1969::phase_seen`].
fn pen_hidden(hidden: bool, you: Option<usize>, seat: usize, pen: &Pen) -> bool {
    hidden && Some(seat) != you && matches!(pen, Pen::Wrote { .. })
}

/// A pen in [`PhaseSeen1969`]: as the game has it, or (another writer's,
/// while Solutions are written) only `{"state":"wrote"}` (M69 3.9 B).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum PenSeen<'a> {
    Shown(&'a Pen),
    Hidden {
        /// Always `wrote`.
        state: &'static str,
    },
}

/// The phase of a [`View1969`] in the brief form of the `/api/tables1969`
/// state (docs/protocol.md, "1969 tables"): a hidden pen is
/// `{"state":"wrote"}` with nothing else; every other phase as the view has
/// it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum PhaseSeen1969<'a> {
    Shown(&'a Phase1969),
    Challenge {
        /// Always `challenge`.
        phase: &'static str,
        claim: &'a Claim,
        challenger: usize,
        mover: usize,
        at_ms: u64,
        sides: &'a [Option<Side>],
        pens: Vec<PenSeen<'a>>,
    },
    Assertion {
        /// Always `assertion`.
        phase: &'static str,
        asserter: usize,
        pens: Vec<PenSeen<'a>>,
    },
}

impl View1969 {
    /// The view's phase with each pen it hides written `{"state":"wrote"}`
    /// (the brief form of the HTTP alias); the pens hidden are those
    /// [`View1969::new`] hid, by the same rule.
    pub fn phase_seen(&self) -> PhaseSeen1969<'_> {
        let (hidden, you) = (self.solutions_hidden, self.you);
        let seen = |pens: &[Pen]| {
            pens.iter()
                .enumerate()
                .any(|(seat, pen)| pen_hidden(hidden, you, seat, pen))
        };
        fn brief(hidden: bool, you: Option<usize>, pens: &[Pen]) -> Vec<PenSeen<'_>> {
            pens.iter()
                .enumerate()
                .map(|(seat, pen)| {
                    if pen_hidden(hidden, you, seat, pen) {
                        PenSeen::Hidden { state: "wrote" }
                    } else {
                        PenSeen::Shown(pen)
                    }
                })
                .collect()
        }
        match &self.phase {
            Phase1969::Challenge {
                claim,
                challenger,
                mover,
                at_ms,
                sides,
                pens,
            } if seen(pens) => PhaseSeen1969::Challenge {
                phase: "challenge",
                claim,
                challenger: *challenger,
                mover: *mover,
                at_ms: *at_ms,
                sides,
                pens: brief(hidden, you, pens),
            },
            Phase1969::Assertion { asserter, pens } if seen(pens) => PhaseSeen1969::Assertion {
                phase: "assertion",
                asserter: *asserter,
                pens: brief(hidden, you, pens),
            },
            phase => PhaseSeen1969::Shown(phase),
        }
    }
}

/// An event as a seat may see it: the event, or a Solution written while
/// the others still write (who wrote, not what; M69 3.9 B).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(untagged)]
pub enum SeenEvent1969 {
    Shown(Event1969),
    HiddenWritten {
        /// Always `written`.
        event: &'static str,
        player: usize,
        /// Always `true`.
        hidden: bool,
    },
}

/// `events` as anyone may see them now: while Solutions are written, the
/// Solutions written since the last challenge or assertion are hidden.
pub fn events_seen_1969(g: &Game, events: &[Event1969]) -> Vec<SeenEvent1969> {
    let start = if g.solutions_hidden() {
        events
            .iter()
            .rposition(|e| matches!(e, Event1969::Challenged { .. } | Event1969::Asserted { .. }))
            .unwrap_or(0)
    } else {
        events.len()
    };
    events
        .iter()
        .enumerate()
        .map(|(i, e)| match e {
            Event1969::Written { player, .. } if i >= start => SeenEvent1969::HiddenWritten {
                event: "written",
                player: *player,
                hidden: true,
            },
            e => SeenEvent1969::Shown(e.clone()),
        })
        .collect()
}

/// The acts of `seat` the game would accept now: the candidates of the
/// phase (a deal of 6 to 16 cards, 2.2, 2.5; the roll; every move of a cube
/// from Resources, 3.2, with "Bonus", 3.3; "No Goal", 3.1; letting it stand
/// or challenging it, 3.10 B; each challenge, 3.6; an assertion, 3.10 A;
/// joining a side, 3.9 A; declining to write) each tried on the game, so
/// that an act taken from the list is accepted. Texts (a Goal, a Solution)
/// are not listed.
pub fn legal_1969(g: &Game, seat: usize) -> Vec<Act1969> {
    if seat >= g.n() || g.is_over() {
        return Vec::new();
    }
    candidates(g, seat)
        .into_iter()
        .filter(|act| {
            g.apply(Action1969 {
                at_ms: g.now_ms(),
                act: act.clone(),
            })
            .is_ok()
        })
        .collect()
}

fn candidates(g: &Game, player: usize) -> Vec<Act1969> {
    let moves = |bonus: bool| {
        let mut v = Vec::new();
        for c in g.cubes().iter().filter(|c| c.place == Place::Resources) {
            for to in [Place::Required, Place::Permitted, Place::Forbidden] {
                v.push(Act1969::Move {
                    player,
                    cube: c.id,
                    to,
                    bonus,
                });
            }
        }
        v
    };
    let challenges = || {
        Claim::ALL
            .iter()
            .map(|&claim| Act1969::Challenge { player, claim })
            .collect::<Vec<_>>()
    };
    let mut v = Vec::new();
    match g.phase() {
        Phase1969::Deal => v.extend((6..=16).map(|count| Act1969::Deal { player, count })),
        Phase1969::Roll => v.push(Act1969::Roll { player }),
        Phase1969::Goal { .. } => {
            v.push(Act1969::DeclareNoGoal { player });
            v.extend(moves(true));
        }
        Phase1969::NoGoal { .. } => {
            v.push(Act1969::AcceptNoGoal { player });
            v.extend(challenges());
        }
        Phase1969::Moves { .. } => {
            v.extend(moves(false));
            v.extend(moves(true));
            v.extend(challenges());
            v.push(Act1969::Assert { player });
        }
        Phase1969::Challenge { .. } => {
            for side in [Side::Challenger, Side::Mover] {
                v.push(Act1969::Join { player, side });
            }
            v.push(Act1969::Decline { player });
        }
        Phase1969::Assertion { .. } => v.push(Act1969::Decline { player }),
        Phase1969::Over => {}
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::manual1969::{Header1969, Settings1969};
    use crate::Rules;
    use onsets_core::Form1969;

    /// Plays seeded games by acts taken from the seats' `legal` lists (a
    /// Goal typed when only a text would do): every one is accepted, and the
    /// games end.
    #[test]
    fn every_legal_act_is_accepted_to_the_end() {
        for (seed, form) in [
            (1, Form1969::Basic),
            (2, Form1969::Advanced),
            (3, Form1969::Basic),
        ] {
            let names = ["A".to_string(), "B".to_string(), "C".to_string()];
            let header = Header1969::new(
                seed,
                &names,
                form,
                Settings1969 {
                    plays: Some(2),
                    ..Settings1969::default()
                },
            );
            let (mut g, _) = Game::begin(header).unwrap();
            let mut r = seed;
            let mut steps = 0;
            while !g.over() {
                steps += 1;
                assert!(steps < 2000, "no end: {:?}", g.phase());
                r = r
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let pick = (r >> 33) as usize;
                let legal: Vec<(usize, Act1969)> = (0..g.n())
                    .flat_map(|p| g.legal_for(p).into_iter().map(move |a| (p, a)))
                    .filter(|(p, a)| g.awaits(*p) || !matches!(a, Act1969::Challenge { .. }))
                    .collect();
                let act = if legal.is_empty() {
                    // Only a text: the Shaker's Goal, a digit in Resources.
                    let d = g
                        .cubes()
                        .iter()
                        .find(|c| c.family == Family::Digit && c.place == Place::Resources)
                        .map(|c| face_1969(c.face))
                        .unwrap_or_else(|| "1".into());
                    Act1969::SetGoal {
                        player: g.shaker(),
                        goal: d,
                    }
                } else {
                    legal[pick % legal.len()].1.clone()
                };
                let listed = !legal.is_empty();
                match g.step(g.clock_ms() + 10, act.clone()) {
                    Ok((next, _)) => g = next,
                    Err(e) => {
                        assert!(!listed, "a legal act was refused: {act:?}: {e}");
                        // A typed Goal the game refuses: say "No Goal".
                        let no = Act1969::DeclareNoGoal { player: g.shaker() };
                        g = g.step(g.clock_ms() + 10, no).unwrap().0;
                    }
                }
            }
            assert!(g.legal_for(0).is_empty());
            let again = Game::from_log(&Rules::log(&g)).unwrap();
            assert_eq!(again.totals(), g.totals());
        }
    }
}

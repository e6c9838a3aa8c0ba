//! V, VIII: challenges (Now, Impossible, the challenge block) and forceout.

use super::{rej, R};
use crate::model::*;
use crate::state::*;

impl Match {
    /// V: Now and Impossible, with every validity condition of V-A and V-B;
    /// III-D-2: the "no Goal" challenge.
    pub(crate) fn challenge(
        &mut self,
        player: usize,
        kind: ChallengeKind,
        ev: &mut Vec<Event>,
    ) -> R<()> {
        if self.block == Some(player) {
            // V-B: the holder states the challenge within the 15 seconds.
            self.block = None;
            self.block_until = None;
        }
        if let Some(p) = self.take_last_cube() {
            // VIII-A: "any challenge that is made is set aside (without penalty)".
            ev.push(Event::ChallengeSetAside {
                player,
                rule: "VIII-A".into(),
                reason: "the last cube was moved to Forbidden: the challenge is set aside without penalty and the cube returned".into(),
            });
            if let IpKind::LastCubeToForbidden { cube } = p.kind {
                self.return_last_cube(p.offender, cube, p.timer, ev);
            }
            return Ok(());
        }
        match self.phase.clone() {
            Phase::Setup { .. } | Phase::Variations { .. } | Phase::Goal { .. } => self.set_aside(
                player,
                "V-B",
                "challenge before the Goal was set (OS-A4)",
                ev,
            ),
            Phase::NoGoal { .. } => self.challenge_no_goal(player, kind, ev),
            Phase::Moves { .. } => self.challenge_in_moves(player, kind, ev),
            Phase::Writing(w) => match w.kind {
                WritingKind::Forceout {
                    mover,
                    window_until,
                } => {
                    if kind != ChallengeKind::Impossible {
                        return self.set_aside(
                            player,
                            "VIII-B",
                            "after the last cube only Impossible may be challenged",
                            ev,
                        );
                    }
                    if player == mover {
                        return self.set_aside(
                            player,
                            "V-B",
                            "challenging yourself: you moved the last cube",
                            ev,
                        );
                    }
                    if self.now_ms > window_until {
                        return self.set_aside(
                            player,
                            "VIII-B",
                            "Impossible after the first minute for writing Solutions",
                            ev,
                        );
                    }
                    self.pending.clear();
                    ev.push(Event::Challenged {
                        player,
                        kind,
                        against: mover,
                    });
                    // VIII-B: the rest of the original time for writing.
                    let mut writers = w.writers.clone();
                    for (q, wr) in writers.iter_mut().enumerate() {
                        wr.role = if q == player || !self.is_seated(q) {
                            Role::MayNot
                        } else if q == mover {
                            Role::Must
                        } else {
                            Role::May
                        };
                        if q == player {
                            wr.presented = None;
                        }
                    }
                    let start = self.window_start(window_until);
                    let rest = (start + self.solution_minutes_ms()).saturating_sub(self.now_ms);
                    self.timers.clear();
                    self.phase = Phase::Writing(Writing {
                        kind: WritingKind::Challenge {
                            challenge: ChallengeKind::Impossible,
                            challenger: player,
                            mover,
                        },
                        writers,
                    });
                    self.writing_timers(rest);
                    self.maybe_end_writing(ev);
                    Ok(())
                }
                WritingKind::EndOfRound => {
                    self.set_aside(player, "V-B", "challenge after \"stop\" (XI-B-2)", ev)
                }
                _ => rej(
                    RejectCode::AlreadyChallenged,
                    "V-A",
                    "a challenge has already been made in this shake",
                ),
            },
            Phase::Checking(_) => rej(RejectCode::WrongPhase, "V-A", "Solutions are being checked"),
            Phase::Over => rej(RejectCode::MatchOver, "XII", "the match is over"),
        }
    }

    /// III-D-2: a challenge of the Goal-setter's "no Goal" declaration.
    fn challenge_no_goal(
        &mut self,
        player: usize,
        kind: ChallengeKind,
        ev: &mut Vec<Event>,
    ) -> R<()> {
        if kind != ChallengeKind::NoGoal {
            return self.set_aside(
                player,
                "V-B",
                "no Goal was set; only the \"no Goal\" declaration can be challenged",
                ev,
            );
        }
        if player == self.goal_setter {
            return self.set_aside(player, "V-B", "challenging your own declaration", ev);
        }
        self.timers.clear();
        ev.push(Event::Challenged {
            player,
            kind,
            against: self.goal_setter,
        });
        let mut roles = vec![Role::May; self.n()];
        roles[player] = Role::Must;
        roles[self.goal_setter] = Role::MayNot;
        self.start_writing(
            WritingKind::NoGoal {
                challenger: player,
                setter: self.goal_setter,
            },
            roles,
            self.solution_minutes_ms(),
        );
        Ok(())
    }

    /// V-A, V-B: Now or Impossible while cubes are moved, against the last Mover.
    fn challenge_in_moves(
        &mut self,
        player: usize,
        kind: ChallengeKind,
        ev: &mut Vec<Event>,
    ) -> R<()> {
        let against = self.last_mover.unwrap_or(self.goal_setter);
        if kind == ChallengeKind::NoGoal {
            return self.set_aside(
                player,
                "V-A",
                "a Goal was set; the only challenges are Now and Impossible",
                ev,
            );
        }
        if player == against {
            return self.set_aside(
                player,
                "V-B",
                "challenging yourself: you were the last Mover",
                ev,
            );
        }
        if kind == ChallengeKind::Now {
            let need = if self.two_solutions() { 3 } else { 2 };
            if self.resources_count() < need {
                let rule = if need == 3 { "XIII-D-14" } else { "V-A-2-a" };
                return self.set_aside(
                    player,
                    rule,
                    &format!("Now with fewer than {need} cubes in Resources"),
                    ev,
                );
            }
            if self.in_place(Place::Required).is_empty()
                && self.in_place(Place::Permitted).is_empty()
            {
                return self.set_aside(
                    player,
                    "V-A-2-b",
                    "Now before any cube was played to Required or Permitted",
                    ev,
                );
            }
        }
        self.insulate(player, ev);
        self.pending.clear();
        self.timers.clear();
        ev.push(Event::Challenged {
            player,
            kind,
            against,
        });
        let mut roles = vec![Role::May; self.n()];
        let kind2 = kind;
        if kind == ChallengeKind::Now {
            roles[player] = Role::Must;
            roles[against] = Role::MayNot;
        } else {
            roles[player] = Role::MayNot;
            roles[against] = Role::Must;
        }
        self.start_writing(
            WritingKind::Challenge {
                challenge: kind2,
                challenger: player,
                mover: against,
            },
            roles,
            self.solution_minutes_ms(),
        );
        Ok(())
    }

    /// The start of the forceout's writing time, given the window's end.
    pub(crate) fn window_start(&self, window_until: u64) -> u64 {
        let window = if self.two_solutions() {
            120_000
        } else {
            60_000
        };
        window_until - window
    }

    /// VIII: the last cube was played to Required or Permitted.
    pub(crate) fn forceout(&mut self, mover: usize, ev: &mut Vec<Event>) {
        ev.push(Event::Forceout { mover });
        self.timers.clear();
        // XIII-D-14: two minutes to challenge Impossible with Two Solutions.
        let window = if self.two_solutions() {
            120_000
        } else {
            60_000
        };
        let roles = vec![Role::May; self.n()];
        self.start_writing(
            WritingKind::Forceout {
                mover,
                window_until: self.now_ms + window,
            },
            roles,
            self.solution_minutes_ms(),
        );
    }
}

//! Illegal procedure (IX): recording an illegal act as pending, charging
//! it (IX-A) and correcting it (IX-A-1), insulation by another player's legal
//! action (IX-B), and the acts the rules treat as illegal procedure rather
//! than refuse: moving out of turn, two cubes to Forbidden without "Bonus"
//! (IV-C comment b), a bonus shift (OS-C3), the last cube to Forbidden
//! (VIII-A). See docs/engine.md, "Illegal procedures".

use crate::model::*;
use crate::state::*;

type R<T> = Result<T, Rejection>;

fn rej<T>(code: RejectCode, rule: &'static str, msg: impl Into<String>) -> R<T> {
    Err(Rejection::new(code, rule, msg))
}

impl Match {
    /// IX-B: a legal action by `actor` insulates the illegal procedures of
    /// the other players.
    pub(crate) fn insulate(&mut self, actor: usize, ev: &mut Vec<Event>) {
        let (gone, keep): (Vec<Pending>, Vec<Pending>) =
            self.pending.drain(..).partition(|p| p.offender != actor);
        self.pending = keep;
        for p in gone {
            self.insulated(p, ev);
        }
    }

    pub(crate) fn insulated(&mut self, p: Pending, ev: &mut Vec<Event>) {
        if let IpKind::IllegalVariation { index } = p.kind {
            let s = &self.selections[index];
            ev.push(Event::SelectionInsulated {
                player: s.player,
                variation: s.variation.clone(),
            });
        }
        ev.push(Event::Insulated {
            offender: p.offender,
            rule: p.rule,
        });
    }

    /// Records an illegal procedure; with `auto_charge` it is charged at once.
    pub(crate) fn illegal(
        &mut self,
        offender: usize,
        rule: &str,
        kind: IpKind,
        prev: Option<usize>,
        timer: Option<Timer>,
        ev: &mut Vec<Event>,
    ) {
        self.pending.push(Pending {
            offender,
            rule: rule.into(),
            kind,
            prev_last_mover: prev,
            timer,
            at_ms: self.now_ms,
        });
        if self.config.auto_charge {
            self.charge(None, ev);
        }
    }

    /// IX-A-1: "Moving out of turn" is illegal procedure: the cube is played
    /// and stays unless charged before another player's legal action
    /// insulates it (IX-B); the turn stays with the player whose turn it is.
    /// A second cube to Forbidden right after the offender's own regular move
    /// to Forbidden is "moving two cubes without calling Bonus" (IV-C comment
    /// b). With one cube left in Resources only the player whose turn it is
    /// may play it (refused otherwise, VIII-A).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn out_of_turn(
        &mut self,
        player: usize,
        id: u8,
        to: Place,
        bonus: bool,
        from: Place,
        turn: usize,
        ev: &mut Vec<Event>,
    ) -> R<()> {
        let rule = if from == Place::Resources {
            "IV-B"
        } else {
            "XIII-A-7"
        };
        let c = self.check_cube(id, from, rule)?.clone();
        let allowed = match from {
            Place::Resources => matches!(to, Place::Required | Place::Permitted | Place::Forbidden),
            _ => matches!(to, Place::Required | Place::Forbidden),
        };
        if !allowed {
            return rej(
                RejectCode::BadSection,
                rule,
                "not a section this cube can go to",
            );
        }
        if bonus && to != Place::Forbidden {
            return rej(
                RejectCode::BonusToForbidden,
                "IV-C-1",
                "a bonus move goes to Forbidden",
            );
        }
        if c.family == Family::Digit {
            return rej(
                RejectCode::NotYourTurn,
                "IV-A",
                "a digit cube is not moved on a turn (OS-C1), least of all out of turn",
            );
        }
        if self.resources_count() <= 1 && (to == Place::Forbidden || from == Place::Permitted) {
            return rej(
                RejectCode::NotYourTurn,
                "VIII-A",
                "with one cube left in Resources the player whose turn it is moves it or challenges Impossible",
            );
        }
        let pair = match self.last_move {
            Some((q, first))
                if q == player
                    && from == Place::Resources
                    && to == Place::Forbidden
                    && self.last_mover == Some(player)
                    && self.cubes[first as usize].place == Place::Forbidden
                    && matches!(self.phase, Phase::Moves { turn: t, bonus: None, .. } if t == self.left(player)) =>
            {
                Some(first)
            }
            _ => None,
        };
        let prev = self.last_mover;
        let snap = self.move_timer(turn);
        self.place(id, to);
        self.last_mover = Some(player);
        ev.push(if from == Place::Resources {
            Event::Moved {
                player,
                cube: id,
                to,
            }
        } else {
            Event::Shifted {
                player,
                cube: id,
                to,
            }
        });
        if from == Place::Resources && self.resources_count() == 0 {
            // The last cube, out of turn: a forceout unless charged (VIII).
            self.forceout(player, ev);
        }
        let rule = if pair.is_some() { "IV-C-1" } else { "IX-A-1" };
        self.illegal(
            player,
            rule,
            IpKind::OutOfTurn {
                cube: id,
                from,
                turn,
                pair,
            },
            prev,
            snap,
            ev,
        );
        Ok(())
    }

    /// IV-C comment b: the offender returns one of the two cubes.
    pub(crate) fn return_cube(&mut self, player: usize, cube: u8, ev: &mut Vec<Event>) -> R<()> {
        let Some(rc) = self.return_choice.clone() else {
            return rej(
                RejectCode::NothingToReturn,
                "IV-C",
                "no charge of two cubes moved without \"Bonus\" waits for a choice",
            );
        };
        if player != rc.player {
            return rej(
                RejectCode::NotOffender,
                "IV-C",
                "the player who moved the two cubes chooses which to return",
            );
        }
        if !rc.cubes.contains(&cube) {
            return rej(
                RejectCode::NotOneOfTheTwo,
                "IV-C",
                "return one of the two cubes moved to Forbidden",
            );
        }
        self.place(cube, Place::Resources);
        self.return_choice = None;
        ev.push(Event::CubeReturned { player, cube });
        Ok(())
    }

    /// The regular cube played after an illegal bonus (IV-C-2, OS-C3).
    pub(crate) fn note_second_cube(&mut self, player: usize, id: u8, shifted: bool) {
        for p in &mut self.pending {
            if p.offender != player {
                continue;
            }
            match &mut p.kind {
                IpKind::BonusWhileLeading { second, .. } if second.is_none() => {
                    *second = Some(id);
                }
                IpKind::BonusShift {
                    second,
                    second_shifted,
                    ..
                } if second.is_none() => {
                    *second = Some(id);
                    *second_shifted = shifted;
                }
                _ => {}
            }
        }
    }

    /// OS-C3: "Bonus" said, then a cube shifted from Permitted. Illegal
    /// procedure (a bonus move is from Resources to Forbidden, IV-C-1): the
    /// shifted cube stands as the bonus; when charged, the second cube goes
    /// back and is not replaced.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn bonus_shift(
        &mut self,
        player: usize,
        id: u8,
        to: Place,
        turn: usize,
        b: Option<u8>,
        first: bool,
        ev: &mut Vec<Event>,
    ) -> R<()> {
        if b.is_some() {
            return rej(RejectCode::OneBonus, "IV-C", "one bonus move per turn");
        }
        let (prev, snap) = self.shift_cube(player, id, to, ev)?;
        self.phase = Phase::Moves {
            turn,
            bonus: Some(id),
            first,
        };
        self.illegal(
            player,
            "IV-C-1",
            IpKind::BonusShift {
                cube: id,
                second: None,
                second_shifted: false,
            },
            prev,
            snap,
            ev,
        );
        Ok(())
    }

    /// The Move timer `player` has now (IX-A-1 needs it for a correction).
    pub(crate) fn move_timer(&self, player: usize) -> Option<Timer> {
        self.timers
            .iter()
            .find(|t| t.task == Task::Move && t.player == player)
            .cloned()
    }

    /// IX-A: a charge of illegal procedure against the latest uncorrected
    /// illegal procedure of another player; `by` is None for the engine's
    /// own charge (`auto_charge`).
    pub(crate) fn charge(&mut self, by: Option<usize>, ev: &mut Vec<Event>) {
        let idx = self.pending.iter().rposition(|p| Some(p.offender) != by);
        let Some(idx) = idx else {
            if let Some(b) = by {
                // IX-A-2: no penalty for an erroneous charge.
                ev.push(Event::ChargeSetAside {
                    by: b,
                    reason: "no uncorrected illegal procedure of another player (IX-A-2)".into(),
                });
            }
            return;
        };
        if by.is_some() && self.charge_too_late(&self.pending[idx]) {
            // 2019-20 IX-A: "within 15 seconds"; the action stands until
            // insulated (no penalty for the late charge, IX-A-2 comment).
            ev.push(Event::ChargeSetAside {
                by: by.unwrap_or_default(),
                reason:
                    "illegal procedure is charged within 15 seconds of the action (IX-A, 2019-20)"
                        .into(),
            });
            return;
        }
        let p = self.pending.remove(idx);
        let o = p.offender;
        let correction = self.correct(&p, ev);
        ev.push(Event::IllegalProcedureCharged {
            by,
            offender: o,
            rule: p.rule,
            correction,
        });
    }

    /// IX-A-1: the correction of one charged illegal procedure, in words.
    fn correct(&mut self, p: &Pending, ev: &mut Vec<Event>) -> String {
        let o = p.offender;
        let correction: String;
        match p.kind.clone() {
            IpKind::GoalBonus { cube, leading } => {
                self.place(cube, Place::Resources);
                if let Phase::Goal { revise, .. } = &self.phase {
                    // OS-B6: no other bonus move in its place.
                    self.phase = Phase::Goal {
                        bonus: Some(cube),
                        revise: revise.clone(),
                        arranged: None,
                    };
                }
                if leading {
                    self.penalize(o, "III-C-2", "bonus move while leading", ev);
                }
                correction = format!("cube {cube} returned to Resources");
            }
            IpKind::BonusWhileLeading { cube, second } => {
                self.penalize(o, "IV-C-2", "bonus move while leading", ev);
                match second {
                    Some(s) => {
                        self.place(s, Place::Resources);
                        self.undo_forceout(o);
                        correction = format!("second cube {s} returned to Resources");
                    }
                    None => {
                        self.place(cube, Place::Resources);
                        if let Phase::Moves { turn, first, .. } = self.phase {
                            self.phase = Phase::Moves {
                                turn,
                                bonus: Some(cube),
                                first,
                            };
                        }
                        self.last_mover = p.prev_last_mover;
                        correction = format!("bonus cube {cube} returned to Resources");
                    }
                }
            }
            IpKind::RelationToForbidden { cube, bonus } => {
                self.place(cube, Place::Resources);
                let regular_pending = matches!(
                    self.phase,
                    Phase::Moves { turn, bonus: Some(b), .. } if turn == o && b == cube
                );
                if bonus && !regular_pending {
                    // IX-A-1 "if necessary, make another move": the regular
                    // move completed the turn; it stands and the turn stays
                    // passed on (compare OS-C3).
                    correction = format!(
                        "bonus cube {cube} returned to Resources; the regular move completed the turn"
                    );
                } else {
                    self.last_mover = p.prev_last_mover;
                    self.turn_back(o, bonus.then_some(cube), p.timer.clone());
                    correction =
                        format!("cube {cube} returned to Resources; the Mover moves again");
                }
            }
            IpKind::ShiftNotInForce { cube } | IpKind::ShiftRelationToForbidden { cube } => {
                self.place(cube, Place::Permitted);
                self.last_mover = p.prev_last_mover;
                self.turn_back(o, None, p.timer.clone());
                correction = format!("cube {cube} returned to Permitted; the Mover moves again");
            }
            IpKind::BonusShift {
                cube,
                second,
                second_shifted,
            } => match second {
                Some(sc) => {
                    // OS-C3: the second cube goes back and is not replaced.
                    let from = if second_shifted {
                        Place::Permitted
                    } else {
                        Place::Resources
                    };
                    self.place(sc, from);
                    self.undo_forceout(o);
                    correction = format!(
                        "second cube {sc} returned to {}; not replaced on this turn (OS-C3)",
                        from.name()
                    );
                }
                None => {
                    self.place(cube, Place::Permitted);
                    self.last_mover = p.prev_last_mover;
                    self.turn_back(o, Some(cube), p.timer.clone());
                    correction = format!(
                        "cube {cube} returned to Permitted; the Mover makes the regular move"
                    );
                }
            },
            IpKind::OutOfTurn { .. }
            | IpKind::LastCubeToForbidden { .. }
            | IpKind::IllegalGoal { .. }
            | IpKind::IllegalVariation { .. } => return self.correct_turn_or_selection(p, ev),
        }
        correction
    }

    /// IX-A-1: the corrections of a move out of turn, the last cube to Forbidden,
    /// an illegal Goal (OS-B2) and an illegal variation selection (II-C-2).
    fn correct_turn_or_selection(&mut self, p: &Pending, ev: &mut Vec<Event>) -> String {
        let o = p.offender;
        let correction: String;
        match p.kind.clone() {
            IpKind::OutOfTurn {
                cube,
                from,
                turn,
                pair,
            } => match pair {
                Some(first) => {
                    // IV-C comment b: the offender chooses which cube goes back.
                    self.return_choice = Some(ReturnChoice {
                        player: o,
                        cubes: [first, cube],
                        until_ms: self.now_ms + 10_000,
                    });
                    correction = format!(
                        "two cubes moved to Forbidden without \"Bonus\": player {o} returns cube {first} or cube {cube} (IV-C comment b)"
                    );
                }
                None => {
                    self.place(cube, from);
                    self.last_mover = p.prev_last_mover;
                    if let Phase::Writing(Writing {
                        kind: WritingKind::Forceout { .. },
                        ..
                    }) = self.phase
                    {
                        self.timers.clear();
                        self.phase = Phase::Moves {
                            turn,
                            bonus: None,
                            first: false,
                        };
                        self.restore_move_timer(turn, p.timer.clone());
                    }
                    correction = format!(
                        "cube {cube} returned to {}; it is still player {turn}'s turn",
                        from.name()
                    );
                }
            },
            IpKind::LastCubeToForbidden { cube } => {
                self.return_last_cube(o, cube, p.timer.clone(), ev);
                correction = format!(
                    "cube {cube} returned to Resources; the Mover plays it to Required or Permitted or challenges Impossible"
                );
            }
            IpKind::IllegalGoal { digits } => {
                self.last_mover = p.prev_last_mover;
                self.clear_task(Task::Move);
                self.phase = Phase::Goal {
                    bonus: Some(u8::MAX),
                    revise: digits,
                    arranged: None,
                };
                self.goal = None;
                self.set_timer(o, Task::SetGoal, 10_000, true);
                correction = "the Goal must be revised; its digit cubes stay (OS-B2)".into();
            }
            IpKind::IllegalVariation { index } => {
                self.selections[index].withdrawn = true;
                self.penalize(o, "II-C-2", "illegal variation selection", ev);
                let pos = self
                    .order_from_setter()
                    .iter()
                    .position(|&q| q == o)
                    .unwrap_or(0);
                let kept = self
                    .selections
                    .iter()
                    .filter(|s| s.player == o && !s.withdrawn)
                    .count() as u8;
                // II-C-2 "on the second try": the player's charged selections
                // this shake, however far the selection had moved on.
                let failures = self
                    .selections
                    .iter()
                    .filter(|s| s.player == o && s.withdrawn)
                    .count()
                    .min(u8::MAX as usize) as u8;
                if failures >= 2 {
                    ev.push(Event::SelectionForfeited { player: o });
                    self.phase = Phase::Variations {
                        pos,
                        picks: 2,
                        failures,
                    };
                    self.next_selector(ev);
                    correction = "second illegal selection: no variation for this player".into();
                } else {
                    self.phase = Phase::Variations {
                        pos,
                        picks: kept,
                        failures,
                    };
                    self.start_selector();
                    correction = "the player must pick another variation".into();
                }
            }
            _ => unreachable!("the other kinds are corrected by `correct`"),
        }
        correction
    }

    /// IX-A-1: the Mover makes another move: with the time that was left
    /// and at least ten seconds, or, when the illegal act came after the
    /// ten-second countdown (the additional minute was running), with that
    /// minute as it runs (XI-A).
    pub(crate) fn turn_back(&mut self, o: usize, bonus: Option<u8>, snap: Option<Timer>) {
        if matches!(self.phase, Phase::Moves { .. }) {
            self.phase = Phase::Moves {
                turn: o,
                bonus,
                first: false,
            };
            self.restore_move_timer(o, snap);
        }
    }

    pub(crate) fn restore_move_timer(&mut self, o: usize, snap: Option<Timer>) {
        self.clear_task(Task::Move);
        match snap {
            Some(t) if t.stage >= 1 => self.timers.push(Timer { player: o, ..t }),
            Some(t) => {
                let due = t.due_ms.max(self.now_ms + 10_000);
                self.timers.push(Timer {
                    player: o,
                    due_ms: due,
                    ..t
                });
            }
            None => self.set_timer(o, Task::Move, 10_000, true),
        }
    }

    /// VIII-A: the last cube goes back to Resources; the Mover, whose turn
    /// it still is, plays it or challenges Impossible.
    pub(crate) fn return_last_cube(
        &mut self,
        o: usize,
        cube: u8,
        snap: Option<Timer>,
        ev: &mut Vec<Event>,
    ) {
        self.place(cube, Place::Resources);
        ev.push(Event::LastCubeReturned { player: o, cube });
        if matches!(self.phase, Phase::Moves { turn, .. } if turn == o) {
            let snap = self.move_timer(o).or(snap);
            self.restore_move_timer(o, snap);
        }
    }

    pub(crate) fn undo_forceout(&mut self, o: usize) {
        if let Phase::Writing(Writing {
            kind: WritingKind::Forceout { .. },
            ..
        }) = self.phase
        {
            self.clear_task(Task::Write);
            let next = self.left(o);
            self.phase = Phase::Moves {
                turn: next,
                bonus: None,
                first: false,
            };
            self.set_timer(next, Task::Move, 60_000, true);
        }
    }

    /// Removes the pending VIII-A state (the last cube in Forbidden), if any.
    pub(crate) fn take_last_cube(&mut self) -> Option<Pending> {
        let i = self
            .pending
            .iter()
            .position(|p| matches!(p.kind, IpKind::LastCubeToForbidden { .. }))?;
        Some(self.pending.remove(i))
    }
}

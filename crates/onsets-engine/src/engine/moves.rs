//! IV: moving cubes to the mat, the Goal-setter's Bonus (III-C), shifts (XIII-A-7) and cubes set aside.

use super::{rej, R};
use crate::model::*;
use crate::state::*;
use onsets_core::Variation;

impl Match {
    pub(crate) fn do_move(
        &mut self,
        player: usize,
        id: u8,
        to: Place,
        bonus: bool,
        ev: &mut Vec<Event>,
    ) -> R<()> {
        match self.phase.clone() {
            Phase::Goal { bonus: b, .. } => self.goal_bonus(player, id, to, bonus, b, ev),
            Phase::Moves {
                turn,
                bonus: b,
                first,
            } => self.turn_move(player, id, to, bonus, turn, b, first, ev),
            Phase::Writing(Writing {
                kind: WritingKind::Forceout { .. },
                ..
            }) => rej(
                RejectCode::Forceout,
                "VIII-A",
                "the last cube has been moved: all moves are over (OS-C5)",
            ),
            _ => rej(
                RejectCode::WrongPhase,
                "IV-B",
                "cubes are moved after the Goal is set (bonus: before it)",
            ),
        }
    }

    /// III-C: the Goal-setter's bonus move before the Goal.
    pub(crate) fn goal_bonus(
        &mut self,
        player: usize,
        id: u8,
        to: Place,
        bonus: bool,
        b: Option<u8>,
        ev: &mut Vec<Event>,
    ) -> R<()> {
        if player != self.goal_setter {
            return rej(
                RejectCode::NotYourTurn,
                "III-C",
                "before the Goal only the Goal-setter may move (a bonus move)",
            );
        }
        if !bonus {
            return rej(
                RejectCode::GoalFirst,
                "IV-A",
                "cubes are moved to the mat after the Goal is set; say \"Bonus\" for a bonus move",
            );
        }
        if b.is_some() {
            return rej(
                RejectCode::OneBonus,
                "III-C",
                "one bonus move before the Goal",
            );
        }
        if matches!(&self.phase, Phase::Goal { revise, .. } if !revise.is_empty()) {
            // 2019-20 III-B-2-b: cubes arranged in the Goal section.
            return rej(
                RejectCode::GoalTouched,
                "III-C",
                "the bonus move is made before the first digit cube is moved to the Goal section",
            );
        }
        if to != Place::Forbidden {
            return rej(
                RejectCode::BonusToForbidden,
                "III-C-1",
                "a bonus move goes to Forbidden",
            );
        }
        let c = self.check_cube(id, Place::Resources, "III-C-1")?;
        if c.family == Family::Digit {
            return rej(
                RejectCode::BonusDigit,
                "III-C-1",
                "a bonus move moves a non-digit cube",
            );
        }
        let relation = c.face.is_relation() && self.restrictions();
        let leading = self.leading(player) && self.bonus_barred_while_leading();
        self.place(id, Place::Forbidden);
        self.phase = Phase::Goal {
            bonus: Some(id),
            revise: Vec::new(),
            arranged: None,
        };
        ev.push(Event::BonusMove { player, cube: id });
        if relation || leading {
            let rule = if relation { "III-C-1" } else { "III-C-2" };
            self.illegal(
                player,
                rule,
                IpKind::GoalBonus {
                    cube: id,
                    leading: !relation && leading,
                },
                self.last_mover,
                None,
                ev,
            );
        }
        Ok(())
    }

    #[allow(clippy::too_many_arguments)]
    pub(crate) fn turn_move(
        &mut self,
        player: usize,
        id: u8,
        to: Place,
        bonus: bool,
        turn: usize,
        b: Option<u8>,
        first: bool,
        ev: &mut Vec<Event>,
    ) -> R<()> {
        if player != turn {
            return self.out_of_turn(player, id, to, bonus, Place::Resources, turn, ev);
        }
        if bonus && self.cube(id).is_some_and(|c| c.place == Place::Permitted) {
            return self.bonus_shift(player, id, to, turn, b, first, ev);
        }
        let c = self.check_cube(id, Place::Resources, "IV-B")?.clone();
        if matches!(to, Place::Resources | Place::Goal) {
            return rej(
                RejectCode::BadSection,
                "IV-B",
                "a cube is moved to Required, Permitted or Forbidden",
            );
        }
        if c.family == Family::Digit {
            // OS-C1: not a turn; the digit cubes go to Forbidden.
            let ids: Vec<u8> = self
                .cubes
                .iter()
                .filter(|x| x.family == Family::Digit && x.place == Place::Resources)
                .map(|x| x.id)
                .collect();
            for i in &ids {
                self.place(*i, Place::Forbidden);
            }
            ev.push(Event::DigitCubesToForbidden { player, cubes: ids });
            return Ok(());
        }
        if bonus {
            if b.is_some() {
                return rej(RejectCode::OneBonus, "IV-C", "one bonus move per turn");
            }
            if to != Place::Forbidden {
                return rej(
                    RejectCode::BonusToForbidden,
                    "IV-C-1",
                    "a bonus move goes to Forbidden (comment b)",
                );
            }
        }
        let res = self.resources_count();
        let relation = c.face.is_relation() && self.restrictions();
        let snap = self.move_timer(player);
        let prev = self.last_mover;
        if to == Place::Forbidden && res == 1 {
            // VIII-A: the last cube may not go to Forbidden. It stays there
            // until a challenge (set aside, no penalty) or a charge returns
            // it; the turn does not pass and the Mover's time runs on.
            self.place(id, Place::Forbidden);
            ev.push(Event::Moved {
                player,
                cube: id,
                to,
            });
            self.illegal(
                player,
                "VIII-A",
                IpKind::LastCubeToForbidden { cube: id },
                prev,
                snap,
                ev,
            );
            return Ok(());
        }
        if bonus {
            self.place(id, Place::Forbidden);
            self.last_mover = Some(player);
            self.phase = Phase::Moves {
                turn,
                bonus: Some(id),
                first,
            };
            ev.push(Event::BonusMove { player, cube: id });
            if relation && res > 4 {
                self.illegal(
                    player,
                    "IV-D",
                    IpKind::RelationToForbidden {
                        cube: id,
                        bonus: true,
                    },
                    prev,
                    snap,
                    ev,
                );
            } else if self.leading(player) && self.bonus_barred_while_leading() {
                self.illegal(
                    player,
                    "IV-C-2",
                    IpKind::BonusWhileLeading {
                        cube: id,
                        second: None,
                    },
                    prev,
                    snap,
                    ev,
                );
            } else {
                self.insulate(player, ev);
            }
            return Ok(());
        }
        self.place(id, to);
        self.last_mover = Some(player);
        self.last_move = Some((player, id));
        ev.push(Event::Moved {
            player,
            cube: id,
            to,
        });
        self.note_second_cube(player, id, false);
        let ip = to == Place::Forbidden && relation && res > 4;
        if !ip {
            self.insulate(player, ev);
        }
        self.end_turn(player, ev);
        if ip {
            self.illegal(
                player,
                "IV-D",
                IpKind::RelationToForbidden {
                    cube: id,
                    bonus: false,
                },
                prev,
                snap,
                ev,
            );
        }
        Ok(())
    }

    /// After a regular move or shift: the forceout (VIII) or the next turn.
    pub(crate) fn end_turn(&mut self, player: usize, ev: &mut Vec<Event>) {
        self.clear_task(Task::Move);
        if self.resources_count() == 0 {
            self.forceout(player, ev);
            return;
        }
        let next = self.left(player);
        self.phase = Phase::Moves {
            turn: next,
            bonus: None,
            first: false,
        };
        // XI-A-1-e: one minute for other turns.
        self.set_timer(next, Task::Move, 60_000, true);
        ev.push(Event::TurnPassed { to: next });
    }

    /// Shifts cube `id` from Permitted to `to` for `player` (XIII-A-7), on
    /// a turn or as a bonus (OS-C3): a shift goes to Required or Forbidden,
    /// and not while one cube is left in Resources (VIII-A). Places the
    /// cube, makes `player` the last Mover and tells it; returns the last
    /// Mover before and `player`'s Move timer, for a correction (IX-A-1).
    pub(crate) fn shift_cube(
        &mut self,
        player: usize,
        id: u8,
        to: Place,
        ev: &mut Vec<Event>,
    ) -> R<(Option<usize>, Option<Timer>)> {
        if !matches!(to, Place::Required | Place::Forbidden) {
            return rej(
                RejectCode::BadSection,
                "XIII-A-7",
                "a cube is shifted from Permitted to Required or Forbidden",
            );
        }
        if self.resources_count() <= 1 {
            return rej(
                RejectCode::LastCube,
                "VIII-A",
                "with one cube in Resources, move it or challenge Impossible",
            );
        }
        let prev = self.last_mover;
        let snap = self.move_timer(player);
        self.place(id, to);
        self.last_mover = Some(player);
        ev.push(Event::Shifted {
            player,
            cube: id,
            to,
        });
        Ok((prev, snap))
    }

    /// XIII-A-7: Shift from Permitted.
    pub(crate) fn shift(&mut self, player: usize, id: u8, to: Place, ev: &mut Vec<Event>) -> R<()> {
        let Phase::Moves { turn, .. } = self.phase else {
            if matches!(self.phase, Phase::Writing(_)) {
                return rej(
                    RejectCode::Forceout,
                    "XIII-A-7",
                    "once the last cube is moved no cube may be shifted (comment c, OS-C5)",
                );
            }
            return rej(
                RejectCode::WrongPhase,
                "XIII-A-7",
                "a shift is a move on your turn",
            );
        };
        if player != turn {
            return self.out_of_turn(player, id, to, false, Place::Permitted, turn, ev);
        }
        let c = self.check_cube(id, Place::Permitted, "XIII-A-7")?.clone();
        let (prev, snap) = self.shift_cube(player, id, to, ev)?;
        self.note_second_cube(player, id, true);
        let in_force = self.variation_in_force(&Variation::ShiftFromPermitted);
        let relation = c.face.is_relation() && self.restrictions() && to == Place::Forbidden;
        if in_force && !relation {
            self.insulate(player, ev);
        }
        self.end_turn(player, ev);
        if !in_force {
            self.illegal(
                player,
                "XIII-A-7",
                IpKind::ShiftNotInForce { cube: id },
                prev,
                snap.clone(),
                ev,
            );
        } else if relation {
            self.illegal(
                player,
                "XIII-B-7",
                IpKind::ShiftRelationToForbidden { cube: id },
                prev,
                snap,
                ev,
            );
        }
        Ok(())
    }

    pub(crate) fn set_aside(
        &mut self,
        p: usize,
        rule: &'static str,
        reason: &str,
        ev: &mut Vec<Event>,
    ) -> R<()> {
        ev.push(Event::ChallengeSetAside {
            player: p,
            rule: rule.into(),
            reason: reason.into(),
        });
        if self.set_aside_costs(rule, reason) {
            self.penalize(p, rule, reason, ev);
        }
        Ok(())
    }
}

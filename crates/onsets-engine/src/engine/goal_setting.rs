//! III: setting the Goal, and the "no Goal" declaration and challenge (III-D).

use super::{rej, R};
use crate::model::*;
use crate::state::*;
use onsets_core::Symbol;

impl Match {
    pub(crate) fn enter_goal_phase(&mut self, _ev: &mut Vec<Event>) {
        self.phase = Phase::Goal {
            bonus: None,
            revise: Vec::new(),
        };
        if self.b19() {
            // B19 XI-A-1-b: the limit started with the shake runs on.
            self.b19_goal_timer();
            return;
        }
        self.set_timer(self.goal_setter, Task::SetGoal, 120_000, true);
    }

    /// III-A, III-B: the Goal-setter places one to three digit cubes and says "Goal".
    pub(crate) fn set_goal(
        &mut self,
        player: usize,
        spec: &GoalSpec,
        unused_to_forbidden: bool,
        ev: &mut Vec<Event>,
    ) -> R<()> {
        let Phase::Goal { revise, .. } = self.phase.clone() else {
            return rej(
                RejectCode::WrongPhase,
                "III-A",
                "the Goal is set after the variations are selected (OS-B5)",
            );
        };
        if player != self.goal_setter {
            return rej(
                RejectCode::NotGoalSetter,
                "III-A",
                "the player who rolled the cubes sets the Goal",
            );
        }
        let goal = spec
            .goal()
            .map_err(|e| Rejection::new(RejectCode::BadGoal, "III-B", e))?;
        // Match digits to digit cubes: those already in the Goal first (OS-B2).
        let mut free: Vec<u8> = revise.clone();
        free.extend(
            self.cubes
                .iter()
                .filter(|c| c.family == Family::Digit && c.place == Place::Resources)
                .map(|c| c.id),
        );
        let mut used = Vec::new();
        for d in goal.digits() {
            let pos = free
                .iter()
                .position(|id| self.cubes[*id as usize].face == Symbol::Digit(d.digit));
            match pos {
                Some(i) => used.push(free.remove(i)),
                None => {
                    return rej(
                        RejectCode::NoSuchDigit,
                        "III-A",
                        format!("no digit cube showing {} is in Resources", d.digit),
                    )
                }
            }
        }
        if let Some(id) = revise.iter().find(|id| !used.contains(id)) {
            return rej(
                RejectCode::GoalCubeMustStay,
                "III-B-2",
                format!(
                    "digit cube {id} touched the Goal section and must be used in the Goal (OS-B2)"
                ),
            );
        }
        for id in &used {
            self.place(*id, Place::Goal);
        }
        if unused_to_forbidden {
            let rest: Vec<u8> = self
                .cubes
                .iter()
                .filter(|c| c.family == Family::Digit && c.place == Place::Resources)
                .map(|c| c.id)
                .collect();
            for id in &rest {
                self.place(*id, Place::Forbidden);
            }
            if !rest.is_empty() {
                ev.push(Event::DigitCubesToForbidden {
                    player,
                    cubes: rest,
                });
            }
        }
        self.goal = Some(spec.clone());
        ev.push(Event::GoalSet {
            player,
            goal: goal.to_string(),
        });
        self.clear_timer(player, Task::SetGoal);
        let prev = self.last_mover;
        self.last_mover = Some(player);
        let turn = self.left(player);
        self.phase = Phase::Moves {
            turn,
            bonus: None,
            first: true,
        };
        // XI-A-1-d: two minutes for the first turn.
        self.set_timer(turn, Task::Move, 120_000, true);
        if goal.is_legal_layout() {
            // II-C-2: a legal Goal insulates illegal selections, whoever made them.
            let (sel, keep): (Vec<Pending>, Vec<Pending>) = self
                .pending
                .drain(..)
                .partition(|p| matches!(p.kind, IpKind::IllegalVariation { .. }));
            self.pending = keep;
            for p in sel {
                self.insulated(p, ev);
            }
            self.insulate(player, ev);
        } else {
            self.illegal(
                player,
                "III-B-1",
                IpKind::IllegalGoal { digits: used },
                prev,
                None,
                ev,
            );
        }
        Ok(())
    }

    /// III-D: "no Goal".
    pub(crate) fn declare_no_goal(&mut self, player: usize, ev: &mut Vec<Event>) -> R<()> {
        let Phase::Goal { bonus, revise } = &self.phase else {
            return rej(
                RejectCode::WrongPhase,
                "III-D",
                "\"no Goal\" is declared instead of setting the Goal",
            );
        };
        if player != self.goal_setter {
            return rej(
                RejectCode::NotGoalSetter,
                "III-D",
                "only the Goal-setter declares \"no Goal\"",
            );
        }
        if bonus.is_some() {
            return rej(
                RejectCode::BonusCommits,
                "III-D-1",
                "after a bonus move the Goal-setter must set a Goal (III-D comment c)",
            );
        }
        if !revise.is_empty() {
            return rej(
                RejectCode::GoalTouched,
                "III-B-2",
                "a digit cube touched the Goal section; a Goal must be set",
            );
        }
        self.clear_timer(player, Task::SetGoal);
        self.phase = Phase::NoGoal { agreed: Vec::new() };
        ev.push(Event::NoGoalDeclared { player });
        for q in 0..self.n() {
            if q != player && self.is_seated(q) {
                // III-D: opponents have one minute to agree or disagree.
                self.set_timer(q, Task::SetGoal, 60_000, false);
            }
        }
        Ok(())
    }

    pub(crate) fn agree_no_goal(&mut self, player: usize, ev: &mut Vec<Event>) -> R<()> {
        let Phase::NoGoal { agreed } = &mut self.phase else {
            return rej(
                RejectCode::WrongPhase,
                "III-D-1",
                "no \"no Goal\" declaration is pending",
            );
        };
        if player == self.goal_setter {
            return rej(
                RejectCode::OwnDeclaration,
                "III-D-1",
                "the opponents agree or disagree",
            );
        }
        if agreed.contains(&player) {
            return rej(
                RejectCode::AlreadyAgreed,
                "III-D-1",
                "this player already agreed",
            );
        }
        agreed.push(player);
        self.clear_timer(player, Task::SetGoal);
        self.maybe_no_goal_void(ev);
        Ok(())
    }

    pub(crate) fn maybe_no_goal_void(&mut self, ev: &mut Vec<Event>) {
        if let Phase::NoGoal { agreed } = &self.phase {
            if agreed.len() + 1 == self.seated_count() {
                ev.push(Event::NoGoalAgreed);
                // III-D-1: void; the same player repeats as Goal-setter.
                self.finish_shake(None, "\"no Goal\" agreed (III-D-1)", true, ev);
            }
        }
    }
}

//! III: setting the Goal, and the "no Goal" declaration and challenge (III-D).

use super::{rej, R};
use crate::model::*;
use crate::state::*;
use onsets_core::{Goal, Symbol};

impl Match {
    pub(crate) fn enter_goal_phase(&mut self, _ev: &mut Vec<Event>) {
        self.phase = Phase::Goal {
            bonus: None,
            revise: Vec::new(),
            arranged: None,
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
        let (goal, used) = self.place_goal_cubes(
            player,
            spec,
            "III-A",
            "the Goal is set after the variations are selected (OS-B5)",
        )?;
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

    /// The digit cubes a Goal is placed with: those already in the Goal
    /// section (`revise`) first, then Resources cubes showing its digits.
    /// Every cube in the Goal section must be used (III-B-2, OS-B2).
    fn goal_cubes(&self, goal: &Goal, revise: &[u8]) -> R<Vec<u8>> {
        // Match digits to digit cubes: those already in the Goal first (OS-B2).
        let mut free: Vec<u8> = revise.to_vec();
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
        Ok(used)
    }

    /// III-B-2-b (2019-20): "The Goal-setter may rearrange or regroup the
    /// cubes in the Goal section until she says 'Goal.'" The digit cubes of
    /// `spec` go to the Goal section, where everyone sees them; every cube
    /// already there must be used (III-B-2). The arrangement is the Goal when
    /// the Goal-setter's time runs out (III-B-2-c, [`Match::goal_set_by_time`]).
    /// Under 2026-27 the Goal is placed and set in one act: refused.
    pub(crate) fn arrange_goal(
        &mut self,
        player: usize,
        spec: &GoalSpec,
        ev: &mut Vec<Event>,
    ) -> R<()> {
        if !self.mlag2019() {
            return rej(
                RejectCode::Edition,
                "III-B-2",
                "under the 2026-27 rules the Goal is placed and set in one act (set_goal); arranging it before saying \"Goal\" is the 2019-20 procedure (III-B-2-b, c)",
            );
        }
        let bonus = match &self.phase {
            Phase::Goal { bonus, .. } => *bonus,
            _ => None,
        };
        let (goal, used) = self.place_goal_cubes(
            player,
            spec,
            "III-B-2-b",
            "the Goal is arranged after the variations are selected and before it is set",
        )?;
        self.phase = Phase::Goal {
            bonus,
            revise: used,
            arranged: Some(spec.clone()),
        };
        ev.push(Event::GoalArranged {
            player,
            goal: goal.to_string(),
        });
        Ok(())
    }

    /// What setting and arranging a Goal share (III-A, III-B, III-B-2): in
    /// the Goal phase (else `WrongPhase`, cited `phase_rule`), by the
    /// Goal-setter, a legal reading of `spec` whose digit cubes, including
    /// every cube already in the Goal section, are placed there. Returns the
    /// Goal and the cubes used.
    fn place_goal_cubes(
        &mut self,
        player: usize,
        spec: &GoalSpec,
        phase_rule: &'static str,
        phase_message: &'static str,
    ) -> R<(onsets_core::Goal, Vec<u8>)> {
        let Phase::Goal { revise, .. } = self.phase.clone() else {
            return rej(RejectCode::WrongPhase, phase_rule, phase_message);
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
        let used = self.goal_cubes(&goal, &revise)?;
        for id in &used {
            self.place(*id, Place::Goal);
        }
        Ok((goal, used))
    }

    /// III-B-2-c (2019-20): "If the time runs out to set the Goal … it has
    /// been set." When the Goal-setter's time limit (or the additional
    /// minute) runs out with an arrangement in the Goal section, the
    /// arrangement is set as if announced: no point is lost (the Goal was
    /// set in time), the unused digit cubes go to Forbidden (III-B comment)
    /// and an illegal arrangement is an illegal Goal (III-B-1, OS-B2).
    /// Returns false when nothing was arranged (editions.md Q10: XI-A
    /// applies).
    pub(crate) fn goal_set_by_time(&mut self, t: &Timer, ev: &mut Vec<Event>) -> bool {
        if t.task != Task::SetGoal || t.player != self.goal_setter {
            return false;
        }
        let Phase::Goal {
            arranged: Some(spec),
            ..
        } = &self.phase
        else {
            return false;
        };
        let spec = spec.clone();
        let mut set = Vec::new();
        if self.set_goal(t.player, &spec, true, &mut set).is_err() {
            // Not reached: the arrangement was checked when it was made and
            // its cubes stay in the Goal section.
            return false;
        }
        ev.push(Event::GoalSetByTime { player: t.player });
        ev.extend(set);
        true
    }

    /// III-D: "no Goal".
    pub(crate) fn declare_no_goal(&mut self, player: usize, ev: &mut Vec<Event>) -> R<()> {
        let Phase::Goal { bonus, revise, .. } = &self.phase else {
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

//! VII: writing and presenting Solutions, checking them, objections (VII-C).

use super::{rej, R};
use crate::judge;
use crate::model::*;
use crate::state::*;

impl Match {
    pub(crate) fn start_writing(&mut self, kind: WritingKind, roles: Vec<Role>, ms: u64) {
        let seated: Vec<bool> = (0..self.n()).map(|q| self.is_seated(q)).collect();
        self.phase = Phase::Writing(Writing {
            kind,
            writers: roles
                .into_iter()
                .zip(seated)
                .map(|(role, s)| Writer {
                    role: if s { role } else { Role::MayNot },
                    presented: None,
                    declined: false,
                    lapsed: false,
                })
                .collect(),
        });
        self.writing_timers(ms);
    }

    pub(crate) fn writing_timers(&mut self, ms: u64) {
        if let Phase::Writing(w) = &self.phase {
            let list: Vec<(usize, bool)> = w
                .writers
                .iter()
                .enumerate()
                .filter(|(_, wr)| !wr.done())
                .map(|(q, wr)| {
                    let penal = wr.role == Role::Must
                        && matches!(
                            w.kind,
                            WritingKind::Challenge { .. } | WritingKind::NoGoal { .. }
                        );
                    (q, penal)
                })
                .collect();
            for (q, penal) in list {
                self.set_timer(q, Task::Write, ms, penal);
            }
        }
    }

    /// VII-C-2: presenting; no change afterwards.
    pub(crate) fn present_solution(
        &mut self,
        player: usize,
        solution: String,
        goal: Option<GoalSpec>,
        ev: &mut Vec<Event>,
    ) -> R<()> {
        let Phase::Writing(w) = &mut self.phase else {
            return rej(
                RejectCode::WrongPhase,
                "VII-A",
                "Solutions are presented after a challenge, a forceout or \"stop\"",
            );
        };
        let wr = &mut w.writers[player];
        if wr.role == Role::MayNot {
            return rej(
                RejectCode::MayNotPresent,
                "VII-A",
                "this player may not present a Solution",
            );
        }
        if wr.presented.is_some() {
            return rej(
                RejectCode::AlreadyPresented,
                "VII-C-2-a",
                "a presented Solution may not be changed",
            );
        }
        if wr.declined {
            return rej(
                RejectCode::Declined,
                "VII-C-1",
                "the decision not to present may not be retracted",
            );
        }
        if wr.lapsed {
            return rej(RejectCode::TimeUp, "XI-A", "the time for writing ran out");
        }
        wr.presented = Some(Presented {
            solution: solution.clone(),
            goal,
        });
        ev.push(Event::Presented { player, solution });
        self.clear_timer(player, Task::Write);
        self.maybe_end_writing(ev);
        Ok(())
    }

    pub(crate) fn decline(&mut self, player: usize, ev: &mut Vec<Event>) -> R<()> {
        let Phase::Writing(w) = &mut self.phase else {
            return rej(
                RejectCode::WrongPhase,
                "VII-C-1",
                "no Solutions are being written",
            );
        };
        let wr = &mut w.writers[player];
        if wr.role != Role::May {
            return rej(
                RejectCode::MustOrMayNot,
                "VII-A",
                "only a player who may present can decline",
            );
        }
        if wr.done() {
            return rej(
                RejectCode::AlreadyDecided,
                "VII-C-1",
                "this player already decided",
            );
        }
        wr.declined = true;
        ev.push(Event::Declined { player });
        self.clear_timer(player, Task::Write);
        self.maybe_end_writing(ev);
        Ok(())
    }

    pub(crate) fn maybe_end_writing(&mut self, ev: &mut Vec<Event>) {
        let Phase::Writing(w) = &self.phase else {
            return;
        };
        if !w.writers.iter().all(Writer::done) {
            return;
        }
        let w = w.clone();
        self.clear_task(Task::Write);
        self.pending.clear();
        ev.push(Event::WritingOver);
        let queue: Vec<usize> = (0..self.n())
            .filter(|q| w.writers[*q].presented.is_some())
            .collect();
        let mut c = Checking {
            kind: w.kind,
            writers: w.writers,
            decisions: vec![vec![Decision::Pending; self.n()]; queue.len()],
            queue,
            current: 0,
            correct: vec![None; self.n()],
            attempts: Vec::new(),
        };
        for (k, &q) in c.queue.iter().enumerate() {
            c.decisions[k][q] = Decision::Accepted;
            for (a, d) in c.decisions[k].iter_mut().enumerate() {
                if !self.is_seated(a) {
                    // X-D: a player sitting out the shake does not check.
                    *d = Decision::Accepted;
                }
            }
        }
        if self.config.checking == CheckingMode::Judge {
            for k in 0..c.queue.len() {
                let q = c.queue[k];
                let (verdict, ok, reasons) = judge::rule(
                    self,
                    &c.kind,
                    c.writers[q].presented.as_ref().expect("queued"),
                );
                c.correct[q] = Some(ok);
                ev.push(Event::SolutionJudged {
                    writer: q,
                    correct: ok,
                    reasons,
                    verdict: Some(Box::new(verdict)),
                    solution: c.writers[q]
                        .presented
                        .as_ref()
                        .map(|p| p.solution.clone())
                        .unwrap_or_default(),
                });
            }
            c.current = c.queue.len();
            self.phase = Phase::Checking(c);
            self.score(ev);
        } else {
            self.phase = Phase::Checking(c);
            self.next_check(ev);
        }
    }

    /// Starts checking the current Solution, or scores when all are checked.
    pub(crate) fn next_check(&mut self, ev: &mut Vec<Event>) {
        let Phase::Checking(c) = &self.phase else {
            return;
        };
        if c.current >= c.queue.len() {
            self.score(ev);
            return;
        }
        let k = c.current;
        let pend: Vec<usize> = (0..self.n())
            .filter(|q| c.decisions[k][*q] == Decision::Pending)
            .collect();
        if pend.is_empty() {
            let q = c.queue[k];
            let mut c = c.clone();
            // VII-C-5-c: every checker is ready; the writer checks each
            // attempt at proving ambiguity (no time runs, comment e), and no
            // further objection is allowed.
            let attempts: Vec<(usize, usize, String)> =
                c.attempts.iter().filter(|a| a.0 == k).cloned().collect();
            c.attempts.retain(|a| a.0 != k);
            let presented = c.writers[q].presented.clone().expect("queued");
            for (_, checker, grouping) in attempts {
                let (upheld, reason) = judge::objection(
                    self,
                    &c.kind,
                    &presented,
                    &Objection::Ambiguous { grouping },
                );
                ev.push(Event::ObjectionRuled {
                    checker,
                    writer: q,
                    upheld,
                    reason,
                });
                c.decisions[k][checker] = Decision::Objected { upheld };
            }
            let upheld = c.decisions[k].contains(&Decision::Objected { upheld: true });
            c.correct[q] = Some(!upheld);
            c.current += 1;
            let (verdict, checker_correct, why) = judge::rule(self, &c.kind, &presented);
            let reasons = if upheld {
                vec!["an objection was upheld (VII-C-4)".into()]
            } else if checker_correct {
                Vec::new()
            } else {
                // VII-C-4: a Solution nobody successfully objected to stands
                // as correct. When the checker finds it incorrect, everyone
                // is told so (the score does not change).
                vec![format!(
                    "the players accepted it, so it stands as correct (VII-C-4), but the checker finds it incorrect: {}",
                    why.join("; ")
                )]
            };
            ev.push(Event::SolutionJudged {
                writer: q,
                correct: !upheld,
                reasons,
                solution: presented.solution.clone(),
                verdict: Some(Box::new(verdict)),
            });
            self.phase = Phase::Checking(c);
            self.clear_task(Task::Check);
            self.next_check(ev);
            return;
        }
        if !self.timers.iter().any(|t| t.task == Task::Check) {
            let ms = self.solution_minutes_ms();
            for q in pend {
                self.set_timer(q, Task::Check, ms, true);
            }
        }
    }

    /// VII-C-4, VII-C-5: accept or object to the Solution being checked.
    pub(crate) fn decide(
        &mut self,
        player: usize,
        writer: usize,
        objection: Option<Objection>,
        ev: &mut Vec<Event>,
    ) -> R<()> {
        let Phase::Checking(c) = &self.phase else {
            return rej(
                RejectCode::WrongPhase,
                "VII-C",
                "no Solution is being checked",
            );
        };
        if self.config.checking == CheckingMode::Judge {
            return rej(
                RejectCode::JudgeMode,
                "VII-C-6",
                "in judge mode the engine rules on every Solution",
            );
        }
        if c.current >= c.queue.len() || c.queue[c.current] != writer {
            return rej(
                RejectCode::NotBeingChecked,
                "VII-C-3",
                "check one Solution at a time: that one is not being checked now",
            );
        }
        if player == writer {
            return rej(
                RejectCode::OwnSolution,
                "VII-C-3",
                "opponents check a Solution",
            );
        }
        let k = c.current;
        if c.decisions[k][player] != Decision::Pending {
            return rej(
                RejectCode::AlreadyDecided,
                "VII-C-5-c",
                "each checker has one decision and one attempt at ambiguity (comments a, c)",
            );
        }
        let presented = c.writers[writer].presented.clone().expect("queued");
        let kind = c.kind.clone();
        let d = match objection {
            Some(Objection::Ambiguous { grouping }) => {
                // VII-C-5-c: checkers work separately; the attempt is checked
                // when every checker is ready (or has nothing to show).
                ev.push(Event::AmbiguityAttempt {
                    checker: player,
                    writer,
                    grouping: grouping.clone(),
                });
                if let Phase::Checking(c) = &mut self.phase {
                    c.attempts.push((k, player, grouping));
                }
                Decision::Attempted
            }
            None => {
                ev.push(Event::Accepted {
                    checker: player,
                    writer,
                });
                Decision::Accepted
            }
            Some(o) => {
                let (upheld, reason) = judge::objection(self, &kind, &presented, &o);
                ev.push(Event::ObjectionRuled {
                    checker: player,
                    writer,
                    upheld,
                    reason,
                });
                Decision::Objected { upheld }
            }
        };
        if let Phase::Checking(c) = &mut self.phase {
            c.decisions[k][player] = d;
        }
        self.clear_timer(player, Task::Check);
        self.next_check(ev);
        Ok(())
    }
}

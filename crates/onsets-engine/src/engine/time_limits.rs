//! XI: the time limits, the end of the round and its extension.

use crate::model::*;
use crate::state::*;

impl Match {
    /// Runs the clock to `t`, applying every time limit (XI-A) and the
    /// round's end (XI-B) that falls due on the way, in time order.
    pub(crate) fn advance(&mut self, t: u64, ev: &mut Vec<Event>) {
        loop {
            if self.phase == Phase::Over {
                break;
            }
            let timer = self
                .timers
                .iter()
                .enumerate()
                .map(|(i, x)| (timer_fire(x), i))
                .min();
            let round = (!self.round_up).then_some(self.config.round_ms);
            let stop = self.stop_at;
            let block = self.block_until;
            let ret = self.return_choice.as_ref().map(|r| r.until_ms);
            let mut next: Option<(u64, u8, usize)> = None;
            for c in [
                round.map(|r| (r, 0u8, 0usize)),
                stop.map(|s| (s, 1, 0)),
                timer.map(|(f, i)| (f, 2, i)),
                block.map(|b| (b, 3, 0)),
                ret.map(|r| (r, 4, 0)),
            ]
            .into_iter()
            .flatten()
            {
                if next.is_none_or(|n| c.0 < n.0) {
                    next = Some(c);
                }
            }
            match next {
                Some((when, what, i)) if when <= t => {
                    self.now_ms = self.now_ms.max(when);
                    match what {
                        0 => self.round_time_up(ev),
                        1 => self.stop(ev),
                        3 => self.block_time_up(ev),
                        4 => {
                            // IX-A-1: no choice within ten seconds: the
                            // second cube goes back.
                            if let Some(rc) = self.return_choice.take() {
                                self.place(rc.cubes[1], Place::Resources);
                                ev.push(Event::CubeReturned {
                                    player: rc.player,
                                    cube: rc.cubes[1],
                                });
                            }
                        }
                        _ => self.expire(i, ev),
                    }
                }
                _ => break,
            }
        }
        self.now_ms = self.now_ms.max(t);
    }

    /// XI-B: no more shakes; the shake under way gets five more minutes
    /// unless it is past its challenge or forceout.
    pub(crate) fn round_time_up(&mut self, ev: &mut Vec<Event>) {
        self.round_up = true;
        ev.push(Event::RoundTimeUp);
        match self.phase {
            Phase::Setup {
                rolled: false,
                dealt: false,
            } if self.dealt.is_empty() => self.end_match(ev),
            Phase::Setup { .. }
            | Phase::Variations { .. }
            | Phase::Goal { .. }
            | Phase::NoGoal { .. }
            | Phase::Moves { .. } => {
                self.stop_at = Some(self.now_ms + 5 * 60_000);
            }
            _ => {}
        }
    }

    /// XI-B-2: "Stop": every player writes a Solution that may use any cube
    /// left in Resources.
    pub(crate) fn stop(&mut self, ev: &mut Vec<Event>) {
        self.stop_at = None;
        match self.phase {
            Phase::Moves { .. } => {
                ev.push(Event::Stop);
                if let Some(Pending {
                    kind: IpKind::LastCubeToForbidden { cube },
                    ..
                }) = self.take_last_cube()
                {
                    // XI-B-2: the Solutions may use any cube in Resources.
                    self.place(cube, Place::Resources);
                }
                self.timers.clear();
                self.pending.clear();
                let roles = vec![Role::May; self.n()];
                self.start_writing(WritingKind::EndOfRound, roles, self.solution_minutes_ms());
            }
            Phase::Setup { .. }
            | Phase::Variations { .. }
            | Phase::Goal { .. }
            | Phase::NoGoal { .. } => {
                ev.push(Event::Stop);
                self.finish_shake(None, "stopped before a Goal was set (XI-B-2)", false, ev);
            }
            _ => {}
        }
    }

    /// XI-A-1-f and the exception of XI-A-3: no countdown; the holder of
    /// the block who has not stated a valid challenge loses a point and the
    /// challenge is set aside (V-B).
    pub(crate) fn block_time_up(&mut self, ev: &mut Vec<Event>) {
        self.block_until = None;
        if let Some(p) = self.block.take() {
            let _ = self.set_aside(
                p,
                "XI-A-1-f",
                "no challenge stated within 15 seconds of picking up the block (V-B)",
                ev,
            );
        }
    }

    /// XI-A: −1 for a time limit (`second`: the additional minute) that ran out.
    pub(crate) fn time_penalty(&mut self, t: &Timer, second: bool, ev: &mut Vec<Event>) {
        let what = if second {
            "additional minute"
        } else {
            "time limit"
        };
        self.penalize(
            t.player,
            "XI-A",
            &format!("{what} for {:?} expired", t.task),
            ev,
        );
        ev.push(Event::TimeExpired {
            player: t.player,
            task: t.task,
            second,
        });
    }

    /// XI-A: the first expiry costs a point and gives one more minute; the
    /// second costs another point and the task is lost.
    pub(crate) fn expire(&mut self, i: usize, ev: &mut Vec<Event>) {
        let t = self.timers[i].clone();
        if self.goal_set_by_time(&t, ev) {
            // 2019-20 III-B-2-c: the arrangement has been set.
            return;
        }
        if t.penal && t.stage == 0 {
            self.time_penalty(&t, false, ev);
            let tm = &mut self.timers[i];
            tm.stage = 1;
            tm.due_ms = self.now_ms + 60_000;
            return;
        }
        self.timers.remove(i);
        if t.penal && self.additional_minute_costs() {
            self.time_penalty(&t, true, ev);
        } else if t.penal {
            // 2019-20 XI-A: the task is lost, with no second point.
            ev.push(Event::TimeExpired {
                player: t.player,
                task: t.task,
                second: true,
            });
        }
        let p = t.player;
        match t.task {
            Task::Roll | Task::SetGoal if t.penal => {}
            Task::Roll => {}
            Task::SetGoal => {
                // III-D: silence within the minute is taken as agreement.
                if let Phase::NoGoal { agreed } = &mut self.phase {
                    if !agreed.contains(&p) {
                        agreed.push(p);
                    }
                    self.maybe_no_goal_void(ev);
                }
            }
            Task::Deal => {
                // OS-A2: the deal passes to the Goal-setter, who reshuffles.
                if let Phase::Setup { .. } = self.phase {
                    self.dealt.clear();
                    self.deck.clear();
                    self.dealer = self.goal_setter;
                    ev.push(Event::DealTransferred { to: self.dealer });
                    self.set_timer(self.dealer, Task::Deal, 60_000, true);
                }
            }
            Task::SelectVariation => {
                if let Phase::Variations { .. } = self.phase {
                    ev.push(Event::SelectionForfeited { player: p });
                    self.next_selector(ev);
                }
            }
            Task::Move => {
                if let Phase::Moves { turn, .. } = self.phase {
                    if turn == p {
                        // VIII-A: a last cube left in Forbidden goes back as
                        // the turn is lost.
                        if let Some(Pending {
                            kind: IpKind::LastCubeToForbidden { cube },
                            offender,
                            ..
                        }) = self.take_last_cube()
                        {
                            self.place(cube, Place::Resources);
                            ev.push(Event::LastCubeReturned {
                                player: offender,
                                cube,
                            });
                        }
                        self.end_turn_lost(p, ev);
                    }
                }
            }
            Task::Write => {
                if let Phase::Writing(w) = &mut self.phase {
                    w.writers[p].lapsed = true;
                }
                self.maybe_end_writing(ev);
            }
            Task::Check => {
                if let Phase::Checking(c) = &mut self.phase {
                    let k = c.current;
                    if k < c.decisions.len() && c.decisions[k][p] == Decision::Pending {
                        c.decisions[k][p] = Decision::Lapsed;
                    }
                }
                if !self.timers.iter().any(|x| x.task == Task::Check) {
                    self.next_check(ev);
                }
            }
        }
    }

    pub(crate) fn end_turn_lost(&mut self, p: usize, ev: &mut Vec<Event>) {
        let next = self.left(p);
        self.phase = Phase::Moves {
            turn: next,
            bonus: None,
            first: false,
        };
        self.set_timer(next, Task::Move, 60_000, true);
        ev.push(Event::TurnPassed { to: next });
    }
}

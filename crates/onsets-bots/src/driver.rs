//! The bot driver: when the bots at a table think, and what happens next.
//!
//! One [`Driver`] holds the bots of a match (one [`Bot`] per bot seat, each
//! with its own seeded generator) and answers two questions from the match
//! and the time, which are its inputs (it has no clock, does no I/O and draws
//! no randomness of its own):
//!
//! * **Who must think?** A bot is asked once per state of the table
//!   ([`Driver::asks`]): when an act or an expired time limit changes what
//!   its seat sees (the state's stamp, [`View::fingerprint`]), never because
//!   time passed. A bot that decides to wait is not asked again until the
//!   state changes. The thinking itself ([`Ask::think`]) may run anywhere
//!   (the server runs it on its bots' pool, off the table's task); its
//!   [`Answer`] comes back through [`Driver::answer`] and becomes a plan
//!   only if the table is still in the state the bot saw.
//! * **What happens next, and when?** [`Driver::next`] is the earliest of
//!   the bots' plans (an act, due at the time it was asked plus its think
//!   time scaled by the [`Pace`]) and the engine's next deadline (a time
//!   limit of XI, applied as [`Act::Clock`]). Ties go to the bot, and among
//!   bots to the lower seat. [`Driver::due`] takes the step that is due by a
//!   given time; [`Driver::wake_at`] is when the caller next needs to look,
//!   so that nothing is ever polled.
//!
//! Its three users differ only in how time passes: the simulator
//! (`sim.rs`) jumps the match clock to the next step; the server
//! (`onsets-server`, `table.rs`) sleeps until [`Driver::wake_at`]; the
//! terminal game (`onsets play`) looks at every tick of its event loop.
//! See docs/bots.md, "The driver".

use crate::{Bot, Decision, Level, Player, View};
use onsets_engine::{Act, Match, Phase, Task};

/// How fast the bots act, relative to the think time they choose.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pace {
    /// Think times are scaled by this, in percent: 100 acts when the bot
    /// chose to, 0 at once, 1000 ten times slower (never past the seat's
    /// time limit, see [`Pace::delay`]).
    pub percent: u64,
    /// The roll and the deal keep the bots' own think time, unscaled, and a
    /// bot dealer waits for the roll (until five seconds before its minute
    /// for dealing runs out, XI-A). The roll and the deal share the match's
    /// generator (the deck is shuffled when the first cards are dealt), so
    /// their order decides the cubes and the cards: with this, a seed gives
    /// the same cubes and cards at any pace (`onsets play --fast`).
    pub keep_dice: bool,
}

impl Pace {
    /// Bots act when they chose to (the simulator).
    pub const AS_CHOSEN: Pace = Pace {
        percent: 100,
        keep_dice: false,
    };

    /// Think times scaled by `percent` (the server's `bot_pace`).
    pub const fn percent(percent: u64) -> Pace {
        Pace {
            percent,
            keep_dice: false,
        }
    }

    /// The same pace, with the roll and the deal at the bots' own pace
    /// ([`Pace::keep_dice`]).
    pub const fn keeping_dice(self) -> Pace {
        Pace {
            keep_dice: true,
            ..self
        }
    }

    /// How long after `asked_ms` (match clock) decision `d`, taken on `m`,
    /// falls due. A pace slower than the bot's own never makes it act later
    /// than two seconds before the earliest running time limit of its seat
    /// (XI-A: bots keep their limits; the bots' own think times already end
    /// two seconds before them), unless it chose to act later itself.
    pub fn delay(&self, m: &Match, d: &Decision, asked_ms: u64) -> u64 {
        if self.keep_dice {
            match (&d.act, m.phase()) {
                (Act::Deal { player, .. }, Phase::Setup { rolled: false, .. }) => {
                    let due = m
                        .timers()
                        .iter()
                        .find(|t| t.player == *player && t.task == Task::Deal)
                        .map(|t| t.due_ms.saturating_sub(5_000));
                    return match due {
                        Some(due) => due.saturating_sub(asked_ms).max(d.think_ms),
                        None => d.think_ms,
                    };
                }
                (Act::Roll { .. } | Act::Deal { .. }, _) => return d.think_ms,
                _ => {}
            }
        }
        let scaled = d.think_ms.saturating_mul(self.percent) / 100;
        if scaled <= d.think_ms {
            return scaled;
        }
        let limit = d
            .act
            .player()
            .and_then(|p| {
                m.timers()
                    .iter()
                    .filter(|t| t.player == p)
                    .map(|t| t.due_ms)
                    .min()
            })
            .map(|due| due.saturating_sub(2_000).saturating_sub(asked_ms));
        match limit {
            Some(limit) => scaled.min(limit.max(d.think_ms)),
            None => scaled,
        }
    }
}

/// A bot's decision waiting for its time.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Plan {
    /// When it falls due (match clock, ms).
    pub due_ms: u64,
    pub decision: Decision,
    /// The state it was decided on.
    stamp: u64,
}

/// One bot seat.
struct Slot {
    level: Level,
    /// `None` while the bot is lent out to think ([`Ask`]).
    bot: Option<Box<Bot>>,
    /// The state it was last asked about.
    asked: Option<u64>,
    plan: Option<Plan>,
}

/// What happens next at the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// The bot at `seat` does what it decided.
    Act { seat: usize, decision: Decision },
    /// A time limit expires: apply [`Act::Clock`].
    Clock,
}

/// A [`Step`] and when it is due (match clock, ms).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Next {
    pub at_ms: u64,
    pub step: Step,
}

/// A bot lent out to think about one state of the match.
pub struct Ask {
    pub seat: usize,
    /// The match clock when it was asked.
    pub asked_ms: u64,
    bot: Box<Bot>,
    stamp: u64,
    pace: Pace,
}

impl Ask {
    /// The bot decides, on `m`, the match it was asked about (pure, but it
    /// may take long: the solver). The answer goes back to
    /// [`Driver::answer`].
    pub fn think(self, m: &Match) -> Answer {
        let Ask {
            seat,
            asked_ms,
            mut bot,
            stamp,
            pace,
        } = self;
        let decision = bot.decide(&View::new(m, seat), asked_ms);
        let due_ms = decision
            .as_ref()
            .map_or(asked_ms, |d| asked_ms + pace.delay(m, d, asked_ms));
        Answer {
            seat,
            fresh: bot.last_fresh,
            decision,
            due_ms,
            bot,
            stamp,
        }
    }
}

/// What a bot decided about one state ([`Ask::think`]).
pub struct Answer {
    pub seat: usize,
    /// `None`: it waits for the state to change.
    pub decision: Option<Decision>,
    /// When the decision falls due (match clock, ms).
    pub due_ms: u64,
    /// Whether the bot computed the decision (rather than repeating one
    /// about the same state): the simulator times fresh decisions.
    pub fresh: bool,
    bot: Box<Bot>,
    stamp: u64,
}

/// The bots of one match and their plans (see the module's documentation).
pub struct Driver {
    slots: Vec<Option<Slot>>,
    pace: Pace,
    /// A deadline that [`Act::Clock`] did not clear: (the state after it,
    /// the deadline, when to look again).
    spent: Option<(u64, u64, u64)>,
}

/// The stamp of a state: it changes with every act and every time limit
/// that expires, not with the clock alone ([`View::fingerprint`]; it is the
/// same for every seat).
fn stamp(m: &Match) -> u64 {
    View::new(m, 0).fingerprint()
}

impl Driver {
    /// A driver for the seats of a match: `Some(bot)` for a bot seat (its
    /// seat number must be its index), `None` for a person.
    pub fn new(seats: Vec<Option<Bot>>, pace: Pace) -> Driver {
        Driver {
            slots: seats
                .into_iter()
                .map(|b| {
                    b.map(|b| Slot {
                        level: b.level(),
                        bot: Some(Box::new(b)),
                        asked: None,
                        plan: None,
                    })
                })
                .collect(),
            pace,
            spent: None,
        }
    }

    pub fn pace(&self) -> Pace {
        self.pace
    }

    /// Whether a bot plays `seat`.
    pub fn is_bot(&self, seat: usize) -> bool {
        matches!(self.slots.get(seat), Some(Some(_)))
    }

    /// The level of the bot at `seat`.
    pub fn level(&self, seat: usize) -> Option<Level> {
        self.slots.get(seat)?.as_ref().map(|s| s.level)
    }

    /// The bot at `seat`, unless it is out thinking.
    pub fn bot(&self, seat: usize) -> Option<&Bot> {
        self.slots.get(seat)?.as_ref()?.bot.as_deref()
    }

    /// Decisions the bots replaced by a legal fallback (should be 0), of
    /// the bots not out thinking.
    pub fn fallbacks(&self) -> u64 {
        self.slots
            .iter()
            .flatten()
            .filter_map(|s| s.bot.as_ref())
            .map(|b| b.fallbacks)
            .sum()
    }

    /// The plan of the bot at `seat` for the state of `m`, if it has one.
    pub fn plan(&self, m: &Match, seat: usize) -> Option<&Plan> {
        let st = stamp(m);
        self.slots
            .get(seat)?
            .as_ref()?
            .plan
            .as_ref()
            .filter(|p| p.stamp == st)
    }

    /// The bots that must think about `m` now (asked at `now_ms`, match
    /// clock): those not yet asked about this state and not out thinking.
    /// Each is lent out in its [`Ask`] until [`Driver::answer`]; a bot that
    /// comes back after the state changed is asked again. Plans for an
    /// earlier state are dropped. Nothing to ask once the match is over.
    pub fn asks(&mut self, m: &Match, now_ms: u64) -> Vec<Ask> {
        if *m.phase() == Phase::Over {
            return Vec::new();
        }
        let st = stamp(m);
        let asked_ms = now_ms.max(m.now_ms());
        let mut out = Vec::new();
        for (seat, slot) in self.slots.iter_mut().enumerate() {
            let Some(slot) = slot else { continue };
            if slot.plan.as_ref().is_some_and(|p| p.stamp != st) {
                slot.plan = None;
            }
            if slot.asked == Some(st) {
                continue; // asked already: thinking, planned, or waiting
            }
            let Some(bot) = slot.bot.take() else {
                continue; // out thinking about an earlier state
            };
            slot.asked = Some(st);
            out.push(Ask {
                seat,
                asked_ms,
                bot,
                stamp: st,
                pace: self.pace,
            });
        }
        out
    }

    /// A bot comes back from thinking; its decision becomes its plan if `m`
    /// is still in the state it thought about.
    pub fn answer(&mut self, m: &Match, a: Answer) {
        let Some(Some(slot)) = self.slots.get_mut(a.seat) else {
            return;
        };
        slot.bot = Some(a.bot);
        if a.stamp == stamp(m) {
            slot.plan = a.decision.map(|decision| Plan {
                due_ms: a.due_ms,
                decision,
                stamp: a.stamp,
            });
        }
    }

    /// [`Driver::asks`] and [`Driver::answer`] at once, thinking here (the
    /// simulator and the terminal game, which have no pool to think on).
    pub fn think(&mut self, m: &Match, now_ms: u64) {
        for ask in self.asks(m, now_ms) {
            let a = ask.think(m);
            self.answer(m, a);
        }
    }

    /// The engine's next deadline, a second later when the clock applied at
    /// it cleared nothing in this state.
    fn deadline(&self, m: &Match) -> Option<u64> {
        let dl = m.next_deadline()?;
        match self.spent {
            Some((st, d, again)) if d == dl && st == stamp(m) => Some(again),
            _ => Some(dl),
        }
    }

    /// What happens next in `m` if nobody else acts: the earliest of the
    /// bots' plans for this state and the next time limit (ties: the bot,
    /// and among bots the lower seat). `None`: nothing until someone acts.
    pub fn next(&self, m: &Match) -> Option<Next> {
        if *m.phase() == Phase::Over {
            return None;
        }
        let st = stamp(m);
        let mut best: Option<(u64, usize, &Decision)> = None;
        for (seat, slot) in self.slots.iter().enumerate() {
            let Some(p) = slot
                .as_ref()
                .and_then(|s| s.plan.as_ref())
                .filter(|p| p.stamp == st)
            else {
                continue;
            };
            if best.is_none_or(|(at, _, _)| p.due_ms < at) {
                best = Some((p.due_ms, seat, &p.decision));
            }
        }
        let clock = self.deadline(m);
        match (best, clock) {
            (Some((at, _, _)), Some(dl)) if dl < at => Some(Next {
                at_ms: dl,
                step: Step::Clock,
            }),
            (Some((at, seat, d)), _) => Some(Next {
                at_ms: at,
                step: Step::Act {
                    seat,
                    decision: d.clone(),
                },
            }),
            (None, Some(dl)) => Some(Next {
                at_ms: dl,
                step: Step::Clock,
            }),
            (None, None) => None,
        }
    }

    /// When the caller must next look at `m` (match clock), if nobody acts
    /// before: [`Driver::next`]'s time. `None`: only an act wakes the table.
    pub fn wake_at(&self, m: &Match) -> Option<u64> {
        self.next(m).map(|n| n.at_ms)
    }

    /// The next step if it is due by `now_ms` (match clock). A bot's plan is
    /// taken: if the engine refuses its act, the bot waits for the state to
    /// change rather than trying again.
    pub fn due(&mut self, m: &Match, now_ms: u64) -> Option<Next> {
        let next = self.next(m).filter(|n| n.at_ms <= now_ms)?;
        if let Step::Act { seat, .. } = next.step {
            if let Some(Some(slot)) = self.slots.get_mut(seat) {
                slot.plan = None;
            }
        }
        Some(next)
    }

    /// Tells the driver that [`Act::Clock`] was applied at `deadline` (at
    /// `now_ms`) and `m` is the match after it. If the same deadline is
    /// still the next one, the clock cleared nothing there: it is looked at
    /// again a second later, not at once (no busy loop).
    pub fn clock_applied(&mut self, m: &Match, deadline: u64, now_ms: u64) {
        self.spent = (m.next_deadline() == Some(deadline))
            .then(|| (stamp(m), deadline, deadline.max(now_ms) + 1000));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use onsets_core::Division;
    use onsets_engine::{Action, MatchConfig};

    fn start(levels: &[Option<Level>], pace: Pace) -> (Match, Driver) {
        let names: Vec<String> = (0..levels.len()).map(|i| format!("p{i}")).collect();
        let refs: Vec<&str> = names.iter().map(String::as_str).collect();
        let (m, _) = Match::new(MatchConfig::new(3, &refs, Division::Senior, true)).unwrap();
        let bots = levels
            .iter()
            .enumerate()
            .map(|(i, l)| l.map(|l| Bot::new(l, i, 40 + i as u64)))
            .collect();
        (m, Driver::new(bots, pace))
    }

    /// XI-A: a bot is asked once per state, not as time passes; asked again
    /// when an act changes the state.
    #[test]
    fn a_bot_is_asked_once_per_state() {
        let (m, mut d) = start(&[Some(Level::Club), None], Pace::AS_CHOSEN);
        assert_eq!(d.asks(&m, 0).len(), 1);
        // lent out: not asked again, even later
        assert!(d.asks(&m, 5_000).is_empty());
        let (m, mut d) = start(&[Some(Level::Club), None], Pace::AS_CHOSEN);
        d.think(&m, 0);
        assert!(d.asks(&m, 9_000).is_empty(), "the same state: not asked");
        let Some(Next {
            at_ms,
            step: Step::Act { seat, decision },
        }) = d.due(&m, u64::MAX)
        else {
            panic!("the Goal-setter's bot acts first")
        };
        assert_eq!(seat, 0);
        let (m2, _) = m
            .apply(Action {
                at_ms,
                act: decision.act,
            })
            .unwrap();
        assert!(d.plan(&m2, 0).is_none(), "a plan is for its state only");
        assert_eq!(d.asks(&m2, at_ms).len(), 1, "a new state: asked again");
    }

    /// A bot whose state changed while it thought makes no plan for the new
    /// state, and is asked again about it.
    #[test]
    fn an_answer_about_an_earlier_state_is_not_a_plan() {
        let (m, mut d) = start(&[Some(Level::Expert), Some(Level::Expert)], Pace::AS_CHOSEN);
        let asks = d.asks(&m, 0);
        let goal_setter = m.goal_setter();
        let act = Act::Roll {
            player: goal_setter,
            set_out: None,
        };
        let (m2, _) = m.apply(Action { at_ms: 100, act }).unwrap();
        for a in asks {
            let answer = a.think(&m);
            d.answer(&m2, answer);
        }
        assert!(d.plan(&m2, 0).is_none() && d.plan(&m2, 1).is_none());
        assert_eq!(d.asks(&m2, 100).len(), 2);
    }

    /// XI-A: the next step is the earliest of the plans and the time limits;
    /// a bot's think time ends before its own limit, so with nobody else to
    /// act the bot comes first; with no bot at all, the clock.
    #[test]
    fn the_next_step_is_the_earliest() {
        let (m, mut d) = start(&[None, None], Pace::AS_CHOSEN);
        d.think(&m, 0);
        let n = d.next(&m);
        match m.next_deadline() {
            Some(dl) => assert_eq!(
                n,
                Some(Next {
                    at_ms: dl,
                    step: Step::Clock
                })
            ),
            None => assert_eq!(n, None),
        }
        let (m, mut d) = start(
            &[Some(Level::Beginner), Some(Level::Beginner)],
            Pace::AS_CHOSEN,
        );
        d.think(&m, 0);
        let n = d.next(&m).expect("a step");
        assert!(matches!(n.step, Step::Act { .. }));
        if let Some(dl) = m.next_deadline() {
            assert!(n.at_ms <= dl);
        }
        assert_eq!(d.due(&m, n.at_ms.saturating_sub(1)), None, "not yet due");
        assert_eq!(d.wake_at(&m), Some(n.at_ms));
    }

    /// `bot_pace` above 100 % slows a bot, but never past two seconds before
    /// its running time limit (XI-A).
    #[test]
    fn a_slow_pace_keeps_the_time_limit() {
        let (m, _) = start(&[Some(Level::Beginner), None], Pace::AS_CHOSEN);
        let me = m.goal_setter();
        let d = Decision {
            act: Act::Roll {
                player: me,
                set_out: None,
            },
            explanation: String::new(),
            think_ms: 9_000,
        };
        let limit = m
            .timers()
            .iter()
            .filter(|t| t.player == me)
            .map(|t| t.due_ms)
            .min();
        let slow = Pace::percent(1000).delay(&m, &d, 0);
        match limit {
            Some(l) => assert_eq!(slow, (l - 2_000).clamp(9_000, 90_000)),
            None => assert_eq!(slow, 90_000),
        }
        assert_eq!(Pace::percent(50).delay(&m, &d, 0), 4_500);
        assert_eq!(Pace::percent(0).delay(&m, &d, 0), 0);
        assert_eq!(Pace::percent(5).keeping_dice().delay(&m, &d, 0), 9_000);
    }

    /// A deadline the clock did not clear is looked at again a second later.
    #[test]
    fn a_spent_deadline_is_looked_at_a_second_later() {
        let (m, mut d) = start(&[None, None], Pace::AS_CHOSEN);
        let Some(dl) = m.next_deadline() else { return };
        d.clock_applied(&m, dl, dl + 5);
        assert_eq!(d.wake_at(&m), Some(dl + 1_005));
    }
}
